"""The new-match form: setup, the opening deal as pickers, creation through the service."""
from __future__ import annotations

import html
import re

import pytest

from kifu.replays import registry

from tests.web.conftest import token
from tests.web.test_views import sign_in


def hidden(page: str, name: str) -> str | None:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    return html.unescape(found.group(1)) if found else None


def outcomes(page: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(r'name="outcome" value="([^"]*)"', page)]


class Form:
    """A signed-in browser without JavaScript filling in /new."""

    def __init__(self, client):
        self.client = client
        self.csrf = hidden(client.get("/new").get_data(as_text=True), "csrf_token")

    def post(self, **data):
        r = self.client.post("/new", data={"csrf_token": self.csrf, **data})
        return r, r.get_data(as_text=True)

    def step(self, page: str, **data):
        return self.post(spec=hidden(page, "spec"), deal=hidden(page, "deal"), **data)

    def create(self, page: str, create_id: str | None = None):
        """"Create the match", then the "match created" page it redirects to (post/redirect/get)."""
        r, answer = self.step(page, action="create", create_id=create_id or hidden(page, "create_id"))
        assert r.status_code == 303 and r.headers["Location"].startswith("/new/created/"), answer[-600:]
        shown = self.client.get(r.headers["Location"])
        return shown, shown.get_data(as_text=True)


@pytest.fixture
def form(app, client):
    sign_in(client, token(app, "admin", name="Org"))
    return Form(client)


SETUP = {"game": "toy", "seat": ["Aoi", "Hikari"], "opt.rounds": "2", "tournament": "Cup", "round": "3",
         "table_number": "12", "action": "next"}


def test_who_may_open_the_form(app, client, matches):
    r = client.get("/new")
    assert r.status_code == 303 and r.headers["Location"].startswith("/signin")
    mid = matches.create("toy", ["A", "B"], {}).id
    sign_in(client, token(app, "player", name="A", match=mid, seat="p1"))
    assert client.get("/new").status_code == 403
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    page = client.get("/new?game=toy").get_data(as_text=True)
    assert 'name="opt.deck"' in page and 'name="opt.rounds"' in page and "toy-numbers" in page
    assert 'data-testid="error-' not in page  # a form just opened complains about nothing


def test_a_post_without_the_csrf_token_is_refused(form, matches):
    r = form.client.post("/new", data={**SETUP, "table": "digital"})
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)


def test_a_physical_deal_is_stated_event_by_event_then_the_match_is_created(form, matches):
    r, page = form.post(**SETUP, table="physical", **{"opt.deck": "3 x 五\nn1\nn2\n三 x 2\n九"})
    assert r.status_code == 200
    stated = []
    while outcomes(page):
        ask = re.search(r'data-testid="deal-ask">(.*?)</p>', page, re.S).group(1)
        assert f"Outcome {len(stated) + 1}: <strong>deal</strong> to p{len(stated) % 2 + 1}" in ask
        assert "null" not in outcomes(page)  # no "unknown" at a physical table
        pick = outcomes(page)[0]
        stated.append(pick.strip('"'))
        r, page = form.step(page, outcome=pick)
    assert stated == ["n1", "n2", "n3", "n3"]  # the deck list, in card-set order, minus what was dealt
    assert [d for d in re.findall(r"<strong>(.*?)</strong>(?: <small[^>]*>[^<]*</small>)?</li>", page)] == [
        "一", "二", "三", "三"]
    r, page = form.create(page)
    assert r.status_code == 200, page
    mid = re.search(r'href="/m/(\w+)" data-testid="viewer-link"', page).group(1)
    info = matches.info(mid)
    header = info.header
    assert header["table"] == "physical" and header["table_number"] == "12" and header["round"] == "3"
    assert header["options"]["deck"] == ["n5"] * 3 + ["n1", "n2", "n3", "n3", "n9"]
    assert "deal" not in header and header["deal_commitment"]
    assert matches.export(mid, include_seed=True).header["deal"] == stated
    assert re.search(r'data-testid="token-p1">kifu_', page) and hidden(page, "token").startswith("kifu_")


