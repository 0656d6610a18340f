"""Hostile use of the web pages: redirects, the recording table's form, the event stream's
share of the server's threads, and escaping of what players type (found by probing a
running server; see the red-team report)."""
from __future__ import annotations

import re

import pytest

from tests.service.api.conftest import dump
from tests.web.conftest import make_app, new_toy_match, token
from tests.web.test_views import sign_in
from kifu.web.signin import safe_next


# --- sign-in's ?next= -----------------------------------------------------------------------

@pytest.mark.parametrize("target", [
    "//evil.example", "///evil.example", "https://evil.example", "/\\evil.example",
    # browsers drop tabs and newlines from URLs, so these become //evil.example
    "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "\t//evil.example",
    "/m/x\r\nSet-Cookie: a=b", "/\x00/evil.example", " /x", "javascript:alert(1)",
])
def test_next_never_leaves_the_site(target):
    assert safe_next(target, "/") == "/"


@pytest.mark.parametrize("target", ["/", "/m/0123456789abcdefghjk?step=3&as=p1", "/%2f/x", "/m/x#moves"])
def test_next_keeps_local_paths(target):
    assert safe_next(target, "/") == target


def csrf_of(client) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get("/signin").get_data(as_text=True)).group(1)


@pytest.mark.parametrize("target", ["/\t/evil.example", "/m/x\r\nSet-Cookie: a=b"])
def test_sign_in_redirect_stays_local(app, client, target):
    tok = token(app, "judge", name="J")
    r = client.post("/signin", data={"token": tok, "csrf_token": csrf_of(client), "next": target})
    assert r.status_code == 303
    assert r.headers["Location"] == "/"


# --- the recording table's form -----------------------------------------------------------

