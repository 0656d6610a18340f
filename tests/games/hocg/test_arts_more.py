"""Arts texts, continued (``abilities.arts_more``): this turn's (this game's) oshi skills, the opponent's
holomem (their colours, their バトンタッチ cost), both stages' cheer, 「このアーツで…ダウンさせた時」 reading the
damage over the HP left, costs a count or this turn lets go, given/when/then on real cards' printed art texts
(the givens of ``test_arts``: p2's first turn, its centre the card under test, p1's centre AZKi hBP01-047)."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import rawlist

from .helpers import AKARI_1, AKARI_D, AKARI_DU, BLUE, DICE, GREEN, LETTER, MEMO, MIC, RED, SNOWMAN, WHITE, c
from .test_arts import (BAE_2, CALLI_D, CARDS, FUWAWA, GYUDON, LAPLUS_ODD, NOEL3, PEKORA, SUISEI_D,
                        WALL, ZAIN, back, dealt, given, in_deck, needs_list, ours, run, text, use, with_cards)

# the cards under test (their printing ids in ../shared/data/hocg/card_data.json)
KANATA_OVER, KANATA_ONCE, LAPLUS_SP, AYAME_MILL = "hBP01-014_RR", "hSD08-004_P", "hSD06-010_U", "hBP06-039_P"
KRONII_2, MIO_2, HAJIME, KORONE_2 = "hBP07-056_RR", "hBP07-029_RR", "hBP03-015_RR", "hBP06-070_RR"
FWMC_1 = "hBP08-060_P"
RISU_2, MOONA_2, CHLOE_2, INA_1, INA_D = "hBP05-073_R", "hBP04-049_R", "hBP06-055_R", "hBP08-072_R", "hBP08-068_C"
INA_HEAL, KANADE_1, KANADE_2, SHIORI_2 = "hBP08-070_C", "hBP08-081_R", "hBP08-083_RR", "hSD12-007_P"
SU_2, SU_CHEER, OKAYU_2, SU_1, SU_BATON = "hBP08-053_RR", "hBP08-052_U", "hBP07-057_R", "hSD11-008_C", "hSD11-009_P"
RIRIKA_2, CECILIA_2, BAE_1, ANYA = "hBP06-047_R", "hBP08-027_RR", "hBP06-044_R", "hBP06-082_R"
WATAME_OVER, CHIHAYA, LIZ_KO, CHOCO_FREE = "hBP07-014_RR", "hSD10-006_P", "hSD13-007_P", "hBP05-054_S"
NENE, CALLI_LOOK, BIJOU, LUNA = "hBP07-083_RR", "hBP04-062_P", "hSD12-011_P", "hBP05-017_R"
AZKI_2, SUISEI_2, REINE_2, FUBUKI_2 = "hBP07-069_RR", "hBP05-037_P", "hBP08-032_U", "hBP05-070_RR"
AO, SUBARU_2, SUISEI_1, RAORA, NOEL_2 = "hBP03-049_R", "hBP06-081_RR", "hBP03-044_R", "hBP06-014_RR", "hBP07-022_R"
CHOCO_1, SHIORI_1, CHIHAYA_2, BAE_DIE = "hBP07-070_R", "hBP04-053_RR", "hBP07-035_RR", "hBP08-045_R"
MOCOCO_2, LUI_1, RAORA_D, CECILIA_LANG = "hBP08-039_RR", "hBP08-064_C", "hBP08-019_U", "hBP04-031_R"
FUWAWA_2, FUWAWA_RED, FUWAWA_BOTH, ROBOCO = "hBP08-058_R", "hBP08-059_RR", "hBP05-050_R", "hBP06-065_R"
PEKORA_3, KRONII_BLOOM, CHOCO_HEAL_DEALT = "hBP03-023_R", "hBP01-095_P", "hSD04-006_C"
# oshi, supports
AYAME_OSHI, KRONII_OSHI, KORONE_OSHI, BAE_OSHI = "hBP06-004_OSR", "hBP07-005_OSR", "hBP03-006_OSR", "hBP06-005_OSR"
FWMC_OSHI, RISU_OSHI, OKAYU_OSHI, ANYA_OSHI = "hBP03-004_OSR", "hBP03-008_OSR", "hBP05-004_OSR", "hBP04-007_OSR"
AZKI_OSHI, SUISEI_OSHI = "hBP07-006_OSR", "hSD17-001_OC"
LUKNIGHT, FRONTIER, LUI_FAN, CHATTINO = "hBP03-105_U", "hBP07-100_U", "hBP08-109_C", "hBP06-100_C"
ARIYORI, FUBUCHUN, HAATON = "hSD14-011_C", "hBP02-091_C", "hBP03-108_C"
MORE = (KANATA_OVER, KANATA_ONCE, LAPLUS_SP, AYAME_MILL, KRONII_2, MIO_2, HAJIME, KORONE_2, FWMC_1, RISU_2, MOONA_2,
        CHLOE_2, INA_1, INA_D, INA_HEAL, KANADE_1, KANADE_2, SHIORI_2, SU_2, SU_CHEER, OKAYU_2, SU_1, SU_BATON,
        RIRIKA_2, CECILIA_2, BAE_1, ANYA, WATAME_OVER, CHIHAYA, LIZ_KO, CHOCO_FREE, NENE, CALLI_LOOK, BIJOU, LUNA,
        AZKI_2, SUISEI_2, REINE_2, FUBUKI_2, AO, SUBARU_2, SUISEI_1, RAORA, NOEL_2, CHOCO_1, SHIORI_1, CHIHAYA_2,
        BAE_DIE, MOCOCO_2, LUI_1, RAORA_D, CECILIA_LANG, FUWAWA_2, FUWAWA_RED, FUWAWA_BOTH, ROBOCO, PEKORA_3,
        KRONII_BLOOM, CHOCO_HEAL_DEALT, AYAME_OSHI, KRONII_OSHI, KORONE_OSHI, BAE_OSHI, FWMC_OSHI, RISU_OSHI,
        OKAYU_OSHI, ANYA_OSHI, AZKI_OSHI, SUISEI_OSHI, LUKNIGHT, FRONTIER, LUI_FAN, CHATTINO, ARIYORI, FUBUCHUN,
        HAATON)


@pytest.fixture(scope="module")
def R():
    return with_cards(CARDS + MORE)


def oshi(s, seat, card):
    s["players"][seat]["oshi"] = card
    return s


@needs_list
@pytest.mark.parametrize("pid, art, effect, params", [
    (KANATA_OVER, 0, "on_ko", {"art": True, "over": True, "then": {"effect": "arts_over", "params": {
        "min": 50, "then": {"effect": "skill_opp_life", "params": {"count": 1}}}}}),
    (KANATA_ONCE, 0, "on_ko", {"art": True, "center": True, "then": {"effect": "arts_ko_once", "params": {"then": {
        "effect": "arts_special_to", "params": {"amount": 40, "filter": {"level": "2nd", "side": "opp"}}}}}}),
    (LAPLUS_SP, 0, "arts_when", {"test": "pos", "pos": "collab", "then": {"effect": "arts_when", "params": {
        "test": "sp_this_main", "then": {"effect": "arts_plus", "params": {"amount": 50}}}}}),
    (AYAME_MILL, 0, "if_oshi", {"name": "百鬼あやめ", "use_if": {"collab_life": 2}, "then": {
        "effect": "arts_cheer_mill_each", "params": {"max": 3, "then": {"effect": "arts_plus",
                                                                       "params": {"amount": 40}}}}}),
    (KRONII_2, 0, "sequence", {"steps": [
        {"effect": "move_cheer", "params": {"tag": "Promise", "optional": True, "from": "self"}},
        {"effect": "if_oshi", "params": {"name": "オーロ・クロニー",
                                         "then": {"effect": "arts_plus", "params": {"amount": 100}}}}]}),
    (MIO_2, 0, "arts_mill_branch", {"branches": [
        {"filter": {"holomem": True}, "then": {"effect": "cheer_to", "params": {"to": "choose"}}},
        {"filter": {"kind": "support"}, "then": {"effect": "arts_plus", "params": {"amount": 50}}}]}),
    (KORONE_2, 0, "arts_when", {"test": "oshi_used", "name": "無限の体力",
                                "then": {"effect": "arts_plus", "params": {"amount": 40}}}),
    (BAE_2, 1, "arts_when", {"test": "sp_used", "name": "🎲ƎNOZN∩ℲƎH⊥O⊥ƎWOϽ˥ƎM🎲",
                             "then": {"effect": "special_damage", "params": {"amount": 100, "target": "front"}}}),
    (FWMC_1, 0, "arts_when", {"test": "all", "tests": [{"test": "oshi_name", "name": "FUWAMOCO"},
                                                       {"test": "oshi_color", "colors": ["blue"]}],
                              "then": {"effect": "to_holopower", "params": {"count": 1}}}),
    (RISU_2, 0, "if_oshi", {"name": "アユンダ・リス", "then": {"effect": "arts_count", "params": {
        "source": "tag_cheer", "name": "ID1期生", "cap": 10,
        "then": {"effect": "arts_plus", "params": {"amount": 10}}}}}),
    (INA_1, 0, "arts_count", {"source": "opp_off_colour", "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    (INA_HEAL, 0, "arts_count", {"source": "opp_off_colour", "then": {"effect": "arts_heal", "params": {
        "amount": 10, "to": {"tag": "Myth"}}}}),
    (KANADE_2, 0, "arts_count", {"source": "cheer_surplus", "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    (SHIORI_2, 0, "arts_count", {"source": "stage_match", "filter": {"tag": "Advent"}, "then": {
        "effect": "arts_special_to", "params": {"amount": 10, "filter": {"side": "opp"}, "not_level": "debut"}}}),
    (SU_CHEER, 0, "arts_when", {"test": "baton_at_least", "of": "center", "n": 5, "then": {
        "effect": "cheer_to_holomem", "params": {"holder": {"names": ["水宮枢"]}}}}),  # ``keywords``' step
    (OKAYU_2, 0, "arts_when", {"test": "all", "tests": [{"test": "oshi_name", "name": "猫又おかゆ"},
                                                        {"test": "opp_back_hurt", "n": 100}],
                               "then": {"effect": "special_damage", "params": {"amount": 50, "target": "choose"}}}),
    (SU_2, 0, "arts_when", {"test": "baton_at_least", "of": "center", "n": 5, "then": {
        "effect": "arts_special_to", "params": {"amount": 100, "filter": {"side": "opp"}, "not_level": "debut"}}}),
    (BAE_1, 0, "arts_when", {"test": "sp_used", "name": "🎲ƎNOZN∩ℲƎH⊥O⊥ƎWOϽ˥ƎM🎲", "then": {
        "effect": "arts_roll_sum", "params": {"times": 1, "optional": False,
                                              "then": {"effect": "arts_plus", "params": {"amount": 10}}}}}),
    (SU_1, 0, "arts_when", {"test": "baton_at_least", "of": "target", "n": 2,
                            "then": {"effect": "cheer_to", "params": {"to": "back"}}}),
    (SU_BATON, 0, "arts_special_baton", {"amount": 10}),
    (CECILIA_2, 0, "sequence", {"steps": [
        {"effect": "arts_count", "params": {"source": "resting_tag", "name": "Justice",
                                            "then": {"effect": "draw", "params": {"count": 1}}}},
        {"effect": "arts_rest_self", "params": {}}]}),
    (ANYA, 0, "arts_when", {"test": "oshi_used", "name": "神秘の儀式", "then": {
        "effect": "from_archive_n", "params": {"max": 3, "filter": {"names": ["アーニャ・メルフィッサ"]}}}}),
])
def test_more_arts_texts_are_recognised(pid, art, effect, params):
    """Each text as the family reads it (``arts_more``'s shapes composing with the others')."""
    assert rawlist.recognise(text(pid, art)) == (effect, params)


@needs_list
def test_hbp01_014_takes_a_life_more_when_the_damage_goes_50_over(R):
    """hBP01-014 天音かなた: 「このアーツで相手のホロメンをダウンさせた時、与えたダメージが残りHPを50以上オーバー
    していれば、相手のライフ-1。」 (ダウン③ then the art's text: ``over``). Given p1's centre (HP 220) at 170
    damage, when the art's 100 downs it (50 over), then p1 loses its life and one more; at 130 (10 over) only
    the down's."""
    lives = {}
    for before, lives_taken in ((170, (GREEN, WHITE)), (130, (GREEN,))):
        s = given(KANATA_OVER, [WHITE, WHITE, WHITE])
        s["players"]["p1"]["center"]["damage"] = before
        s = use(R, s, *lives_taken)
        assert s["players"]["p1"]["center"] is not None and s.get("pending") is None
        over = [e["over"] for e in s["events"] if e["kind"] == "overkill"]
        lives[before] = (over, s["players"]["p1"]["life"])
    assert lives == {170: ([50], 3), 130: ([10], 4)}


@needs_list
def test_hsd08_004_hits_a_2nd_once_a_turn_after_downing_the_centre(R):
    """hSD08-004 天音かなた: 「[ターンに1回]このアーツで相手のセンターホロメンをダウンさせた時、相手の2ndホロメン1人に
    特殊ダメージ40を与える。」 Given p1's back holomem a 2nd (AZKi), when the art downs p1's centre, then
    (after its life and the new centre) 40 to that 2nd; a second time this turn, nothing."""
    s = given(KANATA_ONCE, [WHITE, WHITE, WHITE])
    s["players"]["p1"]["center"]["damage"] = 200
    s = back(s, "p1", WALL)
    s = use(R, s, GREEN)
    assert s["pending"]["kind"] == "take_life"
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["pending"]["kind"] == "replace_center" or s["pending"]["kind"] == "fill_center"
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["center"]["card"] != WALL  # the Debut moved up; the 2nd stays back
    assert [x["damage"] for x in s["players"]["p1"]["back"] if x["card"] == WALL] == [40]
    assert s["players"]["p2"]["used"]["effects"] == [f"arts_ko:{KANATA_ONCE}:center"]


@needs_list
def test_hsd08_004_once_used_this_turn_does_nothing_more(R):
    """hSD08-004 [ターンに1回]: given its limit spent this turn (``used["effects"]``, reset with the turn), when the
    art downs the centre again, then no 40."""
    s = given(KANATA_ONCE, [WHITE, WHITE, WHITE])
    s["players"]["p1"]["center"]["damage"] = 200
    s = back(s, "p1", WALL)
    s["players"]["p2"]["used"]["effects"] = [f"arts_ko:{KANATA_ONCE}:center"]
    s = run(R, run(R, use(R, s, GREEN), c("p1", "choose", choice="back0")), c("p1", "choose", choice="back0"))
    assert [x["damage"] for x in s["players"]["p1"]["back"] if x["card"] == WALL] == [0]
    assert "once_per_turn" in [e["kind"] for e in s["events"]]


@needs_list
def test_hsd06_010_adds_50_from_the_collab_after_the_sp_skill_this_main_step(R):
    """hSD06-010 ラプラス・ダークネス: 「[コラボポジション限定]このターンの自分のメインステップに自分のSP推しスキルを
    使っていた時、このアーツ+50。」 (``used["sp"]``, set by ``rules.OshiSkill``)."""
    s = given(LAPLUS_SP, [R.purple], pos="collab")
    assert dealt(use(R, s, pos="collab")) == 30
    s["players"]["p2"]["used"]["sp"] = True
    assert dealt(use(R, s, pos="collab")) == 30 + 50
    s = given(LAPLUS_SP, [R.purple])
    s["players"]["p2"]["used"]["sp"] = True
    assert dealt(use(R, s)) == 30  # not from the centre


@needs_list
def test_hbp06_039_archives_one_to_three_cheer_for_40_each_and_needs_low_life_at_collab(R):
    """hBP06-039 百鬼あやめ: 「自分の推しホロメンが〈百鬼あやめ〉なら、自分のエールデッキの上から1～3枚をアーカイブ
    できる:アーカイブしたエール1枚につき、このアーツ+40。このアーツは、自分のライフが2以下でなければコラボポジション
    では使えない。」"""
    s = oshi(given(AYAME_MILL, [RED, RED], wall=NOEL3), "p2", AYAME_OSHI)
    s = use(R, s)
    assert s["pending"]["options"] == [1, 2, 3, None]
    done = run(R, s, c("p2", "choose", choice=2), RED, BLUE)
    assert done["players"]["p2"]["archive"][-2:] == [RED, BLUE] and dealt(done) == 80 + 80
    assert dealt(run(R, s, c("p2", "choose", choice=None))) == 80
    at_collab = oshi(given(AYAME_MILL, [RED, RED], pos="collab", wall=NOEL3), "p2", AYAME_OSHI)
    with pytest.raises(RuleViolation):
        use(R, at_collab, pos="collab")
    at_collab["players"]["p2"]["life"] = 2
    assert use(R, at_collab, pos="collab")["pending"]["kind"] == "arts_cheer_mill_each"


@needs_list
def test_hbp07_029_archives_the_top_a_holomem_sends_cheer_a_support_adds_50(R):
    """hBP07-029 大神ミオ: 「自分のデッキの上から1枚をアーカイブできる。アーカイブしたカードがホロメンなら、自分の
    エールデッキの上から1枚を自分のホロメンに送る。サポートカードなら、このアーツ+50。」"""
    s = use(R, given(MIO_2, [GREEN, RED, RED], wall=NOEL3))
    assert s["pending"]["options"] == ["archive", None]
    assert dealt(run(R, s, c("p2", "choose", choice="archive"), MEMO)) == 130 + 50
    sent = run(R, s, c("p2", "choose", choice="archive"), AKARI_D, BLUE)
    if sent.get("pending"):
        sent = run(R, sent, c("p2", "choose", choice="center"))
    assert BLUE in sent["players"]["p2"]["center"]["cheer"] and dealt(sent) == 130


def test_this_holomems_arts_plus_is_left_to_the_gifts():
    """hBP03-015 轟はじめ 「自分の#ReGLOSSを持つバックホロメンが4人以上いる時、このホロメンのアーツ+40。」 is no shape of this family (it is
    ``arts_modifiers``' constant ``arts_self_while``, registered after the gifts' readings): the
    same words in a gift are a constant (while it holds), and a text is read without its kind; an ability reading
    would take hBP06-046's gift 「このゲーム中に、…SP推しスキル「ホークアイ」を使っていたなら、このホロメンのアーツ+20。」 too."""
    assert ours("自分の#ReGLOSSを持つバックホロメンが4人以上いる時、このホロメンのアーツ+40。") == (None, {})
    assert ours("このゲーム中に、自分のSP推しスキル「ホークアイ」を使っていたなら、このホロメンのアーツ+20。") == (None, {})


@needs_list
def test_the_oshi_skills_used_this_turn_or_game(R):
    """hBP06-070 戌神ころね 「このターンに自分の推しスキル「無限の体力」を使っていたなら、このアーツ+40。」 and hBP06-045
    ハコス・ベールズ 「このゲーム中に、自分のSP推しスキル「🎲ƎNOZ N∩Ⅎ ƎH⊥ O⊥ ƎWOϽ˥ƎM🎲」を使っていたなら、相手の
    センターホロメンかコラボホロメンに特殊ダメージ100を与える。」 (the name as printed, its spaces too)."""
    s = oshi(given(KORONE_2, [RED] * 4, wall=NOEL3), "p2", KORONE_OSHI)
    assert dealt(use(R, s)) == 170
    s["players"]["p2"]["used"]["oshi"] = True
    assert dealt(use(R, s)) == 170 + 40
    assert dealt(use(R, oshi(s, "p2", AYAME_OSHI))) == 170  # another oshi's skill
    s = oshi(given(BAE_2, [RED, RED, RED], wall=NOEL3), "p2", BAE_OSHI)
    assert dealt(use(R, s, art=1)) == 100
    s["players"]["p2"]["sp_used"] = True
    assert dealt(use(R, s, art=1)) == 100 + 100


@needs_list
def test_hbp05_073_counts_the_id1_cheer_up_to_10(R):
    """hBP05-073 アユンダ・リス: 「自分の推しホロメンが〈アユンダ・リス〉なら、自分の#ID1期生を持つホロメン全員のエール
    1枚につき、このアーツ+10。ただし、数える枚数は10枚まで。」"""
    s = oshi(given(RISU_2, [R.yellow, RED, RED]), "p2", RISU_OSHI)
    s = back(s, "p2", RISU_2, cheer=[RED] * 9)
    assert dealt(use(R, s)) == 50 + 100  # 12 counted, 10 kept


@needs_list
def test_hbp04_049_adds_50_with_another_colour_on_the_stage(R):
    """hBP04-049 ムーナ: 「相手のバックホロメン1人に特殊ダメージ20を与える。その後、自分のステージにこのホロメンと
    異なる色のホロメンがいる時、このアーツ+50。」 (p2's back is 炎堂アカリ, not blue)."""
    s = use(R, given(MOONA_2, [BLUE, RED, RED]), art=1)
    assert s["players"]["p1"]["back"][0]["damage"] == 20 and dealt(s) == 80 + 50
    s = given(MOONA_2, [BLUE, RED, RED])
    s["players"]["p2"]["back"][0]["card"] = MOONA_2
    assert dealt(use(R, s, art=1)) == 80


@needs_list
def test_hbp06_071_draws_and_hits_both_per_odd_face(R):
    """hBP06-071 ラプラス: 「サイコロを5回振る。奇数が出た回数1回につき、自分のデッキを1枚引き、相手のセンターホロメン
    とコラボホロメンに特殊ダメージ30を与える。」 Given 1, 2, 3, 4, 6: two odd: two drawn, 60 to the centre."""
    s = given(LAPLUS_ODD, [R.purple] * 5, wall=NOEL3)
    hand = len(s["players"]["p2"]["hand"])
    s = use(R, s, 1, 2, 3, 4, 6, MEMO, LETTER, art=1)
    assert len(s["players"]["p2"]["hand"]) == hand + 2 and dealt(s) == 60 + 150


@needs_list
def test_hbp06_055_reveals_four_and_draws_two_if_an_event_is_among_them(R):
    """hBP06-055 沙花叉クロヱ: 「自分のデッキの上から4枚を公開する。公開したホロメン1枚につき、このアーツ+20。そして
    公開したカードをアーカイブする。その中にイベントがあるなら、自分のデッキを2枚引く。」"""
    assert rawlist.recognise(text(CHLOE_2, 0))[0] == "arts_reveal_mill"
    s = given(CHLOE_2, [BLUE, R.purple], wall=NOEL3)
    hand = len(s["players"]["p2"]["hand"])
    s = use(R, s, AKARI_D, LETTER, AKARI_D, MIC, MEMO, LETTER)
    assert R.cardset.cards[LETTER]["support"] == "event"
    assert dealt(s) == 100 + 40 and len(s["players"]["p2"]["hand"]) == hand + 2
    s = use(R, given(CHLOE_2, [BLUE, R.purple], wall=NOEL3), AKARI_D, MIC, AKARI_D, MIC)  # no event: no draw
    assert dealt(s) == 100 + 40 and len(s["players"]["p2"]["hand"]) == hand


@needs_list
def test_the_opponents_colours_against_its_oshi(R):
    """hBP08-072 一伊那尓栖 「相手の推しホロメンと異なる色を持つ相手のステージのホロメン1人につき、このアーツ+10。」 and
    hBP08-068 「…相手のセンターホロメンとコラボホロメンに特殊ダメージ20を与える。」 Given p1's oshi red (百鬼あやめ),
    its centre green and its back the list's 炎堂… (FIXTURE colours as they are)."""
    s = oshi(given(INA_1, [R.purple], wall=WALL), "p1", AYAME_OSHI)
    off = sum(1 for _, h in [("c", s["players"]["p1"]["center"]), *[("b", x) for x in s["players"]["p1"]["back"]]]
              if set(R.cardset.cards.get(h["card"])["colors"]) - {"red"})
    assert dealt(use(R, s)) == 30 + 10 * off
    s = oshi(given(INA_D, [R.purple], wall=WALL), "p1", AYAME_OSHI)
    assert dealt(use(R, s)) == 10 + 20
    s = oshi(given(INA_D, [R.purple], wall=WALL), "p1", KRONII_OSHI)  # blue: AZKi green still differs
    assert dealt(use(R, s)) == 10 + 20
    s["players"]["p1"]["center"]["card"] = KRONII_2  # blue, as the oshi: not hit
    assert s["players"]["p1"]["center"]["damage"] == 0 and dealt(use(R, s)) == 10


@needs_list
def test_hbp08_070_heals_ten_per_count_each_chosen_anew(R):
    """hBP08-070 一伊那尓栖: 「相手の推しホロメンと異なる色を持つ相手のステージのホロメン1人につき、自分の#Mythを持つ
    ホロメン1人のHP10回復。」 (each 10 its own choice: ``REPEATED``)."""
    s = oshi(given(INA_HEAL, [R.purple], wall=WALL), "p1", KRONII_OSHI)
    s["players"]["p1"]["back"][0]["card"] = KRONII_2  # blue, as the oshi: one counted (AZKi)
    s["players"]["p2"]["center"]["damage"] = 30
    s = use(R, s)
    assert s["players"]["p2"]["center"]["damage"] == 20


@needs_list
def test_the_stage_cheer_against_the_opponents(R):
    """hBP08-083 音乃瀬奏 「自分のステージのエールの枚数が相手より多いなら、多い枚数1枚につき、このアーツ+20。」 and
    hBP08-081 「[センターポジション限定]…相手より1枚多いなら、このアーツ+20。エールが2枚以上多いなら、かわりに、
    このアーツ+40。」 (p1's stage: one cheer)."""
    assert sum(len(h["cheer"]) for h in [given(KANADE_2, [])["players"]["p1"]["center"]]) == 1
    s = given(KANADE_2, [R.yellow, R.yellow, RED], wall=WALL)
    s["players"]["p1"]["center"]["cheer"] = [GREEN]
    assert dealt(use(R, s)) == 120 + 20 * 2
    out = []
    for n in (1, 2, 3):
        s = given(KANADE_1, [R.yellow, RED][:n] + [RED] * max(0, n - 2), wall=WALL)
        s["players"]["p1"]["center"]["cheer"] = [GREEN]
        s["players"]["p2"]["center"]["cheer"] = [R.yellow, RED, RED][:max(n, 2)]
        out.append(dealt(use(R, s)))
    assert out == [40 + 20, 40 + 20, 40 + 40]


@needs_list
def test_special_damage_to_a_described_opponent_holomem(R):
    """hSD12-007 シオリ 「相手のDebut以外のホロメン1人に、自分のステージの#Adventを持つホロメン1人につき、特殊ダメージ
    10を与える。」 and hSD08-004's 「相手の2ndホロメン1人」: only those may be named."""
    s = given(SHIORI_2, [BLUE, RED, RED], wall=WALL)
    s = back(s, "p1", CALLI_D)  # a Debut: not a choice
    s = use(R, s)
    assert s.get("pending") is None and dealt(s) == 10 + 110  # AZKi the one Debut以外 holomem: one Advent (シオリ)


@needs_list
def test_the_baton_touch_costs_of_the_opponents(R):
    """hSD11-009 水宮枢 「このアーツの対象のホロメンに、そのホロメンのバトンタッチに必要な無色1つにつき、特殊ダメージ10
    を与える。」 and hSD11-008 「このアーツの対象が相手のバトンタッチに必要な無色が2つ以上のホロメンなら、自分のエール
    デッキの上から1枚を自分のバックホロメンに送る。」 (AZKi 2nd: バトンタッチ ◇◇)."""
    assert R.cardset.cards.get(WALL)["baton"] == 2
    assert dealt(use(R, given(SU_BATON, [BLUE, RED], wall=WALL))) == 20 + 100
    s = use(R, given(SU_1, [BLUE], wall=WALL), BLUE)
    assert s["players"]["p2"]["back"][0]["cheer"][-1] == BLUE and dealt(s) == 30
    s = given(SU_1, [BLUE], wall=CALLI_D)
    assert R.cardset.cards.get(CALLI_D)["baton"] < 2 and use(R, s)["players"]["p2"]["back"][0]["cheer"] == []


@needs_list
def test_hbp06_047_hits_the_centre_instead_without_a_collab(R):
    """hBP06-047 一条莉々華: 「[コラボポジション限定]相手のコラボホロメンに特殊ダメージ50を与える。相手のコラボホロメンが
    いないなら、かわりに、相手のセンターホロメンに特殊ダメージ50を与える。」"""
    s = use(R, given(RIRIKA_2, [RED], pos="collab", wall=NOEL3), pos="collab")
    assert dealt(s) == 50 + 70


@needs_list
def test_hbp08_027_draws_per_resting_justice_then_rests(R):
    """hBP08-027 セシリア: 「自分のお休みしている#Justiceを持つホロメン1人につき、自分のデッキを1枚引く。その後、この
    ホロメンをお休みさせる。」"""
    s = given(CECILIA_2, [GREEN, RED, RED, RED], wall=NOEL3)
    s = back(s, "p2", CECILIA_2, rested=True)
    hand = len(s["players"]["p2"]["hand"])
    s = use(R, s, MEMO)
    assert len(s["players"]["p2"]["hand"]) == hand + 1 and s["players"]["p2"]["center"]["rested"]


@needs_list
def test_hbp07_014_hits_a_2nd_for_the_damage_over(R):
    """hBP07-014 角巻わため: 「[センターポジション限定]このアーツで相手のホロメンをダウンさせた時、与えたダメージが残りHPを
    オーバーしていたなら、相手の2ndホロメン1人に、オーバーしたダメージと同じ数値の特殊ダメージを与える。」 Given p1's
    centre (HP 220) at 100 damage, when the art's 160 downs it (40 over), then 40 to p1's 2nd at the back."""
    s = given(WATAME_OVER, [WHITE, WHITE, WHITE])
    s["players"]["p1"]["center"]["damage"] = 100
    s = back(s, "p1", WALL)
    s = use(R, s, GREEN)
    s = run(R, run(R, s, c("p1", "choose", choice="back0")), c("p1", "choose", choice="back0"))
    assert [e["over"] for e in s["events"] if e["kind"] == "overkill"] == [40]
    assert [x["damage"] for x in s["players"]["p1"]["back"] if x["card"] == WALL] == [40]


@needs_list
def test_hsd10_006_sends_a_cheer_per_30_over(R):
    """hSD10-006 輪堂千速: 「このアーツで相手のセンターホロメンをダウンさせた時、与えたダメージが残りHPをオーバーしていたなら、
    オーバーしたダメージ30につき、自分のエールデッキの上から1枚を自分のバックホロメン1人に送る。」 Given p1's centre
    (HP 220) at 140 damage, when the art's 140 downs it (60 over), then two cheer to p2's back holomem."""
    s = given(CHIHAYA, [GREEN, RED, RED])
    s["players"]["p1"]["center"]["damage"] = 140
    s = use(R, s, GREEN, RED, BLUE, art=1)
    assert [e["over"] for e in s["events"] if e["kind"] == "overkill"] == [60]
    assert s["players"]["p2"]["back"][0]["cheer"][-2:] == [RED, BLUE]


@needs_list
def test_hsd13_007_adds_per_cheer_and_sends_one_to_itself_on_a_down(R):
    """hSD13-007 エリザベス: 「このホロメンのエール1枚につき、このアーツ+20。このアーツで相手のホロメンをダウンさせた時、自分の
    エールデッキの上から1枚をこのホロメンに送る。」 (the second as ``on_ko`` in the art's params)."""
    s = given(LIZ_KO, [RED, RED, RED])
    assert dealt(use(R, s)) == 100 + 60
    s["players"]["p1"]["center"]["damage"] = 100
    s = use(R, s, GREEN, BLUE)
    assert s["players"]["p1"]["center"]["card"] != WALL and s["players"]["p2"]["center"]["cheer"] == [RED] * 3 + [BLUE]


@needs_list
def test_the_cost_an_art_lets_go(R):
    """hBP05-054 癒月ちょこ 「このアーツは、このターンに自分が#食べ物を持つイベントカードを2枚以上使っていたなら、エール1枚を
    必要とせずに使える。」; hSD12-011 古石ビジュー 「お互いのアーカイブのエール1色につき、このアーツに必要な無色-1。」;
    hBP05-017 姫森ルーナ 「[コラボポジション限定]自分のセンターホロメンに付いている〈ルーナイト〉1枚につき、このアーツに必要な
    無色-1。」 (``arts.art_cost``)."""
    s = given(CHOCO_FREE, [])
    with pytest.raises(RuleViolation):
        use(R, s)
    s["players"]["p2"]["used"]["supports"] = [GYUDON, GYUDON]
    assert R.cardset.cards[GYUDON]["support"] == "event" and dealt(use(R, s)) == 30
    s = given(BIJOU, [R.purple, RED])
    with pytest.raises(RuleViolation):
        use(R, s)
    s["players"]["p2"]["archive"] = [GREEN]
    s["players"]["p1"]["archive"] = [WHITE, WHITE]
    assert dealt(use(R, s)) == 110
    s = given(LUNA, [WHITE, RED], pos="collab", wall=WALL)
    with pytest.raises(RuleViolation):
        use(R, s, pos="collab", art=1)
    s["players"]["p2"]["center"]["attached"] = [LUKNIGHT]
    assert dealt(use(R, s, pos="collab", art=1)) == 80


@needs_list
def test_hbp07_083_returns_a_cheer_of_the_opponents_front_to_its_cheer_deck_bottom(R):
    """hBP07-083 桃鈴ねね: 「相手の[センターホロメンかコラボホロメン]のエール1枚をエールデッキの下に戻す。」"""
    s = given(NENE, [R.yellow, RED, RED])
    s["players"]["p1"]["center"]["cheer"] = [WHITE, GREEN]
    s = use(R, s)
    assert s["pending"]["options"] == sorted([["center", WHITE], ["center", GREEN]])
    s = run(R, s, c("p2", "choose", choice=["center", GREEN]))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE]
    assert s["zones"]["piles"]["cheer/p1"]["bottom"] == [GREEN] and dealt(s) == 100


