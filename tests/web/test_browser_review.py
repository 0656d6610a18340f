"""The review studio in a real browser (Playwright + Debian's Chromium), as issue 15's "done
when" says: a judge draws an arrow and a highlight on a board and saves them (they are
drawn again from the server after a reload), plays a variation from a step by clicking
legal moves and saves it (a branch stepped like the main line), builds a two-chapter
study across two games from the viewer, and a signed-out visitor opens it by its URL.
Then the follow-up: notes arriving live on two readers' pages (each its own), a note's
permalink, and an arrow and a highlight drawn and saved with the keyboard only.
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
    from kifu.service.review import Review

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
        wait_count(other, ".board-senbu_rinki", 1)  # the chapter's board arrives after its title under load
        roles = other.locator("[data-testid^=role-]").all_inner_texts()
        assert roles and all("役：？" in r for r in roles), roles  # the public sees no role
    finally:
        visitor.close()


def wait_gone(page, selector: str, needle: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while needle in (page.locator(selector).first.inner_text() if page.locator(selector).count() else ""):
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} still shows {needle!r}")
        time.sleep(0.03)


def test_notes_arrive_live_for_each_reader_and_a_permalink_opens_the_note(tab, browser, live, app, matches):
    app.config["KIFU_NOTES_POLL_SECONDS"] = 0.4
    holo = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1"}, seed="review-live-notes").id
    assert play(matches, holo, 4) == 4
    judge, coach = token(app, "judge", name="Judge Sato"), token(app, "annotator", name="Coach Mai")
    api = app.test_client()

    def note(tok, body):
        rv = api.post(f"/api/matches/{holo}/notes", json=body, headers={"Authorization": f"Bearer {tok}"})
        assert rv.status_code in (200, 201), rv.json
        return rv.json

    here = f"/m/{holo}?step=2"
    sign_in(tab, live, judge, here)
    visitor = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        other = visitor.new_page()
        other.goto(live.url + here)
        # a coach's note on a live match reaches the judge's page, not the visitor's
        note(coach, {"step": 2, "text": "coach: keep the pair"})
        wait_text(tab, "#step-notes", "coach: keep the pair")
        wait_text(tab, "#mv-2 ul.notes", "coach: keep the pair")
        ruling = note(judge, {"step": 2, "text": "ruling: legal", "glyph": "!"})
        wait_text(other, "#step-notes", "ruling: legal")
        wait_text(other, "#mv-2 ul.notes", "ruling: legal")
        assert other.locator("#mv-2 > a .text > .glyph").all_inner_texts() == ["!"]
        assert "coach" not in other.inner_text("#step-notes") + other.inner_text("#moves")
        # edited and deleted live, without a reload
        note(judge, {"replaces": ruling["id"], "text": "ruling: legal, see 4.2", "glyph": "!"})
        wait_text(other, "#step-notes", "see 4.2")
        note(judge, {"replaces": ruling["id"], "delete": True})
        wait_gone(other, "#step-notes", "ruling")
        wait_gone(other, "#moves", "ruling")
        assert other.locator("#mv-2 > a .text > .glyph").count() == 0

        # a permalink: the note's link opens its step, scrolled to it and highlighted
        late = note(judge, {"step": 3, "text": "the turning point"})
        wait_text(other, "#mv-3 ul.notes", "the turning point")
        link = other.locator(f"#moves-note-{late['id']} [data-testid=note-link]")
        assert link.get_attribute("href") == f"?step=3#note-{late['id']}"
        link.click()
        wait_location(other, f"/m/{holo}?step=3")
        assert other.evaluate("location.hash") == f"#note-{late['id']}"
        target = other.locator(f"#note-{late['id']}")
        deadline = time.monotonic() + 5
        while "note-target" not in (target.get_attribute("class") or ""):
            assert time.monotonic() < deadline, target.get_attribute("class")
            time.sleep(0.03)
        assert target.is_visible() and target.evaluate(
            "el => { const r = el.getBoundingClientRect(); return r.top > -2 && r.bottom < innerHeight + 2; }")
    finally:
        visitor.close()


def test_draw_an_arrow_and_a_highlight_with_the_keyboard_only(tab, live, app, matches):
    holo = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1"}, seed="review-keys").id
    assert play(matches, holo, 4) == 4
    page = tab
    here = f"/m/{holo}?step=2&as=omniscient"
    sign_in(page, live, token(app, "judge", name="Keyboard Judge"), here)
    page.wait_for_load_state("load")  # the keys are review.js's, bound once the page has loaded
    page.locator("body").focus()

    def focused() -> dict:
        return page.evaluate("""() => { const el = document.activeElement;
            return {anchor: el.classList.contains('review-anchor'), tab: el.getAttribute('tabindex'),
                    outline: getComputedStyle(el).outlineStyle, review: el.dataset.review || null,
                    testid: el.dataset.testid || null}; }""")

    page.keyboard.press("d")  # draw mode: the focus goes to the board's first anchor
    first = focused()
    assert first["anchor"] and first["tab"] == "0" and first["outline"] != "none", first
    assert page.locator(".board-wrap .review-anchor[tabindex='0']").count() > 3
    page.keyboard.press("Enter")  # the source
    wait_count(page, ".review-from", 1)
    page.keyboard.press("Escape")  # drops the source, stays drawing
    wait_count(page, ".review-from", 0)
    assert focused()["anchor"]
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # the next anchor, not the next step
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")  # Tab goes on through the anchors too
    assert focused()["anchor"]
    page.keyboard.press(" ")  # the target: an arrow
    wait_count(page, "svg.review-overlay line.review-arrow", 1)
    wait_text(page, "[data-testid=shapes-status]", "arrow")
    assert page.get_attribute("#stage", "data-step") == "2"
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the same anchor twice: a highlight
    wait_count(page, "svg.review-overlay rect.review-highlight", 1)
    page.keyboard.press("Escape")  # leaves the mode: the focus goes back to its button
    assert focused()["review"] == "draw"
    assert page.locator(".board-wrap [data-review-tab]").count() == 0
    for _ in range(4):  # highlight, colour, clear, save
        page.keyboard.press("Tab")
    assert focused()["testid"] == "save-shapes"
    page.keyboard.press("Enter")
    wait_text(page, "[data-testid=shapes-status]", "saved")
    from kifu.service.review import Review

    [saved] = Review(matches).shape_sets(holo)
    assert saved["step"] == 2 and sorted(s["kind"] for s in saved["shapes"]) == ["arrow", "highlight"]
    assert page.get_attribute("#stage", "data-step") == "2"
