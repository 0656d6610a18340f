"""Dice and colour texts (``abilities.dice_and_colours``): the fans of the 「サイコロを振った時」 window,
ホークアイ's lock on the opponent's front holomem, じゃんけん, 鈍器でぶっ叩くわよ！'s changed ability, each on a
real card's printed text, given/when/then. The cards come from ``../shared/data/hocg/card_data.json``
(never committed: skipped without it), added to the FIXTURE set (``test_arts.with_cards``).

The usual given is ``test_arts.given``: p2's turn 2, its centre the card under test; p1's centre is AZKi
hBP01-047 (2nd, HP 220, green: no 特攻 of these arts), so the damage it takes is the art's.
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import rawlist

from .helpers import BLUE, GREEN, LETTER, MANAGER, MEMO, MIC, REAL_LIST, RED, WHITE, YUKI_D, c
from .test_arts import dealt, given, run, use, with_cards
from .test_starters import later_turn
from .test_turns import p1_main

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

NOUSAGI, HAATON, MATSURISU = "hBP01-123_C_02", "hBP03-108_C", "hBP06-103_C"
PEKORA_D, PEKORA_2 = "hBP01-038_C", "hBP01-043_RR"  # 「サイコロを1回振れる:偶数の時、このアーツ+20」; 3 dice summed
MATSURI_D, MATSURI_1, MATSURI_2 = "hBP04-079_C", "hBP04-080_C", "hBP04-082_RR"  # 夏色まつり; the 2nd's bloom effect rolls
WATAME_JANKEN, DONKI, LUI_OSHI, MUMEI_OSHI = "hBP03-071_R", "hBP01-110_U", "hBP01-005_OSR", "hBP01-002_OSR"
SORA = "hBP01-023_RR"  # ときのそら 2nd, 止まらねえぞ (80; 赤特攻+50)
INA_D, INA_1, INA_073, INA_074, TAKODACHI = "hBP08-068_C", "hBP02-062_C", "hBP08-073_U", "hBP08-074_RR", "hBP08-110_C"
INA_OSHI, FUWAMOCO_OSHI, FUWAWA_D = "hBP08-006_OSR", "hBP08-003_OSR", "hBP08-055_C"
MATSURI_OSHI = "hBP06-008_OSR"
CARDS = (MATSURI_OSHI, SORA, INA_D, INA_1, INA_073, INA_074, TAKODACHI, INA_OSHI, FUWAMOCO_OSHI, FUWAWA_D, NOUSAGI, HAATON, MATSURISU, PEKORA_D, PEKORA_2, MATSURI_D, MATSURI_1, MATSURI_2, WATAME_JANKEN, DONKI, LUI_OSHI,
         MUMEI_OSHI, "hBP01-047_RR")
HP4 = [MEMO, LETTER, MANAGER, MIC]


@pytest.fixture(scope="module")
def R():
    if not REAL_LIST.exists():
        pytest.skip("the official card list ../shared/data/hocg/card_data.json is not here")
    return with_cards(CARDS)


def printed(pid: str) -> str:
    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    s = raw[pid]["skills"]
    return next(x.get("name") or x.get("text") for x in s if x["type"] == "サポート効果")


def window_names(s):
    assert s["pending"]["kind"] == "window", s["pending"]
    return s["pending"]["options"]


# ------------------------------------------------------------------ 「…サイコロを振った時、このファンをアーカイブできる」

@needs_list
def test_fan_reroll_texts_are_recognised():
    """hBP01-123 野うさぎ同盟, hBP03-108 はあとん, hBP06-103 まつりす: one shape each, the holder's name read."""
    assert rawlist.recognise(printed(NOUSAGI)) == ("fan_dice", {"again": True, "only": ["兎田ぺこら"]})
    assert rawlist.recognise(printed(HAATON)) == ("fan_dice", {"again": True, "only": ["赤井はあと"]})
    assert rawlist.recognise(printed(MATSURISU)) == ("fan_dice", {"face": 4, "roller": {"oshi": True, "tag": "1期生"},
                                                                  "only": ["夏色まつり"]})


