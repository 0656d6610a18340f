"""What each perspective may see: the only path by which a HOLOdeLIVE state leaves the server.

Shape (all perspectives; ``None`` / ``{"count": n}`` where hidden)::

    {"game": "holodelive", "perspective", "step", "turn", "phase", "active", "first",
     "to_act": [seats],
     "venues": [{"index": 0, "id", "name", "audience": int | None, "printed": int | None,
                 "acquired_by": seat | None, "revealed": bool, "hand": {"rank", "name"} | None,
                 "units": {"p1": [card], "p2": [card]},
                 "unit_hands": {"p1": {"rank", "name", "value"} | None, "p2": ...},
                 "live": {"p1": {"kind", "count", "declared_turn"} | None, "p2": ...},
                 "retired": {"p1": [card], "p2": [card]}}],
     "office": card | None, "deck_count": int, "box_count": int,
     "hands": {"p1": [card] | {"count": n}, "p2": ...},
     "homes": {"p1": [card], "p2": [card]}, "scores": {"p1": int, "p2": int},
     "used_actions": [card id], "played": bool,
     "pending": {"seat", "effect", "card", "card_name", "prompt", "options"?} | None,
     "events": [public notes of the last command], "outcome": {...} | None,
     "over": {"reason", "text"} | None,
     # omniscient only:
     "deck": [card], "box": [venue id]}

A card is ``{"id", "name", "icons", "sub_icons", "suit", "generation", "bonus",
"abilities": [{"timing", "text"}]}``. Hands and the deck order are hidden from all but
their owner (omniscient sees all); office, field, homes and acquired venues are public;
an unacquired venue's audience (``printed``) is hidden except from a seat that looked at
it (大神ミオ) and from omniscient; a venue taken with COVER or YAGOO is not flipped, so
its printed number stays hidden (its audience is the fixed 10000). Pending options are
shown only to the seat that chooses. The seed is never in a view.
"""
from __future__ import annotations

import marshal
from typing import Any

from replays.games.holodelive import hands
from replays.games.holodelive.cards import CardSet
from replays.rules import OMNISCIENT


def card_view(cs: CardSet, card: str) -> dict[str, Any]:
    m = cs.member(card)
    return {"id": card, "name": m["name"], "icons": list(m["icons"]), "sub_icons": list(m["sub_icons"]),
            "suit": m["suit"], "generation": m["generation"], "bonus": m["bonus"],
            "abilities": [{"timing": a["timing"], "text": a["text"]} for a in m["abilities"]]}


def view(state: dict, cs: CardSet, perspective: str, to_act: tuple[str, ...], outcome: Any) -> dict[str, Any]:
    omni = perspective == OMNISCIENT

    def cards(ids: list[str]) -> list[dict]:
        return [card_view(cs, c) for c in ids]

    venues = []
    for i, v in enumerate(state["venues"]):
        meta = cs.venue(v["id"])
        known = omni or v["revealed"] or (perspective in state["known"] and v["id"] in state["known"][perspective])
        venues.append({
            "index": i, "id": v["id"], "name": meta["name"],
            "audience": v["audience"], "printed": meta["audience"] if known else None,
            "acquired_by": v["acquired_by"], "revealed": v["revealed"],
            "hand": {"rank": v["hand"], "name": hands.RANK_NAMES[hands.RANK_KEYS.index(v["hand"])]} if v["hand"] else None,
            "units": {seat: cards(v["units"][seat]) for seat in ("p1", "p2")},
            "unit_hands": {seat: dict(hands.describe_unit(cs, v["units"][seat])) if v["units"][seat] else None
                           for seat in ("p1", "p2")},
            "live": {seat: ({k: lv[k] for k in ("kind", "count", "declared_turn")} if (lv := v["live"][seat]) else None)
                     for seat in ("p1", "p2")},
            "retired": {seat: cards(v["retired"][seat]) for seat in ("p1", "p2")},
        })
    pending = state["pending"]
    pend_view = None
    if pending is not None:
        pend_view = {k: pending[k] for k in ("seat", "effect", "card", "prompt")}
        pend_view["card_name"] = cs.member(pending["card"])["name"]
        if omni or perspective == pending["seat"]:
            pend_view["options"] = pending["options"]
    out: dict[str, Any] = {
        "game": "holodelive", "perspective": perspective, "step": state["step"], "turn": state["turn"],
        "phase": state["phase"], "active": state["active"], "first": state["first"], "to_act": list(to_act),
        "venues": venues,
        "office": card_view(cs, state["office"]) if state["office"] else None,
        "deck_count": len(state["deck"]), "box_count": len(state["box"]),
        "hands": {seat: cards(state["hands"][seat]) if omni or perspective == seat
                  else {"count": len(state["hands"][seat])} for seat in ("p1", "p2")},
        "homes": {seat: cards(state["homes"][seat]) for seat in ("p1", "p2")},
        "scores": dict(state["scores"]), "used_actions": list(state["used_actions"]), "played": state["played"],
        "pending": pend_view, "events": [e for e in state["events"]],
        "over": state["over"], "outcome": outcome.to_json() if outcome is not None else None,
    }
    if omni:
        out["deck"] = cards(state["deck"])
        out["box"] = list(state["box"])
    return marshal.loads(marshal.dumps(out))  # nothing in a view aliases the state
