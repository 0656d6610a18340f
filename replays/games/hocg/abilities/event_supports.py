"""Events, items and staff played from the hand (issue 19): the shapes of their bodies the other
families do not read, and the conditions they state.

Play conditions (refused by ``rules.Support.check`` through ``supports.refusal``: ``supports.CONDITIONS``
and ``PLAY_TESTS``, added here): 「直前の相手のターンに自分のホロメンがダウンしていて、…」 (a 「…ていて、」
join is read as 「…で、」), 「自分のコラボホロメンがいるか、相手のコラボホロメンがいない」, 「お互いのセンター
ホロメンが2ndホロメン」. Conditions inside a text are ``arts``' (``condition``, ``JOINED``, ``MORE_TESTS``),
a few added: 「<A>ていて、<B>なら」 (both), 「自分のライフが相手より少ない」 inside such a join, the stage's
cheer or holomem fewer than the opponent's, an empty cheer deck, the holomem of a name downed in the
opponent's last turn (``effects.check_downs``' ``downed_cards``).

Rulings (judge's choice where the card and the rulebook are silent; the official Q&A names none of these):

- ドッキリうさぎ (hBP06-088): a centre moved to the back leaves the centre empty till the opponent's reset
  step fills it (as ``rules.start_turn`` does); with a full back row (5) the holomem rests where it is.
- フロンティアスピリット (hBP07-100): the card played counts itself: ``rules.Support`` puts it in the archive
  before its effect resolves.
- ちゃま旅 (hBP07-096) 「このターンの間、自分の〈赤井はあと〉全員の…」 and the other 「全員」 bonuses: the holomem
  on the stage as the text resolves.
- クロスインパクト (hBP07-095) 「お互いにサイコロを1回振る」: the user's die first; the opponent's is no
  ability of the opponent's (no card of its is named for the die's hooks).
- HOLOTORI (hBP08-099) 「以下の能力から1つを選んで使う」: either ■ may be chosen, even one that would do nothing.
- 破滅の呪文 (hBP08-095): the opponent's holomem are hit first, then the user's own (no 「相手から」 modifier
  applies to those).
- Orders a player picks (「好きな順でデッキの下に戻す / デッキの上に戻す」) are choices of every order.
"""
from __future__ import annotations

import re
from itertools import permutations, product
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import arts, supports
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.abilities.keywords import holder_filter, holders
from kifu.replays.games.hocg.abilities.oshi_skills_turn import left_to_deck
from kifu.replays.games.hocg.abilities.supports_attached import (
    holomem_filter,
    holomem_fits,
)
from kifu.replays.games.hocg.effects import (
    EFFECTS,
    Options,
    _matches,
    attach_cheer,
    names_of,
    own_holo_of,
    push,
)
from kifu.replays.games.hocg.state import Board, needs, other
from kifu.replays.kit import ALL, frame

TEXTS = Texts()


# ------------------------------------------------------------------ conditions inside a text

@arts.condition(r"(.+?)ていて、(.+)")
def _and_then(m):
    """「<A>ていて、<B>なら」: both (「直前の相手のターンに自分のホロメンがダウンしていて、…」)."""
    a = arts._condition(m[1] + "ていたなら", True)
    b = a and arts._condition(m[2], True)
    return b and {"test": "all", "tests": [a, b]}


@arts.condition(r"自分のステージの(エールの枚数|ホロメン)が相手より少ない(?:なら|時)")
def _fewer_than_opponent(m):
    """山田ルイ54世 (hBP06-093: 「自分のステージのエールの枚数が相手より少ないなら」), We are ReGLOSS (hBP08-101:
    「自分のステージのホロメンが相手より少ないなら」)."""
    return {"test": "fewer_stage_cheer" if m[1].startswith("エール") else "fewer_stage_holomem"}


@arts.condition(r"自分のエールデッキの枚数が0枚(?:なら|の時)")
def _cheer_deck_empty(m):
    """IDENTIFY -AREA 15- (hBP06-095)."""
    return {"test": "cheer_deck_empty"}


def _stage_cheer(t: Board, seat: str) -> int:
    return sum(len(h["cheer"]) for _, h in t.stage(seat))


arts.MORE_TESTS.update(
    fewer_stage_cheer=lambda t, f, pa: _stage_cheer(t, f["seat"]) < _stage_cheer(t, other(f["seat"])),
    fewer_stage_holomem=lambda t, f, pa: t.stage_count(f["seat"]) < t.stage_count(other(f["seat"])),
    cheer_deck_empty=lambda t, f, pa: t.cheer_deck_size(f["seat"]) == 0)


@arts.condition(r"直前の相手のターンにダウンしていた自分のホロメンが〈([^〉]+)〉(?:なら|の時)")
def _downed_name(m):
    """ブヒー！ (hBP07-099)."""
    return {"test": "downed_name_last_opp_turn", "name": m[1]}


def _downed_name_test(t: Board, f: dict, pa: dict) -> bool:
    """One's holomem of that name went down in the opponent's turn just before (the cards ``effects.check_downs``
    lists in that turn's ``used``)."""
    opp = other(f["seat"])
    downed = t.p(opp)["used"].get("downed_cards", ())
    return t.s["active"] == f["seat"] and any(pa["name"] in names_of(t, c) for c in downed)


