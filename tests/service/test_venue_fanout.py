"""Spectators and scale: live follow fans out from one reader of Redis per process.

A real ``kifu serve`` with 200 live event streams on 10 matches, opened from 20 loopback
addresses: Redis sees one blocked reader (not one blocked ``XREAD`` per viewer), and an
append to each match reaches every one of its viewers.
"""
from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import pytest
import redis as redis_py
import requests

from tests.service.serving import ADMIN, serve

MATCHES, VIEWERS = 10, 20


@pytest.fixture
def served(tmp_path):
    server = serve(tmp_path)
    server.wait_healthy()
    yield server
    assert server.stop() == 0


def _create(base: str) -> tuple[str, str]:
    rv = requests.post(base + "/api/matches", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10, json={
        "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 10**6}})
    assert rv.status_code == 201, rv.text
    return rv.json()["id"], rv.json()["tokens"]["recorder"]


def _follow(port: int, mid: str, source: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(f"GET /m/{mid}/events?as=public HTTP/1.1\r\nHost: kifu\r\nAccept: text/event-stream\r\n\r\n"
                 .encode())
    return sock


def _read_until(sock: socket.socket, needle: bytes, seen: bytes = b"") -> bytes:
    while needle not in seen:
        chunk = sock.recv(65536)
        assert chunk, f"the stream closed before {needle!r}: {seen[-300:]!r}"
        seen += chunk
    return seen


def test_two_hundred_viewers_one_blocked_reader_and_every_move_delivered(served):
    port = urlsplit(served.base).port
    matches = [_create(served.base) for _ in range(MATCHES)]
    streams: list[tuple[str, socket.socket]] = []
    try:
        for v in range(VIEWERS):
            for mid, _ in matches:
                streams.append((mid, _follow(port, mid, f"127.0.0.{2 + v}")))
        for _, sock in streams:
            _read_until(sock, b": following")

        run = json.loads((served.data_dir / "redis.json").read_text())
        with redis_py.Redis(port=run["port"], decode_responses=True) as r:
            deadline = time.monotonic() + 5
            while r.info("clients")["blocked_clients"] != 1 and time.monotonic() < deadline:
                time.sleep(0.05)
            clients = r.info("clients")
            assert clients["blocked_clients"] == 1  # the hub's one XREAD over all ten matches
            # the app's bounded pool (64), the hub and this client: not one per viewer (200)
            assert clients["connected_clients"] <= 64 + 4

        began = time.monotonic()
        for mid, recorder in matches:
            rv = requests.post(f"{served.base}/api/matches/{mid}/commands", timeout=10,
                               headers={"Authorization": f"Bearer {recorder}"},
                               json={"expected_seq": 0, "command_id": f"first-{mid}",
                                     "command": {"type": "add", "seat": "p1", "n": 2}})
            assert rv.status_code in (200, 201), rv.text
        for mid, sock in streams:
            got = _read_until(sock, b"id: 1\nevent: marker")
            assert b'id="mv-1"' in got
        assert time.monotonic() - began < 5
    finally:
        for _, sock in streams:
            sock.close()
    assert requests.get(served.base + "/api/health", timeout=5).status_code == 200
