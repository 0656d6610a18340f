"""Judging in the log: calls, rulings, backups, fixes, penalties and appeals.

A judge acts in the match's own stream, with entries whose actor is ``judge``; they are
handled here, before the game sees anything (DESIGN.md, "Judging"), for every game alike:
nothing below knows a game beyond what the kit's zones give. ``Judged(game, players)``
wraps a game's ``Rules``; a command whose type is one of ``JUDGE_TYPES`` is judging's, any
other goes to the game.

The stored contract (docs/record-format.md, "Judge entries"). Every judge command carries
``seq`` (its own entry's seq: the layer counts entries from its first one) and ``role``
(the role of whoever recorded it, which the rules below check; the entry's ``by`` names
them):

==============  ============================================================================
``judge_call``  ``step`` (the step the question is about), ``question``, ``caller`` (a seat,
                ``recorder`` or a judge role): opens case ``n``; the table pauses
``ruling``      ``case``, ``answer``, ``rule`` (the rulebook section cited): on an open case
                it rules (a head judge's ruling is final at once); on an appealed one only a
                head judge rules, and that ruling stands; earlier rulings stay
``backup``      ``to`` (an earlier step), ``case``?, ``reason``?: play goes on from the state
                at step ``to``; the game entries after it stay in the log, superseded
``fix``         ``moves`` ([{card, from, to}]), ``case``?, ``reason``?: a correction through
                the zones: a place is ``{"pile": name, "end": "top"|"bottom"}`` (the kit's
                face-down piles) or ``{"path": [key, ...]}`` (a list in the game's state)
``penalty``     ``seat``, ``infraction``, ``penalty`` (``PENALTIES``), ``case``?: a game loss,
                match loss or disqualification ends the match, every other seat winning
``appeal``      ``case``, ``caller``, ``reason``: the ruling goes to the head judge; the
                table pauses again
==============  ============================================================================

The layer's state is kept beside the game's, under ``state["judge"]``, and only once a
judge entry exists, so a match nobody judged has exactly the states (and hashes) it had.

A backup never re-rolls a digital draw, and what the players saw stays seen: each card
that left a face-down pile in the superseded entries goes back to a known place, the top
of its pile in the order it left (MTR 4.4's "known place" for a backup), so the next draws
bring the same cards. The game's step counter goes back too, so digital chance labels
repeat and a replay of the same commands gives the same outcomes.

>>> from kifu.replays.judging import PENALTIES
>>> PENALTIES
('warning', 'game_loss', 'match_loss', 'disqualification')
"""
from __future__ import annotations

import marshal
from collections import Counter
from typing import Any, Callable, Mapping

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import zones as _zones
from kifu.replays.rules import OMNISCIENT, Command, Outcome, Rules, State, perspectives, seat_ids

R = "DESIGN.md/Judging"
R_CALL = f"{R}/judge_call"
R_RULING = f"{R}/ruling"
R_BACKUP = f"{R}/backup"
R_FIX = f"{R}/fix"
R_PENALTY = f"{R}/penalty"
R_APPEAL = f"{R}/appeal"

JUDGE_TYPES = ("judge_call", "ruling", "backup", "fix", "penalty", "appeal")
_JUDGE_SET = frozenset(JUDGE_TYPES)
PENALTIES = ("warning", "game_loss", "match_loss", "disqualification")
ENDS_MATCH = ("game_loss", "match_loss", "disqualification")
JUDGES = ("judge", "head_judge", "admin")  #: may rule, back up, fix and penalise
HEAD = ("head_judge", "admin")  #: rules on an appeal (an organizer may act as head judge)
CALLERS = ("player", "recorder", *JUDGES)
APPELLANTS = ("player", "recorder")
#: kit-owned state keys a fix may not reach by path (piles are moved by name)
RESERVED = ("step", "table", "seed", "chance", "pending", "stack", "zones", "judge")
#: what may follow a penalty that ended the match: the case's ruling and its appeal
AFTER_END = ("ruling", "appeal")

