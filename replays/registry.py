"""The registry of games, keyed by module id. Games are listed here explicitly.

``get`` returns a game's rules unbound (its facts, schemas and card set schema); the
hooks that play it need a card set: ``bind`` (or ``demo`` for its default demo set).
Card sets come in from outside (the service's store, a file given to ``kifu verify``);
the demo sets ship as package data and are found by digest like any other.

>>> get("holodelive").id
'holodelive'
>>> demo("holodelive").cardset.id == get("holodelive").default_cardset
True
"""
from __future__ import annotations

import importlib
from functools import cache
from typing import Any, Mapping

from kifu.replays.kit.cardset import CardSet
from kifu.replays.rules import Rules

#: Each module exposes ``RULES``; the order is the order games are listed to users.
GAME_MODULES: tuple[str, ...] = (
    "kifu.replays.games.holodelive",
    "kifu.replays.games.senbu_rinki",
    "kifu.replays.games.heroes_placement",
    "kifu.replays.games.rolling_stone",
    "kifu.replays.games.hocg",
)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(ids())}"


class UnknownCardSet(KeyError):
    def __str__(self) -> str:
        game, ref = self.args
        return f"card set {ref.get('id')!r} (digest {str(ref.get('digest'))[:12]}…) of {game} is not loaded here"


@cache
def _load() -> dict[str, Rules]:
    games: dict[str, Rules] = {}
    for name in GAME_MODULES:
        rules = importlib.import_module(name).RULES
        games[rules.id] = rules
    return games


def all() -> list[Rules]:  # noqa: A001 - the issue names it registry.all()
    return list(_load().values())


def ids() -> list[str]:
    return list(_load())


def get(game_id: str) -> Rules:
    try:
        return _load()[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


@cache
def demo_cardsets(game_id: str) -> tuple[CardSet, ...]:
    """The card sets a game ships (loaded and validated once per process)."""
    return tuple(get(game_id).demo_cardsets())


def demo(game_id: str) -> Rules:
    """The game bound to its default demo card set."""
    rules = get(game_id)
    return rules.bind(next(cs for cs in demo_cardsets(game_id) if cs.id == rules.default_cardset))


def bind(game_id: str, ref: Mapping[str, Any], extra: Mapping[str, CardSet] | None = None) -> Rules:
    """The game bound to the card set ``ref`` (``{"id", "digest"}``), found by digest among
    ``extra`` (digest -> CardSet) and the shipped sets; ``UnknownCardSet`` otherwise."""
    rules = get(game_id)
    digest = ref.get("digest")
    found = (extra or {}).get(digest) or next((cs for cs in demo_cardsets(game_id) if cs.digest == digest), None)
    if found is None:
        raise UnknownCardSet(game_id, dict(ref))
    return rules.bind(found)


def for_header(header: Mapping[str, Any], extra: Mapping[str, CardSet] | None = None) -> Rules:
    """The bound rules a record header names (game and card set)."""
    return bind(header["game"], header.get("cardset") or {}, extra)
