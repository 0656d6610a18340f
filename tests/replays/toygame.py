"""A tiny test-only game on the kit: hidden draws, public banking, a finite deck.

Rules: a face-down deck of the cards c1..c8 (worth 1..8). On your turn either ``draw``
(the top card to your hidden hand: a chance event) or ``bank`` one card from your hand
(scored publicly); with neither possible, ``pass``. Banking a card you do not hold is
illegal. When the deck and both hands are empty the higher score wins. Small enough to
reason about, rich enough to exercise views, redaction, snapshots, verification and all
three tables without depending on a real game module. It is the smallest example of
the layout ``replays/games/README.md`` describes, in one file.
"""
from __future__ import annotations

from marshmallow import Schema, fields

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import CardSetSchema, Commands, Game, is_token
from kifu.replays.kit.cardset import load
from kifu.replays.rules import Outcome, seat_ids

# -- commands (the stored contract) ------------------------------------------------------
COMMANDS = Commands(seat_pattern=r"^p[12]$")
COMMANDS.define("draw")
COMMANDS.define("bank", card=fields.String(required=True))
COMMANDS.define("pass")


# -- cards ---------------------------------------------------------------------------
class ToyCards(CardSetSchema):
    cards = fields.List(fields.Dict(), required=True)

    def index(self, loaded):
        return {c["id"]: c for c in loaded["cards"]}


CARDS = {"id": "toy-1-8", "title": "Toy 1..8",
         "cards": [{"id": f"c{i}", "name": f"{i}", "value": i} for i in range(1, 9)]}


# -- rules -------------------------------------------------------------------------------
def _other(seat):
    return "p2" if seat == "p1" else "p1"


def _end_turn(t, seat):
    t.s["active"] = _other(seat)
    t.s["turn"] += seat == "p2"


@COMMANDS.implements("draw")
class Draw:
    def check(self, t, cmd):
        if t.zones.size("deck") == 0:
            raise RuleViolation("ドロー", "the deck is empty")

    def apply(self, t, cmd):
        seat = cmd["seat"]
        t.s["hands"][seat].append(t.zones.draw("deck", "draw", "ドロー", visible=(seat,)))
        _end_turn(t, seat)

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: draw"


@COMMANDS.implements("bank")
class Bank:
    def check(self, t, cmd):
        if not t.zones.holds(t.s["hands"][cmd["seat"]], cmd["card"]):
            raise RuleViolation("バンク", f"{cmd['card']} is not in {cmd['seat']}'s hand")

    def apply(self, t, cmd):
        seat, card = cmd["seat"], cmd["card"]
        hand = t.s["hands"][seat]
        item = card if card in hand else next(i for i in hand if t.zones.could_be(i, card))
        t.zones.reveal(item, card, "bank", "バンク")
        hand.remove(item)
        t.s["scores"][seat] += t.cs.card(card)["value"]
        _end_turn(t, seat)

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: bank {cmd['card']}"


@COMMANDS.implements("pass")
class Pass:
    def check(self, t, cmd):
        if t.zones.size("deck") or t.s["hands"][cmd["seat"]]:
            raise RuleViolation("パス", "a pass is allowed only with nothing to draw or bank")

    def apply(self, t, cmd):
        _end_turn(t, cmd["seat"])

    def label(self, t, cmd, seat):
        return f"{cmd['seat']}: pass"


COMMANDS.complete()


class OptionsSchema(Schema):
    pass


class Toy(Game):
    id = "toy"
    version = 2
    title = "Toy"
    seats = (2,)
    COMMANDS = COMMANDS
    options_schema = OptionsSchema()
    cardset_schema = ToyCards()
    default_cardset = "toy-1-8"

    def demo_cardsets(self):
        return [load(self.cardset_schema, CARDS)]

    def deal(self, t, options, players):
        t.zones.add_pile("deck", sorted(t.cs.cards))
        t.s.update(turn=1, active="p1", hands={"p1": [], "p2": []}, scores={"p1": 0, "p2": 0})

    def precheck(self, t, cmd):
        if self.outcome(t.s) is not None:
            raise RuleViolation("終了", "the game is over")
        if cmd["seat"] != t.s["active"]:
            raise RuleViolation("手番", f"it is {t.s['active']}'s turn")
        return False

    def legal_commands(self, state, seat):
        if self.outcome(state) is not None or seat != state["active"]:
            return []
        out = [{"type": "draw", "seat": seat}] if state["zones"]["piles"]["deck"]["size"] else []
        hand = state["hands"][seat]
        cards = sorted({c for i in hand for c in self.context(state, self.cardset).zones.possible(i)})
        out += [{"type": "bank", "seat": seat, "card": c} for c in cards]
        return out or [{"type": "pass", "seat": seat}]

    def to_act(self, state):
        if self.outcome(state) is not None:
            return ()
        return (state["active"],)

    def view(self, state, perspective):
        hands = {s: (h if perspective in (s, "omniscient") else {"count": len(h)})
                 for s, h in state["hands"].items()}
        out = {"step": state["step"], "active": state["active"], "hands": hands, "to_act": list(self.to_act(state)),
               "scores": state["scores"], "deck_count": state["zones"]["piles"]["deck"]["size"]}
        if perspective == "omniscient":
            out["deck"] = state["zones"]["piles"]["deck"]["unseen"]
            out["unknown"] = sorted(i for h in state["hands"].values() for i in h if is_token(i))
        return out

    def outcome(self, state):
        if state["zones"]["piles"]["deck"]["size"] or any(state["hands"].values()):
            return None
        a, b = state["scores"]["p1"], state["scores"]["p2"]
        if a == b:
            return Outcome((), "equal scores", draw=True, scores=state["scores"])
        return Outcome(("p1",) if a > b else ("p2",), "higher score", scores=state["scores"])

    def describe(self, before, command, after, perspective):
        shown = self.redact(before, command, after, perspective)
        if command["type"] == "draw":
            card = (shown.get("outcomes") or [None])[0]
            drawn = after["hands"][command["seat"]][-1]
            if perspective in (command["seat"], "omniscient") and not is_token(drawn):
                card = drawn
            return f"{command['seat']} draw" + (f" {card}" if card else "")
        return self.label(before, {k: v for k, v in command.items() if k != "outcomes"}, command["seat"])

    def turn(self, state):
        return state["turn"]


TOY_RULES = Toy()
TOY = TOY_RULES.bind(TOY_RULES.demo_cardsets()[0])


def lookup(header):
    if header["game"] != "toy":
        raise KeyError(header["game"])
    return TOY


SEATS = seat_ids(2)
