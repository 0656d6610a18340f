"""Notes (annotations) in the store: the append-only stream, the fold, validation, write-nothing."""
from __future__ import annotations

import pytest

from kifu.service import keys, notes
from kifu.service.errors import BadRequest, Forbidden, NotFound
from tests.service.conftest import add, dump


@pytest.fixture
def mid(matches):
    """A live tally match at step 3."""
    mid = matches.create("tally", ["Aoi", "Ren"]).id
    for seq, seat in enumerate(["p1", "p2", "p1"]):
        matches.submit(mid, add(seat), expected_seq=seq, command_id=f"c{seq}")
    return mid


def write(matches, mid, **kw):
    kw.setdefault("by", "Mai")
    kw.setdefault("role", "annotator")
    kw.setdefault("author", "tok-mai")
    return matches.annotate(mid, **kw)


def test_add_edit_delete_fold_and_the_stream_keeps_every_event(matches, mid, redis_client):
    record = matches.export(mid, include_seed=True).dumps()
    first = write(matches, mid, step=2, text="a strong add", glyph="!")
    assert first["step"] == 2 and first["glyph"] == "!" and first["edited"] is False and first["by"] == "Mai"
    second = write(matches, mid, step=0, text="set-up looks even")
    third = write(matches, mid, step=2, text="second note on the same step")
    assert [n["id"] for n in matches.notes(mid)] == [second["id"], first["id"], third["id"]]  # by step, then age

    edited = write(matches, mid, step=None, text="a strong add\nindeed", glyph="!!", replaces=first["id"])
    assert edited["id"] == first["id"] and edited["edited"] is True and edited["step"] == 2
    current = {n["id"]: n for n in matches.notes(mid)}
    assert current[first["id"]]["text"] == "a strong add\nindeed" and current[first["id"]]["glyph"] == "!!"
    assert current[first["id"]]["edited"] and not current[second["id"]]["edited"]

    moved = write(matches, mid, step=3, text="about the next add", replaces=third["id"])
    assert moved["step"] == 3 and matches.notes(mid)[-1]["id"] == third["id"]

    deleted = write(matches, mid, step=None, text=None, replaces=second["id"], delete=True)
    assert deleted["deleted"] is True and deleted["id"] == second["id"]
    assert [n["id"] for n in matches.notes(mid)] == [first["id"], third["id"]]
    assert set(matches.notes(mid)[0]) == {*notes.PUBLIC_FIELDS, "role", "author"}
    assert set(notes.public(matches.notes(mid)[0])) == set(notes.PUBLIC_FIELDS)

    # append-only: three notes, two edits and a deletion are six entries, in the match's slot
    assert redis_client.xlen(keys.notes(mid)) == 6
    assert keys.notes(mid) == f"kifu:m:{{{mid}}}:notes"
    # notes are not part of the record
    assert matches.export(mid, include_seed=True).dumps() == record and matches.info(mid).seq == 3


def test_a_deleted_note_cannot_be_edited_or_deleted_again(matches, mid):
    note = write(matches, mid, step=1, text="x")
    write(matches, mid, step=None, text=None, replaces=note["id"], delete=True)
    for kw in ({"text": "again"}, {"text": None, "delete": True}):
        with pytest.raises(NotFound):
            write(matches, mid, step=None, replaces=note["id"], **kw)
    assert matches.notes(mid) == []


def test_fold_ignores_changes_to_notes_that_are_not_live():
    base = {"by": "Mai", "role": "annotator", "author": "t", "at": "2026-01-01T00:00:00Z"}
    events = [
        ("1-0", {**base, "step": 1, "text": "a", "glyph": None}),
        ("2-0", {**base, "replaces": "1-0", "deleted": True}),
        ("3-0", {**base, "replaces": "1-0", "step": 1, "text": "late edit", "glyph": None}),
        ("4-0", {**base, "replaces": "9-0", "deleted": True}),
        ("5-0", {**base, "step": 0, "text": "b", "glyph": "?"}),
    ]
    assert [(n["id"], n["text"]) for n in notes.fold(events)] == [("5-0", "b")]


