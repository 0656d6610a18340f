"""Events for games of three seats or more (issue 25, item 2): pods of the game's seat
counts, placement points, standings and round pages, with a real-size event per game:
Life is Rolling Stone with 24 players (round 1 played out by bots, its places from the
final VP; then judges' entries) and 千舞鱗鬼さがし with 40 (pods of 8 and 10, results by
side, one pod played out)."""
from __future__ import annotations

import json
import secrets
from collections import Counter
from itertools import combinations

import pytest

from kifu.replays import bot
from kifu.replays.rng import Rng, derive
from kifu.service.tournaments import pods
from tests.service.api.conftest import make_app, with_registry
from tests.tournaments.conftest import new_event


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry, KIFU_EXTENSIONS=None)
    yield app
    app.extensions["kifu"].redis.close()


# --- pure -------------------------------------------------------------------------------

def test_pod_sizes_fit_the_game_with_the_fewest_byes():
    assert pods.sizes_for(24, [3, 4], 4) == (0, [4, 4, 4, 4, 4, 4])
    assert pods.sizes_for(5, [3, 4], 4) == (1, [4])
    assert pods.sizes_for(7, [3, 4], 4) == (0, [4, 3])
    assert pods.sizes_for(40, [4, 5, 6, 7, 8, 9, 10], 8) == (0, [8] * 5)
    assert pods.sizes_for(43, list(range(4, 11)), 10) == (0, [9, 9, 9, 8, 8])
    assert pods.settings("rolling_stone", (3, 4))["points"] == {"3": [4, 2, 0], "4": [4, 2, 1, 0]}
    assert pods.settings("senbu_rinki", tuple(range(4, 11)))["points"] == {"win": 3, "loss": 0}
    assert pods.places_from_outcome({"p1": "A", "p2": "B", "p3": "C", "p4": "D"},
                                    {"winners": ["p1", "p3"], "draw": True,
                                     "scores": {"p1": 23, "p2": 21, "p3": 23, "p4": 9}}, "placement") == \
        {"A": 1, "B": 3, "C": 1, "D": 4}
    assert pods.valid_places([1, 1, 3, 4], 4, "placement") is None
    assert pods.valid_places([1, 1, 2, 3], 4, "placement")
    assert pods.valid_places([1, 2, 2, 1, 2], 5, "side") is None


def _pair_rounds(players, rounds, sizes, size, places_of):
    """Pair ``rounds`` rounds purely, results from ``places_of(pod, round)``."""
    points = Counter()
    met = {p: Counter() for p in players}
    before, seats, history = [], {p: [] for p in players}, []
    for number in range(1, rounds + 1):
        rank = sorted(players, key=lambda p: (-points[p], p))
        found, byes = pods.pair(players, points=points, rank=rank, met=met, pods_before=before, seat_history=seats,
                                had_bye=set(), sizes=sizes, size=size, seed="evtest", round_no=number)
        assert not byes and sorted(p for pod in found for p in pod) == sorted(players)
        history.append([list(p) for p in found])
        for pod in found:
            before.append(frozenset(pod))
            for i, (name, place) in enumerate(zip(pod, places_of(pod, number))):
                points[name] += pods.points_for({"scoring": "placement", "points": {"4": [4, 2, 1, 0]}}, 4, place)
                met[name].update(o for o in pod if o != name)
                seats[name].append(i / (len(pod) - 1))
    return history, points, seats


def test_pods_group_points_never_repeat_and_balance_seats():
    players = [f"P{i:02d}" for i in range(24)]
    def places(pod, number):
        return Rng("results", f"{number}/{pod}").shuffle([1, 2, 3, 4])

    history, points, seats = _pair_rounds(players, 4, [3, 4], 4, places)
    pods_seen = [frozenset(p) for r in history for p in r]
    assert len(set(pods_seen)) == len(pods_seen)  # no pod repeated
    # round 2's top two pods hold round 1's six winners (similar points together)
    winners_1 = {p for pod in history[0] for p, q in zip(pod, places(pod, 1)) if q == 1}
    assert winners_1 <= set(history[1][0]) | set(history[1][1])
    # seats balanced: nobody holds a seat three times in four rounds, most hold all four
    assert all(max(Counter(sat).values()) <= 2 for sat in seats.values())
    assert sum(len(set(sat)) == 4 for sat in seats.values()) >= 18
    _, _, three = _pair_rounds(players, 3, [3, 4], 4, places)
    assert sum(len(set(sat)) == 3 for sat in three.values()) >= 22  # three rounds, three seats, nearly all
    # players meet each other at most twice in four rounds
    meets = Counter(frozenset(ab) for r in history for pod in r for ab in combinations(pod, 2))
    assert max(meets.values()) <= 2


