"""The same game at another table: a digital run restated as a physical one.

A digital table draws every outcome from the seed; a physical recorder states them. So a
digital record becomes a physical one by stating, in each command, the outcomes the seed
drew (and in the header's ``deal``, setup's). Every outcome but one kind: a card nobody
at the table sees (``Event.unseen``: a card put face down) is not stated at a physical
table. There it is an unknown token, and when it is turned up the physical command
states what the digital twin has in that place. Where no such card was ever drawn the
states are equal at every step except for ``table`` itself; where one was, every view
but the omniscient one is. The tests replay every golden record this way.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from kifu.replays.kit.chance import Chance, Digital, Event, ImpossibleOutcome
from kifu.replays.kit.zones import is_token
from kifu.replays.rules import Command, Rules, State


class Twin(Chance):
    """A physical or observed table's outcomes taken from a digital run of the same command.

    ``drawn`` is what the digital run drew, event by event; ``cards`` maps each unknown
    token to the card the digital run has in its place (and learns the tokens made here:
    the pile numbers them from ``next_token`` on). Its ``log`` is what the table states.
    """

    def __init__(self, table: str, drawn: list[Any], cards: dict[str, Any], next_token: int):
        super().__init__()
        self.table = table
        self.drawn = list(drawn)
        self.used = 0
        self.cards = cards
        self.next_token = next_token

    def _twin(self, event: Event) -> Any:
        if event.token is not None:  # the digital run knows that card: no event there
            return self.cards[event.token]
        if self.used >= len(self.drawn):
            raise ImpossibleOutcome(event, None, "; the digital run had no such event (the runs diverged)")
        value = self.drawn[self.used]
        self.used += 1
        return value

    def _resolve(self, event: Event) -> Any:
        value = self._twin(event)
        if value not in event.options:
            raise ImpossibleOutcome(event, value, "; the digital run drew it (the runs diverged)")
        return value

    def _unasked(self, event: Event) -> Any:
        value = self._twin(event)
        if event.token is None:  # a card drawn face down: the pile makes the next token
            self.cards[f"?{self.next_token}"] = value
            self.next_token += 1
        return None

    def finish(self) -> None:
        if self.used != len(self.drawn):
            raise RuntimeError(f"the digital run drew {len(self.drawn)} outcomes, the {self.table} one used "
                               f"{self.used} (the runs diverged)")


def standing(physical: Any, digital: Any, cards: dict[str, Any], tokens: Mapping[str, Any]) -> dict[str, Any]:
    """``cards`` for the tokens still outstanding, each as the card the digital state has in
    the token's place (a card named from a zone of tokens may reveal another of them)."""
    out = {token: card for token, card in cards.items() if token in tokens}

    def walk(p: Any, d: Any) -> None:
        if isinstance(p, str):
            if is_token(p) and p in tokens and isinstance(d, str):
                out[p] = d
        elif isinstance(p, dict) and isinstance(d, dict):
            for key in p.keys() & d.keys():
                walk(p[key], d[key])
        elif isinstance(p, list) and isinstance(d, list) and len(p) == len(d):
            for a, b in zip(p, d):
                walk(a, b)

    walk({k: v for k, v in physical.items() if k not in ("zones", "chance")},
         {k: v for k, v in digital.items() if k not in ("zones", "chance")})
    return out


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
    first = Digital(seed, 0)
    digital = rules.setup_with(options, seed, players, "digital", first)
    cards: dict[str, Any] = {}
    twin = Twin(table, [v for _, v in first.log], cards, 1)
    state = rules.setup_with(options, seed, players, table, twin)
    deal = [v for _, v in twin.log]
    out = []
    for command in commands:
        source = Digital(seed, digital["step"] + 1)
        digital = rules.apply_with(digital, command, source)
        twin = Twin(table, [v for _, v in source.log], cards, state["zones"]["next"])
        state = rules.apply_with(state, command, twin)
        outcomes = [v for _, v in twin.log]
        out.append({**command, "outcomes": outcomes} if outcomes else dict(command))
        cards = standing(state, digital, twin.cards, state["zones"]["tokens"])
    return deal, out
