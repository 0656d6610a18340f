"""What each perspective may see: the only path by which a hololive OCG state leaves the server.

Shape (every perspective; hidden parts are counts)::

    {"game": "hocg", "table", "perspective", "step", "turn", "phase", "active", "first",
     "to_act": [seats],
     "players": {seat: {
         "oshi": card, "life": n,                       # life: face down, a count (even to its owner)
         "deck_count": n, "cheer_deck_count": n,
         "holopower": n,                                # face down; omniscient also "holopower_cards"
         "hand": [card | "?N"] | {"count": n},          # its owner and omniscient see the cards
         "archive": [card],                             # public, oldest first
         "stage": {"center": holo | None, "collab": holo | None, "back": [holo]},
         "used": {"limited", "collab", "baton", "oshi", "sp": bool, "arts": [pos]},
         "turns": n, "mulligan": {"done", "redraws", "size"}, "placed": bool}},
     "pending": {"seat", "effect", "card", "prompt", "secret", "text"?, "ability"?,
                 "cheer"?, "options"?, "looking"?} | None,  # options: the chooser and omniscient only;
                                                        # cheer: the face-up cheer being attached;
                                                        # looking: {"deck"|"cheer_deck": [card]}, the
                                                        # piles a hand-resolved text searches, to
                                                        # the chooser (``manual.looking``)
     "roll": {"seat", "face", "card"} | None,           # the last die rolled
     "events": [public notes of the last command], "over": {"winner", "reason"} | None,
     "outcome": {...} | None,
     "cards": {card id: card},                          # every card id this view shows
     "unknown": {"?N": {"since", "how"}}, "revealed": [{"token", "card", "name", "step", "how", ...}]}

    holo = {"pos": "center" | "collab" | "backN", "card": card | None (face down),
            "stack": [card] (the Bloom-under cards, bottom first; public: Bloom前のカードは確認できる),
            "cheer": [card], "cheer_colors": {colour: n}, "attached": [card] (tools, mascots, fans),
            "damage": n, "hp": max HP now, "rested": bool, "face_down": bool,
            "mods": {"hp": n, "arts": n}}

    card (in "cards") = {"id", "number", "name", "kind", "colors", "hp", "life", "level",
            "baton", "support", "limited", "unlimited", "tags",
            "arts": [{"name", "dmg", "plus", "cost", "tokkou", "text", "automated"}],
            "abilities": [{"kind", "name", "text", "holopower", "limit", "automated"}]}

Hidden: the other seat's hand (a count), every face-down card (life: never a card, only
a count; holopower: a count; a face-down placement before the reveal), the deck and
cheer deck orders. The omniscient view adds ``"piles"`` (each face-down pile's size,
known top/bottom and the multiset of what the rest may be). A card nobody watching saw
(an observed table) is the string ``"?N"``, described in ``"unknown"``; once known it is
in ``"revealed"``. The seed is never in a view. While an ability waits to be resolved by
hand, ``pending`` carries its ``ability`` name and printed ``text`` (the viewer shows it
beside the effect commands).
"""
from __future__ import annotations

import marshal
from collections import Counter
from typing import Any

from kifu.replays.games.hocg import cards as C
from kifu.replays.games.hocg import manual as _manual
from kifu.replays.games.hocg.state import SEATS, Board
from kifu.replays.kit.zones import shown
from kifu.replays.rules import OMNISCIENT


def card_view(t: Board, card: str) -> dict[str, Any]:
    c = t.card(card)
    return {"id": card, "number": c["number"], "name": c["name"], "kind": c["kind"], "colors": list(c["colors"]),
            "hp": c["hp"], "life": c["life"], "level": c["level"], "baton": c["baton"], "support": c["support"],
            "limited": c["limited"], "unlimited": c["unlimited"], "tags": list(c["tags"]),
            "arts": [{"name": a["name"], "dmg": a["dmg"], "plus": a["plus"], "cost": list(a["cost"]),
                      "tokkou": [dict(k) for k in a["tokkou"]], "text": a["text"],
                      "automated": not a["text"] or a.get("effect") is not None} for a in c["arts"]],
            "abilities": [{"kind": a["kind"], "name": a["name"], "text": a["text"], "holopower": a["holopower"],
                           "limit": a["limit"], "automated": a.get("effect") is not None} for a in c["abilities"]]}


def holo_view(t: Board, pos: str, h: dict, hidden: bool) -> dict[str, Any]:
    face_down = h["face_down"] and hidden
    return {"pos": pos, "card": None if face_down else h["card"], "stack": [] if face_down else list(h["stack"]),
            "cheer": list(h["cheer"]), "cheer_colors": dict(Counter(C.color_of(t.cs, c) for c in h["cheer"])),
            "attached": list(h["attached"]), "damage": h["damage"], "hp": None if face_down else t.max_hp(h),
            "rested": h["rested"], "face_down": h["face_down"], "mods": dict(h["mods"]),
            **({"lasting": [dict(m) for m in h["lasting"]]} if h.get("lasting") else {})}


