"""Who is signed in, and the CSRF token every form carries.

The session (Flask's signed cookie, HttpOnly, SameSite=Lax) stores the SHA-256 of the
token, never the token: the principal is looked up in Redis on every request, so a
revoked token signs its sessions out at once, and a copied cookie is no bearer token.

Every form carries ``csrf_token``; every POST to the blueprint is refused (400, nothing
written) unless it matches the session's token (``X-CSRF-Token`` also accepted, for
scripts). Signing in issues a fresh CSRF token.
"""
from __future__ import annotations

import hmac
import secrets
from typing import Any

from flask import abort, after_this_request, g, request, session

from service import auth

SESSION_TOKEN = "tok"
SESSION_CSRF = "csrf"
CSRF_FIELD = "csrf_token"


def current(client: Any) -> auth.Principal | None:
    """The signed-in principal (cached on ``g``); a stale session is forgotten."""
    if "web_principal" not in g:
        digest = session.get(SESSION_TOKEN)
        principal = auth.principal_by_digest(client, digest) if digest else None
        if digest and principal is None:
            session.pop(SESSION_TOKEN, None)
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
    session.clear()
    session[SESSION_TOKEN] = auth.hash_token(token.strip())
    session[SESSION_CSRF] = secrets.token_urlsafe(32)
    g.web_principal = principal
    return principal


def sign_out() -> None:
    session.clear()
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
