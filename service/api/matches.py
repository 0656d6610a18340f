"""Matches: create, list, read, state at a step, legal commands, append, entries.

Order of checks for a write: the match id's shape (404), the caller's token (401), its
write budget (429), the body (415/413/400), the match (404), the caller's rights on it
(403), then the match service. Nothing is written before the last step, and the match
service itself writes nothing on a refusal. Reads check the match, then the query, then
the perspective asked for (401/403) before any state is computed.
"""
from __future__ import annotations

from flask import current_app, jsonify, url_for

from kifu.replays import canon, judging, registry
from kifu.replays.rules import seat_ids
from kifu.service import auth
from kifu.service.api import bp
from kifu.service.api.context import (
    audit_if_needed,
    count_write,
    json_body,
    kifu,
    load,
    match_id,
    perspective,
    principal,
    query,
    require_principal,
)
from kifu.service.api.schemas import INSTANCES as S
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import BadRequest, Forbidden, NotFound, NotInMatch
from kifu.service.limits import page_size


def match_json(info) -> dict:
    return S.MatchSchema.dump(info.to_json())


def _seats(info) -> list[str]:
    return seat_ids(len(info.header["seats"]))


def _of_game(info, game: str | None):
    """The match, if it is of ``game``: the per-game reads ``/api/games/<game>/matches/<id>/legal``
    and ``.../state`` answer what the generic ones do, documented with that game's own command
    and view schemas (so that a generated client parses a legal list into its game's command
    classes); a match of another game is not there (404)."""
    if game is not None and info.game != game:
        raise NotFound(f"no {game} match {info.id} (it is a {info.game} match: /api/games/{info.game}/...)")
    return info


@bp.post("/matches")
def create_match():
    """A new match, with a player token per seat and a recorder token (shown once).

    ``table`` is where chance outcomes come from; at a physical or observed table ``deal``
    states the set-up's outcomes, and one missing or impossible is a 422 whose ``needs``
    lists what is possible. Admin and recorder tokens (a recorder sets up the tables it
    records; the new match has its own recorder token).
    """
    who = require_principal()
    if not auth.may_create_match(who):
        raise Forbidden(f"a {who.role} token may not create matches; an admin or a recorder does")
    count_write()
    body = load(S.CreateMatchSchema, json_body())
    info = kifu().matches.create(  # checks the game, card set, seat count, options and deal
        body["game"], [seat["name"] for seat in body["seats"]], body["options"], table=body["table"],
        cardset=body["cardset"], deal=body["deal"], tournament=body["tournament"], round=body["round"],
        table_number=body["table_number"], public_when_finished=body["public_when_finished"],
        listed=body["listed"], by=who.name,
    )
    redis = kifu().redis
    tokens = {
        seat: auth.create_token(redis, role="player", name=spec["name"], match=info.id, seat=seat)
        for seat, spec in zip(_seats(info), body["seats"])
    }
    tokens["recorder"] = auth.create_token(redis, role="recorder", name=f"recorder of {info.id}", match=info.id)
    response = jsonify(S.CreatedMatchSchema.dump({**info.to_json(), "tokens": tokens}))
    response.status_code = 201
    response.headers["Location"] = url_for("api.get_match", mid=info.id)
    return response


@bp.get("/matches")
def list_matches():
    q = query(S.ListQuerySchema)
    limit = page_size(q.get("limit"), current_app.config)
    public_only = not auth.sees_all_matches(principal())
    infos, next_cursor = kifu().matches.list(
        game=q.get("game"), status=q.get("status"), tournament=q.get("tournament"), player=q.get("player"),
        public_only=public_only, cursor=q.get("cursor"), limit=limit,
    )
    return jsonify(S.MatchListSchema.dump({"matches": [i.to_json() for i in infos], "next": next_cursor}))


@bp.get("/matches/<mid>")
def get_match(mid: str):
    return jsonify(match_json(kifu().matches.info(match_id(mid))))


