"""Limits: request body size, page sizes, and fixed-window rate limits kept in Redis.

Rate limits are counted per bucket and per caller: writes per token (per IP when
anonymous), requests per valid token (``auth``), and unknown tokens per client address
(``auth_fail``) and per token prefix (``auth_fail_prefix``). A window is a fixed slice
of wall-clock time (``now // window``); the counter key carries the window number and
expires with it, so no clean-up is ever needed and every app process shares the same
counts. Over the limit the API answers 429 with ``Retry-After`` (seconds to the next
window).

A venue puts hundreds of token holders behind one NAT address, so no per-address count
may stop a valid token (``check_token``): the token is looked up first, a valid one is
counted against its own budget only, and only unknown tokens count against (and are
refused by) the address's and the prefix's failure budgets. The guesser is refused; the
players at the same address are not. (What makes a token unguessable is its 256 random
bits; the failure budget keeps a guesser from spending the server's capacity and from
getting a quick "unknown" answer. The prefix budget catches one wrong or revoked token
retried from many addresses.)

A limit fails open: while the Redis node holding a counter cannot answer (a dead
primary, a failover under way), the request goes on uncounted, and that node is skipped
for a moment (``kifu.service.faults``) rather than retried by every request. Counters are
not data; a request whose own match is on that node gets its 503 from the match's read.

``OPTIONS`` lists the limits ``kifu serve`` takes as options and ``KIFU_LIMIT_*``
variables, sized for a 128-table venue (about 400 players and recorders and 1,000
spectators, maybe all behind one address).

Configuration (app.config, each overridable): ``KIFU_MAX_BODY`` (bytes of a JSON request),
``KIFU_MAX_IMPORT`` (bytes of an imported record), ``KIFU_MAX_PAGE`` / ``KIFU_DEFAULT_PAGE``
(matches per page), ``KIFU_MAX_ENTRIES`` (entries per page), ``KIFU_RATE_LIMITS``
(bucket -> ``(limit, window_seconds)`` or None to switch a bucket off).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from kifu.service import auth, faults
from kifu.service.errors import RateLimited, Unauthorized

DEFAULTS: dict[str, Any] = {
    "KIFU_MAX_BODY": 64 * 1024,
    "KIFU_MAX_IMPORT": 8 * 1024 * 1024,
    "KIFU_MAX_PAGE": 200,
    "KIFU_DEFAULT_PAGE": 50,
    "KIFU_MAX_ENTRIES": 2000,
    "KIFU_RATE_LIMITS": {
        "write": (600, 60),            # appends, match creation, imports: per token (or IP)
        "auth": (3000, 60),            # requests presenting a valid token: per token
        "auth_fail": (120, 60),        # unknown tokens: per client address
        "auth_fail_prefix": (20, 60),  # unknown tokens: per token prefix (PREFIX_CHARS)
    },
    # live event streams (web/events.py): per worker process, per client address, per token
    "KIFU_SSE_MAX_STREAMS": 5000,
    "KIFU_SSE_PER_CLIENT": 2000,
    "KIFU_SSE_PER_TOKEN": 32,
}

#: characters of a presented token that name its failure budget (``kifu_`` and 11 random)
PREFIX_CHARS = 16


@dataclass(frozen=True)
class Option:
    """One limit of ``kifu serve``: its parameter, option, variable, default and meaning."""

    name: str
    env: str
    default: int | float
    help: str

    @property
    def option(self) -> str:
        return self.name.replace("_", "-")


OPTIONS: tuple[Option, ...] = (
    Option("limit_writes", "KIFU_LIMIT_WRITES", 600, "Writes (commands, new matches, imports) per token per minute."),
    Option("limit_token_requests", "KIFU_LIMIT_TOKEN_REQUESTS", 3000, "Requests per valid token per minute."),
    Option("limit_failed_tokens", "KIFU_LIMIT_FAILED_TOKENS", 120,
           "Unknown tokens per client address per minute; beyond it that address's unknown tokens get 429 "
           "(valid tokens from it still pass)."),
    Option("limit_failed_prefix", "KIFU_LIMIT_FAILED_PREFIX", 20,
           f"Unknown tokens per minute that share their first {PREFIX_CHARS} characters, from any address."),
    Option("limit_streams", "KIFU_LIMIT_STREAMS", 5000, "Live event streams per worker process."),
    Option("limit_streams_per_address", "KIFU_LIMIT_STREAMS_PER_ADDRESS", 2000,
           "Live event streams per client address (a venue's spectators may share one)."),
    Option("limit_streams_per_token", "KIFU_LIMIT_STREAMS_PER_TOKEN", 32, "Live event streams per signed-in token."),
    Option("limit_connections", "KIFU_LIMIT_CONNECTIONS", 10000, "Open connections per gevent worker process."),
    Option("limit_redis_connections", "KIFU_LIMIT_REDIS_CONNECTIONS", 64,
           "Redis connections per worker process; a request waits for a free one (up to 10 s, then 503)."),
    Option("limit_header_seconds", "KIFU_LIMIT_HEADER_SECONDS", 10.0,
           "Seconds a client has to send a request's line and headers (gevent worker)."),
    Option("limit_idle_seconds", "KIFU_LIMIT_IDLE_SECONDS", 30.0,
           "Seconds a client may go quiet mid-request, or stop reading an answer (gevent worker)."),
)


def app_config(values: Mapping[str, Any]) -> dict[str, Any]:
    """The app config keys for ``kifu serve``'s limit option values (``OPTIONS`` names)."""
    rules = dict(DEFAULTS["KIFU_RATE_LIMITS"])
    rules["write"] = (int(values["limit_writes"]), 60)
    rules["auth"] = (int(values["limit_token_requests"]), 60)
    rules["auth_fail"] = (int(values["limit_failed_tokens"]), 60)
    rules["auth_fail_prefix"] = (int(values["limit_failed_prefix"]), 60)
    return {"KIFU_RATE_LIMITS": rules, "KIFU_SSE_MAX_STREAMS": int(values["limit_streams"]),
            "KIFU_SSE_PER_CLIENT": int(values["limit_streams_per_address"]),
            "KIFU_SSE_PER_TOKEN": int(values["limit_streams_per_token"])}


