"""The registry of games, keyed by module id. Games are listed here explicitly.

>>> get("holodelive").id
'holodelive'
"""
from __future__ import annotations

import importlib
from functools import cache

from replays.rules import Rules

#: Each module exposes ``RULES``; the order is the order games are listed to users.
GAME_MODULES: tuple[str, ...] = (
    "replays.games.holodelive",
    "replays.games.senbu_rinki",
)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(ids())}"


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
