"""Trust under faults, against real redis-servers and a real ``kifu serve`` process.

A primary with one replica (``replicaof``) stands for a shard: ``--redis-wait 1`` makes each
write wait for the replica. With the replica paused (SIGSTOP) WAIT cannot succeed, so the
writer is answered 503 ``not_replicated`` (with ``Retry-After``), and a spectator following
the match over server-sent events must not receive that entry before its writer is
answered for it. With the primary killed, the API and the event stream answer 503 with
``Retry-After``, never an HTML 500. And a token's verdict stands in for its record only
while Redis cannot answer, and only for ``faults.GRACE_SECONDS`` (issue 24).
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis
import requests

from kifu.service import auth, faults, limits
from kifu.service.embedded import free_port, redis_server_binary
from tests.service.serving import ADMIN, serve


def _redis(path: Path, port: int, *extra: str) -> subprocess.Popen:
    path.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen([redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(path),
                                "--save", "", "--appendonly", "no", "--daemonize", "no", *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            return process
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                process.kill()
                raise
            time.sleep(0.05)


@pytest.fixture
def shard(tmp_path):
    """``(primary port, primary, replica)``: two redis-servers, the second replicating the first."""
    port, replica_port = free_port(), free_port()
    primary = _redis(tmp_path / "primary", port)
    replica = _redis(tmp_path / "replica", replica_port, "--replicaof", "127.0.0.1", str(port))
    with redis.Redis(port=replica_port, decode_responses=True) as client:
        deadline = time.monotonic() + 10
        while client.info("replication").get("master_link_status") != "up":
            assert time.monotonic() < deadline, "the replica did not sync"
            time.sleep(0.05)
    yield port, primary, replica
    for process in (replica, primary):
        if process.poll() is None:
            os.kill(process.pid, signal.SIGCONT)
            process.kill()
            process.wait(10)


class Follower(threading.Thread):
    """One SSE connection from seq 0: the ``id:`` of every event, with when it arrived."""

    def __init__(self, port: int, mid: str):
        super().__init__(daemon=True)
        self.port, self.mid = port, mid
        self.seen: dict[int, float] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
            sock.sendall(f"GET /m/{self.mid}/events?as=public&after=0 HTTP/1.1\r\nHost: kifu\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            buffer = b""
            while not self.stop.is_set():
                try:
                    chunk = sock.recv(65536)
                except socket.timeout:
                    continue
                if not chunk:
                    return
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.startswith(b"id: "):
                        self.seen.setdefault(int(line[4:]), time.monotonic())


def _append(base: str, mid: str, token: str, seq: int) -> tuple[float, requests.Response]:
    sent = time.monotonic()
    rv = requests.post(f"{base}/api/matches/{mid}/commands", timeout=15, headers={"Authorization": f"Bearer {token}"},
                       json={"expected_seq": seq - 1, "command_id": f"c{seq}",
                             "command": {"type": "add", "seat": "p1", "n": 1}})
    return sent, rv


def _new_match(base: str) -> tuple[str, str]:
    rv = requests.post(base + "/api/matches", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10, json={
        "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 10**6}})
    assert rv.status_code == 201, rv.text
    return rv.json()["id"], rv.json()["tokens"]["recorder"]


def test_a_spectator_sees_no_entry_before_its_writer_is_answered_for_it(shard, tmp_path):
    port, _primary, replica = shard
    served = serve(tmp_path, "--redis-url", f"redis://127.0.0.1:{port}", "--redis-wait", "1", "--redis-wait-ms", "300")
    try:
        mid, token = _new_match(served.base)
        follower = Follower(urlsplit(served.base).port, mid)
        follower.start()
        time.sleep(0.5)
        answered: dict[int, float] = {}  #: seq -> when the request that got its 2xx was sent
        for seq in (1, 2, 3):
            sent, rv = _append(served.base, mid, token, seq)
            assert rv.status_code == 201, rv.text
            answered[seq] = sent

        os.kill(replica.pid, signal.SIGSTOP)  # WAIT 1 cannot succeed now
        refused = []
        for _ in range(3):
            _, rv = _append(served.base, mid, token, 4)
            refused.append(rv)
        assert [rv.status_code for rv in refused] == [503] * 3, [rv.text for rv in refused]
        assert {rv.json()["error"] for rv in refused} == {"not_replicated"}
        assert all(rv.headers.get("Retry-After") == "1" for rv in refused), "every 503 says when to retry"
        time.sleep(1.5)  # the entry is on the primary; a follower of the log would have it by now
        assert 4 not in follower.seen, "a spectator saw an entry its writer was refused for"

        os.kill(replica.pid, signal.SIGCONT)
        deadline = time.monotonic() + 15
        while True:  # the writer retries with its command id until the replica confirms it
            sent, rv = _append(served.base, mid, token, 4)
            if rv.status_code in (200, 201):
                answered[4] = sent
                break
            assert rv.status_code == 503 and time.monotonic() < deadline, rv.text
            time.sleep(0.2)
        assert rv.json()["seq"] == 4
        sent, rv = _append(served.base, mid, token, 5)
        assert rv.status_code == 201, rv.text
        answered[5] = sent
        deadline = time.monotonic() + 5
        while len(follower.seen) < 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        follower.stop.set()
        assert sorted(follower.seen) == [1, 2, 3, 4, 5]
        early = {seq: answered[seq] - at for seq, at in follower.seen.items() if at < answered[seq]}
        assert not early, f"seen before the request that was acknowledged was even sent: {early}"
        print(f"\nentry 4 reached the spectator {follower.seen[4] - answered[4]:.3f} s after its acknowledged "
              f"request was sent, none while it was refused")
    finally:
        assert served.stop() == 0, served.output()[-3000:]


def test_with_redis_down_the_event_stream_and_the_api_answer_503_with_retry_after(shard, tmp_path):
    port, primary, _replica = shard
    served = serve(tmp_path, "--redis-url", f"redis://127.0.0.1:{port}")
    try:
        mid, token = _new_match(served.base)
        primary.kill()
        primary.wait(10)
        for url in (f"/m/{mid}/events?as=public", f"/m/{mid}", f"/api/matches/{mid}"):
            rv = requests.get(served.base + url, timeout=15, headers={"Accept": "text/event-stream"})
            assert rv.status_code == 503, (url, rv.status_code, rv.text[:300])
            assert rv.headers.get("Retry-After") == "1", url
        _, rv = _append(served.base, mid, token, 1)
        assert rv.status_code == 503 and rv.headers.get("Retry-After") == "1" and rv.json()["error"] == "unavailable"
        assert "Traceback" not in served.output(), served.output()[-3000:]
    finally:
        assert served.stop() == 0, served.output()[-3000:]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_revoked_token_stands_in_only_while_redis_cannot_answer_and_only_for_the_grace(shard):
    port, primary, _replica = shard
    app_client = redis.Redis(port=port, decode_responses=True, socket_connect_timeout=1)
    other_process = redis.Redis(port=port, decode_responses=True)
    clock = Clock()
    guard = faults.guard(app_client)
    guard.clock = clock
    token = auth.create_token(app_client, role="annotator", name="an annotator")
    assert auth.authenticate(app_client, token).name == "an annotator"

    # revoked while Redis answers: refused at once, whoever revoked it
    assert auth.revoke(other_process, token)
    assert auth.authenticate(app_client, token) is None

    kept = auth.create_token(app_client, role="annotator", name="kept")
    assert auth.authenticate(app_client, kept).name == "kept"  # verified at t = 1000
    revoked = auth.create_token(app_client, role="annotator", name="revoked")
    assert auth.authenticate(app_client, revoked).name == "revoked"
    assert auth.revoke(other_process, revoked)  # another worker revokes it; this one cannot know
    primary.kill()
    primary.wait(10)
    clock.now += faults.GRACE_SECONDS - 0.5
    # the node cannot answer: the verdicts of the last GRACE_SECONDS stand in
    assert auth.authenticate(app_client, kept).name == "kept"
    assert auth.authenticate(app_client, revoked).name == "revoked"
    with pytest.raises(redis.ConnectionError):
        auth.authenticate(app_client, auth.new_token())  # nothing to stand in: the caller's 503
    # and never longer: a revocation is in force GRACE_SECONDS after it at the latest
    clock.now += 1.0
    with pytest.raises(redis.ConnectionError):
        auth.authenticate(app_client, revoked)
    # a rate limit on a node that cannot answer counts nothing and stops nobody
    limiter = limits.RateLimiter(app_client, {"write": (1, 60)})
    assert [limiter.hit("write", "tok:x") for _ in range(3)] == [0, 0, 0]
    app_client.close()
    other_process.close()


def test_store_follow_yields_only_confirmed_entries(shard):
    from kifu.service.matches import MatchService
    from kifu.service.store import NotReplicated, Store
    from tests.service.conftest import add
    from tests.service.toy import games

    port, _primary, replica = shard
    client = redis.Redis(port=port, decode_responses=True)
    store = Store(client, wait_replicas=1, wait_ms=200)
    matches = MatchService(store, games=games)
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    assert store.meta(mid)["acked"] == 0
    matches.submit(mid, add("p1", 1), expected_seq=0, command_id="c1")
    follow = store.follow(mid, 0, block_ms=300, heartbeat=True)
    assert next(follow)["seq"] == 1
    os.kill(replica.pid, signal.SIGSTOP)
    try:
        with pytest.raises(NotReplicated):
            matches.submit(mid, add("p1", 1), expected_seq=1, command_id="c2")
        assert store.head(mid)[0] == 2, "written on the primary"
        assert store.followed(mid) == (1, "live"), "but not confirmed"
        assert next(follow) is None and next(follow) is None  # idle: entry 2 is not served
    finally:
        os.kill(replica.pid, signal.SIGCONT)
    # another worker, whose cache is cold, finds the retry's command id without writing:
    # still no acknowledgement while the replica cannot confirm it
    os.kill(replica.pid, signal.SIGSTOP)
    try:
        with pytest.raises(NotReplicated):
            MatchService(store, games=games).submit(mid, add("p1", 1), expected_seq=1, command_id="c2")
        assert store.followed(mid) == (1, "live")
    finally:
        os.kill(replica.pid, signal.SIGCONT)
    deadline = time.monotonic() + 10
    while True:  # the client's retry, with its command id, confirms it
        try:
            result = MatchService(store, games=games).submit(mid, add("p1", 1), expected_seq=1, command_id="c2")
            assert result.seq == 2 and result.duplicate
            break
        except NotReplicated:
            assert time.monotonic() < deadline
    assert store.followed(mid) == (2, "live") and store.meta(mid)["acked"] == 2
    assert next(follow)["seq"] == 2
    assert client.xlen(f"kifu:m:{{{mid}}}:acked") == 1, "the mark keeps only its newest entry"
    client.close()
