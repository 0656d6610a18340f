"""What each perspective may see: the only path by which a state leaves the server.

- a seat sees its own role and every role it was shown (an attack's look, a 技能), each
  with the step at which it learned it, plus every role turned face up;
- ``public`` sees roles only once they are face up (一騎討ち, the 審神者's elimination,
  the end of the game);
- ``omniscient`` sees everything the record knows, plus ``knew``: per seat, what that
  seat knew at this step (for a judge). On an observed table that is what was known, no
  more: a role nobody recording saw is its token ``"?N"``, there as everywhere.

``to_act`` is computed for the perspective: after a 周 the game also awaits the 審神者's
possible 勝利宣言, but only the 審神者 itself and the judge see that seat in it; everyone
else sees the seat the table visibly waits for (the new 近侍, or whoever must answer a
pending decision, which happens in the open). ``declaration_open`` (a 周 has just ended)
is public: at the table everyone knows the 審神者 may speak now. The seed is never shown.

Shape (JSON)::

    game, perspective, table ("digital" | "physical" | "observed"), step, round,
    phase ("turn" | "strike" | "duel_card" | "duel_guess" | "reveal" | "over"), kinji, current,
    to_act [seats], declaration_open, pool (None = no cap), role_table {role: dealt},
    seats [{seat, sword {name, type, school, tosou, skill, special}, tosou, fatigue,
            fatigue_label, defending, eliminated, kinji, current, acted, skipped, guarded,
            bonus_attacks, role (id, "?N", or None = hidden), role_label, role_known {step, how}}],
    deck {size, counts {role: n} and seen_at (the nominee who looked, a judge),
          cards [role ids, sorted: a face-down pile has no known order] (the nominee while
          choosing, a judge)},
    pending None | {kind, seat, prompt, options (hidden from others for a secret choice),
          strike: target, remaining, start_red; duel_card: challenger;
          duel_guess: nominee, card_chosen, card (the nominee and a judge: a role or "?N")},
    round_effects [...], last_duel {challenger, nominee, card, guess, correct, loser, step} | None,
    over {code, reason, side} | None,
    unknown {"?N": {since (step), how}}   every token this view shows,
    revealed [{token, card, step, how, since, was, seat?}]   tokens later named, as far
          as this perspective may see the card,
    me (a seat's view), knew {seat: {role, knows {seat: {role, step, how}}, deck_seen}} (omniscient)

Role ids appear in a view only in a seat's ``role`` (when that perspective may know it),
in ``role_table`` (the public count of dealt roles), in the 山札's make-up shown to a seat
that looked at it, in ``revealed`` as above, and in the face-up card of the last 一騎討ち.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from kifu.replays.kit import is_token
from kifu.replays.rules import OMNISCIENT, PUBLIC, check_perspective, seat_ids

from .roles import LABELS, SANIWA
from .state import FATIGUE_LABELS, awaited, bonus_attacks, deck_size, guarded, phase, public_to_act


def visible_roles(state: Mapping[str, Any], perspective: str) -> dict[str, dict[str, Any]]:
    """seat -> {role, step, how} for every role ``perspective`` may know at this step."""
    roles = state["roles"]
    if perspective == OMNISCIENT:
        return {s: {"role": r, "step": 0, "how": "全知"} for s, r in roles.items()}
    known: dict[str, dict[str, Any]] = {}
    if perspective != PUBLIC:
        known[perspective] = {"role": roles[perspective], "step": 0, "how": "自分の役"}
        for seat, item in state["knowledge"][perspective].items():
            known[seat] = {"role": roles[seat], **item}
    for seat, item in state["face_up"].items():
        if seat not in known or known[seat]["step"] > item["step"]:
            known[seat] = {"role": roles[seat], **item}
    return known


def role_label(role: str) -> str:
    return LABELS.get(role, "不明")


def deck_makeup(state: Mapping[str, Any]) -> dict[str, int]:
    """The 山札's cards: it never changes composition (a 一騎討ち card goes back), so this
    counts the card in the centre during a 一騎討ち too."""
    counts = Counter({r: n for r, n in state["zones"]["piles"]["deck"]["unseen"].items() if n > 0})
    chosen = (state["duel"] or {}).get("card")
    if chosen is not None and not is_token(chosen):  # a token's card is still counted unseen
        counts[chosen] += 1
    return dict(sorted(counts.items()))


def deck_for(state: Mapping[str, Any], perspective: str) -> dict[str, Any]:
    out: dict[str, Any] = {"size": deck_size(state)}
    pending = state["pending"] or {}
    seen = state["deck_seen"].get(perspective)
    if perspective == OMNISCIENT or seen is not None:
        out["counts"] = deck_makeup(state)
        out["seen_at"] = seen
    if perspective == OMNISCIENT or (pending.get("kind") == "duel_card" and pending["seat"] == perspective):
        out["cards"] = [r for r, n in deck_makeup(state).items() for _ in range(n)]
    return out


def _pending(state: Mapping[str, Any], perspective: str) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    kind = pending["kind"]
    out: dict[str, Any] = {"kind": kind, "seat": pending["seat"], "prompt": pending["prompt"]}
    if not pending["secret"] or perspective in (OMNISCIENT, pending["seat"]):
        out["options"] = list(pending["options"])
    if kind == "strike":
        out.update(state["attack"])
    elif kind == "duel_card":
        out["challenger"] = state["duel"]["challenger"]
    else:
        nominee = state["duel"]["nominee"]
        out.update(nominee=nominee, card_chosen=True)
        if perspective in (OMNISCIENT, nominee):
            out["card"] = state["duel"]["card"]
    return out


def _to_act(state: Mapping[str, Any], perspective: str) -> list[str]:
    if perspective == OMNISCIENT:
        return list(awaited(state))
    public = list(public_to_act(state))
    if (state["declaration_open"] and state["over"] is None and perspective in state["roles"]
            and state["roles"][perspective] == SANIWA and perspective not in public):
        public.append(perspective)  # the 審神者 sees that it may declare
    return public


def _revealed(state: Mapping[str, Any], roles: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Tokens later named, where this perspective may see the card: a role token as its
    seat's role, the 一騎討ち card (turned up to everyone) always."""
    out = []
    for item in state["zones"]["revealed"]:
        seat = state["role_tokens"].get(item["token"])
        if seat is None:
            out.append(dict(item))
        elif seat in roles and not is_token(roles[seat]["role"]):
            out.append({**item, "seat": seat})
    return out


