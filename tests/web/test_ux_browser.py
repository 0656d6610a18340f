"""How the pages behave for their readers, in a real browser: phone and desktop layouts,
scrolling, the help overlay, focus. (tests/web/test_browser.py covers the issue's flows.)"""
from __future__ import annotations

from urllib.parse import quote

import pytest

from kifu.replays import registry
from kifu.service.seeding import seed_demo_matches
from tests.web.browser import location, screenshot, wait_location
from tests.web.conftest import new_toy_match, token

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}



def new_page(browser, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return context, page, errors


def row_in_list(page, step: int) -> bool:
    return page.evaluate(
        """step => { const list = document.getElementById('moves').getBoundingClientRect();
                     const row = document.getElementById('mv-' + step).getBoundingClientRect();
                     return row.top >= list.top && row.bottom <= list.bottom; }""", step)


def overflow(page) -> int:
    """How far the page is wider than the window (0: nothing to scroll sideways)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_a_deep_step_opens_at_the_top_with_its_move_in_view(browser, live, matches):
    mid = new_toy_match(matches, rounds=20, moves=70)
    for viewport in (PHONE, DESKTOP):
        context, page, errors = new_page(browser, viewport)
        page.goto(f"{live.url}/m/{mid}?step=60&as=public")
        # the move list scrolls to the step; the window does not (on a phone the list is below the board)
        assert page.evaluate("window.scrollY") == 0, viewport
        assert row_in_list(page, 60), viewport
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#stage[data-step='61']")
        page.wait_for_selector("#mv-61.current")
        assert page.evaluate("window.scrollY") == 0 and row_in_list(page, 61), viewport
        page.keyboard.press("Home")
        page.wait_for_selector("#stage[data-step='0']")
        page.wait_for_selector("#mv-0.current")
        assert row_in_list(page, 0)
        context.close()
        assert not errors, errors


def test_focus_stays_on_the_step_control_it_pressed(browser, live, matches):
    mid = new_toy_match(matches, moves=8)
    context, page, errors = new_page(browser, DESKTOP)
    page.goto(f"{live.url}/m/{mid}?step=2&as=public")
    page.focus("#nav-next")
    for step in (3, 4):
        page.keyboard.press("Enter")
        page.wait_for_selector(f"#stage[data-step='{step}']")
        page.wait_for_selector("#nav-next:focus")  # htmx gives the focus back to the same id
    wait_location(page, "step=4&")
    context.close()
    assert not errors, errors


def test_the_help_overlay_opens_closes_and_holds_the_keys(browser, live, matches):
    mid = new_toy_match(matches, moves=6)
    context, page, errors = new_page(browser, PHONE)
    page.goto(f"{live.url}/m/{mid}?step=3&as=public")
    help_open = lambda: page.get_attribute("#help", "open") is not None  # noqa: E731
    page.click("#help summary")
    assert help_open() and page.is_visible("#help .help-body")
    page.wait_for_selector("[data-help-close]:focus")  # focus moves into the overlay
    page.click("[data-help-close]")
    assert not help_open()
    page.keyboard.press("?")
    assert help_open()
    page.keyboard.press("ArrowRight")  # the overlay holds the stepping keys
    page.wait_for_timeout(200)
    assert page.get_attribute("#stage", "data-step") == "3" and location(page).endswith("step=3&as=public")
    page.keyboard.press("Escape")
    assert not help_open()
    page.click("#help summary")
    page.mouse.click(20, PHONE["height"] - 20)  # the dimmed page: closes, follows nothing underneath
    assert not help_open() and location(page).endswith("step=3&as=public")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#stage[data-step='4']")
    context.close()
    assert not errors, errors


def sign_in(page, live, tok: str, then: str) -> None:
    page.goto(f"{live.url}/signin?next={quote(then)}")
    page.fill("#token", tok)
    page.click("form.signin button[type=submit]")
    wait_location(page, then)


def test_nothing_scrolls_sideways_on_a_phone_and_every_match_opens(browser, live, app, matches):
    hd, sr = seed_demo_matches(matches, 1, games=[registry.get("holodelive"), registry.get("senbu_rinki")])
    table = matches.create("senbu_rinki", ["Kaito", "Tsubasa", "Yuki", "Aoi", "Sora"], {}).id
    context, page, errors = new_page(browser, PHONE)
    page.goto(f"{live.url}/")
    assert overflow(page) <= 0
    for link in page.locator("[data-testid=open-match]").all():
        box = link.bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"], "an open link is off screen"
    for url in (f"/m/{hd.id}?step={hd.seq // 2}&as=omniscient", f"/m/{sr.id}?as=omniscient", "/signin"):
        page.goto(live.url + url)
        assert overflow(page) <= 0, url
    sign_in(page, live, token(app, "recorder", name="Rec", match=table), f"/m/{table}/table")
    page.wait_for_load_state("load")  # the address changes before the stylesheet has applied
    page.wait_for_selector("#table button[name=command]")
    assert overflow(page) <= 0
    buttons = page.locator("#table button[name=command]").all()
    assert buttons and all(b.bounding_box()["height"] >= 40 for b in buttons)  # a thumb can hit them
    screenshot(page, "table-senbu-phone")
    context.close()
    assert not errors, errors


def test_stacked_holodelive_cards_show_their_icons_and_suit(browser, live, matches):
    [hd] = seed_demo_matches(matches, 1, games=[registry.get("holodelive")])
    for viewport in (PHONE, DESKTOP):
        context, page, errors = new_page(browser, viewport)
        page.goto(f"{live.url}/m/{hd.id}?step={hd.seq - 8}&as=omniscient")
        # the point in the middle of each card's icons and suit belongs to that card, not to the
        # card stacked over it
        hidden = page.evaluate("""() => {
            const bad = [];
            for (const card of document.querySelectorAll('.hd-stack .hd-card')) {
              for (const part of card.querySelectorAll('.hd-icons, .hd-suit')) {
                if (!part.textContent.trim()) continue;
                part.scrollIntoView({block: 'center'});
                const r2 = part.getBoundingClientRect();
                const hit = document.elementFromPoint(r2.left + r2.width / 2, r2.top + r2.height / 2);
                if (!hit || hit.closest('.hd-card') !== card) bad.push(card.dataset.card + ' ' + part.className);
              }
            }
            return bad; }""")
        assert page.locator(".hd-stack .hd-card").count() > 3
        assert hidden == [], hidden
        context.close()
        assert not errors, errors


def test_senbu_seats_stay_inside_the_board_on_a_desktop(browser, live, matches):
    [sr] = seed_demo_matches(matches, 1, games=[registry.get("senbu_rinki")])
    context, page, errors = new_page(browser, DESKTOP)
    page.goto(f"{live.url}/m/{sr.id}?step=0&as=omniscient")
    assert page.evaluate("getComputedStyle(document.querySelector('.sr-seat')).position") == "absolute"  # the ring
    outside = page.evaluate("""() => {
        const board = document.querySelector('.board-senbu_rinki').getBoundingClientRect();
        const boxes = [...document.querySelectorAll('.sr-seat, .sr-centre')].map(e => [e, e.getBoundingClientRect()]);
        const bad = [];
        for (const [e, r] of boxes) {
          if (r.top < board.top || r.bottom > board.bottom || r.left < board.left || r.right > board.right)
            bad.push('outside: ' + e.dataset.testid);
          for (const [f, s] of boxes) {
            if (e !== f && e.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING &&
                r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom)
              bad.push('overlap: ' + (e.dataset.testid || 'centre') + ' ' + (f.dataset.testid || 'centre'));
          }
        }
        return bad; }""")
    assert outside == [], outside
    screenshot(page, "viewer-senbu")
    context.close()
    assert not errors, errors
