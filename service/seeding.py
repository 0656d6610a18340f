"""A newcomer's first start: demo matches of every registered game, played by the seeded bot.

They go through ``MatchService.create`` and ``submit`` like any recorded match (the
bot's record from ``kifu.replays.demo.demo_record`` only supplies seats, seed and commands),
so a demo match is indistinguishable from a real one and its state hashes are checked
against the bot's record on the way in.
"""
from __future__ import annotations

from typing import Callable, Iterable

from kifu.replays.demo import demo_record
from kifu.replays.rules import Rules
from kifu.service import keys
from kifu.service.cardsets import default_set
from kifu.service.matches import MatchInfo, MatchService

DEMO_SEED = "kifu-demo"
#: A demo shown to a newcomer should show the game: bot games shorter than this are passed
#: over (a 千舞鱗鬼 bot 審神者 may declare victory at the first chance, five moves in).
MIN_DEMO_MOVES = 20
LOCK_KEY = f"{keys.PREFIX}:seeding"


def store_is_empty(matches: MatchService) -> bool:
    store = matches.store
    if store.count():
        return False
    return next(iter(store.client.scan_iter(match=keys.META_PATTERN, count=1000)), None) is None


def seed_demo_matches(
    matches: MatchService,
    per_game: int = 2,
    *,
    live: int = 0,
    seed: str = DEMO_SEED,
    games: Iterable[Rules] | None = None,
    force: bool = False,
    progress: Callable[[MatchInfo], None] | None = None,
) -> list[MatchInfo]:
    """Record ``per_game`` bot matches of each game (default: the service's games, each
    with its default demo card set); only into an empty store unless ``force``.

    ``live`` more per game are recorded only halfway and left live, so that a newcomer can
    watch a match follow new moves and record one at the table (as admin, or with a token).

    Returns the matches recorded (none if the store already had matches, or if another
    process is seeding it right now).
    """
    client = matches.store.client
    if not force and not store_is_empty(matches):
        return []
    if not client.set(LOCK_KEY, "1", nx=True, ex=600):
        return []
    made: list[MatchInfo] = []
    try:
        for game in (matches.games() if games is None else games):
            rules = game if game.cardset is not None else game.bind(default_set(game))
            for n, index in enumerate(_showable(rules, seed, per_game + live)):
                made.append(_record_one(matches, rules, seed, index, halfway=n >= per_game))
                if progress is not None:
                    progress(made[-1])
    finally:
        client.delete(LOCK_KEY)
    return made


def _showable(rules: Rules, seed: str, count: int, *, tries: int = 50) -> list[int]:
    """The first ``count`` demo indices whose games are long enough to show (or, failing
    that within ``tries``, the first ``count``)."""
    chosen: list[int] = []
    for index in range(tries):
        if len(demo_record(rules, seed=seed, index=index).entries) >= MIN_DEMO_MOVES:
            chosen.append(index)
            if len(chosen) == count:
                return chosen
    return (chosen + [i for i in range(tries) if i not in chosen])[:count]


def _record_one(matches: MatchService, rules: Rules, seed: str, index: int, *, halfway: bool = False) -> MatchInfo:
    record = demo_record(rules, seed=seed, index=index)
    header = record.header
    entries = record.entries[: len(record.entries) // 2] if halfway else record.entries
    info = matches.create(
        rules.id, [s["name"] for s in header["seats"]], header["options"], cardset=header["cardset"]["digest"],
        tournament=header.get("tournament"), round=header.get("round"), table_number=header.get("table_number"),
        seed=header["seed"], by="demo-bot",
    )
    for entry in entries:
        result = matches.submit(info.id, entry["command"], expected_seq=entry["seq"] - 1,
                                command_id=f"demo-{entry['seq']}", actor=entry["actor"], by="demo-bot")
        if result.state_hash != entry["state_hash"]:
            raise RuntimeError(f"{rules.id} demo {index}: seq {entry['seq']} recorded a state the bot's "
                               "record does not have; the reducer is not deterministic")
    return matches.info(info.id)
