"""The viewer and the match list through Flask's test client, on the real Redis."""
from __future__ import annotations

import re

import pytest

from tests.web.conftest import new_toy_match, play, token


def board_html(page: str) -> str:
    found = re.search(r'<div class="board-wrap" data-testid="board">(.*?)</div>\s*'
                      r'(?:<span hidden|</section>|<details class="knowledge")', page, re.S)
    assert found, "no board in the page"
    return found.group(1).strip()


def test_full_page_of_a_step(client, matches):
    mid = new_toy_match(matches, moves=6)
    r = client.get(f"/m/{mid}?step=3&as=public")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert page.startswith("<!doctype html>")
    assert "HX-Request" in r.headers["Vary"]
    assert 'data-step="3"' in page and 'id="mv-6"' in page
    assert 'class="move current" id="mv-3"' in page
    assert f'href="/m/{mid}?step=2&amp;as=public"' in page  # previous
    assert f'href="/m/{mid}?step=4&amp;as=public"' in page  # next
    assert "Toy cards" in page and "rules v2" in page and "Aoi" in page and "Hikari" in page
    assert matches.info(mid).chain in page
    assert f'href="/m/{mid}/export"' in page
    assert 'aria-live="polite"' in page and "Step 3 of 6, turn 1: p2 draws" in page
    assert "Turn 1" in page and "Turn 2" in page


