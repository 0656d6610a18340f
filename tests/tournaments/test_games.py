"""Games of tables: a pairing creates no match before it is appended (two organizers
pairing at once leave one round and no stray match), reads create each due game once
(threads reading at once), and a physical event's recorder creates each game through
the event with the deal, its players reporting with the table's tokens."""
from __future__ import annotations

import secrets
import threading

import pytest

from kifu.service import auth
from kifu.service.errors import ServiceError
from kifu.service.tournaments import EventService
from kifu.service.tournaments.store import EventStore
from tests.service.api.conftest import dump
from tests.tournaments.conftest import new_event

NAMES = ("Aoi", "Ren", "Mai", "Sora", "Hina", "Yui", "Rin", "Mio")


def service(app) -> EventService:
    kifu = app.extensions["kifu"]
    return EventService(kifu.redis, kifu.matches)


def at_once(n: int, work) -> list:
    """Run ``work()`` in ``n`` threads released together; each one's answer or error."""
    gate = threading.Barrier(n)
    out: list = [None] * n

    def run(i: int) -> None:
        gate.wait()
        try:
            out[i] = work()
        except ServiceError as exc:
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return out


def event_matches(app, eid: str) -> set[str]:
    """Every match whose header names the event (the store's tournament index)."""
    found, _ = app.extensions["kifu"].matches.list(tournament=eid, limit=200)
    return {info.id for info in found}


def attached(svc: EventService, eid: str) -> list[str]:
    return [mid for r in svc.state(eid)["rounds_played"] for t in r["tables"] for mid in t["matches"]]


def resign(app, mid: str, seat: str) -> None:
    matches = app.extensions["kifu"].matches
    matches.submit(mid, {"type": "resign", "seat": seat}, expected_seq=matches.info(mid).seq,
                   command_id=secrets.token_hex(8), actor=seat, by="test")


@pytest.mark.parametrize("attempt", range(3))
def test_two_pairings_at_once_leave_one_round_and_no_stray_match(app, admin, attempt):
    eid = new_event(admin, rounds=2)
    svc = service(app)
    for name in NAMES:
        svc.register(eid, name, by="admin")
    answers = at_once(2, lambda: EventService(svc.client, svc.matches).pair(eid, by="admin"))
    paired = [a for a in answers if isinstance(a, dict)]
    refused = [a for a in answers if not isinstance(a, dict)]
    assert len(paired) == 1 and len(refused) == 1, answers
    assert refused[0].error in ("conflict", "not_ready")
    state = svc.state(eid)
    assert len(state["rounds_played"]) == 1
    mids = attached(svc, eid)
    assert len(mids) == 4 and set(mids) == event_matches(app, eid)  # no stray match
    assert sorted(paired[0]["tokens"]) == ["1", "2", "3", "4"]
    assert [t["matches"] for t in paired[0]["tables"]] == [[m] for m in mids]


def test_reads_at_once_create_each_next_game_once(app, admin):
    eid = new_event(admin, format="bo3", rounds=1)
    svc = service(app)
    for name in NAMES:
        svc.register(eid, name, by="admin")
    paired = svc.pair(eid, by="admin")
    for t in paired["tables"]:
        resign(app, t["matches"][0], "p2")  # every table's first player wins game 1
    summaries = at_once(4, lambda: EventService(svc.client, svc.matches).summary(eid))
    assert all(isinstance(s, dict) for s in summaries), summaries
    state = svc.state(eid)
    tables = state["rounds_played"][0]["tables"]
    assert [len(t["matches"]) for t in tables] == [2, 2, 2, 2]
    assert set(attached(svc, eid)) == event_matches(app, eid) and len(event_matches(app, eid)) == 8
    created = [(g["table"], g["game"]) for e in EventStore(svc.client).entries(eid) if e["type"] == "games"
               for g in e["games"]]
    assert sorted(created) == [(t, g) for t in (1, 2, 3, 4) for g in (1, 2)]  # each game once
    for t in tables:  # the second game seats the other player first
        assert t["seats"][1] == {"p1": t["players"][1], "p2": t["players"][0]}
    # a finished read creates nothing more, and a table decided 2-0 gets no third game
    for t in tables:
        resign(app, t["matches"][1], "p1")
    svc.summary(eid)
    assert [len(t["matches"]) for t in svc.state(eid)["rounds_played"][0]["tables"]] == [2, 2, 2, 2]
    assert all(t["result"]["wins"] == [2, 0] for t in svc.summary(eid)["rounds"][0]["tables"])


