"""Unknown cards in the viewer: card backs with their mark, and when and how each became known."""
from __future__ import annotations

import re

from tests.web.conftest import token
from tests.web.test_views import board_html, sign_in


def observed_match(matches) -> str:
    """p2's two dealt cards and p1's first draw unseen; p1 then plays the drawn card (八)."""
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 2}, table="observed",
                         deal=["n1", None, "n2", None]).id
    for seq, command in enumerate([{"type": "draw", "seat": "p1", "outcomes": [None]},
                                   {"type": "play", "seat": "p1", "card": "n8"},
                                   {"type": "draw", "seat": "p2", "outcomes": ["n5"]}]):
        matches.submit(mid, command, expected_seq=seq, command_id=f"k{seq}xxxxxxx", by="t")
    return mid


def test_the_omniscient_view_of_an_observed_match_shows_what_was_known_and_no_more(app, client, matches):
    mid = observed_match(matches)
    sign_in(client, token(app, "judge", name="Judge"))
    page = client.get(f"/m/{mid}?step=1&as=omniscient").get_data(as_text=True)
    board = board_html(page)
    backs = re.findall(r'<span class="card-back token " data-testid="token" data-token="(\?\d)" title="([^"]*)"',
                       board)
    assert backs == [("?3", "?3: unknown card, drawn at step 1"), ("?1", "?1: unknown card, dealt at step 0"),
                     ("?2", "?2: unknown card, dealt at step 0")]
    hands = re.search(r"<dt>hands</dt>(.*?)<dt>played</dt>", board, re.S).group(1)
    assert re.findall(r'class="str">(n\d+)<', hands) == ["n1", "n2"]  # the two cards the recorder saw
    panel = re.search(r'<details class="knowledge".*?</details>', page, re.S).group(0)
    assert "<strong>?3</strong>: drawn at step 1; not known yet" in panel
    assert "<strong>?1</strong>: dealt at step 0; not known yet" in panel


def test_a_revealed_token_says_when_it_came_and_how_it_became_known_at_every_later_step(client, matches):
    mid = observed_match(matches)
    matches.submit(mid, {"type": "play", "seat": "p2", "card": "n3"}, expected_seq=3, command_id="k3xxxxxxx", by="t")
    page = client.get(f"/m/{mid}?step=4&as=public").get_data(as_text=True)
    panel = re.search(r'<details class="knowledge".*?</details>', page, re.S).group(0)
    assert ('<strong>?3</strong>: drawn at step 1, revealed at step 2 by play: <span class="tok-card">八</span>'
            in panel)
    assert '<strong>?1</strong>: dealt at step 0, revealed at step 4 by play: <span class="tok-card">三</span>' in panel
    assert "not known yet" not in panel  # the public sees no hand, so no token of one
    assert 'data-testid="knowledge"' not in client.get(f"/m/{mid}?step=0&as=public").get_data(as_text=True)


def test_a_digital_match_has_no_unknown_cards_panel(client, matches):
    mid = matches.create("toy", ["A", "B"], {"rounds": 1}).id
    assert 'data-testid="knowledge"' not in client.get(f"/m/{mid}?as=public").get_data(as_text=True)
