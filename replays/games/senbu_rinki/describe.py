"""Move-list lines, per perspective, read from the state before and after a command.

A line never re-runs the command: it reads the command (as ``perspective`` may see it),
the board before it, and the events ``apply`` left in the state after it. A look at a
role is described as "looked at pX's role" to everyone, and names the role only to the
seat that looked (and the judge). The 一騎討ち nominee's card is a secret choice: its
line names the card only to the nominee and the judge, until it is turned up. Nothing
else in a command is hidden: a 勝利宣言 names its seat, but declaring turns the
審神者's card up anyway (and ends the game), and a 審神者 who stays silent posts nothing.
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.kit import decisions, is_token
from kifu.replays.rules import OMNISCIENT

from .roles import LABELS
from .state import FATIGUE_LABELS

HOW_LABELS = {"attack": "攻撃", "duel": "一騎討ち", "skill": "技能の使用"}


def role_text(role: str) -> str:
    """A role's name; a role nobody recording saw is "不明 ?N"."""
    return LABELS.get(role, f"不明 {role}" if is_token(role) else str(role))


def _sword(state: Mapping[str, Any], seat: str) -> str:
    return f"{seat}（{state['seats'][seat]['sword']['name']}）"


def _knows_role(after: Mapping[str, Any], perspective: str, seat: str) -> bool:
    return perspective == OMNISCIENT or perspective == seat or seat in after["face_up"] or (
        perspective in after["knowledge"] and seat in after["knowledge"][perspective]
    )


def _command_line(before: Mapping[str, Any], command: Mapping[str, Any], perspective: str) -> str:
    kind, seat = command["type"], command["seat"]
    if kind == "skill":
        skill = before["seats"][seat]["sword"]["skill"]
        target = command.get("target")
        aim = f" → {target}" if target else ""
        return f"{_sword(before, seat)} 技能{aim}：{skill['text']}"
    if kind == "attack":
        extra = command.get("extra", 0)
        paid = f"、刀装{extra}個消費" if extra else ""
        return f"{_sword(before, seat)} が {command['target']} を攻撃（攻撃回数を宣言{paid}）"
    if kind == "defend":
        return f"{_sword(before, seat)} 防御"
    if kind == "duel":
        return f"{_sword(before, seat)} が {command['target']} に一騎討ちを仕掛けた"
    if kind == "declare_victory":
        return f"{seat} が審神者として勝利宣言"
    if kind == "turn_up":
        return f"{seat} の役カードを表に"
    pending = before["pending"]["kind"]
    choice = command["choice"]
    if pending == "strike":
        return f"{seat} の攻撃（{'役カードを見る' if choice == 'look' else '疲労度を上げる'}）"
    if pending == "duel_card":
        secret = f"［{role_text(choice)}］" if choice is not None else ""
        return f"{seat} が山札から1枚を選び、裏のまま中央に置いた{secret}"
    return f"{seat} は「{role_text(choice)}」と宣言"


def _event_line(after: Mapping[str, Any], event: Mapping[str, Any], perspective: str) -> str:
    kind = event["kind"]
    seat = event.get("seat")
    if kind == "release":
        return f"{seat} は防御を解除"
    if kind == "broke_tosou":
        return f"{seat} の刀装を1つ破壊"
    if kind == "looked":
        target = event["target"]
        role = f"（{role_text(after['roles'][target])}）" if perspective in (OMNISCIENT, seat) else ""
        return f"{seat} は {target} の役カードを見た{role}"
    if kind == "skill":
        effect, target = event["effect"], event["target"]
        if effect == "look_role":
            role = f"（{role_text(after['roles'][target])}）" if perspective in (OMNISCIENT, seat) else ""
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
            role = f"役：{role_text(after['roles'][seat])}"
        else:
            role = "役は伏せたまま"
        return f"{seat} 脱落（{HOW_LABELS[event['how']]}、{role}）"
    if kind == "duel_result":
        verdict = "正解" if event["correct"] else "不正解"
        return f"伏せた札は{role_text(event['card'])}：{verdict}"
    if kind == "lost_turn":
        return f"{seat} はこの周の手番を失った"
    if kind == "round_over":
        return f"第{event['round']}周が終わった"
    if kind == "kinji":
        return f"近侍は {seat} へ（第{event['round']}周）"
    if kind == "over":
        return f"ゲーム終了：{after['over']['reason']}"
    if kind == "decided":
        return f"勝敗：{after['over']['reason']}"
    if kind == "turned_up":
        return f"役：{role_text(after['roles'][seat])}"
    return ""  # card_chosen, declared, defend, attack, duel: the command line says it


def describe(before: Mapping[str, Any], command: Mapping[str, Any], after: Mapping[str, Any],
             perspective: str) -> str:
    """One move-list line for ``command`` (which turned ``before`` into ``after``)."""
    shown = decisions.redact_choice(before, command, perspective)
    parts = [_command_line(before, shown, perspective)]
    parts += [_event_line(after, e, perspective) for e in after["events"]]
    return "。".join(p.rstrip("。") for p in parts if p)


__all__ = ["describe", "role_text"]