@needs_list
def test_hbp01_123_nousagi_rolls_the_die_of_its_pekoras_art_again(R):
    """hBP01-123 野うさぎ同盟: 「このファンが付いているホロメンが能力でサイコロを振った時、このファンをアーカイブ
    できる:そのサイコロの結果をすべて無くし、はじめからサイコロを振り直す。」 Given the fan on p2's centre
    兎田ぺこら (こんぺこー！: 「サイコロを1回振れる:偶数の時、このアーツ+20。」), when the die shows 1, then the fan may
    be archived and the die rolled again (a chance event): 4 adds 20; kept, the 1 adds nothing."""
    s = given(PEKORA_D, [GREEN])
    s["players"]["p2"]["center"]["attached"] = [NOUSAGI]
    s = run(R, use(R, s), c("p2", "choose", choice="roll"), 1)
    assert window_names(s) == ["野うさぎ同盟", None]
    kept = run(R, s, c("p2", "choose", choice=None))
    assert dealt(kept) == 20 and kept["players"]["p2"]["center"]["attached"] == [NOUSAGI]
    again = run(R, s, c("p2", "choose", choice="野うさぎ同盟"), 4)
    assert dealt(again) == 40 and again["players"]["p2"]["center"]["attached"] == []
    assert NOUSAGI in again["players"]["p2"]["archive"]
    assert [(e["before"], e["face"]) for e in again["events"] if e["kind"] == "reroll"] == [(1, 4)]
    assert again["players"]["p2"]["used"]["faces"] == [4]
    two = copy.deepcopy(given(PEKORA_D, [GREEN]))  # two copies: the second may be used on the new face
    two["players"]["p2"]["center"]["attached"] = [NOUSAGI, NOUSAGI]
    two = run(R, use(R, two), c("p2", "choose", choice="roll"), 1)
    two = run(R, two, c("p2", "choose", choice="野うさぎ同盟"), 3)
    assert window_names(two) == ["野うさぎ同盟（2枚目）", None]
    two = run(R, two, c("p2", "choose", choice="野うさぎ同盟（2枚目）"), 6)
    assert dealt(two) == 40 and two["players"]["p2"]["center"]["attached"] == []


@needs_list
def test_hbp01_123_nousagi_on_another_holomem_opens_no_window(R):
    """The fan is about the holomem it is attached to: on a back 兎田ぺこら, the centre's roll is used at once."""
    s = given(PEKORA_D, [GREEN])
    s["players"]["p2"]["back"][0].update(card=PEKORA_D, attached=[NOUSAGI])
    s = run(R, use(R, s), c("p2", "choose", choice="roll"), 1)
    assert s["pending"] is None and dealt(s) == 20 and s["players"]["p2"]["back"][0]["attached"] == [NOUSAGI]


@needs_list
def test_hbp01_123_nousagi_rolls_every_die_of_the_instruction_again(R):
    """「そのサイコロの結果をすべて無くし、はじめからサイコロを振り直す」 on 全人類兎化計画 (「サイコロを3回振れる:出た目の
    合計数1につき、このアーツ+10。」): the window opens once the three dice are rolled; used, all three are rolled
    again (1+1+1 gone, 5+4+3 summed); kept, the first three count."""
    s = given(PEKORA_2, [GREEN] * 4)
    s["players"]["p2"]["center"]["attached"] = [NOUSAGI]
    s = run(R, use(R, s), c("p2", "choose", choice="roll"), 1, 1, 1)
    assert window_names(s) == ["野うさぎ同盟", None]
    kept = run(R, s, c("p2", "choose", choice=None))
    assert dealt(kept) == 60 + 30
    again = run(R, s, c("p2", "choose", choice="野うさぎ同盟"), 5, 4, 3)
    assert dealt(again) == 60 + 120 and again["players"]["p2"]["used"]["rolls"] == 6
    assert again["players"]["p2"]["used"]["faces"] == [5, 4, 3]  # the results gone: what reads the faces sees these
    assert again["players"]["p2"]["center"]["attached"] == []


@needs_list
def test_hbp03_108_haaton_is_only_for_haato(R):
    """hBP03-108 はあとん: 「…このファンは、自分の〈赤井はあと〉だけに付けられ…」: refused on 兎田ぺこら."""
    s = given(PEKORA_D, [GREEN])
    s = later_turn(s, "p2")
    s["players"]["p2"]["hand"].append(HAATON)
    with pytest.raises(RuleViolation, match="赤井はあと"):
        run(R, s, c("p2", "support", card=HAATON, target="center"))


