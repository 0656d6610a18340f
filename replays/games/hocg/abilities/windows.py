"""Timing windows: the moments where the engine stops for an ability whose text says when it
may be used (「…にダメージを与えた時に使える」「…ダメージを受ける時に使える」), so that its seat may
use it, paying its cost, or decline.

``effects.damage`` and ``effects.check_downs`` call the hooks this module registers on
``effects.WINDOWS``:

- ``"taking"``, before the damage lands: if any seat may use an ability now, the damage is
  held in a ``take_damage`` frame under the window (an ability used there may lessen it:
  ``reduce_damage``), and dealt once the window closes;
- ``"dealt"``, once the damage is on the holomem and its downs are done (ダウン: the holomem
  is down the moment its damage reaches its HP);
- ``"down"``, at ダウン① (その他の現象/ダウン: 「そのホロメンがダウンした時に働く、または使える効果があれば、
  それを処理する」) before the downed holomem are archived: the downs wait in a
  ``resume_downs`` frame (an ability may take a life off, 「自分の減るライフ-1」: ``life_less``, or
  keep cards from the archive: ``to_hand``);
- ``"ko"``, after the downs' own steps, with the 「ダウンさせた時」 abilities (``by``: the holomem
  that dealt the damage);
- ``"rolled"``, once ``roll_then``'s die shows its face (``rolled``): the branches wait in a
  ``rolled_then`` frame while 「…サイコロを振った時に使える:サイコロを1回振り直す」 may be used.

What may be used is asked of ``SOURCES``: functions ``(t, moment, hit) -> [offer]``, where
``hit`` is ``{"seat", "pos", "card", "amount", "source", "special", "no_life", "by"}`` (the
holomem hit and how; for "down" the one down, for "ko" ``downed``: the positions downed) and an
offer is ``{"seat", "card", "name", "ability"?, "then", "subject", "self"?, "forced"?,
"origin"?}``: ``ability`` (an oshi skill: its ホロパワー, [ターンに1回] / [ゲームに1回]
paid on use), ``then`` the effect (``{"effect", "params"}``) it resolves, ``subject`` the
holomem the text calls 「その(相手の)ホロメン」, ``self``: the subject is ``seat``'s own and the
effect reads it as 「このホロメン」, ``forced``: it is not a choice (a gift's 「…時、<効果>」 with no
「できる」: resolved unasked), ``origin`` (its frame's; "oshi" by default). This module's own source
is the seats' oshi skills whose effect is ``skill_window``; a family adds gifts (「このホロメンが
ダメージを受けた時」) by appending its source.

A window asks its seat (the active seat first) which offer to use, or ``None`` (none); after
one is used, the others still usable are offered again.
"""
from __future__ import annotations

from typing import Any, Callable

from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (EFFECTS, R_DICE, WINDOWS, Options, attach_cheer, check_downs, cite,
                                             colors_of, damage, names_of, own_holo_of, push, roll)
from kifu.replays.games.hocg.state import R_HOLOPOWER, SEATS, Board, needs, other, pos_label
from kifu.replays.kit import frame

Offer = dict[str, Any]
SOURCES: list[Callable[[Board, str, dict], list[Offer]]] = []


# ------------------------------------------------------------------ the hooks

def taking(t: Board, hit: dict) -> bool:
    """Before ``hit`` lands: True if a window opened (the damage then waits in its frame)."""
    offers = _offers(t, "taking", hit)
    if not offers:
        return False
    t.s["stack"].append(frame("take_damage", hit["seat"], hit["source"], "damage", {"hit": hit}))
    _open(t, offers)
    return True


def dealt(t: Board, hit: dict) -> None:
    """Once ``hit`` is dealt (and its downs done): the windows it opens, if any."""
    offers = _offers(t, "dealt", hit)
    if offers:
        _open(t, offers)


