"""Matches as a service: the transact loop between the rules (replays/) and the store.

``submit`` is Equinox's ``Stream.transact``: take the state the command is decided on
(this process's cache optimistically, else the latest usable snapshot plus the tail),
validate, ``check``, ``apply``, hash and chain, then append with the expected seq in one
Lua script. If another writer got there first, load the missed entries and decide again,
a bounded number of times, then give up with ``Conflict``. A client that names the seq it
expects (the API always does) gets ``StaleSeq`` instead of a silent rebase: it decided on
a state that is gone. A retried command id never creates a second entry.

Every state this module computes is checked: a state is served only at the seq and head
chain it was computed for, and a fold from a cache or snapshot is compared with the
state hash recorded in the log.

What a state shows anyone leaves through ``view_step`` (the API's state and legal
commands, the viewer's step, the recording table) and ``history`` (move lines): both
apply ``Rules.view``/``redact``/``describe``/``label`` here, for a perspective the caller
has already been allowed. ``state`` hands the omniscient state itself to tools, bots and
tests in this process; nothing serves it.

A match plays its game bound to the card set its header names (``bind``), at the table
its header names: ``digital`` (chance drawn from the secret seed) or ``physical`` /
``observed`` (the recorder states each outcome; the set-up's are the secret ``deal``,
committed to in the header). A missing or impossible outcome is a ``Rejected`` whose
``needs`` says which event and what is possible.
"""
from __future__ import annotations

import copy
import secrets
import time
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from marshmallow import ValidationError

from kifu.replays import canon, engine, judging, records, registry
from kifu.replays.demo import iso
from kifu.replays.errors import RuleViolation, SchemaError
from kifu.replays.kit.cardset import CardSet, CardSetError
from kifu.replays.kit.chance import Event, Given, ImpossibleOutcome, OutcomeNeeded
from kifu.replays.rules import OMNISCIENT, PUBLIC, Command, Rules, perspectives, seat_ids
from kifu.replays.snapshots import Snapshot
from kifu.replays.verify import Divergence, verify_text
from kifu.service.cache import Cached, StateCache
from kifu.service.cardsets import DIGEST, CardSetStore, default_set, demo_sets
from kifu.service.regulations import RegulationStore, regulation_day
from kifu.service.errors import (
    BadRequest,
    Conflict,
    IdempotencyConflict,
    ImportConflict,
    ImportRejected,
    MatchOver,
    NotFound,
    Rejected,
    RulesUnavailable,
    StaleSeq,
    StoreCorrupt,
    UnknownCardSet,
)
from kifu.service import broadcast as _broadcast
from kifu.service.tournaments.fold import fold as fold_event
from kifu.service.tournaments.store import EVENT_ID, EventStore, log_key
from kifu.service import decktext
from kifu.service import notes as _notes
from kifu.service.ids import check_match_id, new_match_id
from kifu.service.store import Store, check_command_id, payload_digest
from kifu.service.text import is_line

ACTORS_EXTRA = records.ACTORS_EXTRA  # "judge", "system"
MAX_NAME = 64
MAX_LABEL = 100
MAX_DEAL = 4096  #: outcomes of one set-up (every card dealt from a face-down pile)


class UnknownGame(registry.UnknownGame):
    """A game this service does not play (its own list, which tests and tools may set)."""

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r}; known: {', '.join(self.args[1])}"


class UnreadableCardSet(KeyError):
    """A stored card set that this kifu's schema of its game refuses."""

    def __str__(self) -> str:
        game, ref, exc = self.args
        return f"card set {ref.get('id')!r} of {game} does not fit this kifu's schema: {exc}"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


#: how long a re-import waits for a concurrent import of the same record to be stored
IMPORT_WAIT_S = 10.0


@dataclass
class MatchInfo:
    """What the service knows of a match without folding it. ``header`` never has the seed."""

    id: str
    header: dict[str, Any]
    game: str
    rules: Rules | None  #: bound to the match's card set; None if this kifu lacks the game or the set
    seq: int
    status: str  #: "live" | "finished"
    chain: str  #: head chain
    state_hash: str
    outcome: dict[str, Any] | None
    created: str
    updated: str
    public_when_finished: bool = True
    listed: bool = True
    rules_version: int = 0
    tournament: str | None = None
    imported: bool = False
    #: the broadcast delay in force (``kifu.service.broadcast``): the match's own, else its event's
    broadcast: _broadcast.Delay | None = None
    #: where ``broadcast`` comes from: "match", "event" or None
    broadcast_source: str | None = None

    @property
    def seats(self) -> list[dict[str, str]]:
        return self.header["seats"]

    @property
    def players(self) -> list[str]:
        return [seat["name"] for seat in self.header["seats"]]

    @property
    def live(self) -> bool:
        return self.status == "live"

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any], rules: Rules | None) -> "MatchInfo":
        return cls(
            id=meta["id"], header=meta["header"], game=meta["game"], rules=rules, seq=meta["seq"],
            status=meta["status"], chain=meta["chain"], state_hash=meta["state_hash"], outcome=meta["outcome"],
            created=meta["created"], updated=meta["updated"], public_when_finished=meta["public_when_finished"],
            listed=meta["listed"], rules_version=meta["rules_version"], tournament=meta.get("tournament") or None,
            imported=meta.get("imported") == "1", broadcast=_broadcast.stored(meta.get("broadcast")),
            broadcast_source="match" if meta.get("broadcast") else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "title": getattr(self.rules, "title", self.game),
            "rules_version": self.rules_version, "header": self.header, "seq": self.seq, "status": self.status,
            "chain": self.chain, "state_hash": self.state_hash, "outcome": self.outcome, "created": self.created,
            "updated": self.updated, "public_when_finished": self.public_when_finished, "listed": self.listed,
            "tournament": self.tournament,
        }


@dataclass(frozen=True)
class AppendResult:
    seq: int
    state_hash: str
    chain: str
    duplicate: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "state_hash": self.state_hash, "chain": self.chain}


@dataclass
class SeatCommands:
    """One seat at the recording table: whether the rules await its command now, and its
    legal commands, each ``{"command", "label", "needs"}``: the command as it is posted (at
    a physical or observed table a chance command comes once, without its outcomes), the
    table's button for it, and ``needs`` (None, or the first chance outcome it must state:
    ``Rejected.needs``' shape, so the table offers exactly the possible outcomes).
    ``legal`` is ``Rules.legal``: every command exactly as posted, a chance command at a
    physical or observed table once per possible outcome (what ``/legal`` serves)."""

    seat: str
    awaited: bool
    commands: list[dict[str, Any]]
    legal: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "awaited": self.awaited, "commands": self.commands, "legal": self.legal}


