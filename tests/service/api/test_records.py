"""Export (JSON Lines; the seed only once over, or for a judge) and import (verified first)."""
from __future__ import annotations

from kifu.replays import canon, records
from kifu.replays.verify import verify_text
from tests.replays.toygame import TOY
from tests.service.api.conftest import dump, play_bot

JSONL = "application/x-ndjson"


def test_a_judge_exports_a_live_match_with_its_seed(api, admin, judge):
    made = admin.create()
    play_bot(api, made, TOY, steps=3)
    rv = judge.get(f"/api/matches/{made['id']}/export")
    assert rv.status_code == 200 and rv.mimetype == JSONL
    assert f'filename="{made["id"]}.kifu.jsonl"' in rv.headers["Content-Disposition"]
    read = records.read_text(rv.get_data(as_text=True))
    assert read.ok and len(read.record.entries) == 3
    seed = read.record.header["seed"]
    assert canon.sha256_hex(seed) == made["header"]["seed_commitment"]
    report = verify_text(rv.get_data(as_text=True), lookup=lambda g: TOY)
    assert report.ok and report.replayed and report.head == api.get(f"/api/matches/{made['id']}").json["chain"]


def test_a_live_record_without_hidden_commands_is_exported_to_anyone_without_its_seed(api, admin):
    made = admin.create()  # toy: a draw names no card, so every command reads the same to all
    play_bot(api, made, TOY, steps=3)
    rv = api.get(f"/api/matches/{made['id']}/export")
    assert rv.status_code == 200
    report = verify_text(rv.get_data(as_text=True), lookup=lambda g: TOY)
    assert report.ok and not report.replayed and report.seed == "absent" and report.entries == 3


def test_a_live_record_with_hidden_commands_goes_to_those_who_can_read_them(api, admin, judge):
    made = admin.create("tally", ["Aoi", "Ren"])
    mid, tokens = made["id"], made["tokens"]
    assert api.as_(tokens["p2"]).command(mid, {"type": "add", "seat": "p2", "n": 2}, 0).status_code == 201
    assert api.as_(tokens["p1"]).command(mid, {"type": "note", "seat": "p1", "card": "hidden-ace"}, 1).status_code == 201
    for caller, status in ((api, 401), (api.as_(tokens["p2"]), 403)):
        rv = caller.get(f"/api/matches/{mid}/export")
        assert rv.status_code == status and "entry 2 " in rv.json["message"] and "hidden-ace" not in rv.json["message"]
    for caller in (api.as_(tokens["p1"]), api.as_(tokens["recorder"]), judge):  # p1 wrote the note
        rv = caller.get(f"/api/matches/{mid}/export")
        assert rv.status_code == 200 and "hidden-ace" in rv.get_data(as_text=True)
        assert ("seed" in records.read_text(rv.get_data(as_text=True)).record.header) == (caller is judge)


def test_a_finished_public_match_is_exported_to_anyone_with_its_seed(api, admin):
    made = admin.create()
    play_bot(api, made, TOY)
    text = api.get(f"/api/matches/{made['id']}/export").get_data(as_text=True)
    report = verify_text(text, lookup=lambda g: TOY)
    assert report.ok and report.replayed and report.outcome is not None


def test_a_finished_private_match_keeps_its_record_and_seed_for_judges(api, admin, judge):
    made = admin.create(public_when_finished=False)
    play_bot(api, made, TOY)
    public = api.get(f"/api/matches/{made['id']}/export")
    assert public.status_code == 200 and "seed" not in records.read_text(public.get_data(as_text=True)).record.header
    assert api.get(f"/api/matches/{made['id']}/state?as=omniscient").status_code == 401
    text = judge.get(f"/api/matches/{made['id']}/export").get_data(as_text=True)
    assert "seed" in records.read_text(text).record.header


def test_import_stores_a_verified_record_under_a_new_id(api, admin, judge, redis):
    made = admin.create()
    play_bot(api, made, TOY)
    text = judge.get(f"/api/matches/{made['id']}/export").get_data(as_text=True)
    rv = admin.post("/api/import", data=text, content_type=JSONL)
    assert rv.status_code == 201, rv.json
    imported = rv.json
    assert imported["id"] != made["id"] and rv.headers["Location"].endswith(imported["id"])
    original = api.get(f"/api/matches/{made['id']}").json
    assert (imported["chain"], imported["seq"], imported["status"]) == (original["chain"], original["seq"], "finished")
    again = api.get(f"/api/matches/{imported['id']}/export").get_data(as_text=True)
    assert again == text


