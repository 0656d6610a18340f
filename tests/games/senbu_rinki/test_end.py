"""【ゲームの終了】 and 【勝敗の決め方】."""
from .helpers import RULES, attack, cmd, finish_round, play, strike, table, with_order, with_seat


def test_勝敗の決め方_declaration_with_only_danshi_left_wins_for_the_saniwa_side():
    roles = ["danshi", "sokogun", "saniwa", "danshi"]
    state = with_order(with_seat(table(roles), "p2", eliminated=True), ["p1", "p3", "p4"])
    state = play(finish_round(state), cmd("declare_victory", "p3"))
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p1", "p3", "p4") and "審神者・刀剣男士の勝利" in outcome.reason


def test_勝敗の決め方_declaration_with_a_sokogun_left_loses():
    state = play(finish_round(table(["danshi", "sokogun", "saniwa", "danshi"])), cmd("declare_victory", "p3"))
    assert RULES.outcome(state).winners == ("p2",)


def test_ゲームの終了_two_players_left_with_a_sokogun_wins_for_the_sokogun():
    roles = ["danshi", "sokogun", "saniwa", "danshi"]
    state = with_seat(with_seat(table(roles), "p4", eliminated=True), "p3", tosou=0, fatigue=2)
    # p3 is the 審神者: eliminating p1 instead leaves p2 (時間遡行軍) and p3
    state = with_order(with_seat(state, "p1", tosou=0, fatigue=2), ["p1", "p2", "p3"])
    state = play(state, cmd("defend", "p1"))
    state = with_seat(state, "p1", defending=False)
    state = play(state, attack("p2", "p1"), strike("p2", "fatigue"))
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p2",) and "2人" in outcome.reason
    assert {s: state["face_up"][s]["how"] for s in ("p2", "p3")} == {"p2": "残り2人", "p3": "残り2人"}


def test_ゲームの終了_two_players_left_saniwa_and_danshi_win():
    roles = ["danshi", "sokogun", "saniwa", "danshi"]
    state = with_seat(with_seat(table(roles), "p4", eliminated=True), "p2", tosou=0, fatigue=2)
    state = play(with_order(state, ["p1", "p2", "p3"]), attack("p1", "p2"), strike("p1", "fatigue"))
    assert RULES.outcome(state).winners == ("p1", "p3", "p4")


def test_ゲームの終了_the_saniwa_eliminated_wins_for_the_sokogun_even_with_many_left():
    state = with_seat(table(["saniwa", "danshi", "sokogun", "danshi", "danshi", "danshi"]), "p1", tosou=0, fatigue=2)
    state = play(state, cmd("defend", "p1"))
    state = with_seat(state, "p1", defending=False)
    state = play(state, attack("p2", "p1"), strike("p2", "fatigue"))
    assert RULES.outcome(state).winners == ("p3",)
    assert state["face_up"]["p1"]["how"] == "攻撃"
