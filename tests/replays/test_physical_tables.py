"""A physical table never asks for a card nobody saw (kifu.replays.kit.chance, ``Event.unseen``),
over random games of every registered game.

Two drivers: a digital twin (a bot game at a digital table, its outcomes stated at a
physical one through ``kifu.replays.kit.tables.Twin``), and a physical game alone, each
outcome the engine asks for chosen among the possible ones. Either way, given a physical
table, when the engine asks for outcomes (``deal_needs``, ``needs``, ``legal``), then it
never asks for an event nobody at the table sees; every card drawn unseen is an unknown
token until it is revealed; and no perspective's view names a card the digital twin's
view of that perspective does not (but for a search's options, which may offer more),
nor a card turned up to other seats only.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import bot, canon, engine, registry
from kifu.replays.errors import CommandError
from kifu.replays.kit.chance import Digital, Given
from kifu.replays.kit.tables import Twin, standing
from kifu.replays.rng import Rng
from kifu.replays.rules import OMNISCIENT, perspectives
from tests.games import goldens

GAMES = registry.ids()
SETTINGS = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: commands per game: enough to reach collabs, placements turned up and venues won
STEPS = 160


def _asked_exactly(ask, outcomes: list) -> None:
    """``ask(stated)`` (the next event the engine needs) names ``outcomes`` one by one, and
    none of them is an event nobody sees."""
    for i, value in enumerate(outcomes):
        event = ask(outcomes[:i])
        assert event is not None, f"outcome {i + 1} stated but never asked"
        assert not event.unseen, f"asked for {event.name}, which nobody sees"
        assert value in event.options
    assert ask(outcomes) is None


def _unseen_draws(source) -> int:
    """Events of ``source`` nobody saw that drew a card from a pile (each makes a token)."""
    return sum(1 for e in source.unasked if e.token is None)


def _tokens_are_unknown(rules, state: dict, cards: dict) -> None:
    """Every outstanding token is shown as a token, and may still be what the twin holds there."""
    omniscient = canon.dumps(rules.view(state, OMNISCIENT))
    zones = state["zones"]
    for token, card in cards.items():
        assert f'"{token}"' in omniscient, f"{token} left no trace in the omniscient view"
        pile = zones["piles"][zones["tokens"][token]["pile"]]
        assert pile["unseen"].get(card, 0) > 0, f"{token} can no longer be {card}: a legal reveal would be refused"


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.text(min_size=1, max_size=10), pick=st.integers(min_value=0, max_value=20))
def test_a_digital_twin_restated_physically_is_never_asked_an_unseen_card(game, seed, pick):
    rules = registry.demo(game)
    players = rules.seats[pick % len(rules.seats)]
    options = rules.options_schema.load({})
    views = [p for p in perspectives(players) if p != OMNISCIENT]
    first = Digital(seed, 0)
    digital = rules.setup_with(options, seed, players, "digital", first)
    cards: dict = {}
    twin = Twin("physical", [v for _, v in first.log], cards, 1)
    rules.setup_with(options, seed, players, "physical", twin)
    deal = [v for _, v in twin.log]
    _asked_exactly(lambda d: rules.deal_needs(options, seed, players, "physical", d), deal)
    physical = rules.setup(options, seed, players, table="physical", deal=deal)
    assert physical["zones"]["next"] == 1 + _unseen_draws(twin)
    cards = standing(physical, digital, twin.cards, physical["zones"]["tokens"])
    turned_up: dict = {}  # token -> the event that turned it up
    for _ in range(STEPS):
        if rules.outcome(digital) is not None:
            break
        for view in views:
            shown = rules.view(physical, view)
            assert goldens.alike(goldens.shown(shown), goldens.shown(rules.view(digital, view))), \
                f"step {digital['step']}: {view}"
            for entry in shown.get("revealed", []):  # a card turned up to some seats is named to them only
                event = turned_up.get(entry["token"])
                assert event is None or event.sees(view), f"{view} is told {entry['token']} was {entry['card']}"
        _tokens_are_unknown(rules, physical, cards)
        command = bot.choose(rules, digital, f"{seed}/bot")
        source = Digital(seed, digital["step"] + 1)
        digital = rules.apply_with(digital, command, source)
        twin = Twin("physical", [v for _, v in source.log], cards, physical["zones"]["next"])
        rules.apply_with(physical, command, twin)
        outcomes = [v for _, v in twin.log]
        turned_up.update((e.token, e) for e, _ in twin.log if e.token is not None)
        _asked_exactly(lambda o: rules.needs(physical, {**command, "outcomes": o}), outcomes)
        stated = {**command, "outcomes": outcomes} if outcomes else command
        after = engine.step(rules, physical, stated)
        assert after["zones"]["next"] == physical["zones"]["next"] + _unseen_draws(twin)
        physical = after
        cards = standing(physical, digital, twin.cards, physical["zones"]["tokens"])
    assert set(cards) == set(physical["zones"]["tokens"])
    assert rules.outcome(physical) == rules.outcome(digital)


def _stated_at_random(ask, rng: Rng, limit: int = 64) -> list | None:
    """Outcomes chosen one by one among those the engine asks for (None: more than ``limit``)."""
    stated: list = []
    while (event := ask(stated)) is not None:
        assert not event.unseen, f"asked for {event.name}, which nobody sees"
        if len(stated) >= limit:
            return None
        stated.append(rng.choice(list(event.options)))
    return stated


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.text(min_size=1, max_size=10), pick=st.integers(min_value=0, max_value=20))
def test_a_physical_game_alone_states_only_what_somebody_saw(game, seed, pick):
    rules = registry.demo(game)
    players = rules.seats[pick % len(rules.seats)]
    options = rules.options_schema.load({})
    rng = Rng(seed, "physical")
    deal = _stated_at_random(lambda d: rules.deal_needs(options, seed, players, "physical", d), rng, 10_000)
    state = rules.setup(options, seed, players, table="physical", deal=deal)
    for step in range(STEPS):
        if rules.outcome(state) is not None:
            break
        seats = rules.to_act(state)
        if step % 10 == 0:  # ``legal`` lists no unseen event either (every 10th step: it expands outcomes)
            for command in [c for seat in seats for c in rules.legal(state, seat)][:40]:
                source = Given(command.get("outcomes", []), "physical")
                rules.apply_with(state, command, source)
                assert all(not e.unseen for e, _ in source.log)
        base = [c for seat in seats for c in rules.legal_commands(state, seat)]
        assert base, f"no command at step {state['step']} and no outcome"
        for _ in range(20):
            command = rng.choice(base)
            try:
                outcomes = _stated_at_random(lambda o: rules.needs(state, {**command, "outcomes": o}), rng)
                if outcomes is None:
                    continue
                stated = {**command, "outcomes": outcomes} if outcomes else command
                engine.check(rules, state, stated)
            except CommandError:  # e.g. a search naming a card these outcomes left elsewhere: pick again
                continue
            break
        else:
            raise AssertionError(f"step {state['step']}: no command with possible outcomes passed check")
        source = Given(outcomes, "physical")
        after = rules.apply_with(state, stated, source)
        assert after["zones"]["next"] == state["zones"]["next"] + _unseen_draws(source)
        omniscient = canon.dumps(rules.view(after, OMNISCIENT))
        assert all(f'"{t}"' in omniscient for t in after["zones"]["tokens"]), "a token left no trace"
        state = after
