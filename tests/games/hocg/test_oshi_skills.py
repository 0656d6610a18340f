"""Oshi skills and SP oshi skills of the official recommended decks (``abilities.oshi_skills``,
``abilities.windows``): each shape recognised from a real card's printed text and resolved,
given/when/then. The cards come from ``../shared/data/hocg/card_data.json`` (never committed:
skipped without it), added to the FIXTURE set.

The rulebook: ホロパワー (「推しスキル」や「SP推しスキル」などのコストに使用する), SP推しスキルマーカー
(once per game), その他の現象/ダウン (a holomem is down once its damage reaches its HP).
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import (AKARI_1, AKARI_2, AKARI_D, AOI_D, BLUE, CS, DICE, GREEN, LETTER, MANAGER, MEMO, MIC, MIDORI_D, RED,
                      REAL_LIST, SNOWMAN, WHITE, YUKI_2, YUKI_D, YUKI_DU, c)
from .test_turns import p1_main, p2_turn

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

SUISEI_OSHI, IOFI_OSHI, KOYORI_OSHI, MUMEI_OSHI, HAJIME_OSHI = (
    "hBP01-007_OSR", "hBP05-002_OSR", "hBP04-001_OSR", "hBP01-002_OSR", "hSD05-001_OC")
IOFI_D, RISU_D = "hBP05-019_U", "hBP03-073_C"
SUBARU_OSHI, BOTAN_OSHI, OKAYU_OSHI, KANATA_OSHI, AKI_OSHI, KORONE_OSHI, WATAME_OSHI, FUWAMOCO_OSHI, RADEN_OSHI, \
    MIKO_OSHI = ("hBP04-006_OSR", "hBP03-002_OSR", "hBP05-004_OSR", "hBP01-001_OSR", "hBP01-003_OSR", "hBP03-006_OSR",
                 "hBP03-007_OSR", "hBP03-004_OSR", "hBP04-002_OSR", "hBP03-003_OSR")
SUBARU_D, KORONE_D, WATAME_D, MOCOCO_1, OKAYU_D, KANADE_D, BOTAN_D = (
    "hSD19-002_C", "hBP03-061_02_C", "hBP03-067_02_C", "hBP08-036_C", "hBP05-041_U", "hBP03-080_C_02", "hBP03-016_C")
P35, KINOKO = "hBP03-107_U", "hSD15-010_C"
LAMY_OSHI, PEKORA_OSHI, NOEL_OSHI = "hBP04-004_OSR", "hBP01-004_OSR", "hBP05-001_OSR"
FLARE_2, FLARE_D = "hBP08-087_R", "hBP08-085_C"
KANAERU_OSHI, REINE_OSHI, FLARE_OSHI, MARINE_OSHI, POLKA_OSHI, ANYA_OSHI, LUNA_OSHI = (
    "hBP01-008_OSR", "hBP02-002_OSR", "hBP05-007_OSR", "hBP02-003_OSR", "hBP05-003_OSR", "hBP04-007_OSR", "hBP03-001_OSR")
KODAI, ZAIN, KOYORI_D, TEST_TUBE, MARINE_1 = "hBP04-099_U", "hBP01-126_C", "hBP04-008_C", "hBP04-097_U", "hSD09-003_R"
CHLOE_OSHI, CHLOE_D, MIKO_RED = "hBP02-004_OSR", "hBP02-035_C", "FX02-001_C"
TOWA_OSHI, TOWA_D, LUNA_D, LUNAIT = "hBP03-005_OSR", "hSD08-006_C", "hBP03-009_02_C", "hBP03-105_U"
KIARA_OSHI, FUBUKI_OSHI = "hBP01-006_OSR", "hBP02-001_OSR"
ZETA_OSHI, IRYS_OSHI, AZKI_OSHI, MOONA_OSHI, SUBARU_SD, NIKO_OSHI, NENE_OSHI, LUI_OSHI, FUWAMOCO_8, BAE_OSHI, \
    RAORA_OSHI = ("hBP07-002_OSR", "hBP08-001_OSR", "hBP07-006_OSR", "hBP06-006_OSR", "hSD19-001_OC", "hSD11-001_OSR",
                  "hBP07-007_OSR", "hBP08-005_OSR", "hBP08-003_OSR", "hBP06-005_OSR", "hBP06-001_OSR")
RIONA_OSHI, ROBOCO_OSHI, JUSTICE_OSHI = "hBP06-002_OSR", "hBP06-007_OSR", "hSD13-001_OSR"
GIGI_2, ZETA_D, ROBOSA, ROBOCO_D = "hBP07-086_R", "hBP01-024_02_C", "hBP03-110_U", "hBP03-057_02_C"
IROHA_OSHI, IROHA_BUZZ, IROHA_2 = "hBP06-003_OSR", "hBP06-026_R", "hBP07-030_R"
MATSURI_OSHI, MATSURI_D, CECILIA_OSHI, CECILIA_D = "hBP06-008_OSR", "hBP04-079_02_C", "hBP08-002_OSR", "hBP04-028_C_02"
LUI_D = "hBP01-056_C_02"
SHION_OSHI, SHION_D, WATAME_STAGE = "hBP02-005_OSR", "hBP02-042_C", "hBP07-001_OSR"
SHION_MAGIC = "hBP02-043_U"
HAATO_OSHI, HAATO_D = "hBP07-004_OSR", "hBP03-031_02_C"
AZKI_D, SUU_FG, NENE_D, IRYS_D, RAORA_D = "hBP01-044_02_C", "hBP08-047_C", "hBP04-083_02_C", "hBP01-028_C_02", "hBP08-019_U"
MUMEI_YS, IROHA_SD, MIO_OSHI, FLARE_SD, GIGI_OSHI, AYAME_OSHI, SHIORI_OSHI, SUU_OSHI, KRONII_OSHI, CALLI_OSHI, \
    BIJOU_OSHI = ("hYS01-001_OC", "hSD06-001_OC", "hBP07-003_OSR", "hSD07-001_OC", "hSD13-002_OSR", "hBP06-004_OSR",
                  "hSD12-001_OSR", "hBP08-004_OSR", "hBP07-005_OSR", "hBP02-007_OSR", "hSD12-002_OSR")
NERISSA_OSHI, LAMY_D, REINE_D, NERISSA_D = "hBP05-006_OSR", "hBP04-043_02_C", "hBP02-018_C_02", "hBP02-065_02_C"
LAPLUS_OSHI, OLLIE_OSHI, OLLIE_D, OLLIE_1, POLKA_D, STAFF = (
    "hBP04-005_OSR", "hBP02-006_OSR", "hBP02-048_C", "hBP02-050_C", "hBP01-068_02_C", "hBP07-091_C")
OSHI = [SUISEI_OSHI, IOFI_OSHI, KOYORI_OSHI, MUMEI_OSHI, HAJIME_OSHI, SUBARU_OSHI, BOTAN_OSHI, OKAYU_OSHI, KANATA_OSHI,
        AKI_OSHI, KORONE_OSHI, WATAME_OSHI, FUWAMOCO_OSHI, RADEN_OSHI, MIKO_OSHI, LAMY_OSHI, PEKORA_OSHI, NOEL_OSHI,
        KANAERU_OSHI, REINE_OSHI, FLARE_OSHI, MARINE_OSHI, POLKA_OSHI, ANYA_OSHI, LUNA_OSHI, CHLOE_OSHI, LAPLUS_OSHI,
        OLLIE_OSHI, TOWA_OSHI, KIARA_OSHI, NERISSA_OSHI, FUBUKI_OSHI, MUMEI_YS, IROHA_SD, MIO_OSHI, FLARE_SD, GIGI_OSHI,
        AYAME_OSHI, SHIORI_OSHI, SUU_OSHI, KRONII_OSHI, CALLI_OSHI, BIJOU_OSHI, ZETA_OSHI, IRYS_OSHI, AZKI_OSHI,
        MOONA_OSHI, SUBARU_SD, NIKO_OSHI, NENE_OSHI, LUI_OSHI, FUWAMOCO_8, BAE_OSHI, RAORA_OSHI, RIONA_OSHI, ROBOCO_OSHI,
        JUSTICE_OSHI, IROHA_OSHI, MATSURI_OSHI, CECILIA_OSHI, SHION_OSHI, WATAME_STAGE, HAATO_OSHI]
HOLOMEM = [IOFI_D, RISU_D, SUBARU_D, KORONE_D, WATAME_D, MOCOCO_1, OKAYU_D, KANADE_D, BOTAN_D, P35, KINOKO, FLARE_2,
           FLARE_D, KODAI, ZAIN, KOYORI_D, TEST_TUBE, MARINE_1, CHLOE_D, OLLIE_D, OLLIE_1, POLKA_D, STAFF, TOWA_D,
           LUNA_D, LUNAIT, LAMY_D, REINE_D, NERISSA_D, AZKI_D, SUU_FG, NENE_D, IRYS_D, RAORA_D, GIGI_2, ZETA_D, ROBOSA,
           ROBOCO_D, IROHA_BUZZ, IROHA_2, MATSURI_D, CECILIA_D, LUI_D, SHION_D, SHION_MAGIC, HAATO_D]


@pytest.fixture(scope="module")
def raw():
    return json.loads(REAL_LIST.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def R(raw):
    wanted = set(OSHI + HOLOMEM)
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items() if pid in wanted]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-oshi-skills", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    return UNBOUND.bind(mixed)


def skill(raw, pid: str, i: int) -> str:
    """The printed text of the card's ``i``-th skill, as the list gives it."""
    return raw[pid]["skills"][i]["text"]


def body(raw, pid: str, i: int) -> tuple[str | None, dict]:
    return rawlist.recognise(rawlist._skill_head(skill(raw, pid, i))[3])


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def with_oshi(s: dict, seat: str, oshi: str, holopower: list[str]) -> dict:
    """A given state: ``seat``'s oshi is ``oshi`` and its ホロパワー holds ``holopower`` (known cards)."""
    s = copy.deepcopy(s)
    s["players"][seat]["oshi"] = oshi
    s["players"][seat]["holopower"] = list(holopower)
    return s


# ------------------------------------------------------------------ 「…にダメージを与えた時に使える」

@needs_list
def test_hbp01_007_the_damage_time_skills_are_recognised(raw):
    """hBP01-007 星街すいせい: ほうき星 and シューティングスター are used when damage is dealt."""
    assert body(raw, SUISEI_OSHI, 0) == ("skill_window", {
        "moment": "dealt", "dealer": {"oshi": True, "colors": ["blue"]}, "target": "back",
        "then": {"effect": "special_subject", "params": {"amount": 50}}})
    assert body(raw, SUISEI_OSHI, 1) == ("skill_window", {
        "moment": "dealt", "dealer": {"colors": ["blue"]}, "target": "front", "same_amount": True,
        "then": {"effect": "special_damage", "params": {"amount": 1, "target": "back"}}})


def suisei_attacks(R, holopower=(MEMO, LETTER, MANAGER, MIC)):
    """p2's turn 2: its oshi is 星街すいせい with four ホロパワー, its centre the blue 水瀬アオイ (art
    20), p1's centre 雪見ユキ (HP 80) and back 雪見ユキ (HP 100)."""
    s = with_oshi(p2_turn(p1_main()), "p2", SUISEI_OSHI, list(holopower))
    s["players"]["p2"]["center"]["card"] = AOI_D
    return s


@needs_list
def test_hbp01_007_shooting_star_then_houkiboshi_chain_on_the_damage_dealt(R):
    """Given 星街すいせい's oshi and a blue centre, when its art deals 20 to p1's centre, then p2
    may use シューティングスター (SP, ホロパワー2): 20 special damage to p1's back holomem (the one
    there: no question); that damage is the oshi's own to a back holomem, so ほうき星 (ホロパワー2)
    is offered next: 50 more to that same holomem."""
    s = run(R, suisei_attacks(R), c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 20
    assert s["pending"]["kind"] == "window" and s["pending"]["seat"] == "p2"
    assert s["pending"]["options"] == ["シューティングスター", None]
    s = run(R, s, c("p2", "choose", choice="シューティングスター"))
    p2 = s["players"]["p2"]
    assert p2["sp_used"] and p2["holopower"] == [MANAGER, MIC] and p2["archive"][-2:] == [MEMO, LETTER]
    assert s["players"]["p1"]["back"][0]["damage"] == 20
    assert s["pending"]["options"] == ["ほうき星", None]
    s = run(R, s, c("p2", "choose", choice="ほうき星"))
    assert s["players"]["p1"]["back"][0]["damage"] == 70 and s["players"]["p2"]["holopower"] == []
    assert s["pending"] is None and s["players"]["p2"]["oshi_turn"] == s["turn"]


@needs_list
def test_hbp01_007_a_window_may_be_declined_and_needs_its_holopower(R):
    """Declined (null): nothing is paid. With one ホロパワー, no skill is offered at all."""
    s = run(R, suisei_attacks(R), c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["pending"] is None and len(s["players"]["p2"]["holopower"]) == 4
    assert not s["players"]["p2"].get("sp_used") and s["players"]["p1"]["back"][0]["damage"] == 0
    poor = run(R, suisei_attacks(R, holopower=(MEMO,)), c("p2", "arts", holomem="center", art=0, target="center"))
    assert poor["pending"] is None and poor["players"]["p1"]["center"]["damage"] == 20


@needs_list
def test_hbp01_007_only_a_blue_holomem_or_the_oshi_opens_it(R):
    """炎堂アカリ (red) deals the damage: シューティングスター (「自分の青ホロメンが」) is not offered."""
    s = suisei_attacks(R)
    s["players"]["p2"]["center"]["card"] = "FX02-001_C"  # 炎堂アカリ Debut, red
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"] is None and s["players"]["p1"]["center"]["damage"] == 20


@needs_list
def test_hbp01_007_houkiboshi_is_not_offered_for_a_holomem_already_down(R):
    """The back holomem goes down to シューティングスター (its damage reached its HP: ダウン): 「その
    相手のバックホロメン」 is gone, so ほうき星 is not offered."""
    s = suisei_attacks(R)
    s["players"]["p1"]["back"][0]["damage"] = 90  # HP 100
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "choose", choice="シューティングスター"), WHITE)
    assert s["players"]["p1"]["back"] == [] and s["players"]["p1"]["life"] == 4
    assert s["pending"] is None or s["pending"]["kind"] != "window"


