"""Arts modifiers (``abilities.arts_modifiers``): constants on an art's damage, cost and targets, and the few
steps around them, given/when/then on real cards' printed texts (the givens of ``test_arts``: p2's turn 2, its
centre the card under test; p1's centre AZKi hBP01-047, 2nd, HP 220, green)."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import rawlist
from kifu.replays.games.hocg.abilities import arts_modifiers
from kifu.replays.games.hocg.effects import EFFECTS

from .helpers import with_list_cards, AKARI_D, BLUE, GREEN, MEMO, RED, WHITE, c
from .test_arts import WALL, back, dealt, given, needs_list, run, text, use
from .test_keywords import bloom, card_of, collab, holo, p1_later
from .test_turns import p1_main, p2_turn

HAJIME, NENE_2, GIGI, SORA_2, FUWAWA_RED = "hBP03-015_RR", "hBP07-083_RR", "hBP07-086_R", "hBP08-018_RR", "hBP08-059_RR"
CECILIA, LUI_D, HAATO, KORONE_1, RAORA, LAMDUCK, CHLOE = ("hBP08-024_C", "hBP08-061_C", "hBP07-042_RR", "hBP06-069_R",
                                                          "hSD13-015_C", "hBP06-083_R", "hBP06-056_R")
KORONE_OSHI, CHLOE_OSHI = "hBP03-006_OSR", "hBP02-004_OSR"
LAMY_2, YUKIMIN, CHIHAYA_2, FUWAWA_1, CECILIA_SPOT = "hBP06-054_R", "hBP04-106_U", "hBP07-035_RR", "hBP08-057_R", "hSD13-014_C"
KORONE_2, YUBI = "hBP06-070_RR", "hBP06-099_U"
FWMC_1, FWMC_OSHI, SHION_1, SHION_OSHI, STICK = "hBP08-060_R", "hBP03-004_OSR", "hBP02-046_R", "hBP02-005_OSR", "hBP02-087_C"
BIJOU_2, NENE_1, GIRAFFA, ROBOCO = "hBP07-075_R", "hBP07-081_R", "hBP07-103_U", "hBP06-065_R"
MINE = {ROBOCO, BIJOU_2, NENE_1, GIRAFFA, WALL, HAJIME, NENE_2, GIGI, SORA_2, FUWAWA_RED, CECILIA, LUI_D, HAATO, KORONE_1, RAORA, LAMDUCK, CHLOE,
        KORONE_OSHI, CHLOE_OSHI, LAMY_2, YUKIMIN, CHIHAYA_2, FUWAWA_1, CECILIA_SPOT, KORONE_2, YUBI, FWMC_1, FWMC_OSHI,
        SHION_1, SHION_OSHI, STICK}
#: every printing of these names (earlier levels to bloom from, oshi cards), as ``test_keywords``' fixture adds
NAMES = {"桃鈴ねね", "ときのそら", "鷹嶺ルイ", "モココ・アビスガード", "角巻わため", "大空スバル", "雪花ラミィ", "輪堂千速", "ロボ子さん"}


@pytest.fixture(scope="module")
def R():
    return with_list_cards("hocg-fixture-arts-modifiers", MINE, NAMES)


def oshi(R, s, seat, name):
    s["players"][seat]["oshi"] = card_of(R, name, kind=("oshi",))
    return s


def lasting_arts(s, seat):
    """The lasting arts modifiers on ``seat``'s holomem, by position."""
    pl = s["players"][seat]
    stage = [("center", pl["center"]), ("collab", pl["collab"])] + [(f"back{i}", h) for i, h in enumerate(pl["back"])]
    return {p: sum(m["amount"] for m in h.get("lasting", ()) if m["kind"] == "arts") for p, h in stage if h}


@needs_list
def test_hbp03_015_adds_40_with_four_regloss_back_holomem(R):
    """hBP03-015 轟はじめ 「自分の#ReGLOSSを持つバックホロメンが4人以上いる時、このホロメンのアーツ+40。」 (its art's own
    text, read as it resolves). Given 3 #ReGLOSS back holomem, the art deals its 110; given a 4th, 110+40."""
    assert rawlist.recognise(text(HAJIME, 0))[0] == "arts_self_while"
    s = given(HAJIME, [WHITE, WHITE, WHITE])
    for _ in range(2):
        s = back(s, "p2", HAJIME)
    s["players"]["p2"]["back"][0]["card"] = HAJIME
    assert dealt(use(R, s)) == 110
    s = back(s, "p2", HAJIME)
    assert dealt(use(R, s)) == 110 + 40


