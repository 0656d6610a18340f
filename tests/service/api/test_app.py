"""The app factory: required configuration and the ``kifu.extensions`` entry points."""
from __future__ import annotations

import logging
from importlib.metadata import EntryPoint

import pytest

import kifu.service.app
from kifu.service.app import EXTENSION_GROUP, Kifu, create_app
from tests.service.api.conftest import make_app


def test_the_factory_needs_a_redis_url_and_a_secret_key(redis_url, monkeypatch):
    for name in ("REDIS_URL", "KIFU_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(RuntimeError, match="REDIS_URL"):
        create_app({"SECRET_KEY": "x"})
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app({"REDIS_URL": redis_url})


def test_the_environment_configures_a_bare_factory_call(redis_url, monkeypatch):
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("KIFU_SECRET_KEY", "from-env")
    monkeypatch.setenv("KIFU_ADMIN_TOKEN", "env-admin")
    app = create_app({"KIFU_EXTENSIONS": []})
    assert app.secret_key == "from-env"
    kifu = app.extensions["kifu"]
    assert isinstance(kifu, Kifu) and kifu.store and kifu.matches and kifu.redis.ping()
    assert app.test_client().get("/api/matches", headers={"Authorization": "Bearer env-admin"}).status_code == 200


def fake_points(*points):
    return lambda group: [EntryPoint(name, value, group) for name, value in points] if group == EXTENSION_GROUP else []


def test_every_extension_is_loaded_by_default(redis_url, monkeypatch):
    monkeypatch.setattr(kifu.service.app, "entry_points",
                        fake_points(("one", "tests.service.api.extensions:init_one"),
                                    ("two", "tests.service.api.extensions:init_two")))
    app = make_app(redis_url, KIFU_EXTENSIONS=None)
    assert app.extensions["kifu"].extensions == ["one", "two"] and app.config["EXT_ONE"] and app.config["EXT_TWO"]
    app = make_app(redis_url, KIFU_EXTENSIONS=["two"])
    assert app.extensions["kifu"].extensions == ["two"] and "EXT_ONE" not in app.config


def test_a_missing_extension_package_is_skipped_with_a_warning(redis_url, monkeypatch, caplog):
    monkeypatch.setattr(kifu.service.app, "entry_points", fake_points(("ghost", "kifu_ghost_package:init_app")))
    with caplog.at_level(logging.WARNING, logger="kifu.service.app"):
        app = make_app(redis_url, KIFU_EXTENSIONS=None)
    assert app.extensions["kifu"].extensions == [] and "ghost" in caplog.text


@pytest.mark.parametrize("value, error", [
    ("tests.service.api.extensions:init_broken", RuntimeError),          # fails in init_app
    ("tests.service.api.extensions_missing_dep:init_app", ModuleNotFoundError),  # its own import fails
    ("tests.service.api.extensions:no_such_hook", AttributeError),
])
def test_a_broken_extension_is_an_error_not_a_silent_skip(redis_url, monkeypatch, value, error):
    monkeypatch.setattr(kifu.service.app, "entry_points", fake_points(("broken", value)))
    with pytest.raises(error):
        make_app(redis_url, KIFU_EXTENSIONS=None)


def test_the_installed_web_extension_plugs_in(redis_url):
    app = make_app(redis_url, KIFU_EXTENSIONS=None)
    loaded = app.extensions["kifu"].extensions
    assert loaded == ["web"]
    # the API keeps its JSON errors whatever handlers the extension installs
    client = app.test_client()
    rv = client.get("/api/no-such-route")
    assert rv.status_code == 404 and rv.json["error"] == "not_found"
    rv = client.get("/api/matches/0000000000000000000a/state")
    assert rv.status_code == 404 and rv.json["error"] == "not_found"
    rv = client.post("/api/matches", data="{", content_type="application/json",
                     headers={"Authorization": "Bearer " + app.config["KIFU_ADMIN_TOKEN"]})
    assert rv.status_code == 400 and rv.json["error"] == "bad_json"


def test_api_answers_are_not_cached(api):
    rv = api.get("/api/games")
    assert rv.headers["Cache-Control"] == "no-store" and "Authorization" in rv.headers["Vary"]


def test_an_unexpected_failure_is_a_json_500_without_details(redis_url, monkeypatch, caplog):
    from kifu.service.matches import MatchService

    def broken(self, mid):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(MatchService, "info", broken)
    app = make_app(redis_url, TESTING=False)
    with caplog.at_level(logging.ERROR):
        rv = app.test_client().get("/api/matches/0000000000000000000a")
    assert rv.status_code == 500 and rv.json["error"] == "internal"
    assert "secret internals" not in rv.get_data(as_text=True) and "secret internals" in caplog.text
