"""The Redis store: one append-only stream per match, written only through Lua scripts.

Layout (DESIGN.md, "service/: the store"); every key of a match carries the hash tag
``{<mid>}`` so that a match lives in one Redis Cluster slot::

    kifu:m:{<mid>}:log     stream; entry seq N has ID N-0; fields entry (canonical JSON), cid
    kifu:m:{<mid>}:meta    hash: header, game, rules_version, seq, chain, state_hash, status, ...
    kifu:m:{<mid>}:idem    hash: command id -> "<seq>:<payload digest>"
    kifu:m:{<mid>}:snap    hash: seq -> snapshot JSON (tagged with the rules id and version)
    kifu:m:{<mid>}:secret  hash: seed
    kifu:m:{<mid>}:acked   stream, one entry <seq>-0: the confirmed mark (with wait_replicas)
    kifu:idx:...           sorted sets by created ms: all, game:<g>, tournament:<t>,
                           player:<name casefolded>, status:<live|finished>

The log and meta are the truth; indexes are derived, written idempotently after the
match's own write, and ``rebuild_indexes`` recomputes them from the metas. Snapshots are
an optimisation only. Nothing is ever trimmed or deleted from a log.

Replicas (``wait_replicas``): Redis replicates asynchronously, so a primary that dies
after answering a write, before its replica has it, takes the write with it when the
replica is promoted. With ``wait_replicas=N`` every create and append is followed, on the
same connection to the primary that owns the match's slot, by ``WAIT N wait_ms``: the
write is acknowledged only once N replicas hold it, and is answered ``NotReplicated``
(503) otherwise (written on the primary, not promised; a retry with the same command
id gets the duplicate's answer once it is replicated). Followers must not see what is
not promised: once WAIT confirms a write, its seq becomes the match's confirmed mark
(``meta.acked`` and the one-entry stream ``kifu:m:{<mid>}:acked``, ``ack.lua``), and
``followed``, ``follow`` and the follow hub serve entries only up to that mark. An entry
whose WAIT failed stays unseen until a later confirmed write covers it (replication is
one ordered stream: a replica that holds seq N holds everything before it), or for
ever, if the primary dies with it.

``Store`` knows nothing of rules: it checks the shape of what it writes and the
concurrency conditions (expected seq, command ids); ``kifu.service.matches`` decides.
"""
from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from datetime import datetime
from functools import cached_property
from importlib import resources
from typing import Any, Callable, Iterator, Mapping, Sequence

import redis

from kifu.replays import canon, records
from kifu.replays.snapshots import Snapshot
from kifu.service import keys
from kifu.service.errors import (
    BadRequest,
    IdempotencyConflict,
    MatchOver,
    NotFound,
    ServiceError,
    StaleSeq,
    StoreCorrupt,
)
from kifu.service.ids import check_match_id

STATUSES = ("live", "finished")
MAX_COMMAND_ID = 128


class NotReplicated(ServiceError):
    """Written on the primary, but fewer replicas than asked confirmed it in time; retry with the same command id."""

    status = 503
    error = "not_replicated"
    retry_after = 1  #: a replica that lagged or reconnects usually confirms within a second

    def __init__(self, wanted: int, got: int, wait_ms: int):
        self.wanted, self.got = wanted, got
        super().__init__(f"{got} of the {wanted} replica(s) asked for confirmed the write within {wait_ms} ms; "
                         "it is not acknowledged: retry with the same command id")

    def extra(self) -> dict[str, Any]:
        return {"replicas": self.got, "wanted": self.wanted}


class ChainMismatch(StaleSeq):
    """The entry was built on another head than the stored one at the same seq (a stale cache)."""

    error = "stale_seq"


def _s(value: Any) -> Any:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def payload_digest(entry: Mapping[str, Any]) -> str:
    """What a command id promises: the same actor and the same command (not who retried it)."""
    return canon.digest({"actor": entry["actor"], "command": entry["command"]})


def created_ms(created: str) -> int:
    """Milliseconds since the epoch of an ISO UTC time (the indexes' score)."""
    moment = datetime.fromisoformat(created.replace("Z", "+00:00"))
    return int(moment.timestamp() * 1000)


def check_command_id(command_id: Any) -> str:
    if not isinstance(command_id, str) or not 1 <= len(command_id) <= MAX_COMMAND_ID or not command_id.isprintable():
        raise BadRequest({"command_id": [f"a command id is a printable string of 1 to {MAX_COMMAND_ID} characters"]})
    return command_id


