"""Judged golden records: one demo game of each game with a call, a ruling, a backup over a
draw, a fix, an appeal and the head judge's ruling, then played to its end by the seeded
bot. Rewrite them (only when judging or a game changes on purpose) with
``python -m tests.judging.golden`` and update the pins in ``test_golden.py``."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from kifu.replays import bot, canon, judging, records
from kifu.replays.demo import EPOCH, iso

from .scenario import GAMES, Judged, pile_drop

FOLDER = Path(__file__).resolve().parents[1] / "golden" / "judged"
#: per game, a fix a judge might make: a card from a list of the game's state to a pile
FIXES = {
    "holodelive": (["hands", "p1"], "deck"),
    "hocg": (["players", "p1", "hand"], "deck/p1"),
    "heroes_placement": (["players", "p1", "hand"], "deck:p1"),
    "rolling_stone": (["hands", "p1"], "dreams"),
    "senbu_rinki": (None, "deck"),  # no list of cards: a card from the deck to its bottom
}


def _fix(j: Judged) -> dict:
    path, pile = FIXES[j.game_id]
    state = judging.game_state(j.state)
    if path is None:
        unseen = state["zones"]["piles"][pile]["unseen"]
        card = next(c for c in sorted(unseen) if unseen[c] > 0)
        return {"card": card, "from": {"pile": pile}, "to": {"pile": pile, "end": "bottom"}}
    node = state
    for key in path:
        node = node[key]
    return {"card": node[0], "from": {"path": path}, "to": {"pile": pile, "end": "top"}}


def judged_game(game_id: str) -> Judged:
    j = Judged.of(game_id, seed="golden")
    j.recorded(len(j.record.entries))
    full = j.states
    start = next(i for i in range(1, len(full) - 2) if pile_drop(full[i], full[i + 2]))
    j = Judged.of(game_id, seed="golden")
    j.recorded(start + 2)
    head = j.seq
    j.judge("judge_call", role="player", caller="p1", step=head, question="Was the last draw one too many?")
    j.judge("ruling", case=1, answer="Yes: back up two steps", rule="DESIGN.md/Judging/backup")
    j.judge("backup", to=head - 2, case=1)
    j.judge("fix", moves=[_fix(j)], case=1, reason="a card seen during the backed-up line, put back")
    j.judge("appeal", role="player", caller="p2", case=1, reason="The draw was legal")
    j.judge("ruling", role="head_judge", case=1, answer="The ruling stands", rule="DESIGN.md/Judging/ruling")
    for command, state in bot.play(j.rules, j.state, "golden-bot"):
        j.commands.append(command)
        j.states.append(state)
    return j


def record(j: Judged) -> records.Record:
    header = dict(j.record.header)
    seed = header["seed"]
    out = records.Record(header)
    prev = records.genesis(header)
    for seq, (command, state) in enumerate(zip(j.commands, j.states[1:]), start=1):
        actor = "judge" if judging.is_judge(command) else command["seat"]
        entry = records.make_entry(prev, seq=seq, at=iso(EPOCH + timedelta(seconds=seq)), actor=actor,
                                   by="golden-judge" if actor == "judge" else "golden-bot", command=command,
                                   state_hash=canon.state_hash(state, seed))
        out.entries.append(entry)
        prev = entry["chain"]
    return out


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game_id in GAMES:
        (FOLDER / f"{game_id}.kifu.jsonl").write_text(record(judged_game(game_id)).dumps(), encoding="utf-8")
        print(game_id)


if __name__ == "__main__":
    main()
