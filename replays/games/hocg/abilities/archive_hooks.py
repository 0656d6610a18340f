"""Abilities that act when, or instead of, an ability archiving cheer, the hand or the deck's cards.

Every such archiving passes through ``effects.archive_by`` (the cost and effect steps that archive the
stage's cheer, the cheer deck's top, the hand, the deck's top; a baton touch's cost as a rule), which
counts it for the turn in the seat's ``used["archived"]`` and calls ``effects.ARCHIVE_HOOKS``; the
steps that choose what to archive offer ``effects.ARCHIVE_INSTEAD``'s substitutes too. This module's:

- triggers: the oshi skills 「自分の<ホロメン>の能力でエールをアーカイブした時に使える:」 (レイン・シャーマニズム
  hBP01-008, ニコたんの名を呼ぶがいいさ！ hSD11-001: 「アーカイブしたエール1枚につき」 counts the cheer that
  ability archived), offered in a ``windows`` window once the cheer is in the archive (one window per
  ability: a cost of two cheer opens it once, for both); 「◆…このツールが付いているホロメンの能力で自分の
  手札をアーカイブした時、<効果>」 (hBP05-083); the gift 「自分のターンで、自分のエールがアーカイブに置かれた時、
  <効果>」 (hBP08-031: any of the seat's cheer, an ability's or a baton touch's);
- substitutes: 「このファン(マスコット)が付いているホロメンの能力でエールをアーカイブする時、アーカイブする
  (<色>)エール1枚のかわりに、このファンをアーカイブできる」 (SSRB hBP03-106, おかにゃん hSD03-013): the fan is
  one more option where that holomem's ability picks the cheer to archive, and counts as one of them;
  女幹部の采配 (hBP01-005) 「自分の赤ホロメンの能力で手札をアーカイブする時に使える:アーカイブする手札1枚に
  つき自分のホロパワー1枚を、かわりにアーカイブできる」: "holopower" is an option where a red holomem's
  ability picks the hand card to archive; choosing it uses the skill (its [ターンに1回] spent, its
  ホロパワー:-X being the cards archived so) and archives the top holopower card face up instead;
- per-turn records: 「このターンに自分のステージのエールがアーカイブされていたなら」 and 「このターンに自分の
  デッキからカードをN枚以上アーカイブしていたなら」 (``if_archived``).

Rulings (judge's choices, the rulebook being silent): a substitute is offered only where the cost could
be paid with cheer (hand cards) alone, and replaces one cheer that fits its colour (おかにゃん: a blue
one); what is archived in their place is not cheer (hand) archived, so it triggers nothing of the
above. A trigger's frames resolve once the archiving ability's current step is done (its cost paid),
before the rest of that ability.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import oshi_skills, windows
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.abilities.keywords import LIMIT, _limits, _slot
from kifu.replays.games.hocg.abilities.supports_attached import FAN_ONLY, _damage_constant, _holder_cond, holder_ok
from kifu.replays.games.hocg.effects import EFFECTS, Options, cite, own_holo_of, push
from kifu.replays.games.hocg.state import R_HOLOPOWER, Board, needs
from kifu.replays.kit import frame

TEXTS = Texts()
COLOR_CHARS = oshi_skills.COLOR_CHARS
CHEER = ("cheer", "cheer_deck")  # 「エールをアーカイブ」: the stage's and the cheer deck's


# ------------------------------------------------------------------ texts

@TEXTS.pattern(r"自分の(.+?)の能力でエールをアーカイブした時に使える:(.+)")
def _when_cheer_archived(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """レイン・シャーマニズム (hBP01-008), ニコたんの名を呼ぶがいいさ！ (hSD11-001)."""
    who = oshi_skills.holder(m[1])
    if who is None:
        return None
    per = re.fullmatch(r"(相手の.+?)(?:どちらか)?に、アーカイブしたエール1枚につき、特殊ダメージ(\d+)を与える。", m[2])
    if per:
        then = spec(f"{per[1]}に特殊ダメージ{per[2]}を与える。")
        if then is None or then["effect"] != "special_damage":
            return None
        return "skill_window", {"moment": "archived_cheer", "holder": who, "per_cheer": int(per[2]), "then": then}
    then = spec(m[2])
    if then is None or "アーカイブした" in m[2]:
        return None
    return "skill_window", {"moment": "archived_cheer", "holder": who, "then": then}


@TEXTS.pattern(r"自分の(.)ホロメンの能力で手札をアーカイブする時に使える:アーカイブする手札1枚につき自分のホロパワー1枚を、"
               r"かわりにアーカイブできる。")
def _holopower_instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """女幹部の采配 (hBP01-005)."""
    if m[1] not in COLOR_CHARS:
        return None
    return "skill_window", {"moment": "archive_hand", "holder": {"colors": [COLOR_CHARS[m[1]]]}, "instead": "holopower"}


INSTEAD = r"の能力でエールをアーカイブする時、アーカイブする(.)?エール1枚のかわりに、この(?:ファン|マスコット)をアーカイブできる。"


@TEXTS.pattern(r"このファンが付いているホロメン" + INSTEAD + FAN_ONLY)
def _fan_instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """SSRB (hBP03-106)."""
    if m[1] is not None and m[1] not in COLOR_CHARS:
        return None
    entry = {**({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})}
    return "attached_constant", {"archive_instead": [entry], "only": re.findall(r"〈([^〉]+)〉", m[2])}


@TEXTS.pattern(r"(このマスコットが付いているホロメンが(?:センターポジションかコラボポジションで)?受けるダメージ-\d+。)"
               r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加このマスコットが付いて(?:い)?るホロメン" + INSTEAD)
def _mascot_instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """おかにゃん (hSD03-013): its damage cut, and 「◆〈名前〉に付いていたら能力追加」 the substitute."""
    constant = _damage_constant(m[1], "マスコット")
    if constant is None or (m[4] is not None and m[4] not in COLOR_CHARS):
        return None
    entry = {"holder": _holder_cond([m[3]], m[2]), **({"colors": [COLOR_CHARS[m[4]]]} if m[4] else {})}
    return "attached_constant", {**constant, "archive_instead": [entry]}


@TEXTS.pattern(r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加" + LIMIT + r"?(\[ターンに1回\])?"
               r"このツールが付いているホロメンの能力で自分の手札をアーカイブした時、(.+)")
def _tool_hand_archived(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ネリッサ・レイヴンクロフトの杖 (hBP05-083)."""
    then = spec(m[5])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    entry = {"what": ["hand"], "holder": _holder_cond([m[2]], m[1]), "then": then,
             **({"at": _limits(m[3])} if m[3] else {}), **({"once": True} if m[4] else {})}
    return "attached_constant", {"on_archived": [entry]}