# --- real-size events through the API ---------------------------------------------------

def _play_out(matches, mid: str) -> dict:
    """A bot plays the match to its end through the match service; its outcome."""
    info = matches.info(mid)
    rules = info.rules
    seq, state = matches.state(mid)
    while rules.outcome(state) is None:
        command = bot.choose(rules, state, derive("pods-test", mid))
        matches.submit(mid, command, expected_seq=seq, command_id=secrets.token_hex(8), actor=command["seat"],
                       by="test-bot")
        seq, state = matches.state(mid)
    return rules.outcome(state).to_json()


def test_rolling_stone_24_players_in_pods_of_four(app, api, admin):
    matches = app.extensions["kifu"].matches
    eid = new_event(admin, game="rolling_stone", rounds=3, name="Rolling Stone Open")
    players = [f"RS{i:02d}" for i in range(1, 25)]
    for name in players:
        assert admin.post(f"/api/events/{eid}/players", json={"name": name}).status_code == 201
    seen_pods, seats = [], {p: [] for p in players}
    # round 1: every pod's game played out; its places come from the final VP (4-2-1-0)
    paired = admin.post(f"/api/events/{eid}/rounds")
    assert paired.status_code == 201, paired.json
    tables = paired.json["tables"]
    assert len(tables) == 6 and all(len(t["players"]) == 4 and len(t["matches"]) == 1 for t in tables)
    assert set(paired.json["tokens"]["1"]) == {"p1", "p2", "p3", "p4"}
    expected = Counter()
    for t in tables:
        outcome = _play_out(matches, t["matches"][0])
        seat_of = {f"p{i}": n for i, n in enumerate(t["players"], start=1)}
        scores = {seat_of[s]: v for s, v in outcome["scores"].items()}
        for name, vp in scores.items():
            place = 1 + sum(1 for other in scores.values() if other > vp)
            expected[name] += [4, 2, 1, 0][place - 1]
    summary = api.get(f"/api/events/{eid}").json
    assert summary["rounds"][0]["complete"] and summary["next"] == "swiss"
    assert {r["player"]: r["points"] for r in summary["standings"]} == {p: expected[p] for p in players}
    for t in summary["rounds"][0]["tables"]:
        assert t["result"]["source"] == "matches" and sum(t["result"]["points"]) >= 7
    # rounds 2 and 3: the judges enter the places (one shared first place among them)
    for number in (2, 3):
        rv = admin.post(f"/api/events/{eid}/rounds")
        assert rv.status_code == 201, rv.json
        for t in rv.json["tables"]:
            places = [1, 1, 3, 4] if t["table"] == 3 else [1, 2, 3, 4]
            order = Rng(eid, f"r{number}t{t['table']}").shuffle(range(4))
            shuffled = [places[i] for i in order]
            done = admin.post(f"/api/events/{eid}/rounds/{number}/tables/{t['table']}/result",
                              json={"places": shuffled})
            assert done.status_code == 201, done.json
            for name, place in zip(t["players"], shuffled):
                expected[name] += [4, 2, 1, 0][place - 1]
    wrong = admin.post(f"/api/events/{eid}/rounds/3/tables/1/result", json={"places": [1, 1, 2, 3]})
    assert wrong.status_code == 422 and "places" in wrong.json["errors"]
    summary = api.get(f"/api/events/{eid}").json
    for played in summary["rounds"]:
        for t in played["tables"]:
            seen_pods.append(frozenset(t["players"]))
            for i, name in enumerate(t["players"]):
                seats[name].append(i)
    assert len(set(seen_pods)) == len(seen_pods) == 18  # no pod repeated
    assert sum(len(set(s)) == 3 for s in seats.values()) >= 20  # three rounds, three different seats, most
    rows = summary["standings"]
    assert {r["player"]: r["points"] for r in rows} == {p: expected[p] for p in players}
    keys = [(-r["points"], -r["opp"], -r["firsts"], r["mean_place"]) for r in rows]
    assert keys == sorted(keys) and rows[0]["rank"] == 1
    assert sum(int(x) for x in rows[0]["record"].split("-")) == 3
    assert summary["next"] == "done"
    # pages and exports as for two-seat events
    page = app.test_client().get(f"/e/{eid}")
    assert page.status_code == 200 and "OPP%" in page.get_data(as_text=True)
    round_page = app.test_client().get(f"/e/{eid}/r/1").get_data(as_text=True)
    assert all(p in round_page for p in tables[0]["players"])
    player = app.test_client().get(f"/e/{eid}/p/{rows[0]['player']}").get_data(as_text=True)
    assert "OPP" in player and "place " in player
    csv = api.get(f"/api/events/{eid}/export?what=standings&format=csv").get_data(as_text=True)
    assert csv.splitlines()[0] == "Rank,Player,ID,Points,Record,OPP%,1st,Avg place,Dropped"
    assert api.get(f"/api/events/{eid}/deck-checks", headers={}).status_code == 401
    assert admin.get(f"/api/events/{eid}/deck-checks").json == {"checks": []}


