"""Move-list lines and command redaction, per perspective.

A look at a role is described as "looked at pX's role" to everyone, and names the role
only to the seat that looked (and the judge). The 一騎討ち nominee's card index is
removed from the command for everyone but the nominee and the judge; the card itself is
named once it is turned up. Nothing else in a command is hidden: a 勝利宣言 names its
seat, but declaring turns the 審神者's card up anyway (and ends the game), and a 審神者
who stays silent posts nothing at all.

``label`` is the line of a command not yet played, as offered to a seat at the table:
what it will do ("p5 の役カードを見る"), built from the public board, the command and, for
the 一騎討ち nominee, the 山札 its view shows; never a role the seat has not seen or what
the command will bring about.
"""
from __future__ import annotations

from typing import Any, Mapping

from replays.rules import OMNISCIENT

from .roles import LABELS
from .rules import HOW_LABELS, apply, bonus_attacks
from .state import FATIGUE_LABELS, RED
from .view import deck_for


def _sword(state: Mapping[str, Any], seat: str) -> str:
    return f"{seat}（{state['seats'][seat]['sword']['name']}）"


def _knows_role(after: Mapping[str, Any], perspective: str, seat: str) -> bool:
    return perspective == OMNISCIENT or perspective == seat or seat in after["revealed"] or (
        perspective in after["knowledge"] and seat in after["knowledge"][perspective]
    )


def _command_line(state: Mapping[str, Any], command: Mapping[str, Any], perspective: str) -> str:
    kind, seat = command["type"], command["seat"]
    if kind == "skill":
        skill = state["seats"][seat]["sword"]["skill"]
        target = command.get("target")
        aim = f" → {target}" if target else ""
        return f"{_sword(state, seat)} 技能{aim}：{skill['text']}"
    if kind == "attack":
        extra = command.get("extra", 0)
        paid = f"、刀装{extra}個消費" if extra else ""
        return f"{_sword(state, seat)} が {command['target']} を攻撃（攻撃回数を宣言{paid}）"
    if kind == "strike":
        return f"{seat} の攻撃（{'役カードを見る' if command['choice'] == 'look' else '疲労度を上げる'}）"
    if kind == "defend":
        return f"{_sword(state, seat)} 防御"
    if kind == "duel":
        return f"{_sword(state, seat)} が {command['target']} に一騎討ちを仕掛けた"
    if kind == "choose_card":
        secret = ""
        if perspective in (OMNISCIENT, seat):
            secret = f"［山札の{command['index'] + 1}枚目：{LABELS[state['deck'][command['index']]]}］"
        return f"{seat} が山札から1枚を選び、裏のまま中央に置いた{secret}"
    if kind == "guess":
        return f"{seat} は「{LABELS[command['role']]}」と宣言"
    if kind == "declare_victory":
        return f"{seat} が審神者として勝利宣言"
    return f"{seat} {kind}"


def _event_line(after: Mapping[str, Any], event: Mapping[str, Any], perspective: str) -> str:
    kind = event["kind"]
    seat = event.get("seat")
    if kind == "release":
        return f"{seat} は防御を解除"
    if kind == "broke_tosou":
        return f"{seat} の刀装を1つ破壊"
    if kind == "looked":
        target = event["target"]
        role = f"（{LABELS[after['roles'][target]]}）" if perspective in (OMNISCIENT, seat) else ""
        return f"{seat} は {target} の役カードを見た{role}"
    if kind == "skill":
        effect, target = event["effect"], event["target"]
        if effect == "look_role":
            role = f"（{LABELS[after['roles'][target]]}）" if perspective in (OMNISCIENT, seat) else ""
            return f"{seat} は {target} の役カードを見た{role}"
        if effect == "skip_turn":
            return f"{target} はこの周の手番を失う" if event["effective"] else f"{target} は既に手番を終えている：効果なし"
        if effect in ("fatigue", "rest"):
            return f"{target} の疲労度：{FATIGUE_LABELS[after['seats'][target]['fatigue']]}"
        if effect == "gain_tosou":
            return f"{target} が刀装を{event['n']}個得た"
        if effect == "break_tosou":
            return f"{target} の刀装を{event['n']}個破壊"
        return ""
    if kind == "fatigue":
        if event["capped"]:
            return f"{seat} の疲労度は高（赤）で止まる"
        return f"{seat} の疲労度が{FATIGUE_LABELS[event['to']]}に"
    if kind == "eliminated":
        if event["shown"] or _knows_role(after, perspective, seat):
            role = f"役：{LABELS[after['roles'][seat]]}"
        else:
            role = "役は伏せたまま"
        return f"{seat} 脱落（{HOW_LABELS[event['how']]}、{role}）"
    if kind == "duel_result":
        verdict = "正解" if event["correct"] else "不正解"
        return f"伏せた札は{LABELS[event['card']]}：{verdict}"
    if kind == "lost_turn":
        return f"{seat} はこの周の手番を失った"
    if kind == "round_over":
        return f"第{event['round']}周が終わった"
    if kind == "kinji":
        return f"近侍は {seat} へ（第{event['round']}周）"
    if kind == "declared":
        return ""
    if kind == "over":
        return f"ゲーム終了：{after['over']['reason']}"
    return ""


