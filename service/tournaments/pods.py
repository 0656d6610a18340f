"""Events of games for three seats or more: pods, placement points, standings, pure.

A game without two-seat matches (Life is Rolling Stone: 3–4; 千舞鱗鬼さがし: 4–10) is run
in pods, one match a pod a round (best of one, no top cut). The event's ``pods`` settings
(stored in its ``create`` entry) are ``sizes`` (the seat counts a pod may have, the
game's), ``size`` (the preferred one), ``scoring`` and ``points``:

- ``placement`` (Rolling Stone by default): the final VP totals rank a pod's players
  (standard competition ranking: equal totals share the better place, the next place is
  skipped); ``points[str(pod size)]`` is the points per place, by default 4-2-1-0 for
  four seats and 4-2-0 for three;
- ``side`` (千舞鱗鬼さがし by default): every player of the winning side (its seats, the
  eliminated ones too) gets ``points["win"]`` (3), the others ``points["loss"]`` (0).

A result is the match's outcome (its ``scores`` rank the seats where they cover them all,
else its ``winners`` share first place), or a judge's entry of each player's ``places``.
A bye (only while no pod split fits the players) scores ``bye`` points (by default a
second place of the largest pod, or a win).

Pairing (``pair``), Swiss-like: the players ordered by points (ties in a seeded random
order) are cut into as few byes and as even pods of the preferred size as fit; then
players are swapped between pods while that lowers, in strict order, the pods repeated
from an earlier round, then players meeting again weighed against the point gaps within
pods. Seats are balanced across rounds: in each pod the players who sat later before
sit earlier now (their mean seat so far), ties from the seed.

Standings (``standings``), tiebreakers stated per format:

- ``placement``: points; OPP% (the mean, over every opponent met, of the opponent's points
  per round as a share of a first place's points); first places; mean place (lower is
  better); then the name;
- ``side``: points; OPP%; wins (rounds on the winning side); then the name.

>>> places_of({"A": 9, "B": 12, "C": 9, "D": 3})
{'A': 2, 'B': 1, 'C': 2, 'D': 4}
>>> sizes_for(23, [3, 4], 4)
(0, [4, 4, 4, 4, 4, 3])
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

import networkx as nx

from kifu.replays.rng import Rng

SCORINGS = ("placement", "side")
#: each game's default (any other game without two seats scores by placement)
DEFAULT_SCORING = {"rolling_stone": "placement", "senbu_rinki": "side"}
REPEAT = 10 ** 9
MEET = 8
SEAT = 3
NOISE = 1 << 16


def default_points(scoring: str, sizes: Sequence[int]) -> dict[str, Any]:
    """4-2-1-0 for four seats (the top place 4, the next 2, then 1, the last 0), by place."""
    if scoring == "side":
        return {"win": 3, "loss": 0}
    out = {}
    for n in sizes:
        table = [4, 2, 1][: n - 1] + [0]
        out[str(n)] = table + [0] * (n - len(table))
    return out


def settings(game: str, seats: Sequence[int], given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The event's pod settings: the game's defaults, overridden by ``given`` (checked by
    ``problems``)."""
    given = dict(given or {})
    sizes = sorted(given.get("sizes") or seats)
    scoring = given.get("scoring") or DEFAULT_SCORING.get(game, "placement")
    points = given.get("points") or default_points(scoring, sizes)
    size = given.get("size") or max(sizes)
    if "bye" in given:
        bye = given["bye"]
    elif scoring == "side":
        bye = points.get("win", 0)
    else:
        biggest = points.get(str(max(sizes))) or [0, 0]
        bye = biggest[1] if len(biggest) > 1 else biggest[0]
    return {"sizes": sizes, "size": size, "scoring": scoring, "points": points, "bye": bye}


