"""Deck lists: what a seat (or the table) actually has in play, checked against the card set.

A physical or observed match registers its deck lists in the options; the game builds
its face-down piles from them, so every card named later is checked against them and a
physical record is also a deck check.

>>> check_deck(["a", "a", "b"], {"a", "b"}, "R", size=3)
['a', 'a', 'b']
>>> check_deck(["a", "z"], {"a"}, "R")
Traceback (most recent call last):
...
kifu.replays.errors.RuleViolation: [R] deck list: 'z' is not a card of this card set
"""
from __future__ import annotations

from collections import Counter
from typing import Collection, Iterable

from kifu.replays.errors import RuleViolation


def check_deck(cards: Iterable[str], known: Collection[str], rule: str, *, size: int | None = None,
               max_copies: int | None = None, label: str = "deck list") -> list[str]:
    """``cards`` if every one is in ``known`` and the size and copies fit; else RuleViolation."""
    cards = list(cards)
    for card in cards:
        if card not in known:
            raise RuleViolation(rule, f"{label}: {card!r} is not a card of this card set")
    if size is not None and len(cards) != size:
        raise RuleViolation(rule, f"{label}: {len(cards)} cards; it must have {size}")
    if max_copies is not None:
        over = sorted(c for c, n in Counter(cards).items() if n > max_copies)
        if over:
            raise RuleViolation(rule, f"{label}: more than {max_copies} copies of {', '.join(over)}")
    return cards
