"""Bloom effects, collab effects and gifts (キーワード): their texts.

A bloom effect runs when its holomem blooms (対戦中の現象/Bloom), a collab effect when it
moves to the collab position (対戦中の現象/コラボ): both are frames of that holomem (its
``pos``), so their texts are plain effects, composed here of parts that every family
recognises (``spec``):

- who a text names on the own stage (「自分の〈雪民〉が付いている〈雪花ラミィ〉」「自分の#IDを持つ
  バックホロメン」「自分の緑ホロメン1人」): ``holder`` filters (``holder_filter``, ``holders``);
- what they do with it: a cheer sent (``cheer_to_holomem``, ``archive_cheer_each``), an arts
  bonus for the turn (``boost_holomem``, ``boost_per_cheer``), a card attached from
  the archive or the deck (``attach_from_archive``, ``attach_from_deck``), a mascot moved;
- conditions (``if_holds``, ``at_pos`` for 「[センターポジション限定]」), costs
  (``cost_hand_n``, ``cost_hand_any``, ``cost_holo_cheer``), dice rolled N times whose hits
  scale an effect (``roll_count``) and 「自分のブルームエフェクト「名前」はターンに1回しか使え
  ない」 (``once_per_turn``).

A gift (対戦中の現象/ギフト: 「対戦中、常にまたは決まったタイミングに発揮できる能力」) never runs
as a frame: a constant one is read where the rules compute what it changes (damage dealt:
``modify_damage``, registered on ``effects.DAMAGE_MODIFIERS``; the targets an art may take:
``forced_targets``; how many mascots a holomem holds: ``mascot_room``; the collab holomem's
rest at the reset: ``stays_awake``), and a 「ダウンした時」 one is ``on_down`` (ダウン①). Only the
top card's gifts count (Bloom: 「持っていた…能力もなくなる」), and 「[センターポジション限定]」
(…) where the holomem is now.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import windows
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (DIE, EFFECTS, R_DICE, Options, attach_cheer, cite, names_of,
                                             own_holo_of, push, roll)
from kifu.replays.games.hocg.state import MAX_STAGE, Board, other
from kifu.replays.kit import frame

TEXTS = Texts()

R_BLOOM = "対戦中の現象/Bloom"
R_GIFT = "対戦中の現象/ギフト"
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
    if "colors" in flt and not set(flt["colors"]) & set(c["colors"]):
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
    if flt.get("rested") and not h["rested"]:
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
        if a.get("effect") == effect:
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
        holds = pa["color"] in t.card(t.p(seat)["oshi"])["colors"]
    elif test == "stage_cheer_min":
        holds = sum(len(h["cheer"]) for _, h in t.stage(seat)) >= pa["n"]
    elif test == "holder":
        holds = bool(holders(t, f, pa["holder"])) == pa["exists"]
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


@TEXTS.pattern(r"自分の推しホロメンの色が(.)(?:の時|なら)、(.+)")
def _if_oshi_color(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None or m[1] not in COLOR_CHARS:
        return None
    return "if_holds", {"test": "oshi_color", "color": COLOR_CHARS[m[1]], "then": then}


@TEXTS.pattern(r"自分のステージにエールが(\d+)枚以上ある(?:なら|時)、(.+)")
def _if_stage_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "stage_cheer_min", "n": int(m[1]), "then": then}) if then else None


@TEXTS.pattern(r"自分の(.+?)が(いる|いない)(?:時|なら)、(.+)")
def _if_holder(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = holder_filter(m[1])
    if flt is None or not flt or (then := spec(m[3])) is None:
        return None
    return "if_holds", {"test": "holder", "holder": flt, "exists": m[2] == "いる", "then": then}


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
    return targets + [None]


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
    return [list(pc) for pc in options] + [None] if options else None


@cost_holo_cheer.answer
def _holo_cheer_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    t.archive(f["seat"], cheer)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=cheer, pos=pos)
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分の(.+?)の(.)?エール1枚をアーカイブできる:(.+)")
def _cost_holo_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = {} if m[1] == "ステージ" else holder_filter(m[1])
    if flt is None or (m[2] is not None and m[2] not in COLOR_CHARS) or (then := spec(m[3])) is None:
        return None
    return "cost_holo_cheer", {"holder": flt, "then": then, **({"colors": [COLOR_CHARS[m[2]]]} if m[2] else {})}


@EFFECTS.effect("look_cheer_top", timing="ability", prompt="見たエールから公開して送るエール / 送るホロメン")
def look_cheer_top(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚を見る。その中から、エール1枚を公開し、自分のホロメンに送る。
    そして残ったエールを好きな順でエールデッキの下に戻す」: the cards are seen by the seat only
    (a chance event), the one sent by everyone; the rest go under in the order chosen."""
    seat = f["seat"]
    if not t.positions(seat):
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
        targets = t.positions(seat)
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


@TEXTS.pattern(r"自分のエールデッキの上から(\d)枚を見る。その中から、エール1枚を公開し、自分のホロメンに送る。"
               r"そして残ったエールを好きな順でエールデッキの下に戻す。")
