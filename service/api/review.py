"""Review (issue 15): variations, shapes, annotation export/import, studies.

A write checks, in the order of ``kifu.service.api.matches``: the ids' shape (404), the token
(401), the write budget (429), the body (415/413/400), the match or study (404), the
caller's right (403, ``kifu.service.review.access``), then ``kifu.service.review``, which writes
nothing on a refusal (an illegal variation command is a 422 naming its rule and its
``index``). Variations show the omniscient state's consequences, so they are read only
with the omniscient perspective's right; their boards are drawn for ``as``.
"""
from __future__ import annotations

from typing import Any

from flask import current_app, jsonify
from marshmallow import Schema, fields, validate

from kifu.replays.rules import PUBLIC
from kifu.service import auth
from kifu.service.api import bp
from kifu.service.api.context import (audit_if_needed, count_write, json_body, kifu, load, match_id, perspective,
                                 principal, query, require_principal)
from kifu.service.api.matches import some_game_command
from kifu.service.api.records import jsonl_response, jsonl_text
from kifu.service.api.schemas import INSTANCES, PERSPECTIVE, STREAM_ID, TEXT_LINE, StrictBoolean, StrictSchema
from kifu.service.errors import BadRequest, Forbidden, NotFound, NotInMatch, Unauthorized, Unprocessable
from kifu.service.review import Review, access, studies
from kifu.service.review.service import export_text, import_text, public_shapes, public_variation
from kifu.service.review.shapes import COLORS, KINDS, MAX_SHAPES
from kifu.service.text import END, LINE_PATTERN

JSONL = "application/x-ndjson"
ANCHOR = rf"^[A-Za-z0-9_.:/-]{{1,80}}{END}"  #: service.review.shapes.ANCHOR, to the very end
#: a variation's title: empty, or one line of text (``kifu.service.text``)
OPTIONAL_LINE = validate.Regexp(rf"^{END}|{LINE_PATTERN}", error="empty, or one line of text")


# --- schemas ------------------------------------------------------------------------------

class VariationRequestSchema(StrictSchema):
    step = fields.Integer(strict=True, required=True, validate=validate.Range(min=0),
                          metadata={"description": "the match step the variation starts from"})
    commands = fields.List(fields.Dict(keys=fields.String()), required=True, validate=validate.Length(min=1, max=200),
                           metadata={"description": "game commands, played in order on the step's omniscient state; "
                                                    "at a physical or observed table each names its chance "
                                                    "outcomes in `outcomes`"})
    title = fields.String(load_default=None, allow_none=True, validate=[validate.Length(max=120), OPTIONAL_LINE])


class VariationSchema(Schema):
    id = fields.String(required=True)
    step = fields.Integer(required=True)
    base = fields.String(required=True, metadata={"description": "the record's chain at `step`"})
    title = fields.String(required=True)
    length = fields.Integer(required=True)
    by = fields.String(required=True)
    at = fields.String(required=True)


class VariationsSchema(Schema):
    variations = fields.List(fields.Nested(VariationSchema), required=True)


class VariationLineSchema(Schema):
    n = fields.Integer(required=True)
    command = fields.Dict(required=True, metadata={"description": "redacted for the perspective"})
    describe = fields.String(required=True)
    turn = fields.Integer(required=True)


class VariationStepSchema(Schema):
    variation = fields.Nested(VariationSchema, required=True)
    at = fields.Integer(required=True)
    perspective = fields.String(required=True)
    view = fields.Dict(required=True)
    lines = fields.List(fields.Nested(VariationLineSchema), required=True)
    turn = fields.Integer(required=True)
    phase = fields.String(required=True)
    outcome = fields.Dict(allow_none=True, required=True)


class VariationQuerySchema(StrictSchema):
    at = fields.Integer(load_default=None, validate=validate.Range(min=0, max=200),
                        metadata={"description": "commands of the variation played (default: all)"})
    as_ = fields.String(data_key="as", load_default="omniscient", validate=validate.Regexp(PERSPECTIVE))


