"""カード効果補足: each ability of the demo set, given / when / then."""
from .helpers import (RULES, action, arrange, choose, deck_cards, describe, draw, end, events, pile, play, step, unit,
                      violation)

# ---------------------------------------------------------------- icons and wilds


def test_そら_AZKi_スバル_wild_never_escapes_an_effect_AZKi_is_hit_by_まつり():
    s = arrange(hands={"p1": ["natsuiro_matsuri"]}, units={"p1": {0: ["tokino_sora"]},
                                                          "p2": {0: ["azki"], 1: ["himemori_luna", "shirogane_noel"]}})
    s = step(s, play("p1", "natsuiro_matsuri", 1))
    assert s["homes"] == {"p1": ["tokino_sora"], "p2": ["azki", "himemori_luna"]}  # sub-icon SEISO too
    assert unit(s, "p2", 1) == ["shirogane_noel"]


def test_夜空メル_targets_printed_or_sub_KUSOGAKI_never_a_wild_AZKi():
    s = arrange(hands={"p1": ["yozora_mel"]},
                units={"p2": {0: ["azki", "akai_haato", "kazama_iroha", "shirogane_noel"]}})
    s = step(s, play("p1", "yozora_mel", 0))
    assert sorted(s["pending"]["options"]) == ["akai_haato", "kazama_iroha"]
    s = step(s, choose("p1", "kazama_iroha"))
    assert s["homes"]["p2"] == ["kazama_iroha"] and s["phase"] == "live"


def test_夏色まつり_hits_SEISO_in_a_live_preparation_and_cancels_it():
    five = ["tokino_sora", "shirogane_noel", "takane_lui", "hoshimachi_suisei", "sakura_miko"]
    s = arrange(hands={"p1": ["natsuiro_matsuri"]}, units={"p2": {0: five}}, lives={("p2", 0): "five"})
    s = step(s, play("p1", "natsuiro_matsuri", 0))
    assert s["venues"][0]["live"]["p2"] is None and s["homes"]["p2"] == ["tokino_sora"]

# ---------------------------------------------------------------- placing cards


def test_湊あくあ_office_or_home_to_any_unit_with_its_play_ability():
    s = arrange(hands={"p1": ["minato_aqua"]}, homes={"p1": ["roboco"]}, office="takane_lui", deck=["shirogane_noel"])
    s = step(s, play("p1", "minato_aqua", 0))
    assert ["roboco", 2] in s["pending"]["options"] and ["takane_lui", 1] in s["pending"]["options"]
    assert None in s["pending"]["options"]
    s = step(s, choose("p1", ["roboco", 2]))
    assert unit(s, "p1", 2) == ["roboco"] and "shirogane_noel" in s["hands"]["p1"]  # ロボ子 drew


def test_湊あくあ_taking_the_office_card_refills_the_office():
    s = arrange(hands={"p1": ["minato_aqua"]}, office="takane_lui", deck=["shirogane_noel"])
    s = step(s, play("p1", "minato_aqua", 0), choose("p1", ["takane_lui", 1]))
    assert unit(s, "p1", 1) == ["takane_lui"] and s["office"] == "shirogane_noel"


def test_白上フブキ_plays_a_second_card_from_hand_to_any_unit():
    s = arrange(hands={"p1": ["shirakami_fubuki", "amane_kanata", "takane_lui"]}, units={"p2": {0: ["shirogane_noel"]}})
    s = step(s, play("p1", "shirakami_fubuki", 0))
    assert {tuple(o) for o in s["pending"]["options"] if o} == {("amane_kanata", 0), ("amane_kanata", 1), ("amane_kanata", 2)}
    s = step(s, choose("p1", ["amane_kanata", 2]))
    assert s["pending"]["kind"] == "opp_field_to_deck_top"  # かなた's play ability resolves
    s = step(s, choose("p1", "shirogane_noel"))
    assert pile(s)["top"] == ["shirogane_noel"] and s["phase"] == "live"


def test_宝鐘マリン_only_a_hot_card():
    s = arrange(hands={"p1": ["houshou_marine", "amane_kanata", "takane_lui"]})
    s = step(s, play("p1", "houshou_marine", 0))
    assert {o[0] for o in s["pending"]["options"] if o} == {"takane_lui"}


