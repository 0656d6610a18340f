"""Event pages: the event (players, rounds, standings, bracket, organizer forms), a round
followed live like a chess broadcast, and a player's matches.

``/e/<eid>`` is the event; ``/e/<eid>/r/<n>`` a round, whose tables partial
(``/e/<eid>/r/<n>/tables``) htmx polls every two seconds, so each table's small board,
step, state and result follow the recording without a reload. A table's board is the
game's own board template (``web/templates/games/<id>/board.html``, as the viewer
includes it) drawn from one ``view_step(mid, "public")`` per table per refresh and
scaled down by CSS (``tournaments.css``). ``/e/<eid>/p/<name>`` is a player.

Forms POST to the same event service as the API (``kifu.service.tournaments``), with the
session's CSRF token: on the event page the organizer's (late registration, drops, deck
corrections, judges and head judge, the infraction table, pairing) and the judges'
(sync); on the round page, outside the polled tables so that typing survives a refresh,
each table's: a judge's result, attaching a record made elsewhere, a physical table's
next game with its deal, the players' reports (signed in as a player of the table, or
with a token of the table pasted in) and the tokens of the table's current game. A
refused form answers with its page again, the error beside the form and the values
kept, and nothing written; new tokens are shown once.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from flask import Blueprint, make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from kifu.service import auth
from kifu.service.errors import BadRequest, Forbidden, NotFound, ServiceError, Unauthorized
from kifu.service.tournaments import EventService, metagame
from kifu.service.tournaments.fold import PENALTIES
from kifu.service.tournaments.service import table_handle
from kifu.service.tournaments.store import check_event_id
from kifu.web import decks, viewer
from kifu.web.views import error_page, guard, is_partial, kifu, principal, varying

bp = guard(Blueprint("events", __name__, template_folder="templates"))




def events() -> EventService:
    return EventService(kifu().redis, kifu().matches)


def _summary(eid: str) -> dict[str, Any]:
    return events().summary(check_event_id(eid))


def live_tables(played: dict[str, Any]) -> list[dict[str, Any]]:
    """Each table of a round with its current game at a glance: status, head step, whom it
    waits for, and the public board (one ``view_step(mid, "public")`` per table)."""
    out = []
    for t in played["tables"]:
        row = dict(t)
        row["live"] = None
        if t["matches"]:
            row["live"] = glance(t["matches"][-1], len(t["matches"]))
        out.append(row)
    return out


def glance(mid: str, game: int) -> dict[str, Any]:
    """One table's current game as the broadcast shows it (no board if this kifu cannot
    replay the match: its game or rules version is missing)."""
    info = kifu().matches.info(mid)
    found = {"match": info.id, "status": info.status, "seq": info.seq, "game": game, "to_act": [], "board": None}
    if info.rules is None:
        return found
    try:
        step = kifu().matches.view_step(info.id, "public", line=False)
    except ServiceError:
        return found
    names = viewer.seat_names(info)
    found["seq"] = step.step
    if info.status == "live" and step.outcome is None:
        found["to_act"] = [names.get(s, s) for s in step.to_act]
    found["board"] = {"view": step.view, "game": viewer.game_context(info),
                      "templates": viewer.board_templates(info.game)}
    return found


@bp.get("/e/")
def event_list():
    return render_template("tournaments/list.html", events=events().list(), principal=principal())


@bp.get("/e/<eid>")
def event_page(eid: str):
    return _event_page(eid)


def _event_page(eid: str, problem: Mapping[str, Any] | None = None, status: int = 200):
    who = principal()
    summary = _summary(eid)
    svc = events()
    judging = svc.may_judge(summary["event"], who)
    checks = svc.deck_checks(eid) if judging else []
    organizer = who is not None and who.role == "admin"
    rules = _event_rules(eid) if organizer else None  # its deck text fields
    return make_response(render_template(
        "tournaments/event.html", s=summary, e=summary["event"], principal=who,
        organizer=organizer, judging=judging, checks=checks,
        problem=problem, form=request.form if problem else {}, penalties=PENALTIES,
        deck_form=decks.form_of(rules), deck_example=decks.example(rules, rules.cardset if rules else None),
        deck_check=lambda text: decks.check(rules, rules.cardset, text)), status)


def _round(summary: dict[str, Any], number: int) -> dict[str, Any]:
    for played in summary["rounds"]:
        if played["number"] == number:
            return played
    raise NotFound(f"no round {number} in event {summary['event']['id']}")


@bp.get("/e/<eid>/r/<int:number>")
def round_page(eid: str, number: int):
    return _round_page(eid, number)


def _round_page(eid: str, number: int, problem: Mapping[str, Any] | None = None, status: int = 200):
    who = principal()
    summary = _summary(eid)
    played = _round(summary, number)
    svc = events()
    state = summary["event"]
    return varying(make_response(render_template(
        "tournaments/round.html", s=summary, e=state, r=played, tables=live_tables(played), principal=who,
        judging=svc.may_judge(state, who), mine=_my_tables(eid, played, who),
        problem=problem, form=request.form if problem else {}), status))


def _my_tables(eid: str, played: Mapping[str, Any], who: auth.Principal | None) -> dict[int, str]:
    """Table -> what the signed-in token is at it (``player`` or ``recorder``)."""
    if who is None or who.role not in ("player", "recorder"):
        return {}
    out = {}
    for t in played["tables"]:
        if who.match == table_handle(eid, played["number"], t["table"]) or who.match in t["matches"]:
            out[t["table"]] = who.role
    return out


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


@bp.get("/e/<eid>/metagame")
def metagame_page(eid: str):
    return _metagame_page(eid)


def _metagame_page(eid: str, problem: Mapping[str, Any] | None = None, status: int = 200):
    """The event's metagame: share and win-rate charts drawn here as SVG, the table, the
    matchup matrix; the organizer's archetype form (and the judges' per-player list)."""
    check_event_id(eid)
    svc = events()
    found = svc.metagame(eid)
    state = svc.state(eid)
    who = principal()
    judging = svc.may_judge(state, who)
    decks_of = {}
    if judging:
        rules = _event_rules(eid)
        decks_of = {n: p.get("archetype") or metagame.archetype_of(rules, p.get("deck"))
                    for n, p in state["players"].items()}
    return make_response(render_template(
        "tournaments/metagame.html", m=found, e=state, title=state["name"], judging=judging, decks_of=decks_of,
        organizer=who is not None and who.role == "admin", problem=problem, form=request.form if problem else {},
        share_svg=Markup(metagame.share_chart(found["archetypes"])),
        rate_svg=Markup(metagame.win_rate_chart(found["archetypes"])), cell_class=metagame.cell_class,
        principal=who), status)


@bp.get("/e/games/<game>/metagame")
def game_metagame_page(game: str):
    """A game's metagame across its events."""
    try:
        kifu().matches.game(game)
    except KeyError:
        raise NotFound(f"no game {game!r}") from None
    found = events().game_metagame(game)
    return render_template(
        "tournaments/metagame.html", m=found, e=None, title=f"{game}: every event", judging=False, decks_of={},
        organizer=False, problem=None, form={}, share_svg=Markup(metagame.share_chart(found["archetypes"])),
        rate_svg=Markup(metagame.win_rate_chart(found["archetypes"])), cell_class=metagame.cell_class,
        principal=principal())