@pytest.fixture
def seated(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    page = client.get(f"/m/{mid}/table").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # signing in issued a new one
    seq = re.search(r'name="expected_seq" value="(\d+)"', page).group(1)
    cid = re.search(r'name="command_id" value="([^"]+)"', page).group(1)
    return {"mid": mid, "csrf": csrf, "seq": seq, "cid": cid}


@pytest.mark.parametrize("command", [
    '{"type": "draw", "seat": "p1", "\\ud800": 1}',       # a lone surrogate as a key
    '{"type": "draw\\udfff", "seat": "p1"}',              # ... inside a value
    '{"a": ' * 1500 + "1" + "}" * 1500,  # deeper than the JSON reader goes (and < 16 KiB)
    '{"type": "draw", "seat": "p1", "n": 1.5}',           # floats never reach a record
    '{"type": "draw", "seat": "p1", "n": NaN}',
])
def test_hostile_table_commands_are_refused_and_write_nothing(app, client, seated, command):
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    r = client.post(f"/m/{seated['mid']}/table", data={
        "command": command, "expected_seq": seated["seq"], "command_id": seated["cid"],
        "csrf_token": seated["csrf"]})
    assert r.status_code == 400, r.get_data(as_text=True)[:500]
    assert 'data-testid="refusal"' in r.get_data(as_text=True)
    assert dump(redis) == before


def test_typed_command_text_is_escaped_on_the_refusal_page(client, seated):
    r = client.post(f"/m/{seated['mid']}/table", data={
        "command": '{"type": "<script>alert(1)</script>", "seat": "p1"}', "expected_seq": seated["seq"],
        "command_id": seated["cid"], "csrf_token": seated["csrf"]})
    body = r.get_data(as_text=True)
    assert r.status_code == 400
    assert "<script>alert(1)" not in body and "&lt;script&gt;" in body


def test_player_and_tournament_names_are_escaped_everywhere(app, client, matches):
    info = matches.create("toy", ["<script>alert(1)</script>", "\"'><svg onload=alert(2)>"], {"rounds": 2},
                          tournament="<img src=x onerror=alert(3)>", table_number="<b>T</b>")
    csrf = sign_in(client, token(app, "recorder", name="<i>rec</i>", match=info.id))
    assert csrf
    for path in ("/", f"/m/{info.id}", f"/m/{info.id}?step=0&as=p1", f"/m/{info.id}/table"):
        body = client.get(path).get_data(as_text=True)
        for raw in ("<script>alert(1)", "<svg onload", "<img src=x", "<b>T</b>", "<i>rec</i>"):
            assert raw not in body, (path, raw)


# --- the event stream's share of the server -------------------------------------------------

def test_one_client_cannot_hold_every_event_stream(redis_url):
    # Each open stream holds one of the server's threads; without a cap, 16 idle
    # EventSources from one address stopped every other request of `kifu serve`.
    # (The test client runs every stream in this one thread, each holding its request
    # context: they are closed last-opened first.)
    app = make_app(redis_url, KIFU_SSE_PER_CLIENT=2, KIFU_SSE_MAX_STREAMS=3)
    client = app.test_client()
    mid = new_toy_match(app.extensions["kifu"].matches, moves=1)
    url = f"/m/{mid}/events?as=public"

    def open_stream(addr: str = "127.0.0.1"):
        return client.get(url, buffered=False, environ_base={"REMOTE_ADDR": addr})

    first, second = open_stream(), open_stream()
    assert first.status_code == second.status_code == 200
    third = open_stream()
    assert third.status_code == 429
    assert "too many live event streams" in third.get_data(as_text=True)
    other = open_stream("10.0.0.9")
    assert other.status_code == 200  # another client still gets one...
    assert open_stream("10.0.0.10").status_code == 429  # ...until the process-wide cap
    assert client.get("/api/health").status_code == 200  # and the API is never held up
    other.close()
    again = open_stream("10.0.0.10")
    assert again.status_code == 200  # a closed stream gives its slot back
    again.close()
    second.close()
    again = open_stream()
    assert again.status_code == 200
    again.close()
    first.close()
    assert app.extensions["kifu.sse_slots"].total == 0


def test_a_finished_match_stream_gives_its_slot_back(redis_url):
    app = make_app(redis_url, KIFU_SSE_PER_CLIENT=1)
    client = app.test_client()
    mid = new_toy_match(app.extensions["kifu"].matches, rounds=1, moves=10)
    for _ in range(3):
        r = client.get(f"/m/{mid}/events?as=public&after=0")
        assert r.status_code == 200 and "event: end" in r.get_data(as_text=True)
    assert app.extensions["kifu.sse_slots"].total == 0


def test_revoking_a_token_stops_its_live_stream_of_a_hidden_view(app, client, matches):
    # The perspective is checked when the stream opens; a leaked player token that the
    # organizer revokes must stop leaking that seat's moves at once, not at the match's end.
    from kifu.service import auth
    from tests.web.conftest import play
    from tests.web.test_events import read_until

    mid = new_toy_match(matches, rounds=5, moves=1)
    tok = token(app, "player", name="P1", match=mid, seat="p1")
    sign_in(client, tok)
    stream = client.get(f"/m/{mid}/events?as=p1", buffered=False)
    assert stream.status_code == 200
    auth.revoke(app.extensions["kifu"].redis, tok)
    play(matches, mid, 2)
    text = read_until(stream, "event: end", limit=6)
    stream.close()
    assert "event: end" in text and "data: signed out" in text
    assert 'id="mv-2"' not in text and 'id="mv-3"' not in text


def test_a_public_stream_goes_on_for_anyone(app, client, matches):
    from tests.web.conftest import play
    from tests.web.test_events import read_until

    mid = new_toy_match(matches, rounds=5, moves=1)
    stream = client.get(f"/m/{mid}/events?as=public", buffered=False)
    play(matches, mid, 2)
    text = read_until(stream, "id: 3\nevent: marker", limit=6)
    stream.close()
    assert 'id="mv-3"' in text and "event: end" not in text


def test_pages_for_a_signed_in_seat_are_never_stored(app, client, matches):
    # A venue's recording machine is shared: after sign-out, Back must not show a hand
    # from the browser's cache (nor may any shared cache keep it).
    mid = new_toy_match(matches, moves=1)
    sign_in(client, token(app, "player", name="P1", match=mid, seat="p1"))
    for path in (f"/m/{mid}?as=p1", f"/m/{mid}/table", "/", f"/m/{mid}?as=p2"):
        r = client.get(path)
        assert "no-store" in r.headers.get("Cache-Control", ""), path
        assert "private" in r.headers.get("Cache-Control", ""), path


def test_by_default_one_address_may_hold_a_venues_streams(redis_url):
    # a venue's spectators share one NAT address (issue 14): the per-address default is
    # venue-sized, so here only the process-wide cap stops them
    app = make_app(redis_url, KIFU_SSE_MAX_STREAMS=20)
    client = app.test_client()
    mid = new_toy_match(app.extensions["kifu"].matches, moves=1)
    held = [client.get(f"/m/{mid}/events?as=public", buffered=False) for _ in range(21)]
    assert [r.status_code for r in held] == [200] * 20 + [429]
    for r in reversed(held[:20]):
        r.close()


# --- authorization across seats and matches -------------------------------------------------

def test_a_seat_or_a_match_token_reaches_no_further(app, client, matches):
    a, b = new_toy_match(matches, moves=1), new_toy_match(matches, moves=1)
    p1_of_a = token(app, "player", name="P1", match=a, seat="p1")
    recorder_of_a = token(app, "recorder", name="Rec A", match=a)
    annotator = token(app, "annotator", name="Note")
    api = [
        (p1_of_a, f"/api/matches/{a}/state?as=p2"), (p1_of_a, f"/api/matches/{a}/entries?as=p2"),
        (p1_of_a, f"/api/matches/{a}/legal?as=p2"), (p1_of_a, f"/api/matches/{a}/state?as=omniscient"),
        (p1_of_a, f"/api/matches/{b}/state?as=p1"), (recorder_of_a, f"/api/matches/{b}/legal?as=p1"),
        (recorder_of_a, f"/api/matches/{a}/state?as=omniscient"), (annotator, f"/api/matches/{a}/state?as=p1"),
    ]
    for tok, path in api:
        rv = client.get(path, headers={"Authorization": f"Bearer {tok}"})
        assert rv.status_code == 403, (path, rv.status_code)
    for tok, paths in ((p1_of_a, [f"/m/{a}?as=p2", f"/m/{a}/events?as=p2", f"/m/{a}/table?as=p2",
                                  f"/m/{b}?as=p1", f"/m/{b}/events?as=p1", f"/m/{b}/table"]),
                       (recorder_of_a, [f"/m/{b}/table", f"/m/{b}?as=p1", f"/m/{a}?as=omniscient",
                                        f"/m/{a}/events?as=omniscient"]),
                       (annotator, [f"/m/{a}/table", f"/m/{a}?as=p1"])):
        client.post("/signout", data={"csrf_token": csrf_of(client)})
        sign_in(client, tok)
        for path in paths:
            rv = client.get(path)
            assert rv.status_code == 403, (path, rv.status_code)
    # and no post records across the line
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    for tok, mid, seat in ((p1_of_a, a, "p2"), (p1_of_a, b, "p1"), (recorder_of_a, b, "p1"), (annotator, a, "p1")):
        rv = client.post(f"/api/matches/{mid}/commands", headers={"Authorization": f"Bearer {tok}"},
                         json={"expected_seq": 1, "command_id": "x1", "command": {"type": "draw", "seat": seat}})
        assert rv.status_code == 403, (mid, seat, rv.json)
    assert dump(redis) == before


def test_every_web_post_needs_this_sessions_csrf_token(app, client, matches, seated):
    redis = app.extensions["kifu"].redis
    other = app.test_client()
    other_csrf = csrf_of(other)
    form = {"command": '{"type": "draw", "seat": "p1"}', "expected_seq": seated["seq"], "command_id": seated["cid"]}
    before = dump(redis)
    for csrf in (None, "", "forged", other_csrf):
        data = dict(form, **({} if csrf is None else {"csrf_token": csrf}))
        assert client.post(f"/m/{seated['mid']}/table", data=data).status_code == 400
        assert client.post("/signout", data={} if csrf is None else {"csrf_token": csrf}).status_code == 400
        assert client.post("/signin", data={"token": "x", **({} if csrf is None else {"csrf_token": csrf})}
                           ).status_code == 400
    assert dump(redis) == before
    assert client.post(f"/m/{seated['mid']}/table", data=dict(form, csrf_token=seated["csrf"])).status_code == 303


@pytest.mark.parametrize("path", ["/", "/e/", "/e/ev00000000000000000000", "/studies", "/m/0123456789abcdefghjk/cases",
                                  "/m/0123456789abcdefghjk/judge"])
def test_every_blueprints_pages_carry_the_security_headers(client, path):
    # the viewer's, the events', the review studio's and the judges' pages alike (web.views.guard)
    rv = client.get(path)
    assert rv.headers.get("Content-Security-Policy", "").startswith("default-src 'self'"), (path, rv.status_code)
    assert rv.headers["X-Content-Type-Options"] == "nosniff" and rv.headers["Referrer-Policy"] == "same-origin"
