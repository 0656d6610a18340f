"""The three tables: face-down places and hands as unknown tokens on an observed table, turned
up or revealed when the rules need them; a physical table states every outcome."""
from __future__ import annotations

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.heroes_placement.state import LEADER

from .helpers import HARU, KANADE, MAKI, RULES, at, choose, cmd, game, go, kind, options


def _observed_deal(first="p1"):
    deal: list = []
    while (event := RULES.deal_needs(options(first), "t", 2, "observed", deal)) is not None:
        deal.append(None)
    return deal


def observed():
    return game(table="observed", deal=_observed_deal())


def test_an_observed_table_may_leave_places_and_hands_unknown():
    s = observed()
    p1, p2 = s["players"]["p1"], s["players"]["p2"]
    assert all(sq["place"].startswith("?") for sq in p1["grid"] + p2["grid"])
    assert all(item.startswith("?") for item in p1["hand"] + p2["hand"]) and len(p1["hand"]) == 7
    view = RULES.view(s, "p1")
    assert view["players"]["p1"]["hand"] == p1["hand"] and view["players"]["p2"]["hand"] is None
    assert set(view["unknown"]) == set(p1["hand"]) and view["unknown"][p1["hand"][0]]["how"] == "draw"
    omni = RULES.view(s, "omniscient")
    assert omni["players"]["p2"]["grid"][0]["place"] == p2["grid"][0]["place"]


def test_a_damaged_unknown_place_is_turned_up_and_must_be_named():
    s = at(observed(), "battle")
    s = go(s, cmd("attack", "p1", square=LEADER, target=0))
    token = s["players"]["p2"]["grid"][0]["place"]
    need = RULES.needs(s, cmd("pass", "p2"))
    assert need.name == "place" and not need.unknown_ok and KANADE in need.options
    with pytest.raises(RuleViolation):
        RULES.check(s, {**cmd("pass", "p2"), "outcomes": [None]})
    with pytest.raises(RuleViolation):
        RULES.check(s, {**cmd("pass", "p2"), "outcomes": ["HP-001"]})  # 鷹司葵 is in no deck here
    passes = [c for c in RULES.legal(s, "p2") if c["type"] == "pass"]
    assert passes and all(c["outcomes"][0] is not None for c in passes)
    s = go(s, {**cmd("pass", "p2"), "outcomes": [KANADE]})  # 北條かなで: no PL effect
    assert s["players"]["p2"]["damage"] == [KANADE]
    revealed = s["zones"]["revealed"][-1]
    assert (revealed["token"], revealed["card"], revealed["how"]) == (token, KANADE, "place")
    assert RULES.view(s, "public")["revealed"][-1]["name"] == "北條かなで"


def test_an_unknown_hand_card_is_revealed_when_it_is_played_or_paid():
    s = at(observed(), "appear")
    hand = list(s["players"]["p1"]["hand"])
    s = go(s, cmd("appear", "p1", card=MAKI))
    assert len(s["players"]["p1"]["hand"]) == 6 and s["zones"]["revealed"][-1]["card"] == MAKI
    s = choose(s, "p1", 0)
    assert kind(s) == "appear" and MAKI in s["pending"]["options"] and "HP-001" not in s["pending"]["options"]
    assert KANADE not in s["pending"]["options"]  # 北條かなで is not in p1's deck list
    s = choose(s, "p1", HARU)
    assert s["players"]["p1"]["trash"] == [HARU] and len(s["zones"]["revealed"]) == 2
    assert set(s["players"]["p1"]["hand"]) < set(hand)


def test_a_physical_table_lists_a_command_once_per_possible_outcome():
    deal = []
    while (event := RULES.deal_needs(options(), "t", 2, "physical", deal)) is not None:
        deal.append(event.options[0])
    s = at(game(table="physical", deal=deal), "appear")
    s["players"]["p1"]["hand"] = [MAKI]
    s = go(s, cmd("end_phase", "p1"))
    passes = [c for c in RULES.legal(s, "p2") if c["type"] == "pass"]
    may = RULES.needs(s, cmd("pass", "p2")).options
    assert len(passes) == len({tuple(c["outcomes"]) for c in passes}) > len(may)  # two draws: pairs of cards
    assert {c["outcomes"][0] for c in passes} == set(may)
