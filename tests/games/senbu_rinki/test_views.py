"""Views, the move list and redaction: who may see which role, and when they learned it."""
import pytest

from replays.games.senbu_rinki import RULES

from .helpers import attack, cmd, defend, finish_round, play, strike, table, with_seat

ROLES = ["danshi", "sokogun", "saniwa", "danshi", "sokogun"]


def roles_seen(state, perspective):
    return {s["seat"]: s["role"] for s in RULES.view(state, perspective)["seats"] if s["role"]}


def test_view_a_seat_sees_its_own_role_and_the_public_sees_none():
    state = table(ROLES)
    assert roles_seen(state, "p1") == {"p1": "danshi"}
    assert roles_seen(state, "p3") == {"p3": "saniwa"}
    assert roles_seen(state, "public") == {}
    assert roles_seen(state, "omniscient") == dict(zip(["p1", "p2", "p3", "p4", "p5"], ROLES))


def test_view_攻撃_a_look_shows_the_role_to_the_attacker_with_the_step():
    state = play(with_seat(table(ROLES), "p2", tosou=0), attack("p1", "p2"), strike("p1", "look"))
    mine = RULES.view(state, "p1")["seats"][1]
    assert mine["role"] == "sokogun" and mine["role_known"] == {"step": 2, "how": "攻撃"}
    assert roles_seen(state, "p2") == {"p2": "sokogun"}
    assert roles_seen(state, "public") == {}
    knew = RULES.view(state, "omniscient")["knew"]
    assert knew["p1"]["knows"] == {"p2": {"role": "sokogun", "step": 2, "how": "攻撃"}}
    assert knew["p2"]["knows"] == {}


def test_describe_a_look_names_the_role_only_to_the_looker_and_the_judge():
    before = play(with_seat(table(ROLES), "p2", tosou=0), attack("p1", "p2"))
    command = strike("p1", "look")
    assert "時間遡行軍" in RULES.describe(before, command, "p1")
    assert "時間遡行軍" in RULES.describe(before, command, "omniscient")
    for perspective in ("public", "p2", "p3"):
        line = RULES.describe(before, command, perspective)
        assert "p1 は p2 の役カードを見た" in line
        assert not any(label in line for label in ("時間遡行軍", "刀剣男士", "審神者"))


def test_view_一騎討ち_the_loser_s_role_is_shown_to_everyone():
    state = with_seat(table(ROLES), "p1", fatigue=2)
    index = state["deck"].index("danshi")
    state = play(state, cmd("duel", "p1", target="p2"), cmd("choose_card", "p2", index=index))
    assert "cards" not in RULES.view(state, "p1")["deck"]
    assert "card" not in RULES.view(state, "p1")["pending"] and "card" in RULES.view(state, "p2")["pending"]
    state = play(state, cmd("guess", "p1", role="danshi"))
    assert roles_seen(state, "public") == {"p2": "sokogun"}
    assert RULES.view(state, "public")["last_duel"]["card"] == "danshi"


def test_view_一騎討ち_the_nominee_sees_the_deck_while_choosing_and_its_make_up_afterwards():
    state = play(with_seat(table(ROLES), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    assert RULES.view(state, "p2")["deck"]["cards"] == state["deck"]
    assert "cards" not in RULES.view(state, "p1")["deck"] and "counts" not in RULES.view(state, "public")["deck"]
    state = play(state, cmd("choose_card", "p2", index=0))
    assert "cards" not in RULES.view(state, "p2")["deck"]
    assert RULES.view(state, "p2")["deck"]["counts"] == {"danshi": 5, "sokogun": 3}


def test_redact_the_nominee_s_card_index_is_hidden_from_everyone_else():
    state = play(with_seat(table(ROLES), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    command = cmd("choose_card", "p2", index=3)
    assert RULES.redact(state, command, "p2") == command
    assert RULES.redact(state, command, "omniscient") == command
    for perspective in ("p1", "p3", "public"):
        assert "index" not in RULES.redact(state, command, perspective)
        assert "枚目" not in RULES.describe(state, command, perspective)
    assert "枚目" in RULES.describe(state, command, "p2")


def test_view_勝利宣言_the_awaited_seat_is_named_only_to_the_saniwa_and_the_judge():
    state = finish_round(table(ROLES))
    assert RULES.view(state, "public")["to_act"] == [] and "seat" not in RULES.view(state, "public")["pending"]
    assert RULES.view(state, "p1")["to_act"] == []
    assert RULES.view(state, "p3")["to_act"] == ["p3"]
    assert RULES.view(state, "omniscient")["to_act"] == ["p3"]
    no = cmd("no_declaration", "p3")
    assert "p3" not in RULES.describe(state, no, "public") and "p3" in RULES.describe(state, no, "p3")
    assert RULES.redact(state, no, "public")["seat"] is None and RULES.redact(state, no, "p1")["seat"] is None
    assert RULES.redact(state, no, "p3") == no and RULES.redact(state, no, "omniscient") == no


def test_describe_eliminations_are_visible_and_attack_eliminations_keep_the_role_hidden():
    before = play(with_seat(table(ROLES), "p2", tosou=0, fatigue=2), attack("p1", "p2"))
    line = RULES.describe(before, strike("p1", "fatigue"), "public")
    assert "p2 脱落" in line and "役は伏せたまま" in line


def test_view_the_end_turns_every_role_up_and_names_the_winners():
    state = play(finish_round(table(ROLES)), cmd("declare_victory", "p3"))
    assert roles_seen(state, "public") == dict(zip(["p1", "p2", "p3", "p4", "p5"], ROLES))
    outcome = RULES.outcome(state)
    assert outcome.winners == ("p2", "p5")  # 時間遡行軍 were still in
    assert "勝利宣言" in outcome.reason and "時間遡行軍の勝利" in outcome.reason


@pytest.mark.parametrize("perspective", ["p6", "judge", ""])
def test_view_unknown_perspectives_are_refused(perspective):
    with pytest.raises(ValueError):
        RULES.view(table(ROLES), perspective)


def test_view_shows_the_public_board():
    state = play(table(ROLES, kinji="p2"), defend("p2"))
    view = RULES.view(state, "public")
    p2 = view["seats"][1]
    assert p2["defending"] and p2["kinji"] and p2["acted"] and p2["sword"]["name"] == "歌仙兼定"
    assert view["current"] == "p3" and view["phase"] == "turn" and view["round"] == 1
    assert view["role_table"] == {"saniwa": 1, "danshi": 2, "sokogun": 2}
