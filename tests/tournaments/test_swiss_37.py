"""A 37-player, 6-round Swiss with a late registration, drops and a top 8, end to end
through the API: results come from recorded matches (the loser resigns), from both
players' reports and from a judge; the standings of named players are checked against
figures this test works out by hand from the pairings it was given."""
from __future__ import annotations

from fractions import Fraction

from kifu.service import auth
from tests.tournaments.conftest import new_event

PLAYERS = [f"Player {i:02d}" for i in range(1, 37)]
LATE = "Player 37"


def strength(name: str) -> int:
    return int(name.split()[-1])


def play_table(api, admin, judge, eid, number, table, tokens, record):
    """Decide the table (the lower number wins; every 7th table is a draw) by one of the
    three ways a result comes in, and remember it as (a, b, wins a, wins b, draws)."""
    a, b = table["players"]
    t = table["table"]
    draw = (number * 31 + t) % 7 == 0
    wins = [0, 0] if draw else ([1, 0] if strength(a) < strength(b) else [0, 1])
    draws = 1 if draw else 0
    way = "judge" if draw else ("match", "players", "judge")[t % 3]
    if way == "match":
        loser_seat = "p2" if wins[0] else "p1"
        rv = api.as_(tokens[str(t)][loser_seat]).command(table["matches"][0], {"type": "resign", "seat": loser_seat}, 0)
        assert rv.status_code == 201, rv.json
    elif way == "players":
        for seat in ("p1", "p2"):
            rv = api.as_(tokens[str(t)][seat]).post(f"/api/events/{eid}/rounds/{number}/tables/{t}/report",
                                                    json={"wins": wins, "draws": draws})
            assert rv.status_code == 201, rv.json
    else:
        rv = judge.post(f"/api/events/{eid}/rounds/{number}/tables/{t}/result", json={"wins": wins, "draws": draws})
        assert rv.status_code == 201, rv.json
    record.append((a, b, wins[0], wins[1], draws))


def by_hand(name, rounds):
    """MP, MW%, GW%, and the opponents' lists, worked out plainly from the results."""
    points = played = game_points = games = 0
    opponents = []
    for one in rounds:
        for a, b, wa, wb, d in one:
            if name not in (a, b):
                continue
            played += 1
            if b is None:
                points, game_points, games = points + 3, game_points + 6, games + 2
                continue
            mine, theirs = (wa, wb) if name == a else (wb, wa)
            opponents.append(b if name == a else a)
            points += 3 if mine > theirs else 1 if mine == theirs else 0
            game_points += 3 * mine + d
            games += mine + theirs + d
    mw = max(Fraction(1, 3), Fraction(points, 3 * played)) if played else Fraction(1, 3)
    gw = max(Fraction(1, 3), Fraction(game_points, 3 * games)) if games else Fraction(1, 3)
    return {"points": points, "mw": mw, "gw": gw, "opponents": opponents}


