"""ゲームの進行/〇中間決算 and 〇最終決算 (and the outcome)."""
import pytest

from kifu.replays.games.rolling_stone import rules
from kifu.replays.games.rolling_stone.album import SQUARES

from .helpers import RULES, first_turn, table


def _with_dice(state, tops):
    for seat, faces in tops.items():
        for die, top in zip(state["dice"][seat].values(), faces):
            die.update(top=top, north=1 if top not in (1, 6) else 2)
    return state


def test_interim_ranks_share_places_exactly_as_the_rulebook_example():
    """Ａ２２、Ｂ２２、Ｃ１８、Ｄ１８なら、１位がＡＢ、２位がＣＤ: 3VP to A and B, 1VP to C and D."""
    t = table(first_turn(4))
    _with_dice(t.s, {"p1": (6, 6, 5, 5), "p2": (6, 6, 6, 4), "p3": (6, 6, 3, 3), "p4": (5, 5, 4, 4)})
    before = dict(t.s["vp"])
    rules.interim(t)
    assert {s: t.s["vp"][s] - before[s] for s in t.seats} == {"p1": 3, "p2": 3, "p3": 1, "p4": 1}


def test_interim_third_place_and_below_get_nothing():
    t = table(first_turn(4))
    _with_dice(t.s, {"p1": (6, 6, 6, 6), "p2": (5, 5, 5, 5), "p3": (1, 1, 1, 1), "p4": (1, 1, 1, 2)})
    rules.interim(t)
    assert t.s["vp"] == {"p1": 3, "p2": 1, "p3": 0, "p4": 0}


def test_interim_all_tied_are_all_first_and_nobody_second():
    t = table(first_turn(3))
    _with_dice(t.s, {"p1": (3, 3, 3, 3), "p2": (4, 4, 2, 2), "p3": (6, 4, 1, 1)})
    assert rules.ranking({s: t.dice_sum(s) for s in t.seats}) == (["p1", "p2", "p3"], [])
    rules.interim(t)
    assert t.s["vp"] == {"p1": 3, "p2": 3, "p3": 3}


def _final(album, *, tops=(1, 1, 1, 1), power=0, dream="DR05", vp=0, seat="p1"):
    t = table(first_turn(3))
    character = t.s["characters"][seat]
    t.s["albums"][seat] = {"A1": character, **album}
    _with_dice(t.s, {seat: tops})
    t.s["power"][seat] = power
    t.s["hands"] = {s: ["DR16"] for s in t.seats}
    t.s["hands"][seat] = [dream]
    t.s["vp"][seat] = vp
    rules.final_scoring(t)
    return t.s["final"][seat], t.s


def test_final_1_dice_sum_is_vp_and_each_star_costs_one():
    row, _ = _final({"B1": "J-R5", "C1": "J-R6", "D1": "J-B1"}, tops=(6, 5, 4, 3), dream="DR16")
    assert (row["dice"], row["stars"], row["star_vp"]) == (18, 2, -2)


def test_final_1_a_power_on_a_star_makes_it_one_vp_and_all_power_is_placed():
    row, _ = _final({"B1": "J-R5", "C1": "J-R6", "D1": "J-B5"}, power=2, dream="DR16")
    assert (row["power_placed"], row["star_vp"]) == (2, 2 - 1)
    row, _ = _final({"B1": "J-R5"}, power=5, dream="DR16")
    assert (row["power_placed"], row["star_vp"]) == (1, 1)  # the four cubes left score nothing


def test_final_1_all_power_is_placed_so_a_player_holds_none_after_it():
    """所持しているパワーは全て配置してください: given 5 cubes and one ★, when the final
    scoring is done, then all 5 are placed (one on the ★, four scoring nothing) and none is held."""
    row, state = _final({"B1": "J-R5"}, power=5, dream="DR16")
    assert (row["power"], row["power_placed"], row["star_vp"]) == (5, 1, 1)
    assert state["power"]["p1"] == 0
    assert {"what": "gain", "seat": "p1", "reward": "power", "amount": -5,
            "why": "最終決算1: 所持しているパワーは全て配置"} in state["log"]
    row, state = _final({}, power=2, dream="DR16")  # no ★ at all: placed all the same
    assert (row["power"], row["power_placed"], state["power"]["p1"]) == (2, 0, 0)


def test_final_2_the_dream_card_left_in_hand_scores():
    row, _ = _final({}, tops=(6, 1, 1, 1), dream="DR05")  # 冒険家: 赤のサイコロの目が5以上なら3VP
    assert row["dream"] == 3
    row, _ = _final({}, tops=(4, 1, 1, 1), dream="DR05")
    assert row["dream"] == 0


def test_final_3_a_full_album_is_six_vp_and_the_character_fills_its_square():
    cards = [c for c in sorted(RULES.cardset.cards) if c.startswith("J-")][:15]
    album = dict(zip(SQUARES[1:], cards))
    row, _ = _final(album, dream="DR16")
    assert row["full"] == 6
    row, _ = _final(dict(list(album.items())[:-1]), dream="DR16")
    assert row["full"] == 0


def test_final_total_adds_the_vp_gained_before():
    row, _ = _final({"B1": "J-R5"}, tops=(6, 5, 4, 3), power=1, dream="DR05", vp=4)
    assert row["total"] == 18 + 1 + 3 + 0 + 4 == 26


def test_most_vp_wins_and_equal_highest_totals_are_a_draw():
    state = table(first_turn(3)).s
    state.update(phase="over", final={s: {"total": n} for s, n in {"p1": 30, "p2": 30, "p3": 12}.items()})
    outcome = RULES.outcome(state)
    assert outcome.draw and outcome.winners == ("p1", "p2") and outcome.scores == {"p1": 30, "p2": 30, "p3": 12}
    state["final"]["p2"]["total"] = 29
    outcome = RULES.outcome(state)
    assert not outcome.draw and outcome.winners == ("p1",)


@pytest.mark.parametrize("players", [3, 4])
def test_a_played_game_s_outcome_is_its_final_scoring(players):
    from .helpers import play_until, stage_started
    state = play_until(stage_started(players, seed=f"end{players}"), lambda s: s["phase"] == "over")
    final = state["final"]
    for seat, row in final.items():
        assert row["total"] == row["dice"] + row["star_vp"] + row["dream"] + row["full"] + row["earned"]
        assert row["dice"] == sum(d["top"] for d in state["dice"][seat].values())
        assert len(state["hands"][seat]) == 1
        assert state["power"][seat] == 0 and RULES.view(state, "public")["seats"][seat]["power"] == 0  # 全て配置
    assert RULES.outcome(state).scores == {s: r["total"] for s, r in final.items()}
