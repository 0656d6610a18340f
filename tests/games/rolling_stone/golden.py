"""Making the golden records in tests/golden/rolling_stone/ (run as a module to rewrite them).

Each is ``kifu.replays.demo.demo_record(rules, seed="golden", index=i)``: a complete bot game,
byte-for-byte reproducible. The files are committed; test_golden.py replays them with
``kifu.replays.verify`` and pins their head chains and outcomes, so a rules change that alters
any of them must bump ``RULES.version`` (and rewrite them).

    .venv/bin/python -m tests.games.rolling_stone.golden
"""
from __future__ import annotations

from pathlib import Path

from kifu.replays import records
from kifu.replays.demo import demo_record

from .helpers import RULES

FOLDER = Path(__file__).resolve().parents[2] / "golden" / "rolling_stone"

#: name -> demo index (seed "golden"); chosen for what each game shows
GOLDEN = {
    "four-tied-start-player": 3,   # 4 players: a tie for start player, unplaceable cards, shared interim
                                   # places, extra リピート until the stage deck runs out
    "three-full-album": 1,         # 3 players: a full album (+6), the character card replaced, a discard
    "three-equal-totals": 7,       # 3 players: equal highest totals, a draw
}


def make(index: int) -> records.Record:
    return demo_record(RULES, seed="golden", index=index)


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, index in GOLDEN.items():
        record = make(index)
        (FOLDER / f"{name}.kifu.jsonl").write_text(record.dumps(), encoding="utf-8")
        print(name, record.head, len(record.entries))


if __name__ == "__main__":
    main()
