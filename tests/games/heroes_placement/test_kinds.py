"""カードの種類 and キャラクター兼イベントカード: what a card may be used as, and choosing
cards by kind (a filter), where a blue card is both kinds outside a square."""
from __future__ import annotations

import copy

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.heroes_placement import RULES as UNBOUND
from kifu.replays.games.heroes_placement.cards import matches
from kifu.replays.kit import CardSetError

from .helpers import (CS, FISHING, HARU, MAKI, OGI, STEP_IN, UTSURO, at, choose, cmd, game, go, hand, kind, pass_,
                      refused)

KINDS = "カードの種類"


@pytest.mark.parametrize("phase", ["leader", "battle", "appear"])
def test_a_character_card_is_never_used_as_an_event_in_any_phase(phase):
    """キャラクターカード(名前の部分が緑色)とイベントカード(名前の部分が赤色)、またキャラクター兼
    イベントカード(名前の部分が青色)の3種類: given a green card in hand, when it is declared as an
    event, then it is refused under カードの種類 (not the play timing of 宣言)."""
    s = at(hand(game(), "p1", [MAKI, HARU]), phase)
    violation = refused(s, cmd("declare", "p1", card=MAKI), KINDS)
    assert "character card" in violation.message


def test_an_event_card_never_appears_as_a_character_in_any_phase():
    for phase in ("battle", "appear"):
        s = at(hand(game(), "p1", [FISHING, HARU]), phase)
        refused(s, cmd("appear", "p1", card=FISHING), KINDS)


def test_a_blue_card_is_still_refused_as_a_character_in_the_battle_phase_under_its_own_section():
    """バトルフェイズにキャラクターとして登場を宣言することはできない (キャラクター兼イベントカード)."""
    s = at(hand(game(), "p1", [UTSURO, HARU, HARU]), "battle")
    refused(s, cmd("appear", "p1", card=UTSURO), "キャラクター兼イベントカード")


# -- choosing "a character or an event in your trash" --------------------------------------------

def _salvaging(kinds):
    """The demo set with ステップイン turned into "return a card of ``kinds`` from your trash"."""
    data = copy.deepcopy(CS.data)
    card = next(c for c in data["cards"] if c["id"] == STEP_IN)
    card["event"] = {"effect": "salvage", "n": 1, "cost": 0, "filter": {"kinds": kinds}}
    return UNBOUND.bind(UNBOUND.load_cardset(data))


def _declared(rules, trash):
    s = at(hand(game(), "p1", [STEP_IN]), "appear")
    s["players"]["p1"]["trash"] = list(trash)
    s = engine.step(rules, s, cmd("declare", "p1", card=STEP_IN))
    return engine.step(rules, s, cmd("pass", "p2"))


@pytest.mark.parametrize("kinds, offered", [
    (["character"], [MAKI, UTSURO]),
    (["event"], [OGI, UTSURO]),
    (["character", "event"], [MAKI, OGI, UTSURO]),
])
def test_a_filter_of_either_kind_finds_a_blue_card_in_the_trash(kinds, offered):
    """それ以外の領域ではキャラクターとしてもイベントとしても扱われる: given 石乃真希 (green), 荻の月
    (red) and 永国寺うつろ (blue) in p1's trash, when an effect chooses a card of ``kinds`` there,
    then the blue card is among the options whichever kind is asked."""
    rules = _salvaging(kinds)
    s = _declared(rules, [MAKI, OGI, UTSURO])
    assert kind(s) == "ev:salvage" and s["pending"]["options"] == ["none", *sorted(offered)]
    after = engine.step(rules, s, cmd("choose", "p1", choice=UTSURO))
    assert UTSURO in after["players"]["p1"]["hand"] and UTSURO not in after["players"]["p1"]["trash"]
    assert after["players"]["p1"]["trash"][-1] == STEP_IN  # the used event goes to the trash after, not before
    with pytest.raises(RuleViolation):
        engine.step(rules, s, cmd("choose", "p1", choice=HARU))  # not in the trash


def test_a_filter_is_a_list_of_kinds_and_only_for_an_effect_that_chooses_cards():
    assert matches(CS.card(UTSURO), {"kinds": ["character"]}) and matches(CS.card(UTSURO), {"kinds": ["event"]})
    assert not matches(CS.card(UTSURO), {"kinds": ["event"], "cost_max": 1})
    for bad in ({"kinds": []}, {"kinds": ["place"]}):
        data = copy.deepcopy(CS.data)
        next(c for c in data["cards"] if c["id"] == STEP_IN)["event"] = {"effect": "salvage", "cost": 0, "filter": bad}
        with pytest.raises(CardSetError):
            UNBOUND.load_cardset(data)
    data = copy.deepcopy(CS.data)
    next(c for c in data["cards"] if c["id"] == OGI)["event"]["filter"] = {"kinds": ["event"]}  # rest chooses no card
    with pytest.raises(CardSetError):
        UNBOUND.load_cardset(data)


def test_fishing_keeps_its_default_without_a_filter_and_reads_one_when_given():
    """超次元フィッシング (ruling: a character of cost 2 or less from the deck)."""
    s = at(hand(game(), "p1", [FISHING, HARU]), "appear")
    s = pass_(choose(go(s, cmd("declare", "p1", card=FISHING)), "p1", HARU), "p2")
    assert kind(s) == "ev:fishing" and UTSURO in s["pending"]["options"] and OGI not in s["pending"]["options"]
    data = copy.deepcopy(CS.data)
    next(c for c in data["cards"] if c["id"] == FISHING)["event"]["filter"] = {"kinds": ["event"]}
    rules = UNBOUND.bind(UNBOUND.load_cardset(data))
    s = at(hand(game(), "p1", [FISHING, HARU]), "appear")
    for command in (cmd("declare", "p1", card=FISHING), cmd("choose", "p1", choice=HARU), cmd("pass", "p2")):
        s = engine.step(rules, s, command)
    assert OGI in s["pending"]["options"] and MAKI not in s["pending"]["options"]
