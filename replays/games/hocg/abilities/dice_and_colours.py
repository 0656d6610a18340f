"""Dice windows of attached fans, and other texts of dice and colours.

- 「このファンが付いているホロメンが能力でサイコロを振った時、このファンをアーカイブできる:そのサイコロの結果を
  すべて無くし、はじめからサイコロを振り直す。」 (野うさぎ同盟, はあとん) and 「自分の[推しホロメンか#1期生を持つ
  ホロメン]の能力でサイコロを振った時、このファンをアーカイブできる:そのサイコロの目の数1つを4として扱う。」
  (まつりす): ``fan_dice`` constants on the fan, offered in the ``windows`` 「サイコロを振った時」 window.
  A single die (``roll_then``) waits in its ``rolled_then`` frame, as for 紫咲シオン's oshi skill; the
  dice of one instruction (``arts_roll_sum``, ``roll_count``: 「サイコロをN回振る」, 「…1人につき、サイコロを1回
  振る」) wait, all rolled, in their own frame (``dice_done``): 「はじめからサイコロを振り直す」 rolls every
  one of them again (their results are gone: the frame starts its rolling over), 「目の数1つを4として
  扱う」 changes one die the seat chooses. Each roll again is a chance event (サイコロを振る), and
  opens the window again (another copy of the fan may be used on the new result); the results gone leave
  the turn's record of faces.
- ホークアイ (hBP01-005): 「次の相手のターンの間、相手のセンターホロメンとコラボホロメンは、バトンタッチ、移動、交代
  できない」: ``effects.MOVE_LOCKS``, read by the baton touch (``rules``), the effects that move or swap those
  positions, and the reset step. Judge's reading where the rulebook is silent (no official ruling found):
  the reset step's move of the collab holomem to the back is a 移動 too, so it stays in the collab position.
- じゃんけん (hBP03-071): 「相手と勝敗が決まるまでじゃんけんできる:自分が勝った時、…」: the players' hands are not
  modelled; the game played until one wins is one chance event whose outcome is the winning seat (a
  physical table states it, as it states a die; a digital table draws it, each seat as likely).
- 「◆自分の推しホロメンが〈名前〉の時、能力変更可能 [ゲームに1回]<能力>」 (鈍器でぶっ叩くわよ！): the seat chooses the
  printed or the changed ability; the changed one once per game (per card name).
- 「同じホロメンに、このアーツをもう1回使う（…ダウンするまで繰り返せる）」 (hBP01-023): the art again on the same
  target once its damage is dealt, while both holomem are there.
- 「すべての色を持つホロメンとして扱う」 (一伊那尓栖, Takodachi): ``effects.ALL_COLOURS``, read by
  ``effects.colors_of`` wherever a holomem's colour is compared (特攻, 「<色>ホロメン」, 「…と異なる色を持つ」);
  the oshi stage skills 「…全員のアーツは、エールを必要とせずに使える」 and 「…<色>エールすべては、<色2>エールとしても
  扱う」 change arts costs (``effects.ARTS_COSTS``).
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities import windows
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (ALL_COLOURS, ARTS_COSTS, EFFECTS, MOVE_LOCKS, R_DICE, WINDOWS, Options,
                                             colors_of, names_of, own_holo_of, push, roll)
from kifu.replays.games.hocg.state import SEATS, Board, needs, other
from kifu.replays.kit import frame

TEXTS = Texts()

COLOR_CHARS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
FAN_ONLY = r"このファンは、自分の((?:〈[^〉]+〉か)*〈[^〉]+〉)だけに付けられ、\d人につき何枚でも付けられる。"


# ------------------------------------------------------------------ the fans' texts

@TEXTS.pattern(r"このファンが付いているホロメンが能力でサイコロを振った時、このファンをアーカイブできる:そのサイコロの結果をすべて"
               r"無くし、はじめからサイコロを振り直す。" + FAN_ONLY)
def _fan_reroll(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "fan_dice", {"again": True, "only": re.findall(r"〈([^〉]+)〉", m[1])}


@TEXTS.pattern(r"自分の\[推しホロメンか#(.+?)を持つホロメン\]の能力でサイコロを振った時、このファンをアーカイブできる:そのサイコロの"
               r"目の数1つを(\d)として扱う。" + FAN_ONLY)
def _fan_treat(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "fan_dice", {"face": int(m[2]), "roller": {"oshi": True, "tag": m[1]},
                        "only": re.findall(r"〈([^〉]+)〉", m[3])}


@EFFECTS.effect("fan_dice", timing="constant")
def fan_dice(t: Board, f: dict) -> Options:
    """A fan's 「…サイコロを振った時、このファンをアーカイブできる:…」: offered by ``fan_offers`` in the
    「サイコロを振った時」 window, never run as itself."""
    return None


@needs("fan_dice")
def fan_offers(t: Board, f: dict) -> list[dict]:
    """The fans of ``f``'s seat that may be used now that ``f`` (an ability's frame) has rolled:
    「このファンが付いているホロメンが能力で…」 (the fan on the holomem whose ability rolled), 「自分の[推し
    ホロメンか#タグを持つホロメン]の能力で…」 (a fan anywhere on the stage, the roller being the oshi or a
    holomem of that tag). One offer per card attached (a second copy 「（2枚目）」)."""
    seat, card = f["seat"], f["card"]
    c = t.card(card)
    pos = f.get("pos")
    roller = t.holo(seat, pos) if pos else None
    if roller is not None and roller["card"] != f.get("holder", card):
        roller = None
    out: list[dict] = []
    for at, h in t.stage(seat):
        for item in h["attached"]:
            for ab in t.card(item)["abilities"]:
                pa = ab.get("params") or {}
                if ab.get("effect") != "fan_dice":
                    continue
                if pa.get("again"):
                    if roller is None or at != pos or c["kind"] not in ("holomem", "buzz"):
                        continue
                    then = {"effect": "dice_again", "params": {}}
                else:
                    who = pa["roller"]
                    if not ((who.get("oshi") and card == t.p(seat)["oshi"])
                            or (c["kind"] in ("holomem", "buzz") and has_tag(c, who["tag"]))):
                        continue
                    then = {"effect": "dice_treat", "params": {"face": pa["face"]}}
                name = t.name(item)
                k = sum(1 for o in out if o["card"] == item) + 1
                out.append({"seat": seat, "card": item, "name": name if k == 1 else f"{name}（{k}枚目）",
                            "then": {"effect": "archive_attached", "params": {"then": then}}, "origin": "support",
                            "subject": {"seat": seat, "pos": at, "card": h["card"]}, "self": True})
    return out


windows.ROLLED_SOURCES.append(fan_offers)


def _held(t: Board) -> dict | None:
    """The roll waiting under the window: a single die's ``rolled_then``, or the frame of several dice."""
    return next((g for g in reversed(t.s["stack"]) if g["effect"] == "rolled_then" or "dice_reset" in g), None)


