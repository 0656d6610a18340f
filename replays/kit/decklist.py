"""Deck lists as players write them: text in sections, read into the options' deck value.

A game declares its ``DeckForm``: its areas (hOCG's 推しホロメン / メインデッキ /
エールデッキ, ヒロプレ's start leader and deck), which cards each area holds, its sizes and
copy limit, and how the areas become the value its options take (``build``) and back
(``split``). ``parse`` reads the text a player pastes and names *every* problem at once,
each with its line; ``export`` writes a registered value as the same text.

The text: a heading line opens an area (any of its ``names``, with or without brackets,
a colon or a count: ``【メインデッキ】``, ``Main Deck (50)``; ``推し: hBP01-001`` puts that
one card there); each
other line is one card and its copies, ``4 hBP01-009``, ``4x hBP01-009``, ``4 x
hBP01-009``, ``hBP01-009 x4`` or just the card (one copy); full-width digits and
letters are read as half-width; ``#`` starts a comment. A wrong size is reported at its
heading's line (or for the whole list, without a heading). A card is named by printing id,
by card number (any printing of a number is the same card for deck building, so the
number stands for its first printing, ``CardIndex.printing``), or by its name where
only one number has it. Lines before any heading go to the one area their card fits.

>>> from kifu.replays.kit.cardset import CardSet
>>> cards = {i: {"id": i, "number": i[:3], "name": n, "kind": k} for i, n, k in [
...     ("L01_C", "Leader", "lead"), ("A01_C", "Apple", "card"), ("A01_P", "Apple", "card"),
...     ("B01_C", "Berry", "card"), ("B02_C", "Berry", "card")]}
>>> cs = CardSet("toy", "d", cards, {}, {})
>>> form = DeckForm(
...     areas=(Area("leader", "Leader", "leader", ("leader",), size=1, fits=lambda c: c["kind"] == "lead",
...                 holds="a leader"),
...            Area("cards", "Deck", "deck", ("deck", "main deck"), size=5,
...                 fits=lambda c: c["kind"] == "card", holds="only cards")),
...     build=lambda a: {"leader": (a["leader"] or [None])[0], "cards": a["cards"]},
...     split=lambda v: {"leader": [v["leader"]], "cards": v["cards"]}, max_copies=3)
>>> got = parse(form, cs, "Leader\\n1 L01\\nMain Deck\\n３ x Apple\\nB01 x2  # two berries")
>>> got.value, got.summary
({'leader': 'L01_C', 'cards': ['A01_C', 'A01_C', 'A01_C', 'B01_C', 'B01_C']}, 'leader 1 / deck 5')
>>> print(export(form, cs, got.value))
Leader
1 L01  # Leader
Deck
3 A01  # Apple
2 B01  # Berry
>>> for p in parse(form, cs, "deck\\n4 A01_P\\nBerry\\n1 Cherry\\nL01\\nfour apples").problems: print(p)
line 2: 4 copies of A01 (Apple); at most 3
line 3: 'Berry' is the name of 2 cards: B01 (Berry), B02 (Berry); name one by its number
line 4: unknown card 'Cherry'
line 5: L01 (Leader) does not go in Deck (only cards); it goes in Leader
line 6: cannot read 'four apples': write '<count> <card>' or a section heading
Leader: none; it must have 1
"""
from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

#: the most characters a pasted list may have (a 71-card list with names is about 2,000)
MAX_TEXT = 20_000
MAX_COUNT = 999
_COUNT_FIRST = re.compile(r"^(\d{1,4})\s*枚?(?:\s*[x×✕*]\s+|\s+)(.*\S)$", re.I)
_COUNT_LAST = re.compile(r"^(.*?\S)\s*[x×✕*]\s*(\d{1,4})\s*枚?$", re.I)
_COMMENT = re.compile(r"(^|\s)#.*$")
_DECORATION = re.compile(r"^[\s【\[「<(（=*\-]+|[\s】\]」>)）=*\-]+$")
_HEAD_COUNT = re.compile(r"(?:[(（\[【]\s*\d+\s*枚?\s*[)）\]】]|\d+\s*枚?)$")


