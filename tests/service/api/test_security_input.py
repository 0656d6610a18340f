"""Hostile input to the JSON API: each answer is a clear 4xx in the API's shape, never a
500, and writes nothing (found by probing a running server; see the red-team report)."""
from __future__ import annotations

import json

import pytest

from tests.service.api.conftest import ADMIN, dump

DRAW1 = {"type": "draw", "seat": "p1"}


@pytest.fixture
def live(api, admin):
    made = admin.create()
    return {"mid": made["id"], "tokens": made["tokens"]}


def post_raw(api, mid: str, token: str, raw: str):
    return api.as_(token).post(f"/api/matches/{mid}/commands", data=raw.encode("utf-8"),
                               content_type="application/json")


@pytest.mark.parametrize("raw", [
    # a lone surrogate is valid JSON text but no UTF-8 string: as a key it used to come back
    # in the "Unknown field." error body, which then failed to encode (500)
    '{"expected_seq": 0, "command_id": "s1", "command": {"type": "draw", "seat": "p1", "\\ud800": 1}}',
    '{"expected_seq": 0, "command_id": "s2", "command": {"type": "draw", "seat": "p1"}, "\\udfff": 1}',
    '{"expected_seq": 0, "command_id": "s3", "command": {"type": "draw\\ud83d", "seat": "p1"}}',
])
def test_lone_surrogates_are_bad_json_and_write_nothing(api, redis, live, raw):
    before = dump(redis)
    rv = post_raw(api, live["mid"], live["tokens"]["p1"], raw)
    assert rv.status_code == 400, rv.get_data(as_text=True)
    assert rv.json["error"] == "bad_json"
    assert "surrogate" in rv.json["message"]
    assert dump(redis) == before


def test_a_surrogate_pair_escape_is_fine(api, live):
    # "\ud83d\ude00" is one character (an emoji), not a lone surrogate: a schema error, no more
    raw = '{"expected_seq": 0, "command_id": "s4", "command": {"type": "draw", "seat": "p1", "\\ud83d\\ude00": 1}}'
    rv = post_raw(api, live["mid"], live["tokens"]["p1"], raw)
    assert rv.status_code == 400 and rv.json["error"] == "schema"
    assert "😀" in rv.json["errors"]


def test_match_creation_with_a_surrogate_option_key_is_bad_json(admin, redis):
    before = dump(redis)
    raw = '{"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "options": {"\\ud800": 1}}'
    rv = admin.post("/api/matches", data=raw, content_type="application/json")
    assert rv.status_code == 400 and rv.json["error"] == "bad_json"
    assert dump(redis) == before


@pytest.mark.parametrize("value", [10 ** 400, 2 ** 63, 2 ** 53], ids=["googol4", "2^63", "2^53"])
def test_an_absurd_expected_seq_is_a_schema_error_not_an_echo(api, redis, live, value):
    before = dump(redis)
    rv = api.as_(live["tokens"]["p1"]).command(live["mid"], DRAW1, value)
    assert rv.status_code == 400 and rv.json["error"] == "schema"
    assert "expected_seq" in rv.json["errors"]
    assert len(rv.get_data()) < 1000  # the number is not echoed back
    assert dump(redis) == before


@pytest.mark.parametrize("before_id", ["9" * 30 + "-1", "1-" + "9" * 30, "18446744073709551616-0", "x-1", "١-1"])
def test_audit_cursor_out_of_range_is_a_schema_error(api, before_id):
    rv = api.as_(ADMIN).get(f"/api/audit?before={before_id}")
    assert rv.status_code == 400, rv.get_data(as_text=True)
    assert rv.json["error"] == "schema" and "before" in rv.json["errors"]


def test_audit_cursor_at_the_top_of_the_range_still_works(api):
    rv = api.as_(ADMIN).get(f"/api/audit?before={2 ** 64 - 1}-{2 ** 64 - 1}")
    assert rv.status_code == 200 and rv.json["entries"] == []


def test_api_answers_are_never_sniffed_as_html(api, live):
    # error bodies echo the caller's input (e.g. a forged match id); nosniff keeps a browser
    # from ever reading such JSON as a page
    for path in ("/api/matches/%3Cscript%3E/state", f"/api/matches/{live['mid']}", "/api/nowhere"):
        rv = api.get(path)
        assert rv.headers.get("X-Content-Type-Options") == "nosniff", path


def test_tokens_in_the_query_string_are_refused_not_used(api, live):
    tok = live["tokens"]["p1"]
    rv = api.get(f"/api/matches/{live['mid']}/state?as=p1&token={tok}")
    assert rv.status_code == 400 and "token" in rv.json["errors"]
    rv = api.get(f"/api/matches/{live['mid']}/state?as=p1&access_token={tok}")
    assert rv.status_code == 400


