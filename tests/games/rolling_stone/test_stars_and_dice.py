"""What a card set can state beyond the demo's faces: ★★ (a count, not a flag), and a
skill that gives a second die of one colour (cards → effects → rules).

The rulebook counts ★ one by one (〇最終決算/１: 「アルバムカードに「★」があれば１個につき
−１ＶＰ」) and moves several dice of one colour (〇配置ルール/２: 「複数あれば、その全てを
移動させます」; /１: 「同色のサイコロが乗せられている」いずれかのカード), so a set must be able
to say both, and the rules read them.
"""
import copy
import json
from importlib import resources

import pytest

from kifu.replays.games.rolling_stone import RULES as UNBOUND
from kifu.replays.games.rolling_stone import rules
from kifu.replays.games.rolling_stone.state import R_MAIN
from kifu.replays.kit import CardSetError

from .helpers import RULES, first_turn, main_state, refused, stage_started, step

TAKE = {"type": "take", "seat": "p1", "card": "J-R1"}


def _demo() -> dict:
    folder = resources.files("kifu.replays.games.rolling_stone")
    return json.loads(folder.joinpath("cardsets/demo.json").read_text(encoding="utf-8"))


def _album_card(data: dict, card: str) -> dict:
    return next(c for c in data["album"] if c["id"] == card)


def _variant(change):
    data = copy.deepcopy(_demo())
    change(data)
    return UNBOUND.bind(UNBOUND.load_cardset(data))


def _two_stars(data: dict) -> None:
    card = _album_card(data, "J-R5")
    del card["star"]
    card["stars"] = 2


# -- the card set format -----------------------------------------------------------------------

def test_a_card_states_its_stars_as_a_count_and_the_older_flag_still_reads_as_one():
    variant = _variant(_two_stars)
    assert (variant.cardset.card("J-R5")["stars"], variant.cardset.card("J-R5")["star"]) == (2, True)
    assert (variant.cardset.card("J-R6")["stars"], variant.cardset.card("J-R1")["stars"]) == (1, 0)  # star: true/false


@pytest.mark.parametrize("change", [
    lambda d: _album_card(d, "J-R5").update(stars=2),      # both forms
    lambda d: _album_card(d, "J-R5").pop("star"),          # neither
    lambda d: (_album_card(d, "J-R5").pop("star"), _album_card(d, "J-R5").update(stars=True)),  # not a count
])
def test_a_card_stating_its_stars_both_ways_or_not_at_all_is_refused_with_the_field_path(change):
    data = copy.deepcopy(_demo())
    change(data)
    with pytest.raises(CardSetError) as info:
        UNBOUND.load_cardset(data)
    assert any(p.startswith("album.") and p.endswith(".stars") for p in info.value.errors), info.value.errors


def test_a_skill_giving_a_second_die_of_a_colour_is_stated_with_its_colour():
    variant = _variant(lambda d: d["dreams"][0].update(skill={"kind": "extra_die", "text": "赤のサイコロをもう１個得る。",
                                                                "colour": "red"}))
    assert variant.cardset.card("DR01")["skill"]["colour"] == "red"
    data = copy.deepcopy(_demo())
    data["dreams"][0]["skill"] = {"kind": "extra_die", "text": "もう１個"}
    with pytest.raises(CardSetError) as info:
        UNBOUND.load_cardset(data)
    assert "dreams.0.skill.kind" in info.value.errors  # extra_die takes colour


def test_the_demo_set_s_note_says_how_to_state_both():
    note = _demo()["note"]
    assert '"stars": 2' in note and "extra_die" in note


# -- ★★ in the rules (〇最終決算/１: 「★」１個につき) -------------------------------------------------

def _final(variant, album, power):
    t = variant.context(copy.deepcopy(first_turn(3)), variant.cardset)
    t.s["albums"]["p1"] = {"A1": t.s["characters"]["p1"], **album}
    t.s["power"]["p1"] = power
    t.s["hands"] = {s: ["DR16"] for s in t.seats}
    rules.final_scoring(t)
    return t.s["final"]["p1"]


def test_final_1_a_card_with_two_stars_costs_two_vp_and_takes_two_power():
    """アルバムカードに「★」があれば１個につき−１ＶＰ…「★」１個につきパワー１個を配置."""
    variant = _variant(_two_stars)
    row = _final(variant, {"B1": "J-R5"}, power=0)
    assert (row["stars"], row["star_vp"]) == (2, -2)
    row = _final(variant, {"B1": "J-R5"}, power=1)
    assert (row["power_placed"], row["star_vp"]) == (1, 1 - 1)
    row = _final(variant, {"B1": "J-R5", "C1": "J-R6"}, power=3)
    assert (row["stars"], row["power_placed"], row["star_vp"]) == (3, 3, 3)