@needs_list
def test_hbp04_062_looks_at_two_archives_one_and_puts_the_other_back_on_top(R):
    """hBP04-062 森カリオペ: 「自分のデッキの上から2枚を見る。その中から、1枚をアーカイブする。そして残ったカードをデッキの上に
    戻す。」 (seen by p2 only; the archived one face up; the other on top, its place known)."""
    s = use(R, given(CALLI_LOOK, [R.purple, RED]), MEMO, AKARI_D)
    assert s["pending"]["kind"] == "arts_look_archive" and s["pending"]["options"] == sorted([MEMO, AKARI_D])
    s = run(R, s, c("p2", "choose", choice=MEMO))
    assert s["players"]["p2"]["archive"][-1] == MEMO and s["zones"]["piles"]["deck/p2"]["top"] == [AKARI_D]
    assert dealt(s) == 50


@needs_list
def test_hbp07_069_pays_four_holopower_for_a_life_with_four_frontier_spirits(R):
    """hBP07-069 AZKi: 「自分の推しホロメンが〈AZKi〉なら、自分のホロパワーの上から4枚をアーカイブできる:自分のアーカイブに
    〈フロンティアスピリット〉が4枚あるなら、相手のライフ-1。」"""
    s = oshi(given(AZKI_2, [R.purple] * 3 + [RED], wall=NOEL3), "p2", AZKI_OSHI)
    s["players"]["p2"]["holopower"] = [MEMO] * 4
    s["players"]["p2"]["archive"] = [FRONTIER] * 4
    s = use(R, s, art=1)
    assert s["pending"]["kind"] == "cost_pile_top" and s["pending"]["options"] == ["pay", None]  # ``keywords``' cost
    s = run(R, s, c("p2", "choose", choice="pay"), GREEN)
    assert s["pending"]["kind"] == "take_life"  # where p1 puts the life cheer
    s = run(R, s, c("p1", "choose", choice="center"))
    assert s["players"]["p2"]["holopower"] == [] and s["players"]["p1"]["life"] == 4 and dealt(s) == 200