def test_兎田ぺこら_sends_one_hand_card_home_then_plays_another():
    s = arrange(hands={"p1": ["usada_pekora", "shirogane_noel", "takane_lui"]})
    s = step(s, play("p1", "usada_pekora", 0), choose("p1", "shirogane_noel"))
    assert s["homes"]["p1"] == ["shirogane_noel"]
    s = step(s, choose("p1", ["takane_lui", 2]))
    assert unit(s, "p1", 2) == ["takane_lui"] and s["hands"]["p1"] == []


def test_兎田ぺこら_needs_two_cards_left_in_hand():
    s = step(arrange(hands={"p1": ["usada_pekora", "shirogane_noel"]}), play("p1", "usada_pekora", 0))
    assert s["pending"] is None and s["hands"]["p1"] == ["shirogane_noel"] and s["phase"] == "live"


def test_春先のどか_sends_a_card_home_and_brings_one_from_home():
    s = arrange(hands={"p1": ["harusaki_nodoka"]}, units={"p1": {1: ["shirogane_noel"]}}, homes={"p1": ["roboco"]})
    s = step(s, play("p1", "harusaki_nodoka", 0))
    assert "harusaki_nodoka" not in s["pending"]["options"]
    s = step(s, choose("p1", "shirogane_noel"))
    assert ["shirogane_noel", 2] in s["pending"]["options"]
    before = len(s["hands"]["p1"])
    s = step(s, choose("p1", ["roboco", 2]))
    assert unit(s, "p1", 2) == ["roboco"] and len(s["hands"]["p1"]) == before + 1


def test_獅白ぼたん_deck_top_into_her_unit_only_with_room():
    s = arrange(units={"p1": {0: ["shishiro_botan"]}}, deck=["roboco", "takane_lui"], hands={"p1": ["shirogane_noel"]})
    s = step(s, action("p1", "shishiro_botan"))
    assert unit(s, "p1", 0) == ["shishiro_botan", "roboco"] and "takane_lui" in s["hands"]["p1"]
    full = ["shishiro_botan", "shirogane_noel", "takane_lui", "sakura_miko", "azki"]
    s = arrange(units={"p1": {0: full}}, lives={("p1", 0): "five"})
    assert violation(s, action("p1", "shishiro_botan")).rule == "カード効果補足/獅白ぼたん"

# ---------------------------------------------------------------- hands and homes


def test_百鬼あやめ_every_turn_once():
    s = arrange(hands={"p1": ["shirogane_noel"], "p2": ["takane_lui"]}, office="sakura_miko",
                units={"p1": {0: ["nakiri_ayame"]}})
    s = step(s, action("p1", "nakiri_ayame"), choose("p1", "shirogane_noel"),
             play("p1", "sakura_miko", 1), end("p1"),
             draw("p2"), play("p2", "takane_lui", 0), end("p2"), draw("p1"))
    assert action("p1", "nakiri_ayame") in RULES.legal(s, "p1")


def test_姫森ルーナ_sends_a_random_card_of_the_opponents_hand_home():
    s = arrange(hands={"p1": ["himemori_luna"], "p2": ["shirogane_noel", "takane_lui", "sakura_miko"]})
    after = step(s, play("p1", "himemori_luna", 0))
    assert len(after["hands"]["p2"]) == 2 and len(after["homes"]["p2"]) == 1
    assert after["homes"]["p2"][0] in ["shirogane_noel", "takane_lui", "sakura_miko"]
    assert step(s, play("p1", "himemori_luna", 0))["homes"] == after["homes"]  # the seed decides
    picks = {step(arrange(seed=str(i), hands={"p1": ["himemori_luna"], "p2": ["shirogane_noel", "takane_lui"]}),
                  play("p1", "himemori_luna", 0))["homes"]["p2"][0] for i in range(12)}
    assert picks == {"shirogane_noel", "takane_lui"}


def test_桃鈴ねね_returns_a_card_of_her_unit_to_hand_chosen_by_her_owner():
    s = arrange(hands={"p1": ["momosuzu_nene"]}, units={"p1": {0: ["shirogane_noel", "takane_lui"]}})
    s = step(s, play("p1", "momosuzu_nene", 0))
    assert s["pending"]["options"] == ["shirogane_noel", "takane_lui", None]
    s = step(s, choose("p1", "takane_lui"))
    assert unit(s, "p1", 0) == ["shirogane_noel", "momosuzu_nene"] and s["hands"]["p1"] == ["takane_lui"]


