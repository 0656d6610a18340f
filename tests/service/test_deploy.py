"""docker-compose.yml and the Dockerfile, tested as far as a machine without Docker can.

The compose file is read for the durability settings DESIGN.md asks of every Redis
deployment; the image's own gunicorn command (the Dockerfile's CMD) is run against the
test Redis with the environment compose gives it, and compose's health check command
is run against it.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kifu.service.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = (ROOT / "docker-compose.yml").read_text()
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def service_block(name: str) -> str:
    match = re.search(rf"^  {name}:\n((?:    .*\n|\n)*)", COMPOSE, re.M)
    assert match, f"no service {name}"
    return match.group(1)


def test_compose_redis_is_redis_7_durable_and_on_a_volume():
    redis = service_block("redis")
    assert re.search(r"image: redis:7\b", redis)
    flags = re.findall(r"^      - (.*)$", redis.split("volumes:")[0], re.M)
    args = [f.strip('"') for f in flags]
    assert args[0] == "redis-server"
    pairs = dict(zip(args[1::2], args[2::2]))
    assert pairs["--appendonly"] == "yes" and pairs["--appendfsync"] == "always"
    assert pairs["--maxmemory-policy"] == "noeviction"
    assert "- redis-data:/data" in redis and re.search(r"^volumes:\n  redis-data:", COMPOSE, re.M)


def test_compose_app_runs_against_that_redis_with_a_health_check():
    app = service_block("app")
    assert "REDIS_URL: redis://redis:6379/0" in app
    assert "condition: service_healthy" in app
    assert "/api/health" in app and "build: ." in app
    assert "KIFU_SECRET_KEY: ${KIFU_SECRET_KEY:?" in app  # never a default secret


def _cmd() -> list[str]:
    line = next(l for l in DOCKERFILE.splitlines() if l.startswith("CMD "))
    return json.loads(line[4:])


def _healthcheck(port: int) -> list[str]:
    line = next(l for l in service_block("app").splitlines() if "test:" in l and "api/health" in l)
    command = json.loads(line.split("test:", 1)[1])
    assert command[:2] == ["CMD", "python"]
    return [sys.executable, *[c.replace("127.0.0.1:8000", f"127.0.0.1:{port}") for c in command[2:]]]


def test_the_images_gunicorn_command_serves_the_app(redis_url, tmp_path):
    cmd = _cmd()
    assert cmd[0] == "gunicorn" and cmd[-1] == "kifu.service.app:create_app()"
    assert cmd[cmd.index("--worker-class") + 1] == "kifu.service.greenworker.GreenWorker"  # as kifu serve runs
    port = free_port()
    cmd[cmd.index("--bind") + 1] = f"127.0.0.1:{port}"
    cmd[cmd.index("--workers") + 1] = "1"
    env = {**os.environ, "REDIS_URL": redis_url, "KIFU_SECRET_KEY": "deploy-test", "KIFU_ADMIN_TOKEN": "deploy-admin",
           "XDG_RUNTIME_DIR": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-m", *cmd], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"gunicorn exited: {process.stdout.read()}")
            if subprocess.run(_healthcheck(port), capture_output=True).returncode == 0:
                break
            assert time.monotonic() < deadline, "the health check never passed"
            time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGTERM)
        output, _ = process.communicate(timeout=30)
    assert process.returncode == 0, output