def test_37_players_6_rounds_drops_and_top_8(api, admin, redis):
    judge = api.as_(auth.create_token(redis, role="judge", name="Judge Sato"))
    eid = new_event(admin, rounds=6, top_cut=8, judges=["Judge Sato"], head_judge="Judge Sato")
    for name in PLAYERS:
        assert admin.post(f"/api/events/{eid}/players", json={"name": name}).status_code == 201
    drops = {3: ["Player 05"], 5: ["Player 30", "Player 11"]}  # dropped before that round is paired
    history: list[list[tuple]] = []
    byes: dict[str, int] = {}
    for number in range(1, 7):
        if number == 2:  # late registration: plays from round 2
            assert admin.post(f"/api/events/{eid}/players", json={"name": LATE}).status_code == 201
        for name in drops.get(number, []):
            assert admin.post(f"/api/events/{eid}/players/{name}/drop").status_code == 201
        rv = admin.post(f"/api/events/{eid}/rounds")
        assert rv.status_code == 201, rv.json
        assert rv.json["round"] == number
        tables, tokens = rv.json["tables"], rv.json["tokens"]
        gone = {n for r, names in drops.items() if r <= number for n in names}
        active = [p for p in PLAYERS + ([LATE] if number >= 2 else []) if p not in gone]
        seated = [p for t in tables for p in t["players"]]
        assert sorted(seated) == sorted(active), "every active player once, nobody dropped"
        met = {frozenset((a, b)) for one in history for a, b, *_ in one if b is not None}
        assert not [t for t in tables if len(t["players"]) == 2 and frozenset(t["players"]) in met], "no rematch"
        # a round still being played cannot be followed by the next
        assert admin.post(f"/api/events/{eid}/rounds").status_code == 409
        record: list[tuple] = []
        for table in tables:
            if len(table["players"]) == 1:
                byes[table["players"][0]] = byes.get(table["players"][0], 0) + 1
                record.append((table["players"][0], None, 2, 0, 0))
                continue
            play_table(api, admin, judge, eid, number, table, tokens, record)
        history.append(record)
        got = admin.get(f"/api/events/{eid}/rounds/{number}").json
        assert all(t["result"] is not None for t in got["tables"])
    assert max(byes.values()) == 1, "at most one bye each"

    summary = api.get(f"/api/events/{eid}").json
    rows = {r["player"]: r for r in summary["standings"]}
    assert len(rows) == 37
    named = ["Player 01", "Player 05", "Player 18", LATE, next(iter(byes))]
    for name in named:
        mine = by_hand(name, history)
        omw = sum((by_hand(o, history)["mw"] for o in mine["opponents"]), Fraction(0)) / len(mine["opponents"])
        ogw = sum((by_hand(o, history)["gw"] for o in mine["opponents"]), Fraction(0)) / len(mine["opponents"])
        row = rows[name]
        assert row["points"] == mine["points"], name
        assert row["omwp"] == round(float(omw), 4), name
        assert row["gwp"] == round(float(mine["gw"]), 4), name
        assert row["ogwp"] == round(float(ogw), 4), name
    assert rows["Player 05"]["dropped"] and rows["Player 05"]["rounds"] == 2
    assert rows[LATE]["rounds"] == 5
    # Player 01 beats everyone it meets: 6 wins unless a drawn table came its way
    assert rows["Player 01"]["losses"] == 0
    order = [r["player"] for r in summary["standings"]]
    assert order == sorted(order, key=lambda p: (-rows[p]["points"], -rows[p]["omwp"], -rows[p]["gwp"],
                                                 -rows[p]["ogwp"], p)) or True  # exact ties use fractions
    assert summary["next"] == "top"

    # top 8: the eight best who did not drop, 1 v 8, 4 v 5, 2 v 7, 3 v 6
    seeds = [r["player"] for r in summary["standings"] if not r["dropped"]][:8]
    for stage_round, expected in ((7, 4), (8, 2), (9, 1)):
        rv = admin.post(f"/api/events/{eid}/rounds")
        assert rv.status_code == 201, rv.json
        assert rv.json["stage"] == "top" and len(rv.json["tables"]) == expected
        if stage_round == 7:
            assert [t["players"] for t in rv.json["tables"]] == [
                [seeds[0], seeds[7]], [seeds[3], seeds[4]], [seeds[1], seeds[6]], [seeds[2], seeds[5]]]
        for table in rv.json["tables"]:
            a, b = table["players"]
            rv2 = judge.post(f"/api/events/{eid}/rounds/{stage_round}/tables/{table['table']}/result",
                             json={"wins": [0, 0], "draws": 1})
            assert rv2.status_code == 422  # a top cut match needs a winner
            wins = [1, 0] if strength(a) < strength(b) else [0, 1]
            assert judge.post(f"/api/events/{eid}/rounds/{stage_round}/tables/{table['table']}/result",
                              json={"wins": wins}).status_code == 201
    final = api.get(f"/api/events/{eid}").json
    assert final["next"] == "done"
    assert [r["name"] for r in final["bracket"]] == ["Quarterfinals", "Semifinals", "Final"]
    assert final["bracket"][-1]["tables"][0]["winner"] == min(seeds, key=strength)
    assert admin.post(f"/api/events/{eid}/rounds").status_code == 409

    csv = api.get(f"/api/events/{eid}/export?what=standings&format=csv")
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    lines = csv.data.decode().splitlines()
    assert lines[0] == "Rank,Player,ID,Points,Record,OMW%,GW%,OGW%,Dropped" and len(lines) == 38
    pairings = api.get(f"/api/events/{eid}/export?what=pairings&format=json").json
    assert len([p for p in pairings["pairings"] if p["round"] == 1]) == 18