@needs_list
def test_hbp06_103_matsurisu_treats_one_die_of_a_1st_gen_holomem_as_4(R):
    """hBP06-103 まつりす: 「自分の[推しホロメンか#1期生を持つホロメン]の能力でサイコロを振った時、このファンをアーカイブ
    できる:そのサイコロの目の数1つを4として扱う。」 Given the fan on p2's 夏色まつり, when the 2nd 夏色まつり (#1期生)
    blooms on it (レッツ ショッピング: 「自分のステージの異なるカード名の#1期生を持つホロメン1人につき、サイコロを1回
    振れる:4以上が出た回数1回につき、自分のエールデッキの上から1枚をこのホロメンに送る。」: one die), a 2 may be
    treated as 4: a cheer is sent; kept, nothing. A 兎田ぺこら's die (#3期生) opens no window."""
    s = later_turn(given(MATSURI_1, []), "p2")
    s["players"]["p2"]["center"]["attached"] = [MATSURISU]
    s["players"]["p2"]["hand"].append(MATSURI_2)
    s = run(R, s, c("p2", "bloom", card=MATSURI_2, target="center"))
    s = run(R, s, c("p2", "choose", choice="roll"), 2)
    assert window_names(s) == ["まつりす", None]
    kept = run(R, s, c("p2", "choose", choice=None))
    assert kept["pending"] is None and kept["players"]["p2"]["center"]["cheer"] == []
    four = run(R, s, c("p2", "choose", choice="まつりす"), BLUE)
    assert four["players"]["p2"]["center"]["cheer"] == [BLUE] and MATSURISU in four["players"]["p2"]["archive"]
    assert [e for e in four["events"] if e["kind"] == "die_treated"][-1]["face"] == 4
    pekora = given(PEKORA_D, [GREEN])
    pekora["players"]["p2"]["back"][0].update(card=MATSURI_D, attached=[MATSURISU])
    pekora = run(R, use(R, pekora), c("p2", "choose", choice="roll"), 1)
    assert pekora["pending"] is None and dealt(pekora) == 20


@needs_list
def test_hbp06_103_matsurisu_on_the_oshis_die(R):
    """まつりす, 「自分の[推しホロメン…]の能力でサイコロを振った時」: 夏色まつり's おまつりわっしょーい！！！ (「サイコロを1回振る。
    出た目の数が自分のライフ以上なら、自分のデッキから、カード1枚を手札に加える。…出た目の数が自分のライフ以下なら、自分の
    デッキの上から1枚をホロパワーにする。」) at life 3: a 1 makes a ホロパワー; treated as 4, the search instead."""
    s = later_turn(given(MATSURI_1, []), "p2")
    s["players"]["p2"].update(oshi=MATSURI_OSHI, holopower=list(HP4), life=3)
    s["players"]["p2"]["center"]["attached"] = [MATSURISU]
    s = run(R, s, c("p2", "oshi_skill", skill="oshi"), 1)
    assert window_names(s) == ["まつりす", None]
    four = run(R, s, c("p2", "choose", choice="まつりす"))
    assert four["pending"]["kind"] == "skill_search_secret" and len(four["players"]["p2"]["holopower"]) == 2
    kept = run(R, s, c("p2", "choose", choice=None))  # the deck's top to the ホロパワー, unseen
    assert kept["pending"] is None and len(kept["players"]["p2"]["holopower"]) == 3


# ------------------------------------------------------------------ ホークアイ

def lui_hawkeye(R):
    """p1's turn 3 (main): its oshi 鷹嶺ルイ with four ホロパワー; p2 has a collab holomem. ホークアイ used."""
    s = copy.deepcopy(later_turn(p1_main()))
    s["players"]["p1"]["oshi"] = LUI_OSHI
    s["players"]["p1"]["holopower"] = list(HP4)
    s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["back"][0])}
    s["players"]["p2"]["back"].append({**copy.deepcopy(s["players"]["p2"]["back"][0])})
    s["players"]["p2"]["center"]["cheer"] = [RED, RED]
    return s


