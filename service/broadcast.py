"""The delayed ``broadcast`` perspective: the omniscient view, some turns or minutes behind.

A stream with hand cameras shows hands on a delay, so that nobody watching can relay
them to the players. A match (or an event, whose matches inherit it unless a match sets
its own) may carry a broadcast delay: ``{"turns": N}`` and/or ``{"minutes": M}``; with
both, the broadcast is the further behind of the two. With a delay set, the ``broadcast``
perspective is open to everyone (a stream needs no token).

Its head is the last step that is at least N whole turns behind the live head's turn
(its state's ``Rules.turn`` at most the head's turn minus N) and whose entry was
appended at least M minutes ago (the entry's ``at``, the service clock's time when it was
appended; step 0's is the match's ``created``). It is never ahead of the live head, and it
is None while even the set-up is not that far behind: nothing is broadcast yet. A finished
match's broadcast reaches its last step once the minutes have elapsed after the last
entry; a turns delay holds nothing back once the match is over (no later turn comes, and
nothing told to a player then can change the game).

Every surface serves a broadcast only up to that head (``MatchService.view_step`` and
``history`` refuse or stop there themselves), and a broadcast look is not audited: it
shows nothing that is still live.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Sequence

from kifu.service.errors import Unprocessable

BROADCAST = "broadcast"
MAX_TURNS = 50
MAX_MINUTES = 180


@dataclass(frozen=True)
class Delay:
    """How far behind the live head a broadcast stays (either or both)."""

    turns: int | None = None
    minutes: int | None = None

    def to_json(self) -> dict[str, int]:
        return {k: v for k, v in (("turns", self.turns), ("minutes", self.minutes)) if v is not None}

    def words(self) -> str:
        """The delay as the viewer names it.

        >>> Delay(turns=2).words(), Delay(turns=1, minutes=5).words()
        ('2 turns', '1 turn or 5 minutes, whichever is further behind')
        """
        parts = []
        if self.turns is not None:
            parts.append(f"{self.turns} turn{'s' if self.turns != 1 else ''}")
        if self.minutes is not None:
            parts.append(f"{self.minutes} minute{'s' if self.minutes != 1 else ''}")
        return " or ".join(parts) + (", whichever is further behind" if len(parts) == 2 else "")


def check(value: Any) -> Delay | None:
    """A delay as an organizer posts it (None: no delay of its own), or ``Unprocessable``
    (422) naming the field; the caller writes nothing then.

    >>> check({"turns": 2}), check(None)
    (Delay(turns=2, minutes=None), None)
    >>> try:
    ...     check({"turns": 0})
    ... except Unprocessable as exc:
    ...     exc.errors
    {'delay': {'turns': ['a whole number from 1 to 50']}}
    """
    if value is None:
        return None
    if not isinstance(value, dict) or not value or set(value) - {"turns", "minutes"}:
        raise Unprocessable({"delay": ["a delay is {\"turns\": N} and/or {\"minutes\": M}, or null for none"]})
    found: dict[str, int] = {}
    for name, most in (("turns", MAX_TURNS), ("minutes", MAX_MINUTES)):
        if name not in value:
            continue
        n = value[name]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 < n <= most:
            raise Unprocessable({"delay": {name: [f"a whole number from 1 to {most}"]}})
        found[name] = n
    return Delay(**found)


def stored(raw: Any) -> Delay | None:
    """A delay as it is kept (the JSON text of ``to_json``; empty or absent: none)."""
    if raw in (None, "", b""):
        return None
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8")
    value = json.loads(raw) if isinstance(raw, str) else raw
    return Delay(turns=value.get("turns"), minutes=value.get("minutes")) if value else None


def head(turns: Sequence[int], times: Sequence[datetime], delay: Delay, now: datetime, *,
         finished: bool = False) -> int | None:
    """The broadcast head of a match whose step ``s`` is in turn ``turns[s]`` and was
    appended at ``times[s]`` (step 0: the set-up), at time ``now``; None before step 0
    is that far behind. Once the match is ``finished`` the turns part no longer holds
    anything back (no later turn will come, and nobody can be told anything in time to
    use it); the minutes part still does, so that the broadcast keeps pace with a stream
    delayed by those minutes.

    >>> from datetime import timezone
    >>> t = [datetime(2026, 1, 1, 10, m, tzinfo=timezone.utc) for m in range(6)]
    >>> head([1, 1, 2, 2, 3, 3], t, Delay(turns=1), t[5])
    3
    >>> head([1, 1, 2, 2, 3, 3], t, Delay(minutes=2), t[5]), head([1, 1, 2, 2, 3, 3], t, Delay(minutes=9), t[5])
    (3, None)
    >>> head([1, 1, 2, 2, 3, 3], t, Delay(turns=1, minutes=4), t[5])
    1
    >>> head([1, 1, 2, 2, 3, 3], t, Delay(turns=1), t[5], finished=True)
    5
    """
    last = len(turns) - 1
    if delay.turns is not None and not finished:
        behind = turns[last] - delay.turns
        # the last step in a turn far enough behind (a backup may take a turn back)
        last = max((s for s in range(last + 1) if turns[s] <= behind), default=-1)
    if delay.minutes is not None and last >= 0:
        cutoff = now - timedelta(minutes=delay.minutes)
        while last >= 0 and times[last] > cutoff:
            last -= 1
    return last if last >= 0 else None
