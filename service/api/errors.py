"""JSON errors for everything under ``/api/``, in one stable shape.

Every error body is ``{"error": code, "message": text}`` plus the error's own fields:
``rule`` (rule violations), ``errors`` (field -> messages), ``current_seq`` (409s),
``retry_after`` (429, also as the ``Retry-After`` header). Redis unreachable is a 503
``unavailable``; every 503 (``not_replicated`` too) carries ``Retry-After``, so that a
client knows it may retry, and when. gunicorn's own refusals (414, 431, 400 before Flask)
are rewritten in this shape by ``kifu.service.edge``. Codes are stable; messages are
for people. Werkzeug's HTTP errors (unknown route, wrong method, body too large) get the
same shape under ``/api/``; pages outside it are left to their own handlers.
"""
from __future__ import annotations

import logging

import redis
from flask import Blueprint, Flask, jsonify, request
from werkzeug.exceptions import HTTPException, InternalServerError

from kifu.replays.errors import RuleViolation, SchemaError
from kifu.service.errors import (  # noqa: F401 - BadJson: service.body raises it
    BadJson, BadRequest, Rejected, ServiceError, Unavailable)

log = logging.getLogger(__name__)

#: HTTP status -> stable code for werkzeug's own errors
HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    411: "length_required",
    413: "too_large",
    415: "unsupported_media_type",
    429: "rate_limited",
}


class UnsupportedMediaType(ServiceError):
    """This endpoint reads a different content type."""

    status = 415
    error = "unsupported_media_type"


def respond(exc: ServiceError):
    response = jsonify(exc.to_json())
    response.status_code = exc.status
    retry_after = getattr(exc, "retry_after", None)
    if retry_after is None and exc.status == 503:
        retry_after = 1
    if retry_after is not None:
        response.headers["Retry-After"] = str(int(retry_after))
    if exc.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="kifu"'
    return response


def _is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def http_error(exc: HTTPException):
    """Werkzeug's own errors (routing, method, size) in the API's shape."""
    code = exc.code or 500
    response = jsonify({"error": HTTP_CODES.get(code, "http_error"), "message": exc.description or exc.name})
    response.status_code = code
    valid_methods = getattr(exc, "valid_methods", None)
    if code == 405 and valid_methods:
        response.headers["Allow"] = ", ".join(valid_methods)
    return response


def service_error(exc: ServiceError):
    if exc.status >= 500:
        log.error("%s on %s %s: %s", exc.error, request.method, request.path, exc.message)
    return respond(exc)


def schema_error(exc: SchemaError):
    return respond(BadRequest({"command": exc.errors}, message=str(exc)))


def rule_violation(exc: RuleViolation):
    return respond(Rejected(exc.rule, exc.message))


def internal_error(exc: InternalServerError):
    original = getattr(exc, "original_exception", None)
    if original is not None:
        log.error("unhandled error on %s %s", request.method, request.path, exc_info=original)
    response = jsonify({"error": "internal", "message": "internal error; the operator's log has the details"})
    response.status_code = 500
    return response


def unavailable(exc: redis.RedisError):
    """Redis unreachable (stopped, restarting, loading its append-only file): a 503 the client
    may retry, not a 500 with a traceback per request while the embedded one restarts."""
    log.warning("Redis unreachable on %s %s: %s", request.method, request.path, exc)
    return respond(Unavailable.from_redis(exc))


def cluster_unavailable(exc: redis.exceptions.RedisClusterException):
    """No node of the cluster reachable, a slot without a primary: 503. A transaction across
    slots is our bug, not the cluster's state: it stays a 500."""
    if isinstance(exc, redis.exceptions.CrossSlotTransactionError):
        raise InternalServerError(original_exception=exc)
    return unavailable(exc)  # type: ignore[arg-type]


def install(bp: Blueprint) -> None:
    """Handlers on the API blueprint: they win over any app-wide handler an extension
    (web) installs, for every request routed to the API. Called once, at import."""
    bp.register_error_handler(ServiceError, service_error)
    bp.register_error_handler(SchemaError, schema_error)
    bp.register_error_handler(RuleViolation, rule_violation)
    bp.register_error_handler(redis.ConnectionError, unavailable)  # BusyLoadingError (LOADING) too
    bp.register_error_handler(redis.TimeoutError, unavailable)
    # a Redis Cluster without a primary for a slot (a failover under way) or with no node reachable
    bp.register_error_handler(redis.exceptions.ClusterError, unavailable)
    bp.register_error_handler(redis.exceptions.RedisClusterException, cluster_unavailable)
    bp.register_error_handler(InternalServerError, internal_error)
    bp.register_error_handler(HTTPException, http_error)


def register(app: Flask) -> None:
    """App-wide handlers for ``/api/`` paths that no API route matched (an unknown route's
    404 or a 405 never reaches a blueprint); every other path passes through untouched."""

    @app.after_request
    def _api_nosniff(response):
        # API bodies echo some input (a forged id in a 404): never let a browser sniff them as HTML
        if _is_api():
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            if response.status_code == 503:  # /api/health's too: a 503 always says when to come back
                response.headers.setdefault("Retry-After", "1")
        return response

    @app.errorhandler(HTTPException)
    def unrouted_api_error(exc: HTTPException):
        if not _is_api():
            return exc
        if isinstance(exc, InternalServerError):
            return internal_error(exc)
        return http_error(exc)
