"""Routes of the web blueprint: match list, viewer, live events, recording table, sign-in.

Every URL that htmx pushes also serves the full page when loaded cold; a response whose
body depends on ``HX-Request`` says so with ``Vary: HX-Request``.
"""
from __future__ import annotations

import logging
from typing import Any

import redis
from flask import (Blueprint, Response, current_app, make_response, redirect, render_template, request,
                   stream_with_context, url_for)
from htmx_flask import request as hx_request
from werkzeug.exceptions import HTTPException

from kifu.service import auth, exports, faults, limits
from kifu.replays.rules import PUBLIC
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import BadRequest, Forbidden, ServiceError, Unavailable
from kifu.service.ids import check_match_id
from kifu.service.notes import GLYPHS
from kifu.web import create, events, signin, table, viewer

log = logging.getLogger(__name__)

bp = Blueprint("web", __name__, template_folder="templates", static_folder="static",
               static_url_path="/assets")

PAGE_SIZE = 25
STATUSES = ("live", "finished")
#: Content-Security-Policy of every page: scripts, styles and connections from this origin only.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'")


def kifu() -> Any:
    return current_app.extensions["kifu"]


def principal() -> auth.Principal | None:
    return signin.current(kifu().redis)


def is_partial() -> bool:
    """An htmx swap (not a history restore, which needs the whole page)."""
    return bool(hx_request.htmx) and not hx_request.htmx.history_restore_request


def varying(response: Response) -> Response:
    response.vary.add("HX-Request")
    return response


@bp.app_context_processor
def _globals() -> dict[str, Any]:
    return {"csrf_token": signin.csrf_token, "csrf_field": signin.CSRF_FIELD}


def _csrf() -> None:
    if request.method == "POST":
        signin.check_csrf()


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    if response.status_code == 503:
        response.headers.setdefault("Retry-After", "1")
    return response


def _service_error(exc: ServiceError):
    response = error_page(exc.status, exc.message, getattr(exc, "errors", None))
    retry_after = getattr(exc, "retry_after", None)
    if retry_after is None and exc.status == 503:
        retry_after = 1
    if retry_after is not None:
        response.headers["Retry-After"] = str(int(retry_after))
    return response


def _store_error(exc: Exception):
    """Redis unreachable, or a slot without a primary during a failover: a 503 page with
    ``Retry-After`` (an event stream's EventSource reconnects after it), not a 500."""
    if not faults.unreachable(exc):
        raise exc  # a command we got wrong stays a 500, with its traceback in the log
    log.warning("Redis unreachable on %s %s: %s", request.method, request.path, exc)
    return _service_error(Unavailable.from_redis(exc))


def guard(blueprint: Blueprint) -> Blueprint:
    """Every web blueprint's rules: CSRF on each POST, the security headers (a route may set
    its own CSP first: ``setdefault``), a service error as an error page, Redis
    unreachable as a 503."""
    blueprint.before_request(_csrf)
    blueprint.after_request(_headers)
    blueprint.errorhandler(ServiceError)(_service_error)
    blueprint.register_error_handler(redis.RedisError, _store_error)
    blueprint.register_error_handler(redis.exceptions.RedisClusterException, _store_error)
    return blueprint


guard(bp)


@bp.errorhandler(HTTPException)
def _http_error(exc: HTTPException):
    return error_page(exc.code or 500, exc.description or exc.name, None)


def error_page(status: int, message: str, errors: Any) -> Response:
    if is_partial():
        # Shown in the page's notice area, whatever the control aimed at.
        body = render_template("_error.html", status=status, message=message, errors=errors)
        response = make_response(body, status)
        response.headers["HX-Retarget"] = "#notice"
        response.headers["HX-Reswap"] = "innerHTML"
        return varying(response)
    try:
        who = principal()
    except (redis.RedisError, redis.exceptions.RedisClusterException):
        who = None  # the page says Redis is away; it need not say who is signed in
    body = render_template("error.html", status=status, message=message, errors=errors, principal=who)
    return varying(make_response(body, status))


# --- match list ---------------------------------------------------------------------------

