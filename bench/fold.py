"""Fold throughput: entries folded per second / plain json.loads of the same lines.

Both are measured in this one run, on the same demo records, so the ratio says how much
the reducer costs on top of merely parsing the log (1.0 would be "free").

With ``--table physical`` (or ``observed``) the same games are folded as a physical
table recorded them: every chance outcome stated in the commands and the set-up's in the
deal (``kifu.replays.kit.tables.restate``), so the figure is what replaying a physical record
costs (the states are the same but for a card nobody saw, a token there; only the source of
the outcomes differs).

With ``--profile N`` it also prints the N functions the fold spends most time in (cProfile, one
fold of every record; the figures above are timed without the profiler).

With ``--judged`` it also folds through the judging layer (``kifu.replays.judging.Judged``, the
wrapper every match is served with) and prints that fold's cost relative to the game's own.

    python bench/fold.py [--game holodelive] [--records 40] [--repeat 5] [--table digital] [--cpu] [--judged]
                         [--profile N]
"""
from __future__ import annotations

import argparse
import json
import time

from kifu.replays import engine, judging, registry
from kifu.replays.demo import demo_record
from kifu.replays.kit.tables import restate
from kifu.replays.records import Record


def best_of(repeat: int, fn, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


def at_table(rules, record, table: str):
    """``record`` as a ``table`` recorder would have stated it (its chain is not rebuilt:
    only the commands and the deal are folded here)."""
    header = record.header
    commands = [e["command"] for e in record.entries]
    deal, stated = restate(rules, header["options"], header["seed"], len(header["seats"]), commands, table=table)
    out = Record(dict(header, table=table, deal=deal), [dict(e, command=c) for e, c in zip(record.entries, stated)])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="holodelive")
    parser.add_argument("--records", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--table", choices=("digital", "physical", "observed"), default="digital")
    parser.add_argument("--cpu", action="store_true",
                        help="time with this process's CPU time (steadier on a machine busy with other work)")
    parser.add_argument("--judged", action="store_true", help="also fold through the judging layer")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also print the N functions with the most time of their own in one fold")
    args = parser.parse_args()

    rules = registry.demo(args.game)
    records = [demo_record(rules, seed="bench", index=i) for i in range(args.records)]
    if args.table != "digital":
        records = [at_table(rules, r, args.table) for r in records]
    texts = [(r.header, r.dumps().splitlines()[1:]) for r in records]
    entries = sum(len(lines) for _, lines in texts)

    def parse_only() -> None:
        for _, lines in texts:
            for line in lines:
                json.loads(line)

    def fold_all(rules=rules) -> None:
        for header, lines in texts:
            state = engine.initial_state(rules, header, header["seed"])
            for line in lines:
                state = rules.apply(state, json.loads(line)["command"])

    clock = time.process_time if args.cpu else time.perf_counter
    parse = best_of(args.repeat, parse_only, clock)
    fold = best_of(args.repeat, fold_all, clock)
    print(f"game={args.game} v{rules.version} table={args.table} records={len(records)} entries={entries}")
    print(f"json.loads only : {entries / parse:12,.0f} entries/s")
    print(f"parse + fold    : {entries / fold:12,.0f} entries/s (setup included)")
    print(f"ratio fold/json.loads = {parse / fold:.3f}")
    if args.profile:
        profile(fold_all, args.profile)
    if args.judged:
        # interleaved, so that a busy machine's drift does not land on one side only
        wrapped = judging.Judged(rules, len(records[0].header["seats"]))
        plain = judged = float("inf")
        for _ in range(args.repeat):
            plain = min(plain, best_of(1, fold_all, clock))
            judged = min(judged, best_of(1, lambda: fold_all(wrapped), clock))
        print(f"judged fold     : {entries / judged:12,.0f} entries/s")
        print(f"ratio judged/plain fold time = {judged / plain:.3f} (1.0: judging costs nothing)")


def profile(fold_all, top: int) -> None:
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    profiler.runcall(fold_all)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    main()
