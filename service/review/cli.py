"""``kifu review verify EXPORT --record RECORD``: an annotations/variations export against its record.

Exit 0 only if the record verifies (seed revealed), every anchor of the export is the
record's chain at its step, and every variation replays to its state hashes.
"""
from __future__ import annotations

from pathlib import Path

import click


@click.group()
def review() -> None:
    """Review exports (notes, shapes, variations): verify."""


@review.command("verify")
@click.argument("export_file", type=click.Path(dir_okay=False, exists=True))
@click.option("--record", "record_file", required=True, type=click.Path(dir_okay=False, exists=True),
              help="The record (.kifu.jsonl, seed revealed) the export is anchored to.")
@click.option("--cardset", "cardsets", multiple=True, type=click.Path(dir_okay=False),
              help="A card set file the record names (repeatable).")
def verify(export_file, record_file, cardsets):
    """Check an export's anchors against RECORD and replay every variation."""
    from kifu.service.cli import cardset_lookup
    from kifu.service.review import exchange

    try:
        text = Path(export_file).read_text(encoding="utf-8")
        record_text = Path(record_file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"read: {exc}") from None
    report = exchange.verify(text, record_text, lookup=cardset_lookup(cardsets))
    for problem in report.problems:
        click.echo(f"{export_file}: {problem}")
    if not report.ok:
        raise SystemExit(1)
    click.echo(f"{export_file}: ok, {report.notes} notes, {report.shapes} shape sets, "
               f"{report.variations} variations replayed")
