"""``kifu deck check`` and ``kifu deck export`` (click's CliRunner, the real games)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.replays import registry
from kifu.service.cli import main

REAL_LIST = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hocg" / "card_data.json"
KANATA = REAL_LIST.parent / "decks" / "hbp01_001.txt"
GOOD = "推しホロメン\n1 FX01-000\nメインデッキ\n50 FX01-002\nエールデッキ\n20 x 白エール\n"
BAD = "推し\nメイン\n4 x FX01-001_C\n5 FX00-001\n1 白エール\n"


def run(*args: str, code: int = 0):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result


def test_given_a_legal_list_then_check_says_its_counts_and_exits_0(tmp_path):
    (tmp_path / "deck.txt").write_text(GOOD, encoding="utf-8")
    out = run("deck", "check", "hocg", str(tmp_path / "deck.txt")).output
    assert "oshi 1 / main 50 / cheer 20: ok (hocg, card set hocg-fixture)" in out


def test_given_a_bad_list_then_check_prints_every_problem_with_its_line_and_exits_1(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(BAD, encoding="utf-8")
    out = run("deck", "check", "hocg", str(path), code=1).output.splitlines()
    assert out[:5] == [f"{path}:1: 推しホロメン: none; it must have 1",
                       f"{path}:2: メインデッキ: 10 cards; it must have 50",
                       f"{path}:4: 5 copies of FX00-001 (マネージャーさん); at most 4",
                       f"{path}:5: FX00-C01 (白エール) does not go in メインデッキ (only ホロメン and サポート); it goes in エールデッキ",
                       f"{path}: エールデッキ: none; it must have 20"]
    assert "5 problem(s)" in out[5]


@pytest.mark.skipif(not KANATA.exists(), reason="the official card list and decks (../shared/data/hocg/) are not "
                                                "here (input only, never committed)")
def test_an_official_list_checks_against_the_card_list_given_as_a_file():
    out = run("deck", "check", "hocg", str(KANATA), "--cardset", str(REAL_LIST)).output
    assert "oshi 1 / main 50 / cheer 20: ok (hocg, card set hocg-list-" in out


def test_a_game_without_deck_text_an_unknown_card_set_or_a_missing_file_exit_2(tmp_path, redis_url):
    (tmp_path / "deck.txt").write_text(GOOD, encoding="utf-8")
    assert "has no deck lists in text" in run("deck", "check", "senbu_rinki", str(tmp_path / "deck.txt"), code=2).output
    assert "no card set 'nope' of hocg" in run("deck", "check", "hocg", str(tmp_path / "deck.txt"), "--cardset", "nope",
                                               "--redis-url", redis_url, code=2).output
    assert run("deck", "check", "hocg", str(tmp_path / "missing.txt"), code=2).exit_code == 2


def test_export_writes_a_structured_list_as_text_that_check_accepts(tmp_path):
    rules = registry.get("hocg")
    cs = next(c for c in rules.demo_cardsets() if c.id == rules.default_cardset)
    deck = cs.loaded["decks"][0]
    value = {"oshi": deck["oshi"], "deck": [c for c, n in deck["deck"].items() for _ in range(n)],
             "cheer": [c for c, n in deck["cheer"].items() for _ in range(n)]}
    (tmp_path / "deck.json").write_text(json.dumps(value), encoding="utf-8")
    text = run("deck", "export", "hocg", str(tmp_path / "deck.json")).output
    assert text.startswith("推しホロメン\n1 FX01-000  # 雪見ユキ 推しホロメン\nメインデッキ\n")
    (tmp_path / "deck.txt").write_text(text, encoding="utf-8")
    assert ": ok" in run("deck", "check", "hocg", str(tmp_path / "deck.txt"), "--cardset", "hocg-fixture").output