def test_a_card_with_two_stars_is_named_with_both():
    variant = _variant(_two_stars)
    assert rules.placement_label(variant.context(first_turn(3), variant.cardset), "p1", "J-R5", "B1").startswith(
        "『" + variant.cardset.card("J-R5")["name"] + "』（赤★★）")


# -- a second die of one colour (extra_die) ------------------------------------------------------

def _extra_die_game():
    """Stage 1's skill set, p1 setting a dream card whose skill gives a second red die."""
    state = stage_started(3)
    card = state["hands"]["p1"][0]

    def change(data):
        dream = next(d for d in data["dreams"] if d["id"] == card)
        dream["skill"] = {"kind": "extra_die", "text": "赤のサイコロをもう１個得る。", "colour": "red"}
    variant = _variant(change)
    for seat in variant.to_act(state):
        chosen = card if seat == "p1" else state["hands"][seat][0]
        before, last = state, {"type": "set_skill", "seat": seat, "card": chosen}
        state = variant.decide(state, last)
    return variant, state, before, last


def test_a_skill_giving_a_second_die_puts_it_on_the_card_of_that_colour_s_die_when_set():
    """１：ステージ開始: スキルは特定の条件を満たすと効果が適用されます (ruling: on the red die's card, same faces)."""
    variant, state, before, last = _extra_die_game()
    dice = state["dice"]["p1"]
    assert dice["red2"] == dice["red"] and set(dice) == {"red", "red2", "blue", "yellow", "green"}
    assert "red2" not in state["dice"]["p2"]
    assert variant.view(state, "public")["seats"]["p1"]["dice"]["red2"]["colour"] == "red"
    line = variant.describe(before, last, state, "public")
    assert "p1 スキル" in line and "赤のサイコロをもう1個（赤2" in line
    # and the skill acts once: the next stage's skill set gives no third red die
    while state["stage"] < 2 or state["phase"] == "skill":
        seat = variant.to_act(state)[0]
        state = variant.decide(state, variant.legal(state, seat)[0])
    assert state["stage"] == 2 and "red3" not in state["dice"]["p1"] and "red2" in state["dice"]["p1"]


def test_2_every_die_of_the_card_s_colour_rolls_one_face_onto_it():
    """配置ルール/２: 同色のサイコロを今配置したカードの上に「１面分だけ転がるよう」移動させます
    （複数あれば、その全てを移動させます）."""
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"])
    state["dice"]["p1"]["red2"] = {"square": "B2", "top": 6, "north": 2}
    after = step(state, {**TAKE, "square": "B1"})
    assert after["dice"]["p1"]["red"] == {"square": "B1", "top": 5, "north": 3}
    assert after["dice"]["p1"]["red2"] == {"square": "B1", "top": 5, "north": 6}
    line = RULES.describe(state, {**TAKE, "square": "B1"}, after, "public")
    assert "赤 3→5, north B2→B1" in line and "赤2 6→5, north B2→B1" in line


def test_order_bonus_3_may_roll_the_second_die_and_names_only_a_die_the_seat_has():
    """オーダーボーナス３: 自分のサイコロ１個を、好きな方向へ１面分動かしてもよい."""
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"], turn_step="bonus")
    second = {"type": "bonus_die", "seat": "p1", "colour": "red", "direction": "north", "die": 2}
    refused(state, second, R_MAIN, "no 赤2 die")
    assert second not in RULES.legal(state, "p1")
    state["dice"]["p1"]["red2"] = {"square": "B2", "top": 6, "north": 2}
    assert second in RULES.legal(state, "p1")
    after = step(state, second)
    assert after["dice"]["p1"]["red2"] == {"square": "B2", "top": 5, "north": 6}
    assert after["dice"]["p1"]["red"] == state["dice"]["p1"]["red"]
    assert "赤2" in RULES.label(state, second, "p1")


def test_every_die_counts_in_the_sums_and_a_dream_on_a_colour_reads_its_higher_die():
    """中間決算: 各自…サイコロの目を合計; 最終決算/１: 各サイコロの目を合計し (ruling: every die)."""
    t = RULES.context(copy.deepcopy(first_turn(3)), RULES.cardset)
    for die in t.s["dice"]["p1"].values():
        die["top"] = 1
    t.s["dice"]["p1"]["red2"] = {"square": t.s["dice"]["p1"]["red"]["square"], "top": 6, "north": 2}
    assert t.dice_sum("p1") == 4 + 6
    t.s["hands"] = {s: ["DR05"] for s in t.seats}  # 冒険家: 赤のサイコロの目が5以上なら3ＶＰ
    rules.final_scoring(t)
    assert (t.s["final"]["p1"]["dice"], t.s["final"]["p1"]["dream"]) == (10, 3)
