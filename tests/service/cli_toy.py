"""The core's toy game as a registry module (``RULES``), for the CLI's tests."""
from tests.replays.toygame import TOY as RULES  # noqa: F401
