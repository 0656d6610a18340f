"""Deciding and applying commands: ``check`` raises, ``apply`` trusts (【ゲームの流れ】 onwards).

One class per command type (``@COMMANDS.implements``), each with its check, apply and
the table's label; then ``SenbuRinki``, the ``Game`` that ties them to the kit.

A 手番 is one of ``skill`` (技能), ``attack`` (攻撃), ``defend`` (防御), ``duel`` (一騎討ち).
Decisions inside an action are the kit's pending decisions, answered by ``choose``:

- ``strike``: each attack that meets a target without 刀装 needs the attacker's choice,
  ``look`` (see the role) or ``fatigue`` (raise it), made one attack at a time so that
  what a look showed can inform the next choice;
- ``duel_card``: the 一騎討ち nominee takes a card of its choice from the 山札 (a secret
  choice: ``redact`` blanks it for everyone else);
- ``duel_guess``: the challenger names 刀剣男士 or 時間遡行軍.

④審神者の勝利宣言 has no command for "no declaration": at the table the 審神者 either
declares or stays silent and the next 周 simply begins. So when a 周 ends the 近侍 token
passes to the left at once and a *declaration window* opens (``state["declaration_open"]``):
``to_act`` then names the new 近侍 and the 審神者, the 審神者 may post ``declare_victory``,
and the new 近侍's first action closes the window. Nothing any other seat sees depends
on who the 審神者 is (``view`` computes its own ``to_act`` per perspective).

Every rule violation names its rulebook section.
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import Game, decisions, is_token
from kifu.replays.rules import Outcome, seat_ids

from . import describe as _describe, state as _state, view as _view
from .cards import SwordCards
from .commands import COMMANDS
from .roles import GUESSES, LABELS, SANIWA, SIDE, SIDE_LABELS, SOKOGUN
from .state import (FACE_DOWN, FATIGUE_LABELS, RED, OptionsSchema, Table, alive, awaited, bonus_attacks, deck_size,
                    left_of, may_declare, possible_roles, skill_target_kind, special, start_round, start_turn, to_reveal)

TURN = "ゲームの流れ/③手番の実行"
DECLARE = "ゲームの流れ/④審神者の勝利宣言"
SKILL = "技能"
ATTACK = "攻撃"
DEFEND = "防御"
DUEL = "一騎討ち"
OUT = "脱落"
END = "ゲームの終了"

TURN_COMMANDS = ("skill", "attack", "defend", "duel")
#: the rulebook section a pending decision answers to
DECISION_RULE = {"strike": ATTACK, "duel_card": DUEL, "duel_guess": DUEL}

REASONS = {
    "saniwa_out": "審神者が脱落した",
    "declared": "審神者が勝利宣言をした",
    "two_left": "脱落していないプレイヤーが2人になった",
}
HOW_LABELS = {"attack": "攻撃", "duel": "一騎討ち", "skill": "技能の使用"}
END_SHOWN = "終了時公開"
DECLARED = "勝利宣言"


# ---- targets -------------------------------------------------------------------------

def _is_seat(state: Mapping[str, Any], value: Any) -> bool:
    return isinstance(value, str) and value in state["seats"]


def attack_targets(state: Mapping[str, Any], seat: str) -> list[str]:
    pierce = special(state, seat) == "pierce_defence"
    return [t for t in alive(state)
            if t != seat and (pierce or not state["seats"][t]["defending"]) and not _state.guarded(state, t)]


def can_duel(state: Mapping[str, Any], seat: str) -> bool:
    return deck_size(state) > 0 and (state["seats"][seat]["fatigue"] == RED or special(state, seat) == "duel_any_fatigue")


def duel_targets(state: Mapping[str, Any], seat: str) -> list[str]:
    return [t for t in alive(state) if t != seat and special(state, t) != "duel_immune"]


def skill_targets(state: Mapping[str, Any], seat: str) -> list[str | None]:
    kind = skill_target_kind(state, seat)
    if kind in ("self", "none"):
        return [None]
    return [t for t in alive(state) if kind == "any" or t != seat]


def _sword(state: Mapping[str, Any], seat: str) -> str:
    return f"{seat}（{state['seats'][seat]['sword']['name']}）"


# ---- what commands share ----------------------------------------------------------------

def _learn(t: Table, seat: str, target: str, how: str) -> None:
    known = t.s["knowledge"][seat]
    if target != seat and target not in known:
        t.set("knowledge", seat, {**known, target: {"step": t.now, "how": how}})


def _look(t: Table, seat: str, target: str, how: str, rule: str) -> None:
    """A role shown to ``seat`` alone (an observed table may not have seen it)."""
    t.turn_up_role(target, event="look", how=how, rule=rule, visible=(seat,))
    _learn(t, seat, target, how)


def _face_up(t: Table, seat: str, how: str, *, rule: str = END, required: bool = False) -> None:
    """``seat``'s role card turned face up to everyone."""
    t.turn_up_role(seat, event="turn_up", how=how, rule=rule, required=required)
    if seat not in t.s["face_up"]:
        t.set("face_up", seat, {"step": t.now, "how": how})


