"""The state of a HOLOdeLIVE game (plain JSON data), setup (``deal``) and the zone helpers.

Layout (``deal`` builds it; ``rules`` changes a copy)::

    {"step", "table", "seed", "zones", "chance", "pending", "stack",   # the kit's keys
     "turn": 1, "active": "p1", "first": "p1", "phase": "draw",
     "office": card | None,
     "hands": {"p1": [card | "?N"], "p2": [...]}, "homes": {"p1": [card], "p2": [card]},
     "venues": [{"id": venue | "?N", "acquired_by": None | seat, "audience": None | int,
                 "revealed": bool, "hand": None | rank key,
                 "units": {"p1": [card], "p2": [card]},
                 "live": {"p1": None | {"kind", "count", "declared_step", "declared_turn"}, ...},
                 "retired": {"p1": [card], "p2": [card]}}] * 3,
     "known": {"p1": [venue | "?N"], "p2": [...]},      # face-down venues a seat looked at
     "scores": {"p1": 0, "p2": 0}, "used_actions": [card], "played": False,
     "lamy_used": False, "progress": False, "idle": 0, "deckout_turns": 0,
     "events": [public notes of the last command], "over": None | {"reason", "text"}}

Face-down piles are the kit's (``state["zones"]``): ``"deck"`` (the member cards of the
deck list) and ``"box"`` (the venue cards; the three laid out were drawn from it face
down). A unit is the stack of cards at one venue, bottom first (最大５枚); its cards leave
the game when the venue is acquired (``retired``). On an observed table a hand, a venue
laid out, ``known`` and a pile's known top may hold unknown tokens ``"?N"``; the field,
the homes and the office never do (those cards are face up).
"""
from __future__ import annotations

from typing import Any, Iterator, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from kifu.replays.errors import RuleViolation
from kifu.replays.games.holodelive import cards
from kifu.replays.kit import ALL, Ctx, check_deck, is_token

SEATS = ("p1", "p2")
UNIT_MAX = 5
R_SETUP = "ゲームの準備"
R_DRAW = "ゲームの流れ/①ドローフェイズ"
R_HINDER = "勝利条件/妨害"


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


class OptionsSchema(Schema):
    """Match options: who goes first, and the member cards actually in play (the deck list)."""

    class Meta:
        unknown = RAISE

    #: "seed": decided at the table (じゃんけん), a chance event of the deal
    first_player = fields.String(load_default="seed", validate=validate.OneOf(("p1", "p2", "seed")))
    #: the member card ids in the deck (each at most once); default: every member of the set
    deck = fields.List(fields.String(), validate=validate.Length(min=5))


OPTIONS = OptionsSchema()


def deal(t: "Board", options: Mapping[str, Any]) -> None:
    """ゲームの準備: the deck from the deck list, the first player, two cards each (one at a
    time, the first player first), the office card face up, three venues face down."""
    try:
        opts = OPTIONS.load(dict(options))
    except ValidationError as exc:
        raise RuleViolation(R_SETUP, f"bad options: {exc.messages}") from None
    members = cards.members(t.cs)
    deck = check_deck(opts.get("deck") or members, set(members), R_SETUP, max_copies=1)
    if len(deck) < 5:
        raise RuleViolation(R_SETUP, f"deck list: {len(deck)} cards; two each and the office card need 5")
    t.zones.add_pile("deck", deck)
    t.zones.add_pile("box", cards.venues(t.cs))
    first = opts["first_player"]
    if first == "seed":  # じゃんけんなどで: everyone at the table sees who goes first
        first = t.zones.pick("first_player", R_SETUP, list(SEATS), unknown_ok=False)
    hands: dict[str, list[str]] = {"p1": [], "p2": []}
    for _ in range(2):
        for seat in (first, other(first)):
            hands[seat].append(t.zones.draw("deck", "deal", R_SETUP, visible=(seat,)))
    office = t.zones.draw("deck", "office", R_SETUP, visible=ALL, unknown_ok=False)
    laid = [t.zones.draw("box", "venue", R_SETUP, visible=()) for _ in range(3)]
    t.s.update({
        "turn": 1, "active": first, "first": first, "phase": "draw" if t.zones.size("deck") else "action",
        "office": office, "hands": hands, "homes": {"p1": [], "p2": []},
        "venues": [{"id": v, "acquired_by": None, "audience": None, "revealed": False, "hand": None,
                    "units": {"p1": [], "p2": []}, "live": {"p1": None, "p2": None},
                    "retired": {"p1": [], "p2": []}} for v in laid],
        "known": {"p1": [], "p2": []}, "scores": {"p1": 0, "p2": 0},
        "used_actions": [], "played": False, "lamy_used": False,
        "progress": False, "idle": 0, "deckout_turns": 0, "events": [], "over": None,
    })