@needs_list
def test_the_oshi_skill_command_refuses_a_damage_time_skill(R):
    """A skill used 「…時に使える」 is not used from the main phase."""
    s = with_oshi(p1_main(), "p1", SUISEI_OSHI, [MEMO, LETTER])
    with pytest.raises(RuleViolation, match="when its text says"):
        run(R, s, c("p1", "oshi_skill", skill="oshi"))


# ------------------------------------------------------------------ 「…ダメージを受ける時に使える」

@needs_list
def test_the_damage_reducing_skills_are_recognised(raw):
    """hSD05-001 轟はじめ クイックガード, hBP01-002 七詩ムメイ 文明の守護者, hBP04-001 博衣こより
    助手くん、んーまっ！, hBP05-002 アイラニ・イオフィフティーン IOFORIA~!."""
    assert body(raw, HAJIME_OSHI, 1) == ("skill_window", {
        "moment": "taking", "opp_turn": True, "holder": {"colors": ["white"]},
        "then": {"effect": "reduce_damage", "params": {"amount": 20}}})
    assert body(raw, MUMEI_OSHI, 0)[1]["holder"] == {"tag": "Promise"}
    assert body(raw, KOYORI_OSHI, 1)[1]["holder"] == {"attached": "こよりの助手くん", "names": ["博衣こより"]}
    assert body(raw, IOFI_OSHI, 0) == ("skill_window", {
        "moment": "taking", "opp_turn": True, "holder": {"tag": "ID1期生"},
        "then": {"effect": "move_cheer", "params": {"tag": "ID1期生", "optional": False, "from": "self"}}})


def hajime_defends(R):
    """p2's turn 2: p1's oshi is 轟はじめ (one ホロパワー), its centre the white 雪見ユキ 2nd (HP 200);
    p2's centre is 炎堂アカリ 2nd (art 80, 特攻 白+50: 130)."""
    s = with_oshi(p2_turn(p1_main()), "p1", HAJIME_OSHI, [MEMO])
    s["players"]["p1"]["center"]["card"] = YUKI_2
    s["players"]["p2"]["center"].update(card=AKARI_2, cheer=[RED, RED, RED])
    return s


@needs_list
def test_hsd05_001_quick_guard_takes_20_off_the_damage_on_the_opponents_turn(R):
    """Given 轟はじめ's クイックガード, when p2's art is about to deal 130 to p1's white centre, then p1
    (not the active seat) is asked first; used, its ホロパワー is archived and the centre takes 110."""
    s = run(R, hajime_defends(R), c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "window" and s["pending"]["seat"] == "p1"
    assert s["pending"]["options"] == ["クイックガード", None] and s["players"]["p1"]["center"]["damage"] == 0
    s = run(R, s, c("p1", "choose", choice="クイックガード"))
    assert s["players"]["p1"]["center"]["damage"] == 110 and s["players"]["p1"]["holopower"] == []
    assert MEMO in s["players"]["p1"]["archive"] and s["players"]["p1"]["sp_used"]
    assert any(e["kind"] == "damage_reduced" and e["amount"] == 20 for e in s["events"])


@needs_list
def test_hsd05_001_declined_the_damage_is_dealt_whole(R):
    s = run(R, hajime_defends(R), c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["center"]["damage"] == 130 and s["players"]["p1"]["holopower"] == [MEMO]


@needs_list
def test_hsd05_001_not_on_its_own_turn_and_once_per_game(R):
    """「相手のターンで」: p1's own turn's damage opens nothing (p1 has no damage dealt to it then, so
    the given state puts 轟はじめ on p2, hit by p1); SP: once used, not offered again."""
    s = with_oshi(p2_turn(p1_main()), "p2", HAJIME_OSHI, [MEMO])
    s["players"]["p2"]["center"]["card"] = YUKI_D  # white, p2's own turn: p2 hits p1, nobody hits p2
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"] is None
    used = hajime_defends(R)
    used["players"]["p1"]["sp_used"] = True
    used = run(R, used, c("p2", "arts", holomem="center", art=0, target="center"))
    assert used["pending"] is None and used["players"]["p1"]["center"]["damage"] == 130  # dealt whole


@needs_list
def test_hbp05_002_ioforia_moves_a_cheer_off_the_holomem_about_to_be_hit(R):
    """Given アイラニ・イオフィフティーン's IOFORIA~! and p1's #ID1期生 centre (HP 90) with one cheer, when
    p2's art is about to hit it, then p1 may move that cheer to its other #ID1期生 holomem (the back
    アユンダ・リス) first; then the damage lands."""
    s = with_oshi(p2_turn(p1_main()), "p1", IOFI_OSHI, [MEMO])
    s["players"]["p1"]["center"]["card"] = IOFI_D
    s["players"]["p1"]["back"][0]["card"] = RISU_D
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == ["IOFORIA~!", None]
    s = run(R, s, c("p1", "choose", choice="IOFORIA~!"))
    assert s["pending"]["kind"] == "move_cheer" and s["pending"]["options"] == [["center", WHITE]]
    assert s["players"]["p1"]["center"]["damage"] == 0  # not yet: the window is still open
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]))  # one other #ID1期生: no question where to
    assert s["players"]["p1"]["center"]["cheer"] == [] and s["players"]["p1"]["back"][0]["cheer"] == [WHITE]
    assert s["players"]["p1"]["center"]["damage"] == 20 and s["players"]["p1"]["oshi_turn"] == s["turn"]
    # [ターンに1回]: the next hit this turn opens no window
    assert not any(e["kind"] == "window" for e in s["events"])


# ------------------------------------------------------------------ main-phase skills

HP4 = [MEMO, LETTER, MANAGER, MIC]


def used(R, s, seat, skill, *outcomes):
    return run(R, s, c(seat, "oshi_skill", skill=skill), *outcomes)