@needs_list
def test_hbp07_083_gives_both_stages_40_and_her_own_2nd_nene_60_more(R):
    """hBP07-083 桃鈴ねね ブルームエフェクト 「[センターポジション限定]次の相手のターン終了時まで、お互いのステージのホロメン
    全員のアーツ+40。さらに、自分のステージの2ndホロメンの〈桃鈴ねね〉全員のアーツ+60。」 Given p1's centre blooms into
    her: every holomem on both stages +40, she +60 more, till the end of p2's next turn; bloomed at the back, nothing."""
    s = bloom(R, p1_later(), NENE_2)
    assert lasting_arts(s, "p1") == {"center": 100, "back0": 40}
    assert set(lasting_arts(s, "p2").values()) == {40}
    until = {m["until"] for m in s["players"]["p2"]["center"]["lasting"]}
    assert until == {s["turn"] + 1}
    s = bloom(R, p1_later(), NENE_2, "back0")
    assert set(lasting_arts(s, "p1").values()) | set(lasting_arts(s, "p2").values()) == {0}


@needs_list
def test_hbp07_086_lets_a_gigi_target_a_damaged_back_holomem_this_turn(R):
    """hBP07-086 ジジ・ムリン コラボエフェクト 「自分の〈ジジ・ムリン〉1人を選ぶ。このターンの間、選んだホロメンのアーツは、
    相手のHPが減っているバックホロメンも対象にできる。」 Given p2's back1 damaged and back0 not, when she collabs and uses her
    art, then its target may be moved to back1 only (and her art's 「…HPが減っているホロメンなら、このアーツ+30」 follows)."""
    s = p1_later()
    s = back(s, "p2", WALL)
    s["players"]["p2"]["back"][1]["damage"] = 10
    s = collab(R, s, GIGI)
    gigi = s["players"]["p1"]["collab"]
    assert [m.get("backs") for m in gigi["lasting"] if m["kind"] == "back_target"] == [{"damaged": True}]
    gigi["cheer"] = [R.yellow] * 3
    s = run(R, s, c("p1", "arts", holomem="collab", art=0, target="center"))
    assert s["pending"]["kind"] == "skill_arts_retarget" and s["pending"]["options"] == ["center", "back1"]
    s = run(R, s, c("p1", "choose", choice="back1"))
    assert s["players"]["p2"]["back"][1]["damage"] == 10 + 160 + 30


@needs_list
def test_hbp08_018_lets_another_sora_target_a_2nd_back_holomem_with_sora_as_oshi(R):
    """hBP08-018 ときのそら 「自分の推しホロメンが〈ときのそら〉なら、自分のステージの他の〈ときのそら〉1人を選ぶ。このターンの
    間、選んだホロメンのアーツは、相手の2ndのバックホロメンも対象にできる。」 Given another ときのそら at p2's back, the art
    marks her (she may target p1's 2nd back holomem, not its Debut); without the oshi, nothing."""
    s = given(SORA_2, [WHITE] * 4)
    s = back(s, "p2", SORA_2)
    s = back(s, "p1", WALL)
    plain = use(R, copy.deepcopy(s))
    assert "lasting" not in plain["players"]["p2"]["back"][1]
    s = use(R, oshi(R, s, "p2", "ときのそら"))
    assert [m["backs"] for m in s["players"]["p2"]["back"][1]["lasting"]] == [{"level": "2nd"}]
    assert "lasting" not in s["players"]["p2"]["center"]  # 「他の」
    t = R.context(s, R.cardset)
    assert arts_modifiers.may_target(t, "p2", "back1", "back1") and not arts_modifiers.may_target(t, "p2", "back1", "back0")


