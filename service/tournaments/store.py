"""An event's stream of organizer entries in Redis, appended with an expected seq.

``kifu:event:{<eid>}:log`` is a stream (never trimmed) whose entry ``<seq>-0`` holds one
canonical-JSON ``entry`` field; ``kifu:event:index`` is a sorted set of event ids by
creation time. Appending is one Lua script: it compares the caller's expected seq with
the stream's length and XADDs only if they agree, so two organizers deciding on the same
state cannot both write (the match store's rule, ``kifu.service.store``). Only ids that pass
``check_event_id`` reach a key (no ``{``, ``}`` or ``*``).
"""
from __future__ import annotations

import json
import re
import time
from typing import Any, Mapping

from kifu.replays import canon
from kifu.service.errors import Conflict, NotFound, StoreCorrupt
from kifu.service.ids import ALPHABET, LENGTH, new_match_id

PREFIX = "kifu:event:"
INDEX = "kifu:event:index"
EVENT_ID = re.compile(r"^ev[0-9a-hjkmnp-tv-z]{%d}$" % LENGTH)
assert set(ALPHABET) <= set("0123456789abcdefghjkmnpqrstvwxyz")

APPEND = """
local n = redis.call('XLEN', KEYS[1])
if tonumber(ARGV[1]) ~= n then return {'stale', n} end
redis.call('XADD', KEYS[1], (n + 1) .. '-0', 'entry', ARGV[2])
return {'ok', n + 1}
"""


def new_event_id() -> str:
    """``ev`` + a match id's 20 random characters (a different length: never mistaken for one)."""
    return "ev" + new_match_id()


def check_event_id(value: Any) -> str:
    """``value`` if it is a well-formed event id, else ``NotFound`` (it names no event)."""
    if isinstance(value, str) and EVENT_ID.match(value):
        return value
    raise NotFound(f"no event {value!r}" if isinstance(value, str) and len(value) <= 64 else "no such event")


def log_key(eid: str) -> str:
    return f"{PREFIX}{{{eid}}}:log"


def marker_key(eid: str, what: str) -> str:
    """A once-only marker of the event (a next game created, a deck call opened)."""
    return f"{PREFIX}{{{eid}}}:once:{what}"


def _s(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


class EventStore:
    """Read and append one event's entries."""

    def __init__(self, client: Any):
        self.client = client
        self._append = client.register_script(APPEND)

    def entries(self, eid: str) -> list[dict[str, Any]]:
        """Every entry, oldest first (``[]`` for no such event)."""
        out = []
        for raw_id, fields in self.client.xrange(log_key(check_event_id(eid))):
            value = fields.get("entry", fields.get(b"entry"))
            try:
                out.append(json.loads(_s(value)))
            except (TypeError, ValueError):
                raise StoreCorrupt(f"event {eid}: entry {_s(raw_id)} is not an entry") from None
        return out

    def append(self, eid: str, entry: Mapping[str, Any], *, expected: int) -> int:
        """Append ``entry`` as seq ``expected + 1``; ``Conflict`` if the event moved meanwhile."""
        code, seq = self._append(keys=[log_key(check_event_id(eid))], args=[expected, canon.dumps(dict(entry))])
        if _s(code) != "ok":
            raise Conflict(int(seq), f"event {eid} changed meanwhile (it is at seq {int(seq)}, not {expected}); "
                                     "look again and retry")
        if entry.get("type") == "create":
            self.client.zadd(INDEX, {eid: time.time()})
        return int(seq)

    def once(self, eid: str, what: str) -> bool:
        """True the first time ``what`` is claimed for this event, False ever after."""
        return bool(self.client.set(marker_key(eid, what), "1", nx=True))

    def claim(self, eid: str, what: str, *, lease_ms: int) -> bool:
        """True if this caller now holds ``what`` for ``lease_ms`` (nobody else did): the
        lock around creating a table's game, which then expires by itself (a holder
        that died leaves nothing stuck)."""
        return bool(self.client.set(marker_key(eid, f"claim:{what}"), "1", nx=True, px=lease_ms))

    def release(self, eid: str, what: str) -> None:
        """Give up a claim (its game was not created after all)."""
        self.client.delete(marker_key(eid, f"claim:{what}"))

    def ids(self, limit: int = 100) -> list[str]:
        """Event ids, newest first."""
        return [_s(x) for x in self.client.zrevrange(INDEX, 0, limit - 1)]
