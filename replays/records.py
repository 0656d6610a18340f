"""Records: a header plus entries, chained by SHA-256, exported as JSON Lines.

Line 1 of a ``.kifu.jsonl`` file is the header object; every later line is one entry.
The chain starts from the header's digest (the header without ``seed`` and ``deal``,
which are revealed later) and each entry's ``chain`` is
``sha256(prev_chain || canon(entry without "chain"))`` over hex strings and UTF-8.
The last chain (the head) identifies the whole record. docs/record-format.md is the
contract; change it only with a new ``FORMAT``.

>>> h = new_header(game="g", rules_version=1, cardset={"id": "c", "digest": "d"},
...                seats=["A", "B"], options={}, seed="s", created="2026-01-01T00:00:00Z")
>>> e = make_entry(genesis(h), seq=1, at="2026-01-01T00:00:01Z", actor="p1", by="demo",
...                command={"type": "pass", "seat": "p1"}, state_hash="00")
>>> e["chain"] == chain_next(genesis(h), e)
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO, Any, Iterable, Iterator, Mapping

from kifu.replays import canon
from kifu.replays.errors import RecordError
from kifu.replays.rules import seat_ids

FORMAT = "kifu/2"
TABLES = ("digital", "physical", "observed")
SECRET_FIELDS = ("seed", "deal")  #: revealed once the match is over (or to a judge)
ENTRY_FIELDS = ("seq", "at", "actor", "by", "command", "state_hash", "chain")
ACTORS_EXTRA = ("judge", "system")


def new_header(
    *,
    game: str,
    rules_version: int,
    cardset: Mapping[str, str],
    seats: Iterable[str],
    options: Mapping[str, Any],
    seed: str,
    created: str,
    match_id: str | None = None,
    tournament: str | None = None,
    round: str | None = None,  # noqa: A002 - the record field is called round
    table_number: str | None = None,
    table: str = "digital",
    deal: list | None = None,
    reveal_seed: bool = False,
) -> dict[str, Any]:
    """A header committing to ``seed`` (and ``deal``: the outcomes a physical or observed
    table stated for setup); they are included only if ``reveal_seed``.

    ``table`` is where chance outcomes come from (``digital`` | ``physical`` | ``observed``);
    ``table_number`` is the event's table the match was played at.
    """
    names = list(seats)
    header: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "rules_version": rules_version,
        "cardset": dict(cardset),
        "seats": [{"id": sid, "name": name} for sid, name in zip(seat_ids(len(names)), names)],
        "options": dict(options),
        "created": created,
        "seed_commitment": canon.sha256_hex(seed),
        "table": table,
    }
    if deal is not None:
        header["deal_commitment"] = canon.digest(deal)
    for key, value in (("match_id", match_id), ("tournament", tournament), ("round", round),
                       ("table_number", table_number)):
        if value is not None:
            header[key] = value
    if reveal_seed:
        header["seed"] = seed
        if deal is not None:
            header["deal"] = list(deal)
    return header


def reveal(header: Mapping[str, Any], seed: str, deal: list | None) -> dict[str, Any]:
    """``header`` with its secrets revealed (a finished match's export, a judge's)."""
    out = dict(header)
    out["seed"] = seed
    if deal is not None:
        out["deal"] = list(deal)
    return out


def genesis(header: Mapping[str, Any]) -> str:
    """The chain value before entry 1: the digest of the header without its secrets."""
    return canon.digest({k: v for k, v in header.items() if k not in SECRET_FIELDS})


def chain_next(prev_chain: str, entry: Mapping[str, Any]) -> str:
    body = {k: v for k, v in entry.items() if k != "chain"}
    return canon.sha256_hex(prev_chain + canon.dumps(body))


def make_entry(
    prev_chain: str,
    *,
    seq: int,
    at: str,
    actor: str,
    by: str,
    command: Mapping[str, Any],
    state_hash: str,
) -> dict[str, Any]:
    entry = {
        "seq": seq,
        "at": at,
        "actor": actor,
        "by": by,
        "command": dict(command),
        "state_hash": state_hash,
    }
    entry["chain"] = chain_next(prev_chain, entry)
    return entry


@dataclass
class Record:
    header: dict[str, Any]
    entries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def head(self) -> str:
        return self.entries[-1]["chain"] if self.entries else genesis(self.header)

    def lines(self) -> Iterator[str]:
        yield canon.dumps(self.header)
        for entry in self.entries:
            yield canon.dumps(entry)

    def dumps(self) -> str:
        return "".join(line + "\n" for line in self.lines())

    def write(self, handle: IO[str]) -> None:
        for line in self.lines():
            handle.write(line + "\n")


@dataclass
class ReadResult:
    """What a reader found: the record as far as it could be read, and every error by line."""

    record: Record | None
    errors: list[RecordError]
    entry_lines: list[int] = field(default_factory=list)  #: source line of each entry

    @property
    def ok(self) -> bool:
        return self.record is not None and not self.errors


def entry_problem(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return "an entry is a JSON object"
    missing = [k for k in ENTRY_FIELDS if k not in obj]
    if missing:
        return f"entry lacks {', '.join(missing)}"
    extra = sorted(set(obj) - set(ENTRY_FIELDS))
    if extra:
        return f"unknown entry field(s) {', '.join(extra)}"
    if not isinstance(obj["seq"], int) or isinstance(obj["seq"], bool) or obj["seq"] < 1:
        return "seq must be a positive integer"
    if not isinstance(obj["command"], dict):
        return "command must be an object"
    for key in ("at", "actor", "by", "state_hash", "chain"):
        if not isinstance(obj[key], str):
            return f"{key} must be a string"
    return None


def _header_problem(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return "the header is a JSON object"
    if obj.get("format") != FORMAT:
        return f"unsupported format {obj.get('format')!r} (this reader reads {FORMAT})"
    for key, kind in (("game", str), ("rules_version", int), ("seats", list), ("options", dict),
                      ("seed_commitment", str), ("created", str), ("cardset", dict)):
        if not isinstance(obj.get(key), kind):
            return f"header field {key!r} missing or not a {kind.__name__}"
    if obj.get("table") not in TABLES:
        return f"header field 'table' must be one of {', '.join(TABLES)}"
    for i, seat in enumerate(obj["seats"], start=1):
        if not isinstance(seat, dict) or seat.get("id") != f"p{i}" or not isinstance(seat.get("name"), str):
            return f"seat {i} must be {{\"id\": \"p{i}\", \"name\": ...}}"
    return None


def _load_line(text: str) -> Any:
    """One line as JSON data that can be hashed: no floats, NaN or lone surrogates."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise ValueError("not JSON kifu can read: nested too deeply") from None
    try:
        canon.check_plain(obj)
        canon.dumps(obj).encode("utf-8")
    except TypeError as exc:
        raise ValueError(f"not JSON kifu can hash: {exc}") from None
    except UnicodeEncodeError:
        raise ValueError("not JSON kifu can hash: a lone surrogate (\\ud800-\\udfff) in a string") from None
    except (ValueError, RecursionError):
        raise ValueError("not JSON kifu can hash: NaN, Infinity or nesting too deep") from None
    return obj


def read(lines: Iterable[str]) -> ReadResult:
    """Read a record from JSON Lines, collecting every error with its line number.

    Blank lines are skipped. A broken entry line is reported and skipped so that one
    bad line does not hide the next; ``verify`` then reports the seq gap it leaves.
    """
    errors: list[RecordError] = []
    header: dict[str, Any] | None = None
    entries: list[dict[str, Any]] = []
    entry_lines: list[int] = []
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if not text:
            continue
        try:
            obj = _load_line(text)
        except ValueError as exc:
            errors.append(RecordError(str(exc), number))
            if header is None:
                return ReadResult(None, errors)
            continue
        if header is None:
            problem = _header_problem(obj)
            if problem:
                errors.append(RecordError(problem, number))
                return ReadResult(None, errors)
            header = obj
            continue
        problem = entry_problem(obj)
        if problem:
            errors.append(RecordError(problem, number))
            continue
        entries.append(obj)
        entry_lines.append(number)
    if header is None:
        errors.append(RecordError("empty record: no header line", 1))
        return ReadResult(None, errors)
    return ReadResult(Record(header, entries), errors, entry_lines)


def read_text(text: str) -> ReadResult:
    return read(text.splitlines())
