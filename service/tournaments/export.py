"""Pairings and standings of an event as CSV or JSON (an event ``summary``), pure.

CSV columns are what organizers post on the wall and import into other tools (the
shapes Melee and Limitless export): standings ``Rank, Player, ID, Points, Record``
(``W-L-D``), ``OMW%, GW%, OGW%`` (percent, two decimals), ``Dropped``; pairings ``round,
stage, table, player_a, player_b, result, winner`` (a bye has no ``player_b``; ``result``
is ``W-L-D`` in the players' order, or ``bye``); results, one row a finished match,
``round, table, player_a, player_b, wins_a, wins_b, draws, winner`` (a bye: ``wins_a`` is
``bye``). The pairings and results exports are what ``imports`` reads back. A pod event
(``pods``) has standings ``Rank, Player, ID, Points, Record`` (places), ``OPP%, 1st, Avg
place, Dropped`` and one pairings/results row a pod: ``round, table, players, places,
points`` (``;`` between players, in seat order). JSON has the
same rows (standings with the fractions as 0-1 numbers and the percent columns too).

>>> print(csv_text([{"a": 1, "b": "x"}], ["a", "b"]), end="")
a,b
1,x
"""
from __future__ import annotations

import csv
import io
import json
from typing import Any, Mapping, Sequence

STANDINGS = ("rank", "player", "points", "record", "omwp", "gwp", "ogwp", "dropped")
#: the standings CSV's header (Melee/Limitless-like) and the row keys it shows
STANDINGS_CSV = {"Rank": "rank", "Player": "player", "ID": "id", "Points": "points", "Record": "record",
                 "OMW%": "omw_pct", "GW%": "gw_pct", "OGW%": "ogw_pct", "Dropped": "dropped"}
#: a pod event's standings (``pods``): its own tiebreakers
POD_STANDINGS_CSV = {"Rank": "rank", "Player": "player", "ID": "id", "Points": "points", "Record": "record",
                     "OPP%": "opp_pct", "1st": "firsts", "Avg place": "mean_place", "Dropped": "dropped"}
POD_PAIRINGS = ("round", "table", "players", "places", "points")
PAIRINGS = ("round", "stage", "table", "player_a", "player_b", "result", "winner")
RESULTS = ("round", "table", "player_a", "player_b", "wins_a", "wins_b", "draws", "winner")
WHATS = ("standings", "pairings", "results")
FORMATS = ("json", "csv")


def csv_text(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        # a cell starting with = + - @ would be a formula to a spreadsheet
        writer.writerow({k: ("'" + v if isinstance(v, str) and v[:1] and v[:1] in "=+-@" else v) for k, v in row.items()})
    return out.getvalue()


def _pct(value: float) -> str:
    return f"{100 * value:.2f}"


def standings_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    order = summary["event"]["order"]
    if summary["event"].get("pods"):
        return [{**{k: v for k, v in row.items() if k != "opponents"}, "id": order.index(row["player"]) + 1,
                 "opp_pct": _pct(row["opp"]), "mean_place": "" if row["mean_place"] is None else
                 f"{row['mean_place']:.2f}"} for row in summary["standings"]]
    return [{**{k: row[k] for k in STANDINGS}, "id": order.index(row["player"]) + 1,
             "omw_pct": _pct(row["omwp"]), "gw_pct": _pct(row["gwp"]), "ogw_pct": _pct(row["ogwp"])}
            for row in summary["standings"]]


def pod_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A pod event's pairings and results: one row a pod, its players in seat order and,
    once it has a result, each one's place and points (``;``-separated, in that order)."""
    rows = []
    for played in summary["rounds"]:
        for t in played["tables"]:
            r = t["result"] or {}
            rows.append({"round": played["number"], "table": t["table"], "players": ";".join(t["players"]),
                         "places": "bye" if r.get("bye") else ";".join(map(str, r.get("places") or [])),
                         "points": ";".join(map(str, r.get("points") or []))})
    return rows


def results_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for played in summary["rounds"]:
        for t in played["tables"]:
            r = t["result"]
            if r is None:
                continue
            bye = bool(r.get("bye"))
            rows.append({"round": played["number"], "table": t["table"], "player_a": t["players"][0],
                         "player_b": "" if bye else t["players"][1], "wins_a": "bye" if bye else r["wins"][0],
                         "wins_b": "" if bye else r["wins"][1], "draws": "" if bye else r["draws"],
                         "winner": r.get("winner") or ""})
    return rows


def pairings_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for played in summary["rounds"]:
        for t in played["tables"]:
            r = t["result"]
            score = "bye" if r and r.get("bye") else (f"{r['wins'][0]}-{r['wins'][1]}-{r['draws']}" if r else "")
            rows.append({"round": played["number"], "stage": played["stage"], "table": t["table"],
                         "player_a": t["players"][0], "player_b": t["players"][1] if len(t["players"]) > 1 else "",
                         "result": score, "winner": (r or {}).get("winner") or ""})
    return rows


def render(summary: Mapping[str, Any], what: str, fmt: str) -> tuple[str, str]:
    """``(body, content type)`` of ``what`` (standings | pairings | results) as ``fmt`` (json | csv)."""
    pod = bool(summary["event"].get("pods"))
    rows = {"standings": standings_rows, "pairings": pod_rows if pod else pairings_rows,
            "results": pod_rows if pod else results_rows}[what](summary)
    if fmt == "csv":
        if what == "standings":
            heads = POD_STANDINGS_CSV if pod else STANDINGS_CSV
            rows = [{head: row[key] for head, key in heads.items()} for row in rows]
            return csv_text(rows, list(heads)), "text/csv; charset=utf-8"
        if pod:
            return csv_text(rows, POD_PAIRINGS), "text/csv; charset=utf-8"
        return csv_text(rows, PAIRINGS if what == "pairings" else RESULTS), "text/csv; charset=utf-8"
    body = {"event": summary["event"]["id"], "name": summary["event"]["name"], what: rows}
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n", "application/json"
