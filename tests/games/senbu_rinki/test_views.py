"""Views, the move list and redaction: who may see which role, and when they learned it."""
import pytest

from kifu.replays import canon

from .helpers import RULES, attack, choose, cmd, defend, finish_round, play, strike, table, with_seat

ROLES = ["danshi", "sokogun", "saniwa", "danshi", "sokogun"]


def roles_seen(state, perspective):
    return {s["seat"]: s["role"] for s in RULES.view(state, perspective)["seats"] if s["role"]}


def line(before, command, perspective):
    return RULES.describe(before, command, RULES.apply(before, command), perspective)


def redacted(before, command, perspective):
    return RULES.redact(before, command, RULES.apply(before, command), perspective)


def test_view_a_seat_sees_its_own_role_and_the_public_sees_none():
    state = table(ROLES)
    assert roles_seen(state, "p1") == {"p1": "danshi"}
    assert roles_seen(state, "p3") == {"p3": "saniwa"}
    assert roles_seen(state, "public") == {}
    assert roles_seen(state, "omniscient") == dict(zip(["p1", "p2", "p3", "p4", "p5"], ROLES))


def test_view_never_shows_the_seed_and_always_has_unknown_and_revealed():
    state = table(ROLES, seed="a-secret-seed")
    for perspective in ("public", "p1", "omniscient"):
        view = RULES.view(state, perspective)
        assert "a-secret-seed" not in canon.dumps(view)
        assert view["unknown"] == {} and view["revealed"] == [] and view["table"] == "digital"


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
    assert "時間遡行軍" in line(before, command, "p1")
    assert "時間遡行軍" in line(before, command, "omniscient")
    for perspective in ("public", "p2", "p3"):
        text = line(before, command, perspective)
        assert "p1 は p2 の役カードを見た" in text
        assert not any(label in text for label in ("時間遡行軍", "刀剣男士", "審神者"))


def test_view_一騎討ち_the_loser_s_role_is_shown_to_everyone():
    state = with_seat(table(ROLES), "p1", fatigue=2)
    state = play(state, cmd("duel", "p1", target="p2"), choose("p2", "danshi"))
    assert "cards" not in RULES.view(state, "p1")["deck"]
    assert "card" not in RULES.view(state, "p1")["pending"] and RULES.view(state, "p2")["pending"]["card"] == "danshi"
    state = play(state, choose("p1", "danshi"))
    assert roles_seen(state, "public") == {"p2": "sokogun"}
    assert RULES.view(state, "public")["last_duel"]["card"] == "danshi"


def test_view_一騎討ち_the_nominee_sees_the_deck_while_choosing_and_its_make_up_afterwards():
    state = play(with_seat(table(ROLES), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    assert RULES.view(state, "p2")["deck"]["cards"] == ["danshi"] * 5 + ["sokogun"] * 3
    assert RULES.view(state, "p2")["pending"]["options"] == ["danshi", "sokogun"]
    assert "options" not in RULES.view(state, "p1")["pending"]  # what the nominee may take is its own
    assert "cards" not in RULES.view(state, "p1")["deck"] and "counts" not in RULES.view(state, "public")["deck"]
    state = play(state, choose("p2", "sokogun"))
    assert "cards" not in RULES.view(state, "p2")["deck"]
    assert RULES.view(state, "p2")["deck"]["counts"] == {"danshi": 5, "sokogun": 3}  # the chosen card included
    assert RULES.view(state, "public")["deck"]["size"] == 7  # it lies in the centre


def test_redact_the_nominee_s_card_is_hidden_from_everyone_else():
    state = play(with_seat(table(ROLES), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    command = choose("p2", "sokogun")
    assert redacted(state, command, "p2") == command
    assert redacted(state, command, "omniscient") == command
    for perspective in ("p1", "p3", "public"):
        assert redacted(state, command, perspective) == {**command, "choice": None}
        assert "時間遡行軍" not in line(state, command, perspective)
    assert "［時間遡行軍］" in line(state, command, "p2")


def test_view_勝利宣言_the_saniwa_is_awaited_only_in_its_own_and_the_judge_s_view():
    state = finish_round(table(ROLES, kinji="p1"))  # p3 is the 審神者, p2 the new 近侍
    assert RULES.to_act(state) == ("p2", "p3")
    for perspective in ("public", "p1", "p2", "p4", "p5"):
        view = RULES.view(state, perspective)
        assert view["to_act"] == ["p2"] and view["declaration_open"] and view["pending"] is None
    assert RULES.view(state, "p3")["to_act"] == ["p2", "p3"]
    assert RULES.view(state, "omniscient")["to_act"] == ["p2", "p3"]
    declare = cmd("declare_victory", "p3")
    assert redacted(state, declare, "public") == declare  # declaring turns the card up anyway
    assert "p3" in line(state, declare, "public")


def test_view_勝利宣言_no_view_of_a_seat_that_does_not_know_tells_the_saniwa_apart():
    """The 審神者 (p3) and a hidden 刀剣男士 (p4) swap roles: around a 周 end, the views of
    the public and of p1, p2 and p5 (who know neither) are the same JSON."""
    swapped_roles = ["danshi", "sokogun", "danshi", "saniwa", "sokogun"]
    for kinji in ("p1", "p2", "p3", "p4", "p5"):
        before = table(ROLES, kinji=kinji)
        after = table(swapped_roles, kinji=kinji)
        windows = 0
        while True:
            for perspective in ("public", "p1", "p2", "p5"):
                assert canon.dumps(RULES.view(before, perspective)) == canon.dumps(RULES.view(after, perspective))
            if before["declaration_open"]:
                windows += 1
                assert "p3" in RULES.view(before, "p3")["to_act"]  # the 審神者 sees that it may declare
                assert RULES.view(after, "p3")["to_act"] == [after["kinji"]]  # a 刀剣男士 sees the 近侍 only
            if before["round"] == 3:
                break
            legal = RULES.legal(before, before["current"])
            command = next((c for c in legal if c["type"] == "defend"), legal[0])
            for perspective in ("public", "p1", "p2", "p5"):
                assert line(before, command, perspective) == line(after, command, perspective)
            before, after = play(before, command), play(after, command)
        assert windows == 2


def test_redact_blanks_nothing_at_a_digital_table_but_the_nominee_s_card():
    state = finish_round(table(ROLES, kinji="p1"))
    for command in RULES.legal(state, "p2") + RULES.legal(state, "p3"):
        for perspective in ("public", "p1", "p4", "omniscient"):
            assert redacted(state, command, perspective) == command


def test_describe_eliminations_are_visible_and_attack_eliminations_keep_the_role_hidden():
    before = play(with_seat(table(ROLES), "p2", tosou=0, fatigue=2), attack("p1", "p2"))
    text = line(before, strike("p1", "fatigue"), "public")
    assert "p2 脱落" in text and "役は伏せたまま" in text


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
