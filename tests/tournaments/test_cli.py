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
