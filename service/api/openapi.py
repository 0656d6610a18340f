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
``not_in_match``), a state it is not in with 409/422, and a rule JSON Schema cannot
state (a relation of two fields or items, a card set or deck only the store knows) with
``kifu.service.errors.Unprocessable`` (422, with field ``errors``), never with a plain 400. A
route whose path has ``{match_id}`` (or an event's ``{eid}``) is fuzzed against real ones
automatically; a body the route reads besides ``_ok``'s schemas is made exact after
``spec.to_dict()`` (``_exact_bodies``, ``review.exact_bodies``).

The document is also what client generators read (tests/service/test_generated_client.py
generates one with openapi-python-client and plays matches with it alone), so: no
``anyOf``/``oneOf`` beside ``properties`` (a generator then drops the properties; say a
relation of fields with ``not``, which they ignore), a union's branches told apart by their
JSON (within a game a command's ``type``; across games only a per-game route such as
``/api/games/<game>/matches/{match_id}/legal`` can), and a JSON form beside every body that
is not JSON (``RecordImport``, ``ReviewImport``).
"""
from __future__ import annotations

import copy
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from kifu.replays import judging as judge_rules
from kifu.replays import registry
from kifu.replays.rules import seat_ids
from kifu.service.api import judging
from kifu.service import decktext
from kifu.service.api import schemas as s
from kifu.service.text import END

OPENAPI_VERSION = "3.0.3"

SCHEMAS = {
    "Error": s.ErrorSchema, "Health": s.HealthSchema, "Game": s.GameSchema, "Games": s.GamesSchema,
    "Match": s.MatchSchema, "CreatedMatch": s.CreatedMatchSchema, "MatchList": s.MatchListSchema,
    "State": s.StateSchema, "Legal": s.LegalSchema, "AppendResult": s.AppendResultSchema,
    "Entry": s.EntrySchema, "Entries": s.EntriesSchema, "CreateMatch": s.CreateMatchSchema,
    "CommandRequest": s.CommandRequestSchema, "Audit": s.AuditSchema,
    "Note": s.NoteSchema, "Notes": s.NotesSchema, "NoteRequest": s.NoteRequestSchema,
    "JudgeRequest": judging.JudgeRequestSchema, "JudgeResult": judging.JudgeResultSchema,
    "RecordImport": s.RecordImportSchema, "ReviewImport": s.ReviewImportSchema,
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
         "chance outcome missing or impossible, with every possible one); or `unverifiable` with `divergence`; "
         "or, with field `errors`, well-formed data refused by what only the store knows or by a relation this "
         "document cannot state: `unknown_cardset` (no stored card set of the game has that id or digest), "
         "`unknown_regulation` (no regulation of the game, stored or shipped, has the id or digest "
         "`options.regulation` names), "
         "`deck_problem` (the game's own deck check), `unprocessable` (an event's state or format, two items of "
         "one name, an arrow from an anchor to itself, an export that does not fit this match)",
    429: "rate limited (`rate_limited`), with a Retry-After header",
    414: "the request line (method and URL) is too long (`uri_too_long`)",
    431: "too many request headers, or one too large (`headers_too_large`)",
    500: "internal error (`internal`); the operator's log has the details",
    503: "the store is unreachable for a moment (`unavailable`), e.g. while the embedded Redis is being "
         "restarted or a cluster slot has no primary, or a write is not yet on the replicas asked for "
         "(`not_replicated`); always with a Retry-After header: retry the same request (appends are idempotent "
         "by `command_id`)",
    501: "`rules_unavailable`: this kifu lacks the match's game, card set or rules version (`rules_version` names "
         "the version it needs)",
}

#: the media types ``POST /api/import`` reads as text (service.api.records.RECORD_TYPES), besides its JSON form
RECORD_TYPES = ("application/x-ndjson", "text/plain")
#: the media types ``GET .../export`` answers with (service.api.records.jsonl_response)
EXPORT_TYPES = ("application/x-ndjson", "text/plain")
RECORD_BODY = ("the record as JSON Lines (UTF-8): the header object on the first line, then one entry object per "
               "line, exactly as `GET .../export` or `kifu export` wrote it (docs/record-format.md); or, for "
               "clients that send only JSON, the same text as `application/json` `{\"record\": \"<the JSON "
               "Lines>\"}` (`RecordImport`). A record that does not verify (or is not JSON Lines) is 422 "
               "`unverifiable`")

MID = {"name": "match_id", "in": "path", "required": True,
       "schema": {"type": "string", "pattern": "^[0-9a-hjkmnp-tv-z]{20}$"}}
BEARER = [{"bearer": []}]
CASE = {"name": "n", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(ref: str) -> dict[str, Any]:
    # a $ref, not the bare name: apispec would resolve a name that is also a marshmallow class's
    # (a game's card schema "Event") to that class
    return {"application/json": {"schema": _ref(ref)}}


def _ok(description: str, ref: str, status: int = 200) -> dict[int, Any]:
    return {status: {"description": description, "content": _json(ref)}}


def _errors(*codes: int) -> dict[int, Any]:
    return {code: {"description": ERRORS[code], "content": _json("Error")} for code in codes}


def document(version: str) -> dict[str, Any]:
    plugin = MarshmallowPlugin()
    spec = APISpec(
        title="kifu", version=version, openapi_version=OPENAPI_VERSION, plugins=[plugin],
        info={"description": "Event-sourced game records for tabletop card games: record, verify, replay. "
                             "Errors are JSON {error, message, ...} with stable codes."},
        servers=[{"url": "/"}],
    )
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)
    _register_bodies(spec)

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
        "responses": {200: {"description": "a .kifu.jsonl record (the same bytes as text/plain to an Accept that "
                                           "prefers it)",
                            "content": {media: {"schema": {"type": "string"}} for media in EXPORT_TYPES}},
                      **_errors(401, 403, 404)}}})
    spec.path(path="/api/import", operations={"post": {
        "summary": "Import a record (admin); verified (with its revealed seed and deal) before anything is stored",
        "security": BEARER,
        "requestBody": {"required": True, "description": RECORD_BODY,
                        "content": {**{media: {"schema": {"type": "string", "minLength": 1}} for media in RECORD_TYPES},
                                    **_json("RecordImport")}},
        "responses": {**_ok("imported under a new match id", "Match", 201),
                      **_ok("already imported: the match the first import stored", "Match"),
                      **_errors(400, 401, 403, 409, 413, 415, 422, 429, 501)}}})
    spec.path(path="/api/audit", operations={"get": {
        "summary": "Who looked at the omniscient view of a live match, newest first (admin)", "security": BEARER,
        "parameters": [{"in": "query", "schema": s.AuditQuerySchema}],
        "responses": {**_ok("audit entries; `next` is the `before` of the next page", "Audit"),
                      **_errors(400, 401, 403)}}})
    _per_game_paths(spec)
    from kifu.service.api import tournaments  # the events routes document themselves (issue 13)

    tournaments.document(spec, _ok, _errors, BEARER)
    from kifu.service.api import review  # variations, shapes, studies (issue 15)

    review.document(spec, _ok, _errors, BEARER, MID)
    from kifu.service.api import broadcast  # the delayed broadcast (issue 25)

    broadcast.document(spec, _ok, _errors, BEARER, MID)
    document = spec.to_dict()
    _exact_bodies(document, plugin)
    review.exact_bodies(document["components"]["schemas"])
    broadcast.exact_bodies(document["components"]["schemas"])
    for operations in document["paths"].values():
        for method, operation in operations.items():
            if method != "parameters":
                _edge_errors(operation["responses"])
    return document


def _per_game_paths(spec: APISpec) -> None:
    """``/api/games/<game>/matches/{match_id}/legal`` and ``.../state``: what the generic routes
    answer, typed with the game's own ``<Game>Command`` and ``<Game>View`` (``<Game>Legal``,
    ``<Game>State``), so that a client generated from this document parses a legal list into
    its game's command classes (the JSON says no game: only the route can). A match of
    another game is a 404 there. Commands are posted to the generic ``.../commands``."""
    for game in registry.all():
        name, base = _camel(game.id), f"/api/games/{game.id}/matches/{{match_id}}"
        spec.path(path=f"{base}/legal", parameters=[MID], operations={"get": {
            "summary": f"{game.title}: GET /api/matches/{{match_id}}/legal, each command typed as {name}Command "
                       f"(404 for a match of another game)",
            "operationId": f"{game.id}_legal", "tags": [game.id],
            "parameters": [{"in": "query", "schema": s.LegalQuerySchema}],
            "responses": {**_ok("legal commands", f"{name}Legal"), **_errors(400, 401, 403, 404, 501)}}})
        spec.path(path=f"{base}/state", parameters=[MID], operations={"get": {
            "summary": f"{game.title}: GET /api/matches/{{match_id}}/state, the view typed as {name}View "
                       f"(404 for a match of another game)",
            "operationId": f"{game.id}_state", "tags": [game.id],
            "parameters": [{"in": "query", "schema": s.StateQuerySchema}],
            "responses": {**_ok("the view", f"{name}State"), **_errors(400, 401, 403, 404, 501)}}})


#: answers any request may get, whatever its path: from the HTTP server before the app
#: (400, 414, 431), or when the app fails (500) or cannot reach Redis (503)
EDGE = (400, 414, 431, 500, 503)


def _edge_errors(responses: dict[Any, Any]) -> None:
    for code in EDGE:
        if str(code) not in responses:  # apispec has made every status a string
            responses[str(code)] = {"description": ERRORS[code],
                                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


# --- exact request bodies ------------------------------------------------------------
# The views load a command, a judge entry, a new match's options and a note through
# schemas that depend on the match's game or on the body's own shape; the document says
# each shape (generated from the same marshmallow schemas), so that what it calls valid
# is what the server accepts (up to what only the store knows: ``not_in_match``, 409, 422).

_SCALAR = [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"enum": [None]}]
#: JSON data without floats (what ``canon.check_plain`` lets reach a hash), stated two levels
#: deep: a choice or an outcome is a scalar, a list or an object of scalars
PLAIN = {"anyOf": [*_SCALAR, {"type": "array", "items": {"anyOf": _SCALAR}},
                   {"type": "object", "additionalProperties": {"anyOf": _SCALAR}}],
         "description": "JSON data without floats"}
#: a judge entry's fields that the server fills in (service.judging.record)
FILLED = ("seq", "role", "caller")
#: of a judge entry's fields, those the server defaults when they are left out
DEFAULTED = {"judge_call": ("step",), "penalty": ("penalty",)}
#: a place of a fix (replays.judging.PlaceSchema, whose one-of rule apispec cannot read)
PLACE = {"oneOf": [
    {"type": "object", "additionalProperties": False, "required": ["pile"], "properties": {
        "pile": {"type": "string", "minLength": 1, "maxLength": 64, "description": "a face-down pile"},
        "end": {"type": "string", "enum": ["top", "bottom"]}}},
    {"type": "object", "additionalProperties": False, "required": ["path"], "properties": {
        "path": {"type": "array", "minItems": 1, "maxItems": 8, "description": "keys into the game's state",
                 "items": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}}}}]}


def _camel(name: str) -> str:
    return "".join(part.title() for part in name.split("_"))


#: a seat's deck list as the text players paste (``kifu.service.decktext``), beside the structured value
DECK_TEXT = {"type": "string", "maxLength": decktext.MAX_TEXT, "description": (
    "the deck list as text: a heading per area (hocg: 推しホロメン / メインデッキ / エールデッキ, or Oshi / Main / "
    "Cheer), then `<count> <card>` lines (`4 hBP01-009`, `hBP01-009 x4`, `4x 天音かなた`; a card by printing id, "
    "number or unique name; `#` comments); read into the structured list before the options are checked, every "
    "problem with its line a 422 deck_problem")}


def _deck_text(components: dict[str, Any]) -> None:
    """A game with a text deck form takes each seat's list as that text too."""
    for game in registry.all():
        decks = components[f"{_camel(game.id)}Options"].get("properties", {}).get("decks")
        if getattr(game, "deck_form", None) is not None and decks and "additionalProperties" in decks:
            decks["additionalProperties"] = {"anyOf": [decks["additionalProperties"], DECK_TEXT]}