#: infraction -> default penalty, used where an event names no table of its own (after the
#: card-game tournament rules' usual ladder; an event's table replaces it)
DEFAULT_INFRACTIONS: tuple[tuple[str, str], ...] = (
    ("Procedural Error — Minor", "warning"),
    ("Game Rule Violation", "warning"),
    ("Failure to Maintain Game State", "warning"),
    ("Looking at Extra Cards", "warning"),
    ("Slow Play", "warning"),
    ("Drawing Extra Cards", "game_loss"),
    ("Deck Problem", "game_loss"),
    ("Tardiness", "game_loss"),
    ("Unsporting Conduct — Major", "match_loss"),
    ("Cheating", "disqualification"),
    ("Unsporting Conduct — Aggressive Behaviour", "disqualification"),
)

MAX_TEXT = 2000


# -- the stored contract ---------------------------------------------------------------------

class _Judge(Schema):
    type = fields.String(required=True)
    seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    role = fields.String(required=True, validate=validate.OneOf(CALLERS))


def _text(required: bool = True) -> fields.String:
    return fields.String(required=required, validate=validate.Length(min=1, max=MAX_TEXT))


def _case(required: bool = True) -> fields.Integer:
    return fields.Integer(required=required, strict=True, validate=validate.Range(min=1))


class JudgeCallSchema(_Judge):
    step = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    question = _text()
    caller = fields.String(required=True, validate=validate.Length(min=1, max=32))


class RulingSchema(_Judge):
    case = _case()
    answer = _text()
    rule = fields.String(required=True, validate=validate.Length(min=1, max=200))


class BackupSchema(_Judge):
    to = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    case = _case(False)
    reason = _text(False)


class PlaceSchema(Schema):
    pile = fields.String(validate=validate.Length(min=1, max=64))
    end = fields.String(validate=validate.OneOf(("top", "bottom")))
    path = fields.List(fields.Raw(), validate=validate.Length(min=1, max=8))

    @validates_schema
    def _one(self, data: Mapping[str, Any], **_: Any) -> None:
        if ("pile" in data) == ("path" in data):
            raise ValidationError("a place is {\"pile\": name} or {\"path\": [key, ...]}")
        if "end" in data and "pile" not in data:
            raise ValidationError("\"end\" is for a pile")
        for key in data.get("path", ()):
            if not (isinstance(key, str) or (isinstance(key, int) and not isinstance(key, bool) and key >= 0)):
                raise ValidationError("a path is keys (strings) and list indexes (integers >= 0)", "path")


class MoveSchema(Schema):
    card = fields.String(required=True, validate=validate.Length(min=1, max=64))
    to = fields.Nested(PlaceSchema, required=True, data_key="to")
    frm = fields.Nested(PlaceSchema, required=True, data_key="from")


class FixSchema(_Judge):
    moves = fields.List(fields.Nested(MoveSchema), required=True, validate=validate.Length(min=1, max=20))
    case = _case(False)
    reason = _text(False)


class PenaltySchema(_Judge):
    seat = fields.String(required=True, validate=validate.Regexp(r"^p[1-9][0-9]?$"))
    infraction = fields.String(required=True, validate=validate.Length(min=1, max=100))
    penalty = fields.String(required=True, validate=validate.OneOf(PENALTIES))
    case = _case(False)
    note = _text(False)


class AppealSchema(_Judge):
    case = _case()
    caller = fields.String(required=True, validate=validate.Length(min=1, max=32))
    reason = _text()


SCHEMAS: dict[str, Schema] = {
    "judge_call": JudgeCallSchema(), "ruling": RulingSchema(), "backup": BackupSchema(), "fix": FixSchema(),
    "penalty": PenaltySchema(), "appeal": AppealSchema(),
}


def is_judge(command: Mapping[str, Any]) -> bool:
    return command.get("type") in JUDGE_TYPES


