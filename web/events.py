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
(the page closes its EventSource on it) and stops.

The stream holds no lock: it blocks only in Redis (XREAD BLOCK on its own pooled
connection), so any number of viewers follow a match while others record it.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from service.errors import BadRequest
from web import viewer

RETRY_MS = 2000


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
    """Yield SSE frames for every entry after ``after`` until the match ends or the client leaves."""
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
                 render: Callable[..., str]) -> Iterator[str]:
    """The ``moves`` and ``marker`` events for entries ``last+1 .. upto``."""
    info = svc.info(mid)
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
