"""The JSON Schema published in docs/review-format.md accepts what kifu exports (and refuses
what an import refuses), as tests/replays/test_record_schema.py does for records."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from tests.review.test_exchange import annotated

DOC = Path(__file__).resolve().parents[2] / "docs" / "review-format.md"


def _schema(name):
    match = re.search(rf"```json {name}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, f"{name} block missing from {DOC}"
    schema = json.loads(match.group(1))
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def test_an_export_of_notes_shapes_and_a_variation_matches_the_published_schema(api, svc, tokens):
    mid = annotated(api, svc, tokens)
    text = api.as_(tokens["judge"]).get(f"/api/matches/{mid}/review/export").get_data(as_text=True)
    header, *items = [json.loads(line) for line in text.splitlines()]
    jsonschema.validate(header, _schema("review-header-schema"))
    item_schema = _schema("review-item-schema")
    for item in items:
        jsonschema.validate(item, item_schema)
    assert sorted(i["type"] for i in items) == ["note", "shapes", "shapes", "variation"]
    assert {i["type"]: i for i in items if i["type"] == "shapes" and i["note"]}["shapes"]["note"] == next(
        i["id"] for i in items if i["type"] == "note")


@pytest.mark.parametrize("change", [
    {"kifu_review": 2}, {"head": {"seq": 1}}, {"secret": "x"},
])
def test_the_header_schema_refuses_another_version_a_headless_export_and_unknown_fields(change):
    header = {"kifu_review": 1, "game": "holodelive", "rules_version": 1, "match": "m",
              "head": {"seq": 1, "chain": "a" * 64}}
    jsonschema.validate(header, _schema("review-header-schema"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**header, **change}, _schema("review-header-schema"))


@pytest.mark.parametrize("item", [
    {"type": "note", "id": "1-0", "step": 1, "anchor": "a" * 64, "text": "", "glyph": None, "by": "x", "at": "Z"},
    {"type": "note", "id": "1-0", "step": 1, "anchor": "a" * 64, "text": "t", "glyph": "?!?", "by": "x", "at": "Z"},
    {"type": "shapes", "step": 1, "anchor": "a" * 64, "perspective": "public", "note": None, "by": "x", "at": "Z",
     "shapes": [{"kind": "arrow", "from": "a", "to": "b", "color": "pink"}]},
    {"type": "shapes", "step": 1, "anchor": "a" * 64, "perspective": "public", "note": None, "by": "x", "at": "Z",
     "shapes": [{"kind": "highlight", "at": "hand p1", "color": "red"}]},
    {"type": "variation", "id": "1-0", "step": 1, "anchor": "a" * 64, "title": "", "commands": [],
     "seed": "s" * 32, "hashes": [], "by": "x", "at": "Z"},
    {"type": "comment", "step": 1, "anchor": "a" * 64},
])
def test_the_item_schema_refuses_what_an_import_refuses(item):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(item, _schema("review-item-schema"))
