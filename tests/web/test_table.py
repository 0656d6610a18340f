"""The recording table: legal commands of the signed-in seat, appends through the transact path."""
from __future__ import annotations

import json
import re

from tests.web.conftest import new_toy_match, token
from tests.web.test_views import sign_in


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)


def table_form(client, mid: str, **args) -> tuple[str, dict[str, str]]:
    page = client.get(f"/m/{mid}/table", query_string=args).get_data(as_text=True)
    fields = {k: hidden(page, k) for k in ("csrf_token", "expected_seq", "command_id")}
    return page, fields


def test_anonymous_is_sent_to_sign_in(client, matches):
    mid = new_toy_match(matches)
    r = client.get(f"/m/{mid}/table")
    assert r.status_code == 303 and r.headers["Location"].startswith("/signin?next=/m/")


def test_player_sees_only_its_seat_and_records_a_legal_command(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "player", name="Aoi", match=mid, seat="p1"))
    page, fields = table_form(client, mid)
    assert 'data-seat="p1"' in page and 'data-seat="p2"' not in page
    assert "p1 draws" in page and fields["expected_seq"] == "0"
    command = json.loads(re.search(r'name="command" value="([^"]+)"', page).group(1).replace("&#34;", '"'))
    assert command == {"seat": "p1", "type": "draw"}
    r = client.post(f"/m/{mid}/table", data={**fields, "command": json.dumps(command)})
    assert r.status_code == 303 and "recorded=1" in r.headers["Location"]
    assert matches.info(mid).seq == 1
    entry = matches.entries(mid)[0]
    assert entry["actor"] == "p1" and entry["by"] == "Aoi"
    # the same form posted again (a double click) records nothing new
    r = client.post(f"/m/{mid}/table", data={**fields, "command": json.dumps(command)})
    assert matches.info(mid).seq == 1
    page = client.get(f"/m/{mid}/table?recorded=1").get_data(as_text=True)
    assert "Recorded entry #1" in page and "p1 plays" in page


def test_illegal_command_is_refused_with_its_rule_and_nothing_written(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    _, fields = table_form(client, mid)
    bad = {"type": "play", "seat": "p1", "card": "n1"}
    r = client.post(f"/m/{mid}/table", data={**fields, "command": json.dumps(bad)}, headers={"HX-Request": "true"})
    assert r.status_code == 422
    body = r.get_data(as_text=True)
    assert "Refused by the rules" in body and "フェイズ/draw" in body and "<html" not in body
    assert 'data-testid="table-seq">0<' in body
    assert matches.info(mid).seq == 0


def test_malformed_and_forbidden_commands_write_nothing(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "player", name="Aoi", match=mid, seat="p1"))
    _, fields = table_form(client, mid)
    cases = [
        ("not json", 400), ('["a list"]', 400), ('{"type": "fly", "seat": "p1"}', 400),
        ('{"type": "draw", "seat": "p2"}', 403),
    ]
    for text, status in cases:
        r = client.post(f"/m/{mid}/table", data={**fields, "command": text})
        assert r.status_code == status, (text, r.get_data(as_text=True)[:400])
    assert client.post(f"/m/{mid}/table", data={"command": '{"type": "draw", "seat": "p1"}',
                                                 "expected_seq": "0", "command_id": "x" * 16}).status_code == 400
    assert matches.info(mid).seq == 0


def test_a_table_that_fell_behind_is_refused(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    _, fields = table_form(client, mid)
    matches.submit(mid, {"type": "draw", "seat": "p1"}, expected_seq=0, command_id="elsewhere01", by="api")
    r = client.post(f"/m/{mid}/table", data={**fields, "command": '{"type": "draw", "seat": "p1"}'})
    assert r.status_code == 409
    body = r.get_data(as_text=True)
    assert "The match moved on" in body and 'data-testid="table-seq">1<' in body
    assert matches.info(mid).seq == 1


def test_table_shows_waiting_and_other_seat(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "player", name="Hikari", match=mid, seat="p2"))
    page = client.get(f"/m/{mid}/table").get_data(as_text=True)
    assert "Waiting for p1" in page and 'name="command" value=' not in page


def test_spectator_token_may_not_open_the_table(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "annotator", name="Note"))
    assert client.get(f"/m/{mid}/table").status_code == 403
    other = new_toy_match(matches)
    sign_in(client, token(app, "player", name="Aoi", match=other, seat="p1"))
    assert client.get(f"/m/{mid}/table").status_code == 403


