"""The broadcast delay of a match or an event (``kifu.service.broadcast``): read it, set it.

Anyone reads a match's delay and where its broadcast stands (a stream needs no token);
the organizer (an admin token) sets it, on a match or on an event whose matches inherit
it unless they set their own. A write checks, in the order of ``kifu.service.api.matches``:
the id's shape (404), the token (401), the write budget (429), the body (415/413/400),
the match or event (404), the caller's right (403), then the delay itself (422); nothing
is written on any refusal.
"""
from __future__ import annotations

from flask import jsonify
from marshmallow import Schema, fields

from kifu.service.api import bp
from kifu.service.api.context import (
    count_write,
    json_body,
    kifu,
    load,
    match_id,
    require_principal,
)
from kifu.service.api.schemas import StrictSchema
from kifu.service.broadcast import BROADCAST, MAX_MINUTES, MAX_TURNS
from kifu.service.errors import Forbidden, NotFound
from kifu.service.tournaments import EventService
from kifu.service.tournaments.store import check_event_id


class DelaySchema(StrictSchema):
    # the ranges are the service's (a 422 names the field), documented here for clients
    turns = fields.Integer(strict=True, metadata={"minimum": 1, "maximum": MAX_TURNS,
                                                  "description": "whole turns behind the live head's turn"})
    minutes = fields.Integer(strict=True, metadata={"minimum": 1, "maximum": MAX_MINUTES,
                                                    "description": "minutes behind the live head's entries"})


class BroadcastRequestSchema(StrictSchema):
    delay = fields.Nested(DelaySchema, required=True, allow_none=True, metadata={
        "description": "turns and/or minutes (both: the further behind); null: none of its own"})


class BroadcastSchema(Schema):
    delay = fields.Dict(allow_none=True, required=True, metadata={"description": "the match's own delay"})
    effective = fields.Dict(allow_none=True, required=True,
                            metadata={"description": "the delay in force: the match's own, else its event's"})
    source = fields.String(allow_none=True, required=True, metadata={"description": "match, event or null"})
    head = fields.Integer(allow_none=True, required=True, metadata={
        "description": "the last step the broadcast perspective shows now (null: nothing yet, or no delay)"})
    seq = fields.Integer(required=True, metadata={"description": "the live head"})


class EventBroadcastSchema(Schema):
    delay = fields.Dict(allow_none=True, required=True,
                        metadata={"description": "the delay of the event's matches that set none of their own"})


SCHEMAS = {"Delay": DelaySchema, "BroadcastRequest": BroadcastRequestSchema, "Broadcast": BroadcastSchema,
           "EventBroadcast": EventBroadcastSchema}
_S = {name: schema() for name, schema in SCHEMAS.items()}


def _answer(info) -> dict:
    head = None
    if info.broadcast is not None:
        try:
            head = kifu().matches.as_seen(info, BROADCAST).seq
        except NotFound:
            head = None
    return _S["Broadcast"].dump({
        "delay": info.broadcast.to_json() if info.broadcast and info.broadcast_source == "match" else None,
        "effective": info.broadcast.to_json() if info.broadcast else None, "source": info.broadcast_source,
        "head": head, "seq": info.seq})


def _organizer(what: str):
    who = require_principal()
    if who.role != "admin":
        raise Forbidden(f"a {who.role} token may not set the broadcast delay of {what}; the organizer (admin) does")
    return who


@bp.get("/matches/<mid>/broadcast")
def get_broadcast(mid: str):
    return jsonify(_answer(kifu().matches.info(match_id(mid))))


@bp.put("/matches/<mid>/broadcast")
def put_broadcast(mid: str):
    mid = match_id(mid)
    _organizer("a match")
    count_write()
    body = load(_S["BroadcastRequest"], json_body())
    kifu().matches.info(mid)
    return jsonify(_answer(kifu().matches.set_broadcast(mid, body["delay"])))


@bp.get("/events/<eid>/broadcast")
def get_event_broadcast(eid: str):
    state = EventService(kifu().redis, kifu().matches).state(check_event_id(eid))
    return jsonify(_S["EventBroadcast"].dump({"delay": state.get("broadcast")}))


@bp.put("/events/<eid>/broadcast")
def put_event_broadcast(eid: str):
    check_event_id(eid)
    who = _organizer("an event")
    count_write()
    body = load(_S["BroadcastRequest"], json_body())
    state = EventService(kifu().redis, kifu().matches).set_broadcast(eid, body["delay"], by=who.name)
    return jsonify(_S["EventBroadcast"].dump({"delay": state.get("broadcast")}))


def document(spec, ok, errors, bearer, mid) -> None:
    """Register the broadcast schemas and paths on ``spec`` (an apispec ``APISpec``)."""
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)
    eid = {"name": "eid", "in": "path", "required": True,
           "schema": {"type": "string", "pattern": "^ev[0-9a-hjkmnp-tv-z]{20}$"}}
    body = {"required": True,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BroadcastRequest"}}}}
    put = {"security": bearer, "requestBody": body}
    # 422: a delay out of range (or empty) is the service's to refuse, naming the field
    spec.path(path="/api/matches/{match_id}/broadcast", parameters=[mid], operations={
        "get": {"summary": "The match's broadcast delay, the one in force (its own or its event's) and the step the "
                           "broadcast perspective shows now",
                "responses": {**ok("the broadcast", "Broadcast"), **errors(404)}},
        "put": {**put, "summary": "Set the match's own broadcast delay (admin): turns and/or minutes behind the live "
                                  "head; null: none of its own (its event's applies)",
                "responses": {**ok("set", "Broadcast"), **errors(400, 401, 403, 404, 413, 415, 422, 429)}}})
    spec.path(path="/api/events/{eid}/broadcast", parameters=[eid], operations={
        "get": {"summary": "The event's broadcast delay, which its matches inherit unless they set their own",
                "responses": {**ok("the delay", "EventBroadcast"), **errors(404)}},
        "put": {**put, "summary": "Set the event's broadcast delay (admin); null: none",
                "responses": {**ok("set", "EventBroadcast"), **errors(400, 401, 403, 404, 409, 413, 415, 422, 429)}}})


def exact_bodies(components: dict) -> None:
    """The request's ``delay`` as exactly what it takes: a ``Delay`` or null (apispec would
    give null as any object)."""
    delay = components["BroadcastRequest"]["properties"]["delay"]
    components["BroadcastRequest"]["properties"]["delay"] = {
        **{k: v for k, v in components["Delay"].items()}, "nullable": True, "description": delay["description"]}
