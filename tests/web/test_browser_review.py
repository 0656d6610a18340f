"""The review studio in a real browser (Playwright + Debian's Chromium), as issue 15's "done
when" says: a judge draws an arrow and a highlight on a board and saves them (they are
drawn again from the server after a reload), plays a variation from a step by clicking
legal moves and saves it (a branch stepped like the main line), builds a two-chapter
study across two games from the viewer, and a signed-out visitor opens it by its URL.
"""
from __future__ import annotations

import time
from urllib.parse import quote

import pytest

from tests.web.browser import wait_location, wait_text
from tests.web.conftest import play, token

pytestmark = pytest.mark.browser


def sign_in(page, live, tok: str, then: str) -> None:
    page.goto(f"{live.url}/signin?next={quote(then)}")
    page.fill("#token", tok)
    page.click("form.signin button[type=submit]")
    wait_location(page, then)


def wait_count(page, selector: str, n: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while page.locator(selector).count() != n:
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector}: {page.locator(selector).count()} found, not {n}")
        time.sleep(0.03)


def test_draw_shapes_play_a_variation_and_share_a_two_game_study(tab, browser, live, app, matches):
    holo = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1"}, seed="review-browser").id
    assert play(matches, holo, 4) == 4
    senbu = matches.create("senbu_rinki", ["A", "B", "C", "D", "E"], seed="review-senbu").id
    assert play(matches, senbu, 3) == 3
    judge = token(app, "judge", name="Coach Judge")
    page = tab
    here = f"/m/{holo}?step=2&as=omniscient"
    sign_in(page, live, judge, here)

    # shapes: tap a card of p1's hand then a venue (an arrow), a seat's home twice (a highlight)
    page.click("#review-draw [data-review=draw]")
    page.locator('[data-testid="hand-p1"] [data-testid="card"]').first.click()
    page.locator('[data-testid="venue-1"]').first.click(position={"x": 5, "y": 5})
    wait_count(page, "svg.review-overlay line.review-arrow", 1)
    page.keyboard.press("h")  # highlight mode from the keyboard
    page.locator('[data-testid="home-p2"]').first.click(position={"x": 5, "y": 5})
    wait_count(page, "svg.review-overlay rect.review-highlight", 1)
    page.click("[data-testid=save-shapes]")
    wait_text(page, "[data-testid=shapes-status]", "saved")
    saved = app.extensions["kifu"].matches
    from service.review import Review

    sets = Review(saved).shape_sets(holo)
    assert [(s["step"], s["perspective"], sorted(x["kind"] for x in s["shapes"])) for s in sets] == [
        (2, "omniscient", ["arrow", "highlight"])]
    assert sets[0]["shapes"][0]["from"].startswith("hand-p1/card/")
    page.goto(live.url + here)
    wait_count(page, "svg.review-overlay line.review-arrow", 1)
    wait_count(page, "svg.review-overlay rect.review-highlight", 1)

    # a variation: two legal moves clicked from step 2, saved, then stepped like the main line
    page.click("[data-testid=play-variation]")
    wait_location(page, "/v/new")
    page.locator("[data-testid=variation-buttons] button[name=add]").first.click()
    wait_count(page, "[data-testid=draft] li", 1)
    page.locator("[data-testid=variation-buttons] button[name=add]").first.click()
    wait_count(page, "[data-testid=draft] li", 2)
    page.fill("[data-testid=save-variation] input[name=title]", "what if")
    page.click("[data-testid=save-variation] button[type=submit]")
    wait_location(page, f"/m/{holo}/v/")
    wait_text(page, "[data-testid=where]", "2/2")
    wait_count(page, "[data-testid=variation-moves] .variation-line li.move[data-step]", 2)
    page.click("#stage a[data-nav=prev]")
    wait_text(page, "[data-testid=where]", "1/2")
    assert matches.info(holo).seq == 4  # never in the record
    page.goto(live.url + here)
    wait_text(page, "[data-testid=variations]", "what if")

    # a study across two games, built from the viewer
    page.goto(live.url + "/studies")
    page.fill("[data-testid=new-study] input[name=title]", "Two games, two lessons")
    page.click("[data-testid=new-study] button[type=submit]")
    study_path = wait_location(page, "/s/")
    for mid, step, title in ((holo, 2, "the draw"), (senbu, 3, "the attack")):
        page.goto(f"{live.url}/m/{mid}?step={step}&as=omniscient")
        page.fill("[data-testid=add-to-study] input[name=title]", title)
        page.click("[data-testid=add-to-study] button[type=submit]")
        wait_location(page, "/s/")
    wait_count(page, "[data-testid=chapters] li", 2)

    # a visitor (signed out, its own cookies) opens it by its URL and walks both chapters
    visitor = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        other = visitor.new_page()
        other.goto(live.url + study_path.split("?")[0])
        wait_text(other, "[data-testid=study-title]", "Two games, two lessons")
        assert other.get_attribute("[data-testid=chapter]", "data-game") == "holodelive"
        wait_text(other, "[data-testid=chapter] h2", "the draw")
        assert "as public" in other.inner_text("[data-testid=chapter] h2")  # no more than a visitor may see
        assert other.locator(".review-variations").count() == 0  # variations need the omniscient view
        other.click("[data-testid=next-chapter]")
        wait_text(other, "[data-testid=chapter] h2", "the attack")
        assert other.get_attribute("[data-testid=chapter]", "data-game") == "senbu_rinki"
        assert other.locator(".board-senbu_rinki").count() == 1
        roles = other.locator("[data-testid^=role-]").all_inner_texts()
        assert roles and all("役：？" in r for r in roles), roles  # the public sees no role
    finally:
        visitor.close()
