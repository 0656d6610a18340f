"""A tiny test-only game on the kit, so the store's tests depend on no real game module.

"tally": two or three seats add 1..9 to a shared total; 7 is forbidden ("toy/seven");
the game ends when the total reaches the ``target`` option (default 60) or a seat resigns.
Each seat has its own face-down deck (the digits of the card set, or the deck list its
``decks`` option registers) and a secret hand of three cards dealt from it at setup;
``draw`` takes the top card of the seat's deck into its hand. So setup and ``draw`` are
chance events, and the game runs at all three tables: a physical deal states six (or nine)
cards, an observed one may leave some unknown. A ``note`` command names a card that only
its own seat (and the omniscient view) may read, so redaction is exercised too.
"""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import CardSetSchema, Commands, Game, check_deck, is_token
from kifu.replays.kit.cardset import load
from kifu.replays.rules import OMNISCIENT, Outcome, seat_ids

SEATS = ["p1", "p2", "p3"]
HAND = 3

# -- commands (the stored contract) ----------------------------------------------------
COMMANDS = Commands(seat_pattern=r"^p[1-3]$")
COMMANDS.define("add", n=fields.Integer(strict=True, required=True, validate=validate.Range(1, 9)))
COMMANDS.define("note", card=fields.String(required=True, validate=validate.Length(1, 20)))
COMMANDS.define("draw")
COMMANDS.define("resign")


# -- cards ---------------------------------------------------------------------------
class TallyCards(CardSetSchema):
    cards = fields.List(fields.Dict(), required=True, validate=validate.Length(min=1))

    def index(self, loaded):
        return {c["id"]: c for c in loaded["cards"]}


DIGITS = {"id": "tally-digits", "title": "Tally digits",
          "cards": [{"id": f"k{i}", "name": f"{i}"} for i in range(10)]}


def deck(seat: str) -> str:
    return f"deck:{seat}"


# -- rules -------------------------------------------------------------------------------
@COMMANDS.implements("add")
class Add:
    def check(self, t, cmd):
        if cmd["n"] == 7:
            raise RuleViolation("toy/seven", "seven may not be added")

    def apply(self, t, cmd):
        t.s["total"] += cmd["n"]

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: add {cmd['n']}"


@COMMANDS.implements("note")
class Note:
    def check(self, t, cmd):
        pass

    def apply(self, t, cmd):
        t.s["notes"].append({"seat": cmd["seat"], "card": cmd["card"]})

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: note {cmd['card']}"


@COMMANDS.implements("draw")
class Draw:
    def check(self, t, cmd):
        if t.zones.size(deck(cmd["seat"])) == 0:
            raise RuleViolation("toy/draw", f"{cmd['seat']}'s deck is empty")

    def apply(self, t, cmd):
        seat = cmd["seat"]
        t.s["hands"][seat].append(t.zones.draw(deck(seat), "draw", "toy/draw", visible=(seat,)))

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: draw"


@COMMANDS.implements("resign")
class Resign:
    def check(self, t, cmd):
        pass

    def apply(self, t, cmd):
        t.s["resigned"] = cmd["seat"]

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: resign"


COMMANDS.complete()


class OptionsSchema(Schema):
    target = fields.Integer(strict=True, load_default=60, validate=validate.Range(1, 10**9))
    #: deck lists per seat (a physical table registers what is actually in play)
    decks = fields.Dict(keys=fields.String(validate=validate.OneOf(SEATS)),
                        values=fields.List(fields.String(), validate=validate.Length(max=60)))


