"""Variations: a "what if" line of legal commands played from one step's omniscient state.

A variation is checked by the match's own rules (the judged wrapper's ``decide``, so a
paused table refuses play in a variation as it does in the record) and never enters the
match log. Its chance comes from its OWN seed, drawn fresh when it is made: on a digital
table the base state's seed (the kit's ``state["seed"]``) is replaced by it before the
first command, so a draw in a variation is never the draw the match's seed will make
(the seed's future stays secret), and on a physical or observed table the annotator
names every chance outcome in the command's ``"outcomes"``, refused as the table refuses
them (a card that cannot be in that pile, a face the die does not have). The variation's
state hashes are keyed by its seed, so an exported variation can be replayed and checked
without the match's seed ever leaving the server.

Judge entries are the record's business: a variation plays game commands only.

>>> check_title(" a plan ")
'a plan'
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Sequence

from kifu.replays import canon, engine, judging
from kifu.replays.errors import RuleViolation, SchemaError
from kifu.replays.rules import Command, Rules, State
from kifu.service.errors import BadRequest, Rejected
from kifu.service.text import is_line

MAX_COMMANDS = 200
MAX_TITLE = 120


class VariationRejected(Rejected):
    """A command of a variation that the rules refuse: the rule, and which command."""

    def __init__(self, index: int, rule: str, message: str, needs: Any = None):
        self.index = index
        super().__init__(rule, f"variation command {index + 1}: {message}", needs)

    def extra(self) -> dict[str, Any]:
        return {**super().extra(), "index": self.index}


def new_seed() -> str:
    """A fresh seed for one variation (never derived from the match's)."""
    return secrets.token_hex(32)


def check_title(title: Any) -> str:
    if title is None or title == "":
        return ""
    if not is_line(title) or len(title) > MAX_TITLE:  # service.text's rule, the document's pattern
        raise BadRequest({"title": [f"one line of text of at most {MAX_TITLE} characters"]})
    return title.strip()


def check_commands(rules: Rules, commands: Any) -> list[Command]:
    """The commands' shape: 1..``MAX_COMMANDS`` game commands, each fitting its schema."""
    if not isinstance(commands, (list, tuple)) or not 1 <= len(commands) <= MAX_COMMANDS:
        raise BadRequest({"commands": [f"a variation is a list of 1 to {MAX_COMMANDS} commands"]})
    for i, command in enumerate(commands):
        if isinstance(command, dict) and judging.is_judge(command):
            raise BadRequest({"commands": {str(i): [f"a {command['type']} is a judge entry: judges act in the "
                                                    "record, a variation plays game commands"]}})
        try:
            engine.validate(rules, command)
            canon.check_plain(command)
        except SchemaError as exc:
            raise BadRequest({"commands": {str(i): exc.errors}}) from None
        except TypeError as exc:
            raise BadRequest({"commands": {str(i): [str(exc)]}}) from None
    return list(commands)


@dataclass(frozen=True)
class Line:
    """A played variation: the states after each of its commands (index 0: after command 1)."""

    base: State
    commands: list[Command]
    states: list[State]
    hashes: list[str]

    def state_at(self, at: int) -> State:
        """The state after ``at`` commands of the variation (0: its base, the match's step)."""
        return self.base if at == 0 else self.states[at - 1]


def rebase(base: State, seed: str) -> State:
    """The match's state at the variation's step with the variation's seed in place of the match's."""
    return {**base, "seed": seed}


def play(rules: Rules, base: State, commands: Sequence[Command], seed: str) -> Line:
    """Check and apply ``commands`` from ``base`` (the omniscient state at the step) with the
    variation's ``seed``: ``VariationRejected`` naming the first refused command and its rule.

    ``rules`` is the judged, bound rules of the match (``MatchService._static(mid).rules``).
    """
    from kifu.service.matches import rejection  # the same 422 (with needs) the record's appends give

    start = rebase(base, seed)
    state = start
    states: list[State] = []
    hashes: list[str] = []
    for i, command in enumerate(commands):
        try:
            state = rules.decide(state, command)
        except RuleViolation as exc:
            refused = rejection(rules, exc, command=command, state=state)
            raise VariationRejected(i, refused.rule, refused.message, refused.needs) from None
        states.append(state)
        hashes.append(canon.state_hash(state, seed))
    return Line(start, list(commands), states, hashes)
