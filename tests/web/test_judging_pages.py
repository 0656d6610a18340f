"""Judging through the web forms (web/judging.py) with the Flask client on the real Redis:
every refusal is shown with its reason and writes nothing; case files are read exactly as
the API decides (judges on a live match, audited); the move list marks judge entries and
strikes through what a backup superseded, in the page, the htmx windows and the live rows."""
from __future__ import annotations

import html
import re

import pytest
from flask import render_template

from kifu.service import auth
from kifu.service.tournaments import EventService
from tests.web.conftest import play, token
from tests.web.test_views import sign_in
from kifu.web import events


def hidden(page: str, name: str, after: str = "") -> str:
    start = page.index(after) if after else 0
    return re.search(rf'name="{name}" value="([^"]*)"', page[start:]).group(1)


def new_match(matches, moves: int = 6, **kw) -> str:
    info = matches.create("holodelive", ["Aoi", "Ren"], {"first_player": "p1"}, seed="judging-web", **kw)
    play(matches, info.id, moves)
    return info.id


def signed_in(app, role: str, **kw):
    client = app.test_client()
    sign_in(client, token(app, role, **kw))
    return client


def panel_fields(client, mid: str, form: str) -> dict[str, str]:
    """The hidden fields of one of the judge panel's forms, as the panel rendered them."""
    page = client.get(f"/m/{mid}/judge").get_data(as_text=True)
    anchor = f'data-testid="form-{form}"'
    return {k: hidden(page, k, anchor) for k in ("csrf_token", "type", "expected_seq", "command_id")}


def call_from_table(client, mid: str, question: str):
    page = client.get(f"/m/{mid}/table").get_data(as_text=True)
    anchor = 'data-testid="call-form"'
    fields = {k: hidden(page, k, anchor) for k in ("csrf_token", "back", "type", "expected_seq", "command_id")}
    return client.post(f"/m/{mid}/judge", data={**fields, "question": question})


def audit_whats(redis_client, mid: str) -> list[str]:
    return [f["what"] for _, f in redis_client.xrange(auth.AUDIT_KEY) if f["match"] == mid]


@pytest.fixture
def called(app, matches):
    """A live holodelive match at step 6 on which p1 called a judge from the table (case 1)."""
    mid = new_match(matches)
    p1 = signed_in(app, "player", name="Aoi", match=mid, seat="p1")
    r = call_from_table(p1, mid, "May 大空スバル be played twice?")
    assert r.status_code == 303 and "recorded=7" in r.headers["Location"], r.get_data(as_text=True)
    return mid, p1


def test_a_call_from_the_table_pauses_it_and_shows_the_question_only_to_its_caller(app, client, matches, called):
    mid, p1 = called
    entry = matches.entries(mid)[-1]
    assert entry["actor"] == "judge" and entry["by"] == "Aoi"
    assert entry["command"] == {"type": "judge_call", "question": "May 大空スバル be played twice?", "seq": 7,
                                "role": "player", "caller": "p1", "step": 6}
    table = p1.get(f"/m/{mid}/table").get_data(as_text=True)
    assert "Judge called by p1 — case 1: table paused" in table and "May 大空スバル be played twice?" in table
    assert 'data-testid="call-form"' not in table  # one case at a time
    assert 'class="seat-commands idle"' in table and 'data-type="' not in table  # paused: no command offered
    # the public viewer shows the pause, not the question (it may name a hidden card)
    public = client.get(f"/m/{mid}").get_data(as_text=True)
    assert "Judge called by p1 — case 1: table paused" in public and "大空スバル be played" not in public
    # the banner the viewer re-fetches on each new entry says the same
    partial = client.get(f"/m/{mid}/judging/banner", query_string={"as": "public"}, headers={"HX-Request": "true"})
    assert partial.status_code == 200 and "table paused" in partial.get_data(as_text=True)
    assert "大空スバル be played" not in partial.get_data(as_text=True)
    # ... and a perspective the caller may not take is refused
    assert client.get(f"/m/{mid}/judging/banner", query_string={"as": "p1"},
                      headers={"HX-Request": "true"}).status_code == 403


def test_a_player_trying_to_rule_gets_403_and_nothing_is_written(app, matches, called):
    mid, p1 = called
    page = p1.get(f"/m/{mid}/table").get_data(as_text=True)
    fields = {k: hidden(page, k) for k in ("csrf_token", "expected_seq")}
    before = matches.info(mid).seq
    for back in ("panel", "table"):
        r = p1.post(f"/m/{mid}/judge", data={**fields, "back": back, "type": "ruling", "case": "1", "answer": "yes",
                                              "rule": "ゲームの流れ", "command_id": "c0ffee0000000001"})
        assert r.status_code == 403, r.get_data(as_text=True)
        assert "may not record a ruling" in r.get_data(as_text=True)
    assert matches.info(mid).seq == before
    # nor may it open the panel
    assert p1.get(f"/m/{mid}/judge").status_code == 403


