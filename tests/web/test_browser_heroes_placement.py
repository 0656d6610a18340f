"""The ヒーローズプレイスメント board in a real browser at phone width: nothing overflows sideways."""
from __future__ import annotations

import pytest

from tests.web.browser import screenshot
from tests.web.test_board_heroes_placement import GOLDEN, RECORD, first_step, window_open

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def test_the_board_fits_a_phone_with_a_battle_and_an_open_window(browser, live, matches):
    info = matches.import_record((GOLDEN / f"{RECORD}.kifu.jsonl").read_text(encoding="utf-8"), by="test")
    # a window answering an attack: the battle, the window and both full grids at once
    step, _ = first_step(matches, info.id, lambda s: window_open(s) and s["battle"] is not None)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        for perspective in ("p1", "omniscient"):
            page.goto(f"{live.url}/m/{info.id}?step={step}&as={perspective}")
            page.wait_for_selector(".board-heroes_placement [data-testid=response-window]")
            assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") == 0, perspective
            board = page.locator(".board-heroes_placement").bounding_box()
            assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"], perspective
            # three squares abreast, each wide enough to read a name
            squares = page.locator("[data-testid=grid-p1] .hp-square")
            assert squares.count() == 6
            widths = [squares.nth(i).bounding_box()["width"] for i in range(3)]
            assert min(widths) > 80, widths
            # the stylesheet is linked and applied: the window stands out from the page
            assert page.eval_on_selector("[data-testid=response-window]",
                                         "e => getComputedStyle(e).borderTopWidth") == "3px"
            screenshot(page, f"board-heroes_placement-phone-{perspective}")
    finally:
        context.close()
    assert not errors, errors
