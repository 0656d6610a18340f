"""Deciding and applying commands: ``check`` raises, ``apply`` trusts (【ゲームの流れ】 onwards).

A 手番 is one of ``skill`` (技能), ``attack`` (攻撃), ``defend`` (防御), ``duel`` (一騎討ち).
Decisions inside an action are pending decisions of one seat, awaited by ``to_act``:

- ``strike``: each attack that meets a target without 刀装 needs the attacker's choice,
  ``look`` (see the role) or ``fatigue`` (raise it), made one attack at a time so that
  what a look showed can inform the next choice;
- ``choose_card``: the 一騎討ち nominee picks a face-down 山札 card by index (the index is
  redacted from every other seat: see ``describe.redact``);
- ``guess``: the challenger names 刀剣男士 or 時間遡行軍.

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

from replays.errors import RuleViolation
from replays.rules import Outcome, seat_ids

from .roles import GUESSES, SANIWA, SIDE, SIDE_LABELS, SOKOGUN
from .state import RED, alive, left_of, start_round, start_turn

TURN = "ゲームの流れ/③手番の実行"
DECLARE = "ゲームの流れ/④審神者の勝利宣言"
SKILL = "技能"
ATTACK = "攻撃"
DEFEND = "防御"
DUEL = "一騎討ち"
END = "ゲームの終了"

TURN_COMMANDS = ("skill", "attack", "defend", "duel")
PENDING_COMMANDS = {
    "strike": ("strike",),
    "duel_card": ("choose_card",),
    "duel_guess": ("guess",),
}

REASONS = {
    "saniwa_out": "審神者が脱落した",
    "declared": "審神者が勝利宣言をした",
    "two_left": "脱落していないプレイヤーが2人になった",
}
HOW_LABELS = {"attack": "攻撃", "duel": "一騎討ち", "skill": "技能の使用"}


# ---- reading the state -------------------------------------------------------------

def phase(state: Mapping[str, Any]) -> str:
    if state["over"] is not None:
        return "over"
    return state["pending"]["kind"] if state["pending"] else "turn"


def saniwa(state: Mapping[str, Any]) -> str:
    return next(s for s, r in state["roles"].items() if r == SANIWA)


def public_to_act(state: Mapping[str, Any]) -> tuple[str, ...]:
    """Whom the table visibly waits for: the seat of a pending decision, else the 手番's seat."""
    if state["over"] is not None:
        return ()
    if state["pending"]:
        return (state["pending"]["seat"],)
    return (state["current"],)


def to_act(state: Mapping[str, Any]) -> tuple[str, ...]:
    """Omniscient (server-internal): the public seat plus the 審神者 while it may declare."""
    seats = public_to_act(state)
    if state["declaration_open"] and state["over"] is None and saniwa(state) not in seats:
        seats += (saniwa(state),)
    return seats


def special(state: Mapping[str, Any], seat: str) -> str | None:
    spec = state["seats"][seat]["sword"]["special"]
    return spec["effect"] if spec else None


def skill_target_kind(state: Mapping[str, Any], seat: str) -> str:
    kind = state["seats"][seat]["sword"]["skill"]["target"]
    if kind == "other" and special(state, seat) == "self_target":
        return "any"
    return kind


def _matches(state: Mapping[str, Any], selector: Mapping[str, Any], seat: str) -> bool:
    (key, value), = selector.items()
    mine = state["seats"][seat]
    if key == "all":
        return True
    if key == "tosou":
        return mine["tosou"] > 0
    return mine["sword"][{"type": "type", "school": "school", "sword": "name"}[key]] == value


def _reaches(state: Mapping[str, Any], effect: Mapping[str, Any], seat: str) -> bool:
    """Round-scoped effects: ``reach`` lists the later players, or None for a named selector."""
    if effect["reach"] is not None and seat not in effect["reach"]:
        return False
    return _matches(state, effect["selector"], seat)


def bonus_attacks(state: Mapping[str, Any], seat: str) -> int:
    return sum(e["amount"] for e in state["round_effects"] if e["effect"] == "extra_attacks" and _reaches(state, e, seat))


def guarded(state: Mapping[str, Any], seat: str) -> bool:
    return any(e["effect"] == "guard" and _reaches(state, e, seat) for e in state["round_effects"])


def _is_seat(state: Mapping[str, Any], value: Any) -> bool:
    return isinstance(value, str) and value in state["seats"]


def attack_targets(state: Mapping[str, Any], seat: str) -> list[str]:
    pierce = special(state, seat) == "pierce_defence"
    return [
        t for t in alive(state)
        if t != seat and (pierce or not state["seats"][t]["defending"]) and not guarded(state, t)
    ]