BAD = [
    ({"step": -1, "text": "x"}, BadRequest),
    ({"step": 4, "text": "x"}, BadRequest),  # beyond the head (3)
    ({"step": True, "text": "x"}, BadRequest),
    ({"step": "1", "text": "x"}, BadRequest),
    ({"step": None, "text": "x"}, BadRequest),  # a new note needs a step
    ({"step": 1, "text": ""}, BadRequest),
    ({"step": 1, "text": "   \n "}, BadRequest),
    ({"step": 1, "text": "x" * 2001}, BadRequest),
    ({"step": 1, "text": None}, BadRequest),
    ({"step": 1, "text": "bell\x07"}, BadRequest),
    ({"step": 1, "text": "esc\x1b[31m"}, BadRequest),
    ({"step": 1, "text": "tab\there"}, BadRequest),
    ({"step": 1, "text": "nul\x00"}, BadRequest),
    ({"step": 1, "text": "rtl\u202eoverride"}, BadRequest),
    ({"step": 1, "text": "x", "glyph": "!!!"}, BadRequest),
    ({"step": 1, "text": "x", "glyph": "??!"}, BadRequest),
    ({"step": 1, "text": "x", "glyph": ""}, BadRequest),
    ({"step": 1, "text": "x", "replaces": "not-an-id"}, BadRequest),
    ({"step": 1, "text": "x", "replaces": "{x}-0"}, BadRequest),
    ({"step": 1, "text": "x", "replaces": "1-0"}, NotFound),  # well formed, but no such note
    ({"step": 1, "text": None, "delete": True}, BadRequest),  # a deletion names its note
    ({"step": 1, "text": "x", "delete": "yes"}, BadRequest),
    ({"step": 1, "text": "x", "by": ""}, BadRequest),
]


@pytest.mark.parametrize("kw,error", BAD)
def test_bad_notes_are_refused_and_write_nothing(matches, mid, redis_client, kw, error):
    write(matches, mid, step=1, text="an existing note")
    before = dump(redis_client)
    with pytest.raises(error):
        write(matches, mid, **kw)
    assert dump(redis_client) == before


def test_bad_changes_to_an_existing_note_write_nothing(matches, mid, redis_client):
    note = write(matches, mid, step=1, text="keep me", glyph="?!")
    before = dump(redis_client)
    cases = [
        {"step": None, "text": None, "replaces": note["id"], "delete": True, "glyph": "!"},
        {"step": None, "text": "with text", "replaces": note["id"], "delete": True},
        {"step": 2, "text": None, "replaces": note["id"], "delete": True},  # not where the note is
        {"step": None, "text": "", "replaces": note["id"]},
        {"step": 9, "text": "moved beyond the head", "replaces": note["id"]},
    ]
    for kw in cases:
        with pytest.raises(BadRequest):
            write(matches, mid, **kw)

    def refuse(found):
        assert found["id"] == note["id"] and found["author"] == "tok-mai"
        raise Forbidden("not yours")

    with pytest.raises(Forbidden):
        write(matches, mid, step=None, text="hijack", replaces=note["id"], authorize=refuse)
    assert dump(redis_client) == before
    assert matches.notes(mid)[0]["text"] == "keep me"


def test_unknown_match_is_not_found_and_writes_nothing(matches, redis_client):
    before = dump(redis_client)
    for bad in ("0" * 20, "{bad}"):
        with pytest.raises(NotFound):
            write(matches, bad, step=0, text="x")
        with pytest.raises(NotFound):
            matches.notes(bad)
    assert dump(redis_client) == before


def test_notes_on_a_finished_match_and_limits_of_the_text(matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 2}).id
    matches.submit(mid, add("p1", 2), expected_seq=0, command_id="end")
    assert matches.info(mid).status == "finished"
    longest = write(matches, mid, step=1, text="日本語\r\n" + "x" * 1990)
    assert longest["text"].startswith("日本語\nx") and len(matches.notes(mid)[0]["text"]) == 1994
    for glyph in notes.GLYPHS:
        assert write(matches, mid, step=0, text="g", glyph=glyph)["glyph"] == glyph


def test_an_edit_that_raced_a_deletion_is_not_written(matches, mid, redis_client):
    """The compare-and-append: an edit decided on a stream that moved is decided again."""
    note = write(matches, mid, step=1, text="contested")
    calls = []

    def delete_meanwhile(found):
        if not calls:  # another writer deletes the note between our read and our append
            write(matches, mid, step=None, text=None, replaces=note["id"], delete=True)
        calls.append(found["id"])

    with pytest.raises(NotFound):
        write(matches, mid, step=None, text="too late", replaces=note["id"], authorize=delete_meanwhile)
    assert calls == [note["id"]] and redis_client.xlen(keys.notes(mid)) == 2
    assert matches.notes(mid) == []