def redis_client(url: str, values: Mapping[str, Any]) -> Any:
    """The app's Redis client for ``kifu serve``: a bounded pool that makes a request wait
    for a free connection rather than fail (with a thousand greenlets, redis-py's default
    pool refuses the 101st concurrent command)."""
    import redis

    pool = redis.BlockingConnectionPool.from_url(url, decode_responses=True, health_check_interval=30,
                                                 max_connections=int(values["limit_redis_connections"]), timeout=10)
    return redis.Redis(connection_pool=pool)


def server_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """``kifu.service.server.run``'s keyword arguments for the limit option values."""
    return {"connections": int(values["limit_connections"]),
            "header_timeout": float(values["limit_header_seconds"]),
            "idle_timeout": float(values["limit_idle_seconds"])}

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
    caller's pipeline (``queue_hit``/``queue_check``); ``hit`` and ``check`` run their own,
    one per counter, so that a counter on a node that cannot answer is skipped alone.
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
        """Count one request; raise ``RateLimited`` once the window's limit is passed
        (0, uncounted, while the counter's node cannot answer)."""
        return self._run(bucket, ident, self.queue_hit)

    def check(self, bucket: str, ident: str) -> None:
        """Raise ``RateLimited`` if the window is already used up, without counting."""
        self._run(bucket, ident, self.queue_check)

    def _run(self, bucket: str, ident: str, queue: Callable[[Any, str, str], Verdict]) -> int:
        spec = self._window(bucket, ident)
        if spec is None:
            return 0
        guard = faults.guard(self.client)
        if guard.down(spec[0]):
            return 0
        pipe = self.client.pipeline(transaction=False)
        verdict = queue(pipe, bucket, ident)
        try:
            results = pipe.execute()
        except Exception as exc:
            if not faults.unreachable(exc):
                raise
            guard.failed(spec[0])
            return 0
        return verdict(results)


def token_prefix(token: str) -> str:
    return token.strip()[:PREFIX_CHARS]


def check_token(limiter: RateLimiter, client: Any, address: str, token: str) -> auth.Principal:
    """The principal of a presented bearer token, within the limits; else 401 or 429.

    The token is looked up first, on its own: on a Redis Cluster its record and the
    counters live on different nodes, and one dead node must cost only the requests that
    need it (``auth.authenticate``). A valid token is then counted against its own budget
    only (``auth``), so a guesser at the same address stops nobody. An unknown token is
    refused with 429 once either failure budget is used up (401 before, counting the
    failure against both).
    """
    found = auth.authenticate(client, token.strip())
    if found is not None:
        limiter.hit("auth", "tok:" + (found.token_id or found.name))
        return found
    refuse_guesser(limiter, address, token)
    raise Unauthorized("unknown or revoked token")


def count_failure(limiter: RateLimiter, address: str, token: str) -> None:
    """Count one unknown token against its address's and its prefix's failure budgets."""
    limiter.hit("auth_fail", address)
    limiter.hit("auth_fail_prefix", token_prefix(token))


def refuse_guesser(limiter: RateLimiter, address: str, token: str) -> None:
    """For a sign-in whose token was unknown: 429 if the address or the prefix used up its
    failure budget, else count this failure (the caller answers 401)."""
    limiter.check("auth_fail", address)
    limiter.check("auth_fail_prefix", token_prefix(token))
    count_failure(limiter, address, token)
