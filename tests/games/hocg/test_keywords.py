"""Bloom effects, collab effects and gifts (``abilities.keywords``): each shape recognised from a
real card's printed text and resolved given/when/then, citing the card and the rulebook
(対戦中の現象/Bloom, コラボ, ギフト; サイコロを振る; 山札; ホロパワー).

The cards come from ``../shared/data/hocg/card_data.json`` (never committed: skipped without
it), added to the FIXTURE set; the texts' recognition is tested without it.
"""
from __future__ import annotations

import copy

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import rawlist
from kifu.replays.games.hocg.abilities import keywords

from .helpers import with_list_cards, AKARI_1, AKARI_D, AKARI_DU, AOI_D, BLUE, GREEN, LETTER, MANAGER, MEMO, RED, REAL_LIST, WHITE, YUKI_D, YUKI_DU, c
from .test_turns import p1_main, p2_turn

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

LAMY_2, LAMY_D, YUKIMIN = "hBP04-048_RR", "hBP04-044_U", "hBP04-106_U"
MARINE_1, MARINE_2 = "hBP02-032_R", "hBP02-033_RR"
ANYA, ANCIENT = "hBP04-076_U", "hBP04-099_U"
LAPLUS_1, LAPLUS_2, LAPLUS_1B, LAPLUS_D = "hBP04-058_R", "hBP04-059_RR", "hBP04-057_U", "hBP04-055_P"
IOFI_2, IRYS_1, IRYS_2, KRONII_1 = "hBP01-055_R", "hBP01-030_U", "hBP01-031_R", "hBP01-094_U"
SUBARU_1, SUBARU_D, NERISSA_D, FLARE_D, FLARE_2 = "hBP04-070_U", "hBP04-068_U", "hBP05-058_C", "hBP05-064_C", \
    "hSD07-009_RR"
LUI_2, POLKA_2, ZAIN, CHLOE_1 = "hBP01-061_R", "hBP05-034_RR", "hBP01-126_C", "hBP02-038_U"
FUBUKI_1, FUBUKI_2, CHOCO_D, KANAERU_1, SORA_2 = "hBP02-012_R", "hBP02-013_RR", "hSD04-003_C", "hBP01-086_U", \
    "hBP08-018_RR"
NOEL_D, OKAYU_BUZZ, KANATA_2, IROHA_1, RADEN_1, MOCOCO = ("hBP05-008_U", "hBP02-041_RR", "hSD08-004_RR",
                                                          "hBP01-050_P", "hBP04-024_R", "hBP03-039_R")
PEKORA_1 = "hBP01-041_U"
WATAME_2, ANYA_1, ANYA_2, FLARE_66, FLARE_67, ZETA, CHOCO_BUZZ, PEKORA_2, CALLI_2 = (
    "hBP03-072_RR", "hBP04-077_R", "hBP04-078_RR", "hBP05-066_R", "hBP05-067_RR", "hBP01-027_RR", "hBP02-060_R",
    "hBP05-016_RR", "hBP02-059_RR")
RISU_2, MIO_1, SHION_1, WATAME_1, NERISSA_1, MOONA_2, FUBUKI_D, BIJOU_2, AKI_2, IOFI_1, CHIHAYA_D, KIARA_1, LAPLUS_C, \
    MATSURI_2, KANADE_2, IROHA_2, CHIHAYA_1, FUBUKI_B, AYAME_2, MATSURI_D = (
        "hBP03-078_RR", "hBP02-026_S", "hBP04-060_R", "hBP07-012_R", "hBP07-076_R", "hBP06-053_RR", "hBP05-068_C",
        "hBP04-066_RR", "hBP05-027_RR", "hBP07-031_R", "hBP07-032_C", "hBP03-036_P", "hBP07-073_R", "hBP06-077_RR",
        "hBP08-082_U", "hBP07-030_R", "hBP07-033_S", "hBP05-069_S", "hBP06-039_P", "hBP06-072_C")
BIBOO_2, IROHA_24, SUISEI_D, AZKI_D, TOWA_D, HAACHAMA_1, IRYS_B, RADEN_G, IRYS_G, CALLI_G, KRONII_C, MIKO_D, LUI_C, \
    LAOURA_D, CECILIA_1, KANADE_1 = (
        "hBP07-090_RR", "hBP03-024_RR", "hSD07-013_U", "hBP07-063_C", "hSD08-006_C", "hBP03-033_S", "hBP08-014_RR",
        "hSD15-008_R", "hBP08-013_U", "hSD18-007_U", "hBP07-052_C", "hSD16-004_C", "hBP08-066_U", "hBP06-010_P",
        "hBP04-030_S", "hBP03-082_S")
CHLOE_SLOT, CHLOE_SLOT_2 = "hBP02-039_R", "hBP02-040_RR"
KANAME_1, ZETA_17, ANYA_82, SUBARU_19, CALLI_62, OKAYU_8, WATAME_13, BAE_45 = (
    "hBP08-051_R", "hBP07-017_C", "hBP06-082_R", "hSD19-005_U", "hBP04-062_P", "hSD03-008_R", "hBP07-013_S",
    "hBP07-045_R")
NENE_1, SUISEI_80, FLARE_65 = "hBP07-081_R", "hBP01-080_P", "hBP05-065_S"
AI_KOYORI, MIO_24, MIOFA = "hBP06-084_S", "hBP07-024_S", "hBP02-101_C"
KORONE_2, IRYS_12, CALLI_SPOT, RIONA_2 = "hBP03-066_RR", "hBP08-012_R", "hBP01-100_C", "hBP08-020_R"
KANADE_80, FUWAMOCO_34, INA_71 = "hBP08-080_C", "hBP08-034_C", "hBP08-071_C"
WANTED = {KANADE_80, FUWAMOCO_34, INA_71, KORONE_2, IRYS_12, CALLI_SPOT, RIONA_2, AI_KOYORI, MIO_24, MIOFA, NENE_1, SUISEI_80, FLARE_65, KANAME_1, ZETA_17, ANYA_82, SUBARU_19, CALLI_62, OKAYU_8, WATAME_13, BAE_45, CHLOE_SLOT, CHLOE_SLOT_2, BIBOO_2, IROHA_24, SUISEI_D, AZKI_D, TOWA_D, HAACHAMA_1, IRYS_B, RADEN_G, IRYS_G, CALLI_G, KRONII_C, MIKO_D,
          LUI_C, LAOURA_D, CECILIA_1, KANADE_1, RISU_2, MIO_1, SHION_1, WATAME_1, NERISSA_1, MOONA_2, FUBUKI_D, BIJOU_2, AKI_2, IOFI_1, CHIHAYA_D, KIARA_1,
          LAPLUS_C, MATSURI_2, KANADE_2, IROHA_2, CHIHAYA_1, FUBUKI_B, AYAME_2, MATSURI_D, WATAME_2, ANYA_1, ANYA_2, FLARE_66, FLARE_67, ZETA, CHOCO_BUZZ, PEKORA_2, CALLI_2, LAMY_2, LAMY_D, YUKIMIN, MARINE_1, MARINE_2, ANYA, ANCIENT, LAPLUS_1, LAPLUS_2, LAPLUS_1B, LAPLUS_D, IOFI_2,
          IRYS_1, IRYS_2, KRONII_1, SUBARU_1, SUBARU_D, NERISSA_D, FLARE_D, FLARE_2, LUI_2, POLKA_2, ZAIN, CHLOE_1,
          FUBUKI_1, FUBUKI_2, CHOCO_D, KANAERU_1, SORA_2, NOEL_D, OKAYU_BUZZ, KANATA_2, IROHA_1, RADEN_1, MOCOCO,
          PEKORA_1}
#: their earlier levels (to bloom from), oshi cards and mascots
NAMES = {"一伊那尓栖", "フワワ・アビスガード", "モココ・アビスガード", "戌神ころね", "響咲リオナ", "博衣こより", "水宮枢", "ハコス・ベールズ", "森カリオペの鎌", "セシリア・イマーグリーン", "虎金妃笑虎", "AZKi", "赤井はあと", "35P", "アユンダ・リス", "大神ミオ", "紫咲シオン", "古石ビジュー", "アキ・ローゼンタール", "アイラニ・イオフィフティーン",
         "小鳥遊キアラ", "夏色まつり", "風真いろは", "輪堂千速", "ふぐ太郎", "音乃瀬奏", "百鬼あやめ", "角巻わため", "アーニャ・メルフィッサ", "癒月ちょこ", "森カリオペ", "オーロ・クロニー", "天音かなた", "雪花ラミィ", "宝鐘マリン", "ラプラス・ダークネス", "白上フブキ", "ときのそら", "鷹嶺ルイ", "尾丸ポルカ", "沙花叉クロヱ",
         "フワワ・アビスガード", "IRyS", "兎田ぺこら", "ネリッサ・レイヴンクロフト", "ぽよ余", "あん肝"}


@pytest.fixture(scope="module")
def R():
    return with_list_cards("hocg-fixture-keywords", WANTED, NAMES)


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def card_of(R, name, level=None, kind=("holomem", "buzz")):
    return next(cid for cid, x in sorted(R.cardset.cards.items())
                if x["name"] == name and x["kind"] in kind and (level is None or x["level"] == level))


def holo(card, **fields):
    return {"card": card, "stack": [], "cheer": [], "attached": [], "damage": 0, "rested": False, "since": -1,
            "mods": {"hp": 0, "arts": 0}, "face_down": False, **fields}


def p1_later():
    """p1's main phase on a later turn (Bloom, arts allowed; its holomem there since before)."""
    from .test_starters import later_turn
    return later_turn(p1_main())


def in_deck(s, seat, card, n=1):
    """A given state: ``n`` more of ``card`` in ``seat``'s deck (its unseen part)."""
    p = s["zones"]["piles"][f"deck/{seat}"]
    p["unseen"] = dict(sorted({**p["unseen"], card: p["unseen"].get(card, 0) + n}.items()))
    p["size"] += n
    return s


def bloom(R, s, card, target="center", seat="p1", *outcomes):
    """``card`` blooms onto ``seat``'s holomem at ``target`` (made its earlier level first)."""
    level = {"1st": "debut", "2nd": "1st"}[R.cardset.cards[card]["level"]]
    h = s["players"][seat][target] if target in ("center", "collab") else s["players"][seat]["back"][int(target[4:])]
    h["card"], h["since"] = card_of(R, R.cardset.cards[card]["name"], level), -1
    s["players"][seat]["hand"].append(card)
    return run(R, s, c(seat, "bloom", card=card, target=target), *outcomes)


def collab(R, s, card, seat="p1", *outcomes):
    """``seat``'s back0 holomem made ``card``, then it collabs (the deck top to ホロパワー, unseen)."""
    s["players"][seat]["back"][0]["card"] = card
    return run(R, s, c(seat, "collab", back="back0"), *outcomes)


# ------------------------------------------------------------------ recognition

@pytest.mark.parametrize("text, effect, params", [
    # hBP04-048 雪花ラミィ ブルームエフェクト
    ("自分のエールデッキの上から1枚を、自分の〈雪民〉が付いている〈雪花ラミィ〉に送る。", "cheer_to_holomem",
     {"holder": {"attached_name": "雪民", "names": ["雪花ラミィ"]}}),
    # hBP01-041 兎田ぺこら ブルームエフェクト
    ("自分のエールデッキの上から1枚を、自分のセンターホロメンかコラボホロメンに送る。", "cheer_to_holomem",
     {"holder": {"pos": ["center", "collab"]}}),
    # hBP02-032 宝鐘マリン ブルームエフェクト「宝鐘の海賊団」
    ("自分のデッキから、〈宝鐘マリン〉1枚を公開し、手札に加える。そしてデッキをシャッフルする。自分のブルームエフェクト"
     "「宝鐘の海賊団」はターンに1回しか使えない。", "once_per_turn",
     {"kind": "bloom", "name": "宝鐘の海賊団",
      "then": {"effect": "search_deck", "params": {"filter": {"names": ["宝鐘マリン"]}}}}),
    # hBP05-060 ネリッサ・レイヴンクロフト ブルームエフェクト
    ("自分のデッキから、[〈ネリッサ・レイヴンクロフトの杖〉か〈Jailbird〉]1枚を公開し、手札に加える。そしてデッキをシャッフル"
     "する。", "search_deck", {"filter": {"names": ["ネリッサ・レイヴンクロフトの杖", "Jailbird"]}}),
    # hBP02-016 宝鐘マリン ブルームエフェクト (its search)
    ("DebutからBloomした時、自分のデッキから、#3期生を持つ[Debutホロメンか1stホロメンかSpotホロメン]1枚を公開し、手札に加え"
     "る。そしてデッキをシャッフルする。", "if_bloomed_from",
     {"level": "debut", "then": {"effect": "search_deck", "params": {
         "filter": {"tag": "3期生", "holomem": True, "levels": ["debut", "1st", "spot"]}}}}),
    # hBP04-044 雪花ラミィ コラボエフェクト
    ("自分の〈雪民〉が付いている〈雪花ラミィ〉がいない時、自分のデッキから、〈雪民〉1枚を公開し、自分の〈雪花ラミィ〉に付ける。"
     "そしてデッキをシャッフルする。", "if_holds",
     {"test": "holder", "holder": {"attached_name": "雪民", "names": ["雪花ラミィ"]}, "exists": False,
      "then": {"effect": "attach_from_deck", "params": {"filter": {"names": ["雪民"]}, "holder": {"names": ["雪花ラミィ"]}}}}),
    # hBP04-076 アーニャ・メルフィッサ コラボエフェクト
    ("自分のアーカイブの〈古代武器〉1枚を自分の〈アーニャ・メルフィッサ〉に付けられる。", "attach_from_archive",
     {"filter": {"names": ["古代武器"]}, "holder": {"names": ["アーニャ・メルフィッサ"]}, "optional": True}),
    # hBP04-058 ラプラス・ダークネス コラボエフェクト
    ("サイコロを3回振れる:相手のセンターホロメンに、奇数が出た回数1回につき、特殊ダメージ10を与える。", "roll_count",
     {"times": 3, "faces": [1, 3, 5], "optional": True,
      "then": {"effect": "special_damage", "params": {"amount": 10, "target": "center"}}}),
    # hBP03-021 獅白ぼたん ブルームエフェクト
    ("自分のアーカイブの緑エール1枚ずつを、自分の#シューターを持つバックホロメン1～2人に送れる。", "archive_cheer_each",
     {"max": 2, "holder": {"tag": "シューター", "pos": ["back"]}, "colors": ["green"]}),
    # hBP01-030 IRyS ブルームエフェクト
    ("このターンの間、自分の#Promiseを持つ[センターホロメンとコラボホロメン]のアーツ+30。", "boost_holomem",
     {"holder": {"tag": "Promise", "pos": ["center", "collab"]}, "amount": 30, "all": True}),
    # hBP03-012 姫森ルーナ ブルームエフェクト
    ("このターンの間、自分のファンが付いているホロメン1人のアーツ+20。", "boost_holomem",
     {"holder": {"attached_kind": "fan"}, "amount": 20}),
    # hBP04-070 大空スバル コラボエフェクト
    ("自分のホロメン1人を選ぶ。このターンの間、選んだホロメンのエール1枚につき、選んだホロメンのアーツ+10。ただし、数える枚数は"
     "3枚まで。", "boost_per_cheer", {"amount": 10, "cap": 3}),
    # hBP05-064 不知火フレア コラボエフェクト
    ("自分が後攻で最初のターンなら、自分のデッキから、異なるカード名のDebutホロメン2枚を公開し、手札に加える。そしてデッキを"
     "シャッフルする。", "if_state", {"test": "second_first_turn", "then": {"effect": "search_deck_n", "params": {
         "count": 2, "filter": {"holomem": True, "level": "debut"}, "distinct": True}}}),
    # hBP05-058 ネリッサ・レイヴンクロフト コラボエフェクト
    ("自分が後攻で最初のターンで、自分の推しホロメンが〈ネリッサ・レイヴンクロフト〉なら、自分のデッキの上から1枚をホロパワーに"
     "する。", "if_state", {"test": "second_first_turn", "then": {"effect": "if_oshi", "params": {
         "name": "ネリッサ・レイヴンクロフト", "then": {"effect": "to_holopower", "params": {"count": 1}}}}}),
    # hSD04-007 紫咲シオン ブルームエフェクト
    ("自分のアーカイブのLIMITED以外のイベント1枚を手札に戻せる。", "from_archive",
     {"optional": True, "filter": {"support": "event", "limited": False}}),
    # hBP01-061 鷹嶺ルイ ブルームエフェクト
    ("自分のアーカイブの#秘密結社holoXを持つホロメン1～2枚を手札に戻せる。", "from_archive_n",
     {"max": 2, "filter": {"tag": "秘密結社holoX", "holomem": True}}),
    # hBP02-038 沙花叉クロヱ ブルームエフェクト
    ("自分のエールデッキの上から3枚を見る。その中から、エール1枚を公開し、自分のホロメンに送る。そして残ったエールを好きな順で"
     "エールデッキの下に戻す。", "look_cheer_top", {"count": 3}),
    # hBP02-012 白上フブキ ブルームエフェクト
    ("自分のステージのマスコット1枚を、自分のホロメンに付け替えられる。", "move_mascot", {}),
    # hBP01-031 IRyS コラボエフェクト
    ("自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分のデッキの上から1枚をホロパワーにする。",
     "holopower_refill", {}),
    # hBP01-094 オーロ・クロニー ブルームエフェクト
    ("自分のエールデッキから、自分の#Promiseを持つホロメン1人と同色のエール1枚を公開し、自分の#Promiseを持つホロメンに送る。"
     "そしてエールデッキをシャッフルする。", "cheer_search_like", {"tag": "Promise"}),
    # hBP02-023 ハコス・ベールズ ブルームエフェクト
    ("自分のエールデッキから、エール1枚を公開し、自分のホロメンに送る。そしてエールデッキをシャッフルする。", "cheer_search",
     {"colors": ["white", "green", "red", "blue", "purple", "yellow"], "to": "choose"}),
    # hSD04-003 癒月ちょこ コラボエフェクト
    ("自分の推しホロメンの色が紫の時、自分のデッキを1枚引く。", "if_holds",
     {"test": "oshi_color", "color": "purple", "then": {"effect": "draw", "params": {"count": 1}}}),
    # hBP01-086 こぼ・かなえる ブルームエフェクト
    ("自分の#IDを持つホロメンのエール1枚をアーカイブできる:相手のバックホロメン全員に特殊ダメージ10を与える（ダウンしても相手の"
     "ライフは減らない）。", "cost_holo_cheer",
     {"holder": {"tag": "ID"}, "then": {"effect": "special_damage",
                                        "params": {"amount": 10, "target": "all_back", "no_life": True}}}),
    # hBP08-018 ときのそら ブルームエフェクト
    ("[センターポジション・コラボポジション限定]自分のデッキを2枚引く。", "at_pos",
     {"pos": ["center", "collab"], "then": {"effect": "draw", "params": {"count": 2}}}),
    # hBP04-055 ラプラス・ダークネス コラボエフェクト (the P printing's full-width colon)
    ("サイコロを1回振れる：3以上の時、相手のバックホロメン1人をお休みさせる。", "roll_then",
     {"optional": True, "branches": [{"faces": [3, 4, 5, 6], "then": {"effect": "rest_opp_back", "params": {}}}]}),
    # hBP04-057 ラプラス・ダークネス ブルームエフェクト
    ("サイコロを1回振れる:奇数の時、自分のアーカイブの#秘密結社holoXを持つホロメン1枚を手札に戻す。偶数の時、自分のアーカイブの"
     "#秘密結社holoXを持つホロメン1枚をデッキの上に戻す。", "roll_then",
     {"optional": True, "branches": [
         {"faces": [1, 3, 5], "then": {"effect": "from_archive", "params": {
             "optional": False, "filter": {"tag": "秘密結社holoX", "holomem": True}}}},
         {"faces": [2, 4, 6], "then": {"effect": "archive_to_deck_top", "params": {
             "filter": {"tag": "秘密結社holoX", "holomem": True}}}}]}),
    # gifts: hBP04-068 大空スバル, hSD07-009 不知火フレア (as the arts family's position wrapper may read it too)
    ("[センターポジション・コラボポジション限定]このホロメンが相手の1stホロメンから受けるダメージ-20。", "damage_cut",
     {"amount": 20, "whom": [{"self": True}], "at": ["center", "collab"], "from_level": "1st"}),
    # hBP02-041 猫又おかゆ
    ("[センターポジション限定]自分のステージの〈猫又おかゆ〉全員が相手のセンターホロメンに与える特殊ダメージ+20。", "special_plus",
     {"amount": 20, "names": ["猫又おかゆ"], "at": ["center"], "target": "center"}),
    # hSD08-004 天音かなた
    ("[センターポジション限定]自分のコラボポジションの#4期生を持つDebutホロメンのアーツ+40。", "arts_gift",
     {"amount": 40, "holder": {"tag": "4期生", "level": "debut", "pos": ["collab"]}, "at": ["center"]}),
    # hBP05-010 不知火フレア, hBP01-050 風真いろは
    ("[コラボポジション限定]自分の#3期生を持つセンターホロメンがいる間、相手のホロメンのアーツは、自分のコラボホロメンしか対象に"
     "できない。ただし、特殊ダメージは除く。", "arts_target_lock", {"at": ["collab"], "center_tag": "3期生"}),
    ("[コラボポジション限定]相手のホロメンのアーツは、自分のコラボホロメンしか対象にできない（特殊ダメージは除く）。",
     "arts_target_lock", {"at": ["collab"]}),
    # hBP02-013 白上フブキ
    ("このホロメンは、異なるカード名のマスコットを2枚まで付けられる。", "two_mascots", {}),
    # hBP04-024 儒烏風亭らでん, hBP03-065 戌神ころね
    ("[センターポジション限定]相手のメインステップの間、このホロメンのHPは相手の能力で減らず、変動しない。", "hp_guard",
     {"at": ["center"], "whom": {"self": True}}),
    ("[コラボポジション限定]相手のメインステップの間、自分のセンターホロメンの〈戌神ころね〉のHPは相手の能力で減らず、変動しない。",
     "hp_guard", {"at": ["collab"], "whom": {"pos": ["center"], "names": ["戌神ころね"]}}),
    # hBP03-039 モココ・アビスガード
    ("自分のリセットステップで、自分のセンターホロメンが〈フワワ・アビスガード〉の時、このホロメンはバックポジションに移動しても"
     "お休みしない。", "no_rest", {"center": "フワワ・アビスガード"}),
])
def test_the_texts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