@TEXTS.pattern(LIMIT + r"?(\[ターンに1回\])?自分のターンで、自分のエールがアーカイブに置かれた時、(.+)")
def _gift_cheer_archived(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """SPY-C1000 (hBP08-031)."""
    then = spec(m[3])
    if then is None or EFFECTS[then["effect"]].timing != "ability" or "この" in m[3]:
        return None
    return "archive_gift", {"what": list(CHEER), "own_turn": True, "then": then,
                            **({"at": _limits(m[1])} if m[1] else {}), **({"once": True} if m[2] else {})}


EFFECTS.effect("archive_gift", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"このターンに自分の(ステージのエールがアーカイブされていた|デッキからカードを(\d+)枚以上アーカイブしていた)なら、(.+)")
def _if_archived_text(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """hBP07-088 (the stage's cheer), hBP08-020 (N cards of the deck)."""
    then = spec(m[3])
    if then is None:
        return None
    what = ["deck"] if m[2] else ["cheer"]
    return "if_archived", {"what": what, "min": int(m[2]) if m[2] else 1, "then": then}


@EFFECTS.effect("if_archived", timing="ability")
def if_archived(t: Board, f: dict) -> Options:
    """「このターンに自分の<ステージのエールがアーカイブされていた|デッキからカードをN枚以上アーカイブしていた>なら、
    <効果>」: the turn's count (``effects.archive_by``)."""
    counts = t.p(f["seat"])["used"].get("archived", {})
    if sum(counts.get(w, 0) for w in f["params"]["what"]) >= f["params"]["min"]:
        push(t, f, f["params"]["then"])
    return None


# ------------------------------------------------------------------ triggers

def _ability_holomem(t: Board, f: dict | None) -> dict | None:
    """The holomem whose ability ``f`` is (its card a holomem's; where it stands if it is still there)."""
    if f is None or f.get("card") is None or f["card"] not in t.cs.cards \
            or t.card(f["card"])["kind"] not in ("holomem", "buzz"):
        return None
    pos = own_holo_of(t, f)
    return t.holo(f["seat"], pos) if pos else {"card": f["card"], "attached": [], "cheer": []}


def _key(f: dict) -> list:
    return [f["seat"], f["card"], f["origin"], f.get("pos")]


@needs("skill_window")
def skill_offers(t: Board, seat: str, f: dict | None, what: str, cards: list[str]) -> list[dict]:
    """「自分の<ホロメン>の能力でエールをアーカイブした時に使える」: a window of the seat's oshi skill after its
    holomem's ability archived cheer; the same ability archiving more adds to the window already open for it."""
    h = _ability_holomem(t, f)
    if what not in CHEER or h is None or f["seat"] != seat or t.s["over"] is not None:
        return []
    top = t.s["stack"][-1] if t.s["stack"] else None
    if top is not None and top["effect"] == "window" and top["params"].get("archive_of") == _key(f):
        top["params"]["count"] += len(cards)
        for o in top["params"]["offers"]:
            _scale(o, top["params"]["count"])
        return []
    pl = t.p(seat)
    offers = []
    for full in t.card(pl["oshi"])["abilities"]:
        pa = full.get("params") or {}
        if full.get("effect") != "skill_window" or pa.get("moment") != "archived_cheer" \
                or not windows.usable(t, seat, full) or not windows.holder_fits(t, h, pa["holder"]):
            continue
        ab = {k: full[k] for k in ("kind", "name", "holopower", "limit")}
        offer = {"seat": seat, "card": pl["oshi"], "name": ab["name"], "ability": ab, "then": pa["then"],
                 "subject": {"seat": seat, "pos": f.get("pos"), "card": f["card"]}, "per": pa.get("per_cheer")}
        offers.append(_scale(offer, len(cards)))
    if not offers:
        return []
    return [frame("window", seat, pl["oshi"], "window", {"offers": offers, "archive_of": _key(f), "count": len(cards)})]


def _scale(offer: dict, count: int) -> dict:
    if offer.get("per"):  # 「アーカイブしたエール1枚につき、特殊ダメージN」
        then = offer["then"]
        offer["then"] = {**then, "params": {**then["params"], "amount": offer["per"] * count}}
    return offer


def attached_triggers(t: Board, seat: str, f: dict | None, what: str, cards: list[str]) -> list[dict]:
    """「◆…このツールが付いているホロメンの能力で自分の手札をアーカイブした時、<効果>」: the holomem whose ability it
    is holds the tool, at a position its 「[…限定]」 allows, once a turn with 「[ターンに1回]」."""
    pos = own_holo_of(t, f) if f is not None and f["seat"] == seat else None
    h = t.holo(seat, pos) if pos else None
    if h is None or t.s["over"] is not None:
        return []
    used = t.p(seat)["used"].setdefault("archive_once", [])
    out = []
    for item in dict.fromkeys(h["attached"]):
        for ab in t.card(item)["abilities"]:
            for e in (ab.get("params") or {}).get("on_archived", ()):
                if what not in e["what"] or not holder_ok(t, h, e.get("holder", {})) \
                        or (e.get("at") and _slot(pos) not in e["at"]) or (e.get("once") and item in used):
                    continue
                if e.get("once"):
                    used.append(item)
                cite(t, seat, item, ab.get("name") or "support")
                t.event("archive_ability", seat=seat, card=item, source=f["card"])
                out.append(frame(e["then"]["effect"], seat, item, "archived", e["then"]["params"]))
    return out


@needs("archive_gift")
def gift_triggers(t: Board, seat: str, f: dict | None, what: str, cards: list[str]) -> list[dict]:
    """「[…限定][ターンに1回]自分のターンで、自分のエールがアーカイブに置かれた時、<効果>」 of the seat's holomem."""
    if t.s["over"] is not None:
        return []
    out = []
    for pos, g in t.stage(seat):
        for ab in t.card(g["card"])["abilities"]:
            pa = ab.get("params") or {}
            if ab["kind"] != "gift" or ab.get("effect") != "archive_gift" or what not in pa["what"] \
                    or (pa.get("own_turn") and t.s["active"] != seat) or (pa.get("at") and _slot(pos) not in pa["at"]) \
                    or (pa.get("once") and g.get("gift_turn") == t.s["turn"]):
                continue
            if pa.get("once"):
                g["gift_turn"] = t.s["turn"]
            cite(t, seat, g["card"], ab.get("name") or "gift")
            t.event("gift", seat=seat, pos=pos, card=g["card"], ability=ab.get("name"))
            out.append(frame(pa["then"]["effect"], seat, g["card"], "gift", pa["then"]["params"], pos=pos))
    return out


E.ARCHIVE_HOOKS.extend([skill_offers, attached_triggers, gift_triggers])


# ------------------------------------------------------------------ substitutes

def _substitutes(t: Board, f: dict, pos: str | None) -> list[str]:
    """The fans/mascots attached to the holomem at ``pos`` that may be archived in a cheer's place, with their entry."""
    h = t.holo(f["seat"], pos) if pos else None
    if h is None:
        return []
    return [(item, e) for item in dict.fromkeys(h["attached"]) for ab in t.card(item)["abilities"]
            for e in (ab.get("params") or {}).get("archive_instead", ()) if holder_ok(t, h, e.get("holder", {}))]


def _cheer_of(option: Any) -> str:
    return option[1] if isinstance(option, list) else option


def offer_attached(t: Board, f: dict, what: str, options: list) -> list:
    """The ability's holomem's fans (mascots) that may be archived instead of one of ``options``' cheer."""
    if what != "cheer" or not options or _ability_holomem(t, f) is None:
        return []
    pos = own_holo_of(t, f)
    paired = isinstance(options[0], list)
    out = []
    for item, e in _substitutes(t, f, pos):
        if e.get("colors") and not any(t.card(_cheer_of(o))["colors"][0] in e["colors"] for o in options):
            continue
        choice = [pos, item] if paired else item
        if choice not in out:
            out.append(choice)
    return out


def take_attached(t: Board, f: dict, what: str, choice: Any) -> bool:
    if what != "cheer" or _ability_holomem(t, f) is None:
        return False
    pos = own_holo_of(t, f)
    item = _cheer_of(choice)
    if (isinstance(choice, list) and choice[0] != pos) or item not in {i for i, _ in _substitutes(t, f, pos)}:
        return False
    t.holo(f["seat"], pos)["attached"].remove(item)
    t.archive(f["seat"], item)
    cite(t, f["seat"], item, "support")
    t.event("archived_instead", seat=f["seat"], pos=pos, card=item, source=f["card"], instead="cheer")
    return True


def _saihai(t: Board, f: dict) -> dict | None:
    """The seat's oshi skill 「…の能力で手札をアーカイブする時に使える:…ホロパワー1枚を、かわりに…」 usable for ``f``
    now (already used for this ability's archiving, or its limit free), with a holopower card to archive."""
    h = _ability_holomem(t, f)
    pl = t.p(f["seat"])
    if h is None or not pl["holopower"]:
        return None
    for full in t.card(pl["oshi"])["abilities"]:
        pa = full.get("params") or {}
        if full.get("effect") == "skill_window" and pa.get("moment") == "archive_hand" \
                and windows.holder_fits(t, h, pa["holder"]) and (f.get("holopower_instead") or windows.usable(t, f["seat"], full)):
            return full
    return None


def offer_holopower(t: Board, f: dict, what: str, options: list) -> list:
    return ["holopower"] if what == "hand" and options and _saihai(t, f) is not None else []


def take_holopower(t: Board, f: dict, what: str, choice: Any) -> bool:
    if what != "hand" or choice != "holopower" or (full := _saihai(t, f)) is None:
        return False
    seat, pl = f["seat"], t.p(f["seat"])
    if not f.get("holopower_instead"):  # the skill used now: its limit spent (its -X is the cards archived so)
        windows.pay(t, seat, {k: full[k] for k in ("kind", "name", "holopower", "limit")})
        f["holopower_instead"] = True
    card = t.face_up(pl["holopower"].pop(0), "holopower", R_HOLOPOWER)
    t.archive(seat, card)
    t.event("archived_instead", seat=seat, card=card, source=f["card"], instead="hand")
    return True


E.ARCHIVE_INSTEAD.extend([(offer_attached, take_attached), (offer_holopower, take_holopower)])


# ------------------------------------------------------------------ 「…〈名前〉をアーカイブする時、アーカイブするかわりに…付け替えられる」

@TEXTS.pattern(LIMIT + r"?相手のターンで、自分のセンターホロメンに付いている〈([^〉]+)〉をアーカイブする時、アーカイブするかわりに、"
               r"自分のバックホロメンの〈([^〉]+)〉に付け替えられる。")
def _reattach_instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """みんなへ感謝の気持ち (hBP06-030): read at the centre's down (ダウン①, a ``windows`` "down" window, while
    the cards are still attached), the way such a card is archived on the opponent's turn; an opponent's
    effect archiving the card itself is resolved by hand."""
    return "reattach_gift", {"name": m[2], "to": m[3], **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("reattach_gift", timing="constant")(lambda t, f: None)


def _reattach_targets(t: Board, seat: str, name: str) -> list[str]:
    return [p for p, h in t.stage(seat) if p.startswith("back") and name in E.names_of(t, h["card"])
            and h["damage"] < t.max_hp(h)]


@needs("reattach_gift")
def reattach_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The gift's offer when the seat's centre is down on the opponent's turn holding the card it names, a
    back holomem of the name to take it (not itself down), the gift's holomem where its 「[…限定]」 allows."""
    seat = hit["seat"]
    if moment != "down" or hit["pos"] != "center" or t.s["active"] == seat:
        return []
    h = t.holo(seat, "center")
    out = []
    for gpos, g in t.stage(seat):
        for ab in t.card(g["card"])["abilities"]:
            pa = ab.get("params") or {}
            if ab.get("effect") != "reattach_gift" or (pa.get("at") and _slot(gpos) not in pa["at"]) \
                    or g["damage"] >= t.max_hp(g) or h is None \
                    or not any(t.name(a) == pa["name"] for a in h["attached"]) or not _reattach_targets(t, seat, pa["to"]):
                continue
            out.append({"seat": seat, "card": g["card"], "name": ab.get("name") or pa["name"], "origin": "gift",
                        "then": {"effect": "reattach_named", "params": {"name": pa["name"], "to": pa["to"]}},
                        "subject": {"seat": seat, "pos": "center", "card": hit["card"]}})
    return out


windows.SOURCES.append(reattach_offers)


@EFFECTS.effect("reattach_named", timing="ability", prompt="付け替える先のバックホロメン")
def reattach_named(t: Board, f: dict) -> Options:
    """「自分のセンターホロメンに付いている〈名前〉を…自分のバックホロメンの〈名前〉に付け替える」: each such card of the
    holomem the window is about, to the back holomem chosen (asked when more than one may take it)."""
    sub = f["subject"]
    h = t.holo(sub["seat"], sub["pos"])
    if h is None or h["card"] != sub["card"] or not any(t.name(a) == f["params"]["name"] for a in h["attached"]):
        return None
    targets = _reattach_targets(t, f["seat"], f["params"]["to"])
    if len(targets) <= 1:
        return _reattached(t, f, targets[0]) if targets else None
    return targets


@reattach_named.answer
def _reattached(t: Board, f: dict, choice: Any) -> Options:
    sub = f["subject"]
    h = t.holo(sub["seat"], sub["pos"])
    item = next(a for a in h["attached"] if t.name(a) == f["params"]["name"])
    h["attached"].remove(item)
    t.holo(f["seat"], choice)["attached"].append(item)
    t.event("reattached", seat=f["seat"], pos=choice, card=item, source=f["card"])
    return reattach_named.run(t, f)