@needs_list
def test_a_condition_of_use_refuses_the_skill_until_it_holds(R, raw):
    """hBP04-006 大空スバル リアクション芸: 「自分のライフが3以下の時に使える:このターンの間、自分の
    センターホロメンの〈大空スバル〉のアーツ+100。」: refused at life 5 (nothing paid), used at 3."""
    assert body(raw, SUBARU_OSHI, 1) == ("skill_if", {"test": "life_at_most", "n": 3, "then": {
        "effect": "boost_holomem", "params": {"holder": {"pos": ["center"], "names": ["大空スバル"]}, "amount": 100,
                                              "all": True}}})
    s = with_oshi(p1_main(), "p1", SUBARU_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = SUBARU_D
    with pytest.raises(RuleViolation, match="ライフが3以下の時に使える") as refused:
        used(R, s, "p1", "sp")
    assert refused.value.rule == "カード/大空スバル"
    assert {"type": "oshi_skill", "seat": "p1", "skill": "sp"} not in R.legal(s, "p1")
    s["players"]["p1"]["life"] = 3
    s = used(R, s, "p1", "sp")
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 100 and len(s["players"]["p1"]["holopower"]) == 2


@needs_list
def test_hbp03_002_sniping_needs_a_green_centre_and_spares_a_debut(R, raw):
    """hBP03-002 獅白ぼたん 狙撃: 「自分のセンターホロメンの色が緑の時に使える:相手のDebut以外のセンター
    ホロメンに特殊ダメージ100を与える。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", BOTAN_OSHI, HP4)
    with pytest.raises(RuleViolation, match="色が緑の時に使える"):
        used(R, s, "p2", "sp")  # 炎堂アカリ (red) at p2's centre
    s["players"]["p2"]["center"]["card"] = MIDORI_D  # green
    s["players"]["p1"]["center"]["card"] = YUKI_2  # 2nd, HP 200
    hit = used(R, s, "p2", "sp")
    assert hit["players"]["p1"]["center"]["damage"] == 100 and hit["players"]["p2"]["sp_used"]
    s["players"]["p1"]["center"]["card"] = YUKI_D  # a Debut: nothing
    spared = used(R, s, "p2", "sp")
    assert spared["players"]["p1"]["center"]["damage"] == 0 and spared["players"]["p2"]["sp_used"]


@needs_list
def test_hbp05_004_needs_okayu_at_the_centre(R, raw):
    """hBP05-004 猫又おかゆ いっくよー: 「自分のセンターホロメンが〈猫又おかゆ〉なら使える:相手のホロメン1人に
    特殊ダメージ10を与える。」"""
    s = with_oshi(p1_main(), "p1", OKAYU_OSHI, HP4)
    with pytest.raises(RuleViolation, match="〈猫又おかゆ〉の時に使える"):
        used(R, s, "p1", "oshi")
    s["players"]["p1"]["center"]["card"] = OKAYU_D
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["kind"] == "special_damage" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p2"]["back"][0]["damage"] == 10


@needs_list
def test_hbp01_001_sets_the_opponents_centre_to_50_hp_left(R, raw):
    """hBP01-001 天音かなた ぎゅっぎゅっ: 「相手のセンターホロメンの残りHPを50にする。」 (no damage dealt)."""
    assert body(raw, KANATA_OSHI, 0) == ("set_remaining_hp", {"amount": 50})
    assert body(raw, AKI_OSHI, 1) == ("skill_heal_full", {"holder": {"colors": ["green"], "pos": ["center"]}})
    s = used(R, with_oshi(p1_main(), "p1", KANATA_OSHI, HP4), "p1", "oshi")
    center = s["players"]["p2"]["center"]
    assert center["card"] == AKARI_D and center["damage"] == 90 - 50
    assert not any(e["kind"] == "damage" for e in s["events"])


@needs_list
def test_hbp01_003_heals_the_green_centre_fully(R, raw):
    """hBP01-003 アキ・ローゼンタール 大地の唄: 「自分の緑センターホロメンのHPすべて回復。」"""
    s = with_oshi(p1_main(), "p1", AKI_OSHI, HP4)
    s["players"]["p1"]["center"].update(card=MIDORI_D, damage=70)
    s["players"]["p1"]["back"][0]["damage"] = 10
    s = used(R, s, "p1", "sp")
    assert s["players"]["p1"]["center"]["damage"] == 0 and s["players"]["p1"]["back"][0]["damage"] == 10
    white = with_oshi(p1_main(), "p1", AKI_OSHI, HP4)
    white["players"]["p1"]["center"]["damage"] = 70  # 雪見ユキ is white: not healed
    assert used(R, white, "p1", "sp")["players"]["p1"]["center"]["damage"] == 70


@needs_list
def test_hbp03_006_wakes_a_resting_korone(R, raw):
    """hBP03-006 戌神ころね 無限の体力: 「自分のお休みしている〈戌神ころね〉1人をアクティブにする。」"""
    s = with_oshi(p1_main(), "p1", KORONE_OSHI, HP4)
    s["players"]["p1"]["back"][0].update(card=KORONE_D, rested=True)
    s = used(R, s, "p1", "oshi")
    assert s["players"]["p1"]["back"][0]["rested"] is False


@needs_list
def test_hbp03_007_sends_two_cheer_to_one_watame(R, raw):
    """hBP03-007 角巻わため わためは悪くないよねぇ？: 「自分のエールデッキの上から2枚を、自分の〈角巻わため〉
    1人に送る。」: both cards turned up, then the one 角巻わため they both go to."""
    s = with_oshi(p1_main(), "p1", WATAME_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = WATAME_D
    s["players"]["p1"]["back"][0]["card"] = WATAME_D
    s = used(R, s, "p1", "sp", WHITE, GREEN)
    assert s["pending"]["kind"] == "cheer_top_to_one" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["cheer"] == [WHITE, GREEN]


@needs_list
def test_hbp03_004_sends_a_cheer_to_a_1st_mococo(R, raw):
    """hBP03-004 FUWAMOCO モコちゃん！: 「自分のエールデッキの上から1枚を、自分の1stホロメンの〈モココ・
    アビスガード〉に送る。」"""
    assert body(raw, FUWAMOCO_OSHI, 0) == ("cheer_to_holomem", {"holder": {"names": ["モココ・アビスガード"],
                                                                           "level": "1st"}})
    s = with_oshi(p1_main(), "p1", FUWAMOCO_OSHI, HP4)
    s["players"]["p1"]["back"][0]["card"] = MOCOCO_1
    s = used(R, s, "p1", "oshi", GREEN)
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN]


@needs_list
def test_hbp04_002_a_comma_after_the_count_reads_as_without(R, raw):
    """hBP04-002 儒烏風亭らでん ReGLOSSの風流人: 「自分のアーカイブのエール1枚を、自分の#ReGLOSSを持つ
    ホロメンに送る。」 (rawlist reads it without the comma)."""
    assert body(raw, RADEN_OSHI, 0) == ("archive_cheer", {"count": 1, "optional": False, "to": "choose",
                                                          "tag": "ReGLOSS"})
    s = with_oshi(p1_main(), "p1", RADEN_OSHI, HP4)
    s["players"]["p1"]["back"][0]["card"] = KANADE_D
    s["players"]["p1"]["archive"] = [GREEN]
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["kind"] == "archive_cheer" and s["pending"]["options"] == [GREEN]
    s = run(R, s, c("p1", "choose", choice=GREEN))  # one #ReGLOSS holomem: no question where
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN] and GREEN not in s["players"]["p1"]["archive"]


@needs_list
def test_hbp04_002_returns_one_to_four_events_and_draws_one_per_two(R, raw):
    """hBP04-002 余った時間でぐるぐる: 「自分のアーカイブの#きのこを持つイベント1～4枚を手札に戻す。そして
    手札に戻したカード2枚につき、自分のデッキを1枚引く。」: at least one (no null first), then
    null may stop; two returned draw one."""
    s = with_oshi(p1_main(), "p1", RADEN_OSHI, HP4)
    s["players"]["p1"]["archive"] = [KINOKO, KINOKO, KINOKO, GREEN]
    s = used(R, s, "p1", "sp")  # the first one is not asked: it must be returned and only one card fits
    assert s["pending"]["kind"] == "skill_archive_to_hand" and s["pending"]["options"] == [KINOKO, None]
    assert s["players"]["p1"]["hand"].count(KINOKO) == 1
    s = run(R, s, c("p1", "choose", choice=KINOKO))
    s = run(R, s, c("p1", "choose", choice=None), MEMO)
    hand = s["players"]["p1"]["hand"]
    assert hand.count(KINOKO) == 2 and hand[-1] == MEMO and s["players"]["p1"]["archive"].count(KINOKO) == 1


@needs_list
def test_hbp05_002_kekuatan_iofi_pays_two_stage_cheer_then_finds_two(R, raw):
    """hBP05-002 Kekuatan Iofi: 「自分のステージのエール2枚をアーカイブすることで、自分のデッキから、
    #ID1期生を持つホロメン2枚を公開し、手札に加える。そしてデッキをシャッフルする。」: refused with
    fewer than two cheer on the stage (a cost: 「することで」)."""
    s = with_oshi(p1_main(), "p1", IOFI_OSHI, HP4)
    with pytest.raises(RuleViolation, match="エール2枚をアーカイブすることで"):
        used(R, s, "p1", "sp")
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN]
    s = used(R, s, "p1", "sp")
    assert s["pending"]["kind"] == "pay_stage_cheer"
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]))
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    assert s["players"]["p1"]["archive"][-2:] == [WHITE, GREEN] and s["pending"]["kind"] == "search_deck_n"
    s = run(R, s, c("p1", "choose", choice=None))  # the FIXTURE deck holds no #ID1期生
    assert s["pending"] is None


@needs_list
def test_hbp03_003_a_three_or_five_returns_two_35p(R, raw):
    """hBP03-003 さくらみこ 35P帰ってくるのかッ！？って！: 「サイコロを1回振れる:1か2か4か6の時、自分の
    アーカイブの〈35P〉1枚を手札に戻す。3か5の時、自分のアーカイブの〈35P〉2枚を手札に戻す。」"""
    s = with_oshi(p1_main(), "p1", MIKO_OSHI, HP4)
    s["players"]["p1"]["archive"] = [P35, P35, P35]
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["options"] == ["roll", "skip"]
    s = run(R, s, c("p1", "choose", choice="roll"), 3)
    assert s["players"]["p1"]["hand"].count(P35) == 2 and s["players"]["p1"]["archive"].count(P35) == 1


# ------------------------------------------------------------------ 「…がダウンした時に使える」, 「…ダウンさせた時に使える」

def p1_goes_down(R, oshi, holopower=(MEMO, LETTER, MANAGER)):
    """p2's turn 2: p1's oshi is ``oshi``; p2's centre 炎堂アカリ 2nd (130 against white) downs p1's
    centre 雪見ユキ (HP 80)."""
    s = with_oshi(p2_turn(p1_main()), "p1", oshi, list(holopower))
    s["players"]["p2"]["center"].update(card=AKARI_2, cheer=[RED, RED, RED])
    return s


@needs_list
def test_hbp04_004_a_fan_returns_to_the_hand_before_the_down_archives_it(R, raw):
    """hBP04-004 雪花ラミィ 愛してる: 「相手のターンで、自分のホロメンがダウンした時に使える:そのホロメンに
    付いているファン1枚を手札に戻す。」: asked at ダウン①, while the holomem is still there; then
    ダウン②-④ (archived, a life taken, the back moves up)."""
    assert body(raw, LAMY_OSHI, 0) == ("skill_window", {"moment": "down", "opp_turn": True, "holder": {}, "then": {
        "effect": "skill_attached_to_hand", "params": {"support": "fan"}}})
    s = p1_goes_down(R, LAMY_OSHI)
    s["players"]["p1"]["center"]["attached"] = [P35]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "window" and s["pending"]["seat"] == "p1"
    assert s["players"]["p1"]["center"]["card"] == YUKI_D  # not yet archived
    s = run(R, s, c("p1", "choose", choice="愛してる"), GREEN)
    p1 = s["players"]["p1"]
    assert P35 in p1["hand"] and P35 not in p1["archive"] and YUKI_D in p1["archive"]
    assert p1["life"] == 4 and p1["center"]["card"] == YUKI_DU and s["pending"] is None


@needs_list
def test_hbp04_004_declined_the_fan_is_archived_with_it(R):
    s = p1_goes_down(R, LAMY_OSHI)
    s["players"]["p1"]["center"]["attached"] = [P35]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["pending"]["kind"] == "arts_may_draw" and s["pending"]["seat"] == "p2"  # the fan's own: 「相手は、…引ける」
    s = run(R, s, c("p2", "choose", choice=None), GREEN)
    assert P35 in s["players"]["p1"]["archive"] and len(s["players"]["p1"]["holopower"]) == 3


@needs_list
def test_hbp01_004_the_downed_holomems_green_cheer_go_to_the_others(R, raw):
    """hBP01-004 兎田ぺこら 野兎たち～: 「…自分のダウンしたホロメン1人の緑エールすべてを、自分の他の
    ホロメンに割り振って付け替える。」 (one other holomem: each goes there unasked)."""
    s = p1_goes_down(R, PEKORA_OSHI)
    s["players"]["p1"]["center"]["cheer"] = [GREEN, WHITE, GREEN]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice="野兎たち～"), GREEN)
    p1 = s["players"]["p1"]
    assert p1["center"]["card"] == YUKI_DU and p1["center"]["cheer"][:2] == [GREEN, GREEN]
    assert WHITE in p1["archive"] and p1["archive"].count(GREEN) == 0


@needs_list
def test_hbp05_001_one_life_fewer_and_two_cards_for_a_2nd(R, raw):
    """hBP05-001 白銀ノエル スーパーまずった太郎: 「…自分の#3期生を持つホロメンがダウンした時に使える:
    自分の減るライフ-1。その後、そのホロメンがBuzzホロメンか2ndホロメンなら、自分のデッキを2枚引く。」"""
    s = p1_goes_down(R, NOEL_OSHI)
    s["players"]["p1"]["center"].update(card=FLARE_2, damage=150)  # HP 200: the art (80 against red) downs it
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == ["スーパーまずった太郎", None]
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "choose", choice="スーパーまずった太郎"), MEMO, LETTER)
    p1 = s["players"]["p1"]
    assert p1["life"] == 5 and len(p1["hand"]) == hand + 2 and p1["center"]["card"] == YUKI_DU
    assert {"kind": "down", "seat": "p1", "pos": "center", "card": FLARE_2, "lives": 0} in s["events"]


@needs_list
def test_hbp05_001_searches_after_its_holomem_downs_one(R, raw):
    """hBP05-001 白銀の騎士達: 「自分のホロメンが相手のホロメンをダウンさせた時に使える:自分のデッキから、
    #3期生を持つホロメン1枚を公開し、手札に加える。…」: offered after the downed side's life and
    replacement (ダウン③④)."""
    s = with_oshi(p2_turn(p1_main()), "p2", NOEL_OSHI, [MEMO, LETTER])
    s["players"]["p2"]["center"].update(card=AKARI_2, cheer=[RED, RED, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    assert s["players"]["p1"]["center"]["card"] == YUKI_DU and s["players"]["p1"]["life"] == 4
    assert s["pending"]["kind"] == "window" and s["pending"]["options"] == ["白銀の騎士達", None]
    s = run(R, s, c("p2", "choose", choice="白銀の騎士達"))
    assert s["pending"]["kind"] == "search_deck" and s["players"]["p2"]["holopower"] == []


@needs_list
def test_hbp04_007_one_archived_cheer_to_each_holomem_with_an_ancient_weapon(R, raw):
    """hBP04-007 アーニャ・メルフィッサ 人生のこと考えていた方が勝てる: 「自分のアーカイブのエールを、自分の
    〈古代武器〉が付いているホロメン全員に1枚ずつ送る。」"""
    assert body(raw, ANYA_OSHI, 1) == ("archive_cheer_all", {"holder": {"attached_name": "古代武器"}})
    s = with_oshi(p1_main(), "p1", ANYA_OSHI, HP4)
    s["players"]["p1"]["back"][0]["attached"] = [KODAI]
    s["players"]["p1"]["back"].append({**copy.deepcopy(s["players"]["p1"]["back"][0]), "attached": []})
    s["players"]["p1"]["archive"] = [GREEN, WHITE]
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == [WHITE, GREEN]  # which archived cheer (one holomem has the weapon)
    s = run(R, s, c("p1", "choose", choice=GREEN))
    p1 = s["players"]["p1"]
    assert p1["back"][0]["cheer"] == [GREEN] and p1["back"][1]["cheer"] == [] and p1["center"]["cheer"] == [WHITE]


@needs_list
def test_hbp01_008_one_to_five_archived_cheer_spread_over_id_holomem(R, raw):
    """hBP01-008 こぼ・かなえる 雨乞い: 「自分のアーカイブのエール1～5枚を、自分の#IDを持つホロメンに割り振って
    送る。」: a cheer, then where (two #ID holomem); null only once one is sent."""
    s = with_oshi(p1_main(), "p1", KANAERU_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = IOFI_D
    s["players"]["p1"]["back"][0]["card"] = IOFI_D
    s["players"]["p1"]["archive"] = [GREEN, GREEN]
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == [GREEN]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    assert s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["pending"]["options"] == [GREEN, None]
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN] and s["players"]["p1"]["archive"].count(GREEN) == 1


@needs_list
def test_hbp01_001_plus_50_and_50_more_for_a_white_one(R, raw):
    """hBP01-001 天音かなた 握りつぶしちゃうぞ: 「このターンの間、自分のホロメン1人のアーツ+50。そのホロメンの
    色が白の時、さらに、そのアーツ+50。」"""
    s = with_oshi(p1_main(), "p1", KANATA_OSHI, HP4)
    s["players"]["p1"]["back"][0]["card"] = MIDORI_D
    s = used(R, s, "p1", "sp")
    white = run(R, s, c("p1", "choose", choice="center"))
    green = run(R, s, c("p1", "choose", choice="back0"))
    assert white["players"]["p1"]["center"]["mods"]["arts"] == 100 and green["players"]["p1"]["back"][0]["mods"]["arts"] == 50


@needs_list
def test_hbp04_001_only_a_koyori_with_a_koyolab_support_card(R, raw):
    """hBP04-001 博衣こより こより実験中: 「このターンの間、自分の#こよラボを持つサポートカードが付いている
    〈博衣こより〉1人のアーツ+30。」"""
    s = with_oshi(p1_main(), "p1", KOYORI_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = KOYORI_D
    s["players"]["p1"]["back"][0].update(card=KOYORI_D, attached=[TEST_TUBE])
    s = used(R, s, "p1", "oshi")  # the one with 緑の試験管 (#こよラボ): no question
    assert s["players"]["p1"]["back"][0]["mods"]["arts"] == 30 and s["players"]["p1"]["center"]["mods"]["arts"] == 0


@needs_list
def test_hbp03_001_searches_an_item_whose_name_holds_pasokon(R, raw):
    """hBP03-001 姫森ルーナ パソコンならわかるのら: 「自分のデッキから、カード名に「パソコン」を含むアイテム1枚を
    公開し、手札に加える。そしてデッキをシャッフルする。」"""
    assert body(raw, LUNA_OSHI, 0) == ("search_deck", {"filter": {"name_has": "パソコン", "support": "item"}})
    s = used(R, with_oshi(p1_main(), "p1", LUNA_OSHI, HP4), "p1", "oshi")
    assert s["pending"]["options"] == [None]  # the FIXTURE deck holds none


@needs_list
def test_hbp05_003_draws_up_to_the_number_of_zain_on_the_stage(R, raw):
    """hBP05-003 尾丸ポルカ ポルカの伝説: 「自分の手札が自分のステージの〈座員〉の枚数と同じになるまで、自分の
    デッキを引く。ただし、引ける枚数は4枚まで。」: 7 座員, 5 in hand: two drawn."""
    s = with_oshi(p1_main(), "p1", POLKA_OSHI, HP4)
    s["players"]["p1"]["center"]["attached"] = [ZAIN] * 4
    s["players"]["p1"]["back"][0]["attached"] = [ZAIN] * 3
    assert len(s["players"]["p1"]["hand"]) == 5
    s = used(R, s, "p1", "oshi", MEMO, LETTER)
    assert len(s["players"]["p1"]["hand"]) == 7


@needs_list
def test_hbp05_004_may_swap_the_opponents_centre_with_a_damaged_back(R, raw):
    """hBP05-004 猫又おかゆ ウマウマ！: 「相手のセンターホロメンとHPが減っているバックホロメン1人を交代できる。
    その後、自分のセンターホロメンが〈猫又おかゆ〉なら、自分のデッキを3枚引く。」"""
    s = with_oshi(p1_main(), "p1", OKAYU_OSHI, HP4)
    s["players"]["p2"]["back"][0]["damage"] = 10
    s["players"]["p1"]["center"]["card"] = OKAYU_D
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == ["back0", None]
    s = run(R, s, c("p1", "choose", choice="back0"), MEMO, LETTER, MANAGER)
    assert s["players"]["p2"]["center"]["damage"] == 10 and len(s["players"]["p1"]["hand"]) == 8


@needs_list
def test_hbp05_007_swaps_its_collab_with_a_back_flare(R, raw):
    """hBP05-007 不知火フレア キミの力になりたいから: 「自分のコラボポジションの[Debutホロメンか1stホロメンか
    Spotホロメン]と、バックホロメンの〈不知火フレア〉1人を交代させる。」"""
    s = with_oshi(p1_main(), "p1", FLARE_OSHI, HP4)
    s = run(R, s, c("p1", "collab", back="back0"))
    s["players"]["p1"]["back"] = [{**copy.deepcopy(s["players"]["p1"]["collab"]), "card": FLARE_D}]
    s = used(R, s, "p1", "oshi")
    assert s["players"]["p1"]["collab"]["card"] == FLARE_D and s["players"]["p1"]["back"][0]["card"] == YUKI_DU


@needs_list
def test_hbp02_003_fifty_for_each_holomem_under_a_marine_centre(R, raw):
    """hBP02-003 宝鐘マリン 出航～！: 「相手のセンターホロメンかコラボホロメンどちらかに、自分のセンターホロメンの
    〈宝鐘マリン〉に重なっているホロメン1枚につき、特殊ダメージ50を与える。」"""
    s = with_oshi(p1_main(), "p1", MARINE_OSHI, HP4)
    s["players"]["p1"]["center"].update(card=MARINE_1, stack=[YUKI_D])
    s["players"]["p2"]["center"]["card"] = YUKI_2  # HP 200
    s = used(R, s, "p1", "sp")  # no collab: the centre, unasked
    assert s["players"]["p2"]["center"]["damage"] == 50


@needs_list
def test_hbp02_002_halu_needs_a_green_cheer_to_archive(R, raw):
    """hBP02-002 パヴォリア・レイネ HALU: 「自分のホロメンの緑エール1枚をアーカイブすることで、自分のエール
    デッキから、エール1枚を公開し、自分のホロメンに送る。…」"""
    s = with_oshi(p1_main(), "p1", REINE_OSHI, HP4)
    with pytest.raises(RuleViolation, match="アーカイブすることで"):
        used(R, s, "p1", "oshi")  # only a white cheer on the stage
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN]
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["options"] == [["back0", GREEN]]
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    assert GREEN in s["players"]["p1"]["archive"] and s["pending"]["kind"] == "cheer_search"


@needs_list
def test_hbp01_004_every_die_of_the_turn_shows_six(R, raw):
    """hBP01-004 兎田ぺこら 幸運兎: 「このターンの間、自分のサイコロの目の数すべてを6として扱う。」: p2's
    運だめしダイス (odd: draw) then rolls a 6 with no outcome asked (the face does not matter)."""
    s = with_oshi(p2_turn(p1_main()), "p2", PEKORA_OSHI, HP4)
    s = used(R, s, "p2", "sp")
    hand = len(s["players"]["p2"]["hand"])
    s = run(R, s, c("p2", "support", card=DICE))  # no outcome stated: none is needed
    assert s["roll"]["face"] == 6 and len(s["players"]["p2"]["hand"]) == hand - 1
    later = run(R, s, c("p2", "end_turn"), MEMO, WHITE)
    assert later["players"]["p2"]["used"]["die_as"]["turn"] != later["turn"]  # this turn only


@needs_list
def test_hbp03_003_hand_cards_to_the_bottom_then_draw_to_five(R, raw):
    """hBP03-003 さくらみこ あきらめない心にぇ: 「自分のセンターホロメンの色が赤の時に使える:自分の手札を好きな
    枚数選んで好きな順でデッキの下に戻す。そして手札が5枚になるまで、自分のデッキを引く。」 (the cards
    chosen are secret)."""
    s = with_oshi(p1_main(), "p1", MIKO_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = MIKO_RED  # 炎堂アカリ: red
    s = used(R, s, "p1", "sp")
    assert s["pending"]["kind"] == "skill_hand_to_bottom" and s["pending"]["secret"]
    s = run(R, s, c("p1", "choose", choice=MIC))
    s = run(R, s, c("p1", "choose", choice=LETTER))
    s = run(R, s, c("p1", "choose", choice=None), MEMO, MANAGER)
    hand = s["players"]["p1"]["hand"]
    assert len(hand) == 5 and MIC not in hand and hand[-2:] == [MEMO, MANAGER]


@needs_list
def test_hbp02_004_three_seen_go_to_the_archive_or_back_on_top(R, raw):
    """hBP02-004 沙花叉クロヱ ぽえぽえぽえ～: 「…自分のデッキの上から3枚を見る。そのカードすべてを、アーカイブ
    するか、好きな順でデッキの上に戻す。」"""
    s = with_oshi(p1_main(), "p1", CHLOE_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = CHLOE_D
    s = used(R, s, "p1", "oshi", MEMO, LETTER, MIC)
    assert s["pending"]["options"] == ["archive", "top"]
    gone = run(R, s, c("p1", "choose", choice="archive"))
    assert gone["players"]["p1"]["archive"][-3:] == [MEMO, LETTER, MIC]
    top = run(R, s, c("p1", "choose", choice="top"))
    assert top["pending"]["kind"] == "skill_to_top" and top["pending"]["secret"]
    top = run(R, top, c("p1", "choose", choice=MIC))
    top = run(R, top, c("p1", "choose", choice=MEMO))  # LETTER goes last: the top card
    assert top["zones"]["piles"]["deck/p1"]["top"] == [LETTER, MEMO, MIC] and top["pending"] is None


@needs_list
def test_hbp02_004_the_hand_and_archived_holomem_back_to_the_deck_then_as_many_drawn(R, raw):
    """hBP02-004 人生リセットボタン: 「自分の手札を数えて、自分の[手札すべてとアーカイブのホロメンすべて]をデッキに
    戻してシャッフルする。そして手札からデッキに戻したカード1枚につき、自分のデッキを1枚引く。」"""
    s = with_oshi(p1_main(), "p1", CHLOE_OSHI, HP4)
    s["players"]["p1"]["archive"] = [YUKI_D, GREEN]
    s["zones"]["piles"]["deck/p1"]["unseen"] = dict(s["zones"]["piles"]["deck/p1"]["unseen"])
    deck = R.context(s, R.cardset).deck_size("p1")
    s = used(R, s, "p1", "sp", YUKI_D, MEMO, LETTER, MIC, MANAGER)
    p1 = s["players"]["p1"]
    assert p1["hand"] == [YUKI_D, MEMO, LETTER, MIC, MANAGER] and YUKI_D not in p1["archive"] and GREEN in p1["archive"]
    assert R.context(s, R.cardset).deck_size("p1") == deck + 1


@needs_list
def test_hbp04_005_the_chosen_holox_uses_its_arts_without_cheer_this_turn(R, raw):
    """hBP04-005 ラプラス・ダークネス 我ら秘密結社holoX！: 「自分の#秘密結社holoXを持つホロメン1人を選ぶ。
    このターンの間、選んだホロメンのアーツは、エールを必要とせずに使える。」 (ターンの流れ/パフォーマンス
    フェイズ: the art's cheer is not needed, until the turn ends)."""
    s = with_oshi(p2_turn(p1_main()), "p2", LAPLUS_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=CHLOE_D, cheer=[])
    with pytest.raises(RuleViolation, match="needs cheer"):
        run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = used(R, s, "p2", "sp")  # one #秘密結社holoX holomem: no question
    hit = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert hit["players"]["p1"]["center"]["damage"] == 30
    ended = run(R, s, c("p2", "end_turn"), MEMO, WHITE)
    assert "lasting" not in ended["players"]["p2"]["center"]


@needs_list
def test_hbp05_003_one_polka_and_one_staff_of_seven_the_rest_archived(R, raw):
    """hBP05-003 尾丸ポルカ 成功体験－！！！: 「自分のデッキの上から7枚を見る。その中から、[〈尾丸ポルカ〉とスタッフ]
    1枚ずつを公開し、公開した[〈尾丸ポルカ〉とスタッフ]を手札に加える。そして残ったカードをアーカイブする。」"""
    s = with_oshi(p1_main(), "p1", POLKA_OSHI, HP4)
    unseen = s["zones"]["piles"]["deck/p1"]["unseen"]
    others = [card for card, n in sorted(unseen.items()) for _ in range(n)][:7]
    for card in others[:3]:
        unseen[card] -= 1
    for card in (POLKA_D, POLKA_D, STAFF):
        unseen[card] = unseen.get(card, 0) + 1
    s["zones"]["piles"]["deck/p1"]["unseen"] = {k: v for k, v in sorted(unseen.items()) if v}
    rest = others[3:]
    s = used(R, s, "p1", "sp", POLKA_D, rest[0], POLKA_D, STAFF, *rest[1:])
    assert s["pending"]["options"] == [POLKA_D, STAFF, None]
    s = run(R, s, c("p1", "choose", choice=POLKA_D))
    assert s["pending"]["options"] == [STAFF, None]  # one 〈尾丸ポルカ〉 only
    s = run(R, s, c("p1", "choose", choice=STAFF))
    p1 = s["players"]["p1"]
    assert p1["hand"][-2:] == [POLKA_D, STAFF] and sorted(p1["archive"][-5:]) == sorted([*rest, POLKA_D])


@needs_list
def test_hbp02_006_blooms_an_id2_holomem_from_the_archive(R, raw):
    """hBP02-006 クレイジー・オリー ゾンビ戦術: 「自分の#ID2期生を持つホロメン1人を、自分のアーカイブのホロメンを
    使ってBloomさせる。」 (対戦中の現象/Bloom: not a holomem that came onto the stage this turn)."""
    s = with_oshi(later_turn(p1_main(), "p1"), "p1", OLLIE_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = OLLIE_D
    s["players"]["p1"]["archive"] = [OLLIE_1, YUKI_D]
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["options"] == [["center", OLLIE_1]]
    s = run(R, s, c("p1", "choose", choice=["center", OLLIE_1]))
    center = s["players"]["p1"]["center"]
    assert center["card"] == OLLIE_1 and center["stack"] == [OLLIE_D] and OLLIE_1 not in s["players"]["p1"]["archive"]
    fresh = with_oshi(later_turn(p1_main(), "p1"), "p1", OLLIE_OSHI, HP4)
    fresh["players"]["p1"]["center"].update(card=OLLIE_D, since=fresh["turn"])  # came onto the stage this turn
    fresh["players"]["p1"]["archive"] = [OLLIE_1]
    assert used(R, fresh, "p1", "oshi")["players"]["p1"]["center"]["card"] == OLLIE_D


def later_turn(s, seat):
    from .test_starters import later_turn as later
    return later(s, seat)


@needs_list
def test_hbp03_001_luna_knights_from_the_deck_onto_luna(R, raw):
    """hBP03-001 姫森ルーナ ルーナイト集合: 「自分のセンターホロメンが〈姫森ルーナ〉の時に使える:自分のデッキから、
    〈ルーナイト〉1～4枚を公開し、自分のホロメンに割り振って付ける。そしてデッキをシャッフルする。」 (ルーナイト
    goes only on 姫森ルーナ)."""
    s = with_oshi(p1_main(), "p1", LUNA_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = LUNA_D
    unseen = s["zones"]["piles"]["deck/p1"]["unseen"]
    spare = next(card for card, n in sorted(unseen.items()) if n >= 2)
    unseen[spare] -= 2
    unseen[LUNAIT] = 2
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == [LUNAIT, None]
    s = run(R, s, c("p1", "choose", choice=LUNAIT))  # one 姫森ルーナ: no question where
    s = run(R, s, c("p1", "choose", choice=LUNAIT))
    assert s["pending"]["options"] == [None]
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["center"]["attached"] == [LUNAIT, LUNAIT] and s["pending"] is None


@needs_list
def test_hbp03_005_when_towa_goes_down_two_cheer_of_the_attacker_go_under_its_cheer_deck(R, raw):
    """hBP03-005 常闇トワ 悪魔的所業: 「相手のターンで、自分の〈常闇トワ〉がダウンした時に使える:相手のセンター
    ホロメンとコラボホロメンのエール2枚ずつを好きな順でエールデッキの下に戻す。」"""
    s = p1_goes_down(R, TOWA_OSHI)
    s["players"]["p1"]["center"]["card"] = TOWA_D  # HP 90; 炎堂アカリ's 80 (no 特攻: purple)
    s["players"]["p1"]["center"]["damage"] = 10
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == ["悪魔的所業", None]
    s = run(R, s, c("p1", "choose", choice="悪魔的所業"), GREEN)  # p2's centre has only red: unasked
    assert s["players"]["p2"]["center"]["cheer"] == [RED]
    assert s["zones"]["piles"]["cheer/p2"]["bottom"] == [RED, RED]


@needs_list
def test_hbp01_006_rise_from_the_ashes_no_life_and_the_holomem_back_to_the_hand(R, raw):
    """hBP01-006 小鳥遊キアラ Rise from the ashes: 「相手のターンで、自分の赤ホロメンがダウンした時に使える:自分の
    減るライフ-1。さらに、ダウンした1人を選び、そのホロメンを含め重なっているホロメンすべてを手札に戻す。」:
    ダウン② archives its cheer, the holomem and the one under it go to the hand; no life is taken."""
    s = p1_goes_down(R, KIARA_OSHI)
    s["players"]["p1"]["center"].update(card=AKARI_1, stack=[AKARI_D], damage=100)  # red, HP 140
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice="Rise from the ashes"))
    p1 = s["players"]["p1"]
    assert p1["hand"][-2:] == [AKARI_D, AKARI_1] and AKARI_1 not in p1["archive"] and WHITE in p1["archive"]
    assert p1["life"] == 5 and p1["center"]["card"] == YUKI_DU
    assert {"kind": "down", "seat": "p1", "pos": "center", "card": AKARI_1, "lives": 0} in s["events"]


@needs_list
def test_hbp03_006_its_cheer_moves_on_and_the_downed_holomem_returns_to_the_hand(R, raw):
    """hBP03-006 戌神ころね ウォウウォウウォウウォウ: 「自分の黄ホロメンがダウンした時に使える:そのホロメンのエール
    1枚を自分の他のホロメンに付け替え、そのダウンしたホロメンを含め重なっているホロメンの中から1枚を手札に
    戻す。」"""
    s = p1_goes_down(R, KORONE_OSHI)
    s["players"]["p1"]["center"].update(card=KORONE_D, damage=50)  # yellow, HP 120
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p1", "choose", choice="ウォウウォウウォウウォウ"))
    assert s["pending"]["kind"] == "move_cheer"
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]), GREEN)  # one card: it returns unasked
    p1 = s["players"]["p1"]
    assert KORONE_D in p1["hand"] and KORONE_D not in p1["archive"] and p1["life"] == 4
    assert p1["center"]["card"] == YUKI_DU and p1["center"]["cheer"][0] == WHITE


@needs_list
def test_hbp04_004_lamys_special_damage_plus_100_and_a_down_draws_two(R, raw):
    """hBP04-004 雪花ラミィ ぶーん、バリバリバリバリ: 「自分の〈雪花ラミィ〉1人を選ぶ。このターンの間、選んだホロメンが、
    相手のホロメン1人に与える特殊ダメージ+100し、選んだホロメンが相手のホロメンをダウンさせた時、自分のデッキを
    2枚引く。」: its art's 10 special damage becomes 110 (the art's own 20 is not special)."""
    s = with_oshi(p2_turn(p1_main()), "p2", LAMY_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=LAMY_D, cheer=[RED])
    s["players"]["p1"]["center"]["card"] = YUKI_2  # HP 200
    s = used(R, s, "p2", "sp")  # one 雪花ラミィ: no question
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "special_damage"  # the art's text first, then its damage
    hand = len(s["players"]["p2"]["hand"])
    s = run(R, s, c("p2", "choose", choice="back0"), MEMO, LETTER)  # 雪見ユキ (HP 100) down: no life (its text)
    assert s["players"]["p1"]["back"] == [] and s["players"]["p1"]["life"] == 5
    assert s["players"]["p1"]["center"]["damage"] == 20
    assert len(s["players"]["p2"]["hand"]) == hand + 2


@needs_list
def test_hbp02_002_plus_20_for_each_colour_of_its_cheer(R, raw):
    """hBP02-002 パヴォリア・レイネ 極彩色の宴: 「このターンの間、自分のステージの#ID2期生を持つホロメン全員は、
    そのホロメンのエール1色につき、アーツ+20。」 (the colours it has when the art deals damage)."""
    s = with_oshi(p2_turn(p1_main()), "p2", REINE_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=REINE_D, cheer=[RED, BLUE, RED])
    s["players"]["p1"]["center"]["card"] = YUKI_2
    s = used(R, s, "p2", "sp")
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 30 + 2 * 20


@needs_list
def test_hbp05_007_cheer_gathered_on_flare_then_10_per_centre_cheer_for_every_art(R, raw):
    """hBP05-007 不知火フレア みんなで盛り上がろう！: 「自分のステージのエール1～5枚を自分の〈不知火フレア〉1人に付け
    替えられる。その後、このターンの間、自分のセンターホロメンのエール1枚につき、自分のステージのホロメン全員の
    アーツ+10。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", FLARE_OSHI, HP4)
    s["players"]["p2"]["center"]["cheer"] = [RED, BLUE, RED]
    s["players"]["p2"]["back"][0]["card"] = FLARE_D
    s["players"]["p1"]["center"]["card"] = YUKI_2
    s = used(R, s, "p2", "sp")  # one 不知火フレア: no question which
    assert s["pending"]["options"] == [["center", RED], ["center", BLUE], None]
    s = run(R, s, c("p2", "choose", choice=["center", BLUE]))
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["players"]["p2"]["back"][0]["cheer"] == [BLUE]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))  # 炎堂アカリ: 20, + 2 cheer × 10
    assert s["players"]["p1"]["center"]["damage"] == 20 + 20


@needs_list
def test_hbp05_006_nerissas_arts_need_one_colourless_fewer_for_the_game(R, raw):
    """hBP05-006 ネリッサ・レイヴンクロフト Shoot for the Moon: 「このゲームの間、自分の〈ネリッサ・レイヴンクロフト〉
    全員のアーツに必要な無色-1。」: her art (◇) needs no cheer, now and on later turns."""
    s = with_oshi(p2_turn(p1_main()), "p2", NERISSA_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=NERISSA_D, cheer=[])
    with pytest.raises(RuleViolation, match="needs cheer"):
        run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = used(R, s, "p2", "sp")
    hit = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert hit["players"]["p1"]["center"]["damage"] == 30
    assert s["players"]["p2"]["arts_less"] == [{"names": ["ネリッサ・レイヴンクロフト"], "count": 1}]


@needs_list
def test_hbp02_001_fubukingdom_a_die_per_two_mascots_an_odd_one_takes_a_life(R, raw):
    """hBP02-001 白上フブキ フブキングダム: 「自分の白ホロメンが相手のホロメンをダウンさせた時、自分のステージの
    マスコット2枚につき、サイコロを1回振れる:奇数が1回以上出たなら、相手のライフ-1。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", FUBUKI_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=YUKI_2, cheer=[WHITE, WHITE, RED], attached=[SNOWMAN])
    s["players"]["p2"]["back"][0]["attached"] = [SNOWMAN]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN)  # 90 downs 雪見ユキ (HP 80)
    assert s["pending"]["options"] == ["フブキングダム", None] and s["players"]["p1"]["life"] == 4
    s = run(R, s, c("p2", "choose", choice="フブキングダム"))
    assert s["pending"]["options"] == ["roll", "skip"]
    even = run(R, s, c("p2", "choose", choice="roll"), 4)
    assert even["players"]["p1"]["life"] == 4
    odd = run(R, s, c("p2", "choose", choice="roll"), 3, WHITE)
    assert odd["players"]["p1"]["life"] == 3 and WHITE in odd["players"]["p1"]["center"]["cheer"]