def test_the_once_per_turn_limit_wraps_any_familys_effect():
    """hBP02-051 アイラニ・イオフィフティーン: 「<効果>。自分のブルームエフェクト「限界化！！」はターンに1回しか使えない。」
    (the Bloom from the archive is the oshi skills family's)."""
    effect, params = rawlist.recognise("自分の#ID2期生を持つDebutホロメン1人を、自分のアーカイブのホロメンを使ってBloomできる。"
                                       "自分のブルームエフェクト「限界化！！」はターンに1回しか使えない。")
    inner = rawlist.recognise("自分の#ID2期生を持つDebutホロメン1人を、自分のアーカイブのホロメンを使ってBloomできる。")
    assert (effect, params) == ("once_per_turn", {"kind": "bloom", "name": "限界化！！",
                                                  "then": {"effect": inner[0], "params": inner[1]}})


# hBP06-065's 「1stホロメンからBloomしているこのホロメンがアーツを使った時、…特殊ダメージ50を与える。」 is ``arts_modifiers``' (after
# the art's damage, as 「使った時」 is read here): tests/games/hocg/test_arts_modifiers.py


def test_a_holder_is_read_from_its_description():
    """The own holomem a text names (「自分の<…>」)."""
    assert keywords.holder_filter("バックホロメンの〈獅白ぼたん〉") == {"pos": ["back"], "names": ["獅白ぼたん"]}
    assert keywords.holder_filter("〈アイラニ・イオフィフティーン〉以外の#IDを持つホロメン") == {
        "not_names": ["アイラニ・イオフィフティーン"], "tag": "ID"}
    assert keywords.holder_filter("ファンが付いているセンターホロメン") == {"attached_kind": "fan", "pos": ["center"]}
    assert keywords.holder_filter("他の〈博衣こより〉") == {"other": True, "names": ["博衣こより"]}
    assert keywords.holder_filter("推しホロメン") is None


# ------------------------------------------------------------------ bloom effects (対戦中の現象/Bloom)

@needs_list
def test_hbp04_048_sends_the_cheer_to_the_lamy_with_a_yukimin(R):
    """hBP04-048 雪花ラミィ ブルームエフェクト: 「自分のエールデッキの上から1枚を、自分の〈雪民〉が付いている
    〈雪花ラミィ〉に送る。」 (the blooming one has none; the back one has: no question)."""
    s = p1_later()
    s["players"]["p1"]["back"][0].update(card=LAMY_D, attached=[YUKIMIN])
    s = bloom(R, s, LAMY_2, "center", "p1", GREEN)
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN] and s["players"]["p1"]["center"]["cheer"] == [WHITE]
    assert s["pending"] is None


@needs_list
def test_hbp01_041_sends_to_the_centre_or_the_collab(R):
    """hBP01-041 兎田ぺこら ブルームエフェクト: 「…自分のセンターホロメンかコラボホロメンに送る。」 (not the back)."""
    s = p1_later()
    s["players"]["p1"]["collab"] = holo(YUKI_D)
    s = bloom(R, s, PEKORA_1, "center", "p1", GREEN)
    assert s["pending"]["kind"] == "cheer_to_holomem" and s["pending"]["options"] == ["center", "collab"]
    s = run(R, s, c("p1", "choose", choice="collab"))
    assert s["players"]["p1"]["collab"]["cheer"] == [GREEN]


@needs_list
def test_hbp02_032_searches_once_per_turn_by_its_name(R):
    """hBP02-032 宝鐘マリン: 「自分のデッキから、〈宝鐘マリン〉1枚を公開し、手札に加える。…自分のブルームエフェクト
    「宝鐘の海賊団」はターンに1回しか使えない。」: a second Bloom of the same card this turn finds nothing."""
    s = in_deck(p1_later(), "p1", MARINE_2)
    s["players"]["p1"]["back"][0]["card"] = YUKI_D
    s = bloom(R, s, MARINE_1, "center")
    assert s["pending"]["kind"] == "search_deck" and s["pending"]["options"] == [MARINE_2, None]
    s = run(R, s, c("p1", "choose", choice=MARINE_2))
    assert MARINE_2 in s["players"]["p1"]["hand"]
    again = bloom(R, s, MARINE_1, "back0")
    assert again["pending"] is None
    assert {"kind": "once_per_turn", "seat": "p1", "card": MARINE_1, "ability": "宝鐘の海賊団"} in again["events"]


@needs_list
def test_hbp04_059_pays_a_hand_card_to_roll_three_times_and_draws_per_odd_roll(R):
    """hBP04-059 ラプラス・ダークネス: 「自分の手札1枚をアーカイブすることで、サイコロを3回振れる:奇数が出た回数
    1回につき、自分のデッキを1枚引く。」 (サイコロを振る: each roll a chance event; the card paid may be declined).
    As this family reads it (the oshi skills family's 「…することで、」 is tried first today), given as its frame."""
    from kifu.replays.games.hocg.effects import EFFECTS
    made = family_reading("自分の手札1枚をアーカイブすることで、サイコロを3回振れる:奇数が出た回数1回につき、自分のデッキを1枚引く。")
    assert made == ("cost_hand", {"filter": {}, "then": {"effect": "roll_count", "params": {
        "times": 3, "faces": [1, 3, 5], "then": {"effect": "draw", "params": {"count": 1}}}}})
    s = copy.deepcopy(p1_later())
    s["players"]["p1"]["center"]["card"] = LAPLUS_2
    s["stack"] = [{"effect": made[0], "seat": "p1", "card": LAPLUS_2, "origin": "bloom", "stage": 0, "pos": "center",
                   "params": made[1]}]
    EFFECTS.resolve(R.context(s, R.cardset))
    assert s["pending"]["kind"] == "cost_hand" and s["pending"]["options"][-1] is None
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "choose", choice=LETTER), 1, 2, 5, MEMO, MEMO)
    assert LETTER in s["players"]["p1"]["archive"]
    assert [e["face"] for e in s["events"] if e["kind"] == "roll"] == [1, 2, 5]
    assert len(s["players"]["p1"]["hand"]) == hand - 1 + 2


def family_reading(text):
    """``text`` as this family's own shapes read it (``keywords.TEXTS``, parts through every family)."""
    body = rawlist.re.sub(r"\s+", "", text)
    for pattern, make in keywords.TEXTS.entries:
        m = pattern.fullmatch(body)
        if m and (made := make(m, rawlist._spec)) is not None:
            return made
    return None


@needs_list
def test_hbp01_061_returns_up_to_two_holox_holomem(R):
    """hBP01-061 鷹嶺ルイ: 「自分のアーカイブの#秘密結社holoXを持つホロメン1～2枚を手札に戻せる。」"""
    s = p1_later()
    s["players"]["p1"]["archive"] += [LAPLUS_D, LAPLUS_1, YUKI_D]
    s = bloom(R, s, LUI_2)
    assert s["pending"]["options"] == [LAPLUS_D, LAPLUS_1, None]
    s = run(R, s, c("p1", "choose", choice=LAPLUS_D))
    s = run(R, s, c("p1", "choose", choice=LAPLUS_1))
    assert s["pending"] is None and {LAPLUS_D, LAPLUS_1} <= set(s["players"]["p1"]["hand"])
    assert s["players"]["p1"]["archive"][-1:] == [YUKI_D]


@needs_list
def test_hbp04_057_an_even_roll_puts_an_archived_holox_on_the_deck_top(R):
    """hBP04-057 ラプラス・ダークネス: 「…偶数の時、自分のアーカイブの#秘密結社holoXを持つホロメン1枚をデッキの上に
    戻す。」 (its place on top known: the next draw is it)."""
    s = p1_later()
    s["players"]["p1"]["archive"].append(LUI_2)
    s = bloom(R, s, LAPLUS_1B)
    s = run(R, s, c("p1", "choose", choice="roll"), 4)
    pile = s["zones"]["piles"]["deck/p1"]
    assert LUI_2 not in s["players"]["p1"]["archive"] and pile["top"] == [LUI_2]


@needs_list
def test_hbp05_034_archives_any_number_and_returns_a_zain_for_each(R):
    """hBP05-034 尾丸ポルカ: 「[センターポジション限定]自分の手札を好きな枚数アーカイブできる:アーカイブしたカード
    1枚につき、自分のアーカイブの〈座員〉1枚を手札に戻す。」"""
    s = p1_later()
    s["players"]["p1"]["archive"] += [ZAIN, ZAIN, ZAIN]
    s = bloom(R, s, POLKA_2)
    assert s["pending"]["kind"] == "cost_hand_n" and s["pending"]["options"][-1] is None
    s = run(R, s, c("p1", "choose", choice=LETTER))
    s = run(R, s, c("p1", "choose", choice=MEMO if MEMO in s["players"]["p1"]["hand"] else s["pending"]["options"][0]))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["hand"].count(ZAIN) == 2 and s["players"]["p1"]["archive"].count(ZAIN) == 1
    back = p1_later()  # from the back: 「[センターポジション限定]」 holds not
    back["players"]["p1"]["archive"].append(ZAIN)
    back = bloom(R, back, POLKA_2, "back0")
    assert back["pending"] is None


@needs_list
def test_hbp02_038_looks_at_three_cheer_sends_one_and_puts_the_rest_under(R):
    """hBP02-038 沙花叉クロヱ: 「自分のエールデッキの上から3枚を見る。その中から、エール1枚を公開し、自分のホロメンに
    送る。そして残ったエールを好きな順でエールデッキの下に戻す。」"""
    s = bloom(R, p1_later(), CHLOE_1, "center", "p1", WHITE, GREEN, GREEN)
    assert s["pending"]["kind"] == "look_cheer_top" and s["pending"]["options"] == [WHITE, GREEN]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    assert s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN]
    assert s["pending"]["kind"] == "cheer_to_bottom" and s["pending"]["secret"]
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["zones"]["piles"]["cheer/p1"]["bottom"] == [WHITE, GREEN]


@needs_list
def test_hbp02_012_moves_a_mascot_and_hbp02_013_holds_two(R):
    """hBP02-012 白上フブキ: 「自分のステージのマスコット1枚を、自分のホロメンに付け替えられる。」 onto hBP02-013's
    gift 「このホロメンは、異なるカード名のマスコットを2枚まで付けられる。」 (カード/mascot: one per holomem
    otherwise)."""
    poyo, ankimo = card_of(R, "ぽよ余", kind=("support",)), card_of(R, "あん肝", kind=("support",))
    s = p1_later()
    s["players"]["p1"]["back"][0]["attached"] = [poyo]
    s["players"]["p1"]["center"]["attached"] = [ankimo]
    plain = bloom(R, copy.deepcopy(s), FUBUKI_1, "center")
    assert plain["pending"] is None  # each holds a mascot: neither may go to the other
    s["players"]["p1"]["back"].append(holo(FUBUKI_2))
    s = bloom(R, s, FUBUKI_1, "center")
    assert s["pending"]["options"] == [["back0", poyo], ["center", ankimo], None]
    s = run(R, s, c("p1", "choose", choice=["back0", poyo]))
    assert s["players"]["p1"]["back"][1]["attached"] == [poyo]
    s["players"]["p1"]["hand"].append(poyo)
    with pytest.raises(RuleViolation, match="one mascot"):
        run(R, s, c("p1", "support", card=poyo, target="back1"))  # 異なるカード名


@needs_list
def test_hbp01_094_searches_a_cheer_of_a_promise_holomems_colour(R):
    """hBP01-094 オーロ・クロニー: 「自分のエールデッキから、自分の#Promiseを持つホロメン1人と同色のエール1枚を公開し、
    自分の#Promiseを持つホロメンに送る。そしてエールデッキをシャッフルする。」 (オーロ・クロニー is blue)."""
    s = p1_later()
    unseen = s["zones"]["piles"]["cheer/p1"]["unseen"]
    unseen[WHITE] -= 1
    unseen[BLUE] = 1
    s = bloom(R, s, KRONII_1)
    assert s["pending"]["kind"] == "cheer_search" and s["pending"]["options"] == [BLUE, None]
    s = run(R, s, c("p1", "choose", choice=BLUE))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, BLUE]


@needs_list
def test_hbp02_033_hits_only_with_three_holomem_stacked(R):
    """hBP02-033 宝鐘マリン: 「…その後、このホロメンに重なっているホロメンが3枚以上の時、相手のセンターホロメンか
    コラボホロメンに特殊ダメージ50を与える。」 (one stacked under a fresh 2nd: no damage)."""
    s = bloom(R, p1_later(), MARINE_2)
    assert s["pending"] is None and s["players"]["p2"]["center"]["damage"] == 0
    s = p1_later()
    s["players"]["p1"]["archive"].append(YUKI_D)
    s["players"]["p1"]["center"]["stack"] = [YUKI_D, YUKI_D]
    s = bloom(R, s, MARINE_2)
    s = run(R, s, c("p1", "choose", choice=None))  # 戻せる: none
    assert s["players"]["p2"]["center"]["damage"] == 50


@needs_list
def test_hbp08_018_draws_only_from_the_centre_or_collab(R):
    """hBP08-018 ときのそら: 「[センターポジション・コラボポジション限定]自分のデッキを2枚引く。」"""
    s = bloom(R, p1_later(), SORA_2, "center", "p1", MEMO, MEMO)
    assert s["players"]["p1"]["hand"].count(MEMO) >= 2
    back = bloom(R, p1_later(), SORA_2, "back0")
    assert not [e for e in back["events"] if e["kind"] == "draw"]


# ------------------------------------------------------------------ collab effects (対戦中の現象/コラボ)

@needs_list
def test_hbp04_044_attaches_a_yukimin_from_the_deck_when_no_lamy_has_one(R):
    """hBP04-044 雪花ラミィ: 「自分の〈雪民〉が付いている〈雪花ラミィ〉がいない時、自分のデッキから、〈雪民〉1枚を公開し、
    自分の〈雪花ラミィ〉に付ける。そしてデッキをシャッフルする。」"""
    s = in_deck(p1_later(), "p1", YUKIMIN)
    s = collab(R, s, LAMY_D)
    assert s["pending"]["kind"] == "attach_from_deck" and s["pending"]["options"] == [YUKIMIN, None]
    s = run(R, s, c("p1", "choose", choice=YUKIMIN))
    assert s["players"]["p1"]["collab"]["attached"] == [YUKIMIN]
    assert YUKIMIN not in s["zones"]["piles"]["deck/p1"]["unseen"]


@needs_list
def test_hbp04_076_may_attach_an_archived_ancient_weapon_to_anya(R):
    """hBP04-076 アーニャ・メルフィッサ: 「自分のアーカイブの〈古代武器〉1枚を自分の〈アーニャ・メルフィッサ〉に付けられる。」"""
    s = p1_later()
    s["players"]["p1"]["archive"].append(ANCIENT)
    s = collab(R, s, ANYA)
    assert s["pending"]["options"] == [ANCIENT, None]
    s = run(R, s, c("p1", "choose", choice=ANCIENT))  # one 〈アーニャ・メルフィッサ〉: no question
    assert s["players"]["p1"]["collab"]["attached"] == [ANCIENT] and ANCIENT not in s["players"]["p1"]["archive"]


@needs_list
def test_hbp04_058_rolls_three_times_and_hits_10_per_odd_roll(R):
    """hBP04-058 ラプラス・ダークネス: 「サイコロを3回振れる:相手のセンターホロメンに、奇数が出た回数1回につき、特殊
    ダメージ10を与える。」"""
    s = collab(R, p1_later(), LAPLUS_1)
    assert s["pending"]["options"] == ["roll", "skip"]
    s = run(R, s, c("p1", "choose", choice="roll"), 3, 5, 6)
    assert s["players"]["p2"]["center"]["damage"] == 20


@needs_list
def test_hbp01_055_sends_archived_cheer_to_up_to_three_id_holomem(R):
    """hBP01-055 アイラニ・イオフィフティーン: 「自分のアーカイブのエール1枚ずつを、自分の#IDを持つホロメン1～3人に送れる。」"""
    s = p1_later()
    s["players"]["p1"]["center"]["card"] = ANYA
    s["players"]["p1"]["archive"] += [GREEN, WHITE]
    s = collab(R, s, IOFI_2)
    assert s["pending"]["options"] == ["center", "collab", None]
    s = run(R, s, c("p1", "choose", choice="collab"))
    s = run(R, s, c("p1", "choose", choice=GREEN))
    assert s["pending"]["options"] == ["center", None]  # each holomem once
    s = run(R, s, c("p1", "choose", choice="center"))  # one cheer left: no question
    assert s["players"]["p1"]["collab"]["cheer"] == [GREEN] and s["players"]["p1"]["center"]["cheer"] == [WHITE, WHITE]
    assert s["pending"] is None


@needs_list
def test_hbp04_070_adds_10_per_cheer_of_the_chosen_holomem_up_to_three(R):
    """hBP04-070 大空スバル: 「自分のホロメン1人を選ぶ。このターンの間、選んだホロメンのエール1枚につき、選んだホロメンの
    アーツ+10。ただし、数える枚数は3枚まで。」 (counted as its arts damage is computed)."""
    s = collab(R, p1_later(), SUBARU_1)
    s = run(R, s, c("p1", "choose", choice="center"))
    s["players"]["p1"]["center"]["cheer"] = [WHITE, WHITE, GREEN, GREEN]  # cheer attached after the effect counts
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    art = R.cardset.cards[YUKI_D]["arts"][0]["dmg"]
    assert s["players"]["p2"]["center"]["damage"] == art + 30


@needs_list
def test_hbp05_064_the_second_players_first_turn_finds_two_debuts_of_different_names(R):
    """hBP05-064 不知火フレア: 「自分が後攻で最初のターンなら、自分のデッキから、異なるカード名のDebutホロメン2枚を公開し、
    手札に加える。そしてデッキをシャッフルする。」"""
    s = p2_turn(p1_main())
    s = collab(R, s, FLARE_D, "p2")
    assert s["pending"]["kind"] == "search_deck_n"
    first = s["pending"]["options"][0]
    s = run(R, s, c("p2", "choose", choice=first))
    assert all(R.cardset.name(o) != R.cardset.name(first) for o in s["pending"]["options"] if o)
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["pending"] is None and first in s["players"]["p2"]["hand"]


@needs_list
def test_hbp05_058_puts_the_deck_top_to_holopower_with_its_oshi(R):
    """hBP05-058 ネリッサ・レイヴンクロフト: 「自分が後攻で最初のターンで、自分の推しホロメンが〈ネリッサ・レイヴンクロフト〉
    なら、自分のデッキの上から1枚をホロパワーにする。」 (face down: ホロパワー)."""
    s = p2_turn(p1_main())
    plain = collab(R, copy.deepcopy(s), NERISSA_D, "p2")
    assert len(plain["players"]["p2"]["holopower"]) == 1  # the collab's own
    s["players"]["p2"]["oshi"] = card_of(R, "ネリッサ・レイヴンクロフト", kind=("oshi",))
    s = collab(R, s, NERISSA_D, "p2")
    assert len(s["players"]["p2"]["holopower"]) == 2