@dataclass
class StepView:
    """One step of a match as one perspective may see it (``MatchService.view_step``).

    ``view`` is ``Rules.view`` of the state after entry ``step`` (0: the set-up);
    ``line`` entry ``step``'s move-list line as the perspective reads it (``history``'s
    item; None at step 0 or when not asked for); ``to_act`` as the view tells it;
    ``seats`` the recording table's seats (empty unless asked for) and ``public_to_act``
    (then) whom the table visibly waits for.
    """

    mid: str
    step: int
    head: int
    perspective: str
    table: str
    view: dict[str, Any]
    line: dict[str, Any] | None
    turn: int
    phase: str
    to_act: list[str]
    outcome: dict[str, Any] | None
    seats: list[SeatCommands] = field(default_factory=list)
    public_to_act: list[str] | None = None


@dataclass(frozen=True)
class _Static:
    """What never changes once a match exists."""

    header: dict[str, Any]
    seed: str
    rules: Rules
    players: int
    actors: frozenset[str] = field(default_factory=frozenset)
    deal: list[Any] | None = None

    @property
    def table(self) -> str:
        return self.header.get("table", "digital")


class _Locating(Given):
    """Stated outcomes, remembering which one was being resolved when one was refused."""

    at: int | None = None

    def outcome(self, event: Event) -> Any:
        self.at = len(self.log)
        return super().outcome(event)


def need_json(rules: Rules, event: Event, index: int | None) -> dict[str, Any]:
    """A chance event a command (or a deal) must state, as the API and the table give it."""
    name = getattr(rules, "outcome_name", str)
    return {**event.to_json(), "index": index, "names": [name(o) for o in event.options]}


def _needs_of(rules: Rules, state: dict[str, Any], command: Command) -> dict[str, Any] | None:
    """The next outcome ``command`` must state (``need_json``), None if complete; a refusal
    for any other reason is raised as ``Rejected``."""
    try:
        rules.check(state, command)
    except OutcomeNeeded as need:
        return need_json(rules, need.event, need.index)
    except RuleViolation as exc:
        raise rejection(rules, exc, command=command, state=state) from None
    return None


