"""One Japanese move-list line per command, as a perspective may read it.

``describe(before, command, after, perspective)`` names the command from the state
before it (the table's label, with the card a hidden placement named only to its owner,
and the card an effect moves only to those who learn it: ``Hocg.redact``)
and then what followed from it, read from the public events of the state after it (a
draw names its card to the drawer only; life, cheer and searches with a reveal are
public): it never re-runs the command.
"""
from __future__ import annotations

from typing import Any

from kifu.replays.games.hocg.manual import ZONE_NAMES
from kifu.replays.games.hocg.rules import COMMANDS, card_label, choice_label, pos_label
from kifu.replays.games.hocg.state import Board
from kifu.replays.kit import is_token
from kifu.replays.rules import OMNISCIENT

RULINGS = {
    "life": "ライフは取ったホロメンのエールとして付ける（公式ルール）",
}


def describe(before: Board, cmd: dict, after: Board, perspective: str, shown: dict) -> str:
    seat, kind = cmd.get("seat", ""), cmd.get("type", "")
    sees = perspective in (OMNISCIENT, seat)
    if kind == "place" and not sees:
        line = f"{seat}: ホロメンを裏向きで配置（{1 + len(cmd.get('back', []))}枚）"
    elif kind == "choose":
        pending = before.s.get("pending") or {}
        line = f"{seat}: {pending.get('prompt', '選択')}: {choice_label(before, pending, cmd.get('choice'))}"
    elif kind == "effect":  # the command as this perspective reads it: a card it did not learn unnamed
        line = COMMANDS["effect"].label(before, shown, seat)
        if cmd.get("op") == "move" and cmd.get("dest") == "hand" and not cmd.get("reveal") and not sees:
            line = f"{seat}: {before.name(cmd['source']['card'])}「{cmd['source']['ability']}」— カードを手札に加える"
    else:
        line = COMMANDS[kind].label(before, {k: v for k, v in cmd.items() if k != "outcomes"}, seat)
    notes = [n for n in (_event_text(after, e, perspective) for e in after.s.get("events", [])) if n]
    if kind in ("keep", "mulligan") and sees:
        hand = after.s["players"][seat]["hand"]
        notes.append("手札: " + "、".join(card_label(after, c) for c in hand))
    if notes:
        line += " → " + "、".join(notes)
    return line


def _event_text(t: Board, e: dict, perspective: str) -> str | None:
    k = e["kind"]
    name = lambda c: card_label(t, c)  # noqa: E731
    if k == "turn":
        return f"{e['seat']}のターン{e['turn']}"
    if k == "no_draw":
        return "先攻1ターン目はドローしない"
    if k == "draw":
        drawn = ""
        hand = t.s["players"][e["seat"]]["hand"]
        if perspective in (OMNISCIENT, e["seat"]) and e.get("count") and hand and not is_token(hand[-1]):
            drawn = "（" + "、".join(name(c) for c in hand[-e["count"]:]) + "）"
        return f"{e['seat']}が{e.get('count', 1)}枚ドロー{drawn}"
    if k == "cheer_up":
        return f"{e['seat']}のエールデッキの上: {name(e['card'])}"
    if k == "cheer":
        return f"{name(e['card'])}を{e['seat']}の{pos_label(e['pos'])}に付ける"
    if k == "damage":
        return f"{e['seat']}の{name(e['card'])}に{'特殊' if e['special'] else ''}ダメージ{e['amount']}"
    if k == "down":
        return f"{e['seat']}の{name(e['card'])}がダウン（ライフ-{e['lives']}）"
    if k == "down_ability":
        return f"{e['seat']}の{name(e['card'])}「{e['ability']}」（ダウン①: ダウンした時の能力）"
    if k == "ko_ability":
        return f"{e['seat']}の{name(e['card'])}「{e['ability']}」（相手のホロメンをダウンさせた時の能力）"
    if k == "life":
        return f"{e['seat']}がライフ{name(e['card'])}を取る（残り{e['left']}; {RULINGS['life']}）"
    if k == "to_center":
        return f"{e['seat']}の{name(e['card'])}がセンターへ"
    if k == "collab_rests":
        return f"{e['seat']}の{name(e['card'])}がバックでお休み"
    if k == "milled":
        return f"{name(e['card'])}をデッキの上からアーカイブ"
    if k == "reveal":
        return f"{e['seat']}が{name(e['card'])}を公開して手札に"
    if k == "not_found":
        return "見つからなかった（デッキをシャッフル）"
    if k == "roll":
        return f"サイコロ: {e['face']}"
    if k == "arts_plus":
        return f"アーツ+{e['amount']}"
    if k == "heal":
        return f"{e['seat']}の{pos_label(e['pos'])}のHP{e['amount']}回復"
    if k == "boost":
        return f"{e['seat']}の{pos_label(e['pos'])}のアーツ+{e['amount']}（このターン）"
    if k == "lasting":
        what = "バトンタッチに必要な無色" if e["modifier"] == "baton" else "センターで最初に受けるアーツダメージ-"
        plus = "+" if e["modifier"] == "baton" else ""
        return f"{e['seat']}の{name(e['card'])}: {what}{plus}{e['amount']}（次の相手のターンが終了するまで）"
    if k == "shielded":
        return f"{e['seat']}の{name(e['card'])}が受けるアーツダメージ-{e['amount']}"
    if k == "shown_hand":
        cards = "、".join(name(c) for c in e["cards"])
        return f"{e['seat']}が手札を公開（{cards}）"
    if k == "mulligan":
        return f"{e['seat']}が{e['size']}枚引き直し"
    if k == "reveal_stage":
        return "両者のステージを公開"
    if k == "arts_fizzle":
        return "アーツの対象がいない"
    if k == "oshi_skill" and e.get("paid"):
        return "ホロパワー: " + "、".join(name(c) for c in e["paid"]) + " をアーカイブ"
    if k == "over":
        return f"ゲーム終了: {e['reason']}"
    if k == "life_guard":
        return f"{e['seat']}の{name(e['card'])}: このターン、{e['seat']}のライフは相手の能力で減らない"
    if k == "life_kept":
        return f"{e['seat']}のライフは減らない（このターン、相手の能力では減らない）"
    if k == "manual_skipped":
        return f"{name(e['card'])}「{e['ability']}」は何もしない（{e['reason']}）"
    if k == "to_stage":
        return f"{e['seat']}が{name(e['card'])}をステージの{pos_label(e['pos'])}に出す"
    if k == "left_stage":
        return f"{e['seat']}の{name(e['card'])}がステージを離れる（{ZONE_NAMES.get(e['dest'], e['dest'])}へ）"
    if k == "attached":
        return f"{name(e['card'])}を{e['seat']}の{pos_label(e['pos'])}に付ける"
    if k == "detached":
        return f"{e['seat']}の{pos_label(e['pos'])}の{name(e['card'])}を{ZONE_NAMES.get(e['dest'], e['dest'])}へ"
    return None


def fallback(cmd: Any) -> str:
    if not isinstance(cmd, dict):
        return str(cmd)
    return f"{cmd.get('seat', '')} {cmd.get('type', '')}".strip()
