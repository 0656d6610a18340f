"""Abilities at the turn's step boundaries and main-step abilities of attached supports
(``abilities.timing_steps``), each on a real card's printed text, given/when/then: the performance step's start
and end and the end step's start (windows opened at 「ターンエンド」, before the turn is over), the ``gift``
command naming an attached card, and an extra turn.
"""
from __future__ import annotations

import copy

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist
from kifu.replays.games.hocg.commands import COMMANDS
from kifu.replays.games.hocg.state import Board

from .helpers import AKARI_D, BLUE, CS, GREEN, MEMO, RED, WHITE, YUKI_DU, c
from .test_starters import later_turn
from .test_supports import needs_list, raw  # noqa: F401 (raw: its fixture)
from .test_turns import p1_main

CHOCO = "hBP05-055_R"  # 癒月ちょこ 1st 寝坊助悪魔
KANADE_BUZZ = "hBP03-083_R"  # 音乃瀬奏 Buzz なんちゅーこった
TEST_TUBE, FUBURA, KARASU = "hBP04-097_U", "hBP02-092_U", "hBP04-103_C"
KRONII_OSHI, KRONII_2ND = "hBP07-005_OSR", "hBP07-056_RR"
SHOKO = "hSD11-006_RR"  # 虎金妃笑虎 2nd 戯笑の使者
FLARE = "hSD07-007_U"  # 不知火フレア 1st また一つ成長した私を
MOONA = "hBP06-052_R"  # ムーナ・ホシノヴァ Buzz 新月
KANADE_OSHI = "hBP08-007_OSR"
GIGI, SUISEI_OSHI = "hSD13-012_U", "hSD17-001_OC"
FUGUTARO = "hSD10-013_02_C"
KIARA_2ND = "hBP08-044_RR"
AKI_BUZZ = "hBP03-022_R"  # アキ・ローゼンタール Buzz
CARDS = [AKI_BUZZ, CHOCO, KANADE_BUZZ, TEST_TUBE, FUBURA, KARASU, KRONII_OSHI, KRONII_2ND, SHOKO, FLARE, MOONA, KANADE_OSHI, GIGI,
         SUISEI_OSHI, FUGUTARO, KIARA_2ND]
#: (name, level) -> a printing with no keyword ability of its own
PLAIN = [("白上フブキ", "Debut"), ("博衣こより", "1st"), ("博衣こより", "Debut"), ("ラプラス・ダークネス", "Debut"),
         ("鷹嶺ルイ", "Debut"), ("オーロ・クロニー", "Debut"), ("不知火フレア", "Debut"), ("音乃瀬奏", "1st"), ("儒烏風亭らでん", "Debut"), ("星街すいせい", "Debut"),
         ("オーロ・クロニー", "1st"), ("小鳥遊キアラ", "1st")]


@pytest.fixture(scope="module")
def R(raw):  # noqa: F811 (raw: test_supports' fixture)
    picked = {}
    for name, level in PLAIN:
        picked[(name, level)] = next(pid for pid, v in sorted(raw.items())
                                     if v.get("name") == name and v.get("bloom_level") == level
                                     and v["card_type"] == "ホロメン"
                                     and not any(s.get("type") == "キーワード" for s in v.get("skills") or []))
    flow = next(pid for pid, v in sorted(raw.items()) if v["card_type"] == "ホロメン" and v.get("bloom_level") == "Debut"
                and "GLOW" in (v.get("tags") or []) and not any(s.get("type") == "キーワード" for s in v.get("skills") or []))
    yellow = next(pid for pid, v in sorted(raw.items()) if v.get("card_type") == "エール" and v.get("color") == "黄")
    wanted = set(CARDS) | set(picked.values()) | {yellow, flow}
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items() if pid in wanted]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-timing", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.holomem = picked
    bound.yellow, bound.flow_glow = yellow, flow
    return bound


KANADE_1ST, RADEN, SUISEI = ("音乃瀬奏", "1st"), ("儒烏風亭らでん", "Debut"), ("星街すいせい", "Debut")  # R.holomem keys


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def main():
    """p1's later-turn main phase (arts allowed): centre 雪見ユキ Debut with a white cheer, back 雪見ユキ."""
    return later_turn(p1_main())


