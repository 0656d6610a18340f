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

from kifu.service import auth, keys
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


class Writer:
    """Appends to one match as fast as it is answered, recording every answer: (sent,
    answered, status, Retry-After, error code). A 503 is retried with the same command id."""

    def __init__(self, base: str, mid: str, token: str):
        self.base, self.mid, self.token = base, mid, token
        self.answers: list[tuple[float, float, int, str | None, str | None]] = []
        self.seq = 0

    def run(self, stop: threading.Event) -> None:
        session = requests.Session()
        while not stop.is_set():
            sent = time.monotonic()
            try:
                rv = session.post(f"{self.base}/api/matches/{self.mid}/commands", timeout=15,
                                  headers={"Authorization": f"Bearer {self.token}"},
                                  json={"expected_seq": self.seq, "command_id": f"c{self.seq + 1}",
                                        "command": {"type": "add", "seat": "p1", "n": 1}})
            except requests.RequestException as exc:
                self.answers.append((sent, time.monotonic(), 0, None, type(exc).__name__))
                time.sleep(0.05)
                continue
            code = rv.json().get("error") if rv.status_code >= 400 else None
            self.answers.append((sent, time.monotonic(), rv.status_code, rv.headers.get("Retry-After"), code))
            if rv.status_code in (200, 201):
                self.seq += 1
            else:
                time.sleep(0.05)

    def between(self, start: float, end: float) -> list[tuple[float, float, int, str | None, str | None]]:
        return [a for a in self.answers if start <= a[0] < end]


def _sse_attempts(port: int, mid: str, attempts: list[tuple[float, int, str | None]], stop: threading.Event) -> None:
    """Open the match's event stream again and again, recording each answer's status line and
    Retry-After (a stream that opens is dropped at once: what counts is how a new one is met)."""
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
                sock.sendall(f"GET /m/{mid}/events?as=public HTTP/1.1\r\nHost: kifu\r\n"
                             "Accept: text/event-stream\r\nConnection: close\r\n\r\n".encode())
                head = b""
                while b"\r\n\r\n" not in head and not stop.is_set():
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    head += chunk
                lines = head.split(b"\r\n\r\n", 1)[0].decode(errors="replace").split("\r\n")
                status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else 0
                retry = next((line.split(":", 1)[1].strip() for line in lines
                              if line.lower().startswith("retry-after:")), None)
                attempts.append((time.monotonic(), status, retry))
        except OSError:
            pass
        time.sleep(0.1)


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def test_a_dead_primary_costs_only_the_matches_in_its_slots(cluster, tmp_path):
    """Two writers on matches of two shards; the primary of one is SIGKILLed. The other's
    appends keep flowing, although its writer's token record lives on the dead node; the
    dead shard's requests (API and event stream) answer 503 with Retry-After, never 500."""
    # the writers append as fast as they are answered: a quiet machine outruns the default
    # per-token write limit (429s are not what this test is about)
    served = serve(tmp_path, "--redis-url", cluster.url(), "--redis-wait", "1", "--limit-writes", "1000000")
    stop = threading.Event()
    threads: list[threading.Thread] = []
    try:
        admin = {"Authorization": f"Bearer {ADMIN}"}
        by_primary: dict[int, str] = {}
        while len(by_primary) < 2:
            rv = requests.post(served.base + "/api/matches", headers=admin, timeout=10, json={
                "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 10**6}})
            assert rv.status_code == 201, rv.text
            by_primary.setdefault(cluster.primary_port(keys.log(rv.json()["id"])), rv.json()["id"])
        (doomed_port, doomed_mid), (_, healthy_mid) = list(by_primary.items())[:2]
        client = cluster.client(decode_responses=True)
        tokens = {}
        for mid in (doomed_mid, healthy_mid):
            while True:  # the healthy shard's writer holds a token whose record is on the node to die
                token = auth.create_token(client, role="recorder", match=mid)
                if mid == doomed_mid or cluster.primary_port(auth.token_key(token)) == doomed_port:
                    tokens[mid] = token
                    break
        client.close()
        doomed, healthy = Writer(served.base, doomed_mid, tokens[doomed_mid]), Writer(
            served.base, healthy_mid, tokens[healthy_mid])
        sse: list[tuple[float, int, str | None]] = []
        threads = [threading.Thread(target=w.run, args=(stop,)) for w in (doomed, healthy)]
        threads.append(threading.Thread(target=_sse_attempts,
                                        args=(urlsplit(served.base).port, doomed_mid, sse, stop)))
        for thread in threads:
            thread.start()
        time.sleep(2.0)
        killed_at = time.monotonic()
        cluster.kill(doomed_port)
        returned = threading.Thread(target=_bring_back, args=(cluster, doomed_port, keys.log(doomed_mid)))
        returned.start()
        deadline = killed_at + 45
        while time.monotonic() < deadline and not any(
                a[2] == 201 and a[0] > killed_at for a in doomed.answers):
            time.sleep(0.1)
        recovered_at = min((a[1] for a in doomed.answers if a[2] == 201 and a[0] > killed_at), default=None)
        time.sleep(1.0)
        stop.set()
        for thread in threads:
            thread.join(20)
        returned.join(30)
        assert recovered_at is not None, f"the dead shard never recovered: {doomed.answers[-5:]}"

        before = healthy.between(killed_at - 1.5, killed_at)
        during = healthy.between(killed_at, recovered_at)
        window = recovered_at - killed_at
        latencies = [a[1] - a[0] for a in during]
        statuses = sorted({a[2] for a in during})
        failing = [a for a in doomed.answers if a[0] > killed_at and a[2] not in (200, 201)]
        failing_s = max((a[1] for a in failing), default=killed_at) - killed_at
        print(f"\nhealthy shard: {len(before) / 1.5:.0f} appends/s before the kill; during the {window:.1f} s "
              f"failover {len([a for a in during if a[2] == 201]) / window:.0f} appends/s, "
              f"p99 {_p99(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms, statuses {statuses}")
        refused = [at - killed_at for at, status, _ in sse if status != 200]
        print(f"dead shard: 503s for {failing_s:.1f} s after the kill ({len(failing)} answers "
              f"{sorted(set(str(a[4]) for a in failing))}, each within {max(a[1] - a[0] for a in failing):.2f} s); "
              f"its event stream answered 503 from {min(refused, default=0):.1f} s to {max(refused, default=0):.1f} s")
        assert statuses == [201], [a for a in during if a[2] != 201][:5]
        assert _p99(latencies) < 0.5
        assert len(during) >= window * 5, "the healthy shard's appends kept flowing"
        assert failing and all(a[2] == 503 and a[3] for a in failing), failing[:5]
        assert all(status == 200 or (status == 503 and retry) for _, status, retry in sse), sse
        assert any(status == 503 for _, status, _ in sse), "the event stream was refused while the slot had no primary"
        assert "Traceback" not in served.output(), served.output()[-3000:]
    finally:
        stop.set()
        for thread in threads:
            thread.join(20)
        assert served.stop() == 0, served.output()[-3000:]
