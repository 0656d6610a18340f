"""Judging on the web: the "judge called" banner, the judge panel, case files.

Routes of the ``judging`` blueprint (registered by ``kifu.web.init_app`` beside ``web``):

- ``GET /m/<mid>/judging/banner?as=P``: the banner of the match's open case as ``P``
  reads it (htmx re-fetches it on every new entry of the live event stream);
- ``GET /m/<mid>/judge``: the judge panel (judge, head judge, admin): the cases, and
  forms to call, rule, back up, fix and penalise;
- ``POST /m/<mid>/judge``: one judge entry from any of those forms, or from the recording
  table's "Call a judge" / "Appeal" forms (``back=table``);
- ``GET /m/<mid>/cases`` and ``/m/<mid>/cases/<n>``: the case list and a case file;
- ``GET /e/<eid>/cases``: the cases of every match of an event.

Every write goes through ``kifu.service.judging.record``, the API's own path: the same rights,
the same rules, the same audit, nothing written on a refusal (shown inline, with the
rule). Who may read a case file is decided exactly as ``GET /api/matches/<id>/cases/<n>``
decides: whoever may take the omniscient perspective (judges on a live match, anyone once
a public match is finished), audited like any omniscient look at a live match.

The move list's marks (``judge_marks``) and the viewer's banner (``judge_banner``) are
template functions, so every renderer of move-list rows (the page, the htmx windows, the
live event stream) marks superseded entries from one place, ``match/_rows.html``.
"""
from __future__ import annotations

import secrets
from typing import Any, Mapping

from flask import Blueprint, Response, g, make_response, redirect, render_template, request, url_for

from kifu.replays import judging as rules_of_judging
from kifu.replays.rules import OMNISCIENT, PUBLIC, seat_ids
from kifu.service import auth
from kifu.service.broadcast import BROADCAST
from kifu.service import judging as service_judging
from kifu.service.errors import BadRequest, Forbidden, NotFound, ServiceError, Unauthorized
from kifu.service.ids import check_match_id
from kifu.web import signin, table, viewer
from kifu.web.views import error_page, guard, is_partial, kifu, principal, varying

bp = guard(Blueprint("judging", __name__))

#: entry fields each web form posts (besides ``type``); integers are parsed strictly
INTEGERS = {
    "judge_call": ("step",), "ruling": ("case",), "backup": ("to", "case"), "fix": ("case",),
    "penalty": ("case",), "appeal": ("case",),
}
TEXTS = {
    "judge_call": ("question",), "ruling": ("answer", "rule"), "backup": ("reason",),
    "fix": ("reason",), "penalty": ("seat", "infraction", "penalty", "note"), "appeal": ("reason",),
}
#: how many of the latest move-list lines the panel shows (to find the step to back up to)
PANEL_LINES = 12




# --- what every move list and viewer page reads ---------------------------------------------

@bp.app_context_processor
def _functions() -> dict[str, Any]:
    return {"judge_marks": judge_marks, "judge_banner": judge_banner}


def judge_marks(mid: str, perspective: str | None = None) -> dict[int, int]:
    """Superseded game entry seq -> the backup entry that superseded it, over the head's
    layer (``kifu.replays.judging.superseded_by``); once per match and request. The
    broadcast's are its head's: a backup after it is what the delay hides."""
    cache = g.setdefault("kifu_judge_marks", {})
    key = (mid, perspective == BROADCAST)
    if key not in cache:
        svc = kifu().matches
        if perspective == BROADCAST:
            judge = svc.judging(mid, svc.as_seen(svc.info(mid), BROADCAST).seq)
        else:
            judge = service_judging.layer_at_head(svc, mid)
        cache[key] = {seq: span["by"] for span in (judge or {}).get("superseded", ())
                      for seq in range(span["from"], span["to"] + 1)}
    return cache[key]


def judge_banner(mid: str, perspective: str) -> dict[str, Any]:
    """The banner's context for ``perspective`` at the match's head."""
    shown = kifu().matches.view_step(mid, perspective, line=False)
    return viewer.banner_context(mid, perspective, shown.view.get("judge"))


@bp.get("/m/<mid>/judging/banner")
def banner(mid: str):
    """The banner partial (htmx, on each new entry); the viewer page when opened cold.

    Not audited: it shows the judging summary only, and the event stream whose entries
    trigger it is audited when it opens."""
    info = kifu().matches.info(check_match_id(mid))
    perspective, _ = viewer.choose_perspective(request.args.get("as"), principal(), info)
    if not is_partial():
        return varying(redirect(viewer.step_url(info.id, None, perspective), 303))
    body = render_template("judging/_banner.html", banner=judge_banner(info.id, perspective), refresh=True)
    return varying(make_response(body))


# --- the judge panel ------------------------------------------------------------------------

def is_judge(who: auth.Principal | None) -> bool:
    return who is not None and who.role in rules_of_judging.JUDGES


