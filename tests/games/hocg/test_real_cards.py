"""Defects found on real cards (issue 19), each given/when/then on the printing that shows it.

The cards come from ``../shared/data/hocg/card_data.json`` (never committed: skipped without
it), added to the FIXTURE set as ``test_patterns`` does; the FIXTURE's demo states stand
around them.
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import manual, rawlist

from .helpers import CS, RED, REAL_LIST, WHITE, YUKI_D, YUKI_DU, c
from .test_turns import p1_main, p2_turn

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

CHLOE_D, LUI_2, HOLOX, KOGANE, FLOWGLOW = "hBP02-036_U", "hBP01-061_R", "hBP02-080_U", "hBP07-087_C", "hSD10-012_U"
FRIENDLY_PC, CHAMA_TABI, HAATO_1, HAATO_OSHI = "hBP05-074_C", "hBP07-096_U", "hBP07-040_R", "hBP07-004_OSR"
HAATO_D, HAATO_D2, CHLOE_1, MASCOT, IRYS_D, PASOKON = ("hBP07-036_C", "hBP07-037_U", "hBP02-038_U", "hBP08-105_C",
                                                       "hBP01-028_C", "hBP01-104_07_C")
WANTED = {CHLOE_D, LUI_2, HOLOX, KOGANE, FLOWGLOW, FRIENDLY_PC, CHAMA_TABI, HAATO_1, HAATO_OSHI, HAATO_D, HAATO_D2,
          CHLOE_1, MASCOT, IRYS_D, PASOKON, "hY05-001_C"}
PURPLE = "hY05-001_C"


@pytest.fixture(scope="module")
def raw():
    return json.loads(REAL_LIST.read_text(encoding="utf-8"))


#: resolved by hand here whatever the vocabulary reads of them (their hand resolution is what is tested)
BY_HAND = {FRIENDLY_PC, CHAMA_TABI, HAATO_OSHI, HAATO_1, HAATO_D, CHLOE_1}


def by_hand(card: dict) -> dict:
    if card["id"] in BY_HAND:
        for a in card["abilities"] + card["arts"]:
            a["effect"], a["params"] = None, {}
    return card


@pytest.fixture(scope="module")
def R(raw):
    added = [by_hand(rawlist.convert_card(pid, raw[pid], {})) for pid in sorted(WANTED)]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-real-cards", "title": "FIXTURE + issue 19's cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    return UNBOUND.bind(mixed)


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def into_deck(s: dict, seat: str, *cards: str) -> dict:
    """A given state: ``cards`` in ``seat``'s deck in place of as many unseen 雪見ユキ Debut
    (the pile's size and the FIXTURE's counts stay true)."""
    s = copy.deepcopy(s)
    unseen = s["zones"]["piles"][f"deck/{seat}"]["unseen"]
    for card in cards:
        old = next(k for k, n in sorted(unseen.items()) if n > 1)
        unseen[old] -= 1
        unseen[card] = unseen.get(card, 0) + 1
    s["zones"]["piles"][f"deck/{seat}"]["unseen"] = dict(sorted(unseen.items()))
    return s


def effects(R, s, seat="p1"):
    return [cmd for cmd in R.legal(s, seat) if cmd["type"] == "effect"]


# ------------------------------------------------------------------ 1. tags: case and width

@needs_list
def test_hbp02_036_looks_for_the_holox_tag_whatever_its_case_and_takes_rui(R):
    """hBP02-036 沙花叉クロヱ コラボエフェクト: 「…#秘密結社holoxを持つ2ndホロメン1枚を公開し、手札に加える…」;
    鷹嶺ルイ 2nd (hBP01-061) carries 秘密結社holoX."""
    assert R.cardset.cards[CHLOE_D]["abilities"][0]["params"]["filter"]["tag"] == "秘密結社holox"
    # given 沙花叉クロヱ in the back and ルイ among the deck's top three
    s = into_deck(p1_main(), "p1", LUI_2)
    s["players"]["p1"]["back"][0]["card"] = CHLOE_D
    # when she collabs (the deck top goes face down to ホロパワー) and the top three are looked at
    s = run(R, s, c("p1", "collab", back="back0"), LUI_2, YUKI_D, YUKI_DU)
    # then ルイ may be taken, and is
    assert s["pending"]["kind"] == "look_top" and s["pending"]["options"] == [LUI_2, None]
    s = run(R, s, c("p1", "choose", choice=LUI_2))
    assert s["players"]["p1"]["hand"][-1] == LUI_2


@needs_list
def test_hbp02_080_takes_every_holox_holomem_looked_at(R):
    flt = R.cardset.cards[HOLOX]["abilities"][0]["params"]["filter"]
    t = R.context(p1_main(), R.cardset)
    from kifu.replays.games.hocg.effects import _matches
    assert _matches(t, LUI_2, flt) and _matches(t, CHLOE_D, flt) and not _matches(t, YUKI_D, flt)


# ------------------------------------------------------------------ 2. FLOW GLOW, split by the list

@needs_list
def test_the_list_splits_flow_glow_and_the_import_joins_it_again(raw, R):
    assert raw[KOGANE]["tags"] == ["DEV_IS", "FLOW", "GLOW"]
    assert R.cardset.cards[KOGANE]["tags"] == ["DEV_IS", "FLOW GLOW"]
    flt = R.cardset.cards[FLOWGLOW]["abilities"][0]["params"]["filter"]
    from kifu.replays.games.hocg.effects import _matches
    assert _matches(R.context(p1_main(), R.cardset), KOGANE, flt)  # hSD10-012's 「#FLOW GLOWを持つホロメン」


@needs_list
def test_hbp07_087_boosts_a_flow_glow_holomem_on_the_second_players_first_turn(R):
    """hBP07-087 虎金妃笑虎 コラボエフェクト: 「自分が後攻で最初のターンなら、自分のエールデッキの上から2枚を
    アーカイブできる:自分のステージの#FLOW GLOWを持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+20。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["back"][0]["card"] = KOGANE
    s = run(R, s, c("p2", "collab", back="back0"))
    assert s["pending"]["kind"] == "cost_cheer_deck"
    s = run(R, s, c("p2", "choose", choice="pay"), RED, RED)
    # the one FLOW GLOW holomem on the stage is 虎金妃笑虎 herself: no question
    assert s["pending"] is None and s["players"]["p2"]["collab"]["mods"]["arts"] == 20