class ShapeSchema(StrictSchema):
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    color = fields.String(load_default="green", validate=validate.OneOf(COLORS))
    from_ = fields.String(data_key="from", validate=validate.Regexp(ANCHOR), metadata={"description": "an arrow's tail"})
    to = fields.String(validate=validate.Regexp(ANCHOR), metadata={"description": "an arrow's head"})
    at_ = fields.String(data_key="at", validate=validate.Regexp(ANCHOR), metadata={"description": "a highlight's anchor"})


class ShapesRequestSchema(StrictSchema):
    step = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    perspective = fields.String(required=True, validate=validate.Regexp(PERSPECTIVE),
                                metadata={"description": "the board the shapes were drawn on"})
    note = fields.String(load_default=None, allow_none=True, validate=validate.Regexp(STREAM_ID),
                         metadata={"description": "the note the shapes illustrate (null: the step)"})
    shapes = fields.List(fields.Nested(ShapeSchema), required=True, validate=validate.Length(max=MAX_SHAPES),
                         metadata={"description": "replaces the set of (step, perspective, note); [] clears it"})


class ShapeSetSchema(Schema):
    id = fields.String(required=True)
    step = fields.Integer(required=True)
    perspective = fields.String(required=True)
    note = fields.String(allow_none=True, required=True)
    shapes = fields.List(fields.Dict(), required=True)
    by = fields.String(required=True)
    at = fields.String(required=True)


class ShapeSetsSchema(Schema):
    shapes = fields.List(fields.Nested(ShapeSetSchema), required=True)


class ImportedSchema(Schema):
    notes = fields.Integer(required=True, metadata={"description": "notes written"})
    shapes = fields.Integer(required=True, metadata={"description": "shape sets written"})
    variations = fields.Integer(required=True, metadata={"description": "variations written"})
    skipped = fields.Integer(required=True, metadata={
        "description": "items written by an earlier import of them, or already on this match: an export "
                       "imported again writes nothing"})


class ChapterRequestSchema(StrictSchema):
    match = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-hjkmnp-tv-z]{20}$"))
    step = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0),
                          metadata={"description": "default: the match's head"})
    as_ = fields.String(data_key="as", load_default=None, validate=validate.Regexp(PERSPECTIVE))
    title = fields.String(load_default=None, validate=[validate.Length(min=1, max=120), TEXT_LINE])
    variation = fields.String(load_default=None, allow_none=True, validate=validate.Regexp(STREAM_ID))


class StudyRequestSchema(StrictSchema):
    title = fields.String(required=True, validate=[validate.Length(min=1, max=120), TEXT_LINE])
    public = StrictBoolean(load_default=True)
    chapters = fields.List(fields.Nested(ChapterRequestSchema), load_default=list,
                           validate=validate.Length(max=studies.MAX_CHAPTERS))


class StudyPatchSchema(StrictSchema):
    title = fields.String(validate=[validate.Length(min=1, max=120), TEXT_LINE])
    public = StrictBoolean()


class ChapterSchema(Schema):
    id = fields.Integer(required=True)
    title = fields.String(required=True)
    match = fields.String(required=True)
    step = fields.Integer(required=True)
    as_ = fields.String(data_key="as", attribute="as", required=True)
    variation = fields.String(allow_none=True, required=True)


class StudySchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    public = fields.Boolean(required=True)
    owner = fields.String(required=True)
    created = fields.String(required=True)
    updated = fields.String(required=True)
    chapters = fields.List(fields.Nested(ChapterSchema), required=True)


class StudyListSchema(Schema):
    studies = fields.List(fields.Nested(StudySchema), required=True)


SCHEMAS = {  # nested schemas first: apispec names them once
    "Variation": VariationSchema, "VariationRequest": VariationRequestSchema, "Variations": VariationsSchema,
    "VariationLine": VariationLineSchema, "VariationStep": VariationStepSchema, "Shape": ShapeSchema,
    "ShapesRequest": ShapesRequestSchema, "ShapeSet": ShapeSetSchema, "ShapeSets": ShapeSetsSchema,
    "ReviewImported": ImportedSchema, "ChapterRequest": ChapterRequestSchema, "StudyRequest": StudyRequestSchema,
    "StudyPatch": StudyPatchSchema, "Chapter": ChapterSchema, "Study": StudySchema, "StudyList": StudyListSchema,
}
S = {name: schema() for name, schema in SCHEMAS.items()}
QUERY = VariationQuerySchema()


