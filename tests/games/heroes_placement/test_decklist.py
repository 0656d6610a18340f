"""ヒロプレ deck lists as text (ゲームの準備/デッキ): the start leader and the 50-card deck."""
from __future__ import annotations

from kifu.replays.games.heroes_placement import RULES
from kifu.replays.games.heroes_placement.decklist import FORM
from kifu.replays.kit.decklist import export, parse

CS = next(cs for cs in RULES.demo_cardsets() if cs.id == RULES.default_cardset)
DEMO = CS.loaded["decks"]


def test_given_the_demo_decks_as_text_then_they_read_back_and_set_up_a_match():
    texts = {seat: export(FORM, CS, DEMO[seat]) for seat in ("p1", "p2")}
    decks = {seat: parse(FORM, CS, text).value for seat, text in texts.items()}
    assert decks == {seat: DEMO[seat] for seat in decks}
    assert texts["p1"].startswith("スタートリーダー\n1 HP-001  # 鷹司葵\nデッキ\n")
    RULES.bind(CS).setup({"janken": "p1", "decks": decks}, "s", 2)


def test_lines_before_a_heading_are_deck_cards_and_the_leader_counts_toward_the_copies():
    text = "Start leader: 鷹司葵\n" + "\n".join(f"HP-{n:03} x4" for n in range(4, 16)) + "\n2 HP-001"
    assert [str(p) for p in parse(FORM, CS, text).problems] == []
    worse = text.replace("2 HP-001", "4 HP-001")
    assert [str(p) for p in parse(FORM, CS, worse).problems] == [
        "line 1: 5 copies of HP-001 (鷹司葵); at most 4 (also line 14)",
        "デッキ: 52 cards; it must have 50"]


def test_a_leader_above_cost_one_is_in_the_wrong_section():
    found = [str(p) for p in parse(FORM, CS, "リーダー\n1 HP-004").problems]
    assert found[0] == ("line 2: HP-004 (石乃真希) does not go in スタートリーダー (only a character of cost 1 or "
                        "less); it goes in デッキ")
