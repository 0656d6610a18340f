"""Every effect of ヒーローズプレイスメント, one declaration each: the frames of the stack.

The turn player holds priority (優先権). What a command starts runs as frames on
``state["stack"]`` (``kit.Effects``); a frame that needs a decision asks through
``state["pending"]`` and the ``choose`` (or, at a response window, ``respond``/``pass``)
command continues it. Responses are pushed above what they answer, so they resolve first.

Frames, by what starts them:

- setup: ``rb:*`` (ルールブレイカー, first player first), ``begin`` (the first turn);
- a declaration (event or declared ability): ``declare`` (pays the cost), the response
  window ② and then ``ev:<effect>``;
- an appearance: ``appear`` (square, cost), window ③, ``enter``, then the 登場した時 /
  置かれた時 triggers ``tr:<effect>``;
- an attack: ``join`` (co-operative attackers), window ①, ``block`` (the defender), and
  then ``damage`` + ``pl:<effect>`` (the place's PL effect) or, after ``fight`` and window
  ④, ``fight`` (the AP allocations and downs); ``battle_over`` closes it;
- ``end_phase``: window ④ then ``advance``; the end phase's ``discard`` and ``end_turn``.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from kifu.replays.errors import RuleViolation
from kifu.replays.games.heroes_placement.cards import FILTER_KINDS, declared, is_character, matches, passive
from kifu.replays.games.heroes_placement.state import (
    HAND_LIMIT, LEADER, adjacent, R_APPEAR, R_BATTLE1, R_BATTLE2A, R_BATTLE2B, R_BATTLE3, R_BOTH, R_COOP_ATK,
    R_COOP_DEF, R_COST, R_DECL, R_END, R_KINDS, R_LEADER, R_LIMITS, R_NEGATE, R_PREP4, R_RECOVER, R_START,
    R_TRIGGER, SQUARE_NAMES, TURN_LIMIT, T, other)
from kifu.replays.kit import Effects, frame


def _stop_when_won(t: T) -> None:
    if t.s["winner"] is not None:
        t.s["stack"].clear()


EFFECTS = Effects(after_each=_stop_when_won)
#: 超次元フィッシング's cards where its card states no filter: a character of cost 2 or less
FISHING = {"kinds": ["character"], "cost_max": 2}
WINDOWS = {1: "攻撃宣言時", 2: "能力・イベントの宣言時", 3: "キャラの登場時", 4: "優先権が放棄された時"}


# -- the turn ----------------------------------------------------------------------------
def start_turn(t: T, seat: str) -> None:
    """開始フェイズ: untap, draw 2 (the first player's first turn: 1); then the leader phase."""
    s = t.s
    s["turn"] += 1
    s["active"] = seat
    if s["turn"] > TURN_LIMIT:
        s["phase"] = "over"
        s["reason"] = f"{TURN_LIMIT}ターン経過: 引き分け (judge's time limit)"
        t.note(s["reason"])
        return
    s["phase"] = "start"
    for p in s["players"].values():
        p["used"] = []
        p["swapped"] = False
    for i in t.chars(seat):
        t.char(seat, i)["rested"] = False
    t.draw(seat, 1 if s["turn"] == 1 else 2, R_START)
    if not t.over():
        s["phase"] = "leader"


@EFFECTS.effect("begin", timing="setup", prompt="ゲーム開始")
def _begin(t: T, f: dict) -> None:
    t.note(f"先攻: {t.s['first']}")
    start_turn(t, t.s["first"])


@EFFECTS.effect("advance", timing="phase", prompt="フェイズ移行")
def _advance(t: T, f: dict) -> None:
    to = f["params"]["to"]
    if to == "appear":
        t.s["phase"] = "appear"
        return
    t.s["phase"] = "end"  # 終了フェイズ: ① discard to six, ② end-of-turn modifiers expire
    t.s["stack"].append(frame("end_turn", t.s["active"], None, "end"))
    t.s["stack"].append(frame("discard", t.s["active"], None, "end"))


@EFFECTS.effect("discard", timing="end", prompt="手札を6枚以下になるように破棄する（終了フェイズ①）")
def _discard(t: T, f: dict) -> list | None:
    if len(t.p(f["seat"])["hand"]) <= HAND_LIMIT:
        return None
    return t.candidates(f["seat"])


@_discard.answer
def _(t: T, f: dict, card: str) -> list | None:
    t.p(f["seat"])["trash"].append(t.take_from_hand(f["seat"], card, "discard", R_END))
    return _discard.run(t, f)


@EFFECTS.effect("end_turn", timing="end", prompt="ターン終了")
def _end_turn(t: T, f: dict) -> None:
    for seat in t.s["players"]:
        t.p(seat)["pool"] = 0
        for i in t.chars(seat):
            t.char(seat, i)["ap_mod"] = 0
    start_turn(t, other(t.s["active"]))


# -- rule breakers (ゲームの準備④) ----------------------------------------------------------
def _swap_options(t: T, seat: str) -> list:
    return ["done"] + [[a, b] for a, b in combinations(range(6), 2)
                       if t.grid(seat)[a]["place"] is not None or t.grid(seat)[b]["place"] is not None]


def _swap(t: T, seat: str, choice: Any, f: dict) -> list | None:
    if choice == "done":
        return None
    a, b = choice
    g = t.grid(seat)
    g[a]["place"], g[b]["place"] = g[b]["place"], g[a]["place"]
    t.note(f"{t.name(f['card'])}: {seat}のプレイス {SQUARE_NAMES[a]}⇔{SQUARE_NAMES[b]} ({R_PREP4})")
    f["params"]["n"] -= 1
    return _swap_options(t, seat) if f["params"]["n"] > 0 else None


@EFFECTS.effect("rb:swap_own_places", timing="rule_breaker", prompt="自分のプレイスを入れ替える（ルールブレイカー）")
def _rb_own(t: T, f: dict) -> list | None:
    return _swap_options(t, f["seat"]) if f["params"]["n"] > 0 else None


@_rb_own.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    return _swap(t, f["seat"], choice, f)


@EFFECTS.effect("rb:swap_opponent_places", timing="rule_breaker",
                prompt="相手のプレイスを入れ替える（ルールブレイカー）")
def _rb_opp(t: T, f: dict) -> list | None:
    return _swap_options(t, other(f["seat"])) if f["params"]["n"] > 0 else None


@_rb_opp.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    return _swap(t, other(f["seat"]), choice, f)


@EFFECTS.effect("rb:go_second", timing="rule_breaker", prompt="このカードのプレイヤーは後攻になる")
def _rb_second(t: T, f: dict) -> None:
    t.s["first"] = t.s["active"] = other(f["seat"])
    t.note(f"{t.name(f['card'])}: {f['seat']}は後攻、{other(f['seat'])}が先攻 ({R_PREP4})")


# -- costs and declarations ------------------------------------------------------------
def event_cost(t: T, seat: str, card: str) -> int:
    """An event's cost, less 不知火うき-like discounts (never for a blue card appearing)."""
    return max(0, t.card(card)["event"]["cost"] - t.has_static(seat, "event_discount"))


def _use_pool(t: T, seat: str, cost: int) -> int:
    """Generated cost pays first (it would be lost at the end of the turn anyway)."""
    p = t.p(seat)
    used = min(p["pool"], cost)
    p["pool"] -= used
    return cost - used


def declarable(t: T, seat: str, card: str | None, square: int | None) -> tuple[str, int]:
    """(what, cost) of a declaration by ``seat`` now, or RuleViolation. ``what`` is the key
    that marks it used this turn (特に記載のない限り自ターンと相手ターンでそれぞれ1ターンに1回).
    A character card (green) is never an event, whatever the phase (カードの種類)."""
    if (card is None) == (square is None):
        raise RuleViolation(R_DECL, "name an event in hand (card) or a character's ability (square)")
    if card is not None and card in t.cs.cards and t.card(card)["kind"] == "character":
        raise RuleViolation(R_KINDS, f"{t.card(card)['name']} is a character card (名前の部分が緑色), not an event: "
                                     "only event cards and character-and-event cards are used as events")
    if t.s["phase"] not in ("battle", "appear"):
        raise RuleViolation(R_DECL, "abilities and events are declared only in the battle and appear phases")
    p = t.p(seat)
    if card is not None:
        if card not in t.cs.cards or t.hand_item(seat, card) is None:
            raise RuleViolation(R_DECL, f"{card} is not in {seat}'s hand")
        c = t.card(card)
        key = f"ev:{card}"
        if key in p["used"]:
            raise RuleViolation(R_DECL, f"{c['name']} was already used by {seat} this turn")
        cost = event_cost(t, seat, card)
        if cost > p["pool"] + len(p["hand"]) - 1:
            raise RuleViolation(R_COST, f"{seat} cannot pay {cost} for {c['name']}")
        return key, cost
    ch = t.char(seat, square)
    if ch is None:
        raise RuleViolation(R_DECL, f"no character of {seat} at {SQUARE_NAMES[square]}")
    c = t.card(ch["card"])
    ability = declared(c)
    if ability is None:
        raise RuleViolation(R_DECL, f"{c['name']} has no declared ability")
    if ability["type"] == "LE" and square != LEADER:
        raise RuleViolation(R_LEADER, f"{c['name']}'s LE ability works only in the leader slot")
    key = f"ab:{ch['uid']}"
    if key in p["used"]:
        raise RuleViolation(R_DECL, f"{c['name']}'s ability was already declared this turn")
    if ability["limit"] == "lost" and ch["lost"]:
        raise RuleViolation(R_LIMITS, f"{c['name']}'s ability is lost while it stays on the field "
                                      "(この能力は失われる)")
    if ability["limit"] == "game" and ch["card"] in p["once"]:
        raise RuleViolation(R_LIMITS, f"{c['name']}'s ability was already declared this game by a card of "
                                      "its number (ゲーム中1回まで)")
    if ability["cost"] > p["pool"] + len(p["hand"]):
        raise RuleViolation(R_COST, f"{seat} cannot pay {ability['cost']} for {c['name']}'s ability")
    return key, ability["cost"]


def start_declaration(t: T, seat: str, card: str | None, square: int | None, *, window: bool) -> None:
    """Push a declaration: its cost first, then (for the turn player) window ②, then it resolves."""
    key, cost = declarable(t, seat, card, square)
    p = t.p(seat)
    p["used"].append(key)
    params: dict[str, Any] = {"window": window}
    if card is not None:
        t.take_from_hand(seat, card, "event", R_DECL)
        eff = t.card(card)["event"]
        params.update(effect=eff["effect"], n=eff["n"], held=card, **({"filter": eff["filter"]} if "filter" in eff
                                                                      else {}))
        source = card
    else:
        ch = t.char(seat, square)
        ability = declared(t.card(ch["card"]))
        if ability["limit"] == "lost":
            ch["lost"] = True
        if ability["limit"] == "game":
            p["once"].append(ch["card"])
        params.update(effect=ability["effect"], n=ability["n"], uid=ch["uid"],
                      **({"filter": ability["filter"]} if "filter" in ability else {}))
        source = ch["card"]
    params["due"] = _use_pool(t, seat, cost)
    t.s["stack"].append(frame("declare", seat, source, "declare", params))


@EFFECTS.effect("declare", timing="declare", prompt="コストを支払う（手札を1枚捨てる）")
def _declare(t: T, f: dict) -> list | None:
    if f["params"]["due"] > 0 and t.p(f["seat"])["hand"]:
        return t.candidates(f["seat"])
    prm = f["params"]
    t.s["stack"].append(frame("ev:" + prm["effect"], f["seat"], f["card"], "declared",
                              {k: prm[k] for k in ("n", "held", "uid", "filter") if k in prm}))
    if prm["window"]:
        open_window(t, 2)
    return None


@_declare.answer
def _(t: T, f: dict, card: str) -> list | None:
    _pay_one(t, f, card)
    return _declare.run(t, f)


def _pay_one(t: T, f: dict, card: str) -> None:
    t.p(f["seat"])["trash"].append(t.take_from_hand(f["seat"], card, "cost", R_COST))
    f["params"]["due"] -= 1


# -- response windows (優先権) -----------------------------------------------------------
def open_window(t: T, kind: int) -> None:
    """The waiting (non-turn) player may respond: ①攻撃宣言時 ②宣言時 ③登場時 ④優先権放棄."""
    t.s["stack"].append(frame("window", other(t.s["active"]), None, "priority", {"kind": kind}))


@EFFECTS.effect("window", timing="priority", prompt="対応しますか（対応 / パス）")
def _window(t: T, f: dict) -> list | None:
    if t.over():
        return None
    return ["pass", "respond"]


@_window.answer
def _(t: T, f: dict, choice: Any) -> None:
    if choice == "pass":
        return None
    start_declaration(t, f["seat"], choice.get("card"), choice.get("square"), window=False)
    return None


# -- appearing (登場フェイズ) -------------------------------------------------------------
@EFFECTS.effect("appear", timing="appear", prompt="登場させるマスを選ぶ / コストを支払う")
def _appear(t: T, f: dict) -> list | None:
    prm = f["params"]
    if prm.get("square") is None:
        return t.appear_squares(f["seat"], f["card"])
    if prm["due"] > 0 and t.p(f["seat"])["hand"]:
        return t.candidates(f["seat"])
    t.s["stack"].append(frame("enter", f["seat"], f["card"], "appear", {"square": prm["square"]}))
    open_window(t, 3)
    return None


@_appear.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    if f["params"].get("square") is None:
        f["params"]["square"] = choice
        t.note(f"{f['seat']}: {t.name(f['card'])}を{SQUARE_NAMES[choice]}に登場宣言")
    else:
        _pay_one(t, f, choice)
    return _appear.run(t, f)


def _triggers(t: T, seat: str, uid: int, card: str, timings: tuple[str, ...]) -> None:
    for a in reversed(t.card(card)["abilities"]):
        if a["timing"] in timings:
            t.s["stack"].append(frame("tr:" + a["effect"], seat, card, a["timing"], {"n": a["n"], "uid": uid}))


@EFFECTS.effect("enter", timing="appear", prompt="登場")
def _enter(t: T, f: dict) -> None:
    seat, card, square = f["seat"], f["card"], f["params"]["square"]
    same = t.same_name_square(seat, card)
    if same is not None and same != square:  # a same-name character appeared meanwhile
        t.p(seat)["trash"].append(card)
        t.note(f"{t.name(card)}は同名キャラがいるため登場できずゴミ箱へ ({R_APPEAR})")
        return None
    if t.char(seat, square) is not None:
        t.leave_field(seat, square, "上から登場されゴミ箱へ")
    ch = t.put_char(seat, square, card)
    t.note(f"{seat}: {t.name(card)}が{SQUARE_NAMES[square]}に登場")
    _triggers(t, seat, ch["uid"], card, ("on_appear", "on_placed"))
    return None


def moved(t: T, seat: str, square: int) -> None:
    """A character moved (not appeared): only its 置かれた時 abilities trigger."""
    ch = t.char(seat, square)
    _triggers(t, seat, ch["uid"], ch["card"], ("on_placed",))


@EFFECTS.effect("tr:draw", timing="trigger", prompt="登場した時: ドロー")
def _tr_draw(t: T, f: dict) -> None:
    t.draw(f["seat"], f["params"]["n"], R_TRIGGER)


@EFFECTS.effect("tr:ap_boost_self", timing="trigger", prompt="置かれた時: AP上昇")
def _tr_boost(t: T, f: dict) -> None:
    at = t.find(f["params"]["uid"])
    if at:
        t.char(*at)["ap_mod"] += 500 * f["params"]["n"]
        t.note(f"{t.name(f['card'])}: このターンAP+{500 * f['params']['n']} ({R_TRIGGER})")


# -- battle --------------------------------------------------------------------------
@EFFECTS.effect("join", timing="battle", prompt="協力攻撃するキャラを加える")
def _join(t: T, f: dict) -> list | None:
    seat = f["seat"]
    free = [i for i in t.chars(seat) if not t.char(seat, i)["rested"]]
    return ["done", *free] if free and t.s["battle"] else None


@_join.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    if choice == "done":
        return None
    ch = t.char(f["seat"], choice)
    ch["rested"] = True
    t.s["battle"]["attackers"].append(ch["uid"])
    t.note(f"{f['seat']}: {t.name(ch['card'])}が協力攻撃 ({R_COOP_ATK})")
    return _join.run(t, f)


def check_block(t: T, choice: Any) -> None:
    """A block naming squares the supplement forbids, refused under the section that forbids
    it: one blocker out of range (バトルフェイズ②−B: 指定された場所にいるキャラか上下左右に
    隣接したマスにいるキャラ), two or more without a card that allows it or with one out of
    range (協力防御: 特に記載がない限り行えない; 元々防御できる範囲…のキャラのみ)."""
    if not isinstance(choice, list) or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 6
                                               for i in choice):
        return
    b = t.s["battle"]
    seat, target = b["defender"], b["target"]
    reach = sorted({target, *adjacent(target)})
    out = [i for i in choice if i not in reach]
    where = "、".join(SQUARE_NAMES[i] for i in reach)
    if len(choice) == 1 and out:
        raise RuleViolation(R_BATTLE2B, f"{SQUARE_NAMES[out[0]]} is not {SQUARE_NAMES[target]} nor next to it: "
                                        f"only a character at {where} defends it")
    if len(choice) < 2:
        return
    if out:
        raise RuleViolation(R_COOP_DEF, f"{'、'.join(SQUARE_NAMES[i] for i in out)} is out of range: a co-operative "
                                        f"defence of {SQUARE_NAMES[target]} takes only characters at {where} "
                                        "(元々防御できる範囲)")
    cards = [t.char(seat, i)["card"] for i in choice if t.char(seat, i) is not None]
    if not any(passive(t.card(c), "coop_defence") for c in cards):
        raise RuleViolation(R_COOP_DEF, "a co-operative defence needs a card that allows it (特に記載がない限り行えない)")


