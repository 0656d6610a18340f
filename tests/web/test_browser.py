"""The viewer and the recording table in a real browser (Playwright + Debian's Chromium)."""
from __future__ import annotations

import json
import secrets
from urllib.parse import quote

import pytest
import requests

from tests.web.browser import location, screenshot, step_of, wait_location, wait_text
from tests.web.conftest import LiveServer, new_toy_match, play, token

pytestmark = pytest.mark.browser



@pytest.fixture
def page(tab):
    """The conftest's tab: a CSP violation or a failed request fails the test."""
    return tab


def board(page) -> str:
    """The board's markup without the review overlay (shapes drawn over it, which the
    review script adds once the page has settled)."""
    return page.eval_on_selector("[data-testid=board]", """el => {
        const copy = el.cloneNode(true);
        copy.querySelectorAll('svg.review-overlay').forEach(svg => svg.remove());
        return copy.innerHTML;
    }""")


def sign_in(page, live, tok: str, then: str) -> None:
    page.goto(f"{live.url}/signin?next={quote(then)}")
    page.fill("#token", tok)
    page.click("form.signin button[type=submit]")
    wait_location(page, then)


def test_step_with_buttons_and_keyboard(page, live, matches):
    mid = new_toy_match(matches, moves=8)
    page.goto(f"{live.url}/m/{mid}?step=3&as=public")
    at_3 = board(page)
    page.click("#stage a[data-nav=next]")
    wait_location(page, "step=4&")
    page.wait_for_selector("#mv-4.current")
    assert step_of(page) == 4 and board(page) != at_3
    assert "Step 4 of 8" in page.inner_text("#announce")
    page.click("#stage a[data-nav=prev]")
    wait_location(page, "step=3&")
    assert board(page) == at_3
    for key, step in (("ArrowRight", 4), ("j", 5), ("ArrowLeft", 4), ("k", 3), ("End", 8), ("Home", 0)):
        page.keyboard.press(key)
        wait_location(page, f"step={step}&")
        page.wait_for_selector(f"#stage[data-step='{step}']")  # the address moves just before the swap
    page.click("#mv-6 a")
    wait_location(page, "step=6&")
    page.wait_for_selector("#stage[data-step='6']")
    assert page.locator("#stage").count() == 1
    page.fill("#stage input[name=turn]", "2")
    page.click("#stage form.jump button")
    wait_location(page, "step=5&")
    page.keyboard.press("?")
    assert page.get_attribute("#help", "open") is not None
    assert page.is_visible("#help .help-body")
    page.keyboard.press("Escape")
    assert page.get_attribute("#help", "open") is None
    screenshot(page, "viewer")


def test_deep_link_reload_is_the_same_step(page, live, matches):
    mid = new_toy_match(matches, moves=8)
    page.goto(f"{live.url}/m/{mid}?step=0&as=public")
    for step in range(1, 6):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"#stage[data-step='{step}']")
    wait_location(page, "step=5&")
    stepped = board(page)
    here = location(page)
    page.reload()
    assert location(page) == here and step_of(page) == 5
    assert board(page) == stepped
    assert page.get_attribute("#mv-5", "class") == "move current"
    page.go_back()
    wait_location(page, "step=4&")
    page.wait_for_selector("#stage[data-step='4']")


def test_perspective_switch_keeps_the_opponents_hand_out_of_the_dom(page, live, app, matches):
    mid = new_toy_match(matches, moves=2)
    _, state = matches.state(mid)
    sign_in(page, live, token(app, "player", name="Aoi", match=mid, seat="p1"), f"/m/{mid}?step=2&as=public")
    offered = page.eval_on_selector_all("nav.perspectives a[data-perspective]",
                                        "links => links.map(a => a.dataset.perspective)")
    assert offered == ["public", "p1"]
    page.click("nav.perspectives a[data-perspective=p1]")
    wait_location(page, "as=p1")
    page.wait_for_selector(".board[data-perspective=p1]")
    html = page.content()
    p1_hand = page.inner_text("[data-testid=board] dt:text-is('p1') + dd")
    assert all(str(card) in p1_hand for card in state["hands"]["p1"])
    p2_hand = page.inner_text("[data-testid=board] dt:text-is('p2') + dd")
    assert "count" in p2_hand and "cards" not in p2_hand
    assert "cards" not in html.split('<dt>p2</dt>', 2)[1].split("</dl>")[0]
    assert page.request.get(f"{live.url}/m/{mid}?as=p2").status == 403  # with this session's cookie


def test_the_page_follows_entries_appended_through_the_api(browser, page, live, app, matches):
    mid = new_toy_match(matches, moves=3)
    page.goto(f"{live.url}/m/{mid}?as=public")
    assert step_of(page) == 3
    reviewer = browser.new_page()
    reviewer.goto(f"{live.url}/m/{mid}?step=1&as=public")
    page.wait_for_timeout(300)  # both EventSources connected
    recorder = token(app, "recorder", name="Rec", match=mid)
    info = matches.info(mid)
    _, state = matches.state(mid)
    command = info.rules.legal(state, info.rules.to_act(state)[0])[0]
    answer = requests.post(f"{live.url}/api/matches/{mid}/commands", timeout=10,
                           headers={"Authorization": f"Bearer {recorder}"},
                           json={"command": command, "expected_seq": 3, "command_id": secrets.token_hex(8)})
    assert answer.status_code == 201, answer.text
    wait_location(page, "step=4&")
    page.wait_for_selector("#stage[data-step='4']")
    page.wait_for_selector("#mv-4.current")
    assert matches.info(mid).chain in page.inner_text("#match-head")
    wait_text(reviewer, "#new-moves", "the match is at step 4")
    assert location(reviewer).startswith(f"/m/{mid}?step=1&")
    assert reviewer.get_attribute("#stage", "data-step") == "1"
    assert reviewer.locator("#mv-4").count() == 1
    reviewer.click("#new-moves a")
    wait_location(reviewer, "step=4&")
    reviewer.wait_for_selector("#stage[data-step='4']")
    assert reviewer.locator("#stage").count() == 1 and reviewer.inner_text("#new-moves") == ""
    reviewer.close()


