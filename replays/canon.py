"""Canonical JSON: the one byte encoding that hashes and chains are computed over.

Keys sorted, no insignificant whitespace, UTF-8 (Japanese names kept as they are),
no NaN. Floats are not allowed in states or commands; ``check_plain`` enforces it in
tests and at the edges (``dumps`` stays on the fast C encoder).

>>> dumps({"b": 1, "a": ["ぺこら", True]})
'{"a":["ぺこら",true],"b":1}'
>>> digest({"a": 1})[:12]
'015abd7f5cc5'
>>> state_hash({"a": 1}, "seed") == state_hash({"a": 1}, "other seed")
False
"""
from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

_ENCODER = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def dumps(obj: Any) -> str:
    return _ENCODER.encode(obj)


def digest(obj: Any) -> str:
    """SHA-256 (hex) of the canonical encoding."""
    return hashlib.sha256(dumps(obj).encode("utf-8")).hexdigest()


def state_hash(state: Any, seed: str) -> str:
    """The hash recorded after each entry: HMAC-SHA256 of the canonical state, keyed by the seed.

    Keyed because state hashes are public while a match is live, and a game whose
    hidden part is small (a hidden-role deal) could otherwise be recovered by hashing
    every possible state. The key is ``HMAC-SHA256(UTF-8(seed), "kifu/state-hash")``
    (32 bytes), so nobody can check or guess a state hash before the seed is revealed.
    """
    key = hmac.new(seed.encode("utf-8"), b"kifu/state-hash", hashlib.sha256).digest()
    return hmac.new(key, dumps(state).encode("utf-8"), hashlib.sha256).hexdigest()


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_plain(obj: Any, path: str = "$") -> None:
    """Raise TypeError unless ``obj`` is JSON data without floats (what may be hashed)."""
    if obj is None or isinstance(obj, (bool, int, str)):
        return
    if isinstance(obj, float):
        raise TypeError(f"float at {path}: floats never reach a hash")
    if isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            check_plain(item, f"{path}[{i}]")
        return
    if isinstance(obj, dict):
        for key, value in obj.items():
            if not isinstance(key, str):
                raise TypeError(f"non-string key {key!r} at {path}")
            check_plain(value, f"{path}.{key}")
        return
    raise TypeError(f"{type(obj).__name__} at {path} is not JSON data")
