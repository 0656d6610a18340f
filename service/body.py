"""The one reader of JSON a client sends: API request bodies and the recording table's command.

Both refuse the same input the same way: more than ``limit`` bytes (``TooLarge``), text
that is not UTF-8, malformed JSON, floats, ``NaN``/``Infinity``, nesting deeper than the
JSON reader goes, and ``\\ud800``-style escapes of lone surrogates (``BadJson``). What
passes can be hashed and stored as is: floats and lone surrogates never reach a record,
and an error that quotes the input can always be encoded.

>>> loads(b'{"n": 1}', limit=100)
{'n': 1}
>>> loads('{"n": 1.5}', limit=100)
Traceback (most recent call last):
...
kifu.service.errors.BadJson: malformed JSON: number 1.5 is not an integer (floats never reach a record)
>>> loads('"\\\\ud800"', limit=100)
Traceback (most recent call last):
...
kifu.service.errors.BadJson: malformed JSON: a \\u escape names a lone surrogate, which is not a character
"""
from __future__ import annotations

import json
from typing import Any

from kifu.service.errors import BadJson, BadRequest, TooLarge


def _reject_float(text: str) -> Any:
    raise ValueError(f"number {text} is not an integer (floats never reach a record)")


def _reject_constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def loads(raw: bytes | str, *, limit: int, what: str = "the body") -> Any:
    """``raw`` as JSON data, or ``TooLarge`` / ``BadJson`` (nothing else escapes)."""
    if len(raw) > limit:
        raise TooLarge(f"{what} is larger than {limit} {'bytes' if isinstance(raw, bytes) else 'characters'}")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJson(f"{what} is not UTF-8") from None
    try:
        data = json.loads(raw, parse_float=_reject_float, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise BadJson(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise BadJson("malformed JSON: nested too deeply") from None
    except ValueError as exc:
        raise BadJson(f"malformed JSON: {exc}") from None
    try:
        # "\ud800" is valid JSON text but no Unicode string: it could be neither stored nor
        # sent back (an error naming it would fail to encode), so it stops here
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJson("malformed JSON: a \\u escape names a lone surrogate, which is not a character") from None
    except RecursionError:
        raise BadJson("malformed JSON: nested too deeply") from None
    return data


def loads_object(raw: bytes | str, *, limit: int, what: str = "the body") -> dict[str, Any]:
    """``loads``, and a 400 unless the JSON is an object."""
    data = loads(raw, limit=limit, what=what)
    if not isinstance(data, dict):
        raise BadRequest({"_schema": [f"{what} must be a JSON object"]})
    return data
