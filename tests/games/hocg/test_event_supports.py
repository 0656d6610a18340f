"""Events and items played from the hand (``abilities.event_supports``, issue 19): each card's
printed text recognised from the official list and resolved, given/when/then, its condition
failing too. The cards come from ``../shared/data/hocg/card_data.json`` (never committed:
skipped without it), every printing of it added to the FIXTURE set.
"""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist
from kifu.replays.games.hocg.cards import has_tag

from .helpers import (
    AKARI_D,
    AKARI_DU,
    BLUE,
    CS,
    GREEN,
    LETTER,
    MEMO,
    MIC,
    RED,
    WHITE,
    YUKI_D,
    YUKI_DU,
    c,
)
from .test_supports import main, needs_list, raw, run  # noqa: F401 (raw: its fixture)


@pytest.fixture(scope="module")
def R(raw):  # noqa: F811 (raw: test_supports' fixture)
    added = [rawlist.convert_card(pid, v, {}) for pid, v in sorted(raw.items())]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-events", "title": "FIXTURE + the list",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    bound = UNBOUND.bind(mixed)
    bound.raw = raw
    return bound


def holo(R, name=None, level=None, tag=None, plain=True):
    """A holomem printing of the list (its name, level, tag) with no ability of its own (``plain``)."""
    for cid, x in sorted(R.cardset.cards.items()):
        if x["kind"] not in ("holomem", "buzz") or cid.startswith("FX") or (plain and x["abilities"]):
            continue
        if (name is None or x["name"] == name) and (level is None or x["level"] == level) \
                and (tag is None or has_tag(x, tag)):
            return cid
    raise LookupError((name, level, tag))


def cheer(R, colour):
    return next(cid for cid, x in sorted(R.cardset.cards.items())
                if x["kind"] == "cheer" and not cid.startswith("FX") and x["colors"] == [colour])


def effect_of(R, pid):
    return [ab["effect"] for ab in R.cardset.cards[pid]["abilities"]]


# ------------------------------------------------------------------ hSD19-010 ごきげんカレー

CURRY = "hSD19-010_C"


@needs_list
def test_hsd19_010_curry_heals_one_holomem_30(R):
    """hSD19-010 ごきげんカレー: 「自分のホロメンのHP30回復。」: the damaged one chosen is healed 30
    (not below 0); with no damaged holomem nothing happens."""
    assert effect_of(R, CURRY) == ["heal"]
    s = main([CURRY, CURRY])
    s["players"]["p1"]["center"]["damage"] = 40
    s["players"]["p1"]["back"][0]["damage"] = 20
    s = run(R, s, c("p1", "support", card=CURRY))
    assert s["pending"]["options"] == ["center", "back0"]
    s = run(R, s, c("p1", "choose", choice="center"))
    assert s["players"]["p1"]["center"]["damage"] == 10 and s["players"]["p1"]["back"][0]["damage"] == 20
    s["players"]["p1"]["center"]["damage"] = 0
    s = run(R, s, c("p1", "support", card=CURRY))  # only back0 is damaged: no choice
    assert s["pending"] is None and s["players"]["p1"]["back"][0]["damage"] == 0


# ------------------------------------------------------------------ hBP05-079 み俺恥

MIORE = "hBP05-079_U"


@needs_list
def test_hbp05_079_draws_two_then_sends_an_archived_cheer_only_after_a_down_and_behind(R):
    """hBP05-079 み俺恥: 「自分のデッキを2枚引く。その後、直前の相手のターンに自分のホロメンがダウンして
    いて、自分のライフが相手のライフより少ないなら、アーカイブのエール1枚を自分のホロメン1人に送る。」:
    the two draws always; the cheer only with both (a down in p2's last turn, p1's life below)."""
    s = main([MIORE])
    s["players"]["p1"]["archive"] = [GREEN]
    plain = run(R, s, c("p1", "support", card=MIORE), LETTER, MEMO)
    assert plain["players"]["p1"]["hand"][-2:] == [LETTER, MEMO] and plain["pending"] is None
    assert plain["players"]["p1"]["archive"] == [GREEN, MIORE]
    s["players"]["p2"]["used"]["downed_other"] = True  # p2's last turn downed one of p1's
    level = run(R, s, c("p1", "support", card=MIORE), LETTER, MEMO)
    assert level["pending"] is None and GREEN in level["players"]["p1"]["archive"]  # lives equal
    s["players"]["p1"]["life"] = s["players"]["p2"]["life"] - 1
    s = run(R, s, c("p1", "support", card=MIORE), LETTER, MEMO)
    assert s["pending"]["options"] == [GREEN]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice="back0"))
    assert s["players"]["p1"]["back"][0]["cheer"] == [GREEN] and GREEN not in s["players"]["p1"]["archive"]


def in_deck(s, seat, *cards):
    """A given state: ``cards`` in ``seat``'s deck in place of as many of its 雪見ユキ (FX01-002)."""
    unseen = s["zones"]["piles"][f"deck/{seat}"]["unseen"]
    for card in cards:
        unseen[YUKI_DU] -= 1
        unseen[card] = unseen.get(card, 0) + 1
    s["zones"]["piles"][f"deck/{seat}"]["unseen"] = dict(sorted(unseen.items()))
    return s


# ------------------------------------------------------------------ hBP06-085 フェイバリットパソコン

FAV_PC, JACKET = "hBP06-085_U", "hBP06-097_C"  # カワイイスタジャン: #Buzzグッズ


