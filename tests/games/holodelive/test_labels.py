"""Table labels: what a seat is offered says what a command will do and tells nothing hidden.

The property: change what ``seat`` cannot know (which cards are in the deck and which in
the opponent's hand, which face-down venue is which, the printed audience of every venue
it has not seen) while keeping ``view(state, seat)`` identical; the labels of ``seat``'s
legal commands must not change. The hidden audiences are changed through another card
set bound to the rules (same members and venues, other numbers), as an organizer's set is.
"""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from kifu.replays import bot
from kifu.replays.games.holodelive import RULES as UNBOUND
from kifu.replays.games.holodelive.state import other
from kifu.replays.rng import Rng

from .helpers import CS, RULES, arrange, board, draw, fresh, play, step

DRAW_DECK = draw("p1")


@pytest.fixture(scope="module")
def unseen_audiences():
    """``variant(state, seat)``: the rules bound to a card set whose unseen venues hold other numbers."""
    bound: dict[tuple, object] = {}

    def variant(state: dict, seat: str):
        t = board(state)
        seen = set(state["known"][seat]) | {v["id"] for i, v in enumerate(state["venues"]) if t.knows_venue(seat, i)}
        unseen = tuple(sorted(v["id"] for v in CS.data["venues"] if v["id"] not in seen))
        if unseen not in bound:
            data = copy.deepcopy(dict(CS.data))
            data["id"] = "holodelive-demo-unseen"
            for venue in data["venues"]:
                if venue["id"] in unseen:
                    venue["audience"] += 1111
            bound[unseen] = UNBOUND.bind(UNBOUND.load_cardset(data))
        return bound[unseen]

    return variant


def _mix(items: list, how: str, label: str) -> list:
    if how == "rotate":
        return items[1:] + items[:1] if items else items
    return Rng(label, how).shuffle(items)


def _expand(multiset: dict) -> list:
    return [c for c, n in sorted(multiset.items()) for _ in range(n)]


def hidden_variants(state: dict, seat: str, variant_rules) -> list[tuple[object, dict]]:
    """(rules, state) pairs ``seat`` cannot tell from ``state``: its view is checked identical."""
    opp = other(seat)
    want = RULES.view(state, seat)
    t = board(state)
    out = []
    for how in ("rotate", "shuffle"):
        for mix_cards in (True, False):
            v = copy.deepcopy(state)
            if mix_cards:
                deck = v["zones"]["piles"]["deck"]
                middle = _expand(deck["unseen"])
                pool = _mix(middle + v["hands"][opp], how, f"labels/{state['step']}")
                deck["unseen"] = dict(sorted(Counter(pool[:len(middle)]).items()))
                v["hands"][opp] = pool[len(middle):]
            hidden = [i for i in range(len(v["venues"])) if not t.knows_venue(seat, i)]
            box = v["zones"]["piles"]["box"]
            boxed = _expand(box["unseen"])
            pool = _mix([v["venues"][i]["id"] for i in hidden] + boxed, how, f"venues/{state['step']}")
            for i, vid in zip(hidden, pool):
                v["venues"][i]["id"] = vid
            box["unseen"] = dict(sorted(Counter(pool[len(hidden):]).items()))
            rules = variant_rules(state, seat)
            if rules.view(v, seat) == want:
                out.append((rules, v))
                break
            # the seat is shown the deck's cards of a generation (a search): keep the cards
        else:
            raise AssertionError("no variant hides only what the seat does not know")
    return out


def assert_labels_ignore_hidden(state: dict, variant_rules) -> int:
    checked = 0
    for seat in RULES.to_act(state):
        legal = RULES.legal(state, seat)
        labels = [RULES.label(state, c, seat) for c in legal]
        for rules, v in hidden_variants(state, seat, variant_rules):
            assert rules.legal(v, seat) == legal
            assert [rules.label(v, c, seat) for c in legal] == labels, f"{seat} at step {state['step']}"
        checked += len(legal)
    return checked


