"""Abilities acting when, or instead of, an ability archiving cheer, the hand or the deck's cards
(``abilities.archive_hooks``, through ``effects.archive_by``), each on a real card's printed text,
given/when/then. The cards come from ``../shared/data/hocg/card_data.json`` (never committed: skipped
without it), added to the FIXTURE set.
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import BLUE, CS, GREEN, LETTER, MANAGER, MEMO, MIC, RED, REAL_LIST, WHITE, YUKI_D, c
from .test_starters import later_turn
from .test_turns import p1_main

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

KOBO_OSHI, KOBO_1, KOBO_2 = "hBP01-008_OSR", "hBP01-086_U", "hBP01-087_R"
LUI_OSHI, LUI_1, LUI_2, LUI_D = "hBP01-005_OSR", "hBP01-060_U", "hBP01-061_R", "hBP01-056_C_02"
SSRB, BOTAN_BUZZ = "hBP03-106_C", "hBP05-028_R"
OKANYAN, OKAYU_1 = "hSD03-013_C", "hBP05-043_U"
CANE, NERISSA_1, NERISSA_2 = "hBP05-083_U", "hBP05-060_R", "hBP05-061_RR_02"
NIKO_OSHI, NIKO_1, REINE_1, RIONA_2 = "hSD11-001_OSR", "hSD11-004_U_re", "hBP08-031_R", "hBP08-020_R"
NIKO_88, NIKO_D = "hBP07-088_U", "hBP07-087_C"
LUNA_30, LUNA_D, LUNAIT = "hBP06-030_R", "hBP06-028_C", "hBP03-105_U"
WANTED = {KOBO_OSHI, KOBO_1, KOBO_2, LUI_OSHI, LUI_1, LUI_2, LUI_D, SSRB, BOTAN_BUZZ, OKANYAN, OKAYU_1, CANE,
          NERISSA_1, NERISSA_2, NIKO_OSHI, NIKO_1, REINE_1, RIONA_2, NIKO_88, NIKO_D,
          LUNA_30, LUNA_D, LUNAIT}


@pytest.fixture(scope="module")
def R():
    if not REAL_LIST.exists():
        pytest.skip("the official card list ../shared/data/hocg/card_data.json is not here")
    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    purple, yellow = (next(pid for pid, v in sorted(raw.items()) if v.get("card_type") == "エール" and v.get("color") == x)
                      for x in ("紫", "黄"))
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items() if pid in WANTED | {purple, yellow}]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-archive-hooks", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.purple, bound.yellow = purple, yellow
    return bound


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def holo(card, **fields):
    return {"card": card, "stack": [], "cheer": [], "attached": [], "damage": 0, "rested": False, "since": -1,
            "mods": {"hp": 0, "arts": 0}, "face_down": False, **fields}


def given(oshi=None, center=None, back=None, holopower=(), hand=None):
    """A given state: p1's main phase on a later turn, its oshi, centre (and back) holomem as stated."""
    s = copy.deepcopy(later_turn(p1_main()))
    pl = s["players"]["p1"]
    if oshi:
        pl["oshi"] = oshi
    if center:
        pl["center"] = center
    if back is not None:
        pl["back"] = back
    pl["holopower"] = list(holopower)
    if hand is not None:
        pl["hand"] = list(hand)
    s["players"]["p2"]["center"]["mods"]["hp"] = 500  # (p2's centre is not downed by the tests' damage)
    return s


def damage_events(s, source):
    return [e["amount"] for e in s["events"] if e["kind"] == "damage" and e.get("source") == source]


# ------------------------------------------------------------------ hBP01-008 レイン・シャーマニズム

