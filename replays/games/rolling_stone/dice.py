"""Dice as solids: a die on the 【アルバム】 is its top face and the face turned north.

Opposite faces sum to 7. Which way 1, 2 and 3 run round their common corner (the
die's *handedness*) is not fixed by "opposite faces sum to 7", yet it decides which face
comes up when a die rolls east or west: with 3 on top and 2 to the north, a right-handed
die shows 1 to the east and a left-handed one shows 6. kifu takes the **right-handed**
die (1, 2, 3 counterclockwise round their corner: with 1 on top and 2 towards you, 3 is
on your right), the arrangement of Western and Japanese commercial dice, which a
publisher's 16 dice will be; the match option ``handedness`` takes ``"left"`` for a
table whose dice are the mirror image.

North is the album's far edge (row 1), east is column D's side. Rolling one face
(「１面分だけ転がる」) tips the die over the edge on that side: rolling east, the top
goes to the east face and the west face comes up.

>>> die = {"top": 3, "north": 2}
>>> east(die)
1
>>> roll(die, "east")
{'top': 6, 'north': 2}
>>> roll(roll(roll(roll(die, "north"), "north"), "north"), "north") == die
True
>>> orientations(3)
[1, 2, 5, 6]
"""
from __future__ import annotations

from typing import Mapping

FACES = (1, 2, 3, 4, 5, 6)
HANDEDNESS = ("right", "left")
#: a right-handed die: the faces 1, 2, 3 on the x, y, z axes (x × y = z); 7 - k opposite k
_AXIS = {1: (1, 0, 0), 2: (0, 1, 0), 3: (0, 0, 1), 6: (-1, 0, 0), 5: (0, -1, 0), 4: (0, 0, -1)}
_FACE = {v: k for k, v in _AXIS.items()}
#: where a die lands, one square on: the direction the die rolls
STEP = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}


def opposite(face: int) -> int:
    return 7 - face


def east(die: Mapping[str, int], handedness: str = "right") -> int:
    """The face turned east, from the top and north faces and the die's handedness.

    The world's east, north and up are a right-handed frame (east = north × up), and a
    rotation keeps cross products, so on a right-handed die the east face is the one on
    the axis north × top; a left-handed die is its mirror image (the opposite face).
    """
    n, t = _AXIS[die["north"]], _AXIS[die["top"]]
    cross = (n[1] * t[2] - n[2] * t[1], n[2] * t[0] - n[0] * t[2], n[0] * t[1] - n[1] * t[0])
    face = _FACE[cross]
    return face if handedness == "right" else opposite(face)


def roll(die: Mapping[str, int], direction: str, handedness: str = "right") -> dict[str, int]:
    """The die after rolling one face towards ``direction``.

    >>> roll({"top": 1, "north": 2}, "south")
    {'top': 2, 'north': 6}
    """
    top, north = die["top"], die["north"]
    if direction == "north":  # the top tips north; the south face comes up
        return {"top": opposite(north), "north": top}
    if direction == "south":
        return {"top": north, "north": opposite(top)}
    if direction == "east":  # the top tips east; the west face comes up
        return {"top": opposite(east(die, handedness)), "north": north}
    if direction == "west":
        return {"top": east(die, handedness), "north": north}
    raise ValueError(f"no direction {direction!r}")


def orientations(top: int) -> list[int]:
    """The faces that may point north with ``top`` up: the four round its side."""
    return [f for f in FACES if f not in (top, opposite(top))]


def colour_of(die: str) -> str:
    """The colour of a die of an album: its id is the colour, and a second (third...) die
    of one colour, which a skill gives (``extra_die``), is ``"<colour><n>"``.

    >>> colour_of("red"), colour_of("red2")
    ('red', 'red')
    """
    return die.rstrip("0123456789")


def die_id(colour: str, n: int = 1) -> str:
    """The id of the ``n``-th die of ``colour`` (1: the one every player starts with)."""
    return colour if n == 1 else f"{colour}{n}"


def of_colour(dice: Mapping[str, Mapping], colour: str) -> list[str]:
    """The ids of the dice of ``colour`` in ``dice``, the first one first."""
    return sorted((d for d in dice if colour_of(d) == colour), key=lambda d: (len(d), d))


def direction(src: str, dst: str) -> str | None:
    """The direction from square ``src`` to the orthogonal neighbour ``dst`` (else None)."""
    dr, dc = int(dst[1:]) - int(src[1:]), ord(dst[0]) - ord(src[0])
    return next((d for d, step in STEP.items() if step == (dr, dc)), None)
