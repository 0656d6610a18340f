"""Request and response bodies of the JSON API, as marshmallow schemas.

Requests are validated with these schemas (unknown fields refused, integers strict);
responses are dumped through them so that only declared fields leave the server; and
``kifu.service.api.openapi`` documents the API from the same classes.
"""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from kifu.service.ids import MATCH_ID
from kifu.service.matches import MAX_LABEL, MAX_NAME
from kifu.service.text import END, LINE_PATTERN, NOTE_PATTERN

MAX_SEATS = 16  #: the most seats a match may have (CreateMatchSchema.seats)
MAX_STREAM_PART = 2 ** 64 - 1  #: each half of a Redis stream id is an unsigned 64-bit number


def at_most(limit: int) -> str:
    """A regular expression of the decimal numerals (leading zeros allowed) up to ``len(str(limit))``
    digits whose value is at most ``limit``: shorter numerals, or as many digits and not above it.

    >>> import re; [bool(re.fullmatch(at_most(255), v)) for v in ("7", "099", "255", "256", "300")]
    [True, True, True, False, False]
    """
    digits = str(limit)
    shorter = [rf"[0-9]{{1,{len(digits) - 1}}}"] if len(digits) > 1 else []
    same = [digits[:i] + (f"[0-{int(d) - 1}]" if d != "1" else "0") + (f"[0-9]{{{len(digits) - i - 1}}}"
                                                                         if i < len(digits) - 1 else "")
            for i, d in enumerate(digits) if d != "0"]
    return "(?:" + "|".join([*shorter, *same, digits]) + ")"


