"""Annotations and variations as JSON Lines, anchored to the record's chain.

The first line is the header: ``{"kifu_review": 1, "game", "rules_version", "match",
"head": {"seq", "chain"}}``: the record's head chain when exported. Then one item per
line, each with the ``step`` it is about and that step's ``anchor`` (the record's chain
after entry ``step``, its genesis at 0), so an export names the record it belongs to and
not a match id (an imported copy of the record has the same chains):

- ``{"type": "note", "id", "step", "anchor", "text", "glyph", "by", "at"}``
- ``{"type": "shapes", "step", "anchor", "perspective", "note", "shapes", "by", "at"}``
  (``note``: the id of a note of this export, or null)
- ``{"type": "variation", "id", "step", "anchor", "title", "commands", "seed", "hashes",
  "by", "at"}``: ``seed`` is the variation's own (never the match's), ``hashes`` its
  state hashes keyed by it, so ``verify`` replays it from the record alone.

``read`` parses; ``verify`` checks an export against a record (its anchors, and that
every variation replays to its hashes): ``kifu review verify``. ``Review``-level import
lives in ``kifu.service.review.service.import_review`` via ``load_into``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from kifu.replays import canon, engine, judging, records
from kifu.replays.errors import RuleViolation, SchemaError
from kifu.replays.verify import verify_text
from kifu.service.errors import BadRequest
from kifu.service.review import variations

FORMAT = 1
TYPES = ("note", "shapes", "variation")
MAX_ITEMS = 10000


def dumps(header: Mapping[str, Any], items: Iterable[Mapping[str, Any]]) -> str:
    return "".join(canon.dumps(dict(line)) + "\n" for line in (header, *items))


@dataclass
class Export:
    header: dict[str, Any]
    items: list[dict[str, Any]] = field(default_factory=list)


def read(text: Any) -> Export:
    """Parse an export; ``BadRequest`` naming the first bad line."""
    if not isinstance(text, str) or not text.strip():
        raise BadRequest({"review": ["an export is JSON Lines text"]})
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) > MAX_ITEMS + 1:
        raise BadRequest({"review": [f"at most {MAX_ITEMS} items"]})
    parsed = []
    for n, line in enumerate(lines, 1):
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise BadRequest({"review": [f"line {n}: not JSON ({exc})"]}) from None
        if not isinstance(value, dict):
            raise BadRequest({"review": [f"line {n}: not an object"]})
        parsed.append(value)
    header = parsed[0]
    head = header.get("head")
    if header.get("kifu_review") != FORMAT or not isinstance(head, dict) or not isinstance(head.get("seq"), int) \
            or not isinstance(head.get("chain"), str) or not isinstance(header.get("game"), str):
        raise BadRequest({"review": ["line 1: the header {kifu_review: 1, game, rules_version, head: {seq, chain}}"]})
    for n, item in enumerate(parsed[1:], 2):
        if item.get("type") not in TYPES:
            raise BadRequest({"review": [f"line {n}: type is one of {', '.join(TYPES)}"]})
        step = item.get("step")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= head["seq"]:
            raise BadRequest({"review": [f"line {n}: step from 0 to the head's seq {head['seq']}"]})
        if not isinstance(item.get("anchor"), str):
            raise BadRequest({"review": [f"line {n}: anchor, the record's chain at its step"]})
    return Export(header, parsed[1:])


def chains_of(header: Mapping[str, Any], entries: list[Mapping[str, Any]]) -> list[str]:
    """The record's chain after each step: index 0 the genesis, index n entry n's chain."""
    return [records.genesis(header), *(e["chain"] for e in entries)]


def check_anchors(export: Export, chains: list[str]) -> list[str]:
    """Every anchor (the head's and each item's) against the record's chains: the problems."""
    problems = []
    head = export.header["head"]
    if head["seq"] >= len(chains) or chains[head["seq"]] != head["chain"]:
        problems.append(f"head: this record has no chain {head['chain'][:16]}… at step {head['seq']} "
                        "(another record, or one cut short)")
        return problems
    for n, item in enumerate(export.items, 2):
        if chains[item["step"]] != item["anchor"]:
            problems.append(f"line {n}: {item['type']} at step {item['step']}: anchor {item['anchor'][:16]}… is "
                            f"not the record's chain {chains[item['step']][:16]}…")
    return problems


@dataclass
class Report:
    ok: bool
    problems: list[str]
    notes: int = 0
    shapes: int = 0
    variations: int = 0


def verify(text: str, record_text: str, *, lookup: Callable[[Mapping[str, Any]], Any]) -> Report:
    """Check an export against its record: the record verifies with its seed revealed, every
    anchor is the record's chain at its step, every variation replays to its hashes."""
    try:
        export = read(text)
    except BadRequest as exc:
        return Report(False, [f"review: {exc.errors}"])
    report = verify_text(record_text, lookup=lookup)
    if not report.ok:
        d = report.divergence
        return Report(False, [f"record: line {d.line}: {d.kind}: {d.message}"])
    if not report.replayed:
        return Report(False, ["record: its seed is not revealed, so variations cannot be replayed from it"])
    record = records.read_text(record_text).record
    assert record is not None
    if export.header["game"] != record.header["game"]:
        return Report(False, [f"header: an export of {export.header['game']}, a record of {record.header['game']}"])
    problems = check_anchors(export, chains_of(record.header, record.entries))
    if problems:
        return Report(False, problems)
    rules = judging.judged(lookup(record.header), len(record.header["seats"]))
    wanted = {item["step"] for item in export.items if item["type"] == "variation"}
    states = states_at(rules, record, wanted)
    counts = {t: 0 for t in TYPES}
    for n, item in enumerate(export.items, 2):
        counts[item["type"]] += 1
        if item["type"] != "variation":
            continue
        try:
            commands = variations.check_commands(rules, item.get("commands"))
            seed = item.get("seed")
            if not isinstance(seed, str):
                raise BadRequest({"seed": ["missing"]})
            line = variations.play(rules, states[item["step"]], commands, seed)
        except BadRequest as exc:
            problems.append(f"line {n}: variation: {exc.errors}")
            continue
        except variations.VariationRejected as exc:
            problems.append(f"line {n}: variation does not replay: [{exc.rule}] {exc.message}")
            continue
        if line.hashes != item.get("hashes"):
            problems.append(f"line {n}: variation replays to other state hashes than it was exported with")
    return Report(not problems, problems, counts["note"], counts["shapes"], counts["variation"])


def states_at(rules: Any, record: records.Record, steps: set[int]) -> dict[int, Any]:
    """The omniscient states after the given steps, by one fold of the (verified) record."""
    header = record.header
    state = engine.initial_state(rules, header, header["seed"], header.get("deal"))
    history = [state]
    out = {0: state} if 0 in steps else {}
    for entry in record.entries:
        command = entry["command"]
        try:
            state = rules.decide(state, command, state_at=history.__getitem__) if judging.is_judge(command) \
                else rules.apply(state, command)
        except (RuleViolation, SchemaError):  # the record verified: this cannot happen
            raise
        history.append(state)
        if entry["seq"] in steps:
            out[entry["seq"]] = state
    return out
