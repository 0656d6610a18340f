"""The errors the core raises. Each carries enough context for a judge to read it out."""
from __future__ import annotations

from typing import Any, Mapping


class CommandError(ValueError):
    """A command that cannot be recorded: either malformed or illegal now."""


class SchemaError(CommandError):
    """The command's shape is wrong (unknown type, missing or mistyped field).

    ``errors`` is marshmallow's field -> messages mapping.
    """

    def __init__(self, errors: Mapping[str, Any]):
        self.errors = dict(errors)
        super().__init__(f"malformed command: {self.errors}")


class RuleViolation(CommandError):
    """The command is well-formed but the rules forbid it in this state.

    ``rule`` names the rulebook section, e.g. ``"ゲームの流れ/③プレイフェイズ"``.

    >>> str(RuleViolation("ゲームの流れ/③プレイフェイズ", "a second play this turn"))
    '[ゲームの流れ/③プレイフェイズ] a second play this turn'
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"[{rule}] {message}")


class RecordError(ValueError):
    """A record (file or stream) that cannot be read; ``line`` is 1-based where known."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line else message)