def down(t: Board, by: dict | None) -> bool:
    """ダウン①, before the downed holomem are archived: True if a window opened for the holomem
    now down (each once: ``down_window``); ``resume_downs`` then goes on with the downs."""
    if t.s["over"] is not None:
        return False
    fresh = [(seat, pos, h) for seat in SEATS for pos, h in t.stage(seat)
             if h["damage"] >= t.max_hp(h) and not h.get("down_window")]
    offers = [o for seat, pos, h in fresh
              for o in _offers(t, "down", {"seat": seat, "pos": pos, "card": h["card"], "by": by})]
    if not offers:
        return False
    for _, _, h in fresh:
        h["down_window"] = True
    no_life = [[seat, pos] for seat, pos, h in fresh if h.get("no_life")]  # damage() drops the flag on return
    t.s["stack"].append(frame("resume_downs", t.s["active"], None, "down", {"by": by, "no_life": no_life}))
    _open(t, offers)
    return True


def knocked_out(t: Board, by: dict, downed: list[str]) -> list[dict]:
    """After the downs' own steps, the window frames of 「…が相手のホロメンをダウンさせた時に使える」
    (``by``: the holomem that dealt the damage; ``downed``: the positions downed)."""
    offers = _offers(t, "ko", {"seat": other(by["seat"]), "pos": downed[0], "card": None, "by": by,
                               "downed": downed})
    h = t.holo(by["seat"], by["pos"]) if by.get("pos") else None
    draws = [frame("draw", by["seat"], by["card"], "ko", {"count": m["amount"]}) for m in
             (h.get("lasting", ()) if h is not None and h["card"] == by.get("card") else ())
             if m["kind"] == "ko_draw" and m["until"] == t.s["turn"]]  # 「選んだホロメンが…ダウンさせた時、…引く」
    return draws + _frames(t, offers)


WINDOWS["taking"], WINDOWS["dealt"], WINDOWS["down"], WINDOWS["ko"] = taking, dealt, down, knocked_out


def _offers(t: Board, moment: str, hit: dict) -> list[Offer]:
    if t.s["over"] is not None:
        return []
    offers = [o for source in t.hooks(SOURCES) for o in source(t, moment, hit)]
    if hit.get("own"):  # dealt by the seat's own ability (``effects.damage``): the opponent dealt nothing
        offers = [o for o in offers if o["seat"] == hit["seat"]]
    return offers


def _frames(t: Board, offers: list[Offer]) -> list[dict]:
    """A window frame per seat with offers, the active seat's first (offers of one name told
    apart by the position they are about)."""
    names = [o["name"] for o in offers]
    for o in offers:
        if names.count(o["name"]) > 1:
            o["name"] = f"{o['name']}（{pos_label(o['subject']['pos'])}）"
    out = []
    for seat in (t.s["active"], other(t.s["active"])):
        out += [_then_frame(o) for o in offers if o["seat"] == seat and o.get("forced")]
        mine = [o for o in offers if o["seat"] == seat and not o.get("forced")]
        if mine:
            out.append(frame("window", seat, mine[0]["card"], "window", {"offers": mine}))
    return out


def _then_frame(offer: Offer) -> dict:
    """The frame of what ``offer`` does (its ``subject`` known; 「このホロメン」 if it is the seat's own)."""
    extra: dict[str, Any] = {"subject": offer["subject"]}
    if offer.get("self"):
        extra.update(pos=offer["subject"]["pos"], holder=offer["subject"]["card"])
    then = offer["then"]
    return frame(then["effect"], offer["seat"], offer["card"], offer.get("origin", "oshi"), then["params"], **extra)


def _open(t: Board, offers: list[Offer]) -> None:
    """The window frames pushed, the active seat's resolving first."""
    t.s["stack"].extend(reversed(_frames(t, offers)))


# ------------------------------------------------------------------ the window

@EFFECTS.effect("window", timing="rule", prompt="今使える能力（使わないならnull）")
def window(t: Board, f: dict) -> Options:
    """The offers still usable (a cost may have been spent meanwhile), by name, or None."""
    f["params"]["offers"] = [o for o in f["params"]["offers"] if o.get("ability") is None
                             or usable(t, o["seat"], o["ability"])]
    offers = f["params"]["offers"]
    return [o["name"] for o in offers] + [None] if offers else None


