"""The recording table at physical and observed tables: a chance command is one button plus
the picker of its possible outcomes; a reveal offers only the cards an unknown may be."""
from __future__ import annotations

import html
import json
import re

import pytest

from tests.web.conftest import token
from tests.web.test_views import sign_in

HX = {"HX-Request": "true"}


def values(page: str, name: str = "command") -> list[dict]:
    return [json.loads(html.unescape(v)) for v in re.findall(rf'name="{name}" value="([^"]*)"', page)]


class Table:
    def __init__(self, client, mid: str):
        self.client, self.mid = client, mid

    def page(self) -> str:
        return self.client.get(f"/m/{self.mid}/table").get_data(as_text=True)

    def post(self, **data):
        page = self.page()
        fields = {k: html.unescape(re.search(rf'name="{k}" value="([^"]*)"', page).group(1))
                  for k in ("csrf_token", "expected_seq", "command_id")}
        r = self.client.post(f"/m/{self.mid}/table", data={**fields, **data}, headers=HX)
        return r.status_code, r.get_data(as_text=True)


@pytest.fixture
def physical(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 2}, table="physical",
                         deal=["n1", "n3", "n2", "n4"]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    return Table(client, mid)


@pytest.fixture
def observed(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 2}, table="observed",
                         deal=["n1", None, "n2", None]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    return Table(client, mid)


def test_a_draw_is_one_button_whose_picker_offers_exactly_the_cards_left(physical, matches):
    page = physical.page()
    asks = re.findall(r'<summary data-testid="ask"[^>]*>(.*?)</summary>', page, re.S)
    assert len(asks) == 1 and "p1 draws" in asks[0] and "(4)" in asks[0]
    offered = values(page)
    assert offered == [{"type": "draw", "seat": "p1", "outcomes": [c]} for c in ("n5", "n6", "n7", "n8")]
    assert 'value="null"' not in page  # nothing may stay unknown at a physical table
    status, _ = physical.post(command=json.dumps(offered[2]))
    assert status == 200 and matches.entries(physical.mid)[-1]["command"]["outcomes"] == ["n7"]


def test_a_chance_command_posted_without_its_outcome_asks_for_it_and_writes_nothing(physical, matches):
    status, body = physical.post(command=json.dumps({"type": "draw", "seat": "p1"}))
    assert status == 200 and 'data-testid="asking"' in body and 'data-testid="refusal"' not in body
    asking = body[body.index('data-testid="asking"'):body.index('<div class="commands">')]
    assert "outcome 1: draw" in asking and "ドロー" in asking
    assert {c["outcomes"][0] for c in values(asking)} == {"n5", "n6", "n7", "n8"}
    assert matches.info(physical.mid).seq == 0


def test_an_impossible_outcome_is_refused_with_its_rule_and_the_picker_asked_again(physical, matches):
    status, body = physical.post(command=json.dumps({"type": "draw", "seat": "p1", "outcomes": ["n1"]}))
    assert status == 422 and 'data-testid="rule">ドロー<' in body and "is not possible here" in body
    assert 'data-testid="asking"' in body and matches.info(physical.mid).seq == 0


def test_a_search_typed_without_javascript_records_the_one_card_it_names(physical, matches):
    ask = json.dumps({"type": "draw", "seat": "p1"})
    status, body = physical.post(ask=ask, find="1", query="n")  # every card: the picker stays open
    assert status == 200 and matches.info(physical.mid).seq == 0
    assert re.search(r'<details class="ask ask-chance"[^>]* open>', body)
    status, body = physical.post(ask=ask, find="1", query="６")  # full-width 6
    assert status == 200 and 'data-testid="recorded"' in body
    assert matches.entries(physical.mid)[-1]["command"]["outcomes"] == ["n6"]


def test_an_observed_draw_may_stay_unknown_and_a_reveal_offers_what_the_token_may_be(observed, matches):
    page = observed.page()
    assert {"type": "draw", "seat": "p1", "outcomes": [None]} in values(page)
    assert "unknown (not seen)" in page
    observed.post(command=json.dumps({"type": "draw", "seat": "p1", "outcomes": [None]}))
    page = observed.page()
    # p1 holds 一, 二 and ?3 (any unseen card): eight it may play, one button with its picker
    summary = re.search(r'<details class="ask ask-family".*?<summary[^>]*>(.*?)</summary>', page, re.S).group(1)
    assert "p1 plays …" in summary and "(8)" in summary
    plays = [c["card"] for c in values(page) if c["type"] == "play"]
    assert plays == ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"]  # never n9: the deck list has no more
    status, body = observed.post(command=json.dumps({"type": "play", "seat": "p1", "card": "n8"}))
    assert status == 200
    knowledge = re.search(r'<details class="knowledge".*?</details>', body, re.S).group(0)
    assert "?3</strong>: drawn at step 1, revealed at step 2 by play: <span class=\"tok-card\">八</span>" in knowledge


