"""``view(state, perspective)``: the only way a Life is Rolling Stone state leaves the server.

Hidden: a hand of dream cards (its owner and the omniscient perspective see it; others
see how many), and a committed simultaneous choice (the dream passed left, the skill set
face down) until every seat has chosen: others see only that it is made. The seed and
the order of any face-down pile are never shown. Everything else is public: albums with
their cards and dice (by die: the colour, or ``"red2"`` for a second red one; its
colour, top, north and east faces), power, VP, skills, the order card, the
start player marker, the 共通場, the event row, the discard pile, the deck sizes.

``cards`` describes every card id the view shows (name, kind, colour, ★, icons, text),
so a board needs no card set. ``unknown`` maps each unknown token (``"?N"``) the view
shows to since when and how (``{"since", "how"}``), as in every game; ``revealed``, the tokens that became known and are visible
to this perspective now.
"""
from __future__ import annotations

from typing import Any, Iterable

from kifu.replays.games.rolling_stone import dice as _dice
from kifu.replays.games.rolling_stone.cards import ATTRIBUTES, COLOUR_NAMES, STAGE_NAMES, icon_name
from kifu.replays.kit import CardSet, is_token
from kifu.replays.rules import OMNISCIENT


def view(state: dict, cs: CardSet, perspective: str, to_act: Iterable[str], outcome: Any) -> dict[str, Any]:
    sees_all = perspective == OMNISCIENT
    zones = state["zones"]
    seats: dict[str, Any] = {}
    for seat in state["seats"]:
        mine = sees_all or perspective == seat
        hand = state["hands"][seat]
        chosen = seat in state["choices"]
        seats[seat] = {
            "character": state["characters"][seat],
            "album": dict(state["albums"][seat]),
            "dice": {c: {**d, "colour": _dice.colour_of(c), "east": _dice.east(d, state["handedness"]) if d["north"]
                         else None}
                     for c, d in state["dice"][seat].items()},
            "dice_sum": sum(d["top"] or 0 for d in state["dice"][seat].values()),
            "power": state["power"][seat], "vp": state["vp"][seat],
            "skills": list(state["skills"][seat]),
            "hand": list(hand) if mine else None, "hand_count": len(hand),
            "choice": ({"made": chosen, "card": state["choices"].get(seat) if mine else None}
                       if state["phase"] in ("draft", "skill") else None),
        }
    out: dict[str, Any] = {
        "step": state["step"], "phase": state["phase"], "stage": state["stage"],
        "stage_name": STAGE_NAMES.get(state["stage"], ""), "round": state["round"],
        "to_act": list(to_act), "handedness": state["handedness"],
        "marker": state["marker"], "order": list(state["order"]), "orderer": state["orderer"],
        "active": state["active"], "slot": state["slot"], "turn_step": state["turn_step"],
        "field": list(state["field"]), "events": list(state["events"]), "resolved": list(state["resolved"]),
        "placing": state["placing"], "discard": list(state["discard"]),
        "decks": {name: pile["size"] for name, pile in zones["piles"].items()},
        "seats": seats, "log": list(state["log"]), "final": state["final"],
        "outcome": outcome.to_json() if outcome else None,
    }
    if sees_all:
        out["piles"] = {name: dict(pile["unseen"]) for name, pile in zones["piles"].items()}
    shown = _shown_cards(out)
    out["cards"] = {card: _card(cs, card) for card in sorted(shown) if card in cs.cards}
    out["unknown"] = {tok: {"since": zones["tokens"][tok]["step"], "how": zones["tokens"][tok]["how"]}
                      for tok in sorted((c for c in shown if is_token(c)), key=lambda c: int(c[1:]))
                      if tok in zones["tokens"]}
    out["revealed"] = [dict(r) for r in zones["revealed"] if sees_all or r["card"] in shown]
    return out


def _shown_cards(out: dict[str, Any]) -> set[str]:
    shown = set(out["field"]) | set(out["events"]) | set(out["resolved"]) | set(out["discard"])
    if out["placing"]:
        shown.add(out["placing"])
    for seat in out["seats"].values():
        shown |= set(seat["album"].values()) | set(seat["skills"]) | {seat["character"]}
        shown |= set(seat["hand"] or ())
        if seat["choice"] and seat["choice"]["card"]:
            shown.add(seat["choice"]["card"])
    return shown


def _card(cs: CardSet, card: str) -> dict[str, Any]:
    c = cs.cards[card]
    info: dict[str, Any] = {"name": c["name"], "kind": c["kind"]}
    if c["kind"] == "album":
        info.update(stage=c["stage"], colour=c["colour"], colour_name=COLOUR_NAMES[c["colour"]],
                    attribute=ATTRIBUTES[c["colour"]], star=c["star"], stars=c["stars"],
                    icons=[icon_name(cs, i) for i in c["icons"]])
    elif c["kind"] == "event":
        info.update(stage=c["stage"], text=c["effect"]["text"])
    elif c["kind"] == "dream":
        info.update(skill=c["skill"]["text"], dream=c["dream"]["text"])
    return info