#: Patterns end with ``END`` (``kifu.service.text``), not ``$``: Python's ``$`` also matches before a
#: final newline, which the document must not admit where the views refuse it.
#: a seat id, bounded by MAX_SEATS; a match with fewer seats refuses the rest (``not_in_match``)
SEAT_ID = rf"^p([1-9]|1[0-6]){END}"
#: a perspective: the public, everything (judges), or one seat
PERSPECTIVE = rf"^(public|omniscient|p([1-9]|1[0-6])){END}"
#: a perspective a match's state and entries are read from: those, or the delayed broadcast
VIEW_PERSPECTIVE = rf"^(public|omniscient|broadcast|p([1-9]|1[0-6])){END}"
#: a stream entry id, each part a numeral of at most 2^64-1 (Redis refuses more): audit entries, notes
STREAM_ID = rf"^{at_most(MAX_STREAM_PART)}-{at_most(MAX_STREAM_PART)}{END}"
#: a cursor of GET /api/matches: created-ms:match-id, as ``next`` gave it
CURSOR = rf"^[0-9]{{1,19}}:[0-9a-hjkmnp-tv-z]{{20}}{END}"
STATUSES = ("live", "finished")
TABLES = ("digital", "physical", "observed")
#: a name or label is one line of text (``kifu.service.text``): what service.matches stores
TEXT_LINE = validate.Regexp(LINE_PATTERN, error="text without control characters, not only spaces")
NAME = [validate.Length(min=1, max=MAX_NAME), TEXT_LINE]
LABEL = [validate.Length(min=1, max=MAX_LABEL), TEXT_LINE]
#: the largest seq a client may name: far beyond any match, and exact in every JSON reader
MAX_SEQ = 2 ** 53 - 1


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class StrictBoolean(fields.Boolean):
    """JSON true or false only: marshmallow's Boolean also takes 0, 1, "yes"... (0 == False),
    which the document's ``boolean`` refuses."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


# --- requests -----------------------------------------------------------------------

class SeatRequestSchema(StrictSchema):
    name = fields.String(required=True, validate=NAME)


class CreateMatchSchema(StrictSchema):
    game = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seats = fields.List(fields.Nested(SeatRequestSchema), required=True,
                        validate=validate.Length(min=1, max=MAX_SEATS))
    options = fields.Dict(keys=fields.String(), load_default=dict, metadata={
        "description": "the game's options (its options schema; deck lists where the game has them; "
                       "`regulation`: the id or digest of the regulation played under, e.g. \"official\", "
                       "read into the header as the regulation itself with its digest and the day played)"})
    table = fields.String(load_default="digital", validate=validate.OneOf(
        TABLES, error="one of digital, physical, observed (where chance outcomes come from; the event's table "
                      "is table_number)"), metadata={
        "description": "digital: the service deals from the seed; physical: the recorder states every chance "
                       "outcome; observed: as physical, an outcome nobody could see may be null"})
    cardset = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=64), metadata={
        "description": "id or digest of a stored card set of the game (GET /api/games); default: its demo set"})
    deal = fields.List(fields.Raw(allow_none=True), load_default=None, allow_none=True,
                       validate=validate.Length(max=4096), metadata={
        "description": "the set-up's chance outcomes in order (physical or observed tables only); kept secret "
                       "like the seed, the header commits to it"})
    tournament = fields.String(load_default=None, allow_none=True, validate=LABEL)
    round = fields.String(load_default=None, allow_none=True, validate=LABEL)
    table_number = fields.String(load_default=None, allow_none=True, validate=LABEL,
                                 metadata={"description": "the event's table the match is played at"})
    public_when_finished = StrictBoolean(load_default=True)
    listed = StrictBoolean(load_default=True, metadata={"description": "shown in public listings"})


class CommandRequestSchema(StrictSchema):
    expected_seq = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=MAX_SEQ))
    command_id = fields.String(required=True, validate=validate.Regexp(
        r"^[A-Za-z0-9._:\-]{1,128}$", error="1 to 128 of A-Z a-z 0-9 . _ : -"))
    command = fields.Dict(keys=fields.String(), required=True)


class RecordImportSchema(StrictSchema):
    """``POST /api/import`` as JSON (for clients that send only JSON bodies): the same record."""

    record = fields.String(required=True, validate=validate.Length(min=1), metadata={
        "description": "the record's JSON Lines text, exactly as the application/x-ndjson body would be"})


class ReviewImportSchema(StrictSchema):
    """``POST .../review/import`` as JSON: the same export."""

    export = fields.String(required=True, validate=validate.Length(min=1), metadata={
        "description": "the review export's JSON Lines text, exactly as the application/x-ndjson body would be"})


class ListQuerySchema(StrictSchema):
    game = fields.String(validate=validate.Length(min=1, max=64))
    status = fields.String(validate=validate.OneOf(STATUSES))
    tournament = fields.String(validate=LABEL)
    player = fields.String(validate=NAME)
    cursor = fields.String(validate=validate.Regexp(CURSOR, error="a cursor this service returned (next)"))
    limit = fields.Integer(validate=validate.Range(min=1))


class StateQuerySchema(StrictSchema):
    at = fields.Integer(validate=validate.Range(min=0, max=MAX_SEQ))
    as_ = fields.String(data_key="as", load_default="public",
                        validate=validate.Regexp(VIEW_PERSPECTIVE, error="public, omniscient, broadcast or a seat id like p1"))


class LegalQuerySchema(StrictSchema):
    as_ = fields.String(data_key="as", required=True, validate=validate.Regexp(SEAT_ID, error="a seat id like p1"))


class EntriesQuerySchema(StrictSchema):
    from_ = fields.Integer(data_key="from", load_default=1, validate=validate.Range(min=1, max=MAX_SEQ))
    to = fields.Integer(validate=validate.Range(min=1, max=MAX_SEQ))
    as_ = fields.String(data_key="as", load_default="public",
                        validate=validate.Regexp(VIEW_PERSPECTIVE, error="public, omniscient, broadcast or a seat id like p1"))

    @validates_schema
    def _order(self, data, **_kwargs):
        if data.get("to") is not None and data["to"] < data["from_"]:
            raise ValidationError("to must not be before from", field_name="to")


def _stream_id(value: str) -> None:
    # Redis refuses an id beyond 64 bits with an error, which must not become a 500
    parts = value.split("-")
    if not all(p.isascii() and p.isdigit() and len(p) <= 20 and int(p) <= MAX_STREAM_PART for p in parts):
        raise ValidationError("an audit entry id (each part at most 2^64-1)")


class AuditQuerySchema(StrictSchema):
    before = fields.String(validate=[validate.Regexp(STREAM_ID, error="an audit entry id"), _stream_id])
    limit = fields.Integer(validate=validate.Range(min=1))


NOTE_ID = STREAM_ID
#: note text (``kifu.service.text.NOTE``, which service.notes checks): newlines, no control characters
NOTE_TEXT = validate.Regexp(NOTE_PATTERN, error="text without control characters (newlines allowed), not only spaces")
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")  #: Lichess's move glyphs (service.notes.GLYPHS)


class NoteRequestSchema(StrictSchema):
    """A new note (``step``, ``text``, ``glyph``), an edit (``replaces`` + ``text``) or a
    deletion (``replaces`` + ``delete``). The service checks the rest (step range, text)."""

    step = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=MAX_SEQ),
                          metadata={"description": "the step the note is about (0 = set-up); required for a new note"})
    text = fields.String(load_default=None, validate=[validate.Length(min=1, max=2000), NOTE_TEXT],
                         metadata={"description": "1 to 2000 printable characters; newlines allowed"})
    glyph = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(GLYPHS))
    replaces = fields.String(load_default=None, validate=validate.Regexp(NOTE_ID, error="a note id"),
                             metadata={"description": "id of the live note this edits or deletes"})
    delete = StrictBoolean(load_default=False, metadata={"description": "delete the note `replaces` names"})


def _note_fields(*, new: bool, delete: bool) -> dict:
    """The fields of one shape of NoteRequestSchema, for the document: a new note has no
    ``replaces``; an edit names one and has text; a deletion names one and has no text."""
    nothing = {"allow_none": True, "validate": validate.Equal(None)}
    return {
        "step": fields.Integer(strict=True, required=new, allow_none=not new,
                               validate=validate.Range(min=0, max=MAX_SEQ), metadata={"description": (
                                   "the step the note is about (0 = set-up)" if new else
                                   "the note's step (an edit may move it; a deletion may name it)")}),
        "text": (fields.String(**nothing) if delete else
                 fields.String(required=True, validate=[validate.Length(min=1, max=2000), NOTE_TEXT],
                               metadata={"description": "1 to 2000 characters: no control characters, "
                                                        "newlines (LF or CRLF) allowed, not only spaces"})),
        "glyph": (fields.String(**nothing) if delete else
                  fields.String(allow_none=True, validate=validate.OneOf(GLYPHS))),
        "replaces": (fields.String(**nothing) if new else
                     fields.String(required=True, validate=validate.Regexp(NOTE_ID, error="a note id"),
                                   metadata={"description": "id of the live note this edits or deletes"})),
        "delete": StrictBoolean(required=delete, validate=validate.Equal(delete)),
    }


NewNoteSchema = StrictSchema.from_dict(_note_fields(new=True, delete=False), name="NewNoteSchema")
EditNoteSchema = StrictSchema.from_dict(_note_fields(new=False, delete=False), name="EditNoteSchema")
DeleteNoteSchema = StrictSchema.from_dict(_note_fields(new=False, delete=True), name="DeleteNoteSchema")


# --- responses ----------------------------------------------------------------------

class NeedsSchema(Schema):
    name = fields.String(required=True, metadata={"description": "the chance event (draw, deal, roll...)"})
    rule = fields.String(required=True, metadata={"description": "the rulebook section it happens under"})
    options = fields.List(fields.Raw(), required=True, metadata={"description": "every possible outcome"})
    names = fields.List(fields.String(), metadata={"description": "the options' printed names, in order"})
    unknown_ok = fields.Boolean(required=True, metadata={"description": "an observed table may state null"})
    visible = fields.Raw(metadata={"description": "\"all\", or the seats that see the outcome"})
    index = fields.Integer(allow_none=True, required=True,
                           metadata={"description": "its place in the command's \"outcomes\" (or in the deal)"})


class ErrorSchema(Schema):
    error = fields.String(required=True, metadata={"description": "stable machine-readable code"})
    message = fields.String(required=True)
    rule = fields.String(metadata={"description": "rulebook section (rule_violation only)"})
    index = fields.Integer(metadata={"description": "rule_violation of a variation: which of its commands (from 0)"})
    needs = fields.Nested(NeedsSchema, metadata={
        "description": "rule_violation at a physical or observed table: the chance outcome that is missing or "
                       "impossible, with every possible one"})
    game = fields.String(metadata={"description": "rules_unavailable: the match's game"})
    rules_version = fields.Integer(metadata={"description": "rules_unavailable: the rules version it needs"})
    available = fields.Integer(metadata={"description": "rules_unavailable: the version this kifu plays"})
    errors = fields.Dict(metadata={"description": "field -> messages (schema errors)"})
    current_seq = fields.Integer(metadata={"description": "the match's seq now (409 answers)"})
    match_id = fields.String(metadata={"description": "import_conflict: the match that holds the record's header"})
    seq = fields.Integer()
    divergence = fields.Dict(metadata={"description": "first divergence of an unverifiable record"})
    retry_after = fields.Integer()


class HealthSchema(Schema):
    ok = fields.Boolean(required=True)
    redis = fields.String(required=True)
    version = fields.String(required=True)


class CardSetSchema(Schema):
    id = fields.String(required=True)
    digest = fields.String(required=True, metadata={"description": "SHA-256 of the set's canonical JSON"})
    title = fields.String(required=True)
    cards = fields.Integer(required=True, metadata={"description": "how many cards it has"})
    default = fields.Boolean(required=True, metadata={"description": "what a match uses when it names none"})
    demo = fields.Boolean(required=True, metadata={"description": "shipped with the game"})


class GameSchema(Schema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    version = fields.Integer(required=True)
    seats = fields.List(fields.Integer(), required=True)
    commands = fields.List(fields.String(), required=True)
    options = fields.Dict(metadata={"description": "default options"})
    tables = fields.List(fields.String(), required=True, metadata={"description": "the chance tables it supports"})
    cardsets = fields.List(fields.Nested(CardSetSchema), required=True,
                           metadata={"description": "the card sets a match may name (POST /api/matches cardset)"})


class GamesSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)


class MatchSchema(Schema):
    id = fields.String(required=True, metadata={"pattern": MATCH_ID.pattern})
    game = fields.String(required=True)
    title = fields.String()
    rules_version = fields.Integer()
    header = fields.Dict(required=True, metadata={"description": "the record header, without the seed"})
    seq = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    chain = fields.String(required=True, metadata={"description": "head chain hash"})
    state_hash = fields.String(allow_none=True)
    outcome = fields.Dict(allow_none=True)
    created = fields.String(allow_none=True)
    updated = fields.String(allow_none=True)
    public_when_finished = fields.Boolean()
    listed = fields.Boolean(metadata={"description": "shown in public listings"})
    tournament = fields.String(allow_none=True)


class CreatedMatchSchema(MatchSchema):
    tokens = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                         metadata={"description": "seat id -> player token, and 'recorder'; shown once"})


class MatchListSchema(Schema):
    matches = fields.List(fields.Nested(MatchSchema), required=True)
    next = fields.String(allow_none=True, required=True)


class StateSchema(Schema):
    seq = fields.Integer(required=True)
    perspective = fields.String(required=True)
    view = fields.Dict(required=True)


class LegalSchema(Schema):
    seat = fields.String(required=True)
    seq = fields.Integer(required=True)
    commands = fields.List(fields.Dict(), required=True, metadata={"description": "exactly as they can be posted"})


class AppendResultSchema(Schema):
    seq = fields.Integer(required=True)
    state_hash = fields.String(required=True)
    chain = fields.String(required=True)


class EntrySchema(Schema):
    seq = fields.Integer(required=True)
    at = fields.String(required=True)
    actor = fields.String(required=True)
    by = fields.String(required=True)
    command = fields.Dict(required=True, metadata={"description": "redacted for the perspective"})
    describe = fields.String()
    turn = fields.Integer()
    state_hash = fields.String(required=True)
    chain = fields.String(required=True)


class EntriesSchema(Schema):
    perspective = fields.String(required=True)
    seq = fields.Integer(required=True, metadata={"description": "the match's head seq"})
    entries = fields.List(fields.Nested(EntrySchema), required=True)
    next = fields.Integer(allow_none=True, required=True, metadata={"description": "from= of the next page"})


class AuditEntrySchema(Schema):
    id = fields.String(required=True)
    when = fields.String(required=True)
    role = fields.String(required=True)
    name = fields.String(required=True)
    token = fields.String(metadata={"description": "the first 12 hex digits of the token's hash"})
    match = fields.String(required=True)
    what = fields.String(required=True)
    perspective = fields.String(required=True)
    seq = fields.String()
    remote = fields.String()


class AuditSchema(Schema):
    entries = fields.List(fields.Nested(AuditEntrySchema), required=True)
    next = fields.String(allow_none=True, required=True, metadata={"description": "before= of the next page"})


class NoteSchema(Schema):
    id = fields.String(required=True, metadata={"description": "stays the note's id through edits"})
    step = fields.Integer(required=True)
    text = fields.String(required=True)
    glyph = fields.String(allow_none=True, required=True)
    by = fields.String(required=True)
    at = fields.String(required=True, metadata={"description": "when this version was written (UTC)"})
    edited = fields.Boolean(required=True)
    deleted = fields.Boolean(metadata={"description": "present (true) in the answer to a deletion"})


class NotesSchema(Schema):
    notes = fields.List(fields.Nested(NoteSchema), required=True,
                        metadata={"description": "the notes the caller may read, by step then by age"})


class _Instances:
    """One instance of every schema above, made at import: marshmallow schemas hold no
    per-call state, and building one per request costs more than using it."""

    def __init__(self, namespace: dict) -> None:
        for name, value in namespace.items():
            if isinstance(value, type) and issubclass(value, Schema) and value.__module__ == __name__:
                setattr(self, name, value())


INSTANCES = _Instances(dict(globals()))
