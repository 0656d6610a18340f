"""Golden records: replayed by ``kifu.replays.verify``; head chains and outcomes pinned.

A behaviour change shows up here first. If it is intended, bump ``RULES.version`` and
rewrite the files (``python -m tests.games.holodelive.golden``), then update the pins.
Also: bad input in a record is reported with its line and rule, never a traceback.
"""
from __future__ import annotations

import json

import pytest

from kifu.replays import canon, engine, records
from kifu.replays.kit import is_token
from kifu.replays.verify import verify, verify_text

from tests.games import goldens

from .golden import FOLDER, GOLDEN, LEFT_OUT, PHYSICAL, make, physical_game, physical_options
from .helpers import RULES

PINS = {
    "decided-by-contest": ("55d53366ecb42f249575118cecb11bc4f55e0bba86dd870a1a306bd95d1487ea",
                           {"winners": ["p1"], "draw": False, "scores": {"p1": 14000, "p2": 6000}}),
    "generation-live": ("2111d3b2930859eaa111258a59122fd125e5fcfac66eabc73faebae00036e618",
                        {"winners": ["p1"], "draw": False, "scores": {"p1": 13000, "p2": 2000}}),
    "cancel-contest-deckout": ("c009f0b03b1cfdb4d01d18dfb4d52eed714980a51472cc5046e2f34e6f71e256",
                               {"winners": ["p1"], "draw": False, "scores": {"p1": 11000, "p2": 0}}),
    "equal-totals-draw": ("dc4987b38f116aa66bdeaaa91917db50d9be99ffb2aee080b2195592472aeae0",
                          {"winners": [], "draw": True, "scores": {"p1": 10000, "p2": 10000}}),
    PHYSICAL: ("d9dae03b237d8925ca5e29859c6fae7678aab4cc66feb73080854afdc6f465c3", None),
}
DIGITAL = sorted(name for name in GOLDEN if name != PHYSICAL)


def _read(name: str) -> records.ReadResult:
    return goldens.read(FOLDER, name)


def _replay(record: records.Record) -> list[dict]:
    """Every state, from setup on."""
    return goldens.states(RULES, record)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_verifies_with_the_pinned_head_and_outcome(name):
    result = _read(name)
    report = verify(result.record, lines=result.entry_lines)
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    head, outcome = PINS[name]
    assert report.head == head
    if outcome is not None:
        assert {k: report.outcome[k] for k in ("winners", "draw", "scores")} == outcome
    assert result.record.header["rules_version"] == RULES.version
    assert result.record.header["table"] == ("physical" if name == PHYSICAL else "digital")


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_is_what_the_demo_makes_today(name):
    assert make(GOLDEN[name]).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", DIGITAL)
def test_golden_digital_record_replays_as_a_physical_one_with_the_same_omniscient_views(name):
    _, stated = goldens.assert_replays_at_a_physical_table(RULES, _read(name).record)
    assert any(c.get("outcomes") for c in stated)


def test_golden_physical_record_states_the_deal_and_every_outcome_and_checks_the_deck_list():
    record = _read(PHYSICAL).record
    header = record.header
    assert header["options"] == physical_options() and header["deal"] == physical_game()[0]
    start = engine.initial_state(RULES, header, header["seed"])
    assert start["active"] == "p2" and start["hands"]["p2"] == [header["deal"][0], header["deal"][2]]
    # the venues lie face down: nobody at the table saw them, so the deal does not state them
    assert len(header["deal"]) == 5 and all(is_token(v["id"]) for v in start["venues"])
    named = {o for e in record.entries for o in e["command"].get("outcomes", [])}
    assert named and not named & set(LEFT_OUT)
    draws = [e for e in record.entries if e["command"]["type"] == "draw" and e["command"]["source"] == "deck"]
    assert draws and all(len(e["command"]["outcomes"]) == 1 for e in draws)
    # naming a card the deck list left out is refused, citing the rule
    i = record.entries.index(draws[0])
    bad = {**draws[0]["command"], "outcomes": ["yagoo"]}
    report = verify_text(_with_command(PHYSICAL, i, bad))
    assert report.divergence.what == "illegal" and "[ゲームの流れ/①ドローフェイズ]" in report.divergence.message


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


def test_golden_generation_live_is_declared_with_four_and_held_and_a_venue_stays_face_down():
    states = _replay(_read("generation-live").record)
    commands = [e["command"] for e in _read("generation-live").record.entries]
    (i, cmd), *_ = [(i, c) for i, c in enumerate(commands) if c["type"] == "declare_live" and c["kind"] == "generation"]
    assert len(states[i]["venues"][cmd["venue"]]["units"][cmd["seat"]]) == 4
    held = [e for s in states[i + 1:] for e in s["events"] if e["kind"] == "live" and e["venue"] == cmd["venue"]]
    assert held and held[0]["seat"] == cmd["seat"]
    fixed = [e for s in states for e in s["events"] if e["kind"] == "live" and e["fixed"]]
    assert fixed and all(e["audience"] == 10000 for e in fixed)
    assert RULES.view(states[-1], "public")["venues"][fixed[0]["venue"]]["id"] is None


def test_golden_cancel_contest_deckout_shows_each():
    kinds = {e["kind"] for e in _events("cancel-contest-deckout")}
    assert {"cancel", "contest", "draw_skipped", "over"} <= kinds
    assert _replay(_read("cancel-contest-deckout").record)[-1]["over"]["reason"] == "stalemate"


def test_golden_equal_totals_draw_has_a_negation():
    assert "negated" in {e["kind"] for e in _events("equal-totals-draw")}


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
    absent = next(iter(state["zones"]["piles"]["deck"]["unseen"]))
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