@needs_list
def test_the_texts_are_recognised(R):
    def effect(pid, i=0):
        return [a for a in R.cardset.cards[pid]["abilities"]][i]
    assert effect(CHOCO)["effect"] == "step_gift"
    assert effect(CHOCO)["params"] == {"moment": "perf_end", "whose": "opp", "test": "undamaged", "at": ["center"],
                                       "then": {"effect": "cheer_to_holomem",
                                                "params": {"holder": {"names": ["癒月ちょこ"]}, "optional": True}}}
    assert effect(KANADE_BUZZ)["params"]["test"] == "life_lost"
    assert [a["effect"] for a in R.cardset.cards[FUBURA]["abilities"]] == ["mascot_hp", "attached_main"]
    assert R.cardset.cards[TEST_TUBE]["abilities"][1]["params"]["holder"] == {"names": ["博衣こより"], "min_level": "1st"}
    assert R.cardset.cards[KARASU]["abilities"][1]["params"]["at"] == ["collab"]


# ------------------------------------------------------------------ 相手のパフォーマンスステップが終了する時

@needs_list
def test_hbp05_055_choco_undamaged_centre_takes_a_cheer_when_the_opponents_performance_step_ends(R):
    """hBP05-055 癒月ちょこ 寝坊助悪魔: 「[センターポジション限定]相手のパフォーマンスステップが終了する時、このホロメンの
    HPが減っていないなら、自分のエールデッキの上から1枚を自分の〈癒月ちょこ〉に送れる。」: at p1's ターンエンド, before
    p2's turn starts, p2 may send its top cheer to ちょこ; then p2's turn goes on (draw, cheer)."""
    s = main()
    s["players"]["p2"]["center"]["card"] = CHOCO
    s = run(R, s, c("p1", "end_turn"))
    assert s["active"] == "p1" and s["pending"]["seat"] == "p2" and s["pending"]["kind"] == "cheer_to_holomem"
    s = run(R, s, c("p2", "choose", choice="send"), RED, MEMO, RED)
    assert s["players"]["p2"]["center"]["cheer"][0] == RED and s["active"] == "p2"
    assert MEMO in s["players"]["p2"]["hand"] and s["players"]["p2"]["turns"] == 1


@needs_list
def test_hbp05_055_choco_damaged_or_not_centre_does_nothing(R):
    """寝坊助悪魔 when ちょこ's HP is down, or when ちょこ is not the centre: p1's ターンエンド goes straight to p2's turn."""
    for where in ("damaged", "back"):
        s = main()
        if where == "damaged":
            s["players"]["p2"]["center"]["card"] = CHOCO
            s["players"]["p2"]["center"]["damage"] = 10
        else:
            s["players"]["p2"]["back"][0]["card"] = CHOCO
        s = run(R, s, c("p1", "end_turn"), MEMO, RED)
        assert s["active"] == "p2" and s["pending"]["kind"] == "cheer_step"
        assert all(not h["cheer"] for h in [s["players"]["p2"]["center"], *s["players"]["p2"]["back"]])


