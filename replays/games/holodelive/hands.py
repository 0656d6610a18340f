"""Hands (役): poker-style ranks over a unit's icons.

Rank order (役一覧), strongest first: 5カード > C.O.V.E.R > 4カード > フルハウス > フラッシュ >
3カード > 2ペア > 1ペア > ブタ. Only the category counts: equal categories are decided by
who declared first (勝利条件/決着), so there are no kickers.

How a unit's icons are read:

- each card shows one printed icon, or one of its sub-icons (サブアイコン);
- ``wild`` cards (ときのそら, AZKi, 大空スバル) may be any of the 12 icons, and 癒月ちょこ
  (``mimic_generation``) may also be any icon that another card of her generation in the
  unit ends up using; these choices exist only for ranking (カード効果補足), effects always
  read the printed icons;
- STAFF cards never count: no icon and no suit, so one STAFF caps a unit at 4カード and
  two at 3カード, and a flush needs five suited cards;
- every choice is made to the holder's best advantage: ``achievable`` lists every
  category some assignment reaches, ``best`` is its maximum;
- but an icon-changing ability is used only to raise the hand (カード効果補足, アイコンを
  変化できる能力を持つカード: 「役を上げる目的以外、基本的には描かれている元々のアイコンとして
  扱います」): ``readings`` are the categories the holder may claim, the printed readings
  (sub-icons still chosen freely) unless a wild raises the hand above all of them, and
  then only that best hand. So a unit whose wild makes COVER is COVER.

A unit of four (期生ライブ) simply cannot reach a five-card hand (5カード, COVER,
フルハウス, フラッシュ): that is the "limit on hands" of a generation live.

>>> from kifu.replays import registry
>>> cs = registry.demo("holodelive").cardset
>>> name(best(cs, ["tokino_sora", "natsuiro_matsuri", "sakura_miko", "inugami_korone", "shishiro_botan"]))
'5カード'
>>> sorted(name(r) for r in readings(cs, ["tokino_sora", "azki", "sakura_miko", "hoshimachi_suisei",
...                                       "tokoyami_towa"]))
['C.O.V.E.R']
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from typing import Mapping, Sequence

from kifu.replays.games.holodelive.cards import ICONS, STAFF, has_constant
from kifu.replays.kit import CardSet

BUTA, ONE_PAIR, TWO_PAIR, THREE, FLUSH, FULL_HOUSE, FOUR, COVER, FIVE = range(9)
RANK_KEYS = ("buta", "one_pair", "two_pair", "three", "flush", "full_house", "four", "cover", "five")
RANK_NAMES = ("ブタ", "1ペア", "2ペア", "3カード", "フラッシュ", "フルハウス", "4カード", "C.O.V.E.R", "5カード")
COVER_ICONS = frozenset({"CHARISMA", "OTAKU", "VOCAL", "ENJOY", "REACTION"})


def name(rank: int) -> str:
    return RANK_NAMES[rank]


def _slot(cardset: CardSet, card_id: str, printed: bool = False) -> tuple:
    """What one card may contribute: ("staff",) | ("wild",) | ("icons", icons) | ("mimic", gen, icons).

    ``printed``: icon-changing abilities unused, every card shows its printed icons.
    """
    member = cardset.card(card_id)
    if STAFF in member["icons"]:
        return ("staff",)
    icons = tuple(member["icons"]) + tuple(member["sub_icons"])
    if printed:
        return ("icons", icons)
    if has_constant(cardset, card_id, "wild"):
        return ("wild",)
    for ab in member["abilities"]:
        if ab["timing"] == "constant" and ab["effect"] == "mimic_generation":
            return ("mimic", ab["params"].get("generation", member["generation"]), icons)
    return ("icons", icons)


def _rank_of(icons: Sequence[str], flush: bool) -> int:
    counts = sorted(Counter(icons).values(), reverse=True) + [0, 0]
    top, second = counts[0], counts[1]
    if top >= 5:
        return FIVE
    if len(icons) == 5 and set(icons) == COVER_ICONS:
        return COVER
    if top >= 4:
        return FOUR
    if top >= 3 and second >= 2:
        return FULL_HOUSE
    if flush:
        return FLUSH
    if top >= 3:
        return THREE
    if top >= 2 and second >= 2:
        return TWO_PAIR
    if top >= 2:
        return ONE_PAIR
    return BUTA


@lru_cache(maxsize=4096)
def _achievable(slots: tuple, generations: tuple, flush: bool) -> frozenset[int]:
    fixed = [(i, s[1]) for i, s in enumerate(slots) if s[0] == "icons"]
    wild = [i for i, s in enumerate(slots) if s[0] == "wild"]
    mimic = [i for i, s in enumerate(slots) if s[0] == "mimic"]
    # a wild icon only ever helps by matching another card or completing COVER
    pool = set(COVER_ICONS)
    for _, icons in fixed:
        pool.update(icons)
    for i in mimic:
        pool.update(slots[i][2])
    pool.add(next(icon for icon in ICONS if icon not in pool) if len(pool) < len(ICONS) else ICONS[0])
    pool_t = tuple(sorted(pool))
    choices = [icons for _, icons in fixed] + [pool_t] * len(wild)
    owners = [i for i, _ in fixed] + wild
    found: set[int] = set()
    for combo in product(*choices):
        chosen = dict(zip(owners, combo))
        base = list(combo)
        if not mimic:
            found.add(_rank_of(base, flush))
            continue
        options = []
        for i in mimic:
            gen = slots[i][1]
            same_gen = {chosen[j] for j in owners if generations[j] == gen and gen is not None}
            options.append(tuple(sorted(set(slots[i][2]) | same_gen)))
        for extra in product(*options):
            found.add(_rank_of(base + list(extra), flush))
    if not found:
        found.add(BUTA)
    return frozenset(found)


def achievable(cardset: CardSet, unit: Sequence[str], *, printed: bool = False) -> frozenset[int]:
    """Every hand category some choice of (sub/wild) icons makes from ``unit``
    (``printed``: with every icon-changing ability left unused)."""
    slots = tuple(_slot(cardset, c, printed) for c in unit)
    generations = tuple(cardset.card(c)["generation"] for c in unit)
    suits = [cardset.card(c)["suit"] for c in unit]
    flush = len(unit) == 5 and suits[0] is not None and all(s == suits[0] for s in suits)
    return _achievable(slots, generations, flush)


def readings(cardset: CardSet, unit: Sequence[str]) -> frozenset[int]:
    """The categories the holder may claim for ``unit``: the printed readings, unless an
    icon-changing ability raises the hand above them all, and then only that best hand
    (「役を上げる目的以外、基本的には描かれている元々のアイコンとして扱います」)."""
    every = achievable(cardset, unit)
    printed = achievable(cardset, unit, printed=True)
    top = max(every)
    return printed if top == max(printed) else frozenset({top})


def best(cardset: CardSet, unit: Sequence[str]) -> int:
    """The strongest category ``unit`` makes, its holder choosing every icon."""
    return max(achievable(cardset, unit))


def describe_unit(cardset: CardSet, unit: Sequence[str]) -> Mapping[str, object]:
    rank = best(cardset, unit)
    return {"rank": RANK_KEYS[rank], "name": RANK_NAMES[rank], "value": rank}
