"""Random observed games: outcomes left unknown at random are never refused, a role that
cannot be is always refused, and no view, move-list line or redaction tells a perspective
a role (or who the 審神者 is) that it may not know, tokens and all.

Each command is a random one of ``RULES.legal``: a command of the seat's, with each chance
outcome it needs stated by the recorder, left null half the time where the event allows
it (a role nobody saw), else one of the event's possible outcomes.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import canon, engine
from kifu.replays.errors import RuleViolation
from kifu.replays.kit import is_token
from kifu.replays.kit.chance import OutcomeNeeded
from kifu.replays.rng import Rng
from kifu.replays.rules import perspectives

from .helpers import RULES, options
from .knowledge import Model, indistinguishable, leaks, saniwa_traces
from .test_properties import same_line_if_hidden_roles_swap, same_line_if_the_saniwa_swaps

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEATS = st.sampled_from(RULES.seats)
ROLES = {"saniwa", "danshi", "sokogun"}
MAX_STEPS = 400


def impossible(event) -> list:
    """Outcomes ``event`` cannot have: a card the box does not hold, and a 審神者 where none may be."""
    out = ["joker"]
    if set(event.options) <= ROLES | {"face_down"} and "saniwa" not in event.options:
        out.append("saniwa")
    return out


def state_outcomes(base: dict, attempt, rng: Rng, refused) -> list:
    """The outcomes a recorder states for ``base``: each needed event answered at random
    (null half the time where it may be unknown); every impossible answer is tried first
    and must be refused (``refused(outcomes)``)."""
    outcomes: list = []
    while True:
        try:
            attempt(outcomes)
            return outcomes
        except OutcomeNeeded as need:
            event = need.event
            for wrong in impossible(event):
                refused([*outcomes, wrong])
            outcomes.append(None if event.unknown_ok and rng.below(2) else rng.choice(list(event.options)))


def observed_setup(seed: str, players: int, rng: Rng) -> dict:
    opts = options()

    def attempt(deal):
        return RULES.setup(opts, seed, players, table="observed", deal=deal)

    def refused(deal):
        with pytest.raises(RuleViolation):
            attempt(deal)

    return attempt(state_outcomes({}, attempt, rng, refused))


def pick(state: dict, rng: Rng) -> dict:
    """A random legal command, its outcomes stated as a recorder would (see the module doc)."""
    seats = RULES.to_act(state)
    bases = [c for seat in seats for c in RULES.legal_commands(state, seat)]
    assert bases, f"no legal command at step {state['step']}"
    quiet = [c for c in bases if c["type"] != "declare_victory"]
    base = rng.choice(quiet if quiet and rng.below(6) else bases)  # a 審神者 that may wait a 周 or two

    def attempt(outcomes):
        return RULES.apply(state, {**base, "outcomes": outcomes} if outcomes else base)

    def refused(outcomes):
        before = canon.dumps(state)
        with pytest.raises(RuleViolation):
            engine.check(RULES, state, {**base, "outcomes": outcomes})
        assert canon.dumps(state) == before

    outcomes = state_outcomes(base, attempt, rng, refused)
    command = {**base, "outcomes": outcomes} if outcomes else base
    assert command in RULES.legal(state, command["seat"]), "legal lists every stated outcome"
    return command


def shown_to_the_table(state: dict) -> None:
    """Views name the seats visibly awaited; the 審神者 only to itself (if the record knows it) and a judge."""
    public = RULES.view(state, "public")["to_act"]
    assert RULES.view(state, "omniscient")["to_act"] == list(RULES.to_act(state))
    for seat in state["seats"]:
        mine = RULES.view(state, seat)["to_act"]
        assert mine == public or (state["roles"][seat] == "saniwa" and mine == [*public, seat]), seat


@SETTINGS
@given(seed=st.text(min_size=1, max_size=10), players=SEATS)
def test_random_observed_games_refuse_only_impossible_outcomes_and_never_leak_a_role(seed, players):
    rng = Rng(seed, "observed")
    state = observed_setup(seed, players, rng)
    model = Model(state)
    views = perspectives(players)
    for _ in range(MAX_STEPS):
        if RULES.outcome(state) is not None:
            break
        canon.check_plain(state)
        shown_to_the_table(state)
        command = pick(state, rng)
        engine.check(RULES, state, command)
        before = canon.dumps(state)
        after = RULES.apply(state, command)
        assert canon.dumps(state) == before, "apply mutated its input"
        model.update(state, command, after)
        for i, perspective in enumerate(views):
            shown = RULES.redact(state, command, after, perspective)
            seen = [e["visible"] == "all" or perspective in (e["visible"], "omniscient") or perspective in e["visible"]
                    for e in after["chance"]]
            assert all(o is None or ok for o, ok in zip(shown.get("outcomes", []), seen))
            assert isinstance(RULES.describe(state, command, after, perspective), str)
            if after["over"] is None and perspective != "omniscient":
                assert same_line_if_hidden_roles_swap(state, command, after, model, perspective, after["step"] + i)
                assert same_line_if_the_saniwa_swaps(state, command, after, model, perspective, after["step"] + i)
            view = RULES.view(after, perspective)
            canon.check_plain(view)
            assert "seed" not in view
            assert set(view["unknown"]) <= set(after["zones"]["tokens"])
            assert leaks(view, after, model, perspective) == [], (perspective, after["step"])
            assert indistinguishable(after, model, perspective, after["step"] + i) is None
            assert saniwa_traces(after, model, perspective, after["step"] + i) == []
        state = after
    assert RULES.outcome(state) is not None, "the game did not end"
    assert RULES.to_act(state) == ()
    assert all(v["role"] for v in RULES.view(state, "public")["seats"])  # every card face up, seen or not
    winners = set(RULES.outcome(state).winners)
    assert all(not is_token(state["roles"][s]) for s in winners)


def _as_physical(state: dict) -> dict:
    """An observed state as the physical table has it: the same, but that a 一騎討ち
    nominee's card may also be recorded as not seen (``None`` among the options)."""
    out = {k: v for k, v in state.items() if k != "table"}
    if out["pending"] is not None:
        out["pending"] = {**out["pending"], "options": [o for o in out["pending"]["options"] if o is not None]}
    return out


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=10), players=SEATS)
def test_an_observed_game_stated_in_full_is_the_physical_game(seed, players):
    """Where the recorder saw everything, the observed record is the physical one."""
    rng = Rng(seed, "full")
    deal, opts = [], options()
    while True:
        try:
            observed = RULES.setup(opts, seed, players, table="observed", deal=deal)
            break
        except OutcomeNeeded as need:
            deal.append(rng.choice(list(need.event.options)))
    physical = RULES.setup(opts, seed, players, table="physical", deal=deal)
    for _ in range(MAX_STEPS):
        if RULES.outcome(physical) is not None:
            break
        assert _as_physical(observed) == {k: v for k, v in physical.items() if k != "table"}
        legal = [c for s in RULES.to_act(physical) for c in RULES.legal(physical, s)]
        command = rng.choice(legal)
        physical, observed = RULES.apply(physical, command), RULES.apply(observed, command)
    assert RULES.outcome(observed) == RULES.outcome(physical) is not None
