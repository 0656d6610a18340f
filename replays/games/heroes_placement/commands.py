"""The stored contract of ヒーローズプレイスメント: one schema per command type.

Records keep these commands for ever: change a field only with a new ``RULES.version``,
never rename a type. Every command also has ``type``, ``seat`` and (kit) ``outcomes``.

A square is 0..5: the front row 0 1 2 (左 中 右), the back row 3 4 5; 4 is the leader slot
(後列中央, リーダー置き場).
"""
from __future__ import annotations

from marshmallow import fields, validate

from kifu.replays.kit import Commands
from kifu.replays.kit.decisions import CHOOSE

COMMANDS = Commands(seat_pattern=r"^p[12]$")

SQUARE = dict(validate=validate.Range(min=0, max=5))

#: answers the pending decision (a cost card, a target, a block, an allocation, a discard)
COMMANDS.define("choose", **CHOOSE)
#: リーダーフェイズ: move the character at ``square`` into the leader slot (swapping)
COMMANDS.define("leader_swap", square=fields.Integer(required=True, **SQUARE))
#: バトルフェイズ①: the character at ``square`` attacks the opponent's place at ``target``
#: (co-operative attackers join through ``choose``)
COMMANDS.define("attack", square=fields.Integer(required=True, **SQUARE),
                target=fields.Integer(required=True, **SQUARE))
#: バトルフェイズ③: the turn player gives up priority and the blocked battle is fought
COMMANDS.define("fight")
#: 登場フェイズ: ``card`` from hand appears (its square and cost through ``choose``)
COMMANDS.define("appear", card=fields.String(required=True))
#: the turn player declares an event from hand (``card``) or the declared ability of the
#: character at ``square`` (バトルフェイズ or 登場フェイズ only)
COMMANDS.define("declare", card=fields.String(), square=fields.Integer(**SQUARE))
#: 優先権: the waiting player answers an open response window with a declaration ...
COMMANDS.define("respond", card=fields.String(), square=fields.Integer(**SQUARE))
#: ... or lets it pass
COMMANDS.define("pass")
#: the turn player ends the current phase (from battle and appear phases: gives up priority)
COMMANDS.define("end_phase")
