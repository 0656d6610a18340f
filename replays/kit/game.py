"""``Game``: the ``Rules`` hooks every game shares, written once over the kit.

A game subclasses ``Game`` and supplies: ``COMMANDS`` (its ``commands.py``), an options
schema, a card set schema, ``deal(t, options, players)`` (the initial state), and the
game-specific hooks (``legal_commands``, ``to_act``, ``view``, ``outcome``,
``describe``, ``turn``, ``phase``; optionally ``precheck``, ``after``, ``copy``).

What this class does for every game:

- **Card sets are bound, never looked up.** ``bind(cardset)`` returns the rules for one
  card set; ``setup`` and every hook read ``self.cardset``.
- **Chance is input.** ``setup(options, seed, players, table=..., deal=...)`` and every
  ``apply`` resolve chance events through ``kifu.replays.kit.chance``: from the seed on a
  digital table, from the stated outcomes (``deal`` at setup, a command's ``"outcomes"``)
  on a physical or observed one. ``check`` on those tables runs the command on a copy,
  so a missing, extra or impossible outcome is a ``RuleViolation`` before anything is
  written. ``legal`` there lists a chance command once per possible outcome. An event
  nobody at the table sees is neither asked nor listed at a physical table (``needs``,
  ``legal``): it is an unknown token until revealed (``Chance.asks``).
- **Redaction follows the events.** After each command, ``state["chance"]`` lists the
  events the table resolved (those ``"outcomes"`` states, in order) and who saw them;
  ``redact`` hides the outcomes a perspective did not see, and a secret choice
  (``kifu.replays.kit.decisions``).

State keys the kit owns: ``step``, ``table``, ``seed`` (never leaves the server: every
view drops it), ``zones``, ``chance``, ``pending``, ``stack``.
"""
from __future__ import annotations

import copy as _copy
import marshal
from typing import Any, Mapping

from marshmallow import Schema

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import chance as _chance
from kifu.replays.kit import decisions, zones as _zones
from kifu.replays.kit.cardset import CardSet, CardSetSchema, load, packaged
from kifu.replays.kit.commands import Commands
from kifu.replays.rules import Command, Outcome, State

#: a refusal of stated outcomes (how many, at which table) cites the record format
R_CHANCE = _chance.FORMAT
#: a seat count the game does not allow, where its rulebook names none
R_SEATS = 'docs/record-format.md, "Header"'


class Ctx:
    """What a command's check and apply see: the state (a working copy in apply), the card
    set, and the zones with this command's chance source. Games subclass it for helpers."""

    def __init__(self, state: State, cardset: CardSet, chance: _chance.Chance | None = None):
        self.s = state
        self.cs = cardset
        self.chance = chance
        self.zones = _zones.Zones(state["zones"], chance, state["step"] + 1, state)


