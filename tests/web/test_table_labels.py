"""The recording table's buttons say what a command will do, never what it will turn up.

HOLOdeLIVE at p1's first draw phase: the deck's top card is laid out by ``deck_order``
(the deal takes cards 1-4, the office card 5, so the top is card 6) and is a card whose
name appears nowhere p1 can see (its hand, the office, the rules texts of those cards).
The page of p1's table must not contain that name; before ``Rules.label`` the deck-draw
button read "p1: 山札から1枚引く（<that card>）".
"""
from __future__ import annotations

import json

from replays.games.holodelive import RULES
from replays.games.holodelive.cards import get
from tests.web.conftest import token
from tests.web.test_views import sign_in

CS = get("holodelive-demo")
TOP = "takane_lui"  # 鷹嶺ルイ: no other card's text names her


def _match_at_first_draw(matches) -> str:
    order = [c for c in CS.members if c != TOP]
    order.insert(5, TOP)
    info = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1", "deck_order": order},
                          tournament="web")
    return info.id


def test_p1s_draw_buttons_do_not_name_the_top_of_the_deck(app, client, matches):
    mid = _match_at_first_draw(matches)
    seq, state = matches.state(mid)
    assert seq == 0 and state["phase"] == "draw" and state["deck"][0] == TOP
    top_name = CS.member(TOP)["name"]
    seen = RULES.view(state, "p1")
    assert top_name not in json.dumps(seen, ensure_ascii=False), "choose a top card p1 cannot see"
    draw = {"type": "draw", "seat": "p1", "source": "deck"}
    assert top_name in RULES.describe(state, draw, "p1")  # what the button used to say

    sign_in(client, token(app, "player", name="Aoi", match=mid, seat="p1"))
    r = client.get(f"/m/{mid}/table")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and 'data-seat="p1"' in page
    assert top_name not in page
    assert "p1: 山札から1枚引く</button>" in page
    office = CS.member(state["office"])["name"]
    assert f"p1: 事務所の {office} を引く</button>" in page
