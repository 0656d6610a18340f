"""The recording table: the legal commands of the signed-in seat(s), and submitting one.

A submission goes through ``MatchService.submit`` (the same transact path as the API)
with the seq the table was rendered at and the command id minted with that render, so
a double click records once and a table that fell behind is refused (409) rather than
applied to a state its user never saw. A refusal re-renders the table from the fresh
state with the reason (the rulebook section for a rule violation); nothing is written.

At a physical or observed table the recorder states what chance turned up. A chance
command is one button that opens the picker of its possible outcomes (``needs``, from
``MatchService.view_step``): one click to open, one to pick. A command with several
chance events asks for the next outcome after each pick (the service's ``needs`` on its
refusal), until it is complete; nothing is written before. Consecutive draws from one
pile (a redraw of seven, "draw 3": ``pickers.pile_run``) are one multi-pick form instead:
the cards that may be in the pile with their counts, N of them picked (in the order
clicked) and posted at once, checked by the rules like any command (an impossible
combination is refused with its ``needs``, and the picker asks again from there). A reveal (a card named from a
hand of unknown cards) folds its many commands into one button with a picker of what the
unknown card may be (``pickers.families``). More than a dozen other commands of one type
(a placement's centre and backs) are one form of parts (``kifu.web.parts``): a control per
parameter, narrowed in the browser to the legal combinations, composed here and checked by
the rules (a refusal shows the form again on what was chosen). Each chance picker names
whose event it is and, for a card typed that cannot be the outcome, why (``pickers.impossible``).

While a judge is called the table shows the "judge called" banner and offers no command
(the rules await nobody); its "Call a judge" and "Appeal" forms post to ``kifu.web.judging``.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any, Mapping

from kifu.replays.rules import OMNISCIENT, PUBLIC
from kifu.service import auth, body
from kifu.service.broadcast import BROADCAST
from kifu.service import judging as service_judging
from kifu.service.errors import BadRequest, Forbidden, Rejected, ServiceError
from kifu.web import parts, pickers, viewer

MAX_COMMAND_CHARS = 16 * 1024


def my_seats(principal: auth.Principal, info: Any) -> list[str]:
    return [s["id"] for s in info.header.get("seats", []) if auth.may_append(principal, info, s["id"])]


def context(svc: Any, principal: auth.Principal, mid: str, asked: str | None, *,
            asking: Mapping[str, Any] | None = None, opened: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table for ``principal``: board, who is to act, and its seats' legal commands by type.

    ``asking`` (a command whose next chance outcome is missing: ``{"command", "needs",
    "query"}``) shows that outcome's picker above the seats; ``opened`` (``{"key",
    "query"}``) opens one command's picker, filtered by what was searched.
    """
    info = svc.info(mid)
    seats = my_seats(principal, info)
    if not seats:
        raise Forbidden(f"a {principal.role} token may not record in this match; "
                        "sign in with a recorder token of this match or a player token of one of its seats")
    # the table is at the live head: neither the judges' view nor the delayed broadcast
    allowed = [p for p in auth.perspectives_for(principal, info) if p not in (OMNISCIENT, BROADCAST)] or seats
    if asked and asked not in allowed:
        raise Forbidden(f"the table of this match is not open to the {asked!r} perspective for a "
                        f"{principal.role} token; you may use: {', '.join(allowed)}")
    # The service decides whose commands are offered (the rules may await a seat whose role
    # is secret, senbu_rinki's 審神者 during the declaration window); what the page says
    # about who is awaited comes from the view of the perspective shown. Without a choice,
    # look from the seat the table visibly waits for (a recorder's table follows play).
    public = svc.view_step(mid, PUBLIC, line=False, seats=seats)
    perspective = asked or next((s for s in seats if s in (public.public_to_act or [])), seats[0])
    step = public if perspective == PUBLIC else svc.view_step(mid, perspective, public.step, line=False)
    live = info.status == "live"
    to_act = list(step.to_act) if live else []
    cardset = getattr(info.rules, "cardset", None)
    observed = public.table == "observed"
    groups = []
    labels: dict[str, str] = {}
    runs = run_finder(svc, mid, info, public.step)
    names = viewer.seat_names(info)
    chance = chance_finder(svc, mid, info, public.step, names)
    for listed in public.seats:
        kinds: dict[str, list[dict[str, Any]]] = {}
        shown = entries(listed.commands, cardset, observed=observed, opened=opened, runs=runs,
                        describe=card_line(info.rules), chance=chance)
        if len(shown) == 1 and shown[0]["kind"] == "parts" and not opened:
            shown[0]["open"] = True  # the one thing this seat may do (a placement): no click to open it
        for entry in shown:
            kinds.setdefault(entry["type"], []).append(entry)
        for offered in listed.commands:
            labels[dumps(offered["command"])] = offered["label"]
        groups.append({"seat": listed.seat, "name": viewer.seat_names(info).get(listed.seat, listed.seat),
                       "to_act": listed.awaited, "kinds": list(kinds.items()), "count": len(listed.commands)})
    return {
        "info": info, "mid": mid, "seq": step.step, "perspective": perspective, "chosen": asked or None,
        "allowed": allowed,
        "view": step.view, "game": viewer.game_context(info),
        "board_templates": viewer.board_templates(info.game), "phase": step.phase,
        "turn": step.turn, "to_act": to_act, "groups": groups,
        "asking": asking_context(asking, labels, cardset, observed=observed, runs=runs, describe=card_line(info.rules),
                                 chance=chance) if asking and live else None,
        "command_id": secrets.token_hex(16), "result": viewer.result_text(info),
        "names": viewer.seat_names(info), "error": None, "submitted": None, "recorded": None,
        "commands": sorted(info.rules.commands), "url": viewer.step_url,
        "perspective_label": viewer.perspective_label,
        **judge_context(principal, info, mid, perspective, step.view),
    }