@window.answer
def _window_used(t: Board, f: dict, choice: Any) -> Options:
    offers = f["params"]["offers"]
    if choice is None:
        t.event("window_passed", seat=f["seat"], offered=[o["name"] for o in offers])
        return None
    offer = next(o for o in offers if o["name"] == choice)
    rest = [o for o in offers if o is not offer]
    if rest:  # offered again once this one has resolved
        t.s["stack"].append({**f, "params": {"offers": rest}, "stage": 0})
    if offer.get("ability") is not None:
        pay(t, offer["seat"], offer["ability"])
    t.s["stack"].append(_then_frame(offer))
    return None


@EFFECTS.effect("resume_downs", timing="rule")
def resume_downs(t: Board, f: dict) -> Options:
    """The downs held while their window was open: ダウン② on (a holomem healed meanwhile stays,
    and may open its window again when it next goes down)."""
    for seat, pos in f["params"].get("no_life", ()):
        h = t.holo(seat, pos)
        if h is not None and h.get("down_window"):
            h["no_life"] = True
    check_downs(t, f["params"]["by"])
    for seat in SEATS:
        for _, h in t.stage(seat):
            h.pop("down_window", None)
            h.pop("no_life", None)
    return None


@EFFECTS.effect("take_damage", timing="rule")
def take_damage(t: Board, f: dict) -> Options:
    """The damage held while its 「ダメージを受ける時」 window was open, dealt now (less what the
    abilities used there took off); nothing if the holomem has left its position."""
    hit = f["params"]["hit"]
    h = t.holo(hit["seat"], hit["pos"])
    if h is None or h["card"] != hit["card"]:
        t.event("damage_fizzle", seat=hit["seat"], pos=hit["pos"], card=hit["card"])
        return None
    damage(t, hit["seat"], hit["pos"], hit["amount"], source=hit["source"], special=hit["special"],
           no_life=hit["no_life"], by=hit["by"], windowed=True, own=hit.get("own", False))
    return None


# ------------------------------------------------------------------ oshi skills as offers

def usable(t: Board, seat: str, ab: dict) -> bool:
    """An oshi skill's cost and limit allow it now: its ホロパワー is there; an SP oshi skill
    once per game (SP推しスキルマーカー); an oshi skill once per turn, whoever's turn it is
    (``oshi_turn``: the turn it was last used outside its own main phase)."""
    from kifu.replays.games.hocg.abilities.arts_modifiers import skill_terms, skill_used_up
    pl = t.p(seat)
    if len(pl["holopower"]) < skill_terms(t, seat, ab)[0]:  # 「…の[ホロパワー:-3]を[ホロパワー:-2]に変更する」
        return False
    if ab["kind"] == "sp_oshi":
        return not pl.get("sp_used")
    if ab.get("limit") == "turn":
        return (pl.get("oshi_turn") != t.s["turn"] and not (t.s["active"] == seat and pl["used"]["oshi"])) \
            or not skill_used_up(t, seat, ab)  # 「…の[ターンに1回]を[ターンに2回]に変更する」
    return True


def pay(t: Board, seat: str, ab: dict) -> None:
    """The skill used: its ホロパワー archived (turned face up), its limit spent."""
    from kifu.replays.games.hocg.abilities.arts_modifiers import skill_terms, used_skill
    pl = t.p(seat)
    cost = skill_terms(t, seat, ab)[0]
    paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:cost]]
    pl["holopower"] = pl["holopower"][cost:]
    t.archive(seat, *paid)
    used_skill(t, seat, ab)
    if ab["kind"] == "sp_oshi":
        pl["sp_used"] = True
    else:
        pl["oshi_turn"] = t.s["turn"]
        if t.s["active"] == seat:
            pl["used"]["oshi"] = True
    cite(t, seat, pl["oshi"], ab["name"])
    t.event("oshi_skill", seat=seat, skill="sp" if ab["kind"] == "sp_oshi" else "oshi", name=ab["name"], paid=paid)


