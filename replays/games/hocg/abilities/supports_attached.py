"""Support cards attached to a holomem (tools, mascots, fans): their texts (``supports`` reads
them after its own).

An attached card's abilities never run as themselves (their effect is a constant: its own
``tool_arts`` / ``mascot_hp``, or ``attached_constant`` / ``attached_down`` /
``attached_trigger``); the rules read their params where the moment comes:

- triggers, with 「◆〈名前〉(1st以上の〈名前〉・#タグを持つ…・Buzzホロメン)に付いていたら能力追加」 as
  the holder's condition: ``on_collab`` (``rules.Collab``), ``on_bloom`` (``rules.Bloom``; 「Bloom
  レベルが上がった時」 too), ``on_attach`` (「このファンをホロメンに手札から付けた時」: ``rules.Support``),
  ``on_arts`` (「…がアーツを使った時」: ``arts_used_frames``, under the art's damage), ``on_ko``
  (「…が相手のホロメンをダウンさせた時」: ``effects.ko_triggers``) and ``on_down`` / ``attached_down``
  (「(相手のターンで、)…がダウンした時」, ダウン①: ``effects.attached_down_triggers``); each runs through
  ``attached_then``, where the holder is 「このホロメン」;
- constants on damage and arts: 「…が受けるダメージ±N」「…は相手からダメージを受けない」「…が与える特殊
  ダメージ+N」 (``effects.DAMAGE_MODIFIERS``), 「(…間、)…のアーツ+N」 (``effects.ARTS_BONUSES``),
  「アーツに必要なエールの色すべてを無色エールにする」「アーツに必要な無色-N」 (``arts_cost``, read by
  ``rules.Arts``), and 「ダメージを受ける時、このファンをアーカイブできる:…受けるダメージ-N」 (the
  ``windows`` 「ダメージを受ける時」 window: ``guard_offers``).

A down trigger runs after ダウン② (the holomem and its cards archived), so what it reads of the
downed holomem is kept in its frame (``downed``, ``downed_cheer``) and what it moves is taken
back from the archive: the state is the one resolving it at ダウン① gives.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities import windows
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (ARTS_BONUSES, DAMAGE_MODIFIERS, EFFECTS, HEAL_HOOKS, Options, attach_cheer,
                                             cite, damage, names_of, push)
from kifu.replays.games.hocg.state import BATON_MODIFIERS, HP_MODIFIERS, R_HOLOPOWER, Board, needs, other
from kifu.replays.kit import frame

TEXTS = Texts()

COLOR_CHARS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
LEVELS = {"Debut": "debut", "1st": "1st", "2nd": "2nd"}
SUPPORT_KINDS = {"スタッフ": "staff", "アイテム": "item", "イベント": "event", "ツール": "tool", "マスコット": "mascot",
                 "ファン": "fan"}


# ------------------------------------------------------------------ the own holomem a text names

def holomem_filter(desc: str) -> dict[str, Any] | None:
    """The own holomem 「自分の(ステージの)<desc>1人」 describes, or None for one not read."""
    if desc == "ホロメン":
        return {}
    m = re.fullmatch(r"#(.+?)を持つホロメン", desc)
    if m:
        return {"tag": m[1]}
    m = re.fullmatch(r"(?:(Debut|1st|2nd)ホロメンの)?〈([^〉]+)〉", desc)
    if m:
        return {"name": m[2], **({"level": LEVELS[m[1]]} if m[1] else {})}
    m = re.fullmatch(r"(.)ホロメン", desc)
    if m and m[1] in COLOR_CHARS:
        return {"color": COLOR_CHARS[m[1]]}
    return None


def holomem_fits(t: Board, h: dict, flt: dict) -> bool:
    c = t.card(h["card"])
    return (("tag" not in flt or has_tag(c, flt["tag"])) and ("name" not in flt or flt["name"] in names_of(t, h["card"]))
            and ("level" not in flt or c["level"] == flt["level"]) and ("color" not in flt or flt["color"] in c["colors"]))


# ------------------------------------------------------------------ attached supports' triggers

ATTACHED_BASE = (r"(このツールが付いているホロメンのアーツ\+\d+。|このマスコットが付いているホロメンの(?:HP|アーツ)\+\d+。)"
                 r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉(?:か〈([^〉]+)〉)?に付いていたら能力追加")


@TEXTS.pattern(ATTACHED_BASE + r"(\[センターポジション限定\])?この(?:ツール|マスコット)が付いているホロメンが(コラボ|Bloom)した時、"
               r"(.+)")
def _attached_trigger(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, then = spec(m[1]), spec(m[7])
    if base is None or then is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    if m[6] == "Bloom" and base["effect"] == "mascot_hp" and not m[5]:
        return None  # rawlist's own form (its on_bloom runs the effect directly)
    cond = {"names": [n for n in (m[3], m[4]) if n], **({"min_level": LEVELS[m[2]]} if m[2] else {})}
    key = "on_collab" if m[6] == "コラボ" else "on_bloom"
    wrapped = {"effect": "attached_then", "params": {"then": then, **({"at": ["center"]} if m[5] else {})}}
    return base["effect"], {**base["params"], key: {**cond, "then": wrapped}}


@TEXTS.pattern(ATTACHED_BASE + r"(?:この(?:ツール|マスコット)が付いているホロメン|このホロメン)が相手のホロメンをダウンさせた時、(.+)")
def _attached_ko(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆…このツールが付いているホロメンが相手のホロメンをダウンさせた時、<効果>」 (``on_ko``:
    ``effects.ko_triggers``, once the damage and the downs are done: what may follow then)."""
    base, then = spec(m[1]), spec(m[5])
    if base is None or then is None or base["effect"] not in ("tool_arts", "mascot_hp") or not _ko_safe(then):
        return None
    cond = {"names": [n for n in (m[3], m[4]) if n], **({"min_level": LEVELS[m[2]]} if m[2] else {})}
    return base["effect"], {**base["params"], "on_ko": {**cond, "then": {"effect": "attached_then",
                                                                         "params": {"then": then}}}}


@TEXTS.pattern(ATTACHED_BASE + r"(?:この(?:ツール|マスコット)が付いているホロメン|このホロメン)が(センターポジションで)?アーツを使った時、"
               r"(.+)")
