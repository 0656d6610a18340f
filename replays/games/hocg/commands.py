"""The hololive OCG commands: the stored contract.

Records keep these commands for ever, so this module is a contract versioned with
``Hocg.version``: a field changes only with a new version, a type is never renamed.
Every command has ``type`` and ``seat`` ("p1" | "p2"); the kit adds ``outcomes`` (the
chance outcomes a physical or observed table states, in the order the events happen).

A holomem on the stage is named by its position: ``"center"``, ``"collab"`` or
``"back0"`` .. ``"back4"`` (the back row, in the order the holomem arrived). Cards are
named by printing id (``"hBP01-028_C_02"``); copies of one printing are the same card.

>>> sorted(COMMANDS.schemas)
['arts', 'baton_touch', 'bloom', 'choose', 'collab', 'effect', 'end_turn', 'gift', 'keep', 'mulligan', 'oshi_skill', 'place', 'play', 'support']
>>> COMMANDS.schemas["arts"].validate({"type": "arts", "seat": "p1", "holomem": "back0", "art": 0, "target": "center"})
{'holomem': ['Must be one of: center, collab.']}
"""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from kifu.replays.kit import Commands
from kifu.replays.kit.decisions import CHOOSE

COMMANDS = Commands(seat_pattern=r"^p[12]$")

POSITIONS = ("center", "collab", "back0", "back1", "back2", "back3", "back4")
FRONT = ("center", "collab")
POS = fields.String(validate=validate.OneOf(POSITIONS))

#: ゲームの準備: the one free redraw of the opening hand, or a forced one (no Debut in hand)
COMMANDS.define("mulligan")
#: ゲームの準備: keep the hand (it must hold a Debut holomem)
COMMANDS.define("keep")
#: ゲームの準備: a Debut face down to the centre, Debut/Spot holomem face down to the back
COMMANDS.define("place", center=fields.String(required=True),
                back=fields.List(fields.String(), load_default=list, validate=validate.Length(max=5)))
#: メインフェイズ: a Debut or Spot holomem from hand to the back
COMMANDS.define("play", card=fields.String(required=True))
#: メインフェイズ/Bloom: ``card`` from hand onto the holomem at ``target``
COMMANDS.define("bloom", card=fields.String(required=True), target=POS)
#: メインフェイズ: a support card from hand; ``target`` is the holomem a tool/mascot/fan is attached to
COMMANDS.define("support", card=fields.String(required=True), target=fields.String(validate=validate.OneOf(POSITIONS),
                                                                                   allow_none=True, load_default=None))
#: メインフェイズ: the oshi's 推しスキル ("oshi") or SP推しスキル ("sp"), paying ホロパワー
COMMANDS.define("oshi_skill", skill=fields.String(required=True, validate=validate.OneOf(("oshi", "sp"))))
#: メインフェイズ / ギフト: the holomem at ``holomem`` uses its gift 「自分のメインステップで、…」 (a new type: no
#: record before it holds one)
#: ``card``: instead, the card attached to that holomem uses its 「◆…に付いていたら能力追加 自分のメインステップで、…」
COMMANDS.define("gift", holomem=fields.String(required=True, validate=validate.OneOf(POSITIONS)),
                card=fields.String())
#: メインフェイズ/コラボ: the back holomem at ``back`` moves to the collab position
COMMANDS.define("collab", back=fields.String(required=True, validate=validate.OneOf(POSITIONS[2:])))
#: メインフェイズ/バトンタッチ: the centre swaps with ``back``, archiving ``cheer`` (the centre's cheer) as the cost
COMMANDS.define("baton_touch", back=fields.String(required=True, validate=validate.OneOf(POSITIONS[2:])),
                cheer=fields.List(fields.String(), required=True, validate=validate.Length(max=6)))
#: パフォーマンスフェイズ: the holomem at ``holomem`` uses its art ``art`` (index) on the opponent's ``target``
COMMANDS.define("arts", holomem=fields.String(required=True, validate=validate.OneOf(FRONT)),
                art=fields.Integer(strict=True, required=True, validate=validate.Range(0, 5)),
                target=fields.String(required=True, validate=validate.OneOf(FRONT)))
#: エンドフェイズ: 「ターンエンド」 (from the main or the performance phase)
COMMANDS.define("end_turn")
#: the answer to ``state["pending"]`` (a position, a card, "done" to close a hand-resolved ability, ...)
COMMANDS.define("choose", **CHOOSE)


class SourceSchema(Schema):
    card = fields.String(required=True)
    ability = fields.String(required=True)


#: the structured effect commands: an ability the engine does not automate, resolved by
#: hand, one step at a time, each attributed to ``source`` (the card and the ability's name)
EFFECT_OPS = ("move", "attach_cheer", "archive_cheer", "damage", "heal", "hp", "arts_bonus", "draw", "roll",
              "shuffle", "holopower")
ZONES = ("hand", "archive", "deck", "deck_top", "deck_bottom", "holopower", "cheer_deck")
COMMANDS.define(
    "effect",
    op=fields.String(required=True, validate=validate.OneOf(EFFECT_OPS)),
    source=fields.Nested(SourceSchema, required=True),
    card=fields.String(allow_none=True),
    #: ``move``: from/to one of ZONES, or a holomem onto (dest: a position), off (src: a
    #: position) or across the stage; ``attach_cheer``: from "cheer_deck" | "archive" | a position
    src=fields.String(validate=validate.OneOf(ZONES + POSITIONS)),
    dest=fields.String(validate=validate.OneOf(ZONES + POSITIONS)),
    #: the holomem acted on, and whose it is ("self" | "opponent")
    pos=POS,
    side=fields.String(validate=validate.OneOf(("self", "opponent")), load_default="self"),
    amount=fields.Integer(strict=True, validate=validate.Range(-500, 500)),
    count=fields.Integer(strict=True, validate=validate.Range(1, 10)),
    reveal=fields.Boolean(load_default=False),
    special=fields.Boolean(load_default=True),
    pile=fields.String(validate=validate.OneOf(("deck", "cheer_deck"))),
    #: ``hp`` / ``arts_bonus``: how long it lasts — this turn (absent: "turn"), until the end of
    #: the opponent's next turn, or while ``card`` stays attached to that holomem
    until=fields.String(validate=validate.OneOf(("turn", "opponent_turn", "attached"))),
)
