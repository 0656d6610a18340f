"""対戦用具 and ゲームの準備: deck lists, the deal, the life, mulligans, the face-down placement."""
from __future__ import annotations

import pytest

from kifu.replays.errors import RuleViolation

from .helpers import (AKARI_D, AKARI_DU, CS, DECKS, DICE, HANA, LETTER, LUKA_OSHI, MANAGER, MEMO, MIC, P1_HAND, P2_HAND,
                      RULES, WHITE, YUKI_1, YUKI_D, YUKI_DU, YUKI_OSHI, c, deal, legal, options, ready, step)

NO_DEBUT = [YUKI_1, MANAGER, LETTER, MIC, DICE, MEMO, MANAGER]


def _setup(p1: dict, p2: dict | None = None) -> dict:
    return RULES.setup(options(decks={"p1": p1, "p2": p2 or DECKS[1]}), "s", 2)


# ------------------------------------------------------------------ 対戦用具

def test_given_a_bad_deck_list_when_set_up_then_every_problem_of_both_seats_is_named():
    bad = {"oshi": YUKI_D, "deck": DECKS[0]["deck"][:49] + [WHITE] + [YUKI_D] * 2,
           "cheer": DECKS[0]["cheer"][:19] + [MANAGER]}
    worse = {**DECKS[1], "deck": DECKS[1]["deck"][:49] + ["no-such"]}
    with pytest.raises(RuleViolation) as err:
        _setup(bad, worse)
    text = str(err.value)
    assert err.value.rule == "対戦用具"
    for part in ("p1: 'FX01-001_C' (雪見ユキ) is not an 推しホロメン", "p1: the deck has 52 cards",
                 "only holomem and support cards go in the deck: FX00-C01_C",
                 "more than 4 copies of one card number: FX01-001 ×6",
                 "the cheer deck holds only エール: FX00-001_C", "p2: not cards of this card set: no-such"):
        assert part in text, part


def test_given_a_list_without_its_oshi_when_set_up_then_its_other_problems_are_named_too():
    # issue 19 defect 8: 49 cards, five of one card and no oshi gave one message (the missing oshi)
    no_oshi = {"deck": [MANAGER] * 5 + DECKS[0]["deck"][:44], "cheer": DECKS[0]["cheer"]}
    with pytest.raises(RuleViolation) as err:
        RULES.setup({"first_player": "p1", "decks": {"p1": no_oshi, "p2": DECKS[1]}}, "s", 2)
    text = str(err.value)
    for part in ("p1: no 推しホロメン", "p1: the deck has 49 cards; it must have 50",
                 "more than 4 copies of one card number: FX00-001 ×"):
        assert part in text, part


def test_copies_count_by_card_number_and_an_unlimited_card_has_no_limit():
    deck = list(DECKS[0]["deck"])
    assert deck.count(YUKI_DU) == 10 and deck.count(YUKI_D) == 4  # same name, different numbers: fine
    fifth = deck[:]
    fifth[fifth.index(YUKI_DU)] = YUKI_D
    with pytest.raises(RuleViolation, match="FX01-001 ×5"):
        _setup({**DECKS[0], "deck": fifth})


def test_a_deck_registers_each_seats_oshi_and_the_life_is_the_oshis_life_value():
    luka = {**DECKS[0], "oshi": LUKA_OSHI}
    s = _setup(luka)
    assert s["players"]["p1"]["life"] == 6 and s["players"]["p2"]["life"] == 5
    view = RULES.view(s, "p1")
    assert view["players"]["p1"]["cheer_deck_count"] == 14 and view["players"]["p2"]["cheer_deck_count"] == 15


# ------------------------------------------------------------------ ゲームの準備

def test_setup_deals_seven_each_from_shuffled_piles_and_nobody_sees_the_life():
    s = RULES.setup(options(first="seed"), "deal", 2)
    assert s["first"] in ("p1", "p2") and s["phase"] == "mulligan" and s["active"] == s["first"]
    for seat in ("p1", "p2"):
        assert len(s["players"][seat]["hand"]) == 7
        assert s["zones"]["piles"][f"deck/{seat}"]["size"] == 43
        assert s["zones"]["piles"][f"cheer/{seat}"]["size"] == 20  # the life is a count over this pile
    own = RULES.view(s, "p1")["players"]["p1"]
    assert own["life"] == 5 and isinstance(own["life"], int)
    assert "life_cards" not in own and not any("life" in k for k in RULES.view(s, "omniscient")["players"]["p1"]
                                               if k != "life")


