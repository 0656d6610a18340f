"""The effect vocabulary: the turn's automatic steps, downs, and every card ability a card
set can name, declared once each on ``kit.Effects``.

A frame is ``{"effect", "seat", "card", "origin", "params", "stage", ...}`` on
``state["stack"]``; ``run`` starts it, returns the options when it asks (the kit makes
``state["pending"]``) and ``answer`` continues with the seat's ``choose``. A decision with
one possible answer is not asked (a cheer with one holomem to go to is attached). Timings:

- ``rule``: the rulebook's own steps (リセット/ドロー/エールフェイズ, ダウン and its steps, the
  performance's damage, an ability resolved by hand: ``manual``);
- ``ability``: a card text that runs (bloom, collab, support, oshi skills, arts effects);
- ``constant``: read by the rules where they apply (tools' arts bonus, mascots' HP, the
  deck rule 「デッキに何枚でも」, a Buzz holomem's ライフ-2); they never run.

Every chance event goes through ``t.zones`` with its section and who sees it.
"""
from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.state import MAX_STAGE, R_HOLOPOWER, R_LIFE, SEATS, Board, other
from kifu.replays.kit import ALL, Effects, frame

Options = list[Any] | None

R_RESET = "ターンの流れ/リセットフェイズ"
R_DRAW = "ターンの流れ/ドローフェイズ"
R_CHEER = "ターンの流れ/エールフェイズ"
R_PERF = "ターンの流れ/パフォーマンスフェイズ"
R_WIN = "勝利条件"
R_DICE = "サイコロを振る"
DIE = [1, 2, 3, 4, 5, 6]

EFFECTS = Effects()


# ------------------------------------------------------------------ victory

def finish(t: Board, winner: str | None, reason: str) -> None:
    s = t.s
    if s["over"] is None:
        s["over"] = {"winner": winner, "reason": reason}
        t.event("over", winner=winner, reason=reason)
    s["phase"] = "over"
    s["stack"].clear()  # in place: the kit's resolve loop holds this list
    s["pending"] = None


def decide(t: Board) -> None:
    """勝利条件: a life of 0, or no holomem left on the stage (once the stages are set)."""
    s = t.s
    if s["over"] is not None or s["phase"] in ("mulligan", "place"):
        return
    losers = []
    for seat in SEATS:  # after every step (``HocgRules.after``): read straight off the state
        pl = s["players"][seat]
        if pl["life"] <= 0:
            losers.append((seat, "ライフが0になった"))
        elif pl["center"] is None and pl["collab"] is None and not pl["back"]:
            losers.append((seat, "ステージにホロメンがいなくなった"))
    if len(losers) == 2:
        finish(t, None, f"両者が同時に敗北条件を満たした（{losers[0][1]}・{losers[1][1]}）: 引き分け")
    elif losers:
        seat, why = losers[0]
        finish(t, other(seat), f"{seat}の{why}")


# ------------------------------------------------------------------ helpers

def ability_frame(t: Board, seat: str, card: str, ability: dict, origin: str, **extra: Any) -> dict:
    """The frame an ability runs as: its effect, or ``manual`` (resolved by hand)."""
    cite(t, seat, card, ability.get("name") or origin)
    if ability.get("effect"):
        return frame(ability["effect"], seat, card, origin, ability["params"], **extra)
    return frame("manual", seat, card, origin, {"ability": ability.get("name") or origin, "text": ability["text"]},
                 **extra)


def cite(t: Board, seat: str, card: str, ability: str) -> None:
    entry = {"card": card, "ability": ability}
    if entry not in t.p(seat)["cited"]:
        t.p(seat)["cited"].append(entry)


def attach_cheer(t: Board, seat: str, pos: str, cheer: str) -> None:
    t.holo(seat, pos)["cheer"].append(cheer)
    t.event("cheer", seat=seat, pos=pos, card=cheer)
    for hook in t.hooks(CHEER_HOOKS):  # 「…にエールが付いた時」 (``abilities.attached_and_search``)
        hook(t, seat, pos, cheer)


#: called as a cheer is attached to a holomem: ``(t, seat, pos, cheer)``
CHEER_HOOKS: list[Any] = []


def roll(t: Board, seat: str, card: str | None, rule: str, at_once: int = 1) -> int:
    """``at_once``: how many dice the ability rolls at once (「サイコロを3回振る」: 3, each die of them)."""
    fixed = t.p(seat)["used"].get("die_as")  # 「このターンの間、自分のサイコロの目の数すべてを6として扱う」
    if fixed and fixed.get("at_once", at_once) != at_once or fixed and fixed.get("holomem") and (  # 「…自分の
            card is None or t.card(card)["kind"] not in ("holomem", "buzz")):  # ホロメンの能力でサイコロを1度に3回振る時」
        fixed = None
    if fixed and fixed["turn"] == t.s["turn"]:  # (``abilities.oshi_skills``): the face does not matter
        t.s["roll"] = {"seat": seat, "face": fixed["face"], "card": card, "treated": True}
        t.event("roll", seat=seat, face=fixed["face"], card=card, treated=True)
        count_roll(t, seat, fixed["face"])
        return fixed["face"]
    treated = next((x for hook in t.hooks(DIE_TREATED) if (x := hook(t, seat, card))), None)  # 「…の能力でサイコロを振る時、…として扱う」
    if treated and "face" in treated:
        t.s["roll"] = {"seat": seat, "face": treated["face"], "card": card, "treated": True}
        t.event("roll", seat=seat, face=treated["face"], card=card, treated=True)
        count_roll(t, seat, treated["face"])
        return treated["face"]
    face = t.zones.pick("die", rule, DIE, unknown_ok=False)
    if treated and treated.get("double"):
        t.event("roll", seat=seat, face=face, card=card)
        face *= 2
    t.s["roll"] = {"seat": seat, "face": face, "card": card, **({"treated": True} if treated else {})}
    t.event("roll", seat=seat, face=face, card=card, **({"treated": True} if treated else {}))
    count_roll(t, seat, face)
    return face


#: ``(t, seat, card) -> {"face": n} | {"double": True} | None``: how a die ``card``'s ability rolls is treated
#: (「このターンの間、…〈名前〉の能力でサイコロを振る時、そのサイコロの目の数すべてを<N|倍の数>として扱う」: ``abilities.keywords``)
DIE_TREATED: list[Any] = []
#: ``(t, seat, pos) -> bool``: the holomem at ``seat``'s ``pos`` may not be moved now, by a baton touch, an
#: effect's 移動 or 交代, or the reset step's (「…センターホロメンとコラボホロメンは、バトンタッチ、移動、交代できない」:
#: ``abilities.dice_and_colours``)
MOVE_LOCKS: list[Any] = []


#: ``(t, seat, pos, cost) -> cost``: an art's cost as more constants change it (read last by
#: ``abilities.oshi_skills.arts_cost``: 「…のアーツは、エールを必要とせずに使える」 while a condition holds, a cheer
#: 「…としても扱う」: ``abilities.dice_and_colours``)
ARTS_COSTS: list[Any] = []
#: ``(t, seat, pos, h) -> bool``: the holomem ``h`` at ``seat``'s ``pos`` is treated as having every colour now
#: (「…は、すべての色を持つホロメンとして扱う」: ``abilities.dice_and_colours``)
ALL_COLOURS: list[Any] = []
COLOURS = ("white", "green", "red", "blue", "purple", "yellow")


def colors_of(t: Board, h: dict, seat: str | None = None, pos: str | None = None) -> list[str]:
    """The colours the holomem ``h`` (at ``seat``'s ``pos``: found on the stage if not given) has now: its
    card's, or every one (``ALL_COLOURS``)."""
    if seat is None or pos is None:
        seat, pos = next(((s_, p) for s_ in SEATS for p, x in t.stage(s_) if x is h), (None, None))
    if seat is not None and any(hook(t, seat, pos, h) for hook in t.hooks(ALL_COLOURS)):
        return list(COLOURS)
    return t.card(h["card"])["colors"]


def locked(t: Board, seat: str, pos: str) -> bool:
    """``MOVE_LOCKS``: the holomem at ``pos`` stays where it is."""
    return any(lock(t, seat, pos) for lock in t.hooks(MOVE_LOCKS))


def count_roll(t: Board, seat: str, face: int | None = None) -> None:
    """「このターンに自分が能力でサイコロを振った回数」 (``abilities.arts``): counted in the turn's ``used``
    (and the faces, in order: 「そのアーツでサイコロを振って出た目の合計数」, ``abilities.keywords``)."""
    used = t.p(seat)["used"]
    used["rolls"] = used.get("rolls", 0) + 1
    if face is not None:
        used.setdefault("faces", []).append(face)
    by = (t.s.get("roll") or {}).get("card")  # whose ability rolled it (「…〈名前〉の能力でサイコロを振っていた」)
    if face is not None and by is not None:
        used.setdefault("rolled_by", []).append(by)


