"""バトルフェイズ ①–③: attack a place, let it through (damage, PL effect) or block; AP against DP."""
from __future__ import annotations

from kifu.replays.games.heroes_placement.state import LEADER, R_BATTLE1

from .helpers import (FISHING, HARU, KANADE, MAKI, MIMI, MIO, OGI, RULES, SLASH, STEP_IN, UTSURO, at, char, choose, clear,
                      cmd, game, go, hand, kind, pass_, places, put, refused)


def battle(p1=None, p2=None) -> dict:
    """p1's battle phase; only the listed characters on the field (no start leaders)."""
    s = at(clear(clear(game(), "p1"), "p2"), "battle")
    for sq, card in (p1 or {}).items():
        put(s, "p1", sq, card)
    for sq, card in (p2 or {}).items():
        put(s, "p2", sq, card)
    return s


def test_1_the_attacker_rests_at_once_and_window_1_opens():
    s = battle({0: MAKI, 1: HARU})
    s = go(s, cmd("attack", "p1", square=0, target=2))
    assert char(s, "p1", 0)["rested"] and kind(s) == "join"
    s = choose(s, "p1", "done")
    assert kind(s) == "window" and s["pending"]["seat"] == "p2"
    assert s["battle"]["target"] == 2 and s["battle"]["attackers"] == [char(s, "p1", 0)["uid"]]


def test_1_only_places_are_targets():
    s = battle({0: MAKI}, {1: HARU})
    places(s, "p2", {3: None})
    refused(s, cmd("attack", "p1", square=0, target=3), R_BATTLE1)  # destroyed: no place there
    refused(s, cmd("attack", "p1", square=1, target=0), R_BATTLE1)  # no attacker at 1
    s["players"]["p1"]["grid"][0]["char"]["rested"] = True
    refused(s, cmd("attack", "p1", square=0, target=0), R_BATTLE1)  # a rested character cannot attack


def test_1_attack_again_while_characters_stand():
    """※キャラが起きている限り、何回でもバトルを挑むことは可能."""
    s = battle({0: MAKI, 2: KANADE})
    places(s, "p2", {0: HARU, 1: HARU})
    s = pass_(choose(go(s, cmd("attack", "p1", square=0, target=0)), "p1", "done"), "p2")
    assert s["battle"] is None and s["phase"] == "battle"
    s = pass_(go(s, cmd("attack", "p1", square=2, target=1)), "p2")
    assert s["players"]["p2"]["damage"] == [HARU, HARU]


def test_2a_through_damages_the_place_its_pl_effect_then_the_damage_area():
    s = battle({0: MAKI})
    places(s, "p2", {2: OGI})  # PL: draw 1
    before = len(s["players"]["p2"]["hand"])
    s = pass_(go(s, cmd("attack", "p1", square=0, target=2)), "p2")  # nobody can block: through
    p2 = s["players"]["p2"]
    assert p2["grid"][2]["place"] is None and p2["damage"] == [OGI] and len(p2["hand"]) == before + 1
    assert s["battle"] is None and s["pending"] is None


def test_2b_block_from_the_square_or_orthogonally_next_to_it():
    s = battle({0: MAKI}, {1: HARU, 4: MIMI, 3: KANADE})
    s = pass_(go(s, cmd("attack", "p1", square=0, target=0)), "p2")
    assert kind(s) == "block"
    assert s["pending"]["options"] == ["through", [1], [3]]  # 4 is diagonal to 0
    s = choose(s, "p2", [1])
    assert char(s, "p2", 1)["rested"] and s["battle"]["stage"] == "blocked"
    assert s["pending"] is None and s["active"] == "p1"  # the turn player holds priority again


def _fight(s):
    s = go(s, cmd("fight", "p1"))
    assert kind(s) == "window" and s["pending"]["seat"] == "p2"  # ④
    return pass_(s, "p2")


def test_3_ap_against_dp_both_ways_downs_go_to_the_trash():
    s = battle({0: MAKI}, {1: HARU})  # 2000/1500 against 1500/1500: both down
    s = choose(pass_(go(s, cmd("attack", "p1", square=0, target=1)), "p2"), "p2", [1])
    s = _fight(s)
    assert char(s, "p1", 0) is None and char(s, "p2", 1) is None
    assert s["players"]["p1"]["trash"][-1] == MAKI and s["players"]["p2"]["trash"][-1] == HARU
    assert s["players"]["p2"]["grid"][1]["place"] is not None  # a block saves the place


def test_3_neither_downs_when_ap_is_below_dp():
    s = battle({0: MAKI}, {0: MIMI})  # 2000/1500 against 1000/2500
    s = _fight(choose(pass_(go(s, cmd("attack", "p1", square=0, target=0)), "p2"), "p2", [0]))
    assert char(s, "p1", 0)["card"] == MAKI and char(s, "p2", 0)["card"] == MIMI


def test_3_ap_equal_to_dp_downs():
    s = battle({0: KANADE}, {0: MIMI})  # 2500 AP against 2500 DP: 相手のDP以上のAP
    s = _fight(choose(pass_(go(s, cmd("attack", "p1", square=0, target=0)), "p2"), "p2", [0]))
    assert char(s, "p2", 0) is None and char(s, "p1", 0)["card"] == KANADE


def test_3_a_downed_start_leader_is_removed_from_the_game():
    s = at(clear(game(), "p1"), "battle")
    put(s, "p1", 1, KANADE)
    s = _fight(choose(pass_(go(s, cmd("attack", "p1", square=1, target=4)), "p2"), "p2", [LEADER]))
    assert char(s, "p2", LEADER) is None and s["players"]["p2"]["removed"] == [MIO]