def test_風真いろは_home_to_hand():
    s = arrange(hands={"p1": ["kazama_iroha"]}, homes={"p1": ["takane_lui"]})
    s = step(s, play("p1", "kazama_iroha", 0), choose("p1", "takane_lui"))
    assert s["hands"]["p1"] == ["takane_lui"] and s["homes"]["p1"] == []


def test_ロボ子さん_draws_one():
    s = step(arrange(hands={"p1": ["roboco"]}, deck=["takane_lui"]), play("p1", "roboco", 0))
    assert s["hands"]["p1"] == ["takane_lui"]


def test_ラプラス_reveals_a_6期生_from_the_deck_and_shuffles():
    s = arrange(hands={"p1": ["la_darkness"]}, deck=["shirogane_noel", "hakui_koyori"])
    s = step(s, play("p1", "la_darkness", 0))
    assert s["pending"]["options"] == ["hakui_koyori", "kazama_iroha", "sakamata_chloe", "takane_lui"]
    deck_before = deck_cards(s)
    s = step(s, choose("p1", "hakui_koyori"))
    assert s["hands"]["p1"] == ["hakui_koyori"] and events(s, "reveal")
    assert sorted(deck_cards(s) + ["hakui_koyori"]) == deck_before and events(s, "shuffle")
    assert pile(s)["top"] == [] and s["chance"] == []  # a shuffle forgets the order; a search is no chance


def test_ラプラス_without_a_6期生_only_shuffles():
    gen6 = ["hakui_koyori", "kazama_iroha", "sakamata_chloe", "takane_lui"]
    s = arrange(hands={"p1": ["la_darkness"]}, homes={"p2": gen6})
    s = step(s, play("p1", "la_darkness", 0))
    assert s["pending"] is None and events(s, "shuffle") and s["hands"]["p1"] == []


def test_尾丸ポルカ_play_draws_then_returns_any_hand_card_secretly():
    s = arrange(hands={"p1": ["omaru_polka", "shirogane_noel"]}, deck=["takane_lui"])
    s = step(s, play("p1", "omaru_polka", 0))
    assert sorted(s["pending"]["options"]) == ["shirogane_noel", "takane_lui"]
    cmd = choose("p1", "shirogane_noel")
    assert "非公開" in describe(s, cmd, "p2") and "白銀ノエル" in describe(s, cmd, "p1")
    after = step(s, cmd)
    assert RULES.redact(s, cmd, after, "public")["choice"] is None
    assert RULES.redact(s, cmd, after, "p1")["choice"] == "shirogane_noel"
    assert pile(after)["top"] == ["shirogane_noel"] and after["hands"]["p1"] == ["takane_lui"]
    assert RULES.view(after, "public")["piles"]["deck"] == {"size": pile(after)["size"]}


def test_尾丸ポルカ_action_swaps_with_the_deck_bottom_whose_play_ability_fires():
    s = arrange(units={"p1": {0: ["shirogane_noel", "omaru_polka"]}}, hands={"p1": ["takane_lui"]},
                deck_bottom=["roboco"])
    s = step(s, action("p1", "omaru_polka"))
    assert unit(s, "p1", 0) == ["shirogane_noel", "roboco"] and pile(s)["bottom"] == ["omaru_polka"]
    assert len(s["hands"]["p1"]) == 2  # ロボ子 drew


def test_赤井はあと_swaps_with_home_and_an_action_card_may_act_at_once():
    s = arrange(units={"p1": {0: ["akai_haato", "shirogane_noel"]}}, homes={"p1": ["nakiri_ayame"]},
                hands={"p1": ["takane_lui"]}, office="sakura_miko")
    s = step(s, action("p1", "akai_haato"), choose("p1", "nakiri_ayame"))
    assert unit(s, "p1", 0) == ["nakiri_ayame", "shirogane_noel"] and s["homes"]["p1"] == ["akai_haato"]
    assert s["pending"]["options"] == ["use", None]
    s = step(s, choose("p1", "use"), choose("p1", "takane_lui"))
    assert s["office"] == "takane_lui" and "nakiri_ayame" in s["used_actions"]
    assert violation(s, action("p1", "nakiri_ayame")).rule == "ゲームの流れ/②アクションフェイズ"

# ---------------------------------------------------------------- the opponent's field


