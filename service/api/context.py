"""Per-request helpers of the API: the caller, its limits, and its validated input.

Everything here runs before a view touches the store, so a request that fails here has
written nothing (except rate-limit counters, which are not data).
"""
from __future__ import annotations

from typing import Any, Mapping

from flask import current_app, g, request
from marshmallow import Schema, ValidationError

from kifu.replays.rules import perspectives as all_perspectives
from kifu.service import auth, body, limits
from kifu.service.api.errors import UnsupportedMediaType
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import BadRequest, Forbidden, NotInMatch, TooLarge, Unauthorized
from kifu.service.ids import check_match_id


def kifu():
    """The ``Kifu`` extension object of the current app."""
    return current_app.extensions["kifu"]


def client_ip() -> str:
    return request.remote_addr or "unknown"


def _caller_ident() -> str:
    principal = g.get("principal")
    if principal is not None:
        return "tok:" + (principal.token_id or principal.name)
    return "ip:" + client_ip()


def principal() -> auth.Principal | None:
    """The bearer token's principal (None when anonymous); a bad token is a 401, not public.

    A valid token is counted against its own budget; unknown ones against their client
    address's and prefix's (``limits.check_token``), so a guesser stops nobody else.
    """
    if "principal" in g:
        return g.principal
    header = request.headers.get("Authorization")
    if header is None:
        g.principal = None
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <token>'")
    found = limits.check_token(kifu().limiter, kifu().redis, client_ip(), token)
    g.principal = found
    return found


def require_principal() -> auth.Principal:
    found = principal()
    if found is None:
        raise Unauthorized("this needs a bearer token (Authorization: Bearer <token>)")
    return found


def count_write() -> None:
    """One write against the caller's write budget (per token, else per IP)."""
    kifu().limiter.hit("write", _caller_ident())


def read_body(limit: int) -> bytes:
    """The whole request body, or 413 if it is longer than ``limit`` bytes.

    Werkzeug refuses a declared Content-Length above its limit, but a chunked body
    (no Content-Length) it merely stops reading at the limit: the cut-off prefix of a
    record can be a valid shorter record. So read one byte more and refuse if it came.
    """
    request.max_content_length = limit + 1
    raw = request.get_data(cache=True)
    if len(raw) > limit:
        raise TooLarge(f"the body is larger than {limit} bytes")
    return raw


def json_body(*, max_bytes: int | None = None) -> dict[str, Any]:
    """The request body as a JSON object (``kifu.service.body``, which the recording table's
    command goes through too): 415 for another content type, 413 when too large, 400 for
    malformed JSON, floats, NaN, too deep a nesting, a lone surrogate or a non-object."""
    limit = max_bytes or current_app.config["KIFU_MAX_BODY"]
    request.max_content_length = limit + 1
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(f"send Content-Type: application/json (got {request.mimetype or 'none'!r})")
    return body.loads_object(read_body(limit), limit=limit)


def load(schema: Schema, data: Mapping[str, Any]) -> dict[str, Any]:
    """Validate with a marshmallow schema; field errors become a 400 ``schema`` error."""
    try:
        return schema.load(data)
    except ValidationError as exc:
        errors = exc.messages if isinstance(exc.messages, dict) else {"_schema": exc.messages}
        raise BadRequest(errors) from None


def query(schema: Schema) -> dict[str, Any]:
    """Query arguments through ``schema``; a repeated argument is an error, not a guess."""
    data: dict[str, Any] = {}
    for key in request.args:
        values = request.args.getlist(key)
        if len(values) > 1:
            raise BadRequest({key: ["given more than once"]})
        data[key] = values[0]
    return load(schema, data)


def match_id(mid: str) -> str:
    return check_match_id(mid)


def perspective(info: Any, asked: str) -> str:
    """``asked`` if the caller may see the match that way: 400 unknown, 401/403 not allowed.

    A judge's (or admin's) omniscient look at a live match is written to the audit log.
    """
    players = len(info.header["seats"])
    known = [*all_perspectives(players), BROADCAST]
    if asked not in known:
        raise NotInMatch({"as": [f"unknown perspective {asked!r}; one of {', '.join(known)}"]})
    who = principal()
    if asked not in auth.perspectives_for(who, info):
        offered = ", ".join(auth.perspectives_for(who, info))
        if asked == BROADCAST:
            raise Forbidden(f"match {info.id} has no broadcast: its organizer has set no broadcast delay "
                            f"(PUT /api/matches/{info.id}/broadcast); offered: {offered}")
        if who is None:
            raise Unauthorized(f"the {asked} view of this match needs a token")
        raise Forbidden(f"a {who.role} token may not see the {asked} view of this match; offered: {offered}")
    return asked


def audit_if_needed(info: Any, asked: str, *, what: str, at: int | None = None) -> None:
    who = principal()
    if auth.needs_audit(who, info, asked):
        auth.audit(kifu().redis, who, info, what=what, perspective=asked, at=at, remote=client_ip())
