"""The three tables: an observed recorder leaves unseen cards unknown (tokens), names them
when they are revealed, and is refused only what is impossible."""
from __future__ import annotations

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import is_token

from .helpers import (AKARI_D, AKARI_DU, LETTER, P1_HAND, RULES, WHITE, YUKI_1, YUKI_D, YUKI_DU, c, deal, step)


def observed():
    """An observed table: p1's hand seen (hand camera on p1), p2's left unknown."""
    return deal(P1_HAND, [None] * 7, table="observed")


def test_unseen_cards_are_tokens_and_the_omniscient_view_knows_no_more():
    s = observed()
    hand = s["players"]["p2"]["hand"]
    assert all(is_token(i) for i in hand) and s["players"]["p1"]["hand"] == P1_HAND
    view = RULES.view(s, "omniscient")
    assert view["players"]["p2"]["hand"] == hand and set(view["unknown"]) == set(hand)


def test_a_hand_of_tokens_may_be_kept_and_its_placement_names_and_reveals_the_cards():
    s = step(observed(), c("p1", "keep"))
    assert {x["type"] for x in RULES.legal(s, "p2")} == {"keep", "mulligan"}
    s = step(step(s, c("p2", "keep")), c("p1", "place", center=YUKI_D, back=[YUKI_DU]))
    with pytest.raises(RuleViolation, match="does not hold"):
        step(s, c("p2", "place", center=YUKI_D))  # p2's deck has no 雪見ユキ
    s = step(s, c("p2", "place", center=AKARI_D, back=[AKARI_DU]), WHITE)
    assert s["players"]["p2"]["center"]["card"] == AKARI_D and len(s["players"]["p2"]["hand"]) == 5
    revealed = RULES.view(s, "public")["revealed"]
    assert {r["card"] for r in revealed} == {AKARI_D, AKARI_DU} and all(r["how"] == "place" for r in revealed)


def test_an_unseen_draw_and_an_unseen_holopower_card_stay_unknown_until_shown():
    s = step(step(observed(), c("p1", "keep")), c("p2", "keep"))
    s = step(s, c("p1", "place", center=YUKI_D, back=[YUKI_DU]))
    s = step(s, c("p2", "place", center=AKARI_D), WHITE)
    s = step(s, c("p1", "choose", choice="center"))
    s = step(s, c("p1", "collab", back="back0"), None)  # the deck top to ホロパワー, face down: unseen
    token = s["players"]["p1"]["holopower"][0]
    assert is_token(token)
    s = step(s, c("p1", "oshi_skill", skill="oshi"), LETTER)  # paid: turned face up, so named
    assert s["players"]["p1"]["archive"] == [LETTER]
    with pytest.raises(RuleViolation):
        before = step(step(step(observed(), c("p1", "keep")), c("p2", "keep")),
                      c("p1", "place", center=YUKI_D, back=[YUKI_DU]))
        step(before, c("p2", "place", center=AKARI_D), None)  # a cheer turned face up is always seen
    assert YUKI_1 in P1_HAND


def test_a_digital_table_refuses_stated_outcomes():
    s = RULES.setup(RULES.options_schema.load({"first_player": "p1"}), "d", 2)
    with pytest.raises(RuleViolation, match="digital"):
        RULES.check(s, {"type": "mulligan", "seat": "p1", "outcomes": [YUKI_D]})
