"""Move-list lines and command redaction, per perspective.

A look at a role is described as "looked at pX's role" to everyone, and names the role
only to the seat that looked (and the judge). The 一騎討ち nominee's card index is
removed from the command for everyone but the nominee and the judge; the card itself is
named once it is turned up. Nothing else in a command is hidden: a 勝利宣言 names its
seat, but declaring turns the 審神者's card up anyway (and ends the game), and a 審神者
who stays silent posts nothing at all.
"""
from __future__ import annotations

from typing import Any, Mapping

from replays.rules import OMNISCIENT

from .roles import LABELS
from .rules import HOW_LABELS, apply
from .state import FATIGUE_LABELS


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


__all__ = ["describe", "redact"]
