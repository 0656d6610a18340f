"""Every refusal from the engine names a section, and a table's pickers ask exactly what
``check`` accepts: over every registered game (kifu.replays.kit.game, kit.chance).

Given a game of the registry, when setup is asked for a seat count the game does not
allow, outcomes at a digital table, too many outcomes or a deal's next outcome, or when
``needs`` is asked about a command ``check`` refuses, then the refusal is a
``RuleViolation`` naming the rulebook's section or the record format's
(docs/record-format.md: "Header" for seats, "Chance" for stated outcomes and deals), and
an event's ``unknown_ok`` is whether that table accepts ``null`` for it.
"""
from __future__ import annotations

import pytest

from kifu.replays import bot, engine, registry
from kifu.replays.errors import RuleViolation
from kifu.replays.kit import ImpossibleOutcome, OutcomeNeeded
from kifu.replays.kit.chance import FORMAT
from kifu.replays.kit.game import R_SEATS
from kifu.replays.kit.tables import restate

GAMES = registry.ids()
SEED = "refusals"
#: commands of a bot game restated at a physical table (enough for draws, picks, decisions)
STEPS = 40


def _setup_args(rules):
    return rules.options_schema.load({}), min(rules.seats)


def _physical_game(rules):
    """A short bot game, restated at a physical table: the deal and the states."""
    options, players = _setup_args(rules)
    state = rules.setup(options, SEED, players)
    commands = []
    while len(commands) < STEPS and rules.outcome(state) is None:
        command = bot.choose(rules, state, "refusals-bot")
        commands.append(command)
        state = rules.decide(state, command)
    deal, stated = restate(rules, options, SEED, players, commands)
    states = [rules.setup(options, SEED, players, table="physical", deal=deal)]
    for command in stated:
        states.append(engine.step(rules, states[-1], command))
    return deal, stated, states


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_count_the_game_does_not_allow_is_a_rule_violation_naming_its_section(game):
    # given a game, when it is set up for one seat more than it allows
    rules = registry.demo(game)
    options, _ = _setup_args(rules)
    players = max(rules.seats) + 1
    # then setup, and the deal's picker, refuse it citing the rulebook or docs/record-format.md, "Header"
    for ask in (lambda: rules.setup(options, SEED, players),
                lambda: rules.deal_needs(options, SEED, players, "physical", [])):
        with pytest.raises(RuleViolation) as refused:
            ask()
        assert refused.value.rule == rules.seats_rule and f"not {players}" in refused.value.message
    assert rules.seats_rule == R_SEATS or not rules.seats_rule.startswith("docs/")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("table", ["physical", "observed"])
def test_a_deal_is_asked_outcome_by_outcome_naming_deal_and_its_index_with_unknown_ok_as_check_accepts(game, table):
    rules = registry.demo(game)
    options, players = _setup_args(rules)
    deal: list = []
    while (event := rules.deal_needs(options, SEED, players, table, deal)) is not None:
        # when setup lacks its next outcome, then the refusal names "deal" and the 0-based index
        with pytest.raises(OutcomeNeeded) as need:
            rules.setup(options, SEED, players, table=table, deal=deal)
        assert (need.value.index, need.value.field) == (len(deal), "deal")
        assert f'"deal"[{len(deal)}]' in need.value.message and '"outcomes"' not in need.value.message
        # and unknown_ok says exactly whether null is accepted in that place
        try:
            rules.deal_needs(options, SEED, players, table, [*deal, None])
            accepted = True
        except ImpossibleOutcome:
            accepted = False
        assert event.unknown_ok is accepted and event.to_json()["unknown_ok"] is accepted
        assert not (table == "physical" and accepted)
        deal.append(None if accepted else event.options[0])
        assert len(deal) < 500
    # then one outcome more than setup's events is refused citing the record format
    with pytest.raises(RuleViolation) as extra:
        rules.setup(options, SEED, players, table=table, deal=[*deal, deal[-1] if deal else "x"])
    assert extra.value.rule == FORMAT and '("deal")' in extra.value.message


@pytest.mark.parametrize("game", GAMES)
def test_a_digital_table_stating_outcomes_is_refused_citing_the_record_format(game):
    rules = registry.demo(game)
    options, players = _setup_args(rules)
    with pytest.raises(RuleViolation) as refused:
        rules.setup(options, SEED, players, deal=["x"])
    assert refused.value.rule == FORMAT
    state = rules.setup(options, SEED, players)
    seat = rules.to_act(state)[0]
    command = {**rules.legal(state, seat)[0], "outcomes": ["x"]}
    for ask in (rules.check, rules.needs):
        with pytest.raises(RuleViolation) as refused:
            ask(state, command)
        assert refused.value.rule == FORMAT


@pytest.mark.parametrize("game", GAMES)
def test_needs_answers_as_check_does_and_refuses_only_with_rule_violations(game):
    rules = registry.demo(game)
    deal, stated, states = _physical_game(rules)
    # given commands of every step of a physical game, each asked at other steps too
    pool = [{k: v for k, v in c.items() if k != "outcomes"} for c in stated]
    seen_needed = seen_refused = 0
    for i, state in enumerate(states[:-1]):
        for command in [pool[i], *pool[i + 1:i + 4], *pool[max(0, i - 3):i]]:
            try:
                rules.check(state, command)
                checked = None
            except OutcomeNeeded as need:
                checked = need
            except RuleViolation as exc:
                # when check refuses it, then needs refuses it with the same rule (never a TypeError)
                with pytest.raises(RuleViolation) as refused:
                    rules.needs(state, command)
                assert not isinstance(refused.value, OutcomeNeeded) and refused.value.rule == exc.rule
                seen_refused += 1
                continue
            event = rules.needs(state, command)
            if checked is None:
                assert event is None
            else:
                # then the event needed is check's, unknown_ok as the physical table accepts: never
                assert event == checked.event and event.unknown_ok is False and checked.field == "outcomes"
                assert f'"outcomes"[{checked.index}]' in checked.message
                seen_needed += 1
        # and a command of this step with one outcome too many is refused citing the record format
        if stated[i].get("outcomes"):
            with pytest.raises(RuleViolation) as extra:
                rules.check(state, {**stated[i], "outcomes": [*stated[i]["outcomes"], stated[i]["outcomes"][-1]]})
            assert extra.value.rule == FORMAT and "outcomes stated but only" in extra.value.message
    assert seen_refused and (seen_needed or not any(c.get("outcomes") for c in stated))


@pytest.mark.parametrize("game", [g for g in GAMES if "choose" in registry.get(g).commands])
def test_needs_refuses_a_choice_with_nothing_pending_as_a_rule_violation(game):
    # given a game with choose, at a physical table, at a step where nothing is pending
    rules = registry.demo(game)
    _, _, states = _physical_game(rules)
    state = next(s for s in states if s.get("pending") is None and rules.to_act(s))
    command = {"type": "choose", "seat": rules.to_act(state)[0], "choice": "none"}
    engine.validate(rules, command)
    # when a picker asks what it needs, then it is refused as check refuses it
    with pytest.raises(RuleViolation) as checked:
        rules.check(state, command)
    with pytest.raises(RuleViolation) as refused:
        rules.needs(state, command)
    assert refused.value.rule == checked.value.rule and not isinstance(refused.value, OutcomeNeeded)
