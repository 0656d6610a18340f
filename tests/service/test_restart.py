"""Durability: record on the embedded redis-server (appendonly, fsync always), stop it, start
it again on the same data directory: the same matches, the same head chain, and recording
goes on."""
from __future__ import annotations

import redis

from kifu.replays import verify
from kifu.service.embedded import RedisProcess
from kifu.service.matches import MatchService
from kifu.service.store import Store
from tests.service.conftest import add
from tests.service.toy import games, lookup


def _service(server: RedisProcess) -> tuple[MatchService, redis.Redis]:
    client = redis.Redis.from_url(server.url, decode_responses=True)
    return MatchService(Store(client), games=games, snapshot_every=8), client


def test_restart_keeps_every_match_and_its_head_chain(tmp_path):
    data = tmp_path / "var"
    with RedisProcess(data, durable=True) as server:
        config = redis.Redis.from_url(server.url).config_get("appendonly")
        assert config["appendonly"] == "yes"
        service, client = _service(server)
        live = service.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
        done = service.create("tally", ["Mio", "Sora"], {"target": 12}).id
        for seq in range(20):
            service.submit(live, add("p1" if seq % 2 else "p2", 1 + seq % 3), expected_seq=seq, command_id=f"c{seq}")
        for seq in range(3):
            service.submit(done, add("p1", 4), expected_seq=seq, command_id=f"d{seq}")
        before = {mid: service.info(mid).to_json() for mid in (live, done)}
        state_before = service.state(live)
        client.close()
    assert server.process.poll() is not None  # really stopped

    with RedisProcess(data, durable=True) as again:  # another port, same directory
        service, client = _service(again)
        for mid in (live, done):
            assert service.info(mid).to_json() == before[mid]
            report = verify.verify(service.export(mid, include_seed=True), lookup=lookup)
            assert report.ok and report.replayed and report.head == before[mid]["chain"]
        assert service.state(live) == state_before
        assert service.info(done).status == "finished"
        # the same command id is still remembered, and recording continues
        assert service.submit(live, add("p2", 1), expected_seq=20, command_id="c0").duplicate
        assert service.submit(live, add("p2", 1), expected_seq=20, command_id="c20").seq == 21
        assert {m.id for m in service.list()[0]} == {live, done}
        client.close()
