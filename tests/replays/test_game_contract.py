"""Every registered game keeps the ``Rules`` protocol's promises, over random bot games.

Each game's own tests check its rulebook; this suite checks what the core and the service
rely on: determinism, snapshot = full fold, no input mutation, ``legal`` ⊆ ``check``,
plain-JSON states and views, games that end, and table labels a seat can tell apart.
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import canon, engine, registry, snapshots
from kifu.replays.bot import choose, play
from kifu.replays.demo import demo_record
from kifu.replays.errors import CommandError, RuleViolation
from kifu.replays.kit import tables
from kifu.replays.rng import Rng
from kifu.replays.rules import Outcome, perspectives
from tests.games import goldens

GAMES = registry.ids()
SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _setup(rules, seed, players):
    options = rules.options_schema.load({})
    return options, rules.setup(options, seed, players)


@pytest.mark.parametrize("game", GAMES)
def test_protocol_attributes(game):
    rules = registry.demo(game)
    assert rules.id == game and isinstance(rules.version, int) and rules.version >= 1
    assert rules.seats and all(isinstance(n, int) for n in rules.seats)
    assert rules.commands and all(hasattr(s, "validate") for s in rules.commands.values())
    assert set(rules.cardset.ref()) == {"id", "digest"}
    assert rules.cardset.digest == canon.digest(rules.cardset.data)


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.text(min_size=1, max_size=12), pick=st.integers(min_value=0, max_value=20))
def test_same_seed_same_game(game, seed, pick):
    rules = registry.demo(game)
    players = rules.seats[pick % len(rules.seats)]
    runs = []
    for _ in range(2):
        _, state = _setup(rules, seed, players)
        runs.append([canon.state_hash(s, seed) for _, s in play(rules, state, seed + "/bot")])
    assert runs[0] == runs[1] and runs[0]


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.text(min_size=1, max_size=12), pick=st.integers(min_value=0, max_value=20))
def test_every_step_keeps_the_contract(game, seed, pick):
    rules = registry.demo(game)
    players = rules.seats[pick % len(rules.seats)]
    _, state = _setup(rules, seed, players)
    assert state["step"] == 0
    views = perspectives(players)
    steps = 0
    while rules.outcome(state) is None:
        canon.check_plain(state)
        seats = rules.to_act(state)
        assert seats, f"no seat to act at step {state['step']} and no outcome"
        before = canon.dumps(state)
        for seat in seats:
            legal = rules.legal(state, seat)
            for command in legal:
                engine.check(rules, state, command)  # every legal command passes check
            _assert_labels_tell_commands_apart(rules, state, seat, legal)
        assert canon.dumps(state) == before, "legal/label mutated the state"
        command = choose(rules, state, f"{seed}/bot")
        after = rules.apply(state, command)
        assert canon.dumps(state) == before, "apply mutated its input"
        for perspective in views:
            assert isinstance(rules.describe(state, command, after, perspective), str)
            canon.check_plain(rules.redact(state, command, after, perspective))
        assert after["step"] == state["step"] + 1
        awaited = set(rules.to_act(after))
        for perspective in views:
            view = rules.view(after, perspective)
            canon.check_plain(view)
            assert set(view["to_act"]) <= awaited, f"{perspective} is told of seats the game does not await"
        assert isinstance(rules.turn(after), int) and isinstance(rules.phase(after), str)
        state = after
        steps += 1
        assert steps < 5000
    assert isinstance(rules.outcome(state), Outcome)
    assert rules.to_act(state) == () or all(not rules.legal(state, s) for s in rules.to_act(state))


def _assert_labels_tell_commands_apart(rules, state, seat, legal):
    """The recording table shows one button per legal command, labelled ``rules.label``:
    each says something, and a seat never sees two buttons that read the same."""
    labels = [rules.label(state, command, seat) for command in legal]
    assert all(isinstance(text, str) and text.strip() for text in labels), labels
    same = {text for text in labels if labels.count(text) > 1}
    assert not same, f"{seat} at step {state['step']}: one label for several commands: {sorted(same)}"


@pytest.mark.parametrize("game", GAMES)
def test_snapshot_plus_tail_equals_full_fold(game):
    rules = registry.demo(game)
    record = demo_record(rules, seed="contract", index=0)
    commands = [e["command"] for e in record.entries]
    seed = record.header["seed"]
    snaps = snapshots.every(rules, record.header, seed, commands, 7)
    for seq in range(0, len(commands) + 1, max(1, len(commands) // 10)):
        full = snapshots.state_at(rules, record.header, seed, commands, seq)
        nearest = max((s for s in snaps if s.seq <= seq), key=lambda s: s.seq, default=None)
        assert snapshots.state_at(rules, record.header, seed, commands, seq, nearest) == full


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data())
def test_garbage_commands_raise_only_command_errors(game, data):
    rules = registry.demo(game)
    _, state = _setup(rules, "garbage", rules.seats[0])
    for _ in range(data.draw(st.integers(0, 15))):
        if rules.outcome(state) is not None:
            break
        state = rules.apply(state, choose(rules, state, "garbage/bot"))
    scalars = st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6)
    field_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=6)
    legal = [c for s in rules.to_act(state) for c in rules.legal(state, s)]
    base = data.draw(st.sampled_from(legal)) if legal else {"type": "x", "seat": "p1"}
    mutated = dict(base)
    for key in data.draw(st.lists(st.sampled_from(sorted(base) + ["type", "seat", "card", "extra"]), max_size=3)):
        if data.draw(st.booleans()):
            mutated[key] = data.draw(field_values)
        else:
            mutated.pop(key, None)
    before = canon.dumps(state)
    try:
        engine.check(rules, state, mutated)
    except CommandError:
        pass
    assert canon.dumps(state) == before


# -- the three tables ------------------------------------------------------------------

def _without_table(state):
    return {k: v for k, v in state.items() if k != "table"}


def _stated_deal(rules, options, seed, players, table, rng):
    """A deal a recorder could state: each setup event answered with a possible outcome
    (or, on an observed table, left unknown half of the time)."""
    deal = []
    while (event := rules.deal_needs(options, seed, players, table, deal)) is not None:
        unknown = table == "observed" and event.unknown_ok and rng.below(2)
        deal.append(None if unknown else rng.choice(list(event.options)))
    return deal


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(seed=st.text(min_size=1, max_size=12), pick=st.integers(min_value=0, max_value=20))
def test_a_digital_game_restated_at_a_physical_table_has_the_same_states(game, seed, pick):
    """The same states while no card went face down unseen; after one has, the same views
    but the omniscient one (there the card is a token: a physical table does not state it)."""
    rules = registry.demo(game)
    players = rules.seats[pick % len(rules.seats)]
    options, digital = _setup(rules, seed, players)
    commands = [c for c, _ in play(rules, digital, seed + "/bot")]
    deal, stated = tables.restate(rules, options, seed, players, commands)
    physical = rules.setup(options, seed, players, table="physical", deal=deal)
    for command, restated in [(None, None), *zip(commands, stated)]:
        if command is not None:
            engine.check(rules, physical, restated)
            digital, physical = rules.apply(digital, command), rules.apply(physical, restated)
        for view in perspectives(players):  # a card nobody saw is a token only in the omniscient view
            if view != "omniscient":
                shown = goldens.shown(rules.view(physical, view))
                assert goldens.alike(shown, goldens.shown(rules.view(digital, view))), f"step {digital['step']}"
        if physical["zones"]["next"] == 1:  # no card went face down unseen: the very same states
            assert _without_table(physical) == _without_table(digital), f"step {digital['step']}"
            omniscient = rules.view(physical, "omniscient")
            assert {k: v for k, v in omniscient.items() if k != "table"} == \
                {k: v for k, v in rules.view(digital, "omniscient").items() if k != "table"}
    assert rules.outcome(physical) == rules.outcome(digital)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("table", ["physical", "observed"])
@SETTINGS
@given(seed=st.text(min_size=1, max_size=12), pick=st.integers(min_value=0, max_value=20))
def test_stated_outcomes_are_never_falsely_refused_and_impossible_ones_always_are(game, table, seed, pick):
    """At a physical or observed table every command ``legal`` lists, with any of its
    possible outcomes (or unknown ones, observed), passes ``check``; changing one outcome to
    a card the event cannot have is refused and writes nothing."""
    rules = registry.demo(game)
    players = rules.seats[pick % len(rules.seats)]
    options = rules.options_schema.load({})
    rng = Rng(seed, f"contract/{table}")
    state = rules.setup(options, seed, players, table=table, deal=_stated_deal(rules, options, seed, players, table, rng))
    impossible = "no-such-card"
    for _ in range(400):
        if rules.outcome(state) is not None:
            break
        legal = [c for s in rules.to_act(state) for c in rules.legal(state, s)]
        assert legal, f"no legal command at step {state['step']} and no outcome"
        command = rng.choice(legal)
        engine.check(rules, state, command)
        if command.get("outcomes"):
            i = rng.below(len(command["outcomes"]))
            wrong = {**command, "outcomes": [*command["outcomes"][:i], impossible, *command["outcomes"][i + 1:]]}
            before = canon.dumps(state)
            with pytest.raises(RuleViolation):
                engine.check(rules, state, wrong)
            assert canon.dumps(state) == before
        state = rules.apply(state, command)
