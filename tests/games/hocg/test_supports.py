"""Support cards' texts (``abilities.supports``): each shape recognised from a real card's
printed text and resolved, given/when/then. The cards come from
``../shared/data/hocg/card_data.json`` (never committed: skipped without it), added to the
FIXTURE set.

Play conditions (「このカードは、…時にしか使えない / でなければ使えない」, 「ターンに1回しか使えない」)
are refused by ``check`` before the card leaves the hand, citing the card (カード/<名前>).
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import (AKARI_D, AKARI_DU, CS, GREEN, LETTER, MEMO, MIC, MIDORI_1, MIDORI_D, RED, REAL_LIST, WHITE,
                      YUKI_1, YUKI_D, YUKI_DU, c)
from .test_starters import later_turn
from .test_turns import p1_main

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

# the list's support cards, by what the tests call them (each test's docstring cites its text)
TOTSU, MIKKORONE, BAKUHATSU, TANSU, RETRO, FRIENDLY, DUAL = (
    "hBP03-088_P_1", "hBP02-084_S", "hBP02-079_P", "hBP02-083_S", "hBP02-077_C", "hBP05-074_02_C", "hBP03-086_C")
FUTOINU, KOKORO, DOKURO, ROSE, MIOFA, RUFFIANS, SUBATOMO = (
    "hBP03-102_S", "hBP04-100_C", "hBP02-095_C", "hBP01-122_C", "hBP02-101_C", "hBP03-109_C", "hBP06-104_C")
COOKING, KIARA_FAN, CALLI_TOOL = "hSD04-013_C", "hBP01-125_C", "hBP02-088_S"
LUNA_FAN, LAMY_FAN, SAKE_TOOL = "hBP03-105_P_02", "hBP04-106_S", "hBP02-086_C"
WATAME_FAN, FUBUKI_MASCOT, MIKO_MASCOT = "hBP03-112_P_02", "hBP02-090_C", "hBP05-085_C"
FUBUKI_GUARD, FUWAMOCO_MASCOT = "hBP02-093_C", "hBP03-100_C"
SUISEI_TOOL, LUI_MASCOT, NOEL_TOOL, SUBARU_MASCOT, ID3_TOOL = (
    "hBP01-115_U", "hBP01-120_C", "hBP05-081_S", "hBP04-104_C", "hBP04-098_S")
RETURN_HOLOMEM, LOOK_TWO, OSHI_COLOUR, KORONE_MASCOT = "hBP07-092_S", "hBP03-085_S", "hBP03-084_S", "hBP03-103_C"
KIARA_MASCOT, KOYORI_FAN = "hBP01-121_C", "hBP04-105_S"
MYTH_REVEAL, DEBUT_FOR_1ST, ART_CHEER = "hBP08-098_U", "hBP02-076_C", "hBP06-089_C"
LIFE_TOOL, BUZZ_TOOL, CECILIA_FAN, MOCOCO_FAN = "hBP08-103_U", "hBP07-101_C", "hBP08-107_C", "hBP08-108_C"
TWO_COLOURS, RADEN_SET, LAMY_MASCOT = "hBP04-089_S", "hBP04-094_S", "hBP04-101_C"
LAMY = "hBP04-043_02_C"  # 雪花ラミィ, whose art 「こんらみ～」 deals special damage 10
STONE_AXE, AKI_1ST = "hBP01-114_C", "hBP01-034_C"  # 石の斧; a 1st アキ・ローゼンタール with no ability of its own
GYUDON, KORONE_FAN, CHATTINO, HOLOCAP = "hBP05-075_C", "hBP03-111_C", "hBP06-100_C", "hBP03-095_C"
LAURA_1ST, LAURA_OSHI, LAURA_SPOT = "hBP06-012_U", "hBP06-001_OSR", "hSD13-015_C"  # ラオーラ・パンテーラ
NENE_FAN, NENE_1ST, NENE_2ND, PARKA, BUZZ_CHOCO = "hBP07-110_C", "hBP04-084_C", "hBP04-086_RR", "hBP08-102_C", "hSD04-008_R"
ANCIENT_WEAPON, ANYA_1ST = "hBP04-099_S", "hBP04-075_C"  # 古代武器; a 1st アーニャ・メルフィッサ with no ability
MIKO_FAN, MIKO_1ST, POLKA_FAN = "hBP03-107_P", "hSD16-006_C", "hBP01-126_C"  # 35P; a plain 1st さくらみこ; 座員
POLKA_1ST = "hBP01-069_C"  # a 1st 尾丸ポルカ with no ability, 「赤」 20
UPAO, KANATA_1ST = "hBP01-116_C", "hBP01-011_C"  # うぱお; a 1st 天音かなた with no ability
GENKAI, RIRIKA_1ST, MATSUTAKE, POPO, GIGI_1ST = "hBP04-091_S", "hBP04-034_C", "hSD15-010_C", "hSD13-018_C", "hSD13-010_C"
SUPPORTS = [TOTSU, MIKKORONE, BAKUHATSU, TANSU, RETRO, FRIENDLY, DUAL, FUTOINU, KOKORO, DOKURO, ROSE, MIOFA, RUFFIANS,
            SUBATOMO, COOKING, KIARA_FAN, CALLI_TOOL, LUNA_FAN, LAMY_FAN, SAKE_TOOL, WATAME_FAN, FUBUKI_MASCOT,
            MIKO_MASCOT, FUBUKI_GUARD, FUWAMOCO_MASCOT, SUISEI_TOOL, LUI_MASCOT, NOEL_TOOL, SUBARU_MASCOT, ID3_TOOL,
            RETURN_HOLOMEM, LOOK_TWO, OSHI_COLOUR, KORONE_MASCOT, KIARA_MASCOT, KOYORI_FAN, MYTH_REVEAL, DEBUT_FOR_1ST,
            ART_CHEER, LIFE_TOOL, BUZZ_TOOL, CECILIA_FAN, MOCOCO_FAN, TWO_COLOURS, RADEN_SET, LAMY_MASCOT,
            LAMY, STONE_AXE, AKI_1ST, GYUDON, KORONE_FAN, CHATTINO, HOLOCAP, LAURA_1ST, LAURA_OSHI, LAURA_SPOT,
            NENE_FAN, NENE_1ST, NENE_2ND, PARKA, BUZZ_CHOCO, ANCIENT_WEAPON, ANYA_1ST, MIKO_FAN, MIKO_1ST,
            POLKA_FAN, POLKA_1ST, UPAO, KANATA_1ST, GENKAI, RIRIKA_1ST, MATSUTAKE, POPO, GIGI_1ST]
#: holomem the tests stand on the stage: (name, level) -> a printing without a collab, bloom or gift ability
HOLOMEM = [("紫咲シオン", "Debut"), ("戌神ころね", "Debut"), ("博衣こより", "Debut"), ("宝鐘マリン", "Debut"),
           ("宝鐘マリン", "1st"), ("アキ・ローゼンタール", "Debut"), ("フワワ・アビスガード", "Debut"), ("癒月ちょこ", "2nd"),
           ("小鳥遊キアラ", "Debut"), ("森カリオペ", "Debut"), ("森カリオペ", "1st"), ("姫森ルーナ", "Debut"),
           ("角巻わため", "Debut"), ("白上フブキ", "Debut"), ("フワワ・アビスガード", "1st"), ("星街すいせい", "1st"),
           ("鷹嶺ルイ", "Debut"), ("白銀ノエル", "1st"), ("小鳥遊キアラ", "1st"), ("儒烏風亭らでん", "Debut")]


@pytest.fixture(scope="module")
def raw():
    if not REAL_LIST.exists():
        pytest.skip("the official card list ../shared/data/hocg/card_data.json is not here")
    return json.loads(REAL_LIST.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def R(raw):
    picked = {}
    for name, level in HOLOMEM:
        picked[(name, level)] = next(pid for pid, v in sorted(raw.items())
                                     if v.get("name") == name and v.get("bloom_level") == level
                                     and v["card_type"] == "ホロメン"
                                     and not any(s.get("subtype") in ("コラボエフェクト", "ブルームエフェクト", "ギフト")
                                                 for s in v.get("skills") or []))
    cheer = {colour: next(pid for pid, v in sorted(raw.items())
                          if v.get("card_type") == "エール" and v.get("color") == colour) for colour in ("黄", "紫", "青")}
    wanted = set(SUPPORTS) | set(picked.values()) | set(cheer.values())
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items() if pid in wanted]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-supports", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.holomem = picked
    bound.yellow, bound.purple, bound.blue = cheer["黄"], cheer["紫"], cheer["青"]
    return bound


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def text(raw, pid: str) -> str:
    return next(s for s in raw[pid]["skills"] if s["type"] == "サポート効果")["name"]


def main(p1_extra=(), seat="p1"):
    """p1's turn 3-like main phase (LIMITED allowed), ``p1_extra`` added to its hand."""
    s = later_turn(p1_main())
    s["players"]["p1"]["hand"] += list(p1_extra)
    return s


