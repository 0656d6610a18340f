"""Bloom effects, collab effects and gifts (キーワード): their texts.

A bloom effect runs when its holomem blooms (対戦中の現象/Bloom), a collab effect when it moves
to the collab position (対戦中の現象/コラボ): both are frames of that holomem (its ``pos``), so
their texts are plain effects composed of parts every family recognises (``spec``). A gift
(対戦中の現象/ギフト) never runs as a frame of its own: it is read where the rules reach what it
changes or the moment it names (``keywords_gifts``).

This module holds what the family's parts share, and the shapes that wrap any effect:

- who a text names on the own stage (「自分の〈雪民〉が付いている〈雪花ラミィ〉」「自分の#IDを持つ
  バックホロメン」「自分のこのターンにBloomした…」): ``holder_filter`` / ``holder_fits``, and which
  cards (「[〈A〉か〈B〉]」「#タグを持つ[DebutホロメンかSpotホロメン]」「LIMITED以外のイベント」):
  ``card_filter``;
- conditions (``if_holds``: 「このホロメンに重なっているホロメンがN枚以上」「自分の推しホロメンの色が<色>」
  「自分の<holder>がいない時」…), 「[センターポジション限定]」 (``at_pos``, in ``keywords_gifts`` after the
  gifts' own 「[…限定]」 shapes), 「自分のブルームエフェクト「名前」はターンに1回しか使えない」
  (``once_per_turn``), steps (「。さらに、」「かわりに、」: ``instead``; 「…できる。…したなら、」 read as
  「…できる:」).

``keywords_effects`` holds the effects that run (cheer, arts for the turn, deck, archive, hand,
ホロパワー, attaching, dice rolled N times); ``keywords_gifts`` the gifts. Both register on this
``TEXTS`` when imported at the end of this module, after its own shapes.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import EFFECTS, Options, colors_of, names_of, own_holo_of, push
from kifu.replays.games.hocg.state import Board, other

TEXTS = Texts()

COLOR_CHARS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
ALL_COLORS = ["white", "green", "red", "blue", "purple", "yellow"]
LEVELS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}
SUPPORT_KINDS = {"スタッフ": "staff", "アイテム": "item", "イベント": "event", "ツール": "tool", "マスコット": "mascot",
                 "ファン": "fan"}
SLOTS = {"センター": "center", "コラボ": "collab", "バック": "back"}


def _slot(pos: str) -> str:
    return "back" if pos.startswith("back") else pos


def _limits(text: str | None) -> list[str] | None:
    """「[センターポジション・コラボポジション限定]」 -> ["center", "collab"]."""
    if not text:
        return None
    return [SLOTS[w] for w in re.findall(r"(センター|コラボ|バック)ポジション", text)]


LIMIT = r"(\[(?:(?:センター|コラボ|バック)ポジション・?)+限定\])"

# ------------------------------------------------------------------ who a text names

def holder_filter(desc: str) -> dict[str, Any] | None:
    """The own holomem 「自分の<desc>」 names, as a filter (``holder_fits``), or None for a
    description not read: 「ステージの」「他の」, 「<〈名前〉|ファン|マスコット|ツール>が付いている」,
    「〈名前〉以外の」, 「#タグを持つ」, 「センター/コラボ/バックホロメンの〈名前〉」, then 「(センター|
    コラボ|バック)(Debut…)(<色>)ホロメン」, 「センターホロメンかコラボホロメン」 or 「〈名前〉(か〈名前〉)」.

    >>> holder_filter("〈雪民〉が付いている〈雪花ラミィ〉")
    {'attached_name': '雪民', 'names': ['雪花ラミィ']}
    >>> holder_filter("#シューターを持つバックホロメン")
    {'tag': 'シューター', 'pos': ['back']}
    """
    flt: dict[str, Any] = {}
    if desc.startswith("ステージの"):
        desc = desc[len("ステージの"):]
    for prefix in ("他の", "このホロメン以外の"):
        if desc.startswith(prefix):
            flt["other"], desc = True, desc[len(prefix):]
    if desc.startswith("このターンにBloomした"):
        flt["bloomed"], desc = True, desc[len("このターンにBloomした"):]
    if desc.startswith("お休みしている"):
        flt["rested"], desc = True, desc[len("お休みしている"):]
    m = re.fullmatch(r"(〈[^〉]+〉|ファン|マスコット|ツール|サポートカード)が付いている(.+)", desc)
    if m:
        if m[1].startswith("〈"):
            flt["attached_name"] = m[1][1:-1]
        elif m[1] == "サポートカード":
            flt["attached_any"] = True
        else:
            flt["attached_kind"] = SUPPORT_KINDS[m[1]]
        desc = m[2]
    m = re.fullmatch(r"〈([^〉]+)〉以外の(.+)", desc)
    if m:
        flt["not_names"], desc = [m[1]], m[2]
    m = re.fullmatch(r"#([^#]+?)を持つ(.+)", desc)
    if m:
        flt["tag"], desc = m[1], m[2]
    m = re.fullmatch(r"(センター|コラボ|バック)ホロメンの(〈.+|\[.+)", desc)
    if m:
        flt["pos"], desc = [SLOTS[m[1]]], m[2]
    m = re.fullmatch(r"(Debut|1st|2nd|Spot|Buzz)ホロメンの(〈.+|\[.+)", desc)
    if m:
        flt.update({"buzz": True} if m[1] == "Buzz" else {"level": LEVELS[m[1]]})
        desc = m[2]
    if re.fullmatch(r"〈[^〉]+〉(?:か〈[^〉]+〉)*|\[〈[^〉]+〉(?:(?:か|と)〈[^〉]+〉)+\]", desc):
        return {**flt, "names": re.findall(r"〈([^〉]+)〉", desc)}
    if desc == "[センターホロメンとコラボホロメン]":
        return {**flt, "pos": ["center", "collab"]}
    m = re.fullmatch(r"\[(〈[^〉]+〉|#[^#]+?を持つホロメン)か(〈[^〉]+〉|#[^#]+?を持つホロメン)\]", desc)
    if m and (a := holder_filter(m[1])) is not None and (b := holder_filter(m[2])) is not None:
        return {**flt, "any": [a, b]}  # 「[〈不知火フレア〉か#ENを持つホロメン]」
    if desc == "Buzzホロメン":
        return {**flt, "buzz": True}
    if desc == "センターホロメンかコラボホロメン":
        return {**flt, "pos": ["center", "collab"]}
    m = re.fullmatch(r"(センター|コラボ|バック)?(Debut|1st|2nd|Spot)?(.)?ホロメン", desc)
    if m and (m[3] is None or m[3] in COLOR_CHARS):
        return {**flt, **({"pos": [SLOTS[m[1]]]} if m[1] else {}), **({"level": LEVELS[m[2]]} if m[2] else {}),
                **({"colors": [COLOR_CHARS[m[3]]]} if m[3] else {})}
    return None


def holder_fits(t: Board, f: dict | None, pos: str, h: dict, flt: dict) -> bool:
    """The holomem ``h`` at ``pos`` is one ``flt`` names (``f``: the frame 「他の」 is read from)."""
    c = t.card(h["card"])
    names = names_of(t, h["card"])
    if "names" in flt and not set(flt["names"]) & names:
        return False
    if "not_names" in flt and set(flt["not_names"]) & names:
        return False
    if "tag" in flt and not has_tag(c, flt["tag"]):
        return False
    if "colors" in flt and not set(flt["colors"]) & set(colors_of(t, h)):  # 「すべての色を持つ…として扱う」 too
        return False
    if "level" in flt and c["level"] != flt["level"]:
        return False
    if "pos" in flt and _slot(pos) not in flt["pos"]:
        return False
    if "attached_name" in flt and not any(flt["attached_name"] in names_of(t, a) for a in h["attached"]):
        return False
    if "attached_kind" in flt and not any(t.card(a)["support"] == flt["attached_kind"] for a in h["attached"]):
        return False
    if flt.get("attached_any") and not any(t.card(a)["kind"] == "support" for a in h["attached"]):
        return False
    if flt.get("buzz") and c["kind"] != "buzz":
        return False
    if flt.get("bloomed") and not (h["stack"] and h["since"] == t.s["turn"]):  # 「このターンにBloomした」
        return False
    if "from_level" in flt and not (h["stack"] and t.card(h["stack"][-1])["level"] == flt["from_level"]):
        return False  # 「DebutホロメンからBloomした」: the card right under it
    if flt.get("rested") and not h["rested"]:
        return False
    if "any" in flt and not any(holder_fits(t, f, pos, h, x) for x in flt["any"]):
        return False
    if flt.get("other") and f is not None and pos == own_holo_of(t, f):
        return False
    return True


def holders(t: Board, f: dict, flt: dict, seat: str | None = None) -> list[str]:
    """The positions of ``seat``'s (the frame's seat's) holomem that ``flt`` names."""
    return [p for p, h in t.stage(seat or f["seat"]) if holder_fits(t, f, p, h, flt)]


