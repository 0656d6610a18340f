"""The Flask app factory: the store, the match service, the JSON API, and extensions.

``create_app(config)`` wires one redis-py client into a ``Store`` and a ``MatchService``
and keeps them on ``app.extensions["kifu"]`` (a ``Kifu`` object); it imports every game's
demo card sets into the store (``kifu.service.cardsets``) as ``kifu cards import`` would. It then registers the
API blueprint and loads every entry point of the ``kifu.extensions`` group, calling its
``init_app(app)``: that is how ``web`` plugs in without ``service`` importing it.

Configuration comes from the mapping given, else from the environment (``REDIS_URL``,
``KIFU_SECRET_KEY``, ``KIFU_ADMIN_TOKEN``, ``KIFU_REDIS_WAIT``), so ``gunicorn
'kifu.service.app:create_app()'`` works as is (docker-compose.yml). There is no default secret
key: a hard-coded one would be a shared one. ``kifu serve`` generates and persists one
under its data directory.

``REDIS_URL`` names one Redis (``redis://``, ``rediss://``, ``unix://``) or a Redis Cluster:
``redis+cluster://[user:password@]host:port[,host:port...]`` (``rediss+cluster://`` for
TLS). The nodes listed are only where the client starts: it asks them for the slot map
and then talks to every primary it learns of, so one reachable node is enough (``connect``).
"""
from __future__ import annotations

import functools
import logging
import os
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, Callable, Mapping

import redis
from flask import Flask
from redis.backoff import NoBackoff
from redis.retry import Retry
from redis.cluster import ClusterNode, RedisCluster

from kifu.replays import registry
from kifu.replays.rules import Rules
from kifu.service import auth, faults, limits
from kifu.service.matches import MatchService
from kifu.service.store import Store

log = logging.getLogger(__name__)

EXTENSION_GROUP = "kifu.extensions"
ENVIRONMENT = (("REDIS_URL", "REDIS_URL"), ("SECRET_KEY", "KIFU_SECRET_KEY"),
               ("KIFU_ADMIN_TOKEN", "KIFU_ADMIN_TOKEN"), ("KIFU_PROXY_FIX", "KIFU_PROXY_FIX"),
               ("KIFU_REDIS_WAIT", "KIFU_REDIS_WAIT"), ("KIFU_REDIS_WAIT_MS", "KIFU_REDIS_WAIT_MS"),
               ("KIFU_AUTH_GRACE_SECONDS", "KIFU_AUTH_GRACE_SECONDS"))
#: URL schemes of a Redis Cluster, and the scheme of one of its nodes
CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
#: how long a request waits for a free Redis connection of a bounded pool before its 503
POOL_WAIT_SECONDS = 10
#: How a cluster client meets a dead primary. A request whose slot has no primary is
#: retried twice (redis-py sleeps 0.25 s and re-learns the slot map before each), then
#: answered 503: it costs well under a second, not the default's four tries. A slot map
#: with a hole in it is still used for the other slots (the nodes run
#: ``cluster-require-full-coverage no`` for the same reason), and connecting to a node
#: whose host is gone gives up after 2 s rather than the system's minutes.
CLUSTER_FAULTS: dict[str, Any] = {"require_full_coverage": False, "socket_connect_timeout": 2}
CLUSTER_RETRIES = 2


def is_cluster_url(url: str) -> bool:
    """Whether ``url`` names a Redis Cluster (``redis+cluster://`` or ``rediss+cluster://``)."""
    return url.split("://", 1)[0].lower() in CLUSTER_SCHEMES


def cluster_nodes(url: str) -> tuple[str, list[tuple[str, int]]]:
    """``redis+cluster://[user:pw@]h1:p1,h2:p2[/][?opts]`` -> (the first node's plain URL,
    with the credentials and options that every node shares, and every ``(host, port)``).
    ``ValueError`` says what is wrong with a malformed one."""
    scheme, _, rest = url.partition("://")
    plain = CLUSTER_SCHEMES.get(scheme.lower())
    if plain is None:
        raise ValueError(f"not a cluster URL (redis+cluster://host:port,...): {url!r}")
    cut = min((i for i in (rest.find("/"), rest.find("?")) if i >= 0), default=len(rest))
    netloc, tail = rest[:cut], rest[cut:]
    userinfo, at, hosts = netloc.rpartition("@")
    path, _, query = tail.partition("?")
    if path not in ("", "/", "/0"):
        raise ValueError(f"a Redis Cluster has only database 0, not {path!r}")
    nodes = []
    for item in hosts.split(","):
        host, port = item.strip(), "6379"
        if host.startswith("["):  # [IPv6]:port
            inner, _, after = host[1:].partition("]")
            host, port = inner, after[1:] if after.startswith(":") else port
        elif ":" in host:
            host, port = host.rsplit(":", 1)
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"a cluster node is host:port, not {item!r} (in {url!r})")
        nodes.append((host, int(port)))
    host, port = nodes[0]
    shown = f"[{host}]" if ":" in host else host
    first = f"{plain}://{userinfo}{at}{shown}:{port}" + (f"?{query}" if query else "")
    return first, nodes


