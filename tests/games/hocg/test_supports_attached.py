"""Attached support cards' texts (``abilities.supports_attached``): their triggers (collab,
Bloom, attached from the hand, arts used, a down dealt, a down taken) and their constants
(damage taken and dealt, arts, HP, cost), each on a real card's printed text, given/when/then.
The cards and the fixture set are ``test_supports``'s (their recognition is tested there).
"""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import rawlist

from .helpers import AKARI_D, BLUE, GREEN, LETTER, MEMO, MIC, RED, WHITE, YUKI_D, YUKI_DU, c
from .test_starters import later_turn
from .test_supports import (BAKUHATSU, CALLI_TOOL, DOKURO, FUBUKI_GUARD, FUBUKI_MASCOT, FUTOINU, FUWAMOCO_MASCOT,
                            KIARA_FAN, KIARA_MASCOT, KOKORO, KORONE_MASCOT, KOYORI_FAN, LAMY, LAMY_FAN, LAMY_MASCOT,
                            LIFE_TOOL, LUI_MASCOT, LUNA_FAN, MOCOCO_FAN, NOEL_TOOL, ROSE, SAKE_TOOL, SUISEI_TOOL,
                            WATAME_FAN, R, main, needs_list, raw, run)  # noqa: F401 (R and raw: its fixtures)
from .test_turns import p1_main, p2_turn


# ------------------------------------------------------------------ triggers

def with_attached(R, s, pos: str, holomem: str, support: str):
    """A given state: p1's ``pos`` holomem is ``holomem``, and ``support`` is attached to it (played)."""
    h = s["players"]["p1"]["back"][0] if pos == "back0" else s["players"]["p1"][pos]
    h["card"] = holomem
    s["players"]["p1"]["hand"].append(support)
    return run(R, s, c("p1", "support", card=support, target=pos))


@needs_list
def test_hbp03_102_futoinu_on_korone_sends_an_archived_yellow_cheer_when_it_collabs(R):
    """hBP03-102 フトイヌ: 「◆〈戌神ころね〉に付いていたら能力追加 このマスコットが付いているホロメンが
    コラボした時、自分のアーカイブの黄エール1枚をこのホロメンに送れる。」: on ころね it may send the
    cheer to the holomem it is attached to; on another holomem nothing happens."""
    s = with_attached(R, main(), "back0", R.holomem[("戌神ころね", "Debut")], FUTOINU)
    s["players"]["p1"]["archive"] = [R.yellow, GREEN]
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "archive_cheer" and s["pending"]["options"] == [R.yellow, None]
    s = run(R, s, c("p1", "choose", choice=R.yellow))
    assert s["players"]["p1"]["collab"]["cheer"] == [R.yellow] and s["players"]["p1"]["archive"] == [GREEN]
    other = with_attached(R, main(), "back0", YUKI_DU, FUTOINU)
    other["players"]["p1"]["archive"] = [R.yellow]
    other = run(R, other, c("p1", "collab", back="back0"))
    assert other["pending"] is None and other["players"]["p1"]["collab"]["cheer"] == []


@needs_list
def test_hbp04_100_kokoro_on_koyori_boosts_it_this_turn_when_it_collabs(R):
    """hBP04-100 ココロ: 「◆〈博衣こより〉に付いていたら能力追加 このマスコットが付いているホロメンが
    コラボした時、このターンの間、このホロメンのアーツ+10。」"""
    s = with_attached(R, main(), "back0", R.holomem[("博衣こより", "Debut")], KOKORO)
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["players"]["p1"]["collab"]["mods"]["arts"] == 10 and s["players"]["p1"]["center"]["mods"]["arts"] == 0
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    assert s["players"]["p1"]["collab"]["mods"]["arts"] == 0  # このターンの間


@needs_list
def test_hbp02_095_dokuro_kun_draws_when_marine_blooms_at_the_centre_only(R):
    """hBP02-095 ドクロくん: 「◆〈宝鐘マリン〉に付いていたら能力追加 [センターポジション限定]この
    マスコットが付いているホロメンがBloomした時、自分のデッキを1枚引く。」"""
    debut, first = R.holomem[("宝鐘マリン", "Debut")], R.holomem[("宝鐘マリン", "1st")]
    s = with_attached(R, main([first]), "center", debut, DOKURO)
    s = run(R, s, c("p1", "bloom", card=first, target="center"), MEMO)
    assert s["players"]["p1"]["hand"][-1] == MEMO and s["players"]["p1"]["center"]["card"] == first
    back = with_attached(R, main([first]), "back0", debut, DOKURO)
    hand = list(back["players"]["p1"]["hand"])
    back = run(R, back, c("p1", "bloom", card=first, target="back0"))
    assert back["players"]["p1"]["hand"] == [x for x in hand if x != first]


def p2_downs_p1_centre(R, s):
    """p2's turn: its centre's art (30) downs p1's centre (damage set one short)."""
    s = p2_turn(s)
    s["players"]["p1"]["center"]["damage"] = R.cardset.cards[s["players"]["p1"]["center"]["card"]]["hp"] - 1
    return s


@needs_list
def test_hbp01_122_rose_tai_sends_the_cheer_deck_top_to_aki_even_the_downed_one(R):
    """hBP01-122 ロゼ隊: 「相手のターンで、このファンが付いているホロメンがダウンした時、自分のエール
    デッキの上から1枚を、自分の〈アキ・ローゼンタール〉に送る。」 (ダウン①): with no other アキ the
    cheer goes to the downed one, so to the archive with it (ダウン②); then the life (③)."""
    aki = R.holomem[("アキ・ローゼンタール", "Debut")]
    s = p2_downs_p1_centre(R, with_attached(R, p1_main(), "center", aki, ROSE))
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN, WHITE)
    kinds = [e["kind"] for e in s["events"]]
    assert kinds.index("down_ability") < kinds.index("cheer_up") < kinds.index("life")
    assert s["players"]["p1"]["archive"][-1] == GREEN and ROSE in s["players"]["p1"]["archive"]
    assert s["players"]["p1"]["center"]["card"] == YUKI_DU and s["players"]["p1"]["center"]["cheer"] == [WHITE]


