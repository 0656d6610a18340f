"""Matches as a service: the transact loop between the rules (replays/) and the store.

``submit`` is Equinox's ``Stream.transact``: take the state the command is decided on
(this process's cache optimistically, else the latest usable snapshot plus the tail),
validate, ``check``, ``apply``, hash and chain, then append with the expected seq in one
Lua script. If another writer got there first, load the missed entries and decide again,
a bounded number of times, then give up with ``Conflict``. A client that names the seq it
expects (the API always does) gets ``StaleSeq`` instead of a silent rebase: it decided on
a state that is gone. A retried command id never creates a second entry.

Every state this module returns is checked: a state is served only at the seq and head
chain it was computed for, and a fold from a cache or snapshot is compared with the
state hash recorded in the log.
"""
from __future__ import annotations

import copy
import secrets
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterator, Mapping, Sequence

from marshmallow import ValidationError

from replays import canon, engine, records, registry
from replays.demo import iso
from replays.errors import RuleViolation, SchemaError
from replays.rules import Rules, perspectives, seat_ids
from replays.snapshots import Snapshot
from replays.verify import Divergence, verify_text
from service.cache import Cached, StateCache
from service.errors import (
    BadRequest,
    Conflict,
    IdempotencyConflict,
    ImportRejected,
    MatchOver,
    NotFound,
    Rejected,
    StaleSeq,
    StoreCorrupt,
)
from service import notes as _notes
from service.ids import check_match_id, new_match_id
from service.store import Store, check_command_id, payload_digest

ACTORS_EXTRA = records.ACTORS_EXTRA  # "judge", "system"
MAX_NAME = 64
MAX_LABEL = 100


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class MatchInfo:
    """What the service knows of a match without folding it. ``header`` never has the seed."""

    id: str
    header: dict[str, Any]
    game: str
    rules: Rules | None  #: None only if the game is not installed in this kifu
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
            imported=meta.get("imported") == "1",
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


@dataclass(frozen=True)
class _Static:
    """What never changes once a match exists."""

    header: dict[str, Any]
    seed: str
    rules: Rules
    players: int
    actors: frozenset[str] = field(default_factory=frozenset)


