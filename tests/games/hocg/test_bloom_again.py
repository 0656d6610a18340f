"""Extra arts, extra and irregular Blooms, holomems from the stage to the deck (``abilities.bloom_again``), each on a
real card's printed text, given/when/then (and the case where its condition fails)."""
from __future__ import annotations

import copy
import json

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import (AKARI_1, AKARI_D, CS, GREEN, LETTER, MANAGER, MEMO, MIC, REAL_LIST, RED, WHITE, YUKI_D, YUKI_DU,
                      c)
from .test_starters import later_turn
from .test_turns import p1_main, p2_turn

needs_list = pytest.mark.skipif(not REAL_LIST.exists(), reason="the official card list is not here (input only)")

NUMBERS = ["hBP02-007", "hBP07-008", "hBP05-040", "hBP06-090", "hBP06-027", "hSD10-004", "hBP07-050", "hBP01-045",
           "hBP04-061", "hBP07-089", "hBP07-039", "hBP07-040", "hSD12-013", "hSD12-014", "hBP01-095", "hBP07-085",
           "hBP08-088", "hSD10-001", "hBP02-006", "hBP07-048", "hBP06-003", "hBP01-051"]
#: holomem the tests stand on the stage or hold: (name, level) -> a printing with no ability of its own (or, for the
#: levels that have none such, none that runs as it blooms or collabs)
PLAIN = [("森カリオペ", "Debut"), ("さくらみこ", "Debut"), ("さくらみこ", "1st"), ("さくらみこ", "2nd"), ("風真いろは", "1st"),
         ("風真いろは", "2nd"), ("輪堂千速", "Debut"), ("輪堂千速", "2nd"), ("オーロ・クロニー", "Debut"),
         ("オーロ・クロニー", "1st"), ("AZKi", "2nd"), ("クレイジー・オリー", "1st"), ("虎金妃笑虎", "Debut"),
         ("赤井はあと", "Debut"), ("フワワ・アビスガード", "Debut"), ("角巻わため", "Debut")]


def _plain(raw, name, level):
    fits = [pid for pid, v in sorted(raw.items()) if v.get("name") == name and v.get("bloom_level") == level
            and v["card_type"] == "ホロメン"]
    for strict in (True, False):
        for pid in fits:
            skills = raw[pid].get("skills") or []
            kinds = {s.get("subtype") for s in skills}
            if strict and (kinds & {"コラボエフェクト", "ブルームエフェクト", "ギフト"}
                           or any(s.get("type") == "アーツ" and s.get("description") for s in skills)):
                continue
            if not kinds & {"コラボエフェクト", "ブルームエフェクト"}:
                return pid
    raise LookupError((name, level))


@pytest.fixture(scope="module")
def raw():
    if not REAL_LIST.exists():
        pytest.skip("the official card list is not here")
    return json.loads(REAL_LIST.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def R(raw):
    card = {n: next(pid for pid, v in sorted(raw.items()) if v["number"] == n) for n in NUMBERS}
    plain = {key: _plain(raw, *key) for key in PLAIN}
    wanted = set(card.values()) | set(plain.values())
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items() if pid in wanted]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-bloom-again", "title": "FIXTURE + list cards",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.n, bound.plain = card, plain
    return bound


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def main(R, hand=()):
    """p1's later turn, main step (centre 雪見ユキ Debut with a white cheer, back 雪見ユキ), ``hand`` added."""
    s = later_turn(p1_main())
    s["players"]["p1"]["hand"] += list(hand)
    return s


def bloomed(s, seat, pos, card, under):
    """A given state: ``seat``'s holomem at ``pos`` is ``card``, bloomed this turn from ``under``."""
    h = s["players"][seat][pos] if pos in ("center", "collab") else s["players"][seat]["back"][int(pos[4:])]
    h.update(card=card, stack=[under], since=s["turn"])
    return h


def texts(R, number):
    return [(a.get("effect"), a["params"]) for a in R.cardset.cards[R.n[number]]["abilities"]]


