"""Deck lists as text through the API (``kifu.service.decktext``): a new match's
``options.decks.<seat>`` and an event player's ``deck`` may be the text players paste;
it is read into the structured list at the edge, and a bad one is refused with every
problem, the seat and each line named, writing nothing."""
from __future__ import annotations

import pytest

from kifu.replays import registry
from tests.service.api.conftest import ADMIN, Api, dump, make_app, with_registry

GOOD = "推しホロメン\n1 FX01-000\nメインデッキ\n50 FX01-002\nエールデッキ\n20 x 白エール\n"
OTHER = "Oshi: 雪見ユキ\nMain\n4x FX01-001_C\n46 FX01-002\nCheer\nFX00-C02 x20\n"
BAD = "推し\nメイン\n4 x FX01-001_C\n5 FX00-001\n1 白エール\nnothing here\n"


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def admin(app):
    return Api(app.test_client(), ADMIN)


def new_match(admin, decks, **body):
    return admin.post("/api/matches", json={"game": "hocg", "seats": [{"name": "Aoi"}, {"name": "Ren"}],
                                            "options": {"first_player": "p1", "decks": decks}, **body})


def test_given_text_deck_lists_when_a_match_is_created_then_its_options_hold_the_structured_lists(admin):
    rv = new_match(admin, {"p1": GOOD, "p2": OTHER})
    assert rv.status_code == 201, rv.json
    header = admin.get(f"/api/matches/{rv.json['id']}/export").get_data(as_text=True).splitlines()[0]
    assert '"oshi":"FX01-000_C"' in header and header.count('"FX01-002_C"') == 50 + 46
    assert header.count('"FX00-C02_C"') == 20


def test_a_text_list_and_a_structured_one_may_be_mixed(admin):
    structured = {"oshi": "FX02-000_C", "deck": ["FX02-001_C"] * 4 + ["FX02-002_C"] * 46, "cheer": ["FX00-C03_C"] * 20}
    assert new_match(admin, {"p1": GOOD, "p2": structured}).status_code == 201


def test_given_a_bad_text_list_when_a_match_is_created_then_422_names_the_seat_and_each_line_and_nothing_is_written(
        app, admin):
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    rv = new_match(admin, {"p1": GOOD, "p2": BAD})
    assert rv.status_code == 422 and rv.json["error"] == "deck_problem", rv.json
    found = rv.json["errors"]["options"]["decks"]["p2"]
    assert found == ["line 1: 推しホロメン: none; it must have 1", "line 2: メインデッキ: 10 cards; it must have 50",
                     "line 4: 5 copies of FX00-001 (マネージャーさん); at most 4",
                     "line 5: FX00-C01 (白エール) does not go in メインデッキ (only ホロメン and サポート); it goes in エールデッキ",
                     "line 6: cannot read 'nothing here': write '<count> <card>' or a section heading",
                     "エールデッキ: none; it must have 20"]
    assert "p1" not in rv.json["errors"]["options"]["decks"] and "p2:" in rv.json["message"]
    assert dump(redis) == before


def test_both_seats_problems_come_back_at_once(admin):
    rv = new_match(admin, {"p1": BAD, "p2": BAD.replace("nothing", "zz")})
    assert rv.status_code == 422 and set(rv.json["errors"]["options"]["decks"]) == {"p1", "p2"}


def test_a_text_list_too_long_to_read_is_400(admin):
    rv = new_match(admin, {"p1": GOOD + "#" * 20_001, "p2": GOOD})
    assert rv.status_code == 400 and rv.json["errors"]["options"]["decks"]["p1"]


def test_a_game_without_deck_text_leaves_a_string_to_its_options_schema(admin):
    rv = admin.post("/api/matches", json={"game": "holodelive", "seats": [{"name": "A"}, {"name": "B"}],
                                          "options": {"deck": "hBP01-001"}})
    assert rv.status_code == 400