@needs_list
def test_hbp01_008_rain_shamanism_may_deal_20_after_a_blue_holomem_archives_cheer(R):
    """hBP01-008 こぼ・かなえる 「[ホロパワー:-1]レイン・シャーマニズム[ターンに1回]自分の青ホロメンの能力でエールを
    アーカイブした時に使える:相手のホロメン1人に特殊ダメージ20を与える。」: once hBP01-087's 「雨のマントラ」 has
    archived its cheer (and dealt its 20 to the back), the skill is offered; used, its holopower is paid and 20 lands
    on the holomem chosen."""
    s = given(KOBO_OSHI, holo(KOBO_2, cheer=[BLUE, WHITE]), holopower=[MEMO])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "cost_own_cheer"
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["pending"]["kind"] == "window" and s["pending"]["options"] == ["レイン・シャーマニズム", None]
    assert s["players"]["p2"]["back"][0]["damage"] == 20  # the art's own effect first
    s = run(R, s, c("p1", "choose", choice="レイン・シャーマニズム"))
    assert s["players"]["p1"]["holopower"] == [] and MEMO in s["players"]["p1"]["archive"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p2"]["back"][0]["damage"] == 40
    assert s["players"]["p1"]["oshi_turn"] == s["turn"]


@needs_list
def test_hbp01_008_two_cheer_archived_by_one_art_open_one_window(R):
    """「波のマントラ」 archives two cheer: the skill is offered once, after both."""
    s = given(KOBO_OSHI, holo(KOBO_2, cheer=[BLUE, BLUE, WHITE]), holopower=[MEMO])
    s = run(R, s, c("p1", "arts", holomem="center", art=1, target="center"))
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["pending"]["kind"] == "cost_own_cheer"
    s = run(R, s, c("p1", "choose", choice=BLUE))
    assert s["pending"]["kind"] == "window"
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["pending"] is None or s["pending"]["kind"] != "window"


@needs_list
def test_hbp01_008_not_offered_without_holopower_or_for_a_holomem_not_blue(R):
    s = given(KOBO_OSHI, holo(KOBO_2, cheer=[BLUE, WHITE]))
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["pending"] is None and s["players"]["p1"].get("oshi_turn") is None
    green = given(KOBO_OSHI, holo(BOTAN_BUZZ, cheer=[GREEN, WHITE]), holopower=[MEMO])
    green = run(R, green, c("p1", "arts", holomem="center", art=0, target="center"))
    green = run(R, green, c("p1", "choose", choice=["center", WHITE]), MEMO)  # (its gift draws)
    assert green["pending"] is None and green["players"]["p1"]["holopower"] == [MEMO]


# ------------------------------------------------------------------ hBP01-005 女幹部の采配

@needs_list
def test_hbp01_005_lui_archives_holopower_instead_of_hand_cards(R):
    """hBP01-005 鷹嶺ルイ 「[ホロパワー:-X]女幹部の采配[ターンに1回]自分の赤ホロメンの能力で手札をアーカイブする時に
    使える:アーカイブする手札1枚につき自分のホロパワー1枚を、かわりにアーカイブできる。」: hBP01-061's 「ホークレイヴ」
    (「自分の手札1～5枚をアーカイブできる:…アーカイブしたカード1枚につき特殊ダメージ20」) pays with two holopower
    cards; the hand stays, the damage counts both."""
    s = given(LUI_OSHI, holo(LUI_2, cheer=[RED, RED, WHITE]), holopower=[MEMO, LETTER], hand=[MIC, MANAGER])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert "holopower" in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice="holopower"))
    assert s["players"]["p1"]["used"]["oshi"] and s["players"]["p1"]["hand"] == [MIC, MANAGER]
    assert "holopower" in s["pending"]["options"]  # the same archiving: the skill goes on
    s = run(R, s, c("p1", "choose", choice="holopower"))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["holopower"] == [] and {MEMO, LETTER} <= set(s["players"]["p1"]["archive"])
    assert s["players"]["p1"]["hand"] == [MIC, MANAGER]
    assert damage_events(s, LUI_2)[0] == 40


@needs_list
def test_hbp01_005_not_for_a_holomem_not_red_nor_twice_a_turn(R):
    purple = given(LUI_OSHI, holo(NERISSA_1, cheer=[R.purple, WHITE]), holopower=[MEMO], hand=[MIC])
    purple = run(R, purple, c("p1", "arts", holomem="center", art=0, target="center"))
    assert purple["pending"]["options"] == [MIC, None]
    s = given(LUI_OSHI, holo(LUI_2, cheer=[RED, RED, WHITE]), holopower=[MEMO, LETTER], hand=[MIC])
    s["players"]["p1"]["used"]["oshi"] = True  # the oshi skill already used this turn
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert "holopower" not in s["pending"]["options"]


