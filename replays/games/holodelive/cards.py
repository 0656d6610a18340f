"""The HOLOdeLIVE card set: its format (a contract), its schema, and reading a bound set.

A card set is JSON data (the demo set ships in ``cardsets/``; an organizer loads the
real one), passed in as a ``kifu.replays.kit.CardSet``::

    {"id": "holodelive-demo", "title": "...", "note": "...",
     "members": [{"id", "name", "icons", "sub_icons", "suit", "generation", "bonus",
                  "abilities": [{"timing", "effect", "params", "text"}], "unverified"?}],
     "venues":  [{"id", "name", "audience", "unverified"?}]}

``icons`` are the printed main icon(s) (STAFF cards: ``["STAFF"]``), ``sub_icons`` the
2nd/3rd icons (サブアイコン). ``suit`` is LOVELY / COOL / HOT (None for STAFF cards, which
never count for a hand). ``timing`` is ``constant`` (常時), ``play`` (プレイ時) or ``action``
(アクション時); ``effect`` names one entry of the game's effect vocabulary (declared once,
in ``effects.py``, and handed to the schema: ``HoloCards(vocabulary)``). ``unverified``
says why a printed value was chosen by us (the rulebook does not print the cards).

Members and venues share one id space: a command names a member (``play``), a physical
table's outcome names a member (a draw) or a venue (one laid out, one turned face up).

>>> schema = HoloCards({"constant": ["wild"], "play": [], "action": []})
>>> data = {"id": "x", "title": "x", "members": [], "venues": []}
>>> from kifu.replays.kit.cardset import load
>>> load(schema, data)
Traceback (most recent call last):
...
kifu.replays.kit.cardset.CardSetError: invalid card set: members: Length must be 39.; venues: Shorter than minimum length 3.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from kifu.replays.kit import CardSet, CardSetSchema

ICONS = ("SEISO", "CHARISMA", "OTAKU", "VOCAL", "ENJOY", "REACTION",
         "DUELIST", "INTEL", "SEXY", "ALCOHOL", "KUSOGAKI", "TRICKSTER")
STAFF = "STAFF"
SUITS = ("LOVELY", "COOL", "HOT")
TIMINGS = ("constant", "play", "action")
MEMBERS = 39  # ◆内容物◆ メンバーカード：39枚
ID = r"^[a-z0-9_]{1,40}$"


class AbilitySchema(Schema):
    class Meta:
        unknown = RAISE

    timing = fields.String(required=True, validate=validate.OneOf(TIMINGS))
    effect = fields.String(required=True)
    params = fields.Dict(keys=fields.String(), load_default=dict)
    text = fields.String(required=True)


class MemberSchema(Schema):
    class Meta:
        unknown = RAISE

    id = fields.String(required=True, validate=validate.Regexp(ID))
    name = fields.String(required=True)
    icons = fields.List(fields.String(validate=validate.OneOf(ICONS + (STAFF,))), required=True,
                        validate=validate.Length(min=1))
    sub_icons = fields.List(fields.String(validate=validate.OneOf(ICONS)), load_default=list)
    suit = fields.String(required=True, allow_none=True, validate=validate.OneOf(SUITS))
    generation = fields.String(required=True, allow_none=True)
    bonus = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0))
    abilities = fields.List(fields.Nested(AbilitySchema), load_default=list)
    unverified = fields.String()


class VenueSchema(Schema):
    class Meta:
        unknown = RAISE

    id = fields.String(required=True, validate=validate.Regexp(ID))
    name = fields.String(required=True)
    audience = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    unverified = fields.String()


class HoloCards(CardSetSchema):
    """The card set schema; ``vocabulary`` maps each timing to the effect names it may use."""

    members = fields.List(fields.Nested(MemberSchema), required=True, validate=validate.Length(equal=MEMBERS))
    venues = fields.List(fields.Nested(VenueSchema), required=True, validate=validate.Length(min=3))

    def __init__(self, vocabulary: Mapping[str, Iterable[str]], **kwargs: Any):
        super().__init__(**kwargs)
        self.vocabulary = {timing: frozenset(names) for timing, names in vocabulary.items()}

    @validates_schema
    def _consistent(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        ids = [m["id"] for m in data["members"]] + [v["id"] for v in data["venues"]]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValidationError(f"duplicate ids: {', '.join(dupes)}", "members")
        for i, m in enumerate(data["members"]):
            if STAFF in m["icons"] and (len(m["icons"]) != 1 or m["sub_icons"] or m["suit"] is not None):
                raise ValidationError(f"{m['id']}: a STAFF card has only the STAFF icon and no suit", "members")
            if STAFF not in m["icons"] and m["suit"] is None:
                raise ValidationError(f"{m['id']}: a member needs a suit", "members")
            for j, ab in enumerate(m["abilities"]):
                if ab["effect"] not in self.vocabulary.get(ab["timing"], ()):
                    raise ValidationError(f"unknown {ab['timing']} effect {ab['effect']!r}",
                                          f"members.{i}.abilities.{j}.effect")

    def index(self, loaded: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        """Members and venues by id; a member also gets its abilities by timing (``by_timing``)."""
        out: dict[str, Mapping[str, Any]] = {}
        for m in loaded["members"]:
            by_timing: dict[str, Any] = {}
            for ab in m["abilities"]:
                by_timing.setdefault(ab["timing"], ab)
            constants = tuple(ab["effect"] for ab in m["abilities"] if ab["timing"] == "constant")
            out[m["id"]] = {**m, "kind": "member", "by_timing": by_timing, "constants": constants}
        for v in loaded["venues"]:
            out[v["id"]] = {**v, "kind": "venue"}
        return out


# -- reading a bound card set --------------------------------------------------------------

def members(cs: CardSet) -> list[str]:
    """Every member card id, in the set's order."""
    return [c for c, card in cs.cards.items() if card["kind"] == "member"]


def venues(cs: CardSet) -> list[str]:
    return [c for c, card in cs.cards.items() if card["kind"] == "venue"]


def is_member(cs: CardSet, card: Any) -> bool:
    return isinstance(card, str) and card in cs.cards and cs.cards[card]["kind"] == "member"


def is_venue(cs: CardSet, card: Any) -> bool:
    return isinstance(card, str) and card in cs.cards and cs.cards[card]["kind"] == "venue"


def ability(cs: CardSet, card: str, timing: str) -> Mapping[str, Any] | None:
    """The card's ability of that timing (a card has at most one of each)."""
    return cs.cards[card]["by_timing"].get(timing)


def has_constant(cs: CardSet, card: str, effect: str) -> bool:
    return effect in cs.cards[card]["constants"]