def fold(text: str) -> str:
    """Text as the parser compares it: NFKC (full-width to half-width), case-folded."""
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _heading_key(text: str) -> str:
    return re.sub(r"[\s・_\-]+", "", fold(text))


@dataclass(frozen=True)
class Area:
    """One part of a deck list: its key in the game's value and how players write it."""

    key: str
    title: str  #: the heading ``export`` writes and messages use
    short: str  #: its name in the count summary ("main 50")
    names: tuple[str, ...]  #: headings that open it (compared folded, spaces ignored)
    size: int | None = None  #: exactly this many cards; None: any number
    fits: Callable[[Mapping[str, Any]], bool] = lambda card: True
    holds: str = ""  #: what it holds, for a card in the wrong area ("only エール")
    copies: bool = True  #: whether its cards count toward the copy limit


def _number(card: Mapping[str, Any]) -> str:
    return str(card.get("number") or card.get("id"))


@dataclass(frozen=True)
class DeckForm:
    """A game's deck list in text: its areas and how they map to its options' value."""

    areas: tuple[Area, ...]
    build: Callable[[dict[str, list[str]]], Any]  #: area key -> card ids, to the options' deck value
    split: Callable[[Any], dict[str, list[str]]]  #: the options' deck value, to area key -> card ids
    max_copies: int | None = None
    #: what counts as one card for the copy limit (None: no limit for this card)
    copy_key: Callable[[Mapping[str, Any]], str | None] = _number
    #: a card's distinguishing detail where a name is ambiguous ("Debut", "1st")
    detail: Callable[[Mapping[str, Any]], str] = lambda card: ""
    #: the area of a card written before any heading that more than one area could hold
    default: str | None = None
    #: the game's own check of a built value (the safety net: what the areas cannot say)
    check: Callable[[Any, Any], Sequence[str]] | None = None

    def area(self, key: str) -> Area:
        return next(a for a in self.areas if a.key == key)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a pasted list; ``line`` is 1-based (None: the list as a whole)."""

    line: int | None
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line is not None else self.message


@dataclass(frozen=True)
class Parsed:
    """What ``parse`` read: the options' deck value (None if there is a problem), every
    problem in line order (the list-wide ones last), and each area's card count."""

    value: Any
    problems: tuple[Problem, ...]
    counts: tuple[tuple[str, int], ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def summary(self) -> str:
        return " / ".join(f"{name} {n}" for name, n in self.counts)


class CardIndex:
    """A card set's cards by printing id, number and name, folded (``fold``)."""

    def __init__(self, cards: Mapping[str, Mapping[str, Any]]):
        self.cards = cards
        self.ids = {fold(cid): cid for cid in cards}
        numbers: dict[str, list[str]] = defaultdict(list)
        names: dict[str, list[str]] = defaultdict(list)
        for cid, card in cards.items():
            number = _number(card)
            numbers[number].append(cid)
            if number not in names[fold(str(card.get("name", "")))]:
                names[fold(str(card.get("name", "")))].append(number)
        #: a number's first printing: the shortest id, then the first in order (``_C`` before ``_C_02``)
        self.first = {n: min(ids, key=lambda i: (len(i), i)) for n, ids in numbers.items()}
        self.numbers = {fold(n): n for n in numbers}
        self.names = dict(names)

    def printing(self, number: str) -> str:
        return self.first[number]

    def resolve(self, text: str, detail: Callable[[Mapping[str, Any]], str],
                fits: Callable[[Mapping[str, Any]], bool] | None = None) -> tuple[str | None, str | None]:
        """(the card id ``text`` names, None) or (None, why it names none). A name several
        numbers share names the one of them that ``fits`` the area it is written in, if one does
        (an oshi and its Debut holomem share a name)."""
        key = fold(text)
        if key in self.ids:
            return self.ids[key], None
        if key in self.numbers:
            return self.printing(self.numbers[key]), None
        numbers = self.names.get(key, [])
        if len(numbers) > 1 and fits is not None:
            numbers = [n for n in numbers if fits(self.cards[self.printing(n)])] or numbers
        if len(numbers) == 1:
            return self.printing(numbers[0]), None
        if numbers:
            shown = ", ".join(f"{n} ({self.label(self.printing(n), detail)})" for n in sorted(numbers))
            return None, f"{text!r} is the name of {len(numbers)} cards: {shown}; name one by its number"
        return None, f"unknown card {text!r}"

    def label(self, cid: str, detail: Callable[[Mapping[str, Any]], str] = lambda c: "") -> str:
        card = self.cards[cid]
        extra = detail(card)
        return f"{card.get('name', cid)}{' ' + extra if extra else ''}"


_INDEXES: dict[str, CardIndex] = {}


def index(cs: Any) -> CardIndex:
    """The card set's index, built once per digest (a pure memo: a set never changes)."""
    found = _INDEXES.get(cs.digest)
    if found is None or found.cards is not cs.cards:
        if len(_INDEXES) > 32:
            _INDEXES.clear()
        found = _INDEXES[cs.digest] = CardIndex(cs.cards)
    return found


def _heading(form: DeckForm, text: str) -> tuple[Area, str] | None:
    """The area a heading line opens and what follows its colon (``推し: hBP01-001``), if it is one."""
    colon = re.match(r"^([^:：]*)[:：]\s*(.*)$", text)
    head, rest = (colon[1], colon[2]) if colon else (text, "")
    for _ in range(2):  # "【Main Deck】 (50)" and "[Main Deck (50)]" alike
        head = _DECORATION.sub("", _HEAD_COUNT.sub("", head.strip()))
    key = _heading_key(head)
    for area in form.areas:
        if key and key in {_heading_key(n) for n in (*area.names, area.title, area.short)}:
            return area, rest.strip()
    return None


def _read(ix: CardIndex, form: DeckForm, text: str, area: Area | None) -> tuple[int, str | None, str | None]:
    """(copies, card id, None) or (0, None, why the line names no card)."""
    tries: list[tuple[int, str]] = []
    first, last = _COUNT_FIRST.match(text), _COUNT_LAST.match(text)
    if first:
        tries.append((int(first[1]), first[2]))
    if last:
        tries.append((int(last[2]), last[1]))
    tries.append((1, text))
    why = None
    for n, name in tries:
        cid, problem = ix.resolve(name.strip(), form.detail, area.fits if area is not None else None)
        if cid is not None:
            if not 1 <= n <= MAX_COUNT:
                return 0, None, f"{n} copies of {name.strip()!r}: a count is 1 to {MAX_COUNT}"
            return n, cid, None
        # the first reading that looks like a card names the problem; a bare phrase that is
        # no card name is "cannot read" rather than an unknown card
        if why is None and (first or last or " " not in text.strip() or not problem.startswith("unknown card")):
            why = problem
    return 0, None, why or f"cannot read {text!r}: write '<count> <card>' or a section heading"


def parse(form: DeckForm, cs: Any, text: str) -> Parsed:
    """Every card and every problem of ``text`` (see the module docstring)."""
    if len(text) > MAX_TEXT:
        return Parsed(None, (Problem(None, f"a deck list has at most {MAX_TEXT} characters"),))
    ix = index(cs)
    problems: list[Problem] = []
    rows: dict[str, list[tuple[int, str, int]]] = {a.key: [] for a in form.areas}  # area -> (line, card, copies)
    opened: dict[str, int] = {}
    area: Area | None = form.areas[0] if len(form.areas) == 1 else None
    for no, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", unicodedata.normalize("NFKC", raw)).strip()
        if not line:
            continue
        into = area
        head = _heading(form, line)
        if head is not None:
            into, line = head
            opened.setdefault(into.key, no)
            if not line:
                area = into
                continue
            # a heading with its card after the colon (``推し: hBP01-001``) names that card only
        n, cid, why = _read(ix, form, line, into)
        if cid is None:
            problems.append(Problem(no, why or "cannot read this line"))
            continue
        card = ix.cards[cid]
        if into is None:
            fitting = [a for a in form.areas if a.fits(card)]
            if len(fitting) > 1 and form.default in [a.key for a in fitting]:
                fitting = [form.area(form.default)]
            if len(fitting) != 1:
                problems.append(Problem(no, f"{_named(ix, form, cid)}: put it under a heading "
                                            f"({', '.join(a.title for a in form.areas)})"))
                continue
            into = fitting[0]
        if not into.fits(card):
            elsewhere = [a.title for a in form.areas if a is not into and a.fits(card)]
            problems.append(Problem(no, f"{_named(ix, form, cid)} does not go in {into.title}"
                                        f"{f' ({into.holds})' if into.holds else ''}"
                                        f"{'; it goes in ' + ' or '.join(elsewhere) if elsewhere else ''}"))
        rows[into.key].append((no, cid, n))
    problems.extend(_copies(ix, form, rows))
    counts = {a.key: sum(n for _, _, n in rows[a.key]) for a in form.areas}
    for a in form.areas:
        if a.size is not None and counts[a.key] != a.size:
            have = "none" if not counts[a.key] else f"{counts[a.key]} card{'s' if counts[a.key] != 1 else ''}"
            problems.append(Problem(opened.get(a.key), f"{a.title}: {have}; it must have {a.size}"))
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    value = None
    if not problems:
        value = form.build({k: [cid for _, cid, n in r for _ in range(n)] for k, r in rows.items()})
        problems.extend(Problem(None, p) for p in (form.check(cs, value) if form.check else ()))
        if problems:
            value = None
    return Parsed(value, tuple(problems), tuple((a.short, counts[a.key]) for a in form.areas))


def _named(ix: CardIndex, form: DeckForm, cid: str) -> str:
    return f"{_number(ix.cards[cid])} ({ix.label(cid, form.detail)})"


def _copies(ix: CardIndex, form: DeckForm, rows: Mapping[str, list[tuple[int, str, int]]]) -> list[Problem]:
    if form.max_copies is None:
        return []
    seen: dict[str, list[tuple[int, str, int]]] = defaultdict(list)
    for a in form.areas:
        if a.copies:
            for row in rows[a.key]:
                key = form.copy_key(ix.cards[row[1]])
                if key is not None:
                    seen[key].append(row)
    out = []
    for key, found in seen.items():
        total = sum(n for _, _, n in found)
        if total > form.max_copies:
            lines = sorted({no for no, _, _ in found})
            out.append(Problem(lines[0], f"{total} copies of {_named(ix, form, found[0][1])}; at most "
                                         f"{form.max_copies}{_also(lines)}"))
    return out


def _also(lines: list[int]) -> str:
    return f" (also line {', '.join(map(str, lines[1:]))})" if len(lines) > 1 else ""


def export(form: DeckForm, cs: Any, value: Any) -> str:
    """``value`` (the options' deck value) as text ``parse`` reads back to the same value:
    a heading per area, then ``<count> <card>  # name`` in the order the cards come first;
    a card is written by its number where the number stands for that printing."""
    ix = index(cs)
    out: list[str] = []
    for a, cards in ((form.area(k), v) for k, v in form.split(value).items()):
        out.append(a.title)
        counted: dict[str, int] = {}
        for cid in cards:
            if cid is not None:
                counted[cid] = counted.get(cid, 0) + 1
        for cid, n in counted.items():
            card = ix.cards.get(cid)
            if card is None:
                out.append(f"{n} {cid}")
                continue
            number = _number(card)
            shown = number if ix.first.get(number) == cid else cid
            out.append(f"{n} {shown}  # {ix.label(cid, form.detail)}")
    return "\n".join(out)