# ------------------------------------------------------------------ beyond the 36 decks

@needs_list
def test_hys01_001_white_baton_boosts_a_white_collab(R, raw):
    """hYS01-001 七詩ムメイ ホワイトバトン: 「このターンの間、自分の白コラボホロメンのアーツ+20。」"""
    s = with_oshi(p1_main(), "p1", MUMEI_YS, HP4)
    s = used(R, run(R, s, c("p1", "collab", back="back0")), "p1", "oshi")
    assert s["players"]["p1"]["collab"]["mods"]["arts"] == 20 and s["players"]["p1"]["center"]["mods"]["arts"] == 0


@needs_list
def test_hsd06_001_heals_every_green_holomem(R, raw):
    """hSD06-001 風真いろは みんな頑張ろー！: 「自分の緑ホロメン全員のHP20回復。」"""
    s = with_oshi(p1_main(), "p1", IROHA_SD, HP4)
    s["players"]["p1"]["center"].update(card=MIDORI_D, damage=30)
    s["players"]["p1"]["back"][0]["damage"] = 30  # 雪見ユキ: white
    s = used(R, s, "p1", "sp")
    assert s["players"]["p1"]["center"]["damage"] == 10 and s["players"]["p1"]["back"][0]["damage"] == 30


@needs_list
def test_hbp07_003_one_of_two_kept_unshown_the_other_back_on_top(R, raw):
    """hBP07-003 大神ミオ 神札の導き: 「自分のデッキの上から2枚を見る。その中から、カード1枚を手札に加える。そして
    残ったカードをデッキの上に戻す。」 (山札: any card taken is not shown; the choice is secret)."""
    s = used(R, with_oshi(p1_main(), "p1", MIO_OSHI, HP4), "p1", "oshi", LETTER, MIC)
    assert s["pending"]["kind"] == "skill_look_keep" and s["pending"]["secret"] and s["pending"]["options"] == [LETTER, MIC]
    s = run(R, s, c("p1", "choose", choice=MIC))
    assert s["players"]["p1"]["hand"][-1] == MIC and s["zones"]["piles"]["deck/p1"]["top"] == [LETTER]
    assert not any(e["kind"] == "reveal" for e in s["events"])


