"""The metagame page in Chromium (issue 25, item 3): a known hololive OCG event's page at
a desktop (1366×900) and a phone (390×844) width shows both SVG charts drawn by the server
and the tables, with no horizontal scroll (scrollWidth ≤ the viewport) and no page error."""
from __future__ import annotations

import pytest

from kifu.service.tournaments import EventService
from tests.tournaments.known_meta import AKARI, KAI, YUKI, known_event
from tests.web.browser import screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 900}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_metagame_page_fits_desktop_and_phone(app, live, browser, viewport):
    kifu = app.extensions["kifu"]
    eid = known_event(EventService(kifu.redis, kifu.matches))
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    try:
        page.goto(f"{live.url}/e/{eid}/metagame")
        page.wait_for_selector("[data-testid=share-chart] svg")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        for chart in ("share-chart", "winrate-chart"):
            box = page.locator(f"[data-testid={chart}] svg").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] and box["height"] > 60, chart
        assert page.locator("[data-testid=winrate-chart] circle").count() == 3
        table = page.get_by_test_id("archetypes").inner_text()
        assert all(a in table for a in (AKARI, KAI, YUKI)) and "43.8%" in table
        assert "mirror" in page.get_by_test_id("matchups").inner_text()
        screenshot(page, f"metagame-{viewport['width']}")
    finally:
        context.close()
    assert not errors, errors
