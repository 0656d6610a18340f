"""Issue 14, item 4: a venue behind one NAT address, against the real ``kifu serve``.

A guesser at the venue's address is refused; the token holders at the same address are
not (a valid token is counted against its own budget), and a venue's spectators may
all follow live from that one address. The limits are ``kifu serve`` options.
"""
from __future__ import annotations

import http.client
import re
import secrets
import socket
from urllib.parse import urlsplit

import pytest
import requests

from tests.service.serving import ADMIN, serve


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = serve(tmp_path_factory.mktemp("venue-limits"))
    server.wait_healthy()
    yield server
    assert server.stop() == 0


def _wrong() -> str:
    return "kifu_" + secrets.token_urlsafe(32)


def _api(base: str, token: str, source: str = "127.0.0.1") -> int:
    where = urlsplit(base)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", "/api/matches", headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _sign_in(base: str, token: str) -> int:
    browser = requests.Session()
    form = browser.get(base + "/signin", timeout=10).text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    done = browser.post(base + "/signin", data={"token": token, "csrf_token": csrf, "next": "/"},
                        allow_redirects=False, timeout=10)
    return done.status_code


def test_a_guesser_at_the_venues_address_locks_out_only_itself(served):
    statuses = [_api(served.base, _wrong()) for _ in range(120)]
    assert statuses == [401] * 120
    assert _api(served.base, _wrong()) == 429  # the guesser stays refused...
    assert _sign_in(served.base, _wrong()) == 429  # ...through the sign-in form too
    assert _api(served.base, ADMIN) == 200  # a valid token from the same address is not
    assert _sign_in(served.base, ADMIN) == 303  # nor a web sign-in
    assert _api(served.base, _wrong(), source="127.0.0.2") == 401  # another address is its own budget


def test_one_wrong_token_from_many_addresses_is_refused_by_its_prefix(served):
    stale = _wrong()
    statuses = [_api(served.base, stale[:-4] + secrets.token_urlsafe(3), source=f"127.0.1.{i + 1}")
                for i in range(21)]
    assert statuses == [401] * 20 + [429]
    assert _api(served.base, ADMIN, source="127.0.1.1") == 200


def test_seventeen_and_more_spectators_at_one_address_all_follow(served):
    created = requests.post(served.base + "/api/matches", headers={"Authorization": f"Bearer {ADMIN}"}, timeout=10,
                            json={"game": "tally", "seats": [{"name": "A"}, {"name": "B"}],
                                  "options": {"target": 10**6}})
    assert created.status_code == 201, created.text
    mid = created.json()["id"]
    port = urlsplit(served.base).port
    streams = []
    try:
        for _ in range(40):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(f"GET /m/{mid}/events?as=public HTTP/1.1\r\nHost: kifu\r\n"
                         f"Accept: text/event-stream\r\n\r\n".encode())
            streams.append(sock)
        for sock in streams:
            head = b""
            while b"\r\n\r\n" not in head:
                head += sock.recv(4096)
            assert head.startswith(b"HTTP/1.1 200"), head[:200]
            assert b"text/event-stream" in head
        assert requests.get(served.base + "/api/health", timeout=5).status_code == 200
    finally:
        for sock in streams:
            sock.close()


def test_the_limits_are_serve_options(tmp_path):
    server = serve(tmp_path, "--limit-failed-tokens", "3", "--limit-streams-per-address", "2")
    try:
        server.wait_healthy()
        assert [_api(server.base, _wrong()) for _ in range(4)] == [401, 401, 401, 429]
        assert _api(server.base, ADMIN) == 200
    finally:
        assert server.stop() == 0