#: timing windows (``abilities.windows``), called where the engine reaches their moment:
#: "taking" (before damage lands; True: it deferred the damage to its own frames), "dealt"
#: (once the damage and its downs are done), "down" (before ダウン②; True: it deferred the
#: downs) and "ko" (the frames of 「ダウンさせた時」 windows, after the downs' own steps); "rolled"
#: (``roll_then``'s face, before it is used; True: its frames resolve the branches)
WINDOWS: dict[str, Any] = {}
#: constant abilities that change damage as it is dealt (gifts: 「…が受けるダメージ-N」, 「…が与える
#: 特殊ダメージ+N」, 「…のアーツ+N」 while they hold): ``(t, seat, pos, amount, *, source, special,
#: by) -> amount``, registered by the ability families (``abilities.keywords``)
DAMAGE_MODIFIERS: list[Any] = []
#: constant 「…のアーツ+N」 read with the tools' as an art's damage is summed (attached cards'
#: bonuses while a condition holds: ``abilities.supports``): ``(t, seat, pos, h) -> amount``
ARTS_BONUSES: list[Any] = []
#: effects of a 「このホロメンがダウンした時」 ability that read what the downed holomem held (its
#: cards and cheer, given in the frame as ``downed``), registered by the ability families
READS_DOWNED: set[str] = set()
#: effects of a 「ダウンさせた時」 text that read the damage over the HP left of each holomem downed
#: (given in the frame as ``over``: position -> amount), registered by the ability families
READS_OVER: set[str] = set()
#: ``(t, hit)``: called once damage has landed and its downs are done (``damage``' ``hit``), by the families
#: whose texts trigger on the damage dealt
DEALT_HOOKS: list[Any] = []
#: ``(t, f, revealed)``: called once an art's text (``top_for_arts``) has revealed its cards
REVEAL_HOOKS: list[Any] = []
#: ``(t, by, downed) -> frames``: triggers of a down dealt that no card on the stage holds (a support's lasting
#: 「このターンの間、…ダウンさせた時、…」: ``abilities.event_supports``), called by ``check_downs`` after ``ko_triggers``
KO_HOOKS: list[Any] = []
#: ``(t, seat, pos, h) -> frames``: triggers of any holomem's down (ダウン①) that it does not hold itself (「相手の
#: バックホロメンがダウンした時」: ``abilities.attached_and_search``), called by ``check_downs`` before it is archived
DOWN_HOOKS: list[Any] = []
#: ``(t, seat, pos, amount, source, by) -> frames``: 「(自分の能力で、)…が回復した時」 triggers
#: (``abilities.supports_attached``), called by ``after_heal``
HEAL_HOOKS: list[Any] = []
#: ``(t, seat, f, what, cards) -> frames``: 「…の能力でエールをアーカイブした時」「自分のエールがアーカイブに置かれた時」
#: triggers (``abilities.archive_hooks``), called by ``archive_by`` once the cards are in the archive
ARCHIVE_HOOKS: list[Any] = []
#: ``(offer, take)``: what an ability may archive instead (「アーカイブするエール1枚のかわりに、このファンを…」,
#: 「アーカイブする手札1枚につき自分のホロパワー1枚を、かわりに…」): ``offer(t, f, what, options) -> [option]``
#: added to the options of the card to archive, ``take(t, f, what, choice) -> bool`` archives a chosen one
ARCHIVE_INSTEAD: list[Any] = []


def archive_by(t: Board, f: dict | None, what: str, *cards: str, seat: str | None = None) -> None:
    """Every archiving of cheer, hand or deck cards passes here: ``cards`` to the archive of ``seat`` (``f``'s
    by default), ``what`` they were: "cheer" (on the stage), "cheer_deck", "hand", "deck"; ``f`` the frame of the
    ability that archives (None: a rule, e.g. a baton touch's cost). Counted for the turn in the seat's ``used``
    (「このターンに自分のステージのエールがアーカイブされていた」「…デッキからカードを3枚以上アーカイブしていた」), then
    the triggers' frames (``ARCHIVE_HOOKS``) pushed, resolving once the archiving ability's step is done."""
    seat = seat or f["seat"]
    t.archive(seat, *cards)
    if not cards:
        return
    counts = t.p(seat)["used"].setdefault("archived", {})
    counts[what] = counts.get(what, 0) + len(cards)
    for hook in t.hooks(ARCHIVE_HOOKS):
        t.s["stack"].extend(hook(t, seat, f, what, list(cards)))


def archive_options(t: Board, f: dict, what: str, options: list) -> list:
    """``options`` (the cards an ability may archive, ``None`` last if it may decline) with what may be archived
    instead (``ARCHIVE_INSTEAD``)."""
    extra = [o for offer, _ in ARCHIVE_INSTEAD for o in offer(t, f, what, [x for x in options if x is not None])]
    if not extra:
        return options
    tail = [None] if options and options[-1] is None else []
    return [*(options[:-1] if tail else options), *extra, *tail]


def archived_instead(t: Board, f: dict, what: str, choice: Any) -> bool:
    """True if ``choice`` is one of ``archive_options``' substitutes (now archived in place of one card)."""
    return any(take(t, f, what, choice) for _, take in ARCHIVE_INSTEAD)


def damage(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
           no_life: bool = False, by: dict | None = None, windowed: bool = False, own: bool = False) -> None:
    """``amount`` damage to ``seat``'s holomem at ``pos``; downs follow (``check_downs``).
    ``no_life``: 「ダウンしても相手のライフは減らない」; ``by``: the opponent's holomem that dealt
    it (``{"pos", "card", "art"?}``), for its 「ダウンさせた時」 abilities; ``windowed``: the
    「ダメージを受ける時」 window was already open (``WINDOWS``); ``own``: dealt by ``seat``'s own
    ability (「このホロメンに特殊ダメージNを与える」): the modifiers see ``by={"own": True}`` (no
    「相手から」 one applies), the windows ``hit["own"]`` (the opponent dealt nothing)."""
    h = t.holo(seat, pos)
    unreduced = bool(by and by.get("unreduced"))  # 「…アーツダメージは軽減されない」: the modifiers and windows only add
    if h is not None and not windowed:
        for modify in t.hooks(DAMAGE_MODIFIERS):  # constant abilities read as the damage is dealt
            new = modify(t, seat, pos, amount, source=source, special=special, by={"own": True} if own else by)
            amount = max(amount, new) if unreduced else new
        if unreduced:
            by["floor"] = amount
    elif unreduced:
        amount = max(amount, by.get("floor", amount))
    if h is None or amount <= 0:
        return
    hit = {"seat": seat, "pos": pos, "card": h["card"], "amount": amount, "source": source, "special": special,
           "no_life": no_life, "by": by, **({"own": True} if own else {})}
    if not windowed and "taking" in WINDOWS and WINDOWS["taking"](t, hit):
        return
    h["damage"] += amount
    t.event("damage", seat=seat, pos=pos, card=h["card"], amount=amount, special=special, source=source)
    if no_life:
        h["no_life"] = True
    check_downs(t, {**by, "seat": other(seat)} if by else None)
    h.pop("no_life", None)
    if "dealt" in WINDOWS:
        WINDOWS["dealt"](t, hit)
    for hook in t.hooks(DEALT_HOOKS):  # 「このアーツで相手のホロメンにダメージを与えた時」 (``abilities.arts_more``)
        hook(t, hit)


def check_downs(t: Board, by: dict | None = None) -> None:
    """ダウン: every holomem whose damage reached its HP, the next turn's player first
    (お互いのステージホロメンが同じタイミングで…次に番を行うプレイヤー); then the 「ダウンさせた時」
    abilities of ``by`` (the holomem that dealt the damage: ``ko_triggers``)."""
    s = t.s
    down_now = {seat: [(pos, h) for pos, h in t.stage(seat) if h["damage"] >= t.max_hp(h)] for seat in SEATS}
    if not any(down_now.values()):  # after nearly every damage: no window, no step to take
        decide(t)
        return
    if "down" in WINDOWS and WINDOWS["down"](t, by):
        return  # 「…がダウンした時に使える」 first (ダウン①), then these steps again (``abilities.windows``)
    order = [other(s["active"]), s["active"]]
    todo = []
    triggered: list[dict] = []
    over: dict[str, int] = {}
    for seat in order:
        # archive from the back end first so that back indices stay valid
        for pos, h in sorted(down_now[seat], key=lambda x: _archive_order(x[0])):
            if by and seat != by["seat"]:  # the damage over the HP it had left (``READS_OVER``)
                over[pos] = h["damage"] - t.max_hp(h)
            own = down_triggers(t, seat, h["card"])
            for f in own:  # what the holomem held, for an ability that reads it once archived (ダウン②)
                if f["effect"] in READS_DOWNED:
                    f["downed"] = {"cards": [*h["stack"], h["card"]], "cheer": list(h["cheer"])}
            triggered += own + attached_down_triggers(t, seat, h)
            for hook in t.hooks(DOWN_HOOKS):
                triggered += hook(t, seat, pos, h)
            t.archive_holo(seat, pos)
            for card in h.pop("to_hand", ()):  # 「…重なっているホロメンすべてを手札に戻す」 at ダウン① (``abilities.windows``)
                t.p(seat)["archive"].remove(card)
                t.p(seat)["hand"].append(card)
            lives = 2 if (t.card(h["card"])["kind"] == "buzz"
                          or any(a.get("effect") == "buzz_life" for a in t.card(h["card"])["abilities"])) else 1
            if h.get("no_life"):
                lives = 0
            lives = max(0, lives - h.get("life_less", 0))  # 「自分の減るライフ-1」 (``abilities.windows``)
            t.event("down", seat=seat, pos=pos, card=h["card"], lives=lives)
            if seat != s["active"]:  # kept till that player's next turn: 「直前の相手のターンに…ダウンしていた」 (``abilities.arts_more``)
                t.p(s["active"])["used"]["downed_other"] = True
                t.p(s["active"])["used"].setdefault("downed_cards", []).append(h["card"])  # 「…#タグを持つホロメンが」
            todo.append((seat, pos, lives))
    downed_by = [pos for seat, pos, _ in todo if by and seat != by["seat"]]
    frames = []
    for seat in order:
        frames += [f for f in triggered if f["seat"] == seat]  # ダウン① before the life (③)
        for _, pos, lives in [x for x in todo if x[0] == seat]:
            frames += [frame("take_life", seat, None, "down") for _ in range(lives)]
        if any(x[0] == seat and x[1] == "center" for x in todo):
            frames.append(frame("replace_center", seat, None, "down"))
    if downed_by:  # after the downs' own steps (judge's choice: the downed side finishes first)
        frames += ko_triggers(t, by, downed_by)
        for hook in t.hooks(KO_HOOKS):  # this turn's 「…が相手のセンターホロメンをダウンさせた時、相手のライフ-1」 (event_supports)
            frames += hook(t, by, downed_by)
        for f in frames:  # 「与えたダメージが残りHPをオーバーしていれば」 (``abilities.arts_more``)
            if f["effect"] in READS_OVER:
                f["over"] = dict(over)
        if "ko" in WINDOWS:  # 「…が相手のホロメンをダウンさせた時に使える」 (``abilities.windows``)
            frames += WINDOWS["ko"](t, by, downed_by)
    s["stack"].extend(reversed(frames))
    decide(t)


