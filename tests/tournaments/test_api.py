"""The events API: refusals that write nothing, best-of-3 tables, deck lists checked by the
game, deck checks from a physical record (a judge call), and the event a match's judging reads."""
from __future__ import annotations

from kifu.service import auth
from kifu.service.tournaments import event_for_match
from kifu.service.tournaments.store import EventStore
from tests.service.api.conftest import dump
from tests.tournaments.conftest import new_event


def test_refusals_are_json_and_write_nothing(api, admin, redis):
    eid = new_event(admin)
    player = api.as_(auth.create_token(redis, role="annotator", name="Mai"))
    before = dump(redis)
    cases = [
        (api.post("/api/events", json={"name": "x", "game": "tally", "rounds": 3}), 401, "unauthorized"),
        (player.post("/api/events", json={"name": "x", "game": "tally", "rounds": 3}), 403, "forbidden"),
        (admin.post("/api/events", json={"name": "x", "game": "tally", "rounds": 0}), 400, "schema"),
        (admin.post("/api/events", json={"name": "x", "game": "chess", "rounds": 3}), 400, "schema"),
        (admin.post("/api/events", json={"name": "x", "game": "tally", "rounds": 3, "top_cut": 3}), 400, "schema"),
        (admin.post("/api/events/ev{}/players", json={"name": "Aoi"}), 404, "not_found"),
        (admin.post(f"/api/events/{eid}/players", json={"name": "Aoi", "deck": ["k1", "zz", "qq"]}), 422, "deck_problem"),
        (admin.post(f"/api/events/{eid}/players", json={"name": "A/B"}), 400, "schema"),
        (admin.post(f"/api/events/{eid}/players/Nobody/drop"), 404, "not_found"),
        (admin.post(f"/api/events/{eid}/rounds"), 409, "not_ready"),
        (admin.post(f"/api/events/{eid}/infractions", json={"infractions": [{"name": "x", "penalty": "jail"}]}),
         400, "schema"),
        (admin.post(f"/api/events/{eid}/rounds/1/tables/1/result", json={"wins": [1, 0]}), 404, "not_found"),
    ]
    for rv, status, code in cases:
        assert rv.status_code == status, rv.json
        assert rv.json["error"] == code and rv.json["message"]
    refused = cases[6][0].json
    assert "zz" in str(refused["errors"]["deck"])  # every problem named by the game's own check
    after = dump(redis)
    after.pop("kifu:event:index", None), before.pop("kifu:event:index", None)
    assert after == before


def resign(api, token, mid, seat):
    rv = api.as_(token).command(mid, {"type": "resign", "seat": seat}, 0)
    assert rv.status_code == 201, rv.json


def test_best_of_three_next_games_come_with_any_read(api, admin, redis):
    """A finished game that decides nothing gets its successor from the next read of the
    event (no sync), once; its players fetch their tokens with their game-1 tokens."""
    eid = new_event(admin, format="bo3", rounds=1)
    for name in ("Aoi", "Ren"):
        admin.post(f"/api/events/{eid}/players", json={"name": name})
    paired = admin.post(f"/api/events/{eid}/rounds").json
    table = paired["tables"][0]
    a, b = table["players"]
    first = paired["tokens"]["1"]
    resign(api, first["p2"], table["matches"][0], "p2")  # a wins game 1
    seen = api.get(f"/api/events/{eid}/rounds/1").json["tables"][0]  # an anonymous read
    assert seen["result"] is None and len(seen["matches"]) == 2
    assert api.get(f"/api/events/{eid}").json["rounds"][0]["tables"][0]["matches"] == seen["matches"]  # once
    assert admin.post(f"/api/events/{eid}/sync").json["games"] == []  # nothing left due
    game2 = seen["matches"][1]
    assert api.get(f"/api/matches/{game2}").json["header"]["seats"][0]["name"] == b  # seats alternate
    entries = [e for e in EventStore(redis).entries(eid) if e["type"] == "games"]
    assert [(e["by"], [(g["table"], g["game"]) for g in e["games"]]) for e in entries] == [
        ("admin", [(1, 1)]), ("kifu", [(1, 2)])]
    # each player trades a token of game 1 for their own seat of game 2; nobody else gets one
    mine = api.as_(first["p1"]).post(f"/api/events/{eid}/rounds/1/tables/1/tokens").json
    assert (mine["match"], mine["game"], list(mine["tokens"])) == (game2, 2, ["p2"])  # a is p2 in game 2
    theirs = api.as_(first["p2"]).post(f"/api/events/{eid}/rounds/1/tables/1/tokens").json["tokens"]
    assert list(theirs) == ["p1"]
    assert api.post(f"/api/events/{eid}/rounds/1/tables/1/tokens").status_code == 401
    stranger = auth.create_token(redis, role="player", name="Mai", match=game2, seat="p3")
    assert api.as_(stranger).post(f"/api/events/{eid}/rounds/1/tables/1/tokens").status_code == 403
    resign(api, mine["tokens"]["p2"], game2, "p2")  # a resigns game 2: 1-1
    game3 = api.get(f"/api/events/{eid}/rounds/1").json["tables"][0]["matches"][2]
    tokens3 = admin.post(f"/api/events/{eid}/rounds/1/tables/1/tokens").json["tokens"]
    assert sorted(tokens3) == ["p1", "p2"]
    resign(api, tokens3["p1"], game3, "p1")  # a is p1 again and resigns
    result = api.get(f"/api/events/{eid}/rounds/1").json["tables"][0]
    assert result["result"] == {"wins": [1, 2], "draws": 0, "source": "matches", "winner": b}
    assert len(result["matches"]) == 3
    # only the table's players report, with their player tokens
    rv = api.as_(auth.create_token(redis, role="recorder", name="r", match=game3)).post(
        f"/api/events/{eid}/rounds/1/tables/1/report", json={"wins": [2, 0]})
    assert rv.status_code == 403