def pile_view(t: Board, name: str) -> dict[str, Any]:
    p = t.zones.pile(name)
    return {"size": p["size"], "top": list(p["top"]), "bottom": list(p["bottom"]),
            "unseen": [{"id": c, "copies": n} for c, n in sorted(p["unseen"].items())]}


def private_reveal(how: str, perspective: str) -> bool:
    return perspective != OMNISCIENT and how in ("search_secret",)


def _collect(obj: Any, cards: set, tokens: set, known: Any, zones: dict) -> None:
    if isinstance(obj, str):
        if obj in known:
            cards.add(obj)
        elif obj in zones["tokens"]:
            tokens.add(obj)
    elif isinstance(obj, list):
        for item in obj:
            _collect(item, cards, tokens, known, zones)
    elif isinstance(obj, dict):
        for key, item in obj.items():
            if key not in ("prompt", "reason", "text", "ability"):
                _collect(item, cards, tokens, known, zones)


def view(t: Board, perspective: str, to_act: tuple[str, ...], outcome: Any) -> dict[str, Any]:
    s = t.s
    omni = perspective == OMNISCIENT
    players = {}
    for seat in SEATS:
        pl = t.p(seat)
        mine = omni or perspective == seat
        hidden = not mine
        stage = {"center": holo_view(t, "center", pl["center"], hidden) if pl["center"] else None,
                 "collab": holo_view(t, "collab", pl["collab"], hidden) if pl["collab"] else None,
                 "back": [holo_view(t, f"back{i}", h, hidden) for i, h in enumerate(pl["back"])]}
        out = {"oshi": pl["oshi"], "life": pl["life"], "deck_count": t.deck_size(seat),
               "cheer_deck_count": t.cheer_deck_size(seat), "holopower": len(pl["holopower"]),
               "hand": list(pl["hand"]) if mine else {"count": len(pl["hand"])},
               "archive": list(pl["archive"]), "stage": stage,
               "used": {**pl["used"], "sp": bool(pl.get("sp_used")), "arts": list(pl["used"]["arts"])},
               "turns": pl["turns"], "mulligan": dict(pl["mulligan"]), "placed": pl["placed"]}
        if omni:
            out["holopower_cards"] = list(pl["holopower"])
        players[seat] = out
    pending = s["pending"]
    pend = None
    if pending is not None:
        pend = {"seat": pending["seat"], "effect": pending["kind"], "card": pending["card"],
                "prompt": pending["prompt"], "secret": pending["secret"]}
        top = s["stack"][-1] if s["stack"] else {}
        if pending["kind"] == "manual":
            pend.update(ability=top["params"]["ability"], text=top["params"]["text"])
        if top.get("params", {}).get("cheer"):  # a cheer turned face up, waiting for its holomem
            pend["cheer"] = top["params"]["cheer"]
        if omni or perspective == pending["seat"]:
            pend["options"] = list(pending["options"])
            if pending["kind"] == "manual" and (looked := _manual.looking(t, pending["seat"])):
                pend["looking"] = looked  # the piles its text searches, as the seat looks through them
    result: dict[str, Any] = {
        "game": "hocg", "table": s["table"], "perspective": perspective, "step": s["step"], "turn": s["turn"],
        "phase": s["phase"], "active": s["active"], "first": s["first"], "to_act": list(to_act),
        "players": players, "pending": pend, "roll": dict(s["roll"]) if s["roll"] else None,
        "events": list(s["events"]),  # public notes: none names a hidden card
        "over": dict(s["over"]) if s["over"] else None,
        "outcome": outcome.to_json() if outcome is not None else None,
    }
    if omni:
        result["piles"] = {name: pile_view(t, name) for name in sorted(s["zones"]["piles"])}
    cards: set[str] = set()
    tokens: set[str] = set()
    _collect(result, cards, tokens, t.cs.cards, s["zones"])
    result["cards"] = {c: card_view(t, c) for c in sorted(cards)}
    zones = s["zones"]
    result["unknown"] = {tok: {"since": zones["tokens"][tok]["step"], "how": zones["tokens"][tok]["how"]}
                         for tok in sorted(tokens, key=lambda x: int(x[1:]))}
    result["revealed"] = [{**r, "name": t.name(r["card"])} for r in zones["revealed"]
                          if not private_reveal(r["how"], perspective) and shown(r, perspective)]
    return marshal.loads(marshal.dumps(result))