# ------------------------------------------------------------------ recognition

@needs_list
@pytest.mark.parametrize("pid, effect, params", [
    (TOTSU, "opp_back_to_collab", {"needs": [{"test": "life_below_opponent"}]}),
    (MIKKORONE, "sequence", {"steps": [
        {"effect": "draw", "params": {"count": 2}},
        {"effect": "roll_then", "params": {"optional": False, "branches": [
            {"faces": [3, 5, 6], "then": {"effect": "search_deck", "params": {"holomem": True, "level": "debut"}}},
            {"faces": [2, 4], "then": {"effect": "draw", "params": {"count": 1}}}]}}]}),
    (BAKUHATSU, "special_damage", {"amount": 20, "target": "front", "no_life": True,
                                   "needs": [{"test": "once", "tag": "魔法", "support": "event"}]}),
    (TANSU, "cost_holopower", {"count": 1, "then": {"effect": "arts_archive_cheer", "params": {  # the arts family's send
        "count": 1, "optional": False, "to": {"names": ["紫咲シオン"]}, "colors": ["purple"]}},
        "needs": [{"test": "once", "tag": "魔法", "support": "event"}, {"test": "holopower", "n": 1}]}),
    (RETRO, "from_archive", {"optional": False, "filter": {"holomem": True}, "needs": [{"test": "life_at_most", "n": 3}]}),
    (FRIENDLY, "search_stage", {"max": 2, "filter": {"level": "debut", "unlimited": True},
                                "all_then": {"effect": "hand_card_to_bottom", "params": {}}}),
    (DUAL, "search_stage", {"max": 2, "filter": {"level": "debut", "unlimited": True}}),
    (FUTOINU, "tool_arts", {"amount": 10, "on_collab": {"names": ["戌神ころね"], "then": {
        "effect": "attached_then", "params": {"then": {"effect": "archive_cheer", "params": {
            "count": 1, "optional": True, "to": "self", "colors": ["yellow"]}}}}}}),
    (KOKORO, "mascot_hp", {"amount": 20, "on_collab": {"names": ["博衣こより"], "then": {
        "effect": "attached_then", "params": {"then": {"effect": "boost_self", "params": {"amount": 10}}}}}}),
    (DOKURO, "tool_arts", {"amount": 10, "on_bloom": {"names": ["宝鐘マリン"], "then": {
        "effect": "attached_then", "params": {"then": {"effect": "draw", "params": {"count": 1}}, "at": ["center"]}}}}),
    (ROSE, "attached_down", {"opp_turn": True, "only": ["アキ・ローゼンタール"], "then": {"effect": "down_cheer", "params": {
        "from": "deck", "name": "アキ・ローゼンタール", "optional": False}}}),
    (MIOFA, "attached_down", {"opp_turn": True, "only": ["大神ミオ"], "then": {"effect": "draw", "params": {"count": 1}}}),
    (RUFFIANS, "attached_down", {"opp_turn": True, "only": ["フワワ・アビスガード", "モココ・アビスガード"], "then": {
        "effect": "down_cheer", "params": {"from": "archive", "name": "フワワ・アビスガード", "optional": True,
                                           "colors": ["blue"]}}}),
    (SUBATOMO, "attached_down", {"opp_turn": True, "only": ["大空スバル"], "then": {"effect": "down_cheer", "params": {
        "from": "deck", "name": "大空スバル", "optional": True}}}),
    (COOKING, "pick_then", {"filter": {}, "steps": [
        {"effect": "heal", "params": {"amount": 20, "target": "self"}},
        {"effect": "if_stage_tag", "params": {"tag": "料理", "then": {"effect": "boost_self", "params": {"amount": 20}}}}]}),
    (KIARA_FAN, "attached_trigger", {"only": ["小鳥遊キアラ"], "on_attach": {"then": {"effect": "attached_then", "params": {
        "then": {"effect": "cost_hand", "params": {"filter": {}, "then": {"effect": "draw", "params": {"count": 1}}}}}}}}),
    (CALLI_TOOL, "tool_arts", {"amount": 10, "on_attach": {"names": ["森カリオペ"], "min_level": "1st", "then": {
        "effect": "attached_then", "params": {"then": {"effect": "mill", "params": {"count": 1}}}}}}),
    (LUNA_FAN, "attached_constant", {"guard": [{"amount": 30, "opp_turn": True}], "only": ["姫森ルーナ"]}),
    (LAMY_FAN, "attached_constant", {"special_plus": [{"amount": 10, "target": "center"}], "only": ["雪花ラミィ"]}),
    (SAKE_TOOL, "tool_arts", {"amount": 20, "taken": [{"amount": 10, "holder": {"no_tag": "お酒"}}]}),
    (WATAME_FAN, "attached_down", {"opp_turn": True, "only": ["角巻わため"], "then": {"effect": "down_move_cheer", "params": {
        "max": 2, "optional": True, "filter": {"name": "角巻わため"}, "colors": ["yellow"]}}}),
    (FUBUKI_MASCOT, "mascot_hp", {"amount": 20, "on_down": {"names": ["白上フブキ"], "then": {
        "effect": "down_move_cheer", "params": {"max": 1, "optional": False, "filter": {}}}}}),
    (MIKO_MASCOT, "mascot_hp", {"amount": 10, "on_down": {"names": ["さくらみこ"], "opp_turn": True, "then": {
        "effect": "opp_discard", "params": {"count": 1}}}}),
    (FUBUKI_GUARD, "mascot_hp", {"amount": 20, "taken": [{"none": True, "pos": ["back"], "holder": {"names": ["白上フブキ"]}}]}),
    (FUWAMOCO_MASCOT, "mascot_hp", {"amount": 20, "colorless_arts": [
        {"holder": {"names": ["フワワ・アビスガード", "モココ・アビスガード"]}}]}),
    (SUISEI_TOOL, "tool_arts", {"amount": 10, "on_ko": {"names": ["星街すいせい"], "min_level": "1st", "then": {
        "effect": "attached_then", "params": {"then": {"effect": "cheer_to", "params": {"to": "self"}}}}}}),
    (LUI_MASCOT, "tool_arts", {"amount": 10, "on_arts": {"names": ["鷹嶺ルイ"], "then": {"effect": "attached_then", "params": {
        "then": {"effect": "draw", "params": {"count": 1}}, "at": ["center"]}}}}),
    (NOEL_TOOL, "tool_arts", {"amount": 10, "arts_while": [
        {"amount": 20, "test": "cheer_min", "n": 3, "holder": {"names": ["白銀ノエル"], "min_level": "1st"}}]}),
    (SUBARU_MASCOT, "mascot_hp", {"amount": 20, "arts_while": [
        {"amount": 20, "test": "both_stage_cheer_min", "n": 10, "holder": {"names": ["大空スバル"]}}]}),
    (ID3_TOOL, "tool_arts", {"amount": 10, "arts_while": [{"amount": 10, "holder": {"min_level": "1st", "tag": "ID3期生"}}]}),
    (RETURN_HOLOMEM, "sequence", {"steps": [
        {"effect": "archive_to_pile", "params": {"filter": {"holomem": True}, "max": 3, "pile": "deck"}},
        {"effect": "draw", "params": {"count": 2}}]}),
    (LOOK_TWO, "look_slots", {"count": 4, "slots": [{"holomem": True, "level": "debut"}, {"holomem": True, "level": "1st"}],
                              "rest": "bottom"}),
    (OSHI_COLOUR, "cost_holopower", {"count": 1, "then": {"effect": "search_oshi_colour", "params": {
        "filter": {"holomem": True, "level": "1st"}}}, "needs": [{"test": "holopower", "n": 1}]}),
    (KORONE_MASCOT, "tool_arts", {"amount": 10, "on_down": {"names": ["戌神ころね"], "then": {
        "effect": "down_return_self", "params": {"holopower": 1}}}}),
    (KIARA_MASCOT, "attached_constant", {"taken": [{"amount": -10, "pos": ["center", "collab"]}], "on_bloom": {
        "names": ["小鳥遊キアラ"], "then": {"effect": "attached_then", "params": {
            "then": {"effect": "draw", "params": {"count": 1}}}}}}),
    (KOYORI_FAN, "attached_trigger", {"only": ["博衣こより"], "on_attach": {"then": {"effect": "attached_then", "params": {
        "then": {"effect": "move_cheer_here", "params": {"optional": True}}}}}}),
    (MYTH_REVEAL, "reveal_take", {"count": 4, "take": 2, "rest": "archive", "needs": [{"test": "all_tag", "tag": "Myth"}]}),
    (DEBUT_FOR_1ST, "debut_for_1st", {}),
    (ART_CHEER, "sequence", {"steps": [
        {"effect": "cheer_search", "params": {"colors": ["white", "green", "red", "blue", "purple", "yellow"], "to": "choose",
                                              "tag": "絵"}},
        {"effect": "from_archive", "params": {"optional": False, "filter": {"tag": "絵", "holomem": True}}}]}),
    (LIFE_TOOL, "mascot_hp", {"amount": 50, "on_down": {"then": {"effect": "lose_life", "params": {"count": 1}}}}),
    (BUZZ_TOOL, "attached_constant", {"arts_cost_less": [{"amount": 1, "holder": {"buzz": True}}]}),
    (CECILIA_FAN, "tool_arts", {"amount": 10, "only": ["セシリア・イマーグリーン"], "on_attach": {"then": {
        "effect": "attached_then", "params": {"then": {"effect": "rest_or_wake", "params": {}}}}}}),
    (MOCOCO_FAN, "mascot_hp", {"amount": 10, "only": ["フワワ・アビスガード", "モココ・アビスガード"], "on_down": {
        "opp_turn": True, "then": {"effect": "if_downed_cheer", "params": {
            "colors": ["red"], "then": {"effect": "draw", "params": {"count": 1}}}}}}),
    (TWO_COLOURS, "two_colour_search", {"filter": {"holomem": True, "level": "1st", "no_buzz": True},
                                        "needs": [{"test": "two_mono_colours"}]}),
    (RADEN_SET, "pick_then", {"filter": {"name": "儒烏風亭らでん"}, "steps": [
        {"effect": "move_cheer_here", "params": {"optional": True, "max": 2}},
        {"effect": "if_state", "params": {"test": "cheer_at_least", "n": 3, "then": {
            "effect": "boost_self", "params": {"amount": 10}}}}]}),
    (LAMY_MASCOT, "mascot_hp", {"amount": 0, "bonus": {"names": ["雪花ラミィ"], "amount": 20},
                                "arts_while": [{"amount": 10}]}),
    (STONE_AXE, "tool_arts", {"amount": 20, "on_arts": {"then": {"effect": "attached_then", "params": {"then": {
        "effect": "self_special_damage", "params": {"amount": 10}}}}},
        "on_heal": {"names": ["アキ・ローゼンタール"], "min_level": "1st", "once": True, "own": True, "then": {
            "effect": "attached_then", "params": {"then": {"effect": "draw", "params": {"count": 1}}}}}}),
    (GYUDON, "pick_then", {"filter": {}, "steps": [{"effect": "baton_less_turn", "params": {"amount": 2}},
                                                   {"effect": "heal", "params": {"amount": 20, "target": "self"}}]}),
    (KORONE_FAN, "attached_constant", {"baton_less": [{"amount": 1}], "only": ["戌神ころね"]}),
    (CHATTINO, "mascot_hp", {"amount": 10, "hp_while": [{"amount": 20, "oshi": "ラオーラ・パンテーラ", "holder": {
        "names": ["ラオーラ・パンテーラ"], "min_level": "1st"}}]}),
    (NENE_FAN, "attached_trigger", {"on_bloom": {"then": {"effect": "attached_then", "params": {"then": {
        "effect": "support_once", "params": {"then": {"effect": "draw", "params": {"count": 1}}}}}}},
        "only": ["桃鈴ねね"]}),
    (ANCIENT_WEAPON, "attached_constant", {"on_down": {"opp_turn": True, "then": {"effect": "cost_hand", "params": {
        "then": {"effect": "archived_self_to_hand", "params": {}}}}}, "arts_while": [{
            "amount": 10, "test": "per_stage_name", "name": "古代武器", "holder": {
                "names": ["アーニャ・メルフィッサ"], "min_level": "1st"}}]}),
    (MIKO_FAN, "attached_constant", {"cheer_as": [{"color": "red"}], "on_down": {"then": {
        "effect": "opp_may_draw", "params": {"count": 1}}}, "only": ["さくらみこ"]}),
    (POLKA_FAN, "attached_constant", {"cheer_as": [{"color": "red"}], "taken": [{"amount": 10}], "only": ["尾丸ポルカ"]}),
    (GENKAI, "pick_then", {"filter": {"name": "一条莉々華"}, "steps": [{"effect": "cost_less_turn", "params": {
        "color": "any", "amount": 1}}], "needs": [{"test": "once", "name": "限界飯"}]}),
    (MATSUTAKE, "pick_then", {"filter": {"name": "儒烏風亭らでん"}, "steps": [{"effect": "boost_self_cheer", "params": {
        "amount": 10, "n": 3, "more": 20}}]}),
    (HOLOCAP, "attached_constant", {"hp_while": [{"amount": 30, "holder": {"levels": ["debut", "spot"]}}],
                                    "taken": [{"none": True, "kind": "special", "holder": {"levels": ["debut", "spot"]}}]}),
])
def test_the_support_texts_are_recognised(raw, pid, effect, params):
    assert rawlist.recognise(text(raw, pid)) == (effect, params)


