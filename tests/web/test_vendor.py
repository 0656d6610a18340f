"""The vendored htmx files are the pinned npm releases, byte for byte (see VERSIONS)."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

VENDOR = Path(__file__).resolve().parents[2] / "web" / "static" / "vendor"


def test_vendored_files_match_their_recorded_digests():
    note = (VENDOR / "VERSIONS").read_text()
    pinned = re.findall(r"-> (\S+)\n.*?sha256 of file ([0-9a-f]{64})", note, re.S)
    assert {name for name, _ in pinned} == {"htmx-2.0.11.min.js", "htmx-ext-sse-2.2.4.min.js"}
    for name, digest in pinned:
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, name


def test_pages_load_only_the_pinned_files():
    base = (VENDOR.parents[1] / "templates" / "base.html").read_text()
    scripts = re.findall(r"filename='([^']+\.js)'", base)
    # the pinned vendored files first, then only our own scripts (no other third-party code)
    assert scripts[:2] == ["vendor/htmx-2.0.11.min.js", "vendor/htmx-ext-sse-2.2.4.min.js"]
    assert set(scripts[2:]) == {"kifu.js", "review.js"}
    for own in scripts[2:]:
        assert (VENDOR.parent / own).is_file() and "/" not in own
