"""The live viewer when its event stream is refused for a while (issue 24).

While Redis cannot answer (a failover, a restart) the server refuses a new event stream
with 503 and ``Retry-After`` (tests/service/test_faults.py runs that against a real server
and a stopped Redis). An EventSource does not retry a refused stream by itself; htmx's SSE
extension does, with a growing pause. Here the browser's first two stream requests are
answered as the server answers them then, and the page must say it is not live, come back
by itself, and follow the next move.
"""
from __future__ import annotations

from tests.web.browser import wait_location
from tests.web.conftest import new_toy_match, play

REFUSALS = 2


def test_a_viewer_whose_stream_is_refused_with_503_reconnects_and_follows(browser, live, matches):
    mid = new_toy_match(matches, moves=2)
    context = browser.new_context()
    page = context.new_page()
    refused: list[str] = []

    def during_the_outage(route):
        if len(refused) < REFUSALS:
            refused.append(route.request.url)
            route.fulfill(status=503, headers={"Retry-After": "1", "Content-Type": "text/html"},
                          body="<p>the store is unreachable for a moment; retry shortly</p>")
        else:
            route.continue_()

    page.route("**/m/*/events*", during_the_outage)
    page.goto(f"{live.url}/m/{mid}?step=2")
    page.wait_for_selector("[data-testid=live-status]", state="visible", timeout=10_000)
    page.wait_for_selector("[data-testid=live-status]", state="hidden", timeout=20_000)
    assert len(refused) == REFUSALS
    page.wait_for_timeout(300)  # the stream that was let through is open
    play(matches, mid, 1)
    wait_location(page, "step=3")
    context.close()
