"""ゲームの進行/３：メインフェイズ/〇配置ルール: one puzzle per clause.

Given an album (``"@"`` = the character card) and where the dice stand, when the active
player places a card, then the rule allows exactly the squares the clause says.
Cards: ``J-R1`` is a red ジュニア card, ``J-B1`` blue, ``J-G1`` green, ``J-Y1`` yellow.
"""
from kifu.replays.games.rolling_stone.state import R_PLACE

from .helpers import RULES, main_state, play_until, refused, run, step

TAKE = {"type": "take", "seat": "p1", "card": "J-R1"}


def squares(state, seat="p1"):
    return sorted(c["square"] or "-" for c in RULES.legal(state, seat) if c["type"] in ("take", "place"))


# -- 1: 縦か横で隣接…斜めは不可 -------------------------------------------------------------

def test_1_a_card_goes_orthogonally_next_to_the_card_carrying_its_colour_die():
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"])
    assert squares(state) == ["A2", "B1", "B3", "C2"]


def test_1_diagonal_squares_do_not_count():
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"])
    refused(state, {**TAKE, "square": "C3"}, R_PLACE, "斜めは不可")


def test_1_a_square_away_from_the_die_of_that_colour_is_refused_even_next_to_other_dice():
    # the blue die stands on B3 next to B4, but the card is red: only the red die's card counts
    state = main_state({"B2": "@", "B3": "J-B2"}, {"red": ("B2", 3, 2), "blue": ("B3", 1, 2)}, field=["J-R1"])
    assert "B4" not in squares(state)
    refused(state, {**TAKE, "square": "B4"}, R_PLACE, "not next to")


# -- 1: 縦４マス、横４マスの範囲を飛び出すようには配置できません ------------------------------------------

def test_1_a_die_in_the_corner_leaves_two_squares_inside_the_album():
    state = main_state({"A1": "@"}, {"red": ("A1", 3, 2)}, field=["J-R1"])
    assert squares(state) == ["A2", "B1"]
    refused(state, {**TAKE, "square": "A0"}, R_PLACE, "off the album")
    refused(state, {**TAKE, "square": "E1"}, R_PLACE, "off the album")


# -- 1: 隣接マスが全て埋まっていたり…捨て札にして、その空いたマスに配置 ---------------------------------

def test_1_with_no_empty_neighbour_a_neighbour_without_a_die_is_discarded_and_replaced():
    album = {"B2": "@", "B1": "J-B1", "A2": "J-G1", "C2": "J-Y1", "B3": "J-B2"}
    state = main_state(album, {"red": ("B2", 3, 2), "blue": ("B1", 1, 2)}, field=["J-R1"])
    assert squares(state) == ["A2", "B3", "C2"]
    after = step(state, {**TAKE, "square": "A2"})
    assert after["albums"]["p1"]["A2"] == "J-R1"
    assert after["discard"] == ["J-G1"]
    assert "J-G1" not in after["albums"]["p1"].values()


def test_1_a_card_carrying_a_die_is_never_discarded():
    album = {"B2": "@", "B1": "J-B1", "A2": "J-G1", "C2": "J-Y1", "B3": "J-B2"}
    state = main_state(album, {"red": ("B2", 3, 2), "blue": ("B1", 1, 2)}, field=["J-R1"])
    refused(state, {**TAKE, "square": "B1"}, R_PLACE, "carries a die")


def test_1_no_card_is_discarded_while_a_neighbour_is_empty():
    album = {"B2": "@", "B1": "J-B1", "A2": "J-G1", "C2": "J-Y1"}
    state = main_state(album, {"red": ("B2", 3, 2)}, field=["J-R1"])
    assert squares(state) == ["B3"]
    refused(state, {**TAKE, "square": "A2"}, R_PLACE, "only when no adjacent square is empty")