@needs_list
def test_hbp03_083_kanade_takes_an_archived_cheer_only_if_a_life_was_lost_in_that_performance_step(R):
    """hBP03-083 音乃瀬奏 なんちゅーこった: 「相手のパフォーマンスステップが終了する時、そのパフォーマンスステップに自分の
    ライフが減っていたら、自分のアーカイブのエール1枚をこのホロメンに送れる。」: p1's art downs p2's centre (a life
    lost in the performance step): at ターンエンド p2 may send an archived cheer to 奏; with no down, nothing."""
    s = main()
    p2 = s["players"]["p2"]
    p2["back"][0]["card"] = KANADE_BUZZ
    p2["archive"] = [RED]
    p2["center"]["damage"] = R.cardset.cards[p2["center"]["card"]]["hp"] - 10
    life = p2["life"]
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), RED)
    while s["pending"] is not None and s["pending"]["seat"] == "p2":  # the life to a holomem, the new centre
        s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]))
    assert s["players"]["p2"]["life"] == life - 1
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["seat"] == "p2" and s["pending"]["kind"] == "archive_cheer"
    s = run(R, s, c("p2", "choose", choice=RED), MEMO, RED)
    kanade = next(h for _, h in [("c", s["players"]["p2"]["center"])] + [("b", b) for b in s["players"]["p2"]["back"]]
                  if h["card"] == KANADE_BUZZ)
    assert RED in kanade["cheer"] and s["active"] == "p2"
    # no life lost: nothing offered
    s = main()
    s["players"]["p2"]["back"][0]["card"] = KANADE_BUZZ
    s["players"]["p2"]["archive"] = [RED]
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    assert s["active"] == "p2" and s["pending"]["kind"] == "cheer_step" and s["players"]["p2"]["archive"] == [RED]


# ------------------------------------------------------------------ attached cards' main-step abilities

def attach(R, s, pos, holomem, support):
    h = s["players"]["p1"]["back"][0] if pos == "back0" else s["players"]["p1"][pos]
    h["card"] = holomem
    s["players"]["p1"]["hand"].append(support)
    return run(R, s, c("p1", "support", card=support, target=pos))


@needs_list
def test_hbp02_092_fubura_on_fubuki_archives_two_stage_cheer_for_arts_plus_50_once_a_turn(R):
    """hBP02-092 フブラ: 「◆〈白上フブキ〉に付いていたら能力追加 [ターンに1回]自分のメインステップで、自分のホロメンの
    エール2枚をアーカイブできる:このターンの間、このホロメンのアーツ+50。」: a ``gift`` command naming the mascot;
    legal lists it only on フブキ; once a turn."""
    s = attach(R, main(), "center", R.holomem[("白上フブキ", "Debut")], FUBURA)
    s["players"]["p1"]["back"][0]["cheer"] = [GREEN]
    cmd = c("p1", "gift", holomem="center", card=FUBURA)
    assert cmd in R.legal(s, "p1")
    assert "フブラ" in COMMANDS["gift"].label(Board(s, R.cardset), cmd, "p1")  # described by its card
    s = run(R, s, cmd)
    assert s["pending"]["kind"] == "arts_cost_cheer"
    s = run(R, s, c("p1", "choose", choice=["back0", GREEN]))
    s = run(R, s, c("p1", "choose", choice=["center", WHITE]))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 50 and set(s["players"]["p1"]["archive"]) >= {GREEN, WHITE}
    with pytest.raises(RuleViolation, match="once per turn"):
        run(R, s, cmd)
    assert cmd not in R.legal(s, "p1")
    other = attach(R, main(), "center", R.holomem[("博衣こより", "Debut")], FUBURA)
    assert not [x for x in R.legal(other, "p1") if x["type"] == "gift"]
    with pytest.raises(RuleViolation, match="no ability used in the main step"):
        run(R, other, c("p1", "gift", holomem="center", card=FUBURA))


@needs_list
def test_hbp04_097_test_tube_on_a_1st_koyori_wakes_a_resting_holox_holomem(R):
    """hBP04-097 緑の試験管: 「◆1st以上の〈博衣こより〉に付いていたら能力追加 自分のメインステップで、このツールが付いている
    ホロメンのエール1枚をアーカイブできる:自分のお休みしている#秘密結社holoXを持つホロメン1人をアクティブにする。」"""
    s = attach(R, main(), "center", R.holomem[("博衣こより", "1st")], TEST_TUBE)
    back = s["players"]["p1"]["back"][0]
    back.update(card=R.holomem[("鷹嶺ルイ", "Debut")], rested=True)
    s = run(R, s, c("p1", "gift", holomem="center", card=TEST_TUBE))
    while s["pending"] is not None:
        s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    assert s["players"]["p1"]["back"][0]["rested"] is False and s["players"]["p1"]["center"]["cheer"] == []
    debut = attach(R, main(), "center", R.holomem[("博衣こより", "Debut")], TEST_TUBE)
    with pytest.raises(RuleViolation):
        run(R, debut, c("p1", "gift", holomem="center", card=TEST_TUBE))


