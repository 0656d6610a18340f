"""The JSON Schema published in docs/record-format.md accepts what kifu writes."""
import json
import re
from pathlib import Path

import jsonschema
import pytest

from kifu.replays import registry
from kifu.replays.demo import demo_record

from .toygame import TOY

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def _schema(name):
    match = re.search(rf"```json {name}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, f"{name} block missing from {DOC}"
    return json.loads(match.group(1))


def _check(record):
    jsonschema.validate(record.header, _schema("header-schema"))
    entry_schema = _schema("entry-schema")
    for entry in record.entries:
        jsonschema.validate(entry, entry_schema)


def test_toy_record_matches_the_published_schema():
    _check(demo_record(TOY, seed="schema", index=0))


@pytest.mark.parametrize("game", registry.ids())
def test_every_registered_game_writes_schema_valid_records(game):
    _check(demo_record(registry.demo(game), seed="schema", index=0))


def test_schema_rejects_a_float_seq_and_an_unknown_field():
    record = demo_record(TOY, seed="schema", index=0)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**record.entries[0], "seq": 1.5}, _schema("entry-schema"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**record.header, "secret": "x"}, _schema("header-schema"))


def test_a_physical_record_matches_the_published_schema():
    from .test_verify import _physical_text
    from kifu.replays import records
    record = records.read_text(_physical_text()).record
    assert record.header["table"] == "physical" and "deal_commitment" in record.header
    _check(record)
