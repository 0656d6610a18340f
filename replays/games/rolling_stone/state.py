"""The state of a Life is Rolling Stone game (plain JSON), setup (``deal``) and the helpers.

Layout (``deal`` builds it; ``rules`` changes a copy)::

    {"step", "table", "seed", "zones", "chance", "pending", "stack",      # the kit's keys
     "seats": ["p1", ...], "handedness": "right",
     "phase": "draft" | "album" | "skill" | "field" | "order" | "main" | "reveal" | "over",
     "stage": 0..3, "round": 0..3,
     "choices": {seat: card | "?N"},        # committed hidden choices (draft, skill set)
     "hands": {seat: [card | "?N"]},        # dream cards in hand
     "skills": {seat: [card]},              # dream cards set face up, apart from the album
     "characters": {seat: card},            # pK takes the set's K-th character card
     "albums": {seat: {square: card}},      # the character card included
     "dice": {seat: {die: {"square": sq | None, "top": 1..6 | None, "north": 1..6 | None}}},
                                            # die: its colour; a second one of a colour "red2"
                                            # (a skill's extra_die; dice.colour_of)
     "power": {seat: n}, "vp": {seat: n},   # vp: interim scoring, events, skills so far
     "marker": seat | None,                 # the start player marker
     "order": [seat | None] * 4,            # the order card's squares 1..4
     "orderer": seat | None,                # who places a pawn now (２：ラウンド開始)
     "active": seat | None, "slot": n | None, "turn_step": None | "bonus" | "take" | "draw" | "place",
     "repeats": n,                          # リピート draws left this turn
     "field": [card], "events": [card],     # the 共通場; the event row, leftmost first
     "placing": card | None,                # the drawn card the active player places now
     "discard": [card], "resolved": [card], # discarded album cards; events that happened
     "log": [{"what": ..., ...}],           # what the last command did (for describe)
     "final": None | {seat: {"dice", "stars", "power", "power_placed", "star_vp", "dream", "full",
                             "earned", "total"}}}       # power: all of it placed (then 0 held)

Face-down piles are the kit's (``state["zones"]``): ``"dreams"`` (the dream deck; what
is left after the deal stays there, removed from the game), ``"stage1"`` .. ``"stage3"``
(the album card decks) and ``"events1"`` .. ``"events3"``. On an observed table a hand
or a committed choice may hold unknown tokens ``"?N"``; every other card is face up.
"""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import Schema, fields, validate

from kifu.replays.games.rolling_stone import cards, dice as _dice
from kifu.replays.games.rolling_stone.album import options as placement_options
from kifu.replays.games.rolling_stone.commands import COLOURS
from kifu.replays.kit import Ctx
from kifu.replays.rules import seat_ids

R_SETUP = "ゲームの準備"
R_STAGE = "ゲームの進行/１：ステージ開始"
R_ROUND = "ゲームの進行/２：ラウンド開始"
R_MAIN = "ゲームの進行/３：メインフェイズ"
R_PLACE = "ゲームの進行/３：メインフェイズ/〇配置ルール/１"
R_MOVE = "ゲームの進行/３：メインフェイズ/〇配置ルール/２"
R_REPEAT = "ゲームの進行/３：メインフェイズ/リピート"
R_EVENT = "ゲームの進行/４：イベントフェイズ"
R_FINAL = "ゲームの進行/〇最終決算"
HAND_SIZE = 4
SLOTS = (1, 2, 3, 4)


class OptionsSchema(Schema):
    """Match options: the dice's handedness (``dice`` module: right unless the table's
    dice are mirror images)."""

    handedness = fields.String(load_default="right", validate=validate.OneOf(_dice.HANDEDNESS))