@bp.post("/e/<eid>/archetype")
def archetype(eid: str):
    """The organizer names a player's archetype (empty: read it from the deck list)."""
    def act():
        who = _organizer()
        events().set_archetype(eid, request.form.get("player"), request.form.get("archetype") or None, by=who.name)
        return redirect(url_for("events.metagame_page", eid=eid), 303)
    check_event_id(eid)
    return _inline("archetype", lambda **kw: _metagame_page(eid, **kw), act)


# --- forms ----------------------------------------------------------------------------------

def _signed_in(what: str) -> auth.Principal:
    who = principal()
    if who is None:
        raise Unauthorized(f"sign in with {what}")
    return who


def _organizer() -> auth.Principal:
    who = _signed_in("the organizer's (admin) token")
    if who.role != "admin":
        raise Forbidden(f"a {who.role} token may not run events; the organizer (admin) does")
    return who


def _inline(form: str, page: Callable[..., Any], action: Callable[[], Any]) -> Any:
    """``action()``'s answer, or ``page`` again with the refusal beside ``form`` (its
    status, the values kept; the error page if ``form`` is not on the caller's page). The
    event service checks everything before it writes, so a refusal has written nothing."""
    try:
        return action()
    except ServiceError as exc:
        problem = {"form": form, "status": exc.status, "message": exc.message,
                   "errors": getattr(exc, "errors", None)}
        answer = page(problem=problem, status=exc.status)
        if b'data-testid="error"' not in answer.get_data():
            # the form is not on this caller's page (not theirs to use): the error page says why
            return error_page(exc.status, exc.message, problem["errors"])
        return answer


def _on_event(eid: str, form: str, action: Callable[[], Any]) -> Any:
    check_event_id(eid)
    return _inline(form, lambda **kw: _event_page(eid, **kw), action)


def _on_round(eid: str, number: int, form: str, action: Callable[[], Any]) -> Any:
    check_event_id(eid)
    return _inline(form, lambda **kw: _round_page(eid, number, **kw), action)


def _back(eid: str, number: int | None = None):
    if number is None:
        return redirect(url_for("events.event_page", eid=eid), 303)
    return redirect(url_for("events.round_page", eid=eid, number=number), 303)


