"""Making the golden records in tests/golden/hocg/ (run as a module to rewrite them).

The digital ones are ``kifu.replays.demo.demo_record(RULES, seed="golden", index=i)``: complete
bot games on the FIXTURE set, byte-for-byte reproducible. ``physical-table`` is a judge's
reconstruction of a game played with real cards: a bot game restated at a physical table
(``kifu.replays.kit.tables.restate``: the deal and every command's outcomes stated), p2 first,
with the deck lists registered in the options. test_golden.py replays them and pins their
head chains and outcomes, so a rules change that alters any of them must bump
``RULES.version`` (and rewrite them).

    .venv/bin/python -m tests.games.hocg.golden
"""
from __future__ import annotations

from pathlib import Path

from kifu.replays import bot, records
from kifu.replays.demo import EPOCH, demo_record, iso, record_of
from kifu.replays.kit import tables

from .helpers import DECKS, RULES

FOLDER = Path(__file__).resolve().parents[2] / "golden" / "hocg"

PHYSICAL = "physical-table"
PHYSICAL_SEED = "golden/physical"

#: name -> demo index (seed "golden"); chosen for what each game shows
GOLDEN = {
    "downs-and-deck-out": 1,        # downs, lives taken and attached, a back to the centre, deck-out ends it
    "forced-mulligan": 16,          # a hand without Debut shown and redrawn; searches; dice
    "empty-stage": 12,              # the last holomem downed: 勝利条件 (no holomem on the stage)
    PHYSICAL: PHYSICAL,             # table "physical": deal and outcomes stated, deck lists registered
}


def physical_options() -> dict:
    return RULES.options_schema.load({"first_player": "p2", "decks": {"p1": DECKS[1], "p2": DECKS[0]}})


def physical_game() -> tuple[list, list[dict]]:
    options = physical_options()
    start = RULES.setup(options, PHYSICAL_SEED, 2)
    commands = [c for c, _ in bot.play(RULES, start, PHYSICAL_SEED + "/bot")]
    return tables.restate(RULES, options, PHYSICAL_SEED, 2, commands)


def make(index: int | str) -> records.Record:
    if index != PHYSICAL:
        return demo_record(RULES, seed="golden", index=index)
    deal, commands = physical_game()
    header = records.new_header(game=RULES.id, rules_version=RULES.version, cardset=RULES.cardset.ref(),
                                seats=["Aoi", "Ren"], options=physical_options(), seed=PHYSICAL_SEED,
                                created=iso(EPOCH), tournament="golden", round="1", table_number="1",
                                table="physical", deal=deal, reveal_seed=True)
    return record_of(RULES, header, PHYSICAL_SEED, commands, by="golden")


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for stale in FOLDER.glob("*.kifu.jsonl"):
        if stale.name.removesuffix(".kifu.jsonl") not in GOLDEN:
            stale.unlink()
    for name, index in GOLDEN.items():
        record = make(index)
        (FOLDER / f"{name}.kifu.jsonl").write_text(record.dumps(), encoding="utf-8")
        print(name, record.head, len(record.entries))


if __name__ == "__main__":
    main()