def test_an_unknown_condition_or_an_unsafe_trigger_stays_by_hand():
    # a condition this module does not read is left to the others (here: rawlist's own hand_max)
    assert rawlist.recognise("このカードは、自分の手札がこのカードを含まずに6枚以下でなければ使えない。自分のデッキを2枚引く。") == (
        "draw", {"count": 2, "hand_max": 6})
    assert rawlist.recognise("このカードは、相手の手札が7枚以上でなければ使えない。自分のデッキを2枚引く。") == (None, {})
    # a down trigger that is not known to read the same after ダウン② (damage: downs of its own) stays by hand
    assert rawlist.recognise("相手のターンで、このファンが付いているホロメンがダウンした時、相手のセンターホロメンに特殊ダメージ20を"
                             "与える。このファンは、自分の〈フワワ・アビスガード〉か〈モココ・アビスガード〉だけに付けられ、1人に"
                             "つき何枚でも付けられる。") == (None, {})


# ------------------------------------------------------------------ play conditions

@needs_list
def test_hbp03_088_totsumachi_only_when_behind_and_the_opponent_moves_a_back_holomem_to_collab(R):
    """hBP03-088 凸待ち: 「このカードは、自分のライフが相手より少ない時にしか使えない。相手のコラボ
    ホロメンがいない時、相手は、自身のバックホロメン1人をコラボポジションに移動させる（移動は
    コラボとしては扱わない）。」 Given equal lives, it is refused; given p1 behind and p2 two back
    holomem, p2 (not p1) chooses which one moves; no holopower, p2's collab not used."""
    s = main([TOTSU])
    with pytest.raises(RuleViolation) as refused:
        run(R, s, c("p1", "support", card=TOTSU))
    assert refused.value.rule == "カード/凸待ち" and "ライフが相手より少ない" in str(refused.value)
    s["players"]["p1"]["life"] = 4
    s["players"]["p2"]["back"].append({**copy.deepcopy(s["players"]["p2"]["back"][0]), "card": AKARI_D})
    holopower = list(s["players"]["p2"]["holopower"])
    s = run(R, s, c("p1", "support", card=TOTSU))
    assert s["pending"]["seat"] == "p2" and s["pending"]["kind"] == "back_to_collab"
    assert s["pending"]["options"] == ["back0", "back1"]
    with pytest.raises(RuleViolation):
        run(R, s, c("p1", "choose", choice="back1"))
    s = run(R, s, c("p2", "choose", choice="back1"))
    p2 = s["players"]["p2"]
    assert p2["collab"]["card"] == AKARI_D and [h["card"] for h in p2["back"]] == [AKARI_DU]
    assert p2["holopower"] == holopower and p2["used"]["collab"] is False
    assert TOTSU in s["players"]["p1"]["archive"] and s["players"]["p1"]["used"]["limited"] is True