@EFFECTS.effect("dice_again", timing="ability")
def dice_again(t: Board, f: dict) -> Options:
    """「そのサイコロの結果をすべて無くし、はじめからサイコロを振り直す」: the single die rolled again (a chance
    event; the window's other offers, another copy among them, are offered again on the new face), or
    every die of the held instruction (its frame starts its rolling over, and opens its window again
    once they are rolled)."""
    held = _held(t)
    if held is None:
        return None
    if held["effect"] == "rolled_then":
        before = held["params"]["face"]
        _forget(t, held["seat"], [before])
        held["params"]["face"] = roll(t, held["seat"], held["card"], R_DICE)
        t.event("reroll", seat=held["seat"], card=held["card"], before=before, face=held["params"]["face"],
                source=f["card"])
    else:
        t.event("reroll", seat=held["seat"], card=held["card"], before=list(held.get("faces", ())), source=f["card"])
        _forget(t, held["seat"], held.get("faces", ()))
        held.update(held["dice_reset"], faces=[])
        del held["dice_reset"]  # rolling over, it opens its window again once its dice are rolled
        stack = t.s["stack"]
        at = next(i for i in range(len(stack) - 1, -1, -1) if stack[i] is held)
        stack[at + 1:] = [g for g in stack[at + 1:] if g["effect"] != "window"]  # offers on results now gone
    return None