def test_a_family_search_without_javascript_records_the_one_card_it_names(observed, matches):
    observed.post(command=json.dumps({"type": "draw", "seat": "p1", "outcomes": [None]}))
    key = html.unescape(re.search(r'name="family" value="([^"]*)"', observed.page()).group(1))
    status, body = observed.post(family=key, find="1", query="七")
    assert status == 200 and matches.entries(observed.mid)[-1]["command"] == {"type": "play", "seat": "p1",
                                                                              "card": "n7"}


def test_players_do_not_record_at_a_physical_table(app, client, physical):
    with app.test_client() as player:
        sign_in(player, token(app, "player", name="Aoi", match=physical.mid, seat="p1"))
        assert player.get(f"/m/{physical.mid}/table").status_code == 403


def test_a_command_posted_with_its_first_outcome_asks_for_the_next_one_alone(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 1, "draws": 2}, table="physical",
                         deal=["n1", "n3", "n2", "n4"]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    table = Table(client, mid)
    status, body = table.post(command=json.dumps({"type": "draw", "seat": "p1", "outcomes": ["n6"]}))
    assert status == 200 and matches.info(mid).seq == 0
    asking = body[body.index('data-testid="asking"'):body.index('<div class="commands">')]
    assert "outcome 2: draw" in asking and "stated so far: 六" in asking and 'name="multi"' not in asking
    second = values(asking)
    assert [c["outcomes"] for c in second] == [["n6", "n5"], ["n6", "n7"], ["n6", "n8"]]  # 六 is taken
    status, body = table.post(command=json.dumps(second[2]))
    assert status == 200 and 'data-testid="recorded"' in body
    assert matches.entries(mid)[-1]["command"]["outcomes"] == ["n6", "n8"]
    assert "p1 draws 六、八" in client.get(f"/m/{mid}?as=p1&step=1").get_data(as_text=True)


# -- a run of draws from one pile: the multi-pick form (ゲームの準備's redraw, "draw N") ----------

#: ten cards with copies; the deal takes 一, 三, 二, 四, leaving 一×2, 二, 五×2, 六
DECK = ["n1", "n1", "n1", "n2", "n2", "n3", "n4", "n5", "n5", "n6"]
DRAW3 = {"type": "draw", "seat": "p1"}


@pytest.fixture
def draws3(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 1, "draws": 3, "deck": DECK}, table="physical",
                         deal=["n1", "n3", "n2", "n4"]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    return Table(client, mid)


def multi_rows(page: str) -> dict[str, str]:
    """The multi-pick form's rows: each card's label -> its most copies (×n)."""
    row = r'data-testid="multi-pick">([^<]*?) (?:<small>[^<]*</small> )?<small class="left">×(\d+)</small>'
    return dict(re.findall(row, page))


def post_picks(table: Table, picks: dict[str, int], *, multi: dict | None = None, order: list | None = None,
               unknown: int = 0):
    """The multi-pick form posted as a browser without JavaScript posts it: every row's count."""
    page = table.page()
    fields = {k: html.unescape(re.search(rf'name="{k}" value="([^"]*)"', page).group(1))
              for k in ("csrf_token", "expected_seq", "command_id")}
    rows = [html.unescape(v) for v in re.findall(r'<input type="hidden" name="value" value="([^"]*)">', page)]
    counts = [str(unknown if v == "null" else picks.get(json.loads(v), 0)) for v in rows]
    data = {**fields, "multi": json.dumps(multi or DRAW3), "value": rows, "count": counts,
            "order": json.dumps(order) if order is not None else ""}
    r = table.client.post(f"/m/{table.mid}/table", data=data, headers=HX)
    return r.status_code, r.get_data(as_text=True)


def test_three_draws_are_one_form_of_the_cards_left_with_their_counts(draws3, matches):
    page = draws3.page()
    summary = re.search(r'<details class="ask ask-multi".*?<summary[^>]*>(.*?)</summary>', page, re.S).group(1)
    assert "p1 draws 3" in summary and "draw — pick 3 cards" in summary and "(4)" in summary
    assert multi_rows(page) == {"一": "2", "二": "1", "五": "2", "六": "1"}
    assert 'value="null"' not in page and '<input type="hidden" name="ask"' not in page  # no one-by-one picker
    assert matches.info(draws3.mid).seq == 0


def test_the_picks_are_posted_at_once_in_the_order_clicked(draws3, matches):
    status, body = post_picks(draws3, {"n1": 2, "n5": 1}, order=["n5", "n1", "n1"])
    assert status == 200 and 'data-testid="recorded"' in body
    assert matches.entries(draws3.mid)[-1]["command"] == {**DRAW3, "outcomes": ["n5", "n1", "n1"]}


def test_typed_counts_without_an_order_are_stated_in_the_forms_order(draws3, matches):
    # an order that does not hold the counted copies is ignored (typed after clicking)
    status, body = post_picks(draws3, {"n6": 1, "n2": 1, "n5": 1}, order=["n1", "n1", "n1"])
    assert status == 200 and 'data-testid="recorded"' in body
    assert matches.entries(draws3.mid)[-1]["command"]["outcomes"] == ["n2", "n5", "n6"]


