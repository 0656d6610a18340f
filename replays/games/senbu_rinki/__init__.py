"""千舞鱗鬼さがし (Senbu Rinki Sagashi): a hidden-role game for 4 to 10 players.

Rulebook: ../shared/rules/senbu-rinki-sagashi.md. Reading order: ``cards`` (sword cards
and the skill vocabulary) → ``roles`` (role table and 山札) → ``state`` (setup) →
``rules`` (check/apply) → ``view`` → ``describe``.

Rulings where the rulebook is silent (each is a choice a judge can read here):

- Seats ``p1``..``pN`` sit in order; the 左隣 of ``pK`` is ``pK+1``, so turns and the
  近侍 token go p1 → p2 → … → pN → p1.
- Role cards dealt per player count and the box they come from (``roles.ROLE_TABLE``,
  ``roles.DEFAULT_BOX``) are assumptions: the 取扱説明書 is not available. The 山札 is
  the box minus the dealt cards.
- 一騎討ち: the nominee looks at the whole 山札 (its view lists it while choosing; later
  it keeps the make-up). The chosen card is shown to all when the guess is judged and
  goes back to its place in the 山札. An empty 山札 makes a 一騎討ち impossible.
- A 技能 that raises fatigue stops at red and never eliminates (【脱落】 names attacks only).
  A non-近侍 at red who uses a 技能 is eliminated after it, whatever the 技能 did to its
  own fatigue; the role stays face down (unless it is the 審神者).
- A player who loses its 手番 to a 技能 keeps lying sideways until its next real 手番.
- An eliminated player's 刀装 stay on its face-down card (not returned to the centre).
- When the game ends every role is turned up: the winners are named by seat, which tells
  every side anyway.
- ④審神者の勝利宣言: nobody says "no declaration". When a 周 ends the 近侍 token passes
  left at once and a declaration window opens until the new 近侍's first action (which
  closes it: the 審神者 stayed silent). Meanwhile the 審神者 may post ``declare_victory``;
  it is refused at any other time, and from any other seat.
- Random play ends with probability 1 (the 審神者 may declare after every 周), so there is
  no round cap.

``RULES.to_act`` is server-internal and omniscient: while the window is open it names the
new 近侍 *and the 審神者*, so it must never be shown to anyone but a judge. Anything shown
to a viewer (a board, a "waiting for" line, a recording table of a player's seat) must use
``RULES.view(state, perspective)["to_act"]``, which names the 審神者 only to itself and to
the omniscient perspective. Every command's seat and every record entry's ``actor`` is a
seat the table saw act (or the 審神者 declaring, which reveals it anyway).

>>> from replays.games.senbu_rinki import RULES
>>> state = RULES.setup(RULES.options_schema.load({}), "seed", 6)
>>> RULES.to_act(state) == (state["kinji"],)
True
>>> while state["round"] == 1:  # everybody's first legal command, until the 周 ends
...     state = RULES.apply(state, RULES.legal(state, state["current"])[0])
>>> hidden = next(s for s, r in state["roles"].items() if r == "saniwa")
>>> RULES.to_act(state) == (state["kinji"], hidden) or hidden == state["kinji"]
True
>>> RULES.view(state, "public")["to_act"] == [state["kinji"]]
True
>>> {"type": "declare_victory", "seat": hidden} in RULES.legal(state, hidden)
True
"""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import Schema, fields, validate

from replays.rules import Command, Outcome, RulesBase, State

from . import cards, describe as _describe, rules as _rules, state as _state, view as _view
from .roles import GUESSES, ROLES

SEAT = validate.Regexp(r"^p([1-9]|10)$")


class _Command(Schema):
    type = fields.String(required=True)
    seat = fields.String(required=True, validate=SEAT)


class SkillSchema(_Command):
    target = fields.String(validate=SEAT)


class AttackSchema(_Command):
    target = fields.String(required=True, validate=SEAT)
    #: extra attacks bought with own 刀装, declared before attacking (攻撃)
    extra = fields.Integer(strict=True, validate=validate.Range(min=0, max=20))


class StrikeSchema(_Command):
    choice = fields.String(required=True, validate=validate.OneOf(["look", "fatigue"]))


class TargetSchema(_Command):
    target = fields.String(required=True, validate=SEAT)


class ChooseCardSchema(_Command):
    index = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=100))


class GuessSchema(_Command):
    role = fields.String(required=True, validate=validate.OneOf(list(GUESSES)))


_ROLE_COUNTS = fields.Dict(keys=fields.String(validate=validate.OneOf(ROLES)),
                           values=fields.Integer(strict=True, validate=validate.Range(min=0, max=20)),
                           allow_none=True, load_default=None)


