"""The demo card set: every card the supplement names, each value marked unverified; the schema
refuses a malformed set with field paths."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.kit import CardSetError

from .helpers import CS, RULES

NAMED = ("鷹司葵", "上島＝アリス＝玲州", "ソーニャ＝スモノ＝オカメキケ", "石乃真希", "超次元フィッシング", "荻の月",
         "五稜郭スラッシュ", "川崎あくあ", "東美々", "伊万里けいさ", "保島春", "大道すすきの", "不知火うき", "永国寺うつろ")


def test_every_card_the_supplement_names_is_in_the_demo_set_and_marked_unverified():
    names = {c["name"] for c in CS.cards.values()}
    assert set(NAMED) <= names
    assert all(c["unverified"].strip() for c in CS.cards.values())


def test_the_named_cards_behave_as_the_supplement_says():
    by_name = {c["name"]: c for c in CS.cards.values()}
    coop = [n for n, c in by_name.items() if any(a["effect"] == "coop_defence" for a in c["abilities"])]
    assert sorted(coop) == sorted(["川崎あくあ", "東美々", "伊万里けいさ"])  # 3弾の段階で出来るのは…のみ
    assert by_name["永国寺うつろ"]["kind"] == "both" and by_name["永国寺うつろ"]["event"]["effect"] == "appear_this"
    assert by_name["保島春"]["abilities"][0]["timing"] == "on_appear"
    assert by_name["大道すすきの"]["abilities"][0]["timing"] == "on_placed"
    assert by_name["石乃真希"]["pl"]["effect"] == "appear_self" and by_name["五稜郭スラッシュ"]["pl"]["effect"] == "equip_self"
    assert by_name["不知火うき"]["abilities"][0]["effect"] == "event_discount"
    assert [by_name[n]["rule_breaker"]["effect"] for n in NAMED[:3]] == ["swap_own_places", "swap_opponent_places",
                                                                         "go_second"]


def test_a_malformed_card_set_is_refused_with_field_paths():
    data = copy.deepcopy(dict(CS.data))
    del data["cards"][3]["ap"]
    data["cards"][5]["pl"] = {"effect": "fly", "n": 1}
    with pytest.raises(CardSetError) as err:
        RULES.load_cardset(data)
    assert "cards.3.ap" in err.value.errors and "cards.5.pl.effect" in err.value.errors
