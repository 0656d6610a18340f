"""Abilities at the turn's step boundaries, and main-step abilities of cards that are not a holomem on the stage.

- 「◆<holder>に付いていたら能力追加 [ターンに1回]自分のメインステップで、…」 (緑の試験管 hBP04-097, フブラ hBP02-092,
  カラス hBP04-103): ``attached_main``; and 光、再び灯りて (hBP08-044), used from the archive (``archive_bloom``). Both are
  used with the ``gift`` command naming the card (``card``; ``holomem``: the holder, or the holomem it blooms): shown
  by ``legal`` (``card_main_candidates``), checked (``card_main_refusal``) and used (``use_card_main``) as a
  holomem's main-step gift is, 「このツール(マスコット)が付いているホロメン」 being the holder.
- 「(自分|相手)のパフォーマンスステップが(開始|終了)する時」「自分のエンドステップが開始する時」 (hBP05-055, hBP03-083,
  hSD11-006, hBP07-056; ふぐ太郎 hSD10-013, a tool's) and 「自分のターンが終了する時」 (奏でるメロディー hBP08-007, an oshi
  skill; 「このターンが終了する時、…」: ``at_turn_end``): offered at that moment of the active seat's turn through
  ``windows``' window frames (``step_moment``). The performance step starts with the turn's first art (``rules.Arts``:
  its frames above the art's), or at 「ターンエンド」 from the main step; it ends, the end step starts and the turn ends
  at 「ターンエンド」 (``rules.EndTurn``), in that order, before the turn is over (``rules.turn_over``). A game with none
  of these abilities on its stages ends its turns at once, as before.
- 「このターンの後に、もう1回自分のターンを開始する」 (hBP07-005): ``extra_turn``, read when the turn is over.
- 「このターンの間、自分のライフは相手の能力で減らない」 (hBP03-022, at the opponent's performance step's start):
  ``life_guard``.
- 新月 (hBP06-052, the "dealt" window of its art's damage), ご苦労さん！ (hSD13-012, the "taking" window), また一つ成長
  した私を (hSD07-007, a bloom effect).

Where the rulebook is silent (judge's choices): the performance step comes every turn (ターンの流れ: メイン,
パフォーマンス, エンド), so a turn that used no art still has its start and its end; an ability 「…ステップが終了する時」
is used once that step's actions are done, before the next step begins; the abilities of a moment are offered the
active seat's first, as every window is; 「このターンに〈名前〉がセンターポジションでアーツを使っていた」 reads the centre's
art this turn and the centre's name at the turn's end (no holomem leaves the centre in the performance step).
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities import windows
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.abilities.keywords import LIMIT, _active, _limits
from kifu.replays.games.hocg.abilities.supports_attached import (
    HOLDER_DESC,
    LEVELS,
    _holder_cond,
    _reads_holder,
    holder_ok,
)
from kifu.replays.games.hocg.effects import (
    DAMAGE_MODIFIERS,
    EFFECTS,
    Options,
    cite,
    locked,
    names_of,
    own_holo_of,
)
from kifu.replays.games.hocg.state import SEATS, Board, needs, other, pos_label
from kifu.replays.kit import frame

TEXTS = Texts()


# ------------------------------------------------------------------ attached supports' main-step abilities

def _holder_body(body: str) -> str:
    """The text as the holder's own: 「このツール(マスコット)が付いているホロメン」 is 「このホロメン」; 「自分のホロメンのエールN枚」
    is 「自分のステージのエールN枚」; 「サイコロを1回振れる:」 is the use itself (as a main-step gift's)."""
    body = re.sub(r"この(?:ツール|マスコット|ファン)が付いているホロメン", "このホロメン", body)
    body = re.sub(r"^自分のホロメンのエール(\d)枚をアーカイブできる:", r"自分のステージのエール\1枚をアーカイブできる:", body)
    return re.sub(r"^サイコロを(\d)回振れる:", r"サイコロを\1回振る:", body)


@TEXTS.pattern(r"◆" + HOLDER_DESC + r"に付いていたら能力追加" + LIMIT + r"?(\[ターンに1回\])?" + LIMIT
               + r"?自分のメインステップで、(.+)")
def _attached_main(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆<holder>に付いていたら能力追加 [<位置>限定][ターンに1回]自分のメインステップで、<コスト>できる:<効果>」."""
    then = spec(_holder_body(m[9]))
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    levels = [LEVELS.get(x, "spot") for x in (m[4], m[5]) if x]
    cond = {**_holder_cond([n for n in (m[2], m[3]) if n], m[1]), **({"levels": levels} if levels else {})}
    at = _limits(m[6] or m[8])
    return "attached_main", {"holder": cond, "then": then, **({"once": True} if m[7] else {}), **({"at": at} if at else {})}


EFFECTS.effect("attached_main", timing="constant")(lambda t, f: None)


def attached_main(t: Board, seat: str, pos: str, card: str) -> dict | None:
    """The ``attached_main`` ability of ``card`` attached to ``seat``'s holomem at ``pos`` whose ◆ condition that
    holomem meets, or None."""
    h = t.holo(seat, pos)
    if h is None or card not in h["attached"] or card not in t.cs.cards:
        return None
    return next((a for a in t.card(card)["abilities"] if a.get("effect") == "attached_main"
                 and holder_ok(t, h, a["params"]["holder"])), None)


def _used_count(t: Board, h: dict, card: str) -> int:
    used = h.get("attached_main_turn")
    return used["cards"].count(card) if used and used["turn"] == t.s["turn"] else 0


def attached_main_refusal(t: Board, seat: str, pos: str, card: str) -> str | None:
    """Why ``card`` attached to ``seat``'s holomem at ``pos`` may not use its main-step ability now (None: it may)."""
    ab = attached_main(t, seat, pos, card)
    if ab is None:
        return (f"{card!r} attached to that holomem has no ability used in the main step "
                "(「◆…に付いていたら能力追加 自分のメインステップで、…」)")
    pa, h = ab["params"], t.holo(seat, pos)
    if not _active(pa, pos):
        return f"{t.name(card)}: only at the {'/'.join(pa['at'])} position ([…ポジション限定])"
    if pa.get("once") and _used_count(t, h, card) >= h["attached"].count(card):
        return f"{t.name(card)}: its ability is used once per turn ([ターンに1回])"
    return None


def use_attached_main(t: Board, seat: str, pos: str, card: str) -> None:
    """The ability used (``rules.Gift.apply``): its turn kept, cited, its effect as the holder's frame (「このホロメン」
    is the holomem it is attached to; chance events cite the support)."""
    h = t.holo(seat, pos)
    ab = attached_main(t, seat, pos, card)
    if ab["params"].get("once"):
        used = h.get("attached_main_turn")
        if not used or used["turn"] != t.s["turn"]:
            used = h["attached_main_turn"] = {"turn": t.s["turn"], "cards": []}
        used["cards"].append(card)
    cite(t, seat, card, ab.get("name") or "support")
    t.event("gift_used", seat=seat, pos=pos, card=card, ability=ab.get("name") or t.name(card))
    then = ab["params"]["then"]
    who = h["card"] if _reads_holder(then) else card  # as ``attached_then``: chance events keep citing the support
    t.s["stack"].append(frame(then["effect"], seat, who, "support", then["params"], pos=pos, holder=h["card"]))


def attached_main_candidates(t: Board, seat: str) -> list[dict]:
    """The ``gift`` commands (with ``card``) ``seat`` may post for its attached cards' main-step abilities."""
    return [{"type": "gift", "seat": seat, "holomem": p, "card": item} for p, h in t.stage(seat)
            for item in sorted(set(h["attached"])) if attached_main(t, seat, p, item) is not None
            and attached_main_refusal(t, seat, p, item) is None]


@EFFECTS.effect("self_to_back_now", timing="ability")
def self_to_back_now(t: Board, f: dict) -> Options:
    """「このホロメン(このマスコットが付いているホロメン)をバックポジションに移動する」 (the collab or centre holomem; room
    allowing)."""
    pos = own_holo_of(t, f)
    seat = f["seat"]
    if pos in ("center", "collab") and len(t.p(seat)["back"]) < 5 and not locked(t, seat, pos):  # 「…移動できない」
        h = t.remove_holo(seat, pos)
        t.p(seat)["back"].append(h)
        t.event("to_back", seat=seat, card=h["card"], pos=pos)
    return None


@TEXTS.pattern(r"このホロメンをバックポジションに移動する。")
def _self_to_back_now(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "self_to_back_now", {}


# ------------------------------------------------------------------ abilities at the steps' boundaries

MOMENTS = {("パフォーマンス", "開始"): "perf_start", ("パフォーマンス", "終了"): "perf_end", ("エンド", "開始"): "end_start"}
CONDITIONS = ((r"このホロメンのHPが減っていないなら、", "undamaged"),
              (r"そのパフォーマンスステップに自分のライフが減っていたら、", "life_lost"))


@TEXTS.pattern(LIMIT + r"?(自分|相手)の(パフォーマンス|エンド)ステップが(開始|終了)する時(に使える:|、)(.+)")
def _step_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定](自分|相手)の(パフォーマンス|エンド)ステップが(開始|終了)する時(に使える:|、)(<条件>なら、)<効果>」."""
    moment = MOMENTS.get((m[3], m[4]))
    body, test = m[6], None
    for pattern, name in CONDITIONS:
        if re.match(pattern, body):
            body, test = re.sub("^" + pattern, "", body), name
    if moment is None or (test == "life_lost" and moment != "perf_end"):
        return None
    then = spec(body)
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "step_gift", {"moment": moment, "whose": "own" if m[2] == "自分" else "opp", "then": then,
                         **({"test": test} if test else {}), **({"optional": True} if m[5] == "に使える:" else {}),
                         **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("step_gift", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"このターンの間、自分のライフは相手の能力で減らない。")
def _life_guard(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "life_guard", {}


@EFFECTS.effect("life_guard", timing="ability")
def life_guard(t: Board, f: dict) -> Options:
    """「このターンの間、自分のライフは相手の能力で減らない」 (hBP03-022, used as the opponent's performance step
    starts): this turn no life of ``f``'s seat is taken while it is the opponent's turn (``effects.take_life``).
    Judge's choice where the rulebook is silent: a life lost in the opponent's turn is lost to what the opponent
    plays (its arts' downs, 「相手のライフ-1」), and the text is used just before the opponent's arts, so it keeps
    the lives their downs would take too, not only those an ability takes directly."""
    t.p(f["seat"])["life_guard"] = t.s["turn"]
    t.event("life_guard", seat=f["seat"], card=f["card"])
    return None


def _step_abilities(t: Board, seat: str) -> list[tuple[str, dict, dict]]:
    """(position, holomem, ability) of ``seat``'s stage holomem whose top card has a ``step_gift``."""
    return [(p, h, a) for p, h in t.stage(seat) if not h["face_down"] and h["card"] in t.cs.cards
            for a in t.card(h["card"])["abilities"] if a.get("effect") == "step_gift"]


def _holds(t: Board, seat: str, h: dict, pa: dict) -> bool:
    test = pa.get("test")
    if test == "undamaged":  # 「このホロメンのHPが減っていないなら」
        return h["damage"] == 0
    if test == "life_lost":  # 「そのパフォーマンスステップに自分のライフが減っていたら」
        before = (t.p(t.s["active"])["used"].get("perf_life") or {}).get(seat)
        return before is not None and t.p(seat)["life"] < before
    return True


def moment_offers(t: Board, moment: str) -> list[dict]:
    """The window offers of the ``step_gift`` abilities that may be used at ``moment`` of the active seat's turn (at
    "turn_end": the oshi's 「自分のターンが終了する時」 skills and the turn's 「このターンが終了する時、…」)."""
    active = t.s["active"]
    out = _turn_end_offers(t) if moment == "turn_end" else _tool_end_offers(t) if moment == "end_start" else []
    for seat in (active, other(active)):
        for pos, h, a in _step_abilities(t, seat):
            pa = a["params"]
            if pa["moment"] != moment or (pa["whose"] == "own") != (seat == active) or not _active(pa, pos) \
                    or not _holds(t, seat, h, pa):
                continue
            out.append({"seat": seat, "card": h["card"], "name": a.get("name") or "ギフト", "then": pa["then"],
                        "origin": "gift", "self": True, "subject": {"seat": seat, "pos": pos, "card": h["card"]},
                        **({} if pa.get("optional") else {"forced": True})})
    return out


def _relevant(t: Board) -> bool:
    """Some ability of either stage (or a turn's pending extra turn) waits on the steps' moments: only then does
    「ターンエンド」 go through them as frames (the state of a game without one stays as it was)."""
    pl = t.p(t.s["active"])
    if not t.has("step_gift", "end_step", "turn_end_skill"):
        return bool(pl.get("at_turn_end"))
    return any(_step_abilities(t, seat) for seat in SEATS) or bool(pl.get("at_turn_end")) or _tool_end_waits(t) \
        or any(a.get("effect") == "turn_end_skill" for a in t.cs.cards.get(pl["oshi"], {}).get("abilities", ()))


@EFFECTS.effect("step_moment", timing="rule")
def step_moment(t: Board, f: dict) -> Options:
    """The moment ``params["moment"]`` of the active seat's turn: its abilities offered (``windows``' frames)."""
    moment = f["params"]["moment"]
    if moment in ("perf_start", "perf_end"):
        t.s["phase"] = "performance"
    if moment == "perf_start":
        performance_starts(t)
    offers = moment_offers(t, moment)
    if offers and t.s["over"] is None:
        windows._open(t, offers)
    return None


def performance_starts(t: Board) -> None:
    """The performance step starts: the lives kept for 「そのパフォーマンスステップに自分のライフが減っていたら」 (only if
    such an ability is on a stage)."""
    if any(a["params"].get("test") == "life_lost" for seat in SEATS for _, _, a in _step_abilities(t, seat)):
        t.p(t.s["active"])["used"]["perf_life"] = {seat: t.p(seat)["life"] for seat in SEATS}


def start_frames(t: Board) -> list[dict]:
    """The frames of the performance step's start (the turn's first art: ``rules.Arts`` puts them above the art's),
    or [] when no ability waits on it."""
    if not _relevant(t):
        return []
    return [frame("step_moment", t.s["active"], None, "turn", {"moment": "perf_start"})]


def end_frames(t: Board, seat: str, from_main: bool) -> list[dict]:
    """「ターンエンド」's frames, the last resolving first: the turn over (``turn_over``, ``rules``), under the end step's
    start, under the performance step's end, under its start (from the main step). [] when no ability waits on
    them: the turn then ends at once."""
    if not _relevant(t):
        return []
    moments = ["turn_end", "end_start", "perf_end", *(["perf_start"] if from_main else [])]
    return [frame("turn_over", seat, None, "turn")] + [frame("step_moment", seat, None, "turn", {"moment": m})
                                                       for m in moments]


# ------------------------------------------------------------------ 「このターンの後に、もう1回自分のターンを開始する」

@EFFECTS.effect("extra_turn", timing="ability")
def extra_turn(t: Board, f: dict) -> Options:
    """「このターンの後に、もう1回自分のターンを開始する」: read when this turn is over (``takes_extra_turn``)."""
    t.p(f["seat"])["extra_turn"] = t.s["turn"]
    t.event("extra_turn", seat=f["seat"], card=f["card"])
    return None


def takes_extra_turn(t: Board, seat: str) -> bool:
    """The turn of ``seat`` that ends now is followed by another of its own (spent as it is read)."""
    pl = t.p(seat)
    if pl.get("extra_turn") == t.s["turn"]:
        del pl["extra_turn"]
        return True
    return False


@TEXTS.pattern(r"自分のセンターホロメンが(Debut|1st|2nd)の〈([^〉]+)〉なら、このターンの後に、もう1回自分のターンを開始する。")
def _extra_turn(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """時間の典獄 (hBP07-005)."""
    return "if_center_level", {"name": m[2], "level": LEVELS[m[1]], "then": {"effect": "extra_turn", "params": {}}}


@EFFECTS.effect("if_center_level", timing="ability")
def if_center_level(t: Board, f: dict) -> Options:
    """「自分のセンターホロメンが<レベル>の〈名前〉なら、<効果>」."""
    from kifu.replays.games.hocg.effects import push
    center = t.p(f["seat"])["center"]
    pa = f["params"]
    if center is not None and pa["name"] in names_of(t, center["card"]) and t.card(center["card"])["level"] == pa["level"]:
        push(t, f, pa["then"])
    return None


# ------------------------------------------------------------------ 「[バックポジション限定]自分の残りHPN以下のコラボホロメンとこのホロメンを交代できる」

@TEXTS.pattern(r"\[バックポジション限定\]自分の残りHP(\d+)以下のコラボホロメンとこのホロメンを交代できる。")
def _swap_with_weak_collab(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """また一つ成長した私を (hSD07-007, a bloom effect)."""
    return "swap_with_collab", {"max_left": int(m[1])}


@EFFECTS.effect("swap_with_collab", timing="ability", prompt="コラボホロメンと交代するか")
def swap_with_collab(t: Board, f: dict) -> Options:
    """「[バックポジション限定]自分の残りHPN以下のコラボホロメンとこのホロメンを交代できる」: this back holomem and the collab
    holomem (HP left ≤ N) change places, if its seat chooses."""
    pos = own_holo_of(t, f)
    collab = t.p(f["seat"])["collab"]
    if pos is None or not pos.startswith("back") or collab is None or locked(t, f["seat"], "collab") \
            or t.max_hp(collab) - collab["damage"] > f["params"]["max_left"]:
        return None
    return ["swap", None]


@swap_with_collab.answer
def _swapped_with_collab(t: Board, f: dict, choice: Any) -> Options:
    if choice == "swap":
        pl, i = t.p(f["seat"]), int(f["pos"][4:])
        pl["back"][i], pl["collab"] = pl["collab"], pl["back"][i]
        t.event("swapped", seat=f["seat"], pos="collab", card=pl["collab"]["card"], source=f["card"])
    return None


# ------------------------------------------------------------------ 「このホロメンが相手のホロメンにアーツダメージを与えた時に使える:」

@TEXTS.pattern(r"このホロメンが相手のホロメンにアーツダメージを与えた時に使える:その相手のホロメンに、そのホロメンが受けているダメージと"
               r"同じ数値の特殊ダメージを与える。")
def _special_as_damaged(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """新月 (hBP06-052): offered in the "dealt" window of its art's damage (``arts_dealt_offers``)."""
    return "arts_dealt_gift", {"then": {"effect": "special_as_damaged", "params": {}}}


EFFECTS.effect("arts_dealt_gift", timing="constant")(lambda t, f: None)


@needs("arts_dealt_gift")
def arts_dealt_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The ``arts_dealt_gift`` of the holomem whose art dealt ``hit`` (still where it used it), if the holomem hit is
    still on the stage (「その相手のホロメン」)."""
    by = hit.get("by") or {}
    if moment != "dealt" or hit["special"] or by.get("art") is None or not by.get("pos"):
        return []
    seat = other(hit["seat"])
    h, target = t.holo(seat, by["pos"]), t.holo(hit["seat"], hit["pos"])
    if h is None or h["card"] != by.get("card") or target is None or target["card"] != hit["card"]:
        return []
    return [{"seat": seat, "card": h["card"], "name": a.get("name") or "ギフト", "then": a["params"]["then"],
             "origin": "gift", "subject": {"seat": hit["seat"], "pos": hit["pos"], "card": hit["card"]}}
            for a in t.card(h["card"])["abilities"] if a.get("effect") == "arts_dealt_gift"]


windows.SOURCES.append(arts_dealt_offers)


@EFFECTS.effect("special_as_damaged", timing="ability")
def special_as_damaged(t: Board, f: dict) -> Options:
    """「その相手のホロメンに、そのホロメンが受けているダメージと同じ数値の特殊ダメージを与える」: as much as the damage on it now."""
    from kifu.replays.games.hocg.effects import damage
    sub = f["subject"]
    h = t.holo(sub["seat"], sub["pos"])
    if h is not None and h["card"] == sub["card"] and h["damage"] > 0:
        damage(t, sub["seat"], sub["pos"], h["damage"], source=f["card"], special=True)
    return None


# ------------------------------------------------------------------ 「自分のターンが終了する時」 oshi skills, 「このターンが終了する時、…」

@TEXTS.pattern(r"自分のターンが終了する時、このターンに自分の〈([^〉]+)〉がセンターポジションでアーツを使っていたなら使える:(.+)")
def _turn_end_skill(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """奏でるメロディー (hBP08-007): an oshi skill offered at the turn's end (``moment_offers``: "turn_end")."""
    then = spec(m[2])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "turn_end_skill", {"center_arts": m[1], "then": then}


EFFECTS.effect("turn_end_skill", timing="constant")(lambda t, f: None)


def _center_used_arts(t: Board, seat: str, name: str) -> bool:
    """「このターンに自分の〈名前〉がセンターポジションでアーツを使っていた」: an art was used from the centre this turn and
    the centre is (treated as) that name (no holomem leaves the centre in the performance step by the rules)."""
    center = t.p(seat)["center"]
    return "center" in t.p(seat)["used"]["arts"] and center is not None and name in names_of(t, center["card"])


def _turn_end_offers(t: Board) -> list[dict]:
    seat = t.s["active"]
    pl = t.p(seat)
    out = []
    for full in t.card(pl["oshi"])["abilities"]:
        pa = full.get("params") or {}
        if full.get("effect") == "turn_end_skill" and windows.usable(t, seat, full) \
                and _center_used_arts(t, seat, pa["center_arts"]):
            ab = {k: full[k] for k in ("kind", "name", "holopower", "limit")}
            out.append({"seat": seat, "card": pl["oshi"], "name": ab["name"], "ability": ab, "then": pa["then"],
                        "subject": {"seat": seat, "pos": "center", "card": pl["center"]["card"]}})
    for i, d in enumerate(pl.get("at_turn_end") or ()):
        if d["turn"] == t.s["turn"]:
            out.append({"seat": seat, "card": d["card"], "name": f"{d['name']}（ターン終了時）#{i}", "then": d["then"],
                        "subject": {"seat": seat, "pos": "center", "card": None}, "forced": True})
    if pl.get("at_turn_end"):
        del pl["at_turn_end"]
    return out


@TEXTS.pattern(r"([^。]+。)このターンが終了する時、(.+)")
def _then_at_turn_end(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「<効果>。このターンが終了する時、<効果>」 (ぱちぱちありがとう！ hBP08-007): the first now, the second kept for the turn's
    end (``at_turn_end``)."""
    first, later = spec(m[1]), spec(m[2])
    if first is None or later is None or EFFECTS[first["effect"]].timing != "ability" \
            or EFFECTS[later["effect"]].timing != "ability":
        return None
    return "sequence", {"steps": [first, {"effect": "at_turn_end", "params": {"then": later}}]}


@EFFECTS.effect("at_turn_end", timing="ability")
def at_turn_end(t: Board, f: dict) -> Options:
    """「このターンが終了する時、<効果>」: kept on the seat, resolved when this turn ends (``moment_offers``)."""
    t.p(f["seat"]).setdefault("at_turn_end", []).append(
        {"turn": t.s["turn"], "card": f["card"], "name": t.name(f["card"]), "then": f["params"]["then"]})
    return None


@TEXTS.pattern(r"自分のステージのエール(\d)枚をアーカイブする。")
def _archive_stage_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "archive_stage_cheer", {"count": int(m[1])}


@EFFECTS.effect("archive_stage_cheer", timing="ability", prompt="アーカイブするステージのエール（ホロメンとエール）")
def archive_stage_cheer(t: Board, f: dict) -> Options:
    """「自分のステージのエールN枚をアーカイブする」: N of them (all, if fewer), one at a time, each named with its holomem."""
    f.setdefault("left", f["params"]["count"])
    options = sorted([p, c] for p, h in t.stage(f["seat"]) for c in set(h["cheer"]))
    if f["left"] <= 0 or not options:
        return None
    if len({c for _, c in options}) == 1 and len({p for p, _ in options}) == 1:
        return _stage_cheer_archived(t, f, options[0])
    return options


@archive_stage_cheer.answer
def _stage_cheer_archived(t: Board, f: dict, choice: Any) -> Options:
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    t.archive(f["seat"], cheer)
    t.event("cheer_archived", seat=f["seat"], card=cheer, pos=pos, source=f["card"])
    f["left"] -= 1
    return archive_stage_cheer.run(t, f)


@TEXTS.pattern(r"自分のセンターホロメンと自分の#(.+?)を持つバックホロメン1人を交代させる。")
def _swap_center_tag(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "swap_center_with", {"tag": m[1]}


@EFFECTS.effect("swap_center_with", timing="ability", prompt="センターと交代するバックホロメン")
def swap_center_with(t: Board, f: dict) -> Options:
    """「自分のセンターホロメンと自分の#タグを持つバックホロメン1人を交代させる」."""
    from kifu.replays.games.hocg.cards import has_tag
    seat = f["seat"]
    if t.p(seat)["center"] is None or locked(t, seat, "center"):
        return None
    options = [p for p, h in t.stage(seat) if p.startswith("back") and has_tag(t.card(h["card"]), f["params"]["tag"])
               and not locked(t, seat, p)]
    if len(options) == 1:
        return _center_swapped(t, f, options[0])
    return options or None


@swap_center_with.answer
def _center_swapped(t: Board, f: dict, choice: Any) -> Options:
    pl, i = t.p(f["seat"]), int(choice[4:])
    pl["back"][i], pl["center"] = pl["center"], pl["back"][i]
    t.event("swapped", seat=f["seat"], pos="center", card=pl["center"]["card"], source=f["card"])
    return None


# ------------------------------------------------------------------ 「…自分のバックホロメンが相手から特殊ダメージを受ける時、…」

@TEXTS.pattern(r"相手のターンで、自分のバックホロメンが相手から特殊ダメージを受ける時、(このホロメンに重なっているホロメン1枚をアーカイブできる:)"
               r"このターンの間、自分のバックホロメン全員は特殊ダメージを受けない。")
def _back_guard(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ご苦労さん！ (hSD13-012): offered in the 「ダメージを受ける時」 window (``back_guard_offers``)."""
    cost = spec(m[1] + "自分のデッキを1枚引く。")
    if cost is None or cost["params"].get("then") != {"effect": "draw", "params": {"count": 1}}:
        return None
    then = {"effect": cost["effect"], "params": {**cost["params"], "then": {"effect": "guard_back_special", "params": {}}}}
    return "back_guard_gift", {"then": then}


EFFECTS.effect("back_guard_gift", timing="constant")(lambda t, f: None)


@needs("back_guard_gift")
def back_guard_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """On the opponent's turn, special damage about to hit a back holomem of the seat: its holomem with
    ``back_guard_gift`` may use it (once the guard is up this turn, nothing more is offered)."""
    seat = hit["seat"]
    if moment != "taking" or not hit["special"] or hit.get("own") or t.s["active"] == seat \
            or not hit["pos"].startswith("back") or t.p(seat).get("back_guard") == t.s["turn"]:
        return []
    return [{"seat": seat, "card": g["card"], "name": a.get("name") or "ギフト", "then": a["params"]["then"],
             "origin": "gift", "self": True, "subject": {"seat": seat, "pos": gpos, "card": g["card"]}, "forced": True}
            for gpos, g in t.stage(seat) if g["card"] in t.cs.cards
            for a in t.card(g["card"])["abilities"] if a.get("effect") == "back_guard_gift"]


windows.SOURCES.append(back_guard_offers)


@EFFECTS.effect("guard_back_special", timing="ability")
def guard_back_special(t: Board, f: dict) -> Options:
    """「このターンの間、自分のバックホロメン全員は特殊ダメージを受けない」: the special damage held now on them is none, and
    none is dealt to them for the rest of the turn (``_guarded``)."""
    seat = f["seat"]
    t.p(seat)["back_guard"] = t.s["turn"]
    for g in t.s["stack"]:
        hit = g["params"].get("hit") if g["effect"] == "take_damage" else None
        if hit and hit["seat"] == seat and hit["special"] and hit["pos"].startswith("back"):
            t.event("damage_reduced", seat=seat, pos=hit["pos"], card=hit["card"], amount=hit["amount"], source=f["card"])
            hit["amount"] = 0
    return None


@needs("guard_back_special", "back_guard_gift")
def _guarded(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool, by: dict | None) -> int:
    if special and pos.startswith("back") and t.p(seat).get("back_guard") == t.s["turn"] and amount > 0:
        t.event("damage_prevented", seat=seat, pos=pos, amount=amount)
        return 0
    return amount


DAMAGE_MODIFIERS.append(_guarded)


# ------------------------------------------------------------------ a tool's 「自分のエンドステップが開始する時」 (ふぐ太郎)

@TEXTS.pattern(r"このツールが付いている#(.+?)を持つホロメンのアーツ\+(\d+)。◆#\1を持つホロメンに付いていたら能力追加自分のエンドステップが"
               r"開始する時、このターンにこのホロメンがアーツを使っていたなら使える:(.+?)その後、このホロメンに付いている〈([^〉]+)〉1枚を"
               r"デッキの下に戻す。")
def _tool_end_step(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ふぐ太郎 (hSD10-013): its arts bonus on a #タグ holder (``tool_arts``' ``bonus``: ``state.fits_holder``), and its
    end-step ability offered at the end step's start (``moment_offers``: ``_tool_end_offers``)."""
    then = spec(m[3])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    back = {"effect": "attached_to_deck_bottom", "params": {"name": m[4]}}
    return "tool_arts", {"amount": 0, "bonus": {"tag": m[1], "amount": int(m[2])},
                         "end_step": {"holder": {"tag": m[1]}, "arts_used": True,
                                      "then": {"effect": "sequence", "params": {"steps": [then, back]}}}}


def _tool_end_offers(t: Board) -> list[dict]:
    """The active seat's attached cards' 「自分のエンドステップが開始する時、このターンにこのホロメンがアーツを使っていたなら
    使える:」 (the holder at a position that used an art this turn)."""
    seat = t.s["active"]
    out = []
    for pos, h in t.stage(seat):
        for item in sorted(set(h["attached"])):
            for a in t.cs.cards.get(item, {}).get("abilities", ()):
                when = (a.get("params") or {}).get("end_step")
                if not when or not holder_ok(t, h, when["holder"]) \
                        or (when.get("arts_used") and pos not in t.p(seat)["used"]["arts"]):
                    continue
                out.append({"seat": seat, "card": item, "name": f"{t.name(item)}（{pos_label(pos)}）", "then": when["then"],
                            "origin": "support", "self": True, "subject": {"seat": seat, "pos": pos, "card": h["card"]}})
    return out


def _tool_end_waits(t: Board) -> bool:
    return any((a.get("params") or {}).get("end_step") for _, h in t.stage(t.s["active"]) for item in h["attached"]
               for a in t.cs.cards.get(item, {}).get("abilities", ()))


@EFFECTS.effect("attached_to_deck_bottom", timing="ability")
def attached_to_deck_bottom(t: Board, f: dict) -> Options:
    """「このホロメンに付いている〈名前〉1枚をデッキの下に戻す」 (this card, if still attached to that holomem)."""
    pos = own_holo_of(t, f)
    h = t.holo(f["seat"], pos) if pos else None
    item = f["card"] if h is not None and f["card"] in h["attached"] else \
        next((a for a in (h or {}).get("attached", ()) if t.name(a) == f["params"]["name"]), None)
    if item is None:
        return None
    h["attached"].remove(item)
    t.zones.put(f"deck/{f['seat']}", item, end="bottom")
    t.event("to_bottom", seat=f["seat"], card=item)
    return None


# ------------------------------------------------------------------ Blooms from the archive and from under a holomem

def _bloom_with(t: Board, f: dict, pos: str, card: str) -> None:
    """``card`` (out of the archive) blooms ``f["seat"]``'s holomem at ``pos``, as an oshi skill's Bloom from the archive
    does (``oshi_skills_cards``: its bloom effect and the mascots' 「…がBloomした時」 follow)."""
    from kifu.replays.games.hocg.abilities.oshi_skills_cards import _bloomed_from
    _bloomed_from(t, {**f, "params": {"source": "archive"}}, [pos, card])


def _bloomable(t: Board, seat: str, card: str, h: dict) -> bool:
    """``card`` may bloom onto ``h`` now, as from the hand (not the player's first turn, not a holomem that came onto the
    stage or bloomed this turn)."""
    from kifu.replays.games.hocg.abilities.oshi_skills_cards import _blooms_onto
    return not t.first_turn(seat) and h["since"] < t.s["turn"] and _blooms_onto(t, card, h)


@TEXTS.pattern(r"自分のメインステップで、自分のアーカイブにホロメンが(\d+)枚以上あるなら、自分のホロメンを、アーカイブのこのホロメンを使って"
               r"Bloomできる(?:（この能力は、アーカイブにある時のみ使える）)?。")
def _archive_bloom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """光、再び灯りて (hBP08-044): used from the archive with the ``gift`` command (``card``: this card in the archive,
    ``holomem``: the holomem it blooms)."""
    return "archive_bloom", {"archive_min": int(m[1])}


EFFECTS.effect("archive_bloom", timing="constant")(lambda t, f: None)


def _archive_bloom_ability(t: Board, seat: str, card: str) -> dict | None:
    if card not in t.cs.cards or card not in t.p(seat)["archive"]:
        return None
    return next((a for a in t.card(card)["abilities"] if a.get("effect") == "archive_bloom"), None)


def archive_bloom_refusal(t: Board, seat: str, pos: str, card: str) -> str | None:
    ab = _archive_bloom_ability(t, seat, card)
    if ab is None:
        return None if card not in t.cs.cards or card not in t.p(seat)["archive"] else \
            f"{t.name(card)} in the archive has no ability used from there"
    held = sum(1 for c in t.p(seat)["archive"] if t.card(c)["kind"] in ("holomem", "buzz"))
    if held < ab["params"]["archive_min"]:
        return f"「自分のアーカイブにホロメンが{ab['params']['archive_min']}枚以上あるなら」: {held} there"
    if not _bloomable(t, seat, card, t.holo(seat, pos)):
        return f"{t.name(card)} cannot bloom the holomem at {pos_label(pos)} now (対戦中の現象/Bloom)"
    return None


def card_main_refusal(t: Board, seat: str, pos: str, card: str) -> str | None:
    """Why the ``gift`` command naming ``card`` may not be posted: an attached card's main-step ability, or a holomem's
    ability used from the archive (``archive_bloom``)."""
    if _archive_bloom_ability(t, seat, card) is not None and card not in t.holo(seat, pos)["attached"]:
        return archive_bloom_refusal(t, seat, pos, card)
    return attached_main_refusal(t, seat, pos, card)


def use_card_main(t: Board, seat: str, pos: str, card: str) -> None:
    if _archive_bloom_ability(t, seat, card) is not None and card not in t.holo(seat, pos)["attached"]:
        ab = _archive_bloom_ability(t, seat, card)
        cite(t, seat, card, ab.get("name") or "gift")
        t.event("gift_used", seat=seat, pos=pos, card=card, ability=ab.get("name") or t.name(card))
        _bloom_with(t, frame("archive_bloom", seat, card, "gift", {}), pos, card)
        return
    use_attached_main(t, seat, pos, card)


def card_main_candidates(t: Board, seat: str) -> list[dict]:
    """The ``gift`` commands naming a card: attached cards' main-step abilities, archived holomem blooming from there."""
    out = attached_main_candidates(t, seat)
    for card in sorted(set(t.p(seat)["archive"])):
        if _archive_bloom_ability(t, seat, card) is not None:
            out += [{"type": "gift", "seat": seat, "holomem": p, "card": card} for p, _ in t.stage(seat)
                    if archive_bloom_refusal(t, seat, p, card) is None]
    return out


@TEXTS.pattern(r"このホロメン以外の自分の〈([^〉]+)〉1人を、このホロメンに重なっているホロメンを使ってBloomできる。")
def _bloom_from_stack(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """時界を統べし者 (hBP07-056, at its performance step's start: ``step_gift``)."""
    return "bloom_from_stack", {"names": [m[1]]}


@EFFECTS.effect("bloom_from_stack", timing="ability", prompt="Bloomさせるホロメンと使う重なっているカード（しないならnull）")
def bloom_from_stack(t: Board, f: dict) -> Options:
    """「このホロメン以外の自分の〈名前〉1人を、このホロメンに重なっているホロメンを使ってBloomできる」: which holomem and which
    card from under this one. Judge's choice: a holomem that has already used its art this turn is not offered (its art
    was declared before the step's start was resolved)."""
    seat = f["seat"]
    own = own_holo_of(t, f)
    if own is None:
        return None
    under = sorted(set(t.holo(seat, own)["stack"]))
    pairs = [[p, card] for p, h in t.stage(seat) if p != own and p not in t.p(seat)["used"]["arts"]
             and set(f["params"]["names"]) & names_of(t, h["card"]) for card in under if _bloomable(t, seat, card, h)]
    return pairs + [None] if pairs else None


@bloom_from_stack.answer
def _bloomed_from_stack(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    pos, card = choice
    t.holo(f["seat"], own_holo_of(t, f))["stack"].remove(card)
    t.p(f["seat"])["archive"].append(card)  # taken out again by the Bloom at once (no event: it never rests there)
    _bloom_with(t, f, pos, card)
    return None
