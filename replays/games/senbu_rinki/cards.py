"""Sword cards (刀剣カード) as data: the card set schema and the effect vocabulary.

A card set is a contract (records pin it by id and digest): change a set only by
publishing a new id. Each sword has a name (its card id: unique within a set, and what
options and a physical deal name it by), 種類 (``type``), 刀派 (``school``), the number
of 刀装 it starts with, one 技能 (``skill``) and at most one 特殊 (``special``). The demo
set ships in ``cardsets/``; this module reads no file and looks nothing up.

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

>>> from kifu.replays.kit.cardset import load
>>> sword = {"type": "短刀", "school": "三条", "tosou": 1,
...          "skill": {"effect": "look_role", "target": "other", "text": "役を見る"}}
>>> cs = load(SwordCards(), {"id": "mini", "title": "Mini",
...                         "swords": [dict(sword, name=n) for n in ("今剣", "岩融", "石切丸", "小狐丸")]})
>>> list(cs.cards)[:2], cs.card("岩融")["tosou"]
(['今剣', '岩融'], 1)
"""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from kifu.replays.kit import CardSetSchema

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
#: what a state keeps of a dealt sword (its card data, shown face up to everyone)
SWORD_FIELDS = ("name", "type", "school", "tosou", "skill", "special")


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


class SwordCards(CardSetSchema):
    """A sword card set: at least four swords with distinct names."""

    swords = fields.List(fields.Nested(SwordSchema), required=True, validate=validate.Length(min=4))

    @validates_schema
    def _unique_names(self, data: Mapping[str, Any], **_: Any) -> None:
        names = [s["name"] for s in data["swords"]]
        if len(set(names)) != len(names):
            raise ValidationError("sword names are unique within a set", "swords")

    def index(self, loaded: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        """Every sword by its name, in the set's order."""
        return {sword["name"]: sword for sword in loaded["swords"]}


def dealt(card: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a sword card a state keeps (the fields the rules and views read)."""
    return {key: card.get(key) for key in SWORD_FIELDS}
