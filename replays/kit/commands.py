"""The command registry: one place per command type (schema, check, apply, label).

A game's ``commands.py`` declares the schemas, the stored contract (``Commands.define``);
its ``rules.py`` implements each type once (``@COMMANDS.implements("draw")`` on a class
with ``check``, ``apply`` and ``label``). Every schema gets ``outcomes`` (the chance
outcomes a physical or observed table states, see ``kifu.replays.kit.chance``), so no game
declares it and no game forgets it.

>>> from marshmallow import fields
>>> C = Commands(seat_pattern=r"^p[12]$")
>>> _ = C.define("pass")
>>> @C.implements("pass")
... class Pass:
...     def check(self, t, cmd): pass
...     def apply(self, t, cmd): t["passed"] = True
...     def label(self, t, cmd, seat): return "pass"
>>> sorted(C.schemas["pass"].validate({"type": "pass", "seat": "p3"}))
['seat']
>>> C.complete()
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

from marshmallow import RAISE, Schema, fields, validate


class Implementation(Protocol):
    """What a game writes for one command type. ``t`` is the game's context (``Ctx``)."""

    def check(self, t: Any, cmd: dict) -> None: ...

    def apply(self, t: Any, cmd: dict) -> None: ...

    def label(self, t: Any, cmd: dict, seat: str) -> str: ...


class CommandSchema(Schema):
    class Meta:
        unknown = RAISE

    #: a physical or observed table's chance outcomes, in the order the events happen
    outcomes = fields.List(fields.Raw(allow_none=True), validate=validate.Length(max=64))


class Commands:
    """The command types of one game: their schemas (the contract) and implementations."""

    def __init__(self, *, seat_pattern: str):
        self.seat_pattern = seat_pattern
        self.schemas: dict[str, Schema] = {}
        self.impls: dict[str, Implementation] = {}

    def define(self, type_name: str, **extra: fields.Field) -> Schema:
        """Declare ``type_name`` with its fields besides ``type``, ``seat`` and ``outcomes``."""
        if type_name in self.schemas:
            raise ValueError(f"command type {type_name!r} declared twice")
        body = {
            "type": fields.String(required=True, validate=validate.Equal(type_name)),
            "seat": fields.String(required=True, validate=validate.Regexp(self.seat_pattern)),
            **extra,
        }
        name = "".join(part.title() for part in type_name.split("_")) + "Schema"
        schema = type(name, (CommandSchema,), body)()
        self.schemas[type_name] = schema
        return schema

    def implements(self, type_name: str) -> Callable[[type], type]:
        """Class decorator: the check/apply/label of a declared command type."""
        def register(cls: type) -> type:
            if type_name not in self.schemas:
                raise ValueError(f"{type_name!r} has no schema in commands.py")
            if type_name in self.impls:
                raise ValueError(f"{type_name!r} implemented twice")
            self.impls[type_name] = cls()
            return cls
        return register

    def complete(self) -> None:
        """Raise unless every declared type is implemented (called when the game is built)."""
        missing = sorted(set(self.schemas) - set(self.impls))
        if missing:
            raise ValueError(f"command types without check/apply/label: {', '.join(missing)}")

    def __getitem__(self, type_name: str) -> Implementation:
        return self.impls[type_name]
