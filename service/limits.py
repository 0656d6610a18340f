"""Limits: request body size, page sizes, and fixed-window rate limits kept in Redis.

Rate limits are counted per bucket and per caller: writes per token (per IP when
anonymous), token checks per IP, and failed token checks per IP (so guessing tokens is
slow). A window is a fixed slice of wall-clock time (``now // window``); the counter key
carries the window number and expires with it, so no clean-up is ever needed and every
app process shares the same counts. Over the limit the API answers 429 with
``Retry-After`` (seconds to the next window).

Configuration (app.config, each overridable): ``KIFU_MAX_BODY`` (bytes of a JSON request),
``KIFU_MAX_IMPORT`` (bytes of an imported record), ``KIFU_MAX_PAGE`` / ``KIFU_DEFAULT_PAGE``
(matches per page), ``KIFU_MAX_ENTRIES`` (entries per page), ``KIFU_RATE_LIMITS``
(bucket -> ``(limit, window_seconds)`` or None to switch a bucket off).
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Mapping

from service.errors import RateLimited

DEFAULTS: dict[str, Any] = {
    "KIFU_MAX_BODY": 64 * 1024,
    "KIFU_MAX_IMPORT": 8 * 1024 * 1024,
    "KIFU_MAX_PAGE": 200,
    "KIFU_DEFAULT_PAGE": 50,
    "KIFU_MAX_ENTRIES": 2000,
    "KIFU_RATE_LIMITS": {
        "write": (600, 60),       # appends, match creation, imports: per token (or IP)
        "auth": (3000, 60),       # requests presenting a token: per IP
        "auth_fail": (120, 60),   # unknown tokens: per IP (a venue's players may share one NAT address)
    },
}

KEY_PREFIX = "kifu:rl:"

#: A queued limit's verdict: given the pipeline's results, raise ``RateLimited`` or return.
Verdict = Callable[[list[Any]], int]


def page_size(requested: int | None, config: Mapping[str, Any], *, default_key: str = "KIFU_DEFAULT_PAGE",
              max_key: str = "KIFU_MAX_PAGE") -> int:
    """The page size to use: the default when unasked, never above the cap (clamped, not refused)."""
    cap = int(config.get(max_key, DEFAULTS[max_key]))
    if requested is None:
        return min(int(config.get(default_key, DEFAULTS.get(default_key, cap))), cap)
    return max(1, min(int(requested), cap))


class RateLimiter:
    """Fixed-window counters in Redis.

    A hit is ``SET key 0 PX ttl NX`` then ``INCR key``: the window's key is born with its
    expiry, and both go in one round trip. Hits and checks can also be queued into a
    caller's pipeline (``queue_hit``/``queue_check``) so that a request's limits and its
    token lookup cost a single round trip.
    """

    def __init__(self, client: Any, limits: Mapping[str, tuple[int, int] | None] | None = None,
                 *, clock: Callable[[], float] = time.time):
        self.client = client
        self.limits = dict(DEFAULTS["KIFU_RATE_LIMITS"] if limits is None else limits)
        self.clock = clock

    def _window(self, bucket: str, ident: str) -> tuple[str, int, int, float] | None:
        rule = self.limits.get(bucket)
        if not rule:
            return None
        limit, window = int(rule[0]), int(rule[1])
        now = self.clock()
        number = int(now // window)
        key = f"{KEY_PREFIX}{bucket}:{ident}:{number}"
        retry_after = max(1, math.ceil((number + 1) * window - now))
        return key, limit, window, retry_after

    def queue_hit(self, pipe: Any, bucket: str, ident: str) -> Verdict:
        """Queue one counted request on ``pipe``; the verdict raises once the limit is passed."""
        spec = self._window(bucket, ident)
        if spec is None:
            return lambda results: 0
        key, limit, window, retry_after = spec
        at = len(pipe)
        pipe.set(key, 0, px=window * 1000 + 1000, nx=True)
        pipe.incr(key)

        def verdict(results: list[Any]) -> int:
            count = int(results[at + 1])
            if count > limit:
                raise RateLimited(retry_after)
            return count

        return verdict

    def queue_check(self, pipe: Any, bucket: str, ident: str) -> Verdict:
        """Queue a look at a window without counting; the verdict raises if it is used up."""
        spec = self._window(bucket, ident)
        if spec is None:
            return lambda results: 0
        key, limit, _window, retry_after = spec
        at = len(pipe)
        pipe.get(key)

        def verdict(results: list[Any]) -> int:
            count = int(results[at] or 0)
            if count >= limit:
                raise RateLimited(retry_after)
            return count

        return verdict

    def hit(self, bucket: str, ident: str) -> int:
        """Count one request; raise ``RateLimited`` once the window's limit is passed."""
        pipe = self.client.pipeline(transaction=False)
        verdict = self.queue_hit(pipe, bucket, ident)
        return verdict(pipe.execute())

    def check(self, bucket: str, ident: str) -> None:
        """Raise ``RateLimited`` if the window is already used up, without counting."""
        pipe = self.client.pipeline(transaction=False)
        verdict = self.queue_check(pipe, bucket, ident)
        verdict(pipe.execute())