def test_a_backup_to_the_future_is_refused_with_the_rules_message(app, matches, called):
    mid, _ = called
    judge = signed_in(app, "judge", name="Jun")
    fields = panel_fields(judge, mid, "backup")
    assert fields["type"] == "backup" and fields["expected_seq"] == "7"
    r = judge.post(f"/m/{mid}/judge", data={**fields, "to": "40", "case": "1"})
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    assert "a backup goes to an earlier step: step 40 is not before the current step 7" in page
    assert "DESIGN.md/Judging/backup" in page and "Nothing was recorded." in page
    assert 'value="40"' in page  # the form keeps what was typed
    assert matches.info(mid).seq == 7
    # a malformed step is a field error, not a crash
    r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "backup"), "to": "two"})
    assert r.status_code == 400 and "a whole number" in r.get_data(as_text=True)
    assert matches.info(mid).seq == 7


def test_a_fix_of_a_card_that_is_not_there_is_refused(app, matches, called):
    mid, _ = called
    judge = signed_in(app, "judge", name="Jun")
    for source, message in (("pile:deck", "is not in"), ("pile:nowhere", "no face-down pile 'nowhere'"),
                            ("hands/p9", "no place hands/p9")):
        r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "fix"), "card": "no-such-card",
                                                "from": source, "to": "pile:deck"})
        page = html.unescape(r.get_data(as_text=True))
        assert r.status_code == 422, page
        assert message in page and "DESIGN.md/Judging/fix" in page
    assert matches.info(mid).seq == 7


def test_case_files_are_for_judges_on_a_live_match_and_audited(app, client, redis_client, matches, called):
    mid, p1 = called
    assert client.get(f"/m/{mid}/cases/1").status_code == 401
    r = p1.get(f"/m/{mid}/cases/1")
    assert r.status_code == 403 and "may not read case files" in r.get_data(as_text=True)
    # the list is open, the question only to its caller
    listing = client.get(f"/m/{mid}/cases").get_data(as_text=True)
    assert "case 1" in listing and "大空スバル be played" not in listing and f"/m/{mid}/cases/1" not in listing
    assert "大空スバル be played" in p1.get(f"/m/{mid}/cases").get_data(as_text=True)
    judge = signed_in(app, "judge", name="Jun")
    assert "case:1" not in audit_whats(redis_client, mid)
    r = judge.get(f"/m/{mid}/cases/1")
    page = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "case:1" in audit_whats(redis_client, mid)
    for p in ("public", "p1", "p2", "omniscient"):  # the board from every side, side by side
        assert f'data-testid="case-board-{p}"' in page
    assert 'data-testid="knew-p1"' in page and 'data-testid="knew-p2"' in page
    assert "May 大空スバル be played twice?" in page
    # each seat knew its own draw and not the other's (holodelive's draw line names the card to its seat)
    knew_p1 = page[page.index('data-testid="knew-p1"'):page.index('data-testid="knew-p2"')]
    p1_draw = matches.history(mid, "p1", 1, 1)[0]["describe"]
    assert p1_draw in knew_p1
    assert judge.get(f"/m/{mid}/cases/2").status_code == 404
    assert '<link rel="stylesheet" href="/assets/judging.css">' in page  # with its print stylesheet
    # once the match is finished (a penalty ends it) and public, anyone reads the case file
    r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "penalty"), "seat": "p2",
                                            "infraction": "Cheating", "case": "1"})
    assert r.status_code == 303 and matches.info(mid).status == "finished"
    assert client.get(f"/m/{mid}/cases/1").status_code == 200


