"""－攻撃－, 【疲労度】 and 【脱落】 by attack."""
from .helpers import RULES, attack, cmd, defend, play, strike, table, violation, with_seat

ATTACK = "攻撃"
ROLES = ["danshi", "sokogun", "saniwa", "danshi", "sokogun"]


def test_攻撃_each_attack_breaks_one_tosou_of_a_target_that_has_some():
    state = table(ROLES)  # p2 holds 歌仙兼定 with 2 刀装
    state = play(state, attack("p1", "p2"))
    assert state["seats"]["p2"]["tosou"] == 1
    assert state["current"] == "p2" and state["pending"] is None


def test_攻撃_extra_attacks_cost_own_tosou_declared_before_attacking():
    state = table(ROLES, token_cap=30)
    pool = state["pool"]
    state = play(state, attack("p1", "p2", extra=2))
    assert state["seats"]["p1"]["tosou"] == 0  # both spent
    assert state["seats"]["p2"]["tosou"] == 0  # two broken
    assert state["pool"] == pool + 4  # spent and broken 刀装 go back to the centre
    assert state["attack"] == {"target": "p2", "remaining": 1, "start_red": False}
    assert {k: state["pending"][k] for k in ("seat", "kind", "options", "secret")} == {
        "seat": "p1", "kind": "strike", "options": ["look", "fatigue"], "secret": False}


def test_攻撃_more_extra_attacks_than_own_tosou_are_refused():
    violation(table(ROLES), attack("p1", "p2", extra=3), ATTACK)


def test_攻撃_without_tosou_the_attacker_chooses_look_or_fatigue_per_attack():
    state = with_seat(table(ROLES), "p2", tosou=0)
    state = play(state, attack("p1", "p2", extra=1))
    assert RULES.to_act(state) == ("p1",)
    assert {c["choice"] for c in RULES.legal(state, "p1")} == {"look", "fatigue"}
    state = play(state, strike("p1", "look"))
    assert state["knowledge"]["p1"]["p2"] == {"step": state["step"], "how": "攻撃"}
    assert state["roles"]["p2"] == "sokogun"
    assert state["seats"]["p2"]["fatigue"] == 0  # looking does not tire
    state = play(state, strike("p1", "fatigue"))
    assert state["seats"]["p2"]["fatigue"] == 1 and state["current"] == "p2"


def test_攻撃_a_choice_that_is_not_an_option_is_refused():
    state = play(with_seat(table(ROLES), "p2", tosou=0), attack("p1", "p2"))
    violation(state, strike("p1", "both"), ATTACK)


def test_疲労度_stops_at_red_within_one_attack_when_it_started_below_red():
    state = with_seat(with_seat(table(ROLES), "p2", tosou=0), "p1", tosou=2)
    state = play(state, attack("p1", "p2", extra=2), strike("p1", "fatigue"), strike("p1", "fatigue"), strike("p1", "fatigue"))
    assert state["seats"]["p2"]["fatigue"] == 2 and not state["seats"]["p2"]["eliminated"]


def test_脱落_a_red_target_without_tosou_whose_fatigue_is_raised_is_eliminated_role_hidden():
    state = with_seat(table(ROLES), "p2", tosou=0, fatigue=2)
    state = play(state, attack("p1", "p2", extra=1), strike("p1", "fatigue"))
    assert state["seats"]["p2"]["eliminated"]
    assert "p2" not in state["face_up"]  # 攻撃を受けて脱落すると役カードは裏のまま
    assert state["current"] == "p3"  # the remaining attack is lost; p2 takes no turn


def test_脱落_a_red_target_whose_tosou_was_broken_in_the_same_attack_is_eliminated():
    state = with_seat(table(ROLES), "p2", tosou=1, fatigue=2)
    state = play(state, attack("p1", "p2", extra=1), strike("p1", "fatigue"))
    assert state["seats"]["p2"]["eliminated"]


def test_攻撃_the_saniwa_eliminated_ends_the_game_with_the_role_shown():
    state = with_seat(table(ROLES), "p3", tosou=0, fatigue=2)
    state = play(state, attack("p1", "p3"), strike("p1", "fatigue"))
    assert state["face_up"]["p3"] == {"step": state["step"], "how": "攻撃"}
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p2", "p5") and "審神者が脱落" in outcome.reason


def test_攻撃_defending_or_eliminated_players_or_oneself_cannot_be_attacked():
    state = play(table(ROLES), defend("p1"))
    violation(state, attack("p2", "p1"), ATTACK)
    violation(state, attack("p2", "p2"), ATTACK)
    violation(with_seat(state, "p3", eliminated=True), attack("p2", "p3"), ATTACK)
    violation(state, attack("p2", "p9"), ATTACK)
    assert all(c["target"] != "p1" for c in RULES.legal(state, "p2") if c["type"] == "attack")


def test_特殊_pierce_defence_may_attack_a_defending_player():
    swords = ["大倶利伽羅", "加州清光", "今剣", "燭台切光忠", "鶴丸国永"]
    state = play(table(ROLES, swords=swords, kinji="p2"), defend("p2"))
    state = play(state, attack("p3", "p4"), attack("p4", "p5"), attack("p5", "p1"))
    assert state["current"] == "p1"
    state = play(state, attack("p1", "p2"))
    assert state["seats"]["p2"]["tosou"] == 1


def test_攻撃_a_command_for_someone_else_s_pending_strike_is_refused():
    state = with_seat(table(ROLES), "p2", tosou=0)
    state = play(state, attack("p1", "p2"))
    violation(state, strike("p2", "look"), ATTACK)
    violation(state, cmd("defend", "p1"), ATTACK)
