"""The live viewer's server-sent event stream.

For every batch of new entries the stream sends two events, both HTML that htmx swaps:
``moves`` (the new move-list rows, redacted for the perspective, appended to the list)
and ``marker`` (the "new moves" notice plus out-of-band updates of the match header
and the "last" control). A viewer at the head re-fetches the head step when a
``marker`` arrives; a viewer reviewing an earlier step stays and sees the notice.
Each event's ``id`` is the last seq it covers, so a reconnecting EventSource resumes
after it (``Last-Event-ID``) without loss or repeats. A comment line every
``heartbeat`` seconds keeps proxies from closing an idle stream and lets the server
notice a client that has left. When the match is finished the stream sends ``end``
(the page closes its EventSource on it) and stops. The delayed ``broadcast``'s stream
(``kifu.service.broadcast``) sends an entry's events once the broadcast head passes it,
which new entries and, for a minutes delay, time alone move; it ends once the whole
finished match is broadcast.

The stream holds no lock and no Redis connection of its own: it waits on the process's
follow hub (``kifu.service.fanout``: one ``XREAD`` for every followed match), which wakes the
viewers of a match when its log grows; each then renders its own batch. Under the gevent
worker an open stream costs a greenlet, not a thread. Open streams are still capped,
per process (``KIFU_SSE_MAX_STREAMS``), per client address (``KIFU_SSE_PER_CLIENT``,
venue-sized: a venue's spectators may share one NAT address) and per signed-in token
(``KIFU_SSE_PER_TOKEN``), 429 beyond; a closed tab frees its slot at the next heartbeat.
With a Redis Cluster client the hub is ``kifu.service.fanout.ClusterFollowHub`` (one reader
per primary, polling its matches, since a node refuses a multi-slot ``XREAD``). A stream of a hidden perspective re-checks its session's token
before every batch: a revoked token's stream ends ("signed out") instead of showing the
next move.

With ``--redis-wait`` a stream shows an entry only once WAIT confirmed it
(``Store.followed``, the hub's ``confirmed`` marks): a spectator never sees a move that its
recorder was not answered for, and that a failover might take back. While Redis cannot
answer (a failover, a restart) a new stream is refused with a 503 and ``Retry-After``
(``kifu.web.views``; htmx's SSE extension reconnects with a growing pause), and an open
one whose read fails ends quietly, so that its EventSource reconnects ``RETRY_MS`` later
from its last event id (an idle one needs no Redis for its heartbeats and stays open).
"""
from __future__ import annotations

import threading
import time
from collections import Counter, OrderedDict
import logging
from typing import Any, Callable, Iterable, Iterator

from flask import current_app, request, session

from kifu.replays.rules import PUBLIC
from kifu.service import auth, faults, limits
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import BadRequest, NotFound, RateLimited
from kifu.service.fanout import FollowHub
from kifu.web import signin, viewer

log = logging.getLogger(__name__)

RETRY_MS = 2000
_HUB_LOCK = threading.Lock()


class StreamSlots:
    """Counts the open event streams of this process, in all and per holder (an address, a token)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_holder: Counter[str] = Counter()
        self.total = 0

    def acquire(self, caps: dict[str, int], total: int) -> bool:
        """Take a slot for every holder in ``caps`` (holder -> its cap), or none if one is full."""
        with self._lock:
            if self.total >= total or any(self._by_holder[h] >= cap for h, cap in caps.items()):
                return False
            for holder in caps:
                self._by_holder[holder] += 1
            self.total += 1
            return True

    def release(self, holders: Iterable[str]) -> None:
        with self._lock:
            for holder in holders:
                self._by_holder[holder] -= 1
                if self._by_holder[holder] <= 0:
                    del self._by_holder[holder]
            self.total -= 1


class _Rendered:
    """The public (and broadcast) frames of recent entries, rendered once per process for
    all their viewers (a table's spectators all see the same; hidden views are rendered per
    stream)."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._frames: OrderedDict[tuple[str, str, int], list[str]] = OrderedDict()
        self.hits = 0

    def __call__(self, mid: str, perspective: str, seq: int, make: Callable[[], list[str]]) -> list[str]:
        if perspective not in (PUBLIC, BROADCAST):
            return make()
        key = (mid, perspective, seq)
        found = self._frames.get(key)
        if found is not None:
            self.hits += 1
            return found
        made = self._frames[key] = make()
        if len(self._frames) > self.size:
            self._frames.popitem(last=False)
        return made