def run_finder(svc: Any, mid: str, info: Any, step: int) -> Any:
    """``command -> pickers.Run | None``: the run of same-pile draws a chance command needs
    next, probed on the state at ``step`` (read once, only if a chance command asks)."""
    held: list[Any] = []

    def run(command: Mapping[str, Any]) -> pickers.Run | None:
        if info.rules is None or not hasattr(info.rules, "needs"):
            return None
        if not held:
            held.append(svc.state(mid, at=step)[1])
        return pickers.pile_run(info.rules, held[0], command)
    return run


def card_line(rules: Any) -> Any:
    """The game's line that tells a card from other printings of its name (``Game.card_line``)."""
    return getattr(rules, "card_line", None)


def chance_finder(svc: Any, mid: str, info: Any, step: int, names: Mapping[str, str]) -> Any:
    """``needs -> (whose, impossible)``: the seat a chance event belongs to ("p2 Hikari"),
    and why each card seen in the game cannot be its outcome (``pickers.impossible``),
    from the state at ``step`` (read once, only if a chance command asks)."""
    held: list[Any] = []

    def about(needs: Mapping[str, Any]) -> tuple[str, list[pickers.Impossible]]:
        if not held:
            held.append(svc.state(mid, at=step)[1])
            try:
                held.append(info.rules.registered(info.header.get("options") or {}, len(info.header.get("seats", []))))
            except Exception:  # noqa: BLE001 - a game whose setup cannot be re-run here: no reasons, still a picker
                held.append({})
        state, registered = held
        seat = pickers.whose(state, needs)
        who = f"{seat} {names.get(seat, '')}".strip() if seat else ""
        cardset = getattr(info.rules, "cardset", None)
        return who, pickers.impossible(cardset, state, needs, seat, registered=registered,
                                       describe=card_line(info.rules))
    return about


def judge_context(principal: auth.Principal, info: Any, mid: str, perspective: str,
                  view: Mapping[str, Any]) -> dict[str, Any]:
    """The table's judging part: the "judge called" banner (from the view's judging summary,
    so the question only to its caller), and whether this token may call a judge or appeal a
    ruling here (``kifu.service.judging.WRITERS``; the rules decide the rest when it posts)."""
    writers = service_judging.WRITERS
    return {
        "banner": viewer.banner_context(mid, perspective, view.get("judge")),
        "judging": view.get("judge"),
        "may_call": principal.role in writers["judge_call"],
        "may_appeal": principal.role in writers["appeal"],
        "judge_command_id": secrets.token_hex(16), "judge_form": {},
    }


def dumps(command: Mapping[str, Any]) -> str:
    return json.dumps(command, ensure_ascii=False, sort_keys=True)


