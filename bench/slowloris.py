"""Half-sent requests against ``kifu serve``: does anyone else still get an answer?

For each server model (gunicorn's gevent worker, kifu's default, and the threaded
gthread worker it replaced, 64 threads), in one run:

- ``kifu serve --no-demo`` is started as a real process on a free port, with a throwaway
  data directory and its embedded Redis;
- ``--held`` raw connections (default 1,000) each send an unfinished request and go
  quiet: half of them half their headers, the other half complete headers of a
  ``POST /api/matches`` with ``Content-Length: 1000`` and 10 bytes of body;
- ``GET /api/games`` is then timed ``--samples`` times (default 50), one fresh
  connection each, from another client (a 5 s timeout counts as 5 s and as a failure);
- after the header deadline (``--header-timeout``, default 2 s for the run) plus the
  idle deadline (``--idle-timeout``, default 3 s), it counts how many held connections
  the server has closed.

It prints p50/p99/max of the timed requests per model and the ratio of their p99s.
Run: ``.venv/bin/python bench/slowloris.py [--held 1000] [--samples 50] [--worker gevent]``
"""
from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kifu.service.embedded import free_port  # noqa: E402

TIMEOUT = 5.0


def start(data: Path, worker: str, header_timeout: float, idle_timeout: float) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "KIFU_SECRET_KEY")}
    env.update(KIFU_ADMIN_TOKEN="kifu-bench-admin-token-0123456789abcdef", PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "kifu.service.cli", "serve", "--port", str(port), "--data-dir", str(data / "var"),
         "--no-demo", "--worker", worker, "--threads", "64",
         "--limit-header-seconds", str(header_timeout), "--limit-idle-seconds", str(idle_timeout)],
        cwd=data, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"kifu serve --worker {worker} exited {process.returncode}")
        if get(port, timeout=1)[0] == 200:
            return process, port
        time.sleep(0.1)
    process.kill()
    raise SystemExit("kifu serve did not become healthy")


def get(port: int, path: str = "/api/health", timeout: float = TIMEOUT) -> tuple[int, float]:
    """(status or 0 on failure, seconds)."""
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - began
    except OSError:
        return 0, time.perf_counter() - began
    finally:
        conn.close()


def hold(port: int, count: int) -> list[socket.socket]:
    """``count`` connections, each with an unfinished request sent."""
    held = []
    for i in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        if i % 2:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
        else:
            sock.sendall(b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 1000\r\n\r\n{\"game\": \"")
        held.append(sock)
    return held


def closed_by_server(socks: list[socket.socket]) -> int:
    """How many held connections the server has closed (EOF or reset, or an answer then EOF)."""
    closed = 0
    for sock in socks:
        sock.setblocking(False)
        try:
            data = sock.recv(65536)
            closed += 1 if data == b"" or data.startswith(b"HTTP/") else 0
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    return closed


def measure(worker: str, held_count: int, samples: int, header_timeout: float, idle_timeout: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        process, port = start(Path(tmp), worker, header_timeout, idle_timeout)
        try:
            before = [get(port, "/api/games")[1] for _ in range(10)]
            socks = hold(port, held_count)
            time.sleep(0.5)  # let the server take them all in
            timed = [get(port, "/api/games") for _ in range(samples)]
            time.sleep(header_timeout + idle_timeout + 1.0)
            closed = closed_by_server(socks)
            for sock in socks:
                sock.close()
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
    latencies = sorted(t for _, t in timed)
    return {
        "worker": worker, "idle_p50": statistics.median(before),
        "p50": statistics.median(latencies), "p99": latencies[max(0, int(len(latencies) * 0.99) - 1)],
        "max": latencies[-1], "failed": sum(1 for status, _ in timed if status != 200),
        "closed": closed, "held": held_count,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--held", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--worker", action="append", choices=("gevent", "gthread"))
    parser.add_argument("--header-timeout", type=float, default=2.0)
    parser.add_argument("--idle-timeout", type=float, default=3.0)
    args = parser.parse_args()
    results = [measure(w, args.held, args.samples, args.header_timeout, args.idle_timeout)
               for w in (args.worker or ["gevent", "gthread"])]
    print(f"{args.held} half-sent requests held open; GET /api/games timed {args.samples} times "
          f"(timeout {TIMEOUT:.0f} s)")
    for r in results:
        print(f"  {r['worker']:8} unloaded p50 {r['idle_p50'] * 1000:7.1f} ms | held: p50 {r['p50'] * 1000:8.1f} ms  "
              f"p99 {r['p99'] * 1000:8.1f} ms  max {r['max'] * 1000:8.1f} ms  failed {r['failed']:3}/{args.samples}  "
              f"| closed by the server after the deadlines: {r['closed']}/{r['held']}")
    if len(results) == 2:
        print(f"  p99 ratio {results[1]['worker']}/{results[0]['worker']}: {results[1]['p99'] / results[0]['p99']:.0f}x")


if __name__ == "__main__":
    main()
