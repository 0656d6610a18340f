"""The delayed ``broadcast`` perspective in the viewer: its page, move list, live events
and the organizer's forms (``kifu.service.broadcast``).

The web toy game plays four commands a round (p1 draws and plays, p2 draws and plays) and
its turn goes up after p2 plays, so step ``s`` is in turn ``1 + s // 4``.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from kifu.service import auth
from kifu.service.tournaments import EventService
from tests.service.conftest import dump
from tests.web.conftest import new_toy_match, play, token
from tests.web.test_events import read_until
from tests.web.test_views import sign_in

IDS = re.compile(r"id: (\d+)\nevent: moves")


def board(html: str) -> str:
    """The board's content, without its perspective attribute."""
    return html.split('class="board board-generic"', 1)[1].split(">", 1)[1].split("\n</div>", 1)[0]


def signed_in(app, role: str):
    """A client signed in with a new ``role`` token, and a CSRF token of its session."""
    client = app.test_client()
    sign_in(client, token(app, role, name=role))
    page = client.get("/").get_data(as_text=True)
    return client, re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def broadcast(matches, moves: int, delay: dict) -> str:
    mid = new_toy_match(matches, rounds=5, moves=moves)
    matches.set_broadcast(mid, delay)
    return mid


def test_an_anonymous_viewer_watches_the_whole_table_a_turn_behind(client, matches, app):
    mid = broadcast(matches, 9, {"turns": 1})  # the head is in turn 3: the broadcast ends turn 2, step 7
    page = client.get(f"/m/{mid}?as=broadcast")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-step="7"' in html and 'data-perspective="broadcast"' in html
    assert "broadcast (1 turn behind)" in html
    judge = app.test_client()
    sign_in(judge, token(app, "judge", name="J"))
    omniscient = judge.get(f"/m/{mid}?as=omniscient&step=7").get_data(as_text=True)
    assert board(html) == board(omniscient)  # both hands, as a hand camera shows them
    assert board(html).count("<dt>cards</dt>") == 2
    assert 'id="mv-7"' in html and 'id="mv-8"' not in html and 'id="mv-9"' not in html
    assert "(7 entries)" in html and matches.info(mid).chain not in html
    assert client.get(f"/m/{mid}?as=broadcast&step=8").status_code == 404
    assert client.get(f"/m/{mid}?as=broadcast&step=3").status_code == 200
    moves = client.get(f"/m/{mid}/moves?after=6&as=broadcast", headers={"HX-Request": "true"})
    assert moves.status_code == 200 and 'id="mv-7"' in moves.get_data(as_text=True)
    assert 'id="mv-8"' not in moves.get_data(as_text=True)
    assert client.get(f"/m/{mid}/moves?after=8&as=broadcast", headers={"HX-Request": "true"}).status_code == 404
    # the public page offers it to everyone
    assert 'data-perspective="broadcast"' in client.get(f"/m/{mid}").get_data(as_text=True)


def test_without_a_delay_the_broadcast_is_not_offered(client, matches):
    mid = new_toy_match(matches, moves=5)
    page = client.get(f"/m/{mid}?as=broadcast")
    assert page.status_code == 403 and "you may see: public" in page.get_data(as_text=True)
    assert client.get(f"/m/{mid}/events?as=broadcast").status_code == 403


def test_a_judges_broadcast_look_is_not_audited(app, client, matches):
    mid = broadcast(matches, 9, {"turns": 1})
    sign_in(client, token(app, "judge", name="J"))
    redis = app.extensions["kifu"].redis
    before = redis.xlen(auth.AUDIT_KEY)
    assert client.get(f"/m/{mid}?as=broadcast").status_code == 200
    assert redis.xlen(auth.AUDIT_KEY) == before
    assert client.get(f"/m/{mid}?as=omniscient").status_code == 200
    assert redis.xlen(auth.AUDIT_KEY) == before + 1