def test_deck_check_of_a_physical_record_opens_a_judge_call(api, admin, redis):
    eid = new_event(admin, table="physical", rounds=1, judges=["Judge Sato"], head_judge="Judge Sato")
    registered = {"Aoi": ["k1", "k2", "k3", "k4"], "Ren": ["k5", "k6", "k7", "k8"]}
    for name, deck in registered.items():
        assert admin.post(f"/api/events/{eid}/players", json={"name": name, "deck": deck}).status_code == 201
    paired = admin.post(f"/api/events/{eid}/rounds").json
    table = paired["tables"][0]
    assert table["matches"] == [] and sorted(paired["tokens"]["1"]) == ["p1", "p2", "recorder"]  # table tokens
    a, b = table["players"]
    # the recorder's record of the table: a's actual deck holds two k1 and a k9
    actual = {a: ["k1", "k1", "k9", "k2"], b: registered[b]}
    deal = [*actual[a][:3], *actual[b][:3]]
    created = admin.create("tally", names=(a, b), table="physical", deal=deal, tournament=eid, round="1",
                           table_number="1", options={"decks": {"p1": actual[a], "p2": actual[b]}})
    rv = admin.post(f"/api/events/{eid}/rounds/1/tables/1/attach", json={"match": created["id"]})
    assert rv.status_code == 201, rv.json
    assert admin.post(f"/api/events/{eid}/rounds/1/tables/1/attach", json={"match": created["id"]}).status_code == 422
    checks = admin.get(f"/api/events/{eid}/deck-checks").json["checks"]
    assert [(c["player"], [(m["card"], m["registered"], m["seen"]) for m in c["mismatches"]]) for c in checks] == [
        (a, [("k1", 1, 2), ("k9", 0, 1)])]
    assert api.get(f"/api/events/{eid}/deck-checks").status_code == 401
    synced = admin.post(f"/api/events/{eid}/sync").json
    assert [c["player"] for c in synced["deck_calls"]] == [a]
    entries = admin.get(f"/api/matches/{created['id']}/entries?as=omniscient").json["entries"]
    assert entries[-1]["command"]["type"] == "judge_call" and "k9" in entries[-1]["command"]["question"]
    assert admin.post(f"/api/events/{eid}/sync").json["deck_calls"] == []  # once per seat


def test_decks_are_for_organizers_and_the_event_reaches_judging(api, admin, redis):
    eid = new_event(admin, judges=["Judge Sato"], head_judge="Judge Sato",
                    infractions=[{"name": "Slow Play", "penalty": "game_loss"}])
    for name in ("Aoi", "Ren"):
        admin.post(f"/api/events/{eid}/players", json={"name": name, "deck": ["k1", "k2", "k3"]})
    assert "deck" not in api.get(f"/api/events/{eid}").json["event"]["players"]["Aoi"]
    assert admin.get(f"/api/events/{eid}").json["event"]["players"]["Aoi"]["deck"] == ["k1", "k2", "k3"]
    mid = admin.post(f"/api/events/{eid}/rounds").json["tables"][0]["matches"][0]
    info = api.get(f"/api/matches/{mid}").json
    assert info["header"]["options"]["decks"]["p1"] == ["k1", "k2", "k3"]
    event = event_for_match(redis, info["header"])
    assert event["head_judge"] == "Judge Sato" and event["judges"] == ["Judge Sato"]
    assert event["infractions"] == [{"name": "Slow Play", "penalty": "game_loss"}]
    assert event_for_match(redis, {"tournament": "Spring Cup"}) is None
    # a judge the event does not name may not enter results
    other = api.as_(auth.create_token(redis, role="judge", name="Judge Other"))
    assert other.post(f"/api/events/{eid}/rounds/1/tables/1/result", json={"wins": [1, 0]}).status_code == 403