def test_senbu_rinki_40_players_by_side(app, api, admin):
    matches = app.extensions["kifu"].matches
    refused = admin.post("/api/events", json={"name": "x", "game": "senbu_rinki", "rounds": 2, "format": "bo3"})
    assert refused.status_code == 422 and "bo1" in str(refused.json["errors"])
    eid = new_event(admin, game="senbu_rinki", rounds=3, name="千舞 40", pods={"size": 8})
    players = [f"鬼{i:02d}" for i in range(1, 41)]
    for name in players:
        admin.post(f"/api/events/{eid}/players", json={"name": name})
    points = Counter()
    for number in (1, 2, 3):
        rv = admin.post(f"/api/events/{eid}/rounds")
        assert rv.status_code == 201, rv.json
        tables = rv.json["tables"]
        assert [len(t["players"]) for t in tables] == [8] * 5
        for t in tables:
            if number == 1 and t["table"] == 1:  # one pod played out: the winning side's seats win
                outcome = _play_out(matches, t["matches"][0])
                winners = {t["players"][int(s[1:]) - 1] for s in outcome["winners"]}
            else:
                sides = Rng(eid, f"r{number}t{t['table']}").shuffle([1, 1, 1, 2, 2, 2, 2, 2])
                done = admin.post(f"/api/events/{eid}/rounds/{number}/tables/{t['table']}/result",
                                  json={"places": sides})
                assert done.status_code == 201, done.json
                winners = {n for n, side in zip(t["players"], sides) if side == 1}
            for name in t["players"]:
                points[name] += 3 if name in winners else 0
    summary = api.get(f"/api/events/{eid}").json
    rows = summary["standings"]
    assert {r["player"]: r["points"] for r in rows} == {p: points[p] for p in players}
    assert all(r["record"].count("-") == 1 and sum(map(int, r["record"].split("-"))) == 3 for r in rows)
    keys = [(-r["points"], -r["opp"], -r["firsts"]) for r in rows]
    assert keys == sorted(keys)
    seen = [frozenset(t["players"]) for r in summary["rounds"] for t in r["tables"]]
    assert len(set(seen)) == len(seen)
    assert app.test_client().get(f"/e/{eid}/r/2").status_code == 200


def test_a_pod_round_paired_elsewhere(api, admin):
    eid = new_event(admin, game="rolling_stone", rounds=1, table="physical")
    for name in ("Aoi", "Ren", "Mai", "Sora", "Hina", "Kai", "Yui"):
        admin.post(f"/api/events/{eid}/players", json={"name": name})
    bad = admin.post(f"/api/events/{eid}/rounds", json={"csv": "1,Aoi,Ren\n2,Mai,Sora,Hina,Kai,Yui\n"})
    assert bad.status_code == 422 and bad.json["errors"]["tables"] == [
        "table 1: 2 players; a table seats 3 or 4 (one: a bye)", "table 2: 5 players; a table seats 3 or 4 (one: a bye)"]
    ok = admin.post(f"/api/events/{eid}/rounds", json={"csv": "1,Aoi,Ren,Mai,Sora\n2,Hina,Kai,Yui\n"})
    assert ok.status_code == 201, ok.json
    admin.post(f"/api/events/{eid}/rounds/1/tables/1/result", json={"places": [1, 2, 3, 4]})
    admin.post(f"/api/events/{eid}/rounds/1/tables/2/result", json={"places": [3, 1, 1]})
    points = {r["player"]: r["points"] for r in api.get(f"/api/events/{eid}/standings").json["standings"]}
    assert points == {"Aoi": 4, "Ren": 2, "Mai": 1, "Sora": 0, "Hina": 0, "Kai": 4, "Yui": 4}  # 4-2-0 for three
    csv = api.get(f"/api/events/{eid}/export?what=results&format=csv").get_data(as_text=True)
    assert "1,2,Hina;Kai;Yui,3;1;1,0;4;4" in csv


