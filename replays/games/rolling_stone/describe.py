"""``describe(before, command, after, perspective)``: the move-list line, from the states.

It reads the command as ``perspective`` may (``redact``) and what followed from
``after["log"]``; it never re-runs the command. Each die that rolled reads
"赤 3→5, east"; a ruling the move applied is named with its text (``RULINGS``).
"""
from __future__ import annotations

from typing import Any, Callable

from kifu.replays.games.rolling_stone.cards import COLOUR_NAMES, STAGE_NAMES, card_text, icon_name
from kifu.replays.kit import CardSet, is_token

#: rulings a move line quotes when the move applied one (the module docstring of the game)
RULINGS = {
    "start_tie": "裁定: 合計が同じなら、その中から無作為に（じゃんけん等）スタートプレイヤーを決める",
    "deck_empty": "裁定: ステージ山が尽きたら、それ以上は引かない",
    "field_empty": "裁定: 【共通場】が空なら選ぶカードはなく、リピートへ進む",
    "character_lost": "裁定: キャラクターカードも「配置されているもの」なので、サイコロが乗っていなければ捨て札にできる",
    "bonus_in_place": "裁定: サイコロはそのカードの上で1面転がる",
    "star_power": "裁定: パワーを置いた★は+1VP、置けなかったパワーは0VP",
    "extra_die": "裁定: 増えたサイコロは同色のサイコロが乗ったカードに同じ向きで置く",
}


def describe(before: dict, shown: dict, after: dict, cs: CardSet, perspective: str) -> str:
    """One line: who did what (as ``perspective`` may read ``shown``), then what followed."""
    seat = shown["seat"]
    head = f"{seat}: " + _COMMAND[shown["type"]](before, shown, after, cs, perspective)
    tail = [text for entry in after["log"] for text in [_entry(entry, before, after, cs)] if text]
    return " · ".join([head, *tail])


def _c(cs: CardSet, card: str | None) -> str:
    if card is None:
        return "（非公開の1枚）"
    return f"見ていない1枚（{card}）" if is_token(card) else card_text(cs, card)


def _pass(before, cmd, after, cs, p):
    return f"{_c(cs, cmd['card'])}を左隣へ渡す" if cmd["card"] else "左隣へ渡す1枚を選んだ"


def _skill(before, cmd, after, cs, p):
    return f"{_c(cs, cmd['card'])}をスキルに選んだ" if cmd["card"] else "スキルを選んだ（非公開）"


def _start(before, cmd, after, cs, p):
    return f"キャラクターを {cmd['square']} に置いた"


def _roll(before, cmd, after, cs, p):
    return f"{COLOUR_NAMES[cmd['colour']]}のサイコロを振った: {after['dice'][cmd['seat']][cmd['colour']]['top']}"


def _orient(before, cmd, after, cs, p):
    entry = next(e for e in after["log"] if e["what"] == "oriented")
    return f"{COLOUR_NAMES[cmd['colour']]} {entry['top']}（北 {entry['north']}・東 {entry['east']}）で置いた"


def _draw(before, cmd, after, cs, p):
    entry = next(e for e in after["log"] if e["what"] == "drawn")
    if entry["to"] == "field":
        return f"共通場に{_c(cs, entry['card'])}"
    return f"リピートで{_c(cs, entry['card'])}を引いた"


def _order(before, cmd, after, cs, p):
    return f"オーダー「{cmd['slot']}」"


def _bonus(before, cmd, after, cs, p):
    return f"オーダーボーナス3（{RULINGS['bonus_in_place']}）"


def _skip(before, cmd, after, cs, p):
    return "オーダーボーナス3を使わない"


def _take(before, cmd, after, cs, p):
    return f"共通場の{_c(cs, cmd['card'])}" + _where(cmd["square"])


def _place(before, cmd, after, cs, p):
    return f"{_c(cs, before['placing'])}" + _where(cmd["square"])


