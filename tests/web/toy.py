"""A tiny two-seat card game on the kit for the web tests, independent of the real games.

Each seat holds a hidden hand (two cards dealt at setup); on its turn a seat draws from
the face-down deck (phase "draw"), then plays one card face up (phase "play"). After
``rounds`` plays each, the higher total wins. It has what the viewer and the table must
handle: hidden hands, turns, phases, a rule section in every violation, chance at setup
and in a command (so every table kind: a physical deal and draws stated by the recorder,
an observed table's unknown tokens and their reveals), and an arbitrarily long log
(``rounds`` up to 1000 -> 4 commands per round). Its layout is tests/replays/toygame.py's.
"""
from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, fields, validate

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import CardSetSchema, Commands, Game, check_deck, is_token
from kifu.replays.kit.cardset import load
from kifu.replays.rules import OMNISCIENT, Outcome

SEATS = ("p1", "p2")
R_PHASE = "フェイズ"
R_PLAY = "プレイフェイズ"

# -- commands (the stored contract) ------------------------------------------------------
COMMANDS = Commands(seat_pattern=r"^p[12]$")
COMMANDS.define("draw")
COMMANDS.define("play", card=fields.String(required=True, validate=validate.Length(min=1, max=16)))


# -- cards ---------------------------------------------------------------------------------
class ToyCards(CardSetSchema):
    cards = fields.List(fields.Dict(), required=True)

    def index(self, loaded):
        return {c["id"]: c for c in loaded["cards"]}


NAMES = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三")
CARDS = {"id": "toy-numbers", "title": "Toy numbers 1..13",
         "cards": [{"id": f"n{i}", "name": NAMES[i - 1], "number": str(i), "value": i} for i in range(1, 14)]}


def deck_size(rounds: int, draws: int) -> int:
    """2 dealt to each hand, ``draws`` drawn before each play."""
    return 2 * rounds * draws + 4


def default_deck(rounds: int, draws: int = 1) -> list[str]:
    """Enough cards for ``rounds``: 1..13 over and over."""
    return [f"n{i % 13 + 1}" for i in range(deck_size(rounds, draws))]


class OptionsSchema(Schema):
    class Meta:
        unknown = RAISE

    rounds = fields.Integer(strict=True, load_default=3, validate=validate.Range(1, 1000))
    #: cards one draw brings (each a chance event of the one command: asked for in turn)
    draws = fields.Integer(strict=True, load_default=1, validate=validate.Range(1, 3))
    #: the cards actually in the deck (a physical table's deck check); default: default_deck(rounds)
    deck = fields.List(fields.String(), load_default=None, validate=validate.Length(max=2010),
                       metadata={"description": "deck list: the deck's card ids"})


# -- rules ---------------------------------------------------------------------------------
def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def _in_turn(t, cmd):
    s = t.s
    if cmd["seat"] != s["active"]:
        raise RuleViolation("ターン", f"it is {s['active']}'s turn, not {cmd['seat']}'s")
    if cmd["type"] != s["phase"]:
        raise RuleViolation(f"{R_PHASE}/{s['phase']}", f"{cmd['type']} is not allowed in the {s['phase']} phase")


@COMMANDS.implements("draw")
class Draw:
    def check(self, t, cmd):
        _in_turn(t, cmd)
        if t.zones.size("deck") == 0:
            raise RuleViolation("ドロー", "the deck is empty")

    def apply(self, t, cmd):
        seat = cmd["seat"]
        for _ in range(t.s.get("draws", 1)):
            t.s["hands"][seat].append(t.zones.draw("deck", "draw", "ドロー", visible=(seat,)))
        t.s["phase"] = "play"

    def label(self, t, cmd, seat):
        return f"{cmd['seat']} draws" + (f" {t.s['draws']}" if t.s.get("draws", 1) > 1 else "")


@COMMANDS.implements("play")
class Play:
    def check(self, t, cmd):
        _in_turn(t, cmd)
        if not t.zones.holds(t.s["hands"][cmd["seat"]], cmd["card"]):
            raise RuleViolation(R_PLAY, f"card {cmd['card']} is not in {cmd['seat']}'s hand")

    def apply(self, t, cmd):
        seat, card = cmd["seat"], cmd["card"]
        hand = t.s["hands"][seat]
        item = card if card in hand else next(i for i in hand if t.zones.could_be(i, card))
        t.zones.reveal(item, card, "play", R_PLAY)
        hand.remove(item)
        t.s["played"][seat].append(card)
        t.s["phase"] = "draw"
        t.s["active"] = other(seat)
        t.s["turn"] += seat == "p2"

    def label(self, t, cmd, seat):
        return f"{cmd['seat']} plays {t.cs.name(cmd['card'])}"