@needs_list
def test_hbp06_085_finds_a_debut_and_a_buzz_of_one_name_and_a_buzz_goods(R):
    """hBP06-085 フェイバリットパソコン: 「自分のデッキから、同じカード名の[DebutホロメンとBuzzホロメン]1枚ずつと
    #Buzzグッズを持つサポートカード1枚を公開し、公開したカードを手札に加える。そしてデッキをシャッフルする。」:
    after a Buzz ベスティア・ゼータ, only a Debut of that name fits (not another name's), then the goods."""
    buzz = next(cid for cid, x in sorted(R.cardset.cards.items()) if x["kind"] == "buzz" and x["name"] == "ベスティア・ゼータ")
    debut = holo(R, "ベスティア・ゼータ", "debut", plain=False)
    other_debut = holo(R, "こぼ・かなえる", "debut", plain=False)
    s = in_deck(main([FAV_PC]), "p1", buzz, debut, other_debut, JACKET)
    s = run(R, s, c("p1", "support", card=FAV_PC))
    assert {buzz, debut, other_debut, JACKET} <= set(s["pending"]["options"]) and MIC not in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=buzz))
    assert debut in s["pending"]["options"] and {other_debut, YUKI_D} & set(s["pending"]["options"]) == set()
    assert buzz not in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=debut))
    assert s["pending"]["options"] == [JACKET, None]
    s = run(R, s, c("p1", "choose", choice=JACKET))
    assert s["pending"] is None and s["players"]["p1"]["hand"][-3:] == [buzz, debut, JACKET]


# ------------------------------------------------------------------ hBP06-088 ドッキリうさぎ

DOKKIRI = "hBP06-088_C"


@needs_list
def test_hbp06_088_only_after_a_down_and_behind_rests_a_front_holomem_in_the_back_through_the_reset(R):
    """hBP06-088 ドッキリうさぎ: 「このカードは、直前の相手のターンに自分のホロメンがダウンしていて、自分のライフが
    相手より少ない時にしか使えない。相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンをお休みさせて
    バックポジションに移動させる。選んだホロメンは、次の相手のリセットステップでアクティブにならない。」: refused
    without the down, and with it but equal lives; then p2's collab goes to the back resting, and stays
    resting through p2's next reset step (its other back holomem wakes)."""
    s = main([DOKKIRI])
    s["players"]["p1"]["life"] = 4
    with pytest.raises(RuleViolation) as refused:
        run(R, s, c("p1", "support", card=DOKKIRI))
    assert refused.value.rule == "カード/ドッキリうさぎ" and "ダウンしていて" in str(refused.value)
    s["players"]["p2"]["used"]["downed_other"] = True
    s["players"]["p1"]["life"] = 5
    with pytest.raises(RuleViolation, match="ライフが相手より少ない"):
        run(R, s, c("p1", "support", card=DOKKIRI))
    s["players"]["p1"]["life"] = 4
    p2 = s["players"]["p2"]
    p2["collab"] = p2["back"].pop(0)
    s = run(R, s, c("p1", "support", card=DOKKIRI))
    assert s["pending"]["seat"] == "p1" and s["pending"]["options"] == ["center", "collab"]
    s = run(R, s, c("p1", "choose", choice="collab"))
    p2 = s["players"]["p2"]
    assert p2["collab"] is None and [(h["card"], h["rested"]) for h in p2["back"]] == [(AKARI_DU, True)]
    moved = AKARI_DU
    s["players"]["p2"]["back"].insert(0, {**copy.deepcopy(s["players"]["p2"]["back"][-1]), "card": YUKI_D,
                                          "rested": True, "no_wake": False})
    s = run(R, s, c("p1", "end_turn"), MEMO, RED)
    backs = [(h["card"], h["rested"]) for h in s["players"]["p2"]["back"]]
    assert backs == [(YUKI_D, False), (moved, True)]  # one woke, the chosen one did not
    assert "no_wake" not in s["players"]["p2"]["back"][1]


def all_of(R, s, seat, **which):
    """A given state: every holomem on ``seat``'s stage is a plain printing of ``which`` (``holo``)."""
    card = holo(R, **which)
    for _, h in [("center", s["players"][seat]["center"])] + [("back", h) for h in s["players"][seat]["back"]]:
        if h:
            h["card"] = card
    return card


# ------------------------------------------------------------------ hBP06-093 山田ルイ54世, hBP08-101 We are ReGLOSS

YAMADA, REGLOSS = "hBP06-093_U", "hBP08-101_U"


@needs_list
def test_hbp06_093_only_with_an_all_holox_stage_finds_two_then_a_cheer_if_less_cheer(R):
    """hBP06-093 山田ルイ54世: 「このカードは、自分のステージのホロメン全員が#秘密結社holoXを持つホロメンでなければ
    使えない。自分のデッキから、#秘密結社holoXを持つホロメン2枚を公開し、手札に加える。そしてデッキをシャッフルする。
    その後、自分のステージのエールの枚数が相手より少ないなら、自分のエールデッキの上から1枚を自分のホロメンに送れる。」"""
    s = main([YAMADA])
    with pytest.raises(RuleViolation, match="#秘密結社holoXを持つホロメンでなければ"):
        run(R, s, c("p1", "support", card=YAMADA))
    x = all_of(R, s, "p1", tag="秘密結社holoX", level="debut")
    s = in_deck(s, "p1", x, x)
    s = run(R, s, c("p1", "support", card=YAMADA))
    assert s["pending"]["kind"] == "search_deck_n" and s["pending"]["options"] == [x, None]
    s = run(R, s, c("p1", "choose", choice=x))
    s = run(R, s, c("p1", "choose", choice=x))
    assert s["players"]["p1"]["hand"][-2:] == [x, x]
    assert s["pending"] is None  # 1 cheer each: not fewer
    fewer = main([YAMADA])
    all_of(R, fewer, "p1", tag="秘密結社holoX", level="debut")
    fewer["players"]["p2"]["center"]["cheer"] = [RED, RED]
    fewer = run(R, fewer, c("p1", "support", card=YAMADA))
    fewer = run(R, fewer, c("p1", "choose", choice=None))  # none taken
    assert fewer["pending"]["kind"] == "cheer_to" and fewer["pending"]["options"] == ["send", None]
    fewer = run(R, fewer, c("p1", "choose", choice="send"), GREEN)
    fewer = run(R, fewer, c("p1", "choose", choice="back0"))
    assert fewer["players"]["p1"]["back"][0]["cheer"] == [GREEN]


