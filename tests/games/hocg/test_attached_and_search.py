"""Attached supports' constants and triggers of ``abilities.attached_and_search`` (and the holomem
texts that look at, search or draw), each on a real card's printed text, given/when/then."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist
from kifu.replays.games.hocg.state import Board

from .helpers import (
    AKARI_D,
    BLUE,
    CS,
    LETTER,
    MEMO,
    MIC,
    MIDORI_D,
    RED,
    WHITE,
    YUKI_1,
    YUKI_D,
    YUKI_DU,
    c,
)
from .test_starters import later_turn
from .test_supports import needs_list, raw, run  # noqa: F401 (raw: its fixture)
from .test_turns import p1_main, p2_turn

THORN, BOROS, HARP, KEHAI, ROBOSA, WATAMEITO = ("hBP07-104_S", "hBP07-107_S", "hBP05-084_S", "hBP08-104_C",
                                                "hBP03-110_S", "hBP03-112_S")
LIZ_1ST, LIZ_2ND = "hSD13-004_C", "hSD13-007_P"  # エリザベス・ローズ・ブラッドフレイム: a plain 1st; a 2nd
KRONII_1ST, KRONII_OSHI = "hBP01-093_C", "hBP07-005_OSR"  # オーロ・クロニー: a plain 1st; the oshi of 「時間の典獄」
WATAME_2ND, WATAME_D, WATAME_BUZZ = "hBP03-072_RR", "hBP03-067_C", "hBP05-072_R"  # 角巻わため
KANADE_D, KANADE_1ST = "hSD11-007_C", "hSD11-008_C"  # 水宮枢
ROBOCO_1ST = "hBP03-058_C"  # ロボ子さん, a plain 1st
SUBARU_CO, FLARE_CO, WATAME_CO = "hBP06-078_C", "hBP05-063_S", "hBP07-010_C"  # their collab effects
AKI_AXE, STONE_AXE = "hBP05-082_S", "hBP01-114_C"
RISUNERS, RISU_D = "hBP03-113_C", "hBP03-073_C"  # アユンダ・リス's fan; a plain Debut
HATOTAUROS, MIO_D, ASHURA, AYAME_D = "hBP07-106_S", "hBP02-024_C", "hBP06-098_S", "hSD02-002_C"
VIVI_1ST, VIVI_2ND, CHOCO_2ND, GENKAI = "hSD10-008_C", "hSD10-009_P", "hBP08-076_R", "hBP04-091_S"  # 限界飯: #食べ物
BAE_D, BAE_1ST = "hBP06-040_C", "hBP01-074_U"  # ハコス・ベールズ: a plain Debut; the 1st of 「DebutからBloomした時」
BAE_2ND, CHIHAYA_1ST, RIONA_D = "hBP01-075_P", "hSD10-005_U", "hBP06-015_C"  # 響咲リオナ: #FLOW GLOW
HAMMER = "hBP07-102_S"  # 角巻わためのハンマー
GIRAFFA, NENE_D, NENE_1ST = "hBP07-103_S", "hBP04-083_C", "hBP04-084_C"  # ギラファノコギリクワガタ; plain 桃鈴ねね
CILUS, KOBO_D = "hBP05-086_S", "hBP01-082_C"  # こぼ・かなえる's mascot; a plain Debut
STADIUM_JACKET = "hBP06-097_S"  # カワイイスタジャン
TARGET = WATAME_BUZZ  # p1's centre the arts hit (250 HP: nothing goes down)
CARDS = [THORN, BOROS, HARP, KEHAI, ROBOSA, WATAMEITO, LIZ_1ST, LIZ_2ND, KRONII_1ST, KRONII_OSHI, WATAME_2ND, WATAME_D,
         WATAME_BUZZ, KANADE_D, KANADE_1ST, ROBOCO_1ST, SUBARU_CO, FLARE_CO, WATAME_CO,
         AKI_AXE, STONE_AXE, RISUNERS, RISU_D, HATOTAUROS, MIO_D, ASHURA, AYAME_D,
         VIVI_1ST, VIVI_2ND, CHOCO_2ND, GENKAI, BAE_D, BAE_1ST,
         BAE_2ND, CHIHAYA_1ST, RIONA_D, HAMMER, GIRAFFA, NENE_D, NENE_1ST,
         CILUS, KOBO_D, STADIUM_JACKET]


@pytest.fixture(scope="module")
def R(raw):  # noqa: F811 (raw: test_supports' fixture)
    cheer = {colour: next(pid for pid, v in sorted(raw.items())
                          if v.get("card_type") == "エール" and v.get("color") == colour) for colour in ("黄", "紫")}
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items() if pid in set(CARDS) | set(cheer.values())]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-attached-search", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.yellow, bound.purple = cheer["黄"], cheer["紫"]
    return bound


def p2_art(R, holder, cheer, attached=(), art=0, given=None, outcomes=()):
    """p2's turn: its centre ``holder`` (``cheer``, ``attached``) uses its art ``art`` on p1's centre
    (``TARGET``); the state after it."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"].update(card=TARGET, damage=0)
    s["players"]["p2"]["center"].update(card=holder, cheer=list(cheer), attached=list(attached))
    if given:
        given(s)
    return run(R, s, c("p2", "arts", holomem="center", art=art, target="center"), *outcomes)