def test_physical_setup_states_the_seven_cards_and_refuses_an_impossible_one():
    s = deal(P1_HAND, P2_HAND)
    assert s["players"]["p1"]["hand"] == P1_HAND and s["players"]["p2"]["hand"] == P2_HAND
    with pytest.raises(RuleViolation, match="not possible"):
        deal([YUKI_OSHI] + P1_HAND[1:], P2_HAND)


def test_the_first_player_decides_first_and_keep_needs_a_debut():
    s = deal(P1_HAND, P2_HAND)
    with pytest.raises(RuleViolation, match="p1's decision"):
        step(s, c("p2", "keep"))
    no_debut = NO_DEBUT
    s = deal(no_debut, P2_HAND)
    assert {x["type"] for x in legal(s, "p1")} == {"mulligan"}
    with pytest.raises(RuleViolation, match="必ず引き直す"):
        step(s, c("p1", "keep"))


def test_the_free_redraw_is_seven_then_a_hand_without_debut_is_shown_and_shrinks_until_it_loses():
    no_debut = NO_DEBUT
    s = deal(P1_HAND, P2_HAND)
    s = step(s, c("p1", "mulligan"), *no_debut)  # free: any hand, seven again
    assert s["players"]["p1"]["hand"] == no_debut and s["players"]["p1"]["mulligan"]["redraws"] == 1
    assert {x["type"] for x in legal(s, "p1")} == {"mulligan"}
    s = step(s, c("p1", "mulligan"), *no_debut[:6])  # forced: shown, six
    assert len(s["players"]["p1"]["hand"]) == 6
    assert any(e["kind"] == "shown_hand" and e["cards"] == no_debut for e in s["events"])
    for size in (5, 4, 3, 2, 1):
        s = step(s, c("p1", "mulligan"), *no_debut[:size])
    assert len(s["players"]["p1"]["hand"]) == 1
    s = step(s, c("p1", "mulligan"))
    assert RULES.outcome(s).winners == ("p2",) and "Debut" in RULES.outcome(s).reason


def test_after_the_free_redraw_a_hand_with_a_debut_must_be_kept():
    s = step(deal(P1_HAND, P2_HAND), c("p1", "mulligan"), *P1_HAND)
    with pytest.raises(RuleViolation, match="一度だけ"):
        step(s, c("p1", "mulligan"))


def test_placement_is_face_down_until_the_second_player_places_and_starts_turn_one():
    s = step(step(deal(P1_HAND, P2_HAND), c("p1", "keep")), c("p2", "keep"))
    assert s["phase"] == "place" and s["active"] == "p1"
    with pytest.raises(RuleViolation, match="Debut"):
        step(s, c("p1", "place", center=YUKI_1))
    cmd = c("p1", "place", center=YUKI_D, back=[YUKI_DU])
    placed = step(s, cmd)
    seen = RULES.view(placed, "p2")["players"]["p1"]["stage"]
    assert seen["center"]["card"] is None and seen["back"][0]["face_down"]
    assert YUKI_D not in RULES.view(placed, "p2")["cards"]
    assert RULES.redact(s, cmd, placed, "p2")["center"] is None
    assert RULES.redact(s, cmd, placed, "p1")["center"] == YUKI_D
    assert "裏向きで配置" in RULES.describe(s, cmd, placed, "public")
    started = step(placed, c("p2", "place", center=AKARI_D, back=[AKARI_DU]), WHITE)
    assert started["turn"] == 1 and started["active"] == "p1"
    assert RULES.view(started, "p2")["players"]["p1"]["stage"]["center"]["card"] == YUKI_D


def test_a_spot_holomem_may_go_to_the_back_but_never_to_the_centre():
    hand = [YUKI_D, HANA, YUKI_DU, MANAGER, MIC, LETTER, MEMO]
    s = step(step(deal(hand, P2_HAND), c("p1", "keep")), c("p2", "keep"))
    with pytest.raises(RuleViolation):
        step(s, c("p1", "place", center=HANA))
    s = step(s, c("p1", "place", center=YUKI_D, back=[HANA, YUKI_DU]))
    assert [h["card"] for h in s["players"]["p1"]["back"]] == [HANA, YUKI_DU]


def test_ready_reaches_the_first_players_main_phase():
    s = step(ready(), c("p1", "choose", choice="center"))
    assert s["phase"] == "main" and s["players"]["p1"]["center"]["cheer"] == [WHITE]
    assert len(s["players"]["p1"]["hand"]) == 5  # no draw on the first player's first turn
    assert CS.name(YUKI_OSHI) == "雪見ユキ"
