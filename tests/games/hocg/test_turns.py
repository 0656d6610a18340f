"""ターンの流れ: reset, draw, cheer, main (play, Bloom, support, oshi skills, collab, baton
touch), performance and end, each given/when/then."""
from __future__ import annotations

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import is_token

from .helpers import (AKARI_1, AKARI_DU, GREEN, LETTER, MANAGER, MEMO, MIC, MIDORI_D, RED, RULES, WHITE, YUKI_1,
                      YUKI_2, YUKI_D, YUKI_DU, c, ready, step)


def p1_main():
    """p1's first turn, main phase (centre 雪見ユキ Debut with a white cheer, back 雪見ユキ)."""
    return step(ready(), c("p1", "choose", choice="center"))


def p2_turn(s, draw=MEMO, cheer=RED, to="center"):
    s = step(s, c("p1", "end_turn"), draw, cheer)
    return step(s, c("p2", "choose", choice=to))


def test_the_first_players_first_turn_has_no_draw_no_arts_no_limited_no_bloom():
    s = p1_main()
    assert s["players"]["p1"]["turns"] == 1 and len(s["players"]["p1"]["hand"]) == 5
    with pytest.raises(RuleViolation, match="先攻1ターン目はアーツ"):
        step(s, c("p1", "arts", holomem="center", art=0, target="center"))
    with pytest.raises(RuleViolation, match="LIMITED"):
        step(s, c("p1", "support", card=MANAGER))
    with pytest.raises(RuleViolation, match="first turn"):
        step(s, c("p1", "bloom", card=YUKI_1, target="center"))


def test_end_turn_runs_the_next_players_reset_draw_and_cheer():
    s = step(p1_main(), c("p1", "end_turn"), MEMO, RED)
    p2 = s["players"]["p2"]
    assert s["active"] == "p2" and s["turn"] == 2 and p2["turns"] == 1
    assert MEMO in p2["hand"] and len(p2["hand"]) == 6
    assert s["pending"]["kind"] == "cheer_step" and s["pending"]["options"] == ["center", "back0"]
    s = step(s, c("p2", "choose", choice="back0"))
    assert s["players"]["p2"]["back"][0]["cheer"] == [RED] and s["phase"] == "main"


def test_the_draw_and_the_cheer_are_refused_if_impossible():
    with pytest.raises(RuleViolation, match="not possible"):
        step(p1_main(), c("p1", "end_turn"), "FX01-005_C", RED)  # p2's deck holds no 雪見ユキ 2nd
    with pytest.raises(RuleViolation, match="not possible"):
        step(p1_main(), c("p1", "end_turn"), MEMO, WHITE)  # p2's cheer is red and blue


