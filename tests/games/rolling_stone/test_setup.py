"""ゲームの準備: the dream draft, the stage decks, the album (character and dice), the start player."""
import pytest

from kifu.replays.games.rolling_stone.state import R_SETUP
from kifu.replays.kit import ImpossibleOutcome, OutcomeNeeded

from .helpers import CS, RULES, drafted, play_until, refused, run, setup, stage_started, step


@pytest.mark.parametrize("players", [3, 4])
def test_four_dream_cards_each_and_the_rest_removed(players):
    state = setup(players)
    hands = state["hands"]
    assert all(len(h) == 4 for h in hands.values())
    dealt = [c for h in hands.values() for c in h]
    assert len(set(dealt)) == 4 * players
    assert state["zones"]["piles"]["dreams"]["size"] == 16 - 4 * players  # 取り除きます: never drawn again
    assert state["phase"] == "draft"


def test_every_stage_deck_is_its_own_shuffled_pile():
    state = setup(3)
    for stage in (1, 2, 3):
        pile = state["zones"]["piles"][f"stage{stage}"]
        assert pile["size"] == 24 and pile["top"] == [] and all(CS.card(c)["stage"] == stage for c in pile["unseen"])


def test_the_pass_is_chosen_by_everyone_at_once_and_hidden_until_all_have_chosen():
    state = setup(3)
    assert RULES.to_act(state) == ("p1", "p2", "p3")
    gift = state["hands"]["p2"][1]
    after = step(state, {"type": "pass_dream", "seat": "p2", "card": gift})
    assert RULES.to_act(after) == ("p1", "p3")
    for perspective in ("public", "p1", "p3"):
        view = RULES.view(after, perspective)
        assert view["seats"]["p2"]["choice"] == {"made": True, "card": None}
        assert gift not in str(view), perspective
        assert RULES.redact(state, {"type": "pass_dream", "seat": "p2", "card": gift}, after, perspective)["card"] is None
        assert gift not in RULES.describe(state, {"type": "pass_dream", "seat": "p2", "card": gift}, after, perspective)
    assert RULES.view(after, "p2")["seats"]["p2"]["choice"]["card"] == gift
    refused(after, {"type": "pass_dream", "seat": "p2", "card": after["hands"]["p2"][0]}, R_SETUP, "chosen already")


def test_when_all_have_chosen_each_card_goes_to_the_left_neighbour():
    state = setup(3)
    gifts = {seat: state["hands"][seat][0] for seat in ("p1", "p2", "p3")}
    after = run(state, *({"type": "pass_dream", "seat": s, "card": c} for s, c in gifts.items()))
    assert gifts["p1"] in after["hands"]["p2"] and gifts["p2"] in after["hands"]["p3"]
    assert gifts["p3"] in after["hands"]["p1"]
    assert all(len(h) == 4 for h in after["hands"].values())
    assert after["phase"] == "album"
    assert RULES.view(after, "p1")["seats"]["p2"]["hand"] is None  # hands stay hidden


def test_a_card_not_in_hand_cannot_be_passed():
    state = setup(3)
    other = state["hands"]["p2"][0]
    refused(state, {"type": "pass_dream", "seat": "p1", "card": other}, R_SETUP, "not in p1's hand")


def test_the_character_goes_anywhere_in_the_album_and_the_dice_on_it():
    state = drafted(3)
    state = step(state, {"type": "start_album", "seat": "p2", "square": "C3"})
    assert state["albums"]["p2"] == {"C3": state["characters"]["p2"]}
    assert {d["square"] for d in state["dice"]["p2"].values()} == {"C3"}
    refused(state, {"type": "start_album", "seat": "p2", "square": "A1"}, R_SETUP, "already placed")
    refused(state, {"type": "start_album", "seat": "p1", "square": "E5"}, R_SETUP, "off the album")