@needs_list
def test_hsd07_001_swaps_the_centre_with_an_active_back_and_heals_it(R, raw):
    """hSD07-001 不知火フレア 後は引き受けた！: 「自分のセンターホロメンとお休みしていないバックホロメン1人を交代させる。
    さらに、バックポジションに移動したホロメンのHP30回復。」"""
    s = with_oshi(p1_main(), "p1", FLARE_SD, HP4)
    s["players"]["p1"]["center"]["damage"] = 50
    s = used(R, s, "p1", "sp")
    p1 = s["players"]["p1"]
    assert p1["center"]["card"] == YUKI_DU and p1["back"][0]["card"] == YUKI_D and p1["back"][0]["damage"] == 20
    rested = with_oshi(p1_main(), "p1", FLARE_SD, HP4)
    rested["players"]["p1"]["back"][0]["rested"] = True
    assert used(R, rested, "p1", "sp")["players"]["p1"]["center"]["card"] == YUKI_D


@needs_list
def test_hsd13_002_swaps_the_opponents_centre_and_collab(R, raw):
    """hSD13-002 ジジ・ムリン Boat Goes Binted: 「相手のセンターポジションとコラボポジションのホロメンを入れ替える。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", GIGI_OSHI, HP4)
    s["players"]["p1"]["collab"] = s["players"]["p1"]["back"].pop(0)  # a given state: p1's 雪見ユキ at collab
    center, collab = s["players"]["p1"]["center"]["card"], s["players"]["p1"]["collab"]["card"]
    s = used(R, s, "p2", "oshi")
    assert (s["players"]["p1"]["center"]["card"], s["players"]["p1"]["collab"]["card"]) == (collab, center)


@needs_list
def test_hbp06_004_archive_one_or_two_cheer_and_draw_as_many(R, raw):
    """hBP06-004 百鬼あやめ 鬼閻魔: 「自分のエールデッキの上から1～2枚をアーカイブする:アーカイブしたエール1枚につき、
    自分のデッキを1枚引く。」"""
    s = used(R, with_oshi(p1_main(), "p1", AYAME_OSHI, HP4), "p1", "oshi")
    assert s["pending"]["options"] == [1, 2]
    s = run(R, s, c("p1", "choose", choice=2), WHITE, GREEN, LETTER, MIC)
    assert s["players"]["p1"]["archive"][-2:] == [WHITE, GREEN] and s["players"]["p1"]["hand"][-2:] == [LETTER, MIC]


@needs_list
def test_hsd12_001_ten_per_archived_support_to_a_back_that_is_not_a_debut(R, raw):
    """hSD12-001 シオリ・ノヴェラ リベリオン: 「相手のDebut以外のバックホロメン1人に、自分のアーカイブのサポートカード
    1枚につき、特殊ダメージ10を与える。」"""
    s = with_oshi(p1_main(), "p1", SHIORI_OSHI, [MEMO, YUKI_D, YUKI_D])
    s["players"]["p1"]["archive"] = [LETTER, MIC, WHITE]
    s["players"]["p2"]["back"][0]["card"] = AKARI_1  # 1st (HP 140)
    s = used(R, s, "p1", "sp")  # the holopower paid (ふしぎなメモ, two 雪見ユキ) is archived first: 3 supports
    assert s["players"]["p2"]["back"][0]["damage"] == 30
    debut = with_oshi(p1_main(), "p1", SHIORI_OSHI, HP4)
    debut = used(R, debut, "p1", "sp")  # p2's back 炎堂アカリ is a Debut: nothing
    assert debut["players"]["p2"]["back"][0]["damage"] == 0


@needs_list
def test_hbp08_004_a_back_takes_what_the_centre_has_taken(R, raw):
    """hBP08-004 水宮枢 いけいけどんどん！: 「相手のバックホロメン1人に、相手のセンターホロメンが受けているダメージと同じ
    数値の特殊ダメージを与える。」"""
    s = with_oshi(p1_main(), "p1", SUU_OSHI, HP4)
    s["players"]["p2"]["center"]["damage"] = 40
    s = used(R, s, "p1", "sp")
    assert s["players"]["p2"]["back"][0]["damage"] == 40


@needs_list
def test_hbp07_005_draws_two_from_the_bottom_then_archives_one(R, raw):
    """hBP07-005 オーロ・クロニー 忘却の輪の上で: 「自分のデッキを下から2枚引いた後、手札1枚をアーカイブする。」"""
    s = with_oshi(p1_main(), "p1", KRONII_OSHI, HP4)
    s["zones"]["piles"]["deck/p1"]["bottom"] = []
    s = used(R, s, "p1", "oshi", LETTER, MIC)
    assert s["players"]["p1"]["hand"][-2:] == [LETTER, MIC] and s["pending"]["kind"] == "discard_hand"


@needs_list
def test_hbp02_007_two_hand_cards_for_two_archived_en_holomem(R, raw):
    """hBP02-007 森カリオペ サンプリング: 「自分の手札2枚をアーカイブすることで、アーカイブの#ENを持つホロメン2枚を
    手札に戻す。」 (a cost: refused with fewer than two in hand)."""
    s = with_oshi(p1_main(), "p1", CALLI_OSHI, HP4)
    s["players"]["p1"]["archive"] = [NERISSA_D, NERISSA_D]
    short = copy.deepcopy(s)
    short["players"]["p1"]["hand"] = short["players"]["p1"]["hand"][:1]
    with pytest.raises(RuleViolation, match="手札2枚をアーカイブすることで"):
        used(R, short, "p1", "oshi")
    s = used(R, s, "p1", "oshi")
    s = run(R, s, c("p1", "choose", choice=LETTER))
    s = run(R, s, c("p1", "choose", choice=MIC))
    assert s["players"]["p1"]["hand"].count(NERISSA_D) == 2 and LETTER in s["players"]["p1"]["archive"]


@needs_list
def test_hsd12_002_both_cheer_tops_archived_a_card_per_colour(R, raw):
    """hSD12-002 古石ビジュー Biboo Tax: 「お互いのエールデッキの上から1枚をアーカイブする。アーカイブしたエール1色に
    つき、自分のデッキを1枚引く。」"""
    s = used(R, with_oshi(p1_main(), "p1", BIJOU_OSHI, HP4), "p1", "oshi", WHITE, RED, LETTER, MIC)
    assert WHITE in s["players"]["p1"]["archive"] and RED in s["players"]["p2"]["archive"]
    assert s["players"]["p1"]["hand"][-2:] == [LETTER, MIC]


@needs_list
def test_hbp08_001_plus_20_or_instead_50_with_a_purple_cheer(R, raw):
    """hBP08-001 IRyS ネフィリムの祝福: 「自分のステージのホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+20。
    選んだホロメンに紫エールが付いているなら、かわりに、そのホロメンのアーツ+50。」"""
    s = with_oshi(p1_main(), "p1", IRYS_OSHI, HP4)
    s = used(R, s, "p1", "oshi")
    plain = run(R, s, c("p1", "choose", choice="center"))
    assert plain["players"]["p1"]["center"]["mods"]["arts"] == 20
    assert body(raw, ZETA_OSHI, 0)[1]["instead"] == {"amount": 80, "tag": "ID3期生", "buzz": True}


@needs_list
def test_hbp07_006_eternity_frontier_20_per_holopower_for_a_centre_azki(R, raw):
    """hBP07-006 AZKi ETERNiTY FRONTiER (推しステージスキル): 「自分のホロパワー1枚につき、自分のセンターホロメンの
    〈AZKi〉のアーツ+20。」: always on, read when the art deals its damage."""
    s = with_oshi(p2_turn(p1_main()), "p2", AZKI_OSHI, [MEMO, LETTER, MIC])
    s["players"]["p2"]["center"].update(card=AZKI_D, cheer=[RED])
    s["players"]["p1"]["center"]["card"] = YUKI_2
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 20 + 3 * 20


@needs_list
def test_hbp06_006_full_moon_after_any_special_damage_of_its_side(R, raw):
    """hBP06-006 ムーナ・ホシノヴァ 満月の輝き: 「相手のホロメン1人に特殊ダメージを与えた時に使える:相手のセンター
    ホロメンとコラボホロメンに特殊ダメージ20を与える。」 (an art's damage is not special: not offered)."""
    s = with_oshi(p2_turn(p1_main()), "p2", MOONA_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=LAMY_D, cheer=[RED])  # its art's text: 10 special to one holomem
    s["players"]["p1"]["center"]["card"] = YUKI_2
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "choose", choice="back0"))
    assert s["pending"]["options"] == ["満月の輝き", None]
    s = run(R, s, c("p2", "choose", choice="満月の輝き"))  # 20 to p1's centre (no collab); then the art's 20
    assert s["players"]["p1"]["center"]["damage"] == 20 + 20 and s["players"]["p1"]["back"][0]["damage"] == 10
    assert s["pending"] is None  # the art's own damage (not special) opens nothing


