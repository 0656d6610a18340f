"""One Japanese move-list line per command, as a perspective may read it; and the labels
of the commands a seat is offered before it plays one.

The line names the command and then what followed from it (lives held, contests,
cancellations, rulings that end the game), read from the public events that ``apply``
records. A draw from the deck never names the card except to its drawer and omniscient;
a secret choice (尾丸ポルカ's card back onto the deck) is hidden the same way.

A label (``label``) is the line of a command not yet played: it reads only what the
seat's view shows (the office, the fields, venue names, the pending decision's card and
options) and the command's own fields, never the deck, the box, a hand, a hidden audience
or what the command will bring about.
"""
from __future__ import annotations

from functools import cache
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
        notes = [n for n in (_event_text(cs, after, e) for e in after["events"]) if n]
        if notes:
            line += " → " + "、".join(notes)
    return line


def _event_text(cs: CardSet, after: dict, e: dict) -> str | None:
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


# ------------------------------------------------------------------------ labels

LABEL_CHOICES = {"negate": "無効化する", "pass": "無効化しない", "use": "使う", "swap": "替える", "keep": "替えない"}


def _shared_names(cs: CardSet) -> frozenset[str]:
    return _shared_names_of(tuple(m["name"] for m in cs.members.values()))


@cache
def _shared_names_of(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n for n in names if names.count(n) > 1)


def _card_label(cs: CardSet, card: Any) -> str:
    """A member's name; its id as well when the card set has two cards of that name."""
    if not isinstance(card, str) or card not in cs.members:
        return str(card)
    name = cs.member(card)["name"]
    return f"{name}〔{card}〕" if name in _shared_names(cs) else name


def _venue_label(cs: CardSet, state: dict, v: Any) -> str:
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(state["venues"]):
        return _venue(cs, state, v)
    return f"会場{v}"


def _choice_label(cs: CardSet, state: dict, choice: Any) -> str:
    if choice is None:
        return "使わない"
    if isinstance(choice, list) and len(choice) == 2:
        return f"{_card_label(cs, choice[0])} を {_venue_label(cs, state, choice[1])} へ"
    if isinstance(choice, str) and choice in cs.members:
        return _card_label(cs, choice)
    if isinstance(choice, int) and not isinstance(choice, bool):
        return _venue_label(cs, state, choice)
    return LABEL_CHOICES.get(choice, str(choice)) if isinstance(choice, str) else str(choice)


def label(state: dict, cmd: dict, perspective: str, cs: CardSet) -> str:
    """The button for ``cmd`` offered to ``perspective`` (normally the command's seat).

    What the command will do, in the imperative; built only from the command's fields
    and public zones. A card named by the command (the seat's own hand card, or an option
    of the seat's pending decision, both in its view) is named; the deck is never read.
    """
    seat, kind = cmd.get("seat", ""), cmd.get("type", "")
    sees = perspective in (OMNISCIENT, seat)
    if kind == "draw":
        if cmd.get("source") == "office":
            office = state["office"]
            return f"{seat}: 事務所の {_card_label(cs, office) if office else '（空）'} を引く"
        named = cmd.get("card")  # a physical game's recorder names the card drawn: the command's own text
        return f"{seat}: 山札から1枚引く" + (f"（{_card_label(cs, named)} と記録）" if named and sees else "")
    if kind == "action":
        return f"{seat}: {_card_label(cs, cmd['card'])} のアクション能力を使う"
    if kind == "play":
        return f"{seat}: 手札の {_card_label(cs, cmd['card'])} を {_venue_label(cs, state, cmd['venue'])} のユニットに出す"
    if kind == "pass":
        return f"{seat}: 出せるカードが無いのでプレイフェイズをパスする"
    if kind == "declare_live":
        live = KIND_NAMES.get(cmd["kind"], cmd["kind"])
        return f"{seat}: {_venue_label(cs, state, cmd['venue'])} で「ライブ準備！」を宣言する（{live}）"
    if kind == "end_turn":
        return f"{seat}: ターンを終了する"
    if kind == "choose":
        pending = state.get("pending") or {}
        source = _card_label(cs, pending["card"]) if pending.get("card") else "?"
        secret = pending.get("effect") in effects.SECRET_CHOICES and not sees
        text = "（非公開）" if secret else _choice_label(cs, state, cmd.get("choice"))
        return f"{seat}: {source} — {pending.get('prompt', '選択')}: {text}"
    return f"{seat} {kind}".strip()
