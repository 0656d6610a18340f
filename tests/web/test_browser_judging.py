"""A whole judge's case on a live digital HOLOdeLIVE match, clicked through in a real
browser (Playwright + Debian's Chromium), as issue 12's "done when" says: a player calls
a judge from the table and the table pauses (a public viewer sees the call appear and go
live over the event stream); a judge reads the case file with the board from both seats,
rules, and backs up two steps; play resumes (the player records a move); the player
appeals and the head judge rules. The judge's export then verifies offline and holds the
judge entries, and the viewer strikes through what the backup superseded.

Each actor has a browser context of its own (own cookies): the player's is the ``tab``
fixture, whose page errors fail the test.
"""
from __future__ import annotations

import time
from urllib.parse import quote

import pytest

from kifu.replays.verify import verify_text
from tests.web.browser import screenshot, wait_location, wait_text
from tests.web.conftest import play, token

pytestmark = pytest.mark.browser

QUESTION = "Did p1 draw before playing the unit?"


def sign_in(page, live, tok: str, then: str) -> None:
    page.goto(f"{live.url}/signin?next={quote(then)}")
    page.fill("#token", tok)
    page.click("form.signin button[type=submit]")
    wait_location(page, then)


def wait_hidden(page, selector: str, timeout: float = 10.0) -> None:
    """Polled (the pages' CSP forbids the evaluated waits Playwright would use)."""
    deadline = time.monotonic() + timeout
    while page.locator(selector).get_attribute("hidden") is None:
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} is still shown: {page.locator(selector).inner_text()[:300]!r}")
        time.sleep(0.03)


