"""Card sets as data passed in: ``CardSet(id, digest, cards)``, a base schema, loading.

A game never looks its card set up: the service (or ``kifu verify``) loads one, checks
it with the game's schema, and binds it to the rules (``Game.bind``). Records pin a set
by ``id`` and ``digest`` (``canon.digest`` of the data exactly as loaded), so changing a
file makes another card set as far as verification goes.

A game's schema extends ``CardSetSchema`` and says how its cards are indexed by id
(``index``): a card id is what commands name (``{"type": "draw", "card": "..."}``).

>>> from marshmallow import fields
>>> class Toy(CardSetSchema):
...     cards = fields.List(fields.Dict(), required=True)
...     def index(self, loaded):
...         return {c["id"]: c for c in loaded["cards"]}
>>> cs = load(Toy(), {"id": "toy", "title": "Toy", "cards": [{"id": "a"}]})
>>> cs.ref() == {"id": "toy", "digest": cs.digest}
True
>>> load(Toy(), {"id": "toy", "title": "Toy", "cards": [3]})
Traceback (most recent call last):
...
kifu.replays.kit.cardset.CardSetError: invalid card set: cards.0: Not a valid mapping type.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from kifu.replays import canon

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"


class CardSetError(ValueError):
    """A card set that does not fit its game's schema; ``errors`` maps field paths to messages."""

    def __init__(self, errors: Mapping[str, list[str]]):
        self.errors = dict(errors)
        shown = "; ".join(f"{path}: {' '.join(msgs)}" for path, msgs in sorted(self.errors.items()))
        super().__init__(f"invalid card set: {shown}")


class CardSetSchema(Schema):
    """The fields every card set has; a game adds its own and implements ``index``."""

    class Meta:
        unknown = RAISE

    id = fields.String(required=True, validate=validate.Regexp(ID_PATTERN))
    title = fields.String(required=True)
    note = fields.String()

    def index(self, loaded: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        """Every card of the set by the id commands name it with."""
        raise NotImplementedError


@dataclass(frozen=True)
class CardSet:
    """A validated card set. ``data`` is exactly what was hashed; ``cards`` indexes it by id."""

    id: str
    digest: str
    cards: Mapping[str, Mapping[str, Any]] = field(repr=False)
    data: Mapping[str, Any] = field(repr=False, compare=False)
    loaded: Mapping[str, Any] = field(repr=False, compare=False)

    def ref(self) -> dict[str, str]:
        return {"id": self.id, "digest": self.digest}

    def card(self, card_id: str) -> Mapping[str, Any]:
        return self.cards[card_id]

    def name(self, card_id: str) -> str:
        """The printed name where the card has one, else its id."""
        card = self.cards.get(card_id)
        return str(card.get("name", card_id)) if card else card_id


def flatten(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as ``{"members.3.icons.0": [...]}``."""
    if isinstance(messages, Mapping):
        out: dict[str, list[str]] = {}
        for key, value in messages.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            if key == "_schema":
                path = prefix or "_schema"
            for p, msgs in flatten(value, path).items():
                out.setdefault(p, []).extend(msgs)
        return out
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return {prefix or "_schema": list(messages)}
    return {prefix or "_schema": [str(messages)]}


def load(schema: CardSetSchema, data: Any) -> CardSet:
    """Validate ``data`` with ``schema``; raise ``CardSetError`` with field paths."""
    if not isinstance(data, Mapping):
        raise CardSetError({"_schema": ["a card set is a JSON object"]})
    try:
        canon.check_plain(data)
    except TypeError as exc:
        raise CardSetError({"_schema": [str(exc)]}) from None
    try:
        loaded = schema.load(data)
    except ValidationError as exc:
        raise CardSetError(flatten(exc.messages)) from None
    return CardSet(id=loaded["id"], digest=canon.digest(data), cards=schema.index(loaded), data=data, loaded=loaded)


def packaged(package: str) -> list[dict[str, Any]]:
    """The card set files shipped in ``<package>/cardsets/`` (the demo sets), as data."""
    folder = resources.files(package).joinpath("cardsets")
    return [json.loads(f.read_text(encoding="utf-8"))
            for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".json")]
