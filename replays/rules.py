"""The ``Rules`` protocol every game module satisfies, and the small types around it.

A game is a decider: ``check`` raises, ``apply`` trusts, and the engine composes them
(python-chess's is_legal/push split). State is plain JSON data (dicts, lists, str,
int, bool, None) that is never mutated in place: ``apply`` returns a new state, and
``canon.dumps(state)`` is deterministic. Every state has an integer ``"step"`` that
``setup`` sets to 0 and each ``apply`` raises by one, so a state knows which entry
produced it (a seat's private knowledge is stamped with it).

Perspectives: ``"omniscient"`` (a judge), ``"public"`` (a spectator) and seat ids
``"p1"`` .. ``"pN"``. ``view`` is the only path by which state leaves the server: the
text hooks tell a perspective no more than its views do (``describe`` and ``redact``:
its view once the command is played; ``label``: its view now, before it is played).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, runtime_checkable

State = dict[str, Any]
Command = dict[str, Any]

OMNISCIENT = "omniscient"
PUBLIC = "public"


def seat_ids(players: int) -> list[str]:
    """The seat ids of a game of ``players``.

    >>> seat_ids(3)
    ['p1', 'p2', 'p3']
    """
    return [f"p{i}" for i in range(1, players + 1)]


def perspectives(players: int) -> list[str]:
    return [PUBLIC, *seat_ids(players), OMNISCIENT]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winners`` are seat ids; a draw has none."""

    winners: tuple[str, ...]
    reason: str
    draw: bool = False
    scores: Mapping[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "draw": self.draw,
            "scores": dict(self.scores),
            "reason": self.reason,
        }


@runtime_checkable
class Rules(Protocol):
    """One game. Registered in ``kifu.replays.registry``; all hooks are pure."""

    id: str  #: module id, e.g. "holodelive"; stored in every record header
    version: int  #: bump whenever behaviour changes; records name the version they used
    title: str
    seats: tuple[int, ...]  #: allowed player counts
    commands: Mapping[str, Any]  #: command type -> marshmallow Schema instance
    options_schema: Any  #: marshmallow Schema instance for ``setup`` options
    cardset: Any  #: the bound ``kifu.replays.kit.CardSet`` (None until ``bind``)

    def bind(self, cardset: Any) -> "Rules":
        """These rules for one card set; every other hook is called on the bound object."""

    def setup(self, options: Mapping[str, Any], seed: str, players: int, *, table: str = "digital",
              deal: list | None = None) -> State:
        """The initial state. Chance comes from ``seed`` (digital) or ``deal`` (the outcomes a
        physical or observed table stated for setup's chance events; see ``kifu.replays.kit.chance``)."""

    def check(self, state: State, command: Command) -> None:
        """Raise ``RuleViolation`` if ``command`` (already schema-valid) is illegal now."""

    def apply(self, state: State, command: Command) -> State:
        """The next state. Pure and total for checked commands; never mutates ``state``."""

    def decide(self, state: State, command: Command) -> State:
        """``check`` then ``apply`` (a game may do both in one pass); raises ``RuleViolation``."""

    def legal(self, state: State, seat: str) -> list[Command]:
        """Every command ``seat`` may submit now, exactly as it would be posted."""

    def to_act(self, state: State) -> tuple[str, ...]:
        """Seats whose command the game awaits now (several during a pending decision).

        Server-internal: who may be awaited can itself be secret (a hidden role's optional
        decision). What a viewer is told is ``view(state, perspective)["to_act"]``.
        """

    def view(self, state: State, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see of ``state``; JSON data with at least ``"to_act"``."""

    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else None."""

    def describe(self, before: State, command: Command, after: State, perspective: str) -> str:
        """One move-list line for ``command`` (which turned ``before`` into ``after``), as
        ``perspective`` may read it; it never re-runs the command."""

    def label(self, state: State, command: Command, seat: str) -> str:
        """How ``command`` is offered to ``seat`` before it is played (a button at the table).

        It says what the command will do, in the game's words, and reveals nothing ``seat``
        does not already know in ``state``: nothing beyond ``view(state, seat)``. Unlike
        ``describe`` (a move already played, with what followed from it), a label never
        tells the outcome: not the card a draw will bring, not the role a look will show.
        Distinct legal commands of one seat get distinct labels, so the buttons can be told apart.
        """

    def redact(self, before: State, command: Command, after: State, perspective: str) -> Command:
        """``command`` as ``perspective`` may see it (an outcome it did not see, a secret choice)."""

    def turn(self, state: State) -> int:
        """The turn (or round) number at ``state``, for grouping the move list; 1-based."""

    def phase(self, state: State) -> str:
        """A short name of the current phase, for grouping commands at the recording table."""


def check_perspective(perspective: str, players: int) -> None:
    if perspective not in perspectives(players):
        raise ValueError(f"unknown perspective {perspective!r}")
