"""An independent model of who may know which role, and a scan of views against it.

The model is built from the commands and the public ``eliminated`` flags only, never from
the state's own ``knowledge``/``face_up`` bookkeeping, so the views are checked against
the rulebook rather than against themselves:

- a seat knows its own role;
- it learns a role when it chooses ``look`` on an attack, or uses a look_role 技能;
- everyone learns the role of a player eliminated by 一騎討ち, of the 審神者 when eliminated,
  of the living players when the 審神者 declares, and every role once the game is over
  (the winners are named by seat).

On an observed table a role the record never saw is a token: nobody's view can leak what
the record does not hold, so the swaps below exchange roles the record knows (cards).

``saniwa_traces`` checks the one thing a role-free scan cannot see: whether a view tells
*who* the 審神者 is (for instance by awaiting its seat after a 周) without naming a role.
"""
from __future__ import annotations

from typing import Any, Iterator

from kifu.replays import canon
from kifu.replays.kit import is_token
from kifu.replays.rules import OMNISCIENT, PUBLIC, seat_ids

from .helpers import RULES

ROLE_NAMES = ("saniwa", "danshi", "sokogun")
ROLE_LABELS = ("審神者", "刀剣男士", "時間遡行軍")


class Model:
    def __init__(self, state: dict[str, Any]):
        self.players = state["players"]
        self.known = {p: {p} for p in seat_ids(self.players)}
        self.public: set[str] = set()
        self.deck_seen: set[str] = set()

    def update(self, before: dict[str, Any], command: dict[str, Any], after: dict[str, Any]) -> None:
        seat = command["seat"]
        pending = before["pending"] or {}
        if command["type"] == "choose" and pending.get("kind") == "strike" and command["choice"] == "look":
            self.known[seat].add(before["attack"]["target"])
        if command["type"] == "skill" and before["seats"][seat]["sword"]["skill"]["effect"] == "look_role":
            self.known[seat].add(command["target"])
        if command["type"] == "duel":
            self.deck_seen.add(command["target"])
        out = [s for s in seat_ids(self.players) if after["seats"][s]["eliminated"] and not before["seats"][s]["eliminated"]]
        for s in out:
            if pending.get("kind") == "duel_guess" or after["roles"][s] == "saniwa":
                self.public.add(s)
        if command["type"] == "declare_victory":
            self.public.update(s for s in seat_ids(self.players) if not after["seats"][s]["eliminated"])
        if after["over"] is not None:
            self.public.update(seat_ids(self.players))

    def may_know(self, perspective: str) -> set[str]:
        if perspective == OMNISCIENT:
            return set(seat_ids(self.players))
        return self.public | (self.known[perspective] if perspective != PUBLIC else set())


