"""Golden records: replayed by ``replays.verify``; head chains and outcomes pinned.

A behaviour change shows up here first. If it is intended, bump ``RULES.version`` and
rewrite the files (``python -m tests.games.holodelive.golden``), then update the pins.
Also: bad input in a record is reported with its line and rule, never a traceback.
"""
from __future__ import annotations

import json

import pytest

from replays import canon, engine, records
from replays.games.holodelive import RULES
from replays.verify import verify, verify_text

from .golden import FOLDER, GOLDEN, RECONSTRUCTED, make, reconstructed_options

PINS = {
    "decided-by-contest": ("de98455a32612c8bc89e1201e39afc3e9ef3c8a8744d8d6cd57539b70ab5a8c2",
                           {"winners": ["p2"], "draw": False, "scores": {"p1": 5000, "p2": 8000}}),
    "generation-live": ("fcf74fad782bfb4fe27580319e1fda4bb5b1ba177c238cfcf0ee4b40e7b996e7",
                        {"winners": ["p1"], "draw": False, "scores": {"p1": 18000, "p2": 3000}}),
    "cancel-contest-deckout": ("362572abb71828e6b67b8a64962cc11db039b25d1fff93cb31b29fa72058ffed",
                               {"winners": ["p2"], "draw": False, "scores": {"p1": 6000, "p2": 8000}}),
    "equal-totals-draw": ("3ce15f4b15f2e36e9445cf281971206ebdd48f84462b8e68985a087dd16b3741",
                          {"winners": [], "draw": True, "scores": {"p1": 10000, "p2": 10000}}),
    "reconstructed-deck-order": ("d19d054727b975c12969d115e70286ae67a7f6bc712cdffb72329c854d1869da",
                                 {"winners": ["p1"], "draw": False, "scores": {"p1": 12000, "p2": 4000}}),
}


def _read(name: str) -> records.ReadResult:
    result = records.read_text((FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8"))
    assert result.ok, result.errors
    return result


def _replay(record: records.Record) -> list[dict]:
    """Every state, from setup on."""
    state = engine.initial_state(RULES, record.header, record.header["seed"])
    states = [state]
    for entry in record.entries:
        state = RULES.apply(state, entry["command"])
        states.append(state)
    return states


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_verifies_with_the_pinned_head_and_outcome(name):
    result = _read(name)
    report = verify(result.record, lines=result.entry_lines)
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    head, outcome = PINS[name]
    assert report.head == head
    assert {k: report.outcome[k] for k in ("winners", "draw", "scores")} == outcome
    assert result.record.header["rules_version"] == RULES.version


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_is_what_the_demo_makes_today(name):
    assert make(GOLDEN[name]).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


def test_golden_reconstruction_follows_the_given_deck_and_venue_order():
    record = _read(RECONSTRUCTED).record
    options = reconstructed_options()
    assert record.header["options"] == options
    start = engine.initial_state(RULES, record.header, record.header["seed"])
    assert start["active"] == "p2" and start["hands"]["p2"] == [options["deck_order"][0], options["deck_order"][2]]
    assert [v["id"] for v in start["venues"]] == ["dome", "livehouse", "zepp"]


def _events(name):
    return [e for s in _replay(_read(name).record) for e in s["events"]]


def test_golden_decided_by_contest_has_a_contest_of_two_full_units():
    result = _read("decided-by-contest")
    states = _replay(result.record)
    contests = [(i, e) for i, s in enumerate(states) for e in s["events"] if e["kind"] == "contest"]
    assert contests
    i, contest = contests[0]
    retired = states[i]["venues"][contest["venue"]]["retired"]
    assert len(retired["p1"]) == len(retired["p2"]) == 5
    assert states[i]["venues"][contest["venue"]]["acquired_by"] == contest["winner"]


def test_golden_generation_live_is_declared_with_four_and_held():
    states = _replay(_read("generation-live").record)
    commands = [e["command"] for e in _read("generation-live").record.entries]
    (i, cmd), *_ = [(i, c) for i, c in enumerate(commands) if c["type"] == "declare_live" and c["kind"] == "generation"]
    assert len(states[i]["venues"][cmd["venue"]]["units"][cmd["seat"]]) == 4
    held = [e for s in states[i + 1:] for e in s["events"] if e["kind"] == "live" and e["venue"] == cmd["venue"]]
    assert held and held[0]["seat"] == cmd["seat"]


def test_golden_cancel_contest_deckout_shows_each():
    kinds = {e["kind"] for e in _events("cancel-contest-deckout")}
    assert {"cancel", "contest", "draw_skipped"} <= kinds


# ------------------------------------------------------------------ bad input


def _with_command(name: str, keep: int, bad: object) -> str:
    """The golden record's first ``keep`` entries, then ``bad`` as the next command, chained."""
    record = _read(name).record
    out = records.Record(record.header, record.entries[:keep])
    out.entries.append(records.make_entry(out.head, seq=keep + 1, at="2026-01-01T00:00:00.000000Z", actor="p1",
                                          by="test", command=bad, state_hash="0" * 64))
    return out.dumps()


def _first(name: str, kind: str) -> tuple[int, dict]:
    entries = _read(name).record.entries
    return next((i, e["command"]) for i, e in enumerate(entries) if e["command"]["type"] == kind)


def test_bad_input_a_broken_line_is_a_read_error_with_its_line():
    text = (FOLDER / "decided-by-contest.kifu.jsonl").read_text(encoding="utf-8").splitlines()
    text[3] = text[3][:-5]
    report = verify_text("\n".join(text))
    assert not report.ok and report.divergence.what == "read" and report.divergence.line == 4


def test_bad_input_unknown_command_type():
    report = verify_text(_with_command("decided-by-contest", 0, {"type": "dance", "seat": "p1"}))
    assert report.divergence.what == "schema" and report.divergence.line == 2


def test_bad_input_wrong_seat():
    i, draw = _first("decided-by-contest", "draw")
    wrong = {**draw, "seat": "p2" if draw["seat"] == "p1" else "p1"}
    report = verify_text(_with_command("decided-by-contest", i, wrong))
    assert report.divergence.what == "illegal" and "[ゲームの流れ]" in report.divergence.message


def test_bad_input_a_card_not_in_that_zone():
    i, play = _first("decided-by-contest", "play")
    state = _replay(_read("decided-by-contest").record)[i]
    absent = next(c for c in state["deck"])
    report = verify_text(_with_command("decided-by-contest", i, {**play, "card": absent}))
    assert report.divergence.what == "illegal" and "[ゲームの流れ/③プレイフェイズ]" in report.divergence.message
    assert report.divergence.line == i + 2


def test_bad_input_a_second_play_in_one_turn():
    record = _read("decided-by-contest").record
    states = _replay(record)
    i, play = next((i, e["command"]) for i, e in enumerate(record.entries)
                   if e["command"]["type"] == "play" and states[i + 1]["phase"] == "live"
                   and states[i + 1]["hands"][e["command"]["seat"]])
    seat = play["seat"]
    second = {"type": "play", "seat": seat, "card": states[i + 1]["hands"][seat][0], "venue": play["venue"]}
    report = verify_text(_with_command("decided-by-contest", i + 1, second))
    assert report.divergence.what == "illegal" and "only one card" in report.divergence.message


def test_golden_lines_are_canonical_json():
    for name in GOLDEN:
        for line in (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8").splitlines():
            assert canon.dumps(json.loads(line)) == line
