"""The card list's most used ability patterns (``python -m kifu.replays.games.hocg.coverage``):
each recognised from its printed text and resolved by itself, given/when/then, citing a card
that prints it. The cards come from ``../shared/data/hocg/card_data.json`` (never committed:
skipped without it), added to the FIXTURE set; the texts' recognition is tested without it.
"""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import AKARI_D, BLUE, CS, GREEN, LETTER, MEMO, RED, REAL_LIST, WHITE, YUKI_D, YUKI_DU, c
from .test_turns import p1_main, p2_turn

needs_list = pytest.mark.skipif(not REAL_LIST.exists(),
                                reason="the official card list ../shared/data/hocg/card_data.json is not here "
                                       "(input only, never committed)")

AZKI_DRAW, PASOKON, LAMY, MATSURI, NERISSA, KRONII, BIBOO, SUISEI = (
    "hBP07-065_C", "hBP01-104_07_C", "hBP04-043_02_C", "hBP04-081_U", "hBP02-065_02_C", "hBP07-055_U",
    "hBP07-090_RR", "hBP05-037_RR")
KANAERU, OKAYU, SHION = "hBP05-048_U", "hBP05-043_U", "hBP04-060_R"
CHLOE, KRONII_D, WATAME = "hBP02-039_R", "hBP01-092_02_C", "hBP07-009_U"
NOEL, RISU, FUBUKI_Y = "hBP05-012_RR", "hBP03-078_RR", "hBP05-069_U"
ONIGIRYA = "hSD03-014_C"  # ファン おにぎりゃー: HP+10, only on 猫又おかゆ
POYOYO_ID = "hSD02-014_C"


@pytest.fixture(scope="module")
def R():
    raw = json.loads(REAL_LIST.read_text(encoding="utf-8"))
    wanted = {AZKI_DRAW, PASOKON, LAMY, MATSURI, NERISSA, KRONII, BIBOO, SUISEI, KANAERU, OKAYU, SHION, CHLOE, KRONII_D, WATAME, NOEL, RISU, FUBUKI_Y, POYOYO_ID, ONIGIRYA}
    yellow, purple = (next(pid for pid, v in raw.items() if v.get("card_type") == "エール" and v.get("color") == colour)
                      for colour in ("黄", "紫"))
    named = {"オーロ・クロニー", "夏色まつり"}  # their Debut/1st to bloom from
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items()
             if pid in wanted or pid in (yellow, purple) or (v.get("name") in named and v.get("bloom_level") in ("Debut", "1st"))]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-patterns", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.yellow, bound.purple = yellow, purple
    return bound


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


