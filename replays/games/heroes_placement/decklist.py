"""ヒロプレ deck lists in text (ゲームの準備/デッキ): the start leader and the 50-card deck.

The areas of ``kifu.replays.kit.decklist`` for this game, read into the options' deck
value ``{"leader", "cards"}``; copies count by card id, the start leader among them, as
``state.check_decks`` counts them. A line before any heading is a deck card.

>>> from kifu.replays.games.heroes_placement import RULES
>>> cs = RULES.demo_cardsets()[0]
>>> got = parse(FORM, cs, "Leader: HP-001\\n" + "\\n".join(f"4 HP-{n:03}" for n in range(4, 16)) + "\\n2 HP-016")
>>> got.value["leader"], len(got.value["cards"]), got.summary
('HP-001', 50, 'leader 1 / deck 50')
>>> [str(p) for p in parse(FORM, cs, "リーダー\\n1 HP-001\\n1 HP-021\\nデッキ\\n4 HP-001").problems][:2]
['line 1: スタートリーダー: 2 cards; it must have 1', 'line 2: 5 copies of HP-001 (鷹司葵); at most 4 (also line 5)']
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.games.heroes_placement.state import DECK_SIZE, MAX_COPIES
from kifu.replays.kit.decklist import Area, DeckForm, parse  # noqa: F401 - parse: the doctest's


def _leader(card: Mapping[str, Any]) -> bool:
    return card["kind"] in ("character", "both") and card.get("cost", 0) <= 1


FORM = DeckForm(
    areas=(
        Area("leader", "スタートリーダー", "leader", ("リーダー", "スタートリーダー", "leader", "start leader"), size=1,
             fits=_leader, holds="only a character of cost 1 or less"),
        Area("cards", "デッキ", "deck", ("デッキ", "メインデッキ", "deck", "main", "main deck"), size=DECK_SIZE),
    ),
    build=lambda areas: {"leader": areas["leader"][0], "cards": areas["cards"]},
    split=lambda value: {"leader": [value["leader"]] if value.get("leader") else [],
                         "cards": list(value.get("cards") or [])},
    max_copies=MAX_COPIES, copy_key=lambda card: card["id"], default="cards")
