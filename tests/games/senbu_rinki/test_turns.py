"""【ゲームの流れ】③手番の実行 and ④審神者の勝利宣言: order, the 周, the 近侍 token."""
from .helpers import RULES, attack, cmd, defend, finish_round, play, strike, table, violation, with_order, with_seat

TURN = "ゲームの流れ/③手番の実行"
DECLARE = "ゲームの流れ/④審神者の勝利宣言"
ROLES5 = ["danshi", "saniwa", "sokogun", "danshi", "sokogun"]


def test_3手番の実行_turns_go_from_the_kinji_to_its_left():
    state = table(ROLES5, kinji="p4")
    seen = []
    while state["round"] == 1:
        assert not state["declaration_open"]
        seen.append(state["current"])
        state = play(state, defend(state["current"]))
    assert seen == ["p4", "p5", "p1", "p2", "p3"]
    assert state["kinji"] == state["current"] == "p5" and state["declaration_open"]


def test_3手番の実行_only_the_current_seat_acts():
    state = table(ROLES5)
    violation(state, defend("p2"), TURN)
    violation(state, cmd("choose", "p1", choice="look"), TURN)


def test_3手番の実行_eliminated_players_take_no_turn():
    state = with_order(with_seat(table(ROLES5), "p3", eliminated=True), ["p1", "p2", "p4", "p5"])
    seen = []
    while state["round"] == 1:
        seen.append(state["current"])
        state = play(state, defend(state["current"]))
    assert "p3" not in seen


def test_3手番の実行_a_player_eliminated_during_the_round_loses_its_turn():
    state = with_seat(table(ROLES5), "p4", fatigue=2, tosou=0)
    state = play(state, attack("p1", "p4"), strike("p1", "fatigue"))
    assert state["seats"]["p4"]["eliminated"]
    seen = []
    while state["round"] == 1:
        seen.append(state["current"])
        state = play(state, defend(state["current"]))
    assert seen == ["p2", "p3", "p5"]


def test_4勝利宣言_after_the_round_the_kinji_passes_left_and_the_saniwa_may_declare():
    state = finish_round(table(ROLES5))
    assert state["kinji"] == state["current"] == "p2" and state["round"] == 2 and state["declaration_open"]
    # p2 is the 審神者 and the new 近侍: one seat, its 手番 and its 勝利宣言
    assert RULES.to_act(state) == ("p2",)
    # everyone else still lies sideways (防御) and p2 was just released: its 技能 or the 宣言
    assert {c["type"] for c in RULES.legal(state, "p2")} == {"skill", "declare_victory"}
    assert RULES.legal(state, "p1") == []


def test_4勝利宣言_another_seat_is_the_new_kinji_both_are_awaited():
    state = finish_round(table(ROLES5, kinji="p2"))
    assert state["kinji"] == "p3" and RULES.to_act(state) == ("p3", "p2")
    assert RULES.legal(state, "p2") == [cmd("declare_victory", "p2")]
    assert cmd("declare_victory", "p3") not in RULES.legal(state, "p3")
    assert RULES.legal(state, "p4") == []


def test_4勝利宣言_is_refused_from_any_other_seat_and_outside_the_window():
    state = table(ROLES5, kinji="p2")
    error = violation(state, cmd("declare_victory", "p2"), DECLARE)  # no 周 has ended yet
    assert "p2" not in str(error)
    state = finish_round(state)
    violation(state, cmd("declare_victory", "p4"), DECLARE)
    violation(state, cmd("declare_victory", "p3"), DECLARE)  # the new 近侍 is not the 審神者
    violation(state, defend("p2"), TURN)  # the 審神者 waits for its 手番 like everyone
    state = play(state, RULES.legal(state, "p3")[0])  # its 手番 (released from 防御: its 技能)
    assert not state["declaration_open"] and RULES.to_act(state) == ("p4",)
    error = violation(state, cmd("declare_victory", "p2"), DECLARE)
    assert "p2" not in str(error)  # refused for the window, as any seat would be


def test_4勝利宣言_a_pending_decision_inside_the_kinji_s_first_action_keeps_the_window_closed():
    state = with_seat(finish_round(table(ROLES5, kinji="p2")), "p4", tosou=0, defending=False)
    state = play(state, attack("p3", "p4"))
    assert state["pending"]["kind"] == "strike" and not state["declaration_open"]
    assert RULES.to_act(state) == ("p3",)
    violation(state, cmd("declare_victory", "p2"), DECLARE)


def test_4勝利宣言_declaring_ends_the_game_at_once():
    state = play(finish_round(table(ROLES5, kinji="p2")), cmd("declare_victory", "p2"))
    assert state["over"]["code"] == "declared" and not state["declaration_open"]
    assert RULES.to_act(state) == () and RULES.outcome(state).winners == ("p3", "p5")


def test_4勝利宣言_without_a_declaration_the_kinji_passes_left_past_eliminated_players():
    state = with_order(with_seat(table(ROLES5, kinji="p4"), "p5", eliminated=True), ["p4", "p1", "p2", "p3"])
    state = finish_round(state)
    assert state["kinji"] == "p1" and state["round"] == 2 and RULES.to_act(state) == ("p1", "p2")
    assert RULES.turn(state) == 2


def test_ゲームの流れ_the_kinji_token_moves_every_round():
    state = table(ROLES5, kinji="p1")
    kinjis = []
    for _ in range(6):
        kinjis.append(state["kinji"])
        state = finish_round(state)
    assert kinjis == ["p1", "p2", "p3", "p4", "p5", "p1"]


def test_ゲームの終了_nothing_is_accepted_after_the_end():
    state = play(finish_round(table(ROLES5)), cmd("declare_victory", "p2"))
    assert RULES.outcome(state) is not None and RULES.to_act(state) == ()
    violation(state, defend("p1"), "ゲームの終了")