def problems(config: Mapping[str, Any], seats: Sequence[int]) -> list[str]:
    """What is wrong with pod settings for a game seating ``seats``."""
    out = []
    sizes = config["sizes"]
    if not sizes or any(not isinstance(n, int) or n not in seats for n in sizes):
        out.append(f"sizes: seat counts of the game ({', '.join(map(str, seats))})")
        return out
    if config["size"] not in sizes:
        out.append("size: one of the pod sizes")
    if config["scoring"] not in SCORINGS:
        out.append(f"scoring: one of {', '.join(SCORINGS)}")
        return out
    points = config["points"]

    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100

    if not isinstance(points, Mapping):
        out.append("points: an object")
    elif config["scoring"] == "side":
        if set(points) != {"win", "loss"} or not all(whole(v) for v in points.values()):
            out.append("points: {win, loss}, whole numbers 0 to 100")
    else:
        for n in sizes:
            row = points.get(str(n))
            if not (isinstance(row, list) and len(row) == n and all(whole(v) for v in row)
                    and row == sorted(row, reverse=True)):
                out.append(f"points[{n}]: {n} whole numbers 0 to 100, best place first, none above the one before")
    if not isinstance(config["bye"], int) or isinstance(config["bye"], bool) or not 0 <= config["bye"] <= 100:
        out.append("bye: a whole number 0 to 100")
    return out


def top_points(config: Mapping[str, Any]) -> int:
    """A first place's (or a win's) points: what OPP% divides by."""
    if config["scoring"] == "side":
        return max(1, config["points"]["win"])
    return max(1, max(row[0] for row in config["points"].values()))


def points_for(config: Mapping[str, Any], size: int, place: int) -> int:
    if config["scoring"] == "side":
        return config["points"]["win"] if place == 1 else config["points"]["loss"]
    row = config["points"].get(str(size)) or [0]
    return row[min(place, len(row)) - 1]


def places_of(scores: Mapping[str, int]) -> dict[str, int]:
    """Standard competition ranking, best score first: equal scores share the better place."""
    return {who: 1 + sum(1 for other in scores.values() if other > mine) for who, mine in scores.items()}


def places_from_outcome(seats: Mapping[str, str], outcome: Mapping[str, Any], scoring: str) -> dict[str, int]:
    """Each player's place from a finished match's outcome (``seats``: seat -> player)."""
    scores = outcome.get("scores") or {}
    if scoring == "placement" and seats and set(seats) <= set(scores):
        return {seats[s]: p for s, p in places_of({s: scores[s] for s in seats}).items()}
    winners = {seats[s] for s in outcome.get("winners") or [] if s in seats}
    return {name: 1 if name in winners else len(winners) + 1 for name in seats.values()}


def table_result(table: Mapping[str, Any], outcomes: Mapping[str, Any], config: Mapping[str, Any]
                 ) -> dict[str, Any] | None:
    """A pod's result: ``places`` and ``points`` in the order of its players, ``winners``
    (first place), ``source`` (``bye``, ``judge`` or ``matches``); None while it plays."""
    players = list(table["players"])
    if len(players) == 1:
        return {"bye": True, "places": [1], "points": [config["bye"]], "winners": players, "source": "bye",
                "winner": players[0]}
    entered = table.get("result")
    if entered and "places" in entered:
        places, source = list(entered["places"]), "judge"
    elif table["matches"] and outcomes.get(table["matches"][-1]):
        found = places_from_outcome(table["seats"][-1], outcomes[table["matches"][-1]], config["scoring"])
        places, source = [found.get(p, len(players)) for p in players], "matches"
    else:
        return None
    winners = [p for p, place in zip(players, places) if place == 1]
    return {"places": places, "points": [points_for(config, len(players), q) for q in places],
            "winners": winners, "winner": winners[0] if len(winners) == 1 else None, "source": source,
            **({"by": entered.get("by")} if source == "judge" else {})}