def test_天音かなた_puts_an_opponents_card_on_the_deck():
    s = arrange(hands={"p1": ["amane_kanata"]}, units={"p2": {1: ["shirogane_noel"]}})
    s = step(s, play("p1", "amane_kanata", 0), choose("p1", "shirogane_noel"))
    assert pile(s)["top"] == ["shirogane_noel"] and unit(s, "p2", 1) == []


def test_戌神ころね_returns_two_or_the_only_one():
    s = arrange(hands={"p1": ["inugami_korone"]}, units={"p2": {0: ["shirogane_noel", "takane_lui", "sakura_miko"]}})
    s = step(s, play("p1", "inugami_korone", 0), choose("p1", "takane_lui"), choose("p1", "sakura_miko"))
    assert s["hands"]["p2"] == ["takane_lui", "sakura_miko"] and s["pending"] is None
    s = arrange(hands={"p1": ["inugami_korone"]}, units={"p2": {0: ["shirogane_noel"]}})
    s = step(s, play("p1", "inugami_korone", 0), choose("p1", "shirogane_noel"))
    assert s["hands"]["p2"] == ["shirogane_noel"] and s["phase"] == "live"


def test_猫又おかゆ_brings_ころね_from_the_office_and_ころね_fires():
    s = arrange(units={"p1": {0: ["nekomata_okayu"]}, "p2": {1: ["shirogane_noel"]}}, office="inugami_korone",
                hands={"p1": ["takane_lui"]}, deck=["sakura_miko"])
    s = step(s, action("p1", "nekomata_okayu"))
    assert unit(s, "p1", 0) == ["nekomata_okayu", "inugami_korone"] and s["office"] == "sakura_miko"
    s = step(s, choose("p1", "shirogane_noel"))
    assert s["hands"]["p2"] == ["shirogane_noel"]


def test_猫又おかゆ_takes_ころね_from_the_opponents_field_but_not_past_トワ_nor_into_five():
    s = arrange(units={"p1": {0: ["nekomata_okayu"]}, "p2": {1: ["inugami_korone"]}}, hands={"p1": ["takane_lui"]})
    s = step(s, action("p1", "nekomata_okayu"))
    assert unit(s, "p1", 0)[-1] == "inugami_korone" and unit(s, "p2", 1) == []
    s = arrange(units={"p1": {0: ["nekomata_okayu"]}, "p2": {1: ["inugami_korone", "tokoyami_towa"]}})
    assert violation(s, action("p1", "nekomata_okayu")).rule == "カード効果補足/猫又おかゆ"
    five = ["nekomata_okayu", "shirogane_noel", "takane_lui", "sakura_miko", "azki"]
    s = arrange(units={"p1": {0: five}}, office="inugami_korone", lives={("p1", 0): "five"})
    assert violation(s, action("p1", "nekomata_okayu")).rule == "カード効果補足/猫又おかゆ"


def test_常闇トワ_protects_her_field_not_the_venues_nor_herself_from_her_own():
    s = arrange(hands={"p1": ["inugami_korone"]}, units={"p2": {0: ["tokoyami_towa", "shirogane_noel"]}})
    s = step(s, play("p1", "inugami_korone", 0))
    assert s["pending"] is None and unit(s, "p2", 0) == ["tokoyami_towa", "shirogane_noel"]
    s = arrange(hands={"p1": ["natsuiro_matsuri"]}, units={"p1": {1: ["azki", "tokoyami_towa"]}, "p2": {0: ["tokino_sora"]}})
    s = step(s, play("p1", "natsuiro_matsuri", 0))
    assert s["homes"] == {"p1": ["azki"], "p2": ["tokino_sora"]}  # トワ guards only against the opponent


def test_常闇トワ_blocks_博衣こより_referencing_her_field():
    s = arrange(hands={"p1": ["hakui_koyori"]}, units={"p2": {0: ["tokoyami_towa", "amane_kanata"]}})
    s = step(s, play("p1", "hakui_koyori", 0))
    assert s["pending"] is None


def test_博衣こより_uses_an_opponents_play_ability_as_her_own():
    s = arrange(hands={"p1": ["hakui_koyori"]}, units={"p1": {2: ["shirogane_noel"]}, "p2": {0: ["amane_kanata"]}})
    s = step(s, play("p1", "hakui_koyori", 0))
    assert s["pending"]["options"] == ["amane_kanata", None]
    s = step(s, choose("p1", "amane_kanata"))
    assert s["pending"]["kind"] == "opp_field_to_deck_top" and s["pending"]["card"] == "hakui_koyori"
    s = step(s, choose("p1", "amane_kanata"))
    assert pile(s)["top"] == ["amane_kanata"]