def layer(state: State) -> dict[str, Any] | None:
    """The judging state of ``state``, None while nobody has judged."""
    return state.get("judge")


def game_state(state: State) -> State:
    """``state`` without the judging layer: what the game's hooks read."""
    return {k: v for k, v in state.items() if k != "judge"} if "judge" in state else state


def new_layer(seq: int) -> dict[str, Any]:
    return {"seq": seq - 1, "cases": [], "open": None, "superseded": [], "penalties": [], "result": None}


def superseded_by(judge: Mapping[str, Any] | None, seq: int) -> int | None:
    """The backup entry that superseded entry ``seq`` (a game entry), or None."""
    for span in (judge or {}).get("superseded", ()):
        if span["from"] <= seq <= span["to"]:
            return span["by"]
    return None


# -- the wrapper ----------------------------------------------------------------------------

StateAt = Callable[[int], State]


class Judged:
    """``game`` with judging in front of it: the ``Rules`` protocol, plus ``state_at`` on the
    hooks that may need an earlier state (a backup). Every other attribute is the game's."""

    def __init__(self, game: Rules, players: int):
        clash = set(JUDGE_TYPES) & set(game.commands)
        if clash:
            raise ValueError(f"{game.id} has commands named like judge entries: {sorted(clash)}")
        self.game = game
        self.players = players
        self.commands = {**game.commands, **SCHEMAS}
        self._game_apply = game.apply

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"Judged({self.game!r}, {self.players})"

    # -- deciding -----------------------------------------------------------------------
    def check(self, state: State, command: Command, *, state_at: StateAt | None = None) -> None:
        """Raise ``RuleViolation`` unless ``command`` may be recorded now."""
        self.decide(state, command, state_at=state_at)

    def decide(self, state: State, command: Command, *, state_at: StateAt | None = None) -> State:
        if is_judge(command):
            return self._judge(state, command, state_at, check=True)
        judge = layer(state)
        if judge is not None:
            _check_playing(judge)
        return self._game_step(state, command, self.game.decide)

    def apply(self, state: State, command: Command, *, state_at: StateAt | None = None) -> State:
        if command["type"] in _JUDGE_SET:
            return self._judge(state, command, state_at, check=False)
        if "judge" not in state:  # the hot path: a match nobody judged folds at the game's own speed
            return self._game_apply(state, command)
        return self._game_step(state, command, self._game_apply)

    def _game_step(self, state: State, command: Command, step: Callable[[State, Command], State]) -> State:
        judge = layer(state)
        if judge is None:
            return step(state, command)
        after = step(game_state(state), command)
        after["judge"] = {**judge, "seq": judge["seq"] + 1}
        return after

    def _judge(self, state: State, command: Command, state_at: StateAt | None, *, check: bool) -> State:
        judge = layer(state) or new_layer(command["seq"])
        seq = judge["seq"] + 1
        if command["seq"] != seq:
            raise RuleViolation(R, f"this judge entry says it is entry {command['seq']}, but it would be entry {seq}")
        kind = command["type"]
        if check and self.outcome(state) is not None and kind not in AFTER_END:
            raise RuleViolation(R, f"the match is over: a {kind} is refused (a ruling or an appeal of a case may follow)")
        game = game_state(state)
        judge = _copy(judge)
        judge["seq"] = seq
        if kind == "backup":
            game = self._backup(game, judge, command, state_at)
        elif kind == "fix":
            game = self._fix(game, command)
        else:
            getattr(self, f"_{kind}")(judge, command)
        return {**game, "judge": judge}

    # -- the entries ----------------------------------------------------------------------
    def _judge_call(self, judge: dict[str, Any], cmd: Command) -> None:
        if judge["open"] is not None:
            raise RuleViolation(R_CALL, f"case {judge['open']} is still open: a judge rules on it first")
        if cmd["step"] > judge["seq"] - 1:
            raise RuleViolation(R_CALL, f"step {cmd['step']} has not happened yet (the match is at step {judge['seq'] - 1})")
        _caller(cmd["caller"], cmd["role"], self.players, R_CALL)
        n = len(judge["cases"]) + 1
        judge["cases"].append({"n": n, "seq": judge["seq"], "step": cmd["step"], "caller": cmd["caller"],
                               "question": cmd["question"], "status": "open", "rulings": [], "appeals": [],
                               "actions": []})
        judge["open"] = n

    def _ruling(self, judge: dict[str, Any], cmd: Command) -> None:
        case = _case_of(judge, cmd["case"], R_RULING)
        role = cmd["role"]
        if role not in JUDGES:
            raise RuleViolation(R_RULING, f"a {role} may call a judge or appeal, not rule")
        if case["status"] == "final":
            raise RuleViolation(R_RULING, f"case {case['n']} is closed: the head judge's ruling stands")
        if case["status"] == "ruled":
            raise RuleViolation(R_RULING, f"case {case['n']} is ruled; an appeal takes it to the head judge")
        if case["status"] == "appealed" and role not in HEAD:
            raise RuleViolation(R_RULING, f"case {case['n']} is under appeal: only the head judge rules on it")
        final = role in HEAD
        case["rulings"].append({"seq": judge["seq"], "answer": cmd["answer"], "rule": cmd["rule"], "role": role,
                                "stands": final})
        case["status"] = "final" if final else "ruled"
        _close(judge, case)

    def _appeal(self, judge: dict[str, Any], cmd: Command) -> None:
        case = _case_of(judge, cmd["case"], R_APPEAL)
        if cmd["role"] not in APPELLANTS:
            raise RuleViolation(R_APPEAL, f"a {cmd['role']} rules; a player or the recorder appeals")
        _caller(cmd["caller"], cmd["role"], self.players, R_APPEAL)
        if case["status"] != "ruled":
            why = {"open": "has no ruling yet", "appealed": "is already under appeal",
                   "final": "was ruled by the head judge: that ruling stands"}[case["status"]]
            raise RuleViolation(R_APPEAL, f"case {case['n']} {why}")
        if judge["open"] is not None:
            raise RuleViolation(R_APPEAL, f"case {judge['open']} is open: one case at a time")
        case["appeals"].append({"seq": judge["seq"], "caller": cmd["caller"], "reason": cmd["reason"]})
        case["status"] = "appealed"
        judge["open"] = case["n"]

    def _penalty(self, judge: dict[str, Any], cmd: Command) -> None:
        _judge_role(cmd, R_PENALTY)
        seat = cmd["seat"]
        if seat not in seat_ids(self.players):
            raise RuleViolation(R_PENALTY, f"no seat {seat} in this match")
        _acts_for(judge, cmd, R_PENALTY)
        judge["penalties"].append({"seq": judge["seq"], "seat": seat, "infraction": cmd["infraction"],
                                   "penalty": cmd["penalty"], "case": cmd.get("case")})
        if cmd["penalty"] in ENDS_MATCH:
            winners = [s for s in seat_ids(self.players) if s != seat]
            name = cmd["penalty"].replace("_", " ")
            judge["result"] = {"winners": winners,
                               "reason": f"penalty: {cmd['penalty']} for {seat} ({cmd['infraction']}): {name}"}

    def _backup(self, game: State, judge: dict[str, Any], cmd: Command, state_at: StateAt | None) -> State:
        _judge_role(cmd, R_BACKUP)
        to, here = cmd["to"], judge["seq"] - 1
        if to >= here:
            raise RuleViolation(R_BACKUP, f"a backup goes to an earlier step: step {to} is not before the current "
                                          f"step {here}")
        earlier = superseded_by(judge, to)
        if earlier is not None:
            raise RuleViolation(R_BACKUP, f"step {to} was itself superseded by the backup at step {earlier}")
        if state_at is None:
            raise RuntimeError("a backup needs the states before it (state_at)")
        _acts_for(judge, cmd, R_BACKUP)
        states = [game_state(state_at(s)) for s in range(to, here)] + [game]
        judge["superseded"].append({"from": to + 1, "to": here, "by": judge["seq"]})
        return _known_place(states)

    def _fix(self, game: State, cmd: Command) -> State:
        _judge_role(cmd, R_FIX)
        fixed = _copy(game)
        zones = _zones.Zones(fixed["zones"], None, fixed.get("step", 0)) if "zones" in fixed else None
        for i, move in enumerate(cmd["moves"], start=1):
            where = f"move {i}"
            item = _take(fixed, zones, move["card"], move["from"], where)
            _put(fixed, zones, item, move["to"], where)
        try:  # structurally valid: the game can still read it from every side
            for p in perspectives(self.players):
                self.game.view(fixed, p)
            for seat in self.game.to_act(fixed):
                self.game.legal(fixed, seat)
        except Exception as exc:  # noqa: BLE001 - any failure means the fix broke the state
            raise RuleViolation(R_FIX, f"the fix leaves a state the game cannot read ({type(exc).__name__}: {exc})") from None
        return fixed

    # -- reading ------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        judge = layer(state)
        if judge is not None and judge["result"] is not None:
            return Outcome(tuple(judge["result"]["winners"]), judge["result"]["reason"])
        return self.game.outcome(game_state(state))

    def to_act(self, state: State) -> tuple[str, ...]:
        judge = layer(state)
        if judge is not None and (judge["open"] is not None or judge["result"] is not None):
            return ()
        return self.game.to_act(game_state(state))

    def legal(self, state: State, seat: str) -> list[Command]:
        judge = layer(state)
        if judge is not None and (judge["open"] is not None or judge["result"] is not None):
            return []
        return self.game.legal(game_state(state), seat)

    def view(self, state: State, perspective: str) -> dict[str, Any]:
        judge = layer(state)
        view = self.game.view(game_state(state), perspective)
        if judge is None:
            return view
        view = {**view, "judge": summary(judge, perspective)}
        if judge["open"] is not None or judge["result"] is not None:
            view["to_act"] = []
        return view

    def label(self, state: State, command: Command, seat: str) -> str:
        return self.game.label(game_state(state), command, seat)

    def needs(self, state: State, command: Command) -> Any:
        return self.game.needs(game_state(state), command)

    def turn(self, state: State) -> int:
        return self.game.turn(game_state(state))

    def phase(self, state: State) -> str:
        judge = layer(state)
        if judge is not None and judge["open"] is not None:
            return "judge"
        return self.game.phase(game_state(state))

    def describe(self, before: State, command: Command, after: State, perspective: str) -> str:
        if is_judge(command):
            return describe(command, after, perspective)
        return self.game.describe(game_state(before), command, game_state(after), perspective)

    def redact(self, before: State, command: Command, after: State, perspective: str) -> Command:
        if is_judge(command):
            return redact(command, perspective)
        return self.game.redact(game_state(before), command, game_state(after), perspective)


