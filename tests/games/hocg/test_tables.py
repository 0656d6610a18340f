"""The three tables: an observed recorder leaves unseen cards unknown (tokens), names them
when they are revealed, and is refused only what is impossible."""
from __future__ import annotations

import copy

import pytest

from kifu.replays import canon, engine
from kifu.replays.errors import RuleViolation
from kifu.replays.kit import is_token

from .helpers import (AKARI_D, AKARI_DU, GREEN, LETTER, MEMO, P1_HAND, RED, RULES, SNOWMAN, WHITE, YUKI_1, YUKI_D,
                      YUKI_DU, c, deal, ready, step)
from .test_starters import IRYS, R  # noqa: F401 - R: the FIXTURE set with the starter decks


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


# -- a physical table never asks for a card nobody saw (コラボ: the deck top face down) ----------

def _p1_main():
    """A physical table, p1's first main phase (centre 雪見ユキ Debut, back 雪見ユキ)."""
    return step(ready(), c("p1", "choose", choice="center"))


COLLAB = c("p1", "collab", back="back0")


def test_a_collab_at_a_physical_table_puts_an_unknown_card_to_holopower_without_asking():
    s = _p1_main()
    assert RULES.needs(s, COLLAB) is None
    assert [x for x in RULES.legal(s, "p1") if x["type"] == "collab"] == [COLLAB]
    s = step(s, COLLAB)
    [token] = s["players"]["p1"]["holopower"]
    assert is_token(token) and s["chance"] == []
    assert RULES.view(s, "omniscient")["unknown"][token]["how"] == "holopower"
    assert RULES.view(s, "p1")["players"]["p1"]["holopower"] == 1


def test_a_physical_collab_that_names_the_face_down_card_is_refused_citing_the_record_format():
    with pytest.raises(RuleViolation, match=r"nobody sees \(holopower\).*docs/record-format.md"):
        step(_p1_main(), COLLAB, SNOWMAN)


def _drawn_later(card):
    """After the collab: p1 ends its turn, p2 plays its turn, p1 draws ``card`` (and a green cheer)."""
    s = step(step(_p1_main(), COLLAB), c("p1", "end_turn"), MEMO, RED)
    s = step(s, c("p2", "choose", choice="center"))
    return step(s, c("p2", "end_turn"), card, GREEN)


def test_the_only_copy_may_still_be_drawn_later_the_face_down_card_was_another():
    s = _drawn_later(SNOWMAN)  # p1's deck list has one 雪だるま: had it been guessed for ホロパワー, refused
    assert SNOWMAN in s["players"]["p1"]["hand"]
    [token] = s["players"]["p1"]["holopower"]
    assert is_token(token) and SNOWMAN not in RULES.view(s, "omniscient")["piles"]["deck/p1"]["unseen"]


def test_the_holopower_card_paid_for_an_oshi_skill_is_named_then_and_refused_if_impossible():
    s = _drawn_later(SNOWMAN)
    s = step(s, c("p1", "choose", choice="center"))  # p1's cheer to its centre: main phase
    need = RULES.needs(s, c("p1", "oshi_skill", skill="oshi"))
    assert need.name == "holopower" and need.visible == "all" and SNOWMAN not in need.options
    with pytest.raises(RuleViolation, match="not possible"):
        step(s, c("p1", "oshi_skill", skill="oshi"), SNOWMAN)  # the only copy is in p1's hand
    [token] = s["players"]["p1"]["holopower"]
    s = step(s, c("p1", "oshi_skill", skill="oshi"), LETTER)
    assert s["players"]["p1"]["archive"] == [LETTER] and s["players"]["p1"]["holopower"] == []
    assert {"token": token, "card": LETTER} in [{k: r[k] for k in ("token", "card")}
                                                 for r in RULES.view(s, "public")["revealed"]]


def test_a_holopower_card_looked_at_by_its_owner_is_named_to_its_owner_only(R):
    """hSD01-007 IRyS「HOPE」: the collab's face-down card is looked at by p1 alone (the
    physical table states it then); p1 takes the other one, so nobody else learns it."""
    s = copy.deepcopy(_p1_main())
    s["players"]["p1"]["back"][0]["card"] = IRYS
    s["players"]["p1"]["holopower"] = [LETTER]
    s = engine.step(R, s, {**COLLAB, "outcomes": [MEMO]})  # not the deck top: the look
    s = engine.step(R, s, c("p1", "choose", choice=LETTER))
    assert s["players"]["p1"]["holopower"] == [MEMO]
    assert [r["card"] for r in R.view(s, "p1")["revealed"]] == [MEMO]
    for other in ("p2", "public"):
        assert R.view(s, other)["revealed"] == [] and MEMO not in canon.dumps(R.view(s, other))
