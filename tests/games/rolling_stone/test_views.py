"""``view``: hands and pending choices hidden, everything else public; the seed never shown."""
from kifu.replays.rules import perspectives

from .helpers import CS, RULES, first_turn, play_until, setup, stage_started, step


def test_a_hand_is_seen_by_its_owner_and_a_judge_only():
    state = setup(4, seed="views")
    for perspective in perspectives(4):
        view = RULES.view(state, perspective)
        for seat in state["seats"]:
            hand = view["seats"][seat]["hand"]
            assert view["seats"][seat]["hand_count"] == 4
            if perspective in (seat, "omniscient"):
                assert hand == state["hands"][seat]
            else:
                assert hand is None
                assert not set(state["hands"][seat]) & set(view["cards"]), "a hidden card is described"


def test_the_seed_and_the_deck_order_never_leave():
    state = first_turn(3)
    for perspective in perspectives(3):
        view = RULES.view(state, perspective)
        assert "seed" not in view and state["seed"] not in str(view)
        assert ("piles" in view) == (perspective == "omniscient")  # what may be in a pile, never an order


def test_albums_dice_field_events_power_and_vp_are_public():
    state = first_turn(3)
    view = RULES.view(state, "public")
    assert view["field"] == state["field"] and view["events"] == state["events"]
    for seat in state["seats"]:
        shown = view["seats"][seat]
        assert shown["album"] == state["albums"][seat] and shown["skills"] == state["skills"][seat]
        for colour, die in state["dice"][seat].items():
            assert {k: shown["dice"][colour][k] for k in ("square", "top", "north")} == die
            assert shown["dice"][colour]["east"] not in (die["top"], 7 - die["top"], die["north"], 7 - die["north"])
    assert view["decks"]["stage1"] == state["zones"]["piles"]["stage1"]["size"]
    assert {view["cards"][c]["name"] for c in state["field"]} == {CS.name(c) for c in state["field"]}


def test_to_act_names_every_seat_that_has_not_chosen_and_nothing_more():
    state = stage_started(4, seed="views")
    state = step(state, {"type": "set_skill", "seat": "p3", "card": state["hands"]["p3"][0]})
    for perspective in perspectives(4):
        assert RULES.view(state, perspective)["to_act"] == ["p1", "p2", "p4"]


def test_a_label_never_tells_what_a_draw_will_bring():
    state = play_until(first_turn(3), lambda s: s["turn_step"] == "draw")
    label = RULES.label(state, {"type": "draw", "seat": state["active"]}, state["active"])
    assert label == "リピート: ステージ山から1枚引く"
    after = step(state, {"type": "draw", "seat": state["active"]})
    assert CS.name(after["placing"]) in RULES.describe(state, {"type": "draw", "seat": state["active"]}, after, "public")
