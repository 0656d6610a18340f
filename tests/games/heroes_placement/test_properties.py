"""Properties over random games: every card of a seat is somewhere (the books balance), seats
never see the other's hand or a face-down place, and observed games with random unknowns run."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import engine
from kifu.replays.bot import choose as bot_choose
from kifu.replays.rng import Rng

from .helpers import RULES, options

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
IN_FLIGHT = ("appear", "enter")


def _cards(state: dict, seat: str) -> int:
    p = state["players"][seat]
    field = sum(1 + len(sq["char"]["equip"]) for sq in p["grid"] if sq["char"])
    places = sum(1 for sq in p["grid"] if sq["place"] is not None)
    flight = 0
    for f in state["stack"]:
        if f["params"].get("owner", f["seat"]) != seat:  # デッキ回復 asks the opponent for its owner
            continue
        if f["effect"] in IN_FLIGHT:
            flight += 1
        flight += "held" in f["params"]
        flight += "pick" in f["params"] and f["effect"] == "ev:fishing"
    deck = state["zones"]["piles"][f"deck:{seat}"]["size"]
    return len(p["hand"]) + len(p["trash"]) + len(p["damage"]) + len(p["removed"]) + deck + field + places + flight


@SETTINGS
@given(seed=st.text(min_size=1, max_size=8))
def test_every_card_is_somewhere_at_every_step(seed):
    state = RULES.setup(RULES.options_schema.load({}), seed, 2)
    while RULES.outcome(state) is None:
        assert _cards(state, "p1") == _cards(state, "p2") == 51, state["step"]  # 50 and the start leader
        state = RULES.apply(state, bot_choose(RULES, state, seed))


@SETTINGS
@given(seed=st.text(min_size=1, max_size=8))
def test_a_seat_never_sees_the_other_hand_or_a_face_down_place(seed):
    state = RULES.setup(RULES.options_schema.load({}), seed, 2)
    while RULES.outcome(state) is None:
        for seat, other in (("p1", "p2"), ("p2", "p1")):
            view = RULES.view(state, seat)
            assert view["players"][other]["hand"] is None
            assert all(sq["place"] in (None, "face_down") for p in view["players"].values() for sq in p["grid"])
            decision = view["decision"]
            assert decision is None or "options" not in decision or decision["seat"] == seat
        state = RULES.apply(state, bot_choose(RULES, state, seed))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8))
def test_observed_games_with_random_unknowns_are_never_refused_and_keep_their_books(seed):
    rng = Rng(seed, "observed")
    opts = options(None)
    deal: list = []
    while (event := RULES.deal_needs(opts, seed, 2, "observed", deal)) is not None:
        deal.append(None if event.unknown_ok and rng.below(2) else rng.choice(list(event.options)))
    state = RULES.setup(opts, seed, 2, table="observed", deal=deal)
    for _ in range(150):
        if RULES.outcome(state) is not None:
            break
        legal = [c for s in RULES.to_act(state) for c in RULES.legal(state, s)]
        state = engine.step(RULES, state, rng.choice(legal))
        assert _cards(state, "p1") == _cards(state, "p2") == 51