@needs_list
def test_hbp01_031_takes_a_holopower_card_then_refills_from_the_deck(R):
    """hBP01-031 IRyS: 「自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分のデッキの上から1枚を
    ホロパワーにする。」"""
    s = p1_later()
    s["players"]["p1"]["holopower"] = [LETTER]
    s = collab(R, s, IRYS_2, "p1", MEMO)  # the collab's card, unseen until this look turns it up
    assert s["pending"]["kind"] == "holopower_refill" and s["pending"]["options"] == [LETTER, MEMO]
    taken = MEMO
    s = run(R, s, c("p1", "choose", choice=taken))
    assert taken in s["players"]["p1"]["hand"] and len(s["players"]["p1"]["holopower"]) == 2


@needs_list
def test_hsd04_003_draws_with_a_purple_oshi(R):
    """hSD04-003 癒月ちょこ: 「自分の推しホロメンの色が紫の時、自分のデッキを1枚引く。」 (雪見ユキ is white)."""
    s = collab(R, p1_later(), CHOCO_D)
    assert not [e for e in s["events"] if e["kind"] == "draw"]


@needs_list
def test_hbp04_055_a_roll_of_three_or_more_rests_an_opposing_back(R):
    """hBP04-055 ラプラス・ダークネス: 「サイコロを1回振れる：3以上の時、相手のバックホロメン1人をお休みさせる。」"""
    s = collab(R, p1_later(), LAPLUS_D)
    s = run(R, s, c("p1", "choose", choice="roll"), 3)
    assert s["players"]["p2"]["back"][0]["rested"]


# ------------------------------------------------------------------ gifts (対戦中の現象/ギフト)

def _attack(R, s, attacker, target_card, pos="center"):
    """p2 attacks p1's centre (``target_card``) with ``attacker`` (art 0, any cheer)."""
    s["players"]["p1"]["center"]["card"] = target_card
    s["players"]["p2"][pos] = holo(attacker, cheer=[WHITE, GREEN, RED, BLUE, RED, BLUE])
    return run(R, s, c("p2", "arts", holomem=pos, art=0, target="center"))


@needs_list
def test_hsd07_009_takes_10_less_only_at_the_centre(R):
    """hSD07-009 不知火フレア: 「[センターポジション限定]このホロメンが受けるダメージ-10。」"""
    s = _attack(R, p2_turn(p1_main()), AKARI_D, FLARE_2)
    art = R.cardset.cards[AKARI_D]["arts"][0]["dmg"]
    assert s["players"]["p1"]["center"]["damage"] == art - 10


@needs_list
def test_hbp04_068_takes_20_less_only_from_a_1st_holomem(R):
    """hBP04-068 大空スバル: 「[センターポジション・コラボポジション限定]このホロメンが相手の1stホロメンから受けるダメージ-20。」"""
    debut = _attack(R, p2_turn(p1_main()), AKARI_D, SUBARU_D)
    first = _attack(R, p2_turn(p1_main()), SUBARU_1, SUBARU_D)
    assert debut["players"]["p1"]["center"]["damage"] == R.cardset.cards[AKARI_D]["arts"][0]["dmg"]
    assert first["players"]["p1"]["center"]["damage"] == R.cardset.cards[SUBARU_1]["arts"][0]["dmg"] - 20


@needs_list
def test_hbp05_008_at_the_collab_shields_a_3rd_gen_debut_centre(R):
    """hBP05-008 白銀ノエル: 「[コラボポジション限定]自分の#3期生を持つDebutホロメンがセンターポジションで受けるダメージ-20。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["collab"] = holo(NOEL_D)
    s = _attack(R, s, AKARI_D, FLARE_D)  # 不知火フレア Debut #3期生
    assert s["players"]["p1"]["center"]["damage"] == R.cardset.cards[AKARI_D]["arts"][0]["dmg"] - 20


@needs_list
def test_hbp02_041_okayus_special_damage_to_the_centre_is_20_more(R):
    """hBP02-041 猫又おかゆ: 「[センターポジション限定]自分のステージの〈猫又おかゆ〉全員が相手のセンターホロメンに与える特殊
    ダメージ+20。」 (its own art's special damage, given as that frame)."""
    from kifu.replays.games.hocg.effects import EFFECTS
    s = copy.deepcopy(p1_later())
    s["players"]["p1"]["center"]["card"] = OKAYU_BUZZ
    s["stack"] = [{"effect": "special_damage", "seat": "p1", "card": OKAYU_BUZZ, "origin": "arts", "stage": 0,
                   "pos": "center", "params": {"amount": 10, "target": "center"}}]
    EFFECTS.resolve(R.context(s, R.cardset))
    assert s["players"]["p2"]["center"]["damage"] == 30


@needs_list
def test_hsd08_004_adds_40_to_a_4th_gen_debut_collabs_arts(R):
    """hSD08-004 天音かなた: 「[センターポジション限定]自分のコラボポジションの#4期生を持つDebutホロメンのアーツ+40。」"""
    s = p2_turn(p1_main())
    s["players"]["p2"]["center"] = holo(KANATA_2)
    kanata_d = card_of(R, "天音かなた", "debut") if any(x["name"] == "天音かなた" and x["level"] == "debut"
                                                     for x in R.cardset.cards.values()) else None
    if kanata_d is None:
        pytest.skip("no Debut 天音かなた in the fixture")
    s = _attack(R, s, kanata_d, LUI_2, "collab")
    assert s["players"]["p1"]["center"]["damage"] == R.cardset.cards[kanata_d]["arts"][0]["dmg"] + 40


@needs_list
def test_hbp01_050_at_the_collab_is_the_only_target_of_arts(R):
    """hBP01-050 風真いろは: 「[コラボポジション限定]相手のホロメンのアーツは、自分のコラボホロメンしか対象にできない
    （特殊ダメージは除く）。」: refused at the centre, and the legal arts name the collab only."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["collab"] = holo(IROHA_1)
    with pytest.raises(RuleViolation, match="コラボホロメンしか対象にできない"):
        run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    targets = {x["target"] for x in R.legal(s, "p2") if x["type"] == "arts"}
    assert targets == {"collab"}
    s["players"]["p1"]["back"].append(s["players"]["p1"]["collab"])
    s["players"]["p1"]["collab"] = None
    assert {x["target"] for x in R.legal(s, "p2") if x["type"] == "arts"} == {"center"}


@needs_list
def test_hbp04_024_takes_no_damage_from_abilities_in_the_opponents_main_step(R):
    """hBP04-024 儒烏風亭らでん: 「[センターポジション限定]相手のメインステップの間、このホロメンのHPは相手の能力で減らず、
    変動しない。」 (special damage in p2's main phase: none; arts later: dealt)."""
    from kifu.replays.games.hocg.effects import EFFECTS
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = RADEN_1
    s["stack"] = [{"effect": "special_damage", "seat": "p2", "card": AKARI_D, "origin": "support", "stage": 0,
                   "params": {"amount": 30, "target": "center"}}]
    EFFECTS.resolve(R.context(s, R.cardset))
    assert s["players"]["p1"]["center"]["damage"] == 0
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == R.cardset.cards[AKARI_D]["arts"][0]["dmg"]


@needs_list
def test_hbp03_039_stays_awake_moving_back_with_fuwawa_at_the_centre(R):
    """hBP03-039 モココ・アビスガード: 「自分のリセットステップで、自分のセンターホロメンが〈フワワ・アビスガード〉の時、
    このホロメンはバックポジションに移動してもお休みしない。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["collab"] = holo(MOCOCO)
    plain = run(R, copy.deepcopy(s), c("p2", "end_turn"), MEMO, WHITE)
    s["players"]["p1"]["center"]["card"] = card_of(R, "フワワ・アビスガード")
    awake = run(R, s, c("p2", "end_turn"), MEMO, WHITE)
    assert plain["players"]["p1"]["back"][-1]["rested"] and not awake["players"]["p1"]["back"][-1]["rested"]


@needs_list
def test_hbp02_060_heals_a_back_holomem_and_hits_10_per_10_healed(R):
    """hBP02-060 癒月ちょこ ブルームエフェクト: 「自分のバックホロメン1人のHP50回復できる:相手のセンターホロメンに、回復した
    ダメージ10につき、特殊ダメージ10を与える。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0]["damage"] = 30
    s = bloom(R, s, CHOCO_BUZZ)
    assert s["pending"]["options"] == ["back0", None]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 0 and s["players"]["p2"]["center"]["damage"] == 30


@needs_list
def test_hbp02_059_archives_a_card_found_in_the_deck(R):
    """hBP02-059 森カリオペ ブルームエフェクト: 「自分のデッキから、カード1枚を公開し、アーカイブする。そしてデッキをシャッフル
    する。」"""
    s = bloom(R, p1_later(), CALLI_2)
    assert s["pending"]["kind"] == "search_to_archive" and MEMO in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=MEMO))
    assert s["players"]["p1"]["archive"][-1] == MEMO and s["zones"]["piles"]["deck/p1"]["top"] == []


# ------------------------------------------------------------------ gifts read when a holomem is down (その他の現象/ダウン)

def _downed_by_p2(R, s, *outcomes):
    """p2's centre 炎堂アカリ downs p1's centre (given one damage short of its HP)."""
    center = s["players"]["p1"]["center"]
    center["damage"] = R.cardset.cards[center["card"]]["hp"] - 1
    return run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), *outcomes)


@needs_list
def test_hbp03_072_a_downed_watame_may_move_a_cheer_to_another_watame(R):
    """hBP03-072 角巻わため: 「このホロメンがダウンした時、このホロメンのエール1枚を、自分の他の〈角巻わため〉に付け替えられる。」
    (ダウン①: resolved before its life is taken)."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"].update(card=WATAME_2, cheer=[WHITE, GREEN])
    s["players"]["p1"]["back"][0]["card"] = card_of(R, "角巻わため", "debut")
    s = _downed_by_p2(R, s)
    assert s["pending"]["kind"] == "move_downed_cheer" and s["pending"]["options"] == [WHITE, GREEN, None]
    s = run(R, s, c("p1", "choose", choice=GREEN), WHITE)  # then the life card
    assert s["players"]["p1"]["center"]["cheer"] == [GREEN, WHITE]  # the back one moved up
    assert GREEN not in s["players"]["p1"]["archive"] and WATAME_2 in s["players"]["p1"]["archive"]


@needs_list
def test_hbp04_077_a_downed_anya_returns_one_of_its_cards_on_the_opponents_turn(R):
    """hBP04-077 アーニャ・メルフィッサ: 「相手のターンで、このホロメンがダウンした時、このホロメンを含め重なっているホロメンの中
    から1枚を手札に戻す。」"""
    debut = card_of(R, "アーニャ・メルフィッサ", "debut")
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"].update(card=ANYA_1, stack=[debut])
    s = _downed_by_p2(R, s)
    assert s["pending"]["kind"] == "return_downed" and s["pending"]["options"] == sorted([debut, ANYA_1])
    s = run(R, s, c("p1", "choose", choice=ANYA_1), WHITE)
    assert ANYA_1 in s["players"]["p1"]["hand"] and debut in s["players"]["p1"]["archive"]


# ------------------------------------------------------------------ gifts on arts (ターンの流れ/パフォーマンスフェイズ)

@needs_list
def test_hbp04_078_an_anya_with_an_ancient_weapon_needs_one_yellow_less(R):
    """hBP04-078 アーニャ・メルフィッサ: 「[センターポジション・コラボポジション限定]自分の〈古代武器〉が付いているセンター
    ホロメンの〈アーニャ・メルフィッサ〉のアーツに必要な黄-1。」 (黄黄◇◇ paid with 黄◇◇)."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = IRYS_2  # white: no 特攻
    s["players"]["p2"]["center"] = holo(ANYA_2, cheer=[R.yellow, RED, BLUE])
    with pytest.raises(RuleViolation, match="needs cheer"):
        run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s["players"]["p2"]["center"]["attached"] = [ANCIENT]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    # 160, and 〈古代武器〉's own 「◆1st以上の〈アーニャ・メルフィッサ〉に付いていたら能力追加 自分のステージの〈古代武器〉1枚
    # につき、このツールが付いているホロメンのアーツ+10。」 (the supports family's)
    assert s["players"]["p1"]["center"]["damage"] == 160 + 10


@needs_list
def test_hbp05_016_draws_one_for_an_odd_sum_of_its_arts_dice_two_for_even(R):
    """hBP05-016 兎田ぺこら ギフト: 「このホロメンがアーツを使った時、そのアーツでサイコロを振って出た目の合計数が奇数なら、
    自分のデッキを1枚引く。偶数なら、自分のデッキを2枚引く。」 (once the art is used: after its damage)."""
    drawn = []
    for face, outcomes in ((3, [LETTER]), (4, [LETTER, MEMO])):
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"]["card"] = IRYS_2  # white: no 特攻
        s["players"]["p2"]["center"] = holo(PEKORA_2, stack=[card_of(R, "兎田ぺこら", "1st")], cheer=[RED] * 4)
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        hand = len(s["players"]["p2"]["hand"])
        s = run(R, s, c("p2", "choose", choice="roll"), face, *outcomes)
        assert s["players"]["p1"]["center"]["damage"] == 120 + 10 * face
        drawn.append(len(s["players"]["p2"]["hand"]) - hand)
    assert drawn == [1, 2]


@needs_list
def test_hbp05_066_at_the_collab_may_trade_a_card_when_a_3rd_gen_centre_uses_an_art(R):
    """hBP05-066 不知火フレア: 「[コラボポジション限定]自分の#3期生を持つセンターホロメンがアーツを使った時、自分の手札1枚を
    アーカイブできる:自分のデッキを1枚引く。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = LUI_2
    s["players"]["p2"]["center"] = holo(FLARE_D, cheer=[R.yellow, RED])
    s["players"]["p2"]["collab"] = holo(FLARE_66)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] > 0  # the art first
    assert s["pending"]["kind"] == "cost_hand"
    s = run(R, s, c("p2", "choose", choice=MEMO), LETTER)
    assert MEMO in s["players"]["p2"]["archive"] and LETTER in s["players"]["p2"]["hand"]


@needs_list
def test_hbp05_067_may_send_two_cheer_to_a_back_flare_and_returns_a_1st_flare(R):
    """hBP05-067 不知火フレア: 「このホロメンがアーツを使った時、このホロメンのエール2枚を自分のバックホロメン1人に送れる。
    その後、自分のアーカイブの、エールを送られたホロメンと同じカード名の1stホロメン1枚を手札に戻す。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = LUI_2
    s["players"]["p2"]["center"] = holo(FLARE_67, cheer=[R.yellow, R.yellow, RED])
    s["players"]["p2"]["back"][0]["card"] = FLARE_D
    s["players"]["p2"]["archive"].append(FLARE_66)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "choose", choice="skip"))  # the art's own roll
    assert s["pending"]["kind"] == "cheer_to_back_then_return" and s["pending"]["options"] == ["back0", None]
    s = run(R, s, c("p2", "choose", choice="back0"))
    s = run(R, s, c("p2", "choose", choice=R.yellow))
    assert s["pending"]["options"] == sorted([R.yellow, RED])  # which is the second
    s = run(R, s, c("p2", "choose", choice=RED))
    assert s["players"]["p2"]["back"][0]["cheer"] == [R.yellow, RED] and s["players"]["p2"]["center"]["cheer"] == [R.yellow]
    assert FLARE_66 in s["players"]["p2"]["hand"] and FLARE_66 not in s["players"]["p2"]["archive"]


# ------------------------------------------------------------------ gifts in a damage's window (abilities.windows)

@needs_list
def test_hbp01_027_at_the_collab_may_roll_and_an_odd_roll_prevents_the_damage_once_a_turn(R):
    """hBP01-027 ベスティア・ゼータ: 「[ターンに1回][コラボポジション限定]自分のホロメンが相手からダメージを受ける時、サイコロを
    1回振れる:奇数の時、そのダメージを受けない。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["collab"] = holo(ZETA)
    s["players"]["p2"]["collab"] = holo(AKARI_D, cheer=[RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "window" and s["pending"]["seat"] == "p1" and s["pending"]["options"] == ["V.7", None]
    s = run(R, s, c("p1", "choose", choice="V.7"), 5)
    assert s["players"]["p1"]["center"]["damage"] == 0
    s = run(R, s, c("p2", "arts", holomem="collab", art=0, target="center"))  # once a turn: no window
    assert s["pending"] is None and s["players"]["p1"]["center"]["damage"] > 0


# ------------------------------------------------------------------ more of the list's shapes

@pytest.mark.parametrize("text, effect, params", [
    # hBP03-078 アユンダ・リス
    ("自分の#ID1期生を持つホロメンのエール1枚を、自分の他のホロメンに付け替えられる。", "move_cheer_kw",
     {"from": {"tag": "ID1期生"}, "to": {}, "optional": True}),
    # hBP07-051 オーロ・クロニー
    ("自分のステージのエール1枚をこのホロメン以外の自分の#Promiseを持つホロメンに付け替えられる。", "move_cheer_kw",
     {"from": {}, "to": {"other": True, "tag": "Promise"}, "optional": True}),
    # hBP02-026 大神ミオ
    ("自分のエールデッキから、自分のステージの#ゲーマーズを持つホロメン1人と同色のエール1枚を公開し、自分のホロメンに送る。"
     "そしてエールデッキをシャッフルする。", "cheer_search_to", {"like": {"tag": "ゲーマーズ"}, "holder": {}}),
    # hBP04-060 紫咲シオン
    ("相手のアーカイブのエール1枚を、相手のセンターホロメンに送れる。", "opp_archive_cheer", {"count": 1, "optional": True}),
    # hBP06-053 ムーナ・ホシノヴァ
    ("相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンに、選んだホロメンが受けているダメージと同じ数値の特殊ダメージを"
     "与える。", "special_equal", {}),
    # hBP07-031 アイラニ・イオフィフティーン
    ("自分のホロパワーの上から2枚をアーカイブできる:自分のデッキを2枚引く。", "cost_pile_top",
     {"pile": "holopower", "count": 2, "then": {"effect": "draw", "params": {"count": 2}}}),
    # hBP03-036 小鳥遊キアラ
    ("自分のデッキから、〈小鳥遊キアラ〉1～4枚を公開し、アーカイブできる。そしてデッキをシャッフルする。", "search_to_archive",
     {"filter": {"names": ["小鳥遊キアラ"]}, "max": 4}),
    # hBP07-073 ラプラス・ダークネス
    ("このターンの間、このホロメンのアーツに必要な無色-2。", "cost_less_turn", {"color": "any", "amount": 2}),
    # hBP05-069 白上フブキ, hBP06-039 百鬼あやめ, hBP06-072 夏色まつり (gifts)
    ("[バックポジション限定]このホロメンは相手からダメージを受けない。", "damage_cut",
     {"amount": None, "whom": [{"self": True}], "at": ["back"]}),
    ("[センターポジション限定]自分のコラボホロメンがいて、相手のコラボホロメンがいないなら、自分のホロメン全員は相手からアーツダメージを"
     "受けない。", "damage_cut", {"amount": None, "whom": [{}], "at": ["center"], "kind": "arts", "if_collabs": True}),
    ("このホロメンが相手の1stホロメンから受けるアーツダメージ-30。", "damage_cut",
     {"amount": 30, "whom": [{"self": True}], "from_level": "1st", "kind": "arts"}),
])
def test_more_texts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


@needs_list
def test_hbp03_078_moves_a_cheer_of_an_id1_holomem_to_another(R):
    """hBP03-078 アユンダ・リス: 「自分の#ID1期生を持つホロメンのエール1枚を、自分の他のホロメンに付け替えられる。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0].update(card=IOFI_2, cheer=[GREEN])
    s = bloom(R, s, RISU_2)
    assert s["pending"]["options"] == [["back0", GREEN], ["center", WHITE], None]  # アユンダ・リス is #ID1期生 too
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN] and s["players"]["p1"]["back"][0]["cheer"] == []


@needs_list
def test_hbp02_026_searches_a_cheer_of_a_gamers_colour(R):
    """hBP02-026 大神ミオ: 「自分のエールデッキから、自分のステージの#ゲーマーズを持つホロメン1人と同色のエール1枚を公開し、
    自分のホロメンに送る。…」 (大神ミオ is green: a green cheer, not a white one)."""
    s = bloom(R, p1_later(), MIO_1)
    assert s["pending"]["kind"] == "cheer_search_to" and s["pending"]["options"] == [GREEN, None]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN]