def holder_fits(t: Board, h: dict, flt: dict) -> bool:
    """The holomem ``h`` is what a text names (「#タグを持つホロメン」「<色>ホロメン」「〈名前〉」
    「〈A〉が付いている〈B〉」)."""
    c = t.card(h["card"])
    if "tag" in flt and not has_tag(c, flt["tag"]):
        return False
    if "colors" in flt and not set(flt["colors"]) & set(colors_of(t, h)):  # 「すべての色を持つ…として扱う」 too
        return False
    if "names" in flt and not set(flt["names"]) & names_of(t, h["card"]):
        return False
    if "attached" in flt and not any(t.name(a) == flt["attached"] for a in h["attached"]):
        return False
    return True


def _dealer_fits(t: Board, seat: str, hit: dict, who: dict) -> bool:
    """「この推しホロメンか自分の<色>ホロメンが」: the damage came from ``seat``'s oshi (one of its
    skills) or from a holomem of its stage (its arts or abilities: ``hit["by"]``)."""
    if who.get("any") or (who.get("oshi") and hit["source"] == t.p(seat)["oshi"]):
        return True  # 「(自分が)相手のホロメン1人に特殊ダメージを与えた時」: whatever of the seat's dealt it
    by = hit.get("by") or {}
    h = t.holo(seat, by["pos"]) if by.get("pos") else None
    if h is None or h["card"] != by.get("card"):
        return False
    return not who.get("colors") or bool(set(who["colors"]) & set(t.card(h["card"])["colors"]))


def _target_fits(pos: str, target: str) -> bool:
    if target == "any":
        return True
    return pos.startswith("back") if target == "back" else pos in ("center", "collab")


@needs("skill_window")
def oshi_offers(t: Board, moment: str, hit: dict) -> list[Offer]:
    """The oshi skills (``skill_window``) that may be used at ``moment`` for ``hit``."""
    out = []
    for seat in SEATS:
        oshi = t.p(seat)["oshi"]
        for full in t.card(oshi)["abilities"]:
            pa = full["params"]
            if full.get("effect") != "skill_window" or pa["moment"] != moment or not usable(t, seat, full):
                continue
            ab = {k: full[k] for k in ("kind", "name", "holopower", "limit")}
            subject = {"seat": hit["seat"], "pos": hit["pos"], "card": hit["card"]}
            then = pa["then"]
            if moment == "taking":
                h = t.holo(hit["seat"], hit["pos"])
                if seat != hit["seat"] or (pa.get("opp_turn") and t.s["active"] == seat) \
                        or not holder_fits(t, h, pa.get("holder", {})) \
                        or (pa.get("arts_only") and (hit["special"] or (hit["by"] or {}).get("art") is None)) \
                        or (then["effect"] == "skill_redirect" and not _redirects(t, seat, hit["pos"], then["params"])):
                    continue
                out.append({"seat": seat, "card": oshi, "name": ab["name"], "ability": ab, "then": then,
                            "subject": subject, "self": True})
            elif moment == "dealt":
                if seat == hit["seat"] or not _target_fits(hit["pos"], pa["target"]) \
                        or (pa.get("special") and not hit["special"]) \
                        or not _dealer_fits(t, seat, hit, pa.get("dealer", {})):
                    continue
                if then["effect"] == "special_subject":
                    h = t.holo(hit["seat"], hit["pos"])
                    if h is None or h["card"] != hit["card"]:
                        continue  # 「その相手のホロメン」 is down and gone
                if pa.get("same_amount"):  # 「それと同じ数値の」
                    then = {**then, "params": {**then["params"], "amount": hit["amount"]}}
                out.append({"seat": seat, "card": oshi, "name": ab["name"], "ability": ab, "then": then,
                            "subject": subject})
            elif moment == "down":
                h = t.holo(hit["seat"], hit["pos"])
                if seat != hit["seat"] or (pa.get("opp_turn") and t.s["active"] == seat) \
                        or not holder_fits(t, h, pa.get("holder", {})):
                    continue
                out.append({"seat": seat, "card": oshi, "name": ab["name"], "ability": ab, "then": then,
                            "subject": subject, "self": True})
            elif moment == "ko":
                by, dealer = hit["by"], pa.get("dealer", {})
                c = t.card(by["card"])
                if seat != by["seat"] or c["kind"] not in ("holomem", "buzz") \
                        or (pa.get("center") and "center" not in hit["downed"]) \
                        or (dealer.get("colors") and not set(dealer["colors"]) & set(c["colors"])) \
                        or ("deck_max" in pa and t.deck_size(seat) > pa["deck_max"]) \
                        or ("holder" in dealer and not _dealt_by_holder(t, by, dealer["holder"])):
                    continue
                out.append({"seat": seat, "card": oshi, "name": ab["name"], "ability": ab, "then": then,
                            "subject": {"seat": hit["seat"], "pos": hit["pos"], "card": None}})
    return out