@needs_list
def test_hbp05_037_sends_two_with_both_colours_one_with_one(R):
    """hBP05-037 星街すいせい: 「このホロメンに赤エールと青エールが付いているなら、自分のアーカイブのエール2枚をこのホロメンに
    送れる。どちらか1色しか付いていないなら、自分のアーカイブのエール1枚をこのホロメンに送れる。」"""
    for cheer, sent in (([RED, BLUE], 2), ([RED], 1), ([GREEN], 0)):
        s = given(SUISEI_2, cheer, wall=NOEL3)
        s["players"]["p2"]["archive"] = [WHITE, WHITE]
        s = use(R, s)
        while s.get("pending"):
            s = run(R, s, c("p2", "choose", choice=WHITE))
        assert s["players"]["p2"]["center"]["cheer"].count(WHITE) == sent


@needs_list
def test_the_cheer_and_supports_of_the_stage(R):
    """hBP08-032 パヴォリア・レイネ 「自分の〈パヴォリア・レイネ〉以外の#ID2期生を持つホロメンに紫エールか黄エールが付いているなら、
    このアーツ+70。」 and hBP05-070 白上フブキ 「自分の[推しホロメンが〈白上フブキ〉か推しホロメンの色が黄]で、自分のステージに
    [ツールとマスコットとファン]が合計4枚以上あるなら、このアーツ+100。」"""
    s = back(given(REINE_2, [GREEN, RED]), "p2", ANYA, cheer=[RED])
    assert dealt(use(R, s)) == 80
    s["players"]["p2"]["back"][-1]["cheer"] = [R.yellow]
    assert dealt(use(R, s)) == 80 + 70
    s = oshi(given(FUBUKI_2, [R.yellow] * 4, wall=NOEL3), "p2", ANYA_OSHI)  # yellow
    s["players"]["p2"]["center"]["attached"] = [SNOWMAN]
    s["players"]["p2"]["back"][0]["attached"] = [ZAIN, ZAIN]
    assert dealt(use(R, s, art=1)) == 100
    s["players"]["p2"]["back"][0]["attached"] = [ZAIN, ZAIN, ZAIN]
    assert dealt(use(R, s, art=1)) == 100 + 100


