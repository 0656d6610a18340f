"""An observed table: roles nobody recording saw are tokens ("?N") until turned up.

Given/when/then for each place a token is turned up (a look, an elimination, a 一騎討ち, a
勝利宣言, the end), and what the record can still refuse: a role that cannot be that token
(a second 審神者, a role the box does not hold, the 審神者 on a seat eliminated face down).
"""
import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.senbu_rinki.state import possible_roles
from kifu.replays.kit.chance import ImpossibleOutcome

from .helpers import RULES, attack, choose, cmd, finish_round, needs, observed, play, violation, with_seat

SWORDS = ["加州清光", "今剣", "燭台切光忠", "岩融"]
DECLARE = "ゲームの流れ/④審神者の勝利宣言"


def unseen(*roles):
    """p1..p4 dealt these roles, None where the recorder did not see the card."""
    return observed(SWORDS, list(roles))


def roles_seen(state, perspective):
    return {s["seat"]: s["role"] for s in RULES.view(state, perspective)["seats"] if s["role"]}


def test_an_unseen_deal_leaves_tokens_that_each_view_shows_as_unknown():
    state = unseen(None, "danshi", None, None)
    assert state["roles"] == {"p1": "?1", "p2": "danshi", "p3": "?2", "p4": "?3"}
    assert roles_seen(state, "p1") == {"p1": "?1"}
    assert RULES.view(state, "p1")["unknown"] == {"?1": {"since": 0, "how": "配役"}}
    assert RULES.view(state, "p1")["seats"][0]["role_label"] == "不明"
    assert roles_seen(state, "p2") == {"p2": "danshi"} and RULES.view(state, "p2")["unknown"] == {}
    assert roles_seen(state, "public") == {} and RULES.view(state, "public")["unknown"] == {}
    judge = RULES.view(state, "omniscient")  # what was known, no more
    assert roles_seen(state, "omniscient") == state["roles"] and set(judge["unknown"]) == {"?1", "?2", "?3"}
    assert judge["knew"]["p1"]["role"] == "?1" and judge["table"] == "observed"


def test_a_deal_may_leave_a_role_unseen_but_never_a_sword_or_the_kinji():
    with pytest.raises(ImpossibleOutcome):
        observed([None, *SWORDS[1:]], [None] * 4)
    with pytest.raises(ImpossibleOutcome):
        observed(SWORDS, [None] * 4, kinji=None)


def test_a_look_at_an_unseen_role_is_stated_to_the_looker_alone():
    state = play(with_seat(unseen(None, "danshi", None, None), "p3", tosou=0), attack("p1", "p3"))
    event = needs(state, choose("p1", "look"))
    assert (event.name, event.options, event.visible, event.unknown_ok) == (
        "look", ("danshi", "saniwa", "sokogun"), ("p1",), True)
    after = play(state, choose("p1", "look", "saniwa"))
    assert after["roles"]["p3"] == "saniwa" and after["knowledge"]["p1"] == {"p3": {"step": 2, "how": "攻撃"}}
    assert roles_seen(after, "p1")["p3"] == "saniwa" and "p3" not in roles_seen(after, "p4")
    assert [r["token"] for r in RULES.view(after, "p1")["revealed"]] == ["?2"]
    assert RULES.view(after, "p4")["revealed"] == [] and RULES.view(after, "public")["revealed"] == []
    command = choose("p1", "look", "saniwa")
    assert RULES.redact(state, command, after, "p4") == {**command, "outcomes": [None]}
    assert "審神者" in RULES.describe(state, command, after, "p1")
    assert "審神者" not in RULES.describe(state, command, after, "public")


def test_a_look_the_recorder_did_not_see_leaves_the_token():
    state = play(with_seat(unseen(None, "danshi", None, None), "p3", tosou=0), attack("p1", "p3"))
    after = play(state, choose("p1", "look", None))
    assert after["roles"]["p3"] == "?2" and "p3" in after["knowledge"]["p1"]
    assert roles_seen(after, "p1")["p3"] == "?2" and "?2" in RULES.view(after, "p1")["unknown"]
    assert "?2" not in RULES.view(after, "p4")["unknown"]


def test_an_attack_that_eliminates_an_unseen_seat_states_whether_the_saniwa_card_turned_up():
    state = play(with_seat(unseen(None, "danshi", None, None), "p3", tosou=0, fatigue=2), attack("p1", "p3"))
    event = needs(state, choose("p1", "fatigue"))
    assert (event.name, event.options, event.unknown_ok) == ("saniwa_out", ("face_down", "saniwa"), False)
    violation(state, choose("p1", "fatigue", None), "脱落")  # the whole table sees whether it ended
    quiet = play(state, choose("p1", "fatigue", "face_down"))
    assert quiet["seats"]["p3"]["eliminated"] and quiet["over"] is None and quiet["roles"]["p3"] == "?2"
    assert "saniwa" not in possible_roles(quiet, "p3")  # eliminated face down: not the 審神者
    ended = play(state, choose("p1", "fatigue", "saniwa"))
    assert ended["roles"]["p3"] == "saniwa" and ended["over"]["code"] == "saniwa_out"
    assert RULES.phase(ended) == "reveal" and RULES.outcome(ended) is None
    assert RULES.to_act(ended) == ("p1", "p4") == tuple(RULES.view(ended, "public")["to_act"])


def test_once_only_one_living_unseen_seat_may_hold_the_saniwa_it_must():
    state = unseen(None, "danshi", "sokogun", None)  # the 審神者 is p1 or p4
    state = play(with_seat(state, "p4", tosou=0, fatigue=2), attack("p1", "p4"), choose("p1", "fatigue", "face_down"))
    assert possible_roles(state, "p1") == ["saniwa"] and possible_roles(state, "p4") == ["danshi"]
    state = play(with_seat(state, "p1", tosou=0, defending=False), cmd("defend", "p2"), attack("p3", "p1"))
    assert needs(state, choose("p3", "look")).options == ("saniwa",)
    with pytest.raises(RuleViolation):
        play(state, choose("p3", "look", "danshi"))