def _pod_event(admin, names=("Aoi", "Ren", "Mai", "Sora", "Hina", "Kai", "Yui")) -> str:
    eid = new_event(admin, game="rolling_stone", rounds=1, table="physical")
    for name in names:
        admin.post(f"/api/events/{eid}/players", json={"name": name})
    assert admin.post(f"/api/events/{eid}/rounds", json={"csv": "1,Aoi,Ren,Mai,Sora\n2,Hina,Kai,Yui\n"}).status_code == 201
    return eid


def _points(api, eid: str) -> dict[str, int]:
    return {r["player"]: r["points"] for r in api.get(f"/api/events/{eid}/standings").json["standings"]}


def test_pod_results_imported_in_bulk_as_the_export_writes_them(api, admin):
    """Issue 25 item 2 for pods: results entered in bulk (CSV or JSON, players by name or id,
    in any order) score as a judge's places do; every bad row is named and nothing written;
    the results export imports back into an event paired the same and gives its standings."""
    eid = _pod_event(admin)
    bad = admin.post(f"/api/events/{eid}/results", json={"csv": (
        "round,table,players,places\n1,1,Aoi;Ren;Mai;Sora,1;1;1;5\n1,2,Hina;Kai;Bob,1;2;3\n1,3,,1;2;3\n"
        "1,1,Aoi;Ren;Mai;Sora,x;1;2;3\n")})
    assert bad.status_code == 422
    assert bad.json["errors"]["results"] == [
        "line 5: places are whole numbers, one a player (1;2;3;4)",
        "round 1 table 1: places rank the players: 1 first, equal places share, the next place skipped (1, 1, 3, 4)",
        "round 1 table 2: no player 'Bob' is registered", "round 1 table 3: no such table"]
    assert all(t["result"] is None for t in api.get(f"/api/events/{eid}/rounds/1").json["tables"])
    short = admin.post(f"/api/events/{eid}/results", json={"results": [{"round": 1, "table": 1, "places": [2, 1]}]})
    assert short.status_code == 400 and "places" in short.json["errors"]["results"]["0"]  # a pod seats three or more
    four = admin.post(f"/api/events/{eid}/results", json={"results": [{"round": 1, "table": 2, "places": [1, 2, 3, 4]}]})
    assert four.status_code == 422 and four.json["errors"]["results"] == [
        "round 1 table 2: places is a list of 3 places, in the order of the pod's players"]

    # players named in another order (and by id) have their places put in the pod's order
    ok = admin.post(f"/api/events/{eid}/results", json={"csv": (
        "round,table,players,places\n1,1,Sora;Mai;Ren;#1,4;3;2;1\n1,2,Kai;Hina;Yui,1;3;1\n")})
    assert ok.status_code == 201, ok.json
    assert _points(api, eid) == {"Aoi": 4, "Ren": 2, "Mai": 1, "Sora": 0, "Hina": 0, "Kai": 4, "Yui": 4}
    again = admin.post(f"/api/events/{eid}/results", json={"results": [{"round": 1, "table": 2, "places": [1, 2, 3]}]})
    assert again.status_code == 201  # a later entry corrects a pod's result, as a judge's does
    assert _points(api, eid)["Hina"] == 4 and _points(api, eid)["Yui"] == 0
    exported = api.get(f"/api/events/{eid}/export?what=results&format=csv").get_data(as_text=True)

    other = _pod_event(admin)
    assert admin.post(f"/api/events/{other}/results", json={"csv": exported}).status_code == 201
    assert _points(api, other) == _points(api, eid)
    as_json = json.loads(api.get(f"/api/events/{eid}/export?what=results&format=json").get_data(as_text=True))
    third = _pod_event(admin)
    assert admin.post(f"/api/events/{third}/results", json={"results": [
        {"round": r["round"], "table": r["table"], "places": [int(q) for q in r["places"].split(";")],
         "players": r["players"].split(";")} for r in as_json["results"]]}).status_code == 201
    assert _points(api, third) == _points(api, eid)
