"""A tiny test-only game for the core's tests: hidden draws, public banking, a finite deck.

Rules: a deck of the numbers 1..8 shuffled from the seed. On your turn either ``draw``
(top card to your hidden hand) or ``bank`` one card from your hand (scored publicly); with neither possible, ``pass``.
Banking a card you do not hold is illegal. When the deck and both hands are empty the
higher score wins. Small enough to reason about, rich enough to exercise views,
redaction, snapshots and verification without depending on a real game module.
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from replays.errors import RuleViolation
from replays.rng import Rng
from replays.rules import Outcome, RulesBase, seat_ids


class _Base(Schema):
    type = fields.String(required=True)
    seat = fields.String(required=True, validate=validate.OneOf(["p1", "p2"]))


class DrawSchema(_Base):
    pass


class BankSchema(_Base):
    card = fields.Integer(required=True, strict=True)


class OptionsSchema(Schema):
    deck_order = fields.List(fields.Integer(strict=True), load_default=None)


class Toy(RulesBase):
    id = "toy"
    version = 1
    title = "Toy"
    seats = (2,)
    commands = {"draw": DrawSchema(), "bank": BankSchema(), "pass": DrawSchema()}
    options_schema = OptionsSchema()

    def cardset_ref(self, options):
        return {"id": "toy-1-8", "digest": "0" * 64}

    def setup(self, options, seed, players):
        deck = options.get("deck_order") or Rng(seed, "setup/deck").shuffle(range(1, 9))
        return {"step": 0, "turn": 1, "active": "p1", "deck": list(deck),
                "hands": {"p1": [], "p2": []}, "scores": {"p1": 0, "p2": 0}}

    def check(self, state, command):
        if self.outcome(state) is not None:
            raise RuleViolation("終了", "the game is over")
        if command["seat"] != state["active"]:
            raise RuleViolation("手番", f"it is {state['active']}'s turn")
        if command["type"] == "draw" and not state["deck"]:
            raise RuleViolation("ドロー", "the deck is empty")
        if command["type"] == "pass" and (state["deck"] or state["hands"][command["seat"]]):
            raise RuleViolation("パス", "a pass is allowed only with nothing to draw or bank")
        if command["type"] == "bank" and command["card"] not in state["hands"][command["seat"]]:
            raise RuleViolation("バンク", f"{command['card']} is not in {command['seat']}'s hand")

    def apply(self, state, command):
        seat = command["seat"]
        hands = dict(state["hands"])
        scores = dict(state["scores"])
        deck = state["deck"]
        if command["type"] == "pass":
            pass
        elif command["type"] == "draw":
            hands[seat] = [*hands[seat], deck[0]]
            deck = deck[1:]
        else:
            hand = list(hands[seat])
            hand.remove(command["card"])
            hands[seat] = hand
            scores[seat] += command["card"]
        other = "p2" if seat == "p1" else "p1"
        return {**state, "step": state["step"] + 1, "turn": state["turn"] + (seat == "p2"),
                "active": other, "deck": deck, "hands": hands, "scores": scores}

    def legal(self, state, seat):
        if self.outcome(state) is not None or seat != state["active"]:
            return []
        out = [{"type": "draw", "seat": seat}] if state["deck"] else []
        out += [{"type": "bank", "seat": seat, "card": c} for c in state["hands"][seat]]
        return out or [{"type": "pass", "seat": seat}]

    def to_act(self, state):
        if self.outcome(state) is not None:
            return ()
        return (state["active"],)

    def view(self, state, perspective):
        hands = {s: (h if perspective in (s, "omniscient") else {"count": len(h)})
                 for s, h in state["hands"].items()}
        out = {"step": state["step"], "active": state["active"], "hands": hands, "to_act": list(self.to_act(state)),
               "scores": state["scores"], "deck_count": len(state["deck"])}
        if perspective == "omniscient":
            out["deck"] = state["deck"]
        return out

    def outcome(self, state):
        if state["deck"] or any(state["hands"].values()):
            return None
        a, b = state["scores"]["p1"], state["scores"]["p2"]
        if a == b:
            return Outcome((), "equal scores", draw=True, scores=state["scores"])
        return Outcome(("p1",) if a > b else ("p2",), "higher score", scores=state["scores"])

    def turn(self, state):
        return state["turn"]


TOY = Toy()


def lookup(game_id: str):
    if game_id != "toy":
        raise KeyError(game_id)
    return TOY


SEATS = seat_ids(2)
