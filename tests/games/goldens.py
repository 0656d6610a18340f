"""What every game's golden-record tests share: reading a golden file, replaying it, and
replaying it as a physical table would have recorded it."""
from __future__ import annotations

from pathlib import Path

from kifu.replays import engine, records
from kifu.replays.kit import tables
from kifu.replays.rules import Rules


def read(folder: Path, name: str) -> records.ReadResult:
    result = records.read_text((folder / f"{name}.kifu.jsonl").read_text(encoding="utf-8"))
    assert result.ok, result.errors
    return result


def states(rules: Rules, record: records.Record) -> list[dict]:
    """Every state of ``record``, from setup on."""
    state = engine.initial_state(rules, record.header, record.header["seed"])
    out = [state]
    for entry in record.entries:
        state = rules.apply(state, entry["command"])
        out.append(state)
    return out


def _without_table(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "table"}


def assert_replays_at_a_physical_table(rules: Rules, record: records.Record) -> tuple[list, list[dict]]:
    """Restate a digital ``record``'s outcomes as a physical recorder would; every restated
    command must pass ``check``, and the states and omniscient views must equal the digital
    ones at every step. Returns the deal and the restated commands."""
    header, seed = record.header, record.header["seed"]
    players = len(header["seats"])
    commands = [e["command"] for e in record.entries]
    deal, stated = tables.restate(rules, header["options"], seed, players, commands)
    physical = rules.setup(header["options"], seed, players, table="physical", deal=deal)
    for digital, restated in zip(states(rules, record), [*stated, None]):
        assert physical["table"] == "physical"
        assert _without_table(physical) == _without_table(digital), f"step {digital['step']}"
        assert _without_table(rules.view(physical, "omniscient")) == _without_table(rules.view(digital, "omniscient"))
        if restated is not None:
            physical = engine.step(rules, physical, restated)
    assert rules.outcome(physical) == rules.outcome(digital)
    return deal, stated