def test_3_the_battle_is_interrupted_when_a_participant_leaves_the_field():
    """※バトルに参加しているキャラが1体でも場から離れた場合、バトルは中断 … キャラは場に残ります."""
    s = battle({0: KANADE}, {1: HARU})
    hand(s, "p2", [UTSURO, MAKI, MAKI])
    s = choose(pass_(go(s, cmd("attack", "p1", square=0, target=1)), "p2"), "p2", [1])
    s = go(s, cmd("fight", "p1"), cmd("respond", "p2", card=UTSURO))  # うつろ appears over the blocker
    s = choose(choose(s, "p2", MAKI), "p2", MAKI)  # cost 2
    s = choose(s, "p2", 1)
    assert char(s, "p2", 1)["card"] == UTSURO and s["players"]["p2"]["trash"][-1] == HARU
    assert s["battle"] is None and char(s, "p1", 0)["card"] == KANADE  # no fight: 2500 AP never met 1500 DP
    assert any("中断" in n for n in s["notes"])


def test_3_a_move_does_not_interrupt_the_battle():
    """※バトル中にキャラの移動があってもバトルは中断しません."""
    s = battle({0: MAKI}, {1: HARU})
    hand(s, "p2", [STEP_IN])
    s = choose(pass_(go(s, cmd("attack", "p1", square=0, target=1)), "p2"), "p2", [1])
    s = go(s, cmd("fight", "p1"), cmd("respond", "p2", card=STEP_IN))
    s = choose(s, "p2", [1, 5])
    assert s["battle"] is None and not any("場を離れ" in n for n in s["notes"])
    assert char(s, "p1", 0) is None and char(s, "p2", 5) is None  # the battle went on after the move: both down


def test_1_ogi_no_tsuki_on_the_attacker_does_not_stop_the_battle():
    """※攻撃宣言した時には既にキャラは寝ています。対応で荻の月を使用して攻撃キャラを指定してもバトルは中断されない."""
    s = battle({0: MAKI})
    hand(s, "p2", [OGI, HARU])
    places(s, "p2", {2: KANADE})
    s = go(s, cmd("attack", "p1", square=0, target=2), cmd("respond", "p2", card=OGI))
    s = choose(s, "p2", HARU)  # cost 1
    assert kind(s) == "ev:rest"
    s = choose(s, "p2", 0)
    assert s["players"]["p2"]["damage"] == [KANADE] and s["battle"] is None


def test_flow_a_character_that_appears_by_an_effect_in_the_battle_phase_may_attack():
    """※バトルフェイズ中に効果でキャラが登場した場合(超次元フィッシングからの石乃真希など)、そのキャラもアタック可能."""
    s = battle({0: KANADE})
    hand(s, "p1", [FISHING, HARU])
    s = go(s, cmd("declare", "p1", card=FISHING))
    s = choose(s, "p1", HARU)
    s = pass_(s, "p2")  # ②
    assert kind(s) == "ev:fishing" and MAKI in s["pending"]["options"]
    s = choose(choose(s, "p1", MAKI), "p1", 3)
    assert char(s, "p1", 3)["card"] == MAKI and not char(s, "p1", 3)["rested"]
    assert {"type": "attack", "seat": "p1", "square": 3, "target": 0} in RULES.legal(s, "p1")


def test_2a_a_pl_appearance_goes_to_the_field_and_later_to_the_trash():
    """※PL効果で石乃真希などの登場系 … 場に出た後に破棄された場合、そのままゴミ箱に送られます."""
    s = battle({0: KANADE, 1: HARU})
    places(s, "p2", {0: MAKI})
    s = pass_(choose(go(s, cmd("attack", "p1", square=0, target=0)), "p1", "done"), "p2")
    assert kind(s) == "pl:appear_self" and s["pending"]["seat"] == "p2"
    s = choose(s, "p2", 0)
    assert char(s, "p2", 0)["card"] == MAKI and s["players"]["p2"]["damage"] == []
    s = go(s, cmd("attack", "p1", square=1, target=1))
    s = choose(pass_(s, "p2"), "p2", [0])  # 石乃真希 blocks 保島春: 2000 downs 1500 and 1500 downs 1500
    s = _fight(s)
    assert s["players"]["p2"]["trash"][-1] == MAKI and MAKI not in s["players"]["p2"]["damage"]


def test_2a_an_equipment_from_a_place_adds_its_ap():
    s = battle({0: KANADE}, {5: HARU})
    places(s, "p2", {1: SLASH})
    s = pass_(go(s, cmd("attack", "p1", square=0, target=1)), "p2")  # 保島春 at 5 is out of range: through
    assert kind(s) == "pl:equip_self"
    s = choose(s, "p2", 5)
    assert char(s, "p2", 5)["equip"] == [SLASH]
    assert RULES.view(s, "public")["players"]["p2"]["grid"][5]["char"]["ap"] == 2500


def test_2a_a_pl_equipment_goes_to_the_trash_with_its_character():
    """※…五稜郭スラッシュなどの装備系が場に出た後に破棄された場合、そのままゴミ箱に送られます."""
    s = battle({0: KANADE, 2: MAKI}, {5: HARU})
    places(s, "p2", {1: SLASH})
    s = pass_(choose(go(s, cmd("attack", "p1", square=0, target=1)), "p1", "done"), "p2")
    s = choose(s, "p2", 5)  # 保島春 now 2500/1500
    s = go(s, cmd("attack", "p1", square=2, target=2))
    s = choose(pass_(s, "p2"), "p2", [5])
    s = _fight(s)  # 石乃真希's 2000 AP downs DP 1500; 保島春's 2500 AP downs DP 1500
    trash = s["players"]["p2"]["trash"]
    assert char(s, "p2", 5) is None and trash[-2:] == [HARU, SLASH] and SLASH not in s["players"]["p2"]["damage"]