# --- helpers ------------------------------------------------------------------------------

def review() -> Review:
    return Review(kifu().matches)


def book() -> studies.Studies:
    return studies.Studies(kifu().redis, kifu().matches.clock)


def refuse(who: auth.Principal | None, message: str) -> Exception:
    return Unauthorized(message + ": it needs a token") if who is None else Forbidden(f"a {who.role} token {message}")


def _writer(who: auth.Principal) -> dict[str, Any]:
    return {"by": who.name, "role": who.role, "author": who.token_id}


def _readable_variations(who, info) -> None:
    if not access.may_read_variations(who, info):
        raise refuse(who, "may not read this match's variations (they show its omniscient state)")


def _shape_json(s: dict[str, Any]) -> dict[str, Any]:
    return public_shapes(s)


# --- variations ---------------------------------------------------------------------------

@bp.get("/matches/<mid>/variations")
def get_variations(mid: str):
    info = kifu().matches.info(match_id(mid))
    _readable_variations(principal(), info)
    found = [public_variation(v) for v in review().variations(info.id)]
    return jsonify(S["Variations"].dump({"variations": found}))


@bp.post("/matches/<mid>/variations")
def post_variation(mid: str):
    """Play and save a variation: 201 with it; 422 (rule, index) for an illegal command."""
    mid = match_id(mid)
    who = require_principal()
    count_write()
    body = load(S["VariationRequest"], json_body())
    info = kifu().matches.info(mid)
    if not access.may_write_variations(who, info):
        raise refuse(who, "may not write variations on this match (they are played on its omniscient state)")
    try:
        made = review().add_variation(mid, step=body["step"], commands=body["commands"], title=body["title"],
                                      **_writer(who))
    except BadRequest as exc:
        if type(exc) is BadRequest and "commands" in exc.errors and all(map(some_game_command, body["commands"])):
            # the document's Command: well-formed, of another game or for a seat this match lacks
            raise NotInMatch(exc.errors, f"not commands of this {info.game} match: {exc.errors}") from None
        raise
    audit_if_needed(info, "omniscient", what="variation", at=body["step"])
    return jsonify(S["Variation"].dump(public_variation(made))), 201


@bp.get("/matches/<mid>/variations/<vid>")
def get_variation(mid: str, vid: str):
    """Step ``at`` of a variation as perspective ``as`` sees it, with its redacted lines."""
    info = kifu().matches.info(match_id(mid))
    who = principal()
    _readable_variations(who, info)
    args = query(QUERY)
    asked = perspective(info, args["as_"])
    rv = review()
    variation = rv.variation(info.id, vid)
    at = len(variation["commands"]) if args["at"] is None else args["at"]
    audit_if_needed(info, asked, what=f"variation:{vid}", at=variation["step"])
    return jsonify(S["VariationStep"].dump(rv.variation_step(info.id, variation, asked, at)))


@bp.delete("/matches/<mid>/variations/<vid>")
def delete_variation(mid: str, vid: str):
    mid = match_id(mid)
    who = require_principal()
    count_write()
    info = kifu().matches.info(mid)
    _readable_variations(who, info)

    def authorize(variation):
        if not access.may_change_variation(who, info, variation):
            raise Forbidden("only a variation's author or a judge may delete it")

    gone = review().delete_variation(mid, vid, authorize=authorize, **_writer(who))
    return jsonify(S["Variation"].dump(public_variation(gone)))


# --- shapes -------------------------------------------------------------------------------

def visible_shapes(who, info) -> list[dict[str, Any]]:
    if not auth.may_read_notes(who, info):
        return []
    return [s for s in review().shape_sets(info.id) if access.may_read_shapes(who, info, s)]


@bp.get("/matches/<mid>/shapes")
def get_shapes(mid: str):
    info = kifu().matches.info(match_id(mid))
    return jsonify(S["ShapeSets"].dump({"shapes": [_shape_json(s) for s in visible_shapes(principal(), info)]}))


