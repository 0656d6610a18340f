"""Making the golden records in tests/golden/senbu_rinki/ (run as a module to rewrite them).

Each is a game of the uniform bot from a fixed seed (the 審神者's 勝利宣言 is one option
among the 近侍's several after each 周, so games run long enough to eliminate players),
chosen so that the 審神者 stays silent through at least one 周 end while another seat is
the new 近侍. The files are committed; test_golden.py replays them and pins head chains
and outcomes, so a rules change that alters any of them must bump ``RULES.version`` (once
released: until then the version stays 1 and the records are rewritten).

    .venv/bin/python -m tests.games.senbu_rinki.golden
"""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from replays import canon, engine, records
from replays.demo import EPOCH, NAMES, iso
from replays.games.senbu_rinki import RULES

from .test_properties import choose

FOLDER = Path(__file__).resolve().parents[2] / "golden" / "senbu_rinki"

#: name -> (seed, players); found by ``search`` below, one per ending the issue asks for
GOLDEN = {
    "saniwa-side-declares": ("golden/declared/23", 6),
    "sokogun-eliminate-saniwa": ("golden/saniwa_out/4", 7),
    "two-players-left": ("golden/two_left/0", 4),
    "decided-by-duel": ("golden/duel/7", 5),
}


def make(seed: str, players: int) -> records.Record:
    options = RULES.options_schema.load({})
    header = records.new_header(
        game=RULES.id, rules_version=RULES.version, cardset=RULES.cardset_ref(options), seats=NAMES[:players],
        options=options, seed=seed, created=iso(EPOCH), tournament="golden", reveal_seed=True,
    )
    state = engine.initial_state(RULES, header, seed)
    record = records.Record(header)
    prev = records.genesis(header)
    seq = 0
    while RULES.outcome(state) is None:
        command = choose(state, seed + "/bot", patient=False)
        state = engine.step(RULES, state, command)
        seq += 1
        entry = records.make_entry(prev, seq=seq, at=iso(EPOCH + timedelta(seconds=seq)), actor=command["seat"],
                                   by="golden-bot", command=command, state_hash=canon.state_hash(state, seed))
        record.entries.append(entry)
        prev = entry["chain"]
    return record


def final_state(record: records.Record) -> dict:
    state = engine.initial_state(RULES, record.header, record.header["seed"])
    return engine.fold(RULES, state, (e["command"] for e in record.entries))


def kind(record: records.Record) -> str:
    state = final_state(record)
    code = state["over"]["code"]
    if code == "declared" and state["over"]["side"] == "saniwa":
        return "saniwa-side-declares"
    if code == "saniwa_out" and "一騎討ち" not in state["over"]["reason"]:
        return "sokogun-eliminate-saniwa"
    if code == "two_left" and "一騎討ち" not in state["over"]["reason"]:
        return "two-players-left"
    if "一騎討ち" in state["over"]["reason"]:
        return "decided-by-duel"
    return "other"


def silent_windows(record: records.Record) -> int:
    """How many 周 ends the 審神者 let pass in silence while another seat was the new 近侍."""
    state = engine.initial_state(RULES, record.header, record.header["seed"])
    count = 0
    for entry in record.entries:
        command = entry["command"]
        saniwa = next(s for s, r in state["roles"].items() if r == "saniwa")
        if state["declaration_open"] and state["kinji"] != saniwa and command["type"] != "declare_victory":
            count += 1
        state = RULES.apply(state, command)
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
    write()