@bp.get("/matches/<mid>/state")
@bp.get("/games/<game>/matches/<mid>/state")
def get_state(mid: str, game: str | None = None):
    info = _of_game(kifu().matches.info(match_id(mid)), game)
    q = query(S.StateQuerySchema)
    seen_as = perspective(info, q["as_"])
    info = kifu().matches.as_seen(info, seen_as)  # the broadcast's head is its delayed one
    at = q.get("at")
    if at is not None and at > info.seq:
        raise NotInMatch({"at": [f"beyond the head: the match is at seq {info.seq}"
                                 + (" as broadcast" if seen_as == BROADCAST else "")]})
    step = kifu().matches.view_step(info.id, seen_as, at, line=False)
    audit_if_needed(info, seen_as, what="state", at=step.step)
    return jsonify(S.StateSchema.dump({"seq": step.step, "perspective": seen_as, "view": step.view}))


@bp.get("/matches/<mid>/legal")
@bp.get("/games/<game>/matches/<mid>/legal")
def get_legal(mid: str, game: str | None = None):
    """The seat's legal commands exactly as they can be posted: at a physical or observed
    table a chance command once per possible outcome, so a client needs no other source.
    There the possible outcomes come from everything placed so far, so only a caller that
    may record for the seat lists them."""
    info = _of_game(kifu().matches.info(match_id(mid)), game)
    q = query(S.LegalQuerySchema)
    seat = q["as_"]
    if seat not in _seats(info):
        raise NotInMatch({"as": [f"no seat {seat} in this match; seats: {', '.join(_seats(info))}"]})
    perspective(info, seat)
    if info.header.get("table", "digital") != "digital":
        auth.appender(principal(), info, seat)
    step = kifu().matches.view_step(info.id, seat, line=False, seats=[seat])
    audit_if_needed(info, seat, what="legal", at=step.step)
    return jsonify(S.LegalSchema.dump({"seat": seat, "seq": step.step, "commands": step.seats[0].legal}))


@bp.post("/matches/<mid>/commands")
def post_command(mid: str):
    """Append one command. 201 for a new entry; 200 with the same body when the command id
    was already recorded with this very command (a client retry)."""
    mid = match_id(mid)
    who = require_principal()
    count_write()
    body = load(S.CommandRequestSchema, json_body())
    info = kifu().matches.info(mid)
    command = body["command"]
    if judging.is_judge(command):
        raise BadRequest({"command": {"type": [f"a {command['type']} is recorded through POST "
                                               f"/api/matches/{mid}/judge (audited, its fields filled in)"]}})
    try:
        actor = auth.appender(who, info, command.get("seat"))
        result = kifu().matches.submit(
            mid, command, expected_seq=body["expected_seq"], command_id=body["command_id"], actor=actor,
            by=who.name,
        )
    except BadRequest as exc:
        if type(exc) is BadRequest and some_game_command(command):
            # the document's Command: well-formed, of another game or for a seat this match lacks
            raise NotInMatch(exc.errors, f"not a command of this {info.game} match with "
                                         f"{len(_seats(info))} seats: {exc.errors}") from None
        raise
    answer = S.AppendResultSchema.dump({"seq": result.seq, "state_hash": result.state_hash, "chain": result.chain})
    return jsonify(answer), (200 if result.duplicate else 201)


def some_game_command(command: dict) -> bool:
    """Whether ``command`` is a command of some registered game (what the document allows)."""
    try:
        canon.check_plain(command)
    except TypeError:
        return False
    kind = command.get("type")
    return isinstance(kind, str) and any(kind in game.commands and not game.commands[kind].validate(command) for game in registry.all())


@bp.get("/matches/<mid>/entries")
def get_entries(mid: str):
    info = kifu().matches.info(match_id(mid))
    q = query(S.EntriesQuerySchema)
    seen_as = perspective(info, q["as_"])
    info = kifu().matches.as_seen(info, seen_as)
    first = q["from_"]
    last = min(q.get("to") or info.seq, info.seq)
    cap = int(current_app.config["KIFU_MAX_ENTRIES"])
    next_from = None
    if last - first + 1 > cap:
        last = first + cap - 1
        next_from = last + 1
    items = kifu().matches.history(info.id, seen_as, first, last) if first <= last else []
    audit_if_needed(info, seen_as, what="entries", at=last)
    return jsonify(S.EntriesSchema.dump({"perspective": seen_as, "seq": info.seq, "entries": items,
                                         "next": next_from}))