def test_a_duel_card_the_recorder_did_not_see_is_stated_when_the_guess_is_judged():
    state = play(with_seat(unseen(None, "danshi", None, None), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    assert state["pending"]["options"] == ["danshi", "sokogun", None]
    state = play(state, choose("p2", None))
    assert state["duel"]["card"] == "?4" and RULES.view(state, "p2")["pending"]["card"] == "?4"
    event = needs(state, choose("p1", "sokogun"))
    assert (event.name, event.options, event.unknown_ok) == ("duel_card", ("danshi", "sokogun"), False)
    violation(state, choose("p1", "sokogun", None), "一騎討ち")
    violation(state, choose("p1", "sokogun", "saniwa"), "一騎討ち")  # the 山札 holds no 審神者
    # a wrong guess: the challenger p1 (unseen, it may be the 審神者) loses and its card is turned up
    lost = needs(state, choose("p1", "sokogun", "danshi"))
    assert (lost.name, lost.options, lost.unknown_ok) == ("turn_up", ("danshi", "saniwa", "sokogun"), False)
    after = play(state, choose("p1", "sokogun", "danshi", "sokogun"))
    assert after["seats"]["p1"]["eliminated"] and after["roles"]["p1"] == "sokogun"
    assert after["last_duel"]["card"] == "danshi" and after["zones"]["piles"]["deck"]["unseen"] == {"danshi": 5, "sokogun": 4}
    assert {"token": "?4", "card": "danshi", "step": after["step"], "how": "一騎討ち", "since": 2, "was": "一騎討ち"} \
        in RULES.view(after, "public")["revealed"]


def test_a_duel_loser_who_cannot_be_the_saniwa_may_stay_unseen():
    state = unseen(None, "danshi", "saniwa", None)
    state = play(with_seat(state, "p1", fatigue=2), cmd("duel", "p1", target="p4"), choose("p4", "sokogun"))
    after = play(state, choose("p1", "sokogun", None))  # right: p4 loses, its card shown but not recorded
    assert after["seats"]["p4"]["eliminated"] and after["roles"]["p4"] == "?2"
    assert roles_seen(after, "public") == {"p4": "?2"} and RULES.view(after, "public")["unknown"] == {
        "?2": {"since": 0, "how": "配役"}}


def test_the_declaration_window_awaits_every_living_seat_that_may_be_the_saniwa_but_shows_none():
    state = finish_round(unseen(None, "danshi", None, None))
    assert state["declaration_open"] and state["kinji"] == "p2"
    assert RULES.to_act(state) == ("p2", "p1", "p3", "p4")
    assert RULES.view(state, "omniscient")["to_act"] == ["p2", "p1", "p3", "p4"]
    for perspective in ("public", "p1", "p2", "p3"):
        assert RULES.view(state, perspective)["to_act"] == ["p2"]
    violation(state, cmd("declare_victory", "p2"), DECLARE)  # p2 is a 刀剣男士, as the record saw
    assert RULES.legal(state, "p1") == [cmd("declare_victory", "p1")]


def test_a_declaration_is_settled_once_every_living_role_is_turned_up():
    state = play(finish_round(unseen(None, "danshi", None, None)), cmd("declare_victory", "p3"))
    assert state["roles"]["p3"] == "saniwa" and state["over"]["side"] is None
    assert RULES.phase(state) == "reveal" and RULES.outcome(state) is None
    assert RULES.to_act(state) == ("p1", "p4")
    event = needs(state, cmd("turn_up", "p1"))
    assert (event.options, event.unknown_ok) == (("danshi", "sokogun"), False)  # it decides the result
    state = play(state, {**cmd("turn_up", "p1"), "outcomes": ["danshi"]})
    assert state["over"]["side"] is None
    violation(state, {**cmd("turn_up", "p4"), "outcomes": ["danshi"]}, DECLARE)  # both 刀剣男士 are out
    violation(state, cmd("turn_up", "p1"), "ゲームの終了")  # already face up
    state = play(state, {**cmd("turn_up", "p4"), "outcomes": ["sokogun"]})
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p4",) and "時間遡行軍が残っていた" in outcome.reason
    assert RULES.phase(state) == "over" and RULES.to_act(state) == ()


def test_cards_turned_up_at_the_end_may_stay_unseen_and_the_winners_are_the_known_ones():
    state = play(with_seat(unseen(None, "danshi", None, None), "p3", tosou=0, fatigue=2),
                 attack("p1", "p3"), choose("p1", "fatigue", "saniwa"))
    event = needs(state, cmd("turn_up", "p4"))
    assert event.unknown_ok and event.options == ("danshi", "sokogun")
    violation(state, cmd("turn_up", "p2"), "ゲームの終了")  # its card was seen at the deal
    violation(state, {**cmd("turn_up", "p4"), "outcomes": ["saniwa"]}, "ゲームの終了")
    state = play(state, {**cmd("turn_up", "p4"), "outcomes": [None]}, {**cmd("turn_up", "p1"), "outcomes": ["sokogun"]})
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p1",) and state["roles"]["p4"] == "?3"
    assert roles_seen(state, "public") == {"p1": "sokogun", "p2": "danshi", "p3": "saniwa", "p4": "?3"}


def test_nothing_turns_up_before_the_end():
    violation(unseen(None, "danshi", None, None), cmd("turn_up", "p1"), "ゲームの終了")