@needs_list
def test_hbp03_088_with_a_collab_holomem_already_there_nothing_moves(R):
    s = main([TOTSU])
    s["players"]["p1"]["life"] = 4
    s["players"]["p2"]["collab"] = s["players"]["p2"]["back"].pop(0)
    s = run(R, s, c("p1", "support", card=TOTSU))
    assert s["pending"] is None and s["players"]["p2"]["collab"]["card"] == AKARI_DU


@needs_list
def test_hbp02_079_explosion_magic_once_per_turn_for_every_magic_event(R):
    """hBP02-079 爆発の魔法: 「相手のセンターホロメンかコラボホロメンに特殊ダメージ20を与える。ただし、
    ダウンしても相手のライフは減らない。自分の#魔法を持つイベントはターンに1回しか使えない。」: a
    second #魔法 event (this one or 魔法のタンス) is refused this turn, allowed the next."""
    s = main([BAKUHATSU, BAKUHATSU, TANSU])
    s["players"]["p1"]["holopower"] = [LETTER]
    s = run(R, s, c("p1", "support", card=BAKUHATSU))  # p2 has no collab: the centre is hit
    assert s["players"]["p2"]["center"]["damage"] == 20 and s["pending"] is None
    for card in (BAKUHATSU, TANSU):
        with pytest.raises(RuleViolation) as refused:
            run(R, s, c("p1", "support", card=card))
        assert "#魔法を持つイベントはターンに1回しか使えない" in str(refused.value)
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    s = run(R, s, c("p2", "choose", choice="center"))
    s = run(R, s, c("p2", "end_turn"), MIC, WHITE)
    s = run(R, s, c("p1", "choose", choice="center"))
    s = run(R, s, c("p1", "support", card=BAKUHATSU))
    assert s["players"]["p2"]["center"]["damage"] == 40


