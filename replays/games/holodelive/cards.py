"""Card sets for HOLOdeLIVE: the stored format (a contract), its schema, loader and registry.

A card set is one JSON file::

    {"id": "holodelive-demo", "title": "...", "note": "...",
     "members": [{"id", "name", "icons", "sub_icons", "suit", "generation", "bonus",
                  "abilities": [{"timing", "effect", "params", "text"}], "unverified"?}],
     "venues":  [{"id", "name", "audience", "unverified"?}]}

``icons`` are the printed main icon(s) (STAFF cards: ``["STAFF"]``), ``sub_icons`` the
2nd/3rd icons (サブアイコン). ``suit`` is LOVELY / COOL / HOT (None for STAFF cards, which
never count for a hand). ``timing`` is ``constant`` (常時), ``play`` (プレイ時) or ``action``
(アクション時); ``effect`` names one entry of the small vocabulary in ``effects.py``.
``unverified`` says why a printed value was chosen by us (the rulebook does not print the
cards). Records pin a card set by ``id`` and ``digest`` (``replays.canon.digest`` of the data),
so changing a file is a new card set as far as verification goes.

>>> get("holodelive-demo").member("usada_pekora")["name"]
'兎田ぺこら'
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from replays import canon

ICONS = ("SEISO", "CHARISMA", "OTAKU", "VOCAL", "ENJOY", "REACTION",
         "DUELIST", "INTEL", "SEXY", "ALCOHOL", "KUSOGAKI", "TRICKSTER")
STAFF = "STAFF"
SUITS = ("LOVELY", "COOL", "HOT")
TIMINGS = ("constant", "play", "action")

#: every effect name the engine implements, by the timing it may have
EFFECTS = {
    "constant": ("wild", "mimic_generation", "bonus", "protect", "fixed_audience",
                 "block_facing_play", "suppress_facing_play", "negate_play"),
    "play": ("draw", "place_from", "play_from_hand", "copy_play", "random_hand_home",
             "unit_to_hand", "send_home_icon", "search_deck", "venue_swap", "dump_to_facing",
             "return_to_hand", "move_facing_to_other", "discard_then_play", "send_home_all_icon",
             "draw_return", "opp_field_to_deck_top", "home_to_hand", "home_swap"),
    "action": ("swap_office", "deck_to_unit", "summon_named", "move_card", "swap_with_home",
               "swap_deck_bottom", "self_home_then_home"),
}


class AbilitySchema(Schema):
    class Meta:
        unknown = RAISE

    timing = fields.String(required=True, validate=validate.OneOf(TIMINGS))
    effect = fields.String(required=True)
    params = fields.Dict(keys=fields.String(), load_default=dict)
    text = fields.String(required=True)

    @validates_schema
    def _effect_fits_timing(self, data, **kwargs):
        if data["effect"] not in EFFECTS[data["timing"]]:
            raise ValidationError(f"unknown {data['timing']} effect {data['effect']!r}", "effect")


class MemberSchema(Schema):
    class Meta:
        unknown = RAISE

    id = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9_]{1,40}$"))
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

    id = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9_]{1,40}$"))
    name = fields.String(required=True)
    audience = fields.Integer(strict=True, required=True, validate=validate.Range(min=0))
    unverified = fields.String()


class CardSetSchema(Schema):
    class Meta:
        unknown = RAISE

    id = fields.String(required=True)
    title = fields.String(required=True)
    note = fields.String()
    members = fields.List(fields.Nested(MemberSchema), required=True, validate=validate.Length(equal=39))
    venues = fields.List(fields.Nested(VenueSchema), required=True, validate=validate.Length(min=3))

    @validates_schema
    def _unique_ids(self, data, **kwargs):
        ids = [m["id"] for m in data["members"]] + [v["id"] for v in data["venues"]]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValidationError(f"duplicate ids: {', '.join(dupes)}", "members")
        for m in data["members"]:
            if STAFF in m["icons"] and (len(m["icons"]) != 1 or m["sub_icons"] or m["suit"] is not None):
                raise ValidationError(f"{m['id']}: a STAFF card has only the STAFF icon and no suit", "members")
            if STAFF not in m["icons"] and m["suit"] is None:
                raise ValidationError(f"{m['id']}: a member needs a suit", "members")


@dataclass(frozen=True)
class CardSet:
    """A loaded, validated card set; ``data`` is exactly what was hashed."""

    id: str
    data: Mapping[str, Any]
    digest: str
    members: Mapping[str, Mapping[str, Any]] = field(repr=False)
    venues: Mapping[str, Mapping[str, Any]] = field(repr=False)

    def member(self, card_id: str) -> Mapping[str, Any]:
        return self.members[card_id]

    def venue(self, venue_id: str) -> Mapping[str, Any]:
        return self.venues[venue_id]

    def ability(self, card_id: str, timing: str) -> Mapping[str, Any] | None:
        for ab in self.members[card_id]["abilities"]:
            if ab["timing"] == timing:
                return ab
        return None

    def has_constant(self, card_id: str, effect: str) -> bool:
        return any(ab["timing"] == "constant" and ab["effect"] == effect
                   for ab in self.members[card_id]["abilities"])

    def ref(self) -> dict[str, str]:
        return {"id": self.id, "digest": self.digest}


def load_data(data: Mapping[str, Any]) -> CardSet:
    """Validate ``data`` (raises marshmallow ``ValidationError``) and index it."""
    loaded = CardSetSchema().load(data)
    return CardSet(
        id=loaded["id"], data=data, digest=canon.digest(data),
        members={m["id"]: m for m in loaded["members"]},
        venues={v["id"]: v for v in loaded["venues"]},
    )


def load_file(path: str | Path) -> CardSet:
    return load_data(json.loads(Path(path).read_text(encoding="utf-8")))


_HERE = Path(__file__).parent
#: card set id -> file; organizers add their real sets here
CARDSET_FILES: dict[str, Path] = {"holodelive-demo": _HERE / "cardsets" / "demo.json"}
DEFAULT_CARDSET = "holodelive-demo"


@cache
def get(cardset_id: str) -> CardSet:
    """The registered card set ``cardset_id`` (loaded once; KeyError if unknown)."""
    path = CARDSET_FILES[cardset_id]
    cardset = load_file(path)
    if cardset.id != cardset_id:
        raise ValueError(f"{path} declares id {cardset.id!r}, registered as {cardset_id!r}")
    return cardset
