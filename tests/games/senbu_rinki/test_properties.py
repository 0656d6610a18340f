"""Random games with 4..10 seats: determinism, snapshot = fold, purity, legal ⊆ check, the end,
no view that shows a role its perspective may not know at that step, and no trace of who the
審神者 is (in a view, a move-list line, or whose command the public saw) for those who do not
know it, 周 end after 周 end."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import bot, canon, engine, snapshots
from kifu.replays.demo import demo_record
from kifu.replays.kit import is_token
from kifu.replays.rng import Rng
from kifu.replays.rules import perspectives

from .helpers import RULES, options
from .knowledge import Model, indistinguishable, leaks, saniwa_of, saniwa_stand_ins, saniwa_traces, swapped

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEATS = st.sampled_from(RULES.seats)
MAX_STEPS = 3000


def choose(state, bot_seed, patient):
    """The uniform bot, or (``patient``) one whose 審神者 keeps silent 11 times in 12 when the
    uniform choice was its 勝利宣言 (then a uniform choice among the other commands), for
    longer games with more eliminations."""
    command = bot.choose(RULES, state, bot_seed)
    if patient and command["type"] == "declare_victory" and Rng(bot_seed, f"patience/{state['step']}").below(12):
        others = [c for seat in RULES.to_act(state) for c in RULES.legal(state, seat) if c["type"] != "declare_victory"]
        command = Rng(bot_seed, f"patience/{state['step']}/instead").choice(others)
    return command


def run(seed, players, patient=False):
    state = RULES.setup(options(), seed, players)
    states, commands = [state], []
    while RULES.outcome(state) is None:
        command = choose(state, seed + "/bot", patient)
        state = RULES.apply(state, command)
        states.append(state)
        commands.append(command)
        assert len(commands) < MAX_STEPS, "the game did not end"
    return states, commands


def _line_if(before, command, perspective, a, b):
    """The line the perspective would read had ``a`` and ``b`` held each other's roles."""
    other = swapped(before, a, b)
    return RULES.describe(other, command, RULES.apply(other, command), perspective)


def same_line_if_hidden_roles_swap(state, command, after, model, perspective, pick):
    """The move list line may not depend on roles the perspective may not know after it.

    Only 刀剣男士 and 時間遡行軍 are swapped: that a player eliminated by an attack was not
    the 審神者 is public (the game went on), so the 審神者 is not exchangeable with them.
    """
    hidden = sorted(set(state["roles"]) - model.may_know(perspective))
    pairs = [(a, b) for i, a in enumerate(hidden) for b in hidden[i + 1:]
             if {state["roles"][a], state["roles"][b]} == {"danshi", "sokogun"}]
    if not pairs:
        return True
    a, b = pairs[pick % len(pairs)]
    return _line_if(state, command, perspective, a, b) == RULES.describe(state, command, after, perspective)


def same_line_if_the_saniwa_swaps(state, command, after, model, perspective, pick):
    """Nor on who the 審神者 is, unless it declared (which turns every role up). (On an
    observed table only roles the record knew before the command are exchanged.)"""
    stand_ins = [s for s in saniwa_stand_ins(after, model, perspective) if not is_token(state["roles"][s])]
    if command["type"] == "declare_victory" or not stand_ins or saniwa_of(state) is None:
        return True
    other = stand_ins[pick % len(stand_ins)]
    return _line_if(state, command, perspective, saniwa_of(state), other) == \
        RULES.describe(state, command, after, perspective)


def awaited_as_the_table_sees_it(state, seats):
    """``to_act`` is the public seat, plus the 審神者 (as a second seat) while it may declare."""
    public = RULES.view(state, "public")["to_act"]
    assert list(seats[:1]) == public
    if state["declaration_open"] and saniwa_of(state) != state["current"]:
        assert seats == (state["current"], saniwa_of(state))
    else:
        assert len(seats) == 1
    for perspective in perspectives(state["players"]):
        expected = list(seats) if perspective in ("omniscient", saniwa_of(state)) else public
        assert RULES.view(state, perspective)["to_act"] == expected, perspective


