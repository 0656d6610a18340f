"""Table labels: what a seat is offered says what a command will do and tells nothing hidden.

The property: change what ``seat`` cannot know (the deck's order and contents, the
opponent's hand, the box, the printed audience of every venue it has not seen) while
keeping ``view(state, seat)`` identical; the labels of ``seat``'s legal commands must
not change. The hidden audiences are changed through a real card set registered beside
the demo set (same members and venues, other numbers), as organizers register theirs.
"""
from __future__ import annotations

import copy
import json

import pytest

from replays import bot
from replays.games.holodelive import RULES
from replays.games.holodelive import cards as cardsets
from replays.games.holodelive.state import other
from replays.rng import Rng

from .helpers import CS, arrange, fresh, play, step

DRAW_DECK = {"type": "draw", "seat": "p1", "source": "deck"}


@pytest.fixture(scope="module")
def unseen_audiences(tmp_path_factory):
    """``variant(state, seat)``: the id of a card set whose unseen venues hold other numbers."""
    folder = tmp_path_factory.mktemp("cardsets")
    added: list[str] = []

    def variant(state: dict, seat: str) -> str:
        seen = set(state["known"][seat]) | {v["id"] for v in state["venues"] if v["revealed"]}
        unseen = sorted(set(CS.venues) - seen)
        cid = f"{state['cardset']}~unseen~{'.'.join(unseen)}"
        if cid not in cardsets.CARDSET_FILES:
            data = json.loads(json.dumps(cardsets.get(state["cardset"]).data))
            data["id"] = cid
            for venue in data["venues"]:
                if venue["id"] in unseen:
                    venue["audience"] += 1111
            path = folder / f"{len(added)}.json"
            path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
            cardsets.CARDSET_FILES[cid] = path
            added.append(cid)
        return cid

    yield variant
    for cid in added:
        del cardsets.CARDSET_FILES[cid]
    cardsets.get.cache_clear()


def _rotate(cards: list, k: int = 1) -> list:
    return cards[k:] + cards[:k] if cards else cards


def hidden_variants(state: dict, seat: str, variant_cardset) -> list[dict]:
    """States ``seat`` cannot tell from ``state``: its view is checked to be identical."""
    opp = other(seat)
    want = RULES.view(state, seat)
    out = []
    for mix in ("rotate", "shuffle"):
        v = copy.deepcopy(state)
        pool = v["deck"] + v["hands"][opp]
        pool = _rotate(pool) if mix == "rotate" else Rng(f"labels/{state['step']}", seat).shuffle(pool)
        n = len(v["deck"])
        v["deck"], v["hands"][opp] = pool[:n], pool[n:]
        v["box"] = _rotate(v["box"])
        v["cardset"] = variant_cardset(state, seat)
        if RULES.view(v, seat) != want:
            # the seat is shown the deck's cards of a generation (a search): mix the deck only
            v["deck"], v["hands"][opp] = _rotate(state["deck"]), list(state["hands"][opp])
            v["cardset"] = variant_cardset(state, seat)
        assert RULES.view(v, seat) == want, "the variant must hide only what the seat does not know"
        out.append(v)
    return out


def assert_labels_ignore_hidden(state: dict, variant_cardset) -> int:
    checked = 0
    for seat in RULES.to_act(state):
        legal = RULES.legal(state, seat)
        labels = [RULES.label(state, c, seat) for c in legal]
        for v in hidden_variants(state, seat, variant_cardset):
            assert RULES.legal(v, seat) == legal
            assert [RULES.label(v, c, seat) for c in legal] == labels, f"{seat} at step {state['step']}"
        checked += len(legal)
    return checked


def test_the_deck_draw_label_does_not_name_the_top_card(unseen_audiences):
    s = arrange(phase="draw", deck=["takane_lui", "sakura_miko"], office="shirogane_noel")
    assert assert_labels_ignore_hidden(s, unseen_audiences) == 2
    assert RULES.label(s, DRAW_DECK, "p1") == "p1: 山札から1枚引く"
    office = {**DRAW_DECK, "source": "office"}
    assert RULES.label(s, office, "p1") == "p1: 事務所の 白銀ノエル を引く"


def test_end_turn_does_not_tell_the_audience_of_the_live_it_leads_to(unseen_audiences):
    five = ["shirogane_noel", "takane_lui", "tokino_sora", "azki", "oozora_subaru"]
    s = arrange(active="p1", phase="live", units={"p2": {2: five}}, lives={("p2", 2): "five"})
    assert assert_labels_ignore_hidden(s, unseen_audiences) >= 1
    assert RULES.label(s, {"type": "end_turn", "seat": "p1"}, "p1") == "p1: ターンを終了する"


def test_a_random_send_home_is_not_told_before_it_happens(unseen_audiences):
    s = arrange(hands={"p1": ["himemori_luna"], "p2": ["sakura_miko", "takane_lui", "azki"]})
    assert assert_labels_ignore_hidden(s, unseen_audiences) >= 3
    assert RULES.label(s, play("p1", "himemori_luna", 0), "p1") == "p1: 手札の 姫森ルーナ を 会場1（ライブハウス） のユニットに出す"


def test_search_options_are_named_and_told_apart(unseen_audiences):
    s = step(arrange(hands={"p1": ["la_darkness"]}), play("p1", "la_darkness", 0))
    assert s["pending"]["effect"] == "search_deck" and len(s["pending"]["options"]) >= 2
    assert assert_labels_ignore_hidden(s, unseen_audiences) == len(s["pending"]["options"])
    labels = [RULES.label(s, c, "p1") for c in RULES.legal(s, "p1")]
    assert sorted(labels) == sorted(f"p1: ラプラス・ダークネス — 手札に加える6期生: {CS.member(c)['name']}"
                                    for c in s["pending"]["options"])


def test_mio_offers_venues_by_name_and_not_their_audience(unseen_audiences):
    s = step(arrange(hands={"p1": ["ookami_mio"]}), play("p1", "ookami_mio", 0))
    assert assert_labels_ignore_hidden(s, unseen_audiences) == 3
    labels = [RULES.label(s, c, "p1") for c in RULES.legal(s, "p1")]
    assert labels == [f"p1: 大神ミオ — 見る会場 / 替えるか: 会場{i + 1}（{CS.venue(s['venues'][i]['id'])['name']}）"
                      for i in range(3)]


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