def connect(url: str, *, max_connections: int | None = None) -> Any:
    """A redis-py client for ``REDIS_URL``: ``RedisCluster`` for a cluster URL, else ``Redis``.

    With ``max_connections`` the pool (one per node on a cluster) is bounded and blocking: a
    request waits up to ``POOL_WAIT_SECONDS`` for a free connection rather than fail (with a
    thousand greenlets, redis-py's default pool refuses the 101st concurrent command). A
    cluster none of whose listed nodes answers raises ``redis.ConnectionError`` (the API's
    503, ``kifu``'s "cannot reach Redis").
    """
    if not is_cluster_url(url):
        if max_connections is None:
            return redis.Redis.from_url(url, decode_responses=True, health_check_interval=30)
        pool = redis.BlockingConnectionPool.from_url(url, decode_responses=True, health_check_interval=30,
                                                     max_connections=max_connections, timeout=POOL_WAIT_SECONDS)
        return redis.Redis(connection_pool=pool)
    first, nodes = cluster_nodes(url)
    options: dict[str, Any] = {}
    if max_connections is not None:
        # redis-py builds each node's pool from this class only when given a url
        options = {"max_connections": max_connections,
                   "connection_pool_class": functools.partial(redis.BlockingConnectionPool,
                                                              timeout=POOL_WAIT_SECONDS)}
    try:
        return RedisCluster(url=first, startup_nodes=[ClusterNode(h, p) for h, p in nodes],
                            decode_responses=True, health_check_interval=30, **options, **CLUSTER_FAULTS,
                            retry=Retry(NoBackoff(), CLUSTER_RETRIES))
    except redis.exceptions.RedisClusterException as exc:
        raise redis.ConnectionError(f"no node of the cluster answers ({', '.join(f'{h}:{p}' for h, p in nodes)}): "
                                    f"{exc}") from exc


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
    ``kifu.service.limits``, ``KIFU_EXTENSIONS`` (names to load; default all) and, for tests
    and alternative registries, ``KIFU_GAMES`` (every game played here, unbound Rules;
    default the registry's) and ``KIFU_LOOKUP`` (record header -> Rules bound to its card
    set, instead of ``MatchService.bind``; KeyError for what it lacks),
    ``KIFU_REDIS_CLIENT`` (a ready client, e.g. a ``RedisCluster``, instead of the URL's),
    ``KIFU_REDIS_WAIT`` / ``KIFU_REDIS_WAIT_MS`` (each write waits for that many replicas,
    at most that long: ``Store``), ``KIFU_AUTH_GRACE_SECONDS`` (how long a token's or a
    session's last verdict stands in while its Redis node cannot answer: ``faults``), and
    ``KIFU_PROXY_FIX`` (the number of trusted reverse proxies in front, for client addresses).
    """
    settings = _config(config)
    app = Flask("kifu.service", instance_relative_config=False)
    app.config.from_mapping(settings)
    app.json.ensure_ascii = False  # Japanese card names stay readable
    app.json.sort_keys = True

    client = settings.get("KIFU_REDIS_CLIENT") or connect(settings["REDIS_URL"])
    if settings.get("KIFU_AUTH_GRACE_SECONDS") not in (None, ""):
        faults.guard(client).grace = float(settings["KIFU_AUTH_GRACE_SECONDS"])
    games = settings.get("KIFU_GAMES") or registry.all
    store = Store(client, wait_replicas=int(settings.get("KIFU_REDIS_WAIT") or 0),
                  wait_ms=int(settings.get("KIFU_REDIS_WAIT_MS") or 1000))
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

    from kifu.service import api

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