@needs_list
def test_hbp04_060_may_send_the_opponents_archived_cheer_to_its_centre(R):
    """hBP04-060 紫咲シオン: 「相手のアーカイブのエール1枚を、相手のセンターホロメンに送れる。」"""
    s = p1_later()
    s["players"]["p2"]["archive"].append(RED)
    s = bloom(R, s, SHION_1)
    assert s["pending"]["options"] == [RED, None]
    s = run(R, s, c("p1", "choose", choice=RED))
    assert s["players"]["p2"]["center"]["cheer"][-1] == RED and RED not in s["players"]["p2"]["archive"]


@needs_list
def test_hbp07_012_hits_then_the_opponent_draws(R):
    """hBP07-012 角巻わため: 「相手のセンターホロメンかコラボホロメンに特殊ダメージ30を与える。その後、相手は、自身のデッキを1枚
    引く。」"""
    s = p1_later()
    hand = len(s["players"]["p2"]["hand"])
    s = bloom(R, s, WATAME_1, "center", "p1", MEMO)
    assert s["players"]["p2"]["center"]["damage"] == 30 and len(s["players"]["p2"]["hand"]) == hand + 1


@needs_list
def test_hbp07_076_draws_and_puts_a_hand_card_to_holopower_with_its_oshi(R):
    """hBP07-076 ネリッサ・レイヴンクロフト: 「自分の推しホロメンが〈ネリッサ・レイヴンクロフト〉なら、自分のデッキを1枚引き、
    自分の手札1枚をホロパワーにする。」 (which card: a secret choice)."""
    s = p1_later()
    s["players"]["p1"]["oshi"] = card_of(R, "ネリッサ・レイヴンクロフト", kind=("oshi",))
    s = collab(R, s, NERISSA_1, "p1", MEMO)
    assert s["pending"]["kind"] == "holopower_put" and s["pending"]["secret"]
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert s["players"]["p1"]["holopower"][0] == LETTER and len(s["players"]["p1"]["holopower"]) == 2


@needs_list
def test_hbp06_053_hits_as_much_as_the_chosen_holomem_has_taken(R):
    """hBP06-053 ムーナ・ホシノヴァ: 「相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンに、選んだホロメンが受けている
    ダメージと同じ数値の特殊ダメージを与える。」"""
    s = p1_later()
    s["players"]["p2"]["center"]["damage"] = 30
    s = collab(R, s, MOONA_2)
    assert s["players"]["p2"]["center"]["damage"] == 60


@needs_list
def test_hbp05_068_looks_at_the_top_and_puts_it_back_top_or_bottom_in_secret(R):
    """hBP05-068 白上フブキ: 「このホロメンにマスコットが付いているなら、自分のデッキの上から1枚を見る。そのカードをデッキの上か
    下に戻す。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0]["attached"] = [card_of(R, "ぽよ余", kind=("support",))]
    s = collab(R, s, FUBUKI_D, "p1", MEMO)
    assert s["pending"]["kind"] == "peek_top" and s["pending"]["secret"] and s["pending"]["options"] == ["top", "bottom"]
    s = run(R, s, c("p1", "choose", choice="bottom"))
    assert s["zones"]["piles"]["deck/p1"]["bottom"] == [MEMO]


@needs_list
def test_hbp04_066_archives_the_whole_hand_to_draw_as_many(R):
    """hBP04-066 古石ビジュー: 「自分の手札を数えて、自分の手札すべてをアーカイブできる:アーカイブしたカード1枚につき、自分のデッキを
    1枚引く。」"""
    s = p1_later()
    n = len(s["players"]["p1"]["hand"])
    s = bloom(R, s, BIJOU_2)
    assert s["pending"]["options"] == ["archive", None]
    pool = [card for card, k in s["zones"]["piles"]["deck/p1"]["unseen"].items() for _ in range(k)]
    s = run(R, s, c("p1", "choose", choice="archive"), *pool[:n])
    assert len(s["players"]["p1"]["hand"]) == n and s["players"]["p1"]["hand"] == pool[:n]


@needs_list
def test_hbp05_027_archives_an_attached_tool_to_search(R):
    """hBP05-027 アキ・ローゼンタール: 「このホロメンに付いているツール1枚をアーカイブできる:自分のデッキから、[ホロメンかツール]1枚を
    公開し、手札に加える。…」"""
    s = p1_later()
    s["players"]["p1"]["center"]["attached"] = [ANCIENT]
    s = bloom(R, s, AKI_2)
    assert s["pending"]["options"] == [ANCIENT, None]
    s = run(R, s, c("p1", "choose", choice=ANCIENT))
    assert ANCIENT in s["players"]["p1"]["archive"] and s["pending"]["kind"] == "search_deck"


@needs_list
def test_hbp07_031_pays_two_holopower_to_draw_two(R):
    """hBP07-031 アイラニ・イオフィフティーン: 「自分のホロパワーの上から2枚をアーカイブできる:自分のデッキを2枚引く。」"""
    s = p1_later()
    s["players"]["p1"]["holopower"] = [LETTER, MEMO]
    s = bloom(R, s, IOFI_1)
    s = run(R, s, c("p1", "choose", choice="pay"), MEMO, YUKI_DU)
    assert s["players"]["p1"]["holopower"] == [] and s["players"]["p1"]["archive"][-2:] == [LETTER, MEMO]
    none = p1_later()
    none = bloom(R, none, IOFI_1)
    assert none["pending"] is None  # no two ホロパワー: no cost to pay


@needs_list
def test_hbp07_032_the_second_players_first_turn_finds_one_of_each(R):
    """hBP07-032 輪堂千速: 「自分が後攻で最初のターンなら、自分のデッキから、[1stホロメンの〈輪堂千速〉と〈ふぐ太郎〉]1枚ずつを
    公開し、手札に加える。…」"""
    s = in_deck(in_deck(p2_turn(p1_main()), "p2", CHIHAYA_1), "p2", card_of(R, "ふぐ太郎", kind=("support",)))
    s = collab(R, s, CHIHAYA_D, "p2")
    assert s["pending"]["options"] == [CHIHAYA_1, None]
    s = run(R, s, c("p2", "choose", choice=CHIHAYA_1))
    fugu = card_of(R, "ふぐ太郎", kind=("support",))
    assert s["pending"]["options"] == [fugu, None]
    s = run(R, s, c("p2", "choose", choice=fugu))
    assert {CHIHAYA_1, fugu} <= set(s["players"]["p2"]["hand"])


@needs_list
def test_hbp03_036_archives_up_to_four_kiara_from_the_deck(R):
    """hBP03-036 小鳥遊キアラ: 「自分のデッキから、〈小鳥遊キアラ〉1～4枚を公開し、アーカイブできる。…」"""
    s = in_deck(p1_later(), "p1", KIARA_1, 2)
    s = bloom(R, s, KIARA_1)
    s = run(R, s, c("p1", "choose", choice=KIARA_1))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["archive"].count(KIARA_1) == 1 and s["pending"] is None


@needs_list
def test_hbp07_073_its_arts_need_two_colourless_less_this_turn(R):
    """hBP07-073 ラプラス・ダークネス: 「このターンの間、このホロメンのアーツに必要な無色-2。」 (◇◇ paid with nothing)."""
    plain = p1_later()
    plain["players"]["p1"]["collab"] = holo(LAPLUS_C)
    with pytest.raises(RuleViolation, match="needs cheer"):
        run(R, plain, c("p1", "arts", holomem="collab", art=0, target="center"))
    s = collab(R, p1_later(), LAPLUS_C)
    s = run(R, s, c("p1", "arts", holomem="collab", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=None))  # its art's own search
    assert s["players"]["p2"]["center"]["damage"] == 30


@needs_list
def test_hbp06_077_sends_to_matsuri_only_with_a_life_not_above_the_opponents(R):
    """hBP06-077 夏色まつり: 「自分のライフが相手以下なら、自分のエールデッキの上から1枚を自分の〈夏色まつり〉に送れる。」"""
    s = p1_later()
    s["players"]["p1"]["life"] += 1
    ahead = bloom(R, s, MATSURI_2)
    assert ahead["pending"] is None
    even = bloom(R, p1_later(), MATSURI_2)
    assert even["pending"]["options"] == ["send", None]


@needs_list
def test_hbp08_082_boosts_itself_with_more_cheer_on_the_stage(R):
    """hBP08-082 音乃瀬奏: 「自分のステージのエールの枚数が相手より多いなら、このターンの間、このホロメンのアーツ+40。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0]["card"] = KANADE_2
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN]
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["players"]["p1"]["collab"]["mods"]["arts"] == 40


@needs_list
def test_hbp07_030_heals_100_blooming_from_a_buzz(R):
    """hBP07-030 風真いろは: 「BuzzホロメンからBloomした時、自分のホロメン1人のHP100回復。」"""
    s = p1_later()
    s["players"]["p1"]["center"].update(card=card_of(R, "風真いろは", "1st", kind=("buzz",)), damage=50)
    s["players"]["p1"]["hand"].append(IROHA_2)
    s = run(R, s, c("p1", "bloom", card=IROHA_2, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 0


@needs_list
def test_hbp07_033_boosts_a_flow_glow_holomem_that_bloomed_this_turn(R):
    """hBP07-033 輪堂千速: 「自分のこのターンにBloomした#FLOW GLOWを持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ
    +30。」 (itself, just bloomed)."""
    s = bloom(R, p1_later(), CHIHAYA_1)
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 30


@needs_list
def test_hbp05_069_at_the_back_takes_no_damage(R):
    """hBP05-069 白上フブキ: 「[バックポジション限定]このホロメンは相手からダメージを受けない。」"""
    from kifu.replays.games.hocg.effects import EFFECTS
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["back"][0]["card"] = FUBUKI_B
    s["stack"] = [{"effect": "special_damage", "seat": "p2", "card": AKARI_D, "origin": "support", "stage": 0,
                   "params": {"amount": 30, "target": "back"}}]
    EFFECTS.resolve(R.context(s, R.cardset))
    assert s["players"]["p1"]["back"][0]["damage"] == 0


@needs_list
def test_hbp06_039_no_arts_damage_while_only_its_side_has_a_collab(R):
    """hBP06-039 百鬼あやめ: 「[センターポジション限定]自分のコラボホロメンがいて、相手のコラボホロメンがいないなら、自分のホロメン
    全員は相手からアーツダメージを受けない。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["collab"] = holo(YUKI_D)
    s = _attack(R, s, AKARI_D, AYAME_2)
    assert s["players"]["p1"]["center"]["damage"] == 0
    s = p2_turn(p1_main())
    s = _attack(R, s, AKARI_D, AYAME_2)  # no collab of its own: dealt
    assert s["players"]["p1"]["center"]["damage"] > 0


@needs_list
def test_hbp06_072_takes_30_less_arts_damage_from_a_1st(R):
    """hBP06-072 夏色まつり: 「このホロメンが相手の1stホロメンから受けるアーツダメージ-30。」"""
    s = _attack(R, p2_turn(p1_main()), SUBARU_1, MATSURI_D)
    assert s["players"]["p1"]["center"]["damage"] == max(0, R.cardset.cards[SUBARU_1]["arts"][0]["dmg"] - 30)


@needs_list
def test_hbp07_090_may_send_two_archived_cheer_to_one_flow_glow_holomem(R):
    """hBP07-090 虎金妃笑虎: 「自分のアーカイブのエール2枚を#FLOW GLOWを持つ自分のホロメン1人に送れる。」 (both to the one
    chosen)."""
    s = p1_later()
    s["players"]["p1"]["archive"] += [GREEN, WHITE]
    s = collab(R, s, BIBOO_2)
    assert s["pending"]["options"] == ["collab", None]
    s = run(R, s, c("p1", "choose", choice="collab"))
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["players"]["p1"]["collab"]["cheer"] == [GREEN, WHITE] and s["pending"] is None


@needs_list
def test_hbp03_024_sends_one_archived_cheer_to_an_iroha_and_one_to_a_suisei(R):
    """hBP03-024 風真いろは: 「自分のアーカイブのエール1枚ずつを、自分の[〈風真いろは〉と〈星街すいせい〉]1人ずつに送れる。」 (one
    of each name: a second 〈風真いろは〉 is not offered once one got its cheer)."""
    s = p1_later()
    s["players"]["p1"]["back"][0]["card"] = card_of(R, "風真いろは", "debut")
    s["players"]["p1"]["back"].append(holo(SUISEI_D))
    s["players"]["p1"]["archive"] += [GREEN, GREEN]
    s = bloom(R, s, IROHA_24)
    assert s["pending"]["options"] == ["center", "back0", "back1", None]
    s = run(R, s, c("p1", "choose", choice="center"))
    assert s["pending"]["options"] == ["back1", None]
    s = run(R, s, c("p1", "choose", choice="back1"))
    assert s["players"]["p1"]["back"][1]["cheer"] == [GREEN] and s["pending"] is None


@needs_list
def test_hbp07_063_puts_an_opposing_cheer_under_its_cheer_deck(R):
    """hBP07-063 AZKi: 「自分が後攻で最初のターンで、自分の推しホロメンが〈AZKi〉なら、相手のステージのエール1枚をエールデッキの
    下に戻す。」"""
    s = p2_turn(p1_main())
    s["players"]["p2"]["oshi"] = card_of(R, "AZKi", kind=("oshi",))
    s = collab(R, s, AZKI_D, "p2")
    assert s["players"]["p1"]["center"]["cheer"] == [] and s["zones"]["piles"]["cheer/p1"]["bottom"] == [WHITE]


@needs_list
def test_hsd08_006_hits_20_instead_of_10_on_the_second_players_first_turn(R):
    """hSD08-006 常闇トワ: 「相手のセンターホロメンに特殊ダメージ10を与える。自分が後攻で最初のターンなら、かわりに、相手の
    センターホロメンに特殊ダメージ20を与える。」"""
    first = collab(R, p2_turn(p1_main()), TOWA_D, "p2")
    later = collab(R, p1_later(), TOWA_D)
    assert first["players"]["p1"]["center"]["damage"] == 20 and later["players"]["p2"]["center"]["damage"] == 10


@needs_list
def test_hbp03_033_hits_30_instead_of_10_a_centre_with_a_tool(R):
    """hBP03-033 赤井はあと: 「相手のセンターホロメンに特殊ダメージ10を与える。その相手のセンターホロメンにツールが付いている時、
    かわりに、相手のセンターホロメンに特殊ダメージ30を与える。」"""
    s = p1_later()
    s["players"]["p2"]["center"]["attached"] = [ANCIENT]
    s = bloom(R, s, HAACHAMA_1)
    assert s["players"]["p2"]["center"]["damage"] == 30


@needs_list
def test_hbp08_014_hits_the_collab_too_with_a_purple_cheer(R):
    """hBP08-014 IRyS: 「相手のセンターホロメンに特殊ダメージ30を与える。さらに、このホロメンに紫エールが付いているなら、相手の
    コラボホロメンに特殊ダメージ30を与える。」"""
    s = p1_later()
    s["players"]["p2"]["collab"] = holo(AKARI_D)
    s["players"]["p1"]["center"]["cheer"] = [R.purple]
    s = bloom(R, s, IRYS_B)
    assert s["players"]["p2"]["center"]["damage"] == 30 and s["players"]["p2"]["collab"]["damage"] == 30


@needs_list
def test_hsd15_008_and_hbp08_013_gifts_when_it_downs_an_opposing_holomem(R):
    """hSD15-008 儒烏風亭らでん: 「このホロメンが相手のホロメンをダウンさせた時、このホロメンのHPを20回復する。」 and hBP08-013
    IRyS: 「…ダウンさせた時、自分のデッキの上から1枚をホロパワーにする。」 (after the downed side's steps)."""
    s = p1_later()
    s["players"]["p2"]["center"]["damage"] = 1000 - 1
    s["players"]["p1"]["center"] = holo(RADEN_G, cheer=[GREEN, WHITE], damage=30)
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), BLUE)  # p2's life card
    assert s["players"]["p1"]["center"]["damage"] == 10
    s = p1_later()
    s["players"]["p2"]["center"]["damage"] = 1000 - 1
    s["players"]["p1"]["collab"] = holo(IRYS_G, cheer=[WHITE, WHITE])
    holopower = len(s["players"]["p1"]["holopower"])
    s = run(R, s, c("p1", "arts", holomem="collab", art=0, target="center"), BLUE)
    assert len(s["players"]["p1"]["holopower"]) == holopower + 1


@needs_list
def test_hsd18_007_mills_one_when_downed_on_the_opponents_turn(R):
    """hSD18-007 森カリオペ: 「相手のターンで、このホロメンがダウンした時、自分のデッキの上から1枚をアーカイブする。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = CALLI_G
    s = _downed_by_p2(R, s, MEMO, WHITE)  # the milled card, then the life
    assert MEMO in s["players"]["p1"]["archive"]


@needs_list
def test_hbp07_052_and_hsd16_004_attach_to_this_holomem(R):
    """hBP07-052 オーロ・クロニー: 「自分のアーカイブのマスコット1枚をこのホロメンに付けられる。」, hSD16-004 さくらみこ: 「自分が
    後攻で最初のターンなら、自分のデッキから〈35P〉1枚を公開し、このホロメンに付ける。…」"""
    poyo = card_of(R, "ぽよ余", kind=("support",))
    s = p1_later()
    s["players"]["p1"]["archive"].append(poyo)
    s = collab(R, s, KRONII_C)
    s = run(R, s, c("p1", "choose", choice=poyo))
    assert s["players"]["p1"]["collab"]["attached"] == [poyo]
    p35 = card_of(R, "35P", kind=("support",))
    s = in_deck(p2_turn(p1_main()), "p2", p35)
    s = collab(R, s, MIKO_D, "p2")
    s = run(R, s, c("p2", "choose", choice=p35))
    assert s["players"]["p2"]["collab"]["attached"] == [p35]


@needs_list
def test_hbp08_066_may_put_an_archived_support_on_the_deck_top(R):
    """hBP08-066 鷹嶺ルイ: 「自分のアーカイブのサポートカード1枚をデッキの上に戻せる。」"""
    s = p1_later()
    s["players"]["p1"]["archive"].append(LETTER)
    s = collab(R, s, LUI_C)
    assert s["pending"]["options"] == [LETTER, None]
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert s["zones"]["piles"]["deck/p1"]["top"] == [LETTER]


@needs_list
def test_hbp06_010_puts_a_debut_or_spot_from_the_deck_onto_the_stage(R):
    """hBP06-010 ラオーラ・パンテーラ: 「自分が後攻で最初のターンなら、自分のデッキから、[DebutホロメンかSpotホロメン]1枚を公開し、
    ステージに出す。…」"""
    s = collab(R, p2_turn(p1_main()), LAOURA_D, "p2")
    assert s["pending"]["kind"] == "search_deck"
    assert all(R.cardset.cards[o]["level"] in ("debut", "spot") for o in s["pending"]["options"][:-1])
    s = run(R, s, c("p2", "choose", choice=AKARI_D))
    assert [h["card"] for h in s["players"]["p2"]["back"]][-1] == AKARI_D


@needs_list
def test_hbp04_030_moves_up_to_two_cheer_and_hbp03_082_gathers_them_on_itself(R):
    """hBP04-030 セシリア・イマーグリーン: 「自分のステージのエール1～2枚を選び、自分のホロメンに割り振って付け替えられる。」;
    hBP03-082 音乃瀬奏: 「自分のステージのエール1～2枚を、このホロメンに付け替えられる。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN, GREEN]
    s = bloom(R, s, KANADE_1)
    assert s["pending"]["options"] == [["back0", GREEN], None]
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN, GREEN] and s["pending"] is None
    s = p1_later()
    s = bloom(R, s, CECILIA_1)
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]))  # one other holomem: no question
    assert s["players"]["p1"]["back"][0]["cheer"] == [WHITE]
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["pending"] is None