def test_an_observed_deal_may_leave_outcomes_unknown_and_undo_the_last(form, matches):
    r, page = form.post(**SETUP, table="observed")
    assert outcomes(page)[-1] == "null"
    r, page = form.step(page, outcome="null")
    r, page = form.step(page, outcome='"n4"')
    r, page = form.step(page, action="undo")
    assert hidden(page, "deal") == "[null]"
    for _ in range(3):
        r, page = form.step(page, outcome="null")
    r, page = form.create(page)
    assert r.status_code == 200
    mid = re.search(r'href="/m/(\w+)" data-testid="viewer-link"', page).group(1)
    assert matches.export(mid, include_seed=True).header["deal"] == [None] * 4


def test_a_search_without_javascript_picks_the_one_outcome_it_matches(form):
    r, page = form.post(**SETUP, table="physical")
    r, page = form.step(page, action="pick", query="七")
    assert hidden(page, "deal") == '["n7"]'
    r, page = form.step(page, action="pick", query="n")  # matches several: shown, nothing picked
    assert hidden(page, "deal") == '["n7"]' and len(outcomes(page)) > 1


def test_mistakes_are_shown_on_the_form_and_nothing_is_created(form, matches, redis_client):
    before = matches.list()[0]
    r, page = form.post(**{**SETUP, "seat": ["Solo"]}, table="digital")
    assert r.status_code == 422 and "Toy cards is for 2 players; 1 named" in page
    r, page = form.post(**SETUP, table="physical", **{"opt.deck": "n1\nnot-a-card"})
    assert r.status_code == 422 and "&#39;not-a-card&#39; is not a card of this card set" in page
    r, page = form.post(**{**SETUP, "opt.rounds": "many"}, table="digital")
    assert r.status_code == 422 and 'data-testid="error-opt.rounds"' in page
    r, page = form.post(**{**SETUP, "opt.rounds": "5000"}, table="digital")  # refused by the game's schema
    assert r.status_code == 422 and re.search(r'data-testid="error-opt.rounds">Must be greater than or equal to 1 and less than or equal to 1000', page)
    assert matches.list()[0] == before


def test_a_digital_match_needs_no_deal_and_a_second_post_of_the_form_creates_nothing(form, matches):
    r, page = form.post(**SETUP, table="digital")
    assert 'data-testid="deal-ask"' not in page and 'data-testid="create"' in page
    create_id = hidden(page, "create_id")
    r, created = form.create(page, create_id)
    assert r.status_code == 200
    mid = re.search(r'href="/m/(\w+)" data-testid="viewer-link"', created).group(1)
    assert matches.info(mid).header["table"] == "digital"
    again, _ = form.step(page, action="create", create_id=create_id)  # a reload of the answer
    assert again.status_code == 303 and again.headers["Location"] == f"/m/{mid}/table"
    assert len([m for m in matches.list(tournament="Cup")[0]]) == 1


