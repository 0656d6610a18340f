"""パフォーマンスフェイズ damage, ダウン and its four steps, ライフ, and 勝利条件."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation

from .helpers import (AKARI_BUZZ, AKARI_D, AKARI_DU, BLUE, GREEN, MEMO, MIC, RED, RULES, WHITE, YUKI_2, YUKI_D,
                      YUKI_DU, c, step)
from .test_turns import p1_main, p2_turn


def p2_attacks_after(edit) -> dict:
    """p2's first turn, main phase, after ``edit(state)`` set the scene (a given state)."""
    s = p2_turn(p1_main())
    s = copy.deepcopy(s)
    edit(s)
    return s


def test_arts_need_their_cheer_colours_and_deal_their_damage():
    def no_cheer(s):
        s["players"]["p2"]["center"]["cheer"] = []
    s = p2_attacks_after(no_cheer)
    with pytest.raises(RuleViolation, match="needs cheer"):
        step(s, c("p2", "arts", holomem="center", art=0, target="center"))


def test_tokkou_adds_against_the_targets_colour_and_a_tool_adds_its_bonus():
    def scene(s):
        center = s["players"]["p2"]["center"]
        center.update(card="FX02-006_C", stack=[AKARI_D, "FX02-003_C"], cheer=[RED, RED, BLUE], attached=[MIC])
    s = step(p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"), WHITE)
    # 80 + 特攻 白+50 + ハンドマイク 10 = 140 ≥ 80: 雪見ユキ Debut is down
    down = [e for e in s["events"] if e["kind"] == "down"]
    assert down == [{"kind": "down", "seat": "p1", "pos": "center", "card": YUKI_D, "lives": 1}]
    assert [e["amount"] for e in s["events"] if e["kind"] == "damage"] == [140]


def test_a_down_archives_the_holomem_takes_one_life_attaches_it_and_moves_the_back_to_the_centre():
    def scene(s):
        s["players"]["p1"]["center"]["damage"] = 70
    s = step(p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    p1 = s["players"]["p1"]
    assert p1["archive"] == [YUKI_D, WHITE]  # the holomem and the cheer on it
    assert p1["life"] == 4 and p1["center"]["card"] == YUKI_DU and p1["back"] == []
    assert p1["center"]["cheer"] == [GREEN]  # the life, face up, attached (with one holomem: there)
    assert s["zones"]["piles"]["cheer/p1"]["size"] == 18  # the life was part of the cheer pile
    line = RULES.describe(p2_attacks_after(scene), {**c("p2", "arts", holomem="center", art=0, target="center"),
                                                    "outcomes": [GREEN]}, s, "public")
    assert "ダウン" in line and "ライフ" in line and "公式ルール" in line


def test_with_several_holomem_the_owner_chooses_where_the_life_goes():
    def scene(s):
        s["players"]["p1"]["center"]["damage"] = 70
        s["players"]["p1"]["back"].append(dict(s["players"]["p1"]["back"][0], card=YUKI_D))
    s = step(p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"), GREEN)
    assert s["pending"]["seat"] == "p1" and s["pending"]["kind"] == "take_life"
    assert s["pending"]["options"] == ["back0", "back1"]
    s = step(s, c("p1", "choose", choice="back1"))
    assert s["pending"]["kind"] == "replace_center"
    s = step(s, c("p1", "choose", choice="back1"))
    assert s["players"]["p1"]["center"]["cheer"] == [GREEN] and s["players"]["p1"]["center"]["card"] == YUKI_D


def test_a_buzz_holomem_down_takes_two_lives():
    def scene(s):
        s["players"]["p1"]["center"].update(card=AKARI_BUZZ, damage=190)
    s = step(p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"), WHITE, GREEN)
    assert s["players"]["p1"]["life"] == 3
    assert [e["card"] for e in s["events"] if e["kind"] == "life"] == [WHITE, GREEN]


def test_the_last_life_ends_the_game():
    def scene(s):
        s["players"]["p1"].update(life=1)
        s["players"]["p1"]["center"]["damage"] = 70
    s = step(p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"), WHITE)
    assert RULES.outcome(s).winners == ("p2",) and "ライフが0" in RULES.outcome(s).reason
    assert RULES.legal(s, "p1") == [] and RULES.to_act(s) == ()
    with pytest.raises(RuleViolation, match="over"):
        step(s, c("p1", "end_turn"))


def test_no_holomem_left_on_the_stage_loses():
    def scene(s):
        s["players"]["p1"]["back"] = []
        s["players"]["p1"]["center"]["damage"] = 70
    s = step(p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"))  # no life taken
    assert RULES.outcome(s).winners == ("p2",) and "ステージ" in RULES.outcome(s).reason


def test_a_player_who_cannot_draw_in_the_draw_phase_loses():
    s = copy.deepcopy(p1_main())
    s["zones"]["piles"]["deck/p2"].update(size=0, unseen={})
    s = step(s, c("p1", "end_turn"))
    assert RULES.outcome(s).winners == ("p1",) and "山札が0枚" in RULES.outcome(s).reason


def test_simultaneous_downs_the_next_player_resolves_first():
    """Special damage to both centres at once (a given state): p1 is active, so p2 (who plays
    next) takes its life and moves up its back first."""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["center"]["damage"] = 80
    s["players"]["p2"]["center"]["damage"] = 90
    s["players"]["p1"]["back"].append(dict(s["players"]["p1"]["back"][0], card=YUKI_D))
    s["players"]["p2"]["back"].append(dict(s["players"]["p2"]["back"][0], card=AKARI_D))
    from kifu.replays.games.hocg.effects import check_downs
    t = RULES.context(s, RULES.cardset)
    check_downs(t)
    assert [f["seat"] for f in reversed(s["stack"])] == ["p2", "p2", "p1", "p1"]
    assert [f["effect"] for f in reversed(s["stack"])] == ["take_life", "replace_center"] * 2
    assert MEMO and AKARI_DU and YUKI_2 and BLUE


# ------------------------------------------------------------------ ダウン①: abilities of the downed holomem

DRAW_ON_DOWN = "相手のターンで、このホロメンがダウンした時、自分のデッキを1枚引く。"


def with_yuki_gift(text: str, effect: str | None, params: dict | None = None):
    """The FIXTURE set, its 雪見ユキ Debut given a gift printed ``text`` (a given card set)."""
    from kifu.replays.games.hocg import RULES as UNBOUND
    from kifu.replays.kit.cardset import packaged

    data = copy.deepcopy(next(d for d in packaged(UNBOUND.package) if d["id"] == UNBOUND.default_cardset))
    card = next(c for c in data["cards"] if c["id"] == YUKI_D)
    card["abilities"] = [{"kind": "gift", "name": "テストのギフト", "text": text, "holopower": 0, "limit": None,
                          "effect": effect, "params": params or {}}]
    return UNBOUND.bind(UNBOUND.load_cardset(data))


def test_the_list_text_of_a_down_trigger_is_recognised_and_one_reading_the_holomem_is_not():
    from kifu.replays.games.hocg import rawlist
    assert rawlist.recognise(DRAW_ON_DOWN) == ("on_down", {"opp_turn": True, "then": {"effect": "draw",
                                                                                      "params": {"count": 1}}})
    assert rawlist.recognise("このホロメンがダウンした時、自分のデッキを2枚引く。")[1]["opp_turn"] is False
    # the holomem is archived (ダウン②) when an ``on_down`` trigger runs: one that reads it resolves in the "down"
    # window instead, at ダウン① while the holomem is still there (``keywords_gifts.window_gift``)
    assert rawlist.recognise("相手のターンで、このホロメンがダウンした時、自分のエールデッキの上から1枚をこのホロメンに送る。") == (
        "window_gift", {"moment": "down", "who": {"self": True}, "reads": "subject",
                        "then": {"effect": "cheer_to", "params": {"to": "self"}}})


def test_downed_on_the_opponents_turn_its_ability_resolves_before_the_life_is_taken():
    """その他の現象/ダウン ①: 「そのホロメンがダウンした時に働く…効果があれば、それを処理する」, then ②③④."""
    from kifu.replays import engine
    rules = with_yuki_gift(DRAW_ON_DOWN, *rawlist_of(DRAW_ON_DOWN))

    def scene(s):
        s["players"]["p1"]["center"]["damage"] = 70
    given = p2_attacks_after(scene)
    hand = list(given["players"]["p1"]["hand"])
    # the outcomes in the order the events happen: p1's draw (①), then its life (③)
    s = engine.step(rules, given, {**c("p2", "arts", holomem="center", art=0, target="center"),
                                   "outcomes": [MEMO, GREEN]})
    p1 = s["players"]["p1"]
    assert p1["hand"] == [*hand, MEMO] and p1["life"] == 4 and p1["center"]["cheer"] == [GREEN]
    kinds = [e["kind"] for e in s["events"]]
    assert kinds.index("down_ability") < kinds.index("draw") < kinds.index("life")


def test_downed_on_its_own_turn_an_opponents_turn_ability_does_not_fire():
    from kifu.replays import engine
    rules = with_yuki_gift(DRAW_ON_DOWN, *rawlist_of(DRAW_ON_DOWN))
    s = copy.deepcopy(p1_main())
    hand = s["players"]["p1"]["hand"]
    hand[hand.index(MIC)] = MEMO
    s = engine.step(rules, s, c("p1", "support", card=MEMO))
    s = engine.step(rules, s, {**c("p1", "effect", op="damage", source={"card": MEMO, "ability": "support"},
                                   pos="center", amount=100), "outcomes": [GREEN]})
    assert "down_ability" not in [e["kind"] for e in s["events"]]
    assert s["players"]["p1"]["life"] == 4 and s["pending"]["kind"] == "manual"  # back to ふしぎなメモ


def test_an_unautomated_down_ability_waits_for_its_owner_on_the_opponents_turn():
    from kifu.replays import engine
    text = "相手のターンで、このホロメンがダウンした時、このホロメンのエール1枚を、自分の他のホロメンに付け替えられる。"
    rules = with_yuki_gift(text, None)

    def scene(s):
        s["players"]["p1"]["center"]["damage"] = 70
    s = engine.step(rules, p2_attacks_after(scene), c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "manual" and s["pending"]["seat"] == "p1" and s["players"]["p1"]["life"] == 5
    assert rules.view(s, "public")["pending"]["text"] == text
    gift = {"card": YUKI_D, "ability": "テストのギフト"}
    assert any(cmd["type"] == "effect" for cmd in rules.legal(s, "p1"))  # the table offers its steps
    s = engine.step(rules, s, c("p1", "effect", op="attach_cheer", source=gift, card=WHITE, src="archive",
                                pos="back0"))
    s = engine.step(rules, s, {**c("p1", "choose", choice="done"), "outcomes": [GREEN]})
    p1 = s["players"]["p1"]
    assert p1["life"] == 4 and p1["center"]["cheer"] == [WHITE, GREEN]  # the back moved up to the centre


def rawlist_of(text: str) -> tuple:
    from kifu.replays.games.hocg import rawlist
    return rawlist.recognise(text)