# ------------------------------------------------------------------ 3. holomem onto and off the stage by hand

@needs_list
def test_friendly_pc_puts_one_or_two_debut_onto_the_stage_then_a_hand_card_to_the_deck_bottom(R):
    """hBP05-074 フレンドリーパソコン: 「自分のデッキから、エクストラ「このホロメンはデッキに何枚でも入れられる」を持つ
    Debutホロメン1～2枚を公開し、ステージに出す。…Debutホロメンを2枚出したなら、さらに、自分の手札1枚をデッキの下に戻す。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["hand"].append(FRIENDLY_PC)
    s = run(R, s, c("p1", "support", card=FRIENDLY_PC))
    assert s["pending"]["kind"] == "manual"
    src = {"card": FRIENDLY_PC, "ability": "support"}
    offered = effects(R, s)
    assert c("p1", "effect", op="move", source=src, card=YUKI_DU, src="deck", dest="back1") in offered
    assert {cmd["op"] for cmd in offered} <= {"move", "shuffle"}
    s = run(R, s, c("p1", "effect", op="move", source=src, card=YUKI_DU, src="deck", dest="back1"))
    s = run(R, s, c("p1", "effect", op="move", source=src, card=YUKI_DU, src="deck", dest="back2"))
    assert [h["card"] for h in s["players"]["p1"]["back"]] == [YUKI_DU, YUKI_DU, YUKI_DU]
    card = s["players"]["p1"]["hand"][0]
    s = run(R, s, c("p1", "effect", op="move", source=src, card=card, src="hand", dest="deck_bottom"))
    assert s["zones"]["piles"]["deck/p1"]["bottom"][-1] == card
    s = run(R, s, c("p1", "choose", choice="done"))
    assert s["pending"] is None


@needs_list
def test_chama_tabi_returns_a_bloomed_haato_with_every_card_under_it_to_the_deck_bottom(R):
    """hBP07-096 ちゃま旅: 「自分のバックポジションの〈赤井はあと〉1人を選ぶ。選んだホロメンを含め重なっている
    ホロメンすべてを好きな順でデッキの下に戻す。…」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["hand"].append(CHAMA_TABI)
    s["players"]["p1"]["back"][0].update(card=HAATO_1, stack=[HAATO_D], cheer=[WHITE])
    s = run(R, s, c("p1", "support", card=CHAMA_TABI))
    src = {"card": CHAMA_TABI, "ability": "support"}
    cmd = c("p1", "effect", op="move", source=src, card=HAATO_1, src="back0", dest="deck_bottom", side="self")
    assert cmd in effects(R, s)
    s = run(R, s, cmd)
    assert s["players"]["p1"]["back"] == [] and s["zones"]["piles"]["deck/p1"]["bottom"][-2:] == [HAATO_1, HAATO_D]
    assert WHITE in s["players"]["p1"]["archive"]