def view(state: Mapping[str, Any], perspective: str) -> dict[str, Any]:
    """The board as ``perspective`` may see it (JSON data)."""
    check_perspective(perspective, state["players"])
    roles = visible_roles(state, perspective)
    seats = []
    shown_tokens: list[str] = []
    for seat in seat_ids(state["players"]):
        mine = state["seats"][seat]
        known = roles.get(seat)
        if known and is_token(known["role"]):
            shown_tokens.append(known["role"])
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
            "role_label": role_label(known["role"]) if known else None,
            "role_known": {"step": known["step"], "how": known["how"]} if known else None,
        })
    pending = _pending(state, perspective)
    if pending and is_token(pending.get("card")):
        shown_tokens.append(pending["card"])
    out: dict[str, Any] = {
        "game": "senbu_rinki",
        "perspective": perspective,
        "table": state["table"],
        "step": state["step"],
        "round": state["round"],
        "phase": phase(state),
        "kinji": state["kinji"],
        "current": state["current"],
        "to_act": _to_act(state, perspective),
        "declaration_open": state["declaration_open"],
        "seats": seats,
        "pool": state["pool"],
        "role_table": dict(state["role_table"]),
        "deck": deck_for(state, perspective),
        "pending": pending,
        "round_effects": [dict(e) for e in state["round_effects"]],
        "last_duel": state["last_duel"],
        "over": dict(state["over"]) if state["over"] else None,
        "revealed": _revealed(state, roles),
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
    tokens = state["zones"]["tokens"]
    out["unknown"] = {tok: {"since": tokens[tok]["step"], "how": tokens[tok]["how"]}
                      for tok in sorted(set(shown_tokens)) if tok in tokens}
    return out


__all__ = ["deck_for", "view", "visible_roles"]
