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


#: a view's account of unknown tokens (which exist only at the physical table)
TOKEN_KEYS = ("table", "unknown", "revealed")


def shown(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in TOKEN_KEYS}


def alike(physical: object, digital: object, key: str = "") -> bool:
    """Equal, but for a decision's ``options``: a physical table may offer more, since a
    card nobody saw go face down may still be, for all the table knows, in the pile
    searched."""
    if isinstance(physical, dict) and isinstance(digital, dict):
        return physical.keys() == digital.keys() and all(alike(physical[k], digital[k], k) for k in physical)
    if key == "options" and isinstance(physical, list) and isinstance(digital, list):
        return all(o in physical for o in digital)
    if isinstance(physical, list) and isinstance(digital, list):
        return len(physical) == len(digital) and all(alike(a, b) for a, b in zip(physical, digital))
    return physical == digital


def assert_replays_at_a_physical_table(rules: Rules, record: records.Record) -> tuple[list, list[dict]]:
    """Restate a digital ``record``'s outcomes as a physical recorder would; every restated
    command must pass ``check``, and at every step every public and seat view must equal the
    digital one (``alike``). Where no card went face down unseen (so no unknown token was made), so must
    the states and the omniscient views; where one did, the physical table did not state it
    (``Event.unseen``), so there the omniscient view shows a token for it. Returns the deal
    and the restated commands."""
    header, seed = record.header, record.header["seed"]
    players = len(header["seats"])
    seats = [s["id"] for s in header["seats"]]
    commands = [e["command"] for e in record.entries]
    deal, stated = tables.restate(rules, header["options"], seed, players, commands)
    physical = rules.setup(header["options"], seed, players, table="physical", deal=deal)
    for digital, restated in zip(states(rules, record), [*stated, None]):
        assert physical["table"] == "physical"
        for perspective in ("public", *seats):
            assert alike(shown(rules.view(physical, perspective)), shown(rules.view(digital, perspective))), \
                f"step {digital['step']}, {perspective}"
        if physical["zones"]["next"] == 1:
            assert _without_table(physical) == _without_table(digital), f"step {digital['step']}"
            assert _without_table(rules.view(physical, "omniscient")) == \
                _without_table(rules.view(digital, "omniscient"))
        if restated is not None:
            physical = engine.step(rules, physical, restated)
    assert rules.outcome(physical) == rules.outcome(digital)
    return deal, stated