SOURCES.append(oshi_offers)


# ------------------------------------------------------------------ what the offers do

@EFFECTS.effect("reduce_damage", timing="ability")
def reduce_damage(t: Board, f: dict) -> Options:
    """「そのホロメン1人が受けるダメージ-N」: the held damage to that holomem (``take_damage``,
    under this frame) is N less (not below 0); ``all``: 「自分の<holder>全員が受けるダメージ-N」, every
    hit held now on a holomem of that holder (the same effect's, e.g. special damage to the centre
    and the collab at once)."""
    subject = f.get("subject") or {"seat": f["seat"], "pos": own_holo_of(t, f)}
    every = f["params"].get("all")  # 「自分の<holder>全員が受けるダメージ-N」: each such hit held now
    for g in reversed(t.s["stack"]):
        hit = g["params"].get("hit") if g["effect"] == "take_damage" else None
        if not hit or hit["seat"] != subject["seat"]:
            continue
        h = t.holo(hit["seat"], hit["pos"])
        if (hit["pos"] == subject["pos"]) if every is None else \
                (h is not None and h["card"] == hit["card"] and holder_fits(t, h, every)):
            less = min(hit["amount"], f["params"]["amount"])
            hit["amount"] -= less
            t.event("damage_reduced", seat=hit["seat"], pos=hit["pos"], card=hit["card"], amount=less,
                    source=f["card"])
            if every is None:
                break
    return None


@EFFECTS.effect("special_subject", timing="ability")
def special_subject(t: Board, f: dict) -> Options:
    """「その相手のホロメン1人に特殊ダメージNを与える」: the opponent's holomem the window is about,
    if it is still there."""
    sub = f["subject"]
    h = t.holo(sub["seat"], sub["pos"])
    if h is not None and h["card"] == sub["card"]:
        damage(t, sub["seat"], sub["pos"], f["params"]["amount"], source=f["card"], special=True,
               no_life=f["params"].get("no_life", False))
    return None


@EFFECTS.effect("skill_window", timing="constant")
def skill_window(t: Board, f: dict) -> Options:
    """An oshi skill used 「…時に使える」 at a moment (``oshi_skills``): offered by ``oshi_offers``
    when that moment comes, never run as itself."""
    return None


@EFFECTS.effect("skill_attached_to_hand", timing="ability", prompt="手札に戻す付いているカード")
def skill_attached_to_hand(t: Board, f: dict) -> Options:
    """「そのホロメンに付いているファン1枚を手札に戻す」 (the holomem the window is about, still on the
    stage: ダウン① comes before its cards are archived)."""
    pos = own_holo_of(t, f)
    kind = f["params"]["support"]
    options = sorted({a for a in t.holo(f["seat"], pos)["attached"] if t.card(a)["support"] == kind}) if pos else []
    if len(options) <= 1:
        return _attached_back(t, f, options[0]) if options else None
    return options