def _reason(code: str, side: str | None, detail: str = "") -> str:
    if side is None:
        return f"{REASONS[code]}：役カードを確認中"
    return f"{REASONS[code]}{detail}：{SIDE_LABELS[side]}の勝利"


def _end(t: Table, code: str, side: str | None, detail: str = "") -> None:
    """ゲームの終了. ``side`` None: a 勝利宣言 whose living players' roles the record has not
    seen yet; their ``turn_up`` commands decide it (``_settle``)."""
    s = t.s
    s["over"] = {"code": code, "side": side, "reason": _reason(code, side, detail)}
    s["pending"] = None
    s["current"] = None
    s["declaration_open"] = False
    s["attack"] = s["duel"] = None
    # The winners are named by seat, which tells every side: so every role is turned up.
    # A role nobody recording saw is turned up by its own command (``turn_up``): in this one
    # every combination of them would be an outcome the table must list.
    for seat in seat_ids(s["players"]):
        if not is_token(s["roles"][seat]):
            _face_up(t, seat, END_SHOWN)
    s["events"].append({"kind": "over", "code": code, "side": side})


def _eliminate(t: Table, seat: str, how: str) -> None:
    """脱落: face down the sword; the role is shown after a 一騎討ち or for the 審神者 (【脱落】)."""
    s = t.s
    if how == "duel":
        # 一騎討ちに敗北して脱落した場合は…役カードを表にします: what follows depends on it
        # only if it may be the 審神者
        _face_up(t, seat, HOW_LABELS[how], rule=DUEL, required=SANIWA in possible_roles(s, seat))
        is_saniwa = s["roles"][seat] == SANIWA
    else:
        is_saniwa = t.eliminated_saniwa(seat, OUT)
        if is_saniwa:
            _face_up(t, seat, HOW_LABELS[how], rule=OUT)
    mine = s["seats"][seat]
    mine["eliminated"] = True
    mine["defending"] = False
    s["events"].append({"kind": "eliminated", "seat": seat, "how": how, "shown": how == "duel" or is_saniwa})
    if is_saniwa:
        _end(t, "saniwa_out", SIDE[SOKOGUN], f"（{HOW_LABELS[how]}）")
        return
    left = alive(s)
    if len(left) == 2:
        for other in left:
            _face_up(t, other, "残り2人", required=True)
        side = SIDE[SOKOGUN] if any(s["roles"][x] == SOKOGUN for x in left) else SIDE[SANIWA]
        _end(t, "two_left", side, f"（{HOW_LABELS[how]}）")


def _finish_turn(t: Table) -> None:
    """The acting seat is done; the next seat of this 周 in order, else the next 周.

    After a 周 the 近侍 token passes left at once (skipping eliminated players) and the
    declaration window opens; nothing here names the 審神者 (④審神者の勝利宣言).
    """
    s = t.s
    s["pending"] = None
    s["attack"] = None
    if s["over"] is not None:
        return
    if s["current"] is not None and s["current"] not in s["acted"]:
        s["acted"].append(s["current"])
    for seat in s["order"]:
        if seat in s["acted"] or s["seats"][seat]["eliminated"]:
            continue
        if seat in s["skipped"]:
            s["acted"].append(seat)
            s["events"].append({"kind": "lost_turn", "seat": seat})
            continue
        start_turn(s, seat)
        return
    s["events"].append({"kind": "round_over", "round": s["round"]})
    kinji = left_of(s["kinji"], s["players"])
    while s["seats"][kinji]["eliminated"]:
        kinji = left_of(kinji, s["players"])
    s["kinji"] = kinji
    s["round"] += 1
    s["events"].append({"kind": "kinji", "seat": kinji, "round": s["round"]})
    s["declaration_open"] = True
    start_round(s)


