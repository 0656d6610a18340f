"""How much of a card list runs by itself: printings, card numbers and decks whose every
ability is automated.

An ability (or an art's text) is automated when the card set gives it an ``effect`` of
the vocabulary (``effects.py``; the raw list's texts are recognised by
``rawlist.PATTERNS`` and the ``abilities`` families); an art without text is the core
(cost, damage, 特攻) and always is. The rest are resolved by hand with ``effect``
commands. A card number counts as automated when every printing of it is (rarities and
reprints may print a text differently); a deck's figure counts its cards, copies
included, by number. ``todo`` counts the texts with their numbers folded (``自分のデッキを
N枚引く。``), most used first: what to automate next.

    .venv/bin/python -m kifu.replays.games.hocg.coverage ../shared/data/hocg/card_data.json \\
        [--deck ../shared/data/hocg/decks/*.txt] [--top N]

The decks are the text form players paste (推しホロメン / メインデッキ / エールデッキ, ``<count>
<card number>`` lines, ``#`` comments), read by ``decklist.FORM``.

>>> cards = [{"id": "a_C", "number": "a", "abilities": [{"text": "x", "effect": "draw"}], "arts": []},
...          {"id": "a_P", "number": "a", "abilities": [{"text": "y", "effect": None}], "arts": []},
...          {"id": "b_C", "number": "b", "abilities": [], "arts": [{"text": "", "effect": None}]}]
>>> c = measure(cards)
>>> (c.printings, c.printings_automated, c.numbers, c.numbers_automated, c.todo["y"])
(3, 2, 2, 1, 1)
>>> deck_figure(c, {"a": 2, "b": 3})
(3, 5, ['y'])
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping


def _texts(card: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """(text, automated) of each ability and art text of a card."""
    out = [(a["text"], a.get("effect") is not None) for a in card["abilities"]]
    out += [(a["text"], a.get("effect") is not None) for a in card["arts"] if a["text"]]
    return out


def fold(text: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"\s+", "", text))


@dataclass
class Coverage:
    printings: int = 0
    printings_automated: int = 0
    numbers: int = 0
    numbers_automated: int = 0
    #: folded hand-resolved text -> printings that print it
    todo: Counter = field(default_factory=Counter)
    #: card number -> the hand-resolved texts of its printings (as printed, in order)
    manual: dict[str, list[str]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)


def measure(cards: Iterable[Mapping[str, Any]]) -> Coverage:
    """The coverage of a card set's ``cards`` (its loaded ``cards`` list)."""
    c = Coverage()
    for card in cards:
        texts = _texts(card)
        c.printings += 1
        c.names.setdefault(card["number"], card.get("name", card["number"]))
        left = c.manual.setdefault(card["number"], [])
        if all(done for _, done in texts):
            c.printings_automated += 1
        for text, done in texts:
            if not done:
                c.todo[fold(text)] += 1
                if text not in left:
                    left.append(text)
    c.numbers = len(c.manual)
    c.numbers_automated = sum(1 for texts in c.manual.values() if not texts)
    return c


def coverage(cs: Any) -> tuple[int, int, Counter]:
    """(printings fully automated, all printings, Counter of not-automated folded texts)."""
    c = measure(cs.loaded["cards"])
    return c.printings_automated, c.printings, c.todo


def deck_figure(c: Coverage, counts: Mapping[str, int]) -> tuple[int, int, list[str]]:
    """(cards fully automated, cards, the hand-resolved texts left) of a deck given as card
    number -> copies."""
    automated = sum(n for number, n in counts.items() if not c.manual.get(number))
    left: list[str] = []
    for number in counts:
        left += [t for t in c.manual.get(number, ()) if t not in left]
    return automated, sum(counts.values()), left


def deck_counts(cs: Any, text: str) -> tuple[dict[str, int], list[str]]:
    """A deck text's card numbers and copies (oshi, main deck and cheer), and its problems."""
    from kifu.replays.games.hocg.decklist import FORM
    from kifu.replays.kit.decklist import parse
    got = parse(FORM, cs, text)
    problems = [str(p) for p in got.problems]
    counts: Counter = Counter()
    if got.value is not None:
        for cid in [got.value["oshi"], *got.value["deck"], *got.value["cheer"]]:
            counts[cs.cards[cid]["number"]] += 1
    return dict(counts), problems


def _pct(a: int, b: int) -> str:
    return f"{a}/{b} ({a / b:.1%})" if b else f"{a}/{b}"


def report(cs: Any, decks: Mapping[str, str], top: int = 30) -> list[str]:
    """The lines ``main`` prints: the list's figures, the texts to automate next, each deck's."""
    c = measure(cs.loaded["cards"])
    lines = [f"printings whose every ability is automated: {_pct(c.printings_automated, c.printings)}",
             f"card numbers whose every printing is: {_pct(c.numbers_automated, c.numbers)}",
             "most used abilities resolved by hand:"]
    lines += [f"{n:5d}  {text[:100]}" for text, n in c.todo.most_common(top)]
    figures = []
    for name, text in decks.items():
        counts, problems = deck_counts(cs, text)
        if problems:
            lines.append(f"deck {name}: not read: {'; '.join(problems[:3])}")
            continue
        automated, total, left = deck_figure(c, counts)
        figures.append((automated, total, len(left)))
        lines.append(f"deck {name}: cards fully automated {_pct(automated, total)}; "
                     f"{len(left)} text(s) resolved by hand")
        for number in counts:
            for t in c.manual.get(number, ()):
                shown = re.sub(r"\s+", " ", t)[:90]
                lines.append(f"    {number} {c.names[number]}: {shown}")
    if figures:
        automated = sum(f[0] for f in figures)
        total = sum(f[1] for f in figures)
        full = sum(1 for f in figures if f[2] == 0)
        lines.append(f"decks: {len(figures)}; cards fully automated over all of them {_pct(automated, total)}; "
                     f"decks with nothing resolved by hand: {full}; "
                     f"hand-resolved texts per deck: min {min(f[2] for f in figures)}, "
                     f"max {max(f[2] for f in figures)}, mean {sum(f[2] for f in figures) / len(figures):.1f}")
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m kifu.replays.games.hocg.coverage")
    parser.add_argument("card_list")
    parser.add_argument("--deck", nargs="*", default=[], metavar="FILE")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args(argv)
    from kifu.replays.games.hocg import RULES
    cs = RULES.load_cardset(json.loads(Path(args.card_list).read_text(encoding="utf-8")))
    decks = {Path(p).name: Path(p).read_text(encoding="utf-8") for p in args.deck}
    print("\n".join(report(cs, decks, args.top)))


if __name__ == "__main__":
    main(sys.argv[1:])
