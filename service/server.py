"""Running the app for ``kifu serve``: gunicorn in-process, werkzeug where gunicorn cannot run.

Why gunicorn: live matches follow over server-sent events, each holding a connection
for minutes, and appends must not queue behind them. gunicorn restarts a worker that
dies and shuts down gracefully on SIGTERM/SIGINT. It is started through its Python API
(no second process, no shell), with the app preloaded in the master so that a
configuration error shows once, in the foreground, before any worker forks (redis-py
pools reconnect after fork).

The worker is gevent (``kifu.service.greenworker``) by default: a connection is a greenlet,
not a thread, so a venue's thousand spectators and a client holding a thousand
half-sent requests cost memory, not the threads that everyone else's requests need.
``bench/slowloris.py`` measured it: with 1,000 half-sent requests held open, gthread
(64 threads) answers nobody else until they are dropped, gevent answers within
milliseconds. Requests get header and idle deadlines (see ``kifu.service.greenworker``).
``worker="gthread"`` keeps the threaded worker (``kifu.service.edge``) for comparison or
where gevent cannot be installed. Both answer gunicorn's own refusals in JSON. On a
platform without ``fcntl`` (Windows) gunicorn does not import; werkzeug's threaded
server is the fallback there (and answers those refusals in its own HTML).
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from flask import Flask

log = logging.getLogger(__name__)


WORKERS = {"gevent": "kifu.service.greenworker.GreenWorker", "gthread": "kifu.service.edge.JsonErrorWorker"}


def run(factory: Callable[[], Flask], *, host: str, port: int, workers: int = 1, threads: int = 64,
        access_log: bool = False, worker: str = "gevent", connections: int = 10000,
        header_timeout: float = 10.0, idle_timeout: float = 30.0) -> None:
    """Serve until SIGTERM/SIGINT; then return by raising ``SystemExit`` (gunicorn's way).

    ``connections`` caps the open connections of a gevent worker; ``threads`` sizes a
    gthread worker. ``header_timeout`` / ``idle_timeout`` are the gevent worker's read
    deadlines (gthread only has gunicorn's keep-alive timeout)."""
    try:
        from gunicorn.app.base import BaseApplication
    except ImportError:  # pragma: no cover - Windows
        log.warning("gunicorn is unavailable here; serving with werkzeug's threaded server")
        factory().run(host=host, port=port, threaded=True, use_reloader=False)
        return

    if worker == "gevent":
        from kifu.service import greenworker  # imports gevent; a clear ImportError if it is missing

        greenworker.DEADLINES.update(header_timeout=float(header_timeout), idle_timeout=float(idle_timeout))

    class KifuServer(BaseApplication):
        def __init__(self) -> None:
            self.options: dict[str, Any] = {
                "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
                "workers": workers,
                # answering gunicorn's own errors (414, 431, 400) in the API's JSON shape
                "worker_class": WORKERS[worker],
                "threads": threads,
                "worker_connections": connections,
                "sendfile": False,  # every write goes through the worker's deadline
                "preload_app": True,
                "timeout": 60,
                "graceful_timeout": 5,  # open SSE streams would otherwise hold shutdown
                "keepalive": 5,
                "errorlog": "-",
                "loglevel": "info",
                "accesslog": "-" if access_log else None,
                "proc_name": "kifu",
                # gunicorn >= 23's control socket lives in $HOME, shared by every instance
                "control_socket_disable": True,
            }
            super().__init__()

        def load_config(self) -> None:
            for key, value in self.options.items():
                if value is not None and key in self.cfg.settings:
                    self.cfg.set(key, value)

        def load(self) -> Flask:
            return factory()

    KifuServer().run()
