"""Pickers: outcomes in card-set order with their printed names, search by name or number,
families of commands that differ only in the card they name."""
from __future__ import annotations

import json

from kifu.replays.kit import chance
from kifu.replays.kit.chance import OutcomeNeeded
from tests.web import toy
from kifu.web import pickers

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


# -- runs of draws from one pile (the multi-pick form) --------------------------------------

def _toy_state(draws: int, deck: list[str] | None = None):
    options = {"rounds": 1, "draws": draws, **({"deck": deck} if deck else {})}
    return toy.BOUND.setup(options, "seed", 2, table="physical", deal=["n1", "n3", "n2", "n4"])


def test_a_run_is_the_commands_consecutive_draws_from_one_pile_with_the_copies_left():
    deck = ["n1", "n1", "n1", "n2", "n2", "n3", "n4", "n5", "n5", "n6"]
    run = pickers.pile_run(toy.BOUND, _toy_state(3, deck), {"type": "draw", "seat": "p1"})
    assert run == pickers.Run(0, 3, {'"n1"': 2, '"n2"': 1, '"n5"': 2, '"n6"': 1})
    # after one stated card the run is the two draws left, from where it stands
    rest = pickers.pile_run(toy.BOUND, _toy_state(3, deck), {"type": "draw", "seat": "p1", "outcomes": ["n5"]})
    assert (rest.index, rest.size, rest.counts['"n5"']) == (1, 2, 1)  # one 五 drawn, one left
    # one draw is a run of one (the one-at-a-time picker); a complete or refused command has none
    assert pickers.pile_run(toy.BOUND, _toy_state(1), {"type": "draw", "seat": "p1"}).size == 1
    assert pickers.pile_run(toy.BOUND, _toy_state(1), {"type": "draw", "seat": "p1", "outcomes": ["n5"]}) is None
    assert pickers.pile_run(toy.BOUND, _toy_state(1), {"type": "draw", "seat": "p2"}) is None


def test_a_run_ends_where_the_next_event_is_not_the_same_pile_less_the_card_drawn():
    def Event(name, options, weights):  # noqa: N802 - the kit's Event, seen by p1
        return chance.Event(name, "R", options, weights, visible=("p1",))

    class Rules:  # two draws from one pile, then a die: a run of two
        def check(self, state, command):
            stated = command.get("outcomes") or []
            if not stated:
                raise OutcomeNeeded(Event("draw", ("a", "b"), (2, 1)), 0)
            if len(stated) == 1:
                raise OutcomeNeeded(Event("draw", ("a", "b"), (2 - (stated[0] == "a"), 1 - (stated[0] == "b"))), 1)
            if len(stated) == 2:
                raise OutcomeNeeded(Event("die", (1, 2, 3, 4, 5, 6), None), 2)

    assert pickers.pile_run(Rules(), {}, {"type": "x"}) == pickers.Run(0, 2, {'"a"': 2, '"b"': 1})


def test_picks_keep_the_clicked_order_only_when_it_holds_exactly_the_counted_copies():
    values, counts = ['"n1"', '"n5"', "null"], ["2", "", "1"]
    assert pickers.picks(values, counts, "") == ["n1", "n1", None]
    assert pickers.picks(values, counts, '[null, "n1", "n1"]') == [None, "n1", "n1"]
    assert pickers.picks(values, counts, '["n5", "n1", "n1"]') == ["n1", "n1", None]  # not those copies
    assert pickers.picks(values, counts, "not json") == ["n1", "n1", None]
    for bad in (["1", "-1", "0"], ["1", "x", "0"], ["61", "0", "0"]):
        try:
            pickers.picks(values, bad, "")
        except ValueError as exc:
            assert "whole number" in str(exc)
        else:
            raise AssertionError(bad)
