"""``kifu serve`` as a real process (gunicorn, its embedded Redis) on a free port, with the
service tests' toy game as the only registered game: for tests that kill, starve or prod
the running server from outside."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import requests

from kifu.service.embedded import free_port

ADMIN = "kifu-test-admin-token-0123456789abcdef"
#: the registry holds just the toy game: fast, and independent of the real games
LAUNCH = ("from kifu.replays import registry; registry.GAME_MODULES = ('tests.service.toy',); "
          "from kifu.service.cli import main; main()")
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Served:
    process: subprocess.Popen
    base: str
    data_dir: Path
    log: Path

    def redis_pid(self) -> int:
        return int(json.loads((self.data_dir / "redis.json").read_text())["pid"])

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_healthy(self, timeout: float = 30) -> float:
        """Seconds until /api/health answers 200."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            if self.process.poll() is not None:
                raise AssertionError(f"kifu serve exited {self.process.returncode}: {self.output()}")
            try:
                if requests.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return time.monotonic() - start
            except requests.RequestException:
                pass
            time.sleep(0.05)
        raise AssertionError(f"kifu serve did not become healthy: {self.output()[-3000:]}")

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def serve(tmp_path: Path, *args: str) -> Served:
    data_dir = tmp_path / "var"
    port = free_port()
    log = tmp_path / "serve.log"
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "KIFU_SECRET_KEY")}
    env.update(KIFU_ADMIN_TOKEN=ADMIN, PYTHONPATH=str(ROOT))
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "serve", "--port", str(port), "--data-dir", str(data_dir),
             "--no-demo", *args],
            cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT)
    served = Served(process, f"http://127.0.0.1:{port}", data_dir, log)
    try:
        served.wait_healthy()
    except BaseException:
        served.stop()
        raise
    return served