def test_oversized_and_deep_bodies_are_refused_in_shape(api, redis, live):
    before = dump(redis)
    tok = live["tokens"]["p1"]
    big = json.dumps({"expected_seq": 0, "command_id": "big", "command": {"pad": "x" * 70_000}})
    rv = post_raw(api, live["mid"], tok, big)
    assert rv.status_code == 413 and rv.json["error"] == "too_large"
    deep = '{"expected_seq": 0, "command_id": "d", "command": ' + '{"a": ' * 5000 + "1" + "}" * 5001
    rv = post_raw(api, live["mid"], tok, deep)
    assert rv.status_code == 400 and rv.json["error"] == "bad_json"
    assert dump(redis) == before


def _demo_lines() -> list[str]:
    from kifu.replays.demo import demo_record
    from tests.replays.toygame import TOY

    return demo_record(TOY, seed="redteam-import", index=0).dumps().splitlines()


def _with_surrogate_in_header() -> str:
    lines = _demo_lines()
    header = json.loads(lines[0])
    header["tournament"] = "\ud800"  # json.dumps writes it as the escape "\ud800"
    return "\n".join([json.dumps(header), *lines[1:]]) + "\n"


def _with_surrogate_in_entry() -> str:
    lines = _demo_lines()
    entry = json.loads(lines[1])
    entry["by"] = "\udc00"
    return "\n".join([lines[0], json.dumps(entry), *lines[2:]]) + "\n"


@pytest.mark.parametrize("make", [
    _with_surrogate_in_header, _with_surrogate_in_entry,
    lambda: "[" * 50_000 + "]" * 50_000 + "\n",                            # deeper than the JSON reader goes
    lambda: _demo_lines()[0] + "\n" + '{"a": ' * 5000 + "1" + "}" * 5000 + "\n",
], ids=["surrogate-header", "surrogate-entry", "deep-first-line", "deep-entry"])
def test_hostile_records_are_refused_on_import_and_write_nothing(admin, redis, make):
    text = make()
    before = dump(redis)
    rv = admin.post("/api/import", data=text.encode("utf-8"), content_type="application/x-ndjson")
    assert rv.status_code in (400, 422), rv.get_data(as_text=True)[:300]
    assert rv.json["error"] in ("bad_json", "unverifiable")
    assert dump(redis) == before


def _chunked(api, path: str, body: bytes, content_type: str):
    # no Content-Length: the server only learns the size by reading (werkzeug's limit
    # then stops reading at the limit instead of refusing)
    import io

    return api.post(path, input_stream=io.BytesIO(body), content_type=content_type,
                    headers={"Transfer-Encoding": "chunked"},
                    environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_body_over_the_limit_is_413_not_cut_short(app, api, redis, live):
    before = dump(redis)
    limit = app.config["KIFU_MAX_BODY"]
    body = json.dumps({"expected_seq": 0, "command_id": "chunk", "command": DRAW1}).encode()
    padded = body + b" " * (limit + 10 - len(body))  # valid JSON if cut anywhere in the padding
    rv = _chunked(api.as_(live["tokens"]["p1"]), f"/api/matches/{live['mid']}/commands", padded, "application/json")
    assert rv.status_code == 413 and rv.json["error"] == "too_large", rv.get_data(as_text=True)[:200]
    assert dump(redis) == before
    fits = body + b" " * (limit - len(body))
    rv = _chunked(api.as_(live["tokens"]["p1"]), f"/api/matches/{live['mid']}/commands", fits, "application/json")
    assert rv.status_code == 201, rv.get_data(as_text=True)[:200]


def test_a_chunked_record_over_the_limit_is_never_imported_as_its_prefix(redis_url):
    from tests.service.api.conftest import Api, make_app

    lines = _demo_lines()
    text = ("\n".join(lines[:3]) + "\n").encode()
    app = make_app(redis_url, KIFU_MAX_IMPORT=len(text))
    admin = Api(app.test_client(), ADMIN)
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    whole = ("\n".join(lines) + "\n").encode()  # its first len(text) bytes are a valid, shorter record
    rv = _chunked(admin, "/api/import", whole, "application/x-ndjson")
    assert rv.status_code == 413 and rv.json["error"] == "too_large", rv.get_data(as_text=True)[:300]
    assert dump(redis) == before
    assert _chunked(admin, "/api/import", text, "application/x-ndjson").status_code == 201
    redis.close()
