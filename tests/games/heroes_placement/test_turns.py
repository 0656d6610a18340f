"""ゲームの流れ, 開始フェイズ, リーダーフェイズ, 終了フェイズ."""
from __future__ import annotations

from kifu.replays.games.heroes_placement.state import LEADER, R_DECL, R_LEADER

from .helpers import (HARU, HINATA, KANADE, MAKI, MIO, SUSUKINO, at, char, choose, clear, cmd, game, go, hand,
                      kind, pass_, put, refused)


def test_start_phase_untaps_and_draws_two():
    s = at(game(), "appear", turn=1)
    put(s, "p2", 0, MAKI, rested=True)
    before = len(s["players"]["p2"]["hand"])
    s = go(s, cmd("end_phase", "p1"))
    s = pass_(s, "p2")
    while kind(s) == "discard":
        s = choose(s, "p1", s["pending"]["options"][0])
    assert s["active"] == "p2" and s["turn"] == 2 and s["phase"] == "leader"
    assert not char(s, "p2", 0)["rested"]
    assert len(s["players"]["p2"]["hand"]) == before + 2


def test_flow_the_first_players_first_turn_skips_the_battle_phase():
    s = go(game(), cmd("end_phase", "p1"))
    assert s["phase"] == "appear"
    refused(s, cmd("attack", "p1", square=LEADER, target=0), "バトルフェイズ①")


def test_flow_no_battle_after_the_appear_phase():
    """※登場フェイズでキャラを登場させてからバトルフェイズに入ることは出来ない."""
    s = at(hand(game(), "p1", [MAKI]), "appear")
    refused(s, cmd("attack", "p1", square=LEADER, target=0), "バトルフェイズ①")
    s = go(s, cmd("end_phase", "p1"))
    s = pass_(s, "p2")
    assert s["phase"] == "leader" and s["active"] == "p2"


def test_leader_phase_one_swap_into_the_leader_slot():
    s = at(game(), "leader")
    put(s, "p1", 0, KANADE)
    put(s, "p1", 2, MAKI)
    s = go(s, cmd("leader_swap", "p1", square=0))
    assert char(s, "p1", LEADER)["card"] == KANADE and char(s, "p1", 0)["card"] == MIO
    refused(s, cmd("leader_swap", "p1", square=2), R_LEADER)  # ※移動はターン1回
    s2 = at(game(), "leader")
    refused(s2, cmd("leader_swap", "p1", square=LEADER), R_LEADER)  # not between non-leader squares either
    refused(s2, cmd("leader_swap", "p1", square=1), R_LEADER)  # nobody there


def test_leader_phase_into_an_empty_slot():
    s = at(clear(game(), "p1"), "leader")
    put(s, "p1", 3, KANADE)
    s = go(s, cmd("leader_swap", "p1", square=3))
    assert char(s, "p1", LEADER)["card"] == KANADE and char(s, "p1", 3) is None


def test_no_declarations_outside_the_battle_and_appear_phases():
    s = at(game(), "leader")
    put(s, "p1", 0, HINATA)
    refused(s, cmd("declare", "p1", square=0), R_DECL)


def test_end_phase_discards_to_six_and_modifiers_expire():
    s = at(game(), "leader")
    put(s, "p1", 0, SUSUKINO)
    s = go(s, cmd("leader_swap", "p1", square=0))  # 置かれた時: AP+1000 until the end of the turn
    assert char(s, "p1", LEADER)["ap_mod"] == 1000
    s["players"]["p1"]["pool"] = 2
    hand(s, "p1", [MAKI] * 5 + [HARU] * 4)
    s = at(s, "appear")
    s = go(s, cmd("end_phase", "p1"))
    s = pass_(s, "p2")
    assert kind(s) == "discard" and s["phase"] == "end"
    refused(s, cmd("end_phase", "p1"), "優先権")
    s = choose(s, "p1", HARU)
    s = choose(s, "p1", HARU)
    s = choose(s, "p1", HARU)
    assert s["active"] == "p2" and sorted(s["players"]["p1"]["hand"]) == [MAKI] * 5 + [HARU]
    assert s["players"]["p1"]["trash"][-3:] == [HARU] * 3
    assert char(s, "p1", LEADER)["ap_mod"] == 0 and s["players"]["p1"]["pool"] == 0


def test_end_phase_discard_names_a_card_in_hand():
    s = at(hand(game(), "p1", [MAKI] * 8), "appear")
    s = pass_(go(s, cmd("end_phase", "p1")), "p2")
    refused(s, cmd("choose", "p1", choice=HARU), "終了フェイズ")


def test_phases_end_only_by_the_turn_player():
    s = at(game(), "battle")
    refused(s, cmd("end_phase", "p2"), "優先権")
    s = go(s, cmd("end_phase", "p1"))
    assert kind(s) == "window" and s["pending"]["seat"] == "p2"  # ④ 優先権が放棄された時
    s = pass_(s, "p2")
    assert s["phase"] == "appear"
