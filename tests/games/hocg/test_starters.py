"""The starter decks hSD01 (ときのそら・AZKi) and hSD02 (百鬼あやめ): their abilities run by
themselves, each given/when/then, citing the card number and its printed text.

The cards are the official list's (read from ``../shared/data/hocg/card_data.json``, never
committed: these tests are skipped without it), added to the FIXTURE set so the FIXTURE
decks' tested states can be given a starter card where a test needs one.
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import (AKARI_D, AKARI_DU, BLUE, CS, GREEN, LETTER, MEMO, MIC, RED, REAL_LIST, WHITE, YUKI_DU, c)
from .test_turns import p1_main, p2_turn

pytestmark = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

SORA_D, SORA_CO, SORA_BUZZ = "hSD01-003_C", "hSD01-004_R", "hSD01-006_RR"
AZKI_D, AZKI_CO, AZKI_2, SORAZ = "hSD01-008_C", "hSD01-009_R", "hSD01-011_RR", "hSD01-013_R"
IOFI, KOYORI, HOLORIS, SORA_OSHI = "hSD01-012_C", "hSD01-015_U", "hSD01-020_C", "hSD01-001_OSR"
AYAME_OSHI, AYAME_D, AYAME_CO, AYAME_1, FUBUKI, MIO = ("hSD02-001_OC", "hSD02-002_C", "hSD02-004_U", "hSD02-006_C",
                                                       "hSD02-010_U", "hSD02-011_U")
POYOYO, AYAME_1B = "hSD02-014_C", "hSD02-007_U"
FIRST_GRAVITY, SUB_PC, MANE, SUGOI_PC = "hSD01-021_C", "hSD01-018_C", "hSD01-017_C", "hSD01-019_C_02"
AYAME_2, ASHURA, AZKI_OSHI, IRYS = "hSD02-009_RR", "hSD02-013_C", "hSD01-002_OSR", "hSD01-007_C"


@pytest.fixture(scope="module")
def R():
    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    starters = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items()
                if str(v.get("number", "")).startswith(("hSD01-", "hSD02-"))]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-starters", "title": "FIXTURE + hSD01/hSD02",
                                  "cards": CS.loaded["cards"] + starters, "decks": CS.loaded["decks"]})
    return UNBOUND.bind(mixed)


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def text_of(R, card, name=None):
    c_ = R.cardset.cards[card]
    for a in c_["abilities"] + c_["arts"]:
        if name is None or a["name"] == name:
            return a
    raise KeyError(name)


def later_turn(s, seat="p1"):
    """A given state: ``seat``'s own first turn is over (Bloom and arts allowed), its
    holomem on the stage since before this turn."""
    s = copy.deepcopy(s)
    s["players"][seat]["turns"] = 3
    for pos in ("center", "collab"):
        if s["players"][seat][pos]:
            s["players"][seat][pos]["since"] = -1
    for h in s["players"][seat]["back"]:
        h["since"] = -1
    return s


# ------------------------------------------------------------------ hSD01


def test_hsd01_004_collab_lets_dance_boosts_the_centre_this_turn(R):
    """hSD01-004 ときのそら コラボエフェクト「レッツダンス！」: 「このターンの間、自分のセンター
    ホロメンのアーツ+20。」"""
    assert text_of(R, SORA_CO, "レッツダンス！")["effect"] == "boost_turn"
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = SORA_CO
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 20 and s["players"]["p1"]["collab"]["mods"]["arts"] == 0
    assert s["pending"] is None


def test_hsd01_006_soraz_sympathy_adds_50_only_with_azki_on_the_stage(R):
    """hSD01-006 ときのそら アーツ「SorAZ シンパシー」: 「自分のステージにホロメンの〈AZKi〉がいる
    時、このアーツ+50。」 (SorAZ hSD01-013 is treated as AZKi too)."""
    base = copy.deepcopy(p2_turn(p1_main()))
    base["players"]["p2"]["center"].update(card=SORA_BUZZ, cheer=[WHITE, GREEN, RED])
    base["players"]["p1"]["center"]["card"] = AZKI_2  # HP 190: no down to state
    alone = run(R, base, c("p2", "arts", holomem="center", art=1, target="center"))
    assert [e["amount"] for e in alone["events"] if e["kind"] == "damage"][-1:] == [60]
    for azki in (AZKI_D, SORAZ):
        with_azki = copy.deepcopy(base)
        with_azki["players"]["p2"]["back"][0]["card"] = azki
        s = run(R, with_azki, c("p2", "arts", holomem="center", art=1, target="center"))
        assert [e["amount"] for e in s["events"] if e["kind"] == "damage"][-1:] == [110]


def test_hsd01_011_destiny_song_may_roll_odd_adds_50_and_a_one_50_more(R):
    """hSD01-011 AZKi アーツ「デスティニーソング」: 「サイコロを1回振れる:奇数の時、このアーツ+50。
    １の時、さらに、このアーツ+50。」 The die is a chance event stated at a physical table."""
    base = copy.deepcopy(p2_turn(p1_main()))
    base["players"]["p2"]["center"].update(card=AZKI_2, cheer=[GREEN, GREEN, RED])
    base["players"]["p1"]["center"]["card"] = SORA_BUZZ  # HP 240, white: no down, no 特攻
    s = run(R, base, c("p2", "arts", holomem="center", art=1, target="center"))
    assert s["pending"]["kind"] == "roll_then" and s["pending"]["options"] == ["roll", "skip"]
    dealt = {}
    for face in (1, 3, 2):
        after = run(R, s, c("p2", "choose", choice="roll"), face)
        assert after["roll"]["face"] == face
        dealt[face] = [e["amount"] for e in after["events"] if e["kind"] == "damage"][-1]
    skipped = run(R, s, c("p2", "choose", choice="skip"))
    assert dealt == {1: 200, 3: 150, 2: 100}
    assert [e["amount"] for e in skipped["events"] if e["kind"] == "damage"][-1] == 100 and skipped["roll"] is None


def test_hsd01_011_soraz_gravity_sends_a_cheer_with_sora_on_the_stage(R):
    """hSD01-011 AZKi アーツ「SorAZ グラビティ」: 「自分のステージにホロメンの〈ときのそら〉がいる
    時、自分のエールデッキの上から1枚を、自分のホロメンに送る。」"""
    base = copy.deepcopy(p2_turn(p1_main()))
    base["players"]["p2"]["center"].update(card=AZKI_2, cheer=[GREEN])
    alone = run(R, base, c("p2", "arts", holomem="center", art=0, target="center"))
    assert alone["pending"] is None
    with_sora = copy.deepcopy(base)
    with_sora["players"]["p2"]["back"][0]["card"] = SORA_D
    s = run(R, with_sora, c("p2", "arts", holomem="center", art=0, target="center"), BLUE)
    assert s["pending"]["kind"] == "cheer_to" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p2", "choose", choice="back0"))
    assert s["players"]["p2"]["back"][0]["cheer"] == [BLUE]


def test_hsd01_012_iofi_may_send_a_white_or_green_archived_cheer_to_the_centre(R):
    """hSD01-012 アイラニ・イオフィフティーン コラボエフェクト「一緒にお絵かき！」: 「自分のアーカイブ
    の[白エールか緑エール]1枚を自分のセンターホロメンに送れる。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = IOFI
    s["players"]["p1"]["archive"] = [RED, GREEN]
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "archive_cheer" and s["pending"]["options"] == [GREEN, None]
    declined = run(R, s, c("p1", "choose", choice=None))
    assert declined["players"]["p1"]["archive"] == [RED, GREEN]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN] and s["players"]["p1"]["archive"] == [RED]


