"""協力攻撃, 協力防御, 協力攻撃と協力防御: summed AP, each side allocating it over the other's DPs."""
from __future__ import annotations

from kifu.replays.games.heroes_placement.effects import downs

from .helpers import (AQUA, HARU, KANADE, KEISA, MAKI, MIMI, at, char, choose, clear, cmd, game, go, kind,
                      pass_, put, refused)


def battle(p1, p2):
    s = at(clear(clear(game(), "p1"), "p2"), "battle")
    for sq, card in p1.items():
        put(s, "p1", sq, card)
    for sq, card in p2.items():
        put(s, "p2", sq, card)
    return s


def test_coop_attack_any_untapped_characters_join_even_if_not_adjacent():
    """※キャラが隣接してなくても同時に指定して協力攻撃することは可能."""
    s = battle({0: MAKI, 5: KANADE, 1: HARU}, {})
    s = go(s, cmd("attack", "p1", square=0, target=3))
    assert s["pending"]["options"] == ["done", 1, 5]
    s = choose(s, "p1", 5)
    assert char(s, "p1", 5)["rested"] and s["pending"]["options"] == ["done", 1]
    s = choose(s, "p1", "done")
    assert len(s["battle"]["attackers"]) == 2 and not char(s, "p1", 1)["rested"]


def test_coop_attack_the_defender_allocates_its_ap_over_the_attackers_dps():
    """防御キャラのAPは防御側が自由に割り振る (攻撃キャラのDPが2000と1500、防御キャラのAPが3000)."""
    assert downs(3000, {0: 2000, 1: 1500}) == [[0], [1]]
    s = battle({0: KEISA, 1: MAKI}, {0: AQUA, 3: HARU})  # DP 2000 and 1500; the defenders' AP 1500+1500
    s = choose(go(s, cmd("attack", "p1", square=0, target=0)), "p1", 1)  # nobody else can join: no "done"
    s = choose(pass_(s, "p2"), "p2", [0, 3])
    s = pass_(go(s, cmd("fight", "p1")), "p2")  # 4000 AP downs both defenders: the attacker has no choice
    assert kind(s) == "fight" and s["pending"]["seat"] == "p2"
    assert s["pending"]["options"] == [[0], [1]]
    s = choose(s, "p2", [0])  # 2000 to けいさ, 1000 to 真希
    assert char(s, "p1", 0) is None and char(s, "p1", 1)["card"] == MAKI
    assert char(s, "p2", 0) is None and char(s, "p2", 3) is None


def test_coop_defence_only_where_a_card_allows_it_and_within_range():
    """※協力防御は元々防御できる範囲 … 左上を指定された場合、左上、左下、中央上のキャラのみ."""
    s = battle({2: KANADE}, {0: AQUA, 1: HARU, 3: MIMI, 4: MAKI})
    s = pass_(go(s, cmd("attack", "p1", square=2, target=0)), "p2")
    options = s["pending"]["options"]
    assert options == ["through", [0], [1], [3], [0, 1], [0, 3], [1, 3], [0, 1, 3]]  # 4 (後中) is out of range
    plain = battle({2: KANADE}, {0: HARU, 1: MAKI})  # nobody allows it
    plain = pass_(go(plain, cmd("attack", "p1", square=2, target=0)), "p2")
    assert plain["pending"]["options"] == ["through", [0], [1]]


def test_coop_defence_the_attacker_allocates_and_dp_is_not_summed():
    """攻撃側が攻撃キャラのAPを自由に割り振る; ※DPを合計する訳ではない."""
    s = battle({2: KANADE}, {0: AQUA, 1: MAKI})  # AP 2500 against DP 2000 and 1500 (not 3500)
    s = choose(pass_(go(s, cmd("attack", "p1", square=2, target=1)), "p2"), "p2", [0, 1])
    s = pass_(go(s, cmd("fight", "p1")), "p2")
    assert kind(s) == "fight" and s["pending"]["seat"] == "p1" and s["pending"]["options"] == [[0], [1]]
    s = choose(s, "p1", [1])
    assert char(s, "p2", 1) is None and char(s, "p2", 0)["card"] == AQUA
    assert char(s, "p1", 2) is None  # the defenders' 1500+2000 AP against DP 2000


def test_coop_attack_and_defence_the_supplements_example():
    """攻撃側A 2000/1500, B 2000/2000 against 防御側C and D: each side picks whom its summed AP downs."""
    s = battle({0: MAKI, 1: KEISA}, {0: AQUA, 3: MIMI})  # A, B as printed; C 1500/2000 and D 1000/2500
    s = choose(go(s, cmd("attack", "p1", square=0, target=0)), "p1", 1)
    s = choose(pass_(s, "p2"), "p2", [0, 3])
    s = pass_(go(s, cmd("fight", "p1")), "p2")
    assert kind(s) == "fight" and s["pending"]["seat"] == "p1"
    assert s["pending"]["options"] == [[0], [3]]  # 4000 AP against DP 2000 and 2500: one or the other
    s = choose(s, "p1", [3])
    assert kind(s) == "fight" and s["pending"]["seat"] == "p2"
    assert s["pending"]["options"] == [[0], [1]]  # 2500 AP against DP 1500 and 2000
    s = choose(s, "p2", [1])
    assert char(s, "p2", 3) is None and char(s, "p2", 0)["card"] == AQUA
    assert char(s, "p1", 1) is None and char(s, "p1", 0)["card"] == MAKI


def test_two_blockers_without_a_card_that_allows_it_are_refused_citing_coop_defence():
    """協力防御(特に記載がない限り行えない): given defenders none of whose cards allows it, when
    the defender names two of them, then it is refused under 協力防御, not バトルフェイズ②−B."""
    plain = battle({2: KANADE}, {0: HARU, 1: MAKI})
    plain = pass_(go(plain, cmd("attack", "p1", square=2, target=0)), "p2")
    violation = refused(plain, cmd("choose", "p2", choice=[0, 1]), "協力防御")
    assert "特に記載がない限り行えない" in violation.message


def test_a_co_defender_outside_the_range_is_refused_citing_coop_defence():
    """※協力防御は元々防御できる範囲のプレイスに攻撃された時にしか指定できません。左上のプレイスを
    指定された場合、左上、左下、中央上のキャラのみ協力防御キャラに指定できます."""
    s = battle({2: KANADE}, {0: AQUA, 1: HARU, 3: MIMI, 4: MAKI})
    s = pass_(go(s, cmd("attack", "p1", square=2, target=0)), "p2")
    violation = refused(s, cmd("choose", "p2", choice=[0, 4]), "協力防御")  # 4 (後中) is not next to 前左
    assert "out of range" in violation.message


def test_a_single_blocker_outside_the_range_is_refused_citing_battle_2b():
    """バトルフェイズ②−B 指定された場所にいるキャラか上下左右に隣接したマスにいるキャラで防御し."""
    s = battle({2: KANADE}, {0: HARU, 5: MAKI})
    s = pass_(go(s, cmd("attack", "p1", square=2, target=0)), "p2")
    refused(s, cmd("choose", "p2", choice=[5]), "バトルフェイズ②−B")
    assert go(s, cmd("choose", "p2", choice=[0]))["battle"]["stage"] == "blocked"  # one in range is taken