def _event_rules(eid: str) -> Any:
    state = events().state(eid)
    return events().bound_rules(state["game"], state["cardset"])


def _deck(text: str, eid: str) -> Any:
    text = (text or "").strip()
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        if decks.form_of(_event_rules(eid)) is not None:
            return text  # the text players paste: the event service reads it (kifu.service.decktext)
        # a plain list: card ids separated by spaces, commas or lines
        return [c for c in text.replace(",", " ").split() if c]


@bp.post("/e/<eid>/deck-check")
def deck_check(eid: str):
    """A typed deck list's problems and counts, for the partial beside the form's field."""
    _organizer()
    rules = _event_rules(check_event_id(eid))
    key = request.form.get("key") or "deck"
    if key not in ("register-deck", "correct-deck"):
        raise BadRequest({"key": ["the deck field of the registration or the correction form"]})
    response = make_response(decks.answer(rules, rules.cardset, key, request.form.get("deck") or ""))
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _json_list(name: str) -> list[Any]:
    """A JSON list typed into a form, or whitespace/comma separated words."""
    text = (request.form.get(name) or "").strip()
    if text.startswith("["):
        try:
            value = json.loads(text)
        except ValueError as exc:
            raise BadRequest({name: [f"not JSON: {exc}"]}) from None
        return value
    return [c for c in text.replace(",", " ").split() if c]


def _int(name: str) -> int:
    value = request.form.get(name, "")
    if not value.strip().isdigit():
        raise BadRequest({name: ["a whole number"]})
    return int(value)


def _names(text: str) -> list[str]:
    """Names one a line (or separated by commas)."""
    return [n.strip() for n in (text or "").replace(",", "\n").splitlines() if n.strip()]


def read_infractions(text: str) -> list[dict[str, str]]:
    """An infraction table typed one ``Name: penalty`` a line (``Slow Play: game loss``)."""
    out = []
    for i, line in enumerate((text or "").splitlines(), start=1):
        if not line.strip():
            continue
        name, colon, penalty = line.rpartition(":")
        penalty = penalty.strip().lower().replace(" ", "_")
        if not colon or not name.strip():
            raise BadRequest({"infractions": [f"line {i}: 'name: penalty' (penalty: {', '.join(PENALTIES)})"]})
        out.append({"name": name.strip(), "penalty": penalty})
    return out


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
    """Register a player; after round 1 a late registration (plays from the next round)."""
    def act():
        who = _organizer()
        events().register(eid, request.form.get("name"), _deck(request.form.get("deck", ""), eid), by=who.name)
        return _back(eid)
    return _on_event(eid, "register", act)


@bp.post("/e/<eid>/drop")
def drop(eid: str):
    def act():
        who = _organizer()
        events().drop(eid, request.form.get("name"), by=who.name)
        return _back(eid)
    return _on_event(eid, "drop", act)


@bp.post("/e/<eid>/deck")
def deck(eid: str):
    """Correct a player's registered deck list (checked by the game as at registration)."""
    def act():
        who = _organizer()
        events().set_deck(eid, request.form.get("name"), _deck(request.form.get("deck", ""), eid), by=who.name)
        return _back(eid)
    return _on_event(eid, "deck", act)


@bp.post("/e/<eid>/staff")
def staff(eid: str):
    def act():
        who = _organizer()
        head = (request.form.get("head_judge") or "").strip() or None
        events().set_staff(eid, _names(request.form.get("judges", "")), head, by=who.name)
        return _back(eid)
    return _on_event(eid, "staff", act)


@bp.post("/e/<eid>/infractions")
def infractions(eid: str):
    def act():
        who = _organizer()
        events().set_infractions(eid, read_infractions(request.form.get("infractions", "")), by=who.name)
        return _back(eid)
    return _on_event(eid, "infractions", act)


@bp.post("/e/<eid>/broadcast")
def broadcast(eid: str):
    """The broadcast delay of the event's matches that set none of their own."""
    def act():
        who = _organizer()
        events().set_broadcast(eid, viewer.read_delay(request.form), by=who.name)
        return _back(eid)
    return _on_event(eid, "broadcast", act)


@bp.post("/e/<eid>/pair")
def pair(eid: str):
    """Pair the next round; the page that answers shows its tokens once."""
    def act():
        who = _organizer()
        paired = events().pair(eid, by=who.name)
        summary = _summary(eid)
        return render_template("tournaments/paired.html", s=summary, e=summary["event"], paired=paired,
                               principal=who)
    return _on_event(eid, "pair", act)


