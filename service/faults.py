"""Per-request reads that must not let one dead Redis node stall every request.

A request reads a few keys that are not its match's: its token's record, its web
session, its rate-limit counters. On a Redis Cluster those keys are spread over every
primary (no hash tag), so while one primary is dead (killed, and its replica not yet
promoted: a few seconds) most requests would touch it and fail, whichever shard their
match lives on. ``Guard`` (one per client, ``guard(client)``) keeps that cost to the
requests that need the dead node for their own data:

- a lookup of a token or a session goes to Redis as always, and its answer is
  remembered; when Redis cannot answer, a verdict Redis gave within the last ``grace``
  seconds stands in for it (``read``). A token in use (looked up within ``grace``) is
  therefore not refused because a node that holds nothing of its match is down (one idle
  for longer is, with a 503, until the failover ends), and revocation still works: a token
  deleted from Redis is refused at its next lookup, except while its node cannot answer,
  and even then only until ``grace`` seconds after it was last verified, so at most
  ``grace`` seconds after it was revoked (default 5 s, ``KIFU_AUTH_GRACE_SECONDS``);
- a node that just failed is remembered for ``hold`` seconds (``down``), so that the
  next requests neither wait for it nor make the client re-learn the slot map again:
  a read with a remembered verdict skips it, and rate-limit counters on it are not
  counted (``kifu.service.limits``: a limit fails open, it is not data).

Nothing here is shared between processes; each worker verifies on its own.
"""
from __future__ import annotations

import threading
import time
import weakref
from collections import OrderedDict
from typing import Any, Callable

import redis

#: seconds a verdict Redis gave stands in while its node cannot answer
GRACE_SECONDS = 5.0
#: seconds a node that failed is skipped by reads that have something to fall back on
HOLD_SECONDS = 1.0


def unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` says Redis (or the node owning a key) cannot answer now, rather than
    that we asked something wrong: a lost connection, a timeout, a slot without a primary."""
    if isinstance(exc, redis.exceptions.CrossSlotTransactionError):
        return False
    return isinstance(exc, (redis.ConnectionError, redis.TimeoutError, redis.exceptions.ClusterError,
                            redis.exceptions.RedisClusterException))


class Guard:
    """Remembered verdicts and recently failed nodes of one redis-py client. Thread-safe."""

    def __init__(self, client: Any, *, grace: float = GRACE_SECONDS, hold: float = HOLD_SECONDS,
                 size: int = 65536, clock: Callable[[], float] = time.monotonic) -> None:
        self._client = weakref.ref(client)
        self.grace, self.hold, self.size, self.clock = grace, hold, size, clock
        self._lock = threading.Lock()
        self._verdicts: OrderedDict[str, tuple[float, Any]] = OrderedDict()
        self._down: dict[str, float] = {}
        self.stats = {"stood_in": 0, "skipped": 0, "failed": 0}

    # -- nodes ------------------------------------------------------------------------

    def node(self, key: str) -> str:
        """The name of the node that owns ``key`` as this client knows it (no round trip)."""
        client = self._client()
        get_node = getattr(client, "get_node_from_key", None)
        if get_node is None:
            return ""
        try:
            return get_node(key).name
        except (redis.RedisError, redis.exceptions.RedisClusterException, AttributeError):
            return "?"

    def down(self, key: str) -> bool:
        """Whether ``key``'s node failed within the last ``hold`` seconds."""
        name = self.node(key)
        with self._lock:
            until = self._down.get(name)
            if until is None:
                return False
            if until <= self.clock():
                del self._down[name]
                return False
            return True

    def failed(self, key: str) -> None:
        """``key``'s node just failed to answer."""
        name = self.node(key)
        with self._lock:
            self._down[name] = self.clock() + self.hold
            self.stats["failed"] += 1

    # -- verdicts ---------------------------------------------------------------------

    def read(self, key: str, fetch: Callable[[], Any]) -> Any:
        """``fetch()`` (a read of ``key``), remembered when it finds something; while
        ``key``'s node cannot answer, what it found within ``grace`` seconds instead.

        A fetch that finds nothing (a revoked token, an ended session) forgets at once.
        Without a recent verdict the node's error is raised (the caller's 503)."""
        remembered = self._recent(key)
        if remembered is not None and self.down(key):
            self.stats["skipped"] += 1
            return remembered
        try:
            value = fetch()
        except Exception as exc:
            if not unreachable(exc):
                raise
            self.failed(key)
            if remembered is None:
                raise
            self.stats["stood_in"] += 1
            return remembered
        with self._lock:
            if value:
                self._verdicts[key] = (self.clock(), value)
                self._verdicts.move_to_end(key)
                while len(self._verdicts) > self.size:
                    self._verdicts.popitem(last=False)
            else:
                self._verdicts.pop(key, None)
        return value

    def forget(self, key: str) -> None:
        """Drop ``key``'s verdict (this process revoked the token or ended the session)."""
        with self._lock:
            self._verdicts.pop(key, None)

    def _recent(self, key: str) -> Any:
        with self._lock:
            found = self._verdicts.get(key)
            if found is None:
                return None
            if self.clock() - found[0] > self.grace:
                del self._verdicts[key]
                return None
            return found[1]


_GUARDS: "weakref.WeakKeyDictionary[Any, Guard]" = weakref.WeakKeyDictionary()
_GUARDS_LOCK = threading.Lock()


def guard(client: Any) -> Guard:
    """The ``Guard`` of ``client`` (made at first use; it lives as long as the client)."""
    try:
        return _GUARDS[client]
    except KeyError:
        pass
    with _GUARDS_LOCK:
        found = _GUARDS.get(client)
        if found is None:
            found = _GUARDS[client] = Guard(client)
        return found