def test_hsd01_013_soraz_blooms_from_azki_and_its_art_rolls_for_cheer_or_a_card(R):
    """hSD01-013 SorAZ: 「このホロメンは〈ときのそら〉〈AZKi〉としても扱う」 (so it blooms from an
    AZKi Debut), アーツ「越えたい未来」: 「サイコロを1回振れる:奇数の時、自分のエールデッキの上から
    1枚を、このホロメンに送る。偶数の時、自分のデッキを1枚引く。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = AZKI_D
    s["players"]["p1"]["hand"].append(SORAZ)
    s = run(R, s, c("p1", "bloom", card=SORAZ, target="center"))
    assert s["players"]["p1"]["center"]["card"] == SORAZ and s["players"]["p1"]["center"]["stack"] == [AZKI_D]
    s["players"]["p1"]["center"]["cheer"] = [WHITE, GREEN]
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    odd = run(R, s, c("p1", "choose", choice="roll"), 5, WHITE)
    assert odd["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN, WHITE]
    even = run(R, s, c("p1", "choose", choice="roll"), 4, LETTER)
    assert even["players"]["p1"]["hand"][-1] == LETTER and even["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN]


def test_hsd01_015_koyori_collab_draws_with_sora_and_sends_cheer_with_azki(R):
    """hSD01-015 博衣こより コラボエフェクト「SoAzKo」: 「■〈ときのそら〉とコラボした時、自分のデッキ
    を1枚引く。 ■〈AZKi〉とコラボした時、自分のエールデッキの上から1枚を、自分のセンターホロメン
    に送る。」"""
    base = copy.deepcopy(p1_main())
    base["players"]["p1"]["back"][0]["card"] = KOYORI
    nobody = run(R, base, c("p1", "collab", back="back0"))
    assert nobody["pending"] is None and len(nobody["players"]["p1"]["hand"]) == len(base["players"]["p1"]["hand"])
    sora = copy.deepcopy(base)
    sora["players"]["p1"]["center"]["card"] = SORA_D
    s = run(R, sora, c("p1", "collab", back="back0"), LETTER)
    assert s["players"]["p1"]["hand"][-1] == LETTER and s["players"]["p1"]["center"]["cheer"] == [WHITE]
    soraz = copy.deepcopy(base)
    soraz["players"]["p1"]["center"]["card"] = SORAZ  # both names: both halves
    s = run(R, soraz, c("p1", "collab", back="back0"), LETTER, WHITE)
    assert s["players"]["p1"]["hand"][-1] == LETTER and s["players"]["p1"]["center"]["cheer"] == [WHITE, WHITE]


def test_hsd01_020_hololis_ring_rolls_three_or_more_for_an_archived_cheer(R):
    """hSD01-020 ホロリスの輪: 「サイコロを1回振る:3以上の時、自分のアーカイブのエール1枚を自分の
    ホロメンに送る。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["hand"].append(HOLORIS)
    s["players"]["p1"]["archive"] = [GREEN]
    low = run(R, s, c("p1", "support", card=HOLORIS), 2)
    assert low["pending"] is None and low["players"]["p1"]["archive"] == [GREEN, HOLORIS]
    high = run(R, s, c("p1", "support", card=HOLORIS), 3)
    assert high["pending"]["kind"] == "archive_cheer" and high["pending"]["options"] == [GREEN]
    high = run(R, high, c("p1", "choose", choice=GREEN))
    assert high["pending"]["options"] == ["center", "back0"]
    high = run(R, high, c("p1", "choose", choice="back0"))
    assert high["players"]["p1"]["back"][0]["cheer"] == [GREEN] and high["players"]["p1"]["archive"] == [HOLORIS]


