"""Following a live match: XREAD BLOCK that survives socket timeouts and dropped connections."""
from __future__ import annotations

import threading
import time

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from kifu.service.errors import NotFound
from kifu.service.ids import new_match_id
from kifu.service.store import Store
from tests.service.conftest import add


def _appender(service, mid, count, pause, finish_with=None):
    def run():
        for seq in range(count):
            time.sleep(pause)
            service.submit(mid, add("p1", 1), expected_seq=seq, command_id=f"f{seq}")
        if finish_with is not None:
            time.sleep(pause)
            service.submit(mid, finish_with, expected_seq=count, command_id="last")

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _collect(iterator, out, limit=None):
    for item in iterator:
        out.append(item)
        if limit is not None and len(out) >= limit:
            break


def test_follow_sees_every_entry_once_and_stops_when_finished(matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    got: list = []
    follower = threading.Thread(target=_collect, args=(matches.follow(mid, 0, block_ms=200), got))
    follower.start()
    writer = _appender(matches, mid, 25, 0.002, finish_with={"type": "resign", "seat": "p2"})
    writer.join(30)
    follower.join(30)
    assert not follower.is_alive()
    assert [e["seq"] for e in got] == list(range(1, 27))
    assert got == matches.entries(mid)


def test_follow_survives_a_socket_timeout_shorter_than_the_block(redis_url, matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    matches.submit(mid, add("p2", 1), expected_seq=0, command_id="before")
    # no client-side retries, so each timeout reaches follow() itself
    impatient = redis.Redis.from_url(redis_url, decode_responses=True, socket_timeout=0.15,
                                     retry=Retry(NoBackoff(), 0))
    store = Store(impatient)
    got: list = []
    follower = threading.Thread(target=_collect, args=(store.follow(mid, 1, block_ms=1000), got))
    follower.start()
    writer = threading.Thread(target=lambda: [
        (time.sleep(0.35), matches.submit(mid, add("p1", 1), expected_seq=s, command_id=f"slow{s}"))
        for s in range(1, 5)] + [matches.submit(mid, {"type": "resign", "seat": "p1"}, expected_seq=5,
                                                command_id="end")])
    writer.start()
    writer.join(30)
    follower.join(30)
    assert not follower.is_alive()
    assert store.stats["follow_timeouts"] >= 3  # the block really outlived the socket, repeatedly
    assert [e["seq"] for e in got] == [2, 3, 4, 5, 6]
    impatient.close()


def test_follow_reconnects_after_the_server_drops_the_connection(redis_url, redis_client, matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    follower_client = redis.Redis.from_url(redis_url, decode_responses=True, client_name="follower",
                                           retry=Retry(NoBackoff(), 0))
    store = Store(follower_client)
    got: list = []
    follower = threading.Thread(target=_collect, args=(store.follow(mid, 0, block_ms=5000), got))
    follower.start()
    matches.submit(mid, add("p1", 1), expected_seq=0, command_id="a")
    deadline = time.monotonic() + 5
    while len(got) < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.1)  # the follower is blocked in its next XREAD
    ids = [c["id"] for c in redis_client.client_list() if c.get("name") == "follower"]
    assert ids, "the follower's connection is open"
    for client_id in ids:
        redis_client.client_kill_filter(_id=client_id)
    matches.submit(mid, add("p1", 1), expected_seq=1, command_id="b")
    matches.submit(mid, {"type": "resign", "seat": "p1"}, expected_seq=2, command_id="c")
    follower.join(15)
    assert not follower.is_alive()
    assert [e["seq"] for e in got] == [1, 2, 3]
    assert store.stats["follow_reconnects"] >= 1
    follower_client.close()


def test_follow_heartbeats_while_idle(matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    items: list = []
    _collect(matches.follow(mid, 0, block_ms=20, heartbeat=True, until_finished=False), items, limit=3)
    assert items == [None, None, None]


def test_follow_an_unknown_match(matches):
    with pytest.raises(NotFound):
        next(iter(matches.follow(new_match_id(), 0)))
    with pytest.raises(NotFound):
        next(iter(matches.follow("not-an-id", 0)))
