"""Role cards: the three roles, the player-count table, and the box the 山札 comes from.

The rulebook (【ゲーム開始前の準備】) says to pick role cards "取扱説明書の記載に従い"
for the number of players, shuffle them and deal them face down to every sword, and keep
the remaining role cards face down as the 山札 (used by 一騎討ち). We do not have that
manual, so both the table of dealt cards per player count and the box's contents are
documented defaults here; each can be overridden by an option (``role_counts``, and
``role_box``: the deck list of the box a table actually uses).

>>> dealt_counts(6)
{'saniwa': 1, 'danshi': 3, 'sokogun': 2}
>>> deck_counts(dealt_counts(6), DEFAULT_BOX)
{'saniwa': 0, 'danshi': 4, 'sokogun': 3}
>>> deck_counts(dealt_counts(10), {"saniwa": 1, "danshi": 5, "sokogun": 3})
Traceback (most recent call last):
...
kifu.replays.errors.RuleViolation: [ゲーム開始前の準備] role_box: not enough 時間遡行軍 cards for the dealt roles
"""
from __future__ import annotations

from typing import Mapping

from kifu.replays.errors import RuleViolation

SETUP = "ゲーム開始前の準備"
SANIWA = "saniwa"
DANSHI = "danshi"
SOKOGUN = "sokogun"
ROLES = (SANIWA, DANSHI, SOKOGUN)
LABELS = {SANIWA: "審神者", DANSHI: "刀剣男士", SOKOGUN: "時間遡行軍"}
#: which side each role plays for; the side's label is the rulebook's.
SIDE = {SANIWA: "saniwa", DANSHI: "saniwa", SOKOGUN: "sokogun"}
SIDE_LABELS = {"saniwa": "審神者・刀剣男士", "sokogun": "時間遡行軍"}
#: a duel's guess names one of these (the 山札 never holds the 審神者).
GUESSES = (DANSHI, SOKOGUN)

#: Dealt role cards per player count. ASSUMPTION (the manual is not available): one
#: 審神者, about a third 時間遡行軍, the rest 刀剣男士.
ROLE_TABLE: dict[int, dict[str, int]] = {
    4: {SANIWA: 1, DANSHI: 2, SOKOGUN: 1},
    5: {SANIWA: 1, DANSHI: 2, SOKOGUN: 2},
    6: {SANIWA: 1, DANSHI: 3, SOKOGUN: 2},
    7: {SANIWA: 1, DANSHI: 3, SOKOGUN: 3},
    8: {SANIWA: 1, DANSHI: 4, SOKOGUN: 3},
    9: {SANIWA: 1, DANSHI: 5, SOKOGUN: 3},
    10: {SANIWA: 1, DANSHI: 5, SOKOGUN: 4},
}
#: Every role card in the box. ASSUMPTION: enough that the 山札 keeps both kinds of card
#: at every player count of the default table (10 players leave 2 刀剣男士 + 1 時間遡行軍).
DEFAULT_BOX: dict[str, int] = {SANIWA: 1, DANSHI: 7, SOKOGUN: 5}


def cards(counts: Mapping[str, int]) -> list[str]:
    """The role cards of ``counts`` as a list (in ``ROLES`` order)."""
    return [role for role in ROLES for _ in range(int(counts.get(role, 0)))]


def dealt_counts(players: int, override: Mapping[str, int] | None = None) -> dict[str, int]:
    """The role cards dealt for ``players``; RuleViolation on an impossible override."""
    counts = {role: int((override or ROLE_TABLE[players]).get(role, 0)) for role in ROLES}
    if counts[SANIWA] != 1:
        raise RuleViolation(SETUP, "role_counts: exactly one 審神者 is dealt")
    if any(n < 0 for n in counts.values()):
        raise RuleViolation(SETUP, "role_counts: counts are not negative")
    if sum(counts.values()) != players:
        raise RuleViolation(SETUP, f"role_counts: {sum(counts.values())} role cards for {players} players")
    return counts


def deck_counts(dealt: Mapping[str, int], box: Mapping[str, int]) -> dict[str, int]:
    """The 山札: the box minus what was dealt; RuleViolation if the box cannot deal it."""
    deck = {role: int(box.get(role, 0)) - int(dealt.get(role, 0)) for role in ROLES}
    short = [LABELS[r] for r, n in deck.items() if n < 0]
    if short:
        raise RuleViolation(SETUP, f"role_box: not enough {'・'.join(short)} cards for the dealt roles")
    if deck[SANIWA]:
        raise RuleViolation(SETUP, "role_box: the box holds exactly one 審神者")
    return deck
