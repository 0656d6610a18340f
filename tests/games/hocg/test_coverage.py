"""The coverage tool (``python -m kifu.replays.games.hocg.coverage``): the list's printings and
card numbers fully automated, and each deck's cards with the hand-resolved texts left in it."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.replays.games.hocg import coverage

from .helpers import CS, DECKS, REAL_LIST

FIXTURE = Path(coverage.__file__).parent / "cardsets" / "fixture.json"
DECK = "# the demo deck of 雪見ユキ, as players paste it\n推しホロメン\n1 FX01-000\nメインデッキ\n{main}エールデッキ\n20 FX00-C01\n"


def fixture_deck() -> str:
    from collections import Counter
    counts = Counter(CS.cards[c]["number"] for c in DECKS[0]["deck"])
    return DECK.format(main="".join(f"{n} {number}\n" for number, n in sorted(counts.items())))


def test_given_the_fixture_set_and_a_deck_when_measured_then_it_counts_printings_numbers_and_the_deck(tmp_path, capsys):
    deck = tmp_path / "yuki.txt"
    deck.write_text(fixture_deck(), encoding="utf-8")
    coverage.main([str(FIXTURE), "--deck", str(deck), "--top", "3"])
    out = capsys.readouterr().out.splitlines()
    c = coverage.measure(CS.loaded["cards"])
    assert out[0] == (f"printings whose every ability is automated: {c.printings_automated}/{c.printings} "
                      f"({c.printings_automated / c.printings:.1%})")
    assert out[1].startswith(f"card numbers whose every printing is: {c.numbers_automated}/{c.numbers}")
    line = next(x for x in out if x.startswith("deck yuki.txt:"))
    # ふしぎなメモ (2 copies) is resolved by hand: the deck's other 69 cards run by themselves
    manual = [n for n, texts in c.manual.items() if texts]
    assert "FX00-006" in manual
    automated, total, left = coverage.deck_figure(c, coverage.deck_counts(CS, fixture_deck())[0])
    assert total == 71 and f"cards fully automated {automated}/71" in line
    assert any("FX00-006 ふしぎなメモ: 自分の手札1枚をアーカイブできる" in x for x in out)
    assert out[-1].startswith("decks: 1; cards fully automated over all of them")


def test_a_deck_that_cannot_be_read_is_reported_not_counted(tmp_path, capsys):
    deck = tmp_path / "bad.txt"
    deck.write_text("メインデッキ\n4 nothing\n", encoding="utf-8")
    coverage.main([str(FIXTURE), "--deck", str(deck)])
    out = capsys.readouterr().out
    assert "deck bad.txt: not read:" in out and "line 2: unknown card 'nothing'" in out and "decks:" not in out


@pytest.mark.skipif(not REAL_LIST.exists(), reason="the official card list ../shared/data/hocg/card_data.json is "
                                                   "not here (input only, never committed)")
def test_on_the_real_list_every_official_deck_is_read_and_measured(capsys):
    decks = sorted((REAL_LIST.parent / "decks").glob("*.txt"))
    coverage.main([str(REAL_LIST), "--deck", *map(str, decks), "--top", "0"])
    out = capsys.readouterr().out.splitlines()
    assert sum(1 for x in out if x.startswith("deck ") and "cards fully automated" in x) == len(decks)
    assert not [x for x in out if "not read" in x]
