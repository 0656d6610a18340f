"""Judged golden records (one per game, ``tests/golden/judged/``): each has a call, a
ruling, a backup over a draw, a fix, an appeal and the head judge's ruling; each verifies
offline, fits the published JSON Schema, and is what the generator writes today, byte for
byte (a change of judging or of a game shows up here: regenerate with
``python -m tests.judging.golden`` only when it is intended)."""
from __future__ import annotations

import jsonschema
import pytest

from kifu.replays import records
from kifu.replays.verify import verify_text
from tests.replays.test_record_schema import _schema

from .golden import FOLDER, judged_game, record
from .scenario import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_a_judged_golden_record_verifies_and_fits_the_schema(game):
    text = (FOLDER / f"{game}.kifu.jsonl").read_text(encoding="utf-8")
    report = verify_text(text)
    assert report.ok and report.replayed, report.divergence
    read = records.read_text(text)
    kinds = [e["command"]["type"] for e in read.record.entries if e["actor"] == "judge"]
    assert kinds == ["judge_call", "ruling", "backup", "fix", "appeal", "ruling"]
    validator = jsonschema.Draft202012Validator(_schema("entry-schema"))
    for entry in read.record.entries:
        validator.validate(entry)
    assert report.outcome is not None  # played on to its end after the case


@pytest.mark.parametrize("game", GAMES)
def test_the_judged_golden_record_is_what_the_rules_make_today(game):
    text = (FOLDER / f"{game}.kifu.jsonl").read_text(encoding="utf-8")
    assert record(judged_game(game)).dumps() == text, (
        f"judging or {game} changed: if intended, regenerate with python -m tests.judging.golden")


def test_the_schema_refuses_a_judge_entry_without_its_seq_or_with_a_stray_field():
    entry = records.read_text((FOLDER / "holodelive.kifu.jsonl").read_text(encoding="utf-8")).record.entries
    backup = next(e for e in entry if e["command"]["type"] == "backup")
    schema = _schema("entry-schema")
    for bad in ({k: v for k, v in backup["command"].items() if k != "seq"}, {**backup["command"], "seat": "p1"},
                {**backup["command"], "to": -1}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**backup, "command": bad}, schema)
