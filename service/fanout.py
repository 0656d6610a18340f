"""Live follow, fanned out: one reader of Redis per process for every followed match.

A spectator's event stream used to block in its own ``XREAD BLOCK`` (``Store.follow``):
a Redis connection and a server thread per viewer. Here one reader (a thread, so a
greenlet under the gevent worker) blocks in a single ``XREAD`` over the logs of every
match someone follows in this process, and wakes the viewers of a match when its log
grows. A viewer then renders what it has not shown yet itself (``MatchService.history``
and ``info``, as before): the hub carries only "match M has reached seq N", so it holds
no entries and no perspective; redaction stays where it was.

The reader's connection is its own (not the app's pool), so that a new match can be
added to its read at once: ``CLIENT UNBLOCK`` ends the current block, and the next
``XREAD`` includes the new log. When nobody follows anything the reader ends; the next
``subscribe`` starts another. A lost connection is retried with a growing pause; viewers
keep their heartbeats meanwhile and catch up from their own ``last`` once it is back.

Redis Cluster (``ClusterFollowHub``): a node refuses a multi-key command whose keys are
in different slots (CROSSSLOT), even when it owns them all, and every match has its own
hash tag, so one blocking ``XREAD`` cannot cover a node's matches. The cluster hub keeps
one reader per *node* instead: each followed match is routed to the primary that owns its
slot, and each node's reader polls its matches in one pipelined round trip (an ``XREAD``
without ``BLOCK`` per slot) every ``poll_ms``. Per process that is one connection and
``1000 / poll_ms`` round trips a second per node, whatever the number of viewers; a
viewer learns of an entry within ``poll_ms`` (bench/venue.py --cluster measures the lag).
When a primary dies and its replica takes over (``MOVED``, ``CLUSTERDOWN``, a lost
connection), the reader asks the cluster for its slot map again and hands each match to
the node that owns it now. ``FollowHub.for_client`` picks the hub for a client.

With ``--redis-wait`` (``confirmed=True``) a hub reads each match's confirmed mark
(``kifu:m:{<mid>}:acked``, a one-entry stream whose ID is the last seq WAIT confirmed,
``kifu.service.store``) instead of its log: an entry written on a primary but not yet on
its replicas, perhaps never to be acknowledged, wakes nobody.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any

import redis
from redis.cluster import RedisCluster
from redis.crc import key_slot

from kifu.service import keys
from kifu.service.ids import check_match_id

log = logging.getLogger(__name__)


LOG_HEAD, LOG_TAIL = f"{keys.PREFIX}:m:{{", "}:log"
ACKED_TAIL = "}:acked"


def mid_of_log(key: str) -> str | None:
    """``kifu:m:{<mid>}:log`` -> ``<mid>`` (None for anything else)."""
    if key.startswith(LOG_HEAD) and key.endswith(LOG_TAIL):
        return key[len(LOG_HEAD):-len(LOG_TAIL)]
    return None


def mid_of_watched(key: str) -> str | None:
    """The match of a key a hub reads: its log, or its confirmed mark."""
    if key.startswith(LOG_HEAD) and key.endswith(ACKED_TAIL):
        return key[len(LOG_HEAD):-len(ACKED_TAIL)]
    return mid_of_log(key)


class _Topic:
    """One followed match: the highest seq the hub knows, its followers, and their wake-up."""

    __slots__ = ("seen", "followers", "grew")

    def __init__(self, seen: int, lock: threading.Lock) -> None:
        self.seen = seen
        self.followers = 0
        self.grew = threading.Condition(lock)  # one per match: an entry wakes only that match's viewers


class FollowHub:
    """Wakes every follower of a match when its log grows; one ``XREAD`` for all matches.

    ``subscribe(mid, head)`` -> ``wait(mid, after, timeout)`` (repeatedly) -> ``unsubscribe(mid)``.
    """

    def __init__(self, client: redis.Redis, *, block_ms: int = 5000, count: int = 500,
                 confirmed: bool = False) -> None:
        self.client = client
        #: the key whose last ID is a match's seq for its followers: the log, or its confirmed mark
        self._watched = keys.acked if confirmed else keys.log
        self.block_ms = block_ms
        self.count = count
        self._lock = threading.Lock()
        self._topics: dict[str, _Topic] = {}
        self._reader: threading.Thread | None = None
        self._reader_id: int | None = None  #: CLIENT ID of the reader's connection, to unblock it
        self._generation = 0  #: bumped whenever a match is added
        self._reading = 0  #: the generation the reader's current XREAD covers
        self.stats = {"reads": 0, "wakeups": 0, "reconnects": 0, "unblocks": 0}

    @classmethod
    def for_client(cls, client: Any, *, confirmed: bool = False) -> "FollowHub | ClusterFollowHub | None":
        """The hub for ``client``: one blocking reader on one Redis, one polling reader per
        node on a cluster, None for any other client (its caller follows per viewer).
        ``confirmed``: follow the confirmed marks (the store waits for replicas)."""
        if isinstance(client, RedisCluster):
            return ClusterFollowHub(client, confirmed=confirmed)
        if not isinstance(client, redis.Redis):
            return None
        return cls(client, confirmed=confirmed)

    # -- followers --------------------------------------------------------------------

    def subscribe(self, mid: str, head: int) -> None:
        """Follow ``mid``, whose log is known to reach ``head`` (the caller just read it)."""
        check_match_id(mid)
        with self._lock:
            topic = self._topics.get(mid)
            added = topic is None
            if added:
                topic = self._topics[mid] = _Topic(head, self._lock)
                self._generation += 1
            else:
                topic.seen = max(topic.seen, head)
            topic.followers += 1
            generation = self._generation
            if self._reader is None or not self._reader.is_alive():
                self._reader = threading.Thread(target=self._run, name="kifu-follow-hub", daemon=True)
                self._reader.start()
        if added:
            self._include(generation)

    def unsubscribe(self, mid: str) -> None:
        with self._lock:
            topic = self._topics.get(mid)
            if topic is None:
                return
            topic.followers -= 1
            if topic.followers <= 0:
                del self._topics[mid]  # the reader drops it at its next XREAD

    def wait(self, mid: str, after: int, timeout: float) -> int:
        """The seq ``mid`` has reached once it is past ``after``, or ``after`` after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                topic = self._topics.get(mid)
                if topic is None:
                    return after
                if topic.seen > after:
                    return topic.seen
                left = deadline - time.monotonic()
                if left <= 0:
                    return after
                topic.grew.wait(left)

    def following(self) -> int:
        """How many matches this process follows now."""
        with self._lock:
            return len(self._topics)

    # -- the reader -------------------------------------------------------------------

    def _include(self, generation: int, tries: int = 200) -> None:
        """Return once the reader reads a set of matches that includes ``generation``'s: end
        its current block (``CLIENT UNBLOCK``) if it is blocked on an older set. Between two
        reads it is not blocked yet, so try again shortly; give up after ``tries`` (the block
        then ends by itself within ``block_ms``)."""
        for _ in range(tries):
            if self._reading >= generation:
                return
            reader_id = self._reader_id
            if reader_id is not None:
                try:
                    if self.client.execute_command("CLIENT", "UNBLOCK", reader_id):
                        self.stats["unblocks"] += 1
                        return
                except redis.RedisError:
                    return  # the reader is reconnecting, and reads the current set when it is back
            time.sleep(0.002)

    def _connect(self) -> Any:
        pool = self.client.connection_pool
        conn = pool.connection_class(**pool.connection_kwargs)
        conn.connect()
        conn.send_command("CLIENT", "ID")
        self._reader_id = int(conn.read_response())
        return conn

    def _run(self) -> None:
        conn = None
        failures = 0
        try:
            while True:
                with self._lock:
                    if not self._topics:
                        self._reader = None
                        return
                    streams = {mid: topic.seen for mid, topic in self._topics.items()}
                    self._reading = self._generation
                try:
                    if conn is None:
                        conn = self._connect()
                    args: list[Any] = ["XREAD", "COUNT", self.count, "BLOCK", self.block_ms, "STREAMS"]
                    args += [self._watched(mid) for mid in streams]
                    args += [keys.entry_id(seq) for seq in streams.values()]
                    conn.send_command(*args)
                    answer = conn.read_response()
                    self.stats["reads"] += 1
                    failures = 0
                except (redis.ConnectionError, redis.TimeoutError, OSError) as exc:
                    failures += 1
                    self.stats["reconnects"] += 1
                    self._reader_id = None
                    if conn is not None:
                        conn.disconnect()
                        conn = None
                    if failures in (1, 10) or failures % 100 == 0:
                        log.warning("follow hub: Redis unreachable (%s); retrying", exc)
                    time.sleep(min(0.05 * 2 ** min(failures, 6), 2.0))
                    continue
                self._publish(answer)
        except Exception:  # noqa: BLE001 - a reader that dies silently would freeze every viewer
            log.exception("follow hub reader failed; the next follower starts another")
            with self._lock:
                self._reader = None
        finally:
            self._reader_id = None
            if conn is not None:
                conn.disconnect()

    def _publish(self, answer: Any) -> None:
        """Raise each match's ``seen`` to its last entry in an XREAD answer; wake its followers."""
        reached: dict[str, int] = {}
        for key, entries in _streams(answer):
            mid = mid_of_watched(key)
            if mid is not None and entries:
                reached[mid] = int(_text(entries[-1][0]).split("-", 1)[0])
        if not reached:
            return
        with self._lock:
            for mid, seq in reached.items():
                topic = self._topics.get(mid)
                if topic is not None and seq > topic.seen:
                    topic.seen = seq
                    topic.grew.notify_all()
                    self.stats["wakeups"] += 1


