"""Recording a game played with real cards, from the new-match form to the verified export,
clicking through the pages in a real browser (Playwright + Debian's Chromium).

- A physical HOLOdeLIVE game: a bot game's deal and commands restated as a physical table
  states them (``kifu.replays.kit.tables.restate``), entered at the table as a recorder would,
  one click per command without an outcome and one button plus one pick per draw. The
  clicks per command are counted and printed: a recorder must keep up with the players.
- An observed 千舞鱗鬼さがし game: played through the table's buttons and pickers by a
  seeded random recorder who leaves roles unseen whenever the table allows it.

Both records are exported from the viewer's link and verified offline with ``kifu verify``.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from kifu.replays import engine, registry
from kifu.replays.demo import demo_record
from kifu.replays.kit.tables import restate
from tests.web.browser import screenshot, wait_location, wait_text
from tests.web.conftest import token

pytestmark = pytest.mark.browser
KIFU = Path(sys.executable).with_name("kifu")
#: the random recorder's game should show the game: no 勝利宣言 before this many commands
LONG_ENOUGH = 30


class Clicks:
    """Every click the recorder makes, so a test can say how many a command took."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def __call__(self, target) -> None:
        (self.page.locator(target) if isinstance(target, str) else target).click()
        self.count += 1


def sign_in(page, live, tok: str, then: str) -> None:
    page.goto(f"{live.url}/signin?next={quote(then)}")
    page.fill("#token", tok)
    page.click("form.signin button[type=submit]")
    wait_location(page, then)


def buttons(page, selector: str) -> list:
    return page.eval_on_selector_all(selector, "els => els.map(e => JSON.parse(e.value))")


def new_match(page, click: Clicks, game: str, names: list[str], table: str, choose_outcome) -> str:
    """Fill in /new, state the deal with ``choose_outcome(options) -> value``, create, and
    open the recording table as the match's recorder; the match id."""
    page.wait_for_load_state("load")  # htmx bound to the select: a change before that is lost
    page.select_option("#new-game", game)  # htmx brings the game's form
    page.wait_for_selector("[data-testid=seat-1]")
    for i, name in enumerate(names, start=1):
        page.fill(f"[data-testid=seat-{i}]", name)
    page.check(f"[data-testid=table-{table}]")
    click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=summary]")
    stated = 0
    while page.locator("[data-testid=deal-pick]").count():
        options = buttons(page, "[data-testid=deal-pick]")
        value = choose_outcome(options)
        click(page.locator("[data-testid=deal-pick]").nth(options.index(value)))
        stated += 1
        page.wait_for_function("n => document.querySelectorAll('.dealt li').length === n", arg=stated)
    click("[data-testid=create]")
    page.wait_for_selector("[data-testid=created]")
    mid = page.get_attribute("[data-testid=viewer-link]", "href").rsplit("/", 1)[1]
    click("[data-testid=record-now]")
    wait_location(page, f"/m/{mid}/table")
    return mid


def table_seq(page) -> int:
    return int(page.inner_text("[data-testid=table-seq]"))


def wait_seq(page, seq: int) -> None:
    page.wait_for_function(
        "n => { const s = document.querySelector('[data-testid=table-seq]'); return s && +s.textContent === n; }",
        arg=seq)


def record(page, click: Clicks, command: dict, shot: str | None = None) -> None:
    """Enter ``command`` at the table: its button, inside the picker that holds it if any
    (``shot``: a screenshot of the picker open). A command with several outcomes (a choice
    that turns up two venues) is entered as the table asks for them: the first outcome's
    button, then the next outcome picked on the table that asks for it, in turn."""
    outcomes = command.get("outcomes") or []
    steps = [{**command, "outcomes": outcomes[:n]} for n in range(1, len(outcomes) + 1)] or [command]
    for n, step in enumerate(steps):
        if n:  # the table asks for the next outcome of the same command
            assert page.locator("[data-testid=asking]").count() == 1, ("the table did not ask", command)
        offered = buttons(page, "#table button[name=command]")
        assert step in offered, (step, offered[:20])
        button = page.locator("#table button[name=command]").nth(offered.index(step))
        if not button.is_visible():  # in a closed picker: its one button opens it
            click(button.locator("xpath=ancestor::details[1]/summary"))
            if shot:
                screenshot(page, shot)
        table = page.query_selector("#table")
        click(button)
        if n + 1 < len(steps):
            page.wait_for_function("el => !el.isConnected", arg=table)  # the table asking for the next one