def entries(commands: list[dict[str, Any]], cardset: Any, *, observed: bool,
            opened: Mapping[str, Any] | None = None, runs: Any = None, describe: Any = None,
            chance: Any = None) -> list[dict[str, Any]]:
    """One seat's offered commands as the table draws them: a button each, except that a
    chance command is one button with the picker of its outcomes (``needs``; the multi-pick
    form when its first outcomes are a run of draws from one pile: ``runs``), and a family
    of commands that differ only in the card they name (``pickers.families``) is one button
    with the picker of those cards (a reveal offers only what the unknown card may be)."""
    items = [{"command": c["command"], "json": dumps(c["command"]), "label": c["label"], "needs": c.get("needs")}
             for c in commands]
    cards = cardset.cards if cardset is not None else {}
    family_of: dict[int, pickers.Family] = {}
    for folded in pickers.families([i for i in items if not i["needs"]], cards):
        if isinstance(folded, pickers.Family):
            family_of.update((id(i), folded) for i in folded.items)
    # what is left of a type with more commands than a glance takes in: one form of parts
    form_of: dict[int, parts.PartsForm] = {}
    for group in parts.grouped([i for i in items if id(i) not in family_of]).values():
        built = parts.build(group, cardset, describe=describe)
        form_of.update((id(i), built) for i in group)

    def opened_query(key: str) -> tuple[bool, str]:
        hit = bool(opened and opened.get("key") == key)
        return hit, str(opened.get("query", "")) if hit and opened else ""

    out: list[dict[str, Any]] = []
    placed: set[str] = set()
    for item in items:
        kind = item["command"].get("type", "?")
        family = family_of.get(id(item))
        form = form_of.get(id(item))
        if form is not None:
            if form.key not in placed:
                placed.add(form.key)
                hit = bool(opened and opened.get("key") == form.key)
                chosen = parts.chosen_of(form, opened.get("command") if hit and opened else None)
                out.append({"kind": "parts", "type": kind, "json": "", "key": form.key, "form": form,
                            "spec": parts.spec_json(form), "label": f"{form.seat}: {kind}", "n": form.count,
                            "count": form.count, "open": hit, "chosen": chosen})
            continue
        run = runs(item["command"]) if item["needs"] and runs is not None else None
        who, why = chance(item["needs"]) if item["needs"] and chance is not None else ("", [])
        if run is not None and run.size >= pickers.MULTI_AT:
            rows = pickers.run_options(cardset, item["needs"], run, observed=observed, describe=describe)
            out.append({"kind": "multi", "type": kind, "json": item["json"], "key": item["json"],
                        "label": item["label"], "needs": item["needs"], "run": run, "rows": rows, "n": len(rows),
                        "count": 1, "query": "", "open": bool(opened and opened.get("key") == item["json"]),
                        "whose": who, "impossible": why, "what": pickers.what(cardset, item["needs"])})
        elif item["needs"]:
            is_open, query = opened_query(item["json"])
            options = [pickers.Option(dumps({**item["command"], "outcomes": [pickers.parse_value(o.value)]}),
                                      o.label, o.search, o.detail)
                       for o in pickers.outcome_options(cardset, item["needs"], observed=observed, describe=describe)]
            out.append({"kind": "chance", "type": kind, "json": item["json"], "key": item["json"],
                        "label": item["label"], "needs": item["needs"], "n": len(options), "count": 1, "query": query,
                        "options": pickers.matching(options, query), "open": is_open,
                        "whose": who, "impossible": why, "what": pickers.what(cardset, item["needs"])})
        elif family is None:
            out.append({"kind": "button", "type": kind, "json": item["json"], "label": item["label"], "n": 1,
                        "count": 1})
        elif family.key not in placed:
            placed.add(family.key)
            is_open, query = opened_query(family.key)
            options = pickers.family_options(cardset, family, describe=describe)
            out.append({"kind": "family", "type": kind, "json": "", "key": family.key,
                        "label": pickers.family_label(family), "n": len(options), "count": len(options), "query": query,
                        "options": pickers.matching(options, query), "open": is_open})
    return out