def test_hsd01_001_sp_skill_swaps_the_opponents_centre_then_boosts_a_white_centre(R):
    """hSD01-001 ときのそら SP推しスキル「じゃあ敵だね？」: 「相手のセンターホロメンとバックホロメン
    1人を交代させる。その後、このターンの間、自分の白センターホロメンのアーツ+50。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["oshi"] = SORA_OSHI
    s["players"]["p1"]["holopower"] = [LETTER, MEMO]
    s = run(R, s, c("p1", "oshi_skill", skill="sp"))
    p2 = s["players"]["p2"]
    assert p2["center"]["card"] == AKARI_DU and p2["back"][0]["card"] == AKARI_D
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 50


# ------------------------------------------------------------------ hSD02


def test_hsd02_001_oshi_skills_red_mic_and_once_more(R):
    """hSD02-001 百鬼あやめ 推しスキル「レッドマイク」: 「このターンの間、自分の赤センターホロメンの
    アーツ+20。」; SP推しスキル「さあ！もう一度！」: 「自分のアーカイブの赤ホロメン1枚を手札に戻す。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["oshi"] = AYAME_OSHI
    s["players"]["p1"]["holopower"] = [LETTER, MEMO, MIC]
    white = run(R, s, c("p1", "oshi_skill", skill="oshi"))
    assert white["players"]["p1"]["center"]["mods"]["arts"] == 0  # 雪見ユキ is white
    s["players"]["p1"]["center"]["card"] = AYAME_D
    s["players"]["p1"]["archive"] = [YUKI_DU, AYAME_1]
    s = run(R, s, c("p1", "oshi_skill", skill="oshi"))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 20
    s = run(R, s, c("p1", "oshi_skill", skill="sp"))
    assert s["players"]["p1"]["hand"][-1] == AYAME_1 and s["players"]["p1"]["archive"][:1] == [YUKI_DU]


