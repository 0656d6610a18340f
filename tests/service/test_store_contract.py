"""The store contract: what any deployment of ``Store`` must do (pyeventsourcing style).

``StoreContract`` holds the tests and needs one fixture, ``contract_store``: an empty
``Store``. Each deployment subclasses it with its own fixture; here a standalone Redis
(the session's redis-server) with and without ``decode_responses``. A Redis Cluster run
subclasses it the same way with a ``RedisCluster`` client.
"""
from __future__ import annotations

from typing import Any

import pytest
import redis
from redis.crc import key_slot

from kifu.replays import canon, records
from kifu.replays.snapshots import Snapshot
from kifu.service import keys
from kifu.service.errors import BadRequest, IdempotencyConflict, MatchOver, NotFound, StaleSeq, StoreCorrupt
from kifu.service.ids import new_match_id
from kifu.service.store import ChainMismatch, Store
from tests.service.conftest import dump

SEED = "ab" * 32


def header(mid: str, *, names=("Aoi", "Ren"), created="2026-03-01T10:00:00.000000Z", tournament=None) -> dict:
    return records.new_header(
        game="tally", rules_version=1, cardset={"id": "c", "digest": "d"}, seats=list(names), options={},
        seed=SEED, created=created, match_id=mid, tournament=tournament)


class Log:
    """Builds well-chained entries for one match, as the service would."""

    def __init__(self, store: Store, mid: str, hdr: dict):
        self.store, self.mid = store, mid
        self.chain = records.genesis(hdr)
        self.seq = 0

    def entry(self, command: dict | None = None, *, seq: int | None = None, chain: str | None = None) -> dict:
        return records.make_entry(
            self.chain if chain is None else chain, seq=self.seq + 1 if seq is None else seq,
            at=f"2026-03-01T10:00:{(self.seq + 1) % 60:02d}.000000Z", actor="p1", by="t",
            command=command or {"type": "add", "seat": "p1", "n": 1}, state_hash=f"{self.seq + 1:064x}")

    def append(self, command: dict | None = None, *, cid: str | None = None, status=None, outcome=None):
        entry = self.entry(command)
        seq, dup = self.store.append(self.mid, self.seq, cid, entry, status=status, outcome=outcome,
                                     prev_chain=self.chain)
        if not dup:
            self.seq, self.chain = seq, entry["chain"]
        return seq, dup, entry