def test_a_whole_case_on_a_live_match(tab, browser, live, app, matches):
    started = time.monotonic()
    info = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1"}, seed="judging-browser")
    mid = info.id
    assert play(matches, mid, 6) == 6  # p1 drew, played, ended; p2 drew, played, ended
    table_url, viewer_url, panel_url = f"/m/{mid}/table", f"/m/{mid}?as=public", f"/m/{mid}/judge"
    others = []

    def context():
        made = browser.new_context(viewport={"width": 1280, "height": 900})
        others.append(made)
        return made.new_page()

    try:
        # a spectator follows the match live, as the public sees it
        public = context()
        public.goto(live.url + viewer_url)
        assert public.locator("#judge-banner").get_attribute("hidden") is not None

        # the player (p2) calls a judge from the recording table: the table pauses
        sign_in(tab, live, token(app, "player", name="Ren", match=mid, seat="p2"), table_url)
        if not tab.locator("#judge-question").is_visible():  # folded below the commands
            tab.click("#table-judge > summary")
        tab.fill("#judge-question", QUESTION)
        tab.click("[data-testid=call-judge]")
        wait_text(tab, "#judge-banner", "Judge called by p2 — case 1: table paused")
        assert QUESTION in tab.inner_text("#judge-banner")  # its caller reads its question
        assert tab.locator("#table [data-type]").count() == 0  # no command is offered while paused
        assert tab.locator("[data-testid=call-judge]").count() == 0  # one case at a time
        # ... and the spectator sees the pause arrive live, without the question
        wait_text(public, "#judge-banner", "Judge called by p2 — case 1: table paused")
        assert QUESTION not in public.inner_text("body")

        # a judge opens the case file: the board at step 6 from both seats, side by side
        judge = context()
        sign_in(judge, live, token(app, "judge", name="Jun"), panel_url)
        judge.click("[data-testid=case-link-1]")
        wait_location(judge, f"/m/{mid}/cases/1")
        assert judge.inner_text("[data-testid=case-question]") == QUESTION
        assert judge.inner_text("[data-testid=case-step]") == "6"
        for seat in ("p1", "p2"):
            board = judge.locator(f"[data-testid=case-board-{seat}]")
            assert board.is_visible()
            assert board.locator(f"[data-testid=hand-{seat}] [data-testid=card]").count() > 0  # its own hand, face up
        left = judge.locator("[data-testid=case-board-p1]").bounding_box()
        right = judge.locator("[data-testid=case-board-p2]").bounding_box()
        assert abs(left["y"] - right["y"]) < 2 and right["x"] > left["x"]  # side by side
        screenshot(judge, "judging-case-file")

        # ... rules (the table resumes: the spectator's banner goes away live) ...
        judge.goto(live.url + panel_url)
        judge.fill("#ruling-answer", "Yes: the draw came first. Play on.")
        judge.fill("#ruling-rule", "ゲームの流れ/②ドローフェイズ")
        judge.click("[data-testid=rule]")
        wait_text(judge, "[data-testid=recorded]", "Recorded judge entry #8.")
        wait_hidden(public, "#judge-banner")

        # ... and backs up two steps (the form offers the case's step, 6)
        assert judge.input_value("#backup-to") == "6"
        judge.fill("#backup-to", "4")
        judge.fill("#backup-reason", "p2's unit went to the wrong venue")
        judge.click("[data-testid=backup]")
        wait_text(judge, "[data-testid=recorded]", "Recorded judge entry #9.")
        # the spectator's rows 5 and 6, already on its page, are struck through live
        for seq in (5, 6):
            public.locator(f"#mv-{seq}.superseded").wait_for(timeout=10_000)
        assert "superseded" not in public.locator("#mv-4").get_attribute("class")

        # play resumes: the player's table (refreshed live) offers p2's commands again
        tab.locator("#table section.seat-commands[data-seat=p2] form.plain button").first.wait_for(timeout=10_000)
        tab.locator("#table section.seat-commands[data-seat=p2] form.plain button").first.click()
        wait_text(tab, "[data-testid=recorded]", "Recorded entry #10.")

        # the player appeals the ruling; the table pauses again for the head judge
        tab.fill("#appeal-reason-1", "The draw was after the unit; please look again.")
        tab.click("[data-testid=appeal-1]")
        wait_text(tab, "#judge-banner", "Appeal of case 1 — with the head judge: table paused")
        wait_text(public, "#judge-banner", "Appeal of case 1")

        # a floor judge may not rule on the appeal: refused inline, nothing written
        judge.goto(live.url + panel_url)
        judge.fill("#ruling-answer", "Still yes.")
        judge.fill("#ruling-rule", "ゲームの流れ")
        judge.click("[data-testid=rule]")
        wait_text(judge, "[data-testid=refusal]", "only the head judge rules on it")
        assert matches.info(mid).seq == 11

        # the head judge rules, and that ruling stands
        head = context()
        sign_in(head, live, token(app, "head_judge", name="Hana"), panel_url)
        assert head.inner_text("[data-testid=judge-role]") == "head judge"
        head.fill("#ruling-answer", "The draw came first; the ruling stands.")
        head.fill("#ruling-rule", "ゲームの流れ/②ドローフェイズ")
        head.click("[data-testid=rule]")
        wait_text(head, "[data-testid=recorded]", "Recorded judge entry #12.")
        wait_hidden(public, "#judge-banner")
        head.goto(f"{live.url}/m/{mid}/cases/1")
        assert head.locator("[data-testid=ruling]").count() == 2  # the earlier ruling stays visible
        assert "Head judge" in head.inner_text("[data-testid=ruling-stands] >> xpath=..")
        assert head.locator("[data-testid=appeal]").count() == 1
        assert head.locator(".followed li.superseded").count() == 0  # the call came after steps 5 and 6

        # the judge's export verifies offline and holds every judge entry
        judge_token = token(app, "judge", name="Jun")
        exported = app.test_client().get(f"/api/matches/{mid}/export",
                                         headers={"Authorization": f"Bearer {judge_token}"})
        assert exported.status_code == 200, exported.get_data(as_text=True)
        text = exported.get_data(as_text=True)
        report = verify_text(text)
        assert report.ok and report.replayed and report.entries == 12, report.to_json()
        kinds = [e["command"]["type"] for e in matches.entries(mid) if e["actor"] == "judge"]
        assert kinds == ["judge_call", "ruling", "backup", "appeal", "ruling"]
        for kind in kinds:
            assert f'"type":"{kind}"' in text.replace(" ", "")

        # the viewer strikes through the superseded entries, linking the backup
        public.goto(live.url + viewer_url)
        for seq in (5, 6):
            row = public.locator(f"#mv-{seq}")
            assert "superseded" in row.get_attribute("class")
            assert row.locator("s").count() == 1
            assert row.locator("[data-testid=superseded-by]").get_attribute("href").startswith(f"/m/{mid}?step=9")
        assert "superseded" not in public.locator("#mv-4").get_attribute("class")
        assert public.locator("#moves .judge-action").count() == 5
        screenshot(public, "judging-viewer-superseded")
    finally:
        for made in others:
            made.close()
    elapsed = time.monotonic() - started
    print(f"whole judged case in the browser: {elapsed:.1f} s")
    assert elapsed < 40
