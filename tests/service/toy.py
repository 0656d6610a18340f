"""A tiny test-only game, so the store's tests depend on no real game module.

"tally": two or three seats add 1..9 to a shared total; 7 is forbidden ("toy/seven");
the game ends when the total reaches the ``target`` option (default 60) or a seat resigns. Each seat
has a secret "hand" dealt from the seed and a ``note`` command naming a card that only
its own seat (and the omniscient view) may read, so redaction is exercised too.
"""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from replays.errors import RuleViolation
from replays.rng import Rng
from replays.rules import OMNISCIENT, Outcome, RulesBase, seat_ids

SEATS = ["p1", "p2", "p3"]


class AddSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["add"]))
    seat = fields.String(required=True, validate=validate.OneOf(SEATS))
    n = fields.Integer(strict=True, required=True, validate=validate.Range(1, 9))


class NoteSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["note"]))
    seat = fields.String(required=True, validate=validate.OneOf(SEATS))
    card = fields.String(required=True, validate=validate.Length(1, 20))


class ResignSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["resign"]))
    seat = fields.String(required=True, validate=validate.OneOf(SEATS))


class OptionsSchema(Schema):
    target = fields.Integer(strict=True, load_default=60, validate=validate.Range(1, 10**9))


class Tally(RulesBase):
    id = "tally"
    title = "Tally (test game)"
    seats = (2, 3)
    commands = {"add": AddSchema(), "note": NoteSchema(), "resign": ResignSchema()}
    options_schema = OptionsSchema()

    def __init__(self, version: int = 1):
        self.version = version

    def cardset_ref(self, options: Any) -> dict[str, str]:
        return {"id": "tally-none", "digest": "0" * 64}

    def setup(self, options: Any, seed: str, players: int) -> dict[str, Any]:
        hands = {s: Rng(seed, f"hand/{s}").shuffle(range(10))[:3] for s in seat_ids(players)}
        return {"step": 0, "players": players, "total": 0, "target": options.get("target", 60),
                "hands": hands, "notes": [], "resigned": None, "last": None}

    def check(self, state: dict[str, Any], command: dict[str, Any]) -> None:
        if command["seat"] not in seat_ids(state["players"]):
            raise RuleViolation("toy/seats", f"no seat {command['seat']} in this game")
        if command["type"] == "add" and command["n"] == 7:
            raise RuleViolation("toy/seven", "seven may not be added")

    def apply(self, state: dict[str, Any], command: dict[str, Any]) -> dict[str, Any]:
        new = dict(state, step=state["step"] + 1, last=command["seat"])
        if command["type"] == "add":
            new["total"] = state["total"] + command["n"]
        elif command["type"] == "note":
            new["notes"] = [*state["notes"], {"seat": command["seat"], "card": command["card"]}]
        else:
            new["resigned"] = command["seat"]
        return new

    def legal(self, state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
        return [{"type": "add", "seat": seat, "n": n} for n in (1, 2, 3)]

    def to_act(self, state: dict[str, Any]) -> tuple[str, ...]:
        return tuple(seat_ids(state["players"]))

    def view(self, state: dict[str, Any], perspective: str) -> dict[str, Any]:
        if perspective == OMNISCIENT:
            return dict(state, to_act=list(self.to_act(state)))
        return dict(state, to_act=list(self.to_act(state)), hands={s: (h if s == perspective else len(h)) for s, h in state["hands"].items()},
                    notes=[n if n["seat"] == perspective else {"seat": n["seat"], "card": "?"} for n in state["notes"]])

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["resigned"]:
            return Outcome(tuple(s for s in seat_ids(state["players"]) if s != state["resigned"]), "resigned")
        if state["total"] >= state["target"]:
            return Outcome((state["last"],), "target reached", scores={"total": state["total"]})
        return None

    def redact(self, state: dict[str, Any], command: dict[str, Any], perspective: str) -> dict[str, Any]:
        if command["type"] == "note" and perspective not in (OMNISCIENT, command["seat"]):
            return dict(command, card="?")
        return command

    def describe(self, state: dict[str, Any], command: dict[str, Any], perspective: str) -> str:
        shown = self.redact(state, command, perspective)
        if shown["type"] == "add":
            return f"{shown['seat']} adds {shown['n']} (total {state['total'] + shown['n']})"
        if shown["type"] == "note":
            return f"{shown['seat']} notes {shown['card']}"
        return f"{shown['seat']} resigns"

    def turn(self, state: dict[str, Any]) -> int:
        return state["step"] // state["players"] + 1


TALLY = Tally()
GAMES = {"tally": TALLY}


def lookup(game: str) -> Tally:
    """A registry of the one toy game (KeyError for anything else, like the real one)."""
    return GAMES[game]
