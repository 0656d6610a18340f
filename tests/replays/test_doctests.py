"""The runnable examples in the core's docstrings are part of the suite."""
import doctest
import importlib

import pytest

MODULES = ["replays.canon", "replays.rng", "replays.records", "replays.rules", "replays.errors", "replays.registry"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
