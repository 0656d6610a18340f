"""Regulations (対戦用具/カードの使用制限, ``regulation``): the shipped official one and an
organizer's, read as data, checked at setup with the entry and its effective date named."""
from __future__ import annotations

import copy

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import regulation

from .helpers import CS, DECKS

# an invented printing of the number the official regulation restricts (no real data needed)
KANATA = "hBP01-010_U"


@pytest.fixture(scope="module")
def R():
    kanata = {**copy.deepcopy(CS.cards["FX01-001_C"]), "id": KANATA, "number": "hBP01-010", "name": "天音かなた"}
    kanata.pop("fixture", None)
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-regulation", "title": "FIXTURE + hBP01-010",
                                  "cards": CS.loaded["cards"] + [kanata], "decks": CS.loaded["decks"]})
    return UNBOUND.bind(mixed)


def with_kanata(copies: int) -> dict:
    deck = list(DECKS[0]["deck"])
    for _ in range(copies):
        deck[deck.index("FX01-002_C")] = KANATA
    return {**DECKS[0], "deck": deck}


def setup(R, reg, p1=None):
    opts = {"first_player": "p1", "decks": {"p1": p1 or with_kanata(2), "p2": DECKS[1]}}
    if reg is not ...:
        opts["regulation"] = reg
    return R.setup(R.options_schema.load(opts), "reg", 2)


def test_the_shipped_regulation_restricts_hbp01_010_to_one_from_2024_12_20():
    official = regulation.shipped()["official"]
    assert [(e["number"], e["limit"], e["from"]) for e in official["restricted"]] == [("hBP01-010", 1, "2024-12-20")]
    assert official["banned"] == [] and official["digest"] == regulation.digest(official)


def test_given_two_copies_of_a_restricted_card_when_the_match_is_on_or_after_its_date_then_setup_refuses(R):
    official = regulation.shipped()["official"]
    # a casual match (no regulation): four copies are allowed (対戦用具)
    setup(R, ..., with_kanata(4))
    # the day before the restriction takes effect: allowed
    setup(R, {**official, "date": "2024-12-19"})
    # on its day: refused, citing the regulation, the entry and its date
    with pytest.raises(RuleViolation) as refused:
        setup(R, {**official, "date": "2024-12-20"})
    assert refused.value.rule == "対戦用具/カードの使用制限"
    assert "p1: hBP01-010 ×2: 制限カード of regulation official (from 2024-12-20): at most 1" in refused.value.message
    # named by its id (pure use: no date, so every entry is in force); one copy is legal
    with pytest.raises(RuleViolation, match="制限カード"):
        setup(R, "official")
    setup(R, "official", with_kanata(1))


def test_an_organizers_regulation_bans_and_restricts_by_card_number_and_is_named_with_its_digest(R):
    mine = regulation.load({"id": "store-cup", "title": "Store cup", "as_of": "2025-01-01",
                            "restricted": [{"number": "FX01-003", "limit": 2, "from": "2025-01-01"}],
                            "banned": [{"number": "FX00-002", "from": "2025-01-01"}]})
    reg = {**mine, "digest": regulation.digest(mine), "date": "2025-02-01"}
    with pytest.raises(RuleViolation) as refused:
        setup(R, reg, DECKS[0])
    msg = refused.value.message
    assert f"FX00-002 ×4: 禁止カード of regulation store-cup ({reg['digest'][:12]}…) (from 2025-01-01)" in msg
    assert "FX01-003 ×4: 制限カード of regulation store-cup" in msg and "at most 2" in msg
    assert "p2: FX00-002 ×4: 禁止カード" in msg and "p2: FX01-003" not in msg  # p2 holds the letter, not the 1st


def test_a_bad_regulation_names_every_field_and_an_unknown_name_is_refused():
    with pytest.raises(regulation.RegulationError) as bad:
        regulation.load({"id": "x y", "title": "", "as_of": "soon",
                         "restricted": [{"number": "hBP01-010", "limit": 9, "from": "2024/12/20"}], "extra": 1})
    assert {"id", "title", "as_of", "restricted.0.limit", "restricted.0.from", "extra"} <= set(bad.value.errors)
    with pytest.raises(regulation.RegulationError, match="listed twice"):
        regulation.load({"id": "x", "title": "t", "as_of": "2025-01-01",
                         "restricted": [{"number": "a", "limit": 1, "from": "2025-01-01"}],
                         "banned": [{"number": "a", "from": "2025-01-01"}]})
    with pytest.raises(Exception, match="no regulation 'nope' ships"):
        UNBOUND.options_schema.load({"regulation": "nope"})