def down_triggers(t: Board, seat: str, card: str) -> list[dict]:
    """ダウン①: the frames of the downed holomem's 「(相手のターンで、)このホロメンがダウンした時」
    abilities (those of its top card; 「相手のターンで」 only when ``seat`` is not the active
    player): an automated one runs its effect (``rawlist.DOWN_SAFE``: none reads the
    holomem, already archived when it runs), any other is resolved by hand."""
    out = []
    for a in t.card(card)["abilities"]:
        if a.get("effect") == "on_down":
            opp_turn, then = a["params"].get("opp_turn"), a["params"]["then"]
            spec = {**a, "effect": then["effect"], "params": then["params"]}
        elif a.get("effect") is None and a["kind"] == "gift" and (m := DOWN_TEXT.match(a["text"])):
            opp_turn, spec = bool(m[1]), a
        else:
            continue
        if not opp_turn or seat != t.s["active"]:
            t.event("down_ability", seat=seat, card=card, ability=a.get("name") or a["kind"])
            out.append(ability_frame(t, seat, card, spec, "down"))
    return out


def art_at(t: Board, h: dict, index: int) -> dict | None:
    """The art ``index`` of the holomem ``h``: its card's, then the arts it uses of others this turn
    (「…ホロメン全員のアーツを、すべて使える」: ``h["borrowed"]``, ``abilities.bloom_again``); None: no such art."""
    own = t.card(h["card"])["arts"]
    if index < len(own):
        return own[index]
    lent = (h.get("borrowed") or {}).get("arts", [])
    return lent[index - len(own)] if index - len(own) < len(lent) else None


def ko_triggers(t: Board, by: dict, downed: list[str]) -> list[dict]:
    """「このホロメンが相手の(センター)ホロメンをダウンさせた時、…」 (a gift of the holomem that dealt
    the damage) and 「([センターポジション限定])このアーツで相手の(センター)ホロメンをダウンさせた時、…」
    (the text of the art that dealt it): their frames, if that holomem is still at ``by["pos"]``
    (it was not downed at the same time). ``downed``: the positions of the opponent's downed
    holomem (before the back moved up)."""
    seat, pos = by["seat"], by.get("pos")
    h = t.holo(seat, pos) if pos else None
    if h is None or h["card"] != by.get("card"):
        return []
    card = t.card(h["card"])
    texts = [a for a in card["abilities"] if a.get("effect") == "on_ko"]
    art = art_at(t, h, by["art"]) if by.get("art") is not None else None
    if art is not None and art.get("effect") == "on_ko":
        texts.append({**art, "kind": "arts"})
    elif art is not None and "on_ko" in (art.get("params") or {}):  # 「<効果>。このアーツで…」
        texts.append({**art, "kind": "arts", "params": art["params"]["on_ko"]})
    out = []
    for a in texts:
        pa = a["params"]
        if (pa.get("art") and a["kind"] != "arts") or (pa.get("pos") and pa["pos"] != pos):
            continue
        if pa.get("center") and "center" not in downed:
            continue
        t.event("ko_ability", seat=seat, card=h["card"], ability=a.get("name") or a["kind"])
        out.append(ability_frame(t, seat, h["card"], {**a, "effect": pa["then"]["effect"],
                                                      "params": pa["then"]["params"]}, "ko", pos=pos))
    for item in h["attached"]:  # 「◆…このツールが付いているホロメンが相手のホロメンをダウンさせた時、…」
        for a in t.card(item)["abilities"]:
            when = a["params"].get("on_ko")
            if when and t.fits_holder(h, when):
                t.event("ko_ability", seat=seat, card=item, ability=a.get("name") or a["kind"])
                cite(t, seat, item, a.get("name") or "support")
                out.append(frame(when["then"]["effect"], seat, item, "ko", when["then"]["params"], pos=pos))
    return out


DOWN_TEXT = re.compile(r"\s*(相手のターンで、)?このホロメンがダウンした時")


def attached_down_triggers(t: Board, seat: str, h: dict) -> list[dict]:
    """ダウン①: the frames of 「(相手のターンで、)このファンが付いているホロメンがダウンした時、…」
    of the cards attached to the downed holomem ``h`` (``abilities.supports``: effect
    ``attached_down``, or a ◆ condition's ``on_down``); the frame knows the downed card and
    its cheer (``downed``, ``downed_cheer``), archived when it runs."""
    out = []
    for item in h["attached"]:
        for a in t.card(item)["abilities"]:
            when = a["params"] if a.get("effect") == "attached_down" else a["params"].get("on_down")
            if not when or (when.get("opp_turn") and seat == t.s["active"]) \
                    or (when.get("names") and not t.fits_holder(h, when)):
                continue
            then = when["then"]
            t.event("down_ability", seat=seat, card=item, ability=a.get("name") or a["kind"])
            cite(t, seat, item, a.get("name") or "support")
            out.append(frame(then["effect"], seat, item, "down", then["params"], downed=h["card"],
                             downed_cheer=list(h["cheer"])))
    return out


def _archive_order(pos: str) -> tuple[int, int]:
    return (1, -int(pos[4:])) if pos.startswith("back") else (0, 0 if pos == "center" else 1)


def arts_frame(t: Board) -> dict | None:
    """The performance's damage frame waiting under an arts effect, if any."""
    return next((f for f in reversed(t.s["stack"]) if f["effect"] == "arts_damage"), None)


def own_holo_of(t: Board, f: dict) -> str | None:
    """The position of the holomem an ability belongs to (given in the frame), if still there."""
    pos = f.get("pos")
    h = t.holo(f["seat"], pos) if pos else None
    return pos if h is not None and h["card"] == f.get("holder", f["card"]) else None


# ------------------------------------------------------------------ the turn's steps

@EFFECTS.effect("fill_center", timing="rule", prompt="センターに出すバックホロメン")
def fill_center(t: Board, f: dict) -> Options:
    pl = t.p(f["seat"])
    if pl["center"] is not None or not pl["back"]:
        return None
    options = [f"back{i}" for i in range(len(pl["back"]))]
    if len(options) == 1:
        return _to_center(t, f, options[0])
    return options