def card_filter(what: str) -> dict[str, Any] | None:
    """Cards 「<what>」 describes (a search, a look, the archive): rawlist's descriptions and
    「[〈A〉か〈B〉]」, 「[<色>ホロメンか<色>ホロメン]」, 「#タグを持つ[DebutホロメンかSpotホロメン…]」,
    「LIMITED以外の<種類>」 (``effects._matches``' ``limited: False``)."""
    from kifu.replays.games.hocg.rawlist import _look_filter
    if (flt := _look_filter(what)) is not None:
        return flt
    tag = re.match(r"#([^#]+?)を持つ", what)
    base: dict[str, Any] = {"tag": tag[1]} if tag else {}
    what = what[tag.end():] if tag else what
    m = re.fullmatch(r"\[(〈[^〉]+〉(?:か〈[^〉]+〉)+)\]", what)
    if m:
        return {**base, "names": re.findall(r"〈([^〉]+)〉", m[1])}
    m = re.fullmatch(r"\[((?:Debut|1st|2nd|Spot)ホロメン(?:か(?:Debut|1st|2nd|Spot)ホロメン)+)\]", what)
    if m:
        return {**base, "holomem": True, "levels": [LEVELS[w] for w in re.findall(r"(Debut|1st|2nd|Spot)", m[1])]}
    m = re.fullmatch(r"\[((?:.ホロメン)(?:か.ホロメン)+)\]", what)
    if m and all(x in COLOR_CHARS for x in re.findall(r"(.)ホロメン", m[1])):
        return {**base, "holomem": True, "colors": [COLOR_CHARS[x] for x in re.findall(r"(.)ホロメン", m[1])]}
    m = re.fullmatch(r"LIMITED以外の(スタッフ|アイテム|イベント|サポートカード)", what)
    if m:
        return {**base, **({"kind": "support"} if m[1] == "サポートカード" else {"support": SUPPORT_KINDS[m[1]]}),
                "limited": False}
    m = re.fullmatch(r"Buzz以外の(Debut|1st|2nd)ホロメン", what)
    if m:
        return {**base, "holomem": True, "level": LEVELS[m[1]], "no_buzz": True}
    m = re.fullmatch(r"Buzzホロメンの(〈[^〉]+〉)", what)
    if m:
        return {**base, "kind": "buzz", "names": [m[1][1:-1]]}
    if what == "Buzzホロメン":
        return {**base, "kind": "buzz"}
    if what == "LIMITEDのサポートカード":
        return {**base, "kind": "support", "limited": True}
    m = re.fullmatch(r"(Debut|1st|2nd|Spot)ホロメンの\[(〈[^〉]+〉(?:か〈[^〉]+〉)+)\]", what)
    if m:  # 「Debutホロメンの[〈A〉か〈B〉]」
        return {**base, "holomem": True, "level": LEVELS[m[1]], "names": re.findall(r"〈([^〉]+)〉", m[2])}
    m = re.fullmatch(r"カード名に「(.+?)」を含む(スタッフ|アイテム|イベント|ツール|マスコット|ファン)", what)
    if m:
        return {**base, "name_has": m[1], "support": SUPPORT_KINDS[m[2]]}
    m = re.fullmatch(r"\[(ブルームエフェクト|コラボエフェクト|ギフト)と#([^#]+?)を持つホロメン\]", what)
    if m and not base:  # 「[コラボエフェクトと#FLOW GLOWを持つホロメン]」: a holomem with both
        kind = {"ブルームエフェクト": "bloom", "コラボエフェクト": "collab", "ギフト": "gift"}[m[1]]
        return {"holomem": True, "tag": m[2], "ability_kind": kind}
    return None