class Tally(Game):
    id = "tally"
    title = "Tally (test game)"
    seats = (2, 3)
    COMMANDS = COMMANDS
    options_schema = OptionsSchema()
    cardset_schema = TallyCards()
    default_cardset = "tally-digits"

    def __init__(self, version: int = 2):
        self.version = version

    def demo_cardsets(self):
        return [load(self.cardset_schema, DIGITS)]

    def deal(self, t, options, players):
        seats = seat_ids(players)
        hands = {}
        for seat in seats:
            listed = (options.get("decks") or {}).get(seat)
            cards = sorted(t.cs.cards) if listed is None else listed
            t.zones.add_pile(deck(seat), check_deck(cards, t.cs.cards, "toy/decks", label=f"{seat}'s deck list"))
        for seat in seats:
            hands[seat] = [c for c in (t.zones.draw(deck(seat), "deal", "toy/deal", visible=(seat,))
                                       for _ in range(HAND)) if c is not None]
        t.s.update(players=players, total=0, target=options.get("target", 60), hands=hands, notes=[],
                   resigned=None, last=None)

    def precheck(self, t, cmd):
        if cmd["seat"] not in seat_ids(t.s["players"]):
            raise RuleViolation("toy/seats", f"no seat {cmd['seat']} in this game")
        return False

    def after(self, t, cmd):
        t.s["last"] = cmd["seat"]

    def legal_commands(self, state, seat):
        out = [{"type": "add", "seat": seat, "n": n} for n in (1, 2, 3)]
        if state["zones"]["piles"][deck(seat)]["size"]:
            out.append({"type": "draw", "seat": seat})
        return out

    def to_act(self, state):
        return () if self.outcome(state) is not None else tuple(seat_ids(state["players"]))

    def view(self, state, perspective):
        seats = seat_ids(state["players"])
        sees = {s: perspective in (s, OMNISCIENT) for s in seats}
        out = {
            "step": state["step"], "players": state["players"], "total": state["total"], "target": state["target"],
            "resigned": state["resigned"], "last": state["last"], "to_act": list(self.to_act(state)),
            "hands": {s: (list(h) if sees[s] else len(h)) for s, h in state["hands"].items()},
            "notes": [n if sees[n["seat"]] else {"seat": n["seat"], "card": "?"} for n in state["notes"]],
            "decks": {s: state["zones"]["piles"][deck(s)]["size"] for s in seats},
        }
        if perspective == OMNISCIENT:
            out["unknown"] = sorted(i for h in state["hands"].values() for i in h if is_token(i))
        return out

    def outcome(self, state):
        if state["resigned"]:
            return Outcome(tuple(s for s in seat_ids(state["players"]) if s != state["resigned"]), "resigned")
        if state["total"] >= state["target"]:
            return Outcome((state["last"],), "target reached", scores={"total": state["total"]})
        return None

    def redact(self, before, command, after, perspective):
        shown = super().redact(before, command, after, perspective)
        if command["type"] == "note" and perspective not in (OMNISCIENT, command["seat"]):
            return dict(shown, card="?")
        return shown

    def describe(self, before, command, after, perspective):
        shown = self.redact(before, command, after, perspective)
        seat = shown["seat"]
        if shown["type"] == "add":
            return f"{seat} adds {shown['n']} (total {after['total']})"
        if shown["type"] == "note":
            return f"{seat} notes {shown['card']}"
        if shown["type"] == "draw":
            drawn = after["hands"][seat][-1]
            seen = perspective in (seat, OMNISCIENT) and not is_token(drawn)
            return f"{seat} draws" + (f" {self.outcome_name(drawn)}" if seen else "")
        return f"{seat} resigns"

    def turn(self, state):
        return state["step"] // state["players"] + 1


RULES = Tally()  #: unbound, as a registry holds it
TALLY = RULES.bind(RULES.demo_cardsets()[0])  #: bound to its one card set
GAMES = [RULES]


def games() -> list[Tally]:
    """The games a test MatchService knows (``MatchService(games=...)``)."""
    return list(GAMES)


def lookup(header: Any) -> Tally:
    """Bound rules for a tally header (KeyError for any other game, like the registry)."""
    if header["game"] != "tally":
        raise KeyError(header["game"])
    return TALLY
