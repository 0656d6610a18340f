"""Given/when/then helpers: a table set up by explicit options, commands played through check."""
from __future__ import annotations

import json
from typing import Any, Iterable

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.senbu_rinki import RULES as UNBOUND
from kifu.replays.kit.chance import OutcomeNeeded

#: the rules bound to the demo sword set (what ``registry.demo("senbu_rinki")`` returns)
RULES = UNBOUND.bind(next(cs for cs in UNBOUND.demo_cardsets() if cs.id == UNBOUND.default_cardset))

#: swords without a 特殊, so a test sees the plain rules unless it asks for a special
PLAIN = ["加州清光", "歌仙兼定", "今剣", "燭台切光忠", "鶴丸国永", "岩融", "大和守安定", "へし切長谷部", "一期一振", "薬研藤四郎"]


def options(**given: Any) -> dict:
    return RULES.options_schema.load(given)


def table(roles: Iterable[str], *, swords: list[str] | None = None, kinji: str = "p1", seed: str = "t",
          **extra: Any) -> dict:
    """Given: a table with these roles per seat (p1, p2, ...) and, by default, plain swords."""
    roles = list(roles)
    return RULES.setup(options(roles=roles, swords=swords or PLAIN[: len(roles)], first_kinji=kinji, **extra),
                       seed, len(roles))


def observed(swords: list[str], roles: list[str | None], kinji: str = "p1", **extra: Any) -> dict:
    """Given: an observed table whose deal the recorder stated (a role None: not seen)."""
    return RULES.setup(options(**extra), "obs", len(swords), table="observed", deal=[*swords, *roles, kinji])


def play(state: dict, *commands: dict) -> dict:
    """When: each command is checked (schema and rules) and applied in order."""
    for command in commands:
        state = engine.step(RULES, state, command)
    return state


def violation(state: dict, command: dict, section: str) -> RuleViolation:
    """Then: the command is refused, naming this rulebook section."""
    with pytest.raises(RuleViolation) as info:
        engine.check(RULES, state, command)
    assert info.value.rule == section, info.value
    return info.value


def needs(state: dict, command: dict):
    """The chance event ``command`` must state next (None: it states enough)."""
    try:
        RULES.apply(state, command)
    except OutcomeNeeded as need:
        return need.event
    return None


def cmd(kind: str, seat: str, **fields: Any) -> dict:
    return {"type": kind, "seat": seat, **fields}


def choose(seat: str, choice: Any, *outcomes: Any) -> dict:
    out = cmd("choose", seat, choice=choice)
    return {**out, "outcomes": list(outcomes)} if outcomes else out


def attack(seat: str, target: str, extra: int = 0, *outcomes: Any) -> dict:
    out = cmd("attack", seat, target=target, extra=extra)
    return {**out, "outcomes": list(outcomes)} if outcomes else out


def strike(seat: str, choice: str, *outcomes: Any) -> dict:
    return choose(seat, choice, *outcomes)


def defend(seat: str) -> dict:
    return cmd("defend", seat)


def copied(state: dict) -> dict:
    return json.loads(json.dumps(state))


def with_seat(state: dict, seat: str, **values: Any) -> dict:
    """Given: a seat's public counters set directly (fatigue, tosou), as a copy."""
    new = copied(state)
    new["seats"][seat].update(values)
    return new


def with_order(state: dict, order: list[str]) -> dict:
    new = copied(state)
    new["order"] = order
    return new


def with_empty_deck(state: dict) -> dict:
    new = copied(state)
    new["zones"]["piles"]["deck"].update(size=0, unseen={})
    return new


def finish_round(state: dict) -> dict:
    """When: every seat still to act this 周 defends (or uses its skill if it may not defend),
    until the 周 ends: the 近侍 token has passed left and the declaration window is open."""
    start = state["round"]
    while state["round"] == start and state["pending"] is None and state["over"] is None:
        seat = state["current"]
        legal = RULES.legal(state, seat)
        choice = next((c for c in legal if c["type"] == "defend"), None) or next(c for c in legal if c["type"] == "skill")
        state = play(state, choice)
    return state