def _offered(rules: Rules, state: dict[str, Any], seat: str, legal: list[Command]) -> list[dict[str, Any]]:
    """``seat``'s legal commands for a table (``SeatCommands.commands``): each once, a chance
    command without its outcomes, with its label and the outcome it needs first."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for command in legal:
        base = {k: v for k, v in command.items() if k != "outcomes"}
        key = canon.dumps(base)
        if key in seen:
            continue
        seen.add(key)
        needs = _needs_of(rules, state, base) if "outcomes" in command else None
        out.append({"command": base, "label": rules.label(state, base, seat), "needs": needs})
    return out


def rejection(rules: Rules, exc: RuleViolation, *, command: Command | None = None,
              state: dict[str, Any] | None = None, setup: Callable[[Any], Any] | None = None) -> Rejected:
    """``exc`` as the API's 422, with ``needs`` when a chance outcome is missing or impossible.

    An impossible outcome does not say which of the stated ones it was; replaying the
    command (or, with ``setup``, the set-up) with a source that remembers finds its index.
    """
    if isinstance(exc, OutcomeNeeded):
        return Rejected.from_violation(exc, need_json(rules, exc.event, exc.index))
    if not isinstance(exc, ImpossibleOutcome):
        return Rejected.from_violation(exc)
    index = None
    try:
        if setup is not None:
            index = setup(_Locating)
        elif command is not None and state is not None and hasattr(rules, "apply_with"):
            source = _Locating(command.get("outcomes") or [], state["table"])
            try:
                rules.apply_with(state, command, source)
            except ImpossibleOutcome:
                index = source.at
    except (RuleViolation, ValueError, KeyError, TypeError):
        index = None
    return Rejected.from_violation(exc, need_json(rules, exc.event, index))


def _label(name: str, value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_LABEL or not is_line(value):
        raise BadRequest({name: [f"a printable string of 1 to {MAX_LABEL} characters"]})
    return value


class MatchService:
    """Create, record, read and follow matches. Thread-safe; one per process is enough.

    ``games`` lists the games this kifu plays, unbound (default: the registry's); a match
    is played with its game bound to the card set its header names (``bind``: found by
    digest among the demo sets and the store's ``CardSetStore``, cached per game and
    digest). ``lookup(header) -> bound Rules`` replaces that binding where given (tests,
    alternative registries); ``KeyError`` for a game or card set it does not have.
    """

    def __init__(
        self,
        store: Store,
        *,
        games: Callable[[], Iterable[Rules]] = registry.all,
        lookup: Callable[[Mapping[str, Any]], Rules] | None = None,
        clock: Callable[[], datetime] = utcnow,
        snapshot_every: int = 64,
        max_retries: int = 8,
        cache: StateCache | None = None,
    ):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be >= 1")
        self.store = store
        self.cardsets = CardSetStore(store.client)
        self.regulations = RegulationStore(store.client)
        self.games = games
        self.lookup = lookup or self.bind
        self.clock = clock
        self.snapshot_every = snapshot_every
        self.max_retries = max_retries
        self.cache = cache if cache is not None else StateCache()
        self._statics: dict[str, _Static] = {}
        self._bound: dict[tuple[str, str], Rules] = {}
        #: mid -> (seq, state at seq, turn of each step, append time of each step): the broadcast head's inputs
        self._steps: dict[str, tuple[int, Any, list[int], list[datetime]]] = {}
        #: event id -> (its log's length, its broadcast delay)
        self._event_delays: dict[str, tuple[int, _broadcast.Delay | None]] = {}

    # -- games and card sets ----------------------------------------------------------

    def game(self, game_id: str) -> Rules:
        """The game ``game_id``, unbound (``registry.UnknownGame``, a KeyError, if unknown)."""
        games = list(self.games())
        for rules in games:
            if rules.id == game_id:
                return rules
        raise UnknownGame(game_id, [r.id for r in games])

    def cardset(self, rules: Rules, digest: str) -> CardSet | None:
        """The card set ``digest`` of game ``rules``: a demo set, else the store's, else None."""
        for cs in demo_sets(rules):
            if cs.digest == digest:
                return cs
        return self.cardsets.load(rules, digest)

    def bind(self, header: Mapping[str, Any]) -> Rules:
        """The rules a record header names, bound to its card set (the default ``lookup``).

        ``KeyError`` (``registry.UnknownGame`` / ``UnknownCardSet``) when this kifu does not
        have the game or the set; a set this kifu's schema refuses is a KeyError too, naming
        the fields.
        """
        game, ref = header.get("game"), header.get("cardset") or {}
        key = (game, ref.get("digest"))
        found = self._bound.get(key)
        if found is None:
            rules = self.game(game)
            try:
                cs = self.cardset(rules, ref.get("digest"))
            except CardSetError as exc:
                raise UnreadableCardSet(game, dict(ref), exc) from None
            if cs is None:
                raise registry.UnknownCardSet(game, dict(ref))
            found = self._bound.setdefault(key, rules.bind(cs))
        return found

    def _try_bind(self, header: Mapping[str, Any]) -> Rules | None:
        try:
            return self.lookup(header)
        except KeyError:
            return None

    def choose_cardset(self, rules: Rules, asked: Any) -> CardSet:
        """The card set a new match asks for: an id or a digest, default the game's default demo set."""
        if asked is None:
            return default_set(rules)
        if not isinstance(asked, str) or not 1 <= len(asked) <= 64:
            raise BadRequest({"cardset": ["a card set's id or digest"]})
        if DIGEST.match(asked):
            try:
                found = self.cardset(rules, asked)
            except CardSetError as exc:
                raise UnknownCardSet({"cardset": [f"the stored card set {asked[:12]}… no longer fits {rules.id}'s "
                                                  f"schema: {exc}"]}) from None
            if found is None:
                raise UnknownCardSet({"cardset": [f"no card set of {rules.id} has digest {asked[:12]}…; import it "
                                                  "with kifu cards import"]})
            return found
        named = {cs.digest: cs for cs in demo_sets(rules) if cs.id == asked}
        for stored in self.cardsets.list(rules.id):
            if stored.id == asked and stored.digest not in named:
                loaded = self.cardset(rules, stored.digest)
                if loaded is not None:
                    named[stored.digest] = loaded
        if not named:
            known = sorted({cs.id for cs in demo_sets(rules)} | {c.id for c in self.cardsets.list(rules.id)})
            raise UnknownCardSet({"cardset": [f"no card set {asked!r} of {rules.id}; known: {', '.join(known)}"]})
        if len(named) > 1:
            raise UnknownCardSet({"cardset": [f"{len(named)} card sets of {rules.id} are called {asked!r}: name one by "
                                              f"digest ({', '.join(sorted(d[:12] + '…' for d in named))})"]})
        return next(iter(named.values()))

    # -- creating ---------------------------------------------------------------------

    def _game_for(self, game: Any) -> Rules:
        if not isinstance(game, str):
            raise BadRequest({"game": ["a game id is a string"]})
        try:
            return self.game(game)
        except KeyError as exc:
            raise BadRequest({"game": [str(exc)]}) from None

    def create(
        self,
        game: str,
        seat_names: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        table: str = "digital",
        cardset: str | None = None,
        deal: Sequence[Any] | None = None,
        tournament: str | None = None,
        round: str | None = None,  # noqa: A002 - the record field is called round
        table_number: str | None = None,
        public_when_finished: bool = True,
        seed: str | None = None,
        by: str = "admin",
        listed: bool = True,
    ) -> MatchInfo:
        """A new live match at seq 0. Options go through the game's ``options_schema`` (a
        game's deck lists are options); ``cardset`` is a stored set's id or digest (default:
        the game's default demo set).

        ``table`` is where chance outcomes come from (``digital``: the seed; ``physical`` /
        ``observed``: the recorder states them). ``deal`` is the outcomes of the set-up at a
        physical or observed table, refused at a digital one; it is kept secret with the
        seed, the header commits to it (``deal_commitment``). A deal missing an outcome, or
        stating an impossible one, is a ``Rejected`` whose ``needs`` names the event.
        ``listed=False`` keeps the match out of public listings (``list(public_only=True)``).
        """
        unbound = self._game_for(game)
        if table not in records.TABLES:
            raise BadRequest({"table": [f"one of {', '.join(records.TABLES)} (the event's table is table_number)"]})
        chosen = self.choose_cardset(unbound, cardset)
        rules = self._bound.setdefault((unbound.id, chosen.digest), unbound.bind(chosen))
        if not isinstance(seat_names, (list, tuple)) or not all(
                isinstance(n, str) and 1 <= len(n.strip()) and len(n) <= MAX_NAME and is_line(n)
                for n in seat_names):
            raise BadRequest({"seats": [f"seat names are printable strings of 1 to {MAX_NAME} characters"]})
        if len(seat_names) not in rules.seats:
            raise BadRequest({"seats": [f"{rules.id} is played by {', '.join(map(str, rules.seats))} players, "
                                        f"not {len(seat_names)}"]})
        if options is not None and not isinstance(options, Mapping):
            raise BadRequest({"options": ["options are a JSON object"]})
        options = decktext.read_options(rules, options)  # a deck list pasted as text
        options = self.regulations.expand(rules, options, regulation_day(self.clock()))
        try:
            loaded = rules.options_schema.load(dict(options or {}))
        except ValidationError as exc:
            raise BadRequest({"options": exc.messages}) from None
        try:
            canon.check_plain(loaded)
        except TypeError as exc:
            raise BadRequest({"options": [str(exc)]}) from None
        deal = _check_deal(table, deal)
        if seed is None:
            seed = secrets.token_hex(32)
        elif not isinstance(seed, str) or not 1 <= len(seed) <= 256:
            raise BadRequest({"seed": ["a seed is a string of 1 to 256 characters"]})
        if not isinstance(by, str):
            raise BadRequest({"by": ["a string"]})
        mid = new_match_id()
        names = [n.strip() for n in seat_names]
        header = records.new_header(
            game=rules.id, rules_version=rules.version, cardset=chosen.ref(), seats=names, options=loaded,
            seed=seed, created=iso(self.clock()), match_id=mid, tournament=_label("tournament", tournament),
            round=_label("round", round), table_number=_label("table_number", table_number), table=table, deal=deal,
        )
        try:
            state = engine.initial_state(rules, header, seed, deal)
        except RuleViolation as exc:
            def locate(source_type: Any) -> int | None:
                source = source_type(deal or [], table)
                try:
                    rules.setup_with(loaded, seed, len(names), table, source)
                except ImpossibleOutcome:
                    return source.at
                return None
            raise rejection(rules, exc, setup=locate) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise BadRequest({"options": [f"rejected by setup: {exc}"]}) from None
        state_hash = canon.state_hash(state, seed)
        meta = self.store.create(mid, header, seed, deal=deal, public_when_finished=public_when_finished,
                                 listed=listed, state_hash=state_hash, by=by)
        self.cache.put(mid, Cached(0, records.genesis(header), state_hash, state, rules.outcome(state) is not None))
        return MatchInfo.from_meta(meta, rules)

    # -- reading ----------------------------------------------------------------------

    def _static(self, mid: str) -> _Static:
        found = self._statics.get(mid)
        if found is not None:
            return found
        meta = self.store.meta(mid)
        if meta is None:
            raise NotFound(f"no match {mid}")
        players = len(meta["header"]["seats"])
        rules = judging.judged(self._rules_of(f"match {mid}", meta), players)
        seed, deal = self.store.secrets(mid)
        found = _Static(meta["header"], seed, rules, players,
                        frozenset(seat_ids(players)) | frozenset(ACTORS_EXTRA), deal)
        if len(self._statics) > 4096:
            self._statics.clear()
        self._statics[mid] = found
        return found

    def _rules_of(self, what: str, meta: Mapping[str, Any]) -> Rules:
        """The bound rules that replay ``what`` (a match, a record): ``RulesUnavailable``
        (never a state hash "mismatch") when this kifu lacks its game, card set or rules version."""
        game, version = meta["game"], meta["rules_version"]
        try:
            rules = self.lookup(meta["header"])
        except KeyError as exc:
            hint = "; import it with kifu cards import" if isinstance(exc, registry.UnknownCardSet) else ""
            raise RulesUnavailable(f"{what} cannot be replayed by this kifu: {exc}{hint}", game=game,
                                   rules_version=version) from None
        if rules.version != version:
            raise RulesUnavailable(
                f"{what} was recorded with {game} rules version {version}, which this kifu does not have "
                f"(it plays version {rules.version}): open it with a kifu release that has {game} version "
                f"{version}", game=game, rules_version=version, available=rules.version)
        return rules

    def info(self, mid: str) -> MatchInfo:
        meta = self.store.meta(check_match_id(mid))
        if meta is None:
            raise NotFound(f"no match {mid}")
        info = MatchInfo.from_meta(meta, self._try_bind(meta["header"]))
        if info.broadcast is None:
            inherited = self._event_delay(info.header)
            if inherited is not None:
                info.broadcast, info.broadcast_source = inherited, "event"
        return info

    # -- the delayed broadcast (kifu.service.broadcast) ---------------------------------------

    def set_broadcast(self, mid: str, delay: Any) -> MatchInfo:
        """Give the match its own broadcast delay (``{"turns": N}`` and/or ``{"minutes": M}``), or
        with None take its own away (its event's then applies, if any); 422 and nothing
        written for a bad one."""
        mid = check_match_id(mid)
        checked = _broadcast.check(delay)
        if not self.store.set_broadcast(mid, canon.dumps(checked.to_json()) if checked else None):
            raise NotFound(f"no match {mid}")
        return self.info(mid)

    def _event_delay(self, header: Mapping[str, Any]) -> _broadcast.Delay | None:
        """The broadcast delay of the event the header names (None: none, or no such event),
        folded again only when the event's log has grown."""
        eid = header.get("tournament")
        if not isinstance(eid, str) or not EVENT_ID.match(eid):
            return None
        length = int(self.store.client.xlen(log_key(eid)))
        if not length:
            return None
        cached = self._event_delays.get(eid)
        if cached is not None and cached[0] == length:
            return cached[1]
        delay = _broadcast.stored(fold_event(EventStore(self.store.client).entries(eid)).get("broadcast"))
        if len(self._event_delays) > 1024:
            self._event_delays.clear()
        self._event_delays[eid] = (length, delay)
        return delay

    def _step_facts(self, mid: str, st: _Static, upto: int) -> tuple[list[int], list[datetime]]:
        """The turn and the append time of every step 0..``upto``, extended from the last call
        (the log only grows: a folded prefix never changes)."""
        rules = st.rules
        found = self._steps.get(mid)
        if found is None or found[0] > upto:
            state = self._materialize(mid, st, 0).state
            found = (0, state, [rules.turn(state)], [_moment(st.header["created"])])
        seq, state, turns, times = found
        if seq < upto:
            turns, times = list(turns), list(times)
            earlier = self._earlier_states(mid, st)
            for entry in self.store.entries(mid, seq + 1, upto):
                state = rules.apply(state, entry["command"], state_at=earlier)
                turns.append(rules.turn(state))
                times.append(_moment(entry["at"]))
            if len(turns) != upto + 1:
                raise StoreCorrupt(f"match {mid}: entries {seq + 1}..{upto} are not all in the log")
            if len(self._steps) > 256:
                self._steps.clear()
            self._steps[mid] = (upto, state, turns, times)
        return turns[:upto + 1], times[:upto + 1]

    def broadcast_head(self, info: MatchInfo, now: datetime | None = None) -> int | None:
        """The last step the ``broadcast`` perspective shows now (``kifu.service.broadcast.head``),
        None while nothing is broadcast yet; ``NotFound`` when the match has no broadcast delay."""
        if info.broadcast is None:
            raise NotFound(f"match {info.id} is not broadcast: its organizer has set no broadcast delay")
        turns, times = self._step_facts(info.id, self._static(info.id), info.seq)
        return _broadcast.head(turns, times, info.broadcast, now or self.clock(), finished=not info.live)

    def as_seen(self, info: MatchInfo, perspective: str, now: datetime | None = None) -> MatchInfo:
        """``info`` as ``perspective`` may know it: for ``broadcast`` the match as it was at the
        broadcast head (its seq, chain, status and outcome then), so that whatever reads
        the head from it stops there; ``NotFound`` while nothing is broadcast yet."""
        if perspective != _broadcast.BROADCAST:
            return info
        at = self.broadcast_head(info, now)
        assert info.broadcast is not None
        if at is None:
            raise NotFound(f"nothing of match {info.id} is broadcast yet: the broadcast stays "
                           f"{info.broadcast.words()} behind the live match")
        if at == info.seq:
            return info
        entry = self.store.entry(info.id, at) if at else None
        chain = entry["chain"] if entry else records.genesis(info.header)
        state_hash = entry["state_hash"] if entry else self._materialize(info.id, self._static(info.id), 0).state_hash
        return replace(info, seq=at, chain=chain, state_hash=state_hash, status="live", outcome=None,
                       updated=entry["at"] if entry else info.created)

    def _broadcast_limit(self, mid: str) -> int:
        """The broadcast head of ``mid`` now, or ``NotFound`` (no delay, nothing broadcast yet)."""
        return self.as_seen(self.info(mid), _broadcast.BROADCAST).seq

    def seed(self, mid: str) -> str:
        """The match's secret seed; callers decide who may see it."""
        return self.store.seed(check_match_id(mid))

    def deal(self, mid: str) -> list[Any] | None:
        """The set-up outcomes a physical or observed table stated (secret like the seed), or None."""
        return self.store.secrets(check_match_id(mid))[1]

    def _head(self, mid: str) -> tuple[int, str, str, str]:
        head = self.store.head(mid)
        if head is None:
            raise NotFound(f"no match {mid}")
        return head

    def _materialize(self, mid: str, st: _Static, seq: int, *, chain: str | None = None,
                     state_hash: str | None = None, trust: bool = True) -> Cached:
        """The state after entry ``seq``, checked against the log's state hash at ``seq``.

        ``chain``/``state_hash`` are the log's values at ``seq`` when the caller read them
        (the head); a cached state with that seq and chain is served as is. Otherwise the
        base is the cache, the latest usable snapshot or the initial state, whichever is
        latest at or before ``seq``; with ``trust=False`` only the initial state.
        """
        cached = self.cache.get(mid)
        if trust and cached is not None and cached.seq == seq and chain is not None and cached.chain == chain:
            return cached
        rules = st.rules
        base_seq, base_state = 0, None
        if trust:
            if cached is not None and 0 <= seq - cached.seq < self.snapshot_every:
                base_seq, base_state = cached.seq, cached.state  # no snapshot can be nearer
            else:
                snapshot = self.store.snapshot_get(mid, seq, game=rules.id, rules_version=rules.version)
                if snapshot is not None and snapshot.usable_for(rules, seq):
                    base_seq, base_state = snapshot.seq, snapshot.state
                if cached is not None and base_seq < cached.seq <= seq:
                    base_seq, base_state = cached.seq, cached.state
        if base_state is None:
            base_seq, base_state = 0, engine.initial_state(rules, st.header, st.seed, st.deal)
        tail = self.store.entries(mid, base_seq + 1, seq) if seq > base_seq else []
        if len(tail) != seq - base_seq:
            raise StoreCorrupt(f"match {mid}: entries {base_seq + 1}..{seq} are not all in the log")
        state = base_state
        earlier = self._earlier_states(mid, st)
        for entry in tail:
            state = rules.apply(state, entry["command"], state_at=earlier)
            if (entry["seq"] % self.snapshot_every == 0 and len(tail) >= self.snapshot_every
                    and canon.state_hash(state, st.seed) == entry["state_hash"]):
                # a long fold (an import, a new rules version): leave checked snapshots behind
                self.store.snapshot_put(mid, Snapshot(rules.id, rules.version, entry["seq"], state))
        if tail:
            chain, state_hash = tail[-1]["chain"], tail[-1]["state_hash"]
        elif seq > 0 and (chain is None or state_hash is None):
            entry = self.store.entry(mid, seq)
            if entry is None:
                raise StoreCorrupt(f"match {mid}: entry {seq} is missing")
            chain, state_hash = entry["chain"], entry["state_hash"]
        elif seq == 0:
            chain = records.genesis(st.header)
            state_hash = state_hash or canon.state_hash(state, st.seed)
        actual = canon.state_hash(state, st.seed)
        if actual != state_hash:
            if trust and base_seq > 0:
                return self._materialize(mid, st, seq, trust=False)
            raise StoreCorrupt(f"match {mid}: replaying to seq {seq} gives state hash {actual[:12]}…, "
                               f"the log says {str(state_hash)[:12]}…")
        assert chain is not None
        item = Cached(seq, chain, actual, state, rules.outcome(state) is not None)
        self.cache.put(mid, item)
        return item

    def _load_head(self, mid: str, st: _Static, head: tuple[int, str, str, str] | None = None) -> Cached:
        """The state at the head (``head``: the ``Store.head`` the caller already read)."""
        seq, chain, state_hash, _ = head or self._head(mid)
        cached = self.cache.get(mid)
        if cached is not None and cached.seq > seq:
            # the store is behind this process (restored from a backup, or flushed): the
            # cache only moves forward, so forget it rather than keep deciding on it
            self.cache.drop(mid)
        return self._materialize(mid, st, seq, chain=chain, state_hash=state_hash)

    def _earlier_states(self, mid: str, st: _Static) -> Callable[[int], dict[str, Any]]:
        """The states a backup reads (the state after each earlier entry), checked like any."""
        return lambda seq: self._materialize(mid, st, seq).state

    def state(self, mid: str, at: int | None = None) -> tuple[int, dict[str, Any]]:
        """``(seq, omniscient state)`` after entry ``at`` (default: the head), for tools,
        bots and tests in this process: nothing serves it (``view_step`` does the serving).
        The state is the caller's own copy.
        """
        mid = check_match_id(mid)
        st = self._static(mid)
        if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
            raise BadRequest({"at": ["a step number"]})
        seq, chain, state_hash, _ = self._head(mid)
        if at is None or at == seq:
            item = self._materialize(mid, st, seq, chain=chain, state_hash=state_hash)
        else:
            if not 0 <= at <= seq:
                raise BadRequest({"at": [f"a step from 0 to {seq}"]})
            item = self._materialize(mid, st, at)
        return item.seq, copy.deepcopy(item.state)

    def judging(self, mid: str, at: int | None = None) -> dict[str, Any] | None:
        """The judging layer of the head state (of step ``at``, if given: the broadcast's head)
        (cases, superseded spans, penalties), a copy, or None while nobody has judged: every
        move list reads it, so only it is copied."""
        mid = check_match_id(mid)
        st = self._static(mid)
        layer = judging.layer((self._load_head(mid, st) if at is None else self._materialize(mid, st, at)).state)
        return copy.deepcopy(layer) if layer is not None else None

    def entries(self, mid: str, frm: int = 1, to: int | None = None) -> list[dict[str, Any]]:
        """Raw entries ``frm``..``to`` (inclusive). Callers redact before serving them."""
        mid = check_match_id(mid)
        if self.store.head(mid) is None:
            raise NotFound(f"no match {mid}")
        return self.store.entries(mid, frm, to)

    def history(self, mid: str, perspective: str, frm: int = 1, to: int | None = None) -> list[dict[str, Any]]:
        """The move list as ``perspective`` may read it, folding once.

        Each item: ``seq, at, actor, by, command`` (redacted), ``describe``, ``turn`` (of
        the state the command was played in), ``state_hash``, ``chain``.
        """
        return self._history(mid, perspective, frm, to)[0]

    def view_step(self, mid: str, perspective: str, at: int | None = None, *, line: bool = True,
                  seats: Sequence[str] = ()) -> StepView:
        """Step ``at`` (default: the head) of the match as ``perspective`` may see it: what the
        API, the viewer and the recording table serve of a state, computed here so that the
        omniscient state itself never leaves this module.

        ``line``: also entry ``at``'s move-list line as ``perspective`` reads it (a fold of one
        more entry; leave it out where it is not shown). ``seats`` (a recording table: the
        seats its user may record for; callers check that with ``auth.appender``): at the
        head of a live match, each seat's legal commands with their labels and, at a physical
        or observed table, the chance outcome each needs (``SeatCommands``).
        """
        mid = check_match_id(mid)
        st = self._static(mid)
        if perspective not in _known(st.players):
            raise BadRequest({"as": [f"one of {', '.join(_known(st.players))}"]})
        read = self._head(mid)
        head = read[0]
        if perspective == _broadcast.BROADCAST:
            # nothing past the broadcast head leaves here, whoever asks
            limit = self._broadcast_limit(mid)
            if at is None:
                at = limit
            elif isinstance(at, int) and not isinstance(at, bool) and limit < at <= head:
                raise NotFound(f"step {at} is not broadcast yet: the broadcast is at step {limit}")
        if at is None:
            at = head
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= head:
            raise BadRequest({"step": [f"a step from 0 to {head}"]})
        rules = st.rules
        seen = _rules_perspective(perspective)
        item = None
        if line and at > 0:
            items, state = self._history(mid, perspective, at, at, head)
            item = items[0]
        elif at == head:  # the head as read above, even if another entry lands meanwhile
            state = self._load_head(mid, st, read).state
        else:
            state = self._materialize(mid, st, at).state
        outcome = rules.outcome(state)
        view = rules.view(state, seen)
        listed: list[SeatCommands] = []
        public_to_act = None
        if seats:
            public_to_act = list((view if seen == PUBLIC else rules.view(state, PUBLIC))["to_act"])
            awaited = set(rules.to_act(state)) if at == head and outcome is None else set()
            for seat in seats:
                if seat not in seat_ids(st.players):
                    raise BadRequest({"seats": [f"no seat {seat!r} in this match"]})
                legal = list(rules.legal(state, seat)) if seat in awaited else []
                listed.append(SeatCommands(seat, seat in awaited, _offered(rules, state, seat, legal), legal))
        return StepView(
            mid=mid, step=at, head=head, perspective=perspective, table=st.table, view=view, line=item,
            turn=rules.turn(state), phase=rules.phase(state), to_act=list(view["to_act"]),
            outcome=outcome.to_json() if outcome else None, seats=listed, public_to_act=public_to_act)

    def needs(self, mid: str, command: Any) -> dict[str, Any] | None:
        """The next chance outcome ``command`` must state at the head of a physical or
        observed match (``Rejected.needs``' shape, ``index`` = its place in ``"outcomes"``),
        or None when it states them all. ``BadRequest`` for a malformed command, ``Rejected``
        for one the rules refuse whatever the outcome."""
        mid = check_match_id(mid)
        st = self._static(mid)
        try:
            engine.validate(st.rules, command)
            canon.check_plain(command)
        except SchemaError as exc:
            raise BadRequest(exc.errors) from None
        except TypeError as exc:
            raise BadRequest({"command": [str(exc)]}) from None
        return _needs_of(st.rules, self._load_head(mid, st).state, command)

    def _history(self, mid: str, perspective: str, frm: int, to: int | None,
                 head_seq: int | None = None) -> tuple[list[dict[str, Any]], Any]:
        """The items of ``history`` and the state after the last of them (None if there are none).
        ``head_seq``: the head the caller has just read (one round trip less)."""
        mid = check_match_id(mid)
        st = self._static(mid)
        if perspective not in _known(st.players):
            raise BadRequest({"as": [f"one of {', '.join(_known(st.players))}"]})
        if head_seq is None:
            head_seq = self._head(mid)[0]
        if perspective == _broadcast.BROADCAST:
            head_seq = min(head_seq, self._broadcast_limit(mid))
        seen = _rules_perspective(perspective)
        if not isinstance(frm, int) or isinstance(frm, bool) or frm < 1:
            raise BadRequest({"from": ["an integer >= 1"]})
        if to is None or to > head_seq:
            to = head_seq
        if not isinstance(to, int) or isinstance(to, bool):
            raise BadRequest({"to": ["an integer"]})
        if frm > to:
            return [], None
        rules = st.rules
        state = self._materialize(mid, st, frm - 1).state
        tail = self.store.entries(mid, frm, to)
        out = []
        earlier = self._earlier_states(mid, st)
        for entry in tail:
            command = entry["command"]
            after = rules.apply(state, command, state_at=earlier)
            out.append({
                "seq": entry["seq"], "at": entry["at"], "actor": entry["actor"], "by": entry["by"],
                "command": rules.redact(state, command, after, seen),
                "describe": rules.describe(state, command, after, seen),
                "turn": rules.turn(state), "judge": judging.is_judge(command),
                "state_hash": entry["state_hash"], "chain": entry["chain"],
            })
            state = after
        if tail and canon.state_hash(state, st.seed) != tail[-1]["state_hash"]:
            raise StoreCorrupt(f"match {mid}: replaying to seq {tail[-1]['seq']} disagrees with the log")
        return out, state

    def list(  # noqa: A003 - the contract names it list
        self,
        game: str | None = None,
        status: str | None = None,
        tournament: str | None = None,
        player: str | None = None,
        public_only: bool = False,
        cursor: str | None = None,
        limit: int = 50,
    ) -> tuple[list[MatchInfo], str | None]:
        """Matches newest first; ``public_only`` leaves out unlisted ones."""
        metas, next_cursor = self.store.list_matches(
            game=game, status=status, tournament=tournament, player=player, listed_only=public_only,
            cursor=cursor, limit=limit)
        out = []
        for meta in metas:
            out.append(MatchInfo.from_meta(meta, self._try_bind(meta["header"])))
        return out, next_cursor

    def follow(self, mid: str, after_seq: int = 0, *, block_ms: int = 15000,
               **kwargs: Any) -> Iterator[dict[str, Any] | None]:
        """Raw entries after ``after_seq`` as they are recorded (see ``Store.follow``)."""
        return self.store.follow(check_match_id(mid), after_seq, block_ms=block_ms, **kwargs)

    # -- recording --------------------------------------------------------------------

    def _original(self, mid: str, seq: int) -> AppendResult:
        entry = self.store.entry(mid, seq)
        if entry is None:
            raise StoreCorrupt(f"match {mid}: command id points at missing entry {seq}")
        return AppendResult(seq, entry["state_hash"], entry["chain"], duplicate=True)

    def _earlier(self, mid: str, command_id: str, digest: str) -> AppendResult | None:
        """The original answer if ``command_id`` was recorded before (a client's retry)."""
        found = self.store.command_id(mid, command_id)
        if found is None:
            return None
        seq, recorded = found
        if recorded != digest:
            raise IdempotencyConflict(seq, command_id, self._head(mid)[0])
        # found in the idem hash, not by a write: it may be the entry whose first answer
        # was not_replicated, so it is acknowledged only as an append would be
        self.store.settle(mid, seq)
        return self._original(mid, seq)

    def submit(
        self,
        mid: str,
        command: Any,
        *,
        expected_seq: int | None,
        command_id: str | None = None,
        actor: str | None = None,
        by: str = "system",
    ) -> AppendResult:
        """Record ``command`` as the next entry; see the module docstring for the loop.

        ``actor`` defaults to the command's seat; a seat actor must be the command's seat
        (a judge or the system may act for any seat). Without ``command_id`` one is made
        up, so that redis-py's own retry of a timed-out script cannot record twice.
        """
        mid = check_match_id(mid)
        st = self._static(mid)
        rules = st.rules
        if expected_seq is not None and (not isinstance(expected_seq, int) or isinstance(expected_seq, bool)
                                         or expected_seq < 0):
            raise BadRequest({"expected_seq": ["an integer >= 0"]})
        command_id = uuid.uuid4().hex if command_id is None else check_command_id(command_id)
        if not isinstance(by, str) or not by:
            raise BadRequest({"by": ["who records the command: a non-empty string"]})
        try:
            engine.validate(rules, command)
            canon.check_plain(command)
        except SchemaError as exc:
            raise BadRequest(exc.errors) from None
        except TypeError as exc:
            raise BadRequest({"command": [str(exc)]}) from None
        if judging.is_judge(command):
            # a judge entry names its own seq: it is decided on exactly the step before it
            if actor not in (None, "judge"):
                raise BadRequest({"actor": ["a judge entry's actor is judge"]})
            actor = "judge"
            if expected_seq is None:
                expected_seq = command["seq"] - 1
            elif expected_seq != command["seq"] - 1:
                raise BadRequest({"command": [f"a judge entry at seq {command['seq']} expects seq "
                                              f"{command['seq'] - 1}, not {expected_seq}"]})
        if actor is None:
            actor = command.get("seat")
        if actor not in st.actors:
            raise BadRequest({"actor": [f"one of {', '.join(sorted(st.actors))}"]})
        if actor in seat_ids(st.players) and command.get("seat") != actor:
            raise BadRequest({"actor": [f"seat {actor} cannot record a command for seat {command.get('seat')!r}"]})
        digest = payload_digest({"actor": actor, "command": command})

        base = self.cache.get(mid)
        fresh = False  # whether base was checked against the store during this call
        if base is None or (expected_seq is not None and base.seq < expected_seq):
            base, fresh = self._load_head(mid, st), True
        conflicts = 0
        while True:
            if expected_seq is not None and base.seq != expected_seq:
                if not fresh:
                    base, fresh = self._load_head(mid, st), True
                    continue
                earlier = self._earlier(mid, command_id, digest)
                if earlier is not None:
                    return earlier
                raise StaleSeq(base.seq, expected_seq)
            problem: Exception | None = None
            state = None
            if base.finished and command.get("type") not in judging.AFTER_END:
                problem = MatchOver(base.seq)
            else:
                try:
                    state = rules.decide(base.state, command, state_at=self._earlier_states(mid, st))
                except RuleViolation as exc:
                    problem = rejection(rules, exc, command=command, state=base.state)
            if problem is not None:
                if not fresh:  # decided on a cached state that may be behind: look again
                    base, fresh = self._load_head(mid, st), True
                    continue
                earlier = self._earlier(mid, command_id, digest)
                if earlier is not None:
                    return earlier
                raise problem
            assert state is not None
            state_hash = canon.state_hash(state, st.seed)
            entry = records.make_entry(base.chain, seq=base.seq + 1, at=iso(self.clock()), actor=actor, by=by,
                                       command=command, state_hash=state_hash)
            outcome = rules.outcome(state)
            try:
                seq, duplicate = self.store.append(
                    mid, base.seq, command_id, entry, status="finished" if outcome else None,
                    outcome=outcome.to_json() if outcome else None, prev_chain=base.chain)
            except StaleSeq:
                # another writer appended first, or this process's cache was behind
                base, fresh = self._load_head(mid, st), True
                conflicts += 1
                if conflicts > self.max_retries and (expected_seq is None or base.seq == expected_seq):
                    raise Conflict(base.seq) from None
                continue
            if duplicate:
                original = self._original(mid, seq)
                if original.chain != entry["chain"]:
                    return original
                # our own entry: redis-py retried the script after a lost reply
            self.cache.put(mid, Cached(seq, entry["chain"], state_hash, state, outcome is not None))
            if seq % self.snapshot_every == 0:
                self.store.snapshot_put(mid, Snapshot(rules.id, rules.version, seq, state))
            return AppendResult(seq, state_hash, entry["chain"])

    # -- notes ------------------------------------------------------------------------

    def annotate(self, mid: str, **kwargs: Any) -> dict[str, Any]:
        """Add, edit or delete a note on a step (``kifu.service.notes.annotate``)."""
        return _notes.annotate(self.store, mid, clock=self.clock, **kwargs)

    def notes(self, mid: str) -> list[dict[str, Any]]:
        """The match's current notes, folded from its notes stream (``kifu.service.notes.current``)."""
        return _notes.current(self.store, mid)

    # -- records ----------------------------------------------------------------------

    def export(self, mid: str, *, include_seed: bool) -> records.Record:
        """The match as a record; its secrets (the seed, and a physical or observed table's
        deal) are in the header only if ``include_seed`` (callers allow it once the match is
        over, or for a judge)."""
        mid = check_match_id(mid)
        meta = self.store.meta(mid)
        if meta is None:
            raise NotFound(f"no match {mid}")
        header = dict(meta["header"])
        entries = self.store.entries(mid, 1, meta["seq"])
        if include_seed:
            header = records.reveal(header, *self.store.secrets(mid))
        return records.Record(header, entries)

    def import_record(self, text: str, *, by: str, seed: str | None = None, deal: Sequence[Any] | None = None,
                      public_when_finished: bool = True, listed: bool = True) -> MatchInfo:
        """``import_or_existing`` without saying whether the match is new."""
        return self.import_or_existing(text, by=by, seed=seed, deal=deal,
                                       public_when_finished=public_when_finished, listed=listed)[0]

    def import_or_existing(self, text: str, *, by: str, seed: str | None = None,
                           deal: Sequence[Any] | None = None, public_when_finished: bool = True,
                           listed: bool = True) -> tuple[MatchInfo, bool]:
        """Verify a ``.kifu.jsonl`` text and store it as a new match; nothing unverifiable is stored.
        Returns the match and whether this call created it.

        A record is imported once: importing it again (or twice at once) answers the match
        the first import stored, decided by one ``SET NX`` on the record's genesis (the
        digest of its header less secrets, which names its match and its chain). The same
        header with another log than the stored one is a 409 ``import_conflict`` naming that match.

        The record must reveal its seed (or ``seed`` be given) and, from a physical or
        observed table, its deal (or ``deal`` be given, matching ``deal_commitment``): the
        store replays every state. The header is kept as it is (its chain depends on it)
        less its secrets, which are stored apart; the match gets a new id. A record this
        kifu cannot replay (another rules version, a card set not imported) is
        ``RulesUnavailable``, not a divergence.
        """
        if not isinstance(text, str):
            raise BadRequest({"record": ["a record is JSON Lines text"]})
        parsed = records.read_text(text)
        if not parsed.ok or parsed.record is None:
            first = parsed.errors[0] if parsed.errors else None
            raise ImportRejected(Divergence(None, first.line if first else None, "read",
                                            first.message if first else "unreadable"))
        record = parsed.record
        header = record.header
        rules = self._rules_of("this record", {"game": header["game"], "header": header,
                                                  "rules_version": header["rules_version"]})
        seed = header.get("seed", seed)
        if "deal" in header:
            deal = header["deal"]
        elif deal is not None:
            deal = _check_deal(header["table"], deal)
            if canon.digest(deal) != header.get("deal_commitment"):
                raise ImportRejected(Divergence(None, 1, "seed", "the deal given does not match deal_commitment",
                                                expected=header.get("deal_commitment"), actual=canon.digest(deal)))
        if "deal_commitment" in header and deal is None and seed is not None:
            raise ImportRejected(Divergence(None, 1, "seed", "the record does not reveal the deal of its "
                                            f"{header['table']} table, so its states cannot be replayed; import "
                                            "it with the deal"))
        report = verify_text(text, lookup=self.lookup, seed=seed, deal=deal)
        if not report.ok:
            raise ImportRejected(report.divergence)
        if not report.replayed:
            raise ImportRejected(Divergence(None, 1, "seed", "the record does not reveal its seed, so its states "
                                            "cannot be replayed; import it with the seed"))
        assert seed is not None
        if record.entries:
            state_hash = record.entries[-1]["state_hash"]
        else:
            state_hash = canon.state_hash(engine.initial_state(rules, header, seed, deal), seed)
        mid = new_match_id()
        genesis = records.genesis(header)
        deadline = time.monotonic() + IMPORT_WAIT_S
        while (holder := self.store.claim_import(genesis, mid)) is not None:
            meta = self.store.meta(holder)
            if meta is not None:
                return self._imported_already(meta, record.entries), False
            # another import of this record is storing it (or died, and its claim expires)
            if time.monotonic() > deadline:
                raise ImportConflict(holder, f"this record is being imported as match {holder}; retry in a minute")
            time.sleep(0.02)
        kept = {k: v for k, v in header.items() if k not in records.SECRET_FIELDS}
        try:
            meta = self.store.create(
                mid, kept, seed, deal=deal, public_when_finished=public_when_finished, listed=listed,
                state_hash=state_hash, entries=record.entries, status="finished" if report.outcome else "live",
                outcome=report.outcome, by=by, imported=True)
        except BaseException:
            self.store.release_import(genesis, mid)
            raise
        self.store.confirm_import(genesis, mid)
        return MatchInfo.from_meta(meta, rules), True

    def _imported_already(self, meta: Mapping[str, Any], entries: Sequence[Mapping[str, Any]]) -> MatchInfo:
        """The stored match that holds this record's header, if its log starts with
        ``entries`` (a live imported match may have been recorded on since)."""
        mid = meta["id"]
        if meta["seq"] < len(entries) or (
                entries and (self.store.entry(mid, len(entries)) or {}).get("chain") != entries[-1]["chain"]):
            raise ImportConflict(mid, f"a record with this header is already stored as match {mid}, with "
                                      f"another log ({meta['seq']} entries, head {meta['chain'][:16]})")
        return self.info(mid)


def _known(players: int) -> list[str]:
    """Every perspective a match of ``players`` has: the rules' and the delayed broadcast."""
    return [*perspectives(players), _broadcast.BROADCAST]


def _rules_perspective(perspective: str) -> str:
    """What ``Rules.view``/``redact``/``describe`` are asked for: the broadcast is the
    omniscient view, at a step its callers have already limited."""
    return OMNISCIENT if perspective == _broadcast.BROADCAST else perspective


def _moment(value: Any) -> datetime:
    """An entry's ``at`` as a time; one an imported record wrote unreadably counts as never
    old enough (a minutes delay then holds it back rather than guess)."""
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return datetime.max.replace(tzinfo=timezone.utc)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def _check_deal(table: str, deal: Any) -> list[Any] | None:
    """A deal as stored: None at a digital table (refused if given), else a list of plain
    JSON outcomes (an empty one when none was given)."""
    if table == "digital":
        if deal is not None:
            raise BadRequest({"deal": ["a digital table deals from the seed: state a deal only at a physical or "
                                       "observed table"]})
        return None
    if deal is None:
        return []
    if not isinstance(deal, (list, tuple)) or len(deal) > MAX_DEAL:
        raise BadRequest({"deal": [f"the set-up's outcomes: a list of at most {MAX_DEAL}"]})
    try:
        canon.check_plain(list(deal))
    except TypeError as exc:
        raise BadRequest({"deal": [str(exc)]}) from None
    return list(deal)
