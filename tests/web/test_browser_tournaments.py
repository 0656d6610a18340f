"""The round page follows live tables like a chess broadcast: Chromium opens a round whose
tables are being recorded, and each table's step, state and result change on the page as
games are recorded and reported, without a reload."""
from __future__ import annotations

import pytest

from service import auth
from service.tournaments import EventService
from tests.web.conftest import play

pytestmark = pytest.mark.browser


def test_round_page_follows_live_tables(app, live, browser):
    kifu = app.extensions["kifu"]
    events = EventService(kifu.redis, kifu.matches)
    eid = events.create({"name": "Broadcast Cup", "game": "toy", "rounds": 2, "feature_tables": [1]},
                        by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai", "Sora", "Hina"):
        events.register(eid, name, by="admin")
    paired = events.pair(eid, by="admin")
    first, second = paired["tables"][0], paired["tables"][1]
    page = browser.new_page()
    try:
        page.goto(f"{live.url}/e/{eid}/r/1")
        card = page.get_by_test_id("table-1")
        assert "step 0" in card.inner_text()
        assert page.get_by_test_id("result-1").inner_text().startswith("playing")
        assert "bye" in page.get_by_test_id("table-3").inner_text()
        # table 1 is recorded move by move: the page follows it
        play(kifu.matches, first["matches"][0], 2)
        page.wait_for_function("document.querySelector('[data-testid=table-1]').innerText.includes('step 2')",
                               timeout=10_000)
        # table 2's game ends: its result appears, won through the recorded outcome
        play(kifu.matches, second["matches"][0], 500)
        page.wait_for_function(
            "!document.querySelector('[data-testid=result-2]').innerText.startsWith('playing')", timeout=10_000)
        assert "(matches)" in page.get_by_test_id("result-2").inner_text()
        # a judge enters table 1's result: it appears too
        judge = auth.Principal(role="admin", name="admin")
        events.enter_result(eid, 1, 1, judge, [1, 0], 0)
        page.wait_for_function(
            "document.querySelector('[data-testid=result-1]').innerText.includes('1-0')", timeout=10_000)
    finally:
        page.close()