@needs_list
def test_hbp01_122_with_another_aki_the_seat_chooses(R):
    aki = R.holomem[("アキ・ローゼンタール", "Debut")]
    s = with_attached(R, p1_main(), "center", aki, ROSE)
    s["players"]["p1"]["back"][0]["card"] = aki
    s = p2_downs_p1_centre(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "down_cheer"
    assert s["pending"]["options"] == ["back0", "downed"]
    s = run(R, s, c("p1", "choose", choice="back0"), GREEN, WHITE)
    assert s["players"]["p1"]["center"]["card"] == aki and s["players"]["p1"]["center"]["cheer"] == [GREEN, WHITE]



@needs_list
def test_hbp01_125_kiara_fan_attached_from_the_hand_may_trade_a_hand_card_for_a_draw(R):
    """hBP01-125: 「このファンをホロメンに手札から付けた時、自分の手札1枚をアーカイブできる:自分のデッキを
    1枚引く。」: once attached (to a 小鳥遊キアラ only), the cost may be paid, then the draw."""
    kiara = R.holomem[("小鳥遊キアラ", "Debut")]
    s = main([KIARA_FAN])
    with pytest.raises(RuleViolation):
        run(R, s, c("p1", "support", card=KIARA_FAN, target="center"))  # 雪見ユキ: not キアラ
    s["players"]["p1"]["center"]["card"] = kiara
    s = run(R, s, c("p1", "support", card=KIARA_FAN, target="center"))
    assert s["players"]["p1"]["center"]["attached"] == [KIARA_FAN]
    assert s["pending"]["kind"] == "cost_hand" and None in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=LETTER), MEMO)
    assert LETTER in s["players"]["p1"]["archive"] and s["players"]["p1"]["hand"][-1] == MEMO


@needs_list
def test_hbp02_088_calli_tool_mills_one_when_attached_to_a_1st_calli_only(R):
    """hBP02-088: 「◆1st以上の〈森カリオペ〉に付いていたら能力追加 このツールをホロメンに手札から付けた時、
    自分のデッキの上から1枚をアーカイブする。」: on a 1st カリオペ the deck top is archived (face up);
    on a Debut one nothing happens."""
    s = main([CALLI_TOOL])
    s["players"]["p1"]["center"]["card"] = R.holomem[("森カリオペ", "1st")]
    s = run(R, s, c("p1", "support", card=CALLI_TOOL, target="center"), MEMO)
    assert s["players"]["p1"]["archive"][-1] == MEMO and s["pending"] is None
    debut = main([CALLI_TOOL])
    debut["players"]["p1"]["center"]["card"] = R.holomem[("森カリオペ", "Debut")]
    debut = run(R, debut, c("p1", "support", card=CALLI_TOOL, target="center"))
    assert debut["players"]["p1"]["archive"] == [] and debut["players"]["p1"]["center"]["attached"] == [CALLI_TOOL]



# ------------------------------------------------------------------ damage, arts, HP, cost

