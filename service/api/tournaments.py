"""Events under ``/api/events``: Swiss tournaments, rounds, results, standings, deck checks.

Writes check, in the order of ``kifu.service.api.matches``: the event id's shape (404), the
token (401), the write budget (429), the body (415/413/400), then the event service,
which checks the caller's right on the event (403) and the request against the event's
folded state before it appends anything. Reads are public except registered deck lists
and deck checks, which the organizer and judges see.
"""
from __future__ import annotations

from flask import Response, jsonify, request, url_for
from marshmallow import fields, validate

from kifu.service.api import bp
from kifu.service.api.context import count_write, json_body, kifu, load, principal, query, require_principal
from kifu.replays import registry
from kifu.service.api.schemas import NAME, TEXT_LINE, StrictSchema
from kifu.service.text import LINE_PATTERN
from kifu.service import decktext
from kifu.service.decktext import MAX_TEXT as MAX_DECK_TEXT
from kifu.service.errors import BadRequest, Forbidden, NotFound, Unprocessable
from kifu.service.tournaments import EventService
from kifu.service.tournaments import export as exporting
from kifu.service.tournaments import metagame
from kifu.service.tournaments.fold import FORMATS, PENALTIES, TABLES
from kifu.service.tournaments.store import check_event_id
from kifu.service.text import CONTROL, END, SPACES

# --- schemas (documented in service.api.openapi) -------------------------------------

#: a player's name: one line of text (``kifu.service.text``) without a ``/`` (it is a path segment)
PLAYER_NAME = validate.Regexp(rf"^[{SPACES}]*[^{CONTROL}{SPACES}\n/][^{CONTROL}\n/]*{END}",
                              error="one line of text without a '/'")
#: the games an event may play: Swiss pairs two players a table; a game of three seats or more plays in pods
SWISS_GAMES = tuple(game.id for game in registry.all() if 2 in game.seats)
EVENT_GAMES = tuple(game.id for game in registry.all())
#: JSON data without floats (``canon.check_plain``, what ``json_body`` reads), three levels deep: a deck list
_SCALARS = [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"enum": [None]}]
_FLAT = [*_SCALARS, {"type": "array", "items": {"anyOf": _SCALARS}},
         {"type": "object", "additionalProperties": {"anyOf": _SCALARS}}]
DECK = {"anyOf": [{"type": "string", "maxLength": MAX_DECK_TEXT}, *_SCALARS[1:],
                  {"type": "array", "items": {"anyOf": _FLAT}},
                  {"type": "object", "additionalProperties": {"anyOf": _FLAT}}],
        "description": "the game's per-seat deck list (options.decks.<seat>'s shape, GET /api/games), or, for a "
                       "game with deck lists in text (hocg, heroes_placement), the text players paste (a heading "
                       "per area, `<count> <card>` lines); one the game's own deck check refuses is 422 "
                       "deck_problem, every problem named (with its line, for text)"}


class InfractionSchema(StrictSchema):
    name = fields.String(required=True, validate=[validate.Length(min=1, max=100), TEXT_LINE])
    penalty = fields.String(required=True, validate=validate.OneOf(PENALTIES))


