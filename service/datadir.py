"""The data directory of the embedded default (``./var`` unless ``--data-dir``).

It holds the embedded Redis's append-only file (``redis/``), the app's secret key
(``secret_key``, mode 0600) and, while a ``kifu serve`` runs, a lock (``kifu.lock``,
``flock``-ed for the server's lifetime) and ``redis.json`` (the port of its Redis).
Two redis-servers writing one append-only file would corrupt it, so only the lock's
holder starts one; other commands (``kifu import``, ``kifu token create``...) talk to the
running server's Redis, or start their own while no server runs.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import stat
import time
from pathlib import Path
from typing import IO, Callable, Iterator

import redis

from kifu.service.embedded import RedisProcess


class DataDirBusy(RuntimeError):
    """Another ``kifu serve`` already runs on this data directory."""


class DataDir:
    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path).expanduser().resolve()

    @property
    def redis_dir(self) -> Path:
        return self.path / "redis"

    @property
    def run_file(self) -> Path:
        return self.path / "redis.json"

    def ensure(self) -> None:
        # private: the append-only file holds every match's seed and the token hashes
        self.path.mkdir(mode=0o700, parents=True, exist_ok=True)

    # -- secret key ----------------------------------------------------------------

    def secret_key(self) -> str:
        """``KIFU_SECRET_KEY``, else the key persisted here (created 0600 on first use)."""
        if os.environ.get("KIFU_SECRET_KEY"):
            return os.environ["KIFU_SECRET_KEY"]
        self.ensure()
        path = self.path / "secret_key"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            if stat.S_IMODE(path.stat().st_mode) & 0o077:
                path.chmod(0o600)  # a copied data dir must not leave the key readable by others
            key = path.read_text(encoding="ascii").strip()
            if key:
                return key
            path.unlink()
            return self.secret_key()
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            key = secrets.token_hex(32)
            handle.write(key + "\n")
        return key

    # -- the embedded Redis ----------------------------------------------------------

    def _running_url(self) -> str | None:
        """The URL of a live embedded Redis serving this directory, if any."""
        try:
            info = json.loads(self.run_file.read_text(encoding="utf-8"))
            url = f"redis://127.0.0.1:{int(info['port'])}/0"
        except (OSError, ValueError, KeyError, TypeError):
            return None
        client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        try:
            answer = client.config_get("dir")
        except redis.RedisError:
            return None
        finally:
            client.close()
        directory = answer.get("dir", answer.get(b"dir"))
        directory = directory.decode() if isinstance(directory, bytes) else directory
        return url if directory and Path(directory).resolve() == self.redis_dir.resolve() else None

    @contextlib.contextmanager
    def _lock(self) -> Iterator[IO[str] | None]:
        self.ensure()
        handle = open(self.path / "kifu.lock", "a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            yield None
            return
        owner = os.getpid()
        try:
            yield handle
        finally:
            # a forked gunicorn worker unwinds this stack too when it exits: its LOCK_UN
            # would release the master's lock (flock locks belong to the shared open file)
            if os.getpid() == owner:
                fcntl.flock(handle, fcntl.LOCK_UN)
            handle.close()

    @contextlib.contextmanager
    def embedded_redis(self, *, share: bool, watch: bool = False,
                       on_give_up: Callable[[str], None] | None = None) -> Iterator[str]:
        """Yield the URL of this directory's Redis, started here and stopped on exit.

        With ``share`` (CLI commands other than serve) a Redis that a running ``kifu
        serve`` holds is used as is; without it (serve itself) that is ``DataDirBusy``.
        A Redis left behind by a killed server (no lock holder) is shut down and a fresh
        one started on the same files. With ``watch`` (serve) a Redis that dies is started
        again on the same port and files (``RedisProcess.watch``); ``on_give_up`` is called if
        it cannot be.
        """
        with self._lock() as lock:
            if lock is None:
                url = self._running_url()
                if share and url:
                    yield url
                    return
                raise DataDirBusy(f"another kifu serve is using {self.path}"
                                  + (f" (its Redis is {url})" if url else ""))
            orphan = self._running_url()
            if orphan:
                _shutdown(orphan)
            process = RedisProcess(self.redis_dir, durable=True)
            process.start()
            owner = os.getpid()
            try:
                self._write_run_file(process)
                if watch:
                    process.watch(on_restart=self._write_run_file, on_give_up=on_give_up)
                yield process.url
            finally:
                if os.getpid() == owner:  # not in a forked worker that is exiting
                    with contextlib.suppress(OSError):
                        self.run_file.unlink()
                    process.stop()

    def _write_run_file(self, process: RedisProcess) -> None:
        self.run_file.write_text(json.dumps({"port": process.port, "pid": process.process.pid}), encoding="utf-8")


def _shutdown(url: str, timeout: float = 10.0) -> None:
    """Stop a Redis (its AOF is fsynced on every write) and wait until it stops answering."""
    client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    with contextlib.suppress(redis.RedisError):
        client.shutdown(nosave=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            client.ping()
        except redis.RedisError:
            return
        time.sleep(0.05)