@needs_list
def test_hbp03_105_luna_fan_may_be_archived_to_take_30_less_on_the_opponents_turn(R):
    """hBP03-105: 「相手のターンで、このファンが付いているホロメンがダメージを受ける時、このファンをアーカイブ
    できる:このファンが付いていたホロメンの受けるダメージ-30。」: p2's art (20) on p1's ルーナ opens the
    window for p1; used, the fan goes to the archive and no damage is left; declined, 20."""
    s = with_attached(R, p1_main(), "center", R.holomem[("姫森ルーナ", "Debut")], LUNA_FAN)
    s = p2_turn(s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "window"
    name = R.cardset.cards[LUNA_FAN]["name"]
    assert s["pending"]["options"] == [name, None]
    used = run(R, s, c("p1", "choose", choice=name))
    assert used["players"]["p1"]["center"]["damage"] == 0 and used["players"]["p1"]["center"]["attached"] == []
    assert LUNA_FAN in used["players"]["p1"]["archive"] and used["pending"] is None
    kept = run(R, s, c("p1", "choose", choice=None))
    assert kept["players"]["p1"]["center"]["damage"] == 20 and kept["players"]["p1"]["center"]["attached"] == [LUNA_FAN]


@needs_list
def test_hbp03_105_is_not_offered_on_its_own_turn(R):
    s = with_attached(R, main(), "center", R.holomem[("姫森ルーナ", "Debut")], LUNA_FAN)
    s["players"]["p1"]["hand"].append(BAKUHATSU)  # p1's own event hits p2: nothing about p1's fan
    s = run(R, s, c("p1", "support", card=BAKUHATSU))
    assert s["pending"] is None


@needs_list
def test_hbp04_106_lamy_fan_adds_10_to_her_special_damage_to_the_centre_only(R):
    """hBP04-106: 「このファンが付いているホロメンが、相手のセンターホロメンに与える特殊ダメージ+10。」 on
    hBP04-043 雪花ラミィ's 「こんらみ～」 (special damage 10 to a holomem of the opponent's)."""
    base = p2_turn(p1_main())
    base["players"]["p2"]["center"].update(card=LAMY, cheer=[RED], attached=[LAMY_FAN])
    s = run(R, base, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "special_damage"
    centre = run(R, s, c("p2", "choose", choice="center"))
    assert centre["players"]["p1"]["center"]["damage"] == 20 + 10 + 10
    back = run(R, s, c("p2", "choose", choice="back0"))
    assert back["players"]["p1"]["back"][0]["damage"] == 10 and back["players"]["p1"]["center"]["damage"] == 20


@needs_list
def test_hbp02_086_a_holomem_without_sake_takes_10_more(R):
    """hBP02-086: 「■このツールが付いているホロメンのアーツ+20。■このツールが付いている#お酒を持たない
    ホロメンが受けるダメージ+10。」: 雪見ユキ (no #お酒) takes p2's 20 as 30."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["attached"] = [SAKE_TOOL]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 30



@needs_list
def test_hbp03_112_watame_fan_moves_one_or_two_yellow_cheer_of_the_downed_one_to_another_watame(R):
    """hBP03-112: 「相手のターンで、このファンが付いているホロメンがダウンした時、このホロメンの黄エール1～2枚を、
    自分の他の〈角巻わため〉1人に付け替えられる。」 (ダウン①): the yellow cheer of the downed わため go to
    the other わため instead of the archive (taken back from it once ダウン② is done); the rest of
    its cards are archived; then the life (③) and the new centre (④)."""
    watame = R.holomem[("角巻わため", "Debut")]
    s = with_attached(R, p1_main(), "center", watame, WATAME_FAN)
    s["players"]["p1"]["back"][0]["card"] = watame
    s["players"]["p1"]["center"]["cheer"] = [R.yellow, R.yellow, WHITE]
    s = p2_downs_p1_centre(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "down_move_cheer"
    assert s["pending"]["options"] == [R.yellow, None]
    s = run(R, s, c("p1", "choose", choice=R.yellow))  # the one other わため: not asked
    assert s["pending"]["options"] == [R.yellow, None]
    s = run(R, s, c("p1", "choose", choice=R.yellow), GREEN)
    p1 = s["players"]["p1"]
    assert p1["center"]["card"] == watame and p1["center"]["cheer"] == [R.yellow, R.yellow, GREEN]
    assert R.yellow not in p1["archive"] and WHITE in p1["archive"] and WATAME_FAN in p1["archive"]
    assert s["pending"] is None and p1["life"] == 4


@needs_list
def test_hbp02_090_fubuki_mascot_moves_a_cheer_even_on_its_own_turn(R):
    """hBP02-090: 「◆〈白上フブキ〉に付いていたら能力追加 このマスコットが付いているホロメンがダウンした時、
    このホロメンのエール1枚を、自分の他のホロメンに付け替える。」 (not only on the opponent's turn; a
    must): with one cheer and one other holomem, nothing is asked."""
    fubuki = R.holomem[("白上フブキ", "Debut")]
    s = with_attached(R, p1_main(), "center", fubuki, FUBUKI_MASCOT)
    s = p2_downs_p1_centre(R, s)
    s["players"]["p1"]["center"]["damage"] += 20  # the mascot's HP+20: still one short
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    p1 = s["players"]["p1"]
    assert p1["center"]["card"] == YUKI_DU and p1["center"]["cheer"] == [WHITE, GREEN]
    assert WHITE not in p1["archive"] and FUBUKI_MASCOT in p1["archive"]



@needs_list
def test_hbp02_093_a_back_fubuki_takes_no_damage_from_the_opponent(R):
    """hBP02-093: 「◆〈白上フブキ〉に付いていたら能力追加 [バックポジション限定]このマスコットが付いている
    ホロメンは相手からダメージを受けない。」: 雪花ラミィ's special damage 10 to that back フブキ does nothing."""
    s = with_attached(R, p1_main(), "back0", R.holomem[("白上フブキ", "Debut")], FUBUKI_GUARD)
    s = p2_turn(s)
    s["players"]["p2"]["center"].update(card=LAMY, cheer=[RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 0 and s["players"]["p1"]["center"]["damage"] == 20


@needs_list
def test_hbp03_100_fuwamoco_arts_need_colourless_cheer_only(R):
    """hBP03-100: 「◆〈フワワ・アビスガード〉か〈モココ・アビスガード〉に付いていたら能力追加 このマスコットが
    付いているホロメンのアーツに必要なエールの色すべてを無色エールにする。」: with only a white cheer,
    フワワ's art (coloured icons) is refused without the mascot and used with it."""
    fuwawa = R.holomem[("フワワ・アビスガード", "1st")]  # hBP03-041: its 2nd art needs 青◇
    art = R.cardset.cards[fuwawa]["arts"][1]
    assert art["cost"] == ["blue", "any"]
    s = p2_turn(p1_main())
    s["players"]["p2"]["center"].update(card=fuwawa, cheer=[WHITE, RED])
    with pytest.raises(RuleViolation):
        run(R, s, c("p2", "arts", holomem="center", art=1, target="center"))
    s["players"]["p2"]["center"]["attached"] = [FUWAMOCO_MASCOT]
    s = run(R, s, c("p2", "arts", holomem="center", art=1, target="center"))
    assert s["players"]["p1"]["center"]["damage"] > 0



def cheer_for(R, cost):
    """Cheer cards that pay ``cost`` (◇ paid with red)."""
    by_colour = {"white": WHITE, "green": GREEN, "red": RED, "blue": BLUE, "yellow": R.yellow, "purple": R.purple,
                 "any": RED}
    return [by_colour[x] for x in cost]


@needs_list
def test_hbp01_115_suisei_tool_sends_a_cheer_to_its_holder_when_it_downs_a_holomem(R):
    """hBP01-115: 「◆1st以上の〈星街すいせい〉に付いていたら能力追加 このツールが付いているホロメンが相手の
    ホロメンをダウンさせた時、自分のエールデッキの上から1枚を、このホロメンに送る。」: once p1's downed
    centre's life is taken and its back moved up, the cheer deck's top goes to the すいせい holding it."""
    suisei = R.holomem[("星街すいせい", "1st")]
    s = p2_downs_p1_centre(R, p1_main())
    art = R.cardset.cards[suisei]["arts"][0]
    s["players"]["p2"]["center"].update(card=suisei, cheer=cheer_for(R, art["cost"]), attached=[SUISEI_TOOL])
    cheer = list(s["players"]["p2"]["center"]["cheer"])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), WHITE, RED)
    kinds = [e["kind"] for e in s["events"]]
    assert kinds.index("life") < kinds.index("to_center") < kinds.index("cheer_up")
    assert s["players"]["p2"]["center"]["cheer"] == cheer + [RED] and s["pending"] is None



@needs_list
def test_hbp01_120_lui_mascot_draws_once_her_art_from_the_centre_is_used(R):
    """hBP01-120: 「◆〈鷹嶺ルイ〉に付いていたら能力追加 このマスコットが付いているホロメンがセンターポジションで
    アーツを使った時、自分のデッキを1枚引く。」: after the art's damage (as a gift's 「アーツを使った時」);
    from the collab position, nothing. Its arts+10 counts in the damage."""
    lui = R.holomem[("鷹嶺ルイ", "Debut")]
    art = R.cardset.cards[lui]["arts"][0]
    base = p2_turn(p1_main())
    base["players"]["p1"]["center"]["card"] = R.holomem[("姫森ルーナ", "Debut")]
    hand = len(base["players"]["p2"]["hand"])
    s = copy.deepcopy(base)
    s["players"]["p2"]["center"].update(card=lui, cheer=cheer_for(R, art["cost"]), attached=[LUI_MASCOT])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), MEMO)
    kinds = [e["kind"] for e in s["events"]]
    assert kinds.index("damage") < kinds.index("draw") and s["players"]["p2"]["hand"][-1] == MEMO
    assert s["players"]["p1"]["center"]["damage"] == art["dmg"] + 10 and len(s["players"]["p2"]["hand"]) == hand + 1
    collab = copy.deepcopy(base)
    collab["players"]["p2"]["collab"] = {**copy.deepcopy(collab["players"]["p2"]["center"]), "card": lui,
                                         "cheer": cheer_for(R, art["cost"]), "attached": [LUI_MASCOT]}
    collab = run(R, collab, c("p2", "arts", holomem="collab", art=0, target="center"))
    assert len(collab["players"]["p2"]["hand"]) == hand



