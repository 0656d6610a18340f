"""Pickers: a chance event's possible outcomes, or a family of commands, as one searchable list.

A recorder at a physical or observed table states what the table turned up: the card a
draw brought, a die's face, the card a player revealed. The rules say what is possible
(``Rules.needs`` / ``Rules.deal_needs`` give the event with its options; ``Rules.legal``
lists the commands a reveal may be); this module turns that into the options a page
shows: a label in the game's words, and the text a filter searches (the card's id, its
printed name and number, NFKC-folded so that ｈＢＰ and hbp, or 五 typed either way, match).

Nothing here knows a game: it reads the bound card set only (``CardSet.cards``), and for
a run of draws from one pile (``pile_run``) the rules' ``check``, which any game has.

>>> class CS:
...     cards = {"n1": {"id": "n1", "name": "一", "number": "1"}, "n2": {"id": "n2", "name": "二", "number": "2"}}
...     def name(self, c): return self.cards[c]["name"] if c in self.cards else c
>>> [o.label for o in outcome_options(CS(), {"options": ["n2", "n1"], "unknown_ok": True}, observed=True)]
['一', '二', 'unknown (not seen)']
>>> [o.value for o in matching(outcome_options(CS(), {"options": [1, 2, 3]}, observed=False), "2")]
['2']
"""
from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from kifu.replays.kit.chance import OutcomeNeeded

#: a family of at least this many commands that differ only in the card they name becomes one
#: button plus a picker (an observed hand of unknown cards may be any of dozens)
PICK_AT = 8
#: card fields besides the id and name that a recorder may type to find a card
NUMBER_FIELDS = ("number", "no", "card_number", "code", "serial")
UNKNOWN = "null"  #: the JSON value of "not seen" (an observed table's unknown outcome)
#: a run of at least this many consecutive draws from one pile is stated in one multi-pick form
MULTI_AT = 2
#: the longest run probed (a deal or a redraw is 7; a long "draw N" stays well below)
MAX_RUN = 60


def fold(text: str) -> str:
    """Search text: NFKC (full-width to half-width) and case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


@dataclass(frozen=True)
class Option:
    """One choice: ``value`` is the JSON the form posts, ``label`` what the button says."""

    value: str
    label: str
    search: str
    detail: str = ""


def card_search(cardset: Any, card_id: str) -> str:
    card = cardset.cards.get(card_id) if cardset is not None else None
    parts = [card_id]
    if card:
        parts.append(str(card.get("name", "")))
        parts.extend(str(card[k]) for k in NUMBER_FIELDS if card.get(k) not in (None, ""))
    return fold(" ".join(parts))


def card_order(cardset: Any) -> dict[str, int]:
    """Cards in the order their set lists them (the order a recorder knows), not by id."""
    return {c: i for i, c in enumerate(cardset.cards)} if cardset is not None else {}


def outcome_options(cardset: Any, event: Mapping[str, Any], *, observed: bool,
                    describe: Callable[[str], str] | None = None) -> list[Option]:
    """The possible outcomes of ``event`` (a ``needs`` object: ``options``, their printed
    ``names`` where given, ``unknown_ok``), cards in card-set order, then "unknown" where an
    observed table may leave it unseen. A card's ``detail`` is ``describe(card)`` (the
    game's ``card_line``: what tells printings of one name apart), else its id."""
    values = list(event.get("options") or [])
    given = event.get("names")
    names = dict(zip(map(_key, values), given)) if isinstance(given, list) and len(given) == len(values) else {}
    order = card_order(cardset)
    cards = cardset.cards if cardset is not None else {}
    values.sort(key=lambda v: (0, order[v], "") if isinstance(v, str) and v in order
                else (1, v if isinstance(v, int) and not isinstance(v, bool) else 0, json.dumps(v)))
    out = []
    for v in values:
        text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
        name = str(names.get(_key(v)) or (cardset.name(v) if isinstance(v, str) and v in cards else text))
        search = card_search(cardset, v) if isinstance(v, str) and v in cards else fold(text)
        detail = describe(v) if describe is not None and isinstance(v, str) and v in cards else ""
        out.append(Option(json.dumps(v, ensure_ascii=False), name, f"{search} {fold(name)} {fold(detail)}".rstrip(),
                          detail=detail or (text if name != text else "")))
    if observed and event.get("unknown_ok", True):
        out.append(Option(UNKNOWN, "unknown (not seen)", fold("? unknown 不明")))
    return out


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def matching(options: Iterable[Option], query: str) -> list[Option]:
    """The options whose search text holds every word of ``query`` (all of them if it is blank)."""
    words = fold(query).split()
    return [o for o in options if all(w in o.search for w in words)]


