"""The state of a HOLOdeLIVE game (plain JSON data) and the zone helpers the rules share.

Layout (``setup`` builds it; ``rules.apply`` returns a changed copy)::

    {"step": 0, "turn": 1, "active": "p1", "first": "p1", "phase": "draw",
     "cardset": "holodelive-demo", "seed": "<secret: random effects>", "rng": 0,
     "deck": [card ids, top first], "office": card id | None,
     "hands": {"p1": [...], "p2": [...]}, "homes": {"p1": [...], "p2": [...]},
     "venues": [{"id", "acquired_by": None | seat, "audience": None | int, "revealed": bool,
                 "hand": None | rank key, "units": {"p1": [...], "p2": [...]},
                 "live": {"p1": None | {"kind", "count", "declared_step", "declared_turn"}, ...},
                 "retired": {"p1": [...], "p2": [...]}}] * 3,
     "box": [venue ids back in the box, top first], "known": {"p1": [venue ids], "p2": [...]},
     "scores": {"p1": 0, "p2": 0}, "used_actions": [card ids], "played": False,
     "lamy_used": False, "progress": False, "idle": 0, "deckout_turns": 0,
     "stack": [effect frames], "pending": None | {...}, "events": [...], "over": None | {...}}

A unit is the stack of cards at one venue, bottom first (最大５枚). Cards leave the game
when the venue is acquired (``retired``). ``seed`` never leaves the server: ``view`` drops it.
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping

from replays.errors import RuleViolation
from replays.games.holodelive.cards import CardSet
from replays.rng import Rng

SEATS = ("p1", "p2")
UNIT_MAX = 5


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def setup(cardset: CardSet, options: Mapping[str, Any], seed: str) -> dict[str, Any]:
    """Shuffle (or take ``deck_order``), deal 2 each alternately from the first player,
    lay out three venues (or ``venue_order``'s first three), turn up the office card."""
    member_ids = list(cardset.members)
    venue_ids = list(cardset.venues)
    order = options.get("deck_order")
    if order is not None:
        if sorted(order) != sorted(member_ids):
            raise RuleViolation("ゲームの準備", "deck_order must list each of the 39 member cards exactly once")
        deck = list(order)
    else:
        deck = Rng(seed, "setup/deck").shuffle(member_ids)
    vorder = options.get("venue_order")
    if vorder is not None:
        if len(set(vorder)) != len(vorder) or len(vorder) < 3 or any(v not in cardset.venues for v in vorder):
            raise RuleViolation("ゲームの準備", "venue_order must name at least three distinct venues of the card set")
        rest = [v for v in venue_ids if v not in vorder]
        venues = list(vorder) + Rng(seed, "setup/box").shuffle(rest)
    else:
        venues = Rng(seed, "setup/venues").shuffle(venue_ids)
    first = options.get("first_player", "seed")
    if first == "seed":
        first = Rng(seed, "setup/first").choice(list(SEATS))
    second = other(first)
    hands = {first: [deck[0], deck[2]], second: [deck[1], deck[3]]}
    office, deck = deck[4], deck[5:]
    return {
        "step": 0, "turn": 1, "active": first, "first": first, "phase": "draw",
        "cardset": cardset.id, "seed": seed, "rng": 0,
        "deck": deck, "office": office,
        "hands": {"p1": hands["p1"], "p2": hands["p2"]},
        "homes": {"p1": [], "p2": []},
        "venues": [
            {"id": v, "acquired_by": None, "audience": None, "revealed": False, "hand": None,
             "units": {"p1": [], "p2": []}, "live": {"p1": None, "p2": None},
             "retired": {"p1": [], "p2": []}}
            for v in venues[:3]
        ],
        "box": venues[3:], "known": {"p1": [], "p2": []},
        "scores": {"p1": 0, "p2": 0},
        "used_actions": [], "played": False, "lamy_used": False,
        "progress": False, "idle": 0, "deckout_turns": 0,
        "stack": [], "pending": None, "events": [], "over": None,
    }


class Board:
    """Zone queries and moves over a state being built by ``apply`` (a private copy)."""

    __slots__ = ("s", "cs")

    def __init__(self, state: dict[str, Any], cardset: CardSet):
        self.s = state
        self.cs = cardset

    # -- queries ---------------------------------------------------------------------
    def open_venues(self) -> list[int]:
        return [i for i, v in enumerate(self.s["venues"]) if v["acquired_by"] is None]

    def unit(self, seat: str, v: int) -> list[str]:
        return self.s["venues"][v]["units"][seat]

    def field(self, seat: str) -> Iterator[tuple[int, str]]:
        for v in self.open_venues():
            for card in self.unit(seat, v):
                yield v, card

    def locate(self, card: str) -> tuple:
        s = self.s
        for seat in ("p1", "p2"):
            if card in s["hands"][seat]:
                return ("hand", seat)
            if card in s["homes"][seat]:
                return ("home", seat)
        for v, venue in enumerate(s["venues"]):
            for seat in ("p1", "p2"):
                if card in venue["units"][seat]:
                    return ("unit", seat, v)
        if s["office"] == card:
            return ("office",)
        if card in s["deck"]:
            return ("deck",)
        return ("gone",)

    def has_effect(self, seat: str, effect: str, venue: int | None = None) -> bool:
        cards = self.unit(seat, venue) if venue is not None else [c for _, c in self.field(seat)]
        return any(self.cs.has_constant(c, effect) for c in cards)

    def protected(self, card_seat: str, by_seat: str) -> bool:
        """常闇トワ: the opponent's effects cannot target cards on a field holding トワ."""
        return card_seat != by_seat and self.has_effect(card_seat, "protect")

    def can_place(self, seat: str, v: int, origin: str) -> bool:
        """Room in the unit, venue not acquired, and no 角巻わため facing it (outside actions)."""
        if self.s["venues"][v]["acquired_by"] is not None or len(self.unit(seat, v)) >= 5:
            return False
        if origin != "action" and self.has_effect(other(seat), "block_facing_play", v):
            return False
        return True

    def icons(self, card: str) -> tuple[str, ...]:
        m = self.cs.member(card)
        return tuple(m["icons"]) + tuple(m["sub_icons"])

    def name(self, card: str) -> str:
        return self.cs.member(card)["name"]

    # -- moves -----------------------------------------------------------------------
    def take(self, card: str) -> tuple:
        """Remove ``card`` from wherever it is; return where it was."""
        loc = self.locate(card)
        s = self.s
        if loc[0] in ("hand", "home"):
            s[loc[0] + "s"][loc[1]].remove(card)
        elif loc[0] == "unit":
            self.unit(loc[1], loc[2]).remove(card)
        elif loc[0] == "office":
            s["office"] = None
        elif loc[0] == "deck":
            s["deck"].remove(card)
        return loc

    def holder(self, loc: tuple) -> str | None:
        return loc[1] if loc[0] in ("hand", "home", "unit") else None

    def send_home(self, card: str, seat: str | None = None) -> None:
        """帰宅: to the home of whoever's zone the card leaves (or ``seat``)."""
        loc = self.take(card)
        owner = seat or self.holder(loc) or self.s["active"]
        self.s["homes"][owner].append(card)
        self.event("home", seat=owner, card=card)

    def draw(self, seat: str) -> str | None:
        if not self.s["deck"]:
            return None
        card = self.s["deck"].pop(0)
        self.s["hands"][seat].append(card)
        return card

    def rng(self, purpose: str) -> Rng:
        self.s["rng"] += 1
        return Rng(self.s["seed"], f"effect/{self.s['rng']}/{purpose}")

    def event(self, kind: str, **data: Any) -> None:
        """A public note of what happened (never a hidden card)."""
        self.s["events"].append({"kind": kind, **data})