def judged(rules: Rules, players: int) -> Judged:
    """``rules`` with judging in front (a ``Judged`` is returned as it is)."""
    return rules if isinstance(rules, Judged) else Judged(rules, players)


# -- helpers ----------------------------------------------------------------------------------

def _copy(data: Any) -> Any:
    """A deep copy of plain JSON data (the kit's way)."""
    return marshal.loads(marshal.dumps(data))


def _check_playing(judge: Mapping[str, Any]) -> None:
    if judge["open"] is not None:
        case = judge["cases"][judge["open"] - 1]
        what = "under appeal" if case["status"] == "appealed" else "open"
        raise RuleViolation(R_CALL, f"the table is paused: case {case['n']} is {what} ({case['question']!r}); "
                                    "play resumes once a judge rules")


def _judge_role(cmd: Command, rule: str) -> None:
    if cmd["role"] not in JUDGES:
        raise RuleViolation(rule, f"only a judge may record a {cmd['type']}, not a {cmd['role']}")


def _caller(caller: str, role: str, players: int, rule: str) -> None:
    if role == "player" and caller not in seat_ids(players):
        raise RuleViolation(rule, f"a player calls for a seat of this match, not {caller!r}")
    if role != "player" and caller != role:
        raise RuleViolation(rule, f"a {role} calls as {role!r}, not {caller!r}")