@bp.post("/e/<eid>/pair-external")
def pair_external(eid: str):
    """Take the next round as paired elsewhere (CSV ``table,player,player``); its tokens once."""
    def act():
        who = _organizer()
        paired = events().pair(eid, by=who.name, tables=request.form.get("tables") or "")
        summary = _summary(eid)
        return render_template("tournaments/paired.html", s=summary, e=summary["event"], paired=paired,
                               principal=who)
    return _on_event(eid, "pair-external", act)


@bp.post("/e/<eid>/results")
def import_results(eid: str):
    """Results in bulk (CSV), all or none."""
    def act():
        who = _signed_in("a judge's or the organizer's token")
        events().import_results(eid, request.form.get("results") or "", who)
        return _back(eid)
    return _on_event(eid, "results", act)


@bp.post("/e/<eid>/sync")
def sync(eid: str):
    def act():
        who = _signed_in("a judge's or the organizer's token")
        svc = events()
        if not svc.may_judge(svc.state(eid), who):
            raise Forbidden("the organizer or one of the event's judges syncs the event")
        synced = svc.sync(eid, by=who.name)
        summary = _summary(eid)
        return render_template("tournaments/paired.html", s=summary, e=summary["event"], synced=synced,
                               principal=who)
    return _on_event(eid, "sync", act)


def _score() -> tuple[list[int], int]:
    return [_int("wins_a"), _int("wins_b")], _int("draws") if request.form.get("draws", "").strip() else 0


@bp.post("/e/<eid>/r/<int:number>/t/<int:table>/result")
def result(eid: str, number: int, table: int):
    """A judge's (or the organizer's) result of a table: final."""
    def act():
        who = _signed_in("a judge's or the organizer's token")
        places = request.form.getlist("place")
        if places:  # a pod: each player's place, in the pod's order
            if not all(p.strip().isdigit() for p in places):
                raise BadRequest({"place": ["each place is a whole number (1 first)"]})
            events().enter_result(eid, number, table, who, None, 0, [int(p) for p in places])
            return _back(eid, number)
        wins, draws = _score()
        events().enter_result(eid, number, table, who, wins, draws)
        return _back(eid, number)
    return _on_round(eid, number, f"result-{table}", act)


def _reporter() -> auth.Principal:
    """The signed-in player, or the holder of the token pasted into the form."""
    pasted = (request.form.get("token") or "").strip()
    if pasted:
        who = auth.authenticate(kifu().redis, pasted)
        if who is None:
            raise Unauthorized("that token is not a token of this kifu")
        return who
    return _signed_in("a player token of the table (or paste one into the form)")


@bp.post("/e/<eid>/r/<int:number>/t/<int:table>/report")
def report(eid: str, number: int, table: int):
    """A player's report of the table's result; it stands once both players report the same."""
    def act():
        who = _reporter()
        wins, draws = _score()
        events().report(eid, number, table, who, wins, draws)
        return _back(eid, number)
    return _on_round(eid, number, f"report-{table}", act)


@bp.post("/e/<eid>/r/<int:number>/report")
def report_any(eid: str, number: int):
    """The same report, the table chosen in the form (for a player not signed in)."""
    def act():
        who = _reporter()
        wins, draws = _score()
        events().report(eid, number, _int("table"), who, wins, draws)
        return _back(eid, number)
    return _on_round(eid, number, "report-any", act)


@bp.post("/e/<eid>/r/<int:number>/t/<int:table>/attach")
def attach(eid: str, number: int, table: int):
    def act():
        who = _signed_in("a judge's or the organizer's token")
        events().attach(eid, number, table, (request.form.get("match") or "").strip(), who)
        return _back(eid, number)
    return _on_round(eid, number, f"attach-{table}", act)


@bp.post("/e/<eid>/r/<int:number>/t/<int:table>/game")
def new_game(eid: str, number: int, table: int):
    """A physical or observed table's next game with the recorder's deal; its recorder token once."""
    def act():
        who = _signed_in("the table's recorder token, a judge's or the organizer's")
        made = events().create_game(eid, number, table, who, _json_list("deal"))
        summary = _summary(eid)
        return render_template("tournaments/paired.html", s=summary, e=summary["event"], principal=who,
                               handed={"round": number, "table": table, "game": made["game"], "match": made["match"],
                                       "tokens": made["tokens"]})
    return _on_round(eid, number, f"game-{table}", act)


@bp.post("/e/<eid>/r/<int:number>/t/<int:table>/tokens")
def tokens(eid: str, number: int, table: int):
    """Tokens of the table's current game, once: every seat's for judges, a player's own."""
    def act():
        who = _reporter()
        handed = events().tokens(eid, number, table, who)
        summary = _summary(eid)
        return render_template("tournaments/paired.html", s=summary, e=summary["event"], principal=principal(),
                               handed=handed)
    return _on_round(eid, number, f"tokens-{table}", act)
