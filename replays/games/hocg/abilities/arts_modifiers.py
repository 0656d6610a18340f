"""Arts modifiers: constants on an art's damage, its cost and its targets, and a few steps around them.

- 「<条件>(時|なら)、このホロメンのアーツ+N」 (``arts_self_while``): a constant. As a gift it is read as the
  holomem's art deals damage (``effects.ARTS_BONUSES``: ``_while_bonus``); as an art's own text it adds to
  that art when the text resolves (ターンの流れ/パフォーマンスフェイズ: the text before the damage). The
  conditions are ``arts``' (``arts._condition``/``arts.holds``). Registered after ``keywords``, so the
  gifts' own readings of the same words (``keywords_gifts``: 「このゲーム中に、…SP推しスキル…」) stay theirs.
- 「次の相手のターン終了時まで、お互いのステージのホロメン全員のアーツ+N」: a lasting modifier
  (``effects.add_lasting``) on every holomem on both stages as the text resolves (those there then).
- the targets: 「…選んだホロメンのアーツは、相手の<HPが減っている|2ndの|Debut以外の>バックホロメンも対象にできる」 (a lasting
  "back_target" with its ``backs``) and a gift's 「<条件>なら、このホロメンのアーツは、…も対象にできる」: ``back_targets``, read by
  ``oshi_skills_turn``' retarget frame; 「このアーツダメージは、アーツの対象のホロメンのかわりに、相手のセンターホロメンと
  コラボホロメンに与える」 (``effects.arts_damage``' ``targets``: one hit after the other, the centre first);
  「…アーツダメージは軽減されない」 (``effects.UNREDUCED`` / the art's ``unreduced``: ``effects.damage`` lets the modifiers and
  windows add only, and a shield does not reach it).
- the cost: 「<条件>なら、このアーツに必要な<色>-N。…かわりに、…」 (``cost_rules``) and a gift's 「…このホロメンのアーツ「名前」に
  必要な<色>-N」 (``arts.COST_HOOKS``); an oshi skill's 「[ホロパワー:-3]を[ホロパワー:-2]に」「[ターンに1回]を[ターンに2回]に変更
  する」 (``skill_terms``, read by ``rules.OshiSkill`` and ``windows``).
- this turn: a holomem of the seat's gone from the stage to the deck (``used["left_to_deck"]``), made active by the oshi
  skill of a name (``h["woken"]``), the blooms into a tag some card counts (``used["blooms"]``).

Readings where the rulebook is silent (no official Q&A found): a gift with a cost and no moment (hBP06-070) is used by
choice in the main step (the ``gift`` command); 「[センターホロメンとコラボホロメン]に異なる色のエールが付いている」 is a cheer on
the one of another colour than one on the other; 「…がアーツを使った時、…特殊ダメージ」 resolves once the art is done, as the
gifts' 「使った時」 are read.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities import arts as A
from kifu.replays.games.hocg.abilities import keywords as K
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (
    ARTS_BONUSES,
    EFFECTS,
    UNREDUCED,
    Options,
    add_lasting,
    arts_frame,
    names_of,
    own_holo_of,
    push,
)
from kifu.replays.games.hocg.state import Board, needs, other

TEXTS = Texts()


# ------------------------------------------------------------------ 「<条件>時、このホロメンのアーツ+N」

@EFFECTS.effect("arts_self_while", timing="constant")
def arts_self_while(t: Board, f: dict) -> Options:
    """As an art's text: this art +N if the condition holds as the text resolves (a gift's is ``_while_bonus``)."""
    if f["origin"] == "arts" and A.holds(t, f, f["params"]):
        push(t, f, {"effect": "arts_plus", "params": {"amount": f["params"]["amount"]}})
    return None


@TEXTS.pattern(r"(.+?(?:時|なら))、このホロメンのアーツ\+(\d+)。")
def _self_while(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    test = A._condition(m[1])
    return ("arts_self_while", {**test, "amount": int(m[2])}) if test else None


@needs("arts_self_while")
def _while_bonus(t: Board, seat: str, pos: str, attacker: dict) -> int:
    """The attacker's gifts 「<条件>時、このホロメンのアーツ+N」 that hold as its art deals damage."""
    at = {"seat": seat, "card": attacker["card"], "pos": pos, "origin": "gift"}
    total = 0
    for pa in K._gift(t, attacker["card"], "arts_self_while"):
        if K._active(pa, pos) and A.holds(t, at, pa):
            t.event("gift", seat=seat, pos=pos, card=attacker["card"], effect="arts_self_while", amount=pa["amount"])
            total += pa["amount"]
    return total


ARTS_BONUSES.append(_while_bonus)


