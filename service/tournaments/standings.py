"""Standings with the card-game tiebreakers, pure and exact (``Fraction``).

As Magic's Tournament Rules (appendix C) and Pokémon's tournament rules define them:

- match points: 3 per match win, 1 per draw, 0 per loss; a bye is a match win, and
  counts as two game wins (2-0);
- match-win percentage (MW%): match points / (3 × rounds the player played), at least 1/3;
- opponents' match-win percentage (OMW%): the mean of the opponents' MW% (each at
  least 1/3); byes are not opponents;
- game-win percentage (GW%): game points (3 per game won, 1 per game drawn) / (3 × games
  played), at least 1/3;
- opponents' game-win percentage (OGW%): the mean of the opponents' GW% (each at least 1/3).

A player without an opponent (byes only) has OMW% and OGW% of 1/3, the floor. Dropped
players stay in the standings (their percentages still count for their opponents).
The order is points, OMW%, GW%, OGW%, then the name, so it is total and stable.

>>> rows = standings(["Aoi", "Ren", "Mai"], [[("Aoi", "Ren", 2, 1, 0), ("Mai", None, 2, 0, 0)]])
>>> [(r["player"], r["points"]) for r in rows]
[('Mai', 3), ('Aoi', 3), ('Ren', 0)]
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Sequence

FLOOR = Fraction(1, 3)

#: one table's result: (player a, player b or None for a bye, a's game wins, b's, drawn games)
Pairing = tuple[str, "str | None", int, int, int]


def _record(players: Iterable[str]) -> dict[str, dict[str, Any]]:
    return {p: {"points": 0, "rounds": 0, "wins": 0, "losses": 0, "draws": 0, "byes": 0,
                "game_points": 0, "games": 0, "opponents": []} for p in players}


def tally(players: Sequence[str], rounds: Sequence[Sequence[Pairing]]) -> dict[str, dict[str, Any]]:
    """Per player: points, rounds, wins/losses/draws, byes, game points, games, opponents."""
    rec = _record(players)
    for results in rounds:
        for a, b, wa, wb, draws in results:
            if b is None:
                r = rec[a]
                r["points"] += 3
                r["rounds"] += 1
                r["wins"] += 1
                r["byes"] += 1
                r["game_points"] += 6
                r["games"] += 2
                continue
            for me, them, mine, theirs in ((a, b, wa, wb), (b, a, wb, wa)):
                r = rec[me]
                r["rounds"] += 1
                r["opponents"].append(them)
                r["game_points"] += 3 * mine + draws
                r["games"] += mine + theirs + draws
                if mine > theirs:
                    r["points"] += 3
                    r["wins"] += 1
                elif mine < theirs:
                    r["losses"] += 1
                else:
                    r["points"] += 1
                    r["draws"] += 1
    return rec


def mwp(r: dict[str, Any]) -> Fraction:
    return max(FLOOR, Fraction(r["points"], 3 * r["rounds"])) if r["rounds"] else FLOOR


def gwp(r: dict[str, Any]) -> Fraction:
    return max(FLOOR, Fraction(r["game_points"], 3 * r["games"])) if r["games"] else FLOOR


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else FLOOR


def standings(players: Sequence[str], rounds: Sequence[Sequence[Pairing]], *,
              dropped: Iterable[str] = ()) -> list[dict[str, Any]]:
    """Every player's row, ranked: ``rank, player, points, record`` (``W-L-D``), ``mwp, omwp,
    gwp, ogwp`` (floats rounded to 4 places) and the exact ``Fraction`` values under
    ``exact``, ``byes``, ``opponents``, ``dropped``."""
    rec = tally(players, rounds)
    gone = set(dropped)
    rows = []
    for p in players:
        r = rec[p]
        exact = {"mwp": mwp(r), "gwp": gwp(r), "omwp": _mean([mwp(rec[o]) for o in r["opponents"]]),
                 "ogwp": _mean([gwp(rec[o]) for o in r["opponents"]])}
        rows.append({"player": p, "points": r["points"], "record": f"{r['wins']}-{r['losses']}-{r['draws']}",
                     "wins": r["wins"], "losses": r["losses"], "draws": r["draws"], "byes": r["byes"],
                     "rounds": r["rounds"], "opponents": list(r["opponents"]), "dropped": p in gone,
                     "exact": exact, **{k: round(float(v), 4) for k, v in exact.items()}})
    rows.sort(key=sort_key)
    for i, row in enumerate(rows, start=1):
        row["rank"] = i
    return rows


def sort_key(row: dict[str, Any]) -> tuple[Any, ...]:
    e = row["exact"]
    return (-row["points"], -e["omwp"], -e["gwp"], -e["ogwp"], row["player"])
