"""The web face of kifu: the htmx match viewer, the recording table and token sign-in.

``init_app(app)`` registers the ``web`` blueprint on an app made by
``kifu.service.app.create_app``; the service finds it through the ``kifu.extensions`` entry
point, so ``service`` never imports ``web``. Everything the pages show of a match state
goes through ``Rules.view`` for a perspective the signed-in role may use
(``kifu.service.auth.perspectives_for``).

Layout: ``views`` (routes), ``signin`` (session principal and CSRF), ``viewer`` (what a
step page shows), ``events`` (the server-sent event stream), ``table`` (the recording
table), ``pickers`` (a chance event's outcomes, or the cards a reveal may name, as one
searchable list), ``create`` (the new-match form with its opening-deal pickers),
``judging`` (its own blueprint: the judge panel, case files, the "judge called" banner).
Templates in ``web/templates/``: one page template per page that includes the partials
htmx swaps; board templates per game in ``web/templates/games/<id>/board.html``
(the convention is documented at the top of ``games/_generic.html``). Static files are
served under ``/assets/``; htmx and its SSE extension are vendored in
``web/static/vendor/`` (versions and digests in ``VERSIONS``).

Configuration (``app.config``): ``SECRET_KEY`` signs the session (required by
``create_app``); ``KIFU_SSE_HEARTBEAT`` seconds between keep-alive comments on an idle
event stream (default 5); ``KIFU_SESSION_TTL`` seconds a web sign-in lasts (default 12
hours; also read from the environment). Behind HTTPS also set ``SESSION_COOKIE_SECURE = True``.
"""
from __future__ import annotations

import os

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the web blueprint and the request/session settings it relies on."""
    from htmx_flask import Htmx

    from kifu.web.views import bp

    if "htmx" not in app.extensions:
        Htmx(app)
    # The session cookie carries who signed in: never readable by scripts, never sent
    # on cross-site POSTs (CSRF tokens are checked as well).
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    # Redis ends a session (web/signin.py); the cookie's signature expiring with it means
    # a session key that somehow outlived its TTL still opens nothing.
    from datetime import timedelta

    from kifu.web.signin import DEFAULT_TTL
    ttl = int(app.config.get("KIFU_SESSION_TTL") or os.environ.get("KIFU_SESSION_TTL") or DEFAULT_TTL)
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(seconds=max(1, ttl))
    # Templates are written for reading; trimming keeps the htmx responses small.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.register_blueprint(bp)
    from kifu.web.judging import bp as judging_bp
    app.register_blueprint(judging_bp)
    from kifu.web.tournaments import bp as events_bp
    app.register_blueprint(events_bp)
    from kifu.web.review import bp as review_bp  # shapes, variations, studies, embeds (issue 15)
    app.register_blueprint(review_bp)
