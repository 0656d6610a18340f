"""Shapes: arrows and highlights on a board, Lichess-style, per step and per note.

A shape names board anchors: the ``data-anchor`` a board template puts on a card, zone
or seat (``web/static/review.js`` also derives one from a board's ``data-testid``s, so
every game's board can be drawn on). An anchor is a short path like ``hand-p1/card/2``
or ``seat-p3``; the server checks its form only (boards are rendered by the web layer).

- an arrow: ``{"kind": "arrow", "from": A, "to": B, "color": C}`` (A != B);
- a highlight: ``{"kind": "highlight", "at": A, "color": C}``.

A shape set belongs to (step, perspective, note): the board it was drawn on, and the
note it illustrates (None: the step itself). Writing a set replaces the previous set
of that key; an empty set clears it.

>>> check_shapes([{"kind": "arrow", "from": "hand-p1/card/0", "to": "seat-p2", "color": "red"}])[0]["to"]
'seat-p2'
"""
from __future__ import annotations

import re
from typing import Any

from kifu.service.errors import BadRequest, Unprocessable

COLORS = ("green", "red", "blue", "yellow")
KINDS = ("arrow", "highlight")
MAX_SHAPES = 64
ANCHOR = re.compile(r"^[A-Za-z0-9_.:/-]{1,80}$")


def check_anchor(value: Any, where: str) -> str:
    if not isinstance(value, str) or not ANCHOR.fullmatch(value):  # not "a\n", which $ lets through
        raise BadRequest({"shapes": {where: ["an anchor: 1 to 80 of A-Z a-z 0-9 _ . : / -"]}})
    return value


def check_shape(shape: Any, i: int) -> dict[str, Any]:
    where = str(i)
    if not isinstance(shape, dict):
        raise BadRequest({"shapes": {where: ["a shape is an object"]}})
    kind, color = shape.get("kind"), shape.get("color", "green")
    if kind not in KINDS:
        raise BadRequest({"shapes": {where: [f"kind is one of {', '.join(KINDS)}"]}})
    if color not in COLORS:
        raise BadRequest({"shapes": {where: [f"color is one of {', '.join(COLORS)}"]}})
    fields = ("kind", "from", "to", "color") if kind == "arrow" else ("kind", "at", "color")
    extra = sorted(set(shape) - set(fields))
    if extra:
        raise BadRequest({"shapes": {where: [f"unknown field(s) {', '.join(extra)} in a {kind}"]}})
    if kind == "highlight":
        return {"kind": kind, "at": check_anchor(shape.get("at"), where), "color": color}
    start, end = check_anchor(shape.get("from"), where), check_anchor(shape.get("to"), where)
    if start == end:
        # a relation of two fields, which the OpenAPI document cannot state: 422, not 400
        raise Unprocessable({"shapes": {where: ["an arrow goes from one anchor to another (use a highlight)"]}})
    return {"kind": kind, "from": start, "to": end, "color": color}


def check_shapes(shapes: Any) -> list[dict[str, Any]]:
    """The shapes of one set, checked and normalised (duplicates dropped, order kept)."""
    if not isinstance(shapes, (list, tuple)) or len(shapes) > MAX_SHAPES:
        raise BadRequest({"shapes": [f"a list of at most {MAX_SHAPES} shapes"]})
    out: list[dict[str, Any]] = []
    for i, shape in enumerate(shapes):
        checked = check_shape(shape, i)
        if checked not in out:
            out.append(checked)
    return out
