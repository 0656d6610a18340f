"""Random games keep the books: every card in exactly one place, every die a solid on a card,
no seat sees another's hand or unrevealed choice (hypothesis)."""
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays.bot import play
from kifu.replays.games.rolling_stone.dice import orientations

from .helpers import CS, RULES, setup

ALBUM = Counter(c for c, card in CS.cards.items() if card["kind"] == "album")
DREAMS = Counter(c for c, card in CS.cards.items() if card["kind"] == "dream")


def _books(state):
    zones = state["zones"]["piles"]
    album = Counter(state["field"]) + Counter(c for c in state["discard"] if CS.card(c)["kind"] == "album")
    if state["placing"]:
        album[state["placing"]] += 1
    for seat in state["seats"]:
        album.update(c for c in state["albums"][seat].values() if CS.card(c)["kind"] == "album")
    for stage in (1, 2, 3):
        album.update(zones[f"stage{stage}"]["unseen"])
    assert album == ALBUM
    dreams = Counter(zones["dreams"]["unseen"]) + Counter(state["choices"].values())
    for seat in state["seats"]:
        dreams.update(state["hands"][seat])
        dreams.update(state["skills"][seat])
    assert dreams == DREAMS


def _solids(state):
    for seat in state["seats"]:
        for die in state["dice"][seat].values():
            if die["north"] is not None:
                assert die["north"] in orientations(die["top"])
                assert state["albums"][seat].get(die["square"]), "a die always stands on a card"


def _private(state):
    for viewer in state["seats"]:
        view = RULES.view(state, viewer)
        for seat in state["seats"]:
            if seat == viewer:
                continue
            assert view["seats"][seat]["hand"] is None
            if view["seats"][seat]["choice"]:
                assert view["seats"][seat]["choice"]["card"] is None


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8), players=st.sampled_from([3, 4]))
def test_random_games_keep_the_books(seed, players):
    state = setup(players, seed=seed)
    for n, (_, state) in enumerate(play(RULES, state, seed + "/bot")):
        _books(state)
        _solids(state)
        if n % 7 == 0:
            _private(state)
    assert RULES.outcome(state) is not None
    assert all(len(state["skills"][s]) == 3 and len(state["hands"][s]) == 1 for s in state["seats"])