def dealt(s) -> int:
    return s["players"]["p1"]["center"]["damage"]


# ------------------------------------------------------------------ 「このツールが付いている〈名前〉のアーツ+N」

@needs_list
def test_hbp07_104_thorn_adds_20_on_elizabeth_and_20_more_on_a_damaged_2nd(R):
    """hBP07-104 Thorn: 「このツールが付いている〈エリザベス・ローズ・ブラッドフレイム〉のアーツ+20。◆2ndの〈エリザベス・
    ローズ・ブラッドフレイム〉に付いていたら能力追加 このホロメンのHPが減っているなら、このホロメンのアーツ+20。」"""
    first = dealt(p2_art(R, LIZ_1ST, [RED], [THORN])) - dealt(p2_art(R, LIZ_1ST, [RED]))
    assert first == 20
    whole = dealt(p2_art(R, LIZ_2ND, [RED] * 3, [THORN])) - dealt(p2_art(R, LIZ_2ND, [RED] * 3))
    assert whole == 20  # HP not reduced: the base bonus only

    def hurt(s):
        s["players"]["p2"]["center"]["damage"] = 10
    hurt_bonus = dealt(p2_art(R, LIZ_2ND, [RED] * 3, [THORN], given=hurt)) - dealt(p2_art(R, LIZ_2ND, [RED] * 3, given=hurt))
    assert hurt_bonus == 40
    # on a 1st, even with its HP reduced, the ◆ ability is not added
    assert dealt(p2_art(R, LIZ_1ST, [RED], [THORN], given=hurt)) - dealt(p2_art(R, LIZ_1ST, [RED], given=hurt)) == 20
    # on a holomem of another name, nothing
    plain = p2_turn(p1_main())
    holder = plain["players"]["p2"]["center"]
    assert dealt(p2_art(R, holder["card"], holder["cheer"], [THORN])) == dealt(p2_art(R, holder["card"], holder["cheer"]))


@needs_list
def test_hbp07_102_watame_hammer_adds_20_and_on_a_2nd_at_the_centre_30_and_a_die_for_50_to_another(R):
    """hBP07-102 角巻わためのハンマー: 「このツールが付いている〈角巻わため〉のアーツ+20。◆2ndの〈角巻わため〉に付いて
    いたら能力追加 ■[センターポジション限定]このホロメンのアーツ+30。■[センターポジション限定]このホロメンがアーツを
    使った時、サイコロを1回振る。3か5なら、このホロメン以外の自分のホロメン1人に特殊ダメージ50を与える。」"""
    cheer = [R.yellow] * 3

    def big_back(s):  # p2's back holomem takes the 50 without going down
        s["players"]["p2"]["back"][0].update(card=WATAME_BUZZ, damage=0)
    base = dealt(p2_art(R, WATAME_2ND, cheer, given=big_back))
    s = p2_art(R, WATAME_2ND, cheer, [HAMMER], given=big_back, outcomes=(3,))
    assert dealt(s) == base + 50 and s["players"]["p2"]["back"][0]["damage"] == 50
    s = p2_art(R, WATAME_2ND, cheer, [HAMMER], given=big_back, outcomes=(4,))
    assert dealt(s) == base + 50 and s["players"]["p2"]["back"][0]["damage"] == 0
    debut = p2_art(R, WATAME_D, [R.yellow], [HAMMER], given=big_back)  # no die: no outcome stated
    assert dealt(debut) == dealt(p2_art(R, WATAME_D, [R.yellow], given=big_back)) + 20
    assert debut["players"]["p2"]["back"][0]["damage"] == 0

    def at_collab(attached):  # the same 2nd at the collab position: its art from there
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"].update(card=TARGET, damage=0)
        big_back(s)
        s["players"]["p2"]["collab"] = {**copy.deepcopy(s["players"]["p2"]["center"]), "card": WATAME_2ND,
                                        "cheer": list(cheer), "attached": attached}
        return run(R, s, c("p2", "arts", holomem="collab", art=0, target="center"))
    collab_hit = at_collab([HAMMER])  # no die at the collab position: no outcome stated
    assert dealt(collab_hit) == dealt(at_collab([])) + 20 and collab_hit["players"]["p2"]["back"][0]["damage"] == 0


