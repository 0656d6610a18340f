"""Golden records: replayed by ``kifu.replays.verify``; head chains and outcomes pinned; each
digital one replayed at a physical table (``tables.restate``) with equal omniscient views.

A behaviour change shows up here first. If it is intended, bump ``RULES.version`` and
rewrite the files (``python -m tests.games.hocg.golden``), then update the pins.
"""
from __future__ import annotations

import pytest

from kifu.replays import engine, records
from kifu.replays.verify import verify, verify_text

from tests.games import goldens

from .golden import FOLDER, GOLDEN, PHYSICAL, make, physical_game, physical_options
from .helpers import RULES

PINS = {
    "downs-and-deck-out": ("476af120fd3eb68d2140a9e37628077a6cc0535d8c31988989132f0f965de546", ["p1"]),
    "forced-mulligan": ("6e878b84a2007b807d85ce420e600e787305ec16bab48513dad75df078880c15", ["p1"]),
    "empty-stage": ("29c195f10b6975babe94fa2f57e50c19424a731081e9b7edef975de039cf95b3", ["p1"]),
    PHYSICAL: ("4f25ff391074f5592f032059ec4fd2fa13a3b16ca8bb5912d8abde7e297c8534", None),
}
DIGITAL = sorted(name for name in GOLDEN if name != PHYSICAL)


def _read(name: str) -> records.ReadResult:
    return goldens.read(FOLDER, name)


def _states(record: records.Record) -> list[dict]:
    return goldens.states(RULES, record)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_verifies_with_the_pinned_head_and_outcome(name):
    result = _read(name)
    report = verify(result.record, lines=result.entry_lines)
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    head, winners = PINS[name]
    assert report.head == head
    if winners is not None:
        assert report.outcome["winners"] == winners
    assert result.record.header["table"] == ("physical" if name == PHYSICAL else "digital")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_is_what_the_generator_makes_today(name):
    assert make(GOLDEN[name]).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", DIGITAL)
def test_golden_digital_record_replays_at_a_physical_table_with_equal_states(name):
    _, stated = goldens.assert_replays_at_a_physical_table(RULES, _read(name).record)
    assert any(c.get("outcomes") for c in stated)


def test_golden_physical_record_states_the_deal_and_checks_the_deck_lists():
    record = _read(PHYSICAL).record
    header = record.header
    assert header["options"] == physical_options() and header["deal"] == physical_game()[0]
    start = engine.initial_state(RULES, header, header["seed"])
    assert start["first"] == "p2" and start["players"]["p2"]["hand"] == header["deal"][:7]
    draws = [(i, e) for i, e in enumerate(record.entries) if e["command"]["type"] == "end_turn"
             and e["command"].get("outcomes")]
    i, entry = draws[0]
    bad = {**entry["command"], "outcomes": ["FX09-001_C", *entry["command"]["outcomes"][1:]]}  # an oshi is never drawn
    out = records.Record(header, record.entries[:i])
    out.entries.append(records.make_entry(out.head, seq=i + 1, at="2026-01-01T00:00:00.000000Z", actor=bad["seat"],
                                          by="test", command=bad, state_hash="0" * 64))
    report = verify_text(out.dumps())
    assert report.divergence.what == "illegal" and "not possible" in report.divergence.message


def test_golden_games_show_what_they_were_chosen_for():
    kinds = {name: {e["kind"] for s in _states(_read(name).record) for e in s["events"]} for name in DIGITAL}
    assert {"down", "life", "to_center"} <= kinds["downs-and-deck-out"]
    assert {"shown_hand", "reveal", "roll"} <= kinds["forced-mulligan"]
    last = _states(_read("empty-stage").record)[-1]
    assert "ステージにホロメンがいなくなった" in last["over"]["reason"]