def test_dice_are_rolled_then_placed_with_any_side_north():
    state = drafted(3)
    state = run(state, {"type": "start_album", "seat": "p1", "square": "B2"}, {"type": "roll", "seat": "p1", "colour": "red"})
    top = state["dice"]["p1"]["red"]["top"]
    assert 1 <= top <= 6
    refused(state, {"type": "orient", "seat": "p1", "colour": "red", "north": 1 if top != 1 else 2}, R_SETUP,
            "roll all four dice first")
    state = run(state, *({"type": "roll", "seat": "p1", "colour": c} for c in ("blue", "yellow", "green")))
    refused(state, {"type": "orient", "seat": "p1", "colour": "red", "north": 7 - top}, R_SETUP, "cannot face north")
    refused(state, {"type": "orient", "seat": "p1", "colour": "red", "north": top}, R_SETUP, "cannot face north")
    options = [c["north"] for c in RULES.legal(state, "p1") if c["colour"] == "red"]
    assert sorted(options) == sorted(f for f in range(1, 7) if f not in (top, 7 - top))
    state = step(state, {"type": "orient", "seat": "p1", "colour": "red", "north": options[0]})
    assert state["dice"]["p1"]["red"]["north"] == options[0]


def test_the_lowest_sum_takes_the_start_player_marker():
    state = stage_started(3)
    sums = {s: sum(d["top"] for d in state["dice"][s].values()) for s in state["seats"]}
    assert sums[state["marker"]] == min(sums.values())
    assert state["phase"] == "skill" and state["stage"] == 1


def _album_ready(table="physical", rolls=None):
    """A physical table where every die's roll is stated: ``rolls[seat]`` four faces."""
    deal = [CS_DREAMS[i] for i in range(12)]
    state = setup(3, table=table, deal=deal)
    state = play_until(state, lambda s: s["phase"] != "draft")
    for seat in ("p1", "p2", "p3"):
        state = step(state, {"type": "start_album", "seat": seat, "square": "A1"})
        for colour, face in zip(("red", "blue", "yellow", "green"), rolls[seat]):
            state = step(state, {"type": "roll", "seat": seat, "colour": colour, "outcomes": [face]})
    return state


CS_DREAMS = sorted(c for c, card in CS.cards.items() if card["kind"] == "dream")


def _orient_all_but_last(state):
    """Every die placed except p3's last one (whose placement decides the start player)."""
    for seat in ("p1", "p2", "p3"):
        for colour in ("red", "blue", "yellow", "green")[: 3 if seat == "p3" else 4]:
            north = next(c for c in RULES.legal_commands(state, seat) if c["colour"] == colour)["north"]
            state = step(state, {"type": "orient", "seat": seat, "colour": colour, "north": north})
    return state


def test_a_tie_for_the_lowest_sum_is_broken_at_random_and_a_physical_table_names_the_winner():
    state = _album_ready(rolls={"p1": [1, 1, 1, 1], "p2": [1, 1, 1, 1], "p3": [6, 6, 6, 6]})
    state = _orient_all_but_last(state)
    last = RULES.legal_commands(state, "p3")[0]
    with pytest.raises(OutcomeNeeded) as need:
        RULES.check(state, last)
    assert need.value.event.name == "start_player" and need.value.event.options == ("p1", "p2")
    with pytest.raises(ImpossibleOutcome):
        RULES.check(state, {**last, "outcomes": ["p3"]})
    after = step(state, {**last, "outcomes": ["p2"]})
    assert after["marker"] == "p2"
    assert "同点 p1, p2" in RULES.describe(state, {**last, "outcomes": ["p2"]}, after, "public")


def test_a_die_shows_one_of_six_faces_even_at_an_observed_table():
    state = setup(3, table="observed", deal=[None] * 12)
    state = play_until(state, lambda s: s["phase"] != "draft")
    state = step(state, {"type": "start_album", "seat": "p1", "square": "A1"})
    roll = {"type": "roll", "seat": "p1", "colour": "red"}
    for face in (0, 7, None):
        with pytest.raises(ImpossibleOutcome):
            RULES.check(state, {**roll, "outcomes": [face]})
    assert step(state, {**roll, "outcomes": [4]})["dice"]["p1"]["red"]["top"] == 4
