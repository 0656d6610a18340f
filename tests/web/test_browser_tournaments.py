"""The round page follows live tables like a chess broadcast: Chromium opens a round whose
tables are being recorded, and each table's small board, step, state and result change on
the page as games are recorded and reported, without a reload (no console error, so the
boards pass the page's CSP)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from kifu.service import auth
from kifu.service.tournaments import EventService
from tests.web.conftest import play

pytestmark = pytest.mark.browser


def test_round_page_follows_live_tables(app, live, tab):
    kifu = app.extensions["kifu"]
    events = EventService(kifu.redis, kifu.matches)
    eid = events.create({"name": "Broadcast Cup", "game": "toy", "rounds": 2, "feature_tables": [1]},
                        by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai", "Sora", "Hina"):
        events.register(eid, name, by="admin")
    paired = events.pair(eid, by="admin")
    first, second = paired["tables"][0], paired["tables"][1]
    page = tab
    page.goto(f"{live.url}/e/{eid}/r/1")
    card = page.get_by_test_id("table-1")
    assert "step 0" in card.inner_text()
    assert page.get_by_test_id("result-1").inner_text().startswith("playing")
    assert "bye" in page.get_by_test_id("table-3").inner_text()
    # every playing table shows its game's board, small: the game's own board, scaled
    board = page.get_by_test_id("mini-board-1")
    assert board.get_attribute("data-step") == "0" and board.locator(".board").count() == 1
    assert page.get_by_test_id("mini-board-2").is_visible() and page.get_by_test_id("table-3").locator(
        ".mini-board").count() == 0
    # laid out at a desktop width (44rem) and drawn at about 0.38 of it, clipped to 15rem high
    wrap = board.locator(".board-wrap").bounding_box()
    assert 200 < wrap["width"] < 300 and board.bounding_box()["height"] <= 15 * 16 + 2
    before = board.inner_html()
    # table 1 is recorded move by move: the page follows it, board included
    play(kifu.matches, first["matches"][0], 2)
    expect(page.get_by_test_id("table-1")).to_contain_text("step 2", timeout=10_000)
    board = page.get_by_test_id("mini-board-1")
    assert board.get_attribute("data-step") == "2" and board.inner_html() != before
    # table 2's game ends: its result appears, won through the recorded outcome
    play(kifu.matches, second["matches"][0], 500)
    expect(page.get_by_test_id("result-2")).not_to_have_text(re.compile(r"^\s*playing"), timeout=10_000)
    assert "(matches)" in page.get_by_test_id("result-2").inner_text()
    # a judge enters table 1's result: it appears too
    judge = auth.Principal(role="admin", name="admin")
    events.enter_result(eid, 1, 1, judge, [1, 0], 0)
    expect(page.get_by_test_id("result-1")).to_contain_text("1-0", timeout=10_000)
