"""A tiny two-seat card game for the web tests, independent of the real game modules.

Each seat holds a hidden hand; on its turn a seat draws (phase "draw"), then plays one
card face up (phase "play"). After ``rounds`` plays each, the higher total wins. It has
what the viewer and table must handle: hidden hands, turns, phases, a rule section in
every violation, and an arbitrarily long log (``rounds`` up to 1000 -> 4 commands per
round).
"""
from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, fields, validate

from replays.errors import RuleViolation
from replays.rng import Rng
from replays.rules import OMNISCIENT, Outcome, RulesBase

SEATS = ("p1", "p2")


class _Command(Schema):
    class Meta:
        unknown = RAISE

    type = fields.String(required=True)
    seat = fields.String(required=True, validate=validate.OneOf(SEATS))


class DrawSchema(_Command):
    pass


class PlaySchema(_Command):
    card = fields.Integer(strict=True, required=True)


class OptionsSchema(Schema):
    class Meta:
        unknown = RAISE

    rounds = fields.Integer(strict=True, load_default=3, validate=validate.Range(1, 1000))


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


class Toy(RulesBase):
    id = "toy"
    version = 1
    title = "Toy cards"
    seats = (2,)
    commands = {"draw": DrawSchema(), "play": PlaySchema()}
    options_schema = OptionsSchema()

    def cardset_ref(self, options):
        return {"id": "toy-numbers", "digest": "0"}

    def setup(self, options, seed, players):
        rounds = options.get("rounds", 3)
        deck = Rng(seed, "toy/deck").shuffle(range(1, 2 * rounds + 7))
        return {"step": 0, "deck": deck[4:], "hands": {"p1": deck[:2], "p2": deck[2:4]},
                "played": {"p1": [], "p2": []}, "active": "p1", "phase": "draw", "turn": 1,
                "rounds": rounds}

    def check(self, state, command):
        seat = command["seat"]
        if self.outcome(state) is not None:
            raise RuleViolation("終了", "the game is over")
        if seat != state["active"]:
            raise RuleViolation("ターン", f"it is {state['active']}'s turn, not {seat}'s")
        if command["type"] != state["phase"]:
            raise RuleViolation(f"フェイズ/{state['phase']}", f"{command['type']} is not allowed in the {state['phase']} phase")
        if command["type"] == "play" and command["card"] not in state["hands"][seat]:
            raise RuleViolation("プレイフェイズ", f"card {command['card']} is not in {seat}'s hand")

    def apply(self, state, command):
        seat = command["seat"]
        hands = {s: list(h) for s, h in state["hands"].items()}
        played = {s: list(p) for s, p in state["played"].items()}
        new = dict(state, step=state["step"] + 1, hands=hands, played=played)
        if command["type"] == "draw":
            hands[seat].append(state["deck"][0])
            new["deck"] = state["deck"][1:]
            new["phase"] = "play"
        else:
            hands[seat].remove(command["card"])
            played[seat].append(command["card"])
            new["phase"] = "draw"
            new["active"] = other(seat)
            if seat == "p2":
                new["turn"] = state["turn"] + 1
        return new

    def legal(self, state, seat):
        if self.outcome(state) is not None or seat != state["active"]:
            return []
        if state["phase"] == "draw":
            return [{"type": "draw", "seat": seat}]
        return [{"type": "play", "seat": seat, "card": c} for c in sorted(state["hands"][seat])]

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
        played = {seat: {"count": len(cards), "total": sum(cards), "top": cards[-3:][::-1]}
                  for seat, cards in state["played"].items()}
        return {"turn": state["turn"], "phase": state["phase"], "active": state["active"],
                "deck": len(state["deck"]), "hands": hands, "played": played,
                "to_act": list(self.to_act(state))}

    def outcome(self, state):
        if len(state["played"]["p2"]) < state["rounds"]:
            return None
        totals = {s: sum(state["played"][s]) for s in SEATS}
        if totals["p1"] == totals["p2"]:
            return Outcome((), "equal totals", draw=True, scores=totals)
        return Outcome((max(totals, key=totals.get),), "higher total", scores=totals)

    def describe(self, state, command, perspective):
        if command["type"] == "draw":
            return f"{command['seat']} draws"
        return f"{command['seat']} plays {command['card']}"

    def turn(self, state):
        return state["turn"]

    def phase(self, state):
        return state["phase"]


RULES = Toy()
