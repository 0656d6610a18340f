"""Events as a service: decide an organizer's entry on the folded state, then append it.

Every write reads the event's entries, folds them (``fold``), checks the request
against that state, and appends one entry with the seq it decided on (``EventStore``):
a concurrent change is a 409 ``conflict`` and nothing is written. Checks come before
any write.

Games of tables. A pairing is appended before any of its matches exists, so two
organizers pairing at once leave one round and no stray match (the refused one created
nothing). The matches come after, from one routine, ``ensure_games``, which any read of
the event runs too (``summary``): it creates each *due* game (``results.due_game``: a
digital table's first game, the next game of a best-of-3 table whose finished games
decide nothing) once, whoever else asks at the same time, and attaches the new games in
one ``games`` entry. Each game is claimed first with a lease (``EventStore.claim``); the
claimer looks again, creates the match and appends at the seq it read, retrying while
the table still lacks that game. A match is left unattached only if its creator stalled
past the lease and another caller filled the slot; its header still names the table.
Tokens are not tied to creation: ``pair`` and ``sync`` hand out the tokens of the games
they see, and ``tokens`` gives a table's current game's tokens to its players (with any
token of the table), its recorder, the judges and the organizer.

Physical and observed events (decided here): the match service needs a physical
table's deal when the match is created, and only the recorder at the table knows it.
So pairing creates no match there; it gives every table a recorder token and each
player a player token, bound to the table itself (``table_handle``: never a match id,
so they record nothing and see only what the public sees). The table's recorder creates
each game through the event with the deal (``create_game``, ``POST .../games``): the
match is created at the event's table kind with the registered deck lists and attached
to the table at once, and the answer holds a recorder token for it. Players report the
table's result with their table tokens (``report``); a judge enters it where nobody
records; a record made elsewhere can still be attached (``attach``).

Reading an event combines its fold with its matches' outcomes (``MatchService.info``):
``summary`` gives every round's tables with their results (``results``), the standings
of the Swiss rounds (``standings``), the top cut (``bracket``) and what is pending.
"""
from __future__ import annotations

import json
import re
import time
from collections import Counter
from datetime import datetime, timezone
from typing import Any, Callable, Mapping, Sequence

from marshmallow import ValidationError

from kifu.replays import canon
from kifu.replays.demo import iso
from kifu.replays.rules import seat_ids
from kifu.service import auth, broadcast, decktext, keys
from kifu.service.cardsets import DIGEST, default_set, demo_sets
from kifu.service.regulations import regulation_day
from kifu.service.errors import (BadRequest, Conflict, DeckProblem, Forbidden, NotFound, ServiceError, UnknownCardSet,
                            Unprocessable)
from kifu.service.text import is_line
from kifu.service.tournaments import bracket, decks, imports, metagame, pods, results, swiss
from kifu.service.tournaments.fold import (
    FORMATS, PENALTIES, TABLES, active_players, find_table, fold, seat_of,
)
from kifu.service.tournaments.standings import standings as rank
from kifu.service.tournaments.store import EventStore, check_event_id, new_event_id

MAX_NAME = 64
MAX_ROUNDS = 20
CUTS = (0, 2, 4, 8, 16, 32)
PLAYER = re.compile(r"^[^/\x00-\x1f\x7f]{1,64}$")
#: the ``by`` of the games kifu creates on its own (a read saw a table needing one)
SYSTEM = "kifu"
#: how long a claim on creating one game holds (far longer than creating a match takes)
LEASE_MS = 60_000
APPEND_TRIES = 20
AWAIT_SECONDS = 5.0


class NotReady(ServiceError):
    """The event is not ready for this yet (a round still playing, nothing left to pair)."""

    status = 409
    error = "not_ready"


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _name(field: str, value: Any, *, limit: int = MAX_NAME) -> str:
    # service.text's rule, which the OpenAPI document publishes as the names' pattern
    if not is_line(value) or len(value) > limit:
        raise BadRequest({field: [f"one line of text, 1 to {limit} characters"]})
    return value.strip()


def _player_name(value: Any) -> str:
    name = _name("name", value)
    if not PLAYER.match(name):
        raise BadRequest({"name": ["a player's name has no '/' and no control characters"]})
    return name


def check_infractions(value: Any) -> list[dict[str, str]]:
    """An infraction table: ``[{"name", "penalty"}]``, names unique, penalties known."""
    if not isinstance(value, list) or not 1 <= len(value) <= 100:
        raise BadRequest({"infractions": ["a list of 1 to 100 {name, penalty}"]})
    out, seen = [], set()
    for i, item in enumerate(value):
        if not isinstance(item, Mapping) or set(item) != {"name", "penalty"}:
            raise BadRequest({"infractions": [f"item {i}: exactly name and penalty"]})
        name = _name("infractions", item["name"], limit=100)
        if item["penalty"] not in PENALTIES:
            raise BadRequest({"infractions": [f"item {i}: penalty is one of {', '.join(PENALTIES)}"]})
        if name.casefold() in seen:
            raise Unprocessable({"infractions": [f"item {i}: {name!r} is listed twice"]})
        seen.add(name.casefold())
        out.append({"name": name, "penalty": item["penalty"]})
    return out


def _staff(judges: Any, head_judge: Any) -> tuple[list[str], str | None]:
    if not isinstance(judges, list) or len(judges) > 100:
        raise BadRequest({"judges": ["a list of judges' token names"]})
    names = [_name("judges", j) for j in judges]
    head = None if head_judge is None else _name("head_judge", head_judge)
    return names, head


def table_handle(eid: str, number: int, table: int) -> str:
    """What the tokens of a table without a match are bound to (``Principal.match``):
    ``<eid>:r<round>:t<table>``, never a match id (``kifu.service.ids`` refuses a ``:``), so
    such a token records nothing and sees the public views of matches; the event reads it."""
    return f"{eid}:r{number}:t{table}"


def seating(players: Sequence[str], game: int) -> tuple[str, ...]:
    """Who is ``p1`` and ``p2`` in a table's ``game``-th game (1-based): the players take
    turns, the table's first player first (card games let the previous game's loser
    choose; kifu simply alternates so that each player is ``p1`` in turn). A pod (three
    or more) sits in its order, which its pairing balanced (``pods.pair``)."""
    if len(players) != 2:
        return tuple(players)
    a, b = players
    return (a, b) if game % 2 else (b, a)


def find_round(state: Mapping[str, Any], number: int) -> dict[str, Any]:
    return next(r for r in state["rounds_played"] if r["number"] == number)


