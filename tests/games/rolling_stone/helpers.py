"""Givens for the rulebook scenarios: real states played to a phase, then set up by hand.

``main_state`` plays a real game (deterministic choices) to the first turn of stage 1 and
then puts the given album, dice and 共通場 in front of the active seat, keeping the books
of the stage deck balanced (a card put on the table leaves the pile's unseen cards).
"""
from __future__ import annotations

import copy
from typing import Any

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.rolling_stone import RULES as UNBOUND
from kifu.replays.games.rolling_stone.commands import COLOURS

RULES = UNBOUND.bind(UNBOUND.demo_cardsets()[0])
OPTIONS = RULES.options_schema.load({})
CS = RULES.cardset


def setup(players: int = 3, seed: str = "scenario", table: str = "digital", deal: list | None = None,
          options: dict | None = None) -> dict:
    return RULES.setup(RULES.options_schema.load(options or {}), seed, players, table=table, deal=deal)


def step(state: dict, command: dict) -> dict:
    """check then apply: the command must be legal."""
    return engine.step(RULES, state, command)


def run(state: dict, *commands: dict) -> dict:
    for command in commands:
        state = step(state, command)
    return state


def refused(state: dict, command: dict, rule: str, words: str = "") -> RuleViolation:
    """``command`` is refused under ``rule`` (a rulebook section), the message saying ``words``."""
    with pytest.raises(RuleViolation) as info:
        engine.check(RULES, state, command)
    assert info.value.rule == rule, info.value
    assert words in str(info.value), info.value
    return info.value


def first_legal(state: dict, seat: str | None = None) -> dict:
    seat = seat or RULES.to_act(state)[0]
    return RULES.legal(state, seat)[0]


def play_until(state: dict, done, limit: int = 1000) -> dict:
    """Everybody's first legal command until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        state = step(state, first_legal(state))
    raise AssertionError("never reached")


def drafted(players: int = 3, seed: str = "scenario", **kw: Any) -> dict:
    """After the draft: every seat passed its first card."""
    return play_until(setup(players, seed, **kw), lambda s: s["phase"] != "draft")


def stage_started(players: int = 3, seed: str = "scenario", **kw: Any) -> dict:
    """At stage 1's skill set (albums set up with everybody's first choices)."""
    return play_until(drafted(players, seed, **kw), lambda s: s["phase"] == "skill")


def first_turn(players: int = 3, seed: str = "scenario") -> dict:
    """At the first turn of stage 1 round 1 (main phase, someone to take a card)."""
    return play_until(stage_started(players, seed), lambda s: s["phase"] == "main")


def _unsee(state: dict, card: str) -> None:
    for pile in state["zones"]["piles"].values():
        if pile["unseen"].get(card, 0) > 0:
            pile["unseen"][card] -= 1
            if not pile["unseen"][card]:
                del pile["unseen"][card]
            pile["size"] -= 1
            return


def _see_again(state: dict, card: str) -> None:
    pile = state["zones"]["piles"][f"stage{CS.card(card)['stage']}"]
    pile["unseen"][card] = pile["unseen"].get(card, 0) + 1
    pile["unseen"] = dict(sorted(pile["unseen"].items()))
    pile["size"] += 1


def main_state(album: dict[str, str], dice: dict[str, tuple], *, field: list[str] | None = None,
               seat: str = "p1", turn_step: str = "take", placing: str | None = None, skills: list[str] = (),
               players: int = 3, power: int = 0) -> dict:
    """``seat``'s turn with the given album (``"@"`` = its character card), dice
    (``colour: (square, top, north)``; unlisted colours sit with the character), 共通場
    and face-up skills (none unless given)."""
    state = copy.deepcopy(first_turn(players))
    for card in state["field"]:
        _see_again(state, card)
    character = state["characters"][seat]
    old = state["albums"][seat]
    for card in old.values():
        if card != character:
            _see_again(state, card)
    albums = {sq: character if card == "@" else card for sq, card in album.items()}
    home = next(sq for sq, card in albums.items() if card == character)
    for card in [*albums.values(), *(field or []), *([placing] if placing else [])]:
        if card != character:
            _unsee(state, card)
    state["albums"][seat] = albums
    state["dice"][seat] = {c: {"square": home, "top": 1, "north": 2} for c in COLOURS}
    for colour, (square, top, north) in dice.items():
        state["dice"][seat][colour] = {"square": square, "top": top, "north": north}
    state["skills"][seat] = list(skills)
    state["order"] = [None if s == seat else s for s in state["order"]]
    state.update(active=seat, slot=1, turn_step=turn_step, placing=placing,
                 field=list(field or []), phase="main", repeats=1)
    state["power"][seat] = power
    return state


def grid(album: dict[str, str], dice: dict[str, dict]) -> str:
    """An album as text (for assertion messages)."""
    rows = []
    for r in "1234":
        rows.append(" ".join(album.get(f"{c}{r}", "..").ljust(5) for c in "ABCD"))
    return "\n".join(rows) + "\n" + repr(dice)


def table(state: dict):
    """The rules' context over a copy of ``state`` (no chance: for flow steps that draw nothing)."""
    return RULES.context(copy.deepcopy(state), CS)
