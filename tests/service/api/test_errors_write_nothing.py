"""Every error answer writes nothing: all ``kifu:*`` keys are the same before and after.

(Rate-limit counters are excluded: counting a refused request is the point of them.)
"""
from __future__ import annotations

import json

import pytest

from tests.service.api.conftest import dump

DRAW1 = {"type": "draw", "seat": "p1"}


@pytest.fixture
def table(api, admin, judge, redis):
    """A live match at seq 1 (p1 drew with command id 'first') and a finished one."""
    made = admin.create()
    assert api.as_(made["tokens"]["p1"]).command(made["id"], DRAW1, 0, "first").status_code == 201
    return {"mid": made["id"], "tokens": made["tokens"]}


def body(expected_seq=1, command_id="c-new", command=None):
    return {"expected_seq": expected_seq, "command_id": command_id,
            "command": command or {"type": "draw", "seat": "p2"}}


CASES = [
    # (who, method, path, kwargs, status, error)
    ("p2", "post", "/commands", {"json": body(expected_seq=0)}, 409, "stale_seq"),
    ("p2", "post", "/commands", {"json": body(expected_seq=5)}, 409, "stale_seq"),
    ("p1", "post", "/commands", {"json": body(command_id="first", command={"type": "pass", "seat": "p1"})},
     409, "idempotency_conflict"),
    ("p2", "post", "/commands", {"json": body(command={"type": "bank", "seat": "p2", "card": "c9"})},
     422, "rule_violation"),
    ("p1", "post", "/commands", {"json": body(command=DRAW1)}, 422, "rule_violation"),
    ("p2", "post", "/commands", {"json": body(command={"type": "fly", "seat": "p2"})}, 400, "schema"),
    ("p2", "post", "/commands", {"json": {"expected_seq": 1, "command": DRAW1}}, 400, "schema"),
    ("p2", "post", "/commands", {"json": body(expected_seq=1.0)}, 400, "bad_json"),
    ("p2", "post", "/commands", {"data": "{\"expected_seq\": NaN}", "content_type": "application/json"},
     400, "bad_json"),
    ("p2", "post", "/commands", {"data": "{not json", "content_type": "application/json"}, 400, "bad_json"),
    ("p2", "post", "/commands", {"data": b"\xff\xfe", "content_type": "application/json"}, 400, "bad_json"),
    ("p2", "post", "/commands", {"data": "[1, 2]", "content_type": "application/json"}, 400, "schema"),
    ("p2", "post", "/commands", {"data": "[" * 100000 + "]" * 100000, "content_type": "application/json"},
     413, "too_large"),
    ("p2", "post", "/commands", {"data": "[" * 30000 + "]" * 30000, "content_type": "application/json"},
     400, "bad_json"),
    ("p2", "post", "/commands", {"data": json.dumps(body()), "content_type": "text/plain"},
     415, "unsupported_media_type"),
    ("p2", "post", "/commands", {"data": json.dumps(body())}, 415, "unsupported_media_type"),
    ("p2", "post", "/commands", {"json": body(command={"type": "draw", "seat": "p2", "pad": "x" * 70000})},
     413, "too_large"),
    ("p1", "post", "/commands", {"json": body(command={"type": "draw", "seat": "p2"})}, 403, "forbidden"),
    ("annotator", "post", "/commands", {"json": body()}, 403, "forbidden"),
    (None, "post", "/commands", {"json": body()}, 401, "unauthorized"),
    ("bogus", "post", "/commands", {"json": body()}, 401, "unauthorized"),
    # well-formed (a registered game's draw), for a seat this two-seat match lacks
    ("p2", "post", "/commands", {"json": body(command={"type": "draw", "seat": "p3"})}, 400, "not_in_match"),
    ("p2", "put", "/commands", {"json": body()}, 405, "method_not_allowed"),
    ("admin", "post", "!/api/matches", {"json": {"game": "toy", "seats": [{"name": "A"}]}}, 400, "schema"),
    ("admin", "post", "!/api/matches", {"json": {"game": "toy", "seats": [{"name": "A"}, {"name": "B"}],
                                                "options": {"deck_order": [1.5]}}}, 400, "bad_json"),
    ("p1", "post", "!/api/matches", {"json": {"game": "toy", "seats": [{"name": "A"}, {"name": "B"}]}},
     403, "forbidden"),
    ("admin", "post", "!/api/import", {"data": "{}\n", "content_type": "application/x-ndjson"}, 422, "unverifiable"),
    ("admin", "post", "!/api/import", {"data": "", "content_type": "application/x-ndjson"}, 422, "unverifiable"),
    ("admin", "post", "!/api/import", {"json": {}}, 400, "schema"),  # JSON must be {"record": "<jsonl>"}
    ("admin", "post", "!/api/import", {"data": "<r/>", "content_type": "application/xml"}, 415,
     "unsupported_media_type"),
    ("p1", "post", "!/api/import", {"data": "{}\n", "content_type": "application/x-ndjson"}, 403, "forbidden"),
    ("p2", "get", "/state?as=p1", {}, 403, "forbidden"),
    ("p2", "get", "/entries?as=omniscient", {}, 403, "forbidden"),
    ("p2", "get", "/legal?as=p1", {}, 403, "forbidden"),
]