# ------------------------------------------------------------------ the same art once more

@needs_list
def test_hbp02_007_shinigami_rap_uses_the_art_twice(R):
    """hBP02-007 森カリオペ SP推しスキル「死神ラップ」: 「自分のセンターホロメンが〈森カリオペ〉の時に使える:このターン
    の間、自分の〈森カリオペ〉1人は、アーツを使った後、同じアーツをもう1回使う。」: given the centre カリオペ, when the
    skill is used and then its art, the art resolves twice on the one target there is (「使う」: not asked)."""
    calli = R.plain[("森カリオペ", "Debut")]
    s = main(R)
    s["players"]["p1"].update(oshi=R.n["hBP02-007"], holopower=[MEMO, LETTER])
    s["players"]["p1"]["center"]["card"] = calli
    s = run(R, s, c("p1", "oshi_skill", skill="sp"))
    assert s["players"]["p1"]["center"]["arts_again"] == {"turn": s["turn"]}
    dmg = R.cardset.cards[calli]["arts"][0]["dmg"]
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p2"]["center"]["damage"] == 2 * dmg and s["pending"] is None
    assert [e["kind"] for e in s["events"]].count("arts") == 2


@needs_list
def test_hbp02_007_without_the_skill_or_a_calliope_at_the_centre_the_art_is_used_once(R):
    """Not used: one art. The skill is refused while the centre is not 〈森カリオペ〉 (「…の時に使える」)."""
    calli = R.plain[("森カリオペ", "Debut")]
    s = main(R)
    s["players"]["p1"].update(oshi=R.n["hBP02-007"], holopower=[MEMO, LETTER])
    with pytest.raises(RuleViolation):
        run(R, s, c("p1", "oshi_skill", skill="sp"))
    s["players"]["p1"]["center"]["card"] = calli
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"))
    assert s["players"]["p2"]["center"]["damage"] == R.cardset.cards[calli]["arts"][0]["dmg"]


@needs_list
def test_hbp07_008_moippee_on_the_second_players_first_turn_may_use_the_art_again(R):
    """hBP07-008 角巻わため コラボエフェクト「もういっぺぇ」: 「自分が後攻で最初のターンなら、自分の〈角巻わため〉1人を
    選ぶ。このターンの間、選んだホロメンはアーツを使った後、同じアーツをもう1回使える。」: p2 (second, its first
    turn) collabs it; after its art (20) it is asked the target again, or null (「使える」)."""
    s = _watame(R)
    assert s["players"]["p2"]["collab"]["arts_again"]["optional"] is True
    s = run(R, s, c("p2", "arts", holomem="collab", art=0, target="center"))
    assert s["pending"]["kind"] == "arts_again" and s["pending"]["options"] == ["center", None]
    s = run(R, s, c("p2", "choose", choice="center"))
    assert s["players"]["p1"]["center"]["damage"] == 40
    declined = run(R, _watame(R), c("p2", "arts", holomem="collab", art=0, target="center"))
    declined = run(R, declined, c("p2", "choose", choice=None))
    assert declined["players"]["p1"]["center"]["damage"] == 20 and declined["pending"] is None


def _watame(R):
    s = p2_turn(p1_main())
    s["players"]["p2"]["back"][0].update(card=R.n["hBP07-008"], cheer=[RED])
    return run(R, s, c("p2", "collab", back="back0"))


@needs_list
def test_hbp07_008_not_on_the_first_players_later_turn(R):
    """Its condition fails (p1 goes first, a later turn): no mark, the art once."""
    s = main(R)
    s["players"]["p1"]["back"][0].update(card=R.n["hBP07-008"], cheer=[WHITE])
    s = run(R, s, c("p1", "collab", back="back0"))
    assert "arts_again" not in s["players"]["p1"]["collab"]
    s = run(R, s, c("p1", "arts", holomem="collab", art=0, target="center"))
    assert s["players"]["p2"]["center"]["damage"] == 20 and s["pending"] is None