def _new_filter(what: str) -> dict[str, Any] | None:
    """``card_filter`` for a description rawlist does not read (so its own forms stay its own)."""
    from kifu.replays.games.hocg.rawlist import _look_filter
    return None if _look_filter(what) is not None else card_filter(what)


def _gift(t: Board, card: str, effect: str) -> list[dict]:
    """The params of ``card``'s gifts whose effect is ``effect`` (also as the arts family's
    「[…ポジション限定]<効果>」 wrapper, ``arts_when`` with ``test`` "pos", reads a gift's text:
    its position is the gift's ``at``)."""
    out = []
    for a in t.card(card)["abilities"]:
        pa = a.get("params") or {}
        if a["kind"] != "gift":
            continue
        if a.get("effect") == "gift_parts":  # 「■<ギフト>■<ギフト>」: each part as its own
            out += [p["params"] for p in pa["parts"] if p["effect"] == effect]
        elif a.get("effect") == effect:
            out.append(pa)
        elif a.get("effect") == "arts_when" and pa.get("test") == "pos" and pa["then"]["effect"] == effect:
            out.append({**pa["then"]["params"], "at": [pa["pos"]]})
    return out


def _active(pa: dict, pos: str) -> bool:
    return not pa.get("at") or _slot(pos) in pa["at"]


