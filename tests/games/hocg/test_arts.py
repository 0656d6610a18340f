"""Arts texts (``abilities.arts``): each shape recognised from a real card's printed art text and
resolved while the art is used (ターンの流れ/パフォーマンスフェイズ: the text before the art's
damage), given/when/then. The cards come from ``../shared/data/hocg/card_data.json`` (never
committed: skipped without it), added to the FIXTURE set.

The usual given: p2's first turn (``test_turns.p2_turn``), its centre replaced by the card
under test; p1's centre is AZKi hBP01-047 (2nd, HP 220, green: no 特攻 of these arts), so the
damage it takes is the art's.
"""
from __future__ import annotations

import copy
import json
import re

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist
from kifu.replays.games.hocg.abilities import arts

from .helpers import (AKARI_1, AKARI_D, AKARI_DU, BLUE, CS, DICE, GREEN, LETTER, MEMO, MIC, RED, REAL_LIST, SNOWMAN,
                      WHITE, YUKI_D, c)
from .test_turns import p1_main, p2_turn

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

WALL = "hBP01-047_RR"  # AZKi 2nd, HP 220, green: no 特攻 of these arts
NOEL3 = "hBP02-017_RR"  # 白銀ノエル 1st; art 1 「[コラボポジション限定]…#3期生…1人につき」
PEKORA, LAPLUS = "hBP05-016_RR", "hBP04-059_02_SR"
IROHA, NERISSA, IRYS = "hBP01-050_P", "hBP05-061_RR_02", "hBP05-023_RR"
NOEL_GYUDON, CHOCO = "hBP05-010_P", "hBP05-056_RR"
OKAYU, POLKA_ZAIN, KANATA = "hBP05-045_RR", "hBP01-070_P_01", "hBP01-009_C"
FLARE, RADEN, MOONA, TOWA, KORONE = "hBP05-067_RR", "hBP04-025_RR", "hBP01-091_RR", "hBP03-056_RR", "hBP03-066_RR"
WATAME, REINE = "hBP03-072_RR", "hBP02-023_RR"
OLLIE, CHOCO_HEAL, POLKA_FANS = "hBP02-052_R", "hSD04-007_P", "hBP01-071_RR"
KORONE_LIFE, SHION, FUBUKI, MUMEI, KANAERU = "hBP03-064_S", "hBP02-046_R", "hBP02-012_R", "hBP01-020_P", "hBP01-087_P"
BOTAN, POLKA_DICE, LAMY, AKI = "hBP03-019_S", "hBP05-033_R", "hBP04-046_P", "hBP01-037_P"
ZAIN, GYUDON, YUKKE, COOK = "hBP01-126_C", "hBP05-075_C", "hBP08-093_U", "hBP08-076_R"
IRYS_OSHI, RADEN_OSHI, TOWA_OSHI = "hBP05-002_OSR", "hSD15-001_OC", "hBP03-005_OSR"
MOCOCO, FUWAWA = "hBP03-037_C", "hBP03-040_C_02"
KOYORI, KOYOLAB, FUWAMOCO = "hBP04-009_P_02", "hBP04-097_U", "hBP03-050_R"
TOWA_D, KIARA, MUMEI_1, IRYS_D = "hBP03-052_S", "hBP01-067_RR", "hBP01-018_C", "hBP01-028_C_02"
CALLI_D, SHIORI, BAE, SUISEI_D, AYAME = "hBP02-054_C", "hBP07-060_S", "hBP07-045_R", "hBP05-036_C", "hBP02-034_RR"
LAPLUS_ODD, BAE_D, CECILIA, RIONA = "hBP06-071_R", "hBP06-040_C", "hBP08-024_C", "hBP06-020_RR"
NERISSA_1, KOYORI_2, CHLOE_6, RIRIKA = "hBP07-076_R", "hBP06-021_R", "hBP06-056_R", "hBP04-036_R"
SUBARU, AYAME_RED, LUI = "hSD19-008_R", "hBP08-040_R", "hBP08-065_R"
SUISEI, WATAME_1, NERISSA_D = "hBP01-081_02_SR", "hBP07-011_C", "hSD12-012_C"
IRYS_2, MATSURI = "hBP08-014_RR", "hBP06-075_S"
MIKO, MIO, BAE_2 = "hBP07-043_P_01", "hBP02-027_RR", "hBP06-045_RR"
LAPLUS_SPOT, LIZ, CALLI = "hSD03-011_U", "hBP07-049_RR", "hBP02-059_RR"
P35 = "hBP03-107_U"
CARDS = (WALL, NOEL3, PEKORA, LAPLUS, IROHA, NERISSA, IRYS, NOEL_GYUDON, CHOCO, OKAYU, POLKA_ZAIN, KANATA, FLARE,
         RADEN, MOONA, TOWA, KORONE, WATAME, REINE, OLLIE, CHOCO_HEAL, POLKA_FANS, KORONE_LIFE, SHION, FUBUKI, MUMEI,
         KANAERU, BOTAN, POLKA_DICE, LAMY, AKI, ZAIN, GYUDON, YUKKE, COOK, IRYS_OSHI, RADEN_OSHI, TOWA_OSHI, MOCOCO,
         FUWAWA, KOYORI, KOYOLAB, FUWAMOCO, TOWA_D, KIARA, MUMEI_1, IRYS_D, CALLI_D, SHIORI, BAE, SUISEI_D, AYAME,
         LAPLUS_ODD, BAE_D, CECILIA, RIONA, NERISSA_1, KOYORI_2, CHLOE_6, RIRIKA, SUBARU, AYAME_RED, LUI,
         SUISEI, WATAME_1, NERISSA_D, IRYS_2, MATSURI, MIKO, MIO, BAE_2, LAPLUS_SPOT, LIZ, CALLI, P35)


@pytest.fixture(scope="module")
def R():
    return with_cards(CARDS)


def with_cards(cards):
    """The FIXTURE set with ``cards`` of the list (and a yellow and a purple cheer, a 1st 角巻わため and 戌神ころね)."""
    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    yellow, purple = (next(pid for pid, v in raw.items() if v.get("card_type") == "エール" and v.get("color") == colour)
                      for colour in ("黄", "紫"))
    named = {"角巻わため", "戌神ころね"}  # a 1st of each, to stack and to show
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items()
             if pid in cards or pid in (yellow, purple) or (v.get("name") in named and v.get("bloom_level") == "1st")]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-arts", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.yellow, bound.purple = yellow, purple
    bound.first = {n: next(cid for cid, x in mixed.cards.items() if x["name"] == n and x["level"] == "1st")
                   for n in named}
    return bound


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def text(pid: str, art: int) -> str:
    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    return [s for s in raw[pid]["skills"] if s["type"] == "アーツ"][art]["description"]


def given(card, cheer, *, pos="center", wall=WALL):
    """p2's turn 2, main phase: its ``pos`` holomem is ``card`` with ``cheer``; p1's centre is ``wall``."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = wall
    h = s["players"]["p2"]["center"]
    if pos == "collab":
        s["players"]["p2"]["collab"] = {**copy.deepcopy(h), "card": card, "cheer": list(cheer)}
    else:
        h.update(card=card, cheer=list(cheer))
    return s


def use(R, s, *outcomes, pos="center", art=0, target="center"):
    return run(R, s, c("p2", "arts", holomem=pos, art=art, target=target), *outcomes)


def dealt(s, pos="center"):
    return s["players"]["p1"][pos]["damage"]


def in_deck(s, seat, *cards):
    """A given state: ``cards`` in ``seat``'s deck in place of as many of its 炎堂アカリ Debut."""
    unseen = s["zones"]["piles"][f"deck/{seat}"]["unseen"]
    for card in cards:
        unseen[AKARI_DU] -= 1
        unseen[card] = unseen.get(card, 0) + 1
    s["zones"]["piles"][f"deck/{seat}"]["unseen"] = dict(sorted(unseen.items()))
    return s


def back(s, seat, card, **fields):
    """A copy of ``seat``'s first back holomem, as ``card``, added to its back row."""
    h = {**copy.deepcopy(s["players"][seat]["back"][0]), "card": card, "cheer": [], "attached": [], "stack": [],
         **fields}
    s["players"][seat]["back"].append(h)
    return s