@bp.get("/")
def index():
    """Every match the caller may list, newest first, with filters and cursor paging."""
    who = principal()
    filters = {k: (request.args.get(k) or "").strip() for k in ("game", "status", "tournament", "player")}
    if filters["status"] and filters["status"] not in STATUSES:
        raise BadRequest({"status": [f"status is one of {', '.join(STATUSES)}"]})
    if filters["game"] and filters["game"] not in game_ids():
        raise BadRequest({"game": [f"unknown game {filters['game']!r}; known: {', '.join(game_ids())}"]})
    cursor = request.args.get("cursor") or None
    found, next_cursor = kifu().matches.list(
        game=filters["game"] or None, status=filters["status"] or None,
        tournament=filters["tournament"] or None, player=filters["player"] or None,
        public_only=not auth.sees_all_matches(who), cursor=cursor, limit=PAGE_SIZE)
    rows = [{"info": info, "players": viewer.seat_names(info), "result": viewer.result_text(info)}
            for info in found]
    chosen = {k: v for k, v in filters.items() if v}
    next_url = url_for("web.index", **chosen, cursor=next_cursor) if next_cursor else None
    return render_template("index.html", rows=rows, filters=filters, games=game_ids(),
                           statuses=STATUSES, next_url=next_url, first_url=url_for("web.index", **chosen), first_page=cursor is None,
                           principal=who)


def game_ids() -> list[str]:
    return [rules.id for rules in kifu().games()]


# --- the viewer --------------------------------------------------------------------------

def looking_at(mid: str) -> tuple[Any, Any, Any, str, list[str]]:
    """(service, principal, match info, perspective, allowed perspectives) of a viewer request;
    404 for a bad id, 403 for a perspective this principal may not take. The info is the
    match as the perspective knows it: the broadcast's stops at its delayed head, so every
    step, move list and live event of the viewer stops there too."""
    svc = kifu().matches
    who = principal()
    info = svc.info(check_match_id(mid))
    perspective, allowed = viewer.choose_perspective(request.args.get("as"), who, info)
    return svc, who, svc.as_seen(info, perspective), perspective, allowed


@bp.get("/m/<mid>")
def match(mid: str):
    """One step of one match from one perspective; the whole page, or the step for htmx."""
    svc, who, info, perspective, allowed = looking_at(mid)
    mid = info.id
    turn_arg = request.args.get("turn")
    if turn_arg is not None and request.args.get("step") in (None, ""):
        turn = viewer.parse_turn(turn_arg.strip())
        step = viewer.step_of_turn(svc.history(mid, perspective), turn)
        if not is_partial():
            return redirect(viewer.step_url(mid, step, perspective), 303)
    else:
        step = viewer.parse_step(request.args.get("step"), info.seq)
    if auth.needs_audit(who, info, perspective):
        auth.audit(kifu().redis, who, info, what="web viewer", perspective=perspective, at=step,
                   remote=request.remote_addr)
    page = step_context(svc, info, perspective, step)
    notes = visible_notes(svc, who, info, perspective)
    page.update(step_notes=[n for n in notes if n["step"] == step], can_annotate=auth.may_annotate(who, info),
                note_glyphs=GLYPHS)
    canonical = viewer.step_url(mid, step, perspective)
    if is_partial():
        response = make_response(render_template("match/_step.html", **page))
        response.headers["HX-Push-Url"] = canonical
        return varying(response)
    window = viewer.window_around(step, info.seq, moves_window())
    page.update(**window_context(svc, info, perspective, window, earlier=True, later=True),
                allowed=allowed, principal=who, notes_by_step=by_step(notes),
                perspective_links=[(p, viewer.perspective_label(p, info),
                                    # the broadcast's own head may be behind this step: open it there
                                    viewer.step_url(mid, None if p == BROADCAST and p != perspective else step, p))
                                   for p in allowed],
                can_record=any(auth.may_append(who, info, s) for s in page["seats"]),
                events_url=url_for("web.match_events", mid=mid, after=info.seq, **{"as": perspective})
                if info.status == "live" else None)
    return varying(make_response(render_template("match.html", **page)))


