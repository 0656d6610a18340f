"""A web session ends on the server (issue 14, item 2): a copy of the session cookie taken
before sign-out, before its token is revoked, or kept past its expiry opens no table and
records nothing. Against ``kifu serve`` with its embedded Redis, over HTTP."""
from __future__ import annotations

import html
import re
import time

import pytest
import requests

from kifu.replays import registry
from kifu.service import auth
from tests.service.served import serve

TTL = 6  # seconds a session lasts on this server; the expiry test waits it out


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("sessions"), KIFU_SESSION_TTL=str(TTL)) as served:
        yield served


def new_match(server) -> str:
    game = registry.ids()[0]
    made = requests.post(server.base + "/api/matches", headers={"Authorization": f"Bearer {server.admin}"}, json={
        "game": game, "seats": [{"name": f"P{i}"} for i in range(registry.get(game).seats[0])]})
    assert made.status_code == 201, made.text
    return made.json()["id"]


def seq(server, mid: str) -> int:
    return requests.get(server.base + f"/api/matches/{mid}").json()["seq"]


def sign_in(server, token: str) -> requests.Session:
    browser = requests.Session()
    form = browser.get(server.base + "/signin").text
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    done = browser.post(server.base + "/signin", data={"token": token, "csrf_token": csrf, "next": "/"},
                        allow_redirects=False)
    assert done.status_code == 303, done.text
    return browser


class Copy:
    """The session cookie as copied once (what a thief or a shared machine keeps): sent as
    it was on every request, whatever the server answers to set instead."""

    def __init__(self, browser: requests.Session):
        self.cookie = browser.cookies.get("session")
        self.cookies = {"session": self.cookie}

    def get(self, url: str, **kwargs):
        return requests.get(url, cookies=self.cookies, **kwargs)

    def post(self, url: str, **kwargs):
        return requests.post(url, cookies=self.cookies, **kwargs)


def copy_of(browser: requests.Session) -> Copy:
    return Copy(browser)


def table(server, client, mid: str) -> dict[str, str] | None:
    """The table's form (hidden fields and the first command), or None if it is not shown."""
    page = client.get(server.base + f"/m/{mid}/table", allow_redirects=False)
    if page.status_code != 200:
        assert page.status_code == 303 and "/signin" in page.headers["Location"]
        return None
    fields = {k: html.unescape(re.search(rf'name="{k}" value="([^"]*)"', page.text).group(1))
              for k in ("csrf_token", "expected_seq", "command_id", "command")}
    return fields


def record(server, client, mid: str, fields: dict[str, str]) -> int:
    return client.post(server.base + f"/m/{mid}/table", data=fields, allow_redirects=False).status_code


def sessions(server) -> list[str]:
    return list(server.redis.scan_iter(match="kifu:sess:*"))


def test_a_copied_cookie_is_signed_out_with_its_browser(server):
    mid = new_match(server)
    token = auth.create_token(server.redis, role="recorder", name="Rec", match=mid)
    browser = sign_in(server, token)
    copy = copy_of(browser)
    assert copy.cookie and token not in copy.cookie
    fields = table(server, copy, mid)
    assert fields is not None and record(server, copy, mid, fields) == 303  # the copy works while signed in
    assert seq(server, mid) == 1
    later = table(server, copy, mid)  # a form the copy keeps for after the sign-out
    assert later is not None and later["expected_seq"] == "1"
    assert len(sessions(server)) >= 1

    mine = table(server, browser, mid)
    signed_out = browser.post(server.base + "/signout", data={"csrf_token": mine["csrf_token"]},
                              allow_redirects=False)
    assert signed_out.status_code == 303

    assert table(server, copy, mid) is None
    assert record(server, copy, mid, later) == 403
    assert table(server, browser, mid) is None
    assert seq(server, mid) == 1
    # signing in again is a new session: the old copy stays dead
    again = sign_in(server, token)
    assert table(server, again, mid) is not None and table(server, copy, mid) is None


def test_revoking_the_token_ends_every_session_made_from_it(server):
    mid = new_match(server)
    token = auth.create_token(server.redis, role="recorder", name="Rec", match=mid)
    other = auth.create_token(server.redis, role="recorder", name="Other", match=mid)
    copy = copy_of(sign_in(server, token))
    bystander = sign_in(server, other)
    fields = table(server, copy, mid)
    assert fields is not None

    server.cli("token", "revoke", token)

    assert table(server, copy, mid) is None
    assert record(server, copy, mid, fields) == 403
    assert seq(server, mid) == 0
    assert table(server, bystander, mid) is not None  # another token's session goes on


def test_a_session_expires_on_the_server(server):
    mid = new_match(server)
    token = auth.create_token(server.redis, role="recorder", name="Rec", match=mid)
    before = set(sessions(server))
    copy = copy_of(sign_in(server, token))
    fields = table(server, copy, mid)
    assert fields is not None
    made = set(sessions(server)) - before
    assert len(made) == 1
    key = made.pop()
    assert 0 < server.redis.ttl(key) <= TTL
    time.sleep(TTL + 1)

    assert not server.redis.exists(key)
    assert table(server, copy, mid) is None
    # refused before anything is read: the cookie's signature has expired with the session,
    # so the form's CSRF token matches no session (400)
    assert record(server, copy, mid, fields) in (400, 403)
    assert seq(server, mid) == 0
    assert table(server, sign_in(server, token), mid) is not None  # the token itself still signs in


# -- in-process: what the cookie holds ----------------------------------------------------------

def test_the_cookie_holds_a_session_id_and_an_old_token_hash_cookie_signs_nobody_in(app, client):
    from tests.web.conftest import token as make_token
    from kifu.web import signin

    tok = make_token(app, "judge", name="Judge Ito")
    form = client.get("/signin").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    assert client.post("/signin", data={"token": tok, "csrf_token": csrf}).status_code == 303
    with client.session_transaction() as held:
        assert set(held) == {signin.SESSION_ID, signin.SESSION_CSRF}
        assert auth.hash_token(tok) not in held.values()
        held.clear()  # a cookie from before sessions lived in Redis: the token's hash itself
        held["tok"] = auth.hash_token(tok)
    assert "Sign out" not in client.get("/").get_data(as_text=True)
    with client.session_transaction() as held:  # an id that names no session
        held[signin.SESSION_ID] = "x" * 43
    assert "Sign out" not in client.get("/").get_data(as_text=True)
