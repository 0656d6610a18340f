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

_INCR = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
"""


def page_size(requested: int | None, config: Mapping[str, Any], *, default_key: str = "KIFU_DEFAULT_PAGE",
              max_key: str = "KIFU_MAX_PAGE") -> int:
    """The page size to use: the default when unasked, never above the cap (clamped, not refused)."""
    cap = int(config.get(max_key, DEFAULTS[max_key]))
    if requested is None:
        return min(int(config.get(default_key, DEFAULTS.get(default_key, cap))), cap)
    return max(1, min(int(requested), cap))


class RateLimiter:
    """Fixed-window counters in Redis, one INCR script call per hit."""

    def __init__(self, client: Any, limits: Mapping[str, tuple[int, int] | None] | None = None,
                 *, clock: Callable[[], float] = time.time):
        self.client = client
        self.limits = dict(DEFAULTS["KIFU_RATE_LIMITS"] if limits is None else limits)
        self.clock = clock
        self._incr = client.register_script(_INCR)  # EVALSHA, reloaded on NOSCRIPT by redis-py

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

    def hit(self, bucket: str, ident: str) -> int:
        """Count one request; raise ``RateLimited`` once the window's limit is passed."""
        spec = self._window(bucket, ident)
        if spec is None:
            return 0
        key, limit, window, retry_after = spec
        count = int(self._incr(keys=[key], args=[window * 1000 + 1000]))
        if count > limit:
            raise RateLimited(retry_after)
        return count

    def check(self, bucket: str, ident: str) -> None:
        """Raise ``RateLimited`` if the window is already used up, without counting."""
        spec = self._window(bucket, ident)
        if spec is None:
            return
        key, limit, _window, retry_after = spec
        count = self.client.get(key)
        if count is not None and int(count) >= limit:
            raise RateLimited(retry_after)
