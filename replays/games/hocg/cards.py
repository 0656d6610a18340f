"""The hololive OCG card set: its format (a contract), its schema, and reading a bound set.

A card set is JSON data passed in as a ``kifu.replays.kit.CardSet`` (``Hocg.load_cardset``
also accepts the raw official card list and converts it: ``rawlist``)::

    {"id", "title", "note"?, "fixture"?: true,
     "cards": [{"id": printing id, "number": card number, "name",
                "kind": "oshi" | "holomem" | "buzz" | "support" | "cheer",
                "colors": [colour], "hp": int | null, "life": int | null,
                "level": "debut" | "1st" | "2nd" | "spot" | null, "baton": int,
                "tags": [str], "support": "staff" | "item" | "event" | "tool" | "mascot" | "fan" | null,
                "limited": bool, "unlimited": bool,
                "arts": [{"name", "dmg", "plus", "cost": [colour | "any"],
                          "tokkou": [{"color", "amount"}], "text", "effect"?, "params"?}],
                "abilities": [{"kind": "gift" | "bloom" | "collab" | "support" | "oshi" | "sp_oshi"
                                       | "stage" | "extra",
                               "name", "text", "holopower": int, "limit": "turn" | "game" | null,
                               "effect"?, "params"?}],
                "fixture"?: true}],
     "decks"?: [{"name", "oshi": id, "deck": {id: copies}, "cheer": {id: copies}}]}

Colours: white 白, green 緑, red 赤, blue 青, purple 紫, yellow 黄, colorless 無色. ``effect``
names an entry of the effect vocabulary (``effects.py``); an ability without one is
resolved by hand with ``effect`` commands (``manual.py``). ``unlimited`` is the extra
「このホロメンはデッキに何枚でも入れられる」. ``decks`` are demo deck lists (the default
options of a match on this set).

>>> from kifu.replays.kit.cardset import load
>>> load(HocgCards(frozenset()), {"id": "x", "title": "x", "cards": [{"id": "a", "number": "a", "name": "a", "kind": "elf"}]})
Traceback (most recent call last):
...
kifu.replays.kit.cardset.CardSetError: invalid card set: cards.0.kind: Must be one of: oshi, holomem, buzz, support, cheer.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, Iterable, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from kifu.replays.kit import CardSet, CardSetSchema

COLORS = ("white", "green", "red", "blue", "purple", "yellow", "colorless")
COLOR_NAMES = {"white": "白", "green": "緑", "red": "赤", "blue": "青", "purple": "紫", "yellow": "黄",
               "colorless": "無色", "any": "◇"}
KINDS = ("oshi", "holomem", "buzz", "support", "cheer")
LEVELS = ("debut", "1st", "2nd", "spot")
SUPPORTS = ("staff", "item", "event", "tool", "mascot", "fan")
ABILITY_KINDS = ("gift", "bloom", "collab", "support", "oshi", "sp_oshi", "stage", "extra")
#: supports that stay attached to a holomem (the rest are used and archived)
ATTACHED = ("tool", "mascot", "fan")
DECK_SIZE, CHEER_SIZE, MAX_COPIES = 50, 20, 4


class Strict(Schema):
    class Meta:
        unknown = RAISE


class TokkouSchema(Strict):
    color = fields.String(required=True, validate=validate.OneOf(COLORS))
    amount = fields.Integer(strict=True, required=True)


class ArtSchema(Strict):
    name = fields.String(required=True)
    dmg = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    plus = fields.Boolean(load_default=False)
    cost = fields.List(fields.String(validate=validate.OneOf(COLORS + ("any",))), load_default=list)
    tokkou = fields.List(fields.Nested(TokkouSchema), load_default=list)
    text = fields.String(load_default="")
    effect = fields.String(allow_none=True, load_default=None)
    params = fields.Dict(keys=fields.String(), load_default=dict)


class AbilitySchema(Strict):
    kind = fields.String(required=True, validate=validate.OneOf(ABILITY_KINDS))
    name = fields.String(load_default="")
    text = fields.String(load_default="")
    holopower = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0))
    limit = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(("turn", "game")))
    effect = fields.String(allow_none=True, load_default=None)
    params = fields.Dict(keys=fields.String(), load_default=dict)


class CardSchema(Strict):
    id = fields.String(required=True, validate=validate.Length(min=1, max=64))
    number = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    colors = fields.List(fields.String(validate=validate.OneOf(COLORS)), load_default=list)
    hp = fields.Integer(strict=True, allow_none=True, load_default=None, validate=validate.Range(min=0))
    life = fields.Integer(strict=True, allow_none=True, load_default=None, validate=validate.Range(min=1))
    level = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(LEVELS))
    baton = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0))
    tags = fields.List(fields.String(), load_default=list)
    support = fields.String(allow_none=True, load_default=None, validate=validate.OneOf(SUPPORTS))
    limited = fields.Boolean(load_default=False)
    unlimited = fields.Boolean(load_default=False)
    arts = fields.List(fields.Nested(ArtSchema), load_default=list)
    abilities = fields.List(fields.Nested(AbilitySchema), load_default=list)
    fixture = fields.Boolean()
    rarity = fields.String()
    note = fields.String()


class DeckSchema(Strict):
    name = fields.String(required=True)
    oshi = fields.String(required=True)
    deck = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True, validate=validate.Range(min=1)),
                       required=True)
    cheer = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True, validate=validate.Range(min=1)),
                        required=True)


class HocgCards(CardSetSchema):
    """The card set schema; ``vocabulary`` is the effect names a card may name."""

    cards = fields.List(fields.Nested(CardSchema), required=True, validate=validate.Length(min=1))
    decks = fields.List(fields.Nested(DeckSchema), load_default=list)
    fixture = fields.Boolean()

    def __init__(self, vocabulary: Iterable[str], **kwargs: Any):
        super().__init__(**kwargs)
        self.vocabulary = frozenset(vocabulary)

    @validates_schema
    def _consistent(self, data: Mapping[str, Any], **kwargs: Any) -> None:
        errors: dict[str, list[str]] = {}
        seen: set[str] = set()
        for i, c in enumerate(data["cards"]):
            where = f"cards.{i}"
            if c["id"] in seen:
                errors.setdefault(f"{where}.id", []).append(f"duplicate id {c['id']}")
            seen.add(c["id"])
            if c["kind"] in ("holomem", "buzz") and (c["hp"] is None or c["level"] is None):
                errors.setdefault(where, []).append(f"{c['id']}: a holomem needs hp and level")
            if c["kind"] == "oshi" and c["life"] is None:
                errors.setdefault(where, []).append(f"{c['id']}: an oshi needs life")
            if c["kind"] == "cheer" and len(c["colors"]) != 1:
                errors.setdefault(where, []).append(f"{c['id']}: a cheer card has one colour")
            if c["kind"] == "support" and c["support"] is None:
                errors.setdefault(where, []).append(f"{c['id']}: a support card needs its support kind")
            for j, a in enumerate(c["arts"]):
                if a["effect"] is not None and a["effect"] not in self.vocabulary:
                    errors.setdefault(f"{where}.arts.{j}.effect", []).append(f"unknown effect {a['effect']!r}")
            for j, a in enumerate(c["abilities"]):
                if a["effect"] is not None and a["effect"] not in self.vocabulary:
                    errors.setdefault(f"{where}.abilities.{j}.effect", []).append(f"unknown effect {a['effect']!r}")
        for i, d in enumerate(data.get("decks", [])):
            for key in ("deck", "cheer"):
                for card in d[key]:
                    if card not in seen:
                        errors.setdefault(f"decks.{i}.{key}", []).append(f"{card!r} is not a card of this set")
            if d["oshi"] not in seen:
                errors.setdefault(f"decks.{i}.oshi", []).append(f"{d['oshi']!r} is not a card of this set")
        if errors:
            raise ValidationError(errors)

    def index(self, loaded: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        return {c["id"]: c for c in loaded["cards"]}


# -- reading a bound card set --------------------------------------------------------------

def card(cs: CardSet, card_id: str) -> Mapping[str, Any]:
    return cs.cards[card_id]


def is_holomem(c: Mapping[str, Any]) -> bool:
    return c["kind"] in ("holomem", "buzz")


def is_cheer(cs: CardSet, card_id: Any) -> bool:
    return isinstance(card_id, str) and card_id in cs.cards and cs.cards[card_id]["kind"] == "cheer"


def tag_key(tag: str) -> str:
    """A tag as tags compare: the official texts spell a card's tag in other case and width
    (「#秘密結社holox」 for 秘密結社holoX) and their whitespace is dropped when read
    (``rawlist.recognise``: 「#FLOW GLOW」 is read FLOWGLOW), so NFKC, casefold, no spaces.

    >>> tag_key("秘密結社holoX") == tag_key("#秘密結社ｈｏｌｏｘ".lstrip("#")), tag_key("FLOW GLOW")
    (True, 'flowglow')
    """
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", tag)).casefold()


def has_tag(c: Mapping[str, Any], tag: str) -> bool:
    """The card ``c`` carries ``tag`` (compared by ``tag_key``)."""
    want = tag_key(tag)
    return any(tag_key(t) == want for t in c.get("tags") or ())


def color_of(cs: CardSet, card_id: str) -> str:
    return cs.cards[card_id]["colors"][0]


def demo_decks(cs: CardSet) -> list[dict[str, Any]]:
    """The set's demo deck lists as options' deck lists (``{"oshi", "deck": [...], "cheer": [...]}``)."""
    out = []
    for d in cs.loaded.get("decks", []):
        out.append({"oshi": d["oshi"],
                    "deck": [c for c, n in d["deck"].items() for _ in range(n)],
                    "cheer": [c for c, n in d["cheer"].items() for _ in range(n)]})
    return out
