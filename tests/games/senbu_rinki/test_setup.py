"""【ゲーム開始前の準備】 and 【ゲームの流れ】①②: dealing swords, roles, 刀装, the first 近侍."""
from collections import Counter

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.senbu_rinki import cards, roles
from kifu.replays.kit import CardSetError
from kifu.replays.kit.cardset import load
from kifu.replays.kit.tables import deal_of

from .helpers import PLAIN, RULES, options, table

SETUP = "ゲーム開始前の準備"


def _setup(seed, players, **given):
    return RULES.setup(options(**given), seed, players)


def _deck(state):
    return state["zones"]["piles"]["deck"]


@pytest.mark.parametrize("players", RULES.seats)
def test_準備_roles_dealt_by_the_player_count_table_and_the_rest_is_the_deck(players):
    state = _setup("deal", players)
    dealt = Counter(state["roles"].values())
    assert dict(dealt) == {r: n for r, n in roles.ROLE_TABLE[players].items() if n} == state["role_table"]
    assert dealt["saniwa"] == 1
    deck = Counter(_deck(state)["unseen"])
    assert _deck(state)["size"] == sum(deck.values())
    for role in roles.ROLES:
        assert dealt[role] + deck[role] == roles.DEFAULT_BOX[role]
    assert deck["saniwa"] == 0 and deck["danshi"] and deck["sokogun"]
    assert state["zones"]["piles"]["roles"]["size"] == 0 and not state["zones"]["tokens"]


@pytest.mark.parametrize("players", RULES.seats)
def test_準備_swords_dealt_face_up_with_their_tosou_from_the_seed(players):
    state = _setup("deal", players)
    names = [state["seats"][f"p{i}"]["sword"]["name"] for i in range(1, players + 1)]
    assert len(set(names)) == players
    for seat in state["seats"].values():
        assert seat["tosou"] == RULES.cardset.card(seat["sword"]["name"])["tosou"]
        assert seat["fatigue"] == 0 and not seat["defending"] and not seat["eliminated"]
    assert _setup("deal", players) == state
    other = _setup("other seed", players)
    assert other["seats"] != state["seats"] or other["roles"] != state["roles"]


def test_準備_the_deal_is_one_chance_event_per_sword_and_role_then_the_first_kinji():
    state = _setup("deal", 5)
    deal = deal_of(RULES, options(), "deal", 5)
    assert deal == [state["seats"][f"p{i}"]["sword"]["name"] for i in range(1, 6)] + \
        [state["roles"][f"p{i}"] for i in range(1, 6)] + [state["kinji"]]
    assert [e["event"] for e in state["chance"]] == ["sword"] * 5 + ["role"] * 5 + ["first_kinji"]
    # each role is seen by its seat only; swords and the 近侍 by everyone
    assert [e["visible"] for e in state["chance"][5:10]] == [[f"p{i}"] for i in range(1, 6)]
    assert {e["visible"] for e in state["chance"][:5] + state["chance"][10:]} == {"all"}


def test_準備_options_that_name_the_deal_leave_no_chance_event():
    state = table(["saniwa", "danshi", "sokogun", "danshi"])
    assert state["chance"] == [] and deal_of(RULES, options(roles=["saniwa", "danshi", "sokogun", "danshi"],
                                                            swords=PLAIN[:4], first_kinji="p1"), "t", 4) == []


def test_準備_each_player_may_choose_a_sword_instead():
    state = table(["saniwa", "danshi", "sokogun", "danshi"], swords=["三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅"])
    assert [state["seats"][s]["sword"]["name"] for s in ("p1", "p2", "p3", "p4")] == ["三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅"]


@pytest.mark.parametrize("given, players, fragment", [
    ({"swords": ["三日月宗近"] * 4}, 4, "more than 1 copies"),
    ({"swords": ["三日月宗近", "今剣", "岩融"]}, 4, "3 cards"),
    ({"swords": ["三日月宗近", "今剣", "岩融", "村正"]}, 4, "not a card of this card set"),
    ({"roles": ["danshi"] * 4}, 4, "審神者"),
    ({"roles": ["saniwa", "saniwa", "danshi", "sokogun"]}, 4, "審神者"),
    ({"roles": ["saniwa", "danshi", "sokogun", "joker"]}, 4, "'joker' is not a card"),
    ({"role_counts": {"saniwa": 1, "danshi": 1, "sokogun": 1}}, 4, "3 role cards for 4"),
    ({"role_counts": {"saniwa": 1, "danshi": 9, "sokogun": 0}}, 10, "not enough"),
    ({"role_box": ["saniwa", "danshi", "danshi", "sokogun", "joker"]}, 4, "role_box: 'joker' is not a card"),
    ({"role_box": ["saniwa", "saniwa", "danshi", "danshi", "sokogun", "sokogun"]}, 4, "exactly one 審神者"),
    ({"role_box": ["saniwa", "danshi", "sokogun"]}, 4, "not enough 刀剣男士"),
    ({"first_kinji": "p5"}, 4, "not a seat"),
    ({"token_cap": 5}, 6, "token_cap"),
])
def test_準備_bad_options_are_refused_naming_the_rule(given, players, fragment):
    with pytest.raises(RuleViolation, match=fragment) as info:
        _setup("x", players, **given)
    assert info.value.rule in (SETUP, "ゲームの流れ/②近侍を選ぶ")


