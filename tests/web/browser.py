"""Driving Debian's Chromium through Playwright against the app on a real port.

The browser tests must run, not skip: without Chromium they fail and say how to get it.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = os.environ.get("KIFU_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def launch(playwright):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium is not at {CHROMIUM}: install it (apt-get install chromium) or set KIFU_CHROMIUM. "
                    "The browser tests must run in CI; they are not skipped.", pytrace=False)
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def location(page) -> str:
    # page.url can trail htmx's pushState; ask the page itself.
    return page.evaluate("location.pathname + location.search")


def wait_location(page, needle: str, timeout: float = 10.0) -> str:
    """Wait until the address contains ``needle`` (polled: the pages' CSP forbids eval'd waits)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            here = location(page)
        except PlaywrightError:  # a full page load replaced the document mid-question
            here = ""
        if needle in here:
            return here
        if time.monotonic() > deadline:
            raise AssertionError(f"address never contained {needle!r}; it is {here!r}")
        time.sleep(0.03)


def wait_text(page, selector: str, needle: str, timeout: float = 10.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        found = page.locator(selector)
        text = found.first.inner_text() if found.count() else ""
        if needle in text:
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} never showed {needle!r}; it shows {text[:300]!r}")
        time.sleep(0.03)


def step_of(page) -> int:
    return int(page.get_attribute("#stage", "data-step"))


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
