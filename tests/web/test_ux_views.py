"""What a reader of a step page needs in the markup: the step's facts, labelled controls, readable boards."""
from __future__ import annotations

import re

import pytest

from kifu.replays import registry
from kifu.service.seeding import seed_demo_matches
from tests.web.conftest import new_toy_match, token
from tests.web.test_views import sign_in


def caption(page: str) -> str:
    return page.split('data-testid="caption">', 1)[1].split('<div class="board-wrap"', 1)[0]


def test_the_caption_gives_a_judge_the_entrys_facts(client, matches):
    mid = new_toy_match(matches, moves=5)
    entry = matches.entries(mid)[2]
    text = caption(client.get(f"/m/{mid}?step=3&as=public").get_data(as_text=True))
    assert f'title="state hash after this entry: {entry["state_hash"]}"' in text
    assert f'data-testid="state-hash">{entry["state_hash"]}<' in text
    assert f"{entry['actor']} by {entry['by']}" in text and entry["at"][:19].replace("T", " ") in text
    set_up = caption(client.get(f"/m/{mid}?step=0&as=public").get_data(as_text=True))
    assert "Set-up" in set_up and "state-hash" not in set_up


def test_move_rows_say_when_and_by_whom_and_wrap_under_their_text(client, matches):
    mid = new_toy_match(matches, moves=3)
    page = client.get(f"/m/{mid}?step=2&as=public").get_data(as_text=True)
    entry = matches.entries(mid)[1]
    row = re.search(r'<li class="move current" id="mv-2" data-step="2">(.*?)</li>', page).group(1)
    assert f'title="#2 · {entry["at"][:19].replace("T", " ")} UTC · {entry["actor"]} by {entry["by"]}"' in row
    assert '<span class="num">2</span><span class="text">p1 plays' in row  # two columns: a hanging indent


def test_step_controls_are_labelled_and_keep_their_focus_ids(client, matches):
    mid = new_toy_match(matches, moves=4)
    page = client.get(f"/m/{mid}?step=2&as=public").get_data(as_text=True)
    for nav, label in (("first", "first step (set-up)"), ("prev", "previous step"), ("next", "next step"),
                       ("last", "last step")):
        assert re.search(rf'<a data-nav="{nav}" id="nav-{nav}"[^>]* aria-label="{re.escape(label)}"', page), nav
    assert '<label for="jump-turn">turn</label>' in page and 'id="jump-turn"' in page
    assert 'aria-keyshortcuts="?"' in page and "data-help-close" in page


def test_live_head_says_it_follows_and_an_earlier_step_says_it_reviews(client, matches):
    mid = new_toy_match(matches, moves=4)
    head = client.get(f"/m/{mid}?as=public").get_data(as_text=True)
    assert 'class="following"' in head and 'class="reviewing"' not in head
    earlier = client.get(f"/m/{mid}?step=1&as=public").get_data(as_text=True)
    assert 'class="reviewing"' in earlier and 'class="following"' not in earlier
    finished = new_toy_match(matches, rounds=1, moves=10)
    done = client.get(f"/m/{finished}?as=public").get_data(as_text=True)
    assert 'class="following"' not in done and 'class="reviewing"' not in done


def test_the_help_and_table_link_sit_in_the_toolbar_not_over_the_move_list(app, client, matches):
    mid = new_toy_match(matches, moves=2)
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    page = client.get(f"/m/{mid}?as=public").get_data(as_text=True)
    toolbar = page.split('<div class="toolbar">', 1)[1].split('<div id="new-moves"', 1)[0]
    assert 'id="help"' in toolbar and f'href="/m/{mid}/table"' in toolbar


def test_match_list_links_each_game_name_and_labels_the_open_link(client, matches):
    mid = new_toy_match(matches, moves=1)
    page = client.get("/").get_data(as_text=True)
    assert f'<td class="c-game"><a href="/m/{mid}">Toy cards</a></td>' in page
    assert re.search(rf'<a href="/m/{mid}" data-testid="open-match" aria-label="open Toy cards: Aoi vs Hikari">', page)


@pytest.fixture
def holodelive(matches):
    [info] = seed_demo_matches(matches, 1, games=[registry.get("holodelive")])
    return info


def test_holodelive_cards_never_print_none_and_events_name_cards(client, matches, holodelive):
    found_event_name = False
    for step in range(1, holodelive.seq + 1, 4):
        page = client.get(f"/m/{holodelive.id}?step={step}&as=omniscient", headers={"HX-Request": "true"})
        body = page.get_data(as_text=True)
        assert ">None" not in body and "None ▶" not in body, step
        events = body.split('class="hd-events"', 1)[1] if 'class="hd-events"' in body else ""
        # a card an event names is shown by name, never by its id
        for card_id in re.findall(r'data-card="([^"]+)"', body):
            assert f"<strong>{card_id}</strong>" not in events
        found_event_name = found_event_name or "<strong>" in events
    assert found_event_name


def test_holodelive_marks_what_the_last_command_touched(client, matches, holodelive):
    rules, marked = holodelive.rules, 0
    for step in range(1, min(holodelive.seq, 24) + 1):
        _, state = matches.state(holodelive.id, at=step)
        named = {e["card"] for e in rules.view(state, "omniscient")["events"] if isinstance(e.get("card"), str)}
        page = client.get(f"/m/{holodelive.id}?step={step}&as=omniscient", headers={"HX-Request": "true"})
        body = page.get_data(as_text=True)
        touched = set(re.findall(r'class="hd-card[^"]* touched"[^>]*data-card="([^"]+)"', body))
        assert touched == named & set(re.findall(r'data-card="([^"]+)"', body)), step
        marked += bool(touched)
    assert marked >= 3  # most commands move a visible card