def _label(name: str, value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_LABEL or not value.isprintable():
        raise BadRequest({name: [f"a printable string of 1 to {MAX_LABEL} characters"]})
    return value


class MatchService:
    """Create, record, read and follow matches. Thread-safe; one per process is enough."""

    def __init__(
        self,
        store: Store,
        *,
        lookup: Callable[[str], Rules] = registry.get,
        clock: Callable[[], datetime] = utcnow,
        snapshot_every: int = 64,
        max_retries: int = 8,
        cache: StateCache | None = None,
    ):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be >= 1")
        self.store = store
        self.lookup = lookup
        self.clock = clock
        self.snapshot_every = snapshot_every
        self.max_retries = max_retries
        self.cache = cache if cache is not None else StateCache()
        self._statics: dict[str, _Static] = {}

    # -- creating ---------------------------------------------------------------------

    def _rules_for(self, game: Any) -> Rules:
        if not isinstance(game, str):
            raise BadRequest({"game": ["a game id is a string"]})
        try:
            return self.lookup(game)
        except KeyError as exc:
            raise BadRequest({"game": [str(exc)]}) from None

    def create(
        self,
        game: str,
        seat_names: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        tournament: str | None = None,
        round: str | None = None,  # noqa: A002 - the record field is called round
        table: str | None = None,
        public_when_finished: bool = True,
        seed: str | None = None,
        by: str = "admin",
        listed: bool = True,
    ) -> MatchInfo:
        """A new live match at seq 0. Options go through the game's ``options_schema``.

        ``listed=False`` keeps the match out of public listings (``list(public_only=True)``).
        """
        rules = self._rules_for(game)
        if not isinstance(seat_names, (list, tuple)) or not all(
                isinstance(n, str) and 1 <= len(n.strip()) and len(n) <= MAX_NAME and n.isprintable()
                for n in seat_names):
            raise BadRequest({"seats": [f"seat names are printable strings of 1 to {MAX_NAME} characters"]})
        if len(seat_names) not in rules.seats:
            raise BadRequest({"seats": [f"{rules.id} is played by {', '.join(map(str, rules.seats))} players, "
                                        f"not {len(seat_names)}"]})
        if options is not None and not isinstance(options, Mapping):
            raise BadRequest({"options": ["options are a JSON object"]})
        try:
            loaded = rules.options_schema.load(dict(options or {}))
        except ValidationError as exc:
            raise BadRequest({"options": exc.messages}) from None
        try:
            canon.check_plain(loaded)
        except TypeError as exc:
            raise BadRequest({"options": [str(exc)]}) from None
        if seed is None:
            seed = secrets.token_hex(32)
        elif not isinstance(seed, str) or not 1 <= len(seed) <= 256:
            raise BadRequest({"seed": ["a seed is a string of 1 to 256 characters"]})
        if not isinstance(by, str):
            raise BadRequest({"by": ["a string"]})
        mid = new_match_id()
        header = records.new_header(
            game=rules.id, rules_version=rules.version, cardset=rules.cardset_ref(loaded),
            seats=[n.strip() for n in seat_names], options=loaded, seed=seed, created=iso(self.clock()),
            match_id=mid, tournament=_label("tournament", tournament), round=_label("round", round),
            table=_label("table", table),
        )
        try:
            state = engine.initial_state(rules, header, seed)
        except (ValueError, KeyError, TypeError) as exc:
            raise BadRequest({"options": [f"rejected by setup: {exc}"]}) from None
        state_hash = canon.state_hash(state, seed)
        meta = self.store.create(mid, header, seed, public_when_finished=public_when_finished, listed=listed,
                                 state_hash=state_hash, by=by)
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
        try:
            rules = self.lookup(meta["game"])
        except KeyError:
            raise NotFound(f"match {mid} is of game {meta['game']!r}, which this kifu does not have") from None
        if rules.version != meta["rules_version"]:
            raise NotFound(f"match {mid} was recorded with {rules.id} rules version {meta['rules_version']}; "
                           f"this kifu has version {rules.version}")
        players = len(meta["header"]["seats"])
        found = _Static(meta["header"], self.store.seed(mid), rules, players,
                        frozenset(seat_ids(players)) | frozenset(ACTORS_EXTRA))
        if len(self._statics) > 4096:
            self._statics.clear()
        self._statics[mid] = found
        return found

    def info(self, mid: str) -> MatchInfo:
        meta = self.store.meta(check_match_id(mid))
        if meta is None:
            raise NotFound(f"no match {mid}")
        try:
            rules = self.lookup(meta["game"])
        except KeyError:
            rules = None
        return MatchInfo.from_meta(meta, rules)

    def seed(self, mid: str) -> str:
        """The match's secret seed; callers decide who may see it."""
        return self.store.seed(check_match_id(mid))

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
            base_seq, base_state = 0, engine.initial_state(rules, st.header, st.seed)
        tail = self.store.entries(mid, base_seq + 1, seq) if seq > base_seq else []
        if len(tail) != seq - base_seq:
            raise StoreCorrupt(f"match {mid}: entries {base_seq + 1}..{seq} are not all in the log")
        state = base_state
        apply = rules.apply
        for entry in tail:
            state = apply(state, entry["command"])
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

    def _load_head(self, mid: str, st: _Static) -> Cached:
        seq, chain, state_hash, _ = self._head(mid)
        cached = self.cache.get(mid)
        if cached is not None and cached.seq > seq:
            # the store is behind this process (restored from a backup, or flushed): the
            # cache only moves forward, so forget it rather than keep deciding on it
            self.cache.drop(mid)
        return self._materialize(mid, st, seq, chain=chain, state_hash=state_hash)

    def state(self, mid: str, at: int | None = None) -> tuple[int, dict[str, Any]]:
        """``(seq, omniscient state)`` after entry ``at`` (default: the head).

        Callers pass the state through ``rules.view(state, perspective)`` before it leaves
        the server. The state is the caller's own copy.
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

    def step(self, mid: str, perspective: str, n: int) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """Entry ``n``'s move-list line (None for step 0) and the omniscient state after it,
        from one fold: what a viewer needs to show one step. The state is the caller's copy."""
        mid = check_match_id(mid)
        head = self._head(mid)[0]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= head:
            raise BadRequest({"step": [f"a step from 0 to {head}"]})
        if n == 0:
            return None, self.state(mid, at=0)[1]
        items, state = self._history(mid, perspective, n, n)
        return items[0], copy.deepcopy(state)

    def _history(self, mid: str, perspective: str, frm: int, to: int | None) -> tuple[list[dict[str, Any]], Any]:
        """The items of ``history`` and the state after the last of them (None if there are none)."""
        mid = check_match_id(mid)
        st = self._static(mid)
        if perspective not in perspectives(st.players):
            raise BadRequest({"as": [f"one of {', '.join(perspectives(st.players))}"]})
        head_seq = self._head(mid)[0]
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
        for entry in tail:
            command = entry["command"]
            out.append({
                "seq": entry["seq"], "at": entry["at"], "actor": entry["actor"], "by": entry["by"],
                "command": rules.redact(state, command, perspective),
                "describe": rules.describe(state, command, perspective),
                "turn": rules.turn(state),
                "state_hash": entry["state_hash"], "chain": entry["chain"],
            })
            state = rules.apply(state, command)
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
            try:
                rules = self.lookup(meta["game"])
            except KeyError:
                rules = None
            out.append(MatchInfo.from_meta(meta, rules))
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
            if base.finished:
                problem = MatchOver(base.seq)
            else:
                try:
                    rules.check(base.state, command)
                except RuleViolation as exc:
                    problem = Rejected.from_violation(exc)
            if problem is not None:
                if not fresh:  # decided on a cached state that may be behind: look again
                    base, fresh = self._load_head(mid, st), True
                    continue
                earlier = self._earlier(mid, command_id, digest)
                if earlier is not None:
                    return earlier
                raise problem
            state = rules.apply(base.state, command)
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
        """Add, edit or delete a note on a step (``service.notes.annotate``)."""
        return _notes.annotate(self.store, mid, clock=self.clock, **kwargs)

    def notes(self, mid: str) -> list[dict[str, Any]]:
        """The match's current notes, folded from its notes stream (``service.notes.current``)."""
        return _notes.current(self.store, mid)

    # -- records ----------------------------------------------------------------------

    def export(self, mid: str, *, include_seed: bool) -> records.Record:
        """The match as a record; the seed is in the header only if ``include_seed``
        (callers allow it once the match is over, or for a judge)."""
        mid = check_match_id(mid)
        meta = self.store.meta(mid)
        if meta is None:
            raise NotFound(f"no match {mid}")
        header = dict(meta["header"])
        entries = self.store.entries(mid, 1, meta["seq"])
        if include_seed:
            header["seed"] = self.store.seed(mid)
        return records.Record(header, entries)

    def import_record(self, text: str, *, by: str, seed: str | None = None, public_when_finished: bool = True,
                      listed: bool = True) -> MatchInfo:
        """Verify a ``.kifu.jsonl`` text and store it as a new match; nothing unverifiable is stored.

        The record must reveal its seed (or ``seed`` be given): the store replays every
        state. The header is kept as it is (its chain depends on it); the match gets a new id.
        """
        if not isinstance(text, str):
            raise BadRequest({"record": ["a record is JSON Lines text"]})
        parsed = records.read_text(text)
        if not parsed.ok or parsed.record is None:
            first = parsed.errors[0] if parsed.errors else None
            raise ImportRejected(Divergence(None, first.line if first else None, "read",
                                            first.message if first else "unreadable"))
        record = parsed.record
        report = verify_text(text, lookup=self.lookup, seed=seed)
        if not report.ok:
            raise ImportRejected(report.divergence)
        if not report.replayed:
            raise ImportRejected(Divergence(None, 1, "seed", "the record does not reveal its seed, so its states "
                                            "cannot be replayed; import it with the seed"))
        rules = self.lookup(record.header["game"])
        seed = record.header.get("seed", seed)
        assert seed is not None
        if record.entries:
            state_hash = record.entries[-1]["state_hash"]
        else:
            state_hash = canon.state_hash(engine.initial_state(rules, record.header, seed), seed)
        mid = new_match_id()
        header = {k: v for k, v in record.header.items() if k != "seed"}
        meta = self.store.create(
            mid, header, seed, public_when_finished=public_when_finished, listed=listed, state_hash=state_hash,
            entries=record.entries, status="finished" if report.outcome else "live", outcome=report.outcome,
            by=by, imported=True)
        return MatchInfo.from_meta(meta, rules)