COMMANDS.complete()


class Toy(Game):
    id = "toy"
    version = 2
    title = "Toy cards"
    seats = (2,)
    COMMANDS = COMMANDS
    options_schema = OptionsSchema()
    cardset_schema = ToyCards()
    default_cardset = "toy-numbers"

    def demo_cardsets(self):
        return [load(self.cardset_schema, CARDS)]

    def deal(self, t, options, players):
        rounds, draws = options.get("rounds", 3), options.get("draws", 1)
        deck = options.get("deck") or default_deck(rounds, draws)
        check_deck(deck, t.cs.cards, "準備", size=deck_size(rounds, draws))
        t.zones.add_pile("deck", deck)
        hands: dict[str, list[str]] = {"p1": [], "p2": []}
        for _ in range(2):
            for seat in SEATS:
                hands[seat].append(t.zones.draw("deck", "deal", "準備", visible=(seat,)))
        t.s.update(hands=hands, played={"p1": [], "p2": []}, active="p1", phase="draw", turn=1, rounds=rounds)
        if draws > 1:  # only then, so that a one-card game's states stay as they were
            t.s["draws"] = draws

    def precheck(self, t, cmd):
        if self.outcome(t.s) is not None:
            raise RuleViolation("終了", "the game is over")
        return False

    def legal_commands(self, state, seat):
        if self.outcome(state) is not None or seat != state["active"]:
            return []
        if state["phase"] == "draw":
            return [{"type": "draw", "seat": seat}]
        zones = self.context(state, self.cardset).zones
        return [{"type": "play", "seat": seat, "card": c} for c in zones.candidates(state["hands"][seat])]

    def to_act(self, state):
        return () if self.outcome(state) is not None else (state["active"],)

    def view(self, state, perspective):
        hands: dict[str, Any] = {}
        for seat in SEATS:
            if perspective in (seat, OMNISCIENT):
                hands[seat] = {"cards": list(state["hands"][seat])}
            else:
                hands[seat] = {"count": len(state["hands"][seat])}
        # Played cards are a face-up pile: its size, its total and the top few cards.
        values = {seat: [self.cardset.card(c)["value"] for c in cards] for seat, cards in state["played"].items()}
        played = {seat: {"count": len(cards), "total": sum(values[seat]), "top": cards[-3:][::-1]}
                  for seat, cards in state["played"].items()}
        zones = state["zones"]
        seen = {tok for seat in SEATS if perspective in (seat, OMNISCIENT)
                for tok in state["hands"][seat] if is_token(tok)}
        out = {"turn": state["turn"], "phase": state["phase"], "active": state["active"],
               "deck": zones["piles"]["deck"]["size"], "hands": hands, "played": played,
               "to_act": list(self.to_act(state))}
        if state["table"] == "observed":
            out["unknown"] = {tok: {"since": zones["tokens"][tok]["step"], "how": zones["tokens"][tok]["how"]}
                              for tok in sorted(seen, key=lambda x: int(x[1:]))}
            out["revealed"] = [dict(r) for r in zones["revealed"]]
        return out

    def outcome(self, state):
        if len(state["played"]["p2"]) < state["rounds"]:
            return None
        totals = {s: sum(self.cardset.card(c)["value"] for c in state["played"][s]) for s in SEATS}
        if totals["p1"] == totals["p2"]:
            return Outcome((), "equal totals", draw=True, scores=totals)
        return Outcome((max(totals, key=totals.get),), "higher total", scores=totals)

    def describe(self, before, command, after, perspective):
        seat = command["seat"]
        if command["type"] == "draw":
            drawn = after["hands"][seat][len(before["hands"][seat]):]
            if perspective in (seat, OMNISCIENT):
                return f"{seat} draws " + "、".join("an unseen card" if is_token(c) else self.cardset.name(c)
                                                   for c in drawn)
            return f"{seat} draws" + (f" {len(drawn)}" if len(drawn) > 1 else "")
        return f"{seat} plays {self.cardset.name(command['card'])}"

    def turn(self, state):
        return state["turn"]

    def phase(self, state):
        return state["phase"]


RULES = Toy()
#: the toy bound to its one card set (what the web tests' lookup serves)
BOUND = RULES.bind(RULES.demo_cardsets()[0])