@needs_list
def test_hbp01_005_pays_the_bloom_effects_hand_cost(R):
    """hBP01-060 「本当にみんなのおかげ！！」 (「DebutからBloomした時、自分の手札1枚をアーカイブできる:自分のデッキを2枚
    引く。」) with the skill: a holopower card archived, the hand kept, two drawn."""
    s = given(LUI_OSHI, holo(LUI_D), holopower=[MEMO], hand=[LUI_1, MIC])
    s = run(R, s, c("p1", "bloom", card=LUI_1, target="center"))
    assert s["pending"]["options"] == [MIC, "holopower", None]
    s = run(R, s, c("p1", "choose", choice="holopower"), LETTER, MANAGER)
    assert s["players"]["p1"]["hand"] == [MIC, LETTER, MANAGER] and MEMO in s["players"]["p1"]["archive"]


# ------------------------------------------------------------------ hBP03-106 SSRB, hSD03-013 おかにゃん

@needs_list
def test_hbp03_106_ssrb_is_archived_instead_of_a_cheer(R):
    """hBP03-106 SSRB 「このファンが付いているホロメンの能力でエールをアーカイブする時、アーカイブするエール1枚のかわりに、
    このファンをアーカイブできる。」: hBP05-028's art (「自分の〈獅白ぼたん〉のエール1枚をアーカイブできる:相手の
    センターホロメンに特殊ダメージ30」) pays with the fan; the cheer stays."""
    s = given(center=holo(BOTAN_BUZZ, cheer=[GREEN, WHITE], attached=[SSRB]))
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == [["center", WHITE], ["center", GREEN], ["center", SSRB], None]
    s = run(R, s, c("p1", "choose", choice=["center", SSRB]), MEMO)  # (its gift draws)
    h = s["players"]["p1"]["center"]
    assert h["attached"] == [] and h["cheer"] == [GREEN, WHITE] and SSRB in s["players"]["p1"]["archive"]
    assert damage_events(s, BOTAN_BUZZ)[0] == 30
    assert rawlist.recognise(R.cardset.cards[SSRB]["abilities"][0]["text"])[1]["only"] == ["獅白ぼたん"]


@needs_list
def test_hbp03_106_ssrb_of_another_holomem_is_not_offered(R):
    s = given(center=holo(BOTAN_BUZZ, cheer=[GREEN, WHITE]),
              back=[holo(BOTAN_BUZZ, cheer=[GREEN], attached=[SSRB])])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert ["back0", SSRB] not in s["pending"]["options"] and ["center", SSRB] not in s["pending"]["options"]


@needs_list
def test_hsd03_013_okanyan_on_okayu_is_archived_instead_of_a_blue_cheer(R):
    """hSD03-013 おかにゃん 「◆〈猫又おかゆ〉に付いていたら能力追加 このマスコットが付いてるホロメンの能力でエールを
    アーカイブする時、アーカイブする青エール1枚のかわりに、このマスコットをアーカイブできる。」: hBP05-043's art
    (「このホロメンの青エール1枚をアーカイブできる:…」) pays with the mascot; its damage cut stays read."""
    s = given(center=holo(OKAYU_1, cheer=[BLUE, WHITE], attached=[OKANYAN]))
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == [BLUE, OKANYAN, None]
    s = run(R, s, c("p1", "choose", choice=OKANYAN))
    h = s["players"]["p1"]["center"]
    assert h["cheer"] == [BLUE, WHITE] and h["attached"] == [] and OKANYAN in s["players"]["p1"]["archive"]
    assert R.cardset.cards[OKANYAN]["abilities"][0]["params"]["taken"][0]["amount"] == -10


@needs_list
def test_hsd03_013_okanyan_on_another_holomem_is_not_offered(R):
    s = given(center=holo(KOBO_2, cheer=[BLUE, WHITE], attached=[OKANYAN]))
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert OKANYAN not in s["pending"]["options"]


# ------------------------------------------------------------------ hBP05-083 ネリッサ・レイヴンクロフトの杖

@needs_list
def test_hbp05_083_cane_deals_20_when_a_2nd_nerissa_archives_a_hand_card(R):
    """hBP05-083 「◆2nd以上の〈ネリッサ・レイヴンクロフト〉に付いていたら能力追加[センターポジション・コラボポジション限定]
    [ターンに1回]このツールが付いているホロメンの能力で自分の手札をアーカイブした時、相手のセンターホロメンかコラボ
    ホロメンに特殊ダメージ20を与える。」: hBP05-061's art archives two hand cards: 20 once."""
    s = given(center=holo(NERISSA_2, cheer=[R.purple, WHITE, WHITE], attached=[CANE]), hand=[MIC, MANAGER])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=MIC))
    s = run(R, s, c("p1", "choose", choice=MANAGER))
    while s["pending"] is not None:
        s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    assert damage_events(s, CANE) == [20]


