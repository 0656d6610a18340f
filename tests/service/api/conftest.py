"""Fixtures for the API's tests: an app over the session's real Redis and a small client.

Games: the core's toy game (``toy``: hidden draws, a real turn order, it ends) and the
store's ``tally`` (deals, draws and commands that name a secret card), so these tests need
no real game module. Tests about a real game ask for it: ``make_app(redis_url,
KIFU_GAMES=with_registry)`` (the redaction oracles), so a broken game fails them.
"""
from __future__ import annotations

import secrets
from typing import Any

import pytest

from kifu.replays import registry
from kifu.service.app import create_app
from tests.replays.toygame import TOY, TOY_RULES
from tests.service.conftest import dump as dump_keys
from tests.service.toy import RULES as TALLY_RULES
from tests.service.toy import TALLY

ADMIN = "admin-" + secrets.token_hex(8)
LOCAL_GAMES = (TOY_RULES, TALLY_RULES)
BOUND = {"toy": TOY, "tally": TALLY}


def local_games():
    return list(LOCAL_GAMES)


def with_registry():
    return [*LOCAL_GAMES, *registry.all()]


def dump(client: Any) -> dict[str, Any]:
    """Every ``kifu:*`` key's full contents, except rate-limit counters (not data)."""
    return dump_keys(client, match="kifu:*", ignore=("kifu:rl:",))


def make_app(redis_url: str, **extra: Any):
    config = {
        "REDIS_URL": redis_url, "TESTING": True, "SECRET_KEY": "test-" + secrets.token_hex(16),
        "KIFU_ADMIN_TOKEN": ADMIN, "KIFU_GAMES": local_games,
        "KIFU_EXTENSIONS": [],
    }
    config.update(extra)
    return create_app(config)


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url)
    yield app
    app.extensions["kifu"].redis.close()


class Api:
    """The Flask test client with a token and the paths of one API."""

    def __init__(self, client, token: str | None = None):
        self.client = client
        self.token = token

    def as_(self, token: str | None) -> "Api":
        return Api(self.client, token)

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        out = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        out.update(extra or {})
        return out

    def get(self, path: str, **kwargs: Any):
        return self.client.get(path, headers=self.headers(kwargs.pop("headers", None)), **kwargs)

    def post(self, path: str, **kwargs: Any):
        return self.client.post(path, headers=self.headers(kwargs.pop("headers", None)), **kwargs)

    def create(self, game: str = "toy", names=("Aoi", "Ren"), **body: Any) -> dict[str, Any]:
        rv = self.post("/api/matches", json={"game": game, "seats": [{"name": n} for n in names], **body})
        assert rv.status_code == 201, rv.json
        return rv.json

    def command(self, mid: str, command: dict[str, Any], expected_seq: int, command_id: str | None = None):
        return self.post(f"/api/matches/{mid}/commands", json={
            "expected_seq": expected_seq, "command_id": command_id or secrets.token_hex(8), "command": command})


@pytest.fixture
def api(app):
    return Api(app.test_client())


@pytest.fixture
def admin(api):
    return api.as_(ADMIN)


@pytest.fixture
def redis(app):
    return app.extensions["kifu"].redis


@pytest.fixture
def judge(api, redis):
    from kifu.service import auth

    return api.as_(auth.create_token(redis, role="judge", name="Judge Sato"))


def play_bot(api: Api, match: dict[str, Any], rules, steps: int | None = None, bot_seed: str = "bot") -> int:
    """Play ``match`` with the seeded bot through the API (each command posted by the seat's
    own player token, chosen from /legal); returns the final seq."""
    from kifu.replays.rng import Rng

    seq = match["seq"]
    tokens = match["tokens"]
    count = 0
    while steps is None or count < steps:
        options = []
        for seat in sorted(s for s in tokens if s != "recorder"):
            rv = api.as_(tokens[seat]).get(f"/api/matches/{match['id']}/legal?as={seat}")
            assert rv.status_code == 200, rv.json
            options += rv.json["commands"]
        if not options:
            break
        command = Rng(bot_seed, f"api/{seq}").choice(options)
        rv = api.as_(tokens[command["seat"]]).command(match["id"], command, seq)
        assert rv.status_code == 201, rv.json
        seq = rv.json["seq"]
        count += 1
    return seq
