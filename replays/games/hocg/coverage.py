"""How much of a card list runs by itself: printings whose every ability is automated.

An ability (or an art's text) is automated when the card set gives it an ``effect`` of
the vocabulary (``effects.py``; the raw list's texts are recognised by
``rawlist.PATTERNS``); an art without text is the core (cost, damage, 特攻) and always is.
The rest are resolved by hand with ``effect`` commands. ``patterns`` counts the texts
with their numbers folded (``自分のデッキをN枚引く。``), most used first: what to automate next.

    .venv/bin/python -m kifu.replays.games.hocg.coverage ../shared/data/hocg/card_data.json
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from typing import Any


def _texts(card: dict) -> list[tuple[str, bool]]:
    """(text, automated) of each ability and art text of a card."""
    out = [(a["text"], a.get("effect") is not None) for a in card["abilities"]]
    out += [(a["text"], a.get("effect") is not None) for a in card["arts"] if a["text"]]
    return out


def fold(text: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"\s+", "", text))


def coverage(cs: Any) -> tuple[int, int, Counter]:
    """(printings fully automated, all printings, Counter of not-automated folded texts)."""
    automated = 0
    todo: Counter = Counter()
    for card in cs.loaded["cards"]:
        texts = _texts(card)
        if all(done for _, done in texts):
            automated += 1
        for text, done in texts:
            if not done:
                todo[fold(text)] += 1
    return automated, len(cs.loaded["cards"]), todo


def main(argv: list[str]) -> None:
    from kifu.replays.games.hocg import RULES
    cs = RULES.load_cardset(json.loads(open(argv[0], encoding="utf-8").read()))
    automated, total, todo = coverage(cs)
    print(f"printings whose every ability is automated: {automated}/{total} ({automated / total:.1%})")
    print("most used abilities resolved by hand:")
    for text, n in todo.most_common(int(argv[1]) if len(argv) > 1 else 30):
        print(f"{n:5d}  {text[:100]}")


if __name__ == "__main__":
    main(sys.argv[1:])
