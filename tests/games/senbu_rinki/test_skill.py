"""－技能－ and 【特殊】: the fatigue price, targets, and round-scoped effects."""
from .helpers import RULES, attack, cmd, copied, defend, play, strike, table, violation, with_seat

SKILL = "技能"
ROLES = ["danshi", "sokogun", "saniwa", "danshi", "sokogun"]


def skill(seat, target=None):
    return cmd("skill", seat) if target is None else cmd("skill", seat, target=target)


def test_技能_costs_a_non_kinji_one_fatigue_step_and_the_kinji_nothing():
    state = table(ROLES, swords=["今剣", "加州清光", "歌仙兼定", "燭台切光忠", "岩融"])
    state = play(state, skill("p1", "p2"), skill("p2"))
    assert state["seats"]["p1"]["fatigue"] == 0  # p1 is the 近侍
    assert state["seats"]["p2"]["fatigue"] == 1 and state["seats"]["p2"]["tosou"] == 3


def test_技能_a_non_kinji_at_red_may_use_it_and_is_then_eliminated_role_hidden():
    state = with_seat(table(ROLES, swords=["今剣", "加州清光", "歌仙兼定", "燭台切光忠", "岩融"]), "p2", fatigue=2)
    state = play(state, defend("p1"), skill("p2"))
    assert state["seats"]["p2"]["tosou"] == 3  # the skill happened
    assert state["seats"]["p2"]["eliminated"] and "p2" not in state["face_up"]


def test_技能_look_role_shows_the_target_s_role_to_the_user_only():
    state = play(table(ROLES, swords=["今剣", "加州清光", "歌仙兼定", "燭台切光忠", "岩融"]), skill("p1", "p3"))
    assert state["knowledge"]["p1"] == {"p3": {"step": 1, "how": "技能"}} and state["roles"]["p3"] == "saniwa"
    assert all(not state["knowledge"][s] for s in ("p2", "p3", "p4", "p5"))


def test_技能_targets_another_player_unless_stated():
    state = table(ROLES, swords=["今剣", "加州清光", "歌仙兼定", "燭台切光忠", "岩融"])
    violation(state, skill("p1", "p1"), SKILL)
    violation(state, skill("p1"), SKILL)
    violation(with_seat(state, "p2", eliminated=True), skill("p1", "p2"), SKILL)
    state = play(state, defend("p1"))
    violation(state, skill("p2", "p3"), SKILL)  # 加州清光's skill takes no target


def test_特殊_self_target_lets_the_skill_target_oneself():
    state = table(ROLES, swords=["同田貫正国", "加州清光", "歌仙兼定", "燭台切光忠", "岩融"])
    state = play(state, skill("p1", "p1"))
    assert state["seats"]["p1"]["tosou"] == 1


def test_技能_skip_turn_reaches_only_players_who_have_not_acted_this_round():
    state = table(ROLES, swords=["加州清光", "歌仙兼定", "鶴丸国永", "燭台切光忠", "岩融"])
    state = play(state, defend("p1"), defend("p2"), skill("p3", "p1"))
    assert state["skipped"] == [] and state["current"] == "p4"  # p1 already acted: no effect
    state = table(ROLES, swords=["鶴丸国永", "歌仙兼定", "加州清光", "燭台切光忠", "岩融"])
    state = play(state, skill("p1", "p3"))
    assert state["skipped"] == ["p3"]
    state = play(state, defend("p2"))
    assert state["current"] == "p4"


def test_技能_extra_attacks_for_everyone_reach_only_later_players():
    state = table(ROLES, swords=["加州清光", "大和守安定", "歌仙兼定", "燭台切光忠", "岩融"], kinji="p5")
    state = play(state, defend("p5"), defend("p1"), skill("p2"))
    assert [RULES.view(state, "public")["seats"][i]["bonus_attacks"] for i in range(5)] == [0, 0, 1, 1, 0]
    state = play(state, attack("p3", "p4"))
    assert state["seats"]["p4"]["tosou"] == 0  # 1 + 1 attacks broke both 刀装


