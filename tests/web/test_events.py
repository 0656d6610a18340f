"""The server-sent event stream of a live match, read through the test client."""
from __future__ import annotations

import pytest

from kifu.service.errors import BadRequest
from tests.web.conftest import new_toy_match, play
from kifu.web.events import frame, resume_point


def read_until(response, needle: str, limit: int = 50) -> str:
    seen = ""
    for i, chunk in enumerate(response.response):
        seen += chunk.decode() if isinstance(chunk, bytes) else chunk
        if needle in seen or i > limit:
            break
    return seen


def test_new_entries_arrive_as_rows_and_marker(client, matches):
    mid = new_toy_match(matches, moves=4)
    r = client.get(f"/m/{mid}/events?after=2&as=public", buffered=False)
    assert r.status_code == 200 and r.mimetype == "text/event-stream"
    assert r.headers["Cache-Control"] == "no-store"
    text = read_until(r, "id: 4\nevent: marker")
    r.close()
    assert "id: 3\nevent: moves" in text and "id: 4\nevent: moves" in text
    assert 'id="mv-3"' in text and 'id="mv-4"' in text and 'id="mv-2"' not in text
    assert "data: " in text and "the match is at step 4" in text
    assert 'hx-swap-oob="true"' in text  # the header follows the head


def test_last_event_id_wins_over_a_stale_after(client, matches):
    mid = new_toy_match(matches, moves=4)
    r = client.get(f"/m/{mid}/events?after=1&as=public", headers={"Last-Event-ID": "3"}, buffered=False)
    text = read_until(r, "id: 4\nevent: marker")
    r.close()
    assert 'id="mv-2"' not in text and 'id="mv-3"' not in text and 'id="mv-4"' in text


def test_idle_stream_sends_heartbeats(client, matches):
    mid = new_toy_match(matches, moves=1)
    r = client.get(f"/m/{mid}/events?as=public", buffered=False)
    text = read_until(r, ": keepalive")
    r.close()
    assert ": keepalive" in text and "retry: " in text


def test_finished_match_stream_ends(client, matches):
    mid = new_toy_match(matches, rounds=1, moves=10)
    assert matches.info(mid).status == "finished"
    r = client.get(f"/m/{mid}/events?after=2&as=public", buffered=False)
    text = "".join(c.decode() for c in r.response)
    assert text.rstrip().endswith("data: finished")
    assert "event: end" in text and 'id="mv-4"' in text


def test_hidden_perspectives_are_checked_on_the_stream(client, matches):
    mid = new_toy_match(matches, moves=1)
    assert client.get(f"/m/{mid}/events?as=p1").status_code == 403
    assert client.get(f"/m/{mid}/events?after=x").status_code == 400


def test_turn_heading_starts_with_the_first_row_of_a_turn(client, matches):
    mid = new_toy_match(matches, moves=5)
    r = client.get(f"/m/{mid}/events?after=3&as=public", buffered=False)
    text = read_until(r, "id: 5\nevent: marker")
    r.close()
    before_4, after_4 = text.split('id="mv-4"', 1)
    assert "Turn 1" not in before_4 and "Turn 2" in after_4


def test_resume_point_and_frames():
    assert resume_point(None, None, 7) == 7
    assert resume_point("3", None, 7) == 3
    assert resume_point("3", "5", 7) == 5
    assert resume_point("30", None, 7) == 7
    with pytest.raises(BadRequest):
        resume_point("-1", None, 7)
    assert frame("moves", "<li>a</li>\n<li>b</li>", 4) == "id: 4\nevent: moves\ndata: <li>a</li>\ndata: <li>b</li>\n\n"


def test_play_reaches_the_stream_while_it_is_open(client, matches):
    import threading
    mid = new_toy_match(matches, moves=1)
    r = client.get(f"/m/{mid}/events?as=public", buffered=False)
    timer = threading.Timer(0.3, play, args=(matches, mid, 1))
    timer.start()
    text = read_until(r, "id: 2\nevent: marker")
    r.close()
    timer.join()
    assert 'id="mv-2"' in text
