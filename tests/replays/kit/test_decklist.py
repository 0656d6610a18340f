"""The kit's deck list text (``kifu.replays.kit.decklist``) on a toy form: no game knowledge."""
from __future__ import annotations

import pytest

from kifu.replays.kit.cardset import CardSet
from kifu.replays.kit.decklist import MAX_TEXT, Area, DeckForm, export, parse

CARDS = {i: {"id": i, "number": i.split("_")[0], "name": n, "kind": k} for i, n, k in [
    ("L-1_C", "Hero", "lead"), ("L-2_C", "Rival", "lead"), ("A-1_C", "Apple", "card"), ("A-1_P", "Apple", "card"),
    ("B-1_C", "Berry", "card"), ("B-2_C", "Berry", "card"), ("C-1_C", "Coin", "token")]}
CS = CardSet("toy", "toy-digest", CARDS, {}, {})
FORM = DeckForm(
    areas=(Area("lead", "Leader", "leader", ("leader", "リーダー"), size=1, fits=lambda c: c["kind"] == "lead",
                holds="only leaders"),
           Area("main", "Main Deck", "main", ("main", "main deck"), size=6, fits=lambda c: c["kind"] == "card",
                holds="only cards"),
           Area("bank", "Bank", "bank", ("bank",), fits=lambda c: c["kind"] == "token", copies=False)),
    build=lambda a: {"lead": a["lead"][0], "main": a["main"], "bank": a["bank"]},
    split=lambda v: {"lead": [v["lead"]], "main": v["main"], "bank": v["bank"]}, max_copies=3)


def lines(text):
    return [str(p) for p in parse(FORM, CS, text).problems]


def test_given_headings_counts_and_cards_by_id_number_and_name_then_the_value_is_built():
    got = parse(FORM, CS, "Leader\n1 L-1\nMain Deck\n3 A-1_P\n3 B-1\nBank\n9 Coin")
    assert got.ok and got.summary == "leader 1 / main 6 / bank 9"
    assert got.value == {"lead": "L-1_C", "main": ["A-1_P"] * 3 + ["B-1_C"] * 3, "bank": ["C-1_C"] * 9}


def test_a_number_stands_for_its_first_printing_and_a_printing_id_keeps_that_printing():
    assert parse(FORM, CS, "main\n3 A-1\n3 B-1\nleader\nL-1").value["main"][:3] == ["A-1_C"] * 3
    assert parse(FORM, CS, "main\n3 a-1_p\n3 B-1\nleader\nL-1").value["main"][:3] == ["A-1_P"] * 3


@pytest.mark.parametrize("line", ["3 A-1", "A-1 x3", "A-1 ×3", "3x A-1", "3 x A-1", "3X A-1", "３ Ａ-１", "A-1 x 3",
                                  "【Main】: 3 A-1"])
def test_each_way_of_writing_copies_reads_the_same(line):
    text = f"Leader\n1 L-1\nMain\n{line}\n3 B-1"
    assert parse(FORM, CS, text).value["main"] == ["A-1_C"] * 3 + ["B-1_C"] * 3


@pytest.mark.parametrize("heading", ["Main", "main deck", "【Main Deck】", "[MAIN]", "Main Deck (6)", "Main:", "ＭＡＩＮ"])
def test_a_heading_may_carry_brackets_a_colon_a_count_or_full_width_letters(heading):
    assert parse(FORM, CS, f"Leader: L-1\n{heading}\n3 A-1\n3 B-1").ok


def test_comments_and_blank_lines_are_skipped_and_line_numbers_count_them():
    text = "# my deck\n\nLeader\n1 L-1  # the hero\nMain\n3 A-1\n\n# berries\n4 B-1"
    assert lines(text) == ["line 5: Main Deck: 7 cards; it must have 6", "line 9: 4 copies of B-1 (Berry); at most 3"]


def test_lines_before_any_heading_go_to_the_one_area_their_card_fits():
    assert parse(FORM, CS, "1 L-1\n3 A-1\n3 B-1\n2 Coin").value["bank"] == ["C-1_C"] * 2


def test_every_problem_is_named_at_once_each_with_its_line():
    text = "Leader\n1 L-1\n1 Rival\nMain\n2 A-1\n2 A-1_P\nBerry\n1 Durian\n2 Coin\n???"
    assert lines(text) == [
        "line 1: Leader: 2 cards; it must have 1",
        "line 5: 4 copies of A-1 (Apple); at most 3 (also line 6)",
        "line 7: 'Berry' is the name of 2 cards: B-1 (Berry), B-2 (Berry); name one by its number",
        "line 8: unknown card 'Durian'",
        "line 9: C-1 (Coin) does not go in Main Deck (only cards); it goes in Bank",
        "line 10: unknown card '???'"]


def test_a_missing_single_card_area_is_named_without_a_line():
    assert lines("Main\n3 A-1\n3 B-1") == ["Leader: none; it must have 1"]


def test_an_unreadable_line_and_a_count_of_zero_are_problems():
    assert lines("Leader\nL-1\nMain\n3 A-1\n3 B-1\n0 B-1\nthree apples") == [
        "line 6: 0 copies of 'B-1': a count is 1 to 999",
        "line 7: cannot read 'three apples': write '<count> <card>' or a section heading"]


def test_a_list_too_long_to_read_is_one_problem():
    got = parse(FORM, CS, "x" * (MAX_TEXT + 1))
    assert not got.ok and str(got.problems[0]) == f"a deck list has at most {MAX_TEXT} characters"


def test_export_writes_text_that_reads_back_to_the_same_value():
    value = {"lead": "L-2_C", "main": ["A-1_P", "B-2_C", "A-1_P", "B-1_C", "B-1_C", "B-1_C"], "bank": []}
    text = export(FORM, CS, value)
    assert text.splitlines()[:4] == ["Leader", "1 L-2  # Rival", "Main Deck", "2 A-1_P  # Apple"]
    assert parse(FORM, CS, text).value == {**value, "main": sorted(value["main"], key=value["main"].index)}