def test_hsd02_004_collab_boosts_the_centre_only_with_poyoyo_attached(R):
    """hSD02-004 百鬼あやめ コラボエフェクト「あやめのひととせ」: 「このホロメンに〈ぽよ余〉が付いて
    いる時、このターンの間、自分のセンターホロメンのアーツ+20。」"""
    base = copy.deepcopy(p1_main())
    base["players"]["p1"]["back"][0]["card"] = AYAME_CO
    bare = run(R, base, c("p1", "collab", back="back0"))
    assert bare["players"]["p1"]["center"]["mods"]["arts"] == 0
    base["players"]["p1"]["back"][0]["attached"] = [POYOYO]
    s = run(R, base, c("p1", "collab", back="back0"))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 20


def test_hsd02_006_bloom_may_archive_a_hand_card_for_special_damage(R):
    """hSD02-006 百鬼あやめ ブルームエフェクト「お誕生日会」: 「自分の手札1枚をアーカイブできる:相手
    のセンターホロメンかコラボホロメンに特殊ダメージ20を与える。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = AYAME_D
    s["players"]["p1"]["hand"].append(AYAME_1)
    s = run(R, s, c("p1", "bloom", card=AYAME_1, target="center"))
    assert s["pending"]["kind"] == "cost_hand" and s["pending"]["options"][-1] is None
    assert MIC in s["pending"]["options"]
    declined = run(R, s, c("p1", "choose", choice=None))
    assert declined["players"]["p2"]["center"]["damage"] == 0 and MIC in declined["players"]["p1"]["hand"]
    paid = run(R, s, c("p1", "choose", choice=MIC))
    assert MIC in paid["players"]["p1"]["archive"] and MIC not in paid["players"]["p1"]["hand"]
    assert paid["players"]["p2"]["center"]["damage"] == 20


def test_hsd02_010_fubuki_may_return_an_archived_mascot(R):
    """hSD02-010 白上フブキ コラボエフェクト「帰ってきなさーい」: 「自分のアーカイブのマスコット1枚
    を手札に戻せる。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = FUBUKI
    s["players"]["p1"]["archive"] = [MIC, POYOYO]
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "from_archive" and s["pending"]["options"] == [POYOYO, None]
    s = run(R, s, c("p1", "choose", choice=POYOYO))
    assert s["players"]["p1"]["hand"][-1] == POYOYO and s["players"]["p1"]["archive"] == [MIC]


