"""Matches at a physical or observed table: the recorder states every chance outcome.

Given a match created with a table and (for the set-up) a deal, when a command or a deal
lacks an outcome or names an impossible one, then it is refused with the event it needs
(``Rejected.needs``) and nothing is written; the deal stays secret beside the seed until
the record is revealed, and a revealed record verifies and imports with it.
"""
from __future__ import annotations

import pytest

from kifu.replays import bot, canon, records, verify
from kifu.replays.kit.tables import restate
from kifu.service import keys
from kifu.service.errors import BadRequest, ImportRejected, Rejected
from tests.replays.toygame import TOY, TOY_RULES
from tests.service.conftest import add, dump
from tests.service.toy import TALLY, lookup

DECKS = {"p1": ["k1", "k1", "k2", "k3"], "p2": ["k5", "k6", "k7", "k8"]}
DEAL = ["k1", "k1", "k2", "k5", "k6", "k7"]  # p1's three cards, then p2's
DRAW1 = {"type": "draw", "seat": "p1"}


def physical(matches, deal=DEAL, **kw):
    return matches.create("tally", ["Aoi", "Ren"], {"target": 10**6, "decks": DECKS}, table="physical", deal=deal,
                          seed="physical-seed", **kw)


def test_a_physical_match_keeps_its_deal_secret_beside_the_seed(matches, store):
    info = physical(matches, tournament="Spring", round="2", table_number="7")
    header = info.header
    assert (header["table"], header["table_number"], header["round"]) == ("physical", "7", "2")
    assert header["deal_commitment"] == canon.digest(DEAL) and "deal" not in header
    assert header["options"]["decks"] == DECKS
    assert matches.deal(info.id) == DEAL and matches.seed(info.id) == "physical-seed"
    meta = canon.dumps(store.client.hgetall(keys.meta(info.id)))
    assert '"deal"' not in meta and "physical-seed" not in meta
    _, state = matches.state(info.id)
    assert state["hands"] == {"p1": ["k1", "k1", "k2"], "p2": ["k5", "k6", "k7"]}
    assert "deal" not in matches.export(info.id, include_seed=False).header
    revealed = matches.export(info.id, include_seed=True).header
    assert revealed["deal"] == DEAL and revealed["seed"] == "physical-seed"
    assert records.genesis(revealed) == info.chain  # the chain commits to the deal, not to the deal itself


@pytest.mark.parametrize("deal, index, options", [
    (DEAL[:5], 5, ["k7", "k8"]),           # p2's third card missing
    ([], 0, ["k1", "k2", "k3"]),           # nothing stated
    (["k1", "k1", "k9", *DEAL[3:]], 2, ["k2", "k3"]),   # no k9 in p1's deck list
    (["k1", "k1", "k1", *DEAL[3:]], 2, ["k2", "k3"]),   # p1's list has two k1, both dealt
])
def test_a_deal_lacking_or_misnaming_an_outcome_is_refused_with_the_event_it_needs(matches, store, deal, index,
                                                                                 options):
    before = dump(store.client)
    with pytest.raises(Rejected) as refused:
        physical(matches, deal=deal)
    needs = refused.value.to_json()["needs"]
    assert refused.value.rule == "toy/deal"
    assert (needs["name"], needs["rule"], needs["index"], needs["options"]) == ("deal", "toy/deal", index, options)
    assert needs["names"] == [o[1:] for o in options] and needs["unknown_ok"] is False  # physical: null refused
    assert needs["visible"] == (["p1"] if index < 3 else ["p2"])
    assert dump(store.client) == before


