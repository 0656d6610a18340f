"""The recording table at a real table and on a phone (issue 20), in a real browser
(Playwright + Debian's Chromium), at 1366×900 and at 390×844.

A new user records a physical hololive OCG game's opening from /new: the game's setup and
its deal, "Create", the "match created" page (its own URL, the tokens once), "Record it
now" (the organizer stays signed in), then the redraws (a multi-pick form each), the
placements (a form of parts narrowed as the centre and the backs are chosen) and the
draws of the first turns (each naming whose draw it is). On every page no line is wider
than the screen, and on the phone the board and the first command of the seat to act are
on the first screen. Clicks and seconds per command are printed.
"""
from __future__ import annotations

import json
import re
import time

import pytest

from kifu.replays import registry
from kifu.replays.demo import demo_record
from kifu.replays.kit.tables import restate
from kifu.web import pickers
from tests.web import parts_page
from tests.web.browser import wait_location
from tests.web.conftest import token
from tests.web.test_browser_hocg import Recorder
from tests.web.test_browser_recording import sign_in

pytestmark = pytest.mark.browser
SHOTS = "/tmp"


def fits(page, where: str) -> None:
    """Nothing on the page is wider than the screen."""
    wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if wide > screen:  # name what sticks out, so that a failure says where to look
        culprits = page.evaluate("""(() => {
            const out = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_ALL);
            for (let n = walk.currentNode; n; n = walk.nextNode()) {
                const r = n.nodeType === 1 ? n.getBoundingClientRect()
                    : n.nodeType === 3 ? (() => { const g = document.createRange(); g.selectNode(n);
                                                  return g.getBoundingClientRect(); })() : null;
                if (r && r.right > window.innerWidth + 0.5) {
                    const e = n.nodeType === 1 ? n : n.parentElement;
                    out.push(`${n.nodeType === 3 ? 'text in ' : ''}${e.tagName.toLowerCase()}#${e.id}.${
                        e.className}: ${Math.round(r.right)} px`);
                }
            }
            return out.slice(-5);
        })()""")
        raise AssertionError(f"{where}: the page is {wide} px wide on a {screen} px screen: {culprits}")


def first_screen(page, where: str) -> None:
    """The board starts and the first command of the seat to act is whole within the first
    screen (the page scrolled to its top)."""
    page.evaluate("window.scrollTo(0, 0)")
    height = page.evaluate("window.innerHeight")
    board = page.locator("#table [data-testid=board]").bounding_box()
    first = page.locator("#table .seat-commands:not(.idle) :is(form.plain button, details.ask > summary)").first
    box = first.bounding_box()
    assert board["y"] < height, f"{where}: the board starts {board['y']:.0f} px down a {height} px screen"
    assert box["y"] + box["height"] <= height, f"{where}: the first command ends {box['y'] + box['height']:.0f} px down"


def narrowed(page, recorder, box, command) -> None:
    """Choosing the centre narrows the backs to what a placement with that centre allows,
    and the status counts the combinations left."""
    total = len(json.loads(box.get_attribute("data-parts"))["legal"])
    assert f"{total} legal combinations" in box.locator("[data-parts-status]").inner_text()
    centre = box.locator(f"input[name='p.center'][value='{json.dumps(command['center'], ensure_ascii=False)}']")
    recorder.click(centre.locator("xpath=ancestor::label[1]"))
    status = box.locator("[data-parts-status]").inner_text()
    left = int(re.search(r"(\d+) legal combination", status).group(1))
    assert left < total, status
    if page.kifu_size == "phone":
        page.screenshot(path=f"{SHOTS}/kifu-table-390-placement-narrowed.png")
    # the centre's card has one copy fewer left for the back
    copies = box.locator(f"input[name='p.back'][value='{json.dumps(command['center'], ensure_ascii=False)}']")
    assert copies.count() == 0 or copies.last.is_disabled()


