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
    json_body,
    kifu,
    load,
    match_id,
    principal,
    read_body,
    require_principal,
)
from kifu.service.api.errors import BadJson, UnsupportedMediaType
from kifu.service.api.schemas import INSTANCES as S
from kifu.service.errors import Forbidden, TooLarge

JSONL = "application/x-ndjson"
RECORD_TYPES = (JSONL, "application/jsonl", "application/x-jsonlines", "application/json-lines", "text/plain")


@bp.get("/matches/<mid>/export")
def export(mid: str):
    info, record = exports.export_for(kifu().matches, kifu().redis, principal(), match_id(mid),
                                      remote=client_ip())
    response = jsonl_response(record.dumps())
    response.headers["Content-Disposition"] = f'attachment; filename="{exports.filename(info)}"'
    return response


def jsonl_response(text: str) -> Response:
    """JSON Lines text as ``application/x-ndjson``, or as ``text/plain`` to a client whose
    Accept prefers it (the same bytes; for clients that read only text/* as text)."""
    best = request.accept_mimetypes.best_match([JSONL, "text/plain"])
    return Response(text, mimetype="text/plain" if best == "text/plain" else JSONL)


def jsonl_text(limit: int, *, types: tuple[str, ...], schema, field: str, what: str) -> str:
    """The JSON Lines text of an import's body: sent as JSON Lines (one of ``types``), or as
    JSON ``{field: "<the same text>"}`` (``schema``) for clients that send only JSON bodies;
    either way at most ``limit`` bytes of text."""
    if request.mimetype == "application/json":
        # JSON escapes (a quote, a newline) may double the text's size: the text itself is what is capped
        text = load(schema, json_body(max_bytes=2 * limit + 1024))[field]
        if len(text.encode("utf-8")) > limit:
            raise TooLarge(f"the {what} is larger than {limit} bytes")
        return text
    request.max_content_length = limit + 1
    if request.mimetype not in types:
        raise UnsupportedMediaType(f"send the {what} as {JSONL}, or as application/json {{\"{field}\": ...}} "
                                   f"(got {request.mimetype or 'none'!r})")
    try:
        return read_body(limit).decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson(f"the {what} is not UTF-8") from None


@bp.post("/import")
def import_record():
    """Import a ``.kifu.jsonl`` record (body: the JSON Lines, or JSON ``{"record": "<the JSON
    Lines>"}``). It is verified first and
    stored under a new match id only if it verifies; 422 ``unverifiable`` otherwise. A
    record already imported answers its match with 200 (the same header with another log
    is 409 ``import_conflict``)."""
    who = require_principal()
    if not auth.may_import(who):
        raise Forbidden("only an admin token imports records")
    count_write()
    text = jsonl_text(current_app.config["KIFU_MAX_IMPORT"], types=RECORD_TYPES, schema=S.RecordImportSchema,
                      field="record", what="record")
    info, created = kifu().matches.import_or_existing(text, by=who.name)
    response = jsonify(S.MatchSchema.dump(info.to_json()))
    # a record already stored answers its match: 200, where a new match is 201
    response.status_code = 201 if created else 200
    response.headers["Location"] = url_for("api.get_match", mid=info.id)
    return response