def rendered(mid: str, perspective: str, seq: int, make: Callable[[], list[str]]) -> list[str]:
    cache = current_app.extensions.get("kifu.sse_rendered")
    if cache is None:
        cache = current_app.extensions.setdefault("kifu.sse_rendered", _Rendered())
    return cache(mid, perspective, seq, make)


def follow_hub() -> FollowHub | None:
    """This process's follow hub (made at the first stream; a cluster's per-node one for a
    cluster client), or None for a client neither kind of hub reads."""
    ext = current_app.extensions
    if "kifu.follow_hub" not in ext:
        with _HUB_LOCK:
            if "kifu.follow_hub" not in ext:
                kifu = ext["kifu"]
                ext["kifu.follow_hub"] = FollowHub.for_client(kifu.redis, confirmed=kifu.store.wait_replicas > 0)
    return ext["kifu.follow_hub"]


class _Held:
    """An iterator over ``frames`` that gives its slot back once, when closed or exhausted
    (a generator never started would skip its own ``finally``)."""

    def __init__(self, frames: Iterator[str], slots: StreamSlots, holders: list[str]) -> None:
        self._frames, self._slots, self._holders = frames, slots, holders
        self._held = True

    def __iter__(self) -> "_Held":
        return self

    def __next__(self) -> str:
        try:
            return next(self._frames)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self._held:
            self._held = False
            self._slots.release(self._holders)
        close = getattr(self._frames, "close", None)
        if close is not None:
            close()

    def __del__(self) -> None:
        if self._held:
            self.close()


def resume_point(after: str | None, last_event_id: str | None, head: int) -> int:
    """Where to resume: the later of ``?after=`` and ``Last-Event-ID`` (0..head)."""
    points = []
    for name, raw in (("after", after), ("Last-Event-ID", last_event_id)):
        if raw is None or raw == "":
            continue
        if not raw.isdecimal() or len(raw) > 9:
            raise BadRequest({name: [f"{name} is a seq (a whole number), not {raw[:20]!r}"]})
        points.append(int(raw))
    return min(max(points), head) if points else head


def frame(event: str | None, data: str = "", event_id: int | None = None) -> str:
    """One SSE frame; every line of ``data`` gets its own ``data:`` field."""
    out = []
    if event_id is not None:
        out.append(f"id: {event_id}")
    if event:
        out.append(f"event: {event}")
    out.extend(f"data: {line}" for line in (data.splitlines() or [""]))
    return "\n".join(out) + "\n\n"


