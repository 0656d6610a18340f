"""The three tables: a physical table states every outcome, an observed one may leave them
unknown ("?N" tokens), and neither is ever refused a possible outcome nor allowed an
impossible one (DESIGN.md, "Chance and knowledge")."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import canon, engine
from kifu.replays.errors import RuleViolation
from kifu.replays.kit import is_token
from kifu.replays.rng import Rng

from .helpers import (MEMBERS, RULES, arrange, choose, describe, draw, end, fresh, pile, play, step, unit,
                      violation)

# -- a physical table ---------------------------------------------------------------------


def test_a_physical_tables_legal_lists_a_deck_draw_once_per_card_that_may_be_on_top():
    s = arrange(phase="draw", table="physical", office="sakura_miko", units={"p2": {0: ["azki"]}})
    legal = RULES.legal(s, "p1")
    deck_draws = [c for c in legal if c["source"] == "deck"]
    assert [c["outcomes"] for c in deck_draws] == [[card] for card in sorted(pile(s)["unseen"])]
    assert "azki" not in pile(s)["unseen"] and "sakura_miko" not in pile(s)["unseen"]
    office = [c for c in legal if c["source"] == "office"]  # the office refill is an outcome too
    assert [c["outcomes"] for c in office] == [[card] for card in sorted(pile(s)["unseen"])]
    for command in legal[:3] + legal[-3:]:
        engine.check(RULES, s, command)
    labels = [RULES.label(s, c, "p1") for c in deck_draws]
    assert len(set(labels)) == len(labels) and labels[0].startswith("p1: 山札から1枚引く → ")


def test_a_physical_tables_legal_draws_a_known_top_card_without_an_outcome():
    s = arrange(phase="draw", table="physical", deck=["takane_lui"])
    assert [c for c in RULES.legal(s, "p1") if c["source"] == "deck"] == [draw("p1")]
    assert step(s, draw("p1"))["hands"]["p1"] == ["takane_lui"]


def test_a_physical_table_asks_for_each_outcome_in_order():
    s = arrange(hands={"p1": ["roboco"]}, table="physical")
    event = RULES.needs(s, play("p1", "roboco", 0))
    assert event.name == "draw" and event.visible == ("p1",) and "roboco" not in event.options
    assert RULES.needs(s, play("p1", "roboco", 0, "azki")) is None


def test_a_physical_table_states_the_venue_turned_up_when_a_live_is_held():
    five = ["shirogane_noel", "takane_lui", "tokino_sora", "azki", "oozora_subaru"]
    s = arrange(active="p2", phase="live", units={"p1": {2: five}}, lives={("p1", 2): "five"}, table="physical")
    # a physical table knows every venue: nothing to state, it is simply turned up
    after = step(s, end("p2"))
    assert after["venues"][2]["revealed"] and after["venues"][2]["audience"] == 4000


# -- an observed table: unknown tokens -----------------------------------------------------------


def test_an_observed_draw_left_unknown_is_a_token_in_the_hand_and_a_play_reveals_it():
    s = arrange(phase="draw", table="observed", units={"p2": {1: ["sakura_miko"]}})
    s = step(s, draw("p1", "deck", None))
    assert s["hands"]["p1"] == ["?1"] and s["zones"]["tokens"]["?1"]["pile"] == "deck"
    assert RULES.view(s, "p1")["hands"]["p1"] == ["?1"] and RULES.view(s, "p1")["unknown"] == {
        "?1": {"since": 1, "how": "draw"}}
    assert RULES.view(s, "p2")["unknown"] == {}  # p2 is shown no token
    assert violation(s, play("p1", "sakura_miko", 0)).rule == "ゲームの流れ/③プレイフェイズ"  # seen on the field
    assert violation(s, play("p1", "yagoo", 0, "x")).rule == 'docs/record-format.md, "Chance"'
    after = step(s, play("p1", "takane_lui", 0))
    assert after["hands"]["p1"] == [] and unit(after, "p1", 0) == ["takane_lui"]
    assert after["zones"]["revealed"] == [{"token": "?1", "card": "takane_lui", "step": 2, "how": "play",
                                           "since": 1, "was": "draw"}]
    assert RULES.view(after, "public")["revealed"][0]["name"] == "鷹嶺ルイ"
    assert "takane_lui" not in pile(after)["unseen"]


def test_an_observed_table_never_lets_a_face_up_card_be_unknown():
    s = arrange(phase="draw", table="observed", office="sakura_miko")
    assert violation(s, draw("p1", "office", None)).rule == "ゲームの流れ/①ドローフェイズ"
    assert step(s, draw("p1", "office", "azki"))["office"] == "azki"


def test_a_revealed_card_is_no_longer_what_another_unknown_card_may_be():
    keep = ["takane_lui", "azki", "roboco"]
    others = [m for m in MEMBERS if m not in keep]
    s = arrange(phase="draw", table="observed", homes={"p2": others[1:]}, office=others[0])
    s = step(s, draw("p1", "deck", None))
    s["phase"] = "draw"
    s = step(s, draw("p1", "deck", None))
    zones = RULES.context(s, RULES.cardset).zones
    assert s["hands"]["p1"] == ["?1", "?2"] and zones.possible("?2") == sorted(keep)
    s = step(s, play("p1", "takane_lui", 0))
    assert s["hands"]["p1"] == ["?2"] and RULES.context(s, RULES.cardset).zones.possible("?2") == ["azki", "roboco"]
    assert violation(s, {"type": "pass", "seat": "p1"}).rule == "ゲームの流れ/③プレイフェイズ"


def test_an_observed_luna_names_the_card_that_goes_home_and_reveals_the_token():
    s = arrange(hands={"p1": ["himemori_luna"]}, phase="draw", active="p2", table="observed")
    s = step(s, draw("p2", "deck", None))
    s.update(active="p1", phase="action")
    assert s["hands"]["p2"] == ["?1"]
    cmd = play("p1", "himemori_luna", 0)
    event = RULES.needs(s, cmd)
    assert event.name == "random_hand_home" and not event.unknown_ok and "himemori_luna" not in event.options
    assert violation(s, {**cmd, "outcomes": [None]}).rule == "カード効果補足/姫森ルーナ"
    after = step(s, {**cmd, "outcomes": ["azki"]})
    assert after["homes"]["p2"] == ["azki"] and after["hands"]["p2"] == [] and after["zones"]["tokens"] == {}


def test_an_observed_venue_is_a_token_until_it_is_turned_up_and_then_it_must_be_named():
    deal = [None] * 4 + ["shirogane_noel", None, None, None]
    s = fresh(table="observed", deal=deal)
    assert [v["id"] for v in s["venues"]] == ["?5", "?6", "?7"]
    omni = RULES.view(s, "omniscient")
    assert [v["id"] for v in omni["venues"]] == ["?5", "?6", "?7"] and omni["venues"][0]["name"] is None
    assert set(omni["unknown"]) == {"?1", "?2", "?3", "?4", "?5", "?6", "?7"}
    assert omni["unknown"]["?5"] == {"since": 0, "how": "venue"}
    five = ["tokoyami_towa", "takane_lui", "tokino_sora", "azki", "oozora_subaru"]
    s.update(active="p2", phase="live", hands={"p1": [], "p2": []})
    s["venues"][2]["units"]["p1"] = five
    s["venues"][2]["live"]["p1"] = {"kind": "five", "count": 5, "declared_step": -1, "declared_turn": 0}
    s["zones"]["tokens"] = {k: v for k, v in s["zones"]["tokens"].items() if k in ("?5", "?6", "?7")}
    s["zones"]["piles"]["deck"]["unseen"] = {c: 1 for c in MEMBERS if c not in five + ["shirogane_noel"]}
    s["zones"]["piles"]["deck"]["size"] = len(s["zones"]["piles"]["deck"]["unseen"])
    event = RULES.needs(s, end("p2"))
    assert event.name == "venue" and not event.unknown_ok and sorted(event.options) == sorted(
        ["livehouse", "civic_hall", "zepp", "arena", "messe", "dome"])
    assert violation(s, end("p2", None)).rule == "勝利条件/ライブ開催"
    after = step(s, end("p2", "arena"))
    venue = after["venues"][2]
    assert venue["id"] == "arena" and venue["revealed"] and venue["audience"] == 5000 + 1000
    assert RULES.view(after, "public")["venues"][2]["name"] == "アリーナ"
    assert [r["how"] for r in RULES.view(after, "public")["revealed"]] == ["flip"]
    assert "arena" not in pile(after, "box")["unseen"]


def hide_venue(s: dict, v: int, token: str = "?9") -> None:
    """Venue ``v`` laid out unseen by the recorder: an unknown token of the box."""
    card, s["venues"][v]["id"] = s["venues"][v]["id"], token
    s["zones"]["tokens"][token] = {"pile": "box", "step": 0, "how": "venue"}
    s["zones"]["piles"]["box"]["unseen"] = dict(sorted({**pile(s, "box")["unseen"], card: 1}.items()))
    s["zones"]["next"] = int(token[1:]) + 1


def test_an_observed_cover_venue_is_never_turned_up_and_stays_unknown():
    wild_cover = ["sakura_miko", "hoshimachi_suisei", "tokoyami_towa", "tokino_sora", "azki"]
    s = arrange(active="p2", phase="live", units={"p1": {0: wild_cover}}, lives={("p1", 0): "five"}, table="observed")
    hide_venue(s, 0)
    after = step(s, end("p2"))  # nothing to state: COVER (そら and AZKi raise it) is 10000, face down
    assert after["venues"][0]["id"] == "?9" and after["venues"][0]["audience"] == 10000
    assert RULES.view(after, "omniscient")["venues"][0]["id"] == "?9"


def test_a_judge_reads_a_face_down_number_only_when_sub_icons_leave_cover_a_choice():
    sub_cover = ["tokoyami_towa", "houshou_marine", "hoshimachi_suisei", "sakura_miko", "amane_kanata"]
    s = arrange(active="p2", phase="live", units={"p1": {0: sub_cover}}, lives={("p1", 0): "five"}, table="observed")
    hide_venue(s, 0)
    assert RULES.needs(s, end("p2")).visible == ()  # read by the judge, shown to nobody
    small = step(s, end("p2", "livehouse"))  # 2000 + 5000 < 10000: COVER, not turned up
    assert small["venues"][0]["audience"] == 10000 and not small["venues"][0]["revealed"]
    assert RULES.view(small, "public")["venues"][0]["id"] is None and RULES.view(small, "public")["revealed"] == []
    cmd = end("p2", "dome")
    large = step(s, cmd)  # 8000 + 5000: read as ブタ, turned up
    assert large["venues"][0]["audience"] == 13000 and large["venues"][0]["revealed"]
    assert RULES.redact(s, cmd, large, "public")["outcomes"] == [None]


def test_an_observed_mio_look_the_recorder_did_not_see_stays_a_token_known_to_her_owner():
    s = arrange(hands={"p1": ["ookami_mio"]}, table="observed")
    hide_venue(s, 1)
    s = step(s, play("p1", "ookami_mio", 0))
    s = step(s, choose("p1", 1, None, None))
    assert s["known"]["p1"] == ["?9", "?10"] and pile(s, "box")["top"] == ["?10"]
    s = step(s, choose("p1", "swap"))
    assert s["venues"][1]["id"] == "?10" and pile(s, "box")["bottom"] == ["?9"]
    assert RULES.view(s, "p1")["venues"][1]["id"] == "?10" and RULES.view(s, "p2")["venues"][1]["id"] is None


def test_an_observed_mio_look_the_recorder_saw_is_shown_to_her_owner_only():
    s = arrange(hands={"p1": ["ookami_mio"]}, table="observed")
    hide_venue(s, 1)
    s = step(s, play("p1", "ookami_mio", 0), choose("p1", 1, "civic_hall", "dome"))
    assert s["venues"][1]["id"] == "civic_hall" and s["known"]["p1"] == ["civic_hall", "dome"]
    assert RULES.view(s, "p1")["revealed"][0]["how"] == "look/p1" and RULES.view(s, "p2")["revealed"] == []
    assert RULES.view(s, "p2")["venues"][1]["id"] is None


def test_an_observed_search_may_find_no_6期生_when_the_deck_may_hold_none():
    s = arrange(hands={"p1": ["la_darkness"]}, table="observed")
    # four unknown cards in p2's hand could be every 6期生 left
    gen6 = ["hakui_koyori", "kazama_iroha", "sakamata_chloe", "takane_lui"]
    tokens = [f"?{i}" for i in range(1, 5)]
    s["hands"]["p2"] = tokens
    for tok in tokens:
        s["zones"]["tokens"][tok] = {"pile": "deck", "step": 0, "how": "deal"}
    s["zones"]["next"] = 5
    s["zones"]["piles"]["deck"]["size"] -= 4
    s = step(s, play("p1", "la_darkness", 0))
    assert s["pending"]["options"] == [*gen6, None]
    none = step(s, choose("p1", None))
    assert none["hands"]["p1"] == [] and pile(none)["size"] == pile(s)["size"]
    assert "6期生は無かった" in describe(s, choose("p1", None), "public")
    found = step(s, choose("p1", "kazama_iroha"))
    assert found["hands"]["p1"] == ["kazama_iroha"]
    assert "kazama_iroha" not in RULES.context(found, RULES.cardset).zones.possible("?1")


def test_a_secret_return_of_an_unknown_card_puts_the_token_on_the_deck():
    s = arrange(hands={"p1": ["omaru_polka"]}, table="observed")
    s = step(s, play("p1", "omaru_polka", 0, None))
    assert s["pending"]["options"] == ["?1"] and s["pending"]["secret"]
    s = step(s, choose("p1", "?1"))
    assert pile(s)["top"] == ["?1"] and RULES.view(s, "omniscient")["piles"]["deck"]["top"] == ["?1"]
    # the next draw takes it: still unknown, no chance event (its place was known)
    s.update(phase="draw", played=False)
    after = step(s, draw("p1"))
    assert after["hands"]["p1"] == ["?1"] and after["chance"] == []


# -- properties: no false refusals, impossible cards always refused ---------------------------------

OBSERVED = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LEFT_OUT = ["yagoo", "la_darkness", "roboco"]


def _state_outcome(event, rng: Rng, unknown: int):
    if event.unknown_ok and rng.below(100) < unknown:
        return None
    return rng.choice(list(event.options))


def _seen_elsewhere(state: dict, seat: str) -> list[str]:
    """Face-up cards and cards known to be in the other hand: no draw or reveal may name them."""
    out = [state["office"]] if state["office"] else []
    for other_seat in ("p1", "p2"):
        out += state["homes"][other_seat]
        if other_seat != seat:
            out += [c for c in state["hands"][other_seat] if not is_token(c)]
        for v in state["venues"]:
            out += v["units"][other_seat] + v["retired"][other_seat]
    return out


def observed_game(seed: str, unknown: int, max_steps: int = 160):
    """(state, command) pairs of a random observed game whose unknown outcomes are left null
    ``unknown``% of the time; every command is stated outcome by outcome, as a recorder does."""
    rng = Rng(seed, "observed")
    options = {"first_player": "seed", "deck": [m for m in MEMBERS if m not in LEFT_OUT]}
    deal: list = []
    while (event := RULES.deal_needs(options, seed, 2, "observed", deal)) is not None:
        deal.append(_state_outcome(event, rng, unknown))
    state = RULES.setup(options, seed, 2, table="observed", deal=deal)
    for _ in range(max_steps):
        if RULES.outcome(state) is not None:
            return
        seat = RULES.to_act(state)[0]
        command = rng.choice(RULES.legal_commands(state, seat))
        while (event := RULES.needs(state, command)) is not None:
            command = {**command, "outcomes": [*command.get("outcomes", []), _state_outcome(event, rng, unknown)]}
        yield state, command
        state = RULES.apply(state, command)


@OBSERVED
@given(seed=st.text(min_size=1, max_size=10), unknown=st.integers(0, 100))
def test_an_observed_game_with_unknown_outcomes_is_never_refused(seed, unknown):
    tokens = 0
    for state, command in observed_game(seed, unknown):
        engine.check(RULES, state, command)  # no false refusal
        tokens += sum(is_token(c) for c in state["hands"]["p1"] + state["hands"]["p2"])
        for perspective in ("public", "p1", "p2", "omniscient"):
            view = RULES.view(state, perspective)
            canon.check_plain(view)
            zones = {k: v for k, v in view.items() if k not in ("unknown", "revealed")}
            shown = {c for c in canon.dumps(zones).split('"') if c.startswith("?") and c[1:].isdigit()}
            assert shown == set(view["unknown"]), perspective  # every token shown is explained
    assert unknown < 20 or tokens  # a game with many unknowns shows some


@OBSERVED
@given(seed=st.text(min_size=1, max_size=10), unknown=st.integers(0, 60), pick=st.integers(0, 10 ** 6))
def test_naming_an_impossible_card_for_a_draw_or_a_reveal_is_always_refused(seed, unknown, pick):
    tried = 0
    for state, command in observed_game(seed, unknown):
        seat = command["seat"]
        impossible = sorted(set(_seen_elsewhere(state, seat)) | set(LEFT_OUT))
        if not impossible:
            continue
        card = impossible[pick % len(impossible)]
        if command["type"] == "draw" and command["source"] == "deck":
            before = canon.dumps(state)
            with pytest.raises(RuleViolation):
                engine.check(RULES, state, {**command, "outcomes": [card]})
            assert canon.dumps(state) == before
            tried += 1
        if state["phase"] == "action" and state["pending"] is None and any(is_token(c) for c in state["hands"][seat]):
            mine = [c for c in state["hands"][seat] if not is_token(c)]
            for venue in range(3):
                if card not in mine:
                    with pytest.raises(RuleViolation):
                        engine.check(RULES, state, play(seat, card, venue))
            tried += 1
    assert tried
