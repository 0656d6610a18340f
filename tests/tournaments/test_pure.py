"""The pure parts of events, given/when/then: standings' tiebreakers worked by hand,
table results, the bracket and the fold."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.service.tournaments import bracket, decks, results
from kifu.service.tournaments.fold import fold
from kifu.service.tournaments.standings import FLOOR, standings


def test_tiebreakers_by_hand():
    # round 1: A beats B 2-1, C draws D 1-1-1, E bye; round 2: A beats C 2-0, B beats E 2-1, D bye
    rounds = [[("A", "B", 2, 1, 0), ("C", "D", 1, 1, 1), ("E", None, 2, 0, 0)],
              [("A", "C", 2, 0, 0), ("B", "E", 2, 1, 0), ("D", None, 2, 0, 0)]]
    rows = {r["player"]: r for r in standings(["A", "B", "C", "D", "E"], rounds)}
    a, b, c, e = rows["A"]["exact"], rows["B"]["exact"], rows["C"]["exact"], rows["E"]["exact"]
    assert rows["A"]["points"] == 6 and rows["D"]["points"] == 4 and rows["C"]["points"] == 1
    # MW%: B 3/6 = 1/2; C 1/6 -> floor 1/3; so A's OMW% = (1/2 + 1/3) / 2
    assert a["omwp"] == (Fraction(1, 2) + FLOOR) / 2
    # GW%: A won 4 of 5 games: 12/15; C: 1 win 1 draw of 5 games = 4/15 -> floor 1/3
    assert a["gwp"] == Fraction(12, 15)
    assert c["gwp"] == FLOOR
    # E: the bye counts 2-0 for E's own GW% (6 + 3 points of 9) but is not an opponent
    assert e["gwp"] == Fraction(6 + 3, 3 * 5)
    assert rows["E"]["opponents"] == ["B"] and e["omwp"] == Fraction(1, 2)
    # B's opponents: A (6/6 = 1) and E (3/6 = 1/2)
    assert b["omwp"] == (1 + Fraction(1, 2)) / 2
    assert [r["player"] for r in standings(["A", "B", "C", "D", "E"], rounds)][:2] == ["A", "D"]


def test_a_player_with_byes_only_has_the_floor_as_opponents_percentages():
    row = standings(["A"], [[("A", None, 2, 0, 0)]])[0]
    assert row["exact"]["omwp"] == FLOOR and row["exact"]["mwp"] == 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 2), st.integers(0, 2),
                          st.integers(0, 1)), max_size=12))
def test_percentages_stay_between_the_floor_and_one_and_points_add_up(games):
    players = [f"P{i}" for i in range(6)]
    rounds = [[(players[a], players[b], wa, wb, d)] for a, b, wa, wb, d in games if a != b and wa + wb + d]
    rows = standings(players, rounds)
    for row in rows:
        for key in ("mwp", "omwp", "gwp", "ogwp"):
            assert FLOOR <= row["exact"][key] <= 1
    wins = sum(r["wins"] for r in rows)
    assert wins == sum(r["losses"] for r in rows)
    assert sum(r["points"] for r in rows) == 3 * wins + sum(r["draws"] for r in rows)
    assert [r["rank"] for r in rows] == list(range(1, len(players) + 1))


def table(**kw):
    out = {"players": ["Aoi", "Ren"], "matches": ["m1", "m2", "m3"],
           "seats": [{"p1": "Aoi", "p2": "Ren"}, {"p1": "Ren", "p2": "Aoi"}, {"p1": "Aoi", "p2": "Ren"}],
           "reports": {}, "result": None}
    out.update(kw)
    return out


def won(seat, reason="resigned"):
    return {"winners": [seat], "draw": False, "reason": reason}


def test_best_of_three_from_its_games():
    t = table(matches=["m1", "m2"], seats=table()["seats"][:2])
    # Aoi wins game 1 as p1, Ren wins game 2 as p1: a third game is due
    outcomes = {"m1": won("p1"), "m2": won("p1")}
    assert results.table_result(t, outcomes, "bo3") is None
    assert results.needs_next_game(t, outcomes, "bo3")
    done = results.table_result(table(), {**outcomes, "m3": won("p2")}, "bo3")
    assert done["wins"] == [1, 2] and done["winner"] == "Ren" and done["source"] == "matches"


def test_a_penalty_match_loss_ends_a_best_of_three():
    t = table(matches=["m1"], seats=table()["seats"][:1])
    r = results.table_result(t, {"m1": won("p2", "penalty: match_loss (Unsporting Conduct Major)")}, "bo3")
    assert r["winner"] == "Ren" and r["wins"] == [0, 2]


def test_judge_result_beats_games_and_reports_need_both_players():
    t = table(matches=[], seats=[], reports={"Aoi": {"wins": [1, 0], "draws": 0}})
    assert results.table_result(t, {}, "bo1") is None
    t["reports"]["Ren"] = {"wins": [0, 1], "draws": 0}
    assert results.table_result(t, {}, "bo1") is None  # they disagree
    t["reports"]["Ren"] = {"wins": [1, 0], "draws": 0}
    assert results.table_result(t, {}, "bo1")["source"] == "players"
    t["result"] = {"wins": [0, 1], "draws": 0, "by": "Judge Sato"}
    assert results.table_result(t, {}, "bo1")["winner"] == "Ren"


@pytest.mark.parametrize("wins,draws,fmt,ok", [
    ([1, 0], 0, "bo1", True), ([0, 0], 1, "bo1", True), ([2, 0], 0, "bo1", False), ([2, 2], 0, "bo3", False),
    ([2, 1], 0, "bo3", True), ([2, 1], 1, "bo3", False), ([0, 0], 0, "bo1", False), ([-1, 0], 0, "bo3", False)])
def test_valid_scores(wins, draws, fmt, ok):
    assert (results.valid_score(wins, draws, fmt) is None) is ok


def test_bracket_seeds_and_cut_size():
    assert bracket.first_round(list("abcdefgh")) == [("a", "h"), ("d", "e"), ("b", "g"), ("c", "f")]
    assert bracket.cut_size(8, 37) == 8 and bracket.cut_size(8, 5) == 4 and bracket.cut_size(8, 1) == 0


def test_fold_is_pure_and_counts_entries():
    entries = [{"type": "create", "id": "ev", "name": "Cup", "game": "tally", "format": "bo1", "rounds": 2,
                "top_cut": 0, "by": "admin", "at": "t"},
               {"type": "register", "player": "Aoi", "deck": ["k1"], "by": "admin", "at": "t"},
               {"type": "drop", "player": "Aoi", "by": "admin", "at": "t"}]
    before = [dict(e) for e in entries]
    state = fold(entries)
    assert entries == before and state["seq"] == 3 and state["players"]["Aoi"]["dropped"]
    assert {"name": "Cheating", "penalty": "disqualification"} in state["infractions"]


def test_deck_check_counts_a_seats_zones_not_the_unseen_pile():
    state = {"hands": {"p1": ["k1", "k1"], "p2": ["k2"]},
             "zones": {"piles": {"deck:p1": {"top": ["k3"], "bottom": [], "unseen": {"k9": 4}}}}}
    seen = decks.seat_cards(state, "p1", {"k1", "k2", "k3", "k9"})
    assert seen == {"k1": 2, "k3": 1}
    assert decks.mismatches(["k1", "k3"], seen) == [{"card": "k1", "name": "k1", "registered": 1, "seen": 2}]