@bp.post("/matches/<mid>/shapes")
def post_shapes(mid: str):
    """Replace the shape set of (step, perspective, note): 201 with it."""
    mid = match_id(mid)
    who = require_principal()
    count_write()
    raw = json_body()
    body = load(S["ShapesRequest"], raw)
    info = kifu().matches.info(mid)
    if not access.may_write_shapes(who, info, body["perspective"]):
        raise refuse(who, f"may not draw on the {body['perspective']} board of this match")
    if body["note"] is not None:
        note = next((n for n in kifu().matches.notes(mid) if n["id"] == body["note"]), None)
        if note is None or not auth.may_read_notes(who, info, note):
            raise NotFound(f"no note {body['note']} in match {mid}")
    made = review().set_shapes(mid, step=body["step"], perspective=body["perspective"], note=body["note"],
                               shapes=raw.get("shapes"), **_writer(who))
    return jsonify(S["ShapeSet"].dump(_shape_json(made))), 201


# --- export and import --------------------------------------------------------------------

@bp.get("/matches/<mid>/review/export")
def export_review(mid: str):
    """The notes, shapes and variations the caller may read, as JSON Lines anchored to the chain."""
    info = kifu().matches.info(match_id(mid))
    who = principal()
    if not auth.may_read_notes(who, info):
        raise refuse(who, "may not read this match's annotations")
    notes = [n for n in kifu().matches.notes(info.id) if auth.may_read_notes(who, info, n)]
    rv = review()
    found = rv.variations(info.id) if access.may_read_variations(who, info) else []
    text = export_text(rv, info.id, notes=notes, shape_sets=visible_shapes(who, info), variations_=found)
    response = jsonl_response(text)
    response.headers["Content-Disposition"] = f'attachment; filename="{info.id}.review.jsonl"'
    return response


@bp.post("/matches/<mid>/review/import")
def import_review(mid: str):
    """Add an export's notes, shapes and variations to this match (anchors checked, every
    variation replayed, before the first write; then one atomic write, each item once):
    201 with the counts written and skipped."""
    mid = match_id(mid)
    who = require_principal()
    count_write()
    text = jsonl_text(current_app.config["KIFU_MAX_IMPORT"], types=(JSONL, "text/plain"),
                      schema=INSTANCES.ReviewImportSchema, field="export", what="export")
    info = kifu().matches.info(mid)
    if not auth.may_annotate(who, info):
        raise refuse(who, "may not annotate this match")
    try:
        counts = import_text(review(), mid, text, with_variations=access.may_write_variations(who, info),
                             **_writer(who))
    except BadRequest as exc:
        if type(exc) is not BadRequest:
            raise
        # the document can say only "a string": what the text holds is refused as 422, as a record's import is
        raise Unprocessable(exc.errors, exc.message) from None
    return jsonify(S["ReviewImported"].dump(counts)), 201


# --- studies ------------------------------------------------------------------------------

def _may_see(who):
    return lambda info: PUBLIC in auth.perspectives_for(who, info)


def _study_json(study: dict[str, Any]) -> dict[str, Any]:
    return S["Study"].dump(study)


@bp.get("/studies")
def get_studies():
    who = principal()
    return jsonify({"studies": [_study_json(s) for s in book().list() if access.may_read_study(who, s)]})


@bp.post("/studies")
def post_study():
    who = require_principal()
    count_write()
    body = load(S["StudyRequest"], json_body())
    if not access.may_make_study(who):
        raise refuse(who, "may not make studies")
    chapters = [studies.check_chapter(kifu().matches, {k.rstrip("_"): v for k, v in c.items() if v is not None},
                                      _may_see(who)) for c in body["chapters"]]
    shelf = book()
    study = shelf.create(title=body["title"], public=body["public"], owner=who.name)
    if chapters:
        study = shelf.change(study["id"], lambda s: [studies.add_chapter(s, c) for c in chapters])
    return jsonify(_study_json(study)), 201


def _readable_study(sid: str) -> dict[str, Any]:
    who = principal()
    study = book().get(studies.check_study_id(sid))
    if not access.may_read_study(who, study):
        raise NotFound(f"no study {sid}")  # a private study is not there for others
    return study