@needs_list
def test_hbp03_049_counts_distinct_regloss_back_holomem(R):
    """hBP03-049 火威青: 「相手のセンターホロメンかバックホロメン1人どちらかに、自分の異なるカード名の#ReGLOSSを持つバックホロメン
    1人につき、特殊ダメージ10を与える。」 (two 轟はじめ and a 火威青 at the back: two names)."""
    s = back(back(back(given(AO, [BLUE, RED, RED], wall=NOEL3), "p2", HAJIME), "p2", HAJIME), "p2", AO)
    s = use(R, s)
    s = run(R, s, c("p2", "choose", choice="center"))
    assert dealt(s) == 20 + 50


@needs_list
def test_hbp06_081_may_send_one_cheer_per_own_cheer_at_three_life(R):
    """hBP06-081 大空スバル: 「自分のライフが3以下なら、このホロメンのエール1枚につき、自分のエールデッキの上から1枚を自分の黄
    ホロメン1人に送れる。」 (each one asked: ``REPEATED``)."""
    s = given(SUBARU_2, [R.yellow, RED], wall=NOEL3)
    assert use(R, s).get("pending") is None
    s["players"]["p2"]["life"] = 3
    s = use(R, s)
    assert s["pending"]["options"] == ["send", None]
    s = run(R, s, c("p2", "choose", choice="send"), BLUE)
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["players"]["p2"]["center"]["cheer"] == [R.yellow, RED, BLUE] and dealt(s) == 100