arts.MORE_TESTS["downed_name_last_opp_turn"] = _downed_name_test


arts.JOINED.append((re.compile(r"自分のライフが相手(?:のライフ)?より少ない(?:なら|時)"),
                    lambda m: {"test": "life_below_opponent"}))
arts.MORE_TESTS["life_below_opponent"] = lambda t, f, pa: t.p(f["seat"])["life"] < t.p(other(f["seat"]))["life"]


# ------------------------------------------------------------------ play conditions (``supports.refusal``)

def _play_test(regex: str, test: str):
    """A play condition 「このカードは、<regex>(で、…)時にしか使えない / でなければ使えない」 refused by ``check``."""
    def register(why):
        supports.CONDITIONS.append((re.compile(regex), lambda m: {"test": test}))
        supports.PLAY_TESTS[test] = why
        return why
    return register


@_play_test(r"直前の相手のターンに自分のホロメンがダウンしてい(?:た)?", "downed_last_opp_turn")
def _downed_play(t: Board, seat: str, need: dict) -> str | None:
    """ドッキリうさぎ (hBP06-088): the opponent's ``used["downed_other"]``, kept till its next turn."""
    if t.s["active"] == seat and t.p(other(seat))["used"].get("downed_other"):
        return None
    return "「直前の相手のターンに自分のホロメンがダウンしていて…時にしか使えない」: none went down"


@_play_test(r"自分のコラボホロメンがいるか、相手のコラボホロメンがいない", "collab_or_none_opposite")
def _collab_or_none(t: Board, seat: str, need: dict) -> str | None:
    """ワークアウト (hBP06-094)."""
    if t.p(seat)["collab"] is not None or t.p(other(seat))["collab"] is None:
        return None
    return "「自分のコラボホロメンがいるか、相手のコラボホロメンがいない時にしか使えない」: only the opponent has one"


@_play_test(r"お互いのセンターホロメンが2ndホロメン", "both_centres_2nd")
def _both_centres_2nd(t: Board, seat: str, need: dict) -> str | None:
    """クロスインパクト (hBP07-095)."""
    if all((h := t.p(x)["center"]) is not None and t.card(h["card"])["level"] == "2nd" for x in (seat, other(seat))):
        return None
    return "「お互いのセンターホロメンが2ndホロメンでなければ使えない」"


# ------------------------------------------------------------------ plain steps

