"""What one step of the match viewer shows, computed from the service and nothing else.

A step is the state after entry ``step`` (0 = the set-up state before any command).
``/m/<mid>?step=N&as=P`` names one step seen from one perspective; these helpers
parse those arguments strictly and assemble the context the templates render. The
board itself is rendered from ``Rules.view`` only.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from flask import url_for

from kifu.replays.rules import OMNISCIENT, PUBLIC
from kifu.service import auth
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import BadRequest, Forbidden, NotFound

MAX_STEP_DIGITS = 9


def game_context(info: Any) -> dict[str, Any]:
    """The ``game`` a board template receives: identity, seats, the table kind and the
    printed names of its card set's cards (a revealed card is named), never state."""
    rules = info.rules
    cardset = getattr(rules, "cardset", None)
    return {
        "id": info.game,
        "title": getattr(rules, "title", info.game),
        "rules_version": info.header.get("rules_version", getattr(rules, "version", None)),
        "seats": [dict(s) for s in info.header.get("seats", [])],
        "table": info.header.get("table", "digital"),
        "card_names": card_names(cardset),
        #: an outcome's printed name (a card, a role, a die face): ``Rules.outcome_name``
        "name_of": getattr(rules, "outcome_name", str) if cardset is not None else str,
    }


_NAMES: dict[str, dict[str, str]] = {}


def card_names(cardset: Any) -> dict[str, str]:
    """Card id -> printed name, once per card set (by digest: a set never changes)."""
    if cardset is None:
        return {}
    found = _NAMES.get(cardset.digest)
    if found is None:
        if len(_NAMES) > 64:
            _NAMES.clear()
        found = _NAMES[cardset.digest] = {c: cardset.name(c) for c in cardset.cards}
    return found


def board_templates(game_id: str) -> list[str]:
    """The board template for a game, falling back to the generic pretty-printer."""
    return [f"games/{game_id}/board.html", "games/_generic.html"]


def seat_names(info: Any) -> dict[str, str]:
    return {s["id"]: s["name"] for s in info.header.get("seats", [])}


def default_perspective(principal: auth.Principal | None, info: Any, allowed: list[str]) -> str:
    """A player sees its own seat; a finished open match opens omniscient; else public."""
    if principal is not None and principal.role == "player" and principal.seat in allowed:
        return principal.seat
    if info.status == "finished" and OMNISCIENT in allowed:
        return OMNISCIENT
    return PUBLIC


def choose_perspective(asked: str | None, principal: auth.Principal | None, info: Any) -> tuple[str, list[str]]:
    """The perspective to render (``asked`` if allowed) and every perspective offered."""
    allowed = auth.perspectives_for(principal, info)
    if not asked:
        return default_perspective(principal, info, allowed), allowed
    if asked not in allowed:
        who = "anyone not signed in" if principal is None else f"a {principal.role} token"
        raise Forbidden(f"the {asked!r} perspective of this match is not open to {who}; "
                        f"you may see: {', '.join(allowed)}")
    return asked, allowed


def read_delay(form: Mapping[str, str]) -> dict[str, Any] | None:
    """A broadcast delay from a form's ``turns`` and ``minutes`` (each may be left empty;
    both empty: none), for ``kifu.service.broadcast.check`` to judge: what is not a short
    whole number goes to it as typed, and comes back as its 422 naming the field."""
    delay: dict[str, Any] = {}
    for name in ("turns", "minutes"):
        raw = (form.get(name) or "").strip()
        if raw:
            delay[name] = int(raw) if raw.isdecimal() and len(raw) <= MAX_STEP_DIGITS else raw
    return delay or None


def parse_step(raw: str | None, head: int) -> int:
    """``None``/empty means the head; otherwise a step 0..head, strictly decimal."""
    if raw is None or raw == "":
        return head
    if not raw.isdecimal() or len(raw) > MAX_STEP_DIGITS:
        raise BadRequest({"step": [f"a step is a whole number from 0 to {head}, not {raw[:20]!r}"]})
    step = int(raw)
    if step > head:
        raise NotFound(f"step {step} does not exist (yet): this match is at step {head}")
    return step


def parse_turn(raw: str) -> int:
    if not raw.isdecimal() or len(raw) > MAX_STEP_DIGITS or int(raw) < 1:
        raise BadRequest({"turn": [f"a turn is a whole number from 1, not {raw[:20]!r}"]})
    return int(raw)


def step_of_turn(history: list[dict[str, Any]], turn: int) -> int:
    """The step after the first command of ``turn`` (turns hold at least one command)."""
    for item in history:
        if item["turn"] >= turn:
            return item["seq"]
    last = history[-1]["turn"] if history else 0
    raise NotFound(f"turn {turn} has not been played: the last turn is {last}")