@needs_list
def test_hbp05_081_noel_tool_adds_20_more_while_she_holds_three_cheer(R):
    """hBP05-081: 「このツールが付いているホロメンのアーツ+10。◆1st以上の〈白銀ノエル〉に付いていたら能力追加
    このツールが付いているホロメンにエールが3枚以上付いている間、このホロメンのアーツ+20。」: +10 with two
    cheer, +30 with three."""
    noel = R.holomem[("白銀ノエル", "1st")]
    art = R.cardset.cards[noel]["arts"][0]
    dealt = []
    for extra in (0, 1):
        s = p2_turn(p1_main())
        cheer = cheer_for(R, art["cost"])
        cheer += [RED] * (2 + extra - len(cheer))
        s["players"]["p2"]["center"].update(card=noel, cheer=cheer, attached=[NOEL_TOOL])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        dealt.append(next(e["amount"] for e in s["events"] if e["kind"] == "damage"))
    assert dealt == [art["dmg"] + 10, art["dmg"] + 30]



@needs_list
def test_hbp03_103_korone_mascot_may_come_back_to_the_hand_for_a_holopower(R):
    """hBP03-103: 「◆〈戌神ころね〉に付いていたら能力追加 このマスコットが付いているホロメンがダウンした時、
    自分のホロパワー1枚をアーカイブできる:このマスコットを手札に戻す。」 (ダウン①): paid, the mascot goes
    to the hand instead of the archive."""
    s = with_attached(R, p1_main(), "center", R.holomem[("戌神ころね", "Debut")], KORONE_MASCOT)
    s["players"]["p1"]["holopower"] = [LETTER]
    s = p2_downs_p1_centre(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["seat"] == "p1" and s["pending"]["options"] == ["pay", None]
    s = run(R, s, c("p1", "choose", choice="pay"), WHITE)
    p1 = s["players"]["p1"]
    assert KORONE_MASCOT in p1["hand"] and KORONE_MASCOT not in p1["archive"] and LETTER in p1["archive"]
    assert p1["holopower"] == [] and p1["life"] == 4



@needs_list
def test_hbp01_121_kiara_mascot_takes_10_less_in_front_and_draws_when_kiara_blooms(R):
    """hBP01-121: 「このマスコットが付いているホロメンがセンターポジションかコラボポジションで受けるダメージ-10。
    ◆〈小鳥遊キアラ〉に付いていたら能力追加 このマスコットが付いているホロメンのBloomレベルが上がった時、自分の
    デッキを1枚引く。」: p2's 20 at the centre is 10; キアラ Debut → 1st draws one."""
    s = with_attached(R, p1_main(), "center", R.holomem[("小鳥遊キアラ", "Debut")], KIARA_MASCOT)
    hit = run(R, p2_turn(s), c("p2", "arts", holomem="center", art=0, target="center"))
    assert hit["players"]["p1"]["center"]["damage"] == 10
    first = R.holomem[("小鳥遊キアラ", "1st")]
    s = later_turn(s)
    s["players"]["p1"]["hand"].append(first)
    s = run(R, s, c("p1", "bloom", card=first, target="center"), MEMO)
    assert s["players"]["p1"]["center"]["card"] == first and s["players"]["p1"]["hand"][-1] == MEMO


@needs_list
def test_hbp04_105_koyori_fan_may_bring_a_stage_cheer_to_its_holomem_when_attached(R):
    """hBP04-105: 「このファンをホロメンに手札かアーカイブから付けた時、自分のステージのエール1枚を、このファンが
    付いているホロメンに付け替えられる。」 (attached from the hand)."""
    s = main()
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN]
    s = with_attached(R, s, "center", R.holomem[("博衣こより", "Debut")], KOYORI_FAN)
    assert s["pending"]["kind"] == "move_cheer_here" and s["pending"]["options"] == [["back0", GREEN], None]
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN] and s["players"]["p1"]["back"][0]["cheer"] == []