#: conditions read only here (kept out of ``arts.CONDITIONS``, so the texts other families read stay theirs):
#: ``(pattern, make)``, tried before ``arts._condition``; their tests reach ``arts.holds`` through ``MORE_TESTS``
OWN_CONDITIONS: list[tuple[re.Pattern[str], Any]] = []


def condition(regex: str):
    def register(make):
        OWN_CONDITIONS.append((re.compile(regex), make))
        return make
    return register


def _cond(text: str) -> dict | None:
    for pattern, make in OWN_CONDITIONS:
        m = pattern.fullmatch(text)
        if m and (test := make(m)):
            return test
    return A._condition(text)


@condition(r"自分のステージに([白緑赤青紫黄])?エールが(\d+)枚以上ある(?:なら|時)")
def _stage_cheer_min(m):
    return {"test": "stage_cheer_min", "n": int(m[2]), **({"colors": [A.COLOR_CHARS[m[1]]]} if m[1] else {})}


def _stage_cheer_min_test(t: Board, f: dict, pa: dict) -> bool:
    return sum(1 for _, h in t.stage(f["seat"]) for c in h["cheer"]
               if "colors" not in pa or t.card(c)["colors"][0] in pa["colors"]) >= pa["n"]


A.MORE_TESTS["stage_cheer_min"] = _stage_cheer_min_test


# ------------------------------------------------------------------ 「次の相手のターン終了時まで、お互いの…全員のアーツ+N」

@EFFECTS.effect("lasting_arts_all", timing="ability")
def lasting_arts_all(t: Board, f: dict) -> Options:
    """「次の相手のターン終了時まで、お互いのステージのホロメン全員のアーツ+N。さらに、自分のステージの<holder>
    全員のアーツ+M」: a lasting modifier (``effects.add_lasting``, read by ``arts_damage``) on each holomem on
    both stages as the text resolves, and one more on the own holomem the second sentence names."""
    pa = f["params"]
    for seat in (f["seat"], other(f["seat"])):
        for pos, h in t.stage(seat):
            amount = pa["amount"] + (pa["extra"]["amount"] if seat == f["seat"] and "extra" in pa
                                     and K.holder_fits(t, f, pos, h, pa["extra"]["holder"]) else 0)
            add_lasting(t, f["seat"], h, "arts", amount)
            t.event("lasting", seat=seat, pos=pos, card=h["card"], modifier="arts", amount=amount, source=f["card"])
    return None


@TEXTS.pattern(r"次の相手のターン終了時まで、お互いのステージのホロメン全員のアーツ\+(\d+)。"
               r"(?:さらに、自分の(.+?)全員のアーツ\+(\d+)。)?")
