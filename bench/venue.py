"""A venue on this machine: live tables, spectators over SSE, step browsing, one run.

``kifu serve`` (gevent workers, its embedded Redis, a throwaway data directory, a free
port) is started as a real process, with the service tests' toy game ("tally",
tests/service/toy.py) as its only game so that the load generator needs no game
knowledge to make legal moves (its reducer is cheap: the figures are the server's
HTTP/SSE/Redis path more than a heavy game's fold). Then, from this one client process
(gevent greenlets, raw sockets):

- ``--tables`` live matches (default 128), each with its recorder appending one command
  every ``--pace`` seconds on average (uniform 0.5x..1.5x, default 4 s: a brisk human);
- ``--spectators`` (default 1,000) following the tables' event streams (``/m/<id>/events``),
  spread evenly over the tables, each connecting from its own loopback alias
  (127.0.0.2, 127.0.0.3, ...: ``--addresses`` of them, default 250);
- ``--browsers`` (default 32) stepping through matches (``GET /m/<id>?step=N`` with
  ``HX-Request``), one request every ~``--browse-pace`` seconds each;
- for ``--seconds`` (default 60) of measurement after everyone is connected.

It prints p50/p99 of commands (POST .../commands, acknowledged) and of steps; the SSE
delivery lag (from a command being sent to its ``marker`` event reaching a spectator);
errors (any non-2xx answer, refused or dropped stream, an event a spectator never got);
and the resident memory of the server (master and workers) and of its Redis.

``--cluster``: the same against a local Redis Cluster of six nodes (three primaries, three
replicas, ``appendfsync always``, tests/service/cluster.py) instead of the embedded Redis
(``kifu serve --redis-url redis+cluster://...``); ``--redis-wait N`` passes ``--redis-wait``
(each append waits for N replicas). Redis memory is then the six nodes'.

``--quick``: 32 tables, 200 spectators, 8 browsers, 15 s (about 40 s in all).
The default run takes about 2 minutes. Run: ``.venv/bin/python bench/venue.py [--quick]``
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import gevent  # noqa: E402
from gevent.pool import Group  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kifu.service.embedded import free_port  # noqa: E402
from tests.service.serving import ADMIN, LAUNCH  # noqa: E402

MARKER = re.compile(rb"id: (\d+)\nevent: marker")


class Venue:
    def __init__(self, port: int) -> None:
        self.port = port
        self.sent: dict[tuple[str, int], float] = {}  # (match, seq) -> when its command was sent
        self.commands: list[float] = []
        self.steps: list[float] = []
        self.lags: list[float] = []
        self.errors = {"commands": 0, "steps": 0, "streams": 0, "missed events": 0}
        self.why: dict[str, int] = {}  # what the errors were: "commands 503", "streams closed", ...
        self.heads: dict[str, int] = {}
        self.measuring = False
        self.stop = False

    def request(self, method: str, path: str, body: dict | None = None, token: str | None = None,
                headers: dict | None = None, source: str = "127.0.0.1") -> tuple[int, bytes, float]:
        began = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(source, 0))
        try:
            sent = dict(headers or {})
            if token:
                sent["Authorization"] = f"Bearer {token}"
            payload = None
            if body is not None:
                payload = json.dumps(body)
                sent["Content-Type"] = "application/json"
            conn.request(method, path, body=payload, headers=sent)
            response = conn.getresponse()
            data = response.read()
            return response.status, data, time.perf_counter() - began
        except OSError:
            return 0, b"", time.perf_counter() - began
        finally:
            conn.close()

    def create(self) -> tuple[str, str]:
        status, data, _ = self.request("POST", "/api/matches", token=ADMIN, body={
            "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 10 ** 9}})
        if status != 201:
            raise SystemExit(f"creating a match answered {status}: {data[:300]!r}")
        made = json.loads(data)
        return made["id"], made["tokens"]["recorder"]

    def recorder(self, mid: str, token: str, pace: float) -> None:
        seq = 0
        gevent.sleep(random.uniform(0, pace))
        while not self.stop:
            body = {"expected_seq": seq, "command_id": f"{mid}-{seq}",
                    "command": {"type": "add", "seat": "p1" if seq % 2 else "p2", "n": 1 + seq % 3}}
            self.sent[(mid, seq + 1)] = time.perf_counter()
            status, data, took = self.request("POST", f"/api/matches/{mid}/commands", body=body, token=token)
            if status in (200, 201):
                if self.measuring:
                    self.commands.append(took)
                seq += 1
                self.heads[mid] = seq
            else:
                self.errors["commands"] += 1
                self._why(f"command {status or 'no answer'}")
                gevent.sleep(1.0)
                continue
            gevent.sleep(random.uniform(0.5 * pace, 1.5 * pace))

    def spectator(self, mid: str, source: str, ready: list) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=60, source_address=(source, 0))
        except OSError:
            self.errors["streams"] += 1
            return
        got: set[int] = set()
        try:
            sock.sendall(f"GET /m/{mid}/events?as=public HTTP/1.1\r\nHost: venue\r\n"
                         f"Accept: text/event-stream\r\n\r\n".encode())
            buffer = b""
            while b"\r\n\r\n" not in buffer:
                chunk = sock.recv(65536)
                if not chunk:
                    raise OSError("closed before the answer")
                buffer += chunk
            if not buffer.startswith(b"HTTP/1.1 200"):
                raise OSError(buffer[:80].decode("latin1"))
            ready.append(mid)
            first = None
            while not self.stop:
                chunk = sock.recv(65536)
                if not chunk:
                    raise OSError("stream closed")
                buffer = buffer[-64:] + chunk
                now = time.perf_counter()
                for found in MARKER.finditer(buffer):
                    seq = int(found.group(1))
                    if seq in got:
                        continue
                    got.add(seq)
                    first = seq if first is None else min(first, seq)
                    sent = self.sent.get((mid, seq))
                    if sent is not None and self.measuring:
                        self.lags.append(now - sent)
        except OSError as exc:
            if not self.stop:
                self.errors["streams"] += 1
                self._why(f"stream {str(exc)[:40]}")
        finally:
            sock.close()
            if got:  # every entry after the first one seen, up to the last, must have come
                self.errors["missed events"] += sum(1 for s in range(min(got), max(got) + 1) if s not in got)

    def _why(self, what: str) -> None:
        self.why[what] = self.why.get(what, 0) + 1

    def browser(self, mids: list[str], source: str, pace: float) -> None:
        while not self.stop:
            mid = random.choice(mids)
            head = self.heads.get(mid, 0)
            step = random.randint(0, head) if head else 0
            status, _, took = self.request("GET", f"/m/{mid}?step={step}&as=public",
                                           headers={"HX-Request": "true"}, source=source)
            if status == 200:
                if self.measuring:
                    self.steps.append(took)
            else:
                self.errors["steps"] += 1
                self._why(f"step {status or 'no answer'}")
            gevent.sleep(random.uniform(0.5 * pace, 1.5 * pace))


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` (and of its reaped children)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    out = []
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return out
    for child in map(int, children):
        out.append(child)
        out.extend(descendants(child))
    return out


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def line(name: str, values: list[float]) -> str:
    return (f"  {name:9} n={len(values):6}  p50 {pct(values, 0.5) * 1000:7.1f} ms  p99 {pct(values, 0.99) * 1000:7.1f} ms"
            f"  max {max(values, default=float('nan')) * 1000:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=128)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--addresses", type=int, default=250)
    parser.add_argument("--browsers", type=int, default=32)
    parser.add_argument("--pace", type=float, default=4.0, help="mean seconds between a table's commands")
    parser.add_argument("--browse-pace", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2, help="kifu serve --workers")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cluster", action="store_true", help="a local six-node Redis Cluster instead of the embedded Redis")
    parser.add_argument("--redis-wait", type=int, default=0, help="kifu serve --redis-wait (with --cluster)")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.spectators, args.browsers, args.seconds = 32, 200, 8, 15.0

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "KIFU_SECRET_KEY")}
        env.update(KIFU_ADMIN_TOKEN=ADMIN, PYTHONPATH=str(ROOT))
        log = open(Path(tmp) / "serve.log", "wb")
        cluster, store = None, []
        if args.cluster:
            from tests.service.cluster import LocalCluster

            cluster = LocalCluster(Path(tmp) / "cluster", replicas=1, appendfsync="always").start()
            store = ["--redis-url", cluster.url(), "--redis-wait", str(args.redis_wait)]
        server = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "serve", "--port", str(port), "--data-dir", str(Path(tmp) / "var"),
             "--no-demo", "--workers", str(args.workers), *store],
            cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT)
        venue = Venue(port)
        began = time.monotonic()
        try:
            while venue.request("GET", "/api/health")[0] != 200:
                if server.poll() is not None or time.monotonic() - began > 60:
                    raise SystemExit("kifu serve did not start: " + (Path(tmp) / "serve.log").read_text()[-2000:])
                gevent.sleep(0.1)
            tables = [venue.create() for _ in range(args.tables)]
            mids = [mid for mid, _ in tables]
            group = Group()
            ready: list[str] = []
            for i in range(args.spectators):
                source = f"127.0.{1 + (i % args.addresses) // 250}.{2 + (i % args.addresses) % 250}"
                group.spawn(venue.spectator, mids[i % len(mids)], source, ready)
                if i % 50 == 49:
                    gevent.sleep(0.05)  # a venue's doors: spectators arrive over a second or two
            deadline = time.monotonic() + 60
            while len(ready) + venue.errors["streams"] < args.spectators and time.monotonic() < deadline:
                gevent.sleep(0.1)
            connected = time.monotonic() - began
            for mid, token in tables:
                group.spawn(venue.recorder, mid, token, args.pace)
            for i in range(args.browsers):
                group.spawn(venue.browser, mids, f"127.0.9.{2 + i}", args.browse_pace)
            gevent.sleep(args.pace)  # every recorder has started
            venue.measuring = True
            load_before = os.getloadavg()[0]
            cpu_before = cpu_seconds(server.pid) + sum(cpu_seconds(p) for p in descendants(server.pid))
            cluster_cpu_before = sum(cpu_seconds(p.pid) for p in cluster.processes) if cluster else 0.0
            peak_server = peak_redis = 0.0
            until = time.monotonic() + args.seconds
            while time.monotonic() < until:
                gevent.sleep(1.0)
                pids = descendants(server.pid)
                redis_pids = [p for p in pids if "redis-server" in Path(f"/proc/{p}/cmdline").read_bytes().decode(
                    "latin1", "replace")] if pids else []
                if cluster is not None:
                    redis_pids += [p.pid for p in cluster.processes]
                peak_redis = max(peak_redis, sum(rss_mb(p) for p in redis_pids))
                peak_server = max(peak_server, rss_mb(server.pid) + sum(rss_mb(p) for p in pids
                                                                        if p not in redis_pids))
            venue.measuring = False
            cpu_used = cpu_seconds(server.pid) + sum(cpu_seconds(p) for p in descendants(server.pid)) - cpu_before
            if cluster is not None:
                cpu_used += sum(cpu_seconds(p.pid) for p in cluster.processes) - cluster_cpu_before
            load_after = os.getloadavg()[0]
            gevent.sleep(2.0)  # the last commands' events arrive
            venue.stop = True
            group.kill(block=True, timeout=10)
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
            if cluster is not None:
                cluster.stop()

    rate = len(venue.commands) / args.seconds
    print(f"venue: {args.tables} tables (a command every ~{args.pace:g} s each), {len(ready)}/{args.spectators} "
          f"spectators over SSE from {min(args.addresses, args.spectators)} addresses, {args.browsers} step browsers; "
          f"kifu serve --workers {args.workers} (gevent) on "
          f"{f'a six-node Redis Cluster (--redis-wait {args.redis_wait})' if args.cluster else 'its embedded Redis'}; "
          f"connected in {connected:.1f} s; measured {args.seconds:g} s")
    print(line("commands", venue.commands) + f"  ({rate:.1f}/s)")
    print(line("steps", venue.steps) + f"  ({len(venue.steps) / args.seconds:.1f}/s)")
    print(line("SSE lag", venue.lags) + f"  ({len(venue.lags) / args.seconds:.0f} deliveries/s)")
    print("  errors    " + ", ".join(f"{k} {v}" for k, v in venue.errors.items())
          + (f"  ({', '.join(f'{k}: {v}' for k, v in sorted(venue.why.items()))})" if venue.why else ""))
    print(f"  memory    kifu serve (master + {args.workers} workers) {peak_server:.0f} MB peak RSS, "
          f"its Redis {peak_redis:.0f} MB")
    print(f"  cpu       the server and its Redis used {cpu_used / args.seconds:.2f} of this machine's "
          f"{os.cpu_count()} cores; load average {load_before:.1f} -> {load_after:.1f} (other processes included)")


if __name__ == "__main__":
    main()
