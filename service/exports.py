"""Who may take a match's record away, and the record they get.

A record carries every command exactly as recorded (its chain hashes depend on that),
so it cannot be redacted. It is exported whole to those who may see the omniscient view
(judges and admins; everyone once a public match is over), and to anyone else only
while every command in it reads the same from some perspective that caller may use
(a game whose commands name no hidden card); where a broadcast delay is set, anyone
else gets the record up to the broadcast head. The seed, and a physical or observed
table's deal, are in the header only when the caller may see them: once the match is
over, or for a judge (DESIGN.md, "API and security"). The API (bearer tokens) and the web viewer (session sign-in) both export
through ``export_for`` so the two can never disagree.
"""
from __future__ import annotations

from typing import Any

from kifu.replays.records import Record
from kifu.replays.rules import OMNISCIENT
from kifu.service import auth
from kifu.service.broadcast import BROADCAST
from kifu.service.errors import Forbidden, NotFound, Unauthorized


def filename(info: Any) -> str:
    return f"{info.id}.kifu.jsonl"


def export_for(svc: Any, client: Any, who: auth.Principal | None, mid: str, *,
               remote: str | None = None) -> tuple[Any, Record]:
    """``(info, record)`` of match ``mid`` as ``who`` may export it.

    Raises ``Unauthorized`` (anonymous) or ``Forbidden`` when the record names something
    hidden from every perspective ``who`` may use; an omniscient export of a live match is
    written to the audit log.
    """
    info = svc.info(mid)
    allowed = auth.perspectives_for(who, info)
    include_seed = auth.may_see_seed(who, info)
    record = svc.export(info.id, include_seed=include_seed)
    if OMNISCIENT in allowed:
        if who is not None and auth.needs_audit(who, info, OMNISCIENT):
            auth.audit(client, who, info, what="export" + (" with seed" if include_seed else ""),
                       perspective=OMNISCIENT, remote=remote)
        return info, record
    hidden = first_hidden_entry(svc, info, record, [p for p in allowed if p != BROADCAST])
    if hidden is not None and BROADCAST in allowed:
        # the broadcast reads every entry up to its delayed head as recorded: that prefix
        # is a record too (its chain verifies), and the rest is what the delay hides
        try:
            upto = svc.as_seen(info, BROADCAST).seq
        except NotFound:
            upto = None
        if upto is not None:
            return info, Record(record.header, record.entries[:upto])
    if hidden is not None:
        message = (f"entry {hidden} records something hidden from you, so the record of this match is "
                   "exported only to judges until it is over and public; GET /entries?as=... gives the "
                   "log as you may read it")
        raise (Unauthorized if who is None else Forbidden)(message)
    return info, record


def first_hidden_entry(svc: Any, info: Any, record: Record, perspectives: list[str]) -> int | None:
    """The first seq whose command none of ``perspectives`` reads as recorded, or None."""
    count = len(record.entries)
    if count == 0:
        return None
    readable = [False] * count
    for perspective in perspectives:
        for i, item in enumerate(svc.history(info.id, perspective, 1, count)):
            readable[i] = readable[i] or item["command"] == record.entries[i]["command"]
        if all(readable):
            return None
    return readable.index(False) + 1
