"""Demo records: complete games played by the seeded bot, verifiable like any record.

The same (game, seed, index) always gives the same record, byte for byte: timestamps
come from a fixed epoch plus the seq, not from the clock.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Iterable

from kifu.replays import bot, canon, engine, records
from kifu.replays.rng import Rng, derive
from kifu.replays.rules import Command, Rules

NAMES = ("Aoi", "Hikari", "Ren", "Sora", "Mio", "Kaito", "Yuki", "Nagi", "Haru", "Tsubasa")
EPOCH = datetime(2026, 1, 1, tzinfo=timezone.utc)


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def demo_record(rules: Rules, *, seed: str, index: int = 0, players: int | None = None) -> records.Record:
    game_seed = derive(seed, f"demo/{rules.id}/{index}/game")
    bot_seed = derive(seed, f"demo/{rules.id}/{index}/bot")
    if players is None:
        players = Rng(seed, f"demo/{rules.id}/{index}/players").choice(list(rules.seats))
    names = Rng(seed, f"demo/{rules.id}/{index}/names").shuffle(NAMES)[:players]
    options = rules.options_schema.load({})
    started = EPOCH + timedelta(days=index)
    header = records.new_header(
        game=rules.id, rules_version=rules.version, cardset=rules.cardset.ref(),
        seats=names, options=options, seed=game_seed, created=iso(started),
        tournament="demo", round=str(index + 1), table_number="1", reveal_seed=True,
    )
    state = engine.initial_state(rules, header, game_seed)
    commands = [command for command, _ in bot.play(rules, state, bot_seed)]
    return record_of(rules, header, game_seed, commands, by="demo-bot", started=started)


def record_of(rules: Rules, header: dict, seed: str, commands: Iterable[Command], *, by: str,
              started: datetime = EPOCH, deal: list | None = None) -> records.Record:
    """``commands`` played from ``header`` (each checked), as a chained record; entry ``n`` is
    timestamped ``started`` + n seconds, so the same input always gives the same bytes."""
    state = engine.initial_state(rules, header, seed, deal)
    record = records.Record(header)
    prev = records.genesis(header)
    for seq, command in enumerate(commands, start=1):
        state = engine.step(rules, state, command)
        entry = records.make_entry(
            prev, seq=seq, at=iso(started + timedelta(seconds=seq)), actor=command["seat"], by=by,
            command=command, state_hash=canon.state_hash(state, seed),
        )
        record.entries.append(entry)
        prev = entry["chain"]
    return record
