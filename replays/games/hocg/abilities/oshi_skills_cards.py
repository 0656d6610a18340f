"""Oshi skills (``oshi_skills``' family), their texts on cards: cheer sent and moved, the archive, the
deck and its top, the hand, Bloom by an ability, cards attached; registered through ``oshi_skills``."""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import keywords as K
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.effects import EFFECTS, Options, attach_cheer, names_of, push
from kifu.replays.games.hocg.state import Board, other
from kifu.replays.kit import frame

TEXTS = Texts()

COLOR_CHARS = K.COLOR_CHARS
LEVELS = K.LEVELS
SUPPORT_KINDS = K.SUPPORT_KINDS


# ------------------------------------------------------------------ the opponent's holomem

@EFFECTS.effect("skill_unless_debut", timing="ability")
def skill_unless_debut(t: Board, f: dict) -> Options:
    """「相手のDebut以外のセンターホロメンに<効果>」: the effect, if the opponent's centre is not a Debut."""
    h = t.p(other(f["seat"]))["center"]
    if h is not None and t.card(h["card"])["level"] != "debut":
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"相手のDebut以外のセンターホロメンに(特殊ダメージ\d+を与える。)")
def _not_debut(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(f"相手のセンターホロメンに{m[1]}")
    return ("skill_unless_debut", {"then": then}) if then else None


@EFFECTS.effect("set_remaining_hp", timing="ability")
def set_remaining_hp(t: Board, f: dict) -> Options:
    """「相手のセンターホロメンの残りHPをNにする」: its damage becomes what leaves N of its HP (no
    damage is dealt: nothing 「ダメージを与えた時」 follows)."""
    opp = other(f["seat"])
    h = t.p(opp)["center"]
    if h is not None:
        h["damage"] = max(0, t.max_hp(h) - f["params"]["amount"])
        t.event("hp_set", seat=opp, pos="center", card=h["card"], left=t.max_hp(h) - h["damage"], source=f["card"])
    return None


@TEXTS.pattern(r"相手のセンターホロメンの残りHPを(\d+)にする。")
def _set_hp(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ぎゅっぎゅっ (hBP01-001)."""
    return "set_remaining_hp", {"amount": int(m[1])}


# ------------------------------------------------------------------ the own stage

@EFFECTS.effect("skill_heal_full", timing="ability", prompt="HPをすべて回復するホロメン")
def skill_heal_full(t: Board, f: dict) -> Options:
    """「自分の<holder>のHPすべて回復」 (the one there is, or one chosen)."""
    options = [p for p in K.holders(t, f, f["params"]["holder"]) if t.holo(f["seat"], p)["damage"] > 0]
    if len(options) <= 1:
        return _healed_full(t, f, options[0]) if options else None
    return options


@skill_heal_full.answer
def _healed_full(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    healed, h["damage"] = h["damage"], 0
    t.event("heal", seat=f["seat"], pos=choice, amount=healed, card=f["card"])
    E.after_heal(t, f["seat"], choice, healed, f["card"])  # 「…が回復した時」
    return None


@TEXTS.pattern(r"自分の(.+?)のHPすべて回復。")
def _heal_full(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """大地の唄 (hBP01-003): 「自分の緑センターホロメンのHPすべて回復」."""
    color = re.fullmatch(r"(.)センターホロメン", m[1])
    flt = ({"colors": [COLOR_CHARS[color[1]]], "pos": ["center"]} if color and color[1] in COLOR_CHARS
           else K.holder_filter(m[1]))
    if flt is None or flt.get("pos") != ["center"]:
        return None  # one holomem named (a chosen one would need 「1人」)
    return "skill_heal_full", {"holder": flt}


@EFFECTS.effect("skill_wake", timing="ability", prompt="アクティブにするホロメン")
def skill_wake(t: Board, f: dict) -> Options:
    """「自分のお休みしている<holder>1人をアクティブにする」."""
    options = [p for p in K.holders(t, f, f["params"]["holder"]) if t.holo(f["seat"], p)["rested"]]
    if len(options) <= 1:
        return _woken(t, f, options[0]) if options else None
    return options


@skill_wake.answer
def _woken(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    h["rested"] = False
    h["woken"] = {"turn": t.s["turn"], "by": f["card"]}  # 「このターンに…推しスキル「名前」でアクティブになっていた」
    t.event("woken", seat=f["seat"], pos=choice, card=h["card"], source=f["card"])
    return None


@TEXTS.pattern(r"自分のお休みしている(.+?)1人をアクティブにする。")
def _wake(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """無限の体力 (hBP03-006)."""
    flt = K.holder_filter(m[1])
    return ("skill_wake", {"holder": flt}) if flt is not None else None


# ------------------------------------------------------------------ cheer

@EFFECTS.effect("cheer_top_to_one", timing="ability", prompt="エールを送るホロメン")
def cheer_top_to_one(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚を、自分の<holder>1人に送る」: the N cards turned up (everyone
    sees them), then the one holomem they all go to."""
    seat = f["seat"]
    targets = K.holders(t, f, f["params"]["holder"])
    if t.cheer_deck_size(seat) <= 0 or not targets:
        return None
    f["cheer"] = []
    for _ in range(min(f["params"]["count"], t.cheer_deck_size(seat))):
        f["cheer"].append(t.reveal_cheer(seat, "cheer", t.rule_of(f["card"])))
        t.event("cheer_up", seat=seat, card=f["cheer"][-1])
    return targets if len(targets) > 1 else _cheer_to_one(t, f, targets[0])


@cheer_top_to_one.answer
def _cheer_to_one(t: Board, f: dict, choice: Any) -> Options:
    for cheer in f["cheer"]:
        attach_cheer(t, f["seat"], choice, cheer)
    return None


@TEXTS.pattern(r"自分のエールデッキの上から(\d)枚を、?自分の(?:(Debut|1st|2nd)ホロメンの)?(.+?)(1人)?に送る。")
def _cheer_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """わためは悪くないよねぇ？ (hBP03-007: 「2枚を、自分の〈角巻わため〉1人に送る」), モコちゃん！
    (hBP03-004: 「1枚を、自分の1stホロメンの〈モココ・アビスガード〉に送る」)."""
    if not m[2] and not m[4]:
        return None  # the other families' own
    flt = K.holder_filter(m[3])
    if flt is None or (m[2] and "names" not in flt):
        return None
    flt = {**flt, **({"level": LEVELS[m[2]]} if m[2] else {})}
    count = int(m[1])
    if count > 1 and m[4]:
        return "cheer_top_to_one", {"count": count, "holder": flt}
    return "cheer_to_holomem", {"holder": flt, **({"count": count} if count > 1 else {})}


@TEXTS.pattern(r"(.+?\d枚を)、(自分の.+)")
def _comma(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「…N枚を、自分の<ホロメン>に送る」 read as 「…N枚を自分の…」 (the list prints both): ReGLOSSの風流人
    (hBP04-002), poi (hBP03-002)."""
    return respelled(spec, m[0], m[1] + m[2])


#: the texts being read again in another spelling (``respelled``), so that two families' respellings
#: of one text (a comma dropped here, put back there) do not read each other forever
RESPELLING: set[str] = set()


def respelled(spec: Spec, text: str, spelling: str) -> tuple[str, dict[str, Any]] | None:
    """``text`` read as ``spelling`` (the same words, as the list prints them elsewhere); None if that is
    not recognised, or if ``text`` is already being respelled (a cycle)."""
    if text in RESPELLING:
        return None
    RESPELLING.add(text)
    try:
        made = spec(spelling)
    finally:
        RESPELLING.discard(text)
    return (made["effect"], made["params"]) if made else None


# ------------------------------------------------------------------ the archive, the deck

@EFFECTS.effect("skill_archive_to_hand", timing="ability", prompt="アーカイブから手札に戻すカード（終えるならnull）")
def skill_archive_to_hand(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>M～N枚を手札に戻す」: one at a time (each shown), at least M while
    any fits, up to N; with ``per``: then 「手札に戻したカードK枚につき、自分のデッキを1枚引く」."""
    pa = f["params"]
    f.setdefault("taken", 0)
    fits = sorted({c for c in t.p(f["seat"])["archive"] if E._matches(t, c, pa["filter"])})
    if f["taken"] >= pa["max"] or not fits:
        return _archive_to_hand_done(t, f)
    if f["taken"] < pa.get("min", 1) and len(fits) == 1:
        return _to_hand(t, f, fits[0])  # one possible answer: not asked
    return fits + ([None] if f["taken"] >= pa.get("min", 1) else [])


def _archive_to_hand_done(t: Board, f: dict) -> Options:
    per = f["params"].get("per")
    if per and f["taken"] // per >= 1:
        push(t, f, {"effect": "draw", "params": {"count": f["taken"] // per}})
    return None


@skill_archive_to_hand.answer
def _to_hand(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _archive_to_hand_done(t, f)
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    f["taken"] += 1
    return skill_archive_to_hand.run(t, f)


@TEXTS.pattern(r"自分のアーカイブの(.+?)(?:(\d)～)?(\d)枚を手札に戻す。(?:そして手札に戻したカード(\d)枚につき、自分のデッキを1枚引く。)?")
def _archive_to_hand(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ちょこっとクッキング (hBP05-005), 余った時間でぐるぐる (hBP04-002), 35P帰ってくるのかッ！？って！
    (hBP03-003: 「〈35P〉2枚を手札に戻す」)."""
    least, most = int(m[2] or m[3]), int(m[3])
    if most < 2 and not m[4]:
        return None  # 1枚: the other families' own
    flt = K.card_filter(m[1])
    if flt is None:
        return None
    return "skill_archive_to_hand", {"min": least, "max": most, "filter": flt, **({"per": int(m[4])} if m[4] else {})}


@TEXTS.pattern(r"自分のデッキから、(.+?)(?:1～)?(\d)枚を公開し、手札に加える。そしてデッキをシャッフルする。")
def _search_n(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Kekuatan Iofi (hBP05-002: 「#ID1期生を持つホロメン2枚」): one card at a time (each shown), up to
    N (null: no more found; the deck's order is unknown, so fewer may be there)."""
    if int(m[2]) < 2 or m[1].startswith("異なるカード名の"):
        return None
    flt = K.card_filter(m[1])
    return ("search_deck_n", {"count": int(m[2]), "filter": flt}) if flt is not None else None


@EFFECTS.effect("pay_stage_cheer", timing="ability", prompt="アーカイブするステージのエール（ホロメンとエール）")
def pay_stage_cheer(t: Board, f: dict) -> Options:
    """「自分のステージのエールN枚をアーカイブすることで、<効果>」: the cost (the skill is refused
    without N cheer on the stage: ``refusal``), one cheer at a time, then the effect."""
    f.setdefault("paid", 0)
    if f["paid"] >= f["params"]["count"]:
        push(t, f, f["params"]["then"])
        return None
    colors = f["params"].get("colors")
    options = sorted({(p, c) for p, h in t.stage(f["seat"]) for c in h["cheer"]
                      if not colors or t.card(c)["colors"][0] in colors})
    if not options:
        return None
    return [list(pc) for pc in options]


@pay_stage_cheer.answer
def _stage_cheer_paid(t: Board, f: dict, choice: Any) -> Options:
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    E.archive_by(t, f, "cheer", cheer)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=cheer, pos=pos)
    f["paid"] += 1
    return pay_stage_cheer.run(t, f)


@TEXTS.pattern(r"自分の(?:ステージ|ホロメン)の(.)?エール(\d)枚をアーカイブすることで、(.+)")
def _pay_stage_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Kekuatan Iofi (hBP05-002: 「自分のステージのエール2枚を」), HALU (hBP02-002: 「自分のホロメンの緑エール
    1枚を」)."""
    if (m[1] is not None and m[1] not in COLOR_CHARS) or re.search(r"(?:れる|できる):", m[3]):
        return None  # a choice after the cost: the other families' own
    then = spec(m[3])
    return ("pay_stage_cheer", {"count": int(m[2]), **({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {}),
                                "then": then}) if then else None


@TEXTS.pattern(r"自分のデッキから、カード名に「([^」]+)」を含む(スタッフ|アイテム|イベント|ツール|マスコット|ファン)1枚を公開し、"
               r"手札に加える。そしてデッキをシャッフルする。")
def _search_name_has(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """パソコンならわかるのら (hBP03-001)."""
    return "search_deck", {"filter": {"name_has": m[1], "support": K.SUPPORT_KINDS[m[2]]}}


# ------------------------------------------------------------------ more cheer

@EFFECTS.effect("archive_cheer_all", timing="ability", prompt="アーカイブから送るエール")
def archive_cheer_all(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールを、自分の<holder>全員に1枚ずつ送る」: each of those holomem (as
    they are when it resolves) one cheer of the archive, while any is left (which one: asked)."""
    pa = f["params"]
    if "todo" not in f:
        f["todo"] = K.holders(t, f, pa["holder"])
    cheer = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"})
    if not f["todo"] or not cheer:
        return None
    return cheer if len(cheer) > 1 else _sent_each(t, f, cheer[0])


@archive_cheer_all.answer
def _sent_each(t: Board, f: dict, choice: Any) -> Options:
    pos = f["todo"].pop(0)
    t.p(f["seat"])["archive"].remove(choice)
    attach_cheer(t, f["seat"], pos, choice)
    return archive_cheer_all.run(t, f)


@TEXTS.pattern(r"自分のアーカイブのエールを、?自分の(.+?)全員に1枚ずつ送る。")
def _archive_cheer_all(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """人生のこと考えていた方が勝てる (hBP04-007: 「自分の〈古代武器〉が付いているホロメン全員に」)."""
    flt = K.holder_filter(m[1])
    return ("archive_cheer_all", {"holder": flt}) if flt is not None else None


@EFFECTS.effect("archive_cheer_spread", timing="ability", prompt="アーカイブから送るエール（終えるならnull） / 送るホロメン")
def archive_cheer_spread(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールM～N枚を、自分の<holder>に割り振って送る」: a cheer (null once M
    are sent), then the holomem it goes to; up to N."""
    pa = f["params"]
    f.setdefault("sent", 0)
    f["stage"] = "cheer"
    cheer = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"})
    if f["sent"] >= pa["max"] or not cheer or not K.holders(t, f, pa["holder"]):
        return None
    return cheer + ([None] if f["sent"] >= pa["min"] else [])


@archive_cheer_spread.answer
def _spread_one(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "cheer":
        if choice is None:
            return None
        f["cheer"], f["stage"] = choice, "holomem"
        targets = K.holders(t, f, f["params"]["holder"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.p(f["seat"])["archive"].remove(f["cheer"])
    attach_cheer(t, f["seat"], choice, f["cheer"])
    f["sent"] += 1
    return archive_cheer_spread.run(t, f)


@TEXTS.pattern(r"自分のアーカイブのエール(\d)～(\d)枚を、?自分の(.+?)に割り振って送る。")
def _archive_cheer_spread(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """雨乞い (hBP01-008: 「1～5枚を、自分の#IDを持つホロメンに割り振って送る」)."""
    flt = K.holder_filter(m[3])
    return ("archive_cheer_spread", {"min": int(m[1]), "max": int(m[2]), "holder": flt}) if flt is not None else None


# ------------------------------------------------------------------ the hand, the deck

@EFFECTS.effect("skill_draw_to_count", timing="ability")
def skill_draw_to_count(t: Board, f: dict) -> Options:
    """「自分の手札が自分のステージの〈名前〉の枚数と同じになるまで、自分のデッキを引く。ただし、引ける枚数は
    N枚まで」: the cards of that name on the own stage (holomem and the cards attached to them)."""
    pa, seat = f["params"], f["seat"]
    n = sum((pa["name"] in names_of(t, h["card"])) + sum(pa["name"] in names_of(t, a) for a in h["attached"])
            for _, h in t.stage(seat))
    want = min(pa["cap"], n - len(t.p(seat)["hand"]))
    if want > 0:
        push(t, f, {"effect": "draw", "params": {"count": want}})
    return None


@TEXTS.pattern(r"自分の手札が自分のステージの〈([^〉]+)〉の枚数と同じになるまで、自分のデッキを引く。ただし、引ける枚数は(\d)枚まで。")
def _draw_to_count(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ポルカの伝説 (hBP05-003)."""
    return "skill_draw_to_count", {"name": m[1], "cap": int(m[2])}


# ------------------------------------------------------------------ the hand and the deck top

@EFFECTS.effect("skill_hand_to_bottom", timing="ability", prompt="デッキの下に戻す手札（終えるならnull）", secret=True)
def skill_hand_to_bottom(t: Board, f: dict) -> Options:
    """「自分の手札を好きな枚数選んで好きな順でデッキの下に戻す。そして手札がN枚になるまで、自分のデッキを
    引く」: hand cards one at a time to the deck's bottom in the order chosen (secret: the
    opponent sees how many, not which), null to stop; then drawn up to N."""
    if not t.p(f["seat"])["hand"]:
        return _refill(t, f)
    return t.hand_cards(f["seat"]) + [None]


def _refill(t: Board, f: dict) -> Options:
    want = f["params"]["refill"] - len(t.p(f["seat"])["hand"])
    if want > 0:
        push(t, f, {"effect": "draw", "params": {"count": want}})
    return None


@skill_hand_to_bottom.answer
def _hand_bottom(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _refill(t, f)
    seat = f["seat"]
    item = t.hand_item(seat, choice)
    t.p(seat)["hand"].remove(item)
    t.zones.put(f"deck/{seat}", item, end="bottom")
    t.event("to_bottom", seat=seat, card=f["card"])
    return skill_hand_to_bottom.run(t, f)


@TEXTS.pattern(r"自分の手札を好きな枚数選んで好きな順でデッキの下に戻す。そして手札が(\d)枚になるまで、自分のデッキを引く。")
def _hand_to_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """あきらめない心にぇ (hBP03-003)."""
    return "skill_hand_to_bottom", {"refill": int(m[1])}


@EFFECTS.effect("skill_look_all_or_top", timing="ability", prompt="見たカードすべてを（archive: アーカイブ / top: デッキの上に戻す）")
def skill_look_all_or_top(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を見る。そのカードすべてを、アーカイブするか、好きな順でデッキの上に戻す」:
    the cards seen by the seat only (a chance event); then all archived (turned face up) or all
    put back on top in the order chosen (``to_top``: secret)."""
    seat = f["seat"]
    looked = []
    for _ in range(f["params"]["count"]):
        item = t.zones.draw(f"deck/{seat}", "look", t.rule_of(f["card"]), visible=(seat,))
        if item is None:
            break
        looked.append(item)
    f["looked"] = looked
    t.event("looked", seat=seat, count=len(looked), card=f["card"])
    return ["archive", "top"] if looked else None


@skill_look_all_or_top.answer
def _all_or_top(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if choice == "archive":
        for item in f["looked"]:
            card = t.face_up(item, "look_archive", t.rule_of(f["card"]))
            E.archive_by(t, f, "deck", card)
            t.event("milled", seat=seat, card=card)
        return None
    t.s["stack"].append(frame("skill_to_top", seat, f["card"], f["origin"], {"items": f["looked"]}))
    return None


@EFFECTS.effect("skill_to_top", timing="rule", prompt="次にデッキの上に戻すカード（最後に戻したものが一番上）", secret=True)
def skill_to_top(t: Board, f: dict) -> Options:
    """「好きな順でデッキの上に戻す」: one at a time, each on top of the last (a secret choice)."""
    items = f["params"]["items"]
    if len(items) <= 1:
        for item in items:
            t.zones.put(f"deck/{f['seat']}", item, end="top")
        t.event("skill_to_top", seat=f["seat"], card=f["card"], count=len(items))
        return None
    return sorted({c for item in items for c in _could_be(t, item)})


@skill_to_top.answer
def _top_next(t: Board, f: dict, choice: Any) -> Options:
    items = f["params"]["items"]
    item = choice if choice in items else next(i for i in items if choice in _could_be(t, i))
    items.remove(item)
    t.zones.put(f"deck/{f['seat']}", item, end="top")
    return skill_to_top.run(t, f)


def _could_be(t: Board, item: str) -> list[str]:
    return [item] if item in t.cs.cards else t.zones.possible(item)


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を見る。そのカードすべてを、アーカイブするか、好きな順でデッキの上に戻す。")
def _look_all_or_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ぽえぽえぽえ～ (hBP02-004)."""
    return "skill_look_all_or_top", {"count": int(m[1])}


@EFFECTS.effect("skill_reset_hand", timing="ability")
def skill_reset_hand(t: Board, f: dict) -> Options:
    """「自分の手札を数えて、自分の[手札すべてとアーカイブのホロメンすべて]をデッキに戻してシャッフルする。
    そして手札からデッキに戻したカード1枚につき、自分のデッキを1枚引く」: the archived holomem are
    shown as they go (the archive is public), the hand's are not."""
    seat = f["seat"]
    pl = t.p(seat)
    pile = f"deck/{seat}"
    hand, pl["hand"] = pl["hand"], []
    holomem = [c for c in pl["archive"] if t.card(c)["kind"] in ("holomem", "buzz")]
    pl["archive"] = [c for c in pl["archive"] if t.card(c)["kind"] not in ("holomem", "buzz")]
    for item in hand + holomem:
        t.zones.shuffle_in(pile, item)
    t.zones.shuffle(pile)
    t.event("hand_to_deck", seat=seat, count=len(hand), card=f["card"])
    t.event("archive_to_deck", seat=seat, cards=holomem, card=f["card"])
    if hand:
        push(t, f, {"effect": "draw", "params": {"count": len(hand)}})
    return None


@TEXTS.pattern(r"自分の手札を数えて、自分の\[手札すべてとアーカイブのホロメンすべて\]をデッキに戻してシャッフルする。"
               r"そして手札からデッキに戻したカード1枚につき、自分のデッキを1枚引く。")
def _reset_hand(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """人生リセットボタン (hBP02-004)."""
    return "skill_reset_hand", {}


# ------------------------------------------------------------------ one of each from the deck top

@EFFECTS.effect("skill_look_each", timing="ability", prompt="見たカードから公開して手札に加えるカード（終えるならnull）")
def skill_look_each(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を見る。その中から、[<A>と<B>]1枚ずつを公開し、公開した…を手札に加える。
    そして残ったカードをアーカイブする(好きな順でデッキの下に戻す)」: seen by the seat only (a chance
    event), then at most one card of each kind shown and taken (null: no more), the rest as
    ``look_top``'s."""
    seat = f["seat"]
    looked = []
    for _ in range(f["params"]["count"]):
        item = t.zones.draw(f"deck/{seat}", "look", t.rule_of(f["card"]), visible=(seat,))
        if item is None:
            break
        looked.append(item)
    f["looked"], f["taken"], f["done"] = looked, 0, []
    t.event("looked", seat=seat, count=len(looked), card=f["card"])
    return _each_options(t, f)


def _open_picks(t: Board, f: dict, card: str) -> list[int]:
    return [i for i, flt in enumerate(f["params"]["picks"]) if i not in f["done"] and E._matches(t, card, flt)]


def _each_options(t: Board, f: dict) -> Options:
    fits = sorted({c for item in f["looked"] for c in _could_be(t, item) if _open_picks(t, f, c)})
    if not fits:
        return E._look_rest(t, f)
    return fits + [None]


@skill_look_each.answer
def _look_each_take(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return E._look_rest(t, f)
    item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in _could_be(t, i))
    f["looked"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", t.rule_of(f["card"]))
    f["done"].append(_open_picks(t, f, choice)[0])
    t.p(f["seat"])["hand"].append(choice)
    t.event("reveal", seat=f["seat"], card=choice, source=f["card"])
    return _each_options(t, f)


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を見る。その中から、\[(.+?)と(.+?)\]1枚ずつを公開し、公開した\[\2と\3\]を手札に加える。"
               r"そして残ったカードを(アーカイブする|好きな順でデッキの下に戻す)。")
def _look_each(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """成功体験－！！！ (hBP05-003: 「[〈尾丸ポルカ〉とスタッフ]1枚ずつ」)."""
    picks = [K.card_filter(m[2]), K.card_filter(m[3])]
    if None in picks:
        return None
    return "skill_look_each", {"count": int(m[1]), "picks": picks, "rest": "archive" if m[4] == "アーカイブする" else "bottom"}


# ------------------------------------------------------------------ Bloom by an ability

R_BLOOM = "対戦中の現象/Bloom"
NEXT_LEVEL = {"1st": ("debut",), "2nd": ("1st",)}


def _blooms_onto(t: Board, card: str, h: dict) -> bool:
    """``card`` may bloom onto ``h`` (対戦中の現象/Bloom: 「Debut」から「1st」、「1st」から「2nd」, the same
    name, not 「このホロメンはBloomできない」)."""
    c, under = t.card(card), t.card(h["card"])
    return (c["kind"] in ("holomem", "buzz") and under["level"] in NEXT_LEVEL.get(c["level"], ())
            and bool(names_of(t, h["card"]) & names_of(t, card))
            and not any(a.get("effect") == "no_bloom" for a in under["abilities"]))


@EFFECTS.effect("skill_bloom_from", timing="ability", prompt="Bloomさせるホロメンと使うカード（しないならnull）")
def skill_bloom_from(t: Board, f: dict) -> Options:
    """「自分の<holder>1人を、自分のアーカイブ(手札)のホロメンを使ってBloomさせる(できる)」: which holomem
    and which card, as a Bloom from the hand would be (not on the player's own first turn, not
    a holomem that came onto the stage or bloomed this turn; 「このターンにBloomした…もう1回Bloom
    させる」: only one that bloomed this turn)."""
    pa, seat = f["params"], f["seat"]
    if t.first_turn(seat) and not pa.get("first_ok"):  # 「この能力では最初のターンでもBloomできる」
        return None
    cards = t.hand_cards(seat) if pa["source"] == "hand" else sorted(set(t.p(seat)["archive"]))
    if pa.get("level"):  # 「自分の手札の1stホロメンを使って」
        cards = [c for c in cards if t.card(c)["level"] == pa["level"]]
    pairs = []
    for pos in K.holders(t, f, pa["holder"]):
        h = t.holo(seat, pos)
        if (h["since"] == t.s["turn"] and bool(h["stack"])) if pa.get("again") else h["since"] < t.s["turn"]:
            pairs += [[pos, card] for card in cards if _blooms_onto(t, card, h)]
    if not pairs:
        return None
    return pairs + ([None] if pa.get("optional") else [])


@skill_bloom_from.answer
def _bloomed_from(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat, (pos, card) = f["seat"], choice
    if f["params"]["source"] == "hand":
        t.take_from_hand(seat, card, "bloom", R_BLOOM)
    else:
        t.p(seat)["archive"].remove(card)
    h = t.holo(seat, pos)
    h["stack"].append(h["card"])
    h["card"] = card
    h["since"] = t.s["turn"]
    t.event("bloom", seat=seat, pos=pos, card=card, source=f["card"])
    from kifu.replays.games.hocg.abilities.arts_modifiers import bloomed
    bloomed(t, seat, card)  # 「このターンに自分の…がBloomした回数」
    for item in h["attached"]:  # as rules.Bloom: the mascots' 「…がBloomした時」 after the holomem's own
        for ab in t.card(item)["abilities"]:
            when = ab["params"].get("on_bloom")
            if when and t.fits_holder(h, when):
                E.cite(t, seat, item, ab.get("name") or "support")
                t.s["stack"].append(frame(when["then"]["effect"], seat, item, "bloom", when["then"]["params"], pos=pos))
    from kifu.replays.games.hocg.abilities.bloom_again import bloom_source
    via = bloom_source(t, f)  # 「自分のSP推しスキル「名前」でBloomした時」 reads it
    for ab in t.card(card)["abilities"]:
        if ab["kind"] == "bloom":
            t.s["stack"].append(E.ability_frame(t, seat, card, ab, "bloom", pos=pos, **({"via": via} if via else {})))
    return None


@TEXTS.pattern(r"自分の(このターンにBloomした)?(.+?)1人を、自分の(手札|アーカイブ)のホロメンを使って(もう1回)?Bloom(させる|できる)。")
def _bloom_from(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Ahoy! (hBP02-003: 「自分のこのターンにBloomした#3期生を持つホロメン1人を、自分の手札のホロメンを使って
    もう1回Bloomさせる」), ゾンビ戦術 and 蘇るオリー (hBP02-006: the archive's)."""
    if bool(m[1]) != bool(m[4]):
        return None
    flt = K.holder_filter(m[2])
    if flt is None:
        return None
    return "skill_bloom_from", {"holder": flt, "source": "hand" if m[3] == "手札" else "archive",
                                **({"again": True} if m[1] else {}), **({"optional": True} if m[5] == "できる" else {})}


# ------------------------------------------------------------------ several cards from the deck, attached

@EFFECTS.effect("skill_attach_from_deck_n", timing="ability", prompt="デッキから公開して付けるカード（終えるならnull） / 付けるホロメン")
def skill_attach_from_deck_n(t: Board, f: dict) -> Options:
    """「自分のデッキから、<条件>M～N枚を公開し、自分の<holder>に割り振って付ける。そしてデッキをシャッフル
    する」: a card the deck may hold that one of those holomem may take (each shown), then where;
    until N or null (the deck's order is unknown: fewer may be there); shuffled once done."""
    seat, pa = f["seat"], f["params"]
    f.setdefault("done", 0)
    f["stage"] = "card"
    if f["done"] >= pa["max"]:
        return _attach_n_done(t, f)
    fits = [c for c in t.zones.may_contain(f"deck/{seat}") if t.card(c)["support"] in ("tool", "mascot", "fan")
            and E._matches(t, c, pa["filter"]) and _attach_places(t, f, c)]
    return fits + [None]


def _attach_n_done(t: Board, f: dict) -> Options:
    if not f["done"]:
        t.event("not_found", seat=f["seat"], source=f["card"])
    t.zones.shuffle(f"deck/{f['seat']}")
    return None


@skill_attach_from_deck_n.answer
def _attached_n(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "card":
        if choice is None:
            return _attach_n_done(t, f)
        f["attach"] = t.zones.take(f"deck/{seat}", choice, t.rule_of(f["card"]), how="search")
        t.event("reveal", seat=seat, card=f["attach"], source=f["card"])
        f["stage"] = "holomem"
        targets = _attach_places(t, f, choice)
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.holo(seat, choice)["attached"].append(f["attach"])
    t.event("attached", seat=seat, pos=choice, card=f["attach"], source=f["card"])
    f["done"] += 1
    return skill_attach_from_deck_n.run(t, f)


@TEXTS.pattern(r"自分のデッキから、(.+?)(\d)～(\d)枚を公開し、自分の(.+?)に割り振って付ける。そしてデッキをシャッフルする。")
def _attach_from_deck_n(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ルーナイト集合 (hBP03-001: 「〈ルーナイト〉1～4枚を公開し、自分のホロメンに割り振って付ける」)."""
    flt, to = K.card_filter(m[1]), K.holder_filter(m[4])
    if flt is None or to is None:
        return None
    return "skill_attach_from_deck_n", {"max": int(m[3]), "filter": flt, "holder": to}


# ------------------------------------------------------------------ the opponent's cheer

@EFFECTS.effect("skill_opp_cheer_bottom", timing="ability", prompt="エールデッキの下に戻す相手のエール（ホロメンとエール、順に）")
def skill_opp_cheer_bottom(t: Board, f: dict) -> Options:
    """「相手のセンターホロメンとコラボホロメンのエールN枚ずつを好きな順でエールデッキの下に戻す」: one cheer
    at a time (N of each holomem, all it has if fewer), each under the last at the bottom of the
    opponent's cheer deck, in the order chosen (the cards are face up: everyone sees)."""
    opp, pa = other(f["seat"]), f["params"]
    taken = f.setdefault("taken", {})
    options = sorted({(p, c) for p in pa["positions"] if t.holo(opp, p) is not None
                      and taken.get(p, 0) < pa["count"] for c in t.holo(opp, p)["cheer"]})
    if len(options) == 1:
        return _opp_cheer_down(t, f, list(options[0]))
    return [list(pc) for pc in options] or None


@skill_opp_cheer_bottom.answer
def _opp_cheer_down(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    pos, cheer = choice
    t.holo(opp, pos)["cheer"].remove(cheer)
    t.zones.put(f"cheer/{opp}", cheer, end="bottom")
    f["taken"][pos] = f["taken"].get(pos, 0) + 1
    t.event("cheer_to_bottom", seat=opp, pos=pos, card=cheer, source=f["card"])
    return skill_opp_cheer_bottom.run(t, f)


@TEXTS.pattern(r"相手のセンターホロメンとコラボホロメンのエール(\d)枚ずつを好きな順でエールデッキの下に戻す。")
def _opp_cheer_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """悪魔的所業 (hBP03-005), in its 「ダウンした時に使える」 window."""
    return "skill_opp_cheer_bottom", {"count": int(m[1]), "positions": ["center", "collab"]}


# ------------------------------------------------------------------ more cheer and cards

@EFFECTS.effect("skill_archive_cheer_each", timing="ability", prompt="アーカイブのエールを送るホロメン（終えるならnull） / 送るエール")
def skill_archive_cheer_each(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールを自分の<holder>M～N人に1枚ずつ送る」: a holomem not yet sent to (null once M
    are), then which cheer (if they differ)."""
    pa = f["params"]
    done = f.setdefault("done", [])
    cheer = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"})
    targets = [p for p in K.holders(t, f, pa["holder"]) if p not in done]
    f["stage"] = "holomem"
    if len(done) >= pa["max"] or not cheer or not targets:
        return None
    return targets + ([None] if len(done) >= pa["min"] else [])


@skill_archive_cheer_each.answer
def _each_cheer(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "holomem":
        if choice is None:
            return None
        f["to"], f["stage"] = choice, "cheer"
        cheer = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"})
        if len(cheer) > 1:
            return cheer
        choice = cheer[0]
    t.p(f["seat"])["archive"].remove(choice)
    attach_cheer(t, f["seat"], f["to"], choice)
    f["done"].append(f["to"])
    return skill_archive_cheer_each.run(t, f)


@TEXTS.pattern(r"自分のアーカイブのエールを自分の(.+?)(\d)～(\d)人に1枚ずつ送る。")
def _archive_cheer_each(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """おさんぽスバル (hSD19-001: 「自分の〈大空スバル〉1～2人に1枚ずつ送る」)."""
    flt = K.holder_filter(m[1])
    if flt is None:
        return None
    return "skill_archive_cheer_each", {"min": int(m[2]), "max": int(m[3]), "holder": flt}


@EFFECTS.effect("skill_archive_cheer_to_one", timing="ability", prompt="エールを送るホロメン / 送るエール（終えるならnull）")
def skill_archive_cheer_to_one(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールM～N枚を自分の(エールが付いていない)<holder>1人に送る」: the holomem, then the
    cheer one at a time (null once M are sent)."""
    pa = f["params"]
    cheer = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"})
    if "to" not in f:
        targets = [p for p in K.holders(t, f, pa["holder"])
                   if not pa.get("no_cheer") or not t.holo(f["seat"], p)["cheer"]]
        f["stage"] = "holomem"
        if not targets or not cheer:
            return None
        return targets if len(targets) > 1 else _to_one(t, f, targets[0])
    f["stage"] = "cheer"
    f.setdefault("sent", 0)
    if f["sent"] >= pa["max"] or not cheer:
        return None
    return cheer + ([None] if f["sent"] >= pa["min"] else [])


@skill_archive_cheer_to_one.answer
def _to_one(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "holomem":
        f["to"] = choice
        return skill_archive_cheer_to_one.run(t, f)
    if choice is None:
        return None
    t.p(f["seat"])["archive"].remove(choice)
    attach_cheer(t, f["seat"], f["to"], choice)
    f["sent"] += 1
    return skill_archive_cheer_to_one.run(t, f)


@TEXTS.pattern(r"自分のアーカイブのエール(\d)～(\d)枚を自分の(エールが付いていない)?(.+?)1人に送る。")
def _archive_cheer_to_one(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """虎視眈々 (hSD11-001: 「…エール1～2枚を自分のエールが付いていない#FLOW GLOWを持つホロメン1人に送る」)."""
    flt = K.holder_filter(m[4])
    return ("skill_archive_cheer_to_one", {"min": int(m[1]), "max": int(m[2]), "holder": flt,
                                           **({"no_cheer": True} if m[3] else {})}) if flt is not None else None


@EFFECTS.effect("skill_search_to_stage", timing="ability", prompt="デッキから公開してステージに出すカード（終えるならnull）")
def skill_search_to_stage(t: Board, f: dict) -> Options:
    """「自分のデッキから、<Debutホロメンの〈名前〉>1～N枚を公開し、ステージに出す。そしてデッキをシャッフルする」: one
    at a time (each shown) to the back, while the stage has room, until N or null; shuffled once done."""
    seat, pa = f["seat"], f["params"]
    f.setdefault("done", 0)
    if f["done"] >= pa["max"] or t.stage_count(seat) >= E.MAX_STAGE:
        t.zones.shuffle(f"deck/{seat}")
        return None
    fits = [c for c in t.zones.may_contain(f"deck/{seat}") if E._matches(t, c, pa["filter"])]
    return fits + [None]


@skill_search_to_stage.answer
def _to_stage(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if choice is None:
        if not f["done"]:
            t.event("not_found", seat=seat, source=f["card"])
        t.zones.shuffle(f"deck/{seat}")
        return None
    card = t.zones.take(f"deck/{seat}", choice, t.rule_of(f["card"]), how="search")
    t.p(seat)["back"].append(t.new_holo(card))
    t.event("reveal", seat=seat, card=card, source=f["card"])
    f["done"] += 1
    return skill_search_to_stage.run(t, f)


@TEXTS.pattern(r"自分のデッキから、(Debut|1st|2nd|Spot)ホロメンの(〈[^〉]+〉)(?:1～)?(\d)枚を公開し、ステージに出す。そしてデッキをシャッフル"
               r"する。")
def _search_to_stage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ねねちの大・暴・走！ (hBP07-007: 「Debutホロメンの〈桃鈴ねね〉1～4枚」), 自由奔放な『追跡者』 (hSD13-002:
    「2ndホロメンの〈ジジ・ムリン〉2枚」, then rawlist's 「その後、」)."""
    return "skill_search_to_stage", {"max": int(m[3]), "filter": {"holomem": True, "level": LEVELS[m[1]],
                                                                  "names": [m[2][1:-1]]}}


@EFFECTS.effect("skill_discard_then", timing="ability", prompt="アーカイブする手札")
def skill_discard_then(t: Board, f: dict) -> Options:
    """「自分の手札N枚をアーカイブする。この能力でN枚アーカイブしたなら、<効果>」: N cards (all, if fewer), one at
    a time; the effect only if N went."""
    f.setdefault("paid", 0)
    if f["paid"] >= f["params"]["count"] or not t.p(f["seat"])["hand"]:
        if f["paid"] >= f["params"]["count"]:
            push(t, f, f["params"]["then"])
        return None
    return t.hand_cards(f["seat"])


@skill_discard_then.answer
def _discarded_then(t: Board, f: dict, choice: Any) -> Options:
    t.take_from_hand(f["seat"], choice, "archive", t.rule_of(f["card"]))
    E.archive_by(t, f, "hand", choice)
    t.event("discarded", seat=f["seat"], card=choice, source=f["card"])
    f["paid"] += 1
    return skill_discard_then.run(t, f)


@TEXTS.pattern(r"自分の手札(\d)枚をアーカイブする。この能力で\1枚アーカイブしたなら、(.+)")
def _discard_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ホイサホイサ (hBP08-005)."""
    then = spec(m[2])
    return ("skill_discard_then", {"count": int(m[1]), "then": then}) if then else None


@EFFECTS.effect("skill_special_front_not_debut", timing="ability")
def skill_special_front_not_debut(t: Board, f: dict) -> Options:
    """「相手のDebut以外の[センターホロメンとコラボホロメン]に特殊ダメージNを与える」: each of them not a Debut (the
    collab first, as ``special_damage``'s 「センターとコラボ」)."""
    opp = other(f["seat"])
    for pos in ("collab", "center"):
        h = t.holo(opp, pos)
        if h is not None and t.card(h["card"])["level"] != "debut":
            E.damage(t, opp, pos, f["params"]["amount"], source=f["card"], special=True)
    return None


@TEXTS.pattern(r"相手のDebut以外の\[センターホロメンとコラボホロメン\]に特殊ダメージ(\d+)を与える。")
def _special_front_not_debut(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "skill_special_front_not_debut", {"amount": int(m[1])}


@EFFECTS.effect("skill_if_stage_cheer", timing="ability")
def skill_if_stage_cheer(t: Board, f: dict) -> Options:
    """「自分のステージに<色>エールがあるなら、<効果>」 (checked when it resolves)."""
    if any(t.card(c)["colors"][0] == f["params"]["color"] for _, h in t.stage(f["seat"]) for c in h["cheer"]):
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分のステージに(.)エールがあるなら、(.+?。)(.)エールがあるなら、(.+)")
def _if_stage_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """みんなの笑顔はモココが守る！ (hBP08-003): each part checked in turn."""
    if m[1] not in COLOR_CHARS or m[3] not in COLOR_CHARS:
        return None
    first, second = spec(m[2]), spec(m[4])
    if not first or not second:
        return None
    return "sequence", {"steps": [
        {"effect": "skill_if_stage_cheer", "params": {"color": COLOR_CHARS[m[1]], "then": first}},
        {"effect": "skill_if_stage_cheer", "params": {"color": COLOR_CHARS[m[3]], "then": second}}]}


@EFFECTS.effect("skill_per_cheer_of", timing="ability")
def skill_per_cheer_of(t: Board, f: dict) -> Options:
    """「自分の<holder>全員の(<色>)エール1枚につき、自分のデッキを1枚引く / 自分のデッキの上から1枚をホロパワーに
    する」: counted now."""
    pa, seat = f["params"], f["seat"]
    n = sum(1 for p in K.holders(t, f, pa["holder"]) for c in t.holo(seat, p)["cheer"]
            if not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"])
    if n:
        push(t, f, {"effect": "draw" if pa["do"] == "draw" else "to_holopower", "params": {"count": n}})
    return None


@TEXTS.pattern(r"自分の(.+?)全員の(.)?エール1枚につき、(自分のデッキを1枚引く|自分のデッキの上から1枚をホロパワーにする)。")
def _per_cheer_of(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """HOPE and DESPAIR (hBP08-001), with rawlist's 「その後、」."""
    flt = K.holder_filter(m[1])
    if flt is None or (m[2] is not None and m[2] not in COLOR_CHARS):
        return None
    return "skill_per_cheer_of", {"holder": flt, **({"colors": [COLOR_CHARS[m[2]]]} if m[2] else {}),
                                  "do": "draw" if m[3].endswith("引く") else "holopower"}


@EFFECTS.effect("skill_roll_draw_to", timing="ability")
def skill_roll_draw_to(t: Board, f: dict) -> Options:
    """「このゲーム中に、自分のSP推しスキルを使っていたなら、サイコロを1回振る。自分の手札が出た目の数と同じになるまで、
    自分のデッキを引く」."""
    if not t.p(f["seat"]).get("sp_used"):
        return None
    face = E.roll(t, f["seat"], f["card"], E.R_DICE)
    want = face - len(t.p(f["seat"])["hand"])
    if want > 0:
        push(t, f, {"effect": "draw", "params": {"count": want}})
    return None


@TEXTS.pattern(r"このゲーム中に、自分のSP推しスキルを使っていたなら、サイコロを1回振る。自分の手札が出た目の数と同じになるまで、自分のデッキを"
               r"引く。")
def _roll_draw_to(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """混沌の化身 (hBP06-005)."""
    return "skill_roll_draw_to", {}


@EFFECTS.effect("skill_search_like_collab", timing="ability")
def skill_search_like_collab(t: Board, f: dict) -> Options:
    """「自分のデッキから、自分のコラボホロメンと同じカード名のホロメン1枚を公開し、手札に加える。そしてデッキを
    シャッフルする」: ``search_deck`` of the collab holomem's name now (none there: the deck is still
    searched, nothing fits)."""
    collab = t.p(f["seat"])["collab"]
    names = sorted(names_of(t, collab["card"])) if collab else ["\u0000"]
    push(t, f, {"effect": "search_deck", "params": {"filter": {"holomem": True, "names": names}}})
    return None


@TEXTS.pattern(r"自分のデッキから、自分のコラボホロメンと同じカード名のホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。")
def _search_like_collab(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """BIG CAT means… (hBP06-001), behind rawlist's 「自分のセンターホロメンが〈…〉なら、」."""
    return "skill_search_like_collab", {}



@EFFECTS.effect("skill_archive_to_stage", timing="ability", prompt="アーカイブからステージに出すホロメン / 送るエール（終えるならnull）")
def skill_archive_to_stage(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>のホロメン1枚をステージに出す。その後、自分のアーカイブのエールM～N枚をそのホロメンに
    送る」: which holomem (to the back, room allowing), then archived cheer one at a time to it (null
    once M are sent)."""
    pa, seat = f["params"], f["seat"]
    if "to" not in f:
        f["stage"] = "holomem"
        fits = sorted({c for c in t.p(seat)["archive"] if E._matches(t, c, pa["filter"])})
        if not fits or t.stage_count(seat) >= E.MAX_STAGE:
            return None
        return fits if len(fits) > 1 else _to_stage_from_archive(t, f, fits[0])
    f["stage"] = "cheer"
    f.setdefault("sent", 0)
    h = t.holo(seat, f["to"])
    cheer = sorted({c for c in t.p(seat)["archive"] if t.card(c)["kind"] == "cheer"})
    if h is None or h["card"] != f["put"] or f["sent"] >= pa["max"] or not cheer:
        return None
    return cheer + ([None] if f["sent"] >= pa["min"] else [])


@skill_archive_to_stage.answer
def _to_stage_from_archive(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "holomem":
        t.p(seat)["archive"].remove(choice)
        t.p(seat)["back"].append(t.new_holo(choice))
        f["to"], f["put"] = f"back{len(t.p(seat)['back']) - 1}", choice
        t.event("to_stage", seat=seat, card=choice, source=f["card"])
        return skill_archive_to_stage.run(t, f)
    if choice is None:
        return None
    t.p(seat)["archive"].remove(choice)
    attach_cheer(t, seat, f["to"], choice)
    f["sent"] += 1
    return skill_archive_to_stage.run(t, f)


@TEXTS.pattern(r"自分のアーカイブの(.+?)1枚をステージに出す。その後、自分のアーカイブのエール(\d)～(\d)枚をそのホロメンに送る。")
def _archive_to_stage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """JUST LIKE THAT (hSD13-001: 「#Justiceを持つホロメン1枚をステージに出す。その後、…エール1～5枚をそのホロメンに」)."""
    flt = K.card_filter(m[1])
    if flt is None or not flt.get("holomem"):
        return None
    return "skill_archive_to_stage", {"filter": flt, "min": int(m[2]), "max": int(m[3])}


@EFFECTS.effect("skill_cheer_search_spread", timing="ability", prompt="エールデッキから公開して送るエール（終えるならnull） / 送るホロメン")
def skill_cheer_search_spread(t: Board, f: dict) -> Options:
    """「自分のエールデッキから、エール1～N枚を公開し、自分の<holder>に割り振って送る。そしてエールデッキを
    シャッフルする」: one cheer at a time (each shown; the cheer deck's unseen cards are the life's too,
    as ``cheer_search``), then where; until N or null; shuffled once done."""
    seat, pa = f["seat"], f["params"]
    f.setdefault("sent", 0)
    f["stage"] = "cheer"
    if f["sent"] >= pa["max"] or t.cheer_deck_size(seat) <= 0 or not K.holders(t, f, pa["holder"]):
        t.zones.shuffle(f"cheer/{seat}")
        return None
    return sorted(set(t.zones.may_contain(f"cheer/{seat}"))) + [None]


@skill_cheer_search_spread.answer
def _cheer_spread(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "cheer":
        if choice is None:
            t.zones.shuffle(f"cheer/{seat}")
            return None
        f["cheer"] = t.zones.take(f"cheer/{seat}", choice, t.rule_of(f["card"]), how="search")
        t.event("reveal", seat=seat, card=f["cheer"], source=f["card"])
        f["stage"] = "holomem"
        targets = K.holders(t, f, f["params"]["holder"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    attach_cheer(t, seat, choice, f["cheer"])
    f["sent"] += 1
    return skill_cheer_search_spread.run(t, f)


@EFFECTS.effect("skill_if_stages_cheer", timing="ability")
def skill_if_stages_cheer(t: Board, f: dict) -> Options:
    """「お互いのステージのエールが合計N枚以上あるなら、<効果>」."""
    n = sum(len(h["cheer"]) for seat in (f["seat"], other(f["seat"])) for _, h in t.stage(seat))
    if n >= f["params"]["n"]:
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"お互いのステージのエールが合計(\d+)枚以上あるなら、自分のエールデッキから、エール1～(\d)枚を公開し、自分の(.+?)に割り振って"
               r"送る。そしてエールデッキをシャッフルする。")
def _twin_moons(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """双月の斉唱 (hBP06-006)."""
    flt = K.holder_filter(m[3])
    if flt is None:
        return None
    return "skill_if_stages_cheer", {"n": int(m[1]), "then": {"effect": "skill_cheer_search_spread",
                                                              "params": {"max": int(m[2]), "holder": flt}}}


@EFFECTS.effect("skill_attach_archive_any", timing="ability", prompt="アーカイブから付けるカード（終えるならnull） / 付けるホロメン")
def skill_attach_archive_any(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>を好きな枚数選び、自分の<holder>1人に付ける(割り振って付けられる)」: a card (null:
    no more) that a holomem of the holder may take (as if played), then where (``one``: all to the first
    holomem chosen); with ``bonus``: 「K枚以上付けたなら、このターンの間、そのホロメンのアーツ+N」."""
    pa, seat = f["params"], f["seat"]
    f.setdefault("done", 0)
    f["stage"] = "card"
    fits = sorted({c for c in t.p(seat)["archive"] if t.card(c)["support"] in ("tool", "mascot", "fan")
                   and E._matches(t, c, pa["filter"]) and _attach_places(t, f, c)})
    if not fits:
        return _attach_any_done(t, f)
    return fits + [None]


ONLY = re.compile(r"この(?:ファン|マスコット|ツール)は、自分の((?:〈[^〉]+〉か)*〈[^〉]+〉)だけに付けられ")


def attachable(t: Board, card: str, h: dict) -> bool:
    """``K.attach_ok``, and a 「…は、自分の〈名前〉だけに付けられ」 read from the printed text too (a card whose
    other text is resolved by hand keeps its restriction)."""
    m = ONLY.search(re.sub(r"\s+", "", " ".join(a["text"] for a in t.card(card)["abilities"])))
    if m and not set(re.findall(r"〈([^〉]+)〉", m[1])) & names_of(t, h["card"]):
        return False
    return K.attach_ok(t, card, h)


def _attach_places(t: Board, f: dict, card: str) -> list[str]:
    if f.get("to"):
        h = t.holo(f["seat"], f["to"])
        return [f["to"]] if h is not None and attachable(t, card, h) else []
    return [p for p in K.holders(t, f, f["params"]["holder"]) if attachable(t, card, t.holo(f["seat"], p))]


def _attach_any_done(t: Board, f: dict) -> Options:
    bonus = f["params"].get("bonus")
    if bonus and f["done"] >= bonus["min"] and f.get("to"):
        h = t.holo(f["seat"], f["to"])
        h["mods"]["arts"] += bonus["amount"]
        t.event("boost", seat=f["seat"], pos=f["to"], amount=bonus["amount"], card=f["card"])
    return None


@skill_attach_archive_any.answer
def _attached_any(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "card":
        if choice is None:
            return _attach_any_done(t, f)
        f["attach"], f["stage"] = choice, "holomem"
        places = _attach_places(t, f, choice)
        if len(places) > 1:
            return places
        choice = places[0]
    t.p(f["seat"])["archive"].remove(f["attach"])
    t.holo(f["seat"], choice)["attached"].append(f["attach"])
    t.event("attached", seat=f["seat"], pos=choice, card=f["attach"], source=f["card"])
    f["done"] += 1
    if f["params"].get("one"):
        f["to"] = choice
    return skill_attach_archive_any.run(t, f)


@TEXTS.pattern(r"自分のアーカイブの(.+?)を好きな枚数選び、自分の(.+?)(1人に付ける|に割り振って付けられる)。(?:(\d)枚以上付けたなら、このターンの間、"
               r"そのホロメンのアーツ\+(\d+)。)?")
def _attach_archive_any(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """不可能なんてないんだから！ (hBP07-002: 「[マスコットとファン]を好きな枚数選び、自分の#ID3期生を持つホロメン1人に
    付ける。3枚以上付けたなら、…アーツ+100」), ボクの『高性能っぷり』… (hBP06-007: 「〈ろぼさー〉を好きな枚数選び、
    自分の〈ロボ子さん〉に割り振って付けられる」)."""
    kinds = re.fullmatch(r"\[(マスコット|ファン|ツール)と(マスコット|ファン|ツール)\]", m[1])
    flt = {"any_of": [SUPPORT_KINDS[kinds[1]], SUPPORT_KINDS[kinds[2]]]} if kinds else K.card_filter(m[1])
    to = K.holder_filter(m[2])
    if flt is None or to is None or (m[4] and m[3] != "1人に付ける"):
        return None
    return "skill_attach_archive_any", {"filter": flt, "holder": to, **({"one": True} if m[3] == "1人に付ける" else {}),
                                        **({"bonus": {"min": int(m[4]), "amount": int(m[5])}} if m[4] else {})}


@EFFECTS.effect("skill_opp_life", timing="ability")
def skill_opp_life(t: Board, f: dict) -> Options:
    """「相手のライフ-N」: N of the opponent's life taken (each as a down's ③: attached to its holomem)."""
    for _ in range(f["params"]["count"]):
        t.s["stack"].append(frame("take_life", other(f["seat"]), None, "effect"))
    return None


@TEXTS.pattern(r"相手のライフ-(\d)。")
def _opp_life(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "skill_opp_life", {"count": int(m[1])}


@TEXTS.pattern(r"自分のデッキの枚数が(\d+)枚以下で、自分の(.+?)が相手の(センター)?ホロメンをダウンさせた時に使える:(.+)")
def _ko_deck_low(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """生き抜いていくんです！ (hBP06-002: 「自分のデッキの枚数が5枚以下で、自分の#FLOW GLOWを持つホロメンが相手の
    センターホロメンをダウンさせた時に使える:相手のライフ-1」)."""
    flt = K.holder_filter(m[2])
    then = spec(m[4])
    if flt is None or then is None:
        return None
    return "skill_window", {"moment": "ko", "dealer": {"holder": flt}, **({"center": True} if m[3] else {}),
                            "deck_max": int(m[1]), "then": then}


@EFFECTS.effect("skill_cheer_to_buzz", timing="ability", prompt="エールを送るホロメン")
def skill_cheer_to_buzz(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上から1枚を自分の[BuzzホロメンかBuzzホロメンからBloomしている〈名前〉]に送る」: a Buzz
    holomem, or one of that name with a Buzz holomem under it; the cheer turned up (everyone sees it)."""
    seat, names = f["seat"], set(f["params"]["names"])
    targets = [p for p, h in t.stage(seat) if t.card(h["card"])["kind"] == "buzz"
               or (names & names_of(t, h["card"]) and any(t.card(c)["kind"] == "buzz" for c in h["stack"]))]
    if t.cheer_deck_size(seat) <= 0 or not targets:
        return None
    f["cheer"] = t.reveal_cheer(seat, "cheer", t.rule_of(f["card"]))
    t.event("cheer_up", seat=seat, card=f["cheer"])
    return targets if len(targets) > 1 else _cheer_to_buzz(t, f, targets[0])


@skill_cheer_to_buzz.answer
def _cheer_to_buzz(t: Board, f: dict, choice: Any) -> Options:
    attach_cheer(t, f["seat"], choice, f["cheer"])
    return None


@TEXTS.pattern(r"自分のエールデッキの上から1枚を自分の\[BuzzホロメンかBuzzホロメンからBloomしている〈([^〉]+)〉\]に送る。")
def _cheer_to_buzz_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """迷ったらまず実行！ (hBP06-003)."""
    return "skill_cheer_to_buzz", {"names": [m[1]]}


@EFFECTS.effect("skill_search_secret", timing="ability", prompt="デッキから手札に加えるカード", secret=True)
def skill_search_secret(t: Board, f: dict) -> Options:
    """「自分のデッキから、カード1枚を手札に加える。そしてデッキをシャッフルする」: any card, not shown (山札: 好きな
    カードを手札に加える場合は相手プレイヤーに確認させない; a secret choice), or null (none left)."""
    if t.deck_size(f["seat"]) == 0:
        return None
    return sorted(set(t.zones.may_contain(f"deck/{f['seat']}"))) + [None]


@skill_search_secret.answer
def _searched_secretly(t: Board, f: dict, choice: Any) -> Options:
    seat, pile = f["seat"], f"deck/{f['seat']}"
    if choice is not None:
        t.p(seat)["hand"].append(t.zones.take(pile, choice, t.rule_of(f["card"]), how="search"))
        t.event("searched", seat=seat, source=f["card"])
    t.zones.shuffle(pile)
    return None


@TEXTS.pattern(r"自分のデッキから、カード1枚を手札に加える。そしてデッキをシャッフルする。")
def _search_secret(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """おまつりわっしょーい！！！ (hBP06-008)."""
    return "skill_search_secret", {}


@EFFECTS.effect("skill_roll_life", timing="ability")
def skill_roll_life(t: Board, f: dict) -> Options:
    """「サイコロを1回振る。出た目の数が自分のライフ以上なら、<効果>。出た目の数が自分のライフ以下なら、<効果>」: the
    die (``roll_then``, not optional) against the life as it resolves; an equal face does both."""
    life = t.p(f["seat"])["life"]
    branches = [{"faces": [d for d in E.DIE if d >= life], "then": f["params"]["ge"]},
                {"faces": [d for d in E.DIE if d <= life], "then": f["params"]["le"]}]
    push(t, f, {"effect": "roll_then", "params": {"optional": False, "branches": branches}})
    return None


@TEXTS.pattern(r"サイコロを1回振る。出た目の数が自分のライフ以上なら、(.+?。)出た目の数が自分のライフ以下なら、(.+)")
def _roll_life(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """おまつりわっしょーい！！！ (hBP06-008)."""
    ge, le = spec(m[1]), spec(m[2])
    return ("skill_roll_life", {"ge": ge, "le": le}) if ge and le else None


@EFFECTS.effect("skill_cheer_to_resting", timing="ability", prompt="エールを送るお休みしているホロメン")
def skill_cheer_to_resting(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚を自分のお休みしている<holder>に割り振って送る。その後、この能力でエールを送られた
    ホロメン全員をアクティブにする」: each card turned up (everyone sees it) and sent to one of those resting
    holomem; then every one that got one is made active."""
    seat, pa = f["seat"], f["params"]
    f.setdefault("sent", 0)
    f.setdefault("got", [])
    targets = [p for p in K.holders(t, f, pa["holder"]) if t.holo(seat, p)["rested"]]
    if f["sent"] >= pa["count"] or t.cheer_deck_size(seat) <= 0 or not targets:
        for pos in f["got"]:
            t.holo(seat, pos)["rested"] = False
            t.event("woken", seat=seat, pos=pos, card=t.holo(seat, pos)["card"], source=f["card"])
        return None
    f["cheer"] = t.reveal_cheer(seat, "cheer", t.rule_of(f["card"]))
    t.event("cheer_up", seat=seat, card=f["cheer"])
    return targets if len(targets) > 1 else _to_resting(t, f, targets[0])


@skill_cheer_to_resting.answer
def _to_resting(t: Board, f: dict, choice: Any) -> Options:
    attach_cheer(t, f["seat"], choice, f["cheer"])
    f["sent"] += 1
    if choice not in f["got"]:
        f["got"].append(choice)
    return skill_cheer_to_resting.run(t, f)


@TEXTS.pattern(r"自分のエールデッキの上から(\d)枚を自分のお休みしている(.+?)に割り振って送る。その後、この能力でエールを送られたホロメン"
               r"全員をアクティブにする。")
def _cheer_to_resting(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """SPIN TO WIN! (hBP08-002)."""
    flt = K.holder_filter(m[2])
    return ("skill_cheer_to_resting", {"count": int(m[1]), "holder": flt}) if flt is not None else None