class CreateEventSchema(StrictSchema):
    name = fields.String(required=True, validate=[validate.Length(min=1, max=100), TEXT_LINE])
    # the document lists the registry's games; the server asks its MatchService (tests add games), 400 otherwise
    game = fields.String(required=True, validate=validate.Length(min=1, max=64), metadata={
        "enum": list(EVENT_GAMES), "description": "a game (GET /api/games): Swiss tables of two, or pods for a game "
                                                  "of three seats or more (see pods)"})
    format = fields.String(load_default="bo1", validate=validate.OneOf(FORMATS),
                           metadata={"description": "bo1 (best of one) or bo3 (best of three)"})
    rounds = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=20),
                            metadata={"description": "Swiss rounds"})
    top_cut = fields.Integer(strict=True, load_default=0, validate=validate.OneOf((0, 2, 4, 8, 16, 32)))
    table = fields.String(load_default="digital", validate=validate.OneOf(TABLES), metadata={
        "description": "digital: every table's match is created at pairing, with player tokens; physical or "
                       "observed: each table's recorder creates its games through the event with the deal "
                       "(POST .../tables/{table}/games), or a record made elsewhere is attached, or the "
                       "players report the result"})
    cardset = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=64), metadata={
        "description": "id or digest of a stored card set of the game (GET /api/games); another is 422 "
                       "unknown_cardset; default: its demo set"})
    options = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True, metadata={"anyOf": _FLAT}),
                          load_default=dict, metadata={
        "description": "the game's options for every match (GET /api/games), without deck lists (the players' "
                       "registrations hold them); options the game refuses are 422"})
    feature_tables = fields.List(fields.Integer(strict=True, validate=validate.Range(min=1, max=10000)),
                                 load_default=list, validate=validate.Length(max=100),
                                 metadata={"description": "tables that get a recorder token"})
    infractions = fields.List(fields.Nested(InfractionSchema), load_default=None, allow_none=True,
                              validate=validate.Length(min=1, max=100),
                              metadata={"description": "the infraction table; default: a standard one"})
    judges = fields.List(fields.String(validate=NAME), load_default=list, validate=validate.Length(max=100),
                         metadata={"description": "judges' token names"})
    head_judge = fields.String(load_default=None, allow_none=True, validate=NAME)
    pods = fields.Dict(load_default=None, allow_none=True, metadata={
        "description": "a game of three seats or more (rolling_stone, senbu_rinki): its pods' settings, each "
                       "optional: sizes (seat counts), size (preferred), scoring (placement: points by final rank, "
                       "default 4-2-1-0 / 4-2-0; side: win/loss points, default 3/0, each player of the winning "
                       "side), points ({\"4\": [4, 2, 1, 0], ...} or {win, loss}), bye (points)"})


class PlayerSchema(StrictSchema):
    name = fields.String(required=True, validate=[NAME[0], PLAYER_NAME])  # PLAYER_NAME is TEXT_LINE less "/"
    deck = fields.Raw(load_default=None, allow_none=True, metadata=DECK)


class DeckSchema(StrictSchema):
    deck = fields.Raw(required=True, allow_none=True, metadata=DECK)


class StaffSchema(StrictSchema):
    judges = fields.List(fields.String(validate=NAME), required=True, validate=validate.Length(max=100))
    head_judge = fields.String(load_default=None, allow_none=True, validate=NAME)


class InfractionsSchema(StrictSchema):
    infractions = fields.List(fields.Nested(InfractionSchema), required=True, validate=validate.Length(min=1, max=100))


class ResultSchema(StrictSchema):
    wins = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=3)), load_default=None,
                       validate=validate.Length(equal=2),
                       metadata={"description": "game wins, in the order of the table's players (a two-player table)"})
    draws = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3))
    places = fields.List(fields.Integer(strict=True, validate=validate.Range(min=1, max=10)), load_default=None,
                         validate=validate.Length(min=3, max=10), metadata={
        "description": "a pod's result (a judge's): each player's place in the pod's order, equal places shared "
                       "(1, 1, 3); side scoring: 1 for the winning side, 2 for the other"})


class AttachSchema(StrictSchema):
    match = fields.String(required=True, validate=validate.Length(min=1, max=64))


#: an outcome of a deal as a JSON schema: JSON data without floats (``canon.check_plain``),
#: as ``kifu.service.api.openapi.PLAIN`` states it for a new match's deal
_OUTCOME = [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"enum": [None]}]
OUTCOME = {"anyOf": [*_OUTCOME, {"type": "array", "items": {"anyOf": _OUTCOME}},
                     {"type": "object", "additionalProperties": {"anyOf": _OUTCOME}}]}


class NewGameSchema(StrictSchema):
    deal = fields.List(fields.Raw(allow_none=True, metadata=OUTCOME), required=True,
                       validate=validate.Length(max=1000), metadata={
        "description": "the set-up's chance outcomes as the recorder saw them (a card id each; null where an "
                       "observed table did not see it), as POST /api/matches takes them"})


_REF = {"anyOf": [{"type": "string"}, {"type": "integer"}],
        "description": "a registered player's name (case and width aside) or id (its registration number, "
                       "1 up, as the exports' ID column gives it)"}


class ExternalTableSchema(StrictSchema):
    table = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=10000))
    players = fields.List(fields.Raw(metadata=_REF), required=True, validate=validate.Length(min=1, max=10),
                          metadata={"description": "two players (a pod event: the game's seat count), or one: a bye"})


