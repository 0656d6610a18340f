"""The OpenAPI 3 document of ``/api/``, built with apispec from the same marshmallow
schemas the views validate and dump with, so the document cannot drift from the code's
field names. Paths are declared here, next to each other, as a reader's table of the API.

Documenting a route so that tests/service/test_schemathesis.py (Schemathesis against the
real ``kifu serve``, run on every operation in this document) passes: give its query,
path and body schemas the exact validators the view loads them with (``schemas.py``:
patterns such as ``SEAT_ID``, ``PERSPECTIVE``, ``STREAM_ID``, ``CURSOR``, ranges, enums;
unknown fields refused); list every status it answers with ``_ok`` / ``_errors`` (the edge
statuses are added to every operation below); answer a well-formed value that only the
store can refuse (a seat or step this match lacks) with ``NotInMatch`` (400
``not_in_match``), a state it is not in with 409/422, never with a plain 400. A route
whose path has ``{match_id}`` is fuzzed against real matches automatically.
"""
from __future__ import annotations

from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from service.api import judging
from service.api import schemas as s

OPENAPI_VERSION = "3.0.3"

SCHEMAS = {
    "Error": s.ErrorSchema, "Health": s.HealthSchema, "Game": s.GameSchema, "Games": s.GamesSchema,
    "Match": s.MatchSchema, "CreatedMatch": s.CreatedMatchSchema, "MatchList": s.MatchListSchema,
    "State": s.StateSchema, "Legal": s.LegalSchema, "AppendResult": s.AppendResultSchema,
    "Entry": s.EntrySchema, "Entries": s.EntriesSchema, "CreateMatch": s.CreateMatchSchema,
    "CommandRequest": s.CommandRequestSchema, "Audit": s.AuditSchema,
    "Note": s.NoteSchema, "Notes": s.NotesSchema, "NoteRequest": s.NoteRequestSchema,
    "JudgeRequest": judging.JudgeRequestSchema, "JudgeResult": judging.JudgeResultSchema,
}

ERRORS = {
    400: "malformed request (`bad_json`, `schema` with field `errors`; `bad_request`: a request line or header "
         "the HTTP server cannot parse)",
    401: "a bearer token is needed, or the one given is unknown (`unauthorized`)",
    403: "the token may not do this (`forbidden`)",
    404: "no such match (`not_found`); a malformed id is a 404 too",
    409: "`stale_seq`, `idempotency_conflict`, `conflict` or `match_over`, with `current_seq`; "
         "`import_conflict`, with `match_id`; `not_ready` (an event's round still playing, nothing left to pair)",
    413: "body too large (`too_large`)",
    415: "wrong content type (`unsupported_media_type`)",
    422: "`rule_violation` with `rule` (the rulebook section) and, at a physical or observed table, `needs` (the "
         "chance outcome missing or impossible, with every possible one); or `unverifiable` with `divergence`",
    429: "rate limited (`rate_limited`), with a Retry-After header",
    414: "the request line (method and URL) is too long (`uri_too_long`)",
    431: "too many request headers, or one too large (`headers_too_large`)",
    500: "internal error (`internal`); the operator's log has the details",
    503: "the store is unreachable for a moment (`unavailable`, with a Retry-After header), e.g. while the "
         "embedded Redis is being restarted; retry the same request (appends are idempotent by `command_id`)",
    501: "`rules_unavailable`: this kifu lacks the match's game, card set or rules version (`rules_version` names "
         "the version it needs)",
}

#: the media types ``POST /api/import`` reads (service.api.records.RECORD_TYPES)
RECORD_TYPES = ("application/x-ndjson", "text/plain")
RECORD_BODY = ("the record as JSON Lines (UTF-8): the header object on the first line, then one entry object per "
               "line, exactly as `GET .../export` or `kifu export` wrote it (docs/record-format.md); a record that "
               "does not verify is 422 `unverifiable`, one that is not JSON Lines 400")

