"""kifu's pure core: rules as deciders, deterministic folds, verifiable records.

Nothing in this package touches Flask, Redis, the clock or a global RNG; every
function is a pure function of its arguments.
"""
from kifu.replays.errors import CommandError, RecordError, RuleViolation, SchemaError
from kifu.replays.rules import Outcome, Rules

__all__ = ["CommandError", "Outcome", "RecordError", "Rules", "RuleViolation", "SchemaError"]