class ExternalRoundSchema(StrictSchema):
    tables = fields.List(fields.Nested(ExternalTableSchema), load_default=None, allow_none=True,
                         validate=validate.Length(min=1, max=500),  # a 1,000-player round, within the body limit
                         metadata={"description": "the round's tables as paired elsewhere"})
    csv = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=30_000),
                        metadata={"description": "or the same as CSV: table,player,player (a header row "
                                                 "`table,...` may come first; one player is a bye)"})


class ImportResultSchema(StrictSchema):
    round = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    table = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    wins = fields.List(fields.Integer(strict=True, validate=validate.Range(min=0, max=3)),
                       validate=validate.Length(equal=2),
                       metadata={"description": "game wins, in the order of `players` (else the table's); "
                                                "a two-player table's result"})
    draws = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3))
    places = fields.List(fields.Integer(strict=True, validate=validate.Range(min=1, max=10)),
                         validate=validate.Length(min=3, max=10), metadata={
                             "description": "a pod's result: each player's place, in the order of `players` (else "
                                            "the pod's); `side` scoring: 1 the winning side, 2 the other"})
    players = fields.List(fields.Raw(metadata=_REF), validate=validate.Length(min=2, max=10),
                          metadata={"description": "the table's players, checked; another order reorders the "
                                                   "wins or places"})


class ImportResultsSchema(StrictSchema):
    results = fields.List(fields.Nested(ImportResultSchema), load_default=None, allow_none=True,
                          validate=validate.Length(min=1, max=500))  # a round's tables, within the body limit
    csv = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=30_000), metadata={
        "description": "or CSV with a header: round,table and result (W-L-D, or bye; the pairings export) or "
                       "wins_a,wins_b,draws (the results export), player_a,player_b optional and checked; a pod "
                       "event's: round,table,places[,players] (;-separated, as its results export)"})


class ImportedSchema(StrictSchema):
    entered = fields.List(fields.Dict(), required=True, metadata={"description": "{round, table, wins, draws}"})


class ArchetypeSchema(StrictSchema):
    archetype = fields.String(required=True, allow_none=True, validate=[
        validate.Length(max=100), validate.Regexp(f"^$|{LINE_PATTERN}", error="one line of text, or empty")], metadata={
        "description": "the player's archetype in the metagame; null (or empty): the one read from the deck list"})


class MetagameSchema(StrictSchema):
    event = fields.String(metadata={"description": "the event (an event's metagame)"})
    name = fields.String()
    game = fields.String(required=True)
    events = fields.List(fields.Dict(), metadata={"description": "the events counted (a game's metagame)"})
    players = fields.Integer(required=True)
    archetypes = fields.List(fields.Dict(), required=True, metadata={
        "description": "archetype, players, share, matches, wins, losses, draws, win_rate ((wins + draws/2) / "
                       "matches; byes and mirrors left out), ci (95% Wilson interval), mirrors"})
    matrix = fields.List(fields.Dict(), required=True, metadata={
        "description": "per archetype (row): against each archetype (column) the row's matches, wins, losses, "
                       "draws, win_rate, ci"})
    decks = fields.Dict(metadata={"description": "player -> archetype (the organizer and judges only)"})


class ExportQuerySchema(StrictSchema):
    what = fields.String(load_default="standings", validate=validate.OneOf(exporting.WHATS))
    format = fields.String(load_default="json", validate=validate.OneOf(exporting.FORMATS))


class EventSchema(StrictSchema):
    event = fields.Dict(required=True, metadata={"description": "the folded event: settings, players, rounds"})
    rounds = fields.List(fields.Dict(), required=True, metadata={"description": "tables with games and results"})
    standings = fields.List(fields.Dict(), required=True,
                            metadata={"description": "rank, player, points, record, mwp, omwp, gwp, ogwp"})
    bracket = fields.List(fields.Dict(), required=True)
    next = fields.String(required=True, metadata={"description": "swiss, top, wait (a round is playing) or done"})


class EventListSchema(StrictSchema):
    events = fields.List(fields.Dict(), required=True)


class RoundSchema(StrictSchema):
    round = fields.Integer(required=True)
    stage = fields.String(required=True)
    tables = fields.List(fields.Dict(), required=True)
    tokens = fields.Dict(metadata={"description": "table -> seat -> player token (and recorder); shown once"})


