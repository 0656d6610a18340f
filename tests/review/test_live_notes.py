"""Notes arrive live: the viewer's notes poll (web.review.live_notes), per reader, 204 while
unchanged; every note links to its step (?step=N#note-<id>)."""
from __future__ import annotations

import html
import re

import pytest

from tests.review.conftest import advance
from tests.service.api.conftest import ADMIN
from tests.web.conftest import make_app
from tests.web.test_views import sign_in


@pytest.fixture
def app(redis_url):
    """The whole app, viewer included (the review conftest's is the API's)."""
    app = make_app(redis_url, KIFU_ADMIN_TOKEN=ADMIN)
    yield app
    app.extensions["kifu"].redis.close()


def poll(client, mid: str, step: int, since: str = ""):
    return client.get(f"/m/{mid}/notes/live?step={step}&since={since}")


def version_of(body: str) -> str:
    return re.search(r'hx-get="[^"]*since=([0-9-]*)"', html.unescape(body)).group(1)


def test_the_notes_poll_is_rendered_for_each_reader_and_answers_204_while_nothing_changed(app, api, svc, tokens):
    mid = api.as_(tokens["admin"]).create("holodelive", ["Aoi", "Ren"])["id"]
    advance(svc, mid, 4)
    coach = api.as_(tokens["annotator"]).post(f"/api/matches/{mid}/notes",
                                              json={"step": 2, "text": "coach's secret plan"}).json
    ruling = api.as_(tokens["judge"]).post(f"/api/matches/{mid}/notes",
                                           json={"step": 2, "text": "ruling: the draw stands", "glyph": "!"}).json
    visitor, judge = app.test_client(), app.test_client()
    sign_in(judge, tokens["judge"])

    # the page: the poll element (fetch once), the step's list and the rows, with permalinks
    page = visitor.get(f"/m/{mid}?step=2").get_data(as_text=True)
    assert re.search(rf'id="live-notes"[^>]*hx-get="/m/{mid}/notes/live\?step=2&amp;since="', page)
    assert f'<li class="note" id="note-{ruling["id"]}"' in page
    assert f'id="moves-note-{ruling["id"]}"' in page
    assert page.count(f'href="?step=2#note-{ruling["id"]}"') == 2  # the step's list and the move list
    assert "coach&#39;s secret plan" not in page  # an annotator's note on a live match: judges and its author

    seen = poll(visitor, mid, 2)
    body = seen.get_data(as_text=True)
    assert seen.status_code == 200 and seen.headers["Cache-Control"] == "private, no-store"
    assert "ruling: the draw stands" in body and "secret plan" not in body
    assert f'id="note-{ruling["id"]}"' in body and 'data-live-row="2"' in body
    assert f'href="?step=2#note-{ruling["id"]}"' in body
    for_judge = poll(judge, mid, 2).get_data(as_text=True)
    assert "ruling: the draw stands" in for_judge and "coach&#39;s secret plan" in for_judge
    version = version_of(body)
    assert version == version_of(for_judge) == ruling["id"]
    # nothing changed: 204 (htmx swaps nothing), for either reader
    assert poll(visitor, mid, 2, version).status_code == 204
    assert poll(judge, mid, 2, version).status_code == 204

    # an edit and a deletion are new versions; each reader gets its own notes again
    api.as_(tokens["annotator"]).post(f"/api/matches/{mid}/notes",
                                      json={"replaces": coach["id"], "text": "coach's better plan"})
    after_edit = poll(judge, mid, 2, version).get_data(as_text=True)
    assert "coach&#39;s better plan" in after_edit and "(edited)" in after_edit
    public_again = poll(visitor, mid, 2, version)
    assert public_again.status_code == 200 and "better plan" not in public_again.get_data(as_text=True)
    version = version_of(after_edit)
    rv = api.as_(tokens["judge"]).post(f"/api/matches/{mid}/notes", json={"replaces": ruling["id"], "delete": True})
    assert rv.status_code in (200, 201), rv.json
    gone = poll(visitor, mid, 2, version).get_data(as_text=True)
    assert "ruling" not in gone and 'data-live-row' not in gone  # the row's notes go too
    # another step: the step's list is that step's (none), the rows carry every step's
    other = poll(judge, mid, 3).get_data(as_text=True)
    step_list = re.search(r'<template data-live="step">(.*?)</template>', other, re.S).group(1)
    assert step_list == '<div class="step-notes" id="step-notes"></div>'
    assert 'data-live-row="2"' in other


def test_a_bad_poll_is_refused(app, api, svc, tokens):
    mid = api.as_(tokens["admin"]).create("holodelive", ["Aoi", "Ren"])["id"]
    advance(svc, mid, 2)
    client = app.test_client()
    assert poll(client, mid, 1, "not-a-version").status_code == 400
    assert poll(client, mid, 99).status_code == 404  # no such step (as the viewer answers)
    assert client.get("/m/nope/notes/live?step=1").status_code == 404
    assert poll(client, mid, 1).status_code == 204  # no notes yet, none shown: nothing to swap