@needs_list
def test_hbp02_083_magic_chest_pays_one_holopower_and_sends_a_purple_cheer_to_shion(R):
    """hBP02-083 魔法のタンス: 「このカードは、自分のホロパワー1枚をアーカイブしなければ使えない。
    自分のアーカイブの紫エール1枚を、自分の〈紫咲シオン〉に送る。…」: refused with no holopower;
    else the holopower card is archived and the purple cheer goes to シオン (the only one)."""
    s = main([TANSU])
    shion = R.holomem[("紫咲シオン", "Debut")]
    s["players"]["p1"]["back"][0]["card"] = shion
    s["players"]["p1"]["archive"] = [R.purple, GREEN]
    with pytest.raises(RuleViolation) as refused:
        run(R, s, c("p1", "support", card=TANSU))
    assert "ホロパワー1枚をアーカイブしなければ使えない" in str(refused.value)
    s["players"]["p1"]["holopower"] = [LETTER]
    s = run(R, s, c("p1", "support", card=TANSU))
    assert s["players"]["p1"]["holopower"] == [] and LETTER in s["players"]["p1"]["archive"]
    assert s["pending"]["kind"] == "arts_archive_cheer" and s["pending"]["options"] == [R.purple]
    s = run(R, s, c("p1", "choose", choice=R.purple))
    assert s["players"]["p1"]["back"][0]["cheer"] == [R.purple] and s["players"]["p1"]["center"]["cheer"] == [WHITE]


