"""Every Redis user beside the match store, on a Redis Cluster (three primaries).

The app is built from a ``redis+cluster://`` URL (``kifu.service.app.connect``), as ``kifu
serve --redis-url`` and the compose profile build it. Keys of different things land in
different slots, so whatever used a multi-key command or a transaction across them
(studies: MGET and MULTI over a study and the index) fails here and nowhere else. The
studies and events API suites run here unchanged, over the cluster; sessions, tokens,
the audit stream, card sets, listings and the follow hub are checked below.
"""
from __future__ import annotations

import threading

import pytest
import redis as redis_py
from redis.cluster import RedisCluster

import tests.review.conftest as review
from kifu.service import auth
from kifu.service.app import cluster_nodes, connect, is_cluster_url
from kifu.service.cardsets import CardSetStore
from kifu.service.fanout import ClusterFollowHub, FollowHub
from tests.review import test_studies
from tests.service.api.conftest import ADMIN, Api, make_app, with_registry
from tests.service.cluster import LocalCluster
from tests.tournaments import test_api as events_api


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    running = LocalCluster(tmp_path_factory.mktemp("cluster")).start()
    yield running
    running.stop()


@pytest.fixture
def redis_url(cluster):
    """The cluster's URL in place of the session's single Redis, emptied for each test."""
    client = cluster.client()
    client.flushall(target_nodes=RedisCluster.PRIMARIES)
    client.close()
    return cluster.url()


# -- the URL --------------------------------------------------------------------------

def test_cluster_urls_name_every_node_and_keep_credentials_and_options():
    assert is_cluster_url("redis+cluster://a:1") and is_cluster_url("REDISS+CLUSTER://a:1")
    assert not is_cluster_url("redis://a:1") and not is_cluster_url("unix:///tmp/r.sock")
    first, nodes = cluster_nodes("redis+cluster://u:p%40ss@h1:7000,h2:7001,[::1]:7002,h4/0?socket_timeout=2")
    assert first == "redis://u:p%40ss@h1:7000?socket_timeout=2"
    assert nodes == [("h1", 7000), ("h2", 7001), ("::1", 7002), ("h4", 6379)]
    assert cluster_nodes("rediss+cluster://h:1")[0] == "rediss://h:1"
    for bad in ("redis+cluster://h:1/2", "redis+cluster://h:x", "redis+cluster://h:1,,h:2", "redis+cluster://:1",
                "redis://h:1"):
        with pytest.raises(ValueError):
            cluster_nodes(bad)


def test_a_cluster_nobody_answers_is_a_connection_error(cluster):
    with pytest.raises(redis_py.ConnectionError, match="no node of the cluster answers"):
        connect("redis+cluster://127.0.0.1:1,127.0.0.1:2")
    client = connect(cluster.url(), max_connections=4)
    try:
        assert isinstance(client, RedisCluster) and len(client.get_primaries()) == 3
        pool = client.get_primaries()[0].redis_connection.connection_pool
        assert isinstance(pool, redis_py.BlockingConnectionPool) and pool.max_connections == 4
    finally:
        client.close()


# -- the suites of other Redis users, unchanged, over the cluster ------------------------

@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def api(app):
    return review.Api(app.test_client())


@pytest.fixture
def admin(api):
    return api.as_(ADMIN)


svc, redis, tokens = review.svc, review.redis, review.tokens

# studies: a study and the index of studies are in two slots (were MGET and MULTI over both)
test_private_study = test_studies.test_a_private_study_is_its_owners_and_admins_only_and_refusals_write_nothing
# events: each event's log and markers under its own tag, the index of events in another slot
test_event_refusals = events_api.test_refusals_are_json_and_write_nothing
test_event_best_of_three = events_api.test_best_of_three_next_games_come_with_any_read


# -- the rest, directly -------------------------------------------------------------------

def test_matches_tokens_audit_and_listings_span_the_nodes(app):
    kifu = app.extensions["kifu"]
    assert isinstance(kifu.redis, RedisCluster)
    api = Api(app.test_client(), ADMIN)
    made = [api.create("tally", ["Aoi", "Ren"], options={"target": 50})["id"] for _ in range(9)]
    assert len({kifu.redis.get_node_from_key(f"kifu:m:{{{mid}}}:meta").name for mid in made}) > 1
    listed = api.get("/api/matches?limit=50").json["matches"]
    assert {m["id"] for m in listed} >= set(made)
    token = auth.create_token(kifu.redis, role="annotator", name="Coach Mai")
    assert Api(app.test_client(), token).get("/api/matches/" + made[0]).status_code == 200
    assert auth.revoke(kifu.redis, token) and Api(app.test_client(), token).get("/api/audit").status_code == 401
    assert api.get(f"/api/matches/{made[0]}/state?as=omniscient").status_code == 200  # audited
    assert api.get("/api/audit").json["entries"], "the audit stream is read on the cluster"
    assert kifu.matches.store.rebuild_indexes() == len(made)
    stored = CardSetStore(kifu.redis).list()  # the demo sets create_app imported, found by SCAN on every node
    assert stored and {s.game for s in stored} >= {"holodelive"}


def test_web_sessions_sign_in_and_out_on_the_cluster(redis_url):
    import re

    from kifu.web import signin

    app = make_app(redis_url, KIFU_EXTENSIONS=None)
    try:
        client = app.test_client()
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/signin").get_data(as_text=True)).group(1)
        signed = client.post("/signin", data={"token": ADMIN, "csrf_token": csrf, "next": "/"})
        assert signed.status_code in (302, 303)
        kifu = app.extensions["kifu"]
        sessions = list(kifu.redis.scan_iter(match=signin.SESSION_PREFIX + "*"))
        assert len(sessions) == 1, "the session lives in the cluster"
        assert client.get("/api/audit").status_code in (200, 401)
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
        if csrf is not None:
            client.post("/signout", data={"csrf_token": csrf.group(1)})
            assert not list(kifu.redis.scan_iter(match=signin.SESSION_PREFIX + "*")), "signed out server-side"
    finally:
        app.extensions["kifu"].redis.close()


def test_the_follow_hub_reads_each_node_once_for_all_its_matches(app):
    kifu = app.extensions["kifu"]
    hub = FollowHub.for_client(kifu.redis)
    assert isinstance(hub, ClusterFollowHub)
    svc = kifu.matches
    mids = [svc.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id for _ in range(12)]
    owners = {kifu.redis.get_node_from_key(f"kifu:m:{{{mid}}}:log").name for mid in mids}
    seen: dict[str, list[int]] = {mid: [] for mid in mids}

    def viewer(mid: str) -> None:
        last = 0
        while last < 3:
            last = hub.wait(mid, last, 5.0)
            seen[mid].append(last)

    for mid in mids:
        for _ in range(3):  # three viewers of each match
            hub.subscribe(mid, 0)
    threads = [threading.Thread(target=viewer, args=(mid,)) for mid in mids for _ in range(3)]
    for thread in threads:
        thread.start()
    for seq in range(3):
        for mid in mids:
            svc.submit(mid, {"type": "add", "seat": "p1", "n": 1}, expected_seq=seq, command_id=f"c{seq}")
    for thread in threads:
        thread.join(10)
    assert not any(t.is_alive() for t in threads)
    assert all(max(v) == 3 for v in seen.values())
    assert hub.readers() == sorted(owners)  # one reader per node that owns a followed match, not per viewer
    assert hub.following() == len(mids)
    for mid in mids:
        for _ in range(3):
            hub.unsubscribe(mid)
    assert hub.following() == 0
