"""The core's toy game as a registry module (``RULES``, unbound as a registry holds it), for
the CLI's tests."""
from tests.replays.toygame import TOY_RULES as RULES  # noqa: F401
