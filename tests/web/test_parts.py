"""Forms of parts (``kifu.web.parts``) and the pickers' reasons (``kifu.web.pickers``):
what a form offers, what it composes from a post, and why a card cannot be drawn."""
from __future__ import annotations

import doctest
import json

import pytest

from kifu.web import parts, pickers


def items(commands):
    return [{"command": c, "label": f"{c['seat']}: {json.dumps(c, ensure_ascii=False)}", "needs": None}
            for c in commands]


def test_the_doctests_run():
    assert doctest.testmod(parts).failed == 0 and doctest.testmod(pickers).failed == 0


def test_a_parameter_some_commands_leave_out_is_a_part_with_none():
    cmds = [{"type": "support", "seat": "p1", "card": c, **({"target": t} if t else {})}
            for c, t in [("a", None), ("b", "center"), ("b", "back0"), ("c", "center")]]
    form = parts.build(items(cmds), None)
    kinds = form.kinds
    assert kinds == {"card": "one", "target": "one"}
    assert [o.value for o in form.parts[1].options][-1] == parts.ABSENT
    assert parts.compose(form.base, kinds, {"p.card": ['"a"'], "p.target": [parts.ABSENT]}) == \
        {"type": "support", "seat": "p1", "card": "a"}
    # what every combination posts composes back to exactly that command
    assert [parts.compose(form.base, kinds, {f"p.{k}": v if isinstance(v, list) else [v]
                                             for k, v in row["parts"].items()}) for row in form.legal] == cmds


def test_a_list_with_a_whole_value_beside_it_is_ticked_or_taken_alone():
    cmds = [{"type": "choose", "seat": "p2", "choice": "done"},
            *({"type": "choose", "seat": "p2", "choice": [a, b]} for a in range(4) for b in range(a + 1, 4))]
    form = parts.build(items(cmds), None)
    assert form.kinds == {"choice": "many"}
    values = [o.value for o in form.parts[0].options]
    assert values[:4] == ["0", "1", "2", "3"] and json.loads(values[-1]) == {parts.ALT: "done"}
    assert parts.compose(form.base, form.kinds, {"p.choice": ["2", "0"]})["choice"] == [2, 0]
    assert parts.compose(form.base, form.kinds, {"p.choice": [values[-1]]})["choice"] == "done"
    with pytest.raises(ValueError, match="stands alone"):
        parts.compose(form.base, form.kinds, {"p.choice": [values[-1], "1"]})


def test_the_same_elements_in_another_order_make_the_list_one_value():
    cmds = [{"type": "order", "seat": "p1", "dice": d} for d in ([1, 2], [2, 1], [1, 3], [3, 1])] * 4
    form = parts.build(items(cmds), None)
    assert form.kinds == {"dice": "one"}


def test_a_damaged_form_is_refused():
    for raw in ("", "[]", '{"base": {}, "kinds": {"a": "all"}}', "x" * 5000):
        with pytest.raises(ValueError):
            parts.read_spec(raw)


def test_an_impossible_card_says_where_its_copies_are_and_whose_draw_it_is():
    class CS:
        cards = {"a": {"id": "a", "name": "炎堂アカリ", "number": "X-1"}, "b": {"id": "b", "name": "B"},
                 "c": {"id": "c", "name": "C"}}

        def name(self, c):
            return self.cards[c]["name"]

    state = {"players": {"p1": {"hand": ["a", "b"], "archive": ["a"], "center": {"card": "a", "cheer": []}},
                         "p2": {"hand": ["a"]}},
             "zones": {"piles": {"deck/p1": {"unseen": {"b": 2, "c": 1}, "top": []},
                                 "deck/p2": {"unseen": {"a": 3}, "top": []}}}}
    needs = {"options": ["b", "c"], "visible": []}
    assert pickers.whose(state, needs) == "p1"  # the pile it is drawn from
    assert pickers.whose(state, {"options": ["b"], "visible": ["p2"]}) == "p2"  # the one seat that sees it
    registered = {"deck/p1": {"a": 3, "b": 3, "c": 1}, "deck/p2": {"a": 4}}
    gone = pickers.impossible(CS(), state, needs, "p1", registered=registered)
    assert [(i.card, i.reason) for i in gone] == [("a", "all 3 copies registered are seen: p1 hand, p1 archive, p1 center")]
    assert "x-1" in gone[0].search
    # a copy not seen anywhere left the pile face down; a card never registered is no row
    registered = {"deck/p1": {"a": 4, "b": 3, "c": 1, "zz": 1}}
    gone = pickers.impossible(CS(), state, needs, "p1", registered=registered)
    assert [i.card for i in gone] == ["a"] and gone[0].reason.startswith("4 registered, 3 seen: ")
