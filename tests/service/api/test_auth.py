"""Tokens (hashed at rest), roles and what each may see, record and read of the seed."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from kifu.service import auth

MID, OTHER = "0123456789abcdefghjk", "zyxwvtsrqpnmkjhgfedc"


def info(status="live", public=True, mid=MID, seats=2):
    return SimpleNamespace(id=mid, status=status, public_when_finished=public, seq=3,
                           header={"seats": [{"id": f"p{i}", "name": str(i)} for i in range(1, seats + 1)]})


P = {
    "admin": auth.Principal("admin", "Org"), "judge": auth.Principal("judge", "J"),
    "recorder": auth.Principal("recorder", "R", match=MID), "p1": auth.Principal("player", "A", match=MID, seat="p1"),
    "p1-other": auth.Principal("player", "A", match=OTHER, seat="p1"), "annotator": auth.Principal("annotator", "N"),
    "public": None,
}


@pytest.mark.parametrize("who, live, finished_public, finished_private", [
    ("admin", "public p1 p2 omniscient", "public p1 p2 omniscient", "public p1 p2 omniscient"),
    ("judge", "public p1 p2 omniscient", "public p1 p2 omniscient", "public p1 p2 omniscient"),
    ("recorder", "public p1 p2", "public p1 p2 omniscient", "public p1 p2"),
    ("p1", "public p1", "public p1 p2 omniscient", "public p1"),
    ("p1-other", "public", "public p1 p2 omniscient", "public"),
    ("annotator", "public", "public p1 p2 omniscient", "public"),
    ("public", "public", "public p1 p2 omniscient", "public"),
])
def test_perspectives_by_role(who, live, finished_public, finished_private):
    assert auth.perspectives_for(P[who], info()) == live.split()
    assert auth.perspectives_for(P[who], info("finished")) == finished_public.split()
    assert auth.perspectives_for(P[who], info("finished", public=False)) == finished_private.split()


def test_who_may_append_and_see_the_seed():
    live = info()
    assert [w for w in P if auth.may_append(P[w], live, "p1")] == ["admin", "judge", "recorder", "p1"]
    assert [w for w in P if auth.may_append(P[w], live, "p2")] == ["admin", "judge", "recorder"]
    assert not auth.may_append(P["admin"], live, "p3")
    assert [w for w in P if auth.may_see_seed(P[w], live)] == ["admin", "judge"]
    assert [w for w in P if auth.may_see_seed(P[w], info("finished"))] == list(P)
    assert [w for w in P if auth.may_see_seed(P[w], info("finished", public=False))] == ["admin", "judge"]


def test_tokens_are_stored_hashed(redis_client):
    token = auth.create_token(redis_client, role="player", name="Aoi", match=MID, seat="p2")
    dumped = " ".join(str(redis_client.hgetall(k)) + k for k in redis_client.scan_iter("*"))
    assert token not in dumped and auth.hash_token(token) in dumped
    found = auth.authenticate(redis_client, token)
    assert found == auth.Principal("player", "Aoi", match=MID, seat="p2", token_id=auth.hash_token(token)[:12])
    assert auth.authenticate(redis_client, token + "x") is None
    assert auth.authenticate(redis_client, "") is None
    assert auth.revoke(redis_client, token) and auth.authenticate(redis_client, token) is None


@pytest.mark.parametrize("role, match, seat", [
    ("king", None, None), ("player", MID, None), ("player", None, "p1"), ("recorder", None, None),
    ("judge", MID, None), ("admin", None, "p1"), ("player", MID, "p0"), ("player", MID, "x1"),
])
def test_nonsense_token_requests_are_refused(redis_client, role, match, seat):
    with pytest.raises(auth.TokenSpecError):
        auth.create_token(redis_client, role=role, match=match, seat=seat)
    assert list(redis_client.scan_iter("kifu:tok:*")) == []


def test_a_new_configured_admin_token_replaces_the_old_one(redis_client):
    auth.ensure_admin_token(redis_client, "first")
    assert auth.authenticate(redis_client, "first").role == "admin" and auth.has_admin_token(redis_client)
    auth.ensure_admin_token(redis_client, "second")
    assert auth.authenticate(redis_client, "first") is None
    assert auth.authenticate(redis_client, "second").role == "admin"


def test_bad_authorization_headers_are_401(api):
    for header in ("Basic abc", "Bearer", "Bearer  ", "token"):
        rv = api.client.get("/api/matches", headers={"Authorization": header})
        assert rv.status_code == 401 and rv.json["error"] == "unauthorized"
        assert rv.headers["WWW-Authenticate"].startswith("Bearer")