def test_the_deck_draw_label_does_not_name_the_top_card(unseen_audiences):
    s = arrange(phase="draw", deck=["takane_lui", "sakura_miko"], office="shirogane_noel")
    assert assert_labels_ignore_hidden(s, unseen_audiences) == 2
    assert RULES.label(s, DRAW_DECK, "p1") == "p1: 山札から1枚引く"
    assert RULES.label(s, draw("p1", "office"), "p1") == "p1: 事務所の 白銀ノエル を引く"


def test_end_turn_does_not_tell_the_audience_of_the_live_it_leads_to(unseen_audiences):
    five = ["shirogane_noel", "takane_lui", "tokino_sora", "azki", "oozora_subaru"]
    s = arrange(active="p1", phase="live", units={"p2": {2: five}}, lives={("p2", 2): "five"})
    assert assert_labels_ignore_hidden(s, unseen_audiences) >= 1
    assert RULES.label(s, {"type": "end_turn", "seat": "p1"}, "p1") == "p1: ターンを終了する"


def test_a_random_send_home_is_not_told_before_it_happens(unseen_audiences):
    s = arrange(hands={"p1": ["himemori_luna"], "p2": ["sakura_miko", "takane_lui", "azki"]})
    assert assert_labels_ignore_hidden(s, unseen_audiences) >= 3
    assert RULES.label(s, play("p1", "himemori_luna", 0), "p1") == "p1: 手札の 姫森ルーナ を 会場1 のユニットに出す"


def test_search_options_are_named_and_told_apart(unseen_audiences):
    s = step(arrange(hands={"p1": ["la_darkness"]}), play("p1", "la_darkness", 0))
    assert s["pending"]["kind"] == "search_deck" and len(s["pending"]["options"]) >= 2
    assert assert_labels_ignore_hidden(s, unseen_audiences) == len(s["pending"]["options"])
    labels = [RULES.label(s, c, "p1") for c in RULES.legal(s, "p1")]
    assert sorted(labels) == sorted(f"p1: ラプラス・ダークネス — 手札に加える6期生: {CS.name(c)}"
                                    for c in s["pending"]["options"])


def test_mio_offers_face_down_venues_by_place_and_names_the_one_she_saw(unseen_audiences):
    s = step(arrange(hands={"p1": ["ookami_mio"]}), play("p1", "ookami_mio", 0))
    assert assert_labels_ignore_hidden(s, unseen_audiences) == 3
    labels = [RULES.label(s, c, "p1") for c in RULES.legal(s, "p1")]
    assert labels == [f"p1: 大神ミオ — 見る会場 / 替えるか: 会場{i + 1}" for i in range(3)]
    s = step(s, RULES.legal(s, "p1")[1])
    assert RULES.label(s, play("p1", "azki", 1), "p1") == "p1: 手札の AZKi を 会場2（市民ホール） のユニットに出す"
    assert RULES.label(s, play("p1", "azki", 1), "p2") == "p1: 手札の AZKi を 会場2 のユニットに出す"


def test_polka_returns_a_card_the_seat_chooses_from_its_own_hand(unseen_audiences):
    s = step(arrange(hands={"p1": ["omaru_polka", "azki"]}, deck=["takane_lui"]), play("p1", "omaru_polka", 0))
    assert assert_labels_ignore_hidden(s, unseen_audiences) == 2
    labels = [RULES.label(s, c, "p1") for c in RULES.legal(s, "p1")]
    assert labels == ["p1: 尾丸ポルカ — 山札の上に戻すカード: AZKi", "p1: 尾丸ポルカ — 山札の上に戻すカード: 鷹嶺ルイ"]
    assert RULES.label(s, RULES.legal(s, "p1")[0], "p2").endswith("（非公開）")


@pytest.mark.parametrize("index", [0, 1, 2])
def test_labels_of_bot_games_ignore_what_the_seat_cannot_know(index, unseen_audiences):
    state = fresh(seed=f"labels-{index}")
    checked = assert_labels_ignore_hidden(state, unseen_audiences)
    for _, state in bot.play(RULES, state, f"labels-{index}/bot"):
        checked += assert_labels_ignore_hidden(state, unseen_audiences)
    assert checked > 100