@needs_list
def test_hbp08_059_may_target_a_non_debut_back_holomem_with_six_red_cheer(R):
    """hBP08-059 フワワ・アビスガード ギフト 「自分のステージに赤エールが6枚以上あるなら、このホロメンのアーツは、相手のDebut
    以外のバックホロメンも対象にできる。」 Given 6 red cheer on p2's stage, her art's target may move to p1's 2nd back holomem
    (not its Debut); with 5, it stays."""
    s = back(given(FUWAWA_RED, [BLUE] * 3 + [RED] * 5), "p1", WALL)
    assert (use(R, copy.deepcopy(s)).get("pending") or {}).get("kind") != "skill_arts_retarget"
    s["players"]["p2"]["back"][0]["cheer"] = [RED]
    s = use(R, s)
    assert s["pending"]["kind"] == "skill_arts_retarget" and s["pending"]["options"] == ["center", "back1"]


@needs_list
def test_hbp08_024_keeps_resting_cecilias_hp_in_the_opponents_main_step(R):
    """hBP08-024 セシリア・イマーグリーン ギフト 「[センターポジション・コラボポジション限定]相手のメインステップの間、自分のお休み
    している〈セシリア・イマーグリーン〉全員のHPは相手の能力で減らず、変動しない。」 Given her at p1's centre and a resting
    セシリア at its back, p2's special damage 30 to the back in its main step: none; not resting: 30."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = CECILIA
    s["players"]["p1"]["back"][0].update(card=CECILIA, rested=True)
    hit = [{"effect": "special_damage", "seat": "p2", "card": AKARI_D, "origin": "support", "stage": 0,
            "params": {"amount": 30, "target": "back"}}]
    guarded, plain = copy.deepcopy(s), copy.deepcopy(s)
    plain["players"]["p1"]["back"][0]["rested"] = False
    for x in (guarded, plain):
        x["stack"] = copy.deepcopy(hit)
        EFFECTS.resolve(R.context(x, R.cardset))
    assert guarded["players"]["p1"]["back"][0]["damage"] == 0 and plain["players"]["p1"]["back"][0]["damage"] == 30


@needs_list
def test_hbp08_061_gives_the_opponent_its_top_holopower_on_the_second_players_first_turn(R):
    """hBP08-061 鷹嶺ルイ コラボエフェクト 「自分が後攻で最初のターンで、自分の推しホロメンが〈鷹嶺ルイ〉なら、相手は、自身の
    ホロパワーの上から1枚を手札に加える。」 Given p2 (second) on its first turn with 鷹嶺ルイ as oshi, p1's top holopower card
    goes to p1's hand; with another oshi, it stays."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["holopower"] = [MEMO]
    hand = len(s["players"]["p1"]["hand"])
    plain = collab(R, copy.deepcopy(s), LUI_D, "p2")
    assert plain["players"]["p1"]["holopower"] == [MEMO]
    s = collab(R, oshi(R, s, "p2", "鷹嶺ルイ"), LUI_D, "p2")
    assert s["players"]["p1"]["holopower"] == [] and s["players"]["p1"]["hand"][hand:] == [MEMO]


@needs_list
def test_hbp07_042_adds_50_after_a_holomem_went_from_the_stage_to_the_deck(R):
    """hBP07-042 赤井はあと 「このターンに自分のホロメンがステージからデッキに戻っていたなら、このアーツ+50。」 (counted this turn as
    it happens: ``used["left_to_deck"]``). Given none this turn, 140; given one, 140+50."""
    s = given(HAATO, [RED] * 3)
    assert dealt(use(R, s, art=1)) == 140
    s["players"]["p2"]["used"]["left_to_deck"] = 1
    assert dealt(use(R, s, art=1)) == 140 + 50


@needs_list
def test_hbp06_069_adds_50_once_woken_by_mugen_no_tairyoku_this_turn(R):
    """hBP06-069 戌神ころね 「このターンにこのホロメンが自分の推しスキル「無限の体力」でアクティブになっていたなら、このアーツ+50。」
    Given her resting at p2's centre, when the oshi skill 無限の体力 wakes her and she uses her art, 30+50; awake all along, 30."""
    s = given(KORONE_1, [RED])
    s["players"]["p2"]["oshi"], s["players"]["p2"]["holopower"] = KORONE_OSHI, [MEMO, MEMO]
    assert dealt(use(R, copy.deepcopy(s))) == 30
    s["players"]["p2"]["center"]["rested"] = True
    s = run(R, s, c("p2", "oshi_skill", skill="oshi"))
    assert s["players"]["p2"]["center"]["rested"] is False
    assert dealt(use(R, s)) == 30 + 50


