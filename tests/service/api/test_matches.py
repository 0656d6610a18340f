"""Matches through the API: create, list, read, state, legal, append, entries."""
from __future__ import annotations

import pytest

from kifu.service import auth
from tests.service.api.conftest import play_bot
from tests.replays.toygame import TOY

DRAW1 = {"type": "draw", "seat": "p1"}
DRAW2 = {"type": "draw", "seat": "p2"}


# -- creating ------------------------------------------------------------------------

def test_admin_creates_a_match_with_one_token_per_seat_and_a_recorder(admin, redis):
    made = admin.create("toy", ["Aoi", "Ren"], tournament="Spring Cup", round="1", table_number="3")
    assert made["seq"] == 0 and made["status"] == "live" and made["game"] == "toy"
    assert [s["name"] for s in made["header"]["seats"]] == ["Aoi", "Ren"]
    assert made["header"]["tournament"] == "Spring Cup" and made["header"]["table_number"] == "3"
    assert made["header"]["table"] == "digital" and made["header"]["cardset"] == TOY.cardset.ref()
    assert "seed" not in made["header"] and made["header"]["seed_commitment"]
    assert set(made["tokens"]) == {"p1", "p2", "recorder"}
    p1 = auth.authenticate(redis, made["tokens"]["p1"])
    assert (p1.role, p1.match, p1.seat, p1.name) == ("player", made["id"], "p1", "Aoi")
    recorder = auth.authenticate(redis, made["tokens"]["recorder"])
    assert (recorder.role, recorder.match, recorder.seat) == ("recorder", made["id"], None)


def test_creating_needs_an_admin_or_a_recorder_token(api, judge, admin, redis):
    body = {"game": "toy", "seats": [{"name": "A"}, {"name": "B"}]}
    assert api.post("/api/matches", json=body).status_code == 401
    assert api.as_("not-a-token").post("/api/matches", json=body).json["error"] == "unauthorized"
    rv = judge.post("/api/matches", json=body)
    assert rv.status_code == 403 and rv.json["error"] == "forbidden"
    made = admin.create("toy", ["A", "B"])
    player = api.as_(made["tokens"]["p1"]).post("/api/matches", json=body)
    assert player.status_code == 403
    # a recorder sets up the next table it records, as the web form lets it
    rv = api.as_(made["tokens"]["recorder"]).post("/api/matches", json=body)
    assert rv.status_code == 201 and rv.json["id"] != made["id"] and "recorder" in rv.json["tokens"]


