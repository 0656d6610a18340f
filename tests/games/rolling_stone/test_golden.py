"""Golden records: replayed by ``kifu.replays.verify``; head chains and outcomes pinned; each
also replayed at a physical table (``kifu.replays.kit.tables.restate``) with equal states.

A behaviour change shows up here first. If it is intended, bump ``RULES.version`` and
rewrite the files (``python -m tests.games.rolling_stone.golden``), then update the pins.
"""
from __future__ import annotations

import json

import pytest

from kifu.replays import canon, records, registry
from kifu.replays.verify import verify, verify_text

from tests.games import goldens

from .golden import FOLDER, GOLDEN, make
from .helpers import RULES

PINS = {
    "four-tied-start-player": ("dc900e79bd321f1add4dcf25f03665291547c14a73d53476b0d2c32db5d467af",
                               {"winners": ["p1"], "draw": False, "scores": {"p1": 27, "p2": 23, "p3": 26, "p4": 21}}),
    "three-full-album": ("65156a2d25f01e5819cd760836da1297e7e1bc061b97032385913db15a5effef",
                         {"winners": ["p3"], "draw": False, "scores": {"p1": 16, "p2": 28, "p3": 38}}),
    "three-equal-totals": ("4c0e19027afe19ed2e716ec0f6983ea8fc5a82d445e543a2eac471997907b95b",
                           {"winners": ["p1", "p3"], "draw": True, "scores": {"p1": 30, "p2": 26, "p3": 30}}),
}


def _read(name: str) -> records.ReadResult:
    return goldens.read(FOLDER, name)


def _states(record: records.Record) -> list[dict]:
    return goldens.states(RULES, record)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_verifies_with_the_pinned_head_and_outcome(name):
    result = _read(name)
    report = verify(result.record, lines=result.entry_lines)  # the registry binds the demo set by digest
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    head, outcome = PINS[name]
    assert report.head == head
    assert {k: report.outcome[k] for k in ("winners", "draw", "scores")} == outcome
    assert result.record.header["rules_version"] == RULES.version
    assert registry.for_header(result.record.header).cardset == RULES.cardset


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_is_what_the_demo_makes_today(name):
    assert make(GOLDEN[name]).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_at_a_physical_table_with_the_same_states(name):
    record = _read(name).record
    deal, stated = goldens.assert_replays_at_a_physical_table(RULES, record)
    assert len(deal) == 4 * len(record.header["seats"])
    assert sum(1 for c in stated if c.get("outcomes")) > 50  # dice, events, every card drawn


def _logged(name):
    return [e for s in _states(_read(name).record) for e in s["log"]]


def test_golden_four_tied_start_player_shows_the_tie_the_discards_and_the_empty_deck():
    log = _logged("four-tied-start-player")
    start = next(e for e in log if e["what"] == "start_player")
    assert len(start["tied"]) > 1 and start["seat"] in start["tied"]
    assert any(e["what"] == "discard" and e["why"] == "配置不可能" for e in log)
    assert any(e["what"] == "deck_empty" for e in log)
    assert any(e["what"] == "interim" and (len(e["first"]) > 1 or len(e["second"]) > 1) for e in log)


def test_golden_three_full_album_scores_six_for_it():
    final = _states(_read("three-full-album").record)[-1]["final"]
    assert any(row["full"] == 6 for row in final.values())
    log = _logged("three-full-album")
    assert any(e["what"] == "discard" and e["card"].startswith("CH") for e in log)


# ------------------------------------------------------------------ bad input


def _with_command(name: str, keep: int, bad: object) -> str:
    """The golden record's first ``keep`` entries, then ``bad`` as the next command, chained."""
    record = _read(name).record
    out = records.Record(record.header, record.entries[:keep])
    out.entries.append(records.make_entry(out.head, seq=keep + 1, at="2026-01-01T00:00:00.000000Z", actor="p1",
                                          by="test", command=bad, state_hash="0" * 64))
    return out.dumps()


def test_bad_input_a_placement_against_the_rule_is_refused_at_its_line_with_the_section():
    record = _read("three-full-album").record
    states = _states(record)
    i = next(i for i, e in enumerate(record.entries) if e["command"]["type"] == "take")
    take = record.entries[i]["command"]
    album = states[i]["albums"][take["seat"]]
    far = next(sq for sq in ("A1", "D1", "A4", "D4", "B2", "C3") if sq not in album and sq != take["square"]
               and RULES.legal_commands(states[i], take["seat"]) and
               sq not in {c["square"] for c in RULES.legal_commands(states[i], take["seat"])})
    report = verify_text(_with_command("three-full-album", i, {**take, "square": far}))
    assert report.divergence.what == "illegal" and report.divergence.line == i + 2
    assert "[ゲームの進行/３：メインフェイズ/〇配置ルール/１]" in report.divergence.message


def test_bad_input_a_seat_out_of_turn():
    record = _read("three-full-album").record
    i = next(i for i, e in enumerate(record.entries) if e["command"]["type"] == "order")
    order = record.entries[i]["command"]
    wrong = {**order, "seat": "p1" if order["seat"] != "p1" else "p2"}
    report = verify_text(_with_command("three-full-album", i, wrong))
    assert report.divergence.what == "illegal" and "[ゲームの進行/２：ラウンド開始]" in report.divergence.message


def test_golden_lines_are_canonical_json():
    for name in GOLDEN:
        for line in (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8").splitlines():
            assert canon.dumps(json.loads(line)) == line