@needs_list
def test_hsd13_015_adds_20_with_different_colours_on_the_justice_centre_and_collab(R):
    """hSD13-015 ラオーラ・パンテーラ 「自分の#Justiceを持つ[センターホロメンとコラボホロメン]に異なる色のエールが付いているなら、
    このアーツ+20。」 (read as: a cheer on the one of another colour than one on the other). Red at the centre, blue at the
    collab: 30+20; red on both: 30; no collab: 30."""
    s = given(RAORA, [RED])
    assert dealt(use(R, copy.deepcopy(s))) == 30
    s["players"]["p2"]["collab"] = holo(RAORA, cheer=[RED])
    assert dealt(use(R, copy.deepcopy(s))) == 30
    s["players"]["p2"]["collab"]["cheer"] = [BLUE]
    assert dealt(use(R, s)) == 30 + 20


@needs_list
def test_hbp06_083_needs_less_yellow_at_the_collab_with_watame_or_subaru(R):
    """hBP06-083 ラムダック 「[コラボポジション限定]自分の推しホロメンが〈角巻わため〉か〈大空スバル〉なら、このアーツに必要な黄-1。
    自分のセンターホロメンが2ndホロメンの〈角巻わため〉なら、かわりに、このアーツに必要な黄-3。」 (its cost 黄黄黄)."""
    s = given(LAMDUCK, [R.yellow] * 2, pos="collab")
    with pytest.raises(RuleViolation):
        use(R, copy.deepcopy(s), pos="collab")
    s = oshi(R, s, "p2", "角巻わため")
    assert dealt(use(R, copy.deepcopy(s), pos="collab")) == 80
    s["players"]["p2"]["collab"]["cheer"] = []
    with pytest.raises(RuleViolation):
        use(R, copy.deepcopy(s), pos="collab")
    s["players"]["p2"]["center"]["card"] = card_of(R, "角巻わため", "2nd")
    assert dealt(use(R, s, pos="collab")) == 80
    at_centre = oshi(R, given(LAMDUCK, [R.yellow] * 2), "p2", "角巻わため")
    with pytest.raises(RuleViolation):
        use(R, at_centre)


@needs_list
def test_hbp06_056_needs_one_colourless_less_after_the_sp_skill(R):
    """hBP06-056 沙花叉クロヱ ギフト 「このゲーム中に、自分のSP推しスキル「人生リセットボタン」を使っていたなら、このホロメンの
    アーツ「沙花叉と青春しよ？」に必要な無色-1。」 (its cost 青青◇◇)."""
    from kifu.replays.games.hocg.abilities.arts import art_cost
    s = given(CHLOE, [BLUE] * 3)
    s["players"]["p2"]["oshi"] = CHLOE_OSHI
    art = R.cardset.cards[CHLOE]["arts"][0]
    assert art_cost(R.context(s, R.cardset), "p2", "center", art) == ["blue", "blue", "any", "any"]
    with pytest.raises(RuleViolation):
        use(R, copy.deepcopy(s))
    s["players"]["p2"]["sp_used"] = True
    assert art_cost(R.context(s, R.cardset), "p2", "center", art) == ["blue", "blue", "any"]
    s["players"]["p2"]["oshi"] = KORONE_OSHI  # another oshi's SP skill
    assert len(art_cost(R.context(s, R.cardset), "p2", "center", art)) == 4


@needs_list
def test_hbp06_054_hits_20_and_draws_one_or_two_by_the_yukimin_attached(R):
    """hBP06-054 雪花ラミィ ブルームエフェクト 「このホロメンに〈雪民〉が付いているなら、相手のセンターホロメンに特殊ダメージ20を与える。
    その後、自分のデッキを1枚引く。このホロメンに〈雪民〉が3枚以上付いているなら、かわりに、自分のデッキを2枚引く。」 (each 〈雪民〉
    hBP04-106: 「このファンが付いているホロメンが、相手のセンターホロメンに与える特殊ダメージ+10。」)"""
    s = p1_later()
    hand = len(s["players"]["p1"]["hand"])
    none = bloom(R, copy.deepcopy(s), LAMY_2)
    assert none["players"]["p2"]["center"]["damage"] == 0 and len(none["players"]["p1"]["hand"]) == hand
    s["players"]["p1"]["center"]["attached"] = [YUKIMIN]
    one = bloom(R, copy.deepcopy(s), LAMY_2, "center", "p1", MEMO)
    assert one["players"]["p2"]["center"]["damage"] == 20 + 10 and len(one["players"]["p1"]["hand"]) == hand + 1
    s["players"]["p1"]["center"]["attached"] = [YUKIMIN] * 3
    three = bloom(R, s, LAMY_2, "center", "p1", MEMO, MEMO)
    assert three["players"]["p2"]["center"]["damage"] == 20 + 30 and len(three["players"]["p1"]["hand"]) == hand + 2