@needs_list
def test_hbp05_083_cane_on_a_1st_nerissa_does_nothing(R):
    s = given(center=holo(NERISSA_1, cheer=[R.purple, WHITE], attached=[CANE]), hand=[MIC])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=MIC))
    assert damage_events(s, CANE) == [] and damage_events(s, NERISSA_1)[0] == 20


# ------------------------------------------------------------------ hSD11-001, hBP08-031, hBP07-088, hBP08-020

@needs_list
def test_hsd11_001_deals_30_per_cheer_the_flow_glow_holomems_ability_archived(R):
    """hSD11-001 虎金妃笑虎 「[ホロパワー:-2]ニコたんの名を呼ぶがいいさ！[ゲームに1回]自分の#FLOW GLOWを持つホロメンの
    能力でエールをアーカイブした時に使える:相手のセンターホロメンかコラボホロメンどちらかに、アーカイブしたエール1枚に
    つき、特殊ダメージ30を与える。」: hSD11-004's bloom effect archives two: 60."""
    s = given(NIKO_OSHI, back=[holo(NIKO_D, cheer=[R.yellow, WHITE])], holopower=[MEMO, LETTER])
    s["players"]["p1"]["hand"].append(NIKO_1)
    s = run(R, s, c("p1", "bloom", card=NIKO_1, target="back0"))
    s = run(R, s, c("p1", "choose", choice=["back0", R.yellow]))
    s = run(R, s, c("p1", "choose", choice=["back0", WHITE]))
    while s["pending"] is not None and s["pending"]["kind"] != "window":
        s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    assert s["pending"]["options"] == ["ニコたんの名を呼ぶがいいさ！", None]
    s = run(R, s, c("p1", "choose", choice="ニコたんの名を呼ぶがいいさ！"))
    assert damage_events(s, NIKO_OSHI) == [60] and s["players"]["p1"]["sp_used"]


@needs_list
def test_hsd11_001_not_for_a_holomem_without_flow_glow(R):
    s = given(NIKO_OSHI, holo(KOBO_2, cheer=[BLUE, WHITE]), holopower=[MEMO, LETTER])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["pending"] is None and not s["players"]["p1"].get("sp_used")


@needs_list
def test_hbp08_031_reine_draws_when_her_art_archives_the_cheer_decks_top(R):
    """hBP08-031 パヴォリア・レイネ 「[センターポジション・コラボポジション限定][ターンに1回]自分のターンで、自分のエールが
    アーカイブに置かれた時、自分のデッキを1枚引く。」: 「GWS+」 archives the cheer deck's top: one drawn (once a turn)."""
    s = given(center=holo(REINE_1, cheer=[GREEN, WHITE]))
    hand = list(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), WHITE, MEMO)
    assert s["players"]["p1"]["hand"] == [*hand, MEMO] and WHITE in s["players"]["p1"]["archive"]
    assert s["players"]["p1"]["center"]["gift_turn"] == s["turn"]


@needs_list
def test_hbp08_031_reine_draws_when_a_baton_touch_archives_her_cheer_once_a_turn(R):
    """A baton touch's cost (two cheer) puts her cheer in the archive: one card drawn, not two."""
    s = given(center=holo(REINE_1, cheer=[GREEN, WHITE]), back=[holo(YUKI_D)])
    hand = list(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "baton_touch", back="back0", cheer=[GREEN, WHITE]), MEMO)
    assert s["players"]["p1"]["hand"] == [*hand, MEMO] and s["players"]["p1"]["back"][0]["gift_turn"] == s["turn"]