class StoreContract:
    """Run against every deployment; subclasses provide the ``contract_store`` fixture."""

    @pytest.fixture
    def new_match(self, contract_store):
        def make(**kwargs: Any) -> Log:
            mid = new_match_id()
            hdr = header(mid, **kwargs)
            contract_store.create(mid, hdr, SEED, state_hash="0" * 64)
            return Log(contract_store, mid, hdr)

        return make

    # -- creation and reading ------------------------------------------------------------

    def test_create_then_meta(self, contract_store, new_match):
        log = new_match(tournament="spring")
        meta = contract_store.meta(log.mid)
        assert meta["seq"] == 0 and meta["status"] == "live" and meta["chain"] == log.chain
        assert meta["game"] == "tally" and meta["tournament"] == "spring"
        assert "seed" not in meta["header"] and meta["header"]["match_id"] == log.mid
        assert contract_store.seed(log.mid) == SEED
        assert contract_store.entries(log.mid) == []

    def test_create_twice_is_refused_and_writes_nothing(self, contract_store, new_match):
        log = new_match()
        before = dump(contract_store.client)
        with pytest.raises(BadRequest):
            contract_store.create(log.mid, header(log.mid, names=("X", "Y")), "other seed")
        assert dump(contract_store.client) == before

    def test_a_broadcast_delay_is_kept_in_meta_and_survives_appends(self, contract_store, new_match):
        log = new_match()
        assert contract_store.set_broadcast(log.mid, '{"turns":2}')
        log.append()
        assert contract_store.meta(log.mid)["broadcast"] == '{"turns":2}'
        assert contract_store.set_broadcast(log.mid, None)
        assert "broadcast" not in contract_store.meta(log.mid)
        before = dump(contract_store.client)
        assert not contract_store.set_broadcast(new_match_id(), '{"turns":2}')  # no such match: nothing made
        assert dump(contract_store.client) == before

    def test_unknown_and_malformed_ids(self, contract_store):
        assert contract_store.meta(new_match_id()) is None
        for bad in ("{x}", "a" * 19, "A" * 20, "kifu:*", "", "0123456789abcdefghji"):  # i is not Crockford
            with pytest.raises(NotFound):
                contract_store.meta(bad)
        with pytest.raises(NotFound):
            contract_store.seed(new_match_id())

    def test_the_deal_is_kept_secret_beside_the_seed(self, contract_store):
        mid = new_match_id()
        hdr = records.new_header(game="tally", rules_version=1, cardset={"id": "c", "digest": "d"},
                                 seats=["Aoi", "Ren"], options={}, seed=SEED, created="2026-03-01T10:00:00.000000Z",
                                 match_id=mid, table="physical", deal=["k1", None], reveal_seed=True)
        contract_store.create(mid, hdr, SEED, deal=["k1", None], state_hash="0" * 64)
        assert contract_store.secrets(mid) == (SEED, ["k1", None])
        meta = contract_store.meta(mid)
        assert "deal" not in meta["header"] and "seed" not in meta["header"]
        assert meta["header"]["deal_commitment"] == canon.digest(["k1", None])
        # quoted: a random match id (in the id and the header) contains k1 one time in fifty
        assert '"k1"' not in str(contract_store.client.hgetall(keys.meta(mid)))
        digital = new_match_id()
        contract_store.create(digital, header(digital), SEED, state_hash="0" * 64)
        assert contract_store.secrets(digital) == (SEED, None)

    def test_notes_append_only_onto_the_stream_the_caller_read(self, contract_store, new_match):
        log = new_match()
        assert contract_store.notes_events(log.mid) == ([], "")
        first = contract_store.notes_append(log.mid, {"step": 0, "text": "a"})
        assert contract_store.notes_append(log.mid, {"replaces": first, "text": "b"}, expected=first)
        events, last = contract_store.notes_events(log.mid)
        assert [e for _, e in events] == [{"step": 0, "text": "a"}, {"replaces": first, "text": "b"}]
        before = dump(contract_store.client)
        assert contract_store.notes_append(log.mid, {"text": "c"}, expected=first) is None  # it moved on
        assert contract_store.notes_append(log.mid, {"text": "c"}, expected="") is None
        with pytest.raises(NotFound):
            contract_store.notes_append(new_match_id(), {"text": "c"})
        assert dump(contract_store.client) == before
        assert contract_store.notes_events(log.mid)[1] == last

    def test_card_sets_by_digest(self, contract_store):
        from kifu.service.cardsets import CardSetStore
        from tests.service.toy import DIGITS, RULES

        cards = CardSetStore(contract_store.client)
        small = {"id": "small", "title": "Small", "cards": [{"id": "k1"}]}
        assert [cs.id for cs in cards.import_demo([RULES])] == ["tally-digits"]
        cs, new = cards.put(RULES, small)
        assert new and cards.put(RULES, small) == (cs, False)
        assert [(c.id, c.cards) for c in cards.list()] == [("small", 1), ("tally-digits", 10)]
        assert cards.load(RULES, canon.digest(DIGITS)).id == "tally-digits" and cards.get(cs.digest)[1] == small

    def test_every_key_of_a_match_is_in_one_slot(self, contract_store, new_match):
        log = new_match()
        log.append(cid="c1")
        contract_store.snapshot_put(log.mid, Snapshot("tally", 1, 1, {"step": 1}))
        match_keys = [keys.match_key(log.mid, part) for part in ("log", "meta", "idem", "snap", "secret", "notes")]
        assert len({key_slot(k.encode()) for k in match_keys}) == 1
        assert all(f"{{{log.mid}}}" in k for k in match_keys)

    # -- appending ------------------------------------------------------------------------

    def test_append_gives_gapless_ids_and_updates_meta(self, contract_store, new_match):
        log = new_match()
        for i in range(1, 6):
            seq, dup, entry = log.append(cid=f"c{i}")
            assert (seq, dup) == (i, False)
        raw = contract_store.client.xrange(keys.log(log.mid))
        ids = [r[0].decode() if isinstance(r[0], bytes) else r[0] for r in raw]
        assert ids == [f"{i}-0" for i in range(1, 6)]
        meta = contract_store.meta(log.mid)
        assert meta["seq"] == 5 and meta["chain"] == log.chain and meta["state_hash"] == f"{5:064x}"
        assert [e["seq"] for e in contract_store.entries(log.mid)] == [1, 2, 3, 4, 5]
        assert [e["seq"] for e in contract_store.entries(log.mid, 2, 3)] == [2, 3]
        assert contract_store.entries(log.mid, 4, 3) == []
        assert contract_store.entry(log.mid, 6) is None
        assert contract_store.head(log.mid) == (5, log.chain, f"{5:064x}", "live")

    def test_stale_expected_seq_is_refused_and_writes_nothing(self, contract_store, new_match):
        log = new_match()
        log.append(cid="c1")
        log.append(cid="c2")
        before = dump(contract_store.client)
        stale = records.make_entry(records.genesis(header(log.mid)), seq=2, at="2026-03-01T10:00:00Z", actor="p1",
                                   by="t", command={"type": "add", "seat": "p2", "n": 2}, state_hash="e" * 64)
        with pytest.raises(StaleSeq) as info:
            contract_store.append(log.mid, 1, "c3", stale)
        assert info.value.current_seq == 2
        ahead = log.entry(seq=4)
        with pytest.raises(StaleSeq):
            contract_store.append(log.mid, 3, "c4", ahead)
        assert dump(contract_store.client) == before

    def test_same_command_id_same_payload_returns_the_original_seq(self, contract_store, new_match):
        log = new_match()
        _, _, first = log.append({"type": "add", "seat": "p1", "n": 3}, cid="once")
        log.append(cid="later-1")
        log.append(cid="later-2")
        before = dump(contract_store.client)
        # a retry built on a later head, with another time: same actor and command
        retry = log.entry({"type": "add", "seat": "p1", "n": 3})
        assert contract_store.append(log.mid, log.seq, "once", retry, prev_chain=log.chain) == (1, True)
        # ... and one still carrying the stale expected seq of its first attempt
        assert contract_store.append(log.mid, 0, "once", first) == (1, True)
        assert dump(contract_store.client) == before
        assert contract_store.command_id(log.mid, "once")[0] == 1

    def test_same_command_id_other_payload_is_a_conflict_and_writes_nothing(self, contract_store, new_match):
        log = new_match()
        log.append({"type": "add", "seat": "p1", "n": 3}, cid="once")
        before = dump(contract_store.client)
        other = log.entry({"type": "add", "seat": "p1", "n": 4})
        with pytest.raises(IdempotencyConflict) as info:
            contract_store.append(log.mid, log.seq, "once", other, prev_chain=log.chain)
        assert info.value.seq == 1 and info.value.status == 409
        assert dump(contract_store.client) == before

    def test_finished_match_refuses_appends_and_writes_nothing(self, contract_store, new_match):
        log = new_match()
        log.append(cid="c1", status="finished", outcome={"winners": ["p1"], "draw": False, "scores": {}, "reason": "r"})
        meta = contract_store.meta(log.mid)
        assert meta["status"] == "finished" and meta["outcome"]["winners"] == ["p1"]
        before = dump(contract_store.client)
        with pytest.raises(MatchOver):
            log.append(cid="c2")
        assert dump(contract_store.client) == before

    def test_entry_built_on_another_head_is_refused(self, contract_store, new_match):
        log = new_match()
        log.append(cid="c1")
        before = dump(contract_store.client)
        wrong_base = "f" * 64
        entry = log.entry(chain=wrong_base)
        with pytest.raises(ChainMismatch):
            contract_store.append(log.mid, log.seq, "c2", entry, prev_chain=wrong_base)
        assert dump(contract_store.client) == before

    @pytest.mark.parametrize("problem", ["seq", "field", "chain", "cid", "status", "expected"])
    def test_malformed_appends_write_nothing(self, contract_store, new_match, problem):
        log = new_match()
        log.append(cid="c1")
        before = dump(contract_store.client)
        entry, cid, kwargs, expected = log.entry(), "c2", {"prev_chain": log.chain}, log.seq
        if problem == "seq":
            entry = log.entry(seq=5)
        elif problem == "field":
            entry = dict(entry, extra=1)
        elif problem == "chain":
            entry = dict(entry, chain="0" * 64)
        elif problem == "cid":
            cid = "x" * 500
        elif problem == "status":
            kwargs["status"] = "abandoned"
        elif problem == "expected":
            expected = -1
        with pytest.raises(BadRequest):
            contract_store.append(log.mid, expected, cid, entry, **kwargs)
        assert dump(contract_store.client) == before

    def test_append_to_unknown_match(self, contract_store):
        mid = new_match_id()
        log = Log(contract_store, mid, header(mid))
        with pytest.raises(NotFound):
            contract_store.append(mid, 0, "c1", log.entry())
        assert dump(contract_store.client) == {}

    def test_a_log_that_disagrees_with_meta_is_never_written_to(self, contract_store, new_match):
        log = new_match()
        genesis = log.chain
        log.append(cid="c1")
        log.append(cid="c2")
        # an operator's mistake: meta rewound to seq 0 while the log has entries
        contract_store.client.hset(keys.meta(log.mid), mapping={"seq": "0", "chain": genesis})
        entry = records.make_entry(genesis, seq=1, at="2026-03-01T10:00:00Z", actor="p1", by="t",
                                   command={"type": "add", "seat": "p1", "n": 1}, state_hash="a" * 64)
        before = dump(contract_store.client)
        with pytest.raises(StoreCorrupt):
            contract_store.append(log.mid, 0, "c3", entry, prev_chain=genesis)
        assert dump(contract_store.client) == before

    def test_script_is_reloaded_after_script_flush(self, contract_store, new_match):
        log = new_match()
        contract_store.client.script_flush()
        assert log.append(cid="c1")[:2] == (1, False)
        contract_store.client.script_flush()
        assert contract_store.create(new_match_id(), header(new_match_id()), SEED)["seq"] == 0

    def test_log_is_never_trimmed(self, contract_store, new_match):
        log = new_match()
        for i in range(30):
            log.append(cid=f"c{i}")
        info = contract_store.client.xinfo_stream(keys.log(log.mid))
        assert info["length"] == 30

    def test_concurrent_appends_with_one_expected_seq_one_wins(self, contract_store, new_match):
        """A small race at the store level (tests/service/test_race.py runs the big one)."""
        import threading

        log = new_match()
        threads, rounds = 8, 25
        barrier = threading.Barrier(threads, timeout=30)
        winners: list[tuple[int, int]] = []
        errors: list[BaseException] = []

        def writer(i: int) -> None:
            try:
                for rnd in range(rounds):
                    barrier.wait()
                    head = contract_store.head(log.mid)
                    entry = records.make_entry(head[1], seq=rnd + 1, at="2026-03-01T10:00:00Z", actor="p1",
                                               by=f"t{i}", command={"type": "add", "seat": "p1", "n": i + 1},
                                               state_hash="0" * 64)
                    try:
                        seq, dup = contract_store.append(log.mid, rnd, f"{rnd}-{i}", entry, prev_chain=head[1])
                    except StaleSeq:
                        pass
                    else:
                        assert not dup
                        winners.append((rnd, seq))
                    barrier.wait()
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)

        workers = [threading.Thread(target=writer, args=(i,)) for i in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join(60)
        assert errors == []
        assert sorted(winners) == [(r, r + 1) for r in range(rounds)]
        entries = contract_store.entries(log.mid)
        assert [e["seq"] for e in entries] == list(range(1, rounds + 1))
        prev = log.chain
        for e in entries:  # every winner built on the previous winner: one unbroken chain
            assert e["chain"] == records.chain_next(prev, e)
            prev = e["chain"]

    # -- snapshots ------------------------------------------------------------------------

    def test_snapshot_get_takes_the_latest_usable_one(self, contract_store, new_match):
        log = new_match()
        for seq in (4, 8, 12):
            contract_store.snapshot_put(log.mid, Snapshot("tally", 1, seq, {"step": seq}))
        contract_store.snapshot_put(log.mid, Snapshot("tally", 2, 10, {"step": 10}))
        assert contract_store.snapshot_get(log.mid, 11, game="tally", rules_version=1).seq == 8
        assert contract_store.snapshot_get(log.mid, 11).seq == 10
        assert contract_store.snapshot_get(log.mid, 12, game="tally", rules_version=1).seq == 12
        assert contract_store.snapshot_get(log.mid, 3) is None
        assert contract_store.snapshot_get(log.mid, 100, game="other") is None

    # -- indexes --------------------------------------------------------------------------

    def test_list_filters_and_pages_newest_first(self, contract_store, new_match):
        logs = [new_match(names=(f"P{i}", "Common"), created=f"2026-03-01T10:00:{i // 2:02d}.000000Z",
                          tournament="cup" if i % 3 == 0 else None) for i in range(11)]
        order = sorted(logs, key=lambda lg: (contract_store.meta(lg.mid)["created_ms"], lg.mid), reverse=True)
        seen, cursor = [], None
        while True:
            page, cursor = contract_store.list_matches(cursor=cursor, limit=3)
            assert len(page) <= 3
            seen += [m["id"] for m in page]
            if cursor is None:
                break
        assert seen == [lg.mid for lg in order]
        cup, _ = contract_store.list_matches(tournament="cup", limit=50)
        assert {m["id"] for m in cup} == {logs[i].mid for i in (0, 3, 6, 9)}
        p4, _ = contract_store.list_matches(player="p4")
        assert [m["id"] for m in p4] == [logs[4].mid]
        common, _ = contract_store.list_matches(player="COMMON", game="tally", status="live", limit=100)
        assert len(common) == 11
        assert contract_store.list_matches(status="finished")[0] == []
        with pytest.raises(BadRequest):
            contract_store.list_matches(cursor="{bad}")
        with pytest.raises(BadRequest):
            contract_store.list_matches(status="weird")

    def test_status_index_follows_finishing(self, contract_store, new_match):
        log = new_match()
        log.append(cid="c1", status="finished", outcome={"winners": [], "draw": True, "scores": {}, "reason": "r"})
        assert [m["id"] for m in contract_store.list_matches(status="finished")[0]] == [log.mid]
        assert contract_store.list_matches(status="live")[0] == []

    def test_unlisted_matches_leave_listed_only_listings(self, contract_store):
        mid = new_match_id()
        contract_store.create(mid, header(mid), SEED, listed=False)
        assert [m["id"] for m in contract_store.list_matches()[0]] == [mid]
        assert contract_store.list_matches(listed_only=True)[0] == []

    def test_rebuild_indexes_is_idempotent_and_repairs(self, contract_store, new_match):
        logs = [new_match(names=(f"A{i}", "B"), tournament="t") for i in range(4)]
        logs[0].append(cid="c", status="finished", outcome={"winners": [], "draw": True, "scores": {}, "reason": "r"})
        index_keys = lambda: {k: v for k, v in dump(contract_store.client).items() if k.startswith("kifu:idx:")}  # noqa: E731
        good = index_keys()
        client = contract_store.client
        client.delete(keys.idx_all(), keys.idx_status("finished"))
        client.zadd(keys.idx_status("live"), {logs[0].mid: 1})  # stale: it finished
        client.zadd(keys.idx_game("ghost"), {new_match_id(): 1})  # a match that does not exist
        assert contract_store.rebuild_indexes() == 4
        assert index_keys() == good
        assert contract_store.rebuild_indexes() == 4
        assert index_keys() == good

    # -- following ------------------------------------------------------------------------

    def test_follow_yields_entries_after_a_seq_and_stops_when_finished(self, contract_store, new_match):
        log = new_match()
        for i in range(3):
            log.append(cid=f"c{i}")
        log.append(cid="end", status="finished", outcome={"winners": [], "draw": True, "scores": {}, "reason": "r"})
        got = [e["seq"] for e in contract_store.follow(log.mid, 1, block_ms=100)]
        assert got == [2, 3, 4]
        assert list(contract_store.follow(log.mid, 4, block_ms=100)) == []


class TestStandaloneRedis(StoreContract):
    @pytest.fixture
    def contract_store(self, redis_client) -> Store:
        return Store(redis_client)


class TestStandaloneRedisBytes(StoreContract):
    """The same contract through a client that does not decode responses."""

    @pytest.fixture
    def contract_store(self, redis_url) -> Store:
        client = redis.Redis.from_url(redis_url)
        yield Store(client)
        client.close()


@pytest.mark.parametrize("protocol", [2, 3])
class TestStandaloneRedisProtocols(StoreContract):
    """RESP2 and RESP3 answer XREAD and HGETALL in different shapes."""

    @pytest.fixture
    def contract_store(self, redis_url, protocol) -> Store:
        client = redis.Redis.from_url(redis_url, decode_responses=True, protocol=protocol)
        yield Store(client)
        client.close()


def test_payload_digest_ignores_who_recorded_it():
    from kifu.service.store import payload_digest

    a = {"actor": "p1", "command": {"type": "add", "seat": "p1", "n": 1}, "by": "x"}
    assert payload_digest(a) == payload_digest(dict(a, by="y"))
    assert payload_digest(a) != payload_digest(dict(a, actor="judge"))
    assert payload_digest(a) == canon.digest({"actor": "p1", "command": a["command"]})


@pytest.fixture(scope="module")
def local_cluster(tmp_path_factory):
    from tests.service.cluster import LocalCluster

    cluster = LocalCluster(tmp_path_factory.mktemp("cluster")).start()
    yield cluster
    cluster.stop()


class TestRedisCluster(StoreContract):
    """Three primaries (redis-py ``RedisCluster``): each match stays in one slot, indexes span nodes."""

    @pytest.fixture
    def contract_store(self, local_cluster) -> Store:
        from redis.cluster import RedisCluster

        client = local_cluster.client(decode_responses=True)
        client.flushall(target_nodes=RedisCluster.PRIMARIES)
        yield Store(client)
        client.close()

    def test_matches_spread_over_the_nodes(self, contract_store, new_match):
        logs = [new_match() for _ in range(12)]
        nodes = {contract_store.client.get_node_from_key(keys.meta(lg.mid)).name for lg in logs}
        assert len(nodes) > 1

    def test_match_service_records_and_replays_on_the_cluster(self, contract_store):
        from kifu.replays import verify as verifier
        from kifu.service.matches import MatchService
        from tests.service.toy import games, lookup

        service = MatchService(contract_store, games=games, snapshot_every=4)
        mid = service.create("tally", ["Aoi", "Ren"], {"target": 20}).id
        seq = 0
        while service.info(mid).status == "live":
            service.submit(mid, {"type": "add", "seat": "p1", "n": 3}, expected_seq=seq, command_id=f"c{seq}")
            seq += 1
        assert [e["seq"] for e in service.follow(mid, 0, block_ms=50)] == list(range(1, seq + 1))
        report = verifier.verify(service.export(mid, include_seed=True), lookup=lookup)
        assert report.ok and report.head == service.info(mid).chain
        assert MatchService(contract_store, games=games).state(mid) == service.state(mid)
        assert service.import_record(service.export(mid, include_seed=True).dumps(), by="t").chain == report.head