def _options(components: dict[str, Any]) -> None:
    """What apispec cannot read from a game's options schema: ``decks`` is keyed by the
    game's seat ids (each a property, so that a generated client has them), and
    ``regulation`` (a ``Raw`` the game resolves) is named by its id or digest."""
    for game in registry.all():
        props = components[f"{_camel(game.id)}Options"].get("properties", {})
        decks = props.get("decks")
        if decks and isinstance(decks.get("additionalProperties"), dict):
            value = decks.pop("additionalProperties")
            decks["properties"] = {seat: copy.deepcopy(value) for seat in seat_ids(max(game.seats))}
            decks["additionalProperties"] = False
        if "regulation" in props and not {"type", "$ref", "anyOf", "oneOf"} & set(props["regulation"]):
            props["regulation"] = {"type": "string", "minLength": 1, "maxLength": 64, "nullable": True,
                                   "description": "the id or digest of the regulation played under (one the game "
                                                  "ships, e.g. \"official\", or one imported); none: casual. "
                                                  "Another is 422 unknown_regulation"}


def _register_bodies(spec: APISpec) -> None:
    """Every game's command and options schemas, and the note shapes, as components."""
    for game in registry.all():
        for kind, schema in game.commands.items():
            spec.components.schema(f"{_camel(game.id)}{_camel(kind)}", schema=schema)
        spec.components.schema(f"{_camel(game.id)}Options", schema=game.options_schema)
    for kind, schema in judge_rules.SCHEMAS.items():
        spec.components.schema(f"Judge{_camel(kind)}", schema=schema)
    for name in ("NewNote", "EditNote", "DeleteNote"):
        spec.components.schema(name, schema=getattr(s, f"{name}Schema"))


