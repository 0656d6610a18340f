"""engine (validate/check/step), snapshots (= full fold), bot and demo determinism."""
import pytest

from kifu.replays import canon, engine, snapshots
from kifu.replays.bot import GameDidNotEnd, play
from kifu.replays.demo import demo_record
from kifu.replays.errors import RuleViolation, SchemaError

from .toygame import TOY


def _state():
    return TOY.setup({}, "engine", 2)


@pytest.mark.parametrize("bad", [None, [], "draw", {"seat": "p1"}, {"type": "fly", "seat": "p1"},
                                 {"type": "bank", "seat": "p1", "card": 3}, {"type": "draw", "seat": "p1", "x": 1}])
def test_malformed_commands_are_schema_errors(bad):
    with pytest.raises(SchemaError):
        engine.check(TOY, _state(), bad)


def test_illegal_command_is_a_rule_violation_and_state_is_untouched():
    state = _state()
    before = canon.dumps(state)
    with pytest.raises(RuleViolation) as err:
        engine.step(TOY, state, {"type": "draw", "seat": "p2"})
    assert err.value.rule == "手番"
    assert canon.dumps(state) == before


def test_state_at_from_a_snapshot_equals_the_full_fold():
    record = demo_record(TOY, seed="snap", index=0)
    header, seed = record.header, record.header["seed"]
    commands = [e["command"] for e in record.entries]
    snaps = snapshots.every(TOY, header, seed, commands, 3)
    assert snaps
    for seq in range(len(commands) + 1):
        full = snapshots.state_at(TOY, header, seed, commands, seq)
        nearest = max((s for s in snaps if s.seq <= seq), key=lambda s: s.seq, default=None)
        assert snapshots.state_at(TOY, header, seed, commands, seq, nearest) == full
        if seq:
            assert canon.state_hash(full, seed) == record.entries[seq - 1]["state_hash"]


def test_snapshot_of_another_rules_version_is_ignored():
    record = demo_record(TOY, seed="snap", index=0)
    commands = [e["command"] for e in record.entries]
    stale = snapshots.Snapshot("toy", TOY.version + 1, 2, {"step": 2, "poisoned": True})
    state = snapshots.state_at(TOY, record.header, record.header["seed"], commands, 4, stale)
    assert "poisoned" not in state and state["step"] == 4
    assert snapshots.Snapshot.from_json(stale.to_json()) == stale


def test_demo_is_deterministic_and_seed_sensitive():
    a = demo_record(TOY, seed="s", index=0).dumps()
    assert a == demo_record(TOY, seed="s", index=0).dumps()
    assert a != demo_record(TOY, seed="s", index=1).dumps()


def test_bot_raises_when_a_game_cannot_end():
    state = _state()
    with pytest.raises(GameDidNotEnd):
        list(play(TOY, state, "bot", max_steps=3))
