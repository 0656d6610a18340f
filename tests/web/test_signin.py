"""Token sign-in: a signed HttpOnly SameSite session, CSRF on every POST, sign-out."""
from __future__ import annotations

import re

from tests.web.conftest import token
from tests.web.test_views import sign_in


def csrf_of(client) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get("/signin").get_data(as_text=True)).group(1)


def test_sign_in_sets_a_safe_session_cookie_and_shows_who(app, client):
    tok = token(app, "judge", name="Judge Ito")
    csrf = csrf_of(client)
    r = client.post("/signin", data={"token": tok, "csrf_token": csrf, "next": "/"})
    assert r.status_code == 303 and r.headers["Location"] == "/"
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert tok not in cookie  # the session names the token's hash, never the token
    page = client.get("/").get_data(as_text=True)
    assert "Judge Ito · judge" in page and "Sign out" in page


def test_wrong_token_is_refused(client):
    r = client.post("/signin", data={"token": "not-a-token", "csrf_token": csrf_of(client)})
    assert r.status_code == 401
    assert "not valid" in r.get_data(as_text=True)
    assert "Sign out" not in client.get("/").get_data(as_text=True)


def test_post_without_csrf_is_refused(app, client):
    tok = token(app, "judge", name="J")
    csrf_of(client)
    assert client.post("/signin", data={"token": tok}).status_code == 400
    assert client.post("/signin", data={"token": tok, "csrf_token": "forged"}).status_code == 400
    assert "Sign out" not in client.get("/").get_data(as_text=True)


def test_sign_out_needs_csrf_and_forgets_the_principal(app, client):
    csrf = sign_in(client, token(app, "judge", name="J"))
    assert client.post("/signout").status_code == 400
    assert "Sign out" in client.get("/").get_data(as_text=True)
    # sign-in rotates the CSRF token
    page = client.get("/").get_data(as_text=True)
    fresh = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert fresh != csrf
    assert client.post("/signout", data={"csrf_token": fresh}).status_code == 303
    assert "Sign out" not in client.get("/").get_data(as_text=True)


def test_revoked_token_ends_the_session(app, client):
    from kifu.service import auth
    tok = token(app, "judge", name="J")
    sign_in(client, tok)
    auth.revoke(app.extensions["kifu"].redis, tok)
    assert "Sign out" not in client.get("/").get_data(as_text=True)


def test_next_never_leaves_the_site(app, client):
    tok = token(app, "judge", name="J")
    r = client.post("/signin", data={"token": tok, "csrf_token": csrf_of(client), "next": "//evil.example/x"})
    assert r.headers["Location"] == "/"
