"""The API and the recording table read a command and decide who may append for a seat in
one place each (``kifu.service.body``, ``auth.appender``): the same input gets the same answer.

Each case is posted twice, as the same token: once to ``POST /api/matches/<id>/commands``
and once through the web table's form (``POST /m/<id>/table``). Both must refuse it with
the same status and message, and neither writes anything.
"""
from __future__ import annotations

import html
import json
import re

import pytest

from tests.service.api.conftest import ADMIN, Api, dump, make_app

DRAW1 = '{"type": "draw", "seat": "p1"}'


@pytest.fixture
def web_app(redis_url):
    app = make_app(redis_url, KIFU_EXTENSIONS=None)  # the web extension too, as kifu serve loads it
    assert "web" in app.extensions["kifu"].extensions
    yield app
    app.extensions["kifu"].redis.close()


def sign_in(client, token: str) -> None:
    form = client.get("/signin").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    assert client.post("/signin", data={"token": token, "csrf_token": csrf, "next": "/"}).status_code == 303


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)


class Both:
    """One token, at the API and at the table of one match."""

    def __init__(self, app, mid: str, token: str):
        self.mid, self.token = mid, token
        self.api = Api(app.test_client(), token)
        self.web = app.test_client()
        sign_in(self.web, token)

    def post_api(self, raw_command: str):
        body = '{"expected_seq": 0, "command_id": "seam-1", "command": ' + raw_command + "}"
        return self.api.post(f"/api/matches/{self.mid}/commands", data=body.encode("utf-8"),
                             content_type="application/json")

    def post_table(self, raw_command: str):
        page = self.web.get(f"/m/{self.mid}/table").get_data(as_text=True)
        fields = {k: hidden(page, k) for k in ("csrf_token", "expected_seq", "command_id")}
        return self.web.post(f"/m/{self.mid}/table", data={**fields, "command": raw_command})


def create(app, **body) -> dict:
    admin = Api(app.test_client(), ADMIN)
    rv = admin.post("/api/matches", json={"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], **body})
    assert rv.status_code == 201, rv.json
    return rv.json


@pytest.mark.parametrize("raw, code", [
    ('{"type": "draw", "seat": "p1", "\\ud800": 1}', "bad_json"),   # a lone surrogate
    ('{"type": "draw\\udfff", "seat": "p1"}', "bad_json"),
    ('{"type": "draw", "seat": "p1", "n": 1.5}', "bad_json"),       # floats never reach a record
    ('{"type": "draw", "seat": "p1", "n": NaN}', "bad_json"),
    ('{"a": ' * 1500 + "1" + "}" * 1500, "bad_json"),               # deeper than the JSON reader goes
    ('{"type": "draw", "seat": "p2"}', "forbidden"),                # p1's token, p2's seat
    ('{"type": "draw", "seat": "p9"}', "schema"),                   # no such seat
    ('{"type": "draw", "seat": 1}', "schema"),
])
def test_the_table_and_the_api_refuse_the_same_command_alike(web_app, raw, code):
    made = create(web_app)
    both = Both(web_app, made["id"], made["tokens"]["p1"])
    redis = web_app.extensions["kifu"].redis
    before = dump(redis)
    api = both.post_api(raw)
    table = both.post_table(raw)
    assert api.json["error"] == code, api.json
    assert table.status_code == api.status_code, table.get_data(as_text=True)[:400]
    page = table.get_data(as_text=True)
    assert 'data-testid="refusal"' in page
    if code != "schema":  # a schema error's message is the field dict, shown field by field at the table
        assert html.escape(api.json["message"], quote=False) in html.unescape(page) or \
            api.json["message"] in html.unescape(page), (api.json["message"], page[:2000])
    assert dump(redis) == before


def test_at_a_physical_table_neither_lets_a_player_record(web_app):
    made = create(web_app, table="physical")
    redis = web_app.extensions["kifu"].redis
    p1 = made["tokens"]["p1"]
    api = Api(web_app.test_client(), p1).post(f"/api/matches/{made['id']}/commands", json={
        "expected_seq": 0, "command_id": "seam-2", "command": json.loads(DRAW1) | {"outcomes": ["c1"]}})
    assert api.status_code == 403 and "the recorder enters the game" in api.json["message"]
    web = web_app.test_client()
    sign_in(web, p1)
    before = dump(redis)
    assert web.get(f"/m/{made['id']}/table").status_code == 403  # no seat to record for
    assert dump(redis) == before


def test_the_recorder_records_the_same_command_through_either(web_app):
    made = create(web_app, table="physical")
    recorder = Both(web_app, made["id"], made["tokens"]["recorder"])
    missing = recorder.post_api(DRAW1)
    assert missing.status_code == 422 and missing.json["needs"]["options"] == [f"c{i}" for i in range(1, 9)]
    assert recorder.post_table('{"type": "draw", "seat": "p1", "outcomes": ["c5"]}').status_code == 303
    entries = recorder.api.get(f"/api/matches/{made['id']}/entries?as=p1").json["entries"]
    assert [(e["actor"], e["command"]) for e in entries] == [("p1", {"type": "draw", "seat": "p1",
                                                                      "outcomes": ["c5"]})]
