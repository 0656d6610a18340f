"""登場した時/置かれた時, この能力は失われる/ゲーム中1回まで, PL効果無効, キャラクター兼イベントカード, デッキ回復."""
from __future__ import annotations

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.heroes_placement.state import LEADER, R_BOTH, R_LIMITS

from .helpers import (HARU, HINATA, KANADE, MAKI, NENE, OGI, RECOVER, RULES, SUSUKINO, UKI, UTSURO, YUZU, at,
                      char, choose, clear, cmd, game, go, hand, kind, pass_, places, put, refused)


def _next_turn_of_p1(s):
    """p1 ends its turn, p2 passes through its own, p1 is in its battle phase again."""
    s = at(s, "appear")
    s = pass_(go(s, cmd("end_phase", "p1")), "p2")
    while kind(s) == "discard":
        s = choose(s, "p1", s["pending"]["options"][0])
    s = go(s, cmd("end_phase", "p2"), cmd("end_phase", "p2"))
    s = pass_(s, "p1")
    s = pass_(go(s, cmd("end_phase", "p2")), "p1")
    while kind(s) == "discard":
        s = choose(s, "p2", s["pending"]["options"][0])
    return go(s, cmd("end_phase", "p1"))


def _declare_draw(s, square):
    return pass_(go(s, cmd("declare", "p1", square=square)), "p2")


def test_kono_nouryoku_wa_ushinawareru_holds_while_on_the_field_and_comes_back_on_reappearing():
    """この能力は失われる：その場にいる限り適用。出し直せばまた宣言可能."""
    s = at(hand(game(), "p1", []), "battle")
    put(s, "p1", 0, HINATA)
    s = _declare_draw(s, 0)
    assert char(s, "p1", 0)["lost"] and len(s["players"]["p1"]["hand"]) == 1
    s = _next_turn_of_p1(s)
    refused(s, cmd("declare", "p1", square=0), R_LIMITS)
    s = at(hand(s, "p1", [HINATA, MAKI]), "appear")  # 出し直し: the same name over itself
    s = pass_(choose(choose(go(s, cmd("appear", "p1", card=HINATA)), "p1", 0), "p1", MAKI), "p2")
    assert not char(s, "p1", 0)["lost"]
    s = _declare_draw(s, 0)
    assert char(s, "p1", 0)["lost"]


def test_game_chu_ikkai_counts_every_copy_of_the_number():
    """ゲーム中1回まで：同番号のカードすべて含めて1回までしか宣言できない."""
    s = at(game(), "battle")
    put(s, "p1", 0, YUZU)
    s = _declare_draw(s, 0)
    assert s["players"]["p1"]["once"] == [YUZU]
    s = _next_turn_of_p1(s)
    clear(s, "p1")
    put(s, "p1", 2, YUZU)  # another copy, freshly on the field
    with pytest.raises(RuleViolation, match="ゲーム中1回まで") as err:
        go(s, cmd("declare", "p1", square=2))
    assert err.value.rule == R_LIMITS


def test_toujou_shita_toki_only_when_appearing_oka_reta_toki_also_on_a_move():
    """登場した時：直接出した場合のみ (保島春)。置かれた時：直接出しても移動しても (大道すすきの)."""
    s = at(hand(game(), "p1", [HARU, SUSUKINO, MAKI, MAKI, MAKI, MAKI]), "appear")
    s = pass_(choose(choose(choose(go(s, cmd("appear", "p1", card=HARU)), "p1", 0), "p1", MAKI), "p1", MAKI), "p2")
    assert len(s["players"]["p1"]["hand"]) == 6 - 1 - 2 + 1  # 登場した時: 1 drawn
    s = pass_(choose(choose(choose(go(s, cmd("appear", "p1", card=SUSUKINO)), "p1", 2), "p1", MAKI), "p1", MAKI),
              "p2")
    assert char(s, "p1", 2)["ap_mod"] == 1000
    s = at(s, "leader")
    hand_before = len(s["players"]["p1"]["hand"])
    s = go(s, cmd("leader_swap", "p1", square=0))  # 保島春 moves: no draw
    assert char(s, "p1", LEADER)["card"] == HARU and len(s["players"]["p1"]["hand"]) == hand_before
    s2 = at(s, "leader")
    s2["players"]["p1"]["swapped"] = False
    s2 = go(s2, cmd("leader_swap", "p1", square=2))  # すすきの moves: 置かれた時 again
    assert char(s2, "p1", LEADER)["card"] == SUSUKINO and char(s2, "p1", LEADER)["ap_mod"] == 2000


def _attack_through(s, target, square=0):
    s = go(s, cmd("attack", "p1", square=square, target=target))
    if kind(s) == "join":
        s = choose(s, "p1", "done")
    s = pass_(s, "p2")
    if kind(s) == "block":
        s = choose(s, "p2", "through")
    return s


