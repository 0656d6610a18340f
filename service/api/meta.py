"""Health, the game list, the OpenAPI document and the audit log."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

import redis
from flask import current_app, jsonify

from kifu.replays.records import TABLES
from kifu.service import auth
from kifu.service.api import bp
from kifu.service.api.context import kifu, query, require_principal
from kifu.service.api.schemas import INSTANCES as S
from kifu.service.cardsets import default_set, demo_sets
from kifu.service.errors import Forbidden
from kifu.service.limits import page_size


def kifu_version() -> str:
    try:
        return version("kifu")
    except PackageNotFoundError:
        return "0+unknown"


@bp.get("/health")
def health():
    try:
        ok = bool(kifu().redis.ping())
    except redis.RedisError:
        ok = False
    body = S.HealthSchema.dump({"ok": ok, "redis": "ok" if ok else "unreachable", "version": kifu_version()})
    return jsonify(body), (200 if ok else 503)


def game_json(rules, stored) -> dict:
    """A game and the card sets a match of it may name: its demo sets and those imported
    (``kifu cards import``), by id and digest."""
    try:
        options = rules.options_schema.load({})
    except Exception:  # noqa: BLE001 - a game without default options simply shows none
        options = None
    default = default_set(rules)
    sets = {cs.digest: {"id": cs.id, "digest": cs.digest, "title": str(cs.loaded.get("title", cs.id)),
                        "cards": len(cs.cards), "demo": True} for cs in demo_sets(rules)}
    for cs in stored:
        sets.setdefault(cs.digest, {"id": cs.id, "digest": cs.digest, "title": cs.title, "cards": cs.cards,
                                    "demo": False})
    cardsets = sorted(({**c, "default": c["digest"] == default.digest} for c in sets.values()),
                      key=lambda c: (not c["default"], c["id"], c["digest"]))
    out = {"id": rules.id, "title": rules.title, "version": rules.version, "seats": list(rules.seats),
           "commands": sorted(rules.commands), "tables": list(TABLES), "cardsets": cardsets}
    if options is not None:
        out["options"] = options
    return out


@bp.get("/games")
def games():
    stored = kifu().matches.cardsets.list()
    return jsonify(S.GamesSchema.dump({"games": [game_json(r, [c for c in stored if c.game == r.id])
                                                 for r in kifu().games()]}))


@bp.get("/openapi.json")
def openapi():
    from kifu.service.api.openapi import document

    cached = current_app.extensions.get("kifu.openapi")
    if cached is None:
        cached = current_app.extensions["kifu.openapi"] = document(kifu_version())
    return jsonify(cached)


@bp.get("/audit")
def audit_log():
    """The omniscient looks at live matches, newest first (admin only)."""
    who = require_principal()
    if who.role != "admin":
        raise Forbidden("only an admin token reads the audit log")
    q = query(S.AuditQuerySchema)
    limit = page_size(q.get("limit"), current_app.config)
    top = q.get("before") or "+"
    raw = kifu().redis.xrevrange(auth.AUDIT_KEY, max=top, min="-", count=limit + 1)
    items = [{"id": _text(entry_id), **{_text(k): _text(v) for k, v in fields.items()}} for entry_id, fields in raw]
    if q.get("before") and items and items[0]["id"] == q["before"]:
        items = items[1:]  # exclusive: the cursor is the last entry already seen
    more = len(items) > limit
    items = items[:limit]
    return jsonify(S.AuditSchema.dump({"entries": items, "next": items[-1]["id"] if more else None}))


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