# ---- the commands ------------------------------------------------------------------------

@COMMANDS.implements("skill")
class Skill:
    """－技能－: the sword's 技能; a non-近侍 pays one fatigue step, or is eliminated at red."""

    def check(self, t: Table, cmd: dict) -> None:
        s, seat = t.s, cmd["seat"]
        kind = skill_target_kind(s, seat)
        target = cmd.get("target")
        name = s["seats"][seat]["sword"]["name"]
        if kind in ("self", "none"):
            if target is not None:
                raise RuleViolation(SKILL, f"{name}'s 技能 takes no target")
            return
        if not _is_seat(s, target):
            raise RuleViolation(SKILL, f"{name}'s 技能 needs a target seat, got {target!r}")
        if s["seats"][target]["eliminated"]:
            raise RuleViolation(SKILL, f"{target} is eliminated")
        if kind == "other" and target == seat:
            raise RuleViolation(SKILL, f"{name}'s 技能 cannot target oneself (特筆がない限り自身を指定できません)")

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=True)
        s, seat = t.s, cmd["seat"]
        mine = s["seats"][seat]
        skill = mine["sword"]["skill"]
        amount = skill.get("amount", 0) + (1 if special(s, seat) == "skill_boost" else 0)
        target = cmd.get("target") or (seat if skill["target"] == "self" else None)
        was_red = mine["fatigue"] == RED
        effect = skill["effect"]
        event: dict[str, Any] = {"kind": "skill", "seat": seat, "effect": effect, "target": target}
        s["events"].append(event)
        if effect == "look_role":
            _look(t, seat, target, "技能", SKILL)
        elif effect == "gain_tosou":
            n = amount if s["pool"] is None else min(amount, s["pool"])
            s["seats"][target]["tosou"] += n
            if s["pool"] is not None:
                s["pool"] -= n
            event["n"] = n
        elif effect == "break_tosou":
            n = min(amount, s["seats"][target]["tosou"])
            s["seats"][target]["tosou"] -= n
            if s["pool"] is not None:
                s["pool"] += n
            event["n"] = n
        elif effect == "fatigue":
            # a skill raises fatigue but never eliminates: only attacks do (【脱落】)
            s["seats"][target]["fatigue"] = min(RED, s["seats"][target]["fatigue"] + amount)
        elif effect == "rest":
            s["seats"][target]["fatigue"] = max(0, s["seats"][target]["fatigue"] - amount)
        elif effect == "skip_turn":
            # no effect on a player who already took this 周's 手番 (技能)
            effective = target not in s["acted"] and target != seat
            if effective:
                s["skipped"].append(target)
            event["effective"] = effective
        else:  # extra_attacks, guard: round-scoped
            selector = skill["selector"]
            named = "all" not in selector
            later = [x for x in s["order"] if x not in s["acted"] and x != seat]
            s["round_effects"].append({"effect": effect, "amount": amount, "selector": selector, "from": seat,
                                       "reach": None if named else later})
        if seat != s["kinji"] and special(s, seat) != "tireless":
            if was_red:
                _eliminate(t, seat, "skill")
            else:
                mine["fatigue"] += 1
        _finish_turn(t)

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        skill = t.s["seats"][cmd["seat"]]["sword"]["skill"]
        aim = f" → {cmd['target']}" if cmd.get("target") else ""
        return f"{_sword(t.s, cmd['seat'])} の技能を使う{aim}：{skill['text']}"


