"""A known hololive OCG event for the metagame's tests: eight players on the demo set's two
decks, three rounds paired elsewhere with fixed results, and the organizer naming two of
the 雪見ユキ players' decks ユキ改 (so three archetypes, mirrors included)."""
from __future__ import annotations

from kifu.replays.games.hocg import cards
from kifu.service.auth import Principal

YUKI = "雪見ユキ / 雪見ユキ"
AKARI = "炎堂アカリ / 炎堂アカリ"
KAI = "ユキ改"
ORGANIZER = Principal(role="admin", name="admin")
ROUNDS = [
    "table,player,player\n1,Y1,A1\n2,Y2,A2\n3,Y3,A3\n4,Y4,A4\n",
    "table,player,player\n1,Y1,Y3\n2,A1,A2\n3,Y2,Y4\n4,A3,A4\n",
    "table,player,player\n1,Y1,A2\n2,Y2,A1\n3,Y3,A4\n4,Y4,A3\n",
]
RESULTS = [
    "round,table,result\n1,1,1-0-0\n1,2,0-1-0\n1,3,1-0-0\n1,4,0-0-1\n",
    "round,table,result\n2,1,1-0-0\n2,2,1-0-0\n2,3,0-1-0\n2,4,0-1-0\n",
    "round,table,result\n3,1,0-1-0\n3,2,1-0-0\n3,3,0-1-0\n3,4,1-0-0\n",
]


def known_event(events, name: str = "Holo Meta Cup") -> str:
    """Create the event through ``events`` (an ``EventService``); its id."""
    eid = events.create({"name": name, "game": "hocg", "rounds": 3, "table": "physical"}, by="admin")["id"]
    rules = events.bound_rules("hocg", None)
    yuki, akari = cards.demo_decks(rules.cardset)
    for i in range(1, 5):
        events.register(eid, f"Y{i}", yuki, by="admin")
        events.register(eid, f"A{i}", akari, by="admin")
    for player in ("Y3", "Y4"):
        events.set_archetype(eid, player, KAI, by="admin")
    for tables, results in zip(ROUNDS, RESULTS):
        events.pair(eid, by="admin", tables=tables)
        events.import_results(eid, results, ORGANIZER)
    return eid