def _forget(t: Board, seat: str, faces: Any) -> None:
    """「そのサイコロの結果をすべて無くし」: the faces rolled last leave the turn's record of faces (``effects.count_roll``:
    「そのアーツでサイコロを振って出た目の合計数」 reads the results that stand); the rolls still count as rolled."""
    used = t.p(seat)["used"]
    n = len(faces)
    if n and used.get("faces", [])[-n:] == list(faces):
        del used["faces"][-n:]
        if len(used.get("rolled_by", ())) >= n:
            del used["rolled_by"][-n:]


@EFFECTS.effect("dice_treat", timing="ability", prompt="4として扱うサイコロの目")
def dice_treat(t: Board, f: dict) -> Options:
    """「そのサイコロの目の数1つを<N>として扱う」: the single die's face, or one die of the held instruction
    (the seat chooses which face, if they differ)."""
    held = _held(t)
    if held is None:
        return None
    if held["effect"] == "rolled_then":
        return _treated(t, f, held["params"]["face"])
    faces = sorted(set(held.get("faces", ())))
    if len(faces) <= 1:
        return _treated(t, f, faces[0]) if faces else None
    return faces


@dice_treat.answer
def _treated(t: Board, f: dict, choice: Any) -> Options:
    held = _held(t)
    new = f["params"]["face"]
    if held["effect"] == "rolled_then":
        held["params"]["face"] = new
    else:
        held["faces"][held["faces"].index(choice)] = new
        if held["effect"] == "arts_roll_sum":
            hits = held["params"].get("hits")
            held["sum"] += (new - choice) if hits is None else int(new in hits) - int(choice in hits)
        else:  # roll_count
            faces = held["params"]["faces"]
            held["hits"] += int(new in faces) - int(choice in faces)
    faces = t.p(held["seat"])["used"].get("faces", [])
    if choice in faces:  # the face that stands now (「…として扱う」), for what reads the faces rolled
        faces[len(faces) - 1 - faces[::-1].index(choice)] = new
    t.event("die_treated", seat=f["seat"], before=choice, face=new, source=f["card"])
    return None


def dice_done(t: Board, f: dict, reset: dict) -> bool:
    """An instruction's dice are all rolled (``f``: its frame, the faces in ``f["faces"]``): if a fan may be
    used now, ``f`` waits under the window (True), pushed again to go on (``resume``) once it closes;
    ``reset``: what its rolling over sets again (「はじめからサイコロを振り直す」)."""
    if f.get("dice_kept") or t.s["over"] is not None:
        return False
    offers = fan_offers(t, f)
    if not offers:
        return False
    f["dice_kept"] = True
    t.s["stack"].append({**f, "dice_reset": {**reset, "dice_kept": False}, "resume": True})
    t.s["stack"].append(frame("window", f["seat"], offers[0]["card"], "window", {"offers": offers}))
    return True


WINDOWS["dice_done"] = dice_done


# ------------------------------------------------------------------ 「…バトンタッチ、移動、交代できない」

