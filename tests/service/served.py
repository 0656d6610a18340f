"""``kifu serve`` as a real process on a free port with its embedded Redis, for tests that
talk to the server as an outside client would."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import redis as redis_py
import requests

from kifu.service import auth
from kifu.service.embedded import free_port

CLEARED = ("REDIS_URL", "KIFU_ADMIN_TOKEN", "KIFU_SECRET_KEY", "KIFU_SESSION_TTL")


@dataclass
class Served:
    base: str
    data: Path
    redis: redis_py.Redis  #: the embedded Redis, for tokens and for looking at keys
    admin: str

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        """``kifu <args> --data-dir <data>`` beside the running server."""
        done = subprocess.run([sys.executable, "-m", "kifu.service.cli", *args, "--data-dir", str(self.data)],
                              capture_output=True, text=True, timeout=120, cwd=self.data.parent)
        if check and done.returncode != 0:
            raise AssertionError(f"kifu {' '.join(args)} exited {done.returncode}: {done.stdout}{done.stderr}")
        return done


@contextlib.contextmanager
def serve(tmp_path: Path, **env: str) -> Iterator[Served]:
    data = tmp_path / "var"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    environ = {k: v for k, v in os.environ.items() if k not in CLEARED}
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu.service.cli", "serve", "--port", str(port), "--data-dir", str(data),
         "--threads", "8"],
        cwd=tmp_path, env={**environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    client = None
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise AssertionError(f"kifu serve exited: {process.stdout.read()}")
            try:
                if requests.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):  # not up yet, or slow on a loaded machine
                pass
            if time.monotonic() > deadline:
                raise AssertionError("kifu serve did not become healthy")
            time.sleep(0.1)
        run_file = json.loads((data / "redis.json").read_text())
        client = redis_py.Redis(port=run_file["port"], decode_responses=True)
        yield Served(base, data, client, auth.create_token(client, role="admin", name="test admin"))
    finally:
        if client is not None:
            client.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