@pytest.mark.parametrize("body, field", [
    ({"game": "nope", "seats": [{"name": "A"}, {"name": "B"}]}, "game"),
    ({"game": "toy", "seats": [{"name": "A"}]}, "seats"),
    ({"game": "toy", "seats": [{"name": "A"}, {"name": ""}]}, "seats"),
    ({"game": "toy"}, "seats"),
    ({"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "colour": "red"}, "colour"),
    ({"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "options": {"deck_order": "x"}}, "options"),
    ({"game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": True}}, "options"),
    ({"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "table": "3"}, "table"),
    # a well-formed card set id or digest no stored set has is 422 unknown_cardset (test_tables.py)
    ({"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "deal": ["c1"]}, "deal"),
    ({"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "table": "physical", "deal": "c1"}, "deal"),
])
def test_a_bad_match_request_is_a_schema_error_naming_the_field(admin, body, field):
    rv = admin.post("/api/matches", json=body)
    assert rv.status_code == 400, rv.json
    assert rv.json["error"] == "schema" and field in rv.json["errors"]


# -- reading -------------------------------------------------------------------------

def test_get_match_gives_header_seq_status_chain_and_outcome(api, admin):
    made = admin.create()
    rv = api.get(f"/api/matches/{made['id']}")
    assert rv.status_code == 200
    assert {k: rv.json[k] for k in ("id", "seq", "status", "chain", "outcome")} == \
        {"id": made["id"], "seq": 0, "status": "live", "chain": made["chain"], "outcome": None}
    assert "seed" not in rv.json["header"]


@pytest.mark.parametrize("mid", ["0000000000000000000a", "{x}", "a" * 21, "ABCDEFGHJKMNPQRSTVWX", "iiiiiiiiiiiiiiiiiiii"])
def test_unknown_or_forged_match_ids_are_404(api, mid):
    for path in ("", "/state", "/legal?as=p1", "/entries", "/export"):
        rv = api.get(f"/api/matches/{mid}{path}")
        assert rv.status_code == 404 and rv.json["error"] == "not_found", (path, rv.json)


def test_list_filters_pages_and_hides_unlisted_matches_from_the_public(api, admin, judge):
    ids = [admin.create("toy", ["Aoi", f"P{i}"], tournament="Cup" if i % 2 else None)["id"] for i in range(5)]
    hidden = admin.create("tally", ["Mio", "Ren"], listed=False)["id"]
    everything = [m["id"] for m in judge.get("/api/matches").json["matches"]]
    assert everything == [hidden, *reversed(ids)]  # newest first
    public = [m["id"] for m in api.get("/api/matches").json["matches"]]
    assert public == list(reversed(ids))
    assert [m["id"] for m in api.get("/api/matches?tournament=Cup").json["matches"]] == [ids[3], ids[1]]
    assert [m["id"] for m in api.get("/api/matches?player=p4").json["matches"]] == [ids[4]]
    assert [m["id"] for m in judge.get("/api/matches?game=tally").json["matches"]] == [hidden]
    assert api.get("/api/matches?status=finished").json["matches"] == []
    seen, cursor = [], None
    while True:
        rv = api.get("/api/matches?limit=2" + (f"&cursor={cursor}" if cursor else ""))
        assert rv.status_code == 200 and len(rv.json["matches"]) <= 2
        seen += [m["id"] for m in rv.json["matches"]]
        cursor = rv.json["next"]
        if cursor is None:
            break
    assert seen == list(reversed(ids))


@pytest.mark.parametrize("query, field", [
    ("status=over", "status"), ("limit=0", "limit"), ("limit=x", "limit"), ("cursor=zzz", "cursor"),
    ("colour=red", "colour"), ("game=toy&game=tally", "game"),
])
def test_list_rejects_bad_queries(api, query, field):
    rv = api.get(f"/api/matches?{query}")
    assert rv.status_code == 400 and field in rv.json["errors"], rv.json


def test_list_page_size_is_capped(redis_url):
    from tests.service.api.conftest import ADMIN, Api, make_app

    app = make_app(redis_url, KIFU_MAX_PAGE=3)
    admin = Api(app.test_client(), ADMIN)
    for i in range(4):
        admin.create("toy", ["A", f"B{i}"])
    rv = admin.get("/api/matches?limit=1000")
    assert len(rv.json["matches"]) == 3 and rv.json["next"]


# -- state and perspectives ------------------------------------------------------------

def _drawn(admin, api):
    made = admin.create()
    p1, p2 = api.as_(made["tokens"]["p1"]), api.as_(made["tokens"]["p2"])
    assert p1.command(made["id"], DRAW1, 0).status_code == 201
    assert p2.command(made["id"], DRAW2, 1).status_code == 201
    return made, p1, p2


def test_state_is_the_view_of_the_asked_perspective(api, admin, judge, redis):
    made, p1, p2 = _drawn(admin, api)
    mid = made["id"]
    public = api.get(f"/api/matches/{mid}/state").json
    assert public["perspective"] == "public" and public["seq"] == 2
    assert public["view"]["hands"] == {"p1": {"count": 1}, "p2": {"count": 1}}
    mine = p1.get(f"/api/matches/{mid}/state?as=p1").json["view"]
    assert isinstance(mine["hands"]["p1"], list) and mine["hands"]["p2"] == {"count": 1}
    at1 = p2.get(f"/api/matches/{mid}/state?as=p2&at=1").json
    assert at1["seq"] == 1 and at1["view"]["hands"]["p2"] == []
    assert p1.get(f"/api/matches/{mid}/state?at=0").json["view"]["deck_count"] == 8
    assert "deck" in judge.get(f"/api/matches/{mid}/state?as=omniscient").json["view"]


@pytest.mark.parametrize("who, asked, status", [
    (None, "p1", 401), (None, "omniscient", 401), ("p2", "p1", 403), ("p2", "omniscient", 403),
    ("recorder", "omniscient", 403), ("annotator", "p1", 403), ("other", "p1", 403),
])
def test_perspectives_are_checked_against_the_role(api, admin, redis, who, asked, status):
    made = admin.create()
    other = admin.create()
    tokens = {**made["tokens"], "other": other["tokens"]["p1"],
              "annotator": auth.create_token(redis, role="annotator", name="Ann")}
    caller = api.as_(tokens[who]) if who else api
    for path in (f"/state?as={asked}", f"/entries?as={asked}"):
        rv = caller.get(f"/api/matches/{made['id']}{path}")
        assert rv.status_code == status and rv.json["error"] in ("unauthorized", "forbidden"), (path, rv.json)


def test_recorder_sees_every_seat_of_its_match(api, admin):
    made = admin.create()
    recorder = api.as_(made["tokens"]["recorder"])
    for seat in ("p1", "p2"):
        assert recorder.get(f"/api/matches/{made['id']}/state?as={seat}").status_code == 200
        assert recorder.get(f"/api/matches/{made['id']}/legal?as={seat}").status_code == 200


@pytest.mark.parametrize("query, field", [("as=p3", "as"), ("as=god", "as"), ("at=-1", "at"), ("at=99", "at"),
                                          ("at=x", "at")])
def test_state_rejects_bad_queries(judge, admin, query, field):
    made = admin.create()
    rv = judge.get(f"/api/matches/{made['id']}/state?{query}")
    assert rv.status_code == 400 and field in rv.json["errors"], rv.json


def test_judge_views_of_hidden_information_in_live_matches_are_audited(api, admin, judge, redis):
    made, p1, _ = _drawn(admin, api)
    mid = made["id"]
    judge.get(f"/api/matches/{mid}/state?as=public")
    p1.get(f"/api/matches/{mid}/state?as=p1")
    assert redis.xlen(auth.AUDIT_KEY) == 0, "public views and a player's own seat are not audited"
    judge.get(f"/api/matches/{mid}/state?as=omniscient&at=1")
    judge.get(f"/api/matches/{mid}/entries?as=omniscient")
    judge.get(f"/api/matches/{mid}/state?as=p2")
    judge.get(f"/api/matches/{mid}/legal?as=p1")
    judge.get(f"/api/matches/{mid}/export")
    log = [fields for _, fields in redis.xrange(auth.AUDIT_KEY)]
    assert [(e["what"], e["match"], e["name"], e["perspective"]) for e in log] == [
        ("state", mid, "Judge Sato", "omniscient"), ("entries", mid, "Judge Sato", "omniscient"),
        ("state", mid, "Judge Sato", "p2"), ("legal", mid, "Judge Sato", "p1"),
        ("export with seed", mid, "Judge Sato", "omniscient")]
    assert log[0]["seq"] == "1" and log[0]["role"] == "judge"


# -- legal commands --------------------------------------------------------------------

def test_legal_commands_are_exactly_postable(api, admin):
    made = admin.create()
    p1 = api.as_(made["tokens"]["p1"])
    rv = p1.get(f"/api/matches/{made['id']}/legal?as=p1")
    assert rv.status_code == 200 and rv.json == {"seat": "p1", "seq": 0, "commands": [DRAW1]}
    assert api.as_(made["tokens"]["p2"]).get(f"/api/matches/{made['id']}/legal?as=p2").json["commands"] == []
    for command in rv.json["commands"]:
        assert p1.command(made["id"], command, 0).status_code == 201


def test_legal_needs_a_seat_the_caller_may_see(api, admin):
    made = admin.create()
    assert api.get(f"/api/matches/{made['id']}/legal").status_code == 400
    assert api.get(f"/api/matches/{made['id']}/legal?as=public").status_code == 400
    assert api.get(f"/api/matches/{made['id']}/legal?as=p3").status_code == 400
    assert api.get(f"/api/matches/{made['id']}/legal?as=p1").status_code == 401
    assert api.as_(made["tokens"]["p2"]).get(f"/api/matches/{made['id']}/legal?as=p1").status_code == 403


def test_a_whole_game_through_the_api_finishes_and_opens_up(api, admin):
    made = admin.create()
    final = play_bot(api, made, TOY)
    info = api.get(f"/api/matches/{made['id']}").json
    assert info["status"] == "finished" and info["seq"] == final and info["outcome"]["reason"]
    # a finished public match: everyone sees everything, and legal is empty
    assert api.get(f"/api/matches/{made['id']}/state?as=omniscient").status_code == 200
    assert api.get(f"/api/matches/{made['id']}/legal?as=p1").json["commands"] == []
    rv = api.as_(made["tokens"]["p1"]).command(made["id"], DRAW1, final)
    assert rv.status_code == 409 and rv.json["error"] == "match_over" and rv.json["current_seq"] == final


# -- appending -------------------------------------------------------------------------

def test_append_answers_seq_state_hash_and_chain(api, admin):
    made = admin.create()
    rv = api.as_(made["tokens"]["p1"]).command(made["id"], DRAW1, 0, "cmd-1")
    assert rv.status_code == 201
    assert set(rv.json) == {"seq", "state_hash", "chain"} and rv.json["seq"] == 1
    info = api.get(f"/api/matches/{made['id']}").json
    assert (info["seq"], info["chain"], info["state_hash"]) == (1, rv.json["chain"], rv.json["state_hash"])


def test_the_same_command_id_again_gives_the_original_answer(api, admin):
    made = admin.create()
    p1, p2 = api.as_(made["tokens"]["p1"]), api.as_(made["tokens"]["p2"])
    first = p1.command(made["id"], DRAW1, 0, "once")
    again = p1.command(made["id"], DRAW1, 0, "once")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json == first.json
    assert p2.command(made["id"], DRAW2, 1).status_code == 201
    later = p1.command(made["id"], DRAW1, 0, "once")  # a retry after later appends
    assert later.status_code == 200 and later.json == first.json
    assert api.get(f"/api/matches/{made['id']}").json["seq"] == 2


def test_the_same_command_id_for_another_command_is_a_conflict(api, admin):
    made = admin.create()
    p1 = api.as_(made["tokens"]["p1"])
    assert p1.command(made["id"], DRAW1, 0, "once").status_code == 201
    rv = p1.command(made["id"], {"type": "pass", "seat": "p1"}, 1, "once")
    assert rv.status_code == 409 and rv.json["error"] == "idempotency_conflict"
    assert rv.json["seq"] == 1 and rv.json["current_seq"] == 1


def test_a_stale_expected_seq_is_409_with_the_current_seq(api, admin):
    made, p1, _ = _drawn(admin, api)
    rv = p1.command(made["id"], {"type": "draw", "seat": "p1"}, 1)
    assert rv.status_code == 409 and rv.json == {**rv.json, "error": "stale_seq", "current_seq": 2}


def test_a_rule_violation_is_422_naming_the_rule(api, admin):
    made = admin.create()
    rv = api.as_(made["tokens"]["p1"]).command(made["id"], {"type": "bank", "seat": "p1", "card": "c3"}, 0)
    assert rv.status_code == 422
    assert rv.json["error"] == "rule_violation" and rv.json["rule"] == "バンク" and "p1" in rv.json["message"]
    assert "needs" not in rv.json  # a digital table: no outcome is ever asked for


@pytest.mark.parametrize("body, field", [
    ({"command_id": "a", "command": DRAW1}, "expected_seq"),
    ({"expected_seq": "0", "command_id": "a", "command": DRAW1}, "expected_seq"),
    ({"expected_seq": True, "command_id": "a", "command": DRAW1}, "expected_seq"),
    ({"expected_seq": -1, "command_id": "a", "command": DRAW1}, "expected_seq"),
    ({"expected_seq": 0, "command": DRAW1}, "command_id"),
    ({"expected_seq": 0, "command_id": "", "command": DRAW1}, "command_id"),
    ({"expected_seq": 0, "command_id": "x" * 129, "command": DRAW1}, "command_id"),
    ({"expected_seq": 0, "command_id": "a b", "command": DRAW1}, "command_id"),
    ({"expected_seq": 0, "command_id": "a"}, "command"),
    ({"expected_seq": 0, "command_id": "a", "command": []}, "command"),
    ({"expected_seq": 0, "command_id": "a", "command": DRAW1, "extra": 1}, "extra"),
    ({"expected_seq": 0, "command_id": "a", "command": {"type": "draw"}}, "command"),
    ({"expected_seq": 0, "command_id": "a", "command": {"type": "draw", "seat": "p9"}}, "command"),
    ({"expected_seq": 0, "command_id": "a", "command": {"type": "fly", "seat": "p1"}}, "type"),
    ({"expected_seq": 0, "command_id": "a", "command": {"type": "bank", "seat": "p1", "card": 3}}, "card"),
    ({"expected_seq": 0, "command_id": "a", "command": {**DRAW1, "outcomes": "c1"}}, "outcomes"),
    ({"expected_seq": 0, "command_id": "a", "command": {"type": "draw", "seat": "p1", "x": 1}}, "x"),
])
def test_a_malformed_command_is_a_schema_error(api, admin, body, field):
    made = admin.create()
    rv = admin.post(f"/api/matches/{made['id']}/commands", json=body)
    assert rv.status_code == 400 and rv.json["error"] == "schema", rv.json
    assert field in str(rv.json["errors"]), rv.json


def test_who_may_append_for_which_seat(api, admin, judge, redis):
    made = admin.create()
    other = admin.create()
    mid = made["id"]
    annotator = api.as_(auth.create_token(redis, role="annotator", name="Ann"))
    assert api.command(mid, DRAW1, 0).status_code == 401
    for caller in (api.as_(made["tokens"]["p2"]), api.as_(other["tokens"]["p1"]),
                   api.as_(other["tokens"]["recorder"]), annotator):
        rv = caller.command(mid, DRAW1, 0)
        assert rv.status_code == 403 and rv.json["error"] == "forbidden"
    assert api.as_(made["tokens"]["recorder"]).command(mid, DRAW1, 0).status_code == 201
    assert judge.command(mid, DRAW2, 1).status_code == 201
    entries = judge.get(f"/api/matches/{mid}/entries?as=omniscient").json["entries"]
    assert [(e["actor"], e["by"]) for e in entries] == [("p1", f"recorder of {mid}"), ("judge", "Judge Sato")]


# -- entries ---------------------------------------------------------------------------

def test_entries_are_paged_and_ranged(redis_url):
    from tests.service.api.conftest import ADMIN, Api, make_app

    app = make_app(redis_url, KIFU_MAX_ENTRIES=2)
    api = Api(app.test_client())
    made = api.as_(ADMIN).create()
    final = play_bot(api, made, TOY, steps=5)
    rv = api.get(f"/api/matches/{made['id']}/entries")
    assert [e["seq"] for e in rv.json["entries"]] == [1, 2] and rv.json["next"] == 3 and rv.json["seq"] == final
    rv = api.get(f"/api/matches/{made['id']}/entries?from=4&to=9")
    assert [e["seq"] for e in rv.json["entries"]] == [4, 5] and rv.json["next"] is None
    assert api.get(f"/api/matches/{made['id']}/entries?from=3&to=2").status_code == 400
    assert api.get(f"/api/matches/{made['id']}/entries?from=0").status_code == 400
    assert api.get(f"/api/matches/{made['id']}/entries?from=9").json["entries"] == []
    entry = api.get(f"/api/matches/{made['id']}/entries?from=1&to=1").json["entries"][0]
    assert set(entry) == {"seq", "at", "actor", "by", "command", "describe", "turn", "state_hash", "chain"}


def test_a_reused_command_id_for_a_legal_command_is_a_conflict_too(api, admin):
    made = admin.create()
    assert api.as_(made["tokens"]["p1"]).command(made["id"], DRAW1, 0, "once").status_code == 201
    rv = api.as_(made["tokens"]["p2"]).command(made["id"], DRAW2, 1, "once")  # legal now, but the id is taken
    assert rv.status_code == 409 and rv.json["error"] == "idempotency_conflict"
    assert rv.json["seq"] == 1 and rv.json["current_seq"] == 1
    assert api.get(f"/api/matches/{made['id']}").json["seq"] == 1


def test_the_audit_log_is_read_by_admins_page_by_page(api, admin, judge):
    made = admin.create()
    for at in range(3):
        assert judge.get(f"/api/matches/{made['id']}/state?as=omniscient&at=0").status_code == 200
    assert judge.get("/api/audit").status_code == 403
    assert api.get("/api/audit").status_code == 401
    first = admin.get("/api/audit?limit=2").json
    assert [e["name"] for e in first["entries"]] == ["Judge Sato"] * 2 and first["next"]
    rest = admin.get(f"/api/audit?limit=2&before={first['next']}").json
    assert len(rest["entries"]) == 1 and rest["next"] is None
    ids = [e["id"] for e in first["entries"] + rest["entries"]]
    assert ids == sorted(ids, key=lambda i: tuple(map(int, i.split("-"))), reverse=True) and len(set(ids)) == 3
    assert admin.get("/api/audit?before=x").status_code == 400
