"""Records in and out: export a match as JSON Lines, import a record after verifying it.

A record carries every command exactly as recorded (its chain hashes depend on that),
so it cannot be redacted. It is exported whole to those who may see the omniscient view
(judges and admins; everyone once a public match is over), and to anyone else only
while every command in it reads the same from some perspective that caller may use
(a game whose commands name no hidden card); otherwise the answer says which entry is
hidden, and ``/entries?as=`` gives the log redacted for the caller. The seed is in the
header only when the caller may see it: once the match is over, or for a judge
(DESIGN.md, "API and security"). The rule lives in ``kifu.service.exports`` (the web viewer's
export for a signed-in session uses it too).
"""
from __future__ import annotations

from flask import Response, current_app, jsonify, request, url_for

from kifu.service import auth, exports
from kifu.service.api import bp
from kifu.service.api.context import (
    client_ip,
    count_write,
    kifu,
    match_id,
    principal,
    read_body,
    require_principal,
)
from kifu.service.api.errors import BadJson, UnsupportedMediaType
from kifu.service.api.schemas import INSTANCES as S
from kifu.service.errors import Forbidden

JSONL = "application/x-ndjson"
RECORD_TYPES = (JSONL, "application/jsonl", "application/x-jsonlines", "application/json-lines", "text/plain")


@bp.get("/matches/<mid>/export")
def export(mid: str):
    info, record = exports.export_for(kifu().matches, kifu().redis, principal(), match_id(mid),
                                      remote=client_ip())
    response = Response(record.dumps(), mimetype=JSONL)
    response.headers["Content-Disposition"] = f'attachment; filename="{exports.filename(info)}"'
    return response


@bp.post("/import")
def import_record():
    """Import a ``.kifu.jsonl`` record (body: the JSON Lines). It is verified first and
    stored under a new match id only if it verifies; 422 ``unverifiable`` otherwise. A
    record already imported answers its match with 200 (the same header with another log
    is 409 ``import_conflict``)."""
    who = require_principal()
    if not auth.may_import(who):
        raise Forbidden("only an admin token imports records")
    count_write()
    limit = current_app.config["KIFU_MAX_IMPORT"]
    request.max_content_length = limit + 1
    if request.mimetype not in RECORD_TYPES:
        raise UnsupportedMediaType(f"send the record as {JSONL} (got {request.mimetype or 'none'!r})")
    try:
        text = read_body(limit).decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("the record is not UTF-8") from None
    info, created = kifu().matches.import_or_existing(text, by=who.name)
    response = jsonify(S.MatchSchema.dump(info.to_json()))
    # a record already stored answers its match: 200, where a new match is 201
    response.status_code = 201 if created else 200
    response.headers["Location"] = url_for("api.get_match", mid=info.id)
    return response
