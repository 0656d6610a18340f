"""Registered deck lists: validated by the game itself, and checked against the records.

A player's deck list is what the game's options take per seat (``options["decks"][seat]``:
hOCG's ``{oshi, deck, cheer}``, ヒロプレ's ``{leader, cards}``, a list of card ids in a
simpler game). ``problems`` runs the game's own deck check on it: hOCG's
``deck_problems`` (every problem of 対戦用具 named), else the game's options schema and
its set-up (``check_deck`` and the game's construction rules), so a list is refused for
exactly what a match with it would be refused for. A game without per-seat deck lists
(holodelive shares one deck; senbu_rinki and rolling_stone have none) takes no list.

Deck checks from records (pure): ``seat_cards`` counts the card identities found in one
seat's part of an omniscient state (anything under a key that is the seat id, and the
known cards of piles named for the seat; the unordered ``unseen`` multiset of a pile is
not a card anyone named). ``mismatches`` compares, card by card, the most copies seen at
any one step with the registered list: a card seen more often than registered is a
deck problem a judge must look at.

>>> mismatches(["k1", "k2"], Counter({"k1": 2, "k2": 1}), names={"k1": "one"})
[{'card': 'k1', 'name': 'one', 'registered': 1, 'seen': 2}]
"""
from __future__ import annotations

import importlib
import re
from collections import Counter
from typing import Any, Collection, Iterable, Mapping

from marshmallow import ValidationError

from kifu.replays.errors import RuleViolation
from kifu.replays.rules import seat_ids


def has_decks(rules: Any) -> bool:
    """Whether the game registers a deck list per seat (an options field ``decks``)."""
    return "decks" in getattr(rules.options_schema, "fields", {})


def _messages(messages: Any, path: str = "") -> list[str]:
    if isinstance(messages, Mapping):
        return [m for k, v in messages.items() for m in _messages(v, f"{path}{k}: " if k != "_schema" else path)]
    if isinstance(messages, (list, tuple)):
        return [m for v in messages for m in _messages(v, path)]
    return [f"{path}{messages}"]


def problems(rules: Any, deck: Any) -> list[str]:
    """Every problem of ``deck`` for the bound game ``rules`` (empty: legal)."""
    if not has_decks(rules):
        return [] if deck is None else [f"{rules.id} has no per-player deck lists; register without one"]
    if deck is None:
        return []
    seats = seat_ids(min(rules.seats))
    try:
        loaded = rules.options_schema.load({"decks": {s: deck for s in seats}})
    except ValidationError as exc:
        messages = exc.messages.get("decks", exc.messages) if isinstance(exc.messages, dict) else exc.messages
        if isinstance(messages, dict) and seats[0] in messages:
            messages = messages[seats[0]]
        if isinstance(messages, dict) and "value" in messages:
            messages = messages["value"]
        return sorted(set(_messages(messages)))
    own = _game_deck_problems(rules)
    if own is not None:
        return list(own(rules.cardset, loaded["decks"][seats[0]]))
    try:
        rules.setup(loaded, "deck-check", len(seats))
    except RuleViolation as exc:
        return [f"[{exc.rule}] {exc.message}" if hasattr(exc, "message") else str(exc)]
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        # a list of the right schema that the set-up still cannot read: refused, not a 500
        return [f"refused by the game's set-up: {exc}"]
    return []


def _game_deck_problems(rules: Any) -> Any:
    """The game's own every-problem deck check (``state.deck_problems(cs, list)``), if it has one."""
    package = getattr(rules, "package", None)
    if not package:
        return None
    try:
        return getattr(importlib.import_module(f"{package}.state"), "deck_problems", None)
    except ImportError:
        return None


def flatten(deck: Any) -> list[str]:
    """Every card id of a registered list, whatever its shape (hOCG's oshi, deck and cheer)."""
    if deck is None:
        return []
    if isinstance(deck, str):
        return [deck]
    if isinstance(deck, Mapping):
        return [c for v in deck.values() for c in flatten(v)]
    if isinstance(deck, (list, tuple)):
        return [c for v in deck for c in flatten(v)]
    return []


def _pile_of(name: str, seat: str) -> bool:
    return seat in re.split(r"[^a-z0-9]+", name.lower())


def seat_cards(state: Mapping[str, Any], seat: str, known: Collection[str]) -> Counter:
    """The card identities in ``seat``'s part of one omniscient state (see the module docstring)."""
    found: Counter = Counter()

    def walk(node: Any, mine: bool) -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in ("zones", "chance", "unseen", "revealed", "judge"):
                    continue
                walk(value, mine or key == seat)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value, mine)
        elif mine and isinstance(node, str) and node in known:
            found[node] += 1

    walk(state, False)
    for name, pile in (state.get("zones") or {}).get("piles", {}).items():
        if _pile_of(name, seat):
            for card in [*pile.get("top", []), *pile.get("bottom", [])]:
                if card in known:
                    found[card] += 1
    return found


def most_seen(states: Iterable[Mapping[str, Any]], seat: str, known: Collection[str]) -> Counter:
    """Per card, the most copies in ``seat``'s part of any one of ``states``."""
    most: Counter = Counter()
    for state in states:
        for card, n in seat_cards(state, seat, known).items():
            if n > most[card]:
                most[card] = n
    return most


def mismatches(registered: Iterable[str], seen: Mapping[str, int], *,
               names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Cards seen more often than the registered list holds them, by card id."""
    have = Counter(registered)
    out = []
    for card in sorted(seen):
        if seen[card] > have[card]:
            out.append({"card": card, "name": (names or {}).get(card, card), "registered": have[card],
                        "seen": seen[card]})
    return out