def test_a_physical_table_records_its_games_through_the_event(api, admin, redis, app):
    eid = new_event(admin, table="physical", format="bo3", rounds=1)
    decks = {"Aoi": ["k1", "k2", "k3", "k4"], "Ren": ["k5", "k6", "k8", "k9"]}
    for name, deck in decks.items():
        assert admin.post(f"/api/events/{eid}/players", json={"name": name, "deck": deck}).status_code == 201
    paired = admin.post(f"/api/events/{eid}/rounds").json
    (table,) = paired["tables"]
    a, b = table["players"]
    tokens = paired["tokens"]["1"]
    assert table["matches"] == [] and event_matches(app, eid) == set()  # nothing dealt yet
    recorder = api.as_(tokens["recorder"])
    url = f"/api/events/{eid}/rounds/1/tables/1/games"
    # refusals write nothing: a player, a recorder of another table, an impossible deal
    before = dump(redis)
    other = auth.create_token(redis, role="recorder", name="elsewhere", match=f"{eid}:r1:t2")
    assert api.as_(tokens["p1"]).post(url, json={"deal": []}).status_code == 403
    assert api.as_(other).post(url, json={"deal": []}).status_code == 403
    rv = recorder.post(url, json={"deal": ["k9", "k2", "k3", "k5", "k6", "k8"]})
    assert rv.status_code == 422 and rv.json["error"] and rv.json["message"]
    assert recorder.post(url, json={"deal": "k1"}).status_code == 400
    after = dump(redis)
    after.pop("kifu:tok:" + auth.hash_token(other)), before.pop("kifu:tok:" + auth.hash_token(other), None)
    assert after == before
    # the recorder deals game 1: created physical, named for the table, attached at once
    made = recorder.post(url, json={"deal": [*decks[a][:3], *decks[b][:3]]})
    assert made.status_code == 201, made.json
    mid = made.json["match"]
    header = api.get(f"/api/matches/{mid}").json["header"]
    assert (header["table"], header["tournament"], header["round"], header["table_number"]) == (
        "physical", eid, "1", "1")
    assert [s["name"] for s in header["seats"]] == [a, b]
    assert made.json["table"]["matches"] == [mid] and made.json["game"] == 1
    assert recorder.post(url, json={"deal": [*decks[b][:3], *decks[a][:3]]}).status_code == 409  # game 1 plays
    # the match's recorder token records it; a table token records nothing
    assert api.as_(tokens["recorder"]).command(mid, {"type": "resign", "seat": "p2"}, 0).status_code == 403
    assert api.as_(made.json["tokens"]["recorder"]).command(mid, {"type": "resign", "seat": "p2"}, 0).status_code == 201
    # game 2 seats the other player first; kifu creates no game at a physical table itself
    assert len(api.get(f"/api/events/{eid}/rounds/1").json["tables"][0]["matches"]) == 1
    game2 = recorder.post(url, json={"deal": [*decks[b][:3], *decks[a][:3]]}).json
    assert [s["name"] for s in api.get(f"/api/matches/{game2['match']}").json["header"]["seats"]] == [b, a]
    # nobody records game 2 to its end: the players report 2-0 with their table tokens
    report = f"/api/events/{eid}/rounds/1/tables/1/report"
    assert api.as_(tokens["p1"]).post(report, json={"wins": [2, 0]}).status_code == 201
    assert api.get(f"/api/events/{eid}/rounds/1").json["tables"][0]["result"] is None  # one report only
    assert api.as_(tokens["p2"]).post(report, json={"wins": [2, 0]}).status_code == 201
    result = api.get(f"/api/events/{eid}/rounds/1").json["tables"][0]["result"]
    assert result == {"wins": [2, 0], "draws": 0, "source": "players", "winner": a}
    assert recorder.post(url, json={"deal": [*decks[a][:3], *decks[b][:3]]}).status_code == 409  # decided
    assert event_matches(app, eid) == {mid, game2["match"]}


def test_a_digital_event_deals_its_own_games(api, admin):
    eid = new_event(admin, rounds=1)
    for name in ("Aoi", "Ren"):
        admin.post(f"/api/events/{eid}/players", json={"name": name})
    admin.post(f"/api/events/{eid}/rounds")
    rv = admin.post(f"/api/events/{eid}/rounds/1/tables/1/games", json={"deal": []})
    assert rv.status_code == 422 and "seed" in str(rv.json["errors"])