def test_the_live_stream_sends_each_entry_once_the_broadcast_passes_it(client, matches):
    mid = broadcast(matches, 9, {"turns": 1})
    stream = client.get(f"/m/{mid}/events?as=broadcast&after=0", buffered=False)
    assert stream.status_code == 200
    text = read_until(stream, "id: 7\nevent: marker")
    assert IDS.findall(text) == [str(i) for i in range(1, 8)]
    play(matches, mid, 4)  # step 13 is in turn 4: turn 3 (steps 8..11) is now a turn behind
    text = read_until(stream, "id: 11\nevent: marker")
    stream.close()
    assert IDS.findall(text) == ["8", "9", "10", "11"]
    assert "id: 12" not in text


def test_a_minutes_broadcast_moves_on_with_time_alone(client, matches):
    now = [datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)]
    matches.clock = lambda: now[0]
    mid = new_toy_match(matches)
    for _ in range(4):  # entries at 12:01 .. 12:04
        now[0] += timedelta(minutes=1)
        play(matches, mid, 1)
    matches.set_broadcast(mid, {"minutes": 2})  # at 12:04: up to entry 2 (12:02)
    stream = client.get(f"/m/{mid}/events?as=broadcast&after=0", buffered=False)
    text = read_until(stream, "id: 2\nevent: marker")
    assert IDS.findall(text) == ["1", "2"]
    now[0] += timedelta(minutes=1, seconds=30)  # 12:05:30: entry 3 is two minutes old, no entry came
    text = read_until(stream, "id: 3\nevent: marker", limit=20)
    stream.close()
    assert IDS.findall(text) == ["3"]


def test_the_organizer_sets_a_delay_from_the_match_page(app, client, matches):
    mid = new_toy_match(matches, moves=2)
    redis = app.extensions["kifu"].redis
    client, csrf = signed_in(app, "judge")
    assert client.post(f"/m/{mid}/broadcast", data={"turns": "1", "csrf_token": csrf}).status_code == 403
    client, csrf = signed_in(app, "admin")
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    assert 'data-testid="match-broadcast"' in page and "Broadcast delay: none" in page
    before = dump(redis, match="kifu:m:*")
    for bad in ({"turns": "0"}, {"turns": "51"}, {"minutes": "181"}, {"turns": "two"}):
        answer = client.post(f"/m/{mid}/broadcast", data={**bad, "csrf_token": csrf})
        assert answer.status_code == 422, bad
    assert dump(redis, match="kifu:m:*") == before
    answer = client.post(f"/m/{mid}/broadcast", data={"turns": "2", "minutes": "", "csrf_token": csrf})
    assert answer.status_code == 303
    assert matches.info(mid).broadcast.to_json() == {"turns": 2}
    assert "Broadcast delay: 2 turns" in client.get(f"/m/{mid}").get_data(as_text=True)
    client.post(f"/m/{mid}/broadcast", data={"turns": "", "minutes": "", "csrf_token": csrf})
    assert matches.info(mid).broadcast is None


def test_the_organizer_sets_an_event_delay_its_matches_inherit(app, client, matches):
    events = EventService(app.extensions["kifu"].redis, matches)
    eid = events.create({"name": "Cup", "game": "toy", "format": "bo1", "rounds": 1}, by="admin")["id"]
    client, csrf = signed_in(app, "admin")
    page = client.get(f"/e/{eid}").get_data(as_text=True)
    assert 'data-testid="broadcast-form"' in page
    refused = client.post(f"/e/{eid}/broadcast", data={"minutes": "999", "csrf_token": csrf})
    assert refused.status_code == 422 and "1 to 180" in refused.get_data(as_text=True)
    assert events.state(eid).get("broadcast") is None
    assert client.post(f"/e/{eid}/broadcast", data={"minutes": "15", "csrf_token": csrf}).status_code == 303
    assert events.state(eid)["broadcast"] == {"minutes": 15}
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 3}, tournament=eid).id
    assert (matches.info(mid).broadcast.to_json(), matches.info(mid).broadcast_source) == ({"minutes": 15}, "event")
    assert 'value="15"' in client.get(f"/e/{eid}").get_data(as_text=True)
