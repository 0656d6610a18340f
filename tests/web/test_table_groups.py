"""No command group of the recording table is a wall of buttons (issue 20): in every game,
at states of its demo match, a type of command offers at most about a dozen buttons; more
commands of one type are one form of parts (``kifu.web.parts``), validated by the rules.
Flask client, real Redis; the forms of parts are also posted without JavaScript here."""
from __future__ import annotations

import html
import json
import re

import pytest

from kifu.replays import registry
from kifu.replays.demo import demo_record
from kifu.replays.kit.tables import restate
from tests.web import parts_page
from tests.web.conftest import play, token
from tests.web.test_table import table_form
from tests.web.test_views import sign_in

MOST = 12
KIND = re.compile(r'<fieldset class="kind" data-kind="([^"]*)">(.*?)</fieldset>\s*(?=<fieldset class="kind"|\s*</section>)', re.S)


def buttons_per_group(page: str) -> dict[str, int]:
    """Each command group's buttons as the table shows them before anything is opened: its
    plain buttons and the one button (summary) of each picker or form."""
    out = {}
    for kind, body in KIND.findall(page):
        plain = re.search(r'<form class="plain".*?</form>', body, re.S)
        out[kind] = (len(re.findall(r'<button type="submit" name="command"', plain.group(0))) if plain else 0) \
            + len(re.findall(r'<summary data-testid="ask"', body))
    return out


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_command_group_shows_more_than_a_dozen_buttons(app, client, matches, game_id):
    rules = registry.demo(game_id)
    game = demo_record(rules, seed="kifu-demo", index=0)
    header = game.header
    names = [s["name"] for s in header["seats"]]
    mid = matches.create(game_id, names, header["options"], seed=header["seed"]).id
    sign_in(client, token(app, "admin", name="Org"))
    worst: dict[str, int] = {}
    forms = 0
    for _ in range(40):
        page, _ = table_form(client, mid)
        for kind, n in buttons_per_group(page).items():
            worst[kind] = max(worst.get(kind, 0), n)
        forms += page.count('data-testid="parts"')
        if matches.info(mid).status != "live":
            break
        play(matches, mid, 3)
    assert worst and max(worst.values()) <= MOST, worst
    print(f"\n{game_id}: most buttons in one group {max(worst.values())} ({worst}); forms of parts seen: {forms}")


def test_a_hololive_placement_is_one_form_of_parts_and_a_wrong_combination_is_refused_and_asked_again(
        app, client, matches):
    rules = registry.demo("hocg")
    game = demo_record(rules, seed="kifu-demo", index=0)
    header = game.header
    deal, commands = restate(rules, header["options"], header["seed"], 2, [e["command"] for e in game.entries])
    mid = matches.create("hocg", [s["name"] for s in header["seats"]], header["options"], table="physical",
                         deal=deal).id
    place = next(i for i, c in enumerate(commands) if c["type"] == "place")
    for seq, command in enumerate(commands[:place], start=1):
        matches.submit(mid, command, expected_seq=seq - 1, command_id=f"c{seq:07d}", actor=command["seat"], by="t")
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    page, fields = table_form(client, mid)
    assert buttons_per_group(page)["place"] == 1  # one form, not a button per combination
    offered = parts_page.offered(page)
    assert commands[place] in offered and len(offered) > MOST
    (base, kinds, rows), = parts_page.forms(page)
    assert kinds == {"center": "one", "back": "many"}
    # a back that is not a holomem of the hand: the rules refuse it, and the form comes back open on it
    wanted = commands[place]
    spec = html.unescape(re.search(r'name="parts" value="([^"]*)"', page).group(1))
    wrong = {**fields, "parts": spec, "p.center": json.dumps(wanted["center"]), "p.back": [json.dumps("FX00-001_C")]}
    r = client.post(f"/m/{mid}/table", data=wrong)
    shown = r.get_data(as_text=True)
    assert r.status_code == 422 and 'data-testid="refusal"' in shown and "ゲームの準備" in shown
    assert re.search(r'<details class="ask ask-parts"[^>]*open', shown)
    assert f'value="&#34;{wanted["center"]}&#34;" data-copy="1" checked' in shown  # asked again on what was chosen
    # the right one, its parts posted as a browser without JavaScript posts them
    page, fields = table_form(client, mid)
    right = {**fields, "parts": spec, "p.center": json.dumps(wanted["center"]),
             "p.back": [json.dumps(b) for b in wanted["back"]]}
    r = client.post(f"/m/{mid}/table", data=right)
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    assert matches.entries(mid)[-1]["command"] == wanted