class Game:
    """Base class of every game's ``Rules`` object (see the module docstring)."""

    id: str
    version: int
    title: str
    seats: tuple[int, ...]
    #: the section a refused seat count cites: the rulebook's player count where it prints one
    seats_rule: str = R_SEATS
    COMMANDS: Commands
    options_schema: Schema
    cardset_schema: CardSetSchema
    package: str  #: where ``cardsets/*.json`` (the demo sets) live
    default_cardset: str  #: id of the demo set a match uses when none is named
    context = Ctx
    cardset: CardSet | None = None
    #: how a seat's deck list is written as text (``kifu.replays.kit.decklist``); None: a
    #: game without per-seat deck lists
    deck_form: Any = None
    #: at most this many commands from expanding one command's outcomes: a bound never
    #: reached by a single draw or roll; a command with several unseen events (a redraw of
    #: seven) lists its first sequences, which stand for the rest
    expansion_limit = 4096

    # -- card sets -------------------------------------------------------------------
    @property
    def commands(self) -> Mapping[str, Schema]:
        return self.COMMANDS.schemas

    def load_cardset(self, data: Any) -> CardSet:
        """Validate ``data`` with this game's schema (``CardSetError`` with field paths)."""
        return load(self.cardset_schema, data)

    def demo_cardsets(self) -> list[CardSet]:
        return [self.load_cardset(data) for data in packaged(self.package)]

    def bind(self, cardset: CardSet) -> "Game":
        """These rules for ``cardset``: the object every hook is called on."""
        bound = _copy.copy(self)
        bound.cardset = cardset
        return bound

    def _cs(self) -> CardSet:
        if self.cardset is None:
            raise RuntimeError(f"{self.id}: rules not bound to a card set (call bind)")
        return self.cardset

    # -- setup -----------------------------------------------------------------------
    def setup(self, options: Mapping[str, Any], seed: str, players: int, *, table: str = "digital",
              deal: list | None = None) -> State:
        """The initial state: ``deal`` is the game's hook; chance from the seed or ``deal``.
        A seat count the game does not allow is a ``RuleViolation`` citing ``seats_rule``."""
        if players not in self.seats:
            raise RuleViolation(self.seats_rule, f"{self.title} is for {'/'.join(map(str, self.seats))} players, "
                                                 f"not {players}")
        return self.setup_with(options, seed, players, table,
                               _chance.source(table, seed, 0, deal, R_CHANCE, field="deal"))

    def setup_with(self, options: Mapping[str, Any], seed: str, players: int, table: str,
                   source: _chance.Chance) -> State:
        """``setup`` with an explicit chance source (``kifu.replays.kit.tables`` reads its log)."""
        state: State = {"step": 0, "table": table, "seed": seed, "zones": _zones.new(), "chance": [],
                        "pending": None, "stack": []}
        t = self.context(state, self._cs(), source)
        t.zones.step = 0
        self.deal(t, options, players)
        source.finish()
        state["chance"] = self._events(source)
        return state

    def deal(self, t: Ctx, options: Mapping[str, Any], players: int) -> None:
        """Fill ``t.s`` with the initial state (game hook)."""
        raise NotImplementedError

    def registered(self, options: Mapping[str, Any], players: int) -> dict[str, dict[str, int]]:
        """Each face-down pile as setup fills it from the registered deck lists, before any
        card leaves it: ``{"deck/p1": {card: copies}}`` (what a physical record is checked
        against; a picker says from it why a card cannot be drawn). Setup runs on a seed of
        its own; only the piles' contents are read, never an outcome."""
        state: State = {"step": 0, "table": "digital", "seed": "registered", "zones": _zones.new(), "chance": [],
                        "pending": None, "stack": []}
        chance = _chance.source("digital", "registered", 0, None, "ゲームの準備")
        t = self.context(state, self._cs(), chance)
        piles: dict[str, dict[str, int]] = {}

        class Recording(_zones.Zones):
            __slots__ = ()

            def add_pile(self, name: str, cards: Any) -> None:
                cards = list(cards)
                piles[name] = {}
                for c in cards:
                    piles[name][c] = piles[name].get(c, 0) + 1
                super().add_pile(name, cards)
        t.zones = Recording(state["zones"], chance, 0, state)
        self.deal(t, options, players)
        return piles

    # -- deciding --------------------------------------------------------------------
    def precheck(self, t: Ctx, cmd: Command) -> bool:
        """Checks common to every command (game over, pending decision); True if done."""
        return False

    def check(self, state: State, command: Command) -> None:
        """Raise ``RuleViolation`` (naming the rulebook section) if ``command`` is illegal now."""
        self._check_command(state, command)
        if state["table"] != "digital":
            self.apply(state, command)  # the outcomes: stated, possible, all used

    def decide(self, state: State, command: Command) -> State:
        """``check`` and ``apply`` in one: the next state, applying the command only once."""
        self._check_command(state, command)
        return self.apply(state, command)

    def _check_command(self, state: State, command: Command) -> None:
        if state["table"] == "digital" and command.get("outcomes"):
            raise RuleViolation(R_CHANCE, 'a digital table deals from the seed: a command states no "outcomes"')
        t = self.context(state, self._cs())
        if not self.precheck(t, command):
            self.COMMANDS[command["type"]].check(t, command)

    def apply(self, state: State, command: Command) -> State:
        """The next state (pure: ``state`` is never mutated)."""
        source = _chance.source(state["table"], state["seed"], state["step"] + 1, command.get("outcomes"),
                                R_CHANCE)
        return self.apply_with(state, command, source)

    def apply_with(self, state: State, command: Command, source: _chance.Chance) -> State:
        """``apply`` with an explicit chance source."""
        s = self.copy(state)
        t = self.context(s, self._cs(), source)
        self.working(t)
        self.COMMANDS[command["type"]].apply(t, command)
        self.after(t, command)
        source.finish()
        s["chance"] = self._events(source)
        s["step"] = state["step"] + 1
        return s

    def copy(self, state: State) -> State:
        """A copy ``apply`` may change in place (games copy less where it is hot)."""
        return marshal.loads(marshal.dumps(state))

    def working(self, t: Ctx) -> None:
        """Called on the context of ``apply``'s working copy before the command runs: where a
        game whose ``copy`` shares parts of the state starts copying them on first use."""

    def after(self, t: Ctx, cmd: Command) -> None:
        """Runs after every command (e.g. refill a face-up slot)."""

    @staticmethod
    def _events(source: _chance.Chance) -> list[dict[str, Any]]:
        return [{"event": e.name, "visible": e.visible if e.visible == _chance.ALL else list(e.visible)}
                for e, _ in source.log]

    # -- listing ---------------------------------------------------------------------
    def legal_commands(self, state: State, seat: str) -> list[Command]:
        """Every command ``seat`` may post now, without outcomes (game hook)."""
        raise NotImplementedError

    def passing(self, t: Ctx, candidates: list[Command]) -> list[Command]:
        """The ``candidates`` their own command type's ``check`` lets through (for ``legal_commands``)."""
        out = []
        for cmd in candidates:
            try:
                self.COMMANDS[cmd["type"]].check(t, cmd)
            except RuleViolation:
                continue
            out.append(cmd)
        return out

    def legal(self, state: State, seat: str) -> list[Command]:
        """Every command ``seat`` may post now; at a physical or observed table once per outcome."""
        base = self.legal_commands(state, seat)
        if state["table"] == "digital":
            return base
        return [c for cmd in base for c in self.expand(state, cmd)]

    def expand(self, state: State, cmd: Command) -> list[Command]:
        """``cmd`` with every possible sequence of outcomes (``None`` = unseen, when observed)."""
        out: list[Command] = []
        todo = [cmd]
        while todo and len(out) < self.expansion_limit:
            c = todo.pop()
            try:
                self.apply(state, c)
            except _chance.OutcomeNeeded as need:
                options = list(need.event.options)
                if state["table"] == "observed" and need.event.unknown_ok:
                    options.append(None)
                todo.extend({**c, "outcomes": [*c.get("outcomes", []), o]} for o in reversed(options))
                continue
            except RuleViolation:
                continue
            out.append(c)
        return out

    def deal_needs(self, options: Mapping[str, Any], seed: str, players: int, table: str,
                   deal: list) -> _chance.Event | None:
        """The next setup event a physical or observed ``deal`` must state, or None when complete;
        ``RuleViolation`` when no outcome could make the deal legal (a wrong seat count, an
        impossible or extra outcome). The event's ``unknown_ok`` is whether this table
        accepts ``null`` for it."""
        try:
            self.setup(options, seed, players, table=table, deal=deal)
        except _chance.OutcomeNeeded as need:
            return need.event
        return None

    def needs(self, state: State, cmd: Command) -> _chance.Event | None:
        """The next chance event ``cmd`` (schema-valid) must state an outcome for, or None
        (tables' pickers); ``RuleViolation`` when ``check`` refuses it for another reason.
        The event's ``unknown_ok`` is whether this table accepts ``null`` for it."""
        self._check_command(state, cmd)
        try:
            self.apply(state, cmd)
        except _chance.OutcomeNeeded as need:
            return need.event
        return None

    # -- text ------------------------------------------------------------------------
    def label(self, state: State, command: Command, seat: str) -> str:
        """The table's button: what the command will do (and the outcomes it states)."""
        t = self.context(state, self._cs())
        text = self.COMMANDS[command["type"]].label(t, command, seat)
        if command.get("outcomes"):
            text += " → " + "、".join(self.outcome_name(o) for o in command["outcomes"])
        return text

    def card_line(self, card_id: str) -> str:
        """A short line that tells ``card_id`` from other printings of the same name (a
        picker shows it under the name): its number and rarity where printed, else its id.
        A game whose printings differ in other facts says so in its own ``card_line``."""
        card = self.cardset.cards.get(card_id) if self.cardset is not None else None
        if not card:
            return card_id
        facts = [str(card[k]) for k in ("number", "rarity") if card.get(k) not in (None, "")]
        return " · ".join(facts) or card_id

    def outcome_name(self, outcome: Any) -> str:
        if outcome is None:
            return "（不明）"
        return self._cs().name(outcome) if isinstance(outcome, str) else str(outcome)

    def redact(self, before: State, command: Command, after: State, perspective: str) -> Command:
        """``command`` as ``perspective`` may read it: unseen outcomes and secret choices hidden."""
        shown = decisions.redact_choice(before, command, perspective)
        if command.get("outcomes") and perspective != "omniscient":
            seen = [e["visible"] == _chance.ALL or perspective in e["visible"] for e in after.get("chance", [])]
            shown = {**shown, "outcomes": [o if i < len(seen) and seen[i] else None
                                           for i, o in enumerate(command["outcomes"])]}
        return shown

    # -- game hooks without a kit default ------------------------------------------------
    def to_act(self, state: State) -> tuple[str, ...]:
        raise NotImplementedError

    def view(self, state: State, perspective: str) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def describe(self, before: State, command: Command, after: State | None, perspective: str) -> str:
        raise NotImplementedError

    def turn(self, state: State) -> int:
        raise NotImplementedError

    def phase(self, state: State) -> str:
        return str(state.get("phase", ""))
