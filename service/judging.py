"""Judging as a service: who may record which judge entry, the case files, the audit.

The rules of judging (what a call, ruling, backup, fix, penalty or appeal does to a
match) are ``kifu.replays.judging``'s; this module decides who may record one and fills in
what the caller may not choose: the entry's ``seq`` (the step after the head the caller
saw), the ``role`` it was recorded with and the ``caller`` (a player calls for its own
seat). Roles:

- a ``player`` opens a call on its own match, for its own seat, and appeals a ruling;
- a ``recorder`` does the same for its match (as ``recorder``);
- ``judge``, ``head_judge`` and ``admin`` tokens call, rule, back up, fix and penalise on
  every match; on an appeal only a head judge (or the organizer, ``admin``) rules. A
  judge token that an event names as its ``head_judge`` is the head judge on that event's
  matches (``kifu.service.tournaments.event_for_match``); a deployment's ``head_judge`` token
  is one on every match.

Every judge entry is also appended to the audit stream (``kifu:audit``), with who recorded
it, from where, and what. Penalties name an infraction of the event's table (or
``kifu.replays.judging.DEFAULT_INFRACTIONS``); the penalty defaults to the table's.
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays import judging as rules_of_judging
from kifu.replays.rules import OMNISCIENT, PUBLIC, seat_ids
from kifu.service import auth
from kifu.service.errors import BadRequest, Forbidden, NotFound, NotInMatch, Unauthorized
from kifu.service.matches import AppendResult, MatchService

WRITERS = {
    "judge_call": ("player", "recorder", *rules_of_judging.JUDGES),
    "appeal": rules_of_judging.APPELLANTS,
}
#: how many move-list lines of each seat's history a case file shows before the step
KNEW_LINES = 12
#: how many entries after the call a case file shows as "what followed"
FOLLOWED = 30


def _event(client: Any, info: Any) -> Mapping[str, Any] | None:
    """The event the match belongs to (None for a match of no event)."""
    from kifu.service.tournaments import event_for_match  # events call judging: imported when used

    return event_for_match(client, info)


def infractions(client: Any, info: Any) -> dict[str, str]:
    """infraction -> its default penalty, for this match (its event's table, or the default)."""
    event = _event(client, info)
    table = (event or {}).get("infractions") or [
        {"name": n, "penalty": p} for n, p in rules_of_judging.DEFAULT_INFRACTIONS]
    return {row["name"]: row["penalty"] for row in table}


def role_on(principal: auth.Principal, info: Any, client: Any) -> str:
    """The role ``principal`` records judge entries with on this match."""
    if principal.role in ("judge", "admin"):
        event = _event(client, info)
        if event and event.get("head_judge") and event["head_judge"] == principal.name:
            return "head_judge"
    return principal.role


def _caller(principal: auth.Principal, info: Any, kind: str) -> str:
    """Who calls (or appeals): the player's seat, ``recorder``, or the judge's role; 403 for a
    token of another match."""
    if principal.role == "player":
        if principal.match != info.id or principal.seat not in seat_ids(len(info.header["seats"])):
            raise Forbidden(f"a player token may {kind.replace('_', ' ')} only on its own match")
        return principal.seat
    if principal.role == "recorder":
        if principal.match != info.id:
            raise Forbidden(f"a recorder token may {kind.replace('_', ' ')} only on its own match")
        return "recorder"
    return principal.role


def record(matches: MatchService, client: Any, principal: auth.Principal | None, mid: str,
           entry: Mapping[str, Any], *, expected_seq: int | None = None, command_id: str | None = None,
           remote: str | None = None) -> tuple[AppendResult, dict[str, Any]]:
    """Record one judge entry for ``principal``: ``(appended, the entry's command)``.

    ``entry`` is the command without ``seq``, ``role`` and ``caller`` (filled in here). 401
    without a token, 403 for a role that may not record it, 400 for a malformed entry or an
    unknown infraction, 422 when judging's rules refuse it, 409 for a stale seq.
    """
    if principal is None:
        raise Unauthorized("a judge entry needs a token")
    if not isinstance(entry, Mapping):
        raise BadRequest({"entry": ["a judge entry is a JSON object"]})
    kind = entry.get("type")
    if kind not in rules_of_judging.JUDGE_TYPES:
        raise BadRequest({"entry": {"type": [f"one of {', '.join(rules_of_judging.JUDGE_TYPES)}"]}})
    for filled in ("seq", "role", "caller"):
        if filled in entry:
            raise BadRequest({"entry": {filled: ["set by the server from your token and the match"]}})
    info = matches.info(mid)
    role = role_on(principal, info, client)
    allowed = WRITERS.get(kind, rules_of_judging.JUDGES)
    if role not in allowed:
        raise Forbidden(f"a {principal.role} token may not record a {kind}"
                        + (" (judges rule; a player may call a judge or appeal)" if principal.role == "player" else ""))
    if principal.role in ("player", "recorder") and principal.match != info.id:
        raise Forbidden(f"a {principal.role} token acts only on its own match")
    head = info.seq if expected_seq is None else expected_seq
    if not isinstance(head, int) or isinstance(head, bool) or head < 0:
        raise BadRequest({"expected_seq": ["an integer >= 0"]})
    command = {**entry, "seq": head + 1, "role": role}
    if kind in WRITERS:
        command["caller"] = _caller(principal, info, kind)
    if kind == "judge_call" and "step" not in command:
        command["step"] = head
    if kind == "penalty":
        table = infractions(client, info)
        name = command.get("infraction")
        if not isinstance(name, str):
            raise BadRequest({"entry": {"infraction": ["the infraction's name, a string"]}})
        if name not in table:
            # well-formed, but not in this match's table: the document cannot know the table
            raise NotInMatch({"entry": {"infraction": [f"one of this match's infraction table: {', '.join(table)}"]}})
        command.setdefault("penalty", table[name])
    result = matches.submit(mid, command, expected_seq=head, command_id=command_id, actor="judge", by=principal.name)
    if not result.duplicate:
        auth.audit(client, principal, info, what=f"judge:{kind}", perspective=OMNISCIENT, at=result.seq,
                   remote=remote)
    return result, command


def open_call(matches: MatchService, mid: str, *, question: str, by: str, client: Any = None) -> AppendResult:
    """A judge call opened by kifu itself (a deck check that found a mismatch), as a judge."""
    info = matches.info(mid)
    command = {"type": "judge_call", "seq": info.seq + 1, "role": "judge", "caller": "judge",
               "step": info.seq, "question": question}
    return matches.submit(mid, command, expected_seq=info.seq, actor="judge", by=by)


# -- case files ------------------------------------------------------------------------------

def layer_at_head(matches: MatchService, mid: str) -> dict[str, Any] | None:
    """The judging state of the match now (cases, superseded spans), or None."""
    return matches.judging(mid)


def cases(matches: MatchService, mid: str, perspective: str) -> list[dict[str, Any]]:
    """The match's cases as ``perspective`` may read them (newest last)."""
    judge = layer_at_head(matches, mid)
    return rules_of_judging.summary(judge, perspective)["cases"] if judge else []


def case_file(matches: MatchService, mid: str, n: int) -> dict[str, Any]:
    """Everything a judge reads of case ``n``: the step, the board from every perspective,
    what each seat knew (its own move list up to the step), the question, the rulings,
    appeals and actions, and what followed. For judges only: it is the omniscient record."""
    judge = layer_at_head(matches, mid)
    if not judge or not 1 <= n <= len(judge["cases"]):
        raise NotFound(f"no case {n} in match {mid}")
    case = judge["cases"][n - 1]
    info = matches.info(mid)
    step = case["step"]
    seats = seat_ids(len(info.header["seats"]))
    boards = {p: matches.view_step(mid, p, step, line=False) for p in (PUBLIC, *seats, OMNISCIENT)}
    knew = {seat: matches.history(mid, seat, max(1, step - KNEW_LINES + 1), step) for seat in seats}
    last = min(info.seq, case["seq"] + FOLLOWED)
    followed = matches.history(mid, OMNISCIENT, case["seq"], last)
    for item in followed:
        item["superseded_by"] = rules_of_judging.superseded_by(judge, item["seq"]) if not item["judge"] else None
    return {"match": mid, "case": case, "step": step, "boards": boards, "knew": knew, "followed": followed,
            "superseded": judge["superseded"], "penalties": [p for p in judge["penalties"] if p.get("case") == n]}


def event_cases(matches: MatchService, client: Any, eid: str,
                principal: auth.Principal | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(event state, rows)``: every match of an event's rounds with its cases, as
    ``principal`` may read them (unlisted matches only to those who list every match).
    Each row: ``info``, ``round``, ``table``, ``cases``, ``reads_files`` (may open the files)."""
    from kifu.service.tournaments import EventService  # events are optional to judging

    state = EventService(client, matches).state(eid)
    rows = []
    for played in state.get("rounds_played", ()):
        for tab in played["tables"]:
            for mid in tab["matches"]:
                try:
                    info = matches.info(mid)
                except NotFound:
                    continue
                if not (info.listed or auth.sees_all_matches(principal)):
                    continue
                perspective = auth.widest(principal, info)
                rows.append({"info": info, "round": played.get("number"), "table": tab["table"],
                             "cases": cases(matches, mid, perspective), "reads_files": perspective == OMNISCIENT})
    return state, rows
