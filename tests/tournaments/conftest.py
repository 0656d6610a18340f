"""Fixtures of the events tests: the API's app over the session's real Redis (the
``tally`` test game: it ends when a seat resigns, and takes per-seat deck lists)."""
from __future__ import annotations

import pytest

from tests.service.api.conftest import ADMIN, Api, make_app  # noqa: F401 - re-exported fixtures' helpers


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def api(app):
    return Api(app.test_client())


@pytest.fixture
def admin(api):
    return api.as_(ADMIN)


@pytest.fixture
def redis(app):
    return app.extensions["kifu"].redis


def new_event(admin, **spec):
    body = {"name": "Spring Cup", "game": "tally", "rounds": 3, **spec}
    rv = admin.post("/api/events", json=body)
    assert rv.status_code == 201, rv.json
    return rv.json["event"]["id"]