@needs_list
def test_hbp04_103_karasu_on_the_collab_laplus_rolls_and_moves_it_back_on_odd(R):
    """hBP04-103 カラス: 「◆〈ラプラス・ダークネス〉に付いていたら能力追加 [コラボポジション限定][ターンに1回]自分の
    メインステップで、サイコロを1回振れる:奇数の時、このマスコットが付いているホロメンをバックポジションに移動する。」"""
    laplus = R.holomem[("ラプラス・ダークネス", "Debut")]
    s = attach(R, main(), "back0", laplus, KARASU)
    s = run(R, s, c("p1", "collab", back="back0"))
    cmd = c("p1", "gift", holomem="collab", card=KARASU)
    odd = run(R, s, cmd, 3)
    assert odd["players"]["p1"]["collab"] is None and odd["players"]["p1"]["back"][-1]["card"] == laplus
    even = run(R, s, cmd, 4)
    assert even["players"]["p1"]["collab"]["card"] == laplus
    with pytest.raises(RuleViolation, match="once per turn"):
        run(R, even, cmd)
    centre = attach(R, main(), "center", laplus, KARASU)
    with pytest.raises(RuleViolation, match="collab position"):
        run(R, centre, c("p1", "gift", holomem="center", card=KARASU))


# ------------------------------------------------------------------ an extra turn

@needs_list
def test_hbp07_005_kronii_sp_skill_gives_another_turn_only_with_a_2nd_kronii_centre(R):
    """hBP07-005 オーロ・クロニー SP推しスキル「時間の典獄」: 「自分のセンターホロメンが2ndの〈オーロ・クロニー〉なら、
    このターンの後に、もう1回自分のターンを開始する。」"""
    s = main()
    p1 = s["players"]["p1"]
    p1["oshi"] = KRONII_OSHI
    p1["holopower"] = [MEMO, MEMO, MEMO, MEMO]
    p1["center"]["card"] = KRONII_2ND
    s = run(R, s, c("p1", "oshi_skill", skill="sp"))
    s = run(R, s, c("p1", "end_turn"), MEMO, WHITE)
    assert s["active"] == "p1"
    plain = main()
    plain["players"]["p1"].update(oshi=KRONII_OSHI, holopower=[MEMO, MEMO, MEMO, MEMO])
    plain = run(R, plain, c("p1", "oshi_skill", skill="sp"))
    plain = run(R, plain, c("p1", "end_turn"), MEMO, RED)
    assert plain["active"] == "p2"


# ------------------------------------------------------------------ 自分のパフォーマンスステップが開始する時

@needs_list
def test_hsd11_006_shoko_archives_a_flow_glow_holomem_from_hand_for_a_yellow_cheer_at_the_performance_start(R):
    """hSD11-006 虎金妃笑虎 戯笑の使者: 「自分のパフォーマンスステップが開始する時、自分の手札の#FLOW GLOWを持つホロメン1枚を
    アーカイブできる:自分のアーカイブの黄エール1枚を自分の〈虎金妃笑虎〉に送る。」: the performance step starts (here at
    ターンエンド from the main step, no art used); with no #FLOW GLOW holomem in hand nothing is asked."""
    s = main()
    p1 = s["players"]["p1"]
    p1["center"]["card"] = SHOKO
    p1["archive"] = [R.yellow]
    p1["hand"].append(SHOKO)
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "cost_hand" and SHOKO in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=SHOKO))
    assert s["pending"]["kind"] == "arts_archive_cheer" and s["pending"]["options"] == [R.yellow]
    s = run(R, s, c("p1", "choose", choice=R.yellow), MEMO, RED)
    assert s["players"]["p1"]["center"]["cheer"][-1] == R.yellow and s["players"]["p1"]["archive"] == [SHOKO]
    assert s["active"] == "p2"
    none = main()
    none["players"]["p1"]["center"]["card"] = SHOKO
    none["players"]["p1"]["archive"] = [R.yellow]
    none = run(R, none, c("p1", "end_turn"), MEMO, RED)
    assert none["active"] == "p2" and none["players"]["p1"]["archive"] == [R.yellow]


