"""The JSON API under ``/api/``: one blueprint, marshmallow schemas, JSON errors, OpenAPI 3.

Views live in ``meta`` (health, games, the OpenAPI document), ``matches`` (matches,
state, legal commands, appending, entries), ``records`` (export, import), ``notes``
(annotations) and ``broadcast`` (the delayed broadcast's setting).
"""
from __future__ import annotations

from flask import Blueprint

from kifu.service.api import errors

bp = Blueprint("api", __name__, url_prefix="/api")
errors.install(bp)


@bp.after_request
def _no_store(response):
    # Answers depend on the caller's token (views, tokens of a new match): no cache keeps them.
    response.headers.setdefault("Cache-Control", "no-store")
    response.vary.add("Authorization")
    return response

from kifu.service.api import judging, matches, meta, notes, records  # noqa: E402,F401 - routes register on import
from kifu.service.api import tournaments  # noqa: E402,F401 - /api/events (issue 13)
from kifu.service.api import review  # noqa: E402,F401 - variations, shapes, studies (issue 15)
from kifu.service.api import broadcast  # noqa: E402,F401 - the delayed broadcast (issue 25)

__all__ = ["bp", "errors"]
