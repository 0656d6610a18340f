"""Command ids: a client's retry never records twice; a reused id for another command is refused.

And every refusal of ``MatchService`` writes nothing (a full dump of the database before
and after each error path).
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import records
from kifu.service.errors import (
    BadRequest,
    IdempotencyConflict,
    ImportRejected,
    MatchOver,
    NotFound,
    Rejected,
    RulesUnavailable,
    ServiceError,
    StaleSeq,
)
from kifu.service.ids import new_match_id
from tests.service.conftest import add, dump


@pytest.fixture
def mid(matches):
    return matches.create("tally", ["Aoi", "Ren"], {"target": 40}).id


def test_retry_returns_the_original_entry(matches, mid):
    first = matches.submit(mid, add("p1", 3), expected_seq=0, command_id="cmd-1", by="tablet")
    again = matches.submit(mid, add("p1", 3), expected_seq=0, command_id="cmd-1", by="tablet")
    assert again.duplicate and not first.duplicate
    assert (again.seq, again.state_hash, again.chain) == (first.seq, first.state_hash, first.chain)
    assert len(matches.entries(mid)) == 1


def test_retry_after_later_appends_returns_the_original_entry(matches, new_service, mid):
    first = matches.submit(mid, add("p1", 3), expected_seq=0, command_id="cmd-1")
    for seq in range(1, 5):
        matches.submit(mid, add("p2", 1), expected_seq=seq, command_id=f"other-{seq}")
    before = dump(matches.store.client)
    for service in (matches, new_service()):  # this process, and one with a cold cache
        again = service.submit(mid, add("p1", 3), expected_seq=0, command_id="cmd-1")
        assert again == type(first)(first.seq, first.state_hash, first.chain, duplicate=True)
        # the stale expected seq is not held against a retry, nor is the current head
        assert service.submit(mid, add("p1", 3), expected_seq=5, command_id="cmd-1").seq == 1
    assert dump(matches.store.client) == before


def test_retry_of_a_command_that_is_no_longer_legal_still_returns_the_original(matches, mid):
    # the command that finished the match: legal then, refused now (MatchOver)
    matches.submit(mid, add("p1", 9), expected_seq=0, command_id="a")
    matches.submit(mid, add("p1", 9), expected_seq=1, command_id="b")
    matches.submit(mid, add("p1", 9), expected_seq=2, command_id="c")
    matches.submit(mid, add("p1", 9), expected_seq=3, command_id="d")
    last = matches.submit(mid, add("p2", 9), expected_seq=4, command_id="winner")
    assert matches.info(mid).status == "finished"
    assert matches.submit(mid, add("p2", 9), expected_seq=4, command_id="winner") == \
        type(last)(5, last.state_hash, last.chain, duplicate=True)
    with pytest.raises(MatchOver):
        matches.submit(mid, add("p2", 9), expected_seq=5, command_id="new")


def test_same_id_other_payload_is_refused_with_the_original_seq(matches, mid):
    matches.submit(mid, add("p1", 3), expected_seq=0, command_id="cmd-1")
    matches.submit(mid, add("p2", 2), expected_seq=1, command_id="cmd-2")
    before = dump(matches.store.client)
    for other, expected in ((add("p1", 4), 2), (add("p1", 4), 0), (add("p2", 3), 2)):
        with pytest.raises(IdempotencyConflict) as info:
            matches.submit(mid, other, expected_seq=expected, command_id="cmd-1")
        assert info.value.seq == 1 and info.value.current_seq == 2
        assert info.value.to_json()["error"] == "idempotency_conflict"
    with pytest.raises(IdempotencyConflict):  # same command, but recorded as another actor
        matches.submit(mid, add("p1", 3), expected_seq=2, command_id="cmd-1", actor="judge")
    assert dump(matches.store.client) == before


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=st.lists(st.tuples(st.integers(0, 5), st.integers(1, 3)), min_size=1, max_size=25))
def test_replaying_any_mix_of_retries_records_each_id_once(matches, plan):
    """Re-running a command never emits anything new (Equinox's idempotency property)."""
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    first_n: dict[int, int] = {}
    recorded: dict[int, int] = {}
    for cid, n in plan:
        n = first_n.setdefault(cid, n)  # a retry sends the same payload
        seq = matches.info(mid).seq
        result = matches.submit(mid, add("p1", n), expected_seq=seq, command_id=f"id-{cid}")
        if cid in recorded:
            assert result.duplicate and result.seq == recorded[cid]
        else:
            assert not result.duplicate and result.seq == seq + 1
            recorded[cid] = result.seq
    entries = matches.entries(mid)
    assert len(entries) == len(recorded)
    assert [e["command"]["n"] for e in entries] == [first_n[c] for c in sorted(recorded, key=recorded.get)]


# -- every error path writes nothing -------------------------------------------------------

def _error_cases(matches, mid):
    """(name, call, expected error) for each refusal a caller can provoke."""
    over = matches.create("tally", ["Aoi", "Ren"], {"target": 1}).id
    matches.submit(over, add("p1", 1), expected_seq=0, command_id="x")
    good = matches.export(mid, include_seed=True)
    tampered = records.Record(dict(good.header), [dict(e) for e in good.entries])
    tampered.entries[1] = dict(tampered.entries[1], command=add("p2", 2))
    no_seed = records.Record({k: v for k, v in good.header.items() if k != "seed"}, good.entries)
    unknown_game = records.Record(dict(good.header, game="chess"), good.entries)
    return [
        ("schema: unknown type", lambda: matches.submit(mid, {"type": "fly", "seat": "p1"}, expected_seq=2), BadRequest),
        ("schema: missing field", lambda: matches.submit(mid, {"type": "add", "seat": "p1"}, expected_seq=2), BadRequest),
        ("schema: not strict int", lambda: matches.submit(mid, add("p1", "3"), expected_seq=2), BadRequest),
        ("schema: float", lambda: matches.submit(mid, add("p1", 3.0), expected_seq=2), BadRequest),
        ("schema: not an object", lambda: matches.submit(mid, ["add"], expected_seq=2), BadRequest),
        ("rule", lambda: matches.submit(mid, add("p1", 7), expected_seq=2, command_id="r"), Rejected),
        ("seat not in this match", lambda: matches.submit(mid, add("p3", 1), expected_seq=2), BadRequest),
        ("stale behind", lambda: matches.submit(mid, add("p1", 1), expected_seq=1, command_id="s"), StaleSeq),
        ("stale ahead", lambda: matches.submit(mid, add("p1", 1), expected_seq=3), StaleSeq),
        ("expected seq type", lambda: matches.submit(mid, add("p1", 1), expected_seq="2"), BadRequest),
        ("id reused", lambda: matches.submit(mid, add("p1", 2), expected_seq=2, command_id="c1"), IdempotencyConflict),
        ("bad command id", lambda: matches.submit(mid, add("p1", 1), expected_seq=2, command_id=""), BadRequest),
        ("actor not a seat", lambda: matches.submit(mid, add("p1", 1), expected_seq=2, actor="p9"), BadRequest),
        ("actor for another seat", lambda: matches.submit(mid, add("p1", 1), expected_seq=2, actor="p2"), BadRequest),
        ("match over", lambda: matches.submit(over, add("p1", 1), expected_seq=1, command_id="y"), MatchOver),
        ("unknown match", lambda: matches.submit(new_match_id(), add(), expected_seq=0), NotFound),
        ("malformed match id", lambda: matches.submit("{a}:x", add(), expected_seq=0), NotFound),
        ("state at beyond head", lambda: matches.state(mid, at=9), BadRequest),
        ("unknown perspective", lambda: matches.history(mid, "p7"), BadRequest),
        ("create: unknown game", lambda: matches.create("chess", ["A", "B"]), BadRequest),
        ("create: seat count", lambda: matches.create("tally", ["A"]), BadRequest),
        ("create: empty name", lambda: matches.create("tally", ["A", " "]), BadRequest),
        ("create: options", lambda: matches.create("tally", ["A", "B"], {"target": "many"}), BadRequest),
        ("create: unknown option", lambda: matches.create("tally", ["A", "B"], {"speed": 2}), BadRequest),
        ("create: label", lambda: matches.create("tally", ["A", "B"], tournament="x" * 500), BadRequest),
        ("import: tampered", lambda: matches.import_record(tampered.dumps(), by="t"), ImportRejected),
        ("import: no seed", lambda: matches.import_record(no_seed.dumps(), by="t"), ImportRejected),
        ("import: unknown game", lambda: matches.import_record(unknown_game.dumps(), by="t"), RulesUnavailable),
        ("import: not json", lambda: matches.import_record("{not json", by="t"), ImportRejected),
        ("import: empty", lambda: matches.import_record("", by="t"), ImportRejected),
    ]


def test_every_error_path_writes_nothing(matches, mid):
    matches.submit(mid, add("p1", 3), expected_seq=0, command_id="c1")
    matches.submit(mid, add("p2", 3), expected_seq=1, command_id="c2")
    cases = _error_cases(matches, mid)
    for name, call, error in cases:
        before = dump(matches.store.client)
        with pytest.raises(error) as info:
            call()
        assert isinstance(info.value, ServiceError), name
        body = info.value.to_json()
        assert body["error"] and body["message"], name
        assert dump(matches.store.client) == before, f"{name} wrote to the store"
    assert matches.info(mid).seq == 2


def test_a_script_retried_after_a_lost_reply_is_still_a_new_entry(store, new_service):
    """redis-py re-sends a timed-out EVALSHA; the second run finds the command id and the
    service recognises its own entry (same chain) rather than calling it a duplicate."""
    from kifu.service.store import Store

    class LostReply(Store):
        def append(self, *args, **kwargs):
            super().append(*args, **kwargs)  # this reply never reached the client
            return super().append(*args, **kwargs)

    service = new_service()
    service.store = LostReply(store.client)
    mid = service.create("tally", ["Aoi", "Ren"]).id
    first = service.submit(mid, add("p1", 2), expected_seq=0, command_id="x")
    assert (first.seq, first.duplicate) == (1, False)
    assert len(service.entries(mid)) == 1
    assert service.submit(mid, add("p1", 2), expected_seq=0, command_id="x").duplicate
