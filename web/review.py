"""The review studio on the web (issue 15): shapes on every board, variations, studies, embeds.

Routes of the ``review`` blueprint (registered by ``kifu.web.init_app`` beside ``web``):

- the viewer's review panel (``review/_panel.html``, included by ``match/_stage.html``
  through the ``review_panel`` template function): this step's shapes (drawn by
  ``static/review.js`` as an SVG over the board), its variations, note edit/delete
  forms, "add to a study";
- ``POST /m/<mid>/shapes``: save the shapes drawn on one step's board;
- ``POST /m/<mid>/review/notes``: edit or delete a note (the stream stays append-only);
- ``GET /m/<mid>/notes/live?step=N&since=V``: the viewer's notes, polled while the page
  is open (``kifu.service.review.live`` says why a poll), 204 while unchanged;
- ``GET /m/<mid>/v/new?step=N``: play a variation: the legal commands of the seats to
  act on the draft's omniscient state as buttons (the draft travels in the form);
  ``POST /m/<mid>/v``: save it; ``GET /m/<mid>/v/<vid>?step=N&as=P``: step through it;
- ``GET /studies``, ``POST /studies``, ``GET /s/<sid>?ch=N``, ``POST /s/<sid>/chapters``;
- ``GET /embed/m/<mid>?step=N&as=P``: one step's board without the chrome, for iframes
  (the only route whose CSP lets any page frame it).

Every right is ``kifu.service.review.access`` / ``kifu.service.auth``'s, as in the API.
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, current_app, g, make_response, redirect, render_template, request, url_for

from kifu.replays.rules import OMNISCIENT, PUBLIC
from kifu.service import auth
from kifu.service.errors import BadRequest, Forbidden, NotFound
from kifu.service.ids import check_match_id
from kifu.service.review import Review, access, live, studies
from kifu.service.review.service import public_variation, stream_id
from kifu.web import viewer
from kifu.web.views import CSP, error_page, guard, kifu, principal, varying

bp = guard(Blueprint("review", __name__))

EMBED_CSP = CSP.replace("frame-ancestors 'none'", "frame-ancestors *")
MAX_BUTTONS = 300




def review() -> Review:
    return Review(kifu().matches)


def _writer(who: auth.Principal) -> dict[str, Any]:
    return {"by": who.name, "role": who.role, "author": who.token_id}


def _signed_in() -> auth.Principal:
    who = principal()
    if who is None:
        raise Forbidden("sign in to do this")
    kifu().limiter.hit("write", f"tok:{who.token_id or who.name}")  # the API's write budget
    return who


# --- the viewer's panel ---------------------------------------------------------------------

@bp.app_context_processor
def _functions() -> dict[str, Any]:
    return {"review_panel": review_panel}


def review_panel(mid: str, step: int, perspective: str) -> dict[str, Any]:
    """What the viewer's review panel shows at one step, for the signed-in principal."""
    who = principal()
    info = kifu().matches.info(mid)
    rv = review()
    shapes: list[dict[str, Any]] = []
    if auth.may_read_notes(who, info):
        shapes = [s for s in rv.shape_sets(mid) if s["step"] == step and s["perspective"] == perspective
                  and access.may_read_shapes(who, info, s)]
    lines = [public_variation(v) for v in rv.variations(mid) if v["step"] == step] \
        if access.may_read_variations(who, info) else []
    notes = [n for n in kifu().matches.notes(mid) if n["step"] == step and auth.may_read_notes(who, info, n)]
    mine = [n for n in notes if auth.may_annotate(who, info, n)]
    own_studies = [s for s in studies.Studies(kifu().redis, kifu().matches.clock).list()
                   if access.may_change_study(who, s)] if access.may_make_study(who) else []
    return {
        "mid": mid, "step": step, "perspective": perspective,
        # inside a <script type="application/json">: no "<" may close it
        "shapes_json": json.dumps([{"note": s.get("note"), "shapes": s["shapes"]} for s in shapes]).replace("<", "\\u003c"),
        "can_draw": access.may_write_shapes(who, info, perspective),
        "can_vary": access.may_write_variations(who, info), "variations": lines,
        "editable_notes": mine, "studies": own_studies,
        "live_notes": url_for("review.live_notes", mid=mid, step=step) if auth.may_read_notes(who, info) else None,
        "poll_seconds": poll_seconds(), "embed": url_for("review.embed", mid=mid, step=step,
                                                                       **{"as": perspective}),
    }


