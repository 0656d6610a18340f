"""What each perspective may see: the only path by which a HOLOdeLIVE state leaves the server.

Shape (every perspective; ``None`` / ``{"count": n}`` where hidden)::

    {"game": "holodelive", "table": "digital" | "physical" | "observed", "perspective",
     "step", "turn", "phase", "active", "first", "to_act": [seats],
     "venues": [{"index": 0, "id": venue | "?N" | None, "name": str | None,
                 "audience": int | None, "printed": int | None,
                 "acquired_by": seat | None, "revealed": bool, "hand": {"rank", "name"} | None,
                 "units": {"p1": [card], "p2": [card]},
                 "unit_hands": {"p1": {"rank", "name", "value"} | None, "p2": ...},
                 "live": {"p1": {"kind", "count", "declared_turn"} | None, "p2": ...},
                 "retired": {"p1": [card], "p2": [card]}}],
     "office": card | None, "deck_count": int, "box_count": int,
     "piles": {"deck": pile, "box": pile},
     "hands": {"p1": [card | "?N"] | {"count": n}, "p2": ...},
     "homes": {"p1": [card], "p2": [card]}, "scores": {"p1": int, "p2": int},
     "used_actions": [card id], "played": bool,
     "pending": {"seat", "effect", "card", "card_name", "prompt", "secret", "options"?,
                 "looked_at"?} | None,                # looked_at: the box's top venue 大神ミオ's
                                                      # seat looked at (to it alone)
     "events": [public notes of the last command], "outcome": {...} | None,
     "over": {"reason", "text"} | None,
     "unknown": {"?N": {"since": step, "how": str}},   # the tokens this view shows
     "revealed": [{"token", "card", "name", "step", "how", "since", "was"}]}

A card is ``{"id", "name", "icons", "sub_icons", "suit", "generation", "bonus",
"abilities": [{"timing", "text"}]}``; a card nobody watching saw (an observed table) is
the string ``"?N"``, described in ``"unknown"`` (the step it appeared at and how) and,
once known, in ``"revealed"`` (when and how it became known). A pile is ``{"size": n}``;
omniscient also sees its known ``"top"`` and ``"bottom"`` (lists of cards or venues, top
first, ``"?N"`` where unknown) and its ``"unseen"`` multiset (``[{"id", "name",
"copies"}]``: what the rest may be). A venue is ``{"id", "name", "audience"}``.

Hands are hidden from all but their owner (omniscient sees all); office, field, homes
and acquired venues are public. A venue lies face down until it is won: which venue it
is (``id``, ``name``, ``printed``) is shown to omniscient, to a seat that looked at it
(大神ミオ) and to everyone once it is turned face up; a venue won with COVER or YAGOO is
never turned, so it stays hidden. Pending options are shown only to the seat that
chooses. The omniscient view of an observed table shows what the recorder knew, no more
(the state knows nothing else). The seed is never in a view.
"""
from __future__ import annotations

import marshal
from typing import Any

from kifu.replays.games.holodelive import cards, hands
from kifu.replays.games.holodelive.state import SEATS, Board
from kifu.replays.kit import is_token
from kifu.replays.rules import OMNISCIENT


def card_view(t: Board, card: str) -> Any:
    if is_token(card):
        return card
    m = t.member(card)
    return {"id": card, "name": m["name"], "icons": list(m["icons"]), "sub_icons": list(m["sub_icons"]),
            "suit": m["suit"], "generation": m["generation"], "bonus": m["bonus"],
            "abilities": [{"timing": a["timing"], "text": a["text"]} for a in m["abilities"]]}


def venue_card(t: Board, venue: str) -> Any:
    if is_token(venue):
        return venue
    return {"id": venue, "name": t.name(venue), "audience": t.cs.card(venue)["audience"]}


def pile_view(t: Board, name: str, omni: bool, show: Any) -> dict[str, Any]:
    p = t.zones.pile(name)
    out: dict[str, Any] = {"size": p["size"]}
    if omni:
        out["top"] = [show(t, c) for c in p["top"]]
        out["bottom"] = [show(t, c) for c in p["bottom"]]
        out["unseen"] = [{"id": c, "name": t.name(c), "copies": n} for c, n in sorted(p["unseen"].items())]
    return out


