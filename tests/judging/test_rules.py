"""Judging's rules (replays.judging, DESIGN.md "Judging"), on every registered game through
the engine: calls pause the table, rulings resume it, backups go back without re-rolling,
fixes move cards through the zones, penalties end matches, appeals reach the head judge.
Given a demo game, when judge entries are recorded, then the state is what the rules say."""
from __future__ import annotations

from collections import Counter

import pytest

from kifu.replays import canon, judging
from kifu.replays.errors import RuleViolation
from kifu.replays.judging import game_state

from .scenario import GAMES, Judged, pile_drop


def _window_with_a_draw(j: Judged, length: int = 3) -> int:
    """The first step ``i`` of the demo record after which ``length`` commands take cards from
    a face-down pile (a draw to be backed up over)."""
    probe = Judged.of(j.game_id)
    probe.recorded(len(probe.record.entries))
    for i in range(1, len(probe.states) - length):
        if pile_drop(probe.states[i], probe.states[i + length]):
            return i
    pytest.skip(f"{j.game_id}'s demo game takes no card from a pile")  # pragma: no cover - every game does


def _without(state: dict, *keys: str) -> dict:
    return {k: v for k, v in game_state(state).items() if k not in keys}


@pytest.mark.parametrize("game", GAMES)
def test_a_call_pauses_the_table_and_a_ruling_resumes_it(game):
    j = Judged.of(game)
    j.recorded(3)
    awaited = j.rules.to_act(j.state)
    assert awaited
    j.judge("judge_call", role="player", caller="p1", step=j.seq, question="may I look at that card?")
    assert j.rules.to_act(j.state) == () and j.rules.view(j.state, "p2")["to_act"] == []
    assert j.rules.phase(j.state) == "judge"
    for seat in awaited:
        assert j.rules.legal(j.state, seat) == []
    nxt = j.record.entries[3]["command"]
    with pytest.raises(RuleViolation, match="paused: case 1 is open"):
        j.rules.decide(j.state, nxt)
    # the question is the caller's and the judges'; that a judge was called is everyone's
    assert j.rules.view(j.state, "p1")["judge"]["cases"][0]["question"] == "may I look at that card?"
    assert j.rules.view(j.state, "p2")["judge"]["cases"][0]["question"] is None
    assert j.rules.view(j.state, "public")["judge"]["open"] == 1
    j.judge("ruling", case=1, answer="No: hidden information (§x)", rule="§x")
    assert j.rules.to_act(j.state) == awaited
    j.play(nxt)  # play resumes
    assert game_state(j.state)["step"] == 4


@pytest.mark.parametrize("game", GAMES)
def test_a_backup_goes_back_and_never_rerolls_a_digital_draw(game):
    j = Judged.of(game)
    length = 3
    start = _window_with_a_draw(j, length)
    j.recorded(start + length)
    target, head = start, j.seq
    j.judge("judge_call", role="recorder", caller="recorder", step=head, question="a misplay three steps ago")
    j.judge("ruling", case=1, answer="back up", rule="§backup")
    j.judge("backup", to=target, case=1)
    after = j.state
    before = j.states[target]
    # the state of step `target`, the step counter too, except the cards that were drawn:
    assert _without(after, "zones", "chance") == _without(before, "zones", "chance")
    dropped = pile_drop(j.states[target], j.states[head])
    assert dropped
    for name, pile in after["zones"]["piles"].items():
        assert pile["size"] == before["zones"]["piles"][name]["size"]
        if name in dropped:  # ... which are back on top of their pile, in a known place
            gone = Counter(before["zones"]["piles"][name]["unseen"]) - Counter(j.states[head]["zones"]["piles"][name]["unseen"])
            assert Counter(pile["top"]) - Counter(before["zones"]["piles"][name]["top"]) == gone
    assert after["judge"]["superseded"] == [{"from": target + 1, "to": j.seq - 1, "by": j.seq}]
    assert judging.superseded_by(after["judge"], target + 1) == j.seq
    assert judging.superseded_by(after["judge"], j.seq + 1) is None
    # replaying the superseded line draws the same cards: nothing was re-rolled
    for seq in range(target + 1, head + 1):
        j.play(j.commands[seq - 1])
    assert game_state(j.state)["zones"]["piles"] == game_state(j.states[head])["zones"]["piles"]
    assert _without(j.state, "chance") == _without(j.states[head], "chance")


