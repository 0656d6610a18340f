"""The 4×4 【アルバム】 and the placement rule (ゲームの進行/３：メインフェイズ/〇配置ルール).

An album is ``{square: card}`` (the character card included: it is 「配置されているもの」);
dice are ``{colour: {"square", "top", "north"}}``. ``options`` answers, for a card of one
colour, where it may go under 配置ルール/１, clause by clause:

- ``"empty"``: the empty squares orthogonally next to a card carrying a die of that
  colour, inside the 4×4 (縦か横で隣接…斜めは不可…範囲を飛び出すようには配置できません);
- ``"replace"``: only when there is no such empty square, the occupied neighbours whose
  card carries no die: that card is discarded and the new one takes its square
  (既に配置されているカードを捨て札にして…ただし、サイコロが乗っているカードを捨て札
  にはできず、また配置可能な隣接マスがあった場合も捨て札にすることはできません);
- ``"discard"``: neither exists: the card is not placed but discarded
  (どうしても配置不可能な場合…配置せず捨て札にしてください).

>>> album = {"A1": "CH1", "B1": "x"}
>>> dice = {"red": {"square": "A1", "top": 1, "north": 2}}
>>> options(album, dice, "red")
('empty', ['A2'])
>>> options({**album, "A2": "y"}, dice, "red")
('replace', ['B1', 'A2'])
"""
from __future__ import annotations

from typing import Iterable, Mapping

from kifu.replays.games.rolling_stone.dice import STEP, colour_of

COLUMNS = "ABCD"
ROWS = (1, 2, 3, 4)
SQUARES = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)


def on_album(square: str) -> bool:
    return square in SQUARES


def neighbours(square: str) -> list[str]:
    """The orthogonal neighbours of ``square`` inside the 4×4, in SQUARES order."""
    col, row = COLUMNS.index(square[0]), int(square[1:])
    out = []
    for dr, dc in STEP.values():
        c, r = col + dc, row + dr
        if 0 <= c < 4 and 1 <= r <= 4:
            out.append(f"{COLUMNS[c]}{r}")
    return sorted(out, key=SQUARES.index)


def dice_squares(dice: Mapping[str, Mapping]) -> set[str]:
    return {d["square"] for d in dice.values() if d.get("square")}


def sources(dice: Mapping[str, Mapping], colours: Iterable[str]) -> list[str]:
    """The squares of the dice of ``colours`` (a card's colour): 「同色のサイコロが乗せられている」カード
    (いずれかのカード: every die of the colour counts, a second one from a skill too)."""
    wanted = set(colours)
    return sorted({d["square"] for c, d in dice.items() if colour_of(c) in wanted and d.get("square")},
                  key=SQUARES.index)


def options(album: Mapping[str, str], dice: Mapping[str, Mapping], colour: str) -> tuple[str, list[str]]:
    """How a card of ``colour`` may be placed: ("empty" | "replace" | "discard", squares)."""
    near: list[str] = []
    for src in sources(dice, [colour]):
        near += [sq for sq in neighbours(src) if sq not in near]
    near.sort(key=SQUARES.index)
    empty = [sq for sq in near if sq not in album]
    if empty:
        return "empty", empty
    loaded = dice_squares(dice)
    replace = [sq for sq in near if sq not in loaded]
    if replace:
        return "replace", replace
    return "discard", []


def full(album: Mapping[str, str]) -> bool:
    """最終決算/３: every one of the 16 squares holds a card."""
    return all(sq in album for sq in SQUARES)


def lines(album: Mapping[str, str]) -> int:
    """How many of the 4 rows and 4 columns are completely filled."""
    rows = sum(all(f"{c}{r}" in album for c in COLUMNS) for r in ROWS)
    cols = sum(all(f"{c}{r}" in album for r in ROWS) for c in COLUMNS)
    return rows + cols