def test_準備_role_counts_and_the_box_are_options():
    state = _setup("x", 5, role_counts={"saniwa": 1, "danshi": 3, "sokogun": 1},
                   role_box=["saniwa", "danshi", "danshi", "danshi", "sokogun", "sokogun"])
    assert Counter(state["roles"].values()) == {"saniwa": 1, "danshi": 3, "sokogun": 1}
    assert _deck(state) == {"size": 1, "top": [], "bottom": [], "unseen": {"sokogun": 1}}


def test_選択ルール_token_cap_leaves_the_rest_in_the_centre():
    state = table(["saniwa", "danshi", "sokogun", "danshi"], token_cap=30)
    assert state["pool"] == 30 - sum(state["seats"][s]["tosou"] for s in state["seats"])
    assert table(["saniwa", "danshi", "sokogun", "danshi"])["pool"] is None


def test_ゲームの流れ_2近侍_defaults_to_chance_or_is_chosen():
    kinjis = {_setup(f"k{i}", 6)["kinji"] for i in range(30)}
    assert len(kinjis) > 1 and kinjis <= {f"p{i}" for i in range(1, 7)}
    state = _setup("k", 6, first_kinji="p4")
    assert state["kinji"] == "p4" and RULES.to_act(state) == ("p4",)


def test_players_outside_4_to_10_are_refused():
    with pytest.raises(ValueError):
        _setup("x", 3)


def test_cards_demo_set_has_the_recommended_five_and_marks_invented_values():
    demo = RULES.cardset
    assert RULES.demo_cardsets()[0].id == RULES.default_cardset == demo.id == "senbu_rinki-demo"
    names = set(demo.cards)
    assert len(names) >= 12
    assert {"三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅", "鶴丸国永"} <= names
    assert all(card.get("unverified") for card in demo.cards.values())
    assert set(PLAIN) <= names
    assert demo.ref() == {"id": "senbu_rinki-demo", "digest": demo.digest}


def test_cards_schema_refuses_an_inconsistent_skill_with_its_field_path():
    data = {"id": "bad", "title": "x", "swords": [
        {"name": f"s{i}", "type": "打刀", "school": "x", "tosou": 1,
         "skill": {"effect": "look_role", "target": "self", "text": "x"}} for i in range(4)]}
    with pytest.raises(CardSetError) as info:
        load(cards.SwordCards(), data)
    assert "swords.0.skill.target" in info.value.errors
    data["swords"] = [dict(s, skill={"effect": "guard", "target": "none", "text": "x", "selector": {"type": "刀"}})
                      for s in data["swords"]]
    with pytest.raises(CardSetError):
        load(cards.SwordCards(), data)
    data["swords"] = [dict(data["swords"][0], skill={"effect": "look_role", "target": "other", "text": "x"})] * 4
    with pytest.raises(CardSetError, match="unique"):
        load(cards.SwordCards(), data)


SIX_PLUS = {"三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅", "鶴丸国永"}


def _dealt(state):
    return {seat["sword"]["name"] for seat in state["seats"].values()}


def test_6人以上時推奨カード_are_left_out_at_five_or_fewer_players_by_default():
    small = set().union(*(_dealt(_setup(f"six{i}", 5)) for i in range(40)))
    assert not small & SIX_PLUS
    large = set().union(*(_dealt(_setup(f"six{i}", 6)) for i in range(40)))
    assert large & SIX_PLUS
    included = set().union(*(_dealt(_setup(f"six{i}", 4, six_plus_swords="include")) for i in range(40)))
    assert included & SIX_PLUS
    excluded = set().union(*(_dealt(_setup(f"six{i}", 10, six_plus_swords="exclude")) for i in range(10)))
    assert not excluded & SIX_PLUS
    assert {name for name, card in RULES.cardset.cards.items() if card.get("six_plus")} == SIX_PLUS