def test_えーちゃん_uses_a_play_ability_of_her_own_field():
    s = arrange(hands={"p1": ["a_chan"]}, units={"p1": {1: ["roboco"]}}, deck=["takane_lui"])
    s = step(s, play("p1", "a_chan", 0))
    assert s["pending"]["options"] == ["roboco", None]
    s = step(s, choose("p1", "roboco"))
    assert s["hands"]["p1"] == ["takane_lui"]


def test_黒上フブキ_goes_home_and_sends_an_opponents_card_home():
    s = arrange(units={"p1": {0: ["kurokami_fubuki"]}, "p2": {0: ["shirogane_noel"]}}, hands={"p1": ["takane_lui"]})
    s = step(s, action("p1", "kurokami_fubuki"), choose("p1", "shirogane_noel"))
    assert s["homes"] == {"p1": ["kurokami_fubuki"], "p2": ["shirogane_noel"]}

# ---------------------------------------------------------------- moving cards and venues


def test_アキ_R_moves_a_card_but_never_past_five():
    full = ["shirogane_noel", "takane_lui", "sakura_miko", "azki", "tokino_sora"]
    s = arrange(units={"p1": {0: ["aki_rosenthal"], 1: full}, "p2": {2: ["yuzuki_choco"]}}, hands={"p1": ["roboco"]},
                lives={("p1", 1): "five"})
    s = step(s, action("p1", "aki_rosenthal"))
    options = s["pending"]["options"]
    assert ["shirogane_noel", 2] in options and ["yuzuki_choco", 0] in options
    assert not any(o[1] == 1 and o[0] != "yuzuki_choco" for o in options)  # p1's full unit takes nothing
    s = step(s, choose("p1", ["shirogane_noel", 2]))
    assert s["venues"][1]["live"]["p1"] is None  # moving out of a declared unit cancels it


def test_紫咲シオン_needs_room_at_another_venue():
    full = ["shirogane_noel", "takane_lui", "sakura_miko", "azki", "tokino_sora"]
    full2 = ["nakiri_ayame", "sakamata_chloe", "kazama_iroha", "aki_rosenthal", "hoshimachi_suisei"]
    s = arrange(hands={"p1": ["murasaki_shion"]}, units={"p2": {0: ["roboco"], 1: full, 2: full2}})
    s = step(s, play("p1", "murasaki_shion", 0))
    assert s["pending"] is None and unit(s, "p2", 0) == ["roboco"]


def test_沙花叉クロヱ_void_when_the_facing_unit_is_full():
    full = ["shirogane_noel", "takane_lui", "sakura_miko", "azki", "tokino_sora"]
    s = arrange(hands={"p1": ["sakamata_chloe"]}, units={"p1": {1: ["roboco"]}, "p2": {0: full}})
    s = step(s, play("p1", "sakamata_chloe", 0))
    assert s["pending"] is None and unit(s, "p1", 1) == ["roboco"]


def test_大神ミオ_looks_at_two_venues_then_swaps_or_not():
    s = arrange(hands={"p1": ["ookami_mio"]}, box=["dome", "messe", "arena"])
    s = step(s, play("p1", "ookami_mio", 0))
    assert s["pending"]["options"] == [0, 1, 2]
    s = step(s, choose("p1", 1))
    assert s["pending"]["options"] == ["swap", "keep"] and sorted(s["known"]["p1"]) == ["civic_hall", "dome"]
    assert RULES.view(s, "p1")["venues"][1]["printed"] == 3000 and RULES.view(s, "p2")["venues"][1]["printed"] is None
    s = step(s, choose("p1", "swap"))
    assert s["venues"][1]["id"] == "dome"
    assert pile(s, "box")["top"] == ["messe", "arena"] and pile(s, "box")["bottom"] == ["civic_hall"]
    assert RULES.view(s, "p1")["venues"][1]["printed"] == 8000

# ---------------------------------------------------------------- constant abilities


def test_不知火フレア_suppresses_play_abilities_entering_the_unit_facing_her():
    s = arrange(hands={"p1": ["roboco"]}, units={"p2": {0: ["shiranui_flare"]}}, deck=["takane_lui"])
    after = step(s, play("p1", "roboco", 0))
    assert after["hands"]["p1"] == [] and events(after, "suppressed")
    assert step(s, play("p1", "roboco", 1))["hands"]["p1"] == ["takane_lui"]


