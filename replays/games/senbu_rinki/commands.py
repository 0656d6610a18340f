"""The stored contract of 千舞鱗鬼さがし: every command type and its fields.

This is a contract versioned with ``SenbuRinki.version``: records store these commands
verbatim, so a type or field is renamed, removed or given another meaning only together
with a new ``version`` (records name the version they were made with). Every type also
takes ``outcomes`` (``kifu.replays.kit.commands``): what a physical or observed table states
for the chance events the command causes.

- ``skill`` (技能): ``target`` when the sword's 技能 takes one.
- ``attack`` (攻撃): ``target``; ``extra`` attacks bought with one's own 刀装, declared first.
- ``defend`` (防御).
- ``duel`` (一騎討ち): ``target``, the nominee.
- ``choose``: the answer to the pending decision (``kifu.replays.kit.decisions``): an attack's
  ``"look"`` / ``"fatigue"``, the 一騎討ち nominee's card (a role id, secret: others read
  ``null``; ``null`` itself on an observed table where the recorder did not see it), the
  challenger's guess (``"danshi"`` / ``"sokogun"``).
- ``declare_victory`` (④審神者の勝利宣言).
- ``turn_up``: once the game is over at an observed table, the seat's role card turned
  face up (its ``outcomes`` state the role, or null where the recorder did not see it).
"""
from __future__ import annotations

from marshmallow import fields, validate

from kifu.replays.kit import Commands
from kifu.replays.kit.decisions import CHOOSE

SEAT_PATTERN = r"^p([1-9]|10)$"
SEAT = validate.Regexp(SEAT_PATTERN)

COMMANDS = Commands(seat_pattern=SEAT_PATTERN)
COMMANDS.define("skill", target=fields.String(validate=SEAT))
COMMANDS.define("attack", target=fields.String(required=True, validate=SEAT),
                extra=fields.Integer(strict=True, validate=validate.Range(min=0, max=20)))
COMMANDS.define("defend")
COMMANDS.define("duel", target=fields.String(required=True, validate=SEAT))
COMMANDS.define("choose", **CHOOSE)
COMMANDS.define("declare_victory")
COMMANDS.define("turn_up")