def _check_seq(name: str, value: Any, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise BadRequest({name: [f"must be an integer >= {minimum}"]})
    return value


class _Script:
    """A Lua script run by EVALSHA, loaded again when the server answers NOSCRIPT
    (after a restart without persistence of scripts, a SCRIPT FLUSH or a failover)."""

    def __init__(self, name: str):
        self.name = name

    @cached_property
    def source(self) -> str:
        return resources.files("kifu.service.lua").joinpath(self.name).read_text(encoding="utf-8")

    @cached_property
    def sha(self) -> str:
        return hashlib.sha1(self.source.encode("utf-8")).hexdigest()

    def __call__(self, client: Any, keys_: Sequence[str], args: Sequence[Any]) -> Any:
        try:
            return client.evalsha(self.sha, len(keys_), *keys_, *args)
        except redis.exceptions.NoScriptError:
            client.script_load(self.source)
            return client.evalsha(self.sha, len(keys_), *keys_, *args)


APPEND = _Script("append.lua")
CREATE = _Script("create.lua")
NOTES_APPEND = _Script("notes_append.lua")
ACK = _Script("ack.lua")
RELEASE_OR_KEEP = _Script("import_claim.lua")
#: how long an import's claim on its record lasts before the match is stored
IMPORT_PENDING_MS = 60_000


def _append_outcome(answer: Any) -> str:
    code = _s(answer[0])
    return "wrote" if code == "ok" else "found" if code == "duplicate" else "refused"


def _meta_from_hash(raw: Mapping[Any, Any]) -> dict[str, Any] | None:
    if not raw:
        return None
    m = {_s(k): _s(v) for k, v in raw.items()}
    out: dict[str, Any] = dict(m)
    out["seq"] = int(m["seq"])
    out["rules_version"] = int(m["rules_version"])
    out["header"] = json.loads(m["header"])
    out["outcome"] = json.loads(m["outcome"]) if m.get("outcome") else None
    out["public_when_finished"] = m.get("public_when_finished") == "1"
    out["listed"] = m.get("listed", "1") == "1"
    out["created_ms"] = int(m["created_ms"])
    out["players"] = json.loads(m["players"]) if m.get("players") else []
    if m.get("acked") is not None:
        out["acked"] = int(m["acked"])
    return out


class Store:
    """The match store over one redis-py client (``Redis`` or ``RedisCluster``).

    Works with ``decode_responses`` on or off.
    """

    def __init__(self, client: Any, *, wait_replicas: int = 0, wait_ms: int = 1000):
        self.client = client
        #: replicas each create and append waits for (``WAIT``), and for how long at most
        self.wait_replicas = _check_seq("wait_replicas", wait_replicas, 0)
        self.wait_ms = _check_seq("wait_ms", wait_ms, 1)
        #: follow()'s socket timeouts and reconnects, for operators and tests
        self.stats: Counter[str] = Counter()

    # -- writes that wait for replicas ----------------------------------------------------

    def _write(self, script: _Script, mid: str, keys_: Sequence[str], args: Sequence[Any],
               outcome: Callable[[Any], str]) -> Any:
        """Run a write script; with ``wait_replicas``, on one connection to the match's
        primary, followed by ``WAIT`` (which counts the replicas holding this connection's
        last write). ``outcome(answer)`` is ``"wrote"``, ``"refused"`` (nothing to wait for)
        or ``"found"``: a duplicate that only read gets a marker write of its own, so that
        the WAIT covers the earlier write it found."""
        if not self.wait_replicas:
            return script(self.client, keys_, args)
        for attempt in range(4):
            node = self._primary(keys_[0])
            try:
                pipe = node.pipeline(transaction=False)
                pipe.evalsha(script.sha, len(keys_), *keys_, *args)
                pipe.execute_command("WAIT", self.wait_replicas, self.wait_ms)
                answer, acked = pipe.execute()
                if outcome(answer) == "refused":
                    return answer
                if outcome(answer) == "found":
                    acked = self._marker_wait(node, mid)
            except redis.exceptions.NoScriptError:
                node.script_load(script.source)
                continue
            except (redis.exceptions.MovedError, redis.exceptions.TryAgainError, redis.exceptions.ClusterDownError):
                # the slot moved (a failover) before the script ran: learn the new owner
                self._refresh_slots()
                time.sleep(0.05 * (attempt + 1))
                continue
            except redis.ConnectionError:
                # the script may or may not have run: never run it twice; the caller retries
                # with its command id once the cluster has a primary for the slot again
                self._refresh_slots()
                raise
            if int(acked) < self.wait_replicas:
                raise NotReplicated(self.wait_replicas, int(acked), self.wait_ms)
            return answer
        raise redis.ConnectionError(f"match {mid}: its slot kept moving; retry")

    def _marker_wait(self, node: Any, mid: str) -> int:
        """A marker write on ``node``'s connection, then WAIT: how many replicas hold
        everything this primary had, the writes this call only found included."""
        pipe = node.pipeline(transaction=False)
        pipe.set(keys.match_key(mid, "synced"), "1", px=60_000)
        pipe.execute_command("WAIT", self.wait_replicas, self.wait_ms)
        return int(pipe.execute()[1])

    def settle(self, mid: str, seq: int) -> None:
        """Entry ``seq`` was found again (a client's retry read its command id): with
        ``wait_replicas`` it is acknowledged only once WAIT says the replicas hold it, as
        the first answer would have been (``NotReplicated`` otherwise), and it is confirmed
        for followers."""
        if not self.wait_replicas:
            return
        try:
            acked = self._marker_wait(self._primary(keys.meta(mid)), mid)
        except (redis.exceptions.MovedError, redis.exceptions.TryAgainError, redis.exceptions.ClusterDownError):
            self._refresh_slots()
            raise redis.ConnectionError(f"match {mid}: its slot is moving; retry") from None
        if acked < self.wait_replicas:
            raise NotReplicated(self.wait_replicas, acked, self.wait_ms)
        self._confirm(mid, seq)

    def _confirm(self, mid: str, seq: int) -> None:
        """WAIT confirmed the match's writes up to ``seq``: let followers see them. If this
        mark cannot be written the write is not acknowledged either (the caller's 503):
        the client's retry with its command id finds the entry and marks it."""
        if self.wait_replicas and seq > 0:
            ACK(self.client, [keys.meta(mid), keys.acked(mid)], [str(seq)])

    def _primary(self, key: str) -> Any:
        """A client of the one Redis that owns ``key`` (the client itself unless a cluster)."""
        get_node = getattr(self.client, "get_node_from_key", None)
        if get_node is None:
            return self.client
        return self.client.get_redis_connection(get_node(key))

    def _refresh_slots(self) -> None:
        manager = getattr(self.client, "nodes_manager", None)
        if manager is not None:
            try:
                manager.initialize()
            except (redis.RedisError, redis.exceptions.RedisClusterException):
                pass  # no node answers yet; the next write tries again

    # -- creation ---------------------------------------------------------------------

    def create(
        self,
        mid: str,
        header: Mapping[str, Any],
        seed: str,
        *,
        deal: Sequence[Any] | None = None,
        public_when_finished: bool = True,
        listed: bool = True,
        state_hash: str = "",
        entries: Sequence[Mapping[str, Any]] = (),
        status: str = "live",
        outcome: Mapping[str, Any] | None = None,
        by: str = "",
        imported: bool = False,
    ) -> dict[str, Any]:
        """Store a new match (and, for an import, its whole log) in one script; then index it.

        ``seed`` and ``deal`` (a physical or observed table's set-up outcomes) go to the
        secret hash, never into meta; the header is stored without them. ``state_hash`` is
        the hash after the last of ``entries`` (the initial state's with none). Raises
        ``BadRequest`` if ``mid`` already exists or anything is malformed.
        """
        check_match_id(mid)
        if not isinstance(seed, str) or not seed:
            raise BadRequest({"seed": ["a seed is a non-empty string"]})
        if status not in STATUSES:
            raise BadRequest({"status": [f"one of {STATUSES}"]})
        head = records.genesis(header)
        for seq, entry in enumerate(entries, start=1):
            problem = records.entry_problem(entry)  # the record format's own check
            if problem or entry["seq"] != seq or entry["chain"] != records.chain_next(head, entry):
                raise BadRequest({"entries": [f"entry {seq}: {problem or 'seq or chain does not follow'}"]})
            head = entry["chain"]
        created = header["created"]
        names = [seat["name"] for seat in header["seats"]]
        fields = {
            "id": mid,
            "game": header["game"],
            "rules_version": str(header["rules_version"]),
            "header": canon.dumps({k: v for k, v in header.items() if k not in records.SECRET_FIELDS}),
            "players": canon.dumps(names),
            "tournament": header.get("tournament") or "",
            "status": status,
            "seq": str(len(entries)),
            "chain": head,
            "state_hash": state_hash,
            "outcome": canon.dumps(dict(outcome)) if outcome else "",
            "created": created,
            "created_ms": str(created_ms(created)),
            "updated": entries[-1]["at"] if entries else created,
            "public_when_finished": "1" if public_when_finished else "0",
            "listed": "1" if listed else "0",
            "by": by,
            "imported": "1" if imported else "0",
        }
        if self.wait_replicas:
            fields["acked"] = "0"  # nothing is confirmed until WAIT says so (``_confirm``)
        if deal is not None and not isinstance(deal, (list, tuple)):
            raise BadRequest({"deal": ["a deal is a list of outcomes"]})
        args: list[str] = [seed, "" if deal is None else canon.dumps(list(deal)), str(len(fields))]
        for name, value in fields.items():
            args += [name, value]
        args += [canon.dumps(dict(entry)) for entry in entries]
        answer = _s(self._write(CREATE, mid, [keys.meta(mid), keys.secret(mid), keys.log(mid)], args,
                                lambda answer: "wrote" if _s(answer) == "ok" else "refused"))
        if answer == "exists":
            raise BadRequest({"id": [f"match {mid} already exists"]})
        if answer != "ok":
            raise StoreCorrupt(f"create script answered {answer!r}")
        self._confirm(mid, len(entries))
        meta = self.meta(mid)
        assert meta is not None
        self._index(meta)
        return meta

    # -- imports: one match per record -------------------------------------------------

    def claim_import(self, genesis: str, mid: str, *, pending_ms: int = IMPORT_PENDING_MS) -> str | None:
        """Claim the record whose header digests to ``genesis`` for the new match ``mid``.

        None: the claim is ours, store the match and then ``confirm_import``. Else the id
        of the match that has it (stored, or being stored by a concurrent import). One
        ``SET NX`` decides, so of two imports at once exactly one stores. A pending claim
        expires after ``pending_ms``: an importer that dies between claim and create
        does not block the record for ever.
        """
        check_match_id(mid)
        key = keys.imported(genesis)
        if self.client.set(key, mid, nx=True, px=pending_ms):
            return None
        holder = self.client.get(key)
        if holder is None:  # expired between the two calls: try once more
            return None if self.client.set(key, mid, nx=True, px=pending_ms) else _s(self.client.get(key))
        return _s(holder)

    def confirm_import(self, genesis: str, mid: str) -> None:
        """The match is stored: its claim no longer expires."""
        RELEASE_OR_KEEP(self.client, [keys.imported(genesis)], [mid, "keep"])

    def release_import(self, genesis: str, mid: str) -> None:
        """The import failed: drop the claim if it is still ``mid``'s."""
        RELEASE_OR_KEEP(self.client, [keys.imported(genesis)], [mid, "release"])

    # -- reading ----------------------------------------------------------------------

    def exists(self, mid: str) -> bool:
        return bool(self.client.exists(keys.meta(check_match_id(mid))))

    def meta(self, mid: str) -> dict[str, Any] | None:
        """The match's meta hash, typed (seq int, header dict, outcome dict|None), or None."""
        return _meta_from_hash(self.client.hgetall(keys.meta(check_match_id(mid))))

    def set_broadcast(self, mid: str, delay: str | None) -> bool:
        """Keep the match's own broadcast delay (its JSON text; None: none) in its meta hash;
        False, writing nothing, when there is no such match."""
        key = keys.meta(check_match_id(mid))
        if not self.client.exists(key):
            return False
        if delay is None:
            self.client.hdel(key, "broadcast")
        else:
            self.client.hset(key, "broadcast", delay)
        return True

    def head(self, mid: str) -> tuple[int, str, str, str] | None:
        """``(seq, chain, state_hash, status)`` in one small read, or None."""
        seq, chain, state_hash, status = self.client.hmget(
            keys.meta(check_match_id(mid)), "seq", "chain", "state_hash", "status")
        if seq is None:
            return None
        return int(seq), _s(chain), _s(state_hash), _s(status)

    def followed(self, mid: str) -> tuple[int, str] | None:
        """``(seq, status)`` as followers may see it, or None: with ``wait_replicas`` the
        confirmed mark, not the log's last entry (a match from before it has none: its seq)."""
        seq, acked, status = self.client.hmget(keys.meta(check_match_id(mid)), "seq", "acked", "status")
        if seq is None:
            return None
        visible = int(acked) if self.wait_replicas and acked is not None else int(seq)
        return visible, _s(status)

    def seed(self, mid: str) -> str:
        """The match's secret seed. Callers gate who sees it."""
        return self.secrets(mid)[0]

    def secrets(self, mid: str) -> tuple[str, list[Any] | None]:
        """``(seed, deal)``: the match's secrets (deal None at a digital table). Callers gate who sees them."""
        seed, deal = self.client.hmget(keys.secret(check_match_id(mid)), "seed", "deal")
        if seed is None:
            raise NotFound(f"no match {mid}")
        return _s(seed), (json.loads(_s(deal)) if deal else None)

    def entries(self, mid: str, from_seq: int = 1, to_seq: int | None = None) -> list[dict[str, Any]]:
        """Entries ``from_seq`` .. ``to_seq`` (inclusive; None = to the head), as stored."""
        check_match_id(mid)
        _check_seq("from", from_seq, 1)
        if to_seq is not None:
            _check_seq("to", to_seq, 0)
            if to_seq < from_seq:
                return []
        raw = self.client.xrange(keys.log(mid), keys.entry_id(from_seq),
                                 "+" if to_seq is None else keys.entry_id(to_seq))
        return [self._entry(fields) for _, fields in raw]

    def entry(self, mid: str, seq: int) -> dict[str, Any] | None:
        found = self.entries(mid, seq, seq)
        return found[0] if found else None

    @staticmethod
    def _entry(fields: Mapping[Any, Any]) -> dict[str, Any]:
        value = fields.get("entry", fields.get(b"entry"))
        return json.loads(value)

    def command_id(self, mid: str, command_id: str) -> tuple[int, str] | None:
        """``(seq, payload digest)`` recorded under ``command_id``, or None."""
        value = self.client.hget(keys.idem(check_match_id(mid)), command_id)
        if value is None:
            return None
        seq, digest = _s(value).split(":", 1)
        return int(seq), digest

    # -- appending --------------------------------------------------------------------

    def append(
        self,
        mid: str,
        expected_seq: int,
        command_id: str | None,
        entry: Mapping[str, Any],
        *,
        status: str | None = None,
        outcome: Mapping[str, Any] | None = None,
        prev_chain: str | None = None,
    ) -> tuple[int, bool]:
        """Append ``entry`` (seq ``expected_seq + 1``) if the log is at ``expected_seq``.

        One Lua script: the command id is looked up first (same id and payload -> the
        original seq with ``duplicate=True``; same id, other payload ->
        ``IdempotencyConflict``), then the expected seq (``StaleSeq``), the status
        (``MatchOver``) and, when given, the head chain the entry was built on
        (``ChainMismatch``). Returns ``(seq, duplicate)``. Nothing is written on any refusal.
        """
        check_match_id(mid)
        _check_seq("expected_seq", expected_seq, 0)
        cid = "" if command_id is None else check_command_id(command_id)
        problem = records.entry_problem(entry)
        if problem:
            raise BadRequest({"entry": [problem]})
        if entry["seq"] != expected_seq + 1:
            raise BadRequest({"entry": [f"entry seq {entry['seq']} does not follow expected seq {expected_seq}"]})
        if prev_chain is not None and entry["chain"] != records.chain_next(prev_chain, entry):
            raise BadRequest({"entry": ["chain does not follow prev_chain"]})
        if status is not None and status not in STATUSES:
            raise BadRequest({"status": [f"one of {STATUSES}"]})
        args = [
            str(expected_seq), cid, payload_digest(entry), canon.dumps(dict(entry)), entry["state_hash"],
            entry["chain"], prev_chain if prev_chain is not None else "", entry["at"], status or "",
            canon.dumps(dict(outcome)) if outcome else "",
        ]
        if prev_chain is None:
            args[6] = self._current_chain(mid)
        code, seq_text, current_text = (
            _s(x) for x in self._write(APPEND, mid, [keys.meta(mid), keys.log(mid), keys.idem(mid)], args,
                                       _append_outcome))
        seq = int(seq_text)
        if code in ("ok", "duplicate"):
            self._confirm(mid, seq)
        if code == "ok":
            if status == "finished":
                self._mark_finished(mid)
            return seq, False
        if code == "duplicate":
            return seq, True
        raise self._refusal(mid, code, seq, expected_seq, cid, int(current_text))

    def _current_chain(self, mid: str) -> str:
        # Without prev_chain the caller vouches for the entry; the script still checks
        # seq, so read the chain to pass its own check (tests and tools only).
        value = self.client.hget(keys.meta(mid), "chain")
        return _s(value) if value is not None else ""

    def _refusal(self, mid: str, code: str, seq: int, expected: int, cid: str, current: int) -> ServiceError:
        if code == "idempotency_conflict":
            return IdempotencyConflict(seq, cid, current)
        if code == "stale_seq":
            return StaleSeq(seq, expected)
        if code == "chain_mismatch":
            return ChainMismatch(seq, expected, f"the entry was built on another head than seq {seq}'s")
        if code == "match_over":
            return MatchOver(seq)
        if code == "not_found":
            return NotFound(f"no match {mid}")
        if code == "bad_args":
            return BadRequest({"entry": ["rejected by the append script"]})
        return StoreCorrupt(f"match {mid}: the log does not end at meta seq {seq}")

    # -- snapshots --------------------------------------------------------------------

    def snapshot_put(self, mid: str, snapshot: Snapshot) -> None:
        self.client.hset(keys.snap(check_match_id(mid)), str(snapshot.seq), snapshot.to_json())

    def snapshot_get(self, mid: str, max_seq: int, *, game: str | None = None,
                     rules_version: int | None = None) -> Snapshot | None:
        """The latest snapshot at or before ``max_seq`` (of that game and rules version if given)."""
        key = keys.snap(check_match_id(mid))
        seqs = sorted((int(_s(s)) for s in self.client.hkeys(key)), reverse=True)
        for seq in seqs:
            if seq > max_seq:
                continue
            raw = self.client.hget(key, str(seq))
            if raw is None:
                continue
            snapshot = Snapshot.from_json(raw)
            if snapshot.seq != seq:
                continue
            if game is not None and snapshot.game != game:
                continue
            if rules_version is not None and snapshot.rules_version != rules_version:
                continue
            return snapshot
        return None

    # -- indexes ----------------------------------------------------------------------

    @staticmethod
    def _index_keys(meta: Mapping[str, Any]) -> list[str]:
        out = [keys.idx_all(), keys.idx_game(meta["game"]), keys.idx_status(meta["status"])]
        if meta.get("tournament"):
            out.append(keys.idx_tournament(meta["tournament"]))
        out += [keys.idx_player(name) for name in meta.get("players", [])]
        return out

    def _index(self, meta: Mapping[str, Any]) -> None:
        pipe = self.client.pipeline(transaction=False)
        for key in self._index_keys(meta):
            pipe.zadd(key, {meta["id"]: meta["created_ms"]})
        other = "live" if meta["status"] == "finished" else "finished"
        pipe.zrem(keys.idx_status(other), meta["id"])
        pipe.execute()

    def _mark_finished(self, mid: str) -> None:
        meta = self.meta(mid)
        if meta is not None:
            self._index(meta)

    def rebuild_indexes(self) -> int:
        """Recompute every index from the matches' metas; returns the number of matches.

        Idempotent; safe to run while matches are recorded (a match's own write always
        comes first, and re-indexing it is harmless). Imported matches get back their
        record's claim (``claim_import``) if it is missing, e.g. imported before claims
        existed; of two imports of one record the earlier keeps it.
        """
        wanted: dict[str, dict[str, int]] = {}
        claims: list[tuple[int, str, str]] = []
        count = 0
        for key in self.client.scan_iter(match=keys.META_PATTERN, count=500):
            mid = keys.mid_of_meta(_s(key))
            if mid is None:
                continue
            try:
                meta = self.meta(mid)
            except NotFound:
                continue
            if meta is None:
                continue
            count += 1
            for index_key in self._index_keys(meta):
                wanted.setdefault(index_key, {})[mid] = meta["created_ms"]
            if meta.get("imported") == "1":
                claims.append((meta["created_ms"], mid, records.genesis(meta["header"])))
        existing = {_s(k) for k in self.client.scan_iter(match=keys.INDEX_PATTERN, count=500)}
        pipe = self.client.pipeline(transaction=False)
        for key in existing:
            extra = {_s(m) for m in self.client.zrange(key, 0, -1)} - set(wanted.get(key, ()))
            # a member the scan did not see may belong to a match created meanwhile: drop it
            # only if its match is gone or no longer belongs to this index
            stale = [mid for mid in extra if not self._belongs(mid, key)]
            if stale:
                pipe.zrem(key, *stale)
        for key, members in wanted.items():
            pipe.zadd(key, members)
        for _, mid, genesis in sorted(claims):
            pipe.set(keys.imported(genesis), mid, nx=True)
        pipe.execute()
        return count

    def _belongs(self, mid: str, key: str) -> bool:
        try:
            meta = self.meta(mid)
        except NotFound:
            return False
        return meta is not None and key in self._index_keys(meta)

    def count(self) -> int:
        return int(self.client.zcard(keys.idx_all()))

    def list_matches(
        self,
        *,
        game: str | None = None,
        status: str | None = None,
        tournament: str | None = None,
        player: str | None = None,
        listed_only: bool = False,
        cursor: str | None = None,
        limit: int = 50,
    ) -> tuple[list[dict[str, Any]], str | None]:
        """Metas newest first, filtered; ``next`` is an opaque cursor or None at the end.

        One index drives the scan (the most selective filter given); every other filter
        is checked against the match's own meta, so a stale index entry never shows.
        """
        _check_seq("limit", limit, 1)
        if status is not None and status not in STATUSES:
            raise BadRequest({"status": [f"one of {STATUSES}"]})
        if tournament:
            key = keys.idx_tournament(tournament)
        elif player:
            key = keys.idx_player(player)
        elif game:
            key = keys.idx_game(game)
        elif status:
            key = keys.idx_status(status)
        else:
            key = keys.idx_all()
        top: str = "+inf"
        after: str | None = None
        if cursor is not None:
            try:
                score_text, after = cursor.split(":", 1)
                top = str(int(score_text))
                check_match_id(after)
            except (ValueError, NotFound):
                raise BadRequest({"cursor": ["not a cursor this service returned"]}) from None
        found: list[dict[str, Any]] = []
        offset, batch = 0, max(limit + 1, 50)
        while len(found) <= limit:
            page = self.client.zrevrangebyscore(key, top, "-inf", start=offset, num=batch, withscores=True)
            if not page:
                break
            offset += len(page)
            candidates = []
            for member, score in page:
                mid = _s(member)
                if after is not None and int(score) == int(top) and mid >= after:
                    continue
                candidates.append(mid)
            pipe = self.client.pipeline(transaction=False)
            for mid in candidates:
                pipe.hgetall(keys.meta(mid))
            for mid, raw in zip(candidates, pipe.execute()):
                meta = _meta_from_hash(raw)
                if meta is None:
                    continue
                if ((game and meta["game"] != game) or (status and meta["status"] != status)
                        or (tournament and meta.get("tournament") != tournament)
                        or (player and player.casefold() not in {p.casefold() for p in meta["players"]})
                        or (listed_only and not meta["listed"])):
                    continue
                found.append(meta)
                if len(found) > limit:
                    break
        more = len(found) > limit
        found = found[:limit]
        next_cursor = f"{found[-1]['created_ms']}:{found[-1]['id']}" if more and found else None
        return found, next_cursor

    # -- notes ------------------------------------------------------------------------

    def notes_events(self, mid: str) -> tuple[list[tuple[str, dict[str, Any]]], str]:
        """Every event of the match's notes stream as ``(id, event)``, oldest first, and the
        stream's last id ("" when empty); ``kifu.service.notes`` folds them."""
        out = []
        for raw_id, fields in self.client.xrange(keys.notes(check_match_id(mid))):
            value = fields.get("note", fields.get(b"note"))
            try:
                event = json.loads(_s(value))
            except (TypeError, ValueError):
                raise StoreCorrupt(f"match {mid}: notes entry {_s(raw_id)} is not a note") from None
            out.append((_s(raw_id), event))
        return out, (out[-1][0] if out else "")

    def notes_append(self, mid: str, event: Mapping[str, Any], *, expected: str = "*") -> str | None:
        """Append one notes event if the stream's last id is still ``expected`` ("*": no
        check; "": the stream is empty). Returns the new event's id, or None when the stream
        moved meanwhile (nothing written); ``NotFound`` for no match."""
        check_match_id(mid)
        code, new_id = (_s(x) for x in NOTES_APPEND(self.client, [keys.notes(mid), keys.meta(mid)],
                                                    [expected, canon.dumps(dict(event))]))
        if code == "not_found":
            raise NotFound(f"no match {mid}")
        if code == "stale":
            return None
        if code != "ok":
            raise StoreCorrupt(f"notes script answered {code!r}")
        return new_id

    # -- following --------------------------------------------------------------------

    def follow(
        self,
        mid: str,
        after_seq: int = 0,
        *,
        block_ms: int = 15000,
        until_finished: bool = True,
        heartbeat: bool = False,
        count: int = 100,
        max_reconnects: int = 20,
    ) -> Iterator[dict[str, Any] | None]:
        """Entries after ``after_seq`` as they are appended: XREAD BLOCK in a loop.

        A client whose socket timeout is shorter than the block raises ``TimeoutError``
        (after redis-py's own retries); that connection is dropped by the pool and the
        next XREAD starts again from the last ID yielded, so no entry is lost or repeated.
        Stops once the match is finished and its last entry yielded (``until_finished``).
        With ``heartbeat``, yields ``None`` after each idle block (an SSE comment's cue).
        Gives up after ``max_reconnects`` connection errors in a row. With
        ``wait_replicas`` it blocks on the match's confirmed mark instead of its log and
        yields entries only up to it (``followed``).
        """
        check_match_id(mid)
        _check_seq("after_seq", after_seq, 0)
        key = keys.log(mid)
        watched = keys.acked(mid) if self.wait_replicas else key
        last_seq = after_seq
        failures = 0
        if self.head(mid) is None:
            raise NotFound(f"no match {mid}")
        while True:
            try:
                if until_finished:
                    head = self.followed(mid)
                    if head is None or (head[1] == "finished" and head[0] <= last_seq):
                        return
                answer = self.client.xread({watched: keys.entry_id(last_seq)}, count=count, block=block_ms)
                if watched != key:
                    answer = self._confirmed_part(answer, watched, key, last_seq, count)
            except redis.exceptions.TimeoutError:
                self.stats["follow_timeouts"] += 1
                answer = None  # our socket gave up before the server's block ended
            except redis.exceptions.ConnectionError:
                self.stats["follow_reconnects"] += 1
                failures += 1
                if failures > max_reconnects:
                    raise
                time.sleep(min(0.05 * 2 ** failures, 2.0))
                continue
            failures = 0
            got = False
            for fields in self._xread_entries(answer, key):
                entry = self._entry(fields)
                if entry["seq"] <= last_seq:
                    continue  # never repeat, whatever a reconnect replayed
                last_seq = entry["seq"]
                got = True
                yield entry
            if not got and heartbeat:
                yield None

    def _confirmed_part(self, answer: Any, watched: str, key: str, after: int, count: int) -> Any:
        """The log's entries after ``after`` up to the confirmed mark an XREAD of ``watched``
        returned, shaped as an XREAD answer of ``key`` (None when the mark did not move)."""
        marks = [fields for fields in self._xread_entries(answer, watched)]
        if not marks:
            return None
        top = min(max(int(_s(m.get("seq", m.get(b"seq")))) for m in marks), after + count)
        return [[key, self.client.xrange(key, keys.entry_id(after + 1), keys.entry_id(top))]]

    @staticmethod
    def _xread_entries(answer: Any, key: str) -> Iterator[Mapping[Any, Any]]:
        """The entries of ``key`` in an XREAD answer, RESP2 (``[[key, entries]]``) or RESP3
        (``{key: [entries]}``, the entries wrapped in one more list)."""
        if not answer:
            return
        if isinstance(answer, dict):
            streams = []
            for stream_key, value in answer.items():
                if len(value) == 1 and isinstance(value[0], list) and (
                        not value[0] or isinstance(value[0][0], (list, tuple))):
                    value = value[0]
                streams.append((stream_key, value))
        else:
            streams = [(item[0], item[1]) for item in answer]
        for stream_key, items in streams:
            if _s(stream_key) != key:
                continue
            for _, fields in items:
                yield fields
