"""ゲームの流れ ①ドロー ②アクション ③プレイ ④ライブ準備, and bad commands."""
import pytest

from kifu.replays import engine
from kifu.replays.errors import SchemaError
from .helpers import (RULES, action, arrange, choose, deck_out, declare, describe, draw, end, events, fresh, pile, play,
                      step, unit, violation)


def test_1_ドローフェイズ_deck_gives_the_top_card():
    s = arrange(hands={"p1": ["shirogane_noel"]}, deck=["takane_lui"], phase="draw")
    s = step(s, draw("p1"))
    assert s["hands"]["p1"] == ["shirogane_noel", "takane_lui"] and s["phase"] == "action"
    assert s["chance"] == []  # a known top card is no chance event


def test_1_ドローフェイズ_from_the_unordered_deck_is_a_chance_event_seen_by_the_drawer():
    before = arrange(phase="draw")
    s = step(before, draw("p1"))
    assert s["chance"] == [{"event": "draw", "visible": ["p1"]}]
    [card] = s["hands"]["p1"]
    assert pile(before)["unseen"][card] == 1 and card not in pile(s)["unseen"]
    assert pile(s)["size"] == pile(before)["size"] - 1


def test_1_ドローフェイズ_office_card_is_refilled_from_the_deck():
    s = arrange(office="sakura_miko", deck=["takane_lui"], phase="draw")
    s = step(s, draw("p1", "office"))
    assert s["hands"]["p1"] == ["sakura_miko"] and s["office"] == "takane_lui"


def test_1_ドローフェイズ_a_physical_table_states_the_card_drawn_and_it_must_be_possible():
    s = arrange(phase="draw", table="physical", units={"p2": {0: ["sakura_miko"]}})
    after = step(s, draw("p1", "deck", "takane_lui"))
    assert after["hands"]["p1"] == ["takane_lui"]
    assert violation(s, draw("p1", "deck", "sakura_miko")).rule == "ゲームの流れ/①ドローフェイズ"  # on the field
    assert violation(s, draw("p1", "deck", "nobody")).rule == "ゲームの流れ/①ドローフェイズ"
    assert violation(s, draw("p1", "deck")).rule == "ゲームの流れ/①ドローフェイズ"  # the outcome is missing
    assert violation(s, draw("p1", "deck", "takane_lui", "azki")).rule == 'docs/record-format.md, "Chance"'  # one too many


def test_1_ドローフェイズ_a_digital_table_states_no_outcome():
    s = arrange(phase="draw")
    assert violation(s, draw("p1", "deck", "takane_lui")).rule == 'docs/record-format.md, "Chance"'


def test_1_ドローフェイズ_only_once_per_turn():
    s = step(arrange(phase="draw"), draw("p1"))
    assert violation(s, draw("p1")).rule == "ゲームの流れ/①ドローフェイズ"


def test_1_ドローフェイズ_is_skipped_when_the_deck_has_run_out():
    s = arrange(hands={"p1": ["shirogane_noel"], "p2": ["takane_lui"]}, phase="live", office="sakura_miko")
    s["homes"]["p1"] = deck_out(s)
    s = step(s, end("p1"))
    assert s["active"] == "p2" and s["phase"] == "action"
    assert events(s, "draw_skipped")
    assert violation(s, draw("p2", "office")).rule == "ゲームの流れ/①ドローフェイズ"


def test_2_アクションフェイズ_not_after_playing():
    s = arrange(hands={"p1": ["shirogane_noel"]}, homes={"p1": ["takane_lui"]},
                units={"p1": {0: ["akai_haato"]}})
    s = step(s, play("p1", "shirogane_noel", 1))
    assert violation(s, action("p1", "akai_haato")).rule == "ゲームの流れ/②アクションフェイズ"


def test_2_アクションフェイズ_once_per_card_per_turn_but_every_card_once():
    s = arrange(hands={"p1": ["shirogane_noel", "takane_lui"]}, office="sakura_miko",
                units={"p1": {0: ["nakiri_ayame"], 1: ["aki_rosenthal"]}, "p2": {0: ["hoshimachi_suisei"]}})
    s = step(s, action("p1", "nakiri_ayame"), choose("p1", "shirogane_noel"))
    assert s["office"] == "shirogane_noel" and "sakura_miko" in s["hands"]["p1"]
    assert violation(s, action("p1", "nakiri_ayame")).rule == "ゲームの流れ/②アクションフェイズ"
    s = step(s, action("p1", "aki_rosenthal"))
    assert s["pending"]["kind"] == "move_card"


def test_2_アクションフェイズ_only_your_own_field_and_only_your_turn():
    s = arrange(units={"p2": {0: ["akai_haato"]}}, homes={"p2": ["takane_lui"]})
    assert violation(s, action("p1", "akai_haato")).rule == "ゲームの流れ/②アクションフェイズ"
    assert violation(s, action("p2", "akai_haato")).rule == "ゲームの流れ"


def test_2_アクションフェイズ_nothing_before_the_draw():
    s = arrange(units={"p1": {0: ["nakiri_ayame"]}}, hands={"p1": ["takane_lui"]}, phase="draw")
    assert violation(s, action("p1", "nakiri_ayame")).rule == "ゲームの流れ/②アクションフェイズ"


def test_3_プレイフェイズ_one_card_per_turn():
    s = arrange(hands={"p1": ["shirogane_noel", "takane_lui"]})
    s = step(s, play("p1", "shirogane_noel", 0))
    assert unit(s, "p1", 0) == ["shirogane_noel"] and s["phase"] == "live"
    assert violation(s, play("p1", "takane_lui", 1)).rule == "ゲームの流れ/③プレイフェイズ"