def step_context(svc: Any, info: Any, perspective: str, step: int) -> dict[str, Any]:
    """Everything the step partial renders: the board (``Rules.view``) and the step's line,
    from ``MatchService.view_step``."""
    shown = svc.view_step(info.id, perspective, step)
    return {
        "info": info, "mid": info.id, "perspective": perspective, "step": step, "head": info.seq,
        "view": shown.view, "game": viewer.game_context(info),
        "board_templates": viewer.board_templates(info.game), "item": shown.line,
        "turn": shown.turn, "phase": shown.phase,
        "seats": [s["id"] for s in info.header.get("seats", [])],
        "result": viewer.result_text(info), "url": viewer.step_url,
        "perspective_label": viewer.perspective_label(perspective, info),
        "is_judge_action": viewer.is_judge_action,
    }


# --- the move list, in windows --------------------------------------------------------------

def moves_window() -> int:
    return int(current_app.config.get("KIFU_MOVES_WINDOW") or viewer.MOVES_WINDOW)


def window_context(svc: Any, info: Any, perspective: str, window: viewer.MoveWindow, *,
                   earlier: bool, later: bool) -> dict[str, Any]:
    """What ``match/_window.html`` renders: the window's rows (one fold of just those
    entries) and a loader for the entries before / after it where asked and where they exist.

    Rows that continue the list below (a "later moves" load) fold one entry more, so that
    a turn already headed above is not headed again (as ``kifu.web.events`` does)."""
    if window.first > window.last:
        return {"window": window, "rows": [], "previous_turn": None, "show_earlier": False, "show_later": False}
    continues = not earlier and window.first > 1
    rows = svc.history(info.id, perspective, frm=window.first - 1 if continues else window.first, to=window.last)
    previous_turn = rows.pop(0)["turn"] if continues and rows and rows[0]["seq"] == window.first - 1 else None
    return {"window": window, "rows": rows, "previous_turn": previous_turn,
            "show_earlier": earlier and window.earlier, "show_later": later and window.later}


@bp.get("/m/<mid>/moves")
def match_moves(mid: str):
    """Part of the move list, for htmx: ``step=N`` the list's whole content with the window
    around step N (the viewer asks for it when it steps outside the rows it holds);
    ``before=S`` / ``after=S`` the window just before / after entry S, with the next loader
    (an "earlier moves" / "later moves" row replaces itself with them). Opened without htmx
    it sends the browser to the page of that step, whose list holds the same window."""
    svc, who, info, perspective, _ = looking_at(mid)
    mid = info.id
    given = [name for name in ("step", "before", "after") if request.args.get(name) not in (None, "")]
    if len(given) != 1:
        raise BadRequest({"step": ["give exactly one of step, before or after"]})
    part = given[0]
    seq = viewer.parse_step(request.args.get(part), info.seq)
    if part == "before" and seq < 1:
        raise BadRequest({"before": ["no entry comes before the set-up"]})
    if not is_partial():
        target = {"step": seq, "before": seq - 1, "after": min(seq + 1, info.seq)}[part]
        return varying(redirect(viewer.step_url(mid, target, perspective), 303))
    if auth.needs_audit(who, info, perspective):
        auth.audit(kifu().redis, who, info, what="web move list", perspective=perspective, at=seq,
                   remote=request.remote_addr)
    size = moves_window()
    if part == "step":
        ctx = window_context(svc, info, perspective, viewer.window_around(seq, info.seq, size),
                             earlier=True, later=True)
    elif part == "before":
        ctx = window_context(svc, info, perspective, viewer.window_before(seq, info.seq, size),
                             earlier=True, later=False)
    else:
        ctx = window_context(svc, info, perspective, viewer.window_after(seq, info.seq, size),
                             earlier=False, later=True)
    body = render_template("match/_window.html", **ctx, setup_row=part == "step", mid=mid, perspective=perspective,
                           step=seq if part == "step" else None, current=seq if part == "step" else None,
                           notes_by_step=by_step(visible_notes(svc, who, info, perspective)), url=viewer.step_url,
                           is_judge_action=viewer.is_judge_action)
    return varying(make_response(body))


