"""The recording table: the legal commands of the signed-in seat(s), and submitting one.

A submission goes through ``MatchService.submit`` (the same transact path as the API)
with the seq the table was rendered at and the command id minted with that render, so
a double click records once and a table that fell behind is refused (409) rather than
applied to a state its user never saw. A refusal re-renders the table from the fresh
state with the reason (the rulebook section for a rule violation); nothing is written.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any, Mapping

from replays.rules import OMNISCIENT, PUBLIC
from service import auth, body
from service.errors import BadRequest, Forbidden, ServiceError
from web import viewer

MAX_COMMAND_CHARS = 16 * 1024


def my_seats(principal: auth.Principal, info: Any) -> list[str]:
    return [s["id"] for s in info.header.get("seats", []) if auth.may_append(principal, info, s["id"])]


def context(svc: Any, principal: auth.Principal, mid: str, asked: str | None) -> dict[str, Any]:
    """The table for ``principal``: board, who is to act, and its seats' legal commands by phase."""
    info = svc.info(mid)
    seats = my_seats(principal, info)
    if not seats:
        raise Forbidden(f"a {principal.role} token may not record in this match; "
                        "sign in with a recorder token of this match or a player token of one of its seats")
    allowed = [p for p in auth.perspectives_for(principal, info) if p != OMNISCIENT] or seats
    if asked and asked not in allowed:
        raise Forbidden(f"the table of this match is not open to the {asked!r} perspective for a "
                        f"{principal.role} token; you may use: {', '.join(allowed)}")
    # The service decides whose commands are offered (the rules may await a seat whose role
    # is secret, senbu_rinki's 審神者 during the declaration window); what the page says
    # about who is awaited comes from the view of the perspective shown. Without a choice,
    # look from the seat the table visibly waits for (a recorder's table follows play).
    public = svc.view_step(mid, PUBLIC, line=False, seats=seats)
    perspective = asked or next((s for s in seats if s in (public.public_to_act or [])), seats[0])
    step = public if perspective == PUBLIC else svc.view_step(mid, perspective, public.step, line=False)
    live = info.status == "live"
    to_act = list(step.to_act) if live else []
    groups = []
    for listed in public.seats:
        by_type: dict[str, list[dict[str, Any]]] = {}
        for offered in listed.commands:
            command = offered["command"]
            by_type.setdefault(command.get("type", "?"), []).append({
                "json": json.dumps(command, ensure_ascii=False, sort_keys=True),
                "label": offered["label"], "needs": offered["needs"],
            })
        groups.append({"seat": listed.seat, "name": viewer.seat_names(info).get(listed.seat, listed.seat),
                       "to_act": listed.awaited, "by_type": by_type, "count": len(listed.commands)})
    return {
        "info": info, "mid": mid, "seq": step.step, "perspective": perspective, "chosen": asked or None,
        "allowed": allowed,
        "view": step.view, "game": viewer.game_context(info),
        "board_templates": viewer.board_templates(info.game), "phase": step.phase,
        "turn": step.turn, "to_act": to_act, "groups": groups,
        "command_id": secrets.token_hex(16), "result": viewer.result_text(info),
        "names": viewer.seat_names(info), "error": None, "submitted": None, "recorded": None,
        "commands": sorted(info.rules.commands), "url": viewer.step_url,
        "perspective_label": viewer.perspective_label,
    }


@dataclass
class Submitted:
    status: int = 200
    seq: int | None = None
    error: dict[str, Any] | None = None
    submitted: str | None = None


def submit(svc: Any, principal: auth.Principal, mid: str, form: Mapping[str, str]) -> Submitted:
    """Append the posted command; a refusal comes back as ``error`` (nothing was written).

    The command is read by ``service.body`` and the seat decided by ``auth.appender``,
    exactly as the API's ``POST /commands`` does."""
    raw = form.get("command", "")
    try:
        command, expected_seq, command_id = parse(form)
        info = svc.info(mid)
        actor = auth.appender(principal, info, command.get("seat"))
        result = svc.submit(mid, command, expected_seq=expected_seq, command_id=command_id,
                            actor=actor, by=principal.name)
    except ServiceError as exc:
        return Submitted(status=exc.status, error=describe_error(exc), submitted=raw)
    return Submitted(status=200, seq=result.seq)


def parse(form: Mapping[str, str]) -> tuple[dict[str, Any], int, str]:
    errors: dict[str, list[str]] = {}
    seq_raw = form.get("expected_seq", "")
    if not seq_raw.isdecimal() or len(seq_raw) > 9:
        errors["expected_seq"] = ["the table's seq is missing; reload the table"]
    command_id = form.get("command_id", "")
    if not (8 <= len(command_id) <= 64) or not command_id.isalnum():
        errors["command_id"] = ["the table's command id is missing; reload the table"]
    if errors:
        raise BadRequest(errors)
    command = body.loads(form.get("command", ""), limit=MAX_COMMAND_CHARS, what="the command")
    if not isinstance(command, dict):
        raise BadRequest({"command": ["a command is a JSON object, e.g. {\"type\": \"...\", \"seat\": \"p1\"}"]})
    return command, int(seq_raw), command_id


def describe_error(exc: ServiceError) -> dict[str, Any]:
    """What the table shows for a refusal: a title, the rule if any, the message, field errors."""
    titles = {
        "rule_violation": "Refused by the rules", "schema": "Malformed command", "bad_json": "Malformed command",
        "too_large": "Malformed command",
        "stale_seq": "The match moved on", "conflict": "The match moved on",
        "idempotency_conflict": "Already submitted", "match_over": "The match is over",
        "forbidden": "Not allowed", "not_found": "Not found",
    }
    return {"code": exc.error, "title": titles.get(exc.error, "Refused"), "message": exc.message,
            "rule": getattr(exc, "rule", None), "errors": getattr(exc, "errors", None),
            "current_seq": getattr(exc, "current_seq", None), "needs": getattr(exc, "needs", None)}