class TableSchema(StrictSchema):
    table = fields.Integer(required=True)
    players = fields.List(fields.String(), required=True)
    feature = fields.Boolean()
    matches = fields.List(fields.String(), required=True)
    seats = fields.List(fields.Dict())
    games = fields.List(fields.Dict())
    result = fields.Dict(allow_none=True, required=True)
    reported = fields.List(fields.String())


class NewGameAnswerSchema(StrictSchema):
    table = fields.Dict(required=True, metadata={"description": "the table, its new game attached"})
    game = fields.Integer(required=True, metadata={"description": "the game's number at the table (1-based)"})
    match = fields.String(required=True)
    tokens = fields.Dict(required=True, metadata={"description": "a recorder token of the new match; shown once"})


class TableTokensSchema(StrictSchema):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    game = fields.Integer(required=True)
    match = fields.String(required=True)
    tokens = fields.Dict(required=True, metadata={"description": "seat (or recorder) -> token; shown once"})


class SyncSchema(StrictSchema):
    games = fields.List(fields.Dict(), required=True, metadata={"description": "new games, with tokens (shown once)"})
    deck_calls = fields.List(fields.Dict(), required=True, metadata={"description": "judge calls opened"})


class DeckChecksSchema(StrictSchema):
    checks = fields.List(fields.Dict(), required=True)


SCHEMAS = {
    "CreateEvent": CreateEventSchema, "EventPlayer": PlayerSchema, "EventDeck": DeckSchema,
    "EventStaff": StaffSchema, "EventInfractions": InfractionsSchema, "TableResult": ResultSchema,
    "AttachMatch": AttachSchema, "Event": EventSchema, "EventList": EventListSchema, "Round": RoundSchema,
    "Table": TableSchema, "EventSync": SyncSchema, "DeckChecks": DeckChecksSchema, "NewTableGame": NewGameSchema,
    "TableGame": NewGameAnswerSchema, "TableTokens": TableTokensSchema, "ExternalRound": ExternalRoundSchema,
    "ImportResults": ImportResultsSchema, "ImportedResults": ImportedSchema, "EventArchetype": ArchetypeSchema,
    "Metagame": MetagameSchema,
}
_S = {name: schema() for name, schema in SCHEMAS.items()}
_EXPORT_QUERY = ExportQuerySchema()


# --- helpers ----------------------------------------------------------------------------

def events() -> EventService:
    return EventService(kifu().redis, kifu().matches)


def sees_decks(who, state) -> bool:
    """Registered deck lists are the organizer's and the judges' to see."""
    return events().may_judge(state, who)


def visible(summary: dict, who) -> dict:
    if not sees_decks(who, summary["event"]):
        players = {n: {k: v for k, v in p.items() if k != "deck"} for n, p in summary["event"]["players"].items()}
        summary = {**summary, "event": {**summary["event"], "players": players}}
    return summary


def _organizer():
    who = require_principal()
    if who.role != "admin":
        raise Forbidden(f"a {who.role} token may not run events; the organizer (admin) does")
    return who


def _write(eid: str | None = None, schema: str | None = None):
    """The write prologue: id shape, token, budget, body."""
    if eid is not None:
        check_event_id(eid)
    who = require_principal()
    count_write()
    body = load(_S[schema], json_body()) if schema else {}
    return who, body


# --- routes -----------------------------------------------------------------------------

@bp.post("/events")
def create_event():
    """A new event (admin): game, format, rounds, top cut, tables, infractions, judges."""
    _organizer()
    who, body = _write(schema="CreateEvent")
    state = events().create(body, by=who.name)
    response = jsonify(_S["Event"].dump(events().summary(state["id"])))
    response.status_code = 201
    response.headers["Location"] = url_for("api.get_event", eid=state["id"])
    return response


@bp.get("/events")
def list_events():
    return jsonify(_S["EventList"].dump({"events": events().list()}))


@bp.get("/events/<eid>")
def get_event(eid: str):
    summary = events().summary(check_event_id(eid))
    return jsonify(_S["Event"].dump(visible(summary, principal())))


