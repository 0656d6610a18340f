"""Extra arts and extra or irregular Blooms, and holomems going from the stage to the deck.

- 「このターンの間、自分の〈名前〉1人は、アーツを使った後、同じアーツをもう1回使う(使える)」: the holomem chosen is
  marked for the turn (``arts_again`` on the holomem); once an art of it has resolved (``rules.Arts`` puts
  ``again_frames`` under the art's own frames) the same art is used once more on a target chosen again
  (``rules.art_frames``: its 「…がアーツを使った時」 triggers, damage and text again). Judge's choice where the
  rulebook is silent: the second use is an art used, so it needs what an art needs then (the holomem still there
  and awake, the cheer its cost names, a target it may take); 「使える」 may be declined, 「使う」 may not.
- 「このホロメンは、自分のステージの#タグを持つホロメン全員のアーツを、すべて使える（アーツを使うためのエールは必要）」:
  the arts command's ``art`` counts its card's arts, then each lender's (``arts_list``); the one used is kept on the
  holomem for the turn (``lend``, ``effects.art_at``: every reader of 「この/そのアーツ」 goes through it).
- 「…もう1回Bloomできる」 by an ability (``oshi_skills_cards.skill_bloom_from`` with ``again``: a holomem that bloomed
  this turn), 「…を、自分の手札の1stホロメンを使ってBloomできる。この能力では最初のターンでもBloomできる」
  (``first_ok``, ``level``); gifts that let the Bloom from the hand do what 対戦中の現象/Bloom forbids (「Bloomレベルを
  無視して」, 「このターンにBloomしたこのホロメンは、…もう1回Bloomできる」): ``bloom_waivers``, read by ``rules.Bloom``.
- 「自分のSP推しスキル「名前」でBloomした時、<効果>」: the bloom effect's frame says which ability bloomed it (``via``,
  ``bloom_source``).
- The stage to the deck: 「自分のバックポジションの<レベル>ホロメン(の〈名前〉)1人をデッキの下に戻せる:<効果>」 (a
  cost: ``oshi_skills_turn``'s move, its cheer and supports archived) and 「[ターンに1回]自分のターンで、自分の〈名前〉
  がステージからデッキに戻った時、<効果>」 (a gift: ``oshi_skills_turn.LEFT_TO_DECK_HOOKS``); 「相手のバックホロメン1人を
  Debutホロメンに戻す」.
- 「自分のターンで、このホロメンがコラボポジションに移動した時、<効果>」: a collab gift of the holomem itself
  (``keywords_gifts.event_gift_frames``' ``self``).
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import keywords as K
from kifu.replays.games.hocg.abilities.arts import MORE_TESTS, condition
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import EFFECTS, Options, names_of, push
from kifu.replays.games.hocg.state import Board, other
from kifu.replays.kit import frame

TEXTS = Texts()
LEVELS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}


def _norm(name: str | None) -> str:
    from kifu.replays.games.hocg.rawlist import WIDE_DIGITS
    return re.sub(r"\s+", "", name or "").translate(WIDE_DIGITS)


# ------------------------------------------------------------------ the same art once more

@EFFECTS.effect("arts_again_grant", timing="ability", prompt="アーツをもう1回使えるホロメン")
def arts_again_grant(t: Board, f: dict) -> Options:
    """「このターンの間、自分の<holder>1人は、アーツを使った後、同じアーツをもう1回使う(使える)」."""
    options = K.holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _again_granted(t, f, options[0]) if options else None
    return options


@arts_again_grant.answer
def _again_granted(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    h["arts_again"] = {"turn": t.s["turn"], **({"optional": True} if f["params"].get("optional") else {})}
    t.event("arts_again", seat=f["seat"], pos=choice, card=h["card"], source=f["card"])
    return None


def again_frames(t: Board, seat: str, pos: str, art: int) -> list[dict]:
    """The frame of the art used once more (``rules.Arts``: put under the art's own frames, it resolves after them)."""
    h = t.holo(seat, pos)
    mark = h.get("arts_again") if h else None
    if not mark or mark["turn"] != t.s["turn"]:
        return []
    return [frame("arts_again", seat, h["card"], "arts", {"pos": pos, "art": art, "optional": bool(mark.get("optional"))},
                  pos=pos)]


def _again_targets(t: Board, f: dict) -> list[str]:
    from kifu.replays.games.hocg.abilities import arts as arts_texts
    from kifu.replays.games.hocg.abilities import oshi_skills, supports
    from kifu.replays.games.hocg.rules import cost_met
    seat, pa = f["seat"], f["params"]
    h = t.holo(seat, pa["pos"])
    if h is None or h["card"] != f["card"] or h["rested"]:
        return []
    art = E.art_at(t, h, pa["art"])
    if art is None:
        return []
    cost = K.arts_cost(t, seat, pa["pos"], art["cost"])  # as ``rules.Arts.check`` reads it
    cost = arts_texts.art_cost(t, seat, pa["pos"], {**art, "cost": cost})
    cost = supports.arts_cost(t, seat, pa["pos"], cost)
    cost = oshi_skills.arts_cost(t, seat, pa["pos"], cost)
    if not cost_met(t, h["cheer"], cost):
        return []
    opp = other(seat)
    return [p for p in K.forced_targets(t, opp) or ("center", "collab")
            if t.holo(opp, p) is not None and arts_texts.use_problem(t, seat, h, art, p) is None]


@EFFECTS.effect("arts_again", timing="rule", prompt="もう1回使うアーツの対象（使わないならnull）")
def arts_again(t: Board, f: dict) -> Options:
    """The art once more, on a target chosen again (none it may take, or its holomem gone: nothing)."""
    targets = _again_targets(t, f)
    if not targets:
        return None
    if len(targets) == 1 and not f["params"]["optional"]:
        return _used_again(t, f, targets[0])
    return targets + ([None] if f["params"]["optional"] else [])


@arts_again.answer
def _used_again(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.rules import art_frames
    if choice is None:
        return None
    art_frames(t, f["seat"], f["params"]["pos"], f["params"]["art"], choice)
    return None


EFFECTS.effect("borrow_arts", timing="constant")(lambda t, f: None)


def _lenders(t: Board, seat: str, pos: str) -> list[dict]:
    """The arts the holomem at ``pos`` may use besides its card's (「このホロメンは、自分のステージの#タグを持つホロメン全員の
    アーツを、すべて使える」: each other holomem of that tag on the stage, in stage order, one card's once)."""
    h = t.holo(seat, pos)
    tags = [a["params"]["tag"] for a in t.card(h["card"])["abilities"] if a.get("effect") == "borrow_arts"] if h else []
    out: list[dict] = []
    seen = {h["card"]} if h else set()
    for p, x in t.stage(seat):
        if tags and p != pos and x["card"] not in seen and any(has_tag(t.card(x["card"]), tag) for tag in tags):
            seen.add(x["card"])
            out += [dict(a) for a in t.card(x["card"])["arts"]]
    return out


def arts_list(t: Board, seat: str, pos: str) -> list[dict]:
    """The arts the holomem at ``pos`` may use now (``rules.Arts``): its card's, then its lenders' (the cheer they need
    is still its own: 「アーツを使うためのエールは必要」)."""
    h = t.holo(seat, pos)
    return list(t.card(h["card"])["arts"]) + _lenders(t, seat, pos) if h else []


def lend(t: Board, seat: str, pos: str, index: int) -> None:
    """The art ``index`` of the holomem at ``pos`` is used (``rules.Arts``): a lender's is kept on the holomem for the
    turn (``h["borrowed"]``, read by ``effects.art_at``), so that its frames (and its use once more) read it even if
    the lender leaves."""
    h = t.holo(seat, pos)
    if index >= len(t.card(h["card"])["arts"]):
        h["borrowed"] = {"turn": t.s["turn"], "arts": _lenders(t, seat, pos)}


@TEXTS.pattern(r"このホロメンは、自分のステージの#(.+?)を持つホロメン全員のアーツを、すべて使える(?:（アーツを使うためのエールは必要）)?。")
def _borrow(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Queen of Impersonation (hBP07-048)."""
    return "borrow_arts", {"tag": m[1]}


@TEXTS.pattern(r"(?:自分の(.+?)1人を選ぶ。このターンの間、選んだホロメンは|このターンの間、自分の(.+?)1人は、)アーツを使った後、"
               r"同じアーツをもう1回使(う|える)。")
def _again(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """死神ラップ (hBP02-007), もういっぺぇ (hBP07-008)."""
    flt = K.holder_filter(m[1] or m[2])
    if flt is None:
        return None
    return "arts_again_grant", {"holder": flt, **({"optional": True} if m[3] == "える" else {})}


# ------------------------------------------------------------------ Blooms the rules forbid

EFFECTS.effect("bloom_ignore_level", timing="constant")(lambda t, f: None)
EFFECTS.effect("bloom_again_gift", timing="constant")(lambda t, f: None)


def bloom_waivers(t: Board, seat: str, pos: Any, card: Any) -> set[str]:
    """What 対戦中の現象/Bloom forbids that a gift of the holomem at ``pos`` lets ``card`` (from the hand) do:
    "level" (「自分のライフがN以下の間、このホロメンは、自分の手札の<レベル>〈名前〉に、Bloomレベルを無視してBloomできる」),
    "again" (「<条件>なら、このターンにBloomしたこのホロメンは、自分の手札の<レベル>ホロメンを使ってもう1回Bloomできる」)."""
    h = t.holo(seat, pos) if isinstance(pos, str) else None
    if h is None or card not in t.cs.cards:
        return set()
    c, out = t.card(card), set()
    for a in t.card(h["card"])["abilities"]:
        pa = a.get("params") or {}
        if a["kind"] != "gift" or c["level"] != pa.get("level"):
            continue
        if a.get("effect") == "bloom_ignore_level" and t.p(seat)["life"] <= pa["life_max"] \
                and set(pa["names"]) & names_of(t, card):
            out.add("level")
        elif a.get("effect") == "bloom_again_gift" and h["stack"] and h["since"] == t.s["turn"] \
                and (not pa.get("oshi") or t.card(t.p(seat)["oshi"])["name"] == pa["oshi"]) \
                and (not pa.get("opp_level") or any(t.card(x["card"])["level"] == pa["opp_level"]
                                                    for _, x in t.stage(other(seat)))):
            out.add("again")
    return out


@TEXTS.pattern(r"自分のライフが(\d)以下の間、このホロメンは、自分の手札の(1st|2nd)〈([^〉]+)〉に、Bloomレベルを無視してBloomできる。")
def _ignore_level(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Overwrite (hBP01-045)."""
    return "bloom_ignore_level", {"life_max": int(m[1]), "level": LEVELS[m[2]], "names": [m[3]]}


@TEXTS.pattern(r"(?:自分の推しホロメンが〈([^〉]+)〉で、相手のステージに(Debut|1st|2nd)ホロメンがいるなら、)?このターンにBloomした"
               r"このホロメンは、自分の手札の(1st|2nd)ホロメンを使ってもう1回Bloomできる。")
def _again_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """300馬力だよ！ (hSD10-004)."""
    return "bloom_again_gift", {"level": LEVELS[m[3]], **({"oshi": m[1], "opp_level": LEVELS[m[2]]} if m[1] else {})}


@TEXTS.pattern(r"自分のこのターンに(DebutホロメンからBloomした|Bloomした)(.+?)(?:1人)?を、自分の手札のホロメンを使って、?"
               r"もう1回Bloomできる。")
def _bloom_again(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ビジネスフレンド (hBP05-040), ブルームステージ (hBP06-090), 伝えたい想い (hBP06-027): ``skill_bloom_from`` again."""
    flt = K.holder_filter(m[2])
    if flt is None:
        return None
    if m[1].startswith("Debut"):
        flt = {**flt, "from_level": "debut"}
    return "skill_bloom_from", {"holder": flt, "source": "hand", "again": True, "optional": True}


@TEXTS.pattern(r"自分の(センター|コラボ|バック)ホロメンの〈([^〉]+)〉を、自分の手札の(1st|2nd)ホロメンを使ってBloomできる。"
               r"この能力では最初のターンでもBloomできる。")
def _bloom_first_turn(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """この日が来た！ (hBP07-050)."""
    return "skill_bloom_from", {"holder": {"pos": [K.SLOTS[m[1]]], "names": [m[2]]}, "source": "hand",
                                "level": LEVELS[m[3]], "optional": True, "first_ok": True}


@TEXTS.pattern(r"このホロメンが相手の(センター)?ホロメンをダウンさせた時、(.+)")
def _ko_bloom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """伝えたい想い (hBP06-027): 「…ダウンさせた時、…もう1回Bloomできる」, once the downs' own steps are done
    (``effects.ko_triggers``; rawlist's ``KO_SAFE`` reads no Bloom)."""
    then = spec(m[2])
    if then is None or then["effect"] != "skill_bloom_from":
        return None
    return "on_ko", {"then": then, **({"center": True} if m[1] else {})}


@TEXTS.pattern(r"このホロメンがBuzzホロメンからBloomしている(?:なら|時)、(.+)")
def _from_buzz(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """一緒にすてっぷ (hBP06-027: 「…さらに、このホロメンがBuzzホロメンからBloomしているなら、このアーツダメージは
    軽減されない」): the card right under it is a Buzz holomem (``keywords.holds_now``' ``bloomed_from_buzz``)."""
    then = spec(m[1])
    return ("if_holds", {"test": "bloomed_from_buzz", "then": then}) if then else None


def bloom_source(t: Board, f: dict) -> dict | None:
    """The oshi skill whose frame ``f`` (a Bloom by an ability) is: ``{"kind", "name"}``, or None (not an oshi's)."""
    if f["origin"] != "oshi" or f["card"] != t.p(f["seat"])["oshi"]:
        return None
    me = {"effect": f["effect"], "params": f["params"]}

    def holds(node: Any) -> bool:
        if isinstance(node, dict):
            return node == me or any(holds(v) for v in node.values())
        return isinstance(node, list) and any(holds(v) for v in node)
    for a in t.card(f["card"])["abilities"]:
        if {"effect": a.get("effect"), "params": a.get("params")} == me or holds(a.get("params")):
            return {"kind": a["kind"], "name": _norm(a.get("name"))}
    return None


@EFFECTS.effect("if_bloomed_via", timing="ability")
def if_bloomed_via(t: Board, f: dict) -> Options:
    """「自分のSP推しスキル「名前」でBloomした時、<効果>」: the bloom effect's frame names the skill that bloomed it."""
    via = f.get("via") or {}
    if via.get("kind") == f["params"]["kind"] and via.get("name") == f["params"]["name"]:
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分の(SP推しスキル|推しスキル)「(.+?)」でBloomした時、(.+)")
def _bloomed_via(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """オリーを見てください！ (hBP04-061)."""
    then = spec(m[3])
    return ("if_bloomed_via", {"kind": "sp_oshi" if m[1].startswith("SP") else "oshi", "name": m[2], "then": then}
            if then else None)


@TEXTS.pattern(r"自分の(.+?)1人のHPすべて回復。")
def _heal_one_full(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分の<holder>1人のHPすべて回復」 (``skill_heal_full``: the one there is, or one chosen)."""
    flt = K.holder_filter(m[1])
    return ("skill_heal_full", {"holder": flt}) if flt is not None else None


# ------------------------------------------------------------------ conditions

@condition(r"直前の相手のターンに自分の#(.+?)を持つホロメンがダウンしていた(?:なら|時)")
def _downed_tag(m):
    return {"test": "downed_tag_last_opp_turn", "tag": m[1]}


def _downed_tag_test(t: Board, f: dict, pa: dict) -> bool:
    """One's holomem of that tag went down in the opponent's turn just before (``effects.check_downs`` lists the
    downed cards in that turn's ``used``, the opponent's, kept till its next turn)."""
    opp = other(f["seat"])
    return t.s["active"] == f["seat"] and any(has_tag(t.card(c), pa["tag"])
                                              for c in t.p(opp)["used"].get("downed_cards", ()))


MORE_TESTS["downed_tag_last_opp_turn"] = _downed_tag_test


# ------------------------------------------------------------------ the stage to the deck

@EFFECTS.effect("cost_stage_to_bottom", timing="ability", prompt="デッキの下に戻すホロメン（しないならnull）")
def cost_stage_to_bottom(t: Board, f: dict) -> Options:
    """「自分のバックポジションの<レベル>ホロメン(の〈名前〉)1人をデッキの下に戻せる:<効果>」: the holomem chosen goes
    to the bottom of the deck (``oshi_skills_turn.skill_stage_to_bottom``'s move), then the effect; null: neither."""
    options = K.holders(t, f, f["params"]["holder"])
    return options + [None] if options else None


@cost_stage_to_bottom.answer
def _stage_cost_paid(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.abilities.oshi_skills_turn import _to_bottom_chosen
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    _to_bottom_chosen(t, f, choice)
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分のバックポジションの(Debut|1st|2nd)ホロメン(?:の〈([^〉]+)〉)?1人をデッキの下に戻せる:(.+)")
def _stage_to_bottom_cost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Haachama ♥ Restaurant (hBP07-040), ハッピー☆パピー (hSD12-013, hSD12-014)."""
    then = spec(m[3])
    if then is None:
        return None
    return "cost_stage_to_bottom", {"holder": {"pos": ["back"], "level": LEVELS[m[1]], **({"names": [m[2]]} if m[2] else {})},
                                    "then": then}


EFFECTS.effect("gift_left_to_deck", timing="constant")(lambda t, f: None)


def _left_to_deck(t: Board, seat: str, card: str) -> None:
    """``seat``'s holomem ``card`` went from the stage to the deck: the gifts 「([ターンに1回])自分のターンで、自分の〈名前〉
    がステージからデッキに戻った時、<効果>」 of ``seat``'s holomem still on the stage (``gift_of``: as the holomem's)."""
    pl = t.p(seat)
    pl["used"]["left_to_deck"] = pl["used"].get("left_to_deck", 0) + 1  # 「このターンに自分のホロメンがステージからデッキに戻っていた」
    if t.s["active"] != seat:
        return
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "gift_left_to_deck" or not set(pa["names"]) & names_of(t, card):
                continue
            if pa.get("once") and g.get("deck_gift_turn") == t.s["turn"]:
                continue
            if pa.get("once"):
                g["deck_gift_turn"] = t.s["turn"]
            E.cite(t, seat, g["card"], a.get("name") or "gift")
            t.s["stack"].append(frame("gift_of", seat, g["card"], "gift", {"then": pa["then"]}, pos=gpos, faces=0,
                                      user=gpos))


@TEXTS.pattern(r"(\[ターンに1回\])?自分のターンで、自分の〈([^〉]+)〉がステージからデッキに戻った時、(.+)")
def _left_to_deck_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """血ゃ舞ってる奴いる！？ (hBP07-039)."""
    then = spec(m[3])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "gift_left_to_deck", {"names": [m[2]], "then": then, **({"once": True} if m[1] else {})}


@EFFECTS.effect("opp_back_to_debut", timing="ability", prompt="Debutホロメンに戻す相手のバックホロメン")
def opp_back_to_debut(t: Board, f: dict) -> Options:
    """「相手のバックホロメン1人をDebutホロメンに戻す（ダメージを無くした後、Debutホロメン1枚とエールすべてを残し、他の
    カードすべてを手札に戻す）」: a back holomem with a Debut among its cards (the one chosen; the only one: it)."""
    opp = other(f["seat"])
    options = [p for p, h in t.stage(opp) if p.startswith("back")
               and any(t.card(x)["level"] == "debut" for x in [*h["stack"], h["card"]])]
    if len(options) <= 1:
        return _to_debut(t, f, options[0]) if options else None
    return options


@opp_back_to_debut.answer
def _to_debut(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    h = t.holo(opp, choice)
    cards = [*h["stack"], h["card"]]
    debut = next(x for x in cards if t.card(x)["level"] == "debut")
    cards.remove(debut)
    back = cards + list(h["attached"])
    h["damage"], h["card"], h["stack"], h["attached"] = 0, debut, [], []
    t.p(opp)["hand"].extend(back)  # face up on the stage: known cards
    t.event("to_debut", seat=opp, pos=choice, card=debut, to_hand=back, source=f["card"])
    return None


@TEXTS.pattern(r"相手のバックホロメン1人をDebutホロメンに戻す(?:（[^）]*）)?。")
def _back_to_debut(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """巻き戻し (hBP01-095)."""
    return "opp_back_to_debut", {}


# ------------------------------------------------------------------ moved to the collab position

@TEXTS.pattern(r"(\[ターンに1回\])?自分のターンで、このホロメンがコラボポジションに移動した時、(.+)")
def _moved_to_collab(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """私のとっておき！ (hBP07-085), メロゥ・フラワリー (hBP08-088): ``event_gift`` "collab" of the holomem itself."""
    then = spec(m[2])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "event_gift", {"on": "collab", "holder": {}, "self": True, "then": then, **({"once": True} if m[1] else {})}


def _register() -> None:
    from kifu.replays.games.hocg.abilities.oshi_skills_turn import LEFT_TO_DECK_HOOKS
    if _left_to_deck not in LEFT_TO_DECK_HOOKS:
        LEFT_TO_DECK_HOOKS.append(_left_to_deck)


_register()
