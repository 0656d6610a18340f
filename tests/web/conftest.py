"""Fixtures of the web tests: the real app on the real Redis, a toy game beside the registry.

``app`` is ``kifu.service.app.create_app`` with the web extension loaded through its entry
point, exactly as ``kifu serve`` builds it. The toy game (tests/web/toy.py) is added to
the registered games through ``KIFU_GAMES`` (the service binds it to its card set like
any game) so the tests do not depend on how long a real game's bot match happens to be.
"""
from __future__ import annotations

import contextlib
import re
import secrets
import threading

import pytest
from werkzeug.serving import make_server

from kifu.replays import bot, registry
from kifu.replays.rng import derive
from kifu.service import auth
from kifu.service.app import create_app
from tests.web import toy


def games():
    return [*registry.all(), toy.RULES]


def make_app(redis_url: str, **extra):
    config = {
        "REDIS_URL": redis_url, "SECRET_KEY": secrets.token_hex(32), "TESTING": True,
        "KIFU_GAMES": games,
        "KIFU_SSE_HEARTBEAT": 1.0,
    }
    config.update(extra)
    return create_app(config)


@pytest.fixture
def app(redis_url):
    return make_app(redis_url)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def matches(app):
    return app.extensions["kifu"].matches


def play(matches, mid: str, n: int, *, bot_seed: str = "web-tests") -> int:
    """Append ``n`` bot commands (or until the game ends); return the head seq."""
    info = matches.info(mid)
    rules = info.rules
    seq, state = matches.state(mid)
    for _ in range(n):
        command = bot.choose(rules, state, derive(bot_seed, mid))
        if command is None:
            break
        result = matches.submit(mid, command, expected_seq=seq, command_id=secrets.token_hex(8),
                                actor=command["seat"], by="test-bot")
        seq, state = matches.state(mid)
        assert seq == result.seq
    return seq


def new_toy_match(matches, *, rounds: int = 3, moves: int = 0, **kw) -> str:
    info = matches.create("toy", ["Aoi", "Hikari"], {"rounds": rounds}, tournament="web", **kw)
    if moves:
        play(matches, info.id, moves)
    return info.id


def token(app, role: str, **kw) -> str:
    return auth.create_token(app.extensions["kifu"].redis, role=role, **kw)


class LiveServer:
    """The app on a real port, served by werkzeug's threaded server in a thread."""

    def __init__(self, app):
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, name="web-live-server", daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    """One Debian Chromium for every browser test (Playwright; see tests/web/browser.py)."""
    from playwright.sync_api import sync_playwright

    from tests.web.browser import launch

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def live(app):
    """The test app served on a real port."""
    with LiveServer(app) as server:
        yield server


#: console errors a test provokes on purpose: a refusal at the table (409/422, shown inline)
#: and a submission aborting a live refresh of the table in flight (hx-sync)
EXPECTED_ERRORS = re.compile(r"status of (409|422) |^htmx:sendAbort|^htmx:afterRequest")


@contextlib.contextmanager
def watched_page(browser, width: int, height: int):
    """A fresh tab of that size; any page error or unexpected console error fails the test."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}")
            if msg.type == "error" and not EXPECTED_ERRORS.search(msg.text) else None)
    yield page
    context.close()
    assert not problems, problems


@pytest.fixture
def tab(browser, live):
    """A fresh browser tab (``watched_page``).

    It depends on ``live`` so that the tab closes before the server stops: a server going
    away under an open event stream would otherwise log a reset as the test's error.
    """
    with watched_page(browser, 1280, 900) as page:
        yield page


#: the two screens the layout tests measure
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


@pytest.fixture(params=list(SIZES))
def sized(request, browser, live):
    """A watched tab at each of ``SIZES`` (``page.kifu_size`` names which)."""
    with watched_page(browser, *SIZES[request.param]) as page:
        page.kifu_size = request.param
        yield page
