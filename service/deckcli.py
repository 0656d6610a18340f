"""``kifu deck``: deck lists in text, checked (and written) as the service reads them.

``kifu deck check GAME FILE [--cardset ID_OR_FILE]`` prints every problem of the list
with its line (``FILE:LINE: message``) and the count summary; the exit status is 1 if
there is a problem, 2 if the game, the card set or the file cannot be used.
``kifu deck export GAME FILE [--cardset ...]`` writes a structured list (the JSON of
``options.decks.<seat>``) as that text. The card set is a file (the game's card set
format, or hOCG's raw official list), a demo set's id, or a stored set's id or digest
(``--redis-url`` / ``--data-dir``, as ``kifu cards``); default: the game's demo set.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from kifu.replays import registry
from kifu.replays.kit import CardSetError, decklist

# kifu.service.cli imports this module to add ``deck``, so its helpers are imported when a
# command runs, and the store options are its own (the same two as ``kifu cards``)
STORE_OPTIONS = (
    click.option("--redis-url", envvar="REDIS_URL", default=None,
                 help="Redis holding stored card sets (default: the embedded one in --data-dir)."),
    click.option("--data-dir", type=click.Path(file_okay=False), default="./var", show_default=True,
                 help="Where the embedded Redis keeps its data."),
)


def with_store_options(func):
    for option in reversed(STORE_OPTIONS):
        func = option(func)
    return func


def _fail(message: str, code: int = 1) -> None:
    from kifu.service.cli import _fail as fail

    fail(message, code)


@click.group()
def deck() -> None:
    """Deck lists in the text players write: check one, or write a registered one as text."""


def _rules(game_id: str) -> Any:
    try:
        rules = registry.get(game_id)
    except KeyError as exc:
        _fail(str(exc), 2)
    if rules.deck_form is None:
        _fail(f"{rules.id} has no deck lists in text", 2)
    return rules


def _cardset(rules: Any, ref: str | None, redis_url: str | None, data_dir: str) -> Any:
    """A file, else the set a new match naming ``ref`` would get (``MatchService.choose_cardset``:
    a demo set's id, a stored set's id or digest)."""
    if ref is None:
        return next(cs for cs in rules.demo_cardsets() if cs.id == rules.default_cardset)
    from kifu.service.cli import load_with_progress, open_matches, read_json_file
    from kifu.service.errors import BadRequest

    if Path(ref).is_file():
        try:
            return load_with_progress(rules, read_json_file(ref))
        except CardSetError as exc:
            _fail(f"{ref}: not a card set of {rules.id}: {exc}", 2)
    demo = next((cs for cs in rules.demo_cardsets() if ref in (cs.id, cs.digest)), None)
    if demo is not None:  # without starting a Redis
        return demo
    with open_matches(redis_url, data_dir) as matches:
        try:
            return matches.choose_cardset(rules, ref)
        except BadRequest as exc:
            told = "; ".join(exc.errors.get("cardset") or [exc.message])
            _fail(f"{told} (a card set is a file, a demo set or a stored set: kifu cards list)", 2)


def _text(file: str) -> str:
    try:
        return sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"{file}: {exc}", 2)


@deck.command("check")
@click.argument("game_id", metavar="GAME")
@click.argument("file", metavar="FILE")
@click.option("--cardset", "cardset", default=None, metavar="ID_OR_FILE",
              help="A card set file, a demo set's id, or a stored set's id or digest (default: the demo set).")
@with_store_options
def deck_check(game_id, file, cardset, redis_url, data_dir):
    """Check the deck list in FILE ('-': stdin); every problem with its line, exit 1 if any."""
    rules = _rules(game_id)
    cs = _cardset(rules, cardset, redis_url, data_dir)
    got = decklist.parse(rules.deck_form, cs, _text(file))
    for problem in got.problems:
        click.echo(f"{file}:{problem.line}: {problem.message}" if problem.line is not None
                   else f"{file}: {problem.message}")
    click.echo(f"{file}: {got.summary}: {'ok' if got.ok else f'{len(got.problems)} problem(s)'} "
               f"({rules.id}, card set {cs.id})", err=not got.ok)
    if not got.ok:
        sys.exit(1)


@deck.command("export")
@click.argument("game_id", metavar="GAME")
@click.argument("file", metavar="FILE")
@click.option("--cardset", "cardset", default=None, metavar="ID_OR_FILE",
              help="A card set file, a demo set's id, or a stored set's id or digest (default: the demo set).")
@with_store_options
def deck_export(game_id, file, cardset, redis_url, data_dir):
    """Write the structured deck list in FILE (JSON, as options.decks.<seat> takes it) as text."""
    from kifu.service.cli import read_json_file

    rules = _rules(game_id)
    cs = _cardset(rules, cardset, redis_url, data_dir)
    value = read_json_file(file)
    try:
        click.echo(decklist.export(rules.deck_form, cs, value))
    except (KeyError, TypeError, AttributeError) as exc:
        _fail(f"{file}: not a deck list of {rules.id}: {exc}", 2)
