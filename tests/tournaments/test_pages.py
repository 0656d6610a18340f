"""The event pages render from the event service: event (players, rounds, standings,
bracket), round, player; the tables partial answers htmx and a cold load is the round page."""
from __future__ import annotations

from kifu.service.tournaments import EventService
from tests.web.conftest import make_app


def test_event_round_and_player_pages(redis_url):
    app = make_app(redis_url)
    kifu = app.extensions["kifu"]
    events = EventService(kifu.redis, kifu.matches)
    eid = events.create({"name": "Page Cup", "game": "toy", "rounds": 1, "top_cut": 2}, by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai"):
        events.register(eid, name, by="admin")
    events.pair(eid, by="admin")
    client = app.test_client()
    page = client.get(f"/e/{eid}").get_data(as_text=True)
    assert "Page Cup" in page and "Standings" in page and "Round 1" in page and "Mai" in page
    assert "Pair next round" not in page  # not signed in as the organizer
    rnd = client.get(f"/e/{eid}/r/1")
    assert rnd.status_code == 200 and 'hx-trigger="every 2s"' in rnd.get_data(as_text=True)
    partial = client.get(f"/e/{eid}/r/1/tables", headers={"HX-Request": "true"})
    assert partial.status_code == 200 and "<html" not in partial.get_data(as_text=True)
    assert client.get(f"/e/{eid}/r/1/tables").status_code == 302
    player = client.get(f"/e/{eid}/p/Aoi").get_data(as_text=True)
    assert "Aoi" in player and "game 1" in player or "bye" in player
    assert client.get(f"/e/{eid}/p/Nobody").status_code == 404
    assert client.get("/e/evnotanid").status_code == 404
    assert client.post(f"/e/{eid}/pair").status_code == 400  # no CSRF token
