"""Review (issue 15, DESIGN.md "Review"): shapes, variations, studies, and their exchange.

Everything here lives beside a match's record, never in it:

- ``stream``: the match's review stream ``kifu:m:{<mid>}:review`` (append-only, folded
  like the notes stream): variations and shape sets;
- ``variations``: a "what if" line of legal commands played on a step's omniscient state
  by the same rules (the judged wrapper's ``decide``), with its own seed;
- ``shapes``: arrows and highlights between the board's anchors, per step and per note;
- ``studies``: named collections of chapters (a match's step), public or private;
- ``exchange``: annotations and variations as JSON Lines anchored to the record's chain,
  export, import and verify;
- ``service``: ``Review``, the facade the API and the web call.

Who may do what is decided by the callers with ``kifu.service.auth`` (``access`` holds the
review-specific rules); this package decides what is valid and writes nothing on a refusal.
"""
from __future__ import annotations

from kifu.service.review.service import Review

__all__ = ["Review"]
