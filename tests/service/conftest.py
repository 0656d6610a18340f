"""Fixtures for the store's tests: a Store and a MatchService over the session's Redis.

Games come from ``tests.service.toy`` so these tests depend on no real game module.
"""
from __future__ import annotations

from typing import Any

import pytest

from kifu.service.matches import MatchService
from kifu.service.store import Store
from tests.service.toy import games


def dump(client: Any, *, match: str = "*", ignore: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every key's full contents, by type: compared before and after an error path.

    ``ignore`` lists key prefixes that are not data (rate-limit counters).
    """
    out: dict[str, Any] = {}
    for raw in sorted(client.scan_iter(match=match, count=1000)):
        key = raw.decode() if isinstance(raw, bytes) else raw
        if key.startswith(ignore):
            continue
        kind = client.type(key)
        kind = kind.decode() if isinstance(kind, bytes) else kind
        if kind == "stream":
            out[key] = ("stream", client.xrange(key), client.xinfo_stream(key)["last-generated-id"])
        elif kind == "hash":
            out[key] = ("hash", client.hgetall(key))
        elif kind == "zset":
            out[key] = ("zset", client.zrange(key, 0, -1, withscores=True))
        elif kind == "string":
            out[key] = ("string", client.get(key))
        else:
            out[key] = (kind, None)
    return out


@pytest.fixture
def store(redis_client) -> Store:
    return Store(redis_client)


@pytest.fixture
def matches(store) -> MatchService:
    return MatchService(store, games=games, snapshot_every=4)


@pytest.fixture
def new_service(store):
    """Another MatchService over the same store, with its own (cold) cache: another process."""

    def make(**kwargs: Any) -> MatchService:
        kwargs.setdefault("games", games)
        kwargs.setdefault("snapshot_every", 4)
        return MatchService(store, **kwargs)

    return make


def add(seat: str = "p1", n: int = 1) -> dict[str, Any]:
    return {"type": "add", "seat": seat, "n": n}
