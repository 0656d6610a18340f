"""hOCG deck lists as text (対戦用具): the official recommended lists, every way players write
a line, and bad lists naming every problem with its line. The full card list is read from
``../shared/data/hocg/card_data.json`` as the game imports it (input only, never committed)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg.decklist import FORM
from kifu.replays.games.hocg.state import deck_problems
from kifu.replays.kit.decklist import export, parse

from .helpers import CS, DECKS, REAL_LIST

DECK_DIR = REAL_LIST.parent / "decks"
OFFICIAL = sorted(DECK_DIR.glob("*.txt")) if DECK_DIR.is_dir() else []
needs_list = pytest.mark.skipif(not REAL_LIST.exists() or not OFFICIAL,
                                reason="the official card list and decks (../shared/data/hocg/) are not here "
                                       "(input only, never committed)")
KANATA = DECK_DIR / "hbp01_001.txt"  # 推し hBP01-001, 12 hBP01-009 ... 20 hY01-001


@pytest.fixture(scope="module")
def real():
    return UNBOUND.load_cardset(json.loads(REAL_LIST.read_text(encoding="utf-8")))


def problems(cs, text):
    return [str(p) for p in parse(FORM, cs, text).problems]


@needs_list
def test_there_are_the_36_official_lists():
    assert len(OFFICIAL) == 36


@needs_list
@pytest.mark.parametrize("path", OFFICIAL, ids=lambda p: p.stem)
def test_given_an_official_list_when_parsed_then_it_is_a_legal_deck_the_game_sets_up(real, path):
    got = parse(FORM, real, path.read_text(encoding="utf-8"))
    assert got.ok, got.problems
    assert got.summary == "oshi 1 / main 50 / cheer 20"
    assert deck_problems(real, got.value) == []
    assert parse(FORM, real, export(FORM, real, got.value)).value == got.value  # and it exports back


@needs_list
def test_the_official_lists_set_up_a_match(real):
    lists = [parse(FORM, real, p.read_text(encoding="utf-8")).value for p in OFFICIAL[:2]]
    state = UNBOUND.bind(real).setup({"first_player": "p1", "decks": {"p1": lists[0], "p2": lists[1]}}, "s", 2)
    assert state["players"]["p1"]["oshi"] == lists[0]["oshi"]


# -- every way of writing a line: each rewrites the Kanata list and must read the same ------

def _rewrite(line_of):
    out = []
    for line in KANATA.read_text(encoding="utf-8").splitlines():
        head, _, rest = line.partition(" ")
        out.append(line_of(int(head), rest) if head.isdigit() else line)
    return "\n".join(out)


FORMATS = {
    "count card": lambda n, c: f"{n} {c}",
    "card xN": lambda n, c: f"{c} x{n}",
    "Nx card": lambda n, c: f"{n}x {c}",
    "N x card": lambda n, c: f"{n} x {c}",
    "card ×N": lambda n, c: f"{c} ×{n}",
    "full-width digits": lambda n, c: f"{str(n).translate(str.maketrans('0123456789', '０１２３４５６７８９'))} {c}",
    "comments and blank lines": lambda n, c: f"\n# {c}\n{n} {c}  # a note",
}


@needs_list
@pytest.mark.parametrize("name", FORMATS)
def test_each_line_format_reads_the_same_deck(real, name):
    expected = parse(FORM, real, KANATA.read_text(encoding="utf-8")).value
    assert parse(FORM, real, _rewrite(FORMATS[name])).value == expected


@needs_list
def test_english_headings_and_the_short_japanese_ones_read_the_same_deck(real):
    text = KANATA.read_text(encoding="utf-8")
    expected = parse(FORM, real, text).value
    for oshi, main, cheer in (("Oshi", "Main", "Cheer"), ("推し", "メイン", "エール"), ("【推しホロメン】", "Main Deck", "Cheer Deck")):
        again = text.replace("推しホロメン", oshi, 1).replace("メインデッキ", main).replace("エールデッキ", cheer)
        assert parse(FORM, real, again).value == expected, (oshi, main, cheer)


@needs_list
def test_a_card_by_printing_id_keeps_that_printing_and_a_number_is_its_first_printing(real):
    text = KANATA.read_text(encoding="utf-8")
    by_number = parse(FORM, real, text).value
    assert by_number["oshi"] == "hBP01-001_OSR" and by_number["deck"].count("hSD01-016_C") == 4
    again = parse(FORM, real, text.replace("4 hSD01-016", "2 hSD01-016_P_02\n2 hsd01-016_02_c")).value
    assert again["deck"].count("hSD01-016_P_02") == 2 and again["deck"].count("hSD01-016_02_C") == 2
    assert "line 17: 5 copies of hSD01-016 (春先のどか); at most 4 (also line 18)" in problems(
        real, text.replace("4 hSD01-016", "3 hSD01-016_P\n2 hSD01-016"))  # the printings of a number are one card


@needs_list
def test_a_card_by_a_unique_name_and_an_oshi_by_its_name_under_its_heading(real):
    text = KANATA.read_text(encoding="utf-8")
    expected = parse(FORM, real, text).value
    named = text.replace("4 hSD01-016", "4 春先のどか").replace("3 hSD01-017", "マネちゃん x3")
    assert parse(FORM, real, named).value == expected
    # 白エール is the name of several cheer numbers: which one, the error lists them
    assert problems(real, text.replace("20 hY01-001", "20x 白エール"))[-1].startswith(
        "line 23: '白エール' is the name of")
    # 天音かなた names three oshi and many holomem: under 推し only the oshi are candidates
    assert problems(real, named.replace("1 hBP01-001", "1 天音かなた")) == [
        "line 3: 推しホロメン: none; it must have 1",
        "line 4: '天音かなた' is the name of 3 cards: hBD24-040 (天音かなた 推しホロメン), hBP01-001 (天音かなた 推しホロメン), "
        "hSD08-001 (天音かなた 推しホロメン); name one by its number"]


# -- bad lists: every problem named at once, each with its line -----------------------------

@needs_list
def test_an_unknown_card_and_an_ambiguous_name_are_named_with_their_lines_and_candidates(real):
    text = KANATA.read_text(encoding="utf-8").replace("4 hSD01-016", "4 hSD01-999").replace("1 hSD01-018", "1 天音かなた")
    found = problems(real, text)
    assert "line 17: unknown card 'hSD01-999'" in found
    ambiguous = next(p for p in found if p.startswith("line 19: '天音かなた' is the name of"))
    assert "hBP01-009 (天音かなた Debut)" in ambiguous and "hBP01-012 (天音かなた 1st)" in ambiguous
    assert "line 5: メインデッキ: 45 cards; it must have 50" in found


@needs_list
def test_too_many_copies_and_a_card_in_the_wrong_section_are_named_with_their_lines(real):
    text = KANATA.read_text(encoding="utf-8").replace("3 hSD01-017", "3 hSD01-017\n2 hSD01-017\n1 hY01-001")
    found = problems(real, text)
    assert found[:3] == ["line 5: メインデッキ: 53 cards; it must have 50",
                         "line 18: 5 copies of hSD01-017 (マネちゃん); at most 4 (also line 19)",
                         "line 20: hY01-001 (白エール) does not go in メインデッキ (only ホロメン and サポート); "
                         "it goes in エールデッキ"]


def test_missing_oshi_with_other_problems_names_every_one(real=CS):
    # issue 19 defect 8: 49 cards, five of one support and no oshi — every problem, not the first
    text = "メインデッキ\n5 FX00-001\n44 FX01-002\nエールデッキ\n20 FX00-C01\n"
    assert problems(CS, text) == ["line 1: メインデッキ: 49 cards; it must have 50",
                                  "line 2: 5 copies of FX00-001 (マネージャーさん); at most 4",
                                  "推しホロメン: none; it must have 1"]


def test_the_fixture_demo_decks_export_and_read_back():
    for value in DECKS:
        text = export(FORM, CS, value)
        assert parse(FORM, CS, text).value == value
        assert text.startswith("推しホロメン\n1 FX0")
