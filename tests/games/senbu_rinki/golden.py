"""Making the golden records in tests/golden/senbu_rinki/ (run as a module to rewrite them).

Each is a game of the uniform bot from a fixed seed at a digital table (the 審神者's
勝利宣言 is one option among the 近侍's several after each 周, so games run long enough to
eliminate players), chosen so that the 審神者 stays silent through at least one 周 end
while another seat is the new 近侍. The files are committed; test_golden.py replays them
and pins head chains and outcomes, and test_tables.py replays them at a physical table:
a rules change that alters any of them must bump ``RULES.version`` (and rewrite them).

    .venv/bin/python -m tests.games.senbu_rinki.golden          # rewrite
    .venv/bin/python -m tests.games.senbu_rinki.golden search   # find seeds again
"""
from __future__ import annotations

import sys
from pathlib import Path

from kifu.replays import engine, records
from kifu.replays.demo import EPOCH, NAMES, iso, record_of

from .helpers import RULES, options
from .test_properties import choose

FOLDER = Path(__file__).resolve().parents[2] / "golden" / "senbu_rinki"

#: name -> (seed, players); found by ``search`` below, one per ending the issue asks for
GOLDEN = {
    "saniwa-side-declares": ("golden/declared/26", 6),
    "sokogun-eliminate-saniwa": ("golden/saniwa_out/1", 7),
    "two-players-left": ("golden/two_left/6", 4),
    "decided-by-duel": ("golden/duel/9", 5),
}


def make(seed: str, players: int) -> records.Record:
    header = records.new_header(
        game=RULES.id, rules_version=RULES.version, cardset=RULES.cardset.ref(), seats=NAMES[:players],
        options=options(), seed=seed, created=iso(EPOCH), tournament="golden", reveal_seed=True,
    )
    state, commands = engine.initial_state(RULES, header, seed), []
    while RULES.outcome(state) is None:
        commands.append(choose(state, seed + "/bot", patient=False))
        state = RULES.apply(state, commands[-1])
    return record_of(RULES, header, seed, commands, by="golden-bot")


def read(name: str) -> records.Record:
    result = records.read_text((FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8"))
    assert not result.errors, result.errors
    return result.record


def states(record: records.Record) -> list[dict]:
    """The state before entry 1 and after every entry."""
    state = engine.initial_state(RULES, record.header, record.header["seed"])
    out = [state]
    for entry in record.entries:
        state = RULES.apply(state, entry["command"])
        out.append(state)
    return out


def kind(record: records.Record) -> str:
    over = states(record)[-1]["over"]
    if "一騎討ち" in over["reason"]:
        return "decided-by-duel"
    if over["code"] == "declared" and over["side"] == "saniwa":
        return "saniwa-side-declares"
    if over["code"] == "saniwa_out":
        return "sokogun-eliminate-saniwa"
    if over["code"] == "two_left":
        return "two-players-left"
    return "other"


def silent_windows(record: records.Record) -> int:
    """How many 周 ends the 審神者 let pass in silence while another seat was the new 近侍."""
    count = 0
    for state, entry in zip(states(record), record.entries):
        saniwa = next(s for s, r in state["roles"].items() if r == "saniwa")
        if state["declaration_open"] and state["kinji"] != saniwa and entry["command"]["type"] != "declare_victory":
            count += 1
    return count


def search(name: str, players: int, tries: int = 400) -> str:
    label = {"saniwa-side-declares": "declared", "sokogun-eliminate-saniwa": "saniwa_out",
             "two-players-left": "two_left", "decided-by-duel": "duel"}[name]
    for i in range(tries):
        seed = f"golden/{label}/{i}"
        record = make(seed, players)
        if kind(record) == name and silent_windows(record):
            return seed
    raise LookupError(name)


def write() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, (seed, players) in GOLDEN.items():
        record = make(seed, players)
        assert kind(record) == name, (name, kind(record))
        (FOLDER / f"{name}.kifu.jsonl").write_text(record.dumps(), encoding="utf-8")
        print(name, len(record.entries), record.head)


if __name__ == "__main__":
    if sys.argv[1:] == ["search"]:
        for name, (_, players) in GOLDEN.items():
            print(name, search(name, players), players)
    else:
        write()