def blocker_options(t: T) -> list:
    b = t.s["battle"]
    seat, target = b["defender"], b["target"]
    eligible = [i for i in sorted({target, *adjacent(target)})
                if t.char(seat, i) is not None and not t.char(seat, i)["rested"]]
    out: list = [[i] for i in eligible]
    coop = [i for i in eligible if passive(t.card(t.char(seat, i)["card"]), "coop_defence")]
    if coop:
        for size in range(2, len(eligible) + 1):
            out += [list(c) for c in combinations(eligible, size) if set(c) & set(coop)]
    return out


@EFFECTS.effect("block", timing="battle", prompt="防御するキャラを選ぶ（または攻撃を通す）")
def _block(t: T, f: dict) -> list | None:
    b = t.s["battle"]
    if b is None or b["interrupted"]:
        _battle_over(t)
        return None
    blocks = blocker_options(t)
    if not blocks:  # nobody can block: the attack goes through without asking
        return _block.on_answer(t, f, "through")
    return ["through", *blocks]


@_block.answer
def _(t: T, f: dict, choice: Any) -> None:
    b = t.s["battle"]
    if choice == "through":
        t.note(f"{b['defender']}: 攻撃を通す ({R_BATTLE2A})")
        t.s["stack"].append(frame("battle_over", b["attacker"], None, "battle"))
        t.s["stack"].append(frame("damage", b["defender"], None, "battle", {"square": b["target"]}))
        return None
    b["blockers"] = []
    for i in choice:
        ch = t.char(b["defender"], i)
        ch["rested"] = True
        b["blockers"].append(ch["uid"])
    b["stage"] = "blocked"
    names = "・".join(t.name(t.char(b["defender"], i)["card"]) for i in choice)
    t.note(f"{b['defender']}: {names}で防御 ({R_COOP_DEF if len(choice) > 1 else R_BATTLE2B})")
    return None