def test_hsd02_011_mio_may_archive_a_hand_holomem_to_cheer_a_debut(R):
    """hSD02-011 大神ミオ コラボエフェクト「おにけもの会」: 「自分の手札のホロメン1枚をアーカイブ
    できる:自分のエールデッキの上から1枚を自分のDebutホロメンに送る。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = MIO
    s = run(R, s, c("p1", "collab", back="back0"))
    hand = set(s["players"]["p1"]["hand"])
    assert s["pending"]["kind"] == "cost_hand" and MIC in hand and MIC not in s["pending"]["options"]
    holomem = next(o for o in s["pending"]["options"] if o is not None)
    s = run(R, s, c("p1", "choose", choice=holomem), WHITE)  # one Debut (the centre): no question
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, WHITE] and holomem in s["players"]["p1"]["archive"]


def into_deck(s, seat, *cards):
    """A given state: ``cards`` take the place of unseen 雪見ユキ Debuts (FX01-002) in the deck."""
    unseen = s["zones"]["piles"][f"deck/{seat}"]["unseen"]
    for card in cards:
        unseen[YUKI_DU] -= 1
        unseen[card] = unseen.get(card, 0) + 1
    return s


def test_hsd01_021_first_gravity_looks_at_four_and_takes_sora_and_azki(R):
    """hSD01-021 First Gravity: 「このカードは、自分の手札がこのカードを含まずに6枚以下でなければ
    使えない。自分のデッキの上から4枚を見る。その中から、〈ときのそら〉と〈AZKi〉を好きな枚数公開
    し、公開したホロメンを手札に加える。そして残ったカードを好きな順でデッキの下に戻す。」"""
    s = into_deck(later_turn(p1_main()), "p1", SORA_D, AZKI_D)
    s["players"]["p1"]["hand"].append(FIRST_GRAVITY)
    crowded = copy.deepcopy(s)
    crowded["players"]["p1"]["hand"] += [MIC, MIC]
    with pytest.raises(RuleViolation, match="6枚以下"):
        run(R, crowded, c("p1", "support", card=FIRST_GRAVITY))
    s = run(R, s, c("p1", "support", card=FIRST_GRAVITY), SORA_D, LETTER, AZKI_D, MEMO)
    assert s["pending"]["kind"] == "look_top" and s["pending"]["options"] == [SORA_D, AZKI_D, None]
    assert "options" not in R.view(s, "p2")["pending"]
    s = run(R, s, c("p1", "choose", choice=AZKI_D))
    assert s["pending"]["options"] == [SORA_D, None]
    assert {"kind": "reveal", "seat": "p1", "card": AZKI_D, "source": FIRST_GRAVITY} in s["events"]
    s = run(R, s, c("p1", "choose", choice=SORA_D))
    assert s["players"]["p1"]["hand"][-2:] == [AZKI_D, SORA_D]
    assert s["pending"]["kind"] == "to_bottom" and s["pending"]["secret"]
    cmd = c("p1", "choose", choice=MEMO)
    after = run(R, s, cmd)
    assert R.redact(s, cmd, after, "p2")["choice"] is None
    assert after["zones"]["piles"]["deck/p1"]["bottom"] == [MEMO, LETTER] and after["pending"] is None


def test_hsd01_018_sub_pc_takes_one_limited_support_from_five(R):
    """hSD01-018 サブパソコン: 「自分のデッキの上から5枚を見る。その中から、LIMITEDのサポートカード
    1枚を公開し、手札に加える。そして残ったカードを好きな順でデッキの下に戻す。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["hand"].append(SUB_PC)
    s = run(R, s, c("p1", "support", card=SUB_PC), YUKI_DU, MEMO, YUKI_DU, LETTER, "FX00-001_C")
    assert s["pending"]["options"] == ["FX00-001_C", None]  # マネージャー is the one LIMITED card
    s = run(R, s, c("p1", "choose", choice="FX00-001_C"))
    assert s["players"]["p1"]["hand"][-1] == "FX00-001_C" and s["pending"]["kind"] == "to_bottom"
    assert s["pending"]["options"] == sorted({YUKI_DU, MEMO, LETTER})


