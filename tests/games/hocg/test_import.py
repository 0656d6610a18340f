"""``kifu cards import hocg FILE``: the official list's printings converted under a progress
bar (tqdm, on stderr, shown to a pipe too), the set stored by digest, stdout kept for the
result line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from kifu.replays import canon
from kifu.service.cli import main

from .helpers import REAL_LIST
from .test_cards import RAW, needs_list


def test_importing_a_raw_list_shows_a_bar_over_its_printings_and_stores_it(tmp_path, redis_url, redis_client):
    path = tmp_path / "list.json"
    path.write_text(json.dumps(RAW, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "import", "hocg", str(path), "--redis-url", redis_url],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "converting" in result.stderr and f"{len(RAW)}/{len(RAW)}" in result.stderr
    assert "converting" not in result.stdout and ": stored: hocg card set" in result.stdout
    assert redis_client.hget(f"kifu:cardset:{canon.digest(RAW)}", "data") is not None


@needs_list
def test_importing_the_official_list_shows_the_bar_to_a_pipe(tmp_path, redis_url):
    count = len(json.loads(REAL_LIST.read_text(encoding="utf-8")))
    kifu = Path(sys.executable).with_name("kifu")
    done = subprocess.run([str(kifu), "cards", "import", "hocg", str(REAL_LIST), "--redis-url", redis_url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert f"{count}/{count}" in done.stderr and "card/s" in done.stderr  # not a tty: tqdm still draws
    assert f"{count} cards" in done.stdout
