"""The stored contract of Life is Rolling Stone: every command type and its fields.

Versioned with ``RollingStone.version``: records store these commands verbatim, so a type
or field is renamed, removed or given another meaning only together with a new
``version``. Every type also takes ``outcomes`` (``kifu.replays.kit.commands``): what a
physical or observed table states for the chance events the command causes (at most one
per command, except the skill reveal that lays out the stage's three events).

Squares of the 4×4 【アルバム】 are named ``"A1"`` .. ``"D4"``: the column letter A–D from
west to east, the row 1–4 from north (the far edge) to south. The schema accepts any
letter and number so that "off the album" is a rule (配置ルール/１) a judge can cite,
not a format error. Colours are ``red`` 情熱（赤）, ``blue`` 理性（青）, ``yellow``
欲望（黄）, ``green`` 調和（緑）; directions ``north``, ``east``, ``south``, ``west``.

Setup (ゲームの準備):

- ``pass_dream``: ``card``, the dream card passed to the left neighbour (secret: the
  others read ``null``). On an observed table the recorder may name an unknown token of
  the hand (``"?3"``) instead of a card.
- ``start_album``: ``square``, where the character card lies.
- ``roll``: ``colour``, the die rolled (chance: its top face).
- ``orient``: ``colour`` and ``north``, the face turned towards north (top stays).

Play (ゲームの進行):

- ``set_skill``: ``card``, the dream card set as this stage's skill (secret until every
  seat has chosen).
- ``draw``: one card from the stage deck face up: to the 共通場 (the start player, at the
  round's start) or the リピート card (the active player). Chance: the card.
- ``order``: ``slot`` 1–4, the order card's square for one's pawn.
- ``bonus_die`` (order bonus 3): ``colour`` and ``direction``: roll that die one face;
  ``die`` (optional, from version 2): which die of the colour, ``2`` for a second one a
  skill gave (``extra_die``); absent, the first.
- ``skip_bonus``: decline order bonus 3.
- ``take``: ``card`` from the 共通場 and ``square`` to place it on (``null``: it cannot
  be placed and is discarded).
- ``place``: ``square`` for the drawn card (``null`` as for ``take``).
- ``reveal_dream`` (observed tables only): ``card``, the dream card left in hand, shown
  for the final scoring when the recorder never saw it.
"""
from __future__ import annotations

from marshmallow import fields, validate

from kifu.replays.kit import Commands

SEAT_PATTERN = r"^p[1-4]$"
COLOURS = ("red", "blue", "yellow", "green")
DIRECTIONS = ("north", "east", "south", "west")
#: any "letter + number": bounds are checked by the rules (配置ルール/１), not the schema
SQUARE = validate.Regexp(r"^[A-Z][0-9]{1,2}$")

COMMANDS = Commands(seat_pattern=SEAT_PATTERN)
COMMANDS.define("pass_dream", card=fields.String(required=True))
COMMANDS.define("start_album", square=fields.String(required=True, validate=SQUARE))
COMMANDS.define("roll", colour=fields.String(required=True, validate=validate.OneOf(COLOURS)))
COMMANDS.define("orient", colour=fields.String(required=True, validate=validate.OneOf(COLOURS)),
                north=fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=6)))
COMMANDS.define("set_skill", card=fields.String(required=True))
COMMANDS.define("draw")
COMMANDS.define("order", slot=fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=4)))
COMMANDS.define("bonus_die", colour=fields.String(required=True, validate=validate.OneOf(COLOURS)),
                direction=fields.String(required=True, validate=validate.OneOf(DIRECTIONS)),
                die=fields.Integer(strict=True, validate=validate.Range(min=2, max=9)))
COMMANDS.define("skip_bonus")
COMMANDS.define("take", card=fields.String(required=True),
                square=fields.String(required=True, allow_none=True, validate=SQUARE))
COMMANDS.define("place", square=fields.String(required=True, allow_none=True, validate=SQUARE))
COMMANDS.define("reveal_dream", card=fields.String(required=True))