@needs_list
def test_hbp03_044_may_move_a_blue_cheer_to_a_back_suisei(R):
    """hBP03-044 星街すいせい: 「自分の推しホロメンが〈星街すいせい〉の時、このホロメンの青エール1枚を、自分のバックホロメンの
    〈星街すいせい〉に付け替えられる。」"""
    s = back(oshi(given(SUISEI_1, [BLUE, RED], wall=NOEL3), "p2", SUISEI_OSHI), "p2", SUISEI_D)
    s = use(R, s)
    assert s["pending"]["options"] == [[BLUE, "back1"], None]
    s = run(R, s, c("p2", "choose", choice=[BLUE, "back1"]))
    assert s["players"]["p2"]["back"][1]["cheer"] == [BLUE] and s["players"]["p2"]["center"]["cheer"] == [RED]


@needs_list
def test_this_turns_cost_of_a_holomems_arts(R):
    """hBP06-014 ラオーラ 「[センターポジション限定]このターンの間、自分の#絵を持つコラボホロメンのアーツ+50し、そのホロメンの
    アーツに必要な無色-1。」: the collab #絵 (パヴォリア・レイネ, ◇◇) then uses its art with one cheer, 80 + 50."""
    s = given(RAORA, [WHITE, RED], wall=NOEL3)
    s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["center"]), "card": REINE_2, "cheer": [GREEN]}
    with pytest.raises(RuleViolation):
        use(R, s, pos="collab")
    s = use(R, s)
    assert s["players"]["p2"]["collab"]["mods"]["arts"] == 50
    s = use(R, s, pos="collab")
    assert dealt(s) == 100 + 80 + 50