# ------------------------------------------------------------------ a back holomem swapping with a weak collab

@needs_list
def test_hsd07_007_flare_blooming_in_the_back_swaps_with_a_collab_of_70_hp_or_less_left(R):
    """hSD07-007 不知火フレア ブルームエフェクト「また一つ成長した私を」: 「[バックポジション限定]自分の残りHP70以下の
    コラボホロメンとこのホロメンを交代できる。」: with 70 HP left the collab goes to the back; with 80 left nothing is
    asked."""
    flare_d = next(cid for cid, card in R.cardset.cards.items()
                   if card["name"] == "不知火フレア" and card["level"] == "debut")
    for left, swaps in ((70, True), (80, False)):
        s = main()
        p1 = s["players"]["p1"]
        p1["back"][0]["card"] = flare_d
        p1["back"].append(copy.deepcopy(p1["back"][0]))
        p1["back"][1]["card"] = YUKI_DU
        s = run(R, s, c("p1", "collab", back="back1"))
        collab = s["players"]["p1"]["collab"]
        collab["damage"] = R.cardset.cards[collab["card"]]["hp"] - left
        s["players"]["p1"]["hand"].append(FLARE)
        s = run(R, s, c("p1", "bloom", card=FLARE, target="back0"))
        if swaps:
            assert s["pending"]["kind"] == "swap_with_collab"
            s = run(R, s, c("p1", "choose", choice="swap"))
            assert s["players"]["p1"]["collab"]["card"] == FLARE and s["players"]["p1"]["back"][0]["card"] == YUKI_DU
        else:
            assert s["pending"] is None and s["players"]["p1"]["collab"]["card"] == YUKI_DU


# ------------------------------------------------------------------ after dealing arts damage

@needs_list
def test_hbp06_052_moona_deals_special_damage_equal_to_the_damage_its_art_target_has(R):
    """hBP06-052 ムーナ・ホシノヴァ 新月: 「このホロメンが相手のホロメンにアーツダメージを与えた時に使える:その相手のホロメン
    に、そのホロメンが受けているダメージと同じ数値の特殊ダメージを与える。」: 下弦の月 deals 20 to a centre that had 10:
    used, 30 special more (60 in all); declined, it stays at 30; a target downed by the art offers nothing."""
    def given(before):
        s = main()
        p1 = s["players"]["p1"]
        p1["center"].update(card=MOONA, cheer=[BLUE, WHITE])
        s["players"]["p2"]["center"]["damage"] = before
        return s
    s = run(R, given(10), c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "window" and None in s["pending"]["options"]
    used = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    assert used["players"]["p2"]["center"]["damage"] == 60
    declined = run(R, s, c("p1", "choose", choice=None))
    assert declined["players"]["p2"]["center"]["damage"] == 30
    downed = run(R, given(80), c("p1", "arts", holomem="center", art=0, target="center"), RED)
    assert downed["pending"] is None or downed["pending"]["kind"] != "window"


# ------------------------------------------------------------------ the turn's end

@needs_list
def test_hbp08_007_kanade_oshi_swaps_the_centre_with_a_regloss_back_at_the_turns_end_after_a_centre_art(R):
    """hBP08-007 音乃瀬奏 推しスキル「奏でるメロディー」: 「[ターンに1回]自分のターンが終了する時、このターンに自分の〈音乃瀬奏〉が
    センターポジションでアーツを使っていたなら使える:自分のセンターホロメンと自分の#ReGLOSSを持つバックホロメン1人を交代
    させる。」 (ホロパワー2): offered at ターンエンド after 奏's centre art; not without it."""
    def given():
        s = main()
        p1 = s["players"]["p1"]
        p1.update(oshi=KANADE_OSHI, holopower=[MEMO, MEMO])
        p1["center"].update(card=R.holomem[KANADE_1ST], cheer=[WHITE, WHITE, WHITE])
        p1["back"][0]["card"] = R.holomem[RADEN]
        return s
    s = run(R, given(), c("p1", "arts", holomem="center", art=0, target="center"))
    while s["pending"] is not None and s["pending"]["seat"] == "p2":
        s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]))
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["kind"] == "window" and s["pending"]["options"] == ["奏でるメロディー", None]
    s = run(R, s, c("p1", "choose", choice="奏でるメロディー"), MEMO, RED)
    p1 = s["players"]["p1"]
    assert p1["center"]["card"] == R.holomem[RADEN] and p1["back"][0]["card"] == R.holomem[KANADE_1ST]
    assert p1["holopower"] == []
    assert s["active"] == "p2"
    idle = run(R, given(), c("p1", "end_turn"), MEMO, RED)
    assert idle["active"] == "p2" and idle["players"]["p1"]["center"]["card"] == R.holomem[KANADE_1ST]