@skill_attached_to_hand.answer
def _attached_back(t: Board, f: dict, choice: Any) -> Options:
    pos = own_holo_of(t, f)
    t.holo(f["seat"], pos)["attached"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    return None


@EFFECTS.effect("skill_spread_cheer", timing="ability", prompt="エールを付け替えるホロメン")
def skill_spread_cheer(t: Board, f: dict) -> Options:
    """「自分のダウンしたホロメン1人の<色>エールすべてを、自分の他のホロメンに割り振って付け替える」:
    each of those cheer in turn, to the other holomem chosen for it."""
    pos = own_holo_of(t, f)
    colors = f["params"].get("colors")
    left = [c for c in t.holo(f["seat"], pos)["cheer"] if not colors or t.card(c)["colors"][0] in colors] if pos else []
    others = [p for p in t.positions(f["seat"]) if p != pos]
    if not left or not others:
        return None
    return others if len(others) > 1 else _spread(t, f, others[0])


@skill_spread_cheer.answer
def _spread(t: Board, f: dict, choice: Any) -> Options:
    pos = own_holo_of(t, f)
    colors = f["params"].get("colors")
    cheer = next(c for c in t.holo(f["seat"], pos)["cheer"] if not colors or t.card(c)["colors"][0] in colors)
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    attach_cheer(t, f["seat"], choice, cheer)
    return skill_spread_cheer.run(t, f)


@EFFECTS.effect("life_less", timing="ability")
def life_less(t: Board, f: dict) -> Options:
    """「自分の減るライフ-N」: the down of the holomem the window is about takes N fewer life."""
    pos = own_holo_of(t, f)
    if pos:
        h = t.holo(f["seat"], pos)
        h["life_less"] = h.get("life_less", 0) + f["params"]["amount"]
        t.event("life_less", seat=f["seat"], pos=pos, card=h["card"], amount=f["params"]["amount"], source=f["card"])
    return None


@EFFECTS.effect("skill_if_self_is", timing="ability")
def skill_if_self_is(t: Board, f: dict) -> Options:
    """「そのホロメンがBuzzホロメンか2ndホロメンなら、<効果>」 (the holomem the window is about)."""
    pos = own_holo_of(t, f)
    c = t.card(t.holo(f["seat"], pos)["card"]) if pos else None
    pa = f["params"]
    if c is not None and ((pa.get("buzz") and c["kind"] == "buzz") or c["level"] in pa.get("levels", ())):
        push(t, f, pa["then"])
    return None


@EFFECTS.effect("skill_downed_to_hand", timing="ability", prompt="手札に戻すホロメン（重なっているものを含め）")
def skill_downed_to_hand(t: Board, f: dict) -> Options:
    """「そのホロメンを含め重なっているホロメンすべて(の中から1枚)を手札に戻す」: the downed holomem the window
    is about (still on the stage: ダウン①) keeps those cards from the archive at ダウン② (``to_hand``)."""
    pos = own_holo_of(t, f)
    if pos is None:
        return None
    h = t.holo(f["seat"], pos)
    cards = [*h["stack"], h["card"]]
    if f["params"].get("all"):
        return _downed_back(t, f, cards)
    options = sorted(set(cards))
    return options if len(options) > 1 else _downed_back(t, f, options[0])


@skill_downed_to_hand.answer
def _downed_back(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], own_holo_of(t, f))
    chosen = choice if isinstance(choice, list) else [choice]
    h.setdefault("to_hand", []).extend(chosen)
    t.event("downed_to_hand", seat=f["seat"], cards=chosen, source=f["card"])
    return None


def _dealt_by_holder(t: Board, by: dict, flt: dict) -> bool:
    """The holomem that dealt the damage (still at ``by["pos"]``, or as its card says) is one ``flt`` names."""
    from kifu.replays.games.hocg.abilities import keywords
    h = t.holo(by["seat"], by["pos"]) if by.get("pos") else None
    if h is None or h["card"] != by["card"]:
        h = {"card": by["card"], "attached": [], "cheer": []}
    return keywords.holder_fits(t, None, by.get("pos") or "center", h, flt)


def _redirects(t: Board, seat: str, pos: str, pa: dict) -> list[str]:
    """The own holomem (other than the one hit) that may take the damage instead: of ``colors``, and a
    Buzz holomem or of ``levels``."""
    return [p for p, h in t.stage(seat) if p != pos and set(pa["colors"]) & set(t.card(h["card"])["colors"])
            and (t.card(h["card"])["kind"] == "buzz" or t.card(h["card"])["level"] in pa["levels"])]