@needs_list
def test_a_chosen_holomems_colourless_less_this_turn(R):
    """hBP07-022 白銀ノエル 「自分の#3期生を持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツに必要な無色-1。そのホロメン
    が2ndホロメンの〈白銀ノエル〉なら、かわりに、そのアーツに必要な無色-2。」 and hBP07-070 癒月ちょこ 「自分の#料理を持つホロメンを
    1人選ぶ。このターンに自分が使っていた#食べ物を持つイベント1枚につき、このターンの間、選んだホロメンのアーツに必要な無色-1。」"""
    def less(h):
        return [(m["amount"], m["until"]) for m in h.get("lasting", ()) if m["kind"] == "arts_any_less"]
    s = back(given(NOEL_2, [WHITE], wall=NOEL3), "p2", NOEL3)
    s = use(R, s)
    assert s["pending"]["options"] == ["center", "back1"]
    turn = s["turn"]
    assert less(run(R, s, c("p2", "choose", choice="center"))["players"]["p2"]["center"]) == [(2, turn)]
    assert less(run(R, s, c("p2", "choose", choice="back1"))["players"]["p2"]["back"][1]) == [(1, turn)]
    s = given(CHOCO_1, [R.purple], wall=NOEL3)
    s["players"]["p2"]["used"]["supports"] = [GYUDON, GYUDON]
    assert less(use(R, s)["players"]["p2"]["center"]) == [(2, turn)]


@needs_list
def test_hbp04_053_may_show_the_holopowers_top_and_puts_it_under(R):
    """hBP04-053 シオリ・ノヴェラ: 「自分のホロパワーの上から1枚を公開できる:公開したカードが#ENを持つホロメンの時、相手の
    ホロメン1人に特殊ダメージ20を与える。そして公開したカードを裏向きにしてホロパワーの下に戻す。」"""
    s = given(SHIORI_1, [BLUE, RED, RED], wall=NOEL3)
    s["players"]["p2"]["holopower"] = [SHIORI_2, MEMO]
    s = use(R, s)
    assert s["pending"]["options"] == ["reveal", None]
    s = run(R, s, c("p2", "choose", choice="reveal"))
    s = run(R, s, c("p2", "choose", choice="center"))
    assert s["players"]["p2"]["holopower"] == [MEMO, SHIORI_2] and dealt(s) == 20 + 70


@needs_list
def test_hbp07_035_returns_all_its_cheer_then_draws_to_as_many(R):
    """hBP07-035 輪堂千速: 「このホロメンのエールを数えて、そのすべてを好きな順でエールデッキの下に戻す。その後、自分の手札がこの
    能力で戻したエールの枚数と同じになるまで、自分のデッキを引く。」 (four back: the hand of one drawn to four)."""
    s = given(CHIHAYA_2, [GREEN, GREEN, RED, BLUE], wall=NOEL3)
    s["players"]["p2"]["hand"] = s["players"]["p2"]["hand"][:1]
    s = use(R, s)
    assert s["pending"]["options"] == sorted({GREEN, RED, BLUE})
    s = run(R, s, c("p2", "choose", choice=RED))
    s = run(R, s, c("p2", "choose", choice=GREEN))
    s = run(R, s, c("p2", "choose", choice=BLUE), MEMO, LETTER, MIC)
    assert s["zones"]["piles"]["cheer/p2"]["bottom"] == [RED, GREEN, BLUE, GREEN]
    assert s["players"]["p2"]["center"]["cheer"] == [] and len(s["players"]["p2"]["hand"]) == 4 and dealt(s) == 160