@pytest.mark.parametrize("text, effect, params", [
    ("自分のデッキを1枚引いた後、手札1枚をアーカイブする。", "sequence",
     {"steps": [{"effect": "draw", "params": {"count": 1}}, {"effect": "discard_hand", "params": {"count": 1}}]}),
    ("自分のデッキから、Debutホロメン１枚を公開し、ステージに出す。そしてデッキをシャッフルする。", "search_deck",
     {"filter": {"holomem": True, "level": "debut"}, "dest": "stage"}),
    ("相手のバックホロメン1人に特殊ダメージ10を与える（ダウンしても相手のライフは減らない）。", "special_damage",
     {"amount": 10, "target": "back", "no_life": True}),
    ("このホロメンのエール1枚につき、このアーツ+20。", "arts_per", {"source": "own_cheer", "per": 1, "amount": 20}),
    ("お互いのステージのエール1枚につき、このアーツ+10。ただし、数える枚数は8枚まで。", "arts_per",
     {"source": "both_stage_cheer", "per": 1, "amount": 10, "cap": 8}),
    ("このホロメンに付いている〈35P〉1枚につき、このアーツ+20。", "arts_per",
     {"source": "attached_name", "name": "35P", "per": 1, "amount": 20}),
    ("自分のエールデッキから、黄エール1枚を公開し、このホロメンに送る。そしてエールデッキをシャッフルする。", "cheer_search",
     {"colors": ["yellow"], "to": "self"}),
    ("このホロメンに赤エールが付いている時、このアーツ+10。", "if_cheer",
     {"colors": ["red"], "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    ("自分のデッキから、#白上'sキャラクターを持つカード1枚を公開し、手札に加える。そしてデッキをシャッフルする。", "search_deck",
     {"filter": {"tag": "白上'sキャラクター"}}),
    ("自分のデッキから、[ホロメンかツール]1枚を公開し、手札に加える。そしてデッキをシャッフルする。", "search_deck",
     {"filter": {"any_of": ["holomem", "tool"]}}),
    ("自分のステージの#Promiseを持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+20。", "boost_turn",
     {"amount": 20, "tag": "Promise"}),
    ("自分の推しホロメンが〈尾丸ポルカ〉なら、このアーツ+20。", "if_oshi",
     {"name": "尾丸ポルカ", "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    ("このホロメンのエールすべてをアーカイブする。", "archive_own_cheer", {}),
    ("相手のバックホロメン2人に特殊ダメージ10を与える。", "special_damage", {"amount": 10, "target": "back", "count": 2}),
    ("相手のバックホロメン全員に特殊ダメージ30を与える。ただし、ダウンしても相手のライフは減らない。", "special_damage",
     {"amount": 30, "target": "all_back", "no_life": True}),
    ("このホロメンの青エール1枚をアーカイブできる:相手のセンターホロメンとバックホロメン1人に特殊ダメージ10を与える。",
     "cost_own_cheer", {"count": 1, "colors": ["blue"],
                        "then": {"effect": "special_damage", "params": {"amount": 10, "target": "center_back"}}}),
    ("自分のエールデッキの上から1枚をアーカイブできる:相手のセンターホロメンかコラボホロメンに特殊ダメージ20を与える。",
     "cost_cheer_deck", {"count": 1, "then": {"effect": "special_damage", "params": {"amount": 20, "target": "front"}}}),
    ("このホロメンに#こよラボを持つサポートカードが付いている時、自分のデッキから、#こよラボを持つサポートカード1枚を公開し、"
     "手札に加える。そしてデッキをシャッフルする。", "if_attached",
     {"filter": {"tag": "こよラボ", "kind": "support"},
      "then": {"effect": "search_deck", "params": {"filter": {"tag": "こよラボ", "kind": "support"}}}}),
    ("自分のステージの異なるカード名の#3期生を持つホロメン1人につき、このアーツ+10。", "arts_per",
     {"source": "distinct_tag", "name": "3期生", "per": 1, "amount": 10}),
    ("[センターポジション限定]このアーツ+20。", "arts_plus", {"amount": 20, "pos": "center"}),
    ("自分のアーカイブのエール1枚を自分の#Justiceを持つホロメンに送る。", "archive_cheer",
     {"count": 1, "optional": False, "to": "choose", "tag": "Justice"}),
    ("このホロメンのエール1枚を、自分の他の#Promiseを持つホロメンに付け替えられる。", "move_cheer",
     {"tag": "Promise", "optional": True, "from": "self"}),
    ("自分のデッキの上から1枚をアーカイブできる。アーカイブしたカードがサポートカードなら、このアーツ+20。", "top_for_arts",
     {"count": 1, "amount": 20, "filter": {"kind": "support"}}),
    ("このターンの間、自分のステージの〈角巻わため〉全員のアーツ+20。", "boost_all", {"name": "角巻わため", "amount": 20}),
    ("サイコロを1回振れる:偶数なら、自分のデッキを1枚引く。", "roll_then",
     {"optional": True, "branches": [{"faces": [2, 4, 6], "then": {"effect": "draw", "params": {"count": 1}}}]}),
    ("このホロメンのHPが減っているなら、このアーツ+40。", "if_state",
     {"test": "damaged", "then": {"effect": "arts_plus", "params": {"amount": 40}}}),
    ("自分のライフが2以下なら、このアーツ+10。", "if_state",
     {"test": "life_at_most", "n": 2, "then": {"effect": "arts_plus", "params": {"amount": 10}}}),
    ("このホロメンにエールが3枚以上付いている時、このアーツ+20。", "if_state",
     {"test": "cheer_at_least", "n": 3, "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
    ("自分のセンターホロメンが〈姫森ルーナ〉の時、自分のデッキを1枚引く。", "if_center",
     {"name": "姫森ルーナ", "then": {"effect": "draw", "params": {"count": 1}}}),
    ("自分のエールデッキの上から1枚を、自分の#ENを持つホロメンに送る。", "cheer_to", {"to": "choose", "tag": "EN"}),
    ("このホロメンのエール1枚を自分のバックホロメンに付け替えられる。", "move_cheer",
     {"from": "self", "to": "back", "optional": True}),
    ("自分のエールデッキの上から1枚をこのホロメンに送れる。", "cheer_to", {"to": "self", "optional": True}),
    ("自分のエールデッキの上から2枚を、自分のホロメンに送る。", "cheer_to", {"to": "choose", "count": 2}),
    ("自分のアーカイブの#1期生を持つBuzz以外の[1stホロメンか2ndホロメン]1枚を手札に戻せる。", "from_archive",
     {"optional": True, "filter": {"tag": "1期生", "holomem": True, "levels": ["1st", "2nd"], "no_buzz": True}}),
    ("自分の手札の#Promiseを持つホロメン1枚をアーカイブできる:相手のセンターホロメンかコラボホロメンに特殊ダメージ20を与える。",
     "cost_hand", {"filter": {"tag": "Promise", "holomem": True},
                   "then": {"effect": "special_damage", "params": {"amount": 20, "target": "front"}}}),
    ("このホロメンに〈ルーナイト〉が2枚以上付いているなら、このアーツ+50。", "if_attached",
     {"name": "ルーナイト", "min": 2, "then": {"effect": "arts_plus", "params": {"amount": 50}}}),
    ("自分のデッキから、Debutホロメン1～4枚を公開し、ステージに出す。そしてデッキをシャッフルする。", None, {}),
    ("このマスコットが付いているホロメンのアーツ+10。", "tool_arts", {"amount": 10}),
    ("このファンが付いているホロメンのHP+10。このファンは、自分の〈猫又おかゆ〉だけに付けられ、1人につき何枚でも付けられる。",
     "mascot_hp", {"amount": 10, "only": ["猫又おかゆ"]}),
    ("このファンが付いているホロメンのアーツ+10。このファンは、自分の〈フワワ・アビスガード〉か〈モココ・アビスガード〉だけに"
     "付けられ、1人につき何枚でも付けられる。", "tool_arts", {"amount": 10, "only": ["フワワ・アビスガード", "モココ・アビスガード"]}),
    ("自分が後攻で最初のターンなら、自分のデッキから、〈座員〉1枚を公開し、手札に加える。そしてデッキをシャッフルする。", "if_state",
     {"test": "second_first_turn", "then": {"effect": "search_deck", "params": {"filter": {"names": ["座員"]}}}}),
    ("自分のライフが相手より少ないなら、このアーツ+20。", "if_state",
     {"test": "life_below_opponent", "then": {"effect": "arts_plus", "params": {"amount": 20}}}),
])
def test_the_common_texts_are_recognised(text, effect, params):
    assert rawlist.recognise(text) == (effect, params)


@needs_list
def test_hbp07_065_draws_one_then_archives_one_from_the_hand(R):
    """hBP07-065 AZKi アーツ「盛り上がっていこう！」: 「自分のデッキを1枚引いた後、手札1枚をアーカイブ
    する。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=AZKI_DRAW, cheer=[RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), LETTER)
    assert s["players"]["p2"]["hand"][-1] == LETTER and s["pending"]["kind"] == "discard_hand"
    s = run(R, s, c("p2", "choose", choice=LETTER))
    assert LETTER in s["players"]["p2"]["archive"] and LETTER not in s["players"]["p2"]["hand"]
    assert s["pending"] is None and s["players"]["p1"]["center"]["damage"] == 30


@needs_list
def test_hbp01_104_puts_a_debut_from_the_deck_onto_the_stage(R):
    """hBP01-104 ふつうのパソコン: 「自分のデッキから、Debutホロメン１枚を公開し、ステージに出す。
    そしてデッキをシャッフルする。」"""
    s = copy.deepcopy(p1_main())
    s["players"]["p1"]["hand"].append(PASOKON)
    s = run(R, s, c("p1", "support", card=PASOKON))
    assert s["pending"]["kind"] == "search_deck" and YUKI_DU in s["pending"]["options"]
    assert all(R.cardset.cards[o]["level"] == "debut" for o in s["pending"]["options"][:-1])
    s = run(R, s, c("p1", "choose", choice=YUKI_DU))
    assert [h["card"] for h in s["players"]["p1"]["back"]] == [YUKI_DU, YUKI_DU]
    assert s["players"]["p1"]["hand"][-1] != YUKI_DU


@needs_list
def test_hbp04_043_special_damage_that_downs_without_taking_life(R):
    """hBP04-043 雪花ラミィ アーツ「こんらみ～」: 「相手のホロメン1人に特殊ダメージ10を与える。
    ただし、ダウンしても相手のライフは減らない。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=LAMY, cheer=[RED])
    s["players"]["p1"]["back"][0]["damage"] = 1000 - 1  # any damage downs it
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "special_damage" and s["pending"]["options"] == ["center", "back0"]
    life = s["players"]["p1"]["life"]
    s = run(R, s, c("p2", "choose", choice="back0"))
    assert s["players"]["p1"]["back"] == [] and s["players"]["p1"]["life"] == life
    assert {"kind": "down", "seat": "p1", "pos": "back0", "card": YUKI_DU, "lives": 0} in s["events"]


@needs_list
def test_hbp07_090_arts_plus_20_for_each_of_its_cheer(R):
    """hBP07-090 虎金妃笑虎 アーツ「ぶち上げる気合いだ！」: 「このホロメンのエール1枚につき、
    このアーツ+20。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = BIBOO  # HP 210: no down
    s["players"]["p2"]["center"].update(card=BIBOO, cheer=[R.yellow, R.yellow, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 80 + 3 * 20


def bloom_onto(R, name, level, card, seat="p1"):
    """A given state: ``seat``'s centre is a ``name`` of ``level`` since before this turn, and
    ``card`` (its next level) is in the hand."""
    from .test_starters import later_turn
    s = later_turn(p1_main(), seat)
    s["players"][seat]["center"]["card"] = next(cid for cid, x in R.cardset.cards.items()
                                               if x["name"] == name and x["level"] == level)
    s["players"][seat]["hand"].append(card)
    return s


@needs_list
def test_hbp04_081_bloom_finds_a_yellow_cheer_in_the_cheer_deck(R):
    """hBP04-081 夏色まつり ブルームエフェクト「大好きな君に届くように」: 「自分のエールデッキから、
    黄エール1枚を公開し、このホロメンに送る。そしてエールデッキをシャッフルする。」"""
    none = bloom_onto(R, "夏色まつり", "debut", MATSURI)
    none = run(R, none, c("p1", "bloom", card=MATSURI, target="center"))
    assert none["pending"]["kind"] == "cheer_search" and none["pending"]["options"] == [None]  # no yellow there
    s = bloom_onto(R, "夏色まつり", "debut", MATSURI)
    unseen = s["zones"]["piles"]["cheer/p1"]["unseen"]
    unseen[WHITE] -= 1
    unseen[R.yellow] = 1
    s = run(R, s, c("p1", "bloom", card=MATSURI, target="center"))
    assert s["pending"]["options"] == [R.yellow, None]
    s = run(R, s, c("p1", "choose", choice=R.yellow))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, R.yellow]
    assert R.yellow not in s["zones"]["piles"]["cheer/p1"]["unseen"]


@needs_list
def test_hbp02_065_arts_plus_10_with_a_red_cheer_attached(R):
    """hBP02-065 ネリッサ・レイヴンクロフト アーツ「Hiya darlings!」: 「このホロメンに赤エールが
    付いている時、このアーツ+10。」"""
    base = copy.deepcopy(p2_turn(p1_main()))
    base["players"]["p1"]["center"]["card"] = BIBOO
    dealt = []
    for cheer in ([RED], [R.yellow]):
        s = copy.deepcopy(base)
        s["players"]["p2"]["center"].update(card=NERISSA, cheer=cheer)
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        dealt.append(s["players"]["p1"]["center"]["damage"])
    assert dealt == [40, 30]


@needs_list
def test_hbp07_055_boosts_a_chosen_promise_holomem(R):
    """hBP07-055 オーロ・クロニー ブルームエフェクト「約束の未来へ」: 「自分のステージの#Promiseを
    持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+50。」 (only #Promise holomem
    are offered)."""
    s = bloom_onto(R, "オーロ・クロニー", "1st", KRONII)
    s = run(R, s, c("p1", "bloom", card=KRONII, target="center"))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 50  # the one #Promise holomem: no question


@needs_list
def test_hbp05_037_shout_in_crisis_archives_all_its_cheer(R):
    """hBP05-037 星街すいせい アーツ「Shout in Crisis」: 「このホロメンのエールすべてをアーカイブする。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = BIBOO
    s["players"]["p2"]["center"].update(card=SUISEI, cheer=[RED, RED, RED, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=1, target="center"), WHITE)
    assert s["players"]["p2"]["center"]["cheer"] == [] and s["players"]["p2"]["archive"][-4:] == [RED] * 4
    assert s["players"]["p1"]["center"]["card"] == YUKI_DU  # 220 downed 虎金妃笑虎 (HP 210)


def two_backs(s, seat="p1"):
    s["players"][seat]["back"].append({**copy.deepcopy(s["players"][seat]["back"][0]), "card": YUKI_D})
    return s


@needs_list
def test_hbp05_048_collab_hits_two_back_holomem(R):
    """hBP05-048 こぼ・かなえる コラボエフェクト「幼馴染のドキドキ膝枕」: 「相手のバックホロメン2人に特殊
    ダメージ10を与える。」 (with two or fewer, every one; with three, the user picks two)."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["back"][0]["card"] = KANAERU
    two = run(R, two_backs(copy.deepcopy(s)), c("p2", "collab", back="back0"))
    assert [h["damage"] for h in two["players"]["p1"]["back"]] == [10, 10]
    three = two_backs(two_backs(copy.deepcopy(s)))
    three = run(R, three, c("p2", "collab", back="back0"))
    assert three["pending"]["options"] == [["back0", "back1"], ["back0", "back2"], ["back1", "back2"]]
    three = run(R, three, c("p2", "choose", choice=["back0", "back2"]))
    assert [h["damage"] for h in three["players"]["p1"]["back"]] == [10, 0, 10]


@needs_list
def test_hbp05_043_may_archive_a_blue_cheer_to_hit_the_centre_and_a_back(R):
    """hBP05-043 猫又おかゆ アーツ「まだまだ遊べるよね～？」: 「このホロメンの青エール1枚をアーカイブ
    できる:相手のセンターホロメンとバックホロメン1人に特殊ダメージ10を与える。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = BIBOO
    s["players"]["p2"]["center"].update(card=OKAYU, cheer=[RED, BLUE])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "cost_own_cheer" and s["pending"]["options"] == [BLUE, None]
    declined = run(R, s, c("p2", "choose", choice=None))
    assert declined["players"]["p1"]["center"]["damage"] == 30 and declined["players"]["p1"]["back"][0]["damage"] == 0
    s = run(R, s, c("p2", "choose", choice=BLUE))  # one back holomem: no question
    assert s["players"]["p2"]["center"]["cheer"] == [RED] and BLUE in s["players"]["p2"]["archive"]
    assert s["players"]["p1"]["center"]["damage"] == 10 + 30 and s["players"]["p1"]["back"][0]["damage"] == 10


@needs_list
def test_hbp04_060_hits_centre_and_collab_10_per_cheer_on_the_opponents_centre(R):
    """hBP04-060 紫咲シオン アーツ「ゲーム配信中」: 「相手のセンターホロメンとコラボホロメンに、相手の
    センターホロメンのエール1枚につき、特殊ダメージ10を与える。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"].update(card=BIBOO, cheer=[WHITE, WHITE, WHITE])
    s["players"]["p2"]["center"].update(card=SHION, cheer=[R.purple, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p1"]["center"]["damage"] == 30 + 40


@needs_list
def test_hbp02_039_may_reveal_three_and_adds_20_per_holomem(R):
    """hBP02-039 沙花叉クロヱ アーツ「ホロックスロット」: 「自分のデッキの上から3枚を公開できる:公開
    したホロメン1枚につき、このアーツ+20。そして公開したカードをアーカイブする。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = BIBOO
    s["players"]["p2"]["center"].update(card=CHLOE, cheer=[BLUE, RED])  # 青◇
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "top_for_arts" and s["pending"]["options"] == ["yes", None]
    s = run(R, s, c("p2", "choose", choice="yes"), AKARI_D, MEMO, AKARI_D)
    assert s["players"]["p2"]["archive"][-3:] == [AKARI_D, MEMO, AKARI_D]
    # its gift 「ぷいぷいぷい～」 (「このホロメンのアーツ「ホロックスロット」でカードを公開した時、公開したサポートカード
    # 1枚を、アーカイブするかわりに手札に加えられる」) is asked before the art's damage: declined here
    assert s["pending"]["kind"] == "revealed_to_hand" and s["pending"]["options"] == [MEMO, None]
    s = run(R, s, c("p2", "choose", choice=None))
    assert s["players"]["p2"]["archive"][-3:] == [AKARI_D, MEMO, AKARI_D]
    assert s["players"]["p1"]["center"]["damage"] == 20 + 2 * 20


@needs_list
def test_hbp01_092_may_move_its_cheer_to_another_promise_holomem(R):
    """hBP01-092 オーロ・クロニー アーツ「クロにちは～」: 「このホロメンのエール1枚を、自分の他の
    #Promiseを持つホロメンに付け替えられる。」"""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p2"]["center"].update(card=KRONII_D, cheer=[BLUE])
    alone = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert alone["pending"] is None  # no other #Promise holomem: nothing to move to
    s["players"]["p2"]["back"][0]["card"] = KRONII_D
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["options"] == [["center", BLUE], None]
    s = run(R, s, c("p2", "choose", choice=["center", BLUE]))
    assert s["players"]["p2"]["back"][0]["cheer"] == [BLUE] and s["players"]["p2"]["center"]["cheer"] == []


@needs_list
def test_hbp07_009_adds_20_only_from_the_centre(R):
    """hBP07-009 角巻わため アーツ「ガブガブ！」: 「[センターポジション限定]このアーツ+20。」"""
    dealt = {}
    for pos in ("center", "collab"):
        s = copy.deepcopy(p2_turn(p1_main()))
        s["players"]["p1"]["center"]["card"] = BIBOO
        h = {**copy.deepcopy(s["players"]["p2"]["center"]), "card": WATAME, "cheer": [WHITE]}
        s["players"]["p2"][pos] = h
        s = run(R, s, c("p2", "arts", holomem=pos, art=0, target="center"))
        dealt[pos] = s["players"]["p1"]["center"]["damage"]
    assert dealt == {"center": 40, "collab": 20}


@needs_list
def test_hbp05_012_adds_40_when_it_is_damaged(R):
    """hBP05-012 白銀ノエル アーツ「騎士団の道」: 「このホロメンのHPが減っているなら、このアーツ+40。」"""
    dealt = []
    for hurt in (0, 10):
        s = copy.deepcopy(p2_turn(p1_main()))
        s["players"]["p1"]["center"]["card"] = BIBOO
        s["players"]["p2"]["center"].update(card=NOEL, cheer=[WHITE, RED], damage=hurt)
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        dealt.append(s["players"]["p1"]["center"]["damage"])
    assert dealt == [80, 120]


@needs_list
def test_hbp03_078_adds_50_for_a_green_and_50_for_a_blue_cheer(R):
    """hBP03-078 アユンダ・リス アーツ「魔法の森のリスの女の子」: 「■このホロメンに緑エールが付いている
    時、このアーツ+50。■このホロメンに青エールが付いている時、このアーツ+50。」"""
    dealt = []
    for extra in ([RED, RED], [GREEN, RED], [GREEN, BLUE]):
        s = copy.deepcopy(p2_turn(p1_main()))
        s["players"]["p1"]["center"]["card"] = BIBOO
        s["players"]["p2"]["center"].update(card=RISU, cheer=[R.yellow, *extra])
        s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
        dealt.append(s["players"]["p1"]["center"]["damage"])
    assert dealt == [50, 100, 150]


@needs_list
def test_hbp05_069_may_send_the_cheer_decks_top_to_itself(R):
    """hBP05-069 白上フブキ アーツ「満点じゃい！」: 「自分のエールデッキの上から1枚をこのホロメンに
    送れる。」 (asked before the cheer is turned up)."""
    s = copy.deepcopy(p2_turn(p1_main()))
    s["players"]["p1"]["center"]["card"] = BIBOO
    s["players"]["p2"]["center"].update(card=FUBUKI_Y, cheer=[RED, RED])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert s["pending"]["kind"] == "cheer_to" and s["pending"]["options"] == ["send", None]
    kept = run(R, s, c("p2", "choose", choice=None))
    assert kept["players"]["p2"]["center"]["cheer"] == [RED, RED] and kept["pending"] is None
    sent = run(R, s, c("p2", "choose", choice="send"), BLUE)
    assert sent["players"]["p2"]["center"]["cheer"] == [RED, RED, BLUE]
    assert sent["players"]["p1"]["center"]["damage"] == 40


@needs_list
def test_if_attached_counts_the_named_cards_against_its_minimum(R):
    """「このホロメンに〈名前〉がN枚以上付いているなら、<効果>」 (e.g. 〈ルーナイト〉 2 or more): given
    as its frame on a holomem with one, then two, of the named card attached (ぽよ余 stands in)."""
    from kifu.replays.games.hocg.effects import EFFECTS
    plus = []
    for attached in ([POYOYO_ID], [POYOYO_ID, POYOYO_ID]):
        s = copy.deepcopy(p2_turn(p1_main()))
        s["players"]["p2"]["center"]["attached"] = attached
        s["stack"] = [{"effect": "arts_damage", "seat": "p2", "card": AKARI_D, "origin": "arts", "stage": 0,
                       "params": {"pos": "center", "art": 0, "target": "center"}},
                      {"effect": "if_attached", "seat": "p2", "card": AKARI_D, "origin": "arts", "stage": 0,
                       "pos": "center", "params": {"name": "ぽよ余", "min": 2,
                                                   "then": {"effect": "arts_plus", "params": {"amount": 50}}}}]
        t = R.context(s, R.cardset)
        EFFECTS.resolve(t)
        plus.append([e["amount"] for e in s["events"] if e["kind"] == "arts_plus"])
    assert plus == [[], [50]]


@needs_list
def test_hsd03_014_a_fan_goes_only_on_its_holomem_and_adds_its_hp(R):
    """サポートカード/ファン: 「このファンは、自分の〈猫又おかゆ〉だけに付けられ、1人につき何枚でも付けられる」."""
    s = copy.deepcopy(p1_main())
    hand = s["players"]["p1"]["hand"]
    hand[hand.index(LETTER)] = ONIGIRYA
    hand.append(ONIGIRYA)
    with pytest.raises(RuleViolation, match="だけに付けられ"):
        run(R, s, c("p1", "support", card=ONIGIRYA, target="center"))  # 雪見ユキ
    s["players"]["p1"]["center"]["card"] = OKAYU  # 猫又おかゆ
    s = run(R, s, c("p1", "support", card=ONIGIRYA, target="center"))
    s = run(R, s, c("p1", "support", card=ONIGIRYA, target="center"))  # 何枚でも
    center = s["players"]["p1"]["center"]
    assert center["attached"] == [ONIGIRYA, ONIGIRYA]
    assert R.view(s, "public")["players"]["p1"]["stage"]["center"]["hp"] == R.cardset.cards[OKAYU]["hp"] + 20


def test_the_second_players_first_turn_and_a_life_behind_are_conditions():
    """「自分が後攻で最初のターンなら」「自分のライフが相手より少ないなら」 (if_state), given/when/then on
    p2's first turn (p1 went first), then on p1's second."""
    from kifu.replays.games.hocg.effects import if_state
    from kifu.replays.games.hocg.state import Board
    from kifu.replays.kit import frame

    draw = {"effect": "draw", "params": {"count": 1}}

    def holds(state, seat, test):
        t = Board(copy.deepcopy(state), CS)
        before = len(t.s["stack"])
        if_state.run(t, frame("if_state", seat, AKARI_D, "arts", {"test": test, "then": draw}))
        return len(t.s["stack"]) > before  # its effect pushed

    p2_first = p2_turn(p1_main())
    assert holds(p2_first, "p2", "second_first_turn") and not holds(p2_first, "p1", "second_first_turn")
    p1_second = engine.step(UNBOUND.bind(CS), p2_first, {**c("p2", "end_turn"), "outcomes": [MEMO, WHITE]})
    assert not holds(p1_second, "p1", "second_first_turn")
    assert not holds(p2_first, "p2", "life_below_opponent")
    behind = copy.deepcopy(p2_first)
    behind["players"]["p2"]["life"] -= 1
    assert holds(behind, "p2", "life_below_opponent") and not holds(behind, "p1", "life_below_opponent")
