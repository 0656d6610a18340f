"""The viewer's export link: the record for the signed-in session, by the API's own rule."""
from __future__ import annotations

import pytest

from kifu.replays import records
from kifu.replays.kit.cardset import load
from tests.web import toy
from tests.web.conftest import make_app, play, token
from tests.web.test_views import sign_in


class SecretToy(toy.Toy):
    """The toy game with face-down plays: a play names its card only to its own seat."""

    id = "toysecret"
    default_cardset = "toysecret-numbers"

    def demo_cardsets(self):
        # a set of its own (one digest is stored for one game)
        return [load(self.cardset_schema, {**toy.CARDS, "id": self.default_cardset})]

    def redact(self, before, command, after, perspective):
        if command["type"] == "play" and perspective not in (command["seat"], "omniscient"):
            return {k: v for k, v in command.items() if k != "card"}
        return command


SECRET = SecretToy()


@pytest.fixture
def app(redis_url):
    return make_app(redis_url, KIFU_GAMES=lambda: [toy.RULES, SECRET])


def live_secret_match(matches, moves: int = 4) -> str:
    mid = matches.create("toysecret", ["Aoi", "Hikari"], {"rounds": 3}).id
    play(matches, mid, moves)
    return mid


def test_a_judge_signed_in_on_the_web_exports_a_live_match_with_its_seed(app, client, matches, redis_client):
    mid = live_secret_match(matches)
    sign_in(client, token(app, "judge", name="Judge Ito"))
    r = client.get(f"/m/{mid}/export")
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.headers["Content-Disposition"] == f'attachment; filename="{mid}.kifu.jsonl"'
    assert r.mimetype == "application/x-ndjson" and "no-store" in r.headers["Cache-Control"]
    got = records.read_text(r.get_data(as_text=True))
    assert not got.errors and got.record.header["seed"] == matches.seed(mid)
    assert [e["command"] for e in got.record.entries] == [e["command"] for e in matches.entries(mid)]
    audit = redis_client.xrange("kifu:audit")
    assert audit[-1][1]["match"] == mid and audit[-1][1]["what"] == "export with seed"


def test_the_page_links_to_the_web_export_not_the_bearer_only_api(app, client, matches):
    mid = live_secret_match(matches)
    sign_in(client, token(app, "judge", name="Judge Ito"))
    page = client.get(f"/m/{mid}?as=omniscient").get_data(as_text=True)
    assert f'href="/m/{mid}/export"' in page and f"/api/matches/{mid}/export" not in page


@pytest.mark.parametrize("who, status, entry", [(None, 401, 2), ("player", 403, 4), ("recorder", 200, None)])
def test_a_live_record_with_hidden_plays_goes_only_to_who_can_read_every_entry(app, client, matches, who, status, entry):
    mid = live_secret_match(matches)
    if who == "player":
        sign_in(client, token(app, "player", name="Aoi", match=mid, seat="p1"))  # cannot read p2's play
    elif who == "recorder":
        sign_in(client, token(app, "recorder", name="Rec", match=mid))  # reads every seat
    r = client.get(f"/m/{mid}/export")
    assert r.status_code == status
    body = r.get_data(as_text=True)
    if status == 200:
        header = records.read_text(body).record.header
        assert "seed" not in header  # the seed stays secret while the match is live
    else:
        # an error page that says which entry is hidden (2: p1's face-down play; 4: p2's)
        assert "<!doctype html>" in body and f"entry {entry} records something hidden" in body


def test_web_and_api_exports_are_the_same_record(app, client, matches):
    mid = matches.create("toy", ["Aoi", "Hikari"], {"rounds": 1}).id
    play(matches, mid, 10)
    assert matches.info(mid).status == "finished"
    web = client.get(f"/m/{mid}/export")
    api = client.get(f"/api/matches/{mid}/export")
    assert web.status_code == api.status_code == 200
    assert web.get_data() == api.get_data()
    assert records.read_text(web.get_data(as_text=True)).record.header["seed"] == matches.seed(mid)


def test_export_of_a_malformed_or_unknown_match_is_404(client):
    assert client.get("/m/{x}/export").status_code == 404
    assert client.get("/m/" + "0" * 20 + "/export").status_code == 404