@needs_list
def test_hbp01_005_hawkeye_locks_the_opponents_front_through_its_next_turn(R):
    """hBP01-005 鷹嶺ルイ ホークアイ: 「[ホロパワー:-2][ゲームに1回]次の相手のターンの間、相手のセンターホロメンと
    コラボホロメンは、バトンタッチ、移動、交代できない。」 Given it used in p1's turn, then in p2's next turn: its
    collab holomem stays in the collab position at the reset step (that move is a 移動 too), no baton touch is
    legal or accepted; the turn after, the collab goes back and the baton touch is allowed again."""
    s = lui_hawkeye(R)
    assert rawlist.recognise("次の相手のターンの間、相手のセンターホロメンとコラボホロメンは、バトンタッチ、移動、交代できない。") == (
        "pin_front", {})
    s = run(R, s, c("p1", "oshi_skill", skill="sp"))
    assert s["players"]["p1"]["sp_used"] and len(s["players"]["p1"]["holopower"]) == 2
    collab = s["players"]["p2"]["collab"]["card"]
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    s = run(R, s, c("p2", "choose", choice="center")) if s["pending"] else s
    p2 = s["players"]["p2"]
    assert s["active"] == "p2" and p2["collab"] is not None and p2["collab"]["card"] == collab
    legal = R.legal(s, "p2")
    assert not [m for m in legal if m["type"] == "baton_touch"]
    with pytest.raises(RuleViolation, match="バトンタッチ"):
        run(R, s, c("p2", "baton_touch", back="back0", cheer=[RED]))
    s = run(R, s, c("p2", "end_turn"), MEMO, WHITE)
    s = run(R, s, c("p1", "choose", choice="center")) if s["pending"] else s
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    s = run(R, s, c("p2", "choose", choice="center")) if s["pending"] else s
    assert s["players"]["p2"]["collab"] is None  # the lock is over: the reset step moves it back
    assert [m for m in R.legal(s, "p2") if m["type"] == "baton_touch"]


@needs_list
def test_hbp01_005_without_hawkeye_the_collab_rests_at_the_back(R):
    """The same turn without the skill: the reset step moves p2's collab holomem back, a baton touch is legal."""
    s = run(R, lui_hawkeye(R), c("p1", "end_turn"), MEMO, RED)
    s = run(R, s, c("p2", "choose", choice="center")) if s["pending"] else s
    assert s["players"]["p2"]["collab"] is None
    assert [m for m in R.legal(s, "p2") if m["type"] == "baton_touch"]


# ------------------------------------------------------------------ じゃんけん

@needs_list
def test_hbp03_071_watame_janken_won_gives_red_tokkou_30_this_turn(R):
    """hBP03-071 角巻わため つのまきじゃんけん: 「相手と勝敗が決まるまでじゃんけんできる:自分が勝った時、このターンの間、
    このホロメンは赤特攻+30を得る。」 (the game's result a chance event: the winning seat). Against a red centre:
    won, 50 + 30; lost or not played, 50; against a green one, 50 even when won."""
    out = {}
    for how in ("won", "lost", "skip"):
        s = given(WATAME_JANKEN, [R.yellow, GREEN], wall=YUKI_D)
        s["players"]["p1"]["center"]["card"] = next(cid for cid, x in R.cardset.cards.items()
                                                    if x["kind"] == "holomem" and x["colors"] == ["red"]
                                                    and (x["hp"] or 0) >= 100)
        s = use(R, s)
        assert s["pending"]["kind"] == "janken_tokkou" and s["pending"]["options"] == ["janken", "skip"]
        if how == "skip":
            s = run(R, s, c("p2", "choose", choice="skip"))
        else:
            s = run(R, s, c("p2", "choose", choice="janken"), "p2" if how == "won" else "p1")
        out[how] = dealt(s)
    assert out == {"won": 80, "lost": 50, "skip": 50}
    green = given(WATAME_JANKEN, [R.yellow, GREEN])  # AZKi: green
    green = run(R, use(R, green), c("p2", "choose", choice="janken"), "p2")
    assert dealt(green) == 50


# ------------------------------------------------------------------ 鈍器でぶっ叩くわよ！

