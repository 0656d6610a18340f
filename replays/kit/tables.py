"""The same game at another table: a digital run restated as a physical one.

A digital table draws every outcome from the seed; a physical recorder states them. So a
digital record becomes a physical one by stating, in each command, the outcomes the seed
drew (and in the header's ``deal``, setup's): the states are then equal at every step
except for ``table`` itself. The tests replay every golden record this way.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from kifu.replays.kit.chance import Digital
from kifu.replays.rules import Command, Rules, State


def deal_of(rules: Rules, options: Mapping[str, Any], seed: str, players: int) -> list[Any]:
    """The outcomes a digital setup drew from ``seed``, in order."""
    source = Digital(seed, 0)
    rules.setup_with(options, seed, players, "digital", source)
    return [value for _, value in source.log]


def outcomes_of(rules: Rules, state: State, command: Command) -> list[Any]:
    """The outcomes a digital table draws for ``command`` at ``state``."""
    source = Digital(state["seed"], state["step"] + 1)
    rules.apply_with(state, command, source)
    return [value for _, value in source.log]


def restate(rules: Rules, options: Mapping[str, Any], seed: str, players: int, commands: Iterable[Command],
            *, table: str = "physical") -> tuple[list[Any], list[Command]]:
    """A digital game's deal and commands as a ``table`` (physical or observed) states them."""
    deal = deal_of(rules, options, seed, players)
    state = rules.setup(options, seed, players)
    out = []
    for command in commands:
        outcomes = outcomes_of(rules, state, command)
        out.append({**command, "outcomes": outcomes} if outcomes else dict(command))
        state = rules.apply(state, command)
    return deal, out
