"""Bearer tokens, roles, and what each role may see and record.

Tokens are random (``kifu_`` + ``secrets.token_urlsafe(32)``) and only their SHA-256 is stored, in
``kifu:tok:<sha256>`` hashes; a leaked database therefore leaks no usable token. Roles
(DESIGN.md, "API and security"):

- ``admin`` (organizer), ``judge`` and ``head_judge``: every perspective of every match, incl.
  omniscient (judging, ``kifu.service.judging``: a head judge also rules on appeals);
- ``recorder``: every seat of its one match (it records for the whole table);
- ``player``: its one seat of its one match (records it only at a digital table: at a
  physical or observed one the recorder states what happens);
- ``annotator``: what the public sees, and writes notes on any match (``may_annotate``,
  ``may_read_notes``; notes are their own stream);
- anonymous (``None``): the public perspective;
- everyone, where the organizer set a broadcast delay: ``broadcast``, the omniscient view
  some turns or minutes behind the live head (``kifu.service.broadcast``).

A finished match whose ``public_when_finished`` is true is open to everyone, omniscient
view and seed included. Every omniscient look at a LIVE match by a judge or an admin is
appended to the ``kifu:audit`` stream, so an organizer can see who looked at hidden cards
(``GET /api/audit``).

A token's record is read from Redis at every request (``authenticate``), so revoking it
takes effect at once; only while the Redis node holding it cannot answer does the verdict
of a lookup made within the last few seconds stand in (``kifu.service.faults``: a dead
primary must not refuse the tokens of matches on the other shards). A revoked token is
therefore refused at most ``faults.GRACE_SECONDS`` after its revocation.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Mapping

from kifu.replays.rules import OMNISCIENT, PUBLIC, seat_ids
from kifu.service import faults
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import BadRequest, Forbidden, Unauthorized

ROLES = ("admin", "judge", "head_judge", "recorder", "player", "annotator")
OMNISCIENT_ROLES = ("admin", "judge", "head_judge")
TOKEN_PREFIX = "kifu:tok:"
AUDIT_KEY = "kifu:audit"
ADMIN_MARKER = "kifu:admin"  #: hash of the current configured/generated admin token


@dataclass(frozen=True)
class Principal:
    """Who is calling. ``token_id`` is a short prefix of the token hash, for logs and limits."""

    role: str
    name: str
    match: str | None = None
    seat: str | None = None
    token_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


class TokenSpecError(ValueError):
    """A token request that does not make sense (unknown role, player without a seat...)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _client(store_or_client: Any) -> Any:
    """The redis-py client behind a Store (``.client`` / ``.redis``) or the client itself."""
    for attr in ("client", "redis", "r"):
        inner = getattr(store_or_client, attr, None)
        if inner is not None and hasattr(inner, "hgetall"):
            return inner
    return store_or_client


