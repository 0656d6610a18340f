"""The ``kifu`` command: in-process through click's CliRunner, and ``kifu serve`` as a
real process (gunicorn, embedded Redis) stopped and started again on the same data."""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis as redis_py
import requests
from click.testing import CliRunner

from kifu.replays import canon, records, registry
from kifu.replays.verify import verify_text
from kifu.service import auth
from kifu.service.cli import main
from kifu.service.embedded import free_port
from tests.service.conftest import dump

TOY_REGISTRY = ("tests.service.cli_toy",)


@pytest.fixture
def toy_registry(monkeypatch):
    """The registry holds just the toy game (fast, and independent of the real games)."""
    monkeypatch.setattr(registry, "GAME_MODULES", TOY_REGISTRY)
    registry._load.cache_clear()
    yield
    monkeypatch.undo()
    registry._load.cache_clear()


@pytest.fixture
def run(monkeypatch):
    for name in ("REDIS_URL", "KIFU_ADMIN_TOKEN", "KIFU_SECRET_KEY"):
        monkeypatch.delenv(name, raising=False)
    runner = CliRunner()

    def invoke(*args: str, code: int = 0):
        result = runner.invoke(main, list(args), catch_exceptions=False)
        assert result.exit_code == code, result.output
        return result

    return invoke


def test_games_lists_the_registry(toy_registry, run):
    assert run("games").output.split("\t")[:2] == ["toy", "Toy"]


def test_demo_writes_deterministic_verifiable_records(toy_registry, run, tmp_path):
    out = run("demo", "--game", "toy", "--seed", "s", "--count", "4", "--out", str(tmp_path / "a")).output
    files = sorted((tmp_path / "a").glob("*.kifu.jsonl"))
    assert [f.name for f in files] == [f"toy-000{i}.kifu.jsonl" for i in range(1, 5)]
    assert out.count("entries") == 4
    for f in files:
        report = verify_text(f.read_text())
        assert report.ok and report.replayed and report.outcome
    run("demo", "--game", "toy", "--seed", "s", "--count", "4", "--out", str(tmp_path / "b"))
    assert [f.read_bytes() for f in files] == [f.read_bytes() for f in sorted((tmp_path / "b").glob("*"))]
    assert "unknown game" in run("demo", "--game", "nope", "--out", str(tmp_path), code=2).output


def _demo(run, directory: Path, count: int = 2) -> list[Path]:
    run("demo", "--game", "toy", "--seed", "cli", "--count", str(count), "--out", str(directory))
    return sorted(directory.glob("*.kifu.jsonl"))


def test_verify_exits_0_only_if_every_record_verifies(toy_registry, run, tmp_path):
    good = _demo(run, tmp_path / "d", 5)
    out = run("verify", *map(str, good)).output  # > 3 files: with a progress bar on stderr
    assert out.count(": ok,") == 5
    bad = tmp_path / "bad.kifu.jsonl"
    lines = good[0].read_text().splitlines()
    entry = json.loads(lines[4])
    entry["by"] = "someone else"  # an edit after the fact breaks the chain at seq 4
    lines[4] = canon.dumps(entry)
    bad.write_text("\n".join(lines) + "\n")
    result = run("verify", str(good[1]), str(bad), code=1)
    assert f"{bad}:5: seq 4: chain: " in result.output
    assert "1 of 2 record(s) do not verify" in result.output
    run("verify", str(tmp_path / "missing.kifu.jsonl"), code=1)
    unrevealed = tmp_path / "noseed.kifu.jsonl"
    record = records.read_text(good[2].read_text()).record
    del record.header["seed"]
    unrevealed.write_text(record.dumps())
    assert "chain and schema only" in run("verify", str(unrevealed)).output
    run("verify", "--require-seed", str(unrevealed), code=1)


