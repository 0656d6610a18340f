"""ゲームの準備: deck, deal, venues, office, first player; options; the card set file."""
import pytest
from marshmallow import ValidationError

from replays import canon
from replays.errors import RuleViolation
from replays.games.holodelive import RULES, cards

from .helpers import CS, VENUES, fresh


def test_ゲームの準備_deals_two_each_three_venues_and_an_office_card():
    s = fresh(seed="deal")
    assert len(s["hands"]["p1"]) == len(s["hands"]["p2"]) == 2
    assert s["office"] is not None and len(s["deck"]) == 39 - 5
    assert len(s["venues"]) == 3 and len(s["box"]) == 3
    every = s["deck"] + s["hands"]["p1"] + s["hands"]["p2"] + [s["office"]]
    assert sorted(every) == sorted(CS.members)
    assert s["phase"] == "draw" and s["turn"] == 1 and s["step"] == 0


def test_ゲームの準備_deck_order_replaces_the_shuffle():
    order = list(reversed(list(CS.members)))
    s = fresh(first="p2", deck_order=order, venue_order=["dome", "zepp", "livehouse"])
    assert s["active"] == "p2"
    assert s["hands"]["p2"] == [order[0], order[2]] and s["hands"]["p1"] == [order[1], order[3]]
    assert s["office"] == order[4] and s["deck"] == order[5:]
    assert [v["id"] for v in s["venues"]] == ["dome", "zepp", "livehouse"]
    assert sorted(s["box"]) == sorted(set(VENUES) - {"dome", "zepp", "livehouse"})


def test_ゲームの準備_same_seed_same_setup_and_the_seed_decides_the_first_player():
    assert canon.dumps(fresh(first="seed", seed="x")) == canon.dumps(fresh(first="seed", seed="x"))
    firsts = {fresh(first="seed", seed=str(i))["active"] for i in range(20)}
    assert firsts == {"p1", "p2"}


@pytest.mark.parametrize("options", [
    {"deck_order": ["tokino_sora"] * 39},
    {"venue_order": ["dome", "dome", "zepp"]},
    {"venue_order": ["dome", "zepp", "nowhere"]},
    {"deck_order": ["tokino_sora"]},
    {"first_player": "p3"},
    {"cardset": "no-such-set"},
])
def test_ゲームの準備_bad_orders_are_refused(options):
    with pytest.raises(RuleViolation) as info:
        RULES.setup(options, "s", 2)
    assert info.value.rule == "ゲームの準備"


def test_options_load_empty_and_reject_unknown_keys():
    assert RULES.options_schema.load({}) == {"first_player": "seed", "cardset": "holodelive-demo"}
    with pytest.raises(ValidationError):
        RULES.options_schema.load({"first": "p1"})
    with pytest.raises(ValidationError):
        RULES.options_schema.load({"first_player": "p3"})


def test_cardset_ref_is_the_digest_of_the_file_data():
    ref = RULES.cardset_ref(RULES.options_schema.load({}))
    assert ref == {"id": "holodelive-demo", "digest": canon.digest(CS.data)}


def test_demo_cardset_has_39_members_6_venues_and_says_what_is_unverified():
    assert len(CS.members) == 39 and len(CS.venues) == 6
    assert all(m.get("unverified") for m in CS.members.values())
    assert all(v.get("unverified") for v in CS.venues.values())
    staff = [m for m in CS.members.values() if m["icons"] == ["STAFF"]]
    assert {m["name"] for m in staff} == {"YAGOO", "えーちゃん", "春先のどか"}


def test_cardset_schema_refuses_a_broken_file():
    data = dict(CS.data)
    data["members"] = list(CS.data["members"])
    data["members"][0] = {**data["members"][0], "icons": ["NOPE"]}
    with pytest.raises(ValidationError):
        cards.load_data(data)
    data["members"][0] = {**CS.data["members"][0], "abilities": [{"timing": "play", "effect": "wild", "text": "x"}]}
    with pytest.raises(ValidationError):
        cards.load_data(data)


def test_a_record_naming_an_unknown_card_set_fails_verification_cleanly():
    from replays import records
    from replays.verify import verify

    header = records.new_header(game="holodelive", rules_version=RULES.version, cardset={"id": "x", "digest": ""},
                                seats=["A", "B"], options={"cardset": "x"}, seed="s", created="2026-01-01T00:00:00Z",
                                reveal_seed=True)
    report = verify(records.Record(header))
    assert not report.ok and report.divergence.what == "header"
