"""The runnable examples in the game's docstrings are part of the suite."""
import doctest
import importlib

import pytest

MODULES = ["kifu.replays.games.senbu_rinki", "kifu.replays.games.senbu_rinki.cards",
           "kifu.replays.games.senbu_rinki.roles", "kifu.replays.games.senbu_rinki.state"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