@COMMANDS.implements("attack")
class Attack:
    """－攻撃－: extra attacks are bought with one's own 刀装 before attacking."""

    def check(self, t: Table, cmd: dict) -> None:
        s, seat, target = t.s, cmd["seat"], cmd["target"]
        extra = cmd.get("extra", 0)
        if not _is_seat(s, target):
            raise RuleViolation(ATTACK, f"no seat {target!r}")
        if target == seat:
            raise RuleViolation(ATTACK, "a player does not attack itself (相手を指定して攻撃します)")
        if s["seats"][target]["eliminated"]:
            raise RuleViolation(ATTACK, f"{target} is eliminated and cannot be attacked")
        if s["seats"][target]["defending"] and special(s, seat) != "pierce_defence":
            raise RuleViolation(ATTACK, f"{target} is defending (防御中の刀剣を相手に指定することはできません)")
        if _state.guarded(s, target):
            raise RuleViolation(ATTACK, f"{target} cannot be attacked this 周 (技能の効果)")
        if not 0 <= extra <= s["seats"][seat]["tosou"]:
            raise RuleViolation(ATTACK, f"extra attacks cost one own 刀装 each: {seat} has "
                                        f"{s['seats'][seat]['tosou']}, asked {extra}")

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=True)
        s, seat, target = t.s, cmd["seat"], cmd["target"]
        extra = cmd.get("extra", 0)
        s["seats"][seat]["tosou"] -= extra
        if s["pool"] is not None:
            s["pool"] += extra
        total = 1 + extra + bonus_attacks(s, seat)
        s["events"].append({"kind": "attack", "seat": seat, "target": target, "extra": extra, "total": total})
        theirs = s["seats"][target]
        remaining = total
        while remaining and theirs["tosou"]:
            theirs["tosou"] -= 1
            if s["pool"] is not None:
                s["pool"] += 1
            remaining -= 1
            s["events"].append({"kind": "broke_tosou", "seat": target})
        if not remaining:
            _finish_turn(t)
            return
        s["attack"] = {"target": target, "remaining": remaining, "start_red": theirs["fatigue"] == RED}
        _ask_strike(t, seat)

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        s, by = t.s, cmd["seat"]
        extra = cmd.get("extra", 0)
        total = 1 + extra + bonus_attacks(s, by)
        paid = f"、刀装{extra}個消費" if extra else ""
        return f"{_sword(s, by)} で {cmd['target']} を攻撃する（攻撃{total}回{paid}）"


def _ask_strike(t: Table, seat: str) -> None:
    target = t.s["attack"]["target"]
    decisions.ask(t.s, seat=seat, kind="strike", options=["look", "fatigue"],
                  prompt=f"{target} の役カードを見るか、疲労度を上げるか")


@COMMANDS.implements("defend")
class Defend:
    """－防御－: the card lies sideways until the seat's next 手番; never twice in a row."""

    def check(self, t: Table, cmd: dict) -> None:
        if t.s["released"]:
            raise RuleViolation(DEFEND, "２回続けて防御をすることは出来ません: the 防御 was released at the start of this 手番")

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=True)
        t.s["seats"][cmd["seat"]]["defending"] = True
        t.s["events"].append({"kind": "defend", "seat": cmd["seat"]})
        _finish_turn(t)

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        return f"{_sword(t.s, cmd['seat'])} 防御する"


@COMMANDS.implements("duel")
class Duel:
    """－一騎討ち－: at red fatigue, nominate a player; it chooses a 山札 card, you guess its role."""

    def check(self, t: Table, cmd: dict) -> None:
        s, seat, target = t.s, cmd["seat"], cmd["target"]
        if s["seats"][seat]["fatigue"] != RED and special(s, seat) != "duel_any_fatigue":
            raise RuleViolation(DUEL, "一騎討ち only at red (高) fatigue")
        if not _is_seat(s, target) or target == seat:
            raise RuleViolation(DUEL, f"nominate another player, not {target!r}")
        if s["seats"][target]["eliminated"]:
            raise RuleViolation(DUEL, f"{target} is eliminated")
        if special(s, target) == "duel_immune":
            raise RuleViolation(DUEL, f"{target}'s 特殊 refuses 一騎討ち")
        if not deck_size(s):
            raise RuleViolation(DUEL, "the 山札 is empty: the nominee has no card to choose")

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=True)
        s, seat, target = t.s, cmd["seat"], cmd["target"]
        t.set("deck_seen", target, t.now)  # 山札を確認して…
        s["duel"] = {"challenger": seat, "nominee": target, "card": None}
        s["events"].append({"kind": "duel", "seat": seat, "target": target})
        options: list[Any] = t.zones.may_contain("deck")
        if s["table"] == "observed":
            options.append(None)  # the recorder did not see which card the nominee took
        decisions.ask(s, seat=target, kind="duel_card", options=options, secret=True,
                      prompt="山札から1枚を選び、誰にも見せずに裏にして中央へ置く")

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        return f"{_sword(t.s, cmd['seat'])} で {cmd['target']} に一騎討ちを仕掛ける"