def test_htmx_step_is_the_partial_and_pushes_the_canonical_url(client, matches):
    mid = new_toy_match(matches, moves=6)
    r = client.get(f"/m/{mid}?step=3&as=public", headers={"HX-Request": "true"})
    assert r.status_code == 200
    part = r.get_data(as_text=True)
    assert "<html" not in part and 'id="moves"' not in part
    assert r.headers["HX-Push-Url"] == f"/m/{mid}?step=3&as=public"
    assert "HX-Request" in r.headers["Vary"]
    assert 'id="announce" hx-swap-oob="innerHTML"' in part
    cold = client.get(f"/m/{mid}?step=3&as=public").get_data(as_text=True)
    assert board_html(part) == board_html(cold)
    other = client.get(f"/m/{mid}?step=4&as=public", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert board_html(other) != board_html(part)


def test_history_restore_gets_the_full_page(client, matches):
    mid = new_toy_match(matches, moves=2)
    r = client.get(f"/m/{mid}?step=1&as=public",
                   headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert r.get_data(as_text=True).startswith("<!doctype html>")


def test_no_step_means_the_head_and_jump_to_turn_redirects(client, matches):
    mid = new_toy_match(matches, moves=9)
    assert 'data-step="9"' in client.get(f"/m/{mid}?as=public").get_data(as_text=True)
    r = client.get(f"/m/{mid}?turn=2&as=public")
    assert r.status_code == 303 and r.headers["Location"] == f"/m/{mid}?step=5&as=public"
    r = client.get(f"/m/{mid}?turn=2&as=public", headers={"HX-Request": "true"})
    assert r.headers["HX-Push-Url"] == f"/m/{mid}?step=5&as=public"
    assert client.get(f"/m/{mid}?turn=9&as=public").status_code == 404


@pytest.mark.parametrize("query, status", [
    ("step=abc", 400), ("step=-1", 400), ("step=1.5", 400), ("step=99", 404), ("turn=0", 400),
    ("as=p1", 403), ("as=omniscient", 403), ("as=nobody", 403),
])
def test_bad_arguments_are_clear_errors(client, matches, query, status):
    mid = new_toy_match(matches, moves=3)
    r = client.get(f"/m/{mid}?{query}")
    assert r.status_code == status
    assert "<!doctype html>" in r.get_data(as_text=True)


def test_errors_inside_htmx_go_to_the_notice_area(client, matches):
    mid = new_toy_match(matches, moves=3)
    r = client.get(f"/m/{mid}?step=99&as=public", headers={"HX-Request": "true"})
    assert r.status_code == 404
    assert r.headers["HX-Retarget"] == "#notice"
    assert "step 99 does not exist" in r.get_data(as_text=True)


@pytest.mark.parametrize("mid", ["{x}", "ABCDEFGHJKMNPQRSTVWX", "short", "0" * 21])
def test_malformed_match_ids_are_404(client, mid):
    assert client.get(f"/m/{mid}").status_code == 404


def test_unknown_match_is_404(client):
    assert client.get("/m/" + "0" * 20).status_code == 404


def test_public_never_sees_a_hand(client, matches):
    mid = new_toy_match(matches, moves=2)
    _, state = matches.state(mid)
    page = client.get(f"/m/{mid}?as=public").get_data(as_text=True)
    board = board_html(page)
    assert "cards" not in board and "count" in board
    assert "omniscient" not in page.split('aria-label="perspective"')[1].split("</nav>")[0]


def test_player_sees_its_own_hand_only(app, client, matches):
    mid = new_toy_match(matches, moves=2)
    _, state = matches.state(mid)
    tok = token(app, "player", name="Aoi", match=mid, seat="p1")
    sign_in(client, tok)
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    assert 'data-perspective="p1"' in page  # a player's default perspective is its seat
    board = board_html(page)
    hand = state["hands"]["p1"]
    assert all(f"<span class=\"str\">{c}</span>" in board for c in hand)
    assert client.get(f"/m/{mid}?as=p2").status_code == 403
    assert client.get(f"/m/{mid}?as=omniscient").status_code == 403


def test_judge_sees_everything_and_is_audited(app, client, matches, redis_client):
    mid = new_toy_match(matches, moves=2)
    sign_in(client, token(app, "judge", name="Judge Ito"))
    page = client.get(f"/m/{mid}?as=omniscient").get_data(as_text=True)
    assert board_html(page).count("cards") == 2
    audit = redis_client.xrange("kifu:audit")
    assert audit and audit[-1][1]["match"] == mid and audit[-1][1]["name"] == "Judge Ito"


def test_finished_public_match_opens_omniscient_by_default(client, matches):
    mid = new_toy_match(matches, rounds=1, moves=10)
    info = matches.info(mid)
    assert info.status == "finished"
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    assert 'data-perspective="omniscient"' in page
    assert "won" in page or "draw" in page


def test_match_list_filters_and_pages(client, matches):
    ids = [new_toy_match(matches, moves=1) for _ in range(3)]
    page = client.get("/").get_data(as_text=True)
    assert all(f"/m/{mid}" in page for mid in ids)
    assert client.get("/?status=live").status_code == 200
    assert client.get("/?status=nonsense").status_code == 400
    assert client.get("/?game=nonsense").status_code == 400
    finished = client.get("/?status=finished").get_data(as_text=True)
    assert not any(f"/m/{mid}" in finished for mid in ids)
    assert f"/m/{ids[0]}" in client.get("/?player=aoi&game=toy").get_data(as_text=True)


def test_static_assets_are_vendored(client):
    for path in ("/assets/vendor/htmx-2.0.11.min.js", "/assets/vendor/htmx-ext-sse-2.2.4.min.js",
                 "/assets/kifu.js", "/assets/kifu.css"):
        r = client.get(path)
        assert r.status_code == 200 and len(r.data) > 500, path
        r.close()
    page = client.get("/").get_data(as_text=True)
    assert "http://" not in page.split("<body>")[0] and "https://" not in page.split("<body>")[0]


def sign_in(client, tok: str):
    form = client.get("/signin").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    r = client.post("/signin", data={"token": tok, "csrf_token": csrf, "next": "/"})
    assert r.status_code == 303, r.get_data(as_text=True)
    return csrf


def test_play_helper_really_appends(matches):
    mid = new_toy_match(matches)
    assert play(matches, mid, 3) == 3


def test_match_list_pages_with_a_cursor(client, matches):
    from kifu.web.views import PAGE_SIZE
    ids = {matches.create("toy", ["A", "B"], {"rounds": 1}, tournament="paging").id for _ in range(PAGE_SIZE + 2)}
    first = client.get("/?tournament=paging").get_data(as_text=True)
    shown = set(re.findall(r'href="/m/([0-9a-z]{20})"', first))
    assert len(shown) == PAGE_SIZE
    older = re.search(r'<a href="([^"]+)" rel="next">', first).group(1).replace("&amp;", "&")
    assert "tournament=paging" in older and "cursor=" in older
    second = client.get(older).get_data(as_text=True)
    rest = set(re.findall(r'href="/m/([0-9a-z]{20})"', second))
    assert shown | rest == ids and not shown & rest
    assert 'rel="next"' not in second
