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
    "downs-and-deck-out": ("c92e8d9448ca157dbf3f976c0b624480647079a7b3d56d10674c9ecc90574f26", ["p1"]),
    "forced-mulligan": ("6aeae2f78787fbe0e364e8fb78aa15cd2a1e401b6e3df970f9f88f64599f4537", ["p1"]),
    "empty-stage": ("1287b2a0dec96ab7ad535a1bd491b24f672da830fe0094d9b3283f65e64e3159", ["p2"]),
    PHYSICAL: ("e26d45fd912327add369578dfa450baceb9bd914f5aa7d3b7f9666d867c9657b", None),
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