def test_import_export_and_tokens_against_a_redis_url(toy_registry, run, tmp_path, redis_url, redis_client):
    files = _demo(run, tmp_path / "d", 2)
    bad = tmp_path / "bad.kifu.jsonl"
    bad.write_text(files[0].read_text().replace('"seq":3,', '"seq":4,', 1))
    result = run("import", "--redis-url", redis_url, str(files[0]), str(bad), str(files[1]), code=1)
    ids = re.findall(r"imported as ([0-9a-z]{20})", result.output)
    assert len(ids) == 2 and f"{bad}:4: seq 4: " in result.output
    assert redis_client.zcard("kifu:idx:all") == 2  # nothing of the bad one
    out = tmp_path / "back.kifu.jsonl"
    run("export", ids[0], "--out", str(out), "--redis-url", redis_url)
    assert out.read_text() == files[0].read_text()  # finished: the seed is back in the header
    assert run("export", ids[1], "--redis-url", redis_url).output == files[1].read_text()
    assert "no match" in run("export", "0000000000000000000a", "--redis-url", redis_url, code=1).output

    # an operator rebuilds lost indexes from the matches themselves
    for key in redis_client.scan_iter(match="kifu:idx:*"):
        redis_client.delete(key)
    assert run("reindex", "--redis-url", redis_url).output.strip() == "reindexed 2 match(es)"
    assert sorted(redis_client.zrange("kifu:idx:all", 0, -1)) == sorted(ids)

    judge = run("token", "create", "--role", "judge", "--name", "J", "--redis-url", redis_url).output.strip()
    assert auth.authenticate(redis_client, judge).role == "judge"
    player = run("token", "create", "--role", "player", "--match", ids[0], "--seat", "p2", "--redis-url",
                 redis_url).output.strip()
    assert auth.authenticate(redis_client, player) == auth.Principal(
        "player", "player", match=ids[0], seat="p2", token_id=auth.hash_token(player)[:12])
    run("token", "create", "--role", "player", "--match", ids[0], "--redis-url", redis_url, code=2)
    run("token", "create", "--role", "player", "--match", ids[0], "--seat", "p3", "--redis-url", redis_url, code=2)
    run("token", "create", "--role", "recorder", "--match", "0000000000000000000a", "--redis-url", redis_url,
        code=2)
    run("token", "revoke", player, "--redis-url", redis_url)
    assert auth.authenticate(redis_client, player) is None


def test_commands_use_the_embedded_redis_of_the_data_dir(toy_registry, run, tmp_path):
    files = _demo(run, tmp_path / "d", 1)
    data = tmp_path / "var"
    mid = re.search(r"imported as (\w+)", run("import", "--data-dir", str(data), str(files[0])).output).group(1)
    assert (data / "redis" / "appendonly.aof").exists() and not (data / "redis.json").exists()
    # a later command starts the embedded Redis again on the same files
    assert run("export", mid, "--data-dir", str(data)).output == files[0].read_text()


# -- card sets ---------------------------------------------------------------------------

TALLY_REGISTRY = ("tests.service.toy",)
SMALL = {"id": "tally-small", "title": "Tally, small", "cards": [{"id": f"k{i}", "name": f"{i}"} for i in (1, 2, 3)]}


@pytest.fixture
def tally_registry(monkeypatch):
    """The registry holds just the store's tally game (it has a card set schema worth failing)."""
    monkeypatch.setattr(registry, "GAME_MODULES", TALLY_REGISTRY)
    registry._load.cache_clear()
    registry.demo_cardsets.cache_clear()
    yield
    monkeypatch.undo()
    registry._load.cache_clear()
    registry.demo_cardsets.cache_clear()


def test_cards_import_stores_a_valid_set_once_and_lists_it(tally_registry, run, tmp_path, redis_url, redis_client):
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL, ensure_ascii=False), encoding="utf-8")
    digest = canon.digest(SMALL)
    out = run("cards", "import", "tally", str(path), "--redis-url", redis_url).output
    assert f"{path}: stored: tally card set 'tally-small', 3 cards, digest {digest}" in out
    again = run("cards", "import", "tally", str(path), "--redis-url", redis_url).output
    assert "already stored" in again
    assert redis_client.hget(f"kifu:cardset:{digest}", "data") == canon.dumps(SMALL)
    listed = run("cards", "list", "--redis-url", redis_url).output.splitlines()
    assert listed == [f"tally\ttally-small\t{digest}\t3 cards\tTally, small"]
    assert run("cards", "list", "--game", "toy", "--redis-url", redis_url).output.strip() == "no card sets stored for toy"