def private_reveal(how: str, perspective: str) -> bool:
    """A token turned up for one seat only (大神ミオ's look) or by a judge's reading."""
    if perspective == OMNISCIENT:
        return False
    if how.startswith("look/"):
        return how != f"look/{perspective}"
    return how == "judge"


def _tokens_in(obj: Any, tokens: dict, found: set) -> None:
    if isinstance(obj, str):
        if obj in tokens:
            found.add(obj)
    elif isinstance(obj, list):
        for item in obj:
            _tokens_in(item, tokens, found)
    elif isinstance(obj, dict):
        for item in obj.values():
            _tokens_in(item, tokens, found)


def view(t: Board, perspective: str, to_act: tuple[str, ...], outcome: Any) -> dict[str, Any]:
    state = t.s
    omni = perspective == OMNISCIENT

    def shown(ids: list[str]) -> list[Any]:
        return [card_view(t, c) for c in ids]

    venues = []
    for i, v in enumerate(state["venues"]):
        vid = v["id"] if t.knows_venue(perspective, i) else None
        known = cards.is_venue(t.cs, vid)
        venues.append({
            "index": i, "id": vid, "name": t.name(vid) if known else None,
            "audience": v["audience"], "printed": t.cs.card(vid)["audience"] if known else None,
            "acquired_by": v["acquired_by"], "revealed": v["revealed"],
            "hand": {"rank": v["hand"], "name": hands.RANK_NAMES[hands.RANK_KEYS.index(v["hand"])]} if v["hand"] else None,
            "units": {seat: shown(v["units"][seat]) for seat in SEATS},
            "unit_hands": {seat: dict(hands.describe_unit(t.cs, v["units"][seat])) if v["units"][seat] else None
                           for seat in SEATS},
            "live": {seat: ({k: lv[k] for k in ("kind", "count", "declared_turn")} if (lv := v["live"][seat]) else None)
                     for seat in SEATS},
            "retired": {seat: shown(v["retired"][seat]) for seat in SEATS},
        })
    pending = state["pending"]
    pend_view = None
    if pending is not None:
        pend_view = {"seat": pending["seat"], "effect": pending["kind"], "card": pending["card"],
                     "card_name": t.name(pending["card"]) if pending["card"] else None,
                     "prompt": pending["prompt"], "secret": pending["secret"]}
        if omni or perspective == pending["seat"]:
            pend_view["options"] = pending["options"]
            if pending["kind"] == "venue_swap" and state["stack"] and "venue" in state["stack"][-1]:
                # 大神ミオ: the box's top venue the seat looked at, to swap for the one it chose
                top = t.zones.pile("box")["top"]
                if top and cards.is_venue(t.cs, top[0]):
                    pend_view["looked_at"] = {"id": top[0], "name": t.name(top[0])}
    zones = state["zones"]
    out: dict[str, Any] = {
        "game": "holodelive", "table": state["table"], "perspective": perspective, "step": state["step"],
        "turn": state["turn"], "phase": state["phase"], "active": state["active"], "first": state["first"],
        "to_act": list(to_act),
        "venues": venues,
        "office": card_view(t, state["office"]) if state["office"] else None,
        "deck_count": t.zones.size("deck"), "box_count": t.zones.size("box"),
        "piles": {"deck": pile_view(t, "deck", omni, card_view), "box": pile_view(t, "box", omni, venue_card)},
        "hands": {seat: shown(state["hands"][seat]) if omni or perspective == seat
                  else {"count": len(state["hands"][seat])} for seat in SEATS},
        "homes": {seat: shown(state["homes"][seat]) for seat in SEATS},
        "scores": dict(state["scores"]), "used_actions": list(state["used_actions"]), "played": state["played"],
        "pending": pend_view, "events": list(state["events"]),
        "over": state["over"], "outcome": outcome.to_json() if outcome is not None else None,
    }
    found: set[str] = set()
    if zones["tokens"]:
        _tokens_in(out, zones["tokens"], found)
    out["unknown"] = {tok: {"since": zones["tokens"][tok]["step"], "how": zones["tokens"][tok]["how"]}
                      for tok in sorted(found, key=lambda x: int(x[1:]))}
    out["revealed"] = [{**r, "name": t.name(r["card"])} for r in zones["revealed"]
                       if not private_reveal(r["how"], perspective)]
    return marshal.loads(marshal.dumps(out))  # nothing in a view aliases the state
