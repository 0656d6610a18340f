"""Given/when/then helpers: a table set up by explicit options, commands played through check."""
from __future__ import annotations

from typing import Any, Iterable

import pytest

from replays import engine
from replays.errors import RuleViolation
from replays.games.senbu_rinki import RULES

#: swords without a 特殊, so a test sees the plain rules unless it asks for a special
PLAIN = ["加州清光", "歌仙兼定", "今剣", "燭台切光忠", "鶴丸国永", "岩融", "大和守安定", "へし切長谷部", "一期一振", "薬研藤四郎"]


def table(roles: Iterable[str], *, swords: list[str] | None = None, kinji: str = "p1", seed: str = "t", **extra: Any) -> dict:
    """Given: a table with these roles per seat (p1, p2, ...) and, by default, plain swords."""
    roles = list(roles)
    options = RULES.options_schema.load({
        "roles": roles, "swords": swords or PLAIN[: len(roles)], "first_kinji": kinji, **extra,
    })
    return RULES.setup(options, seed, len(roles))


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


def cmd(kind: str, seat: str, **fields: Any) -> dict:
    return {"type": kind, "seat": seat, **fields}


def attack(seat: str, target: str, extra: int = 0) -> dict:
    return cmd("attack", seat, target=target, extra=extra)


def strike(seat: str, choice: str) -> dict:
    return cmd("strike", seat, choice=choice)


def defend(seat: str) -> dict:
    return cmd("defend", seat)


def with_seat(state: dict, seat: str, **values: Any) -> dict:
    """Given: a seat's public counters set directly (fatigue, tosou), as a copy."""
    import json

    new = json.loads(json.dumps(state))
    new["seats"][seat].update(values)
    return new


def finish_round(state: dict) -> dict:
    """When: every seat still to act this 周 defends (or uses its skill if it may not defend),
    until the 周 ends: the 近侍 token has passed left and the declaration window is open."""
    start = state["round"]
    while state["round"] == start and state["pending"] is None and state["over"] is None:
        seat = state["current"]
        options = RULES.legal(state, seat)
        choice = next((c for c in options if c["type"] == "defend"), None) or next(c for c in options if c["type"] == "skill")
        state = play(state, choice)
    return state