@needs_list
def test_hbp02_077_retro_pc_only_at_life_three_or_less(R):
    """hBP02-077 レトロパソコン: 「このカードは、自分のライフが3以下でなければ使えない。自分のアーカイブの
    ホロメン1枚を手札に戻す。」"""
    s = main([RETRO])
    s["players"]["p1"]["archive"] = [YUKI_1, GREEN]
    with pytest.raises(RuleViolation) as refused:
        run(R, s, c("p1", "support", card=RETRO))
    assert refused.value.rule == "カード/レトロパソコン"
    s["players"]["p1"]["life"] = 3
    s = run(R, s, c("p1", "support", card=RETRO))
    assert s["players"]["p1"]["hand"][-1] == YUKI_1 and s["players"]["p1"]["archive"] == [GREEN, RETRO]


# ------------------------------------------------------------------ the events' effects

@needs_list
def test_hbp02_084_draws_two_then_rolls_a_die(R):
    """hBP02-084 みっころね24: 「自分のデッキを2枚引き、サイコロを1回振る:3か5か6の時、自分のデッキから、
    Debutホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。2か4の時、自分のデッキを
    1枚引く。」: two draws, then the die (the outcomes in that order)."""
    s = main([MIKKORONE])
    hand = len(s["players"]["p1"]["hand"])
    three = run(R, s, c("p1", "support", card=MIKKORONE), LETTER, MEMO, 3)
    assert three["players"]["p1"]["hand"][-2:] == [LETTER, MEMO] and three["roll"]["face"] == 3
    assert three["pending"]["kind"] == "search_deck" and YUKI_D in three["pending"]["options"]
    three = run(R, three, c("p1", "choose", choice=YUKI_D))
    assert three["players"]["p1"]["hand"][-1] == YUKI_D and len(three["players"]["p1"]["hand"]) == hand + 2
    four = run(R, s, c("p1", "support", card=MIKKORONE), LETTER, MEMO, 4, MIC)
    assert four["players"]["p1"]["hand"][-3:] == [LETTER, MEMO, MIC] and four["pending"] is None
    one = run(R, s, c("p1", "support", card=MIKKORONE), LETTER, MEMO, 1)
    assert len(one["players"]["p1"]["hand"]) == hand + 1 and one["pending"] is None


@needs_list
def test_hbp05_074_puts_two_unlimited_debuts_out_then_a_hand_card_to_the_bottom(R):
    """hBP05-074 フレンドリーパソコン: 「自分のデッキから、エクストラ「このホロメンはデッキに何枚でも
    入れられる」を持つDebutホロメン1～2枚を公開し、ステージに出す。そしてデッキをシャッフルする。
    Debutホロメンを2枚出したなら、さらに、自分の手札1枚をデッキの下に戻す。」: only Debut holomem
    with that extra are offered; two put out, one hand card goes under the deck (a secret choice)."""
    s = main([FRIENDLY])
    s = run(R, s, c("p1", "support", card=FRIENDLY))
    assert s["pending"]["kind"] == "search_stage" and s["pending"]["options"] == [YUKI_DU, None]  # not 雪見ユキ FX01-001
    s = run(R, s, c("p1", "choose", choice=YUKI_DU))
    s = run(R, s, c("p1", "choose", choice=YUKI_DU))
    assert [h["card"] for h in s["players"]["p1"]["back"]] == [YUKI_DU] * 3
    assert s["pending"]["kind"] == "hand_card_to_bottom" and s["pending"]["secret"] is True
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert LETTER not in s["players"]["p1"]["hand"] and s["zones"]["piles"]["deck/p1"]["bottom"] == [LETTER]
    once = run(R, run(R, main([FRIENDLY]), c("p1", "support", card=FRIENDLY)), c("p1", "choose", choice=YUKI_DU))
    once = run(R, once, c("p1", "choose", choice=None))
    assert once["pending"] is None and len(once["players"]["p1"]["back"]) == 2  # one put out: no card back