def step_url(mid: str, step: int | None, perspective: str, **extra: Any) -> str:
    args: dict[str, Any] = {}
    if step is not None:
        args["step"] = step
    args["as"] = perspective
    return url_for("web.match", mid=mid, **args, **extra)


#: How many move-list entries a page carries around its step (``KIFU_MOVES_WINDOW``): a long
#: match's cold page stays small (a 2,000-command match's list alone was ~500 KB), and the
#: rest arrives in windows of the same size when asked for.
MOVES_WINDOW = 200


@dataclass(frozen=True)
class MoveWindow:
    """Entries ``first..last`` of a match whose head is ``head`` (empty when ``first > last``)."""

    first: int
    last: int
    head: int

    @property
    def earlier(self) -> bool:
        """Entries before the window exist (the list shows a loader for them)."""
        return self.first > 1

    @property
    def later(self) -> bool:
        return self.last < self.head

    def __contains__(self, step: int) -> bool:
        return step == 0 or self.first <= step <= self.last


def window_around(step: int, head: int, size: int = MOVES_WINDOW) -> MoveWindow:
    """``size`` entries with ``step`` in the middle, moved inside ``1..head`` at either end.

    >>> window_around(1000, 2000, 200)
    MoveWindow(first=900, last=1099, head=2000)
    >>> window_around(0, 2000, 200), window_around(2000, 2000, 200)
    (MoveWindow(first=1, last=200, head=2000), MoveWindow(first=1801, last=2000, head=2000))
    >>> window_around(3, 5, 200)
    MoveWindow(first=1, last=5, head=5)
    """
    size = max(1, size)
    first = max(1, step - size // 2)
    last = min(head, first + size - 1)
    return MoveWindow(max(1, min(first, last - size + 1)), last, head)


def window_before(seq: int, head: int, size: int = MOVES_WINDOW) -> MoveWindow:
    """Up to ``size`` entries just before entry ``seq`` (an "earlier moves" load)."""
    last = min(seq - 1, head)
    return MoveWindow(max(1, last - max(1, size) + 1), last, head)


def window_after(seq: int, head: int, size: int = MOVES_WINDOW) -> MoveWindow:
    """Up to ``size`` entries just after entry ``seq`` (a "later moves" load)."""
    return MoveWindow(seq + 1, min(head, seq + max(1, size)), head)


@dataclass
class Turn:
    number: int
    entries: list[dict[str, Any]] = field(default_factory=list)


def group_by_turn(history: Iterable[dict[str, Any]]) -> list[Turn]:
    """Consecutive entries of one turn together (a judge action stays in its turn)."""
    turns: list[Turn] = []
    for item in history:
        if not turns or turns[-1].number != item["turn"]:
            turns.append(Turn(item["turn"]))
        turns[-1].entries.append(item)
    return turns


def is_judge_action(item: dict[str, Any]) -> bool:
    return item.get("actor") == "judge" or str(item.get("by", "")).startswith("judge")


def result_text(info: Any) -> str:
    """One line for the header: who won and why, or that the match is live."""
    outcome = info.outcome
    if not outcome:
        return "in progress" if info.status == "live" else info.status
    names = seat_names(info)
    if outcome.get("draw"):
        text = "draw"
    else:
        winners = [f"{names.get(w, w)} ({w})" for w in outcome.get("winners", [])]
        text = " and ".join(winners) + " won" if winners else "no winner"
    scores = outcome.get("scores") or {}
    if scores:
        text += " · " + ", ".join(f"{s} {v}" for s, v in sorted(scores.items()))
    if outcome.get("reason"):
        text += f" · {outcome['reason']}"
    return text


def perspective_label(perspective: str, info: Any) -> str:
    if perspective == PUBLIC:
        return "public"
    if perspective == OMNISCIENT:
        return "omniscient (judge)"
    if perspective == BROADCAST:
        delay = getattr(info, "broadcast", None)
        return f"broadcast ({delay.words()} behind)" if delay is not None else "broadcast"
    return f"{perspective} · {seat_names(info).get(perspective, perspective)}"


def banner_context(mid: str, perspective: str, summary: Mapping[str, Any] | None) -> dict[str, Any]:
    """The "judge called" banner: the open case (or the penalty that ended the match) as
    the view's judging ``summary`` tells it, the question only where the summary keeps it
    (its caller and the judges: ``kifu.replays.judging.summary``)."""
    summary = summary or {}
    case = summary["cases"][summary["open"] - 1] if summary.get("open") else None
    return {"mid": mid, "perspective": perspective, "case": case, "result": summary.get("result")}