class Board(Ctx):
    """Zone queries and moves over the state a command is checked against or builds."""

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
        """Where a face-up card is: ("hand"|"home", seat), ("unit", seat, v), ("office",), ("gone",)."""
        s = self.s
        for seat in SEATS:
            if card in s["hands"][seat]:
                return ("hand", seat)
            if card in s["homes"][seat]:
                return ("home", seat)
        for v, venue in enumerate(s["venues"]):
            for seat in SEATS:
                if card in venue["units"][seat]:
                    return ("unit", seat, v)
        if s["office"] == card:
            return ("office",)
        return ("gone",)

    def member(self, card: str) -> Mapping[str, Any]:
        return self.cs.cards[card]

    def name(self, card: str) -> str:
        return self.cs.name(card)

    def card_rule(self, card: str | None) -> str:
        return f"カード効果補足/{self.name(card)}" if cards.is_member(self.cs, card) else "カード効果補足"

    def ability(self, card: str, timing: str) -> Mapping[str, Any] | None:
        return cards.ability(self.cs, card, timing)

    def has_constant(self, card: str, effect: str) -> bool:
        return cards.has_constant(self.cs, card, effect)

    def has_effect(self, seat: str, effect: str, venue: int | None = None) -> bool:
        found = self.unit(seat, venue) if venue is not None else (c for _, c in self.field(seat))
        return any(self.has_constant(c, effect) for c in found)

    def protected(self, card_seat: str, by_seat: str) -> bool:
        """常闇トワ: the opponent's effects cannot target cards on a field holding トワ."""
        return card_seat != by_seat and self.has_effect(card_seat, "protect")

    def can_place(self, seat: str, v: int, origin: str) -> bool:
        """Room in the unit, venue not acquired, and no 角巻わため facing it (outside actions)."""
        if self.s["venues"][v]["acquired_by"] is not None or len(self.unit(seat, v)) >= UNIT_MAX:
            return False
        return origin == "action" or not self.has_effect(other(seat), "block_facing_play", v)

    def icons(self, card: str) -> tuple[str, ...]:
        m = self.member(card)
        return tuple(m["icons"]) + tuple(m["sub_icons"])

    def hand_cards(self, seat: str) -> list[str]:
        """Every card ``seat``'s hand may hold (its known cards and what its tokens could be)."""
        hand = self.s["hands"][seat]
        if not any(is_token(i) for i in hand):
            return list(dict.fromkeys(hand))
        return self.zones.candidates(hand)

    def hand_item(self, seat: str, card: str) -> str | None:
        """The hand entry that is ``card``: the card itself, else a token that could be it."""
        hand = self.s["hands"][seat]
        if card in hand:
            return card
        return next((i for i in hand if is_token(i) and self.zones.could_be(i, card)), None)

    def knows_venue(self, perspective: str, v: int) -> bool:
        venue = self.s["venues"][v]
        return (perspective == "omniscient" or venue["revealed"]
                or (perspective in SEATS and venue["id"] in self.s["known"][perspective]))

    # -- moves -----------------------------------------------------------------------
    def event(self, kind: str, **data: Any) -> None:
        """A public note of what happened (never a hidden card)."""
        self.s["events"].append({"kind": kind, **data})

    def reveal(self, item: str, card: str, how: str, rule: str) -> str:
        """``item`` (a token, on an observed table) is ``card``: everywhere it stands."""
        self.zones.reveal(item, card, how, rule)
        if is_token(item):
            self._substitute(item, card)
        return card

    def turn_up(self, item: str, event: str, rule: str, *, visible: Any = ALL, how: str | None = None,
                unknown_ok: bool = False) -> str:
        """``item`` shown by the rules themselves (a token's outcome is the table's to state)."""
        card = self.zones.turn_up(item, event, rule, visible=visible, how=how, unknown_ok=unknown_ok)
        if card != item:
            self._substitute(item, card)
        return card

    def _substitute(self, token: str, card: str) -> None:
        s = self.s
        for zone in (*s["hands"].values(), *s["known"].values()):
            for i, item in enumerate(zone):
                if item == token:
                    zone[i] = card
        for venue in s["venues"]:
            if venue["id"] == token:
                venue["id"] = card
        if s["office"] == token:
            s["office"] = card
        for pile in self.zones.z["piles"].values():
            for part in (pile["top"], pile["bottom"]):
                for i, item in enumerate(part):
                    if item == token:
                        part[i] = card

    def take_from_hand(self, seat: str, card: str, how: str, rule: str) -> str:
        """``card`` leaves ``seat``'s hand face up (a token that could be it is revealed)."""
        item = self.hand_item(seat, card)
        if item is None:
            raise RuleViolation(rule, f"{card!r} is not in {seat}'s hand")
        if item != card:
            self.reveal(item, card, how, rule)
        self.s["hands"][seat].remove(card)
        return card

    def take(self, card: str) -> tuple:
        """Remove the face-up ``card`` from wherever it is; return where it was."""
        loc = self.locate(card)
        s = self.s
        if loc[0] in ("hand", "home"):
            s[loc[0] + "s"][loc[1]].remove(card)
        elif loc[0] == "unit":
            self.unit(loc[1], loc[2]).remove(card)
        elif loc[0] == "office":
            s["office"] = None
            self.refill_office()
        return loc

    def refill_office(self) -> None:
        """①ドローフェイズ: the office is refilled from the deck, face up, the moment it empties
        (before anything else happens: an ability's options may list the deck)."""
        if self.s["office"] is None and self.zones.size("deck"):
            self.s["office"] = self.draw_face_up("office", R_DRAW)

    def send_home(self, card: str, seat: str | None = None) -> None:
        """帰宅: to the home of whoever's zone the card leaves (or ``seat``)."""
        loc = self.take(card)
        owner = seat or (loc[1] if loc[0] in ("hand", "home", "unit") else None) or self.s["active"]
        self.s["homes"][owner].append(card)
        self.event("home", seat=owner, card=card)

    def draw_to_hand(self, seat: str, event: str, rule: str) -> str | None:
        """The deck's top card into ``seat``'s hand, seen by that seat; None if the deck is empty."""
        item = self.zones.draw("deck", event, rule, visible=(seat,))
        if item is not None:
            self.s["hands"][seat].append(item)
        return item

    def draw_face_up(self, event: str, rule: str, *, end: str = "top") -> str | None:
        """A deck card that lands face up (the office, the field): even an observed table names it."""
        item = self.zones.draw("deck", event, rule, visible=ALL, end=end, unknown_ok=False)
        if item is not None and is_token(item):  # a token put back on the deck: turned up now
            item = self.turn_up(item, event, rule)
        return item

    def cancel_short_lives(self) -> None:
        """勝利条件/妨害: a unit falling below its declared count loses its preparation."""
        for v, venue in enumerate(self.s["venues"]):
            if venue["acquired_by"] is not None:
                continue
            for seat in SEATS:
                live = venue["live"][seat]
                if live is not None and len(venue["units"][seat]) < live["count"]:
                    venue["live"][seat] = None
                    self.event("cancel", seat=seat, venue=v, count=len(venue["units"][seat]),
                               declared=live["count"])