@bp.post("/m/<mid>/shapes")
def save_shapes(mid: str):
    """The shapes drawn on one step's board (``review.js`` posts them as JSON in a form field)."""
    mid = check_match_id(mid)
    who = _signed_in()
    info = kifu().matches.info(mid)
    perspective = request.form.get("as") or PUBLIC
    if not access.may_write_shapes(who, info, perspective):
        raise Forbidden(f"a {who.role} token may not draw on the {perspective} board of this match")
    step = viewer.parse_step(request.form.get("step") or "", info.seq)
    try:
        shapes = json.loads(request.form.get("shapes") or "[]")
    except ValueError:
        raise BadRequest({"shapes": ["a JSON list of shapes"]}) from None
    note = request.form.get("note") or None
    made = review().set_shapes(mid, step=step, perspective=perspective, shapes=shapes, note=note, **_writer(who))
    return varying(make_response({"id": made["id"], "shapes": made["shapes"]}, 201))


@bp.post("/m/<mid>/review/notes")
def change_note(mid: str):
    """Edit or delete a note from the viewer; back to its step."""
    mid = check_match_id(mid)
    who = _signed_in()
    svc = kifu().matches
    info = svc.info(mid)
    if not auth.may_annotate(who, info):
        raise Forbidden(f"a {who.role} token may not annotate this match")
    note_id = request.form.get("note", "")

    def authorize(note):
        if not auth.may_read_notes(who, info, note):
            raise NotFound(f"no note {note['id']} in match {mid}")
        if not auth.may_annotate(who, info, note):
            raise Forbidden("only a note's author or a judge may change it")

    delete = request.form.get("action") == "delete"
    note = svc.annotate(mid, step=None, text=None if delete else request.form.get("text", ""),
                        glyph=None if delete else (request.form.get("glyph") or None), replaces=note_id,
                        delete=delete, authorize=authorize, **_writer(who))
    perspective, _ = viewer.choose_perspective(request.form.get("as") or None, who, info)
    return redirect(viewer.step_url(mid, note["step"], perspective), 303)


def poll_seconds() -> float:
    return float(current_app.config.get("KIFU_NOTES_POLL_SECONDS") or live.POLL_SECONDS)


@bp.get("/m/<mid>/notes/live")
def live_notes(mid: str):
    """The notes of the viewer's page, for its poll: the step's list and every step's glyphs
    and list for the move list (``review.js`` puts them in place), rendered for this
    reader; 204 when the notes stream has not moved since ``since`` (the version the
    page's last answer carried)."""
    mid = check_match_id(mid)
    who = principal()
    svc = kifu().matches
    info = svc.info(mid)
    step = viewer.parse_step(request.args.get("step") or "0", info.seq)
    since = request.args.get("since", "")
    if since and not stream_id(since):
        raise BadRequest({"since": ["a notes version like 1732890000000-0, or empty"]})
    if not auth.may_read_notes(who, info):
        raise Forbidden("this match's notes are not open to you")
    version = live.notes_version(kifu().redis, mid)  # before the notes: a note written meanwhile shows next time
    if version == since:
        response = make_response("", 204)
    else:
        notes = [n for n in svc.notes(mid) if auth.may_read_notes(who, info, n)]
        by_step: dict[int, list[dict[str, Any]]] = {}
        for note in notes:
            by_step.setdefault(note["step"], []).append(note)
        response = make_response(render_template(
            "review/_live_notes.html", url=url_for("review.live_notes", mid=mid, step=step, since=version),
            poll_seconds=poll_seconds(), step_notes=by_step.get(step, []), by_step=sorted(by_step.items())))
    response.headers["Cache-Control"] = "private, no-store"  # per reader, and stale in seconds
    return response


# --- variations -----------------------------------------------------------------------------

def _readable(mid: str):
    who = principal()
    info = kifu().matches.info(check_match_id(mid))
    if not access.may_read_variations(who, info):
        raise Forbidden("variations show the omniscient state: judges, and everyone once a public match is over")
    return who, info


def _draft(raw: str | None) -> list[dict[str, Any]]:
    try:
        commands = json.loads(raw or "[]")
    except ValueError:
        raise BadRequest({"commands": ["a JSON list of commands"]}) from None
    if not isinstance(commands, list):
        raise BadRequest({"commands": ["a JSON list of commands"]})
    return commands


