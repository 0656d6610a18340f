"""The organizer's, judges' and players' forms on the event pages (Flask client, real Redis):
each one writes through the event service; a refused one answers with its page again, the
error beside that form, the typed values kept, and nothing written; CSRF as everywhere."""
from __future__ import annotations

import re

import pytest

from kifu.service import auth
from kifu.service.tournaments import EventService
from kifu.service.tournaments.store import EventStore
from tests.service.api.conftest import dump
from tests.service.toy import RULES as TALLY_RULES
from tests.web.conftest import games, make_app
from tests.web.test_views import sign_in


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=lambda: [*games(), TALLY_RULES])
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def svc(app):
    kifu = app.extensions["kifu"]
    return EventService(kifu.redis, kifu.matches)


def client_as(app, role: str, **kw):
    client = app.test_client()
    sign_in(client, auth.create_token(app.extensions["kifu"].redis, role=role, **kw))
    return client, csrf_of(client)


def csrf_of(client) -> str:
    """The session's CSRF token as its pages carry it (signing in issues a fresh one)."""
    return re.search(r'name="csrf_token" value="([^"]+)"', client.get("/e/").get_data(as_text=True)).group(1)


def post(client, csrf: str, url: str, **data):
    return client.post(url, data={"csrf_token": csrf, **data})


def error_beside(page: str, form: str) -> str:
    """The error box that follows the form ``data-testid=<form>`` (before the next form)."""
    after = page.split(f'data-testid="{form}"', 1)[1].split("</form>", 1)[1]
    found = re.match(r'\s*<div class="error-box" role="alert" data-testid="error">(.*?)</div>', after, re.S)
    assert found, f"no error beside {form}"
    return found.group(1)


def test_organizer_forms_write_and_refusals_are_inline_and_write_nothing(app, svc):
    eid = svc.create({"name": "Form Cup", "game": "tally", "rounds": 2}, by="admin")["id"]
    admin, csrf = client_as(app, "admin", name="organizer")
    redis = app.extensions["kifu"].redis
    url = f"/e/{eid}"
    # registration with a deck list as card ids, staff, the infraction table, a deck correction
    assert post(admin, csrf, f"{url}/players", name="Aoi", deck="k1 k2 k3 k4").status_code == 303
    assert post(admin, csrf, f"{url}/players", name="Ren", deck='["k5", "k6", "k8", "k9"]').status_code == 303
    assert post(admin, csrf, f"{url}/staff", judges="Judge Sato\nJudge Ito", head_judge="Judge Sato").status_code == 303
    assert post(admin, csrf, f"{url}/infractions",
                infractions="Slow Play: game loss\nCheating: disqualification\n").status_code == 303
    assert post(admin, csrf, f"{url}/deck", name="Ren", deck="k5 k6 k8 k8").status_code == 303
    state = svc.state(eid)
    assert (state["judges"], state["head_judge"]) == (["Judge Sato", "Judge Ito"], "Judge Sato")
    assert state["infractions"] == [{"name": "Slow Play", "penalty": "game_loss"},
                                    {"name": "Cheating", "penalty": "disqualification"}]
    assert state["players"]["Aoi"]["deck"] == ["k1", "k2", "k3", "k4"]
    assert state["players"]["Ren"]["deck"] == ["k5", "k6", "k8", "k8"]
    page = admin.get(url).get_data(as_text=True)
    assert "Slow Play: game loss" in page and "Judge Ito" in page  # the forms show what is set
    # refusals: the page again, the error beside its form, the typed values kept, nothing written
    before = dump(redis)
    refusals = [
        ("infractions-form", {"infractions": "Slow Play: jail"}, 400, "penalty"),
        ("infractions-form", {"infractions": "no colon here"}, 400, "name: penalty"),
        ("deck-form", {"name": "Aoi", "deck": "k1 zz"}, 422, "zz"),  # the game's deck check
        ("register-form", {"name": "A/B", "deck": ""}, 400, "/"),
        ("register-form", {"name": "Aoi", "deck": ""}, 422, "already registered"),
        ("drop-form", {"name": "Nobody"}, 404, "Nobody"),
        ("staff-form", {"judges": "x" * 65, "head_judge": ""}, 400, "judges"),
    ]
    paths = {"infractions-form": "infractions", "deck-form": "deck", "register-form": "players",
             "drop-form": "drop", "staff-form": "staff"}
    for form, data, status, words in refusals:
        rv = post(admin, csrf, f"{url}/{paths[form]}", **data)
        assert rv.status_code == status, (form, data)
        page = rv.get_data(as_text=True)
        assert words in error_beside(page, form), (form, data)
        assert page.count('data-testid="error"') == 1  # beside that form only
        for value in data.values():
            if value and form != "drop-form":
                assert value in page  # kept in the form
    assert dump(redis) == before
    # late registration: labelled as such once round 1 is paired, plays from round 2
    assert post(admin, csrf, f"{url}/players", name="Mai", deck="k1 k2 k3 k4").status_code == 303
    svc.pair(eid, by="admin")
    assert "Late registration (plays from round 2)" in admin.get(url).get_data(as_text=True)
    assert post(admin, csrf, f"{url}/players", name="Sora", deck="k1 k2 k3 k4").status_code == 303
    assert svc.state(eid)["players"]["Sora"]["joined_round"] == 2
    assert post(admin, csrf, f"{url}/drop", name="Mai").status_code == 303
    assert svc.state(eid)["players"]["Mai"]["dropped"]
    # no CSRF token, or not the organizer: refused, nothing written
    before = dump(redis)
    assert admin.post(f"{url}/staff", data={"judges": "x"}).status_code == 400
    judge, judge_csrf = client_as(app, "judge", name="Judge Sato")
    rv = post(judge, judge_csrf, f"{url}/staff", judges="Me")
    assert rv.status_code == 403 and "organizer" in rv.get_data(as_text=True)  # the error page: not their form
    assert post(app.test_client(), "x", f"{url}/players", name="Yui").status_code == 400
    after = dump(redis)
    for key in [k for k in after if k.startswith("kifu:sess:") or k.startswith("kifu:tok:")]:
        after.pop(key), before.pop(key, None)
    assert after == before