@needs_list
def test_haatos_oshi_skill_returns_a_back_debut_haato_to_the_deck_bottom(R):
    """hBP07-004 赤井はあと 推しスキル: 「自分のバックポジションのDebutホロメンの〈赤井はあと〉1人をデッキの下に戻す。
    その後、自分のステージの〈赤井はあと〉1人を選ぶ。このターンの間、選んだホロメンのアーツ+50。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["oshi"] = HAATO_OSHI
    s["players"]["p1"]["holopower"] = [YUKI_D, YUKI_D]
    s["players"]["p1"]["back"][0]["card"] = HAATO_D
    s["players"]["p1"]["center"]["card"] = HAATO_D2
    s = run(R, s, c("p1", "oshi_skill", skill="oshi"))
    assert s["pending"]["kind"] == "manual"
    src = {"card": HAATO_OSHI, "ability": "ワールドワイドな最強アイドル！"}
    s = run(R, s, c("p1", "effect", op="move", source=src, card=HAATO_D, src="back0", dest="deck_bottom"))
    assert c("p1", "effect", op="arts_bonus", source=src, side="self", pos="center", amount=50) in effects(R, s)
    s = run(R, s, c("p1", "effect", op="arts_bonus", source=src, pos="center", amount=50))
    assert s["players"]["p1"]["back"] == [] and s["players"]["p1"]["center"]["mods"]["arts"] == 50


# ------------------------------------------------------------------ 4. abilities that cannot do anything

@needs_list
def test_hbp07_036_does_nothing_for_the_first_player_and_offers_the_stage_to_the_second(R):
    """hBP07-036 赤井はあと コラボエフェクト: 「自分が後攻で最初のターンなら、自分のデッキから、Debutホロメンの
    〈赤井はあと〉2枚を公開し、ステージに出す。そしてデッキをシャッフルする。」"""
    first = copy.deepcopy(p1_main())
    first["players"]["p1"]["back"][0]["card"] = HAATO_D
    first = run(R, first, c("p1", "collab", back="back0"))
    assert first["pending"] is None
    assert any(e["kind"] == "manual_skipped" and e["card"] == HAATO_D for e in first["events"])
    second = into_deck(p2_turn(p1_main()), "p2", HAATO_D, HAATO_D)
    second["players"]["p2"]["back"][0]["card"] = HAATO_D
    second = run(R, second, c("p2", "collab", back="back0"))
    assert second["pending"]["kind"] == "manual"
    src = {"card": HAATO_D, "ability": "AKAI HAATO VS HAACHAMA"}
    assert c("p2", "effect", op="move", source=src, card=HAATO_D, src="deck", dest="back0") in effects(R, second, "p2")


@needs_list
def test_hbp07_037_draws_by_itself_with_haato_at_the_centre_and_hbp02_038_offers_its_cheer(R):
    """hBP07-037: 「自分のセンターホロメンが〈赤井はあと〉なら、自分のデッキを1枚引く。」 is automated;
    hBP02-038's bloom effect (the cheer deck's top three) is resolved by attaching a cheer of it."""
    assert R.cardset.cards[HAATO_D2]["abilities"][0]["effect"] == "if_center"
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["center"]["card"] = HAATO_D
    s["players"]["p1"]["back"][0]["card"] = HAATO_D2
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "collab", back="back0"), YUKI_D)
    assert s["pending"] is None and len(s["players"]["p1"]["hand"]) == hand + 1
    b = copy.deepcopy(p2_turn(p1_main()))
    b = run(R, b, c("p2", "end_turn"), YUKI_D, WHITE)
    b = run(R, b, c("p1", "choose", choice="center"))
    b = copy.deepcopy(b)
    b["players"]["p1"]["hand"].append(CHLOE_1)
    b["players"]["p1"]["center"]["card"] = "hBP02-036_U"
    b["players"]["p1"]["center"]["since"] = 0
    b = run(R, b, c("p1", "bloom", card=CHLOE_1, target="center"))
    assert b["pending"]["kind"] == "manual"
    offered = effects(R, b)
    assert {cmd["op"] for cmd in offered} <= {"attach_cheer", "shuffle"} and offered
    assert any(cmd["op"] == "attach_cheer" and cmd["src"] == "cheer_deck" and cmd["card"] for cmd in offered)


# ------------------------------------------------------------------ 5. a mascot's HP, a bonus while attached

@needs_list
def test_bloom_and_gloom_adds_20_hp_and_on_irys_20_arts_with_white_and_purple_cheer(R):
    """hBP08-105 Bloom＆Gloom: 「このマスコットが付いているホロメンのHP+20。◆〈IRyS〉に付いていたら能力追加
    このホロメンに白エールと紫エールが付いているなら、このホロメンのアーツ+20。」"""
    ab = R.cardset.cards[MASCOT]["abilities"][0]
    assert ab["effect"] == "mascot_hp" and ab["params"]["amount"] == 20
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["center"].update(card=IRYS_D, cheer=[WHITE], attached=[MASCOT])
    t = R.context(s, R.cardset)
    h = s["players"]["p1"]["center"]
    assert t.max_hp(h) == R.cardset.cards[IRYS_D]["hp"] + 20
    assert t.constant(MASCOT, "tool_arts", h) == 0  # white only
    h["cheer"].append(PURPLE)
    assert t.constant(MASCOT, "tool_arts", h) == 20
    h["card"] = YUKI_D  # on another holomem: the HP only
    assert t.constant(MASCOT, "tool_arts", h) == 0 and t.max_hp(h) == R.cardset.cards[YUKI_D]["hp"] + 20


# ------------------------------------------------------------------ 6. a prompt says where the card goes

@needs_list
def test_futsuu_no_pasokons_search_says_the_card_goes_to_the_stage(R):
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["hand"].append(PASOKON)
    s = run(R, s, c("p1", "support", card=PASOKON))
    assert s["pending"]["kind"] == "search_deck" and "ステージに出す" in s["pending"]["prompt"]
    assert "手札" not in s["pending"]["prompt"]


# ------------------------------------------------------------------ 7. the table offers what the text names

@needs_list
def test_hbp07_040s_collab_offers_only_what_its_text_names_each_attributed(R):
    """hBP07-040 赤井はあと: 「自分のバックポジションのDebutホロメンの〈赤井はあと〉1人をデッキの下に戻せる:自分の
    デッキから、Buzz以外の[1stホロメンか2ndホロメン]1枚を公開し、手札に加える。そしてデッキをシャッフルする。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["back"][0]["card"] = HAATO_1
    s["players"]["p1"]["back"].append({**copy.deepcopy(s["players"]["p1"]["back"][0]), "card": HAATO_D})
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "manual"
    offered = effects(R, s)
    src = {"card": HAATO_1, "ability": "Haachama ♥ Restaurant"}
    assert all(cmd["source"] == src for cmd in offered)
    kinds = {(cmd["op"], cmd.get("src"), cmd.get("dest")) for cmd in offered}
    assert ("move", "back0", "deck_bottom") in kinds and ("move", "deck", "hand") in kinds
    assert {op for op, _, _ in kinds} <= {"move", "shuffle"}
    assert not any(cmd.get("src") == "hand" or cmd.get("dest") == "archive" for cmd in offered)
    assert len({manual.picker(cmd) for cmd in offered}) <= manual.MAX_PICKERS
    view = R.view(s, "p1")["pending"]
    assert view["text"].startswith("自分のバックポジションのDebutホロメン") and view["ability"] == src["ability"]