@needs_list
def test_hbp08_103_tool_holder_down_loses_one_more_life(R):
    """hBP08-103: 「■このツールが付いているホロメンのHP+50。■このツールが付いているホロメンがダウンした時、自分の
    ライフ-1。」: two life cards taken (ダウン③ and the tool's)."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["attached"] = [LIFE_TOOL]
    s["players"]["p1"]["center"]["damage"] = R.cardset.cards[YUKI_D]["hp"] + 50 - 1
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), WHITE, GREEN)
    assert s["players"]["p1"]["life"] == 3 and s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN]


@needs_list
def test_hbp08_108_mococo_fan_draws_if_the_downed_one_held_a_red_cheer(R):
    """hBP08-108: 「相手のターンで、このファンが付いているホロメンがダウンした時、このファンが付いているホロメンに赤
    エールが付いているなら、自分のデッキを1枚引く。」: the cheer it held as it went down is read."""
    fuwawa = R.holomem[("フワワ・アビスガード", "Debut")]
    hands = []
    for cheer in ([RED], [WHITE]):
        s = with_attached(R, p1_main(), "center", fuwawa, MOCOCO_FAN)
        s["players"]["p1"]["center"]["cheer"] = cheer
        s = p2_downs_p1_centre(R, s)
        s["players"]["p1"]["center"]["damage"] += 10  # its HP+10
        outcomes = (MEMO, GREEN) if cheer == [RED] else (GREEN,)
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), *outcomes)
        hands.append(s["players"]["p1"]["hand"][-1])
    assert hands[0] == MEMO and hands[1] != MEMO



@needs_list
def test_hbp04_101_lamy_mascot_adds_10_to_any_art_and_20_hp_on_lamy(R):
    """hBP04-101: 「このマスコットが付いているホロメンのアーツ+10。◆〈雪花ラミィ〉に付いていたら能力追加 この
    マスコットが付いているホロメンのHP+20。」"""
    from kifu.replays.games.hocg.state import Board
    for holder, hp in ((LAMY, 20), (AKARI_D, 0)):
        s = p2_turn(p1_main())
        s["players"]["p2"]["center"].update(card=holder, cheer=[RED], attached=[LAMY_MASCOT])
        board = Board(s, R.cardset)
        assert board.max_hp(s["players"]["p2"]["center"]) == R.cardset.cards[holder]["hp"] + hp
        art = R.cardset.cards[holder]["arts"][0]
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        if holder == LAMY:
            s = run(R, s, c("p2", "choose", choice="back0"))  # its special damage 10 goes to the back
        assert s["players"]["p1"]["center"]["damage"] == art["dmg"] + 10


# ------------------------------------------------------------------ 石の斧: arts used, healed

@needs_list
def test_hbp01_114_stone_axe_hurts_its_holder_by_10_once_its_art_is_used(R):
    """hBP01-114 石の斧: 「■このツールが付いているホロメンのアーツ+20。■このツールが付いているホロメンがアーツを
    使った時、このホロメンに特殊ダメージ10を与える。」: the art deals 20 more; once it is used (its damage
    done, as every 「アーツを使った時」), the holder takes 10 special damage of its own seat's ability."""
    from .test_supports import AKI_1ST, STONE_AXE
    art = R.cardset.cards[AKI_1ST]["arts"][0]
    s = main()
    s["players"]["p1"]["center"].update(card=AKI_1ST, cheer=cheer_for(R, art["cost"]), attached=[STONE_AXE])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    kinds = [e["kind"] for e in s["events"]]
    assert s["players"]["p2"]["center"]["damage"] == art["dmg"] + 20
    assert s["players"]["p1"]["center"]["damage"] == 10 and s["pending"] is None
    hits = [e for e in s["events"] if e["kind"] == "damage"]
    assert [(e["seat"], e["amount"], e["special"]) for e in hits] == [("p2", art["dmg"] + 20, False), ("p1", 10, True)]
    assert kinds.count("damage") == 2


@needs_list
def test_hbp01_114_stone_axe_self_damage_can_down_its_holder_and_costs_its_own_life(R):
    """hBP01-114: the 10 is damage as any (ホロメンの受けているダメージが最大HP以上になった時、そのホロメンは
    ダウンする): a holder one short of its HP goes down, and its own seat takes a life cheer; the opponent
    gets no 「ダウンさせた時」 (it dealt nothing)."""
    from .test_supports import AKI_1ST, STONE_AXE
    art = R.cardset.cards[AKI_1ST]["arts"][0]
    s = main()
    s["players"]["p1"]["center"].update(card=AKI_1ST, cheer=cheer_for(R, art["cost"]), attached=[STONE_AXE],
                                        damage=R.cardset.cards[AKI_1ST]["hp"] - 5)
    life = s["players"]["p1"]["life"]
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), WHITE)
    downs = [e for e in s["events"] if e["kind"] == "down"]
    assert [(e["seat"], e["card"]) for e in downs] == [("p1", AKI_1ST)]
    assert STONE_AXE in s["players"]["p1"]["archive"]
    assert s["players"]["p1"]["life"] == life - 1 and not any(e["kind"] == "ko_ability" for e in s["events"])


@needs_list
def test_hbp01_114_stone_axe_on_a_1st_aki_draws_once_a_turn_when_an_own_ability_heals_it(R):
    """hBP01-114: 「◆1st以上の〈アキ・ローゼンタール〉に付いていたら能力追加 [ターンに1回]自分の能力で、この
    ホロメンが回復した時、自分のデッキを1枚引く。」: healed by ちょこのオムライス (hSD04-013, 「…選んだホロメンの
    HP20回復」) it draws after the heal, the second heal of the turn draws nothing; a heal of 0 (no damage)
    is no heal; on a Debut アキ, nothing."""
    from .test_supports import AKI_1ST, COOKING, STONE_AXE
    s = main([COOKING, COOKING, COOKING])
    s["players"]["p1"]["center"].update(card=AKI_1ST, attached=[STONE_AXE])
    undamaged = run(R, copy.deepcopy(s), c("p1", "support", card=COOKING))
    undamaged = run(R, undamaged, c("p1", "choose", choice="center"))
    assert not any(e["kind"] == "draw" for e in undamaged["events"])  # nothing to heal: no 「回復した時」
    s["players"]["p1"]["center"]["damage"] = 50
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "support", card=COOKING))
    s = run(R, s, c("p1", "choose", choice="center"), MEMO)
    kinds = [e["kind"] for e in s["events"]]
    assert s["players"]["p1"]["center"]["damage"] == 30 and kinds.index("heal") < kinds.index("draw")
    assert s["players"]["p1"]["hand"][-1] == MEMO and len(s["players"]["p1"]["hand"]) == hand  # -1 played, +1 drawn
    s = run(R, s, c("p1", "support", card=COOKING))
    s = run(R, s, c("p1", "choose", choice="center"))
    assert s["players"]["p1"]["center"]["damage"] == 10 and len(s["players"]["p1"]["hand"]) == hand - 1  # [ターンに1回]
    debut = main([COOKING])
    debut["players"]["p1"]["center"].update(card=R.holomem[("アキ・ローゼンタール", "Debut")], attached=[STONE_AXE],
                                            damage=50)
    debut = run(R, debut, c("p1", "support", card=COOKING))
    debut = run(R, debut, c("p1", "choose", choice="center"))
    assert debut["players"]["p1"]["center"]["damage"] == 30 and not any(e["kind"] == "draw" for e in debut["events"])


