"""Card sets of ヒーローズプレイスメント: the schema and the effect vocabulary's names.

A card is a character (名前が緑), an event (赤) or a character-and-event card (青:
``kind`` "both"; ・キャラクター兼イベントカード). Characters have ``ap``/``dp``; every card
has a ``cost`` (paid by discarding cards from hand, one card per cost, after any cost
generated this turn). A card's abilities are data in a small vocabulary (``EFFECTS``):

- ``pl``: its PL effect, resolved when it is a place that takes damage
  (``{"effect": name, "n": int}``);
- ``abilities``: CH (キャラ能力) and LE (リーダー能力, only in the leader slot), each with a
  ``timing``: ``declared`` (宣言系: バトル/登場フェイズ, once per turn unless ``limit``
  says "lost" = この能力は失われる or "game" = ゲーム中1回まで), ``on_appear`` (登場した時),
  ``on_placed`` (置かれた時) or ``static`` (常時);
- ``event``: what it does as an event (red and blue cards), with its own ``cost``;
- ``rule_breaker``: its ルールブレイカー effect, processed only at game start.

An effect that chooses cards (``salvage``: from one's trash to the hand; ``fishing``: from
the deck) says which in ``filter``: ``{"kinds": [...], "cost_max": n}``. ``kinds`` lists
``"character"`` and/or ``"event"``, and a card matches if it is any of them: a blue card
(``kind`` "both") is both outside a square (キャラクター兼イベントカード: 「それ以外の
領域ではキャラクターとしてもイベントとしても扱われる」), so "a character or an event in
your trash" is ``{"kinds": ["character", "event"]}`` and matches it.

Decks (``decks``/``leaders``) in a set are demo deck lists; a match registers its own.
"""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from kifu.replays.kit import CardSetSchema

KINDS = ("character", "event", "both")
TIMINGS = ("declared", "on_appear", "on_placed", "static")
LIMITS = ("turn", "lost", "game")

#: PL effects (プレイス効果) a place may have
PL_EFFECTS = ("draw", "cost", "appear_self", "equip_self", "rest", "end_battle", "mill_opponent")
#: what an event or a declared ability may do
ACTIVE_EFFECTS = ("draw", "rest", "equip", "ap_boost", "pl_negate", "recover", "fishing", "appear_this", "step_in",
                  "salvage")
#: the effects that choose cards by a ``filter``
CHOOSING = ("salvage", "fishing")
#: what a filter may name: the kinds a card is treated as outside a square
FILTER_KINDS = ("character", "event")
#: triggered and static abilities
PASSIVE_EFFECTS = ("draw", "ap_boost_self", "coop_defence", "event_discount")
#: ルールブレイカー
RULE_BREAKERS = ("swap_own_places", "swap_opponent_places", "go_second")
ALL_EFFECTS = tuple(sorted(set(PL_EFFECTS + ACTIVE_EFFECTS + PASSIVE_EFFECTS + RULE_BREAKERS)))


class Filter(Schema):
    """Which cards an effect may choose: any of ``kinds``, of cost ``cost_max`` or less."""

    kinds = fields.List(fields.String(validate=validate.OneOf(FILTER_KINDS)), required=True,
                        validate=validate.Length(min=1, max=len(FILTER_KINDS)))
    cost_max = fields.Integer(validate=validate.Range(min=0, max=10))


class Effect(Schema):
    effect = fields.String(required=True, validate=validate.OneOf(ALL_EFFECTS))
    n = fields.Integer(load_default=1, validate=validate.Range(min=0, max=10))
    #: the cards a choosing effect (salvage, fishing) may choose; None: its default
    filter = fields.Nested(Filter)


class Ability(Effect):
    type = fields.String(required=True, validate=validate.OneOf(("CH", "LE")))
    timing = fields.String(required=True, validate=validate.OneOf(TIMINGS))
    limit = fields.String(load_default="turn", validate=validate.OneOf(LIMITS))
    cost = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10))


class Event(Effect):
    cost = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10))