@bp.route("/m/<mid>/v/new", methods=["GET", "POST"])
def new_variation(mid: str):
    """Play a variation from ``step``: each legal command of the seats to act is a button that
    adds it to the draft (checked again by the rules on every request)."""
    who, info = _readable(mid)
    if not access.may_write_variations(who, info):
        raise Forbidden("only annotators, judges and admins with the omniscient view play variations")
    from kifu.service.review import variations

    data = request.form if request.method == "POST" else request.args
    step = viewer.parse_step(data.get("step") or "0", info.seq)
    commands = _draft(data.get("commands"))
    if request.method == "POST" and data.get("add") is not None:
        commands.append(_draft("[" + data.get("add", "") + "]")[0])
    if request.method == "POST" and data.get("undo") is not None and commands:
        commands.pop()
    seed = data.get("seed") or variations.new_seed()
    st = kifu().matches._static(info.id)
    _, base = kifu().matches.state(info.id, step)
    error = None
    try:
        played = variations.play(st.rules, base, commands, seed)
    except variations.VariationRejected as exc:
        error = exc.message
        commands = commands[:exc.index]
        played = variations.play(st.rules, base, commands, seed)
    state = played.state_at(len(commands))
    rules = st.rules
    buttons = []
    for seat in rules.to_act(state):
        for command in list(rules.legal(state, seat))[:MAX_BUTTONS]:
            buttons.append({"seat": seat, "label": rules.label(state, command, seat), "json": json.dumps(command)})
    lines = [rules.describe(played.state_at(i), c, played.state_at(i + 1), OMNISCIENT)
             for i, c in enumerate(commands)]
    return render_template("review/new.html", info=info, mid=info.id, step=step, commands=json.dumps(commands),
                           seed=seed, lines=lines, buttons=buttons, error=error, principal=who,
                           view=rules.view(state, OMNISCIENT), game=viewer.game_context(info),
                           perspective=OMNISCIENT, board_templates=viewer.board_templates(info.game))


@bp.post("/m/<mid>/v")
def save_variation(mid: str):
    who = _signed_in()
    info = kifu().matches.info(check_match_id(mid))
    if not access.may_write_variations(who, info):
        raise Forbidden("only annotators, judges and admins with the omniscient view save variations")
    step = viewer.parse_step(request.form.get("step") or "", info.seq)
    made = review().add_variation(info.id, step=step, commands=_draft(request.form.get("commands")),
                                  title=request.form.get("title") or None, seed=request.form.get("seed") or None,
                                  **_writer(who))
    return redirect(url_for("review.variation", mid=info.id, vid=made["id"]), 303)


@bp.get("/m/<mid>/v/<vid>")
def variation(mid: str, vid: str):
    """A variation stepped like the main line: ``step`` counts its commands (0: its base step)."""
    who, info = _readable(mid)
    perspective, allowed = viewer.choose_perspective(request.args.get("as") or OMNISCIENT, who, info)
    rv = review()
    found = rv.variation(info.id, vid)
    length = len(found["commands"])
    raw = request.args.get("step")
    at = length if raw in (None, "") else viewer.parse_step(raw, length)
    if auth.needs_audit(who, info, perspective):
        auth.audit(kifu().redis, who, info, what=f"web variation {vid}", perspective=perspective,
                   at=found["step"], remote=request.remote_addr)
    shown = rv.variation_step(info.id, found, perspective, at)
    main = kifu().matches.history(info.id, perspective, max(1, found["step"] - 5), found["step"])
    return varying(make_response(render_template(
        "review/variation.html", info=info, mid=info.id, v=shown["variation"], at=at, length=length,
        shown=shown, main=main, perspective=perspective, allowed=allowed, principal=who,
        view=shown["view"], game=viewer.game_context(info), board_templates=viewer.board_templates(info.game))))


# --- studies --------------------------------------------------------------------------------

def shelf() -> studies.Studies:
    return studies.Studies(kifu().redis, kifu().matches.clock)


def _may_see(who):
    return lambda info: PUBLIC in auth.perspectives_for(who, info)


@bp.get("/studies")
def study_list():
    who = principal()
    found = [s for s in shelf().list() if access.may_read_study(who, s)]
    return render_template("review/studies.html", studies=found, principal=who,
                           can_make=access.may_make_study(who))