# ------------------------------------------------------------------ baton touch cost, HP

@needs_list
def test_hbp05_075_gyudon_makes_the_chosen_ones_baton_touch_2_cheaper_this_turn_and_heals_it(R):
    """hBP05-075 牛丼: 「自分のホロメン1人を選ぶ。このターンの間、選んだホロメンのバトンタッチに必要な無色エール-2。
    その後、選んだホロメンのHP20回復。」: the chosen centre (baton 2 here) touches for nothing this turn
    (never below 0), healed 20."""
    from .test_supports import GYUDON, LAURA_1ST
    s = main([GYUDON])
    s["players"]["p1"]["center"].update(card=LAURA_1ST, damage=30, cheer=[RED, RED])
    s = run(R, s, c("p1", "support", card=GYUDON))
    s = run(R, s, c("p1", "choose", choice="center"))
    assert s["players"]["p1"]["center"]["damage"] == 10
    legal = [x for x in R.legal(s, "p1") if x["type"] == "baton_touch"]
    assert legal and all(x["cheer"] == [] for x in legal)
    with pytest.raises(RuleViolation):
        R.check(s, c("p1", "baton_touch", back="back0", cheer=[RED]))
    s = run(R, s, c("p1", "baton_touch", back="back0", cheer=[]))
    moved = next(h for h in s["players"]["p1"]["back"] if h["card"] == LAURA_1ST)
    assert moved["cheer"] == [RED, RED]


@needs_list
def test_hbp03_111_korone_fan_makes_her_baton_touch_1_cheaper_each(R):
    """hBP03-111 ころねすきー: 「このファンが付いているホロメンのバトンタッチに必要な無色エール-1。このファンは、自分の
    〈戌神ころね〉だけに付けられ、1人につき何枚でも付けられる。」: each fan 1 less, never below 0."""
    from .test_supports import KORONE_FAN
    korone = R.holomem[("戌神ころね", "Debut")]
    cost = R.cardset.cards[korone]["baton"]
    s = main([KORONE_FAN])
    s["players"]["p1"]["center"].update(card=korone, cheer=[RED] * 3)
    s = run(R, s, c("p1", "support", card=KORONE_FAN, target="center"))
    legal = [x for x in R.legal(s, "p1") if x["type"] == "baton_touch"]
    assert {len(x["cheer"]) for x in legal} == {max(0, cost - 1)}
    s["players"]["p1"]["center"]["attached"] += [KORONE_FAN, KORONE_FAN]
    legal = [x for x in R.legal(s, "p1") if x["type"] == "baton_touch"]
    assert {len(x["cheer"]) for x in legal} == {0}


@needs_list
def test_hbp06_100_chattino_adds_20_hp_more_on_a_1st_laura_with_the_laura_oshi(R):
    """hBP06-100 Chattino: 「このマスコットが付いているホロメンのHP+10。◆1st以上の〈ラオーラ・パンテーラ〉に付いていたら
    能力追加 自分の推しホロメンが〈ラオーラ・パンテーラ〉なら、このマスコットが付いているホロメンのHP+20。」: the
    holder downs at its HP (ホロメンの受けているダメージが最大HP以上になった時): 160+10 with another oshi,
    160+30 with ラオーラ; p2's 20 brings it to HP+29."""
    from .test_supports import CHATTINO, LAURA_1ST, LAURA_OSHI
    hp = R.cardset.cards[LAURA_1ST]["hp"]
    for oshi, downs in ((None, True), (LAURA_OSHI, False)):
        s = p2_turn(p1_main())
        if oshi:
            s["players"]["p1"]["oshi"] = oshi
        s["players"]["p1"]["center"].update(card=LAURA_1ST, attached=[CHATTINO], damage=hp + 9)
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), *([WHITE] if downs else []))
        assert any(e["kind"] == "down" and e["card"] == LAURA_1ST for e in s["events"]) == downs


@needs_list
def test_hbp03_095_holocap_on_a_debut_adds_30_hp_and_stops_the_opponents_special_damage(R):
    """hBP03-095 ホロキャップ: 「◆DebutホロメンかSpotホロメンに付いていたら能力追加 ■このツールが付いているホロメンの
    HP+30。■このツールが付いているホロメンは相手から特殊ダメージを受けない。」: on a Debut (or Spot) holomem
    雪花ラミィ's special damage 10 does nothing, her art's 20 lands; on a 1st, neither clause."""
    from .test_supports import HOLOCAP, LAURA_1ST, LAURA_SPOT
    for card, guarded in ((YUKI_D, True), (LAURA_SPOT, True), (LAURA_1ST, False)):
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"].update(card=card, attached=[HOLOCAP])
        s["players"]["p2"]["center"].update(card=LAMY, cheer=[RED])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        s = run(R, s, c("p2", "choose", choice="center"))
        assert s["players"]["p1"]["center"]["damage"] == (20 if guarded else 30), card
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"].update(card=YUKI_D, attached=[HOLOCAP], damage=R.cardset.cards[YUKI_D]["hp"] + 9)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["card"] == YUKI_D and s["pending"] is None  # HP+30: not down


# ------------------------------------------------------------------ [ターンに1回] triggers