def test_技能_a_named_type_reaches_players_regardless_of_order():
    state = table(ROLES, swords=["燭台切光忠", "加州清光", "へし切長谷部", "歌仙兼定", "岩融"], kinji="p3")
    # 打刀: 加州清光 (p2, before... after p3 in order), 歌仙兼定 (p4)
    state = play(state, skill("p3"))
    assert state["round_effects"][0]["reach"] is None
    state = play(state, attack("p4", "p5"))
    assert state["seats"]["p5"]["tosou"] == 1  # 歌仙兼定 is a 打刀: 2 attacks on 岩融's 3
    state = play(state, attack("p5", "p1"))  # 岩融 is a 薙刀: one attack
    assert state["seats"]["p1"]["tosou"] == 1


def test_技能_guard_for_a_school_or_tosou_holders():
    state = table(ROLES, swords=["薬研藤四郎", "加州清光", "一期一振", "歌仙兼定", "岩融"])
    state = play(state, skill("p1"))
    violation(state, attack("p2", "p3"), "攻撃")  # 一期一振 is 粟田口
    violation(state, attack("p2", "p1"), "攻撃")
    state = table(ROLES, swords=["一期一振", "加州清光", "今剣", "歌仙兼定", "岩融"])
    state = play(with_seat(state, "p3", tosou=0), skill("p1"))
    assert {c["target"] for c in RULES.legal(state, "p2") if c["type"] == "attack"} == {"p3"}


def test_技能_tosou_gain_and_break_use_the_centre():
    state = table(ROLES, swords=["燭台切光忠", "岩融", "加州清光", "歌仙兼定", "今剣"], token_cap=30)
    pool = state["pool"]
    state = play(state, skill("p1", "p5"), skill("p2", "p5"))
    assert state["seats"]["p5"]["tosou"] == 0 and state["pool"] == pool - 1 + 2
    state = table(ROLES, swords=["燭台切光忠", "岩融", "加州清光", "歌仙兼定", "今剣"], token_cap=10)
    assert state["pool"] == 0
    state = play(state, skill("p1", "p5"))
    assert state["seats"]["p5"]["tosou"] == 1  # the centre was empty


def test_技能_fatigue_from_a_skill_stops_at_red_and_rest_lowers_it():
    state = table(ROLES, swords=["蜻蛉切", "歌仙兼定", "石切丸", "加州清光", "今剣"])
    state = play(state, skill("p1", "p2"))  # skill_boost: 2 steps
    assert state["seats"]["p2"]["fatigue"] == 2
    state = play(state, skill("p2", "p2"))  # 歌仙兼定 may rest itself (any): 1 step down, then +1 for the use
    assert state["seats"]["p2"]["eliminated"]  # it was at red when used as a non-近侍
    state = with_seat(table(ROLES, swords=["加州清光", "歌仙兼定", "石切丸", "蜻蛉切", "今剣"]), "p3", fatigue=2)
    state = play(state, defend("p1"), defend("p2"), skill("p3", "p4"))
    assert not state["seats"]["p3"]["eliminated"] and state["seats"]["p3"]["fatigue"] == 2  # tireless


def test_技能_is_always_available_even_without_effect():
    state = play(table(ROLES), defend("p1"))
    state = copied(with_seat(state, "p2", tosou=0))
    state["released"] = True
    types = {c["type"] for c in RULES.legal(state, "p2")}
    assert "skill" in types and "defend" not in types


def test_攻撃_look_knowledge_stays_with_the_attacker():
    state = with_seat(table(ROLES), "p2", tosou=0)
    state = play(state, attack("p1", "p2"), strike("p1", "look"))
    assert "p2" in state["knowledge"]["p1"]
    assert not any(state["knowledge"][s] for s in ("p2", "p3", "p4", "p5"))
