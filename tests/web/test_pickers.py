"""Pickers: outcomes in card-set order with their printed names, search by name or number,
families of commands that differ only in the card they name."""
from __future__ import annotations

import json

from tests.web import toy
from web import pickers

CS = toy.BOUND.cardset


def test_outcomes_come_in_card_set_order_named_and_searchable_by_number_or_full_width():
    event = {"options": ["n10", "n2", "n1"], "unknown_ok": True}
    options = pickers.outcome_options(CS, event, observed=False)
    assert [o.label for o in options] == ["一", "二", "十"]
    assert [json.loads(o.value) for o in options] == ["n1", "n2", "n10"]
    assert [o.value for o in pickers.matching(options, "10")] == ['"n10"']
    assert [o.label for o in pickers.matching(options, "Ｎ２")] == ["二"]  # typed full-width
    assert [o.label for o in pickers.matching(options, "十")] == ["十"]


def test_unknown_only_at_an_observed_table_and_only_where_the_event_allows_it():
    event = {"options": ["n1"], "unknown_ok": True}
    assert pickers.outcome_options(CS, event, observed=True)[-1].value == "null"
    assert all(o.value != "null" for o in pickers.outcome_options(CS, event, observed=False))
    face_up = {"options": ["n1"], "unknown_ok": False}
    assert all(o.value != "null" for o in pickers.outcome_options(CS, face_up, observed=True))


def test_printed_names_the_service_gives_label_outcomes_that_are_not_cards():
    event = {"options": ["saniwa", "danshi"], "names": ["審神者", "刀剣男士"]}
    options = pickers.outcome_options(None, event, observed=False)
    assert {o.label: o.detail for o in options} == {"審神者": "saniwa", "刀剣男士": "danshi"}
    assert [o.label for o in pickers.matching(options, "審神")] == ["審神者"]
    dice = pickers.outcome_options(None, {"options": [6, 1, 3]}, observed=False)
    assert [o.label for o in dice] == ["1", "3", "6"]


def _items(cards, **rest):
    return [{"command": {"type": "play", "seat": "p1", "card": c, **rest},
             "json": json.dumps({"card": c}), "label": f"p1 plays {CS.name(c)}{' to ' + rest['to'] if rest else ''}"}
            for c in cards]


def test_many_commands_naming_one_card_each_fold_into_one_family_and_few_stay_buttons():
    many = _items([f"n{i}" for i in range(1, 10)])
    few = _items(["n1", "n2"], to="B")
    pass_ = [{"command": {"type": "pass", "seat": "p1"}, "json": "{}", "label": "pass"}]
    out = pickers.families(pass_ + many + few, CS.cards)
    assert out[0] is pass_[0] and out[2:] == few
    family = out[1]
    assert isinstance(family, pickers.Family) and family.field == "card" and len(family.items) == 9
    assert pickers.family_label(family) == "p1 plays …"
    options = pickers.family_options(CS, family)
    assert [o.label for o in pickers.matching(options, "9")] == ["p1 plays 九"]


def test_a_family_label_keeps_the_words_after_the_card():
    family = pickers.Family("k", "card", _items(["n1", "n2", "n3"], to="venue 2"))
    assert pickers.family_label(family) == "p1 plays … to venue 2"
