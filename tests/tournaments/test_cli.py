"""``kifu event create|pair|standings|export`` on a real Redis (click's runner, the
commands' own ``--redis-url``)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from kifu.service.cli import main


def test_event_commands(redis_url):
    runner = CliRunner()
    made = runner.invoke(main, ["event", "create", "--name", "Club night", "--game", "holodelive", "--rounds", "2",
                                "--player", "Aoi", "--player", "Ren", "--player", "Mai", "--redis-url", redis_url])
    assert made.exit_code == 0, made.output
    eid = made.output.strip()
    paired = runner.invoke(main, ["event", "pair", eid, "--redis-url", redis_url])
    assert paired.exit_code == 0, paired.output
    tables = [json.loads(line) for line in paired.output.splitlines()]
    assert sorted(p for t in tables for p in t["players"]) == ["Aoi", "Mai", "Ren"]
    assert set(tables[0]["tokens"]) == {"p1", "p2"}
    again = runner.invoke(main, ["event", "pair", eid, "--redis-url", redis_url])
    assert again.exit_code == 2 and "still being played" in again.output
    table = runner.invoke(main, ["event", "standings", eid, "--redis-url", redis_url])
    assert table.exit_code == 0 and len(table.output.splitlines()) == 3
    bye = next(t["players"][0] for t in tables if len(t["players"]) == 1)
    assert table.output.splitlines()[0].split("\t")[1] == bye  # the bye's 3 points lead
    csv = runner.invoke(main, ["event", "export", eid, "--what", "pairings", "--redis-url", redis_url])
    assert csv.exit_code == 0 and csv.output.splitlines()[0].startswith("round,stage,table")
    bad = runner.invoke(main, ["event", "create", "--name", "x", "--game", "chess", "--rounds", "2",
                               "--redis-url", redis_url])
    assert bad.exit_code == 2 and "chess" in bad.output


def test_a_pod_event_from_the_command_line(redis_url):
    runner = CliRunner()
    names = [a for n in ("Aoi", "Ren", "Mai", "Sora", "Hina", "Kai", "Yui") for a in ("--player", n)]
    made = runner.invoke(main, ["event", "create", "--name", "Stone night", "--game", "rolling_stone", "--rounds",
                                "2", "--table", "physical", *names, "--redis-url", redis_url])
    assert made.exit_code == 0, made.output
    eid = made.output.strip()
    paired = runner.invoke(main, ["event", "pair", eid, "--redis-url", redis_url])
    assert paired.exit_code == 0, paired.output
    tables = [json.loads(line) for line in paired.output.splitlines()]
    assert sorted(len(t["players"]) for t in tables) == [3, 4]  # pods of the game's seat counts, no bye
    for t in tables:  # a player token per seat of the pod, and its recorder's
        assert set(t["tokens"]) == {f"p{i}" for i in range(1, len(t["players"]) + 1)} | {"recorder"}
    table = runner.invoke(main, ["event", "standings", eid, "--redis-url", redis_url])
    assert table.exit_code == 0 and len(table.output.splitlines()) == 7, table.output
    pods = runner.invoke(main, ["event", "export", eid, "--what", "pairings", "--redis-url", redis_url])
    assert pods.output.splitlines()[0] == "round,table,players,places,points"