@needs_list
def test_hbp08_007_kanade_sp_skill_sends_three_cheer_then_archives_three_stage_cheer_when_the_turn_ends(R):
    """hBP08-007 SP推しスキル「ぱちぱちありがとう！」: 「自分のエールデッキの上から3枚を自分のセンターホロメンの〈音乃瀬奏〉に
    送る。このターンが終了する時、自分のステージのエール3枚をアーカイブする。」"""
    s = main()
    p1 = s["players"]["p1"]
    p1.update(oshi=KANADE_OSHI, holopower=[MEMO])
    p1["center"].update(card=R.holomem[KANADE_1ST], cheer=[])
    s = run(R, s, c("p1", "oshi_skill", skill="sp"), WHITE, WHITE, GREEN)
    assert sorted(s["players"]["p1"]["center"]["cheer"]) == sorted([WHITE, WHITE, GREEN])
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["kind"] == "archive_stage_cheer" and s["active"] == "p1"
    assert sorted(s["pending"]["options"]) == [["center", WHITE], ["center", GREEN]]
    s = run(R, s, c("p1", "choose", choice=["center", GREEN]), MEMO, RED)  # the two whites: no choice left
    assert s["active"] == "p2" and s["players"]["p1"]["center"]["cheer"] == []
    assert sorted(c for c in s["players"]["p1"]["archive"] if c in (WHITE, GREEN)) == sorted([WHITE, WHITE, GREEN])


# ------------------------------------------------------------------ the 「ダメージを受ける時」 window

@needs_list
def test_hsd13_012_gigi_archives_a_stacked_card_so_the_back_takes_no_special_damage_this_turn(R):
    """hSD13-012 ジジ・ムリン ご苦労さん！: 「相手のターンで、自分のバックホロメンが相手から特殊ダメージを受ける時、このホロメンに
    重なっているホロメン1枚をアーカイブできる:このターンの間、自分のバックホロメン全員は特殊ダメージを受けない。」: p1's
    流れ星 (hSD17-001, special damage 50 to a back holomem) is about to hit p2's back ジジ: paid, no damage; declined, 50."""
    def given():
        s = main()
        p1 = s["players"]["p1"]
        p1.update(oshi=SUISEI_OSHI, holopower=[MEMO, MEMO])
        p1["center"]["card"] = R.holomem[SUISEI]
        s["players"]["p2"]["back"][0].update(card=GIGI, stack=[AKARI_D])
        s = run(R, s, c("p1", "oshi_skill", skill="sp"))
        while s["pending"] is not None and s["pending"]["seat"] == "p1":
            s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
        return s
    s = given()
    assert s["pending"]["seat"] == "p2" and s["pending"]["options"] == [AKARI_D, None]
    paid = run(R, s, c("p2", "choose", choice=AKARI_D))
    back = paid["players"]["p2"]["back"][0]
    assert back["damage"] == 0 and back["stack"] == [] and AKARI_D in paid["players"]["p2"]["archive"]
    declined = run(R, s, c("p2", "choose", choice=None))
    assert declined["players"]["p2"]["back"][0]["damage"] == 50