@needs_list
def test_hbp08_101_we_are_regloss_finds_two_then_draws_and_discards_if_fewer_holomem(R):
    """hBP08-101 We are ReGLOSS: 「このカードは、自分のステージのホロメン全員が#ReGLOSSを持つホロメンでなければ使えない。
    自分のデッキから、#ReGLOSSを持つホロメン2枚を公開し、手札に加える。そしてデッキをシャッフルする。その後、自分の
    ステージのホロメンが相手より少ないなら、自分のデッキを1枚引いた後、手札1枚をアーカイブする。」: two holomem each:
    nothing more; p2 with three: a draw, then a card archived."""
    s = main([REGLOSS])
    with pytest.raises(RuleViolation, match="#ReGLOSS"):
        run(R, s, c("p1", "support", card=REGLOSS))
    all_of(R, s, "p1", tag="ReGLOSS", level="debut")
    even = run(R, run(R, s, c("p1", "support", card=REGLOSS)), c("p1", "choose", choice=None))
    assert even["pending"] is None
    s["players"]["p2"]["back"].append(copy.deepcopy(s["players"]["p2"]["back"][0]))
    s = run(R, s, c("p1", "support", card=REGLOSS))
    s = run(R, s, c("p1", "choose", choice=None), MEMO)
    assert s["players"]["p1"]["hand"][-1] == MEMO and s["pending"]["kind"] == "discard_hand"
    s = run(R, s, c("p1", "choose", choice=MEMO))
    assert MEMO in s["players"]["p1"]["archive"]


# ------------------------------------------------------------------ hBP06-094 ワークアウト

WORKOUT = "hBP06-094_C"


@needs_list
def test_hbp06_094_workout_refused_when_only_the_opponent_collabs_boosts_20_or_50_for_a_2nd(R):
    """hBP06-094 ワークアウト: 「このカードは、自分のコラボホロメンがいるか、相手のコラボホロメンがいない時にしか
    使えない。このターンの間、自分のステージのホロメン1人のアーツ+20。そのホロメンがBuzzホロメンか2ndホロメンなら、
    かわりに、そのホロメンのアーツ+50。」"""
    s = main([WORKOUT, WORKOUT])
    s["players"]["p2"]["collab"] = s["players"]["p2"]["back"].pop(0)
    with pytest.raises(RuleViolation, match="相手のコラボホロメンがいない"):
        run(R, s, c("p1", "support", card=WORKOUT))
    s["players"]["p2"]["back"].append(s["players"]["p2"]["collab"])
    s["players"]["p2"]["collab"] = None
    s["players"]["p1"]["back"][0]["card"] = holo(R, level="2nd")
    s = run(R, s, c("p1", "support", card=WORKOUT))
    assert s["pending"]["kind"] == "pick_then" and s["pending"]["options"] == ["center", "back0"]
    debut = run(R, s, c("p1", "choose", choice="center"))
    assert debut["players"]["p1"]["center"]["mods"]["arts"] == 20
    assert debut["players"]["p1"]["back"][0]["mods"]["arts"] == 0
    second = run(R, s, c("p1", "choose", choice="back0"))
    assert second["players"]["p1"]["back"][0]["mods"]["arts"] == 50
    both = main([WORKOUT])  # both collabs: allowed
    both["players"]["p1"]["collab"] = both["players"]["p1"]["back"].pop(0)
    both["players"]["p2"]["collab"] = both["players"]["p2"]["back"].pop(0)
    assert run(R, both, c("p1", "support", card=WORKOUT))["pending"]["kind"] == "pick_then"


# ------------------------------------------------------------------ hBP06-095 IDENTIFY -AREA 15-

IDENTIFY = "hBP06-095_U"


def empty_cheer_deck(s, seat):
    """A given state: ``seat``'s cheer pile holds its life only (the life is part of that pile:
    ``Board.cheer_deck_size``)."""
    life = s["players"][seat]["life"]
    s["zones"]["piles"][f"cheer/{seat}"].update(size=life, unseen={WHITE: life}, top=[], bottom=[])
    return s


def identify_then_art(R, s, *lives):
    """p1 plays IDENTIFY (taking nothing), then its centre's art (20) downs p2's centre (10 HP left)."""
    s = run(R, s, c("p1", "support", card=IDENTIFY))
    s = run(R, s, c("p1", "choose", choice=None))
    s["players"]["p2"]["center"]["damage"] = R.cardset.cards[s["players"]["p2"]["center"]["card"]]["hp"] - 10
    return run(R, s, c("p1", "arts", holomem="center", art=0, target="center"), *lives)