def _lasting_all(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    extra = K.holder_filter(m[2]) if m[2] else None
    if m[2] and extra is None:
        return None
    return "lasting_arts_all", {"amount": int(m[1]), **({"extra": {"holder": extra, "amount": int(m[3])}} if m[2] else {})}


# ------------------------------------------------------------------ arts that may target some back holomem

#: 「相手の<…>バックホロメン」 an art may also target: the filter of the opponent's back holomem (``_back_fits``)
BACKS = {"": {}, "HPが減っている": {"damaged": True}, "2ndの": {"level": "2nd"}, "Debut以外の": {"not_level": "debut"}}
BACKS_RE = "|".join(k for k in BACKS if k)


def _back_fits(t: Board, h: dict, flt: dict) -> bool:
    level = t.card(h["card"])["level"]
    return ((not flt.get("damaged") or h["damage"] > 0) and flt.get("level", level) == level
            and level != flt.get("not_level"))


def back_targets(t: Board, seat: str, pos: str) -> list[dict]:
    """The filters of the opponent's back holomem ``seat``'s holomem at ``pos`` may also target with its arts now:
    one per 「このターンの間、選んだホロメンのアーツは、相手の<…>バックホロメンも対象にできる」 on it this turn
    (``lasting`` "back_target", its ``backs``: all if none) and per gift of its 「<条件>なら、このホロメンのアーツは、
    相手の<…>バックホロメンも対象にできる」 that holds (``gift_back_target``)."""
    h = t.holo(seat, pos)
    if h is None:
        return []
    out = [m.get("backs", {}) for m in h.get("lasting", ()) if m["kind"] == "back_target" and m["until"] == t.s["turn"]]
    at = {"seat": seat, "card": h["card"], "pos": pos, "origin": "gift"}
    out += [pa["backs"] for pa in K._gift(t, h["card"], "gift_back_target")
            if K._active(pa, pos) and ("test" not in pa or A.holds(t, at, pa))]
    return out


def may_target(t: Board, seat: str, pos: str, target: str) -> bool:
    """The opponent's back holomem at ``target`` is one ``back_targets`` allows."""
    h = t.holo(other(seat), target)
    return h is not None and any(_back_fits(t, h, flt) for flt in back_targets(t, seat, pos))


@EFFECTS.effect("back_target_pick", timing="ability", prompt="アーツが相手のバックホロメンも対象にできるホロメン")
def back_target_pick(t: Board, f: dict) -> Options:
    """「自分の<holder>1人を選ぶ。このターンの間、選んだホロメンのアーツは、相手の<…>バックホロメンも対象にできる」:
    a modifier on the holomem chosen, ending with this turn (``back_targets``)."""
    options = K.holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _back_target_picked(t, f, options[0]) if options else None
    return options


@back_target_pick.answer
def _back_target_picked(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    h.setdefault("lasting", []).append({"kind": "back_target", "amount": 0, "until": t.s["turn"],
                                        "backs": f["params"]["backs"]})
    t.event("back_target", seat=f["seat"], pos=choice, card=h["card"], source=f["card"])
    return None


@TEXTS.pattern(rf"自分の(.+?)1人を選ぶ。このターンの間、選んだホロメンのアーツは、相手の({BACKS_RE})バックホロメンも対象にできる。")
def _back_target_pick(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = K.holder_filter(m[1])
    return ("back_target_pick", {"holder": flt, "backs": BACKS[m[2]]}) if flt is not None else None


EFFECTS.effect("gift_back_target", timing="constant")(lambda t, f: None)


@TEXTS.pattern(rf"(.+?なら)、このホロメンのアーツは、相手の({BACKS_RE})?バックホロメンも対象にできる。")
def _gift_back_target(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A gift's 「<条件>なら、このホロメンのアーツは、相手の<…>バックホロメンも対象にできる」 (a constant, read while
    the condition holds; the part alone is no shape, so the families' 「<条件>なら、<効果>」 leave it whole)."""
    test = _cond(m[1])
    return ("gift_back_target", {**test, "backs": BACKS[m[2] or ""]}) if test else None


# ------------------------------------------------------------------ 「相手のメインステップの間、…全員のHPは…減らず」

@TEXTS.pattern(K.LIMIT + r"?相手のメインステップの間、自分の(.+?)全員のHPは相手の能力で減らず、変動しない。")
def _hp_guard_all(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """``keywords_gifts``' ``hp_guard`` for 「自分の<holder>全員」 (「自分のお休みしている〈名前〉全員」)."""
    whom = K.holder_filter(m[2])
    return ("hp_guard", {"at": K._limits(m[1]), "whom": whom}) if whom is not None else None


# ------------------------------------------------------------------ the opponent's holopower

@EFFECTS.effect("opp_holopower_to_hand", timing="ability")
def opp_holopower_to_hand(t: Board, f: dict) -> Options:
    """「相手は、自身のホロパワーの上からN枚を手札に加える」: the opponent's top holopower cards (the first ones, as
    an oshi skill pays them) to its hand, learnt by the opponent only (face down to its hand)."""
    opp = other(f["seat"])
    pl = t.p(opp)
    for _ in range(min(f["params"]["count"], len(pl["holopower"]))):
        card = t.zones.turn_up(pl["holopower"].pop(0), "holopower_card", t.rule_of(f["card"]), visible=(opp,),
                               how="effect")
        pl["hand"].append(card)
        t.event("holopower_to_hand", seat=opp, card=card, source=f["card"])
    return None


@TEXTS.pattern(r"相手は、自身のホロパワーの上から(\d)枚を手札に加える。")
def _opp_holopower(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "opp_holopower_to_hand", {"count": int(m[1])}


# ------------------------------------------------------------------ more conditions (read by every arts shape)

@A.condition(r"このターンに自分のホロメンがステージからデッキに戻っていた(?:なら|時)")
def _left_to_deck(m):
    """Counted as it happens (``used["left_to_deck"]``: ``bloom_again``'s hook on ``oshi_skills_turn.left_to_deck``)."""
    return {"test": "left_to_deck"}


A.MORE_TESTS["left_to_deck"] = lambda t, f, pa: t.p(f["seat"])["used"].get("left_to_deck", 0) > 0


@A.condition(r"このターンにこのホロメンが自分の推しスキル「(.+?)」でアクティブになっていた(?:なら|時)")
def _woken_by(m):
    return {"test": "woken_by_oshi", "name": m[1]}


def _woken_test(t: Board, f: dict, pa: dict) -> bool:
    """This holomem was made active this turn by the seat's oshi skill of that name (``oshi_skills_cards._woken``)."""
    from kifu.replays.games.hocg.abilities.arts_more import _named, _oshi_skill
    pos = own_holo_of(t, f)
    woken = t.holo(f["seat"], pos).get("woken") if pos else None
    oshi = t.p(f["seat"])["oshi"]
    return bool(woken and woken["turn"] == t.s["turn"] and woken["by"] == oshi
                and _named(_oshi_skill(t, f["seat"], "oshi"), pa["name"]))


A.MORE_TESTS["woken_by_oshi"] = _woken_test


@A.condition(r"自分の#(.+?)を持つ\[センターホロメンとコラボホロメン\]に異なる色のエールが付いている(?:なら|時)")
def _pair_colours(m):
    """Read as: both a centre and a collab holomem with the tag, a cheer on the one of another colour than one on the other."""
    return {"test": "pair_colours", "tag": m[1]}


def _pair_colours_test(t: Board, f: dict, pa: dict) -> bool:
    pl = t.p(f["seat"])
    pair = [pl["center"], pl["collab"]]
    if any(h is None or not has_tag(t.card(h["card"]), pa["tag"]) for h in pair):
        return False
    a, b = ({t.card(c)["colors"][0] for c in h["cheer"]} for h in pair)
    return any(x != y for x in a for y in b)


A.MORE_TESTS["pair_colours"] = _pair_colours_test


@condition(r"自分の推しホロメンが((?:〈[^〉]+〉か)*〈[^〉]+〉)(?:なら|の時)")
def _oshi_names(m):
    return {"test": "oshi_names", "names": re.findall(r"〈([^〉]+)〉", m[1])}


A.MORE_TESTS["oshi_names"] = lambda t, f, pa: bool(set(pa["names"]) & names_of(t, t.p(f["seat"])["oshi"]))


@condition(r"自分のセンターホロメンが(Debut|1st|2nd)ホロメンの〈([^〉]+)〉(?:なら|の時)")
def _center_level_named(m):
    return {"test": "stage_has", "filter": {"pos": "center", "level": A.LEVELS[m[1]], "names": [m[2]]}, "min": 1}


# ------------------------------------------------------------------ costs: 「このアーツに必要な黄-N」

COST_COLOURS = {**A.COLOR_CHARS, "無色": "any"}


def _cost_rule(text: str) -> dict | None:
    """「(<条件>なら、)このアーツに必要な<色>-N。」 as a rule of the art's cost (``_cost_less``)."""
    m = re.fullmatch(r"(?:(.+?(?:なら|の時))、)?このアーツに必要な(無色|[白緑赤青紫黄])-(\d)。", text)
    if m is None:
        return None
    test = _cond(m[1]) if m[1] else {}
    return None if test is None else {**test, "colour": COST_COLOURS[m[2]], "count": int(m[3])}


@TEXTS.pattern(r"(.+?。)(.+?。)?")
def _cost_rules(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """An art's 「<条件>なら、このアーツに必要な<色>-N。(<条件>なら、かわりに、このアーツに必要な<色>-M。)」: checked as
    the art is used (``_cost_less``: the last rule that holds; 「かわりに」 only after one). 「[…ポジション限定]」 before it
    is ``arts``' wrapper (``arts_when`` "pos"), read there as the rules' position."""
    first = _cost_rule(m[1])
    if first is None:
        return None
    rules = [first]
    if m[2]:
        second = _cost_rule(m[2].replace("、かわりに、", "、", 1)) if "、かわりに、" in m[2] else None
        if second is None:
            return None
        rules.append(second)
    if len(rules) == 1 and first["colour"] == "any":
        return None  # ``arts``' own 「<条件>なら、このアーツに必要な無色-N」
    return "arts_use_rule", {"cost_rules": rules}


def _rules_of(art: dict) -> list[dict]:
    pa = art.get("params") or {}
    if art.get("effect") == "arts_when" and pa.get("test") == "pos":  # 「[コラボポジション限定]…」
        return [{**r, "at": [pa["pos"]]} for r in _rules_of(pa["then"])]
    return list(pa.get("cost_rules") or ())


EFFECTS.effect("gift_art_cost", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"(.+?なら)、このホロメンのアーツ「(.+?)」に必要な(無色|[白緑赤青紫黄])-(\d)。")
def _gift_art_cost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A gift's 「<条件>なら、このホロメンのアーツ「名前」に必要な<色>-N」 (a constant: ``_cost_less``)."""
    test = _cond(m[1])
    return ("gift_art_cost", {**test, "art": m[2], "colour": COST_COLOURS[m[3]], "count": int(m[4])}) if test else None


def _art_named(art: dict, name: str) -> bool:
    from kifu.replays.games.hocg.rawlist import WIDE_DIGITS
    return re.sub(r"\s+", "", art.get("name") or "").translate(WIDE_DIGITS) == name


@needs("cost_rules", "gift_art_cost")
def _cost_less(t: Board, seat: str, pos: str, art: dict, cost: list[str]) -> list[str]:
    """``arts.COST_HOOKS``: the art's own ``cost_rules`` (the last that holds) and the holomem's gifts ``gift_art_cost``
    naming this art, each taking N icons of its colour off the cost (as many as there are)."""
    h = t.holo(seat, pos)
    at = {"seat": seat, "card": h["card"], "pos": pos, "origin": "arts"}
    less = [r for r in _rules_of(art) if K._active(r, pos) and ("test" not in r or A.holds(t, at, r))][-1:]
    less += [pa for pa in K._gift(t, h["card"], "gift_art_cost")
             if K._active(pa, pos) and _art_named(art, pa["art"]) and A.holds(t, {**at, "origin": "gift"}, pa)]
    cost = list(cost)
    for rule in less:
        for _ in range(rule["count"]):
            if rule["colour"] in cost:
                cost.remove(rule["colour"])
    return cost


A.COST_HOOKS.append(_cost_less)


# ------------------------------------------------------------------ 「このホロメンに〈名前〉が付いているなら、…かわりに、…」

@TEXTS.pattern(r"このホロメンに〈([^〉]+)〉が付いているなら、(.+?。)その後、(.+?。)このホロメンに〈\1〉が(\d)枚以上付いているなら、"
               r"かわりに、(.+?。)")
def _attached_then_instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「このホロメンに〈名前〉が付いているなら、<A>。その後、<B>。このホロメンに〈名前〉がN枚以上付いているなら、かわりに、<C>。」
    (hBP06-054): nothing without one; with one, <A> then <B>, or <C> in place of <B> with N or more."""
    first, plain, more = spec(m[2]), spec(m[3]), spec(m[5])
    if not (first and plain and more):
        return None
    instead = {"effect": "arts_when", "params": {"test": "attached_min", "name": m[1], "n": int(m[4]), "then": more,
                                                 "else": plain}}
    return "if_attached", {"name": m[1], "then": {"effect": "sequence", "params": {"steps": [first, instead]}}}


def _attached_min_test(t: Board, f: dict, pa: dict) -> bool:
    pos = own_holo_of(t, f)
    h = t.holo(f["seat"], pos) if pos else None
    return h is not None and sum(1 for a in h["attached"] if pa["name"] in names_of(t, a)) >= pa["n"]


A.MORE_TESTS["attached_min"] = _attached_min_test


# ------------------------------------------------------------------ this turn's blooms

_COUNTED_TAGS: dict[int, frozenset[str]] = {}


def _counted_tags(t: Board) -> frozenset[str]:
    """The tags some card of the set counts the blooms of (``cheer_per_bloom``): only those blooms are kept."""
    key = id(t.cs)
    if key not in _COUNTED_TAGS:
        found: set[str] = set()

        def walk(x: Any) -> None:
            if isinstance(x, dict):
                if x.get("effect") == "cheer_per_bloom":
                    found.add(x["params"]["tag"])
                for v in x.values():
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        for c in t.cs.cards.values():
            walk([{"effect": a.get("effect"), "params": a.get("params")} for a in c["abilities"] + c["arts"]])
        _COUNTED_TAGS[key] = frozenset(found)
    return _COUNTED_TAGS[key]


def bloomed(t: Board, seat: str, card: str) -> None:
    """``seat``'s holomem bloomed into ``card`` (the ``bloom`` command, an ability's bloom): kept for the turn if a
    card of the set counts blooms of a tag it has (the record stays as it was for every other game)."""
    if any(has_tag(t.card(card), tag) for tag in _counted_tags(t)):
        t.p(seat)["used"].setdefault("blooms", []).append(card)


@EFFECTS.effect("cheer_per_bloom", timing="ability")
def cheer_per_bloom(t: Board, f: dict) -> Options:
    """「このターンに自分の#タグを持つホロメンがBloomした回数1回につき、自分のエールデッキの上から1枚をこのホロメンに送る」: one
    ``cheer_to`` this holomem per bloom of this turn into a card with the tag (``used["blooms"]``)."""
    n = sum(1 for card in t.p(f["seat"])["used"].get("blooms", ()) if has_tag(t.card(card), f["params"]["tag"]))
    t.event("counted", seat=f["seat"], card=f["card"], source="blooms", count=n)
    push(t, f, *[{"effect": "cheer_to", "params": {"to": "self"}}] * n)
    return None


@TEXTS.pattern(r"このターンに自分の#(.+?)を持つホロメンがBloomした回数1回につき、自分のエールデッキの上から1枚をこのホロメンに送る。")
def _cheer_per_bloom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "cheer_per_bloom", {"tag": m[1]}


# ------------------------------------------------------------------ 「自分のステージのエールを好きな枚数選び、…1人に付け替えられる」

@EFFECTS.effect("stage_cheer_to_one", timing="ability",
                prompt="付け替え先のホロメン（しないならnull） / 付け替えるエール（ホロメンとエール、終えるならnull）")
def stage_cheer_to_one(t: Board, f: dict) -> Options:
    """「自分のステージのエールを好きな枚数選び、自分の<holder>1人に付け替えられる」: the holomem first (null: none moved), then
    the cheer of the other holomem one at a time (where it is, which card) until null."""
    if "to" not in f:
        targets = K.holders(t, f, f["params"]["holder"])
        if not targets or not any(_cheer_elsewhere(t, f, p) for p in targets):
            return None
        f["to"] = None
        return targets + [None]
    return (_cheer_elsewhere(t, f, f["to"]) + [None]) if _cheer_elsewhere(t, f, f["to"]) else None


def _cheer_elsewhere(t: Board, f: dict, to: str) -> list[list[str]]:
    return sorted([p, c] for p, h in t.stage(f["seat"]) if p != to for c in set(h["cheer"]))


@stage_cheer_to_one.answer
def _stage_cheer_moved(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import attach_cheer
    if choice is None:
        return None
    if f["to"] is None:
        f["to"] = choice
        return stage_cheer_to_one.run(t, f)
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    attach_cheer(t, f["seat"], f["to"], cheer)
    return stage_cheer_to_one.run(t, f)


@TEXTS.pattern(r"自分のステージのエールを好きな枚数選び、自分の(.+?)1人に付け替えられる。")
def _stage_cheer_to_one(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = K.holder_filter(m[1])
    return ("stage_cheer_to_one", {"holder": flt}) if flt is not None else None


# ------------------------------------------------------------------ a gift with a cost and no moment of its own

@EFFECTS.effect("cost_stage_support_bottom", timing="ability", prompt="デッキの下に戻すカード（ホロメンとカード、しないならnull）")
def cost_stage_support_bottom(t: Board, f: dict) -> Options:
    """「自分のステージの〈名前〉1枚をデッキの下に戻せる:<効果>」: which one (the holomem it is attached to, the card), or null;
    it goes to the deck's bottom (face up on the stage: a known card there), then the effect."""
    options = sorted([p, a] for p, h in t.stage(f["seat"]) for a in set(h["attached"])
                     if set(f["params"]["names"]) & names_of(t, a))
    return options + [None] if options else None


@cost_stage_support_bottom.answer
def _stage_support_bottomed(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg import manual
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    pos, card = choice
    t.holo(f["seat"], pos)["attached"].remove(card)
    manual.put(t, f["seat"], "deck_bottom", card)
    t.event("to_deck", seat=f["seat"], pos=pos, card=card, source=f["card"], end="bottom", zone="deck")
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(K.LIMIT + r"?(\[ターンに1回\])?自分のステージの((?:〈[^〉]+〉か)*〈[^〉]+〉)1枚をデッキの下に戻せる:(.+)")
def _support_bottom_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A gift 「[…限定][ターンに1回]自分のステージの〈名前〉1枚をデッキの下に戻せる:<効果>」 (hBP06-070) names no moment: read as
    one its player uses by choice in the main step (``keywords``' ``main_gift``: the ``gift`` command), whose effect for
    the turn (「このターンの間、このホロメンのアーツに必要な無色-2」) reaches the performance step after it."""
    then = spec(m[4])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    cost = {"effect": "cost_stage_support_bottom", "params": {"names": re.findall(r"〈([^〉]+)〉", m[3]), "then": then}}
    return "main_gift", {"then": cost, **({"once": True} if m[2] else {}), **({"at": K._limits(m[1])} if m[1] else {})}


# ------------------------------------------------------------------ 「自分の…がステージに出た時」

EFFECTS.effect("enter_gift", timing="constant")(lambda t, f: None)


@TEXTS.pattern(K.LIMIT + r"?(\[ターンに1回\])?自分の(.+?)がステージに出た時、(.+)")
def _enter_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A gift 「[…限定][ターンに1回]自分の<カード>がステージに出た時、<効果>」 (``enter_frames``)."""
    flt = K.card_filter(m[3])
    then = spec(m[4])
    if flt is None or then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "enter_gift", {"filter": flt, "then": then, **({"once": True} if m[2] else {}),
                          **({"at": K._limits(m[1])} if m[1] else {})}


def enter_frames(t: Board, seat: str, card: str) -> list[dict]:
    """The frames of ``seat``'s gifts 「自分の<カード>がステージに出た時」 for its ``card`` just put on the stage (``rules.Play``),
    each as its gift holder's (where it is now: 「[…限定]」), once a turn if so printed (the holder's ``enter_turn``)."""
    from kifu.replays.games.hocg.effects import _matches, cite
    from kifu.replays.kit import frame
    out = []
    for gpos, g in t.stage(seat):
        for pa in K._gift(t, g["card"], "enter_gift"):
            if not K._active(pa, gpos) or not _matches(t, card, pa["filter"]):
                continue
            if pa.get("once") and g.get("enter_turn") == t.s["turn"]:
                continue
            if pa.get("once"):
                g["enter_turn"] = t.s["turn"]
            cite(t, seat, g["card"], "gift")
            out.append(frame("gift_of", seat, g["card"], "gift", {"then": pa["then"]}, pos=gpos, faces=0, user=gpos))
    return out[::-1]


# ------------------------------------------------------------------ an oshi skill's cost and limit changed

EFFECTS.effect("skill_change", timing="constant")(lambda t, f: None)


@TEXTS.pattern(K.LIMIT + r"?自分の推しスキル「(.+?)」の\[ホロパワー:-(\d)\]を\[ホロパワー:-(\d)\]に変更する。")
def _skill_cost_change(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """A gift 「[…限定]自分の推しスキル「名前」の[ホロパワー:-N]を[ホロパワー:-M]に変更する」 (``skill_terms``)."""
    return "skill_change", {"skill": m[2], "holopower": [int(m[3]), int(m[4])], **({"at": K._limits(m[1])} if m[1] else {})}


@TEXTS.pattern(r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加このツールが付いているホロメンがセンターホロメンの時、"
               r"自分の推しスキル「(.+?)」の\[ターンに1回\]を\[ターンに(\d)回\]に変更する。")
def _skill_limit_change(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """A tool's 「◆(1st以上の)〈名前〉に付いていたら能力追加このツールが付いているホロメンがセンターホロメンの時、自分の推しスキル
    「名前」の[ターンに1回]を[ターンにN回]に変更する」 (``skill_terms``)."""
    holder = {"names": [m[2]], **({"min_level": A.LEVELS[m[1]]} if m[1] else {})}
    return "skill_change", {"skill": m[3], "per_turn": int(m[4]), "holder": holder, "at": ["center"]}


def _changes(t: Board, seat: str) -> list[dict]:
    """The ``skill_change`` constants in force for ``seat``: its holomem's gifts (where they are: 「[…限定]」) and the
    tools on its holomem that the tool's 「◆…に付いていたら」 names, at the position it names."""
    out = []
    for pos, h in t.stage(seat):
        out += [pa for pa in K._gift(t, h["card"], "skill_change") if K._active(pa, pos)]
        for card in h["attached"]:
            for ab in t.card(card)["abilities"]:
                pa = ab.get("params") or {}
                if ab.get("effect") != "skill_change" or not K._active(pa, pos):
                    continue
                holder, c = pa.get("holder", {}), t.card(h["card"])
                if "names" in holder and not set(holder["names"]) & names_of(t, h["card"]):
                    continue
                if "min_level" in holder and A.ORDER.get(c["level"], -1) < A.ORDER[holder["min_level"]]:
                    continue
                out.append(pa)
    return out


def skill_terms(t: Board, seat: str, ab: dict) -> tuple[int, int]:
    """The ホロパワー the oshi skill ``ab`` costs now and how many times a turn it may be used (its printed 1 for
    [ターンに1回]), as the ``skill_change`` constants in force change them (``rules.OshiSkill``, ``windows``)."""
    cost, times = ab["holopower"], 1
    name = re.sub(r"\s+", "", ab.get("name") or "")
    for pa in _changes(t, seat):
        if pa["skill"] != name:
            continue
        if "holopower" in pa and cost == pa["holopower"][0]:
            cost = pa["holopower"][1]
        if "per_turn" in pa and ab.get("limit") == "turn":
            times = max(times, pa["per_turn"])
    return cost, times


def skill_used_up(t: Board, seat: str, ab: dict) -> bool:
    """A [ターンに1回] oshi skill already used this turn (as the callers tell) used as many times as ``skill_terms``
    allows (``used_skill`` counts them; at least the once the callers know of)."""
    uses = t.p(seat).get("skill_uses") or {}
    times = uses.get("times", 1) if uses.get("turn") == t.s["turn"] else 1
    return times >= skill_terms(t, seat, ab)[1]


def used_skill(t: Board, seat: str, ab: dict) -> None:
    """``seat``'s oshi skill ``ab`` is being used (its main step or at a timing; called before its limit is marked):
    counted for this turn while a change lets it be used more than once (the record stays as it was otherwise); a
    use this turn not counted yet (the change came after it) counts as one."""
    if ab.get("limit") != "turn" or skill_terms(t, seat, ab)[1] <= 1:
        return
    pl = t.p(seat)
    uses = pl.get("skill_uses") or {}
    before = (pl["used"]["oshi"] and t.s["active"] == seat) or pl.get("oshi_turn") == t.s["turn"]
    times = uses["times"] if uses.get("turn") == t.s["turn"] else int(bool(before))
    pl["skill_uses"] = {"turn": t.s["turn"], "times": times + 1}


# ------------------------------------------------------------------ the art's damage: not reduced, dealt elsewhere

EFFECTS.effect("gift_unreduced", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"このホロメンのアーツの対象が自分のアーカイブのエールと同色の相手のホロメンなら、このホロメンのアーツダメージは軽減されない。")
def _gift_unreduced(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """A gift (hBP07-075): the art's damage to a target of a colour of a cheer in the own archive (``_unreduced``)."""
    return "gift_unreduced", {"target": "archive_cheer_colour"}


@needs("gift_unreduced")
def _unreduced(t: Board, seat: str, pos: str, attacker: dict, target: str) -> bool:
    """``effects.UNREDUCED``: the attacker's gift 「このホロメンのアーツの対象が自分のアーカイブのエールと同色の相手のホロメンなら、
    このホロメンのアーツダメージは軽減されない」 holds for this target."""
    if not K._gift(t, attacker["card"], "gift_unreduced"):
        return False
    from kifu.replays.games.hocg.effects import colors_of
    h = t.holo(other(seat), target)
    archived = {t.card(c)["colors"][0] for c in t.p(seat)["archive"] if t.card(c)["kind"] == "cheer"}
    return h is not None and bool(archived & set(colors_of(t, h, other(seat), target)))


UNREDUCED.append(_unreduced)


@EFFECTS.effect("arts_unreduced", timing="ability")
def arts_unreduced(t: Board, f: dict) -> Options:
    """An art's 「このアーツダメージは軽減されない」: its damage frame marked (``effects.damage``: no reduction reaches it)."""
    af = arts_frame(t)
    if af is not None and af["card"] == f["card"]:
        af["params"]["unreduced"] = True
    return None


@TEXTS.pattern(r"このアーツダメージは軽減されない。")
def _arts_unreduced(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "arts_unreduced", {}


@EFFECTS.effect("arts_redirect", timing="ability")
def arts_redirect(t: Board, f: dict) -> Options:
    """「このアーツダメージは、アーツの対象のホロメンのかわりに、相手のセンターホロメンとコラボホロメンに与える」: the art's damage
    to each of those there (``effects.arts_damage``' ``targets``: one hit after the other, the centre first), not the target."""
    af = arts_frame(t)
    if af is not None and af["card"] == f["card"]:
        there = [p for p in f["params"]["to"] if t.holo(other(f["seat"]), p) is not None]
        if there:
            af["params"]["targets"] = there
            t.event("arts_target", seat=f["seat"], card=f["card"], target=there)
    return None


@TEXTS.pattern(r"このアーツダメージは、アーツの対象のホロメンのかわりに、相手のセンターホロメンとコラボホロメンに与える。")
def _arts_redirect(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "arts_redirect", {"to": ["center", "collab"]}


# ------------------------------------------------------------------ 「<レベル>ホロメンからBloomしているこのホロメンがアーツを使った時」

@TEXTS.pattern(r"(Debut|1st|2nd)ホロメンからBloomしているこのホロメンがアーツを使った時、(相手の.+?に特殊ダメージ\d+を与える。)")
def _bloomed_from_arts_used(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A gift 「<レベル>ホロメンからBloomしているこのホロメンがアーツを使った時、相手の…に特殊ダメージNを与える」 (hBP06-065):
    ``keywords``' ``arts_used`` (resolved once the art is done, its text and its damage: the reading the family gives
    「使った時」, and the one 「シオンのすごい魔法」 (hBP02-005, 「…がアーツを使った時に使える:…特殊ダメージ」) is resolved by),
    the level of the card it bloomed from checked then."""
    hit = spec(m[2])
    if hit is None or hit["effect"] != "special_damage":
        return None
    then = {"effect": "arts_when", "params": {"test": "bloomed_from", "level": A.LEVELS[m[1]], "then": hit}}
    return "arts_used", {"user": {"self": True}, "then": then}


def _bloomed_from_test(t: Board, f: dict, pa: dict) -> bool:
    pos = own_holo_of(t, f)
    under = t.holo(f["seat"], pos)["stack"] if pos else []
    return bool(under) and t.card(under[-1])["level"] == pa["level"]


A.MORE_TESTS["bloomed_from"] = _bloomed_from_test