@needs_list
def test_hbp07_048_elizabeth_uses_the_art_of_an_en_holomem_on_her_stage(R):
    """hBP07-048 エリザベス・ローズ・ブラッドフレイム ギフト「Queen of Impersonation」: 「このホロメンは、自分のステージの
    #ENを持つホロメン全員のアーツを、すべて使える（アーツを使うためのエールは必要）。」: a back 森カリオペ (#EN) lends its
    art (its damage, with her own cheer); a 雪見ユキ (no #EN) lends none."""
    calli = R.plain[("森カリオペ", "Debut")]
    s = main(R)
    s["players"]["p1"]["center"]["card"] = R.n["hBP07-048"]
    no_en = copy.deepcopy(s)
    s["players"]["p1"]["back"][0]["card"] = calli
    assert {"type": "arts", "seat": "p1", "holomem": "center", "art": 1, "target": "center"} in R.legal(s, "p1")
    s = run(R, s, c("p1", "arts", holomem="center", art=1, target="center"))
    art = R.cardset.cards[calli]["arts"][0]
    assert s["players"]["p2"]["center"]["damage"] == art["dmg"] and s["events"][0]["art"] == art["name"]
    with pytest.raises(RuleViolation, match="art"):
        run(R, no_en, c("p1", "arts", holomem="center", art=1, target="center"))
    s = main(R)
    s["players"]["p1"]["center"].update(card=R.n["hBP07-048"], cheer=[])
    s["players"]["p1"]["back"][0]["card"] = calli
    with pytest.raises(RuleViolation, match="needs cheer"):  # 「アーツを使うためのエールは必要」
        run(R, s, c("p1", "arts", holomem="center", art=1, target="center"))


# ------------------------------------------------------------------ once more, by an ability

@needs_list
def test_hbp05_040_business_friend_blooms_the_centre_miko_again_at_life_three(R):
    """hBP05-040 miComet コラボエフェクト「ビジネスフレンド」: 「自分のライフが3以下なら、自分のこのターンにBloomした
    センターホロメンの[〈さくらみこ〉か〈星街すいせい〉]を、自分の手札のホロメンを使ってもう1回Bloomできる。」"""
    second = R.plain[("さくらみこ", "2nd")]
    s = main(R, [second])
    bloomed(s, "p1", "center", R.plain[("さくらみこ", "1st")], R.plain[("さくらみこ", "Debut")])
    s["players"]["p1"]["back"][0]["card"] = R.n["hBP05-040"]
    s["players"]["p1"]["life"] = 3
    at_four = copy.deepcopy(s)
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "skill_bloom_from" and s["pending"]["options"] == [["center", second], None]
    s = run(R, s, c("p1", "choose", choice=["center", second]))
    assert s["players"]["p1"]["center"]["card"] == second and len(s["players"]["p1"]["center"]["stack"]) == 2
    at_four["players"]["p1"]["life"] = 4
    at_four = run(R, at_four, c("p1", "collab", back="back0"))
    assert at_four["pending"] is None and at_four["players"]["p1"]["center"]["card"] != second


@needs_list
def test_hbp06_090_bloom_stage_draws_then_blooms_a_1st_bloomed_from_a_debut_again(R):
    """hBP06-090 ブルームステージ: 「自分のデッキを2枚引く。その後、自分のライフが4以下なら、自分のこのターンにDebut
    ホロメンからBloomした1stホロメン1人を、自分の手札のホロメンを使ってもう1回Bloomできる。」"""
    second = R.plain[("さくらみこ", "2nd")]
    s = main(R, [R.n["hBP06-090"], second])
    bloomed(s, "p1", "center", R.plain[("さくらみこ", "1st")], R.plain[("さくらみこ", "Debut")])
    s["players"]["p1"]["life"] = 4
    earlier = copy.deepcopy(s)
    s = run(R, s, c("p1", "support", card=R.n["hBP06-090"]), MEMO, LETTER)
    assert s["players"]["p1"]["hand"][-2:] == [MEMO, LETTER]
    assert s["pending"]["options"] == [["center", second], None]
    s = run(R, s, c("p1", "choose", choice=["center", second]))
    assert s["players"]["p1"]["center"]["card"] == second
    earlier["players"]["p1"]["center"]["since"] = -1  # bloomed in an earlier turn: not this turn's
    earlier = run(R, earlier, c("p1", "support", card=R.n["hBP06-090"]), MEMO, LETTER)
    assert earlier["pending"] is None and earlier["players"]["p1"]["hand"][-2:] == [MEMO, LETTER]


