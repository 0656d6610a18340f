"""Redaction over random games: no public or opponent response names a hidden card.

At every step of a game played through the API, for each perspective (public, p1, p2)
every response that perspective's caller can get (state, entries, legal, export, the
omniscient view, and the error bodies where it is refused) is searched for every card
that perspective has never been shown: what sits in a hidden zone now and appeared in
none of the views the game's own ``view`` gave it so far. The seed is searched for too.
The oracle is per game: HOLOdeLIVE (deck and the other seat's hand; card ids and card
names) and the store's ``tally`` toy (the other seats' noted cards).
"""
from __future__ import annotations

import json
import secrets
from typing import Any, Iterable

import pytest

from kifu.replays.rng import Rng
from kifu.replays.rules import OMNISCIENT
from tests.service.api.conftest import Api

PERSPECTIVES = ("public", "p1", "p2")


def strings(node: Any, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(node, str):
        out.add(node)
    elif isinstance(node, dict):
        for key, value in node.items():
            out.add(key)
            strings(value, out)
    elif isinstance(node, list):
        for value in node:
            strings(value, out)
    return out


class TallyOracle:
    game = "tally"

    def hidden(self, state: dict[str, Any], perspective: str) -> set[str]:
        return {n["card"] for n in state["notes"] if n["seat"] != perspective}

    def names(self, state: dict[str, Any], card: str) -> Iterable[str]:
        return ()

    def next_command(self, api: Api, match: dict[str, Any], seq: int, rng: Rng) -> tuple[str, dict[str, Any]] | None:
        if seq >= 24:
            return None
        seat = rng.choice(["p1", "p2"])
        if rng.below(2):
            return seat, {"type": "note", "seat": seat, "card": "secret-" + secrets.token_hex(4)}
        return seat, {"type": "add", "seat": seat, "n": 1 + rng.below(6)}


class HolodeliveOracle:
    game = "holodelive"

    def hidden(self, state: dict[str, Any], perspective: str) -> set[str]:
        out: set[str] = set()
        for pile in state["zones"]["piles"].values():  # face down: what may be in them, and what is known
            out |= {c for c, n in pile["unseen"].items() if n > 0}
            out |= {c for c in pile["top"] + pile["bottom"] if not c.startswith("?")}
        for seat, hand in state["hands"].items():
            if seat != perspective:
                out |= set(hand)
        pending = state.get("pending") or {}
        if pending.get("seat") == perspective:  # a deck search shows its seat the cards to choose from
            out -= strings(pending.get("options"))
        # a card the rules reveal (公開: e.g. the one a search adds to the hand) is everyone's to see
        out -= {e["card"] for e in state.get("events") or () if e.get("kind") == "reveal" and "card" in e}
        return out

    def names(self, state: dict[str, Any], card: str) -> Iterable[str]:
        from kifu.replays import registry

        name = registry.demo(self.game).cardset.name(card)
        return (name,) if name != card else ()

    def next_command(self, api: Api, match: dict[str, Any], seq: int, rng: Rng) -> tuple[str, dict[str, Any]] | None:
        options = []
        for seat in ("p1", "p2"):
            rv = api.as_(match["tokens"][seat]).get(f"/api/matches/{match['id']}/legal?as={seat}")
            options += [(seat, c) for c in rv.json["commands"]]
        return rng.choice(options) if options else None


def oracles() -> list[Any]:
    return [TallyOracle(), HolodeliveOracle()]


def responses(api: Api, match: dict[str, Any], perspective: str) -> str:
    """Everything ``perspective``'s caller gets back, as one text."""
    mid = match["id"]
    caller = api if perspective == "public" else api.as_(match["tokens"][perspective])
    bodies = [
        caller.get(f"/api/matches/{mid}/state?as={perspective}"),
        caller.get(f"/api/matches/{mid}/entries?as={perspective}"),
        caller.get(f"/api/matches/{mid}"),
        caller.get(f"/api/matches?limit=5"),
        caller.get(f"/api/matches/{mid}/export"),
        caller.get(f"/api/matches/{mid}/state?as={OMNISCIENT}"),
        caller.get(f"/api/matches/{mid}/entries?as={OMNISCIENT}"),
    ]
    for seat in ("p1", "p2"):
        bodies.append(caller.get(f"/api/matches/{mid}/legal?as={seat}"))
    return "\n".join(rv.get_data(as_text=True) for rv in bodies)


@pytest.fixture
def app(redis_url):
    """The API with the registered games too: the HOLOdeLIVE oracle plays the real game."""
    from tests.service.api.conftest import make_app, with_registry

    app = make_app(redis_url, KIFU_GAMES=with_registry)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.mark.parametrize("oracle", oracles(), ids=lambda o: o.game)
@pytest.mark.parametrize("game_seed", ["r1", "r2"])
def test_no_response_names_a_card_the_perspective_may_not_see(app, api, admin, judge, oracle, game_seed):
    match = _create(app, oracle.game, seed=f"redaction/{game_seed}")  # a reproducible game
    mid = match["id"]
    seed = json.loads(judge.get(f"/api/matches/{mid}/export").get_data(as_text=True).splitlines()[0])["seed"]
    assert seed == f"redaction/{game_seed}"
    rng = Rng(game_seed, f"redaction/{oracle.game}")
    seen: dict[str, set[str]] = {p: set() for p in PERSPECTIVES}
    seq, checked, steps = 0, 0, 0
    while True:
        state = app.extensions["kifu"].matches.state(mid)[1]  # the raw state: the oracle's truth
        live = api.get(f"/api/matches/{mid}").json["status"] == "live"
        for perspective in PERSPECTIVES:
            view = api.as_(match["tokens"].get(perspective)).get(
                f"/api/matches/{mid}/state?as={perspective}").json["view"]
            secret = oracle.hidden(state, perspective) - seen[perspective]  # hidden now, never shown before
            seen[perspective] |= strings(view)
            names = {n for card in secret for n in oracle.names(state, card)}
            names -= {n for card in seen[perspective] for n in _safe_names(oracle, state, card)}
            text = responses(api, match, perspective)
            leaked = sorted(s for s in secret | names if json.dumps(s, ensure_ascii=False) in text
                            or (s in names and s in text))
            assert not leaked, f"{perspective} at seq {seq} sees {leaked}"
            if live:
                assert seed not in text, f"{perspective} sees the seed of a live match"
            checked += len(secret)
        if not live:
            break
        step = oracle.next_command(api, match, seq, rng)
        if step is None:
            break
        seat, command = step
        rv = api.as_(match["tokens"][seat]).command(mid, command, seq)
        assert rv.status_code == 201, rv.json
        seq = rv.json["seq"]
        steps += 1
        if steps >= 45:
            break
    assert steps >= 10 and checked > 0  # the test looked at real secrets


def _create(app, game: str, *, seed: str) -> dict[str, Any]:
    """Like POST /api/matches, with a chosen seed (the API never takes one)."""
    from kifu.service import auth

    kifu = app.extensions["kifu"]
    info = kifu.matches.create(game, ["Aoi", "Ren"], seed=seed)
    tokens = {seat: auth.create_token(kifu.redis, role="player", name=seat, match=info.id, seat=seat)
              for seat in ("p1", "p2")}
    return {"id": info.id, "seq": 0, "tokens": tokens}


def _safe_names(oracle, state, card):
    try:
        return oracle.names(state, card)
    except (KeyError, TypeError):
        return ()