@needs_list
def test_hbp03_086_stops_when_the_stage_is_full(R):
    """hBP03-086 デュアルモニターパソコン (the same search, no second part): with five holomem on
    the stage (of six) one more is put out, and the search ends there."""
    s = main([DUAL])
    s["players"]["p1"]["back"] += [copy.deepcopy(s["players"]["p1"]["back"][0]) for _ in range(3)]
    s = run(R, s, c("p1", "support", card=DUAL))
    s = run(R, s, c("p1", "choose", choice=YUKI_DU))
    assert s["pending"] is None and len(s["players"]["p1"]["back"]) == 5


# ------------------------------------------------------------------ a chosen holomem

@needs_list
def test_hsd04_013_heals_the_chosen_holomem_and_boosts_it_with_a_cooking_holomem_on_the_stage(R):
    """hSD04-013: 「自分のホロメン1人を選ぶ。選んだホロメンのHP20回復。自分のステージに#料理を持つホロメンが
    いる時、さらに、このターンの間、選んだホロメンのアーツ+20。」: the one chosen is healed; with no
    #料理 holomem nothing more, with one (here its tag given to the centre) it is boosted too."""
    s = main([COOKING, COOKING])
    s["players"]["p1"]["back"][0]["damage"] = 30
    s = run(R, s, c("p1", "support", card=COOKING))
    assert s["pending"]["kind"] == "pick_then" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 10 and s["players"]["p1"]["back"][0]["mods"]["arts"] == 0
    cook = next(cid for cid, x in R.cardset.cards.items() if "料理" in x["tags"] and x["kind"] == "holomem")
    s["players"]["p1"]["center"]["card"] = cook
    s = run(R, s, c("p1", "support", card=COOKING))
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 0 and s["players"]["p1"]["back"][0]["mods"]["arts"] == 20


# ------------------------------------------------------------------ the archive, the deck, the stage

@needs_list
def test_hbp07_092_returns_one_to_three_archived_holomem_to_the_deck_then_draws_two(R):
    """hBP07-092: 「自分のアーカイブのホロメン1～3枚をデッキに戻してシャッフルする。その後、自分のデッキを2枚
    引く。」: the first is a must (no null), then null ends; the deck is shuffled, then the draws."""
    s = main([RETURN_HOLOMEM])
    s["players"]["p1"]["archive"] = [YUKI_1, YUKI_D, GREEN]
    size = s["zones"]["piles"]["deck/p1"]["size"]
    s = run(R, s, c("p1", "support", card=RETURN_HOLOMEM))
    assert s["pending"]["kind"] == "archive_to_pile" and s["pending"]["options"] == [YUKI_D, YUKI_1]
    s = run(R, s, c("p1", "choose", choice=YUKI_1))
    assert s["pending"]["options"] == [YUKI_D, None]
    s = run(R, s, c("p1", "choose", choice=None), YUKI_1, MEMO)
    assert s["players"]["p1"]["archive"] == [YUKI_D, GREEN, RETURN_HOLOMEM]
    assert s["players"]["p1"]["hand"][-2:] == [YUKI_1, MEMO] and s["zones"]["piles"]["deck/p1"]["size"] == size - 1


@needs_list
def test_hbp03_085_takes_one_debut_and_one_1st_of_the_four_looked_at(R):
    """hBP03-085: 「自分のデッキの上から4枚を見る。その中から、[Debutホロメンと1stホロメン]1枚ずつを公開し、
    公開したホロメンを手札に加える。そして残ったカードを好きな順でデッキの下に戻す。」: once a Debut is
    taken only a 1st is offered; the two left go under the deck in the order chosen (secret)."""
    s = main([LOOK_TWO])
    s = run(R, s, c("p1", "support", card=LOOK_TWO), YUKI_D, YUKI_1, LETTER, YUKI_DU)
    assert s["pending"]["kind"] == "look_slots" and s["pending"]["options"] == [YUKI_D, YUKI_DU, YUKI_1, None]
    s = run(R, s, c("p1", "choose", choice=YUKI_D))
    assert s["pending"]["options"] == [YUKI_1, None]
    s = run(R, s, c("p1", "choose", choice=YUKI_1))
    assert s["pending"]["kind"] == "to_bottom" and s["pending"]["secret"] is True
    assert s["players"]["p1"]["hand"][-2:] == [YUKI_D, YUKI_1]


@needs_list
def test_hbp03_084_searches_a_1st_of_the_oshis_colour_after_paying_a_holopower(R):
    """hBP03-084: 「このカードは、自分のホロパワー1枚をアーカイブしなければ使えない。自分のデッキから、自分の
    推しホロメンと同色の1stホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。」"""
    s = main([OSHI_COLOUR])
    s["players"]["p1"]["holopower"] = [LETTER]
    s = run(R, s, c("p1", "support", card=OSHI_COLOUR))
    oshi = set(R.cardset.cards[s["players"]["p1"]["oshi"]]["colors"])
    options = s["pending"]["options"]
    assert s["pending"]["kind"] == "search_deck" and YUKI_1 in options and options[-1] is None
    assert all(R.cardset.cards[o]["level"] == "1st" and oshi & set(R.cardset.cards[o]["colors"]) for o in options[:-1])
    s = run(R, s, c("p1", "choose", choice=YUKI_1))
    assert s["players"]["p1"]["hand"][-1] == YUKI_1 and LETTER in s["players"]["p1"]["archive"]


