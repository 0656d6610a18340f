"""【ゲーム開始前の準備】 and 【ゲームの流れ】①②: dealing swords, roles, 刀装, the first 近侍."""
from collections import Counter

import pytest
from marshmallow import ValidationError

from replays.games.senbu_rinki import RULES, cards, roles

from .helpers import PLAIN, table


def _setup(seed, players, **options):
    return RULES.setup(RULES.options_schema.load(options), seed, players)


@pytest.mark.parametrize("players", RULES.seats)
def test_準備_roles_dealt_by_the_player_count_table_and_the_rest_is_the_deck(players):
    state = _setup("deal", players)
    dealt = Counter(state["roles"].values())
    assert dict(dealt) == {r: n for r, n in roles.ROLE_TABLE[players].items() if n}
    assert dealt["saniwa"] == 1
    deck = Counter(state["deck"])
    for role in roles.ROLES:
        assert dealt[role] + deck[role] == roles.DEFAULT_BOX[role]
    assert deck["saniwa"] == 0 and deck["danshi"] and deck["sokogun"]


@pytest.mark.parametrize("players", RULES.seats)
def test_準備_swords_dealt_face_up_with_their_tosou_from_the_seed(players):
    state = _setup("deal", players)
    names = [state["seats"][f"p{i}"]["sword"]["name"] for i in range(1, players + 1)]
    assert len(set(names)) == players
    demo = cards.load("demo")
    for seat in state["seats"].values():
        assert seat["tosou"] == demo.sword(seat["sword"]["name"])["tosou"]
        assert seat["fatigue"] == 0 and not seat["defending"] and not seat["eliminated"]
    assert _setup("deal", players) == state
    assert _setup("other seed", players)["seats"] != state["seats"] or _setup("other seed", players)["roles"] != state["roles"]


def test_準備_each_player_may_choose_a_sword_instead():
    state = table(["saniwa", "danshi", "sokogun", "danshi"], swords=["三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅"])
    assert [state["seats"][s]["sword"]["name"] for s in ("p1", "p2", "p3", "p4")] == ["三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅"]


@pytest.mark.parametrize("options, players, fragment", [
    ({"swords": ["三日月宗近"] * 4}, 4, "once"),
    ({"swords": ["三日月宗近", "今剣", "岩融"]}, 4, "3 names"),
    ({"swords": ["三日月宗近", "今剣", "岩融", "村正"]}, 4, "not in card set"),
    ({"roles": ["danshi"] * 4}, 4, "審神者"),
    ({"roles": ["saniwa", "saniwa", "danshi", "sokogun"]}, 4, "審神者"),
    ({"role_counts": {"saniwa": 1, "danshi": 1, "sokogun": 1}}, 4, "3 role cards for 4"),
    ({"role_counts": {"saniwa": 1, "danshi": 9, "sokogun": 0}}, 10, "not enough"),
    ({"first_kinji": "p5"}, 4, "not a seat"),
    ({"token_cap": 5}, 6, "token_cap"),
    ({"cardset": "nope"}, 4, "unknown sword card set"),
])
def test_準備_bad_options_are_refused_with_a_clear_error(options, players, fragment):
    with pytest.raises(ValueError, match=fragment):
        _setup("x", players, **options)


def test_準備_role_counts_and_box_are_options():
    state = _setup("x", 5, role_counts={"saniwa": 1, "danshi": 3, "sokogun": 1}, role_box={"saniwa": 1, "danshi": 3, "sokogun": 2})
    assert Counter(state["roles"].values()) == {"saniwa": 1, "danshi": 3, "sokogun": 1}
    assert state["deck"] == ["sokogun"]


def test_選択ルール_token_cap_leaves_the_rest_in_the_centre():
    state = table(["saniwa", "danshi", "sokogun", "danshi"], token_cap=30)
    assert state["pool"] == 30 - sum(state["seats"][s]["tosou"] for s in state["seats"])
    assert table(["saniwa", "danshi", "sokogun", "danshi"])["pool"] is None


def test_ゲームの流れ_2近侍_defaults_from_the_seed_or_is_chosen():
    kinjis = {_setup(f"k{i}", 6)["kinji"] for i in range(30)}
    assert len(kinjis) > 1 and kinjis <= {f"p{i}" for i in range(1, 7)}
    state = _setup("k", 6, first_kinji="p4")
    assert state["kinji"] == "p4" and RULES.to_act(state) == ("p4",)


def test_players_outside_4_to_10_are_refused():
    with pytest.raises(ValueError):
        _setup("x", 3)


def test_cards_demo_set_has_the_recommended_five_and_marks_invented_values():
    demo = cards.load("demo")
    names = {s["name"] for s in demo.swords}
    assert len(names) >= 12
    assert {"三日月宗近", "小夜左文字", "歌仙兼定", "大倶利伽羅", "鶴丸国永"} <= names
    assert all(s.get("unverified") for s in demo.swords)
    assert set(PLAIN) <= names
    assert RULES.cardset_ref({}) == {"id": "senbu_rinki/demo", "digest": demo.digest}


def test_cards_schema_refuses_an_inconsistent_skill():
    data = {"id": "bad", "title": "x", "swords": [
        {"name": f"s{i}", "type": "打刀", "school": "x", "tosou": 1,
         "skill": {"effect": "look_role", "target": "self", "text": "x"}} for i in range(4)]}
    with pytest.raises(ValidationError):
        cards.parse(data)
    data["swords"] = [dict(s, skill={"effect": "guard", "target": "none", "text": "x", "selector": {"type": "刀"}})
                      for s in data["swords"]]
    with pytest.raises(ValidationError):
        cards.parse(data)


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
    assert {s["name"] for s in cards.load("demo").swords if s.get("six_plus")} == SIX_PLUS