def test_1_the_character_card_without_a_die_may_be_replaced_like_any_card():
    album = {"A1": "@", "B1": "J-R2", "A2": "J-B2", "C1": "J-G2", "B2": "J-Y2"}
    dice = {"red": ("B1", 3, 2), "blue": ("A2", 1, 2), "green": ("C1", 1, 2), "yellow": ("B2", 1, 2)}
    state = main_state(album, dice, field=["J-R1"])
    assert squares(state) == ["A1"]
    after = step(state, {**TAKE, "square": "A1"})
    assert after["discard"] == [state["characters"]["p1"]]
    assert "キャラクターカードも" in RULES.describe(state, {**TAKE, "square": "A1"}, after, "public")


# -- 1: どうしても配置不可能な場合…配置せず捨て札 -------------------------------------------------

def test_1_when_every_neighbour_carries_a_die_the_card_is_discarded_unplaced_and_no_die_moves():
    album = {"A1": "@", "B1": "J-B1", "A2": "J-G1"}
    dice = {"red": ("A1", 3, 2), "blue": ("B1", 1, 2), "green": ("A2", 1, 2)}
    state = main_state(album, dice, field=["J-R1"])
    assert squares(state) == ["-"]
    refused(state, {**TAKE, "square": "B1"}, R_PLACE, "cannot be placed")
    after = step(state, {**TAKE, "square": None})
    assert after["discard"] == ["J-R1"] and after["albums"]["p1"] == state["albums"]["p1"]
    assert after["dice"]["p1"] == state["dice"]["p1"]


def test_1_a_card_that_can_be_placed_may_not_be_discarded():
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"])
    refused(state, {**TAKE, "square": None}, R_PLACE, "can be placed")


# -- 2: 同色のサイコロを今配置したカードの上に「１面分だけ転がるよう」移動 ------------------------------------

def test_2_the_die_of_the_card_s_colour_rolls_one_face_onto_it():
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"])
    after = step(state, {**TAKE, "square": "B1"})
    assert after["dice"]["p1"]["red"] == {"square": "B1", "top": 5, "north": 3}  # rolled north
    assert after["dice"]["p1"]["blue"]["square"] == "B2"  # other colours stay
    line = RULES.describe(state, {**TAKE, "square": "B1"}, after, "public")
    assert "赤 3→5, north B2→B1" in line


def test_2_rolling_east_depends_on_the_die_s_handedness():
    state = main_state({"B2": "@"}, {"red": ("B2", 3, 2)}, field=["J-R1"])
    right = step(state, {**TAKE, "square": "C2"})["dice"]["p1"]["red"]
    left = step({**state, "handedness": "left"}, {**TAKE, "square": "C2"})["dice"]["p1"]["red"]
    assert (right["top"], left["top"]) == (6, 1)


# -- これはスキルによって配置する際も同じとなります ------------------------------------------------

def test_a_placement_by_a_skill_follows_the_same_rule():
    """宇宙飛行士 (extra_repeat from order square 1): one more リピート, placed by 配置ルール."""
    from .helpers import first_turn
    state = play_until(first_turn(3), lambda s: s["phase"] == "order")
    seat = state["orderer"]
    state["skills"][seat].append("DR08")
    state = run(state, {"type": "order", "seat": seat, "slot": 1})
    while state["phase"] == "order":
        state = run(state, RULES.legal(state, state["orderer"])[0])
    assert state["active"] == seat and state["repeats"] == 2
    state = run(state, RULES.legal(state, seat)[0])               # take
    state = run(state, {"type": "draw", "seat": seat})             # リピート 1
    state = run(state, RULES.legal(state, seat)[0])               # place
    assert state["turn_step"] == "draw", "the skill's second リピート"
    state = run(state, {"type": "draw", "seat": seat})
    allowed = squares(state, seat)
    wrong = next(sq for sq in ("A1", "A4", "D1", "D4", "B3") if sq not in allowed)
    refused(state, {"type": "place", "seat": seat, "square": wrong}, R_PLACE)
    assert state["turn_step"] == "place"