@needs_list
def test_hbp08_098_only_with_an_all_myth_stage_reveals_four_and_takes_two(R):
    """hBP08-098: 「このカードは、自分のステージのホロメン全員が#Mythを持つホロメンでなければ使えない。自分のデッキ
    の上から4枚を公開する。その中から2枚を手札に加える。そして残ったカードをアーカイブする。」"""
    s = main([MYTH_REVEAL])
    with pytest.raises(RuleViolation) as refused:
        run(R, s, c("p1", "support", card=MYTH_REVEAL))
    assert "#Myth" in str(refused.value)
    calli = R.holomem[("森カリオペ", "Debut")]
    assert "Myth" in R.cardset.cards[calli]["tags"]
    s["players"]["p1"]["center"]["card"] = s["players"]["p1"]["back"][0]["card"] = calli
    s = run(R, s, c("p1", "support", card=MYTH_REVEAL), YUKI_D, LETTER, MEMO, YUKI_1)
    assert s["pending"]["kind"] == "reveal_take" and s["pending"]["options"] == sorted([YUKI_D, LETTER, MEMO, YUKI_1])
    s = run(R, s, c("p1", "choose", choice=MEMO))
    s = run(R, s, c("p1", "choose", choice=YUKI_1))
    assert s["players"]["p1"]["hand"][-2:] == [MEMO, YUKI_1] and s["pending"] is None
    assert s["players"]["p1"]["archive"][-2:] == [YUKI_D, LETTER]


@needs_list
def test_hbp02_076_puts_a_hand_debut_under_the_deck_and_finds_a_1st_of_its_name(R):
    """hBP02-076: 「自分の手札のDebutホロメン1枚を公開し、デッキの下に戻す。自分のデッキから、戻したホロメンと同じ
    カード名のBuzz以外の1stホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。」"""
    s = main([DEBUT_FOR_1ST, YUKI_DU])
    s = run(R, s, c("p1", "support", card=DEBUT_FOR_1ST))
    assert s["pending"]["kind"] == "debut_for_1st" and set(s["pending"]["options"]) == {YUKI_DU, MIDORI_D}
    s = run(R, s, c("p1", "choose", choice=MIDORI_D))
    assert s["zones"]["piles"]["deck/p1"]["bottom"] == [MIDORI_D]
    assert s["pending"]["kind"] == "search_deck" and s["pending"]["options"] == [MIDORI_1, None]
    s = run(R, s, c("p1", "choose", choice=MIDORI_1))
    assert s["players"]["p1"]["hand"][-1] == MIDORI_1 and MIDORI_D not in s["players"]["p1"]["hand"]



@needs_list
def test_hbp04_089_finds_a_1st_of_each_of_two_colours(R):
    """hBP04-089: 「このカードは、自分のステージに色が1色で異なる色のホロメンが2人以上いなければ使えない。自分の
    ステージの色が1色で異なる色のホロメン2人を選ぶ。自分のデッキから、Buzz以外のそれぞれ選んだホロメンと同色の
    1stホロメン1枚ずつを公開し、手札に加える。…」: refused with one colour on the stage; with 雪見ユキ and
    森野ミドリ, a 1st of each colour (once one is taken, only the other colour)."""
    s = main([TWO_COLOURS])
    with pytest.raises(RuleViolation):
        run(R, s, c("p1", "support", card=TWO_COLOURS))
    s["players"]["p1"]["back"][0]["card"] = MIDORI_D
    white, green = (R.cardset.cards[x]["colors"] for x in (YUKI_D, MIDORI_D))
    assert len(white) == len(green) == 1 and white != green
    s = run(R, s, c("p1", "support", card=TWO_COLOURS))
    assert s["pending"]["kind"] == "search_slots" and {YUKI_1, MIDORI_1} <= set(s["pending"]["options"])
    s = run(R, s, c("p1", "choose", choice=YUKI_1))
    assert all(R.cardset.cards[o]["colors"] == green for o in s["pending"]["options"][:-1])
    s = run(R, s, c("p1", "choose", choice=MIDORI_1))
    assert s["pending"] is None and s["players"]["p1"]["hand"][-2:] == [YUKI_1, MIDORI_1]


@needs_list
def test_hbp04_094_moves_up_to_two_cheer_to_raden_then_boosts_her_with_three(R):
    """hBP04-094: 「自分の〈儒烏風亭らでん〉1人を選ぶ。自分のステージのエール1～2枚を、選んだホロメンに付け替え
    られる。その後、選んだホロメンにエールが3枚以上付いている時、このターンの間、選んだホロメンのアーツ+10。」"""
    s = main([RADEN_SET])
    s["players"]["p1"]["center"]["card"] = R.holomem[("儒烏風亭らでん", "Debut")]
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN, GREEN]
    s = run(R, s, c("p1", "support", card=RADEN_SET))  # one らでん: not asked
    assert s["pending"]["kind"] == "move_cheer_here" and s["pending"]["options"] == [["back0", GREEN], None]
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    centre = s["players"]["p1"]["center"]
    assert centre["cheer"] == [WHITE, GREEN, GREEN] and centre["mods"]["arts"] == 10 and s["pending"] is None