# ------------------------------------------------------------------ conditions and wrappers

@EFFECTS.effect("once_per_turn", timing="ability")
def once_per_turn(t: Board, f: dict) -> Options:
    """「自分のブルームエフェクト(コラボエフェクト)「名前」はターンに1回しか使えない」: the effect by
    that name resolves once per turn for its player (``used["effects"]``, reset each turn)."""
    used = t.p(f["seat"])["used"].setdefault("effects", [])
    key = f"{f['params']['kind']}:{f['params']['name']}"
    if key in used:
        t.event("once_per_turn", seat=f["seat"], card=f["card"], ability=f["params"]["name"])
        return None
    used.append(key)
    push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("at_pos", timing="ability")
def at_pos(t: Board, f: dict) -> Options:
    """「[センターポジション限定]<効果>」 of a bloom or collab effect: it resolves only if its
    holomem is at one of those positions."""
    pos = own_holo_of(t, f)
    if pos is not None and _slot(pos) in f["params"]["pos"]:
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("if_holds", timing="ability")
def if_holds(t: Board, f: dict) -> Options:
    """A condition on the own side, then <効果>: 「このホロメンに重なっているホロメンがN枚以上」
    (``stacked_min``), 「自分のセンターホロメンが#タグを持つ」 (``center_tag``), 「自分の推しホロメン
    の色が<色>」 (``oshi_color``), 「自分のステージにエールがN枚以上ある」 (``stage_cheer_min``),
    「自分の<holder>がいる / いない」 (``holder``), 「このターンに自分が#タグを持つイベントを使って
    いた」 (``used_event_tag``: an event cited this turn)."""
    if holds_now(t, f, f["params"]):
        push(t, f, f["params"]["then"])
    return None


