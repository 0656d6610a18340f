"""What each perspective may see: the only path by which a state leaves the server.

- a seat sees its own role and every role it was shown (an attack's look, a 技能), each
  with the step at which it learned it, plus every role turned face up;
- ``public`` sees roles only once they are face up (一騎討ち, the 審神者's elimination,
  the end of the game);
- ``omniscient`` sees everything, plus ``knew``: per seat, what that seat knew at this
  step (for a judge).

``to_act`` is computed for the perspective: after a 周 the game also awaits the 審神者's
possible 勝利宣言, but only the 審神者 itself and the judge see that seat in it; everyone
else sees the seat the table visibly waits for (the new 近侍, or whoever must answer a
pending strike/一騎討ち decision, which happens in the open). ``declaration_open`` (a 周
has just ended) is public: at the table everyone knows the 審神者 may speak now.

Role ids appear in a view only in a seat's ``role`` (when that perspective may know it),
in ``role_table`` (the public count of dealt roles), in the 山札 contents shown to a seat
that looked at it, and in the face-up card of the last 一騎討ち.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from replays.rules import OMNISCIENT, PUBLIC, check_perspective, seat_ids

from .roles import LABELS
from .rules import bonus_attacks, guarded, phase, public_to_act, saniwa, to_act
from .state import FATIGUE_LABELS


def visible_roles(state: Mapping[str, Any], perspective: str) -> dict[str, dict[str, Any]]:
    """seat -> {role, step, how} for every role ``perspective`` may know at this step."""
    if perspective == OMNISCIENT:
        return {s: {"role": r, "step": 0, "how": "全知"} for s, r in state["roles"].items()}
    known: dict[str, dict[str, Any]] = {}
    if perspective != PUBLIC:
        known[perspective] = {"role": state["roles"][perspective], "step": 0, "how": "自分の役"}
        for seat, item in state["knowledge"][perspective].items():
            known[seat] = dict(item)
    for seat, item in state["revealed"].items():
        if seat not in known or known[seat]["step"] > item["step"]:
            known[seat] = dict(item)
    return known


def deck_for(state: Mapping[str, Any], perspective: str) -> dict[str, Any]:
    out: dict[str, Any] = {"size": len(state["deck"])}
    pending = state["pending"] or {}
    seen = state["deck_seen"].get(perspective)
    if perspective == OMNISCIENT or seen is not None:
        # the 山札 never changes composition (a 一騎討ち card goes back), so what was seen still holds
        out["counts"] = {r: n for r, n in sorted(Counter(state["deck"]).items())}
        out["seen_at"] = seen
    if perspective == OMNISCIENT or (pending.get("kind") == "duel_card" and pending["seat"] == perspective):
        out["cards"] = list(state["deck"])
    return out


def _pending(state: Mapping[str, Any], perspective: str) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    kind = pending["kind"]
    if kind == "strike":
        return {k: pending[k] for k in ("kind", "seat", "target", "remaining", "start_red")}
    if kind == "duel_card":
        return {"kind": kind, "seat": pending["seat"], "challenger": pending["challenger"]}
    out: dict[str, Any] = {"kind": kind, "seat": pending["seat"], "nominee": pending["nominee"], "card_chosen": True}
    if perspective in (OMNISCIENT, pending["nominee"]):
        out["index"] = pending["index"]
        out["card"] = state["deck"][pending["index"]]
    return out


def view(state: Mapping[str, Any], perspective: str) -> dict[str, Any]:
    """The board as ``perspective`` may see it (JSON data)."""
    check_perspective(perspective, state["players"])
    roles = visible_roles(state, perspective)
    awaited = list(to_act(state) if perspective == OMNISCIENT or perspective == saniwa(state) else public_to_act(state))
    seats = []
    for seat in seat_ids(state["players"]):
        mine = state["seats"][seat]
        known = roles.get(seat)
        seats.append({
            "seat": seat,
            "sword": mine["sword"],
            "tosou": mine["tosou"],
            "fatigue": mine["fatigue"],
            "fatigue_label": FATIGUE_LABELS[mine["fatigue"]],
            "defending": mine["defending"],
            "eliminated": mine["eliminated"],
            "kinji": seat == state["kinji"],
            "current": seat == state["current"],
            "acted": seat in state["acted"],
            "skipped": seat in state["skipped"],
            "guarded": guarded(state, seat) and not mine["eliminated"],
            "bonus_attacks": bonus_attacks(state, seat),
            "role": known["role"] if known else None,
            "role_label": LABELS[known["role"]] if known else None,
            "role_known": {"step": known["step"], "how": known["how"]} if known else None,
        })
    out: dict[str, Any] = {
        "game": "senbu_rinki",
        "perspective": perspective,
        "step": state["step"],
        "round": state["round"],
        "phase": phase(state),
        "kinji": state["kinji"],
        "current": state["current"],
        "to_act": awaited,
        "declaration_open": state["declaration_open"],
        "seats": seats,
        "pool": state["pool"],
        "role_table": {r: n for r, n in Counter(state["roles"].values()).items()},
        "deck": deck_for(state, perspective),
        "pending": _pending(state, perspective),
        "round_effects": [dict(e) for e in state["round_effects"]],
        "last_duel": state["last_duel"],
        "over": dict(state["over"]) if state["over"] else None,
    }
    if perspective not in (PUBLIC, OMNISCIENT):
        out["me"] = perspective
    if perspective == OMNISCIENT:
        out["knew"] = {
            seat: {
                "role": state["roles"][seat],
                "knows": {s: v for s, v in visible_roles(state, seat).items() if s != seat},
                "deck_seen": state["deck_seen"].get(seat),
            }
            for seat in seat_ids(state["players"])
        }
    return out


__all__ = ["deck_for", "view", "visible_roles"]
