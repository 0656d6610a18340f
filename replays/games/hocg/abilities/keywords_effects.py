"""Bloom and collab effects (キーワード), the family's effects that run: cheer sent, arts bonuses for the
turn, the deck, the archive, the hand and ホロパワー, cards attached, dice rolled N times. Registered
through ``keywords`` (its shapes first): see its docstring for the parts they compose with.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities.grammar import Spec
from kifu.replays.games.hocg.abilities.keywords import (ALL_COLORS, COLOR_CHARS, LEVELS, SUPPORT_KINDS, TEXTS,
                                                        _faces, _gift, _new_filter, _runs, _side, card_filter,
                                                        holder_filter, holders, holds_now)
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (DIE, EFFECTS, R_DICE, Options, attach_cheer, names_of, own_holo_of,
                                             push, roll)
from kifu.replays.games.hocg.state import MAX_STAGE, Board, needs, other
from kifu.replays.kit import frame


# ------------------------------------------------------------------ cheer

@EFFECTS.effect("cheer_to_holomem", timing="ability", prompt="エールを送るホロメン（送らないならnull）")
def cheer_to_holomem(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚を、自分の<holder>に送る(送れる: asked first)」: the top
    cheer turned up (everyone sees it), then to which of those holomem."""
    seat, pa = f["seat"], f["params"]
    targets = holders(t, f, pa["holder"])
    if t.cheer_deck_size(seat) <= 0 or not targets or pa.get("count", 1) <= 0:
        return None
    if pa.get("optional") and f["stage"] == 0:
        f["stage"] = "asked"
        return ["send", None]
    f["stage"] = "sending"
    f["cheer"] = t.reveal_cheer(seat, "cheer", t.rule_of(f["card"]))
    t.event("cheer_up", seat=seat, card=f["cheer"])
    return targets if len(targets) > 1 else _cheer_sent(t, f, targets[0])


