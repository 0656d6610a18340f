"""The Flask app factory: the store, the match service, the JSON API, and extensions.

``create_app(config)`` wires one redis-py client into a ``Store`` and a ``MatchService``
and keeps them on ``app.extensions["kifu"]`` (a ``Kifu`` object); it imports every game's
demo card sets into the store (``service.cardsets``) as ``kifu cards import`` would. It then registers the
API blueprint and loads every entry point of the ``kifu.extensions`` group, calling its
``init_app(app)``: that is how ``web`` plugs in without ``service`` importing it.

Configuration comes from the mapping given, else from the environment (``REDIS_URL``,
``KIFU_SECRET_KEY``, ``KIFU_ADMIN_TOKEN``), so ``gunicorn 'service.app:create_app()'``
works as is (docker-compose.yml). There is no default secret key: a hard-coded one would
be a shared one. ``kifu serve`` generates and persists one under its data directory.
"""
from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable, Mapping

import redis
from flask import Flask

from replays import registry
from replays.rules import Rules
from service import auth, limits
from service.matches import MatchService
from service.store import Store

log = logging.getLogger(__name__)

EXTENSION_GROUP = "kifu.extensions"
ENVIRONMENT = (("REDIS_URL", "REDIS_URL"), ("SECRET_KEY", "KIFU_SECRET_KEY"),
               ("KIFU_ADMIN_TOKEN", "KIFU_ADMIN_TOKEN"), ("KIFU_PROXY_FIX", "KIFU_PROXY_FIX"))


@dataclass
class Kifu:
    """What the API and extensions share: one Redis client, the store and the match service."""

    redis: Any
    store: Store
    matches: MatchService
    limiter: limits.RateLimiter | None = None  #: default: the default limits over ``redis``
    games: Callable[[], list[Rules]] = registry.all  #: the games played here, unbound
    extensions: list[str] = field(default_factory=list)  #: entry points that were loaded

    def __post_init__(self) -> None:
        if self.limiter is None:
            self.limiter = limits.RateLimiter(self.redis)


def _config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = dict(limits.DEFAULTS)
    out["MAX_CONTENT_LENGTH"] = limits.DEFAULTS["KIFU_MAX_IMPORT"]
    for key, env in ENVIRONMENT:
        if os.environ.get(env):
            out[key] = os.environ[env]
    out.update(config or {})
    if not out.get("REDIS_URL"):
        raise RuntimeError("create_app needs REDIS_URL (kifu serve starts an embedded Redis and passes its URL)")
    if not out.get("SECRET_KEY"):
        raise RuntimeError("create_app needs SECRET_KEY (set KIFU_SECRET_KEY; kifu serve generates one)")
    return out


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. Config keys: ``REDIS_URL`` (required), ``SECRET_KEY`` (required),
    ``KIFU_ADMIN_TOKEN``, ``MAX_CONTENT_LENGTH``, ``TESTING``, the limits of
    ``service.limits``, ``KIFU_EXTENSIONS`` (names to load; default all) and, for tests
    and alternative registries, ``KIFU_GAMES`` (every game played here, unbound Rules;
    default the registry's) and ``KIFU_LOOKUP`` (record header -> Rules bound to its card
    set, instead of ``MatchService.bind``; KeyError for what it lacks),
    ``KIFU_REDIS_CLIENT`` (a ready client, e.g. a ``RedisCluster``, instead of the URL's), and
    ``KIFU_PROXY_FIX`` (the number of trusted reverse proxies in front, for client addresses).
    """
    settings = _config(config)
    app = Flask("service", instance_relative_config=False)
    app.config.from_mapping(settings)
    app.json.ensure_ascii = False  # Japanese card names stay readable
    app.json.sort_keys = True

    client = settings.get("KIFU_REDIS_CLIENT") or redis.Redis.from_url(
        settings["REDIS_URL"], decode_responses=True, health_check_interval=30)
    games = settings.get("KIFU_GAMES") or registry.all
    store = Store(client)
    matches = MatchService(store, games=games, lookup=settings.get("KIFU_LOOKUP"))
    limiter = limits.RateLimiter(client, settings.get("KIFU_RATE_LIMITS"))
    kifu = Kifu(redis=client, store=store, matches=matches, limiter=limiter, games=games)
    app.extensions["kifu"] = kifu
    # every game's demo card sets, imported like an organizer's (idempotent: once per digest);
    # matches bind to the shipped sets without it, so a Redis that is down now only waits
    # for the next start (and /api/health says so)
    try:
        matches.cardsets.import_demo(games())
    except redis.RedisError as exc:
        log.warning("demo card sets not imported (Redis: %s); they are imported at the next start", exc)

    if settings.get("KIFU_ADMIN_TOKEN"):
        auth.ensure_admin_token(client, settings["KIFU_ADMIN_TOKEN"])
    if settings.get("KIFU_PROXY_FIX"):
        # behind N trusted reverse proxies, the client's address (for per-IP limits) is in X-Forwarded-For
        from werkzeug.middleware.proxy_fix import ProxyFix

        hops = int(settings["KIFU_PROXY_FIX"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]

    from service import api

    api.errors.register(app)
    app.register_blueprint(api.bp)
    load_extensions(app)
    return app


def load_extensions(app: Flask) -> list[str]:
    """Call ``init_app(app)`` of every ``kifu.extensions`` entry point (or those named in
    ``KIFU_EXTENSIONS``). An extension whose own package is absent (not installed, or a
    directory with no ``__init__.py`` yet) is skipped with a warning; any other failure is
    logged and raised, because a half-loaded viewer is worse than a clear error."""
    wanted = app.config.get("KIFU_EXTENSIONS")
    loaded: list[str] = []
    for point in entry_points(group=EXTENSION_GROUP):
        if wanted is not None and point.name not in wanted:
            continue
        try:
            init_app = point.load()
        except ModuleNotFoundError as exc:
            if exc.name and (exc.name == point.module or point.module.startswith(exc.name + ".")):
                log.warning("kifu extension %r skipped: module %s is not installed", point.name, exc.name)
                continue
            log.exception("kifu extension %r failed to import", point.name)
            raise
        except AttributeError:
            module = __import__(point.module, fromlist=["_"])
            if getattr(module, "__file__", None) is None:  # a bare namespace directory
                log.warning("kifu extension %r skipped: %s has no __init__.py yet", point.name, point.module)
                continue
            log.exception("kifu extension %r has no %s", point.name, point.attr)
            raise
        try:
            init_app(app)
        except Exception:
            log.exception("kifu extension %r failed in init_app", point.name)
            raise
        loaded.append(point.name)
    app.extensions["kifu"].extensions = loaded
    return loaded
