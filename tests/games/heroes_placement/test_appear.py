"""登場フェイズ: appearing from hand, the same-name limit, over an existing character, empty squares."""
from __future__ import annotations

from kifu.replays.games.heroes_placement.state import LEADER, R_APPEAR, R_LEADER

from .helpers import (AOI, FISHING, HARU, KANADE, MAKI, MIO, RULES, UTSURO, at, char, choose, clear, cmd, deck, game,
                      go, hand, kind, pass_, places, put, refused)


def _appear(s, card, square, *cost):
    s = choose(go(s, cmd("appear", "p1", card=card)), "p1", square)
    for c in cost:
        s = choose(s, "p1", c)
    return pass_(s, "p2")


def test_appear_untapped_as_often_as_can_be_paid():
    """※可能な限りキャラの登場は何回でもできます。※キャラは基本的に未行動状態で登場します."""
    s = at(hand(game(), "p1", [MAKI, HARU, KANADE, KANADE, KANADE, KANADE]), "appear")
    s = _appear(s, MAKI, 0, KANADE, KANADE)
    s = _appear(s, HARU, 1, KANADE, KANADE)
    assert not char(s, "p1", 0)["rested"] and char(s, "p1", 1)["card"] == HARU
    assert len(s["players"]["p1"]["hand"]) == 1  # 保島春 drew one: nothing left to pay with
    assert not [c for c in RULES.legal(s, "p1") if c["type"] == "appear"]


def test_one_character_of_a_name_on_ones_field():
    """※自分の場に同名キャラは1体まで; ※キャラAがいる時に同名キャラAをキャラBの上に置くことは出来ません."""
    s = at(hand(game(), "p1", [MAKI, HARU, HARU]), "appear")
    put(s, "p1", 0, MAKI)
    put(s, "p1", 1, KANADE)
    s = go(s, cmd("appear", "p1", card=MAKI))
    assert s["pending"]["options"] == [0]  # only over itself (出し直し)
    refused(s, cmd("choose", "p1", choice=1), R_APPEAR)
    s = pass_(choose(choose(choose(s, "p1", 0), "p1", HARU), "p1", HARU), "p2")
    assert char(s, "p1", 0)["card"] == MAKI and s["players"]["p1"]["trash"][-1] == MAKI


def test_appear_over_any_character_rested_or_not_and_on_a_destroyed_place():
    """※既にキャラがいる場所の上から … (未行動、行動済みに関わらず)出来ます; ※プレイスの置かれていないマスにも."""
    s = at(hand(game(), "p1", [MAKI, HARU, HARU, KANADE, HARU, HARU, HARU]), "appear")
    put(s, "p1", 0, KANADE, rested=True)
    places(s, "p1", {2: None})
    s = _appear(s, MAKI, 0, HARU, HARU)
    assert char(s, "p1", 0)["card"] == MAKI and not char(s, "p1", 0)["rested"]
    assert s["players"]["p1"]["trash"][-1] == KANADE
    s = _appear(s, KANADE, 2, HARU, HARU, HARU)  # a character of the same name was sent off: it may come back
    assert char(s, "p1", 2)["card"] == KANADE and s["players"]["p1"]["grid"][2]["place"] is None


def test_events_do_not_appear_and_the_cost_must_be_payable():
    s = at(hand(game(), "p1", [FISHING, MAKI]), "appear")
    refused(s, cmd("appear", "p1", card=FISHING), "カードの種類")  # イベントカード(名前の部分が赤色): not a character
    refused(s, cmd("appear", "p1", card=MAKI), "登場フェイズ/コスト")
    s["players"]["p1"]["pool"] = 1  # コスト発生 this turn pays first
    s = go(s, cmd("appear", "p1", card=MAKI))
    s = choose(s, "p1", 3)
    assert kind(s) == "appear" and s["pending"]["options"] == [FISHING]
    s = pass_(choose(s, "p1", FISHING), "p2")
    assert char(s, "p1", 3)["card"] == MAKI and s["players"]["p1"]["pool"] == 0


def test_a_blue_card_in_the_deck_is_a_character_for_a_search():
    """それ以外の領域ではキャラクターとしてもイベントとしても扱われる: 超次元フィッシング finds 永国寺うつろ."""
    s = at(hand(game(), "p1", [FISHING, HARU]), "appear")
    deck(s, "p1", [UTSURO, FISHING, KANADE, MAKI])
    s = pass_(choose(go(s, cmd("declare", "p1", card=FISHING)), "p1", HARU), "p2")
    assert s["pending"]["options"] == ["none", MAKI, UTSURO]  # 北條かなで costs 3; the event is no character
    s = choose(choose(s, "p1", UTSURO), "p1", 5)
    assert char(s, "p1", 5)["card"] == UTSURO and s["zones"]["piles"]["deck:p1"]["size"] == 3


def test_le_abilities_work_only_in_the_leader_slot_and_during_a_battle():
    """LE(リーダー能力); ※バトル中にキャラ能力やイベントの使用は可能."""
    s = at(clear(clear(game(), "p1"), "p2"), "battle")
    put(s, "p1", 0, AOI)
    put(s, "p1", LEADER, MAKI)
    put(s, "p2", 1, MIO)  # 1000/1500 would hold 鷹司葵's 1000 AP
    refused(s, cmd("declare", "p1", square=0), R_LEADER)
    s["players"]["p1"]["grid"][0]["char"], s["players"]["p1"]["grid"][LEADER]["char"] = (
        s["players"]["p1"]["grid"][LEADER]["char"], s["players"]["p1"]["grid"][0]["char"])
    s = go(s, cmd("attack", "p1", square=LEADER, target=1))
    s = choose(pass_(choose(s, "p1", "done"), "p2"), "p2", [1])
    s = pass_(go(s, cmd("declare", "p1", square=LEADER)), "p2")  # 葵's LE: AP+500 to a character
    s = choose(s, "p1", LEADER)
    assert char(s, "p1", LEADER)["ap_mod"] == 500
    s = pass_(go(s, cmd("fight", "p1")), "p2")
    assert char(s, "p2", 1) is None  # 1500 AP downs DP 1500 ...
    assert char(s, "p1", LEADER) is None and s["players"]["p1"]["trash"][-1] == AOI  # ... and 1000 AP DP 1000