def valid_places(places: Any, size: int, scoring: str) -> str | None:
    """Why ``places`` cannot be a pod's entered result (None if it can)."""
    if not (isinstance(places, list) and len(places) == size
            and all(isinstance(q, int) and not isinstance(q, bool) for q in places)):
        return f"places is a list of {size} places, in the order of the pod's players"
    if scoring == "side":
        if not set(places) <= {1, 2} or 1 not in places:
            return "places are 1 (the winning side) or 2 (the other side), at least one 1"
        return None
    if sorted(places) != sorted(places_of({i: -q for i, q in enumerate(places)}).values()):
        return "places rank the players: 1 first, equal places share, the next place skipped (1, 1, 3, 4)"
    return None


def sizes_for(n: int, sizes: Sequence[int], size: int) -> tuple[int, list[int]]:
    """``(byes, pod sizes)`` for ``n`` players: the fewest byes, then as many pods as ``n /
    size`` asks (the closest feasible count), as even as they come, the larger first."""
    low, high = min(sizes), max(sizes)
    for byes in range(n + 1):
        m = n - byes
        if m == 0:
            return byes, []
        counts = [k for k in range(1, m // low + 1) if k * low <= m <= k * high
                  and all(s in sizes for s in {m // k, -(-m // k)})]
        if counts:
            k = min(counts, key=lambda c: (abs(m / c - size), c))
            base, extra = divmod(m, k)
            return byes, [base + 1] * extra + [base] * (k - extra)
    return n, []


def pair(players: Sequence[str], *, points: Mapping[str, int], rank: Sequence[str],
         met: Mapping[str, Counter], pods_before: Iterable[frozenset], seat_history: Mapping[str, list[float]],
         had_bye: set[str], sizes: Sequence[int], size: int, seed: str,
         round_no: int) -> tuple[list[list[str]], list[str]]:
    """``(pods, byes)``: each pod's players in seat order, the top pod first."""
    players = list(players)
    pts = {p: points.get(p, 0) for p in players}
    position = {p: i for i, p in enumerate(p for p in rank if p in pts)}
    for p in players:
        position.setdefault(p, len(position))
    noise = {p: Rng(seed, f"pods/round {round_no}/{p}").below(NOISE) for p in players}
    order = sorted(players, key=lambda p: (-pts[p], noise[p]))
    count, pod_sizes = sizes_for(len(players), sizes, size)
    # byes: the lowest-ranked without one first
    byes = sorted(players, key=lambda p: (p in had_bye, -position[p]))[:count]
    order = [p for p in order if p not in byes]
    pods, at = [], 0
    for n in pod_sizes:
        pods.append(order[at:at + n])
        at += n
    before = set(pods_before)

    def cost(pod: Sequence[str]) -> int:
        c = REPEAT if frozenset(pod) in before else 0
        for a, b in combinations(pod, 2):
            c += MEET * met.get(a, Counter()).get(b, 0) + (pts[a] - pts[b]) ** 2
        return c + SEAT * seat_clashes(pod, seat_history)

    costs = [cost(p) for p in pods]
    for _ in range(60):
        best = None
        for i, j in combinations(range(len(pods)), 2):
            for x in range(len(pods[i])):
                for y in range(len(pods[j])):
                    a, b = list(pods[i]), list(pods[j])
                    a[x], b[y] = b[y], a[x]
                    gain = costs[i] + costs[j] - cost(a) - cost(b)
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, i, j, a, b)
        if best is None:
            break
        _, i, j, a, b = best
        pods[i], pods[j] = a, b
        costs[i], costs[j] = cost(a), cost(b)

    seated = [seat(pod, seat_history, noise) for pod in pods]
    seated.sort(key=lambda pod: (-max(pts[p] for p in pod), -sum(pts[p] for p in pod),
                                 min(position[p] for p in pod)))
    return seated, byes


def seat_clashes(pod: Sequence[str], seat_history: Mapping[str, list[float]]) -> int:
    """About how many of the pod's players must sit in a seat they held before (a
    greedy assignment, the players with the fewest seats left first): cheap enough for
    the pairing to weigh each swap by it."""
    n = len(pod)
    held = [Counter(round(h * (n - 1)) for h in seat_history.get(p) or []) for p in pod]
    free = set(range(n))
    clashes = 0
    for h in sorted(held, key=lambda h: -len(h)):
        best = min(free, key=lambda s: (h[s], s))
        clashes += h[best]
        free.discard(best)
    return clashes


def seat(pod: Sequence[str], seat_history: Mapping[str, list[float]], noise: Mapping[str, int]) -> list[str]:
    """The pod in seat order: an assignment (a maximum-weight matching of players to
    seats) that first gives each player a seat they have held least often, then sits
    those who sat late so far (their mean seat, 0 first to 1 last) early now."""
    n = len(pod)
    graph = nx.Graph()
    for i, p in enumerate(pod):
        seen = seat_history.get(p) or []
        held = Counter(round(h * (n - 1)) for h in seen)
        mean = sum(seen) / len(seen) if seen else 0.5
        for s in range(n):
            at = s / (n - 1)
            cost = 10_000 * held[s] + int(1000 * (at - (1 - mean)) ** 2) * 16 + (noise[p] + s * 7919) % 16
            graph.add_edge(("p", i), ("s", s), weight=10 ** 9 - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    where = {}
    for a, b in matching:
        (kind, i), (_, s) = (a, b) if a[0] == "p" else (b, a)
        where[s] = pod[i]
    return [where[s] for s in range(n)]


def standings(players: Sequence[str], rounds: Sequence[Sequence[Mapping[str, Any]]], config: Mapping[str, Any], *,
              dropped: Iterable[str] = ()) -> list[dict[str, Any]]:
    """Every player's row, ranked (see the module docstring): ``rank, player, points,
    record`` (places: ``1st-2nd-…`` counts; ``side``: ``W-L``), ``opp`` (OPP%, rounded to 4
    places), ``firsts``, ``mean_place``, ``byes``, ``rounds``, ``opponents``, ``dropped``.
    ``rounds``: per round, each finished pod ``{"players", "result"}``."""
    top = top_points(config)
    biggest = max(config["sizes"])
    rec = {p: {"points": 0, "rounds": 0, "byes": 0, "firsts": 0, "places": [], "opponents": [],
               "counts": [0] * biggest} for p in players}
    for pods in rounds:
        for pod in pods:
            r = pod["result"]
            for i, name in enumerate(pod["players"]):
                row = rec[name]
                row["points"] += r["points"][i]
                row["rounds"] += 1
                if r.get("bye"):
                    row["byes"] += 1
                    continue
                place = r["places"][i]
                row["places"].append(place)
                row["firsts"] += place == 1
                row["counts"][min(place, biggest) - 1] += 1
                row["opponents"] += [o for o in pod["players"] if o != name]
    share = {p: Fraction(r["points"], top * r["rounds"]) if r["rounds"] else Fraction(0) for p, r in rec.items()}
    gone = set(dropped)
    rows = []
    for p in players:
        r = rec[p]
        opp = sum((share[o] for o in r["opponents"]), Fraction(0)) / len(r["opponents"]) if r["opponents"] \
            else Fraction(0)
        mean = Fraction(sum(r["places"]), len(r["places"])) if r["places"] else None
        if config["scoring"] == "side":
            record = f"{r['firsts']}-{len(r['places']) - r['firsts']}"
        else:
            record = "-".join(map(str, r["counts"]))
        rows.append({"player": p, "points": r["points"], "record": record, "opp": round(float(opp), 4),
                     "firsts": r["firsts"], "mean_place": None if mean is None else round(float(mean), 4),
                     "byes": r["byes"], "rounds": r["rounds"], "opponents": list(r["opponents"]),
                     "dropped": p in gone, "exact": {"opp": opp, "mean": mean}})
    side = config["scoring"] == "side"
    rows.sort(key=lambda row: (-row["points"], -row["exact"]["opp"], -row["firsts"],
                               0 if side or row["exact"]["mean"] is None else row["exact"]["mean"], row["player"]))
    for i, row in enumerate(rows, start=1):
        row["rank"] = i
        del row["exact"]
    return rows
