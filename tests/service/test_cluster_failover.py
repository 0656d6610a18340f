"""A Redis Cluster deployment losing a primary: ``kifu serve --redis-url redis+cluster://...``.

Six local nodes (three primaries, three replicas, ``appendfsync always``, a one-second
``cluster-node-timeout``), as docker-compose.yml's ``cluster`` profile runs them. A
recorder appends to a live match through the real server while a spectator follows it
over server-sent events; the primary that owns the match's slot is killed with SIGKILL
mid-stream and its replica takes over. With ``--redis-wait 1`` every append the server
acknowledged is in the log afterwards (WAIT put it on the replica before the answer), the
log's chain still verifies, and the spectator sees every entry once, in order, across the
failover. Requests during the failover get the API's 503 (JSON), which the recorder
retries with the same command id; the promoted replica has no replica of its own, so
appends are refused (503 ``not_replicated``: written, not acknowledged) until the killed
node is started again and rejoins as its replica.
"""
from __future__ import annotations

import socket
import threading
import time
from urllib.parse import urlsplit

import pytest
import requests

from kifu.service import keys
from tests.service.cluster import LocalCluster
from tests.service.serving import ADMIN, serve

BEFORE, AFTER = 15, 15  #: acknowledged appends before the kill, and after the failover


@pytest.fixture
def cluster(tmp_path):
    running = LocalCluster(tmp_path / "cluster", replicas=1, node_timeout_ms=1000, appendfsync="always").start()
    yield running
    running.stop()


class Recorder:
    """Appends ``add`` commands one after another, each retried with its command id until
    the server acknowledges it (a 503 during the failover, a dropped connection)."""

    def __init__(self, base: str, mid: str, token: str):
        self.base, self.mid, self.token = base, mid, token
        self.acked: list[int] = []
        self.unavailable: list[dict] = []  #: the 503 bodies seen

    def append(self, deadline: float) -> None:
        seq = len(self.acked)
        while time.monotonic() < deadline:
            try:
                rv = requests.post(f"{self.base}/api/matches/{self.mid}/commands", timeout=15,
                                   headers={"Authorization": f"Bearer {self.token}"},
                                   json={"expected_seq": seq, "command_id": f"c{seq + 1}",
                                         "command": {"type": "add", "seat": "p1", "n": 1 + seq % 5}})
            except requests.RequestException:
                time.sleep(0.1)
                continue
            if rv.status_code in (200, 201):
                assert rv.json()["seq"] == seq + 1, rv.json()
                self.acked.append(seq + 1)
                return
            assert rv.status_code == 503, rv.text
            self.unavailable.append(rv.json())
            time.sleep(0.1)
        raise AssertionError(f"append {seq + 1} never acknowledged; 503s: {self.unavailable[-3:]}")


def _spectate(port: int, mid: str, seen: list[int], stop: threading.Event) -> None:
    """Follow the match over SSE (reconnecting from the last id, as a browser does)."""
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
                after = seen[-1] if seen else 0
                # Connection: close, so that a refusal (the web's error while no primary owns the
                # slot) ends the connection and the spectator reconnects, as EventSource does
                sock.sendall(f"GET /m/{mid}/events?as=public&after={after} HTTP/1.1\r\nHost: kifu\r\n"
                             "Accept: text/event-stream\r\nConnection: close\r\n\r\n".encode())
                buffer = b""
                while not stop.is_set():
                    try:
                        chunk = sock.recv(65536)
                    except socket.timeout:
                        continue
                    if not chunk:
                        break
                    buffer += chunk
                    if buffer.startswith(b"HTTP/") and not buffer.startswith(b"HTTP/1.1 200"):
                        break  # refused for now: reconnect
                    *lines, buffer = buffer.split(b"\n")
                    seen.extend(int(line[4:]) for line in lines if line.startswith(b"id: "))
        except OSError:
            time.sleep(0.2)


def _bring_back(cluster: LocalCluster, port: int, key: str) -> None:
    """Once the replica owns ``key``'s slot, start the killed node again (a supervisor's restart)."""
    deadline = time.monotonic() + 30
    while cluster.primary_port(key) == port and time.monotonic() < deadline:
        time.sleep(0.1)
    cluster.restart(port)


def test_with_redis_wait_every_acknowledged_append_survives_a_primary_killed(cluster, tmp_path):
    served = serve(tmp_path, "--redis-url", cluster.url(), "--redis-wait", "1")
    stop = threading.Event()
    try:
        admin = {"Authorization": f"Bearer {ADMIN}"}
        rv = requests.post(served.base + "/api/matches", headers=admin, timeout=10, json={
            "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 10**6}})
        assert rv.status_code == 201, rv.text
        mid = rv.json()["id"]
        recorder = Recorder(served.base, mid, rv.json()["tokens"]["recorder"])
        seen: list[int] = []
        spectator = threading.Thread(target=_spectate, args=(urlsplit(served.base).port, mid, seen, stop))
        spectator.start()
        time.sleep(0.5)  # the spectator is following before the first append

        deadline = time.monotonic() + 60
        for _ in range(BEFORE):
            recorder.append(deadline)
        primary = cluster.primary_port(keys.log(mid))
        cluster.kill(primary)  # SIGKILL, right after an acknowledged append
        killed_at = time.monotonic()
        # the promoted replica has no replica of its own: WAIT 1 cannot succeed on it (appends
        # are answered 503 not_replicated) until the dead node is back, as its replica
        returned = threading.Thread(target=_bring_back, args=(cluster, primary, keys.log(mid)))
        returned.start()
        for _ in range(AFTER):
            recorder.append(deadline)
        returned.join(30)
        assert cluster.primary_port(keys.log(mid)) != primary, "the replica took over the slot"
        failover_s = time.monotonic() - killed_at

        entries = requests.get(f"{served.base}/api/matches/{mid}/entries", headers=admin, timeout=10).json()
        stored = [e["seq"] for e in entries["entries"]]
        assert stored == recorder.acked == list(range(1, BEFORE + AFTER + 1)), "an acknowledged append was lost"
        assert [e["command"]["n"] for e in entries["entries"]] == [1 + s % 5 for s in range(BEFORE + AFTER)]
        exported = requests.get(f"{served.base}/api/matches/{mid}/export", headers=admin, timeout=10)
        from kifu.replays.verify import verify_text
        from tests.service.toy import lookup
        assert verify_text(exported.text, lookup=lookup).ok, "the chain verifies across the failover"
        assert all(body["error"] in ("unavailable", "not_replicated") for body in recorder.unavailable)

        time.sleep(1.0)  # the hub's reader moved to the new primary; let the last entries arrive
        stop.set()
        spectator.join(10)
        # each entry's frames (its rows, the marker) carry its id: in order, none missing, none after a later one
        assert seen == sorted(seen) and list(dict.fromkeys(seen)) == list(range(1, BEFORE + AFTER + 1)), seen
        print(f"failover: {failover_s:.1f} s from SIGKILL to {AFTER} more acknowledged appends; "
              f"{len(recorder.unavailable)} answers 503 meanwhile ({sorted(set(b['error'] for b in recorder.unavailable))})")
    finally:
        stop.set()
        assert served.stop() == 0, served.output()[-3000:]