def test_the_ruling_backup_and_appeal_through_the_forms_mark_the_move_list(app, client, matches, called):
    mid, p1 = called
    judge = signed_in(app, "judge", name="Jun")
    r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "ruling"), "case": "1", "answer": "No.",
                                            "rule": "カードの使用"})
    assert r.status_code == 303 and "recorded=8" in r.headers["Location"]
    panel = judge.get(r.headers["Location"]).get_data(as_text=True)
    assert "Recorded judge entry #8." in panel and 'data-testid="case-status-1">ruled' in panel
    # the backup form offers the case's step by default
    assert re.search(r'id="backup-to" name="to" inputmode="numeric" required value="6"', panel)
    r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "backup"), "to": "4", "case": "1"})
    assert r.status_code == 303, r.get_data(as_text=True)
    assert matches.entries(mid)[-1]["command"]["type"] == "backup"
    # the viewer: 5 and 6 (game entries) struck through, linking to the backup at #9; judge entries badged
    page = client.get(f"/m/{mid}").get_data(as_text=True)
    for seq in (5, 6):
        assert re.search(rf'class="move[^"]* superseded" id="mv-{seq}" data-step="{seq}" data-superseded-by="9"', page)
    assert not re.search(r'id="mv-7"[^>]*superseded', page)  # the call itself is not a game entry
    assert re.search(r'class="move judge-action" id="mv-8"', page) and "⚖ judge" in page
    assert f'href="/m/{mid}?step=9&amp;as=public" data-testid="superseded-by"' in page
    assert not re.search(r'id="mv-4"[^>]*superseded', page)
    # a step page of a superseded entry says so in its caption
    step5 = client.get(f"/m/{mid}", query_string={"step": 5}).get_data(as_text=True)
    assert 'data-testid="caption-superseded"' in step5
    # the htmx windows carry the marks too
    window = client.get(f"/m/{mid}/moves", query_string={"after": 4, "as": "public"},
                        headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'data-superseded-by="9"' in window and "<s>" in window
    # and so do the live rows of the event stream
    with app.test_request_context():
        frames = "".join(events.batch_frames(matches, mid, "public", 3, 9,
                                             lambda template, **ctx: render_template(template, **ctx)))
    assert 'data-superseded-by="9"' in frames
    # play resumes: the table offers commands again, and p1 may appeal the ruling
    table = p1.get(f"/m/{mid}/table").get_data(as_text=True)
    assert 'data-testid="appeal-1"' in table and "table paused" not in table


def test_a_penalty_defaults_to_the_events_table_and_a_game_loss_ends_the_match(app, matches):
    events_svc = EventService(app.extensions["kifu"].redis, matches)
    event = events_svc.create({"name": "Cup", "game": "holodelive", "rounds": 1,
                               "infractions": [{"name": "Marked Cards", "penalty": "game_loss"},
                                               {"name": "Slow Play", "penalty": "warning"}]}, by="admin")
    eid = event["id"]
    for name in ("Aoi", "Ren"):
        events_svc.register(eid, name, by="admin")
    events_svc.pair(eid, by="admin")
    mid = events_svc.state(eid)["rounds_played"][0]["tables"][0]["matches"][0]
    play(matches, mid, 2)
    judge = signed_in(app, "judge", name="Jun")
    panel = judge.get(f"/m/{mid}/judge").get_data(as_text=True)
    assert "Marked Cards — game loss" in panel and "Cheating" not in panel  # the event's table, not the default
    fields = panel_fields(judge, mid, "penalty")
    r = judge.post(f"/m/{mid}/judge", data={**fields, "seat": "p2", "infraction": "Unknown Thing"})
    assert r.status_code == 400 and "infraction table" in r.get_data(as_text=True)
    assert matches.info(mid).seq == 2
    r = judge.post(f"/m/{mid}/judge", data={**fields, "seat": "p2", "infraction": "Marked Cards", "penalty": ""})
    assert r.status_code == 303, r.get_data(as_text=True)
    assert matches.entries(mid)[-1]["command"]["penalty"] == "game_loss"
    info = matches.info(mid)
    assert info.status == "finished" and info.outcome["winners"] == ["p1"]
    viewer_page = judge.get(f"/m/{mid}").get_data(as_text=True)
    assert "penalty: game_loss for p2 (Marked Cards)" in viewer_page
    # a call on a finished match is refused at the panel, nothing written
    r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "call"), "question": "late?"})
    assert r.status_code in (409, 422) and "Nothing was recorded." in r.get_data(as_text=True)
    assert matches.info(mid).seq == 3
    # the event's case list (no case was opened here: the penalty stood alone)
    page = judge.get(f"/e/{eid}/cases").get_data(as_text=True)
    assert 'data-testid="no-cases"' in page


def test_the_events_case_list_links_its_matches_cases(app, client, matches):
    events_svc = EventService(app.extensions["kifu"].redis, matches)
    eid = events_svc.create({"name": "Cup", "game": "holodelive", "rounds": 1}, by="admin")["id"]
    for name in ("Aoi", "Ren"):
        events_svc.register(eid, name, by="admin")
    events_svc.pair(eid, by="admin")
    mid = events_svc.state(eid)["rounds_played"][0]["tables"][0]["matches"][0]
    judge = signed_in(app, "judge", name="Jun")
    r = judge.post(f"/m/{mid}/judge", data={**panel_fields(judge, mid, "call"), "step": "0",
                                            "question": "Deck registered?"})
    assert r.status_code == 303, r.get_data(as_text=True)
    page = judge.get(f"/e/{eid}/cases").get_data(as_text=True)
    assert f"/m/{mid}/cases/1" in page and "Deck registered?" in page
    public = client.get(f"/e/{eid}/cases").get_data(as_text=True)
    assert "case 1" in public and "Deck registered?" not in public and f"/m/{mid}/cases/1" not in public
    assert client.get("/e/nosuchevent0000/cases").status_code == 404


def test_the_panel_needs_a_judge_and_a_csrf_token(app, client, matches):
    mid = new_match(matches, 2)
    r = client.get(f"/m/{mid}/judge")
    assert r.status_code == 303 and r.headers["Location"].startswith("/signin")
    judge = signed_in(app, "judge", name="Jun")
    fields = panel_fields(judge, mid, "call")
    r = judge.post(f"/m/{mid}/judge", data={**fields, "csrf_token": "forged", "question": "?"})
    assert r.status_code == 400 and matches.info(mid).seq == 2
    r = client.post(f"/m/{mid}/judge", data={"type": "judge_call", "question": "?"})
    assert r.status_code == 400 and matches.info(mid).seq == 2  # no session, no CSRF token
