"""【ゲームの流れ】③手番の実行 and ④審神者の勝利宣言: order, the 周, the 近侍 token."""
from replays.games.senbu_rinki import RULES

from .helpers import attack, cmd, defend, finish_round, play, strike, table, violation, with_seat

TURN = "ゲームの流れ/③手番の実行"
DECLARE = "ゲームの流れ/④審神者の勝利宣言"
ROLES5 = ["danshi", "saniwa", "sokogun", "danshi", "sokogun"]


def test_3手番の実行_turns_go_from_the_kinji_to_its_left():
    state = table(ROLES5, kinji="p4")
    seen = []
    while state["pending"] is None:
        seen.append(state["current"])
        state = play(state, defend(state["current"]))
    assert seen == ["p4", "p5", "p1", "p2", "p3"]
    assert state["pending"]["kind"] == "declaration"


def test_3手番の実行_only_the_current_seat_acts():
    state = table(ROLES5)
    violation(state, defend("p2"), TURN)
    violation(state, cmd("strike", "p1", choice="look"), TURN)


def test_3手番の実行_eliminated_players_take_no_turn():
    state = with_seat(table(ROLES5), "p3", eliminated=True)
    seen = []
    state["order"] = ["p1", "p2", "p4", "p5"]
    while state["pending"] is None:
        seen.append(state["current"])
        state = play(state, defend(state["current"]))
    assert "p3" not in seen


def test_3手番の実行_a_player_eliminated_during_the_round_loses_its_turn():
    state = with_seat(table(ROLES5), "p4", fatigue=2, tosou=0)
    state = play(state, attack("p1", "p4"), strike("p1", "fatigue"))
    assert state["seats"]["p4"]["eliminated"]
    seen = []
    while state["pending"] is None:
        seen.append(state["current"])
        state = play(state, defend(state["current"]))
    assert seen == ["p2", "p3", "p5"]


def test_4勝利宣言_is_awaited_from_the_saniwa_alone_after_the_round():
    state = finish_round(table(ROLES5))
    assert RULES.to_act(state) == ("p2",)
    assert RULES.legal(state, "p1") == []
    assert {c["type"] for c in RULES.legal(state, "p2")} == {"declare_victory", "no_declaration"}
    error = violation(state, cmd("no_declaration", "p1"), DECLARE)
    assert "p2" not in str(error)  # the refusal does not tell who the 審神者 is
    violation(state, defend("p1"), DECLARE)


def test_4勝利宣言_without_a_declaration_the_kinji_passes_left_past_eliminated_players():
    state = with_seat(table(ROLES5, kinji="p4"), "p5", eliminated=True)
    state["order"] = ["p4", "p1", "p2", "p3"]
    state = finish_round(state)
    state = play(state, cmd("no_declaration", "p2"))
    assert state["kinji"] == "p1" and state["round"] == 2 and RULES.to_act(state) == ("p1",)
    assert RULES.turn(state) == 2


def test_ゲームの流れ_the_kinji_token_moves_every_round():
    state = table(ROLES5, kinji="p1")
    kinjis = []
    for _ in range(6):
        kinjis.append(state["kinji"])
        state = play(finish_round(state), cmd("no_declaration", "p2"))
    assert kinjis == ["p1", "p2", "p3", "p4", "p5", "p1"]


def test_ゲームの終了_nothing_is_accepted_after_the_end():
    state = play(finish_round(table(ROLES5)), cmd("declare_victory", "p2"))
    assert RULES.outcome(state) is not None and RULES.to_act(state) == ()
    violation(state, defend("p1"), "ゲームの終了")