def test_hsd02_007_bloom_from_debut_looks_at_two_takes_one_archives_the_other(R):
    """hSD02-007 百鬼あやめ ブルームエフェクト「どーっちどっち♪」: 「DebutからBloomした時、自分の
    デッキの上から2枚を見る。その中から、1枚を公開し、手札に加える。そして残ったカードをアーカイブ
    する。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["center"]["card"] = AYAME_D
    s["players"]["p1"]["hand"].append(AYAME_1B)
    s = run(R, s, c("p1", "bloom", card=AYAME_1B, target="center"), MEMO, LETTER)
    assert s["pending"]["kind"] == "look_top" and s["pending"]["options"] == [LETTER, MEMO, None]
    s = run(R, s, c("p1", "choose", choice=LETTER))
    assert s["players"]["p1"]["hand"][-1] == LETTER and s["players"]["p1"]["archive"] == [MEMO]


def test_hsd02_009_yodayo_archives_one_to_three_for_40_each_to_the_centre(R):
    """hSD02-009 百鬼あやめ アーツ「余ーだ余」: 「自分の手札1～3枚をアーカイブできる:相手のセンター
    ホロメンに、アーカイブしたカード1枚につき、特殊ダメージ40を与える。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = SORA_BUZZ  # HP 240: the art's 40 and the specials stay below
    s["players"]["p2"]["center"].update(card=AYAME_2, cheer=[RED, RED, BLUE])
    hand = list(s["players"]["p2"]["hand"])
    s = run(R, s, c("p2", "arts", holomem="center", art=1, target="center"))
    assert s["pending"]["kind"] == "cost_hand_each" and s["pending"]["options"][-1] is None
    none = run(R, s, c("p2", "choose", choice=None))
    assert none["players"]["p1"]["center"]["damage"] == 40
    for n in range(3):
        s = run(R, s, c("p2", "choose", choice=hand[n]))
    assert s["pending"] is None and s["players"]["p2"]["archive"][-3:] == hand[:3]
    assert s["players"]["p1"]["center"]["damage"] == 120 + 40


def test_hsd02_013_ashura_rasetsu_adds_10_and_10_more_on_a_1st_ayame(R):
    """hSD02-013 阿修羅＆羅刹: 「このツールが付いているホロメンのアーツ+10。 ◆1st以上の〈百鬼あやめ〉
    に付いていたら能力追加 このツールが付いているホロメンのアーツ+10。」"""
    dealt = {}
    for card in (AYAME_D, AYAME_1):  # both 30 with one red
        s = copy.deepcopy(p2_turn(p1_main()))
        s["players"]["p1"]["center"]["card"] = SORA_BUZZ
        s["players"]["p2"]["center"].update(card=card, cheer=[RED], attached=[ASHURA])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        dealt[card] = s["players"]["p1"]["center"]["damage"]
    assert dealt == {AYAME_D: 40, AYAME_1: 50}


def test_hsd02_014_poyoyo_adds_hp_and_draws_when_its_ayame_blooms(R):
    """hSD02-014 ぽよ余: 「このマスコットが付いているホロメンのHP+20。 ◆〈百鬼あやめ〉に付いていたら
    能力追加 このマスコットが付いているホロメンがBloomした時、自分のデッキを1枚引く。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["center"].update(card=AYAME_D, attached=[POYOYO])
    assert R.view(s, "public")["players"]["p1"]["stage"]["center"]["hp"] == 110
    s["players"]["p1"]["hand"].append(AYAME_1)
    s = run(R, s, c("p1", "bloom", card=AYAME_1, target="center"))
    assert s["pending"]["kind"] == "cost_hand"  # お誕生日会 first, then the mascot's draw
    s = run(R, s, c("p1", "choose", choice=None), LETTER)
    assert s["players"]["p1"]["hand"][-1] == LETTER and s["pending"] is None


def test_hsd01_001_replacement_moves_a_cheer_between_holomem(R):
    """hSD01-001 ときのそら 推しスキル「リプレイスメント」: 「自分のステージのエール1枚を、自分の
    ホロメンに付け替える。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["oshi"] = SORA_OSHI
    s["players"]["p1"]["holopower"] = [LETTER]
    s = run(R, s, c("p1", "oshi_skill", skill="oshi"))
    assert s["pending"]["kind"] == "move_cheer" and s["pending"]["options"] == [["center", WHITE]]
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]))  # one other holomem: no question
    assert s["players"]["p1"]["center"]["cheer"] == [] and s["players"]["p1"]["back"][0]["cheer"] == [WHITE]