@bp.post("/studies")
def study_create():
    who = _signed_in()
    if not access.may_make_study(who):
        raise Forbidden(f"a {who.role} token may not make studies")
    study = shelf().create(title=request.form.get("title"), public=request.form.get("public") == "on",
                           owner=who.name)
    return redirect(url_for("review.study", sid=study["id"]), 303)


@bp.post("/s/<sid>/chapters")
def study_chapter(sid: str):
    """Add a chapter (a match's step) to a study the signed-in principal owns."""
    who = _signed_in()
    study = shelf().get(studies.check_study_id(sid))
    if not access.may_change_study(who, study):
        raise Forbidden("only a study's owner or an admin may change it")
    raw_step = request.form.get("step") or ""
    chapter = {"match": request.form.get("match"), "as": request.form.get("as") or None,
               "title": request.form.get("title") or None, "variation": request.form.get("variation") or None}
    if raw_step:
        if not raw_step.isdecimal() or len(raw_step) > 9:
            raise BadRequest({"step": ["a whole number"]})
        chapter["step"] = int(raw_step)
    checked = studies.check_chapter(kifu().matches, {k: v for k, v in chapter.items() if v is not None},
                                    _may_see(who))
    changed = shelf().change(study["id"], lambda s: studies.add_chapter(s, checked))
    return redirect(url_for("review.study", sid=study["id"], ch=changed["chapters"][-1]["id"]), 303)


@bp.post("/studies/chapters")
def viewer_chapter():
    """The viewer's "add this step to a study" form (the study is one of its fields)."""
    return study_chapter(request.form.get("study") or "")


@bp.get("/s/<sid>")
def study(sid: str):
    """A study: its chapters, one open (``ch``), drawn as the reader may see its match."""
    who = principal()
    found = shelf().get(studies.check_study_id(sid))
    if not access.may_read_study(who, found):
        raise NotFound(f"no study {sid}")
    chapters = found["chapters"]
    raw = request.args.get("ch")
    index = 0
    if raw:
        index = studies.chapter_index(found, int(raw) if raw.isdecimal() and len(raw) < 9 else -1)
    chapter = chapters[index] if chapters else None
    page: dict[str, Any] = {"study": found, "chapters": chapters, "chapter": chapter, "index": index,
                            "principal": who, "can_change": access.may_change_study(who, found)}
    if chapter is not None:
        page.update(_chapter_board(who, chapter))
    return render_template("review/study.html", **page)


def _chapter_board(who, chapter: dict[str, Any]) -> dict[str, Any]:
    svc = kifu().matches
    info = svc.info(chapter["match"])
    allowed = auth.perspectives_for(who, info)
    perspective = chapter["as"] if chapter["as"] in allowed else PUBLIC
    if PUBLIC not in allowed:
        return {"hidden": True}
    shown = svc.view_step(info.id, perspective, chapter["step"])
    notes = [n for n in svc.notes(info.id) if n["step"] == chapter["step"] and auth.may_read_notes(who, info, n)]
    return {"info": info, "mid": info.id, "perspective": perspective, "view": shown.view, "item": shown.line,
            "game": viewer.game_context(info), "board_templates": viewer.board_templates(info.game),
            "notes": notes, "panel": review_panel(info.id, chapter["step"], perspective),
            "viewer_url": viewer.step_url(info.id, chapter["step"], perspective)}


# --- the embed ------------------------------------------------------------------------------

@bp.get("/embed/m/<mid>")
def embed(mid: str):
    """One step's board without the chrome, for an iframe on any site."""
    who = principal()
    info = kifu().matches.info(check_match_id(mid))
    perspective, _ = viewer.choose_perspective(request.args.get("as") or None, who, info)
    info = kifu().matches.as_seen(info, perspective)  # a broadcast embed stops at its head
    step = viewer.parse_step(request.args.get("step"), info.seq)
    if auth.needs_audit(who, info, perspective):
        auth.audit(kifu().redis, who, info, what="web embed", perspective=perspective, at=step,
                   remote=request.remote_addr)
    shown = kifu().matches.view_step(info.id, perspective, step)
    body = render_template("review/embed.html", info=info, mid=info.id, step=step, perspective=perspective,
                           view=shown.view, item=shown.line, game=viewer.game_context(info),
                           board_templates=viewer.board_templates(info.game),
                           panel=review_panel(info.id, step, perspective),
                           viewer_url=viewer.step_url(info.id, step, perspective))
    response = make_response(body)
    response.headers["Content-Security-Policy"] = EMBED_CSP
    return varying(response)