@SETTINGS
@given(seed=st.text(min_size=1, max_size=10), players=SEATS, patient=st.booleans())
def test_random_games_keep_the_contract_and_never_leak_a_role(seed, players, patient):
    state = RULES.setup(options(), seed, players)
    model = Model(state)
    views = perspectives(players)
    steps = 0
    while RULES.outcome(state) is None:
        canon.check_plain(state)
        seats = RULES.to_act(state)
        awaited_as_the_table_sees_it(state, seats)
        legal = [c for seat in seats for c in RULES.legal(state, seat)]
        assert legal, f"no legal command at step {state['step']}"
        for command in legal:
            engine.check(RULES, state, command)
        declares = [c for c in legal if c["type"] == "declare_victory"]
        assert declares == ([{"type": "declare_victory", "seat": saniwa_of(state)}] if state["declaration_open"] else [])
        command = choose(state, seed + "/bot", patient)
        # the record's actor: a seat the public saw awaited, or the 審神者 turning its card up
        assert command["type"] == "declare_victory" or [command["seat"]] == RULES.view(state, "public")["to_act"]
        before = canon.dumps(state)
        after = RULES.apply(state, command)
        assert canon.dumps(state) == before, "apply mutated its input"
        assert after["step"] == state["step"] + 1
        for perspective in views:
            line = RULES.describe(state, command, after, perspective)
            assert isinstance(line, str) and line
            canon.check_plain(RULES.redact(state, command, after, perspective))
        model.update(state, command, after)
        if after["over"] is None:
            for i, perspective in enumerate(views[:-1]):
                assert same_line_if_hidden_roles_swap(state, command, after, model, perspective, after["step"] + i)
                assert same_line_if_the_saniwa_swaps(state, command, after, model, perspective, after["step"] + i)
        for i, perspective in enumerate(views):
            view = RULES.view(after, perspective)
            canon.check_plain(view)
            assert leaks(view, after, model, perspective) == [], (perspective, after["step"])
            assert indistinguishable(after, model, perspective, after["step"] + i) is None
            assert saniwa_traces(after, model, perspective, after["step"] + i) == []
        state = after
        steps += 1
        assert steps < MAX_STEPS
    assert RULES.to_act(state) == ()
    assert all(v["role"] for v in RULES.view(state, "public")["seats"])


@settings(max_examples=10, deadline=None)
@given(seed=st.text(min_size=1, max_size=10), players=SEATS)
def test_same_seed_same_game(seed, players):
    first, _ = run(seed, players, patient=True)
    second, _ = run(seed, players, patient=True)
    assert [canon.state_hash(s, seed) for s in first] == [canon.state_hash(s, seed) for s in second]


@settings(max_examples=8, deadline=None)
@given(seed=st.text(min_size=1, max_size=10), players=SEATS, k=st.integers(1, 9))
def test_snapshot_plus_tail_equals_the_full_fold(seed, players, k):
    states, commands = run(seed, players, patient=True)
    header = {"options": options(), "seats": [{"id": f"p{i}"} for i in range(1, players + 1)], "table": "digital"}
    snaps = snapshots.every(RULES, header, seed, commands, k)
    for seq in range(len(commands) + 1):
        full = snapshots.state_at(RULES, header, seed, commands, seq)
        assert full == states[seq]
        nearest = max((s for s in snaps if s.seq <= seq), key=lambda s: s.seq, default=None)
        if nearest is not None:
            restored = snapshots.Snapshot.from_json(nearest.to_json())
            assert snapshots.state_at(RULES, header, seed, commands, seq, restored) == full


def test_every_game_ends_for_every_player_count():
    """Bounded: 15 uniform-bot and 15 patient games per player count end well within MAX_STEPS."""
    reasons = set()
    for players in RULES.seats:
        for i in range(15):
            for patient in (False, True):
                states, _ = run(f"end/{players}/{i}", players, patient)
                reasons.add(states[-1]["over"]["code"])
    assert reasons == {"saniwa_out", "declared", "two_left"}


def test_demo_records_of_this_game_verify():
    from kifu.replays.verify import verify

    record = demo_record(RULES, seed="senbu", index=0)
    report = verify(record, lookup=lambda header: RULES)
    assert report.ok and report.replayed and report.outcome is not None, report
    assert record.header["game"] == "senbu_rinki" and len(record.header["seats"]) in RULES.seats
    assert record.header["cardset"] == RULES.cardset.ref() and record.header["table"] == "digital"
    assert demo_record(RULES, seed="senbu", index=0).dumps() == record.dumps()