def _admin_write(eid: str, schema: str | None):
    who, body = _write(eid, schema)
    if who.role != "admin":
        raise Forbidden(f"a {who.role} token may not run events; the organizer (admin) does")
    return who, body


@bp.post("/events/<eid>/players")
def register_player(eid: str):
    """Register a player (late registration too) with a deck list the game accepts."""
    who, body = _admin_write(eid, "EventPlayer")
    events().register(eid, body["name"], body["deck"], by=who.name)
    return jsonify(_S["Event"].dump(visible(events().summary(eid), who))), 201


@bp.post("/events/<eid>/players/<name>/deck")
def set_deck(eid: str, name: str):
    who, body = _admin_write(eid, "EventDeck")
    events().set_deck(eid, name, body["deck"], by=who.name)
    return jsonify(_S["Event"].dump(visible(events().summary(eid), who))), 201


@bp.post("/events/<eid>/players/<name>/drop")
def drop_player(eid: str, name: str):
    who, _ = _admin_write(eid, None)
    events().drop(eid, name, by=who.name)
    return jsonify(_S["Event"].dump(visible(events().summary(eid), who))), 201


@bp.post("/events/<eid>/staff")
def set_staff(eid: str):
    who, body = _admin_write(eid, "EventStaff")
    events().set_staff(eid, body["judges"], body["head_judge"], by=who.name)
    return jsonify(_S["Event"].dump(visible(events().summary(eid), who))), 201


@bp.post("/events/<eid>/infractions")
def set_infractions(eid: str):
    who, body = _admin_write(eid, "EventInfractions")
    events().set_infractions(eid, body["infractions"], by=who.name)
    return jsonify(_S["Event"].dump(visible(events().summary(eid), who))), 201


@bp.post("/events/<eid>/rounds")
def pair_round(eid: str):
    """Pair the next round (Swiss or top cut), or take it as paired elsewhere (a body of
    tables or CSV); the answer holds the tokens, shown once."""
    given = None
    if request.content_length or request.mimetype:
        who, body = _admin_write(eid, "ExternalRound")
        if (body["tables"] is None) == (body["csv"] is None):
            raise Unprocessable({"tables": ["give tables or csv (one of them), or no body for kifu's pairing"]})
        given = body["csv"] if body["tables"] is None else body["tables"]
    else:
        who, _ = _admin_write(eid, None)
    return jsonify(_S["Round"].dump(events().pair(eid, by=who.name, tables=given))), 201


@bp.post("/events/<eid>/results")
def import_results(eid: str):
    """Results in bulk (a judge or the organizer): every row checked, all written or none."""
    who, body = _write(eid, "ImportResults")
    if (body["results"] is None) == (body["csv"] is None):
        raise Unprocessable({"results": ["give results or csv (one of them)"]})
    data = body["csv"] if body["results"] is None else body["results"]
    return jsonify(_S["ImportedResults"].dump(events().import_results(eid, data, who))), 201


@bp.get("/events/<eid>/rounds/<int:number>")
def get_round(eid: str, number: int):
    summary = events().summary(check_event_id(eid))
    for played in summary["rounds"]:
        if played["number"] == number:
            return jsonify(_S["Round"].dump({"round": number, "stage": played["stage"], "tables": played["tables"]}))
    raise NotFound(f"no round {number} in event {eid}")


@bp.post("/events/<eid>/rounds/<int:number>/tables/<int:table>/report")
def report_result(eid: str, number: int, table: int):
    """A player reports the table's result with a player token of its games; both must agree."""
    who, body = _write(eid, "TableResult")
    return jsonify(_S["Table"].dump(events().report(eid, number, table, who, body["wins"], body["draws"]))), 201


@bp.post("/events/<eid>/rounds/<int:number>/tables/<int:table>/result")
def enter_result(eid: str, number: int, table: int):
    """A judge or the organizer enters the table's result: final."""
    who, body = _write(eid, "TableResult")
    return jsonify(_S["Table"].dump(events().enter_result(eid, number, table, who, body["wins"], body["draws"],
                                                          body["places"]))), 201


@bp.post("/events/<eid>/rounds/<int:number>/tables/<int:table>/attach")
def attach_match(eid: str, number: int, table: int):
    """Attach a record of the table made elsewhere (physical or observed) as its next game."""
    who, body = _write(eid, "AttachMatch")
    return jsonify(_S["Table"].dump(events().attach(eid, number, table, body["match"], who))), 201