def test_other_refusals_of_a_match_write_nothing_either(matches, store):
    before = dump(store.client)
    cases = [
        (lambda: physical(matches, deal=[*DEAL, "k8"]), Rejected),  # an outcome no event took
        (lambda: matches.create("tally", ["A", "B"], deal=DEAL), BadRequest),  # a digital table deals itself
        (lambda: physical(matches, deal=["k1", 1.5]), BadRequest),
        (lambda: physical(matches, deal="k1"), BadRequest),
        (lambda: matches.create("tally", ["A", "B"], table="3"), BadRequest),
        (lambda: matches.create("tally", ["A", "B"], {"decks": {"p1": ["k1", "zz"]}}), Rejected),
        (lambda: matches.create("tally", ["A", "B"], cardset="nope"), BadRequest),
        (lambda: matches.create("tally", ["A", "B"], cardset="f" * 64), BadRequest),
    ]
    for call, error in cases:
        with pytest.raises(error):
            call()
    assert dump(store.client) == before
    with pytest.raises(Rejected) as refused:
        matches.create("tally", ["A", "B"], {"decks": {"p1": ["k1", "zz"]}})
    assert refused.value.rule == "toy/decks" and "'zz' is not a card of this card set" in refused.value.message


def test_a_command_lacking_or_misnaming_its_outcome_is_refused_with_needs_and_writes_nothing(matches, store):
    mid = physical(matches).id
    before = dump(store.client)
    for command, index in ((DRAW1, 0), ({**DRAW1, "outcomes": ["k2"]}, 0), ({**DRAW1, "outcomes": [None]}, 0)):
        with pytest.raises(Rejected) as refused:
            matches.submit(mid, command, expected_seq=0)
        needs = refused.value.needs
        assert (needs["name"], needs["rule"], needs["index"], needs["options"]) == ("draw", "toy/draw", index, ["k3"])
        assert refused.value.to_json()["needs"] == needs
    with pytest.raises(Rejected) as refused:  # one outcome too many is refused, but no event is missing
        matches.submit(mid, {**DRAW1, "outcomes": ["k3", "k3"]}, expected_seq=0)
    assert refused.value.needs is None
    assert dump(store.client) == before
    assert matches.submit(mid, {**DRAW1, "outcomes": ["k3"]}, expected_seq=0).seq == 1
    assert matches.state(mid)[1]["hands"]["p1"] == ["k1", "k1", "k2", "k3"]
    with pytest.raises(Rejected) as refused:  # p1's deck is empty now
        matches.submit(mid, {**DRAW1, "outcomes": ["k3"]}, expected_seq=1)
    assert refused.value.rule == "toy/draw" and refused.value.needs is None


def test_the_table_is_offered_each_chance_command_once_with_the_outcome_it_needs(matches):
    mid = physical(matches).id
    matches.submit(mid, add("p1", 2), expected_seq=0)
    step = matches.view_step(mid, "p1", seats=["p1", "p2"], line=False)
    assert step.table == "physical"
    offered = {c["command"]["type"]: c for c in step.seats[0].commands}
    assert [c["command"] for c in step.seats[0].commands] == [add("p1", 1), add("p1", 2), add("p1", 3), DRAW1]
    assert offered["add"]["needs"] is None and offered["draw"]["label"] == "p1: draw"
    assert offered["draw"]["needs"] == {"name": "draw", "rule": "toy/draw", "options": ["k3"], "names": ["3"],
                                        "unknown_ok": False, "visible": ["p1"], "index": 0}
    assert step.seats[0].legal[-1] == {**DRAW1, "outcomes": ["k3"]}  # what /legal serves: once per outcome
    assert [c["outcomes"] for c in step.seats[1].legal if c["type"] == "draw"] == [["k8"]]
    assert matches.needs(mid, DRAW1) == offered["draw"]["needs"]
    assert matches.needs(mid, {**DRAW1, "outcomes": ["k3"]}) is None and matches.needs(mid, add("p1", 1)) is None
    with pytest.raises(BadRequest):
        matches.needs(mid, {"type": "draw"})
    with pytest.raises(Rejected):
        matches.needs(mid, add("p1", 7))


