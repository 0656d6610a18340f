"""Body size, rate limits (fixed windows in Redis) and their 429 answers."""
from __future__ import annotations

import pytest

from kifu.service.errors import RateLimited
from kifu.service.limits import RateLimiter, page_size
from tests.service.api.conftest import ADMIN, Api, dump, make_app

DRAW1 = {"type": "draw", "seat": "p1"}


def limited_app(redis_url, **limits):
    rates = {"write": None, "auth": None, "auth_fail": None}
    rates.update(limits)
    return make_app(redis_url, KIFU_RATE_LIMITS=rates)


def test_writes_are_limited_per_token_with_retry_after(redis_url, redis_client):
    app = limited_app(redis_url, write=(3, 60))
    api = Api(app.test_client())
    admin = api.as_(ADMIN)
    made = admin.create()  # write 1 of the admin token
    p1 = api.as_(made["tokens"]["p1"])
    assert p1.command(made["id"], DRAW1, 0, "a").status_code == 201
    assert p1.command(made["id"], DRAW1, 0, "a").status_code == 200  # a retry counts too
    assert p1.command(made["id"], DRAW1, 0, "a").status_code == 200
    before = dump(redis_client)
    rv = p1.command(made["id"], DRAW1, 0, "a")
    assert rv.status_code == 429 and rv.json["error"] == "rate_limited"
    assert 1 <= int(rv.headers["Retry-After"]) <= 60 and rv.json["retry_after"] == int(rv.headers["Retry-After"])
    assert dump(redis_client) == before
    # another token has its own budget; reads are not writes
    assert api.as_(made["tokens"]["p2"]).command(made["id"], {"type": "draw", "seat": "p2"}, 1).status_code == 201
    assert p1.get(f"/api/matches/{made['id']}/state?as=p1").status_code == 200


def test_failed_token_checks_are_limited_per_ip(redis_url):
    app = limited_app(redis_url, auth_fail=(3, 60))
    api = Api(app.test_client())
    for _ in range(3):
        assert api.as_("guess").get("/api/matches").status_code == 401
    rv = api.as_("guess").get("/api/matches")
    assert rv.status_code == 429 and "Retry-After" in rv.headers
    # the guesser stays refused, but a good token from the same address (a venue's NAT) is not (issue 14)
    assert api.as_(ADMIN).get("/api/matches").status_code == 200
    assert api.as_("guess").get("/api/matches").status_code == 429
    assert api.get("/api/matches").status_code == 200  # anonymous reads need no token check


def test_requests_are_limited_per_token(redis_url):
    app = limited_app(redis_url, auth=(2, 60))
    api = Api(app.test_client(), ADMIN)
    assert api.get("/api/matches").status_code == 200
    assert api.get("/api/matches").status_code == 200
    assert api.get("/api/matches").status_code == 429


def test_windows_are_fixed_slices_of_the_clock(redis_client):
    now = [1000.5]
    limiter = RateLimiter(redis_client, {"write": (2, 10)}, clock=lambda: now[0])
    assert limiter.hit("write", "a") == 1 and limiter.hit("write", "a") == 2
    with pytest.raises(RateLimited) as caught:
        limiter.hit("write", "a")
    assert caught.value.retry_after == 10  # window 1000..1010
    now[0] = 1010.0
    assert limiter.hit("write", "a") == 1
    ttl = redis_client.pttl(next(iter(redis_client.scan_iter(match="kifu:rl:write:a:101"))))
    assert 0 < ttl <= 11000  # counters expire with their window: nothing to clean up
    assert RateLimiter(redis_client, {"write": None}).hit("write", "a") == 0


def test_page_size_is_clamped():
    config = {"KIFU_MAX_PAGE": 100, "KIFU_DEFAULT_PAGE": 20}
    assert page_size(None, config) == 20 and page_size(5, config) == 5 and page_size(10**6, config) == 100


def test_a_json_body_above_the_limit_is_413(redis_url):
    app = make_app(redis_url, KIFU_MAX_BODY=200)
    admin = Api(app.test_client(), ADMIN)
    rv = admin.post("/api/matches", json={"game": "toy", "seats": [{"name": "x" * 60}] * 4})
    assert rv.status_code == 413 and rv.json["error"] == "too_large"


def test_behind_a_trusted_proxy_limits_count_the_forwarded_address(redis_url):
    app = make_app(redis_url, KIFU_RATE_LIMITS={"auth_fail": (1, 60)}, KIFU_PROXY_FIX=1)
    api = Api(app.test_client(), "guess")
    assert api.get("/api/matches", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 401
    assert api.get("/api/matches", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429
    assert api.get("/api/matches", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 401