@bp.post("/events/<eid>/rounds/<int:number>/tables/<int:table>/games")
def create_table_game(eid: str, number: int, table: int):
    """A physical or observed table's next game, created by its recorder with the deal and attached."""
    who, body = _write(eid, "NewTableGame")
    return jsonify(_S["TableGame"].dump(events().create_game(eid, number, table, who, body["deal"]))), 201


@bp.post("/events/<eid>/rounds/<int:number>/tables/<int:table>/tokens")
def table_tokens(eid: str, number: int, table: int):
    """Tokens of the table's current game: a player's own seat, the recorder's, or every seat for judges."""
    who, _ = _write(eid, None)
    return jsonify(_S["TableTokens"].dump(events().tokens(eid, number, table, who))), 201


@bp.post("/events/<eid>/sync")
def sync_event(eid: str):
    """Create due best-of-3 games (tokens shown once) and open judge calls for deck-check mismatches."""
    who, _ = _write(eid, None)
    svc = events()
    if not svc.may_judge(svc.state(eid), who):
        raise Forbidden("the organizer or one of the event's judges syncs the event")
    return jsonify(_S["EventSync"].dump(svc.sync(eid, by=who.name))), 201


@bp.get("/events/<eid>/standings")
def get_standings(eid: str):
    summary = events().summary(check_event_id(eid))
    return jsonify({"event": eid, "standings": summary["standings"], "bracket": summary["bracket"]})


@bp.get("/events/<eid>/export")
def export_event(eid: str):
    """Standings or pairings as JSON or CSV (``?what=standings|pairings&format=json|csv``)."""
    q = query(_EXPORT_QUERY)
    summary = events().summary(check_event_id(eid))
    body, content_type = exporting.render(summary, q["what"], q["format"])
    response = Response(body, content_type=content_type)
    response.headers["Content-Disposition"] = f'attachment; filename="{eid}-{q["what"]}.{q["format"]}"'
    return response


@bp.get("/events/<eid>/metagame")
def get_metagame(eid: str):
    """The event's metagame: archetypes, shares, win rates (Wilson), matchups; who played
    what only to the organizer and judges."""
    svc = events()
    found = svc.metagame(check_event_id(eid))
    state = svc.state(eid)
    if sees_decks(principal(), state):
        rules = svc.bound_rules(state["game"], state["cardset"])
        found["decks"] = {n: p.get("archetype") or metagame.archetype_of(rules, p.get("deck")) for n, p in
                          state["players"].items()}
    return jsonify(_S["Metagame"].dump(found))


@bp.get("/metagame/<game>")
def get_game_metagame(game: str):
    """A game's metagame across its events."""
    try:
        kifu().matches.game(game)
    except KeyError:
        raise NotFound(f"no game {game!r}") from None
    return jsonify(_S["Metagame"].dump(events().game_metagame(game)))


@bp.post("/events/<eid>/players/<name>/archetype")
def set_archetype(eid: str, name: str):
    """The organizer names a player's archetype (null: read it from the deck list)."""
    who, body = _admin_write(eid, "EventArchetype")
    events().set_archetype(eid, name, body["archetype"], by=who.name)
    return get_metagame(eid), 201


@bp.get("/events/<eid>/deck-checks")
def get_deck_checks(eid: str):
    """Deck checks from the records of physical and observed games (organizer and judges)."""
    svc = events()
    state = svc.state(check_event_id(eid))
    who = require_principal()
    if not svc.may_judge(state, who):
        raise Forbidden("deck checks are for the organizer and the event's judges")
    return jsonify(_S["DeckChecks"].dump({"checks": svc.deck_checks(eid)}))


@bp.get("/events/<eid>/players/<name>/deck")
def get_deck_text(eid: str, name: str):
    """A player's registered deck list as the text it may be registered with (organizer and judges)."""
    svc = events()
    state = svc.state(check_event_id(eid))
    who = require_principal()
    if not svc.may_judge(state, who):
        raise Forbidden("registered deck lists are for the organizer and the event's judges")
    player = state["players"].get(name)
    if player is None:
        raise NotFound(f"no player {name!r} in event {eid}")
    rules = svc.bound_rules(state["game"], state["cardset"])
    if player.get("deck") is None or decktext.form_of(rules) is None:
        raise NotFound(f"{name!r} has no registered deck list" + ("" if decktext.form_of(rules) else
                                                                 f" ({rules.id} has no deck lists in text)"))
    return Response(decktext.as_text(rules, player["deck"]) + "\n", mimetype="text/plain")