def _text(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def check_spec(role: str, match: str | None, seat: str | None) -> None:
    if role not in ROLES:
        raise TokenSpecError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    if role == "player" and (not match or not seat):
        raise TokenSpecError("a player token needs --match and --seat")
    if role == "recorder" and not match:
        raise TokenSpecError("a recorder token needs --match")
    if role not in ("player",) and seat:
        raise TokenSpecError(f"only a player token has a seat, not a {role} token")
    if role in ("admin", "judge", "head_judge", "annotator") and match:
        raise TokenSpecError(f"a {role} token is not bound to one match")
    if seat is not None and not (seat.startswith("p") and seat[1:].isdigit() and seat != "p0"):
        raise TokenSpecError(f"seat must be a seat id like p1, not {seat!r}")


def store_token(store_or_client: Any, token: str, *, role: str, name: str,
                match: str | None = None, seat: str | None = None) -> str:
    """Store the hash of ``token`` with its grants; returns the hash."""
    check_spec(role, match, seat)
    digest = hash_token(token)
    fields = {"role": role, "name": name, "created": datetime.now(timezone.utc).isoformat()}
    if match:
        fields["match"] = match
    if seat:
        fields["seat"] = seat
    _client(store_or_client).hset(TOKEN_PREFIX + digest, mapping=fields)
    return digest


def new_token() -> str:
    """A fresh random token. The prefix keeps it from ever starting with "-" (a command
    line would read it as an option) and lets secret scanners recognise a leaked one."""
    return "kifu_" + secrets.token_urlsafe(32)


def create_token(store_or_client: Any, *, role: str, name: str | None = None,
                 match: str | None = None, seat: str | None = None) -> str:
    """A new random token for ``role``; the plaintext is returned once and never stored."""
    check_spec(role, match, seat)
    token = new_token()
    store_token(store_or_client, token, role=role, name=name or role, match=match, seat=seat)
    return token


def revoke(store_or_client: Any, token: str) -> bool:
    client = _client(store_or_client)
    key = TOKEN_PREFIX + hash_token(token)
    faults.guard(client).forget(key)
    return bool(client.delete(key))


def _record(client: Any, key: str) -> Any:
    """``HGETALL`` of a token's record, or a recent verdict while its node cannot answer."""
    return faults.guard(client).read(key, lambda: client.hgetall(key))


def token_key(token: str) -> str | None:
    """The Redis key of ``token``'s record, or None for a token that cannot be one."""
    if not token or len(token) > 256:
        return None
    return TOKEN_PREFIX + hash_token(token)


def principal_from(key: str, raw: Mapping[Any, Any] | None) -> Principal | None:
    """The principal a token record (``HGETALL`` of ``key``) describes, or None."""
    if not raw:
        return None
    data = {_text(k): _text(v) for k, v in raw.items()}
    if data.get("role") not in ROLES:
        return None
    digest = key[len(TOKEN_PREFIX):]
    return Principal(role=data["role"], name=data.get("name") or data["role"],
                     match=data.get("match"), seat=data.get("seat"), token_id=digest[:12])


def authenticate(store_or_client: Any, token: str | None) -> Principal | None:
    """The principal holding ``token``, or None for an unknown (or empty) token."""
    key = token_key(token or "")
    return principal_from(key, _record(_client(store_or_client), key)) if key else None


def principal_by_digest(store_or_client: Any, digest: Any) -> Principal | None:
    """The principal whose token hashes to ``digest`` (what a web session keeps), or None."""
    if not isinstance(digest, str) or len(digest) != 64:
        return None
    key = TOKEN_PREFIX + digest
    return principal_from(key, _record(_client(store_or_client), key))


def ensure_admin_token(store_or_client: Any, token: str) -> None:
    """Make ``token`` the admin token (from KIFU_ADMIN_TOKEN); a previous one stops working."""
    client = _client(store_or_client)
    digest = hash_token(token)
    previous = client.get(ADMIN_MARKER)
    previous = _text(previous) if previous is not None else None
    if previous == digest and client.exists(TOKEN_PREFIX + digest):
        return
    store_token(client, token, role="admin", name="admin")
    if previous and previous != digest:
        faults.guard(client).forget(TOKEN_PREFIX + previous)
        client.delete(TOKEN_PREFIX + previous)
    client.set(ADMIN_MARKER, digest)


def has_admin_token(store_or_client: Any) -> bool:
    client = _client(store_or_client)
    marker = client.get(ADMIN_MARKER)
    return marker is not None and bool(client.exists(TOKEN_PREFIX + _text(marker)))


def generate_admin_token(store_or_client: Any) -> str:
    """A fresh admin token (first start without KIFU_ADMIN_TOKEN); print it once."""
    token = new_token()
    ensure_admin_token(store_or_client, token)
    return token


# --- what a principal may do with one match -------------------------------------------

def _seats(info: Any) -> list[str]:
    return seat_ids(len(info.header["seats"]))


def _open(info: Any) -> bool:
    """A finished match that its organizer made public: everyone sees everything."""
    return info.status == "finished" and bool(info.public_when_finished)


def perspectives_for(principal: Principal | None, info: Any) -> list[str]:
    """Every perspective ``principal`` may ask for on this match, public first; with a
    broadcast delay set, the delayed ``broadcast`` (``kifu.service.broadcast``) for everyone,
    next to the public: a stream needs no token."""
    public = [PUBLIC, BROADCAST] if getattr(info, "broadcast", None) is not None else [PUBLIC]
    seats = _seats(info)
    if _open(info) or (principal is not None and principal.role in OMNISCIENT_ROLES):
        return [*public, *seats, OMNISCIENT]
    if principal is None or principal.match != info.id:
        return public
    if principal.role == "recorder":
        return [*public, *seats]
    if principal.role == "player" and principal.seat in seats:
        return [*public, principal.seat]
    return public


def widest(principal: Principal | None, info: Any) -> str:
    """The perspective that shows ``principal`` the most of this match now (a judge's
    omniscient one): the broadcast aside, which is the omniscient view only up to its head."""
    return [p for p in perspectives_for(principal, info) if p != BROADCAST][-1]


def _chance_table(info: Any) -> bool:
    """A physical or observed table: its recorder states the chance outcomes."""
    return info.header.get("table", "digital") != "digital"


def may_append(principal: Principal | None, info: Any, seat: str) -> bool:
    """Whether ``principal`` may record a command for ``seat`` (see ``appender``)."""
    if principal is None or seat not in _seats(info):
        return False
    if principal.role in OMNISCIENT_ROLES:
        return True
    if principal.match != info.id:
        return False
    if principal.role == "player":
        # At a physical or observed table the possible outcomes a command is checked
        # against (its ``needs``, its listed outcomes) come from every card placed so far,
        # the other seats' hands included: only those who see the whole table record there.
        return principal.seat == seat and not _chance_table(info)
    return principal.role == "recorder"


def appender(principal: Principal | None, info: Any, seat: Any) -> str:
    """The actor of a command ``principal`` records for ``seat``: the one decision of who
    may append for a seat, which the API and the recording table both make here.

    400 for a seat the match does not have, 401 without a principal, 403 when the role,
    its match or its seat do not allow it (a player records only its own seat, and only at
    a digital table). A judge or admin acts as ``judge``; anyone else as the seat.
    """
    seats = _seats(info)
    if not isinstance(seat, str) or seat not in seats:
        raise BadRequest({"command": {"seat": [f"one of {', '.join(seats)}"]}})
    if principal is None:
        raise Unauthorized("recording a command needs a token")
    if not may_append(principal, info, seat):
        why = ""
        if principal.role == "player" and principal.match == info.id and principal.seat == seat:
            why = f" (at a {info.header.get('table')} table the recorder enters the game)"
        raise Forbidden(f"a {principal.role} token may not record for {seat} in this match{why}")
    return "judge" if principal.role in OMNISCIENT_ROLES else seat


def may_see_seed(principal: Principal | None, info: Any) -> bool:
    """The seed never leaves a live match except to a judge (or the organizer)."""
    if info.status == "finished":
        return _open(info) or (principal is not None and principal.role in OMNISCIENT_ROLES)
    return principal is not None and principal.role in OMNISCIENT_ROLES


def may_create_match(principal: Principal | None) -> bool:
    """Organizers create matches; so do recorders, who set up the tables they record."""
    return principal is not None and principal.role in ("admin", "recorder")


def may_import(principal: Principal | None) -> bool:
    return principal is not None and principal.role == "admin"


def sees_all_matches(principal: Principal | None) -> bool:
    """Admins and judges list private matches too; everyone else lists public ones."""
    return principal is not None and principal.role in OMNISCIENT_ROLES


def needs_audit(principal: Principal | None, info: Any, perspective: str) -> bool:
    """A judge's or admin's look at hidden information of a live match: the omniscient
    view, and any seat's view too (two seat views make nearly the omniscient one). Not
    the broadcast: it is everyone's, and shows nothing that is still live."""
    return perspective not in (PUBLIC, BROADCAST) and info.status != "finished" and principal is not None \
        and principal.role in OMNISCIENT_ROLES


def audit(store_or_client: Any, principal: Principal, info: Any, *, what: str, perspective: str,
          at: int | None = None, remote: str | None = None) -> None:
    """Append one omniscient look at a live match to ``kifu:audit`` (never trimmed)."""
    fields = {
        "when": datetime.now(timezone.utc).isoformat(),
        "role": principal.role, "name": principal.name, "token": principal.token_id or "",
        "match": info.id, "what": what, "perspective": perspective,
        "seq": str(info.seq if at is None else at), "remote": remote or "",
    }
    _client(store_or_client).xadd(AUDIT_KEY, fields)


# --- notes (annotations) ----------------------------------------------------------------

def may_annotate(principal: Principal | None, info: Any, note: Mapping[str, Any] | None = None) -> bool:
    """Whether ``principal`` may write notes on this match: ``annotator``, ``judge`` and
    ``admin`` tokens on any match, the ``recorder`` of this match. Players may not (a
    player's comment on its own live game would be table talk, and on the opponent's it
    would be a way to be heard by the table); anonymous callers may not.

    With ``note`` (a live note, with its author's ``role`` and ``author`` token id): whether
    ``principal`` may edit or delete that note: its author, or a judge or admin.
    """
    if principal is None:
        return False
    if principal.role in ("annotator", *OMNISCIENT_ROLES):
        allowed = True
    else:
        allowed = principal.role == "recorder" and principal.match == info.id
    if not allowed or note is None:
        return allowed
    return principal.role in OMNISCIENT_ROLES or (
        principal.token_id is not None and note.get("author") == principal.token_id)


def may_read_notes(principal: Principal | None, info: Any, note: Mapping[str, Any] | None = None) -> bool:
    """Whether ``principal`` may read this match's notes (``note`` None) or that one note.

    Notes are commentary: whoever may see the match's public view reads them, and a note
    is public once written. Except while the match is LIVE: a note by an ``annotator`` is
    shown only to judges and admins (and to its own author) until the match is over, so
    that commentary cannot coach a player mid-game. Notes by judges, admins and the
    match's recorder (rulings, table notes) are public at once.
    """
    if PUBLIC not in perspectives_for(principal, info):
        return False
    if note is None or info.status == "finished" or note.get("role") != "annotator":
        return True
    if principal is None:
        return False
    return principal.role in OMNISCIENT_ROLES or (
        principal.token_id is not None and note.get("author") == principal.token_id)