def downs(total: int, dps: dict[int, int]) -> list[list[int]]:
    """The sets of characters that ``total`` AP, allocated freely, may down (協力攻撃と協力防御):
    each downed one gets at least its DP, and the set is maximal, since a character given
    AP ≥ its DP is downed (バトルフェイズ③), so AP left over that could down one more must.

    >>> downs(3000, {0: 2000, 1: 1500})
    [[0], [1]]
    >>> downs(1000, {0: 2000}), downs(4000, {0: 2000, 3: 2000})
    ([[]], [[0, 3]])
    """
    squares = sorted(dps)
    out = []
    for size in range(len(squares) + 1):
        for chosen in combinations(squares, size):
            spent = sum(dps[i] for i in chosen)
            if spent <= total and all(spent + dps[i] > total for i in squares if i not in chosen):
                out.append(list(chosen))
    return out


def _participants(t: T, uids: list[int]) -> list[tuple[str, int]]:
    return [at for at in (t.find(u) for u in uids) if at is not None]


@EFFECTS.effect("fight", timing="battle", prompt="APの割り振り（倒すキャラを選ぶ）")
def _fight(t: T, f: dict) -> list | None:
    b = t.s["battle"]
    if b is None or b["interrupted"]:
        _battle_over(t)
        return None
    prm = f["params"]
    attackers, blockers = _participants(t, b["attackers"]), _participants(t, b["blockers"])
    if "attack" not in prm:
        options = downs(sum(t.ap(*a) for a in attackers), {sq: t.dp(s, sq) for s, sq in blockers})
        if len(options) > 1:
            f["seat"] = b["attacker"]
            return options
        prm["attack"] = options[0]
    if "defence" not in prm:
        options = downs(sum(t.ap(*d) for d in blockers), {sq: t.dp(s, sq) for s, sq in attackers})
        if len(options) > 1:
            f["seat"] = b["defender"]
            return options
        prm["defence"] = options[0]
    _battle_over(t)  # the downs end the battle: they do not interrupt it
    for sq in prm["attack"]:
        t.leave_field(b["defender"], sq, "ダウン")
    for sq in prm["defence"]:
        t.leave_field(b["attacker"], sq, "ダウン")
    return None