@TEXTS.pattern(r"次の相手のターンの間、相手のセンターホロメンとコラボホロメンは、バトンタッチ、移動、交代できない。")
def _pin_front(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "pin_front", {}


@EFFECTS.effect("pin_front", timing="ability")
def pin_front(t: Board, f: dict) -> Options:
    """「次の相手のターンの間、相手のセンターホロメンとコラボホロメンは、バトンタッチ、移動、交代できない」
    (ホークアイ): through the opponent's next turn (counted in its own turns), the holomem at its centre and
    collab positions stay where they are (``effects.MOVE_LOCKS``): no baton touch, no effect moves or swaps
    them, and its reset step leaves the collab holomem in the collab position (that move is a 移動 too)."""
    opp = other(f["seat"])
    turns = t.p(opp)["turns"] + (0 if t.s["active"] == opp else 1)
    t.p(opp)["pinned_turn"] = turns
    t.event("pinned", seat=opp, turn=turns, source=f["card"])
    return None


@needs("pin_front")
def _pinned(t: Board, seat: str, pos: str) -> bool:
    pl = t.p(seat)
    return pos in ("center", "collab") and t.s["active"] == seat and pl.get("pinned_turn") == pl["turns"]


MOVE_LOCKS.append(_pinned)


# ------------------------------------------------------------------ じゃんけん

@TEXTS.pattern(r"相手と勝敗が決まるまでじゃんけんできる:自分が勝った時、このターンの間、このホロメンは(.)特攻\+(\d+)を得る。")
def _janken(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    color = COLOR_CHARS.get(m[1])
    return color and ("janken_tokkou", {"color": color, "amount": int(m[2])})


@EFFECTS.effect("janken_tokkou", timing="ability", prompt="じゃんけんをするか")
def janken_tokkou(t: Board, f: dict) -> Options:
    """「相手と勝敗が決まるまでじゃんけんできる:自分が勝った時、このターンの間、このホロメンは<色>特攻+Nを得る」:
    the seat may play it (or not); the players' hands are not modelled: the game's outcome, played until
    one wins, is a chance event of the table (``janken``: the winning seat, as a physical table reports it;
    a digital table draws it from its chance source, each seat winning as often), then on a win the holomem
    (still there) has that 特攻 to the end of the turn (``effects.arts_damage``, a ``tokkou`` lasting)."""
    return ["janken", "skip"] if own_holo_of(t, f) else None


@janken_tokkou.answer
def _janken_played(t: Board, f: dict, choice: Any) -> Options:
    if choice != "janken":
        return None
    seat = f["seat"]
    winner = t.zones.pick("janken", t.rule_of(f["card"]), list(SEATS), unknown_ok=False)
    t.event("janken", seat=seat, winner=winner, card=f["card"])
    pos = own_holo_of(t, f)
    if winner == seat and pos:
        pa = f["params"]
        t.holo(seat, pos).setdefault("lasting", []).append(
            {"kind": "tokkou", "color": pa["color"], "amount": pa["amount"], "until": t.s["turn"]})
        t.event("lasting", seat=seat, pos=pos, card=f["card"], modifier="tokkou", amount=pa["amount"], source=f["card"])
    return None


def tokkou_of(h: dict, colors: Any) -> int:
    """The 特攻 ``h`` has for now against a holomem of ``colors`` (「このターンの間、…<色>特攻+Nを得る」)."""
    return sum(m["amount"] for m in h.get("lasting", ()) if m["kind"] == "tokkou" and m["color"] in colors)


# ------------------------------------------------------------------ the opponent's cheer to the archive

@TEXTS.pattern(r"相手の(センター)?ホロメンのエール(\d)枚をアーカイブする。")
def _archive_opp_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "archive_opp_cheer", {"count": int(m[2]), **({"from": ["center"]} if m[1] else {})}


@EFFECTS.effect("archive_opp_cheer", timing="ability", prompt="アーカイブする相手のエール（ホロメンとエール）")
def archive_opp_cheer(t: Board, f: dict) -> Options:
    """「相手の(センター)ホロメンのエールN枚をアーカイブする」: the user names each (the holomem and its cheer),
    N times, as long as there is one."""
    f.setdefault("done", 0)
    opp = other(f["seat"])
    where = f["params"].get("from")
    options = sorted([p, c] for p, h in t.stage(opp) if where is None or p in where for c in set(h["cheer"]))
    if f["done"] >= f["params"]["count"] or not options:
        return None
    return _opp_cheer_archived(t, f, options[0]) if len(options) == 1 else options


@archive_opp_cheer.answer
def _opp_cheer_archived(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    pos, cheer = choice
    t.holo(opp, pos)["cheer"].remove(cheer)
    t.archive(opp, cheer)
    f["done"] += 1
    t.event("cheer_archived", seat=opp, pos=pos, card=cheer, source=f["card"])
    return archive_opp_cheer.run(t, f)


# ------------------------------------------------------------------ 「◆自分の推しホロメンが〈名前〉の時、能力変更可能」

@TEXTS.pattern(r"(.+?)◆自分の推しホロメンが〈([^〉]+)〉の時、能力変更可能\[ゲームに1回\](.+)")
def _changed(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    base, changed = spec(m[1]), spec(m[3])
    return base and changed and ("oshi_changed", {"oshi": m[2], "base": base, "changed": changed})


@EFFECTS.effect("oshi_changed", timing="ability", prompt="使う能力（変更前 / 変更後）")
def oshi_changed(t: Board, f: dict) -> Options:
    """「<能力>◆自分の推しホロメンが〈名前〉の時、能力変更可能 [ゲームに1回]<変更後の能力>」: with that oshi, the
    seat may use the changed ability instead, once per game (each card name's, counted on the player:
    ``changed_used``); else the printed one."""
    pl = t.p(f["seat"])
    if f["params"]["oshi"] in names_of(t, pl["oshi"]) and t.name(f["card"]) not in pl.get("changed_used", ()):
        return ["base", "changed"]
    return _changed_chosen(t, f, "base")


@oshi_changed.answer
def _changed_chosen(t: Board, f: dict, choice: Any) -> Options:
    if choice == "changed":
        t.p(f["seat"]).setdefault("changed_used", []).append(t.name(f["card"]))
        t.event("ability_changed", seat=f["seat"], card=f["card"])
    push(t, f, f["params"][choice])
    return None


# ------------------------------------------------------------------ 「同じホロメンに、このアーツをもう1回使う」

@TEXTS.pattern(r"同じホロメンに、このアーツをもう1回使う(?:（このアーツはそのホロメンがダウンするまで繰り返せる）)?。")
def _repeat(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "arts_repeat", {}


@EFFECTS.effect("arts_repeat", timing="ability")
def arts_repeat(t: Board, f: dict) -> Options:
    """「同じホロメンに、このアーツをもう1回使う（このアーツはそのホロメンがダウンするまで繰り返せる）」 (ときのそら
    止まらねえぞ, its die odd): once this art's damage is dealt, the same art is used again on the same target
    (``rules.art_frames``: its text, so its die, again), as long as both holomem are still there; a down
    of the target ends it."""
    from kifu.replays.games.hocg.effects import arts_frame
    af = arts_frame(t)
    if af is None:
        return None
    opp = other(af["seat"])
    target = t.holo(opp, af["params"]["target"])
    again = frame("arts_repeat_use", af["seat"], af["card"], "arts",
                  {**af["params"], "target_card": target["card"] if target else None})
    stack = t.s["stack"]
    stack.insert(next(i for i in range(len(stack) - 1, -1, -1) if stack[i] is af), again)  # after the damage
    return None


@EFFECTS.effect("arts_repeat_use", timing="rule")
def arts_repeat_use(t: Board, f: dict) -> Options:
    from kifu.replays.games.hocg.rules import art_frames
    pa, seat = f["params"], f["seat"]
    h, target = t.holo(seat, pa["pos"]), t.holo(other(seat), pa["target"])
    if h is None or h["card"] != f["card"] or target is None or target["card"] != pa["target_card"] \
            or t.s["over"] is not None:
        return None
    t.event("arts_repeated", seat=seat, pos=pa["pos"], card=f["card"])
    art_frames(t, seat, pa["pos"], pa["art"], pa["target"])
    return None


# ------------------------------------------------------------------ 「すべての色を持つホロメンとして扱う」

ALL_COLOURS_TAIL = r"このターンの間、選んだホロメンは、すべての色を持つホロメンとして扱う。"


@TEXTS.pattern(r"このターンの間、相手のステージのホロメン全員は、すべての色を持つホロメンとして扱う。")
def _all_colours_every(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """きタコれ！ (hBP08-068, with rawlist's 「自分が後攻で最初のターンなら、」)."""
    return "all_colours", {"all": True}


@TEXTS.pattern(r"相手のステージのホロメン(\d)人を選ぶ。" + ALL_COLOURS_TAIL)
def _all_colours_chosen(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "all_colours", {"amount": int(m[1])}


@TEXTS.pattern(r"自分の手札1～(\d)枚をアーカイブできる:この能力でアーカイブしたカード1枚につき、相手の(?:ステージの)?ホロメン1人を選ぶ。"
               + ALL_COLOURS_TAIL)
def _all_colours_per_hand(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """hBP08-074: ``effects.cost_hand_each`` (the amount, the holomem chosen, times the cards archived)."""
    return "cost_hand_each", {"max": int(m[1]), "then": {"effect": "all_colours", "params": {"amount": 1}}}


@TEXTS.pattern(r"この能力でアーカイブしたホロパワー1枚につき、相手のステージのホロメン1人を選ぶ。" + ALL_COLOURS_TAIL)
def _all_colours_per_holopower(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Ina'nisの色彩 (hBP08-006, [ホロパワー:-X]): ``holopower_each``."""
    return "holopower_each", {"then": {"effect": "all_colours", "params": {"amount": 1}}}


@EFFECTS.effect("all_colours", timing="ability", prompt="すべての色を持つホロメンとして扱う相手のホロメン")
def all_colours(t: Board, f: dict) -> Options:
    """「このターンの間、相手のステージのホロメン全員は(選んだホロメンは)、すべての色を持つホロメンとして扱う」: every
    holomem of the opponent's stage now, or N of them chosen one by one (fewer there: all of them), marked for
    this turn (``colours_now``, read wherever a colour is: ``effects.colors_of``)."""
    opp = other(f["seat"])
    f.setdefault("chosen", 0)
    left = [p for p, h in t.stage(opp) if h.get("all_colours") != t.s["turn"]]
    if f["params"].get("all"):
        for p in left:
            _all_coloured(t, f, p)
        return None
    if f["chosen"] >= f["params"]["amount"] or not left:
        return None
    return _all_coloured_chosen(t, f, left[0]) if len(left) == 1 else left


@all_colours.answer
def _all_coloured_chosen(t: Board, f: dict, choice: Any) -> Options:
    _all_coloured(t, f, choice)
    f["chosen"] += 1
    return all_colours.run(t, f)


def _all_coloured(t: Board, f: dict, pos: str) -> None:
    opp = other(f["seat"])
    h = t.holo(opp, pos)
    h["all_colours"] = t.s["turn"]
    t.event("all_colours", seat=opp, pos=pos, card=h["card"], source=f["card"])


@EFFECTS.effect("holopower_each", timing="ability", prompt="アーカイブするホロパワーの枚数")
def holopower_each(t: Board, f: dict) -> Options:
    """「[ホロパワー:-X]…この能力でアーカイブしたホロパワー1枚につき、<効果>」: the seat names X (1 to its ホロパワー),
    those cards archived face up, then the effect (its amount) X times."""
    n = len(t.p(f["seat"])["holopower"])
    if n == 0:
        return None
    return _holopower_paid(t, f, 1) if n == 1 else list(range(1, n + 1))


@holopower_each.answer
def _holopower_paid(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.state import R_HOLOPOWER
    pl = t.p(f["seat"])
    paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:choice]]
    pl["holopower"] = pl["holopower"][choice:]
    t.archive(f["seat"], *paid)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=paid)
    then = f["params"]["then"]
    push(t, f, {**then, "params": {**then["params"], "amount": then["params"]["amount"] * choice}})
    return None


@TEXTS.pattern(r"\[センターポジション限定\]相手のセンターホロメンとコラボホロメンは、すべての色を持つホロメンとして扱う。")
def _all_colours_front(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Takodachi (hBP08-110: its second text; the first, 「…のアーツ+10」, is the fan's own)."""
    return "all_colours_front", {"at": "center"}


EFFECTS.effect("all_colours_front", timing="constant")(lambda t, f: None)


@needs("all_colours", "all_colours_front")
def colours_now(t: Board, seat: str, pos: str, h: dict) -> bool:
    """``effects.ALL_COLOURS``: ``h`` was chosen this turn (``all_colours``), or it is at the centre or collab
    position while a card of the other seat's centre says 「[センターポジション限定]相手のセンターホロメンとコラボホロメンは、
    すべての色を持つホロメンとして扱う」."""
    if h.get("all_colours") == t.s["turn"]:
        return True
    if pos not in ("center", "collab"):
        return False
    centre = t.p(other(seat))["center"]
    return centre is not None and any(ab.get("effect") == "all_colours_front" for item in centre["attached"]
                                      for ab in t.card(item)["abilities"])


ALL_COLOURS.append(colours_now)


# ------------------------------------------------------------------ oshi stage skills on arts costs

@TEXTS.pattern(r"[^、。:\[]*?相手のステージのホロメン全員が、相手の推しホロメンと異なる色を持つなら、自分の〈([^〉]+)〉全員のアーツは、"
               r"エールを必要とせずに使える。")
def _free_if_off_colour(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """WORLD DOMINATION (hBP08-006, 推しステージスキル: its name glued to its text)."""
    return "stage_free_arts", {"names": [m[1]], "test": "opp_all_off_colour"}


@TEXTS.pattern(r"[^、。:\[]*?自分の\[((?:〈[^〉]+〉と)*〈[^〉]+〉)\]に付いている(.)エールすべては、(.)エールとしても扱う。")
def _cheer_also(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """準備は出来てるよね! (hBP08-003, 推しステージスキル)."""
    a, b = COLOR_CHARS.get(m[2]), COLOR_CHARS.get(m[3])
    return a and b and ("stage_cheer_also", {"names": re.findall(r"〈([^〉]+)〉", m[1]), "color": a, "also": b})


EFFECTS.effect("stage_free_arts", timing="constant")(lambda t, f: None)
EFFECTS.effect("stage_cheer_also", timing="constant")(lambda t, f: None)


@needs("stage_free_arts", "stage_cheer_also")
def stage_arts_cost(t: Board, seat: str, pos: str, cost: list[str]) -> list[str]:
    """``effects.ARTS_COSTS``: the oshi's stage skills. 「相手のステージのホロメン全員が、相手の推しホロメンと異なる色を持つ
    なら、自分の〈名前〉全員のアーツは、エールを必要とせずに使える」: no cheer while it holds (the colours as they are
    treated now: ``effects.colors_of``). 「自分の[〈A〉と〈B〉]に付いている<色>エールすべては、<色2>エールとしても扱う」: each
    such cheer pays an icon of either colour; an icon of the second colour its own cheer cannot pay becomes one of
    the first (so ``rules.cost_met`` counts that cheer for it)."""
    h = t.holo(seat, pos)
    if h is None:
        return cost
    opp = other(seat)
    for ab in t.card(t.p(seat)["oshi"])["abilities"]:
        pa = ab.get("params") or {}
        if not set(pa.get("names", ())) & names_of(t, h["card"]):
            continue
        if ab.get("effect") == "stage_free_arts":
            oshi = set(t.card(t.p(opp)["oshi"])["colors"])
            if all(set(colors_of(t, x, opp, p)) - oshi for p, x in t.stage(opp)):
                return []
        elif ab.get("effect") == "stage_cheer_also":
            own = sum(1 for c in h["cheer"] if t.card(c)["colors"][0] == pa["also"])
            short = max(0, cost.count(pa["also"]) - own)
            cost = list(cost)
            for _ in range(short):
                cost[cost.index(pa["also"])] = pa["color"]
    return cost


ARTS_COSTS.append(stage_arts_cost)
