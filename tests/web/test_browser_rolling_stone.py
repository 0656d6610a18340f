"""The Life is Rolling Stone board in a real browser (Playwright + Debian's Chromium): on a
phone nothing scrolls sideways, and the dice are drawn (a pip for each point, in the die's
colour) by the stylesheet alone."""
from __future__ import annotations

import pytest

from tests.web.browser import screenshot
from tests.web.test_board_rolling_stone import golden_states, imported

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def test_a_four_player_board_fits_a_phone_and_draws_its_dice(browser, live, matches):
    info = imported(matches, "four-tied-start-player")
    step = next(i for i, s in enumerate(golden_states("four-tied-start-player"))
                if s["phase"] == "main" and s["stage"] == 3 and s["turn_step"] == "take")
    for viewport, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(f"{live.url}/m/{info.id}?step={step}&as=p2")
        page.wait_for_load_state("load")
        widths = page.evaluate("""() => {
            const board = document.querySelector('.board-rolling_stone');
            return {page: document.documentElement.scrollWidth - window.innerWidth,
                    board: board.scrollWidth - board.clientWidth,
                    albums: [...board.querySelectorAll('.rs-album')].map(a => a.scrollWidth - a.clientWidth)}; }""")
        assert widths["page"] <= 0 and widths["board"] <= 0 and max(widths["albums"]) <= 0, (name, widths)
        dice = page.evaluate("""() => [...document.querySelectorAll('[data-testid=die]')].map(d => {
            const face = d.querySelector('.rs-face'), pip = face.querySelector('.rs-pip');
            const box = face.getBoundingClientRect();
            return {top: +d.dataset.top, colour: d.dataset.colour, pips: face.querySelectorAll('.rs-pip').length,
                    bg: getComputedStyle(face).backgroundColor, grid: getComputedStyle(face).display,
                    pip: pip && getComputedStyle(pip).backgroundColor, w: box.width, h: box.height,
                    north: d.querySelector('.rs-north').textContent}; })""")
        assert len(dice) == 16
        assert all(d["pips"] == d["top"] and d["grid"] == "grid" and d["w"] >= 16 and d["w"] == d["h"]
                   and d["north"] for d in dice), dice
        by_colour = {d["colour"]: d["bg"] for d in dice}
        assert len(set(by_colour.values())) == 4 and all(d["bg"] == by_colour[d["colour"]] for d in dice)
        assert all(d["pip"] != d["bg"] for d in dice)  # the pips stand out on their face
        bottom = page.evaluate("[...document.querySelectorAll('.rs-seat')].pop().dataset.testid")
        assert bottom == "seat-p2"
        screenshot(page, f"board-rolling_stone-{name}")
        context.close()
        assert not errors, errors
