"""Given/when/then helpers: arrange a position card by card, then step commands through it."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from kifu.replays import canon, engine, registry
from kifu.replays.errors import RuleViolation
from kifu.replays.games.holodelive import cards
from kifu.replays.games.holodelive.state import Board

RULES = registry.demo("holodelive")
CS = RULES.cardset
MEMBERS = cards.members(CS)
VENUES = ["livehouse", "civic_hall", "zepp", "arena", "messe", "dome"]  # 2000 .. 8000


def fresh(first: str = "p1", seed: str = "test", *, table: str = "digital", deal: list | None = None,
          **options: Any) -> dict:
    return RULES.setup({"first_player": first, **options}, seed, 2, table=table, deal=deal)


def arrange(*, hands: dict | None = None, units: dict | None = None, homes: dict | None = None,
            office: str | None = "auto", deck: list | None = None, deck_bottom: list | None = None,
            active: str = "p1", phase: str = "action", turn: int = 3, venues: list | None = None,
            lives: dict | None = None, box: list | None = None, seed: str = "test", table: str = "digital",
            **extra: Any) -> dict:
    """A position: every member not named is in the deck, in no known order.

    ``deck`` / ``deck_bottom`` are the deck's known top and bottom (top first); ``units``
    maps seat -> {venue index: [cards bottom first]}; ``lives`` maps (seat, venue) ->
    kind, declared before the current step; ``venues`` lists the three laid out first
    (then the box), ``box`` the box's known top.
    """
    s = fresh(seed=seed)
    s["table"] = table
    for seat in ("p1", "p2"):
        s["hands"][seat], s["homes"][seat] = [], []
    named: list[str] = []
    for seat, held in (hands or {}).items():
        s["hands"][seat] = list(held)
        named += held
    for seat, held in (homes or {}).items():
        s["homes"][seat] = list(held)
        named += held
    for seat, per_venue in (units or {}).items():
        for v, held in per_venue.items():
            s["venues"][v]["units"][seat] = list(held)
            named += held
    top, bottom = list(deck or []), list(deck_bottom or [])
    named += top + bottom
    rest = [c for c in MEMBERS if c not in named]
    if office == "auto":
        office = rest.pop(0) if rest else None
    elif office is not None:
        assert office in rest, office
        rest.remove(office)
    assert len(set(named)) == len(named), "a card named twice"
    s["office"] = office
    s["zones"]["piles"]["deck"] = {"size": len(top) + len(rest) + len(bottom), "top": top, "bottom": bottom,
                                   "unseen": dict(sorted(Counter(rest).items()))}
    order = list(venues or VENUES)
    order += [v for v in VENUES if v not in order]
    for i, v in enumerate(order[:3]):
        s["venues"][i]["id"] = v
    boxed = [v for v in order[3:] if v not in (box or [])]
    s["zones"]["piles"]["box"] = {"size": len(boxed) + len(box or []), "top": list(box or []), "bottom": [],
                                  "unseen": dict(sorted(Counter(boxed).items()))}
    s.update(active=active, phase=phase, turn=turn)
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


def draw(seat: str, source: str = "deck", *outcomes: Any) -> dict:
    cmd = {"type": "draw", "seat": seat, "source": source}
    return {**cmd, "outcomes": list(outcomes)} if outcomes else cmd


def play(seat: str, card: str, venue: int, *outcomes: Any) -> dict:
    cmd = {"type": "play", "seat": seat, "card": card, "venue": venue}
    return {**cmd, "outcomes": list(outcomes)} if outcomes else cmd


def choose(seat: str, choice: Any, *outcomes: Any) -> dict:
    cmd = {"type": "choose", "seat": seat, "choice": choice}
    return {**cmd, "outcomes": list(outcomes)} if outcomes else cmd


def end(seat: str, *outcomes: Any) -> dict:
    cmd = {"type": "end_turn", "seat": seat}
    return {**cmd, "outcomes": list(outcomes)} if outcomes else cmd


def declare(seat: str, venue: int, kind: str = "five") -> dict:
    return {"type": "declare_live", "seat": seat, "venue": venue, "kind": kind}


def action(seat: str, card: str, *outcomes: Any) -> dict:
    cmd = {"type": "action", "seat": seat, "card": card}
    return {**cmd, "outcomes": list(outcomes)} if outcomes else cmd


def unit(state: dict, seat: str, v: int) -> list[str]:
    return state["venues"][v]["units"][seat]


def pile(state: dict, name: str = "deck") -> dict:
    return state["zones"]["piles"][name]


def deck_cards(state: dict) -> list[str]:
    """Every card in the deck (exact at a digital table: no unknown tokens), sorted."""
    p = pile(state)
    return sorted(p["top"] + p["bottom"] + [c for c, n in p["unseen"].items() for _ in range(n)])


def deck_out(state: dict) -> list[str]:
    """Empty the deck (the cards must be put somewhere: they are returned)."""
    p = pile(state)
    out = p["top"] + p["bottom"] + [c for c, n in p["unseen"].items() for _ in range(n)]
    state["zones"]["piles"]["deck"] = {"size": 0, "top": [], "bottom": [], "unseen": {}}
    return out


def board(state: dict) -> Board:
    return RULES.context(state, CS)


def events(state: dict, kind: str) -> list[dict]:
    return [e for e in state["events"] if e["kind"] == kind]


def describe(before: dict, command: dict, perspective: str) -> str:
    """The move-list line of a legal ``command`` played at ``before``."""
    return RULES.describe(before, command, engine.step(RULES, before, command), perspective)