def _case_of(judge: Mapping[str, Any], n: int, rule: str) -> dict[str, Any]:
    if not 1 <= n <= len(judge["cases"]):
        raise RuleViolation(rule, f"no case {n} in this match ({len(judge['cases'])} so far)")
    return judge["cases"][n - 1]


def _acts_for(judge: dict[str, Any], cmd: Command, rule: str) -> None:
    """Attach a backup, fix or penalty to the case it names (it must exist)."""
    if cmd.get("case") is not None:
        _case_of(judge, cmd["case"], rule)["actions"].append(judge["seq"])


def _close(judge: dict[str, Any], case: Mapping[str, Any]) -> None:
    if judge["open"] == case["n"]:
        judge["open"] = None


def _pile_count(pile: Mapping[str, Any]) -> Counter:
    known = Counter(c for c in pile["top"] + pile["bottom"] if not _zones.is_token(c))
    return known + Counter(pile["unseen"])


def _known_place(states: list[State]) -> State:
    """The first of ``states`` (the backup's target), with every card that left a face-down
    pile over the rest put back on top of that pile, in the order it left, its place known."""
    target = _copy(states[0])
    if "zones" not in target:
        return target
    piles = target["zones"]["piles"]
    left: dict[str, list[str]] = {name: [] for name in piles}
    for before, after in zip(states, states[1:]):
        for name in piles:
            a, b = before["zones"]["piles"].get(name), after["zones"]["piles"].get(name)
            if a is None or b is None:
                continue
            gone = _pile_count(a) - _pile_count(b)
            left[name].extend(sorted(gone.elements()))
    zones = _zones.Zones(target["zones"], None, target.get("step", 0))
    for name, cards in left.items():
        pile = piles[name]
        already = Counter(c for c in pile["top"] if not _zones.is_token(c))
        back: list[str] = []
        for card in cards:
            if already[card] > 0:
                already[card] -= 1
            elif pile["unseen"].get(card, 0) > 0 and zones.middle(name) > len(back):
                zones._unsee(pile, card)  # noqa: SLF001 - the kit's own bookkeeping of a known card
                back.append(card)
        pile["top"] = pile["top"] + back
    return target