def test_import_refuses_a_tampered_record_and_writes_nothing(api, admin, judge, redis):
    made = admin.create()
    play_bot(api, made, TOY, steps=4)
    text = judge.get(f"/api/matches/{made['id']}/export").get_data(as_text=True)
    lines = text.splitlines()
    entry = records.read_text(text).record.entries[2]
    entry["at"] = "2030-01-01T00:00:00.000000Z"  # rewriting history breaks the chain
    lines[3] = canon.dumps(entry)
    before = dump(redis)
    rv = admin.post("/api/import", data="\n".join(lines) + "\n", content_type=JSONL)
    assert rv.status_code == 422 and rv.json["error"] == "unverifiable"
    assert rv.json["divergence"]["seq"] == 3 and rv.json["divergence"]["what"] == "chain"
    assert dump(redis) == before


def test_import_of_a_record_without_its_seed_is_refused(api, admin, judge, redis):
    made = admin.create()
    play_bot(api, made, TOY, steps=2)
    read = records.read_text(judge.get(f"/api/matches/{made['id']}/export").get_data(as_text=True)).record
    del read.header["seed"]
    before = dump(redis)
    rv = admin.post("/api/import", data=read.dumps(), content_type=JSONL)
    assert rv.status_code == 422 and rv.json["divergence"]["what"] == "seed"
    assert dump(redis) == before


def test_import_is_limited_in_size(redis_url):
    from tests.service.api.conftest import ADMIN, Api, make_app

    app = make_app(redis_url, KIFU_MAX_IMPORT=1000)
    admin = Api(app.test_client(), ADMIN)
    rv = admin.post("/api/import", data="x" * 1001, content_type=JSONL)
    assert rv.status_code == 413 and rv.json["error"] == "too_large"


def test_import_takes_the_record_as_json_too_and_export_gives_text_to_who_asks(api, admin, judge, redis):
    """For clients that send only JSON bodies (a generated client): {"record": "<the JSON Lines>"};
    and for those that read only text/*: the export as text/plain when Accept prefers it."""
    made = admin.create()
    play_bot(api, made, TOY, steps=3)
    text = judge.get(f"/api/matches/{made['id']}/export").get_data(as_text=True)
    plain = judge.get(f"/api/matches/{made['id']}/export", headers={"Accept": "text/plain"})
    assert plain.mimetype == "text/plain" and plain.get_data(as_text=True) == text
    assert judge.get(f"/api/matches/{made['id']}/export", headers={"Accept": "*/*"}).mimetype == JSONL
    rv = admin.post("/api/import", json={"record": text})
    assert rv.status_code == 201, rv.json
    assert rv.json["chain"] == api.get(f"/api/matches/{made['id']}").json["chain"]
    again = admin.post("/api/import", data=text, content_type=JSONL)  # the same record, as JSON Lines
    assert again.status_code == 200 and again.json["id"] == rv.json["id"]
    before = dump(redis)
    for body in ({"record": text, "more": 1}, {"record": ""}, {"record": ["a", "b"]}, {}):
        refused = admin.post("/api/import", json=body)
        assert refused.status_code == 400 and refused.json["error"] == "schema", (body, refused.json)
    refused = admin.post("/api/import", json={"record": text.replace('"seq":2', '"seq":7')})
    assert refused.status_code in (409, 422), refused.json
    assert dump(redis) == before


def test_the_json_form_of_an_import_is_limited_by_its_text(redis_url):
    from tests.service.api.conftest import ADMIN, Api, make_app

    app = make_app(redis_url, KIFU_MAX_IMPORT=1000)
    admin = Api(app.test_client(), ADMIN)
    rv = admin.post("/api/import", json={"record": "x" * 1001})
    assert rv.status_code == 413 and rv.json["error"] == "too_large"
    rv = admin.post("/api/import", json={"record": "\n" * 600})  # escaped, longer than the limit; the text is not
    assert rv.status_code == 422, rv.json
