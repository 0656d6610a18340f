"""An event's state as a pure fold of its organizer entries (no Redis, no clock).

An event (DESIGN.md, "Events") is one append-only stream of entries, each a plain JSON
object with ``type``, ``by`` (the token name that wrote it) and ``at`` (UTC). The stored
contract, version with care:

- ``create``: ``id, name, game, format`` (``bo1`` | ``bo3``), ``rounds`` (Swiss rounds),
  ``top_cut`` (0, 2, 4, 8...), ``table`` (``digital`` | ``physical`` | ``observed``: where
  the round's matches take their chance outcomes), ``cardset`` (None: the game's default),
  ``options`` (game options every match gets), ``feature_tables`` (table numbers that get
  a recorder token), ``infractions``, ``judges``, ``head_judge``, and for a game of three
  seats or more ``pods`` (``kifu.service.tournaments.pods``: sizes, size, scoring, points,
  bye; its tables are pods);
- ``register``: ``player``, ``deck`` (the game's per-seat deck list, or None); a player
  registered after round 1 is a late registration and plays from the next round;
- ``deck``: ``player``, ``deck`` (a corrected deck list);
- ``archetype``: ``player``, ``archetype`` (the organizer's name for the player's deck in
  the metagame, ``kifu.service.tournaments.metagame``; None: the one read from the list);
- ``drop``: ``player``: not paired from the next round on, kept in the standings;
- ``staff``: ``judges``, ``head_judge``; ``infractions``: ``infractions``;
- ``broadcast``: ``delay`` (``{"turns", "minutes"}``, either or both, or None): the delay of
  the ``broadcast`` perspective of the event's matches that set none of their own
  (``kifu.service.broadcast``);
- ``pair``: ``round``, ``stage`` (``swiss`` | ``top``), ``tables``: each ``{table, players,
  matches, feature}`` (a bye is a table whose ``players`` has one name and no match).
  Since the pairing is appended before any match exists (so that a refused pairing
  creates none), ``matches`` is empty in new entries; older entries may list them;
- ``games``: ``games``: each ``{round, table, match, seats}``: games created for tables
  (a digital table's first game, the next game of a best-of-3 table, a physical
  table's game its recorder created with the deal), several tables in one entry;
- ``game``: ``round, table, match``: one such game (entries before ``games`` existed);
- ``attach``: ``round, table, match, seats``: a match recorded elsewhere (a physical
  record) made one of the table's games, ``seats`` mapping seat ids to player names;
- ``report``: ``round, table, player, wins, draws``: one player's report of the result;
- ``result``: ``round, table, wins, draws``: a judge's or the organizer's result, final
  (a pod's: ``round, table, places``, each player's place in the pod's order);
- ``results``: ``results``: each ``{round, table, wins, draws}``: results imported in bulk
  (a judge's or the organizer's, final, as ``result``), all in one entry.

A ``pair`` entry may say ``external: true``: the organizer gave its tables (paired
elsewhere, ``kifu.service.tournaments.imports``); it folds like any other pairing.

``wins`` is a list in the order of the table's ``players``. ``fold`` trusts its entries:
``kifu.service.tournaments.service`` validates each one against the state before appending.

>>> s = fold([{"type": "create", "id": "ev1", "name": "Cup", "game": "tally", "format": "bo1", "rounds": 3,
...            "top_cut": 0, "by": "admin", "at": "t"},
...           {"type": "register", "player": "Aoi", "deck": None, "by": "admin", "at": "t"}])
>>> s["order"], s["stage"]
(['Aoi'], 'registration')
"""
from __future__ import annotations

import copy
from typing import Any, Iterable, Mapping

FORMATS = ("bo1", "bo3")
TABLES = ("digital", "physical", "observed")
PENALTIES = ("warning", "game_loss", "match_loss", "disqualification")
ENTRY_TYPES = ("create", "register", "deck", "archetype", "drop", "staff", "infractions", "pair", "games", "game", "attach",
               "report", "result", "results", "broadcast")

#: the infraction table an event starts with (Magic's IPG and Pokémon's penalty guidelines
#: agree on these defaults for competitive events)
DEFAULT_INFRACTIONS = [
    {"name": "Procedural Error", "penalty": "warning"},
    {"name": "Slow Play", "penalty": "warning"},
    {"name": "Looking at Extra Cards", "penalty": "warning"},
    {"name": "Drawing Extra Cards", "penalty": "game_loss"},
    {"name": "Deck Problem", "penalty": "game_loss"},
    {"name": "Tardiness", "penalty": "game_loss"},
    {"name": "Unsporting Conduct Minor", "penalty": "warning"},
    {"name": "Unsporting Conduct Major", "penalty": "match_loss"},
    {"name": "Cheating", "penalty": "disqualification"},
]


def games_to_win(fmt: str) -> int:
    return 2 if fmt == "bo3" else 1