@_fight.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    f["params"]["attack" if "attack" not in f["params"] else "defence"] = choice
    return _fight.run(t, f)


def _battle_over(t: T) -> None:
    t.s["battle"] = None
    if t.s["end_battle"] and t.s["phase"] == "battle":
        t.s["phase"] = "appear"
        t.note("バトル終了: 登場フェイズへ")


@EFFECTS.effect("battle_over", timing="battle", prompt="バトル終了")
def _battle_over_frame(t: T, f: dict) -> None:
    _battle_over(t)


# -- places and PL effects -------------------------------------------------------------
@EFFECTS.effect("damage", timing="battle", prompt="プレイスにダメージ")
def _damage(t: T, f: dict) -> None:
    seat, square = f["seat"], f["params"]["square"]
    item = t.grid(seat)[square]["place"]
    if item is None:
        return None
    t.grid(seat)[square]["place"] = None
    card = t.turn_up(item, "place", R_BATTLE2A)
    t.note(f"{seat}のプレイス({SQUARE_NAMES[square]})にダメージ: {t.name(card)}")
    p = t.p(seat)
    if p["pl_negated"]:
        p["pl_negated"] = False
        p["damage"].append(card)
        t.note(f"PL効果は無効 ({R_NEGATE})")
        return None
    pl = t.card(card).get("pl")
    if pl is None:
        p["damage"].append(card)
        return None
    t.s["stack"].append(frame("pl:" + pl["effect"], seat, card, "place", {"n": pl["n"], "held": card}))
    return None


