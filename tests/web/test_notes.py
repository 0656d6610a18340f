"""Notes in the viewer: shown under their move and their step, escaped; the form to add one."""
from __future__ import annotations

import re

from tests.web.conftest import new_toy_match, play, token
from tests.web.test_views import sign_in

XSS = '<script>alert("x")</script> & more'


def note_form(page: str) -> dict[str, str] | None:
    form = re.search(r'<form class="note-form"(.*?)</form>', page, re.S)
    if form is None:
        return None
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(1)))


def test_annotator_adds_a_note_at_a_step_and_it_shows_there_escaped(app, client, matches):
    mid = new_toy_match(matches, moves=4)
    sign_in(client, token(app, "annotator", name="Mai"))
    page = client.get(f"/m/{mid}?step=2&as=public").get_data(as_text=True)
    fields = note_form(page)
    assert fields is not None and fields["step"] == "2" and fields["as"] == "public"
    r = client.post(f"/m/{mid}/notes", data={**fields, "text": XSS + "\nline two", "glyph": "?!"})
    assert r.status_code == 303, r.get_data(as_text=True)[:400]
    assert r.headers["Location"].startswith(f"/m/{mid}?step=2&as=public#step-note-")
    [note] = matches.notes(mid)
    assert note["step"] == 2 and note["text"] == XSS + "\nline two" and note["by"] == "Mai"

    page = client.get(f"/m/{mid}?step=2&as=public").get_data(as_text=True)
    assert "<script>alert" not in page
    escaped = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; more"
    under_step = re.search(r'<ul class="notes notes-step".*?</ul>', page, re.S).group(0)
    assert escaped in under_step and "— Mai" in under_step
    row = re.search(r'<li class="move[^"]*" id="mv-2".*?</li>\s*</ul></li>', page, re.S).group(0)
    assert escaped in row and '<span class="glyph" title="annotation glyph">?!</span>' in row
    # other steps show no note, in the stage nor the list
    other = client.get(f"/m/{mid}?step=3&as=public").get_data(as_text=True)
    assert 'class="notes notes-step"' not in other and other.count(escaped) == 1
    # the htmx step swap carries the step's notes too
    partial = client.get(f"/m/{mid}?step=2&as=public", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in partial and escaped in partial


def test_player_gets_no_form_and_a_forged_post_is_refused(app, client, matches):
    mid = new_toy_match(matches, moves=2)
    sign_in(client, token(app, "player", name="Aoi", match=mid, seat="p1"))
    page = client.get(f"/m/{mid}?step=1").get_data(as_text=True)
    assert note_form(page) is None and "note-form" not in page
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # the sign-out form's: a valid one
    r = client.post(f"/m/{mid}/notes", data={"csrf_token": csrf, "step": "1", "as": "p1", "text": "coach me"})
    assert r.status_code == 403
    assert matches.notes(mid) == []


def test_anonymous_gets_no_form_and_cannot_post(client, matches):
    mid = new_toy_match(matches, moves=1)
    page = client.get(f"/m/{mid}?step=1").get_data(as_text=True)
    assert note_form(page) is None
    form = client.get("/signin").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)
    r = client.post(f"/m/{mid}/notes", data={"csrf_token": csrf, "step": "1", "text": "hi"})
    assert r.status_code == 403 and matches.notes(mid) == []


def test_missing_or_wrong_csrf_token_is_refused(app, client, matches):
    mid = new_toy_match(matches, moves=1)
    sign_in(client, token(app, "judge", name="Judge Sato"))
    for extra in ({}, {"csrf_token": "forged"}):
        r = client.post(f"/m/{mid}/notes", data={"step": "1", "text": "ruling", **extra})
        assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    assert matches.notes(mid) == []


def test_bad_notes_from_the_form_write_nothing(app, client, matches):
    mid = new_toy_match(matches, moves=2)
    recorder = token(app, "recorder", name="Rec", match=mid)
    sign_in(client, recorder)
    fields = note_form(client.get(f"/m/{mid}?step=1").get_data(as_text=True))
    assert fields is not None
    cases = [
        ({"text": ""}, 400), ({"text": "x" * 2001}, 400), ({"text": "bell\x07"}, 400),
        ({"text": "ok", "glyph": "!!!"}, 400), ({"text": "ok", "step": "9"}, 404), ({"text": "ok", "step": "x"}, 400),
        ({"text": "ok", "step": ""}, 400), ({"text": "ok", "as": "omniscient"}, 403),
    ]
    for extra, status in cases:
        r = client.post(f"/m/{mid}/notes", data={**fields, **extra})
        assert r.status_code == status, (extra, r.status_code)
    assert matches.notes(mid) == []
    # and the recorder of another match may not annotate this one
    other = new_toy_match(matches)
    r = client.post(f"/m/{other}/notes", data={**fields, "text": "not my table"})
    assert r.status_code == 403 and matches.notes(other) == []


def test_live_annotator_notes_are_hidden_from_the_public_until_the_match_ends(app, client, matches):
    mid = new_toy_match(matches, rounds=1, moves=2)
    matches.annotate(mid, step=1, text="hidden commentary", by="Mai", role="annotator", author="someone")
    matches.annotate(mid, step=1, text="judge ruling", by="Sato", role="judge", author="judge")
    page = client.get(f"/m/{mid}?step=1").get_data(as_text=True)
    assert "judge ruling" in page and "hidden commentary" not in page
    sign_in(client, token(app, "judge", name="Judge"))
    page = client.get(f"/m/{mid}?step=1").get_data(as_text=True)
    assert "judge ruling" in page and "hidden commentary" in page
    play(matches, mid, 10)
    assert matches.info(mid).status == "finished"
    page = app.test_client().get(f"/m/{mid}?step=1").get_data(as_text=True)  # anonymous again
    assert "judge ruling" in page and "hidden commentary" in page