@COMMANDS.implements("choose")
class Choose:
    """The answer to the pending decision: a strike, the nominee's card, the guess."""

    def check(self, t: Table, cmd: dict) -> None:
        pending = t.s["pending"]
        decisions.check_choice(t.s, cmd, DECISION_RULE[pending["kind"]] if pending else TURN)

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=False)
        kind = t.s["pending"]["kind"]
        t.s["pending"] = None
        {"strike": _strike, "duel_card": _duel_card, "duel_guess": _duel_guess}[kind](t, cmd["seat"], cmd["choice"])

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        pending = t.s["pending"] or {}
        by, choice = cmd["seat"], cmd["choice"]
        kind = pending.get("kind")
        if kind == "strike":
            return f"{by}: {_strike_label(t.s, choice)}"
        if kind == "duel_card":
            if seat != by:
                return f"{by}: 山札から1枚を選び、裏のまま中央に置く"
            card = LABELS.get(choice, "見ていない1枚") if choice is not None else "見ていない1枚"
            return f"{by}: 山札から{card}を選び、裏のまま中央に置く"
        if kind == "duel_guess":
            return f"{by}: 伏せた札は「{LABELS.get(choice, choice)}」と宣言する"
        return f"{by}: {choice!r} を選ぶ"


def _strike_label(s: Mapping[str, Any], choice: str) -> str:
    """What one strike will do, from the public board (fatigue, whether the target began red)."""
    attack = s["attack"] or {}
    target = attack.get("target", "?")
    notes = []
    if choice == "look":
        text = f"{target} の役カードを見る"
    else:
        fatigue = s["seats"][target]["fatigue"] if target in s["seats"] else 0
        if fatigue == RED and attack.get("start_red"):
            text, notes = f"{target} を脱落させる", ["疲労度：赤"]
        elif fatigue == RED:
            text, notes = f"{target} の疲労度を上げる", ["赤で止まる"]
        else:
            text, notes = f"{target} の疲労度を上げる", [f"{FATIGUE_LABELS[fatigue]} → {FATIGUE_LABELS[fatigue + 1]}"]
    if attack.get("remaining", 0) > 1:
        notes.append(f"残り{attack['remaining']}回")
    return text + (f"（{'、'.join(notes)}）" if notes else "")


def _strike(t: Table, seat: str, choice: str) -> None:
    """■刀装を持っていない相手を攻撃したとき: look at the role, or raise the fatigue."""
    s = t.s
    attack = s["attack"]
    target = attack["target"]
    theirs = s["seats"][target]
    if choice == "look":
        _look(t, seat, target, "攻撃", ATTACK)
        s["events"].append({"kind": "looked", "seat": seat, "target": target})
    elif theirs["fatigue"] == RED and attack["start_red"]:
        _eliminate(t, target, "attack")
    elif theirs["fatigue"] == RED:
        # 疲労度が高未満の相手を、１回の攻撃で脱落させることは出来ません
        s["events"].append({"kind": "fatigue", "seat": target, "to": RED, "capped": True})
    else:
        theirs["fatigue"] += 1
        s["events"].append({"kind": "fatigue", "seat": target, "to": theirs["fatigue"], "capped": False})
    if s["over"] is not None:
        return
    remaining = attack["remaining"] - 1
    if remaining and not theirs["eliminated"]:
        s["attack"] = {**attack, "remaining": remaining}
        _ask_strike(t, seat)
    else:
        _finish_turn(t)


def _duel_card(t: Table, seat: str, choice: str | None) -> None:
    """指名されたプレイヤーは、山札を確認して任意の１枚を選び、誰にも見せずに裏にして中央へ置きます."""
    s = t.s
    card = t.zones.take("deck", choice, DUEL, how="一騎討ち")
    s["duel"] = {**s["duel"], "card": card}
    s["events"].append({"kind": "card_chosen", "seat": seat})
    decisions.ask(s, seat=s["duel"]["challenger"], kind="duel_guess", options=list(GUESSES),
                  prompt="中央に置かれた役カードの役を当てる")


