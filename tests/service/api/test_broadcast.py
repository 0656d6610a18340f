"""The delayed ``broadcast`` perspective through the API (``kifu.service.broadcast``).

The toy game's turn goes up after p2 plays, so step ``s`` of a match of draws is in turn
``1 + s // 2``. Minutes are controlled by the match service's clock (the time it stamps
on each entry and the "now" the broadcast head is measured at), never by sleeping.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from kifu.service import auth
from kifu.service.tournaments import EventService
from tests.service.api.conftest import ADMIN, dump

DRAWS = [{"type": "draw", "seat": seat} for seat in ("p1", "p2") * 3]


def put(api, path, body, token=ADMIN):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return api.client.put(path, json=body, headers=headers)


def played(api, admin, n: int) -> dict:
    made = admin.create()
    for seq, command in enumerate(DRAWS[:n]):
        assert api.as_(made["tokens"][command["seat"]]).command(made["id"], command, seq).status_code == 201
    return made


class Clock:
    def __init__(self):
        self.now = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)

    def __call__(self):
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


@pytest.fixture
def clock(app):
    clock = Clock()
    app.extensions["kifu"].matches.clock = clock
    return clock


def omniscient(judge, mid, at):
    return judge.get(f"/api/matches/{mid}/state?as=omniscient&at={at}").json["view"]


# --- the setting ----------------------------------------------------------------------------

def test_an_admin_sets_and_clears_a_match_delay(api, admin):
    mid = admin.create()["id"]
    rv = put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 2, "minutes": 5}})
    assert rv.status_code == 200, rv.json
    assert rv.json["delay"] == rv.json["effective"] == {"turns": 2, "minutes": 5}
    assert rv.json["source"] == "match"
    assert api.get(f"/api/matches/{mid}/broadcast").json["effective"] == {"turns": 2, "minutes": 5}
    rv = put(api, f"/api/matches/{mid}/broadcast", {"delay": None})
    assert rv.json == {"delay": None, "effective": None, "source": None, "head": None, "seq": 0}


@pytest.mark.parametrize("delay,status", [
    ({"turns": 0}, 422), ({"turns": 51}, 422), ({"minutes": 0}, 422), ({"minutes": 181}, 422), ({}, 422),
    ({"turns": -1}, 422), ({"turns": True}, 400), ({"turns": "2"}, 400), ({"hours": 1}, 400),
    ([2], 400), ("2 turns", 400),
])
def test_a_bad_delay_is_refused_and_writes_nothing(api, admin, redis, delay, status):
    mid = admin.create()["id"]
    before = dump(redis)
    rv = put(api, f"/api/matches/{mid}/broadcast", {"delay": delay})
    assert rv.status_code == status, rv.json
    assert "delay" in json.dumps(rv.json["errors"])
    assert dump(redis) == before


def test_only_the_organizer_sets_a_delay(api, admin, redis):
    made = admin.create()
    mid = made["id"]
    judge = auth.create_token(redis, role="judge", name="J")
    before = dump(redis)
    for token, status in ((None, 401), (made["tokens"]["p1"], 403), (made["tokens"]["recorder"], 403),
                          (judge, 403), ("kifu_nonsense", 401)):
        rv = put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 1}}, token)
        assert rv.status_code == status, (token, rv.json)
    assert dump(redis) == before
    assert put(api, "/api/matches/m0000000000000000000x/broadcast", {"delay": {"turns": 1}}).status_code == 404


def test_an_event_delay_is_inherited_unless_the_match_sets_its_own(app, api, admin, redis):
    events = EventService(redis, app.extensions["kifu"].matches)
    state = events.create({"name": "Cup", "game": "toy", "format": "bo1", "rounds": 1}, by="admin")
    eid = state["id"]
    before = dump(redis)
    assert put(api, f"/api/events/{eid}/broadcast", {"delay": {"turns": 99}}).status_code == 422
    assert put(api, f"/api/events/{eid}/broadcast", {"delay": {"turns": 1}}, None).status_code == 401
    assert dump(redis) == before
    rv = put(api, f"/api/events/{eid}/broadcast", {"delay": {"minutes": 10}})
    assert rv.status_code == 200 and rv.json == {"delay": {"minutes": 10}}
    assert api.get(f"/api/events/{eid}/broadcast").json == {"delay": {"minutes": 10}}
    mine = admin.create(tournament=eid)["id"]
    other = admin.create(tournament="not-an-event")["id"]
    got = api.get(f"/api/matches/{mine}/broadcast").json
    assert (got["delay"], got["effective"], got["source"]) == (None, {"minutes": 10}, "event")
    assert api.get(f"/api/matches/{other}/broadcast").json["effective"] is None
    put(api, f"/api/matches/{mine}/broadcast", {"delay": {"turns": 3}})
    got = api.get(f"/api/matches/{mine}/broadcast").json
    assert (got["effective"], got["source"]) == ({"turns": 3}, "match")
    put(api, f"/api/events/{eid}/broadcast", {"delay": {"turns": 2}})  # a change reaches the match at once
    put(api, f"/api/matches/{mine}/broadcast", {"delay": None})
    assert api.get(f"/api/matches/{mine}/broadcast").json["effective"] == {"turns": 2}


# --- who sees it ---------------------------------------------------------------------------

def test_without_a_delay_there_is_no_broadcast(api, admin):
    mid = played(api, admin, 3)["id"]
    rv = api.get(f"/api/matches/{mid}/state?as=broadcast")
    assert rv.status_code == 403
    assert "no broadcast delay" in rv.json["message"] and "offered: public" in rv.json["message"]
    assert api.get(f"/api/matches/{mid}/entries?as=broadcast").status_code == 403


def test_a_turns_delay_shows_the_omniscient_view_turns_behind(api, admin, judge, redis):
    made = played(api, admin, 5)  # steps 0..5 in turns 1 1 2 2 3 3: the head is in turn 3
    mid = made["id"]
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 1}})
    rv = api.get(f"/api/matches/{mid}/state?as=broadcast")  # anonymous
    assert rv.status_code == 200, rv.json
    assert rv.json["seq"] == 3  # the last step of turn 2
    assert rv.json["view"] == omniscient(judge, mid, 3)
    assert rv.json["view"]["hands"]["p1"] and rv.json["view"]["hands"]["p2"]  # both hands, as a hand camera
    assert api.get(f"/api/matches/{mid}/state?as=broadcast&at=1").json["view"] == omniscient(judge, mid, 1)
    for at in (4, 5):  # what the delay hides does not exist yet for the broadcast
        rv = api.get(f"/api/matches/{mid}/state?as=broadcast&at={at}")
        assert rv.status_code == 400 and rv.json["error"] == "not_in_match", rv.json
        assert "seq 3 as broadcast" in json.dumps(rv.json)
    entries = api.get(f"/api/matches/{mid}/entries?as=broadcast").json
    assert entries["seq"] == 3 and [e["seq"] for e in entries["entries"]] == [1, 2, 3]
    assert api.get(f"/api/matches/{mid}/entries?as=broadcast&from=4").json["entries"] == []
    assert api.get(f"/api/matches/{mid}/broadcast").json["head"] == 3
    # a judge's broadcast look is not an omniscient look at a live match
    audit_before = redis.xlen(auth.AUDIT_KEY)
    assert judge.get(f"/api/matches/{mid}/state?as=broadcast").status_code == 200
    assert redis.xlen(auth.AUDIT_KEY) == audit_before
    # the live match moves on: p2 ends turn 3, so all of turn 3 is a turn behind the head
    assert api.as_(made["tokens"]["p2"]).command(mid, DRAWS[5], 5).status_code == 201
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 5
    card = omniscient(judge, mid, 6)["hands"]["p1"][0]
    assert api.as_(made["tokens"]["p1"]).command(mid, {"type": "bank", "seat": "p1", "card": card}, 6).status_code == 201
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 5  # turn 4 goes on


def test_nothing_is_broadcast_before_the_set_up_is_far_enough_behind(api, admin):
    mid = played(api, admin, 1)["id"]
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 2}})
    rv = api.get(f"/api/matches/{mid}/state?as=broadcast")
    assert rv.status_code == 404 and "2 turns behind" in rv.json["message"]
    assert api.get(f"/api/matches/{mid}/broadcast").json["head"] is None


def test_a_minutes_delay_follows_the_entries_times(api, admin, judge, clock):
    made = admin.create()
    mid = made["id"]
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"minutes": 5}})
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").status_code == 404  # created just now
    for seq, command in enumerate(DRAWS[:4]):  # entries at 12:01, 12:02, 12:03, 12:04
        clock.advance(1)
        assert api.as_(made["tokens"][command["seat"]]).command(mid, command, seq).status_code == 201
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").status_code == 404  # 12:04: the set-up is 4 min old
    clock.advance(1)
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 0  # 12:05: set-up exactly 5 min
    clock.advance(1.5)  # 12:06:30: entry 1 (12:01) is 5 minutes old, entry 2 (12:02) is not
    rv = api.get(f"/api/matches/{mid}/state?as=broadcast").json
    assert rv["seq"] == 1 and rv["view"] == omniscient(judge, mid, 1)
    clock.advance(60)  # time alone moves the broadcast head up to the live one, never past it
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 4


def test_with_both_the_further_behind_wins(api, admin, clock):
    made = admin.create()
    mid = made["id"]
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 1, "minutes": 2}})
    for seq, command in enumerate(DRAWS[:5]):
        clock.advance(1)
        api.as_(made["tokens"][command["seat"]]).command(mid, command, seq)
    # the head (12:05) is in turn 3: one turn behind is step 3 (12:03); two minutes behind is step 3 too
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 3
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 1, "minutes": 4}})
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 1  # 12:01: minutes further behind
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 2, "minutes": 1}})
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == 1  # last step of turn 1: turns


def test_a_finished_match_is_broadcast_to_its_end_once_the_minutes_pass(app, api, admin, clock):
    matches = app.extensions["kifu"].matches
    made = admin.create()
    mid = made["id"]
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 1, "minutes": 10}})
    seq = 0
    while True:  # play the toy game out, a minute per entry
        legal = []
        for seat in ("p1", "p2"):
            legal += api.as_(made["tokens"][seat]).get(f"/api/matches/{mid}/legal?as={seat}").json["commands"]
        if not legal:
            break
        clock.advance(1)
        command = min(legal, key=lambda c: (c["type"] != "bank", json.dumps(c)))
        assert api.as_(made["tokens"][command["seat"]]).command(mid, command, seq).status_code == 201
        seq += 1
    assert matches.info(mid).status == "finished"
    clock.advance(9)
    got = api.get(f"/api/matches/{mid}/state?as=broadcast").json
    assert got["seq"] < seq  # not before the minutes have passed after the last entry
    clock.advance(1)
    assert api.get(f"/api/matches/{mid}/state?as=broadcast").json["seq"] == seq
    assert api.get(f"/api/matches/{mid}/entries?as=broadcast").json["seq"] == seq


def test_the_export_of_a_broadcast_stops_at_its_head(app, api, admin):
    made = admin.create("tally")
    mid = made["id"]
    card = app.extensions["kifu"].matches.state(mid)[1]["hands"]["p1"][0]
    commands = [{"type": "add", "seat": s, "n": 1} for s in ("p1", "p2", "p1", "p2")]
    for seq, command in enumerate([*commands, {"type": "note", "seat": "p1", "card": card}]):
        assert api.as_(made["tokens"][command["seat"]]).command(mid, command, seq).status_code == 201
    assert api.get(f"/api/matches/{mid}/export").status_code == 401  # entry 5 names p1's hidden card
    put(api, f"/api/matches/{mid}/broadcast", {"delay": {"turns": 1}})  # step 5 is in turn 3: up to step 3
    rv = api.get(f"/api/matches/{mid}/export")
    assert rv.status_code == 200, rv.get_data(as_text=True)
    lines = [json.loads(line) for line in rv.get_data(as_text=True).splitlines()]
    assert [e["seq"] for e in lines[1:]] == [1, 2, 3] and "seed" not in lines[0]


def test_the_document_knows_the_broadcast(api):
    doc = api.get("/api/openapi.json").json
    assert {"/api/matches/{match_id}/broadcast", "/api/events/{eid}/broadcast"} <= set(doc["paths"])
    params = doc["paths"]["/api/matches/{match_id}/state"]["get"]["parameters"]
    pattern = next(p for p in params if p["name"] == "as")["schema"]["pattern"]
    assert "broadcast" in pattern