def _plain(schema: dict[str, Any]) -> None:
    """Give every untyped property (a marshmallow ``Raw``) of ``schema`` the PLAIN shape."""
    for prop in schema.get("properties", {}).values():
        target = prop["items"] if prop.get("type") == "array" and "items" in prop else prop
        if not {"type", "$ref", "anyOf", "oneOf", "allOf", "enum"} & set(target):
            target.update(PLAIN)


def _commands(components: dict[str, Any]) -> dict[str, Any]:
    """``<Game>Command`` per game: one schema per command type (``<Game><Type>``), told
    apart by ``type`` (a discriminator: in one game a type names one schema). ``Command``:
    a command of any game, any of those (a type several games share, such as ``pass``, is
    told apart only by the match's game, which the JSON does not say; the per-game routes
    type it). A command of another game than the match's, or for a seat it lacks, is
    ``not_in_match``; what the rules refuse now is 422."""
    games = []
    for game in registry.all():
        mapping = {}
        for kind in game.commands:
            name = f"{_camel(game.id)}{_camel(kind)}"
            _plain(components[name])
            components[name]["description"] = f"{game.title} ({game.id}): {kind}"
            mapping[kind] = _ref(name)["$ref"]
        components[f"{_camel(game.id)}Command"] = {
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping},
            "description": f"a command of {game.title} ({game.id}), exactly as GET .../legal lists it"}
        games.append(_ref(f"{_camel(game.id)}Command"))
    return {"anyOf": games,
            "description": "a command of the match's game (one of the games' `<Game>Command`), exactly as "
                           "GET .../legal lists it; its `seat` one of the match's. Cross-field rules of a type "
                           "(which fields an `effect`'s `op` reads, a card in the seat's hand) are the rules' "
                           "(422), not this schema's"}


