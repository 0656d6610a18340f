"""Dice as solids (``dice``): opposite faces sum to 7, a right-handed die, rolling one face."""
from hypothesis import given
from hypothesis import strategies as st

from kifu.replays.games.rolling_stone.dice import STEP, east, orientations, roll

DIRECTIONS = tuple(STEP)
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
dice = st.sampled_from([{"top": t, "north": n} for t in range(1, 7) for n in orientations(t)])


@given(die=dice, direction=st.sampled_from(DIRECTIONS), handedness=st.sampled_from(["right", "left"]))
def test_rolling_a_die_four_times_in_one_direction_returns_it_to_its_start(die, direction, handedness):
    turned = die
    seen = []
    for _ in range(4):
        turned = roll(turned, direction, handedness)
        seen.append(turned["top"])
    assert turned == die
    assert len(set(seen)) == 4  # four different faces came up on the way round


@given(die=dice, direction=st.sampled_from(DIRECTIONS), handedness=st.sampled_from(["right", "left"]))
def test_rolling_back_undoes_a_roll_and_opposite_faces_stay_opposite(die, direction, handedness):
    turned = roll(die, direction, handedness)
    assert roll(turned, OPPOSITE[direction], handedness) == die
    faces = {turned["top"], 7 - turned["top"], turned["north"], 7 - turned["north"],
             east(turned, handedness), 7 - east(turned, handedness)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_a_right_handed_die_has_3_on_the_right_with_1_up_and_2_towards_you():
    # facing north from the south edge: 2 towards you means 5 faces north; your right is east
    assert east({"top": 1, "north": 5}) == 3
    assert east({"top": 1, "north": 5}, "left") == 4


def test_each_direction_tips_the_top_that_way():
    die = {"top": 3, "north": 2}  # right-handed: east face 1, so west 6, south 5, bottom 4
    assert roll(die, "north") == {"top": 5, "north": 3}   # the south face comes up
    assert roll(die, "south") == {"top": 2, "north": 4}   # the north face comes up
    assert roll(die, "east") == {"top": 6, "north": 2}    # the west face comes up
    assert roll(die, "west") == {"top": 1, "north": 2}    # the east face comes up


def test_handedness_decides_east_and_west_rolls_only():
    die = {"top": 3, "north": 2}
    assert roll(die, "east", "right")["top"] != roll(die, "east", "left")["top"]
    assert roll(die, "north", "right") == roll(die, "north", "left")


def test_the_rolled_face_may_face_any_of_its_four_sides_north():
    assert orientations(1) == [2, 3, 4, 5]
    assert orientations(6) == [2, 3, 4, 5]
    assert orientations(4) == [1, 2, 5, 6]
