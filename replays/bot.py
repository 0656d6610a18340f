"""A seeded random player: uniform over every legal command of every seat to act.

Used by ``kifu demo``, the embedded server's first start, and the property tests. Its
choices come from ``kifu.replays.rng`` with its own seed, so the same seeds play the same game.
"""
from __future__ import annotations

from typing import Iterator

from kifu.replays.rng import Rng
from kifu.replays.rules import Command, Rules, State


class GameDidNotEnd(RuntimeError):
    pass


def choose(rules: Rules, state: State, bot_seed: str) -> Command | None:
    """One uniformly chosen legal command, or None when no seat has any."""
    options = [c for seat in rules.to_act(state) for c in rules.legal(state, seat)]
    if not options:
        return None
    return Rng(bot_seed, f"bot/{state['step']}").choice(options)


def play(rules: Rules, state: State, bot_seed: str, *, max_steps: int = 5000) -> Iterator[tuple[Command, State]]:
    """Yield (command, next state) until the game is over; raise if it does not end."""
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            return
        command = choose(rules, state, bot_seed)
        if command is None:
            raise GameDidNotEnd(f"{rules.id}: no seat has a legal command at step {state['step']} but no outcome")
        state = rules.decide(state, command)
        yield command, state
    raise GameDidNotEnd(f"{rules.id}: no outcome after {max_steps} commands")