#: a command in the log as a perspective reads it (``GET .../entries``): a game's command, redacted
#: (a hidden card or choice is null, "?" or left out, so the game's schema may not hold), or a judge entry
ENTRY_COMMAND = {
    "type": "object", "required": ["type"], "additionalProperties": True,
    "properties": {"type": {"type": "string", "description": "the command's or judge entry's type"}},
    "description": "the entry's command redacted for the perspective (the game's `<Game>Command` fields, a "
                   "hidden value null or \"?\"), or a judge entry (`judge_call`, `ruling`, ...) with its "
                   "`seq`, `role` and `caller`"}


def _typed_reads(components: dict[str, Any]) -> None:
    """The reads' commands and views typed: ``Legal.commands`` items are ``Command`` (per game
    ``<Game>Legal``: ``<Game>Command``), ``State.view`` is a ``View`` object (``<Game>State``:
    ``<Game>View``), ``Entry.command`` an ``EntryCommand``."""
    view = {"type": "object", "additionalProperties": True, "required": ["step", "to_act"], "properties": {
        "step": {"type": "integer", "minimum": 0, "description": "the step this view is of"},
        "to_act": {"type": "array", "items": {"type": "string"},
                   "description": "the seats this perspective sees the table wait for"}}}
    components["View"] = {**copy.deepcopy(view), "description": "what the perspective may see of the state: "
                                                               "the game's view (`<Game>View`)"}
    components["Legal"]["properties"]["commands"]["items"] = _ref("Command")
    components["State"]["properties"]["view"] = _ref("View")
    components["EntryCommand"] = ENTRY_COMMAND
    components["Entry"]["properties"]["command"] = _ref("EntryCommand")
    for game in registry.all():
        name = _camel(game.id)
        components[f"{name}View"] = {**copy.deepcopy(view), "description": (
            f"what the perspective may see of a {game.title} state (the shape the docstring of "
            f"replays/games/{game.id}/view.py gives; hidden parts are counts or unknown tokens)")}
        legal = copy.deepcopy(components["Legal"])
        legal["properties"]["commands"]["items"] = _ref(f"{name}Command")
        components[f"{name}Legal"] = legal
        state = copy.deepcopy(components["State"])
        state["properties"]["view"] = _ref(f"{name}View")
        components[f"{name}State"] = state