def _attached_arts_used(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆…このマスコットが付いているホロメンが(センターポジションで)アーツを使った時、<効果>」 (``on_arts``:
    ``arts_used_frames``), resolved once the art is used, as the holders' gifts are (an effect
    dealing damage itself is left by hand, as theirs)."""
    base, then = spec(m[1]), spec(m[6])
    if base is None or then is None or base["effect"] not in ("tool_arts", "mascot_hp") or "special_damage" in repr(then) \
            or EFFECTS[then["effect"]].timing != "ability":
        return None
    cond = {"names": [n for n in (m[3], m[4]) if n], **({"min_level": LEVELS[m[2]]} if m[2] else {})}
    return base["effect"], {**base["params"], "on_arts": {**cond, "then": {"effect": "attached_then", "params": {
        "then": then, **({"at": ["center"]} if m[5] else {})}}}}


def arts_used_frames(t: Board, seat: str, pos: str) -> list[dict]:
    """The frames of the 「…が付いているホロメンがアーツを使った時」 triggers of the cards attached to
    ``seat``'s holomem at ``pos`` (``rules.Arts`` puts them under the art's damage)."""
    h = t.holo(seat, pos)
    out = []
    for item in h["attached"] if h else ():
        for ab in t.card(item)["abilities"]:
            when = ab["params"].get("on_arts")
            if when and (not when.get("names") or t.fits_holder(h, when)):
                cite(t, seat, item, ab.get("name") or "support")
                t.event("arts_used_ability", seat=seat, card=item, ability=ab.get("name") or "support")
                out.append(frame(when["then"]["effect"], seat, item, "arts", when["then"]["params"], pos=pos))
    return out[::-1]


def _ko_safe(spec: dict[str, Any]) -> bool:
    from kifu.replays.games.hocg import rawlist  # loaded by then: it reads this module's texts
    return rawlist._ko_safe(spec)


@EFFECTS.effect("attached_then", timing="ability")
def attached_then(t: Board, f: dict) -> Options:
    """An attached support's trigger (``f["card"]`` attached to the holomem at ``f["pos"]``):
    its ``then`` runs as that holomem's (「このホロメン」 is the holder), if the support is
    still attached there (and the holder is at one of ``at``: 「[センターポジション限定]」)."""
    pos, pa = f.get("pos"), f["params"]
    h = t.holo(f["seat"], pos) if pos else None
    if h is None or f["card"] not in h["attached"] or (pa.get("at") and pos not in pa["at"]):
        return None
    then = pa["then"]
    if then["effect"] == "support_once":  # 「[ターンに1回]」: this card, on this holomem
        if not _once_left(t, h, f["card"]):
            return None
        then = then["params"]["then"]
    card = h["card"] if _reads_holder(then) else f["card"]  # chance events keep citing the support
    t.s["stack"].append(frame(then["effect"], f["seat"], card, f["origin"], then["params"], pos=pos))
    return None


#: effects that read the holomem their ability is of (``effects.own_holo_of``)
HOLDER_EFFECTS = ("boost_self", "move_cheer_here", "rest_or_wake", "if_state", "if_cheer", "if_attached",
                  "if_bloomed_from", "arts_per", "archive_own_cheer", "cost_own_cheer", "self_to_back")


def _reads_holder(spec: Any) -> bool:
    """``spec`` (or a part of it) acts on 「このホロメン」."""
    if isinstance(spec, dict):
        if spec.get("effect") in HOLDER_EFFECTS or any(spec.get(k) == "self" for k in ("to", "target", "from")):
            return True
        return any(_reads_holder(v) for v in spec.values())
    if isinstance(spec, list):
        return any(_reads_holder(v) for v in spec)
    return False


@TEXTS.pattern(r"このターンの間、このホロメンのアーツ\+(\d+)。")
def _boost_self(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "boost_self", {"amount": int(m[1])}


@EFFECTS.effect("boost_self", timing="ability")
def boost_self(t: Board, f: dict) -> Options:
    """「このターンの間、このホロメンのアーツ+N」 (the holomem the ability is of, if still there)."""
    pos = f.get("pos")
    h = t.holo(f["seat"], pos) if pos else None
    if h is not None and h["card"] == f["card"]:
        h["mods"]["arts"] += f["params"]["amount"]
        t.event("boost", seat=f["seat"], pos=pos, amount=f["params"]["amount"], card=f["card"])
    return None


FAN_ONLY = r"このファンは、自分の((?:〈[^〉]+〉か)*〈[^〉]+〉)だけに付けられ、\d人につき何枚でも付けられる。"
#: what a down trigger of an attached card may do once the holomem is archived (ダウン②): it
#: reads nothing of it
ATTACHED_DOWN_SAFE = ("draw", "from_archive", "search_deck")


@TEXTS.pattern(r"(相手のターンで、)?このファンが付いているホロメンがダウンした時、(.+?)" + FAN_ONLY)
def _fan_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    only = re.findall(r"〈([^〉]+)〉", m[3])
    then = _down_then(m[2], spec)
    if then is None:
        return None
    return "attached_down", {**({"opp_turn": True} if m[1] else {}), "then": then, "only": only}


@TEXTS.pattern(ATTACHED_BASE + r"(相手のターンで、)?この(?:ツール|マスコット)が付いているホロメンがダウンした時、(.+)")
def _extra_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, then = spec(m[1]), _down_then(m[6], spec)
    if base is None or then is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    cond = {"names": [n for n in (m[3], m[4]) if n], **({"min_level": LEVELS[m[2]]} if m[2] else {})}
    return base["effect"], {**base["params"], "on_down": {**cond, **({"opp_turn": True} if m[5] else {}), "then": then}}


@TEXTS.pattern(r"(このファンが付いているホロメンの(?:HP|アーツ)\+\d+。)(相手のターンで、)?このファンが付いているホロメンがダウンした時、(.+?)"
               + FAN_ONLY)
def _fan_base_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, then = spec(m[1]), _down_then(m[3], spec)
    if base is None or then is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    return base["effect"], {**base["params"], "on_down": {**({"opp_turn": True} if m[2] else {}), "then": then},
                            "only": re.findall(r"〈([^〉]+)〉", m[4])}


@TEXTS.pattern(r"■(この(?:ツール|マスコット)が付いているホロメンのHP\+\d+。)■この(?:ツール|マスコット)が付いているホロメンがダウンした時、"
               r"自分のライフ-(\d)。")
def _hp_and_life_loss(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base = spec(m[1])
    if base is None or base["effect"] != "mascot_hp":
        return None
    return "mascot_hp", {**base["params"], "on_down": {"then": {"effect": "lose_life", "params": {"count": int(m[2])}}}}


def _down_then(text: str, spec: Spec) -> dict[str, Any] | None:
    """What an attached card's down trigger does, read so that it may run after ダウン② (the
    holomem and its cards archived): a send that may still choose the downed holomem, its cheer
    moved from the archive, the opponent's discard, or an effect that reads none of it."""
    for read in (_down_send, _down_move):
        then = read(text)
        if then is not None:
            return then
    m = re.fullmatch(r"相手は、自身の手札(\d)枚をアーカイブする。", text)
    if m:
        return {"effect": "opp_discard", "params": {"count": int(m[1])}}
    m = re.fullmatch(r"この(?:ファン|マスコット|ツール)が付いているホロメンに(.)エールが付いているなら、(.+)", text)
    if m and m[1] in COLOR_CHARS and (then := spec(m[2])) and then["effect"] in ATTACHED_DOWN_SAFE:
        return {"effect": "if_downed_cheer", "params": {"colors": [COLOR_CHARS[m[1]]], "then": then}}
    m = re.fullmatch(r"自分のホロパワー(\d)枚をアーカイブできる:この(?:マスコット|ツール|ファン)を手札に戻す。", text)
    if m:
        return {"effect": "down_return_self", "params": {"holopower": int(m[1])}}
    m = re.fullmatch(r"相手は、自身のデッキを(\d)枚引ける。", text)
    if m:
        return {"effect": "opp_may_draw", "params": {"count": int(m[1])}}
    m = re.fullmatch(r"自分の手札1枚をアーカイブできる:この(?:マスコット|ツール|ファン)を手札に戻す。", text)
    if m:
        return {"effect": "cost_hand", "params": {"then": {"effect": "archived_self_to_hand", "params": {}}}}
    then = spec(text)
    return then if then is not None and then["effect"] in ATTACHED_DOWN_SAFE else None


def _down_move(text: str) -> dict[str, Any] | None:
    """「このホロメン(このファンが付いているホロメン)の(<色>)エール1(～2)枚を、自分の他の<ホロメン>(1人)に
    付け替える(付け替えられる)」 in a down trigger: ``down_move_cheer``."""
    m = re.fullmatch(r"(?:このホロメン|この(?:ファン|マスコット|ツール)が付いているホロメン)の(?:(.)エール|\[(.)エールか(.)エール\]|エール)"
                     r"(1|1～2)枚を、?自分の他の(.+?)(?:1人)?に付け替え(る|られる)。", text)
    if m is None or any(x not in COLOR_CHARS for x in m.groups()[:3] if x) or (flt := holomem_filter(m[5])) is None:
        return None
    colors = [COLOR_CHARS[x] for x in m.groups()[:3] if x]
    return {"effect": "down_move_cheer", "params": {"max": 2 if m[4] == "1～2" else 1, "optional": m[6] == "られる",
                                                    "filter": flt, **({"colors": colors} if colors else {})}}


