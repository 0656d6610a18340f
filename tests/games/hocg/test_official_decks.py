"""Two official recommended decks played in full at a physical table, with no ability
resolved by hand (issue 19: "a physical-table test records a full game between two official
decks with no hand resolution at all").

Given the official card list and two of the 36 official recommended decks, read from the
text players paste (``../shared/data/hocg/decks/<slug>.txt``, input only, never committed), when a
seeded random player plays a whole game between them at a digital table and that game is
restated as a physical recorder states it (``kit.tables.restate``: the deal and every seen
outcome named), then every command passes ``check``, the game ends, and no state along the way
holds an ability resolved by hand (``manual``): kifu adjudicated every card text itself.
"""
from __future__ import annotations

import json

import pytest

from kifu.replays import bot, engine
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.kit import decklist, tables

from .helpers import REAL_LIST

DECKS = REAL_LIST.parent / "decks"

pytestmark = pytest.mark.skipif(not (REAL_LIST.exists() and DECKS.exists()),
                                reason="the official card list and decks under ../shared/data/hocg/ are not here "
                                       "(input only, never committed)")

#: the pairs played (file slugs): decks whose every card is automated (``coverage --deck`` prints
#: every deck's figure)
PAIRS = [("hoshimachi-suisei-deck", "hbp02_004"), ("hbp03_001", "hbp05_008")]


@pytest.fixture(scope="module")
def listed():
    cs = UNBOUND.load_cardset(json.loads(REAL_LIST.read_text(encoding="utf-8")))
    return UNBOUND.bind(cs)


def deck_list(rules, slug: str) -> dict:
    parsed = decklist.parse(rules.deck_form, rules.cardset, (DECKS / f"{slug}.txt").read_text(encoding="utf-8"))
    assert parsed.ok, parsed.problems
    return parsed.value


def hand_resolved(state: dict) -> list[dict]:
    """The frames of abilities resolved by hand in ``state`` (pending or on the stack)."""
    frames = list(state.get("stack") or [])
    pending = state.get("pending")
    return [f for f in frames if f.get("effect") == "manual"] + (
        [pending] if pending and pending.get("kind") == "manual" else [])


def unautomated(rules, deck: dict) -> list[str]:
    by_id = {c["id"]: c for c in rules.cardset.loaded["cards"]}
    left = []
    for pid in {deck["oshi"], *deck["deck"], *deck["cheer"]}:
        card = by_id[pid]
        left += [f"{pid}: {a['text'][:40]}" for a in [*card["abilities"], *card["arts"]]
                 if a.get("text") and a.get("effect") is None]
    return sorted(left)


@pytest.mark.parametrize("first, second", PAIRS)
def test_every_card_of_both_decks_is_automated(listed, first, second):
    for title in (first, second):
        assert unautomated(listed, deck_list(listed, title)) == [], title


@pytest.mark.parametrize("first, second", PAIRS)
@pytest.mark.parametrize("seed", ["official/1", "official/2"])
def test_a_full_game_between_official_decks_records_at_a_physical_table(listed, first, second, seed):
    options = listed.options_schema.load({"first_player": "p1", "decks": {"p1": deck_list(listed, first),
                                                                          "p2": deck_list(listed, second)}})
    digital = listed.setup(options, seed, 2)
    commands = []
    for command, state in bot.play(listed, digital, f"{seed}/bot"):
        assert hand_resolved(state) == [], f"step {state['step']}: {command}"
        commands.append(command)
    assert listed.outcome(state) is not None

    deal, stated = tables.restate(listed, options, seed, 2, commands)
    physical = listed.setup(options, seed, 2, table="physical", deal=deal)
    for command in stated:
        physical = engine.step(listed, physical, command)  # check, then apply: a refused outcome raises
        assert hand_resolved(physical) == []
    assert listed.outcome(physical) == listed.outcome(state)
    assert len(commands) > 30  # a real game, not an early concession