def _resolve(state: State, path: list[Any], where: str) -> list[Any]:
    if isinstance(path[0], str) and path[0] in RESERVED:
        raise RuleViolation(R_FIX, f"{where}: {path[0]!r} is the kit's own state; a face-down pile is named by \"pile\"")
    node: Any = state
    for key in path:
        if isinstance(node, dict) and isinstance(key, str) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
        else:
            raise RuleViolation(R_FIX, f"{where}: no place {'/'.join(map(str, path))} in this game's state")
    if not isinstance(node, list):
        raise RuleViolation(R_FIX, f"{where}: {'/'.join(map(str, path))} is not a zone of cards (a list)")
    return node


def _matches(item: Any, card: str) -> bool:
    return item == card or (isinstance(item, dict) and card in (item.get("card"), item.get("id")))


def _take(state: State, zones: Any, card: str, place: Mapping[str, Any], where: str) -> Any:
    if "pile" in place:
        if zones is None or place["pile"] not in zones.z["piles"]:
            raise RuleViolation(R_FIX, f"{where}: no face-down pile {place['pile']!r}")
        try:
            return zones.take(place["pile"], card, R_FIX)
        except RuleViolation:
            raise RuleViolation(R_FIX, f"{where}: {card!r} is not in {place['pile']}") from None
    zone = _resolve(state, place["path"], where)
    for i, item in enumerate(zone):
        if _matches(item, card):
            return zone.pop(i)
    raise RuleViolation(R_FIX, f"{where}: {card!r} is not in {'/'.join(map(str, place['path']))}")


