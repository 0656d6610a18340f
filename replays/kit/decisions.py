"""One pending-decision model: the game asks a seat, the seat answers with ``choose``.

``state["pending"]`` is None or::

    {"seat": who decides, "kind": what is being decided (an effect name),
     "prompt": the question in the game's words, "options": [JSON values],
     "secret": the answer is hidden from everyone but the chooser, "card": the card
     the decision belongs to (or None)}

Nesting is a stack of effect frames under it (``kifu.replays.kit.effects``): answering the top
one may push or ask again. ``choose`` is the one command that answers: ``{"type":
"choose", "seat": ..., "choice": one of the options}``; the choice is compared in canonical
JSON, so ``[1, "a"]`` and ``[1,"a"]`` are the same option.

>>> state = {"pending": None}
>>> ask(state, seat="p1", kind="pick", options=["a", "b"], prompt="which?")
>>> check_choice(state, {"type": "choose", "seat": "p1", "choice": "c"}, "R")
Traceback (most recent call last):
...
kifu.replays.errors.RuleViolation: [R] choice "c" is not one of the 2 options of which?
>>> [c["choice"] for c in choices(state, "p1")]
['a', 'b']
"""
from __future__ import annotations

from typing import Any

from marshmallow import fields

from kifu.replays import canon
from kifu.replays.errors import RuleViolation

#: the fields of ``choose`` besides type and seat (declare with ``Commands.define("choose", **CHOOSE)``)
CHOOSE = {"choice": fields.Raw(required=True, allow_none=True)}


def ask(state: dict, *, seat: str, kind: str, options: list, prompt: str, secret: bool = False,
        card: str | None = None) -> None:
    state["pending"] = {"seat": seat, "kind": kind, "prompt": prompt, "options": list(options),
                        "secret": secret, "card": card}


def check_choice(state: dict, cmd: dict, rule: str) -> None:
    """Raise unless ``cmd`` is a ``choose`` by the deciding seat naming one of the options."""
    pending = state.get("pending")
    if pending is None:
        raise RuleViolation(rule, "no decision is pending")
    if cmd["type"] != "choose":
        raise RuleViolation(rule, f"{pending['seat']} must first decide: {pending['prompt']}")
    if cmd["seat"] != pending["seat"]:
        raise RuleViolation(rule, f"the decision ({pending['prompt']}) is {pending['seat']}'s, not {cmd['seat']}'s")
    try:
        wanted = canon.dumps(cmd["choice"])
    except (TypeError, ValueError):
        raise RuleViolation(rule, "the choice is not plain JSON data") from None
    if not any(canon.dumps(o) == wanted for o in pending["options"]):
        raise RuleViolation(rule, f"choice {wanted} is not one of the {len(pending['options'])} options of "
                                  f"{pending['prompt']}")


def choices(state: dict, seat: str) -> list[dict[str, Any]]:
    """The ``choose`` commands open to ``seat`` (none unless it is the deciding seat)."""
    pending = state.get("pending")
    if pending is None or pending["seat"] != seat:
        return []
    return [{"type": "choose", "seat": seat, "choice": o} for o in pending["options"]]


def redact_choice(before: dict, cmd: dict, perspective: str) -> dict:
    """A secret choice as others see it: that a choice was made, not which."""
    pending = before.get("pending")
    if (cmd.get("type") == "choose" and pending and pending.get("secret")
            and perspective not in ("omniscient", pending["seat"])):
        return {**cmd, "choice": None}
    return cmd