@needs_list
def test_hbp08_031_reine_at_the_back_draws_nothing(R):
    s = given(center=holo(KOBO_2, cheer=[BLUE, WHITE]), back=[holo(REINE_1)])
    hand = list(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["players"]["p1"]["hand"] == hand


@needs_list
def test_hbp07_088_plus_30_once_a_stage_cheer_was_archived_this_turn(R):
    """hBP07-088 虎金妃笑虎 「このターンに自分のステージのエールがアーカイブされていたなら、このアーツ+30。」: a baton touch's
    cost archived one; without it, no bonus."""
    art = R.cardset.cards[NIKO_88]["arts"][0]["dmg"]
    plain = given(center=holo(NIKO_88, cheer=[R.yellow, WHITE]))
    plain = run(R, plain, c("p1", "arts", holomem="center", art=0, target="center"))
    assert damage_events(plain, NIKO_88) == [art]
    s = given(center=holo(YUKI_D, cheer=[WHITE]), back=[holo(NIKO_88, cheer=[R.yellow, WHITE])])
    s = run(R, s, c("p1", "baton_touch", back="back0", cheer=[WHITE]))
    assert s["players"]["p1"]["used"]["archived"]["cheer"] == 1
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert damage_events(s, NIKO_88) == [art + 30]


@needs_list
def test_hbp08_020_plus_40_after_three_deck_cards_archived_this_turn(R):
    """hBP08-020 響咲リオナ 「このターンに自分のデッキからカードを3枚以上アーカイブしていたなら、このアーツ+40。」: her
    collab effect archives two (and draws two); with one more archived before, +40; with those two only, nothing."""
    art = R.cardset.cards[RIONA_2]["arts"][0]
    art = art["dmg"] + sum(k["amount"] for k in art["tokkou"] if k["color"] == "red")  # (p2's centre is red)
    for before, bonus in ((0, 0), (1, 40)):
        s = given(back=[holo(RIONA_2, cheer=[WHITE, WHITE])])
        if before:
            s["players"]["p1"]["used"]["archived"] = {"deck": before}
        s = run(R, s, c("p1", "collab", back="back0"))
        s = run(R, s, c("p1", "choose", choice=2), MEMO, LETTER, MIC, MANAGER)
        assert s["players"]["p1"]["used"]["archived"]["deck"] == before + 2
        s = run(R, s, c("p1", "arts", holomem="collab", art=0, target="center"))
        assert damage_events(s, RIONA_2) == [art + bonus]


# ------------------------------------------------------------------ hBP06-030 みんなへ感謝の気持ち

def luna_downed(R, collab, *outcomes):
    """p2's turn: its centre's art downs p1's centre 〈姫森ルーナ〉 holding a 〈ルーナイト〉 (damage one short); p1's
    collab is ``collab``, its back a 〈姫森ルーナ〉."""
    s = given(center=holo(LUNA_D, attached=[LUNAIT]), back=[holo(LUNA_D)])
    s["players"]["p1"]["collab"] = holo(collab)
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    s = run(R, s, c("p2", "choose", choice="center"))
    s["players"]["p1"]["center"]["damage"] = R.cardset.cards[LUNA_D]["hp"] - 1
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == ["ルーナイト", None]  # the fan's own 「ダメージを受ける時、…アーカイブできる」
    return run(R, s, c("p1", "choose", choice=None), *outcomes)


@needs_list
def test_hbp06_030_at_the_collab_moves_the_downed_centres_lunait_to_a_back_luna(R):
    """hBP06-030 姫森ルーナ 「[コラボポジション限定]相手のターンで、自分のセンターホロメンに付いている〈ルーナイト〉を
    アーカイブする時、アーカイブするかわりに、自分のバックホロメンの〈姫森ルーナ〉に付け替えられる。」: the centre down
    (ダウン①), p1 may move the fan; it stays on the stage while the centre goes to the archive."""
    s = luna_downed(R, LUNA_30)
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "window"
    assert s["pending"]["options"] == ["みんなへ感謝の気持ち", None]
    s = run(R, s, c("p1", "choose", choice="みんなへ感謝の気持ち"), WHITE)
    pl = s["players"]["p1"]
    assert LUNAIT not in pl["archive"] and LUNA_D in pl["archive"]
    assert any(LUNAIT in h["attached"] for h in [pl["center"], pl["collab"], *pl["back"]] if h)


@needs_list
def test_hbp06_030_not_at_the_collab_the_lunait_is_archived(R):
    s = luna_downed(R, KOBO_2, WHITE)
    assert s["pending"] is None or s["pending"]["kind"] != "window"
    assert LUNAIT in s["players"]["p1"]["archive"]
