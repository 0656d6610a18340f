"""Requests that gunicorn refuses before Flask sees them (an over-long URL, too many or too
large headers, a malformed request line or header) are answered in the API's JSON error
shape, sent as raw bytes to a real ``kifu serve``; each status is in the OpenAPI document."""
from __future__ import annotations

import json
import socket
from urllib.parse import urlsplit

import pytest
import requests

from tests.service.serving import serve


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    server = serve(tmp_path_factory.mktemp("edge"), "--threads", "4")
    yield server
    assert server.stop() == 0


def raw(base: str, request: bytes, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """Send bytes, read until the server closes: (status, headers, body)."""
    where = urlsplit(base)
    with socket.create_connection((where.hostname, where.port), timeout=timeout) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def get(path: str, *headers: str) -> bytes:
    return ("\r\n".join([f"GET {path} HTTP/1.1", "Host: kifu", *headers, "Connection: close"])
            + "\r\n\r\n").encode("latin1")


CASES = {
    "over-long URL": (get("/api/matches/" + "a" * 9000), 414, "uri_too_long"),
    "over-long query": (get("/api/matches?cursor=" + "b" * 5000), 414, "uri_too_long"),
    "one huge header": (get("/api/games", "X-Big: " + "c" * 20000), 431, "headers_too_large"),
    "too many headers": (get("/api/games", *(f"X-H{i}: v" for i in range(150))), 431, "headers_too_large"),
    "malformed request line": (b"NOT A REQUEST LINE AT ALL\r\n\r\n", 400, "bad_request"),
    "malformed header": (get("/api/games", "Bad Header Name: x"), 400, "bad_request"),
    "bad HTTP version": (b"GET /api/games HTTP/9.7\r\nHost: kifu\r\n\r\n", 400, "bad_request"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_gunicorns_own_errors_are_the_apis_json(served, case):
    request, status, code = CASES[case]
    got, headers, body = raw(served.base, request)
    assert got == status, body[:300]
    assert headers["content-type"] == "application/json"
    assert headers["x-content-type-options"] == "nosniff"
    assert int(headers["content-length"]) == len(body)
    error = json.loads(body)
    assert set(error) == {"error", "message"} and error["error"] == code
    assert error["message"] and "<" not in error["message"] and len(error["message"]) <= 300


def test_the_server_still_answers_after_them(served):
    for request, _, _ in CASES.values():
        raw(served.base, request)
    assert requests.get(served.base + "/api/games", timeout=5).status_code == 200
    assert "Invalid request from ip=" in served.output()  # gunicorn still logs what it refused


def test_every_edge_status_is_in_the_openapi_document(served):
    document = requests.get(served.base + "/api/openapi.json", timeout=5).json()
    statuses = {status for _, status, _ in CASES.values()} | {500, 503}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            for status in statuses:
                response = operation["responses"].get(str(status))
                assert response, (method, path, status)
                schema = response["content"]["application/json"]["schema"]["$ref"]
                assert schema == ("#/components/schemas/Health" if (path, status) == ("/api/health", 503)
                                  else "#/components/schemas/Error"), (method, path, status)
