"""/new with deck lists pasted as text, in a real browser (Playwright + Debian's Chromium):
two official recommended hOCG lists against the full card list (imported into the store as
an organizer would), each checked beside its field as it is typed, then a physical match
created with them and its opening deal stated."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu.replays import registry
from kifu.service.cardsets import CardSetStore
from tests.web.browser import screenshot, wait_text
from tests.web.conftest import token
from tests.web.test_browser_recording import Clicks, sign_in

pytestmark = pytest.mark.browser
SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hocg"
LISTS = ("hbp01_001.txt", "hoshimachi-suisei-deck.txt")


@pytest.mark.skipif(not (SHARED / "card_data.json").exists() or not all((SHARED / "decks" / n).exists() for n in LISTS),
                    reason="the official card list and decks (../shared/data/hocg/) are not here (input only, never "
                           "committed)")
def test_paste_official_lists_as_text_and_create_a_physical_hocg_match(tab, live, app, matches):
    rules = registry.get("hocg")
    cs, _ = CardSetStore(app.extensions["kifu"].redis).put(
        rules, json.loads((SHARED / "card_data.json").read_text(encoding="utf-8")))
    texts = [(SHARED / "decks" / n).read_text(encoding="utf-8") for n in LISTS]
    sign_in(tab, live, token(app, "admin", name="Organizer"), "/new")
    click = Clicks(tab)
    tab.wait_for_load_state("load")
    tab.select_option("#new-game", "hocg")
    tab.wait_for_selector("[data-testid=deck-p1]")
    assert tab.get_attribute("[data-testid=deck-p1]", "placeholder").startswith("推しホロメン\n1 ")
    tab.fill("[data-testid=seat-1]", "Kanata")
    tab.fill("[data-testid=seat-2]", "Suisei")
    tab.check("[data-testid=table-physical]")
    tab.select_option("[data-testid=cardset]", cs.digest)
    tab.select_option("select[name='opt.first_player']", "p1")

    # a list with a slip: its problems appear beside the field, each with its line
    tab.fill("[data-testid=deck-p2]", texts[1].replace("エールデッキ", "エールデッキ\n1 hSD01-016", 1))
    wait_text(tab, "[data-testid=deck-check-deck-p2]", "does not go in エールデッキ")
    summary = tab.inner_text("[data-testid=deck-summary-deck-p2]")
    assert summary.startswith("oshi 1 / main 50 / cheer 21"), summary
    assert "line " in tab.inner_text("[data-testid=deck-check-deck-p2] .deck-problems")
    screenshot(tab, "new-deck-text-problems")

    for seat, text in zip(("p1", "p2"), texts):
        tab.fill(f"[data-testid=deck-{seat}]", text)
        wait_text(tab, f"[data-testid=deck-summary-deck-{seat}]", "oshi 1 / main 50 / cheer 20 · ✓ ready")
    click("[data-testid=continue]")
    tab.wait_for_selector("[data-testid=summary]")
    stated = 0
    while tab.locator("[data-testid=deal-pick]").count():  # seven cards to each seat: any the list holds
        click(tab.locator("[data-testid=deal-pick]").nth(0))
        stated += 1
        tab.wait_for_function("n => document.querySelectorAll('.dealt li').length === n", arg=stated)
    assert stated == 14
    click("[data-testid=create]")
    tab.wait_for_selector("[data-testid=created]")
    mid = tab.get_attribute("[data-testid=viewer-link]", "href").rsplit("/", 1)[1]
    header = matches.info(mid).header
    assert header["table"] == "physical" and header["cardset"]["digest"] == cs.digest
    decks = header["options"]["decks"]
    assert decks["p1"]["oshi"] == "hBP01-001_OSR" and len(decks["p1"]["deck"]) == 50 and len(decks["p2"]["cheer"]) == 20
    assert decks["p1"]["deck"].count("hBP01-009_C") == 12
