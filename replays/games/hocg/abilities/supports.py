"""Support cards (staff, items, events, tools, mascots, fans; LIMITED included): their texts.
The attached cards' own (their triggers and constants) are in ``supports_attached``, whose
texts this family reads after its own.

Each shape composes with every family's through ``spec(part)``:

- play conditions, checked before the card is played (``refusal``, called by
  ``rules.Support.check``; the rule cited is the card's) and kept in the ability's
  ``params["needs"]``: 「このカードは、<条件>(で、<条件>)時にしか使えない / でなければ使えない。」
  (life, oshi, the whole stage's tag or name), 「自分の<〈名前〉・#タグを持つイベント>はターンに1回
  しか使えない。」 (the cards with such a limit played this turn: ``played``), and the cost
  「このカードは、自分のホロパワーN枚をアーカイブしなければ使えない。」 (refused without it, paid
  first: ``cost_holopower``);
- the events' and items' own effects: the opponent's back holomem to the collab position (its
  choice), the Debut holomem 「デッキに何枚でも入れられる」 from the deck (and the archive) to the
  stage, 「…引き、<効果>」, 「自分の…1人を選ぶ。選んだホロメンの…」 (``pick_then``), the archive back
  to a deck, a look taking one card of each kind, a search by the oshi's colour, a reveal
  taking N, a hand Debut traded for a 1st of its name.
"""
from __future__ import annotations

import re
from itertools import combinations, permutations
from typing import Any

from kifu.replays.games.hocg.abilities import supports_attached
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.abilities.supports_attached import (LEVELS, SUPPORT_KINDS, holomem_filter, holomem_fits,
                                                                 arts_cost, arts_used_frames)  # noqa: F401 (rules)
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import EFFECTS, Options, look_at_top, names_of, own_holo_of, push
from kifu.replays.games.hocg.state import MAX_STAGE, R_HOLOPOWER, Board, other
from kifu.replays.kit import ALL, frame

TEXTS = Texts()

#: the params ``rules.Support.check`` reads before a card is played: kept at the ability's top
PLAY_KEYS = ("needs", "hand_min", "hand_max", "needs_collab", "stage_cheer_cost")


