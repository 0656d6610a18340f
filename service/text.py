"""What free text the service stores: names, labels and notes, as one rule with two forms.

A regular expression that the server matches and the OpenAPI document publishes as a
``pattern``, so that a client (or a fuzzer) that follows the document is never refused:
no control characters (C0, DEL, C1), no line or paragraph separators, no invisible
format controls that could hide or reorder text for a reader (zero-width and bidi
controls, the BOM), no non-characters; at least one character that is not a space. Lone
surrogates (which a JSON text may escape but no Unicode string holds) are refused beside
the pattern: validators that compile it as Unicode (jsonschema-rs) cannot read them in it. A line (a name, a label) has no newline; a note may have ``\\n`` and
``\\r\\n``. Other scripts' spaces (U+3000, the ideographic space of Japanese text) are
text. The patterns keep to the syntax ECMA-262 and Python share (no lookaround, no
``\\p{}``), and are linear: the leading spaces and the first other character cannot
overlap; the end is a lookahead, not ``$``.

>>> bool(LINE.match("Mai Sato")), bool(LINE.match("  ")), bool(LINE.match("a\\u202eb"))
(True, False, False)
>>> bool(NOTE.match("good move\\r\\nreally")), bool(NOTE.match("bell\\a"))
(True, False)
"""
from __future__ import annotations

import re

#: never in stored text (a character class body): control, separator and invisible characters
CONTROL = (r"\x00-\x09\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f"
           r"\ufeff\ufffe\uffff")
#: spaces that are text but not content (Python's str.isspace less the control characters)
SPACES = r" \xa0\u1680\u2000-\u200a\u202f\u205f\u3000"
#: the very end of the string (Python's ``$`` also matches before a final newline, ECMA's does not)
END = r"(?![\s\S])"
#: one line: spaces, then a character that is not one, then anything but control characters
LINE_PATTERN = rf"^[{SPACES}]*[^{CONTROL}{SPACES}\n][^{CONTROL}\n]*{END}"
#: a note: as a line, where a newline (LF or CRLF) may also come anywhere
NOTE_PATTERN = rf"^(?:[{SPACES}\n]|\r\n)*[^{CONTROL}{SPACES}\n](?:[^{CONTROL}]|\r\n)*{END}"
LINE = re.compile(LINE_PATTERN)
NOTE = re.compile(NOTE_PATTERN)


def is_line(value: object) -> bool:
    """A string that is one line of text (see the module docstring); lengths are the caller's."""
    return isinstance(value, str) and LINE.match(value) is not None and _unicode(value)


def is_note(value: object) -> bool:
    """A string that is note text: lines of text joined by LF or CRLF."""
    return isinstance(value, str) and NOTE.match(value) is not None and _unicode(value)


def _unicode(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True
