"""Records as JSON Lines: round trip, chain, and a reader that reports errors by line."""
import json

from kifu.replays import canon, records
from kifu.replays.demo import demo_record

from .toygame import TOY


def _record():
    return demo_record(TOY, seed="records", index=0)


def test_round_trip_is_byte_identical():
    record = _record()
    text = record.dumps()
    result = records.read_text(text)
    assert result.ok
    assert result.record.dumps() == text
    assert result.entry_lines == list(range(2, len(record.entries) + 2))


def test_chain_links_every_entry_to_the_header():
    record = _record()
    prev = records.genesis(record.header)
    for entry in record.entries:
        assert entry["chain"] == canon.sha256_hex(prev + canon.dumps({k: v for k, v in entry.items() if k != "chain"}))
        prev = entry["chain"]
    assert record.head == prev


def test_genesis_ignores_the_seed_so_revealing_it_keeps_the_chain():
    header = _record().header
    hidden = {k: v for k, v in header.items() if k != "seed"}
    assert records.genesis(header) == records.genesis(hidden)
    assert records.genesis({**hidden, "table": "99"}) != records.genesis(hidden)


def test_header_commits_to_the_seed_and_hides_it_unless_asked():
    header = records.new_header(game="toy", rules_version=1, cardset={"id": "c", "digest": "d"}, seats=["A", "B"],
                                options={}, seed="secret", created="2026-01-01T00:00:00Z")
    assert "seed" not in header
    assert header["seed_commitment"] == canon.sha256_hex("secret")
    assert header["seats"] == [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}]


def test_reader_collects_every_broken_line_with_its_number():
    lines = _record().dumps().splitlines()
    lines[2] = "{not json"
    lines[4] = json.dumps({"seq": 4})
    result = records.read(lines)
    assert not result.ok
    assert [(e.line, e.message.split(":")[0]) for e in result.errors] == [(3, "not JSON"), (5, "entry lacks at, actor, by, command, state_hash, chain")]
    assert len(result.record.entries) == len(lines) - 3


def test_reader_refuses_an_unknown_format_and_an_empty_file():
    assert records.read(['{"format": "kifu/99"}']).errors[0].message.startswith("unsupported format")
    assert records.read([]).errors[0].message.startswith("empty record")
    assert records.read(["[1,2]"]).errors[0].line == 1


def test_reader_refuses_unknown_entry_fields():
    lines = _record().dumps().splitlines()
    entry = json.loads(lines[1])
    entry["extra"] = 1
    lines[1] = json.dumps(entry)
    result = records.read(lines)
    assert result.errors[0].line == 2 and "unknown entry field" in result.errors[0].message


def test_reader_refuses_what_cannot_be_hashed_with_the_line():
    lines = _record().dumps().splitlines()
    good = json.loads(lines[1])
    bad = {
        2: "[" * 100_000 + "]" * 100_000,
        3: json.dumps({**good, "by": "\ud800"}),
        4: json.dumps({**good, "seq": 3.0}),
        5: lines[4].replace('"seq":4', '"seq":NaN'),
    }
    for number, text in bad.items():
        lines[number - 1] = text
    result = records.read(lines)
    found = {e.line: e.message for e in result.errors}
    assert sorted(found) == [2, 3, 4, 5]
    assert "nested too deeply" in found[2]
    assert "surrogate" in found[3]
    assert "float" in found[4]
    assert "float" in found[5]  # NaN is a float to JSON readers