@EFFECTS.effect("skill_redirect", timing="ability", prompt="かわりにダメージを受けるホロメン")
def skill_redirect(t: Board, f: dict) -> Options:
    """「自分のステージの[Buzzか2nd]の<色>ホロメン1人を選べる:そのダメージを、選んだホロメンがかわりに受ける」: the
    damage held (``take_damage``, under this frame) goes to the holomem chosen, as much as it is."""
    options = _redirects(t, f["seat"], f["subject"]["pos"], f["params"])
    if len(options) <= 1:
        return _redirected(t, f, options[0]) if options else None
    return options


@skill_redirect.answer
def _redirected(t: Board, f: dict, choice: Any) -> Options:
    sub = f["subject"]
    for g in reversed(t.s["stack"]):
        hit = g["params"].get("hit") if g["effect"] == "take_damage" else None
        if hit and hit["seat"] == sub["seat"] and hit["pos"] == sub["pos"]:
            h = t.holo(f["seat"], choice)
            hit.update(pos=choice, card=h["card"])
            t.event("damage_redirected", seat=f["seat"], pos=choice, card=h["card"], source=f["card"])
            break
    return None


# ------------------------------------------------------------------ 「…の能力でサイコロを振った時に使える」

def rolled(t: Board, f: dict, face: int) -> bool:
    """``roll_then``'s die (``f``: its frame) shows ``face``: if the roller's oshi may use 「自分の〈名前〉の
    能力でサイコロを振った時に使える:サイコロを1回振り直す」 now (its holomem's ability rolled it), the branches wait
    in a ``rolled_then`` frame under the window (True); else False (the face is used at once)."""
    seat = f["seat"]
    if t.s["over"] is not None:
        return False
    pl = t.p(seat)
    offers = []
    for full in (t.card(pl["oshi"])["abilities"] if t.card(f["card"])["kind"] in ("holomem", "buzz") else ()):
        pa = full.get("params") or {}
        if full.get("effect") != "skill_window" or pa.get("moment") != "rolled" or not usable(t, seat, full) \
                or not set(pa["holder"]["names"]) & names_of(t, f["card"]):
            continue
        ab = {k: full[k] for k in ("kind", "name", "holopower", "limit")}
        offers.append({"seat": seat, "card": pl["oshi"], "name": ab["name"], "ability": ab, "then": pa["then"],
                       "subject": {"seat": seat, "pos": f.get("pos"), "card": f["card"]}})
    offers += [o for source in t.hooks(ROLLED_SOURCES) for o in source(t, f)]
    if not offers:
        return False
    keep = {k: f[k] for k in ("seat", "card", "origin", "pos", "holder") if f.get(k)}
    t.s["stack"].append(frame("rolled_then", seat, f["card"], "rule",
                              {"face": face, "branches": f["params"]["branches"], "frame": keep}))
    t.s["stack"].append(frame("window", seat, pl["oshi"], "window", {"offers": offers}))
    return True


WINDOWS["rolled"] = rolled
#: more offers of the 「サイコロを振った時」 window: ``(t, f) -> [offer]`` (``f``: the rolling frame; the fans'
#: 「このファンをアーカイブできる:…」, ``dice_and_colours``)
ROLLED_SOURCES: list[Callable[[Board, dict], list[Offer]]] = []


@EFFECTS.effect("rolled_then", timing="rule")
def rolled_then(t: Board, f: dict) -> Options:
    """The branches of the roll (``roll_then``) held while its window was open, for the face it shows now."""
    face = f["params"]["face"]
    push(t, f["params"]["frame"], *[b["then"] for b in f["params"]["branches"] if face in b["faces"]])
    return None


@EFFECTS.effect("skill_reroll", timing="ability")
def skill_reroll(t: Board, f: dict) -> Options:
    """「サイコロを1回振り直す」: the die of the roll held (``rolled_then``) is rolled again (a chance event, サイコロを
    振る) and the new face is the one used."""
    held = next((g for g in reversed(t.s["stack"]) if g["effect"] == "rolled_then"), None)
    if held is None:
        return None
    before = held["params"]["face"]
    held["params"]["face"] = roll(t, held["seat"], held["card"], R_DICE)
    t.event("reroll", seat=held["seat"], card=held["card"], before=before, face=held["params"]["face"],
            source=f["card"])
    return None
