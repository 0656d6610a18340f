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


class Rejected(ServiceError):
    """The rules forbid this command now."""

    status = 422
    error = "rule_violation"

    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(message)

    @classmethod
    def from_violation(cls, violation: Any) -> "Rejected":
        return cls(violation.rule, violation.message)

    def extra(self) -> dict[str, Any]:
        return {"rule": self.rule}


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


class StoreCorrupt(ServiceError):
    """The stored match is inconsistent (its log and meta disagree); an operator must look."""

    status = 500
    error = "store_corrupt"
