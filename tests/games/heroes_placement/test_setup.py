"""ゲームの準備 ①–④: shuffle, じゃんけん, places, hands, start leaders and their rule breakers."""
from __future__ import annotations

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.heroes_placement.state import LEADER, R_DECKLIST, R_PREP4

from .helpers import (ALICE, AOI, DEMO_DECKS, HINATA, MAKI, MIO, PLAIN, RULES, SONYA, at, choose, cmd, game, go, hand, kind,
                      options, refused)


def test_prep_2_six_face_down_places_and_six_cards_each():
    s = game(leaders=(PLAIN, PLAIN))
    for seat in ("p1", "p2"):
        p = s["players"][seat]
        assert all(sq["place"] is not None for sq in p["grid"])
        assert s["zones"]["piles"][f"deck:{seat}"]["size"] == 50 - 6 - 6 - (1 if seat == "p1" else 0)
    assert len(s["players"]["p1"]["hand"]) == 7  # 開始フェイズ②: the first player's first turn draws 1
    assert len(s["players"]["p2"]["hand"]) == 6
    place_events = [e for e in s["chance"] if e["event"] == "place"]
    assert len(place_events) == 12 and all(e["visible"] == [] for e in place_events)  # 裏向き: nobody sees


def test_prep_3_4_start_leaders_stand_in_the_leader_slot_face_up():
    s = game(leaders=(PLAIN, PLAIN))
    for seat in ("p1", "p2"):
        ch = s["players"][seat]["grid"][LEADER]["char"]
        assert ch["card"] == MIO and ch["start"]
    assert RULES.view(s, "p2")["players"]["p1"]["grid"][LEADER]["char"]["name"] == "椎名みお"


def test_prep_1_janken_is_a_chance_event_every_table_states():
    s = game(first=None, seed="janken")
    assert s["chance"][0]["event"] == "janken" and s["first"] in ("p1", "p2")
    need = RULES.deal_needs(options(None), "x", 2, "physical", [])
    assert need.name == "janken" and need.options == ("p1", "p2") and not need.unknown_ok
    with pytest.raises(RuleViolation):
        RULES.setup(options(None), "x", 2, table="observed", deal=[None])


def _places(s, seat):
    return [sq["place"] for sq in s["players"][seat]["grid"]]


def test_prep_4_aoi_first_moves_five_then_alice_second_moves_two():
    """※先攻が鷹司葵、後攻が上島＝アリス＝玲州の場合、葵で5枚移動した後にアリスで2枚移動."""
    s = game(first="p1", leaders=(AOI, ALICE))
    assert kind(s) == "rb:swap_own_places" and s["pending"]["seat"] == "p1"
    start = _places(s, "p1")
    for pair in ([0, 1], [1, 2], [3, 5], [0, 5], [2, 4]):
        refused(s, cmd("choose", "p2", choice=[0, 1]), "ゲームの準備④")  # アリス waits for 葵
        s = choose(s, "p1", pair)
    assert kind(s) == "rb:swap_opponent_places" and s["pending"]["seat"] == "p2"
    after_aoi = _places(s, "p1")
    s = choose(s, "p2", [0, 3])
    s = choose(s, "p2", [4, 5])
    final = _places(s, "p1")
    expected = list(after_aoi)
    for a, b in ([0, 3], [4, 5]):
        expected[a], expected[b] = expected[b], expected[a]
    assert final == expected and sorted(final) == sorted(start)
    assert s["phase"] == "leader" and s["active"] == "p1" and s["turn"] == 1


def test_prep_4_aoi_may_stop_early():
    s = choose(game(first="p2", leaders=(AOI, ALICE)), "p2", "done")  # p2 first: アリス resolves first
    assert kind(s) == "rb:swap_own_places" and s["pending"]["seat"] == "p1"
    s = choose(s, "p1", "done")
    assert s["phase"] == "leader" and s["active"] == "p2"


@pytest.mark.parametrize("winner", ["p1", "p2"])
def test_prep_4_two_sonyas_leave_the_janken_winner_first(winner):
    """※両者ともソーニャを選択した場合、先攻側の効果を処理した後に後攻側の効果で上書き … 勝者側が先攻."""
    s = game(first=winner, leaders=(SONYA, SONYA))
    assert s["first"] == winner and s["active"] == winner and s["turn"] == 1
    assert len(s["players"][winner]["hand"]) == 7  # the first player's first draw is 1


def test_prep_4_one_sonya_makes_her_player_second():
    s = game(first="p1", leaders=(SONYA, PLAIN))
    assert s["first"] == "p2" and s["active"] == "p2"
    assert any(R_PREP4 in n for n in s["notes"])


def test_prep_4_rule_breakers_work_only_at_game_start():
    """※ルールブレイカーの効果はゲーム開始時にしか処理されない: a ソーニャ appearing later does nothing."""
    s = at(hand(game(first="p1"), "p1", [SONYA, "HP-015", "HP-015"]), "appear")
    s = go(s, cmd("appear", "p1", card=SONYA))
    s = choose(s, "p1", 0)
    s = choose(s, "p1", "HP-015")
    s = go(s, cmd("pass", "p2"))
    assert s["players"]["p1"]["grid"][0]["char"]["card"] == SONYA and s["first"] == "p1"


def test_deck_lists_are_checked():
    bad = options()
    bad["decks"]["p1"]["cards"] = bad["decks"]["p1"]["cards"][:-1]
    with pytest.raises(RuleViolation, match="49 cards") as err:
        RULES.setup(bad, "x", 2)
    assert err.value.rule == R_DECKLIST
    five = RULES.options_schema.load({"janken": "p1", "decks": {**DEMO_DECKS, "p1": {**DEMO_DECKS["p1"],
                                                                                        "leader": HINATA}}})
    with pytest.raises(RuleViolation, match="more than 4 copies of HP-015") as err:  # four in the deck, one leads
        RULES.setup(five, "x", 2)
    assert err.value.rule == R_DECKLIST
    costly = options(leaders=(MAKI, PLAIN))
    with pytest.raises(RuleViolation, match="cost 1 or less"):
        RULES.setup(costly, "x", 2)
    assert DEMO_DECKS["p1"]["leader"] == AOI