def test_hsd01_017_mane_chan_returns_the_hand_and_draws_five(R):
    """hSD01-017 マネちゃん: 「このカードは、自分の手札がこのカードを含まずに1枚以上なければ使えない。
    自分の手札すべてをデッキに戻してシャッフルする。そして自分のデッキを5枚引く。」"""
    s = later_turn(p1_main())
    empty = copy.deepcopy(s)
    empty["players"]["p1"]["hand"] = [MANE]
    with pytest.raises(RuleViolation, match="1枚以上"):
        run(R, empty, c("p1", "support", card=MANE))
    s["players"]["p1"]["hand"].append(MANE)
    size = s["zones"]["piles"]["deck/p1"]["size"]
    s = run(R, s, c("p1", "support", card=MANE), *[YUKI_DU] * 5)
    assert s["players"]["p1"]["hand"] == [YUKI_DU] * 5 and MANE in s["players"]["p1"]["archive"]
    assert s["zones"]["piles"]["deck/p1"]["size"] == size  # five back in, five drawn


def test_hsd01_019_sugoi_pc_archives_a_stage_cheer_then_finds_a_1st_or_2nd(R):
    """hSD01-019 スゴイパソコン: 「このカードは、自分のステージのエール1枚をアーカイブしなければ使え
    ない。自分のデッキから、Buzz以外の[1stホロメンか2ndホロメン]1枚を公開し、手札に加える。そして
    デッキをシャッフルする。」"""
    s = later_turn(p1_main())
    s["players"]["p1"]["hand"].append(SUGOI_PC)
    bare = copy.deepcopy(s)
    bare["players"]["p1"]["center"]["cheer"] = []
    with pytest.raises(RuleViolation, match="エール1枚をアーカイブしなければ"):
        run(R, bare, c("p1", "support", card=SUGOI_PC))
    s = run(R, s, c("p1", "support", card=SUGOI_PC))
    assert WHITE in s["players"]["p1"]["archive"] and s["players"]["p1"]["center"]["cheer"] == []
    options = s["pending"]["options"]
    assert s["pending"]["kind"] == "search_deck" and options[-1] is None
    assert {R.cardset.cards[o]["level"] for o in options[:-1]} <= {"1st", "2nd"} and YUKI_DU not in options


def azki_collab_given(oshi=None):
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = AZKI_CO
    s["players"]["p1"]["back"].append({**copy.deepcopy(s["players"]["p1"]["back"][0]), "card": YUKI_DU})
    if oshi:
        s["players"]["p1"]["oshi"] = oshi
        s["players"]["p1"]["holopower"] = [LETTER, MEMO, MIC]
    return s


def test_hsd01_009_azki_may_roll_four_or_less_cheers_a_back_and_a_one_may_move_it_back(R):
    """hSD01-009 AZKi コラボエフェクト「広がる地図」: 「サイコロを1回振れる:４以下の時、自分のエール
    デッキの上から1枚を、自分のバックホロメンに送る。１の時、さらに、このホロメンをバックポジション
    に移動できる。」"""
    s = run(R, azki_collab_given(), c("p1", "collab", back="back0"))
    assert s["pending"]["options"] == ["roll", "skip"]
    high = run(R, s, c("p1", "choose", choice="roll"), 5)
    assert high["pending"] is None and high["players"]["p1"]["back"][0]["cheer"] == []
    four = run(R, s, c("p1", "choose", choice="roll"), 4, WHITE)
    assert four["players"]["p1"]["back"][0]["cheer"] == [WHITE] and four["pending"] is None
    one = run(R, s, c("p1", "choose", choice="roll"), 1, WHITE)
    assert one["pending"]["kind"] == "self_to_back"
    one = run(R, one, c("p1", "choose", choice="move"))
    assert one["players"]["p1"]["collab"] is None and one["players"]["p1"]["back"][-1]["card"] == AZKI_CO


