"""Shared fixtures for the hocg tests: the FIXTURE set bound, its two demo decks, and a
physical table whose deal and outcomes the test states (so every card is known)."""
from __future__ import annotations

import copy
from pathlib import Path

from kifu.replays import engine
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg.cards import demo_decks

RULES = UNBOUND.bind(next(cs for cs in UNBOUND.demo_cardsets() if cs.id == UNBOUND.default_cardset))
CS = RULES.cardset
DECKS = demo_decks(CS)
REAL_LIST = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "hocg" / "card_data.json"

# the FIXTURE cards by role (see cardsets/fixture.json)
YUKI_OSHI, AKARI_OSHI, LUKA_OSHI = "FX01-000_C", "FX02-000_C", "FX09-001_C"
YUKI_D, YUKI_DU, YUKI_1, YUKI_1D, YUKI_2 = "FX01-001_C", "FX01-002_C", "FX01-003_C", "FX01-004_C", "FX01-005_C"
MIDORI_D, MIDORI_1, HANA = "FX01-006_C", "FX01-007_C", "FX01-008_C"
AKARI_D, AKARI_DU, AKARI_1, AKARI_1P, AKARI_BUZZ, AKARI_2 = ("FX02-001_C", "FX02-002_C", "FX02-003_C", "FX02-004_C",
                                                             "FX02-005_C", "FX02-006_C")
AOI_D, AOI_1 = "FX02-007_C", "FX02-008_C"
MANAGER, LETTER, MIC, SNOWMAN, DICE, MEMO = ("FX00-001_C", "FX00-002_C", "FX00-003_C", "FX00-004_C", "FX00-005_C",
                                             "FX00-006_C")
WHITE, GREEN, RED, BLUE = "FX00-C01_C", "FX00-C02_C", "FX00-C03_C", "FX00-C04_C"


def options(first: str = "p1", decks: dict | None = None) -> dict:
    return RULES.options_schema.load({"first_player": first, "decks": decks or {"p1": DECKS[0], "p2": DECKS[1]}})


def deal(p1_hand: list[str], p2_hand: list[str], first: str = "p1", *, table: str = "physical",
         decks: dict | None = None) -> dict:
    """A physical (or observed) setup whose opening hands are stated."""
    hands = (p1_hand, p2_hand) if first == "p1" else (p2_hand, p1_hand)
    return RULES.setup(options(first, decks), "test", 2, table=table, deal=[*hands[0], *hands[1]])


def step(state: dict, cmd: dict, *outcomes) -> dict:
    """``cmd`` checked and applied, with the stated outcomes of its chance events."""
    if outcomes:
        cmd = {**cmd, "outcomes": list(outcomes)}
    return engine.step(RULES, state, cmd)


def c(seat: str, kind: str, **fields) -> dict:
    return {"type": kind, "seat": seat, **fields}


P1_HAND = [YUKI_D, YUKI_DU, YUKI_1, MIDORI_D, MANAGER, LETTER, MIC]
P2_HAND = [AKARI_D, AKARI_DU, AKARI_1, AOI_D, MANAGER, DICE, SNOWMAN]


def ready(p1_back=(YUKI_DU,), p2_back=(AKARI_DU,), p1_cheer=WHITE) -> dict:
    """Both hands kept and placed (p1: centre 雪見ユキ Debut; p2: centre 炎堂アカリ Debut);
    p1's first turn has begun (no draw; its first cheer, ``p1_cheer``, asked for)."""
    s = deal(P1_HAND, P2_HAND)
    s = step(s, c("p1", "keep"))
    s = step(s, c("p2", "keep"))
    s = step(s, c("p1", "place", center=YUKI_D, back=list(p1_back)))
    return step(s, c("p2", "place", center=AKARI_D, back=list(p2_back)), p1_cheer)


def legal(state: dict, seat: str) -> list[dict]:
    return RULES.legal(state, seat)


def swap_in_hand(state: dict, seat: str, old: str, new: str) -> dict:
    """A given state: ``old`` in ``seat``'s hand exchanged with a ``new`` from its deck
    (the deck pile's what-may-be-in-it follows, so card counts stay true)."""
    s = copy.deepcopy(state)
    hand = s["players"][seat]["hand"]
    hand[hand.index(old)] = new
    unseen = s["zones"]["piles"][f"deck/{seat}"]["unseen"]
    unseen[new] -= 1
    if not unseen[new]:
        del unseen[new]
    unseen[old] = unseen.get(old, 0) + 1
    s["zones"]["piles"][f"deck/{seat}"]["unseen"] = dict(sorted(unseen.items()))
    return s


def with_list_cards(set_id: str, wanted, names) -> "type(RULES)":
    """The FIXTURE set plus the official list's cards ``wanted`` (by id) and every non-cheer card named
    in ``names``, with a yellow and a purple cheer of the list (``R.yellow``, ``R.purple``), bound."""
    import json

    from kifu.replays.games.hocg import rawlist

    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    yellow, purple = (next(pid for pid, v in raw.items() if v.get("card_type") == "エール" and v.get("color") == colour)
                      for colour in ("黄", "紫"))
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items()
             if pid in wanted or pid in (yellow, purple) or (v.get("name") in names and v.get("card_type") != "エール")]
    mixed = UNBOUND.load_cardset({"id": set_id, "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.yellow, bound.purple = yellow, purple
    return bound