@needs_list
def test_hbp02_039_may_keep_a_support_card_its_slot_revealed(R):
    """hBP02-039 沙花叉クロヱ ギフト: 「[ターンに1回]このホロメンのアーツ「ホロックスロット」でカードを公開した時、公開したサポート
    カード1枚を、アーカイブするかわりに手札に加えられる。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = LUI_2
    s["players"]["p2"]["center"] = holo(CHLOE_SLOT, cheer=[BLUE, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "choose", choice="yes"), AKARI_D, MEMO, LETTER)
    assert s["pending"]["kind"] == "revealed_to_hand" and s["pending"]["options"] == [LETTER, MEMO, None]
    s = run(R, s, c("p2", "choose", choice=MEMO))
    assert MEMO in s["players"]["p2"]["hand"] and MEMO not in s["players"]["p2"]["archive"]
    assert s["players"]["p1"]["center"]["damage"] == 20 + 20  # one holomem revealed


@needs_list
def test_hbp02_040_three_holomem_of_one_level_take_a_life(R):
    """hBP02-040 沙花叉クロヱ ギフト: 「[ターンに1回]このホロメンのアーツ「ホロックスロット」でカードを公開した時、公開したカード3枚が
    同じBloomレベルのホロメンなら、相手のライフ-1。」"""
    lives = []
    for revealed in ((AKARI_D, AKARI_DU, AOI_D), (AKARI_D, AKARI_1, AOI_D)):
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"]["card"] = LUI_2
        s["players"]["p2"]["center"] = holo(CHLOE_SLOT_2, cheer=[BLUE, BLUE, RED])
        life = s["players"]["p1"]["life"]
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        s = run(R, s, c("p2", "choose", choice="yes"), *revealed, *([WHITE] if revealed[1] == AKARI_DU else []))
        lives.append(life - s["players"]["p1"]["life"])
    assert lives == [1, 0]


# ------------------------------------------------------------------ gifts of another holomem's moment

@needs_list
def test_hbp08_051_at_the_centre_adds_to_the_opponents_baton_cost_when_a_kaname_collabs(R):
    """hBP08-051 水宮枢 ギフト: 「[センターポジション限定]自分の〈水宮枢〉がコラボした時、相手のセンターホロメンを選ぶ。次の相手の
    ターンが終了するまで、選んだホロメンのバトンタッチに必要な無色+1。」 (itself at the centre, another 〈水宮枢〉 collabs)."""
    s = p1_later()
    s["players"]["p1"]["center"]["card"] = KANAME_1
    s = collab(R, s, KANAME_1)
    assert s["players"]["p2"]["center"]["lasting"][0]["kind"] == "baton"
    plain = collab(R, p1_later(), KANAME_1)  # the centre is 雪見ユキ: no gift
    assert "lasting" not in plain["players"]["p2"]["center"]


@needs_list
def test_hbp07_045_draws_holopower_when_the_sp_oshi_skill_is_used(R):
    """hBP07-045 ハコス・ベールズ ギフト: 「[センターポジション・コラボポジション限定]自分のSP推しスキルを使った時、自分のデッキの
    上から1枚をホロパワーにする。」 (once the skill has resolved)."""
    from kifu.replays.games.hocg.abilities import keywords as kw
    s = p1_later()
    s["players"]["p1"]["center"]["card"] = BAE_45
    t = R.context(copy.deepcopy(s), R.cardset)
    frames = kw.event_gift_frames(t, "p1", "sp", {"name": "x"})
    assert [f["params"]["then"]["effect"] for f in frames] == ["to_holopower"]
    assert kw.event_gift_frames(t, "p1", "oshi", {"name": "x"}) == []


@needs_list
def test_hbp06_082_with_an_anya_oshi_weapons_take_30_less_arts_damage(R):
    """hBP06-082 アーニャ・メルフィッサ ギフト: 「[コラボポジション限定]自分の推しホロメンが〈アーニャ・メルフィッサ〉なら、自分の
    〈古代武器〉が付いている[センターホロメンとコラボホロメン]が受けるアーツダメージ-30。」"""
    dealt = []
    for oshi in (None, card_of(R, "アーニャ・メルフィッサ", kind=("oshi",))):
        s = p2_turn(p1_main())
        s["players"]["p1"]["collab"] = holo(ANYA_82)
        s["players"]["p1"]["center"]["attached"] = [ANCIENT]
        if oshi:
            s["players"]["p1"]["oshi"] = oshi
        s = _attack(R, s, AKARI_1, LUI_2)
        dealt.append(s["players"]["p1"]["center"]["damage"])
    assert dealt[0] - dealt[1] == 30


@needs_list
def test_hsd19_005_takes_10_less_from_the_opposing_centre_only(R):
    """hSD19-005 大空スバル ギフト: 「このホロメンが相手のセンターホロメンから受けるダメージ-10。」"""
    center = _attack(R, p2_turn(p1_main()), AKARI_D, SUBARU_19)
    collab_ = _attack(R, p2_turn(p1_main()), AKARI_D, SUBARU_19, "collab")
    art = R.cardset.cards[AKARI_D]["arts"][0]["dmg"]
    assert (center["players"]["p1"]["center"]["damage"], collab_["players"]["p1"]["center"]["damage"]) == (art - 10, art)


@needs_list
def test_hbp04_062_adds_30_to_a_myth_centre_while_it_holds_calliopes_scythe(R):
    """hBP04-062 森カリオペ ギフト: 「[センターポジション・コラボポジション限定]このホロメンに〈森カリオペの鎌〉か〈Death-sensei〉が
    付いている間、自分の#Mythを持つセンターホロメンのアーツ+30。」"""
    scythe = card_of(R, "森カリオペの鎌", kind=("support",))
    dealt = []
    for attached in ([], [scythe]):
        s = p2_turn(p1_main())
        s["players"]["p2"]["collab"] = holo(CALLI_62, attached=attached)
        s = _attack(R, s, CALLI_G, IRYS_2)  # a #Myth centre
        dealt.append(s["players"]["p1"]["center"]["damage"])
    assert dealt[1] - dealt[0] == 30


@needs_list
def test_hsd03_008_adds_20_to_each_named_gamers_holomem(R):
    """hSD03-008 猫又おかゆ ギフト: 「[センターポジション限定]自分のステージの[〈鷹嶺ルイ〉と〈大神ミオ〉と〈白上フブキ〉と
    〈ラプラス・ダークネス〉と〈戌神ころね〉]全員のアーツ+20。」"""
    s = p2_turn(p1_main())
    s["players"]["p2"]["center"] = holo(OKAYU_8, cheer=[BLUE, RED])
    s["players"]["p2"]["collab"] = holo(MIO_1, cheer=[RED])  # 大神ミオ
    s["players"]["p1"]["center"]["card"] = IRYS_2
    s = run(R, s, c("p2", "arts", holomem="collab", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == R.cardset.cards[MIO_1]["arts"][0]["dmg"] + 20


@needs_list
def test_hbp07_013_draws_two_when_the_centre_holds_six_cheer(R):
    """hBP07-013 角巻わため コラボエフェクト: 「このターンの間、自分のステージの〈角巻わため〉全員のアーツ+20。その後、自分の
    センターホロメンにエールが6枚以上付いているなら、自分のデッキを2枚引く。」"""
    s = p1_later()
    s["players"]["p1"]["center"]["cheer"] = [WHITE] * 6
    hand = len(s["players"]["p1"]["hand"])
    s = collab(R, s, WATAME_13, "p1", MEMO, LETTER)
    assert len(s["players"]["p1"]["hand"]) == hand + 2 and s["players"]["p1"]["collab"]["mods"]["arts"] == 20


def test_a_done_then_is_read_as_the_cost_form():
    """hSD12-011 古石ビジュー: 「…その後、自分のステージのエール1枚をアーカイブできる。アーカイブしたなら、<効果>」 is
    「…できる:<効果>」."""
    did = rawlist.recognise("自分のステージのエール1枚をアーカイブできる。アーカイブしたなら、自分のデッキを1枚引く。")
    cost = rawlist.recognise("自分のステージのエール1枚をアーカイブできる:自分のデッキを1枚引く。")
    assert did == cost and did[0] is not None


@needs_list
def test_hbp07_081_with_four_holopower_pulls_an_opposing_back_to_the_collab(R):
    """hBP07-081 桃鈴ねね コラボエフェクト: 「自分のホロパワーが4枚以上で、相手のコラボホロメンがいないなら、相手は、自身の
    バックホロメン1人をコラボポジションに移動させる（移動はコラボとしては扱わない）。」"""
    few = collab(R, p1_later(), NENE_1)
    assert few["players"]["p2"]["collab"] is None  # one ホロパワー: the collab's own
    s = p1_later()
    s["players"]["p1"]["holopower"] = [LETTER, MEMO, LETTER]
    s = collab(R, s, NENE_1)
    assert s["players"]["p2"]["collab"] is not None and s["players"]["p2"]["back"] == []


@needs_list
def test_hbp01_080_an_odd_roll_downs_a_back_holomem_hurt_40_or_more_without_life(R):
    """hBP01-080 星街すいせい コラボエフェクト: 「サイコロを1回振れる:奇数の時、相手のHPが40以上減っているバックホロメン1人を
    ダウンさせる（ダウンしても相手のライフは減らない）。」"""
    s = p1_later()
    s["players"]["p2"]["back"][0]["damage"] = 40
    life = s["players"]["p2"]["life"]
    s = collab(R, s, SUISEI_80)
    s = run(R, s, c("p1", "choose", choice="roll"), 5)
    assert s["players"]["p2"]["back"] == [] and s["players"]["p2"]["life"] == life


@needs_list
def test_hbp05_065_at_the_collab_may_roll_to_lessen_the_damage_to_another(R):
    """hBP05-065 不知火フレア ギフト: 「[コラボポジション限定][ターンに1回]このホロメン以外の自分のホロメンが相手からダメージを受ける
    時、サイコロを1回振れる:奇数なら、そのホロメン1人が受けるダメージ-40。偶数なら、そのホロメン1人が受けるダメージ-20。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = IRYS_2
    s["players"]["p1"]["collab"] = holo(FLARE_65)
    s["players"]["p2"]["center"] = holo(SUBARU_1, cheer=[R.yellow, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "window" and s["pending"]["options"] == ["幸運の石", None]
    s = run(R, s, c("p1", "choose", choice="幸運の石"), 2)
    assert s["players"]["p1"]["center"]["damage"] == max(0, R.cardset.cards[SUBARU_1]["arts"][0]["dmg"] - 20)
    to_itself = p2_turn(p1_main())
    to_itself["players"]["p1"]["collab"] = holo(FLARE_65)
    to_itself["players"]["p2"]["center"] = holo(SUBARU_1, cheer=[R.yellow, RED])
    to_itself = run(R, to_itself, c("p2", "arts", holomem="center", art=0, target="collab"))
    assert to_itself["pending"] is None  # 「このホロメン以外の」


@needs_list
def test_hbp06_084_boosts_a_koyori_when_it_baton_touches_to_the_back(R):
    """hBP06-084 AIこより ギフト: 「このホロメンがバトンタッチしてバックポジションに移動した時、このターンの間、自分のステージの
    〈博衣こより〉1人のアーツ+20。」 (the 〈博衣こより〉 coming to the centre is the one there: no question)."""
    s = p1_later()
    s["players"]["p1"]["center"].update(card=AI_KOYORI, cheer=[WHITE])
    s["players"]["p1"]["back"][0]["card"] = card_of(R, "博衣こより", "debut")
    baton = R.cardset.cards[AI_KOYORI]["baton"]
    s = run(R, s, c("p1", "baton_touch", back="back0", cheer=[WHITE] * baton))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 20 and s["players"]["p1"]["back"][0]["card"] == AI_KOYORI


@needs_list
def test_hbp07_024_draws_when_a_miofa_is_attached_once_a_turn(R):
    """hBP07-024 大神ミオ ギフト: 「[ターンに1回]このホロメンに〈ミオファ〉が付いた時、自分のデッキを1枚引く。」"""
    s = p1_later()
    s["players"]["p1"]["center"]["card"] = MIO_24
    s["players"]["p1"]["hand"] += [MIOFA, MIOFA]
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "support", card=MIOFA, target="center"), MEMO)
    assert len(s["players"]["p1"]["hand"]) == hand  # one attached, one drawn
    s = run(R, s, c("p1", "support", card=MIOFA, target="center"))
    assert len(s["players"]["p1"]["hand"]) == hand - 1  # 「[ターンに1回]」


@pytest.mark.parametrize("text, effect, params", [
    # hBP08-049 水宮枢 (gift)
    ("[コラボポジション限定]自分の#FLOW GLOWを持つセンターホロメンがいるなら、相手のホロメンのアーツは、自分のコラボホロメンしか"
     "対象にできない。ただし、特殊ダメージは除く。", "arts_target_lock", {"at": ["collab"], "center_tag": "FLOWGLOW"}),
    # hBP08-026 セシリア・イマーグリーン
    ("自分のお休みしている#Justiceを持つホロメンが2人以上いるなら、このターンの間、このホロメンのアーツ+50。", "if_holds",
     {"test": "holder", "holder": {"rested": True, "tag": "Justice"}, "exists": True, "min": 2,
      "then": {"effect": "boost_self", "params": {"amount": 50}}}),
    # hBP08-086 不知火フレア
    ("自分のエールデッキの上から1枚を自分の[〈不知火フレア〉か#ENを持つホロメン]に送れる。", "cheer_to_holomem",
     {"holder": {"any": [{"names": ["不知火フレア"]}, {"tag": "EN"}]}, "optional": True}),
    # hBP01-100 森カリオペ
    ("自分のアーカイブのエール1～3枚をエールデッキに戻せる。そしてエールデッキをシャッフルする。", "archive_cheer_to_deck",
     {"max": 3}),
    # hBP08-020 響咲リオナ
    ("自分のデッキの上から1～2枚をアーカイブできる:アーカイブしたカード1枚につき、自分のデッキを1枚引く。", "mill_for_draws",
     {"max": 2}),
    # hBP03-066 戌神ころね (a gift: ダウン①)
    ("このホロメンがダウンした時、自分のエールデッキの上から1枚を自分の〈戌神ころね〉に送る。", "on_down",
     {"opp_turn": False, "then": {"effect": "cheer_to_holomem", "params": {"holder": {"names": ["戌神ころね"]}}}}),
])
def test_the_last_texts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


@needs_list
def test_hbp03_066_a_downed_korone_sends_a_cheer_to_another_korone(R):
    """hBP03-066 戌神ころね ギフト: 「このホロメンがダウンした時、自分のエールデッキの上から1枚を自分の〈戌神ころね〉に送る。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = KORONE_2
    s["players"]["p1"]["back"][0]["card"] = card_of(R, "戌神ころね", "debut")
    s = _downed_by_p2(R, s, GREEN, WHITE)  # the cheer deck's top, then the life
    assert s["players"]["p1"]["center"]["cheer"] == [GREEN, WHITE]  # the back 〈戌神ころね〉 moved up


@needs_list
def test_hbp08_012_puts_a_stage_cheer_under_the_cheer_deck_to_send_one_to_irys(R):
    """hBP08-012 IRyS ブルームエフェクト: 「自分のステージのエール1枚をエールデッキの下に戻せる:自分のエールデッキの上から1枚を
    自分の〈IRyS〉に送る。」"""
    s = bloom(R, p1_later(), IRYS_12)
    assert s["pending"]["options"] == [["center", WHITE], None]
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]), GREEN)
    assert s["zones"]["piles"]["cheer/p1"]["bottom"] == [WHITE] and s["players"]["p1"]["center"]["cheer"] == [GREEN]


@needs_list
def test_hbp01_100_returns_archived_cheer_to_the_cheer_deck_and_shuffles(R):
    """hBP01-100 森カリオペ コラボエフェクト: 「自分のアーカイブのエール1～3枚をエールデッキに戻せる。そしてエールデッキを
    シャッフルする。」"""
    s = p1_later()
    s["players"]["p1"]["archive"] += [GREEN, WHITE]
    size = s["zones"]["piles"]["cheer/p1"]["size"]
    s = collab(R, s, CALLI_SPOT)
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["zones"]["piles"]["cheer/p1"]["size"] == size + 1 and s["players"]["p1"]["archive"][-1:] == [WHITE]


@needs_list
def test_hbp08_020_mills_up_to_two_and_draws_as_many(R):
    """hBP08-020 響咲リオナ コラボエフェクト: 「自分のデッキの上から1～2枚をアーカイブできる:アーカイブしたカード1枚につき、自分の
    デッキを1枚引く。」"""
    s = collab(R, p1_later(), RIONA_2)
    assert s["pending"]["options"] == [1, 2, None]
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "choose", choice=2), MEMO, LETTER, MEMO, LETTER)
    assert s["players"]["p1"]["archive"][-2:] == [MEMO, LETTER] and len(s["players"]["p1"]["hand"]) == hand + 2


@needs_list
def test_hbp08_080_with_more_cheer_may_put_a_regloss_debut_from_the_deck_on_the_stage(R):
    """hBP08-080 音乃瀬奏: 「自分のステージのエールの枚数が相手より多いなら、自分のデッキから、#ReGLOSSを持つDebutホロメン1枚を
    ステージに出せる。そしてデッキをシャッフルする。」"""
    debut = card_of(R, "音乃瀬奏", "debut")
    s = in_deck(p1_later(), "p1", debut)
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN]
    s = bloom(R, s, KANADE_80)
    assert s["pending"]["options"] == [debut, None]
    s = run(R, s, c("p1", "choose", choice=debut))
    assert s["players"]["p1"]["back"][-1]["card"] == debut


@needs_list
def test_hbp08_034_puts_a_fuwawa_and_a_mococo_debut_on_the_stage(R):
    """hBP08-034 FUWAMOCO: 「自分が後攻で最初のターンなら、自分のデッキから、Debutホロメンの[〈フワワ・アビスガード〉と〈モココ・
    アビスガード〉]1枚ずつをステージに出す。そしてデッキをシャッフルする。」"""
    fuwawa, mococo = card_of(R, "フワワ・アビスガード", "debut"), card_of(R, "モココ・アビスガード", "debut")
    s = in_deck(in_deck(p2_turn(p1_main()), "p2", fuwawa), "p2", mococo)
    s = collab(R, s, FUWAMOCO_34, "p2")
    s = run(R, s, c("p2", "choose", choice=fuwawa))
    s = run(R, s, c("p2", "choose", choice=mococo))
    assert [h["card"] for h in s["players"]["p2"]["back"]][-2:] == [fuwawa, mococo]


@needs_list
def test_hbp08_071_hits_a_holomem_of_a_colour_its_oshi_has_not(R):
    """hBP08-071 一伊那尓栖 ブルームエフェクト: 「相手の推しホロメンと異なる色を持つ相手のホロメン1人に特殊ダメージ20を与える。」 (炎堂アカリ is red,
    its oshi too: only the blue 水瀬アオイ)."""
    s = p1_later()
    s["players"]["p2"]["back"][0]["card"] = AOI_D
    s = bloom(R, s, INA_71)
    assert s["players"]["p2"]["back"][0]["damage"] == 20 and s["players"]["p2"]["center"]["damage"] == 0


def test_a_stage_cheer_count_may_name_a_colour():
    """hBP08-039 フワワ・アビスガード: 「自分のステージに青エールが6枚以上あるなら、…」."""
    effect, params = rawlist.recognise("自分のステージに青エールが6枚以上あるなら、自分のデッキを1枚引く。")
    assert (effect, params["test"], params["n"], params["color"]) == ("if_holds", "stage_cheer_min", 6, "blue")


# ------------------------------------------------------------------ gifts: 「このホロメンのHP+N」 (state.HP_MODIFIERS)

WATAME_14, ZETA_16, LIZ_7, KANADE_79, RAORA_19, CHATTINO = ("hBP07-014_RR", "hBP07-016_S", "hSD13-007_P", "hBP08-079_C",
                                                            "hBP08-019_U", "hBP06-100_C")
WANTED |= {WATAME_14, ZETA_16, LIZ_7, KANADE_79, RAORA_19, CHATTINO}


@pytest.mark.parametrize("text, effect, params", [
    # hBP07-014 角巻わため ギフト「キュートセクシー」
    ("このホロメンに重なっているホロメン1枚につき、このホロメンのHP+10。", "hp_gift", {"amount": 10, "per": "stacked"}),
    # hSD13-007 エリザベス・ローズ・ブラッドフレイム ギフト「猛炎のウォークライ」
    ("このホロメンのエール1枚につき、このホロメンのHP+10。", "hp_gift", {"amount": 10, "per": "cheer"}),
    # hBP07-016 ベスティア・ゼータ ギフト「Pat the BAZO」
    ("このホロメンにマスコットが付いているなら、このホロメンのHP+30。", "hp_gift",
     {"amount": 30, "attached": {"support": "mascot", "present": True}}),
    # hBP08-079 音乃瀬奏 ギフト「黎明の歌姫」
    ("自分のステージに#ReGLOSSを持つ2ndホロメンがいるなら、このホロメンのHP+50。", "hp_gift",
     {"amount": 50, "stage": {"tag": "ReGLOSS", "level": "2nd"}}),
    # hBP08-019 ラオーラ・パンテーラ ギフト「ボナペティート -楽しい食事-」 (two parts)
    ("■このホロメンに〈Chattino〉が付いていないなら、このホロメンのアーツに必要な白-1。\n■このホロメンに〈Chattino〉が付いている"
     "なら、このホロメンのHP+30。", "gift_parts", {"parts": [
         {"effect": "arts_cost_less", "params": {"holder": {"self": True}, "color": "white", "amount": 1,
                                                 "attached": {"name": "Chattino", "present": False}}},
         {"effect": "hp_gift", "params": {"amount": 30, "attached": {"name": "Chattino", "present": True}}}]}),
    # a count needs 「1枚につき」, a condition none: left by hand
    ("このホロメンのエールがあるなら、このホロメンのHP+10。", None, {}),
])
def test_hp_gifts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