def _duel_guess(t: Table, seat: str, guess: str) -> None:
    s = t.s
    duel = s["duel"]
    challenger, nominee = duel["challenger"], duel["nominee"]
    card = t.turn_up_card(duel["card"], DUEL)  # shown to all, then back into the 山札
    t.zones.shuffle_in("deck", card)
    correct = guess == card
    loser = nominee if correct else challenger
    s["duel"] = None
    s["last_duel"] = {"challenger": challenger, "nominee": nominee, "card": card, "guess": guess,
                      "correct": correct, "loser": loser, "step": t.now}
    s["events"].append({"kind": "duel_result", "card": card, "guess": guess, "correct": correct, "loser": loser})
    _eliminate(t, loser, "duel")
    _finish_turn(t)


@COMMANDS.implements("declare_victory")
class DeclareVictory:
    """④審神者の勝利宣言: only the 審神者, only between a 周's end and the new 近侍's first action."""

    def check(self, t: Table, cmd: dict) -> None:
        # The window is checked first and its refusal names no seat, so that a refusal tells
        # the caller nothing about who the 審神者 is beyond what the posting seat knows.
        if not t.s["declaration_open"]:
            raise RuleViolation(DECLARE, "勝利宣言 is made only after a 周 ends, before the next 周's first action")
        if cmd["seat"] not in may_declare(t.s):
            raise RuleViolation(DECLARE, f"{cmd['seat']} is not the 審神者: only the 審神者 declares victory")

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=False)
        s, seat = t.s, cmd["seat"]
        if is_token(s["roles"][seat]):  # declaring shows the card: it is the 審神者
            t.reveal_role(seat, SANIWA, DECLARED, DECLARE)
        s["events"].append({"kind": "declared", "seat": seat})
        # 脱落していないプレイヤーの役カードを全て表にします: they decide the winner. One the
        # record has not seen is stated by its own turn_up (each stated here, the table
        # would have to list every way the living roles could fall).
        for other in alive(s):
            if not is_token(s["roles"][other]):
                _face_up(t, other, DECLARED)
        _end(t, "declared", None)
        _settle(t)

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: 審神者として勝利宣言する"


def _settle(t: Table) -> None:
    """勝敗の決め方 of a 勝利宣言, once every living player's role is known."""
    s = t.s
    left = alive(s)
    if s["over"]["side"] is not None or any(is_token(s["roles"][x]) for x in left):
        return
    clean = all(s["roles"][x] != SOKOGUN for x in left)
    side = SIDE[SANIWA] if clean else SIDE[SOKOGUN]
    detail = "（残った全員が刀剣男士）" if clean else "（時間遡行軍が残っていた）"
    s["over"] = {**s["over"], "side": side, "reason": _reason("declared", side, detail)}
    s["events"].append({"kind": "decided", "side": side})


