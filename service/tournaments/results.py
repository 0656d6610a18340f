"""A table's result from what the event knows: pure, given the matches' outcomes.

In order of precedence:

1. a ``result`` entry (a judge or the organizer entered it): final;
2. the table's recorded games (``outcomes``: match id -> ``MatchInfo.outcome`` or None
   while live). A judge's game loss or match loss ends a match with an outcome too (its
   ``reason`` starts with ``penalty``); it counts like any other. A match loss at a
   best-of-3 table gives the opponent the match at once;
3. both players' ``report`` entries, when they agree.

A result is ``{"wins": [a, b], "draws": d, "source": ..., "winner": name | None}``, the
wins in the order of the table's ``players``; ``None`` while the table is still playing.
A bye is ``{"bye": True, "wins": [2, 0], "draws": 0, ...}`` (a 2-0 win, as policy counts it).

>>> table = {"players": ["Aoi", "Ren"], "matches": ["m1"], "seats": [{"p1": "Aoi", "p2": "Ren"}],
...          "reports": {}, "result": None}
>>> table_result(table, {"m1": {"winners": ["p2"], "draw": False, "reason": "resigned"}}, "bo1")["winner"]
'Ren'
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.service.tournaments.fold import games_to_win

BYE = {"bye": True, "wins": [2, 0], "draws": 0, "source": "bye"}


def _finish(players: list[str], wins: list[int], draws: int, source: str) -> dict[str, Any]:
    winner = None
    if wins[0] != wins[1]:
        winner = players[0] if wins[0] > wins[1] else players[1]
    return {"wins": list(wins), "draws": draws, "source": source, "winner": winner}


def games(table: Mapping[str, Any], outcomes: Mapping[str, Mapping[str, Any] | None]) -> list[dict[str, Any]]:
    """The table's games in order: ``{"match", "winner" (name or None), "draw", "over",
    "reason"}``."""
    out = []
    for i, mid in enumerate(table["matches"]):
        outcome = outcomes.get(mid)
        seats = table["seats"][i] if i < len(table["seats"]) else {}
        if not outcome:
            out.append({"match": mid, "winner": None, "draw": False, "over": False, "reason": None})
            continue
        winners = [seats.get(s) for s in outcome.get("winners") or []]
        draw = bool(outcome.get("draw")) or len(winners) != 1
        out.append({"match": mid, "winner": None if draw else winners[0], "draw": draw, "over": True,
                    "reason": outcome.get("reason") or ""})
    return out


def from_games(players: list[str], played: list[Mapping[str, Any]], fmt: str) -> dict[str, Any] | None:
    """The result the finished games give, or None if the table must play on."""
    need = games_to_win(fmt)
    wins, draws = [0, 0], 0
    for game in played:
        if not game["over"]:
            return None
        if game["draw"]:
            draws += 1
            continue
        index = players.index(game["winner"])
        if str(game.get("reason") or "").startswith("penalty") and "match" in str(game.get("reason")):
            wins[index] = need  # a match loss ends the match
            wins[1 - index] = min(wins[1 - index], need - 1)
            return _finish(players, wins, draws, "matches")
        wins[index] += 1
    if max(wins) >= need or len(played) >= (3 if fmt == "bo3" else 1):
        return _finish(players, wins, draws, "matches")
    return None


def needs_next_game(table: Mapping[str, Any], outcomes: Mapping[str, Mapping[str, Any] | None], fmt: str) -> bool:
    """A best-of-3 table whose games so far are all over and decide nothing yet."""
    if fmt != "bo3" or len(table["players"]) != 2 or table.get("result") or not table["matches"]:
        return False
    played = games(table, outcomes)
    return all(g["over"] for g in played) and from_games(table["players"], played, fmt) is None


def due_game(table: Mapping[str, Any], outcomes: Mapping[str, Mapping[str, Any] | None], fmt: str) -> int | None:
    """The number (1-based) of the game a digital table needs created now, or None: its
    first game until it has one, then the next game of a best-of-3 table whose games are
    all over and decide nothing; never once a judge entered a result or both players'
    reports agree.

    >>> due_game({"players": ["Aoi", "Ren"], "matches": [], "seats": [], "reports": {}, "result": None}, {}, "bo1")
    1
    """
    if len(table["players"]) != 2 or table_result(table, outcomes, fmt) is not None:
        return None
    if not table["matches"]:
        return 1
    return len(table["matches"]) + 1 if needs_next_game(table, outcomes, fmt) else None


def table_result(table: Mapping[str, Any], outcomes: Mapping[str, Mapping[str, Any] | None],
                 fmt: str) -> dict[str, Any] | None:
    """The table's result, or None while it is being played (see the module docstring)."""
    players = list(table["players"])
    if len(players) == 1:
        return {**BYE, "winner": players[0]}
    entered = table.get("result")
    if entered:
        return {**_finish(players, entered["wins"], entered["draws"], "judge"), "by": entered.get("by")}
    if table["matches"]:
        found = from_games(players, games(table, outcomes), fmt)
        if found is not None:
            return found
    reports = table.get("reports") or {}
    mine, theirs = reports.get(players[0]), reports.get(players[1])
    if mine and theirs and mine == theirs:
        return _finish(players, mine["wins"], mine["draws"], "players")
    return None


def valid_score(wins: Any, draws: Any, fmt: str) -> str | None:
    """Why ``wins``/``draws`` cannot be a match result in ``fmt`` (None if they can)."""
    if not (isinstance(wins, list) and len(wins) == 2 and all(isinstance(w, int) and not isinstance(w, bool)
                                                              for w in wins)):
        return "wins is a list of two game counts, in the order of the table's players"
    if not isinstance(draws, int) or isinstance(draws, bool) or draws < 0:
        return "draws is a count of drawn games (0 or more)"
    need = games_to_win(fmt)
    if min(wins) < 0 or max(wins) > need:
        return f"a {fmt} match gives each player 0 to {need} game wins"
    if wins[0] == need and wins[1] == need:
        return "both players cannot have won the match"
    if sum(wins) + draws > (3 if fmt == "bo3" else 1):
        return f"a {fmt} match has at most {3 if fmt == 'bo3' else 1} game(s)"
    if sum(wins) + draws == 0:
        return "a result needs at least one game (a draw of no games is draws: 1)"
    return None