def _put(state: State, zones: Any, item: Any, place: Mapping[str, Any], where: str) -> None:
    if "pile" in place:
        if zones is None or place["pile"] not in zones.z["piles"]:
            raise RuleViolation(R_FIX, f"{where}: no face-down pile {place['pile']!r}")
        if not isinstance(item, str):
            raise RuleViolation(R_FIX, f"{where}: a pile holds cards, not {type(item).__name__}s")
        zones.put(place["pile"], item, end=place.get("end", "top"))
        return
    _resolve(state, place["path"], where).append(item)


# -- what each perspective reads -------------------------------------------------------------

def _sees_question(case: Mapping[str, Any], perspective: str) -> bool:
    return perspective == OMNISCIENT or perspective == case["caller"]


def summary(judge: Mapping[str, Any], perspective: str) -> dict[str, Any]:
    """The judging part of a view: what is open, the cases, the penalties (public), the
    questions only to their caller and the judges (a question may name a hidden card)."""
    cases = [{"n": c["n"], "step": c["step"], "caller": c["caller"], "status": c["status"],
              "question": c["question"] if _sees_question(c, perspective) else None,
              "rulings": [{k: r[k] for k in ("seq", "answer", "rule", "role", "stands")} for r in c["rulings"]],
              "appeals": len(c["appeals"])}
             for c in judge["cases"]]
    return {"open": judge["open"], "paused": judge["open"] is not None, "cases": cases,
            "superseded": list(judge["superseded"]), "penalties": list(judge["penalties"]),
            "result": judge["result"]}


def redact(command: Command, perspective: str) -> Command:
    """A judge entry as ``perspective`` reads it: a fix's cards and a question are the
    judges' (and the caller's) alone."""
    if perspective == OMNISCIENT:
        return command
    if command["type"] == "fix":
        return {**command, "moves": [{**m, "card": "?"} for m in command["moves"]]}
    if command["type"] == "judge_call" and command["caller"] != perspective:
        return {**command, "question": None}
    return command


def describe(command: Command, after: State, perspective: str) -> str:
    """One move-list line for a judge entry."""
    kind = command["type"]
    judge = layer(after) or {}
    if kind == "judge_call":
        n = judge["cases"][-1]["n"] if judge.get("cases") else "?"
        text = f"Judge call (case {n}) by {command['caller']} at step {command['step']}"
        return text + (f": {command['question']}" if redact(command, perspective)["question"] else "")
    if kind == "ruling":
        head = "Head judge ruling" if command["role"] in HEAD else "Ruling"
        return f"{head} on case {command['case']} [{command['rule']}]: {command['answer']}"
    if kind == "backup":
        span = judge["superseded"][-1] if judge.get("superseded") else {"from": "?", "to": "?"}
        return f"Backup to step {command['to']} (steps {span['from']}–{span['to']} superseded)"
    if kind == "fix":
        moves = redact(command, perspective)["moves"]
        shown = "; ".join(f"{m['card']} {_place(m['from'])} → {_place(m['to'])}" for m in moves)
        return f"Fix: {shown}"
    if kind == "penalty":
        return f"Penalty for {command['seat']}: {command['penalty'].replace('_', ' ')} ({command['infraction']})"
    return f"Appeal of case {command['case']} by {command['caller']}: {command['reason']}"


def _place(place: Mapping[str, Any]) -> str:
    if "pile" in place:
        return f"{place['pile']} ({place.get('end', 'top')})"
    return "/".join(map(str, place["path"]))