def export_and_verify(page, live, mid: str, tmp_path: Path) -> dict:
    answer = page.request.get(f"{live.url}/m/{mid}/export")
    assert answer.status == 200, answer.text()
    path = tmp_path / f"{mid}.kifu.jsonl"
    path.write_text(answer.text(), encoding="utf-8")
    done = subprocess.run([str(KIFU), "verify", "--require-seed", str(path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{path}: ok, " in done.stdout and ", replayed" in done.stdout
    return json.loads(answer.text().splitlines()[0])


def test_record_a_physical_holodelive_game_at_the_table(tab, live, app, matches, tmp_path):
    rules = registry.demo("holodelive")
    game = demo_record(rules, seed="kifu-demo", index=0)
    header = game.header
    deal, commands = restate(rules, header["options"], header["seed"], 2, [e["command"] for e in game.entries])
    names = [s["name"] for s in header["seats"]]
    sign_in(tab, live, token(app, "admin", name="Organizer"), "/new")
    setup = Clicks(tab)
    outcomes = iter(deal)
    mid = new_match(tab, setup, "holodelive", names, "physical", lambda options: next(outcomes))
    assert matches.info(mid).header["table"] == "physical"

    click = Clicks(tab)
    chance = 0
    for seq, command in enumerate(commands, start=1):
        before = click.count
        record(tab, click, command, shot="table-physical-picker" if seq == 8 else None)
        wait_seq(tab, seq)
        taken = click.count - before
        chance += bool(command.get("outcomes"))
        # one click for a command with no outcome (or a family's button and its pick); with
        # outcomes, its picker's button and one pick per outcome
        stated = len(command.get("outcomes") or [])
        assert taken == 1 + stated if stated else taken <= 2, (command, taken)
    screenshot(tab, "table-physical-holodelive")
    wait_text(tab, "#table", "The match is over")
    per_command = click.count / len(commands)
    print(f"\nphysical HOLOdeLIVE at the table: {len(commands)} commands ({chance} with a chance outcome) in "
          f"{click.count} clicks = {per_command:.2f} clicks per command; the deal of {len(deal)} outcomes "
          f"and the setup took {setup.count} clicks")
    assert per_command <= 1.5

    info = matches.info(mid)
    assert info.status == "finished" and [e["command"] for e in matches.entries(mid)] == commands
    exported = export_and_verify(tab, live, mid, tmp_path)
    assert exported["table"] == "physical" and exported["deal"] == deal
    # the bot's digital game, outcome for outcome: the same result
    digital = engine.fold(rules, engine.initial_state(rules, header, header["seed"]), [e["command"] for e in game.entries])
    assert info.outcome == rules.outcome(digital).to_json()


def test_record_an_observed_senbu_rinki_game_leaving_roles_unseen(tab, live, app, matches, tmp_path):
    rng = random.Random("observed senbu")
    names = ["Aoi", "Hikari", "Ren", "Sora", "Mio"]

    def outcome(options):
        return None if None in options and rng.random() < 0.6 else rng.choice([o for o in options if o is not None])

    sign_in(tab, live, token(app, "admin", name="Organizer"), "/new")
    click = Clicks(tab)
    mid = new_match(tab, click, "senbu_rinki", names, "observed", outcome)
    assert matches.view_step(mid, "omniscient").view["unknown"], "no role was left unseen"
    unknown_picked = 0
    for _ in range(600):
        if tab.locator("[data-testid=over]").count():
            break
        table = tab.query_selector("#table")
        if tab.locator("[data-testid=asking]").count():  # a command asking for its next outcome
            scope = "[data-testid=asking]"
        else:
            plain = tab.locator("#table .seat-commands:not(.idle) form.plain button[name=command]")
            asks = tab.locator("#table .seat-commands:not(.idle) summary[data-testid=ask]")
            choices = [("plain", i, c) for i, c in enumerate(buttons(tab, "#table .seat-commands:not(.idle) "
                                                                          "form.plain button[name=command]"))]
            choices += [("ask", i, None) for i in range(asks.count())]
            assert choices, "the table offers nothing, yet the match is not over"
            early = matches.info(mid).seq < LONG_ENOUGH
            kind, i, command = rng.choice([c for c in choices if not (early and c[2] and
                                                                      c[2]["type"] == "declare_victory")]
                                          or choices)
            if kind == "plain":
                click(plain.nth(i))
                tab.wait_for_function("el => !el.isConnected", arg=table)
                continue
            click(asks.nth(i))
            scope = "#table details[open]"
        options = buttons(tab, f"{scope} button[name=command]")
        keys = [c["outcomes"][-1] if c.get("outcomes") else json.dumps(c) for c in options]
        choice = outcome(keys)
        unknown_picked += choice is None
        click(tab.locator(f"{scope} button[name=command]").nth(keys.index(choice)))
        tab.wait_for_function("el => !el.isConnected", arg=table)  # recorded, or asked for the next outcome
    else:
        raise AssertionError("the observed game did not end in 600 clicks")
    assert not tab.locator("[data-testid=refusal]").count()
    info = matches.info(mid)
    assert info.status == "finished" and info.seq >= 20, info.seq
    screenshot(tab, "table-observed-senbu")
    exported = export_and_verify(tab, live, mid, tmp_path)
    assert exported["table"] == "observed" and None in exported["deal"]
    tab.goto(f"{live.url}/m/{mid}?step=0&as=omniscient")
    assert tab.locator("[data-testid=board] [data-testid=token]").count() >= 1
    assert tab.locator("[data-testid=knowledge] li").count() >= 1
    print(f"\nobserved 千舞鱗鬼さがし: {info.seq} commands in {click.count} clicks "
          f"({click.count / info.seq:.2f} per command), {unknown_picked} outcomes left unseen at the table")


def test_a_card_typed_into_a_picker_is_picked_with_enter(tab, live, app, matches):
    """Opening a draw's picker puts the cursor in its search box; typing filters the
    options by name or number and Enter picks the first one left."""
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 2}, table="physical", deal=["n1", "n3", "n2", "n4"]).id
    sign_in(tab, live, token(app, "recorder", name="Rec", match=mid), f"/m/{mid}/table")
    tab.click("summary[data-testid=ask]")
    # a locator's wait, not a string predicate: the page's CSP refuses eval
    expect(tab.locator("details[open] [data-filter]")).to_be_focused()
    tab.keyboard.type("７")  # full-width, as a Japanese keyboard may send it
    assert tab.locator("details[open] button[name=command]:visible").count() == 1
    assert tab.inner_text("details[open] [data-count]") == "1"
    tab.keyboard.press("Enter")
    wait_seq(tab, 1)
    assert matches.entries(mid)[-1]["command"] == {"type": "draw", "seat": "p1", "outcomes": ["n7"]}