def opening():
    """The first demo game's deal and its commands up to the end of the second turn, as a
    physical table states them."""
    rules = registry.demo("hocg")
    game = demo_record(rules, seed="kifu-demo", index=0)
    header = game.header
    deal, commands = restate(rules, header["options"], header["seed"], 2, [e["command"] for e in game.entries])
    ends = [i for i, c in enumerate(commands) if c["type"] == "end_turn"]
    return header, deal, commands[:ends[1] + 1]


def test_record_a_physical_hololive_opening_from_new_on_a_desktop_and_a_phone(sized, live, app, matches):
    page = sized
    size = page.kifu_size
    header, deal, commands = opening()
    names = [s["name"] for s in header["seats"]]
    sign_in(page, live, token(app, "admin", name="Organizer"), "/new")
    page.wait_for_load_state("load")  # its stylesheet applied: an unstyled form is wider
    fits(page, "/new")
    setup = Recorder(page)
    for game in registry.ids():  # /new with each game chosen fits the screen
        page.select_option("#new-game", game)
        page.wait_for_function("g => document.querySelector('#new-game').value === g", arg=game)
        page.wait_for_selector("[data-testid=seat-1]")
        page.wait_for_timeout(150)
        fits(page, f"/new with {game}")
    page.select_option("#new-game", "hocg")
    setup.clicks += 1
    page.wait_for_selector("[data-testid=seat-1]")
    page.wait_for_timeout(150)
    for i, name in enumerate(names, start=1):
        page.fill(f"[data-testid=seat-{i}]", name)
    setup.click(page.locator("[data-testid=table-physical]"))
    setup.click(page.locator("[data-testid=continue]"))
    page.wait_for_selector("[data-testid=summary]")
    for n, outcome in enumerate(deal, start=1):
        fits(page, f"/new, deal outcome {n}")
        value = json.dumps(outcome, ensure_ascii=False)
        setup.click(page.locator(f"[data-testid=deal-pick][value='{value}']"))
        page.wait_for_function("n => document.querySelectorAll('.dealt li').length === n", arg=n)
    dealt = page.inner_text("[data-testid=dealt]")
    assert re.search(r"FX0\d-\d{3} · (Debut|1st|2nd|Spot) · HP \d+", dealt), dealt  # printings told apart
    setup.click(page.locator("[data-testid=create]"))

    # "match created": its own page and address (post/redirect/get), the tokens once, none in the URL
    here = wait_location(page, "/new/created/")
    assert "kifu_" not in here
    assert page.locator("header.site").count() == 1
    assert page.inner_text("[data-testid=token-recorder]").startswith("kifu_")
    fits(page, "the created page")
    mid = page.get_attribute("[data-testid=viewer-link]", "href").rsplit("/", 1)[1]
    setup.click(page.locator("[data-testid=record-now]"))
    wait_location(page, f"/m/{mid}/table")
    # the organizer is still signed in; the recorder's token opened this table only
    assert "Organizer · admin" in page.inner_text("[data-testid=who]")
    assert f"recorder of {mid}" in page.inner_text("[data-testid=recording-as]")
    page.wait_for_selector("#table [data-parts], #table details.ask, #table form.plain button")

    recorder = Recorder(page)
    seconds, clicks, requests = [], [], []
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    for seq, command in enumerate(commands, start=1):
        fits(page, f"the table at seq {seq - 1}")
        if size == "phone":
            first_screen(page, f"the table at seq {seq - 1}")
            if command["type"] in ("mulligan", "place") and not page.locator("[data-testid=asking]").count():
                page.screenshot(path=f"{SHOTS}/kifu-table-390-seq{seq - 1}-{command['type']}.png")
        before, sent = recorder.clicks, len(posts)
        started = time.perf_counter()
        form = parts_page.form_for(page, command)
        if form is not None and command["type"] == "place":
            narrowed(page, recorder, form[0], command)
        recorder.enter(command)
        page.wait_for_function(
            "n => { const s = document.querySelector('[data-testid=table-seq]'); return s && +s.textContent === n; }",
            arg=seq)
        seconds.append(time.perf_counter() - started)
        clicks.append(recorder.clicks - before)
        requests.append(len(posts) - sent)
    fits(page, "the table at the end")
    if size == "phone":
        first_screen(page, "the table at the end")
        page.screenshot(path=f"{SHOTS}/kifu-table-390-turn2.png")
    per_command = sum(clicks) / len(commands)
    ordered = sorted(seconds)
    print(f"\n[{size}] physical hololive OCG from /new to turn 2: creating took {setup.clicks} clicks "
          f"(the deal: {len(deal)} outcomes); {len(commands)} commands in {sum(clicks)} clicks = "
          f"{per_command:.2f} clicks and {sum(requests) / len(commands):.2f} requests per command; "
          f"seconds per command: median {ordered[len(ordered) // 2]:.2f}, min {ordered[0]:.2f}, max {ordered[-1]:.2f}; "
          f"placements in {recorder.part_clicks} clicks over {recorder.parts} forms of parts")
    assert [e["command"] for e in matches.entries(mid)] == commands
    assert recorder.multis >= 2 and recorder.parts >= 1  # the redraws; a placement of five as a form of parts
    assert per_command <= 4  # two redraws of seven and a placement of five in ten commands


