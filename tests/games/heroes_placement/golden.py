"""Making the golden records in tests/golden/heroes_placement/ (run as a module to rewrite them).

Most are ``kifu.replays.demo.demo_record(RULES, seed="golden", index=i)``: complete bot games,
byte-for-byte reproducible. The random bot always wins by destroying places, so one more
game is played by a bot that never attacks: it ends when a deck reaches 0 (勝利条件②); and
that game is also kept as a physical table's record (every outcome stated, the deal in
the header). test_golden.py replays them with ``kifu.replays.verify`` and pins their heads, so
a rules change that alters one must bump ``RULES.version`` (and rewrite them).

    .venv/bin/python -m tests.games.heroes_placement.golden
"""
from __future__ import annotations

from pathlib import Path

from kifu.replays import engine, records, registry
from kifu.replays.demo import EPOCH, demo_record, iso, record_of
from kifu.replays.kit import tables
from kifu.replays.rng import Rng

RULES = registry.demo("heroes_placement")
FOLDER = Path(__file__).resolve().parents[2] / "golden" / "heroes_placement"
DECK_OUT, DECK_OUT_PHYSICAL = "deck-out", "deck-out-physical"

#: name -> demo index (seed "golden"), chosen for what each game shows
GOLDEN = {
    "coop-defence-and-allocation": 10,  # 協力防御 (川崎あくあ & co), AP allocations, PL無効, 石乃真希 from a place
    "interrupted-battle": 7,            # a battle interrupted by a participant leaving; 超次元フィッシング
    "recovery-and-coop-attack": 44,     # デッキ回復, 協力攻撃 and 協力防御, responses
    DECK_OUT: DECK_OUT,                 # a bot that never attacks: the deck reaches 0
    DECK_OUT_PHYSICAL: DECK_OUT_PHYSICAL,  # the same game at a physical table
}
SEED = "golden/deck-out"


def _passive_game() -> tuple[dict, list[dict]]:
    options = RULES.options_schema.load({})
    state = RULES.setup(options, SEED, 2)
    commands = []
    while RULES.outcome(state) is None:
        legal = [c for s in RULES.to_act(state) for c in RULES.legal(state, s) if c["type"] != "attack"]
        command = Rng(SEED + "/bot", f"bot/{state['step']}").choice(legal)
        commands.append(command)
        state = engine.step(RULES, state, command)
    return options, commands


def _record(options: dict, commands: list[dict], *, table: str = "digital", deal: list | None = None) -> records.Record:
    header = records.new_header(game=RULES.id, rules_version=RULES.version, cardset=RULES.cardset.ref(),
                                seats=["Aoi", "Ren"], options=options, seed=SEED, created=iso(EPOCH),
                                tournament="golden", round="1", table_number="1", table=table, deal=deal,
                                reveal_seed=True)
    return record_of(RULES, header, SEED, commands, by="golden")


def make(index: int | str) -> records.Record:
    if index == DECK_OUT:
        return _record(*_passive_game())
    if index == DECK_OUT_PHYSICAL:
        options, commands = _passive_game()
        deal, stated = tables.restate(RULES, options, SEED, 2, commands)
        return _record(options, stated, table="physical", deal=deal)
    return demo_record(RULES, seed="golden", index=index)


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, index in GOLDEN.items():
        record = make(index)
        (FOLDER / f"{name}.kifu.jsonl").write_text(record.dumps(), encoding="utf-8")
        print(name, record.head, len(record.entries))


if __name__ == "__main__":
    main()
