"""The viewer's move list in windows (web.viewer.MoveWindow, web/templates/match/_window.html).

A long match's cold page carries the window of entries around its step, with loaders
for the rest; every step keeps its URL and keyboard stepping outside the window brings
the window around the new step.
"""
from __future__ import annotations

import re
import secrets

import pytest

from kifu.replays import bot
from kifu.replays.rng import derive
from tests.web.browser import wait_location, wait_text
from tests.web.conftest import make_app, new_toy_match, play, token
from tests.web.test_views import sign_in

HX = {"HX-Request": "true"}
LONG = 2000
PAGE_LIMIT = 100_000  # issue 14: the cold page of a 2,000-command match is under 100 KB


def record(matches, commands: int) -> str:
    """A toy match of ``commands`` entries through ``MatchService.submit`` (state kept
    here rather than re-read per command: 2,000 appends in about two seconds)."""
    info = matches.create("toy", ["Aoi", "Hikari"], {"rounds": commands // 4}, tournament="web")
    seq, state = matches.state(info.id)
    rules, seed = info.rules, derive("window-tests", info.id)
    while seq < commands:
        command = bot.choose(rules, state, seed)
        seq = matches.submit(info.id, command, expected_seq=seq, command_id=secrets.token_hex(8),
                             actor=command["seat"], by="test-bot").seq
        state = rules.apply(state, command)
    return info.id


def steps_in(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li class="move[^"]*" id="mv-(\d+)"', html)]


def loader(html: str, which: str) -> str | None:
    found = re.search(rf'data-window="{which}".*?hx-get="([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


@pytest.fixture(scope="module")
def long_match(redis_server):
    """One 2,000-command match for the module (recorded once; the tests only read it)."""
    import redis

    redis.Redis.from_url(redis_server.url).flushdb()
    app = make_app(redis_server.url)
    return app, record(app.extensions["kifu"].matches, LONG)


@pytest.mark.parametrize("step", [0, 1, 1000, 1999, LONG])
def test_cold_page_of_a_2000_command_match_is_under_100_kb(long_match, step):
    app, mid = long_match
    response = app.test_client().get(f"/m/{mid}?step={step}&as=public")
    assert response.status_code == 200
    page = response.get_data()
    assert len(page) < PAGE_LIMIT, f"{len(page):,} bytes"
    shown = steps_in(page.decode())
    assert shown[0] == 0 and step in shown  # the set-up row, and the step's own row
    assert len(shown) == 1 + 200
    assert re.search(rf'<li class="move current[^"]*" id="mv-{step}"', page.decode())


def test_the_loaders_reach_every_entry_once(long_match):
    """From a cold page in the middle, following "earlier" and "later" loaders lists every
    step exactly once, in order, each turn headed once."""
    app, mid = long_match
    client = app.test_client()
    page = client.get(f"/m/{mid}?step=1000&as=public").get_data(as_text=True)
    before, after = loader(page, "earlier"), loader(page, "later")
    assert "before=900" in before and "after=1099" in after
    earlier, later = [], []
    while before:
        part = client.get(before, headers=HX).get_data(as_text=True)
        assert len(part) < PAGE_LIMIT
        earlier = steps_in(part) + earlier
        before = loader(part, "earlier")
        assert loader(part, "later") is None
    pieces = [page]
    while after:
        part = client.get(after, headers=HX).get_data(as_text=True)
        later += steps_in(part)
        pieces.append(part)
        after = loader(part, "later")
        assert loader(part, "earlier") is None
    assert [0] + earlier + steps_in(page)[1:] + later == list(range(LONG + 1))
    # a "later" window continuing a turn does not head it again
    heads = re.findall(r'class="turn-head" id="turn-(\d+)-\d+"', "".join(pieces))
    assert len(heads) == len(set(heads))


def test_window_around_a_step_for_htmx(long_match):
    app, mid = long_match
    client = app.test_client()
    part = client.get(f"/m/{mid}/moves?step=1500&as=public", headers=HX)
    assert part.status_code == 200 and "HX-Request" in part.headers["Vary"]
    html = part.get_data(as_text=True)
    assert "<html" not in html and len(html) < PAGE_LIMIT
    assert steps_in(html) == [0, *range(1400, 1600)]
    assert "before=1400" in loader(html, "earlier") and "after=1599" in loader(html, "later")


def test_window_urls_without_htmx_open_the_step_page(long_match):
    app, mid = long_match
    client = app.test_client()
    for query, step in (("step=1500", 1500), ("before=900", 899), ("after=2000", 2000)):
        response = client.get(f"/m/{mid}/moves?{query}&as=public")
        assert response.status_code == 303
        assert response.headers["Location"].endswith(f"/m/{mid}?step={step}&as=public")


@pytest.mark.parametrize("query, status", [
    ("", 400), ("step=1&after=2", 400), ("step=x", 400), ("before=0", 400), ("step=2001", 404),
    ("after=-1", 400), ("step=1&as=p9", 403),
])
def test_bad_window_requests_are_refused(long_match, query, status):
    app, mid = long_match
    response = app.test_client().get(f"/m/{mid}/moves?{query}", headers=HX)
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert 'id="mv-' not in response.get_data(as_text=True)


@pytest.mark.parametrize("perspective", ["omniscient", "p1"])
def test_a_hidden_perspectives_window_needs_its_sign_in(client, matches, perspective):
    mid = new_toy_match(matches, rounds=5, moves=4)  # live: its hidden views are not public
    response = client.get(f"/m/{mid}/moves?step=2&as={perspective}", headers=HX)
    assert response.status_code == 403 and 'id="mv-' not in response.get_data(as_text=True)


def test_a_judges_window_of_a_live_omniscient_view_is_audited(app, client, matches):
    mid = new_toy_match(matches, rounds=5, moves=4)
    judge = token(app, "judge", name="Judge Ito")
    sign_in(client, judge)
    redis = app.extensions["kifu"].redis
    before = redis.xlen("kifu:audit")
    response = client.get(f"/m/{mid}/moves?step=2&as=omniscient", headers=HX)
    assert response.status_code == 200 and "mv-4" in response.get_data(as_text=True)
    assert redis.xlen("kifu:audit") == before + 1


# --- in a real browser, with a small window --------------------------------------------------

@pytest.fixture
def app(request, redis_url):
    """The browser tests below run on an app whose window is six entries."""
    return make_app(redis_url, KIFU_MOVES_WINDOW=6 if "browser" in request.keywords else None)


def listed(page) -> list[int]:
    return [int(s) for s in page.eval_on_selector_all("#moves li.move", "els => els.map(e => e.dataset.step)")]


@pytest.mark.browser
def test_keys_step_outside_the_window(tab, live, matches):
    page = tab
    mid = new_toy_match(matches, rounds=10, moves=30)
    page.goto(f"{live.url}/m/{mid}?step=15&as=public")
    assert listed(page) == [0, *range(12, 18)]
    for key, step in (("ArrowRight", 16), ("ArrowRight", 17), ("ArrowRight", 18)):
        page.keyboard.press(key)
        wait_location(page, f"step={step}&")
        page.wait_for_selector(f"#mv-{step}.current")
    assert listed(page) == [0, *range(15, 21)]  # the window around 18 replaced the list
    page.keyboard.press("End")
    page.wait_for_selector("#mv-30.current")
    assert listed(page) == [0, *range(25, 31)] and page.locator("[data-window=later]").count() == 0
    page.keyboard.press("Home")
    page.wait_for_selector("#mv-0.current")
    page.click("#mv-26 a")
    page.wait_for_selector("#stage[data-step='26']")
    wait_location(page, "step=26&")
    page.click("[data-testid=moves-earlier]")
    page.wait_for_selector("#mv-24")
    assert listed(page) == [0, *range(19, 31)]  # six more above, and a loader for the rest
    assert page.get_attribute("#mv-26", "class") == "move current"
    page.reload()
    assert listed(page) == [0, *range(23, 29)]  # a step's address shows the window around it


@pytest.mark.browser
def test_live_rows_wait_below_a_later_loader(tab, live, matches):
    """A reviewer whose window ends before the head gets no rows after a gap; following the
    "later" loader lists them, new ones included, each once."""
    page = tab
    mid = new_toy_match(matches, rounds=10, moves=20)
    page.goto(f"{live.url}/m/{mid}?step=3&as=public")
    assert listed(page) == [0, *range(1, 7)]
    page.wait_for_function("() => !!document.querySelector('[sse-connect]')")
    play(matches, mid, 2)
    wait_text(page, "#new-moves", "step 22")
    assert listed(page) == [0, *range(1, 7)]
    while page.locator("[data-window=later]").count():
        page.click("[data-testid=moves-later]")
        page.wait_for_timeout(150)
    play(matches, mid, 1)
    page.wait_for_selector("#mv-23")
    assert listed(page) == list(range(24))