@needs_list
def test_hbp07_110_nene_fan_draws_when_her_bloom_level_rises_each_fan_once(R):
    """hBP07-110 ねっ子: 「[ターンに1回]このファンが付いているホロメンのBloomレベルが上がった時、自分のデッキを1枚引く。
    このファンは、自分の〈桃鈴ねね〉だけに付けられ、1人につき何枚でも付けられる。」: ねね 1st→2nd with two fans
    draws twice (each fan its own once a turn)."""
    from .test_supports import NENE_1ST, NENE_2ND, NENE_FAN
    s = main([NENE_2ND])
    s["players"]["p1"]["center"].update(card=NENE_1ST, attached=[NENE_FAN, NENE_FAN])
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "bloom", card=NENE_2ND, target="center"), MEMO, MIC)
    assert s["players"]["p1"]["hand"][-2:] == [MEMO, MIC] and len(s["players"]["p1"]["hand"]) == hand + 1
    assert s["players"]["p1"]["center"]["support_once"]["cards"] == [NENE_FAN, NENE_FAN]


@needs_list
def test_hbp08_102_parka_on_a_buzz_draws_two_when_it_downs_a_holomem(R):
    """hBP08-102 クールなパーカー: 「◆Buzzホロメンに付いていたら能力追加 [ターンに1回]このホロメンが相手のホロメンを
    ダウンさせた時、自分のデッキを2枚引く。」: a Buzz holder's art downs p1's centre: p2 draws 2 (after the
    downed side's steps); on a non-Buzz holder, nothing."""
    from .test_supports import BUZZ_CHOCO, PARKA
    for holder, draws in ((BUZZ_CHOCO, True), (YUKI_D, False)):
        s = p2_downs_p1_centre(R, p1_main())
        art = R.cardset.cards[holder]["arts"][0]
        s["players"]["p2"]["center"].update(card=holder, cheer=cheer_for(R, art["cost"]), attached=[PARKA])
        hand = len(s["players"]["p2"]["hand"])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), WHITE, *([MEMO, MIC] if draws else []))
        assert len(s["players"]["p2"]["hand"]) == hand + (2 if draws else 0), holder


@needs_list
def test_hbp04_099_ancient_weapon_may_come_back_for_a_hand_card_when_its_holder_downs_on_the_opponents_turn(R):
    """hBP04-099 古代武器: 「相手のターンで、このツールが付いているホロメンがダウンした時、自分の手札1枚をアーカイブ
    できる:このツールを手札に戻す。」: p1 archives a hand card, the tool comes back from the archive; or declines."""
    from .test_supports import ANCIENT_WEAPON
    base = p2_downs_p1_centre(R, p1_main())
    base["players"]["p1"]["center"]["attached"] = [ANCIENT_WEAPON]
    base = run(R, base, c("p2", "arts", holomem="center", art=0, target="center"))
    assert base["pending"]["kind"] == "cost_hand" and base["pending"]["seat"] == "p1" and None in base["pending"]["options"]
    paid = run(R, base, c("p1", "choose", choice=base["players"]["p1"]["hand"][0]), WHITE)
    assert ANCIENT_WEAPON in paid["players"]["p1"]["hand"] and ANCIENT_WEAPON not in paid["players"]["p1"]["archive"]
    declined = run(R, base, c("p1", "choose", choice=None), WHITE)
    assert ANCIENT_WEAPON in declined["players"]["p1"]["archive"] and ANCIENT_WEAPON not in declined["players"]["p1"]["hand"]


@needs_list
def test_hbp04_099_ancient_weapon_on_a_1st_anya_adds_10_per_ancient_weapon_on_the_stage(R):
    """hBP04-099: 「◆1st以上の〈アーニャ・メルフィッサ〉に付いていたら能力追加 自分のステージの〈古代武器〉1枚につき、この
    ツールが付いているホロメンのアーツ+10。」: with another on a back holomem, +20; on another holomem, +0."""
    from .test_supports import ANCIENT_WEAPON, ANYA_1ST
    for holder, plus in ((ANYA_1ST, 20), (YUKI_D, 0)):
        s = p2_turn(p1_main())
        art = R.cardset.cards[holder]["arts"][0]
        s["players"]["p2"]["center"].update(card=holder, cheer=cheer_for(R, art["cost"]), attached=[ANCIENT_WEAPON])
        s["players"]["p2"]["back"][0]["attached"] = [ANCIENT_WEAPON]
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        assert s["players"]["p1"]["center"]["damage"] == art["dmg"] + plus, holder


# ------------------------------------------------------------------ 「このファンを<色>エールとしても扱う」

@needs_list
def test_hbp03_107_miko_fan_pays_a_red_icon_of_her_art_and_offers_the_opponent_a_draw_when_she_downs(R):
    """hBP03-107 35P: 「■このファンが付いているホロメンがアーツを使う時、このファンを赤エールとしても扱う。■このファンが
    付いているホロメンがダウンした時、相手は、自身のデッキを1枚引ける。」: みこ's 「赤◇」 art with one white cheer is
    refused without the fan, used with it (the fan pays 赤); two fans pay both icons. When she downs, the
    opponent (p2) may draw 1."""
    from .test_supports import MIKO_1ST, MIKO_FAN
    s = main()
    s["players"]["p1"]["center"].update(card=MIKO_1ST, cheer=[WHITE])
    with pytest.raises(RuleViolation):
        R.check(s, c("p1", "arts", holomem="center", art=1, target="center"))
    s["players"]["p1"]["center"]["attached"] = [MIKO_FAN]
    R.check(s, c("p1", "arts", holomem="center", art=1, target="center"))
    s["players"]["p1"]["center"].update(cheer=[], attached=[MIKO_FAN, MIKO_FAN])
    R.check(s, c("p1", "arts", holomem="center", art=1, target="center"))
    s["players"]["p1"]["center"]["attached"] = [MIKO_FAN]
    with pytest.raises(RuleViolation):
        R.check(s, c("p1", "arts", holomem="center", art=1, target="center"))
    down = p2_downs_p1_centre(R, p1_main())
    down["players"]["p1"]["center"].update(card=MIKO_1ST, attached=[MIKO_FAN],
                                           damage=R.cardset.cards[MIKO_1ST]["hp"] - 1)
    down = run(R, down, c("p2", "arts", holomem="center", art=0, target="center"))
    assert down["pending"]["kind"] == "arts_may_draw" and down["pending"]["seat"] == "p2"
    hand = len(down["players"]["p2"]["hand"])
    drawn = run(R, down, c("p2", "choose", choice="draw"), MEMO, WHITE)
    assert len(drawn["players"]["p2"]["hand"]) == hand + 1
    kept = run(R, down, c("p2", "choose", choice=None), WHITE)
    assert len(kept["players"]["p2"]["hand"]) == hand


