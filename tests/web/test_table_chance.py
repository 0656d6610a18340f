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


def test_a_command_with_two_chance_events_asks_for_its_outcomes_in_turn(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 1, "draws": 2}, table="physical",
                         deal=["n1", "n3", "n2", "n4"]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    table = Table(client, mid)
    first = [c for c in values(table.page()) if c["type"] == "draw"]
    assert [c["outcomes"] for c in first] == [["n5"], ["n6"], ["n7"], ["n8"]]
    status, body = table.post(command=json.dumps(first[1]))  # the first card: the second is asked for
    assert status == 200 and matches.info(mid).seq == 0
    asking = body[body.index('data-testid="asking"'):body.index('<div class="commands">')]
    assert "outcome 2: draw" in asking and "stated so far: 六" in asking
    second = values(asking)
    assert [c["outcomes"] for c in second] == [["n6", "n5"], ["n6", "n7"], ["n6", "n8"]]  # 六 is taken
    status, body = table.post(command=json.dumps(second[2]))
    assert status == 200 and 'data-testid="recorded"' in body
    assert matches.entries(mid)[-1]["command"]["outcomes"] == ["n6", "n8"]
    assert "p1 draws 六、八" in client.get(f"/m/{mid}?as=p1&step=1").get_data(as_text=True)
