"""ゲームの進行/３：メインフェイズ (order bonuses, the card, the リピート), ４ and ５ (event, round end)."""
from kifu.replays.games.rolling_stone.state import R_MAIN

from .helpers import RULES, play_until, refused, stage_started, step


def _ordered(slots):
    """Round 1 of stage 1 (3 players), pawns placed on ``slots`` clockwise from the start player."""
    state = stage_started(3)
    for seat in state["seats"]:
        state = step(state, {"type": "set_skill", "seat": seat, "card": state["hands"][seat][0]})
    state = play_until(state, lambda s: s["phase"] == "order")
    state["skills"] = {seat: [] for seat in state["seats"]}  # given: no skill changes the turn
    order = []
    for slot in slots:
        order.append(state["orderer"])
        state = step(state, {"type": "order", "seat": state["orderer"], "slot": slot})
    return state, order


def _finish_turn(state):
    seat = state["active"]
    while state["active"] == seat and state["phase"] == "main":
        state = step(state, RULES.legal(state, seat)[0])
    return state


def test_order_bonus_2_takes_the_start_player_marker():
    state, (a, b, c) = _ordered([1, 2, 3])
    assert state["marker"] == a
    state = _finish_turn(state)
    assert state["active"] == b and state["marker"] == b


def test_order_bonus_4_gains_a_power():
    state, (a, b, c) = _ordered([4, 1, 2])
    state = _finish_turn(_finish_turn(state))
    assert state["active"] == a and state["power"][a] == 1


def test_order_bonus_3_may_roll_one_die_one_face_where_it_stands():
    state, (a, b, c) = _ordered([3, 1, 2])
    state = _finish_turn(_finish_turn(state))
    assert (state["active"], state["turn_step"]) == (a, "bonus")
    refused(state, {"type": "take", "seat": a, "card": state["field"][0], "square": "A1"}, R_MAIN, "bonus_die or skip_bonus")
    die = state["dice"][a]["green"]
    after = step(state, {"type": "bonus_die", "seat": a, "colour": "green", "direction": "east"})
    assert after["dice"][a]["green"]["square"] == die["square"]
    assert after["dice"][a]["green"]["top"] != die["top"] and after["turn_step"] == "take"
    declined = step(state, {"type": "skip_bonus", "seat": a})
    assert declined["dice"][a] == state["dice"][a] and declined["turn_step"] == "take"


def test_order_square_1_has_no_bonus():
    state, (a, b, c) = _ordered([1, 2, 3])
    assert state["active"] == a and state["turn_step"] == "take" and state["power"][a] == 0
    assert state["marker"] == a


def test_a_turn_is_a_card_from_the_field_then_a_repeat_card_drawn_and_placed():
    state, (a, b, c) = _ordered([1, 2, 3])
    take = RULES.legal(state, a)[0]
    state = step(state, take)
    assert take["card"] not in state["field"] and state["turn_step"] == "draw"
    refused(state, {"type": "take", "seat": a, "card": state["field"][0], "square": take["square"]}, R_MAIN, "draw")
    before_deck = state["zones"]["piles"]["stage1"]["size"]
    state = step(state, {"type": "draw", "seat": a})
    assert state["placing"] and state["turn_step"] == "place"
    assert state["zones"]["piles"]["stage1"]["size"] == before_deck - 1
    state = step(state, RULES.legal(state, a)[0])
    assert sum(1 for c in state["albums"][a].values() if not c.startswith("CH")) == 2  # two cards a turn
    assert state["active"] == b


def test_after_every_turn_the_leftmost_event_happens_and_the_next_round_begins():
    state, _ = _ordered([1, 2, 3])
    row = list(state["events"])
    while state["round"] == 1:
        state = _finish_turn(state)
    assert state["events"] == row[1:] and state["resolved"] == row[:1]
    assert (state["phase"], state["round"], state["field"]) == ("field", 2, [])
    assert state["order"] == [None] * 4
    assert any(e["what"] == "event" and e["card"] == row[0] for e in state["log"])


def test_after_three_rounds_the_interim_scoring_and_the_next_stage():
    state = play_until(stage_started(3), lambda s: s["stage"] == 2)
    interim = next(e for e in state["log"] if e["what"] == "interim")
    assert interim["stage"] == 1 and interim["first"]
    assert state["phase"] == "skill" and state["events"] == [] and len(state["resolved"]) == 3
    gains = {(e["seat"], e["amount"]) for e in state["log"] if e["what"] == "gain" and "中間決算" in e["why"]}
    assert gains == {(s, 3) for s in interim["first"]} | {(s, 1) for s in interim["second"]}


def test_the_game_ends_after_the_ninth_round():
    state = play_until(stage_started(3), lambda s: s["phase"] == "over")
    assert len(state["resolved"]) == 9 and RULES.outcome(state) is not None
    refused(state, {"type": "draw", "seat": "p1"}, "ゲームの進行/〇最終決算", "over")
    assert RULES.to_act(state) == () and all(RULES.legal(state, s) == [] for s in state["seats"])