@needs_list
def test_hbp06_027_downing_the_centre_blooms_an_iroha_that_bloomed_this_turn_again(R):
    """hBP06-027 風真いろは ギフト「伝えたい想い」: 「このホロメンが相手のセンターホロメンをダウンさせた時、自分のこの
    ターンにBloomした〈風真いろは〉1人を、自分の手札のホロメンを使って、もう1回Bloomできる。」"""
    assert texts(R, "hBP06-027")[0] == ("on_ko", {"center": True, "then": {"effect": "skill_bloom_from", "params": {
        "holder": {"names": ["風真いろは"]}, "source": "hand", "again": True, "optional": True}}})
    second = R.plain[("風真いろは", "2nd")]
    s = main(R, [second])
    s["players"]["p1"]["center"].update(card=R.n["hBP06-027"], cheer=[GREEN, WHITE, WHITE])
    bloomed(s, "p1", "back0", R.plain[("風真いろは", "1st")], YUKI_D)
    s["players"]["p2"]["center"]["damage"] = R.cardset.cards[AKARI_D]["hp"] - 1
    no_bloom = copy.deepcopy(s)
    s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), RED)  # p2's life
    while s["pending"] and s["pending"]["seat"] == "p2":  # p2's new centre
        s = run(R, s, c("p2", "choose", choice=s["pending"]["options"][0]))
    assert s["pending"]["kind"] == "skill_bloom_from" and s["pending"]["options"] == [["back0", second], None]
    s = run(R, s, c("p1", "choose", choice=["back0", second]))
    assert s["players"]["p1"]["back"][0]["card"] == second
    no_bloom["players"]["p1"]["back"][0]["since"] = -1  # no 〈風真いろは〉 bloomed this turn: nothing to bloom again
    no_bloom = run(R, no_bloom, c("p1", "arts", holomem="center", art=0, target="center"), RED)
    while no_bloom["pending"] and no_bloom["pending"]["seat"] == "p2":
        no_bloom = run(R, no_bloom, c("p2", "choose", choice=no_bloom["pending"]["options"][0]))
    assert no_bloom["pending"] is None and no_bloom["players"]["p1"]["back"][0]["card"] != second


@needs_list
def test_hbp06_027_issho_ni_step_plus_40_and_unreduced_from_a_buzz(R):
    """hBP06-027 風真いろは アーツ「一緒にすてっぷ」: 「自分の推しホロメンが〈風真いろは〉で、自分のコラボホロメンがいるなら、この
    アーツ+40。さらに、このホロメンがBuzzホロメンからBloomしているなら、このアーツダメージは軽減されない。」: with the
    oshi いろは and a collab, 160+40; bloomed from a Buzz (hBP01-051) p2's shield (-30) does not reach it; from a 1st it
    does; with no collab, neither clause."""
    def hit(under, collab=True):
        s = main(R)
        s["players"]["p1"]["oshi"] = R.n["hBP06-003"]
        s["players"]["p1"]["center"].update(card=R.n["hBP06-027"], stack=[under], cheer=[GREEN, WHITE, WHITE])
        if collab:
            s = run(R, s, c("p1", "collab", back="back0"))
        s["players"]["p2"]["center"]["lasting"] = [{"kind": "shield", "amount": 30, "until": 99}]
        s = run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), RED)
        return next(e["amount"] for e in s["events"] if e["kind"] == "damage")
    assert hit(R.n["hBP01-051"]) == 200
    assert hit(R.plain[("風真いろは", "1st")]) == 170
    assert hit(R.n["hBP01-051"], collab=False) == 130


