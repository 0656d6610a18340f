"""勝利条件: all opposing places destroyed once effects finish, or the opposing deck at 0."""
from __future__ import annotations

from .helpers import (HARU, KANADE, MAKI, MIO, OGI, RULES, at, choose, clear, cmd, deck, game, go, hand, kind,
                      pass_, places, put, refused)


def _last_place(card):
    s = at(clear(clear(game(), "p1"), "p2"), "battle")
    put(s, "p1", 0, KANADE)
    places(s, "p2", {0: None, 1: None, 2: None, 3: None, 4: None, 5: card})
    return s


def test_1_all_places_destroyed_wins_once_the_effects_have_finished():
    """①相手のプレイスを全て破壊し、効果処理が終了した時."""
    s = pass_(go(_last_place(MAKI), cmd("attack", "p1", square=0, target=5)), "p2")
    assert kind(s) == "pl:appear_self" and RULES.outcome(s) is None  # 石乃真希's PL effect is still resolving
    s = choose(s, "p2", 5)
    out = RULES.outcome(s)
    assert out.winners == ("p1",) and "勝利条件①" in out.reason
    assert RULES.to_act(s) == () and RULES.legal(s, "p1") == [] and s["phase"] == "over"
    refused(s, cmd("end_phase", "p1"), "勝利条件")


def test_2_a_deck_reaching_0_loses_at_that_instant():
    """②相手のデッキが0枚になった瞬間."""
    s = at(hand(game(), "p1", [MAKI]), "appear")
    hand(s, "p2", [])
    deck(s, "p2", [HARU, HARU])
    s = pass_(go(s, cmd("end_phase", "p1")), "p2")  # p2's start phase draws its last two cards
    out = RULES.outcome(s)
    assert out.winners == ("p1",) and "p2のデッキが0枚" in out.reason
    assert s["players"]["p2"]["hand"].count(HARU) == 2


def test_the_last_place_example_the_deck_at_0_during_the_last_places_effect():
    """※自分の最後のプレイス効果の処理中に相手のデッキが0枚になる等の場合、勝者は自分となります."""
    s = _last_place(MIO)  # 椎名みお: PL, the opponent's top two cards to the trash
    deck(s, "p1", [OGI, HARU])
    s = pass_(go(s, cmd("attack", "p1", square=0, target=5)), "p2")
    out = RULES.outcome(s)
    assert out.winners == ("p2",) and "p1のデッキが0枚" in out.reason
    assert sorted(s["players"]["p1"]["trash"]) == sorted([HARU, OGI])
    assert s["players"]["p2"]["grid"][5]["place"] is None  # p2 has no place left, and wins


def test_the_last_place_with_a_deck_to_spare_loses():
    s = _last_place(MIO)
    deck(s, "p1", [OGI, HARU, MAKI])
    s = pass_(go(s, cmd("attack", "p1", square=0, target=5)), "p2")
    assert RULES.outcome(s).winners == ("p1",)


def test_a_game_still_running_at_the_time_limit_is_drawn():
    """A ruling (judge's choice): turn 200 ends the game drawn, so that every game ends."""
    s = at(hand(game(), "p1", [MAKI]), "appear", turn=200)
    s = pass_(go(s, cmd("end_phase", "p1")), "p2")
    out = RULES.outcome(s)
    assert out.draw and out.winners == () and RULES.to_act(s) == ()
