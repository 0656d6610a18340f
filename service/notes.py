"""Annotations: Lichess-style comments (and move glyphs) on one step of a match.

A match's notes live in ``kifu:m:{<mid>}:notes`` (``kifu.service.keys.notes``), a stream that is
never trimmed. Each stream entry is one event, a canonical-JSON ``note`` field:

- a new note: ``step, text, glyph, by, role, author, at``;
- an edit: the same plus ``replaces`` = the note's id;
- a deletion: ``replaces``, ``deleted: true``, ``by, role, author, at``.

A note's id is the stream id of the entry that created it and stays its id through
edits (a reader's link to a note keeps working). ``fold`` turns the events into the
current notes. ``role`` and ``author`` (the writer's role and token id) are kept for
access decisions (``kifu.service.auth.may_read_notes`` / ``may_annotate``); they are not
part of a note as the API serves it.

Every check runs before the write, and the write (``Store.notes_append``) appends only
if the stream has not moved since it was read (``Store.notes_events``), so an edit never
lands on a note that a concurrent deletion removed; nothing is written on any error.
This module decides; the store reads and writes.
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Callable, Mapping

from kifu.replays.demo import iso
from kifu.service.errors import BadRequest, Conflict, NotFound, NotInMatch
from kifu.service.ids import check_match_id
from kifu.service.store import Store
from kifu.service.text import is_note

#: Lichess's move-quality glyphs (NAG 1-6)
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
MAX_TEXT = 2000
MAX_RETRIES = 8
NOTE_ID = re.compile(r"^[0-9]{1,20}-[0-9]{1,20}$")
#: the fields of a note as it is served
PUBLIC_FIELDS = ("id", "step", "text", "glyph", "by", "at", "edited")

def check_text(text: Any) -> str:
    """1 to ``MAX_TEXT`` characters of text (``kifu.service.text``): newlines allowed (a CRLF from
    a form becomes one), control characters not (they would hide text from a reader or a
    terminal)."""
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_TEXT:
        raise BadRequest({"text": [f"a note is a string of 1 to {MAX_TEXT} characters"]})
    if not text.strip():
        raise BadRequest({"text": ["a note needs some text, not only spaces"]})
    if not is_note(text):  # the OpenAPI document's pattern (service.text.NOTE_PATTERN)
        raise BadRequest({"text": ["control characters are not allowed in a note (newlines are)"]})
    return text.replace("\r\n", "\n")


def check_glyph(glyph: Any) -> str | None:
    if glyph is None:
        return None
    if glyph not in GLYPHS:
        raise BadRequest({"glyph": [f"one of {' '.join(GLYPHS)}, or none"]})
    return glyph


def check_note_id(value: Any, name: str = "replaces") -> str:
    if not isinstance(value, str) or not NOTE_ID.match(value):
        raise BadRequest({name: ["a note id like 1732890000000-0"]})
    return value


def _check_step(step: Any, head: int) -> int:
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise BadRequest({"step": [f"a step from 0 to {head}"]})
    if step > head:  # well-formed, beyond this match's head: the document cannot know it
        raise NotInMatch({"step": [f"a step from 0 to {head}"]})
    return step


def fold(events: list[tuple[str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """The current notes from the stream's events ``(id, event)``, oldest first.

    An edit or deletion of a note that is not live (already deleted: two writers raced
    before the append script's check existed, or a hand-made entry) is ignored, so the
    fold never fails on a stored stream.

    >>> fold([("1-0", {"step": 2, "text": "a", "glyph": None, "by": "Mai", "role": "annotator",
    ...                "author": "t", "at": "x"}),
    ...       ("2-0", {"replaces": "1-0", "step": 2, "text": "b", "glyph": "!?", "by": "Mai",
    ...                "role": "annotator", "author": "t", "at": "y"})])[0]["text"]
    'b'
    """
    live: dict[str, dict[str, Any]] = {}
    for event_id, event in events:
        target = event.get("replaces")
        if target is None:
            live[event_id] = {
                "id": event_id, "step": event["step"], "text": event["text"], "glyph": event.get("glyph"),
                "by": event["by"], "at": event["at"], "edited": False,
                "role": event.get("role"), "author": event.get("author"),
            }
            continue
        note = live.get(target)
        if note is None:
            continue
        if event.get("deleted"):
            del live[target]
        else:
            note.update(step=event["step"], text=event["text"], glyph=event.get("glyph"), at=event["at"],
                        edited=True)
    return sorted(live.values(), key=lambda n: (n["step"], _order(n["id"])))


def _order(note_id: str) -> tuple[int, int]:
    ms, _, n = note_id.partition("-")
    return int(ms), int(n or 0)


def public(note: Mapping[str, Any]) -> dict[str, Any]:
    """A note as it is served: without its author's role and token id."""
    return {k: note[k] for k in PUBLIC_FIELDS}


def current(store: Store, mid: str) -> list[dict[str, Any]]:
    """The match's live notes, ordered by step then by creation (``NotFound`` for no match).

    Each: ``id, step, text, glyph, by, at, edited`` plus ``role``/``author`` (see the
    module docstring; ``public`` drops them)."""
    mid = check_match_id(mid)
    if store.head(mid) is None:
        raise NotFound(f"no match {mid}")
    return fold(store.notes_events(mid)[0])


def annotate(
    store: Store,
    mid: str,
    *,
    step: int | None,
    text: str | None,
    by: str,
    glyph: str | None = None,
    replaces: str | None = None,
    delete: bool = False,
    role: str | None = None,
    author: str | None = None,
    authorize: Callable[[Mapping[str, Any]], None] | None = None,
    clock: Callable[[], datetime],
) -> dict[str, Any]:
    """Add a note at ``step``, or edit / delete the live note ``replaces``; returns the
    note as it is now (a deleted note with ``deleted: True``).

    A new note needs ``step`` (0..head) and ``text``. An edit needs ``text``; ``step``
    None keeps the note's step. A deletion takes no text or glyph. ``authorize(note)``
    is called with the note an edit or deletion targets and raises to refuse it (the API
    decides who may change whose note). ``BadRequest`` / ``NotFound`` / the authorizer's
    error before anything is written.
    """
    mid = check_match_id(mid)
    if not isinstance(by, str) or not by:
        raise BadRequest({"by": ["who writes the note: a non-empty string"]})
    if not isinstance(delete, bool):
        raise BadRequest({"delete": ["true or false"]})
    if delete:
        if replaces is None:
            raise BadRequest({"replaces": ["a deletion names the note it deletes"]})
        if text is not None or glyph is not None:
            raise BadRequest({"text": ["a deletion carries no text or glyph"]})
    else:
        text = check_text(text)
        glyph = check_glyph(glyph)
    if replaces is not None:
        replaces = check_note_id(replaces)
    elif step is None:
        raise BadRequest({"step": ["a new note needs the step it is about"]})
    head = store.head(mid)
    if head is None:
        raise NotFound(f"no match {mid}")
    if step is not None:
        step = _check_step(step, head[0])
    for _ in range(MAX_RETRIES):
        note: dict[str, Any] | None = None
        expected = "*"
        if replaces is not None:
            events, expected = store.notes_events(mid)
            note = next((n for n in fold(events) if n["id"] == replaces), None)
            if note is None:
                raise NotFound(f"no note {replaces} in match {mid} (deleted, or never written)")
            if authorize is not None:
                authorize(note)
            if delete and step is not None and step != note["step"]:
                raise NotInMatch({"step": [f"note {replaces} is at step {note['step']}, not {step}"]})
        event: dict[str, Any] = {"by": by, "role": role, "author": author, "at": iso(clock())}
        if replaces is not None:
            event["replaces"] = replaces
        if delete:
            event["deleted"] = True
        else:
            event.update(step=note["step"] if step is None and note else step, text=text, glyph=glyph)
        new_id = store.notes_append(mid, event, expected=expected)
        if new_id is None:
            continue  # another note was written meanwhile: look again
        if delete:
            assert note is not None
            return {**note, "deleted": True}
        if note is not None:
            return {**note, "step": event["step"], "text": text, "glyph": glyph, "at": event["at"], "edited": True}
        return {"id": new_id, "step": event["step"], "text": text, "glyph": glyph, "by": by, "at": event["at"],
                "edited": False, "role": role, "author": author}
    raise Conflict(head[0], f"gave up after {MAX_RETRIES} concurrent changes to the notes of match {mid}")