@needs_list
def test_hbp07_103_giraffa_adds_20_on_nene_and_on_a_1st_its_arts_damage_is_not_reduced(R):
    """hBP07-103 ギラファノコギリクワガタ: 「このツールが付いている〈桃鈴ねね〉のアーツ+20。◆1st以上の〈桃鈴ねね〉に
    付いていたら能力追加 このホロメンのアーツダメージは軽減されない。」 (p1's centre: 「センターポジションで最初に受ける
    アーツダメージ-30」)."""
    def shielded(s):
        s["players"]["p1"]["center"]["lasting"] = [{"kind": "shield", "amount": 30}]
    plain = dealt(p2_art(R, NENE_1ST, [R.yellow]))
    assert dealt(p2_art(R, NENE_1ST, [R.yellow], [GIRAFFA])) == plain + 20
    assert dealt(p2_art(R, NENE_1ST, [R.yellow], [GIRAFFA], given=shielded)) == plain + 20  # not reduced
    assert dealt(p2_art(R, NENE_1ST, [R.yellow], given=shielded)) == plain - 30
    def shielded_10(s):
        s["players"]["p1"]["center"]["lasting"] = [{"kind": "shield", "amount": 10}]
    def debut_art(attached=(), given=None):  # its art's 「…ステージに出せる」 declined
        return dealt(run(R, p2_art(R, NENE_D, [R.yellow], attached, given=given), c("p2", "choose", choice=None)))
    assert debut_art([GIRAFFA], shielded_10) == debut_art() + 20 - 10  # a Debut: reduced


# ------------------------------------------------------------------ 「このゲーム中に、…SP推しスキル「…」を使っていたなら」

@needs_list
def test_hbp07_107_boros_adds_20_once_the_oshis_sp_skill_was_used_this_game(R):
    """hBP07-107 Boros: 「このマスコットが付いているホロメンのHP+20。◆〈オーロ・クロニー〉に付いていたら能力追加
    このゲーム中に、自分の〈オーロ・クロニー〉のSP推しスキル「時間の典獄」を使っていたなら、このホロメンのアーツ+20。」"""
    def used(s):
        s["players"]["p2"]["oshi"] = KRONII_OSHI
        s["players"]["p2"]["sp_used"] = True

    def unused(s):
        s["players"]["p2"]["oshi"] = KRONII_OSHI
    base = dealt(p2_art(R, KRONII_1ST, [BLUE], given=used))
    assert dealt(p2_art(R, KRONII_1ST, [BLUE], [BOROS], given=used)) == base + 20
    assert dealt(p2_art(R, KRONII_1ST, [BLUE], [BOROS], given=unused)) == base
    s = p2_turn(p1_main())
    s["players"]["p2"]["center"].update(card=KRONII_1ST, attached=[BOROS])
    assert Board(s, R.cardset).max_hp(s["players"]["p2"]["center"]) == R.cardset.cards[KRONII_1ST]["hp"] + 20


# ------------------------------------------------------------------ constants and triggers under one ◆

@needs_list
def test_hbp05_084_harp_adds_10_more_with_a_watameito_and_sends_an_archived_cheer_on_arts(R):
    """hBP05-084 角巻わためのハープ: 「このツールが付いているホロメンのアーツ+10。」「◆2nd以上の〈角巻わため〉に付いて
    いたら能力追加■自分のステージに〈わためいと〉がある間、このツールが付いているホロメンのアーツ+10。■このツールが
    付いているホロメンがアーツを使った時、自分のアーカイブのエール1枚を自分の〈角巻わため〉に送れる。」"""
    cheer = [R.yellow] * 3

    def archive(s):
        s["players"]["p2"]["archive"] = [R.yellow]
    base = dealt(p2_art(R, WATAME_2ND, cheer, given=archive))
    s = p2_art(R, WATAME_2ND, cheer, [HARP, WATAMEITO], given=archive)
    assert dealt(s) == base + 20
    assert s["pending"]["kind"] == "arts_archive_cheer"
    s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]))
    while s["pending"]:  # the holomem to send it to, where asked: the centre (the only 〈角巻わため〉)
        s = run(R, s, c("p2", "choose", choice="center" if "center" in s["pending"]["options"] else
                        s["pending"]["options"][0]))
    assert s["players"]["p2"]["center"]["cheer"] == cheer + [R.yellow] and s["players"]["p2"]["archive"] == []
    # without a わためいと on the stage: the base +10 only
    assert dealt(p2_art(R, WATAME_2ND, cheer, [HARP], given=archive)) == base + 10
    # on a Debut 〈角巻わため〉: the base +10 only, and nothing is sent
    debut = p2_art(R, WATAME_D, [R.yellow], [HARP, WATAMEITO], given=archive)
    assert dealt(debut) == dealt(p2_art(R, WATAME_D, [R.yellow], given=archive)) + 10
    assert debut["pending"] is None and debut["players"]["p2"]["archive"] == [R.yellow]


