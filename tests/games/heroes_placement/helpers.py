"""Given/when/then helpers: a game with chosen leaders, a position arranged card by card,
then commands stepped through ``engine.step`` (schema, check, apply)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from kifu.replays import engine, registry
from kifu.replays.errors import RuleViolation

RULES = registry.demo("heroes_placement")
CS = RULES.cardset
DEMO_DECKS = json.loads(json.dumps(CS.loaded["decks"]))

# the demo set's card ids, by the names the supplement uses
AOI, ALICE, SONYA, MAKI, FISHING, OGI, SLASH = "HP-001", "HP-002", "HP-003", "HP-004", "HP-005", "HP-006", "HP-007"
AQUA, MIMI, KEISA, HARU, SUSUKINO, UKI, UTSURO = "HP-008", "HP-009", "HP-010", "HP-011", "HP-012", "HP-013", "HP-014"
HINATA, YUZU, NENE, RECOVER, STEP_IN, KANADE, MIO = ("HP-015", "HP-016", "HP-017", "HP-018", "HP-019", "HP-020",
                                                    "HP-021")
#: a start leader without a rule breaker (and in neither demo deck 4 times)
PLAIN = MIO


def _deck(seat: str, leader: str) -> list[str]:
    """The demo deck, one copy of ``leader`` swapped out where the leader would be a fifth."""
    cards = list(DEMO_DECKS[seat]["cards"])
    if cards.count(leader) >= 4:
        filler = next(c for c in sorted(CS.cards) if c != leader and cards.count(c) < 3)
        cards[cards.index(leader)] = filler
    return cards


def options(first: str | None = "p1", leaders: tuple[str, str] = (PLAIN, PLAIN)) -> dict:
    decks = {seat: {"leader": leader, "cards": _deck(seat, leader)} for seat, leader in zip(("p1", "p2"), leaders)}
    return RULES.options_schema.load({"janken": first, "decks": decks})


def game(first: str | None = "p1", leaders: tuple[str, str] = (PLAIN, PLAIN), *, seed: str = "t",
         table: str = "digital", deal: list | None = None) -> dict:
    return RULES.setup(options(first, leaders), seed, 2, table=table, deal=deal)


def cmd(type_: str, seat: str, **fields: Any) -> dict:
    return {"type": type_, "seat": seat, **fields}


def go(state: dict, *commands: dict) -> dict:
    for command in commands:
        state = engine.step(RULES, state, command)
    return state


def refused(state: dict, command: dict, rule: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        engine.step(RULES, state, command)
    assert err.value.rule == rule, err.value
    return err.value


def choose(state: dict, seat: str, choice: Any) -> dict:
    return go(state, cmd("choose", seat, choice=choice))


def pass_(state: dict, seat: str) -> dict:
    return go(state, cmd("pass", seat))


def put(state: dict, seat: str, square: int, card: str, *, rested: bool = False) -> dict:
    """Arrange: ``card`` stands at ``square`` of ``seat`` (a fresh character)."""
    uid = state["next_uid"]
    state["next_uid"] += 1
    state["players"][seat]["grid"][square]["char"] = {"uid": uid, "card": card, "rested": rested, "equip": [],
                                                      "ap_mod": 0, "lost": False, "start": False}
    return state


def clear(state: dict, seat: str) -> dict:
    for sq in state["players"][seat]["grid"]:
        sq["char"] = None
    return state


def hand(state: dict, seat: str, cards: list[str]) -> dict:
    state["players"][seat]["hand"] = list(cards)
    return state


def places(state: dict, seat: str, cards: dict[int, str | None]) -> dict:
    for sq, card in cards.items():
        state["players"][seat]["grid"][sq]["place"] = card
    return state


def at(state: dict, phase: str, *, active: str = "p1", turn: int = 3) -> dict:
    """Arrange: ``active``'s turn ``turn`` (not the first: battles allowed), in ``phase``."""
    state.update(phase=phase, active=active, turn=turn)
    return state


def char(state: dict, seat: str, square: int) -> dict | None:
    return state["players"][seat]["grid"][square]["char"]


def kind(state: dict) -> str | None:
    return state["pending"]["kind"] if state["pending"] else None


def deck(state: dict, seat: str, cards: list[str]) -> dict:
    """Arrange: ``seat``'s deck is exactly ``cards``, in no known order."""
    unseen: dict[str, int] = {}
    for card in sorted(cards):
        unseen[card] = unseen.get(card, 0) + 1
    state["zones"]["piles"][f"deck:{seat}"] = {"size": len(cards), "top": [], "bottom": [], "unseen": unseen}
    return state
