"""A broadcast match in Chromium (issue 25, item 4), at a desktop and a phone width: an
anonymous viewer opens the delayed ``broadcast`` perspective, sees both hands at the
delayed step and not the live head's, and follows over server-sent events when the live
match moves a turn on.

The web toy plays four commands a round and its turn goes up after p2 plays: with nine
entries the head is in turn 3, so a delay of one turn broadcasts up to step 7 (the end of
turn 2); four entries more put the head in turn 4 and the broadcast at step 11.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.web.browser import screenshot, step_of, wait_location
from tests.web.conftest import new_toy_match, play

pytestmark = pytest.mark.browser

CARD = re.compile(r"\bn\d+\b")


def hand(page, seat: str) -> Counter:
    """The cards the board shows in ``seat``'s hand (the generic board's tree)."""
    text = page.inner_text(f"[data-testid=board] dt:text-is('hands') + dd dt:text-is('{seat}') + dd")
    return Counter(CARD.findall(text))


def test_an_anonymous_viewer_follows_a_broadcast_a_turn_behind(sized, live, matches):
    page = sized
    mid = new_toy_match(matches, rounds=5, moves=9)
    matches.set_broadcast(mid, {"turns": 1})
    page.goto(f"{live.url}/m/{mid}?as=broadcast")
    assert step_of(page) == 7
    assert page.get_attribute("nav.perspectives a[aria-current=true]", "data-perspective") == "broadcast"
    assert "1 turn behind" in page.inner_text("nav.perspectives")
    at7, at9 = matches.state(mid, 7)[1], matches.state(mid)[1]
    for seat in ("p1", "p2"):  # both hands, at the delayed step
        assert hand(page, seat) == Counter(at7["hands"][seat])
    assert hand(page, "p1") != Counter(at9["hands"]["p1"])  # not the card p1 drew at the live head
    assert page.locator("#mv-8").count() == 0 and page.locator("#mv-7").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.wait_for_timeout(300)  # the EventSource connected
    play(matches, mid, 2)  # steps 10, 11: the head is still in turn 3, the broadcast stays
    page.wait_for_timeout(1500)
    assert step_of(page) == 7 and page.locator("#mv-8").count() == 0
    play(matches, mid, 2)  # steps 12, 13: turn 4, so all of turn 3 is a turn behind
    wait_location(page, "step=11&")
    page.wait_for_selector("#stage[data-step='11']")
    page.wait_for_selector("#mv-11")
    at11 = matches.state(mid, 11)[1]
    for seat in ("p1", "p2"):
        assert hand(page, seat) == Counter(at11["hands"][seat])
    assert page.locator("#mv-12").count() == 0
    screenshot(page, f"broadcast-{page.kifu_size}")
