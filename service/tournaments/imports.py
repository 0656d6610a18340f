"""Rounds paired elsewhere and results entered in bulk, read from CSV or JSON, pure.

An organizer who pairs with another tool (or on paper) gives kifu each round's tables;
results come in one batch. Both are read here into plain rows, every problem collected
with its line (CSV) or item (JSON) so that a refusal names them all; the event service
then matches the players and checks the rows against the event before it writes anything.

- pairings: CSV ``table,player,player[,…]`` (a header row whose first cell is ``table`` is
  skipped; one player is a bye), or JSON ``[{"table", "players"}]``;
- results: CSV with a header naming ``round, table`` and either ``result`` (``W-L-D`` in the
  order of the table's players, ``bye`` for a bye; kifu's pairings export) or ``wins_a,
  wins_b, draws`` (kifu's results export), with ``player_a, player_b`` optional (checked
  against the table; the other order swaps the wins); or JSON ``[{"round", "table", "wins",
  "draws", "players"?}]`` or such an export's object; a pod event's, each player's place
  (``read_pod_results``).

A player is named by name (case and width aside) or by id (``#3`` or ``3``: the third
registered, as the exports number them).

>>> read_pairings("table,player,player\\n1,Aoi,Ren\\n2,Mai\\n")
([{'table': 1, 'players': ['Aoi', 'Ren']}, {'table': 2, 'players': ['Mai']}], [])
>>> read_results("round,table,result\\n1,1,2-1-0\\n")[0]
[{'round': 1, 'table': 1, 'bye': False, 'wins': [2, 1], 'draws': 0}]
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import Any, Mapping, Sequence

MAX_ROWS = 5000
SCORE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)(?:\s*-\s*(\d+))?\s*$")


def _rows(text: str) -> list[list[str]]:
    return [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text)) if any(c.strip() for c in row)]


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def read_pairings(data: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """``(tables, problems)`` from CSV text or a JSON list of ``{table, players}``."""
    problems: list[str] = []
    tables: list[dict[str, Any]] = []
    if isinstance(data, str):
        rows = _rows(data)
        if rows and rows[0][0].casefold() == "table":
            rows = rows[1:]
            start = 2
        else:
            start = 1
        items = [({"table": r[0], "players": [c for c in r[1:] if c]}, f"line {i}")
                 for i, r in enumerate(rows, start=start)]
    elif isinstance(data, list):
        items = [(item, f"table item {i}") for i, item in enumerate(data)]
    else:
        return [], ["pairings are CSV text (table,player,player) or a list of {table, players}"]
    if len(items) > MAX_ROWS:
        return [], [f"at most {MAX_ROWS} tables"]
    for item, where in items:
        if not isinstance(item, Mapping):
            problems.append(f"{where}: a table is {{table, players}}")
            continue
        number = _int(item.get("table"))
        players = item.get("players")
        if number is None or number < 1:
            problems.append(f"{where}: the table number is a whole number from 1")
        if not isinstance(players, list) or not players or not all(isinstance(p, (str, int)) and not
                                                                   isinstance(p, bool) for p in players):
            problems.append(f"{where}: players is a list of names or ids")
            continue
        if number is not None and number >= 1:
            tables.append({"table": number, "players": list(players)})
    return tables, problems


def _score(text: str, where: str, problems: list[str]) -> tuple[list[int], int] | None:
    found = SCORE.match(text or "")
    if not found:
        problems.append(f"{where}: the result {text!r} is W-L-D (game wins of the table's players, then draws)")
        return None
    return [int(found[1]), int(found[2])], int(found[3] or 0)


def read_results(data: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """``(rows, problems)``: each row ``{round, table, wins, draws, bye}`` and, when named,
    ``players`` (the table's players in the order ``wins`` follows)."""
    def header_fits(head: set[str]) -> bool:
        return {"round", "table"} <= head and ({"result"} <= head or {"wins_a", "wins_b"} <= head)

    items, problems = _result_items(data, header_fits, "round, table and result (W-L-D) or wins_a, wins_b, draws",
                                    "{round, table, wins, draws}")
    out: list[dict[str, Any]] = []
    for row, item, where in items:
        if "wins" in item:
            wins, draws = item.get("wins"), item.get("draws", 0)
            if not (isinstance(wins, list) and len(wins) == 2 and all(_int(w) is not None for w in wins)) \
                    or _int(draws) is None:
                problems.append(f"{where}: wins is two game counts and draws a count")
                continue
            row["wins"], row["draws"] = [_int(w) for w in wins], _int(draws)
        elif "wins_a" in item:
            a, b, d = _int(item.get("wins_a")), _int(item.get("wins_b")), _int(item.get("draws") or 0)
            if a is None or b is None or d is None:
                if not (item.get("player_b") in ("", None) and str(item.get("wins_a")).casefold() == "bye"):
                    problems.append(f"{where}: wins_a, wins_b and draws are game counts")
                    continue
                row["bye"], row["wins"], row["draws"] = True, [2, 0], 0
            else:
                row["wins"], row["draws"] = [a, b], d
        else:
            result = str(item.get("result") or "")
            if result.casefold() == "bye":
                row["bye"], row["wins"], row["draws"] = True, [2, 0], 0
            else:
                score = _score(result, where, problems)
                if score is None:
                    continue
                row["wins"], row["draws"] = score
        named = item.get("players")
        if named is None and item.get("player_a"):
            named = [item["player_a"]] + ([item["player_b"]] if item.get("player_b") else [])
        if named is not None:
            if not isinstance(named, list) or not all(isinstance(p, (str, int)) and not isinstance(p, bool)
                                                      for p in named):
                problems.append(f"{where}: players is a list of names or ids")
                continue
            row["players"] = list(named)
        out.append(row)
    return out, problems


def _result_items(data: Any, header_fits: Any, header: str,
                  shape: str) -> tuple[list[tuple[dict[str, Any], Mapping[str, Any], str]], list[str]]:
    """The rows of a results import (CSV text with a header ``header_fits`` takes, a JSON list,
    or an export's object), each ``(row, item, where)``: ``row`` its ``{round, table, bye}``
    read, ``item`` the cells or object to read the rest from; and the problems found so far."""
    if isinstance(data, Mapping):  # an export's object: {"results": [...]} or {"pairings": [...]}
        data = data.get("results", data.get("pairings"))
    if isinstance(data, str):
        rows = _rows(data)
        if not rows:
            return [], ["no results"]
        head = [h.casefold() for h in rows[0]]
        if not header_fits(set(head)):
            return [], [f"line 1: the header names {header}"]
        items = [(dict(zip(head, r)), f"line {i}") for i, r in enumerate(rows[1:], start=2)]
    elif isinstance(data, list):
        items = [(item, f"result item {i}") for i, item in enumerate(data)]
    else:
        return [], [f"results are CSV text or a list of {shape}"]
    if len(items) > MAX_ROWS:
        return [], [f"at most {MAX_ROWS} results"]
    problems: list[str] = []
    out = []
    for item, where in items:
        if not isinstance(item, Mapping):
            problems.append(f"{where}: a result is {shape}")
            continue
        number, table = _int(item.get("round")), _int(item.get("table"))
        if number is None or table is None:
            problems.append(f"{where}: round and table are whole numbers")
            continue
        out.append(({"round": number, "table": table, "bye": False}, item, where))
    return out, problems


def resolve_named(order: Sequence[str], refs: Sequence[Any], where: str) -> tuple[list[str] | None, str | None]:
    """The registered names ``refs`` mean, or ``(None, the problem)`` if one means nobody."""
    named = [resolve(order, ref) for ref in refs]
    unknown = [ref for ref, n in zip(refs, named) if n is None]
    if unknown:
        return None, f"{where}: no player {', '.join(map(repr, unknown))} is registered"
    return [n for n in named if n is not None], None


def read_pod_results(data: Any) -> tuple[list[dict[str, Any]], list[str]]:
    """``(rows, problems)`` of a pod event's results: each row ``{round, table, bye}`` with
    ``places`` (each player's place, in the order of ``players`` if named, else the pod's) and,
    when named, ``players``. CSV with a header naming ``round, table, places`` (``players``
    optional), cells ``;``-separated as kifu's pod export writes them (``places`` ``bye`` for a
    bye), or JSON ``[{"round", "table", "places", "players"?}]`` (lists or such cells), or
    that export's object.

    >>> read_pod_results("round,table,players,places\\n1,2,Aoi;Ren;Mai,2;1;3\\n")[0]
    [{'round': 1, 'table': 2, 'bye': False, 'places': [2, 1, 3], 'players': ['Aoi', 'Ren', 'Mai']}]
    """
    items, problems = _result_items(data, lambda head: {"round", "table", "places"} <= head,
                                    "round, table and places (each player's place, ;-separated)",
                                    "{round, table, places}")
    out: list[dict[str, Any]] = []
    for row, item, where in items:
        places = item.get("places")
        if isinstance(places, str) and places.strip().casefold() == "bye":
            row["bye"] = True
        else:
            cells = places.split(";") if isinstance(places, str) else places
            got = [_int(q) for q in cells] if isinstance(cells, list) else None
            if not got or any(q is None for q in got):
                problems.append(f"{where}: places are whole numbers, one a player (1;2;3;4)")
                continue
            row["places"] = got
        named = item.get("players")
        if isinstance(named, str):
            named = [n.strip() for n in named.split(";")] if named.strip() else None
        if named is not None:
            if not isinstance(named, list) or not all(isinstance(x, (str, int)) and not isinstance(x, bool)
                                                      for x in named):
                problems.append(f"{where}: players is a list of names or ids")
                continue
            row["players"] = list(named)
        out.append(row)
    return out, problems


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


def resolve(order: Sequence[str], ref: Any) -> str | None:
    """The registered name ``ref`` means (by name, case and width aside, or by id: its
    1-based registration number, ``#3`` or ``3``), or None.

    >>> resolve(["Aoi", "Ren"], "ren"), resolve(["Aoi", "Ren"], "#1"), resolve(["Aoi"], "Mai")
    ('Ren', 'Aoi', None)
    """
    if isinstance(ref, str):
        if ref in order:
            return ref
        wanted = _key(ref)
        found = [n for n in order if _key(n) == wanted]
        if len(found) == 1:
            return found[0]
        ref = ref.strip()[1:] if ref.strip().startswith("#") else ref
    number = _int(ref)
    if number is not None and 1 <= number <= len(order):
        return order[number - 1]
    return None


def player_id(order: Sequence[str], name: str) -> int:
    """A player's id: the 1-based registration number (registrations are append-only)."""
    return list(order).index(name) + 1
