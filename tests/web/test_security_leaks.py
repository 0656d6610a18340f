"""Hidden information through the web's plumbing, for both real games: the move list of
the viewer, the live event stream and the API's entries give a perspective exactly the
lines ``Rules.describe`` writes for it, never the omniscient line where the two differ
(a looked-at 役 in 千舞鱗鬼さがし, a drawn card in HOLOdeLIVE), and the seed stays out of
everything while the match is live."""
from __future__ import annotations

import json
import secrets

import pytest

from kifu.replays import engine, registry
from kifu.replays.demo import demo_record
from tests.web.conftest import token
from tests.web.test_events import read_until

GAMES = ("holodelive", "senbu_rinki")


def live_copy(matches, game: str, index: int):
    """A live match replaying a demo record's commands (all but the last), with its seed."""
    rules = registry.demo(game)
    record = demo_record(rules, seed="redteam", index=index)
    header = record.header
    info = matches.create(game, [s["name"] for s in header["seats"]], header["options"], seed=header["seed"],
                          cardset=header["cardset"]["digest"])
    for entry in record.entries[:-1]:
        matches.submit(info.id, entry["command"], expected_seq=entry["seq"] - 1, command_id=secrets.token_hex(8),
                       actor=entry["actor"], by="redteam")
    return rules, record, info.id


def secret_lines(rules, record, perspective: str) -> list[tuple[str, str]]:
    """(omniscient line, the line ``perspective`` is told) where they differ (all but the last entry)."""
    state = engine.initial_state(rules, record.header, record.header["seed"])
    out = []
    for entry in record.entries[:-1]:
        command = entry["command"]
        after = rules.apply(state, command)
        secret, told = (rules.describe(state, command, after, "omniscient"),
                        rules.describe(state, command, after, perspective))
        if secret != told:
            out.append((secret, told))
        state = after
    return out


@pytest.mark.parametrize("game,index", [("holodelive", 0), ("senbu_rinki", 0), ("senbu_rinki", 1)])
@pytest.mark.parametrize("perspective", ["public", "p1"])
def test_no_page_stream_or_entry_tells_a_perspective_the_omniscient_line(app, client, matches, game, index,
                                                                          perspective):
    rules, record, mid = live_copy(matches, game, index)
    head = len(record.entries) - 1
    secrets_ = secret_lines(rules, record, perspective)
    assert secrets_, f"the {game} demo must hide something from {perspective} for this test to mean anything"
    headers = {}
    if perspective != "public":
        tok = token(app, "player", name="P", match=mid, seat=perspective)
        headers = {"Authorization": f"Bearer {tok}"}
        from tests.web.test_views import sign_in
        sign_in(client, tok)
    page = client.get(f"/m/{mid}?as={perspective}").get_data(as_text=True)
    stream = client.get(f"/m/{mid}/events?as={perspective}&after=0", buffered=False)
    assert stream.status_code == 200
    events = read_until(stream, f"id: {head}\nevent: marker", limit=4 * head + 10)
    stream.close()
    assert f"id: {head}\nevent: marker" in events
    entries = client.get(f"/api/matches/{mid}/entries?as={perspective}", headers=headers).get_data(as_text=True)
    for where, text in (("viewer", page), ("events", events), ("entries", entries)):
        for secret, told in secrets_:
            assert secret not in text, (where, secret)
            # the search does see lines: the perspective's own line is there
            assert told in text or json.dumps(told, ensure_ascii=False)[1:-1] in text, (where, told)
        assert record.header["seed"] not in text, where
    # the entries carry the redacted commands, exactly
    state = engine.initial_state(rules, record.header, record.header["seed"])
    for item, entry in zip(json.loads(entries)["entries"], record.entries):
        after = rules.apply(state, entry["command"])
        assert item["command"] == rules.redact(state, entry["command"], after, perspective)
        state = after


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_of_a_live_match_is_nowhere(app, client, matches, game):
    rules, record, mid = live_copy(matches, game, 0)
    seed = record.header["seed"]
    tok = token(app, "recorder", name="R", match=mid)
    auth = {"Authorization": f"Bearer {tok}"}
    for path in (f"/api/matches/{mid}", f"/api/matches/{mid}/state", f"/api/matches/{mid}/state?as=p1",
                 f"/api/matches/{mid}/entries?as=p2", f"/api/matches/{mid}/legal?as=p1", f"/api/matches/{mid}/export",
                 "/api/matches", "/api/openapi.json"):
        rv = client.get(path, headers=auth)
        assert seed not in rv.get_data(as_text=True) and seed not in str(rv.headers), path
    from tests.web.test_views import sign_in
    sign_in(client, tok)
    for path in (f"/m/{mid}", f"/m/{mid}?as=p1&step=0", f"/m/{mid}/table", "/"):
        rv = client.get(path)
        assert rv.status_code == 200, path
        assert seed not in rv.get_data(as_text=True), path