# ------------------------------------------------------------------ gifts: what the Bloom rules forbid

@needs_list
def test_hsd10_004_a_chihaya_that_bloomed_this_turn_blooms_again_into_a_2nd(R):
    """hSD10-004 輪堂千速 ギフト「300馬力だよ！」: 「自分の推しホロメンが〈輪堂千速〉で、相手のステージに1stホロメンが
    いるなら、このターンにBloomしたこのホロメンは、自分の手札の2ndホロメンを使ってもう1回Bloomできる。」"""
    second = R.plain[("輪堂千速", "2nd")]
    s = main(R, [second])
    s["players"]["p1"]["oshi"] = R.n["hSD10-001"]
    bloomed(s, "p1", "center", R.n["hSD10-004"], R.plain[("輪堂千速", "Debut")])
    no_first = copy.deepcopy(s)
    s["players"]["p2"]["back"][0]["card"] = AKARI_1
    assert {"type": "bloom", "seat": "p1", "card": second, "target": "center"} in R.legal(s, "p1")
    s = run(R, s, c("p1", "bloom", card=second, target="center"))
    assert s["players"]["p1"]["center"]["card"] == second
    with pytest.raises(RuleViolation, match="bloomed this turn"):  # no 1st on p2's stage
        run(R, no_first, c("p1", "bloom", card=second, target="center"))


@needs_list
def test_hbp01_045_azki_blooms_into_a_2nd_azki_at_life_three(R):
    """hBP01-045 AZKi ギフト「Overwrite」: 「自分のライフが3以下の間、このホロメンは、自分の手札の2nd〈AZKi〉に、
    Bloomレベルを無視してBloomできる。」: the Debut into the 2nd at life 3; at 4, refused (「Debut」から「1st」)."""
    second = R.plain[("AZKi", "2nd")]
    s = main(R, [second])
    s["players"]["p1"]["center"]["card"] = R.n["hBP01-045"]
    at_four = copy.deepcopy(s)
    s["players"]["p1"]["life"] = 3
    s = run(R, s, c("p1", "bloom", card=second, target="center"))
    assert s["players"]["p1"]["center"]["card"] == second and s["players"]["p1"]["center"]["stack"] == [R.n["hBP01-045"]]
    at_four["players"]["p1"]["life"] = 4
    with pytest.raises(RuleViolation, match="blooms from a 1st"):
        run(R, at_four, c("p1", "bloom", card=second, target="center"))


@needs_list
def test_hbp07_050_this_day_has_come_blooms_the_centre_on_the_second_players_first_turn(R):
    """hBP07-050 オーロ・クロニー コラボエフェクト「この日が来た！」: 「自分が後攻で最初のターンなら、自分のセンター
    ホロメンの〈オーロ・クロニー〉を、自分の手札の1stホロメンを使ってBloomできる。この能力では最初のターンでも
    Bloomできる。」"""
    first = R.plain[("オーロ・クロニー", "1st")]
    s = p2_turn(p1_main())
    s["players"]["p2"]["center"]["card"] = R.plain[("オーロ・クロニー", "Debut")]
    s["players"]["p2"]["back"][0]["card"] = R.n["hBP07-050"]
    s["players"]["p2"]["hand"].append(first)
    s = run(R, s, c("p2", "collab", back="back0"))
    assert s["pending"]["kind"] == "skill_bloom_from" and s["pending"]["options"] == [["center", first], None]
    s = run(R, s, c("p2", "choose", choice=["center", first]))
    assert s["players"]["p2"]["center"]["card"] == first
    later = main(R, [first])  # p1: first player, a later turn
    later["players"]["p1"]["center"]["card"] = R.plain[("オーロ・クロニー", "Debut")]
    later["players"]["p1"]["back"][0]["card"] = R.n["hBP07-050"]
    later = run(R, later, c("p1", "collab", back="back0"))
    assert later["pending"] is None