def panel_context(mid: str, who: auth.Principal, *, error: dict[str, Any] | None = None,
                  form: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the panel renders: the cases (as judges read them), the latest lines, the
    defaults of every form (a backup goes to the open or latest case's step)."""
    svc = kifu().matches
    info = svc.info(mid)
    seq, state = svc.state(mid)
    layer = rules_of_judging.layer(state)
    summary = rules_of_judging.summary(layer, OMNISCIENT) if layer else None
    cases = (summary or {}).get("cases", [])
    current = None
    if summary and summary["open"]:
        current = cases[summary["open"] - 1]
    elif cases:
        current = cases[-1]
    zones = state.get("zones") or {}
    infractions = service_judging.infractions(kifu().redis, info)
    return {
        "info": info, "mid": mid, "seq": seq, "game": viewer.game_context(info), "result": viewer.result_text(info),
        "principal": who, "role": service_judging.role_on(who, info, kifu().redis),
        "banner": viewer.banner_context(mid, OMNISCIENT, summary), "cases": cases, "current": current,
        "superseded": (summary or {}).get("superseded", []), "penalties": (summary or {}).get("penalties", []),
        "lines": svc.history(mid, OMNISCIENT, max(1, seq - PANEL_LINES + 1), seq) if seq else [],
        "seats": seat_ids(len(info.header["seats"])), "names": viewer.seat_names(info),
        "infractions": infractions, "penalty_kinds": rules_of_judging.PENALTIES,
        "piles": sorted(zones.get("piles", {})), "paths": sorted(k for k, v in state.items()
                                                                  if isinstance(v, (dict, list))
                                                                  and k not in rules_of_judging.RESERVED),
        "command_id": secrets.token_hex(16), "error": error, "form": form or {}, "url": viewer.step_url,
        "recorded": None,
    }


@bp.get("/m/<mid>/judge")
def panel(mid: str):
    """The judge panel: judges, head judges and the organizer only (403 for anyone else)."""
    mid = check_match_id(mid)
    who = principal()
    if who is None:
        return redirect(url_for("web.signin_form", next=request.full_path.rstrip("?")), 303)
    if not is_judge(who):
        raise Forbidden(f"the judge panel is for judges; a {who.role} token may call a judge from the recording table")
    info = kifu().matches.info(mid)
    if auth.needs_audit(who, info, OMNISCIENT):
        auth.audit(kifu().redis, who, info, what="web judge panel", perspective=OMNISCIENT, remote=request.remote_addr)
    ctx = panel_context(mid, who)
    recorded = request.args.get("recorded", "")
    ctx["recorded"] = int(recorded) if recorded.isdecimal() and len(recorded) < 10 else None
    return varying(make_response(render_template("judging/panel.html", **ctx)))


def parse_place(raw: str, field: str) -> dict[str, Any]:
    """``pile:NAME`` (``pile:NAME:bottom``) or a path ``a/b/0`` into the state (digits index a list).

    >>> parse_place("pile:deck", "from"), parse_place("pile:deck:bottom", "to")
    ({'pile': 'deck'}, {'pile': 'deck', 'end': 'bottom'})
    >>> parse_place("hands/p1", "to")
    {'path': ['hands', 'p1']}
    """
    raw = raw.strip()
    if not raw:
        raise BadRequest({field: ["a place: pile:NAME (a face-down pile) or a path like hands/p1"]})
    if raw.startswith("pile:"):
        name, _, end = raw[5:].partition(":")
        return {"pile": name, **({"end": end} if end else {})}
    return {"path": [int(part) if part.isdecimal() else part for part in raw.strip("/").split("/")]}


def parse_entry(form: Mapping[str, str]) -> dict[str, Any]:
    """A judge entry from a web form (without ``seq``, ``role``, ``caller``: the server's)."""
    kind = form.get("type", "")
    if kind not in rules_of_judging.JUDGE_TYPES:
        raise BadRequest({"type": [f"one of {', '.join(rules_of_judging.JUDGE_TYPES)}"]})
    entry: dict[str, Any] = {"type": kind}
    errors: dict[str, list[str]] = {}
    for name in INTEGERS[kind]:
        raw = (form.get(name) or "").strip()
        if raw:
            if not raw.isdecimal() or len(raw) > 9:
                errors[name] = [f"a whole number, not {raw[:20]!r}"]
            else:
                entry[name] = int(raw)
    for name in TEXTS[kind]:
        value = (form.get(name) or "").strip()
        if value:
            entry[name] = value
    if kind == "fix":
        card = (form.get("card") or "").strip()
        try:
            entry["moves"] = [{"card": card, "from": parse_place(form.get("from", ""), "from"),
                               "to": parse_place(form.get("to", ""), "to")}]
        except BadRequest as exc:
            errors.update(exc.errors)
    if errors:
        raise BadRequest(errors)
    return entry


@bp.post("/m/<mid>/judge")
def record(mid: str):
    """Record one judge entry from a web form; back to the panel or the table it came from.

    A refusal (403, 400, 409, 422) re-renders that page with the reason where the form is,
    with the refusal's status; nothing was written."""
    mid = check_match_id(mid)
    # from the table, as whoever records there (a token entered for that table only)
    who = signin.at_table(kifu().redis, mid) if request.form.get("back") == "table" else principal()
    if who is None:
        raise Unauthorized("sign in with a judge token, or a player or recorder token of this match, to call a judge")
    svc = kifu().matches
    svc.info(mid)  # 404 before anything else
    kifu().limiter.hit("write", f"tok:{who.token_id or who.name}")  # the API's write budget
    back = "table" if request.form.get("back") == "table" else "panel"
    try:
        expected_seq, command_id = table.parse_ids(request.form)
        entry = parse_entry(request.form)
        result, _ = service_judging.record(svc, kifu().redis, who, mid, entry, expected_seq=expected_seq,
                                           command_id=command_id, remote=request.remote_addr)
    except ServiceError as exc:
        if back == "panel" and not is_judge(who):
            raise  # the panel is the judges': anyone else reads the plain error page
        return refused(mid, who, back, exc)
    asked = request.form.get("as") or None
    if back == "table":
        if is_partial():
            ctx = table.context(svc, who, mid, asked)
            ctx.update(recorded=result.seq, oob_head=True)
            return varying(make_response(render_template("table/_table.html", principal=who, **ctx)))
        return redirect(url_for("web.match_table", mid=mid, recorded=result.seq, **({"as": asked} if asked else {})),
                        303)
    return redirect(url_for("judging.panel", mid=mid, recorded=result.seq) + "#judge-recorded", 303)


def refused(mid: str, who: auth.Principal, back: str, exc: ServiceError) -> Response:
    error = {**table.describe_error(exc), "form": request.form.get("type")}
    if back == "table":
        ctx = table.context(kifu().matches, who, mid, request.form.get("as") or None)
        ctx.update(error=error, oob_head=is_partial(), judge_form=dict(request.form))
        template = "table/_table.html" if is_partial() else "table.html"
        return varying(make_response(render_template(template, principal=who, **ctx), exc.status))
    ctx = panel_context(mid, who, error=error, form=request.form)
    return varying(make_response(render_template("judging/panel.html", **ctx), exc.status))


# --- case files -----------------------------------------------------------------------------

def case_reader(mid: str) -> tuple[Any, auth.Principal | None]:
    """(info, principal) of someone who may read the match's case files: whoever may take
    its omniscient perspective, as the API decides (401 signed out, 403 otherwise)."""
    info = kifu().matches.info(check_match_id(mid))
    who = principal()
    if OMNISCIENT not in auth.perspectives_for(who, info):
        if who is None:
            raise Unauthorized("a case file of a live match is for judges: sign in with a judge's token")
        raise Forbidden(f"a {who.role} token may not read case files of a live match (they show every seat's hand)")
    return info, who


@bp.get("/m/<mid>/cases")
def cases(mid: str):
    """The match's cases as the caller may read them (a question only to its caller and judges)."""
    svc = kifu().matches
    info = svc.info(check_match_id(mid))
    who = principal()
    perspective = auth.widest(who, info)
    found = service_judging.cases(svc, info.id, perspective)
    return varying(make_response(render_template(
        "judging/cases.html", info=info, mid=info.id, cases=found, game=viewer.game_context(info), principal=who,
        result=viewer.result_text(info), reads_files=perspective == OMNISCIENT, is_judge=is_judge(who))))


@bp.get("/m/<mid>/cases/<int:n>")
def case(mid: str, n: int):
    """Case file ``n``: the step, the board from every perspective side by side, what each
    seat knew, the question, the rulings (the standing one marked), appeals, actions and
    what followed (struck through where a backup superseded it)."""
    info, who = case_reader(mid)
    if n < 1:
        raise BadRequest({"n": ["a case number >= 1"]})
    if auth.needs_audit(who, info, OMNISCIENT):
        auth.audit(kifu().redis, who, info, what=f"case:{n}", perspective=OMNISCIENT, remote=request.remote_addr)
    found = service_judging.case_file(kifu().matches, info.id, n)
    by_seq = {item["seq"]: item for item in found["followed"]}
    return varying(make_response(render_template(
        "judging/case.html", info=info, mid=info.id, principal=who, file=found, case=found["case"],
        boards=list(found["boards"].items()), game=viewer.game_context(info),
        board_templates=viewer.board_templates(info.game), label=lambda p: viewer.perspective_label(p, info),
        url=viewer.step_url, entry=by_seq.get, is_judge=is_judge(who), names=viewer.seat_names(info))))


@bp.get("/e/<eid>/cases")
def event_cases(eid: str):
    """Every case of every match of an event (its rounds' tables), as the caller may read them."""
    who = principal()
    state, rows = service_judging.event_cases(kifu().matches, kifu().redis, eid, who)
    for row in rows:
        row["players"] = viewer.seat_names(row["info"])
    return varying(make_response(render_template(
        "judging/event_cases.html", eid=eid, event=state, rows=rows, principal=who, perspective_public=PUBLIC)))