def _to_damage(t: T, f: dict) -> None:
    t.p(f["seat"])["damage"].append(f["params"]["held"])


@EFFECTS.effect("pl:draw", timing="place", prompt="PL: ドロー")
def _pl_draw(t: T, f: dict) -> None:
    t.draw(f["seat"], f["params"]["n"], R_BATTLE2A)
    _to_damage(t, f)


@EFFECTS.effect("pl:cost", timing="place", prompt="PL: コスト発生")
def _pl_cost(t: T, f: dict) -> None:
    t.p(f["seat"])["pool"] += f["params"]["n"]
    t.note(f"{f['seat']}: コスト{f['params']['n']}発生")
    _to_damage(t, f)


@EFFECTS.effect("pl:mill_opponent", timing="place", prompt="PL: 相手のデッキを削る")
def _pl_mill(t: T, f: dict) -> None:
    foe = other(f["seat"])
    for _ in range(f["params"]["n"]):
        if t.over():
            break
        card = t.reveal_top(foe, "mill", R_BATTLE2A)
        if card is None:
            break
        t.p(foe)["trash"].append(card)
        t.note(f"{foe}のデッキの上の{t.name(card)}をゴミ箱へ")
    _to_damage(t, f)


@EFFECTS.effect("pl:end_battle", timing="place", prompt="PL: バトル終了")
def _pl_end(t: T, f: dict) -> None:
    t.s["end_battle"] = True
    _to_damage(t, f)


