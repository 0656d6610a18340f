"""A judged game of any registered game, built from its seeded demo record: the states of
its commands under ``Judged``, and judge entries appended with their own seqs."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu.replays import demo, engine, judging, registry
from kifu.replays.rules import Command, State

GAMES = tuple(g.id for g in registry.all())


def bound(game_id: str):
    game = next(g for g in registry.all() if g.id == game_id)
    return game.bind(game.demo_cardsets()[0])


@dataclass
class Judged:
    """A match being played and judged in memory: ``states[seq]`` is the state after entry seq."""

    game_id: str
    rules: Any = None
    record: Any = None
    states: list[State] = field(default_factory=list)
    commands: list[Command] = field(default_factory=list)

    @classmethod
    def of(cls, game_id: str, seed: str = "judging") -> "Judged":
        game = bound(game_id)
        record = demo.demo_record(game, seed=seed, players=min(game.seats))
        rules = judging.Judged(game, len(record.header["seats"]))
        state = engine.initial_state(rules, record.header, record.header["seed"])
        return cls(game_id, rules, record, [state])

    @property
    def seq(self) -> int:
        return len(self.states) - 1

    @property
    def state(self) -> State:
        return self.states[-1]

    def play(self, command: Command) -> State:
        self.states.append(self.rules.decide(self.state, command, state_at=self.states.__getitem__))
        self.commands.append(command)
        return self.state

    def recorded(self, n: int) -> None:
        """Play the demo record's next ``n`` game commands (of the line not yet played)."""
        played = sum(1 for c in self.commands if not judging.is_judge(c))
        for entry in self.record.entries[played:played + n]:
            self.play(entry["command"])

    def judge(self, kind: str, role: str = "judge", **fields: Any) -> State:
        return self.play({"type": kind, "seq": self.seq + 1, "role": role, **fields})

    def refused(self, kind: str, role: str = "judge", **fields: Any) -> str:
        """The rule violation's text for a judge entry that must be refused (and change nothing)."""
        before = len(self.states)
        try:
            self.judge(kind, role, **fields)
        except judging.RuleViolation as exc:
            assert len(self.states) == before
            return str(exc)
        raise AssertionError(f"{kind} {fields} was accepted")


def pile_drop(before: State, after: State) -> dict[str, int]:
    """How many cards left each face-down pile between two states."""
    out = {}
    for name, pile in before["zones"]["piles"].items():
        later = after["zones"]["piles"].get(name)
        if later is not None and later["size"] < pile["size"]:
            out[name] = pile["size"] - later["size"]
    return out