@needs_list
def test_hbp01_126_polka_fan_pays_red_and_makes_her_take_10_more(R):
    """hBP01-126 座員: 「■…アーツを使う時、このファンを赤エールとしても扱う。■このファンが付いているホロメンが受けるダメージ
    +10。」: her 「赤」 art with no cheer is used; p2's 20 lands as 30."""
    from .test_supports import POLKA_1ST, POLKA_FAN
    s = main()
    s["players"]["p1"]["center"].update(card=POLKA_1ST, cheer=[], attached=[POLKA_FAN])
    R.check(s, c("p1", "arts", holomem="center", art=0, target="center"))
    s["players"]["p1"]["center"]["attached"] = []
    with pytest.raises(RuleViolation):
        R.check(s, c("p1", "arts", holomem="center", art=0, target="center"))
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["attached"] = [POLKA_FAN]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 30


@needs_list
def test_hbp01_116_upao_on_kanata_hits_the_opponents_centre_once_a_turn_when_she_takes_damage(R):
    """hBP01-116 うぱお: 「◆〈天音かなた〉に付いていたら能力追加 [ターンに1回]相手のターンで、このマスコットが付いている
    ホロメンがダメージを受けた時、相手のセンターホロメンに特殊ダメージ20を与える。」: p2's art hits かなた (20), then p2's
    centre takes 20 unasked; a second hit that turn does nothing more; on p1's own turn (its own damage) or on another
    holomem, nothing."""
    from .test_supports import KANATA_1ST, UPAO
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"].update(card=KANATA_1ST, attached=[UPAO])
    s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["center"]), "cheer": [RED]}
    s["players"]["p2"]["center"]["cheer"] = [RED]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 20 and s["players"]["p2"]["center"]["damage"] == 20
    assert s["pending"] is None
    s = run(R, s, c("p2", "arts", holomem="collab", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 40 and s["players"]["p2"]["center"]["damage"] == 20  # [ターンに1回]
    plain = p2_turn(p1_main())
    plain["players"]["p1"]["center"]["attached"] = [UPAO]
    plain = run(R, plain, c("p2", "arts", holomem="center", art=0, target="center"))
    assert plain["players"]["p2"]["center"]["damage"] == 0


# ------------------------------------------------------------------ a chosen holomem's art this turn

@needs_list
def test_hbp04_091_genkai_meshi_lowers_ririkas_colourless_cost_this_turn_once_a_turn(R):
    """hBP04-091 限界飯: 「このターンの間、自分の〈一条莉々華〉1人のアーツに必要な無色エール-1。自分の〈限界飯〉はターンに1回
    しか使えない。」: 莉々華's 「赤◇」 art with one red cheer is refused, then used; a second 限界飯 is refused."""
    from .test_supports import GENKAI, RIRIKA_1ST
    s = main([GENKAI, GENKAI])
    s["players"]["p1"]["center"].update(card=RIRIKA_1ST, cheer=[RED])
    with pytest.raises(RuleViolation):
        R.check(s, c("p1", "arts", holomem="center", art=1, target="center"))
    s = run(R, s, c("p1", "support", card=GENKAI))
    R.check(s, c("p1", "arts", holomem="center", art=1, target="center"))
    with pytest.raises(RuleViolation, match="ターンに1回"):
        R.check(s, c("p1", "support", card=GENKAI))


@needs_list
def test_hsd15_010_matsutake_dance_boosts_raden_10_or_20_with_three_cheer(R):
    """hSD15-010 まつたけダンス: 「自分のステージの〈儒烏風亭らでん〉1人を選ぶ。このターンの間、選んだホロメンのアーツ+10。
    そのホロメンに、エールが3枚以上付いているなら、かわりに、そのホロメンのアーツ+20。」"""
    from .test_supports import MATSUTAKE
    raden = R.holomem[("儒烏風亭らでん", "Debut")]
    for cheer, plus in (([RED, RED], 10), ([RED, RED, WHITE], 20)):
        s = main([MATSUTAKE])
        s["players"]["p1"]["center"].update(card=raden, cheer=cheer)
        s = run(R, s, c("p1", "support", card=MATSUTAKE))
        assert s["players"]["p1"]["center"]["mods"]["arts"] == plus and s["pending"] is None


@needs_list
def test_hsd13_018_popo_adds_20_to_gigis_art_while_nothing_is_under_her(R):
    """hSD13-018 Popo: 「◆〈ジジ・ムリン〉に付いていたら能力追加 このホロメンに重なっているホロメンが0枚なら、このホロメンの
    アーツ+20。」: with no card under her +20, with one +0."""
    from .test_supports import GIGI_1ST, POPO
    assert rawlist.recognise("◆〈ジジ・ムリン〉に付いていたら能力追加このホロメンに重なっているホロメンが0枚なら、このホロメンのアーツ"
                             "+20。") == ("attached_constant", {"arts_while": [{"amount": 20, "test": "none_stacked", "holder": {
                                 "names": ["ジジ・ムリン"]}}]})
    art = R.cardset.cards[GIGI_1ST]["arts"][0]
    for stack, plus in (([], 20), ([YUKI_D], 0)):
        s = p2_turn(p1_main())
        s["players"]["p2"]["center"].update(card=GIGI_1ST, cheer=cheer_for(R, art["cost"]), attached=[POPO], stack=stack)
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        assert s["players"]["p1"]["center"]["damage"] == art["dmg"] + plus
