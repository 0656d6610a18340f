"""パフォーマンスフェイズ damage, ダウン and its four steps, ライフ, and 勝利条件."""
from __future__ import annotations

import copy

import pytest

from replays.errors import RuleViolation

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
    from replays.games.hocg.effects import check_downs
    t = RULES.context(s, RULES.cardset)
    check_downs(t)
    assert [f["seat"] for f in reversed(s["stack"])] == ["p2", "p2", "p1", "p1"]
    assert [f["effect"] for f in reversed(s["stack"])] == ["take_life", "replace_center"] * 2
    assert MEMO and AKARI_DU and YUKI_2 and BLUE