@pytest.mark.parametrize("content, printed", [
    (json.dumps({**SMALL, "cards": [{"id": "k1"}, 7, "x"]}),
     ["cards.1: Not a valid mapping type.", "cards.2: Not a valid mapping type."]),
    (json.dumps({"id": "no spaces allowed", "title": "T", "cards": [], "colour": "red"}),
     ["id: String does not match expected pattern.", "colour: Unknown field.", "cards: Shorter than minimum length 1."]),
    (json.dumps({**SMALL, "cards": [{"id": "k1", "value": 1.5}]}), ["floats never reach a record"]),
    ("{not json", ["malformed JSON"]),
    ('{"id": "\\ud800"}', ["lone surrogate"]),
])
def test_cards_import_of_a_bad_file_prints_each_field_path_and_stores_nothing(tally_registry, run, tmp_path,
                                                                             redis_url, redis_client, content,
                                                                             printed):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    before = dump(redis_client)
    result = run("cards", "import", "tally", str(path), "--redis-url", redis_url, code=1)
    for line in printed:
        assert line in result.output, result.output
    assert str(path) in result.output
    assert dump(redis_client) == before


def test_cards_import_of_an_unknown_game_or_a_missing_file_fails(tally_registry, run, tmp_path, redis_url):
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL))
    assert "unknown game" in run("cards", "import", "chess", str(path), "--redis-url", redis_url, code=2).output
    assert "No such file" in run("cards", "import", "tally", str(tmp_path / "x.json"), "--redis-url", redis_url,
                                 code=1).output


# -- kifu serve, as a real process -------------------------------------------------------

def _start(data_dir: Path, port: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "KIFU_ADMIN_TOKEN", "KIFU_SECRET_KEY")}
    return subprocess.Popen(  # the console script's own entry point, the real registry of games
        [sys.executable, "-m", "kifu.service.cli", "serve", "--port", str(port), "--data-dir", str(data_dir),
         "--threads", "4"],
        cwd=data_dir.parent, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)


def _wait_healthy(process: subprocess.Popen, base: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"kifu serve exited: {process.stdout.read()}")
        try:
            if requests.get(base + "/api/health", timeout=1).status_code == 200:
                return
        except requests.ConnectionError:
            pass
        time.sleep(0.1)
    raise AssertionError("kifu serve did not become healthy")


def _stop(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGTERM)
    output, _ = process.communicate(timeout=30)
    return output


