"""Card sets in Redis by digest: what ``kifu cards import`` loads and every match is bound to.

Keys (``kifu.service.keys``)::

    kifu:cardset:<digest>   hash: data (canonical JSON, exactly what was hashed), game, id,
                            title, cards (how many), imported (UTC)
    kifu:cardsets:<game>    hash: digest -> id, the index ``list`` reads

A card set is validated by its game's schema before anything is written (``put``: a
``CardSetError`` whose ``errors`` map field paths to messages, and nothing stored), and
again when it is read for binding (``load``), so a stored set that this kifu's schema no
longer accepts is refused with its field paths instead of being bound. A digest names
content, so a set is written once: importing the same file again changes nothing.

The demo sets a game ships (``Game.demo_cardsets``) are imported the same way when the
service starts (``import_demo``); binding falls back to them even before that.

Converting a stored set into a ``CardSet`` is the expensive part of reading it (hOCG's
full card list: about a second, its texts read into effects), and the new-match form
reads its set on every step. A digest names content, so a set converted once is the same
in every store: ``CONVERTED`` keeps the last few by game, rules version and digest for
the process. ``load`` still asks the store whether it holds the set (one HGET) before it
answers a converted one, so a set deleted from a store is gone from it at once.
"""
from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Iterable

from kifu.replays import canon
from kifu.replays.demo import iso
from kifu.replays.kit.cardset import CardSet, CardSetError
from kifu.replays.rules import Rules
from kifu.service import keys
from kifu.service.errors import StoreCorrupt

DIGEST = re.compile(r"^[0-9a-f]{64}$")


def _s(value: Any) -> Any:
    return value.decode("utf-8") if isinstance(value, bytes) else value


@lru_cache(maxsize=64)
def demo_sets(rules: Rules) -> tuple[CardSet, ...]:
    """The card sets ``rules`` (unbound) ships, loaded and validated once per process."""
    return tuple(rules.demo_cardsets())


def default_set(rules: Rules) -> CardSet:
    """The demo set a match of ``rules`` uses when it names none."""
    for cs in demo_sets(rules):
        if cs.id == rules.default_cardset:
            return cs
    raise LookupError(f"{rules.id} ships no card set {rules.default_cardset!r}")


class Converted:
    """An LRU of converted card sets, keyed by (game, rules version, digest): card sets are
    immutable by digest, and converting one is a pure function of its data and the game's
    code. Thread-safe."""

    def __init__(self, size: int = 4):
        self.size = size
        self._sets: OrderedDict[tuple[str, str, str], CardSet] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def _key(rules: Rules, digest: str) -> tuple[str, str, str]:
        return (rules.id, str(rules.version), digest)

    def get(self, rules: Rules, digest: str) -> CardSet | None:
        key = self._key(rules, digest)
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
            return found

    def put(self, rules: Rules, cs: CardSet) -> None:
        key = self._key(rules, cs.digest)
        with self._lock:
            self._sets[key] = cs
            self._sets.move_to_end(key)
            while len(self._sets) > self.size:
                self._sets.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._sets.clear()

    def __len__(self) -> int:
        return len(self._sets)


#: the process's converted card sets (a few: each full list is tens of MB)
CONVERTED = Converted()


@dataclass(frozen=True)
class StoredCardSet:
    """What the store lists of one card set (its data is read only to bind it)."""

    game: str
    id: str
    digest: str
    title: str
    cards: int
    imported: str

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