def _lift(spec: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``spec`` without its play conditions, and those conditions (to go to the top)."""
    params = {k: v for k, v in spec["params"].items() if k not in PLAY_KEYS}
    return {"effect": spec["effect"], "params": params}, {k: v for k, v in spec["params"].items() if k in PLAY_KEYS}


def _with_needs(effect: str, params: dict[str, Any], needs: list[dict], play: dict[str, Any] | None = None
                ) -> tuple[str, dict[str, Any]]:
    play = dict(play or {})
    merged = list(params.get("needs", [])) + list(play.pop("needs", [])) + needs
    return effect, {**params, **play, "needs": merged}


# ------------------------------------------------------------------ play conditions

#: one condition of 「このカードは、<条件>(で、<条件>)時にしか使えない / でなければ使えない」
CONDITIONS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"自分のライフが相手(?:のライフ)?より少ない"), lambda m: {"test": "life_below_opponent"}),
    (re.compile(r"自分のライフが(\d)以下"), lambda m: {"test": "life_at_most", "n": int(m[1])}),
    (re.compile(r"自分の推しホロメンが〈([^〉]+)〉"), lambda m: {"test": "oshi", "name": m[1]}),
    (re.compile(r"自分のステージのホロメン全員が#(.+?)を持つホロメン"), lambda m: {"test": "all_tag", "tag": m[1]}),
    (re.compile(r"自分のステージのホロメン全員が〈([^〉]+)〉"), lambda m: {"test": "all_name", "name": m[1]}),
    (re.compile(r"自分のステージに色が1色で異なる色のホロメンが2人以上い"), lambda m: {"test": "two_mono_colours"}),
]


#: tests of play conditions other families add (``CONDITIONS``' makers naming them): ``test -> (t, seat, need) ->
#: why refused, or None``
PLAY_TESTS: dict[str, Any] = {}


def _conditions(text: str) -> list[dict] | None:
    out = []
    for part in re.split(r"で、|(?<=てい)て、", text):  # 「…ダウンしていて、…」: as 「…で、」
        for pattern, make in CONDITIONS:
            m = pattern.fullmatch(part)
            if m:
                out.append(make(m))
                break
        else:
            return None
    return out


@TEXTS.pattern(r"このカードは、(.+?)(時にしか使えない|でなければ使えない|いなければ使えない)。(.+)")
def _play_condition(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    needs = _conditions(m[1] + ("い" if m[2].startswith("い") else ""))
    if needs is None or (rest := spec(m[3])) is None:
        return None
    return _with_needs(rest["effect"], rest["params"], needs)


@TEXTS.pattern(r"このカードは、自分のホロパワー(\d)枚をアーカイブしなければ使えない。(.+)")
def _holopower_cost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if (rest := spec(m[2])) is None:
        return None
    then, play = _lift(rest)
    n = int(m[1])
    return _with_needs("cost_holopower", {"count": n, "then": then}, [{"test": "holopower", "n": n}], play)


@TEXTS.pattern(r"(.+。)自分の(?:#(.+?)を持つ(スタッフ|アイテム|イベント)|〈([^〉]+)〉)はターンに1回しか使えない。")
def _once_per_turn(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if (rest := spec(m[1])) is None:
        return None
    once = {"test": "once", **({"tag": m[2], "support": SUPPORT_KINDS[m[3]]} if m[2] else {"name": m[4]})}
    return _with_needs(rest["effect"], rest["params"], [once])


def refusal(t: Board, seat: str, card: str) -> str | None:
    """Why ``card`` may not be played now by its play conditions (``params["needs"]``), or None."""
    pl, opp = t.p(seat), t.p(other(seat))
    for ab in t.card(card)["abilities"]:
        for need in ab["params"].get("needs", ()):
            test = need["test"]
            if test == "life_below_opponent" and not pl["life"] < opp["life"]:
                return f"「自分のライフが相手より少ない時にしか使えない」: life {pl['life']}, the opponent's {opp['life']}"
            if test == "life_at_most" and pl["life"] > need["n"]:
                return f"「自分のライフが{need['n']}以下でなければ使えない」: life {pl['life']}"
            if test == "oshi" and need["name"] not in names_of(t, pl["oshi"]):
                return f"「自分の推しホロメンが〈{need['name']}〉でなければ使えない」: the oshi is {t.name(pl['oshi'])}"
            if test == "all_tag" and not all(has_tag(t.card(h["card"]), need["tag"]) for _, h in t.stage(seat)):
                return f"「自分のステージのホロメン全員が#{need['tag']}を持つホロメンでなければ使えない」"
            if test == "all_name" and not all(need["name"] in names_of(t, h["card"]) for _, h in t.stage(seat)):
                return f"「自分のステージのホロメン全員が〈{need['name']}〉でなければ使えない」"
            if test == "two_mono_colours" and len(set(_mono_colours(t, seat).values())) < 2:
                return "「自分のステージに色が1色で異なる色のホロメンが2人以上いなければ使えない」"
            if test == "holopower" and len(pl["holopower"]) < need["n"]:
                return f"「自分のホロパワー{need['n']}枚をアーカイブしなければ使えない」: {len(pl['holopower'])} there"
            if test in PLAY_TESTS and (why := PLAY_TESTS[test](t, seat, need)):
                return why
            if test == "once" and any(_once_fits(t, used, need) for used in pl["used"].get("once", ())):
                what = f"#{need['tag']}を持つイベント" if "tag" in need else f"〈{need['name']}〉"
                return f"「自分の{what}はターンに1回しか使えない」: one was used this turn"
    return None


def _once_fits(t: Board, card: str, need: dict) -> bool:
    c = t.card(card)
    if "tag" in need:
        return c["support"] == need["support"] and has_tag(c, need["tag"])
    return need["name"] in names_of(t, card)


def played(t: Board, seat: str, card: str) -> None:
    """``card`` is played: kept for this turn if a once-per-turn limit may count it."""
    if any(n["test"] == "once" for ab in t.card(card)["abilities"] for n in ab["params"].get("needs", ())):
        t.p(seat)["used"].setdefault("once", []).append(card)


@EFFECTS.effect("cost_holopower", timing="ability")
def cost_holopower(t: Board, f: dict) -> Options:
    """「このカードは、自分のホロパワーN枚をアーカイブしなければ使えない。<効果>」: N face-down
    cards of the holopower (as an oshi skill pays) turned face up and archived, then the effect."""
    pl, n = t.p(f["seat"]), f["params"]["count"]
    if len(pl["holopower"]) < n:
        return None
    paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:n]]
    pl["holopower"] = pl["holopower"][n:]
    t.archive(f["seat"], *paid)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=paid)
    push(t, f, f["params"]["then"])
    return None


# ------------------------------------------------------------------ the events' effects

@TEXTS.pattern(r"自分のデッキを(\d)枚引き、(.+)")
def _draw_and(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    rest = spec(m[2])
    if rest is None:
        return None
    return "sequence", {"steps": [{"effect": "draw", "params": {"count": int(m[1])}}, rest]}


@TEXTS.pattern(r"相手のコラボホロメンがいない時、相手は、自身のバックホロメン1人をコラボポジションに移動させる"
               r"（移動はコラボとしては扱わない）。")
def _opp_back_to_collab(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "opp_back_to_collab", {}


@EFFECTS.effect("opp_back_to_collab", timing="ability")
def opp_back_to_collab(t: Board, f: dict) -> Options:
    """「相手のコラボホロメンがいない時、相手は、自身のバックホロメン1人をコラボポジションに移動
    させる（移動はコラボとしては扱わない）」: the opponent chooses which (``back_to_collab``)."""
    opp = other(f["seat"])
    if t.p(opp)["collab"] is None and t.p(opp)["back"]:
        t.s["stack"].append(frame("back_to_collab", opp, f["card"], f["origin"], {}))
    return None


@EFFECTS.effect("back_to_collab", timing="rule", prompt="コラボポジションに移動させるバックホロメン")
def back_to_collab(t: Board, f: dict) -> Options:
    options = [p for p in t.positions(f["seat"]) if p.startswith("back")]
    if len(options) <= 1:
        return _to_collab(t, f, options[0]) if options else None
    return options


@back_to_collab.answer
def _to_collab(t: Board, f: dict, choice: Any) -> Options:
    """Not a collab: no holopower, no collab effect, the turn's collab not used; a resting
    holomem stays resting."""
    seat = f["seat"]
    h = t.remove_holo(seat, choice)
    t.p(seat)["collab"] = h
    t.event("to_collab", seat=seat, card=h["card"], pos=choice, source=f["card"])
    return None


UNLIMITED_DEBUT = ("自分のデッキから、エクストラ「このホロメンはデッキに何枚でも入れられる」を持つDebutホロメン(?:1～)?(\\d)枚を(?:公開し、)?"
                   "ステージに出す。そしてデッキをシャッフルする。")


@TEXTS.pattern(UNLIMITED_DEBUT + r"(?:Debutホロメンを\1枚出したなら、さらに、自分の手札1枚をデッキの下に戻す。)?")
def _unlimited_debuts(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "search_stage", {"max": int(m[1]), "filter": {"level": "debut", "unlimited": True},
                            **({"all_then": {"effect": "hand_card_to_bottom", "params": {}}}
                               if m[0].endswith("デッキの下に戻す。") else {})}


def _fits(t: Board, card: str, flt: dict) -> bool:
    c = t.card(card)
    return (c["kind"] in ("holomem", "buzz") and ("level" not in flt or c["level"] == flt["level"])
            and (not flt.get("unlimited") or c["unlimited"]))


@EFFECTS.effect("search_stage", timing="ability", prompt="デッキから公開してステージに出すホロメン（終えるならnull）")
def search_stage(t: Board, f: dict) -> Options:
    """「自分のデッキから、<条件>1～N枚を公開し、ステージに出す。そしてデッキをシャッフルする。
    (N枚出したなら、さらに、<効果>。)」: one at a time to the back (as if played), until N, null
    or a full stage; then the shuffle, then (N put out) the effect."""
    seat = f["seat"]
    f.setdefault("put", 0)
    if f["put"] >= f["params"]["max"] or t.stage_count(seat) >= MAX_STAGE:
        return _search_stage_done(t, f)
    fits = [c for c in t.zones.may_contain(f"deck/{seat}") if _fits(t, c, f["params"]["filter"])]
    return fits + [None]


def _search_stage_done(t: Board, f: dict) -> Options:
    if f["put"] == 0:
        t.event("not_found", seat=f["seat"], source=f["card"])
    t.zones.shuffle(f"deck/{f['seat']}")
    if f["params"].get("all_then") and f["put"] >= f["params"]["max"]:
        push(t, f, f["params"]["all_then"])
    return None


@search_stage.answer
def _stage_found(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _search_stage_done(t, f)
    seat = f["seat"]
    card = t.zones.take(f"deck/{seat}", choice, t.rule_of(f["card"]), how="search")
    t.p(seat)["back"].append(t.new_holo(card))
    t.event("reveal", seat=seat, card=card, source=f["card"])
    f["put"] += 1
    return search_stage.run(t, f)


@EFFECTS.effect("hand_card_to_bottom", timing="ability", prompt="デッキの下に戻す手札", secret=True)
def hand_to_bottom(t: Board, f: dict) -> Options:
    """「自分の手札1枚をデッキの下に戻す」: face down (which one is the seat's secret)."""
    options = t.hand_cards(f["seat"])
    if len(options) == 1:
        return _hand_bottom(t, f, options[0])
    return options or None


@hand_to_bottom.answer
def _hand_bottom(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    item = t.hand_item(seat, choice)
    t.p(seat)["hand"].remove(item)
    t.zones.put(f"deck/{seat}", item, end="bottom")
    t.event("to_bottom", seat=seat, card=f["card"])
    return None


# ------------------------------------------------------------------ 「自分の…1人を選ぶ。選んだホロメンの…」

@TEXTS.pattern(r"自分の(?:ステージの)?(.+?)1人を選ぶ。(.+)")
def _pick_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分の(ステージの)<ホロメン>1人を選ぶ。<選んだホロメンの…>(。その後、…)」: each sentence read
    with 「選んだホロメン」 as 「このホロメン」 (``pick_then`` runs them as the chosen holomem's)."""
    flt = holomem_filter(m[1])
    if flt is None or "選んだホロメン" not in m[2] or "かわりに" in m[2]:
        return None
    steps = []
    for sentence in re.findall(r"[^。]+。", m[2]):
        sentence = re.sub(r"^その後、", "", sentence).replace("選んだホロメン", "このホロメン").replace("そのホロメン", "このホロメン")
        step = spec(sentence)
        if step is None or EFFECTS[step["effect"]].timing != "ability":
            return None
        steps.append(step)
    if not steps or "".join(re.findall(r"[^。]+。", m[2])) != m[2] or [x["effect"] for x in steps] == ["boost_self"]:
        return None  # (one boost alone: the other families' and rawlist's own form)
    return "pick_then", {"filter": flt, "steps": steps}


@EFFECTS.effect("pick_then", timing="ability", prompt="選ぶホロメン")
def pick_then(t: Board, f: dict) -> Options:
    """The holomem chosen (of those that fit; none: nothing happens), then the steps as its own
    (「このホロメン」 in them is it)."""
    options = [p for p, h in t.stage(f["seat"]) if holomem_fits(t, h, f["params"]["filter"])
               and f["params"].get("pos", p) == p]  # 「自分のコラボポジションの〈名前〉を選ぶ」 (event_supports)
    if len(options) <= 1:
        return _picked(t, f, options[0]) if options else None
    return options


@pick_then.answer
def _picked(t: Board, f: dict, choice: Any) -> Options:
    card = t.holo(f["seat"], choice)["card"]
    t.event("picked", seat=f["seat"], pos=choice, card=card, source=f["card"])
    for step in reversed(f["params"]["steps"]):
        t.s["stack"].append(frame(step["effect"], f["seat"], card, f["origin"], step["params"], pos=choice))
    return None


@TEXTS.pattern(r"自分のステージに#(.+?)を持つホロメンがいる時、(?:さらに、)?(.+)")
def _if_stage_tag(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_stage_tag", {"tag": m[1], "then": then}) if then else None


@EFFECTS.effect("if_stage_tag", timing="ability")
def if_stage_tag(t: Board, f: dict) -> Options:
    """「自分のステージに#タグを持つホロメンがいる時、(さらに、)<効果>」."""
    if any(has_tag(t.card(h["card"]), f["params"]["tag"]) for _, h in t.stage(f["seat"])):
        push(t, f, f["params"]["then"])
    return None


# ------------------------------------------------------------------ the archive back to a pile

def _archived_what(what: str) -> dict[str, Any] | None:
    """The archived cards 「<what>」 names: 「エール」, 「[マスコットとファン]」, or as a look reads it."""
    from kifu.replays.games.hocg import rawlist  # loaded by then: it reads this module's texts
    if what == "エール":
        return {"cheer": True}
    m = re.fullmatch(r"\[((?:ホロメン|ツール|マスコット|ファン|イベント|アイテム|スタッフ)(?:と(?:ホロメン|ツール|マスコット|ファン|"
                     r"イベント|アイテム|スタッフ))+)\]", what)
    if m:
        return {"any_of": ["holomem" if w == "ホロメン" else SUPPORT_KINDS[w] for w in m[1].split("と")]}
    flt = rawlist._look_filter(what)
    return flt if flt else None


@TEXTS.pattern(r"自分のアーカイブの(.+?)(?:合計)?1～(\d)枚を(デッキ|エールデッキ)に戻(?:してシャッフルする|す。そして(?:エール)?デッキを"
               r"シャッフルする)。")
def _archive_to_pile(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = _archived_what(m[1])
    if flt is None or (("cheer" in flt) != (m[3] == "エールデッキ")):
        return None
    return "archive_to_pile", {"filter": flt, "max": int(m[2]), "pile": "cheer" if m[3] == "エールデッキ" else "deck"}


@EFFECTS.effect("archive_to_pile", timing="ability", prompt="デッキに戻すアーカイブのカード（終えるならnull）")
def archive_to_pile(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>1～N枚を(エール)デッキに戻してシャッフルする」: one at a time (at least
    one, if any fits), shown (the archive is public); then the pile is shuffled."""
    pa = f["params"]
    f.setdefault("back", 0)
    fits = sorted({c for c in t.p(f["seat"])["archive"] if _archived_fits(t, c, pa["filter"])})
    if f["back"] >= pa["max"] or not fits:
        return _pile_shuffled(t, f)
    return fits + ([None] if f["back"] else [])


def _archived_fits(t: Board, card: str, flt: dict) -> bool:
    from kifu.replays.games.hocg.effects import _matches
    if flt.get("cheer"):
        return t.card(card)["kind"] == "cheer"
    return t.card(card)["kind"] != "cheer" and _matches(t, card, flt)


def _pile_shuffled(t: Board, f: dict) -> Options:
    if f["back"]:
        t.zones.shuffle(f"{f['params']['pile']}/{f['seat']}")
    return None


@archive_to_pile.answer
def _to_pile(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _pile_shuffled(t, f)
    seat = f["seat"]
    t.p(seat)["archive"].remove(choice)
    t.zones.shuffle_in(f"{f['params']['pile']}/{seat}", choice)
    t.event("to_deck", seat=seat, card=choice, source=f["card"])
    f["back"] += 1
    return archive_to_pile.run(t, f)


# ------------------------------------------------------------------ a look with a card of each kind

def _slots(text: str) -> list[dict] | None:
    """「[AとB]1枚ずつ」 or 「A1枚とB1枚」: the filters of the cards to take, one of each."""
    from kifu.replays.games.hocg import rawlist  # loaded by then: it reads this module's texts
    m = re.fullmatch(r"\[(.+?)と(.+?)\]1枚ずつ", text) or re.fullmatch(r"(.+?)1枚と(.+?)1枚", text)
    if m is None:
        return None
    slots = [rawlist._look_filter(w) for w in (m[1], m[2])]
    return slots if all(s is not None for s in slots) else None


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を見る。その中から、(.+?)を公開し、公開した(?:カード|ホロメン)を手札に加える。そして残った"
               r"カードを(好きな順でデッキの下に戻す|アーカイブする)。")
def _look_slots(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    slots = _slots(m[2])
    if slots is None:
        return None
    return "look_slots", {"count": int(m[1]), "slots": slots, "rest": "archive" if m[3] == "アーカイブする" else "bottom"}


@EFFECTS.effect("look_slots", timing="ability", prompt="見たカードから公開して手札に加えるカード（終えるならnull）")
def look_slots(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を見る。その中から、[AとB]1枚ずつ(A1枚とB1枚)を公開し、…手札に加える。
    そして残ったカードを好きな順でデッキの下に戻す / アーカイブする」: as ``look_top`` (seen by the seat
    only, taken ones shown), each taken card filling one kind still open."""
    look_at_top(t, f, f["params"]["count"])
    f["taken"] = []
    return _slot_options(t, f)


def assignable(t: Board, cards: list[str], slots: list[dict]) -> bool:
    """``cards`` may each fill a different one of ``slots`` (「1枚ずつ」: one card of each kind)."""
    from kifu.replays.games.hocg.effects import _matches
    return len(cards) <= len(slots) and any(all(_matches(t, c, slots[i]) for c, i in zip(cards, perm))
                                            for perm in permutations(range(len(slots)), len(cards)))


def _slot_options(t: Board, f: dict) -> Options:
    from kifu.replays.games.hocg.effects import _could_be, _look_rest
    fits = sorted({c for item in f["looked"] for c in _could_be(t, item)
                   if assignable(t, f["taken"] + [c], f["params"]["slots"])})
    if not fits:
        return _look_rest(t, f)
    return fits + [None]


@look_slots.answer
def _slot_taken(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import _could_be, _look_rest
    if choice is None:
        return _look_rest(t, f)
    seat, rule = f["seat"], t.rule_of(f["card"])
    item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in _could_be(t, i))
    f["looked"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", rule)
    t.p(seat)["hand"].append(choice)
    t.event("reveal", seat=seat, card=choice, source=f["card"])
    f["taken"].append(choice)
    return _slot_options(t, f)


# ------------------------------------------------------------------ two holomem of two colours

def _mono_colours(t: Board, seat: str) -> dict[str, str]:
    """The own holomem of one colour each, by position -> that colour."""
    return {p: t.card(h["card"])["colors"][0] for p, h in t.stage(seat) if len(t.card(h["card"])["colors"]) == 1}


@TEXTS.pattern(r"自分のステージの色が1色で異なる色のホロメン2人を選ぶ。自分のデッキから、Buzz以外のそれぞれ選んだホロメンと同色の1st"
               r"ホロメン1枚ずつを公開し、手札に加える。そしてデッキをシャッフルする。")
def _two_colour_search(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "two_colour_search", {"filter": {"holomem": True, "level": "1st", "no_buzz": True}}


@EFFECTS.effect("two_colour_search", timing="ability", prompt="選ぶ2人のホロメン")
def two_colour_search(t: Board, f: dict) -> Options:
    """「自分のステージの色が1色で異なる色のホロメン2人を選ぶ。自分のデッキから、Buzz以外のそれぞれ選んだ
    ホロメンと同色の1stホロメン1枚ずつを公開し、手札に加える。そしてデッキをシャッフルする。」: the two
    (a pair of positions), then ``search_slots`` for one card of each colour."""
    mono = _mono_colours(t, f["seat"])
    pairs = [[a, b] for a, b in combinations(sorted(mono), 2) if mono[a] != mono[b]]
    if len(pairs) <= 1:
        return _two_chosen(t, f, pairs[0]) if pairs else None
    return pairs


@two_colour_search.answer
def _two_chosen(t: Board, f: dict, choice: Any) -> Options:
    mono = _mono_colours(t, f["seat"])
    slots = [{**f["params"]["filter"], "colors": [mono[p]]} for p in choice]
    push(t, f, {"effect": "search_slots", "params": {"slots": slots}})
    return None


@EFFECTS.effect("search_slots", timing="ability", prompt="デッキから公開して手札に加えるカード（終えるならnull）")
def search_slots(t: Board, f: dict) -> Options:
    """「自分のデッキから、<A>と<B>1枚ずつを公開し、手札に加える。そしてデッキをシャッフルする」: one
    card at a time of the kinds still open (null: none found), then the shuffle."""
    f.setdefault("taken", [])
    pile = f"deck/{f['seat']}"
    return slots_left(t, f, [c for c in t.zones.may_contain(pile) if assignable(t, f["taken"] + [c], f["params"]["slots"])])


def slots_left(t: Board, f: dict, fits: list[str]) -> Options:
    """A slot search's next choice: ``fits`` (the deck's cards that still leave each taken card its slot) and null,
    or, with none, the shuffle that ends it."""
    if not fits:
        if not f["taken"]:
            t.event("not_found", seat=f["seat"], source=f["card"])
        t.zones.shuffle(f"deck/{f['seat']}")
        return None
    return fits + [None]


def slot_taken(t: Board, f: dict, choice: Any, search: Any) -> Options:
    """A slot search's answer: the card revealed to the hand, then ``search`` (its effect) asks again; null ends it."""
    seat, pile = f["seat"], f"deck/{f['seat']}"
    if choice is None:
        t.zones.shuffle(pile)
        return None
    card = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
    t.p(seat)["hand"].append(card)
    t.event("reveal", seat=seat, card=card, source=f["card"])
    f["taken"].append(card)
    return search.run(t, f)


@search_slots.answer
def _slot_found(t: Board, f: dict, choice: Any) -> Options:
    return slot_taken(t, f, choice, search_slots)


# ------------------------------------------------------------------ a search by the oshi's colour

@TEXTS.pattern(r"自分のデッキから、自分の推しホロメンと同色の(.+?)1枚を公開し、手札に加える。そしてデッキをシャッフルする。")
def _search_oshi_colour(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    from kifu.replays.games.hocg import rawlist  # loaded by then: it reads this module's texts
    flt = rawlist._look_filter(m[1])
    if not flt or "colors" in flt:
        return None
    return "search_oshi_colour", {"filter": flt}


@EFFECTS.effect("search_oshi_colour", timing="ability")
def search_oshi_colour(t: Board, f: dict) -> Options:
    """「自分のデッキから、自分の推しホロメンと同色の<条件>1枚を公開し、手札に加える。そしてデッキを
    シャッフルする」: ``search_deck`` for the oshi's colours (those now)."""
    colors = list(t.card(t.p(f["seat"])["oshi"])["colors"])
    push(t, f, {"effect": "search_deck", "params": {"filter": {**f["params"]["filter"], "colors": colors}}})
    return None


# ------------------------------------------------------------------ more events

ALL_COLOURS = ["white", "green", "red", "blue", "purple", "yellow"]


@TEXTS.pattern(r"自分のエールデッキから、エール1枚を公開し、自分の(?:#(.+?)を持つ)?ホロメンに送る。そしてエールデッキをシャッフルする。")
def _any_cheer_search(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """「…エール1枚を公開し、…」: a cheer of any colour (``cheer_search``)."""
    return "cheer_search", {"colors": ALL_COLOURS, "to": "choose", **({"tag": m[1]} if m[1] else {})}


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を公開する。その中から(\d)枚を手札に加える。そして残ったカードを(アーカイブする|好きな順でデッキの下に"
               r"戻す)。")
def _reveal_take(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "reveal_take", {"count": int(m[1]), "take": int(m[2]), "rest": "archive" if m[3] == "アーカイブする" else "bottom"}


@EFFECTS.effect("reveal_take", timing="ability", prompt="公開したカードから手札に加えるカード")
def reveal_take(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を公開する。その中からM枚を手札に加える。そして残ったカードをアーカイブする
    (好きな順でデッキの下に戻す)」: the cards turned face up (everyone sees them), M of them taken
    (all, if fewer), the rest as the text says."""
    seat = f["seat"]
    shown = []
    for _ in range(f["params"]["count"]):
        card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
        if card is None:
            break
        shown.append(card)
        t.event("revealed", seat=seat, card=card, source=f["card"])
    f["looked"], f["taken"] = shown, 0
    return _reveal_options(t, f)


def _reveal_options(t: Board, f: dict) -> Options:
    from kifu.replays.games.hocg.effects import _look_rest
    if f["taken"] >= f["params"]["take"] or not f["looked"]:
        return _look_rest(t, f)
    options = sorted(set(f["looked"]))
    if len(f["looked"]) <= f["params"]["take"] - f["taken"]:  # every one is taken: no choice
        return _revealed_taken(t, f, options[0])
    return options


@reveal_take.answer
def _revealed_taken(t: Board, f: dict, choice: Any) -> Options:
    f["looked"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("reveal", seat=f["seat"], card=choice, source=f["card"])
    f["taken"] += 1
    return _reveal_options(t, f)


@TEXTS.pattern(r"自分の手札のDebutホロメン1枚を公開し、デッキの下に戻す。自分のデッキから、戻したホロメンと同じカード名のBuzz以外の1st"
               r"ホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。")
def _debut_for_1st(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "debut_for_1st", {}


@EFFECTS.effect("debut_for_1st", timing="ability", prompt="公開してデッキの下に戻す手札のDebutホロメン")
def debut_for_1st(t: Board, f: dict) -> Options:
    """「自分の手札のDebutホロメン1枚を公開し、デッキの下に戻す。自分のデッキから、戻したホロメンと同じ
    カード名のBuzz以外の1stホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする」: the
    Debut shown and put under the deck, then the search (``search_deck``) by its name."""
    options = [c for c in t.hand_cards(f["seat"]) if t.card(c)["kind"] == "holomem" and t.card(c)["level"] == "debut"]
    if len(options) == 1:
        return _debut_back(t, f, options[0])
    return options or None


@debut_for_1st.answer
def _debut_back(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    t.take_from_hand(seat, choice, "show", t.rule_of(f["card"]))
    t.zones.put(f"deck/{seat}", choice, end="bottom")
    t.event("shown_to_bottom", seat=seat, card=choice, source=f["card"])
    push(t, f, {"effect": "search_deck", "params": {"filter": {"holomem": True, "level": "1st", "no_buzz": True,
                                                               "names": [t.card(choice)["name"]]}}})
    return None



@TEXTS.pattern(r"自分のアーカイブの(Debut|Spot)ホロメン1枚をステージに出す。")
def _archive_to_stage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "archive_to_stage", {"level": LEVELS.get(m[1], "spot")}


@EFFECTS.effect("archive_to_stage", timing="ability", prompt="アーカイブからステージに出すホロメン")
def archive_to_stage(t: Board, f: dict) -> Options:
    """「自分のアーカイブのDebutホロメン1枚をステージに出す」: to the back, as if played (room allowing)."""
    if t.stage_count(f["seat"]) >= MAX_STAGE:
        return None
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "holomem"
                   and t.card(c)["level"] == f["params"]["level"]})
    if len(fits) <= 1:
        return _archive_staged(t, f, fits[0]) if fits else None
    return fits


@archive_to_stage.answer
def _archive_staged(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    t.p(seat)["archive"].remove(choice)
    t.p(seat)["back"].append(t.new_holo(choice))
    t.event("to_stage", seat=seat, card=choice, source=f["card"])
    return None


# the attached cards' texts, after this module's own (``rules`` reads ``arts_cost`` and
# ``arts_used_frames`` here)
TEXTS.entries.extend(supports_attached.TEXTS.entries)


# ------------------------------------------------------------------ this turn's baton touch cost

@TEXTS.pattern(r"このターンの間、このホロメンのバトンタッチに必要な無色(?:エール)?-(\d)。")
def _baton_less_turn(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """牛丼 (hBP05-075, through ``pick_then``: 「このターンの間、選んだホロメンのバトンタッチに必要な無色エール-2」)."""
    return "baton_less_turn", {"amount": int(m[1])}


@EFFECTS.effect("baton_less_turn", timing="ability")
def baton_less_turn(t: Board, f: dict) -> Options:
    """「このターンの間、このホロメンのバトンタッチに必要な無色エール-N」: a lasting modifier on the holomem
    to this turn's end (``Board.baton_cost``: not below 0), wherever it goes."""
    pos = own_holo_of(t, f)
    if pos is None:
        return None
    h = t.holo(f["seat"], pos)
    h.setdefault("lasting", []).append({"kind": "baton", "amount": -f["params"]["amount"], "until": t.s["turn"]})
    t.event("lasting", seat=f["seat"], pos=pos, card=h["card"], modifier="baton", amount=-f["params"]["amount"],
            source=f["card"])
    return None


# ------------------------------------------------------------------ a chosen holomem, more with cheer

@TEXTS.pattern(r"自分の(?:ステージの)?(.+?)1人を選ぶ。このターンの間、選んだホロメンのアーツ\+(\d+)。そのホロメンに、エールが(\d)枚以上付いて"
               r"いるなら、かわりに、そのホロメンのアーツ\+(\d+)。")
def _pick_boost_or_more(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """まつたけダンス (hSD15-010): 「自分のステージの〈儒烏風亭らでん〉1人を選ぶ。このターンの間、選んだホロメンのアーツ+10。
    そのホロメンに、エールが3枚以上付いているなら、かわりに、そのホロメンのアーツ+20。」"""
    flt = holomem_filter(m[1])
    if flt is None:
        return None
    return "pick_then", {"filter": flt, "steps": [{"effect": "boost_self_cheer", "params": {
        "amount": int(m[2]), "n": int(m[3]), "more": int(m[4])}}]}


@EFFECTS.effect("boost_self_cheer", timing="ability")
def boost_self_cheer(t: Board, f: dict) -> Options:
    """「このターンの間、このホロメンのアーツ+N。そのホロメンに、エールがK枚以上付いているなら、かわりに、アーツ+M」:
    the cheer it holds as this resolves."""
    pos = own_holo_of(t, f)
    if pos is None:
        return None
    h = t.holo(f["seat"], pos)
    pa = f["params"]
    amount = pa["more"] if len(h["cheer"]) >= pa["n"] else pa["amount"]
    h["mods"]["arts"] += amount
    t.event("boost", seat=f["seat"], pos=pos, amount=amount, card=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、自分の(.+?)1人のアーツに必要な(無色|.)(?:エール)?-(\d)。")
def _pick_cost_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """限界飯 (hBP04-091): 「このターンの間、自分の〈一条莉々華〉1人のアーツに必要な無色エール-1」: the holomem chosen
    (``pick_then``), its arts' cost lowered this turn (the keywords family's ``cost_less_turn``)."""
    flt = holomem_filter(m[1])
    step = spec(f"このターンの間、このホロメンのアーツに必要な{m[2]}-{m[3]}。")
    if flt is None or step is None:
        return None
    return "pick_then", {"filter": flt, "steps": [step]}
