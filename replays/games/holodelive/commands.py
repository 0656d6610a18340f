"""The HOLOdeLIVE commands: the stored contract.

Records keep these commands for ever, so this module is a contract versioned with
``HoloDeLive.version``: a field changes only with a new version, a type is never
renamed. Every command has ``type`` and ``seat`` ("p1" | "p2"); the kit adds
``outcomes`` (the chance outcomes a physical or observed table states, in the order the
events happen: see ``kifu.replays.kit.chance``). Version 2 dropped ``draw``'s optional
``card``: what a draw brings is its outcome.

>>> sorted(COMMANDS.schemas)
['action', 'choose', 'declare_live', 'draw', 'end_turn', 'pass', 'play']
>>> COMMANDS.schemas["play"].validate({"type": "play", "seat": "p1", "card": "azki", "venue": 3})
{'venue': ['Must be greater than or equal to 0 and less than or equal to 2.']}
"""
from __future__ import annotations

from marshmallow import fields, validate

from kifu.replays.kit import Commands
from kifu.replays.kit.decisions import CHOOSE

COMMANDS = Commands(seat_pattern=r"^p[12]$")

VENUE = {"venue": fields.Integer(strict=True, required=True, validate=validate.Range(0, 2))}

#: ①ドローフェイズ: the top of the deck or the office card
COMMANDS.define("draw", source=fields.String(required=True, validate=validate.OneOf(("deck", "office"))))
#: ②アクションフェイズ: a card on your field uses its アクション時 ability
COMMANDS.define("action", card=fields.String(required=True))
#: ③プレイフェイズ: a card from your hand to your unit at ``venue``
COMMANDS.define("play", card=fields.String(required=True), **VENUE)
#: ③ with nothing playable
COMMANDS.define("pass")
#: ④ライブ準備: "five" (5 cards) or "generation" (4, three of one generation)
COMMANDS.define("declare_live", kind=fields.String(required=True, validate=validate.OneOf(("five", "generation"))),
                **VENUE)
COMMANDS.define("end_turn")
#: the answer to ``state["pending"]``
COMMANDS.define("choose", **CHOOSE)