def test_pl_negation_overlaps_lasts_and_is_used_even_by_a_place_without_pl():
    """効果は重複する (2回発動しても次のプレイス1枚にしか適用されない); ターンが終了しても消えない;
    ※PL能力を持たないカードがダメージを受けてもPL効果無効は処理されます."""
    s = at(clear(clear(game(), "p1"), "p2"), "battle")
    hand(s, "p1", [MAKI, MAKI, MAKI])
    hand(s, "p2", [])
    for sq in (0, 1, 2):
        put(s, "p1", sq, NENE)
    for sq in (0, 1):  # two 白鳥ねね declare it: one flag
        s = pass_(choose(go(s, cmd("declare", "p1", square=sq)), "p1", MAKI), "p2")
    assert s["players"]["p2"]["pl_negated"] is True
    places(s, "p2", {3: KANADE, 4: OGI, 5: OGI})  # 北條かなで has no PL effect
    s = _attack_through(s, 3, 0)
    assert s["players"]["p2"]["pl_negated"] is False and s["players"]["p2"]["damage"] == [KANADE]
    s = _attack_through(s, 4, 1)
    assert len(s["players"]["p2"]["hand"]) == 1  # 荻の月's PL draw: not negated any more
    s = pass_(choose(go(s, cmd("declare", "p1", square=2)), "p1", MAKI), "p2")
    s = _next_turn_of_p1(s)
    assert s["players"]["p2"]["pl_negated"] is True  # it outlives the turn


def test_blue_cards_appear_as_characters_only_in_the_appear_phase_without_event_discounts():
    """キャラクターとして場に出すときは不知火うきなど、イベントコスト軽減の効果を適用できない."""
    s = at(hand(game(), "p1", [UTSURO, MAKI]), "appear")
    put(s, "p1", 3, UKI)
    refused(s, cmd("appear", "p1", card=UTSURO), "登場フェイズ/コスト")  # cost 2, one card to pay with
    s = at(hand(s, "p1", [UTSURO, MAKI, MAKI]), "battle")
    refused(s, cmd("appear", "p1", card=UTSURO), R_BOTH)
    s = go(s, cmd("declare", "p1", card=UTSURO))  # as an event: 2 less 1 (不知火うき)
    s = choose(s, "p1", MAKI)
    s = pass_(s, "p2")
    assert kind(s) == "ev:appear_this"
    s = choose(s, "p1", 1)
    assert char(s, "p1", 1)["card"] == UTSURO and s["players"]["p1"]["hand"] == [MAKI]


def test_blue_cards_are_events_outside_a_square_and_characters_on_one():
    """マスに登場している時はキャラクターとして扱われ、それ以外の領域ではキャラクターとしてもイベントとしても."""
    s = at(hand(game(), "p1", [UTSURO, MAKI, MAKI]), "appear")
    assert {"type": "appear", "seat": "p1", "card": UTSURO} in RULES.legal(s, "p1")
    assert {"type": "declare", "seat": "p1", "card": UTSURO} in RULES.legal(s, "p1")
    put(s, "p1", 0, UTSURO)
    assert {"type": "declare", "seat": "p1", "square": 0} not in RULES.legal(s, "p1")


def test_deck_recovery_the_opponent_picks_face_down_cards():
    """ゴミ箱のカードを裏向きにしてシャッフルし、指定された枚数を裏向きのまま相手に選ばせて公開、デッキの下に置く."""
    s = at(hand(game(), "p1", [RECOVER]), "appear")
    s["players"]["p1"]["trash"] = [MAKI, MAKI, HARU, OGI]
    s = pass_(go(s, cmd("declare", "p1", card=RECOVER)), "p2")
    assert kind(s) == "ev:recover" and s["pending"]["seat"] == "p2" and s["pending"]["options"] == ["pick"]
    size = s["zones"]["piles"]["deck:p1"]["size"]
    for _ in range(3):
        s = choose(s, "p2", "pick")
    bottom = s["zones"]["piles"]["deck:p1"]["bottom"]
    assert len(bottom) == 3 and s["zones"]["piles"]["deck:p1"]["size"] == size + 3
    assert sorted(bottom + s["players"]["p1"]["trash"]) == sorted([MAKI, MAKI, HARU, OGI, RECOVER])
    assert [e["event"] for e in s["chance"]] == ["recover"]


def test_deck_recovery_at_a_physical_table_states_each_pick():
    s = at(hand(game(table="physical", deal=_deal()), "p1", [RECOVER]), "appear")
    s["players"]["p1"]["trash"] = [MAKI, HARU]
    s = pass_(go(s, cmd("declare", "p1", card=RECOVER)), "p2")
    with pytest.raises(RuleViolation, match="not possible"):
        go(s, {"type": "choose", "seat": "p2", "choice": "pick", "outcomes": [OGI]})
    s = go(s, {"type": "choose", "seat": "p2", "choice": "pick", "outcomes": [HARU]})
    assert s["zones"]["piles"]["deck:p1"]["bottom"] == [HARU]


def _deal():
    from kifu.replays.kit import tables

    from .helpers import options
    return tables.restate(RULES, options(), "t", 2, [])[0]  # as a physical table states it
