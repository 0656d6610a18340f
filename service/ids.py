"""Match ids: 20 characters of lowercase Crockford base32 (100 random bits).

Every id that enters the service from outside goes through ``check_match_id`` before it
comes near a Redis key, so a ``{`` or ``}`` (a hash tag) or a ``*`` (a SCAN pattern)
can never reach one.

>>> bool(MATCH_ID.match(new_match_id()))
True
>>> check_match_id("0123456789abcdefghjk")
'0123456789abcdefghjk'
"""
from __future__ import annotations

import re
import secrets

from kifu.service.errors import NotFound

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
LENGTH = 20
MATCH_ID = re.compile(r"^[0-9a-hjkmnp-tv-z]{20}$")


def new_match_id() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def check_match_id(value: object) -> str:
    """Return ``value`` if it is a well-formed match id, else raise ``NotFound``.

    A malformed id names no match, so it is a 404 like an unknown one, not a 500.
    """
    if isinstance(value, str) and MATCH_ID.match(value):
        return value
    raise NotFound(f"no match {value!r}" if isinstance(value, str) and len(value) <= 64 else "no such match")
