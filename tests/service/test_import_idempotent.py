"""A record is imported once: importing it again, or twice at once, answers the first match
(issue 14, item 7). In-process over the session's Redis, then against ``kifu serve``."""
from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from kifu.replays import records
from kifu.service import keys
from kifu.service.errors import ImportConflict, ImportRejected
from kifu.service.matches import MatchService
from tests.service.conftest import add
from tests.service.served import serve
from tests.service.toy import games
from tests.service.test_matches import play


def recorded(matches, n: int = 5) -> tuple[str, str]:
    mid = matches.create("tally", ["Aoi", "Ren"], {"target": 10**6}).id
    play(matches, mid, [add("p1", 1 + i % 3) for i in range(n)])
    return mid, matches.export(mid, include_seed=True).dumps()


def imported(store) -> list[str]:
    mids = [m.decode() if isinstance(m, bytes) else m for m in store.client.zrange(keys.idx_all(), 0, -1)]
    return [m["id"] for m in map(store.meta, mids) if m and m.get("imported") == "1"]


def test_a_second_import_answers_the_first_match(matches, store):
    _, text = recorded(matches)
    first, created = matches.import_or_existing(text, by="judge")
    again, created_again = matches.import_or_existing(text, by="judge")
    assert (created, created_again) == (True, False)
    assert again.id == first.id and again.chain == first.chain
    assert imported(store) == [first.id] and store.count() == 2  # the original and one import


def test_the_same_record_without_its_seed_is_still_the_same_record(matches, store):
    mid, text = recorded(matches)
    first = matches.import_record(text, by="judge")
    public = matches.export(mid, include_seed=False).dumps()
    assert matches.import_record(public, by="judge", seed=matches.seed(mid)).id == first.id
    with pytest.raises(ImportRejected):  # verified before the store is asked: a wrong seed stays wrong
        matches.import_record(public, by="judge", seed="another seed")
    assert imported(store) == [first.id]


def test_concurrent_imports_store_one_match(matches, store):
    _, text = recorded(matches, n=30)
    services = [MatchService(store, games=games) for _ in range(8)]  # eight processes' worth
    start = threading.Barrier(len(services))

    def one(svc):
        start.wait()
        return svc.import_or_existing(text, by="judge")

    with ThreadPoolExecutor(len(services)) as pool:
        answers = list(pool.map(one, services))
    assert len({info.id for info, _ in answers}) == 1
    assert [created for _, created in answers].count(True) == 1
    assert imported(store) == [answers[0][0].id]


def test_the_same_header_with_another_log_is_a_conflict_naming_the_match(matches, store):
    mid, short = recorded(matches, n=3)
    first = matches.import_record(short, by="judge")
    play(matches, mid, [add("p2", 2)], start=3)
    longer = matches.export(mid, include_seed=True).dumps()
    with pytest.raises(ImportConflict) as refused:
        matches.import_record(longer, by="judge")
    assert refused.value.status == 409 and refused.value.to_json()["match_id"] == first.id
    assert imported(store) == [first.id]
    # a live imported match recorded on since still answers the record it was imported from
    matches.submit(first.id, add("p1", 1), expected_seq=3)
    assert matches.import_record(short, by="judge").id == first.id


def test_a_claim_left_by_a_dead_importer_expires(matches, store):
    _, text = recorded(matches)
    header = records.read_text(text).record.header
    store.client.set(keys.imported(records.genesis(header)), "0" * 20, px=300)  # no such match
    info, created = matches.import_or_existing(text, by="judge")
    assert created and info.id != "0" * 20 and imported(store) == [info.id]


def test_a_failed_create_gives_its_claim_back(matches, store, monkeypatch):
    _, text = recorded(matches)
    genesis = records.genesis(records.read_text(text).record.header)

    def broken(*args, **kwargs):
        raise RuntimeError("the store went away")

    with monkeypatch.context() as patch:
        patch.setattr(store, "create", broken)
        with pytest.raises(RuntimeError):
            matches.import_record(text, by="judge")
    assert store.client.get(keys.imported(genesis)) is None
    assert matches.import_or_existing(text, by="judge")[1] is True


# -- against kifu serve ----------------------------------------------------------------------

def test_the_api_and_the_cli_import_a_record_once_against_kifu_serve(tmp_path):
    with serve(tmp_path) as server:
        headers = {"Authorization": f"Bearer {server.admin}"}
        listed = requests.get(server.base + "/api/matches?limit=100&status=finished", headers=headers).json()
        source = listed["matches"][0]["id"]
        text = requests.get(server.base + f"/api/matches/{source}/export", headers=headers).text
        assert '"seed"' in text.splitlines()[0]
        before = requests.get(server.base + "/api/matches?limit=200", headers=headers).json()["matches"]
        post = {"headers": {**headers, "Content-Type": "application/x-ndjson"}, "data": text.encode()}

        first = requests.post(server.base + "/api/import", **post)
        assert first.status_code == 201, first.text
        again = requests.post(server.base + "/api/import", **post)
        assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
        assert again.headers["Location"].endswith(f"/api/matches/{first.json()['id']}")

        # a record not yet stored, sent by eight clients at once: one match
        other = listed["matches"][1]["id"]
        text2 = requests.get(server.base + f"/api/matches/{other}/export", headers=headers).text
        start = threading.Barrier(8)

        def one(_):
            start.wait()
            return requests.post(server.base + "/api/import", headers=post["headers"], data=text2.encode())

        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(one, range(8)))
        assert sorted(a.status_code for a in answers) == [200] * 7 + [201], [a.text for a in answers]
        assert len({a.json()["id"] for a in answers}) == 1

        # the CLI beside the server, twice in a row and twice at once
        path = tmp_path / "one.kifu.jsonl"
        path.write_text(text, encoding="utf-8")
        out = server.cli("import", str(path)).stdout
        assert f"already imported as {first.json()['id']}" in out
        text3 = requests.get(server.base + f"/api/matches/{listed['matches'][2]['id']}/export", headers=headers).text
        path3 = tmp_path / "three.kifu.jsonl"
        path3.write_text(text3, encoding="utf-8")
        with ThreadPoolExecutor(2) as pool:
            outs = [done.stdout for done in pool.map(lambda _: server.cli("import", str(path3)), range(2))]
        ids = {re.search(r"imported as ([0-9a-z]{20})", out).group(1) for out in outs}
        assert len(ids) == 1 and sum("already imported as" in out for out in outs) == 1, outs

        after = requests.get(server.base + "/api/matches?limit=200", headers=headers).json()["matches"]
        assert len(after) == len(before) + 3  # one match per record, whatever the number of imports
        made = {m["id"] for m in after} - {m["id"] for m in before}
        assert made == {first.json()["id"], answers[0].json()["id"], *ids}


def test_reindex_gives_matches_imported_before_claims_their_claim(matches, store):
    _, text = recorded(matches)
    first = matches.import_record(text, by="judge")
    genesis = records.genesis(records.read_text(text).record.header)
    store.client.delete(keys.imported(genesis))  # as an import made before claims existed left it
    store.rebuild_indexes()
    assert matches.import_or_existing(text, by="judge") == (matches.info(first.id), False)
    assert imported(store) == [first.id]
