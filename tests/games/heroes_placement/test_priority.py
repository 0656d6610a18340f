"""優先権: the turn player holds priority; the waiting player may respond at four windows."""
from __future__ import annotations

from kifu.replays.games.heroes_placement.state import R_DECL, R_PRIORITY

from .helpers import (HARU, KANADE, MAKI, OGI, RULES, SLASH, SONYA, at, char, choose, clear, cmd, game, go, hand,
                      kind, pass_, places, put, refused)


def _battle():
    s = at(clear(clear(game(), "p1"), "p2"), "battle")
    put(s, "p1", 0, MAKI)
    put(s, "p2", 1, HARU)
    return s


def test_window_2_on_a_declaration_after_its_cost():
    s = hand(_battle(), "p1", [SLASH, HARU])
    s = go(s, cmd("declare", "p1", card=SLASH))
    assert kind(s) == "declare" and s["pending"]["seat"] == "p1"  # the cost first
    s = choose(s, "p1", HARU)
    assert kind(s) == "window" and s["pending"]["seat"] == "p2"
    assert RULES.view(s, "public")["window"] == {"seat": "p2", "kind": 2, "name": "能力・イベントの宣言時"}


def test_window_3_on_an_appearance():
    s = at(hand(game(), "p1", [MAKI, HARU, HARU]), "appear")
    s = choose(choose(choose(go(s, cmd("appear", "p1", card=MAKI)), "p1", 0), "p1", HARU), "p1", HARU)
    assert kind(s) == "window" and s["stack"][-1]["params"]["kind"] == 3 and char(s, "p1", 0) is None
    s = pass_(s, "p2")
    assert char(s, "p1", 0)["card"] == MAKI


def test_window_4_when_priority_is_given_up():
    s = go(_battle(), cmd("end_phase", "p1"))
    assert kind(s) == "window" and s["stack"][-1]["params"]["kind"] == 4


def test_the_window_opens_even_for_an_empty_hand_and_then_offers_only_pass():
    s = hand(_battle(), "p2", [])
    s = go(s, cmd("attack", "p1", square=0, target=4))
    assert kind(s) == "window" and RULES.legal(s, "p2") == [{"type": "pass", "seat": "p2"}]


def test_no_response_to_ones_own_declaration():
    """※自分の宣言に対応しての宣言は出来ません."""
    s = hand(_battle(), "p1", [SLASH, OGI, HARU, HARU])
    s = choose(go(s, cmd("declare", "p1", card=SLASH)), "p1", HARU)
    refused(s, cmd("respond", "p1", card=OGI), R_PRIORITY)
    refused(s, cmd("pass", "p1"), R_PRIORITY)
    assert RULES.legal(s, "p1") == []


def test_a_response_resolves_before_what_it_answers():
    s = hand(_battle(), "p1", [SLASH, HARU])
    hand(s, "p2", [OGI, KANADE])
    s = choose(go(s, cmd("declare", "p1", card=SLASH)), "p1", HARU)
    s = go(s, cmd("respond", "p2", card=OGI))
    s = choose(s, "p2", KANADE)
    assert kind(s) == "ev:rest" and s["pending"]["seat"] == "p2"
    assert [f["effect"] for f in s["stack"]] == ["ev:equip", "ev:rest"]  # 荻の月 above 五稜郭スラッシュ
    s = choose(s, "p2", 0)
    assert char(s, "p1", 0)["rested"] and kind(s) == "ev:equip"
    s = choose(s, "p1", 0)
    assert char(s, "p1", 0)["equip"] == [SLASH] and s["pending"] is None


def test_no_response_to_a_pl_effect():
    """※PL効果に対応しての宣言は出来ません: the PL effect resolves with no window."""
    s = _battle()
    places(s, "p2", {5: SONYA})  # PL: rest an opposing character
    put(s, "p1", 3, KANADE)
    s = pass_(choose(go(s, cmd("attack", "p1", square=0, target=5)), "p1", "done"), "p2")  # nobody can block
    assert kind(s) == "pl:rest" and s["pending"]["seat"] == "p2"


def test_once_a_turn_in_each_players_turn():
    """※特に記載のない限り自ターンと相手ターンでそれぞれ1ターンに1回宣言可能."""
    s = hand(_battle(), "p1", [OGI, OGI, HARU, HARU])
    s = pass_(choose(go(s, cmd("declare", "p1", card=OGI)), "p1", HARU), "p2")
    s = choose(s, "p1", 1)
    refused(s, cmd("declare", "p1", card=OGI), R_DECL)
    hand(s, "p2", [OGI, HARU, OGI, HARU])
    s = go(s, cmd("attack", "p1", square=0, target=0), cmd("respond", "p2", card=OGI))  # the opponent's turn
    s = choose(choose(s, "p2", HARU), "p2", 0)
    assert s["players"]["p2"]["used"] == ["ev:HP-006"]
