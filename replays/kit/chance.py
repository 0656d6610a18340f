"""Chance as input: one interface resolves every chance event, from one of three tables.

A chance event is a card leaving a face-down pile, a die roll, a random pick. The rules
never assume its outcome; they ask a ``Chance`` source, fixed per match by the header's
``table`` (DESIGN.md, "Chance and knowledge"):

- ``digital``: the service is the dealer. The outcome is drawn from the seed with the
  label ``chance/<step>/<n>/<event>`` (``n`` counts the events of one command from 0), so
  verification reproduces it. Commands carry no outcomes.
- ``physical``: the recorder sees every outcome and states it in the command that causes
  it, in ``"outcomes"``, one per event in the order the events happen. ``check`` refuses
  a missing, extra or impossible outcome, citing the rule of the event.
- ``observed``: as physical, but an outcome nobody watching could see may be ``null``
  (the card becomes an unknown token in its zone).

An event's options are its possible outcomes (sorted, distinct) with weights (copies
left), so a digital draw from a pile of what-may-be-in-it is uniform over the cards.

>>> ev = Event("draw", "R", options=("a", "b"), weights=(1, 3))
>>> Digital("seed", 4).outcome(ev) in ("a", "b")
True
>>> Given(["c"], "physical").outcome(ev)
Traceback (most recent call last):
...
kifu.replays.kit.chance.ImpossibleOutcome: [R] draw: 'c' is not possible here (possible: a, b)
>>> Given([None], "observed").outcome(ev) is None
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from kifu.replays.errors import RuleViolation
from kifu.replays.rng import Rng

TABLES = ("digital", "physical", "observed")
#: who may see an outcome: everyone, nobody (face down), or the listed seats
ALL = "all"


@dataclass(frozen=True)
class Event:
    """One chance event: its name, the rule it happens under, and its possible outcomes.

    ``visible`` says who sees the outcome once it happened (``"all"``, or a tuple of
    seats; ``()`` = face down): a command's stated outcomes are redacted with it.
    ``unknown_ok``: an observed table may leave the outcome unknown (``None``).
    """

    name: str
    rule: str
    options: tuple[Any, ...]
    weights: tuple[int, ...] | None = None
    visible: Any = ALL
    unknown_ok: bool = True

    def sees(self, perspective: str) -> bool:
        return perspective == "omniscient" or self.visible == ALL or perspective in self.visible

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "options": list(self.options), "unknown_ok": self.unknown_ok,
                "visible": self.visible if self.visible == ALL else list(self.visible)}


class OutcomeNeeded(RuleViolation):
    """A physical or observed command lacks the outcome of one of its chance events.

    ``index`` is the position the outcome takes in ``"outcomes"``; ``event`` lists what is
    possible, so a recording table can offer exactly those.
    """

    def __init__(self, event: Event, index: int):
        self.event = event
        self.index = index
        shown = ", ".join(map(str, event.options[:12])) + (" ..." if len(event.options) > 12 else "")
        super().__init__(event.rule, f"{event.name}: state outcome {index + 1} in \"outcomes\" (possible: {shown})")


class ImpossibleOutcome(RuleViolation):
    def __init__(self, event: Event, given: Any):
        self.event = event
        self.given = given
        shown = ", ".join(map(str, event.options[:12])) + (" ..." if len(event.options) > 12 else "")
        super().__init__(event.rule, f"{event.name}: {given!r} is not possible here (possible: {shown or 'none'})")


class Chance:
    """The source of outcomes for one command (or for setup). ``log`` keeps what happened."""

    table = "digital"

    def __init__(self) -> None:
        self.log: list[tuple[Event, Any]] = []

    def outcome(self, event: Event) -> Any:
        if not event.options:
            raise ImpossibleOutcome(event, None)
        value = self._resolve(event)
        self.log.append((event, value))
        return value

    def _resolve(self, event: Event) -> Any:
        raise NotImplementedError

    def finish(self) -> None:
        """Called after the command: refuses outcomes stated but never used."""


class Digital(Chance):
    """The service deals: outcomes drawn from the seed, labelled by step and event."""

    def __init__(self, seed: str, step: int):
        super().__init__()
        self.seed = seed
        self.step = step

    def _resolve(self, event: Event) -> Any:
        rng = Rng(self.seed, f"chance/{self.step}/{len(self.log)}/{event.name}")
        weights = event.weights or (1,) * len(event.options)
        x = rng.below(sum(weights))
        for option, weight in zip(event.options, weights):
            if x < weight:
                return option
            x -= weight
        raise AssertionError("unreachable: x < sum(weights)")


class Given(Chance):
    """Outcomes stated in the command, checked against what is possible."""

    def __init__(self, outcomes: Sequence[Any], table: str, rule: str = "chance"):
        super().__init__()
        self.table = table
        self.outcomes = list(outcomes)
        self.rule = rule

    def _resolve(self, event: Event) -> Any:
        i = len(self.log)
        if i >= len(self.outcomes):
            raise OutcomeNeeded(event, i)
        value = self.outcomes[i]
        if value is None:
            if self.table == "observed" and event.unknown_ok:
                return None
            raise ImpossibleOutcome(event, None)
        if value not in event.options:
            raise ImpossibleOutcome(event, value)
        return value

    def finish(self) -> None:
        if len(self.outcomes) > len(self.log):
            raise RuleViolation(self.rule, f"{len(self.outcomes)} outcomes stated but only {len(self.log)} chance "
                                           "event(s) happened")


def source(table: str, seed: str, step: int, outcomes: Sequence[Any] | None, rule: str = "chance") -> Chance:
    """The chance source of one command at ``step`` (the step the command makes)."""
    if table == "digital":
        if outcomes:
            raise RuleViolation(rule, "a digital table deals from the seed: a command states no outcomes")
        return Digital(seed, step)
    if table not in TABLES:
        raise ValueError(f"unknown table {table!r}; one of {', '.join(TABLES)}")
    return Given(outcomes or [], table, rule)