@bp.get("/studies/<sid>")
def get_study(sid: str):
    return jsonify(_study_json(_readable_study(sid)))


def _changeable_study(sid: str):
    who = require_principal()
    count_write()
    study = _readable_study(sid)
    if not access.may_change_study(who, study):
        raise Forbidden("only a study's owner or an admin may change it")
    return who, study


@bp.patch("/studies/<sid>")
def patch_study(sid: str):
    who, study = _changeable_study(sid)
    body = load(S["StudyPatch"], json_body())

    def edit(s):
        if "title" in body:
            s["title"] = studies.check_title(body["title"])
        if "public" in body:
            s["public"] = body["public"]

    return jsonify(_study_json(book().change(study["id"], edit)))


@bp.delete("/studies/<sid>")
def delete_study(sid: str):
    _, study = _changeable_study(sid)
    book().delete(study["id"])
    return jsonify(_study_json(study))


@bp.post("/studies/<sid>/chapters")
def post_chapter(sid: str):
    who, study = _changeable_study(sid)
    body = load(S["ChapterRequest"], json_body())
    chapter = studies.check_chapter(kifu().matches, {k.rstrip("_"): v for k, v in body.items() if v is not None},
                                    _may_see(who))
    changed = book().change(study["id"], lambda s: studies.add_chapter(s, chapter))
    return jsonify(_study_json(changed)), 201


@bp.delete("/studies/<sid>/chapters/<int:cid>")
def delete_chapter(sid: str, cid: int):
    _, study = _changeable_study(sid)
    changed = book().change(study["id"], lambda s: s["chapters"].pop(studies.chapter_index(s, cid)))
    return jsonify(_study_json(changed))


# --- the OpenAPI document -------------------------------------------------------------------

