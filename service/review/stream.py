"""The match's review stream ``kifu:m:{<mid>}:review``: variations and shape sets.

Append-only like the notes stream (never trimmed; a deletion is a new entry), in the
match's hash slot. Each entry is one canonical-JSON ``event`` field:

- a variation: ``kind: "variation", step, base`` (the record's chain at ``step``),
  ``title, commands, seed, hashes, by, role, author, at``; its id is its stream id;
- a variation's deletion: ``kind: "variation", replaces, deleted: true, by, role, author, at``;
- a shape set: ``kind: "shapes", step, perspective, note, shapes, by, role, author, at``
  (the last set written for one (step, perspective, note) is the current one).

``seed`` (the variation's own) is kept for replaying it; it tells nothing of the match.
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

from kifu.replays import canon
from kifu.service import keys
from kifu.service.errors import NotFound, StoreCorrupt
from kifu.service.ids import check_match_id


def key(mid: str) -> str:
    return keys.match_key(check_match_id(mid), "review")


def _s(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def events(client: Any, mid: str) -> list[tuple[str, dict[str, Any]]]:
    """Every event ``(id, event)``, oldest first."""
    out = []
    for raw_id, fields in client.xrange(key(mid)):
        raw = {_s(k): v for k, v in fields.items()}.get("event")
        try:
            out.append((_s(raw_id), json.loads(_s(raw))))
        except (TypeError, ValueError):
            raise StoreCorrupt(f"match {mid}: review entry {_s(raw_id)} is not an event") from None
    return out


def append(client: Any, mid: str, event: Mapping[str, Any]) -> str:
    """Append one event (the match must exist: a review stream never outlives its match)."""
    if not client.exists(keys.meta(check_match_id(mid))):
        raise NotFound(f"no match {mid}")
    return _s(client.xadd(key(mid), {"event": canon.dumps(dict(event))}))


def order(event_id: str) -> tuple[int, int]:
    ms, _, n = event_id.partition("-")
    return int(ms), int(n or 0)


def fold_variations(evs: Iterable[tuple[str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """The live variations, by step then age; each with its ``id``."""
    live: dict[str, dict[str, Any]] = {}
    for event_id, event in evs:
        if event.get("kind") != "variation":
            continue
        target = event.get("replaces")
        if target is None:
            live[event_id] = {"id": event_id, **{k: v for k, v in event.items() if k != "kind"}}
        elif event.get("deleted"):
            live.pop(target, None)
    return sorted(live.values(), key=lambda v: (v["step"], order(v["id"])))


def fold_shapes(evs: Iterable[tuple[str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """The current shape sets (not the emptied ones), by step; each with the id of its last write."""
    current: dict[tuple[Any, ...], dict[str, Any]] = {}
    for event_id, event in evs:
        if event.get("kind") != "shapes":
            continue
        k = (event["step"], event["perspective"], event.get("note"))
        if event["shapes"]:
            current[k] = {"id": event_id, **{k2: v for k2, v in event.items() if k2 != "kind"}}
        else:
            current.pop(k, None)
    return sorted(current.values(), key=lambda s: (s["step"], s["perspective"], s.get("note") or ""))
