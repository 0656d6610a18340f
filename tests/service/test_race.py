"""Concurrent appends: exactly one writer wins each seq; the log stays gapless and unique."""
from __future__ import annotations

import threading
from collections import Counter

import pytest
import redis

from kifu.replays import verify
from kifu.service.errors import StaleSeq
from kifu.service.matches import MatchService
from kifu.service.store import Store
from tests.service.conftest import add, dump
from tests.service.toy import games, lookup

THREADS = 32
ROUNDS = 200


def _run(threads: int, target) -> list[BaseException]:
    errors: list[BaseException] = []

    def guarded(i: int) -> None:
        try:
            target(i)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    workers = [threading.Thread(target=guarded, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    return errors


def test_32_writers_with_the_same_expected_seq_one_wins_each_round(redis_url):
    # one client and one MatchService (own cache) per thread: 32 processes in miniature
    clients = [redis.Redis.from_url(redis_url, decode_responses=True) for _ in range(THREADS)]
    services = [MatchService(Store(c), games=games, snapshot_every=16) for c in clients]
    mid = services[0].create("tally", ["Aoi", "Ren"], {"target": 10**9}).id
    barrier = threading.Barrier(THREADS, timeout=60)
    wins: list[Counter] = [Counter() for _ in range(THREADS)]
    stale_seen: list[list[int]] = [[] for _ in range(THREADS)]

    def writer(i: int) -> None:
        service = services[i]
        for rnd in range(ROUNDS):
            barrier.wait()
            try:
                result = service.submit(mid, add("p1" if i % 2 else "p2", 1 + (i + rnd) % 6),
                                        expected_seq=rnd, command_id=f"r{rnd}-t{i}", by=f"t{i}")
            except StaleSeq as exc:
                stale_seen[i].append(exc.current_seq)
            else:
                assert result.seq == rnd + 1 and not result.duplicate
                wins[i][rnd] += 1
            barrier.wait()  # every writer has its answer before the next round starts

    errors = _run(THREADS, writer)
    assert errors == []
    per_round = Counter()
    for counter in wins:
        per_round.update(counter)
    assert [per_round[r] for r in range(ROUNDS)] == [1] * ROUNDS
    assert sum(len(s) for s in stale_seen) == ROUNDS * (THREADS - 1)
    # a loser is told a seq it could not have expected
    assert all(seq >= 1 for s in stale_seen for seq in s)

    client = clients[0]
    entries = services[0].entries(mid)
    assert [e["seq"] for e in entries] == list(range(1, ROUNDS + 1))
    raw_ids = [entry_id for entry_id, _ in client.xrange(f"kifu:m:{{{mid}}}:log")]
    assert raw_ids == [f"{s}-0" for s in range(1, ROUNDS + 1)]
    cids = [fields["cid"] for _, fields in client.xrange(f"kifu:m:{{{mid}}}:log")]
    assert len(set(cids)) == ROUNDS and all(c.startswith(f"r{s}-") for s, c in zip(range(ROUNDS), cids))
    assert client.hlen(f"kifu:m:{{{mid}}}:idem") == ROUNDS
    report = verify.verify(services[0].export(mid, include_seed=True), lookup=lookup)
    assert report.ok and report.replayed and report.entries == ROUNDS
    assert services[0].info(mid).chain == report.head
    for c in clients:
        c.close()


def test_writers_without_an_expected_seq_all_land_through_the_retry_loop(redis_url):
    clients = [redis.Redis.from_url(redis_url, decode_responses=True) for _ in range(8)]
    services = [MatchService(Store(c), games=games, max_retries=200) for c in clients]
    mid = services[0].create("tally", ["Aoi", "Ren"], {"target": 10**9}).id
    per_thread = 25

    def writer(i: int) -> None:
        for k in range(per_thread):
            services[i].submit(mid, add("p1", 1), expected_seq=None, command_id=f"t{i}-{k}")

    assert _run(8, writer) == []
    entries = services[0].entries(mid)
    assert [e["seq"] for e in entries] == list(range(1, 8 * per_thread + 1))
    seq, state = services[0].state(mid)
    assert seq == 8 * per_thread and state["total"] == 8 * per_thread
    assert verify.verify(services[0].export(mid, include_seed=True), lookup=lookup).ok
    for c in clients:
        c.close()


def test_retries_exhausted_is_a_conflict_and_writes_nothing(store, new_service):
    from kifu.service.errors import Conflict

    a, b = new_service(max_retries=0), new_service()
    mid = a.create("tally", ["Aoi", "Ren"]).id
    b.submit(mid, add(), expected_seq=0, command_id="b1")  # a's cache is now one behind
    before = dump(store.client)
    with pytest.raises(Conflict) as info:
        a.submit(mid, add(), expected_seq=None, command_id="a1")
    assert info.value.current_seq == 1 and info.value.status == 409
    assert dump(store.client) == before
    # with retries the same call lands on top of b's entry
    assert new_service(max_retries=1).submit(mid, add(), expected_seq=None, command_id="a1").seq == 2


def test_a_stale_client_is_told_stale_seq_even_without_retries(store, new_service):
    a, b = new_service(max_retries=0), new_service()
    mid = a.create("tally", ["Aoi", "Ren"]).id
    b.submit(mid, add(), expected_seq=0, command_id="b1")
    before = dump(store.client)
    with pytest.raises(StaleSeq) as info:  # a's cache still says 0, like the client
        a.submit(mid, add(), expected_seq=0, command_id="a1")
    assert info.value.current_seq == 1
    assert dump(store.client) == before
