"""The metagame of a known event (issue 25, item 3): archetypes from the decks (oshi / the
holomem with most copies) and the organizer's names, shares, match win rates with Wilson
intervals, the matchup matrix, SVG charts, and the page; a game's metagame across events."""
from __future__ import annotations

import math

import pytest

from kifu.service.tournaments import EventService, metagame
from tests.service.api.conftest import make_app, with_registry
from tests.tournaments.known_meta import AKARI, KAI, YUKI, known_event


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry, KIFU_EXTENSIONS=None)
    yield app
    app.extensions["kifu"].redis.close()


def wilson(p: float, n: int) -> tuple[float, float]:
    z = 1.96
    centre = p + z * z / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def test_wilson_interval():
    assert metagame.wilson(0, 0) == (0.0, 1.0)
    lo, hi = metagame.wilson(3.5, 6)
    assert round(lo, 3) == 0.241 and round(hi, 3) == 0.861
    lo, hi = metagame.wilson(10, 10)
    assert round(hi, 9) == 1.0 and round(lo, 4) == 0.7225


def test_the_figures_of_a_known_event(app, api, admin):
    kifu = app.extensions["kifu"]
    eid = known_event(EventService(kifu.redis, kifu.matches))
    found = api.get(f"/api/events/{eid}/metagame").json
    assert "decks" not in found  # who played what: the organizer's and judges' only
    assert found["players"] == 8
    rows = {r["archetype"]: r for r in found["archetypes"]}
    assert [r["archetype"] for r in found["archetypes"]] == [AKARI, KAI, YUKI]  # by players, then name
    assert {a: (r["players"], r["share"]) for a, r in rows.items()} == {AKARI: (4, 0.5), KAI: (2, 0.25),
                                                                        YUKI: (2, 0.25)}
    assert (rows[YUKI]["wins"], rows[YUKI]["losses"], rows[YUKI]["draws"], rows[YUKI]["win_rate"]) == (3, 3, 0, 0.5)
    assert (rows[KAI]["wins"], rows[KAI]["losses"], rows[KAI]["draws"]) == (3, 2, 1)
    assert rows[KAI]["win_rate"] == round(3.5 / 6, 4)
    assert (rows[AKARI]["wins"], rows[AKARI]["losses"], rows[AKARI]["draws"], rows[AKARI]["mirrors"]) == (3, 4, 1, 2)
    assert rows[AKARI]["win_rate"] == 0.4375
    for a, r in rows.items():
        lo, hi = wilson(r["win_rate"], r["matches"])
        assert r["ci"] == [round(lo, 4), round(hi, 4)], a
    cells = {(row["archetype"], c["archetype"]): c for row in found["matrix"] for c in row["against"]}
    assert (cells[(YUKI, AKARI)]["wins"], cells[(YUKI, AKARI)]["losses"]) == (2, 2)
    assert (cells[(KAI, AKARI)]["wins"], cells[(KAI, AKARI)]["losses"], cells[(KAI, AKARI)]["draws"]) == (2, 1, 1)
    assert cells[(KAI, AKARI)]["win_rate"] == 0.625 and cells[(AKARI, KAI)]["win_rate"] == 0.375
    assert (cells[(YUKI, KAI)]["wins"], cells[(YUKI, KAI)]["losses"]) == (1, 1)
    assert cells[(AKARI, AKARI)]["matches"] == 0  # mirrors are not matchups
    # the organizer sees who played what, and names an archetype back to the list's
    mine = admin.get(f"/api/events/{eid}/metagame").json
    assert mine["decks"]["Y1"] == YUKI and mine["decks"]["Y3"] == KAI and mine["decks"]["A1"] == AKARI
    assert api.post(f"/api/events/{eid}/players/Y3/archetype", json={"archetype": None}).status_code == 401
    back = admin.post(f"/api/events/{eid}/players/Y3/archetype", json={"archetype": None})
    assert back.status_code == 201 and back.json["decks"]["Y3"] == YUKI
    # across the game's events: a second event counts too
    second = known_event(EventService(kifu.redis, kifu.matches), name="Holo Meta Cup II")
    overall = api.get("/api/metagame/hocg").json
    assert {e["id"] for e in overall["events"]} >= {eid, second} and overall["players"] >= 16
    assert api.get("/api/metagame/chess").status_code == 404


def test_the_page_draws_its_charts_as_svg(app):
    kifu = app.extensions["kifu"]
    eid = known_event(EventService(kifu.redis, kifu.matches))
    client = app.test_client()
    page = client.get(f"/e/{eid}/metagame")
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    assert text.count("<svg") == 2 and "<script" not in text.split("</header>", 1)[-1].split("<footer", 1)[0]
    assert "43.8%" in text and "58.3%" in text and "62%" in text and "mirror" in text
    assert YUKI in text and KAI in text and 'data-testid="player-archetypes"' not in text
    assert client.get(f"/e/{eid}").get_data(as_text=True).count("metagame") >= 1
    assert client.get("/e/games/hocg/metagame").status_code == 200
    svg = metagame.share_chart([{"archetype": "<b>", "players": 1, "share": 1.0}])
    assert "&lt;b&gt;" in svg and "<b>" not in svg  # names are escaped