@EFFECTS.effect("pl:rest", timing="place", prompt="PL: 相手キャラ1体を行動済みにする")
def _pl_rest(t: T, f: dict) -> list | None:
    foe = other(f["seat"])
    targets = [i for i in t.chars(foe) if not t.char(foe, i)["rested"]]
    if not targets:
        _to_damage(t, f)
        return None
    return targets


@_pl_rest.answer
def _(t: T, f: dict, square: int) -> None:
    ch = t.char(other(f["seat"]), square)
    ch["rested"] = True
    t.note(f"{t.name(ch['card'])}を行動済みにする")
    _to_damage(t, f)


@EFFECTS.effect("pl:appear_self", timing="place", prompt="PL: このカードを登場させるマス")
def _pl_appear(t: T, f: dict) -> list | None:
    card = f["params"]["held"]
    if not is_character(t.card(card)):
        _to_damage(t, f)
        return None
    return t.appear_squares(f["seat"], card)


@_pl_appear.answer
def _(t: T, f: dict, square: int) -> None:
    t.s["stack"].append(frame("enter", f["seat"], f["params"]["held"], "place", {"square": square}))


@EFFECTS.effect("pl:equip_self", timing="place", prompt="PL: このカードを装備するキャラ")
def _pl_equip(t: T, f: dict) -> list | None:
    mine = t.chars(f["seat"])
    if not mine:
        _to_damage(t, f)
        return None
    return mine