@COMMANDS.implements("turn_up")
class TurnUp:
    """勝敗の確認 at an observed table: a role card nobody recording saw, turned face up."""

    def check(self, t: Table, cmd: dict) -> None:
        if cmd["seat"] not in to_reveal(t.s):
            raise RuleViolation(END, f"{cmd['seat']}'s role card is already face up")

    def apply(self, t: Table, cmd: dict) -> None:
        t.begin(turn=False)
        s, seat = t.s, cmd["seat"]
        if s["over"]["side"] is None and not s["seats"][seat]["eliminated"]:
            _face_up(t, seat, DECLARED, rule=DECLARE, required=True)  # it decides the 勝利宣言
        else:
            _face_up(t, seat, END_SHOWN)
        s["events"].append({"kind": "turned_up", "seat": seat})
        _settle(t)

    def label(self, t: Table, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: 役カードを表にする"


COMMANDS.complete()


# ---- the game ------------------------------------------------------------------------------

class SenbuRinki(Game):
    """The ``Rules`` object for 千舞鱗鬼さがし (see the package docstring for the rulings)."""

    id = "senbu_rinki"
    version = 2
    title = "千舞鱗鬼さがし"
    seats = (4, 5, 6, 7, 8, 9, 10)
    COMMANDS = COMMANDS
    options_schema = OptionsSchema()
    cardset_schema = SwordCards()
    package = "kifu.replays.games.senbu_rinki"
    default_cardset = "senbu_rinki-demo"
    context = Table

    def deal(self, t: Table, options: Mapping[str, Any], players: int) -> None:
        """Deal swords and roles (chance events unless the options name them), 刀装, the first 近侍."""
        _state.deal(t, options, players)

    def copy(self, state: dict) -> dict:
        """A copy ``apply`` may write into: only what the commands change in place is copied.

        Each seat's counters (its sword data is never written and stays shared) and the
        lists commands append to. Everything else is replaced whole, never edited, so it is
        shared: ``pending``, ``attack``, ``duel``, ``last_duel``, ``over``, and the maps that
        change rarely (``roles``, ``knowledge``, ``face_up``, ``deck_seen``: ``Table.set``);
        the kit copies ``zones``. The property tests check that ``apply`` never mutates its
        input.
        """
        new = dict(state)
        new["seats"] = {seat: dict(data) for seat, data in state["seats"].items()}
        for key in ("order", "acted", "skipped", "round_effects"):
            new[key] = list(state[key])
        return new

    def precheck(self, t: Table, cmd: dict) -> bool:
        """The game is not over; a pending decision is answered first; a 手番 is its seat's."""
        s = t.s
        kind = cmd["type"]
        if s["over"] is not None:
            if kind == "turn_up" and to_reveal(s):
                return False
            raise RuleViolation(END, f"the game is over ({s['over']['reason']})")
        if kind == "turn_up":
            raise RuleViolation(END, "role cards are turned up when the game is over")
        if kind == "declare_victory":
            return False
        pending = s["pending"]
        if pending is not None:
            decisions.check_choice(s, cmd, DECISION_RULE[pending["kind"]])
            return True
        if kind not in TURN_COMMANDS:
            raise RuleViolation(TURN, f"{kind} is not awaited now: it is {s['current']}'s 手番 (技能・攻撃・防御・一騎討ち)")
        if cmd["seat"] != s["current"]:
            raise RuleViolation(TURN, f"it is {s['current']}'s 手番, not {cmd['seat']}'s")
        return False

    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        """Every command ``seat`` may post now (before any outcome is stated)."""
        if seat not in awaited(state):
            return []
        if state["over"] is not None:
            return [{"type": "turn_up", "seat": seat}]
        if state["pending"] is not None:
            return decisions.choices(state, seat)
        out: list[dict[str, Any]] = []
        if seat == state["current"]:
            for target in skill_targets(state, seat):
                out.append({"type": "skill", "seat": seat} if target is None
                           else {"type": "skill", "seat": seat, "target": target})
            for target in attack_targets(state, seat):
                for extra in range(state["seats"][seat]["tosou"] + 1):
                    out.append({"type": "attack", "seat": seat, "target": target, "extra": extra})
            if not state["released"]:
                out.append({"type": "defend", "seat": seat})
            if can_duel(state, seat):
                out.extend({"type": "duel", "seat": seat, "target": x} for x in duel_targets(state, seat))
        if state["declaration_open"] and seat in may_declare(state):
            out.append({"type": "declare_victory", "seat": seat})
        return out

    def to_act(self, state: dict) -> tuple[str, ...]:
        """Server-internal, omniscient: the seat(s) whose command is awaited.

        Right after a 周 this is the new 近侍 and (if another seat) the 審神者, who may
        declare victory: never show it to a viewer; use ``view(...)["to_act"]``.
        """
        return awaited(state)

    def view(self, state: dict, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see (``view.py`` documents the shape)."""
        return _view.view(state, perspective)

    def outcome(self, state: dict) -> Outcome | None:
        """勝敗の決め方: the winning side's seats (eliminated ones included) whose role is known,
        once every role card is face up."""
        over = state["over"]
        if over is None or to_reveal(state):
            return None
        winners = tuple(s for s in seat_ids(state["players"])
                        if state["roles"][s] in SIDE and SIDE[state["roles"][s]] == over["side"])
        return Outcome(winners=winners, reason=over["reason"])

    def describe(self, before: dict, command: dict, after: dict, perspective: str) -> str:
        """A move-list line that names a role only to those who may know it."""
        return _describe.describe(before, command, after, perspective)

    def outcome_name(self, outcome: Any) -> str:
        """A stated outcome in the game's words: a role, a sword, a seat, or "伏せたまま"."""
        if outcome is None:
            return "（不明）"
        if outcome == FACE_DOWN:
            return "伏せたまま（審神者ではない）"
        return LABELS.get(outcome) or str(outcome)

    def turn(self, state: dict) -> int:
        """The 周 (round) number."""
        return state["round"]

    def phase(self, state: dict) -> str:
        """turn | strike | duel_card | duel_guess | reveal | over (the declaration window is part of "turn")."""
        return _state.phase(state)