@fill_center.answer
def _to_center(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    h = t.remove_holo(seat, choice)
    t.p(seat)["center"] = h
    t.event("to_center", seat=seat, card=h["card"])
    return None


EFFECTS.effect("replace_center", timing="rule", prompt="センターに出すバックホロメン")(fill_center.run)
EFFECTS["replace_center"].on_answer = _to_center


@EFFECTS.effect("draw_step", timing="rule")
def draw_step(t: Board, f: dict) -> Options:
    seat = f["seat"]
    t.s["phase"] = "draw"
    if t.s["first"] == seat and t.first_turn(seat):
        t.event("no_draw", seat=seat)
        return None
    if t.deck_size(seat) == 0:
        finish(t, other(seat), f"{seat}の山札が0枚でドローフェイズに引けない")
        return None
    t.draw(seat, R_DRAW)
    t.event("draw", seat=seat, count=1)
    return None


@EFFECTS.effect("cheer_step", timing="rule", prompt="エールを付けるホロメン")
def cheer_step(t: Board, f: dict) -> Options:
    seat = f["seat"]
    t.s["phase"] = "cheer"
    if t.cheer_deck_size(seat) <= 0 or not t.positions(seat):
        t.s["phase"] = "main"
        return None
    f["params"]["cheer"] = t.reveal_cheer(seat, "cheer", R_CHEER)
    t.event("cheer_up", seat=seat, card=f["params"]["cheer"])
    options = t.positions(seat)
    if len(options) == 1:
        return _attach_step(t, f, options[0])
    return options


@cheer_step.answer
def _attach_step(t: Board, f: dict, choice: Any) -> Options:
    attach_cheer(t, f["seat"], choice, f["params"]["cheer"])
    t.s["phase"] = "main"
    return None


# ------------------------------------------------------------------ downs

@EFFECTS.effect("take_life", timing="rule", prompt="ライフのエールを付けるホロメン")
def take_life(t: Board, f: dict) -> Options:
    """ダウン③: one life card taken (any of them: face down, so a chance event), turned face
    up and attached to a holomem on the stage (the official game; see the rulings)."""
    seat = f["seat"]
    pl = t.p(seat)
    if pl["life"] <= 0 or t.s["over"] is not None:
        return None
    if pl.get("life_guard") == t.s["turn"] and t.s["active"] != seat:  # (``abilities.timing_steps.life_guard``)
        t.event("life_kept", seat=seat)
        return None
    card = t.zones.draw(f"cheer/{seat}", "life", R_LIFE, visible=ALL, unknown_ok=False)
    pl["life"] -= 1
    t.event("life", seat=seat, card=card, left=pl["life"])
    if pl["life"] == 0:
        t.archive(seat, card)
        decide(t)
        return None
    f["params"]["cheer"] = card
    options = t.positions(seat)
    if not options:
        t.archive(seat, card)
        return None
    if len(options) == 1:
        return _attach_life(t, f, options[0])
    return options


@take_life.answer
def _attach_life(t: Board, f: dict, choice: Any) -> Options:
    attach_cheer(t, f["seat"], choice, f["params"]["cheer"])
    return None


@EFFECTS.effect("arts_damage", timing="rule")
def arts_damage(t: Board, f: dict) -> Options:
    """パフォーマンスフェイズ: the art's damage (+ bonuses, + 特攻 against the target's colour)."""
    seat, pa = f["seat"], f["params"]
    if pa.get("targets"):  # 「このアーツダメージは、アーツの対象のホロメンのかわりに、相手の…に与える」: each its own hit, in order
        rest = {k: v for k, v in pa.items() if k != "targets"}
        t.s["stack"].extend(frame("arts_damage", seat, f["card"], f["origin"], {**rest, "target": where})
                            for where in reversed(pa["targets"]))
        return None
    attacker = t.holo(seat, pa["pos"])
    opp = other(seat)
    target = t.holo(opp, pa["target"])
    if attacker is None or target is None or attacker["card"] != f["card"]:
        t.event("arts_fizzle", seat=seat)
        return None
    art = art_at(t, attacker, pa["art"])
    colors = colors_of(t, target, opp, pa["target"])
    tokkou = sum(k["amount"] for k in art["tokkou"] if k["color"] in colors)
    tokkou += sum(m["amount"] for m in attacker.get("lasting", ())  # 「このターンの間、…<色>特攻+Nを得る」
                  if m["kind"] == "tokkou" and m["color"] in colors)
    tools = sum(t.constant(c, "tool_arts", attacker) for c in attacker["attached"])
    tools += sum(bonus(t, seat, pa["pos"], attacker) for bonus in t.hooks(ARTS_BONUSES))
    total = art["dmg"] + pa.get("plus", 0) + attacker["mods"]["arts"] + t.lasting(attacker, "arts") + tools + tokkou
    by = {"pos": pa["pos"], "card": f["card"], "art": pa["art"]}
    if pa.get("unreduced") or any(hook(t, seat, pa["pos"], attacker, pa["target"]) for hook in t.hooks(UNREDUCED)):
        by["unreduced"] = True  # 「このアーツダメージは軽減されない」: no reduction reaches it (``damage``)
    shield = next((m for m in target.get("lasting", ()) if m["kind"] == "shield"), None)
    if shield is not None and pa["target"] == "center" and not by.get("unreduced"):  # 「センターポジションで最初に受けるアーツダメージ-N」
        target["lasting"].remove(shield)
        if not target["lasting"]:
            del target["lasting"]
        total = max(0, total - shield["amount"])
        t.event("shielded", seat=opp, pos="center", card=target["card"], amount=shield["amount"])
    damage(t, opp, pa["target"], total, source=f["card"], special=False, by=by)
    return None


#: 「…アーツダメージは軽減されない」 as a gift: ``(t, seat, pos, attacker, target) -> bool`` (``abilities.arts_modifiers``)
UNREDUCED: list[Any] = []


# ------------------------------------------------------------------ lasting modifiers

def add_lasting(t: Board, user: str, h: dict, kind: str, amount: int) -> None:
    """A modifier on ``h`` lasting 「次の相手のターンが終了するまで」 (or 「次の相手のターンの間」)
    from ``user``'s point of view: to the end of the first turn of ``user``'s opponent that
    starts after this one (the next turn if ``user`` is the active player, else the one after
    it). Kept on the holomem itself: it follows a baton touch, and leaves with it."""
    until = t.s["turn"] + (1 if t.s["active"] == user else 2)
    h.setdefault("lasting", []).append({"kind": kind, "amount": amount, "until": until})


def expire_lasting(h: dict, turn: int) -> None:
    """At the end of turn ``turn``: its lasting modifiers end (``add_lasting``)."""
    if "lasting" in h:
        # one kept while a card stays attached has no turn: it goes with the card
        h["lasting"] = [m for m in h["lasting"] if (m["while"] in h["attached"] if "while" in m else m["until"] > turn)]
        if not h["lasting"]:
            del h["lasting"]


@EFFECTS.effect("baton_plus", timing="ability")
def baton_plus(t: Board, f: dict) -> Options:
    """「相手のセンターポジションのホロメン1人は、次の相手のターンが終了するまでバトンタッチに必要な
    無色+N」 (and 「相手のセンターホロメンを選ぶ。次の相手のターンが終了するまで、選んだホロメンの…」:
    there is one centre, so no question): the baton cost of that holomem, wherever it goes."""
    opp = other(f["seat"])
    h = t.p(opp)["center"]
    if h is None:
        return None
    add_lasting(t, f["seat"], h, "baton", f["params"]["amount"])
    t.event("lasting", seat=opp, pos="center", card=h["card"], modifier="baton", amount=f["params"]["amount"],
            source=f["card"])
    return None


@EFFECTS.effect("shield", timing="ability")
def shield(t: Board, f: dict) -> Options:
    """「自分のセンターホロメンを選ぶ。次の相手のターンの間、選んだホロメンがセンターポジションで最初に
    受けるアーツダメージ-N」: the first arts damage it takes at the centre is N less
    (``arts_damage``); special damage is not arts damage."""
    h = t.p(f["seat"])["center"]
    if h is None:
        return None
    add_lasting(t, f["seat"], h, "shield", f["params"]["amount"])
    t.event("lasting", seat=f["seat"], pos="center", card=h["card"], modifier="shield", amount=f["params"]["amount"],
            source=f["card"])
    return None


# ------------------------------------------------------------------ resolved by hand

@EFFECTS.effect("manual", timing="rule", prompt="手動で解決する能力")
def manual(t: Board, f: dict) -> Options:
    """An ability the engine does not automate: the seat resolves it with ``effect``
    commands (attributed to it), then answers "done"."""
    return ["done"]


@manual.answer
def _manual_done(t: Board, f: dict, choice: Any) -> Options:
    if isinstance(choice, str) and choice.startswith("narrow:"):  # the table shows one group of steps
        f["params"]["focus"] = choice[len("narrow:"):] or None
        return ["done"]  # its narrowing choices are added after the command (``manual.settle``)
    t.event("manual_done", seat=f["seat"], card=f["card"], ability=f["params"]["ability"])
    return None


# ------------------------------------------------------------------ constant abilities

def _constant(t: Board, f: dict) -> Options:
    return None


for _name in ("tool_arts", "mascot_hp", "deck_rule", "buzz_life", "no_bloom", "alias", "declare_die", "on_down",
              "on_ko"):
    EFFECTS.effect(_name, timing="constant")(_constant)


# ------------------------------------------------------------------ card abilities

@EFFECTS.effect("draw", timing="ability")
def draw(t: Board, f: dict) -> Options:
    """「自分のデッキをN枚引く」."""
    n = 0
    for _ in range(f["params"].get("count", 1)):
        if t.draw(f["seat"], t.rule_of(f["card"])) is not None:
            n += 1
    t.event("draw", seat=f["seat"], count=n, card=f["card"])
    return None


@EFFECTS.effect("cheer_to", timing="ability", prompt="エールを送るホロメン")
def cheer_to(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚を、自分の(センター/バック/Debut/#タグ)ホロメン / このホロメンに
    送る(送れる: asked first)」."""
    seat = f["seat"]
    options = destinations(t, f, f["params"].get("to"))
    if t.cheer_deck_size(seat) <= 0 or not options:
        return None
    if f["params"].get("optional") and f.get("stage") != "sending":
        f["stage"] = "asked"
        return ["send", None]
    return _turn_up_cheer(t, f, options)


def _turn_up_cheer(t: Board, f: dict, options: list[str]) -> Options:
    seat = f["seat"]
    f["params"]["cheer"] = t.reveal_cheer(seat, "cheer", t.rule_of(f["card"]))
    t.event("cheer_up", seat=seat, card=f["params"]["cheer"])
    if len(options) == 1:
        return _send_cheer(t, f, options[0])
    return options


@cheer_to.answer
def _send_cheer(t: Board, f: dict, choice: Any) -> Options:
    if f.get("stage") == "asked":  # 「送れる」: answered whether to send
        if choice is None:
            return None
        f["stage"] = "sending"
        return _turn_up_cheer(t, f, destinations(t, f, f["params"].get("to")))
    attach_cheer(t, f["seat"], choice, f["params"]["cheer"])
    if f["params"].get("count", 1) > 1:
        t.s["stack"].append({**f, "stage": "sending", "params": {**f["params"], "count": f["params"]["count"] - 1}})
    return None


@EFFECTS.effect("search_deck", timing="ability", prompt="デッキから公開して手札に加えるカード")
def search_deck(t: Board, f: dict) -> Options:
    """「自分のデッキから、<条件>1枚を公開し、手札に加える(ステージに出す)。そしてデッキをシャッフル
    する」: the options are the cards the deck may hold that fit, or None (none found)."""
    seat, pa = f["seat"], f["params"]
    if pa.get("dest") == "stage" and t.stage_count(seat) >= MAX_STAGE:
        return None
    fits = [c for c in t.zones.may_contain(f"deck/{seat}")
            if (_matches(t, c, pa["filter"]) if "filter" in pa else _fits(t, c, pa))]
    return fits + [None]


@search_deck.answer
def _found(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    pile = f"deck/{seat}"
    if choice is not None:
        card = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
        if f["params"].get("dest") == "stage":  # 「ステージに出す」: to the back, as if played
            t.p(seat)["back"].append(t.new_holo(card))
        else:
            t.p(seat)["hand"].append(card)
        t.event("reveal", seat=seat, card=card, source=f["card"])
    else:
        t.event("not_found", seat=seat, source=f["card"])
    t.zones.shuffle(pile)
    return None


def _fits(t: Board, card: str, pa: dict) -> bool:
    c = t.card(card)
    if "level" in pa and c.get("level") != pa["level"]:
        return False
    if "levels" in pa and c.get("level") not in pa["levels"]:
        return False
    if pa.get("no_buzz") and c["kind"] == "buzz":
        return False
    if "name" in pa and c["name"] != pa["name"]:
        return False
    if "kind" in pa and c["kind"] != pa["kind"]:
        return False
    if pa.get("holomem") and c["kind"] not in ("holomem", "buzz"):
        return False
    if "color" in pa and pa["color"] not in c["colors"]:
        return False
    return c["kind"] in ("holomem", "buzz", "support")


@EFFECTS.effect("arts_plus", timing="ability")
def arts_plus(t: Board, f: dict) -> Options:
    """「このアーツ+N」; ``pos`` "center": 「[センターポジション限定]このアーツ+N」."""
    af = arts_frame(t)
    if af is not None and f["params"].get("pos") in (None, af["params"]["pos"]):
        af["params"]["plus"] = af["params"].get("plus", 0) + f["params"]["amount"]
        t.event("arts_plus", seat=f["seat"], amount=f["params"]["amount"], card=f["card"])
    return None


@EFFECTS.effect("dice_arts", timing="ability")
def dice_arts(t: Board, f: dict) -> Options:
    """「サイコロを1回振る：出た目が奇数なら、このアーツ+N」."""
    face = roll(t, f["seat"], f["card"], R_DICE)
    af = arts_frame(t)
    if face % 2 == 1 and af is not None:
        af["params"]["plus"] = af["params"].get("plus", 0) + f["params"]["odd"]
        t.event("arts_plus", seat=f["seat"], amount=f["params"]["odd"], card=f["card"])
    return None


@EFFECTS.effect("dice_draw", timing="ability")
def dice_draw(t: Board, f: dict) -> Options:
    """「サイコロを1回振る：出た目が奇数なら、自分のデッキをN枚引く」."""
    face = roll(t, f["seat"], f["card"], R_DICE)
    if face % 2 == 1:
        return draw.run(t, {**f, "params": {"count": f["params"]["odd"]}})
    return None


def after_heal(t: Board, seat: str, pos: str, amount: int, source: str | None, by: str | None = None) -> None:
    """Every heal goes through here once ``amount`` of the damage of ``seat``'s holomem at ``pos``
    is taken off by ``source``'s ability (of ``by``, ``seat`` if None): the frames of the
    「…が回復した時」 triggers (``HEAL_HOOKS``), resolved once the healing effect is done. A heal
    of 0 (no damage to take off) restores nothing: no trigger."""
    if amount <= 0 or t.holo(seat, pos) is None:
        return
    for hook in t.hooks(HEAL_HOOKS):
        t.s["stack"].extend(hook(t, seat, pos, amount, source, by or seat))


@EFFECTS.effect("heal", timing="ability", prompt="HPを回復するホロメン")
def heal(t: Board, f: dict) -> Options:
    """「このホロメン / 自分のホロメン1人のHPN回復」."""
    if f["params"].get("target") == "self":
        pos = own_holo_of(t, f)
        return _heal(t, f, pos) if pos else None
    options = [p for p, h in t.stage(f["seat"]) if h["damage"] > 0]
    if len(options) <= 1:
        return _heal(t, f, options[0]) if options else None
    return options


@heal.answer
def _heal(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    healed = min(h["damage"], f["params"]["amount"])
    h["damage"] -= healed
    t.event("heal", seat=f["seat"], pos=choice, amount=healed, card=f["card"])
    after_heal(t, f["seat"], choice, healed, f["card"])
    return None


@EFFECTS.effect("special_damage", timing="ability", prompt="特殊ダメージを与える相手のホロメン")
def special_damage(t: Board, f: dict) -> Options:
    """「相手のセンター / コラボ / センターかコラボ / センターとコラボ / バック1人(2人) / バック全員 /
    センターとバック1人 / センターかバック1人 / ホロメン1人に特殊ダメージNを与える」 (never 特攻);
    with ``per_source``, N for each thing counted (「…1枚につき、特殊ダメージN」)."""
    opp, pa = other(f["seat"]), f["params"]
    if pa.get("per_source"):
        pa["amount"], pa["per_source"] = pa["per"] * counted(t, f, pa["per_source"]), None
    if pa["amount"] <= 0:
        return None
    options = t.positions(opp)
    backs = [p for p in options if p.startswith("back")]
    target = pa.get("target", "choose")
    if target in ("center", "collab"):
        options = [p for p in options if p == target]
    elif target in ("front", "both"):
        options = [p for p in options if p in ("center", "collab")]
    elif target == "back":
        options = backs
    elif target == "center_or_back":
        options = [p for p in options if p != "collab"]
    elif target == "center_back":
        if t.holo(opp, "center") is None:
            return None
        options = backs or [[]]
    if target == "all_back" or (target == "back" and len(backs) <= pa.get("count", 1)):
        return _special(t, f, backs) if backs else None
    if target == "back" and pa.get("count", 1) > 1:
        return [list(c) for c in combinations(backs, pa["count"])]
    if target == "both":
        for pos in reversed(options):  # the collab first: a downed centre moves a back up
            _hit(t, f, pos)
        return None
    if len(options) <= 1:
        return _special(t, f, options[0]) if options else None
    return options


def _hit(t: Board, f: dict, pos: str) -> None:
    own = own_holo_of(t, f)
    damage(t, other(f["seat"]), pos, f["params"]["amount"], source=f["card"], special=True,
           no_life=f["params"].get("no_life", False), by={"pos": own, "card": f["card"]} if own else None)


@special_damage.answer
def _special(t: Board, f: dict, choice: Any) -> Options:
    chosen = choice if isinstance(choice, list) else [choice]
    # the back end first, so that a downed back holomem does not shift the others' places
    for pos in sorted(chosen, key=lambda p: -int(p[4:]) if p.startswith("back") else 1):
        _hit(t, f, pos)
    if f["params"].get("target") == "center_back":
        _hit(t, f, "center")
    return None


@EFFECTS.effect("boost_turn", timing="ability", prompt="アーツを強化するホロメン")
def boost_turn(t: Board, f: dict) -> Options:
    """「自分の(<色>)ホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ+N」; with ``pos``
    "center": 「このターンの間、自分の(<色>)センターホロメンのアーツ+N」."""
    options = _boost_options(t, f)
    if len(options) <= 1:
        return _boost(t, f, options[0]) if options else None
    return options


def _boost_options(t: Board, f: dict) -> list[str]:
    color, only, tag = f["params"].get("color"), f["params"].get("pos"), f["params"].get("tag")
    return [p for p, h in t.stage(f["seat"])
            if (color is None or color in t.card(h["card"])["colors"])
            and (only is None or p == only or (only == "back" and p.startswith("back")))
            and (tag is None or has_tag(t.card(h["card"]), tag))]


@boost_turn.answer
def _boost(t: Board, f: dict, choice: Any) -> Options:
    t.holo(f["seat"], choice)["mods"]["arts"] += f["params"]["amount"]
    t.event("boost", seat=f["seat"], pos=choice, amount=f["params"]["amount"], card=f["card"])
    return None


@EFFECTS.effect("mill", timing="ability")
def mill(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚をアーカイブする」: each turned face up."""
    seat = f["seat"]
    for _ in range(f["params"].get("count", 1)):
        card = t.zones.draw(f"deck/{seat}", "mill", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
        if card is None:
            break
        archive_by(t, f, "deck", card)
        t.event("milled", seat=seat, card=card)
    return None


# ------------------------------------------------------------------ composed abilities
#
# A printed text often joins simple effects: a cost that may be paid (「…できる:」), a die
# whose faces choose what follows, a condition (「…いる時、」), or steps in order (「その後、」,
# ■). Each is a frame whose ``then`` (``{"effect", "params"}``) or ``steps`` are pushed as
# frames of the same seat, card and holomem when they apply, so the parts stay plain
# vocabulary effects.

def push(t: Board, f: dict, *specs: dict) -> None:
    """``specs`` as frames after the current one, the first resolving first."""
    for spec in reversed(specs):
        t.s["stack"].append(frame(spec["effect"], f["seat"], f["card"], f["origin"], spec["params"],
                                  **({"pos": f["pos"]} if f.get("pos") else {}),
                                  **({"holder": f["holder"]} if f.get("holder") else {})))


def names_of(t: Board, card: str) -> set[str]:
    """A card's name and the names it is also treated as (「〈A〉〈B〉としても扱う」)."""
    c = t.card(card)
    names = {c["name"]}
    for a in c["abilities"]:
        if a.get("effect") == "alias":
            names.update(a["params"]["names"])
    return names


def destinations(t: Board, f: dict, to: str | None) -> list[str]:
    """The own holomem a card text sends to: ``center`` | ``back`` | ``self`` | ``debut`` |
    anything else (choose any); a ``tag`` in the params keeps the holomem that have it."""
    seat = f["seat"]
    if to == "self":
        pos = own_holo_of(t, f)
        return [pos] if pos else []
    if to == "debut":
        return [p for p, h in t.stage(seat) if t.card(h["card"])["level"] == "debut"]
    options = t.positions(seat)
    tag = f["params"].get("tag")
    if tag is not None:
        options = [p for p, h in t.stage(seat) if has_tag(t.card(h["card"]), tag)]
    level = f["params"].get("level")  # 「自分の1stホロメンの〈名前〉に送る」
    if level is not None:
        options = [p for p in options if t.card(t.holo(seat, p)["card"])["level"] == level]
    if to == "center":
        return [p for p in options if p == "center"]
    if to == "back":
        return [p for p in options if p.startswith("back")]
    return options


def _matches(t: Board, card: str, flt: dict) -> bool:
    c = t.card(card)
    if flt.get("holomem") and c["kind"] not in ("holomem", "buzz"):
        return False
    if "name_has" in flt and flt["name_has"] not in c["name"]:  # 「カード名に「…」を含む」
        return False
    if "ability_kind" in flt and not any(a["kind"] == flt["ability_kind"] for a in c["abilities"]):  # 「コラボエフェクトを持つ」
        return False
    if "support" in flt and c["support"] != flt["support"]:
        return False
    if "kind" in flt and c["kind"] != flt["kind"]:
        return False
    if "colors" in flt and not set(flt["colors"]) & set(c["colors"]):
        return False
    if "level" in flt and c["level"] != flt["level"]:
        return False
    if "names" in flt and not set(flt["names"]) & names_of(t, card):
        return False
    if "tag" in flt and not has_tag(c, flt["tag"]):
        return False
    if flt.get("limited") and not c["limited"]:
        return False
    if flt.get("limited") is False and c["limited"]:  # 「LIMITED以外の」
        return False
    if "levels" in flt and c["level"] not in flt["levels"]:
        return False
    if flt.get("no_buzz") and c["kind"] == "buzz":
        return False
    if "any_of" in flt and not (("holomem" in flt["any_of"] and c["kind"] in ("holomem", "buzz"))
                                or c["support"] in flt["any_of"]):
        return False
    if "either" in flt and not any(_matches(t, card, x) for x in flt["either"]):  # 「[<条件>か<条件>]」
        return False
    return True


@EFFECTS.effect("sequence", timing="ability")
def sequence(t: Board, f: dict) -> Options:
    """Steps in printed order (「その後、」, one ■ after another)."""
    push(t, f, *f["params"]["steps"])
    return None


@EFFECTS.effect("cost_hand", timing="ability", prompt="アーカイブする手札（しないならnull）")
def cost_hand(t: Board, f: dict) -> Options:
    """「自分の手札(のホロメン)1枚をアーカイブできる:<効果>」: the seat may pay; the effect
    follows only if it does."""
    fits = [c for c in t.hand_cards(f["seat"]) if _matches(t, c, f["params"].get("filter", {}))]
    return archive_options(t, f, "hand", fits + [None]) if fits else None


@cost_hand.answer
def _paid_hand(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    if archived_instead(t, f, "hand", choice):
        push(t, f, f["params"]["then"])
        return None
    t.take_from_hand(f["seat"], choice, "cost", t.rule_of(f["card"]))
    archive_by(t, f, "hand", choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("roll_then", timing="ability", prompt="サイコロを振るか（推しスキルで目を宣言するなら目）")
def roll_then(t: Board, f: dict) -> Options:
    """「サイコロを1回振る(振れる):<目>の時、<効果>。<目>の時、(さらに、)<効果>。」: every
    branch whose faces hold the roll resolves, in printed order. 振れる: the seat may decline.
    A holomem's roll may instead be declared by the oshi skill 「左手に地図」 (``declare_die``)."""
    f["stage"] = 0
    if f["params"].get("optional"):
        return ["roll", "skip"]
    return _roll_branches(t, f, "roll")


def declare_skill(t: Board, f: dict) -> dict | None:
    """The oshi skill that may declare this roll (「自分のホロメンの能力でサイコロを振る時に使える」),
    if its holopower and its once-per-turn allow."""
    pl = t.p(f["seat"])
    if t.card(f["card"])["kind"] not in ("holomem", "buzz"):
        return None
    for ab in t.card(pl["oshi"])["abilities"]:
        if ab.get("effect") == "declare_die" and ab["kind"] == "oshi" and not pl["used"]["oshi"] \
                and len(pl["holopower"]) >= ab["holopower"]:
            return ab
    return None


@roll_then.answer
def _roll_branches(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == 0:
        if choice != "roll":
            return None
        if declare_skill(t, f) is not None:
            f["stage"] = 1
            return ["roll", *DIE]
    if choice in DIE:
        face = _declared(t, f, choice)
    else:
        face = roll(t, f["seat"], f["card"], R_DICE)
    if "rolled" in WINDOWS and WINDOWS["rolled"](t, f, face):  # 「…サイコロを振った時に使える」: the window's
        return None  # frames resolve the branches with the face kept or rolled again
    push(t, f, *[b["then"] for b in f["params"]["branches"] if face in b["faces"]])
    return None


def _declared(t: Board, f: dict, face: int) -> int:
    """「サイコロの目の数１つを宣言し、次に出る目の数を宣言した目として扱う」: the oshi skill is
    paid and used; the die shows the declared face (no chance event)."""
    seat, pl = f["seat"], t.p(f["seat"])
    ab = declare_skill(t, f)
    paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:ab["holopower"]]]
    pl["holopower"] = pl["holopower"][ab["holopower"]:]
    t.archive(seat, *paid)
    pl["used"]["oshi"] = True
    cite(t, seat, pl["oshi"], ab["name"])
    t.event("oshi_skill", seat=seat, skill="oshi", name=ab["name"], paid=paid)
    t.s["roll"] = {"seat": seat, "face": face, "card": f["card"], "declared": True}
    t.event("roll", seat=seat, face=face, card=f["card"], declared=True)
    count_roll(t, seat, face)
    return face


@EFFECTS.effect("if_stage_name", timing="ability")
def if_stage_name(t: Board, f: dict) -> Options:
    """「自分のステージにホロメンの〈名前〉がいる時、<効果>」."""
    if any(f["params"]["name"] in names_of(t, h["card"]) for _, h in t.stage(f["seat"])):
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("if_attached", timing="ability")
def if_attached(t: Board, f: dict) -> Options:
    """「このホロメンに〈名前〉(<条件>のサポートカード)が(N枚以上)付いている時(なら)、<効果>」."""
    pos = own_holo_of(t, f)
    pa = f["params"]
    if pos and sum(1 for a in t.holo(f["seat"], pos)["attached"]
                   if ((t.name(a) == pa["name"]) if "name" in pa else _matches(t, a, pa["filter"]))) >= pa.get("min", 1):
        push(t, f, pa["then"])
    return None


@EFFECTS.effect("if_bloomed_from", timing="ability")
def if_bloomed_from(t: Board, f: dict) -> Options:
    """「DebutからBloomした時、<効果>」: the card it bloomed onto was of that level."""
    pos = own_holo_of(t, f)
    under = t.holo(f["seat"], pos)["stack"] if pos else []
    if under and t.card(under[-1])["level"] == f["params"]["level"]:
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("if_center", timing="ability")
def if_center(t: Board, f: dict) -> Options:
    """「〈名前〉とコラボした時、<効果>」: the centre holomem is (treated as) that name."""
    center = t.p(f["seat"])["center"]
    if center is not None and f["params"]["name"] in names_of(t, center["card"]):
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("from_archive", timing="ability", prompt="アーカイブから手札に戻すカード")
def from_archive(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>1枚を手札に戻す(戻せる)」: ``null`` returns none (戻せる, or
    nothing fits)."""
    fits = sorted({c for c in t.p(f["seat"])["archive"] if _matches(t, c, f["params"].get("filter", {}))})
    if not fits:
        return None
    if f["params"].get("optional"):
        return fits + [None]
    return _returned(t, f, fits[0]) if len(fits) == 1 else fits


@from_archive.answer
def _returned(t: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        t.p(f["seat"])["archive"].remove(choice)
        t.p(f["seat"])["hand"].append(choice)
        t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    return None


@EFFECTS.effect("archive_cheer", timing="ability", prompt="アーカイブから送るエール（送らないならnull）")
def archive_cheer(t: Board, f: dict) -> Options:
    """「自分のアーカイブの(<色>)エールN枚を<ホロメン>に送る(送れる)」: which cheer, then (if
    more than one may take it) which holomem; N times."""
    pa = f["params"]
    targets = destinations(t, f, pa.get("to"))
    fits = sorted({c for c in t.p(f["seat"])["archive"]
                   if t.card(c)["kind"] == "cheer" and _matches(t, c, {k: pa[k] for k in ("colors",) if k in pa})})
    if not fits or not targets or pa.get("count", 1) <= 0:
        return None
    f["stage"] = 0
    return fits + [None] if pa.get("optional") else fits


@archive_cheer.answer
def _archive_cheer_step(t: Board, f: dict, choice: Any) -> Options:
    pa = f["params"]
    if f["stage"] == 0:
        if choice is None:
            return None
        f["cheer"], f["stage"] = choice, 1
        targets = destinations(t, f, pa.get("to"))
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.p(f["seat"])["archive"].remove(f["cheer"])
    attach_cheer(t, f["seat"], choice, f["cheer"])
    if pa.get("count", 1) > 1:
        t.s["stack"].append({**f, "params": {**pa, "count": pa.get("count", 1) - 1}, "stage": 0})
    return None


@EFFECTS.effect("swap_opponent_center", timing="ability", prompt="相手のセンターと交代させるバックホロメン")
def swap_opponent_center(t: Board, f: dict) -> Options:
    """「相手のセンターホロメンとバックホロメン1人を交代させる」: the user names the back one."""
    opp = other(f["seat"])
    if t.p(opp)["center"] is None or locked(t, opp, "center"):  # 「…交代できない」
        return None
    options = [p for p in t.positions(opp) if p.startswith("back")]
    if len(options) <= 1:
        return _swap(t, f, options[0]) if options else None
    return options


@swap_opponent_center.answer
def _swap(t: Board, f: dict, choice: Any) -> Options:
    pl = t.p(other(f["seat"]))
    i = int(choice[4:])
    pl["center"], pl["back"][i] = pl["back"][i], pl["center"]
    t.event("swapped", seat=other(f["seat"]), pos=choice, card=pl["center"]["card"], source=f["card"])
    return None


# ------------------------------------------------------------------ looking at the deck top

@EFFECTS.effect("look_top", timing="ability", prompt="見たカードから公開して手札に加えるカード（終えるならnull）")
def look_top(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を見る。その中から、<条件>1枚(を好きな枚数)を公開し、手札に加える。
    そして残ったカードを好きな順でデッキの下に戻す / アーカイブする」: the cards are seen by
    the seat only (a chance event), the ones taken are shown to everyone."""
    look_at_top(t, f, f["params"]["count"])
    f["taken"] = 0
    return _look_options(t, f)


def look_at_top(t: Board, f: dict, count: int) -> list[str]:
    """The top ``count`` cards of ``f``'s seat's deck (fewer if it runs out), seen by that seat only (a chance
    event each), kept as ``f["looked"]`` and told as "looked"."""
    seat, looked = f["seat"], []
    for _ in range(count):
        item = t.zones.draw(f"deck/{seat}", "look", t.rule_of(f["card"]), visible=(seat,))
        if item is None:
            break
        looked.append(item)
    f["looked"] = looked
    t.event("looked", seat=seat, count=len(looked), card=f["card"])
    return looked


def _could_be(t: Board, item: str) -> list[str]:
    return [item] if item in t.cs.cards else t.zones.possible(item)


def _look_options(t: Board, f: dict) -> Options:
    pa = f["params"]
    if pa.get("max") is not None and f["taken"] >= pa["max"]:
        return _look_rest(t, f)
    fits = sorted({c for item in f["looked"] for c in _could_be(t, item) if _matches(t, c, pa.get("filter", {}))})
    if not fits:
        return _look_rest(t, f)
    return fits + [None]


@look_top.answer
def _look_take(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _look_rest(t, f)
    seat, rule = f["seat"], t.rule_of(f["card"])
    item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in _could_be(t, i))
    f["looked"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", rule)
    t.p(seat)["hand"].append(choice)
    t.event("reveal", seat=seat, card=choice, source=f["card"])
    f["taken"] += 1
    return _look_options(t, f)


def _look_rest(t: Board, f: dict) -> Options:
    seat, rest = f["seat"], f["looked"]
    f["looked"] = []
    if f["params"].get("rest") == "archive":
        for item in rest:
            card = t.face_up(item, "look_archive", t.rule_of(f["card"]))
            archive_by(t, f, "deck", card)
            t.event("milled", seat=seat, card=card)
        return None
    if len(rest) > 1:
        t.s["stack"].append(frame("to_bottom", seat, f["card"], f["origin"], {"items": rest}))
    elif rest:
        t.zones.put(f"deck/{seat}", rest[0], end="bottom")
    return None


@EFFECTS.effect("to_bottom", timing="rule", prompt="次にデッキの下に戻すカード", secret=True)
def to_bottom(t: Board, f: dict) -> Options:
    """「残ったカードを好きな順でデッキの下に戻す」: one at a time, in the order chosen (a
    secret choice: the opponent sees only that they went back)."""
    items = f["params"]["items"]
    if len(items) <= 1:
        for item in items:
            t.zones.put(f"deck/{f['seat']}", item, end="bottom")
        t.event("to_bottom", seat=f["seat"], card=f["card"])
        return None
    return sorted(set(items))


@to_bottom.answer
def _bottom_next(t: Board, f: dict, choice: Any) -> Options:
    f["params"]["items"].remove(choice)
    t.zones.put(f"deck/{f['seat']}", choice, end="bottom")
    return to_bottom.run(t, f)


# ------------------------------------------------------------------ cheer on the stage, the hand back

def _stage_cheer(t: Board, seat: str) -> list[list[str]]:
    return sorted({(p, c) for p, h in t.stage(seat) for c in h["cheer"]})


@EFFECTS.effect("move_cheer", timing="ability", prompt="付け替えるエール（ホロメンとエール、しないならnull）")
def move_cheer(t: Board, f: dict) -> Options:
    """「自分のステージ(このホロメン)のエール1枚を、自分の(他の#タグを持つ)ホロメンに付け替える
    (付け替えられる)」: which cheer (where it is, which card), then to which other holomem."""
    pa = f["params"]
    sources = _stage_cheer(t, f["seat"])
    if pa.get("from") == "self":
        sources = [pc for pc in sources if pc[0] == own_holo_of(t, f)]
    sources = [pc for pc in sources if _move_targets(t, f, pc[0])]
    f["stage"] = 0
    if not sources:
        return None
    return [list(pc) for pc in sources] + ([None] if pa.get("optional") else [])


def _move_targets(t: Board, f: dict, src: str) -> list[str]:
    tag, to = f["params"].get("tag"), f["params"].get("to")
    return [p for p, h in t.stage(f["seat"]) if p != src and (tag is None or has_tag(t.card(h["card"]), tag))
            and (to != "back" or p.startswith("back"))]


@move_cheer.answer
def _move_cheer_step(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == 0:
        if choice is None:
            return None
        f["from"], f["stage"] = choice, 1
        targets = _move_targets(t, f, choice[0])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    src, cheer = f["from"]
    t.holo(seat, src)["cheer"].remove(cheer)
    attach_cheer(t, seat, choice, cheer)
    return None


@EFFECTS.effect("cost_stage_cheer", timing="ability", prompt="アーカイブするステージのエール（ホロメンとエール）")
def cost_stage_cheer(t: Board, f: dict) -> Options:
    """「このカードは、自分のステージのエール1枚をアーカイブしなければ使えない。<効果>」: the
    cost is paid first (its use is refused without a cheer on the stage)."""
    options = [list(pc) for pc in _stage_cheer(t, f["seat"])]
    if len(options) == 1:
        return _stage_cheer_paid(t, f, options[0])
    return options or None


@cost_stage_cheer.answer
def _stage_cheer_paid(t: Board, f: dict, choice: Any) -> Options:
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    archive_by(t, f, "cheer", cheer)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=cheer, pos=pos)
    push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("reshuffle_draw", timing="ability")
def reshuffle_draw(t: Board, f: dict) -> Options:
    """「自分の手札すべてをデッキに戻してシャッフルする。そして自分のデッキをN枚引く」."""
    seat = f["seat"]
    pile = f"deck/{seat}"
    hand, t.p(seat)["hand"] = t.p(seat)["hand"], []
    for item in hand:
        t.zones.shuffle_in(pile, item)
    t.zones.shuffle(pile)
    t.event("hand_to_deck", seat=seat, count=len(hand), card=f["card"])
    return draw.run(t, {**f, "params": {"count": f["params"]["count"]}})


@EFFECTS.effect("cost_hand_each", timing="ability", prompt="アーカイブする手札（終えるならnull）")
def cost_hand_each(t: Board, f: dict) -> Options:
    """「自分の手札1～N枚をアーカイブできる:<相手の…>に、アーカイブしたカード1枚につき、特殊
    ダメージMを与える」: cards one at a time until N or null; the effect scaled by the count."""
    f.setdefault("paid", 0)
    if f["paid"] >= f["params"]["max"] or not t.p(f["seat"])["hand"]:
        return _each_done(t, f)
    return archive_options(t, f, "hand", t.hand_cards(f["seat"]) + [None])


def _each_done(t: Board, f: dict) -> Options:
    if f["paid"]:
        then = f["params"]["then"]
        push(t, f, {**then, "params": {**then["params"], "amount": then["params"]["amount"] * f["paid"]}})
    return None


@cost_hand_each.answer
def _each_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _each_done(t, f)
    if not archived_instead(t, f, "hand", choice):
        t.take_from_hand(f["seat"], choice, "cost", t.rule_of(f["card"]))
        archive_by(t, f, "hand", choice)
        t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    f["paid"] += 1
    return cost_hand_each.run(t, f)


@EFFECTS.effect("archive_cheer_any", timing="ability", prompt="エールを送るホロメン / 送るエール（終えるならnull）")
def archive_cheer_any(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールを自分の<色>ホロメン1人に好きな枚数送る」: the holomem, then
    cheer one at a time until null."""
    colors = f["params"].get("colors")
    targets = [p for p, h in t.stage(f["seat"]) if not colors or set(colors) & set(t.card(h["card"])["colors"])]
    if not targets:
        return None
    f["stage"] = 0
    if len(targets) == 1:
        return _any_cheer_step(t, f, targets[0])
    return targets


def _archived_cheer(t: Board, seat: str) -> list[str]:
    return sorted({c for c in t.p(seat)["archive"] if t.card(c)["kind"] == "cheer"})


@archive_cheer_any.answer
def _any_cheer_step(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == 0:
        f["to"], f["stage"] = choice, 1
    elif choice is None:
        return None
    else:
        t.p(seat)["archive"].remove(choice)
        attach_cheer(t, seat, f["to"], choice)
    cheer = _archived_cheer(t, seat)
    return cheer + [None] if cheer else None


@EFFECTS.effect("holopower_swap", timing="ability", prompt="ホロパワーから手札に加えるカード / ホロパワーにする手札",
                secret=False)
def holopower_swap(t: Board, f: dict) -> Options:
    """「自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分の手札1枚を
    ホロパワーにする」: the holopower is turned up to its owner (a chance event on an observed
    table); the card taken is shown; the one put there goes face down (its choice hidden:
    ``holopower_put``)."""
    seat, pl = f["seat"], t.p(f["seat"])
    if not pl["holopower"]:
        return None
    pl["holopower"] = [item if item in t.cs.cards else
                       t.zones.turn_up(item, "look", t.rule_of(f["card"]), visible=(seat,))
                       for item in pl["holopower"]]
    t.event("looked", seat=seat, count=len(pl["holopower"]), card=f["card"], zone="holopower")
    return sorted({c for item in pl["holopower"] for c in _could_be(t, item)})


@holopower_swap.answer
def _holopower_taken(t: Board, f: dict, choice: Any) -> Options:
    _from_holopower(t, f, choice)
    t.s["stack"].append(frame("holopower_put", f["seat"], f["card"], f["origin"], {}))
    return None


@EFFECTS.effect("holopower_take", timing="ability", prompt="ホロパワーから手札に加えるカード", secret=False)
def holopower_take(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚をホロパワーにする。その後、自分のホロパワーを見る。その中から1枚を
    公開し、手札に加える。そしてホロパワーをシャッフルする。」: the deck top face down to ホロパワー
    (as a collab's), then ``holopower_swap``'s look and take; the shuffle of face-down cards
    changes nothing recorded (they are archived as paid in the order put there)."""
    seat, pl = f["seat"], t.p(f["seat"])
    for _ in range(f["params"].get("add", 1)):
        if t.deck_size(seat) == 0:
            break
        pl["holopower"].append(t.zones.draw(f"deck/{seat}", "holopower", t.rule_of(f["card"]), visible=()))
    return holopower_swap.run(t, f)


@holopower_take.answer
def _holopower_take(t: Board, f: dict, choice: Any) -> Options:
    _from_holopower(t, f, choice)
    return None


def _from_holopower(t: Board, f: dict, choice: Any) -> None:
    seat, pl = f["seat"], t.p(f["seat"])
    item = choice if choice in pl["holopower"] else next(i for i in pl["holopower"] if choice in _could_be(t, i))
    pl["holopower"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", t.rule_of(f["card"]))
    pl["hand"].append(choice)
    t.event("reveal", seat=seat, card=choice, source=f["card"])


@EFFECTS.effect("holopower_put", timing="rule", prompt="ホロパワーにする手札", secret=True)
def holopower_put(t: Board, f: dict) -> Options:
    options = t.hand_cards(f["seat"])
    if len(options) == 1:
        return _holopower_put(t, f, options[0])
    return options or None


@holopower_put.answer
def _holopower_put(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    item = t.hand_item(seat, choice)
    t.p(seat)["hand"].remove(item)
    t.p(seat)["holopower"].insert(0, item)
    t.event("to_holopower", seat=seat, card=f["card"])
    return None


@EFFECTS.effect("self_to_back", timing="ability", prompt="このホロメンをバックポジションに移動するか")
def self_to_back(t: Board, f: dict) -> Options:
    """「このホロメンをバックポジションに移動できる」 (the collab or centre holomem; room allowing)."""
    pos = own_holo_of(t, f)
    if pos not in ("center", "collab") or len(t.p(f["seat"])["back"]) >= 5 or locked(t, f["seat"], pos):
        return None
    return ["move", "stay"]


@self_to_back.answer
def _self_to_back(t: Board, f: dict, choice: Any) -> Options:
    if choice == "move":
        seat = f["seat"]
        h = t.remove_holo(seat, f["pos"])
        t.p(seat)["back"].append(h)
        t.event("to_back", seat=seat, card=h["card"], pos=f["pos"])
    return None


# ------------------------------------------------------------------ the list's common texts

@EFFECTS.effect("discard_hand", timing="ability", prompt="アーカイブする手札")
def discard_hand(t: Board, f: dict) -> Options:
    """「手札N枚をアーカイブする」: N cards (all, if fewer), one at a time."""
    if f["params"].get("count", 1) <= 0 or not t.p(f["seat"])["hand"]:
        return None
    return archive_options(t, f, "hand", t.hand_cards(f["seat"]))


@discard_hand.answer
def _discarded(t: Board, f: dict, choice: Any) -> Options:
    if not archived_instead(t, f, "hand", choice):
        t.take_from_hand(f["seat"], choice, "archive", t.rule_of(f["card"]))
        archive_by(t, f, "hand", choice)
        t.event("discarded", seat=f["seat"], card=choice, source=f["card"])
    f["params"]["count"] = f["params"].get("count", 1) - 1
    return discard_hand.run(t, f)


def counted(t: Board, f: dict, source: str, name: str | None = None) -> int:
    """What 「<source>1枚につき」 counts."""
    seat, opp = f["seat"], other(f["seat"])
    pos = own_holo_of(t, f)
    h = t.holo(seat, pos) if pos else None
    if source == "own_cheer":
        return len(h["cheer"]) if h else 0
    if source == "stacked":
        return len(h["stack"]) if h else 0
    if source == "attached_name":
        return sum(1 for a in h["attached"] if t.name(a) == name) if h else 0
    if source == "stage_mascots":
        return sum(1 for _, x in t.stage(seat) for a in x["attached"] if t.card(a)["support"] == "mascot")
    if source == "both_stage_cheer":
        return sum(len(x["cheer"]) for s_ in (seat, opp) for _, x in t.stage(s_))
    if source in ("own_archive_cheer", "opp_archive_cheer"):
        who = seat if source == "own_archive_cheer" else opp
        return sum(1 for c in t.p(who)["archive"] if t.card(c)["kind"] == "cheer")
    if source == "opp_center_cheer":
        center = t.p(opp)["center"]
        return len(center["cheer"]) if center else 0
    if source == "distinct_tag":
        return len({t.card(x["card"])["name"] for _, x in t.stage(seat) if has_tag(t.card(x["card"]), name)})
    if source == "opp_resting":
        return sum(1 for _, x in t.stage(opp) if x["rested"])
    raise ValueError(source)


@EFFECTS.effect("arts_per", timing="ability")
def arts_per(t: Board, f: dict) -> Options:
    """「<数えるもの>N枚(人)につき、このアーツ+M(。ただし、数える枚数はK枚まで)」."""
    pa = f["params"]
    n = counted(t, f, pa["source"], pa.get("name"))
    if pa.get("cap") is not None:
        n = min(n, pa["cap"])
    amount = n // pa.get("per", 1) * pa["amount"]
    if amount:
        return arts_plus.run(t, {**f, "params": {"amount": amount}})
    return None


@EFFECTS.effect("if_cheer", timing="ability")
def if_cheer(t: Board, f: dict) -> Options:
    """「このホロメンに<色>エール(と<色>エール)が付いている時(なら)、<効果>」."""
    pos = own_holo_of(t, f)
    colors = {t.card(c)["colors"][0] for c in t.holo(f["seat"], pos)["cheer"]} if pos else set()
    if set(f["params"]["colors"]) <= colors:
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("if_oshi", timing="ability")
def if_oshi(t: Board, f: dict) -> Options:
    """「自分の推しホロメンが〈名前〉なら(の時)、<効果>」."""
    if t.card(t.p(f["seat"])["oshi"])["name"] == f["params"]["name"]:
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("if_stage_count", timing="ability")
def if_stage_count(t: Board, f: dict) -> Options:
    """「自分のステージのホロメンがN人以下の時、<効果>」."""
    if t.stage_count(f["seat"]) <= f["params"]["max"]:
        push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("cheer_search", timing="ability", prompt="エールデッキから公開して送るエール")
def cheer_search(t: Board, f: dict) -> Options:
    """「自分のエールデッキから、<色>エール1枚を公開し、<ホロメン>に送る。そしてエールデッキを
    シャッフルする」: the cheer deck's unseen cards are the life's too, so a colour is there
    if the pile may hold it and a card is left beside the life."""
    seat = f["seat"]
    targets = destinations(t, f, f["params"].get("to"))
    if t.cheer_deck_size(seat) <= 0 or not targets:
        return None
    f["stage"] = 0
    colors = f["params"]["colors"]
    return [c for c in t.zones.may_contain(f"cheer/{seat}") if t.card(c)["colors"][0] in colors] + [None]


@cheer_search.answer
def _cheer_found(t: Board, f: dict, choice: Any) -> Options:
    seat, pile = f["seat"], f"cheer/{f['seat']}"
    if f["stage"] == 0:
        if choice is None:
            t.event("not_found", seat=seat, source=f["card"])
            t.zones.shuffle(pile)
            return None
        f["cheer"] = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
        t.event("reveal", seat=seat, card=f["cheer"], source=f["card"])
        t.zones.shuffle(pile)
        f["stage"] = 1
        targets = destinations(t, f, f["params"].get("to"))
        if len(targets) > 1:
            return targets
        choice = targets[0]
    attach_cheer(t, seat, choice, f["cheer"])
    return None


@EFFECTS.effect("archive_own_cheer", timing="ability")
def archive_own_cheer(t: Board, f: dict) -> Options:
    """「このホロメンのエールすべてをアーカイブする」."""
    pos = own_holo_of(t, f)
    if pos:
        h = t.holo(f["seat"], pos)
        cheer, h["cheer"] = h["cheer"], []
        archive_by(t, f, "cheer", *cheer)
        t.event("cheer_archived", seat=f["seat"], pos=pos, count=len(cheer), card=f["card"])
    return None


@EFFECTS.effect("cost_own_cheer", timing="ability", prompt="アーカイブするこのホロメンのエール（しないならnull）")
def cost_own_cheer(t: Board, f: dict) -> Options:
    """「このホロメンの(<色>)エールN枚をアーカイブできる:<効果>」: the cheer one at a time (the
    first may be null: not paid); the effect follows once N are archived."""
    pa = f["params"]
    pos = own_holo_of(t, f)
    fits = sorted({c for c in t.holo(f["seat"], pos)["cheer"]
                   if not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"]}) if pos else []
    f.setdefault("paid", 0)
    if f["paid"] == 0:
        have = sum(1 for c in t.holo(f["seat"], pos)["cheer"]
                   if not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"]) if pos else 0
        return archive_options(t, f, "cheer", fits + [None]) if have >= pa["count"] else None
    return archive_options(t, f, "cheer", fits)


@cost_own_cheer.answer
def _own_cheer_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    pos = own_holo_of(t, f)
    if not archived_instead(t, f, "cheer", choice):
        t.holo(f["seat"], pos)["cheer"].remove(choice)
        archive_by(t, f, "cheer", choice)
        t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice, pos=pos)
    f["paid"] += 1
    if f["paid"] < f["params"]["count"]:
        return cost_own_cheer.run(t, f)
    push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("cost_cheer_deck", timing="ability", prompt="エールデッキの上からアーカイブするか")
def cost_cheer_deck(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚をアーカイブできる:<効果>」: each turned face up."""
    if t.cheer_deck_size(f["seat"]) < f["params"]["count"]:
        return None
    return ["pay", None]


@cost_cheer_deck.answer
def _cheer_deck_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    for _ in range(f["params"]["count"]):
        card = t.reveal_cheer(f["seat"], "cost", t.rule_of(f["card"]))
        archive_by(t, f, "cheer_deck", card)
        t.event("cost_paid", seat=f["seat"], card=f["card"], paid=card)
    push(t, f, f["params"]["then"])
    return None


@EFFECTS.effect("top_for_arts", timing="ability", prompt="デッキの上から公開（アーカイブ）するか")
def top_for_arts(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を公開できる:公開したホロメン1枚につき、このアーツ+M。そして公開
    したカードをアーカイブする」 and 「自分のデッキの上から1枚をアーカイブできる。アーカイブした
    カードがサポートカードなら、このアーツ+M」: the cards turned face up (everyone) and archived."""
    return ["yes", None] if t.deck_size(f["seat"]) > 0 else None


@top_for_arts.answer
def _top_for_arts(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat, pa = f["seat"], f["params"]
    hits = 0
    revealed = []
    for _ in range(pa["count"]):
        card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
        if card is None:
            break
        archive_by(t, f, "deck", card)
        t.event("milled", seat=seat, card=card)
        hits += _matches(t, card, pa["filter"])
        revealed.append(card)
    for hook in t.hooks(REVEAL_HOOKS):  # 「このホロメンのアーツ「…」でカードを公開した時」 (gifts: ``abilities.keywords``)
        hook(t, f, revealed)
    if hits:
        return arts_plus.run(t, {**f, "params": {"amount": hits * pa["amount"]}})
    return None


@EFFECTS.effect("boost_all", timing="ability")
def boost_all(t: Board, f: dict) -> Options:
    """「このターンの間、自分のステージの〈名前〉全員のアーツ+N」."""
    for pos, h in t.stage(f["seat"]):
        if f["params"]["name"] in names_of(t, h["card"]):
            h["mods"]["arts"] += f["params"]["amount"]
            t.event("boost", seat=f["seat"], pos=pos, amount=f["params"]["amount"], card=f["card"])
    return None


@EFFECTS.effect("if_state", timing="ability")
def if_state(t: Board, f: dict) -> Options:
    """「このホロメンのHPが減っているなら」「このホロメンにエールがN枚以上付いている時」「自分の
    ライフがN以下の時」「自分のライフが相手より少ないなら」「自分が後攻で最初のターンなら」,
    then <効果>."""
    pa = f["params"]
    pos = own_holo_of(t, f)
    h = t.holo(f["seat"], pos) if pos else None
    test = pa["test"]
    if test == "damaged":
        holds = h is not None and h["damage"] > 0
    elif test == "cheer_at_least":
        holds = h is not None and len(h["cheer"]) >= pa["n"]
    elif test == "life_at_most":
        holds = t.p(f["seat"])["life"] <= pa["n"]
    elif test == "life_below_opponent":
        holds = t.p(f["seat"])["life"] < t.p(other(f["seat"]))["life"]
    elif test == "second_first_turn":  # 「自分が後攻で最初のターン」
        holds = f["seat"] != t.s["first"] and t.first_turn(f["seat"])
    else:
        raise ValueError(test)
    if holds:
        push(t, f, pa["then"])
    return None