def _max_hp(R, s, seat, pos):
    t = R.context(copy.deepcopy(s), R.cardset)
    return t.max_hp(t.holo(seat, pos))


@needs_list
def test_hbp07_014_and_hsd13_007_gain_hp_per_card_under_and_per_cheer(R):
    """hBP07-014 角巻わため 「このホロメンに重なっているホロメン1枚につき、このホロメンのHP+10。」 and hSD13-007 エリザベス
    「このホロメンのエール1枚につき、このホロメンのHP+10。」 (ギフト: a constant, read where HP is: 対戦中の現象/ギフト)."""
    s = p2_turn(p1_main())
    base = R.cardset.cards[WATAME_14]["hp"]
    s["players"]["p1"]["center"] = holo(WATAME_14, stack=[card_of(R, "角巻わため", "debut"), card_of(R, "角巻わため", "1st")])
    s["players"]["p1"]["collab"] = holo(LIZ_7, cheer=[RED, RED, BLUE])
    assert _max_hp(R, s, "p1", "center") == base + 20
    assert _max_hp(R, s, "p1", "collab") == R.cardset.cards[LIZ_7]["hp"] + 30
    s["players"]["p1"]["center"]["stack"] = []  # only its own stack counts
    assert _max_hp(R, s, "p1", "center") == base


@needs_list
def test_hbp07_016_with_a_mascot_survives_what_would_down_it(R):
    """hBP07-016 ベスティア・ゼータ 「このホロメンにマスコットが付いているなら、このホロメンのHP+30。」: damage up to its HP and
    its mascot's (〈Chattino〉: HP+10) leaves it on the stage (ダウン: damage ≥ HP)."""
    art = R.cardset.cards[AKARI_D]["arts"][0]["dmg"]
    hp = R.cardset.cards[ZETA_16]["hp"]
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"] = holo(ZETA_16)
    assert _max_hp(R, s, "p1", "center") == hp
    s["players"]["p1"]["center"]["attached"] = [CHATTINO]
    assert _max_hp(R, s, "p1", "center") == hp + 10 + 30
    s["players"]["p1"]["center"]["damage"] = hp + 10 - art
    s = _attack(R, s, AKARI_D, ZETA_16)
    assert s["players"]["p1"]["center"]["card"] == ZETA_16 and s["players"]["p1"]["center"]["damage"] == hp + 10


@needs_list
def test_hbp08_079_gains_50_hp_while_a_regloss_2nd_is_on_its_stage(R):
    """hBP08-079 音乃瀬奏 「自分のステージに#ReGLOSSを持つ2ndホロメンがいるなら、このホロメンのHP+50。」 (itself a 1st)."""
    s = p2_turn(p1_main())
    base = R.cardset.cards[KANADE_79]["hp"]
    s["players"]["p1"]["collab"] = holo(KANADE_79)
    assert _max_hp(R, s, "p1", "collab") == base
    s["players"]["p2"]["center"]["card"] = KANADE_2  # the opponent's does not count
    assert _max_hp(R, s, "p1", "collab") == base
    s["players"]["p1"]["back"][0]["card"] = KANADE_2
    assert _max_hp(R, s, "p1", "collab") == base + 50


@needs_list
def test_hbp08_019_without_chattino_needs_one_white_less_with_it_30_more_hp(R):
    """hBP08-019 ラオーラ・パンテーラ 「■このホロメンに〈Chattino〉が付いていないなら、このホロメンのアーツに必要な白-1。
    ■このホロメンに〈Chattino〉が付いているなら、このホロメンのHP+30。」"""
    s = p2_turn(p1_main())
    art = R.cardset.cards[RAORA_19]["arts"][0]
    assert "white" in art["cost"]
    bare = [x for x in art["cost"]]
    bare.remove("white")
    s["players"]["p2"]["center"] = holo(RAORA_19)
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p2", "center", art["cost"]) == bare
    assert t.max_hp(t.holo("p2", "center")) == R.cardset.cards[RAORA_19]["hp"]
    s["players"]["p2"]["center"]["attached"] = [CHATTINO]
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p2", "center", art["cost"]) == art["cost"]
    assert t.max_hp(t.holo("p2", "center")) == R.cardset.cards[RAORA_19]["hp"] + 10 + 30  # the mascot's HP+10 and the gift's
    s["players"]["p2"]["collab"] = holo(RAORA_19)  # another one's gift is its own
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p2", "collab", art["cost"]) == bare


# ------------------------------------------------------------------ gifts used in the main step (the ``gift`` command)

MIKO_30, GIGI_13, NENE_80, P35, NEKKO = "hBP03-030_02_SR", "hSD13-013_P", "hBP07-080_C", "hBP03-107_U", "hBP07-110_C"
WANTED |= {MIKO_30, GIGI_13, NENE_80, P35, NEKKO}
NAMES |= {"さくらみこ", "ジジ・ムリン", "桃鈴ねね"}


@pytest.mark.parametrize("text, effect, params", [
    # hBP03-030 さくらみこ ギフト「エリートギャンブル」 (its 「振れる:」 is the use: rolled once used)
    ("[センターポジション限定][ターンに1回]自分のメインステップで、このホロメンに〈35P〉が付いている時、サイコロを1回振れる:3か5の"
     "時、このターンの間、このホロメンのアーツ+50。", "main_gift",
     {"then": {"effect": "roll_then", "params": {"optional": False, "branches": [
         {"faces": [3, 5], "then": {"effect": "boost_self", "params": {"amount": 50}}}]}},
      "once": True, "at": ["center"], "while_attached": "35P"}),
    # hSD13-013 ジジ・ムリン ギフト「再起のストレングス」
    ("[ターンに1回]自分のメインステップで、自分の〈ジジ・ムリン〉に重なっているホロメン1枚をアーカイブできる:自分のエールデッキの"
     "上から1枚をこのホロメンに送る。", "main_gift",
     {"then": {"effect": "cost_stacked", "params": {"holder": {"names": ["ジジ・ムリン"]},
                                                    "then": {"effect": "cheer_to", "params": {"to": "self"}}}},
      "once": True}),
    # hBP07-080 桃鈴ねね ギフト「オレンジアイドル！」
    ("[ターンに1回]自分の推しホロメンが〈桃鈴ねね〉なら、自分のメインステップに使える:自分のアーカイブの〈ねっ子〉1枚をこのホロメンに"
     "付ける。", "main_gift",
     {"then": {"effect": "attach_from_archive", "params": {"filter": {"names": ["ねっ子"]}, "holder": {"self": True},
                                                           "optional": False}},
      "once": True, "oshi": "桃鈴ねね"}),
])
def test_main_step_gifts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


def test_the_gift_command_is_in_the_contract():
    from kifu.replays.games.hocg.commands import COMMANDS
    schema = COMMANDS.schemas["gift"]
    assert schema.validate({"type": "gift", "seat": "p1", "holomem": "back2"}) == {}
    assert "holomem" in schema.validate({"type": "gift", "seat": "p1"})


@needs_list
def test_hbp03_030_at_the_centre_with_35p_rolls_once_a_turn_for_arts_plus_50(R):
    """hBP03-030 さくらみこ ギフト「エリートギャンブル」: 「[センターポジション限定][ターンに1回]自分のメインステップで、この
    ホロメンに〈35P〉が付いている時、サイコロを1回振れる:3か5の時、このターンの間、このホロメンのアーツ+50。」 (ギフト: used
    by choice, the ``gift`` command; サイコロ: the die is chance)."""
    s = p1_later()
    s["players"]["p1"]["center"] = holo(MIKO_30)
    with pytest.raises(RuleViolation, match="35P"):
        run(R, s, c("p1", "gift", holomem="center"))
    s["players"]["p1"]["center"]["attached"] = [P35]
    assert {"type": "gift", "seat": "p1", "holomem": "center"} in R.legal_commands(s, "p1")
    miss = run(R, s, c("p1", "gift", holomem="center"), 4)
    assert miss["players"]["p1"]["center"]["mods"]["arts"] == 0 and miss["pending"] is None
    s = run(R, s, c("p1", "gift", holomem="center"), 5)
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 50
    with pytest.raises(RuleViolation, match="ターンに1回"):
        run(R, s, c("p1", "gift", holomem="center"))
    at_collab = p1_later()
    at_collab["players"]["p1"]["collab"] = holo(MIKO_30, attached=[P35])
    with pytest.raises(RuleViolation, match="限定"):
        run(R, at_collab, c("p1", "gift", holomem="collab"))
    with pytest.raises(RuleViolation, match="no gift"):
        run(R, p1_later(), c("p1", "gift", holomem="center"))


@needs_list
def test_the_gift_command_only_in_the_main_step(R):
    """メインフェイズ: not in the opponent's turn nor in the performance step."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"] = holo(MIKO_30, attached=[P35])
    with pytest.raises(RuleViolation):
        run(R, s, c("p1", "gift", holomem="center"))


@needs_list
def test_hsd13_013_archives_a_card_under_a_gigi_for_a_cheer(R):
    """hSD13-013 ジジ・ムリン ギフト「再起のストレングス」: 「[ターンに1回]自分のメインステップで、自分の〈ジジ・ムリン〉に重なって
    いるホロメン1枚をアーカイブできる:自分のエールデッキの上から1枚をこのホロメンに送る。」"""
    s = p1_later()
    under = card_of(R, "ジジ・ムリン", "1st")
    s["players"]["p1"]["center"] = holo(GIGI_13, stack=[card_of(R, "ジジ・ムリン", "debut"), under])
    s = run(R, s, c("p1", "gift", holomem="center"))
    assert s["pending"]["kind"] == "cost_stacked"
    assert s["pending"]["options"] == [["center", x] for x in sorted({card_of(R, "ジジ・ムリン", "debut"), under})] + [None]
    s = run(R, s, c("p1", "choose", choice=["center", under]), WHITE)
    h = s["players"]["p1"]["center"]
    assert under not in h["stack"] and under in s["players"]["p1"]["archive"] and h["cheer"] == [WHITE]


@needs_list
def test_hbp07_080_with_a_nene_oshi_attaches_an_archived_nekko(R):
    """hBP07-080 桃鈴ねね ギフト「オレンジアイドル！」: 「[ターンに1回]自分の推しホロメンが〈桃鈴ねね〉なら、自分のメインステップに
    使える:自分のアーカイブの〈ねっ子〉1枚をこのホロメンに付ける。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0] = holo(NENE_80)
    s["players"]["p1"]["archive"].append(NEKKO)
    with pytest.raises(RuleViolation, match="桃鈴ねね"):
        run(R, s, c("p1", "gift", holomem="back0"))
    s["players"]["p1"]["oshi"] = card_of(R, "桃鈴ねね", kind=("oshi",))
    s = run(R, s, c("p1", "gift", holomem="back0"))
    assert s["pending"]["kind"] == "attach_from_archive" and s["pending"]["options"] == [NEKKO]
    s = run(R, s, c("p1", "choose", choice=NEKKO))
    assert s["players"]["p1"]["back"][0]["attached"] == [NEKKO] and NEKKO not in s["players"]["p1"]["archive"]


# ------------------------------------------------------------------ gifts in the "down" and "dealt" windows (abilities.windows)

FLARE_SD9, NOEL_22, KIARA_41, MIO_29, LIZ_5, FUBUKI_SD14, CECILIA_D = (
    "hSD09-007_C", "hBP07-022_R", "hBP08-041_C", "hBP07-029_RR", "hSD13-005_U", "hSD14-009_RR", "hBP04-028_C_02")
WANTED |= {FLARE_SD9, NOEL_22, KIARA_41, MIO_29, LIZ_5, FUBUKI_SD14, CECILIA_D}


@pytest.mark.parametrize("text, effect, params", [
    # hSD09-007 不知火フレア ギフト
    ("[コラボポジション限定]相手のターンで、このホロメンがダウンした時、自分のライフが相手より少ないなら、自分の減るライフ-1。",
     "window_gift", {"moment": "down", "who": {"self": True}, "reads": "subject", "at": ["collab"], "then": {
         "effect": "if_holds", "params": {"test": "life_fewer", "then": {"effect": "life_less", "params": {"amount": 1}}}}}),
    # hBP07-022 白銀ノエル ギフト
    ("[コラボポジション限定]相手のターンで、自分の#3期生を持つセンターホロメンがダウンした時、そのホロメンを含め重なっているホロメン"
     "すべてを手札に戻す。", "window_gift",
     {"moment": "down", "who": {"tag": "3期生", "pos": ["center"]}, "reads": "subject", "at": ["collab"],
      "then": {"effect": "skill_downed_to_hand", "params": {"all": True}}}),
    # hBP08-041 小鳥遊キアラ ギフト
    ("相手のターンで、このホロメンがダウンした時、このホロメンをアーカイブするかわりに手札に戻せる。", "window_gift",
     {"moment": "down", "who": {"self": True}, "reads": "subject", "optional": True,
      "then": {"effect": "downed_top_to_hand", "params": {}}}),
    # hBP05-035 さくらみこ ギフト (「…時に使える:」: asked)
    ("[センターポジション・コラボポジション限定]相手のターンで、自分の〈さくらみこ〉がダウンした時に使える:自分のデッキから、〈み俺恥〉"
     "1枚を公開し、手札に加える。そしてデッキをシャッフルする。", "window_gift",
     {"moment": "down", "who": {"names": ["さくらみこ"]}, "reads": "holder", "optional": True, "at": ["center", "collab"],
      "then": {"effect": "search_deck", "params": {"filter": {"names": ["み俺恥"]}}}}),
    # hSD13-005 エリザベス ギフト (its name's once a turn)
    ("相手のターンで、自分の#Justiceを持つホロメンがダウンした時、自分のエールデッキの上から1枚をこのホロメンに送る。自分のギフト"
     "「For Justice! -ERB-」はターンに1回しか使えない。", "window_gift",
     {"moment": "down", "who": {"tag": "Justice"}, "reads": "holder", "once_name": "ForJustice!-ERB-",
      "then": {"effect": "cheer_to", "params": {"to": "self"}}}),
    # hBP07-029 大神ミオ ギフト
    ("[ターンに1回]相手のターンで、このホロメンがダメージを受けた時、このホロメンにサポートカードが付いているなら、このホロメンのHP50"
     "回復。", "window_gift",
     {"moment": "dealt", "who": {"self": True}, "reads": "subject", "once": True, "then": {
         "effect": "if_attached", "params": {"filter": {"kind": "support"},
                                             "then": {"effect": "heal", "params": {"amount": 50, "target": "self"}}}}}),
])
def test_window_gifts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


def _downing(R, s, pos="center", card=None):
    """p2's 炎堂アカリ Debut (art 0) on p1's holomem at ``pos``, its damage set one art short of its HP."""
    h = s["players"]["p1"][pos]
    h["damage"] = R.cardset.cards[h["card"]]["hp"] - R.cardset.cards[AKARI_D]["arts"][0]["dmg"]
    s["players"]["p2"]["center"] = holo(AKARI_D, cheer=[WHITE, GREEN, RED, BLUE])
    return s


@needs_list
def test_hsd09_007_with_fewer_life_its_down_at_the_collab_takes_one_life_less(R):
    """hSD09-007 不知火フレア: 「[コラボポジション限定]相手のターンで、このホロメンがダウンした時、自分のライフが相手より少ないなら、
    自分の減るライフ-1。」 (ダウン①: before the life is taken, ③)."""
    for mine, lost in ((5, 1), (4, 0)):
        s = p2_turn(p1_main())
        s["players"]["p1"]["collab"] = holo(FLARE_SD9)
        s["players"]["p1"]["life"], s["players"]["p2"]["life"] = mine, 5
        s = _downing(R, s, "collab")
        outcomes = (WHITE,) if lost else ()
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="collab"), *outcomes)
        assert s["players"]["p1"]["collab"] is None and FLARE_SD9 in s["players"]["p1"]["archive"]
        assert s["players"]["p1"]["life"] == mine - lost


