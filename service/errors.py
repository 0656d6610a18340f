"""The service's errors. Each maps to one HTTP status and a stable JSON shape.

``to_json()`` is the body the API sends: ``{"error": code, "message": ...}`` plus the
fields of that error (``rule`` for a rule violation, ``errors`` for a schema error,
``current_seq`` for a stale append, ...). Raising any of them writes nothing: the store
validates everything before its first write.
"""
from __future__ import annotations

from typing import Any, Mapping


class ServiceError(Exception):
    status = 500
    error = "internal"

    def __init__(self, message: str = ""):
        self.message = message or self.__class__.__doc__.strip().splitlines()[0]
        super().__init__(self.message)

    def extra(self) -> dict[str, Any]:
        return {}

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error, "message": self.message, **self.extra()}


class NotFound(ServiceError):
    """No such match (or entry)."""

    status = 404
    error = "not_found"


class StaleSeq(ServiceError):
    """The expected seq is not the match's current seq."""

    status = 409
    error = "stale_seq"

    def __init__(self, current_seq: int, expected_seq: int | None = None, message: str = ""):
        self.current_seq = current_seq
        self.expected_seq = expected_seq
        super().__init__(message or f"expected seq {expected_seq}, but the match is at seq {current_seq}")

    def extra(self) -> dict[str, Any]:
        return {"current_seq": self.current_seq}


class IdempotencyConflict(ServiceError):
    """This command id was already used for another command."""

    status = 409
    error = "idempotency_conflict"

    def __init__(self, seq: int, command_id: str = "", current_seq: int | None = None, message: str = ""):
        self.seq = seq
        self.command_id = command_id
        self.current_seq = current_seq
        super().__init__(message or f"command id {command_id!r} was already used for another command (seq {seq})")

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq}
        if self.current_seq is not None:
            out["current_seq"] = self.current_seq
        return out


class Conflict(ServiceError):
    """Too many concurrent appends: gave up after the bounded retries."""

    status = 409
    error = "conflict"

    def __init__(self, current_seq: int, message: str = ""):
        self.current_seq = current_seq
        super().__init__(message or f"gave up after repeated concurrent appends; the match is at seq {current_seq}")

    def extra(self) -> dict[str, Any]:
        return {"current_seq": self.current_seq}


class ImportConflict(ServiceError):
    """The record's header is already stored as another match, with another log (or that
    match is still being stored by a concurrent import)."""

    status = 409
    error = "import_conflict"

    def __init__(self, match_id: str, message: str = ""):
        self.match_id = match_id
        super().__init__(message)

    def extra(self) -> dict[str, Any]:
        return {"match_id": self.match_id}


class MatchOver(ServiceError):
    """The match is finished; nothing more can be appended."""

    status = 409
    error = "match_over"

    def __init__(self, current_seq: int, message: str = ""):
        self.current_seq = current_seq
        super().__init__(message or f"the match is over (final seq {current_seq}); nothing more can be recorded")

    def extra(self) -> dict[str, Any]:
        return {"current_seq": self.current_seq}


class Unauthorized(ServiceError):
    """A valid bearer token is required."""

    status = 401
    error = "unauthorized"


class Forbidden(ServiceError):
    """This token may not do that."""

    status = 403
    error = "forbidden"


class BadRequest(ServiceError):
    """The request is malformed."""

    status = 400
    error = "schema"

    def __init__(self, errors: Mapping[str, Any], message: str = ""):
        self.errors = dict(errors)
        super().__init__(message or f"malformed request: {self.errors}")

    def extra(self) -> dict[str, Any]:
        return {"errors": self.errors}


class NotInMatch(BadRequest):
    """A well-formed value that names what this match lacks (a seat beyond its seat count,
    a step beyond its head): the OpenAPI document cannot know the match, so its code
    tells such a refusal from a malformed request."""

    error = "not_in_match"


class Unprocessable(BadRequest):
    """Well-formed, but refused by a rule the OpenAPI document cannot state: a relation
    between fields or items (two infractions of one name, an arrow from an anchor to
    itself), or what only the stored data knows (a card set, a game's deck check, an
    event's format). ``errors`` names the fields, as for a malformed request."""

    status = 422
    error = "unprocessable"


class UnknownCardSet(Unprocessable):
    """No stored card set of the game has this id or digest (or two share the id)."""

    error = "unknown_cardset"


class DeckProblem(Unprocessable):
    """The game's own deck check refuses the list (``errors.deck`` names every problem)."""

    error = "deck_problem"


class Rejected(ServiceError):
    """The rules forbid this command now.

    ``needs`` (a physical or observed table) is the chance event whose outcome is missing
    or impossible: ``name, rule, options, unknown_ok, visible`` (``Event.to_json``), the
    ``index`` the outcome takes in ``"outcomes"`` (or in the deal) and the options' printed
    ``names``, so a client can offer exactly the possible outcomes.
    """

    status = 422
    error = "rule_violation"

    def __init__(self, rule: str, message: str, needs: Mapping[str, Any] | None = None):
        self.rule = rule
        self.needs = dict(needs) if needs is not None else None
        super().__init__(message)

    @classmethod
    def from_violation(cls, violation: Any, needs: Mapping[str, Any] | None = None) -> "Rejected":
        return cls(violation.rule, violation.message, needs)

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule}
        if self.needs is not None:
            out["needs"] = self.needs
        return out


class BadJson(ServiceError):
    """The body is not JSON kifu reads (malformed, floats, NaN, too deep, a lone surrogate)."""

    status = 400
    error = "bad_json"


class RulesUnavailable(ServiceError):
    """This kifu cannot replay the match: it lacks its game, its rules version or its card set.

    Nothing is wrong with the match; another kifu release (or an imported card set) reads it.
    """

    status = 501
    error = "rules_unavailable"

    def __init__(self, message: str, *, game: str, rules_version: int | None = None,
                 available: int | None = None):
        self.game = game
        self.rules_version = rules_version
        self.available = available
        super().__init__(message)

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game}
        if self.rules_version is not None:
            out["rules_version"] = self.rules_version
        if self.available is not None:
            out["available"] = self.available
        return out


class TooLarge(ServiceError):
    """The request body is too large."""

    status = 413
    error = "too_large"


class RateLimited(ServiceError):
    """Too many requests; retry later."""

    status = 429
    error = "rate_limited"

    def __init__(self, retry_after: int, message: str = ""):
        self.retry_after = retry_after
        super().__init__(message or f"too many requests; retry after {retry_after} s")

    def extra(self) -> dict[str, Any]:
        return {"retry_after": self.retry_after}


class ImportRejected(ServiceError):
    """The record does not verify; nothing was stored."""

    status = 422
    error = "unverifiable"

    def __init__(self, divergence: Any, message: str = ""):
        self.divergence = divergence
        super().__init__(message or f"the record does not verify: {divergence}")

    def extra(self) -> dict[str, Any]:
        d = self.divergence
        return {"divergence": d.to_json() if hasattr(d, "to_json") else d}


class Unavailable(ServiceError):
    """The store cannot answer for a moment (Redis restarting, a slot without a primary
    during a failover); retry shortly: nothing was written, or a retry with the same
    command id finds what was."""

    status = 503
    error = "unavailable"
    retry_after = 1

    @classmethod
    def from_redis(cls, exc: BaseException) -> "Unavailable":
        return cls("the store is unreachable for a moment; retry shortly")


class StoreCorrupt(ServiceError):
    """The stored match is inconsistent (its log and meta disagree); an operator must look."""

    status = 500
    error = "store_corrupt"
