"""Deck list fields in text, for the new-match form (one per seat) and event registration.

A game with a deck form (``Rules.deck_form``) gets a text area per deck list whose
placeholder is an example in the text form (the card set's first demo deck, written by
``kifu.replays.kit.decklist.export``). As the list is typed, htmx posts it (after a short
pause) to a check route that answers ``_deck_check.html``: every problem beside the
field with its line, and the count summary (oshi 1 / main 50 / cheer 20). Without
JavaScript the same check runs when the form is sent.
"""
from __future__ import annotations

from typing import Any, Mapping

from flask import render_template

from kifu.replays.kit import decklist
from kifu.replays.rules import seat_ids

PREFIX = "deck."  #: a seat's deck text area is ``deck.<seat>``


def form_of(rules: Any) -> Any:
    return getattr(rules, "deck_form", None) if rules is not None else None


def example(rules: Any, cardset: Any) -> str:
    """A deck list in the text form for a placeholder: the set's first demo deck, else headings."""
    form = form_of(rules)
    if form is None:
        return ""
    value = _demo_value(rules, cardset.loaded.get("decks")) if cardset is not None else None
    if value is not None:
        try:
            return decklist.export(form, cardset, value)
        except (KeyError, TypeError):
            pass
    return "\n".join(f"{a.title}\n<count> <card number>" for a in form.areas)


def _demo_value(rules: Any, demo: Any) -> Any:
    """The first demo deck of a set as the options take it, or None."""
    first = seat_ids(min(rules.seats))[0]
    if isinstance(demo, Mapping):  # keyed by seat (ヒロプレ)
        return demo.get(first)
    if isinstance(demo, list) and demo and isinstance(demo[0], Mapping):  # hOCG's {oshi, deck: {id: copies}, ...}
        return {k: ([c for c, n in v.items() for _ in range(n)] if isinstance(v, Mapping) else v)
                for k, v in demo[0].items() if k != "name"}
    return None


def check(rules: Any, cardset: Any, text: str) -> decklist.Parsed | None:
    """The list's problems and counts (None: nothing typed, or a game without deck text)."""
    form = form_of(rules)
    if form is None or cardset is None or not (text or "").strip():
        return None
    return decklist.parse(form, cardset, text)


def read_seats(rules: Any, cardset: Any, texts: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """Each seat's typed deck list read: (seat -> the options' deck value, field -> problems)."""
    decks: dict[str, Any] = {}
    errors: dict[str, list[str]] = {}
    for name, text in texts.items():
        got = check(rules, cardset, text)
        if got is None:
            continue
        if got.ok:
            decks[name[len(PREFIX):]] = got.value
        else:
            errors[name] = [str(p) for p in got.problems]
    return decks, errors


def fields(rules: Any, form: Mapping[str, str]) -> dict[str, str]:
    """The deck text areas the form sent, by field name (``deck.p1``...)."""
    if form_of(rules) is None:
        return {}
    return {f"{PREFIX}{seat}": form.get(f"{PREFIX}{seat}") or "" for seat in seat_ids(max(rules.seats))}


def answer(rules: Any, cardset: Any, key: str, text: str) -> str:
    """The check partial for the field whose check is ``#deck-check-<key>``."""
    return render_template("_deck_check.html", key=key, checked=check(rules, cardset, text))