@needs_list
def test_hbp08_104_kehai_on_kanade_draws_when_she_blooms(R):
    """hBP08-104 けはい: 「◆〈水宮枢〉に付いていたら能力追加 ■…■このホロメンのBloomレベルが上がった時、自分の
    デッキを1枚引く。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["center"].update(card=KANADE_D, attached=[KEHAI])
    s["players"]["p1"]["hand"].append(KANADE_1ST)
    s = run(R, s, c("p1", "bloom", card=KANADE_1ST, target="center"), MEMO)
    assert s["players"]["p1"]["center"]["card"] == KANADE_1ST and s["players"]["p1"]["hand"][-1] == MEMO
    other = later_turn(p1_main())
    other["players"]["p1"]["center"].update(card=YUKI_D, attached=[KEHAI])
    hand = list(other["players"]["p1"]["hand"])
    other["players"]["p1"]["hand"].append(YUKI_1)
    other = run(R, other, c("p1", "bloom", card=YUKI_1, target="center"), WHITE)  # its own bloom effect's cheer only
    assert sorted(other["players"]["p1"]["hand"]) == sorted(hand)  # the Bloom card played, nothing drawn


@needs_list
def test_hbp08_104_kehai_at_the_centre_makes_the_opponents_centre_baton_touch_cost_one_more(R):
    """hBP08-104 けはい: 「◆〈水宮枢〉に付いていたら能力追加 ■[センターポジション・コラボポジション限定]相手の
    センターホロメンのバトンタッチに必要な無色+1。」: not while she is at the back."""
    s = p2_turn(p1_main())
    base = Board(s, R.cardset).baton_cost(s["players"]["p2"]["center"])
    s["players"]["p1"]["center"].update(card=KANADE_D, attached=[KEHAI])
    assert Board(s, R.cardset).baton_cost(s["players"]["p2"]["center"]) == base + 1
    with pytest.raises(RuleViolation):
        run(R, s, c("p2", "baton_touch", back="back0", cheer=s["players"]["p2"]["center"]["cheer"][:base]))
    back = p2_turn(p1_main())
    back["players"]["p1"]["back"][0].update(card=KANADE_D, attached=[KEHAI])
    assert Board(back, R.cardset).baton_cost(back["players"]["p2"]["center"]) == base


# ------------------------------------------------------------------ a fan's 「アーツ-N」

@needs_list
def test_hbp03_110_robosa_pays_a_purple_icon_and_takes_10_off_the_art(R):
    """hBP03-110 ろぼさー: 「■このファンが付いているホロメンがアーツを使う時、このファンを紫エールとしても扱う。
    ■このファンが付いているホロメンのアーツ-10。このファンは、自分の〈ロボ子さん〉だけに付けられ、…」"""
    s = p2_art(R, ROBOCO_1ST, [BLUE], [ROBOSA], art=1)
    assert dealt(s) == dealt(p2_art(R, ROBOCO_1ST, [R.purple, BLUE], art=1)) - 10
    with pytest.raises(RuleViolation):
        p2_art(R, ROBOCO_1ST, [BLUE], art=1)  # without the fan, no purple for 「紫」


# ------------------------------------------------------------------ holomem texts that search, look at or draw

def collab(R, card, *outcomes, cheer=(WHITE,)):
    """p1's main phase: ``card`` at back0 (``cheer``) collabs."""
    s = later_turn(p1_main())
    s["players"]["p1"]["back"][0].update(card=card, cheer=list(cheer))
    return run(R, s, c("p1", "collab", back="back0"), *outcomes)


@needs_list
def test_hbp06_078_subaru_pays_a_cheer_for_a_debut_of_the_oshis_name(R):
    """hBP06-078 大空スバル コラボエフェクト「地球&テラ」: 「このホロメンのエール1枚をアーカイブできる:自分のデッキから、
    自分の推しホロメンと同じカード名のDebutホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。」 (p1's
    oshi is 雪見ユキ)."""
    s = collab(R, SUBARU_CO)
    assert s["pending"]["kind"] == "cost_own_cheer" and s["pending"]["options"] == [WHITE, None]
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["pending"]["kind"] == "search_deck_name"
    options = s["pending"]["options"]
    assert YUKI_D in options and MIDORI_D not in options and YUKI_1 not in options and options[-1] is None
    assert all(R.cardset.cards[o]["name"] == "雪見ユキ" and R.cardset.cards[o]["level"] == "debut" for o in options[:-1])
    s = run(R, s, c("p1", "choose", choice=YUKI_D))
    assert s["players"]["p1"]["hand"][-1] == YUKI_D and WHITE in s["players"]["p1"]["archive"]
    declined = run(R, collab(R, SUBARU_CO), c("p1", "choose", choice=None))
    assert declined["pending"] is None and declined["players"]["p1"]["collab"]["cheer"] == [WHITE]
    assert collab(R, SUBARU_CO, cheer=())["pending"] is None  # no cheer to pay: nothing is offered


@needs_list
def test_hbp05_063_flare_finds_a_debut_of_a_name_not_on_the_stage(R):
    """hBP05-063 不知火フレア コラボエフェクト「おうちでまったり」: 「このホロメンのエール1枚をアーカイブできる:自分の
    デッキから、自分のステージのホロメン全員と異なるカード名のDebutホロメン1枚を公開し、手札に加える。そして
    デッキをシャッフルする。」 (the stage: 雪見ユキ and this 不知火フレア)."""
    s = run(R, collab(R, FLARE_CO), c("p1", "choose", choice=WHITE))
    assert s["pending"]["kind"] == "search_deck_name"
    options = s["pending"]["options"]
    assert MIDORI_D in options and YUKI_D not in options and YUKI_DU not in options and options[-1] is None
    s = run(R, s, c("p1", "choose", choice=MIDORI_D))
    assert s["players"]["p1"]["hand"][-1] == MIDORI_D and s["pending"] is None
    with pytest.raises(RuleViolation):
        run(R, run(R, collab(R, FLARE_CO), c("p1", "choose", choice=WHITE)), c("p1", "choose", choice=YUKI_D))