def test_round_forms_results_reports_attach_and_tokens(app, svc):
    eid = svc.create({"name": "Round Cup", "game": "tally", "rounds": 1, "judges": ["Judge Sato"]}, by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai", "Sora"):
        svc.register(eid, name, by="admin")
    paired = svc.pair(eid, by="admin")
    url = f"/e/{eid}/r/1"
    t1, t2 = paired["tables"]
    tok1, tok2 = paired["tokens"]["1"], paired["tokens"]["2"]
    # table 1: a report of two games at a best-of-1 table is refused inline; then 1-0, both
    # players pasting their tokens
    anon = app.test_client()
    page = anon.get(url).get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert 'data-testid="report-with-token"' in page
    before = dump(app.extensions["kifu"].redis)
    rv = post(anon, csrf, f"{url}/report", table="1", wins_a="2", wins_b="0", draws="0", token=tok1["p1"])
    assert rv.status_code == 422 and "bo1" in rv.get_data(as_text=True)
    rv = post(anon, csrf, f"{url}/report", table="1", wins_a="1", wins_b="0", draws="0", token="kifu_nope")
    assert rv.status_code == 401
    rv = post(anon, csrf, f"{url}/report", table="1", wins_a="1", wins_b="0", draws="0", token=tok2["p1"])
    assert rv.status_code == 403  # a player of another table
    after = dump(app.extensions["kifu"].redis)
    assert {k: v for k, v in after.items() if not k.startswith("kifu:sess:")} == \
        {k: v for k, v in before.items() if not k.startswith("kifu:sess:")}
    for seat in ("p1", "p2"):
        rv = post(anon, csrf, f"{url}/report", table="1", wins_a="1", wins_b="0", draws="0", token=tok1[seat])
        assert rv.status_code == 303
    table1 = svc.summary(eid)["rounds"][0]["tables"][0]
    assert table1["result"]["source"] == "players" and table1["result"]["winner"] == t1["players"][0]
    # a signed-in player sees their table's forms open; their token for the current game
    player, pcsrf = client_as(app, "player", name=t2["players"][1], match=t2["matches"][0], seat="p2")
    page = player.get(url).get_data(as_text=True)
    assert 'data-testid="report-form-2"' in page and 'data-testid="result-form-2"' not in page
    rv = post(player, pcsrf, f"{url}/t/2/tokens")
    assert rv.status_code == 200 and "p2: kifu_" in rv.get_data(as_text=True)
    # a judge of the event: attach refused inline (no such match), then the result
    judge, jcsrf = client_as(app, "judge", name="Judge Sato")
    rv = post(judge, jcsrf, f"{url}/t/2/attach", match="notamatch")
    assert rv.status_code == 404 and "notamatch" in rv.get_data(as_text=True)
    assert 'value="notamatch"' in rv.get_data(as_text=True)
    rv = post(judge, jcsrf, f"{url}/t/2/result", wins_a="0", wins_b="1", draws="0")
    assert rv.status_code == 303
    table2 = svc.summary(eid)["rounds"][0]["tables"][1]
    assert table2["result"]["winner"] == t2["players"][1] and table2["result"]["source"] == "judge"
    other, ocsrf = client_as(app, "judge", name="Judge Other")
    assert post(other, ocsrf, f"{url}/t/1/result", wins_a="1", wins_b="0", draws="0").status_code == 403


def test_a_physical_tables_recorder_creates_its_game_from_the_round_page(app, svc):
    eid = svc.create({"name": "Floor Cup", "game": "tally", "rounds": 1, "table": "physical"}, by="admin")["id"]
    decks = {"Aoi": ["k1", "k2", "k3", "k4"], "Ren": ["k5", "k6", "k8", "k9"]}
    for name, deck in decks.items():
        svc.register(eid, name, deck, by="admin")
    paired = svc.pair(eid, by="admin")
    a, b = paired["tables"][0]["players"]
    recorder, csrf = client_as(app, "recorder", name="floor", match=f"{eid}:r1:t1")
    page = recorder.get(f"/e/{eid}/r/1").get_data(as_text=True)
    assert 'data-testid="game-form-1"' in page and "waiting for the recorder" in page
    rv = post(recorder, csrf, f"/e/{eid}/r/1/t/1/game", deal="k9 k9 k9 k5 k6 k8")
    assert rv.status_code == 422 and "k9 k9 k9 k5 k6 k8" in rv.get_data(as_text=True)
    assert svc.state(eid)["rounds_played"][0]["tables"][0]["matches"] == []
    rv = post(recorder, csrf, f"/e/{eid}/r/1/t/1/game", deal=" ".join([*decks[a][:3], *decks[b][:3]]))
    assert rv.status_code == 200 and "recorder: kifu_" in rv.get_data(as_text=True)
    (mid,) = svc.state(eid)["rounds_played"][0]["tables"][0]["matches"]
    assert app.extensions["kifu"].matches.info(mid).header["table"] == "physical"
    board = recorder.get(f"/e/{eid}/r/1").get_data(as_text=True)
    assert 'data-testid="mini-board-1"' in board


def test_the_events_link_is_on_every_page(app):
    page = app.test_client().get("/").get_data(as_text=True)
    assert 'data-testid="events-link"' in page and 'href="/e/"' in page


def test_a_round_paired_elsewhere_and_results_in_bulk_through_the_event_page(app, svc):
    """Issue 25 item 1 on the web: the organizer pastes a round's tables and its results."""
    eid = svc.create({"name": "Paper Cup", "game": "tally", "rounds": 2, "table": "physical"}, by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai"):
        svc.register(eid, name, by="admin")
    admin, csrf = client_as(app, "admin", name="organizer")
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    refused = post(admin, csrf, f"/e/{eid}/pair-external", tables="1,Aoi,Rem\n2,Mai\n")
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "no player &#39;Rem&#39; is registered" in error_beside(page, "external-form")
    assert "not at any table: Ren" in page and "1,Aoi,Rem" in page  # the typed text kept
    assert dump(redis) == before
    paired = post(admin, csrf, f"/e/{eid}/pair-external", tables="1,aoi,#2\n2,Mai\n")
    assert paired.status_code == 200 and svc.state(eid)["rounds_played"][0]["external"]
    bad = post(admin, csrf, f"/e/{eid}/results", results="round,table,result\n1,1,1-1-0\n")
    assert bad.status_code == 422 and "both players cannot have won" in error_beside(
        bad.get_data(as_text=True), "results-form")
    assert post(admin, csrf, f"/e/{eid}/results", results="round,table,result\n1,1,0-1-0\n1,2,bye\n"
                ).status_code == 303
    rows = {r["player"]: r for r in svc.summary(eid)["standings"]}
    assert rows["Ren"]["record"] == "1-0-0" and rows["Mai"]["byes"] == 1


def test_a_judge_enters_a_pods_places_and_the_organizer_names_an_archetype(app, svc):
    eid = svc.create({"name": "Stone Night", "game": "rolling_stone", "rounds": 1, "table": "physical"},
                     by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai", "Sora"):
        svc.register(eid, name, by="admin")
    svc.pair(eid, by="admin")
    admin, csrf = client_as(app, "admin", name="organizer")
    page = admin.get(f"/e/{eid}/r/1").get_data(as_text=True)
    assert 'data-testid="result-form-1"' in page and page.count('name="place"') == 4
    refused = post(admin, csrf, f"/e/{eid}/r/1/t/1/result", place=["1", "1", "2", "3"])
    assert refused.status_code == 422 and "places rank" in error_beside(refused.get_data(as_text=True),
                                                                       "result-form-1")
    assert post(admin, csrf, f"/e/{eid}/r/1/t/1/result", place=["2", "1", "4", "3"]).status_code == 303
    pod = svc.state(eid)["rounds_played"][0]["tables"][0]["players"]
    points = {r["player"]: r["points"] for r in svc.summary(eid)["standings"]}
    assert [points[p] for p in pod] == [2, 4, 0, 1]
    # the metagame page's archetype form (a game without deck lists: every player "(no list)")
    meta = admin.get(f"/e/{eid}/metagame").get_data(as_text=True)
    assert "(no list)" in meta and 'data-testid="archetype-form"' in meta
    assert post(admin, csrf, f"/e/{eid}/archetype", player="Aoi", archetype="Blue dice").status_code == 303
    assert "Blue dice" in app.test_client().get(f"/e/{eid}/metagame").get_data(as_text=True)


def test_a_pod_events_results_in_bulk_through_the_event_page(app, svc):
    """Issue 25 for pods on the web: the event page asks a pod event for places, refuses a bad
    row inline (nothing written) and enters the pasted places."""
    eid = svc.create({"name": "Stone Cup", "game": "rolling_stone", "rounds": 1, "table": "physical"},
                     by="admin")["id"]
    for name in ("Aoi", "Ren", "Mai", "Sora"):
        svc.register(eid, name, by="admin")
    admin, csrf = client_as(app, "admin", name="organizer")
    assert post(admin, csrf, f"/e/{eid}/pair-external", tables="1,Aoi,Ren,Mai,Sora\n").status_code == 200
    page = admin.get(f"/e/{eid}").get_data(as_text=True)
    assert "<code>round,table,places</code>" in page and "round,table,result</code>" not in page
    redis = app.extensions["kifu"].redis
    before = dump(redis)
    bad = post(admin, csrf, f"/e/{eid}/results", results="round,table,players,places\n1,1,Aoi;Ren;Mai;Kai,1;2;3;4\n")
    assert bad.status_code == 422 and "no player &#39;Kai&#39; is registered" in error_beside(
        bad.get_data(as_text=True), "results-form")
    assert dump(redis) == before
    assert post(admin, csrf, f"/e/{eid}/results",
                results="round,table,players,places\n1,1,Sora;Mai;Ren;Aoi,1;2;3;4\n").status_code == 303
    points = {r["player"]: r["points"] for r in svc.summary(eid)["standings"]}
    assert points == {"Sora": 4, "Mai": 2, "Ren": 1, "Aoi": 0}
