"""The same game at a physical and an observed table (DESIGN.md, "Chance and knowledge")."""
import pytest

from kifu.replays.games.rolling_stone.state import R_FINAL, R_SETUP, R_STAGE
from kifu.replays.kit import ImpossibleOutcome, OutcomeNeeded

from .helpers import CS, RULES, play_until, refused, setup, step

DREAMS = sorted(c for c, card in CS.cards.items() if card["kind"] == "dream")


def test_a_physical_deal_states_every_dream_card_and_refuses_an_impossible_one():
    with pytest.raises(OutcomeNeeded) as need:
        setup(3, table="physical", deal=DREAMS[:5])
    assert need.value.index == 5 and need.value.event.name == "deal_dream"
    with pytest.raises(ImpossibleOutcome):
        setup(3, table="physical", deal=["J-R1", *DREAMS[:11]])          # not a dream card
    with pytest.raises(ImpossibleOutcome):
        setup(3, table="physical", deal=[DREAMS[0], DREAMS[0], *DREAMS[2:12]])  # only one copy
    state = setup(3, table="physical", deal=DREAMS[:12])
    assert state["hands"]["p1"] == [DREAMS[0], DREAMS[3], DREAMS[6], DREAMS[9]]  # one at a time from p1


def test_a_face_up_card_is_always_named_even_at_an_observed_table():
    state = play_until(setup(3, table="observed", deal=[None] * 12), lambda s: s["phase"] == "field")
    draw = {"type": "draw", "seat": state["marker"]}
    with pytest.raises(ImpossibleOutcome):
        RULES.check(state, {**draw, "outcomes": [None]})
    with pytest.raises(ImpossibleOutcome):
        RULES.check(state, {**draw, "outcomes": ["S-R1"]})  # a シニア card is not in the ジュニア deck
    assert step(state, {**draw, "outcomes": ["J-G2"]})["field"] == ["J-G2"]


def _observed():
    return setup(3, table="observed", deal=[None] * 12)


def test_an_observed_deal_leaves_unknown_tokens_in_the_hands():
    state = _observed()
    assert state["hands"]["p1"] == ["?1", "?4", "?7", "?10"]
    view = RULES.view(state, "p1")
    assert view["seats"]["p1"]["hand"] == ["?1", "?4", "?7", "?10"] and view["seats"]["p2"]["hand"] is None
    assert list(view["unknown"]) == ["?1", "?4", "?7", "?10"]
    assert {u["how"] for u in view["unknown"].values()} == {"配布"}
    passes = [c["card"] for c in RULES.legal(state, "p1")]
    assert passes == [*DREAMS, "?1"]  # any card it may be, or "one I did not see"


def test_an_unseen_card_passes_as_a_token_and_a_named_one_is_revealed_for_everyone_after():
    state = _observed()
    state = step(state, {"type": "pass_dream", "seat": "p1", "card": "?4"})
    state = step(state, {"type": "pass_dream", "seat": "p2", "card": "DR03"})
    refused(state, {"type": "pass_dream", "seat": "p3", "card": "DR03"}, R_SETUP, "not in p3's hand")
    state = step(state, {"type": "pass_dream", "seat": "p3", "card": "?3"})
    assert "?4" in state["hands"]["p2"] and "DR03" in state["hands"]["p3"] and "?3" in state["hands"]["p1"]
    assert [r["card"] for r in RULES.view(state, "p3")["revealed"]] == ["DR03"]
    assert RULES.view(state, "p1")["revealed"] == []


def test_a_skill_names_its_card_and_the_last_dream_card_is_named_before_the_final_scoring():
    state = play_until(_observed(), lambda s: s["phase"] in ("reveal", "over"))
    assert state["phase"] == "reveal"
    waiting = RULES.to_act(state)
    assert waiting and all(any(i.startswith("?") for i in state["hands"][s]) for s in waiting)
    seat = waiting[0]
    skill = state["skills"][seat][0]
    refused(state, {"type": "reveal_dream", "seat": seat, "card": skill}, R_FINAL, "cannot be")
    options = [c["card"] for c in RULES.legal(state, seat)]
    assert options and skill not in options
    for seat in waiting:
        state = step(state, RULES.legal(state, seat)[0])
    assert state["phase"] == "over" and RULES.outcome(state) is not None
    assert all(not i.startswith("?") for s in state["seats"] for i in state["hands"][s])


def test_a_skill_set_reveals_the_token_it_was():
    state = play_until(_observed(), lambda s: s["phase"] == "skill")
    hand = state["hands"]["p2"]
    token = next(i for i in hand if i.startswith("?"))
    card = next(c for c in RULES.context(state, CS).zones.possible(token) if c not in hand)
    after = step(state, {"type": "set_skill", "seat": "p2", "card": card})
    assert after["choices"]["p2"] == card
    assert any(r["card"] == card and r["how"] == "skill" for r in after["zones"]["revealed"])
    refused(after, {"type": "set_skill", "seat": "p1", "card": card}, R_STAGE, "not in p1's hand")