def test_the_second_player_may_use_arts_on_its_first_turn_but_not_bloom():
    s = p2_turn(p1_main())
    with pytest.raises(RuleViolation, match="first turn"):
        step(s, c("p2", "bloom", card=AKARI_1, target="center"))
    s = step(s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 20 and s["phase"] == "performance"
    with pytest.raises(RuleViolation, match="main phase"):
        step(s, c("p2", "play", card=MEMO))
    with pytest.raises(RuleViolation, match="already used"):
        step(s, c("p2", "arts", holomem="center", art=0, target="center"))


def test_play_puts_a_debut_to_the_back_and_a_1st_only_blooms():
    s = p1_main()
    s = step(s, c("p1", "play", card=MIDORI_D))
    assert [h["card"] for h in s["players"]["p1"]["back"]] == [YUKI_DU, MIDORI_D]
    with pytest.raises(RuleViolation, match="Debut or Spot"):
        step(s, c("p1", "play", card=YUKI_1))


def test_collab_once_per_turn_puts_the_deck_top_face_down_to_holopower_and_rests_at_the_next_reset():
    s = step(p1_main(), c("p1", "collab", back="back0"))  # face down, seen by nobody: not stated
    p1 = s["players"]["p1"]
    assert p1["collab"]["card"] == YUKI_DU and is_token(p1["holopower"][0]) and p1["back"] == []
    assert s["zones"]["piles"]["deck/p1"]["size"] == 42
    assert RULES.view(s, "p2")["players"]["p1"]["holopower"] == 1
    assert LETTER not in RULES.view(s, "p2")["cards"] or LETTER in s["players"]["p1"]["archive"]
    s = step(p2_turn(s), c("p2", "end_turn"), MIC, GREEN)
    p1 = s["players"]["p1"]
    assert p1["collab"] is None and p1["back"][-1]["card"] == YUKI_DU and p1["back"][-1]["rested"]
    with pytest.raises(RuleViolation, match="resting"):
        step(step(s, c("p1", "choose", choice="center")), c("p1", "collab", back="back0"))


def test_bloom_by_level_and_name_and_not_on_a_holomem_that_came_this_turn():
    s = p2_turn(p1_main())
    s = step(s, c("p2", "end_turn"), YUKI_2, GREEN)  # p1 turn 3: draws a 2nd
    s = step(s, c("p1", "choose", choice="center"))
    with pytest.raises(RuleViolation, match="from a 1st"):
        step(s, c("p1", "bloom", card=YUKI_2, target="center"))
    s = step(s, c("p1", "play", card=MIDORI_D))
    with pytest.raises(RuleViolation, match="blooms only on 雪見ユキ, not 森野ミドリ"):
        step(s, c("p1", "bloom", card=YUKI_1, target="back1"))
    s = step(s, c("p1", "bloom", card=YUKI_1, target="center"), WHITE)  # its bloom effect sends a cheer
    center = s["players"]["p1"]["center"]
    assert center["card"] == YUKI_1 and center["stack"] == [YUKI_D] and center["cheer"] == [WHITE, GREEN, WHITE]
    with pytest.raises(RuleViolation, match="bloomed this turn"):
        step(s, c("p1", "bloom", card=YUKI_2, target="center"))


def test_baton_touch_archives_the_centres_cost_and_swaps():
    s = p1_main()
    with pytest.raises(RuleViolation, match="cost is 1"):
        step(s, c("p1", "baton_touch", back="back0", cheer=[]))
    with pytest.raises(RuleViolation, match="not all attached"):
        step(s, c("p1", "baton_touch", back="back0", cheer=[GREEN]))
    s = step(s, c("p1", "baton_touch", back="back0", cheer=[WHITE]))
    p1 = s["players"]["p1"]
    assert p1["center"]["card"] == YUKI_DU and p1["back"][0]["card"] == YUKI_D and p1["archive"] == [WHITE]
    with pytest.raises(RuleViolation, match="once per turn"):
        step(s, c("p1", "baton_touch", back="back0", cheer=[]))


def test_oshi_skill_pays_holopower_once_per_turn_and_sp_once_per_game():
    s = step(p1_main(), c("p1", "collab", back="back0"))
    with pytest.raises(RuleViolation, match="2 ホロパワー needed"):
        step(s, c("p1", "oshi_skill", skill="sp"))
    s = step(s, c("p1", "oshi_skill", skill="oshi"), LETTER)  # ゆきのしらべ: arts +20; the card paid turned up
    assert s["players"]["p1"]["holopower"] == [] and s["players"]["p1"]["archive"] == [LETTER]
    s = step(s, c("p1", "choose", choice="collab"))
    assert s["players"]["p1"]["collab"]["mods"]["arts"] == 20
    with pytest.raises(RuleViolation, match="ホロパワー|once per turn"):
        step(s, c("p1", "oshi_skill", skill="oshi"))
    s = step(s, c("p1", "end_turn"), MEMO, RED)
    assert s["players"]["p1"]["collab"]["mods"]["arts"] == 0  # 「このターンの間」 is over


def test_a_turn_is_ended_only_from_main_or_performance_and_only_by_the_active_seat():
    s = ready()
    with pytest.raises(RuleViolation):
        step(s, c("p1", "end_turn"))
    with pytest.raises(RuleViolation, match="p1's turn"):
        step(p1_main(), c("p2", "end_turn"))
    assert AKARI_DU and RULES.phase(p1_main()) == "main"