# ------------------------------------------------------------------ 自分のエンドステップが開始する時

@needs_list
def test_hsd10_013_fugutaro_puts_a_flow_glow_debut_out_at_the_end_step_then_goes_to_the_deck_bottom(R):
    """hSD10-013 ふぐ太郎: 「このツールが付いている#FLOW GLOWを持つホロメンのアーツ+10。◆#FLOW GLOWを持つホロメンに付いていたら
    能力追加 自分のエンドステップが開始する時、このターンにこのホロメンがアーツを使っていたなら使える:自分のデッキから、
    #FLOW GLOWを持つ[DebutホロメンかSpotホロメン]1枚を公開し、ステージに出す。そしてデッキをシャッフルする。その後、
    このホロメンに付いている〈ふぐ太郎〉1枚をデッキの下に戻す。」: given the holder used an art this turn."""
    flow = R.flow_glow
    s = attach(R, main(), "center", flow, FUGUTARO)
    assert s["players"]["p1"]["center"]["attached"] == [FUGUTARO]
    idle = run(R, s, c("p1", "end_turn"), MEMO, RED)  # no art this turn: nothing offered
    assert idle["active"] == "p2" and idle["players"]["p1"]["center"]["attached"] == [FUGUTARO]
    s["players"]["p1"]["used"]["arts"] = ["center"]
    unseen = s["zones"]["piles"]["deck/p1"]["unseen"]  # one card of the deck is that Debut (counts kept)
    gone = min(unseen)
    unseen[gone] -= 1
    unseen[flow] = unseen.get(flow, 0) + 1
    s["zones"]["piles"]["deck/p1"]["unseen"] = dict(sorted((k, v) for k, v in unseen.items() if v))
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["kind"] == "window" and s["pending"]["options"][-1] is None
    s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    assert s["pending"]["kind"] == "search_deck" and flow in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=flow), MEMO, RED)
    p1 = s["players"]["p1"]
    assert p1["center"]["attached"] == [] and any(h["card"] == flow for h in p1["back"]) and s["active"] == "p2"


# ------------------------------------------------------------------ Blooms from the archive and from under a holomem

@needs_list
def test_hbp08_044_kiara_blooms_from_the_archive_with_ten_holomem_there(R):
    """hBP08-044 小鳥遊キアラ 光、再び灯りて: 「自分のメインステップで、自分のアーカイブにホロメンが10枚以上あるなら、自分のホロメン
    を、アーカイブのこのホロメンを使ってBloomできる（この能力は、アーカイブにある時のみ使える）。」: a ``gift`` command naming
    the archived card; with nine holomem there it is not offered and refused."""
    kiara_1st = R.holomem[("小鳥遊キアラ", "1st")]
    for held, allowed in ((10, True), (9, False)):
        s = main()
        p1 = s["players"]["p1"]
        p1["center"]["card"] = kiara_1st
        p1["archive"] = [KIARA_2ND] + [YUKI_DU] * (held - 1)
        cmd = c("p1", "gift", holomem="center", card=KIARA_2ND)
        if not allowed:
            assert cmd not in R.legal(s, "p1")
            with pytest.raises(RuleViolation, match="10枚以上"):
                run(R, s, cmd)
            continue
        assert cmd in R.legal(s, "p1")
        s = run(R, s, cmd)
        p1 = s["players"]["p1"]
        assert p1["center"]["card"] == KIARA_2ND and p1["center"]["stack"][-1] == kiara_1st
        assert KIARA_2ND not in p1["archive"]


