"""ゲームの準備: deck list, deal, venues, office, first player; options; the card set."""
import copy

import pytest
from marshmallow import ValidationError

from kifu.replays import canon, records
from kifu.replays.errors import RuleViolation
from kifu.replays.games.holodelive import RULES as UNBOUND
from kifu.replays.kit import CardSetError
from kifu.replays.kit.chance import OutcomeNeeded
from kifu.replays.verify import verify

from .helpers import CS, MEMBERS, RULES, VENUES, deck_cards, fresh, pile


def test_ゲームの準備_deals_two_each_three_venues_and_an_office_card():
    s = fresh(seed="deal")
    assert len(s["hands"]["p1"]) == len(s["hands"]["p2"]) == 2
    assert s["office"] is not None and pile(s)["size"] == 39 - 5
    assert len(s["venues"]) == 3 and pile(s, "box")["size"] == 3
    every = deck_cards(s) + s["hands"]["p1"] + s["hands"]["p2"] + [s["office"]]
    assert sorted(every) == sorted(MEMBERS)
    assert sorted([v["id"] for v in s["venues"]] + list(pile(s, "box")["unseen"])) == sorted(VENUES)
    assert s["phase"] == "draw" and s["turn"] == 1 and s["step"] == 0


def test_ゲームの準備_the_deal_events_in_order_and_who_sees_them():
    s = fresh(first="seed", seed="deal")
    assert [e["event"] for e in s["chance"]] == ["first_player"] + ["deal"] * 4 + ["office"] + ["venue"] * 3
    first, second = s["active"], "p2" if s["active"] == "p1" else "p1"
    assert [e["visible"] for e in s["chance"][1:5]] == [[first], [second], [first], [second]]
    assert s["chance"][5]["visible"] == "all" and all(e["visible"] == [] for e in s["chance"][6:])


def test_ゲームの準備_a_physical_table_states_the_deal_one_card_at_a_time_from_the_first_player():
    hand = ["azki", "roboco", "sakura_miko", "takane_lui"]
    deal = ["p2", *hand, "shirogane_noel"]  # the venues go face down unseen: nobody states them
    s = fresh(first="seed", table="physical", deal=deal)
    assert s["active"] == "p2" and s["hands"] == {"p2": ["azki", "sakura_miko"], "p1": ["roboco", "takane_lui"]}
    assert s["office"] == "shirogane_noel" and [v["id"] for v in s["venues"]] == ["?1", "?2", "?3"]
    assert sorted(pile(s, "box")["unseen"]) == sorted(VENUES) and pile(s, "box")["size"] == 3
    with pytest.raises(RuleViolation, match="nobody sees.*record-format"):
        fresh(first="seed", table="physical", deal=[*deal, "dome", "zepp", "livehouse"])
    with pytest.raises(RuleViolation) as info:  # a card dealt twice
        fresh(first="seed", table="physical", deal=["p2", "azki", "azki", *deal[3:]])
    assert info.value.rule == "ゲームの準備"
    with pytest.raises(OutcomeNeeded) as need:
        fresh(first="seed", table="physical", deal=deal[:5])
    assert need.value.event.name == "office" and need.value.index == 5


def test_ゲームの準備_an_observed_table_may_leave_hands_and_venues_unknown_but_not_the_face_up_office():
    deal = [None, "roboco", None, None, "shirogane_noel", None, "dome", None]
    s = fresh(table="observed", deal=deal)
    assert s["hands"] == {"p1": ["?1", "?2"], "p2": ["roboco", "?3"]}
    assert [v["id"] for v in s["venues"]] == ["?4", "dome", "?5"]
    with pytest.raises(RuleViolation):
        fresh(table="observed", deal=[None, None, None, None, None, None, None, None])


def test_ゲームの準備_the_deck_list_is_what_is_in_play():
    deck = MEMBERS[:20]
    s = fresh(seed="list", deck=deck)
    assert sorted(deck_cards(s) + s["hands"]["p1"] + s["hands"]["p2"] + [s["office"]]) == sorted(deck)


@pytest.mark.parametrize("options", [
    {"deck": ["tokino_sora"] * 39},
    {"deck": MEMBERS[:4]},
    {"deck": MEMBERS[:10] + ["nobody"]},
    {"first_player": "p3"},
    {"deck_order": MEMBERS},  # version 1's option: a physical table states the order instead
    {"cardset": "holodelive-demo"},
])
def test_ゲームの準備_bad_options_are_refused(options):
    with pytest.raises(RuleViolation) as info:
        RULES.setup(options, "s", 2)
    assert info.value.rule == "ゲームの準備"


def test_ゲームの準備_same_seed_same_setup_and_the_seed_decides_the_first_player():
    assert canon.dumps(fresh(first="seed", seed="x")) == canon.dumps(fresh(first="seed", seed="x"))
    firsts = {fresh(first="seed", seed=str(i))["active"] for i in range(20)}
    assert firsts == {"p1", "p2"}


def test_options_load_empty_and_reject_unknown_keys():
    assert RULES.options_schema.load({}) == {"first_player": "seed"}
    with pytest.raises(ValidationError):
        RULES.options_schema.load({"first": "p1"})
    with pytest.raises(ValidationError):
        RULES.options_schema.load({"first_player": "p3"})


def test_the_demo_set_is_bound_by_its_digest():
    assert RULES.cardset.ref() == {"id": "holodelive-demo", "digest": canon.digest(CS.data)}
    assert UNBOUND.cardset is None
    with pytest.raises(RuntimeError):
        UNBOUND.setup({}, "s", 2)


def test_demo_cardset_has_39_members_6_venues_and_says_what_is_unverified():
    members = CS.data["members"]
    assert len(members) == 39 and len(CS.data["venues"]) == 6
    assert all(m.get("unverified") for m in members) and all(v.get("unverified") for v in CS.data["venues"])
    staff = [m for m in members if m["icons"] == ["STAFF"]]
    assert {m["name"] for m in staff} == {"YAGOO", "えーちゃん", "春先のどか"}


def test_cardset_schema_refuses_a_broken_set_with_the_field_path():
    data = copy.deepcopy(dict(CS.data))
    data["members"][0]["icons"] = ["NOPE"]
    with pytest.raises(CardSetError) as info:
        UNBOUND.load_cardset(data)
    assert "members.0.icons.0" in info.value.errors
    data = copy.deepcopy(dict(CS.data))
    data["members"][3]["abilities"] = [{"timing": "play", "effect": "wild", "text": "x"}]
    with pytest.raises(CardSetError) as info:
        UNBOUND.load_cardset(data)
    assert "members.3.abilities.0.effect" in info.value.errors


def test_a_record_naming_an_unknown_card_set_fails_verification_cleanly():
    header = records.new_header(game="holodelive", rules_version=RULES.version, cardset={"id": "x", "digest": "0"},
                                seats=["A", "B"], options={}, seed="s", created="2026-01-01T00:00:00Z",
                                reveal_seed=True)
    report = verify(records.Record(header))
    assert not report.ok and report.divergence.what == "header"


def test_a_version_1_record_is_told_which_version_it_needs():
    header = records.new_header(game="holodelive", rules_version=1, cardset=RULES.cardset.ref(),
                                seats=["A", "B"], options={}, seed="s", created="2026-01-01T00:00:00Z",
                                reveal_seed=True)
    report = verify(records.Record(header))
    assert report.divergence.what == "header" and "version 1" in report.divergence.message