@EFFECTS.effect("down_move_cheer", timing="ability", prompt="付け替えるエール / 付け替え先のホロメン")
def down_move_cheer(t: Board, f: dict) -> Options:
    """A down trigger's 「このホロメンの(<色>)エール1(～2)枚を、自分の他の<ホロメン>(1人)に付け替える
    (付け替えられる)」 (ダウン①): run after ダウン②, the cheer the downed holomem held
    (``f["downed_cheer"]``) is taken from the archive it went to, so that the state is the one
    moving it at ダウン① gives. Which cheer (null: no more, when optional or after the
    first), then (the first time) which holomem: all go to the same one."""
    pa, seat = f["params"], f["seat"]
    f.setdefault("moved", 0)
    if f["moved"] >= pa["max"]:
        return None
    archive = t.p(seat)["archive"]
    fits = sorted({c for c in f.get("downed_cheer", ()) if c in archive
                   and (not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"])})
    targets = [p for p, h in t.stage(seat) if holomem_fits(t, h, pa["filter"])] if f["moved"] == 0 else [f["to"]]
    if not fits or not targets:
        return None
    f["stage"] = "which"
    if pa.get("optional") or f["moved"] > 0:
        return fits + [None]
    return _down_moved(t, f, fits[0]) if len(fits) == 1 else fits


@down_move_cheer.answer
def _down_moved(t: Board, f: dict, choice: Any) -> Options:
    seat, pa = f["seat"], f["params"]
    if f["stage"] == "which":
        if choice is None:
            return None
        f["cheer"] = choice
        if f["moved"] == 0:
            targets = [p for p, h in t.stage(seat) if holomem_fits(t, h, pa["filter"])]
            if len(targets) > 1:
                f["stage"] = "to"
                return targets
            choice = targets[0]
        else:
            choice = f["to"]
    f["to"] = choice
    t.p(seat)["archive"].remove(f["cheer"])
    f["downed_cheer"].remove(f["cheer"])
    attach_cheer(t, seat, choice, f["cheer"])
    f["moved"] += 1
    return down_move_cheer.run(t, f)


@EFFECTS.effect("down_return_self", timing="ability", prompt="ホロパワーをアーカイブして手札に戻すか")
def down_return_self(t: Board, f: dict) -> Options:
    """A down trigger's 「自分のホロパワーN枚をアーカイブできる:このマスコットを手札に戻す」 (ダウン①): run
    after ダウン②, the card is taken back from the archive it went to (the state moving it at
    ダウン① gives); the holopower paid as an oshi skill's is."""
    if len(t.p(f["seat"])["holopower"]) < f["params"]["holopower"] or f["card"] not in t.p(f["seat"])["archive"]:
        return None
    return ["pay", None]


@down_return_self.answer
def _down_returned(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    pl, n = t.p(f["seat"]), f["params"]["holopower"]
    paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:n]]
    pl["holopower"] = pl["holopower"][n:]
    t.archive(f["seat"], *paid)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=paid)
    pl["archive"].remove(f["card"])
    pl["hand"].append(f["card"])
    t.event("returned", seat=f["seat"], card=f["card"], source=f["card"])
    return None


@EFFECTS.effect("if_downed_cheer", timing="ability")
def if_downed_cheer(t: Board, f: dict) -> Options:
    """A down trigger's 「このファンが付いているホロメンに<色>エールが付いているなら、<効果>」: the cheer it
    held as it went down (``f["downed_cheer"]``)."""
    held = {t.card(c)["colors"][0] for c in f.get("downed_cheer", ())}
    if set(f["params"]["colors"]) <= held:
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("lose_life", timing="ability")
def lose_life(t: Board, f: dict) -> Options:
    """「自分のライフ-N」: N more life cards taken (ダウン③'s ``take_life``, as a Buzz holomem's ライフ-2)."""
    for _ in range(f["params"]["count"]):
        t.s["stack"].append(frame("take_life", f["seat"], None, "down"))
    return None


@EFFECTS.effect("opp_discard", timing="ability")
def opp_discard(t: Board, f: dict) -> Options:
    """「相手は、自身の手札N枚をアーカイブする」: the opponent chooses (``discard_hand``)."""
    opp = other(f["seat"])
    if t.p(opp)["hand"]:
        t.s["stack"].append(frame("discard_hand", opp, f["card"], f["origin"], {"count": f["params"]["count"]}))
    return None


def _down_send(text: str) -> dict[str, Any] | None:
    """「自分のエールデッキの上から1枚 / 自分のアーカイブの<色>エール1枚を、自分の〈名前〉に送る(送れる)」
    in a down trigger: ``down_cheer`` (the downed holomem may still be chosen)."""
    m = re.fullmatch(r"(自分のエールデッキの上から1枚|自分のアーカイブの(.)?エール1枚)を、?自分の〈([^〉]+)〉に送(る|れる)。", text)
    if m is None or (m[2] is not None and m[2] not in COLOR_CHARS):
        return None
    return {"effect": "down_cheer", "params": {"from": "deck" if m[1].startswith("自分のエールデッキ") else "archive",
                                               "name": m[3], "optional": m[4] == "れる",
                                               **({"colors": [COLOR_CHARS[m[2]]]} if m[2] else {})}}


#: a fan whose text is a trigger only: ``attached_down`` (ダウン①), ``attached_trigger`` (its
#: ``on_attach``); never run by themselves
EFFECTS.effect("attached_down", timing="constant")(lambda t, f: None)
EFFECTS.effect("attached_trigger", timing="constant")(lambda t, f: None)


@EFFECTS.effect("down_cheer", timing="ability", prompt="エールを送るホロメン（ダウンしたホロメンなら\"downed\"）")
def down_cheer(t: Board, f: dict) -> Options:
    """A down trigger's 「…エール1枚を、自分の〈名前〉に送る(送れる)」 (ダウン①): the holomem that
    went down may be chosen too (``"downed"``: the cheer goes with it to the archive at
    ダウン②). From the cheer deck, its top is turned up (everyone) once a holomem is chosen;
    from the archive, which cheer is asked first (``f["cheer"]``)."""
    pa = f["params"]
    if pa["from"] == "deck" and t.cheer_deck_size(f["seat"]) <= 0:
        return None
    if pa["from"] == "archive" and f.get("stage") != "to":
        fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"
                       and (not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"])})
        if not fits:
            return None
        f["stage"] = "which"
        return fits + ([None] if pa.get("optional") else [])
    return _down_targets(t, f)


def _down_targets(t: Board, f: dict) -> Options:
    pa = f["params"]
    f["stage"] = "to"
    options = [p for p, h in t.stage(f["seat"]) if pa["name"] in names_of(t, h["card"])]
    if f.get("downed") and pa["name"] in names_of(t, f["downed"]):
        options.append("downed")
    if not options:
        return None
    if pa.get("optional"):
        return options + ([None] if pa["from"] == "deck" else [])
    return _down_sent(t, f, options[0]) if len(options) == 1 else options


@down_cheer.answer
def _down_sent(t: Board, f: dict, choice: Any) -> Options:
    seat, pa = f["seat"], f["params"]
    if f["stage"] == "which":
        if choice is None:
            return None
        f["cheer"] = choice
        options = _down_targets(t, f)
        if options is None or not isinstance(options, list):
            return options
        if len(options) == 1:
            choice = options[0]
        else:
            return options
    if choice is None:
        return None
    if pa["from"] == "deck":
        cheer = t.reveal_cheer(seat, "cheer", t.rule_of(f["card"]))
        t.event("cheer_up", seat=seat, card=cheer)
    else:
        cheer = f["cheer"]
        t.p(seat)["archive"].remove(cheer)
    if choice == "downed":  # attached at ダウン①, archived with it at ダウン②
        t.archive(seat, cheer)
        t.event("cheer_archived", seat=seat, count=1, card=f["card"])
    else:
        attach_cheer(t, seat, choice, cheer)
    return None


# ------------------------------------------------------------------ attaching from the hand

def _on_attach(text: str, spec: Spec) -> dict[str, Any] | None:
    """「このファン(ツール・マスコット)を(ホロメンに)手札から(<条件>に)付けた時、<効果>」: ``on_attach``
    (``rules.Support`` pushes it once the card is attached, through ``attached_then``)."""
    m = re.fullmatch(r"この(?:ファン|ツール|マスコット)を(?:ホロメンに)?手札(?:かアーカイブ)?から(?:(?:(1st|2nd)以上の)?〈([^〉]+)〉に)?"
                     r"付けた時、(.+)", text)
    if m is None or (then := spec(m[3])) is None:
        return None
    cond = {"names": [m[2]], **({"min_level": LEVELS[m[1]]} if m[1] else {})} if m[2] else {}
    return {**cond, "then": {"effect": "attached_then", "params": {"then": then}}}


@TEXTS.pattern(r"(この(?:ファン|ツール|マスコット)を(?:ホロメンに)?手札(?:かアーカイブ)?から[^。]*?付けた時、.+?)" + FAN_ONLY)
def _fan_on_attach(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    when = _on_attach(m[1], spec)
    if when is None:
        return None
    return "attached_trigger", {"on_attach": when, "only": re.findall(r"〈([^〉]+)〉", m[2])}


@TEXTS.pattern(r"(この(?:ファン|ツール)が付いているホロメンの(?:HP|アーツ)\+\d+。)(このファンを(?:ホロメンに)?手札(?:かアーカイブ)?から付けた"
               r"時、.+?)" + FAN_ONLY)
def _fan_base_on_attach(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, when = spec(m[1]), _on_attach(m[2], spec)
    if base is None or when is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    return base["effect"], {**base["params"], "on_attach": when, "only": re.findall(r"〈([^〉]+)〉", m[3])}


@TEXTS.pattern(r"(このツールが付いているホロメンのアーツ\+\d+。|このマスコットが付いているホロメンの(?:HP|アーツ)\+\d+。)"
               r"(この(?:ツール|マスコット)を(?:ホロメンに)?手札から.+)")
def _tool_on_attach(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, when = spec(m[1]), _on_attach(m[2], spec)
    if base is None or when is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    return base["effect"], {**base["params"], "on_attach": when}


@TEXTS.pattern(ATTACHED_BASE + r"(この(?:ツール|マスコット)を(?:ホロメンに)?手札から付けた時、.+)")
def _extra_on_attach(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, when = spec(m[1]), _on_attach(m[5], spec)
    if base is None or when is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    cond = {"names": [n for n in (m[3], m[4]) if n], **({"min_level": LEVELS[m[2]]} if m[2] else {})}
    return base["effect"], {**base["params"], "on_attach": {**cond, "then": when["then"]}}


# ------------------------------------------------------------------ attached cards' constants on damage
#
# 「このファン(ツール・マスコット)が付いている(<条件>)ホロメンが(センターポジションかコラボポジションで)
# 受けるダメージ±N」 (``taken``) and 「…が、相手の(センター)ホロメン(1人)に与える特殊ダメージ+N」
# (``special_plus``): kept in the support's params (with the ◆ condition as ``holder``), read as
# damage is dealt (``effects.DAMAGE_MODIFIERS``: every increase first, the decreases last, so
# the total is their sum, never below 0).

def _holder_cond(names: list[str] | None = None, level: str | None = None, tag: str | None = None) -> dict[str, Any]:
    return {**({"names": names} if names else {}), **({"min_level": LEVELS[level]} if level else {}),
            **({"tag": tag} if tag else {})}


def _damage_constant(text: str, kind: str) -> dict[str, Any] | None:
    """One constant of an attached ``kind`` (ファン, ツール, マスコット) on damage, or None."""
    m = re.fullmatch(rf"この{kind}が付いている(?:#(.+?)を持たない)?ホロメンが(センターポジションかコラボポジションで)?受ける"
                     r"ダメージ([+-])(\d+)。", text)
    if m:
        amount = int(m[4]) * (1 if m[3] == "+" else -1)
        return {"taken": [{"amount": amount, **({"pos": ["center", "collab"]} if m[2] else {}),
                           **({"holder": {"no_tag": m[1]}} if m[1] else {})}]}
    m = re.fullmatch(rf"この{kind}が付いているホロメンが、相手の(センターホロメン|ホロメン1人)に与える特殊ダメージ\+(\d+)。", text)
    if m:
        return {"special_plus": [{"amount": int(m[2]), **({"target": "center"} if m[1] == "センターホロメン" else {})}]}
    m = re.fullmatch(rf"この{kind}が付いているホロメンにエールが(\d)枚以上付いている間、このホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[2]), "test": "cheer_min", "n": int(m[1])}]}
    m = re.fullmatch(rf"お互いのステージのエールが合計(\d+)枚以上ある間、この{kind}が付いているホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[2]), "test": "both_stage_cheer_min", "n": int(m[1])}]}
    m = re.fullmatch(rf"\[バックポジション限定\]この{kind}が付いているホロメンは相手からダメージを受けない。", text)
    if m:
        return {"taken": [{"none": True, "pos": ["back"]}]}
    m = re.fullmatch(r"このホロメンに重なっているホロメンが0枚なら、このホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[1]), "test": "none_stacked"}]}
    m = re.fullmatch(rf"この{kind}が付いているホロメンがアーツを使う時、(?:自分の推しホロメンが〈([^〉]+)〉なら、)?この{kind}を(.)エール"
                     r"としても扱う。", text)
    if m and m[2] in COLOR_CHARS:
        return {"cheer_as": [{"color": COLOR_CHARS[m[2]], **({"oshi": m[1]} if m[1] else {})}]}
    m = re.fullmatch(rf"この{kind}が付いているホロメンは相手から特殊ダメージを受けない。", text)
    if m:
        return {"taken": [{"none": True, "kind": "special"}]}
    m = re.fullmatch(rf"自分の推しホロメンが〈([^〉]+)〉なら、この{kind}が付いているホロメンのHP\+(\d+)。", text)
    if m:
        return {"hp_while": [{"amount": int(m[2]), "oshi": m[1]}]}
    m = re.fullmatch(r"このホロメンのアーツに必要な無色-(\d)。", text)
    if m:
        return {"arts_cost_less": [{"amount": int(m[1])}]}
    m = re.fullmatch(rf"この{kind}が付いているホロメンのバトンタッチに必要な無色(?:エール)?-(\d)。", text)
    if m:
        return {"baton_less": [{"amount": int(m[1])}]}
    m = re.fullmatch(rf"この{kind}が付いているホロメンのアーツに必要なエールの色すべてを無色(?:エール)?にする。", text)
    if m:
        return {"colorless_arts": [{}]}
    m = re.fullmatch(rf"相手のターンで、この{kind}が付いているホロメンがダメージを受ける時、この{kind}をアーカイブできる:この{kind}が"
                     r"付いていたホロメン(?:の|が)受けるダメージ-(\d+)。", text)
    if m:
        return {"guard": [{"amount": int(m[1]), "opp_turn": True}]}
    for shape in CONSTANT_SHAPES:  # other families' constants (``attached_and_search``)
        if (made := shape(text, kind)) is not None:
            return made
    return None


#: more ``_damage_constant`` shapes: ``(text, kind) -> constant or None``
CONSTANT_SHAPES: list[Any] = []
#: more ``arts_while`` tests: name -> ``(t, seat, pos, h, entry) -> bool`` (the bonus applies)
ARTS_TESTS: dict[str, Any] = {}


def _with_holder(constant: dict[str, Any], cond: dict[str, Any]) -> dict[str, Any]:
    return {k: [{**e, "holder": {**e.get("holder", {}), **cond}} for e in v] for k, v in constant.items()}


@TEXTS.pattern(r"(.+?)" + FAN_ONLY)
def _fan_constant(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    constant = _damage_constant(m[1], "ファン")
    if constant is None:
        return None
    return "attached_constant", {**constant, "only": re.findall(r"〈([^〉]+)〉", m[2])}


@TEXTS.pattern(r"(この(マスコット|ツール)が付いているホロメンが(?:センターポジションかコラボポジションで)?受けるダメージ-\d+。)")
def _mascot_cut(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    constant = _damage_constant(m[1], m[2])
    return ("attached_constant", constant) if constant else None


@TEXTS.pattern(r"■(このツールが付いているホロメンのアーツ\+\d+。|このマスコットが付いているホロメンの(?:HP|アーツ)\+\d+。)■(.+)")
def _base_and_constant(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base = spec(m[1])
    kind = "ツール" if m[1].startswith("このツール") else "マスコット"
    constant = _damage_constant(m[2], kind)
    if base is None or constant is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    return base["effect"], {**base["params"], **constant}


@TEXTS.pattern(r"(このツールが付いているホロメンのアーツ\+\d+。|このマスコットが付いているホロメンの(?:HP|アーツ)\+\d+。)"
               r"◆(?:#(.+?)を持つ)?(?:(1st|2nd)以上の)?(?:〈([^〉]+)〉(?:か〈([^〉]+)〉)?|ホロメン)に付いていたら能力追加(.+)")
def _extra_constant(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base = spec(m[1])
    kind = "ツール" if m[1].startswith("このツール") else "マスコット"
    constant = _damage_constant(m[6], kind)
    plain = re.fullmatch(rf"この{kind}が付いているホロメンのアーツ\+(\d+)。", m[6])
    if constant is None and plain and m[2] and not m[4]:  # 「◆#タグを持つ…」 (a name's: rawlist's ``bonus``)
        constant = {"arts_while": [{"amount": int(plain[1])}]}
    if base is None or constant is None or base["effect"] not in ("tool_arts", "mascot_hp") or not (m[2] or m[4]):
        return None
    names = [n for n in (m[4], m[5]) if n]
    return base["effect"], {**base["params"], **_with_holder(constant, _holder_cond(names, m[3], m[2]))}


EFFECTS.effect("attached_constant", timing="constant")(lambda t, f: None)


def holder_ok(t: Board, h: dict, cond: dict) -> bool:
    """The holomem ``h`` an attached card is on fits its ◆ condition (names, level, tag, 「#タグを持たない」)."""
    c = t.card(h["card"])
    order = {"debut": 0, "1st": 1, "2nd": 2}
    return (("names" not in cond or bool(set(cond["names"]) & names_of(t, h["card"])))
            and ("min_level" not in cond or order.get(c["level"], -1) >= order[cond["min_level"]])
            and ("tag" not in cond or has_tag(c, cond["tag"])) and ("no_tag" not in cond or not has_tag(c, cond["no_tag"]))
            and ("levels" not in cond or c["level"] in cond["levels"])
            and (not cond.get("buzz") or c["kind"] == "buzz"))


def _entries(t: Board, h: dict, key: str) -> list[tuple[str, dict]]:
    return [(item, e) for item in h["attached"] for ab in t.card(item)["abilities"] for e in ab["params"].get(key, ())
            if holder_ok(t, h, e.get("holder", {}))]


def _slot(pos: str) -> str:
    return "back" if pos.startswith("back") else pos


def _noted(t: Board, seat: str, pos: str, item: str, amount: int) -> int:
    t.event("support_constant", seat=seat, pos=pos, card=item, amount=amount)
    return amount


@needs("special_plus", "taken")
def attached_plus(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
                  by: dict | None) -> int:
    """The increases: the dealer's attached 「与える特殊ダメージ+N」, the holder's 「受けるダメージ+N」."""
    h = t.holo(seat, pos)
    if h is None or amount <= 0:
        return amount
    by = by or {}
    attacker = t.holo(other(seat), by["pos"]) if by.get("pos") else None
    if special and attacker is not None and attacker["card"] == by.get("card"):
        for item, e in _entries(t, attacker, "special_plus"):
            if e.get("target") in (None, pos):
                amount += _noted(t, other(seat), by["pos"], item, e["amount"])
    for item, e in _entries(t, h, "taken"):
        if e.get("amount", 0) > 0 and ("pos" not in e or _slot(pos) in e["pos"]):
            amount += _noted(t, seat, pos, item, e["amount"])
    return amount


def attached_cut(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
                 by: dict | None) -> int:
    """The decreases: the holder's 「受けるダメージ-N」 (not below 0)."""
    h = t.holo(seat, pos)
    if h is None:
        return amount
    for item, e in _entries(t, h, "taken"):
        if amount > 0 and ("pos" not in e or _slot(pos) in e["pos"]):
            if e.get("none") and _from_opponent(t, seat, by) and (e.get("kind") != "special" or special):  # 「相手からダメージを受けない」
                amount -= _noted(t, seat, pos, item, amount)
            elif e.get("amount", 0) < 0:
                amount -= _noted(t, seat, pos, item, min(amount, -e["amount"]))
    return max(0, amount)


def _from_opponent(t: Board, seat: str, by: dict | None = None) -> bool:
    """Damage to ``seat``'s holomem comes from the opponent: every automated damage does (arts,
    special damage of the opponent's abilities) but the seat's own (``by={"own": True}``:
    ``self_special_damage``); one stated by hand (``manual``), if the seat resolving the ability
    is the other one."""
    if (by or {}).get("own"):
        return False
    pending = t.s.get("pending")
    return not (pending and pending["kind"] == "manual" and pending["seat"] == seat)


def arts_cost(t: Board, seat: str, pos: str, cost: list[str]) -> list[str]:
    """An art's cost as the attached cards change it: 「このマスコットが付いているホロメンのアーツに必要な
    エールの色すべてを無色エールにする」 (``colorless_arts``): every icon becomes ◇; 「…がアーツを使う時、この
    ファンを<色>エールとしても扱う」 (``cheer_as``): each such card pays one icon of its colour, or else a ◇
    (a cheer of that colour could pay either: paying the coloured one first is never worse)."""
    h = t.holo(seat, pos)
    if h is not None and _entries(t, h, "colorless_arts"):
        cost = ["any"] * len(cost)
    for _, e in _entries(t, h, "cheer_as") if h is not None else ():
        if "oshi" in e and e["oshi"] not in names_of(t, t.p(seat)["oshi"]):
            continue  # 「自分の推しホロメンが〈名前〉なら」
        icon = e["color"] if e["color"] in cost else "any" if "any" in cost else None
        if icon is not None:
            cost = list(cost)
            cost.remove(icon)
    for _, e in _entries(t, h, "arts_cost_less") if h is not None else ():
        for _ in range(e["amount"]):  # 「アーツに必要な無色-N」: ◇ icons fewer
            if "any" in cost:
                cost = list(cost)
                cost.remove("any")
    return cost


@needs("arts_while")
def arts_while(t: Board, seat: str, pos: str, h: dict) -> int:
    """The attached cards' 「(<条件>間、)…のアーツ+N」 of ``h`` (``arts_while``), summed with the tools'
    as its art's damage is (``effects.ARTS_BONUSES``)."""
    total = 0
    for item, e in _entries(t, h, "arts_while"):
        test = e.get("test")
        if test == "cheer_min" and len(h["cheer"]) < e["n"]:
            continue
        if test == "both_stage_cheer_min" and sum(len(x["cheer"]) for s_ in (seat, other(seat))
                                                  for _, x in t.stage(s_)) < e["n"]:
            continue
        if test == "none_stacked" and h["stack"]:  # 「このホロメンに重なっているホロメンが0枚なら」
            continue
        if test == "per_stage_name":  # 「自分のステージの〈名前〉1枚につき」: the holomem and the cards attached
            n = sum(1 for _, x in t.stage(seat) for card in (x["card"], *x["attached"]) if e["name"] in names_of(t, card))
            if n:
                total += _noted(t, seat, pos, item, e["amount"] * n)
            continue
        if test in ARTS_TESTS and not ARTS_TESTS[test](t, seat, pos, h, e):
            continue
        total += _noted(t, seat, pos, item, e["amount"])
    return total


@needs("baton_less")
def baton_less(t: Board, h: dict) -> int:
    """``state.BATON_MODIFIERS``: the attached cards' 「このファンが付いているホロメンのバトンタッチに必要な無色
    エール-N」 (``baton_less``), each card's (``Board.baton_cost`` keeps the cost at 0 or more)."""
    return -sum(e["amount"] for _, e in _entries(t, h, "baton_less"))


BATON_MODIFIERS.append(baton_less)
ARTS_BONUSES.append(arts_while)
DAMAGE_MODIFIERS.insert(0, attached_plus)
DAMAGE_MODIFIERS.append(attached_cut)


@needs("guard")
def guard_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """「相手のターンで、このファンが付いているホロメンがダメージを受ける時、このファンをアーカイブできる:
    このファンが付いていたホロメンの受けるダメージ-N」 (``guard``): offered in the 「ダメージを受ける時」
    window (``windows``) to the holder's seat, once per such card attached."""
    seat = hit["seat"]
    h = t.holo(seat, hit["pos"])
    if moment != "taking" or h is None or h["card"] != hit["card"]:
        return []
    out = []
    for item, e in _entries(t, h, "guard"):
        if e.get("opp_turn") and t.s["active"] == seat:
            continue
        name = t.name(item)
        k = sum(1 for o in out if o["card"] == item) + 1
        out.append({"seat": seat, "card": item, "name": name if k == 1 else f"{name}（{k}枚目）",
                    "then": {"effect": "archive_attached", "params": {
                        "then": {"effect": "reduce_damage", "params": {"amount": e["amount"]}}}},
                    "subject": {"seat": seat, "pos": hit["pos"], "card": hit["card"]}, "self": True})
    return out


windows.SOURCES.append(guard_offers)


@EFFECTS.effect("archive_attached", timing="ability")
def archive_attached(t: Board, f: dict) -> Options:
    """「このファン(マスコット)をアーカイブできる:<効果>」 (used in a window: ``f["subject"]`` is its
    holder): the card archived from the holomem, then the effect (about the same holomem)."""
    sub = f["subject"]
    h = t.holo(sub["seat"], sub["pos"])
    if h is None or h["card"] != sub["card"] or f["card"] not in h["attached"]:
        return None
    h["attached"].remove(f["card"])
    t.archive(f["seat"], f["card"])
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=f["card"], pos=sub["pos"])
    then = f["params"]["then"]
    t.s["stack"].append(frame(then["effect"], f["seat"], f["card"], f["origin"], then["params"], subject=sub))
    return None


# ------------------------------------------------------------------ a stage cheer to the holder

@TEXTS.pattern(r"自分のステージのエール(1|1～2)枚を、(?:この(?:ファン|マスコット|ツール)が付いているホロメン|このホロメン)に付け替え"
               r"(る|られる)。")
def _cheer_here(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "move_cheer_here", {"optional": m[2] == "られる", **({"max": 2} if m[1] == "1～2" else {})}


@EFFECTS.effect("move_cheer_here", timing="ability", prompt="付け替えるエール（ホロメンとエール、しないならnull）")
def move_cheer_here(t: Board, f: dict) -> Options:
    """「自分のステージのエール1(～2)枚を、このホロメン(このファンが付いているホロメン)に付け替える(付け替え
    られる)」: a cheer of another holomem of the stage (where it is, which card) to this one; with
    1～2, a second may follow (null: no more)."""
    here = f.get("pos")
    h = t.holo(f["seat"], here) if here else None
    f.setdefault("moved", 0)
    if h is None or h["card"] != f["card"] or f["moved"] >= f["params"].get("max", 1):
        return None
    sources = sorted({(p, c) for p, x in t.stage(f["seat"]) if p != here for c in x["cheer"]})
    if not sources:
        return None
    return [list(pc) for pc in sources] + ([None] if f["params"].get("optional") or f["moved"] else [])


@move_cheer_here.answer
def _cheer_moved_here(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    src, cheer = choice
    t.holo(f["seat"], src)["cheer"].remove(cheer)
    attach_cheer(t, f["seat"], f["pos"], cheer)
    f["moved"] += 1
    return move_cheer_here.run(t, f)


@TEXTS.pattern(r"(この(マスコット|ツール)が付いているホロメンが(?:センターポジションかコラボポジションで)?受けるダメージ-\d+。)"
               r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加この(?:マスコット|ツール)が付いているホロメンのBloomレベルが"
               r"上がった時、(.+)")
def _cut_and_level_up(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A cut (``taken``) and 「◆…このマスコットが付いているホロメンのBloomレベルが上がった時、<効果>」: every
    Bloom the rules allow raises the level (Debut→1st, 1st→2nd), so it is ``on_bloom``."""
    constant, then = _damage_constant(m[1], m[2]), spec(m[5])
    if constant is None or then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    cond = {"names": [m[4]], **({"min_level": LEVELS[m[3]]} if m[3] else {})}
    return "attached_constant", {**constant, "on_bloom": {**cond, "then": {"effect": "attached_then",
                                                                           "params": {"then": then}}}}


@TEXTS.pattern(r"◆Buzzホロメンに付いていたら能力追加(.+)")
def _on_buzz(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆Buzzホロメンに付いていたら能力追加<constant>」 (no base ability)."""
    constant = _damage_constant(m[1], "ツール") or _damage_constant(m[1], "マスコット")
    if constant is None:
        return None
    return "attached_constant", _with_holder(constant, {"buzz": True})


@EFFECTS.effect("rest_or_wake", timing="ability", prompt="アクティブにするかお休みさせるか")
def rest_or_wake(t: Board, f: dict) -> Options:
    """「このファンが付いているホロメンをアクティブにするかお休みさせる」: the seat chooses."""
    pos = f.get("pos")
    h = t.holo(f["seat"], pos) if pos else None
    return ["active", "rest"] if h is not None and h["card"] == f["card"] else None


@rest_or_wake.answer
def _rested_or_woken(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], f["pos"])
    h["rested"] = choice == "rest"
    t.event("rested" if choice == "rest" else "woken", seat=f["seat"], pos=f["pos"], card=h["card"], source=f["card"])
    return None


@TEXTS.pattern(r"この(?:ファン|マスコット|ツール)が付いているホロメンをアクティブにするかお休みさせる。")
def _rest_or_wake(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "rest_or_wake", {}


@TEXTS.pattern(r"このマスコットが付いているホロメンの(HP|アーツ)\+(\d+)。◆(?:(1st|2nd)以上の)?〈([^〉]+)〉(?:か〈([^〉]+)〉)?に付いていたら"
               r"能力追加このマスコットが付いているホロメンの(HP|アーツ)\+(\d+)。")
def _mascot_plus_plus(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A mascot's HP or arts bonus and 「◆〈名前〉に付いていたら能力追加」 an HP or arts bonus more: the HP
    ones as ``mascot_hp`` (its ``bonus`` read by ``Board.constant``), the arts ones as
    ``arts_while`` (``effects.ARTS_BONUSES``); an arts base and an arts bonus are rawlist's."""
    if m[1] == m[6] == "アーツ":
        return None
    cond = {"names": [n for n in (m[4], m[5]) if n], **({"min_level": LEVELS[m[3]]} if m[3] else {})}
    base, more = int(m[2]), int(m[7])
    params: dict[str, Any] = {"amount": base if m[1] == "HP" else 0}
    if m[6] == "HP":
        params["bonus"] = {**cond, "amount": more}
    arts = ([{"amount": base}] if m[1] == "アーツ" else []) + ([{"amount": more, "holder": cond}] if m[6] == "アーツ" else [])
    if arts:
        params["arts_while"] = arts
    return "mascot_hp", params


# ------------------------------------------------------------------ 石の斧: the holder hurt as it uses an art, its heals

@TEXTS.pattern(r"この(?:ツール|マスコット)が付いているホロメンがアーツを使った時、このホロメンに特殊ダメージ(\d+)を与える。"
               r"(?:◆(.+))?")
def _arts_used_self_damage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """石の斧 (hBP01-114): 「このツールが付いているホロメンがアーツを使った時、このホロメンに特殊ダメージNを与える」
    (``on_arts``: once the art is used, its damage done, as every 「アーツを使った時」 trigger; the
    damage is the seat's own, ``self_special_damage``), and a 「◆…に付いていたら能力追加」 heal trigger
    (``_heal_trigger``)."""
    hurt = {"effect": "self_special_damage", "params": {"amount": int(m[1])}}
    params: dict[str, Any] = {"on_arts": {"then": {"effect": "attached_then", "params": {"then": hurt}}}}
    if m[2]:
        when = _heal_trigger(m[2], spec)
        if when is None:
            return None
        params["on_heal"] = when
    return "attached_constant", params


@TEXTS.pattern(r"■(このツールが付いているホロメンのアーツ\+\d+。|このマスコットが付いているホロメンの(?:HP|アーツ)\+\d+。)"
               r"■(この(?:ツール|マスコット)が付いているホロメンがアーツを使った時、このホロメンに特殊ダメージ\d+を与える。.*)")
def _base_and_self_damage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「■<アーツ+N / HP+N>■…アーツを使った時、このホロメンに特殊ダメージNを与える。(◆…)」: the bonus with
    the triggers (one ability, so that the bonus stays a ``tool_arts`` / ``mascot_hp``)."""
    base, rest = spec(m[1]), spec(m[2])
    if base is None or rest is None or base["effect"] not in ("tool_arts", "mascot_hp") \
            or rest["effect"] != "attached_constant":
        return None
    return base["effect"], {**base["params"], **rest["params"]}


def _heal_trigger(text: str, spec: Spec) -> dict[str, Any] | None:
    """「(1st以上の)〈名前〉に付いていたら能力追加([ターンに1回])(自分の能力で、)このホロメンが回復した時、<効果>」:
    ``on_heal`` (``heal_frames``, through ``effects.after_heal``)."""
    m = re.fullmatch(r"(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加(\[ターンに1回\])?(自分の能力で、)?このホロメンが回復した時、(.+)",
                     text)
    if m is None or (then := spec(m[5])) is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return {"names": [m[2]], **({"min_level": LEVELS[m[1]]} if m[1] else {}), **({"once": True} if m[3] else {}),
            **({"own": True} if m[4] else {}), "then": {"effect": "attached_then", "params": {"then": then}}}


@EFFECTS.effect("self_special_damage", timing="ability")
def self_special_damage(t: Board, f: dict) -> Options:
    """「このホロメンに特殊ダメージNを与える」 (the holder at ``f["pos"]``: ``attached_then`` checked it):
    the seat's own ability hurts its own holomem (``effects.damage(own=True)``: no 「相手から」 modifier,
    no 「ダウンさせた時」; a down takes the seat's own life as any down does)."""
    pos = f.get("pos")
    if pos and t.holo(f["seat"], pos) is not None:
        damage(t, f["seat"], pos, f["params"]["amount"], source=f["card"], special=True, own=True)
    return None


@needs("on_heal")
def heal_frames(t: Board, seat: str, pos: str, amount: int, source: str | None, by: str) -> list[dict]:
    """``effects.HEAL_HOOKS``: the frames of the 「…このホロメンが回復した時」 triggers (``on_heal``) of the
    cards attached to ``seat``'s holomem at ``pos``, just healed: 「自分の能力で」 (``own``) if the
    healing ability is ``seat``'s; 「[ターンに1回]」 (``once``) each such card once a turn (the
    holomem keeps which: ``support_once``)."""
    h = t.holo(seat, pos)
    out = []
    for item in h["attached"]:
        for ab in t.card(item)["abilities"]:
            when = ab["params"].get("on_heal")
            if not when or (when.get("own") and by != seat) or not t.fits_holder(h, when):
                continue
            if when.get("once") and not _once_left(t, h, item):
                continue
            cite(t, seat, item, ab.get("name") or "support")
            t.event("heal_ability", seat=seat, card=item, pos=pos)
            out.append(frame(when["then"]["effect"], seat, item, "heal", when["then"]["params"], pos=pos))
    return out[::-1]


HEAL_HOOKS.append(heal_frames)


# ------------------------------------------------------------------ HP while the holder fits

HOLDER_DESC = r"(?:(1st|2nd)以上の)?(?:〈([^〉]+)〉(?:か〈([^〉]+)〉)?|(Debut|1st|2nd|Spot)ホロメン(?:か(Debut|1st|2nd|Spot)ホロメン)?)"


@TEXTS.pattern(r"◆" + HOLDER_DESC + r"に付いていたら能力追加((?:■[^■]+){2,})")
def _extra_constants(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆<〈名前〉・DebutホロメンかSpotホロメン>に付いていたら能力追加■<constant>■<constant>」 (ホロキャップ,
    hBP03-095: HP+30 and 「…は相手から特殊ダメージを受けない」): every part a constant of the holder
    (``_damage_constant``; HP: ``hp_while``, read by ``state.HP_MODIFIERS``)."""
    parts = m[6].split("■")[1:]
    kind = "ツール" if "このツール" in m[6] else "マスコット"
    merged: dict[str, list] = {}
    for part in parts:
        plain = re.fullmatch(rf"この{kind}が付いているホロメンのHP\+(\d+)。", part)
        constant = {"hp_while": [{"amount": int(plain[1])}]} if plain else _damage_constant(part, kind)
        if constant is None:
            return None
        for k, v in constant.items():
            merged.setdefault(k, []).extend(v)
    levels = [LEVELS[x] if x in LEVELS else "spot" for x in (m[4], m[5]) if x]
    cond = {**_holder_cond([n for n in (m[2], m[3]) if n], m[1]), **({"levels": levels} if levels else {})}
    return "attached_constant", _with_holder(merged, cond)


@TEXTS.pattern(r"◆" + HOLDER_DESC + r"に付いていたら能力追加(自分の推しホロメンが〈[^〉]+〉なら、この(?:ツール|マスコット)が付いているホロメンの"
               r"HP\+\d+。)")
def _extra_hp_if_oshi(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Chattino (hBP06-100): 「◆1st以上の〈ラオーラ・パンテーラ〉に付いていたら能力追加 自分の推しホロメンが
    〈ラオーラ・パンテーラ〉なら、このマスコットが付いているホロメンのHP+20」 (``hp_while``)."""
    constant = _damage_constant(m[6], "ツール" if "このツール" in m[6] else "マスコット")
    if constant is None or m[4]:
        return None
    return "attached_constant", _with_holder(constant, _holder_cond([n for n in (m[2], m[3]) if n], m[1]))


def _seat_of(t: Board, h: dict) -> str | None:
    return next((seat for seat in ("p1", "p2") for _, x in t.stage(seat) if x is h), None)


@needs("hp_while")
def hp_while(t: Board, h: dict) -> int:
    """``state.HP_MODIFIERS``: the attached cards' 「(◆…)(自分の推しホロメンが〈名前〉なら、)このマスコットが
    付いているホロメンのHP+N」 (``hp_while``) while the holder fits."""
    total = 0
    for _, e in _entries(t, h, "hp_while") if h.get("attached") and t.has("hp_while") else ():
        if "oshi" in e:
            seat = _seat_of(t, h)
            if seat is None or e["oshi"] not in names_of(t, t.p(seat)["oshi"]):
                continue
        total += e["amount"]
    return total


HP_MODIFIERS.append(hp_while)


# ------------------------------------------------------------------ 「[ターンに1回]」 triggers of an attached card

def _once(then: dict[str, Any], once: Any) -> dict[str, Any]:
    return {"effect": "support_once", "params": {"then": then}} if once else then


def _once_left(t: Board, h: dict, item: str) -> bool:
    """「[ターンに1回]」 of ``item``'s trigger on the holomem ``h``: True (and kept: ``support_once`` on the
    holomem) if no copy of it attached there has resolved it this turn yet."""
    used = h.get("support_once")
    if used is None or used["turn"] != t.s["turn"]:
        used = h["support_once"] = {"turn": t.s["turn"], "cards": []}
    if used["cards"].count(item) >= h["attached"].count(item):
        return False
    used["cards"].append(item)
    return True


#: 「[ターンに1回]」 around an attached card's trigger: read by ``attached_then`` (never run alone)
EFFECTS.effect("support_once", timing="ability")(lambda t, f: None)


@TEXTS.pattern(r"(\[ターンに1回\])?このファンが付いているホロメンのBloomレベルが上がった時、(.+?)" + FAN_ONLY)
def _fan_level_up(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ねっ子 (hBP07-110): 「[ターンに1回]このファンが付いているホロメンのBloomレベルが上がった時、<効果>」: every
    Bloom the rules allow raises the level (``rules.Bloom``: Debut→1st, 1st→2nd), so it is ``on_bloom``."""
    then = spec(m[2])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "attached_trigger", {"on_bloom": {"then": {"effect": "attached_then", "params": {"then": _once(then, m[1])}}},
                                "only": re.findall(r"〈([^〉]+)〉", m[3])}


@TEXTS.pattern(r"◆Buzzホロメンに付いていたら能力追加(\[ターンに1回\])?(?:このホロメン|この(?:ツール|マスコット)が付いているホロメン)が"
               r"相手のホロメンをダウンさせた時、(.+)")
def _buzz_ko(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """hBP08-102 クールなパーカー: 「◆Buzzホロメンに付いていたら能力追加 [ターンに1回]このホロメンが相手のホロメンを
    ダウンさせた時、<効果>」 (``on_ko``: ``effects.ko_triggers``)."""
    then = spec(m[2])
    if then is None or not _ko_safe(then):
        return None
    return "attached_constant", {"on_ko": {"buzz": True, "then": {"effect": "attached_then", "params": {
        "then": _once(then, m[1])}}}}



# ------------------------------------------------------------------ 古代武器

@EFFECTS.effect("archived_self_to_hand", timing="ability")
def archived_self_to_hand(t: Board, f: dict) -> Options:
    """A down trigger's 「…:このツールを手札に戻す」: the card, archived with its holomem at ダウン②, back to
    the hand (the state returning it at ダウン① gives)."""
    pl = t.p(f["seat"])
    if f["card"] in pl["archive"]:
        pl["archive"].remove(f["card"])
        pl["hand"].append(f["card"])
        t.event("returned", seat=f["seat"], card=f["card"], source=f["card"])
    return None


@TEXTS.pattern(r"(相手のターンで、)?このツールが付いているホロメンがダウンした時、(.+?)◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら"
               r"能力追加自分のステージの〈([^〉]+)〉1枚につき、このツールが付いているホロメンのアーツ\+(\d+)。")
def _down_and_per_stage(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """古代武器 (hBP04-099): 「相手のターンで、このツールが付いているホロメンがダウンした時、<効果>」 (``on_down``) and
    「◆1st以上の〈名前〉に付いていたら能力追加 自分のステージの〈名前〉1枚につき、このツールが付いているホロメンの
    アーツ+N」 (``arts_while``, counted as the art's damage is summed)."""
    then = _down_then(m[2], spec)
    if then is None:
        return None
    cond = _holder_cond([m[4]], m[3])
    return "attached_constant", {"on_down": {**({"opp_turn": True} if m[1] else {}), "then": then},
                                 "arts_while": [{"amount": int(m[6]), "test": "per_stage_name", "name": m[5],
                                                 "holder": cond}]}



# ------------------------------------------------------------------ fans of two clauses

@TEXTS.pattern(r"((?:■[^■]+){2})" + FAN_ONLY)
def _fan_clauses(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「■<constant>■<constant / このファンが付いているホロメンがダウンした時、<効果>>」 and 「このファンは、自分の〈名前〉
    だけに付けられ…」: さくらみこ's (hBP03-107: 「…赤エールとしても扱う」, 「…ダウンした時、相手は、自身のデッキを1枚
    引ける」), 尾丸ポルカ's (hBP01-126: 「…赤エールとしても扱う」, 「…受けるダメージ+10」)."""
    params: dict[str, Any] = {}
    for part in m[1].split("■")[1:]:
        down = re.fullmatch(r"(相手のターンで、)?このファンが付いているホロメンがダウンした時、(.+)", part)
        if down:
            then = _down_then(down[2], spec)
            if then is None or "on_down" in params:
                return None
            params["on_down"] = {**({"opp_turn": True} if down[1] else {}), "then": then}
            continue
        if part == "相手のターンで、このファンが付いているホロメンがダメージを受けた時、このファンをアーカイブする。":
            params["on_dealt"] = {"then": {"effect": "archive_self_attached", "params": {}}}
            continue
        constant = _damage_constant(part, "ファン")
        if constant is None:
            return None
        for k, v in constant.items():
            params.setdefault(k, []).extend(v)
    return "attached_constant", {**params, "only": re.findall(r"〈([^〉]+)〉", m[2])}


@EFFECTS.effect("opp_may_draw", timing="ability")
def opp_may_draw(t: Board, f: dict) -> Options:
    """「相手は、自身のデッキをN枚引ける」: the opponent's choice (``arts_may_draw`` as its own)."""
    opp = other(f["seat"])
    if t.deck_size(opp) > 0:
        t.s["stack"].append(frame("arts_may_draw", opp, f["card"], f["origin"], {"count": f["params"]["count"]}))
    return None


# ------------------------------------------------------------------ 「相手のターンで、…がダメージを受けた時」

@TEXTS.pattern(r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加(\[ターンに1回\])?相手のターンで、この(?:ツール|マスコット)が"
               r"付いているホロメンがダメージを受けた時、(.+)")
def _extra_damaged(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """hBP01-116 (「◆〈天音かなた〉に付いていたら能力追加 [ターンに1回]相手のターンで、このマスコットが付いているホロメンが
    ダメージを受けた時、相手のセンターホロメンに特殊ダメージ20を与える」), hSD06-011 (…「ただし、ダウンしても相手の
    ライフは減らない」): ``on_dealt``, resolved unasked once the damage and its downs are done (the "dealt"
    window of ``windows``, as the gifts' 「…がダメージを受けた時」), if the holder is still there."""
    then = spec(m[4])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "attached_constant", {"on_dealt": {**_holder_cond([m[2]], m[1]), "then": {
        "effect": "attached_then", "params": {"then": _once(then, m[3])}}}}


@needs("on_taking", "on_dealt", "on_special_dealt")
def dealt_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """``windows.SOURCES``: the triggers of attached cards as damage is dealt, forced (they resolve unasked):
    「ダメージを受ける時」 (``on_taking``: before it lands, any damage); 「相手のターンで、…ダメージを受けた時」
    (``on_dealt``: once it is dealt, on the opponent's turn, not for damage of the seat's own: ``hit["own"]``);
    「…が相手のホロメンに特殊ダメージを与えた時」 (``on_special_dealt``: of the holomem that dealt it, ``hit["by"]``)."""
    if moment == "dealt" and hit["special"] and hit.get("by") and not hit.get("own"):
        out = _special_dealt_offers(t, hit)
    else:
        out = []
    seat = hit["seat"]
    if moment == "taking":
        key = "on_taking"
    elif moment == "dealt" and not hit.get("own") and t.s["active"] != seat:
        key = "on_dealt"
    else:
        return out
    h = t.holo(seat, hit["pos"])
    if h is None or h["card"] != hit["card"]:
        return out  # down and gone
    for item in h["attached"]:
        for ab in t.card(item)["abilities"]:
            when = ab["params"].get(key)
            if when and t.fits_holder(h, when):
                cite(t, seat, item, ab.get("name") or "support")
                out.append({"seat": seat, "card": item, "name": t.name(item), "then": when["then"], "origin": "support",
                            "self": True, "subject": {"seat": seat, "pos": hit["pos"], "card": hit["card"]},
                            "forced": True})
    return out


windows.SOURCES.append(dealt_offers)



@TEXTS.pattern(r"◆" + HOLDER_DESC + r"に付いていたら能力追加(.+)")
def _extra_one_constant(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A 「◆<holder>に付いていたら能力追加<constant>」 ability alone (its card's bonus is another ability): Popo
    (hSD13-018: 「◆〈ジジ・ムリン〉に付いていたら能力追加 このホロメンに重なっているホロメンが0枚なら、このホロメンの
    アーツ+20」)."""
    constant = _damage_constant(m[6], "マスコット") or _damage_constant(m[6], "ツール")
    if constant is None:
        return None
    levels = [LEVELS[x] if x in LEVELS else "spot" for x in (m[4], m[5]) if x]
    cond = {**_holder_cond([n for n in (m[2], m[3]) if n], m[1]), **({"levels": levels} if levels else {})}
    return "attached_constant", _with_holder(constant, cond)



def _special_dealt_offers(t: Board, hit: dict) -> list[dict]:
    dealer = other(hit["seat"])
    by = hit["by"]
    h = t.holo(dealer, by["pos"]) if by.get("pos") else None
    if h is None or h["card"] != by.get("card"):
        return []
    out = []
    for item in h["attached"]:
        for ab in t.card(item)["abilities"]:
            when = ab["params"].get("on_special_dealt")
            if when and t.fits_holder(h, when):
                cite(t, dealer, item, ab.get("name") or "support")
                out.append({"seat": dealer, "card": item, "name": t.name(item), "then": when["then"], "origin": "support",
                            "self": True, "subject": {"seat": dealer, "pos": by["pos"], "card": h["card"]},
                            "forced": True})
    return out


@TEXTS.pattern(r"このファンが付いているホロメンがダメージを受ける時、このファンをアーカイブする。")
def _archived_when_hit(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """塩っ子 (hBP02-102): 「このファンが付いているホロメンがダメージを受ける時、このファンをアーカイブする。」 (``on_taking``:
    the 「ダメージを受ける時」 window, before the damage lands)."""
    return "attached_constant", {"on_taking": {"then": {"effect": "archive_self_attached", "params": {}}}}


@EFFECTS.effect("archive_self_attached", timing="ability")
def archive_self_attached(t: Board, f: dict) -> Options:
    """「このファンをアーカイブする」 (a trigger of the card attached to the holomem at ``f["pos"]``): from the holomem to
    the archive."""
    pos = f.get("pos")
    h = t.holo(f["seat"], pos) if pos else None
    if h is None or f["card"] not in h["attached"]:
        return None
    h["attached"].remove(f["card"])
    t.archive(f["seat"], f["card"])
    t.event("support_archived", seat=f["seat"], pos=pos, card=f["card"])
    return None


@TEXTS.pattern(r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加(\[ターンに1回\])?このマスコットが付いているホロメンが相手のホロメンに"
               r"特殊ダメージを与えた時、(.+)")
def _extra_special_dealt(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ムーナびと (hBP06-101): 「◆〈ムーナ・ホシノヴァ〉に付いていたら能力追加 [ターンに1回]このマスコットが付いている
    ホロメンが相手のホロメンに特殊ダメージを与えた時、<効果>」 (``on_special_dealt``: the "dealt" window)."""
    then = spec(m[4])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "attached_constant", {"on_special_dealt": {**_holder_cond([m[2]], m[1]), "then": {
        "effect": "attached_then", "params": {"then": _once(then, m[3])}}}}
