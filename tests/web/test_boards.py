"""Board templates: rendered from ``Rules.view`` only, for every perspective and step."""
from __future__ import annotations

import re

import pytest

from kifu.replays import registry
from kifu.service.seeding import seed_demo_matches


def board_of(page: str) -> str:
    return page.split('data-testid="board">', 1)[1].split('<aside class="moves-panel"', 1)[0]


@pytest.fixture
def demo(matches):
    """One finished holodelive demo match (finished + public: every perspective is open)."""
    [info] = seed_demo_matches(matches, 1, games=[registry.get("holodelive")])
    return info


def test_every_step_and_perspective_renders(client, demo):
    for step in range(0, demo.seq + 1, 3):
        for perspective in ("public", "p1", "p2", "omniscient"):
            r = client.get(f"/m/{demo.id}?step={step}&as={perspective}", headers={"HX-Request": "true"})
            assert r.status_code == 200, (step, perspective)
            assert 'class="board board-holodelive"' in r.get_data(as_text=True)


@pytest.mark.parametrize("perspective, hidden", [("p1", ["p2"]), ("p2", ["p1"]), ("public", ["p1", "p2"])])
def test_a_hidden_hand_is_not_in_the_page(client, matches, demo, perspective, hidden):
    step = demo.seq // 2
    _, state = matches.state(demo.id, at=step)
    page = client.get(f"/m/{demo.id}?step={step}&as={perspective}").get_data(as_text=True)
    board = board_of(page)
    for seat in ("p1", "p2"):
        hand = re.search(rf'data-testid="hand-{seat}">(.*?)</div>\s*</div>', board, re.S).group(1)
        cards = re.findall(r'data-card="([^"]+)"', hand)
        if seat in hidden:
            assert cards == [] and f"{len(state['hands'][seat])} hidden" in hand
            for card in state["hands"][seat]:
                assert f'data-card="{card}"' not in board
        else:
            assert cards == state["hands"][seat]


def test_board_shows_three_venues_units_and_scores(client, matches, demo):
    page = client.get(f"/m/{demo.id}?as=omniscient").get_data(as_text=True)
    _, state = matches.state(demo.id)
    for i in range(3):
        assert f'data-testid="venue-{i}"' in page
        assert f'data-testid="unit-{i}-p1"' in page and f'data-testid="unit-{i}-p2"' in page
    for seat in ("p1", "p2"):
        assert f'data-testid="score-{seat}">観客 {state["scores"][seat]:,}<' in page
    assert 'data-testid="office"' in page and 'data-testid="deck-omniscient"' in page


def test_the_generic_board_is_the_fallback(client, matches):
    info = matches.create("toy", ["A", "B"], {"rounds": 1})
    page = client.get(f"/m/{info.id}?as=public").get_data(as_text=True)
    assert 'class="board board-generic"' in page and "<dt>hands</dt>" in page


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_registered_game_renders_its_demo(client, matches, game_id):
    """Whatever board a game has (or the generic one), every perspective of every few steps renders."""
    [info] = seed_demo_matches(matches, 1, games=[registry.get(game_id)])
    seats = [s["id"] for s in info.header["seats"]]
    for step in sorted({0, 1, info.seq // 2, info.seq}):
        for perspective in ("public", *seats, "omniscient"):
            r = client.get(f"/m/{info.id}?step={step}&as={perspective}", headers={"HX-Request": "true"})
            assert r.status_code == 200, (game_id, step, perspective)
            assert 'class="board board-' in r.get_data(as_text=True)


def observed_deal(rules, players: int) -> list:
    """A deal in which every outcome the recorder may leave unseen is left unseen."""
    deal: list = []
    while (event := rules.deal_needs({}, "s", players, "observed", deal)) is not None:
        deal.append(None if event.unknown_ok else event.options[0])
    return deal


@pytest.mark.parametrize("game_id, players", [("holodelive", 2), ("senbu_rinki", 5)])
def test_an_observed_board_draws_each_unknown_card_as_a_back_with_its_mark(app, client, matches, game_id,
                                                                          players):
    from tests.web.conftest import token
    from tests.web.test_views import sign_in

    rules = registry.demo(game_id)
    info = matches.create(game_id, [f"P{i}" for i in range(players)], {}, table="observed",
                          deal=observed_deal(rules, players))
    sign_in(client, token(app, "judge", name="Judge"))
    page = client.get(f"/m/{info.id}?as=omniscient").get_data(as_text=True)
    board = board_of(page)
    unknown = matches.view_step(info.id, "omniscient").view["unknown"]
    assert unknown, "the deal left nothing unknown"
    drawn = set(re.findall(r'data-testid="token" data-token="(\?\d+)" title="\?\d+: unknown card, ', board))
    assert drawn == set(unknown)
    for tok in unknown:
        assert f'<li class="tok-unknown" data-token="{tok}">' in page