# -- runs of draws from one pile ------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """Consecutive chance events of one command that take cards from one pile (a redraw of
    seven, "draw 3"): the recorder states them in one form. ``index`` is the first one's
    place in ``"outcomes"``, ``size`` how many there are, ``counts`` the copies of each
    possible outcome (its JSON) that may still be in the pile."""

    index: int
    size: int
    counts: dict[str, int]


def pile_run(rules: Any, state: Any, command: Mapping[str, Any]) -> Run | None:
    """The run of same-pile draws ``command`` needs next, or None (no outcome missing, or the
    rules refuse it whatever the outcome).

    The events are the rules' own (``Rules.check``'s ``OutcomeNeeded``, as the service's
    ``needs``, with the copies left as weights); two are of one pile when the second is
    the first's event (name, rule, who sees it) with exactly one copy of the first's outcome
    gone. The probe states the likeliest card each time; a run whose length depends on the
    cards drawn ("draw until ...") is found as that card makes it, and whatever the
    recorder states is checked by the service as any command is.
    """
    stated = list(command.get("outcomes") or [])
    try:
        first = _next_event(rules, state, dict(command))
    except Exception:  # noqa: BLE001 - a refusal (or a malformed command) has no run to offer
        return None
    if first is None:
        return None
    counts = _counts(first)
    left = dict(counts)
    size = 1
    while size < MAX_RUN:
        pick = max(left, key=lambda k: left[k])
        stated = [*stated, json.loads(pick)]
        try:
            nxt = _next_event(rules, state, {**command, "outcomes": stated})
        except Exception:  # noqa: BLE001 - the probe's card made the command illegal: the run ends here
            break
        left = {**left, pick: left[pick] - 1}
        if (nxt is None or (nxt.name, nxt.rule, nxt.visible, nxt.unknown_ok)
                != (first.name, first.rule, first.visible, first.unknown_ok)
                or _counts(nxt) != {k: v for k, v in left.items() if v > 0}):
            break
        size += 1
    return Run(len(command.get("outcomes") or []), size, counts)


def _next_event(rules: Any, state: Any, command: dict[str, Any]) -> Any:
    """The event whose outcome ``command`` lacks first, None if it is complete; raises the
    rules' refusal otherwise."""
    try:
        rules.check(state, command)
    except OutcomeNeeded as need:
        return need.event
    return None


def _counts(event: Any) -> dict[str, int]:
    weights = event.weights or (1,) * len(event.options)
    return {json.dumps(o, ensure_ascii=False): w for o, w in zip(event.options, weights) if w > 0}


def run_options(cardset: Any, needs: Mapping[str, Any], run: Run, *, observed: bool,
                describe: Callable[[str], str] | None = None) -> list[tuple[Option, int]]:
    """The multi-pick form's rows: each possible outcome (``outcome_options``' order and
    words) with the most copies of it the run may state ("unknown" up to the run's size)."""
    return [(o, run.size if o.value == UNKNOWN else min(run.counts.get(o.value, 1), run.size))
            for o in outcome_options(cardset, needs, observed=observed, describe=describe)]


