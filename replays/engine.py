"""Composing a game's hooks: schema validation, then ``check``, then ``apply``.

The service and the record verifier both go through ``step`` so that nothing reaches a
log that this module did not accept.
"""
from __future__ import annotations

from typing import Any, Iterable

from kifu.replays.errors import SchemaError
from kifu.replays.rules import Command, Rules, State


def validate(rules: Rules, command: Any) -> Command:
    """Raise ``SchemaError`` unless ``command`` matches its type's schema; return it unchanged."""
    if not isinstance(command, dict):
        raise SchemaError({"_schema": ["a command is a JSON object"]})
    kind = command.get("type")
    schema = rules.commands.get(kind) if isinstance(kind, str) else None
    if schema is None:
        known = ", ".join(sorted(rules.commands))
        raise SchemaError({"type": [f"unknown command type {kind!r} for {rules.id}; known: {known}"]})
    errors = schema.validate(command)
    if errors:
        raise SchemaError(errors)
    return command


def check(rules: Rules, state: State, command: Any) -> Command:
    """Validate and check; raise ``SchemaError`` or ``RuleViolation``; return the command."""
    validate(rules, command)
    rules.check(state, command)
    return command


def step(rules: Rules, state: State, command: Any) -> State:
    """``check`` then ``apply``: the one way a command becomes the next state."""
    validate(rules, command)
    return rules.decide(state, command)


def fold(rules: Rules, state: State, commands: Iterable[Command]) -> State:
    """Apply already-recorded (so already-checked) commands in order."""
    apply = rules.apply
    for command in commands:
        state = apply(state, command)
    return state


def initial_state(rules: Rules, header: dict[str, Any], seed: str, deal: list | None = None) -> State:
    """The state before entry 1 of a record: its options, table and (revealed or given) deal."""
    return rules.setup(header.get("options") or {}, seed, len(header["seats"]),
                       table=header.get("table", "digital"), deal=header.get("deal", deal))
