"""Event registration with a deck list as text (hOCG): the field's example and its check as
it is typed (``POST /e/<eid>/deck-check``), a text list registered as the structured one,
a bad one refused beside the form with every problem and its line, nothing written."""
from __future__ import annotations

import html

import pytest

from tests.service.api.conftest import dump
from tests.tournaments.test_forms import client_as, error_beside, post
from tests.web.conftest import make_app

GOOD = "推しホロメン\n1 FX01-000\nメインデッキ\n50 FX01-002\nエールデッキ\n20 x 白エール\n"
BAD = "推し\nメイン\n4 x FX01-001_C\n5 FX00-001\n1 白エール\n"


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def event(app):
    from kifu.service.tournaments import EventService

    kifu = app.extensions["kifu"]
    return EventService(kifu.redis, kifu.matches).create({"name": "Holo Cup", "game": "hocg", "rounds": 1},
                                                         by="admin")["id"]


def test_given_a_hocg_event_when_the_organizer_opens_it_then_registration_has_a_checked_deck_text_field(app, event):
    admin, _ = client_as(app, "admin", name="organizer")
    page = html.unescape(admin.get(f"/e/{event}").get_data(as_text=True))
    assert f'hx-post="/e/{event}/deck-check"' in page and 'data-testid="deck-check-register-deck"' in page
    assert 'placeholder="推しホロメン\n1 FX01-000' in page and "4 x FX01-001_C" not in page


def test_when_a_list_is_typed_then_the_check_names_every_problem_and_the_counts(app, event):
    admin, csrf = client_as(app, "admin", name="organizer")
    part = html.unescape(post(admin, csrf, f"/e/{event}/deck-check", key="register-deck", deck=BAD)
                         .get_data(as_text=True))
    assert 'id="deck-check-register-deck"' in part and "oshi 0 / main 10 / cheer 0" in part
    assert "<strong>line 4</strong>: 5 copies of FX00-001" in part and "<strong>line 5</strong>: FX00-C01" in part
    good = post(admin, csrf, f"/e/{event}/deck-check", key="correct-deck", deck=GOOD).get_data(as_text=True)
    assert "oshi 1 / main 50 / cheer 20" in good and "<li" not in good
    assert post(admin, csrf, f"/e/{event}/deck-check", key="x", deck=GOOD).status_code == 400
    player, pcsrf = client_as(app, "annotator", name="Mai")
    assert post(player, pcsrf, f"/e/{event}/deck-check", key="register-deck", deck=GOOD).status_code == 403


def test_given_the_text_form_when_a_player_registers_then_the_event_holds_the_structured_list(app, event):
    from kifu.service.tournaments import EventService

    admin, csrf = client_as(app, "admin", name="organizer")
    assert post(admin, csrf, f"/e/{event}/players", name="Aoi", deck="4 x FX01-001_C\n" + GOOD.replace(
        "50 FX01-002", "46 FX01-002")).status_code == 303
    kifu = app.extensions["kifu"]
    deck = EventService(kifu.redis, kifu.matches).state(event)["players"]["Aoi"]["deck"]
    assert deck["oshi"] == "FX01-000_C" and deck["deck"].count("FX01-001_C") == 4 and len(deck["deck"]) == 50


def test_given_a_bad_text_list_when_registered_then_every_problem_is_beside_the_form_and_nothing_is_written(
        app, event):
    admin, csrf = client_as(app, "admin", name="organizer")
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    rv = post(admin, csrf, f"/e/{event}/players", name="Aoi", deck=BAD)
    page = html.unescape(rv.get_data(as_text=True))
    assert rv.status_code == 422
    beside = error_beside(page, "register-form")
    for words in ("line 2: メインデッキ: 10 cards", "line 4: 5 copies of FX00-001", "line 5: FX00-C01 (白エール) does not go",
                  "推しホロメン: none", "エールデッキ: none"):
        assert words in beside, words
    assert "4 x FX01-001_C" in page  # what was typed is kept, and checked beside the field again
    assert "oshi 0 / main 10 / cheer 0" in page
    after = dump(redis)
    assert {k: v for k, v in after.items() if "sess" not in k} == {k: v for k, v in before.items() if "sess" not in k}