@TEXTS.pattern(r"自分のホロメンのHP(\d+)回復。")
def _heal_one(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ごきげんカレー (hSD19-010): 「自分のホロメンのHP30回復。」: one holomem (as 「自分のホロメン1人の…」)."""
    return "heal", {"amount": int(m[1]), "target": "choose"}


@TEXTS.pattern(r"アーカイブのエール(\d)枚を自分のホロメン1人に送る。")
def _archive_cheer_one(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """み俺恥 (hBP05-079): 「アーカイブのエール1枚を自分のホロメン1人に送る」 (its own archive's)."""
    return "archive_cheer", {"count": int(m[1]), "optional": False, "to": "choose"}


# ------------------------------------------------------------------ a search, two of one name

@TEXTS.pattern(r"自分のデッキから、同じカード名の\[(.+?)と(.+?)\]1枚ずつと(.+?)1枚を公開し、(?:公開したカードを)?手札に加える。"
               r"そしてデッキをシャッフルする。")
def _search_pair_and(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """フェイバリットパソコン (hBP06-085): 「自分のデッキから、同じカード名の[DebutホロメンとBuzzホロメン]1枚ずつと
    #Buzzグッズを持つサポートカード1枚を公開し、公開したカードを手札に加える。…」."""
    slots = [_card_desc(w) for w in (m[1], m[2], m[3])]
    return None if None in slots else ("search_named_slots", {"slots": slots, "same_name": [0, 1]})


def _card_desc(what: str) -> dict | None:
    """A card 「<what>」 names, for a search: 「Buzzホロメン」 (its kind) and what a look reads."""
    from kifu.replays.games.hocg import (
        rawlist,  # loaded by then: it reads this module's texts
    )
    if what == "Buzzホロメン":
        return {"kind": "buzz"}
    if what == "Debutホロメン":  # no Buzz is a Debut, but its kind says so
        return {"kind": "holomem", "level": "debut"}
    return rawlist._look_filter(what)


def named_assignable(t: Board, cards: list[str], pa: dict) -> bool:
    """``cards`` each fill a different slot (「1枚ずつ」), those of ``same_name`` sharing a card name."""
    slots, same = pa["slots"], pa.get("same_name", ())
    for perm in permutations(range(len(slots)), len(cards)):
        if not all(_matches(t, c, slots[i]) for c, i in zip(cards, perm)):
            continue
        named = [names_of(t, c) for c, i in zip(cards, perm) if i in same]
        if not named or set.intersection(*map(set, named)):
            return True
    return False


@EFFECTS.effect("search_named_slots", timing="ability", prompt="デッキから公開して手札に加えるカード（終えるならnull）")
def search_named_slots(t: Board, f: dict) -> Options:
    """「自分のデッキから、同じカード名の[AとB]1枚ずつとC1枚を公開し、…手札に加える。そしてデッキをシャッフル
    する」: one card at a time that still leaves each its own kind (A and B of one name); null ends it."""
    f.setdefault("taken", [])
    pile = f"deck/{f['seat']}"
    return supports.slots_left(t, f, sorted(c for c in t.zones.may_contain(pile)
                                            if named_assignable(t, f["taken"] + [c], f["params"])))


@search_named_slots.answer
def _named_found(t: Board, f: dict, choice: Any) -> Options:
    return supports.slot_taken(t, f, choice, search_named_slots)


# ------------------------------------------------------------------ the opponent's front holomem to the back

@TEXTS.pattern(r"相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンをお休みさせてバックポジションに移動させる。"
               r"(選んだホロメンは、次の相手のリセットステップでアクティブにならない。)?")
def _opp_front_to_back(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "opp_front_to_back", {"no_wake": bool(m[1])}


@EFFECTS.effect("opp_front_to_back", timing="ability", prompt="お休みさせてバックポジションに移動させる相手のホロメン")
def opp_front_to_back(t: Board, f: dict) -> Options:
    """「相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンをお休みさせてバックポジションに移動させる。
    選んだホロメンは、次の相手のリセットステップでアクティブにならない。」: the user names it."""
    options = [p for p in ("center", "collab") if t.holo(other(f["seat"]), p) is not None]
    if len(options) <= 1:
        return _front_to_back(t, f, options[0]) if options else None
    return options


@opp_front_to_back.answer
def _front_to_back(t: Board, f: dict, choice: Any) -> Options:
    """Rested and moved to the back (a centre so left empty is filled at the opponent's reset step, as the
    rules fill one: ``rules.start_turn``); with the back row full (5) it rests where it is. Not woken at that
    reset step (``no_wake``, read once by ``rules.start_turn``)."""
    opp = other(f["seat"])
    h = t.holo(opp, choice)
    h["rested"] = True
    if f["params"].get("no_wake"):
        h["no_wake"] = True
    if len(t.p(opp)["back"]) < 5:
        h = t.remove_holo(opp, choice)
        t.p(opp)["back"].append(h)
        t.event("to_back", seat=opp, card=h["card"], pos=choice, source=f["card"])
    else:
        t.event("rested", seat=opp, card=h["card"], pos=choice, source=f["card"])
    return None


# ------------------------------------------------------------------ a chosen holomem's boost, more for some

def holomem_kinds(desc: str) -> dict | None:
    """「Buzzホロメンか2ndホロメン」 and the like: a card filter (``effects._matches``)."""
    out = []
    for word in desc.split("か"):
        m = re.fullmatch(r"(Debut|1st|2nd|Buzz)ホロメン", word)
        if m is None:
            return None
        out.append({"kind": "buzz"} if m[1] == "Buzz" else {"holomem": True, "level": m[1].lower()})
    return out[0] if len(out) == 1 else {"either": out}


@TEXTS.pattern(r"このターンの間、自分の(?:ステージの)?(.+?)1人のアーツ\+(\d+)。そのホロメンが(.+?)なら、かわりに、そのホロメンの"
               r"アーツ\+(\d+)。")
def _pick_boost_kind(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ワークアウト (hBP06-094): 「このターンの間、自分のステージのホロメン1人のアーツ+20。そのホロメンがBuzzホロメンか
    2ndホロメンなら、かわりに、そのホロメンのアーツ+50。」"""
    flt, kind = holomem_filter(m[1]), holomem_kinds(m[3])
    if flt is None or kind is None:
        return None
    return "pick_then", {"filter": flt, "steps": [{"effect": "boost_self_kind", "params": {
        "amount": int(m[2]), "kind": kind, "more": int(m[4])}}]}


@EFFECTS.effect("boost_self_kind", timing="ability")
def boost_self_kind(t: Board, f: dict) -> Options:
    """「このターンの間、このホロメンのアーツ+N。そのホロメンが<種類>なら、かわりに、アーツ+M」: its card now."""
    pos = own_holo_of(t, f)
    if pos is None:
        return None
    h, pa = t.holo(f["seat"], pos), f["params"]
    amount = pa["more"] if _matches(t, h["card"], pa["kind"]) else pa["amount"]
    h["mods"]["arts"] += amount
    t.event("boost", seat=f["seat"], pos=pos, amount=amount, card=f["card"])
    return None


# ------------------------------------------------------------------ this turn, a down dealt takes one more life

@TEXTS.pattern(r"このターンの間、自分の(.+?)が相手の(センター)?ホロメンをダウンさせた時、相手のライフ-(\d)。")
def _ko_life_turn(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """IDENTIFY -AREA 15- (hBP06-095): 「このターンの間、自分の#ID1期生を持つホロメンが相手のセンターホロメンをダウン
    させた時、相手のライフ-1。」"""
    flt = holomem_filter(m[1])
    return None if flt is None else ("ko_life_turn", {"filter": flt, "center": bool(m[2]), "count": int(m[3])})


@EFFECTS.effect("ko_life_turn", timing="ability")
def ko_life_turn(t: Board, f: dict) -> Options:
    """Kept in the seat's ``used`` (this turn's: cleared at its next turn), read by ``_ko_life`` (``KO_HOOKS``)."""
    t.p(f["seat"])["used"].setdefault("ko_life", []).append(dict(f["params"]))
    t.event("lasting", seat=f["seat"], modifier="ko_life", source=f["card"])
    return None


@needs("ko_life_turn")
def _ko_life(t: Board, by: dict | None, downed: list[str]) -> list[dict]:
    """A holomem of the seat's that fits downed the opponent's (centre) holomem: the opponent's life -N, after the
    down's own lives (a ``take_life`` each, as 「相手のライフ-1」 takes them)."""
    if not by or not by.get("card"):
        return []
    out = []
    for rec in t.p(by["seat"])["used"].get("ko_life", ()):
        if (not rec["center"] or "center" in downed) and holomem_fits(t, {"card": by["card"]}, rec["filter"]):
            out += [frame("take_life", other(by["seat"]), None, "effect") for _ in range(rec["count"])]
    return out


E.KO_HOOKS.append(_ko_life)


# ------------------------------------------------------------------ one holomem of each of two names

@TEXTS.pattern(r"自分の\[〈([^〉]+)〉と〈([^〉]+)〉\]1人ずつを選ぶ。(.+)")
def _pick_each(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """2人あわせてラムダック！ (hBP06-096): 「自分の[〈角巻わため〉と〈大空スバル〉]1人ずつを選ぶ。自分のアーカイブのエールを
    選んだホロメンに1枚ずつ送る。その後、このターンの間、選んだホロメンのアーツ+20。」: each sentence read for each
    chosen holomem as its own (「このホロメン」), every chosen one's first sentence before the next sentence."""
    sentences = re.findall(r"[^。]+。", m[3])
    if "".join(sentences) != m[3]:
        return None
    steps = []
    for sentence in sentences:
        sentence = re.sub(r"^その後、", "", sentence)
        sentence = re.sub(r"(.+?)のエールを選んだホロメンに(\d)枚ずつ送る。", r"\1のエール\2枚をこのホロメンに送る。", sentence)
        step = spec(sentence.replace("選んだホロメン", "このホロメン"))
        if step is None or EFFECTS[step["effect"]].timing != "ability":
            return None
        steps.append(step)
    return "pick_each_then", {"filters": [{"name": m[1]}, {"name": m[2]}], "steps": steps}


@EFFECTS.effect("pick_each_then", timing="ability", prompt="選ぶホロメン（1人ずつ）")
def pick_each_then(t: Board, f: dict) -> Options:
    """One holomem of each filter (a list of positions, in the filters' order); with none of one kind on the stage,
    those of the other alone."""
    seat = f["seat"]
    each = [[p for p, h in t.stage(seat) if holomem_fits(t, h, flt)] for flt in f["params"]["filters"]]
    present = [ps for ps in each if ps]
    options = [list(c) for c in product(*present) if len(set(c)) == len(c)]
    if len(options) <= 1:
        return _picked_each(t, f, options[0]) if options and options[0] else None
    return options


@pick_each_then.answer
def _picked_each(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    frames = []
    for step in f["params"]["steps"]:
        for pos in choice:
            card = t.holo(seat, pos)["card"]
            frames.append(frame(step["effect"], seat, card, f["origin"], step["params"], pos=pos))
    for pos in choice:
        t.event("picked", seat=seat, pos=pos, card=t.holo(seat, pos)["card"], source=f["card"])
    t.s["stack"].extend(reversed(frames))
    return None


# ------------------------------------------------------------------ 「<…>する。<…>したなら、<効果>」

@TEXTS.pattern(r"自分の(.+?)のエール1枚をアーカイブする。アーカイブしたなら、(.+)")
def _archive_holo_cheer_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """HOLOTORI (hBP08-099): 「自分の#トリを持つホロメンのエール1枚をアーカイブする。アーカイブしたなら、…」: the cost
    form (``cost_holo_cheer``) that may not be declined (``must``)."""
    flt, then = holder_filter(m[1]), spec(m[2])
    if flt is None or then is None:
        return None
    return "cost_holo_cheer", {"holder": flt, "then": then, "must": True}


#: what grows when 「<…>したなら」's step did what it says (events are a step's own: a pending decision between)
DONE_MEASURES = {"付け": lambda t, seat: sum(len(h["attached"]) for _, h in t.stage(seat))}


@TEXTS.pattern(r"(?!このカードは、)(.+?。)(付け)たなら、(.+)")
def _then_if_done(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ライブスタッフ (hBP07-091): 「自分のアーカイブのファン1枚を自分のホロメンに付ける。付けたなら、<効果>」."""
    first, then = spec(m[1]), spec(m[3])
    if first is None or then is None:
        return None
    return "then_if_done", {"first": first, "then": then, "done": m[2]}


@EFFECTS.effect("then_if_done", timing="ability")
def then_if_done(t: Board, f: dict) -> Options:
    """The first step, then (``if_done``) the effect if the first step did it (``DONE_MEASURES`` grew meanwhile)."""
    pa = f["params"]
    before = DONE_MEASURES[pa["done"]](t, f["seat"])
    t.s["stack"].append(frame("if_done", f["seat"], f["card"], f["origin"], {
        "before": before, "done": pa["done"], "then": pa["then"]}, **({"pos": f["pos"]} if f.get("pos") else {})))
    push(t, f, pa["first"])
    return None


@EFFECTS.effect("if_done", timing="rule")
def if_done(t: Board, f: dict) -> Options:
    pa = f["params"]
    if DONE_MEASURES[pa["done"]](t, f["seat"]) > pa["before"]:
        push(t, f, pa["then"])
    return None


@TEXTS.pattern(r"自分のデッキを(\d)枚引いた後、手札(\d)枚をデッキの下に戻す。")
def _draw_then_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """HOLOTORI (hBP08-099): 「自分のデッキを2枚引いた後、手札1枚をデッキの下に戻す。」"""
    return "sequence", {"steps": [{"effect": "draw", "params": {"count": int(m[1])}}]
                        + [{"effect": "hand_card_to_bottom", "params": {}}] * int(m[2])}


# ------------------------------------------------------------------ 「以下の能力から1つを選んで使う。■…■…」

@TEXTS.pattern(r"以下の能力から1つを選んで使う。((?:■[^■]+)+)")
def _choose_one(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """HOLOTORI (hBP08-099): 「以下の能力から1つを選んで使う。■<A>■<B>」."""
    specs = [spec(part) for part in m[1][1:].split("■")]
    return None if None in specs or len(specs) < 2 else ("choose_one", {"options": specs})


@EFFECTS.effect("choose_one", timing="ability", prompt="使う能力（■の順に0から）")
def choose_one(t: Board, f: dict) -> Options:
    """The user names one of the ■ abilities (its index, in printed order), then it resolves."""
    return list(range(len(f["params"]["options"])))


@choose_one.answer
def _chosen_one(t: Board, f: dict, choice: Any) -> Options:
    t.event("chose", seat=f["seat"], card=f["card"], option=choice)
    push(t, f, f["params"]["options"][choice])
    return None


# ------------------------------------------------------------------ a holomem at a position; the card back to the deck

@TEXTS.pattern(r"自分の(センター|コラボ)ポジションの(.+?)を選ぶ。(.+?。)(?:その後、(.+))?")
def _pick_at(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """うまみー！ (hBP07-093): 「自分のコラボポジションの〈ベスティア・ゼータ〉を選ぶ。このターンの間、選んだホロメンのアーツ+40。
    その後、<効果>」: ``pick_then`` at that position (none there: nothing), then the rest as the card's own."""
    flt = holomem_filter(m[2])
    steps = [spec(x.replace("選んだホロメン", "このホロメン")) for x in re.findall(r"[^。]+。", m[3])]
    if flt is None or not steps or None in steps:
        return None
    picked = {"params": {"filter": flt, "steps": steps}}
    first = {"effect": "pick_then", "params": {**picked["params"], "pos": {"センター": "center", "コラボ": "collab"}[m[1]]}}
    if m[4] is None:
        return first["effect"], first["params"]
    rest = spec(m[4])
    return None if rest is None else ("sequence", {"steps": [first, rest]})


@TEXTS.pattern(r"サイコロを1回振る。(\d)以外なら、(.+)")
def _roll_but(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """うまみー！ (hBP07-093): 「サイコロを1回振る。6以外なら、<効果>」 (``roll_then``, the other five faces)."""
    then = spec(m[2])
    faces = [x for x in range(1, 7) if x != int(m[1])]
    return None if then is None else ("roll_then", {"branches": [{"faces": faces, "then": then}]})


@TEXTS.pattern(r"このカードをデッキに戻してシャッフルする。")
def _self_to_deck(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "support_to_deck", {}


@EFFECTS.effect("support_to_deck", timing="ability")
def support_to_deck(t: Board, f: dict) -> Options:
    """「このカードをデッキに戻してシャッフルする」: the support card used (in the archive by then: ``rules.Support``)
    shuffled into its deck."""
    seat = f["seat"]
    if f["card"] not in t.p(seat)["archive"]:
        return None
    t.p(seat)["archive"].remove(f["card"])
    t.zones.shuffle_in(f"deck/{seat}", f["card"])
    t.event("to_deck", seat=seat, card=f["card"], source=f["card"])
    return None


# ------------------------------------------------------------------ both hands back to the decks

@TEXTS.pattern(r"自分の手札すべてをデッキに戻してシャッフルする。そして自分のデッキを(\d)枚引く。自分のライフが(\d)以下なら、かわりに、"
               r"お互いの手札すべてをデッキに戻してシャッフルする。そしてそれぞれのデッキを(\d)枚引く。")
def _reshuffle_or_both(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ギリわるロボ (hBP07-094): the own hand (rawlist's ``reshuffle_draw``), or with life N or less both hands."""
    return "arts_when", {"test": "life_at_most", "n": int(m[2]),
                         "then": {"effect": "both_reshuffle_draw", "params": {"count": int(m[3])}},
                         "else": {"effect": "reshuffle_draw", "params": {"count": int(m[1])}}}


@EFFECTS.effect("both_reshuffle_draw", timing="ability")
def both_reshuffle_draw(t: Board, f: dict) -> Options:
    """「お互いの手札すべてをデッキに戻してシャッフルする。そしてそれぞれのデッキをN枚引く」: both hands back and
    shuffled, then the user's draw, then the opponent's."""
    seats = (f["seat"], other(f["seat"]))
    for seat in seats:
        pile = f"deck/{seat}"
        hand, t.p(seat)["hand"] = t.p(seat)["hand"], []
        for item in hand:
            t.zones.shuffle_in(pile, item)
        t.zones.shuffle(pile)
        t.event("hand_to_deck", seat=seat, count=len(hand), card=f["card"])
    for seat in seats:
        E.draw.run(t, {**f, "seat": seat, "params": {"count": f["params"]["count"]}})
    return None


# ------------------------------------------------------------------ both players roll

@TEXTS.pattern(r"お互いにサイコロを1回振る。自分の出た目の数が相手以上なら、(.+?。)自分の出た目の数が相手より小さいなら、(.+)")
def _both_roll(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """クロスインパクト (hBP07-095): 「お互いにサイコロを1回振る。自分の出た目の数が相手以上なら、<効果>。自分の出た目の数が
    相手より小さいなら、<効果>」."""
    high, low = spec(m[1]), spec(m[2])
    return None if high is None or low is None else ("both_roll", {"high": high, "low": low})


@EFFECTS.effect("both_roll", timing="ability")
def both_roll(t: Board, f: dict) -> Options:
    """The user's die, then the opponent's (each its own roll: ``effects.roll``; the opponent's is no ability of
    its own, so no card of its is named), then the branch the two faces say."""
    seat, rule = f["seat"], t.rule_of(f["card"])
    mine = E.roll(t, seat, f["card"], rule)
    theirs = E.roll(t, other(seat), None, rule)
    push(t, f, f["params"]["high" if mine >= theirs else "low"])
    return None


# ------------------------------------------------------------------ a back holomem and its stack to the deck bottom

def _holder(desc: str) -> dict | None:
    """``keywords.holder_filter`` with 「バックポジションの…」 read as 「バックホロメンの…」."""
    return holder_filter(re.sub(r"^(センター|コラボ|バック)ポジションの", r"\1ホロメンの", desc))


@TEXTS.pattern(r"自分の(.+?)1人を選ぶ。選んだホロメンを含め重なっているホロメンすべてを好きな順でデッキの下に戻す。(.*)")
def _stack_to_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ちゃま旅 (hBP07-096): 「自分のバックポジションの〈赤井はあと〉1人を選ぶ。選んだホロメンを含め重なっているホロメンすべてを
    好きな順でデッキの下に戻す。(<効果>)」"""
    flt = _holder(m[1])
    rest = spec(m[2]) if m[2] else None
    if flt is None or (m[2] and rest is None):
        return None
    first = {"effect": "stack_to_bottom", "params": {"holder": flt}}
    return ("sequence", {"steps": [first, rest]}) if rest else (first["effect"], first["params"])


@EFFECTS.effect("stack_to_bottom", timing="ability", prompt="デッキの下に戻すホロメン / 戻す順（先に置くカードから）")
def stack_to_bottom(t: Board, f: dict) -> Options:
    """The holomem chosen, then (more than one card) the order its cards go under the deck, one after another (the
    last ends at the very bottom); its cheer and attached supports are archived (``manual.leave_stage``'s ruling),
    and it went from the stage to the deck (``oshi_skills_turn.left_to_deck``)."""
    f["stage"] = "holomem"
    options = holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _stack_chosen(t, f, options[0]) if options else None
    return options


@stack_to_bottom.answer
def _stack_chosen(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "holomem":
        h = t.holo(seat, choice)
        f["pos"], f["stage"] = choice, "order"
        cards = [h["card"], *reversed(h["stack"])]
        orders = sorted({tuple(p) for p in permutations(cards)})
        if len(orders) > 1:
            return [list(o) for o in orders]
        choice = list(orders[0])
    h = t.remove_holo(seat, f["pos"])
    for card in choice:
        t.zones.put(f"deck/{seat}", card, end="bottom")
    t.archive(seat, *h["cheer"], *h["attached"])
    t.event("left_stage", seat=seat, pos=f["pos"], card=h["card"], dest="deck_bottom", source=f["card"])
    left_to_deck(t, seat, h["card"])
    return None


# ------------------------------------------------------------------ every holomem of a kind, this turn

@TEXTS.pattern(r"このターンの間、自分の(?:ステージの)?(.+?)全員のアーツに必要な(無色|.)-(\d)。")
def _each_cost_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ちゃま旅 (hBP07-096): 「このターンの間、自分の〈赤井はあと〉全員のアーツに必要な無色-1。」: each of them on the stage
    now (``cost_less_turn`` on each)."""
    flt, step = _holder(m[1]), spec(f"このターンの間、このホロメンのアーツに必要な{m[2]}-{m[3]}。")
    return None if flt is None or step is None else ("each_holomem_then", {"holder": flt, "steps": [step]})


@EFFECTS.effect("each_holomem_then", timing="ability")
def each_holomem_then(t: Board, f: dict) -> Options:
    """The steps as each fitting holomem's own (those on the stage as it resolves), in stage order."""
    frames = [frame(step["effect"], f["seat"], t.holo(f["seat"], pos)["card"], f["origin"], step["params"], pos=pos)
              for pos in holders(t, f, f["params"]["holder"]) for step in f["params"]["steps"]]
    t.s["stack"].extend(reversed(frames))
    return None


# ------------------------------------------------------------------ a reveal counted, put back in order

@TEXTS.pattern(r"自分のデッキの上から(\d)枚を公開する。このターンの間、この能力で公開したサポートカード1枚につき、自分のステージのホロメン全員の"
               r"アーツ\+(\d+)。そして公開したカードを好きな順でデッキの上に戻す。")
def _reveal_boost_all(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ビッグゴッドミオーンの占い (hBP07-098)."""
    return "reveal_boost_all", {"count": int(m[1]), "amount": int(m[2]), "filter": {"kind": "support"}}


@EFFECTS.effect("reveal_boost_all", timing="ability", prompt="デッキの上に戻す順（上から）")
def reveal_boost_all(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を公開する。このターンの間、この能力で公開したサポートカード1枚につき、自分のステージの
    ホロメン全員のアーツ+M。そして公開したカードを好きな順でデッキの上に戻す」: the cards turned face up (everyone sees
    them), every holomem on the stage now +M each, then the order back on top (top first)."""
    seat, pa = f["seat"], f["params"]
    shown = []
    for _ in range(pa["count"]):
        card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
        if card is None:
            break
        shown.append(card)
        t.event("revealed", seat=seat, card=card, source=f["card"])
    n = sum(1 for card in shown if _matches(t, card, pa["filter"]))
    if n:
        for pos, h in t.stage(seat):
            h["mods"]["arts"] += pa["amount"] * n
            t.event("boost", seat=seat, pos=pos, amount=pa["amount"] * n, card=f["card"])
    orders = sorted({tuple(p) for p in permutations(shown)})
    if len(orders) <= 1:
        return _back_on_top(t, f, list(orders[0])) if orders else None
    return [list(o) for o in orders]


@reveal_boost_all.answer
def _back_on_top(t: Board, f: dict, choice: Any) -> Options:
    for card in reversed(choice):
        t.zones.put(f"deck/{f['seat']}", card, end="top")
    t.event("to_deck_top", seat=f["seat"], count=len(choice), source=f["card"])
    return None



# ------------------------------------------------------------------ per archived card, an archived cheer each

@TEXTS.pattern(r"自分のアーカイブの〈([^〉]+)〉1枚につき、自分のアーカイブのエール1枚を自分の(.+?)1人に送る。")
def _per_archived_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """フロンティアスピリット (hBP07-100): 「自分のアーカイブの〈フロンティアスピリット〉1枚につき、自分のアーカイブのエール1枚を
    自分の〈AZKi〉1人に送る。」: ``arts_count`` of the archive, each cheer its own choice (``REPEATED``). The card played
    counts itself: ``rules.Support`` archives it before its effect resolves."""
    then = spec(f"自分のアーカイブのエール1枚を自分の{m[2]}1人に送る。")
    if then is None or then["effect"] != "archive_cheer_holder":
        return None
    return "arts_count", {"source": "archive_match", "filter": {"names": [m[1]]}, "then": then}


arts.REPEATED = (*arts.REPEATED, "archive_cheer_holder")


# ------------------------------------------------------------------ this turn, every holomem of some levels

@TEXTS.pattern(r"このターンの間、自分のステージの(.+?)全員のアーツ\+(\d+)。その後、自分のステージの(.+?)全員のアーツ\+(\d+)。")
def _boost_levels_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ちょこのなすユッケ (hBP08-093): 「このターンの間、自分のステージの[Debutホロメンと1stホロメン]全員のアーツ+20。その後、自分の
    ステージの2ndホロメン全員のアーツ+60。」 (the second still this turn's): ``boost_holomem`` on all of each."""
    steps = []
    for what, amount in ((m[1], m[2]), (m[3], m[4])):
        flt = _level_holder(what)
        if flt is None:
            return None
        steps.append({"effect": "boost_holomem", "params": {"holder": flt, "amount": int(amount), "all": True}})
    return "sequence", {"steps": steps}


def _level_holder(what: str) -> dict | None:
    """「2ndホロメン」, 「[Debutホロメンと1stホロメン]」: a holder filter of those levels."""
    levels = re.fullmatch(r"\[((?:Debut|1st|2nd)ホロメン(?:と(?:Debut|1st|2nd)ホロメン)+)\]|(Debut|1st|2nd)ホロメン", what)
    if levels is None:
        return None
    words = re.findall(r"(Debut|1st|2nd)", what)
    filters = [{"level": w.lower()} for w in words]
    return filters[0] if len(filters) == 1 else {"any": filters}


# ------------------------------------------------------------------ special damage to both sides

@TEXTS.pattern(r"お互いのセンターホロメンとコラボホロメンに特殊ダメージ(\d+)を与える。(ただし、この能力でダウンしてもライフは減らない。)?")
def _both_sides_special(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """破滅の呪文 (hBP08-095): 「お互いのセンターホロメンとコラボホロメンに特殊ダメージ50を与える。ただし、この能力でダウンしても
    ライフは減らない。」"""
    return "both_sides_special", {"amount": int(m[1]), **({"no_life": True} if m[2] else {})}


@EFFECTS.effect("both_sides_special", timing="ability")
def both_sides_special(t: Board, f: dict) -> Options:
    """The opponent's collab and centre, then the user's own (``damage``'s ``own``: no 「相手から」 modifier applies),
    each collab first (a downed centre's back holomem moves up only once the downs' frames resolve)."""
    pa, seat = f["params"], f["seat"]
    for side in (other(seat), seat):
        for pos in ("collab", "center"):
            if t.holo(side, pos) is not None:
                E.damage(t, side, pos, pa["amount"], source=f["card"], special=True, no_life=pa.get("no_life", False),
                         own=side == seat)
    return None


# ------------------------------------------------------------------ archived cheer split, a cap each

@TEXTS.pattern(r"自分のアーカイブのエール(\d)枚を選び、自分の(センターホロメンとコラボホロメン)に割り振って送る。ただし、ホロメン1人に送る"
               r"枚数は(\d)枚まで。")
def _archive_split_capped(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """WHAT'S UP!!!!! KEEEEEP GROWING!!!!! (hSD10-011)."""
    return "archive_split_capped", {"count": int(m[1]), "pos": ["center", "collab"], "cap": int(m[3])}


@EFFECTS.effect("archive_split_capped", timing="ability", prompt="送るアーカイブのエールと送り先")
def archive_split_capped(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールN枚を選び、自分の<ホロメン>に割り振って送る。ただし、ホロメン1人に送る枚数はK枚まで」: one
    [cheer, position] at a time, N in all (fewer only when no cheer or no room is left), K at most to each."""
    pa = f["params"]
    sent = f.setdefault("sent", {})
    if sum(sent.values()) >= pa["count"]:
        return None
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"})
    targets = [p for p in pa["pos"] if t.holo(f["seat"], p) is not None and sent.get(p, 0) < pa["cap"]]
    options = [[c, p] for c in fits for p in targets]
    if len(options) == 1:
        return _split_sent(t, f, options[0])
    return options or None


@archive_split_capped.answer
def _split_sent(t: Board, f: dict, choice: Any) -> Options:
    cheer, pos = choice
    t.p(f["seat"])["archive"].remove(cheer)
    attach_cheer(t, f["seat"], pos, cheer)
    f["sent"][pos] = f["sent"].get(pos, 0) + 1
    return archive_split_capped.run(t, f)


# ------------------------------------------------------------------ the stack under a holomem to the hand

@TEXTS.pattern(r"自分の(?:ステージの)?(.+?)1人を選ぶ。選んだホロメンに重なっているホロメン1～(\d)枚を手札に戻す。このターンの間、この能力で戻した"
               r"ホロメン1枚につき、選んだホロメンのアーツ\+(\d+)。")
def _stacked_to_hand(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """JUSTICE, JUST LIKE THAT!!!! (hSD13-017)."""
    flt = _holder(m[1])
    return None if flt is None else ("stacked_to_hand", {"holder": flt, "max": int(m[2]), "amount": int(m[3])})


@EFFECTS.effect("stacked_to_hand", timing="ability", prompt="選ぶホロメン / 手札に戻す重なっているホロメン（終えるならnull）")
def stacked_to_hand(t: Board, f: dict) -> Options:
    """「自分のステージのホロメン1人を選ぶ。選んだホロメンに重なっているホロメン1～N枚を手札に戻す。このターンの間、この能力で
    戻したホロメン1枚につき、選んだホロメンのアーツ+M」: a holomem with a card under it (none: nothing), then those cards
    one at a time (one at least, null after), then its boost."""
    f["stage"], f["back"] = "holomem", 0
    options = [p for p in holders(t, f, f["params"]["holder"]) if t.holo(f["seat"], p)["stack"]]
    if len(options) <= 1:
        return _stacked_step(t, f, options[0]) if options else None
    return options


@stacked_to_hand.answer
def _stacked_step(t: Board, f: dict, choice: Any) -> Options:
    seat, pa = f["seat"], f["params"]
    if f["stage"] == "holomem":
        f["pos"], f["stage"] = choice, "cards"
        t.event("picked", seat=seat, pos=choice, card=t.holo(seat, choice)["card"], source=f["card"])
    elif choice is None:
        return _stacked_boost(t, f)
    else:
        h = t.holo(seat, f["pos"])
        h["stack"].remove(choice)
        t.p(seat)["hand"].append(choice)
        t.event("returned", seat=seat, card=choice, source=f["card"])
        f["back"] += 1
    h = t.holo(seat, f["pos"])
    if f["back"] >= pa["max"] or not h["stack"]:
        return _stacked_boost(t, f)
    return sorted(set(h["stack"])) + ([None] if f["back"] else [])


def _stacked_boost(t: Board, f: dict) -> Options:
    amount = f["params"]["amount"] * f["back"]
    if amount:
        t.holo(f["seat"], f["pos"])["mods"]["arts"] += amount
        t.event("boost", seat=f["seat"], pos=f["pos"], amount=amount, card=f["card"])
    return None
