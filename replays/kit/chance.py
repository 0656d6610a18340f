"""Chance as input: one interface resolves every chance event, from one of three tables.

A chance event is a card leaving a face-down pile, a die roll, a random pick. The rules
never assume its outcome; they ask a ``Chance`` source, fixed per match by the header's
``table`` (DESIGN.md, "Chance and knowledge"):

- ``digital``: the service is the dealer. The outcome is drawn from the seed with the
  label ``chance/<step>/<n>/<event>`` (``n`` counts the events of one command from 0), so
  verification reproduces it. Commands carry no outcomes.
- ``physical``: the recorder sees every outcome anybody at the table sees and states it in
  the command that causes it, in ``"outcomes"``, one per such event in the order the
  events happen. ``check`` refuses a missing, extra or impossible outcome, citing the
  rule of the event.
- ``observed``: as physical, but an outcome nobody watching could see may be ``null``
  (the card becomes an unknown token in its zone).

An event nobody at the table sees (``visible=()``: a card put face down) that the rules
can leave unknown (``unknown_ok``) is never asked of a physical table either: nobody
there could state it, and a guess would later refuse a legal draw of that very card. It
takes no place in ``"outcomes"`` and resolves to ``None`` (an unknown token, as at an
observed table), named when it is revealed and checked against what it could be.

A command that states it anyway is refused, with a message citing the record format
(docs/record-format.md, "Chance"), rather than accepted: ``"outcomes"`` is positional,
so the value meant for the face-down card is read as the next event's (or is left
over), and nothing in the list tells the two readings apart (a collab's deck top and
the next draw come from the same pile). Accepting both would let one record mean two
games. The physical records made before this rule (the physical goldens) state these
outcomes; a verifier matches a record's rules version exactly, so they are remade with
their games' next rules versions, and no record ever needs both readings.

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
>>> face_down = Event("holopower", "R", options=("a", "b"), visible=())
>>> g = Given([], "physical")
>>> g.outcome(face_down) is None, g.log, [e.name for e in g.unasked]
(True, [], ['holopower'])
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from kifu.replays.errors import RuleViolation
from kifu.replays.rng import Rng

TABLES = ("digital", "physical", "observed")
#: who may see an outcome: everyone, nobody (face down), or the listed seats
ALL = "all"
#: where docs/record-format.md says which outcomes a command states
FORMAT = 'docs/record-format.md, "Chance"'


@dataclass(frozen=True)
class Event:
    """One chance event: its name, the rule it happens under, and its possible outcomes.

    ``visible`` says who sees the outcome once it happened (``"all"``, or a tuple of
    seats; ``()`` = face down): a command's stated outcomes are redacted with it.
    ``unknown_ok``: an observed table may leave the outcome unknown (``None``).
    ``token``: the unknown token this event turns up, if it is one (``Zones.turn_up``).
    """

    name: str
    rule: str
    options: tuple[Any, ...]
    weights: tuple[int, ...] | None = None
    visible: Any = ALL
    unknown_ok: bool = True
    token: str | None = None

    def sees(self, perspective: str) -> bool:
        return perspective == "omniscient" or self.visible == ALL or perspective in self.visible

    @property
    def unseen(self) -> bool:
        """Nobody at the table sees the outcome, and the rules can go on without it."""
        return self.visible != ALL and not self.visible and self.unknown_ok

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "options": list(self.options), "unknown_ok": self.unknown_ok,
                "visible": self.visible if self.visible == ALL else list(self.visible)}


class OutcomeNeeded(RuleViolation):
    """A physical or observed command lacks the outcome of one of its chance events.

    ``index`` is the position (from 0) the outcome takes in ``field``: a command's
    ``"outcomes"``, or the header's ``"deal"`` for setup; ``event`` lists what is
    possible, so a recording table can offer exactly those.

    >>> str(OutcomeNeeded(Event("deal", "R", options=("a", "b")), 0, "deal"))
    '[R] deal: state "deal"[0] (possible: a, b)'
    """

    def __init__(self, event: Event, index: int, field: str = "outcomes"):
        self.event = event
        self.index = index
        self.field = field
        shown = ", ".join(map(str, event.options[:12])) + (" ..." if len(event.options) > 12 else "")
        super().__init__(event.rule, f"{event.name}: state \"{field}\"[{index}] (possible: {shown})")


class ImpossibleOutcome(RuleViolation):
    def __init__(self, event: Event, given: Any, note: str = ""):
        self.event = event
        self.given = given
        shown = ", ".join(map(str, event.options[:12])) + (" ..." if len(event.options) > 12 else "")
        super().__init__(event.rule, f"{event.name}: {given!r} is not possible here (possible: {shown or 'none'})"
                                     + note)


class Chance:
    """The source of outcomes for one command (or for setup).

    ``log`` keeps the events the table resolved, with their outcomes: at a physical or
    observed table the ones ``"outcomes"`` states, in its order. ``unasked`` keeps the
    events a physical table is not asked (``Event.unseen``), which resolve to ``None``.
    """

    table = "digital"

    def __init__(self) -> None:
        self.log: list[tuple[Event, Any]] = []
        self.unasked: list[Event] = []

    def asks(self, event: Event) -> bool:
        """Whether this table resolves ``event``: all but what a physical table cannot see."""
        return not (self.table == "physical" and event.unseen)

    def outcome(self, event: Event) -> Any:
        if not event.options:
            raise ImpossibleOutcome(event, None)
        if not self.asks(event):
            self.unasked.append(event)
            return self._unasked(event)
        value = self._resolve(event)
        self.log.append((event, value))
        return value

    def _resolve(self, event: Event) -> Any:
        raise NotImplementedError

    def _unasked(self, event: Event) -> Any:
        return None

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
    """Outcomes stated in the command (``field``: ``"outcomes"``; setup's: the header's
    ``"deal"``), checked against what is possible.

    The event an ``OutcomeNeeded`` or ``ImpossibleOutcome`` carries says ``unknown_ok``
    exactly as this table accepts ``null``: only an observed table ever does.
    """

    def __init__(self, outcomes: Sequence[Any], table: str, rule: str = FORMAT, field: str = "outcomes"):
        super().__init__()
        self.table = table
        self.outcomes = list(outcomes)
        self.rule = rule
        self.field = field

    def _asked(self, event: Event) -> Event:
        """``event`` as this table asks it: ``unknown_ok`` only where ``null`` is accepted."""
        accepted = self.table == "observed" and event.unknown_ok
        return event if accepted == event.unknown_ok else replace(event, unknown_ok=accepted)

    def _resolve(self, event: Event) -> Any:
        i = len(self.log)
        if i >= len(self.outcomes):
            raise OutcomeNeeded(self._asked(event), i, self.field)
        value = self.outcomes[i]
        if value is None:
            if self.table == "observed" and event.unknown_ok:
                return None
            raise ImpossibleOutcome(self._asked(event), None)
        if value not in event.options:
            raise ImpossibleOutcome(self._asked(event), value, self._not_stated())
        return value

    def finish(self) -> None:
        if len(self.outcomes) > len(self.log):
            raise RuleViolation(self.rule, f"{len(self.outcomes)} outcomes stated but only {len(self.log)} chance "
                                           f"event(s) happened (\"{self.field}\")" + self._not_stated())

    def _not_stated(self) -> str:
        # the likeliest cause of a stray outcome here: a recorder (or an older record)
        # stating the card that went face down
        if not self.unasked:
            return ""
        names = ", ".join(sorted({e.name for e in self.unasked}))
        return (f"; a physical table states no outcome for a card nobody sees ({names}): it stays unknown "
                f"until revealed ({FORMAT})")


def source(table: str, seed: str, step: int, outcomes: Sequence[Any] | None, rule: str = FORMAT,
           field: str = "outcomes") -> Chance:
    """The chance source of one command at ``step`` (the step the command makes); ``field``
    names where its outcomes are stated (``"deal"`` for setup's)."""
    if table == "digital":
        if outcomes:
            raise RuleViolation(rule, f"a digital table deals from the seed: \"{field}\" states no outcomes")
        return Digital(seed, step)
    if table not in TABLES:
        raise RuleViolation(FORMAT, f"unknown table {table!r}; one of {', '.join(TABLES)}")
    return Given(outcomes or [], table, rule, field)
