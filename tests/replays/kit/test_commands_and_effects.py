"""kit.commands and kit.effects: one place per command type, one declaration per effect."""
import pytest
from marshmallow import fields

from kifu.replays.kit import decisions
from kifu.replays.kit.commands import Commands
from kifu.replays.kit.effects import Effects, frame


def test_every_command_accepts_outcomes_and_nothing_undeclared():
    c = Commands(seat_pattern=r"^p[12]$")
    schema = c.define("draw", source=fields.String(required=True))
    assert schema.validate({"type": "draw", "seat": "p1", "source": "deck", "outcomes": ["x", None]}) == {}
    assert "other" in schema.validate({"type": "draw", "seat": "p1", "source": "deck", "other": 1})
    assert "outcomes" in schema.validate({"type": "draw", "seat": "p1", "source": "deck", "outcomes": "x"})


def test_the_registry_refuses_doubles_and_gaps():
    c = Commands(seat_pattern=r"^p1$")
    c.define("a")
    c.define("b")
    with pytest.raises(ValueError):
        c.define("a")
    with pytest.raises(ValueError):
        c.implements("z")(type("Z", (), {}))
    c.implements("a")(type("A", (), {}))
    with pytest.raises(ValueError, match="b"):
        c.complete()


class T:
    def __init__(self):
        self.s = {"n": 1, "stack": [], "pending": None}


def _effects():
    e = Effects()

    @e.effect("add", timing="play", prompt="足す数", secret=True)
    def add(t, f):
        t.s["n"] += 100  # a run that changes state before asking
        return [1, 2]

    @add.answer
    def _(t, f, choice):
        t.s["n"] += choice
    return e


def test_options_never_mutate_and_answers_resume_the_stack():
    e, t = _effects(), T()
    t.s["stack"].append(frame("add", "p2", "card", "play"))
    assert e.options(t, t.s["stack"][0]) == [1, 2] and t.s["n"] == 1
    assert e.resolve(t) is False and t.s["pending"]["secret"] and t.s["pending"]["seat"] == "p2"
    before = {k: v for k, v in t.s.items()}
    assert decisions.redact_choice(before, {"type": "choose", "seat": "p2", "choice": 2}, "p1")["choice"] is None
    assert decisions.redact_choice(before, {"type": "choose", "seat": "p2", "choice": 2}, "p2")["choice"] == 2
    assert e.answer(t, {"type": "choose", "seat": "p2", "choice": 2}) is True
    assert t.s["n"] == 103 and t.s["pending"] is None and e.names("play") == ("add",)
