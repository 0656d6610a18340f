"""Card abilities: the FIXTURE cards' automated effects (kit.Effects), and abilities
resolved by hand with structured effect commands, checked and attributed."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation

from .helpers import (AKARI_1P, AKARI_D, DICE, HANA, LETTER, MANAGER, MEMO, MIDORI_1, MIDORI_D, MIC, RED, RULES,
                      SNOWMAN, WHITE, YUKI_D, YUKI_DU, c, step, swap_in_hand)
from .test_turns import p1_main, p2_turn

MEMO_SRC = {"card": MEMO, "ability": "support"}


def memo_main():
    return swap_in_hand(p1_main(), "p1", MANAGER, MEMO)


def test_a_limited_staff_draws_two_and_a_second_limited_is_refused():
    s = p2_turn(p1_main())  # the second player may use LIMITED on its first turn
    s = step(s, c("p2", "support", card=MANAGER), AKARI_D, MEMO)
    assert s["players"]["p2"]["hand"][-2:] == [AKARI_D, MEMO] and MANAGER in s["players"]["p2"]["archive"]
    with pytest.raises(RuleViolation, match="ターンに1枚"):
        step(s, c("p2", "support", card=DICE))


def test_a_die_is_a_chance_event_and_decides_the_draw():
    s = p2_turn(p1_main())
    odd = step(s, c("p2", "support", card=DICE), 3, AKARI_D, MEMO)
    assert odd["roll"]["face"] == 3 and odd["players"]["p2"]["hand"][-2:] == [AKARI_D, MEMO]
    even = step(s, c("p2", "support", card=DICE), 4)
    assert even["roll"]["face"] == 4 and len(even["players"]["p2"]["hand"]) == len(s["players"]["p2"]["hand"]) - 1
    with pytest.raises(RuleViolation, match="not possible"):
        step(s, c("p2", "support", card=DICE), 7)


def test_a_search_shows_the_card_found_and_shuffles():
    s = step(p1_main(), c("p1", "support", card=LETTER))
    assert s["pending"]["kind"] == "search_deck" and s["pending"]["options"][-1] is None
    assert YUKI_D in s["pending"]["options"] and MIDORI_D in s["pending"]["options"]
    assert "options" not in RULES.view(s, "p2")["pending"]
    s = step(s, c("p1", "choose", choice=YUKI_D))
    assert s["players"]["p1"]["hand"][-1] == YUKI_D
    assert {"kind": "reveal", "seat": "p1", "card": YUKI_D, "source": LETTER} in s["events"]


def test_a_tool_and_a_mascot_attach_one_each_and_count():
    s = step(p1_main(), c("p1", "support", card=MIC, target="center"))
    assert s["players"]["p1"]["center"]["attached"] == [MIC]
    s2 = copy.deepcopy(s)
    s2["players"]["p1"]["hand"].append(MIC)
    with pytest.raises(RuleViolation, match="one tool per holomem"):
        step(s2, c("p1", "support", card=MIC, target="center"))
    s3 = copy.deepcopy(s)
    s3["players"]["p1"]["hand"].append(SNOWMAN)
    s3 = step(s3, c("p1", "support", card=SNOWMAN, target="center"))
    assert RULES.view(s3, "public")["players"]["p1"]["stage"]["center"]["hp"] == 100


def test_an_arts_effect_adds_to_the_art_and_a_collab_effect_deals_special_damage():
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=AKARI_1P, stack=[AKARI_D], cheer=[RED])
    s = step(s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert [e["amount"] for e in s["events"] if e["kind"] == "damage"] == [50]  # 30 + このアーツ+20
    g = copy.deepcopy(p1_main())
    g["players"]["p1"]["back"][0]["card"] = MIDORI_1
    g = step(g, c("p1", "collab", back="back0"))
    assert g["players"]["p2"]["center"]["damage"] == 10
    assert {"kind": "damage", "seat": "p2", "pos": "center", "card": AKARI_D, "amount": 10, "special": True,
            "source": MIDORI_1} in g["events"]


# ------------------------------------------------------------------ resolved by hand

def test_an_ability_without_automation_waits_with_its_text_and_takes_attributed_effect_commands():
    s = step(memo_main(), c("p1", "support", card=MEMO))
    assert s["pending"]["kind"] == "manual" and s["pending"]["options"] == ["done"]
    view = RULES.view(s, "public")["pending"]
    assert view["text"].startswith("自分の手札1枚をアーカイブできる") and view["card"] == MEMO
    with pytest.raises(RuleViolation, match="being resolved"):
        step(s, c("p1", "effect", op="draw", source={"card": LETTER, "ability": "support"}))
    with pytest.raises(RuleViolation, match="not in your hand"):
        step(s, c("p1", "effect", op="move", source=MEMO_SRC, card=YUKI_DU, src="hand", dest="archive"))
    with pytest.raises(RuleViolation):
        step(s, c("p2", "effect", op="draw", source=MEMO_SRC))
    s = step(s, c("p1", "effect", op="move", source=MEMO_SRC, card=MIC, src="hand", dest="archive"))
    s = step(s, c("p1", "effect", op="draw", source=MEMO_SRC, count=1), WHITE and YUKI_D)
    assert s["pending"]["kind"] == "manual" and MIC in s["players"]["p1"]["archive"]
    assert s["players"]["p1"]["hand"][-1] == YUKI_D
    label = RULES.label(s, c("p1", "effect", op="draw", source=MEMO_SRC, count=1), "p1")
    assert "ふしぎなメモ「support」" in label
    s = step(s, c("p1", "choose", choice="done"))
    assert s["pending"] is None and s["phase"] == "main"


def test_effect_commands_check_feasibility_and_downs_follow_a_damage_step():
    s = step(memo_main(), c("p1", "support", card=MEMO))
    with pytest.raises(RuleViolation, match="no holomem"):
        step(s, c("p1", "effect", op="damage", source=MEMO_SRC, side="opponent", pos="collab", amount=10))
    with pytest.raises(RuleViolation, match="cannot be in your deck"):
        step(s, c("p1", "effect", op="move", source=MEMO_SRC, card="FX02-006_C", src="deck", dest="hand"))
    s = step(s, c("p1", "effect", op="damage", source=MEMO_SRC, side="opponent", pos="center", amount=90), RED)
    assert s["players"]["p2"]["life"] == 4 and s["pending"]["kind"] == "manual"  # back to the ability


def test_a_search_not_shown_is_hidden_from_the_opponent_and_a_gift_on_stage_may_be_cited():
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = HANA
    gift = {"card": HANA, "ability": "団長の声援"}
    cmd = c("p1", "effect", op="move", source=gift, card=YUKI_D, src="deck", dest="hand")
    after = step(s, cmd)
    assert after["players"]["p1"]["hand"][-1] == YUKI_D
    assert RULES.redact(s, cmd, after, "p2")["card"] is None and RULES.redact(s, cmd, after, "p1")["card"] == YUKI_D
    assert "雪見ユキ" not in RULES.describe(s, cmd, after, "p2")
    with pytest.raises(RuleViolation, match="no ability"):
        step(s, c("p1", "effect", op="draw", source={"card": HANA, "ability": "nope"}))
    with pytest.raises(RuleViolation, match="not used this turn"):
        step(s, c("p1", "effect", op="draw", source={"card": LETTER, "ability": "support"}))
