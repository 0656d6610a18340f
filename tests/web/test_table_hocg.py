"""An ability the engine does not automate, resolved end to end at the recording table
(Flask client, real Redis): the table offers every feasible structured effect command
(``manual.templates``: searches, moves, cheer, draws, dice, shuffles), each as a button
or in a picker, and the recorder records the ability's steps and closes it there.

The match is a physical table whose opening hands are stated (tests/games/hocg/helpers):
p1 holds ふしぎなメモ (invented FIXTURE card: 「自分の手札1枚をアーカイブできる：自分の
デッキを1枚引く。」, not automated).
"""
from __future__ import annotations

import html
import json
import re

from tests.games.hocg.helpers import (AKARI_D, AKARI_DU, MANAGER, MEMO, MIC, P1_HAND, P2_HAND, WHITE, YUKI_D, YUKI_DU,
                                      options)
from tests.web import parts_page
from tests.web.conftest import token
from tests.web.test_table import table_form
from tests.web.test_views import sign_in

P1_MEMO = [MEMO if card == MANAGER else card for card in P1_HAND]
SOURCE = {"card": MEMO, "ability": "support"}


def offered(page: str) -> list[dict]:
    """Every command the table's page can post: plain buttons and every picker's options."""
    values = re.findall(r'<button type="submit" name="command" value="([^"]*)"', page)
    return [json.loads(html.unescape(v)) for v in values] + parts_page.offered(page)


def post(client, mid: str, command: dict) -> None:
    page, fields = table_form(client, mid)
    assert command in offered(page), command
    r = client.post(f"/m/{mid}/table", data={**fields, "command": json.dumps(command)})
    assert r.status_code == 303 and "recorded=" in r.headers["Location"], r.get_data(as_text=True)[:2000]


def test_an_unautomated_ability_is_resolved_end_to_end_with_the_tables_effect_commands(app, client, matches):
    mid = matches.create("hocg", ["Aoi", "Ren"], options(), table="physical", deal=[*P1_MEMO, *P2_HAND]).id
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    for command in ({"type": "keep", "seat": "p1"}, {"type": "keep", "seat": "p2"},
                    {"type": "place", "seat": "p1", "center": YUKI_D, "back": [YUKI_DU]},
                    {"type": "place", "seat": "p2", "center": AKARI_D, "back": [AKARI_DU], "outcomes": [WHITE]},
                    {"type": "choose", "seat": "p1", "choice": "center"},
                    {"type": "support", "seat": "p1", "card": MEMO}):
        post(client, mid, command)
    pending = matches.view_step(mid, "omniscient").view["pending"]
    assert pending["effect"] == "manual" and pending["card"] == MEMO

    page, _ = table_form(client, mid)
    effects = [c for c in offered(page) if c["type"] == "effect"]
    assert effects and all(c["source"] == SOURCE for c in effects)
    ops = {c["op"] for c in effects}
    # only the steps the text names (「自分の手札1枚をアーカイブできる：自分のデッキを1枚引く。」): none it
    # never mentions (cheer, dice, damage, searches)
    assert ops == {"move", "draw"}
    assert {(c["src"], c["dest"]) for c in effects if c["op"] == "move"} == {("hand", "archive")}
    assert any(c["op"] == "draw" and c.get("outcomes") for c in effects)  # a chance command: its picker
    assert "自分の手札1枚をアーカイブできる" in page  # the text beside the commands

    # the cost: a hand card archived; the effect: a draw (the physical table states the card)
    archive_mic = {"type": "effect", "seat": "p1", "op": "move", "source": SOURCE, "card": MIC, "src": "hand",
                   "dest": "archive"}
    assert archive_mic in effects
    post(client, mid, archive_mic)
    page, _ = table_form(client, mid)
    draw = next(c for c in offered(page) if c["type"] == "effect" and c["op"] == "draw"
                and c.get("outcomes") == [YUKI_D])
    post(client, mid, draw)
    post(client, mid, {"type": "choose", "seat": "p1", "choice": "done"})

    view = matches.view_step(mid, "omniscient").view
    p1 = view["players"]["p1"]
    assert view["pending"] is None and view["phase"] == "main"
    assert MIC in p1["archive"] and MEMO in p1["archive"] and p1["hand"][-1] == YUKI_D
    commands = [e["command"] for e in matches.entries(mid)][-3:]
    assert [c.get("op") or c["choice"] for c in commands] == ["move", "draw", "done"]
    moves = client.get(f"/m/{mid}?as=public").get_data(as_text=True)
    assert "ふしぎなメモ「support」" in moves
