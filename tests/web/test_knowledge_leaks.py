"""No card named to a perspective that did not see it, through the service on the real
Redis: the live event stream's frames, the API's entries and a seat's legal list, and the
record export, for every game at every table, for the public and each seat
(``kifu.replays.kit.knowledge``); and the delayed ``broadcast`` (``kifu.service.broadcast``),
which shows the omniscient record up to its head on every surface and nothing after it.

The random games are those of ``tests/replays/kit/test_knowledge.py`` (hocg on its card
set of hand-resolved abilities, imported as an organizer would), recorded into a live
match command by command. Each ``moves`` and ``marker`` frame (one each per entry: ``id``
is its seq) names
no card the perspective's views of the states around that entry never showed; an export
a perspective is given names none in any entry, and one a match with hidden entries is
refused (``kifu.service.exports``: a record is never redacted). The matches are not made
public when they finish (a finished public match is everyone's, omniscient view and all).
"""
from __future__ import annotations

import html
import json
import re
import secrets

import pytest
from datetime import datetime, timedelta, timezone

from kifu.replays.rules import OMNISCIENT, PUBLIC, perspectives
from tests.replays.kit import test_knowledge as K
from tests.web.conftest import token
from tests.web.test_events import read_until
from tests.web.test_views import sign_in

SEED = "know-d"  #: its hocg game moves cards from the hand to the deck and out of ホロパワー
assert SEED in K.SEEDS
FRAME = re.compile(r"id: (\d+)\nevent: (moves|marker)\n((?:data: .*\n)*)")


def recorded(matches, game: str, table: str, tick=None) -> tuple[str, list[dict]]:
    """A live match of the bot game at ``table``; its id and the states before and after every entry
    (``tick()`` is called before each entry: a test's clock moves on)."""
    rules = K.rules_of(game)
    options, deal, commands = K.restated(game, SEED, table)
    cardset = None
    if game == "hocg":
        cardset = matches.cardsets.put(matches.game("hocg"), K.knowledge_data())[0].digest
    names = [f"P{i + 1}" for i in range(rules.seats[0])]
    # not public once finished (the default makes a finished match omniscient to everyone)
    info = matches.create(game, names, {}, table=table, cardset=cardset,
                          deal=deal, seed=SEED, public_when_finished=False)
    state = rules.setup(options, SEED, rules.seats[0], table=table, deal=deal)
    states = [state]
    for i, command in enumerate(commands):
        if tick is not None:
            tick()
        matches.submit(info.id, command, expected_seq=i, command_id=secrets.token_hex(8), actor=command["seat"],
                       by="knowledge")
        state = rules.apply(state, command)
        states.append(state)
    return info.id, states


def client_as(app, mid: str, perspective: str):
    """A client signed in as ``perspective``'s player (none for the public), and its API headers."""
    client = app.test_client()
    if perspective == "public":
        return client, {}
    tok = token(app, "player", name="P", match=mid, seat=perspective)
    sign_in(client, tok)
    return client, {"Authorization": f"Bearer {tok}"}


@pytest.mark.parametrize("table", K.TABLES)
@pytest.mark.parametrize("game", K.GAMES)
def test_no_frame_or_export_names_a_card_the_perspective_never_saw(app, matches, game, table):
    rules = K.rules_of(game)
    mid, states = recorded(matches, game, table)
    head = len(states) - 1
    found = []
    refused = 0
    for perspective in [p for p in perspectives(rules.seats[0]) if p != OMNISCIENT]:
        views = [rules.view(s, perspective) for s in states]
        client, headers = client_as(app, mid, perspective)
        stream = client.get(f"/m/{mid}/events?as={perspective}&after=0", buffered=False)
        assert stream.status_code == 200
        text = read_until(stream, f"id: {head}\nevent: marker", limit=4 * head + 10)
        stream.close()
        frames = [(int(seq), event, html.unescape("".join(line[6:] for line in data.splitlines())))
                  for seq, event, data in FRAME.findall(text)]
        assert [seq for seq, event, _ in frames if event == "moves"] == list(range(1, head + 1)), perspective
        for seq, event, data in frames:
            bad = K.Seen(rules, views[seq - 1], views[seq]).unseen_in_line(rules, data)
            if bad:
                found.append(f"{perspective} {event} frame {seq}: {sorted(bad)} in {data[-300:]!r}")
        entries = client.get(f"/api/matches/{mid}/entries?as={perspective}", headers=headers).get_json()["entries"]
        for item in entries:
            seen = K.Seen(rules, views[item["seq"] - 1], views[item["seq"]])
            bad = seen.unseen_in(rules, item["command"]) | seen.unseen_in_line(rules, item["describe"])
            if bad:
                found.append(f"{perspective} entry {item['seq']}: {sorted(bad)} in {item}")
        if perspective != "public" and table == "digital":  # the seat's own legal list at the head
            legal = client.get(f"/api/matches/{mid}/legal?as={perspective}", headers=headers).get_json()["commands"]
            bad = K.Seen(rules, views[head]).unseen_in(rules, legal)
            if bad:
                found.append(f"{perspective} legal at the head: {sorted(bad)}")
        export = client.get(f"/api/matches/{mid}/export", headers=headers)
        if export.status_code in (401, 403):
            refused += 1
            continue
        assert export.status_code == 200, export.get_data(as_text=True)
        entries = [json.loads(line) for line in export.get_data(as_text=True).splitlines()[1:]]
        assert len(entries) == head
        for entry in entries:
            seq = entry["seq"]
            bad = K.Seen(rules, views[seq - 1], views[seq]).unseen_in(rules, entry["command"])
            if bad:
                found.append(f"{perspective} export entry {seq}: {sorted(bad)} in {entry['command']}")
    assert not found, "\n".join(found[:20])
    if game == "hocg":  # its hand-resolved moves hide cards: the record of the live match is the judges'
        assert refused == len(perspectives(rules.seats[0])) - 1