@needs_list
def test_hbp07_010_watame_takes_one_of_the_holopower_unseen(R):
    """hBP07-010 角巻わため コラボエフェクト: 「自分のデッキの上から1枚をホロパワーにする。その後、自分のホロパワーを
    見る。その中から1枚を手札に加える。そしてホロパワーをシャッフルする。」: no 「公開し」, so the choice is secret
    and nothing is shown (the collab's own ホロパワー is MEMO, the effect's LETTER)."""
    s = collab(R, WATAME_CO, MEMO, LETTER)
    assert s["pending"]["kind"] == "holopower_take_unseen" and s["pending"]["secret"] is True
    assert sorted(s["pending"]["options"]) == sorted([MEMO, LETTER])
    with pytest.raises(RuleViolation):
        run(R, s, c("p1", "choose", choice=MIC))  # not in the holopower
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert s["players"]["p1"]["hand"][-1] == LETTER and s["players"]["p1"]["holopower"] == [MEMO]
    assert not any(e.get("kind") == "reveal" or e.get("type") == "reveal" for e in s["events"][-3:])


# ------------------------------------------------------------------ a play cost of a hand card or a stage card

@needs_list
def test_hbp05_082_aki_axe_archives_a_hand_card_or_a_stage_stone_axe_to_be_used(R):
    """hBP05-082 アキ・ローゼンタールの斧: 「このカードは、自分の手札1枚か自分のステージの〈石の斧〉1枚をアーカイブ
    しなければ使えない。このツールが付いているホロメンのアーツ+10。…」: refused with neither; else the seat picks
    which (a hand card, or the position of a holomem with a 〈石の斧〉)."""
    s = later_turn(p1_main())
    s["players"]["p1"]["hand"] = [AKI_AXE]
    with pytest.raises(RuleViolation, match="石の斧"):
        run(R, s, c("p1", "support", card=AKI_AXE, target="center"))
    s["players"]["p1"]["back"][0]["attached"] = [STONE_AXE]
    s = run(R, s, c("p1", "support", card=AKI_AXE, target="center"))
    assert s["pending"]["kind"] == "cost_hand_or_stage" and s["pending"]["options"] == ["back0"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["attached"] == [] and s["players"]["p1"]["archive"] == [STONE_AXE]
    assert s["players"]["p1"]["center"]["attached"] == [AKI_AXE]
    assert Board(s, R.cardset).constant(AKI_AXE, "tool_arts", s["players"]["p1"]["center"]) == 10
    hand = later_turn(p1_main())
    hand["players"]["p1"]["hand"] = [AKI_AXE, MEMO]
    hand = run(R, hand, c("p1", "support", card=AKI_AXE, target="center"))
    assert hand["pending"]["options"] == [MEMO]
    hand = run(R, hand, c("p1", "choose", choice=MEMO))
    assert hand["players"]["p1"]["hand"] == [] and hand["players"]["p1"]["archive"] == [MEMO] and hand["pending"] is None


# ------------------------------------------------------------------ 「このファンが付いているホロメンにエールが付いた時」

@needs_list
def test_hbp03_113_risuners_boosts_risu_this_turn_when_a_cheer_is_attached_once_a_turn(R):
    """hBP03-113 Risuners: 「[ターンに1回]このファンが付いているホロメンにエールが付いた時、このターンの間、この
    ホロメンのアーツ+10。このファンは、自分の〈アユンダ・リス〉だけに付けられ、…」: the cheer step's cheer counts."""
    from kifu.replays.games.hocg.effects import attach_cheer
    s = p1_main()
    s["players"]["p2"]["center"].update(card=RISU_D, attached=[RISUNERS])
    s = run(R, run(R, s, c("p1", "end_turn"), MEMO, RED), c("p2", "choose", choice="center"))
    assert s["players"]["p2"]["center"]["mods"]["arts"] == 10 and s["players"]["p2"]["center"]["cheer"][-1] == RED
    board = Board(s, R.cardset)
    attach_cheer(board, "p2", "center", RED)  # a second cheer this turn: [ターンに1回]
    assert board.s["players"]["p2"]["center"]["mods"]["arts"] == 10
    back = p1_main()
    back["players"]["p2"]["center"].update(card=RISU_D, attached=[RISUNERS])
    back = run(R, run(R, back, c("p1", "end_turn"), MEMO, RED), c("p2", "choose", choice="back0"))  # to another
    assert back["players"]["p2"]["center"]["mods"]["arts"] == 0


# ------------------------------------------------------------------ 「◆〈名前〉に付いていたら能力追加 このホロメンがコラボした時」

@needs_list
def test_hbp07_106_hatotauros_on_mio_may_go_to_the_deck_top_for_an_archived_holomem(R):
    """hBP07-106 ハトタウロス: 「◆〈大神ミオ〉に付いていたら能力追加このホロメンがコラボした時、このホロメンに付いている
    〈ハトタウロス〉1枚をデッキの上に戻せる:自分のアーカイブのホロメン1枚を手札に戻す。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["back"][0].update(card=MIO_D, attached=[HATOTAUROS])
    s["players"]["p1"]["archive"] = [YUKI_1, MEMO, MIDORI_D]
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "cost_attached_to_top" and s["pending"]["options"] == [HATOTAUROS, None]
    s = run(R, s, c("p1", "choose", choice=HATOTAUROS))
    assert s["players"]["p1"]["collab"]["attached"] == [] and s["zones"]["piles"]["deck/p1"]["top"][0] == HATOTAUROS
    assert s["pending"]["kind"] == "from_archive" and YUKI_1 in s["pending"]["options"] and MEMO not in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=YUKI_1))
    assert s["players"]["p1"]["hand"][-1] == YUKI_1 and s["players"]["p1"]["archive"] == [MEMO, MIDORI_D]
    declined = later_turn(p1_main())
    declined["players"]["p1"]["back"][0].update(card=MIO_D, attached=[HATOTAUROS])
    declined["players"]["p1"]["archive"] = [YUKI_1]
    declined = run(R, run(R, declined, c("p1", "collab", back="back0")), c("p1", "choose", choice=None))
    assert declined["pending"] is None and declined["players"]["p1"]["collab"]["attached"] == [HATOTAUROS]
    other = later_turn(p1_main())
    other["players"]["p1"]["back"][0].update(card=AYAME_D, attached=[HATOTAUROS])
    assert run(R, other, c("p1", "collab", back="back0"))["pending"] is None  # not on 〈大神ミオ〉


@needs_list
def test_hbp06_098_ashura_on_ayame_at_life_one_makes_the_opponent_fill_its_collab(R):
    """hBP06-098 鬼神刀「阿修羅」: 「◆〈百鬼あやめ〉に付いていたら能力追加このツールが付いているホロメンがコラボした時、
    自分のライフが1で、相手のコラボホロメンがいないなら、相手は、自身のバックホロメン1人をコラボポジションに移動
    させる（移動はコラボとしては扱わない）。」"""
    def ayame_collabs(life):
        s = later_turn(p1_main())
        s["players"]["p1"]["back"][0].update(card=AYAME_D, attached=[ASHURA])
        s["players"]["p1"]["life"] = life
        return run(R, s, c("p1", "collab", back="back0"))
    s = ayame_collabs(1)
    moved = s["players"]["p2"]["collab"]
    assert moved is not None and s["players"]["p2"]["back"] == [] and s["players"]["p2"]["holopower"] == []
    assert ayame_collabs(2)["players"]["p2"]["collab"] is None


# ------------------------------------------------------------------ looks: the opponent's hand, the deck

@needs_list
def test_hsd10_008_vivi_looks_at_the_opponents_hand_and_draws_if_it_holds_a_support(R):
    """hSD10-008 綺々羅々ヴィヴィ コラボエフェクト: 「相手の手札すべてを見る。その中にサポートカードがあるなら、自分の
    デッキを1枚引く。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["back"][0]["card"] = VIVI_1ST
    s["players"]["p2"]["hand"] = [YUKI_D, LETTER]
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "collab", back="back0"), MEMO)
    assert s["players"]["p1"]["hand"][-1] == MEMO and len(s["players"]["p1"]["hand"]) == hand + 1
    none = later_turn(p1_main())
    none["players"]["p1"]["back"][0]["card"] = VIVI_1ST
    none["players"]["p2"]["hand"] = [YUKI_D, YUKI_1]
    none = run(R, none, c("p1", "collab", back="back0"))  # no outcome given: nothing is drawn
    assert len(none["players"]["p1"]["hand"]) == hand and none["pending"] is None


