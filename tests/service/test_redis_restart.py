"""The embedded Redis SIGKILLed under load: ``kifu serve`` notices, says so in its log,
starts it again on the same port and append-only file, and every acknowledged append is
still there, in order, with nothing acknowledged twice."""
from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time

import pytest
import requests

from kifu.service.cli import REDIS_LOST
from tests.service.serving import ADMIN, serve

WRITERS = 4
KILLS = 3


@pytest.fixture
def served(tmp_path):
    server = serve(tmp_path, "--threads", "16")
    yield server
    server.stop()


def _create(base: str) -> tuple[str, str]:
    rv = requests.post(base + "/api/matches", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10, json={
        "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 10**6}})
    assert rv.status_code == 201, rv.text
    return rv.json()["id"], rv.json()["tokens"]["recorder"]


class Writer(threading.Thread):
    """Appends one command after another to its own match; an answer that is not 200/201
    (Redis gone: 5xx, or a dropped connection) is retried with the same command id, so an
    append that did land before the error is answered as the duplicate it is."""

    def __init__(self, base: str, match_id: str, token: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.base, self.match_id, self.stop = base, match_id, stop
        self.headers = {"Authorization": f"Bearer {token}"}
        self.acked: dict[int, dict] = {}  # seq -> command, as answered
        self.failures = 0
        self.error: BaseException | None = None  # an assertion in this thread, for the test to raise

    def run(self) -> None:
        try:
            self._append()
        except BaseException as exc:  # noqa: BLE001 - reported by the test's thread
            self.error = exc

    def _append(self) -> None:
        seq = 0
        while not self.stop.is_set():
            command_id = f"w{seq}"
            body = {"expected_seq": seq, "command_id": command_id,
                    "command": {"type": "add", "seat": "p1" if seq % 2 else "p2", "n": 1 + seq % 3}}
            while True:
                try:
                    rv = requests.post(f"{self.base}/api/matches/{self.match_id}/commands", json=body,
                                       headers=self.headers, timeout=10)
                except requests.RequestException:
                    rv = None
                if rv is not None and rv.status_code in (200, 201):
                    assert rv.json()["seq"] == seq + 1, rv.text
                    assert seq + 1 not in self.acked
                    self.acked[seq + 1] = body["command"]
                    break
                if rv is not None and rv.status_code == 429:
                    time.sleep(float(rv.headers.get("Retry-After", 1)))
                    continue
                assert rv is None or rv.status_code == 503, rv.text  # nothing but Redis being gone
                assert rv is None or rv.json()["error"] == "unavailable"
                self.failures += 1
                if self.stop.is_set() and self.failures > 1000:
                    return
                time.sleep(0.05)
            seq += 1
            time.sleep(0.01)


def test_a_sigkilled_embedded_redis_is_restarted_and_loses_nothing_acknowledged(served):
    matches = [_create(served.base) for _ in range(WRITERS)]
    stop = threading.Event()
    writers = [Writer(served.base, mid, token, stop) for mid, token in matches]
    for writer in writers:
        writer.start()
    try:
        time.sleep(1.5)
        for _ in range(KILLS):  # each time again: every death gets its restart
            killed = served.redis_pid()
            before = sum(len(w.acked) for w in writers)
            assert before > WRITERS  # the writers are appending when Redis dies
            os.kill(killed, signal.SIGKILL)
            time.sleep(0.3)  # the server notices within its watch interval
            recovered = served.wait_healthy(timeout=20)
            assert recovered < 10
            # a new redis-server, announced in redis.json (written just after it answers, so
            # a fast health check can see it before the file says so)
            deadline = time.monotonic() + 5
            while served.redis_pid() == killed and time.monotonic() < deadline:
                time.sleep(0.05)
            assert served.redis_pid() != killed
            time.sleep(1.0)  # and the writers go on recording on it
    finally:
        stop.set()
        for writer in writers:
            writer.join(timeout=30)
    assert not any(w.is_alive() for w in writers)
    for writer in writers:
        if writer.error:
            raise writer.error
    assert sum(w.failures for w in writers)  # Redis was really gone for a while (503s or refused)
    after = {w.match_id: len(w.acked) for w in writers}
    assert sum(after.values()) > before + WRITERS, (before, after)  # appends succeeded after the restart

    log = served.output()
    assert log.count("embedded Redis restarted") == KILLS, log[-3000:]
    assert log.count("died (") == KILLS
    for writer in writers:  # every acknowledged append is there, once, in its place
        entries, start = [], 1
        while start:
            rv = requests.get(f"{served.base}/api/matches/{writer.match_id}/entries?from={start}",
                              headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10)
            assert rv.status_code == 200, rv.text
            entries += rv.json()["entries"]
            start = rv.json().get("next")
        assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
        stored = {e["seq"]: e["command"] for e in entries}
        for seq, command in writer.acked.items():
            assert stored.get(seq) == command, (writer.match_id, seq)
        info = requests.get(f"{served.base}/api/matches/{writer.match_id}", timeout=10).json()
        assert info["seq"] >= max(writer.acked)
    assert served.stop() == 0


def test_a_redis_that_cannot_be_restarted_ends_kifu_serve_non_zero(tmp_path):
    """Its port taken the moment it dies: after a few attempts kifu serve gives up and exits
    REDIS_LOST (3), for a supervisor to restart it or call someone, rather than answering
    errors forever."""
    server = serve(tmp_path, "--threads", "4")
    try:
        port = json.loads((server.data_dir / "redis.json").read_text())["port"]
        squatter = socket.socket()
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the dead one's TIME_WAITs
        os.kill(server.redis_pid(), signal.SIGKILL)
        deadline = time.monotonic() + 5
        while True:  # take the port before the watchdog's first restart (it looks every 0.2 s)
            try:
                squatter.bind(("127.0.0.1", port))
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.005)
        squatter.listen()
        try:
            code = server.process.wait(timeout=40)
        finally:
            squatter.close()
    finally:
        server.stop()
    log = server.output()
    assert code == REDIS_LOST, log[-3000:]
    assert "could not be restarted" in log
    assert not (server.data_dir / "redis.json").exists()