@cheer_to_holomem.answer
def _cheer_sent(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "asked":
        if choice is None:
            return None
        f["stage"] = "sending"
        return cheer_to_holomem.run(t, f)
    attach_cheer(t, f["seat"], choice, f["cheer"])
    if f["params"].get("count", 1) > 1:
        t.s["stack"].append({**f, "params": {**f["params"], "count": f["params"]["count"] - 1}})
    return None


@TEXTS.pattern(r"自分のエールデッキの上から(\d)枚を、?自分の(.+?)に送(る|れる)。")
def _cheer_to_holomem(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[2])
    # rawlist's own: any holomem, the centre, the back, a Debut, a #tag
    if flt is None or set(flt) <= {"tag"} or flt in ({"pos": ["center"]}, {"pos": ["back"]}, {"level": "debut"}):
        return None
    return "cheer_to_holomem", {"holder": flt, **({"count": int(m[1])} if m[1] != "1" else {}),
                                **({"optional": True} if m[3] == "れる" else {})}


@TEXTS.pattern(r"自分のエールデッキから、エール1枚を公開し、(このホロメン|自分のホロメン|自分のセンターホロメン)に送る。"
               r"そしてエールデッキをシャッフルする。")
def _cheer_search_any(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "cheer_search", {"colors": list(ALL_COLORS),
                            "to": {"このホロメン": "self", "自分のホロメン": "choose", "自分のセンターホロメン": "center"}[m[1]]}


@EFFECTS.effect("cheer_search_like", timing="ability")
def cheer_search_like(t: Board, f: dict) -> Options:
    """「自分のエールデッキから、自分の#タグを持つホロメン1人と同色のエール1枚を公開し、自分の
    #タグを持つホロメンに送る。そしてエールデッキをシャッフルする」: ``cheer_search`` of the
    colours those holomem have now."""
    tag = f["params"]["tag"]
    colors = sorted({x for _, h in t.stage(f["seat"]) if has_tag(t.card(h["card"]), tag)
                     for x in t.card(h["card"])["colors"]} & set(ALL_COLORS))
    if colors:
        push(t, f, {"effect": "cheer_search", "params": {"colors": colors, "to": "choose", "tag": tag}})
    return None


@TEXTS.pattern(r"自分のエールデッキから、自分の#(.+?)を持つホロメン1人と同色のエール1枚を公開し、自分の#\1を持つホロメンに送る。"
               r"そしてエールデッキをシャッフルする。")
def _cheer_search_like(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "cheer_search_like", {"tag": m[1]}


@EFFECTS.effect("archive_cheer_each", timing="ability", prompt="アーカイブのエールを送るホロメン / 送るエール（終えるならnull）")
def archive_cheer_each(t: Board, f: dict) -> Options:
    """「自分のアーカイブの(<色>)エール1枚ずつを、自分の<holder>1～N人に送れる」: a holomem not
    yet sent to (or null: done), then which cheer (if they differ); up to N holomem."""
    pa = f["params"]
    done = f.setdefault("done", [])
    cheer = _archive_cheer(t, f)
    names = {n for p in done for n in names_of(t, t.holo(f["seat"], p)["card"])} if pa.get("per_name") else set()
    targets = [p for p in holders(t, f, pa["holder"]) if p not in done
               and not (names and set(pa["holder"]["names"]) & names_of(t, t.holo(f["seat"], p)["card"]) & names)]
    if len(done) >= pa["max"] or not cheer or not targets:
        return None
    f["stage"] = "holomem"
    return targets + ([None] if len(done) >= pa.get("min", 0) else [])


def _archive_cheer(t: Board, f: dict) -> list[str]:
    colors = f["params"].get("colors")
    return sorted({c for c in t.p(f["seat"])["archive"]
                   if t.card(c)["kind"] == "cheer" and (not colors or t.card(c)["colors"][0] in colors)})


@archive_cheer_each.answer
def _archive_cheer_each(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "holomem":
        if choice is None:
            return None
        f["to"], f["stage"] = choice, "cheer"
        cheer = _archive_cheer(t, f)
        if len(cheer) > 1:
            return cheer
        choice = cheer[0]
    t.p(f["seat"])["archive"].remove(choice)
    attach_cheer(t, f["seat"], f["to"], choice)
    f["done"].append(f["to"])
    return archive_cheer_each.run(t, f)


@TEXTS.pattern(r"自分のアーカイブの(.)?エール1枚ずつを、自分の(.+?)1～(\d)人に送れる。")
def _archive_cheer_each_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[2])
    if flt is None or (m[1] is not None and m[1] not in COLOR_CHARS):
        return None
    return "archive_cheer_each", {"max": int(m[3]), "holder": flt, **({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})}


@EFFECTS.effect("cost_holo_cheer", timing="ability", prompt="アーカイブするエール（ホロメンとエール、しないならnull）")
def cost_holo_cheer(t: Board, f: dict) -> Options:
    """「自分の<holder>のエール1枚をアーカイブできる:<効果>」: which cheer of which of those
    holomem (or null: not paid); the effect follows once it is archived."""
    colors = f["params"].get("colors")
    options = sorted({(p, c) for p in holders(t, f, f["params"]["holder"]) for c in t.holo(f["seat"], p)["cheer"]
                      if not colors or t.card(c)["colors"][0] in colors})
    if not options:
        return None
    listed = [list(pc) for pc in options] + ([] if f["params"].get("must") else [None])  # 「…アーカイブする。…したなら」
    return listed if f["params"].get("to") == "cheer_bottom" else E.archive_options(t, f, "cheer", listed)


@cost_holo_cheer.answer
def _holo_cheer_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    if f["params"].get("to") != "cheer_bottom" and E.archived_instead(t, f, "cheer", choice):
        push(t, f, f["params"]["then"])
        return None
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    if f["params"].get("to") == "cheer_bottom":  # 「エールデッキの下に戻せる」
        t.zones.put(f"cheer/{f['seat']}", cheer, end="bottom")
    else:
        E.archive_by(t, f, "cheer", cheer)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=cheer, pos=pos)
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分の(.+?)の(.)?エール1枚を(アーカイブできる|エールデッキの下に戻せる):(.+)")
def _cost_holo_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = {} if m[1] == "ステージ" else holder_filter(m[1])
    if flt is None or (m[2] is not None and m[2] not in COLOR_CHARS) or (then := spec(m[4])) is None:
        return None
    return "cost_holo_cheer", {"holder": flt, "then": then, **({"colors": [COLOR_CHARS[m[2]]]} if m[2] else {}),
                               **({"to": "cheer_bottom"} if m[3].startswith("エールデッキ") else {})}


@EFFECTS.effect("look_cheer_top", timing="ability", prompt="見たエールから公開して送るエール / 送るホロメン")
def look_cheer_top(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚を見る。その中から、エール1枚を公開し、自分のホロメンに送る。
    そして残ったエールを好きな順でエールデッキの下に戻す」: the cards are seen by the seat only
    (a chance event), the one sent by everyone; the rest go under in the order chosen."""
    seat = f["seat"]
    if not _side(t, f, f["params"].get("holder", {})):
        return None
    looked = []
    for _ in range(min(f["params"]["count"], max(0, t.cheer_deck_size(seat)))):
        looked.append(t.zones.draw(f"cheer/{seat}", "look", t.rule_of(f["card"]), visible=(seat,)))
    f["looked"], f["stage"] = looked, "cheer"
    t.event("looked", seat=seat, count=len(looked), card=f["card"], zone="cheer")
    if not looked:
        return None
    return sorted({c for item in looked for c in E._could_be(t, item)})


@look_cheer_top.answer
def _look_cheer_step(t: Board, f: dict, choice: Any) -> Options:
    seat, rule = f["seat"], t.rule_of(f["card"])
    if f["stage"] == "cheer":
        item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in E._could_be(t, i))
        f["looked"].remove(item)
        if item != choice:
            t.zones.reveal(item, choice, "look", rule)
        t.event("reveal", seat=seat, card=choice, source=f["card"])
        f["cheer"], f["stage"] = choice, "holomem"
        rest = f["looked"]
        if len(rest) > 1:
            t.s["stack"].append(frame("cheer_to_bottom", seat, f["card"], f["origin"], {"items": rest}))
        elif rest:
            t.zones.put(f"cheer/{seat}", rest[0], end="bottom")
        targets = _side(t, f, f["params"].get("holder", {}))
        if len(targets) > 1:
            return targets
        choice = targets[0]
    attach_cheer(t, seat, choice, f["cheer"])
    return None


@EFFECTS.effect("cheer_to_bottom", timing="rule", prompt="次にエールデッキの下に戻すエール", secret=True)
def cheer_to_bottom(t: Board, f: dict) -> Options:
    """「残ったエールを好きな順でエールデッキの下に戻す」: one at a time (a secret choice)."""
    items = f["params"]["items"]
    if len(items) <= 1:
        for item in items:
            t.zones.put(f"cheer/{f['seat']}", item, end="bottom")
        t.event("to_bottom", seat=f["seat"], card=f["card"], zone="cheer")
        return None
    return sorted(set(items))


@cheer_to_bottom.answer
def _cheer_bottom_next(t: Board, f: dict, choice: Any) -> Options:
    f["params"]["items"].remove(choice)
    t.zones.put(f"cheer/{f['seat']}", choice, end="bottom")
    return cheer_to_bottom.run(t, f)


@TEXTS.pattern(r"自分のエールデッキの上から(\d)枚を見る。その中から、エール1枚を公開し、自分の(.+?)に送る。"
               r"そして残ったエールを好きな順でエールデッキの下に戻す。")
def _look_cheer_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[2])
    if flt is None:
        return None
    return "look_cheer_top", {"count": int(m[1]), **({"holder": flt} if flt else {})}


# ------------------------------------------------------------------ arts, HP

@EFFECTS.effect("boost_holomem", timing="ability", prompt="アーツを強化するホロメン")
def boost_holomem(t: Board, f: dict) -> Options:
    """「このターンの間、自分の<holder>(1人 | [センターホロメンとコラボホロメン] | 全員)のアーツ+N」
    (``all``: each of them, else the one chosen)."""
    options = holders(t, f, f["params"]["holder"])
    if f["params"].get("all"):
        for pos in options:
            _boosted(t, f, pos)
        return None
    if len(options) <= 1:
        return _boosted(t, f, options[0]) if options else None
    return options


@boost_holomem.answer
def _boosted(t: Board, f: dict, choice: Any) -> Options:
    amount = f["params"]["amount"]
    if "instead" in f["params"] and _instead_holds(t, f, choice, f["params"]["instead"]):
        amount = f["params"]["instead"]["amount"]  # 「…なら、かわりに、そのホロメンのアーツ+M」
    t.holo(f["seat"], choice)["mods"]["arts"] += amount
    t.event("boost", seat=f["seat"], pos=choice, amount=amount, card=f["card"])
    return None


def _instead_holds(t: Board, f: dict, pos: str, cond: dict) -> bool:
    """「選んだホロメンがBuzzホロメンか2ndホロメンなら」 (``buzz``, ``levels``: the holomem chosen) or 「このホロメンに#タグを持つ
    サポートカードが付いているなら」 (``self_attached_tag``: the ability's own holomem)."""
    if "self_attached_tag" in cond:
        own = own_holo_of(t, f)
        return own is not None and any(t.card(a)["kind"] == "support" and has_tag(t.card(a), cond["self_attached_tag"])
                                       for a in t.holo(f["seat"], own)["attached"])
    c = t.card(t.holo(f["seat"], pos)["card"])
    return (cond.get("buzz") and c["kind"] == "buzz") or c["level"] in cond.get("levels", ())


@TEXTS.pattern(r"このターンの間、自分の(.+?)のアーツ\+(\d+)。")
def _boost_holomem(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    desc, amount = m[1], int(m[2])
    if re.fullmatch(r"ステージの〈[^〉]+〉全員|(.)?センターホロメン|(.)ホロメン1人", desc):
        return None  # rawlist's own
    both = re.fullmatch(r"(.*?)\[センターホロメンとコラボホロメン\]", desc)
    if both:
        flt = holder_filter(both[1] + "ホロメン")
        return ("boost_holomem", {"holder": {**flt, "pos": ["center", "collab"]}, "amount": amount, "all": True}) \
            if flt is not None else None
    one = desc.endswith("1人")
    every = desc.endswith("全員")
    flt = holder_filter(desc[:-2] if one or every else desc)
    if flt is None or (not one and not every and flt.get("pos") not in (["center"], ["collab"])):
        return None
    return "boost_holomem", {"holder": flt, "amount": amount, **({} if one else {"all": True})}


@EFFECTS.effect("boost_per_cheer", timing="ability", prompt="アーツを強化するホロメン")
def boost_per_cheer(t: Board, f: dict) -> Options:
    """「自分のホロメン1人を選ぶ。このターンの間、選んだホロメンのエール1枚につき、選んだホロメンの
    アーツ+N。ただし、数える枚数はK枚まで」: a modifier on the holomem chosen, counted where its
    arts damage is computed (``modify_damage``) and ending with the turn."""
    options = t.positions(f["seat"])
    if len(options) <= 1:
        return _per_cheer_chosen(t, f, options[0]) if options else None
    return options


@boost_per_cheer.answer
def _per_cheer_chosen(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    h.setdefault("lasting", []).append({"kind": "arts_per_cheer", "amount": f["params"]["amount"],
                                        "cap": f["params"].get("cap"), "until": t.s["turn"]})
    t.event("lasting", seat=f["seat"], pos=choice, card=h["card"], modifier="arts_per_cheer",
            amount=f["params"]["amount"], source=f["card"])
    return None


@TEXTS.pattern(r"自分のホロメン1人を選ぶ。このターンの間、選んだホロメンのエール1枚につき、選んだホロメンのアーツ\+(\d+)。"
               r"(?:ただし、数える枚数は(\d+)枚まで。)?")
def _boost_per_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "boost_per_cheer", {"amount": int(m[1]), **({"cap": int(m[2])} if m[2] else {})}


@EFFECTS.effect("heal_for_damage", timing="ability", prompt="HPを回復するホロメン（しないならnull）")
def heal_for_damage(t: Board, f: dict) -> Options:
    """「自分の<holder>1人のHPN回復できる:相手の<対象>に、回復したダメージMにつき、特殊ダメージKを与える」: a
    damaged one of those holomem (or null: not done), then K special damage for each M healed."""
    options = [p for p in holders(t, f, f["params"]["holder"]) if t.holo(f["seat"], p)["damage"] > 0]
    return options + [None] if options else None


@heal_for_damage.answer
def _healed_for_damage(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    pa = f["params"]
    h = t.holo(f["seat"], choice)
    healed = min(h["damage"], pa["amount"])
    h["damage"] -= healed
    t.event("heal", seat=f["seat"], pos=choice, amount=healed, card=f["card"])
    E.after_heal(t, f["seat"], choice, healed, f["card"])  # 「…が回復した時」
    if healed // pa["per"]:
        push(t, f, {"effect": "special_damage", "params": {"amount": healed // pa["per"] * pa["damage"],
                                                           "target": pa["target"]}})
    return None


@TEXTS.pattern(r"自分の(.+?)1人のHP(\d+)回復できる:相手の(センター|コラボ)ホロメンに、回復したダメージ(\d+)につき、特殊ダメージ(\d+)を"
               r"与える。")
def _heal_for_damage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[1])
    if flt is None:
        return None
    return "heal_for_damage", {"holder": flt, "amount": int(m[2]), "per": int(m[4]), "damage": int(m[5]),
                               "target": "center" if m[3] == "センター" else "collab"}


@EFFECTS.effect("rest_opp_back", timing="ability", prompt="お休みさせる相手のバックホロメン")
def rest_opp_back(t: Board, f: dict) -> Options:
    """「相手のバックホロメン1人をお休みさせる」."""
    options = [p for p in t.positions(other(f["seat"])) if p.startswith("back")]
    if len(options) <= 1:
        return _rested(t, f, options[0]) if options else None
    return options


@rest_opp_back.answer
def _rested(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    h = t.holo(opp, choice)
    h["rested"] = True
    t.event("rested", seat=opp, pos=choice, card=h["card"], source=f["card"])
    return None


@TEXTS.pattern(r"相手のバックホロメン1人をお休みさせる。")
def _rest_opp_back(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "rest_opp_back", {}


# ------------------------------------------------------------------ the deck, the archive, the hand, ホロパワー

@TEXTS.pattern(r"自分のデッキから(、)?(.+?)1枚を公開し、(手札に加える|ステージに出す|ステージに出せる)。そしてデッキをシャッフルする。")
def _search(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """The search rawlist reads, for the descriptions it does not (and printed without its 「、」)."""
    flt = _new_filter(m[2]) if m[1] else card_filter(m[2])
    if not flt:
        return None
    return "search_deck", {"filter": flt, **({"dest": "stage"} if m[3] != "手札に加える" else {})}


@TEXTS.pattern(r"自分のアーカイブの(.+?)1枚を手札に戻(す|せる)。")
def _from_archive(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = _new_filter(m[1])
    return ("from_archive", {"optional": m[2] == "せる", "filter": flt}) if flt else None


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を見る。その中から、(.+?)(1枚を|を好きな枚数)公開し、(?:公開した(?:ホロメン|カード)を)?"
               r"手札に加える。そして残ったカードを(好きな順でデッキの下に戻す|アーカイブする)。")
def _look(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = _new_filter(m[2])
    if flt is None:
        return None
    return "look_top", {"count": int(m[1]), "filter": flt, "max": 1 if m[3] == "1枚を" else None,
                        "rest": "archive" if m[4] == "アーカイブする" else "bottom"}


@EFFECTS.effect("search_deck_n", timing="ability", prompt="デッキから公開して手札に加えるカード（終えるならnull）")
def search_deck_n(t: Board, f: dict) -> Options:
    """「自分のデッキから、異なるカード名の<条件>N枚を公開し、手札に加える。そしてデッキをシャッフル
    する」: one card at a time (each shown), of names not yet taken, until N or null."""
    seat, pa = f["seat"], f["params"]
    taken = f.setdefault("taken", [])
    if len(taken) >= pa["count"]:
        return _search_n_done(t, f)
    names = {t.name(c) for c in taken}
    fits = [c for c in t.zones.may_contain(f"deck/{seat}")
            if E._matches(t, c, pa["filter"]) and not (pa.get("distinct") and t.name(c) in names)]
    return fits + [None]


def _search_n_done(t: Board, f: dict) -> Options:
    if not f["taken"]:
        t.event("not_found", seat=f["seat"], source=f["card"])
    t.zones.shuffle(f"deck/{f['seat']}")
    return None


@search_deck_n.answer
def _searched_one(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _search_n_done(t, f)
    seat = f["seat"]
    card = t.zones.take(f"deck/{seat}", choice, t.rule_of(f["card"]), how="search")
    t.p(seat)["hand"].append(card)
    t.event("reveal", seat=seat, card=card, source=f["card"])
    f["taken"].append(card)
    return search_deck_n.run(t, f)


@TEXTS.pattern(r"自分のデッキから、異なるカード名の(.+?)(\d)枚を公開し、手札に加える。そしてデッキをシャッフルする。")
def _search_n(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    return ("search_deck_n", {"count": int(m[2]), "filter": flt, "distinct": True}) if flt is not None else None


@EFFECTS.effect("from_archive_n", timing="ability", prompt="アーカイブから手札に戻すカード（終えるならnull）")
def from_archive_n(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>1～N枚を手札に戻せる」: one at a time until N or null."""
    f.setdefault("taken", 0)
    fits = sorted({c for c in t.p(f["seat"])["archive"] if E._matches(t, c, f["params"]["filter"])})
    if f["taken"] >= f["params"]["max"] or not fits:
        return None
    return fits + [None]


@from_archive_n.answer
def _returned_one(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    f["taken"] += 1
    return from_archive_n.run(t, f)


@TEXTS.pattern(r"自分のアーカイブの(.+?)1～(\d)枚を手札に戻せる。")
def _from_archive_n(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    return ("from_archive_n", {"max": int(m[2]), "filter": flt}) if flt else None


@EFFECTS.effect("archive_to_deck_top", timing="ability", prompt="デッキの上に戻すアーカイブのカード")
def archive_to_deck_top(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>1枚をデッキの上に戻す」: shown (it leaves the archive face up),
    its place on top known to everyone."""
    fits = sorted({c for c in t.p(f["seat"])["archive"] if E._matches(t, c, f["params"]["filter"])})
    if f["params"].get("optional"):
        return fits + [None] if fits else None
    if len(fits) <= 1:
        return _to_deck_top(t, f, fits[0]) if fits else None
    return fits


@archive_to_deck_top.answer
def _to_deck_top(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    t.p(f["seat"])["archive"].remove(choice)
    t.zones.put(f"deck/{f['seat']}", choice, end="top")
    t.event("to_deck_top", seat=f["seat"], card=choice, source=f["card"])
    return None


@TEXTS.pattern(r"自分のアーカイブの(.+?)1枚をデッキの上に戻(す|せる)。")
def _archive_to_deck_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    return ("archive_to_deck_top", {"filter": flt, **({"optional": True} if m[2] == "せる" else {})}) if flt else None


@EFFECTS.effect("cost_hand_n", timing="ability", prompt="アーカイブする手札（しないならnull）")
def cost_hand_n(t: Board, f: dict) -> Options:
    """「自分の手札N枚をアーカイブできる:<効果>」 (N ≥ 2): the cards one at a time (the first may
    be null: not paid, and it is offered only with N in hand); the effect follows once N are
    archived. With ``each``, 「自分の手札を好きな枚数アーカイブできる:アーカイブしたカード1枚につき、
    <効果>」: any number until null, the effect once for each."""
    pa = f["params"]
    f.setdefault("paid", 0)
    hand = t.p(f["seat"])["hand"]
    if pa.get("each"):
        if not hand or f["paid"] >= pa.get("max", len(hand) + f["paid"]):
            return _each_paid(t, f)
        return t.hand_cards(f["seat"]) + [None]
    fits = [c for c in t.hand_cards(f["seat"]) if E._matches(t, c, pa.get("filter", {}))]
    if f["paid"] == 0 and (len(hand) < pa["count"] or not fits):
        return None
    return fits + ([None] if f["paid"] == 0 else []) if fits else None


def _each_paid(t: Board, f: dict) -> Options:
    then = f["params"]["then"]
    if f["params"].get("scale"):  # 「この能力でアーカイブしたカード1枚につき、…アーツ+N」: once, N times the cards
        if f["paid"]:
            push(t, f, {**then, "params": {**then["params"], "amount": then["params"]["amount"] * f["paid"]}})
        return None
    push(t, f, *[then] * f["paid"])
    return None


@cost_hand_n.answer
def _hand_paid(t: Board, f: dict, choice: Any) -> Options:
    pa = f["params"]
    if choice is None:
        if pa.get("each"):
            return _each_paid(t, f)
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    t.take_from_hand(f["seat"], choice, "cost", t.rule_of(f["card"]))
    E.archive_by(t, f, "hand", choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    f["paid"] += 1
    if not pa.get("each") and f["paid"] >= pa["count"]:
        push(t, f, pa["then"])
        return None
    return cost_hand_n.run(t, f)


@TEXTS.pattern(r"自分の手札(?:の(.+?))?(\d)枚をアーカイブできる:(.+)")
def _cost_hand_n(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1]) if m[1] else {}
    if int(m[2]) < 2 or flt is None or (then := spec(m[3])) is None:
        return None
    return "cost_hand_n", {"count": int(m[2]), "then": then, **({"filter": flt} if flt else {})}


@TEXTS.pattern(r"自分の手札(?:を好きな枚数|1～(\d)枚を?)アーカイブできる:アーカイブしたカード1枚につき、(.+)")
def _cost_hand_any(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("cost_hand_n", {"each": True, "then": then, **({"max": int(m[1])} if m[1] else {})}) if then else None


@EFFECTS.effect("to_holopower", timing="ability")
def to_holopower(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚をホロパワーにする」: face down, as a collab's (nobody sees them)."""
    seat = f["seat"]
    for _ in range(f["params"].get("count", 1)):
        item = t.zones.draw(f"deck/{seat}", "holopower", t.rule_of(f["card"]), visible=())
        if item is None:
            break
        t.p(seat)["holopower"].append(item)
        t.event("to_holopower", seat=seat, card=f["card"])
    return None


@TEXTS.pattern(r"自分のデッキの上から(\d)枚をホロパワーにする。")
def _to_holopower(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "to_holopower", {"count": int(m[1])}


@EFFECTS.effect("holopower_refill", timing="ability", prompt="ホロパワーから手札に加えるカード", secret=False)
def holopower_refill(t: Board, f: dict) -> Options:
    """「自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分のデッキの上から1枚を
    ホロパワーにする」: ``holopower_swap``'s look and take, then the deck's top face down."""
    options = E.holopower_swap.run(t, f)
    if not options:
        return to_holopower.run(t, {**f, "params": {"count": 1}})
    return options


@holopower_refill.answer
def _refilled(t: Board, f: dict, choice: Any) -> Options:
    E._from_holopower(t, f, choice)
    return to_holopower.run(t, {**f, "params": {"count": 1}})


@TEXTS.pattern(r"自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分のデッキの上から1枚をホロパワーにする。")
def _holopower_refill(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "holopower_refill", {}


# ------------------------------------------------------------------ attaching

def mascot_room(t: Board, h: dict, card: str) -> bool:
    """「このホロメンは、異なるカード名のマスコットを2枚まで付けられる」 (``two_mascots``): ``h``
    may take the mascot ``card`` besides the one(s) it holds."""
    if not _gift(t, h["card"], "two_mascots"):
        return False
    mascots = [a for a in h["attached"] if t.card(a)["support"] == "mascot"]
    return len(mascots) < 2 and all(t.name(a) != t.name(card) for a in mascots)


def attach_ok(t: Board, card: str, h: dict) -> bool:
    """``card`` (a tool, mascot or fan) may be attached to ``h`` as if played (カード/tool, mascot:
    one per holomem; a fan's 「…だけに付けられ」)."""
    c = t.card(card)
    kind = c["support"]
    if kind in ("tool", "mascot") and any(t.card(a)["support"] == kind for a in h["attached"]) \
            and not (kind == "mascot" and mascot_room(t, h, card)):
        return False
    only = {n for a in c["abilities"] for n in a["params"].get("only", ())}
    return not only or bool(only & names_of(t, h["card"]))


@EFFECTS.effect("attach_from_archive", timing="ability", prompt="アーカイブから付けるカード / 付けるホロメン")
def attach_from_archive(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>1枚を自分の<holder>に付ける(付けられる: null declines)」."""
    pa = f["params"]
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["support"] in ("tool", "mascot", "fan")
                   and E._matches(t, c, pa["filter"]) and _attach_targets(t, f, c)})
    f["stage"] = "card"
    if not fits:
        return None
    return fits + [None] if pa.get("optional") else fits


def _attach_targets(t: Board, f: dict, card: str) -> list[str]:
    return [p for p in _side(t, f, f["params"]["holder"]) if attach_ok(t, card, t.holo(f["seat"], p))]


@attach_from_archive.answer
def _attached_from_archive(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "card":
        if choice is None:
            return None
        f["attach"], f["stage"] = choice, "holomem"
        targets = _attach_targets(t, f, choice)
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.p(f["seat"])["archive"].remove(f["attach"])
    t.holo(f["seat"], choice)["attached"].append(f["attach"])
    t.event("attached", seat=f["seat"], pos=choice, card=f["attach"], source=f["card"])
    _attached_now(t, f["seat"], choice, f["attach"])
    return None


def _attached_now(t: Board, seat: str, pos: str, card: str) -> None:
    """The gifts 「このホロメンに〈名前〉が付いた時」 of the holomem ``card`` was just attached to."""
    from kifu.replays.games.hocg.abilities.keywords_gifts import attach_gift_frames
    t.s["stack"].extend(attach_gift_frames(t, seat, pos, card))


@TEXTS.pattern(r"自分のアーカイブの(.+?)1枚を、?(?:自分の)?(.+?)に付け(る|られる)。")
def _attach_from_archive(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt, to = card_filter(m[1]), ({"self": True} if m[2] == "このホロメン" else holder_filter(m[2]))
    if flt is None or to is None:
        return None
    return "attach_from_archive", {"filter": flt, "holder": to, "optional": m[3] == "られる"}


@EFFECTS.effect("attach_from_deck", timing="ability", prompt="デッキから公開して付けるカード / 付けるホロメン")
def attach_from_deck(t: Board, f: dict) -> Options:
    """「自分のデッキから、<条件>1枚を公開し、自分の<holder>に付ける。そしてデッキをシャッフルする」:
    the cards the deck may hold that fit and that one of those holomem may take (or null: none
    found), then the holomem; the deck is shuffled."""
    seat, pa = f["seat"], f["params"]
    f["stage"] = "card"
    fits = [c for c in t.zones.may_contain(f"deck/{seat}") if t.card(c)["support"] in ("tool", "mascot", "fan")
            and E._matches(t, c, pa["filter"]) and _attach_targets(t, f, c)]
    return fits + [None]


@attach_from_deck.answer
def _attached_from_deck(t: Board, f: dict, choice: Any) -> Options:
    seat, pile = f["seat"], f"deck/{f['seat']}"
    if f["stage"] == "card":
        if choice is None:
            t.event("not_found", seat=seat, source=f["card"])
            t.zones.shuffle(pile)
            return None
        f["attach"] = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
        t.event("reveal", seat=seat, card=f["attach"], source=f["card"])
        t.zones.shuffle(pile)
        f["stage"] = "holomem"
        targets = _attach_targets(t, f, choice)
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.holo(seat, choice)["attached"].append(f["attach"])
    t.event("attached", seat=seat, pos=choice, card=f["attach"], source=f["card"])
    _attached_now(t, seat, choice, f["attach"])
    return None


@TEXTS.pattern(r"自分のデッキから、?(.+?)1枚を公開し、(?:自分の)?(.+?)に付ける。そしてデッキをシャッフルする。")
def _attach_from_deck(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt, to = card_filter(m[1]), ({"self": True} if m[2] == "このホロメン" else holder_filter(m[2]))
    if flt is None or to is None:
        return None
    return "attach_from_deck", {"filter": flt, "holder": to}


@EFFECTS.effect("move_mascot", timing="ability", prompt="付け替えるマスコット（ホロメンとカード、しないならnull） / 付け替え先")
def move_mascot(t: Board, f: dict) -> Options:
    """「自分のステージのマスコット1枚を、自分のホロメンに付け替えられる」: which mascot (where it
    is), then to which other holomem that may take it."""
    seat = f["seat"]
    options = sorted({(p, a) for p, h in t.stage(seat) for a in h["attached"]
                      if t.card(a)["support"] == "mascot" and _mascot_targets(t, seat, p, a)})
    f["stage"] = "mascot"
    return [list(pa) for pa in options] + [None] if options else None


def _mascot_targets(t: Board, seat: str, src: str, card: str) -> list[str]:
    return [p for p, h in t.stage(seat) if p != src and attach_ok(t, card, h)]


@move_mascot.answer
def _mascot_moved(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "mascot":
        if choice is None:
            return None
        f["from"], f["stage"] = choice, "to"
        targets = _mascot_targets(t, seat, *choice)
        if len(targets) > 1:
            return targets
        choice = targets[0]
    src, card = f["from"]
    t.holo(seat, src)["attached"].remove(card)
    t.holo(seat, choice)["attached"].append(card)
    t.event("attached", seat=seat, pos=choice, card=card, source=f["card"], moved_from=src)
    _attached_now(t, seat, choice, card)
    return None


@TEXTS.pattern(r"自分のステージのマスコット1枚を、自分のホロメンに付け替えられる。")
def _move_mascot(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "move_mascot", {}


# ------------------------------------------------------------------ dice rolled N times

@EFFECTS.effect("roll_count", timing="ability", prompt="サイコロを振るか（推しスキルで目を宣言するなら目）")
def roll_count(t: Board, f: dict) -> Options:
    """「サイコロをN回振る(振れる):<目>が出た回数1回につき、<効果>」: N rolls (サイコロを振る,
    each a chance event, or declared by 「左手に地図」: ``effects.declare_skill``); the effect once
    with its amount (count) times the hits. 振れる: the seat may decline first."""
    f.setdefault("rolled", 0)
    f.setdefault("hits", 0)
    if "times_per" in f["params"] and "times" not in f["params"]:  # 「<数えるもの>1人につき、サイコロを1回振る」
        per = f["params"]["times_per"]
        f["params"]["times"] = per_count(t, f, per["source"], per.get("name"))
        if f["params"]["times"] <= 0:
            return None
    if f["params"].get("optional") and f["stage"] == 0:
        f["stage"] = "ask"
        return ["roll", "skip"]
    return _next_roll(t, f)


def _next_roll(t: Board, f: dict) -> Options:
    pa = f["params"]
    while f["rolled"] < pa["times"]:
        if E.declare_skill(t, f) is not None:
            f["stage"] = "declare"
            return ["roll", *DIE]
        _count(f, roll(t, f["seat"], f["card"], R_DICE, pa["times"]))  # 「1度にN回」 (``effects.roll``)
    if "dice_done" in E.WINDOWS and E.WINDOWS["dice_done"](t, f, {"rolled": 0, "hits": 0}):
        return None  # a fan's 「サイコロを振った時」 window first (``abilities.dice_and_colours``)
    then = pa["then"]
    if f["hits"]:
        key = "amount" if "amount" in then["params"] else "count"
        push(t, f, {**then, "params": {**then["params"], key: then["params"].get(key, 1) * f["hits"]}})
    return None


def _count(f: dict, face: int) -> None:
    f["rolled"] += 1
    f["hits"] += face in f["params"]["faces"]
    f.setdefault("faces", []).append(face)


@roll_count.answer
def _rolled(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "ask":
        if choice != "roll":
            return None
        return _next_roll(t, f)
    _count(f, E._declared(t, f, choice) if choice in DIE else roll(t, f["seat"], f["card"], R_DICE, f["params"]["times"]))
    return _next_roll(t, f)



@TEXTS.pattern(r"(?:自分の手札1枚をアーカイブすることで、)?サイコロを(\d)回振(る|れる):(.*?)(奇数|偶数|\d(?:か\d)*|\d以上|\d以下)"
               r"が出た回数1回につき、(.+)")
def _roll_count(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[3].rstrip("、") + m[5])
    faces = _faces(m[4])
    if then is None or faces is None:
        return None
    key = "amount" if "amount" in then["params"] else "count"
    if key == "count" and then["effect"] not in ("draw", "cheer_to", "cheer_to_holomem", "mill", "to_holopower"):
        return None
    paid = m[0].startswith("自分の手札")
    rolls = {"effect": "roll_count", "params": {"times": int(m[1]), "faces": faces, "then": then,
                                                **({"optional": True} if m[2] == "れる" and not paid else {})}}
    if paid:  # 「自分の手札1枚をアーカイブすることで、…振れる」: the card is the cost of rolling
        return "cost_hand", {"filter": {}, "then": rolls}
    return rolls["effect"], rolls["params"]


# ------------------------------------------------------------------ more of the list's bloom / collab texts

@TEXTS.pattern(r"自分の(.+?)(?:1人)?を選ぶ。このターンの間、選んだホロメン(?:1人)?のアーツ\+(\d+)。")
def _choose_then_boost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分の<holder>(1人)を選ぶ。このターンの間、選んだホロメンのアーツ+N」 (rawlist's own: any holomem,
    a #tag on the stage)."""
    if re.fullmatch(r"ホロメン|ステージの#[^#]+?を持つホロメン", m[1]):
        return None
    flt = holder_filter(m[1])
    if flt is None:
        return None
    return "boost_holomem", {"holder": flt, "amount": int(m[2])}


@TEXTS.pattern(r"(?:このホロメン|自分の(.+?))のエール1枚を、?(?:(このホロメン以外の)?自分の(.+?)|(このホロメン))に付け替え(る|られる)。")
def _move_cheer_between(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「<このホロメン|自分の<holder>|自分のステージ>のエール1枚を、<自分の(他の)<holder>|このホロメン>に付け替え
    (られ)る」 for the holomem rawlist does not read."""
    src = {"self": True} if m[0].startswith("このホロメン") else ({} if m[1] == "ステージ" else holder_filter(m[1]))
    dst = {"self": True} if m[4] else holder_filter((m[2] or "") + re.sub(r"^他の", "", m[3]))  # 他の: not the source
    if src is None or dst is None:
        return None
    if re.fullmatch(r"(このホロメン|自分のステージ)のエール1枚を、?自分の(他の)?#(.+?)を持つホロメンに付け替え(る|られる)。|"
                    r"このホロメンのエール1枚を、?自分のバックホロメンに付け替え(る|られる)。", m[0]):
        return None  # rawlist's own
    return "move_cheer_kw", {"from": src, "to": dst, **({"optional": True} if m[5] == "られる" else {})}



@EFFECTS.effect("move_cheer_kw", timing="ability", prompt="付け替えるエール（ホロメンとエール、しないならnull） / 付け替え先")
def move_cheer_kw(t: Board, f: dict) -> Options:
    """「<from>のエール1枚を、<to>に付け替え(られ)る」: which cheer of which holomem ``from`` names (with
    another holomem ``to`` names to go to), then which of those."""
    pa = f["params"]
    sources = sorted({(p, c) for p in _side(t, f, pa["from"]) for c in t.holo(f["seat"], p)["cheer"]
                      if [q for q in _side(t, f, pa["to"]) if q != p]})
    f["stage"] = "cheer"
    if not sources:
        return None
    return [list(pc) for pc in sources] + ([None] if pa.get("optional") else [])


@move_cheer_kw.answer
def _moved_cheer_kw(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "cheer":
        if choice is None:
            return None
        f["from_pc"], f["stage"] = choice, "to"
        targets = [q for q in _side(t, f, f["params"]["to"]) if q != choice[0]]
        if len(targets) > 1:
            return targets
        choice = targets[0]
    src, cheer = f["from_pc"]
    t.holo(seat, src)["cheer"].remove(cheer)
    attach_cheer(t, seat, choice, cheer)
    return None


@EFFECTS.effect("cheer_search_to", timing="ability", prompt="エールデッキから公開して送るエール / 送るホロメン")
def cheer_search_to(t: Board, f: dict) -> Options:
    """「自分のエールデッキから、<色>エール1枚を公開し、自分の<holder>に送る。そしてエールデッキをシャッフルする」
    (with ``like``: 「自分の<holder>1人と同色のエール」, the colours those holomem have now): as
    ``effects.cheer_search``, to the holomem ``holder`` names."""
    seat, pa = f["seat"], f["params"]
    if t.cheer_deck_size(seat) <= 0 or not holders(t, f, pa["holder"]):
        return None
    colors = set(pa.get("colors", ()))
    if "like" in pa:
        colors = {x for p in holders(t, f, pa["like"]) for x in t.card(t.holo(seat, p)["card"])["colors"]}
    f["stage"] = "cheer"
    return [c for c in t.zones.may_contain(f"cheer/{seat}") if t.card(c)["colors"][0] in colors] + [None]


@cheer_search_to.answer
def _cheer_searched_to(t: Board, f: dict, choice: Any) -> Options:
    seat, pile = f["seat"], f"cheer/{f['seat']}"
    if f["stage"] == "cheer":
        if choice is None:
            t.event("not_found", seat=seat, source=f["card"])
            t.zones.shuffle(pile)
            return None
        f["cheer"] = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
        t.event("reveal", seat=seat, card=f["cheer"], source=f["card"])
        t.zones.shuffle(pile)
        f["stage"] = "to"
        targets = holders(t, f, f["params"]["holder"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    attach_cheer(t, seat, choice, f["cheer"])
    return None


@TEXTS.pattern(r"自分のエールデッキから、(?:\[(.)エールか(.)エール\]|(.)エール|自分の(.+?)と同色のエール)1枚を公開し、自分の(.+?)に送る。"
               r"そしてエールデッキをシャッフルする。")
def _cheer_search_to(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    to = holder_filter(m[5])
    if to is None:
        return None
    if m[4]:
        like = holder_filter(re.sub(r"1人$", "", m[4]))
        if like is None:
            return None
        return "cheer_search_to", {"like": like, "holder": to}
    colors = [x for x in (m[1], m[2], m[3]) if x]
    if not all(x in COLOR_CHARS for x in colors) or (to in ({}, {"pos": ["center"]}) and colors):
        return None  # rawlist's own: to any holomem, the centre
    return "cheer_search_to", {"colors": [COLOR_CHARS[x] for x in colors], "holder": to}


@TEXTS.pattern(r"自分のエールデッキの上から(\d)枚を、?このホロメン以外の自分の(.+?)に送(る|れる)。")
def _cheer_to_others(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[2])
    if flt is None:
        return None
    return "cheer_to_holomem", {"holder": {**flt, "other": True}, **({"count": int(m[1])} if m[1] != "1" else {}),
                                **({"optional": True} if m[3] == "れる" else {})}


@TEXTS.pattern(r"自分のアーカイブの(.)?エール1～(\d)枚をこのホロメンに送れる。")
def _archive_cheer_up_to(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[1] is not None and m[1] not in COLOR_CHARS:
        return None
    return "archive_cheer", {"count": int(m[2]), "optional": True, "to": "self",
                             **({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})}


@EFFECTS.effect("opp_archive_cheer", timing="ability", prompt="相手のアーカイブから送るエール（送らないならnull）")
def opp_archive_cheer(t: Board, f: dict) -> Options:
    """「相手のアーカイブのエールN枚を、相手のセンターホロメンに送る(送れる)」: the user picks which."""
    opp = other(f["seat"])
    cheer = sorted({c for c in t.p(opp)["archive"] if t.card(c)["kind"] == "cheer"})
    f.setdefault("sent", 0)
    if t.p(opp)["center"] is None or not cheer or f["sent"] >= f["params"]["count"]:
        return None
    return cheer + ([None] if f["params"].get("optional") else [])


@opp_archive_cheer.answer
def _opp_archive_cheer_sent(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    opp = other(f["seat"])
    t.p(opp)["archive"].remove(choice)
    attach_cheer(t, opp, "center", choice)
    f["sent"] += 1
    return opp_archive_cheer.run(t, f)


@TEXTS.pattern(r"相手のアーカイブのエール(\d)枚を、?相手のセンターホロメンに送(る|れる)。")
def _opp_archive_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "opp_archive_cheer", {"count": int(m[1]), **({"optional": True} if m[2] == "れる" else {})}


@EFFECTS.effect("opp_draw", timing="ability")
def opp_draw(t: Board, f: dict) -> Options:
    """「相手は、自身のデッキをN枚引く」: drawn by the opponent (seen by it alone)."""
    opp = other(f["seat"])
    n = sum(1 for _ in range(f["params"]["count"]) if t.draw(opp, t.rule_of(f["card"])) is not None)
    t.event("draw", seat=opp, count=n, card=f["card"])
    return None


@TEXTS.pattern(r"相手は、自身のデッキを(\d)枚引く。")
def _opp_draw(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "opp_draw", {"count": int(m[1])}


@TEXTS.pattern(r"(?:自分の)?手札(\d)枚をアーカイブする。")
def _discard(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "discard_hand", {"count": int(m[1])}


@EFFECTS.effect("hand_to_holopower", timing="ability")
def hand_to_holopower(t: Board, f: dict) -> Options:
    """「自分の手札1枚をホロパワーにする」: which card is the seat's secret (``holopower_put``)."""
    if t.p(f["seat"])["hand"]:
        t.s["stack"].append(frame("holopower_put", f["seat"], f["card"], f["origin"], {}))
    return None


@TEXTS.pattern(r"自分の手札1枚をホロパワーにする。")
def _hand_to_holopower(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "hand_to_holopower", {}


@EFFECTS.effect("special_equal", timing="ability", prompt="特殊ダメージを与える相手のホロメン")
def special_equal(t: Board, f: dict) -> Options:
    """「相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンに、選んだホロメンが受けているダメージと同じ数値
    の特殊ダメージを与える」."""
    options = [p for p in ("center", "collab") if t.holo(other(f["seat"]), p) is not None]
    if len(options) <= 1:
        return _special_equal(t, f, options[0]) if options else None
    return options


@special_equal.answer
def _special_equal(t: Board, f: dict, choice: Any) -> Options:
    amount = t.holo(other(f["seat"]), choice)["damage"]
    own = own_holo_of(t, f)
    E.damage(t, other(f["seat"]), choice, amount, source=f["card"], special=True,
             by={"pos": own, "card": f["card"]} if own else None)
    return None


@TEXTS.pattern(r"相手のセンターホロメンかコラボホロメンを選ぶ。選んだホロメンに、選んだホロメンが受けているダメージと同じ数値の特殊ダメージを"
               r"与える。")
def _special_equal_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "special_equal", {}


@EFFECTS.effect("peek_top", timing="ability", prompt="見たカードをデッキの上か下に戻す", secret=True)
def peek_top(t: Board, f: dict) -> Options:
    """「自分のデッキの上から1枚を見る。そのカードをデッキの上か下に戻す」: seen by the seat only (a chance
    event); where it goes is its secret choice."""
    item = t.zones.draw(f"deck/{f['seat']}", "look", t.rule_of(f["card"]), visible=(f["seat"],))
    if item is None:
        return None
    f["item"] = item
    t.event("looked", seat=f["seat"], count=1, card=f["card"])
    return ["top", "bottom"]


@peek_top.answer
def _peeked(t: Board, f: dict, choice: Any) -> Options:
    t.zones.put(f"deck/{f['seat']}", f["item"], end=choice)
    t.event("to_" + choice, seat=f["seat"], card=f["card"])
    return None


@TEXTS.pattern(r"自分のデッキの上から1枚を見る。そのカードをデッキの上か下に戻す。")
def _peek_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "peek_top", {}


@EFFECTS.effect("hand_for_draws", timing="ability", prompt="手札すべてをアーカイブするか")
def hand_for_draws(t: Board, f: dict) -> Options:
    """「自分の手札を数えて、自分の手札すべてをアーカイブできる:アーカイブしたカード1枚につき、自分のデッキを1枚
    引く」: every hand card shown as it is archived, then as many drawn."""
    return ["archive", None] if t.p(f["seat"])["hand"] else None


@hand_for_draws.answer
def _hand_for_draws(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat, rule = f["seat"], t.rule_of(f["card"])
    hand, t.p(seat)["hand"] = list(t.p(seat)["hand"]), []
    cards = [t.face_up(item, "cost", rule) for item in hand]
    E.archive_by(t, f, "hand", *cards)
    t.event("cost_paid", seat=seat, card=f["card"], paid=cards)
    push(t, f, {"effect": "draw", "params": {"count": len(cards)}})
    return None


@TEXTS.pattern(r"自分の手札を数えて、自分の手札すべてをアーカイブできる:アーカイブしたカード1枚につき、自分のデッキを1枚引く。")
def _hand_for_draws_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "hand_for_draws", {}


@EFFECTS.effect("cost_attached", timing="ability", prompt="アーカイブするこのホロメンに付いているカード（しないならnull）")
def cost_attached(t: Board, f: dict) -> Options:
    """「このホロメンに付いている<ツール…>1枚をアーカイブできる:<効果>」."""
    pos = own_holo_of(t, f)
    fits = sorted({a for a in t.holo(f["seat"], pos)["attached"] if t.card(a)["support"] == f["params"]["support"]}) \
        if pos else []
    return fits + [None] if fits else None


@cost_attached.answer
def _attached_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    t.holo(f["seat"], f["pos"])["attached"].remove(choice)
    t.archive(f["seat"], choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"このホロメンに付いている(ツール|マスコット|ファン)1枚をアーカイブできる:(.+)")
def _cost_attached(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("cost_attached", {"support": SUPPORT_KINDS[m[1]], "then": then}) if then else None


@EFFECTS.effect("cost_pile_top", timing="ability", prompt="アーカイブするか")
def cost_pile_top(t: Board, f: dict) -> Options:
    """「自分のホロパワーの上からN枚 / 自分のデッキの上からN枚をアーカイブできる:<効果>」: each turned face up
    (everyone sees it); offered only with N there."""
    seat, pa = f["seat"], f["params"]
    have = len(t.p(seat)["holopower"]) if pa["pile"] == "holopower" else t.deck_size(seat)
    return ["pay", None] if have >= pa["count"] else None


@cost_pile_top.answer
def _pile_top_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    seat, pa, rule = f["seat"], f["params"], t.rule_of(f["card"])
    pl = t.p(seat)
    if pa["pile"] == "holopower":
        paid = [t.face_up(item, "holopower", rule) for item in pl["holopower"][:pa["count"]]]
        pl["holopower"] = pl["holopower"][pa["count"]:]
    else:
        paid = [t.zones.draw(f"deck/{seat}", "mill", rule, visible=E.ALL, unknown_ok=False) for _ in range(pa["count"])]
    E.archive_by(t, f, "deck", *paid) if pa["pile"] != "holopower" else t.archive(seat, *paid)
    t.event("cost_paid", seat=seat, card=f["card"], paid=paid)
    push(t, f, pa["then"])
    return None


@TEXTS.pattern(r"自分の(ホロパワー|デッキ)の上から(\d)枚をアーカイブできる:(.+)")
def _cost_pile_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[3])
    if then is None:
        return None
    return "cost_pile_top", {"pile": "holopower" if m[1] == "ホロパワー" else "deck", "count": int(m[2]), "then": then}


@EFFECTS.effect("search_each", timing="ability", prompt="デッキから公開して手札に加えるカード（見つからないならnull）")
def search_each(t: Board, f: dict) -> Options:
    """「自分のデッキから、[<A>と<B>]1枚ずつを公開し、手札に加える。そしてデッキをシャッフルする」: one card that
    fits each description in turn (or null: that one not found), each shown; then the shuffle."""
    seat, filters = f["seat"], f["params"]["filters"]
    i = f.setdefault("i", 0)
    if i >= len(filters) or (f["params"].get("dest") == "stage" and t.stage_count(seat) >= MAX_STAGE):
        t.zones.shuffle(f"deck/{seat}")
        return None
    return [c for c in t.zones.may_contain(f"deck/{seat}") if E._matches(t, c, filters[i])] + [None]


@search_each.answer
def _searched_each(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if choice is not None:
        card = t.zones.take(f"deck/{seat}", choice, t.rule_of(f["card"]), how="search")
        if f["params"].get("dest") == "stage":  # 「ステージに出す」: to the back, as if played
            t.p(seat)["back"].append(t.new_holo(card))
        else:
            t.p(seat)["hand"].append(card)
        t.event("reveal", seat=seat, card=card, source=f["card"])
    else:
        t.event("not_found", seat=seat, source=f["card"])
    f["i"] += 1
    return search_each.run(t, f)


@TEXTS.pattern(r"自分のデッキから、(?:(Debut|1st|2nd)ホロメンの)?\[(.+?)と(.+?)\]1枚ずつ(?:を公開し、手札に加える|(をステージに出す))。"
               r"そしてデッキをシャッフルする。")
def _search_each(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    first, second = card_filter(m[2]), card_filter(m[3])
    if first is None or second is None:
        return None
    if m[4]:  # 「Debutホロメンの[〈A〉と〈B〉]1枚ずつをステージに出す」: both holomem of that level
        level = {"holomem": True, "level": LEVELS[m[1]]} if m[1] else {"holomem": True}
        return "search_each", {"filters": [{**first, **level}, {**second, **level}], "dest": "stage"}
    if m[1]:  # 「1stホロメンの[〈A〉と〈B〉]」: the level is the first one's (the second may be a support)
        first = {**first, "holomem": True, "level": LEVELS[m[1]]}
    return "search_each", {"filters": [first, second]}


@TEXTS.pattern(r"自分のデッキから、(.+?)1～(\d)枚を公開し、アーカイブできる。そしてデッキをシャッフルする。")
def _search_to_archive_n(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    return ("search_to_archive", {"filter": flt, "max": int(m[2])}) if flt is not None else None


@EFFECTS.effect("cost_less_turn", timing="ability")
def cost_less_turn(t: Board, f: dict) -> Options:
    """「このターンの間、このホロメンのアーツに必要な<色>-N」: a modifier on this holomem to the turn's end,
    read with the gifts' (``arts_cost``)."""
    pos = own_holo_of(t, f)
    if pos is not None:
        h = t.holo(f["seat"], pos)
        h.setdefault("lasting", []).append({"kind": "arts_cost_less", "amount": f["params"]["amount"],
                                            "color": f["params"]["color"], "until": t.s["turn"]})
        t.event("lasting", seat=f["seat"], pos=pos, card=h["card"], modifier="arts_cost_less",
                amount=f["params"]["amount"], source=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、このホロメンのアーツに必要な(無色|.)-(\d)。")
def _cost_less_turn(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    color = COLOR_CHARS.get(m[1]) or ("any" if m[1] == "無色" else None)
    return ("cost_less_turn", {"color": color, "amount": int(m[2])}) if color else None


@TEXTS.pattern(r"自分のライフが相手(?:のライフ)?以下(?:なら|の時)、(.+)")
def _if_life_not_above(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[1])
    return ("if_holds", {"test": "life_not_above", "then": then}) if then else None


@TEXTS.pattern(r"自分のステージのエールの枚数が相手(より多い|以下)なら、(.+)")
def _if_cheer_vs(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "stage_cheer_more" if m[1] == "より多い" else "stage_cheer_not_more",
                         "then": then}) if then else None


@TEXTS.pattern(r"BuzzホロメンからBloomした時、(.+)")
def _if_from_buzz(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[1])
    return ("if_holds", {"test": "bloomed_from_buzz", "then": then}) if then else None


@TEXTS.pattern(r"(.+?。)((?:自分が後攻で最初のターン|その相手のセンターホロメンに(ツール|マスコット|ファン)が付いている時?)(?:なら|時)?、)かわりに、(.+)")
def _instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「<効果>。<条件>なら、かわりに、<効果>」: the second instead of the first when the condition holds."""
    first, second = spec(m[1]), spec(m[4])
    if not _runs(first) or not _runs(second):
        return None
    test = ({"test": "second_first_turn"} if m[2].startswith("自分が後攻") else
            {"test": "opp_center_attached", "support": SUPPORT_KINDS[m[3]]})
    return "instead", {**test, "then": second, "else": first}


@EFFECTS.effect("instead", timing="ability")
def instead(t: Board, f: dict) -> Options:
    """「<効果A>。<条件>なら、かわりに、<効果B>」: B if the condition holds now, else A."""
    push(t, f, f["params"]["then"] if holds_now(t, f, f["params"]) else f["params"]["else"])
    return None


@TEXTS.pattern(r"(.+?。)さらに、(.+)")
def _further(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if re.match(r"自分が後攻で最初のターンなら、", m[1]):
        return None  # the condition leads the whole text (「…なら、A。さらに、B」): read by the condition's shape
    first, second = spec(m[1]), spec(m[2])
    return ("sequence", {"steps": [first, second]}) if _runs(first) and _runs(second) else None


@TEXTS.pattern(r"このホロメンのHPを(\d+)回復する。")
def _heal_self(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "heal", {"amount": int(m[1]), "target": "self"}


@EFFECTS.effect("opp_cheer_to_deck", timing="ability", prompt="エールデッキの下に戻す相手のエール（ホロメンとエール）")
def opp_cheer_to_deck(t: Board, f: dict) -> Options:
    """「相手のステージのエール1枚をエールデッキの下に戻す」: the user picks which; it goes face up under
    its owner's cheer deck."""
    opp = other(f["seat"])
    options = sorted({(p, c) for p, h in t.stage(opp) for c in h["cheer"]})
    if len(options) == 1:
        return _opp_cheer_under(t, f, list(options[0]))
    return [list(pc) for pc in options] or None


@opp_cheer_to_deck.answer
def _opp_cheer_under(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    pos, cheer = choice
    t.holo(opp, pos)["cheer"].remove(cheer)
    t.zones.put(f"cheer/{opp}", cheer, end="bottom")
    t.event("to_bottom", seat=opp, card=cheer, source=f["card"], zone="cheer")
    return None


@TEXTS.pattern(r"相手のステージのエール1枚をエールデッキの下に戻す。")
def _opp_cheer_to_deck(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "opp_cheer_to_deck", {}


@EFFECTS.effect("archive_cheer_holder", timing="ability", prompt="アーカイブのエールを送るホロメン / 送るエール（終えるならnull）")
def archive_cheer_holder(t: Board, f: dict) -> Options:
    """「自分のアーカイブの(<色>)エールN(～M)枚を自分の<holder>(1人)に送る(送れる)」: the holomem (or null: none,
    if 送れる), then the cheer one at a time (null ends once ``min`` are sent)."""
    pa = f["params"]
    f.setdefault("sent", 0)
    cheer = _archive_cheer(t, f)
    targets = _side(t, f, pa["holder"])
    if not cheer or not targets:
        return None
    f["stage"] = "holomem"
    if len(targets) == 1 and not pa.get("optional"):
        return _archive_cheer_holder_step(t, f, targets[0])
    return targets + ([None] if pa.get("optional") else [])


@archive_cheer_holder.answer
def _archive_cheer_holder_step(t: Board, f: dict, choice: Any) -> Options:
    pa, seat = f["params"], f["seat"]
    if f["stage"] == "holomem":
        if choice is None:
            return None
        f["to"], f["stage"] = choice, "cheer"
    elif choice is None:
        return None
    else:
        t.p(seat)["archive"].remove(choice)
        attach_cheer(t, seat, f["to"], choice)
        f["sent"] += 1
    cheer = _archive_cheer(t, f)
    if f["sent"] >= pa["max"] or not cheer:
        return None
    return cheer + ([None] if f["sent"] >= pa.get("min", 0) else [])


@TEXTS.pattern(r"自分のアーカイブの(.)?エール(\d)(?:～(\d))?枚を、?(?:(このホロメン以外の)?自分の(.+?)|#(.+?)を持つ自分のホロメン1人|(このホロメン))に"
               r"送(る|れる)。")
def _archive_cheer_holder(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[1] is not None and m[1] not in COLOR_CHARS:
        return None
    if m[7]:
        flt: dict[str, Any] | None = {"self": True}
    elif m[6]:
        flt = {"tag": m[6]}
    else:
        flt = holder_filter(re.sub(r"1人$", "", m[5]))
        if flt is not None and m[4]:
            flt = {**flt, "other": True}
    if flt is None or (flt.get("self") and not m[3]):
        return None  # rawlist's own: to this holomem
    low, high = int(m[2]), int(m[3] or m[2])
    if not m[3] and not m[6] and (set(flt) <= {"tag"} or flt in ({"pos": ["center"]},)):
        return None  # rawlist's own (``archive_cheer``)
    optional = m[8] == "れる"
    return "archive_cheer_holder", {"max": high, "min": 0 if optional else low, "holder": flt,
                                    **({"optional": True} if optional else {}),
                                    **({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})}


@TEXTS.pattern(r"自分のステージのエール1～(\d)枚を(?:選び、自分のホロメンに割り振って|、このホロメンに)付け替えられる。")
def _spread_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """「自分のステージのエール1～N枚を選び、自分のホロメンに割り振って付け替えられる」 (or 「…を、このホロメンに」):
    each cheer moved in turn (null: no more)."""
    to_self = "このホロメン" in m[0]
    step = ({"effect": "move_cheer_kw", "params": {"from": {}, "to": {"self": True}, "optional": True}} if to_self else
            {"effect": "move_cheer", "params": {"optional": True}})
    return "sequence", {"steps": [step] * int(m[1])}


@TEXTS.pattern(r"自分のエールデッキから、エール1枚を自分の(.+?)に送る。そしてエールデッキをシャッフルする。")
def _cheer_search_any_to(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[1])
    return ("cheer_search_to", {"colors": list(ALL_COLORS), "holder": flt}) if flt is not None else None


@TEXTS.pattern(r"自分のアーカイブのエール1枚ずつを、自分の\[(〈[^〉]+〉)と(〈[^〉]+〉)\]1人ずつに送れる。")
def _archive_cheer_each_name(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "archive_cheer_each", {"max": 2, "holder": {"names": [m[1][1:-1], m[2][1:-1]]}, "per_name": True}


@TEXTS.pattern(r"(?:(自分のホロパワーが(\d+)枚以上)で、|(このホロメンに〈([^〉]+)〉が付いていて)、)?相手のコラボホロメンがいないなら、(相手は、.+)")
def _no_opp_collab(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「(自分のホロパワーがN枚以上で、|このホロメンに〈名前〉が付いていて、)相手のコラボホロメンがいないなら、相手は、…」:
    the support family's 「相手のコラボホロメンがいない時、相手は、…」 behind the first condition."""
    then = spec("相手のコラボホロメンがいない時、" + m[5])
    if not _runs(then):
        return None
    if m[1]:
        return "if_holds", {"test": "holopower_min", "n": int(m[2]), "then": then}
    if m[3]:
        return "if_attached", {"name": m[4], "then": then}
    return then["effect"], then["params"]


@EFFECTS.effect("down_opp_back", timing="ability", prompt="ダウンさせる相手のバックホロメン")
def down_opp_back(t: Board, f: dict) -> Options:
    """「相手のHPがN以上減っているバックホロメン1人をダウンさせる（ダウンしても相手のライフは減らない）」: its damage made
    its HP (その他の現象/ダウン), no life taken."""
    opp = other(f["seat"])
    options = [p for p, h in t.stage(opp) if p.startswith("back") and h["damage"] >= f["params"]["min_damage"]]
    if len(options) <= 1:
        return _downed_opp_back(t, f, options[0]) if options else None
    return options


@down_opp_back.answer
def _downed_opp_back(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    h = t.holo(opp, choice)
    h["damage"] = max(h["damage"], t.max_hp(h))
    if f["params"].get("no_life"):
        h["no_life"] = True
    t.event("downed_by_effect", seat=opp, pos=choice, card=h["card"], source=f["card"])
    E.check_downs(t)
    return None


@TEXTS.pattern(r"相手のHPが(\d+)以上減っているバックホロメン1人をダウンさせる(（ダウンしても相手のライフは減らない）)?。")
def _down_opp_back(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "down_opp_back", {"min_damage": int(m[1]), **({"no_life": True} if m[2] else {})}


@EFFECTS.effect("archive_cheer_to_deck", timing="ability", prompt="エールデッキに戻すアーカイブのエール（終えるならnull）")
def archive_cheer_to_deck(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエール1～N枚をエールデッキに戻せる。そしてエールデッキをシャッフルする」: one at a time until
    N or null, then the shuffle."""
    f.setdefault("put", 0)
    cheer = _archive_cheer(t, f)
    if f["put"] >= f["params"]["max"] or not cheer:
        return _cheer_deck_shuffled(t, f)
    return cheer + [None]


def _cheer_deck_shuffled(t: Board, f: dict) -> Options:
    if f["put"]:
        t.zones.shuffle(f"cheer/{f['seat']}")
    return None


@archive_cheer_to_deck.answer
def _cheer_put_back(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _cheer_deck_shuffled(t, f)
    t.p(f["seat"])["archive"].remove(choice)
    t.zones.shuffle_in(f"cheer/{f['seat']}", choice)
    t.event("to_cheer_deck", seat=f["seat"], card=choice, source=f["card"])
    f["put"] += 1
    return archive_cheer_to_deck.run(t, f)


@TEXTS.pattern(r"自分のアーカイブのエール1～(\d)枚をエールデッキに戻せる。そしてエールデッキをシャッフルする。")
def _archive_cheer_to_deck(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "archive_cheer_to_deck", {"max": int(m[1])}


@EFFECTS.effect("mill_for_draws", timing="ability", prompt="デッキの上からアーカイブする枚数（しないならnull）")
def mill_for_draws(t: Board, f: dict) -> Options:
    """「自分のデッキの上から1～N枚をアーカイブできる:アーカイブしたカード1枚につき、自分のデッキを1枚引く」: how many
    (each turned face up as it is archived), then as many drawn."""
    most = min(f["params"]["max"], t.deck_size(f["seat"]))
    return list(range(1, most + 1)) + [None] if most else None


@mill_for_draws.answer
def _milled_for_draws(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    push(t, f, {"effect": "mill", "params": {"count": choice}}, {"effect": "draw", "params": {"count": choice}})
    return None


@TEXTS.pattern(r"自分のデッキの上から1～(\d)枚をアーカイブできる:アーカイブしたカード1枚につき、自分のデッキを1枚引く。")
def _mill_for_draws(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "mill_for_draws", {"max": int(m[1])}


@TEXTS.pattern(r"自分のアーカイブの(.)?エールを自分の(.+?)1～(\d)人に1枚ずつ送る。")
def _archive_cheer_each_must(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分のアーカイブの(<色>)エールを自分の<holder>1～N人に1枚ずつ送る」 (at least one, if any can)."""
    flt = holder_filter(m[2])
    if flt is None or (m[1] is not None and m[1] not in COLOR_CHARS):
        return None
    return "archive_cheer_each", {"max": int(m[3]), "min": 1, "holder": flt,
                                  **({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})}


@TEXTS.pattern(r"自分のデッキから、?(.+?)1枚をステージに出(す|せる)。そしてデッキをシャッフルする。")
def _search_to_stage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分のデッキから、<条件>1枚をステージに出す(出せる)。…」 (printed without 「公開し、」)."""
    flt = card_filter(m[1])
    return ("search_deck", {"filter": {**flt, "holomem": True}, "dest": "stage"}) if flt is not None else None


@EFFECTS.effect("special_other_color", timing="ability", prompt="特殊ダメージを与える相手のホロメン")
def special_other_color(t: Board, f: dict) -> Options:
    """「相手の推しホロメンと異なる色を持つ相手のホロメン1人に特殊ダメージNを与える」: one with a colour its oshi has not."""
    opp = other(f["seat"])
    oshi = set(t.card(t.p(opp)["oshi"])["colors"])
    options = [p for p, h in t.stage(opp) if set(E.colors_of(t, h, opp, p)) - oshi]
    if len(options) <= 1:
        return _special_other_color(t, f, options[0]) if options else None
    return options


@special_other_color.answer
def _special_other_color(t: Board, f: dict, choice: Any) -> Options:
    own = own_holo_of(t, f)
    E.damage(t, other(f["seat"]), choice, f["params"]["amount"], source=f["card"], special=True,
             by={"pos": own, "card": f["card"]} if own else None)
    return None


@TEXTS.pattern(r"相手の推しホロメンと異なる色を持つ相手のホロメン1人に特殊ダメージ(\d+)を与える。")
def _special_other_color_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "special_other_color", {"amount": int(m[1])}


# ------------------------------------------------------------------ 「<数えるもの>1枚(人)につき、…」

def _per_source(desc: str) -> tuple[str, str | None] | None:
    """What 「<desc>1枚(人)につき」 counts (``effects.counted``'s sources, and 「自分のステージの〈名前〉」)."""
    from kifu.replays.games.hocg.rawlist import PER
    if desc in PER:
        return PER[desc]
    m = re.fullmatch(r"自分のステージの異なるカード名の#(.+?)を持つホロメン", desc)
    if m:
        return "distinct_tag", m[1]
    m = re.fullmatch(r"自分のステージの〈([^〉]+)〉", desc)
    if m:
        return "stage_name", m[1]
    if desc == "相手のセンターホロメンのバトンタッチに必要な無色":
        return "opp_center_baton", None
    return None


def per_count(t: Board, f: dict, source: str, name: str | None) -> int:
    """``effects.counted``, and 「自分のステージの〈名前〉」: the cards of that name on the own stage (holomem and the
    cards attached to them)."""
    if source == "stage_name":
        return sum((name in names_of(t, h["card"])) + sum(1 for a in h["attached"] if name in names_of(t, a))
                   for _, h in t.stage(f["seat"]))
    if source == "opp_center_baton":  # 「相手のセンターホロメンのバトンタッチに必要な無色」
        center = t.p(other(f["seat"]))["center"]
        return t.baton_cost(center) if center is not None else 0
    return E.counted(t, f, source, name)


@EFFECTS.effect("draw_per", timing="ability")
def draw_per(t: Board, f: dict) -> Options:
    """「<数えるもの>1枚(人)につき、自分のデッキを1枚引く」: counted as it resolves."""
    n = per_count(t, f, f["params"]["source"], f["params"].get("name"))
    if n > 0:
        push(t, f, {"effect": "draw", "params": {"count": n}})
    return None


@TEXTS.pattern(r"(.+?)1(?:枚|人|つ)につき、自分のデッキを1枚引く。")
def _draw_per(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    src = _per_source(m[1])
    if src is None:
        return None
    return "draw_per", {"source": src[0], **({"name": src[1]} if src[1] else {})}


@EFFECTS.effect("boost_per_count", timing="ability")
def boost_per_count(t: Board, f: dict) -> Options:
    """「このターンの間、<数えるもの>1枚(人)につき、(このホロメン|自分のセンターポジションの2ndホロメン)のアーツ+N」: counted
    as it resolves; the centre only if it is a 2nd holomem then."""
    pa = f["params"]
    n = per_count(t, f, pa["source"], pa.get("name"))
    if pa["to"] == "self":
        pos = own_holo_of(t, f)
    else:
        center = t.p(f["seat"])["center"]
        pos = "center" if center is not None and center["card"] in t.cs.cards \
            and t.card(center["card"])["level"] == pa["level"] else None
    if pos is None or n <= 0:
        return None
    h = t.holo(f["seat"], pos)
    h["mods"]["arts"] += n * pa["amount"]
    t.event("boost", seat=f["seat"], pos=pos, amount=n * pa["amount"], card=h["card"])
    return None


@TEXTS.pattern(r"このターンの間、(.+?)1(?:枚|人)につき、(このホロメン|自分のセンターポジションの(Debut|1st|2nd)ホロメン)のアーツ\+(\d+)。")
def _boost_per_count(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    src = _per_source(m[1])
    if src is None:
        return None
    to = {"to": "self"} if m[2] == "このホロメン" else {"to": "center", "level": LEVELS[m[3]]}
    return "boost_per_count", {"source": src[0], **({"name": src[1]} if src[1] else {}), **to, "amount": int(m[4])}


# ------------------------------------------------------------------ 「[ターンに1回]このホロメンが相手のホロメンをダウンさせた時、…」

@EFFECTS.effect("once_gift", timing="ability")
def once_gift(t: Board, f: dict) -> Options:
    """A gift's 「[ターンに1回]」 (a trigger's): its holomem's ``gift_turn``; resolved only the first time in a turn."""
    pos = own_holo_of(t, f)
    h = t.holo(f["seat"], pos) if pos else None
    if h is None or h.get("gift_turn") == t.s["turn"]:
        return None
    h["gift_turn"] = t.s["turn"]
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"\[ターンに1回\](このホロメンが相手の(?:センター)?ホロメンをダウンさせた時、.+)")
def _once_ko(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    made = spec(m[1])
    if made is None or made["effect"] != "on_ko":
        return None
    return "on_ko", {**made["params"], "then": {"effect": "once_gift", "params": {"then": made["params"]["then"]}}}


# ------------------------------------------------------------------ 「自分のアーカイブの<条件>1枚をステージに出す(出せる)」

@EFFECTS.effect("archive_debut_to_stage", timing="ability", prompt="アーカイブからステージに出すホロメン（出さないならnull）")
def archive_debut_to_stage(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<Debut/Spotホロメン>1枚をステージに出す(出せる)」: to the back, as if played (none if the
    stage holds six)."""
    seat, pa = f["seat"], f["params"]
    if t.stage_count(seat) >= MAX_STAGE:
        return None
    fits = sorted({c for c in t.p(seat)["archive"] if E._matches(t, c, pa["filter"])})
    if not fits:
        return None
    return fits + [None] if pa.get("optional") else fits


@archive_debut_to_stage.answer
def _archive_staged(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat = f["seat"]
    t.p(seat)["archive"].remove(choice)
    t.p(seat)["back"].append(t.new_holo(choice))
    t.event("to_stage", seat=seat, card=choice, pos=f"back{len(t.p(seat)['back']) - 1}", source=f["card"])
    return None


@TEXTS.pattern(r"自分のアーカイブの(Debut|Spot)ホロメン1枚をステージに出(せる)。")
def _archive_to_stage_may(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """The optional form (the supports family reads 「…出す」: ``archive_to_stage``)."""
    return "archive_debut_to_stage", {"filter": {"holomem": True, "level": LEVELS[m[1]]}, "optional": True}


# ------------------------------------------------------------------ 「自分のホロメン1人を選ぶ。このターンの間、選んだホロメン1人のアーツに必要な無色-N」

@EFFECTS.effect("choose_cost_less", timing="ability", prompt="アーツに必要なエールを減らすホロメン")
def choose_cost_less(t: Board, f: dict) -> Options:
    """Which own holomem; for this turn its arts need N fewer of that colour (``cost_less_turn``'s lasting modifier,
    read by ``keywords.arts_cost``)."""
    options = [p for p, _ in t.stage(f["seat"])]
    if len(options) <= 1:
        return _cost_less_chosen(t, f, options[0]) if options else None
    return options


@choose_cost_less.answer
def _cost_less_chosen(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    pa = f["params"]
    h.setdefault("lasting", []).append({"kind": "arts_cost_less", "amount": pa["amount"], "color": pa["color"],
                                        "until": t.s["turn"]})
    t.event("lasting", seat=f["seat"], pos=choice, card=h["card"], modifier="arts_cost_less", amount=pa["amount"])
    return None


@TEXTS.pattern(r"自分のホロメン1人を選ぶ。このターンの間、選んだホロメン(?:1人)?のアーツに必要な(無色|.)-(\d)。")
def _choose_cost_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    color = COLOR_CHARS.get(m[1]) or ("any" if m[1] == "無色" else None)
    return ("choose_cost_less", {"color": color, "amount": int(m[2])}) if color else None


# ------------------------------------------------------------------ 「自分のアーカイブの<色>エールN枚を好きな順でエールデッキの下に戻せる」

@EFFECTS.effect("archive_cheer_bottom", timing="ability", prompt="エールデッキの下に戻すアーカイブのエール（しないならnull）")
def archive_cheer_bottom(t: Board, f: dict) -> Options:
    """N cheer of the archive (of that colour), one at a time in the order chosen, each under the cheer deck (the
    archive is public: so is the order); none unless N are there, and null first declines."""
    pa = f["params"]
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"
                   and ("color" not in pa or t.card(c)["colors"][0] == pa["color"])})
    if f.setdefault("put", 0) == 0:
        have = [c for c in t.p(f["seat"])["archive"] if c in fits]
        if len(have) < pa["count"]:
            return None
        return fits + [None] if pa.get("optional") else fits
    return fits if f["put"] < pa["count"] else None


@archive_cheer_bottom.answer
def _archive_cheer_under(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    t.p(f["seat"])["archive"].remove(choice)
    t.zones.put(f"cheer/{f['seat']}", choice, end="bottom")
    t.event("to_bottom", seat=f["seat"], card=choice, zone="cheer", source=f["card"])
    f["put"] += 1
    return archive_cheer_bottom.run(t, f)


@TEXTS.pattern(r"自分のアーカイブの(.)?エール(\d)枚を好きな順でエールデッキの下に戻(す|せる)。")
def _archive_cheer_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[1] is not None and m[1] not in COLOR_CHARS:
        return None
    return "archive_cheer_bottom", {"count": int(m[2]), "optional": m[3] == "せる",
                                    **({"color": COLOR_CHARS[m[1]]} if m[1] else {})}


# ------------------------------------------------------------------ 「自分のデッキの上から1枚を公開する。公開したカードが<条件>なら、…」

@EFFECTS.effect("reveal_top_take", timing="ability")
def reveal_top_take(t: Board, f: dict) -> Options:
    """「自分のデッキの上から1枚を公開する。公開したカードが<条件>なら、そのカードを手札に加える。<条件>以外なら、そのカードを
    デッキの上に戻す」: the top card turned face up (a chance event everyone sees), then to the hand or back on top."""
    seat = f["seat"]
    card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=E.ALL, unknown_ok=False)
    if card is None:
        return None
    t.event("revealed_top", seat=seat, card=card, source=f["card"])
    if E._matches(t, card, f["params"]["filter"]):
        t.p(seat)["hand"].append(card)
        t.event("reveal", seat=seat, card=card, source=f["card"])
    else:
        t.zones.put(f"deck/{seat}", card, end="top")
    return None


@TEXTS.pattern(r"自分のデッキの上から1枚を公開する。公開したカードが(.+?)なら、そのカードを手札に加える。\1以外なら、そのカードをデッキの上に"
               r"戻す。")
def _reveal_top_take(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    if m[1] == "サポートカード":
        flt = {"kind": "support"}
    return ("reveal_top_take", {"filter": flt}) if flt else None


# ------------------------------------------------------------------ 「自分のホロパワーを見る。その中から<条件>1枚を公開し、手札に加える。…」

@EFFECTS.effect("holopower_pick", timing="ability", prompt="ホロパワーから公開して手札に加えるカード", secret=False)
def holopower_pick(t: Board, f: dict) -> Options:
    """「自分のホロパワーを見る。その中から<条件>1枚を公開し、手札に加える。そしてホロパワーをシャッフルする。手札に加えたなら、
    自分のデッキの上から1枚をホロパワーにする」: ``holopower_swap``'s look (turned up to its owner), a card of that kind shown
    and taken, then the deck's top face down; none there: nothing more (the shuffle of face-down cards records nothing)."""
    options = E.holopower_swap.run(t, f)
    fits = [c for c in options or () if E._matches(t, c, f["params"]["filter"])]
    if not fits:
        t.event("not_found", seat=f["seat"], source=f["card"])
        return None
    return fits


@holopower_pick.answer
def _holopower_picked(t: Board, f: dict, choice: Any) -> Options:
    E._from_holopower(t, f, choice)
    return to_holopower.run(t, {**f, "params": {"count": 1}})


@TEXTS.pattern(r"自分のホロパワーを見る。その中から(.+?)1枚を公開し、手札に加える。そしてホロパワーをシャッフルする。手札に加えたなら、"
               r"自分のデッキの上から1枚をホロパワーにする。")
def _holopower_pick(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = {"kind": "support"} if m[1] == "サポートカード" else card_filter(m[1])
    return ("holopower_pick", {"filter": flt}) if flt else None


# ------------------------------------------------------------------ 「このターンの間、…〈名前〉の能力でサイコロを振る時、…として扱う」

@EFFECTS.effect("die_named", timing="ability", prompt="サイコロの目として扱う数")
def die_named(t: Board, f: dict) -> Options:
    """「(NかMを選ぶ。)このターンの間、自分の推しホロメンの〈名前〉と自分のステージの〈名前〉の能力でサイコロを振る時、そのサイコロの目の
    数すべてを<選んだ数|倍の数>として扱う」: kept in the turn's ``used["die_named"]`` (read by ``effects.roll``:
    ``treated_die``); the number chosen first (public)."""
    if f["params"].get("choices"):
        return list(f["params"]["choices"])
    return _die_named(t, f, None)


@die_named.answer
def _die_named(t: Board, f: dict, choice: Any) -> Options:
    entry = {"turn": t.s["turn"], "names": f["params"]["names"],
             **({"face": choice} if choice is not None else {"double": True})}
    t.p(f["seat"])["used"].setdefault("die_named", []).append(entry)
    t.event("die_treated", seat=f["seat"], card=f["card"], **({"face": choice} if choice is not None else {"double": True}))
    return None


@needs("die_named")
def treated_die(t: Board, seat: str, card: str | None) -> dict | None:
    """How a die ``card``'s ability rolls is treated this turn (``die_named``): its names, the last such text's."""
    if card is None or card not in t.cs.cards:
        return None
    out = None
    for entry in t.p(seat)["used"].get("die_named", ()):
        if entry["turn"] == t.s["turn"] and set(entry["names"]) & names_of(t, card):
            out = {k: entry[k] for k in ("face", "double") if k in entry}
    return out


E.DIE_TREATED.append(treated_die)


@TEXTS.pattern(r"(?:(\d)か(\d)を選ぶ。)?このターンの間、自分の推しホロメンの〈([^〉]+)〉と自分のステージの〈\3〉の能力でサイコロを振る時、"
               r"そのサイコロの目の数すべてを(選んだ数|倍の数)として扱う。")
def _die_named_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if (m[4] == "選んだ数") != bool(m[1]):
        return None
    return "die_named", {"names": [m[3]], **({"choices": [int(m[1]), int(m[2])]} if m[1] else {})}


@TEXTS.pattern(r"(.+?)1(?:人|枚)につき、(サイコロを1回振(?:る|れる):.+)")
def _roll_per(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「<数えるもの>1人(枚)につき、サイコロを1回振る(振れる):<目>が出た回数1回につき、<効果>」: ``roll_count`` rolled as many
    times as counted when it resolves."""
    src = _per_source(m[1])
    made = spec(m[2]) if src else None
    if made is None or made["effect"] != "roll_count" or made["params"]["times"] != 1:
        return None
    params = {k: v for k, v in made["params"].items() if k != "times"}
    return "roll_count", {**params, "times_per": {"source": src[0], **({"name": src[1]} if src[1] else {})}}


def _one_boost(made: dict | None) -> dict | None:
    """``made`` as a ``boost_holomem`` of one holomem chosen (rawlist's ``boost_turn`` of a #tag read so), or None."""
    if made is None:
        return None
    if made["effect"] == "boost_turn" and set(made["params"]) == {"amount", "tag"}:
        return {"holder": {"tag": made["params"]["tag"]}, "amount": made["params"]["amount"]}
    if made["effect"] == "boost_holomem" and not made["params"].get("all") and "instead" not in made["params"]:
        return dict(made["params"])
    return None


@TEXTS.pattern(r"(.+?。)選んだホロメンが(Buzzホロメンか2ndホロメン|Buzzホロメン|2ndホロメン)なら、かわりに、そのホロメンのアーツ\+(\d+)。")
def _boost_instead_level(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「…選ぶ。このターンの間、選んだホロメンのアーツ+N。選んだホロメンがBuzzホロメンか2ndホロメンなら、かわりに、そのホロメンの
    アーツ+M」."""
    base = _one_boost(spec(m[1]))
    if base is None:
        return None
    cond = {"buzz": "Buzz" in m[2], "levels": ["2nd"] if "2nd" in m[2] else [], "amount": int(m[3])}
    return "boost_holomem", {**base, "instead": cond}


@TEXTS.pattern(r"(このターンの間、.+?。)このホロメンに#(.+?)を持つサポートカードが付いているなら、かわりに、そのホロメンのアーツ\+(\d+)。")
def _boost_instead_attached(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「このターンの間、自分のステージの<holder>1人のアーツ+N。このホロメンに#タグを持つサポートカードが付いているなら、かわりに、
    そのホロメンのアーツ+M」."""
    base = _one_boost(spec(m[1]))
    if base is None:
        return None
    return "boost_holomem", {**base, "instead": {"self_attached_tag": m[2], "amount": int(m[3])}}


@TEXTS.pattern(r"自分のステージに(.)エールがある(?:なら|時)、(.+)")
def _if_stage_color(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None or m[1] not in COLOR_CHARS:
        return None
    return "if_holds", {"test": "stage_cheer_min", "n": 1, "color": COLOR_CHARS[m[1]], "then": then}


@TEXTS.pattern(r"自分の手札1～(\d)枚をアーカイブできる:自分の(.+?)1人を選ぶ。この能力でアーカイブしたカード1枚につき、このターンの間、"
               r"選んだホロメンのアーツ\+(\d+)。")
def _cost_hand_scaled_boost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分の手札1～N枚をアーカイブできる:自分の<holder>1人を選ぶ。この能力でアーカイブしたカード1枚につき、このターンの間、選んだ
    ホロメンのアーツ+M」: the cards one at a time (``cost_hand_n`` ``each``), then one holomem chosen, M times the cards."""
    flt = holder_filter(m[2])
    if flt is None:
        return None
    return "cost_hand_n", {"each": True, "max": int(m[1]), "scale": True, "filter": {},
                           "then": {"effect": "boost_holomem", "params": {"holder": flt, "amount": int(m[3])}}}


# ------------------------------------------------------------------ 「自分のステージの〈名前〉1～N枚をアーカイブできる:アーカイブしたカード1枚につき、…」

@EFFECTS.effect("cost_stage_named", timing="ability", prompt="アーカイブするステージの〈カード〉（ホロメンとカード、終えるならnull）")
def cost_stage_named(t: Board, f: dict) -> Options:
    """The cards of that name attached to the own stage, one at a time up to N (null ends; first: not paid), then
    the effect once per card archived."""
    f.setdefault("paid", 0)
    pa = f["params"]
    options = [[p, a] for p, h in t.stage(f["seat"]) for a in sorted(set(h["attached"])) if pa["name"] in names_of(t, a)]
    if f["paid"] >= pa["max"] or not options:
        return _stage_named_paid(t, f)
    return options + [None]


def _stage_named_paid(t: Board, f: dict) -> Options:
    push(t, f, *[f["params"]["then"]] * f["paid"])
    return None


@cost_stage_named.answer
def _stage_named_archived(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _stage_named_paid(t, f)
    pos, card = choice
    t.holo(f["seat"], pos)["attached"].remove(card)
    t.archive(f["seat"], card)
    t.event("detached", seat=f["seat"], pos=pos, card=card, dest="archive", source=f["card"])
    f["paid"] += 1
    return cost_stage_named.run(t, f)


@TEXTS.pattern(r"自分のステージの〈([^〉]+)〉1～(\d)枚をアーカイブできる:アーカイブしたカード1枚につき、(.+)")
def _cost_stage_named(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[3])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "cost_stage_named", {"name": m[1], "max": int(m[2]), "then": then}


@TEXTS.pattern(r"自分のデッキを1枚引き、(.+?1(?:枚|人|つ)につき、自分のデッキを1枚引く。)")
def _draw_then_per(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分のデッキを1枚引き、<数えるもの>1つにつき、自分のデッキを1枚引く」: one, then as many as counted."""
    per = spec(m[1])
    if per is None or per["effect"] != "draw_per":
        return None
    return "sequence", {"steps": [{"effect": "draw", "params": {"count": 1}}, per]}


@EFFECTS.effect("rest_self_may", timing="ability", prompt="このホロメンをお休みさせるか")
def rest_self_may(t: Board, f: dict) -> Options:
    """「このホロメンをお休みさせることができる」: asked; yes rests it (as 「このホロメンをお休みさせる」)."""
    return ["rest", None] if own_holo_of(t, f) is not None else None


@rest_self_may.answer
def _rested_self(t: Board, f: dict, choice: Any) -> Options:
    if choice == "rest":
        push(t, f, {"effect": "arts_rest_self", "params": {}})
    return None


@TEXTS.pattern(r"このホロメンをお休みさせることができる。(?:その後、(.+))?")
def _rest_self_may(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    rest = {"effect": "rest_self_may", "params": {}}
    if not m[1]:
        return rest["effect"], rest["params"]
    then = spec(m[1])
    return ("sequence", {"steps": [rest, then]}) if _runs(then) else None


# ------------------------------------------------------------------ 「相手のセンターポジションの2ndホロメンの残りHPをNにする」

@EFFECTS.effect("if_opp_center_level", timing="ability")
def if_opp_center_level(t: Board, f: dict) -> Options:
    """「相手のセンターポジションの<Debut|1st|2nd>ホロメンの…」: the effect only if the opponent's centre is of that level now."""
    center = t.p(other(f["seat"]))["center"]
    if center is not None and not center["face_down"] and t.card(center["card"])["level"] == f["params"]["level"]:
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"相手のセンターポジションの(Debut|1st|2nd)ホロメンの(残りHPを\d+にする。)")
def _opp_center_level_hp(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec("相手のセンターホロメンの" + m[2])
    return ("if_opp_center_level", {"level": LEVELS[m[1]], "then": then}) if then else None


@TEXTS.pattern(r"自分のデッキから、(.+?)1枚を公開できる:公開したホロメンをステージに出す。そしてデッキをシャッフルする。")
def _search_may_to_stage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分のデッキから、<条件>1枚を公開できる:公開したホロメンをステージに出す。…」: the search to the stage (its null: none)."""
    made = spec(f"自分のデッキから、{m[1]}1枚を公開し、ステージに出す。そしてデッキをシャッフルする。")
    return (made["effect"], made["params"]) if made else None


# ------------------------------------------------------------------ 「<holder>1人を選び、サイコロをN回振る。…回数1回につき、選んだホロメンのアーツ+M」

@EFFECTS.effect("choose_then_rolls", timing="ability", prompt="選ぶホロメン")
def choose_then_rolls(t: Board, f: dict) -> Options:
    """「自分の<holder>1人を選び、サイコロをN回振る。このターンの間、この能力で<目>が出た回数1回につき、選んだホロメンのアーツ+M」:
    the holomem first, then the rolls (``roll_count``), then the one boost (``boost_at``)."""
    options = holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _chosen_then_rolls(t, f, options[0]) if options else None
    return options


@choose_then_rolls.answer
def _chosen_then_rolls(t: Board, f: dict, choice: Any) -> Options:
    pa = f["params"]
    h = t.holo(f["seat"], choice)
    then = {"effect": "boost_at", "params": {"at": choice, "holder_card": h["card"], "amount": pa["amount"]}}
    push(t, f, {"effect": "roll_count", "params": {"times": pa["times"], "faces": pa["faces"], "then": then}})
    return None


@EFFECTS.effect("boost_at", timing="ability")
def boost_at(t: Board, f: dict) -> Options:
    """「このターンの間、選んだホロメンのアーツ+N」: the holomem chosen before (still that card there)."""
    pa = f["params"]
    h = t.holo(f["seat"], pa["at"])
    if h is not None and h["card"] == pa["holder_card"] and pa["amount"]:
        h["mods"]["arts"] += pa["amount"]
        t.event("boost", seat=f["seat"], pos=pa["at"], amount=pa["amount"], card=f["card"])
    return None


@TEXTS.pattern(r"自分の(.+?)1人を選び、サイコロを(\d)回振る。このターンの間、この能力で(奇数|偶数|\d(?:か\d)*|\d以上|\d以下)が出た回数1回につき、"
               r"選んだホロメンのアーツ\+(\d+)。")
def _choose_then_rolls(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt, faces = holder_filter(m[1]), _faces(m[3])
    if flt is None or faces is None:
        return None
    return "choose_then_rolls", {"holder": flt, "times": int(m[2]), "faces": faces, "amount": int(m[4])}


# ------------------------------------------------------------------ 「自分のデッキの上から1枚を公開できる:公開したカードが<条件>の時、…」

@EFFECTS.effect("reveal_top_may", timing="ability", prompt="デッキの上から1枚を公開するか")
def reveal_top_may(t: Board, f: dict) -> Options:
    """「自分のデッキの上から1枚を公開できる:公開したカードが<条件>の時、<効果>。そして公開したカードをデッキの下に戻す」: asked;
    the top card turned up (everyone sees it), put under the deck, and the effect if it fits."""
    return ["reveal", None] if t.deck_size(f["seat"]) > 0 else None


@reveal_top_may.answer
def _revealed_top_may(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat = f["seat"]
    card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=E.ALL, unknown_ok=False)
    if card is None:
        return None
    t.event("revealed_top", seat=seat, card=card, source=f["card"])
    t.zones.put(f"deck/{seat}", card, end="bottom")  # 「そして公開したカードをデッキの下に戻す」
    if E._matches(t, card, f["params"]["filter"]):
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分のデッキの上から1枚を公開できる:公開したカードが(.+?)の時、(.+?。)そして公開したカードをデッキの下に戻す。")
def _reveal_top_may(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    levels = re.fullmatch(r"((?:Debut|1st|2nd|Spot)ホロメン)(?:か((?:Debut|1st|2nd|Spot)ホロメン))?", m[1])
    flt = ({"holomem": True, "levels": [LEVELS[x[:-4]] for x in levels.groups() if x]} if levels else card_filter(m[1]))
    then = spec(m[2])
    if flt is None or then is None or "公開した" in m[2]:
        return None
    return "reveal_top_may", {"filter": flt, "then": then}


# ------------------------------------------------------------------ 「自分の手札の同じタグを持つホロメン2枚をアーカイブできる:…」

def _share_tag(t: Board, a: str, b: str) -> bool:
    return any(has_tag(t.card(b), tag) for tag in t.card(a).get("tags") or ())


@EFFECTS.effect("cost_hand_pair", timing="ability", prompt="アーカイブする手札のホロメン（しないならnull）")
def cost_hand_pair(t: Board, f: dict) -> Options:
    """Two holomem of the hand that share a tag, one at a time (the first may be null: not paid); then the effect."""
    hand = [c for c in t.hand_cards(f["seat"]) if t.card(c)["kind"] in ("holomem", "buzz")]
    if "first" not in f:
        copies = t.p(f["seat"])["hand"]
        fits = sorted({a for a in hand if any(_share_tag(t, a, b) and (b != a or copies.count(a) > 1) for b in hand)})
        return fits + [None] if fits else None
    fits = sorted({b for b in hand if _share_tag(t, f["first"], b)})
    return fits or None


@cost_hand_pair.answer
def _pair_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    t.take_from_hand(f["seat"], choice, "cost", t.rule_of(f["card"]))
    E.archive_by(t, f, "hand", choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    if "first" not in f:
        f["first"] = choice
        return cost_hand_pair.run(t, f)
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分の手札の同じタグを持つホロメン2枚をアーカイブできる:(.+)")
def _cost_hand_pair(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[1])
    return ("cost_hand_pair", {"then": then}) if then and EFFECTS[then["effect"]].timing == "ability" else None


# ------------------------------------------------------------------ 「相手のバックホロメンに特殊ダメージNをMずつ割り振って与える」

@EFFECTS.effect("special_spread", timing="ability", prompt="特殊ダメージを割り振る相手のバックホロメン（次のM）")
def special_spread(t: Board, f: dict) -> Options:
    """「相手のバックホロメンに特殊ダメージNをMずつ割り振って与える(。ただし、ダウンしても相手のライフは減らない)」: where each M goes,
    one at a time; then each back holomem takes what it was given as one special damage (the back end first, as
    ``effects.special_damage`` does, so a down shifts no other's place)."""
    backs = [p for p in t.positions(other(f["seat"])) if p.startswith("back")]
    given = f.setdefault("given", {})
    if not backs:
        return None
    if sum(given.values()) + f["params"]["step"] > f["params"]["amount"]:
        return _spread_dealt(t, f)
    return backs if len(backs) > 1 else _spread_given(t, f, backs[0])


def _spread_dealt(t: Board, f: dict) -> Options:
    own = own_holo_of(t, f)
    for pos in sorted(f["given"], key=lambda p: -int(p[4:])):
        E.damage(t, other(f["seat"]), pos, f["given"][pos], source=f["card"], special=True,
                 no_life=f["params"].get("no_life", False), by={"pos": own, "card": f["card"]} if own else None)
    return None


@special_spread.answer
def _spread_given(t: Board, f: dict, choice: Any) -> Options:
    f["given"][choice] = f["given"].get(choice, 0) + f["params"]["step"]
    t.event("allotted", seat=other(f["seat"]), pos=choice, amount=f["params"]["step"], source=f["card"])
    return special_spread.run(t, f)


@TEXTS.pattern(r"相手のバックホロメンに特殊ダメージ(\d+)を(\d+)ずつ割り振って与える。(ただし、ダウンしても相手のライフは減らない。)?")
def _special_spread(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if int(m[2]) <= 0 or int(m[1]) % int(m[2]):
        return None
    return "special_spread", {"amount": int(m[1]), "step": int(m[2]), **({"no_life": True} if m[3] else {})}
