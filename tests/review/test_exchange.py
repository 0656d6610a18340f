"""Export and import of notes, shapes and variations, anchored to the record's chain; kifu review verify."""
from __future__ import annotations

import json

import redis as redis_py
from click.testing import CliRunner

from kifu.service.cli import main
from kifu.service.review import Review
from kifu.service.review.service import import_text
from tests.review.conftest import advance, line_from
from tests.service.api.conftest import dump

JSONL = {"Content-Type": "application/x-ndjson"}


def annotated(api, svc, tokens):
    """A holodelive match at step 6 with a note, shapes on it and on a step, and a variation."""
    match = api.as_(tokens["admin"]).create("holodelive", ["Aoi", "Ren"])
    mid = match["id"]
    advance(svc, mid, 6)
    judge = api.as_(tokens["judge"])
    note = judge.post(f"/api/matches/{mid}/notes", json={"step": 3, "text": "the key play", "glyph": "!"}).json
    for body in ({"step": 3, "perspective": "omniscient", "note": note["id"],
                  "shapes": [{"kind": "arrow", "from": "hand-p1/card/0", "to": "venue-1", "color": "red"}]},
                 {"step": 2, "perspective": "public", "shapes": [{"kind": "highlight", "at": "home-p2"}]}):
        assert judge.post(f"/api/matches/{mid}/shapes", json=body).status_code == 201
    # one command: a longer bot line, made with the match's seed, can meet a choice among cards that
    # the variation's own fresh seed drew otherwise (and be refused, as it should)
    rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 4, "commands": line_from(svc, mid, 4, 1),
                                                            "title": "draw first"})
    assert rv.status_code == 201, rv.json
    return mid


def items(text):
    lines = [json.loads(line) for line in text.splitlines()]
    strip = ("id", "at", "note")
    return lines[0], sorted(json.dumps({k: v for k, v in i.items() if k not in strip}, sort_keys=True)
                            for i in lines[1:])


def test_export_import_round_trip_onto_an_imported_copy_of_the_record(api, svc, tokens, redis):
    mid = annotated(api, svc, tokens)
    judge = api.as_(tokens["judge"])
    text = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    header, before = items(text)
    assert header["head"] == {"seq": 6, "chain": svc.info(mid).chain}
    assert sorted(json.loads(b)["type"] for b in before) == ["note", "shapes", "shapes", "variation"]

    copy = svc.import_record(svc.export(mid, include_seed=True).dumps(), by="admin")
    assert copy.id != mid and copy.chain == svc.info(mid).chain
    rv = judge.post(f"/api/matches/{copy.id}/review/import", data=text, headers=JSONL)
    assert rv.status_code == 201, rv.json
    assert rv.json == {"notes": 1, "shapes": 2, "variations": 1, "skipped": 0}
    again = judge.get(f"/api/matches/{copy.id}/review/export").get_data(as_text=True)
    assert items(again)[1] == before
    # the shapes of the note follow the note's new id
    shapes = judge.get(f"/api/matches/{copy.id}/shapes").json["shapes"]
    notes = judge.get(f"/api/matches/{copy.id}/notes").json["notes"]
    assert [s["note"] for s in shapes if s["step"] == 3] == [notes[0]["id"]]


def test_an_import_onto_another_record_or_with_a_tampered_variation_writes_nothing(api, svc, tokens, redis):
    mid = annotated(api, svc, tokens)
    judge = api.as_(tokens["judge"])
    text = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    other = api.as_(tokens["admin"]).create("holodelive", ["Aoi", "Ren"])["id"]
    advance(svc, other, 6, bot_seed="another")
    lines = text.splitlines()
    variation = next(i for i, line in enumerate(lines) if '"variation"' in line)
    tampered = json.loads(lines[variation])
    tampered["hashes"][-1] = "0" * 64
    bad = "\n".join([*lines[:variation], json.dumps(tampered), *lines[variation + 1:]])
    before = dump(redis)
    # the document says "a string": what the text holds is refused as 422 (unprocessable)
    for match, body in ((other, text), (mid, bad), (mid, "{}")):
        refused = judge.post(f"/api/matches/{match}/review/import", data=body, headers=JSONL)
        assert (refused.status_code, refused.json["error"]) == (422, "unprocessable"), refused.json
    assert api.as_(None).post(f"/api/matches/{mid}/review/import", data=text, headers=JSONL).status_code == 401
    # an annotator may not bring variations onto a live match (they need its omniscient view)
    assert api.as_(tokens["annotator"]).post(f"/api/matches/{mid}/review/import", data=text,
                                             headers=JSONL).status_code == 422
    assert dump(redis) == before


