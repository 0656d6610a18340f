"""Deck lists as text at /new: a field per seat with an example, checked as it is typed
(``POST /new/deck``), and read into the options when the form goes on."""
from __future__ import annotations

import html

from kifu.replays import registry
from kifu.replays.kit import decklist

from tests.web.test_create import form, hidden  # noqa: F401 - form: the signed-in form fixture

HOCG = registry.get("hocg")
FIXTURE = next(cs for cs in HOCG.demo_cardsets() if cs.id == HOCG.default_cardset)
GOOD = "推しホロメン\n1 FX01-000\nメインデッキ\n50 FX01-002\nエールデッキ\n20 x 白エール\n"
BAD = "推し\nメイン\n4 x FX01-001_C\n5 FX00-001\n1 白エール\nnothing here\n"


def _check(form, text, field="deck.p1", game="hocg"):
    r = form.client.post("/new/deck", data={"csrf_token": form.csrf, "game": game, "cardset": FIXTURE.digest,
                                            "field": field, field: text})
    return r, html.unescape(r.get_data(as_text=True))


def test_given_hocg_when_the_form_opens_then_each_seat_has_a_deck_text_area_with_an_example(form):
    _, page = form.post(game="hocg", action="game")
    page = html.unescape(page)
    for seat in ("p1", "p2"):
        assert f'name="deck.{seat}"' in page and f'data-testid="deck-check-deck-{seat}"' in page
    assert 'hx-post="/new/deck"' in page and "delay:400ms" in page
    assert 'placeholder="推しホロメン\n1 FX01-000  # 雪見ユキ 推しホロメン\nメインデッキ\n4 FX01-001' in page
    assert 'name="opt.decks"' not in page  # the JSON box is gone for a game with deck text


def test_when_a_bad_list_is_typed_then_the_check_names_every_problem_with_its_line_and_the_counts(form):
    r, part = _check(form, BAD)
    assert r.status_code == 200 and part.lstrip().startswith("<div class=\"deck-check\"")
    assert "oshi 0 / main 10 / cheer 0" in part and "6 problems" in part
    for line, words in ((2, "メインデッキ: 10 cards; it must have 50"), (4, "5 copies of FX00-001"),
                        (5, "does not go in メインデッキ"), (6, "cannot read 'nothing here'")):
        assert f"<strong>line {line}</strong>: " in part and words in part, words
    assert "推しホロメン: none; it must have 1" in part and "エールデッキ: none" in part


def test_when_a_good_list_is_typed_then_the_check_shows_the_counts_and_no_problem(form):
    _, part = _check(form, GOOD, field="deck.p2")
    assert "oshi 1 / main 50 / cheer 20 · ✓ ready" in part and "<li" not in part


def test_the_check_answers_nothing_for_an_empty_field_and_refuses_a_field_the_game_lacks(form):
    _, part = _check(form, "   ")
    assert "deck-summary" not in part
    assert _check(form, GOOD, field="deck.p9")[0].status_code == 400
    assert _check(form, GOOD, game="senbu_rinki")[0].status_code == 400


def test_given_a_text_deck_when_the_form_goes_on_then_the_options_hold_the_structured_list(form):
    r, page = form.post(game="hocg", seat=["Aoi", "Ren"], table="digital", cardset=FIXTURE.digest,
                        **{"deck.p1": GOOD, "deck.p2": GOOD}, action="next")
    assert r.status_code == 200, page
    spec = hidden(page, "spec")
    assert '"oshi": "FX01-000_C"' in spec and spec.count("FX01-002_C") == 100


def test_given_a_bad_text_deck_when_the_form_goes_on_then_it_stays_with_every_problem_beside_the_field(form):
    r, page = form.post(game="hocg", seat=["Aoi", "Ren"], table="digital", cardset=FIXTURE.digest,
                        **{"deck.p1": BAD, "deck.p2": GOOD}, action="next")
    page = html.unescape(page)
    assert r.status_code == 422 and 'name="spec"' not in page
    assert "<strong>line 4</strong>: 5 copies of FX00-001" in page and "oshi 1 / main 50 / cheer 20" in page


def test_the_example_placeholder_is_a_list_the_check_accepts():
    from kifu.web import decks

    for game in ("hocg", "heroes_placement"):
        rules = registry.get(game)
        cs = next(c for c in rules.demo_cardsets() if c.id == rules.default_cardset)
        assert decklist.parse(rules.deck_form, cs, decks.example(rules, cs)).ok, game