@_pl_equip.answer
def _(t: T, f: dict, square: int) -> None:
    _equip(t, f["seat"], square, f["params"]["held"])


def _equip(t: T, seat: str, square: int, card: str) -> None:
    ch = t.char(seat, square)
    ch["equip"].append(card)
    t.note(f"{t.name(card)}を{t.name(ch['card'])}に装備")


# -- events and declared abilities -----------------------------------------------------
def _finish(t: T, f: dict) -> None:
    """A used event goes to the trash unless its effect put it somewhere."""
    held = f["params"].pop("held", None)
    if held is not None:
        t.p(f["seat"])["trash"].append(held)


@EFFECTS.effect("ev:draw", timing="declared", prompt="ドロー")
def _ev_draw(t: T, f: dict) -> None:
    t.draw(f["seat"], f["params"]["n"], R_DECL)
    _finish(t, f)


@EFFECTS.effect("ev:rest", timing="declared", prompt="相手キャラ1体を行動済みにする")
def _ev_rest(t: T, f: dict) -> list | None:
    targets = t.chars(other(f["seat"]))
    if not targets:
        _finish(t, f)
        return None
    return targets


@_ev_rest.answer
def _(t: T, f: dict, square: int) -> None:
    ch = t.char(other(f["seat"]), square)
    ch["rested"] = True
    t.note(f"{t.name(ch['card'])}を行動済みにする (バトルは中断されない: {R_BATTLE1})")
    _finish(t, f)


@EFFECTS.effect("ev:equip", timing="declared", prompt="装備するキャラを選ぶ")
def _ev_equip(t: T, f: dict) -> list | None:
    mine = t.chars(f["seat"])
    if not mine:
        _finish(t, f)
        return None
    return mine


@_ev_equip.answer
def _(t: T, f: dict, square: int) -> None:
    _equip(t, f["seat"], square, f["params"].pop("held"))


@EFFECTS.effect("ev:ap_boost", timing="declared", prompt="APを上げるキャラを選ぶ")
def _ev_boost(t: T, f: dict) -> list | None:
    mine = t.chars(f["seat"])
    if not mine:
        _finish(t, f)
        return None
    return mine


@_ev_boost.answer
def _(t: T, f: dict, square: int) -> None:
    ch = t.char(f["seat"], square)
    ch["ap_mod"] += 500 * f["params"]["n"]
    t.note(f"{t.name(ch['card'])}: このターンAP+{500 * f['params']['n']}")
    _finish(t, f)


@EFFECTS.effect("ev:pl_negate", timing="declared", prompt="PL効果無効")
def _ev_negate(t: T, f: dict) -> None:
    foe = other(f["seat"])
    t.p(foe)["pl_negated"] = True  # a flag, not a count: two before a place breaks still negate one
    t.note(f"{foe}の次のプレイスのPL効果は無効 ({R_NEGATE})")
    _finish(t, f)


@EFFECTS.effect("ev:recover", timing="declared", prompt="デッキ回復: 裏向きのカードを1枚選ぶ")
def _ev_recover(t: T, f: dict) -> list | None:
    """デッキ回復: the trash turned face down and shuffled; the opponent picks blind, one card
    per ``choose`` (each pick a chance event), each revealed and put on the deck bottom."""
    seat, prm = f["seat"], f["params"]
    if "left" not in prm:
        _finish(t, f)  # the used event is in the trash before it is turned face down
        prm["left"] = min(prm["n"], len(t.p(seat)["trash"]))
    if prm["left"] <= 0 or not t.p(seat)["trash"] or t.over():
        return None
    f["seat"] = other(seat)
    f["params"]["owner"] = seat
    return ["pick"]


