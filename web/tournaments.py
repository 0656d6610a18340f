"""Event pages: the event (players, rounds, standings, bracket, organizer forms), a round
followed live like a chess broadcast, and a player's matches.

``/e/<eid>`` is the event; ``/e/<eid>/r/<n>`` a round, whose tables partial
(``/e/<eid>/r/<n>/tables``) htmx polls every two seconds, so each table's step, state
and result follow the recording without a reload; ``/e/<eid>/p/<name>`` a player.
Forms POST to the same event service as the API (``service.tournaments``), with the
session's CSRF token, and come back to the event page (new tokens are shown once).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for

from service.errors import BadRequest, Forbidden, NotFound, ServiceError
from service.tournaments import EventService
from service.tournaments.store import check_event_id
from web import signin
from web.views import error_page, is_partial, kifu, principal, varying

bp = Blueprint("events", __name__, template_folder="templates")


@bp.before_request
def _csrf() -> None:
    if request.method == "POST":
        signin.check_csrf()


@bp.errorhandler(ServiceError)
def _service_error(exc: ServiceError):
    return error_page(exc.status, exc.message, getattr(exc, "errors", None))


def events() -> EventService:
    return EventService(kifu().redis, kifu().matches)


def _summary(eid: str) -> dict[str, Any]:
    return events().summary(check_event_id(eid))


def live_tables(played: dict[str, Any]) -> list[dict[str, Any]]:
    """Each table of a round with its current game's status and head step (for the broadcast)."""
    out = []
    for t in played["tables"]:
        row = dict(t)
        row["live"] = None
        if t["matches"]:
            info = kifu().matches.info(t["matches"][-1])
            row["live"] = {"match": info.id, "status": info.status, "seq": info.seq, "game": len(t["matches"]),
                           "to_act": _to_act(info)}
        out.append(row)
    return out


def _to_act(info: Any) -> list[str]:
    if info.status != "live" or info.rules is None:
        return []
    try:
        step = kifu().matches.view_step(info.id, "public", line=False)
    except ServiceError:
        return []
    names = {s["id"]: s["name"] for s in info.header.get("seats", [])}
    return [names.get(s, s) for s in step.to_act]


@bp.get("/e/")
def event_list():
    return render_template("tournaments/list.html", events=events().list(), principal=principal())


@bp.get("/e/<eid>")
def event_page(eid: str):
    who = principal()
    summary = _summary(eid)
    svc = events()
    judging = svc.may_judge(summary["event"], who)
    checks = svc.deck_checks(eid) if judging else []
    return render_template("tournaments/event.html", s=summary, e=summary["event"], principal=who,
                           organizer=who is not None and who.role == "admin", judging=judging, checks=checks)


def _round(summary: dict[str, Any], number: int) -> dict[str, Any]:
    for played in summary["rounds"]:
        if played["number"] == number:
            return played
    raise NotFound(f"no round {number} in event {summary['event']['id']}")


@bp.get("/e/<eid>/r/<int:number>")
def round_page(eid: str, number: int):
    summary = _summary(eid)
    played = _round(summary, number)
    return varying(make_response(render_template(
        "tournaments/round.html", s=summary, e=summary["event"], r=played, tables=live_tables(played),
        principal=principal())))


@bp.get("/e/<eid>/r/<int:number>/tables")
def round_tables(eid: str, number: int):
    """The tables partial the round page polls (a full round page when loaded cold)."""
    if not is_partial():
        return redirect(url_for("events.round_page", eid=eid, number=number))
    summary = _summary(eid)
    played = _round(summary, number)
    return varying(make_response(render_template(
        "tournaments/_tables.html", s=summary, e=summary["event"], r=played, tables=live_tables(played))))


@bp.get("/e/<eid>/p/<name>")
def player_page(eid: str, name: str):
    summary = _summary(eid)
    if name not in summary["event"]["players"]:
        raise NotFound(f"no player {name!r} in this event")
    games = []
    for played in summary["rounds"]:
        for t in played["tables"]:
            if name in t["players"]:
                games.append({"round": played["number"], "stage": played["stage"], **t})
    row = next((r for r in summary["standings"] if r["player"] == name), None)
    return render_template("tournaments/player.html", s=summary, e=summary["event"], name=name, games=games,
                           row=row, principal=principal())


# --- organizer forms -------------------------------------------------------------------

def _organizer():
    who = principal()
    if who is None:
        abort(401, description="sign in with the organizer's (admin) token")
    if who.role != "admin":
        raise Forbidden(f"a {who.role} token may not run events; the organizer (admin) does")
    return who


def _deck(text: str) -> Any:
    import json

    text = (text or "").strip()
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        # a plain list: card ids separated by spaces, commas or lines
        return [c for c in text.replace(",", " ").split() if c]


def _int(name: str) -> int:
    value = request.form.get(name, "")
    if not value.strip().isdigit():
        raise BadRequest({name: ["a whole number"]})
    return int(value)


@bp.post("/e/")
def create_event():
    who = _organizer()
    f = request.form
    state = events().create({
        "name": f.get("name"), "game": f.get("game"), "format": f.get("format") or "bo1",
        "rounds": _int("rounds"), "top_cut": int(f.get("top_cut") or 0), "table": f.get("table") or "digital",
        "feature_tables": [int(x) for x in (f.get("feature_tables") or "").replace(",", " ").split() if x.isdigit()],
    }, by=who.name)
    return redirect(url_for("events.event_page", eid=state["id"]), 303)


@bp.post("/e/<eid>/players")
def register(eid: str):
    who = _organizer()
    events().register(eid, request.form.get("name"), _deck(request.form.get("deck", "")), by=who.name)
    return redirect(url_for("events.event_page", eid=eid), 303)


@bp.post("/e/<eid>/drop")
def drop(eid: str):
    who = _organizer()
    events().drop(eid, request.form.get("name"), by=who.name)
    return redirect(url_for("events.event_page", eid=eid), 303)


@bp.post("/e/<eid>/pair")
def pair(eid: str):
    """Pair the next round; the page that answers shows its tokens once."""
    who = _organizer()
    paired = events().pair(eid, by=who.name)
    summary = _summary(eid)
    return render_template("tournaments/paired.html", s=summary, e=summary["event"], paired=paired, principal=who)


@bp.post("/e/<eid>/sync")
def sync(eid: str):
    who = principal()
    svc = events()
    if not svc.may_judge(svc.state(eid), who):
        raise Forbidden("the organizer or one of the event's judges syncs the event")
    synced = svc.sync(eid, by=who.name)
    summary = _summary(eid)
    return render_template("tournaments/paired.html", s=summary, e=summary["event"], synced=synced, principal=who)


@bp.post("/e/<eid>/r/<int:number>/t/<int:table>/result")
def result(eid: str, number: int, table: int):
    who = principal()
    if who is None:
        abort(401, description="sign in with a judge's or the organizer's token")
    events().enter_result(eid, number, table, who, [_int("wins_a"), _int("wins_b")], _int("draws"))
    return redirect(url_for("events.round_page", eid=eid, number=number), 303)
