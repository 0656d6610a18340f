"""The effect registry: one declaration per effect, from which every table derives.

An effect is declared once with its timing, its resolution (``run``, and ``answer`` if
it asks), its prompt and whether its choice is secret. An ability runs as a *frame* on
``state["stack"]`` (``{"effect", "seat", "card", "origin", "params", "stage"}``);
``resolve`` pops frames until the stack is empty or one asks (``run``/``answer`` return
the options, or None when done); the question becomes ``state["pending"]``
(``kifu.replays.kit.decisions``). ``options`` lists what an effect would offer without
changing anything (it runs on a throwaway copy), so legal lists never mutate.

>>> E = Effects()
>>> @E.effect("double", timing="play", prompt="倍にするか")
... def double(t, f):
...     return ["yes", "no"]
>>> @double.answer
... def _(t, f, choice):
...     t.s["n"] *= 2 if choice == "yes" else 1
>>> class T:
...     s = {"n": 3, "stack": [frame("double", "p1", "c", "play")], "pending": None}
>>> E.resolve(T())
False
>>> T.s["pending"]["options"], T.s["pending"]["kind"]
(['yes', 'no'], 'double')
>>> E.answer(T(), {"type": "choose", "seat": "p1", "choice": "yes"}), T.s["n"]
(True, 6)
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from kifu.replays.kit import decisions

Options = list[Any] | None


def frame(effect: str, seat: str, card: str | None, origin: str, params: dict | None = None, **extra: Any) -> dict:
    return {"effect": effect, "seat": seat, "card": card, "origin": origin, "params": dict(params or {}),
            "stage": 0, **extra}


@dataclass
class Effect:
    name: str
    timing: str
    run: Callable[[Any, dict], Options]
    prompt: str
    secret: bool = False
    on_answer: Callable[[Any, dict, Any], Options] | None = field(default=None, repr=False)

    def answer(self, fn: Callable[[Any, dict, Any], Options]) -> Callable:
        """Decorator: how a choice continues this effect."""
        self.on_answer = fn
        return fn


class Effects:
    """A game's effect vocabulary. ``after_each(t)`` runs after every step of resolution."""

    def __init__(self, after_each: Callable[[Any], None] | None = None):
        self.table: dict[str, Effect] = {}
        self.after_each = after_each

    def effect(self, name: str, *, timing: str, prompt: str = "", secret: bool = False) -> Callable:
        def register(run: Callable[[Any, dict], Options]) -> Effect:
            if name in self.table:
                raise ValueError(f"effect {name!r} declared twice")
            self.table[name] = Effect(name, timing, run, prompt or name, secret)
            return self.table[name]
        return register

    def names(self, timing: str) -> tuple[str, ...]:
        return tuple(n for n, e in self.table.items() if e.timing == timing)

    def __getitem__(self, name: str) -> Effect:
        return self.table[name]

    def options(self, t: Any, f: dict) -> Options:
        """What ``f`` would offer now, computed on a copy: nothing is changed."""
        probe = copy.copy(t)
        probe.s = copy.deepcopy(t.s)
        return self.table[f["effect"]].run(probe, copy.deepcopy(f))

    def _ask(self, t: Any, f: dict, options: list) -> None:
        e = self.table[f["effect"]]
        t.s["stack"].append(f)
        decisions.ask(t.s, seat=f["seat"], kind=e.name, options=options, prompt=e.prompt, secret=e.secret,
                      card=f.get("card"))

    def resolve(self, t: Any) -> bool:
        """Run frames until the stack is empty (True) or one asks (False)."""
        stack = t.s["stack"]
        while stack:
            f = stack.pop()
            options = self.table[f["effect"]].run(t, f)
            if self.after_each:
                self.after_each(t)
            if options:
                self._ask(t, f, options)
                return False
        t.s["pending"] = None
        return True

    def answer(self, t: Any, cmd: dict) -> bool:
        """Continue the asking frame with the (checked) choice, then resolve the rest."""
        f = t.s["stack"].pop()
        t.s["pending"] = None
        e = self.table[f["effect"]]
        if e.on_answer is None:
            raise ValueError(f"effect {e.name!r} asked but has no answer")
        options = e.on_answer(t, f, cmd["choice"])
        if self.after_each:
            self.after_each(t)
        if options:
            self._ask(t, f, options)
            return False
        return self.resolve(t)