def test_the_created_page_opens_the_table_as_its_recorder_and_the_admin_stays_signed_in(form, app, client, matches):
    r, page = form.post(**SETUP, table="digital")
    r, page = form.create(page)
    mid = re.search(r'href="/m/(\w+)" data-testid="viewer-link"', page).group(1)
    recorder = hidden(page, "token")
    assert recorder.startswith("kifu_") and page.count('class="site"') == 1
    r = client.post(f"/m/{mid}/table/enter", data={"csrf_token": hidden(page, "csrf_token"), "token": recorder})
    assert r.status_code == 303 and r.headers["Location"] == f"/m/{mid}/table"
    table = client.get(f"/m/{mid}/table").get_data(as_text=True)
    assert 'data-testid="recording-as">recording as recorder of' in table and 'data-seat="p1"' in table
    assert 'data-testid="who">Org · admin' in table  # the organizer is still signed in
    assert client.get("/new").status_code == 200
    # the table's commands are recorded by the recorder (the seat acts), not by the admin as a judge
    fields = {k: hidden(table, k) for k in ("csrf_token", "expected_seq", "command_id")}
    command = html.unescape(re.search(r'name="command" value="([^"]*)"', table).group(1))
    assert client.post(f"/m/{mid}/table", data={**fields, "command": command}).status_code == 303
    entry = matches.entries(mid)[-1]
    assert entry["actor"] != "judge" and entry["by"] == f"recorder of {mid}"
    # another match's token opens nothing here
    other = matches.create("toy", ["A", "B"], {}).id
    r = client.post(f"/m/{other}/table/enter", data={"csrf_token": hidden(page, "csrf_token"), "token": recorder})
    assert r.status_code == 403


def test_the_created_page_shows_the_tokens_once_and_to_its_session_only(form, app, client, matches):
    r, page = form.post(**SETUP, table="digital")
    r, answer = form.step(page, action="create", create_id=hidden(page, "create_id"))
    where = r.headers["Location"]
    assert "kifu_" not in where  # no token in the address
    stranger = app.test_client()
    sign_in(stranger, token(app, "admin", name="Other"))
    assert "kifu_" not in stranger.get(where).get_data(as_text=True)  # another session: nothing
    first = client.get(where)
    assert first.status_code == 200 and 'data-testid="token-recorder">kifu_' in first.get_data(as_text=True)
    again = client.get(where)  # a reload: the tokens are not shown twice
    assert again.status_code == 410 and "kifu_" not in again.get_data(as_text=True)


def test_htmx_is_sent_to_the_created_page_rather_than_swapping_it_into_the_form(form, matches):
    r, page = form.post(**SETUP, table="digital")
    r = form.client.post("/new", data={"csrf_token": form.csrf, "spec": hidden(page, "spec"), "deal": hidden(page, "deal"),
                                       "action": "create", "create_id": hidden(page, "create_id")},
                         headers={"HX-Request": "true"})
    assert r.status_code == 200 and r.headers["HX-Redirect"].startswith("/new/created/") and not r.get_data()


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_can_be_set_up_at_a_physical_table_from_its_defaults(form, matches, game_id):
    rules = registry.get(game_id)
    seats = [f"P{i}" for i in range(1, min(rules.seats) + 1)]
    r, page = form.post(game=game_id, seat=seats, table="physical", action="next")
    assert r.status_code == 200, re.sub(r"<[^>]+>", " ", page)[-600:]
    stated = 0
    while outcomes(page):
        r, page = form.step(page, outcome=outcomes(page)[0])
        stated += 1
        assert r.status_code == 200 and stated < 200
    r, page = form.create(page)
    assert r.status_code == 200, re.sub(r"<[^>]+>", " ", page)[-600:]
    mid = re.search(r'href="/m/(\w+)" data-testid="viewer-link"', page).group(1)
    assert len(matches.export(mid, include_seed=True).header["deal"]) == stated


def test_a_card_the_deal_cannot_give_says_every_copy_is_dealt_already(form):
    r, page = form.post(**SETUP, table="physical", **{"opt.deck": "n1\nn2\nn3\nn4\nn5\nn6\nn7\nn8"})
    r, page = form.step(page, outcome='"n1"')
    why = re.findall(r'data-why="([^"]*)"[^>]*data-testid="why-not">\s*<strong>(.*?)</strong>: impossible — (.*?)\.</p>',
                     page, re.S)
    assert [(w[1].split()[0], w[2]) for w in why] == [("一", "the one copy registered in deck is dealt already: to p1 Aoi")]
    r, page = form.step(page, action="pick", query="一")  # typed without JavaScript: the reason is shown
    assert re.search(r'data-testid="why-not">\s*<strong>一', page) and "Call a judge" not in page
