"""State at any step: the nearest snapshot plus the tail, equal to the full fold.

A snapshot is an optimisation only. It is tagged with the rules id and version that
made it, and one from another version is ignored rather than trusted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from kifu.replays import canon, engine
from kifu.replays.rules import Command, Rules, State


@dataclass(frozen=True)
class Snapshot:
    game: str
    rules_version: int
    seq: int
    state: State

    def to_json(self) -> str:
        return canon.dumps(
            {"game": self.game, "rules_version": self.rules_version, "seq": self.seq, "state": self.state}
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> "Snapshot":
        import json

        obj = json.loads(text)
        return cls(obj["game"], obj["rules_version"], obj["seq"], obj["state"])

    def usable_for(self, rules: Rules, seq: int) -> bool:
        return self.game == rules.id and self.rules_version == rules.version and self.seq <= seq


def take(rules: Rules, seq: int, state: State) -> Snapshot:
    return Snapshot(rules.id, rules.version, seq, state)


def state_at(
    rules: Rules,
    header: Mapping[str, Any],
    seed: str,
    commands: Mapping[int, Command] | list[Command],
    seq: int,
    snapshot: Snapshot | None = None,
) -> State:
    """The state after entry ``seq`` (0 = the initial state).

    ``commands`` maps seq -> command (a list is taken as seqs 1..n). A snapshot is used
    only when it is of these rules and version and not beyond ``seq``.
    """
    if isinstance(commands, list):
        commands = {i: c for i, c in enumerate(commands, start=1)}
    if snapshot is not None and snapshot.usable_for(rules, seq):
        state, start = snapshot.state, snapshot.seq
    else:
        state, start = engine.initial_state(rules, dict(header), seed), 0
    return engine.fold(rules, state, (commands[i] for i in range(start + 1, seq + 1)))


def every(rules: Rules, header: Mapping[str, Any], seed: str, commands: Iterable[Command], k: int) -> list[Snapshot]:
    """Snapshots every ``k`` entries over a whole log (used to seed a store and in tests)."""
    out = []
    state = engine.initial_state(rules, dict(header), seed)
    for seq, command in enumerate(commands, start=1):
        state = rules.apply(state, command)
        if seq % k == 0:
            out.append(take(rules, seq, state))
    return out