def test_kifu_review_verify_checks_anchors_and_replays_every_variation(api, svc, tokens, tmp_path):
    mid = annotated(api, svc, tokens)
    text = api.as_(tokens["judge"]).get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    record = tmp_path / "m.kifu.jsonl"
    record.write_text(svc.export(mid, include_seed=True).dumps())
    good = tmp_path / "review.jsonl"
    good.write_text(text)
    runner = CliRunner()
    result = runner.invoke(main, ["review", "verify", str(good), "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert "1 notes, 2 shape sets, 1 variations replayed" in result.output

    lines = text.splitlines()
    v = next(i for i, line in enumerate(lines) if '"variation"' in line)
    item = json.loads(lines[v])
    for name, change in (("anchor", {"anchor": "f" * 64}), ("command", {"commands": item["commands"][:1] * 3}),
                         ("seed", {"seed": "x" * 64})):
        bad = tmp_path / f"{name}.jsonl"
        bad.write_text("\n".join([*lines[:v], json.dumps({**item, **change}), *lines[v + 1:]]))
        result = runner.invoke(main, ["review", "verify", str(bad), "--record", str(record)])
        assert result.exit_code == 1, (name, result.output)
        assert f"line {v + 1}" in result.output, (name, result.output)
    # a record without its seed cannot replay the variations
    unrevealed = tmp_path / "live.kifu.jsonl"
    unrevealed.write_text(svc.export(mid, include_seed=False).dumps())
    result = runner.invoke(main, ["review", "verify", str(good), "--record", str(unrevealed)])
    assert result.exit_code == 1 and "seed" in result.output


def test_importing_an_export_again_writes_nothing_new(api, svc, tokens, redis):
    mid = annotated(api, svc, tokens)
    judge = api.as_(tokens["judge"])
    text = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    copy = svc.import_record(svc.export(mid, include_seed=True).dumps(), by="admin").id
    first = judge.post(f"/api/matches/{copy}/review/import", data=text, headers=JSONL)
    assert first.json == {"notes": 1, "shapes": 2, "variations": 1, "skipped": 0}
    before = dump(redis)
    again = judge.post(f"/api/matches/{copy}/review/import", data=text, headers=JSONL)
    assert again.status_code == 201 and again.json == {"notes": 0, "shapes": 0, "variations": 0, "skipped": 4}
    assert dump(redis) == before
    # onto the export's own match: everything is already there
    own = judge.post(f"/api/matches/{mid}/review/import", data=text, headers=JSONL)
    assert own.json == {"notes": 0, "shapes": 0, "variations": 0, "skipped": 4}
    assert dump(redis) == before

    # a later export repeats the first one's items and adds a note with shapes: only those are new
    later = judge.post(f"/api/matches/{mid}/notes", json={"step": 5, "text": "then this"}).json
    assert judge.post(f"/api/matches/{mid}/shapes", json={
        "step": 5, "perspective": "public", "note": later["id"],
        "shapes": [{"kind": "highlight", "at": "venue-2"}]}).status_code == 201
    text2 = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    more = judge.post(f"/api/matches/{copy}/review/import", data=text2, headers=JSONL)
    assert more.json == {"notes": 1, "shapes": 1, "variations": 0, "skipped": 4}
    notes = {n["step"]: n["id"] for n in judge.get(f"/api/matches/{copy}/notes").json["notes"]}
    shapes = judge.get(f"/api/matches/{copy}/shapes").json["shapes"]
    assert sorted((s["step"], s["note"]) for s in shapes) == [(2, None), (3, notes[3]), (5, notes[5])]
    assert items(judge.get(f"/api/matches/{copy}/review/export").get_data(as_text=True))[1] == items(text2)[1]


class LosesTheAnswer(redis_py.Redis):
    """A real client whose connection drops after its first write to a match's notes or
    review stream reached Redis, before the answer came back (a crash, a network cut)."""

    WRITES = ("EVALSHA", "EVAL", "XADD", "HSET")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lost = 0

    def execute_command(self, *args, **options):
        answer = super().execute_command(*args, **options)
        touches = any(isinstance(a, str) and a.endswith((":notes", ":review")) for a in args[1:8])
        if args[0] in self.WRITES and touches and not self.lost:
            self.lost += 1
            raise redis_py.ConnectionError("connection lost before the answer")
        return answer


def test_a_connection_lost_during_an_import_leaves_all_of_it_or_none_and_a_retry_adds_nothing(
        api, svc, tokens, redis):
    mid = annotated(api, svc, tokens)
    judge = api.as_(tokens["judge"])
    text = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    copy = svc.import_record(svc.export(mid, include_seed=True).dumps(), by="admin").id
    svc.store.client = LosesTheAnswer(connection_pool=redis.connection_pool)
    who = {"by": "Judge Sato", "role": "judge", "author": None}
    try:
        import_text(Review(svc), copy, text, with_variations=True, **who)
    except redis_py.ConnectionError:
        pass
    else:
        raise AssertionError("the first write's answer was to be lost")
    # every item is there: the import was one write, run whole by Redis
    assert items(judge.get(f"/api/matches/{copy}/review/export").get_data(as_text=True))[1] == items(text)[1]
    before = dump(redis)
    # the client retries, not knowing whether it happened: nothing is written twice
    assert import_text(Review(svc), copy, text, with_variations=True, **who) == {
        "notes": 0, "shapes": 0, "variations": 0, "skipped": 4}
    assert dump(redis) == before


def test_an_import_whose_keys_are_broken_writes_nothing(api, svc, tokens, redis):
    """The script checks the keys before its first write (Redis does not undo a script)."""
    mid = annotated(api, svc, tokens)
    judge = api.as_(tokens["judge"])
    text = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    copy = svc.import_record(svc.export(mid, include_seed=True).dumps(), by="admin").id
    redis.set(f"kifu:m:{{{copy}}}:reviewimports", "not a hash")
    before = dump(redis)
    rv = judge.post(f"/api/matches/{copy}/review/import", data=text, headers=JSONL)
    assert rv.status_code == 500 and rv.json["error"]
    assert dump(redis) == before


def test_the_export_is_imported_as_json_too(api, svc, tokens):
    """For clients that send only JSON bodies: {"export": "<the JSON Lines>"}, the same import."""
    mid = annotated(api, svc, tokens)
    judge = api.as_(tokens["judge"])
    text = judge.get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    assert judge.get(f"/api/matches/{mid}/review/export", headers={"Accept": "text/plain"}).mimetype == "text/plain"
    copy = svc.import_record(svc.export(mid, include_seed=True).dumps(), by="admin")
    rv = judge.post(f"/api/matches/{copy.id}/review/import", json={"export": text})
    assert rv.status_code == 201, rv.json
    assert rv.json == {"notes": 1, "shapes": 2, "variations": 1, "skipped": 0}
    again = judge.post(f"/api/matches/{copy.id}/review/import", data=text, headers=JSONL)
    assert again.status_code == 201 and again.json["skipped"] == 4, again.json
    refused = judge.post(f"/api/matches/{copy.id}/review/import", json={"review": text})
    assert refused.status_code == 400 and refused.json["error"] == "schema"