@needs_list
def test_hbp06_095_with_an_empty_cheer_deck_an_id1_down_of_the_centre_takes_one_more_life(R):
    """hBP06-095 IDENTIFY -AREA 15-: 「このカードは、自分のステージのホロメン全員が#ID1期生を持つホロメンでなければ使えない。
    自分のデッキから、#ID1期生を持つホロメン2枚を公開し、手札に加える。そしてデッキをシャッフルする。その後、自分の
    エールデッキの枚数が0枚なら、このターンの間、自分の#ID1期生を持つホロメンが相手のセンターホロメンをダウンさせた時、
    相手のライフ-1。」: with cheer left, the down takes one life; with none, two."""
    s = main([IDENTIFY])
    with pytest.raises(RuleViolation, match="#ID1期生"):
        run(R, s, c("p1", "support", card=IDENTIFY))
    all_of(R, s, "p1", tag="ID1期生", level="debut")
    life = s["players"]["p2"]["life"]
    plain = identify_then_art(R, s, RED)
    assert plain["players"]["p2"]["life"] == life - 1
    empty = identify_then_art(R, empty_cheer_deck(s, "p1"), RED, BLUE)
    assert empty["players"]["p2"]["life"] == life - 2
    assert empty["players"]["p1"]["used"]["ko_life"]


# ------------------------------------------------------------------ hBP06-096 2人あわせてラムダック！

LAMBDUCK = "hBP06-096_U"


@needs_list
def test_hbp06_096_one_watame_and_one_subaru_each_get_an_archived_cheer_and_arts_20(R):
    """hBP06-096 2人あわせてラムダック！: 「自分の[〈角巻わため〉と〈大空スバル〉]1人ずつを選ぶ。自分のアーカイブのエールを
    選んだホロメンに1枚ずつ送る。その後、このターンの間、選んだホロメンのアーツ+20。」: a pair is chosen (either
    わため), each gets a cheer of the archive, both +20; the other わため nothing. With no スバル, the わため alone."""
    watame, subaru = holo(R, "角巻わため", "debut"), holo(R, "大空スバル", "debut")
    s = main([LAMBDUCK])
    p1 = s["players"]["p1"]
    p1["center"]["card"], p1["back"][0]["card"] = watame, subaru
    p1["back"].append({**copy.deepcopy(p1["back"][0]), "card": watame})
    p1["archive"] = [GREEN, RED]
    s = run(R, s, c("p1", "support", card=LAMBDUCK))
    assert s["pending"]["options"] == [["center", "back0"], ["back1", "back0"]]
    s = run(R, s, c("p1", "choose", choice=["back1", "back0"]))
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice=RED))
    p1 = s["players"]["p1"]
    assert p1["back"][1]["cheer"] == [GREEN] and p1["back"][0]["cheer"] == [RED] and p1["archive"] == [LAMBDUCK]
    assert [p1["back"][1]["mods"]["arts"], p1["back"][0]["mods"]["arts"], p1["center"]["mods"]["arts"]] == [20, 20, 0]
    alone = main([LAMBDUCK])
    alone["players"]["p1"]["center"]["card"] = watame
    alone = run(R, alone, c("p1", "support", card=LAMBDUCK))  # no archived cheer, no スバル
    assert alone["pending"] is None and alone["players"]["p1"]["center"]["mods"]["arts"] == 20


# ------------------------------------------------------------------ hBP07-091 ライブスタッフ

LIVE_STAFF = "hBP07-091_C"


def fan_for(R, holomem):
    """A fan of the list that may be attached to ``holomem`` (its 「…だけに付けられ」 names it)."""
    name = R.cardset.cards[holomem]["name"]
    return next(cid for cid, x in sorted(R.cardset.cards.items()) if x.get("support") == "fan"
                and name in {n for a in x["abilities"] for n in a["params"].get("only", ())})


@needs_list
def test_hbp07_091_live_staff_archives_a_stage_cheer_attaches_an_archived_fan_then_returns_a_holomem(R):
    """hBP07-091 ライブスタッフ: 「このカードは、自分のステージのエール1枚をアーカイブしなければ使えない。自分のアーカイブの
    ファン1枚を自分のホロメンに付ける。付けたなら、自分のアーカイブのホロメン1枚を手札に戻す。」: refused with no
    cheer on the stage; with no fan that may be attached, no holomem comes back."""
    s = main([LIVE_STAFF])
    s["players"]["p1"]["center"]["cheer"] = []
    with pytest.raises(RuleViolation, match="ステージのエール1枚をアーカイブしなければ"):
        run(R, s, c("p1", "support", card=LIVE_STAFF))
    s = main([LIVE_STAFF])
    watame = holo(R, "角巻わため", "debut")
    fan = fan_for(R, watame)
    s["players"]["p1"]["center"]["card"] = watame
    s["players"]["p1"]["archive"] = [fan, YUKI_D]
    s = run(R, s, c("p1", "support", card=LIVE_STAFF))  # the one cheer archived
    assert s["pending"]["kind"] == "attach_from_archive" and s["pending"]["options"] == [fan]
    s = run(R, s, c("p1", "choose", choice=fan))  # on わため alone
    assert s["players"]["p1"]["center"]["attached"] == [fan] and WHITE in s["players"]["p1"]["archive"]
    assert s["players"]["p1"]["hand"][-1] == YUKI_D and YUKI_D not in s["players"]["p1"]["archive"]
    none = main([LIVE_STAFF])
    none["players"]["p1"]["archive"] = [fan, YUKI_D]  # no わため: the fan may not be attached
    none = run(R, none, c("p1", "support", card=LIVE_STAFF))
    assert none["pending"] is None and YUKI_D in none["players"]["p1"]["archive"]


# ------------------------------------------------------------------ hBP08-099 HOLOTORI

HOLOTORI = "hBP08-099_U"


