"""``describe(before, command, after, perspective)``: one move-list line, from the states.

The line is the command's label in the state it was played from, then what followed
(``after["notes"]``: public events only: reveals, damage, downs, rulings applied). The
drawing seat (and a judge) also read which cards came to its hand.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from kifu.replays.rules import OMNISCIENT


def describe(rules: Any, before: dict, command: dict, after: dict, perspective: str) -> str:
    plain = {k: v for k, v in command.items() if k != "outcomes"}
    line = rules.label(before, plain, command["seat"])
    notes = [n for n in after.get("notes", []) if not line.endswith(n)]
    if notes:
        line += " — " + "；".join(notes)
    for seat in ("p1", "p2"):
        if perspective not in (seat, OMNISCIENT):
            continue
        gained = Counter(after["players"][seat]["hand"]) - Counter(before["players"][seat]["hand"])
        if gained:
            names = "、".join(rules.cardset.name(c) for c in sorted(gained.elements()))
            line += f"（{seat}の手札に: {names}）"
    return line
