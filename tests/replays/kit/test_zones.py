"""kit.zones: piles as what may be in them, unknown tokens, and no false refusals."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import zones as Z
from kifu.replays.kit.chance import Digital, Given, OutcomeNeeded


def _zones(chance, cards=("a", "b", "b", "c")):
    z = Z.Zones(Z.new(), chance, step=1)
    z.add_pile("deck", cards)
    return z


def test_a_digital_draw_is_a_pure_function_of_seed_and_step():
    first = [_zones(Digital("s", step)).draw("deck", "draw", "R") for step in range(40)]
    again = [_zones(Digital("s", step)).draw("deck", "draw", "R") for step in range(40)]
    assert first == again and set(first) == {"a", "b", "c"}
    assert first != [_zones(Digital("t", step)).draw("deck", "draw", "R") for step in range(40)]


def test_a_card_put_on_top_is_drawn_without_a_chance_event():
    chance = Given([], "physical")
    z = _zones(chance)
    z.put("deck", "x")
    assert z.draw("deck", "draw", "R") == "x" and chance.log == []
    with pytest.raises(OutcomeNeeded) as need:
        z.draw("deck", "draw", "R")
    assert need.value.event.options == ("a", "b", "c") and need.value.event.weights == (1, 2, 1)


def test_a_shuffle_forgets_the_known_order():
    z = _zones(Given(["x"], "physical"), cards=("a",))
    z.put("deck", "x")
    z.shuffle("deck")
    assert z.pile("deck")["top"] == [] and z.may_contain("deck") == ["a", "x"]
    assert z.draw("deck", "draw", "R") == "x"


def test_the_bottom_end_is_a_chance_event_unless_known():
    z = _zones(Given(["c"], "physical"))
    assert z.draw("deck", "bottom", "R", end="bottom") == "c"
    z.put("deck", "y", end="bottom")
    assert z.draw("deck", "bottom", "R", end="bottom") == "y" and z.size("deck") == 3


def test_physical_refuses_a_card_the_pile_cannot_hold_any_more():
    z = _zones(Given(["a", "a"], "physical"))
    assert z.draw("deck", "draw", "R") == "a"
    with pytest.raises(RuleViolation, match="'a' is not possible"):
        z.draw("deck", "draw", "R")


def test_observed_unknown_draws_become_tokens_revealed_later():
    z = _zones(Given([None, None], "observed"))
    t1, t2 = z.draw("deck", "draw", "R"), z.draw("deck", "draw", "R")
    assert (t1, t2) == ("?1", "?2") and z.size("deck") == 2
    assert z.reveal(t1, "b", "play", "R") == "b"
    assert z.reveal(t2, "b", "play", "R") == "b"
    with pytest.raises(RuleViolation):  # both b are placed: nothing unseen can be b
        z.take("deck", "b", "R")
    assert [r["token"] for r in z.z["revealed"]] == ["?1", "?2"] and z.z["tokens"] == {}


def test_physical_tables_refuse_unknown_outcomes():
    with pytest.raises(RuleViolation):
        _zones(Given([None], "physical")).draw("deck", "draw", "R")


def test_a_physical_card_drawn_face_down_is_a_token_that_blocks_no_legal_draw():
    # given a physical table, when the top card goes face down unseen, then it is not asked
    z = _zones(Given(["c", "c"], "physical"), cards=("a", "c"))
    token = z.draw("deck", "holopower", "R", visible=())
    assert token == "?1" and z.possible(token) == ["a", "c"]
    assert z.draw("deck", "draw", "R", visible=("p1",)) == "c"  # the only c: it was not the token
    assert z.possible(token) == ["a"]
    with pytest.raises(RuleViolation, match="possible: a"):
        z.reveal(token, "c", "paid", "R")
    assert z.turn_up(token, "paid", "R", visible=()) == token  # turned up to nobody: still unknown
    with pytest.raises(RuleViolation, match="not possible"):  # turned up face up: named, checked
        z.turn_up(token, "paid", "R")


def test_a_token_turned_up_to_one_seat_is_revealed_to_that_seat_only():
    z = _zones(Given(["b"], "physical"))
    token = z.draw("deck", "holopower", "R", visible=())
    assert z.turn_up(token, "look", "R", visible=("p1",)) == "b"
    entry = z.z["revealed"][-1]
    assert entry["to"] == ["p1"] and Z.shown(entry, "p1") and Z.shown(entry, "omniscient")
    assert not Z.shown(entry, "p2") and not Z.shown(entry, "public")


def test_take_names_a_card_anywhere_in_the_pile():
    z = _zones(Given([], "physical"))
    assert z.take("deck", "c", "R") == "c" and "c" not in z.may_contain("deck")
    with pytest.raises(RuleViolation, match="cannot be in deck"):
        z.take("deck", "c", "R")


def test_turn_up_states_what_a_token_was_or_leaves_it_unseen():
    z = _zones(Given([None, "c", None, None], "observed"))
    token = z.draw("deck", "draw", "R")
    assert z.turn_up(token, "shown", "R") == "c"
    other = z.draw("deck", "draw", "R")
    assert z.turn_up(other, "shown", "R") == other and other in z.z["tokens"]
    assert z.turn_up("a", "shown", "R") == "a"  # a known card is no event


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_possible_outcome_is_accepted_and_the_books_balance(data):
    """Random observed play over one pile: every outcome offered as possible is accepted
    (no false refusals), and the unseen multiset always equals the unordered middle plus
    the outstanding tokens."""
    cards = data.draw(st.lists(st.sampled_from("abcde"), min_size=1, max_size=12))
    chance = Given([], "observed")
    z = Z.Zones(Z.new(), chance, step=1)
    z.add_pile("deck", cards)
    hand: list[str] = []
    for _ in range(data.draw(st.integers(0, 30))):
        move = data.draw(st.sampled_from(["draw", "reveal", "put", "shuffle", "take"]))
        if move == "draw" and z.size("deck"):
            p = z.pile("deck")
            if not p["top"] and z.middle("deck"):
                options = sorted(c for c, n in p["unseen"].items() if n)
                chance.outcomes.append(data.draw(st.sampled_from(options + [None])))
            hand.append(z.draw("deck", "draw", "R"))
        elif move == "reveal" and any(Z.is_token(i) for i in hand):
            token = next(i for i in hand if Z.is_token(i))
            hand[hand.index(token)] = z.reveal(token, data.draw(st.sampled_from(z.possible(token))), "show", "R")
        elif move == "put" and hand:
            z.put("deck", hand.pop(data.draw(st.integers(0, len(hand) - 1))))
        elif move == "shuffle":
            z.shuffle("deck")
        elif move == "take" and z.middle("deck"):
            hand.append(z.take("deck", data.draw(st.sampled_from(sorted(z.pile("deck")["unseen"]))), "R"))
        p = z.pile("deck")
        tokens = sum(1 for t in z.z["tokens"].values() if t["pile"] == "deck")
        assert sum(p["unseen"].values()) == z.middle("deck") + tokens
        known = [i for i in hand + p["top"] + p["bottom"] if not Z.is_token(i)]
        assert sorted(known + [c for c, n in p["unseen"].items() for _ in range(n)]) == sorted(cards)
