"""勝利条件: ライブ開催, 決着, 妨害, audience (COVER / YAGOO / bonuses), the end of the game."""
from .helpers import RULES, arrange, choose, deck_out, describe, end, events, play, step, unit, violation

FIVE_WITH_MIKO = ["shirogane_noel", "takane_lui", "sakura_miko", "tokino_sora", "azki"]
PLAIN_FIVE = ["shirogane_noel", "takane_lui", "tokino_sora", "azki", "oozora_subaru"]  # wilds: 4カード


def test_ライブ開催_held_at_the_start_of_the_declarers_next_turn():
    s = arrange(active="p2", phase="live", units={"p1": {2: FIVE_WITH_MIKO}, "p2": {2: ["yuzuki_choco"]}},
                lives={("p1", 2): "five"})
    s = step(s, end("p2"))
    venue = s["venues"][2]
    assert venue["acquired_by"] == "p1" and venue["revealed"]
    assert venue["audience"] == 4000 + 2000  # zepp + さくらみこ
    assert venue["units"] == {"p1": [], "p2": []}
    assert venue["retired"] == {"p1": FIVE_WITH_MIKO, "p2": ["yuzuki_choco"]}
    assert s["scores"] == {"p1": 6000, "p2": 0}
    assert s["active"] == "p1" and s["phase"] == "draw"
    assert violation(s, play("p1", "tokino_sora", 2)).rule in ("ゲームの流れ/③プレイフェイズ",)


def test_ライブ開催_not_at_the_opponents_turn():
    s = arrange(active="p1", phase="live", units={"p1": {2: PLAIN_FIVE}}, lives={("p1", 2): "five"})
    s = step(s, end("p1"))
    assert s["venues"][2]["acquired_by"] is None and s["venues"][2]["live"]["p1"] is not None


def test_さくらみこ_in_the_facing_unit_adds_nothing():
    s = arrange(active="p2", phase="live", units={"p1": {0: PLAIN_FIVE}, "p2": {0: ["sakura_miko"]}},
                lives={("p1", 0): "five"})
    s = step(s, end("p2"))
    assert s["venues"][0]["audience"] == 2000


def _contest(mine, theirs, *, p1_first=True):
    s = arrange(active="p2", phase="live", units={"p1": {1: mine}, "p2": {1: theirs}},
                lives={("p1", 1): "five", ("p2", 1): "five"})
    s["venues"][1]["live"]["p1"]["declared_step"] = 1 if p1_first else 3
    s["venues"][1]["live"]["p2"]["declared_step"] = 2
    return step(s, end("p2"))


def test_決着_the_stronger_hand_takes_the_venue():
    five_enjoy = ["sakura_miko", "natsuiro_matsuri", "inugami_korone", "shishiro_botan", "akai_haato"]
    s = _contest(PLAIN_FIVE, five_enjoy)  # 4カード vs 5カード
    venue = s["venues"][1]
    assert venue["acquired_by"] == "p2" and venue["hand"] == "five"
    assert venue["audience"] == 3000 + 2000  # civic hall + さくらみこ in the winning unit
    (contest,) = events(s, "contest")
    assert contest["hands"] == {"p1": "four", "p2": "five"} and not contest["tie"]


def test_決着_equal_hands_go_to_the_earlier_declarer():
    other_four = ["nakiri_ayame", "sakamata_chloe", "kazama_iroha", "aki_rosenthal", "hoshimachi_suisei"]
    s = _contest(PLAIN_FIVE, other_four)
    assert s["venues"][1]["acquired_by"] == "p1" and events(s, "contest")[0]["tie"]
    assert "先に宣言した側の勝ち" in describe(_before_contest(PLAIN_FIVE, other_four), end("p2"), "public")


def _before_contest(mine, theirs):
    s = arrange(active="p2", phase="live", units={"p1": {1: mine}, "p2": {1: theirs}},
                lives={("p1", 1): "five", ("p2", 1): "five"})
    s["venues"][1]["live"]["p1"]["declared_step"], s["venues"][1]["live"]["p2"]["declared_step"] = 1, 2
    return s


def test_妨害_falling_below_the_declared_count_cancels_even_if_a_generation_live_remains():
    gen0_five = ["tokino_sora", "azki", "sakura_miko", "hoshimachi_suisei", "shirogane_noel"]
    s = arrange(active="p2", hands={"p2": ["murasaki_shion"]}, units={"p1": {0: gen0_five}},
                lives={("p1", 0): "five"})
    s = step(s, play("p2", "murasaki_shion", 0))
    assert s["pending"]["kind"] == "move_facing_to_other"
    s = step(s, choose("p2", ["shirogane_noel", 1]))
    assert s["venues"][0]["live"]["p1"] is None  # 5 -> 4 (still three 0期生): cancelled anyway
    assert events(s, "cancel") == [{"kind": "cancel", "seat": "p1", "venue": 0, "count": 4, "declared": 5}]
    s = step(s, end("p2"))
    assert s["venues"][0]["acquired_by"] is None


