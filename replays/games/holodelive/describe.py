"""One Japanese move-list line per command, as a perspective may read it.

The line names the command and then what followed from it (lives held, contests,
cancellations, rulings that end the game), read from the public events that ``apply``
records. A draw from the deck never names the card except to its drawer and omniscient;
a secret choice (尾丸ポルカ's card back onto the deck) is hidden the same way.
"""
from __future__ import annotations

from typing import Any

from replays.games.holodelive import effects, hands
from replays.games.holodelive.cards import CardSet
from replays.rules import OMNISCIENT

KIND_NAMES = {"five": "5人", "generation": "期生ライブ"}


def _venue(cs: CardSet, state: dict, v: int) -> str:
    return f"会場{v + 1}（{cs.venue(state['venues'][v]['id'])['name']}）"


def _choice_text(cs: CardSet, choice: Any, state: dict) -> str:
    if choice is None:
        return "使わない"
    if isinstance(choice, list) and len(choice) == 2:
        return f"{cs.member(choice[0])['name']} を 会場{choice[1] + 1} へ"
    if isinstance(choice, str) and choice in cs.members:
        return cs.member(choice)["name"]
    if isinstance(choice, int):
        return f"会場{choice + 1}"
    return {"negate": "無効化する", "pass": "無効化しない", "use": "使う", "swap": "替える",
            "keep": "替えない"}.get(choice, str(choice))


def describe(state: dict, cmd: dict, perspective: str, cs: CardSet, after: dict | None) -> str:
    seat, kind = cmd.get("seat", ""), cmd.get("type", "")
    sees = perspective in (OMNISCIENT, seat)
    name = lambda c: cs.member(c)["name"] if c in cs.members else str(c)  # noqa: E731
    if kind == "draw":
        if cmd.get("source") == "office":
            line = f"{seat}: 事務所の {name(state['office'])} を引く"
        else:
            top = state["deck"][0] if state["deck"] else None
            line = f"{seat}: 山札から1枚引く" + (f"（{name(top)}）" if sees and top else "")
    elif kind == "action":
        line = f"{seat}: {name(cmd['card'])} のアクション能力を使う"
    elif kind == "play":
        line = f"{seat}: {name(cmd['card'])} を {_venue(cs, state, cmd['venue'])} のユニットに出す"
    elif kind == "pass":
        line = f"{seat}: 出せるカードが無いためプレイフェイズをパス"
    elif kind == "declare_live":
        line = f"{seat}: {_venue(cs, state, cmd['venue'])} で「ライブ準備！」（{KIND_NAMES.get(cmd['kind'], cmd['kind'])}）"
    elif kind == "end_turn":
        line = f"{seat}: ターン終了"
    elif kind == "choose":
        pending = state.get("pending") or {}
        secret = pending.get("effect") in effects.SECRET_CHOICES and not sees
        source = name(pending["card"]) if pending.get("card") else "?"
        text = "（非公開）" if secret else _choice_text(cs, cmd.get("choice"), state)
        line = f"{seat}: {source} — {pending.get('prompt', '選択')}: {text}"
    else:
        line = f"{seat} {kind}".strip()
    if after is not None:
        notes = [n for n in (_event_text(cs, state, after, e) for e in after["events"]) if n]
        if notes:
            line += " → " + "、".join(notes)
    return line


def _event_text(cs: CardSet, before: dict, after: dict, e: dict) -> str | None:
    k = e["kind"]
    name = lambda c: cs.member(c)["name"]  # noqa: E731
    if k == "live":
        how = "（固定 10000）" if e["fixed"] else ""
        return (f"会場{e['venue'] + 1} ライブ開催: {e['seat']} が獲得、観客 {e['audience']}{how}、"
                f"役 {hands.RANK_NAMES[hands.RANK_KEYS.index(e['hand'])]}")
    if k == "contest":
        h = "・".join(f"{s} {hands.RANK_NAMES[hands.RANK_KEYS.index(r)]}" for s, r in sorted(e["hands"].items()))
        tie = "（同じ役: 先に宣言した側の勝ち）" if e["tie"] else ""
        return f"会場{e['venue'] + 1} で決着: {h} → {e['winner']} の勝ち{tie}"
    if k == "cancel":
        return f"{e['seat']} の会場{e['venue'] + 1} のライブ準備はキャンセル（{e['declared']}枚 → {e['count']}枚）"
    if k == "negated":
        return f"{e['seat']} の雪花ラミィが {name(e['card'])} のプレイ時能力を無効化"
    if k == "suppressed":
        return f"不知火フレアにより {name(e['card'])} のプレイ時能力は発動しない"
    if k == "home":
        return f"{name(e['card'])} が {e['seat']} の自宅へ"
    if k == "reveal":
        return f"{e['seat']} が {name(e['card'])} を公開して手札に加える"
    if k == "venue_swapped":
        return f"会場{e['venue'] + 1} を箱の会場と替えた"
    if k == "draw_skipped":
        return f"山札切れ: {e['seat']} のドローフェイズを飛ばす"
    if k == "over":
        return f"ゲーム終了: {after['over']['text']}"
    return None