@needs_list
def test_hbp08_045_chooses_a_holomem_and_rolls_for_its_arts(R):
    """hBP08-045 ハコス・ベールズ: 「自分のステージのホロメン1人を選び、サイコロを1回振る。出た目の数1につき、このターンの間、
    選んだホロメンのアーツ+10。」 (the die a chance event)."""
    s = use(R, given(BAE_DIE, [RED], wall=NOEL3))
    assert s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p2", "choose", choice="center"), 4)
    assert dealt(s) == 50 + 40 and s["players"]["p2"]["center"]["mods"]["arts"] == 40


@needs_list
def test_hbp08_039_moves_any_blue_cheer_to_fuwawa(R):
    """hBP08-039 モココ: 「このホロメンの青エール1枚につき、このアーツ+20。その後、このホロメンの青エールを好きな枚数選び、自分の
    〈フワワ・アビスガード〉1人に付け替える。」"""
    s = back(given(MOCOCO_2, [RED, RED, RED, BLUE, BLUE], wall=NOEL3), "p2", FUWAWA)
    s = use(R, s)
    assert s["pending"]["options"] == ["back1", None]
    s = run(R, s, c("p2", "choose", choice="back1"))
    assert s["pending"]["options"] == [BLUE, None]
    s = run(R, run(R, s, c("p2", "choose", choice=BLUE)), c("p2", "choose", choice=None))
    assert s["players"]["p2"]["back"][1]["cheer"] == [BLUE] and dealt(s) == 90 + 40


@needs_list
def test_a_named_support_searched_from_the_deck_and_attached(R):
    """hBP08-064 鷹嶺ルイ 「自分のデッキから、〈ルイ友〉1枚を自分のホロメンに付ける。そしてデッキをシャッフルする。」 and hBP08-019
    ラオーラ 「このホロメンに〈Chattino〉が付いていないなら、自分のデッキから、〈Chattino〉1枚をこのホロメンに付ける。…」
    (read as ``attach_from_deck``: the card searched for is shown, the deck shuffled)."""
    s = use(R, in_deck(given(LUI_1, [R.purple], wall=NOEL3), "p2", LUI_FAN))
    assert s["pending"]["kind"] == "attach_from_deck" and s["pending"]["options"] == [LUI_FAN, None]
    s = run(R, s, c("p2", "choose", choice=LUI_FAN))
    s = run(R, s, c("p2", "choose", choice="center")) if s.get("pending") else s
    assert LUI_FAN in s["players"]["p2"]["center"]["attached"] + s["players"]["p2"]["back"][0]["attached"]
    s = in_deck(given(RAORA_D, [WHITE], wall=NOEL3), "p2", CHATTINO)
    assert use(R, s)["pending"]["options"] == [CHATTINO, None]
    s["players"]["p2"]["center"]["attached"] = [CHATTINO]
    assert use(R, s).get("pending") is None


@needs_list
def test_hbp04_031_sends_a_cheer_of_the_chosen_holomems_colour(R):
    """hBP04-031 セシリア: 「自分の#語学を持つバックホロメン1人を選ぶ。自分のエールデッキから、選んだホロメンと同色のエール1枚を
    公開し、選んだホロメンに送る。そしてエールデッキをシャッフルする。」 (the green one at the back: only green asked for)."""
    s = back(given(CECILIA_LANG, [GREEN, RED], wall=SHIORI_1), "p2", CECILIA_LANG)  # EN: no gift's +30 (#JP/#ID)
    assert use(R, s)["pending"]["options"] == [None]  # p2's cheer deck holds red and blue only
    unseen = s["zones"]["piles"]["cheer/p2"]["unseen"]
    unseen[RED] -= 1
    s["zones"]["piles"]["cheer/p2"]["unseen"] = dict(sorted({**unseen, GREEN: 1}.items()))
    s = use(R, s)
    assert s["pending"]["options"] == [GREEN, None]
    s = run(R, s, c("p2", "choose", choice=GREEN))
    assert s["players"]["p2"]["back"][1]["cheer"] == [GREEN] and dealt(s) == 80


@needs_list
def test_hbp08_058_shares_one_or_two_archived_blue_cheer_among_advent(R):
    """hBP08-058 フワワ: 「自分のアーカイブの青エール1～2枚を選び、自分の#Adventを持つホロメンに割り振って送る。」"""
    s = back(given(FUWAWA_2, [BLUE, RED]), "p2", SHIORI_1)
    s["players"]["p2"]["archive"] = [BLUE, BLUE, RED]
    s = use(R, s)
    assert s["pending"]["options"] == [[BLUE, "center"], [BLUE, "back1"]]
    s = run(R, s, c("p2", "choose", choice=[BLUE, "back1"]))
    assert s["pending"]["options"] == [[BLUE, "center"], [BLUE, "back1"], None]
    s = run(R, s, c("p2", "choose", choice=[BLUE, "center"]))
    assert s["players"]["p2"]["back"][1]["cheer"] == [BLUE]
    assert s["players"]["p2"]["center"]["cheer"] == [BLUE, RED, BLUE]
    assert s["players"]["p2"]["archive"] == [RED] and dealt(s) == 100


@needs_list
def test_hbp08_059_adds_50_after_a_mococos_art_and_then_may_move_red_cheer(R):
    """hBP08-059 フワワ: 「このターンに自分の〈モココ・アビスガード〉がアーツを使っていたなら、このアーツ+50。その後、このホロメンの
    赤エールを好きな枚数選び、自分の〈モココ・アビスガード〉1人に付け替える。」 (the move not the condition's: 「その後、」)."""
    s = given(FUWAWA_RED, [BLUE, BLUE, BLUE, RED], wall=WALL)
    s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["center"]), "card": MOCOCO_2, "cheer": []}
    first = use(R, s)
    assert first["pending"]["options"] == ["collab", None]  # no art of モココ yet: no +50, the move still asked
    s["players"]["p2"]["used"]["arts"] = ["collab"]
    s = run(R, use(R, s), c("p2", "choose", choice="collab"))
    s = run(R, s, c("p2", "choose", choice=RED))  # the one red moved: nothing more to ask
    assert s["players"]["p2"]["collab"]["cheer"] == [RED] and s["players"]["p2"]["center"]["cheer"] == [BLUE] * 3
    art = R.cardset.cards[FUWAWA_RED]["arts"][0]["dmg"]
    assert dealt(s) == art + 50 and dealt(run(R, first, c("p2", "choose", choice=None))) == art


@needs_list
def test_hbp05_070_attaches_archived_shirakami_characters_as_wanted(R):
    """hBP05-070 白上フブキ: 「自分のアーカイブの#白上'sキャラクターを持つ[マスコットとファン]を好きな枚数選び、自分のホロメンに
    割り振って付けられる。」 (``skill_attach_archive_any``: a mascot one to a holomem; はあとん only to 〈赤井はあと〉)."""
    s = given(FUBUKI_2, [R.yellow, RED], wall=NOEL3)
    s["players"]["p2"]["archive"] = [ARIYORI, FUBUCHUN, HAATON, SNOWMAN]
    s = use(R, s)
    assert s["pending"]["options"] == sorted([ARIYORI, FUBUCHUN]) + [None]
    s = run(R, run(R, s, c("p2", "choose", choice=ARIYORI)), c("p2", "choose", choice="center"))
    s = run(R, s, c("p2", "choose", choice=FUBUCHUN))  # the centre has its mascot: to the back; nothing more fits
    assert s["players"]["p2"]["center"]["attached"] == [ARIYORI]
    assert s["players"]["p2"]["back"][0]["attached"] == [FUBUCHUN]
    assert s["players"]["p2"]["archive"] == [HAATON, SNOWMAN] and dealt(s) == 60


