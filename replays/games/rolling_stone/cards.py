"""The card set of Life is Rolling Stone: its schema, and the ability vocabulary's names.

The rulebook (コンポーネント) fixes what a set holds and what each card carries, but prints
no card face:

- 72 album cards, 24 per stage (ジュニア 1 / アダルト 2 / シニア 3), each of one attribute
  (情熱 red, 理性 blue, 欲望 yellow, 調和 green), some with ★ (逆境), each with event icons.
  A card states how many ★ it prints (``stars``: ``2`` for ★★; 最終決算/１ counts them
  「１個につき」); ``star`` (true = one ★) is the older form, still read;
- 9 event cards, 3 per stage, judged on the event icons each player got;
- 16 dream cards, each one skill (スキル) and one end-of-game scoring (ドリーム効果);
- 4 character cards, different only in looks.

So the set declares its event icons and every card's values, and abilities are data in a
small vocabulary (``SKILLS``, ``DREAMS``, ``EVENTS``: kind -> its parameters), resolved by
``effects``. The demo set (``cardsets/demo.json``) invents all of it and marks every card
``unverified`` with the reason; organizers import the real set (``kifu cards import``).

>>> from kifu.replays.games.rolling_stone import RULES
>>> cs = RULES.demo_cardsets()[0]
>>> sorted({c["kind"] for c in cs.cards.values()})
['album', 'character', 'dream', 'event']
>>> len(album_cards(cs, 2)), len(event_cards(cs, 3)), len(dream_cards(cs)), len(characters(cs))
(24, 3, 16, 4)
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from kifu.replays.games.rolling_stone.commands import COLOURS
from kifu.replays.kit import CardSet, CardSetSchema

COLOUR_NAMES = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑"}
ATTRIBUTES = {"red": "情熱", "blue": "理性", "yellow": "欲望", "green": "調和"}
STAGES = (1, 2, 3)
STAGE_NAMES = {1: "ジュニア", 2: "アダルト", 3: "シニア"}
#: コンポーネント: how many of each a set holds
PER_STAGE_ALBUM, PER_STAGE_EVENTS, DREAMS_IN_SET, CHARACTERS_IN_SET = 24, 3, 16, 4
#: the most ★ a card may state (a bound for the schema, not a rule)
MAX_STARS = 4

#: skill kind -> its parameters (a skill applies while it lies face up: ゲームの進行/１)
SKILLS: dict[str, tuple[str, ...]] = {
    "power_on_colour": ("colour",),   # placing a card of that colour: +1 power
    "power_on_star": (),              # placing a ★ card: +1 power
    "power_on_lost": (),              # a card discarded (not placed, or replaced): +1 power
    "vp_on_slot": ("slot", "vp"),     # starting a turn from that order square: +vp VP
    "extra_repeat": ("slot",),        # a turn from that order square: one more リピート
    "icon_plus": ("icon",),           # events count one more of that icon
    "extra_die": ("colour",),         # once set: one more die of that colour (配置ルール/２: 複数あれば)
}
#: dream kind -> its parameters (最終決算/２: the card left in hand)
DREAMS: dict[str, tuple[str, ...]] = {
    "per_colour": ("colour", "vp"),          # vp per album card of that colour
    "per_icon": ("icon", "vp"),              # vp per icon of that kind in the album
    "colour_sets": ("vp",),                  # vp per set of the four colours
    "no_star": ("vp",),                      # vp if no ★ card is in the album
    "full_lines": ("vp",),                   # vp per full row or column
    "die_at_least": ("colour", "face", "vp"),  # vp if that die shows at least face
    "dice_all_different": ("vp",),           # vp if the four dice show four faces
}
#: event kind -> its parameters (ゲームの進行/４: judged on event icons)
EVENTS: dict[str, tuple[str, ...]] = {
    "most_icon": ("icon", "reward", "amount"),       # the most (at least one): reward
    "fewest_icon": ("icon", "reward", "amount"),     # the fewest (ties all): reward
    "per_icons": ("icon", "per", "reward", "amount"),  # each: reward per ``per`` icons
}
REWARDS = ("power", "vp")


class _Ability(Schema):
    """One ability: ``kind`` from the vocabulary, its parameters, its printed ``text``."""

    class Meta:
        unknown = RAISE

    KINDS: dict[str, tuple[str, ...]] = {}
    kind = fields.String(required=True)
    text = fields.String(required=True)
    colour = fields.String(validate=validate.OneOf(COLOURS))
    icon = fields.String()
    slot = fields.Integer(strict=True, validate=validate.Range(min=1, max=4))
    vp = fields.Integer(strict=True, validate=validate.Range(min=-20, max=20))
    face = fields.Integer(strict=True, validate=validate.Range(min=1, max=6))
    reward = fields.String(validate=validate.OneOf(REWARDS))
    amount = fields.Integer(strict=True, validate=validate.Range(min=-10, max=10))
    per = fields.Integer(strict=True, validate=validate.Range(min=1, max=10))

    @validates_schema
    def _params(self, data: Mapping[str, Any], **_: Any) -> None:
        wanted = self.KINDS.get(data.get("kind"))
        if wanted is None:
            raise ValidationError(f"one of {', '.join(self.KINDS)}", "kind")
        given = set(data) - {"kind", "text"}
        missing, extra = set(wanted) - given, given - set(wanted)
        if missing or extra:
            raise ValidationError(f"{data['kind']} takes {', '.join(wanted) or 'no parameters'}", "kind")


class Skill(_Ability):
    KINDS = SKILLS


class Dream(_Ability):
    KINDS = DREAMS


class EventEffect(_Ability):
    KINDS = EVENTS


class _Card(Schema):
    class Meta:
        unknown = RAISE

    id = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$"))
    name = fields.String(required=True)
    #: why a value is not the publisher's (the demo set marks every card)
    unverified = fields.String()


class Icon(_Card):
    pass


class AlbumCard(_Card):
    """An album card: its stage, attribute, ★ (``stars``, or the older flag ``star``) and icons."""

    stage = fields.Integer(required=True, strict=True, validate=validate.OneOf(STAGES))
    colour = fields.String(required=True, validate=validate.OneOf(COLOURS))
    #: how many ★ (逆境) the card prints: 0, 1 (★), 2 (★★) ...
    stars = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_STARS))
    #: the older form: true for one ★
    star = fields.Boolean()
    icons = fields.List(fields.String(), required=True, validate=validate.Length(max=4))

    @validates_schema
    def _one_star_field(self, data: Mapping[str, Any], **_: Any) -> None:
        if ("stars" in data) == ("star" in data):
            raise ValidationError("state the ★ either as a count (stars) or as a flag (star), not both or neither",
                                  "stars")


class EventCard(_Card):
    stage = fields.Integer(required=True, strict=True, validate=validate.OneOf(STAGES))
    effect = fields.Nested(EventEffect, required=True)


class DreamCard(_Card):
    skill = fields.Nested(Skill, required=True)
    dream = fields.Nested(Dream, required=True)


class Character(_Card):
    pass


class RollingStoneCards(CardSetSchema):
    """A set: its icons, then the album, event, dream and character cards."""

    unverified = fields.String()
    icons = fields.List(fields.Nested(Icon), required=True, validate=validate.Length(min=1))
    album = fields.List(fields.Nested(AlbumCard), required=True)
    events = fields.List(fields.Nested(EventCard), required=True)
    dreams = fields.List(fields.Nested(DreamCard), required=True)
    characters = fields.List(fields.Nested(Character), required=True)

    @validates_schema
    def _components(self, data: Mapping[str, Any], **_: Any) -> None:
        """コンポーネント: the counts, unique ids, and icons the set declares."""
        errors: dict[str, list[str]] = {}
        ids = Counter(c["id"] for key in ("album", "events", "dreams", "characters") for c in data.get(key, []))
        twice = sorted(i for i, n in ids.items() if n > 1)
        if twice:
            errors["_schema"] = [f"card ids used twice: {', '.join(twice)}"]
        icons = {i["id"] for i in data.get("icons", [])}
        for key, per_stage in (("album", PER_STAGE_ALBUM), ("events", PER_STAGE_EVENTS)):
            counts = Counter(c["stage"] for c in data.get(key, []))
            wrong = [f"stage {s}: {counts[s]}" for s in STAGES if counts[s] != per_stage]
            if wrong:
                errors[key] = [f"{per_stage} per stage (コンポーネント); {', '.join(wrong)}"]
        for key, count in (("dreams", DREAMS_IN_SET), ("characters", CHARACTERS_IN_SET)):
            if len(data.get(key, [])) != count:
                errors[key] = [f"{count} cards (コンポーネント), not {len(data.get(key, []))}"]
        for i, card in enumerate(data.get("album", [])):
            for j, icon in enumerate(card["icons"]):
                if icon not in icons:
                    errors[f"album.{i}.icons.{j}"] = [f"{icon!r} is not one of the set's icons"]
        for path, ability in _abilities(data):
            if "icon" in ability and ability["icon"] not in icons:
                errors[f"{path}.icon"] = [f"{ability['icon']!r} is not one of the set's icons"]
        if errors:
            raise ValidationError(errors)

    def index(self, loaded: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        out: dict[str, Mapping[str, Any]] = {}
        for key, kind in (("album", "album"), ("events", "event"), ("dreams", "dream"), ("characters", "character")):
            for card in loaded[key]:
                out[card["id"]] = {**card, "kind": kind}
                if kind == "album":  # one reading of the ★ for the rules: a count, and whether any
                    stars = card["stars"] if "stars" in card else int(card["star"])
                    out[card["id"]].update(stars=stars, star=stars > 0)
        return out


def _abilities(data: Mapping[str, Any]):
    for i, card in enumerate(data.get("events", [])):
        yield f"events.{i}.effect", card["effect"]
    for i, card in enumerate(data.get("dreams", [])):
        yield f"dreams.{i}.skill", card["skill"]
        yield f"dreams.{i}.dream", card["dream"]


# -- queries over a bound set ----------------------------------------------------------

def album_cards(cs: CardSet, stage: int) -> list[str]:
    return sorted(i for i, c in cs.cards.items() if c["kind"] == "album" and c["stage"] == stage)


def event_cards(cs: CardSet, stage: int) -> list[str]:
    return sorted(i for i, c in cs.cards.items() if c["kind"] == "event" and c["stage"] == stage)


def dream_cards(cs: CardSet) -> list[str]:
    return sorted(i for i, c in cs.cards.items() if c["kind"] == "dream")


def characters(cs: CardSet) -> list[str]:
    return sorted(i for i, c in cs.cards.items() if c["kind"] == "character")


def icon_name(cs: CardSet, icon: str) -> str:
    return next((i["name"] for i in cs.loaded["icons"] if i["id"] == icon), icon)


def card_text(cs: CardSet, card: str) -> str:
    """A card as the move list names it: 『name』 with its colour and ★ for album cards."""
    c = cs.cards.get(card)
    if c is None:
        return card
    if c["kind"] == "album":
        return f"『{c['name']}』（{COLOUR_NAMES[c['colour']]}{'★' * c['stars']}）"
    return f"『{c['name']}』"