#: each game at one table, every table by some game: the broadcast is the omniscient view, the same at
#: every table (how a table states its outcomes is the test above's, for every game at every table)
BROADCAST_CASES = [(game, K.TABLES[i % len(K.TABLES)]) for i, game in enumerate(K.GAMES)]


@pytest.mark.parametrize("game, table", BROADCAST_CASES)
def test_the_broadcast_shows_the_omniscient_record_to_its_head_and_nothing_after(app, matches, game, table):
    """A minute per entry and a delay of a third of the match's minutes: the broadcast
    head falls inside it, finished or not. On every surface the broadcast is exactly the
    omniscient record's prefix: no later entry, frame or state (nor a later entry's chain or
    state hash), no card that only a later step's omniscient view shows (and the public
    never saw)."""
    rules = K.rules_of(game)
    now = [datetime(2026, 12, 4, 9, 0, tzinfo=timezone.utc)]
    matches.clock = lambda: now[0]
    mid, states = recorded(matches, game, table, tick=lambda: now.__setitem__(0, now[0] + timedelta(minutes=1)))
    head = len(states) - 1
    anonymous = app.test_client()
    public_record = anonymous.get(f"/api/matches/{mid}/export").status_code == 200  # no hidden command in it
    minutes = min(180, max(1, head // 3))
    matches.set_broadcast(mid, {"minutes": minutes})
    upto = head - minutes  # entry s was appended at minute s, and "now" is the last entry's minute
    assert matches.as_seen(matches.info(mid), "broadcast").seq == upto > 0
    # every later entry's chain and state hash: a fingerprint of each state the delay hides
    marks = {value for entry in matches.entries(mid, upto + 1) for value in (entry["chain"], entry["state_hash"])}
    omni = [rules.view(s, OMNISCIENT) for s in states]
    before = K.Seen(rules, *omni[:upto + 1])
    public = K.Seen(rules, *[rules.view(s, PUBLIC) for s in states])
    later = K.Seen(rules, *omni[upto + 1:]).ids - before.ids - public.ids  # what only the delay hides
    judge = {"Authorization": f"Bearer {token(app, 'judge', name='J')}"}
    shown: list[str] = []

    state = anonymous.get(f"/api/matches/{mid}/state?as=broadcast").get_json()
    assert state["seq"] == upto
    assert state["view"] == anonymous.get(f"/api/matches/{mid}/state?as=omniscient&at={upto}",
                                          headers=judge).get_json()["view"]
    assert anonymous.get(f"/api/matches/{mid}/state?as=broadcast&at={upto + 1}").status_code == 400
    shown.append(json.dumps(state))
    entries = anonymous.get(f"/api/matches/{mid}/entries?as=broadcast").get_json()
    truth = anonymous.get(f"/api/matches/{mid}/entries?as=omniscient&to={upto}", headers=judge).get_json()
    assert entries["seq"] == upto and entries["entries"] == truth["entries"]
    shown.append(json.dumps(entries))
    assert anonymous.get(f"/api/matches/{mid}/legal?as=broadcast").status_code == 400  # a seat's, not the broadcast's
    export = anonymous.get(f"/api/matches/{mid}/export")
    assert export.status_code == 200
    lines = export.get_data(as_text=True).splitlines()
    if not public_record:  # else the public takes the whole record away anyway
        assert [json.loads(line)["seq"] for line in lines[1:]] == list(range(1, upto + 1))
        shown.append("\n".join(lines[1:]))
    page = anonymous.get(f"/m/{mid}?as=broadcast")
    assert page.status_code == 200 and f'data-step="{upto}"' in page.get_data(as_text=True)
    assert anonymous.get(f"/m/{mid}?as=broadcast&step={upto + 1}").status_code == 404
    shown.append(html.unescape(page.get_data(as_text=True)))
    stream = anonymous.get(f"/m/{mid}/events?as=broadcast&after=0", buffered=False)
    text = read_until(stream, f"id: {upto}\nevent: marker", limit=4 * upto + 10)
    text += read_until(stream, "never sent", limit=2)  # a heartbeat (or two) later: still nothing past it
    stream.close()
    frames = FRAME.findall(text)
    assert [int(seq) for seq, event, _ in frames if event == "moves"] == list(range(1, upto + 1))
    shown.append(html.unescape(text))
    for surface in shown:
        assert not {m for m in marks if m in surface}, "a state after the broadcast head shows"
        bad = {c for c in later if c in surface}
        assert not bad, f"{sorted(bad)[:5]} only shown after the broadcast head"