def test_the_document_says_a_seats_deck_list_may_be_text(admin):
    doc = admin.get("/api/openapi.json").json
    # each seat's list (the seats are the properties of `decks`)
    hocg = doc["components"]["schemas"]["HocgOptions"]["properties"]["decks"]
    assert set(hocg["properties"]) == {"p1", "p2"} and hocg["additionalProperties"] is False
    decks = hocg["properties"]["p1"]
    assert {"$ref": "#/components/schemas/DeckList"} in decks["anyOf"]
    assert any(s.get("type") == "string" and s.get("maxLength") == 20_000 for s in decks["anyOf"])
    assert "anyOf" in doc["components"]["schemas"]["HeroesPlacementOptions"]["properties"]["decks"][
        "properties"]["p2"]
    assert "get" in doc["paths"]["/api/events/{eid}/players/{name}/deck"]


# -- events --------------------------------------------------------------------------------

def new_event(admin):
    rv = admin.post("/api/events", json={"name": "Cup", "game": "hocg", "rounds": 1})
    assert rv.status_code == 201, rv.json
    return rv.json["event"]["id"]


def test_given_a_text_list_when_a_player_registers_then_the_event_holds_the_structured_list(admin):
    eid = new_event(admin)
    rv = admin.post(f"/api/events/{eid}/players", json={"name": "Aoi", "deck": "4 x FX01-001_C\n" + GOOD.replace(
        "50 FX01-002", "46 FX01-002")})
    assert rv.status_code == 201, rv.json
    deck = rv.json["event"]["players"]["Aoi"]["deck"]
    assert deck["oshi"] == "FX01-000_C" and deck["deck"][:4] == ["FX01-001_C"] * 4 and len(deck["cheer"]) == 20
    text = admin.get(f"/api/events/{eid}/players/Aoi/deck")
    assert text.status_code == 200 and text.mimetype == "text/plain"
    body = text.get_data(as_text=True)
    assert body.startswith("推しホロメン\n1 FX01-000  # 雪見ユキ") and "4 FX01-001  # 雪見ユキ Debut" in body
    again = admin.post(f"/api/events/{eid}/players", json={"name": "Ren", "deck": body})  # exports register back
    assert again.status_code == 201 and again.json["event"]["players"]["Ren"]["deck"] == deck


def test_given_a_bad_text_list_when_a_player_registers_then_422_names_each_line_and_nothing_is_written(app, admin):
    eid = new_event(admin)
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    rv = admin.post(f"/api/events/{eid}/players", json={"name": "Aoi", "deck": BAD})
    assert rv.status_code == 422 and rv.json["error"] == "deck_problem"
    assert rv.json["errors"]["deck"][2] == "line 4: 5 copies of FX00-001 (マネージャーさん); at most 4"
    assert len(rv.json["errors"]["deck"]) == 6
    assert dump(redis) == before


def test_an_event_players_deck_text_is_for_the_organizer_and_judges(app, admin):
    from kifu.service import auth

    eid = new_event(admin)
    admin.post(f"/api/events/{eid}/players", json={"name": "Aoi", "deck": GOOD})
    admin.post(f"/api/events/{eid}/players", json={"name": "Ren"})
    redis = app.extensions["kifu"].redis
    assert admin.as_(None).get(f"/api/events/{eid}/players/Aoi/deck").status_code == 401
    annotator = admin.as_(auth.create_token(redis, role="annotator", name="Mai"))
    assert annotator.get(f"/api/events/{eid}/players/Aoi/deck").status_code == 403
    judge = admin.as_(auth.create_token(redis, role="judge", name="Jo"))
    assert judge.get(f"/api/events/{eid}/players/Aoi/deck").status_code == 200
    assert admin.get(f"/api/events/{eid}/players/Ren/deck").status_code == 404
    assert admin.get(f"/api/events/{eid}/players/Nobody/deck").status_code == 404


def test_the_games_with_deck_text_are_hocg_and_heroes_placement():
    assert {g.id for g in registry.all() if g.deck_form is not None} == {"hocg", "heroes_placement"}
