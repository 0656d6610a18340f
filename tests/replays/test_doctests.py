"""The runnable examples in docstrings are part of the suite, found, not listed by hand.

Every module of the packages below is imported and its examples run; a module whose
examples fail (or that fails to import) fails here. At least the kit and the core must
have examples, so an import error cannot make this test pass by finding none.
"""
import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ("kifu.replays", "kifu.service")


def _modules():
    for package in PACKAGES:
        root = importlib.import_module(package)
        yield package
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            yield info.name


MODULES = sorted(_modules())


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def _has_examples(name):
    return any(test.examples for test in doctest.DocTestFinder().find(importlib.import_module(name)))


def test_the_examples_are_found():
    with_examples = {name for name in MODULES if _has_examples(name)}
    for name in ("kifu.replays.canon", "kifu.replays.rng", "kifu.replays.kit.zones", "kifu.replays.kit.chance", "kifu.replays.kit.effects",
                 "kifu.replays.registry", "kifu.replays.games.holodelive", "kifu.replays.games.senbu_rinki"):
        assert name in with_examples, f"{name} lost its examples"