def test_live_refresh_of_a_table_at_the_head_is_empty(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    hx = {"HX-Request": "true"}
    assert client.get(f"/m/{mid}/table?seen=0", headers=hx).status_code == 204
    matches.submit(mid, {"type": "draw", "seat": "p1"}, expected_seq=0, command_id="elsewhere01", by="api")
    r = client.get(f"/m/{mid}/table?seen=0", headers=hx)
    assert r.status_code == 200 and 'data-testid="table-seq">1<' in r.get_data(as_text=True)
    assert 'id="match-head" class="match-head" hx-swap-oob="true"' in r.get_data(as_text=True)


def test_judge_records_as_judge_and_the_move_list_marks_it(app, client, matches):
    mid = new_toy_match(matches)
    sign_in(client, token(app, "judge", name="Judge Ito"))
    _, fields = table_form(client, mid)
    r = client.post(f"/m/{mid}/table", data={**fields, "command": '{"type": "draw", "seat": "p1"}'})
    assert r.status_code == 303
    entry = matches.entries(mid)[0]
    assert entry["actor"] == "judge" and entry["by"] == "Judge Ito"
    page = client.get(f"/m/{mid}?as=public").get_data(as_text=True)
    assert 'class="move current judge-action" id="mv-1"' in page and "judge action" in page


def test_a_finished_match_offers_nothing_to_record(app, client, matches):
    mid = new_toy_match(matches, rounds=1, moves=10)
    sign_in(client, token(app, "recorder", name="Rec", match=mid))
    page = client.get(f"/m/{mid}/table").get_data(as_text=True)
    assert "The match is over" in page and 'name="command"' not in page


def test_senbu_table_never_names_the_hidden_saniwa_during_the_declaration_window(app, client, matches):
    """千舞鱗鬼さがし ④: after a 周 the 審神者 may declare; other seats must not learn who may.

    The games are seeded (a random seed's roles sometimes end the game by a skill before
    any window opens): the first of a few seeds whose game reaches a silent window."""
    for game in range(20):
        info = matches.create("senbu_rinki", ["A", "B", "C", "D"], {}, tournament="web",
                              seed=f"declaration-window-{game}")
        rules, mid = info.rules, info.id
        for attempt in range(400):
            seq, state = matches.state(mid)
            saniwa = next(s for s, r in state["roles"].items() if r == "saniwa")
            public = rules.view(state, "public")["to_act"]
            if (state["declaration_open"] and saniwa not in public) or rules.outcome(state) is not None:
                break
            # play only what the table visibly awaits, never the 審神者's optional declaration
            options = [c for s in public for c in rules.legal(state, s) if c["type"] != "declare_victory"]
            command = options[attempt % len(options)]
            matches.submit(mid, command, expected_seq=seq, command_id=f"c{attempt}", actor=command["seat"], by="t")
        if rules.outcome(state) is None and state["declaration_open"] and saniwa not in public:
            break
    else:
        raise AssertionError("no game of 20 seeds reached a declaration window before it ended")
    onlooker = next(s for s in ("p1", "p2", "p3", "p4") if s != saniwa and s not in public)
    sign_in(client, token(app, "player", name="X", match=mid, seat=onlooker))
    page = client.get(f"/m/{mid}/table").get_data(as_text=True)
    status = re.search(r"to act: (.*?)</", page, re.S).group(0)
    assert all(s in status for s in public)
    assert f"seat-{saniwa}" not in status, "the table names the 審神者 to another seat"
    waiting = re.search(r'<p class="waiting">Waiting(.*?)</p>', page, re.S).group(1)
    assert saniwa not in waiting


def test_holodelive_negation_window_is_offered_to_the_other_seat_during_its_opponents_turn(app, client, matches):
    """ラミィ's window (カード効果補足): during one seat's turn the game awaits the other, whose table offers it."""
    from kifu.replays.demo import demo_record
    from kifu.replays.registry import demo

    rules = demo("holodelive")
    record = demo_record(rules, seed="negation", index=0)  # a bot game found to open the window
    info = matches.create("holodelive", ["A", "B"], record.header["options"], seed=record.header["seed"])
    for entry in record.entries:
        seq, state = matches.state(info.id)
        if state["pending"] and state["pending"]["kind"] == "lamy_window":
            break
        matches.submit(info.id, entry["command"], expected_seq=seq, command_id=f"c{seq}", by="t")
    else:
        raise AssertionError("the recorded game never opened ラミィ's window")
    active, window = state["active"], state["pending"]["seat"]
    assert active != window and rules.view(state, "public")["to_act"] == [window]
    with app.test_client() as active_client:  # the active seat is not asked: its table waits
        sign_in(active_client, token(app, "player", name="A", match=info.id, seat=active))
        active_page = table_form(active_client, info.id)[0]
        assert 'name="command" value=' not in active_page
        assert re.search(rf'<p class="waiting">Waiting for {window}\.</p>', active_page)
    sign_in(client, token(app, "player", name="B", match=info.id, seat=window))
    page, fields = table_form(client, info.id)
    offered = [json.loads(c.replace("&#34;", '"')) for c in re.findall(r'name="command" value="([^"]+)"', page)]
    assert {c["choice"] for c in offered} == {"negate", "pass"}
    r = client.post(f"/m/{info.id}/table", data={**fields, "command": json.dumps(
        {"type": "choose", "seat": window, "choice": "pass"})})
    assert r.status_code == 303 and matches.info(info.id).seq == seq + 1
