"""gunicorn's gevent worker, with read deadlines and JSON answers for its own refusals.

Why gevent (``bench/slowloris.py`` measures it against gthread): every connection is a
greenlet, so a client that opens a thousand connections and never finishes its
requests costs a thousand small stacks, not the worker's threads; and a live viewer's
event stream waits on the process's follow hub (``kifu.service.fanout``) instead of holding
a thread in a blocking Redis read. The app itself is unchanged: redis-py and Flask run
on gevent's patched sockets once the worker has patched the standard library
(after the fork, in the worker only: the master, with the embedded Redis watchdog
thread and its child process, stays unpatched).

Deadlines, so that an abandoned connection is closed rather than kept forever:

- ``header_timeout``: the request line and headers must arrive within this many seconds
  of the connection (or of the previous answer on a kept-alive connection); otherwise
  the connection is closed without an answer.
- ``idle_timeout``: once a request is under way, the client may not go quiet for longer
  than this, reading (a half-sent body reads as a disconnected client: 400, and the
  connection closes) or writing (a viewer that stops reading its event stream is
  dropped once the socket's buffers are full).
"""
from __future__ import annotations

import errno
import socket
import warnings
from typing import Any

import gevent
from gevent import monkey
from gunicorn import util
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from kifu.service.edge import _Captured, json_answer

#: seconds; ``kifu.service.server.run`` sets them in the master before the workers fork
DEADLINES = {"header_timeout": 10.0, "idle_timeout": 30.0}


class _PatientSocket:
    """A client socket whose reads and writes give up after ``idle`` quiet seconds.

    A read that times out returns ``b""``, as if the client had closed: gunicorn's parser
    then drops the connection quietly, and a body read short of its Content-Length is
    werkzeug's "client disconnected" (400). A write that times out is a broken pipe,
    which gunicorn treats as a client gone away (no traceback in the log).
    """

    __slots__ = ("_sock",)

    def __init__(self, sock: Any, idle: float) -> None:
        sock.settimeout(idle)
        self._sock = sock

    def recv(self, size: int, *flags: int) -> bytes:
        try:
            return self._sock.recv(size, *flags)
        except TimeoutError:
            return b""

    def recv_into(self, buffer: Any, *args: int) -> int:
        try:
            return self._sock.recv_into(buffer, *args)
        except TimeoutError:
            return 0

    def sendall(self, data: bytes, *flags: int) -> None:
        try:
            self._sock.sendall(data, *flags)
        except TimeoutError:
            raise BrokenPipeError(errno.EPIPE, "the client stopped reading") from None

    def send(self, data: bytes, *flags: int) -> int:
        try:
            return self._sock.send(data, *flags)
        except TimeoutError:
            raise BrokenPipeError(errno.EPIPE, "the client stopped reading") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


class GreenWorker(GeventWorker):
    """One greenlet per connection, read deadlines, and gunicorn's own errors in JSON."""

    def patch(self) -> None:
        # ssl was imported (by redis-py) in the master before the fork; gevent warns about
        # it, but kifu opens no TLS connection of its own that could hold an unpatched one
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", monkey.MonkeyPatchWarning)
            super().patch()

    def timeout_ctx(self) -> gevent.Timeout:
        # the request line and headers of every request, kept-alive ones included
        return gevent.Timeout(DEADLINES["header_timeout"], False)

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        AsyncWorker.handle(self, listener, _PatientSocket(client, DEADLINES["idle_timeout"]), addr)

    def handle_error(self, req, client, addr, exc):
        captured = _Captured()
        super().handle_error(req, captured, addr, exc)  # gunicorn's status, logging and access log
        try:
            util.write_nonblock(client, json_answer(captured.data))
            _linger(client)
        except Exception:  # noqa: BLE001 - as gunicorn: the client may be gone already
            self.log.debug("Failed to send error message.")


def _linger(client: Any, seconds: float = 1.0, most: int = 1 << 20) -> None:
    """Half-close and drain what the client is still sending before the socket closes:
    closing a socket with unread input (the rest of an over-long URL) sends a reset,
    which may destroy the answer before the client reads it."""
    client.shutdown(socket.SHUT_WR)
    drained = 0
    with gevent.Timeout(seconds, False):
        while drained < most:
            chunk = client.recv(65536)
            if not chunk:
                break
            drained += len(chunk)