def holds_now(t: Board, f: dict, pa: dict) -> bool:
    """Whether ``if_holds``' (``instead``'s) condition ``pa["test"]`` holds as the text resolves."""
    seat = f["seat"]
    test = pa["test"]
    pos = own_holo_of(t, f)
    if test == "stacked_min":
        holds = pos is not None and len(t.holo(seat, pos)["stack"]) >= pa["n"]
    elif test == "center_tag":
        center = t.p(seat)["center"]
        holds = center is not None and has_tag(t.card(center["card"]), pa["tag"])
    elif test == "oshi_color":
        holds = bool(set(pa.get("colors") or [pa["color"]]) & set(t.card(t.p(seat)["oshi"])["colors"]))
    elif test == "hand_fewer":
        holds = len(t.p(seat)["hand"]) < len(t.p(other(seat))["hand"])
    elif test == "stage_cheer_min":
        holds = sum(1 for _, h in t.stage(seat) for c in h["cheer"]
                    if "color" not in pa or t.card(c)["colors"][0] == pa["color"]) >= pa["n"]
    elif test == "holder":
        holds = (len(holders(t, f, pa["holder"])) >= pa.get("min", 1)) == pa["exists"]
    elif test == "hand_min":  # 「自分の手札がN枚以上」
        holds = len(t.p(seat)["hand"]) >= pa["n"]
    elif test == "life_fewer":  # 「自分のライフが相手より少ない」
        holds = t.p(seat)["life"] < t.p(other(seat))["life"]
    elif test == "life_not_above":
        holds = t.p(seat)["life"] <= t.p(other(seat))["life"]
    elif test in ("stage_cheer_more", "stage_cheer_not_more"):
        mine, theirs = (sum(len(h["cheer"]) for _, h in t.stage(x)) for x in (seat, other(seat)))
        holds = (mine > theirs) == (test == "stage_cheer_more")
    elif test == "bloomed_from_buzz":
        under = t.holo(seat, pos)["stack"] if pos else []
        holds = bool(under) and t.card(under[-1])["kind"] == "buzz"
    elif test == "used_event_tag":
        holds = any(t.card(e["card"])["support"] == "event" and has_tag(t.card(e["card"]), pa["tag"])
                    for e in t.p(seat)["cited"] if e["card"] in t.cs.cards)
    elif test == "second_first_turn":  # 「自分が後攻で最初のターン」
        holds = seat != t.s["first"] and t.first_turn(seat)
    elif test == "holopower_min":
        holds = len(t.p(seat)["holopower"]) >= pa["n"]
    elif test == "center_cheer_min":
        center = t.p(seat)["center"]
        holds = center is not None and len(center["cheer"]) >= pa["n"]
    elif test == "opp_center_attached":
        center = t.p(other(seat))["center"]
        holds = center is not None and any(t.card(a)["support"] == pa["support"] for a in center["attached"])
    elif test == "own_cheer_color":
        holds = pos is not None and any(t.card(c)["colors"][0] == pa["color"] for c in t.holo(seat, pos)["cheer"])
    else:
        raise ValueError(test)
    return holds


@TEXTS.pattern(r"(.+。)自分の(ブルームエフェクト|コラボエフェクト)「(.+?)」はターンに1回しか使えない。")
def _once(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[1])
    if then is None:
        return None
    return "once_per_turn", {"kind": "bloom" if m[2] == "ブルームエフェクト" else "collab", "name": m[3], "then": then}


@TEXTS.pattern(r"このホロメンに重なっているホロメンが(\d)枚以上(?:の時|なら)、(.+)")
def _if_stacked(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "stacked_min", "n": int(m[1]), "then": then}) if then else None


@TEXTS.pattern(r"自分のセンターホロメンが#(.+?)を持つ(?:時|なら)、(.+)")
def _if_center_tag(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "center_tag", "tag": m[1], "then": then}) if then else None


@TEXTS.pattern(r"自分の推しホロメンの色が(.(?:か.)*)(?:の時|なら)、(.+)")
def _if_oshi_color(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    colors = m[1].split("か")
    if then is None or not all(x in COLOR_CHARS for x in colors):
        return None
    if len(colors) == 1:
        return "if_holds", {"test": "oshi_color", "color": COLOR_CHARS[colors[0]], "then": then}
    return "if_holds", {"test": "oshi_color", "colors": [COLOR_CHARS[x] for x in colors], "then": then}


@TEXTS.pattern(r"自分のステージに(.)?エールが(\d+)枚以上ある(?:なら|時)、(.+)")
def _if_stage_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[3])
    if then is None or (m[1] is not None and m[1] not in COLOR_CHARS):
        return None
    return "if_holds", {"test": "stage_cheer_min", "n": int(m[2]), "then": then,
                        **({"color": COLOR_CHARS[m[1]]} if m[1] else {})}


@TEXTS.pattern(r"自分の(.+?)が(?:(\d)人以上)?(いる|いない)(?:時|なら)、(.+)")
def _if_holder(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[1])
    if flt is None or not flt or (then := spec(m[4])) is None:
        return None
    return "if_holds", {"test": "holder", "holder": flt, "exists": m[3] == "いる", "then": then,
                        **({"min": int(m[2])} if m[2] else {})}


@TEXTS.pattern(r"自分のステージに〈([^〉]+)〉がいる(?:時|なら)、(.+)")
def _if_stage_name(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_stage_name", {"name": m[1], "then": then}) if then else None


@TEXTS.pattern(r"このターンに自分が#(.+?)を持つイベントを使っていた(?:時|なら)、(.+)")
def _if_used_event(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "used_event_tag", "tag": m[1], "then": then}) if then else None