@needs_list
def test_hbp04_061_bloomed_by_the_sp_skill_heals_fully(R):
    """hBP04-061 クレイジー・オリー ブルームエフェクト「オリーを見てください！」: 「自分のSP推しスキル「蘇るオリー」で
    Bloomした時、自分の〈クレイジー・オリー〉1人のHPすべて回復。」: bloomed by 蘇るオリー (hBP02-006) it heals; bloomed
    from the hand, not."""
    olly, first = R.n["hBP04-061"], R.plain[("クレイジー・オリー", "1st")]
    s = main(R)
    s["players"]["p1"].update(oshi=R.n["hBP02-006"], holopower=[MEMO, LETTER], archive=[olly])
    s["players"]["p1"]["center"].update(card=first, damage=50)
    by_hand = copy.deepcopy(s)
    s = run(R, s, c("p1", "oshi_skill", skill="sp"), MEMO, LETTER, MANAGER, MIC)
    while s["pending"]["kind"] != "skill_bloom_from":
        s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    s = run(R, s, c("p1", "choose", choice=["center", olly]))
    assert s["players"]["p1"]["center"]["card"] == olly and s["players"]["p1"]["center"]["damage"] == 0
    by_hand["players"]["p1"]["archive"] = []
    by_hand["players"]["p1"]["hand"].append(olly)
    by_hand = run(R, by_hand, c("p1", "bloom", card=olly, target="center"))
    assert by_hand["players"]["p1"]["center"]["damage"] == 50


@needs_list
def test_hbp07_089_draws_after_a_flow_glow_down_once_a_turn(R):
    """hBP07-089 虎金妃笑虎 ブルームエフェクト「っしゃ反撃抜刀」: 「直前の相手のターンに自分の#FLOW GLOWを持つホロメンが
    ダウンしていたなら、自分のデッキを2枚引く。自分のブルームエフェクト「っしゃ反撃抜刀」はターンに1回しか使えない。」"""
    koga = R.n["hBP07-089"]
    s = main(R, [koga, koga])
    s["players"]["p1"]["center"]["card"] = R.plain[("虎金妃笑虎", "Debut")]
    s["players"]["p1"]["back"][0]["card"] = R.plain[("虎金妃笑虎", "Debut")]
    other = copy.deepcopy(s)
    s["players"]["p2"]["used"]["downed_cards"] = [R.n["hSD10-004"]]  # a FLOW GLOW holomem went down in p2's turn
    s = run(R, s, c("p1", "bloom", card=koga, target="center"), MEMO, LETTER)
    assert s["players"]["p1"]["hand"][-2:] == [MEMO, LETTER]
    hand = len(s["players"]["p1"]["hand"])
    s = run(R, s, c("p1", "bloom", card=koga, target="back0"))
    assert len(s["players"]["p1"]["hand"]) == hand - 1  # once a turn: no draw
    other["players"]["p2"]["used"]["downed_cards"] = [YUKI_D]  # not #FLOW GLOW
    hand = len(other["players"]["p1"]["hand"])
    other = run(R, other, c("p1", "bloom", card=koga, target="center"))
    assert len(other["players"]["p1"]["hand"]) == hand - 1


def test_a_down_in_the_opponents_turn_is_listed_for_the_next_turn():
    """``effects.check_downs`` lists the downed card in that turn's ``used`` (p2's, kept till its next turn)."""
    from .helpers import step
    s = p2_turn(p1_main())
    s["players"]["p1"]["center"]["damage"] = CS.cards[YUKI_D]["hp"] - 1
    s = step(s, c("p2", "arts", holomem="center", art=0, target="center"), WHITE)
    assert s["players"]["p2"]["used"]["downed_cards"] == [YUKI_D]


# ------------------------------------------------------------------ the stage to the deck