def test_an_impossible_combination_is_refused_with_its_rule_and_asked_again_from_there(draws3, matches):
    status, body = post_picks(draws3, {"n1": 3})  # two 一 are left (the form offers at most ×2)
    assert status == 422 and 'data-testid="rule">ドロー<' in body and "is not possible here" in body
    asking = body[body.index('data-testid="asking"'):body.index('<div class="commands">')]
    assert "outcome 3: draw" in asking and "stated so far: 一、一" in asking
    assert {c["outcomes"][2] for c in values(asking)} == {"n2", "n5", "n6"}
    assert matches.info(draws3.mid).seq == 0


def test_fewer_picks_than_draws_ask_for_the_rest_in_one_form(draws3, matches):
    status, body = post_picks(draws3, {"n1": 1})
    assert status == 200 and matches.info(draws3.mid).seq == 0 and 'data-testid="refusal"' not in body
    asking = body[body.index('data-testid="asking"'):body.index('<div class="commands">')]
    assert "outcomes 2–3: draw" in asking and "stated so far: 一" in asking
    assert multi_rows(asking) == {"一": "1", "二": "1", "五": "2", "六": "1"}
    multi = json.loads(html.unescape(re.search(r'name="multi" value="([^"]*)"', asking).group(1)))
    assert multi == {**DRAW3, "outcomes": ["n1"]}
    status, body = post_picks(draws3, {"n5": 2}, multi=multi)
    assert status == 200 and matches.entries(draws3.mid)[-1]["command"]["outcomes"] == ["n1", "n5", "n5"]


def test_more_picks_than_draws_are_refused_and_write_nothing(draws3, matches):
    status, body = post_picks(draws3, {"n1": 2, "n5": 2})
    assert status == 422 and "4 outcomes stated but only 3 chance event(s) happened" in body
    assert matches.info(draws3.mid).seq == 0


def test_a_malformed_count_is_a_clear_error_that_writes_nothing(draws3, matches):
    page = draws3.page()
    fields = {k: html.unescape(re.search(rf'name="{k}" value="([^"]*)"', page).group(1))
              for k in ("csrf_token", "expected_seq", "command_id")}
    r = draws3.client.post(f"/m/{draws3.mid}/table", headers=HX, data={
        **fields, "multi": json.dumps(DRAW3), "value": ['"n1"', '"n5"'], "count": ["1", "two"]})
    body = r.get_data(as_text=True)
    assert r.status_code == 400 and "<code>count</code>" in body and "a count is a whole number" in body
    assert matches.info(draws3.mid).seq == 0


def test_an_observed_table_may_leave_every_draw_of_the_run_unknown(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 1, "draws": 3, "deck": DECK}, table="observed",
                         deal=["n1", None, "n2", None]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    table = Table(client, mid)
    rows = multi_rows(table.page())
    assert rows["unknown (not seen)"] == "3"
    status, body = post_picks(table, {"n6": 1}, unknown=2)
    assert status == 200 and 'data-testid="recorded"' in body
    assert matches.entries(mid)[-1]["command"]["outcomes"] == ["n6", None, None]


@pytest.mark.browser
def test_in_a_browser_cards_are_picked_in_order_taken_back_and_typed(tab, live, app, matches):
    """The multi-pick form in Chromium (kifu.js): a click adds a copy (never more than the
    pile may hold), a picked chip takes it back, Enter in the search adds the first card
    left, and "record" posts them in the order picked."""
    from tests.web.test_browser_recording import sign_in as browser_sign_in, wait_seq

    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 1, "draws": 3, "deck": DECK}, table="physical",
                         deal=["n1", "n3", "n2", "n4"]).id
    browser_sign_in(tab, live, token(app, "recorder", name="Rec", match=mid), f"/m/{mid}/table")
    tab.click("details.ask-multi summary")
    form = tab.locator("details.ask-multi form")
    six = form.locator("[data-add][data-value='\"n6\"']")
    six.click()
    six.click()  # one 六 is left: the second click adds nothing
    form.locator("[data-add][data-value='\"n1\"']").click()
    assert form.locator("[data-picked]").inner_text() == "2"
    assert form.locator("[data-chosen] [data-unpick]").all_inner_texts() == ["六 ×", "一 ×"]
    form.locator("[data-chosen] [data-unpick]").first.click()  # take 六 back
    search = form.locator("[data-filter]")
    search.press_sequentially("５")  # full-width, then Enter: the first card left, 五
    assert form.locator("[data-testid=multi-option]:visible").count() == 1
    search.press("Enter")
    form.locator("[data-add][data-value='\"n6\"']").click()
    assert form.locator("[data-picked]").inner_text() == "3"
    form.locator("[data-testid=multi-record]").click()
    wait_seq(tab, 1)
    assert matches.entries(mid)[-1]["command"] == {**DRAW3, "outcomes": ["n1", "n5", "n6"]}
