"""One Japanese move-list line per command, as a perspective may read it.

``describe(before, command, after, perspective)`` names the command from the state
before it and then what followed from it (lives held, contests, cancellations, rulings
that end the game), read from the public events of the state after it: it never re-runs
the command. A draw from the deck names the card only to its drawer and omniscient; a
secret choice (尾丸ポルカ's card back onto the deck) is hidden the same way (the kit's
``redact``); a face-down venue is named only to whoever knows which it is.
"""
from __future__ import annotations

from typing import Any

from kifu.replays.games.holodelive import hands
from kifu.replays.games.holodelive.rules import KIND_NAMES, RULING_TEXTS, card_label, choice_label, venue_label
from kifu.replays.games.holodelive.state import Board
from kifu.replays.kit import is_token
from kifu.replays.rules import OMNISCIENT


def describe(before: Board, cmd: dict, after: Board, perspective: str, shown: dict) -> str:
    """``shown`` is ``cmd`` as ``perspective`` may read it (the kit's ``redact``)."""
    seat, kind = cmd.get("seat", ""), cmd.get("type", "")
    sees = perspective in (OMNISCIENT, seat)
    s = before.s
    if kind == "draw":
        if cmd.get("source") == "office":
            line = f"{seat}: 事務所の {card_label(before, s['office'])} を引く"
        else:
            line = f"{seat}: 山札から1枚引く"
            drawn = after.s["hands"].get(seat, [])[-1:] if sees else []
            if drawn and not is_token(drawn[0]):
                line += f"（{card_label(before, drawn[0])}）"
    elif kind == "action":
        line = f"{seat}: {card_label(before, cmd['card'])} のアクション能力を使う"
    elif kind == "play":
        line = f"{seat}: {card_label(before, cmd['card'])} を {venue_label(before, cmd['venue'], perspective)} のユニットに出す"
    elif kind == "pass":
        line = f"{seat}: 出せるカードが無いためプレイフェイズをパス"
    elif kind == "declare_live":
        line = (f"{seat}: {venue_label(before, cmd['venue'], perspective)} で「ライブ準備！」"
                f"（{KIND_NAMES.get(cmd['kind'], cmd['kind'])}）")
    elif kind == "end_turn":
        line = f"{seat}: ターン終了"
    elif kind == "choose":
        pending = s.get("pending") or {}
        source = card_label(before, pending["card"]) if pending.get("card") else "?"
        secret = pending.get("secret") and shown.get("choice") is None and cmd.get("choice") is not None
        text = "（非公開）" if secret else choice_label(before, pending.get("kind", ""), cmd.get("choice"), perspective)
        line = f"{seat}: {source} — {pending.get('prompt', '選択')}: {text}"
    else:
        line = f"{seat} {kind}".strip()
    notes = [n for n in (_event_text(after, e, perspective) for e in after.s.get("events", [])) if n]
    if notes:
        line += " → " + "、".join(notes)
    return line


def _rank(key: str) -> str:
    return hands.RANK_NAMES[hands.RANK_KEYS.index(key)]


def _event_text(after: Board, e: dict, perspective: str) -> str | None:
    k = e["kind"]
    if k == "live":
        how = "（固定 10000）" if e["fixed"] else ""
        ruling = f"（{RULING_TEXTS[e['ruling']]}）" if e.get("ruling") else ""
        return (f"{venue_label(after, e['venue'], perspective)} ライブ開催: {e['seat']} が獲得、観客 {e['audience']}{how}、"
                f"役 {_rank(e['hand'])}{ruling}")
    if k == "contest":
        h = "・".join(f"{s} {_rank(r)}" for s, r in sorted(e["hands"].items()))
        tie = "（同じ役: 先に宣言した側の勝ち）" if e["tie"] else ""
        return f"会場{e['venue'] + 1} で決着: {h} → {e['winner']} の勝ち{tie}"
    if k == "cancel":
        return f"{e['seat']} の会場{e['venue'] + 1} のライブ準備はキャンセル（{e['declared']}枚 → {e['count']}枚）"
    if k == "negated":
        return f"{e['seat']} の雪花ラミィが {card_label(after, e['card'])} のプレイ時能力を無効化"
    if k == "suppressed":
        return f"不知火フレアにより {card_label(after, e['card'])} のプレイ時能力は発動しない"
    if k == "home":
        return f"{card_label(after, e['card'])} が {e['seat']} の自宅へ"
    if k == "reveal":
        return f"{e['seat']} が {card_label(after, e['card'])} を公開して手札に加える"
    if k == "venue_swapped":
        return f"会場{e['venue'] + 1} を箱の会場と替えた"
    if k == "draw_skipped":
        return f"山札切れ: {e['seat']} のドローフェイズを飛ばす"
    if k == "over":
        return f"ゲーム終了: {after.s['over']['text']}"
    return None


def fallback(cmd: Any) -> str:
    """A plain line for a command the game cannot read (never raised on)."""
    if not isinstance(cmd, dict):
        return str(cmd)
    return f"{cmd.get('seat', '')} {cmd.get('type', '')}".strip()

