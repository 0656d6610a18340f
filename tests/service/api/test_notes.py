"""POST/GET /api/matches/<id>/notes: who may annotate, who reads what, errors that write nothing."""
from __future__ import annotations

import pytest

from kifu.service import auth
from tests.service.api.conftest import ADMIN, Api, dump, make_app


def add(seat: str, n: int = 1) -> dict:
    return {"type": "add", "seat": seat, "n": n}


@pytest.fixture
def made(admin):
    """A live tally match at step 2 (target 50, so it stays live)."""
    made = admin.create("tally", ["Aoi", "Ren"], options={"target": 50})
    p1, p2 = admin.as_(made["tokens"]["p1"]), admin.as_(made["tokens"]["p2"])
    assert p1.command(made["id"], add("p1"), 0).status_code == 201
    assert p2.command(made["id"], add("p2"), 1).status_code == 201
    return made


@pytest.fixture
def annotator(api, redis):
    return api.as_(auth.create_token(redis, role="annotator", name="Mai"))


def path(made) -> str:
    return f"/api/matches/{made['id']}/notes"


def ids(client: Api, made) -> list[str]:
    rv = client.get(path(made))
    assert rv.status_code == 200, rv.json
    return [n["text"] for n in rv.json["notes"]]


def test_who_may_annotate(api, admin, judge, annotator, made, redis):
    recorder = api.as_(made["tokens"]["recorder"])
    other = admin.create("tally", ["X", "Y"])
    other_recorder = api.as_(other["tokens"]["recorder"])
    for client, text in ((annotator, "by the annotator"), (judge, "by the judge"), (admin, "by the admin"),
                         (recorder, "by the recorder")):
        rv = client.post(path(made), json={"step": 1, "text": text})
        assert rv.status_code == 201, rv.json
        assert rv.json["text"] == text and rv.json["step"] == 1 and rv.json["glyph"] is None
        assert set(rv.json) == {"id", "step", "text", "glyph", "by", "at", "edited"}
    before = dump(redis)
    for client, status in ((api.as_(made["tokens"]["p1"]), 403), (api.as_(made["tokens"]["p2"]), 403),
                           (other_recorder, 403), (api, 401)):
        rv = client.post(path(made), json={"step": 1, "text": "coaching"})
        assert rv.status_code == status and rv.json["error"] in ("forbidden", "unauthorized")
    assert dump(redis) == before


def test_annotator_notes_are_hidden_from_the_public_while_live(api, admin, judge, annotator, made, redis):
    mid = made["id"]
    assert annotator.post(path(made), json={"step": 2, "text": "p2 should hold", "glyph": "?!"}).status_code == 201
    assert judge.post(path(made), json={"step": 1, "text": "ruling: legal"}).status_code == 201
    other_annotator = api.as_(auth.create_token(redis, role="annotator", name="Ken"))
    # the public, the players, the recorder and other annotators see the judge's ruling only
    for client in (api, api.as_(made["tokens"]["p1"]), api.as_(made["tokens"]["recorder"]), other_annotator):
        assert ids(client, made) == ["ruling: legal"]
    # judges, admins and the note's author see both, by step
    for client in (judge, admin, annotator):
        assert ids(client, made) == ["ruling: legal", "p2 should hold"]
    # once the match is over, everyone does
    assert api.as_(made["tokens"]["p1"]).command(mid, {"type": "resign", "seat": "p1"}, 2).status_code == 201
    assert api.get(f"/api/matches/{mid}").json["status"] == "finished"
    for client in (api, api.as_(made["tokens"]["p2"]), other_annotator):
        assert ids(client, made) == ["ruling: legal", "p2 should hold"]
    note = api.get(path(made)).json["notes"][1]
    assert note["glyph"] == "?!" and note["by"] == "Mai" and note["edited"] is False
    assert "role" not in note and "author" not in note


def test_edit_and_delete_by_author_or_judge_only(api, judge, annotator, made, redis):
    note = annotator.post(path(made), json={"step": 1, "text": "first thought"}).json
    rv = annotator.post(path(made), json={"replaces": note["id"], "text": "second thought", "glyph": "!"})
    assert rv.status_code == 201 and rv.json["id"] == note["id"] and rv.json["edited"] is True
    assert rv.json["step"] == 1 and rv.json["glyph"] == "!"
    # another annotator may not change it; for it the note does not even exist while live
    other = api.as_(auth.create_token(redis, role="annotator", name="Ken"))
    before = dump(redis)
    assert other.post(path(made), json={"replaces": note["id"], "text": "mine now"}).status_code == 404
    assert dump(redis) == before
    judge_note = judge.post(path(made), json={"step": 0, "text": "ruling"}).json
    before = dump(redis)
    rv = other.post(path(made), json={"replaces": judge_note["id"], "delete": True})
    assert rv.status_code == 403 and rv.json["error"] == "forbidden"
    assert dump(redis) == before
    # a judge may delete anyone's note
    rv = judge.post(path(made), json={"replaces": note["id"], "delete": True})
    assert rv.status_code == 201 and rv.json["deleted"] is True
    assert ids(judge, made) == ["ruling"]
    rv = judge.post(path(made), json={"replaces": note["id"], "delete": True})
    assert rv.status_code == 404 and rv.json["error"] == "not_found"


