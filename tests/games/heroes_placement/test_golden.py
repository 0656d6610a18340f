"""Golden records: replayed by ``kifu.replays.verify`` with pinned heads and outcomes; each digital
one replays at a physical table (its outcomes stated) with equal states at every step.

A behaviour change shows up here first. If it is intended, bump ``RULES.version`` and
rewrite the files (``python -m tests.games.heroes_placement.golden``), then update the pins.
"""
from __future__ import annotations

import pytest

from kifu.replays import records
from kifu.replays.verify import verify, verify_text

from tests.games import goldens

from .golden import DECK_OUT, DECK_OUT_PHYSICAL, FOLDER, GOLDEN, RULES, make

PINS = {
    "coop-defence-and-allocation": ("1bcba05df4c44be68bda8953cf35a0baa8fe3e653345481e7796aa671b2634c8", ["p2"], "①"),
    "interrupted-battle": ("14baa49ebbdff3210ff447ab38aee5e41bcde82d5b2bd4d835abb951b27d4ee3", ["p1"], "①"),
    "recovery-and-coop-attack": ("3e510151e3ae9f0fe8e04fea6db908f46258e98e53c4138ba1a152384843e0a3", ["p2"], "①"),
    DECK_OUT: ("a33def75013fbe4832ded3c3033aca879a3b9da237b52954e77b5bbf13ea6973", ["p2"], "②"),
    DECK_OUT_PHYSICAL: ("8643d5fbd36f46b8499a4fd7f64562ccaa65c2d6fff843ffd17faa9a71421a6c", ["p2"], "②"),
}
DIGITAL = [name for name in GOLDEN if name != DECK_OUT_PHYSICAL]


def _read(name: str) -> records.Record:
    return goldens.read(FOLDER, name).record


def _states(record: records.Record) -> list[dict]:
    return goldens.states(RULES, record)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_verifies_with_the_pinned_head_and_outcome(name):
    record = _read(name)
    report = verify(record)
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    head, winners, condition = PINS[name]
    assert report.head == head and report.outcome["winners"] == winners
    assert f"勝利条件{condition}" in report.outcome["reason"]
    assert record.header["rules_version"] == RULES.version


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_is_what_the_generator_makes_today(name):
    assert make(GOLDEN[name]).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", DIGITAL)
def test_golden_record_replays_at_a_physical_table_with_equal_states(name):
    goldens.assert_replays_at_a_physical_table(RULES, _read(name))


def test_the_physical_record_states_every_outcome_and_commits_to_its_deal():
    record = _read(DECK_OUT_PHYSICAL)
    assert record.header["table"] == "physical" and record.header["deal"][0] in ("p1", "p2")  # じゃんけん
    # janken and hands (葵 asks before the first draw); the places go face down unseen, unstated
    assert len(record.header["deal"]) == 1 + 12
    states = _states(record)
    for entry, after in zip(record.entries, states[1:]):
        assert len(entry["command"].get("outcomes", [])) == len(after["chance"])


def test_golden_games_show_what_they_were_chosen_for():
    def kinds(name):
        record = _read(name)
        states = _states(record)
        return [(s["pending"] or {}).get("kind") for s in states[:-1]], [e["command"] for e in record.entries], states

    pending, commands, _ = kinds("coop-defence-and-allocation")
    assert any(k == "block" and isinstance(c["choice"], list) and len(c["choice"]) > 1
               for k, c in zip(pending, commands))
    assert "fight" in pending
    _, _, states = kinds("interrupted-battle")
    assert any("場を離れ、バトルは中断" in n for s in states for n in s["notes"])
    pending, commands, _ = kinds("recovery-and-coop-attack")
    assert "ev:recover" in pending and any(c["type"] == "respond" for c in commands)
    assert any(k == "join" and c["choice"] != "done" for k, c in zip(pending, commands))


def test_bad_input_is_reported_with_its_line_and_rule():
    record = _read(DECK_OUT)
    out = records.Record(record.header, record.entries[:3])
    out.entries.append(records.make_entry(out.head, seq=4, at="2026-01-01T00:00:00.000000Z", actor="p2", by="test",
                                          command={"type": "attack", "seat": "p2", "square": 4, "target": 0},
                                          state_hash="0" * 64))
    report = verify_text(out.dumps())
    assert not report.ok and report.divergence.what == "illegal" and report.divergence.line == 5
    assert "[優先権]" in report.divergence.message or "[バトルフェイズ①]" in report.divergence.message
