"""Fixtures for the review tests: an app playing the real games over the session's Redis,
tokens of every role, and matches advanced by the seeded bot through ``MatchService``."""
from __future__ import annotations

from typing import Any

import pytest

from kifu.replays import bot
from kifu.service import auth
from tests.service.api.conftest import ADMIN, make_app, with_registry
from tests.service.api.conftest import Api as BaseApi


class Api(BaseApi):
    """The API client with the verbs review uses beyond GET and POST."""

    def as_(self, token: str | None) -> "Api":
        return Api(self.client, token)

    def delete(self, path: str, **kwargs: Any):
        return self.client.delete(path, headers=self.headers(kwargs.pop("headers", None)), **kwargs)

    def patch(self, path: str, **kwargs: Any):
        return self.client.patch(path, headers=self.headers(kwargs.pop("headers", None)), **kwargs)


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def api(app):
    return Api(app.test_client())


@pytest.fixture
def svc(app):
    return app.extensions["kifu"].matches


@pytest.fixture
def redis(app):
    return app.extensions["kifu"].redis


@pytest.fixture
def tokens(redis) -> dict[str, str]:
    return {
        "admin": ADMIN,
        "judge": auth.create_token(redis, role="judge", name="Judge Sato"),
        "annotator": auth.create_token(redis, role="annotator", name="Coach Mai"),
        "annotator2": auth.create_token(redis, role="annotator", name="Coach Ren"),
    }


def advance(svc, mid: str, steps: int, bot_seed: str = "bot") -> int:
    """Play ``steps`` bot commands on a match; returns its seq."""
    rules = svc._static(mid).rules
    for _ in range(steps):
        seq, state = svc.state(mid)
        command = bot.choose(rules, state, bot_seed)
        if command is None:
            break
        svc.submit(mid, command, expected_seq=seq)
    return svc.info(mid).seq


def line_from(svc, mid: str, step: int, n: int, bot_seed: str = "what-if") -> list[dict[str, Any]]:
    """``n`` legal commands from the omniscient state at ``step`` (a bot's line)."""
    rules = svc._static(mid).rules
    _, state = svc.state(mid, step)
    out = []
    for _ in range(n):
        command = bot.choose(rules, state, bot_seed)
        out.append(command)
        state = rules.decide(state, command)
    return out