def picks(values: list[str], counts: list[str], order: str, *, limit: int = MAX_RUN) -> list[Any]:
    """The outcomes a multi-pick form posted: ``counts[i]`` copies of ``values[i]``, in the
    order they were clicked (``order``, a JSON list kept by kifu.js) when that order holds
    exactly those copies, else in the form's order. ValueError on a malformed form."""
    if len(values) != len(counts):
        raise ValueError("each option of the form has one count")
    out: list[Any] = []
    for raw, n in zip(values, counts):
        n = n.strip() or "0"
        if not n.isdecimal() or int(n) > limit:
            raise ValueError(f"a count is a whole number from 0 to {limit}, not {n[:12]!r}")
        out.extend([parse_value(raw)] * int(n))
    if len(out) > limit:
        raise ValueError(f"at most {limit} outcomes at once")
    try:
        clicked = json.loads(order) if order else None
    except ValueError:
        clicked = None
    if isinstance(clicked, list) and sorted(map(_key, clicked)) == sorted(map(_key, out)):
        return clicked
    return out


def parse_value(raw: str) -> Any:
    """A posted option value back to JSON data; ValueError if it is not JSON."""
    if len(raw) > 512:
        raise ValueError("an option is at most 512 characters")
    return json.loads(raw)


# -- families of commands --------------------------------------------------------------------

@dataclass
class Family:
    """Commands of one type and seat that differ only in the card named in ``field``."""

    key: str
    field: str
    items: list[dict[str, Any]] = field(default_factory=list)  #: {"json", "label", "command"}


def card_field(command: Mapping[str, Any], cards: Mapping[str, Any]) -> str | None:
    """The one field of ``command`` that names a card of the set, if exactly one does."""
    named = [k for k, v in command.items() if k not in ("type", "seat") and isinstance(v, str) and v in cards]
    return named[0] if len(named) == 1 else None


def families(items: list[dict[str, Any]], cards: Mapping[str, Any], *, at: int = PICK_AT) -> list[Any]:
    """``items`` (each with its ``command``) in order, where every run of ``at`` or more
    commands that differ only in the card they name is folded into one ``Family``."""
    groups: dict[str, Family] = {}
    keys: list[str | None] = []
    for item in items:
        command = item["command"]
        name = card_field(command, cards)
        if name is None or command.get("outcomes"):
            keys.append(None)
            continue
        rest = {k: v for k, v in command.items() if k != name}
        key = json.dumps([name, rest], sort_keys=True, ensure_ascii=False)
        groups.setdefault(key, Family(key, name)).items.append(item)
        keys.append(key)
    out: list[Any] = []
    placed: set[str] = set()
    for item, key in zip(items, keys):
        if key is None or len(groups[key].items) < at:
            out.append(item)
        elif key not in placed:
            placed.add(key)
            out.append(groups[key])
    return out


def family_options(cardset: Any, family: Family, *, describe: Callable[[str], str] | None = None) -> list[Option]:
    order = card_order(cardset)
    items = sorted(family.items, key=lambda i: order.get(i["command"][family.field], len(order)))
    out = []
    for i in items:
        card = i["command"][family.field]
        detail = describe(card) if describe is not None else ""
        out.append(Option(i["json"], i["label"], f"{card_search(cardset, card)} {fold(i['label'])} {fold(detail)}",
                          detail=detail))
    return out


def family_label(family: Family) -> str:
    """What the family's one button says: the words its labels share, the card left out
    ("p1 plays …" from "p1 plays 一", "p1 plays 二", ...)."""
    labels = [i["label"] for i in family.items]
    first, last = min(labels), max(labels)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    prefix = first[:n]
    rest = [lab[n:] for lab in labels]
    m = 0
    while all(m < len(r) for r in rest) and len({r[len(r) - 1 - m] for r in rest}) == 1:
        m += 1
    suffix = rest[0][len(rest[0]) - m:] if m else ""
    return f"{prefix}…{suffix}"


# -- whose draw, and why a card cannot be it -------------------------------------------------

#: parts of a state that name cards without placing them (the dealer's books, notes, logs)
NOT_PLACES = frozenset({"zones", "chance", "events", "seed", "pending", "stack", "cited", "used", "mulligan",
                        "log", "history", "options", "decks", "deck_list", "decklist"})


@dataclass(frozen=True)
class Impossible:
    """A card that cannot be an event's outcome, and why (for the picker to say)."""

    card: str
    label: str
    search: str
    reason: str