def asking_context(asking: Mapping[str, Any], labels: Mapping[str, str], cardset: Any, *,
                   observed: bool, runs: Any = None, describe: Any = None, chance: Any = None) -> dict[str, Any]:
    """The picker of the next outcome a partly stated chance command needs (the multi-pick
    form's rows as ``multi`` when its next outcomes are a run of draws from one pile)."""
    command = dict(asking["command"])
    stated = list(command.get("outcomes") or [])
    base = {k: v for k, v in command.items() if k != "outcomes"}
    needs = asking["needs"]
    query = asking.get("query", "")
    options = [pickers.Option(dumps({**base, "outcomes": [*stated, pickers.parse_value(o.value)]}),
                              o.label, o.search, o.detail)
               for o in pickers.outcome_options(cardset, needs, observed=observed, describe=describe)]
    run = runs(command) if runs is not None else None
    who, why = chance(needs) if chance is not None else ("", [])
    multi = ({"run": run, "rows": pickers.run_options(cardset, needs, run, observed=observed, describe=describe)}
             if run is not None and run.size >= pickers.MULTI_AT and run.index == needs.get("index") else None)
    return {"json": dumps(command), "label": labels.get(dumps(base), f"{base.get('seat')}: {base.get('type')}"),
            "needs": needs, "multi": multi, "query": query, "whose": who, "impossible": why,
            "what": pickers.what(cardset, needs),
            "options": pickers.matching(options, query) if query else options,
            "stated": ["unknown" if o is None else cardset.name(o) if cardset is not None and isinstance(o, str)
                       else str(o) for o in stated]}


@dataclass
class Submitted:
    status: int = 200
    seq: int | None = None
    error: dict[str, Any] | None = None
    submitted: str | None = None
    asking: dict[str, Any] | None = None  #: a command whose next outcome is to be picked
    opened: dict[str, Any] | None = None  #: a picker to show open (a search that matched several)


def submit(svc: Any, principal: auth.Principal, mid: str, form: Mapping[str, str]) -> Submitted:
    """Append the posted command; a refusal comes back as ``error`` (nothing was written).

    The command is read by ``kifu.service.body`` and the seat decided by ``auth.appender``,
    exactly as the API's ``POST /commands`` does. A chance command that lacks an outcome
    comes back as ``asking`` (its next outcome's picker); a search typed into a picker
    (``find``) records the one option it matches, or shows the ones it matches; a
    multi-pick form (``multi``) states all its picks at once (``multi_command``).
    """
    raw = form.get("command", "")
    command: Any = None
    try:
        expected_seq, command_id = parse_ids(form)
        info = svc.info(mid)
        if form.get("find"):
            command, shown = find(svc, principal, mid, info, form)
            if command is None:
                return shown
        elif form.get("multi"):
            command = multi_command(form)
        elif form.get("parts"):
            command = parts_command(form)
        else:
            command = parse_command(raw)
        raw = dumps(command)
        actor = auth.appender(principal, info, command.get("seat"))
        result = svc.submit(mid, command, expected_seq=expected_seq, command_id=command_id,
                            actor=actor, by=principal.name)
    except Rejected as exc:
        needs = exc.needs
        if needs is not None and isinstance(command, dict) and isinstance(needs.get("index"), int):
            stated = list(command.get("outcomes") or [])[:needs["index"]]
            asking = {"command": {**command, "outcomes": stated} if stated else
                      {k: v for k, v in command.items() if k != "outcomes"}, "needs": needs, "query": ""}
            if needs["index"] >= len(command.get("outcomes") or []):
                return Submitted(status=200, asking=asking)  # not a refusal: the next outcome, please
            return Submitted(status=exc.status, error=describe_error(exc), submitted=raw, asking=asking)
        return Submitted(status=exc.status, error=describe_error(exc), submitted=raw, opened=reopen(form, command))
    except ServiceError as exc:
        return Submitted(status=exc.status, error=describe_error(exc), submitted=raw)
    return Submitted(status=200, seq=result.seq)


def find(svc: Any, principal: auth.Principal, mid: str, info: Any,
         form: Mapping[str, str]) -> tuple[dict[str, Any] | None, Submitted]:
    """A picker's search posted without JavaScript: the command of the one option it matches,
    else (None, the table to show with that picker open on what matched)."""
    query = (form.get("query") or "")[:100]
    cardset = getattr(info.rules, "cardset", None)
    observed = info.header.get("table") == "observed"
    if form.get("ask"):
        command = parse_command(form["ask"])
        needs = svc.needs(mid, command)
        if needs is None:
            return command, Submitted()
        stated = list(command.get("outcomes") or [])
        hits = pickers.matching(pickers.outcome_options(cardset, needs, observed=observed), query)
        if len(hits) == 1:
            return {**command, "outcomes": [*stated, pickers.parse_value(hits[0].value)]}, Submitted()
        if stated:
            return None, Submitted(asking={"command": command, "needs": needs, "query": query})
        return None, Submitted(opened={"key": dumps(command), "query": query})
    key = form.get("family", "")
    seats = my_seats(principal, info)
    listed = svc.view_step(mid, PUBLIC, line=False, seats=seats).seats
    for seat in listed:
        for entry in entries(seat.commands, cardset, observed=observed):
            if entry["kind"] == "family" and entry["key"] == key:
                hits = pickers.matching(entry["options"], query)
                if len(hits) == 1:
                    return parse_command(hits[0].value), Submitted()
                return None, Submitted(opened={"key": key, "query": query})
    raise BadRequest({"family": ["those commands are no longer offered; the match moved on"]})