def _judge_entries(components: dict[str, Any]) -> dict[str, Any]:
    """``JudgeEntry``: what ``POST .../judge`` takes, a judge entry without the fields the
    server fills in (``seq``, ``role``, ``caller``) and with its defaults optional."""
    mapping = {}
    for kind in judge_rules.SCHEMAS:
        entry = components[f"Judge{_camel(kind)}"]
        for name in FILLED:
            entry["properties"].pop(name, None)
        left = [r for r in entry.get("required", []) if r not in FILLED + DEFAULTED.get(kind, ())]
        entry["required"] = left
        entry["properties"]["type"] = {"type": "string", "enum": [kind]}
        if kind == "penalty":
            entry["properties"]["infraction"]["description"] = (
                "one of the match's infraction table (its event's, else replays.judging.DEFAULT_INFRACTIONS); "
                "another is not_in_match")
        mapping[kind] = _ref(f"Judge{_camel(kind)}")["$ref"]
    for name, shape in components.items():
        if name.startswith("Place") and set(shape.get("properties", {})) == {"pile", "end", "path"}:
            components[name] = dict(PLACE)
    return {"oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}}


def _create_match(components: dict[str, Any]) -> dict[str, Any]:
    """``CreateMatch``: per game, its seat counts and its options; a deal only at a physical
    or observed table."""
    base = components["CreateMatch"]
    _plain(base)
    shapes = []
    for game in registry.all():
        counts = sorted(game.seats)
        assert counts == list(range(counts[0], counts[-1] + 1)), f"{game.id}: seat counts with a gap"
        shape = copy.deepcopy(base)
        shape["properties"]["game"] = {"type": "string", "enum": [game.id]}
        shape["properties"]["seats"].update(minItems=counts[0], maxItems=counts[-1])
        shape["properties"]["options"] = {**_ref(f"{_camel(game.id)}Options"),
                                          "description": "the game's options (GET /api/games)"}
        # a deal only at a physical or observed table (the table defaults to digital), said as a `not`
        # beside the properties: a generator that reads no `not` still sees every property
        shape["not"] = {"required": ["deal"], "properties": {"deal": {"type": "array"},
                                                             "table": {"enum": ["digital"]}}}
        shape["description"] = (f"a match of {game.title}: {counts[0]}-{counts[-1]} seats; `deal` only at a "
                                f"physical or observed `table`")
        components[f"CreateMatch{_camel(game.id)}"] = shape
        shapes.append(f"CreateMatch{_camel(game.id)}")
    return {"oneOf": [_ref(name) for name in shapes], "discriminator": {
        "propertyName": "game", "mapping": {game.id: _ref(name)["$ref"] for game, name in zip(registry.all(), shapes)}}}


def _exact_bodies(document: dict[str, Any], plugin: MarshmallowPlugin) -> None:
    components = document["components"]["schemas"]
    components["Command"] = _commands(components)
    components["CommandRequest"]["properties"]["command"] = _ref("Command")
    _typed_reads(components)
    components["JudgeEntry"] = _judge_entries(components)
    components["JudgeRequest"]["properties"]["entry"] = {
        **_ref("JudgeEntry"), "description": "the judge entry, without seq, role and caller (the server's)"}
    _deck_text(components)
    _options(components)
    components["CreateMatch"] = _create_match(components)
    components["NoteRequest"] = {
        "oneOf": [_ref("NewNote"), _ref("EditNote"), _ref("DeleteNote")],
        "description": "a new note (step, text, glyph), an edit (replaces, text; step, glyph) or a deletion "
                       "(replaces, delete: true)"}
    _anchor_patterns(document)


def _anchor_patterns(node: Any) -> None:
    """End every pattern at the end of the string: a view's ``$`` (Python's) also matches
    before a final newline, which it refuses later, and ECMA's ``$`` never does."""
    if isinstance(node, dict):
        pattern = node.get("pattern")
        if isinstance(pattern, str) and pattern.endswith("$") and not pattern.endswith("\\$"):
            node["pattern"] = pattern[:-1] + END
        for value in node.values():
            _anchor_patterns(value)
    elif isinstance(node, list):
        for value in node:
            _anchor_patterns(value)