@needs_list
def test_a_bonus_clause_the_vocabulary_does_not_read_no_longer_costs_the_card_its_hp(raw):
    """hBP07-107 (a mascot): 「このマスコットが付いているホロメンのHP+20。◆〈オーロ・クロニー〉に付いていたら
    能力追加 このゲーム中に、…SP推しスキル「時間の典獄」を使っていたなら、このホロメンのアーツ+20。」, its clause
    made one the vocabulary does not read (「…を2回使っていたなら」: the printed one is automated,
    ``abilities.attached_and_search``): the HP+20 is its own automated ability, the clause one resolved by hand."""
    pid = next(p for p, v in raw.items() if v["number"] == "hBP07-107")
    printed = copy.deepcopy(raw[pid])
    for skill in printed["skills"]:
        skill["name"] = skill["name"].replace("「時間の典獄」を使っていたなら", "「時間の典獄」を2回使っていたなら")
    card = rawlist.convert_card(pid, printed, {})
    head, rest = card["abilities"]
    assert (head["effect"], head["params"], head["text"]) == ("mascot_hp", {"amount": 20},
                                                              "このマスコットが付いているホロメンのHP+20。")
    assert rest["effect"] is None and rest["text"].startswith("◆〈オーロ・クロニー〉に付いていたら能力追加")