def donki(R, oshi=MUMEI_OSHI):
    s = copy.deepcopy(later_turn(p1_main()))
    s["players"]["p1"]["oshi"] = oshi
    s["players"]["p1"]["hand"].append(DONKI)
    s["players"]["p2"]["center"]["cheer"] = [RED, BLUE, GREEN]
    s["players"]["p2"]["back"][0]["cheer"] = [WHITE]
    return s


@needs_list
def test_hbp01_110_donki_archives_an_opponents_cheer_on_3_or_less(R):
    """hBP01-110 鈍器でぶっ叩くわよ！: 「サイコロを1回振る:3以下の時、相手のホロメンのエール1枚をアーカイブする。」
    Without 七詩ムメイ as oshi: a 3 archives the cheer chosen (any holomem's); a 4 nothing."""
    s = run(R, donki(R, LUI_OSHI), c("p1", "support", card=DONKI), 3)
    assert s["pending"]["kind"] == "archive_opp_cheer"
    assert s["pending"]["options"] == [["back0", WHITE], ["center", GREEN], ["center", RED], ["center", BLUE]]
    s = run(R, s, c("p1", "choose", choice=["back0", WHITE]))
    assert s["players"]["p2"]["back"][0]["cheer"] == [] and WHITE in s["players"]["p2"]["archive"]
    high = run(R, donki(R, LUI_OSHI), c("p1", "support", card=DONKI), 4)
    assert high["pending"] is None and high["players"]["p2"]["back"][0]["cheer"] == [WHITE]


@needs_list
def test_hbp01_110_donki_with_mumei_may_use_its_changed_ability_once_per_game(R):
    """「◆自分の推しホロメンが〈七詩ムメイ〉の時、能力変更可能 [ゲームに1回]相手のセンターホロメンのエール2枚を
    アーカイブする。」: with that oshi, the changed ability (no die: two of the centre's cheer); once it is used,
    a later 鈍器 has the printed one only."""
    s = run(R, donki(R), c("p1", "support", card=DONKI))
    assert s["pending"]["kind"] == "oshi_changed" and s["pending"]["options"] == ["base", "changed"]
    s = run(R, s, c("p1", "choose", choice="changed"))
    s = run(R, s, c("p1", "choose", choice=["center", RED]))
    s = run(R, s, c("p1", "choose", choice=["center", BLUE]))
    assert s["pending"] is None and s["players"]["p2"]["center"]["cheer"] == [GREEN]
    assert s["players"]["p2"]["back"][0]["cheer"] == [WHITE]
    assert not [e for e in s["events"] if e["kind"] == "roll"]
    later = copy.deepcopy(s)
    later["players"]["p1"]["used"]["limited"] = False
    later["players"]["p1"]["hand"].append(DONKI)
    later = run(R, later, c("p1", "support", card=DONKI), 5)  # the printed one: rolled at once
    assert later["pending"] is None and [e["face"] for e in later["events"] if e["kind"] == "roll"][-1:] == [5]


# ------------------------------------------------------------------ 「同じホロメンに、このアーツをもう1回使う」

@needs_list
def test_hbp01_023_sora_uses_the_art_again_on_the_same_holomem_while_the_die_is_odd(R):
    """hBP01-023 ときのそら 止まらねえぞ: 「サイコロを1回振れる:奇数の時、同じホロメンに、このアーツをもう1回使う
    （このアーツはそのホロメンがダウンするまで繰り返せる）。」 Against AZKi (HP 220): 1 then 2: two uses (160);
    an even first roll or no roll: one (80); 3, 5: the third use downs it and the art stops there."""
    assert rawlist.recognise("サイコロを1回振れる:奇数の時、同じホロメンに、このアーツをもう1回使う（このアーツはそのホロメンが"
                             "ダウンするまで繰り返せる）。") == ("roll_then", {"optional": True, "branches": [
                                 {"faces": [1, 3, 5], "then": {"effect": "arts_repeat", "params": {}}}]})
    s = use(R, given(SORA, [WHITE, WHITE, GREEN]))
    assert s["pending"]["kind"] == "roll_then"
    once = run(R, s, c("p2", "choose", choice="roll"), 1)
    assert dealt(once) == 80 and once["pending"]["kind"] == "roll_then"  # the art again: its die again
    twice = run(R, once, c("p2", "choose", choice="roll"), 2)
    assert dealt(twice) == 160 and twice["pending"] is None
    assert dealt(run(R, s, c("p2", "choose", choice="roll"), 4)) == 80
    assert dealt(run(R, s, c("p2", "choose", choice="skip"))) == 80
    s = run(R, s, c("p2", "choose", choice="roll"), 3)
    s = run(R, s, c("p2", "choose", choice="roll"), 5)
    assert s["pending"]["kind"] == "roll_then"  # the third use: 240 downs AZKi, no fourth
    s = run(R, s, c("p2", "choose", choice="roll"), 1, WHITE)  # odd, but its holomem is down: the life cheer
    assert s["pending"] is None and s["players"]["p1"]["life"] == 4 and "hBP01-047_RR" in s["players"]["p1"]["archive"]
    assert s["players"]["p1"]["center"]["damage"] == 0  # the back holomem moved up is not hit