@needs_list
def test_hsd19_001_one_archived_cheer_to_each_of_one_or_two_subaru(R, raw):
    """hSD19-001 大空スバル おさんぽスバル: 「自分のアーカイブのエールを自分の〈大空スバル〉1～2人に1枚ずつ送る。」"""
    s = with_oshi(p1_main(), "p1", SUBARU_SD, HP4)
    s["players"]["p1"]["center"]["card"] = SUBARU_D
    s["players"]["p1"]["back"][0]["card"] = SUBARU_D
    s["players"]["p1"]["archive"] = [GREEN, GREEN]
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == ["center", "back0"]  # no null before the first
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["pending"]["options"] == ["center", None]
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN]


@needs_list
def test_hsd11_001_one_or_two_archived_cheer_to_a_flow_glow_without_cheer(R, raw):
    """hSD11-001 虎金妃笑虎 虎視眈々: 「自分のアーカイブのエール1～2枚を自分のエールが付いていない#FLOW GLOWを持つ
    ホロメン1人に送る。」"""
    s = with_oshi(p1_main(), "p1", NIKO_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = SUU_FG  # has a cheer: not offered
    s["players"]["p1"]["back"][0]["card"] = SUU_FG
    s["players"]["p1"]["archive"] = [GREEN, WHITE]
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["options"] == [WHITE, GREEN]  # to back0 (the one without cheer), unasked
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice=WHITE))
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN, WHITE] and s["pending"] is None


@needs_list
def test_hbp07_007_debut_nene_from_the_deck_onto_the_stage(R, raw):
    """hBP07-007 桃鈴ねね ねねちの大・暴・走！: 「自分のデッキから、Debutホロメンの〈桃鈴ねね〉1～4枚を公開し、ステージに
    出す。そしてデッキをシャッフルする。」"""
    s = with_oshi(p1_main(), "p1", NENE_OSHI, HP4)
    unseen = s["zones"]["piles"]["deck/p1"]["unseen"]
    spare = next(card for card, n in sorted(unseen.items()) if n >= 1)
    unseen[spare] -= 1
    unseen[NENE_D] = 1
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == [NENE_D, None]
    s = run(R, s, c("p1", "choose", choice=NENE_D))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["back"][-1]["card"] == NENE_D


@needs_list
def test_hbp08_005_two_hand_cards_then_50_to_each_front_holomem_not_a_debut(R, raw):
    """hBP08-005 鷹嶺ルイ ホイサホイサ: 「自分の手札2枚をアーカイブする。この能力で2枚アーカイブしたなら、相手のDebut
    以外の[センターホロメンとコラボホロメン]に特殊ダメージ50を与える。」"""
    s = with_oshi(p1_main(), "p1", LUI_OSHI, HP4)
    s["players"]["p2"]["center"]["card"] = AKARI_1
    s = used(R, s, "p1", "oshi")
    s = run(R, s, c("p1", "choose", choice=LETTER))
    s = run(R, s, c("p1", "choose", choice=MIC))
    assert s["players"]["p2"]["center"]["damage"] == 50
    one = with_oshi(p1_main(), "p1", LUI_OSHI, HP4)
    one["players"]["p2"]["center"]["card"] = AKARI_1
    one["players"]["p1"]["hand"] = [LETTER]
    one = used(R, one, "p1", "oshi")  # the one card is archived unasked
    assert one["players"]["p2"]["center"]["damage"] == 0  # one card archived, not two: nothing


@needs_list
def test_hbp08_003_red_cheer_returns_an_advent_blue_cheer_sends_one(R, raw):
    """hBP08-003 FUWAMOCO みんなの笑顔はモココが守る!: 「自分のステージに赤エールがあるなら、自分のアーカイブの#Adventを
    持つホロメン1枚を手札に戻す。青エールがあるなら、自分のアーカイブのエール1枚を自分の#Adventを持つホロメンに送る。」"""
    s = with_oshi(p1_main(), "p1", FUWAMOCO_8, HP4)
    s["players"]["p1"]["center"]["cheer"] = [RED]
    s["players"]["p1"]["archive"] = [NERISSA_D, BLUE]
    s = used(R, s, "p1", "oshi")  # red: 〈ネリッサ〉 back to the hand; no blue: nothing sent
    assert NERISSA_D in s["players"]["p1"]["hand"] and BLUE in s["players"]["p1"]["archive"] and s["pending"] is None


