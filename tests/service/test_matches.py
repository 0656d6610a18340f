"""MatchService: creating, reading at any step, snapshots, the cache, history, records, demo seeding."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kifu.replays import canon, engine, records, registry, verify
from kifu.replays.snapshots import Snapshot
from kifu.service import keys
from kifu.service.errors import BadRequest, ImportRejected, NotFound, RulesUnavailable, StoreCorrupt
from kifu.service.ids import MATCH_ID, check_match_id, new_match_id
from kifu.service.matches import MatchInfo
from kifu.service.seeding import seed_demo_matches
from tests.service.conftest import add
from tests.service.toy import TALLY, Tally, lookup


def play(matches, mid, commands, start=0):
    for i, command in enumerate(commands, start=start):
        matches.submit(mid, command, expected_seq=i, command_id=f"c{i}")


def full_fold(matches, mid, seq):
    header = matches.export(mid, include_seed=True).header
    state = engine.initial_state(TALLY, header, header["seed"])
    return engine.fold(TALLY, state, [e["command"] for e in matches.entries(mid, 1, seq)])


def test_ids_are_crockford_and_checked():
    ids = {new_match_id() for _ in range(200)}
    assert len(ids) == 200 and all(MATCH_ID.match(i) for i in ids)
    for bad in ("ILOU" * 5, "{abc}", "a" * 21, None, 5):
        with pytest.raises(NotFound) as info:
            check_match_id(bad)
        assert info.value.status == 404


def test_create_and_info(matches):
    clock = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)
    matches.clock = lambda: clock
    info = matches.create("tally", ["Aoi", "Ren", "Mio"], {"target": 5}, tournament="spring", round=2,
                          table_number="3", public_when_finished=False, seed="s" * 64, by="admin")
    assert isinstance(info, MatchInfo) and info.rules.id == "tally" and info.rules.cardset == TALLY.cardset
    assert info.header["table"] == "digital" and info.header["table_number"] == "3"
    assert info.header["cardset"] == TALLY.cardset.ref() and "deal_commitment" not in info.header
    assert (info.seq, info.status, info.outcome) == (0, "live", None)
    assert info.header["seats"] == [{"id": "p1", "name": "Aoi"}, {"id": "p2", "name": "Ren"},
                                    {"id": "p3", "name": "Mio"}]
    assert info.header["round"] == "2" and info.header["options"] == {"target": 5}
    assert info.header["seed_commitment"] == canon.sha256_hex("s" * 64) and "seed" not in info.header
    assert info.created == "2026-05-01T12:00:00.000000Z" and info.public_when_finished is False
    assert info.chain == records.genesis(info.header)
    assert matches.info(info.id).to_json() == info.to_json()
    assert matches.seed(info.id) == "s" * 64
    assert "s" * 64 not in canon.dumps(info.to_json())  # the seed stays in its own key
    assert "s" * 64 not in canon.dumps(matches.store.client.hgetall(keys.meta(info.id)))
    generated = matches.create("tally", ["A", "B"])
    assert len(matches.seed(generated.id)) == 64 and matches.seed(generated.id) != "s" * 64


def test_state_at_any_step_equals_the_full_fold(matches, new_service):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1" if i % 2 else "p2", 1 + i % 5) for i in range(23)])
    cold = new_service()
    for service in (matches, cold):
        for at in (0, 1, 3, 4, 5, 8, 15, 16, 22, 23, None):
            seq, state = service.state(mid, at)
            assert seq == (23 if at is None else at)
            assert state == full_fold(matches, mid, seq)
    # snapshot_every=4: snapshots at 4, 8, ..., 20
    assert sorted(int(s) for s in matches.store.client.hkeys(keys.snap(mid))) == [4, 8, 12, 16, 20]


def test_a_snapshot_of_another_rules_version_is_ignored(matches, store):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 1) for _ in range(6)])
    bogus = dict(full_fold(matches, mid, 5), total=999)
    store.snapshot_put(mid, Snapshot("tally", TALLY.version + 1, 5, bogus))  # another version: never used
    matches.cache.clear()
    assert matches.state(mid, 6)[1]["total"] == 6
    assert matches.state(mid, 5)[1]["total"] == 5


def test_a_wrong_snapshot_of_this_version_is_caught_by_the_state_hash(matches, store):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 1) for _ in range(6)])
    store.snapshot_put(mid, Snapshot("tally", TALLY.version, 5, dict(full_fold(matches, mid, 5), total=999)))
    matches.cache.clear()
    assert matches.state(mid)[1]["total"] == 6
    assert matches.state(mid, 5)[1]["total"] == 5


def test_a_match_of_a_rules_version_this_kifu_lacks_names_the_version_it_needs(store, new_service):
    service = new_service()
    mid = service.create("tally", ["Aoi", "Ren"]).id
    service.submit(mid, add("p1", 1), expected_seq=0)
    newer = Tally(version=TALLY.version + 1)
    other = new_service(games=lambda: [newer])
    for read in (lambda: other.state(mid), lambda: other.view_step(mid, "public"), lambda: other.history(mid, "p1"),
                 lambda: other.submit(mid, add("p2", 1), expected_seq=1)):
        with pytest.raises(RulesUnavailable) as info:
            read()
        assert info.value.status == 501 and info.value.error == "rules_unavailable"
        assert f"tally rules version {TALLY.version}, which this kifu does not have" in info.value.message
        assert f"version {newer.version}" in info.value.message and "mismatch" not in info.value.message
        assert info.value.to_json()["rules_version"] == TALLY.version
    assert other.info(mid).seq == 1  # what is known without replaying is still served
    record = service.export(mid, include_seed=True).dumps()
    with pytest.raises(RulesUnavailable):  # an import says the same, and stores nothing
        other.import_record(record, by="t")
    assert store.count() == 1


def test_a_log_that_disagrees_with_its_hashes_is_reported(matches, store):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 1) for _ in range(3)])
    entries = store.entries(mid)
    entries[1] = dict(entries[1], command=add("p1", 2))  # rewritten behind the service's back
    store.client.delete(keys.log(mid))
    for e in entries:
        store.client.xadd(keys.log(mid), {"entry": canon.dumps(e), "cid": ""}, id=f"{e['seq']}-0")
    matches.cache.clear()
    with pytest.raises(StoreCorrupt):
        matches.state(mid)


def test_the_cache_never_serves_a_state_behind_the_store(matches, new_service):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    other = new_service()
    play(matches, mid, [add("p1", 2)])
    assert matches.state(mid) == (1, full_fold(matches, mid, 1))  # now cached at 1
    play(other, mid, [add("p2", 3), add("p2", 4)], start=1)
    assert matches.state(mid) == (3, full_fold(matches, mid, 3))
    # a state handed out is the caller's: changing it changes nothing served later
    seq, state = matches.state(mid)
    state["total"] = -1
    assert matches.state(mid)[1]["total"] == 9
    # deciding on a stale cache: the submit reloads instead of deciding on seq 1
    assert other.submit(mid, add("p1", 1), expected_seq=3, command_id="o").seq == 4
    assert matches.submit(mid, add("p1", 1), expected_seq=4, command_id="m").seq == 5
    assert matches.state(mid)[1]["total"] == 11


def test_a_rule_violation_judged_on_a_stale_cache_is_judged_again(new_service):
    a, b = new_service(), new_service()
    mid = a.create("tally", ["Aoi", "Ren"], {"target": 5}).id
    b.submit(mid, add("p1", 5), expected_seq=0, command_id="b")  # finishes it; a's cache says live
    from kifu.service.errors import MatchOver

    with pytest.raises(MatchOver):
        a.submit(mid, add("p1", 1), expected_seq=None, command_id="a")


def test_history_redacts_for_the_perspective_and_folds_once(matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 2), {"type": "note", "seat": "p1", "card": "Queen"}, add("p2", 3), add("p1", 1)])
    mine = matches.history(mid, "p1")
    theirs = matches.history(mid, "p2")
    public = matches.history(mid, "public")
    judge = matches.history(mid, "omniscient")
    assert [h["seq"] for h in mine] == [1, 2, 3, 4]
    assert mine[1]["command"]["card"] == "Queen" and judge[1]["command"]["card"] == "Queen"
    assert theirs[1]["command"]["card"] == "?" and public[1]["command"]["card"] == "?"
    assert "Queen" not in canon.dumps(theirs) and "Queen" not in canon.dumps(public)
    assert public[0]["describe"] == "p1 adds 2 (total 2)" and public[1]["describe"] == "p1 notes ?"
    assert [h["turn"] for h in public] == [1, 1, 2, 2]
    entries = matches.entries(mid)
    assert [(h["state_hash"], h["chain"], h["at"], h["actor"]) for h in judge] == \
        [(e["state_hash"], e["chain"], e["at"], e["actor"]) for e in entries]
    assert matches.history(mid, "public", 3) == public[2:]
    assert matches.history(mid, "public", 2, 3) == public[1:3]
    assert matches.history(mid, "public", 4, 2) == []
    assert matches.history(mid, "public", 1, 99) == public
    with pytest.raises(BadRequest):
        matches.history(mid, "public", 0)


def test_finishing_sets_status_and_outcome(matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10}).id
    play(matches, mid, [add("p1", 5), add("p2", 6)])
    info = matches.info(mid)
    assert info.status == "finished" and info.outcome["winners"] == ["p2"]
    assert [m.id for m in matches.list(status="finished")[0]] == [mid]
    assert matches.list(status="live")[0] == []


def test_list_filters_pages_and_hides_unlisted(matches):
    times = iter(datetime(2026, 5, 1, tzinfo=timezone.utc) + timedelta(minutes=i) for i in range(100))
    matches.clock = lambda: next(times)
    made = [matches.create("tally", [f"P{i}", "Shared"], tournament="cup" if i < 3 else None, listed=i != 4).id
            for i in range(7)]
    newest_first = list(reversed(made))
    seen, cursor = [], None
    while True:
        page, cursor = matches.list(limit=2, cursor=cursor)
        seen += [m.id for m in page]
        if not cursor:
            break
    assert seen == newest_first
    assert [m.id for m in matches.list(public_only=True, limit=50)[0]] == [m for m in newest_first if m != made[4]]
    assert [m.id for m in matches.list(tournament="cup")[0]] == list(reversed(made[:3]))
    assert [m.id for m in matches.list(player="p5")[0]] == [made[5]]
    assert len(matches.list(player="shared", game="tally", limit=100)[0]) == 7
    assert matches.list(game="other")[0] == []


def test_export_then_import_round_trips(matches, new_service):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}, tournament="t1").id
    play(matches, mid, [add("p1", 1 + i % 3) for i in range(10)])
    record = matches.export(mid, include_seed=True)
    assert record.header["seed"] == matches.seed(mid)
    assert "seed" not in matches.export(mid, include_seed=False).header
    report = verify.verify(record, lookup=lookup)
    assert report.ok and report.replayed and report.head == matches.info(mid).chain
    imported = matches.import_record(record.dumps(), by="judge")
    assert imported.id != mid and imported.header == matches.info(mid).header
    assert (imported.seq, imported.chain, imported.state_hash, imported.status) == (10, report.head,
                                                                                     record.entries[-1]["state_hash"],
                                                                                     "live")
    assert matches.export(imported.id, include_seed=True).dumps() == record.dumps()
    cold = new_service()
    assert cold.state(imported.id) == matches.state(mid)
    # an imported live match can go on being recorded
    assert cold.submit(imported.id, add("p2", 1), expected_seq=10, command_id="next").seq == 11
    # a record without its seed verifies when the seed is given separately; it is the record
    # already imported, so it answers that match (recorded on since) rather than a new one
    public = matches.export(mid, include_seed=False)
    again = matches.import_record(public.dumps(), by="judge", seed=matches.seed(mid))
    assert (again.id, again.seq) == (imported.id, 11)
    with pytest.raises(ImportRejected):  # still verified first: a wrong seed is refused
        matches.import_record(public.dumps(), by="judge", seed="not-the-seed")


def test_a_long_import_leaves_snapshots_behind(matches, store):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 1) for _ in range(9)])
    imported = matches.import_record(matches.export(mid, include_seed=True).dumps(), by="t")
    assert store.client.hlen(keys.snap(imported.id)) == 0
    assert matches.state(imported.id)[1]["total"] == 9
    assert sorted(int(s) for s in store.client.hkeys(keys.snap(imported.id))) == [4, 8]


def test_seed_demo_matches_records_bot_games_through_submit(matches):
    made = seed_demo_matches(matches, per_game=2, games=[TALLY])
    assert len(made) == 2 and all(m.status == "finished" and m.seq > 0 for m in made)
    for info in made:
        record = matches.export(info.id, include_seed=True)
        assert verify.verify(record, lookup=lookup).ok
        assert {e["by"] for e in record.entries} == {"demo-bot"}
        assert record.header["tournament"] == "demo"
    assert seed_demo_matches(matches, per_game=2, games=[TALLY]) == []  # the store is not empty any more


def test_live_demo_matches_stop_halfway_and_take_new_moves(matches):
    made = seed_demo_matches(matches, per_game=1, live=1, games=[TALLY])
    finished, live = made
    assert finished.status == "finished" and live.status == "live"
    from kifu.replays.demo import demo_record
    from kifu.service.seeding import DEMO_SEED

    full = demo_record(TALLY, seed=DEMO_SEED, index=1)
    assert live.seq == len(full.entries) // 2 > 0
    assert verify.verify(matches.export(live.id, include_seed=True), lookup=lookup).ok
    seq, state = matches.state(live.id)
    command = TALLY.legal(state, TALLY.to_act(state)[0])[0]
    assert matches.submit(live.id, command, expected_seq=seq, command_id="next", by="t").seq == seq + 1


def test_seeding_waits_for_no_one_while_another_process_seeds(matches):
    from kifu.service.seeding import LOCK_KEY

    matches.store.client.set(LOCK_KEY, "1")
    assert seed_demo_matches(matches, per_game=1, games=[TALLY]) == []
    assert matches.list()[0] == []
    matches.store.client.delete(LOCK_KEY)
    assert len(seed_demo_matches(matches, per_game=1, games=[TALLY])) == 1
    assert not matches.store.client.exists(LOCK_KEY)


@pytest.mark.parametrize("game", registry.GAME_MODULES)
def test_seed_demo_matches_for_each_registered_game(redis_client, game):
    """Every listed game module records its demo matches through the service."""
    from kifu.service.matches import MatchService
    from kifu.service.store import Store

    rules = __import__(game, fromlist=["RULES"]).RULES
    service = MatchService(Store(redis_client))
    made = seed_demo_matches(service, per_game=1, games=[rules])
    assert len(made) == 1 and made[0].status == "finished"
    report = verify.verify(service.export(made[0].id, include_seed=True))
    assert report.ok and report.replayed and report.head == made[0].chain

OPS = st.lists(st.tuples(st.sampled_from(["submit", "state", "state_at", "history", "clear"]),
                         st.integers(0, 2), st.integers(0, 40)), min_size=1, max_size=40)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS)
def test_interleaved_processes_never_see_a_state_at_the_wrong_seq(new_service, ops):
    """Three processes (own caches) record and read one match in any order; every state
    served is the full fold at the seq it claims."""
    services = [new_service(snapshot_every=3) for _ in range(3)]
    mid = services[0].create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    folds = {0: full_fold(services[0], mid, 0)}
    head = 0
    for op, who, number in ops:
        service = services[who]
        if op == "submit":
            service.submit(mid, add("p1", 1 + number % 6), expected_seq=None, command_id=f"{who}-{number}-{head}")
            head += 1
            folds[head] = full_fold(service, mid, head)
        elif op == "state":
            assert service.state(mid) == (head, folds[head])
        elif op == "state_at":
            at = number % (head + 1)
            assert service.state(mid, at) == (at, folds[at])
        elif op == "history":
            frm = 1 + number % (head + 1)
            assert [h["seq"] for h in service.history(mid, "public", frm)] == list(range(frm, head + 1))
        else:
            service.cache.clear()


def test_view_step_is_the_view_and_the_history_line_from_one_fold(matches):
    [info] = seed_demo_matches(matches, per_game=1, games=[TALLY])
    for n in (0, 1, info.seq // 2, info.seq):
        step = matches.view_step(info.id, "p1", n)
        state = matches.state(info.id, at=n)[1]
        assert (step.step, step.head, step.perspective, step.table) == (n, info.seq, "p1", "digital")
        assert step.view == TALLY.view(state, "p1") and step.to_act == step.view["to_act"]
        assert (step.turn, step.phase) == (TALLY.turn(state), TALLY.phase(state))
        assert step.line == (matches.history(info.id, "p1", frm=n, to=n)[0] if n else None)
        assert step.seats == [] and step.public_to_act is None
        assert matches.view_step(info.id, "p1", n, line=False).line is None
    assert matches.view_step(info.id, "omniscient").outcome == info.outcome
    assert "seed" not in canon.dumps(matches.view_step(info.id, "omniscient").view)
    with pytest.raises(BadRequest):
        matches.view_step(info.id, "p1", info.seq + 1)
    with pytest.raises(BadRequest):
        matches.view_step(info.id, "nobody", 1)


def test_view_step_lists_a_tables_commands_with_labels_only_for_awaited_seats_at_the_head(matches):
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 2)])
    step = matches.view_step(mid, "public", seats=["p1", "p2"], line=False)
    state = matches.state(mid)[1]
    assert [s.seat for s in step.seats] == ["p1", "p2"] and all(s.awaited for s in step.seats)
    p1 = step.seats[0].commands
    assert [c["command"] for c in p1] == TALLY.legal(state, "p1")
    assert [c["label"] for c in p1] == [TALLY.label(state, c, "p1") for c in TALLY.legal(state, "p1")]
    assert all(c["needs"] is None for c in p1)  # a digital table deals itself
    assert step.public_to_act == ["p1", "p2"]
    assert all(s.commands == [] for s in matches.view_step(mid, "public", 0, seats=["p1"]).seats)
    with pytest.raises(BadRequest):
        matches.view_step(mid, "public", seats=["p3"])


def test_demo_matches_shown_to_a_newcomer_are_long_enough_to_show_the_game(redis_client):
    from kifu.service.matches import MatchService
    from kifu.service.seeding import MIN_DEMO_MOVES
    from kifu.service.store import Store

    rules = registry.get("senbu_rinki")  # its bot 審神者 may declare five moves in
    made = seed_demo_matches(MatchService(Store(redis_client)), per_game=2, live=1, games=[rules])
    assert [m.status for m in made] == ["finished", "finished", "live"]
    assert all(m.seq >= MIN_DEMO_MOVES for m in made[:2])
    assert made[2].seq >= MIN_DEMO_MOVES // 2