# --- notes (annotations) ------------------------------------------------------------------

def visible_notes(svc: Any, who: auth.Principal | None, info: Any, perspective: str | None = None) -> list[dict[str, Any]]:
    """The match's notes this principal may read (``auth.may_read_notes``); for the
    broadcast only those on the steps it shows (``info`` is then the match as broadcast)."""
    if not auth.may_read_notes(who, info):
        return []
    last = info.seq if perspective == BROADCAST else None
    return [n for n in svc.notes(info.id) if auth.may_read_notes(who, info, n) and (last is None or n["step"] <= last)]


def by_step(notes: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for note in notes:
        out.setdefault(note["step"], []).append(note)
    return out


@bp.post("/m/<mid>/notes")
def match_note(mid: str):
    """Add a note at a step (the viewer's form), then back to that step (post/redirect/get).

    The API's rules: ``auth.may_annotate``, the write budget, ``MatchService.annotate``'s
    checks; any refusal writes nothing."""
    mid = check_match_id(mid)
    who = principal()
    if who is None:
        raise Forbidden("sign in with an annotator, judge or recorder token to annotate")
    svc = kifu().matches
    info = svc.info(mid)
    if not auth.may_annotate(who, info):
        raise Forbidden(f"a {who.role} token may not annotate this match")
    kifu().limiter.hit("write", f"tok:{who.token_id or who.name}")  # the same budget as the API's writes
    raw_step = request.form.get("step", "")
    if not raw_step:
        raise BadRequest({"step": ["the step the note is about"]})
    step = viewer.parse_step(raw_step, info.seq)
    perspective, _ = viewer.choose_perspective(request.form.get("as") or None, who, info)
    note = svc.annotate(mid, step=step, text=request.form.get("text", ""), glyph=request.form.get("glyph") or None,
                        by=who.name, role=who.role, author=who.token_id)
    return redirect(viewer.step_url(mid, step, perspective) + f"#step-note-{note['id']}", 303)


@bp.post("/m/<mid>/broadcast")
def match_broadcast(mid: str):
    """Set the match's own broadcast delay (the organizer), then back to the viewer; a
    refusal (a delay out of range: 422) writes nothing."""
    mid = check_match_id(mid)
    who = principal()
    if who is None or who.role != "admin":
        raise Forbidden("sign in with the organizer's (admin) token to set a broadcast delay")
    kifu().limiter.hit("write", f"tok:{who.token_id or who.name}")
    kifu().matches.set_broadcast(mid, viewer.read_delay(request.form))
    return redirect(viewer.step_url(mid, None, PUBLIC), 303)


@bp.get("/m/<mid>/export")
def match_export(mid: str):
    """The record as ``.kifu.jsonl`` for the signed-in principal (the API's rule: service.exports)."""
    who = principal()
    info, record = exports.export_for(kifu().matches, kifu().redis, who, check_match_id(mid),
                                      remote=request.remote_addr)
    response = Response(record.dumps(), mimetype="application/x-ndjson")
    response.headers["Content-Disposition"] = f'attachment; filename="{exports.filename(info)}"'
    response.headers["Cache-Control"] = "private, no-store"  # who may export changes as the match goes on
    return response


@bp.get("/m/<mid>/events")
def match_events(mid: str):
    """Server-sent events: new move-list rows and a marker for every batch of new entries."""
    svc, who, info, perspective, _ = looking_at(mid)
    mid = info.id
    after = events.resume_point(request.args.get("after"), request.headers.get("Last-Event-ID"), info.seq)
    if auth.needs_audit(who, info, perspective):
        auth.audit(kifu().redis, who, info, what="web live events", perspective=perspective,
                   remote=request.remote_addr)
    stream = events.stream(svc, mid, perspective, after,
                           render=lambda template, **ctx: render_template(template, **ctx),
                           heartbeat=current_app.config.get("KIFU_SSE_HEARTBEAT", 5.0))
    response = Response(stream_with_context(stream), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a buffering proxy would hold the events back
    return response


# --- the recording table -----------------------------------------------------------------

def recorder_at(mid: str) -> auth.Principal | None:
    """Who records at this table: a token entered for it (``signin.enter_table``), else the sign-in."""
    return signin.at_table(kifu().redis, mid)


@bp.post("/m/<mid>/table/enter")
def match_table_enter(mid: str):
    """Open a match's table with one of its tokens, staying signed in ("Record it now")."""
    mid = check_match_id(mid)
    kifu().matches.info(mid)
    token = request.form.get("token", "")
    if signin.enter_table(kifu().redis, mid, token) is None:
        limits.refuse_guesser(kifu().limiter, request.remote_addr or "unknown", token)
        raise Forbidden("that token does not open this match's table; use a recorder or player token of this match")
    return redirect(url_for("web.match_table", mid=mid), 303)


@bp.get("/m/<mid>/table")
def match_table(mid: str):
    mid = check_match_id(mid)
    who = recorder_at(mid)
    if who is None:
        return redirect(url_for("web.signin_form", next=request.full_path.rstrip("?")), 303)
    seen = request.args.get("seen", "")
    if is_partial() and seen.isdecimal() and int(seen) == kifu().matches.info(mid).seq:
        # A live refresh of a table that is already at the head (e.g. after its own entry):
        # nothing to swap, so the "recorded" notice stays.
        return varying(make_response("", 204))
    ctx = table.context(kifu().matches, who, mid, request.args.get("as"))
    recorded = request.args.get("recorded", "")
    ctx["recorded"] = int(recorded) if recorded.isdecimal() and len(recorded) < 10 else None
    ctx["oob_head"] = is_partial()
    ctx["recording_as"] = who if who is not principal() else None
    if is_partial():
        return varying(make_response(render_template("table/_table.html", **ctx)))
    return varying(make_response(render_template("table.html", principal=principal(), **ctx)))


@bp.post("/m/<mid>/table")
def match_table_submit(mid: str):
    mid = check_match_id(mid)
    who = recorder_at(mid)
    if who is None:
        raise Forbidden("sign in with a recorder or player token to record")
    svc = kifu().matches
    kifu().limiter.hit("write", f"tok:{who.token_id or who.name}")  # the same budget as the API's appends
    outcome = table.submit(svc, who, mid, request.form)
    asked = request.form.get("as") or None
    if outcome.seq is not None and not is_partial():
        # Post/redirect/get: a reload never re-posts.
        return redirect(url_for("web.match_table", mid=mid, recorded=outcome.seq,
                                **({"as": asked} if asked else {})), 303)
    ctx = table.context(svc, who, mid, asked, asking=outcome.asking, opened=outcome.opened)
    ctx.update(error=outcome.error, recorded=outcome.seq, submitted=outcome.submitted, oob_head=is_partial(),
               recording_as=who if who is not principal() else None)
    template = "table/_table.html" if is_partial() else "table.html"
    body = render_template(template, principal=principal(), **ctx)
    return varying(make_response(body, outcome.status))


# --- signing in ----------------------------------------------------------------------------

@bp.get("/signin")
def signin_form():
    return render_template("signin.html", next=signin.safe_next(request.args.get("next"), "/"),
                           principal=principal(), failed=False)


@bp.post("/signin")
def signin_submit():
    client = kifu().redis
    limiter = kifu().limiter
    target = signin.safe_next(request.form.get("next"), "/")
    token = request.form.get("token", "")
    who = signin.sign_in(client, token) if token.strip() else None
    if who is None:
        # the same failure budgets as the API's (per address and prefix); a valid token is never stopped by them
        limits.refuse_guesser(limiter, request.remote_addr or "unknown", token)
        body = render_template("signin.html", next=target, principal=None, failed=True)
        return make_response(body, 401)
    return redirect(target, 303)


@bp.post("/signout")
def signout():
    signin.sign_out(kifu().redis)
    return redirect(url_for("web.index"), 303)


# --- a new match (web/create.py) ------------------------------------------------------------

create.register(bp, kifu, principal, is_partial, varying)