@needs_list
def test_hbp07_035_sends_a_cheer_per_flow_glow_bloom_this_turn(R):
    """hBP07-035 輪堂千速 コラボエフェクト 「このターンに自分の#FLOW GLOWを持つホロメンがBloomした回数1回につき、自分のエールデッキの
    上から1枚をこのホロメンに送る。」 Given no bloom this turn, nothing; given p1's centre bloomed into a 1st 輪堂千速, one cheer."""
    s = p1_later()
    plain = collab(R, copy.deepcopy(s), CHIHAYA_2)
    assert plain["players"]["p1"]["collab"]["cheer"] == []
    s = bloom(R, s, card_of(R, "輪堂千速", "1st"))
    s = collab(R, s, CHIHAYA_2, "p1", GREEN)
    assert s["players"]["p1"]["collab"]["cheer"] == [GREEN]


@needs_list
def test_hbp08_057_moves_any_cheer_to_mococo_then_adds_40_with_eight_on_the_stage(R):
    """hBP08-057 フワワ・アビスガード コラボエフェクト 「自分のステージのエールを好きな枚数選び、自分の〈モココ・アビスガード〉1人に
    付け替えられる。その後、自分のステージにエールが8枚以上あるなら、このターンの間、このホロメンのアーツ+40。」"""
    s = p1_later()
    s["players"]["p1"]["center"]["card"] = card_of(R, "モココ・アビスガード")
    s["players"]["p1"]["back"][0]["cheer"] = [RED, BLUE]
    done = collab(R, copy.deepcopy(s), FUWAWA_1)
    assert done["pending"]["options"] == ["center", None]
    done = run(R, done, c("p1", "choose", choice="center"))
    assert done["pending"]["options"] == sorted([["collab", BLUE], ["collab", RED]]) + [None]
    done = run(R, run(R, done, c("p1", "choose", choice=["collab", RED])), c("p1", "choose", choice=None))
    assert RED in done["players"]["p1"]["center"]["cheer"] and done["players"]["p1"]["collab"]["cheer"] == [BLUE]
    assert done["players"]["p1"]["collab"]["mods"]["arts"] == 0  # 3 cheer on the stage
    s["players"]["p1"]["back"][0]["cheer"] = [RED, BLUE] * 4
    eight = run(R, collab(R, s, FUWAWA_1), c("p1", "choose", choice=None))
    assert eight["players"]["p1"]["collab"]["mods"]["arts"] == 40


@needs_list
def test_hsd13_014_draws_once_a_turn_as_a_justice_debut_or_spot_enters(R):
    """hSD13-014 セシリア・イマーグリーン ギフト 「[センターポジション・コラボポジション限定][ターンに1回]自分の#Justiceを持つ[Debut
    ホロメンかSpotホロメン]がステージに出た時、自分のデッキを1枚引く。」 Given her at p1's centre, when p1 puts out a #Justice Spot
    (ラオーラ・パンテーラ), it draws 1; the second one this turn, nothing; at the back, nothing."""
    s = p1_later()
    s["players"]["p1"]["hand"] += [RAORA, RAORA]
    plain = run(R, copy.deepcopy(s), c("p1", "play", card=RAORA))
    assert len(plain["players"]["p1"]["hand"]) == len(s["players"]["p1"]["hand"]) - 1
    s["players"]["p1"]["center"]["card"] = CECILIA_SPOT
    s = run(R, s, c("p1", "play", card=RAORA), MEMO)
    hand = len(s["players"]["p1"]["hand"])
    assert s["players"]["p1"]["hand"][-1] == MEMO and RAORA in s["players"]["p1"]["hand"]
    s = run(R, s, c("p1", "play", card=RAORA))
    assert len(s["players"]["p1"]["hand"]) == hand - 1