# ------------------------------------------------------------------ recognition

@needs_list
@pytest.mark.parametrize("pid, art, effect, params", [
    (PEKORA, 0, "arts_roll_sum", {"times": 1, "optional": True, "per": {"source": "stacked"},
                                  "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    (LAPLUS, 0, "arts_count", {"source": "rolls",
                               "then": {"effect": "special_damage", "params": {"amount": 10, "target": "center"}}}),
    (IROHA, 0, "arts_send_cheer", {"to": {"not_names": ["風真いろは"], "tag": "秘密結社holoX"}}),
    (IRYS, 0, "arts_when", {"test": "pos", "pos": "center", "then": {"effect": "if_oshi", "params": {
        "name": "アイラニ・イオフィフティーン", "then": {"effect": "arts_count", "params": {
            "source": "stage_cheer", "per": 3, "then": {"effect": "arts_plus", "params": {"amount": 20}}}}}}}),
    (NOEL3, 1, "arts_when", {"test": "pos", "pos": "collab", "then": {"effect": "arts_count", "params": {
        "source": "stage_match", "filter": {"not_self": True, "tag": "3期生"}, "cap": 4,
        "then": {"effect": "arts_plus", "params": {"amount": 20}}}}}),
    (NOEL_GYUDON, 0, "arts_when", {"test": "used_support", "filter": {"names": ["牛丼"]},
                                   "then": {"effect": "arts_plus", "params": {"amount": 30}}}),
    (CHOCO, 0, "arts_count", {"source": "supports_used", "filter": {"tag": "食べ物", "support": "event"}, "cap": 2,
                              "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    (CHOCO, 1, "arts_cost_hand", {"count": 2, "then": {"effect": "from_archive", "params": {
        "optional": False, "filter": {"tag": "料理", "holomem": True}}}}),
    (OKAYU, 0, "archive_cheer", {"count": 1, "optional": True, "to": "back", "tag": "ゲーマーズ"}),  # after 「その後、」
    (POLKA_ZAIN, 0, "arts_use_rule", {"use_if": {"attached": {"names": ["座員"]}}}),
    (KANATA, 0, "arts_use_rule", {"only_target": ["center"]}),
    (FLARE, 0, "arts_roll_life", {"ge": {"effect": "arts_plus", "params": {"amount": 60}},
                                  "le": {"effect": "draw", "params": {"count": 1}}}),
    (LAMY, 0, "arts_when", {"test": "stage_has", "filter": {"attached": {"support": "fan"}}, "min": 1,
                            "then": {"effect": "special_damage", "params": {"amount": 10, "target": "choose"}}}),
    (RADEN, 0, "arts_move_own_cheer", {"count": 2, "to": {"pos": "back"},  # after 「…〈儒烏風亭らでん〉の時、」
                                       "then": {"effect": "arts_plus", "params": {"amount": 30}}}),
    (MOONA, 1, "cost_own_cheer", {"count": 1, "colors": ["green", "blue"],
                                  "then": {"effect": "special_damage", "params": {"amount": 30, "target": "back"}}}),
    (TOWA, 1, "arts_count", {"source": "stage_match", "filter": {"tag": "歌", "pos": "back"}, "cap": 4,
                             "then": {"effect": "special_damage", "params": {"amount": 20, "target": "front"}}}),
    (KORONE, 0, "arts_when", {"test": "target", "filter": {"level": "2nd"}, "then": {
        "effect": "arts_cost_stacked", "params": {"level": "1st",
                                                  "then": {"effect": "arts_plus", "params": {"amount": 50}}}}}),
    (WATAME, 0, "arts_when", {"test": "pos", "pos": "center", "then": {"effect": "if_state", "params": {
        "test": "cheer_at_least", "n": 6, "then": {"effect": "arts_boost_each", "params": {
            "targets": ["self", "collab"], "amount": 100}}}}}),
    (REINE, 0, "arts_count", {"source": "stage_colors", "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    (OLLIE, 0, "arts_when", {"test": "cheer_not", "colors": ["purple"],
                             "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    (CHOCO_HEAL, 0, "arts_heal", {"amount": 20, "to": {"pos": "back"}}),
    (POLKA_FANS, 0, "arts_count", {"source": "fans", "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    (KORONE_LIFE, 0, "arts_count", {"source": "life_lost", "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    (SHION, 0, "arts_move_opp_cheer", {}),  # after 「サイコロを1回振れる:5以上の時、」
    (FUBUKI, 0, "arts_boost_each", {"targets": ["center", "collab"], "amount": 20, "attached": {"support": "mascot"}}),
    (MUMEI, 0, "arts_count", {"source": "stage_match", "filter": {"pos": "back"}, "then": {
        "effect": "arts_boost_each", "params": {"targets": ["center", "collab"], "amount": 10}}}),
    (KANAERU, 1, "arts_count", {"source": "opp_back_damage",  # after 「…アーカイブできる:」
                                "then": {"effect": "special_damage", "params": {"amount": 1, "target": "center"}}}),
    (AKI, 0, "if_attached", {"filter": {"support": "tool"}, "then": {"effect": "arts_plus", "params": {"amount": 50}}}),
    (BOTAN, 0, "arts_cost_to_bottom", {"names": ["角巻わため"], "then": {"effect": "heal", "params": {
        "amount": 20, "target": "self"}}}),
    (POLKA_DICE, 0, "arts_roll_sum", {"times": 1, "optional": True, "then": {"effect": "mill", "params": {"count": 1}},
                                      "after": [
        {"effect": "arts_when", "params": {"test": "archive_at_least", "n": 10,
                                           "then": {"effect": "arts_plus", "params": {"amount": 10}}}}]}),
])
def test_the_arts_texts_are_recognised(pid, art, effect, params):
    """Each text (or, inside a condition, a cost or steps that rawlist reads, the part after
    them) as this family reads it; another family may read a text first: the whole text is then
    theirs, and the resolution tests below hold for it either way."""
    printed = text(pid, art)
    part = next((printed.split(mark, 1)[1] for mark in ("その後、", "らでん〉の時、", "5以上の時、", "できる:")
                 if mark in printed and pid in (OKAYU, RADEN, SHION, KANAERU)), printed)
    assert ours(part) == (effect, params)
    assert rawlist.recognise(printed)[0] is not None


@needs_list
def test_hbp05_061_is_a_cost_of_one_to_three_cards_scaling_what_follows():
    """hBP05-061 ネリッサ: the 1～3 cards (``cost_hand_each``) scale the +20 of the #歌 holomem chosen."""
    effect, params = ours(text(NERISSA, 0))
    assert (effect, params["max"], params["then"]["params"]["amount"]) == ("cost_hand_each", 3, 20)


def ours(printed: str):
    """The family's own reading of a printed text (rawlist's normalisation, then ``arts.TEXTS``)."""
    body = re.sub(r"\s+", "", printed).translate(rawlist.WIDE_DIGITS)
    for pattern, make in arts.TEXTS.entries:
        m = pattern.fullmatch(body)
        if m and (made := make(m, rawlist._spec)) is not None:
            return made
    return None, {}


def test_texts_left_to_rawlist_keep_their_shapes():
    """The family steps aside where rawlist reads a text already (its ``arts_per``, ``arts_plus``'s
    ``pos``, ``on_ko``, ``move_cheer``)."""
    assert rawlist.recognise("このホロメンのエール1枚につき、このアーツ+20。")[0] == "arts_per"
    assert rawlist.recognise("[センターポジション限定]このアーツ+20。") == ("arts_plus", {"amount": 20, "pos": "center"})
    assert rawlist.recognise("[センターポジション限定]このアーツで相手のホロメンをダウンさせた時、自分のデッキを1枚引く。")[0] == "on_ko"
    assert rawlist.recognise("このホロメンのエール1枚を、自分の他の#Promiseを持つホロメンに付け替えられる。")[0] == "move_cheer"
    # a gift's constant 「[センターポジション限定]…受けるダメージ-10」 is not an arts condition
    assert ours("[センターポジション限定]このホロメンが受けるダメージ-10。") == (None, {})


# ------------------------------------------------------------------ dice

@needs_list
def test_hbp05_016_rolls_once_per_stacked_holomem_and_adds_10_per_pip(R):
    """hBP05-016 兎田ぺこら 「ウーサペコラを崇めるぺこ」: 「このホロメンに重なっているホロメン1枚につき、
    サイコロを1回振れる:出た目の合計数1につき、このアーツ+10。」 (サイコロを振る: each roll a chance
    event). Given two cards under it, when it rolls 3 and 5, then the art deals 120 + 80."""
    s = given(PEKORA, [RED] * 4)
    s["players"]["p2"]["center"]["stack"] = [AKARI_D, AKARI_1]
    s = use(R, s)
    assert s["pending"]["kind"] == "arts_roll_sum" and s["pending"]["options"] == ["roll", "skip"]
    # its gift 「このホロメンがアーツを使った時、そのアーツでサイコロを振って出た目の合計数が…偶数なら、自分のデッキを
    # 2枚引く」 draws two after either (``abilities.keywords``)
    skipped = run(R, s, c("p2", "choose", choice="skip"), MEMO, LETTER)
    assert dealt(skipped) == 120 and not [e for e in skipped["events"] if e["kind"] == "roll"]
    rolled = run(R, s, c("p2", "choose", choice="roll"), 3, 5, MEMO, LETTER)
    assert [e["face"] for e in rolled["events"] if e["kind"] == "roll"] == [3, 5]
    assert dealt(rolled) == 120 + 80 and rolled["players"]["p2"]["used"]["rolls"] == 2


@needs_list
def test_hbp04_059_hits_the_centre_10_per_roll_this_turn(R):
    """hBP04-059 ラプラス・ダークネス 「吾輩最強伝説」: 「相手のセンターホロメンに、このターンに自分が
    能力でサイコロを振った回数1回につき、特殊ダメージ10を与える。」 Given p2 used 運だめしダイス (one
    roll) this turn, when the art is used, then 10 special damage and its 120."""
    s = given(LAPLUS, [R.purple, RED, RED])
    none = use(R, s)
    assert dealt(none) == 120
    s = run(R, s, c("p2", "support", card=DICE), 2)  # an even face: no draw
    assert s["players"]["p2"]["used"]["rolls"] == 1 and s["players"]["p2"]["used"]["supports"] == [DICE]
    s = use(R, s)
    assert dealt(s) == 10 + 120


@needs_list
def test_hbp05_067_rolls_against_the_life(R):
    """hBP05-067 不知火フレア: 「サイコロを1回振れる:出た目の数が自分のライフ以上なら、このアーツ+60。出た目の
    数が自分のライフ以下なら、自分のデッキを1枚引く。」 With life 5: a 6 adds 60, a 5 does both, a 2 draws."""
    out = {}
    for face in (6, 5, 2):
        s = use(R, given(FLARE, [R.yellow, R.yellow, RED]))
        assert s["pending"]["kind"] == "roll_then"
        outcomes = (face, MEMO) if face <= 5 else (face,)
        s = run(R, s, c("p2", "choose", choice="roll"), *outcomes)
        out[face] = (dealt(s), s["players"]["p2"]["hand"][-1] == MEMO and len(s["players"]["p2"]["hand"]) == 7)
    assert out == {6: (180, False), 5: (180, True), 2: (120, True)}


@needs_list
def test_hbp05_033_mills_one_per_pip_then_adds_10_with_ten_in_the_archive(R):
    """hBP05-033 尾丸ポルカ: 「サイコロを1回振れる:出た目の数1につき、自分のデッキの上から1枚をアーカイブする。
    その後、自分のアーカイブが10枚以上あるなら、このアーツ+10。」"""
    s = given(POLKA_DICE, [RED, RED])
    s["players"]["p2"]["archive"] = [MEMO] * 7
    s = use(R, s)
    s = run(R, s, c("p2", "choose", choice="roll"), 3, AKARI_D, LETTER, AKARI_DU)
    assert s["players"]["p2"]["archive"][-3:] == [AKARI_D, LETTER, AKARI_DU] and dealt(s) == 40 + 10


@needs_list
def test_hbp02_046_on_5_or_more_moves_an_opponents_cheer(R):
    """hBP02-046 紫咲シオン: 「サイコロを1回振れる:5以上の時、相手のステージのエール1枚を、相手のホロメンに
    付け替える。」 (the user names the cheer, then where it goes)."""
    s = use(R, given(SHION, [R.purple, R.purple]))
    low = run(R, s, c("p2", "choose", choice="roll"), 4)
    assert low["pending"] is None and low["players"]["p1"]["center"]["cheer"] == [WHITE]
    s = run(R, s, c("p2", "choose", choice="roll"), 5)
    assert s["pending"]["kind"] == "arts_move_opp_cheer" and s["pending"]["options"] == [["center", WHITE]]
    s = run(R, s, c("p2", "choose", choice=["center", WHITE]))  # one other holomem: no question
    assert s["players"]["p1"]["center"]["cheer"] == [] and s["players"]["p1"]["back"][0]["cheer"] == [WHITE]


# ------------------------------------------------------------------ conditions and counts

@needs_list
def test_hbp01_050_sends_the_cheer_top_to_a_holox_other_than_iroha(R):
    """hBP01-050 風真いろは: 「自分のエールデッキの上から1枚を、自分の〈風真いろは〉以外の#秘密結社holoXを持つ
    ホロメンに送る。」 Another 風真いろは does not take it; ラプラス does."""
    s = back(given(IROHA, [GREEN, RED]), "p2", IROHA)
    none = use(R, s)
    assert none["pending"] is None and all(h["cheer"] == [] for h in none["players"]["p2"]["back"][1:])
    s = use(R, back(s, "p2", LAPLUS), BLUE)
    assert s["players"]["p2"]["back"][2]["cheer"] == [BLUE] and s["players"]["p2"]["back"][1]["cheer"] == []


@needs_list
def test_hbp05_061_archives_up_to_three_for_20_each_on_a_song_holomem(R):
    """hBP05-061 ネリッサ: 「自分の手札1～3枚をアーカイブできる:このターンの間、アーカイブしたカード1枚に
    つき、自分のステージの#歌を持つホロメン1人のアーツ+20。」"""
    s = use(R, given(NERISSA, [R.purple, RED, RED]))
    assert s["pending"]["kind"] == "cost_hand_each" and None in s["pending"]["options"]
    s = run(R, s, c("p2", "choose", choice=MEMO))
    s = run(R, s, c("p2", "choose", choice=SNOWMAN))
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["players"]["p2"]["archive"][-2:] == [MEMO, SNOWMAN]
    assert s["players"]["p2"]["center"]["mods"]["arts"] == 40 and dealt(s) == 120 + 40  # ネリッサ is #歌


@needs_list
def test_hbp05_023_from_the_centre_with_its_oshi_adds_20_per_three_stage_cheer(R):
    """hBP05-023 アイラニ: 「[センターポジション限定]自分の推しホロメンが〈アイラニ・イオフィフティーン〉なら、
    自分のステージのエール3枚につき、このアーツ+20。」"""
    s = given(IRYS, [GREEN, RED, RED])
    s["players"]["p2"]["back"][0]["cheer"] = [RED, BLUE, BLUE, BLUE]  # 7 on the stage: two threes
    assert dealt(use(R, s)) == 130  # the oshi is 炎堂アカリ
    s["players"]["p2"]["oshi"] = IRYS_OSHI
    assert dealt(use(R, s)) == 130 + 40
    collab = given(IRYS, [GREEN, RED, RED], pos="collab")
    collab["players"]["p2"]["oshi"] = IRYS_OSHI
    assert dealt(use(R, collab, pos="collab")) == 130


@needs_list
def test_hbp02_017_from_the_collab_counts_the_other_3rd_gen_holomem(R):
    """hBP02-017 白銀ノエル 「いっくぞー！」: 「[コラボポジション限定]自分のステージのこのホロメン以外の#3期生を
    持つホロメン1人につき、このアーツ+20。ただし、数える人数は4人まで。」"""
    s = given(NOEL3, [WHITE, RED, RED], pos="collab")
    s["players"]["p2"]["center"]["card"] = PEKORA
    s = back(s, "p2", NOEL_GYUDON)
    assert dealt(use(R, s, pos="collab", art=1)) == 60 + 40  # ぺこら and the other ノエル
    s = given(NOEL3, [WHITE, RED, RED])
    assert dealt(use(R, s, art=1)) == 60  # from the centre: nothing


@needs_list
def test_hbp05_010_and_hbp05_056_read_the_supports_used_this_turn(R):
    """hBP05-010 白銀ノエル: 「このターンに自分が〈牛丼〉を使っていたなら、このアーツ+30。」 and hBP05-056
    癒月ちょこ: 「このターンに自分が使っていた#食べ物を持つイベント1枚につき、このアーツ+20。ただし、数える枚数
    は2枚まで。」 (the supports played this turn: ``used["supports"]``)."""
    s = given(NOEL_GYUDON, [RED, RED])
    assert dealt(use(R, s)) == 20
    s["players"]["p2"]["used"]["supports"] = [LETTER, GYUDON]
    assert dealt(use(R, s)) == 20 + 30
    s = given(CHOCO, [R.purple, RED])
    s["players"]["p2"]["used"]["supports"] = [YUKKE, LETTER, YUKKE, YUKKE]
    assert dealt(use(R, s)) == 90 + 40  # three counted as two


@needs_list
def test_hbp05_056_archives_two_to_return_a_cooking_holomem(R):
    """hBP05-056 癒月ちょこ 2nd art: 「自分の手札2枚をアーカイブできる:自分のアーカイブの#料理を持つホロメン1枚を
    手札に戻す。」 (both cards, or none; then the return)."""
    s = given(CHOCO, [R.purple, RED, RED])
    s["players"]["p2"]["archive"] = [COOK]
    s = use(R, s, art=1)
    assert s["pending"]["kind"] == "arts_cost_hand" and None in s["pending"]["options"]
    s = run(R, s, c("p2", "choose", choice=MEMO))
    assert None not in s["pending"]["options"]  # begun: the second card must follow
    s = run(R, s, c("p2", "choose", choice=DICE))
    assert s["players"]["p2"]["hand"][-1] == COOK and s["players"]["p2"]["archive"] == [MEMO, DICE]


@needs_list
def test_hbp05_045_hits_then_may_send_an_archived_cheer_to_a_gamers_back(R):
    """hBP05-045 猫又おかゆ: 「相手のホロメン1人に特殊ダメージ20を与える。その後、自分のアーカイブのエール1枚を
    自分の#ゲーマーズを持つバックホロメンに送れる。」"""
    s = given(OKAYU, [BLUE, BLUE, RED])
    s["players"]["p2"]["archive"] = [RED]
    s = back(s, "p2", KORONE_LIFE)  # 戌神ころね #ゲーマーズ
    s = use(R, s)
    s = run(R, s, c("p2", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 20
    assert s["pending"]["kind"] == "archive_cheer" and s["pending"]["options"] == [RED, None]
    s = run(R, s, c("p2", "choose", choice=RED))
    assert s["players"]["p2"]["back"][1]["cheer"] == [RED] and dealt(s) == 120


@needs_list
def test_hbp04_046_hits_when_a_fan_is_attached_on_the_stage(R):
    """hBP04-046 雪花ラミィ: 「自分のファンが付いているホロメンがいる時、相手のホロメン1人に特殊ダメージ10を
    与える。」"""
    s = given(LAMY, [RED])
    assert use(R, s)["pending"] is None
    s["players"]["p2"]["back"][0]["attached"] = [ZAIN]
    s = use(R, s)
    assert s["pending"]["kind"] == "special_damage"
    s = run(R, s, c("p2", "choose", choice="center"))
    assert dealt(s) == 10 + 30


@needs_list
def test_hbp03_056_hits_20_per_song_back_holomem(R):
    """hBP03-056 常闇トワ: 「相手のセンターホロメンかコラボホロメンどちらかに、自分の#歌を持つバックホロメン1人
    につき、特殊ダメージ20を与える。ただし、数える人数は4人まで。」"""
    s = given(TOWA, [R.purple, R.purple, RED])
    s = back(back(s, "p2", NERISSA), "p2", WATAME)  # both #歌
    s = use(R, s, art=1)  # no collab: the centre, no question
    assert dealt(s) == 40 + 80


@needs_list
def test_hbp03_066_against_a_2nd_may_archive_a_1st_under_it(R):
    """hBP03-066 戌神ころね: 「このアーツの対象が相手の2ndホロメンの時、このホロメンに重なっている1stホロメン1枚
    をアーカイブできる:このアーツ+50。」"""
    korone_1st = R.first["戌神ころね"]
    s = given(KORONE, [R.yellow, R.yellow, RED])
    s["players"]["p2"]["center"]["stack"] = [AKARI_D, korone_1st]
    s["players"]["p1"]["center"]["card"] = NOEL3
    assert use(R, s)["pending"] is None  # 白銀ノエル 1st: no
    s["players"]["p1"]["center"]["card"] = NERISSA  # 2nd, purple
    s = use(R, s)
    assert s["pending"]["kind"] == "arts_cost_stacked" and s["pending"]["options"] == [korone_1st, None]
    s = run(R, s, c("p2", "choose", choice=korone_1st))
    assert s["players"]["p2"]["center"]["stack"] == [AKARI_D] and korone_1st in s["players"]["p2"]["archive"]
    assert dealt(s) == 120 + 50


@needs_list
def test_hbp03_072_with_six_cheer_at_the_centre_boosts_itself_and_the_collab(R):
    """hBP03-072 角巻わため: 「[センターポジション限定]このホロメンにエールが6枚以上付いている時、このターンの
    間、このホロメンと自分のコラボホロメンのアーツ+100。」"""
    s = given(WATAME, [R.yellow] + [RED] * 5)
    s = run(R, s, c("p2", "collab", back="back0"))
    s = use(R, s, target="center")
    assert s["players"]["p2"]["center"]["mods"]["arts"] == 100 and s["players"]["p2"]["collab"]["mods"]["arts"] == 100
    assert dealt(s) == 80 + 100


@needs_list
def test_hbp02_023_counts_colours_on_the_stage(R):
    """hBP02-023 パヴォリア・レイネ: 「自分のステージのエール1色につき、このアーツ+20。」 (red, green, blue)."""
    s = given(REINE, [GREEN, RED, RED, RED])
    s["players"]["p2"]["back"][0]["cheer"] = [BLUE]
    assert dealt(use(R, s)) == 100 + 60


@needs_list
def test_hbp02_052_needs_a_cheer_other_than_purple(R):
    """hBP02-052 クレイジー・オリー: 「このホロメンに紫以外のエールが付いている時、このアーツ+20。」"""
    assert dealt(use(R, given(OLLIE, [R.purple, R.purple]))) == 40
    assert dealt(use(R, given(OLLIE, [R.purple, RED]))) == 60


@needs_list
def test_hsd04_007_heals_a_back_holomem(R):
    """hSD04-007 癒月ちょこ: 「自分のバックホロメン1人のHP20回復。」 (the centre's damage is not healed)."""
    s = given(CHOCO_HEAL, [RED, RED])
    s["players"]["p2"]["center"]["damage"] = 30
    s["players"]["p2"]["back"][0]["damage"] = 30
    s = use(R, s)
    assert s["players"]["p2"]["back"][0]["damage"] == 10 and s["players"]["p2"]["center"]["damage"] == 30


@needs_list
def test_hbp01_071_and_hbp03_064_count_fans_and_the_life_lost(R):
    """hBP01-071 尾丸ポルカ: 「自分のホロメン全員に付いているファン1枚につき、このアーツ+20。」 and hBP03-064
    戌神ころね: 「自分の初期ライフから減っているライフ1につき、このアーツ+10。」"""
    s = given(POLKA_FANS, [RED, RED])
    s["players"]["p2"]["center"]["attached"] = [ZAIN, ZAIN]
    s["players"]["p2"]["back"][0]["attached"] = [ZAIN]
    assert dealt(use(R, s)) == 50 + 60
    s = given(KORONE_LIFE, [R.yellow, RED])
    s["players"]["p2"]["life"] = 3  # 炎堂アカリ's life is 5
    assert dealt(use(R, s)) == 40 + 20


@needs_list
def test_hbp02_012_and_hbp01_020_boost_the_centre_and_the_collab(R):
    """hBP02-012 白上フブキ: 「このターンの間、自分のマスコットが付いている[センターホロメンとコラボホロメン]の
    アーツ+20。」 and hBP01-020 七詩ムメイ: 「このターンの間、自分のバックホロメン1人につき、自分のセンター
    ホロメンとコラボホロメンのアーツ+10。」"""
    s = given(FUBUKI, [WHITE, RED])
    s = run(R, s, c("p2", "collab", back="back0"))
    s["players"]["p2"]["center"]["attached"] = [SNOWMAN]
    s = use(R, s)
    assert s["players"]["p2"]["center"]["mods"]["arts"] == 20 and s["players"]["p2"]["collab"]["mods"]["arts"] == 0
    s = back(back(given(MUMEI, [WHITE, RED, RED]), "p2", AKARI_D), "p2", AKARI_D)  # three back holomem
    s = use(R, s)
    assert s["players"]["p2"]["center"]["mods"]["arts"] == 30 and dealt(s) == 70 + 30


# ------------------------------------------------------------------ costs

@needs_list
def test_hbp04_025_with_its_oshi_may_move_two_cheer_to_two_back_holomem(R):
    """hBP04-025 儒烏風亭らでん: 「自分の推しホロメンが〈儒烏風亭らでん〉の時、このホロメンのエール2枚を、自分の
    バックホロメン2人に1枚ずつ付け替えられる:このアーツ+30。」"""
    s = back(given(RADEN, [GREEN, GREEN, RED, RED]), "p2", AKARI_D)
    s["players"]["p2"]["oshi"] = RADEN_OSHI
    s = use(R, s)
    assert s["pending"]["kind"] == "arts_move_own_cheer" and None in s["pending"]["options"]
    s = run(R, s, c("p2", "choose", choice=[RED, "back0"]))
    assert s["pending"]["options"] == [[GREEN, "back1"], [RED, "back1"]]  # the other back holomem
    s = run(R, s, c("p2", "choose", choice=[RED, "back1"]))
    assert [h["cheer"] for h in s["players"]["p2"]["back"]] == [[RED], [RED]] and dealt(s) == 140 + 30
    alone = given(RADEN, [GREEN, GREEN, RED, RED])
    alone["players"]["p2"]["oshi"] = RADEN_OSHI
    assert use(R, alone)["pending"] is None  # one back holomem: it cannot be paid


@needs_list
def test_hbp01_091_may_archive_a_green_or_blue_cheer(R):
    """hBP01-091 ムーナ・ホシノヴァ: 「このホロメンの[緑エールか青エール]1枚をアーカイブできる:相手のバック
    ホロメン1人に特殊ダメージ30を与える。」"""
    s = use(R, given(MOONA, [BLUE, GREEN, RED]), art=1)
    assert s["pending"]["kind"] == "cost_own_cheer" and s["pending"]["options"] == [GREEN, BLUE, None]
    s = run(R, s, c("p2", "choose", choice=GREEN))
    assert s["players"]["p1"]["back"][0]["damage"] == 30 and GREEN in s["players"]["p2"]["archive"]


@needs_list
def test_hbp01_087_hits_the_centre_with_the_backs_damage(R):
    """hBP01-087 こぼ・かなえる: 「このホロメンのエール2枚をアーカイブできる:相手のセンターホロメンに、相手の
    バックホロメン全員が受けているダメージの合計数と同じ数値の特殊ダメージを与える。」"""
    s = given(KANAERU, [BLUE, BLUE, RED])
    s["players"]["p1"]["back"][0]["damage"] = 30
    s = use(R, s, art=1)
    s = run(R, s, c("p2", "choose", choice=RED))
    s = run(R, s, c("p2", "choose", choice=BLUE))
    assert dealt(s) == 30 + 40


@needs_list
def test_hbp03_019_shows_a_watame_to_the_deck_bottom_to_heal(R):
    """hBP03-019 獅白ぼたん: 「自分の手札の〈角巻わため〉1枚を公開し、デッキの下に戻せる:このホロメンのHP20回復。」"""
    watame = R.first["角巻わため"]
    s = given(BOTAN, [GREEN])
    s["players"]["p2"]["center"]["damage"] = 50
    s["players"]["p2"]["hand"].append(watame)
    s = use(R, s)
    assert s["pending"]["options"] == [watame, None]
    s = run(R, s, c("p2", "choose", choice=watame))
    assert watame not in s["players"]["p2"]["hand"] and s["zones"]["piles"]["deck/p2"]["bottom"] == [watame]
    assert s["players"]["p2"]["center"]["damage"] == 30


@needs_list
def test_hbp01_037_adds_50_with_a_tool(R):
    """hBP01-037 アキ・ローゼンタール: 「このホロメンにツールが付いている時、このアーツ+50。」"""
    s = given(AKI, [GREEN, GREEN, GREEN])
    assert dealt(use(R, s)) == 70
    s["players"]["p2"]["center"]["attached"] = [MIC]
    assert dealt(use(R, s)) == 70 + 50 + 10  # the mic's own +10


# ------------------------------------------------------------------ using an art

@needs_list
def test_hbp01_070_is_used_only_with_a_zain_attached(R):
    """hBP01-070 尾丸ポルカ 「共依存」: 「このアーツは、このホロメンに〈座員〉が付いていないと使えない。」"""
    s = given(POLKA_ZAIN, [RED, RED])
    with pytest.raises(RuleViolation, match="座員") as refused:
        use(R, s)
    assert refused.value.rule == "カード/尾丸ポルカ"
    assert not [x for x in R.legal(s, "p2") if x["type"] == "arts"]
    s["players"]["p2"]["center"]["attached"] = [ZAIN]
    assert dealt(use(R, s)) == 70


@needs_list
def test_hbp01_009_targets_the_centre_only(R):
    """hBP01-009 天音かなた: 「このアーツは、相手のセンターホロメンしか対象にできない。」"""
    s = given(KANATA, [WHITE])
    s["players"]["p1"]["collab"] = {**copy.deepcopy(s["players"]["p1"]["back"].pop(0)), "card": YUKI_D}
    with pytest.raises(RuleViolation, match="targets the opponent's center"):
        use(R, s, target="collab")
    assert {x["target"] for x in R.legal(s, "p2") if x["type"] == "arts"} == {"center"}
    assert dealt(use(R, s)) == 40


@needs_list
def test_hbp03_037_is_used_without_a_cheer_while_fuwawa_is_the_centre(R):
    """hBP03-037 モココ・アビスガード: 「このアーツは、自分のセンターホロメンが〈フワワ・アビスガード〉の時、エール1枚を
    必要とせずに使える。」 (its cost is one ◇: none then)."""
    assert ours(text(MOCOCO, 0)) == ("arts_use_rule", {"cost_less": {
        "test": "stage_has", "filter": {"pos": "center", "names": ["フワワ・アビスガード"]}, "min": 1, "count": 1}})
    s = given(MOCOCO, [], pos="collab")
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, s, pos="collab")
    s["players"]["p2"]["center"]["card"] = FUWAWA
    assert dealt(use(R, s, pos="collab")) == 20


@needs_list
def test_hbp04_009_looks_at_three_for_a_holox_debut_or_a_koyolab_support(R):
    """hBP04-009 博衣こより: 「自分のデッキの上から3枚を見る。その中から、[#秘密結社holoXを持つDebutホロメンか#こよラボを
    持つサポートカード]1枚を公開し、手札に加える。そして残ったカードを好きな順でデッキの下に戻す。」"""
    assert ours(text(KOYORI, 0)) == ("look_top", {"count": 3, "max": 1, "rest": "bottom", "filter": {"either": [
        {"tag": "秘密結社holoX", "holomem": True, "level": "debut"}, {"tag": "こよラボ", "kind": "support"}]}})
    s = in_deck(given(KOYORI, [RED]), "p2", KOYORI, KOYOLAB)
    s = use(R, s, KOYORI, KOYOLAB, MEMO)
    assert s["pending"]["kind"] == "look_top" and s["pending"]["options"] == sorted([KOYORI, KOYOLAB]) + [None]
    s = run(R, s, c("p2", "choose", choice=KOYOLAB))
    assert s["players"]["p2"]["hand"][-1] == KOYOLAB and s["pending"]["kind"] == "to_bottom"


@needs_list
def test_hbp03_050_finds_a_red_or_blue_cheer_for_an_advent_holomem(R):
    """hBP03-050 FUWAMOCO: 「自分のエールデッキから、[赤エールか青エール]1枚を公開し、自分の#Adventを持つホロメンに送る。
    そしてエールデッキをシャッフルする。」 (炎堂アカリ at the back is not #Advent)."""
    assert ours(text(FUWAMOCO, 0)) == ("cheer_search", {"colors": ["red", "blue"], "to": "choose", "tag": "Advent"})
    s = use(R, given(FUWAMOCO, [RED, BLUE]))
    assert s["pending"]["kind"] == "cheer_search" and s["pending"]["options"] == [RED, BLUE, None]
    s = run(R, s, c("p2", "choose", choice=BLUE))
    assert s["players"]["p2"]["center"]["cheer"] == [RED, BLUE, BLUE] and s["players"]["p2"]["back"][0]["cheer"] == []


@needs_list
def test_hbp03_052_with_its_oshi_may_archive_a_tool_of_the_opponent(R):
    """hBP03-052 常闇トワ: 「相手のセンターホロメンに特殊ダメージ10を与える。その後、自分の推しホロメンが〈常闇トワ〉の時、
    相手の[センターホロメンかコラボホロメン]に付いているツール1枚をアーカイブできる。」"""
    assert ours("相手の[センターホロメンかコラボホロメン]に付いているツール1枚をアーカイブできる。") == (
        "arts_archive_opp_attached", {"from": ["center", "collab"], "kind": "tool", "optional": True})
    s = given(TOWA_D, [R.purple])
    s["players"]["p1"]["center"]["attached"] = [MIC]
    assert use(R, s)["players"]["p1"]["center"]["attached"] == [MIC]  # the oshi is 炎堂アカリ
    s["players"]["p2"]["oshi"] = TOWA_OSHI
    s = use(R, s)
    assert s["pending"]["kind"] == "arts_archive_opp_attached" and s["pending"]["options"] == [["center", MIC], None]
    s = run(R, s, c("p2", "choose", choice=["center", MIC]))
    assert s["players"]["p1"]["center"]["attached"] == [] and s["players"]["p1"]["archive"] == [MIC]
    assert dealt(s) == 10 + 20


@needs_list
def test_hbp01_067_adds_10_per_archived_holomem_then_returns_six_to_the_deck(R):
    """hBP01-067 小鳥遊キアラ: 「自分のアーカイブのホロメン1枚につき、このアーツ+10。そして自分のアーカイブのホロメン6枚を
    デッキに戻してシャッフルする。」 (seven there: the user picks the six)."""
    assert ours(text(KIARA, 1)) == ("sequence", {"steps": [
        {"effect": "arts_count", "params": {"source": "archive_holomem",
                                            "then": {"effect": "arts_plus", "params": {"amount": 10}}}},
        {"effect": "arts_archive_to_deck", "params": {"count": 6, "filter": {"holomem": True}}}]})
    s = given(KIARA, [RED, RED, RED], wall=NOEL3)  # 緑+50: not against white
    s["players"]["p2"]["archive"] = [AKARI_D] * 4 + ["FX02-007_C"] * 3 + [MEMO]
    deck = s["zones"]["piles"]["deck/p2"]["size"]
    s = use(R, s, art=1)
    assert s["pending"]["kind"] == "arts_archive_to_deck" and s["pending"]["options"] == [AKARI_D, "FX02-007_C"]
    for card in [AKARI_D] * 4 + ["FX02-007_C"]:
        s = run(R, s, c("p2", "choose", choice=card))
    assert s["pending"]["options"] == ["FX02-007_C"]
    s = run(R, s, c("p2", "choose", choice="FX02-007_C"))
    assert s["players"]["p2"]["archive"] == ["FX02-007_C", MEMO] and s["zones"]["piles"]["deck/p2"]["size"] == deck + 6
    assert dealt(s) == 80 + 70


@needs_list
def test_hbp01_018_may_reveal_the_top_adding_20_for_a_promise_card(R):
    """hBP01-018 七詩ムメイ: 「自分のデッキの上から1枚を公開できる:公開したカードが#Promiseを持つ時、このアーツ+20。そして
    公開したカードを手札に加える。」"""
    assert ours(text(MUMEI_1, 0)) == ("arts_reveal_top", {"filter": {"tag": "Promise"},
                                                          "then": {"effect": "arts_plus", "params": {"amount": 20}}})
    s = in_deck(given(MUMEI_1, [WHITE]), "p2", IRYS_D)
    s = use(R, s)
    assert s["pending"]["options"] == ["reveal", None]
    hit = run(R, s, c("p2", "choose", choice="reveal"), IRYS_D)
    assert hit["players"]["p2"]["hand"][-1] == IRYS_D and dealt(hit) == 20 + 20
    miss = run(R, s, c("p2", "choose", choice="reveal"), MEMO)
    assert miss["players"]["p2"]["hand"][-1] == MEMO and dealt(miss) == 20


@needs_list
@pytest.mark.parametrize("pid, art, effect, params", [
    ("hBP07-021_RR", 0, "arts_when", {"test": "stage_has", "filter": {"tag": "ID3期生", "buzz": True}, "min": 1,
                                      "then": {"effect": "arts_plus", "params": {"amount": 40}}}),
    ("hBP02-054_C", 0, "arts_when", {"test": "archive_has", "filter": {"holomem": True}, "n": 1,
                                     "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    ("hBP07-060_S", 1, "arts_use_rule", {"use_if": {"archive": {"filter": {"kind": "support"}, "n": 4}}}),
    ("hBP07-045_R", 0, "arts_count", {"source": "hand", "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    ("hBP05-036_C", 0, "arts_when", {"test": "opp_back_damaged", "n": 1,
                                     "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    ("hSD13-013_RR", 0, "arts_when", {"test": "stacked_none",
                                      "then": {"effect": "arts_plus", "params": {"amount": 90}}}),
    ("hBP02-034_RR", 1, "if_attached", {"filter": {"either": [{"support": "tool"}, {"support": "mascot"}]}, "then": {
        "effect": "special_damage", "params": {"amount": 30, "target": "front"}}}),
    ("hBP07-034_R", 0, "if_attached", {"name": "ふぐ太郎", "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    ("hBP06-077_RR", 0, "arts_count", {"source": "supports_used", "filter": {"kind": "support", "limited": True},
                                       "then": {"effect": "arts_plus", "params": {"amount": 30}}}),
    ("hBP07-074_RR", 0, "arts_when", {"test": "stage_has", "filter": {"pos": "center", "colors": ["purple"]}, "min": 1,
                                      "then": {"effect": "arts_plus", "params": {"amount": 40}}}),
    ("hBP07-031_R", 0, "arts_when", {"test": "oshi_color", "colors": ["green", "blue", "yellow"],
                                     "then": {"effect": "to_holopower", "params": {"count": 1}}}),
    ("hBP03-024_RR", 0, "arts_when", {"test": "cheer_not", "colors": ["green"], "n": 2,
                                      "then": {"effect": "arts_plus", "params": {"amount": 50}}}),
])
def test_more_conditions_and_counts_are_recognised(pid, art, effect, params):
    assert ours(text(pid, art)) == (effect, params)


@needs_list
def test_the_archive_the_hand_and_the_opponents_backs_are_read_as_the_text_resolves(R):
    """hBP02-054 森カリオペ 「自分のアーカイブにホロメンがある時、このアーツ+10。」, hBP07-045 ハコス・ベールズ 「自分の手札
    1枚につき、このアーツ+20。」, hBP05-036 星街すいせい 「相手のバックホロメンのHPが減っているなら、このアーツ+20。」"""
    s = given(CALLI_D, [RED])
    assert dealt(use(R, s)) == 30
    s["players"]["p2"]["archive"] = [MEMO, AKARI_D]
    assert dealt(use(R, s)) == 40
    s = given(BAE, [RED, RED])
    assert dealt(use(R, s)) == 20 + 20 * len(s["players"]["p2"]["hand"])
    s = given(SUISEI_D, [RED])
    assert dealt(use(R, s)) == 20
    s["players"]["p1"]["back"][0]["damage"] = 10
    assert dealt(use(R, s)) == 40


@needs_list
def test_hbp07_060_needs_four_supports_in_the_archive(R):
    """hBP07-060 シオリ・ノヴェラ: 「このアーツは、自分のアーカイブにサポートカードが4枚以上なければ使えない。」"""
    s = given(SHIORI, [BLUE])
    s["players"]["p2"]["archive"] = [MEMO, LETTER, DICE, AKARI_D]
    with pytest.raises(RuleViolation, match="fewer than 4"):
        use(R, s, art=1)
    assert dealt(use(R, s)) == 10  # its other art
    s["players"]["p2"]["archive"].append(MIC)
    assert dealt(use(R, s, art=1)) == 50


@needs_list
def test_hbp02_034_hits_with_a_tool_or_a_mascot_attached(R):
    """hBP02-034 百鬼あやめ: 「このホロメンにツールかマスコットが付いている時、相手のセンターホロメンかコラボホロメンに
    特殊ダメージ30を与える。」"""
    s = given(AYAME, [RED, RED, RED])
    assert dealt(use(R, s, art=1)) == 80
    s["players"]["p2"]["center"]["attached"] = [SNOWMAN]
    assert dealt(use(R, s, art=1)) == 30 + 80  # no collab: the centre, no question


@needs_list
def test_hbp06_071_rolls_three_and_counts_the_odd_faces(R):
    """hBP06-071 ラプラス・ダークネス: 「サイコロを3回振る。奇数が出た回数1回につき、このアーツ+20。」 (not optional:
    no question; each roll a chance event)."""
    assert ours(text(LAPLUS_ODD, 0)) == ("arts_roll_sum", {"times": 3, "optional": False, "hits": [1, 3, 5],
                                                           "then": {"effect": "arts_plus", "params": {"amount": 20}}})
    s = use(R, given(LAPLUS_ODD, [R.purple, R.purple]), 1, 2, 3)
    assert [e["face"] for e in s["events"] if e["kind"] == "roll"] == [1, 2, 3] and dealt(s) == 80 + 40


@needs_list
def test_hbp06_040_rolls_then_hits_on_odd(R):
    """hBP06-040 ハコス・ベールズ: 「サイコロを1回振る。奇数なら、相手のセンターホロメンとコラボホロメンに特殊ダメージ10
    を与える。」 (``roll_then``, not optional)."""
    assert ours(text(BAE_D, 0)) == ("roll_then", {"optional": False, "branches": [{"faces": [1, 3, 5], "then": {
        "effect": "special_damage", "params": {"amount": 10, "target": "both"}}}]})
    assert dealt(use(R, given(BAE_D, [RED]), 3)) == 10 + 30
    assert dealt(use(R, given(BAE_D, [RED]), 4)) == 30


@needs_list
def test_hbp08_024_rests_itself(R):
    """hBP08-024 セシリア・イマーグリーン: 「このホロメンをお休みさせる。」"""
    s = use(R, given(CECILIA, [GREEN]))
    assert s["players"]["p2"]["center"]["rested"] and dealt(s) == 60


@needs_list
def test_hbp06_020_archives_one_to_three_and_adds_20_each(R):
    """hBP06-020 響咲リオナ: 「自分のデッキの上から1～3枚をアーカイブする。アーカイブしたカード1枚につき、このアーツ+20。」"""
    s = use(R, given(RIONA, [WHITE, RED, RED]))
    assert s["pending"]["kind"] == "arts_mill_upto" and s["pending"]["options"] == [1, 2, 3]
    s = run(R, s, c("p2", "choose", choice=2), MEMO, LETTER)
    assert s["players"]["p2"]["archive"][-2:] == [MEMO, LETTER] and dealt(s) == 150 + 40


@needs_list
def test_costs_of_holopower_and_of_an_archived_card(R):
    """hBP07-076 ネリッサ: 「自分のホロパワー1枚をアーカイブできる:このアーツ+30。」 and hBP06-021 博衣こより: 「自分の
    アーカイブの#こよラボを持つサポートカード1枚をデッキの下に戻せる:このアーツ+40。」"""
    s = given(NERISSA_1, [R.purple, RED])
    assert use(R, s)["pending"] is None  # no holopower: it cannot be paid
    s["players"]["p2"]["holopower"] = [MEMO]
    s = use(R, s)
    assert s["pending"]["options"] == ["pay", None]
    s = run(R, s, c("p2", "choose", choice="pay"))
    assert s["players"]["p2"]["holopower"] == [] and s["players"]["p2"]["archive"] == [MEMO] and dealt(s) == 50 + 30
    s = given(KOYORI_2, [WHITE, RED])
    s["players"]["p2"]["archive"] = [KOYOLAB, MEMO]
    s = use(R, s)
    assert s["pending"]["options"] == [KOYOLAB, None]
    s = run(R, s, c("p2", "choose", choice=KOYOLAB))
    assert s["zones"]["piles"]["deck/p2"]["bottom"] == [KOYOLAB] and s["players"]["p2"]["archive"] == [MEMO]
    assert dealt(s) == 90 + 40


@needs_list
def test_hbp06_056_reveals_six_and_adds_20_per_holomem(R):
    """hBP06-056 沙花叉クロヱ: 「自分のデッキの上から6枚を公開する。公開したホロメン1枚につき、このアーツ+20。そして公開
    したカードをアーカイブする。」"""
    shown = [AKARI_D, MEMO, AKARI_1, LETTER, DICE, AKARI_DU]
    s = use(R, given(CHLOE_6, [BLUE, BLUE, RED, RED]), *shown)
    assert s["players"]["p2"]["archive"] == shown and dealt(s) == 120 + 60


@needs_list
def test_the_target_the_opponents_stage_the_archive_and_the_hand_are_read(R):
    """hBP04-036 一条莉々華 「このアーツの対象が相手のコラボホロメンの時、自分のデッキを1枚引く。」, hSD19-008 大空スバル
    「[コラボポジション限定]相手のステージに2ndホロメンがいるなら、このアーツ+20。」, hBP08-040 百鬼あやめ 「自分の
    アーカイブの赤エール1枚につき、このアーツ+10。」, hBP08-065 鷹嶺ルイ 「自分の手札が2枚以下なら、このアーツ+30。」"""
    s = given(RIRIKA, [RED])
    s["players"]["p1"]["collab"] = {**copy.deepcopy(s["players"]["p1"]["back"].pop(0)), "card": WALL}
    hand = len(s["players"]["p2"]["hand"])
    assert len(use(R, s)["players"]["p2"]["hand"]) == hand
    assert len(use(R, s, MEMO, target="collab")["players"]["p2"]["hand"]) == hand + 1
    s = given(SUBARU, [RED], pos="collab")
    assert dealt(use(R, s, pos="collab")) == 20 + 20  # AZKi 2nd
    s["players"]["p1"]["center"]["card"] = NOEL3
    assert dealt(use(R, s, pos="collab")) == 20
    s = given(AYAME_RED, [RED, RED])
    s["players"]["p2"]["archive"] = [RED, RED, BLUE]
    assert dealt(use(R, s)) == 30 + 20
    s = given(LUI, [R.purple, R.purple])
    assert dealt(use(R, s)) == 50
    s["players"]["p2"]["hand"] = s["players"]["p2"]["hand"][:2]
    assert dealt(use(R, s)) == 50 + 30


@needs_list
def test_hbp01_081_paid_may_move_its_target_to_a_back_holomem(R):
    """hBP01-081 星街すいせい: 「このホロメンの青エール2枚をアーカイブできる:このホロメンに重なっているホロメン1枚につき、
    このアーツ+60（このアーツは相手のバックホロメンも対象にできる）。」 Paid, the user keeps the declared target or names
    a back holomem of the opponent (the art's damage goes there); not paid, the target stays."""
    assert rawlist.recognise(text(SUISEI, 0)) == ("cost_own_cheer", {"count": 2, "colors": ["blue"], "then": {
        "effect": "sequence", "params": {"steps": [
            {"effect": "arts_per", "params": {"source": "stacked", "per": 1, "amount": 60}},
            {"effect": "arts_retarget", "params": {"to": "back"}}]}}})
    s = given(SUISEI, [BLUE, BLUE, BLUE, RED])
    s["players"]["p2"]["center"]["stack"] = [AKARI_D]
    s["players"]["p1"]["back"][0]["card"] = WALL
    s = use(R, s)
    declined = run(R, s, c("p2", "choose", choice=None))
    assert dealt(declined) == 60 and declined["players"]["p1"]["back"][0]["damage"] == 0
    s = run(R, s, c("p2", "choose", choice=BLUE))
    s = run(R, s, c("p2", "choose", choice=BLUE))
    assert s["pending"]["kind"] == "arts_retarget" and s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p2", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["damage"] == 60 + 60 and dealt(s) == 0
    assert {"kind": "arts_target", "seat": "p2", "card": SUISEI, "target": "back0"} in s["events"]


@needs_list
def test_an_arts_colourless_cost_less_under_a_condition(R):
    """hBP07-011 角巻わため: 「このホロメンに白エールが2枚以上付いているなら、このアーツに必要な無色-1。」 and hSD12-012
    ネリッサ: 「自分のライフが3以下なら、このアーツに必要な無色-2。」 (◇ icons only)."""
    s = given(WATAME_1, [WHITE, RED])
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, s)  # ◇◇◇ with one white
    s["players"]["p2"]["center"]["cheer"] = [WHITE, WHITE]
    assert dealt(use(R, s)) == 70  # ◇◇ now
    s = given(NERISSA_D, [R.purple, RED])
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, s)
    s["players"]["p2"]["life"] = 3
    assert dealt(use(R, s)) == 80  # 紫◇◇◇ less two ◇
    s["players"]["p2"]["center"]["cheer"] = [RED, RED]
    with pytest.raises(RuleViolation, match="needs cheer"):
        use(R, s)  # the purple icon stays


@needs_list
def test_hbp08_014_boosts_every_stage_holomem_per_purple_cheer(R):
    """hBP08-014 IRyS: 「このターンの間、このホロメンの紫エール1枚につき、自分のステージのホロメン全員のアーツ+20。」"""
    s = use(R, given(IRYS_2, [WHITE, R.purple, R.purple]))
    assert s["players"]["p2"]["center"]["mods"]["arts"] == 40 and s["players"]["p2"]["back"][0]["mods"]["arts"] == 40
    assert dealt(s) == 130 + 40


@needs_list
def test_hbp06_075_rolls_once_per_mascot_and_fan_counting_4_or_more(R):
    """hBP06-075 夏色まつり: 「自分のステージの[マスコットとファン]1枚につき、サイコロを1回振る。4以上が出た回数1回につき、
    このアーツ+10。ただし、振れる回数は4回まで。」"""
    s = given(MATSURI, [R.yellow, R.yellow, RED])
    s["players"]["p2"]["center"]["attached"] = [SNOWMAN, ZAIN, ZAIN]
    s["players"]["p2"]["back"][0]["attached"] = [ZAIN, ZAIN, MIC]  # five, the tool not counted: four rolls
    s = use(R, s, 4, 1, 6, 5, art=1)
    assert [e["face"] for e in s["events"] if e["kind"] == "roll"] == [4, 1, 6, 5] and dealt(s) == 80 + 30


@needs_list
def test_hbp07_043_adds_70_and_draws_one_per_35p(R):
    """hBP07-043 さくらみこ: 「このホロメンに付いている〈35P〉1枚につき、このアーツ+70し、自分のデッキを1枚引く。」 (both
    scale: ``sequence`` joined)."""
    assert ours(text(MIKO, 0)) == ("arts_count", {"source": "attached_name", "name": "35P", "then": {
        "effect": "sequence", "params": {"joined": True, "steps": [
            {"effect": "arts_plus", "params": {"amount": 70}}, {"effect": "draw", "params": {"count": 1}}]}}})
    s = given(MIKO, [RED, RED, RED, RED], wall=NOEL3)  # 紫+50: not against white
    s["players"]["p2"]["center"]["attached"] = [P35, P35]
    hand = len(s["players"]["p2"]["hand"])
    s = use(R, s, MEMO, LETTER)
    assert len(s["players"]["p2"]["hand"]) == hand + 2 and dealt(s) == 70 + 140


@needs_list
def test_hbp02_027_may_archive_the_top_for_20_or_50(R):
    """hBP02-027 大神ミオ: 「自分のデッキの上から1枚をアーカイブできる:アーカイブしたカードが、ホロメンの時、このアーツ+20。
    サポートカードの時、このアーツ+50。」"""
    s = use(R, given(MIO, [GREEN, RED]))
    assert s["pending"]["options"] == ["archive", None]
    assert dealt(run(R, s, c("p2", "choose", choice="archive"), AKARI_D)) == 60 + 20
    assert dealt(run(R, s, c("p2", "choose", choice="archive"), MEMO)) == 60 + 50
    assert dealt(run(R, s, c("p2", "choose", choice=None))) == 60


@needs_list
def test_hbp06_045_returns_one_to_five_archived_holomem_to_the_deck_bottom(R):
    """hBP06-045 ハコス・ベールズ: 「自分のアーカイブのホロメン1～5枚を好きな順でデッキの下に戻す。戻したホロメン1枚につき、
    このアーツ+10。」 (at least one; null ends it after the first)."""
    s = given(BAE_2, [RED, RED], wall=NOEL3)
    s["players"]["p2"]["archive"] = [AKARI_D, AKARI_DU, MEMO]
    s = use(R, s)
    assert s["pending"]["options"] == [AKARI_D, AKARI_DU]  # one must go back
    s = run(R, s, c("p2", "choose", choice=AKARI_DU))
    assert s["pending"]["options"] == [AKARI_D, None]
    s = run(R, s, c("p2", "choose", choice=AKARI_D))
    assert s["zones"]["piles"]["deck/p2"]["bottom"] == [AKARI_DU, AKARI_D] and s["players"]["p2"]["archive"] == [MEMO]
    assert dealt(s) == 70 + 20


@needs_list
def test_hsd03_011_draws_up_to_three_with_two_or_fewer(R):
    """hSD03-011 ラプラス・ダークネス: 「自分の手札が2枚以下の時、手札が3枚になるまで、自分のデッキを引く。」"""
    s = given(LAPLUS_SPOT, [RED, RED])
    s["players"]["p2"]["hand"] = s["players"]["p2"]["hand"][:1]
    s = use(R, s, MEMO, LETTER, art=1)
    assert len(s["players"]["p2"]["hand"]) == 3


@needs_list
def test_hbp07_049_60_instead_of_30_at_two_life(R):
    """hBP07-049 エリザベス: 「自分のライフが4以下なら、このアーツ+30。自分のライフが2以下なら、かわりに、このアーツ+60。」"""
    dealt_at = {}
    for life in (5, 4, 2):
        s = given(LIZ, [RED, RED, RED], wall=NOEL3)
        s["players"]["p2"]["life"] = life
        dealt_at[life] = dealt(use(R, s))
    assert dealt_at == {5: 130, 4: 160, 2: 190}


@needs_list
def test_hbp02_059_adds_40_at_four_and_40_more_at_eight(R):
    """hBP02-059 森カリオペ: 「自分のアーカイブに#Mythを持つホロメンが、4枚以上ある時、このアーツ+40。8枚以上ある時、さらに、
    このアーツ+40。」"""
    out = []
    for n in (3, 4, 8):
        s = given(CALLI, [R.purple, R.purple, RED])
        s["players"]["p2"]["archive"] = [CALLI] * n
        out.append(dealt(use(R, s)))
    assert out == [80, 120, 160]
