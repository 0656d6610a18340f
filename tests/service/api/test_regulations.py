"""Regulations through the API (``kifu.service.regulations``): a match or an event names the
regulation it is played under by id or digest; the match's header holds the regulation as
read (its digest and the day played); an over-limit copy is refused at creation or at
registration, naming the regulation and its entry, and nothing is written."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kifu.replays import registry
from kifu.service.cli import main
from kifu.service.regulations import RegulationStore, regulation_day
from tests.service.api.conftest import ADMIN, Api, dump, make_app, with_registry

YUKI_D = "FX01-001_C"  # 雪見ユキ Debut: four copies in the demo deck of 雪見ユキ
CUP = {"id": "store-cup", "title": "店舗大会レギュレーション", "as_of": "2025-01-01",
       "restricted": [{"number": "FX01-001", "name": "雪見ユキ", "limit": 1, "from": "2025-01-01"}], "banned": []}
DECK = {"oshi": "FX01-000_C", "deck": [YUKI_D] * 4 + ["FX01-002_C"] * 46, "cheer": ["FX00-C01_C"] * 20}
ONE = {"oshi": "FX01-000_C", "deck": [YUKI_D] + ["FX01-002_C"] * 49, "cheer": ["FX00-C01_C"] * 20}


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def admin(app):
    return Api(app.test_client(), ADMIN)


def new_match(admin, p1, regulation="store-cup"):
    options = {"first_player": "p1", "decks": {"p1": p1, "p2": ONE}}
    if regulation is not None:
        options["regulation"] = regulation
    return admin.post("/api/matches", json={"game": "hocg", "seats": [{"name": "Aoi"}, {"name": "Ren"}],
                                            "options": options})


def stored(app, data=CUP):
    return RegulationStore(app.extensions["kifu"].redis).put(registry.get("hocg"), data)


def test_given_an_imported_regulation_when_a_match_names_it_then_an_over_limit_copy_is_refused_and_nothing_written(
        app, admin):
    _, digest, new = stored(app)
    assert new and stored(app)[2] is False  # stored once, by digest
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    rv = new_match(admin, DECK)
    assert rv.status_code == 422, rv.json
    assert rv.json["rule"] == "対戦用具/カードの使用制限"
    assert "p1: FX01-001 ×4: 制限カード of regulation store-cup" in rv.json["message"]
    assert "(from 2025-01-01): at most 1" in rv.json["message"] and digest[:12] in rv.json["message"]
    assert dump(redis) == before
    # a casual match (no regulation) takes the same list; the regulation's, one copy
    assert new_match(admin, DECK, regulation=None).status_code == 201
    ok = new_match(admin, ONE)
    assert ok.status_code == 201, ok.json
    header = json.loads(admin.get(f"/api/matches/{ok.json['id']}/export").get_data(as_text=True).splitlines()[0])
    reg = header["options"]["regulation"]
    assert reg["id"] == "store-cup" and reg["digest"] == digest and reg["restricted"] == CUP["restricted"]
    assert reg["date"] == regulation_day(app.extensions["kifu"].matches.clock())


def test_the_shipped_official_regulation_is_named_by_id_and_a_newer_file_of_that_id_replaces_it(app, admin):
    rv = new_match(admin, DECK, regulation="official")
    assert rv.status_code == 201, rv.json  # official restricts hBP01-010, not this card
    header = json.loads(admin.get(f"/api/matches/{rv.json['id']}/export").get_data(as_text=True).splitlines()[0])
    assert header["options"]["regulation"]["restricted"][0]["number"] == "hBP01-010"
    newer = {**CUP, "id": "official", "as_of": "2099-01-01"}
    stored(app, newer)
    refused = new_match(admin, DECK, regulation="official")
    assert refused.status_code == 422 and "regulation official" in refused.json["message"]
    unknown = new_match(admin, DECK, regulation="nope")
    assert unknown.status_code == 422 and unknown.json["error"] == "unknown_regulation", unknown.json


def test_an_event_names_its_regulation_and_registration_refuses_an_over_limit_list(app, admin):
    stored(app)
    rv = admin.post("/api/events", json={"name": "Cup", "game": "hocg", "rounds": 1,
                                         "options": {"regulation": "store-cup"}})
    assert rv.status_code == 201, rv.json
    eid = rv.json["event"]["id"]
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    bad = admin.post(f"/api/events/{eid}/players", json={"name": "Aoi", "deck": DECK})
    assert bad.status_code == 422 and bad.json["error"] == "deck_problem", bad.json
    assert any("制限カード of regulation store-cup" in p for p in bad.json["errors"]["deck"])
    assert dump(redis) == before
    assert admin.post(f"/api/events/{eid}/players", json={"name": "Aoi", "deck": ONE}).status_code == 201
    nope = admin.post("/api/events", json={"name": "Cup 2", "game": "hocg", "rounds": 1,
                                           "options": {"regulation": "nope"}})
    assert nope.status_code == 422 and nope.json["error"] == "unknown_regulation"


def test_the_cli_imports_a_regulation_by_digest_and_lists_it_with_the_shipped_one(redis_url, tmp_path, monkeypatch):
    for name in ("REDIS_URL", "KIFU_ADMIN_TOKEN", "KIFU_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(CUP, ensure_ascii=False), encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(main, ["cards", "regulation", "import", str(path), "--redis-url", redis_url])
    assert out.exit_code == 0, out.output
    assert "stored: hocg regulation 'store-cup' as of 2025-01-01, 1 entries, digest" in out.output
    again = runner.invoke(main, ["cards", "regulation", "import", str(path), "--redis-url", redis_url])
    assert "already stored" in again.output
    listed = runner.invoke(main, ["cards", "regulation", "list", "--redis-url", redis_url]).output.splitlines()
    assert any(line.startswith("hocg\tstore-cup\t2025-01-01\t") for line in listed)
    assert any(line.startswith("hocg\tofficial\t2024-12-20\t") and line.endswith("(shipped)") for line in listed)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**CUP, "as_of": "soon", "restricted": [{"number": "x"}]}), encoding="utf-8")
    refused = runner.invoke(main, ["cards", "regulation", "import", str(bad), "--redis-url", redis_url])
    assert refused.exit_code == 1 and "as_of:" in refused.output and "restricted.0.limit:" in refused.output