def fold(entries: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The event's state after ``entries`` (oldest first); ``{}`` for no entries."""
    state: dict[str, Any] = {}
    for entry in entries:
        state = _apply(state, copy.deepcopy(dict(entry)))
    return state


def step(state: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """The state after one more entry; neither ``state`` nor ``entry`` is changed."""
    return _apply(copy.deepcopy(dict(state)), copy.deepcopy(dict(entry)))


def _apply(s: dict[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    # changes ``s`` in place (the fold's own copy): a fold copies each entry once, not
    # the whole state per entry
    kind = entry["type"]
    if kind == "create":
        s = {
            "id": entry["id"], "name": entry["name"], "game": entry["game"], "format": entry["format"],
            "rounds": entry["rounds"], "top_cut": entry["top_cut"], "table": entry.get("table", "digital"),
            "cardset": entry.get("cardset"), "options": dict(entry.get("options") or {}),
            "feature_tables": list(entry.get("feature_tables") or []),
            "infractions": list(entry.get("infractions") or DEFAULT_INFRACTIONS),
            "judges": list(entry.get("judges") or []), "head_judge": entry.get("head_judge"),
            "pods": copy.deepcopy(entry.get("pods")),
            "created": entry["at"], "by": entry["by"], "players": {}, "order": [], "rounds_played": [],
            "seq": 0,
        }
    elif kind == "register":
        name = entry["player"]
        s["players"][name] = {"name": name, "deck": entry.get("deck"), "dropped": False, "dropped_after": None,
                              "joined_round": len(s["rounds_played"]) + 1}
        s["order"].append(name)
    elif kind == "deck":
        s["players"][entry["player"]]["deck"] = entry.get("deck")
    elif kind == "archetype":
        s["players"][entry["player"]]["archetype"] = entry.get("archetype")
    elif kind == "drop":
        player = s["players"][entry["player"]]
        player["dropped"] = True
        player["dropped_after"] = len(s["rounds_played"])
    elif kind == "staff":
        s["judges"] = list(entry.get("judges") or [])
        s["head_judge"] = entry.get("head_judge")
    elif kind == "infractions":
        s["infractions"] = list(entry["infractions"])
    elif kind == "broadcast":
        s["broadcast"] = dict(entry["delay"]) if entry.get("delay") else None
    elif kind == "pair":
        s["rounds_played"].append({
            "number": entry["round"], "stage": entry.get("stage", "swiss"), "external": bool(entry.get("external")),
            "tables": [{"table": t["table"], "players": list(t["players"]), "matches": list(t.get("matches") or []),
                        "seats": [dict(x) for x in t.get("seats") or []],
                        "feature": bool(t.get("feature")), "reports": {}, "result": None}
                       for t in entry["tables"]],
        })
    elif kind == "games":
        for game in entry["games"]:
            _add_game(find_table(s, game["round"], game["table"]), game)
    elif kind == "results":
        for one in entry["results"]:
            table = find_table(s, one["round"], one["table"])
            if "places" in one:  # a pod's (``import_results``)
                table["result"] = {"places": list(one["places"]), "by": entry["by"]}
            else:
                table["result"] = {"wins": list(one["wins"]), "draws": one["draws"], "by": entry["by"]}
    elif kind in ("game", "attach", "report", "result"):
        table = find_table(s, entry["round"], entry["table"])
        if kind in ("game", "attach"):
            _add_game(table, entry)
        elif kind == "report":
            table["reports"][entry["player"]] = {"wins": list(entry["wins"]), "draws": entry["draws"]}
        elif "places" in entry:
            table["result"] = {"places": list(entry["places"]), "by": entry["by"]}
        else:
            table["result"] = {"wins": list(entry["wins"]), "draws": entry["draws"], "by": entry["by"]}
    if s:
        s["seq"] = s.get("seq", 0) + 1
        s["stage"] = stage(s)
    return s


def _add_game(table: dict[str, Any], game: Mapping[str, Any]) -> None:
    table["matches"].append(game["match"])
    names = table["players"]
    table["seats"].append(dict(game.get("seats") or {f"p{i + 1}": n for i, n in enumerate(names)}))


def find_table(state: Mapping[str, Any], number: int, table: int) -> dict[str, Any]:
    """Table ``table`` of round ``number`` (KeyError if the event has none)."""
    for played in state["rounds_played"]:
        if played["number"] == number:
            for t in played["tables"]:
                if t["table"] == table:
                    return t
    raise KeyError((number, table))


def stage(state: Mapping[str, Any]) -> str:
    """``registration`` before round 1, ``swiss``, ``top`` once the cut is paired, ``done``
    when the last round (Swiss without a cut, or the cut's final) has been paired."""
    played = state["rounds_played"]
    if not played:
        return "registration"
    if played[-1]["stage"] == "top":
        return "done" if len(played[-1]["tables"]) == 1 and _real(played[-1]) else "top"
    return "swiss"


def _real(played: Mapping[str, Any]) -> bool:
    return all(len(t["players"]) == 2 for t in played["tables"])


def active_players(state: Mapping[str, Any]) -> list[str]:
    """Players not dropped, in registration order."""
    return [n for n in state["order"] if not state["players"][n]["dropped"]]


def seat_of(table: Mapping[str, Any], game: int, player: str) -> str | None:
    """The seat ``player`` holds in the table's ``game``-th match (0-based)."""
    for seat, name in table["seats"][game].items():
        if name == player:
            return seat
    return None
