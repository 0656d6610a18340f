"""Regulations (カードの使用制限): the restricted and banned lists an event plays under, as data.

A regulation file (``regulations/official.json`` ships with the game; organizers import
their own, stored by digest as card sets are: ``kifu cards regulation import FILE``)::

    {"id", "title", "as_of": "YYYY-MM-DD", "source"?, "note"?,
     "restricted": [{"number", "name"?, "limit": n, "from": "YYYY-MM-DD"}],   # 制限カード
     "banned": [{"number", "name"?, "from": "YYYY-MM-DD"}]}                    # 禁止カード

A match names the one it is played under in its options (``regulation``): null for a
casual match (only 対戦用具's four copies), or the regulation itself as the service
resolved it by name (``{..., "digest", "date"}``: its content's digest and the day the
match is played, so that an entry applies from its ``from`` on and a record replays under
the rules it was played under). A shipped regulation may be named by its id in pure use.
Copies count by card number, as 対戦用具's limit does (``state.deck_problems``).

Source: the official site's news posts — 「制限カードとは? デッキに1枚だけ入れられるカード
です…すべての公認大会・公式大会において適用されます」 (hololive-official-cardgame.com/news/post/20,
which recalls the 2024/12/20 施行 restriction of hBP01-010 〈天音かなた〉).

>>> reg = shipped()["official"]
>>> deck = {"oshi": "o", "deck": ["k", "k"], "cheer": []}
>>> number = {"o": "hBP01-001", "k": "hBP01-010"}.get
>>> problems({**reg, "date": "2024-12-19"}, deck, number), problems({**reg, "date": "2024-12-20"}, deck, number)
([], ['hBP01-010 ×2: 制限カード of regulation official (from 2024-12-20): at most 1'])
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from kifu.replays import canon

DATE = validate.Regexp(r"^\d{4}-\d{2}-\d{2}$", error="a date YYYY-MM-DD")
R_REGULATION = "対戦用具/カードの使用制限"


class Strict(Schema):
    class Meta:
        unknown = RAISE


class RestrictedSchema(Strict):
    number = fields.String(required=True, validate=validate.Length(min=1, max=32))
    name = fields.String()
    limit = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=3))
    #: the day the entry takes effect
    from_ = fields.String(data_key="from", attribute="from", required=True, validate=DATE)
    note = fields.String()


class BannedSchema(Strict):
    number = fields.String(required=True, validate=validate.Length(min=1, max=32))
    name = fields.String()
    from_ = fields.String(data_key="from", attribute="from", required=True, validate=DATE)
    note = fields.String()


class RegulationSchema(Strict):
    """A regulation file; in a match's options also its ``digest`` and the ``date`` played."""

    id = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"))
    title = fields.String(required=True, validate=validate.Length(min=1, max=200))
    as_of = fields.String(required=True, validate=DATE)
    source = fields.String()
    note = fields.String()
    restricted = fields.List(fields.Nested(RestrictedSchema), load_default=list)
    banned = fields.List(fields.Nested(BannedSchema), load_default=list)
    digest = fields.String(validate=validate.Regexp(r"^[0-9a-f]{64}$"))
    date = fields.String(validate=DATE)


SCHEMA = RegulationSchema()


class RegulationError(ValueError):
    """A regulation file that does not fit the format: ``errors`` maps field paths to messages."""

    def __init__(self, errors: Mapping[str, Any]):
        self.errors = dict(errors)
        super().__init__("invalid regulation: " + "; ".join(f"{k}: {v}" for k, v in sorted(self.errors.items())))


def load(data: Any) -> dict[str, Any]:
    """``data`` validated (a copy; ``RegulationError`` naming every bad field)."""
    if not isinstance(data, Mapping):
        raise RegulationError({"_schema": ["a regulation is a JSON object"]})
    try:
        loaded = SCHEMA.load(dict(data))
    except ValidationError as exc:
        raise RegulationError(_flat(exc.messages)) from None
    numbers = [e["number"] for e in loaded["restricted"] + loaded["banned"]]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise RegulationError({"restricted": [f"listed twice: {', '.join(twice)}"]})
    return loaded


def _flat(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, value in (messages.items() if isinstance(messages, Mapping) else [("", messages)]):
        path = f"{prefix}.{key}" if prefix and key != "" else str(key) or prefix
        if isinstance(value, Mapping):
            out.update(_flat(value, path))
        else:
            out[path] = [str(v) for v in value]
    return out


def file_data(reg: Mapping[str, Any]) -> dict[str, Any]:
    """The file's own fields (without what a match adds: ``digest``, ``date``)."""
    return {k: v for k, v in reg.items() if k not in ("digest", "date")}


def digest(reg: Mapping[str, Any]) -> str:
    """The digest a regulation is stored and named by (that of its file's fields)."""
    return canon.digest(file_data(reg))


@lru_cache(maxsize=1)
def _shipped() -> tuple[tuple[str, str], ...]:
    folder = resources.files("kifu.replays.games.hocg").joinpath("regulations")
    return tuple((f.name, f.read_text(encoding="utf-8"))
                 for f in sorted(folder.iterdir(), key=lambda f: f.name) if f.name.endswith(".json"))


def shipped() -> dict[str, dict[str, Any]]:
    """The regulations the game ships, by id (read when first asked: no import-time I/O)."""
    out = {}
    for _, text in _shipped():
        reg = load(json.loads(text))
        out[reg["id"]] = {**reg, "digest": digest(reg)}
    return out


def resolve(named: Any) -> dict[str, Any] | None:
    """The options' ``regulation`` as a loaded regulation: None (casual), a shipped one's
    id, or the regulation itself (as the service resolved it)."""
    if named is None:
        return None
    if isinstance(named, str):
        found = shipped().get(named)
        if found is None:
            known = ", ".join(sorted(shipped()))
            raise RegulationError({"regulation": [f"no regulation {named!r} ships with the game ({known}); "
                                                  "the service resolves stored ones"]})
        return found
    return load(named)


def problems(reg: Mapping[str, Any] | None, lst: Mapping[str, Any], number: Callable[[str], str | None]) -> list[str]:
    """Every card of the deck list ``lst`` (oshi and main deck) over ``reg``'s limits on
    ``reg["date"]`` (every entry, if the regulation names no date); ``number`` maps a
    printing id to its card number."""
    if not reg:
        return []
    day = reg.get("date")
    counts = Counter(n for n in map(number, [lst.get("oshi"), *lst.get("deck", [])]) if n)
    out = []
    ours = shipped().get(reg["id"], {}).get("digest")
    where = f"regulation {reg['id']}" + (f" ({reg['digest'][:12]}…)" if reg.get("digest") not in (None, ours) else "")
    for e in reg.get("banned", ()):
        if counts[e["number"]] and (day is None or day >= e["from"]):
            out.append(f"{e['number']} ×{counts[e['number']]}: 禁止カード of {where} (from {e['from']})")
    for e in reg.get("restricted", ()):
        if counts[e["number"]] > e["limit"] and (day is None or day >= e["from"]):
            out.append(f"{e['number']} ×{counts[e['number']]}: 制限カード of {where} (from {e['from']}): "
                       f"at most {e['limit']}")
    return out
