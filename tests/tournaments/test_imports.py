"""Rounds paired elsewhere and results imported (issue 25, item 1): an event kifu paired,
exported and replayed into a second event as external rounds comes out with the same
standings; a round naming an unknown player is refused with every problem named and
nothing written; the command line does the same from files."""
from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from kifu.replays.rng import Rng
from kifu.service.cli import main
from kifu.service.tournaments import imports
from tests.service.api.conftest import dump
from tests.tournaments.conftest import new_event

PLAYERS = ["Aoi", "Ren", "Mai", "Sora", "Hina", "Kai", "Yui", "Riku", "Nao", "Emi", "Taro"]
SCORES = ([2, 0, 0], [2, 1, 0], [0, 2, 0], [1, 2, 0], [1, 1, 1], [2, 0, 1])


# --- pure -------------------------------------------------------------------------------

def test_pairings_and_results_read_from_csv_and_json_name_every_problem():
    tables, problems = imports.read_pairings("table,player,player\n1,Aoi,Ren\nx,Mai,Sora\n3,Kai\n")
    assert tables == [{"table": 1, "players": ["Aoi", "Ren"]}, {"table": 3, "players": ["Kai"]}]
    assert problems == ["line 3: the table number is a whole number from 1"]
    assert imports.read_pairings([{"table": 2, "players": ["#1", 4]}])[0] == [{"table": 2, "players": ["#1", 4]}]
    rows, problems = imports.read_results("round,table,player_a,player_b,wins_a,wins_b,draws\n1,1,Aoi,Ren,2,1,0\n"
                                          "1,2,Mai,,bye,,\n1,3,Kai,Yui,two,0,0\n")
    assert rows == [{"round": 1, "table": 1, "bye": False, "wins": [2, 1], "draws": 0, "players": ["Aoi", "Ren"]},
                    {"round": 1, "table": 2, "bye": True, "wins": [2, 0], "draws": 0, "players": ["Mai"]}]
    assert problems == ["line 4: wins_a, wins_b and draws are game counts"]
    assert imports.read_results("round,table,result\n1,1,2:1\n")[1] == [
        "line 2: the result '2:1' is W-L-D (game wins of the table's players, then draws)"]
    assert imports.resolve(["Aoi", "ＲＥＮ"], "ren") == "ＲＥＮ"  # width and case aside
    assert imports.resolve(["Aoi", "Ren"], 2) == "Ren" and imports.resolve(["Aoi"], "#2") is None


# --- through the API --------------------------------------------------------------------

def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _enter_results(admin, eid: str, number: int, tables: list[dict], seed: str) -> None:
    for t in tables:
        if len(t["players"]) == 2:
            wins_a, wins_b, draws = SCORES[Rng(seed, f"r{number}t{t['table']}").below(len(SCORES))]
            rv = admin.post(f"/api/events/{eid}/rounds/{number}/tables/{t['table']}/result",
                            json={"wins": [wins_a, wins_b], "draws": draws})
            assert rv.status_code == 201, rv.json


def test_an_event_paired_elsewhere_comes_out_with_kifus_standings(admin):
    rounds = 4
    first = new_event(admin, table="physical", format="bo3", rounds=rounds)
    for name in PLAYERS:
        assert admin.post(f"/api/events/{first}/players", json={"name": name}).status_code == 201
    for number in range(1, rounds + 1):
        paired = admin.post(f"/api/events/{first}/rounds")
        assert paired.status_code == 201, paired.json
        _enter_results(admin, first, number, paired.json["tables"], first)
    pairings = _csv(admin.get(f"/api/events/{first}/export?what=pairings&format=csv").get_data(as_text=True))
    results = admin.get(f"/api/events/{first}/export?what=results&format=csv").get_data(as_text=True)
    head, *lines = results.splitlines()
    assert head == "round,table,player_a,player_b,wins_a,wins_b,draws,winner"

    second = new_event(admin, table="physical", format="bo3", rounds=rounds, name="Replayed Cup")
    for name in PLAYERS:
        admin.post(f"/api/events/{second}/players", json={"name": name})
    for number in range(1, rounds + 1):
        # the round as the other tool gives it: players by name (any case) or by id
        rows = ["table,player,player"]
        for row in (r for r in pairings if int(r["round"]) == number):
            a = f"#{PLAYERS.index(row['player_a']) + 1}" if int(row["table"]) % 2 else row["player_a"].upper()
            rows.append(",".join(x for x in (row["table"], a, row["player_b"]) if x))
        rv = admin.post(f"/api/events/{second}/rounds", json={"csv": "\n".join(rows) + "\n"})
        assert rv.status_code == 201, rv.json
        assert admin.get(f"/api/events/{second}").json["event"]["rounds_played"][-1]["external"] is True
        mine = [head] + [line for line in lines if line.split(",")[0] == str(number)]
        rv = admin.post(f"/api/events/{second}/results", json={"csv": "\n".join(mine) + "\n"})
        assert rv.status_code == 201, rv.json

    def table(eid):
        return [{k: v for k, v in row.items() if k != "rank"} | {"rank": row["rank"]}
                for row in admin.get(f"/api/events/{eid}/standings").json["standings"]]

    assert table(second) == table(first)
    exported = [admin.get(f"/api/events/{eid}/export?what=standings&format=csv").get_data(as_text=True)
                for eid in (first, second)]
    assert exported[0] == exported[1]
    assert exported[0].splitlines()[0] == "Rank,Player,ID,Points,Record,OMW%,GW%,OGW%,Dropped"
    top = _csv(exported[0])[0]
    assert top["Rank"] == "1" and "." in top["OMW%"] and top["Record"].count("-") == 2
    # the pairings export reads back too (its result column is W-L-D in the players' order)
    again = admin.post(f"/api/events/{second}/results",
                       json={"csv": admin.get(f"/api/events/{first}/export?what=pairings&format=csv")
                             .get_data(as_text=True)})
    assert again.status_code == 201, again.json
    assert table(second) == table(first)
    as_json = json.loads(admin.get(f"/api/events/{second}/export?what=results&format=json").get_data(as_text=True))
    assert len(as_json["results"]) == len(pairings)