class Card(Schema):
    id = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$"))
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    cost = fields.Integer(required=True, validate=validate.Range(min=0, max=10))
    ap = fields.Integer(validate=validate.Range(min=0, max=20000))
    dp = fields.Integer(validate=validate.Range(min=0, max=20000))
    region = fields.String()
    pl = fields.Nested(Effect, allow_none=True, load_default=None)
    abilities = fields.List(fields.Nested(Ability), load_default=list)
    event = fields.Nested(Event, allow_none=True, load_default=None)
    rule_breaker = fields.Nested(Effect, allow_none=True, load_default=None)
    unverified = fields.String(required=True)

    @validates_schema
    def _shape(self, data: Mapping[str, Any], **_: Any) -> None:
        if data["kind"] in ("character", "both") and ("ap" not in data or "dp" not in data):
            raise ValidationError("a character has ap and dp", "ap")
        if data["kind"] in ("event", "both") and data.get("event") is None:
            raise ValidationError("an event card says what it does", "event")
        if data["kind"] == "event" and data.get("abilities"):
            raise ValidationError("an event has no CH/LE abilities", "abilities")
        if data.get("pl") and data["pl"]["effect"] not in PL_EFFECTS:
            raise ValidationError(f"not a PL effect: {data['pl']['effect']}", "pl")
        declared = [a for a in data.get("abilities", []) if a["timing"] == "declared"]
        if len(declared) > 1:
            raise ValidationError("at most one declared ability per card", "abilities")
        for a in data.get("abilities", []):
            allowed = ACTIVE_EFFECTS if a["timing"] == "declared" else PASSIVE_EFFECTS
            if a["effect"] not in allowed:
                raise ValidationError(f"{a['effect']} cannot be a {a['timing']} ability", "abilities")
        if data.get("event") and data["event"]["effect"] not in ACTIVE_EFFECTS:
            raise ValidationError(f"not an event effect: {data['event']['effect']}", "event")
        for key, eff in (*((k, data.get(k)) for k in ("event", "pl", "rule_breaker")),
                         *(("abilities", a) for a in data.get("abilities", []))):
            if eff and eff.get("filter") and eff["effect"] not in CHOOSING:
                raise ValidationError(f"{eff['effect']} chooses no cards: a filter is for {', '.join(CHOOSING)}", key)
        if data.get("rule_breaker") and data["rule_breaker"]["effect"] not in RULE_BREAKERS:
            raise ValidationError(f"not a rule breaker: {data['rule_breaker']['effect']}", "rule_breaker")


class Deck(Schema):
    leader = fields.String(required=True)
    cards = fields.List(fields.String(), required=True)


class HeroesCards(CardSetSchema):
    cards = fields.List(fields.Nested(Card), required=True, validate=validate.Length(min=1))
    decks = fields.Dict(keys=fields.String(validate=validate.OneOf(("p1", "p2"))), values=fields.Nested(Deck),
                        load_default=dict)

    @validates_schema
    def _ids(self, data: Mapping[str, Any], **_: Any) -> None:
        ids = [c["id"] for c in data["cards"]]
        if len(set(ids)) != len(ids):
            raise ValidationError("card ids must be distinct", "cards")
        for seat, deck in data.get("decks", {}).items():
            for card in [deck["leader"], *deck["cards"]]:
                if card not in ids:
                    raise ValidationError(f"{seat}: {card!r} is not a card of this set", "decks")

    def index(self, loaded: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        return {c["id"]: c for c in loaded["cards"]}


def is_character(card: Mapping[str, Any]) -> bool:
    """Can appear as a character (green or blue)."""
    return card["kind"] in ("character", "both")


def is_event(card: Mapping[str, Any]) -> bool:
    """Can be used as an event outside a square (red or blue)."""
    return card["kind"] in ("event", "both")


def matches(card: Mapping[str, Any], spec: Mapping[str, Any]) -> bool:
    """Whether ``card`` (outside a square) passes the filter ``spec``: it is any of
    ``spec["kinds"]`` (a blue card is a character and an event) and costs at most ``cost_max``.

    >>> blue = {"kind": "both", "cost": 2}
    >>> matches(blue, {"kinds": ["event"]}), matches(blue, {"kinds": ["character", "event"], "cost_max": 1})
    (True, False)
    """
    kinds = {"character": is_character(card), "event": is_event(card)}
    return any(kinds[k] for k in spec["kinds"]) and card["cost"] <= spec.get("cost_max", card["cost"])


def declared(card: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return next((a for a in card["abilities"] if a["timing"] == "declared"), None)


def passive(card: Mapping[str, Any], effect: str) -> Mapping[str, Any] | None:
    return next((a for a in card["abilities"] if a["timing"] != "declared" and a["effect"] == effect), None)