def test_a_card_that_cannot_be_drawn_says_why_and_offers_a_judge(sized, live, app, matches):
    """Typing a card every copy of which is seen elsewhere names where they are; a card the
    deck never held says so; either way "Call a judge" opens the judge's form."""
    page = sized
    rules = registry.demo("hocg")
    game = demo_record(rules, seed="kifu-demo", index=0)
    header = game.header
    deal, commands = restate(rules, header["options"], header["seed"], 2, [e["command"] for e in game.entries])
    mid = matches.create("hocg", [s["name"] for s in header["seats"]], header["options"], table="physical",
                         deal=deal).id
    cardset = matches.info(mid).rules.cardset
    # play on to the first turn's end whose next draw has a deck card every copy of which is seen
    for seq, command in enumerate(commands, start=1):
        if command["type"] == "end_turn":
            _, state = matches.state(mid)
            needs = matches.needs(mid, {"type": "end_turn", "seat": command["seat"]})
            seat = pickers.whose(state, needs)
            registered = matches.info(mid).rules.registered(header["options"], 2)
            gone = [i for i in pickers.impossible(cardset, state, needs, seat, registered=registered)
                    if "are seen" in i.reason]
            if gone:
                ending = command
                break
        matches.submit(mid, command, expected_seq=seq - 1, command_id=f"c{seq:07d}", actor=command["seat"], by="t")
    else:
        raise AssertionError("no draw in the demo game has a card all of whose copies are seen")
    sign_in(page, live, token(app, "recorder", name="Rec", match=mid), f"/m/{mid}/table")
    name = dict(zip(["p1", "p2"], [s["name"] for s in header["seats"]]))[seat]
    end_turn = json.dumps({"type": "end_turn", "seat": ending["seat"]}, ensure_ascii=False, sort_keys=True)
    summary = next(s for s in page.locator("#table details.ask > summary").all()
                   if s.get_attribute("data-command") == end_turn)
    assert f"{seat} {name}: draw — pick the card" in summary.inner_text()  # whose draw it is
    summary.click()
    search = page.locator("#table details[open] [data-filter]")
    number = cardset.cards[gone[0].card]["number"]
    search.fill(number)
    why = page.locator("#table details[open] [data-testid=why-not]:visible")
    assert why.count() == 1
    text = why.inner_text()
    assert "impossible" in text and "registered" in text and "seen:" in text and seat in text, text
    fits(page, "an impossible card's reason")
    if page.kifu_size == "phone":
        page.screenshot(path=f"{SHOTS}/kifu-table-390-impossible.png")
    search.fill("zzzz-not-a-card")
    assert page.locator("#table details[open] [data-testid=why-none]:visible").count() == 1
    page.locator("#table details[open] [data-testid=why-none] [data-judge-link]").click()
    assert page.locator("#table-judge").get_attribute("open") is not None
    assert page.evaluate("document.activeElement && document.activeElement.id") == "judge-question"