def test_a_backup_to_the_future_or_into_a_superseded_line_is_refused():
    j = Judged.of("holodelive")
    j.recorded(6)
    assert "not before the current step 6" in j.refused("backup", to=6)
    assert "not before the current step 6" in j.refused("backup", to=60)
    j.judge("backup", to=2)
    j.play(j.record.entries[2]["command"])
    assert "superseded by the backup at step 7" in j.refused("backup", to=4)
    assert "a player may call a judge or appeal" not in j.refused("backup", role="player", to=1)
    assert "only a judge may record a backup, not a player" in j.refused("backup", role="player", to=1)


def test_a_player_may_not_rule_a_second_call_waits_and_cases_must_exist():
    j = Judged.of("holodelive")
    j.recorded(2)
    j.judge("judge_call", role="player", caller="p2", step=1, question="was step 1 legal?")
    assert "a player may call a judge or appeal, not rule" in j.refused("ruling", role="player", case=1,
                                                                        answer="yes", rule="§1")
    assert "case 1 is still open" in j.refused("judge_call", role="player", caller="p1", step=2, question="me too")
    assert "no case 2" in j.refused("ruling", case=2, answer="?", rule="§")
    assert "has not happened yet" in Judged.of("holodelive").refused(
        "judge_call", role="judge", caller="judge", step=5, question="?")
    assert "calls for a seat of this match" in Judged.of("holodelive").refused(
        "judge_call", role="player", caller="p9", step=0, question="?")
    assert "it would be entry 4" in _wrong_seq(j)


def _wrong_seq(j: Judged) -> str:
    try:
        j.rules.decide(j.state, {"type": "ruling", "seq": 9, "role": "judge", "case": 1, "answer": "a", "rule": "b"})
    except RuleViolation as exc:
        return str(exc)
    raise AssertionError("a judge entry with a wrong seq was accepted")


def test_an_appeal_goes_to_the_head_judge_whose_ruling_stands_and_the_first_stays():
    j = Judged.of("holodelive")
    j.recorded(2)
    j.judge("judge_call", role="player", caller="p1", step=2, question="?")
    assert "has no ruling yet" in j.refused("appeal", role="player", caller="p2", case=1, reason="too early")
    j.judge("ruling", case=1, answer="legal", rule="§3")
    assert "a judge rules; a player or the recorder appeals" not in j.refused(
        "appeal", role="player", caller="p3", case=1, reason="x")
    assert "a judge rules; a player or the recorder appeals" in j.refused(
        "appeal", role="judge", caller="judge", case=1, reason="x")
    j.judge("appeal", role="player", caller="p2", case=1, reason="I read §3 otherwise")
    assert j.rules.to_act(j.state) == ()  # the table waits for the head judge
    assert "only the head judge rules on it" in j.refused("ruling", case=1, answer="still legal", rule="§3")
    j.judge("ruling", role="head_judge", case=1, answer="illegal after all", rule="§3.2")
    case = j.state["judge"]["cases"][0]
    assert case["status"] == "final"
    assert [(r["answer"], r["stands"]) for r in case["rulings"]] == [("legal", False), ("illegal after all", True)]
    assert "ruled by the head judge: that ruling stands" in j.refused("appeal", role="player", caller="p2", case=1, reason="again")
    assert j.rules.to_act(j.state)


@pytest.mark.parametrize("penalty, ends", [("warning", False), ("game_loss", True), ("match_loss", True),
                                           ("disqualification", True)])