@needs_list
def test_hbp08_099_holotori_one_of_two_archive_a_tori_cheer_to_draw_or_send_one(R):
    """hBP08-099 HOLOTORI: 「以下の能力から1つを選んで使う。■自分の#トリを持つホロメンのエール1枚をアーカイブする。
    アーカイブしたなら、自分のデッキを2枚引いた後、手札1枚をデッキの下に戻す。■自分のアーカイブのエール1枚を自分の#トリを
    持つホロメンに送る。自分の〈HOLOTORI〉はターンに1回しか使えない。」"""
    s = main([HOLOTORI, HOLOTORI])
    tori = holo(R, tag="トリ", level="debut")
    s["players"]["p1"]["center"]["card"] = tori
    s["players"]["p1"]["archive"] = [GREEN]
    s = run(R, s, c("p1", "support", card=HOLOTORI))
    assert s["pending"]["kind"] == "choose_one" and s["pending"]["options"] == [0, 1]
    first = run(R, s, c("p1", "choose", choice=0))
    assert first["pending"]["options"] == [["center", WHITE]]  # not declinable
    first = run(R, first, c("p1", "choose", choice=["center", WHITE]), LETTER, MEMO)
    assert first["players"]["p1"]["hand"][-2:] == [LETTER, MEMO] and first["pending"]["kind"] == "hand_card_to_bottom"
    first = run(R, first, c("p1", "choose", choice=LETTER))
    assert first["zones"]["piles"]["deck/p1"]["bottom"] == [LETTER] and WHITE in first["players"]["p1"]["archive"]
    with pytest.raises(RuleViolation, match="ターンに1回しか使えない"):
        run(R, first, c("p1", "support", card=HOLOTORI))
    second = run(R, run(R, s, c("p1", "choose", choice=1)), c("p1", "choose", choice=GREEN))
    assert second["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN]
    bare = copy.deepcopy(s)
    bare["players"]["p1"]["center"]["cheer"] = []
    bare = run(R, bare, c("p1", "choose", choice=0))  # no cheer to archive: no draw
    assert bare["pending"] is None and len(bare["players"]["p1"]["hand"]) == len(s["players"]["p1"]["hand"])


# ------------------------------------------------------------------ hBP07-093 うまみー！

UMAMI = "hBP07-093_C"


@needs_list
def test_hbp07_093_umami_boosts_the_collab_zeta_then_goes_back_to_the_deck_unless_a_six(R):
    """hBP07-093 うまみー！: 「自分のコラボポジションの〈ベスティア・ゼータ〉を選ぶ。このターンの間、選んだホロメンのアーツ+40。
    その後、サイコロを1回振る。6以外なら、このカードをデッキに戻してシャッフルする。自分の〈うまみー！〉はターンに1回しか
    使えない。」: a 6 leaves it in the archive; another face shuffles it into the deck; a ゼータ at the centre gets nothing."""
    zeta = holo(R, "ベスティア・ゼータ", "debut", plain=False)
    s = main([UMAMI, UMAMI])
    s["players"]["p1"]["center"]["card"] = zeta
    s["players"]["p1"]["collab"] = s["players"]["p1"]["back"].pop(0)
    s["players"]["p1"]["collab"]["card"] = zeta
    size = s["zones"]["piles"]["deck/p1"]["size"]
    six = run(R, s, c("p1", "support", card=UMAMI), 6)
    assert six["players"]["p1"]["collab"]["mods"]["arts"] == 40 and six["players"]["p1"]["center"]["mods"]["arts"] == 0
    assert UMAMI in six["players"]["p1"]["archive"] and six["zones"]["piles"]["deck/p1"]["size"] == size
    with pytest.raises(RuleViolation, match="ターンに1回しか使えない"):
        run(R, six, c("p1", "support", card=UMAMI))
    three = run(R, s, c("p1", "support", card=UMAMI), 3)
    assert UMAMI not in three["players"]["p1"]["archive"] and three["zones"]["piles"]["deck/p1"]["size"] == size + 1
    centre = main([UMAMI])
    centre["players"]["p1"]["center"]["card"] = zeta
    centre = run(R, centre, c("p1", "support", card=UMAMI), 6)
    assert centre["players"]["p1"]["center"]["mods"]["arts"] == 0


# ------------------------------------------------------------------ hBP07-094 ギリわるロボ

ROBO = "hBP07-094_U"


@needs_list
def test_hbp07_094_giriwaru_robo_redraws_four_and_at_life_three_both_players_do(R):
    """hBP07-094 ギリわるロボ: 「自分の手札すべてをデッキに戻してシャッフルする。そして自分のデッキを4枚引く。自分のライフが3以下
    なら、かわりに、お互いの手札すべてをデッキに戻してシャッフルする。そしてそれぞれのデッキを4枚引く。」"""
    s = main([ROBO])
    p2_hand = list(s["players"]["p2"]["hand"])
    own = run(R, s, c("p1", "support", card=ROBO), LETTER, MEMO, MIC, YUKI_D)
    assert own["players"]["p1"]["hand"] == [LETTER, MEMO, MIC, YUKI_D] and own["players"]["p2"]["hand"] == p2_hand
    s["players"]["p1"]["life"] = 3
    both = run(R, s, c("p1", "support", card=ROBO), LETTER, MEMO, MIC, YUKI_D, *p2_hand[:4])
    assert both["players"]["p1"]["hand"] == [LETTER, MEMO, MIC, YUKI_D]
    assert both["players"]["p2"]["hand"] == p2_hand[:4] and len(p2_hand) > 4


# ------------------------------------------------------------------ hBP07-095 クロスインパクト

CROSS = "hBP07-095_C"


@needs_list
def test_hbp07_095_cross_impact_only_between_two_2nd_centres_the_higher_die_boosts_100(R):
    """hBP07-095 クロスインパクト: 「このカードは、お互いのセンターホロメンが2ndホロメンでなければ使えない。お互いにサイコロを1回
    振る。自分の出た目の数が相手以上なら、このターンの間、自分のセンターホロメンのアーツ+100。自分の出た目の数が相手より
    小さいなら、自分のエールデッキの上から1枚を自分のホロメンに送る。」: the dice in order (p1's, then p2's)."""
    s = main([CROSS])
    second = holo(R, level="2nd")
    s["players"]["p1"]["center"]["card"] = second
    with pytest.raises(RuleViolation, match="2ndホロメンでなければ"):
        run(R, s, c("p1", "support", card=CROSS))
    s["players"]["p2"]["center"]["card"] = second
    tie = run(R, s, c("p1", "support", card=CROSS), 3, 3)
    assert tie["players"]["p1"]["center"]["mods"]["arts"] == 100 and tie["pending"] is None
    low = run(R, s, c("p1", "support", card=CROSS), 2, 5, GREEN)
    assert low["players"]["p1"]["center"]["mods"]["arts"] == 0 and low["pending"]["kind"] == "cheer_to"
    low = run(R, low, c("p1", "choose", choice="back0"))
    assert low["players"]["p1"]["back"][0]["cheer"] == [GREEN]


# ------------------------------------------------------------------ hBP07-096 ちゃま旅

CHAMA = "hBP07-096_S"


@needs_list
def test_hbp07_096_chama_tabi_puts_a_back_haato_stack_under_the_deck_in_order_and_lowers_haato_costs(R):
    """hBP07-096 ちゃま旅: 「自分のバックポジションの〈赤井はあと〉1人を選ぶ。選んだホロメンを含め重なっているホロメンすべてを好きな順で
    デッキの下に戻す。このターンの間、自分の〈赤井はあと〉全員のアーツに必要な無色-1。」: the 1st and the Debut under it go
    under the deck in the order chosen, its cheer archived; the centre はあと's arts cost one ◇ less, the other
    holomem's not."""
    debut, first = holo(R, "赤井はあと", "debut", plain=False), holo(R, "赤井はあと", "1st", plain=False)
    s = main([CHAMA])
    p1 = s["players"]["p1"]
    p1["center"]["card"] = debut
    p1["back"][0].update(card=first, stack=[debut], cheer=[GREEN])
    p1["back"].append({**copy.deepcopy(p1["back"][0]), "card": YUKI_D, "stack": [], "cheer": []})
    s = run(R, s, c("p1", "support", card=CHAMA))
    assert s["pending"]["options"] == [[debut, first], [first, debut]]
    s = run(R, s, c("p1", "choose", choice=[first, debut]))
    p1 = s["players"]["p1"]
    assert [h["card"] for h in p1["back"]] == [YUKI_D] and s["zones"]["piles"]["deck/p1"]["bottom"] == [first, debut]
    assert GREEN in p1["archive"]
    assert [(m["kind"], m["amount"]) for m in p1["center"].get("lasting", ())] == [("arts_cost_less", 1)]
    assert "lasting" not in p1["back"][0]
    none = main([CHAMA])  # no はあと in the back: nothing goes, nothing is cheaper
    none = run(R, none, c("p1", "support", card=CHAMA))
    assert none["pending"] is None and len(none["players"]["p1"]["back"]) == 1


# ------------------------------------------------------------------ hBP07-098 ビッグゴッドミオーンの占い

MIO_FORTUNE = "hBP07-098_U"


@needs_list
def test_hbp07_098_mio_fortune_reveals_three_each_support_arts_20_for_all_then_back_on_top_in_order(R):
    """hBP07-098 ビッグゴッドミオーンの占い: 「このカードは、自分の推しホロメンが〈大神ミオ〉でなければ使えない。自分のデッキの上から
    3枚を公開する。このターンの間、この能力で公開したサポートカード1枚につき、自分のステージのホロメン全員のアーツ+20。そして
    公開したカードを好きな順でデッキの上に戻す。」: two supports of three: +40 each; the three back on top as chosen."""
    s = main([MIO_FORTUNE])
    with pytest.raises(RuleViolation, match="大神ミオ"):
        run(R, s, c("p1", "support", card=MIO_FORTUNE))
    s["players"]["p1"]["oshi"] = next(cid for cid, x in sorted(R.cardset.cards.items())
                                      if x["kind"] == "oshi" and x["name"] == "大神ミオ")
    s = run(R, s, c("p1", "support", card=MIO_FORTUNE), LETTER, YUKI_D, MEMO)
    p1 = s["players"]["p1"]
    assert p1["center"]["mods"]["arts"] == 40 and p1["back"][0]["mods"]["arts"] == 40
    assert len(s["pending"]["options"]) == 6
    s = run(R, s, c("p1", "choose", choice=[YUKI_D, MEMO, LETTER]))
    assert s["zones"]["piles"]["deck/p1"]["top"] == [YUKI_D, MEMO, LETTER]
    none = main([MIO_FORTUNE])
    none["players"]["p1"]["oshi"] = s["players"]["p1"]["oshi"]
    none = run(R, none, c("p1", "support", card=MIO_FORTUNE), YUKI_D, YUKI_D, YUKI_D)  # no support: nothing more
    assert none["players"]["p1"]["center"]["mods"]["arts"] == 0 and none["pending"] is None


# ------------------------------------------------------------------ hBP07-099 ブヒー！

BUHI = "hBP07-099_C"


@needs_list
def test_hbp07_099_buhi_draws_two_then_after_a_down_boosts_one_and_for_a_downed_laplus_draws_two_more(R):
    """hBP07-099 ブヒー！: 「自分のデッキを2枚引く。その後、直前の相手のターンに自分のホロメンがダウンしていたなら、自分のステージの
    ホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+20。さらに、直前の相手のターンにダウンしていた自分のホロメンが
    〈ラプラス・ダークネス〉なら、自分のデッキを2枚引く。」"""
    s = main([BUHI])
    plain = run(R, s, c("p1", "support", card=BUHI), LETTER, MEMO)
    assert plain["pending"] is None and plain["players"]["p1"]["hand"][-2:] == [LETTER, MEMO]
    s["players"]["p2"]["used"].update(downed_other=True, downed_cards=[YUKI_D])
    other_down = run(R, s, c("p1", "support", card=BUHI), LETTER, MEMO)
    other_down = run(R, other_down, c("p1", "choose", choice="back0"))
    assert other_down["players"]["p1"]["back"][0]["mods"]["arts"] == 20 and other_down["pending"] is None
    hand = len(other_down["players"]["p1"]["hand"])
    s["players"]["p2"]["used"]["downed_cards"] = [holo(R, "ラプラス・ダークネス", "debut", plain=False)]
    laplus = run(R, s, c("p1", "support", card=BUHI), LETTER, MEMO)
    laplus = run(R, laplus, c("p1", "choose", choice="center"), MIC, YUKI_D)
    assert laplus["players"]["p1"]["center"]["mods"]["arts"] == 20 and len(laplus["players"]["p1"]["hand"]) == hand + 2


# ------------------------------------------------------------------ hBP07-100 フロンティアスピリット

FRONTIER = "hBP07-100_U"


@needs_list
def test_hbp07_100_frontier_spirit_returns_an_azki_then_a_cheer_to_azki_per_frontier_spirit_archived(R):
    """hBP07-100 フロンティアスピリット: 「自分のアーカイブの〈AZKi〉1枚を手札に戻す。その後、自分のアーカイブの〈フロンティア
    スピリット〉1枚につき、自分のアーカイブのエール1枚を自分の〈AZKi〉1人に送る。自分の〈フロンティアスピリット〉はターンに1回
    しか使えない。」: with one more in the archive, two cheer (the one played counts: archived as it resolves)."""
    azki = holo(R, "AZKi", "debut", plain=False)
    s = main([FRONTIER, FRONTIER])
    s["players"]["p1"]["center"]["card"] = azki
    s["players"]["p1"]["archive"] = [azki, "hBP07-100_P", GREEN, RED]
    s = run(R, s, c("p1", "support", card=FRONTIER))
    assert s["players"]["p1"]["hand"][-1] == azki
    assert s["pending"]["kind"] == "archive_cheer_holder" and s["pending"]["options"] == [GREEN, RED]
    s = run(R, s, c("p1", "choose", choice=GREEN))
    s = run(R, s, c("p1", "choose", choice=RED))
    assert s["players"]["p1"]["center"]["cheer"] == [WHITE, GREEN, RED] and s["pending"] is None
    with pytest.raises(RuleViolation, match="ターンに1回しか使えない"):
        run(R, s, c("p1", "support", card=FRONTIER))
    lone = main([FRONTIER])  # no AZKi on the stage: the cheer stays
    lone["players"]["p1"]["archive"] = [GREEN]
    lone = run(R, lone, c("p1", "support", card=FRONTIER))
    assert lone["pending"] is None and GREEN in lone["players"]["p1"]["archive"]


# ------------------------------------------------------------------ hBP08-093 ちょこのなすユッケ

YUKKE = "hBP08-093_U"


@needs_list
def test_hbp08_093_choco_yukke_only_all_choco_at_life_three_debut_1st_plus_20_2nd_plus_60(R):
    """hBP08-093 ちょこのなすユッケ: 「このカードは、自分のステージのホロメン全員が〈癒月ちょこ〉で、自分のライフが3以下でなければ
    使えない。このターンの間、自分のステージの[Debutホロメンと1stホロメン]全員のアーツ+20。その後、自分のステージの2ndホロメン
    全員のアーツ+60。自分の〈ちょこのなすユッケ〉はターンに1回しか使えない。」"""
    s = main([YUKKE])
    s["players"]["p1"]["center"]["card"] = holo(R, "癒月ちょこ", "2nd")
    s["players"]["p1"]["back"][0]["card"] = holo(R, "癒月ちょこ", "debut", plain=False)
    with pytest.raises(RuleViolation, match="ライフが3以下"):
        run(R, s, c("p1", "support", card=YUKKE))
    s["players"]["p1"]["life"] = 3
    s["players"]["p1"]["back"].append(copy.deepcopy(s["players"]["p1"]["back"][0]))
    s["players"]["p1"]["back"][1]["card"] = YUKI_D
    with pytest.raises(RuleViolation, match="癒月ちょこ"):
        run(R, s, c("p1", "support", card=YUKKE))
    s["players"]["p1"]["back"].pop()
    s = run(R, s, c("p1", "support", card=YUKKE))
    assert s["players"]["p1"]["center"]["mods"]["arts"] == 60 and s["players"]["p1"]["back"][0]["mods"]["arts"] == 20


# ------------------------------------------------------------------ hBP08-095 破滅の呪文

RUIN = "hBP08-095_C"


@needs_list
def test_hbp08_095_spell_of_ruin_50_to_both_sides_front_holomem_and_no_life_lost_for_a_down(R):
    """hBP08-095 破滅の呪文: 「このカードは、自分のステージのホロメン全員が#ENを持つホロメンで、自分のライフが3以下でなければ使えない。
    お互いのセンターホロメンとコラボホロメンに特殊ダメージ50を与える。ただし、この能力でダウンしてもライフは減らない。」: p2's
    centre (40 left) goes down, no life lost; p1's centre takes 50 too, the back holomem nothing."""
    s = main([RUIN])
    en = all_of(R, s, "p1", tag="EN", level="1st")
    with pytest.raises(RuleViolation, match="ライフが3以下"):
        run(R, s, c("p1", "support", card=RUIN))
    s["players"]["p1"]["life"] = 3
    assert s["players"]["p2"]["center"]["card"] == AKARI_D
    s["players"]["p2"]["center"]["damage"] = R.cardset.cards[AKARI_D]["hp"] - 40
    life = s["players"]["p2"]["life"]
    s = run(R, s, c("p1", "support", card=RUIN))
    p1, p2 = s["players"]["p1"], s["players"]["p2"]
    assert p1["center"]["damage"] == 50 and p1["center"]["card"] == en and p1["back"][0]["damage"] == 0
    assert p2["life"] == life and AKARI_D in p2["archive"]
    assert p2["center"]["card"] == AKARI_DU and p2["center"]["damage"] == 0  # the back one moved up, untouched


# ------------------------------------------------------------------ hSD10-011 WHAT'S UP!!!!! KEEEEEP GROWING!!!!!

GROWING = "hSD10-011_U"


@needs_list
def test_hsd10_011_sends_three_archived_cheer_to_centre_and_collab_two_at_most_each(R):
    """hSD10-011 WHAT'S UP!!!!! KEEEEEP GROWING!!!!!: 「このカードは、自分のステージのホロメン全員が#FLOW GLOWを持つホロメンで
    なければ使えない。自分のアーカイブのエール3枚を選び、自分のセンターホロメンとコラボホロメンに割り振って送る。ただし、
    ホロメン1人に送る枚数は2枚まで。」: after two to the centre only the collab is offered; three in all."""
    s = main([GROWING])
    with pytest.raises(RuleViolation, match="#FLOW ?GLOW"):
        run(R, s, c("p1", "support", card=GROWING))
    all_of(R, s, "p1", tag="FLOW GLOW", level="1st")
    s["players"]["p1"]["collab"] = s["players"]["p1"]["back"].pop(0)
    s["players"]["p1"]["archive"] = [GREEN, RED, BLUE, GREEN]
    s = run(R, s, c("p1", "support", card=GROWING))
    assert [GREEN, "collab"] in s["pending"]["options"] and None not in s["pending"]["options"]
    s = run(R, s, c("p1", "choose", choice=[GREEN, "center"]))
    s = run(R, s, c("p1", "choose", choice=[RED, "center"]))
    assert {p for _, p in s["pending"]["options"]} == {"collab"}
    s = run(R, s, c("p1", "choose", choice=[BLUE, "collab"]))
    p1 = s["players"]["p1"]
    assert s["pending"] is None and p1["center"]["cheer"] == [WHITE, GREEN, RED] and p1["collab"]["cheer"] == [BLUE]
    assert p1["archive"] == [GREEN, GROWING]


# ------------------------------------------------------------------ hSD13-017 JUSTICE, JUST LIKE THAT!!!!

JUSTICE = "hSD13-017_U"


@needs_list
def test_hsd13_017_returns_one_or_two_stacked_holomem_to_the_hand_arts_20_each(R):
    """hSD13-017 JUSTICE, JUST LIKE THAT!!!!: 「このカードは、自分のステージのホロメン全員が#Justiceを持つホロメンでなければ使えない。
    自分のステージのホロメン1人を選ぶ。選んだホロメンに重なっているホロメン1～2枚を手札に戻す。このターンの間、この能力で
    戻したホロメン1枚につき、選んだホロメンのアーツ+20。」: the one holomem with a stack is chosen; two back: +40; one: +20."""
    s = main([JUSTICE])
    with pytest.raises(RuleViolation, match="#Justice"):
        run(R, s, c("p1", "support", card=JUSTICE))
    debut, first = holo(R, tag="Justice", level="debut", plain=False), holo(R, tag="Justice", level="1st", plain=False)
    all_of(R, s, "p1", tag="Justice", level="debut", plain=False)
    second = holo(R, tag="Justice", level="2nd", plain=False)
    s["players"]["p1"]["center"].update(card=second, stack=[debut, first])
    s = run(R, s, c("p1", "support", card=JUSTICE))  # the centre alone has a stack
    assert s["pending"]["options"] == sorted([debut, first])
    two = run(R, s, c("p1", "choose", choice=first))
    assert None in two["pending"]["options"]
    two = run(R, two, c("p1", "choose", choice=debut))
    assert two["players"]["p1"]["center"]["stack"] == [] and two["players"]["p1"]["hand"][-2:] == [first, debut]
    assert two["players"]["p1"]["center"]["mods"]["arts"] == 40 and two["pending"] is None
    one = run(R, run(R, s, c("p1", "choose", choice=debut)), c("p1", "choose", choice=None))
    assert one["players"]["p1"]["center"]["stack"] == [first] and one["players"]["p1"]["center"]["mods"]["arts"] == 20


@needs_list
def test_hbp06_088_a_centre_sent_back_leaves_the_centre_to_the_opponents_reset_step(R):
    """hBP06-088 ドッキリうさぎ, the centre chosen (p2 has no collab: no choice): it rests in the back; p2's centre is empty
    till its reset step, where p2 puts a back holomem there (the chosen one stays resting)."""
    s = main([DOKKIRI])
    s["players"]["p2"]["used"]["downed_other"] = True
    s["players"]["p1"]["life"] = 4
    s = run(R, s, c("p1", "support", card=DOKKIRI))
    p2 = s["players"]["p2"]
    assert p2["center"] is None and [(h["card"], h["rested"]) for h in p2["back"]] == [(AKARI_DU, False), (AKARI_D, True)]
    s = run(R, s, c("p1", "end_turn"))
    assert s["pending"]["seat"] == "p2" and s["pending"]["kind"] == "fill_center"
    s = run(R, s, c("p2", "choose", choice="back0"), MEMO, RED)
    p2 = s["players"]["p2"]
    assert p2["center"]["card"] == AKARI_DU and [(h["card"], h["rested"]) for h in p2["back"]] == [(AKARI_D, True)]