def can_duel(state: Mapping[str, Any], seat: str) -> bool:
    return bool(state["deck"]) and (state["seats"][seat]["fatigue"] == RED or special(state, seat) == "duel_any_fatigue")


def duel_targets(state: Mapping[str, Any], seat: str) -> list[str]:
    return [t for t in alive(state) if t != seat and special(state, t) != "duel_immune"]


def skill_targets(state: Mapping[str, Any], seat: str) -> list[str | None]:
    kind = skill_target_kind(state, seat)
    if kind in ("self", "none"):
        return [None]
    return [t for t in alive(state) if kind == "any" or t != seat]


# ---- check --------------------------------------------------------------------------

def check(state: Mapping[str, Any], command: Mapping[str, Any]) -> None:
    if state["over"] is not None:
        raise RuleViolation(END, f"the game is over ({state['over']['reason']})")
    kind, seat = command["type"], command["seat"]
    pending = state["pending"]
    if kind == "declare_victory":
        _check_declare(state, seat)
        return
    if pending is None:
        if kind not in TURN_COMMANDS:
            raise RuleViolation(TURN, f"{kind} is not awaited now: it is {state['current']}'s 手番 (技能・攻撃・防御・一騎討ち)")
        if seat != state["current"]:
            raise RuleViolation(TURN, f"it is {state['current']}'s 手番, not {seat}'s")
        {"skill": _check_skill, "attack": _check_attack, "defend": _check_defend, "duel": _check_duel}[kind](state, command)
        return
    allowed = PENDING_COMMANDS[pending["kind"]]
    section = ATTACK if pending["kind"] == "strike" else DUEL
    if kind not in allowed or seat != pending["seat"]:
        raise RuleViolation(section, f"awaiting {pending['seat']}'s {' or '.join(allowed)}, not {seat}'s {kind}")
    if kind == "choose_card":
        index = command["index"]
        if not 0 <= index < len(state["deck"]):
            raise RuleViolation(DUEL, f"the 山札 has {len(state['deck'])} cards; index {index} is not one of them")


def _check_declare(state: Mapping[str, Any], seat: str) -> None:
    # The window is checked first and its refusal names no seat, so that a refusal tells
    # the caller nothing about who the 審神者 is beyond what the posting seat knows.
    if not state["declaration_open"]:
        raise RuleViolation(DECLARE, "勝利宣言 is made only after a 周 ends, before the next 周's first action")
    if seat != saniwa(state):
        raise RuleViolation(DECLARE, f"{seat} is not the 審神者: only the 審神者 declares victory")


def _check_skill(state: Mapping[str, Any], command: Mapping[str, Any]) -> None:
    seat = command["seat"]
    kind = skill_target_kind(state, seat)
    target = command.get("target")
    name = state["seats"][seat]["sword"]["name"]
    if kind in ("self", "none"):
        if target is not None:
            raise RuleViolation(SKILL, f"{name}'s 技能 takes no target")
        return
    if not _is_seat(state, target):
        raise RuleViolation(SKILL, f"{name}'s 技能 needs a target seat, got {target!r}")
    if state["seats"][target]["eliminated"]:
        raise RuleViolation(SKILL, f"{target} is eliminated")
    if kind == "other" and target == seat:
        raise RuleViolation(SKILL, f"{name}'s 技能 cannot target oneself (特筆がない限り自身を指定できません)")


def _check_attack(state: Mapping[str, Any], command: Mapping[str, Any]) -> None:
    seat, target = command["seat"], command["target"]
    extra = command.get("extra", 0)
    if not _is_seat(state, target):
        raise RuleViolation(ATTACK, f"no seat {target!r}")
    if target == seat:
        raise RuleViolation(ATTACK, "a player does not attack itself (相手を指定して攻撃します)")
    if state["seats"][target]["eliminated"]:
        raise RuleViolation(ATTACK, f"{target} is eliminated and cannot be attacked")
    if state["seats"][target]["defending"] and special(state, seat) != "pierce_defence":
        raise RuleViolation(ATTACK, f"{target} is defending (防御中の刀剣を相手に指定することはできません)")
    if guarded(state, target):
        raise RuleViolation(ATTACK, f"{target} cannot be attacked this 周 (技能の効果)")
    if not 0 <= extra <= state["seats"][seat]["tosou"]:
        raise RuleViolation(ATTACK, f"extra attacks cost one own 刀装 each: {seat} has {state['seats'][seat]['tosou']}, asked {extra}")