def _look_cheer_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "look_cheer_top", {"count": int(m[1])}


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
    t.holo(f["seat"], choice)["mods"]["arts"] += f["params"]["amount"]
    t.event("boost", seat=f["seat"], pos=choice, amount=f["params"]["amount"], card=f["card"])
    return None


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
    push(t, f, *[f["params"]["then"]] * f["paid"])
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
    t.archive(f["seat"], choice)
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
    return None


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
        _count(f, roll(t, f["seat"], f["card"], R_DICE))
    then = pa["then"]
    if f["hits"]:
        key = "amount" if "amount" in then["params"] else "count"
        push(t, f, {**then, "params": {**then["params"], key: then["params"].get(key, 1) * f["hits"]}})
    return None


def _count(f: dict, face: int) -> None:
    f["rolled"] += 1
    f["hits"] += face in f["params"]["faces"]


@roll_count.answer
def _rolled(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "ask":
        if choice != "roll":
            return None
        return _next_roll(t, f)
    _count(f, E._declared(t, f, choice) if choice in DIE else roll(t, f["seat"], f["card"], R_DICE))
    return _next_roll(t, f)


def _faces(word: str) -> list[int] | None:
    from kifu.replays.games.hocg.rawlist import _faces as faces
    return faces(word) if re.fullmatch(r"奇数|偶数|\d(?:か\d)*|\d以上|\d以下", word) else None


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


# ------------------------------------------------------------------ gifts: down triggers

#: what a 「このホロメンがダウンした時」 gift of this family may do once the holomem is archived
#: (ダウン②; see ``rawlist.DOWN_SAFE``): send a cheer to another holomem
DOWN_SAFE = ("cheer_to_holomem", "mill", "to_holopower")


@EFFECTS.effect("move_downed_cheer", timing="ability", prompt="付け替えるダウンしたホロメンのエール（しないならnull） / 付け替え先")
def move_downed_cheer(t: Board, f: dict) -> Options:
    """「(相手のターンで、)このホロメンがダウンした時、このホロメンのエール1枚を、自分の他の<holder>に付け替え
    (られ)る」 (ダウン①): one of the cheer the downed holomem held (``f["downed"]``; archived with it
    by the time this resolves, so taken back from there), then to which of those holomem."""
    cheer = _downed_left(t, f, "cheer")
    f["stage"] = "cheer"
    if not cheer or not holders(t, f, f["params"]["holder"]):
        return None
    return cheer + [None] if f["params"].get("optional") else cheer


def _downed_left(t: Board, f: dict, key: str) -> list[str]:
    archive = t.p(f["seat"])["archive"]
    return sorted({c for c in f.get("downed", {}).get(key, ()) if c in archive})


@move_downed_cheer.answer
def _downed_cheer_moved(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "cheer":
        if choice is None:
            return None
        f["cheer"], f["stage"] = choice, "to"
        targets = holders(t, f, f["params"]["holder"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.p(f["seat"])["archive"].remove(f["cheer"])
    attach_cheer(t, f["seat"], choice, f["cheer"])
    return None


@EFFECTS.effect("return_downed", timing="ability", prompt="手札に戻すカード（ダウンしたホロメンと重なっていたホロメン）")
def return_downed(t: Board, f: dict) -> Options:
    """「…このホロメンがダウンした時、このホロメンを含め重なっているホロメンの中から1枚を手札に戻す」: one of
    the downed holomem's cards (its top and the ones under it; ``f["downed"]``), shown as it
    leaves the archive."""
    cards = _downed_left(t, f, "cards")
    if len(cards) <= 1:
        return _downed_returned(t, f, cards[0]) if cards else None
    return cards


@return_downed.answer
def _downed_returned(t: Board, f: dict, choice: Any) -> Options:
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    return None


E.READS_DOWNED.update(("move_downed_cheer", "return_downed"))


@TEXTS.pattern(r"(相手のターンで、)?このホロメンがダウンした時、(?:このホロメンのエール1枚を、?自分の(.+?)に付け替え(る|られる)|"
               r"(このホロメンを含め重なっているホロメンの中から1枚を手札に戻す))。")
def _down_reads_itself(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[4]:
        return "on_down", {"opp_turn": bool(m[1]), "then": {"effect": "return_downed", "params": {}}}
    flt = holder_filter(m[2])
    if flt is None:
        return None
    then = {"effect": "move_downed_cheer", "params": {"holder": flt, **({"optional": True} if m[3] == "られる" else {})}}
    return "on_down", {"opp_turn": bool(m[1]), "then": then}


@TEXTS.pattern(r"(相手のターンで、)?このホロメンがダウンした時、(.+)")
def _on_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None or then["effect"] not in DOWN_SAFE:
        return None
    return "on_down", {"opp_turn": bool(m[1]), "then": then}


# ------------------------------------------------------------------ gifts: constants

for _name in ("damage_cut", "special_plus", "arts_gift", "arts_target_lock", "two_mascots", "hp_guard", "no_rest"):
    EFFECTS.effect(_name, timing="constant")(lambda t, f: None)


@TEXTS.pattern(LIMIT + r"?(?:自分の推しホロメンが〈([^〉]+)〉なら、)?(このホロメンと)?(このホロメン|自分の(.+?))が(?:相手の(?:(Debut|1st|2nd)"
               r"ホロメン|(センター|コラボ)?(ホロメン))から)?(センターポジションで)?受ける(アーツ|特殊)?ダメージ-(\d+)。")
def _damage_cut(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定](自分の推しホロメンが〈名前〉なら、)(このホロメンと)<このホロメン|自分の…>が(相手の(1st|センター)
    ホロメンから)(センターポジションで)受ける(アーツ|特殊)ダメージ-N」."""
    whom = _whom(m[3], m[4], m[5], m[9])
    if whom is None:
        return None
    return "damage_cut", {"amount": int(m[11]), "whom": whom, **({"at": _limits(m[1])} if m[1] else {}),
                          **({"from_level": LEVELS[m[6]]} if m[6] else {}), **({"from_holomem": True} if m[8] else {}),
                          **({"from_pos": SLOTS[m[7]]} if m[7] else {}), **({"oshi": m[2]} if m[2] else {}),
                          **({"kind": "arts" if m[10] == "アーツ" else "special"} if m[10] else {})}


def _whom(both: str | None, who: str, desc: str | None, at_center: str | None) -> list[dict] | None:
    out: list[dict] = [{"self": True}] if both else []
    if who == "このホロメン":
        out.append({"self": True})
    else:
        flt = holder_filter(desc or "")
        if flt is None:
            return None
        out.append(flt)
    return [{**w, "pos": ["center"]} for w in out] if at_center else out


@TEXTS.pattern(LIMIT + r"?(自分のコラボホロメンがいて、相手のコラボホロメンがいないなら、)?(このホロメン|自分の(.+?))(?:全員)?は相手から"
               r"(アーツ|特殊)?ダメージを受けない。")
def _damage_none(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定](<条件>なら、)<このホロメン|自分の…(全員)>は相手から(アーツ|特殊)ダメージを受けない」."""
    desc = m[4]
    if desc is not None:
        desc = re.sub(r"^(センター|コラボ|バック)ポジションの(.+)", lambda w: w[2] + "@" + w[1], desc)
        desc, _, where = desc.partition("@")
    whom = _whom(None, m[3], desc, None)
    if whom is None:
        return None
    if desc is not None and where:
        whom = [{**w, "pos": [SLOTS[where]]} for w in whom]
    return "damage_cut", {"amount": None, "whom": whom, **({"at": _limits(m[1])} if m[1] else {}),
                          **({"kind": "arts" if m[5] == "アーツ" else "special"} if m[5] else {}),
                          **({"if_collabs": True} if m[2] else {})}


@TEXTS.pattern(LIMIT + r"(?:自分の推しホロメンの〈([^〉]+)〉と)?自分のステージの〈([^〉]+)〉全員が相手のセンターホロメンに与える"
               r"特殊ダメージ\+(\d+)。")
def _special_plus(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "special_plus", {"amount": int(m[4]), "names": [m[3]], "at": _limits(m[1]), "target": "center",
                            **({"oshi": m[2]} if m[2] else {})}


@TEXTS.pattern(LIMIT + r"(?:このホロメンに((?:〈[^〉]+〉か)*〈[^〉]+〉)が付いている間、)?自分の(.+?)のアーツ\+(\d+)。")
def _arts_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    made = _arts_gift_of(m[1], m[3], m[4])
    if made and m[2]:
        made[1]["while_attached"] = re.findall(r"〈([^〉]+)〉", m[2])
    return made


def _arts_gift_of(limit: str, desc: str, amount: str) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<(センター|コラボ)ポジションの><holder>(全員)のアーツ+N」."""
    where = re.match(r"(センター|コラボ)ポジションの", desc)
    body = desc[where.end():] if where else desc
    flt = holder_filter(body[:-2] if body.endswith("全員") else body)
    if flt is None:
        return None
    if where:
        flt = {**flt, "pos": [SLOTS[where[1]]]}
    return "arts_gift", {"amount": int(amount), "holder": flt, "at": _limits(limit)}


@TEXTS.pattern(LIMIT + r"(?:自分の#(.+?)を持つセンターホロメンがいる間、)?相手のホロメンのアーツは、自分のコラボホロメンしか対象に"
               r"できない(?:。ただし、特殊ダメージは除く。|（特殊ダメージは除く）。)")
def _arts_target_lock(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if _limits(m[1]) != ["collab"]:
        return None
    return "arts_target_lock", {"at": ["collab"], **({"center_tag": m[2]} if m[2] else {})}


@TEXTS.pattern(r"このホロメンは、異なるカード名のマスコットを2枚まで付けられる。")
def _two_mascots(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "two_mascots", {}


@TEXTS.pattern(LIMIT + r"相手のメインステップの間、(このホロメン|自分の(.+?))のHPは相手の能力で減らず、変動しない。")
def _hp_guard(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    whom = {"self": True} if m[2] == "このホロメン" else holder_filter(m[3])
    if whom is None:
        return None
    return "hp_guard", {"at": _limits(m[1]), "whom": whom}


@TEXTS.pattern(r"自分のリセットステップで、自分のセンターホロメンが〈([^〉]+)〉の時、このホロメンはバックポジションに移動しても"
               r"お休みしない。")
def _no_rest(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "no_rest", {"center": m[1]}


def _whom_fits(t: Board, seat: str, pos: str, h: dict, gift_pos: str, whom: dict) -> bool:
    if whom.get("self"):
        return pos == gift_pos and ("pos" not in whom or _slot(pos) in whom["pos"])
    return holder_fits(t, None, pos, h, whom)


def modify_damage(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
                  by: dict | None) -> int:
    """Damage to ``seat``'s holomem at ``pos`` as the gifts on the stages change it: the
    dealer's 「…のアーツ+N」 (``arts_gift``: arts only) and 「…が相手のセンターホロメンに与える特殊
    ダメージ+N」 (``special_plus``), then the holder's side 「…が受けるダメージ-N」 (``damage_cut``)
    and 「相手のメインステップの間、…のHPは相手の能力で減らず」 (``hp_guard``), never below 0."""
    dealer = other(seat)
    h = t.holo(seat, pos)
    by = by or {}
    attacker = t.holo(dealer, by["pos"]) if by.get("pos") else None
    if attacker is not None and attacker["card"] != by.get("card"):
        attacker = None
    arts = not special and by.get("art") is not None
    for gpos, g in t.stage(dealer):
        for pa in _gift(t, g["card"], "arts_gift"):
            if pa.get("while_attached") and not any(set(pa["while_attached"]) & names_of(t, a) for a in g["attached"]):
                continue  # 「このホロメンに〈A〉か〈B〉が付いている間」
            if arts and attacker is not None and _active(pa, gpos) and holder_fits(t, None, by["pos"], attacker,
                                                                                   pa["holder"]):
                amount += _noted(t, dealer, gpos, g, "arts_gift", pa["amount"])
        for pa in _gift(t, g["card"], "special_plus"):
            if special and _active(pa, gpos) and pos == pa["target"] and _special_source(t, dealer, source, attacker, pa):
                amount += _noted(t, dealer, gpos, g, "special_plus", pa["amount"])
    if arts and attacker is not None:
        for m in attacker.get("lasting", ()):
            if m["kind"] == "arts_per_cheer":
                n = len(attacker["cheer"]) if m.get("cap") is None else min(len(attacker["cheer"]), m["cap"])
                amount += n * m["amount"]
    for gpos, g in t.stage(seat):
        for pa in _gift(t, g["card"], "damage_cut"):
            if _active(pa, gpos) and any(_whom_fits(t, seat, pos, h, gpos, w) for w in pa["whom"]) \
                    and _from_level(t, source, attacker, pa.get("from_level")) \
                    and (not pa.get("from_holomem") or attacker is not None) \
                    and (not pa.get("from_pos") or (attacker is not None and by["pos"] == pa["from_pos"])) \
                    and (not pa.get("oshi") or pa["oshi"] in names_of(t, t.p(seat)["oshi"])) \
                    and pa.get("kind") in (None, "arts" if arts else "special" if special else None) \
                    and (not pa.get("if_collabs") or (t.p(seat)["collab"] is not None and t.p(dealer)["collab"] is None)):
                cut = amount if pa["amount"] is None else min(amount, pa["amount"])  # None: 「受けない」
                amount -= _noted(t, seat, gpos, g, "damage_cut", cut)
        for pa in _gift(t, g["card"], "hp_guard"):
            if _active(pa, gpos) and t.s["active"] == dealer and t.s["phase"] == "main" \
                    and _whom_fits(t, seat, pos, h, gpos, pa["whom"]):
                amount -= _noted(t, seat, gpos, g, "hp_guard", amount)
    return max(0, amount)


def _noted(t: Board, seat: str, pos: str, g: dict, gift: str, amount: int) -> int:
    if amount:
        t.event("gift", seat=seat, pos=pos, card=g["card"], effect=gift, amount=amount)
    return amount


def _special_source(t: Board, dealer: str, source: str | None, attacker: dict | None, pa: dict) -> bool:
    """The special damage came from a holomem of ``pa``'s names on the dealer's stage (its
    ability: ``by``) or from the dealer's oshi of that name (「自分の推しホロメンの〈名前〉と」)."""
    if attacker is not None and set(pa["names"]) & names_of(t, attacker["card"]):
        return True
    oshi = t.p(dealer)["oshi"]
    return bool(pa.get("oshi")) and source == oshi and pa["oshi"] in names_of(t, oshi)


def _from_level(t: Board, source: str | None, attacker: dict | None, level: str | None) -> bool:
    """「相手の1stホロメンから」: dealt by a holomem of that level on the opponent's stage."""
    if level is None:
        return True
    return attacker is not None and t.card(attacker["card"])["level"] == level


E.DAMAGE_MODIFIERS.append(modify_damage)


@TEXTS.pattern(LIMIT + r"?自分の(.+?)のアーツに必要な(無色|.)-(\d)。")
def _arts_cost_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<holder>のアーツに必要な<色>-N」 (a gift: ``arts_cost``)."""
    flt = holder_filter(m[2])
    color = COLOR_CHARS.get(m[3]) or ("any" if m[3] == "無色" else None)
    if flt is None or color is None:
        return None
    return "arts_cost_less", {"holder": flt, "color": color, "amount": int(m[4]),
                              **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("arts_cost_less", timing="constant")(lambda t, f: None)


def arts_cost(t: Board, seat: str, pos: str, cost: list[str]) -> list[str]:
    """The cheer icons an art of ``seat``'s holomem at ``pos`` needs, less what the stage's gifts
    take off (「自分の<holder>のアーツに必要な<色>-N」, ``arts_cost_less``: that many icons of that
    colour, none below zero)."""
    h = t.holo(seat, pos)
    out = list(cost)
    less = [pa for gpos, g in t.stage(seat) for pa in _gift(t, g["card"], "arts_cost_less")
            if _active(pa, gpos) and holder_fits(t, None, pos, h, pa["holder"])]
    less += [m for m in h.get("lasting", ()) if m["kind"] == "arts_cost_less"]  # 「このターンの間、…必要な無色-2」
    for pa in less:
        for _ in range(pa["amount"]):
            if pa["color"] in out:
                out.remove(pa["color"])
    return out


def forced_targets(t: Board, seat: str) -> list[str] | None:
    """The positions an art of ``seat``'s opponent may target, if ``seat``'s gifts limit them
    (「[コラボポジション限定](自分の#タグを持つセンターホロメンがいる間、)相手のホロメンのアーツは、
    自分のコラボホロメンしか対象にできない」), else None."""
    h = t.p(seat)["collab"]
    if h is None:
        return None
    center = t.p(seat)["center"]
    for pa in _gift(t, h["card"], "arts_target_lock"):
        if "center_tag" in pa and (center is None or not has_tag(t.card(center["card"]), pa["center_tag"])):
            continue
        return ["collab"]
    return None


def stays_awake(t: Board, seat: str, h: dict) -> bool:
    """「自分のリセットステップで、自分のセンターホロメンが〈名前〉の時、このホロメンはバックポジションに
    移動してもお休みしない」 (``no_rest``): the collab holomem ``h`` moving back stays awake."""
    center = t.p(seat)["center"]
    return center is not None and any(pa["center"] in names_of(t, center["card"]) for pa in _gift(t, h["card"], "no_rest"))


# ------------------------------------------------------------------ [センターポジション限定] bloom / collab effects
#
# after the gifts' shapes: a gift's 「[…限定]」 text is a constant (or a trigger), never an
# effect that runs (``EFFECTS[...].timing`` is checked too)

@TEXTS.pattern(LIMIT + r"(.+)")
def _at_pos(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[2].startswith(("このアーツ", "[")):
        return None  # an art's own (rawlist)
    then = spec(m[2])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "at_pos", {"pos": _limits(m[1]), "then": then}


# ------------------------------------------------------------------ gifts: 「…がダメージを受ける時」 (abilities.windows)

@TEXTS.pattern(r"(\[ターンに1回\])?" + LIMIT + r"?(\[ターンに1回\])?(このホロメン以外の)?自分のホロメンが相手からダメージを受ける時、"
               r"サイコロを1回振れる:(.+)")
def _taking_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[ターンに1回][コラボポジション限定](このホロメン以外の)自分のホロメンが相手からダメージを受ける時、サイコロを
    1回振れる:<目>なら、そのホロメン1人が受けるダメージ-N。…」 / 「…の時、そのダメージを受けない。」: offered in
    the damage's window (``taking_offers``); the roll's branches lessen the damage held there."""
    parts = re.split(r"(奇数|偶数|\d(?:か\d)*|\d以上|\d以下)(?:の時|なら)、", m[5])
    if parts[0] != "" or len(parts) < 3:
        return None
    branches = []
    for word, text in zip(parts[1::2], parts[2::2]):
        less = re.fullmatch(r"そのホロメン1人が受けるダメージ-(\d+)。", text)
        if less:
            then = {"effect": "reduce_damage", "params": {"amount": int(less[1])}}
        elif text == "そのダメージを受けない。":
            then = {"effect": "prevent_damage", "params": {}}
        else:
            return None
        branches.append({"faces": _faces(word), "then": then})
    roll_spec = {"effect": "roll_then", "params": {"optional": False, "branches": branches}}
    return "taking_gift", {"once": bool(m[1] or m[3]), "at": _limits(m[2]), "others": bool(m[4]), "then": roll_spec}


EFFECTS.effect("taking_gift", timing="constant")(lambda t, f: None)


@EFFECTS.effect("prevent_damage", timing="ability")
def prevent_damage(t: Board, f: dict) -> Options:
    """「そのダメージを受けない」: the damage held in the window (``take_damage``, under this frame)
    to that holomem is none."""
    subject = f.get("subject") or {"seat": f["seat"], "pos": own_holo_of(t, f)}
    for g in reversed(t.s["stack"]):
        hit = g["params"].get("hit") if g["effect"] == "take_damage" else None
        if hit and hit["seat"] == subject["seat"] and hit["pos"] == subject["pos"]:
            t.event("damage_reduced", seat=hit["seat"], pos=hit["pos"], card=hit["card"], amount=hit["amount"],
                    source=f["card"])
            hit["amount"] = 0
            break
    return None


@EFFECTS.effect("gift_used", timing="ability")
def gift_used(t: Board, f: dict) -> Options:
    """A 「[ターンに1回]」 gift used from a window: its holomem (``params["at"]``, that card) keeps the
    turn it was used in (``gift_turn``), then its effect resolves."""
    pa = f["params"]
    g = t.holo(f["seat"], pa["at"])
    if g is not None and g["card"] == pa["card"]:
        g["gift_turn"] = t.s["turn"]
    cite(t, f["seat"], pa["card"], pa["name"])
    push(t, f, pa["then"])
    return None


def taking_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The gifts (``taking_gift``) that may be used as ``hit`` is about to land: a holomem of the
    seat hit, on the opponent's turn (「相手からダメージを受ける時」), at its position (「[コラボポジション
    限定]」), not the holomem hit itself if 「このホロメン以外の」, once a turn if 「[ターンに1回]」."""
    seat = hit["seat"]
    if moment != "taking" or t.s["active"] == seat:
        return []
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "taking_gift" or not _active(pa, gpos):
                continue
            if (pa.get("others") and gpos == hit["pos"]) or (pa.get("once") and g.get("gift_turn") == t.s["turn"]):
                continue
            name = a.get("name") or "ギフト"
            then = {"effect": "gift_used", "params": {"at": gpos, "card": g["card"], "name": name, "then": pa["then"]}}
            out.append({"seat": seat, "card": g["card"], "name": name, "then": then, "self": True,
                        "subject": {"seat": seat, "pos": hit["pos"], "card": hit["card"]}})
    return out


windows.SOURCES.append(taking_offers)


# ------------------------------------------------------------------ gifts: 「…がアーツを使った時」

@TEXTS.pattern(LIMIT + r"?(?:このホロメン|自分の(.+?))がアーツを使った時、(.+)")
def _arts_used(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「(…限定)このホロメン(自分の<holder>)がアーツを使った時、<効果>」: resolved once the art is used (its
    text and its damage done: judge's reading of 「使った時」; ``arts_used_frames``). An effect that
    deals damage itself is left by hand (before or after the art's damage is a ruling of its own)."""
    user = {"self": True} if m[2] is None else holder_filter(m[2])
    then = spec(m[3])
    if user is None or then is None or "special_damage" in repr(then) or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "arts_used", {"user": user, "then": then, **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("arts_used", timing="constant")(lambda t, f: None)


def arts_used_frames(t: Board, seat: str, pos: str) -> list[dict]:
    """The frames of ``seat``'s gifts 「…がアーツを使った時」 for the art its holomem at ``pos`` is using:
    put under the art's damage (``rules.Arts``), they resolve once the art is done, each as its
    gift holder's, if it is still there. ``faces``: the dice rolled so far this turn (what the
    art rolls comes after: ``if_art_dice``)."""
    h = t.holo(seat, pos)
    rolled = len(t.p(seat)["used"].get("faces", ()))
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "arts_used" or not _active(pa, gpos):
                continue
            if not (gpos == pos if pa["user"].get("self") else holder_fits(t, None, pos, h, pa["user"])):
                continue
            cite(t, seat, g["card"], a.get("name") or "gift")
            t.event("arts_used_ability", seat=seat, card=g["card"], ability=a.get("name") or "gift")
            then = pa["then"]
            out.append(frame("gift_of", seat, g["card"], "gift", {"then": then}, pos=gpos, faces=rolled, user=pos))
    return out[::-1]


@EFFECTS.effect("gift_of", timing="rule")
def gift_of(t: Board, f: dict) -> Options:
    """A gift's triggered effect: it resolves as its holomem's if that holomem is still where it was."""
    if own_holo_of(t, f) is None:
        return None
    then = f["params"]["then"]
    t.s["stack"].append(frame(then["effect"], f["seat"], f["card"], "gift", then["params"], pos=f["pos"],
                              faces=f["faces"], user=f["user"]))
    return None


@EFFECTS.effect("if_art_dice", timing="ability")
def if_art_dice(t: Board, f: dict) -> Options:
    """「そのアーツでサイコロを振って出た目の合計数が奇数なら、<効果>。偶数なら、<効果>」: the faces rolled
    since the art was used (``used["faces"]``; none: 0, even)."""
    total = sum(t.p(f["seat"])["used"].get("faces", [])[f.get("faces", 0):])
    push(t, f, f["params"]["odd" if total % 2 else "even"])
    return None


@TEXTS.pattern(r"そのアーツでサイコロを振って出た目の合計数が奇数なら、(.+?。)偶数なら、(.+)")
def _if_art_dice(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    odd, even = spec(m[1]), spec(m[2])
    return ("if_art_dice", {"odd": odd, "even": even}) if odd and even else None


@EFFECTS.effect("cheer_to_back_then_return", timing="ability", prompt="エールを送るバックホロメン（送らないならnull） / 送るエール")
def cheer_to_back_then_return(t: Board, f: dict) -> Options:
    """「このホロメンのエールN枚を自分のバックホロメン1人に送れる。その後、自分のアーカイブの、エールを送られた
    ホロメンと同じカード名の1stホロメン1枚を手札に戻す。」: which back holomem (or null: none sent, nothing
    returned), then which N of this holomem's cheer; then the 1st of that name from the archive."""
    pos = own_holo_of(t, f)
    f["stage"] = "to"
    if pos is None or len(t.holo(f["seat"], pos)["cheer"]) < f["params"]["count"]:
        return None
    backs = [p for p in t.positions(f["seat"]) if p.startswith("back")]
    return backs + [None] if backs else None


@cheer_to_back_then_return.answer
def _sent_to_back(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "to":
        if choice is None:
            return None
        f["to"], f["stage"], f["sent"] = choice, "cheer", 0
    else:
        t.holo(seat, f["pos"])["cheer"].remove(choice)
        attach_cheer(t, seat, f["to"], choice)
        f["sent"] += 1
    if f["sent"] < f["params"]["count"]:
        cheer = sorted(set(t.holo(seat, f["pos"])["cheer"]))
        if len(cheer) > 1:
            return cheer
        return _sent_to_back(t, f, cheer[0])
    name = t.name(t.holo(seat, f["to"])["card"])
    t.s["stack"].append(frame("from_archive", seat, f["card"], f["origin"], {
        "optional": False, "filter": {"holomem": True, "level": "1st", "names": [name]}}, pos=f["pos"]))
    return None


@TEXTS.pattern(r"このホロメンのエール(\d)枚を自分のバックホロメン1人に送れる。その後、自分のアーカイブの、エールを送られたホロメンと同じ"
               r"カード名の1stホロメン1枚を手札に戻す。")
def _cheer_to_back_then_return(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "cheer_to_back_then_return", {"count": int(m[1])}


@TEXTS.pattern(r"自分のホロパワーを見る。その中から1枚を公開し、手札に加える。手札に加えたなら、自分の手札1枚をホロパワーにする。"
               r"そしてホロパワーをシャッフルする。")
def _holopower_swap(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "holopower_swap", {}


@EFFECTS.effect("search_to_archive", timing="ability", prompt="デッキから公開してアーカイブするカード（終えるならnull）")
def search_to_archive(t: Board, f: dict) -> Options:
    """「自分のデッキから、<条件>1枚を公開し、アーカイブする。そしてデッキをシャッフルする」 (``max``: 「<条件>1～N枚を
    公開し、アーカイブできる」, one at a time until N or null)."""
    if f.setdefault("taken", 0) >= f["params"].get("max", 1):
        t.zones.shuffle(f"deck/{f['seat']}")
        return None
    return [c for c in t.zones.may_contain(f"deck/{f['seat']}") if E._matches(t, c, f["params"]["filter"])] + [None]


@search_to_archive.answer
def _searched_to_archive(t: Board, f: dict, choice: Any) -> Options:
    seat, pile = f["seat"], f"deck/{f['seat']}"
    if choice is None:
        if not f["taken"]:
            t.event("not_found", seat=seat, source=f["card"])
        t.zones.shuffle(pile)
        return None
    card = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
    t.archive(seat, card)
    t.event("reveal", seat=seat, card=card, source=f["card"])
    f["taken"] += 1
    return search_to_archive.run(t, f)


@TEXTS.pattern(r"自分のデッキから、(.+?)1枚を公開し、アーカイブする。そしてデッキをシャッフルする。")
def _search_to_archive(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    return ("search_to_archive", {"filter": flt}) if flt is not None else None


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


def _side(t: Board, f: dict, flt: dict) -> list[str]:
    if flt.get("self"):
        pos = own_holo_of(t, f)
        return [pos] if pos else []
    return holders(t, f, flt)


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
    t.archive(seat, *cards)
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
    t.archive(seat, *paid)
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
    if i >= len(filters):
        t.zones.shuffle(f"deck/{seat}")
        return None
    return [c for c in t.zones.may_contain(f"deck/{seat}") if E._matches(t, c, filters[i])] + [None]


@search_each.answer
def _searched_each(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if choice is not None:
        card = t.zones.take(f"deck/{seat}", choice, t.rule_of(f["card"]), how="search")
        t.p(seat)["hand"].append(card)
        t.event("reveal", seat=seat, card=card, source=f["card"])
    else:
        t.event("not_found", seat=seat, source=f["card"])
    f["i"] += 1
    return search_each.run(t, f)


@TEXTS.pattern(r"自分のデッキから、(?:(Debut|1st|2nd)ホロメンの)?\[(.+?)と(.+?)\]1枚ずつを公開し、手札に加える。そしてデッキをシャッフル"
               r"する。")
def _search_each(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    first, second = card_filter(m[2]), card_filter(m[3])
    if first is None or second is None:
        return None
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
    first, second = spec(m[1]), spec(m[2])
    return ("sequence", {"steps": [first, second]}) if _runs(first) and _runs(second) else None


@TEXTS.pattern(r"このホロメンのHPを(\d+)回復する。")
def _heal_self(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "heal", {"amount": int(m[1]), "target": "self"}


#: what a gift 「このホロメンが相手のホロメンをダウンさせた時」 of this family may do (``rawlist.KO_SAFE``'s, and these)
KO_SAFE = ("to_holopower", "cheer_to_holomem")


@TEXTS.pattern(r"このホロメンが相手の(センター)?ホロメンをダウンさせた時、(.+)")
def _on_ko(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None or then["effect"] not in KO_SAFE:
        return None
    return "on_ko", {"then": then, **({"center": True} if m[1] else {})}


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


# ------------------------------------------------------------------ gifts: 「このホロメンのアーツ「…」でカードを公開した時」

@TEXTS.pattern(r"(\[ターンに1回\])?このホロメンのアーツ「(.+?)」でカードを公開した時、(?:公開したサポートカード1枚を、アーカイブするかわりに"
               r"手札に加えられる|公開したカード(\d)枚が同じBloomレベルのホロメンなら、相手のライフ-(\d))。")
def _art_reveal(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    then = ({"effect": "revealed_same_level", "params": {"n": int(m[3]), "life": int(m[4])}} if m[3] else
            {"effect": "revealed_to_hand", "params": {"filter": {"kind": "support"}}})
    return "art_reveal", {"art": m[2], "then": then, **({"once": True} if m[1] else {})}


EFFECTS.effect("art_reveal", timing="constant")(lambda t, f: None)


def revealed_by_art(t: Board, f: dict, revealed: list[str]) -> None:
    """The gifts (``art_reveal``) of the holomem whose art 「<名前>」 has just revealed ``revealed``: their frames,
    resolving before the art's damage (once a turn with 「[ターンに1回]」)."""
    pos = own_holo_of(t, f)
    af = E.arts_frame(t)
    if pos is None or af is None or not revealed:
        return
    h = t.holo(f["seat"], pos)
    art = t.card(h["card"])["arts"][af["params"]["art"]]["name"]
    for a in t.card(h["card"])["abilities"]:
        pa = a.get("params") or {}
        if a["kind"] != "gift" or a.get("effect") != "art_reveal" or pa["art"] != art:
            continue
        if pa.get("once") and h.get("gift_turn") == t.s["turn"]:
            continue
        cite(t, f["seat"], h["card"], a.get("name") or "gift")
        then = pa["then"]
        t.s["stack"].append(frame(then["effect"], f["seat"], h["card"], "gift", {**then["params"], "revealed": revealed,
                                                                                  "once": bool(pa.get("once"))}, pos=pos))


E.REVEAL_HOOKS.append(revealed_by_art)


def _spend_gift(t: Board, f: dict) -> None:
    pos = own_holo_of(t, f)
    if f["params"].get("once") and pos is not None:
        t.holo(f["seat"], pos)["gift_turn"] = t.s["turn"]


@EFFECTS.effect("revealed_to_hand", timing="ability", prompt="アーカイブするかわりに手札に加えるカード（しないならnull）")
def revealed_to_hand(t: Board, f: dict) -> Options:
    """「公開したサポートカード1枚を、アーカイブするかわりに手札に加えられる」: one of the cards just revealed (put in
    the archive as they were, so taken back from there), or null."""
    fits = sorted({c for c in f["params"]["revealed"] if c in t.p(f["seat"])["archive"]
                   and E._matches(t, c, f["params"]["filter"])})
    return fits + [None] if fits else None


@revealed_to_hand.answer
def _revealed_taken(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    _spend_gift(t, f)
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    return None


@EFFECTS.effect("revealed_same_level", timing="ability")
def revealed_same_level(t: Board, f: dict) -> Options:
    """「公開したカードN枚が同じBloomレベルのホロメンなら、相手のライフ-M」: M life cards of the opponent taken (as
    a down's: ``take_life``)."""
    cards = f["params"]["revealed"]
    levels = {t.card(c)["level"] for c in cards}
    if len(cards) == f["params"]["n"] and all(t.card(c)["kind"] in ("holomem", "buzz") for c in cards) \
            and len(levels) == 1:
        _spend_gift(t, f)
        t.event("life_lost", seat=other(f["seat"]), amount=f["params"]["life"], source=f["card"])
        for _ in range(f["params"]["life"]):
            t.s["stack"].append(frame("take_life", other(f["seat"]), None, "gift"))
    return None


@TEXTS.pattern(r"自分のセンターホロメンにエールが(\d+)枚以上付いている(?:なら|時)、(.+)")
def _if_center_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("if_holds", {"test": "center_cheer_min", "n": int(m[1]), "then": then}) if then else None


@TEXTS.pattern(r"(.+?(?:できる|せる|れる))。(?:アーカイブ|デッキの下に戻|エールデッキの下に戻|戻|公開)したなら、(.+)")
def _did_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「<…できる>。<…>したなら、<効果>」: read as the cost form 「<…できる>:<効果>」."""
    made = spec(f"{m[1]}:{m[2]}")
    return (made["effect"], made["params"]) if made else None


# ------------------------------------------------------------------ gifts: 「自分の…がコラボした時」「自分の(SP)推しスキルを使った時」

@TEXTS.pattern(LIMIT + r"?自分の(?:(.+?)がコラボした|(SP)?推しスキル(?:「(.+?)」)?を使った)時、(.+)")
def _event_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<holder>がコラボした時、<効果>」 and 「[…限定]自分の(SP)推しスキル(「名前」)を使った時、<効果>」:
    this holomem's effect once that is done (``event_gift_frames``)."""
    then = spec(m[5])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    if m[2] is not None:
        who = holder_filter(m[2])
        if who is None:
            return None
        when: dict[str, Any] = {"on": "collab", "holder": who}
    else:
        when = {"on": "sp" if m[3] else "oshi", **({"skill": m[4]} if m[4] else {})}
    return "event_gift", {**when, "then": then, **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("event_gift", timing="constant")(lambda t, f: None)


def event_gift_frames(t: Board, seat: str, on: str, what: dict) -> list[dict]:
    """The frames of ``seat``'s gifts for ``on``: "collab" (``what``: the holomem that collabed) or "oshi" / "sp"
    (``what``: the skill used); put under the event's own frames, they resolve after them."""
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "event_gift" or pa["on"] != on or not _active(pa, gpos):
                continue
            if on == "collab" and not holder_fits(t, None, "collab", what, pa["holder"]):
                continue
            if on != "collab" and pa.get("skill") not in (None, re.sub(r"\s+", "", what.get("name") or "")):
                continue  # the name as the text reads it (whitespace dropped)
            cite(t, seat, g["card"], a.get("name") or "gift")
            out.append(frame("gift_of", seat, g["card"], "gift", {"then": pa["then"]}, pos=gpos, faces=0, user=gpos))
    return out[::-1]