@needs_list
def test_hbp08_001_draws_per_irys_cheer_then_holopower_per_purple(R, raw):
    """hBP08-001 IRyS HOPE and DESPAIR: 「自分の〈IRyS〉全員のエール1枚につき、自分のデッキを1枚引く。その後、自分の
    〈IRyS〉全員の紫エール1枚につき、自分のデッキの上から1枚をホロパワーにする。」 (no purple: no holopower)."""
    s = with_oshi(p1_main(), "p1", IRYS_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = IRYS_D
    s["players"]["p1"]["back"][0].update(card=IRYS_D, cheer=[GREEN])
    s = used(R, s, "p1", "sp", LETTER, MIC)
    assert s["players"]["p1"]["hand"][-2:] == [LETTER, MIC] and len(s["players"]["p1"]["holopower"]) == 2


@needs_list
def test_hbp06_005_after_an_sp_skill_roll_and_draw_to_the_face(R, raw):
    """hBP06-005 ハコス・ベールズ 混沌の化身: 「このゲーム中に、自分のSP推しスキルを使っていたなら、サイコロを1回振る。
    自分の手札が出た目の数と同じになるまで、自分のデッキを引く。」"""
    s = with_oshi(p1_main(), "p1", BAE_OSHI, HP4)
    none = used(R, s, "p1", "oshi")
    assert len(none["players"]["p1"]["hand"]) == 5 and none["roll"] is None
    s["players"]["p1"]["sp_used"] = True
    s = used(R, s, "p1", "oshi", 6, LETTER)
    assert len(s["players"]["p1"]["hand"]) == 6


@needs_list
def test_hbp06_001_a_holomem_named_as_the_collab_from_the_deck(R, raw):
    """hBP06-001 ラオーラ・パンテーラ BIG CAT means…: 「自分のセンターホロメンが〈ラオーラ・パンテーラ〉なら、自分の
    デッキから、自分のコラボホロメンと同じカード名のホロメン1枚を公開し、手札に加える。…」"""
    s = with_oshi(p1_main(), "p1", RAORA_OSHI, HP4)
    s = run(R, s, c("p1", "collab", back="back0"))
    s["players"]["p1"]["center"]["card"] = RAORA_D
    s = used(R, s, "p1", "oshi")
    assert s["pending"]["kind"] == "search_deck" and set(s["pending"]["options"][:-1]) <= {
        cid for cid, x in R.cardset.cards.items() if x["name"] == "雪見ユキ"}


@needs_list
def test_hsd13_002_two_2nd_gigi_onto_the_stage_then_a_cheer_each(R, raw):
    """hSD13-002 ジジ・ムリン 自由奔放な『追跡者』: 「自分のデッキから、2ndホロメンの〈ジジ・ムリン〉2枚を公開し、ステージに
    出す。そしてデッキをシャッフルする。その後、自分のアーカイブのエールを自分のホロメン全員に1枚ずつ送る。」"""
    s = with_oshi(p1_main(), "p1", GIGI_OSHI, HP4)
    unseen = s["zones"]["piles"]["deck/p1"]["unseen"]
    spare = next(card for card, n in sorted(unseen.items()) if n >= 1)
    unseen[spare] -= 1
    unseen[GIGI_2] = 1
    s["players"]["p1"]["archive"] = [GREEN, GREEN, GREEN, GREEN]
    s = used(R, s, "p1", "sp")
    s = run(R, s, c("p1", "choose", choice=GIGI_2))
    s = run(R, s, c("p1", "choose", choice=None))  # one of the two found
    p1 = s["players"]["p1"]
    assert p1["back"][-1]["card"] == GIGI_2 and all(GREEN in h["cheer"] for h in [p1["center"], *p1["back"]])


@needs_list
def test_hsd13_001_an_archived_justice_holomem_onto_the_stage_with_cheer(R, raw):
    """hSD13-001 JUST LIKE THAT: 「自分のアーカイブの#Justiceを持つホロメン1枚をステージに出す。その後、自分のアーカイブの
    エール1～5枚をそのホロメンに送る。」"""
    s = with_oshi(p1_main(), "p1", JUSTICE_OSHI, HP4)
    s["players"]["p1"]["archive"] = [RAORA_D, GREEN, WHITE]
    s = used(R, s, "p1", "sp")  # one #Justice: put out unasked
    assert s["players"]["p1"]["back"][-1]["card"] == RAORA_D and s["pending"]["options"] == [WHITE, GREEN]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["back"][-1]["cheer"] == [GREEN]


@needs_list
def test_hbp06_006_with_six_cheer_on_both_stages_one_to_three_cheer_found(R, raw):
    """hBP06-006 ムーナ・ホシノヴァ 双月の斉唱: 「お互いのステージのエールが合計6枚以上あるなら、自分のエールデッキから、
    エール1～3枚を公開し、自分の#ID1期生を持つホロメンに割り振って送る。そしてエールデッキをシャッフルする。」"""
    s = with_oshi(p1_main(), "p1", MOONA_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = IOFI_D
    few = used(R, s, "p1", "sp")
    assert few["pending"] is None  # 1 cheer on the stages: nothing
    s["players"]["p2"]["center"]["cheer"] = [RED] * 5
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"][-1] is None and GREEN in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=GREEN))  # to 〈アイラニ〉 (the one #ID1期生), unasked
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN]


@needs_list
def test_hbp07_002_archived_mascots_and_fans_onto_one_id3_holomem(R, raw):
    """hBP07-002 ベスティア・ゼータ 不可能なんてないんだから！: 「自分のアーカイブの[マスコットとファン]を好きな枚数選び、
    自分の#ID3期生を持つホロメン1人に付ける。3枚以上付けたなら、このターンの間、そのホロメンのアーツ+100。」 (one
    mascot per holomem: the second is not offered)."""
    s = with_oshi(p1_main(), "p1", ZETA_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = ZETA_D
    s["players"]["p1"]["archive"] = ["FX00-004_C", "FX00-004_C", ROBOSA]
    s = used(R, s, "p1", "sp")
    assert s["pending"]["options"] == ["FX00-004_C", None]  # ろぼさー goes only on ロボ子さん
    s = run(R, s, c("p1", "choose", choice="FX00-004_C"))
    assert s["pending"] is None and s["players"]["p1"]["center"]["attached"] == ["FX00-004_C"]
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 0  # one attached, not three


@needs_list
def test_hbp06_007_robosa_from_the_archive_may_go_on_roboco(R, raw):
    """hBP06-007 ロボ子さん ボクの『高性能っぷり』を堪能してよね♡: 「自分のデッキを2枚引いた後、手札2枚をアーカイブする。
    その後、自分のアーカイブの〈ろぼさー〉を好きな枚数選び、自分の〈ロボ子さん〉に割り振って付けられる。」"""
    s = with_oshi(p1_main(), "p1", ROBOCO_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = ROBOCO_D
    s["players"]["p1"]["archive"] = [ROBOSA, ROBOSA]
    s = used(R, s, "p1", "sp", LETTER, MIC)
    s = run(R, s, c("p1", "choose", choice=LETTER))
    s = run(R, s, c("p1", "choose", choice=MIC))
    assert s["pending"]["options"] == [ROBOSA, None]
    s = run(R, s, c("p1", "choose", choice=ROBOSA))
    s = run(R, s, c("p1", "choose", choice=ROBOSA))
    assert s["players"]["p1"]["center"]["attached"] == [ROBOSA, ROBOSA] and s["pending"] is None


@needs_list
def test_hbp06_002_a_life_when_a_flow_glow_downs_the_centre_with_five_cards_left(R, raw):
    """hBP06-002 響咲リオナ 生き抜いていくんです！: 「自分のデッキの枚数が5枚以下で、自分の#FLOW GLOWを持つホロメンが
    相手のセンターホロメンをダウンさせた時に使える:相手のライフ-1。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", RIONA_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=SUU_FG, cheer=[BLUE])  # 30 (blue)
    s["players"]["p1"]["center"]["damage"] = 60  # 雪見ユキ HP 80
    many = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    assert many["pending"] is None  # the deck holds more than 5
    pile = s["zones"]["piles"]["deck/p2"]
    pile["unseen"] = dict(list(pile["unseen"].items())[:1])
    k, = pile["unseen"]
    pile["unseen"][k] = 5
    pile["size"], pile["top"], pile["bottom"] = 5, [], []
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    assert s["pending"]["options"] == ["生き抜いていくんです！", None]
    s = run(R, s, c("p2", "choose", choice="生き抜いていくんです！"), WHITE)
    assert s["players"]["p1"]["life"] == 3


@needs_list
def test_hbp04_006_every_subaru_hit_by_the_same_effect_takes_30_less(R, raw):
    """hBP04-006 大空スバル メンタル！ フィジカル！ パッション！: 「相手のターンで、自分の〈大空スバル〉が相手からダメージを
    受ける時に使える:自分の〈大空スバル〉全員が受けるダメージ-30。」: p2's special damage 50 to p1's centre and collab
    (both 大空スバル, HP 90) is held for each; used once, both take 20 (the second window has nothing left to offer)."""
    from kifu.replays.games.hocg.effects import EFFECTS
    from kifu.replays.kit import frame
    s = with_oshi(p2_turn(p1_main()), "p1", SUBARU_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = SUBARU_D
    s["players"]["p1"]["collab"] = {**s["players"]["p1"]["back"].pop(0), "card": SUBARU_D}
    s["stack"] = [frame("special_damage", "p2", AKARI_D, "support", {"amount": 50, "target": "both"})]
    EFFECTS.resolve(R.context(s, R.cardset))
    assert s["pending"]["kind"] == "window" and s["pending"]["options"] == ["メンタル！ フィジカル！ パッション！", None]
    s = run(R, s, c("p1", "choose", choice="メンタル！ フィジカル！ パッション！"))
    assert s["players"]["p1"]["center"]["damage"] == 20 and s["players"]["p1"]["collab"]["damage"] == 20
    assert s["pending"] is None and len(s["players"]["p1"]["holopower"]) == 2


@needs_list
def test_hbp06_003_a_cheer_to_a_buzz_or_an_iroha_bloomed_from_one(R, raw):
    """hBP06-003 風真いろは 迷ったらまず実行！: 「自分のエールデッキの上から1枚を自分の[BuzzホロメンかBuzzホロメンから
    Bloomしている〈風真いろは〉]に送る。」"""
    s = with_oshi(p1_main(), "p1", IROHA_OSHI, HP4)
    s["players"]["p1"]["back"][0].update(card=IROHA_2, stack=[YUKI_D, IROHA_BUZZ])
    s = used(R, s, "p1", "oshi", GREEN)  # the one such holomem: unasked
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN]
    none = used(R, with_oshi(p1_main(), "p1", IROHA_OSHI, HP4), "p1", "oshi")  # none there: no cheer turned up
    assert none["pending"] is None and none["players"]["p1"]["back"][0]["cheer"] == []


@needs_list
def test_the_other_main_phase_shapes_are_recognised(raw):
    """The shapes whose effects are tested above through another card, read on their own cards' texts."""
    assert body(raw, "hSD15-001_OC", 0) == ("search_deck", {"filter": {"tag": "きのこ", "support": "event"}})
    assert body(raw, "hSD10-001_OSR", 0)[0] == "skill_if_bloomed"
    assert body(raw, "hBP06-004_OSR", 0) == ("skill_cheer_mill_draw", {"min": 1, "max": 2})
    assert body(raw, "hYS01-004_OC", 1) == ("skill_window", {"moment": "dealt", "dealer": {}, "target": "back", "then": {
        "effect": "special_subject", "params": {"amount": 50}}})
    assert body(raw, "hBP07-007_OSR", 1)[0] == "skill_search_to_stage"
    assert body(raw, "hBP02-006_OSR", 0) == ("skill_bloom_from", {"holder": {"tag": "ID2期生"}, "source": "archive"})
    assert body(raw, "hBP02-003_OSR", 0) == ("skill_bloom_from", {"holder": {"tag": "3期生"}, "source": "hand",
                                                                  "again": True})


def test_texts_left_by_hand_stay_unrecognised():
    """Texts this family does not resolve stay by hand, or are another family's: ホークアイ's lock is
    ``abilities.dice_and_colours``' (``pin_front``, tested in ``test_dice_and_colours``)."""
    text = "次の相手のターンの間、相手のセンターホロメンとコラボホロメンは、バトンタッチ、移動、交代できない。"
    assert rawlist.recognise(text) == ("pin_front", {})


def test_hbp04_005_three_dice_at_once_of_a_holomem_show_five(monkeypatch):
    """hBP04-005 ラプラス・ダークネス 総帥のお仕事: 「このターンの間、自分のホロメンの能力でサイコロを1度に3回振る
    時、そのサイコロの目の数すべてを5として扱う。」: a holomem's ability rolling 3 at once (``effects.roll``'s
    ``at_once``) shows 5 with no chance event; a single die, or a support's dice, roll as usual."""
    from kifu.replays.games.hocg import effects as E
    from kifu.replays.games.hocg.state import Board
    text = "このターンの間、自分のホロメンの能力でサイコロを1度に3回振る時、そのサイコロの目の数すべてを5として扱う。"
    assert rawlist.recognise(text) == ("skill_dice_as", {"face": 5, "at_once": 3, "holomem": True})
    s = p2_turn(p1_main())
    s["players"]["p2"]["used"]["die_as"] = {"face": 5, "turn": s["turn"], "at_once": 3, "holomem": True}
    t = Board(s, CS)
    monkeypatch.setattr(t, "zones", type("Rolled2", (), {"pick": lambda self, *a, **k: 2})())  # a die shows 2
    assert [E.roll(t, "p2", YUKI_D, E.R_DICE, 3) for _ in range(3)] == [5, 5, 5]
    assert E.roll(t, "p2", YUKI_D, E.R_DICE) == 2  # one die: as rolled
    assert E.roll(t, "p2", DICE, E.R_DICE, 3) == 2  # a support's ability: as rolled


def test_a_turn_limited_skill_is_once_in_each_turn_whoevers_it_is():
    """[ターンに1回]: used in its own main phase (``used["oshi"]``) it is spent for that turn only; used in a
    window on the opponent's turn (``oshi_turn``), for that turn only."""
    from kifu.replays.games.hocg.abilities.windows import usable
    from kifu.replays.games.hocg.state import Board
    ab = {"kind": "oshi", "name": "テスト", "holopower": 1, "limit": "turn"}
    s = p2_turn(p1_main())  # turn 2, p2 active
    s["players"]["p1"]["holopower"] = [MEMO]
    s["players"]["p1"]["used"]["oshi"] = True  # spent in p1's turn 1
    assert usable(Board(s, CS), "p1", ab)
    s["players"]["p1"]["oshi_turn"] = s["turn"]  # spent in a window this turn
    assert not usable(Board(s, CS), "p1", ab)
    s["players"]["p2"]["holopower"] = [MEMO]
    s["players"]["p2"]["used"]["oshi"] = True  # p2 used it in its own main phase this turn
    assert not usable(Board(s, CS), "p2", ab)
    s["players"]["p1"]["holopower"] = []
    s["players"]["p1"].pop("oshi_turn")
    assert not usable(Board(s, CS), "p1", ab)  # no ホロパワー to pay


@needs_list
def test_hbp06_008_two_limited_support_cards_this_turn(R, raw):
    """hBP06-008 夏色まつり 絶対勝ちたい！！！！！！！: 「自分のセンターホロメンが〈夏色まつり〉なら、このターンの間、自分が使える
    LIMITEDのサポートカードの枚数は2枚になる。」 (カード/LIMITED: ターンに1枚 otherwise)."""
    s = with_oshi(p2_turn(p1_main()), "p2", MATSURI_OSHI, HP4)
    s["players"]["p2"]["center"]["card"] = MATSURI_D
    s["players"]["p2"]["hand"] += [MANAGER, MANAGER]
    s = run(R, s, c("p2", "support", card=MANAGER), AKARI_D, AKARI_1)
    with pytest.raises(RuleViolation, match="ターンに1枚"):
        run(R, s, c("p2", "support", card=MANAGER), AKARI_D, AKARI_1)
    s = used(R, s, "p2", "sp")
    s = run(R, s, c("p2", "support", card=MANAGER), AKARI_D, AKARI_1)  # the second
    with pytest.raises(RuleViolation, match="ターンに1枚"):
        run(R, s, c("p2", "support", card=MANAGER), AKARI_D, AKARI_1)  # not a third


@needs_list
def test_hbp06_001_raora_does_not_rest_at_the_reset_for_the_game(R, raw):
    """hBP06-001 ラオーラ・パンテーラ BIG TROUBLE!!: 「このゲームの間、自分の〈ラオーラ・パンテーラ〉全員は、リセット
    ステップでお休みしない。」 (ターンの流れ/リセット: the collab holomem goes back, resting, otherwise)."""
    s = used(R, with_oshi(p1_main(), "p1", RAORA_OSHI, HP4), "p1", "sp")
    s = run(R, s, c("p1", "collab", back="back0"))
    s["players"]["p1"]["collab"]["card"] = RAORA_D
    s = run(R, run(R, s, c("p1", "end_turn"), MEMO, RED), c("p2", "choose", choice="center"))
    s = run(R, s, c("p2", "end_turn"), LETTER, WHITE)
    assert s["players"]["p1"]["back"][-1]["card"] == RAORA_D and s["players"]["p1"]["back"][-1]["rested"] is False


@needs_list
def test_hbp08_002_cecilia_stays_resting_at_the_reset(R, raw):
    """hBP08-002 セシリア・イマーグリーン Justiceの古代自動人形 (推しステージスキル): 「自分の〈セシリア・イマーグリーン〉全員は、
    リセットステップでアクティブにならない。」"""
    s = with_oshi(p2_turn(p1_main()), "p1", CECILIA_OSHI, HP4)
    s["players"]["p1"]["back"][0].update(card=CECILIA_D, rested=True)
    s["players"]["p1"]["back"].append({**copy.deepcopy(s["players"]["p1"]["back"][0]), "card": YUKI_D})
    s = run(R, s, c("p2", "end_turn"), LETTER, WHITE)
    assert [h["rested"] for h in s["players"]["p1"]["back"]] == [True, False]


@needs_list
def test_hbp06_008_a_die_against_the_life_a_secret_card_and_a_holopower(R, raw):
    """hBP06-008 夏色まつり おまつりわっしょーい！！！: 「サイコロを1回振る。出た目の数が自分のライフ以上なら、自分のデッキから、
    カード1枚を手札に加える。そしてデッキをシャッフルする。出た目の数が自分のライフ以下なら、自分のデッキの上から1枚を
    ホロパワーにする。」: a 5 at life 5 does both (the card taken is not shown: a secret choice)."""
    s = used(R, with_oshi(p1_main(), "p1", MATSURI_OSHI, HP4), "p1", "oshi", 5)
    assert s["pending"]["kind"] == "skill_search_secret" and s["pending"]["secret"]
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert s["players"]["p1"]["hand"][-1] == LETTER and len(s["players"]["p1"]["holopower"]) == 2 + 1
    high = used(R, with_oshi(p1_main(), "p1", MATSURI_OSHI, HP4), "p1", "oshi", 6)
    high = run(R, high, c("p1", "choose", choice=None))
    assert len(high["players"]["p1"]["holopower"]) == 2  # 6 is not ≤ 5: no holopower


@needs_list
def test_hsd13_001_a_red_2nd_takes_the_arts_damage_instead(R, raw):
    """hSD13-001 秩序の先駆者: 「自分のホロメン1人が相手からアーツダメージを受ける時、自分のステージの[Buzzか2nd]の赤
    ホロメン1人を選べる:そのダメージを、選んだホロメンがかわりに受ける。」"""
    s = with_oshi(p2_turn(p1_main()), "p1", JUSTICE_OSHI, HP4)
    s["players"]["p1"]["back"][0]["card"] = AKARI_2  # red 2nd
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == ["秩序の先駆者", None]
    s = run(R, s, c("p1", "choose", choice="秩序の先駆者"))  # the one red 2nd: unasked
    assert s["players"]["p1"]["center"]["damage"] == 0 and s["players"]["p1"]["back"][0]["damage"] == 20
    white = with_oshi(p2_turn(p1_main()), "p1", JUSTICE_OSHI, HP4)  # no red Buzz/2nd: not offered
    assert run(R, white, c("p2", "arts", holomem="center", art=0, target="center"))["pending"] is None


@needs_list
def test_hbp08_002_cheer_to_resting_cecilia_then_they_are_active(R, raw):
    """hBP08-002 セシリア・イマーグリーン SPIN TO WIN!: 「自分のエールデッキの上から2枚を自分のお休みしている〈セシリア・
    イマーグリーン〉に割り振って送る。その後、この能力でエールを送られたホロメン全員をアクティブにする。」"""
    s = with_oshi(p1_main(), "p1", CECILIA_OSHI, HP4)
    s["players"]["p1"]["back"][0].update(card=CECILIA_D, rested=True)
    s = used(R, s, "p1", "oshi", GREEN, WHITE)  # one resting セシリア: both unasked
    back = s["players"]["p1"]["back"][0]
    assert back["cheer"] == [GREEN, WHITE] and back["rested"] is False


@needs_list
def test_hbp08_005_at_its_turns_end_lui_at_the_centre_with_a_collab_draws_to_four(R, raw):
    """hBP08-005 鷹嶺ルイ もう金曜だねルイ姉 (推しステージスキル): 「自分のターンが終了する時、自分のセンターホロメンが
    〈鷹嶺ルイ〉で、自分のコラボホロメンがいるなら、手札が4枚になるまで、自分のデッキを引く。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", LUI_OSHI, HP4)
    s["players"]["p2"]["center"]["card"] = LUI_D
    s["players"]["p2"]["collab"] = s["players"]["p2"]["back"].pop(0)
    s["players"]["p2"]["hand"] = s["players"]["p2"]["hand"][:2]
    s = run(R, s, c("p2", "end_turn"), AKARI_D, AKARI_1, LETTER, WHITE)  # two for p2, then p1's draw and cheer
    assert len(s["players"]["p2"]["hand"]) == 4 and s["players"]["p2"]["hand"][-2:] == [AKARI_D, AKARI_1]
    alone = with_oshi(p2_turn(p1_main()), "p2", LUI_OSHI, HP4)  # no collab: nothing
    alone["players"]["p2"]["center"]["card"] = LUI_D
    hand = len(alone["players"]["p2"]["hand"])
    alone = run(R, alone, c("p2", "end_turn"), LETTER, WHITE)
    assert len(alone["players"]["p2"]["hand"]) == hand


@needs_list
def test_hbp02_005_once_a_purple_centres_art_is_done_50_per_cheer_of_the_centre(R, raw):
    """hBP02-005 紫咲シオン シオンのすごい魔法: 「自分の紫センターホロメンがアーツを使った時に使える:相手のセンターホロメンに、
    相手のセンターホロメンのエール1枚につき、特殊ダメージ50を与える。」 (as the gifts' 「…がアーツを使った時」: once the
    art is done)."""
    s = with_oshi(p2_turn(p1_main()), "p2", SHION_OSHI, HP4)
    s["players"]["p2"]["center"].update(card=SHION_D, cheer=[RED])
    s["players"]["p1"]["center"].update(card=YUKI_2, cheer=[WHITE, GREEN])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    art = s["players"]["p1"]["center"]["damage"]
    assert art > 0 and s["pending"]["options"] == ["シオンのすごい魔法", None]
    s = run(R, s, c("p2", "choose", choice="シオンのすごい魔法"))
    assert s["players"]["p1"]["center"]["damage"] == art + 2 * 50


@needs_list
def test_hbp07_001_a_watame_art_puts_the_deck_top_into_holopower(R, raw):
    """hBP07-001 角巻わため ドドドライブ (推しステージスキル): 「自分の〈角巻わため〉がアーツを使った時、自分のデッキの上から1枚を
    ホロパワーにする。」"""
    s = with_oshi(p2_turn(p1_main()), "p2", WATAME_STAGE, [])
    s["players"]["p2"]["center"].update(card=WATAME_D, cheer=[RED])
    s["players"]["p1"]["center"]["card"] = YUKI_2
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert len(s["players"]["p2"]["holopower"]) == 1
    other = with_oshi(p2_turn(p1_main()), "p2", WATAME_STAGE, [])  # 炎堂アカリ's art: nothing
    assert run(R, other, c("p2", "arts", holomem="center", art=0, target="center"))["players"]["p2"]["holopower"] == []


# ------------------------------------------------------------------ arts that may target the back

@needs_list
def test_hbp03_004_bau_bau_lets_the_chosen_advent_art_target_a_back_holomem(R, raw):
    """hBP03-004 FUWAMOCO BAU BAU!: 「自分の#Adventを持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツは、
    相手のバックホロメンも対象にできる。」 (ターンの流れ/パフォーマンスフェイズ: the art's target is one of the
    opponent's centre or collab holomem; the skill adds the back ones, until the turn ends)."""
    assert body(raw, FUWAMOCO_OSHI, 1) == ("skill_back_target", {"holder": {"tag": "Advent"}})
    s = with_oshi(p2_turn(p1_main()), "p2", FUWAMOCO_OSHI, HP4)
    s["players"]["p2"]["center"]["card"] = MOCOCO_1
    plain = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert plain["pending"] is None and plain["players"]["p1"]["center"]["damage"] == 40
    s = used(R, s, "p2", "sp")  # one #Advent holomem: no question
    assert s["players"]["p2"]["center"]["lasting"] == [{"kind": "back_target", "amount": 0, "until": s["turn"]}]
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "skill_arts_retarget" and s["pending"]["options"] == ["center", "back0"]
    assert s["players"]["p1"]["center"]["damage"] == 0  # named before the art resolves
    back = run(R, s, c("p2", "choose", choice="back0"))
    assert back["players"]["p1"]["back"][0]["damage"] == 40 and back["players"]["p1"]["center"]["damage"] == 0
    kept = run(R, s, c("p2", "choose", choice="center"))
    assert kept["players"]["p1"]["center"]["damage"] == 40 and kept["players"]["p1"]["back"][0]["damage"] == 0
    ended = run(R, back, c("p2", "end_turn"), MEMO, WHITE)
    assert "lasting" not in ended["players"]["p2"]["center"]


# ------------------------------------------------------------------ 「…の能力でサイコロを振った時に使える」

def shion_collabs(R):
    """p1's turn 1: its oshi is 紫咲シオン with four ホロパワー, its back 紫咲シオン (hBP02-043, collab effect
    魔法見せてあげる: 「サイコロを1回振れる:4以上の時、自分のデッキから、#魔法を持つカード1枚を公開し、手札に加える。…」)
    collabs and rolls."""
    s = with_oshi(p1_main(), "p1", SHION_OSHI, HP4)
    s["players"]["p1"]["back"][0]["card"] = SHION_MAGIC
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "roll_then"
    return s


@needs_list
def test_hbp02_005_a_shion_die_may_be_rolled_again_once_per_turn(R, raw):
    """hBP02-005 紫咲シオン ねえ゛え゛え゛え゛え゛え゛え゛: 「[ターンに1回]自分の〈紫咲シオン〉の能力でサイコロを振った
    時に使える:サイコロを1回振り直す。」 (サイコロを振る: each roll a chance event; the face rolled again is the
    one the effect uses; ホロパワー: its cost)."""
    assert body(raw, SHION_OSHI, 0) == ("skill_window", {"moment": "rolled", "holder": {"names": ["紫咲シオン"]},
                                                       "then": {"effect": "skill_reroll", "params": {}}})
    s = run(R, shion_collabs(R), c("p1", "choose", choice="roll"), 2)
    name = R.cardset.card(SHION_OSHI)["abilities"][0]["name"]
    assert s["pending"]["kind"] == "window" and s["pending"]["options"] == [name, None]
    kept = run(R, s, c("p1", "choose", choice=None))  # 2: not 4 or more, nothing searched
    assert kept["pending"] is None and len(kept["players"]["p1"]["holopower"]) == 5  # (4 and the collab's)
    again = run(R, s, c("p1", "choose", choice=name), 5)
    assert again["pending"]["kind"] == "search_deck"  # 5: the branch resolves
    p1 = again["players"]["p1"]
    assert len(p1["holopower"]) == 4 and p1["used"]["oshi"] and p1["used"]["rolls"] == 2
    low = run(R, s, c("p1", "choose", choice=name), 1)
    assert low["pending"] is None  # the face rolled again is used, even lower
    spent = shion_collabs(R)  # [ターンに1回]: once spent this turn, no window
    spent["players"]["p1"]["used"]["oshi"] = True
    assert run(R, spent, c("p1", "choose", choice="roll"), 2)["pending"] is None


# ------------------------------------------------------------------ a holomem from the stage to the deck

@needs_list
def test_hbp07_004_a_back_debut_haato_to_the_deck_bottom_draws_two_then_one_haato_boosted(R, raw):
    """hBP07-004 赤井はあと ワールドワイドな最強アイドル！: 「自分のバックポジションのDebutホロメンの〈赤井はあと〉1人を
    デッキの下に戻す。その後、自分のステージの〈赤井はあと〉1人を選ぶ。このターンの間、選んだホロメンのアーツ+50。」,
    and its 推しステージスキル はあちゃまなう: 「[ターンに1回]自分のターンで、自分の〈赤井はあと〉が自分の能力でステージから
    デッキに戻った時、自分のデッキを2枚引く。」 (the holomem's cheer to the archive, as ダウン② puts the cards
    attached there)."""
    oshi = R.cardset.card(HAATO_OSHI)["abilities"]
    assert [(a["effect"], a["params"]) for a in oshi if a["kind"] == "stage"] == [
        ("stage_left_to_deck", {"names": ["赤井はあと"], "then": {"effect": "draw", "params": {"count": 2}}})]
    assert body(raw, HAATO_OSHI, 1) == ("sequence", {"steps": [
        {"effect": "skill_stage_to_bottom", "params": {"holder": {"pos": ["back"], "level": "debut",
                                                                  "names": ["赤井はあと"]}}},
        {"effect": "boost_holomem", "params": {"holder": {"names": ["赤井はあと"]}, "amount": 50}}]})
    s = with_oshi(p1_main(), "p1", HAATO_OSHI, HP4)
    s["players"]["p1"]["center"]["card"] = HAATO_D
    s["players"]["p1"]["back"][0].update(card=HAATO_D, cheer=[GREEN])
    hand = len(s["players"]["p1"]["hand"])
    done = used(R, s, "p1", "oshi", MEMO, LETTER)  # one Haato left on the stage: no question
    p1 = done["players"]["p1"]
    assert p1["back"] == [] and GREEN in p1["archive"] and done["zones"]["piles"]["deck/p1"]["bottom"][-1:] == [HAATO_D]
    assert len(p1["hand"]) == hand + 2 and p1["center"]["mods"]["arts"] == 50 and len(p1["holopower"]) == 2
    none = copy.deepcopy(s)  # no Debut Haato at the back: nothing to the deck, no draw; the boost still
    none["players"]["p1"]["back"][0]["card"] = YUKI_D
    none = used(R, none, "p1", "oshi")
    assert len(none["players"]["p1"]["hand"]) == hand and none["players"]["p1"]["center"]["mods"]["arts"] == 50


@needs_list
def test_hbp07_006_an_event_searched_only_if_a_holomem_went_down_in_the_opponents_turn_before(R, raw):
    """hBP07-006 AZKi 行くよ、開拓者。: 「直前の相手のターンに自分のホロメンがダウンしていたなら、自分のデッキから、
    イベント1枚を公開し、手札に加える。そしてデッキをシャッフルする。」 (the arts family's condition, in an oshi
    skill: ``effects.check_downs`` marks the turn's ``used["downed_other"]``, the downing player's)."""
    assert body(raw, AZKI_OSHI, 1) == ("arts_when", {"test": "downed_last_opp_turn", "then": {
        "effect": "search_deck", "params": {"filter": {"support": "event"}}}})
    s = with_oshi(p2_turn(p1_main()), "p2", AZKI_OSHI, HP4)
    quiet = used(R, s, "p2", "oshi")
    assert quiet["pending"] is None and len(quiet["players"]["p2"]["holopower"]) == 3  # paid, nothing searched
    s["players"]["p1"]["used"]["downed_other"] = True  # p1's turn just before downed one of p2's
    assert used(R, s, "p2", "oshi")["pending"]["kind"] == "search_deck"