def test_3_プレイフェイズ_card_must_be_in_hand():
    s = arrange(hands={"p1": ["shirogane_noel"]})
    assert violation(s, play("p1", "takane_lui", 0)).rule == "ゲームの流れ/③プレイフェイズ"


def test_ユニット_holds_at_most_five():
    five = ["shirogane_noel", "takane_lui", "sakura_miko", "hoshimachi_suisei", "tokino_sora"]
    s = arrange(hands={"p1": ["azki"]}, units={"p1": {0: five}}, lives={("p1", 0): "five"})
    assert violation(s, play("p1", "azki", 0)).rule == "このゲームで使用する用語/ユニット"


def test_3_プレイフェイズ_pass_only_when_nothing_can_be_played():
    s = arrange(hands={"p1": ["shirogane_noel"]})
    assert violation(s, {"type": "pass", "seat": "p1"}).rule == "ゲームの流れ/③プレイフェイズ"
    s = arrange(hands={})
    assert RULES.legal(s, "p1") == [{"type": "pass", "seat": "p1"}]
    s = step(s, {"type": "pass", "seat": "p1"})
    assert s["phase"] == "live"


def test_4_ライブ準備_five_cards_must_be_declared_before_the_turn_ends():
    four = ["shirogane_noel", "takane_lui", "sakura_miko", "hoshimachi_suisei"]
    s = arrange(hands={"p1": ["tokoyami_towa"]}, units={"p1": {1: four}})
    s = step(s, play("p1", "tokoyami_towa", 1))
    assert violation(s, end("p1")).rule == "ゲームの流れ/④ライブ準備"
    assert {"type": "declare_live", "seat": "p1", "venue": 1, "kind": "five"} in RULES.legal(s, "p1")
    s = step(s, declare("p1", 1), end("p1"))
    assert s["venues"][1]["live"]["p1"]["count"] == 5 and s["active"] == "p2"


def test_4_ライブ準備_is_not_declared_below_five_without_a_generation():
    s = arrange(units={"p1": {0: ["shirogane_noel", "takane_lui", "sakura_miko"]}}, phase="live")
    assert violation(s, declare("p1", 0)).rule == "ゲームの流れ/④ライブ準備"


def test_期生ライブ準備_four_cards_with_three_of_one_generation():
    gen0 = ["tokino_sora", "sakura_miko", "hoshimachi_suisei", "shirogane_noel"]
    s = arrange(units={"p1": {0: gen0}}, phase="live")
    assert violation(s, declare("p1", 0, "five")).rule == "このゲームで使用する用語/◯期生ライブ準備"
    s = step(s, declare("p1", 0, "generation"))
    assert s["venues"][0]["live"]["p1"] == {"kind": "generation", "count": 4, "declared_step": 1, "declared_turn": 3}
    mixed = ["tokino_sora", "sakura_miko", "takane_lui", "shirogane_noel"]
    s = arrange(units={"p1": {0: mixed}}, phase="live")
    assert violation(s, declare("p1", 0, "generation")).rule == "このゲームで使用する用語/◯期生ライブ準備"


def test_declaring_twice_at_one_venue_is_refused():
    gen0 = ["tokino_sora", "sakura_miko", "hoshimachi_suisei", "shirogane_noel"]
    s = step(arrange(units={"p1": {0: gen0}}, phase="live"), declare("p1", 0, "generation"))
    assert violation(s, declare("p1", 0, "generation")).rule == "ゲームの流れ/④ライブ準備"


def test_ゲームの流れ_wrong_seat_and_no_pending_choice():
    s = arrange(hands={"p2": ["shirogane_noel"]})
    assert violation(s, play("p2", "shirogane_noel", 0)).rule == "ゲームの流れ"
    assert violation(s, choose("p1", None)).rule == "ゲームの流れ"


@pytest.mark.parametrize("command", [
    {"type": "dance", "seat": "p1"},
    {"type": "play", "seat": "p3", "card": "azki", "venue": 0},
    {"type": "play", "seat": "p1", "card": "azki", "venue": 3},
    {"type": "play", "seat": "p1", "card": "azki", "venue": "0"},
    {"type": "play", "seat": "p1", "card": "azki"},
    {"type": "draw", "seat": "p1", "source": "hand"},
    {"type": "draw", "seat": "p1", "source": "deck", "card": "azki"},  # version 1's field: now an outcome
    {"type": "end_turn", "seat": "p1", "extra": 1},
    {"type": "choose", "seat": "p1"},
    "play",
])
def test_malformed_commands_are_schema_errors(command):
    with pytest.raises(SchemaError):
        engine.check(RULES, fresh(), command)


def test_turn_and_phase_hooks():
    s = fresh()
    assert RULES.turn(s) == 1 and RULES.phase(s) == "draw" and RULES.to_act(s) == ("p1",)


def test_a_choose_with_nothing_pending_and_a_command_while_one_is_pending():
    s = step(arrange(hands={"p1": ["momosuzu_nene"]}, units={"p1": {0: ["takane_lui"]}}), play("p1", "momosuzu_nene", 0))
    assert violation(s, end("p1")).rule == "カード効果補足/桃鈴ねね"
    assert violation(s, choose("p2", "takane_lui")).rule == "カード効果補足/桃鈴ねね"
    assert violation(s, choose("p1", "azki")).rule == "カード効果補足/桃鈴ねね"
    assert "p1: 桃鈴ねね — 手札に戻すカード: 鷹嶺ルイ" == describe(s, choose("p1", "takane_lui"), "public")