def _where(square: str | None) -> str:
    return f"を {square} に配置" if square else "は配置できず捨て札"


def _reveal(before, cmd, after, cs, p):
    return f"手札に残ったドリームカードは{_c(cs, cmd['card'])}"


_COMMAND: dict[str, Callable[..., str]] = {
    "pass_dream": _pass, "set_skill": _skill, "start_album": _start, "roll": _roll, "orient": _orient,
    "draw": _draw, "order": _order, "bonus_die": _bonus, "skip_bonus": _skip, "take": _take,
    "place": _place, "reveal_dream": _reveal,
}


def _entry(e: dict[str, Any], before: dict, after: dict, cs: CardSet) -> str | None:
    what = e["what"]
    if what == "roll":
        moved = f" {e['square']}→{e['to']}" if e["to"] != e["square"] else ""
        number = e.get("die", e["colour"])[len(e["colour"]):]
        return f"{COLOUR_NAMES[e['colour']]}{number} {e['top']}→{e['to_top']}, {e['direction']}{moved}"
    if what == "die":
        number = e["die"][len(e["colour"]):]
        return (f"{e['seat']} スキル{_c(cs, e['card'])}: {COLOUR_NAMES[e['colour']]}のサイコロをもう1個"
                f"（{COLOUR_NAMES[e['colour']]}{number}、{e['square']} に {e['top']}）（{RULINGS['extra_die']}）")
    if what == "gain":
        amount = f"{e['amount']:+d}"
        return f"{e['seat']} " + (f"パワー{amount}" if e["reward"] == "power" else f"{amount}VP") + f"（{e['why']}）"
    if what == "discard":
        ruling = f"（{RULINGS['character_lost']}）" if cs.cards.get(e["card"], {}).get("kind") == "character" else ""
        return f"{_c(cs, e['card'])}を捨て札（{e['why']}）{ruling}"
    if what == "passed":
        return "全員が左隣へ渡した"
    if what == "start_player":
        sums = "、".join(f"{s} {n}" for s, n in e["sums"].items())
        tie = f"（同点 {', '.join(e['tied'])}: {RULINGS['start_tie']}）" if len(e["tied"]) > 1 else ""
        return f"目の合計 {sums}: スタートプレイヤー {e['seat']}{tie}"
    if what == "stage":
        return f"ステージ{e['stage']}（{STAGE_NAMES[e['stage']]}）開始: スキルセット"
    if what == "skills":
        return "スキル公開: " + "、".join(f"{s} {_c(cs, c)}" for s, c in e["cards"].items())
    if what == "events":
        return "イベント: " + " ".join(_c(cs, c) for c in e["cards"])
    if what == "round":
        return f"ラウンド{e['round']}開始"
    if what == "turn":
        return f"{e['seat']} の手番（オーダー{e['slot']}）"
    if what == "marker":
        return f"スタートプレイヤーマーカー → {e['seat']}"
    if what == "skill":
        return f"{e['seat']} スキル{_c(cs, e['card'])}: {e['text']}"
    if what == "event":
        counts = "、".join(f"{s} {n}" for s, n in e["counts"].items())
        return f"イベント{_c(cs, e['card'])}（{icon_name(cs, e['icon'])}: {counts}）→ {', '.join(e['seats']) or 'なし'}"
    if what == "interim":
        second = f" 2位 {', '.join(e['second'])}" if e["second"] else ""
        return f"中間決算（{'、'.join(f'{s} {n}' for s, n in e['sums'].items())}）: 1位 {', '.join(e['first'])}{second}"
    if what == "deck_empty":
        return RULINGS["deck_empty"]
    if what == "field_empty":
        return RULINGS["field_empty"]
    if what == "revealed":
        return None
    if what == "final":
        return "最終決算: " + "、".join(f"{s} {n}VP" for s, n in e["scores"].items()) + f"（{RULINGS['star_power']}）"
    return None  # chosen, character, rolled, oriented, drawn, placed, ordered, skipped: the head says it
