"""verify: replay from the header and report the first divergent entry."""
import json

from kifu.replays import canon, records
from kifu.replays.kit import tables
from kifu.replays.demo import demo_record, record_of
from kifu.replays.verify import verify_text

from .toygame import lookup, TOY


def _text():
    return demo_record(TOY, seed="verify", index=1).dumps()


def _edit(text, line, change):
    lines = text.splitlines()
    obj = json.loads(lines[line - 1])
    change(obj)
    lines[line - 1] = canon.dumps(obj)
    return "\n".join(lines) + "\n"


def _rechain(text):
    """Recompute every chain, so that only the change under test differs."""
    result = records.read_text(text)
    record = result.record
    prev = records.genesis(record.header)
    for entry in record.entries:
        entry["chain"] = records.chain_next(prev, entry)
        prev = entry["chain"]
    return record.dumps()


def test_a_demo_record_verifies_with_seed_and_outcome():
    report = verify_text(_text(), lookup=lookup)
    assert report.ok, report.divergence
    assert report.seed == "matches" and report.replayed
    assert report.outcome is not None
    assert report.head == records.read_text(_text()).record.head


def test_altered_command_breaks_the_chain_at_that_line():
    text = _edit(_text(), 4, lambda e: e.update(by="mallory"))
    report = verify_text(text, lookup=lookup)
    assert not report.ok
    assert (report.divergence.what, report.divergence.line, report.divergence.seq) == ("chain", 4, 3)


def test_wrong_state_hash_is_reported_even_when_rechained():
    text = _rechain(_edit(_text(), 3, lambda e: e.update(state_hash="0" * 64)))
    report = verify_text(text, lookup=lookup)
    assert (report.divergence.what, report.divergence.seq, report.divergence.line) == ("state_hash", 2, 3)
    assert report.divergence.actual == "0" * 64


def test_illegal_command_names_the_rule():
    def wrong_seat(entry):
        entry["command"]["seat"] = "p2" if entry["command"]["seat"] == "p1" else "p1"

    report = verify_text(_rechain(_edit(_text(), 2, wrong_seat)), lookup=lookup)
    assert report.divergence.what == "illegal"
    assert "[手番]" in report.divergence.message


def test_unknown_command_type_is_a_schema_divergence():
    report = verify_text(_rechain(_edit(_text(), 2, lambda e: e["command"].update(type="teleport"))), lookup=lookup)
    assert report.divergence.what == "schema" and "teleport" in report.divergence.message


def test_seed_not_matching_commitment():
    report = verify_text(_edit(_text(), 1, lambda h: h.update(seed="other")), lookup=lookup)
    assert report.seed == "mismatch" and report.divergence.what == "seed"


def test_without_seed_only_chain_is_checked_and_said():
    text = _edit(_text(), 1, lambda h: h.pop("seed"))
    report = verify_text(text, lookup=lookup)
    assert report.ok and not report.replayed and report.seed == "absent"
    assert report.warnings
    judge = verify_text(text, lookup=lookup, seed=records.read_text(_text()).record.header["seed"])
    assert judge.ok and judge.replayed


def test_seq_gap_from_a_dropped_line():
    lines = _text().splitlines()
    del lines[3]
    report = verify_text("\n".join(lines), lookup=lookup)
    assert (report.divergence.what, report.divergence.line) == ("seq", 4)


def test_broken_line_is_a_read_divergence_with_its_line():
    lines = _text().splitlines()
    lines[5] = lines[5][:20]
    report = verify_text("\n".join(lines), lookup=lookup)
    assert (report.divergence.what, report.divergence.line) == ("read", 6)


def test_other_rules_version_is_refused_naming_the_version_it_needs():
    report = verify_text(_edit(_text(), 1, lambda h: h.update(rules_version=1)), lookup=lookup)
    assert report.divergence.what == "header"
    assert "toy version 1" in report.divergence.message and "mismatch" not in report.divergence.message
    assert (report.divergence.expected, report.divergence.actual) == (str(TOY.version), "1")


def test_unknown_game():
    report = verify_text(_edit(_text(), 1, lambda h: h.update(game="chess")), lookup=lookup)
    assert report.divergence.what == "header"


def _physical_text(table="physical"):
    """A physical-table record of the toy: the digital demo's outcomes stated by a recorder."""
    digital = records.read_text(_text()).record
    seed = digital.header["seed"]
    commands = [e["command"] for e in digital.entries]
    deal, stated = tables.restate(TOY, {}, seed, 2, commands, table=table)
    header = records.new_header(game="toy", rules_version=TOY.version, cardset=TOY.cardset.ref(),
                                seats=["A", "B"], options={}, seed=seed, created="2026-01-01T00:00:00Z",
                                table=table, deal=deal, reveal_seed=True)
    return record_of(TOY, header, seed, stated, by="rec").dumps()


def test_a_physical_record_verifies_and_its_outcomes_are_checked():
    text = _physical_text()
    assert verify_text(text, lookup=lookup).ok
    first_draw = next(i for i, line in enumerate(text.splitlines(), start=1) if '"outcomes"' in line)
    owned = records.read_text(text).record.entries[first_draw - 2]["command"]["outcomes"][0]
    # stating a card the deck cannot hold any more (the one just drawn) is illegal, not a hash mismatch
    later = next(i for i, line in enumerate(text.splitlines(), start=1) if i > first_draw and '"outcomes"' in line)
    report = verify_text(_rechain(_edit(text, later, lambda e: e["command"].update(outcomes=[owned]))), lookup=lookup)
    assert report.divergence.what == "illegal" and report.divergence.seq == later - 1


def test_a_revealed_deal_must_match_its_commitment():
    text = _edit(_physical_text(), 1, lambda h: h.update(deal=["c1"]))
    report = verify_text(text, lookup=lookup)
    assert report.divergence.what == "seed" and "deal" in report.divergence.message


def test_a_digital_record_may_not_state_outcomes():
    text = _rechain(_edit(_text(), 2, lambda e: e["command"].update(outcomes=["c1"])))
    report = verify_text(text, lookup=lookup)
    assert report.divergence.what == "illegal" and "digital" in report.divergence.message