def describe(state: Mapping[str, Any], command: Mapping[str, Any], perspective: str) -> str:
    """One move-list line for ``command`` applied to ``state``, as ``perspective`` may read it."""
    after = apply(state, command)
    parts = [_command_line(state, command, perspective)]
    parts += [_event_line(after, e, perspective) for e in after["events"]]
    return "。".join(p.rstrip("。") for p in parts if p)


def _strike_label(state: Mapping[str, Any], command: Mapping[str, Any]) -> str:
    """What one strike will do, from the public board (fatigue, whether the target began red)."""
    pending = state["pending"] or {}
    target = pending.get("target", "?")
    notes = []
    if command["choice"] == "look":
        text = f"{target} の役カードを見る"
    else:
        fatigue = state["seats"][target]["fatigue"] if target in state["seats"] else 0
        if fatigue == RED and pending.get("start_red"):
            text, notes = f"{target} を脱落させる", ["疲労度：赤"]
        elif fatigue == RED:
            text, notes = f"{target} の疲労度を上げる", ["赤で止まる"]
        else:
            text, notes = f"{target} の疲労度を上げる", [f"{FATIGUE_LABELS[fatigue]} → {FATIGUE_LABELS[fatigue + 1]}"]
    if pending.get("remaining", 0) > 1:
        notes.append(f"残り{pending['remaining']}回")
    return text + (f"（{'、'.join(notes)}）" if notes else "")


def label(state: Mapping[str, Any], command: Mapping[str, Any], perspective: str) -> str:
    """The table's button for ``command`` offered to ``perspective`` (the command's seat).

    Reads the public board (swords, fatigue, 刀装, this 周's effects, the pending
    decision's public part) and the command as ``perspective`` may see it; the 一騎討ち
    nominee's card is named from the 山札 its view lists while it chooses.
    """
    command = redact(state, command, perspective)
    kind, seat = command["type"], command["seat"]
    if kind == "skill":
        skill = state["seats"][seat]["sword"]["skill"]
        target = command.get("target")
        aim = f" → {target}" if target else ""
        return f"{_sword(state, seat)} の技能を使う{aim}：{skill['text']}"
    if kind == "attack":
        extra = command.get("extra", 0)
        total = 1 + extra + bonus_attacks(state, seat)
        paid = f"、刀装{extra}個消費" if extra else ""
        return f"{_sword(state, seat)} で {command['target']} を攻撃する（攻撃{total}回{paid}）"
    if kind == "strike":
        return f"{seat}: {_strike_label(state, command)}"
    if kind == "defend":
        return f"{_sword(state, seat)} 防御する"
    if kind == "duel":
        return f"{_sword(state, seat)} で {command['target']} に一騎討ちを仕掛ける"
    if kind == "choose_card":
        if "index" not in command:
            return f"{seat}: 山札から1枚を選び、裏のまま中央に置く"
        index = command["index"]
        cards = deck_for(state, perspective).get("cards") or []
        card = f"（{LABELS[cards[index]]}）" if 0 <= index < len(cards) else ""
        return f"{seat}: 山札の{index + 1}枚目{card}を選び、裏のまま中央に置く"
    if kind == "guess":
        return f"{seat}: 伏せた札は「{LABELS[command['role']]}」と宣言する"
    if kind == "declare_victory":
        return f"{seat}: 審神者として勝利宣言する"
    return f"{seat} {kind}"


def redact(state: Mapping[str, Any], command: Mapping[str, Any], perspective: str) -> dict[str, Any]:
    """``command`` as ``perspective`` may see it: a nominee's card index is theirs alone.

    Every seat that posts a command is one the table saw act (the 手番's seat, the
    attacker choosing look/fatigue, the 一騎討ち's two players) or the 審神者 declaring,
    which reveals it: so no seat is ever blanked, and a record entry's ``actor`` is safe
    to show while the match is live.
    """
    kind, seat = command.get("type"), command.get("seat")
    if kind == "choose_card" and perspective not in (OMNISCIENT, seat):
        return {k: v for k, v in command.items() if k != "index"}
    return dict(command)


__all__ = ["describe", "label", "redact"]