def test_妨害_a_generation_live_raised_to_five_stands_and_the_added_bonus_counts():
    gen6 = ["la_darkness", "takane_lui", "hakui_koyori", "shirogane_noel"]
    s = arrange(active="p1", hands={"p1": ["sakamata_chloe"]}, units={"p1": {0: ["sakura_miko"]}, "p2": {1: gen6}},
                lives={("p2", 1): "generation"})
    s = step(s, play("p1", "sakamata_chloe", 1))
    assert s["pending"]["options"] == ["sakura_miko"]
    s = step(s, choose("p1", "sakura_miko"))
    assert unit(s, "p2", 1)[-1] == "sakura_miko" and s["venues"][1]["live"]["p2"]["count"] == 4
    s = step(s, end("p1"))
    assert s["venues"][1]["acquired_by"] == "p2"
    assert s["venues"][1]["audience"] == 3000 + 2000


COVER_NO_CHOICE = ["tokoyami_towa", "houshou_marine", "hoshimachi_suisei", "sakura_miko", "amane_kanata"]


def test_COVER_fixes_the_audience_at_10000_and_the_venue_stays_face_down():
    s = arrange(active="p2", phase="live", units={"p1": {0: COVER_NO_CHOICE}}, lives={("p1", 0): "five"})
    s = step(s, end("p2"))  # livehouse 2000 + bonuses 5000 < 10000
    venue = s["venues"][0]
    assert venue["audience"] == 10000 and venue["hand"] == "cover" and not venue["revealed"]
    assert RULES.view(s, "public")["venues"][0]["printed"] is None


def test_COVER_is_the_holders_choice_when_a_sub_icon_reads_otherwise():
    s = arrange(active="p2", phase="live", units={"p1": {0: COVER_NO_CHOICE}}, lives={("p1", 0): "five"},
                venues=["dome", "zepp", "livehouse"])
    line = describe(s, end("p2"), "public")
    s = step(s, end("p2"))  # ドーム 8000 + 5000 bonuses beats COVER's 10000: マリン read as SEXY
    assert s["venues"][0]["audience"] == 13000 and s["venues"][0]["hand"] == "buta" and s["venues"][0]["revealed"]
    assert "裁定: サブアイコン" in line


WILD_COVER = ["sakura_miko", "hoshimachi_suisei", "tokoyami_towa", "tokino_sora", "azki"]  # そら+AZKi make C and R


def test_COVER_ruling_a_wild_is_used_only_to_raise_the_hand_so_a_wild_COVER_is_COVER_at_10000():
    """カード効果補足 (アイコンを変化できる能力を持つカード): 「役を上げる目的以外、基本的には
    描かれている元々のアイコンとして扱います」. Read with their printed SEISO, そら and AZKi make a
    1ペア; with their wild icons, COVER. The wild is there to raise the hand, so the unit is
    COVER and the venue 10000: never a lower reading through the wild to score ドーム's
    8000 plus the bonuses (2000 + 2000 + 1000)."""
    s = arrange(active="p2", phase="live", units={"p1": {0: WILD_COVER}}, lives={("p1", 0): "five"},
                venues=["dome", "zepp", "livehouse"])
    line = describe(s, end("p2"), "public")
    s = step(s, end("p2"))
    venue = s["venues"][0]
    assert venue["audience"] == 10000 and venue["hand"] == "cover" and not venue["revealed"]
    assert s["scores"]["p1"] == 10000 and "観客 10000（固定 10000）" in line and "役を上げる目的" in line
    assert RULES.view(s, "public")["venues"][0]["id"] is None  # never turned face up


def test_YAGOO_in_the_live_unit_fixes_10000_and_voids_bonuses():
    unit_ = ["yagoo", "sakura_miko", "hoshimachi_suisei", "tokino_sora", "azki"]
    s = arrange(active="p2", phase="live", units={"p1": {0: unit_}}, lives={("p1", 0): "five"},
                venues=["dome", "zepp", "livehouse"])
    s = step(s, end("p2"))
    assert s["venues"][0]["audience"] == 10000 and not s["venues"][0]["revealed"]


def test_YAGOO_in_the_losing_facing_unit_has_no_effect():
    theirs = ["yagoo", "ookami_mio", "shiranui_flare", "hakui_koyori", "yozora_mel"]  # 3カード (INTEL)
    s = _contest(PLAIN_FIVE, theirs)
    assert s["venues"][1]["acquired_by"] == "p1" and s["venues"][1]["audience"] == 3000