# ------------------------------------------------------------------ 「すべての色を持つホロメンとして扱う」

def collab_ina(R, card, cheer=(GREEN, GREEN), later=False):
    """p2's first turn (the second player's first turn): its back holomem is ``card`` and collabs."""
    s = given(SORA, [WHITE, WHITE, GREEN])
    if later:
        s = later_turn(s, "p2")
    s["players"]["p2"]["back"][0].update(card=card, cheer=list(cheer))
    return run(R, s, c("p2", "collab", back="back0"))


@needs_list
def test_hbp08_073_two_chosen_opponents_have_every_colour_this_turn(R):
    """hBP08-073 一伊那尓栖 お行儀よくしてね？: 「相手のステージのホロメン2人を選ぶ。このターンの間、選んだホロメンは、
    すべての色を持つホロメンとして扱う。」 Then the green AZKi takes 特攻 of any colour: this holomem's art (90, 青特攻
    +50) deals 140; the next turn it is green again."""
    s = collab_ina(R, INA_073)
    assert s["pending"]["kind"] == "all_colours" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p2", "choose", choice="center"))  # the other is the only one left: no question
    assert s["pending"] is None
    assert [p for p in ("center",) if s["players"]["p1"][p]["all_colours"] == s["turn"]] == ["center"]
    assert s["players"]["p1"]["back"][0]["all_colours"] == s["turn"]
    hit = use(R, s, pos="collab")
    assert dealt(hit) == 90 + 50
    plain = given(SORA, [WHITE, WHITE, GREEN])  # not chosen: AZKi is green, no 青特攻
    plain["players"]["p2"]["collab"] = {**copy.deepcopy(plain["players"]["p2"]["back"][0]), "card": INA_073,
                                        "cheer": [GREEN, GREEN]}
    assert dealt(use(R, plain, pos="collab")) == 90
    nxt = run(R, hit, c("p2", "end_turn"), MEMO, WHITE)
    assert nxt["players"]["p1"]["center"]["all_colours"] != nxt["turn"]  # このターンの間


@needs_list
def test_hbp08_068_only_going_second_in_its_first_turn_every_opponent_has_every_colour(R):
    """hBP08-068 一伊那尓栖 きタコれ！: 「自分が後攻で最初のターンなら、このターンの間、相手のステージのホロメン全員は、
    すべての色を持つホロメンとして扱う。」 In p2's first turn (it went second): both of p1's holomem, and then
    ときのそら's 赤特攻+50 hits AZKi (80 + 50); in a later turn of p2: nothing (80)."""
    s = collab_ina(R, INA_D, cheer=[R.purple])
    assert all(h["all_colours"] == s["turn"] for h in (s["players"]["p1"]["center"], *s["players"]["p1"]["back"]))
    s = run(R, use(R, s), c("p2", "choose", choice="skip"))
    assert dealt(s) == 80 + 50
    late = collab_ina(R, INA_D, cheer=[R.purple], later=True)
    assert "all_colours" not in late["players"]["p1"]["center"]
    late = run(R, use(R, late), c("p2", "choose", choice="skip"))
    assert dealt(late) == 80


