"""Pairings and standings of an event as CSV or JSON (an event ``summary``), pure.

CSV columns are what organizers post on the wall and import into other tools:
standings ``rank, player, points, record, omw, gw, ogw, dropped``; pairings ``round,
stage, table, player_a, player_b, result, winner`` (a bye has no ``player_b``).

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
PAIRINGS = ("round", "stage", "table", "player_a", "player_b", "result", "winner")
WHATS = ("standings", "pairings")
FORMATS = ("json", "csv")


def csv_text(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        # a cell starting with = + - @ would be a formula to a spreadsheet
        writer.writerow({k: ("'" + v if isinstance(v, str) and v[:1] and v[:1] in "=+-@" else v) for k, v in row.items()})
    return out.getvalue()


def standings_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{k: row[k] for k in STANDINGS} for row in summary["standings"]]


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
    """``(body, content type)`` of ``what`` (standings | pairings) as ``fmt`` (json | csv)."""
    rows = standings_rows(summary) if what == "standings" else pairings_rows(summary)
    if fmt == "csv":
        return csv_text(rows, STANDINGS if what == "standings" else PAIRINGS), "text/csv; charset=utf-8"
    body = {"event": summary["event"]["id"], "name": summary["event"]["name"], what: rows}
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n", "application/json"