class OptionsSchema(Schema):
    """Setup options; every default is what a table without special agreements plays."""

    cardset = fields.String(load_default="demo")
    #: sword names per seat (各自好きな刀剣カードを選びます); default: shuffled and dealt
    swords = fields.List(fields.String(), allow_none=True, load_default=None)
    #: 【６人以上時推奨カード】 when dealing from the seed: "auto" leaves them out at 5 or fewer players
    six_plus_swords = fields.String(load_default="auto", validate=validate.OneOf(["auto", "include", "exclude"]))
    #: role per seat, for judges reconstructing a table and for tests (this header is then not secret)
    roles = fields.List(fields.String(validate=validate.OneOf(ROLES)), allow_none=True, load_default=None)
    #: dealt role cards; default: roles.ROLE_TABLE for the player count
    role_counts = _ROLE_COUNTS
    #: the box's role cards; the undealt ones are the 山札; default: roles.DEFAULT_BOX
    role_box = fields.Dict(keys=fields.String(validate=validate.OneOf(ROLES)),
                           values=fields.Integer(strict=True, validate=validate.Range(min=0, max=30)),
                           allow_none=True, load_default=None)
    #: "seed" (drawn from the seed) or a seat id
    first_kinji = fields.String(load_default="seed", validate=validate.Regexp(r"^(seed|p([1-9]|10))$"))
    #: 選択ルール/刀装: None (unlimited tokens) or the number that exists (30)
    token_cap = fields.Integer(strict=True, allow_none=True, load_default=None, validate=validate.Range(min=0, max=200))


class SenbuRinki(RulesBase):
    """The ``Rules`` object for 千舞鱗鬼さがし."""

    id = "senbu_rinki"
    version = 1
    title = "千舞鱗鬼さがし"
    seats = (4, 5, 6, 7, 8, 9, 10)
    commands = {
        "skill": SkillSchema(),
        "attack": AttackSchema(),
        "strike": StrikeSchema(),
        "defend": _Command(),
        "duel": TargetSchema(),
        "choose_card": ChooseCardSchema(),
        "guess": GuessSchema(),
        "declare_victory": _Command(),
    }
    options_schema = OptionsSchema()

    def cardset_ref(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The sword card set the options name (default: the demo set).

        An unknown set gets an empty digest rather than an exception, so that a record
        naming one fails verification as a card-set mismatch (setup refuses it anyway).
        """
        name = options.get("cardset") or "demo"
        if isinstance(name, str) and name in cards.available():
            return cards.load(name).ref()
        return {"id": f"senbu_rinki/{name}", "digest": ""}

    def setup(self, options: Mapping[str, Any], seed: str, players: int) -> State:
        """Deal swords and roles from the seed; choose the first 近侍."""
        if players not in self.seats:
            raise ValueError(f"千舞鱗鬼さがし is for 4 to 10 players, not {players}")
        return _state.setup(options, seed, players)

    def check(self, state: State, command: Command) -> None:
        """Raise RuleViolation naming the rulebook section if ``command`` is illegal now."""
        _rules.check(state, command)

    def apply(self, state: State, command: Command) -> State:
        """The state after a checked command; the input is never mutated."""
        return _rules.apply(state, command)

    def legal(self, state: State, seat: str) -> list[Command]:
        """Every command ``seat`` may post now."""
        return _rules.legal(state, seat)

    def to_act(self, state: State) -> tuple[str, ...]:
        """Server-internal, omniscient: the seat(s) whose command is awaited.

        Right after a 周 this is the new 近侍 and (if another seat) the 審神者, who may
        declare victory: never show it to a viewer; use ``view(...)["to_act"]``.
        """
        return _rules.to_act(state)

    def view(self, state: State, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see."""
        return _view.view(state, perspective)

    def outcome(self, state: State) -> Outcome | None:
        """勝敗の決め方, once the game is over."""
        return _rules.outcome(state)

    def describe(self, state: State, command: Command, perspective: str) -> str:
        """A move-list line that names a looked-at role only to those who may know it."""
        return _describe.describe(state, command, perspective)

    def label(self, state: State, command: Command, seat: str) -> str:
        """The table's button: "p5 の役カードを見る", never the role the look will show."""
        return _describe.label(state, command, seat)

    def redact(self, state: State, command: Command, perspective: str) -> Command:
        """Hide a 一騎討ち nominee's card index from everyone else."""
        return _describe.redact(state, command, perspective)

    def turn(self, state: State) -> int:
        """The 周 (round) number."""
        return state["round"]

    def phase(self, state: State) -> str:
        """turn | strike | duel_card | duel_guess | over (the declaration window is part of "turn")."""
        return _rules.phase(state)


RULES = SenbuRinki()
