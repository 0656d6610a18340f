"""ゲームの進行/１：ステージ開始 and ２：ラウンド開始: the skill set, the event row, the 共通場, the order."""
from kifu.replays.games.rolling_stone.state import R_ROUND, R_STAGE

from .helpers import CS, RULES, play_until, refused, run, stage_started, step


def _set_all(state, pick=0):
    for seat in state["seats"]:
        state = step(state, {"type": "set_skill", "seat": seat, "card": state["hands"][seat][pick]})
    return state


def test_each_seat_sets_one_skill_hidden_until_every_seat_has_chosen():
    state = stage_started(3)
    assert RULES.to_act(state) == ("p1", "p2", "p3")
    card = state["hands"]["p3"][2]
    command = {"type": "set_skill", "seat": "p3", "card": card}
    after = step(state, command)
    assert RULES.to_act(after) == ("p1", "p2")
    assert after["skills"]["p3"] == [] and card not in after["hands"]["p3"]
    for perspective in ("public", "p1", "p2"):
        assert card not in str(RULES.view(after, perspective))
        assert RULES.redact(state, command, after, perspective)["card"] is None
        assert CS.name(card) not in RULES.describe(state, command, after, perspective)
    assert RULES.view(after, "p3")["seats"]["p3"]["choice"] == {"made": True, "card": card}
    assert RULES.view(after, "omniscient")["seats"]["p3"]["choice"]["card"] == card


def test_the_skills_turn_face_up_together_and_the_stage_s_three_events_are_laid_out():
    state = stage_started(3)
    chosen = {seat: state["hands"][seat][0] for seat in state["seats"]}
    state = run(state, *({"type": "set_skill", "seat": s, "card": c} for s, c in list(chosen.items())[:2]))
    last = {"type": "set_skill", "seat": "p3", "card": chosen["p3"]}
    after = step(state, last)
    assert {s: after["skills"][s] for s in after["seats"]} == {s: [c] for s, c in chosen.items()}
    assert all(chosen[s] in str(RULES.view(after, "public")["seats"][s]["skills"]) for s in chosen)
    assert RULES.redact(state, last, after, "p1")["card"] == chosen["p3"]  # the revealing choice is public
    assert len(after["events"]) == 3 and {CS.card(e)["stage"] for e in after["events"]} == {1}
    assert after["zones"]["piles"]["events1"]["size"] == 0
    assert (after["phase"], after["round"]) == ("field", 1)
    assert "スキル公開" in RULES.describe(state, last, after, "p1")


def test_a_skill_is_named_face_up_never_as_an_unknown_card():
    state = stage_started(3)
    refused(state, {"type": "set_skill", "seat": "p1", "card": "?1"}, R_STAGE, "name the card")
    refused(state, {"type": "set_skill", "seat": "p1", "card": state["hands"]["p2"][0]}, R_STAGE, "not in p1's hand")


def test_skills_stay_and_add_up_stage_after_stage():
    state = play_until(stage_started(3), lambda s: s["stage"] == 3 and s["phase"] == "field")
    assert all(len(state["skills"][s]) == 3 and len(state["hands"][s]) == 1 for s in state["seats"])


def test_the_start_player_turns_up_as_many_cards_as_players_one_at_a_time():
    state = _set_all(stage_started(4, seed="four"))
    marker = state["marker"]
    assert RULES.to_act(state) == (marker,)
    other = next(s for s in state["seats"] if s != marker)
    refused(state, {"type": "draw", "seat": other}, R_ROUND, f"waiting for {marker}")
    for n in range(4):
        assert state["phase"] == "field" and len(state["field"]) == n
        state = step(state, {"type": "draw", "seat": marker})
    assert len(state["field"]) == 4 and state["zones"]["piles"]["stage1"]["size"] == 20
    assert state["phase"] == "order" and state["orderer"] == marker


def _at_order(players=3):
    state = _set_all(stage_started(players))
    return play_until(state, lambda s: s["phase"] == "order")


def test_pawns_go_clockwise_from_the_start_player_on_free_squares_and_4_is_open_to_three():
    state = _at_order(3)
    first = state["marker"]
    second = state["seats"][(state["seats"].index(first) + 1) % 3]
    state = step(state, {"type": "order", "seat": first, "slot": 4})
    assert state["orderer"] == second
    refused(state, {"type": "order", "seat": second, "slot": 4}, R_ROUND, "taken")
    refused(state, {"type": "order", "seat": first, "slot": 2}, R_ROUND, f"waiting for {second}")


def test_turns_follow_the_order_card_not_the_start_player_and_the_pawn_comes_back():
    state = _at_order(3)
    a = state["marker"]
    b = state["seats"][(state["seats"].index(a) + 1) % 3]
    c = state["seats"][(state["seats"].index(a) + 2) % 3]
    state = run(state, {"type": "order", "seat": a, "slot": 4}, {"type": "order", "seat": b, "slot": 1},
                {"type": "order", "seat": c, "slot": 2})
    assert (state["phase"], state["active"], state["slot"]) == ("main", b, 1)
    assert state["order"] == [None, c, None, a]  # b's pawn is back in hand
    assert RULES.to_act(state) == (b,)