@needs_list
def test_hbp07_040_and_039_a_haato_to_the_deck_bottom_finds_a_1st_and_sends_a_cheer(R):
    """hBP07-040 赤井はあと コラボエフェクト: 「自分のバックポジションのDebutホロメンの〈赤井はあと〉1人をデッキの下に
    戻せる:自分のデッキから、Buzz以外の[1stホロメンか2ndホロメン]1枚を公開し、手札に加える。そしてデッキをシャッフル
    する。」 and hBP07-039 ギフト: 「[ターンに1回]自分のターンで、自分の〈赤井はあと〉がステージからデッキに戻った時、自分
    のアーカイブのエール1枚をこのホロメンに送れる。」"""
    haato = R.plain[("赤井はあと", "Debut")]
    s = main(R)
    s["players"]["p1"]["center"]["card"] = R.n["hBP07-039"]
    s["players"]["p1"]["back"][0]["card"] = R.n["hBP07-040"]
    s["players"]["p1"]["back"].append(copy.deepcopy(s["players"]["p1"]["back"][0]) | {"card": haato, "cheer": [RED]})
    s["players"]["p1"]["archive"] = [GREEN]
    declined = copy.deepcopy(s)
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["kind"] == "cost_stage_to_bottom" and s["pending"]["options"] == ["back0", None]
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"] == [] and RED in s["players"]["p1"]["archive"]
    assert s["pending"]["kind"] == "search_deck"
    s = run(R, s, c("p1", "choose", choice=s["pending"]["options"][0]))
    assert s["pending"]["kind"] == "archive_cheer" and GREEN in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    assert s["players"]["p1"]["center"]["cheer"][-1] == GREEN and s["players"]["p1"]["used"]["left_to_deck"] == 1
    declined = run(R, declined, c("p1", "collab", back="back0"))
    declined = run(R, declined, c("p1", "choose", choice=None))
    assert declined["pending"] is None and len(declined["players"]["p1"]["back"]) == 1


@needs_list
def test_hsd12_013_mococo_with_an_all_advent_stage_returns_a_debut_and_draws_two(R):
    """hSD12-013 モココ・アビスガード コラボエフェクト: 「自分のステージのホロメン全員が#Adventを持つホロメンなら、自分の
    バックポジションのDebutホロメン1人をデッキの下に戻せる:自分のデッキを2枚引く。」"""
    fuwawa = R.plain[("フワワ・アビスガード", "Debut")]
    s = main(R)
    s["players"]["p1"]["back"][0]["card"] = R.n["hSD12-013"]
    s["players"]["p1"]["back"].append(copy.deepcopy(s["players"]["p1"]["back"][0]) | {"card": fuwawa})
    not_all = copy.deepcopy(s)
    s["players"]["p1"]["center"]["card"] = fuwawa
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["pending"]["options"] == ["back0", None]
    s = run(R, s, c("p1", "choose", choice="back0"), MEMO, LETTER)
    assert s["players"]["p1"]["hand"][-2:] == [MEMO, LETTER] and s["players"]["p1"]["back"] == []
    not_all = run(R, not_all, c("p1", "collab", back="back0"))  # the centre 雪見ユキ is no #Advent
    assert not_all["pending"] is None and len(not_all["players"]["p1"]["back"]) == 1


@needs_list
def test_hsd12_014_fuwawa_returns_a_debut_and_sends_the_cheer_deck_top(R):
    """hSD12-014 フワワ・アビスガード コラボエフェクト: 「…自分のバックポジションのDebutホロメン1人をデッキの下に戻せる:
    自分のエールデッキの上から1枚を自分のホロメンに送る。」"""
    fuwawa = R.plain[("フワワ・アビスガード", "Debut")]
    s = main(R)
    s["players"]["p1"]["center"]["card"] = fuwawa
    s["players"]["p1"]["back"][0]["card"] = R.n["hSD12-014"]
    s["players"]["p1"]["back"].append(copy.deepcopy(s["players"]["p1"]["back"][0]) | {"card": fuwawa})
    s = run(R, s, c("p1", "collab", back="back0"))
    s = run(R, s, c("p1", "choose", choice="back0"), WHITE)
    assert s["pending"]["kind"] == "cheer_to" and set(s["pending"]["options"]) == {"center", "collab"}
    s = run(R, s, c("p1", "choose", choice="collab"))
    assert s["players"]["p1"]["collab"]["cheer"] == [WHITE]