@needs_list
def test_hbp07_056_kronii_blooms_another_kronii_with_a_card_from_under_it_at_the_performance_start(R):
    """hBP07-056 オーロ・クロニー 時界を統べし者: 「[センターポジション限定]自分のパフォーマンスステップが開始する時、このホロメン
    以外の自分の〈オーロ・クロニー〉1人を、このホロメンに重なっているホロメンを使ってBloomできる。」: at ターンエンド from the main
    step the back Debut クロニー blooms with the 1st under the centre; at the back, nothing is asked."""
    kronii_d, kronii_1st = R.holomem[("オーロ・クロニー", "Debut")], R.holomem[("オーロ・クロニー", "1st")]
    s = main()
    p1 = s["players"]["p1"]
    p1["center"].update(card=KRONII_2ND, stack=[kronii_d, kronii_1st])
    p1["back"][0]["card"] = kronii_d
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["kind"] == "bloom_from_stack" and s["pending"]["options"] == [["back0", kronii_1st], None]
    s = run(R, s, c("p1", "choose", choice=["back0", kronii_1st]), MEMO, RED)
    p1 = s["players"]["p1"]
    assert p1["back"][0]["card"] == kronii_1st and p1["center"]["stack"] == [kronii_d] and s["active"] == "p2"
    back = main()
    back["players"]["p1"]["back"][0].update(card=KRONII_2ND, stack=[kronii_d, kronii_1st])
    back["players"]["p1"]["center"]["card"] = kronii_d
    back = run(R, back, c("p1", "end_turn"), MEMO, RED)
    assert back["active"] == "p2" and back["players"]["p1"]["center"]["card"] == kronii_d


@needs_list
def test_hsd11_006_at_the_first_art_the_step_start_resolves_before_the_art(R):
    """戯笑の使者 when the performance step starts with 笑虎's own art 虎嘯風生 (yellow): the yellow cheer comes first,
    then the art (its text asks about the cheer, now two)."""
    s = main()
    p1 = s["players"]["p1"]
    p1["center"].update(card=SHOKO, cheer=[R.yellow])
    p1["archive"] = [R.yellow]
    p1["hand"].append(SHOKO)
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "cost_hand"
    s = run(R, s, c("p1", "choose", choice=SHOKO))
    s = run(R, s, c("p1", "choose", choice=R.yellow))
    assert s["players"]["p1"]["center"]["cheer"] == [R.yellow, R.yellow]
    assert s["pending"] is not None and s["pending"]["card"] == SHOKO and s["pending"]["kind"] != "cost_hand"


@needs_list
def test_hbp03_022_aki_keeps_the_lives_the_opponents_arts_would_take_this_turn(R):
    """hBP03-022 アキ・ローゼンタール: 「[センターポジション・コラボポジション限定]相手のパフォーマンスステップが開始する時に
    使える:このターンの間、自分のライフは相手の能力で減らない。」: as p1's first art starts its performance step, p2 may
    use it; then the art downs p2's centre and no life is taken (the judge's reading: ``timing_steps.life_guard``).
    Declined, the down takes its lives as ever; at the back it is not offered."""
    def downed(use: bool | None, pos: str = "center"):
        s = main()
        p2 = s["players"]["p2"]
        target = p2["center"]
        (target if pos == "center" else p2["back"][0])["card"] = AKI_BUZZ
        target["damage"] = R.cardset.cards[target["card"]]["hp"] - 10
        life = p2["life"]
        s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), *(["FX00-C03_C"] if use is None else []))
        if use is not None:
            assert s["pending"]["kind"] == "window" and s["pending"]["options"] == ["異国の世界の姿", None]
            s = run(R, s, c("p2", "choose", choice="異国の世界の姿" if use else None),
                    *([] if use else ["FX00-C03_C", "FX00-C04_C"]))  # declined: the down's two lives
        while s["pending"] is not None and s["pending"]["seat"] == "p2":  # the life to a holomem, the new centre
            s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]), RED)
        return life, s
    life, s = downed(True)
    assert s["players"]["p2"]["life"] == life and s["players"]["p2"]["life_guard"] == s["turn"]
    assert any(e["kind"] == "life_kept" for e in s["events"]) or s["players"]["p2"]["center"]["card"] != AKI_BUZZ
    life, s = downed(False)
    assert s["players"]["p2"]["life"] == life - 2  # a Buzz holomem's down takes two
    life, s = downed(None, pos="back")
    assert s["players"]["p2"]["life"] == life - 1  # the plain centre downed; アキ at the back offers nothing
