"""gunicorn's own error answers in the API's JSON shape.

A request gunicorn cannot parse (a request line over ``limit_request_line``: 414; headers
over ``limit_request_fields`` / ``limit_request_field_size``: 431; a malformed line or
header: 400) never reaches Flask: gunicorn's worker answers it itself, with an HTML page.
Clients of a JSON API should not need an HTML parser for one class of errors, so this
worker lets gunicorn decide the status (its rules change between versions) and rewrites
only the body: ``{"error": code, "message": text}``, like every other error of kifu.
"""
from __future__ import annotations

import html
import json
import re

from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker

#: status -> stable code, for the statuses gunicorn answers by itself
CODES = {
    400: "bad_request",
    403: "forbidden",
    414: "uri_too_long",
    417: "expectation_failed",
    431: "headers_too_large",
    500: "internal",
    501: "not_implemented",
}
MESSAGES = {  # gunicorn's text says what exceeded which limit; these say what to do
    414: "the request line (method and URL) is too long",
    431: "too many request headers, or one too large",
    500: "internal error; the operator's log has the details",
}
MAX_MESSAGE = 300
_STATUS = re.compile(rb"^HTTP/1\.[01] (\d{3}) ([^\r\n]*)")
_BODY = re.compile(r"</h1>(.*)</body>", re.S)


class _Captured:
    """Stands in for the client socket while gunicorn writes its HTML answer."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def setblocking(self, flag: bool) -> None:  # noqa: ARG002 - a socket's signature
        pass

    def sendall(self, data: bytes) -> None:
        self.data += data


def json_answer(html_answer: bytes) -> bytes:
    """gunicorn's HTML error answer, as the same status with the API's JSON error body."""
    match = _STATUS.match(html_answer)
    status, reason = (int(match.group(1)), match.group(2).decode("latin1")) if match else (500, "Internal Server Error")
    detail = _BODY.search(html_answer.decode("latin1"))
    detail_text = " ".join(html.unescape(detail.group(1)).split()) if detail else ""
    message = MESSAGES.get(status) or detail_text or reason
    if status in (414, 431) and detail_text:
        message = f"{message} ({detail_text})"
    body = json.dumps({"error": CODES.get(status, "http_error"), "message": message[:MAX_MESSAGE]},
                      ensure_ascii=True).encode("ascii")
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
            f"X-Content-Type-Options: nosniff\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin1") + body


class JsonErrorWorker(ThreadWorker):
    """gunicorn's threaded worker, answering its own errors in JSON."""

    def handle_error(self, req, client, addr, exc):
        captured = _Captured()
        super().handle_error(req, captured, addr, exc)  # gunicorn's status, logging and access log
        try:
            util.write_nonblock(client, json_answer(captured.data))
        except Exception:  # noqa: BLE001 - as gunicorn: the client may be gone already
            self.log.debug("Failed to send error message.")