@needs_list
def test_hbp01_095_rewind_returns_an_opponents_back_holomem_to_its_debut(R):
    """hBP01-095 オーロ・クロニー コラボエフェクト「巻き戻し」: 「相手のバックホロメン1人をDebutホロメンに戻す（ダメージを
    無くした後、Debutホロメン1枚とエールすべてを残し、他のカードすべてを手札に戻す）。」"""
    s = main(R)
    s["players"]["p1"]["back"][0]["card"] = R.n["hBP01-095"]
    back = s["players"]["p2"]["back"][0]
    back.update(card=AKARI_1, stack=[AKARI_D], damage=30, cheer=[RED], attached=[MIC])
    hand = list(s["players"]["p2"]["hand"])
    s = run(R, s, c("p1", "collab", back="back0"))  # p2's one back holomem: no choice
    back = s["players"]["p2"]["back"][0]
    assert (back["card"], back["stack"], back["damage"], back["cheer"], back["attached"]) == (AKARI_D, [], 0, [RED], [])
    assert s["players"]["p2"]["hand"] == hand + [AKARI_1, MIC]
    none = main(R)
    none["players"]["p1"]["back"][0]["card"] = R.n["hBP01-095"]
    none["players"]["p2"]["back"] = []
    none = run(R, none, c("p1", "collab", back="back0"))
    assert none["pending"] is None and none["players"]["p2"]["center"]["card"] == AKARI_D


# ------------------------------------------------------------------ moved to the collab position

@needs_list
def test_hbp08_088_melow_flowery_deals_20_to_the_centre_and_collab_when_it_collabs(R):
    """hBP08-088 不知火フレア ギフト「メロゥ・フラワリー」: 「[ターンに1回]自分のターンで、このホロメンがコラボポジション
    に移動した時、相手のセンターホロメンとコラボホロメンに特殊ダメージ20を与える。」: its own collab only."""
    s = main(R)
    s["players"]["p1"]["back"][0]["card"] = R.n["hBP08-088"]
    other = copy.deepcopy(s)
    s = run(R, s, c("p1", "collab", back="back0"))
    assert s["players"]["p2"]["center"]["damage"] == 20
    other["players"]["p1"]["back"].append(copy.deepcopy(other["players"]["p1"]["back"][0]) | {"card": YUKI_DU})
    other = run(R, other, c("p1", "collab", back="back1"))  # another holomem collabs: nothing
    assert other["players"]["p2"]["center"]["damage"] == 0


@needs_list
def test_hbp07_085_my_special_looks_at_three_when_it_collabs(R):
    """hBP07-085 不知火フレア ギフト「私のとっておき！」: 「自分のターンで、このホロメンがコラボポジションに移動した時、
    自分のデッキの上から3枚を見る。その中から、〈不知火フレア〉1枚を公開し、手札に加える。そして残ったカードを
    アーカイブする。」: none of the three is a フレア: all three archived."""
    s = main(R)
    s["players"]["p1"]["back"][0]["card"] = R.n["hBP07-085"]
    other = copy.deepcopy(s)
    s = run(R, s, c("p1", "collab", back="back0"), MEMO, LETTER, MANAGER)
    assert s["players"]["p1"]["archive"][-3:] == [MEMO, LETTER, MANAGER]
    other["players"]["p1"]["back"].append(copy.deepcopy(other["players"]["p1"]["back"][0]) | {"card": YUKI_DU})
    archive = list(other["players"]["p1"]["archive"])
    other = run(R, other, c("p1", "collab", back="back1"))
    assert other["players"]["p1"]["archive"] == archive