def deal(t: "Table", options: Mapping[str, Any], players: int) -> None:
    """ゲームの準備: four dream cards each (dealt one at a time from p1), the rest left out;
    the stage decks and event cards shuffled face down; characters handed out (p1 takes
    the set's first); the dice are rolled later, by each player (``roll``)."""
    seats = seat_ids(players)
    t.zones.add_pile("dreams", cards.dream_cards(t.cs))
    for stage in cards.STAGES:
        t.zones.add_pile(f"stage{stage}", cards.album_cards(t.cs, stage))
        t.zones.add_pile(f"events{stage}", cards.event_cards(t.cs, stage))
    hands: dict[str, list[str]] = {s: [] for s in seats}
    for _ in range(HAND_SIZE):
        for seat in seats:
            hands[seat].append(t.zones.draw("dreams", "deal_dream", R_SETUP, visible=(seat,), how="配布"))
    t.s.update({
        "seats": seats, "handedness": options.get("handedness", "right"),
        "phase": "draft", "stage": 0, "round": 0, "choices": {},
        "hands": hands, "skills": {s: [] for s in seats},
        "albums": {s: {} for s in seats},
        "characters": dict(zip(seats, cards.characters(t.cs))),
        "dice": {s: {c: {"square": None, "top": None, "north": None} for c in COLOURS} for s in seats},
        "power": {s: 0 for s in seats}, "vp": {s: 0 for s in seats},
        "marker": None, "order": [None] * len(SLOTS), "orderer": None,
        "active": None, "slot": None, "turn_step": None, "repeats": 0,
        "field": [], "events": [], "placing": None, "discard": [], "resolved": [],
        "log": [], "final": None,
    })


class Table(Ctx):
    """Queries and moves shared by the rules, over the state being checked or built."""

    # -- seats -----------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return self.s["seats"]

    def left(self, seat: str) -> str:
        """The 左隣: the next seat clockwise (p1 → p2 → … → p1)."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def clockwise(self, start: str) -> list[str]:
        seats = self.seats
        i = seats.index(start)
        return seats[i:] + seats[:i]

    # -- cards -----------------------------------------------------------------------
    def card(self, card: str) -> Mapping[str, Any]:
        return self.cs.card(card)

    def colour(self, card: str) -> str:
        return self.card(card)["colour"]

    def text(self, card: str) -> str:
        return cards.card_text(self.cs, card)

    def note(self, what: str, **data: Any) -> None:
        self.s["log"].append({"what": what, **data})

    # -- the album -------------------------------------------------------------------
    def placement(self, seat: str, card: str) -> tuple[str, list[str]]:
        """配置ルール/１ for ``card`` in ``seat``'s album: ("empty"|"replace"|"discard", squares)."""
        return placement_options(self.s["albums"][seat], self.s["dice"][seat], self.colour(card))

    def icons(self, seat: str, icon: str) -> int:
        """The event icons of ``icon`` on the cards in ``seat``'s album."""
        return sum(self.card(c).get("icons", []).count(icon) for c in self.s["albums"][seat].values())

    def stars(self, seat: str) -> int:
        """The ★ in ``seat``'s album, each one counted (★★ is two: 最終決算/１ 「★」１個につき)."""
        return sum(self.card(c).get("stars", 0) for c in self.s["albums"][seat].values())

    def dice_sum(self, seat: str) -> int:
        return sum(d["top"] or 0 for d in self.s["dice"][seat].values())

    # -- changes ---------------------------------------------------------------------
    def gain(self, seat: str, reward: str, amount: int, why: str) -> None:
        """``amount`` power or VP for ``seat`` (power never falls below 0: the supply of
        cubes is unlimited, コンポーネント: 不足したら、何か他の物で代用してください)."""
        if amount == 0:
            return
        if reward == "power":
            amount = max(amount, -self.s["power"][seat])
            self.s["power"][seat] += amount
        else:
            self.s["vp"][seat] += amount
        self.note("gain", seat=seat, reward=reward, amount=amount, why=why)

    def roll_die(self, seat: str, die_id: str, direction: str, why: str, to: str | None = None) -> None:
        """Roll ``seat``'s die ``die_id`` (a colour, or ``"red2"``) one face towards
        ``direction`` (onto ``to``)."""
        die = self.s["dice"][seat][die_id]
        turned = _dice.roll(die, direction, self.s["handedness"])
        self.note("roll", seat=seat, colour=_dice.colour_of(die_id), die=die_id, top=die["top"],
                  to_top=turned["top"], direction=direction, square=die["square"], to=to or die["square"], why=why)
        die.update(turned)
        if to:
            die["square"] = to

    def discard(self, seat: str, card: str, why: str) -> None:
        self.s["discard"].append(card)
        self.note("discard", seat=seat, card=card, why=why)
