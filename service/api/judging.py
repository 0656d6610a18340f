"""Judging: record a judge entry, list a match's cases, read a case file.

A write checks, in the order of ``kifu.service.api.matches``: the match id (404), the token
(401), the write budget (429), the body (415/413/400), the match (404), the caller's right
to record that entry (403), then the match service (422 when judging's rules refuse it,
409 for a stale seq or a finished match); nothing is written on any refusal. Every
judge entry is audited (``GET /api/audit``).
"""
from __future__ import annotations

from flask import jsonify
from marshmallow import Schema, fields, validate

from kifu.replays.rules import OMNISCIENT
from kifu.service import auth
from kifu.service import judging as service_judging
from kifu.service.api import bp
from kifu.service.api.context import client_ip, count_write, json_body, kifu, load, match_id, principal, require_principal
from kifu.service.errors import BadRequest, Forbidden, Unauthorized


class JudgeRequestSchema(Schema):
    """``POST /api/matches/{id}/judge``: one judge entry (``kifu.replays.judging``'s contract,
    without ``seq``, ``role`` and ``caller``, which the server fills in)."""

    entry = fields.Dict(required=True, metadata={"description": "the judge entry: {type: judge_call | ruling | "
                                                                "backup | fix | penalty | appeal, ...}"})
    expected_seq = fields.Integer(strict=True, validate=validate.Range(min=0), load_default=None,
                                  metadata={"description": "the head the caller saw (default: the current one)"})
    command_id = fields.String(validate=validate.Regexp(r"^[A-Za-z0-9_.:-]{1,64}$"), load_default=None)


class JudgeResultSchema(Schema):
    seq = fields.Integer(required=True)
    state_hash = fields.String(required=True)
    chain = fields.String(required=True)
    duplicate = fields.Boolean(required=True)
    command = fields.Dict(required=True)
    case = fields.Integer(allow_none=True)


REQUEST = JudgeRequestSchema()
RESULT = JudgeResultSchema()


def _perspective(who, info) -> str:
    """The most a caller may read of the match's cases (a judge: everything)."""
    return auth.widest(who, info)


@bp.post("/matches/<mid>/judge")
def post_judge(mid: str):
    """Record a judge entry: 201 with the entry, its seq and, for a call, its case number."""
    mid = match_id(mid)
    who = require_principal()
    count_write()
    body = load(REQUEST, json_body())
    kifu().matches.info(mid)  # 404 before any rights are weighed
    result, command = service_judging.record(
        kifu().matches, kifu().redis, who, mid, body["entry"], expected_seq=body["expected_seq"],
        command_id=body["command_id"], remote=client_ip())
    case = command.get("case")
    if command["type"] == "judge_call":
        case = len(service_judging.cases(kifu().matches, mid, OMNISCIENT))
    return jsonify(RESULT.dump({**result.to_json(), "command": command, "case": case,
                                "duplicate": result.duplicate})), 201


@bp.get("/matches/<mid>/cases")
def get_cases(mid: str):
    """The match's cases, as the caller may read them (a question only to its caller and judges)."""
    info = kifu().matches.info(match_id(mid))
    found = service_judging.cases(kifu().matches, info.id, _perspective(principal(), info))
    return jsonify({"match": info.id, "cases": found})


@bp.get("/matches/<mid>/cases/<int:n>")
def get_case(mid: str, n: int):
    """Case file ``n``: every perspective's board at its step, what each seat knew, the
    rulings and what followed. Judges and the organizer (the omniscient record), or anyone
    once the match is finished and public."""
    info = kifu().matches.info(match_id(mid))
    who = principal()
    if OMNISCIENT not in auth.perspectives_for(who, info):
        if who is None:
            raise Unauthorized("a case file of a live match needs a judge's token")
        raise Forbidden(f"a {who.role} token may not read case files (they show every seat's hand)")
    if n < 1:
        raise BadRequest({"n": ["a case number >= 1"]})
    if auth.needs_audit(who, info, OMNISCIENT):
        auth.audit(kifu().redis, who, info, what=f"case:{n}", perspective=OMNISCIENT, remote=client_ip())
    found = service_judging.case_file(kifu().matches, info.id, n)
    found["boards"] = {p: {"view": v.view, "turn": v.turn, "phase": v.phase, "to_act": v.to_act}
                       for p, v in found["boards"].items()}
    return jsonify(found)


@bp.get("/events/<eid>/cases")
def get_event_cases(eid: str):
    """Every case of every match of an event, as the caller may read them."""
    _, rows = service_judging.event_cases(kifu().matches, kifu().redis, eid, principal())
    return jsonify({"event": eid, "matches": [
        {"match": r["info"].id, "round": r["round"], "table": r["table"], "cases": r["cases"]} for r in rows]})
