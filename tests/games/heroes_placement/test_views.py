"""Views: hands hidden, face-down places hidden, decision options only to the decider, the
response window shown; move-list lines from the states before and after."""
from __future__ import annotations

from kifu.replays import canon

from .helpers import HARU, MAKI, RULES, at, choose, cmd, game, go, hand, kind

PERSPECTIVES = ("public", "p1", "p2", "omniscient")


def test_hands_are_seen_by_their_owner_only():
    s = game()
    for perspective in PERSPECTIVES:
        view = RULES.view(s, perspective)
        for seat in ("p1", "p2"):
            shown = view["players"][seat]["hand"]
            assert (shown == s["players"][seat]["hand"]) == (perspective in (seat, "omniscient"))
            assert shown is None or perspective in (seat, "omniscient")
            assert view["players"][seat]["hand_count"] == len(s["players"][seat]["hand"])


def test_face_down_places_are_hidden_from_every_seat():
    s = game()
    for perspective in ("public", "p1", "p2"):
        grid = RULES.view(s, perspective)["players"]["p1"]["grid"]
        assert [sq["place"] for sq in grid] == ["face_down"] * 6
    omni = RULES.view(s, "omniscient")["players"]["p1"]["grid"]
    assert [sq["place"] for sq in omni] == [sq["place"] for sq in s["players"]["p1"]["grid"]]


def test_no_view_has_the_seed_or_the_deck_contents_but_the_judges():
    s = game(seed="secret-seed")
    for perspective in PERSPECTIVES:
        text = canon.dumps(RULES.view(s, perspective))
        assert "secret-seed" not in text
        assert ("decks" in RULES.view(s, perspective)) == (perspective == "omniscient")


def test_a_decisions_options_are_shown_to_the_decider_only_and_the_window_to_all():
    s = at(hand(game(), "p1", [MAKI, HARU, HARU]), "appear")
    s = choose(go(s, cmd("appear", "p1", card=MAKI)), "p1", 0)
    assert kind(s) == "appear"
    assert RULES.view(s, "p1")["decision"]["options"] == [HARU]
    assert "options" not in RULES.view(s, "p2")["decision"] and "options" not in RULES.view(s, "public")["decision"]
    s = choose(choose(s, "p1", HARU), "p1", HARU)
    for perspective in PERSPECTIVES:
        view = RULES.view(s, perspective)
        assert view["window"] == {"seat": "p2", "kind": 3, "name": "キャラの登場時"} and view["to_act"] == ["p2"]


def test_describe_tells_the_drawer_what_it_drew_and_nobody_else():
    s = at(hand(game(), "p1", [MAKI]), "appear")
    before = go(s, cmd("end_phase", "p1"))
    command = cmd("pass", "p2")
    after = RULES.apply(before, command)
    drawn = [c for c in after["players"]["p2"]["hand"]]
    mine = RULES.describe(before, command, after, "p2")
    theirs = RULES.describe(before, command, after, "p1")
    assert "p2の手札に" in mine and any(RULES.cardset.name(c) in mine for c in drawn)
    assert "手札に" not in theirs and theirs.startswith("p2: パス")


def test_labels_name_cards_and_squares():
    s = at(hand(game(), "p1", [MAKI, HARU]), "appear")
    labels = {RULES.label(s, c, "p1") for c in RULES.legal(s, "p1")}
    assert "p1: 登場 石乃真希（コスト2）" not in labels  # one card to pay with: not affordable
    assert "p1: 登場 保島春（コスト2）" not in labels and "p1: 登場フェイズ終了（ターン終了へ）" in labels
