"""Deck lists given as text, read at the service's edge into the value a game's options take.

A client may send a seat's deck list (``options.decks.<seat>`` of a new match, an event
player's ``deck``) as the text players paste (``kifu.replays.kit.decklist``, the game's
``deck_form``) instead of the structured value. It is read here, with the match's or the
event's bound card set, before the options schema sees it: every problem comes back at
once as a 422 ``deck_problem`` whose field errors name the seat and each line, and
nothing is written. A game without a deck form leaves the text to its options schema
(a 400 like any other malformed option).
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.kit import decklist
from kifu.service.errors import BadRequest, DeckProblem

MAX_TEXT = decklist.MAX_TEXT


def form_of(rules: Any) -> Any:
    return getattr(rules, "deck_form", None)


def parse(rules: Any, text: str) -> decklist.Parsed:
    """``text`` read with ``rules``' deck form and bound card set (``rules`` has a form)."""
    return decklist.parse(form_of(rules), rules.cardset, text)


def read(rules: Any, deck: Any, field: tuple[str, ...]) -> Any:
    """``deck`` as the options take it: text read (refused with every problem, under
    ``field``), anything else as given."""
    if not isinstance(deck, str) or form_of(rules) is None:
        return deck
    if len(deck) > MAX_TEXT:
        raise BadRequest(_nest(field, [f"a deck list has at most {MAX_TEXT} characters"]))
    got = parse(rules, deck)
    if not got.ok:
        raise DeckProblem(_nest(field, [str(p) for p in got.problems]),
                          f"deck list refused ({got.summary}): " + "; ".join(map(str, got.problems)))
    return got.value


def read_options(rules: Any, options: Any) -> Any:
    """``options`` with each seat's text deck list read; every seat's problems at once."""
    if form_of(rules) is None or not isinstance(options, Mapping) or not isinstance(options.get("decks"), Mapping):
        return options
    decks, errors, refusals = dict(options["decks"]), {}, []
    for seat, deck in options["decks"].items():
        try:
            decks[seat] = read(rules, deck, (seat,))
        except BadRequest as exc:
            errors.update(exc.errors)
            refusals.append(exc)
    if refusals:
        # a list too long to read is malformed (400); otherwise the lists' problems (422)
        kind = BadRequest if any(r.status == 400 for r in refusals) else DeckProblem
        raise kind({"options": {"decks": errors}}, "; ".join(f"{seat}: {r.message}" for seat, r in
                                                             zip(errors, refusals)))
    return {**options, "decks": decks}


def as_text(rules: Any, deck: Any) -> str:
    """A registered (structured) deck list as the text ``read`` takes back."""
    return decklist.export(form_of(rules), rules.cardset, deck)


def _nest(path: tuple[str, ...], messages: list[str]) -> dict[str, Any]:
    out: Any = messages
    for key in reversed(path):
        out = {key: out}
    return out