MID = {"name": "match_id", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[0-9a-hjkmnp-tv-z]{20}$"}}
BEARER = [{"bearer": []}]
CASE = {"name": "n", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}


def _json(ref: str) -> dict[str, Any]:
    return {"application/json": {"schema": ref}}


def _ok(description: str, ref: str, status: int = 200) -> dict[int, Any]:
    return {status: {"description": description, "content": _json(ref)}}


def _errors(*codes: int) -> dict[int, Any]:
    return {code: {"description": ERRORS[code], "content": _json("Error")} for code in codes}


def document(version: str) -> dict[str, Any]:
    spec = APISpec(
        title="kifu", version=version, openapi_version=OPENAPI_VERSION, plugins=[MarshmallowPlugin()],
        info={"description": "Event-sourced game records for tabletop card games: record, verify, replay. "
                             "Errors are JSON {error, message, ...} with stable codes."},
        servers=[{"url": "/"}],
    )
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)

    spec.path(path="/api/health", operations={"get": {
        "summary": "Liveness and the store's reachability",
        "responses": {**_ok("healthy", "Health"), 503: {"description": "Redis unreachable",
                                                         "content": _json("Health")}}}})
    spec.path(path="/api/games", operations={"get": {
        "summary": "Registered games, each with the card sets a match may name (demo and imported)",
        "responses": _ok("the games", "Games")}})
    spec.path(path="/api/openapi.json", operations={"get": {
        "summary": "This document", "responses": {200: {"description": "OpenAPI 3 document",
                                                        "content": {"application/json": {"schema": {"type": "object"}}}}}}})
    spec.path(path="/api/matches", operations={
        "get": {
            "summary": "Matches, newest first (the public sees public matches)",
            "parameters": [{"in": "query", "schema": s.ListQuerySchema}],
            "responses": {**_ok("a page of matches; `next` is the cursor of the next page", "MatchList"),
                          **_errors(400, 401, 429)},
        },
        "post": {
            "summary": "Create a match (admin): at a digital, physical or observed `table`, with a card set, "
                       "deck lists in `options` and, at a physical or observed table, the set-up's `deal`",
            "security": BEARER,
            "requestBody": {"required": True, "content": _json("CreateMatch")},
            "responses": {**_ok("created; `tokens` holds one player token per seat and a recorder token",
                                "CreatedMatch", 201), **_errors(400, 401, 403, 413, 415, 422, 429)},
        },
    })
    spec.path(path="/api/matches/{match_id}", parameters=[MID], operations={"get": {
        "summary": "Header, seq, status, head chain and outcome",
        "responses": {**_ok("the match", "Match"), **_errors(404)}}})
    spec.path(path="/api/matches/{match_id}/state", parameters=[MID], operations={"get": {
        "summary": "The state after entry `at` (default: the head) as perspective `as` sees it",
        "parameters": [{"in": "query", "schema": s.StateQuerySchema}],
        "responses": {**_ok("the view", "State"), **_errors(400, 401, 403, 404, 501)}}})
    spec.path(path="/api/matches/{match_id}/legal", parameters=[MID], operations={"get": {
        "summary": "Every command seat `as` may post now, exactly as it can be posted: at a physical or "
                   "observed table a chance command once per possible outcome (to those who may record the seat)",
        "parameters": [{"in": "query", "schema": s.LegalQuerySchema}],
        "responses": {**_ok("legal commands", "Legal"), **_errors(400, 401, 403, 404, 501)}}})
    spec.path(path="/api/matches/{match_id}/commands", parameters=[MID], operations={"post": {
        "summary": "Append one command at `expected_seq` (idempotent by `command_id`)", "security": BEARER,
        "requestBody": {"required": True, "content": _json("CommandRequest")},
        "responses": {**_ok("recorded", "AppendResult", 201),
                      **_ok("this command id was already recorded with this command: the original answer",
                            "AppendResult", 200),
                      **_errors(400, 401, 403, 404, 409, 413, 415, 422, 429, 501)}}})
    spec.path(path="/api/matches/{match_id}/entries", parameters=[MID], operations={"get": {
        "summary": "Entries `from`..`to`, commands redacted for perspective `as`",
        "parameters": [{"in": "query", "schema": s.EntriesQuerySchema}],
        "responses": {**_ok("entries; `next` is the `from` of the next page", "Entries"),
                      **_errors(400, 401, 403, 404)}}})
    spec.path(path="/api/matches/{match_id}/notes", parameters=[MID], operations={
        "get": {
            "summary": "The match's notes (comments and glyphs on steps). While a match is live, notes by "
                       "annotators are shown only to judges, admins and their author",
            "responses": {**_ok("the notes", "Notes"), **_errors(401, 404)},
        },
        "post": {
            "summary": "Add a note at a step, or edit / delete one (`replaces`): annotators, judges, admins "
                       "and the match's recorder; a note is changed only by its author or a judge",
            "security": BEARER,
            "requestBody": {"required": True, "content": _json("NoteRequest")},
            "responses": {**_ok("written; a deletion answers the deleted note with `deleted`", "Note", 201),
                          **_errors(400, 401, 403, 404, 409, 413, 415, 429)},
        },
    })
    spec.path(path="/api/matches/{match_id}/judge", parameters=[MID], operations={"post": {
        "summary": "Record a judge entry (judge_call, ruling, backup, fix, penalty, appeal): a player or the "
                   "recorder calls and appeals on its own match; judges rule, back up, fix and penalise; on an "
                   "appeal only the head judge rules. Audited",
        "security": BEARER,
        "requestBody": {"required": True, "content": _json("JudgeRequest")},
        "responses": {**_ok("recorded (a call answers its case number)", "JudgeResult", 201),
                      **_errors(400, 401, 403, 404, 409, 413, 415, 422, 429, 501)}}})
    spec.path(path="/api/matches/{match_id}/cases", parameters=[MID], operations={"get": {
        "summary": "The match's judge cases; a question is shown only to its caller and to judges",
        "responses": {200: {"description": "the cases", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"match": {"type": "string"},
                                             "cases": {"type": "array", "items": {"type": "object"}}}}}}},
                      **_errors(404, 501)}}})
    spec.path(path="/api/matches/{match_id}/cases/{n}", parameters=[MID, CASE], operations={"get": {
        "summary": "Case file n: every perspective's board at the case's step, what each seat knew, the "
                   "rulings, appeals and what followed (judges and the organizer; anyone once the match is "
                   "finished and public)",
        "responses": {200: {"description": "the case file", "content": {"application/json": {"schema": {
            "type": "object"}}}}, **_errors(400, 401, 403, 404, 501)}}})
    spec.path(path="/api/events/{eid}/cases", parameters=[{"name": "eid", "in": "path", "required": True,
                                                           "schema": {"type": "string"}}], operations={"get": {
        "summary": "Every judge case of every match of an event, as the caller may read them",
        "responses": {200: {"description": "the event's matches with their cases", "content": {
            "application/json": {"schema": {"type": "object"}}}}, **_errors(404)}}})
    spec.path(path="/api/matches/{match_id}/export", parameters=[MID], operations={"get": {
        "summary": "The record as JSON Lines: to judges; to anyone once a public match is over, or while "
                   "no command in it is hidden from them (403/401 names the first hidden entry). "
                   "The seed is included once the match is over, or for a judge.",
        "responses": {200: {"description": "a .kifu.jsonl record",
                            "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
                      **_errors(401, 403, 404)}}})
    spec.path(path="/api/import", operations={"post": {
        "summary": "Import a record (admin); verified (with its revealed seed and deal) before anything is stored",
        "security": BEARER,
        "requestBody": {"required": True, "description": RECORD_BODY,
                        "content": {media: {"schema": {"type": "string", "minLength": 1}} for media in RECORD_TYPES}},
        "responses": {**_ok("imported under a new match id", "Match", 201),
                      **_ok("already imported: the match the first import stored", "Match"),
                      **_errors(400, 401, 403, 409, 413, 415, 422, 429, 501)}}})
    spec.path(path="/api/audit", operations={"get": {
        "summary": "Who looked at the omniscient view of a live match, newest first (admin)", "security": BEARER,
        "parameters": [{"in": "query", "schema": s.AuditQuerySchema}],
        "responses": {**_ok("audit entries; `next` is the `before` of the next page", "Audit"),
                      **_errors(400, 401, 403)}}})
    from service.api import tournaments  # the events routes document themselves (issue 13)

    tournaments.document(spec, _ok, _errors, BEARER)
    from service.api import review  # variations, shapes, studies (issue 15)

    review.document(spec, _ok, _errors, BEARER, MID)
    document = spec.to_dict()
    for operations in document["paths"].values():
        for method, operation in operations.items():
            if method != "parameters":
                _edge_errors(operation["responses"])
    return document


#: answers any request may get, whatever its path: from the HTTP server before the app
#: (400, 414, 431), or when the app fails (500) or cannot reach Redis (503)
EDGE = (400, 414, 431, 500, 503)


def _edge_errors(responses: dict[Any, Any]) -> None:
    for code in EDGE:
        if str(code) not in responses:  # apispec has made every status a string
            responses[str(code)] = {"description": ERRORS[code],
                                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