class CardSetStore:
    """``put`` / ``get`` / ``load`` / ``list`` over one redis-py client (standalone or cluster)."""

    def __init__(self, client: Any):
        self.client = client

    def put(self, rules: Rules, data: Any, *, now: datetime | None = None) -> tuple[CardSet, bool]:
        """Validate ``data`` (or take a loaded ``CardSet``) with ``rules``' schema and store it.

        Returns ``(card set, newly stored)``. ``CardSetError`` before any write when it does
        not fit the schema, or when the same content is already stored for another game.
        """
        cs = data if isinstance(data, CardSet) else rules.load_cardset(data)
        key = keys.cardset(cs.digest)
        game = _s(self.client.hget(key, "game"))
        if game is not None and game != rules.id:
            raise CardSetError({"_schema": [f"this card set (digest {cs.digest[:12]}…) is stored for {game}, "
                                            f"not {rules.id}"]})
        new = game is None
        if new:
            self.client.hset(key, mapping={
                "data": canon.dumps(cs.data), "game": rules.id, "id": cs.id,
                "title": str(cs.loaded.get("title", cs.id)), "cards": str(len(cs.cards)),
                "imported": iso(now or datetime.now(timezone.utc)),
            })
        CONVERTED.put(rules, cs)  # converted and stored: the next load needs no conversion
        # the index after the set itself, idempotently (another slot in a cluster)
        self.client.hset(keys.cardsets(rules.id), cs.digest, cs.id)
        return cs, new

    def get(self, digest: str) -> tuple[StoredCardSet, dict[str, Any]] | None:
        """The stored set ``digest`` names and its data as imported, or None."""
        if not isinstance(digest, str) or not DIGEST.match(digest):
            return None
        raw = {_s(k): _s(v) for k, v in self.client.hgetall(keys.cardset(digest)).items()}
        if not raw:
            return None
        try:
            data = json.loads(raw["data"])
            info = StoredCardSet(raw["game"], raw["id"], digest, raw.get("title", raw["id"]),
                                 int(raw.get("cards", 0)), raw.get("imported", ""))
        except (KeyError, ValueError):
            raise StoreCorrupt(f"card set {digest[:12]}… is not stored whole") from None
        if canon.digest(data) != digest:
            raise StoreCorrupt(f"card set {digest[:12]}… does not hash to its digest")
        return info, data

    def load(self, rules: Rules, digest: str) -> CardSet | None:
        """The stored set ``digest`` of game ``rules``, validated by its schema, or None.

        ``CardSetError`` if this kifu's schema refuses it (a set imported under another release).
        A set converted before (``CONVERTED``) is answered once the store says it holds it.
        """
        if not isinstance(digest, str) or not DIGEST.match(digest):
            return None
        cached = CONVERTED.get(rules, digest)
        if cached is not None:
            return cached if _s(self.client.hget(keys.cardset(digest), "game")) == rules.id else None
        found = self.get(digest)
        if found is None or found[0].game != rules.id:
            return None
        cs = rules.load_cardset(found[1])
        CONVERTED.put(rules, cs)
        return cs

    def list(self, game: str | None = None) -> list[StoredCardSet]:  # noqa: A003 - the issue names it list
        """The stored sets (of ``game``), by game, id and digest."""
        if game is None:
            index_keys = sorted(_s(k) for k in self.client.scan_iter(match=keys.cardsets("*"), count=500))
        else:
            index_keys = [keys.cardsets(game)]
        digests = [d for key in index_keys for d in sorted(_s(x) for x in self.client.hkeys(key))]
        pipe = self.client.pipeline(transaction=False)
        for digest in digests:
            pipe.hmget(keys.cardset(digest), "game", "id", "title", "cards", "imported")
        out = []
        for digest, values in zip(digests, pipe.execute() if digests else []):
            g, cid, title, cards, imported = (_s(v) for v in values)
            if g is None or (game is not None and g != game):
                continue  # an index entry whose set is gone (or another game's): never shown
            out.append(StoredCardSet(g, cid, digest, title or cid, int(cards or 0), imported or ""))
        return sorted(out, key=lambda c: (c.game, c.id, c.digest))

    def import_demo(self, games: Iterable[Rules]) -> list[CardSet]:
        """Store every demo set of ``games`` not stored yet (idempotent); returns the new ones."""
        made = []
        for rules in games:
            for cs in demo_sets(rules):
                if self.put(rules, cs)[1]:
                    made.append(cs)
        return made