def _last_venue(p1_score, p2_score):
    s = arrange(active="p2", phase="live", units={"p1": {2: PLAIN_FIVE}}, lives={("p1", 2): "five"})
    for v, (seat, pts) in enumerate((("p1", p1_score), ("p2", p2_score))):
        s["venues"][v].update(acquired_by=seat, audience=pts, revealed=True, hand="one_pair")
        s["scores"][seat] += pts
    return s


def test_勝利条件_three_venues_decide_by_total_audience():
    s = step(_last_venue(2000, 3000), end("p2"))
    assert s["phase"] == "over" and RULES.to_act(s) == () and RULES.legal(s, "p1") == []
    outcome = RULES.outcome(s)
    assert outcome.winners == ("p1",) and outcome.scores == {"p1": 6000, "p2": 3000}
    assert violation(s, end("p1")).rule == "勝利条件"


def test_勝利条件_equal_totals_are_a_draw():
    s = step(_last_venue(2000, 6000), end("p2"))
    outcome = RULES.outcome(s)
    assert outcome.draw and outcome.winners == () and outcome.scores == {"p1": 6000, "p2": 6000}


def test_ruling_stalemate_after_the_deck_runs_out_ends_the_game_visibly():
    s = arrange(active="p1", phase="live", units={"p2": {0: ["shirogane_noel"]}})
    s["homes"]["p1"] = deck_out(s)
    s["venues"][1].update(acquired_by="p2", audience=3000, revealed=True, hand="three")
    s["scores"]["p2"] = 3000
    s = step(s, end("p1"))  # p1 neither played nor declared: idle 1
    assert s["phase"] == "action" and RULES.legal(s, "p2") == [{"type": "pass", "seat": "p2"}]
    s = step(s, {"type": "pass", "seat": "p2"})
    line = describe(s, end("p2"), "public")
    assert "裁定" in line and "ゲーム終了" in line
    s = step(s, end("p2"))
    assert s["over"]["reason"] == "stalemate" and RULES.outcome(s).winners == ("p2",)


def test_決着_an_opponents_generation_live_of_four_does_not_contest():
    gen6 = ["la_darkness", "kazama_iroha", "hakui_koyori", "sakamata_chloe"]
    s = _contest(PLAIN_FIVE, gen6)
    assert s["venues"][1]["acquired_by"] == "p1" and not events(s, "contest")
    assert s["venues"][1]["retired"]["p2"] == gen6


def test_決着_a_generation_live_of_four_meets_a_later_five():
    gen0 = ["tokino_sora", "sakura_miko", "hoshimachi_suisei", "azki"]  # 3カード at best
    four_duelists = ["nakiri_ayame", "sakamata_chloe", "kazama_iroha", "aki_rosenthal", "shirogane_noel"]
    s = arrange(active="p2", phase="live", units={"p1": {1: gen0}, "p2": {1: four_duelists}},
                lives={("p1", 1): "generation", ("p2", 1): "five"})
    s["venues"][1]["live"]["p1"]["declared_step"], s["venues"][1]["live"]["p2"]["declared_step"] = 1, 2
    s = step(s, end("p2"))
    (contest,) = events(s, "contest")
    assert contest["winner"] == "p2" and s["venues"][1]["acquired_by"] == "p2"


def test_妨害_a_generation_live_of_four_falling_to_three_is_cancelled():
    gen0 = ["tokino_sora", "sakura_miko", "hoshimachi_suisei", "shirogane_noel"]
    s = arrange(hands={"p1": ["inugami_korone"]}, units={"p2": {0: gen0}}, lives={("p2", 0): "generation"})
    s = step(s, play("p1", "inugami_korone", 1), choose("p1", "shirogane_noel"))
    assert s["venues"][0]["live"]["p2"] is None
    assert events(s, "cancel")[0] == {"kind": "cancel", "seat": "p2", "venue": 0, "count": 3, "declared": 4}


def test_ruling_time_limits_end_the_game_and_say_so():
    s = arrange(active="p1", phase="live", hands={"p1": ["shirogane_noel"]})
    s["homes"]["p2"] = deck_out(s)
    s["deckout_turns"] = 19
    assert "20ターン" in describe(s, end("p1"), "public")
    assert step(s, end("p1"))["over"]["reason"] == "deckout_limit"
    s = arrange(active="p1", phase="live", turn=200)
    assert step(s, end("p1"))["over"]["reason"] == "turn_limit"
    assert RULES.outcome(step(s, end("p1"))).draw