def document(spec, ok, errors, bearer, mid) -> None:
    """Register the review schemas and paths on ``spec`` (``kifu.service.api.openapi`` calls this)."""
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)
    vid = {"name": "vid", "in": "path", "required": True, "schema": {"type": "string", "pattern": STREAM_ID}}
    sid = {"name": "sid", "in": "path", "required": True,
           "schema": {"type": "string", "pattern": "^[0-9a-hjkmnp-tv-z]{20}$"}}
    cid = {"name": "cid", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}
    write = (400, 401, 403, 404, 413, 415, 429)

    def body(ref):
        return {"required": True, "content": {"application/json": {"schema": ref}}}

    spec.path(path="/api/matches/{match_id}/variations", parameters=[mid], operations={
        "get": {"summary": "The match's variations (readers of its omniscient view)",
                "responses": {**ok("the variations", "Variations"), **errors(401, 403, 404)}},
        "post": {"summary": "Play and save a variation from a step's omniscient state (annotators, judges, admins "
                            "and the recorder, with the omniscient view's right); never in the record. Its chance "
                            "comes from its own seed (digital) or its commands' `outcomes` (physical, observed)",
                 "security": bearer, "requestBody": body("VariationRequest"),
                 "responses": {**ok("saved", "Variation", 201), **errors(*write, 422, 501)}}})
    spec.path(path="/api/matches/{match_id}/variations/{vid}", parameters=[mid, vid], operations={
        "get": {"summary": "Step `at` of a variation as perspective `as` sees it, with its lines redacted for it",
                "parameters": [{"in": "query", "schema": VariationQuerySchema}],
                "responses": {**ok("the step", "VariationStep"), **errors(400, 401, 403, 404, 501)}},
        "delete": {"summary": "Delete a variation (its author, a judge or an admin); the stream keeps the event",
                   "security": bearer, "responses": {**ok("deleted", "Variation"), **errors(401, 403, 404, 429)}}})
    spec.path(path="/api/matches/{match_id}/shapes", parameters=[mid], operations={
        "get": {"summary": "The shape sets (arrows, highlights) the caller may read",
                "responses": {**ok("the shape sets", "ShapeSets"), **errors(401, 404)}},
        "post": {"summary": "Replace the shapes of (step, perspective, note); [] clears them", "security": bearer,
                 "requestBody": body("ShapesRequest"),
                 "responses": {**ok("saved", "ShapeSet", 201), **errors(*write, 422)}}})
    spec.path(path="/api/matches/{match_id}/review/export", parameters=[mid], operations={"get": {
        "summary": "Notes, shapes and variations the caller may read, as JSON Lines anchored to the record's chain",
        "responses": {200: {"description": "the export (as text/plain to an Accept that prefers it)", "content": {
            m: {"schema": {"type": "string"}} for m in (JSONL, "text/plain")}}, **errors(401, 403, 404)}}})
    spec.path(path="/api/matches/{match_id}/review/import", parameters=[mid], operations={"post": {
        "summary": "Import an export onto this match (its anchors must be this match's chain; every variation "
                   "must replay); nothing is written unless all of it checks",
        "security": bearer,
        "requestBody": {"required": True, "description": "the export's JSON Lines, or the same text as JSON "
                                                         "`{\"export\": \"<the JSON Lines>\"}`",
                        "content": {**{m: {"schema": {"type": "string", "minLength": 1}} for m in (JSONL, "text/plain")},
                                    "application/json": {"schema": {"$ref": "#/components/schemas/ReviewImport"}}}},
        "responses": {**ok("imported", "ReviewImported", 201), **errors(*write, 422)},
        "description": "an export that is not JSON Lines of this game's review, or whose anchors or variations do "
                       "not fit this match, is 422 `unprocessable` naming the line"}})
    spec.path(path="/api/studies", operations={
        "get": {"summary": "Studies the caller may read (public ones, its own; an admin all)",
                "responses": ok("the studies", "StudyList")},
        "post": {"summary": "Make a study (annotators, judges, admins, recorders): title, public, chapters",
                 "security": bearer, "requestBody": body("StudyRequest"),
                 "responses": {**ok("made", "Study", 201), **errors(*write)}}})
    spec.path(path="/api/studies/{sid}", parameters=[sid], operations={
        "get": {"summary": "A study (a private one only to its owner and admins)",
                "responses": {**ok("the study", "Study"), **errors(404)}},
        "patch": {"summary": "Rename a study or make it public/private (owner, admin)", "security": bearer,
                  "requestBody": body("StudyPatch"), "responses": {**ok("changed", "Study"), **errors(*write, 409)}},
        "delete": {"summary": "Delete a study (owner, admin)", "security": bearer,
                   "responses": {**ok("deleted", "Study"), **errors(401, 403, 404, 429)}}})
    spec.path(path="/api/studies/{sid}/chapters", parameters=[sid], operations={"post": {
        "summary": "Add a chapter: a step of a match the owner may read (owner, admin)", "security": bearer,
        "requestBody": body("ChapterRequest"), "responses": {**ok("added", "Study", 201), **errors(*write, 409)}}})
    spec.path(path="/api/studies/{sid}/chapters/{cid}", parameters=[sid, cid], operations={"delete": {
        "summary": "Remove a chapter (owner, admin)", "security": bearer,
        "responses": {**ok("removed", "Study"), **errors(401, 403, 404, 409, 429)}}})


def exact_bodies(components: dict[str, Any]) -> None:
    """What apispec cannot read from the schemas (``kifu.service.api.openapi`` calls this on the
    built document): a shape is an arrow or a highlight, each with its own fields; a
    variation's commands are the document's ``Command``s."""
    color = {"type": "string", "enum": list(COLORS), "default": "green"}
    anchor = {"type": "string", "pattern": ANCHOR}
    components["Shape"] = {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["kind", "from", "to"], "properties": {
            "kind": {"type": "string", "enum": ["arrow"]}, "color": color,
            "from": {**anchor, "description": "the arrow's tail"},
            "to": {**anchor, "description": "the arrow's head (another anchor: from == to is 422)"}}},
        {"type": "object", "additionalProperties": False, "required": ["kind", "at"], "properties": {
            "kind": {"type": "string", "enum": ["highlight"]}, "color": color,
            "at": {**anchor, "description": "the highlighted anchor"}}}]}
    commands = components["VariationRequest"]["properties"]["commands"]
    commands["items"] = {"$ref": "#/components/schemas/Command"}