def parts_command(form: Mapping[str, str]) -> dict[str, Any]:
    """A form of parts' command (``parts.compose``): its fixed fields and each part posted.
    Nothing here checks that the parts fit together: the rules do, and say why not."""
    getlist = getattr(form, "getlist", lambda k: [form[k]] if k in form else [])
    try:
        base, kinds = parts.read_spec(form["parts"])
        return parts.compose(base, kinds, {f"p.{k}": getlist(f"p.{k}") for k in kinds})
    except ValueError as exc:
        raise BadRequest({"parts": [str(exc)]}) from None


def reopen(form: Mapping[str, str], command: Any) -> dict[str, Any] | None:
    """A refused form of parts, to be shown open again on what was chosen."""
    if not form.get("parts") or not isinstance(command, dict):
        return None
    return {"key": f"parts:{command.get('seat')}:{command.get('type')}", "command": command}


def multi_command(form: Mapping[str, str]) -> dict[str, Any]:
    """A multi-pick form's command: ``multi`` (the command with the outcomes stated before
    the run) plus its picks (``pickers.picks``: ``count`` copies of each ``value``, in the
    clicked ``order``). However many are picked, the rules check them: too few and the
    table asks for the rest, too many or an impossible one and it is refused."""
    command = parse_command(form["multi"])
    stated = command.get("outcomes") or []
    if not isinstance(stated, list):
        raise BadRequest({"multi": ["the command's outcomes are a list"]})
    getlist = getattr(form, "getlist", lambda k: [form[k]] if k in form else [])
    try:
        picked = pickers.picks(getlist("value"), getlist("count"), form.get("order", "")[:MAX_COMMAND_CHARS])
    except ValueError as exc:
        raise BadRequest({"count": [str(exc)]}) from None
    outcomes = [*stated, *picked]
    base = {k: v for k, v in command.items() if k != "outcomes"}
    return {**base, "outcomes": outcomes} if outcomes else base


def parse(form: Mapping[str, str]) -> tuple[dict[str, Any], int, str]:
    expected_seq, command_id = parse_ids(form)
    return parse_command(form.get("command", "")), expected_seq, command_id


def parse_ids(form: Mapping[str, str]) -> tuple[int, str]:
    """The seq the table was rendered at and the command id minted with it."""
    errors: dict[str, list[str]] = {}
    seq_raw = form.get("expected_seq", "")
    if not seq_raw.isdecimal() or len(seq_raw) > 9:
        errors["expected_seq"] = ["the table's seq is missing; reload the table"]
    command_id = form.get("command_id", "")
    if not (8 <= len(command_id) <= 64) or not command_id.isalnum():
        errors["command_id"] = ["the table's command id is missing; reload the table"]
    if errors:
        raise BadRequest(errors)
    return int(seq_raw), command_id


def parse_command(raw: str) -> dict[str, Any]:
    command = body.loads(raw, limit=MAX_COMMAND_CHARS, what="the command")
    if not isinstance(command, dict):
        raise BadRequest({"command": ["a command is a JSON object, e.g. {\"type\": \"...\", \"seat\": \"p1\"}"]})
    return command


def describe_error(exc: ServiceError) -> dict[str, Any]:
    """What the table shows for a refusal: a title, the rule if any, the message, field errors."""
    titles = {
        "rule_violation": "Refused by the rules", "schema": "Malformed command", "bad_json": "Malformed command",
        "too_large": "Malformed command",
        "stale_seq": "The match moved on", "conflict": "The match moved on",
        "idempotency_conflict": "Already submitted", "match_over": "The match is over",
        "forbidden": "Not allowed", "not_found": "Not found",
    }
    return {"code": exc.error, "title": titles.get(exc.error, "Refused"), "message": exc.message,
            "rule": getattr(exc, "rule", None), "errors": getattr(exc, "errors", None),
            "current_seq": getattr(exc, "current_seq", None), "needs": getattr(exc, "needs", None)}