@_ev_recover.answer
def _(t: T, f: dict, choice: str) -> list | None:
    seat = f["params"]["owner"]
    trash = t.p(seat)["trash"]
    card = t.zones.pick("recover", R_RECOVER, trash, unknown_ok=False)  # face down, shuffled: a blind pick
    trash.remove(card)
    t.zones.put(t.deck(seat), card, end="bottom")
    t.note(f"デッキ回復: {f['seat']}が裏向きのカードを選び {t.name(card)} を{seat}のデッキの下へ")
    f["params"]["left"] -= 1
    f["seat"] = seat
    return _ev_recover.run(t, f)


@EFFECTS.effect("ev:fishing", timing="declared", prompt="デッキから登場させるキャラを選ぶ")
def _ev_fishing(t: T, f: dict) -> list | None:
    """Search the deck for a character of cost 2 or less; it appears; the deck is shuffled."""
    seat = f["seat"]
    if "pick" in f["params"]:
        return t.appear_squares(seat, f["params"]["pick"])
    spec = f["params"].get("filter") or FISHING
    fish = [c for c in t.zones.may_contain(t.deck(seat)) if matches(t.card(c), spec)]
    if not fish:
        _fishing_done(t, f)
        return None
    return ["none", *fish]


@_ev_fishing.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    prm = f["params"]
    if choice == "none":
        _fishing_done(t, f)
        return None
    if "pick" not in prm:
        prm["pick"] = t.zones.take(t.deck(f["seat"]), choice, R_DECL, how="search")
        t.deck_out(f["seat"])
        return None if t.over() else _ev_fishing.run(t, f)
    t.s["stack"].append(frame("enter", f["seat"], prm["pick"], "event", {"square": choice}))
    _fishing_done(t, f)
    return None


@EFFECTS.effect("ev:salvage", timing="declared", prompt="ゴミ箱から手札に加えるカードを選ぶ")
def _ev_salvage(t: T, f: dict) -> list | None:
    """Up to ``n`` cards of one's trash that pass the effect's ``filter`` (default: any card)
    go to the hand, one ``choose`` each; a blue card in the trash is a character and an
    event (キャラクター兼イベントカード), so either kind's filter finds it. The used event
    goes to the trash after: it cannot take itself."""
    seat, prm = f["seat"], f["params"]
    prm.setdefault("left", prm["n"])
    spec = prm.get("filter") or {"kinds": list(FILTER_KINDS)}
    found = sorted({c for c in t.p(seat)["trash"] if matches(t.card(c), spec)})
    if prm["left"] <= 0 or not found:
        _finish(t, f)
        return None
    return ["none", *found]


@_ev_salvage.answer
def _(t: T, f: dict, choice: Any) -> list | None:
    if choice == "none":
        _finish(t, f)
        return None
    seat = f["seat"]
    t.p(seat)["trash"].remove(choice)
    t.p(seat)["hand"].append(choice)
    t.note(f"{seat}: ゴミ箱の{t.name(choice)}を手札に加える")
    f["params"]["left"] -= 1
    return _ev_salvage.run(t, f)


def _fishing_done(t: T, f: dict) -> None:
    t.zones.shuffle(t.deck(f["seat"]))
    _finish(t, f)


@EFFECTS.effect("ev:appear_this", timing="declared", prompt="このカードを登場させるマス")
def _ev_appear_this(t: T, f: dict) -> list | None:
    return t.appear_squares(f["seat"], f["params"]["held"])


@_ev_appear_this.answer
def _(t: T, f: dict, square: int) -> None:
    card = f["params"].pop("held")
    t.s["stack"].append(frame("enter", f["seat"], card, "event", {"square": square}))
    t.note(f"イベントの効果として登場 ({R_BOTH})")


@EFFECTS.effect("ev:step_in", timing="declared", prompt="移動するキャラと移動先")
def _ev_step(t: T, f: dict) -> list | None:
    seat = f["seat"]
    empty = [i for i in range(6) if t.char(seat, i) is None]
    moves = [[a, b] for a in t.chars(seat) for b in empty]
    if not moves:
        _finish(t, f)
        return None
    return moves


@_ev_step.answer
def _(t: T, f: dict, move: list) -> None:
    seat, (a, b) = f["seat"], move
    g = t.grid(seat)
    g[b]["char"], g[a]["char"] = g[a]["char"], None
    t.note(f"{t.name(g[b]['char']['card'])}を{SQUARE_NAMES[a]}から{SQUARE_NAMES[b]}へ移動 (バトルは中断しない: {R_BATTLE3})")
    moved(t, seat, b)
    _finish(t, f)

