"""Redis key names. Everything of one match shares the hash tag ``{<mid>}`` (one cluster slot).

Only ids that passed ``kifu.service.ids.check_match_id`` reach these functions.
"""
from __future__ import annotations

PREFIX = "kifu"
META_PATTERN = f"{PREFIX}:m:*:meta"
INDEX_PATTERN = f"{PREFIX}:idx:*"


def match_key(mid: str, part: str) -> str:
    return f"{PREFIX}:m:{{{mid}}}:{part}"


def log(mid: str) -> str:
    return match_key(mid, "log")


def meta(mid: str) -> str:
    return match_key(mid, "meta")


def idem(mid: str) -> str:
    return match_key(mid, "idem")


def snap(mid: str) -> str:
    return match_key(mid, "snap")


def secret(mid: str) -> str:
    return match_key(mid, "secret")


def notes(mid: str) -> str:
    return match_key(mid, "notes")


def imported(genesis: str) -> str:
    """The match an imported record's header (its chain's genesis) was stored as.

    Not under ``{<mid>}``: it is looked up before the match exists, by the record alone.
    """
    return f"{PREFIX}:imp:{genesis}"


def mid_of_meta(key: str) -> str | None:
    """``kifu:m:{<mid>}:meta`` -> ``<mid>`` (None for anything else)."""
    head, tail = f"{PREFIX}:m:{{", "}:meta"
    if key.startswith(head) and key.endswith(tail):
        return key[len(head):-len(tail)]
    return None


def idx_all() -> str:
    return f"{PREFIX}:idx:all"


def idx_game(game: str) -> str:
    return f"{PREFIX}:idx:game:{game}"


def idx_tournament(tournament: str) -> str:
    return f"{PREFIX}:idx:tournament:{tournament}"


def idx_player(name: str) -> str:
    return f"{PREFIX}:idx:player:{name.casefold()}"


def idx_status(status: str) -> str:
    return f"{PREFIX}:idx:status:{status}"


def cardset(digest: str) -> str:
    """A card set by digest (``kifu.service.cardsets``): its canonical JSON, game, id and title."""
    return f"{PREFIX}:cardset:{digest}"


def cardsets(game: str) -> str:
    """The card sets stored for a game: digest -> id."""
    return f"{PREFIX}:cardsets:{game}"


def regulation(digest: str) -> str:
    """A regulation by digest (``kifu.service.regulations``): its canonical JSON, game, id and title."""
    return f"{PREFIX}:regulation:{digest}"


def regulations(game: str) -> str:
    """The regulations stored for a game: digest -> id."""
    return f"{PREFIX}:regulations:{game}"


def entry_id(seq: int) -> str:
    """Stream ID of entry ``seq`` (IDs must be greater than 0-0, and seqs start at 1)."""
    return f"{seq}-0"


def acked(mid: str) -> str:
    """The confirmed mark of a match written with ``--redis-wait``: a stream whose one entry
    ``<seq>-0`` says entries up to seq are on the replicas (``kifu.service.store``)."""
    return match_key(mid, "acked")
