"""Notes: Lichess-style comments and glyphs on the steps of a match (``kifu.service.notes``).

A write checks, in the order of ``kifu.service.api.matches``: the match id's shape (404), the
token (401), the write budget (429), the body (415/413/400), the match (404), the
caller's right to annotate (403), then the service, which writes nothing on a refusal.
A note the caller may not read is a 404 to it, also when it asks to change it.
"""
from __future__ import annotations

from flask import jsonify

from kifu.service import auth
from kifu.service.api import bp
from kifu.service.api.context import count_write, json_body, kifu, load, match_id, principal, require_principal
from kifu.service.api.schemas import INSTANCES as S
from kifu.service.errors import Forbidden, NotFound
from kifu.service.notes import public


@bp.get("/matches/<mid>/notes")
def get_notes(mid: str):
    info = kifu().matches.info(match_id(mid))
    who = principal()
    if not auth.may_read_notes(who, info):
        raise Forbidden("this token may not read the notes of this match")
    found = [public(n) for n in kifu().matches.notes(info.id) if auth.may_read_notes(who, info, n)]
    return jsonify(S.NotesSchema.dump({"notes": found}))


@bp.post("/matches/<mid>/notes")
def post_note(mid: str):
    """Add, edit or delete one note: 201 with the note as it now is."""
    mid = match_id(mid)
    who = require_principal()
    count_write()
    body = load(S.NoteRequestSchema, json_body())
    info = kifu().matches.info(mid)
    if not auth.may_annotate(who, info):
        raise Forbidden(f"a {who.role} token may not annotate this match")

    def authorize(note):
        if not auth.may_read_notes(who, info, note):
            raise NotFound(f"no note {note['id']} in match {mid} (deleted, or never written)")
        if not auth.may_annotate(who, info, note):
            raise Forbidden("only a note's author or a judge may change it")

    note = kifu().matches.annotate(
        mid, step=body["step"], text=body["text"], glyph=body["glyph"], replaces=body["replaces"],
        delete=body["delete"], by=who.name, role=who.role, author=who.token_id, authorize=authorize)
    answer = public(note)
    if note.get("deleted"):
        answer["deleted"] = True
    return jsonify(S.NoteSchema.dump(answer)), 201