def test_serve_records_stops_and_starts_again_on_the_same_data(tmp_path):
    data = tmp_path / "var"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    first = _start(data, port)
    try:
        _wait_healthy(first, base)
        listed = requests.get(base + "/api/games").json()["games"]
        games = [g["id"] for g in listed]
        assert games == registry.ids()
        for game in listed:  # the demo card sets were imported at the first start, one the default
            assert [c["default"] for c in game["cardsets"]].count(True) == 1 and game["cardsets"][0]["demo"]
        demo = requests.get(base + "/api/matches?limit=100").json()["matches"]
        assert sorted({m["game"] for m in demo}) == sorted(games)  # demo matches of every game
        assert all(m["seq"] > 0 for m in demo)
        for game in games:  # two finished and one live (stopped halfway) demo match of each
            assert sorted(m["status"] for m in demo if m["game"] == game) == ["finished", "finished", "live"]
        assert requests.get(base + "/").status_code == 200  # the web extension is plugged in
        run_file = json.loads((data / "redis.json").read_text())
        embedded = redis_py.Redis(port=run_file["port"], decode_responses=True)
        admin = auth.create_token(embedded, role="admin", name="test")
        embedded.close()
        headers = {"Authorization": f"Bearer {admin}"}
        made = requests.post(base + "/api/matches", headers=headers, json={
            "game": games[0], "seats": [{"name": f"P{i}"} for i in range(registry.get(games[0]).seats[0])]}).json()
        command = next(c for h in made["header"]["seats"] for c in requests.get(
            base + f"/api/matches/{made['id']}/legal?as={h['id']}", headers=headers).json()["commands"])
        rv = requests.post(base + f"/api/matches/{made['id']}/commands", headers=headers,
                           json={"expected_seq": 0, "command_id": "one", "command": command})
        assert rv.status_code == 201, rv.text
        head = requests.get(base + f"/api/matches/{made['id']}").json()
    finally:
        output = _stop(first)
    assert first.returncode == 0, output
    printed = re.findall(r"admin token \(shown this once; store it now\): (\S+)", output)
    assert len(printed) == 1
    assert re.search(r"imported \d+ demo card set\(s\)", output)
    assert oct((data / "secret_key").stat().st_mode & 0o777) == "0o600"
    with pytest.raises(ConnectionRefusedError):  # the embedded Redis stopped with the server
        socket.create_connection(("127.0.0.1", run_file["port"]), timeout=1)

    second = _start(data, port)
    try:
        _wait_healthy(second, base)
        again = requests.get(base + f"/api/matches/{made['id']}").json()
        assert (again["seq"], again["chain"]) == (1, head["chain"])
        assert len(requests.get(base + "/api/matches?limit=100").json()["matches"]) == len(demo) + 1  # no reseeding
        assert requests.get(base + "/api/matches", headers={"Authorization": f"Bearer {printed[0]}"}).status_code == 200
    finally:
        output = _stop(second)
    assert second.returncode == 0, output
    assert "admin token" not in output and "demo card set" not in output  # imported once


# -- the data directory ------------------------------------------------------------------

def test_one_embedded_redis_per_data_dir(tmp_path):
    from kifu.service.datadir import DataDir, DataDirBusy

    data = DataDir(tmp_path / "var")
    with data.embedded_redis(share=False) as url:
        redis_py.Redis.from_url(url).set("kifu:probe", "1")
        with pytest.raises(DataDirBusy):  # a second server on the same files
            with data.embedded_redis(share=False):
                pass
        with data.embedded_redis(share=True) as shared:  # a CLI command beside a running server
            assert shared == url
    with data.embedded_redis(share=False) as again:  # started again on the same files
        assert redis_py.Redis.from_url(again).get("kifu:probe") == b"1"


def test_the_secret_key_is_generated_once_and_private(tmp_path, monkeypatch):
    from kifu.service.datadir import DataDir

    monkeypatch.delenv("KIFU_SECRET_KEY", raising=False)
    data = DataDir(tmp_path / "var")
    key = data.secret_key()
    assert len(key) == 64 and data.secret_key() == key
    assert (tmp_path / "var").stat().st_mode & 0o777 == 0o700  # the data dir is private
    path = tmp_path / "var" / "secret_key"
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o644)
    assert data.secret_key() == key and path.stat().st_mode & 0o777 == 0o600
    monkeypatch.setenv("KIFU_SECRET_KEY", "from-env")
    assert data.secret_key() == "from-env"


def test_an_unreachable_redis_is_a_clear_error(run):
    url = f"redis://127.0.0.1:{free_port()}/0"
    result = run("token", "create", "--role", "judge", "--redis-url", url, code=1)
    assert "cannot reach Redis" in result.output


def test_generated_tokens_never_read_as_options(run, redis_url):
    # token_urlsafe may start with "-": `kifu token revoke -abc` would then be an unknown option
    tokens = [auth.new_token() for _ in range(2000)]
    assert all(t.startswith("kifu_") and len(t) > 40 for t in tokens)
    assert len(set(tokens)) == len(tokens)
    made = run("token", "create", "--role", "judge", "--redis-url", redis_url).output.strip()
    assert made.startswith("kifu_")
    assert run("token", "revoke", made, "--redis-url", redis_url).output.strip() == "revoked"
