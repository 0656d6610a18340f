"""``view(state, perspective)``: the only way state leaves the server.

Hands are hidden from everyone but their owner; face-down places from everyone (only a
judge's omniscient view shows what each one is, or ``"?N"`` where an observed table never
saw it). The open response window (with ``answering``: the appearance or declaration it
answers), the battle (its ``attackers``/``blockers`` are the characters' ``uid``) and the
pending decision are shown (with the card it resolves, already public: ``card`` the
character appearing or the event declared, ``pick`` a card searched out to appear); the
options of a decision only to the seat that decides (they would tell its hand).
"""
from __future__ import annotations

from typing import Any

from kifu.replays.games.heroes_placement.effects import WINDOWS
from kifu.replays.games.heroes_placement.state import SEATS, T
from kifu.replays.kit import is_token
from kifu.replays.rules import OMNISCIENT


def view(t: T, perspective: str, to_act: tuple[str, ...]) -> dict[str, Any]:
    s, omni = t.s, perspective == OMNISCIENT
    shown: list[str] = []

    def seen(items: list[str]) -> list[str]:
        shown.extend(i for i in items if is_token(i))
        return list(items)

    players = {}
    for seat in SEATS:
        p = t.p(seat)
        grid = []
        for i, sq in enumerate(p["grid"]):
            place = sq["place"]
            if place is not None:
                place = seen([place])[0] if omni else "face_down"
            ch = sq["char"]
            grid.append({"square": i, "place": place, "char": None if ch is None else {
                "uid": ch["uid"], "card": ch["card"], "name": t.name(ch["card"]), "rested": ch["rested"],
                "ap": t.ap(seat, i), "dp": t.dp(seat, i), "equip": list(ch["equip"]), "start_leader": ch["start"],
                "ability_lost": ch["lost"]}})
        mine = omni or perspective == seat
        players[seat] = {
            "hand": seen(p["hand"]) if mine else None, "hand_count": len(p["hand"]),
            "deck_count": t.zones.size(t.deck(seat)), "grid": grid, "trash": list(p["trash"]),
            "damage": list(p["damage"]), "removed": list(p["removed"]), "pool": p["pool"],
            "pl_negated": p["pl_negated"], "places_left": len(t.places(seat)), "leader_moved": p["swapped"]}
    pending = s["pending"]
    window = answering = None
    decision = None
    if pending is not None:
        if pending["kind"] == "window":
            kind = s["stack"][-1]["params"]["kind"]
            window = {"seat": pending["seat"], "kind": kind, "name": WINDOWS[kind]}
            # below the window: the character entering (③) or the event/ability declared (②),
            # both already public; ① and ④ answer the battle or a phase, which carry no card
            below = s["stack"][-2] if len(s["stack"]) > 1 else None
            if below is not None and below["card"] is not None and not is_token(below["card"]):
                answering = {"seat": below["seat"], "effect": below["effect"], "card": below["card"],
                             "name": t.name(below["card"]), "square": below["params"].get("square")}
        else:
            decision = {"seat": pending["seat"], "kind": pending["kind"], "prompt": pending["prompt"]}
            if omni or perspective == pending["seat"]:
                decision["options"] = pending["options"]
            # what the decision resolves, already public: the character appearing or the event
            # declared (its command named it), and a card searched out to appear (face up)
            top = s["stack"][-1] if s["stack"] else None
            if top is not None:
                for key, card in (("card", top["card"] if top["origin"] in ("appear", "declare", "declared") else None),
                                  ("pick", top["params"].get("pick"))):
                    if isinstance(card, str) and not is_token(card):
                        decision[key] = {"card": card, "name": t.name(card)}
    tokens = t.zones.z["tokens"]
    out = {
        "step": s["step"], "table": s["table"], "turn": s["turn"], "phase": s["phase"], "active": s["active"],
        "first": s["first"], "to_act": list(to_act), "players": players, "battle": s["battle"],
        "window": window, "answering": answering, "decision": decision,
        "stack": [f["effect"] for f in s["stack"]],
        "winner": s["winner"], "reason": s["reason"], "notes": list(s["notes"]),
        "unknown": {tok: {"since": tokens[tok]["step"], "how": tokens[tok]["how"]}
                    for tok in sorted(set(shown)) if tok in tokens},
        "revealed": [{**r, "name": t.name(r["card"])} for r in t.zones.z["revealed"]],
    }
    if omni:
        out["decks"] = {seat: dict(t.zones.pile(t.deck(seat))["unseen"]) for seat in SEATS}
    return out
