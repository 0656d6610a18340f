"""An event's metagame (or a game's, across events): archetypes, shares, win rates with a
Wilson interval, a matchup matrix, and charts drawn as SVG on the server. Pure.

- **Archetype** of a registered deck list (``archetype_of``): hololive OCG's is the oshi
  and the main holomem, the holomem *name* with the most copies in the main deck (ties:
  the one listed first), as ``"<oshi> / <holomem>"``; another game with deck lists takes
  the name of its most-copied card; no list is ``"(no list)"``. The organizer may name a
  player's archetype instead (an ``archetype`` entry), which then counts.
- **Share**: the archetype's players over all players.
- **Match win rate**: (wins + draws / 2) / matches over the two-player tables with a result,
  byes and mirror matches left out (a mirror is always half won); its 95 % interval is
  Wilson's score interval, which stays inside 0–1 and is honest for a few matches.
- **Matchup matrix**: for each pair of archetypes, the row's wins, losses and draws against
  the column and the row's win rate.

>>> lo, hi = wilson(7, 10)
>>> round(lo, 4), round(hi, 4)
(0.3968, 0.8922)
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from markupsafe import escape

NO_LIST = "(no list)"
Z = 1.959963984540054  # the normal quantile of 97.5 %: a 95 % interval


def wilson(successes: float, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson's score interval of a proportion (``(0, 1)`` for no trials)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def archetype_of(rules: Any, deck: Any) -> str:
    """The archetype of a registered deck list for the bound game ``rules`` (see above)."""
    if deck is None:
        return NO_LIST
    cs = getattr(rules, "cardset", None)
    cards = getattr(cs, "cards", {}) or {}

    def name(card: Any) -> str:
        try:
            return str(cs.name(card))
        except (AttributeError, KeyError, TypeError):
            return str(card)

    if isinstance(deck, Mapping) and "oshi" in deck and "deck" in deck:  # hololive OCG
        counts: Counter = Counter()
        for card in deck.get("deck") or []:
            if cards.get(card, {}).get("kind") in ("holomem", "buzz"):
                counts[name(card)] += 1
        main = max(counts, key=lambda n: (counts[n], -list(counts).index(n))) if counts else "—"
        return f"{name(deck['oshi'])} / {main}"
    listed = deck.get("cards") if isinstance(deck, Mapping) else deck
    if isinstance(deck, Mapping) and deck.get("leader") is not None:
        return name(deck["leader"])
    if isinstance(listed, list) and listed:
        counts = Counter(name(c) for c in listed if isinstance(c, (str, int)))
        if counts:
            return max(counts, key=lambda n: (counts[n], -list(counts).index(n)))
    return NO_LIST


def _rate(wins: int, losses: int, draws: int) -> dict[str, Any]:
    n = wins + losses + draws
    score = wins + draws / 2
    lo, hi = wilson(score, n)
    return {"matches": n, "wins": wins, "losses": losses, "draws": draws,
            "win_rate": round(score / n, 4) if n else None, "ci": [round(lo, 4), round(hi, 4)] if n else None}


def report(archetypes: Mapping[Any, str], matches: Iterable[tuple[Any, Any, str | None]]) -> dict[str, Any]:
    """The metagame of players (``archetypes``: player key -> archetype) and their finished
    two-player matches (``(a, b, winner key or None for a draw)``)."""
    players = Counter(archetypes.values())
    total = sum(players.values())
    record: dict[str, list[int]] = {a: [0, 0, 0] for a in players}
    cells: dict[tuple[str, str], list[int]] = {}
    mirrors = Counter()
    for a, b, winner in matches:
        x, y = archetypes[a], archetypes[b]
        if x == y:
            mirrors[x] += 1
            continue
        for me, them, mine, other in ((a, b, x, y), (b, a, y, x)):
            i = 2 if winner is None else (0 if winner == me else 1)
            record[mine][i] += 1
            cells.setdefault((mine, other), [0, 0, 0])[i] += 1
    order = sorted(players, key=lambda a: (-players[a], a))
    rows = [{"archetype": a, "players": players[a], "share": round(players[a] / total, 4) if total else 0.0,
             "mirrors": mirrors[a], **_rate(*record[a])} for a in order]
    matrix = [{"archetype": a, "against": [{"archetype": b, **_rate(*cells.get((a, b), [0, 0, 0]))}
                                           for b in order]} for a in order]
    return {"players": total, "archetypes": rows, "matrix": matrix}


# --- charts -----------------------------------------------------------------------------

WIDTH = 480
LABEL = 170
BAR = 22
GAP = 10
PALETTE = ("#3b6ea5", "#c8553d", "#2a9d8f", "#8e6c8a", "#e9a03b", "#5c7d3a", "#6d6875", "#b56576")


def _svg(height: int, title: str, body: list[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
            f'role="img" aria-label="{escape(title)}" class="chart"><title>{escape(title)}</title>'
            + "".join(body) + "</svg>")


def _label(y: float, text: str) -> str:
    short = text if len(text) <= 14 else text[:13] + "…"
    return (f'<text x="{LABEL - 8}" y="{y:.1f}" text-anchor="end" dominant-baseline="middle" '
            f'font-size="14" fill="currentColor"><title>{escape(text)}</title>{escape(short)}</text>')


def share_chart(rows: Sequence[Mapping[str, Any]], *, title: str = "Share of players") -> str:
    """Horizontal bars: each archetype's share of the players (its count and percent)."""
    height = GAP + len(rows) * (BAR + GAP)
    span = WIDTH - LABEL - 95
    body = []
    for i, row in enumerate(rows):
        y = GAP + i * (BAR + GAP)
        w = max(1.0, span * row["share"])
        body.append(_label(y + BAR / 2, row["archetype"]))
        body.append(f'<rect x="{LABEL}" y="{y}" width="{w:.1f}" height="{BAR}" rx="3" '
                    f'fill="{PALETTE[i % len(PALETTE)]}"><title>{escape(row["archetype"])}: {row["players"]} '
                    f'({100 * row["share"]:.1f}%)</title></rect>')
        body.append(f'<text x="{LABEL + w + 6:.1f}" y="{y + BAR / 2:.1f}" dominant-baseline="middle" font-size="13" '
                    f'fill="currentColor">{row["players"]} · {100 * row["share"]:.1f}%</text>')
    return _svg(height, title, body)