def test_record_at_the_table_and_see_an_illegal_command_refused(page, live, app, matches):
    mid = new_toy_match(matches, moves=1)
    sign_in(page, live, token(app, "recorder", name="Rec", match=mid), f"/m/{mid}/table")
    assert page.inner_text("[data-testid=table-seq]") == "1"
    buttons = page.locator("#table button[name=command]")
    assert buttons.count() >= 1
    command = json.loads(buttons.first.get_attribute("value"))
    assert command["type"] == "play" and command["seat"] == "p1"
    buttons.first.click()
    wait_text(page, "#table", "Recorded entry #2")
    assert page.inner_text("[data-testid=table-seq]") == "2"
    assert matches.info(mid).seq == 2
    page.fill("#command-json", json.dumps({"type": "play", "seat": "p2", "card": "n9"}))
    page.click("[data-testid=submit-json]")
    wait_text(page, "[data-testid=refusal]", "Refused by the rules")
    assert page.inner_text("[data-testid=rule]") == "フェイズ/draw"
    assert page.inner_text("[data-testid=table-seq]") == "2" and matches.info(mid).seq == 2
    screenshot(page, "table")


def test_holodelive_demo_board_in_the_browser(page, live, matches):
    from kifu.replays import registry
    from kifu.service.seeding import seed_demo_matches

    [info] = seed_demo_matches(matches, 1, games=[registry.get("holodelive")])
    step = info.seq // 2
    page.goto(f"{live.url}/m/{info.id}?step={step}&as=p1")
    assert page.locator("[data-testid=hand-p1] [data-testid=card]").count() > 0
    assert page.locator("[data-testid=hand-p2] [data-testid=card]").count() == 0
    assert page.locator(".hd-venue").count() == 3
    before = board(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#stage[data-step='{step + 1}']")
    assert board(page) != before
    screenshot(page, "viewer-holodelive")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "viewer-holodelive-phone")
    page.click("nav.perspectives a[data-perspective=public]")
    wait_location(page, "as=public")
    page.wait_for_selector(".board[data-perspective=public] [data-testid=hand-p1]")
    assert page.locator("[data-testid=hand-p1] [data-testid=card]").count() == 0
    _, state = matches.state(info.id, at=step + 1)
    html = page.content()
    assert not any(f'data-card="{card}"' in html for seat in ("p1", "p2") for card in state["hands"][seat])


def test_without_javascript_the_controls_are_plain_links(browser, live, matches):
    mid = new_toy_match(matches, moves=6)
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(f"{live.url}/m/{mid}?step=2&as=public")
    tab.click("#stage a[data-nav=next]")
    tab.wait_for_url(f"**/m/{mid}?step=3&as=public")
    assert tab.get_attribute("#stage", "data-step") == "3"
    tab.click("#mv-5 a")
    tab.wait_for_url(f"**/m/{mid}?step=5&as=public")
    tab.fill("#stage input[name=turn]", "1")
    tab.click("#stage form.jump button")
    tab.wait_for_url(f"**/m/{mid}?step=1&as=public")
    assert tab.get_attribute("#stage", "data-step") == "1"
    context.close()


def test_the_other_seats_table_follows_and_offers_its_commands(page, live, app, matches):
    mid = new_toy_match(matches, moves=1)
    sign_in(page, live, token(app, "player", name="Hikari", match=mid, seat="p2"), f"/m/{mid}/table")
    wait_text(page, "#table", "Waiting for p1")
    page.wait_for_timeout(300)  # the EventSource is connected
    play(matches, mid, 1)  # p1 plays: now p2 is to act
    wait_text(page, "#table", "p2 draws")
    assert page.inner_text("[data-testid=table-seq]") == "2"


def test_a_viewer_refused_a_stream_slot_says_so_and_recovers(browser, redis_url):
    """With the server's stream slots full, a follower is told it is not live, then reconnects."""
    from tests.web.conftest import make_app

    app = make_app(redis_url, KIFU_SSE_MAX_STREAMS=1, KIFU_SSE_HEARTBEAT=0.5)
    matches = app.extensions["kifu"].matches
    mid = new_toy_match(matches, moves=2)
    context = browser.new_context()
    with LiveServer(app) as server:
        first, second = context.new_page(), context.new_page()
        first.goto(f"{server.url}/m/{mid}?step=2")
        first.wait_for_selector("[sse-connect]", state="attached")
        first.wait_for_timeout(500)  # the first page holds the only slot
        second.goto(f"{server.url}/m/{mid}?step=2")
        second.wait_for_selector("[data-testid=live-status]", state="visible", timeout=10_000)
        first.close()  # its slot is freed at the next heartbeat; the extension retries with backoff
        second.wait_for_selector("[data-testid=live-status]", state="hidden", timeout=20_000)
        play(matches, mid, 1)
        wait_location(second, "step=3")
    context.close()