def pile_of(state: Any, needs: Mapping[str, Any]) -> str | None:
    """The face-down pile (the kit's ``zones.piles``) whose possible cards are the event's
    options: the pile the card comes from."""
    piles = (state.get("zones") or {}).get("piles") or {} if isinstance(state, dict) else {}
    wanted = {_key(o) for o in needs.get("options") or [] if o is not None}
    hits = [name for name, p in piles.items()
            if {_key(c) for c, n in (p.get("unseen") or {}).items() if n > 0} | {_key(c) for c in p.get("top") or []
                                                                                 if isinstance(c, str)} == wanted]
    return hits[0] if len(hits) == 1 else None


def whose(state: Any, needs: Mapping[str, Any]) -> str | None:
    """The seat a chance event belongs to: the one seat that sees it, else the seat its
    pile is named for ("deck/p2")."""
    visible = needs.get("visible")
    if isinstance(visible, list) and len(visible) == 1:
        return str(visible[0])
    pile = pile_of(state, needs)
    if pile:
        return next((part for part in pile.replace(":", "/").split("/") if part[:1] == "p" and part[1:].isdigit()),
                    None)
    return None


def whereabouts(state: Any, seat: str | None = None) -> dict[str, dict[str, int]]:
    """Where each card is seen in ``state`` outside the face-down piles: ``{card: {"p1
    archive": 2, ...}}``, by the seat and the zone its path names (of ``seat`` only, if
    given). The state is plain data; a place is the first two names on a card's path."""
    out: dict[str, dict[str, int]] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k not in NOT_PLACES:
                    walk(v, (*path, str(k)))
        elif isinstance(node, list):
            for v in node:
                walk(v, path)
        elif isinstance(node, str) and path:
            names = [p for p in path if p not in ("players", "seats", "card", "cards")]
            owner = next((p for p in names if p[:1] == "p" and p[1:].isdigit()), None)
            if seat is not None and owner != seat:
                return
            place = " ".join(([owner] if owner else []) + [p for p in names if p != owner][:1])
            if place:
                out.setdefault(node, {}).setdefault(place, 0)
                out[node][place] += 1
    walk(state, ())
    return out


def impossible(cardset: Any, state: Any, needs: Mapping[str, Any], seat: str | None, *,
               registered: Mapping[str, Mapping[str, int]] | None = None,
               describe: Callable[[str], str] | None = None) -> list[Impossible]:
    """Every card the event's pile was registered with (``registered``: the piles as setup
    filled them, ``Game.registered``) that is not a possible outcome now, with where its
    copies are seen ("all 4 copies registered are seen: p1 archive ×2, p1 center ×2"). A
    card the pile was never registered with is not listed: the picker says that once."""
    cards = cardset.cards if cardset is not None else {}
    options = {o for o in needs.get("options") or [] if isinstance(o, str)}
    pile = pile_of(state, needs) if state is not None else None
    listed = (registered or {}).get(pile or "")
    if not options or not options <= set(cards) or not listed:
        return []
    places_of = whereabouts(state, seat)
    out = []
    for card, n in listed.items():
        if card not in cards or card in options or n <= 0:
            continue
        places = places_of.get(card, {})
        seen = sum(places.values())
        where = ", ".join(f"{p} ×{k}" if k > 1 else p for p, k in sorted(places.items(), key=lambda x: -x[1]))
        if seen >= n:
            reason = f"{'the one copy' if n == 1 else f'all {n} copies'} registered {'is' if n == 1 else 'are'} seen: {where}"
        else:
            reason = (f"{n} registered, {seen} seen{': ' + where if where else ''}; the others left {pile} "
                      "face down (the rules know where)")
        line = describe(card) if describe is not None else card
        out.append(Impossible(card, f"{cardset.name(card)} {line}", f"{card_search(cardset, card)} "
                              f"{fold(cardset.name(card))} {fold(line)}", reason))
    order = card_order(cardset)
    return sorted(out, key=lambda i: order.get(i.card, 0))


def what(cardset: Any, needs: Mapping[str, Any]) -> str:
    """What the recorder picks: "the card" when every outcome is a card, else "the outcome"."""
    cards = cardset.cards if cardset is not None else {}
    options = [o for o in needs.get("options") or [] if o is not None]
    return "the card" if options and all(isinstance(o, str) and o in cards for o in options) else "the outcome"