def _check_defend(state: Mapping[str, Any], command: Mapping[str, Any]) -> None:
    if state["released"]:
        raise RuleViolation(DEFEND, "２回続けて防御をすることは出来ません: the 防御 was released at the start of this 手番")


def _check_duel(state: Mapping[str, Any], command: Mapping[str, Any]) -> None:
    seat, target = command["seat"], command["target"]
    if state["seats"][seat]["fatigue"] != RED and special(state, seat) != "duel_any_fatigue":
        raise RuleViolation(DUEL, "一騎討ち only at red (高) fatigue")
    if not _is_seat(state, target) or target == seat:
        raise RuleViolation(DUEL, f"nominate another player, not {target!r}")
    if state["seats"][target]["eliminated"]:
        raise RuleViolation(DUEL, f"{target} is eliminated")
    if special(state, target) == "duel_immune":
        raise RuleViolation(DUEL, f"{target}'s 特殊 refuses 一騎討ち")
    if not state["deck"]:
        raise RuleViolation(DUEL, "the 山札 is empty: the nominee has no card to choose")


# ---- legal --------------------------------------------------------------------------

def legal(state: Mapping[str, Any], seat: str) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    pending = state["pending"]
    if pending is None:
        out = _turn_commands(state, seat) if seat == state["current"] else []
        if state["declaration_open"] and seat == saniwa(state):
            out.append({"type": "declare_victory", "seat": seat})
        return out
    kind = pending["kind"]
    if kind == "strike":
        return [{"type": "strike", "seat": seat, "choice": c} for c in ("look", "fatigue")]
    if kind == "duel_card":
        return [{"type": "choose_card", "seat": seat, "index": i} for i in range(len(state["deck"]))]
    return [{"type": "guess", "seat": seat, "role": r} for r in GUESSES]


