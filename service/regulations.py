"""Regulations in Redis by digest: the restricted and banned lists organizers import
(``kifu cards regulation import``) and a match or an event names in its options.

Keys (``kifu.service.keys``)::

    kifu:regulation:<digest>   hash: data (canonical JSON, exactly what was hashed), game, id,
                               title, as_of, entries, imported (UTC)
    kifu:regulations:<game>    hash: digest -> id, the index ``list`` reads

A game that has regulations gives its rules ``load_regulation(data)`` (validates, raising
an error with ``errors``) and ``shipped_regulations()`` (its own files, imported when the
service starts as demo card sets are). A match's options name one by id or digest
(``"regulation": "official"``); ``expand`` puts the regulation itself there, with its
digest and the day the match is played, so that the header holds what the deck check read
and a record verifies without the store. An id several stored regulations share names the
newest (``as_of``, then the one imported last): an organizer replaces a regulation by
importing a newer file of the same id.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable, Mapping

from kifu.replays import canon
from kifu.replays.demo import iso
from kifu.replays.rules import Rules
from kifu.service import keys
from kifu.service.cardsets import DIGEST
from kifu.service.errors import StoreCorrupt, Unprocessable


def _s(value: Any) -> Any:
    return value.decode("utf-8") if isinstance(value, bytes) else value


class UnknownRegulation(Unprocessable):
    """No regulation of the game has this id or digest."""

    error = "unknown_regulation"


#: the official game dates its regulations in Japan time (施行日): a match's day is taken there
JST = timedelta(hours=9)


def regulation_day(now: datetime) -> str:
    """The day (YYYY-MM-DD, Japan time) a match created at ``now`` is played under."""
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)
    return (now.astimezone(timezone.utc) + JST).date().isoformat()


def has_regulations(rules: Rules) -> bool:
    return callable(getattr(rules, "load_regulation", None))


@dataclass(frozen=True)
class StoredRegulation:
    game: str
    id: str
    digest: str
    title: str
    as_of: str
    entries: int
    imported: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class RegulationStore:
    """``put`` / ``get`` / ``list`` / ``find`` / ``expand`` over one redis-py client."""

    def __init__(self, client: Any):
        self.client = client

    def put(self, rules: Rules, data: Any, *, now: datetime | None = None) -> tuple[dict[str, Any], str, bool]:
        """Validate ``data`` with ``rules``' regulation format and store it: ``(regulation,
        digest, newly stored)``. The game's error (with ``errors``) before any write."""
        if not has_regulations(rules):
            raise Unprocessable({"game": [f"{rules.id} has no regulations"]})
        reg = rules.load_regulation(data)
        digest = canon.digest(reg)
        key = keys.regulation(digest)
        new = self.client.hget(key, "game") is None
        if new:
            self.client.hset(key, mapping={
                "data": canon.dumps(reg), "game": rules.id, "id": reg["id"], "title": reg["title"],
                "as_of": reg["as_of"], "entries": str(len(reg["restricted"]) + len(reg["banned"])),
                "imported": iso(now or datetime.now(timezone.utc)),
            })
        self.client.hset(keys.regulations(rules.id), digest, reg["id"])
        return reg, digest, new

    def get(self, digest: str) -> tuple[StoredRegulation, dict[str, Any]] | None:
        if not isinstance(digest, str) or not DIGEST.match(digest):
            return None
        raw = {_s(k): _s(v) for k, v in self.client.hgetall(keys.regulation(digest)).items()}
        if not raw:
            return None
        try:
            data = json.loads(raw["data"])
            info = StoredRegulation(raw["game"], raw["id"], digest, raw["title"], raw["as_of"],
                                    int(raw.get("entries", 0)), raw.get("imported", ""))
        except (KeyError, ValueError):
            raise StoreCorrupt(f"regulation {digest[:12]}… is not stored whole") from None
        if canon.digest(data) != digest:
            raise StoreCorrupt(f"regulation {digest[:12]}… does not hash to its digest")
        return info, data

    def list(self, game: str | None = None) -> list[StoredRegulation]:  # noqa: A003 - as CardSetStore.list
        if game is None:
            index_keys = sorted(_s(k) for k in self.client.scan_iter(match=keys.regulations("*"), count=500))
        else:
            index_keys = [keys.regulations(game)]
        digests = [d for key in index_keys for d in sorted(_s(x) for x in self.client.hkeys(key))]
        out = []
        for digest in digests:
            values = [_s(v) for v in self.client.hmget(keys.regulation(digest), "game", "id", "title", "as_of",
                                                       "entries", "imported")]
            g, rid, title, as_of, entries, imported = values
            if g is None or (game is not None and g != game):
                continue
            out.append(StoredRegulation(g, rid, digest, title or rid, as_of or "", int(entries or 0), imported or ""))
        return sorted(out, key=lambda r: (r.game, r.id, r.as_of, r.imported, r.digest))

    def find(self, rules: Rules, name: str) -> tuple[dict[str, Any], str]:
        """The regulation ``name`` (an id or a digest) names for ``rules``: (data, digest)."""
        if not has_regulations(rules):
            raise UnknownRegulation({"regulation": [f"{rules.id} has no regulations"]})
        if DIGEST.match(name):
            found = self.get(name)
            if found is not None and found[0].game == rules.id:
                return rules.load_regulation(found[1]), name
            shipped = {canon.digest(r): r for r in map(rules.load_regulation, rules.shipped_regulations())}
            if name in shipped:
                return shipped[name], name
            raise UnknownRegulation({"regulation": [f"no regulation of {rules.id} has digest {name[:12]}…"]})
        stored = [r for r in self.list(rules.id) if r.id == name]
        candidates = [((r.as_of, 1, r.imported), r.digest) for r in stored]
        for reg in map(rules.load_regulation, rules.shipped_regulations()):
            if reg["id"] == name:
                candidates.append(((reg["as_of"], 0, ""), canon.digest(reg)))
        if not candidates:
            known = sorted({r.id for r in self.list(rules.id)} |
                           {r["id"] for r in rules.shipped_regulations()})
            raise UnknownRegulation({"regulation": [f"no regulation {name!r} of {rules.id}; known: "
                                                    f"{', '.join(known) or 'none'}"]})
        _, digest = max(candidates)
        found = self.get(digest)
        if found is not None:
            return rules.load_regulation(found[1]), digest
        return next(r for r in map(rules.load_regulation, rules.shipped_regulations())
                    if canon.digest(r) == digest), digest

    def expand(self, rules: Rules, options: Mapping[str, Any] | None, day: str) -> Mapping[str, Any] | None:
        """``options`` with a regulation named by id or digest replaced by the regulation
        itself, its ``digest`` and the ``date`` it is played under (``day``, YYYY-MM-DD)."""
        if not isinstance(options, Mapping) or not isinstance(options.get("regulation"), str):
            return options
        reg, digest = self.find(rules, options["regulation"])
        return {**options, "regulation": {**reg, "digest": digest, "date": day}}

    def import_shipped(self, games: Iterable[Rules]) -> int:
        """Store every shipped regulation of ``games`` not stored yet (idempotent)."""
        made = 0
        for rules in games:
            if has_regulations(rules):
                for data in rules.shipped_regulations():
                    made += self.put(rules, data)[2]
        return made
