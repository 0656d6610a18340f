"""Who is signed in, and the CSRF token every form carries.

The session (Flask's signed cookie, HttpOnly, SameSite=Lax) holds a random session id,
never the token. The id names a Redis key, ``kifu:sess:<sha256 of the id>``, whose value
is the SHA-256 of the token signed in with and which expires ``KIFU_SESSION_TTL`` seconds
(default 12 hours, a venue's day) after signing in. Both are looked up on every request,
so a session ends, for the browser and for any copy of its cookie, when it signs out
(the key is deleted), when its token is revoked (the token's record is gone), and when
it expires (the key is gone, and the cookie's signature is older than Flask accepts).
Only while the Redis node holding a session cannot answer does a lookup of the last few
seconds stand in for it (``kifu.service.faults``), so a session ended elsewhere opens
nothing more than ``faults.GRACE_SECONDS`` after it ended.

Every form carries ``csrf_token``; every POST to the blueprint is refused (400, nothing
written) unless it matches the session's token (``X-CSRF-Token`` also accepted, for
scripts). Signing in issues a fresh CSRF token.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from typing import Any

from flask import abort, after_this_request, current_app, g, request, session

from kifu.service import auth, faults

SESSION_ID = "sid"
SESSION_CSRF = "csrf"
CSRF_FIELD = "csrf_token"
SESSION_PREFIX = "kifu:sess:"
DEFAULT_TTL = 12 * 3600
MAX_SESSION_ID = 64


def session_ttl() -> int:
    """Seconds a web session lasts after signing in (``KIFU_SESSION_TTL``, config or environment)."""
    value = current_app.config.get("KIFU_SESSION_TTL") or os.environ.get("KIFU_SESSION_TTL") or DEFAULT_TTL
    return max(1, int(value))


def _key(sid: str) -> str:
    # Only the id's hash is a key name: reading the database (or its key list) gives no cookie.
    return SESSION_PREFIX + hashlib.sha256(sid.encode("utf-8")).hexdigest()


def _end(client: Any, sid: str) -> None:
    faults.guard(client).forget(_key(sid))
    client.delete(_key(sid))


def principal_of(client: Any, sid: Any) -> auth.Principal | None:
    """The principal of the live session ``sid``, or None (signed out, revoked, expired)."""
    if not isinstance(sid, str) or not sid or len(sid) > MAX_SESSION_ID:
        return None
    key = _key(sid)
    # while the session's node cannot answer, a verdict of the last few seconds stands in
    # (kifu.service.faults): a dead primary must not sign out the viewers of other shards
    digest = faults.guard(client).read(key, lambda: client.get(key))
    if digest is None:
        return None
    return auth.principal_by_digest(client, digest.decode("utf-8") if isinstance(digest, bytes) else digest)


def current(client: Any) -> auth.Principal | None:
    """The signed-in principal (cached on ``g``); a stale session is forgotten."""
    if "web_principal" not in g:
        sid = session.get(SESSION_ID)
        principal = principal_of(client, sid) if sid else None
        if sid and principal is None:
            session.pop(SESSION_ID, None)
        if principal is not None:
            after_this_request(_private)
        g.web_principal = principal
    return g.web_principal


def _private(response: Any) -> Any:
    # A page drawn for a signed-in token may show a hand: no browser or shared cache keeps
    # it (Back after signing out on a venue's shared machine must not show it again).
    response.headers["Cache-Control"] = "private, no-store"
    return response


def sign_in(client: Any, token: str) -> auth.Principal | None:
    principal = auth.authenticate(client, token.strip())
    if principal is None:
        return None
    end_session(client)
    sid = secrets.token_urlsafe(32)
    client.set(_key(sid), auth.hash_token(token.strip()), ex=session_ttl())
    session[SESSION_ID] = sid
    session[SESSION_CSRF] = secrets.token_urlsafe(32)
    g.web_principal = principal
    return principal


def end_session(client: Any) -> None:
    """Forget the session here and in Redis: a copy of its cookie signs nobody in."""
    sid = session.get(SESSION_ID)
    if isinstance(sid, str) and sid and len(sid) <= MAX_SESSION_ID:
        _end(client, sid)
    for table_sid in (session.get(SESSION_TABLES) or {}).values():
        if isinstance(table_sid, str) and table_sid and len(table_sid) <= MAX_SESSION_ID:
            _end(client, table_sid)
    session.clear()


# -- a token for one table, beside the sign-in ------------------------------------------------

SESSION_TABLES = "tables"  #: match id -> the id of a session of a token bound to that match
MAX_TABLES = 8


def enter_table(client: Any, mid: str, token: str) -> auth.Principal | None:
    """Sign ``token`` (a recorder's or player's of match ``mid``) in for that match's table
    only, keeping whoever is signed in: an organizer who created the match records it as
    its recorder (the record says the recorder's seat acted, not a judge) and is still the
    organizer everywhere else. The table's session is a Redis key like any session (its
    TTL, its token's revocation), and signing out ends it too. None for another token."""
    principal = auth.authenticate(client, token.strip())
    if principal is None or principal.match != mid:
        return None
    tables = {m: t for m, t in (session.get(SESSION_TABLES) or {}).items() if m != mid}
    old = (session.get(SESSION_TABLES) or {}).get(mid)
    if isinstance(old, str) and old and len(old) <= MAX_SESSION_ID:
        _end(client, old)
    while len(tables) >= MAX_TABLES:
        _end(client, tables.pop(next(iter(tables))))
    sid = secrets.token_urlsafe(32)
    client.set(_key(sid), auth.hash_token(token.strip()), ex=session_ttl())
    session[SESSION_TABLES] = {**tables, mid: sid}
    session.setdefault(SESSION_CSRF, secrets.token_urlsafe(32))
    return principal


def at_table(client: Any, mid: str) -> auth.Principal | None:
    """Who records at match ``mid``'s table: the token entered for it (``enter_table``)
    while it lasts, else the signed-in principal."""
    sid = (session.get(SESSION_TABLES) or {}).get(mid)
    principal = principal_of(client, sid) if sid else None
    if sid and principal is None:
        session[SESSION_TABLES] = {m: t for m, t in session[SESSION_TABLES].items() if m != mid}
    if principal is None:
        return current(client)
    after_this_request(_private)
    return principal


def sign_out(client: Any) -> None:
    end_session(client)
    g.web_principal = None


def csrf_token() -> str:
    token = session.get(SESSION_CSRF)
    if not token:
        token = session[SESSION_CSRF] = secrets.token_urlsafe(32)
    return token


def check_csrf() -> None:
    """Abort with 400 unless the request carries this session's CSRF token."""
    expected = session.get(SESSION_CSRF)
    sent = request.form.get(CSRF_FIELD) or request.headers.get("X-CSRF-Token") or ""
    if not expected or not hmac.compare_digest(str(expected), str(sent)):
        abort(400, description="The form's CSRF token is missing or out of date. Reload the page and try again.")


def safe_next(target: str | None, default: str) -> str:
    """A local path to return to after signing in (never another site).

    Browsers drop tabs and newlines from a URL ("/", TAB, "/evil.example" is
    "//evil.example") and read a backslash as "/", so a target with any of them, or with
    any other control character or whitespace, is refused rather than cleaned up.
    """
    if (target and target.startswith("/") and not target.startswith("//") and "\\" not in target
            and target.isprintable() and not any(c.isspace() for c in target)):
        return target
    return default