def test_hsd01_002_left_hand_map_declares_a_holomem_roll(R):
    """hSD01-002 AZKi 推しスキル「左手に地図」: 「[ホロパワー:-3][ターンに1回]自分のホロメンの能力で
    サイコロを振る時に使える:サイコロの目の数１つを宣言し、次に出る目の数を宣言した目として扱う。」
    Not usable on its own in the main step; offered when a holomem's ability rolls."""
    given = azki_collab_given(AZKI_OSHI)
    with pytest.raises(RuleViolation, match="左手に地図"):
        run(R, given, c("p1", "oshi_skill", skill="oshi"))
    s = run(R, given, c("p1", "collab", back="back0"))
    s = run(R, s, c("p1", "choose", choice="roll"))
    assert s["pending"]["options"] == ["roll", 1, 2, 3, 4, 5, 6]
    s = run(R, s, c("p1", "choose", choice=1), WHITE)  # declared: no die outcome, only the cheer turned up
    assert s["roll"]["face"] == 1 and s["roll"]["declared"]
    assert s["players"]["p1"]["archive"] == [LETTER, MEMO, MIC] and s["players"]["p1"]["used"]["oshi"]
    assert s["pending"]["kind"] == "self_to_back" and s["players"]["p1"]["back"][0]["cheer"] == [WHITE]


def test_hsd01_002_right_hand_mic_sends_archived_cheer_to_a_green_holomem(R):
    """hSD01-002 AZKi SP推しスキル「右手にマイク」: 「自分のアーカイブのエールを自分の緑ホロメン1人に
    好きな枚数送る。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["oshi"] = AZKI_OSHI
    s["players"]["p1"]["holopower"] = [LETTER, MEMO, MIC]
    s["players"]["p1"]["back"][0]["card"] = AZKI_D  # the one green holomem
    s["players"]["p1"]["archive"] = [GREEN, RED, YUKI_DU]
    s = run(R, s, c("p1", "oshi_skill", skill="sp"))
    assert s["pending"]["kind"] == "archive_cheer_any" and s["pending"]["options"] == [GREEN, RED, None]
    s = run(R, s, c("p1", "choose", choice=RED))
    s = run(R, s, c("p1", "choose", choice=None))
    assert s["players"]["p1"]["back"][0]["cheer"] == [RED] and GREEN in s["players"]["p1"]["archive"]


def test_hsd01_007_irys_hope_takes_a_holopower_card_and_puts_a_hand_card_there(R):
    """hSD01-007 IRyS コラボエフェクト「HOPE」: 「自分のホロパワーを見る。その中から1枚を公開し、
    手札に加える。そして自分の手札1枚をホロパワーにする。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = IRYS
    s["players"]["p1"]["holopower"] = [LETTER]
    s = run(R, s, c("p1", "collab", back="back0"), MEMO)  # the deck top went face down unseen; looked at: MEMO
    assert s["pending"]["kind"] == "holopower_swap" and s["pending"]["options"] == [LETTER, MEMO]
    s = run(R, s, c("p1", "choose", choice=MEMO))
    assert s["players"]["p1"]["hand"][-1] == MEMO and s["pending"]["kind"] == "holopower_put"
    cmd = c("p1", "choose", choice=MIC)
    after = run(R, s, cmd)
    assert after["players"]["p1"]["holopower"] == [MIC, LETTER] and MIC not in after["players"]["p1"]["hand"]
    assert R.redact(s, cmd, after, "p2")["choice"] is None
    assert R.view(after, "p2")["players"]["p1"]["holopower"] == 2