def test_不知火フレア_a_card_put_there_by_an_action_gets_no_play_ability():
    s = arrange(units={"p1": {0: ["shishiro_botan"]}, "p2": {0: ["shiranui_flare"]}}, deck=["roboco", "takane_lui"],
                hands={"p1": ["shirogane_noel"]})
    s = step(s, action("p1", "shishiro_botan"))
    assert unit(s, "p1", 0)[-1] == "roboco" and s["hands"]["p1"] == ["shirogane_noel"]


def test_角巻わため_blocks_the_facing_unit_but_not_during_actions():
    s = arrange(hands={"p1": ["shirogane_noel"]}, units={"p1": {1: ["shishiro_botan"]}, "p2": {1: ["tsunomaki_watame"]}},
                deck=["takane_lui"])
    assert violation(s, play("p1", "shirogane_noel", 1)).rule == "カード効果補足/角巻わため"
    s = step(s, action("p1", "shishiro_botan"))
    assert unit(s, "p1", 1) == ["shishiro_botan", "takane_lui"]


def test_角巻わため_with_no_other_venue_the_opponent_must_pass():
    s = arrange(hands={"p1": ["shirogane_noel"]}, units={"p2": {2: ["tsunomaki_watame"]}})
    for v in (0, 1):
        s["venues"][v].update(acquired_by="p2", audience=2000, revealed=True, hand="buta")
    assert RULES.legal(s, "p1") == [{"type": "pass", "seat": "p1"}]


def test_雪花ラミィ_the_non_active_seat_may_negate_before_the_ability_resolves():
    s = arrange(hands={"p1": ["roboco", "amane_kanata"]}, units={"p2": {2: ["yukihana_lamy"]}}, deck=["takane_lui"])
    s = step(s, play("p1", "roboco", 0))
    assert RULES.to_act(s) == ("p2",) and RULES.legal(s, "p1") == []
    assert RULES.legal(s, "p2") == [choose("p2", "negate"), choose("p2", "pass")]
    assert violation(s, end("p1")).rule == "カード効果補足/雪花ラミィ"
    negated = step(s, choose("p2", "negate"))
    assert negated["hands"]["p1"] == ["amane_kanata"] and unit(negated, "p1", 0) == ["roboco"]
    assert "無効化" in describe(s, choose("p2", "negate"), "public")
    passed = step(s, choose("p2", "pass"))
    assert "takane_lui" in passed["hands"]["p1"]


def test_雪花ラミィ_once_per_turn():
    s = arrange(hands={"p1": ["shirakami_fubuki", "amane_kanata"]}, units={"p2": {2: ["yukihana_lamy", "roboco"]}})
    s = step(s, play("p1", "shirakami_fubuki", 0), choose("p2", "negate"))
    assert s["lamy_used"] and s["pending"] is None
    s = arrange(hands={"p1": ["shirakami_fubuki", "amane_kanata"]}, units={"p2": {2: ["yukihana_lamy", "roboco"]}})
    s = step(s, play("p1", "shirakami_fubuki", 0), choose("p2", "pass"), choose("p1", ["amane_kanata", 1]))
    assert s["pending"]["kind"] == "lamy_window"  # another window while unused
    s = step(s, choose("p2", "negate"))
    assert s["pending"] is None and s["phase"] == "live"


def test_みこ_すいせい_トワ_bonuses_add_in_the_live_unit():
    five = ["sakura_miko", "hoshimachi_suisei", "tokoyami_towa", "shirogane_noel", "takane_lui"]
    s = arrange(active="p2", phase="live", units={"p1": {2: five}}, lives={("p1", 2): "five"})
    s = step(s, end("p2"))
    assert s["venues"][2]["audience"] == 4000 + 2000 + 2000 + 1000


def test_bonuses_lose_to_COVER_when_the_holder_prefers_10000():
    five = ["sakura_miko", "hoshimachi_suisei", "tokoyami_towa", "tokino_sora", "azki"]  # そら+AZKi complete COVER
    s = arrange(active="p2", phase="live", units={"p1": {2: five}}, lives={("p1", 2): "five"})
    s = step(s, end("p2"))
    assert s["venues"][2]["audience"] == 10000 and s["venues"][2]["hand"] == "cover"