class ClusterFollowHub(FollowHub):
    """``FollowHub`` over a Redis Cluster: one reader per primary, polling its matches.

    Followers use it as they use ``FollowHub`` (``subscribe``/``wait``/``unsubscribe``).
    """

    def __init__(self, client: RedisCluster, *, poll_ms: int = 100, count: int = 500,
                 confirmed: bool = False) -> None:
        super().__init__(client, count=count, confirmed=confirmed)  # type: ignore[arg-type]
        self.poll_ms = poll_ms
        self._routes: dict[str, str] = {}  #: mid -> the name of the node that owns its slot
        self._node_readers: dict[str, threading.Thread] = {}
        self.stats.update(reroutes=0, polls=0)

    def subscribe(self, mid: str, head: int) -> None:
        check_match_id(mid)
        node = self._owner(mid)
        with self._lock:
            topic = self._topics.get(mid)
            if topic is None:
                topic = self._topics[mid] = _Topic(head, self._lock)
                self._routes[mid] = node
            else:
                topic.seen = max(topic.seen, head)
            topic.followers += 1
            self._start(self._routes[mid])

    def unsubscribe(self, mid: str) -> None:
        super().unsubscribe(mid)
        with self._lock:
            if mid not in self._topics:  # its last follower left (unless one came back meanwhile)
                self._routes.pop(mid, None)

    def readers(self) -> list[str]:
        """The nodes whose reader is running now."""
        with self._lock:
            return sorted(name for name, thread in self._node_readers.items() if thread.is_alive())

    # -- routing ----------------------------------------------------------------------

    def _owner(self, mid: str) -> str:
        return self.client.get_node_from_key(keys.log(mid)).name

    def _start(self, node: str) -> None:
        """Start ``node``'s reader unless it runs (the caller holds the lock)."""
        thread = self._node_readers.get(node)
        if thread is None or not thread.is_alive():
            thread = threading.Thread(target=self._poll, args=(node,), name=f"kifu-follow-hub-{node}", daemon=True)
            self._node_readers[node] = thread
            thread.start()

    def _reroute(self, node: str) -> None:
        """After trouble on ``node``: learn the slot map again and hand each of its matches to
        the node that owns it now (its replica, after a failover)."""
        try:
            self.client.nodes_manager.initialize()
        except (redis.RedisError, redis.exceptions.RedisClusterException):
            return  # no node answers yet: the reader tries again after its pause
        with self._lock:
            mids = [mid for mid, routed in self._routes.items() if routed == node]
        owners = {mid: self._owner(mid) for mid in mids}
        with self._lock:
            for mid, owner in owners.items():
                if owner != node and self._routes.get(mid) == node:
                    self._routes[mid] = owner
                    self.stats["reroutes"] += 1
                    self._start(owner)

    # -- a node's reader --------------------------------------------------------------

    def _poll(self, node: str) -> None:
        failures = 0
        me = threading.current_thread()
        try:
            while True:
                with self._lock:
                    if self._node_readers.get(node) is not me:
                        return
                    streams = {mid: self._topics[mid].seen for mid, routed in self._routes.items()
                               if routed == node and mid in self._topics}
                    if not streams:
                        del self._node_readers[node]
                        return
                try:
                    answers = self._read(node, streams)
                    failures = 0
                except (redis.ConnectionError, redis.TimeoutError, OSError, redis.exceptions.ClusterError,
                        redis.exceptions.AskError, redis.exceptions.TryAgainError) as exc:
                    failures += 1
                    self.stats["reconnects"] += 1
                    if failures in (1, 10) or failures % 100 == 0:
                        log.warning("follow hub: node %s: %s; asking the cluster for its slots again", node, exc)
                    self._reroute(node)
                    time.sleep(min(0.05 * 2 ** min(failures, 6), 2.0))
                    continue
                for answer in answers:
                    self._publish(answer)
                time.sleep(self.poll_ms / 1000)
        except Exception:  # noqa: BLE001 - a reader that dies silently would freeze every viewer
            log.exception("follow hub reader of %s failed; the next follower starts another", node)
            with self._lock:
                if self._node_readers.get(node) is me:
                    del self._node_readers[node]

    def _read(self, node: str, streams: dict[str, int]) -> list[Any]:
        """One round trip to ``node``: a non-blocking XREAD per slot of its followed matches."""
        target = self.client.get_node(node_name=node)
        if target is None or target.redis_connection is None:
            raise redis.ConnectionError(f"the cluster no longer lists {node}")
        by_slot: dict[int, list[str]] = {}
        for mid in streams:
            by_slot.setdefault(key_slot(keys.log(mid).encode()), []).append(mid)
        pipe = target.redis_connection.pipeline(transaction=False)
        for mids in by_slot.values():
            args: list[Any] = ["XREAD", "COUNT", self.count, "STREAMS"]
            args += [self._watched(mid) for mid in mids]
            args += [keys.entry_id(streams[mid]) for mid in mids]
            pipe.execute_command(*args)
        answers = pipe.execute(raise_on_error=False)
        self.stats["polls"] += 1
        self.stats["reads"] += len(answers)
        for answer in answers:
            if isinstance(answer, Exception):
                raise answer  # MOVED: the slot has another owner now
        return answers


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _streams(answer: Any) -> list[tuple[str, list[Any]]]:
    """``(key, entries)`` of an XREAD answer: RESP2 ``[[key, entries], ...]`` or RESP3
    ``{key: [entries]}`` (the entries wrapped in one more list); ``[]`` for a timeout."""
    if not answer:
        return []
    if isinstance(answer, dict):
        out = []
        for key, value in answer.items():
            if value and isinstance(value[0], list) and value[0] and isinstance(value[0][0], list):
                value = value[0]
            out.append((_text(key), value))
        return out
    return [(_text(pair[0]), pair[1]) for pair in answer]