def test_an_observed_table_leaves_unseen_outcomes_unknown_and_refuses_an_impossible_reveal(new_service, store):
    matches = new_service(games=lambda: [TOY_RULES])
    mid = matches.create("toy", ["Aoi", "Ren"], table="observed").id
    assert matches.deal(mid) == [] and matches.info(mid).header["deal_commitment"] == canon.digest([])
    matches.submit(mid, {"type": "draw", "seat": "p1", "outcomes": [None]}, expected_seq=0)
    matches.submit(mid, {"type": "draw", "seat": "p2", "outcomes": ["c1"]}, expected_seq=1)
    _, state = matches.state(mid)
    assert state["hands"]["p1"] == ["?1"] and state["hands"]["p2"] == ["c1"]
    before = dump(store.client)
    with pytest.raises(Rejected) as refused:  # c1 is in p2's hand: p1's unknown card cannot be it
        matches.submit(mid, {"type": "bank", "seat": "p1", "card": "c1"}, expected_seq=2)
    assert refused.value.rule == "バンク"
    assert dump(store.client) == before
    matches.submit(mid, {"type": "bank", "seat": "p1", "card": "c5"}, expected_seq=2)
    assert matches.state(mid)[1]["zones"]["revealed"][0]["card"] == "c5"
    line = matches.history(mid, "p2", 1, 1)[0]
    assert line["command"]["outcomes"] == [None]  # nobody saw it, p2 least of all
    record = matches.export(mid, include_seed=True)
    assert record.header["deal"] == [] and verify.verify(record, lookup=lambda h: TOY).ok


def test_a_digital_game_recorded_again_at_a_physical_table_reaches_the_same_states(matches):
    digital = matches.create("tally", ["Aoi", "Ren"], {"target": 40}, seed="same")
    commands = [c for c, _ in bot.play(TALLY, matches.state(digital.id)[1], "bot")]
    for seq, command in enumerate(commands):
        matches.submit(digital.id, command, expected_seq=seq)
    deal, stated = restate(TALLY, {"target": 40}, "same", 2, commands)
    at_table = matches.create("tally", ["Aoi", "Ren"], {"target": 40}, table="physical", deal=deal, seed="same")
    for seq, command in enumerate(stated):
        matches.submit(at_table.id, command, expected_seq=seq)
    assert matches.info(at_table.id).status == "finished"
    for at in (0, len(commands) // 2, len(commands)):
        one, other = matches.state(digital.id, at)[1], matches.state(at_table.id, at)[1]
        assert {**one, "table": "physical", "chance": other["chance"]} == other
    assert TALLY.view(one, "omniscient") == TALLY.view(other, "omniscient")


def test_an_export_imports_and_verifies_with_its_deal(matches, store):
    mid = physical(matches).id
    matches.submit(mid, {**DRAW1, "outcomes": ["k3"]}, expected_seq=0)
    matches.submit(mid, {"type": "draw", "seat": "p2", "outcomes": ["k8"]}, expected_seq=1)
    revealed = matches.export(mid, include_seed=True)
    report = verify.verify(revealed, lookup=lookup)
    assert report.ok and report.replayed and report.entries == 2
    imported = matches.import_record(revealed.dumps(), by="judge")
    assert matches.deal(imported.id) == DEAL and "deal" not in imported.header
    assert matches.state(imported.id) == matches.state(mid)

    hidden = matches.export(mid, include_seed=False)
    before = dump(store.client)
    with pytest.raises(ImportRejected) as refused:  # the seed alone cannot replay a physical table
        matches.import_record(hidden.dumps(), by="judge", seed="physical-seed")
    assert "does not reveal the deal" in refused.value.message
    with pytest.raises(ImportRejected) as refused:  # a deal the header did not commit to
        matches.import_record(hidden.dumps(), by="judge", seed="physical-seed", deal=[*DEAL[:5], "k8"])
    assert refused.value.divergence.what == "seed" and "deal_commitment" in refused.value.message
    altered = records.read_text(revealed.dumps()).record
    altered.header["deal"] = [*DEAL[:5], "k8"]
    with pytest.raises(ImportRejected):
        matches.import_record(altered.dumps(), by="judge")
    assert dump(store.client) == before
    again = matches.import_record(hidden.dumps(), by="judge", seed="physical-seed", deal=DEAL)
    assert again.chain == matches.info(mid).chain