@needs_list
def test_hsd10_009_vivi_looks_at_as_many_as_the_opponents_hand_and_takes_one_unseen(R):
    """hSD10-009 綺々羅々ヴィヴィ コラボエフェクト「美の求道者」: 「自分のデッキの上から、相手の手札と同じ枚数を見る。
    その中から、カード1枚を手札に加える。そして残ったカードをデッキに戻してシャッフルする。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["back"][0]["card"] = VIVI_2ND
    s["players"]["p2"]["hand"] = [YUKI_D, YUKI_1]
    deck = s["zones"]["piles"]["deck/p1"]["size"]
    s = run(R, s, c("p1", "collab", back="back0"), MEMO, LETTER)
    assert s["pending"]["kind"] == "look_take_shuffle" and s["pending"]["secret"] is True
    assert s["pending"]["options"] == sorted([MEMO, LETTER])
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert s["players"]["p1"]["hand"][-1] == LETTER and s["pending"] is None
    assert s["zones"]["piles"]["deck/p1"]["size"] == deck - 2  # the collab's ホロパワー and LETTER; MEMO went back
    empty = later_turn(p1_main())
    empty["players"]["p1"]["back"][0]["card"] = VIVI_2ND
    empty["players"]["p2"]["hand"] = []
    empty = run(R, empty, c("p1", "collab", back="back0"))
    assert empty["pending"] is None and empty["zones"]["piles"]["deck/p1"]["size"] == deck - 1


@needs_list
def test_hbp08_076_choco_takes_a_cooking_holomem_and_a_food_event_of_the_three(R):
    """hBP08-076 癒月ちょこ コラボエフェクト「おいしいごはんの夢」: 「自分のデッキの上から3枚を見る。その中から、[#料理を
    持つホロメンと#食べ物を持つイベント]1枚ずつを公開し、手札に加える。そして残ったカードを好きな順でデッキの下に
    戻す。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["back"][0]["card"] = CHOCO_2ND
    board = Board(s, R.cardset)
    for card in (MEMO, GENKAI, MIO_D):  # the deck's top: MIO_D, GENKAI, MEMO (the collab's ホロパワー: a fourth card)
        board.zones.put("deck/p1", card)
    board.zones.put("deck/p1", LETTER)
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "look_slots" and set(s["pending"]["options"]) - {None} == {MIO_D, GENKAI}
    s = run(R, s, c("p1", "choose", choice=GENKAI))
    assert s["pending"]["options"] == [MIO_D, None]  # a food event taken: the cooking holomem is left
    s = run(R, s, c("p1", "choose", choice=MIO_D))
    assert s["players"]["p1"]["hand"][-2:] == [GENKAI, MIO_D] and s["zones"]["piles"]["deck/p1"]["bottom"] == [MEMO]


# ------------------------------------------------------------------ returned from the archive, then

@needs_list
def test_hbp01_074_bae_returns_a_debut_or_1st_and_hits_the_collab_if_it_is_en(R):
    """hBP01-074 ハコス・ベールズ ブルームエフェクト: 「DebutからBloomした時、自分のアーカイブの[Debutホロメンか1st
    ホロメン]1枚を手札に戻せる:戻したカードが#ENを持つ時、相手のコラボホロメンに特殊ダメージ20を与える。」"""
    def bloom(archive):
        s = later_turn(p1_main())
        s["players"]["p1"]["center"]["card"] = BAE_D
        s["players"]["p1"]["hand"].append(BAE_1ST)
        s["players"]["p1"]["archive"] = list(archive)
        s["players"]["p2"]["collab"], s["players"]["p2"]["back"] = s["players"]["p2"]["back"][0], []
        return run(R, s, c("p1", "bloom", card=BAE_1ST, target="center"))
    s = bloom([LIZ_1ST, MIO_D, MEMO])
    assert s["pending"]["kind"] == "from_archive_then" and s["pending"]["options"] == sorted([LIZ_1ST, MIO_D]) + [None]
    en = run(R, s, c("p1", "choose", choice=LIZ_1ST))
    assert en["players"]["p1"]["hand"][-1] == LIZ_1ST and en["players"]["p2"]["collab"]["damage"] == 20
    jp = run(R, s, c("p1", "choose", choice=MIO_D))  # 大神ミオ is #JP: returned, no damage
    assert jp["players"]["p1"]["hand"][-1] == MIO_D and jp["players"]["p2"]["collab"]["damage"] == 0
    none = run(R, s, c("p1", "choose", choice=None))
    assert none["players"]["p2"]["collab"]["damage"] == 0 and none["players"]["p1"]["archive"] == [LIZ_1ST, MIO_D, MEMO]


@needs_list
def test_hbp01_075_bae_puts_both_hands_under_the_decks_and_each_draws_as_many(R):
    """hBP01-075 ハコス・ベールズ コラボエフェクト: 「お互い、手札すべてを好きな順でデッキの下に戻す。次に、お互い、
    デッキに戻したカード1枚につき、それぞれのデッキを1枚引く。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["back"][0]["card"] = BAE_2ND
    s["players"]["p1"]["hand"] = [MEMO, LETTER]
    s["players"]["p2"]["hand"] = [YUKI_D]
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "to_bottom" and s["pending"]["seat"] == "p1" and s["pending"]["secret"] is True
    assert s["pending"]["options"] == sorted([MEMO, LETTER]) and s["players"]["p1"]["hand"] == []
    s = run(R, s, c("p1", "choose", choice=LETTER), MIC, YUKI_1, AKARI_D)
    assert s["zones"]["piles"]["deck/p1"]["bottom"][-2:] == [LETTER, MEMO]
    assert s["zones"]["piles"]["deck/p2"]["bottom"][-1:] == [YUKI_D]
    assert sorted(s["players"]["p1"]["hand"]) == sorted([MIC, YUKI_1]) and s["players"]["p2"]["hand"] == [AKARI_D]
    empty = later_turn(p1_main())
    empty["players"]["p1"]["back"][0]["card"] = BAE_2ND
    empty["players"]["p1"]["hand"], empty["players"]["p2"]["hand"] = [], []
    empty = run(R, empty, c("p1", "collab", back="back0"))  # nothing goes back, nothing is drawn
    assert empty["pending"] is None and empty["players"]["p1"]["hand"] == [] and empty["players"]["p2"]["hand"] == []


@needs_list
def test_hsd10_005_chihaya_returns_three_flow_glow_holomem_for_a_cheer(R):
    """hSD10-005 輪堂千速 コラボエフェクト: 「自分のアーカイブの#FLOW GLOWを持つホロメン1～3枚を好きな順でデッキの下に
    戻せる。ホロメン3枚をデッキに戻したなら、自分のエールデッキの上から1枚を自分のホロメンに送れる。」"""
    def chihaya(archive):
        s = later_turn(p1_main())
        s["players"]["p1"]["back"][0]["card"] = CHIHAYA_1ST
        s["players"]["p1"]["archive"] = list(archive)
        return run(R, s, c("p1", "collab", back="back0"))
    s = chihaya([RIONA_D, KANADE_D, KANADE_1ST, YUKI_D, MEMO])
    assert s["pending"]["kind"] == "archive_under" and s["pending"]["options"] == sorted([RIONA_D, KANADE_D, KANADE_1ST]) + [None]
    for card in (KANADE_1ST, RIONA_D, KANADE_D):
        s = run(R, s, c("p1", "choose", choice=card))
    assert s["zones"]["piles"]["deck/p1"]["bottom"][-3:] == [KANADE_1ST, RIONA_D, KANADE_D]
    assert s["pending"]["kind"] == "cheer_to"  # three went back: the cheer may be sent
    two = chihaya([RIONA_D, KANADE_D, KANADE_1ST])
    two = run(R, run(R, run(R, two, c("p1", "choose", choice=RIONA_D)), c("p1", "choose", choice=KANADE_D)),
              c("p1", "choose", choice=None))
    assert two["pending"] is None and two["players"]["p1"]["archive"] == [KANADE_1ST]


# ------------------------------------------------------------------ 「相手のバックホロメンがダウンした時」

@needs_list
def test_hbp05_086_cilus_on_kobo_at_the_centre_draws_when_an_opponents_back_holomem_goes_down(R):
    """hBP05-086 Cilus: 「◆〈こぼ・かなえる〉に付いていたら能力追加[センターポジション限定][ターンに1回]相手のバック
    ホロメンがダウンした時、自分のデッキを1枚引く。」: p2's hammer (hBP07-102, a 3) downs p2's own back holomem."""
    def hammer_downs_back(p1_pos, *outcomes):
        s = p2_turn(p1_main())
        s["players"]["p1"]["collab"] = {**copy.deepcopy(s["players"]["p1"]["center"]), "card": TARGET, "damage": 0}
        kobo = s["players"]["p1"]["center"] if p1_pos == "center" else s["players"]["p1"]["back"][0]
        kobo.update(card=KOBO_D, attached=[CILUS])
        s["players"]["p2"]["center"].update(card=WATAME_2ND, cheer=[R.yellow] * 3, attached=[HAMMER])
        s["players"]["p2"]["back"][0]["damage"] = R.cardset.cards[s["players"]["p2"]["back"][0]["card"]]["hp"] - 10
        return run(R, s, c("p2", "arts", holomem="center", art=0, target="collab"), 3, *outcomes)
    s = hammer_downs_back("center", MEMO, RED)  # p1 draws MEMO; p2's life cheer
    assert s["players"]["p2"]["back"] == [] and s["players"]["p1"]["hand"][-1] == MEMO
    back = hammer_downs_back("back", RED)  # at p1's back: no draw (none stated)
    assert back["players"]["p2"]["back"] == [] and back["players"]["p1"]["hand"] == p1_main()["players"]["p1"]["hand"]


# ------------------------------------------------------------------ 「相手のメインステップの間、…のHPは相手の能力で減らず」

@needs_list
def test_hbp06_097_stadium_jacket_on_a_buzz_adds_30_hp_and_keeps_it_from_damage_in_the_opponents_main_step(R):
    """hBP06-097 カワイイスタジャン: 「◆Buzzホロメンに付いていたら能力追加 ■このツールが付いているホロメンのHP+30。
    ■相手のメインステップの間、このツールが付いているホロメンのHPは相手の能力で減らず、変動しない。」 (the damage of
    an ability of p2's, dealt in its main step / its performance step)."""
    from kifu.replays.games.hocg.effects import damage

    def hit(holder, phase="main"):
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"].update(card=holder, damage=0, attached=[STADIUM_JACKET])
        s["phase"] = phase
        board = Board(s, R.cardset)
        damage(board, "p1", "center", 20, source=LETTER, special=True)
        return board
    main = hit(WATAME_BUZZ)
    assert main.s["players"]["p1"]["center"]["damage"] == 0
    assert main.max_hp(main.s["players"]["p1"]["center"]) == R.cardset.cards[WATAME_BUZZ]["hp"] + 30
    assert hit(WATAME_BUZZ, "performance").s["players"]["p1"]["center"]["damage"] == 20
    plain = hit(WATAME_D)  # not a Buzz holomem: neither
    assert plain.s["players"]["p1"]["center"]["damage"] == 20
    assert plain.max_hp(plain.s["players"]["p1"]["center"]) == R.cardset.cards[WATAME_D]["hp"]
