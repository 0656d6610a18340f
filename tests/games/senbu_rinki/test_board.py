"""The board template renders every step of a golden game from every perspective: a seat's
role cell shows a role exactly when the view gives that perspective one, and "待ち" lists
exactly the view's ``to_act`` (the 審神者 only in its own and the judge's board). An
observed game renders too, a role nobody recording saw named in no cell."""
import re

import pytest
from flask import Flask, render_template

from kifu.replays.rules import perspectives

from kifu.replays.rng import Rng

from .golden import read, states
from .helpers import RULES
from .test_observed_properties import observed_setup, pick

LABELS = ("審神者", "刀剣男士", "時間遡行軍")


@pytest.fixture(scope="module")
def app():
    from kifu.web.views import bp

    app = Flask("senbu-board-test")
    app.register_blueprint(bp)
    return app


def _states(name):
    record = read(name)
    game = {"id": RULES.id, "title": RULES.title, "rules_version": RULES.version,
            "seats": [dict(s) for s in record.header["seats"]]}
    for state in states(record):
        yield state, game


def _role_cells(html):
    return dict(re.findall(r'data-testid="role-(p\d+)">(.*?)</p>', html, re.S))


def _waiting(html):
    found = re.search(r'data-testid="to-act">(.*?)</p>', html, re.S)
    return re.findall(r'class="seat seat-(p\d+)"', found.group(1)) if found else []


@pytest.mark.parametrize("name", ["decided-by-duel", "two-players-left", "saniwa-side-declares"])
def test_board_shows_roles_exactly_as_the_view_does(app, name):
    with app.test_request_context():
        for state, game in _states(name):
            saniwa = next(s for s, r in state["roles"].items() if r == "saniwa")
            for perspective in perspectives(state["players"]):
                view = RULES.view(state, perspective)
                html = render_template("games/senbu_rinki/board.html", view=view, perspective=perspective, game=game)
                cells = _role_cells(html)
                assert len(cells) == state["players"]
                for seat in view["seats"]:
                    shown = [label for label in LABELS if label in cells[seat["seat"]]]
                    assert shown == ([seat["role_label"]] if seat["role"] else []), (perspective, state["step"])
                assert 'class="sr-seat' in html and "近侍" in html
                assert _waiting(html) == view["to_act"], (perspective, state["step"])
                window = 'data-testid="declaration-window"' in html
                assert window == state["declaration_open"]
                assert ("あなた（審神者）" in html) == (window and perspective == saniwa)
                assert ("各席が知っていたこと" in html) == (perspective == "omniscient")
                assert "style=" not in html  # the page's CSP forbids inline styles


def test_board_through_the_real_viewer_on_the_real_store(redis_url):
    """End to end: a demo match recorded into Redis, each step rendered by the viewer."""
    from kifu.replays import registry
    from kifu.service.seeding import seed_demo_matches
    from tests.web.conftest import make_app

    app = make_app(redis_url)
    matches = app.extensions["kifu"].matches
    [info] = seed_demo_matches(matches, 1, games=[registry.demo(RULES.id)])
    client = app.test_client()
    for step in range(0, info.seq + 1, 2):
        _, state = matches.state(info.id, at=step)
        for perspective in perspectives(state["players"]):
            page = client.get(f"/m/{info.id}?step={step}&as={perspective}").get_data(as_text=True)
            assert 'class="board board-senbu_rinki"' in page, (step, perspective)
            cells = _role_cells(page)
            assert _waiting(page) == RULES.view(state, perspective)["to_act"], (perspective, step)
            for seat in RULES.view(state, perspective)["seats"]:
                shown = [label for label in LABELS if label in cells[seat["seat"]]]
                assert shown == ([seat["role_label"]] if seat["role"] else []), (perspective, step)


def test_board_renders_an_observed_game_without_naming_an_unseen_role(app):
    rng = Rng("board", "observed")
    state = observed_setup("board", 6, rng)
    game = {"id": RULES.id, "title": RULES.title, "rules_version": RULES.version,
            "seats": [{"id": f"p{i}", "name": f"N{i}"} for i in range(1, 7)]}
    tokens_shown = 0
    with app.test_request_context():
        while RULES.outcome(state) is None:
            for perspective in ("public", "p1", "omniscient"):
                view = RULES.view(state, perspective)
                html = render_template("games/senbu_rinki/board.html", view=view, perspective=perspective, game=game)
                cells = _role_cells(html)
                for seat in view["seats"]:
                    shown = [label for label in LABELS if label in cells[seat["seat"]]]
                    known = seat["role"] and not seat["role"].startswith("?")
                    assert shown == ([seat["role_label"]] if known else []), (perspective, state["step"])
                    tokens_shown += bool(seat["role"]) and not known
            state = RULES.apply(state, pick(state, rng))
    assert tokens_shown
