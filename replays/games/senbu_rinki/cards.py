"""Sword cards (刀剣カード) as data: the schema, the effect vocabulary, the loader.

A card set file is a contract (records name it by id and digest): change a set only by
publishing a new id. Each sword has a name, 種類 (``type``), 刀派 (``school``), the
number of 刀装 it starts with, one 技能 (``skill``) and at most one 特殊 (``special``).

The rulebook prints no card text, so skills are written in a small effect vocabulary
(``EFFECTS``) that the rules automate; a set whose values are not from the printed
cards says so per card in ``unverified``.

Skill targets: ``self`` (the user), ``other`` (another player not eliminated; the
rulebook's "特筆がない限り…自身を指定できません"), ``any`` (self or other), ``none``
(no target; the selector says who is affected).

Selectors (for round-scoped effects) name exactly one of: ``all`` (every player; reaches
only players after the user this round, 技能), or a 種類 ``type``, 刀派 ``school``,
刀剣 ``sword`` name, or ``tosou`` (holders of 刀装), which reach players regardless of
turn order (技能: "種類、刀派、刀剣、刀装等を指定する技能の場合…").

>>> load("demo").id
'demo'
>>> len(load("demo").swords) >= 12
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Mapping

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from replays import canon

TYPES = ("短刀", "脇差", "打刀", "太刀", "大太刀", "槍", "薙刀")

#: effect -> (allowed targets, uses amount, uses selector, round-scoped, description)
EFFECTS: dict[str, dict[str, Any]] = {
    "look_role": {"targets": ("other",), "amount": False, "selector": False, "round": False,
                  "text": "対象の役カードを見る"},
    "gain_tosou": {"targets": ("self", "other", "any"), "amount": True, "selector": False, "round": False,
                   "text": "対象が中央から刀装を amount 個得る"},
    "break_tosou": {"targets": ("other",), "amount": True, "selector": False, "round": False,
                    "text": "対象の刀装を amount 個破壊する"},
    "fatigue": {"targets": ("other",), "amount": True, "selector": False, "round": False,
                "text": "対象の疲労度を amount 段階上げる（高で止まる）"},
    "rest": {"targets": ("self", "other", "any"), "amount": True, "selector": False, "round": False,
             "text": "対象の疲労度を amount 段階下げる"},
    "skip_turn": {"targets": ("other",), "amount": False, "selector": False, "round": True,
                  "text": "対象はこの周の手番を失う"},
    "extra_attacks": {"targets": ("none",), "amount": True, "selector": True, "round": True,
                      "text": "この周、selector の刀剣の攻撃回数が amount 回増える"},
    "guard": {"targets": ("none",), "amount": False, "selector": True, "round": True,
              "text": "この周、selector の刀剣は攻撃されない"},
}

#: 特殊: last until the game ends and take precedence over skills (【特殊】).
SPECIALS: dict[str, str] = {
    "duel_any_fatigue": "疲労度に関係なく一騎討ちを仕掛けられる",
    "duel_immune": "一騎討ちに指名されない",
    "pierce_defence": "防御中の刀剣を攻撃できる",
    "tireless": "近侍でなくても技能で疲労度が上がらない（高でも脱落しない）",
    "skill_boost": "技能の amount が 1 増える",
    "self_target": "技能の対象に自身を指定できる",
}

SELECTOR_KEYS = ("all", "type", "school", "sword", "tosou")


class SkillSchema(Schema):
    effect = fields.String(required=True, validate=validate.OneOf(list(EFFECTS)))
    target = fields.String(required=True, validate=validate.OneOf(["self", "other", "any", "none"]))
    amount = fields.Integer(strict=True, validate=validate.Range(min=1, max=5))
    selector = fields.Dict(keys=fields.String(validate=validate.OneOf(SELECTOR_KEYS)))
    text = fields.String(required=True)

    @validates_schema
    def _consistent(self, data: Mapping[str, Any], **_: Any) -> None:
        spec = EFFECTS[data["effect"]]
        if data["target"] not in spec["targets"]:
            raise ValidationError(f"{data['effect']} takes a target in {spec['targets']}", "target")
        if spec["amount"] != ("amount" in data):
            raise ValidationError(f"{data['effect']} {'needs' if spec['amount'] else 'takes no'} amount", "amount")
        if spec["selector"] != ("selector" in data):
            raise ValidationError(f"{data['effect']} {'needs' if spec['selector'] else 'takes no'} selector", "selector")
        selector = data.get("selector")
        if selector is not None:
            if len(selector) != 1:
                raise ValidationError("a selector names exactly one of " + ", ".join(SELECTOR_KEYS), "selector")
            (key, value), = selector.items()
            if key in ("all", "tosou") and value is not True:
                raise ValidationError(f"selector {key} is true", "selector")
            if key in ("type", "school", "sword") and not (isinstance(value, str) and value):
                raise ValidationError(f"selector {key} names a {key}", "selector")
            if key == "type" and value not in TYPES:
                raise ValidationError(f"unknown 種類 {value!r}", "selector")


class SpecialSchema(Schema):
    effect = fields.String(required=True, validate=validate.OneOf(list(SPECIALS)))
    text = fields.String(required=True)


class SwordSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(min=1))
    type = fields.String(required=True, validate=validate.OneOf(TYPES))
    school = fields.String(required=True, validate=validate.Length(min=1))
    tosou = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=5))
    skill = fields.Nested(SkillSchema, required=True)
    special = fields.Nested(SpecialSchema, allow_none=True, load_default=None)
    #: one of the cards 【６人以上時推奨カード】 recommends only for six or more players
    six_plus = fields.Boolean()
    unverified = fields.String(validate=validate.Length(min=1))


class CardSetSchema(Schema):
    id = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9_-]{1,40}$"))
    title = fields.String(required=True)
    note = fields.String()
    swords = fields.List(fields.Nested(SwordSchema), required=True, validate=validate.Length(min=4))

    @validates_schema
    def _unique_names(self, data: Mapping[str, Any], **_: Any) -> None:
        names = [s["name"] for s in data["swords"]]
        if len(set(names)) != len(names):
            raise ValidationError("sword names are unique within a set", "swords")


@dataclass(frozen=True)
class CardSet:
    id: str
    title: str
    data: dict[str, Any]  #: the file's JSON, as loaded and validated
    digest: str

    @property
    def swords(self) -> list[dict[str, Any]]:
        return self.data["swords"]

    def sword(self, name: str) -> dict[str, Any]:
        for sword in self.swords:
            if sword["name"] == name:
                return sword
        raise KeyError(name)

    def ref(self) -> dict[str, str]:
        return {"id": f"senbu_rinki/{self.id}", "digest": self.digest}


def parse(data: Any) -> CardSet:
    """Validate card-set JSON data; raise ``marshmallow.ValidationError`` if it is malformed."""
    errors = CardSetSchema().validate(data)
    if errors:
        raise ValidationError(errors)
    return CardSet(data["id"], data["title"], data, canon.digest(data))


def available() -> list[str]:
    """Ids of the card sets shipped with the module."""
    folder = resources.files(__package__) / "cardsets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


@cache
def load(set_id: str) -> CardSet:
    """A shipped card set by id; raise ValueError for an unknown id."""
    if set_id not in available():
        raise ValueError(f"unknown sword card set {set_id!r}; known: {', '.join(available())}")
    text = (resources.files(__package__) / "cardsets" / f"{set_id}.json").read_text("utf-8")
    return parse(json.loads(text))