@needs_list
def test_hbp08_110_takodachi_at_the_centre_gives_the_opponents_front_every_colour(R):
    """hBP08-110 Takodachi: 「[センターポジション限定]相手のセンターホロメンとコラボホロメンは、すべての色を持つホロメン
    として扱う。」 With it on p2's centre 一伊那尓栖, p2's collab ときのそら (赤特攻+50) deals AZKi 80 + 50; on a back
    一伊那尓栖, 80."""
    out = {}
    for where in ("center", "back"):
        s = given(INA_D, [R.purple])
        s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["back"][0]), "card": SORA,
                                        "cheer": [WHITE, WHITE, GREEN]}
        h = s["players"]["p2"]["center"] if where == "center" else s["players"]["p2"]["back"][0]
        h.update(card=INA_D, attached=[TAKODACHI])
        s = run(R, use(R, s, pos="collab"), c("p2", "choose", choice="skip"))
        out[where] = dealt(s)
    assert out == {"center": 130, "back": 80}


@needs_list
def test_hbp08_074_each_card_archived_gives_one_opponent_every_colour(R):
    """hBP08-074 一伊那尓栖 (art, 110, 黄特攻+50): 「自分の手札1～3枚をアーカイブできる:この能力でアーカイブしたカード1枚
    につき、相手のホロメン1人を選ぶ。このターンの間、選んだホロメンは、すべての色を持つホロメンとして扱う。」 One card
    archived, AZKi chosen: 160; none archived: 110."""
    s = given(INA_074, [GREEN] * 3)
    s = use(R, s)
    assert s["pending"]["kind"] == "cost_hand_each"
    none = run(R, s, c("p2", "choose", choice=None))
    assert dealt(none) == 110
    card = s["players"]["p2"]["hand"][0]
    s = run(R, s, c("p2", "choose", choice=card))
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["pending"]["kind"] == "all_colours"
    s = run(R, s, c("p2", "choose", choice="center"))
    assert dealt(s) == 110 + 50 and card in s["players"]["p2"]["archive"]


@needs_list
def test_hbp08_006_inas_colours_and_world_domination(R):
    """hBP08-006 一伊那尓栖: Ina'nisの色彩 「[ホロパワー:-X][ターンに1回]この能力でアーカイブしたホロパワー1枚につき、
    相手のステージのホロメン1人を選ぶ。このターンの間、選んだホロメンは、すべての色を持つホロメンとして扱う。」 (X named
    by the user) and WORLD DOMINATION 「相手のステージのホロメン全員が、相手の推しホロメンと異なる色を持つなら、自分の
    〈一伊那尓栖〉全員のアーツは、エールを必要とせずに使える。」: p1's back 雪見ユキ has its oshi's colour, so the
    一伊那尓栖 with no cheer may not use its art; once both of p1's holomem have every colour, it may."""
    s = given(INA_1, [])
    s["players"]["p2"]["oshi"] = INA_OSHI
    s["players"]["p2"]["holopower"] = list(HP4)
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, s)
    s = run(R, s, c("p2", "oshi_skill", skill="oshi"))
    assert s["pending"]["kind"] == "holopower_each" and s["pending"]["options"] == [1, 2, 3, 4]
    one = run(R, s, c("p2", "choose", choice=1))
    one = run(R, one, c("p2", "choose", choice="center"))
    assert len(one["players"]["p2"]["holopower"]) == 3 and MEMO in one["players"]["p2"]["archive"]
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, one)  # the back 雪見ユキ still only white
    two = run(R, s, c("p2", "choose", choice=2))
    two = run(R, two, c("p2", "choose", choice="center"))
    assert two["pending"] is None and len(two["players"]["p2"]["holopower"]) == 2
    assert dealt(use(R, two)) == 60


@needs_list
def test_hbp08_003_red_cheer_on_fuwawa_pays_blue_too(R):
    """hBP08-003 FUWAMOCO 準備は出来てるよね!: 「自分の[〈フワワ・アビスガード〉と〈モココ・アビスガード〉]に付いている赤
    エールすべては、青エールとしても扱う。」 A red cheer pays フワワ's blue icon with that oshi; without it, refused."""
    s = given(FUWAWA_D, [RED])
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, s)
    s["players"]["p2"]["oshi"] = FUWAMOCO_OSHI
    s = use(R, s, MEMO)  # its text: 「このホロメンに赤エールが付いているなら、自分のデッキを1枚引く。」
    assert dealt(s) == 20