@needs_list
def test_hbp07_022_a_downed_3rd_gen_centre_goes_back_to_the_hand_with_its_stack(R):
    """hBP07-022 白銀ノエル: 「[コラボポジション限定]相手のターンで、自分の#3期生を持つセンターホロメンがダウンした時、そのホロメンを
    含め重なっているホロメンすべてを手札に戻す。」"""
    s = p2_turn(p1_main())
    under = card_of(R, "宝鐘マリン", "debut")
    s["players"]["p1"]["center"] = holo(MARINE_1, stack=[under], cheer=[WHITE])
    s["players"]["p1"]["collab"] = holo(NOEL_22)
    s = _downing(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    p1 = s["players"]["p1"]
    assert MARINE_1 in p1["hand"] and under in p1["hand"] and MARINE_1 not in p1["archive"] and WHITE in p1["archive"]


@needs_list
def test_hbp08_041_may_go_back_to_the_hand_instead_of_the_archive(R):
    """hBP08-041 小鳥遊キアラ: 「相手のターンで、このホロメンがダウンした時、このホロメンをアーカイブするかわりに手札に戻せる。」
    (its cheer archived all the same)."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"] = holo(KIARA_41, cheer=[WHITE])
    s = _downing(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "window" and s["pending"]["seat"] == "p1"
    declined = run(R, s, c("p1", "choose", choice=None), GREEN)
    assert KIARA_41 in declined["players"]["p1"]["archive"]
    s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]), GREEN)
    assert KIARA_41 in s["players"]["p1"]["hand"] and KIARA_41 not in s["players"]["p1"]["archive"]
    assert WHITE in s["players"]["p1"]["archive"]


@needs_list
def test_hsd13_005_sends_a_cheer_to_itself_once_a_turn_when_a_justice_holomem_downs(R):
    """hSD13-005 エリザベス: 「相手のターンで、自分の#Justiceを持つホロメンがダウンした時、自分のエールデッキの上から1枚をこのホロメン
    に送る。自分のギフト「For Justice! -ERB-」はターンに1回しか使えない。」 (このホロメン: the gift's own)."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"] = holo(CECILIA_D)
    s["players"]["p1"]["collab"] = holo(LIZ_5)
    s = _downing(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), WHITE, GREEN)
    assert s["players"]["p1"]["collab"]["cheer"] == [WHITE]
    assert s["players"]["p1"]["gift_names"] == {"ForJustice!-ERB-": s["turn"]}


@needs_list
def test_hbp07_029_heals_50_once_a_turn_after_damage_while_it_holds_a_support(R):
    """hBP07-029 大神ミオ: 「[ターンに1回]相手のターンで、このホロメンがダメージを受けた時、このホロメンにサポートカードが付いている
    なら、このホロメンのHP50回復。」"""
    art = R.cardset.cards[AKARI_D]["arts"][0]["dmg"]
    for attached, left in (([], art), ([MIOFA], max(0, art - 50))):
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"] = holo(MIO_29, attached=attached)
        s["players"]["p2"]["center"] = holo(AKARI_D, cheer=[WHITE, GREEN, RED, BLUE])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        assert s["players"]["p1"]["center"]["damage"] == left
    assert s["players"]["p1"]["center"]["gift_turn"] == s["turn"]


# ------------------------------------------------------------------ 「<数えるもの>1枚(人)につき」, 「[ターンに1回]…ダウンさせた時」

SHIORI_7, BIJOU_8, MIKO_SD16, NOEL_SD9 = "hSD12-007_P", "hSD12-008_C", "hSD16-009_RR", "hSD09-005_C"
WANTED |= {SHIORI_7, BIJOU_8, MIKO_SD16, NOEL_SD9}
NAMES |= {"白銀ノエル"}


@pytest.mark.parametrize("text, effect, params", [
    # hSD12-008 古石ビジュー コラボエフェクト
    ("自分が後攻で最初のターンなら、お互いのステージのエール1枚につき、自分のデッキを1枚引く。", "if_state",
     {"test": "second_first_turn", "then": {"effect": "draw_per", "params": {"source": "both_stage_cheer"}}}),
    # hSD16-009 さくらみこ ブルームエフェクト
    ("このターンの間、自分のステージの〈35P〉1枚につき、このホロメンのアーツ+10。", "boost_per_count",
     {"source": "stage_name", "name": "35P", "to": "self", "amount": 10}),
    # hSD09-005 白銀ノエル コラボエフェクト
    ("このターンの間、自分のステージの異なるカード名の#3期生を持つホロメン1人につき、自分のセンターポジションの2ndホロメンのアーツ"
     "+10。", "boost_per_count", {"source": "distinct_tag", "name": "3期生", "to": "center", "level": "2nd", "amount": 10}),
    # hSD12-007 シオリ・ノヴェラ ギフト
    ("[ターンに1回]このホロメンが相手のホロメンをダウンさせた時、自分のアーカイブのLIMITED以外のサポートカード1枚を手札に戻す。",
     "on_ko", {"then": {"effect": "once_gift", "params": {"then": {"effect": "from_archive", "params": {
         "optional": False, "filter": {"kind": "support", "limited": False}}}}}}),
])
def test_counted_and_once_texts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


@needs_list
def test_hsd12_008_second_players_first_turn_draws_one_per_cheer_on_both_stages(R):
    """hSD12-008 古石ビジュー コラボエフェクト: 「自分が後攻で最初のターンなら、お互いのステージのエール1枚につき、自分のデッキを1枚
    引く。」 (counted as it resolves)."""
    s = p2_turn(p1_main())
    for seat in ("p1", "p2"):
        for _, h in [("center", s["players"][seat]["center"])] + [(i, b) for i, b in enumerate(s["players"][seat]["back"])]:
            h["cheer"] = []
    s["players"]["p1"]["center"]["cheer"], s["players"]["p2"]["center"]["cheer"] = [WHITE], [RED]
    hand = len(s["players"]["p2"]["hand"])
    s = collab(R, s, BIJOU_8, "p2", MEMO, LETTER)
    assert len(s["players"]["p2"]["hand"]) == hand + 2
    later = p1_later()  # not the second player's first turn: nothing
    hand = len(later["players"]["p1"]["hand"])
    later = collab(R, later, BIJOU_8)
    assert len(later["players"]["p1"]["hand"]) == hand


@needs_list
def test_hsd16_009_adds_10_per_35p_on_the_stage(R):
    """hSD16-009 さくらみこ ブルームエフェクト: 「このターンの間、自分のステージの〈35P〉1枚につき、このホロメンのアーツ+10。」"""
    s = p1_later()
    s["players"]["p1"]["center"]["attached"] = [P35]
    s["players"]["p1"]["back"][0]["attached"] = [P35]
    s = bloom(R, s, MIKO_SD16)
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 20


@needs_list
def test_hsd09_005_adds_10_per_3rd_gen_name_to_a_2nd_centre(R):
    """hSD09-005 白銀ノエル コラボエフェクト: 「このターンの間、自分のステージの異なるカード名の#3期生を持つホロメン1人につき、自分の
    センターポジションの2ndホロメンのアーツ+10。」 (白銀ノエル twice counts once; a centre not 2nd gets nothing)."""
    s = p1_later()
    s["players"]["p1"]["center"]["card"] = NOEL_22  # 2nd, #3期生
    s["players"]["p1"]["back"].append(holo(MARINE_1))  # 宝鐘マリン, #3期生
    s = collab(R, s, NOEL_SD9)
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 20
    debut = p1_later()
    debut = collab(R, debut, NOEL_SD9)
    assert debut["players"]["p1"]["center"]["mods"]["arts"] == 0


@needs_list
def test_hsd12_007_returns_a_non_limited_support_once_a_turn_when_it_downs_one(R):
    """hSD12-007 シオリ・ノヴェラ ギフト: 「[ターンに1回]このホロメンが相手のホロメンをダウンさせた時、自分のアーカイブのLIMITED
    以外のサポートカード1枚を手札に戻す。」"""
    for spent in (False, True):
        s = p1_later()
        s["players"]["p1"]["center"] = holo(SHIORI_7, cheer=[WHITE, GREEN, RED, BLUE, RED, BLUE])
        if spent:
            s["players"]["p1"]["center"]["gift_turn"] = s["turn"]
        s["players"]["p1"]["archive"] = [YUKIMIN]
        s["players"]["p2"]["center"]["damage"] = R.cardset.cards[s["players"]["p2"]["center"]["card"]]["hp"] - 1
        s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), RED)
        if spent:
            assert YUKIMIN in s["players"]["p1"]["archive"] and (s["pending"] or {}).get("kind") != "from_archive"
        else:
            if s["pending"] and s["pending"]["kind"] == "from_archive":
                s = run(R, s, c("p1", "choose", choice=YUKIMIN))
            assert YUKIMIN in s["players"]["p1"]["hand"] and s["players"]["p1"]["center"]["gift_turn"] == s["turn"]


CECILIA_31 = "hBP04-031_R"
WANTED |= {CECILIA_31}


@needs_list
def test_hbp04_031_adds_30_while_the_opponent_has_a_jp_or_id_holomem(R):
    """hBP04-031 セシリア・イマーグリーン ギフト: 「相手のステージに[#JPか#ID]を持つホロメンがいる間、このホロメンのアーツ+30。」
    (read as its arts deal damage: 対戦中の現象/ギフト)."""
    assert rawlist.recognise("相手のステージに[#JPか#ID]を持つホロメンがいる間、このホロメンのアーツ+30。") == (
        "arts_gift", {"amount": 30, "holder": {"self": True}, "at": None, "opp_tags": ["JP", "ID"]})
    dealt = {}
    for target in (NOEL_22, IRYS_2):  # #JP; #EN only (the FIXTURE holomem on p1's back have no tags)
        s = p2_turn(p1_main())
        s = _attack(R, s, CECILIA_31, target)
        dealt[target] = s["players"]["p1"]["center"]["damage"]
    assert dealt[NOEL_22] - dealt[IRYS_2] == 30
    assert dealt[IRYS_2] == R.cardset.cards[CECILIA_31]["arts"][0]["dmg"]


IROHA_26, LUI_65 = "hBP06-026_R", "hBP08-065_R"
WANTED |= {IROHA_26, LUI_65}
NAMES |= {"鷹嶺ルイ"}


def test_a_hand_count_and_a_face_or_else_are_recognised():
    """hBP06-026 風真いろは ギフト 「…自分の手札が5枚以上なら、…」 and hBP08-065 鷹嶺ルイ 「…サイコロを1回振る。1なら、…。1以外
    なら、…」."""
    assert rawlist.recognise("自分の手札が5枚以上なら、自分のエールデッキの上から1枚を自分のコラボホロメンに送れる。") == (
        "if_holds", {"test": "hand_min", "n": 5, "then": {"effect": "cheer_to_holomem",
                                                          "params": {"holder": {"pos": ["collab"]}, "optional": True}}})
    assert rawlist.recognise("サイコロを1回振る。1なら、自分のデッキを3枚引く。1以外なら、自分のデッキを1枚引く。") == (
        "roll_then", {"optional": False, "branches": [
            {"faces": [1], "then": {"effect": "draw", "params": {"count": 3}}},
            {"faces": [2, 3, 4, 5, 6], "then": {"effect": "draw", "params": {"count": 1}}}]})


@needs_list
def test_hbp06_026_at_the_centre_may_send_a_cheer_to_a_collab_holomem_with_five_in_hand(R):
    """hBP06-026 風真いろは ギフト: 「[センターポジション限定]自分のホロメンがコラボした時、自分の手札が5枚以上なら、自分のエールデッキ
    の上から1枚を自分のコラボホロメンに送れる。」"""
    for extra, asked in ((0, False), (5, True)):
        s = p1_later()
        s["players"]["p1"]["center"]["card"] = IROHA_26
        s["players"]["p1"]["hand"] = s["players"]["p1"]["hand"][:4] + [MEMO] * extra
        s = run(R, s, c("p1", "collab", back="back0"))
        assert (s["pending"] is not None and s["pending"]["kind"] == "cheer_to_holomem") == asked
    s = run(R, s, c("p1", "choose", choice="send"), WHITE)
    assert s["players"]["p1"]["collab"]["cheer"] == [WHITE]


@needs_list
def test_hbp08_065_at_the_centre_pays_a_card_and_rolls_three_draws_on_a_1(R):
    """hBP08-065 鷹嶺ルイ ブルームエフェクト: 「[センターポジション限定]自分の手札1枚をアーカイブできる:サイコロを1回振る。1なら、
    自分のデッキを3枚引く。1以外なら、自分のデッキを1枚引く。」"""
    s = p1_later()
    s = bloom(R, s, LUI_65)
    assert s["pending"]["kind"] == "cost_hand"
    card = next(x for x in s["pending"]["options"] if x is not None)
    hand = len(s["players"]["p1"]["hand"])
    one = run(R, s, c("p1", "choose", choice=card), 1, MEMO, LETTER, MEMO)
    assert len(one["players"]["p1"]["hand"]) == hand - 1 + 3
    other_face = run(R, s, c("p1", "choose", choice=card), 4, MEMO)
    assert len(other_face["players"]["p1"]["hand"]) == hand - 1 + 1


LIZ_49, RADEN_SD15 = "hBP07-049_RR", "hSD15-007_U"
WANTED |= {LIZ_49, RADEN_SD15}
NAMES |= {"儒烏風亭らでん"}


@needs_list
def test_hbp07_049_when_its_side_downs_one_a_chosen_holomem_needs_two_colourless_less(R):
    """hBP07-049 エリザベス ギフト: 「[センターポジション・コラボポジション限定]自分のホロメンが相手のホロメンをダウンさせた時、自分の
    ホロメン1人を選ぶ。このターンの間、選んだホロメン1人のアーツに必要な無色-2。」 (the "ko" window, after the downs' steps)."""
    assert rawlist.recognise("[センターポジション・コラボポジション限定]自分のホロメンが相手のホロメンをダウンさせた時、自分のホロメン1人を"
                             "選ぶ。このターンの間、選んだホロメン1人のアーツに必要な無色-2。") == (
        "window_gift", {"moment": "ko", "who": {}, "reads": "holder", "at": ["center", "collab"],
                        "then": {"effect": "choose_cost_less", "params": {"color": "any", "amount": 2}}})
    s = p1_later()
    s["players"]["p1"]["center"] = holo(LIZ_49, cheer=[WHITE, GREEN, RED, BLUE, RED, BLUE])
    s["players"]["p2"]["center"]["damage"] = R.cardset.cards[s["players"]["p2"]["center"]["card"]]["hp"] - 1
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), RED)
    while s["pending"] and s["pending"]["seat"] == "p2":  # p2's new centre first
        s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]))
    assert s["pending"]["kind"] == "choose_cost_less" and s["pending"]["seat"] == "p1"
    s = run(R, s, c("p1", "choose", choice="back0"))
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p1", "back0", ["red", "any", "any"]) == ["red"]


@needs_list
def test_hsd15_007_mills_one_then_may_put_an_archived_debut_on_the_stage(R):
    """hSD15-007 儒烏風亭らでん コラボエフェクト: 「自分のデッキの上から1枚をアーカイブする。その後、自分のアーカイブのDebutホロメン
    1枚をステージに出せる。」"""
    s = p1_later()
    debut = card_of(R, "儒烏風亭らでん", "debut")
    s = in_deck(s, "p1", debut)
    backs = len(s["players"]["p1"]["back"])
    s = collab(R, s, RADEN_SD15, "p1", debut)
    assert s["pending"]["kind"] == "archive_debut_to_stage" and s["pending"]["options"][-1] is None
    s = run(R, s, c("p1", "choose", choice=debut))
    assert s["players"]["p1"]["back"][-1]["card"] == debut and debut not in s["players"]["p1"]["archive"]
    assert len(s["players"]["p1"]["back"]) == backs  # back0 collabed, the Debut came


AYAME_37, ZETA_18 = "hBP06-037_S", "hBP07-018_C"
WANTED |= {AYAME_37, ZETA_18}
NAMES |= {"百鬼あやめ", "ベスティア・ゼータ"}


@needs_list
def test_hbp06_037_may_put_two_archived_red_cheer_under_the_cheer_deck_in_its_order(R):
    """hBP06-037 百鬼あやめ ブルームエフェクト: 「自分のアーカイブの赤エール2枚を好きな順でエールデッキの下に戻せる。」 (山札: the
    cheer deck's bottom is then known, in that order)."""
    assert rawlist.recognise("自分のアーカイブの赤エール2枚を好きな順でエールデッキの下に戻せる。") == (
        "archive_cheer_bottom", {"count": 2, "optional": True, "color": "red"})
    s = p1_later()
    s["players"]["p1"]["archive"] = [RED]
    one = bloom(R, copy.deepcopy(s), AYAME_37)
    assert one["pending"] is None and one["players"]["p1"]["archive"] == [RED]  # one red: nothing
    s["players"]["p1"]["archive"] = [RED, BLUE, RED]
    s = bloom(R, s, AYAME_37)
    assert s["pending"]["kind"] == "archive_cheer_bottom" and s["pending"]["options"] == [RED, None]
    s = run(R, s, c("p1", "choose", choice=RED))
    assert s["pending"]["options"] == [RED]
    s = run(R, s, c("p1", "choose", choice=RED))
    assert s["players"]["p1"]["archive"] == [BLUE]
    assert s["zones"]["piles"]["cheer/p1"]["bottom"][-2:] == [RED, RED]


@needs_list
def test_hbp07_018_reveals_the_top_a_support_to_the_hand_else_back_on_top(R):
    """hBP07-018 ベスティア・ゼータ コラボエフェクト: 「自分のデッキの上から1枚を公開する。公開したカードがサポートカードなら、そのカードを
    手札に加える。サポートカード以外なら、そのカードをデッキの上に戻す。」"""
    s = p1_later()
    hand = len(s["players"]["p1"]["hand"])
    support = collab(R, copy.deepcopy(s), ZETA_18, "p1", MEMO)
    assert len(support["players"]["p1"]["hand"]) == hand + 1 and support["players"]["p1"]["hand"][-1] == MEMO
    holomem = collab(R, s, ZETA_18, "p1", YUKI_D)
    assert len(holomem["players"]["p1"]["hand"]) == hand
    assert holomem["zones"]["piles"]["deck/p1"]["top"][0] == YUKI_D  # known, on top


MATSURI_84, IRYS_9 = "hBP07-084_R", "hBP08-009_U"
WANTED |= {MATSURI_84, IRYS_9}


@needs_list
def test_hbp07_084_puts_an_archived_limited_under_the_deck_to_go_back_to_the_hand(R):
    """hBP07-084 夏色まつり ギフト: 「相手のターンで、このホロメンがダウンした時、自分のアーカイブのLIMITEDのサポートカード1枚をデッキの
    下に戻せる。戻したなら、このホロメンをアーカイブするかわりに手札に戻す。」 (ダウン①: the cost, then its top card kept)."""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"] = holo(MATSURI_84, cheer=[WHITE])
    s["players"]["p1"]["archive"] = [MANAGER]
    s = _downing(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "arts_cost_archive" and s["pending"]["options"] == [MANAGER, None]
    declined = run(R, s, c("p1", "choose", choice=None), GREEN)
    assert MATSURI_84 in declined["players"]["p1"]["archive"]
    s = run(R, s, c("p1", "choose", choice=MANAGER), GREEN)
    p1 = s["players"]["p1"]
    assert MATSURI_84 in p1["hand"] and MANAGER not in p1["archive"] and WHITE in p1["archive"]
    assert s["zones"]["piles"]["deck/p1"]["bottom"][-1] == MANAGER


@needs_list
def test_hbp08_009_takes_a_support_from_the_holopower_then_refills_it(R):
    """hBP08-009 IRyS コラボエフェクト: 「自分のホロパワーを見る。その中からサポートカード1枚を公開し、手札に加える。そしてホロパワーを
    シャッフルする。手札に加えたなら、自分のデッキの上から1枚をホロパワーにする。」"""
    s = p1_later()
    s["players"]["p1"]["holopower"] = [MEMO, YUKI_D]
    s = collab(R, s, IRYS_9, "p1", YUKI_D)  # the collab's own ホロパワー card, turned up to p1: a holomem
    assert s["pending"]["kind"] == "holopower_pick" and s["pending"]["options"] == [MEMO]
    size = len(s["players"]["p1"]["holopower"])
    s = run(R, s, c("p1", "choose", choice=MEMO))
    assert MEMO in s["players"]["p1"]["hand"] and len(s["players"]["p1"]["holopower"]) == size
    none = p1_later()
    none["players"]["p1"]["holopower"] = [YUKI_D]
    none["players"]["p1"]["back"][0]["card"] = IRYS_9
    none = run(R, none, c("p1", "collab", back="back0"), YUKI_D)  # the collab's card turned up: a holomem
    assert none["pending"] is None and len(none["players"]["p1"]["holopower"]) == 2  # no support: no refill


MIKO_43, BAE_45B = "hBP07-043_P_01", "hBP08-045_R"
WANTED |= {MIKO_43, BAE_45B}


@needs_list
def test_hbp07_043_a_chosen_5_is_every_die_a_miko_ability_rolls_this_turn(R):
    """hBP07-043 さくらみこ コラボエフェクト: 「3か5を選ぶ。このターンの間、自分の推しホロメンの〈さくらみこ〉と自分のステージの〈さくらみこ〉
    の能力でサイコロを振る時、そのサイコロの目の数すべてを選んだ数として扱う。」 (サイコロを振る: no die is read then), with hBP03-030's
    「エリートギャンブル」 rolling."""
    assert rawlist.recognise("3か5を選ぶ。このターンの間、自分の推しホロメンの〈さくらみこ〉と自分のステージの〈さくらみこ〉の能力でサイコロを"
                             "振る時、そのサイコロの目の数すべてを選んだ数として扱う。") == (
        "die_named", {"names": ["さくらみこ"], "choices": [3, 5]})
    s = p1_later()
    s["players"]["p1"]["center"] = holo(MIKO_30, attached=[P35])
    s = collab(R, s, MIKO_43)
    assert s["pending"]["kind"] == "die_named" and s["pending"]["options"] == [3, 5]
    s = run(R, s, c("p1", "choose", choice=5))
    s = run(R, s, c("p1", "gift", holomem="center"))  # no outcome stated: the die is treated as 5
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 50
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.keywords_effects.treated_die(t, "p1", MIKO_30) == {"face": 5}
    assert keywords.keywords_effects.treated_die(t, "p1", P35) is None  # 35P's own ability: not a 〈さくらみこ〉's


@needs_list
def test_hbp08_045_doubles_the_dice_of_baelz_abilities_this_turn(R):
    """hBP08-045 ハコス・ベールズ コラボエフェクト: 「このターンの間、自分の推しホロメンの〈ハコス・ベールズ〉と自分のステージの〈ハコス・
    ベールズ〉の能力でサイコロを振る時、そのサイコロの目の数すべてを倍の数として扱う。」, then its art 「自分のステージのホロメン1人を選び、
    サイコロを1回振る。出た目の数1につき、このターンの間、選んだホロメンのアーツ+10。」 rolling a 3 (treated as 6)."""
    s = collab(R, p1_later(), BAE_45B)
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.keywords_effects.treated_die(t, "p1", BAE_45B) == {"double": True}
    assert keywords.keywords_effects.treated_die(t, "p1", MIKO_30) is None
    s["players"]["p1"]["collab"]["cheer"] = [WHITE, GREEN, RED, BLUE, RED, BLUE]
    s = run(R, s, c("p1", "arts", holomem="collab", art=0, target="center"))
    assert "center" in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice="center"), 3)
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 60
    assert [e["face"] for e in s["events"] if e["kind"] == "roll"] == [3, 6]


MATSURI_82 = "hBP04-082_RR"
WANTED |= {MATSURI_82}


@needs_list
def test_hbp04_082_rolls_once_per_1st_gen_name_and_sends_a_cheer_per_4_or_more(R):
    """hBP04-082 夏色まつり ブルームエフェクト: 「自分のステージの異なるカード名の#1期生を持つホロメン1人につき、サイコロを1回振れる:
    4以上が出た回数1回につき、自分のエールデッキの上から1枚をこのホロメンに送る。」 (counted as it resolves: itself and 白上フブキ)."""
    s = p1_later()
    s["players"]["p1"]["back"][0]["card"] = FUBUKI_SD14
    s = bloom(R, s, MATSURI_82)
    assert s["pending"]["options"] == ["roll", "skip"]
    s = run(R, s, c("p1", "choose", choice="roll"), 4, 2, WHITE)
    assert s["players"]["p1"]["center"]["cheer"][-1] == WHITE
    assert [e["face"] for e in s["events"] if e["kind"] == "roll"] == [4, 2]