def stream(svc: Any, mid: str, perspective: str, after: int, *,
           render: Callable[..., str], heartbeat: float = 15.0) -> Iterator[str]:
    """SSE frames for every entry after ``after`` until the match ends or the client leaves.

    Call it in the request: it takes one of the process's stream slots for the caller's
    address and signed-in token (``KIFU_SSE_PER_CLIENT``, ``KIFU_SSE_PER_TOKEN``,
    ``KIFU_SSE_MAX_STREAMS``) or raises ``RateLimited`` (429) before any response starts;
    the slot is given back when the stream closes.
    """
    slots = current_app.extensions.setdefault("kifu.sse_slots", StreamSlots())
    config, defaults = current_app.config, limits.DEFAULTS
    total = int(config.get("KIFU_SSE_MAX_STREAMS") or defaults["KIFU_SSE_MAX_STREAMS"])
    caps = {"ip:" + (request.remote_addr or "unknown"):
            int(config.get("KIFU_SSE_PER_CLIENT") or defaults["KIFU_SSE_PER_CLIENT"])}
    redis_client = current_app.extensions["kifu"].redis
    sid = session.get(signin.SESSION_ID)
    who = signin.principal_of(redis_client, sid) if sid else None
    if who is not None:
        caps["tok:" + (who.token_id or who.name)] = int(config.get("KIFU_SSE_PER_TOKEN")
                                                         or defaults["KIFU_SSE_PER_TOKEN"])
    if not slots.acquire(caps, total):
        raise RateLimited(RETRY_MS // 1000, "too many live event streams are open (from your address or token, "
                          "or on this server); close another viewer tab, or reload later for the latest moves")
    allowed = _still_allowed(svc, mid, perspective, redis_client, sid)
    hub = follow_hub()
    if perspective == BROADCAST:
        frames = _broadcast_frames(svc, hub, mid, after, render=render, heartbeat=heartbeat, allowed=allowed)
    elif hub is None:
        frames = _frames(svc, mid, perspective, after, render=render, heartbeat=heartbeat, allowed=allowed)
    else:
        frames = _hub_frames(svc, hub, mid, perspective, after, render=render, heartbeat=heartbeat,
                             allowed=allowed)
    return _Held(_until_outage(frames, mid), slots, list(caps))


def _until_outage(frames: Iterator[str], mid: str) -> Iterator[str]:
    """``frames`` until Redis cannot answer: then end the stream (its EventSource comes back
    after ``retry`` from its last event id) instead of a traceback per viewer."""
    try:
        yield from frames
    except Exception as exc:
        if not faults.unreachable(exc):
            raise
        log.warning("event stream of %s ended: Redis unreachable (%s)", mid, exc)
    finally:
        close = getattr(frames, "close", None)
        if close is not None:
            close()


def _still_allowed(svc: Any, mid: str, perspective: str, client: Any, sid: str | None) -> Callable[[], bool]:
    """Whether the session that opened the stream may still see ``perspective``: checked
    before every batch, so a revoked token, a sign-out or an expired session stops its
    stream at the next entry."""
    def allowed() -> bool:
        if perspective == PUBLIC:
            return True
        who = signin.principal_of(client, sid) if sid else None
        return perspective in auth.perspectives_for(who, svc.info(mid))
    return allowed


def _hub_frames(svc: Any, hub: FollowHub, mid: str, perspective: str, after: int, *,
                render: Callable[..., str], heartbeat: float, allowed: Callable[[], bool]) -> Iterator[str]:
    """The stream's frames, woken by the follow hub; ends after a finished match's last entry."""
    yield f"retry: {RETRY_MS}\n: following {mid} after seq {after}\n\n"
    last = after
    head = svc.store.followed(mid)
    hub.subscribe(mid, head[0] if head else 0)
    try:
        while head is not None and not (head[1] == "finished" and head[0] <= last):
            upto = hub.wait(mid, last, heartbeat)
            if upto <= last:
                yield ": keepalive\n\n"
                continue
            for seq in range(last + 1, upto + 1):  # an event per entry, as a reconnecting client counts them
                if not allowed():
                    yield frame("end", "signed out", last)
                    return
                yield from rendered(mid, perspective, seq,
                                    lambda: list(batch_frames(svc, mid, perspective, seq - 1, seq, render)))
                last = seq
            head = svc.store.followed(mid)
    finally:
        hub.unsubscribe(mid)
    if head is not None and head[1] == "finished":
        yield frame("end", "finished", last)