def test_a_penalty_is_recorded_and_a_loss_ends_the_match(penalty, ends):
    j = Judged.of("holodelive")
    j.recorded(3)
    j.judge("penalty", seat="p1", infraction="Drawing Extra Cards", penalty=penalty)
    outcome = j.rules.outcome(j.state)
    assert j.state["judge"]["penalties"][0]["penalty"] == penalty
    if not ends:
        assert outcome is None and j.rules.to_act(j.state)
        return
    assert outcome.winners == ("p2",) and outcome.reason.startswith(f"penalty: {penalty} for p1")
    assert j.rules.to_act(j.state) == ()
    # after the end: no new call, backup or fix; a ruling or an appeal of an open case may follow
    assert "the match is over" in j.refused("judge_call", role="player", caller="p1", step=1, question="?")
    assert "the match is over" in j.refused("backup", to=1)


def test_a_fix_moves_a_card_between_a_list_and_a_pile_and_refuses_what_is_not_there():
    j = Judged.of("holodelive")
    j.recorded(4)
    hand = list(j.state["hands"]["p1"])
    deck = j.state["zones"]["piles"]["deck"]
    assert "'nope' is not in hands/p1" in j.refused(
        "fix", moves=[{"card": "nope", "from": {"path": ["hands", "p1"]}, "to": {"pile": "deck"}}])
    assert "no place hands/p9" in j.refused(
        "fix", moves=[{"card": hand[0], "from": {"path": ["hands", "p9"]}, "to": {"pile": "deck"}}])
    assert "the kit's own state" in j.refused(
        "fix", moves=[{"card": hand[0], "from": {"path": ["zones", "piles"]}, "to": {"pile": "deck"}}])
    assert "no face-down pile 'attic'" in j.refused(
        "fix", moves=[{"card": hand[0], "from": {"path": ["hands", "p1"]}, "to": {"pile": "attic"}}])
    absent = next(c for c in sorted(Counter(deck["unseen"]) | Counter(hand)) if not deck["unseen"].get(c))
    assert f"{absent!r} is not in deck" in j.refused(
        "fix", moves=[{"card": absent, "from": {"pile": "deck"}, "to": {"path": ["hands", "p1"]}}])
    j.judge("fix", moves=[{"card": hand[0], "from": {"path": ["hands", "p1"]}, "to": {"pile": "deck", "end": "top"}}],
            reason="drew one too many")
    fixed = j.state
    assert fixed["hands"]["p1"] == hand[1:]
    assert fixed["zones"]["piles"]["deck"]["size"] == deck["size"] + 1
    assert fixed["zones"]["piles"]["deck"]["top"][0] == hand[0]
    # the next draw brings the returned card back: it is on top, in a known place
    back = next(c for c in sorted(deck["unseen"]) if deck["unseen"][c] > 0)
    j.judge("fix", moves=[{"card": back, "from": {"pile": "deck"}, "to": {"path": ["hands", "p2"]}}])
    assert j.state["zones"]["piles"]["deck"]["unseen"].get(back, 0) == deck["unseen"][back] - 1
    # a fix's cards are the judges' alone in the move list
    cmd = j.commands[-1]
    assert judging.redact(cmd, "p1")["moves"][0]["card"] == "?"
    assert judging.redact(cmd, "omniscient") == cmd
    assert "Fix: ? deck (top)" in j.rules.describe(j.states[-2], cmd, j.state, "public")


def test_a_fix_that_leaves_a_state_the_game_cannot_read_is_refused():
    j = Judged.of("hocg")
    j.recorded(12)
    deck = game_state(j.state)["zones"]["piles"]["deck/p1"]
    card = next(c for c in sorted(deck["unseen"]) if deck["unseen"][c] > 0)
    # a bare card id where the game keeps holomem on the stage (objects with their cheer)
    problem = j.refused("fix", moves=[{"card": card, "from": {"pile": "deck/p1"},
                                       "to": {"path": ["players", "p1", "back"]}}])
    assert "the fix leaves a state the game cannot read" in problem


def test_a_match_nobody_judged_keeps_its_states_and_hashes():
    j = Judged.of("senbu_rinki")
    j.recorded(len(j.record.entries))
    seed = j.record.header["seed"]
    assert [canon.state_hash(s, seed) for s in j.states[1:]] == [e["state_hash"] for e in j.record.entries]
    assert all("judge" not in s for s in j.states)
