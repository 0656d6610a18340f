"""Card sets in Redis by digest, and matches bound to the set their header names."""
from __future__ import annotations

import pytest

from kifu.replays import canon
from kifu.replays.kit.cardset import CardSetError
from kifu.service import keys
from kifu.service.cardsets import CardSetStore, demo_sets
from kifu.service.errors import BadRequest, RulesUnavailable
from tests.service.conftest import add, dump
from tests.service.toy import DIGITS, RULES, TALLY

SMALL = {"id": "tally-small", "title": "Tally, small", "cards": [{"id": f"k{i}", "name": f"{i}"} for i in (1, 2, 3)]}


def test_put_validates_first_stores_once_and_lists(store):
    cards = CardSetStore(store.client)
    before = dump(store.client)
    with pytest.raises(CardSetError) as refused:
        cards.put(RULES, {"id": "bad", "title": "Bad", "cards": [{"id": "k1"}, 3]})
    assert refused.value.errors == {"cards.1": ["Not a valid mapping type."]}
    with pytest.raises(CardSetError) as refused:
        cards.put(RULES, {"id": "bad id!", "title": "Bad", "cards": []})
    assert set(refused.value.errors) == {"id", "cards"}
    assert dump(store.client) == before  # nothing stored on any error
    cs, new = cards.put(RULES, SMALL)
    assert new and cs.digest == canon.digest(SMALL) and sorted(cs.cards) == ["k1", "k2", "k3"]
    stored = dump(store.client)
    assert cards.put(RULES, dict(SMALL)) == (cs, False)  # the same content again: nothing changes
    assert dump(store.client) == stored
    [listed] = cards.list("tally")
    assert (listed.game, listed.id, listed.digest, listed.title, listed.cards) == \
        ("tally", "tally-small", cs.digest, "Tally, small", 3)
    assert cards.list() == [listed] and cards.list("toy") == []
    info, data = cards.get(cs.digest)
    assert info == listed and data == SMALL
    assert cards.load(RULES, cs.digest) == cs and cards.get("0" * 64) is None and cards.get("../x") is None


def test_a_set_stored_for_one_game_is_not_another_games(store):
    from tests.replays.toygame import TOY_RULES

    cards = CardSetStore(store.client)
    cs, _ = cards.put(RULES, SMALL)
    assert cards.load(TOY_RULES, cs.digest) is None
    with pytest.raises(CardSetError):
        cards.put(TOY_RULES, {**SMALL})  # the toy's schema takes the same data: it is still tally's
    assert cards.list("toy") == []


def test_demo_sets_are_imported_once(store):
    cards = CardSetStore(store.client)
    assert [cs.id for cs in cards.import_demo([RULES])] == ["tally-digits"]
    assert cards.import_demo([RULES]) == []
    assert [c.digest for c in cards.list("tally")] == [canon.digest(DIGITS)] == [demo_sets(RULES)[0].digest]


def test_a_match_names_its_card_set_by_id_or_digest(matches):
    cs, _ = matches.cardsets.put(RULES, SMALL)
    by_id = matches.create("tally", ["A", "B"], cardset="tally-small")
    by_digest = matches.create("tally", ["A", "B"], cardset=cs.digest)
    default = matches.create("tally", ["A", "B"])
    assert by_id.header["cardset"] == by_digest.header["cardset"] == {"id": "tally-small", "digest": cs.digest}
    assert default.header["cardset"] == TALLY.cardset.ref()
    assert by_id.rules.cardset == cs and by_id.rules is by_digest.rules  # bound once per game and digest
    # the deck of each seat is the set's three cards: three dealt, none left to draw
    assert matches.view_step(by_id.id, "omniscient").view["decks"] == {"p1": 0, "p2": 0}
    assert matches.create("tally", ["A", "B"], cardset="tally-digits").header["cardset"] == TALLY.cardset.ref()


def test_two_sets_of_one_id_must_be_named_by_digest(matches):
    matches.cardsets.put(RULES, SMALL)
    other, _ = matches.cardsets.put(RULES, {**SMALL, "title": "Tally, small (revised)"})
    with pytest.raises(BadRequest) as refused:
        matches.create("tally", ["A", "B"], cardset="tally-small")
    assert "name one by digest" in refused.value.message
    assert matches.create("tally", ["A", "B"], cardset=other.digest).rules.cardset == other


def test_a_match_whose_card_set_this_kifu_lacks_says_so(matches, new_service, store):
    cs, _ = matches.cardsets.put(RULES, SMALL)
    mid = matches.create("tally", ["A", "B"], cardset=cs.digest).id
    matches.submit(mid, add("p1", 1), expected_seq=0)
    store.client.delete(keys.cardset(cs.digest))  # e.g. a store restored without its card sets
    cold = new_service()
    with pytest.raises(RulesUnavailable) as refused:
        cold.state(mid)
    assert "tally-small" in refused.value.message and "kifu cards import" in refused.value.message
    assert cold.info(mid).rules is None and cold.info(mid).seq == 1
    matches.cardsets.put(RULES, SMALL)  # imported again: the match plays on
    assert new_service().state(mid)[0] == 1


def test_a_converted_set_is_kept_for_the_process_and_answered_only_while_its_store_holds_it(store, monkeypatch):
    """Converting a set is the slow part of reading it (hOCG's full list: about a second, at
    every step of the new-match form): the last few converted are kept by game, rules
    version and digest, an LRU; a kept one is answered only while the store holds it."""
    from kifu.service import cardsets

    kept = cardsets.Converted(size=2)
    monkeypatch.setattr(cardsets, "CONVERTED", kept)
    converted = []
    real = RULES.load_cardset
    monkeypatch.setattr(RULES, "load_cardset", lambda data: converted.append(data["id"]) or real(data))
    cards = CardSetStore(store.client)
    sets = [{**SMALL, "id": f"tally-{n}"} for n in ("a", "b", "c")]
    a, _ = cards.put(RULES, sets[0])
    assert converted == ["tally-a"] and len(kept) == 1
    assert cards.load(RULES, a.digest) is a and CardSetStore(store.client).load(RULES, a.digest) is a
    assert converted == ["tally-a"]  # stored and loaded twice (two stores' readers): converted once
    store.client.delete(keys.cardset(a.digest))  # a store without it: not answered from the process
    assert cards.load(RULES, a.digest) is None
    a, _ = cards.put(RULES, sets[0])  # imported again
    b, _ = cards.put(RULES, sets[1])
    assert cards.load(RULES, a.digest) is a  # used last: b is the older of the two
    cards.put(RULES, sets[2])  # a third: b, least recently used, goes
    assert len(kept) == 2 and kept.get(RULES, b.digest) is None
    del converted[:]
    again = cards.load(RULES, b.digest)
    assert again == b and again is not b and converted == ["tally-b"]  # converted again, the same set
    assert cards.load(RULES, "0" * 64) is None and cards.load(RULES, "../x") is None
