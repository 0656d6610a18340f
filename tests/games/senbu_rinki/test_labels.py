"""Table labels: "p5 の役カードを見る", never the role the look will show.

The property: swap the roles of two seats whose roles ``seat`` does not know (its view is
checked to stay identical); the labels of ``seat``'s legal commands must not change.
"""
from __future__ import annotations

import itertools

import pytest

from kifu.replays import bot
from kifu.replays.games.senbu_rinki.roles import LABELS
from kifu.replays.games.senbu_rinki.view import visible_roles

from .helpers import RULES, attack, choose, cmd, copied, options, play, table, with_seat

ROLES = ["danshi", "sokogun", "saniwa", "danshi", "sokogun"]


def role_swaps(state: dict, seat: str) -> list[dict]:
    """States that differ only in the roles of two seats ``seat`` has not seen."""
    known = visible_roles(state, seat)
    unknown = [s for s in state["roles"] if s not in known]
    want = RULES.view(state, seat)
    out = []
    for a, b in itertools.combinations(unknown, 2):
        if state["roles"][a] == state["roles"][b]:
            continue
        v = copied(state)
        v["roles"][a], v["roles"][b] = v["roles"][b], v["roles"][a]
        assert RULES.view(v, seat) == want, "the swap must hide only what the seat does not know"
        out.append(v)
    return out


def assert_labels_ignore_unknown_roles(state: dict) -> int:
    """Check every seat the game awaits; return how many (swap, command) pairs were compared."""
    checked = 0
    for seat in RULES.to_act(state):
        legal = RULES.legal(state, seat)
        labels = [RULES.label(state, c, seat) for c in legal]
        for v in role_swaps(state, seat):
            assert RULES.legal(v, seat) == legal
            assert [RULES.label(v, c, seat) for c in legal] == labels, f"{seat} at step {state['step']}"
            checked += len(legal)
    return checked


def test_the_look_label_does_not_name_the_role():
    state = play(with_seat(table(ROLES), "p5", tosou=0), attack("p1", "p5"))
    assert state["pending"]["kind"] == "strike" and "p5" not in visible_roles(state, "p1")
    # p1 knows only itself: p2..p5 hold sokogun, saniwa, danshi, sokogun, so five swaps change a role
    assert assert_labels_ignore_unknown_roles(state) == 2 * 5
    labels = [RULES.label(state, c, "p1") for c in RULES.legal(state, "p1")]
    assert labels == ["p1: p5 の役カードを見る", "p1: p5 の疲労度を上げる（なし → 橙）"]
    assert not any(role in text for role in LABELS.values() for text in labels)


def test_a_strike_that_eliminates_says_so_without_the_role():
    state = play(with_seat(table(ROLES), "p3", tosou=0, fatigue=2), attack("p1", "p3"))
    assert assert_labels_ignore_unknown_roles(state) > 0
    labels = [RULES.label(state, c, "p1") for c in RULES.legal(state, "p1")]
    assert labels == ["p1: p3 の役カードを見る", "p1: p3 を脱落させる（疲労度：赤）"]


def test_the_saniwa_declaration_does_not_tell_who_is_left():
    state = table(ROLES)
    while not state["declaration_open"]:
        state = play(state, cmd("defend", state["current"]) if not state["released"]
                     else next(c for c in RULES.legal(state, state["current"]) if c["type"] == "skill"))
    assert assert_labels_ignore_unknown_roles(state) > 0
    assert RULES.label(state, cmd("declare_victory", "p3"), "p3") == "p3: 審神者として勝利宣言する"


def test_the_nominee_sees_the_deck_cards_it_chooses_between():
    state = play(with_seat(table(ROLES), "p1", fatigue=2), cmd("duel", "p1", target="p2"))
    assert assert_labels_ignore_unknown_roles(state) > 0
    labels = [RULES.label(state, c, "p2") for c in RULES.legal(state, "p2")]
    assert labels == ["p2: 山札から刀剣男士を選び、裏のまま中央に置く", "p2: 山札から時間遡行軍を選び、裏のまま中央に置く"]
    # anyone else is told only that a card is chosen (which is the nominee's secret)
    assert RULES.label(state, choose("p2", "danshi"), "p1") == "p2: 山札から1枚を選び、裏のまま中央に置く"


def test_attack_labels_count_the_attacks_and_the_tosou_spent():
    state = table(ROLES)
    labels = [RULES.label(state, c, "p1") for c in RULES.legal(state, "p1") if c["type"] == "attack"]
    sword = state["seats"]["p1"]["sword"]["name"]
    assert f"p1（{sword}） で p2 を攻撃する（攻撃1回）" in labels
    assert f"p1（{sword}） で p2 を攻撃する（攻撃2回、刀装1個消費）" in labels


@pytest.mark.parametrize("players", [4, 6, 9])
def test_labels_of_bot_games_ignore_roles_the_seat_has_not_seen(players):
    state = RULES.setup(options(), f"labels-{players}", players)
    checked = assert_labels_ignore_unknown_roles(state)
    for _, state in bot.play(RULES, state, f"labels-{players}/bot"):
        checked += assert_labels_ignore_unknown_roles(state)
    assert checked > 50