def test_a_round_naming_unknown_players_is_refused_with_every_problem_and_nothing_written(admin, api, redis):
    eid = new_event(admin, table="physical", rounds=2)
    for name in ("Aoi", "Ren", "Mai", "Sora", "Hina"):
        admin.post(f"/api/events/{eid}/players", json={"name": name})
    admin.post(f"/api/events/{eid}/players/Hina/drop")
    before = dump(redis)
    rv = admin.post(f"/api/events/{eid}/rounds", json={"tables": [
        {"table": 1, "players": ["Aoi", "Nobody"]}, {"table": 2, "players": ["Hina", "#9"]},
        {"table": 2, "players": ["aoi"]}]})
    assert rv.status_code == 422 and rv.json["error"] == "unprocessable", rv.json
    assert rv.json["errors"]["tables"] == [
        "table 1: no player 'Nobody' is registered",
        "table 2: Hina has dropped",
        "table 2: no player '#9' is registered",
        "table 2: Aoi is at table 1 too",
        "table 2 is listed twice",
        "not at any table: Ren, Mai, Sora (pair them, give a bye, or drop them)",
    ]
    assert api.post(f"/api/events/{eid}/rounds", json={"csv": "1,Aoi,Ren\n"}).status_code == 401
    assert admin.post(f"/api/events/{eid}/rounds", json={"csv": "1,Aoi\n", "tables": []}).status_code == 400
    assert dump(redis) == before
    # a good round, then results with a wrong player and a wrong score: both named, nothing written
    ok = admin.post(f"/api/events/{eid}/rounds", json={"csv": "1,Aoi,Ren\n2,Mai,Sora\n"})
    assert ok.status_code == 201, ok.json
    before = dump(redis)
    rv = admin.post(f"/api/events/{eid}/results", json={"results": [
        {"round": 1, "table": 1, "wins": [1, 0], "players": ["Aoi", "Mai"]},
        {"round": 1, "table": 2, "wins": [1, 1]}, {"round": 1, "table": 7, "wins": [1, 0]}]})
    assert rv.status_code == 422
    assert rv.json["errors"]["results"] == [
        "round 1 table 1: its players are Aoi v Ren, not Aoi v Mai",
        "round 1 table 2: both players cannot have won the match",
        "round 1 table 7: no such table"]
    assert dump(redis) == before
    # the other order swaps the wins
    rv = admin.post(f"/api/events/{eid}/results", json={"results": [
        {"round": 1, "table": 1, "wins": [1, 0], "players": ["Ren", "Aoi"]},
        {"round": 1, "table": 2, "wins": [0, 0], "draws": 1}]})
    assert rv.status_code == 201, rv.json
    rows = {r["player"]: r for r in admin.get(f"/api/events/{eid}/standings").json["standings"]}
    assert rows["Ren"]["record"] == "1-0-0" and rows["Aoi"]["record"] == "0-1-0" and rows["Mai"]["points"] == 1


def test_the_command_line_pairs_from_a_file_and_imports_results(redis_url, tmp_path):
    runner = CliRunner()
    made = runner.invoke(main, ["event", "create", "--name", "Paper night", "--game", "holodelive", "--rounds", "1",
                                "--table", "physical", "--player", "Aoi", "--player", "Ren", "--player", "Mai",
                                "--redis-url", redis_url])
    assert made.exit_code == 0, made.output
    eid = made.output.strip()
    bad = tmp_path / "bad.csv"
    bad.write_text("table,player,player\n1,Aoi,Rem\n2,Mai\n", encoding="utf-8")
    refused = runner.invoke(main, ["event", "pair", eid, "--tables", str(bad), "--redis-url", redis_url])
    assert refused.exit_code == 2 and "no player 'Rem' is registered" in refused.output and "Ren" in refused.output
    good = tmp_path / "round1.json"
    good.write_text(json.dumps([{"table": 1, "players": ["Aoi", "Ren"]}, {"table": 2, "players": ["Mai"]}]))
    paired = runner.invoke(main, ["event", "pair", eid, "--tables", str(good), "--redis-url", redis_url])
    assert paired.exit_code == 0, paired.output
    scores = tmp_path / "results.csv"
    scores.write_text("round,table,result\n1,1,0-1-0\n1,2,bye\n", encoding="utf-8")
    entered = runner.invoke(main, ["event", "results", eid, str(scores), "--redis-url", redis_url])
    assert entered.exit_code == 0 and "1 results entered" in entered.output, entered.output
    table = runner.invoke(main, ["event", "export", eid, "--what", "standings", "--redis-url", redis_url])
    assert table.output.splitlines()[1].startswith("1,Mai,3,3,1-0-0") or table.output.splitlines()[1].startswith(
        "1,Ren,2,3,1-0-0"), table.output
