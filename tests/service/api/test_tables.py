"""Recording a physical or observed game live through the API.

Given a match created at a physical or observed table (admin only: a recorder token
belongs to one match that already exists), the recorder states every chance outcome;
``/legal`` lists a chance command once per possible outcome; a missing or impossible
outcome is a 422 whose ``needs`` lists what is possible, and writes nothing; the deal
stays secret while the match is live and is revealed with the seed after; the export
verifies offline (``kifu verify --cardset``).
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kifu.replays import canon, records, registry
from kifu.service.cli import main as kifu_cli
from tests.service.api.conftest import dump
from tests.service.toy import RULES as TALLY_RULES

DECKS = {"p1": ["k1", "k1", "k2", "k3"], "p2": ["k5", "k6", "k7", "k8"]}
DEAL = ["k1", "k1", "k2", "k5", "k6", "k7"]
SMALL = {"id": "tally-small", "title": "Tally, small", "cards": [{"id": f"k{i}", "name": f"{i}"} for i in range(9)]}


def create(admin, **body):
    body = {"game": "tally", "seats": [{"name": "Aoi"}, {"name": "Ren"}], "options": {"decks": DECKS},
            "table": "physical", "deal": DEAL, **body}
    return admin.post("/api/matches", json=body)


@pytest.fixture
def physical(admin):
    rv = create(admin, tournament="Spring Cup", round="3", table_number="12")
    assert rv.status_code == 201, rv.json
    return rv.json


def test_admin_creates_physical_and_observed_matches(admin, physical):
    header = physical["header"]
    assert (header["table"], header["table_number"], header["round"]) == ("physical", "12", "3")
    assert header["options"] == {"target": 60, "decks": DECKS}
    assert header["deal_commitment"] == canon.digest(DEAL) and "deal" not in header and "seed" not in header
    rv = create(admin, table="observed", deal=["k1", None, "k2", None, None, None])
    assert rv.status_code == 201 and rv.json["header"]["table"] == "observed"
    unseen = admin.get(f"/api/matches/{rv.json['id']}/state?as=omniscient").json["view"]
    assert unseen["hands"] == {"p1": ["k1", "?1", "k2"], "p2": ["?2", "?3", "?4"]} and unseen["unknown"]


def test_a_recorder_creates_the_next_physical_match_it_records(api, physical):
    # "Create a physical or observed match from the API and from a web form (admin or recorder)"
    rv = create(api.as_(physical["tokens"]["recorder"]), deal=DEAL)
    assert rv.status_code == 201 and rv.json["header"]["table"] == "physical" and rv.json["id"] != physical["id"]
    player = create(api.as_(physical["tokens"]["p1"]), deal=DEAL)
    assert player.status_code == 403 and player.json["error"] == "forbidden"


@pytest.mark.parametrize("deal, index, options", [
    (DEAL[:5], 5, ["k7", "k8"]),
    (["k1", "k1", "k9", *DEAL[3:]], 2, ["k2", "k3"]),
])
def test_a_deal_lacking_or_misnaming_an_outcome_is_422_with_needs_and_writes_nothing(admin, redis, deal, index,
                                                                                  options):
    before = dump(redis)
    rv = create(admin, deal=deal)
    assert rv.status_code == 422 and rv.json["error"] == "rule_violation" and rv.json["rule"] == "toy/deal"
    assert rv.json["needs"] == {"name": "deal", "rule": "toy/deal", "options": options,
                                "names": [o[1:] for o in options], "unknown_ok": False,  # null is refused here
                                "visible": ["p1"] if index < 3 else ["p2"], "index": index}
    assert dump(redis) == before


@pytest.mark.parametrize("body, status, field", [
    ({"table": "digital"}, 400, "deal"),                     # a digital table deals from the seed
    ({"table": "3"}, 400, "table"),                          # the event's table is table_number
    ({"deal": [1.5]}, 400, None),                            # floats never reach a record
    ({"deal": "k1"}, 400, "deal"),
    ({"cardset": "tally-none"}, 422, "cardset"),             # well-formed, but no such set: unknown_cardset
    ({"options": {"decks": {"p1": ["zz"]}}}, 422, None),     # a deck list names a card the set lacks
])
def test_other_refusals_of_a_new_match_write_nothing(admin, redis, body, status, field):
    before = dump(redis)
    rv = create(admin, **body)
    assert rv.status_code == status, rv.json
    if field:
        assert field in rv.json["errors"], rv.json
    assert dump(redis) == before


def test_an_unknown_card_set_is_a_documented_422_naming_the_known_ones(admin, redis):
    before = dump(redis)
    for cardset in ("tally-none", "0" * 64):  # an id and a digest no stored set has
        rv = create(admin, cardset=cardset)
        assert (rv.status_code, rv.json["error"]) == (422, "unknown_cardset"), rv.json
        assert rv.json["errors"]["cardset"] and rv.json["message"]
    assert "known:" in str(create(admin, cardset="tally-none").json["errors"]["cardset"])
    assert dump(redis) == before


def test_a_command_lacking_or_misnaming_its_outcome_is_422_with_needs_and_writes_nothing(api, redis, physical):
    recorder = api.as_(physical["tokens"]["recorder"])
    before = dump(redis)
    for command in ({"type": "draw", "seat": "p1"}, {"type": "draw", "seat": "p1", "outcomes": ["k1"]}):
        rv = recorder.command(physical["id"], command, 0)
        assert rv.status_code == 422 and rv.json["rule"] == "toy/draw", rv.json
        assert rv.json["needs"]["options"] == ["k3"] and rv.json["needs"]["index"] == 0
    assert dump(redis) == before
    rv = recorder.command(physical["id"], {"type": "draw", "seat": "p1", "outcomes": ["k3"]}, 0)
    assert rv.status_code == 201, rv.json


def test_legal_lists_a_chance_command_once_per_possible_outcome(api, admin, physical):
    recorder = api.as_(physical["tokens"]["recorder"])
    legal = recorder.get(f"/api/matches/{physical['id']}/legal?as=p2").json["commands"]
    assert [c for c in legal if c["type"] == "draw"] == [{"type": "draw", "seat": "p2", "outcomes": ["k8"]}]
    observed = create(admin, table="observed", deal=[None] * 6).json
    legal = api.as_(observed["tokens"]["recorder"]).get(f"/api/matches/{observed['id']}/legal?as=p1").json
    draws = [c["outcomes"] for c in legal["commands"] if c["type"] == "draw"]
    assert draws == [["k1"], ["k2"], ["k3"], [None]]  # what may be on top, or unseen
    for outcomes in draws:  # each is exactly postable
        rv = api.as_(observed["tokens"]["recorder"]).command(
            observed["id"], {"type": "draw", "seat": "p1", "outcomes": outcomes}, 0)
        assert rv.status_code == 201, rv.json
        break


def test_at_a_physical_table_the_recorder_enters_the_game_not_the_players(api, redis, physical):
    mid = physical["id"]
    p1 = api.as_(physical["tokens"]["p1"])
    before = dump(redis)
    rv = p1.command(mid, {"type": "add", "seat": "p1", "n": 1}, 0)
    assert rv.status_code == 403 and "the recorder enters the game" in rv.json["message"]
    # the outcomes /legal lists come from every card placed, the other seat's hand included
    assert p1.get(f"/api/matches/{mid}/legal?as=p1").status_code == 403
    assert dump(redis) == before
    assert p1.get(f"/api/matches/{mid}/state?as=p1").status_code == 200  # a player still sees its seat


def test_the_deal_is_secret_while_live_and_revealed_after(api, admin, judge, physical):
    mid = physical["id"]
    recorder = api.as_(physical["tokens"]["recorder"])
    assert "deal" not in api.get(f"/api/matches/{mid}").json["header"]
    export = recorder.get(f"/api/matches/{mid}/export")
    assert export.status_code == 200, export.json
    assert "deal" not in records.read_text(export.get_data(as_text=True)).record.header
    assert recorder.get(f"/api/matches/{mid}/state?as=p1").json["view"]["hands"]["p2"] == 3  # p2's deal: unseen
    judged = records.read_text(judge.get(f"/api/matches/{mid}/export").get_data(as_text=True)).record.header
    assert judged["deal"] == DEAL and judged["seed"]  # a judge's export (audited) reveals it
    rv = recorder.command(mid, {"type": "resign", "seat": "p2"}, 0)
    assert rv.status_code == 201
    after = records.read_text(api.get(f"/api/matches/{mid}/export").get_data(as_text=True)).record.header
    assert after["deal"] == DEAL and canon.digest(after["deal"]) == after["deal_commitment"]


def test_a_physical_match_with_an_imported_card_set_verifies_offline(api, admin, redis, tmp_path, monkeypatch):
    from kifu.service.cardsets import CardSetStore

    stored, _ = CardSetStore(redis).put(TALLY_RULES, SMALL)
    assert {c["id"] for g in api.get("/api/games").json["games"] if g["id"] == "tally" for c in g["cardsets"]} == \
        {"tally-digits", "tally-small"}
    rv = create(admin, cardset="tally-small", options={}, deal=["k0", "k1", "k2", "k0", "k1", "k2"])
    assert rv.status_code == 201, rv.json
    made = rv.json
    assert made["header"]["cardset"] == {"id": "tally-small", "digest": stored.digest}
    recorder = api.as_(made["tokens"]["recorder"])
    seq = 0
    for command in ({"type": "draw", "seat": "p1", "outcomes": ["k5"]}, {"type": "add", "seat": "p2", "n": 9},
                    {"type": "draw", "seat": "p2", "outcomes": ["k8"]}, {"type": "resign", "seat": "p1"}):
        rv = recorder.command(made["id"], command, seq)
        assert rv.status_code == 201, rv.json
        seq = rv.json["seq"]
    path = tmp_path / "match.kifu.jsonl"
    path.write_text(api.get(f"/api/matches/{made['id']}/export").get_data(as_text=True))
    cardset = tmp_path / "small.json"
    cardset.write_text(json.dumps(SMALL))
    monkeypatch.setattr(registry, "GAME_MODULES", ("tests.service.toy",))
    registry._load.cache_clear()
    registry.demo_cardsets.cache_clear()
    try:
        runner = CliRunner()
        result = runner.invoke(kifu_cli, ["verify", str(path), "--cardset", str(cardset)])
        assert result.exit_code == 0, result.output
        assert f"{path}: ok, 4 entries" in result.output and "replayed" in result.output
        result = runner.invoke(kifu_cli, ["verify", str(path)])  # without the set it cannot be replayed
        assert result.exit_code == 1 and "give its file with --cardset" in result.output
    finally:
        monkeypatch.undo()
        registry._load.cache_clear()
        registry.demo_cardsets.cache_clear()
