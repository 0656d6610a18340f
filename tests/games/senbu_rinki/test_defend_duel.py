"""－防御－ and －一騎討ち－."""
from .helpers import (RULES, attack, choose, cmd, defend, finish_round, play, table, violation, with_empty_deck,
                      with_seat)

DEFEND = "防御"
DUEL = "一騎討ち"
ROLES = ["danshi", "sokogun", "saniwa", "danshi", "sokogun"]


def test_防御_the_card_is_released_at_the_start_of_the_next_turn_which_may_not_defend_again():
    state = finish_round(table(ROLES))  # every seat defended in 周 1
    assert state["kinji"] == "p2" and state["current"] == "p2"
    assert not state["seats"]["p2"]["defending"] and state["seats"]["p1"]["defending"]
    violation(state, defend("p2"), DEFEND)
    assert all(c["type"] != "defend" for c in RULES.legal(state, "p2"))
    # only p2 has been released so far: the others still lie sideways and cannot be attacked
    assert state["seats"]["p4"]["defending"]
    violation(state, attack("p2", "p4"), "攻撃")


def test_防御_a_defending_player_can_still_be_nominated_for_a_duel():
    state = with_seat(play(table(ROLES), defend("p1")), "p2", fatigue=2)
    assert any(c == cmd("duel", "p2", target="p1") for c in RULES.legal(state, "p2"))
    state = play(state, cmd("duel", "p2", target="p1"))
    assert RULES.to_act(state) == ("p1",)


def test_一騎討ち_only_at_red_fatigue():
    state = table(ROLES)
    violation(state, cmd("duel", "p1", target="p2"), DUEL)
    assert all(c["type"] != "duel" for c in RULES.legal(state, "p1"))


def test_一騎討ち_the_nominee_takes_a_card_it_chose_and_a_right_guess_eliminates_the_nominee_role_shown():
    state = with_seat(table(ROLES), "p1", fatigue=2)
    state = play(state, cmd("duel", "p1", target="p2"))
    assert state["deck_seen"] == {"p2": state["step"]}  # 山札を確認して…
    assert state["pending"]["options"] == ["danshi", "sokogun"] and state["pending"]["secret"]
    size = state["zones"]["piles"]["deck"]["size"]
    state = play(state, choose("p2", "danshi"))
    assert state["duel"]["card"] == "danshi" and state["zones"]["piles"]["deck"]["size"] == size - 1
    assert RULES.to_act(state) == ("p1",)
    state = play(state, choose("p1", "danshi"))
    assert state["seats"]["p2"]["eliminated"]
    assert state["face_up"]["p2"] == {"step": state["step"], "how": "一騎討ち"} and state["roles"]["p2"] == "sokogun"
    assert state["last_duel"]["card"] == "danshi" and state["last_duel"]["correct"]
    assert state["current"] == "p3"


def test_一騎討ち_a_wrong_guess_eliminates_the_challenger_role_shown_and_the_card_goes_back():
    state = with_seat(table(ROLES), "p1", fatigue=2)
    state = play(state, cmd("duel", "p1", target="p4"), choose("p4", "sokogun"), choose("p1", "danshi"))
    assert state["seats"]["p1"]["eliminated"] and not state["seats"]["p4"]["eliminated"]
    assert state["roles"]["p1"] == "danshi" and "p1" in state["face_up"]
    assert state["zones"]["piles"]["deck"] == table(ROLES)["zones"]["piles"]["deck"]  # back in the 山札


def test_一騎討ち_the_nominee_cannot_refuse_and_only_the_awaited_seats_answer():
    state = play(with_seat(table(ROLES), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    violation(state, cmd("defend", "p2"), DUEL)
    violation(state, choose("p3", "danshi"), DUEL)
    violation(state, choose("p2", "saniwa"), DUEL)  # the 山札 holds no 審神者
    violation(state, choose("p2", None), DUEL)  # a digital table knows which card it was
    state = play(state, choose("p2", "danshi"))
    violation(state, choose("p2", "danshi"), DUEL)
    violation(state, choose("p1", "saniwa"), DUEL)  # a guess names 刀剣男士 or 時間遡行軍


def test_一騎討ち_cannot_nominate_oneself_or_an_eliminated_player_or_when_the_deck_is_empty():
    state = with_seat(with_seat(table(ROLES), "p1", fatigue=2), "p3", eliminated=True)
    violation(state, cmd("duel", "p1", target="p1"), DUEL)
    violation(state, cmd("duel", "p1", target="p3"), DUEL)
    violation(with_empty_deck(state), cmd("duel", "p1", target="p2"), DUEL)


def test_一騎討ち_a_deck_without_a_kind_offers_only_the_other():
    state = table(ROLES, role_box=["saniwa", "danshi", "danshi", "sokogun", "sokogun", "sokogun"])
    state = play(with_seat(state, "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    assert state["pending"]["options"] == ["sokogun"]
    violation(state, choose("p2", "danshi"), DUEL)


def test_特殊_duel_any_fatigue_and_duel_immune():
    swords = ["小夜左文字", "三日月宗近", "今剣", "燭台切光忠", "鶴丸国永"]
    state = table(ROLES, swords=swords)
    assert {c["target"] for c in RULES.legal(state, "p1") if c["type"] == "duel"} == {"p3", "p4", "p5"}
    violation(state, cmd("duel", "p1", target="p2"), DUEL)  # 三日月宗近 is not nominated


def test_一騎討ち_eliminating_the_saniwa_by_duel_ends_the_game():
    state = with_seat(table(ROLES), "p1", fatigue=2)
    state = play(state, cmd("duel", "p1", target="p3"), choose("p3", "sokogun"), choose("p1", "sokogun"))
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p2", "p5") and "一騎討ち" in outcome.reason