def win_rate_chart(rows: Sequence[Mapping[str, Any]], *, title: str = "Match win rate, 95% Wilson interval") -> str:
    """Each archetype's match win rate (a dot) and its Wilson interval (a line), 0–100 %,
    with the 50 % line; archetypes without matches are listed without a mark."""
    height = GAP + len(rows) * (BAR + GAP) + 30
    span = WIDTH - LABEL - 30
    bottom = GAP + len(rows) * (BAR + GAP)
    body = [f'<line x1="{LABEL + span / 2:.1f}" y1="{GAP / 2}" x2="{LABEL + span / 2:.1f}" y2="{bottom}" '
            'stroke="#999" stroke-dasharray="4 3"/>']
    for tick in (0, 25, 50, 75, 100):
        x = LABEL + span * tick / 100
        body.append(f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle" font-size="12" '
                    f'fill="currentColor">{tick}%</text>')
    for i, row in enumerate(rows):
        y = GAP + i * (BAR + GAP) + BAR / 2
        body.append(_label(y, row["archetype"]))
        if row["win_rate"] is None:
            continue
        lo, hi = row["ci"]
        x = LABEL + span * row["win_rate"]
        body.append(f'<line x1="{LABEL + span * lo:.1f}" y1="{y:.1f}" x2="{LABEL + span * hi:.1f}" y2="{y:.1f}" '
                    f'stroke="{PALETTE[i % len(PALETTE)]}" stroke-width="4" stroke-linecap="round"/>')
        body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{PALETTE[i % len(PALETTE)]}" stroke="#fff">'
                    f'<title>{escape(row["archetype"])}: {100 * row["win_rate"]:.1f}% of {row["matches"]} matches '
                    f'({100 * lo:.1f}–{100 * hi:.1f}%)</title></circle>')
    return _svg(height, title, body)


def cell_class(win_rate: float | None) -> str:
    """A matrix cell's colour class (tournaments.css), by the row's win rate."""
    if win_rate is None:
        return "mu-none"
    return f"mu-{min(4, int(win_rate * 5))}"