@needs_list
def test_hbp06_070_returns_a_yubi_in_the_main_step_for_two_colourless_less(R):
    """hBP06-070 戌神ころね ギフト 「[センターポジション限定][ターンに1回]自分のステージの〈ゆび〉1枚をデッキの下に戻せる:このターンの間、
    このホロメンのアーツに必要な無色-2。」 (no moment printed: used in the main step, the ``gift`` command). Given her at p2's
    centre with 2 cheer and a 〈ゆび〉, her art (◇◇◇◇) is refused; the gift puts the 〈ゆび〉 under the deck, then it is used."""
    s = given(KORONE_2, [RED, RED], wall=HAJIME)  # (white: no 特攻 緑+50)
    s["players"]["p2"]["center"]["attached"] = [YUBI]
    with pytest.raises(RuleViolation):
        use(R, copy.deepcopy(s))
    s = run(R, s, c("p2", "gift", holomem="center"))
    assert s["pending"]["options"] == [["center", YUBI], None]
    s = run(R, s, c("p2", "choose", choice=["center", YUBI]))
    assert s["players"]["p2"]["center"]["attached"] == []
    with pytest.raises(RuleViolation):  # [ターンに1回]
        run(R, s, c("p2", "gift", holomem="center"))
    assert dealt(use(R, s)) == 170
    at_back = given(KORONE_2, [RED, RED])
    at_back["players"]["p2"]["back"][0].update(card=KORONE_2, attached=[YUBI])
    with pytest.raises(RuleViolation):
        run(R, at_back, c("p2", "gift", holomem="back0"))


@needs_list
def test_hbp08_060_makes_moco_chan_cost_two_holopower_from_the_collab(R):
    """hBP08-060 FUWAMOCO ギフト 「[コラボポジション限定]自分の推しスキル「モコちゃん！」の[ホロパワー:-3]を[ホロパワー:-2]に変更する。」
    Given 2 ホロパワー and hBP03-004's モコちゃん！ (ホロパワー:-3), at the back: refused; at the collab: used, both paid."""
    s = p1_later()
    s["players"]["p1"]["oshi"], s["players"]["p1"]["holopower"] = FWMC_OSHI, [MEMO, MEMO]
    s["players"]["p1"]["back"][0]["card"] = FWMC_1
    with pytest.raises(RuleViolation):
        run(R, copy.deepcopy(s), c("p1", "oshi_skill", skill="oshi"))
    s["players"]["p1"]["collab"] = s["players"]["p1"]["back"].pop(0)
    s = run(R, s, c("p1", "oshi_skill", skill="oshi"), WHITE)
    assert s["players"]["p1"]["holopower"] == [] and s["players"]["p1"]["archive"][-2:] == [MEMO, MEMO]
    assert WHITE in s["players"]["p1"]["collab"]["cheer"]


@needs_list
def test_hbp02_087_lets_nee_be_used_twice_a_turn_on_a_centre_shion(R):
    """hBP02-087 紫咲シオンの魔法のステッキ 「◆1st以上の〈紫咲シオン〉に付いていたら能力追加このツールが付いているホロメンがセンター
    ホロメンの時、自分の推しスキル「ねえ゛え゛え゛え゛え゛え゛え゛」の[ターンに1回]を[ターンに2回]に変更する。」 Given the skill used
    once this turn: with the tool on a 1st 紫咲シオン at the centre it may be used again (not a third time); on a back one, not."""
    from kifu.replays.games.hocg.abilities import windows
    s = p1_later()
    s["players"]["p1"]["oshi"], s["players"]["p1"]["holopower"] = SHION_OSHI, [MEMO, MEMO]
    s["players"]["p1"]["center"].update(card=SHION_1, attached=[STICK])
    s["players"]["p1"]["used"]["oshi"], s["players"]["p1"]["oshi_turn"] = True, s["turn"]
    ab = R.cardset.cards[SHION_OSHI]["abilities"][0]
    assert windows.usable(R.context(s, R.cardset), "p1", ab)
    windows.pay(R.context(s, R.cardset), "p1", ab)
    assert s["players"]["p1"]["skill_uses"] == {"turn": s["turn"], "times": 2}
    assert not windows.usable(R.context(s, R.cardset), "p1", ab)
    del s["players"]["p1"]["skill_uses"]
    s["players"]["p1"]["back"][0].update(card=SHION_1, attached=[STICK])
    s["players"]["p1"]["center"]["attached"] = []
    assert not windows.usable(R.context(s, R.cardset), "p1", ab)


