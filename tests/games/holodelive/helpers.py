"""Given/when/then helpers: arrange a position card by card, then step commands through it."""
from __future__ import annotations

from typing import Any

import pytest

from replays import canon, engine
from replays.errors import RuleViolation
from replays.games.holodelive import RULES
from replays.games.holodelive.cards import get
from replays.games.holodelive.state import Board

CS = get("holodelive-demo")
VENUES = ["livehouse", "civic_hall", "zepp", "arena", "messe", "dome"]  # 2000 .. 8000


def fresh(first: str = "p1", seed: str = "test", **options: Any) -> dict:
    return RULES.setup({"first_player": first, **options}, seed, 2)


def arrange(*, hands: dict | None = None, units: dict | None = None, homes: dict | None = None,
            office: str | None = "auto", deck: list | None = None, active: str = "p1", phase: str = "action",
            turn: int = 3, venues: list | None = None, lives: dict | None = None, box: list | None = None,
            seed: str = "test", **extra: Any) -> dict:
    """A position: every card not named goes to the deck (``deck`` lists its top first).

    ``units`` maps seat -> {venue index: [cards bottom first]}; ``lives`` maps
    (seat, venue) -> kind, declared before the current step.
    """
    s = fresh(seed=seed, venue_order=venues or VENUES)
    for seat in ("p1", "p2"):
        s["hands"][seat], s["homes"][seat] = [], []
    named: list[str] = []
    for seat, cards in (hands or {}).items():
        s["hands"][seat] = list(cards)
        named += cards
    for seat, cards in (homes or {}).items():
        s["homes"][seat] = list(cards)
        named += cards
    for seat, per_venue in (units or {}).items():
        for v, cards in per_venue.items():
            s["venues"][v]["units"][seat] = list(cards)
            named += cards
    top = list(deck or [])
    named += top
    rest = [c for c in CS.members if c not in named]
    if office == "auto":
        office = rest.pop(0) if rest else None
    elif office is not None:
        assert office in rest, office
        rest.remove(office)
    assert len(set(named)) == len(named), "a card named twice"
    s["office"] = office
    s["deck"] = top + rest
    s.update(active=active, phase=phase, turn=turn)
    if box is not None:
        s["box"] = box
    for (seat, v), kind in (lives or {}).items():
        s["venues"][v]["live"][seat] = {"kind": kind, "count": len(s["venues"][v]["units"][seat]),
                                        "declared_step": -1, "declared_turn": turn - 1}
    s.update(extra)
    return s


def step(state: dict, *commands: dict) -> dict:
    for command in commands:
        before = canon.dumps(state)
        nxt = engine.step(RULES, state, command)
        assert canon.dumps(state) == before, "apply mutated its input"
        state = nxt
    return state


def violation(state: dict, command: dict) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        engine.check(RULES, state, command)
    return info.value


def play(seat: str, card: str, venue: int) -> dict:
    return {"type": "play", "seat": seat, "card": card, "venue": venue}


def choose(seat: str, choice: Any) -> dict:
    return {"type": "choose", "seat": seat, "choice": choice}


def end(seat: str) -> dict:
    return {"type": "end_turn", "seat": seat}


def declare(seat: str, venue: int, kind: str = "five") -> dict:
    return {"type": "declare_live", "seat": seat, "venue": venue, "kind": kind}


def action(seat: str, card: str) -> dict:
    return {"type": "action", "seat": seat, "card": card}


def unit(state: dict, seat: str, v: int) -> list[str]:
    return state["venues"][v]["units"][seat]


def board(state: dict) -> Board:
    return Board(state, CS)


def events(state: dict, kind: str) -> list[dict]:
    return [e for e in state["events"] if e["kind"] == kind]
