"""Making the golden records in tests/golden/holodelive/ (run as a module to rewrite them).

The digital ones are ``kifu.replays.demo.demo_record(RULES, seed="golden", index=i)``:
complete bot games, byte-for-byte reproducible. ``physical-table`` is a judge's
reconstruction of a game played with real cards: a bot game restated at a physical
table (``kifu.replays.kit.tables.restate``: the deal and every command's outcomes stated),
p2 first, with a deck list missing two cards. The files are committed; test_golden.py
replays them with ``kifu.replays.verify`` and pins their head chains and outcomes, so a rules
change that alters any of them must bump ``RULES.version`` (and rewrite them).

    .venv/bin/python -m tests.games.holodelive.golden
"""
from __future__ import annotations

from pathlib import Path

from kifu.replays import bot, records
from kifu.replays.demo import EPOCH, demo_record, iso, record_of
from kifu.replays.kit import tables

from .helpers import MEMBERS, RULES

FOLDER = Path(__file__).resolve().parents[2] / "golden" / "holodelive"

#: a judge's reconstruction of a game with real cards: every outcome stated
PHYSICAL = "physical-table"
PHYSICAL_SEED = "golden/physical"
LEFT_OUT = ("yagoo", "a_chan")  # the deck list: the set without these two

#: name -> demo index (seed "golden"); chosen for what each game shows
GOLDEN = {
    "decided-by-contest": 1,          # 決着: both units full at one venue, hands compared
    "generation-live": 33,            # a 期生ライブ declared with four and held; a COVER/YAGOO 10000
    "cancel-contest-deckout": 360,    # 妨害 cancels, a contest, the deck runs out, a stalemate ruling ends it
    "equal-totals-draw": 79,          # equal totals: a draw; ラミィ negates
    PHYSICAL: PHYSICAL,               # table "physical": deal and outcomes stated, options deck / first_player
}


def physical_options() -> dict:
    return RULES.options_schema.load({"first_player": "p2", "deck": [m for m in MEMBERS if m not in LEFT_OUT]})


def physical_game() -> tuple[list, list[dict]]:
    """The deal and the commands (with their outcomes) of the physical golden game."""
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
