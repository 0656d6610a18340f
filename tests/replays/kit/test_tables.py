"""The toy at the three tables: one game code, three sources of outcomes."""
import pytest

from kifu.replays import canon, engine
from kifu.replays.bot import play
from kifu.replays.errors import RuleViolation
from kifu.replays.kit import tables
from tests.replays.toygame import TOY


def _digital_game(seed="tables"):
    state = TOY.setup({}, seed, 2)
    return [c for c, _ in play(TOY, state, "bot")]


def test_a_physical_replay_of_a_digital_game_has_the_same_states():
    commands = _digital_game()
    deal, stated = tables.restate(TOY, {}, "tables", 2, commands)
    digital, physical = TOY.setup({}, "tables", 2), TOY.setup({}, "tables", 2, table="physical", deal=deal)
    for command, restated in zip(commands, stated):
        engine.check(TOY, physical, restated)
        digital, physical = TOY.apply(digital, command), TOY.apply(physical, restated)
        assert {**physical, "table": "-"} == {**digital, "table": "-"}
    assert TOY.outcome(physical) == TOY.outcome(digital)


def test_physical_legal_lists_a_draw_once_per_card_that_may_be_on_top():
    state = TOY.setup({}, "s", 2, table="physical")
    draws = [c for c in TOY.legal(state, "p1") if c["type"] == "draw"]
    assert [c["outcomes"] for c in draws] == [[f"c{i}"] for i in range(1, 9)]
    state = TOY.apply(state, draws[2])
    assert [c["outcomes"] for c in TOY.legal(state, "p2")] == [[f"c{i}"] for i in (1, 2, 4, 5, 6, 7, 8)]


def test_observed_tables_offer_unknown_and_reveal_on_banking():
    state = TOY.setup({}, "s", 2, table="observed")
    assert {"type": "draw", "seat": "p1", "outcomes": [None]} in TOY.legal(state, "p1")
    state = TOY.apply(state, {"type": "draw", "seat": "p1", "outcomes": [None]})
    state = TOY.apply(state, {"type": "draw", "seat": "p2", "outcomes": ["c5"]})
    assert state["hands"]["p1"] == ["?1"]
    with pytest.raises(RuleViolation):  # c5 is in p2's hand: p1's unknown card cannot be it
        TOY.check(state, {"type": "bank", "seat": "p1", "card": "c5"})
    state = TOY.apply(state, {"type": "bank", "seat": "p1", "card": "c7"})
    revealed = state["zones"]["revealed"][0]
    assert (revealed["token"], revealed["card"], revealed["since"], revealed["step"]) == ("?1", "c7", 1, 3)


def test_a_missing_outcome_names_what_is_possible():
    state = TOY.setup({}, "s", 2, table="physical")
    event = TOY.needs(state, {"type": "draw", "seat": "p1"})
    assert event.options == tuple(f"c{i}" for i in range(1, 9)) and event.visible == ("p1",)
    before = canon.dumps(state)
    with pytest.raises(RuleViolation, match=r'state "outcomes"\[0\]'):
        TOY.check(state, {"type": "draw", "seat": "p1"})
    assert canon.dumps(state) == before


def test_stated_outcomes_are_redacted_for_whoever_did_not_see_them():
    state = TOY.setup({}, "s", 2, table="physical")
    cmd = {"type": "draw", "seat": "p1", "outcomes": ["c3"]}
    after = TOY.apply(state, cmd)
    assert TOY.redact(state, cmd, after, "p2")["outcomes"] == [None]
    assert TOY.redact(state, cmd, after, "public")["outcomes"] == [None]
    assert TOY.redact(state, cmd, after, "p1") == cmd == TOY.redact(state, cmd, after, "omniscient")
