"""Effects lasting 「次の相手のターンが終了するまで」 / 「次の相手のターンの間」 (the card texts; the
rulebook's ターンの流れ/エンドフェイズ ends them): a modifier kept on the holomem until the end
of the opponent's next turn, given/when/then.

The cards are INVENTED (marked FXT, not in any list) and print the list's texts word for
word: hSD11-007 水宮枢's art, hBP08-094 「パパは仕事を辞める」 (support, LIMITED).
"""
from __future__ import annotations

import copy

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import CS, GREEN, LETTER, MEMO, RED, WHITE, YUKI_D, c
from .test_turns import p1_main, p2_turn

BATON_TEXT = "相手のセンターポジションのホロメン1人は、次の相手のターンが終了するまでバトンタッチに必要な無色+1。"
SHIELD_TEXT = ("このカードは、自分のコラボホロメンがいる時にしか使えない。自分のセンターホロメンを選ぶ。次の相手のターンの間、"
               "選んだホロメンがセンターポジションで最初に受けるアーツダメージ-300。LIMITED:ターンに1枚しか使えない。")
SUU, PAPA, HITTER = "FXT-001_C", "FXT-002_C", "FXT-003_C"


def _holomem(pid: str, name: str, dmg: int, text: str = "") -> dict:
    return {"number": pid[:-2], "id": pid, "name": name, "card_type": "ホロメン", "color": "赤", "hp": 500,
            "bloom_level": "Debut", "baton_touch": ["無色"],
            "skills": [{"type": "アーツ", "name": "テスト", "dmg": str(dmg), "description": text,
                        "icons": {"main": ["any"]}}]}


@pytest.fixture(scope="module")
def R():
    raw = {SUU: _holomem(SUU, "テスト枢", 10, BATON_TEXT), HITTER: _holomem(HITTER, "テスト打者", 340),
           PAPA: {"number": "FXT-002", "id": PAPA, "name": "テスト辞職", "card_type": "サポート・イベント・LIMITED",
                  "skills": [{"type": "サポート効果", "text": SHIELD_TEXT}]}}
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items()]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-lasting", "title": "FIXTURE + FXT (invented)",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    return UNBOUND.bind(mixed)


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def test_the_texts_are_recognised():
    assert rawlist.recognise(BATON_TEXT) == ("baton_plus", {"amount": 1})
    assert rawlist.recognise("相手のセンターホロメンを選ぶ。次の相手のターンが終了するまで、選んだホロメンのバトンタッチに必要な"
                             "無色+3。") == ("baton_plus", {"amount": 3})
    assert rawlist.recognise(SHIELD_TEXT) == ("shield", {"amount": 300, "needs_collab": True})


def p1_turn3(R, s, cheer_to="center"):
    """p2 ends its turn: p1 draws (MEMO) and turns up a GREEN cheer."""
    s = run(R, s, c("p2", "end_turn"), MEMO, GREEN)
    return run(R, s, c("p1", "choose", choice=cheer_to))


def test_baton_cost_plus_1_lasts_through_the_opponents_next_turn_and_ends_with_it(R):
    """Given p2's art 「…次の相手のターンが終了するまでバトンタッチに必要な無色+1」 on p1's centre
    雪見ユキ (baton 1), when p1's turn comes, then its baton touch costs 2 (one cheer is
    refused, the legal ones name two), and at the end of p1's turn the modifier is gone."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=SUU, cheer=[RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    center = s["players"]["p1"]["center"]
    assert center["card"] == YUKI_D and center["lasting"] == [{"kind": "baton", "amount": 1, "until": 3}]
    s = p1_turn3(R, s)  # p1's centre now holds WHITE and GREEN
    batons = [cmd for cmd in R.legal(s, "p1") if cmd["type"] == "baton_touch"]
    assert batons and all(len(cmd["cheer"]) == 2 for cmd in batons)
    with pytest.raises(RuleViolation, match="the cost is 2 cheer") as refused:
        run(R, s, c("p1", "baton_touch", back="back0", cheer=[WHITE]))
    assert refused.value.rule == "その他の現象/バトンタッチ"
    # the modifier follows the holomem to the back, and ends with p1's turn (p2's "next turn")
    moved = run(R, s, c("p1", "baton_touch", back="back0", cheer=[WHITE, GREEN]))
    assert moved["players"]["p1"]["back"][0]["lasting"][0]["kind"] == "baton"
    ended = run(R, s, c("p1", "end_turn"), MEMO, RED)
    assert "lasting" not in ended["players"]["p1"]["center"]


def test_a_modifier_used_on_ones_own_turn_survives_its_end(R):
    """「次の相手のターン」 is the opponent's turn after this one: p2's own end of turn keeps it."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=SUU, cheer=[RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    s = run(R, s, c("p2", "end_turn"), MEMO, GREEN)
    assert s["players"]["p1"]["center"]["lasting"][0]["until"] == 3 and s["turn"] == 3


def with_papa(R, *, collab: bool):
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["hand"].append(PAPA)
    if collab:
        s = run(R, s, c("p2", "collab", back="back0"))
    return s


def test_the_shield_needs_a_collab_holomem(R):
    """「このカードは、自分のコラボホロメンがいる時にしか使えない」: refused without one, nothing changes."""
    s = with_papa(R, collab=False)
    with pytest.raises(RuleViolation, match="コラボホロメンがいる時にしか使えない"):
        run(R, s, c("p2", "support", card=PAPA))
    assert {"type": "support", "seat": "p2", "card": PAPA} not in R.legal(s, "p2")


def test_the_shield_takes_300_off_the_first_arts_damage_at_the_centre_on_the_opponents_turn(R):
    """Given p2's 「…センターポジションで最初に受けるアーツダメージ-300」 on its centre, when p1's
    centre hits it for 340 on p1's next turn, then it takes 40 and the shield is spent."""
    s = run(R, with_papa(R, collab=True), c("p2", "support", card=PAPA))
    assert s["players"]["p2"]["center"]["lasting"] == [{"kind": "shield", "amount": 300, "until": 3}]
    s = p1_turn3(R, s)
    s["players"]["p1"]["center"]["card"] = HITTER
    s["players"]["p2"]["center"]["card"] = SUU  # HP 500: no down
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p2"]["center"]["damage"] == 40 and "lasting" not in s["players"]["p2"]["center"]
    assert any(e["kind"] == "shielded" and e["amount"] == 300 for e in s["events"])


def test_an_unused_shield_ends_with_the_opponents_turn(R):
    s = run(R, with_papa(R, collab=True), c("p2", "support", card=PAPA))
    s = p1_turn3(R, s)
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    assert "lasting" not in s["players"]["p2"]["center"]


def test_the_line_says_what_lasts_and_until_when(R):
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=SUU, cheer=[RED])
    cmd = c("p2", "arts", holomem="center", art=0, target="center")
    after = run(R, s, cmd)
    line = R.describe(s, cmd, after, "p1")
    assert "バトンタッチに必要な無色+1（次の相手のターンが終了するまで）" in line
    assert R.view(after, "p1")["players"]["p1"]["stage"]["center"]["lasting"][0]["until"] == 3