def _walk(obj: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(path, text) for every string value and every dict key (but a seat's face-up sword
    card, which is card set data)."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield path + (key,), key
            if key != "sword":
                yield from _walk(value, path + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _walk(value, path + (i,))
    elif isinstance(obj, str):
        yield path, obj


def _mentions_role(text: str) -> bool:
    return text in ROLE_NAMES or any(label in text for label in ROLE_LABELS)


def leaks(view: dict[str, Any], state: dict[str, Any], model: Model, perspective: str) -> list[str]:
    """Paths in ``view`` that name a role ``perspective`` may not know now (empty = no leak)."""
    if perspective == OMNISCIENT or state["over"] is not None:
        return []
    allowed_seats = model.may_know(perspective)
    ids = seat_ids(state["players"])
    pending = state["pending"] or {}
    nominee = (state["duel"] or {}).get("nominee")
    bad = []
    for path, text in _walk(view):
        if not _mentions_role(text):
            continue
        head = path[0]
        if head == "seats" and len(path) == 3 and path[2] in ("role", "role_label") and ids[path[1]] in allowed_seats:
            continue
        if head == "role_table" and len(path) == 2:
            continue
        if head == "deck" and path[1] == "counts" and perspective in model.deck_seen:
            continue
        if head == "deck" and path[1] == "cards" and pending.get("kind") == "duel_card" and pending["seat"] == perspective:
            continue
        if head == "last_duel" and path[1] in ("card", "guess"):
            continue
        if head == "pending" and path[1] == "card" and nominee == perspective:
            continue
        if head == "pending" and path[1] == "options" and (pending["kind"] == "duel_guess" or pending["seat"] == perspective):
            continue  # the guess is between the two kinds; the nominee picks among what it looked at
        if head == "revealed" and path[-1] == "card" and (
                view["revealed"][path[1]].get("seat") in allowed_seats or "seat" not in view["revealed"][path[1]]):
            continue  # a role the perspective may know, or the 一騎討ち card turned up to all
        bad.append("/".join(map(str, path)) + f" = {text!r}")
    return bad


def swapped(state: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """The same table with the roles of ``a`` and ``b`` exchanged (both known to the record)."""
    assert not is_token(state["roles"][a]) and not is_token(state["roles"][b])
    roles = dict(state["roles"])
    roles[a], roles[b] = roles[b], roles[a]
    return {**state, "roles": roles}  # the hooks never write into their input


def _hidden(state: dict[str, Any], model: Model, perspective: str) -> list[str]:
    return sorted(s for s in set(seat_ids(state["players"])) - model.may_know(perspective)
                  if not is_token(state["roles"][s]))


def indistinguishable(state: dict[str, Any], model: Model, perspective: str, pick: int) -> str | None:
    """Swap two roles ``perspective`` may not know; its view must not change. Returns a problem or None."""
    if perspective == OMNISCIENT or state["over"] is not None:
        return None
    hidden = _hidden(state, model, perspective)
    pairs = [(x, y) for i, x in enumerate(hidden) for y in hidden[i + 1:] if state["roles"][x] != state["roles"][y]]
    if not pairs:
        return None
    a, b = pairs[pick % len(pairs)]
    if RULES.view(swapped(state, a, b), perspective) != RULES.view(state, perspective):
        return f"{perspective}'s view changes when the hidden roles of {a} and {b} are swapped"
    return None


def saniwa_of(state: dict[str, Any]) -> str | None:
    """The 審神者's seat, where the record knows it."""
    return next((s for s, r in state["roles"].items() if r == "saniwa"), None)


def saniwa_stand_ins(state: dict[str, Any], model: Model, perspective: str) -> list[str]:
    """Living seats that could be the 審神者 as far as ``perspective`` knows (none if it knows).

    An eliminated seat cannot: the 審神者's elimination ends the game, so it is public that
    every eliminated player was not the 審神者.
    """
    saniwa = saniwa_of(state)
    if perspective == OMNISCIENT or state["over"] is not None or saniwa is None:
        return []
    if saniwa in model.may_know(perspective):
        return []
    return [s for s in _hidden(state, model, perspective) if s != saniwa and not state["seats"][s]["eliminated"]]


def saniwa_traces(state: dict[str, Any], model: Model, perspective: str, pick: int) -> list[str]:
    """Swap the 審神者 with a stand-in of each other role; the view's JSON must not change.

    Returns the problems (empty = no trace of who the 審神者 is in this view).
    """
    stand_ins = saniwa_stand_ins(state, model, perspective)
    if not stand_ins:
        return []
    saniwa = saniwa_of(state)
    mine = canon.dumps(RULES.view(state, perspective))
    problems = []
    for role in ("danshi", "sokogun"):
        candidates = [s for s in stand_ins if state["roles"][s] == role]
        if not candidates:
            continue
        other = candidates[pick % len(candidates)]
        if canon.dumps(RULES.view(swapped(state, saniwa, other), perspective)) != mine:
            problems.append(f"{perspective}'s view at step {state['step']} changes when the 審神者 {saniwa} "
                            f"and the hidden {role} {other} swap roles")
    return problems
