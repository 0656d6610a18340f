"""The recording table's buttons say what a command will do, never what it will turn up.

HOLOdeLIVE at p1's first draw phase, at a digital table: the seed decides the card the
deck draw brings (``kifu.replays.kit.tables.outcomes_of`` tells it), and the seed is chosen so
that this card's name appears nowhere p1 can see (its hand, the office, the rules texts of
those cards). The page of p1's table must not contain that name, although the move line
the draw will get (``describe`` for p1, after it) names it.
"""
from __future__ import annotations

import json

from kifu.replays.kit.tables import outcomes_of
from kifu.replays.registry import demo
from tests.web.conftest import token
from tests.web.test_views import sign_in

RULES = demo("holodelive")
DRAW = {"type": "draw", "seat": "p1", "source": "deck"}


def _match_at_first_draw(matches) -> tuple[str, str]:
    """(match id, the name of the card p1's deck draw will bring), a name p1 cannot see yet."""
    for n in range(100):
        info = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1"}, seed=f"labels-{n}",
                              tournament="web")
        _, state = matches.state(info.id)
        [card] = outcomes_of(RULES, state, DRAW)
        name = RULES.cardset.name(card)
        if name not in json.dumps(RULES.view(state, "p1"), ensure_ascii=False):
            return info.id, name
    raise AssertionError("no seed hides the first draw from p1")


def test_p1s_draw_buttons_do_not_name_the_card_the_draw_brings(app, client, matches):
    mid, drawn = _match_at_first_draw(matches)
    seq, state = matches.state(mid)
    assert seq == 0 and state["phase"] == "draw" and state["active"] == "p1"
    assert drawn in RULES.describe(state, DRAW, RULES.apply(state, DRAW), "p1")  # what the move line will say

    sign_in(client, token(app, "player", name="Aoi", match=mid, seat="p1"))
    r = client.get(f"/m/{mid}/table")
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and 'data-seat="p1"' in page
    assert drawn not in page
    assert "p1: 山札から1枚引く</button>" in page
    office = RULES.cardset.name(state["office"])
    assert f"p1: 事務所の {office} を引く</button>" in page
