"""The top cut: a single-elimination bracket seeded from the Swiss standings, pure.

Seeds meet as in every card-game top cut: 1 v 8, 4 v 5, 2 v 7, 3 v 6 (so the first and
second seeds can only meet in the final); each later round pairs the winners of
neighbouring tables, in table order.

>>> seed_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> first_round(["a", "b", "c", "d"])
[('a', 'd'), ('b', 'c')]
>>> next_round(["a", "c"])
[('a', 'c')]
"""
from __future__ import annotations

from typing import Any, Sequence


def seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order, ``size`` a power of two."""
    if size < 2 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two, 2 or more")
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def first_round(seeds: Sequence[str]) -> list[tuple[str, str]]:
    """The cut's first round from the seeds, best first."""
    order = seed_order(len(seeds))
    return [(seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, len(order), 2)]


def next_round(winners: Sequence[str]) -> list[tuple[str, str]]:
    """The next round from the previous round's winners, in its table order."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def cut_size(requested: int, active: int) -> int:
    """The cut actually played: ``requested``, or the largest power of two that the
    active players fill (0: no cut)."""
    size = requested
    while size >= 2 and size > active:
        size //= 2
    return size if size >= 2 else 0


def view(rounds: Sequence[Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The bracket as the pages show it: each round's tables with players and winner."""
    names = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}
    out = []
    for tables in rounds:
        out.append({"name": names.get(len(tables), f"Top {2 * len(tables)}"),
                    "tables": [dict(t) for t in tables]})
    return out
