"""The runnable examples in the HOLOdeLIVE modules' docstrings."""
import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["replays.games.holodelive.cards", "replays.games.holodelive.hands"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