BAD_BODIES = [
    ({"step": 1}, "text"),
    ({"text": "x"}, "step"),
    ({"step": 3, "text": "x"}, "step"),  # the head is 2: well-formed, so not_in_match
    ({"step": -1, "text": "x"}, "step"),
    ({"step": "1", "text": "x"}, "step"),
    ({"step": 1, "text": ""}, "text"),
    ({"step": 1, "text": "x" * 2001}, "text"),
    ({"step": 1, "text": "a\u0007b"}, "text"),
    ({"step": 1, "text": "x", "glyph": "!!!"}, "glyph"),
    ({"step": 1, "text": "x", "replaces": "abc"}, "replaces"),
    ({"step": 1, "text": "x", "colour": "red"}, "colour"),
    ({"step": 1, "text": "x", "delete": "yes"}, "delete"),
    ({"delete": True}, "replaces"),
]


@pytest.mark.parametrize("body,field", BAD_BODIES)
def test_bad_bodies_are_400_with_the_field_and_write_nothing(annotator, made, redis, body, field):
    before = dump(redis)
    rv = annotator.post(path(made), json=body)
    beyond_head = body.get("step") == 3
    assert rv.status_code == 400 and rv.json["error"] == ("not_in_match" if beyond_head else "schema"), rv.json
    assert field in rv.json["errors"]
    assert dump(redis) == before


def test_other_errors_in_the_api_shape_write_nothing(api, annotator, made, redis):
    before = dump(redis)
    cases = [
        (annotator.post(path(made), data="step=1", headers={"Content-Type": "text/plain"}), 415,
         "unsupported_media_type"),
        (annotator.post(path(made), data="{", headers={"Content-Type": "application/json"}), 400, "bad_json"),
        (annotator.post(path(made), json={"step": 1, "text": "x", "replaces": "1-0"}), 404, "not_found"),
        (annotator.post("/api/matches/00000000000000000000/notes", json={"step": 0, "text": "x"}), 404, "not_found"),
        (annotator.post("/api/matches/%7Bx%7D/notes", json={"step": 0, "text": "x"}), 404, "not_found"),
        (api.as_("kifu_not-a-token").post(path(made), json={"step": 0, "text": "x"}), 401, "unauthorized"),
        (api.get("/api/matches/00000000000000000000/notes"), 404, "not_found"),
    ]
    for rv, status, code in cases:
        assert rv.status_code == status and rv.json["error"] == code, (status, rv.json)
        assert set(rv.json) >= {"error", "message"}
    assert dump(redis) == before


def test_note_writes_count_against_the_write_budget(redis_url, redis):
    app = make_app(redis_url, KIFU_RATE_LIMITS={"write": (2, 60), "auth": None, "auth_fail": None})
    client = Api(app.test_client())
    made = client.as_(ADMIN).create("tally", ["Aoi", "Ren"])  # the admin's write 1
    annotator = client.as_(auth.create_token(redis, role="annotator", name="Mai"))
    assert annotator.post(path(made), json={"step": 0, "text": "one"}).status_code == 201
    assert annotator.post(path(made), json={"step": 0, "text": "two"}).status_code == 201
    before = dump(redis)
    rv = annotator.post(path(made), json={"step": 0, "text": "three"})
    assert rv.status_code == 429 and rv.json["error"] == "rate_limited" and "Retry-After" in rv.headers
    assert dump(redis) == before
    assert annotator.get(path(made)).status_code == 200  # reads are not writes
    app.extensions["kifu"].redis.close()


def test_openapi_documents_the_notes_paths(api):
    doc = api.get("/api/openapi.json").json
    ops = doc["paths"]["/api/matches/{match_id}/notes"]
    assert set(ops) >= {"get", "post"}
    assert ops["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/NoteRequest")
    assert ops["post"]["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].endswith("/Note")
    assert ops["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/Notes")
    schemas = doc["components"]["schemas"]
    assert set(schemas["Note"]["properties"]) >= {"id", "step", "text", "glyph", "by", "at", "edited"}
    # a note request is one of three shapes: new, edit, delete
    assert [r["$ref"].rsplit("/", 1)[1] for r in schemas["NoteRequest"]["oneOf"]] == ["NewNote", "EditNote", "DeleteNote"]
    assert schemas["NewNote"]["properties"]["glyph"]["enum"][:6] == ["!", "?", "!!", "??", "!?", "?!"]