def _enter_once(found: dict[tuple[int, int], dict[str, Any]], problems: list[str], where: str,
                row: Mapping[str, Any], **result: Any) -> None:
    """A bulk import's result for its table, unless the import lists that table twice."""
    key = (row["round"], row["table"])
    if key in found:
        problems.append(f"{where} is listed twice")
    else:
        found[key] = {"round": row["round"], "table": row["table"], **result}


class EventService:
    """Create, run and read events over one Redis client and the match service."""

    def __init__(self, client: Any, matches: Any, *, clock: Callable[[], datetime] = _now):
        self.store = EventStore(client)
        self.client = client
        self.matches = matches
        self.clock = clock

    # -- reading -------------------------------------------------------------------------

    def state(self, eid: str) -> dict[str, Any]:
        """The folded state (``NotFound`` for no such event)."""
        found = fold(self.store.entries(check_event_id(eid)))
        if not found:
            raise NotFound(f"no event {eid}")
        return found

    def list(self, limit: int = 100) -> list[dict[str, Any]]:  # noqa: A003
        out = []
        for eid in self.store.ids(limit):
            s = self.state(eid)
            out.append({"id": eid, "name": s["name"], "game": s["game"], "format": s["format"],
                        "players": len(s["order"]), "rounds": s["rounds"], "round": len(s["rounds_played"]),
                        "stage": s["stage"], "created": s["created"]})
        return out

    def outcomes(self, state: Mapping[str, Any], number: int | None = None) -> dict[str, Any]:
        """Every match of the event (of round ``number`` only, if given) -> its outcome
        (None while live). One round trip: the outcome field of each match's meta hash
        (``kifu.service.store``), as ``MatchInfo.outcome`` reads it."""
        mids = [mid for played in state["rounds_played"] if number is None or played["number"] == number
                for table in played["tables"] for mid in table["matches"]]
        pipe = self.client.pipeline(transaction=False)
        for mid in mids:
            pipe.hget(keys.meta(mid), "outcome")
        out = {}
        for mid, raw in zip(mids, pipe.execute() if mids else []):
            raw = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            out[mid] = json.loads(raw) if raw else None
        return out

    def rounds(self, state: Mapping[str, Any], outcomes: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Every round with each table's games and result."""
        out = []
        pod = state.get("pods")
        for played in state["rounds_played"]:
            tables = []
            for table in played["tables"]:
                tables.append({
                    "table": table["table"], "players": table["players"], "feature": table["feature"],
                    "matches": table["matches"], "seats": table["seats"],
                    "games": results.games(table, outcomes) if len(table["players"]) >= 2 else [],
                    "result": (pods.table_result(table, outcomes, pod) if pod else
                               results.table_result(table, outcomes, state["format"])),
                    "reported": sorted(table["reports"]),
                })
            out.append({"number": played["number"], "stage": played["stage"], "tables": tables,
                        "complete": all(t["result"] is not None for t in tables)})
        return out

    def standings(self, state: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The Swiss standings from every table with a result (a pod event's: ``pods``)."""
        dropped = [n for n in state["order"] if state["players"][n]["dropped"]]
        if state.get("pods"):
            finished = [[t for t in played["tables"] if t["result"] is not None] for played in rounds]
            return pods.standings(state["order"], finished, state["pods"], dropped=dropped)
        pairings = []
        for played in rounds:
            if played["stage"] != "swiss":
                continue
            one = []
            for t in played["tables"]:
                r = t["result"]
                if r is None:
                    continue
                b = t["players"][1] if len(t["players"]) == 2 else None
                one.append((t["players"][0], b, r["wins"][0], r["wins"][1], r["draws"]))
            pairings.append(one)
        rows = rank(state["order"], pairings, dropped=dropped)
        for row in rows:
            del row["exact"]
        return rows

    def summary(self, eid: str, *, ensure: bool = True) -> dict[str, Any]:
        """The event as the API and the pages show it: state, rounds, standings, bracket.

        ``ensure``: a read that sees a game due (a finished best-of-3 game deciding
        nothing, a digital table without its match) creates it first (``ensure_games``),
        so the next game waits for nobody's sync; a failure there leaves the read as it was."""
        state = self.state(eid)
        outcomes = self.outcomes(state)
        if ensure and self.due(state, outcomes):
            try:
                if self.ensure_games(eid, state=state, outcomes=outcomes):
                    state = self.state(eid)
                    outcomes = self.outcomes(state)
            except ServiceError:
                pass  # the next read, or a sync, tries again and says why
        rounds = self.rounds(state, outcomes)
        table = self.standings(state, rounds)
        top = [[{"table": t["table"], "players": t["players"],
                 "winner": (t["result"] or {}).get("winner")} for t in r["tables"]]
               for r in rounds if r["stage"] == "top"]
        return {"event": state, "rounds": rounds, "standings": table, "bracket": bracket.view(top),
                "next": self._next(state, rounds)}

    def _next(self, state: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]]) -> str:
        """What pairing the event would do next: ``swiss``, ``top``, ``wait`` or ``done``."""
        if rounds and not rounds[-1]["complete"]:
            return "wait"
        swiss_done = sum(1 for r in rounds if r["stage"] == "swiss")
        if swiss_done < state["rounds"]:
            return "swiss"
        tops = [r for r in rounds if r["stage"] == "top"]
        if tops:
            return "done" if len(tops[-1]["tables"]) == 1 else "top"
        return "top" if bracket.cut_size(state["top_cut"], len(active_players(state))) else "done"

    # -- writing -------------------------------------------------------------------------

    def _entry(self, kind: str, by: str, **fields: Any) -> dict[str, Any]:
        return {"type": kind, **fields, "by": by, "at": iso(self.clock())}

    def _append(self, eid: str, state: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
        self.store.append(eid, entry, expected=state.get("seq", 0))
        return self.state(eid)

    def bound_rules(self, game: str, cardset: str | None) -> Any:
        """The game bound to the card set an event names (its id or digest; None: the default)."""
        try:
            unbound = self.matches.game(game)
        except KeyError as exc:
            raise BadRequest({"game": [str(exc)]}) from None
        chosen = None
        if cardset is None:
            chosen = default_set(unbound)
        elif DIGEST.match(cardset):
            chosen = self.matches.cardset(unbound, cardset)
        else:
            chosen = next((cs for cs in demo_sets(unbound) if cs.id == cardset), None)
            if chosen is None:
                stored = [c for c in self.matches.cardsets.list(unbound.id) if c.id == cardset]
                chosen = self.matches.cardset(unbound, stored[0].digest) if len(stored) == 1 else None
        if chosen is None:
            raise UnknownCardSet({"cardset": [f"no card set {cardset!r} of {game} (its id, or its digest)"]})
        return self.matches.bind({"game": unbound.id, "cardset": chosen.ref()})

    def create(self, spec: Mapping[str, Any], *, by: str) -> dict[str, Any]:
        """A new event (``spec``: see ``fold``'s ``create``); returns its state."""
        name = _name("name", spec.get("name"), limit=100)
        game = spec.get("game")
        if not isinstance(game, str):
            raise BadRequest({"game": ["a game id"]})
        fmt = spec.get("format", "bo1")
        if fmt not in FORMATS:
            raise BadRequest({"format": ["bo1 (best of one) or bo3 (best of three)"]})
        rounds = spec.get("rounds")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise BadRequest({"rounds": [f"the number of Swiss rounds, 1 to {MAX_ROUNDS}"]})
        top_cut = spec.get("top_cut", 0)
        if top_cut not in CUTS or isinstance(top_cut, bool):
            raise BadRequest({"top_cut": [f"one of {', '.join(map(str, CUTS))}"]})
        table = spec.get("table", "digital")
        if table not in TABLES:
            raise BadRequest({"table": [f"one of {', '.join(TABLES)}"]})
        cardset = spec.get("cardset")
        if cardset is not None and (not isinstance(cardset, str) or not 1 <= len(cardset) <= 64):
            raise BadRequest({"cardset": ["a card set's id or digest"]})
        rules = self.bound_rules(game, cardset)
        pod = None
        if 2 not in rules.seats:
            # three seats or more: pods (``pods``), one game a pod a round, no top cut
            given = spec.get("pods")
            if given is not None and not isinstance(given, Mapping):
                raise BadRequest({"pods": ["an object: sizes, size, scoring, points, bye"]})
            pod = pods.settings(rules.id, rules.seats, given)
            found = pods.problems(pod, rules.seats)
            if fmt != "bo1":
                found.append("format: a pod plays one game a round (bo1)")
            if top_cut:
                found.append("top_cut: a pod event has no top cut (0)")
            if found:
                raise Unprocessable({"pods": found})
        elif spec.get("pods") is not None:
            raise Unprocessable({"pods": [f"{game} seats two players a table; pods are for games of three or more"]})
        options = spec.get("options") or {}
        if not isinstance(options, Mapping):
            raise BadRequest({"options": ["the game's options as a JSON object"]})
        if "decks" in options:
            raise Unprocessable({"options": ["deck lists come from the players, not the event's options"]})
        try:
            # a regulation named by id or digest must exist now; each match resolves it on its day
            probe = self.matches.regulations.expand(rules, options, "2000-01-01")
            canon.check_plain(rules.options_schema.load(dict(probe or {})))
        except ValidationError as exc:
            raise Unprocessable({"options": exc.messages}) from None
        except TypeError as exc:
            raise BadRequest({"options": [str(exc)]}) from None
        feature = spec.get("feature_tables") or []
        if not isinstance(feature, list) or not all(isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 10000
                                                    for t in feature):
            raise BadRequest({"feature_tables": ["a list of table numbers (1 and up)"]})
        infractions = spec.get("infractions")
        infractions = None if infractions is None else check_infractions(infractions)
        judges, head = _staff(spec.get("judges") or [], spec.get("head_judge"))
        eid = new_event_id()
        entry = self._entry("create", by, id=eid, name=name, game=rules.id, format=fmt, rounds=rounds,
                            top_cut=top_cut, table=table, cardset=cardset, options=dict(options),
                            feature_tables=sorted(set(feature)), infractions=infractions, judges=judges,
                            head_judge=head, **({"pods": pod} if pod else {}))
        return self._append(eid, {}, entry)

    def _rules_of(self, state: Mapping[str, Any]) -> Any:
        return self.bound_rules(state["game"], state["cardset"])

    def _player(self, state: Mapping[str, Any], name: Any) -> str:
        if not isinstance(name, str) or name not in state["players"]:
            raise NotFound(f"no player {name!r} in event {state['id']}")
        return name

    def _check_deck(self, state: Mapping[str, Any], deck: Any) -> Any:
        """The deck list as it is registered (text read into the game's value), or refused."""
        rules = self._rules_of(state)
        deck = decktext.read(rules, deck, ("deck",))
        found = decks.problems(rules, deck)
        named = state.get("options", {}).get("regulation")
        if not found and deck is not None and named is not None and hasattr(rules, "regulation_problems"):
            # the event's regulation as it stands today (each match checks it again on its day)
            day = regulation_day(self.matches.clock())
            expanded = self.matches.regulations.expand(rules, {"regulation": named}, day)
            found = rules.regulation_problems((expanded or {}).get("regulation"), deck)
        if found:
            raise DeckProblem({"deck": found})
        return deck

    def register(self, eid: str, name: Any, deck: Any = None, *, by: str) -> dict[str, Any]:
        """Register a player (late registration too, until the top cut), with a deck list
        the game's own deck check accepts."""
        state = self.state(eid)
        name = _player_name(name)
        if any(n.casefold() == name.casefold() for n in state["order"]):
            raise Unprocessable({"name": [f"{name!r} is already registered"]})
        if state["stage"] in ("top", "done") or any(r["stage"] == "top" for r in state["rounds_played"]):
            raise NotReady("registration is closed once the top cut is paired")
        deck = self._check_deck(state, deck)
        return self._append(eid, state, self._entry("register", by, player=name, deck=deck))

    def set_deck(self, eid: str, name: Any, deck: Any, *, by: str) -> dict[str, Any]:
        state = self.state(eid)
        name = self._player(state, name)
        deck = self._check_deck(state, deck)
        return self._append(eid, state, self._entry("deck", by, player=name, deck=deck))

    def set_archetype(self, eid: str, name: Any, archetype: Any, *, by: str) -> dict[str, Any]:
        """The organizer names a player's archetype in the metagame (None: read it from the list)."""
        state = self.state(eid)
        name = self._player(state, name)
        value = None if archetype is None or (isinstance(archetype, str) and not archetype.strip()) \
            else _name("archetype", archetype, limit=100)
        return self._append(eid, state, self._entry("archetype", by, player=name, archetype=value))

    def metagame(self, eid: str) -> dict[str, Any]:
        """The event's metagame (``metagame.report``): archetypes with share, match win rate
        and its Wilson interval, and the matchup matrix."""
        summary = self.summary(eid)
        names, played = self._meta_of(summary, key=lambda n: n)
        return {"event": eid, "name": summary["event"]["name"], "game": summary["event"]["game"],
                **metagame.report(names, played)}

    def game_metagame(self, game: str, limit: int = 100) -> dict[str, Any]:
        """A game's metagame across its events (the newest ``limit``): each registration
        one player, each finished two-player table one match."""
        names: dict[Any, str] = {}
        played: list[tuple[Any, Any, Any]] = []
        events = [e for e in self.list(limit) if e["game"] == game]
        for listed in events:
            one, games = self._meta_of(self.summary(listed["id"]), key=lambda n, e=listed["id"]: (e, n))
            names.update(one)
            played += games
        return {"game": game, "events": [{"id": e["id"], "name": e["name"]} for e in events],
                **metagame.report(names, played)}

    def _meta_of(self, summary: Mapping[str, Any], *, key: Callable[[str], Any]
                 ) -> tuple[dict[Any, str], list[tuple[Any, Any, Any]]]:
        state = summary["event"]
        rules = self._rules_of(state)
        names = {key(n): (p.get("archetype") or metagame.archetype_of(rules, p.get("deck")))
                 for n, p in state["players"].items()}
        played = []
        for r in summary["rounds"]:
            for t in r["tables"]:
                if len(t["players"]) == 2 and t["result"] is not None and not t["result"].get("bye"):
                    winner = t["result"].get("winner")
                    played.append((key(t["players"][0]), key(t["players"][1]),
                                   None if winner is None else key(winner)))
        return names, played

    def drop(self, eid: str, name: Any, *, by: str) -> dict[str, Any]:
        """The player is not paired from the next round on (stays in the standings)."""
        state = self.state(eid)
        name = self._player(state, name)
        if state["players"][name]["dropped"]:
            raise Unprocessable({"name": [f"{name} has already dropped"]})
        return self._append(eid, state, self._entry("drop", by, player=name))

    def set_staff(self, eid: str, judges: Any, head_judge: Any, *, by: str) -> dict[str, Any]:
        state = self.state(eid)
        names, head = _staff(judges, head_judge)
        return self._append(eid, state, self._entry("staff", by, judges=names, head_judge=head))

    def set_infractions(self, eid: str, infractions: Any, *, by: str) -> dict[str, Any]:
        state = self.state(eid)
        return self._append(eid, state, self._entry("infractions", by, infractions=check_infractions(infractions)))

    def set_broadcast(self, eid: str, delay: Any, *, by: str) -> dict[str, Any]:
        """The broadcast delay of the event's matches that set none of their own
        (``kifu.service.broadcast``; None: none); 422 and nothing written for a bad one."""
        state = self.state(eid)
        checked = broadcast.check(delay)
        return self._append(eid, state, self._entry("broadcast", by, delay=checked.to_json() if checked else None))

    # -- rounds --------------------------------------------------------------------------

    def pair(self, eid: str, *, by: str, tables: Any = None) -> dict[str, Any]:
        """Pair the next round (Swiss, or the top cut's next round), create its matches
        with a player token per seat (and a recorder token at feature tables) at a
        digital event, and append the pairing. Returns the round with the tokens, shown once.

        ``tables``: the round paired elsewhere (``imports.read_pairings``'s CSV text or
        list), a Swiss round taken as given once every player in it is matched
        (``external_tables``); the rest is as for kifu's own pairing."""
        state = self.state(eid)
        outcomes = self.outcomes(state)
        rounds = self.rounds(state, outcomes)
        nxt = self._next(state, rounds)
        if nxt == "wait":
            raise NotReady(f"round {rounds[-1]['number']} is still being played: every table needs a result")
        if nxt == "done":
            raise NotReady("the event is over: every round is paired")
        number = len(state["rounds_played"]) + 1
        bye = None
        external = tables is not None
        if external:
            if nxt != "swiss":
                raise NotReady("the Swiss rounds are all paired; the top cut is paired by kifu from the standings")
            given = self.external_tables(state, tables)
        elif nxt == "swiss" and state.get("pods"):
            given = self._pods(state, rounds, number)
        elif nxt == "swiss":
            active = active_players(state)
            if len(active) < 2:
                raise NotReady("Swiss pairing needs two active players or more")
            rows = self.standings(state, rounds)
            opponents: dict[str, set[str]] = {n: set() for n in state["order"]}
            for row in rows:
                opponents[row["player"]] = set(row["opponents"])
            pairs, bye = swiss.pair(
                active, points={r["player"]: r["points"] for r in rows}, rank=[r["player"] for r in rows],
                opponents=opponents, had_bye={r["player"] for r in rows if r["byes"]}, seed=eid, round_no=number)
        else:
            tops = [r for r in rounds if r["stage"] == "top"]
            if tops:
                pairs = bracket.next_round([t["result"]["winner"] for t in tops[-1]["tables"]])
            else:
                rows = [r for r in self.standings(state, rounds) if not r["dropped"]]
                size = bracket.cut_size(state["top_cut"], len(rows))
                pairs = bracket.first_round([r["player"] for r in rows[:size]])
        if external or state.get("pods"):
            tables = [{"table": t["table"], "players": t["players"], "matches": [], "seats": [],
                       "feature": len(t["players"]) >= 2 and t["table"] in state["feature_tables"]} for t in given]
        else:
            tables = [{"table": i, "players": [a, b], "matches": [], "seats": [],
                       "feature": i in state["feature_tables"]} for i, (a, b) in enumerate(pairs, start=1)]
        if bye is not None:
            tables.append({"table": len(tables) + 1, "players": [bye], "matches": [], "seats": [], "feature": False})
        stage_name = "top" if nxt == "top" else "swiss"
        # the pairing first, its matches after: a pairing refused here (another organizer
        # paired meanwhile) has created nothing
        extra = {"external": True} if external else {}
        self._append(eid, state, self._entry("pair", by, round=number, stage=stage_name, tables=tables, **extra))
        tokens: dict[str, dict[str, str]] = {}
        if state["table"] == "digital":
            self.ensure_games(eid, by=by, wait=True)
            played = find_round(self.state(eid), number)
            for t in played["tables"]:
                if len(t["players"]) >= 2 and t["matches"]:
                    tokens[str(t["table"])] = self._game_tokens(t, len(t["matches"]) - 1, recorder=t["feature"])
        else:
            played = find_round(self.state(eid), number)
            for t in played["tables"]:
                if len(t["players"]) >= 2:
                    tokens[str(t["table"])] = self._table_tokens(eid, number, t)
        shown = [{k: t[k] for k in ("table", "players", "matches", "seats", "feature")} for t in played["tables"]]
        return {"round": number, "stage": stage_name, "tables": shown, "tokens": tokens}

    def _pods(self, state: Mapping[str, Any], rounds: Sequence[Mapping[str, Any]], number: int) -> list[dict[str, Any]]:
        """A pod event's next round (``pods.pair``): players of similar points together,
        no pod repeated where avoidable, seats balanced; byes only where no split fits."""
        active = active_players(state)
        config = state["pods"]
        if len(active) < min(config["sizes"]):
            raise NotReady(f"a pod needs {min(config['sizes'])} active players or more")
        rows = self.standings(state, rounds)
        met: dict[str, Counter] = {n: Counter() for n in state["order"]}
        before, seats_seen = [], {n: [] for n in state["order"]}
        for played in state["rounds_played"]:
            for t in played["tables"]:
                if len(t["players"]) < 2:
                    continue
                before.append(frozenset(t["players"]))
                for i, name in enumerate(t["players"]):
                    met[name].update(o for o in t["players"] if o != name)
                    seats_seen[name].append(i / (len(t["players"]) - 1))
        found, byes = pods.pair(active, points={r["player"]: r["points"] for r in rows},
                                rank=[r["player"] for r in rows], met=met, pods_before=before,
                                seat_history=seats_seen, had_bye={r["player"] for r in rows if r["byes"]},
                                sizes=config["sizes"], size=config["size"], seed=state["id"], round_no=number)
        tables = [{"table": i, "players": pod} for i, pod in enumerate(found, start=1)]
        return tables + [{"table": len(tables) + i, "players": [b]} for i, b in enumerate(byes, start=1)]

    def external_tables(self, state: Mapping[str, Any], data: Any) -> list[dict[str, Any]]:
        """The tables of a round paired elsewhere, each player matched by name or id
        (``imports.resolve``), or ``Unprocessable`` naming every problem: an unknown or
        dropped player, a player at two tables or at none, a table of other than two
        players (one: a bye), a table number twice."""
        read, problems = imports.read_pairings(data)
        active = set(active_players(state))
        seen: dict[str, int] = {}
        numbers: set[int] = set()
        out = []
        for t in read:
            names = []
            for ref in t["players"]:
                name = imports.resolve(state["order"], ref)
                if name is None:
                    problems.append(f"table {t['table']}: no player {ref!r} is registered")
                elif name not in active:
                    problems.append(f"table {t['table']}: {name} has dropped")
                elif name in seen:
                    problems.append(f"table {t['table']}: {name} is at table {seen[name]} too")
                else:
                    seen[name] = t["table"]
                    names.append(name)
            sizes = (state.get("pods") or {}).get("sizes") or [2]
            if len(t["players"]) != 1 and len(t["players"]) not in sizes:
                problems.append(f"table {t['table']}: {len(t['players'])} players; a table seats "
                                f"{' or '.join(map(str, sizes))} (one: a bye)")
            if t["table"] in numbers:
                problems.append(f"table {t['table']} is listed twice")
            numbers.add(t["table"])
            out.append({"table": t["table"], "players": names})
        missing = [n for n in active_players(state) if n not in seen]
        if missing:
            problems.append(f"not at any table: {', '.join(missing)} (pair them, give a bye, or drop them)")
        if not read and not problems:
            problems.append("no tables")
        if problems:
            raise Unprocessable({"tables": problems})
        return sorted(out, key=lambda t: t["table"])

    def import_results(self, eid: str, data: Any, who: auth.Principal) -> dict[str, Any]:
        """Results entered in bulk (``imports.read_results``'s CSV text or list) by a judge
        or the organizer: final, as ``enter_result``, all in one ``results`` entry, or
        ``Unprocessable`` naming every problem and nothing written. A row may name the
        table's players (by name or id): they must be its players, and the other order
        swaps the wins. A bye's row is checked and left out (a bye needs no result)."""
        state = self.state(eid)
        if not self.may_judge(state, who):
            raise Forbidden("the organizer or one of the event's judges imports results")
        if state.get("pods"):
            return self._import_pod_results(eid, state, data, who)
        rows, problems = imports.read_results(data)
        found: dict[tuple[int, int], dict[str, Any]] = {}
        for row in rows:
            where = f"round {row['round']} table {row['table']}"
            try:
                table = find_table(state, row["round"], row["table"])
            except KeyError:
                problems.append(f"{where}: no such table")
                continue
            players = table["players"]
            wins = list(row["wins"])
            if "players" in row:
                named, problem = imports.resolve_named(state["order"], row["players"], where)
                if named is None:
                    problems.append(problem)
                    continue
                if named == list(reversed(players)) and len(players) == 2:
                    wins = wins[::-1]
                elif named != players:
                    problems.append(f"{where}: its players are {' v '.join(players)}, not {' v '.join(named)}")
                    continue
            if len(players) == 1:
                if not row["bye"]:
                    problems.append(f"{where}: a bye ({players[0]}) has no result to enter")
                continue
            if row["bye"]:
                problems.append(f"{where}: {' v '.join(players)} is not a bye")
                continue
            problem = results.valid_score(wins, row["draws"], state["format"])
            if problem is None and self._stage_of(state, row["round"]) == "top" and wins[0] == wins[1]:
                problem = "a top cut match needs a winner"
            if problem:
                problems.append(f"{where}: {problem}")
                continue
            _enter_once(found, problems, where, row, wins=wins, draws=row["draws"])
        if not found and not problems:
            problems.append("no results to enter")
        if problems:
            raise Unprocessable({"results": problems})
        self._append(eid, state, self._entry("results", who.name, results=list(found.values())))
        return {"entered": list(found.values())}

    def _import_pod_results(self, eid: str, state: Mapping[str, Any], data: Any,
                            who: auth.Principal) -> dict[str, Any]:
        """``import_results`` for a pod event: each pod's places, as ``enter_result`` takes them;
        a row naming the pod's players in another order has its places put in the pod's."""
        rows, problems = imports.read_pod_results(data)
        found: dict[tuple[int, int], dict[str, Any]] = {}
        for row in rows:
            where = f"round {row['round']} table {row['table']}"
            try:
                players = find_table(state, row["round"], row["table"])["players"]
            except KeyError:
                problems.append(f"{where}: no such table")
                continue
            places = row.get("places")
            if "players" in row:
                named, problem = imports.resolve_named(state["order"], row["players"], where)
                if named is None:
                    problems.append(problem)
                    continue
                if sorted(named) != sorted(players) or len(set(named)) != len(named):
                    problems.append(f"{where}: its players are {', '.join(players)}, not {', '.join(named)}")
                    continue
                if places is not None and len(places) == len(named):
                    places = [places[named.index(p)] for p in players]
            if len(players) == 1 or row["bye"]:
                if not (len(players) == 1 and row["bye"]):
                    problems.append(f"{where}: {', '.join(players)} " + ("is a bye: it has no places to enter"
                                                                        if len(players) == 1 else "is not a bye"))
                continue
            problem = pods.valid_places(places, len(players), state["pods"]["scoring"])
            if problem:
                problems.append(f"{where}: {problem}")
                continue
            _enter_once(found, problems, where, row, places=places)
        if not found and not problems:
            problems.append("no results to enter")
        if problems:
            raise Unprocessable({"results": problems})
        self._append(eid, state, self._entry("results", who.name, results=list(found.values())))
        return {"entered": list(found.values())}

    # -- games of tables -------------------------------------------------------------------

    def _create_match(self, state: Mapping[str, Any], number: int, table_no: int, *seated: str,
                      deal: Any = None, by: str) -> Any:
        """One game's match at a table, its players in seat order (two, or a pod), at the
        event's table kind (a physical or observed one with the recorder's ``deal``), with
        the players' registered deck lists."""
        options = dict(state["options"])
        lists = [state["players"][name]["deck"] for name in seated]
        if all(d is not None for d in lists):
            options["decks"] = {f"p{i}": d for i, d in enumerate(lists, start=1)}
        kind = state.get("table", "digital")
        return self.matches.create(
            state["game"], list(seated), options, table=kind, deal=None if kind == "digital" else deal,
            cardset=state["cardset"], tournament=state["id"], round=str(number), table_number=str(table_no), by=by)

    def _game_tokens(self, table: Mapping[str, Any], game: int, *, recorder: bool) -> dict[str, str]:
        """A player token per seat of the table's ``game``-th match (0-based), and a
        recorder token for it if asked (feature tables, physical and observed events)."""
        mid = table["matches"][game]
        made = {seat: auth.create_token(self.client, role="player", name=name, match=mid, seat=seat)
                for seat, name in sorted(table["seats"][game].items())}
        if recorder:
            made["recorder"] = auth.create_token(self.client, role="recorder", name=f"recorder of {mid}", match=mid)
        return made

    def _table_tokens(self, eid: str, number: int, table: Mapping[str, Any]) -> dict[str, str]:
        """Tokens of a table that has no match yet (a physical or observed event): a
        player token per player (``p1`` the first of the table's players) and a recorder
        token, all bound to the table's handle (``table_handle``)."""
        handle = table_handle(eid, number, table["table"])
        made = {f"p{i}": auth.create_token(self.client, role="player", name=name, match=handle, seat=f"p{i}")
                for i, name in enumerate(table["players"], start=1)}
        made["recorder"] = auth.create_token(self.client, role="recorder", name=f"recorder of table {table['table']}"
                                             f" round {number}", match=handle)
        return made

    def due(self, state: Mapping[str, Any], outcomes: Mapping[str, Any]) -> list[tuple[int, int, int]]:
        """``(round, table, game)`` of every game kifu should create now at a digital event
        (``results.due_game``); none at a physical or observed event, whose recorders
        create each game with its deal (``create_game``)."""
        if state.get("table", "digital") != "digital":
            return []
        out = []
        for played in state["rounds_played"]:
            for table in played["tables"]:
                if state.get("pods"):
                    due = len(table["players"]) >= 2 and not table["matches"] and not table.get("result")
                    game = 1 if due else None
                else:
                    game = results.due_game(table, outcomes, state["format"])
                if game is not None:
                    out.append((played["number"], table["table"], game))
        return out

    def ensure_games(self, eid: str, *, by: str = SYSTEM, wait: bool = False, state: Mapping[str, Any] | None = None,
                     outcomes: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Create every due game (``due``) once, whoever else asks at the same time, and
        attach them in one ``games`` entry. Returns the games this call created.

        Each game is claimed first (``EventStore.claim``, a lease); the claimer looks at
        the event again, creates the match and appends at the seq it read, retrying on a
        conflict while the table still lacks that game. ``wait``: also wait (a few
        seconds at most) for games another caller holds, so that the pairing answers with
        every table's match.
        """
        state = self.state(eid) if state is None else state
        outcomes = self.outcomes(state) if outcomes is None else outcomes
        wanted = self.due(state, outcomes)
        mine = [d for d in wanted if self.store.claim(eid, "game:%d:%d:%d" % d, lease_ms=LEASE_MS)]
        made: list[dict[str, Any]] = []
        if mine:
            # look again now that the games are ours: one created meanwhile by a caller
            # whose lease ran out is not created twice
            fresh = self.state(eid)
            still = set(self.due(fresh, self.outcomes(fresh)))
            try:
                for number, table_no, game_no in mine:
                    if (number, table_no, game_no) not in still:
                        continue
                    table = find_table(fresh, number, table_no)
                    seated = seating(table["players"], game_no)
                    info = self._create_match(fresh, number, table_no, *seated, by=by)
                    made.append({"round": number, "table": table_no, "game": game_no, "match": info.id,
                                 "seats": {f"p{i}": n for i, n in enumerate(seated, start=1)}})
            finally:
                if made:
                    made = self._append_games(eid, made, by=by)
                for claimed in mine:
                    if not any((g["round"], g["table"], g["game"]) == claimed for g in made):
                        self.store.release(eid, "game:%d:%d:%d" % claimed)
        if wait:
            self._await(eid, [d for d in wanted if d not in mine])
        return made

    def _append_games(self, eid: str, made: list[dict[str, Any]], *, by: str) -> list[dict[str, Any]]:
        """Append a ``games`` entry of the games ``made`` whose tables still lack them;
        retried at the new seq on a conflict. Returns the games attached (a game whose
        slot another caller filled after this one's lease ran out stays unattached: its
        header names the table, and nothing of the event counts it)."""
        for _ in range(APPEND_TRIES):
            state = self.state(eid)
            keep = [g for g in made if len(find_table(state, g["round"], g["table"])["matches"]) == g["game"] - 1]
            if not keep:
                return []
            try:
                self.store.append(eid, self._entry("games", by, games=keep), expected=state["seq"])
                return keep
            except Conflict:
                continue
        raise Conflict(self.state(eid)["seq"], f"event {eid} kept changing while its games were attached; "
                                                "the next read attaches them")

    def _await(self, eid: str, pending: Sequence[tuple[int, int, int]]) -> None:
        deadline = time.monotonic() + AWAIT_SECONDS
        while pending and time.monotonic() < deadline:
            state = self.state(eid)
            pending = [d for d in pending if len(find_table(state, d[0], d[1])["matches"]) < d[2]]
            if pending:
                time.sleep(0.05)

    def sync(self, eid: str, *, by: str) -> dict[str, Any]:
        """Create every due game now (``ensure_games``; reads of the event create them
        too) with its tokens, and open a judge call for every deck-check mismatch not
        yet called. Returns the games this call created, with their tokens (shown once)."""
        created = []
        for game in self.ensure_games(eid, by=by):
            table = find_table(self.state(eid), game["round"], game["table"])
            index = table["matches"].index(game["match"])
            created.append({**game, "tokens": self._game_tokens(table, index, recorder=table["feature"])})
        calls = self.open_deck_calls(eid, by=by)
        return {"games": created, "deck_calls": calls}

    def _player_at(self, eid: str, number: int, table: Mapping[str, Any], who: auth.Principal | None) -> str | None:
        """The player of the table that ``who`` speaks for: a player token of one of its
        games (its seat there), or of the table itself (its place among the players)."""
        if who is None or who.role != "player" or not who.seat:
            return None
        if who.match == table_handle(eid, number, table["table"]):
            index = int(who.seat[1:]) - 1
            return table["players"][index] if 0 <= index < len(table["players"]) else None
        if who.match in table["matches"]:
            return table["seats"][table["matches"].index(who.match)].get(who.seat)
        return None

    def _records(self, eid: str, number: int, table: Mapping[str, Any], who: auth.Principal | None) -> bool:
        """Whether ``who`` is a recorder of this table (of the table itself or of one of its games)."""
        return (who is not None and who.role == "recorder"
                and (who.match == table_handle(eid, number, table["table"]) or who.match in table["matches"]))

    def create_game(self, eid: str, number: Any, table_no: Any, who: auth.Principal | None,
                    deal: Any) -> dict[str, Any]:
        """A physical or observed table's next game, created through the event by its
        recorder (or a judge, or the organizer) with the set-up's ``deal`` (the match
        service needs it at creation) and attached to the table at once. Returns the
        table, the new match and a recorder token for it (shown once)."""
        state = self.state(eid)
        table = self._table(state, number, table_no)
        if not (self.may_judge(state, who) or self._records(eid, number, table, who)):
            raise Forbidden("the table's recorder, the event's judges or the organizer create its games")
        if state.get("table", "digital") == "digital":
            raise Unprocessable({"deal": ["a digital event's games are created by kifu, dealt from the seed"]})
        if len(table["players"]) < 2:
            raise Unprocessable({"table": ["a bye plays no game"]})
        outcomes = self.outcomes(state, number)
        found = (pods.table_result(table, outcomes, state["pods"]) if state.get("pods") else
                 results.table_result(table, outcomes, state["format"]))
        if state.get("pods") and table["matches"] and found is None:
            raise NotReady(f"the game of pod {table_no} is still being recorded")
        if found is not None:
            raise NotReady(f"table {table_no} has its result")
        played = results.games(table, outcomes)
        if played and not played[-1]["over"]:
            raise NotReady(f"game {len(played)} of table {table_no} is still being recorded")
        game_no = len(table["matches"]) + 1
        what = f"game:{number}:{table_no}:{game_no}"
        if not self.store.claim(eid, what, lease_ms=LEASE_MS):
            raise NotReady(f"game {game_no} of table {table_no} is being created; look again")
        seated = seating(table["players"], game_no)
        made: list[dict[str, Any]] = []
        try:
            info = self._create_match(state, number, table_no, *seated, deal=deal, by=who.name)
            made = self._append_games(eid, [{"round": number, "table": table_no, "game": game_no, "match": info.id,
                                             "seats": {f"p{i}": n for i, n in enumerate(seated, start=1)}}],
                                      by=who.name)
        finally:
            if not made:
                self.store.release(eid, what)
        if not made:
            raise NotReady(f"game {game_no} of table {table_no} was created meanwhile")
        token = auth.create_token(self.client, role="recorder", name=f"recorder of {info.id}", match=info.id)
        return {"table": self.table_view(eid, number, table_no), "game": game_no, "match": info.id,
                "tokens": {"recorder": token}}

    def tokens(self, eid: str, number: Any, table_no: Any, who: auth.Principal | None) -> dict[str, Any]:
        """Tokens of the table's current game: every seat's (and a recorder's at a feature
        table or a physical or observed event) for the organizer and the event's judges;
        a player's own seat for a player of the table (any of its tokens of the table);
        a recorder's for the table's recorder. So a best-of-3 game kifu created on its
        own reaches its players."""
        state = self.state(eid)
        table = self._table(state, number, table_no)
        if who is None:
            raise Forbidden("a token of the table, a judge's or the organizer's asks for its tokens")
        if len(table["players"]) < 2 or not table["matches"]:
            raise NotReady(f"table {table_no} has no game yet")
        game = len(table["matches"]) - 1
        mid = table["matches"][game]
        recorded = table["feature"] or state.get("table", "digital") != "digital"
        if self.may_judge(state, who):
            made = self._game_tokens(table, game, recorder=recorded)
        elif (player := self._player_at(eid, number, table, who)) is not None:
            seat = seat_of(table, game, player)
            made = {seat: auth.create_token(self.client, role="player", name=player, match=mid, seat=seat)}
        elif self._records(eid, number, table, who) and recorded:
            made = {"recorder": auth.create_token(self.client, role="recorder", name=f"recorder of {mid}", match=mid)}
        else:
            raise Forbidden("only the table's players and recorder, the event's judges or the organizer get its tokens")
        return {"round": number, "table": table_no, "game": game + 1, "match": mid, "tokens": made}

    def _table(self, state: Mapping[str, Any], number: Any, table: Any) -> dict[str, Any]:
        try:
            return find_table(state, number, table)
        except KeyError:
            raise NotFound(f"no table {table} in round {number} of event {state['id']}") from None

    def _score(self, state: Mapping[str, Any], played_stage: str, wins: Any, draws: Any) -> None:
        problem = results.valid_score(wins, draws, state["format"])
        if problem is None and played_stage == "top" and wins[0] == wins[1]:
            problem = "a top cut match needs a winner"
        if problem:
            raise Unprocessable({"wins": [problem]})

    def _stage_of(self, state: Mapping[str, Any], number: int) -> str:
        return next(r["stage"] for r in state["rounds_played"] if r["number"] == number)

    def report(self, eid: str, number: Any, table_no: Any, who: auth.Principal, wins: Any, draws: Any) -> dict[str, Any]:
        """A player's report of the table's result (their player token of one of the
        table's games says who they are); the result stands once both report the same."""
        state = self.state(eid)
        table = self._table(state, number, table_no)
        player = self._player_at(eid, number, table, who)
        if player is None:
            raise Forbidden("only the table's players report its result, each with a player token of the table "
                            "or of its games")
        if state.get("pods"):
            raise Unprocessable({"wins": ["a pod's result is its game's outcome or a judge's places"]})
        if table.get("result"):
            raise NotReady("a judge has entered this table's result")
        self._score(state, self._stage_of(state, number), wins, draws)
        entry = self._entry("report", who.name, round=number, table=table_no, player=player, wins=wins, draws=draws)
        self._append(eid, state, entry)
        return self.table_view(eid, number, table_no)

    def may_judge(self, state: Mapping[str, Any], who: auth.Principal | None) -> bool:
        """The organizer (admin), or a judge token of this event (any judge while it names none)."""
        if who is None:
            return False
        if who.role == "admin":
            return True
        named = set(state["judges"]) | ({state["head_judge"]} if state["head_judge"] else set())
        return who.role == "judge" and (not named or who.name in named)

    def enter_result(self, eid: str, number: Any, table_no: Any, who: auth.Principal, wins: Any,
                     draws: Any, places: Any = None) -> dict[str, Any]:
        """A judge's (or the organizer's) result for a table: final, over games and reports.
        A pod's is ``places`` (each player's, in the pod's order; ``side`` scoring: 1 the
        winning side, 2 the other)."""
        state = self.state(eid)
        if not self.may_judge(state, who):
            raise Forbidden("the organizer or one of the event's judges enters a result")
        table = self._table(state, number, table_no)
        if len(table["players"]) < 2:
            raise Unprocessable({"table": ["a bye has no result to enter"]})
        if state.get("pods"):
            problem = pods.valid_places(places, len(table["players"]), state["pods"]["scoring"])
            if problem:
                raise Unprocessable({"places": [problem]})
            self._append(eid, state, self._entry("result", who.name, round=number, table=table_no, places=places))
            return self.table_view(eid, number, table_no)
        if places is not None:
            raise Unprocessable({"places": ["places are a pod's result; a two-player table's is wins and draws"]})
        self._score(state, self._stage_of(state, number), wins, draws)
        entry = self._entry("result", who.name, round=number, table=table_no, wins=wins, draws=draws)
        self._append(eid, state, entry)
        return self.table_view(eid, number, table_no)

    def attach(self, eid: str, number: Any, table_no: Any, mid: str, who: auth.Principal) -> dict[str, Any]:
        """Make a match recorded elsewhere (a physical or observed record of the table)
        one of the table's games: its header must name this event, round and table, its
        game and its seats the table's players."""
        state = self.state(eid)
        if not self.may_judge(state, who):
            raise Forbidden("the organizer or one of the event's judges attaches a record")
        table = self._table(state, number, table_no)
        info = self.matches.info(mid)
        h = info.header
        wrong = []
        if h.get("tournament") != eid:
            wrong.append(f"its tournament is {h.get('tournament')!r}, not {eid}")
        if h.get("round") != str(number) or h.get("table_number") != str(table_no):
            wrong.append(f"it is round {h.get('round')!r} table {h.get('table_number')!r}")
        if info.game != state["game"]:
            wrong.append(f"it is a {info.game} match")
        if sorted(info.players) != sorted(table["players"]):
            wrong.append(f"its seats are {', '.join(info.players)}, not {', '.join(table['players'])}")
        if info.id in table["matches"]:
            wrong.append("it is attached already")
        if len(table["matches"]) >= (3 if state["format"] == "bo3" else 1):
            wrong.append("the table has all its games")
        if wrong:
            raise Unprocessable({"match": wrong})
        seats = dict(zip(seat_ids(len(info.players)), info.players))
        self._append(eid, state, self._entry("attach", who.name, round=number, table=table_no, match=info.id,
                                             seats=seats))
        return self.table_view(eid, number, table_no)

    def table_view(self, eid: str, number: Any, table_no: Any) -> dict[str, Any]:
        state = self.state(eid)
        self._table(state, number, table_no)
        for played in self.rounds(state, self.outcomes(state, number)):
            if played["number"] == number:
                return next(t for t in played["tables"] if t["table"] == table_no)
        raise NotFound(f"no round {number}")

    # -- deck checks ---------------------------------------------------------------------

    def deck_checks(self, eid: str) -> list[dict[str, Any]]:
        """Every seat of every physical or observed game whose record shows a card more
        often than the player's registered list holds it (``decks.mismatches``)."""
        state = self.state(eid)
        found = []
        for played in state["rounds_played"]:
            for table in played["tables"]:
                for game, mid in enumerate(table["matches"]):
                    found += self._check_match(state, played["number"], table, game, mid)
        return found

    def _check_match(self, state: Mapping[str, Any], number: int, table: Mapping[str, Any], game: int,
                     mid: str) -> list[dict[str, Any]]:
        info = self.matches.info(mid)
        if info.header.get("table", "digital") == "digital" or info.rules is None:
            return []
        listed = {seat: decks.flatten(state["players"][name]["deck"]) for seat, name in table["seats"][game].items()
                  if state["players"].get(name, {}).get("deck") is not None}
        if not listed:
            return []
        rules = info.rules
        # every step's omniscient state through the match service, which folds judge
        # entries (a backup, a fix) the way the match itself does
        states = (self.matches.state(mid, at)[1] for at in range(info.seq + 1))
        known = rules.cardset.cards
        names = {c: rules.cardset.name(c) for c in known}
        out = []
        for seat, registered in listed.items():
            bad = decks.mismatches(registered, decks.most_seen(states, seat, known), names=names)
            if bad:
                out.append({"round": number, "table": table["table"], "match": mid, "seat": seat,
                            "player": table["seats"][game][seat], "mismatches": bad})
        return out

    def open_deck_calls(self, eid: str, *, by: str) -> list[dict[str, Any]]:
        """Open a judge call (``kifu.service.judging.open_call``, once per match and seat) for
        every deck-check mismatch."""
        from kifu.service.judging import open_call  # judging reads events: imported when used

        opened = []
        for found in self.deck_checks(eid):
            if not self.store.once(eid, f"deckcall:{found['match']}:{found['seat']}"):
                continue
            cards = ", ".join(f"{m['name']} ({m['card']}) seen {m['seen']}, registered {m['registered']}"
                              for m in found["mismatches"])
            question = (f"Deck check: {found['player']} ({found['seat']}) played cards their registered list "
                        f"does not hold: {cards}")
            open_call(self.matches, found["match"], question=question, by=by)
            opened.append({**found, "question": question})
        return opened


def event_for_match(client: Any, match_info_or_header: Any) -> dict[str, Any] | None:
    """The event state (with ``infractions``, ``judges``, ``head_judge``) of the event a
    match's header names in ``tournament``, or None when it names no event of this kifu.

    For the judging of a match (``kifu.service.judging``): its penalties come from this
    event's infraction table, and its judges are the event's.
    """
    header = getattr(match_info_or_header, "header", match_info_or_header)
    if not isinstance(header, Mapping):
        return None
    eid = header.get("tournament")
    try:
        check_event_id(eid)
    except NotFound:
        return None
    state = fold(EventStore(client).entries(eid))
    return state or None
