"""Swiss pairing as a maximum-weight matching (networkx), pure and seeded.

Every active player is a node; with an odd count one more node, the bye. Every pair is
an edge, so a perfect matching always exists and ``max_weight_matching(maxcardinality=
True)`` pairs everyone. Among the perfect matchings the weights choose, in strict order
of priority (each level's weight unit is larger than everything below it can add up to):

1. no second bye for anyone while it can be avoided;
2. no rematch while one can be avoided (fewest rematches);
3. the bye to the lowest-ranked player without one;
4. players with the same match points together (least sum of squared point gaps, so a
   pair-down crosses as few points as it can);
5. random order within a score group: each edge's small random weight comes from the
   event's seed (``kifu.replays.rng``, labelled with the round and the pair), never the
   global RNG, so a pairing is reproducible from the event alone.

Tables are then numbered from the top: the pair with the most points at table 1.

>>> pairs, bye = pair(["Aoi", "Ren", "Mai"], points={}, rank=["Aoi", "Ren", "Mai"], opponents={},
...                   had_bye=set(), seed="s", round_no=1)
>>> bye
'Mai'
"""
from __future__ import annotations

from typing import Mapping, Sequence

import networkx as nx

from kifu.replays.rng import Rng

BYE = object()
RANDOM_SPAN = 1 << 16


def pair(players: Sequence[str], *, points: Mapping[str, int], rank: Sequence[str],
         opponents: Mapping[str, set[str]], had_bye: set[str], seed: str,
         round_no: int) -> tuple[list[tuple[str, str]], str | None]:
    """``(pairs, bye)`` for ``players`` (the active ones). ``rank`` orders them best first
    (the standings); ``opponents`` is whom each has played; ``had_bye`` who had a bye."""
    players = list(players)
    if not players:
        return [], None
    if len(players) == 1:
        return [], players[0]
    pts = {p: points.get(p, 0) for p in players}
    position = {p: i for i, p in enumerate(p for p in rank if p in pts)}
    for p in players:  # anyone missing from the ranking ranks last, in the given order
        position.setdefault(p, len(position))
    n = len(players)
    pairs_count = (n + 1) // 2
    spread = max(pts.values()) - min(pts.values())
    w_diff = pairs_count * RANDOM_SPAN + 1
    w_rank = pairs_count * (spread * spread) * w_diff + pairs_count * RANDOM_SPAN + 1
    w_rematch = (n + 1) * w_rank + 1
    w_bye2 = (pairs_count + 1) * w_rematch + (n + 1) * w_rank + 1
    base = 2 * w_bye2 * (pairs_count + 1)

    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        for j in range(i + 1, n):
            a, b = players[i], players[j]
            rematch = b in opponents.get(a, set()) or a in opponents.get(b, set())
            gap = pts[a] - pts[b]
            low, high = sorted((a, b))
            noise = Rng(seed, f"swiss/round {round_no}/{low}\x1f{high}").below(RANDOM_SPAN)
            graph.add_edge(i, j, weight=base - rematch * w_rematch - gap * gap * w_diff + noise)
    if n % 2:
        for i, p in enumerate(players):
            graph.add_edge(i, n, weight=base - (p in had_bye) * w_bye2 + position[p] * w_rank)
    matching = nx.max_weight_matching(graph, maxcardinality=True, weight="weight")
    pairs: list[tuple[str, str]] = []
    bye = None
    for i, j in matching:
        i, j = sorted((i, j))
        if j == n:
            bye = players[i]
        else:
            a, b = players[i], players[j]
            pairs.append((a, b) if position[a] <= position[b] else (b, a))
    pairs.sort(key=lambda ab: (-max(pts[ab[0]], pts[ab[1]]), -(pts[ab[0]] + pts[ab[1]]),
                               min(position[ab[0]], position[ab[1]])))
    return pairs, bye
