"""Property tests over random legal games (hypothesis picks the seeds and the mischief)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import canon, engine, snapshots
from kifu.replays.bot import choose, play
from kifu.replays.errors import RuleViolation, SchemaError

from .helpers import MEMBERS, RULES

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.text(min_size=1, max_size=16)


def _game(seed: str, first: str = "seed"):
    state = RULES.setup({"first_player": first}, seed, 2)
    return state, list(play(RULES, state, seed + "/bot"))


@SETTINGS
@given(seed=seeds)
def test_same_seed_same_state_hashes(seed):
    _, one = _game(seed)
    _, two = _game(seed)
    assert [canon.state_hash(s, seed) for _, s in one] == [canon.state_hash(s, seed) for _, s in two]


@SETTINGS
@given(seed=seeds, cut=st.integers(min_value=0, max_value=400), first=st.sampled_from(["p1", "p2", "seed"]))
def test_snapshot_plus_tail_equals_the_full_fold(seed, cut, first):
    start, game = _game(seed, first)
    commands = [c for c, _ in game]
    cut = min(cut, len(commands))
    header = {"options": {"first_player": first}, "seats": [{"id": "p1"}, {"id": "p2"}], "table": "digital"}
    snap = snapshots.Snapshot.from_json(snapshots.take(RULES, cut, engine.fold(RULES, start, commands[:cut])).to_json())
    whole = snapshots.state_at(RULES, header, seed, commands, len(commands))
    tail = snapshots.state_at(RULES, header, seed, commands, len(commands), snapshot=snap)
    assert canon.dumps(tail) == canon.dumps(whole) == canon.dumps(game[-1][1] if game else start)


@SETTINGS
@given(seed=seeds)
def test_apply_never_mutates_and_every_legal_command_passes_check(seed):
    state = RULES.setup({}, seed, 2)
    steps = 0
    history = []
    while RULES.outcome(state) is None:
        seats = RULES.to_act(state)
        assert len(seats) == 1
        for seat in ("p1", "p2"):
            offered = RULES.legal(state, seat)
            assert bool(offered) == (seat in seats)
            for command in offered:
                engine.check(RULES, state, command)
        command = choose(RULES, state, seed + "/b")
        before = canon.dumps(state)
        after = RULES.apply(state, command)
        assert canon.dumps(state) == before
        canon.check_plain(after)
        history.append((state, before))
        state = after
        steps += 1
    # states share what apply never changes in place: no later step may have altered one
    assert all(canon.dumps(old) == text for old, text in history)
    assert steps < 1000 and state["over"]["reason"] in ("all_venues", "stalemate", "deckout_limit", "turn_limit")


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, 5), st.floats(), st.sampled_from(MEMBERS),
                   st.text(max_size=6), st.lists(st.sampled_from(MEMBERS) | st.integers(0, 3), max_size=3))
COMMANDS = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw", "action", "play", "pass", "declare_live", "end_turn", "choose", "x"]),
     "seat": st.sampled_from(["p1", "p2", "p3"])},
    optional={"card": VALUES, "venue": VALUES, "source": st.sampled_from(["deck", "office", "hand"]),
              "kind": st.sampled_from(["five", "generation", "six"]), "choice": VALUES, "extra": VALUES,
              "outcomes": st.lists(VALUES, max_size=3)},
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, at=st.integers(min_value=0, max_value=150), junk=st.lists(COMMANDS, min_size=1, max_size=6))
def test_random_commands_raise_only_rule_violations_or_schema_errors(seed, at, junk):
    state, game = _game(seed)
    if game:
        state = game[min(at, len(game) - 1)][1]
    for command in junk:
        try:
            engine.check(RULES, state, command)
        except (RuleViolation, SchemaError):
            continue
        state = RULES.apply(state, command)  # a legal one: it must apply cleanly too
        canon.check_plain(state)


@settings(max_examples=40, deadline=None)
@given(seed=seeds)
def test_a_game_always_ends(seed):
    _, game = _game(seed)
    assert game and RULES.outcome(game[-1][1]) is not None
