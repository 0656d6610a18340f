"""Making the golden records in tests/golden/holodelive/ (run as a module to rewrite them).

Each is ``replays.demo.demo_record(RULES, seed="golden", index=i)``: a complete bot game,
byte-for-byte reproducible. The files are committed; test_golden.py replays them with
``replays.verify`` and pins their head chains and outcomes, so a rules change that alters
any of them must bump ``RULES.version`` (and rewrite them).

    .venv/bin/python -m tests.games.holodelive.golden
"""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from replays import bot, canon, engine, records
from replays.demo import EPOCH, demo_record, iso
from replays.games.holodelive import RULES
from replays.games.holodelive.cards import get

FOLDER = Path(__file__).resolve().parents[2] / "golden" / "holodelive"

#: a judge's reconstruction of a physical game: explicit deck and venue order, p2 first
RECONSTRUCTED = "reconstructed-deck-order"


#: name -> demo index (seed "golden"); chosen for what each game shows
GOLDEN = {
    "decided-by-contest": 4,          # 決着: both units full at one venue, hands compared
    "generation-live": 13,            # a 期生ライブ declared with four and held; a COVER/YAGOO 10000
    "cancel-contest-deckout": 55,     # 妨害 cancels, a contest, 期生ライブ, the deck runs out
    "equal-totals-draw": 27,          # equal totals: a draw; ラミィ negates
    RECONSTRUCTED: RECONSTRUCTED,     # options deck_order / venue_order / first_player
}


def reconstructed_options() -> dict:
    members = list(get("holodelive-demo").members)
    return RULES.options_schema.load({"first_player": "p2", "deck_order": members[::-1],
                                      "venue_order": ["dome", "livehouse", "zepp", "arena", "messe", "civic_hall"]})


def make(index: int | str) -> records.Record:
    if index != RECONSTRUCTED:
        return demo_record(RULES, seed="golden", index=index)
    seed, options = "golden/reconstructed", reconstructed_options()
    header = records.new_header(game=RULES.id, rules_version=RULES.version, cardset=RULES.cardset_ref(options),
                                seats=["Aoi", "Ren"], options=options, seed=seed, created=iso(EPOCH),
                                tournament="golden", round="1", table="1", reveal_seed=True)
    state = engine.initial_state(RULES, header, seed)
    record, prev = records.Record(header), records.genesis(header)
    for seq, (command, state) in enumerate(bot.play(RULES, state, seed + "/bot"), start=1):
        entry = records.make_entry(prev, seq=seq, at=iso(EPOCH + timedelta(seconds=seq)), actor=command["seat"],
                                   by="golden", command=command, state_hash=canon.state_hash(state, seed))
        record.entries.append(entry)
        prev = entry["chain"]
    return record


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, index in GOLDEN.items():
        record = make(index)
        (FOLDER / f"{name}.kifu.jsonl").write_text(record.dumps(), encoding="utf-8")
        print(name, record.head, len(record.entries))


if __name__ == "__main__":
    main()
