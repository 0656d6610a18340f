"""Replaying a record from its header and reporting the first entry that differs.

What is checked, in order, for each entry: its seq follows the previous one, its chain
hash, its actor, its command's schema and legality (``RuleViolation`` names the rule),
and, when the seed is known, the state hash after applying it. The first failure is
reported with its line; nothing after it is trusted.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from kifu.replays import canon, engine, judging, records, registry
from kifu.replays.errors import CommandError, RuleViolation, SchemaError
from kifu.replays.rules import Rules, seat_ids


@dataclass
class Divergence:
    """The first place a record stops agreeing with the rules; ``line`` is 1-based."""

    seq: int | None
    line: int | None
    what: str  # "chain" | "state_hash" | "illegal" | "schema" | "seq" | "actor" | "seed" | "header" | "read"
    message: str
    expected: str | None = None
    actual: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "header"
        seq = f", seq {self.seq}" if self.seq is not None else ""
        return f"{where}{seq}: {self.what}: {self.message}"


@dataclass
class Report:
    ok: bool
    entries: int = 0
    head: str | None = None
    seed: str = "absent"  # "matches" | "mismatch" | "absent"
    replayed: bool = False  # state hashes checked (needs the seed)
    divergence: Divergence | None = None
    outcome: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "divergence"}
        out["divergence"] = self.divergence.to_json() if self.divergence else None
        return out


def _fail(report: Report, divergence: Divergence) -> Report:
    report.ok = False
    report.divergence = divergence
    return report


def verify(
    record: records.Record,
    *,
    lines: list[int] | None = None,
    lookup: Callable[[Mapping[str, Any]], Rules] = registry.for_header,
    seed: str | None = None,
    deal: list | None = None,
) -> Report:
    """Replay ``record`` and report the first divergence.

    Without a seed (a live match's public export) only the chain, seqs and schema are
    checked and ``replayed`` stays False; ``seed`` (and a physical table's ``deal``) may be
    passed in by a judge. ``lookup`` binds the rules to the card set the header names.
    """
    report = Report(ok=True)
    header = record.header

    def line(i: int) -> int | None:
        return lines[i] if lines and i < len(lines) else None

    try:
        rules = lookup(header)
    except KeyError as exc:
        return _fail(report, Divergence(None, 1, "header", str(exc)))
    if header["rules_version"] != rules.version:
        return _fail(report, Divergence(None, 1, "header",
                     f"recorded with {rules.id} rules version {header['rules_version']}, which this kifu does not "
                     f"have (it plays version {rules.version}): verify it with a kifu release that has "
                     f"{rules.id} version {header['rules_version']}",
                     expected=str(rules.version), actual=str(header["rules_version"])))
    players = len(header["seats"])
    if players not in rules.seats:
        return _fail(report, Divergence(None, 1, "header", f"{players} seats; {rules.id} allows {rules.seats}"))
    rules = judging.judged(rules, players)
    keep = any(e["command"].get("type") == "backup" for e in record.entries if isinstance(e.get("command"), dict))
    deal = header.get("deal", deal)
    if deal is not None and canon.digest(deal) != header.get("deal_commitment"):
        return _fail(report, Divergence(None, 1, "seed", "the revealed deal does not match deal_commitment",
                                        expected=header.get("deal_commitment"), actual=canon.digest(deal)))

    seed = header.get("seed", seed)
    if seed is not None:
        if canon.sha256_hex(seed) != header["seed_commitment"]:
            report.seed = "mismatch"
            return _fail(report, Divergence(None, 1, "seed", "the revealed seed does not match seed_commitment",
                                            expected=header["seed_commitment"], actual=canon.sha256_hex(seed)))
        report.seed = "matches"
    else:
        report.warnings.append("seed not revealed: chain and schema checked, state hashes not replayed")

    state = None
    if seed is not None:
        try:
            state = engine.initial_state(rules, header, seed, deal)
        except (CommandError, ValueError, KeyError, TypeError) as exc:
            return _fail(report, Divergence(None, 1, "header", f"options rejected by setup: {exc}"))
    actors = set(seat_ids(players)) | set(records.ACTORS_EXTRA)
    prev = records.genesis(header)
    states = [state]  # a backup reads the states before it (kept only if there is one)
    for i, entry in enumerate(record.entries):
        seq = i + 1
        where = line(i)
        if entry["seq"] != seq:
            return _fail(report, Divergence(entry["seq"], where, "seq", f"expected seq {seq}, found {entry['seq']}",
                                            expected=str(seq), actual=str(entry["seq"])))
        chain = records.chain_next(prev, entry)
        if entry["chain"] != chain:
            return _fail(report, Divergence(seq, where, "chain", "chain hash differs (the entry or one before it was altered)",
                                            expected=chain, actual=entry["chain"]))
        if entry["actor"] not in actors:
            return _fail(report, Divergence(seq, where, "actor", f"unknown actor {entry['actor']!r}"))
        command = entry["command"]
        if isinstance(command, dict) and judging.is_judge(command):
            if entry["actor"] != "judge":
                return _fail(report, Divergence(seq, where, "actor", f"a {command['type']} is recorded by actor judge"))
            if command.get("seq") != seq:
                return _fail(report, Divergence(seq, where, "seq", f"the judge entry says seq {command.get('seq')}",
                                                expected=str(seq), actual=str(command.get("seq"))))
        after = None
        try:
            engine.validate(rules, command)
            if state is not None:
                after = rules.decide(state, command, state_at=states.__getitem__) if judging.is_judge(command) \
                    else rules.decide(state, command)
        except SchemaError as exc:
            return _fail(report, Divergence(seq, where, "schema", f"malformed command: {exc.errors}"))
        except RuleViolation as exc:
            return _fail(report, Divergence(seq, where, "illegal", f"[{exc.rule}] {exc.message}"))
        if state is not None:
            state = after
            if keep:
                states.append(state)
            actual = canon.state_hash(state, seed)
            if entry["state_hash"] != actual:
                return _fail(report, Divergence(seq, where, "state_hash", "state hash after this entry differs",
                                                expected=actual, actual=entry["state_hash"]))
        prev = chain
        report.entries = seq
    report.head = prev
    report.replayed = state is not None
    if state is not None:
        outcome = rules.outcome(state)
        report.outcome = outcome.to_json() if outcome else None
    return report


def verify_text(text: str, **kwargs: Any) -> Report:
    """Read and verify; a read error is the first divergence."""
    result = records.read_text(text)
    if result.errors:
        first = result.errors[0]
        return Report(ok=False, divergence=Divergence(None, first.line, "read", first.message))
    assert result.record is not None
    return verify(result.record, lines=result.entry_lines, **kwargs)