@needs_list
def test_hbp06_065_needs_one_colourless_less_after_a_down_in_the_opponents_turn(R):
    """hBP06-065 ロボ子さん: 「直前の相手のターンに自分のホロメンがダウンしていたなら、このアーツに必要な無色-1。」 (a down in p1's
    turn marks p1's ``used``, kept till its next turn: ``effects.check_downs``)."""
    s = given(ROBOCO, [R.purple, RED], wall=NOEL3)
    with pytest.raises(RuleViolation):
        use(R, s)
    s["players"]["p1"]["used"]["downed_other"] = True
    assert dealt(use(R, s)) == 90
    # given p2's art downs p1's centre in p2's turn, the mark is on p2's ``used`` (p1 reads it in its next turn)
    s = given(ROBOCO, [R.purple, RED, RED], wall=WALL)
    s["players"]["p1"]["center"]["damage"] = 200
    s = use(R, s, GREEN)
    assert s["players"]["p2"]["used"].get("downed_other") is True and not s["players"]["p1"]["used"].get("downed_other")


@needs_list
def test_hbp05_050_two_conditions_each_its_own(R):
    """hBP05-050 フワワ: 「このターンに自分の〈モココ・アビスガード〉がアーツを使っていたなら、このアーツ+40。このターンに自分の推し
    スキル「モコちゃん！」を使っていたなら、さらに、このアーツ+30。」 (each sentence its own condition, as hBP02-059's
    「…4枚以上ある時、…。8枚以上ある時、さらに、…」)."""
    out = {}
    for mococo, skill in ((False, False), (True, False), (False, True), (True, True)):
        s = oshi(given(FUWAWA_BOTH, [BLUE] * 4, wall=WALL), "p2", FWMC_OSHI)
        s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["center"]), "card": MOCOCO_2, "cheer": []}
        s["players"]["p2"]["used"].update(arts=["collab"] if mococo else [], oshi=skill)
        out[mococo, skill] = dealt(use(R, s))
    base = out[False, False]
    assert out == {(False, False): base, (True, False): base + 40, (False, True): base + 30, (True, True): base + 70}


@needs_list
def test_hbp03_023_adds_40_after_a_pekoras_ability_rolled_this_turn(R):
    """hBP03-023 兎田ぺこら: 「このターンに自分の〈兎田ぺこら〉の能力でサイコロを1回以上振っていた時、このアーツ+40。」 (each roll
    kept with the card whose ability rolled it: ``effects.count_roll``). Given 運だめしダイス rolled (a support's, not
    ぺこら's), +0; given hBP05-016 ぺこら's art rolled at the collab, +40."""
    s = given(PEKORA_3, [GREEN, RED, RED], wall=WALL)
    s = run(R, s, c("p2", "support", card=DICE), 2)
    assert s["players"]["p2"]["used"]["rolled_by"] == [DICE] and dealt(use(R, s)) == 80
    s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["center"]), "card": PEKORA, "cheer": [RED] * 4,
                                    "stack": [AKARI_D]}
    s = run(R, use(R, s, pos="collab"), c("p2", "choose", choice="roll"), 4, MEMO, LETTER)
    assert PEKORA in s["players"]["p2"]["used"]["rolled_by"]
    s["players"]["p1"]["center"]["damage"] = 0
    assert dealt(use(R, s)) == 80 + 40


@needs_list
def test_hbp01_095_may_bloom_a_debut_put_out_this_turn(R):
    """hBP01-095 オーロ・クロニー: 「自分のこのターンに出したDebutバックホロメン1人を、自分の手札の1stホロメンにBloomできる。」
    (what a Bloom from the hand may not do: the Debut came onto the stage this turn). Given p2's second turn, its
    back 炎堂アカリ Debut put out this turn and a 1st 炎堂アカリ in hand, when the art is used, then it may bloom."""
    s = given(KRONII_BLOOM, [BLUE, RED, RED], wall=NOEL3)
    s["players"]["p2"]["turns"] = 2
    s["players"]["p2"]["hand"].append(AKARI_1)
    assert use(R, s).get("pending") is None  # the back Debut came earlier: not this text's
    s["players"]["p2"]["back"][0]["since"] = s["turn"]
    s = use(R, s)
    assert s["pending"]["options"] == [["back0", AKARI_1], None]
    s = run(R, s, c("p2", "choose", choice=["back0", AKARI_1]), RED)  # its bloom effect sends a cheer
    while s.get("pending") and s["pending"]["kind"] != "arts_bloom_placed":
        s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]))
    h = s["players"]["p2"]["back"][0]
    assert (h["card"], h["stack"], h["since"]) == (AKARI_1, [AKARI_DU], s["turn"])
    assert s["players"]["p2"]["hand"].count(AKARI_1) == 1  # one of the two in hand
    assert dealt(s) == 60


@needs_list
def test_hsd04_006_heals_10_per_10_its_damage_dealt(R):
    """hSD04-006 癒月ちょこ: 「このアーツで相手のホロメンにダメージを与えた時、与えたダメージ10につき、このホロメンのHP10回復。」
    (once the art's damage lands: ``effects.DEALT_HOOKS``), also when it downs."""
    assert ours(text(CHOCO_HEAL_DEALT, 0)) == ("arts_heal_dealt", {"per": 10, "amount": 10})
    s = given(CHOCO_HEAL_DEALT, [R.purple, RED], wall=WALL)
    s["players"]["p2"]["center"]["damage"] = 50
    s = use(R, s)
    assert dealt(s) == 30 and s["players"]["p2"]["center"]["damage"] == 20
    s = given(CHOCO_HEAL_DEALT, [R.purple, RED], wall=WALL)
    s["players"]["p2"]["center"]["damage"] = 50
    s["players"]["p1"]["center"]["damage"] = 200
    s = use(R, s, GREEN)
    assert s["players"]["p1"]["center"]["card"] != WALL and s["players"]["p2"]["center"]["damage"] == 20


@pytest.mark.parametrize("card, printed, effect", [
    ("hBP08-027_RR (bloom)", "自分のお休みしている#Justiceを持つホロメン1人につき、自分のアーカイブのエール1枚をこのホロメンに送る。",
     "arts_count"),
    ("hBP08-038_R (collab)", "自分の推しホロメンが青の〈FUWAMOCO〉なら、自分のアーカイブの#Adventを持つホロメン1枚を手札に戻す。",
     "arts_when"),
    ("hBP08-074_RR (bloom)", "[センターポジション限定]相手の推しホロメンと異なる色を持つ相手のステージのホロメン1人につき、"
                            "自分のデッキを1枚引く。", "arts_when"),
    ("hBP08-089_R (bloom)", "このホロメンに重なっているホロメン1枚をアーカイブできる:自分のデッキから、〈Popo〉1枚を自分のホロメンに"
                           "付ける。そしてデッキをシャッフルする。", "arts_cost_stacked"),
    ("hSD17-010_C (support)", "相手のDebut以外のバックホロメン1人に特殊ダメージ20を与える。", "arts_special_to"),
    ("hBP07-006_OSR (oshi)", "直前の相手のターンに自分のホロメンがダウンしていたなら、自分のデッキから、イベント1枚を公開し、手札に加える。"
                            "そしてデッキをシャッフルする。", "arts_when"),
])
def test_the_shapes_read_other_kinds_texts_of_the_same_words(card, printed, effect):
    """Shapes that read what a text does, not what kind it is, so a bloom, collab, support or oshi text of the same
    words is read as well (each an effect run as its ability resolves, never a constant)."""
    assert rawlist.recognise(printed)[0] == effect