@needs_list
def test_hbp07_075_deals_unreduced_damage_to_a_colour_in_her_archive(R):
    """hBP07-075 古石ビジュー ギフト 「このホロメンのアーツの対象が自分のアーカイブのエールと同色の相手のホロメンなら、このホロメンの
    アーツダメージは軽減されない。」 Given p1's collab 轟はじめ (white) under its centre 轟はじめ's gift 「[センターポジション限定]自分の
    #ReGLOSSを持つコラボホロメンが受けるダメージ-20。」, her 70 lands as 50; with a white cheer in p2's archive, as 70. A shield
    on p1's centre (「…センターポジションで最初に受けるアーツダメージ-30」) is not reached either."""
    s = given(BIJOU_2, [R.purple], wall=HAJIME)
    s["players"]["p1"]["collab"] = holo(HAJIME)
    assert dealt(use(R, copy.deepcopy(s), target="collab"), "collab") == 70 - 20
    s["players"]["p2"]["archive"].append(WHITE)
    assert dealt(use(R, copy.deepcopy(s), target="collab"), "collab") == 70
    s["players"]["p1"]["center"]["lasting"] = [{"kind": "shield", "amount": 30, "until": s["turn"] + 1}]
    assert dealt(use(R, copy.deepcopy(s))) == 70
    s["players"]["p2"]["archive"].remove(WHITE)
    assert dealt(use(R, s)) == 70 - 30


@needs_list
def test_hbp07_081_hits_the_centre_and_the_collab_with_giraffa_attached(R):
    """hBP07-081 桃鈴ねね 「このホロメンに〈ギラファノコギリクワガタ〉が付いているなら、このアーツダメージは、アーツの対象のホロメンの
    かわりに、相手のセンターホロメンとコラボホロメンに与える。」 Given p1's collab there, without the tool her 30 goes to the target
    (the collab) only; with it, as much to the centre and to the collab (and the tool's own 「このツールが付いている〈桃鈴ねね〉の
    アーツ+20」 on both, once its text is automated)."""
    s = given(NENE_1, [R.yellow] * 2)
    s["players"]["p1"]["collab"] = holo(WALL)
    plain = use(R, copy.deepcopy(s), target="collab")
    assert (dealt(plain), dealt(plain, "collab")) == (0, 30)
    s["players"]["p2"]["center"]["attached"] = [GIRAFFA]
    hit = use(R, s, target="collab")
    tool = 20 if all(a["effect"] for a in R.cardset.cards[GIRAFFA]["abilities"]) else 0
    assert (dealt(hit), dealt(hit, "collab")) == (30 + tool, 30 + tool)


@needs_list
def test_hbp06_065_hits_50_after_her_art_when_bloomed_from_a_1st(R):
    """hBP06-065 ロボ子さん ギフト 「1stホロメンからBloomしているこのホロメンがアーツを使った時、相手のセンターホロメンかコラボホロメンに
    特殊ダメージ50を与える。」 (once the art is done: its 90 first). Bloomed from a 1st: 50 more to the one p1's holomem chosen;
    from a Debut, nothing more."""
    s = given(ROBOCO, [R.purple, RED, RED])
    s["players"]["p1"]["collab"] = holo(WALL)
    s["players"]["p2"]["center"]["stack"] = [card_of(R, "ロボ子さん", "debut", kind=("holomem",))]
    plain = use(R, copy.deepcopy(s))
    assert (dealt(plain), dealt(plain, "collab"), plain.get("pending")) == (90, 0, None)
    s["players"]["p2"]["center"]["stack"].append(card_of(R, "ロボ子さん", "1st", kind=("holomem",)))
    s = use(R, s)
    assert dealt(s) == 90 and s["pending"]["options"] == ["center", "collab"]
    s = run(R, s, c("p2", "choose", choice="collab"))
    assert (dealt(s), dealt(s, "collab")) == (90, 50)
