"""How a family of printed texts becomes effect declarations.

A family registers each text shape once::

    TEXTS = Texts()

    @TEXTS.pattern(r"自分のデッキを(\\d)枚引く。")
    def _draw(m, spec):
        return "draw", {"count": int(m[1])}

The pattern is matched on the whole text (reminders and whitespace removed, digits made
half-width: ``rawlist.recognise``). The maker returns ``(effect, params)``, or ``None`` to
let later shapes try; ``spec(part)`` recognises a part of the text (``{"effect", "params"}``
or ``None``), so a family composes with every other family's shapes.
"""
from __future__ import annotations

import re
from typing import Any, Callable

Spec = Callable[[str], "dict[str, Any] | None"]
Maker = Callable[[re.Match[str], Spec], "tuple[str, dict[str, Any]] | None"]


class Texts:
    def __init__(self) -> None:
        self.entries: list[tuple[re.Pattern[str], Maker]] = []

    def pattern(self, regex: str) -> Callable[[Maker], Maker]:
        compiled = re.compile(regex)

        def register(make: Maker) -> Maker:
            self.entries.append((compiled, make))
            return make
        return register