@pytest.mark.parametrize("who, method, path, kwargs, status, error", CASES,
                         ids=[f"{c[4]}-{c[5]}-{i}" for i, c in enumerate(CASES)])
def test_error_paths_write_nothing(api, redis, table, who, method, path, kwargs, status, error):
    from kifu.service import auth
    from tests.service.api.conftest import ADMIN

    tokens = {**table["tokens"], "admin": ADMIN, "bogus": "not-a-token",
              "annotator": auth.create_token(redis, role="annotator", name="Ann")}
    caller = api.as_(tokens[who]) if who else api
    url = path[1:] if path.startswith("!") else f"/api/matches/{table['mid']}{path}"
    before = dump(redis)
    rv = getattr(caller.client, method)(url, headers=caller.headers(), **kwargs)
    assert rv.status_code == status, rv.get_data(as_text=True)[:300]
    assert rv.is_json and rv.json["error"] == error and rv.json["message"]
    assert dump(redis) == before


@pytest.mark.parametrize("mid", ["{a}", "0000000000000000000a", "kifu:m:{x}:log", "*"])
def test_commands_to_forged_or_unknown_matches_write_nothing(api, admin, redis, mid):
    before = dump(redis)
    rv = admin.post(f"/api/matches/{mid}/commands", json=body(command=DRAW1, expected_seq=0))
    assert rv.status_code == 404 and rv.json["error"] == "not_found"
    assert dump(redis) == before


def test_a_refused_export_writes_nothing(api, admin, redis):
    made = admin.create("tally", ["Aoi", "Ren"])
    note = {"type": "note", "seat": "p1", "card": "secret-card"}
    assert api.as_(made["tokens"]["p1"]).command(made["id"], note, 0).status_code == 201
    before = dump(redis)
    for caller, status in ((api, 401), (api.as_(made["tokens"]["p2"]), 403)):
        rv = caller.get(f"/api/matches/{made['id']}/export")
        assert rv.status_code == status and "secret-card" not in rv.get_data(as_text=True)
    assert dump(redis) == before


# -- a physical table: outcomes are input, and every refusal of one writes nothing too -----

@pytest.fixture
def physical(api, admin):
    """A live toy match at a physical table at seq 1: p1 drew c4 (command id 'first')."""
    rv = admin.post("/api/matches", json={"game": "toy", "seats": [{"name": "A"}, {"name": "B"}],
                                          "table": "physical"})
    assert rv.status_code == 201, rv.json
    made = rv.json
    recorder = api.as_(made["tokens"]["recorder"])
    assert recorder.command(made["id"], {**DRAW1, "outcomes": ["c4"]}, 0, "first").status_code == 201
    return {"mid": made["id"], "tokens": made["tokens"]}


DRAW2 = {"type": "draw", "seat": "p2"}
PHYSICAL_CASES = [
    # (who, method, path, kwargs, status, error, needs index)
    ("recorder", "post", "/commands", {"json": body(command=DRAW2)}, 422, "rule_violation", 0),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": ["c4"]})}, 422, "rule_violation", 0),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": ["c9"]})}, 422, "rule_violation", 0),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": [None]})}, 422, "rule_violation",
     0),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": ["c1", "c2"]})}, 422,
     "rule_violation", None),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": [1.5]})}, 400, "bad_json", None),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": "c1"})}, 400, "schema", None),
    ("recorder", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": ["c1"]}, command_id="first")},
     409, "idempotency_conflict", None),
    ("p2", "post", "/commands", {"json": body(command={**DRAW2, "outcomes": ["c1"]})}, 403, "forbidden", None),
    ("p2", "get", "/legal?as=p2", {}, 403, "forbidden", None),
    ("admin", "post", "!/api/matches", {"json": {"game": "toy", "seats": [{"name": "A"}, {"name": "B"}],
                                                "table": "physical", "deal": ["c1"]}}, 422, "rule_violation", None),
    ("admin", "post", "!/api/matches", {"json": {"game": "toy", "seats": [{"name": "A"}, {"name": "B"}],
                                                "deal": []}}, 400, "schema", None),
]


@pytest.mark.parametrize("who, method, path, kwargs, status, error, index", PHYSICAL_CASES,
                         ids=[f"{c[4]}-{c[5]}-{i}" for i, c in enumerate(PHYSICAL_CASES)])
def test_error_paths_at_a_physical_table_write_nothing(api, redis, physical, who, method, path, kwargs, status,
                                                       error, index):
    from tests.service.api.conftest import ADMIN

    tokens = {**physical["tokens"], "admin": ADMIN}
    caller = api.as_(tokens[who])
    url = path[1:] if path.startswith("!") else f"/api/matches/{physical['mid']}{path}"
    before = dump(redis)
    rv = getattr(caller.client, method)(url, headers=caller.headers(), **kwargs)
    assert rv.status_code == status, rv.get_data(as_text=True)[:300]
    assert rv.is_json and rv.json["error"] == error and rv.json["message"]
    if index is None:
        assert "needs" not in rv.json
    else:  # the draw's event, with every card that may be on top: all but c4, which p1 holds
        assert rv.json["needs"]["index"] == index and rv.json["needs"]["rule"] == rv.json["rule"] == "ドロー"
        assert rv.json["needs"]["options"] == ["c1", "c2", "c3", "c5", "c6", "c7", "c8"]
    assert dump(redis) == before