# --- OpenAPI (service.api.openapi calls this with its own helpers) ------------------------

EID = {"name": "eid", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^ev[0-9a-hjkmnp-tv-z]{20}$"}}
ROUND = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
TABLE = {"name": "table", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
PLAYER = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}


def document(spec, ok, errors, bearer) -> None:
    """Register the events schemas and paths on ``spec`` (an apispec ``APISpec``)."""
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)

    def write(summary, body, answer, *codes):
        # 422: what the event's state, the game or a relation between fields refuses (service.errors.Unprocessable)
        responses = {**ok("written", answer, 201), **errors(400, 401, 403, 404, 409, 413, 415, 422, 429, *codes)}
        op = {"summary": summary, "security": bearer, "responses": responses}
        if body:
            op["requestBody"] = {"required": True, "content": {"application/json": {"schema": body}}}
        return op

    spec.path(path="/api/events", operations={
        "get": {"summary": "Events, newest first", "responses": ok("the events", "EventList")},
        "post": write("Create an event (admin): game, format, Swiss rounds, top cut, tables, infractions, judges",
                      "CreateEvent", "Event")})
    spec.path(path="/api/events/{eid}", parameters=[EID], operations={"get": {
        "summary": "The event: players (deck lists to the organizer and judges), rounds with each table's games and "
                   "result, standings (points, OMW%, GW%, OGW%), the top cut bracket, and what comes next",
        "responses": {**ok("the event", "Event"), **errors(404)}}})
    spec.path(path="/api/events/{eid}/players", parameters=[EID], operations={"post": write(
        "Register a player (admin; late registration until the top cut) with a deck list the game's own deck check "
        "accepts (every problem named otherwise)", "EventPlayer", "Event")})
    spec.path(path="/api/events/{eid}/players/{name}/deck", parameters=[EID, PLAYER], operations={
        "post": write("Correct a player's registered deck list (admin)", "EventDeck", "Event"),
        "get": {"summary": "A player's registered deck list as text (a heading per area, `<count> <card>  # name` "
                           "lines), what registration takes back (organizer and judges)", "security": bearer,
                "responses": {200: {"description": "the deck list",
                                    "content": {"text/plain": {"schema": {"type": "string"}}}},
                              **errors(401, 403, 404)}}})
    spec.path(path="/api/events/{eid}/players/{name}/drop", parameters=[EID, PLAYER], operations={
        "post": write("Drop a player (admin): not paired from the next round, kept in the standings", None, "Event")})
    spec.path(path="/api/events/{eid}/staff", parameters=[EID], operations={
        "post": write("Set the event's judges and head judge (token names; admin)", "EventStaff", "Event")})
    spec.path(path="/api/events/{eid}/infractions", parameters=[EID], operations={
        "post": write("Set the infraction table (admin)", "EventInfractions", "Event")})
    pairing = write(
        "Pair the next round (admin): Swiss as a maximum-weight matching, or the top cut, appended before any match "
        "exists; at a digital event each table's match is then created with a player token per seat (a recorder "
        "token at feature tables); at a physical or observed one each table gets a recorder token and a player token "
        "per player, bound to the table (its recorder creates each game with the deal); tokens shown once. With a "
        "body (tables, or CSV table,player,player) a Swiss round paired elsewhere is taken as given, each player "
        "matched by name or id; an unknown, dropped, doubled or missing player is 422 with every problem named, "
        "nothing written", "ExternalRound", "Round")
    pairing["requestBody"]["required"] = False  # no body: kifu pairs the round
    spec.path(path="/api/events/{eid}/rounds", parameters=[EID], operations={"post": pairing})
    spec.path(path="/api/events/{eid}/results", parameters=[EID], operations={"post": write(
        "Import results in bulk (a judge of the event or the organizer; final, as .../result): JSON rows or CSV "
        "(the pairings or results export); every problem named and nothing written if any row is refused",
        "ImportResults", "ImportedResults")})
    spec.path(path="/api/events/{eid}/rounds/{number}", parameters=[EID, ROUND], operations={"get": {
        "summary": "One round's tables, games and results", "responses": {**ok("the round", "Round"), **errors(404)}}})
    spec.path(path="/api/events/{eid}/rounds/{number}/tables/{table}/report", parameters=[EID, ROUND, TABLE],
              operations={"post": write("A player reports the result with a player token of the table's games; it "
                                        "stands once both players report the same", "TableResult", "Table")})
    spec.path(path="/api/events/{eid}/rounds/{number}/tables/{table}/result", parameters=[EID, ROUND, TABLE],
              operations={"post": write("A judge of the event (or the organizer) enters the result: final",
                                        "TableResult", "Table")})
    spec.path(path="/api/events/{eid}/rounds/{number}/tables/{table}/attach", parameters=[EID, ROUND, TABLE],
              operations={"post": write("Attach a record of the table made elsewhere (its header names this event, "
                                        "round and table; its seats the table's players)", "AttachMatch", "Table")})
    spec.path(path="/api/events/{eid}/rounds/{number}/tables/{table}/games", parameters=[EID, ROUND, TABLE],
              operations={"post": write("A physical or observed table's next game, created with the recorder's deal "
                                        "(its recorder token, a judge or the organizer) and attached to the table; "
                                        "the answer holds a recorder token of the match, shown once",
                                        "NewTableGame", "TableGame")})
    spec.path(path="/api/events/{eid}/rounds/{number}/tables/{table}/tokens", parameters=[EID, ROUND, TABLE],
              operations={"post": write("Tokens of the table's current game (shown once): a player of the table gets "
                                        "its own seat's (with any token of the table), the recorder a recorder's, the "
                                        "event's judges and the organizer every seat's", None, "TableTokens")})
    spec.path(path="/api/events/{eid}/sync", parameters=[EID], operations={"post": write(
        "Create each due game now (reads of the event create them too; once each; tokens of the games this call "
        "created shown once) and open a judge call for each deck-check mismatch (organizer or the event's judges)",
        None, "EventSync")})
    spec.path(path="/api/events/{eid}/standings", parameters=[EID], operations={"get": {
        "summary": "Standings and bracket", "responses": {200: {"description": "standings",
                                                                "content": {"application/json": {"schema": {"type": "object"}}}},
                                                          **errors(404)}}})
    spec.path(path="/api/events/{eid}/export", parameters=[EID], operations={"get": {
        "summary": "Standings (Rank, Player, ID, Points, Record W-L-D, OMW%, GW%, OGW%), pairings or results as "
                   "JSON or CSV (the pairings and results exports import back: POST .../results)",
        "parameters": [{"in": "query", "schema": ExportQuerySchema}],
        "responses": {200: {"description": "the export", "content": {"text/csv": {"schema": {"type": "string"}},
                                                                    "application/json": {"schema": {"type": "object"}}}},
                      **errors(400, 404)}}})
    spec.path(path="/api/events/{eid}/metagame", parameters=[EID], operations={"get": {
        "summary": "The event's metagame: archetypes (hOCG: oshi / the holomem name with most copies in the main "
                   "deck, or the organizer's name), share, match win rate with a 95% Wilson interval, matchup "
                   "matrix; who played what (decks) to the organizer and judges only",
        "responses": {**ok("the metagame", "Metagame"), **errors(404)}}})
    spec.path(path="/api/events/{eid}/players/{name}/archetype", parameters=[EID, PLAYER], operations={
        "post": write("Name a player's archetype in the metagame (admin; null: read from the deck list)",
                      "EventArchetype", "Metagame")})
    spec.path(path="/api/metagame/{game}", parameters=[{"name": "game", "in": "path", "required": True,
                                                        "schema": {"type": "string"}}], operations={"get": {
        "summary": "A game's metagame across its events (the newest 100)",
        "responses": {**ok("the metagame", "Metagame"), **errors(404)}}})
    spec.path(path="/api/events/{eid}/deck-checks", parameters=[EID], operations={"get": {
        "summary": "Deck checks from the records of physical and observed games: cards seen more often than the "
                   "registered list holds them (organizer and judges)", "security": bearer,
        "responses": {**ok("the mismatches", "DeckChecks"), **errors(401, 403, 404)}}})
