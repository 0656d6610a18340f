"""Records in and out: export a match as JSON Lines, import a record after verifying it.

A record carries every command exactly as recorded (its chain hashes depend on that),
so it cannot be redacted. It is exported whole to those who may see the omniscient view
(judges and admins; everyone once a public match is over), and to anyone else only
while every command in it reads the same from some perspective that caller may use
(a game whose commands name no hidden card); otherwise the answer says which entry is
hidden, and ``/entries?as=`` gives the log redacted for the caller. The seed is in the
header only when the caller may see it: once the match is over, or for a judge
(DESIGN.md, "API and security").
"""
from __future__ import annotations

from flask import Response, current_app, jsonify, request, url_for

from replays.rules import OMNISCIENT
from service import auth
from service.api import bp
from service.api.context import (
    audit_if_needed,
    count_write,
    kifu,
    match_id,
    principal,
    require_principal,
)
from service.api.errors import BadJson, UnsupportedMediaType
from service.api.schemas import INSTANCES as S
from service.errors import Forbidden, Unauthorized

JSONL = "application/x-ndjson"
RECORD_TYPES = (JSONL, "application/jsonl", "application/x-jsonlines", "application/json-lines", "text/plain")


@bp.get("/matches/<mid>/export")
def export(mid: str):
    info = kifu().matches.info(match_id(mid))
    who = principal()
    allowed = auth.perspectives_for(who, info)
    include_seed = auth.may_see_seed(who, info)
    record = kifu().matches.export(info.id, include_seed=include_seed)
    if OMNISCIENT in allowed:
        audit_if_needed(info, OMNISCIENT, what="export" + (" with seed" if include_seed else ""))
    else:
        hidden = first_hidden_entry(info, record, allowed)
        if hidden is not None:
            message = (f"entry {hidden} records something hidden from you, so the record of this match is "
                       "exported only to judges until it is over and public; GET /entries?as=... gives the "
                       "log as you may read it")
            raise (Unauthorized if who is None else Forbidden)(message)
    response = Response(record.dumps(), mimetype=JSONL)
    response.headers["Content-Disposition"] = f'attachment; filename="{info.id}.kifu.jsonl"'
    return response


def first_hidden_entry(info, record, perspectives: list[str]) -> int | None:
    """The first seq whose command none of ``perspectives`` reads as recorded, or None."""
    count = len(record.entries)
    if count == 0:
        return None
    readable = [False] * count
    for perspective in perspectives:
        for i, item in enumerate(kifu().matches.history(info.id, perspective, 1, count)):
            readable[i] = readable[i] or item["command"] == record.entries[i]["command"]
        if all(readable):
            return None
    return readable.index(False) + 1


@bp.post("/import")
def import_record():
    """Import a ``.kifu.jsonl`` record (body: the JSON Lines). It is verified first and
    stored under a new match id only if it verifies; 422 ``unverifiable`` otherwise."""
    who = require_principal()
    if not auth.may_import(who):
        raise Forbidden("only an admin token imports records")
    count_write()
    request.max_content_length = current_app.config["KIFU_MAX_IMPORT"]
    if request.mimetype not in RECORD_TYPES:
        raise UnsupportedMediaType(f"send the record as {JSONL} (got {request.mimetype or 'none'!r})")
    try:
        text = request.get_data(cache=True).decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("the record is not UTF-8") from None
    info = kifu().matches.import_record(text, by=who.name)
    response = jsonify(S.MatchSchema.dump(info.to_json()))
    response.status_code = 201
    response.headers["Location"] = url_for("api.get_match", mid=info.id)
    return response