def _turn_commands(state: Mapping[str, Any], seat: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for target in skill_targets(state, seat):
        out.append({"type": "skill", "seat": seat} if target is None else {"type": "skill", "seat": seat, "target": target})
    for target in attack_targets(state, seat):
        for extra in range(state["seats"][seat]["tosou"] + 1):
            out.append({"type": "attack", "seat": seat, "target": target, "extra": extra})
    if not state["released"]:
        out.append({"type": "defend", "seat": seat})
    if can_duel(state, seat):
        out.extend({"type": "duel", "seat": seat, "target": t} for t in duel_targets(state, seat))
    return out


# ---- apply --------------------------------------------------------------------------

def _working_copy(state: Mapping[str, Any]) -> dict[str, Any]:
    """A copy that ``_APPLY`` may write into without touching ``state``.

    Only what the appliers write in place is copied: each seat's counters (its sword data
    is never written and stays shared), the lists they append to, and the maps they add
    keys to. Everything else (``deck``, ``roles``, ``pending``, ``last_duel``, ``over``) is
    replaced whole, never edited, so it is shared. The property tests check that ``apply``
    never mutates its input.
    """
    new = dict(state)
    new["seats"] = {seat: dict(data) for seat, data in state["seats"].items()}
    new["knowledge"] = {seat: dict(known) for seat, known in state["knowledge"].items()}
    for key in ("revealed", "deck_seen"):
        new[key] = dict(state[key])
    for key in ("order", "acted", "skipped", "round_effects"):
        new[key] = list(state[key])
    return new


def apply(state: Mapping[str, Any], command: Mapping[str, Any]) -> dict[str, Any]:
    new = _working_copy(state)  # the input is never touched
    new["step"] += 1
    new["events"] = []
    if command["type"] in TURN_COMMANDS:
        new["declaration_open"] = False  # the 審神者 stayed silent: the 周 has begun
    _APPLY[command["type"]](new, command)
    return new


def _learn(state: dict[str, Any], seat: str, target: str, how: str) -> None:
    known = state["knowledge"][seat]
    if target != seat and target not in known:
        known[target] = {"role": state["roles"][target], "step": state["step"], "how": how}


def _reveal(state: dict[str, Any], seat: str, how: str) -> None:
    if seat not in state["revealed"]:
        state["revealed"][seat] = {"role": state["roles"][seat], "step": state["step"], "how": how}


def _end(state: dict[str, Any], code: str, side: str, detail: str = "") -> None:
    state["over"] = {"code": code, "side": side, "reason": f"{REASONS[code]}{detail}：{SIDE_LABELS[side]}の勝利"}
    state["pending"] = None
    state["current"] = None
    state["declaration_open"] = False
    # The winners are named by seat, which tells every side: so every role is turned up.
    for seat in seat_ids(state["players"]):
        _reveal(state, seat, "終了時公開")
    state["events"].append({"kind": "over", "code": code, "side": side})


def _eliminate(state: dict[str, Any], seat: str, how: str) -> None:
    """脱落: face down the sword; the role is shown after a 一騎討ち or for the 審神者 (【脱落】)."""
    mine = state["seats"][seat]
    mine["eliminated"] = True
    mine["defending"] = False
    role = state["roles"][seat]
    shown = how == "duel" or role == SANIWA
    if shown:
        _reveal(state, seat, HOW_LABELS[how])
    state["events"].append({"kind": "eliminated", "seat": seat, "how": how, "shown": shown})
    if role == SANIWA:
        _end(state, "saniwa_out", SIDE[SOKOGUN], f"（{HOW_LABELS[how]}）")
        return
    left = alive(state)
    if len(left) == 2:
        for other in left:
            _reveal(state, other, "残り2人")
        side = SIDE[SOKOGUN] if any(state["roles"][s] == SOKOGUN for s in left) else SIDE[SANIWA]
        _end(state, "two_left", side, f"（{HOW_LABELS[how]}）")


def _finish_turn(state: dict[str, Any]) -> None:
    """The acting seat is done; the next seat of this 周 in order, else the next 周.

    After a 周 the 近侍 token passes left at once (skipping eliminated players) and the
    declaration window opens; nothing here names the 審神者 (④審神者の勝利宣言).
    """
    state["pending"] = None
    if state["over"] is not None:
        return
    if state["current"] is not None and state["current"] not in state["acted"]:
        state["acted"].append(state["current"])
    for seat in state["order"]:
        if seat in state["acted"] or state["seats"][seat]["eliminated"]:
            continue
        if seat in state["skipped"]:
            state["acted"].append(seat)
            state["events"].append({"kind": "lost_turn", "seat": seat})
            continue
        start_turn(state, seat)
        return
    state["events"].append({"kind": "round_over", "round": state["round"]})
    kinji = left_of(state["kinji"], state["players"])
    while state["seats"][kinji]["eliminated"]:
        kinji = left_of(kinji, state["players"])
    state["kinji"] = kinji
    state["round"] += 1
    state["events"].append({"kind": "kinji", "seat": kinji, "round": state["round"]})
    state["declaration_open"] = True
    start_round(state)


def _apply_skill(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    seat = command["seat"]
    mine = state["seats"][seat]
    skill = mine["sword"]["skill"]
    amount = skill.get("amount", 0) + (1 if special(state, seat) == "skill_boost" else 0)
    target = command.get("target") or (seat if skill["target"] == "self" else None)
    was_red = mine["fatigue"] == RED
    effect = skill["effect"]
    event: dict[str, Any] = {"kind": "skill", "seat": seat, "effect": effect, "target": target}
    state["events"].append(event)
    if effect == "look_role":
        _learn(state, seat, target, "技能")
    elif effect == "gain_tosou":
        n = amount if state["pool"] is None else min(amount, state["pool"])
        state["seats"][target]["tosou"] += n
        if state["pool"] is not None:
            state["pool"] -= n
        event["n"] = n
    elif effect == "break_tosou":
        n = min(amount, state["seats"][target]["tosou"])
        state["seats"][target]["tosou"] -= n
        if state["pool"] is not None:
            state["pool"] += n
        event["n"] = n
    elif effect == "fatigue":
        # a skill raises fatigue but never eliminates: only attacks do (【脱落】)
        state["seats"][target]["fatigue"] = min(RED, state["seats"][target]["fatigue"] + amount)
    elif effect == "rest":
        state["seats"][target]["fatigue"] = max(0, state["seats"][target]["fatigue"] - amount)
    elif effect == "skip_turn":
        # no effect on a player who already took this 周's 手番 (技能)
        effective = target not in state["acted"] and target != seat
        if effective:
            state["skipped"].append(target)
        event["effective"] = effective
    else:  # extra_attacks, guard: round-scoped
        selector = skill["selector"]
        named = "all" not in selector
        later = [s for s in state["order"] if s not in state["acted"] and s != seat]
        state["round_effects"].append({
            "effect": effect, "amount": amount, "selector": selector, "from": seat,
            "reach": None if named else later,
        })
    if seat != state["kinji"] and special(state, seat) != "tireless":
        if was_red:
            _eliminate(state, seat, "skill")
        else:
            mine["fatigue"] += 1
    _finish_turn(state)


def _apply_attack(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    seat, target = command["seat"], command["target"]
    extra = command.get("extra", 0)
    state["seats"][seat]["tosou"] -= extra
    if state["pool"] is not None:
        state["pool"] += extra
    total = 1 + extra + bonus_attacks(state, seat)
    state["events"].append({"kind": "attack", "seat": seat, "target": target, "extra": extra, "total": total})
    theirs = state["seats"][target]
    start_red = theirs["fatigue"] == RED
    remaining = total
    while remaining and theirs["tosou"]:
        theirs["tosou"] -= 1
        if state["pool"] is not None:
            state["pool"] += 1
        remaining -= 1
        state["events"].append({"kind": "broke_tosou", "seat": target})
    if remaining:
        state["pending"] = {"kind": "strike", "seat": seat, "target": target, "remaining": remaining, "start_red": start_red}
    else:
        _finish_turn(state)


def _apply_strike(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    pending = state["pending"]
    seat, target = pending["seat"], pending["target"]
    theirs = state["seats"][target]
    if command["choice"] == "look":
        _learn(state, seat, target, "攻撃")
        state["events"].append({"kind": "looked", "seat": seat, "target": target})
    elif theirs["fatigue"] == RED and pending["start_red"]:
        _eliminate(state, target, "attack")
    elif theirs["fatigue"] == RED:
        # 疲労度が高未満の相手を、１回の攻撃で脱落させることは出来ません
        state["events"].append({"kind": "fatigue", "seat": target, "to": RED, "capped": True})
    else:
        theirs["fatigue"] += 1
        state["events"].append({"kind": "fatigue", "seat": target, "to": theirs["fatigue"], "capped": False})
    remaining = pending["remaining"] - 1
    if state["over"] is not None:
        return
    if remaining and not theirs["eliminated"]:
        state["pending"] = {**pending, "remaining": remaining}
    else:
        _finish_turn(state)


def _apply_defend(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    state["seats"][command["seat"]]["defending"] = True
    state["events"].append({"kind": "defend", "seat": command["seat"]})
    _finish_turn(state)


def _apply_duel(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    seat, target = command["seat"], command["target"]
    state["deck_seen"][target] = state["step"]  # 山札を確認して…
    state["pending"] = {"kind": "duel_card", "seat": target, "challenger": seat}
    state["events"].append({"kind": "duel", "seat": seat, "target": target})


def _apply_choose_card(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    pending = state["pending"]
    state["pending"] = {"kind": "duel_guess", "seat": pending["challenger"], "nominee": pending["seat"],
                        "index": command["index"]}
    state["events"].append({"kind": "card_chosen", "seat": pending["seat"]})


def _apply_guess(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    pending = state["pending"]
    challenger, nominee = pending["seat"], pending["nominee"]
    card = state["deck"][pending["index"]]  # shown to all, then back to its place in the 山札
    correct = command["role"] == card
    loser = nominee if correct else challenger
    state["last_duel"] = {"challenger": challenger, "nominee": nominee, "card": card, "guess": command["role"],
                          "correct": correct, "loser": loser, "step": state["step"]}
    state["events"].append({"kind": "duel_result", "card": card, "guess": command["role"], "correct": correct,
                            "loser": loser})
    state["pending"] = None
    _eliminate(state, loser, "duel")
    _finish_turn(state)


def _apply_declare(state: dict[str, Any], command: Mapping[str, Any]) -> None:
    left = alive(state)
    for seat in left:
        _reveal(state, seat, "勝利宣言")
    clean = all(state["roles"][s] != SOKOGUN for s in left)
    state["events"].append({"kind": "declared", "seat": command["seat"]})
    detail = "（残った全員が刀剣男士）" if clean else "（時間遡行軍が残っていた）"
    _end(state, "declared", SIDE[SANIWA] if clean else SIDE[SOKOGUN], detail)


_APPLY = {
    "skill": _apply_skill,
    "attack": _apply_attack,
    "strike": _apply_strike,
    "defend": _apply_defend,
    "duel": _apply_duel,
    "choose_card": _apply_choose_card,
    "guess": _apply_guess,
    "declare_victory": _apply_declare,
}


# ---- outcome ------------------------------------------------------------------------

def outcome(state: Mapping[str, Any]) -> Outcome | None:
    """勝敗の決め方: the winning side's seats (eliminated ones included)."""
    over = state["over"]
    if over is None:
        return None
    winners = tuple(s for s in seat_ids(state["players"]) if SIDE[state["roles"][s]] == over["side"])
    return Outcome(winners=winners, reason=over["reason"])
