"""What a viewer polls to see notes arrive, change and go: the version of a match's notes.

Notes arrive live by an htmx poll of the viewer's notes partial (``kifu.web.review.live_notes``)
every few seconds while a viewer page is open, not over the event stream, because:

- review happens mostly on FINISHED matches, which have no event stream at all;
- the partial is rendered per request, for the session that asks, by the same rule as
  the page (``auth.may_read_notes``: an annotator's note on a live match only to judges
  and its author), so one reader's notes can never reach another's frame; the event
  stream's public frames are rendered once per process and shared by every spectator;
- notes are their own stream, which the follow hub (one ``XREAD`` over match logs) does
  not read, and a note written through another worker process would not wake this one.

A poll costs one ``XREVRANGE ... COUNT 1``: the notes stream's last id is the version
(every add, edit and deletion is a new entry), and an unchanged version answers 204
without reading or rendering a note.
"""
from __future__ import annotations

from typing import Any

from kifu.service import keys
from kifu.service.ids import check_match_id

#: seconds between two polls of an open viewer page (``KIFU_NOTES_POLL_SECONDS``)
POLL_SECONDS = 4


def notes_version(client: Any, mid: str) -> str:
    """The id of the last event of the match's notes stream ("" while it has none)."""
    last = client.xrevrange(keys.notes(check_match_id(mid)), count=1)
    if not last:
        return ""
    raw = last[0][0]
    return raw.decode() if isinstance(raw, bytes) else str(raw)
