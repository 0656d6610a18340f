"""Properties over seeded bot games: no hidden card in a view it must not reach, cards and
cheer conserved, every game ends, every legal command passes check."""
from __future__ import annotations

import copy

import pytest

from kifu.replays import bot, canon
from kifu.replays.kit import is_token

from .helpers import CS, RULES, options

SEEDS = ("prop-a", "prop-b")


def _games():
    for seed in SEEDS:
        state = RULES.setup(RULES.options_schema.load({}), seed, 2)
        states = [state]
        for _, state in bot.play(RULES, state, seed + "/bot"):
            states.append(state)
        yield seed, states


@pytest.fixture(scope="module")
def games():
    return list(_games())


def _counts(state: dict, seat: str) -> tuple[int, int]:
    """(deck cards, cheer cards) of a seat wherever they are."""
    pl = state["players"][seat]
    deck = cheer = 0

    def add(card):
        nonlocal deck, cheer
        if not is_token(card) and CS.card(card)["kind"] == "cheer":
            cheer += 1
        else:
            deck += 1
    for card in pl["hand"] + pl["archive"] + pl["holopower"]:
        add(card)
    holos = [h for h in (pl["center"], pl["collab"]) if h] + pl["back"]
    for h in holos:
        for card in [h["card"], *h["stack"], *h["cheer"], *h["attached"]]:
            add(card)
    for f in state["stack"]:  # a cheer turned face up, waiting for its holomem
        if f["seat"] == seat and f["params"].get("cheer"):
            add(f["params"]["cheer"])
    deck += state["zones"]["piles"][f"deck/{seat}"]["size"]
    cheer += state["zones"]["piles"][f"cheer/{seat}"]["size"]
    return deck, cheer


def test_every_game_ends_and_cards_and_cheer_are_conserved(games):
    for seed, states in games:
        assert RULES.outcome(states[-1]) is not None, seed
        for s in states:
            for seat in ("p1", "p2"):
                assert _counts(s, seat) == (50, 20), (seed, s["step"], seat)
                assert s["players"][seat]["life"] <= CS.card(s["players"][seat]["oshi"])["life"]


def _hide(state: dict, seat: str) -> dict:
    """The same state with ``seat``'s hidden cards changed (hand and holopower replaced by
    other cards of its deck list): what another perspective sees must not change."""
    s = copy.deepcopy(state)
    pl = s["players"][seat]
    other_card = "FX00-006_C" if seat == "p1" else "FX02-007_C"
    pl["hand"] = [other_card if c != other_card else "FX00-001_C" for c in pl["hand"]]
    pl["holopower"] = [other_card for _ in pl["holopower"]]
    return s


def test_no_view_shows_a_hidden_card_of_the_other_seat(games):
    for seed, states in games:
        for s in states[::7]:
            if s["pending"] and s["pending"]["kind"] == "search_deck":
                continue  # its options are the searcher's view of its deck
            for seat, viewer in (("p1", "p2"), ("p2", "p1"), ("p1", "public"), ("p2", "public")):
                assert RULES.view(s, viewer) == RULES.view(_hide(s, seat), viewer), (seed, s["step"], seat, viewer)


def test_views_never_carry_the_seed_or_the_piles_except_omniscient(games):
    for seed, states in games:
        for s in states[::11]:
            for viewer in ("p1", "p2", "public"):
                view = RULES.view(s, viewer)
                text = canon.dumps(view)
                assert seed not in text and "piles" not in view
                assert all("holopower_cards" not in p for p in view["players"].values())
            assert "piles" in RULES.view(s, "omniscient")


def test_every_legal_command_passes_check_along_a_game(games):
    from kifu.replays import engine
    _, states = games[0]
    for s in states[::5]:
        for seat in RULES.to_act(s):
            for cmd in RULES.legal(s, seat):
                engine.check(RULES, s, cmd)


def test_a_physical_game_with_registered_lists_ends_too():
    state = RULES.setup(options(first="p2"), "phys", 2)
    for _, state in bot.play(RULES, state, "phys/bot"):
        pass
    assert RULES.outcome(state) is not None