AKI_28, KOYORI_21, IRYS_8, TUBE, PARKA = "hBP08-028_R", "hBP06-021_R", "hBP08-008_C", "hBP04-097_U", "hBP08-102_C"
WANTED |= {AKI_28, KOYORI_21, IRYS_8, TUBE, PARKA}


@needs_list
def test_hbp08_028_a_buzz_or_2nd_chosen_aki_gets_50_instead_of_20(R):
    """hBP08-028 アキ・ローゼンタール ブルームエフェクト: 「自分のツールが付いている〈アキ・ローゼンタール〉1人を選ぶ。このターンの間、
    選んだホロメンのアーツ+20。選んだホロメンがBuzzホロメンか2ndホロメンなら、かわりに、そのホロメンのアーツ+50。」"""
    s = p1_later()
    s["players"]["p1"]["center"]["attached"] = [PARKA]
    s["players"]["p1"]["back"][0] = holo(AKI_2, attached=[PARKA])
    s = bloom(R, s, AKI_28)
    assert s["pending"]["kind"] == "boost_holomem" and s["pending"]["options"] == ["center", "back0"]
    first = run(R, s, c("p1", "choose", choice="center"))
    assert first["players"]["p1"]["center"]["mods"]["arts"] == 20
    second = run(R, s, c("p1", "choose", choice="back0"))
    assert second["players"]["p1"]["back"][0]["mods"]["arts"] == 50


@needs_list
def test_hbp06_021_with_a_koyolab_support_on_itself_the_boost_is_50(R):
    """hBP06-021 博衣こより コラボエフェクト: 「このターンの間、自分のステージの#秘密結社holoXを持つホロメン1人のアーツ+30。このホロメンに
    #こよラボを持つサポートカードが付いているなら、かわりに、そのホロメンのアーツ+50。」"""
    dealt = []
    for attached in ([], [TUBE]):
        s = p1_later()
        s["players"]["p1"]["back"][0]["attached"] = list(attached)
        s = collab(R, s, KOYORI_21)
        dealt.append(s["players"]["p1"]["collab"]["mods"]["arts"])
    assert dealt == [30, 50]


@needs_list
def test_hbp08_008_on_the_second_players_first_turn_boosts_and_with_purple_draws(R):
    """hBP08-008 IRyS コラボエフェクト: 「自分が後攻で最初のターンなら、自分のステージの#Promiseを持つホロメン1人を選ぶ。このターンの間、
    選んだホロメンのアーツ+30。さらに、自分のステージに紫エールがあるなら、自分のデッキを1枚引く。」 (the condition leads both)."""
    s = p2_turn(p1_main())
    s["players"]["p2"]["center"]["cheer"] = [R.purple]
    hand = len(s["players"]["p2"]["hand"])
    s = collab(R, s, IRYS_8, "p2", MEMO)
    assert s["players"]["p2"]["collab"]["mods"]["arts"] == 30 and len(s["players"]["p2"]["hand"]) == hand + 1
    later = p1_later()
    later["players"]["p1"]["center"]["cheer"] = [R.purple]
    hand = len(later["players"]["p1"]["hand"])
    later = collab(R, later, IRYS_8)
    assert later["players"]["p1"]["collab"]["mods"]["arts"] == 0 and len(later["players"]["p1"]["hand"]) == hand


LUNA_31, KIARA_42, LUKNIGHT = "hBP06-031_RR", "hBP08-042_U", "hBP03-105_U"
WANTED |= {LUNA_31, KIARA_42, LUKNIGHT}
NAMES |= {"姫森ルーナ"}


@needs_list
def test_hbp06_031_with_a_luna_oshi_archives_luknights_for_a_cheer_each(R):
    """hBP06-031 姫森ルーナ ブルームエフェクト: 「自分の推しホロメンが〈姫森ルーナ〉なら、自分のステージの〈ルーナイト〉1～2枚をアーカイブ
    できる:アーカイブしたカード1枚につき、自分のエールデッキの上から1枚を自分の〈姫森ルーナ〉1人に送る。」"""
    s = p1_later()
    s["players"]["p1"]["oshi"] = card_of(R, "姫森ルーナ", kind=("oshi",))
    s["players"]["p1"]["center"]["attached"] = [LUKNIGHT, LUKNIGHT]
    s = bloom(R, s, LUNA_31)
    assert s["pending"]["kind"] == "cost_stage_named" and s["pending"]["options"] == [["center", LUKNIGHT], None]
    s = run(R, s, c("p1", "choose", choice=["center", LUKNIGHT]))
    s = run(R, s, c("p1", "choose", choice=["center", LUKNIGHT]), WHITE, GREEN)
    center = s["players"]["p1"]["center"]
    assert center["attached"] == [] and center["cheer"][-2:] == [WHITE, GREEN]
    assert s["players"]["p1"]["archive"].count(LUKNIGHT) == 2
    no_oshi = bloom(R, p1_later(), LUNA_31)
    assert no_oshi["pending"] is None


@needs_list
def test_hbp08_042_archives_up_to_three_for_10_each_on_one_chosen_holomem(R):
    """hBP08-042 小鳥遊キアラ ブルームエフェクト: 「自分の手札1～3枚をアーカイブできる:自分のステージのホロメン1人を選ぶ。この能力で
    アーカイブしたカード1枚につき、このターンの間、選んだホロメンのアーツ+10。」"""
    s = p1_later()
    s = bloom(R, s, KIARA_42)
    assert s["pending"]["kind"] == "cost_hand_n" and s["pending"]["options"][-1] is None
    for _ in range(2):
        s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["pending"]["kind"] == "boost_holomem"
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["mods"]["arts"] == 20


CECILIA_23, SU_47, SU_53 = "hBP08-023_C", "hBP08-047_C", "hBP08-053_RR"
WANTED |= {CECILIA_23, SU_47, SU_53}


@needs_list
def test_hbp08_023_may_rest_then_with_two_resting_justice_heals_50(R):
    """hBP08-023 セシリア・イマーグリーン ブルームエフェクト: 「このホロメンをお休みさせることができる。その後、自分のお休みしている
    #Justiceを持つホロメンが2人以上いるなら、自分のホロメン1人のHP50回復。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0] = holo(CECILIA_D, rested=True, damage=60)
    s = bloom(R, s, CECILIA_23)
    assert s["pending"]["kind"] == "rest_self_may" and s["pending"]["options"] == ["rest", None]
    declined = run(R, s, c("p1", "choose", choice=None))
    assert declined["players"]["p1"]["back"][0]["damage"] == 60 and not declined["players"]["p1"]["center"]["rested"]
    s = run(R, s, c("p1", "choose", choice="rest"))
    assert s["players"]["p1"]["center"]["rested"]
    if s["pending"] is not None:  # which holomem to heal
        s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 10


@needs_list
def test_hbp08_047_second_first_turn_draws_one_and_one_per_opposing_baton_colourless(R):
    """hBP08-047 水宮枢 コラボエフェクト: 「自分が後攻で最初のターンなら、自分のデッキを1枚引き、相手のセンターホロメンのバトンタッチに
    必要な無色1つにつき、自分のデッキを1枚引く。」"""
    s = p2_turn(p1_main())
    baton = R.cardset.cards[s["players"]["p1"]["center"]["card"]]["baton"]
    hand = len(s["players"]["p2"]["hand"])
    s = collab(R, s, SU_47, "p2", *([MEMO, LETTER, MEMO, LETTER][:1 + baton]))
    assert len(s["players"]["p2"]["hand"]) == hand + 1 + baton


@needs_list
def test_hbp08_053_at_the_centre_an_opposing_centre_with_baton_5_needs_two_more(R):
    """hBP08-053 水宮枢 ギフト: 「[センターポジション限定]相手のセンターホロメンのバトンタッチに必要な無色が5つ以上なら、相手のセンター
    ホロメンのアーツに必要な無色+2。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"] = holo(SU_53)
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p2", "center", ["red"]) == ["red"]
    s["players"]["p2"]["center"]["lasting"] = [{"kind": "baton", "amount": 5, "until": s["turn"] + 2}]
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p2", "center", ["red"]) == ["red", "any", "any"]
    s["players"]["p1"]["collab"], s["players"]["p1"]["center"] = s["players"]["p1"]["center"], holo(YUKI_D)
    t = R.context(copy.deepcopy(s), R.cardset)
    assert keywords.arts_cost(t, "p2", "center", ["red"]) == ["red"]  # 「[センターポジション限定]」


LUNA_SD8, PASOKON_E, RIONA_16 = "hSD08-005_C", "hBP08-090_C", "hBP06-016_P"
WANTED |= {LUNA_SD8, PASOKON_E, RIONA_16}


def test_card_descriptions_of_a_name_part_and_of_an_ability_kind():
    """「カード名に「パソコン」を含むアイテム」 (hSD08-005) and 「[コラボエフェクトと#FLOW GLOWを持つホロメン]」 (hBP06-016, hSD10-010)."""
    assert keywords.card_filter("カード名に「パソコン」を含むアイテム") == {"name_has": "パソコン", "support": "item"}
    assert keywords.card_filter("[コラボエフェクトと#FLOWGLOWを持つホロメン]") == {
        "holomem": True, "tag": "FLOWGLOW", "ability_kind": "collab"}


@needs_list
def test_hbp06_016_searches_a_flow_glow_holomem_with_a_collab_effect(R):
    """hBP06-016 響咲リオナ コラボエフェクト: 「自分が後攻で最初のターンなら、自分のデッキから、[コラボエフェクトと#FLOW GLOWを持つ
    ホロメン]1枚を公開し、手札に加える。そしてデッキをシャッフルする。」 (水宮枢 hBP08-053: a gift, no collab effect)."""
    s = p2_turn(p1_main())
    s = in_deck(in_deck(s, "p2", RIONA_16), "p2", SU_53)
    s = collab(R, s, RIONA_16, "p2")
    assert s["pending"]["kind"] == "search_deck"
    assert RIONA_16 in s["pending"]["options"] and SU_53 not in s["pending"]["options"]


@needs_list
def test_hsd08_005_at_the_collab_may_take_back_a_pasokon_item_when_one_of_its_side_downs(R):
    """hSD08-005 姫森ルーナ ギフト: 「[コラボポジション限定]相手のターンで、自分のホロメンがダウンした時、自分のライフが相手以下なら、
    自分のアーカイブのカード名に「パソコン」を含むアイテム1枚を手札に戻せる。」"""
    s = p2_turn(p1_main())
    s["players"]["p1"]["collab"] = holo(LUNA_SD8)
    s["players"]["p1"]["archive"] = [PASOKON_E, MEMO]
    s = _downing(R, s)
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "from_archive" and s["pending"]["options"] == [PASOKON_E, None]
    s = run(R, s, c("p1", "choose", choice=PASOKON_E), GREEN)
    assert PASOKON_E in s["players"]["p1"]["hand"] and MEMO in s["players"]["p1"]["archive"]


BOTAN_28 = "hBP05-028_R"
WANTED |= {BOTAN_28}


@needs_list
def test_hbp05_028_at_the_centre_draws_once_a_turn_when_a_botan_deals_30_special(R):
    """hBP05-028 獅白ぼたん ギフト: 「[センターポジション限定][ターンに1回]自分の推しホロメンの〈獅白ぼたん〉か自分のステージの〈獅白ぼたん〉
    が相手のホロメンに30以上の特殊ダメージを与えた時、自分のデッキを1枚引く。」, with its own art 「自分の〈獅白ぼたん〉のエール1枚を
    アーカイブできる:相手のセンターホロメンに特殊ダメージ30を与える。」"""
    s = p1_later()
    s["players"]["p1"]["center"] = holo(BOTAN_28, cheer=[WHITE, GREEN, RED, BLUE, RED, BLUE])
    s["players"]["p2"]["center"]["card"] = IRYS_2
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "cost_holo_cheer"
    s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]), MEMO)
    assert len(s["players"]["p1"]["hand"]) == hand + 1 and s["players"]["p1"]["center"]["gift_turn"] == s["turn"]


ZETA_20 = "hBP07-020_S"
WANTED |= {ZETA_20}


@needs_list
def test_hbp07_020_an_odd_roll_leaves_a_2nd_opposing_centre_100_hp(R):
    """hBP07-020 ベスティア・ゼータ コラボエフェクト: 「サイコロを1回振る。奇数なら、相手のセンターポジションの2ndホロメンの残りHPを100に
    する。」 (a centre not 2nd: nothing)."""
    s = p1_later()
    s["players"]["p2"]["center"] = holo(NOEL_22)  # 2nd, HP 220
    odd = collab(R, copy.deepcopy(s), ZETA_20, "p1", 3)
    assert odd["players"]["p2"]["center"]["damage"] == R.cardset.cards[NOEL_22]["hp"] - 100
    even = collab(R, copy.deepcopy(s), ZETA_20, "p1", 4)
    assert even["players"]["p2"]["center"]["damage"] == 0
    s["players"]["p2"]["center"] = holo(MARINE_1)  # 1st
    first = collab(R, s, ZETA_20, "p1", 5)
    assert first["players"]["p2"]["center"]["damage"] == 0


FLARE_SD7, LAPLUS_72, OKAYU_SD3 = "hSD07-003_C", "hBP07-072_S", "hSD03-004_U"
WANTED |= {FLARE_SD7, LAPLUS_72, OKAYU_SD3}
NAMES |= {"尾丸ポルカ", "猫又おかゆ"}


@needs_list
def test_hsd07_003_with_five_or_fewer_may_put_a_named_debut_from_the_deck_on_the_stage(R):
    """hSD07-003 不知火フレア コラボエフェクト: 「自分のステージのホロメンが5人以下の時、自分のデッキから、Debutホロメンの[〈尾丸ポルカ〉か
    〈さくらみこ〉か〈星街すいせい〉か〈白銀ノエル〉]1枚を公開できる:公開したホロメンをステージに出す。そしてデッキをシャッフルする。」"""
    polka = card_of(R, "尾丸ポルカ", "debut")
    s = in_deck(p1_later(), "p1", polka)
    s = collab(R, s, FLARE_SD7)
    assert s["pending"]["kind"] == "search_deck" and polka in s["pending"]["options"] and None in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=polka))
    assert s["players"]["p1"]["back"][-1]["card"] == polka


@needs_list
def test_hbp07_072_chooses_a_holox_then_rolls_three_for_10_per_odd(R):
    """hBP07-072 ラプラス・ダークネス ブルームエフェクト: 「自分のステージの#秘密結社holoXを持つホロメン1人を選び、サイコロを3回振る。
    このターンの間、この能力で奇数が出た回数1回につき、選んだホロメンのアーツ+10。」"""
    s = p1_later()
    s["players"]["p1"]["back"][0]["card"] = CHLOE_1  # 沙花叉クロヱ, #秘密結社holoX
    s = bloom(R, s, LAPLUS_72)
    assert s["pending"]["kind"] == "choose_then_rolls" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="back0"), 1, 2, 5)
    assert s["players"]["p1"]["back"][0]["mods"]["arts"] == 20 and s["players"]["p1"]["center"]["mods"]["arts"] == 0


@needs_list
def test_hsd03_004_may_reveal_the_top_a_debut_sends_a_cheer_and_it_goes_under(R):
    """hSD03-004 猫又おかゆ コラボエフェクト: 「自分のデッキの上から1枚を公開できる:公開したカードがDebutホロメンかSpotホロメンの時、
    自分のエールデッキの上から1枚をこのホロメンに送る。そして公開したカードをデッキの下に戻す。」"""
    s = collab(R, p1_later(), OKAYU_SD3)
    assert s["pending"]["options"] == ["reveal", None]
    debut = run(R, copy.deepcopy(s), c("p1", "choose", choice="reveal"), YUKI_D, WHITE)
    assert debut["players"]["p1"]["collab"]["cheer"] == [WHITE]
    assert debut["zones"]["piles"]["deck/p1"]["bottom"][-1] == YUKI_D
    support = run(R, s, c("p1", "choose", choice="reveal"), MEMO)
    assert support["players"]["p1"]["collab"]["cheer"] == []
    assert support["zones"]["piles"]["deck/p1"]["bottom"][-1] == MEMO


CALLI_57 = "hBP02-057_S"
WANTED |= {CALLI_57}


@needs_list
def test_hbp02_057_archives_two_holomem_sharing_a_tag_to_draw_two(R):
    """hBP02-057 森カリオペ ブルームエフェクト: 「自分の手札の同じタグを持つホロメン2枚をアーカイブできる:自分のデッキを2枚引く。」
    (白銀ノエル and 宝鐘マリン share #JP and #3期生; IRyS shares none of theirs)."""
    s = p1_later()
    s["players"]["p1"]["hand"] = [NOEL_22, MARINE_1, IRYS_2, MEMO]
    s = bloom(R, s, CALLI_57)
    assert s["pending"]["kind"] == "cost_hand_pair" and s["pending"]["options"] == sorted([NOEL_22, MARINE_1]) + [None]
    s = run(R, s, c("p1", "choose", choice=NOEL_22))
    assert s["pending"]["options"] == [MARINE_1]
    s = run(R, s, c("p1", "choose", choice=MARINE_1), MEMO, LETTER)
    assert sorted(s["players"]["p1"]["hand"]) == sorted([IRYS_2, MEMO, MEMO, LETTER])
    assert {NOEL_22, MARINE_1} <= set(s["players"]["p1"]["archive"])


KANAERU_45 = "hBP03-045_R"
WANTED |= {KANAERU_45}
NAMES |= {"こぼ・かなえる"}


@needs_list
def test_hbp03_045_pays_an_id_cheer_and_spreads_30_special_in_tens_over_the_backs(R):
    """hBP03-045 こぼ・かなえる ブルームエフェクト: 「自分の#IDを持つホロメンのエール1枚をアーカイブできる:相手のバックホロメンに特殊
    ダメージ30を10ずつ割り振って与える。ただし、ダウンしても相手のライフは減らない。」"""
    s = p1_later()
    s["players"]["p2"]["back"].append(holo(AOI_D))
    s = bloom(R, s, KANAERU_45)
    assert s["pending"]["kind"] == "cost_holo_cheer"
    s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    for pos in ("back0", "back0"):
        assert s["pending"]["kind"] == "special_spread" and s["pending"]["options"] == ["back0", "back1"]
        s = run(R, s, c("p1", "choose", choice=pos))
    s = run(R, s, c("p1", "choose", choice="back1"))
    assert [b["damage"] for b in s["players"]["p2"]["back"]] == [20, 10]


LUI_46, LUI_OSHI = "hBP06-046_R", "hBP01-005_OSR"
WANTED |= {LUI_46, LUI_OSHI}


@needs_list
def test_hbp06_046_adds_20_once_its_sp_oshi_skill_hawkeye_was_used_this_game(R):
    """hBP06-046 鷹嶺ルイ ギフト: 「このゲーム中に、自分のSP推しスキル「ホークアイ」を使っていたなら、このホロメンのアーツ+20。」"""
    dealt = []
    for used in (False, True):
        s = p2_turn(p1_main())
        s["players"]["p2"]["oshi"] = LUI_OSHI
        s["players"]["p2"]["sp_used"] = used
        s = _attack(R, s, LUI_46, IRYS_2)
        while s["pending"] is not None and s["pending"]["seat"] == "p2":  # its art's own cost: declined
            s = run(R, s, c("p2", "choose", choice=None))
        dealt.append(s["players"]["p1"]["center"]["damage"])
    assert dealt[0] == R.cardset.cards[LUI_46]["arts"][0]["dmg"] and dealt[1] - dealt[0] == 20


KOYORI_29 = "hBP08-029_U"
WANTED |= {KOYORI_29}


@needs_list
def test_hbp08_029_at_the_collab_a_holox_centre_hit_by_arts_gives_one_holopower(R):
    """hBP08-029 博衣こより ギフト: 「[コラボポジション限定][ターンに1回]相手のターンで、自分の#秘密結社holoXを持つセンターホロメンが
    アーツダメージを受けた時、自分のデッキの上から1枚をホロパワーにする。」 (also when that damage downs it)."""
    for downed in (False, True):
        s = p2_turn(p1_main())
        s["players"]["p1"]["center"] = holo(CHLOE_1)  # 沙花叉クロヱ, #秘密結社holoX
        s["players"]["p1"]["collab"] = holo(KOYORI_29)
        power = len(s["players"]["p1"]["holopower"])
        s = _downing(R, s) if downed else s
        s["players"]["p2"]["center"] = holo(AKARI_D, cheer=[WHITE, GREEN, RED, BLUE])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), *((GREEN,) if downed else ()))
        assert len(s["players"]["p1"]["holopower"]) == power + 1
        assert s["players"]["p1"]["collab"]["gift_turn"] == s["turn"]