def _broadcast_frames(svc: Any, hub: FollowHub | None, mid: str, after: int, *, render: Callable[..., str],
                      heartbeat: float, allowed: Callable[[], bool]) -> Iterator[str]:
    """The broadcast's frames: an event per entry once the broadcast head passes it. The
    head moves with the live log (the hub wakes the stream on an append) and with time (a
    minutes delay: it is looked at again every heartbeat), never past what
    ``MatchService.as_seen`` allows; ends once the whole finished match is broadcast."""
    yield f"retry: {RETRY_MS}\n: following the broadcast of {mid} after seq {after}\n\n"
    last = after
    live = svc.store.followed(mid)
    if hub is not None:
        hub.subscribe(mid, live[0] if live else 0)
    try:
        while live is not None:
            if not allowed():  # the organizer took the delay away, or the match is gone
                yield frame("end", "not broadcast", last)
                return
            try:
                seen = svc.as_seen(svc.info(mid), BROADCAST)
            except NotFound:
                seen = None  # nothing broadcast yet
            if seen is not None:
                for seq in range(last + 1, seen.seq + 1):
                    yield from rendered(mid, BROADCAST, seq, lambda: list(
                        batch_frames(svc, mid, BROADCAST, seq - 1, seq, render, info=seen)))
                    last = seq
                if seen.status == "finished" and last >= seen.seq:
                    yield frame("end", "finished", last)
                    return
            if hub is not None:
                moved = hub.wait(mid, live[0], heartbeat) > live[0]
            else:
                time.sleep(heartbeat)
                moved = False
            if not moved and (seen is None or seen.seq <= last):
                yield ": keepalive\n\n"
            live = svc.store.followed(mid)
    finally:
        if hub is not None:
            hub.unsubscribe(mid)


def _frames(svc: Any, mid: str, perspective: str, after: int, *,
            render: Callable[..., str], heartbeat: float,
            allowed: Callable[[], bool] = lambda: True) -> Iterator[str]:
    yield f"retry: {RETRY_MS}\n: following {mid} after seq {after}\n\n"
    last = after
    follow = svc.follow(mid, after, block_ms=max(100, int(heartbeat * 1000)), heartbeat=True)
    try:
        while True:
            batch = _next_batch(follow)
            if batch is None:
                break
            if not batch:
                yield ": keepalive\n\n"
                continue
            upto = batch[-1]["seq"]
            if not allowed():
                yield frame("end", "signed out", last)
                return
            yield from batch_frames(svc, mid, perspective, last, upto, render)
            last = upto
    finally:
        close = getattr(follow, "close", None)
        if close is not None:
            close()
    info = svc.info(mid)
    if info.status == "finished":
        yield frame("end", info.status, last)


def _next_batch(follow: Iterator[Any]) -> list[dict[str, Any]] | None:
    """The entries ready now (``[]`` for an idle heartbeat), or None once the follow ended."""
    try:
        first = next(follow)
    except StopIteration:
        return None
    return [] if first is None else [first]


def batch_frames(svc: Any, mid: str, perspective: str, last: int, upto: int,
                 render: Callable[..., str], *, info: Any = None) -> Iterator[str]:
    """The ``moves`` and ``marker`` events for entries ``last+1 .. upto``; ``info`` the
    match as the perspective knows it (default: as it is now)."""
    info = info if info is not None else svc.info(mid)
    # One entry before the batch tells whether the first new row opens a new turn.
    items = svc.history(mid, perspective, frm=max(1, last), to=upto)
    previous_turn = items[0]["turn"] if last >= 1 and items and items[0]["seq"] == last else None
    rows = [i for i in items if i["seq"] > last]
    yield frame("moves", render("match/_rows.html", rows=rows, previous_turn=previous_turn, mid=mid,
                                perspective=perspective, url=viewer.step_url,
                                is_judge_action=viewer.is_judge_action, current=None), upto)
    yield frame("marker", render("match/_marker.html", info=info, mid=mid, perspective=perspective,
                                 head=upto, url=viewer.step_url, result=viewer.result_text(info),
                                 game=viewer.game_context(info)), upto)