@TEXTS.pattern(r"自分が後攻で最初のターンで、(.+)")
def _second_first_turn_and(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[1])
    return ("if_state", {"test": "second_first_turn", "then": then}) if then else None


@TEXTS.pattern(r"このホロメンに(ツール|マスコット|ファン|サポートカード)が付いている(?:時|なら)、(.+)")
def _if_attached_kind(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None:
        return None
    flt = {"kind": "support"} if m[1] == "サポートカード" else {"support": SUPPORT_KINDS[m[1]]}
    return "if_attached", {"filter": flt, "then": then}


@TEXTS.pattern(r"(.+?。)((?:自分|この)[^。]+?(?:時|なら)、)さらに、(.+)")
def _and_further(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    rest = m[3]
    if m[1].startswith("このターンの間、") and not rest.startswith("このターンの間、"):
        rest = "このターンの間、" + rest  # 「さらに、」 goes on for the same turn
    first, second = spec(m[1]), spec(m[2] + rest)
    return ("sequence", {"steps": [first, second]}) if _runs(first) and _runs(second) else None


def _runs(made: dict | None) -> bool:
    """``made`` is an effect that runs (not a constant: a gift's text is never a step)."""
    return made is not None and EFFECTS[made["effect"]].timing == "ability"


@TEXTS.pattern(r"(.*：.*)")
def _wide_colon(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A full-width 「：」 (hBP04-055_P) read as the 「:」 every other printing has."""
    made = spec(m[1].replace("：", ":"))
    return (made["effect"], made["params"]) if made else None


def _side(t: Board, f: dict, flt: dict) -> list[str]:
    if flt.get("self"):
        pos = own_holo_of(t, f)
        return [pos] if pos else []
    return holders(t, f, flt)


def _faces(word: str) -> list[int] | None:
    from kifu.replays.games.hocg.rawlist import _faces as faces
    return faces(word) if re.fullmatch(r"奇数|偶数|\d(?:か\d)*|\d以上|\d以下", word) else None


@TEXTS.pattern(r"自分のセンターホロメンにエールが(\d+)枚以上付いている(?:なら|時)、(.+)")
def _if_center_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "center_cheer_min", "n": int(m[1]), "then": then}) if then else None


@TEXTS.pattern(r"(.+?(?:できる|せる|れる))。(?:アーカイブ|デッキの下に戻|エールデッキの下に戻|戻|公開)したなら、(.+)")
def _did_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「<…できる>。<…>したなら、<効果>」: read as the cost form 「<…できる>:<効果>」."""
    made = spec(f"{m[1]}:{m[2]}")
    return (made["effect"], made["params"]) if made else None



@TEXTS.pattern(r"自分の手札の枚数が相手より少なければ、(.+)")
def _if_hand_fewer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[1])
    return ("if_holds", {"test": "hand_fewer", "then": then}) if then else None

@TEXTS.pattern(r"自分の手札が(\d+)枚以上(?:なら|の時)、(.+)")
def _if_hand_min(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "hand_min", "n": int(m[1]), "then": then}) if then else None


@TEXTS.pattern(r"サイコロを1回振る。(\d)(?:なら|の時)、(.+?。)\1以外(?:なら|の時)、(.+)")
def _roll_or_else(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「サイコロを1回振る。Nなら、<効果>。N以外なら、<効果>」: ``roll_then`` with the other faces as the second branch."""
    face, hit, miss = int(m[1]), spec(m[2]), spec(m[3])
    if hit is None or miss is None or not 1 <= face <= 6:
        return None
    return "roll_then", {"optional": False, "branches": [{"faces": [face], "then": hit},
                                                         {"faces": [x for x in range(1, 7) if x != face], "then": miss}]}


# the family's other parts, registered after these shapes (their order is the order tried)
from kifu.replays.games.hocg.abilities import keywords_effects, keywords_gifts  # noqa: E402,F401
from kifu.replays.games.hocg.abilities.keywords_effects import attach_ok, mascot_room  # noqa: E402,F401
from kifu.replays.games.hocg.abilities.keywords_gifts import (arts_cost, arts_used_frames,  # noqa: E402,F401
                                                              attach_gift_frames, event_gift_frames, forced_targets,
                                                              main_gift, main_gift_candidates, main_gift_refusal,
                                                              modify_damage, stays_awake, use_main_gift)
