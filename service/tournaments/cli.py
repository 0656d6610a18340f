"""``kifu event create|pair|results|standings|export``: run an event from the command line.

The commands act as the organizer (recorded ``by`` the ``--by`` name) on the same Redis
as ``kifu serve`` (``--redis-url``, or the embedded one under ``--data-dir``), through the
same ``EventService`` as the API. ``kifu.service.cli`` adds the group to ``kifu``.
"""
from __future__ import annotations

import json

import click

from kifu.service.cli import _fail, open_matches, with_store_options
from kifu.service.errors import ServiceError
from kifu.service.tournaments import EventService
from kifu.service.tournaments import export as exporting


def _run(redis_url, data_dir, action):
    with open_matches(redis_url, data_dir) as matches:
        try:
            return action(EventService(matches.store.client, matches))
        except ServiceError as exc:
            detail = getattr(exc, "errors", None)
            _fail(f"{exc.message}" + (f": {json.dumps(detail, ensure_ascii=False)}" if detail else ""), 2)


@click.group()
def event() -> None:
    """Events: Swiss tournaments with standings and a top cut."""


@event.command("create")
@click.option("--name", required=True)
@click.option("--game", required=True, help="Game id (kifu games).")
@click.option("--rounds", required=True, type=click.IntRange(1, 20), help="Swiss rounds.")
@click.option("--format", "fmt", type=click.Choice(["bo1", "bo3"]), default="bo1", show_default=True)
@click.option("--top-cut", type=click.Choice(["0", "2", "4", "8", "16", "32"]), default="0", show_default=True)
@click.option("--table", type=click.Choice(["digital", "physical", "observed"]), default="digital", show_default=True)
@click.option("--player", "players", multiple=True, help="Register a player (repeat); deck lists go through the API.")
@click.option("--by", default="kifu event", show_default=True)
@with_store_options
def create(name, game, rounds, fmt, top_cut, table, players, by, redis_url, data_dir):
    """Create an event and print its id."""
    def action(svc):
        state = svc.create({"name": name, "game": game, "rounds": rounds, "format": fmt, "top_cut": int(top_cut),
                            "table": table}, by=by)
        for player in players:
            svc.register(state["id"], player, by=by)
        return state["id"]
    click.echo(_run(redis_url, data_dir, action))


def _read(path: str):
    """A file's text; a ``.json`` file's JSON."""
    with click.open_file(path, encoding="utf-8") as handle:
        text = handle.read()
    if path.endswith(".json"):
        try:
            return json.loads(text)
        except ValueError as exc:
            _fail(f"{path}: not JSON ({exc})", 2)
    return text


@event.command("pair")
@click.argument("event_id")
@click.option("--tables", "tables_file", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="The round as paired elsewhere: CSV table,player,player (or a .json list of {table, players}).")
@click.option("--by", default="kifu event", show_default=True)
@with_store_options
def pair(event_id, tables_file, by, redis_url, data_dir):
    """Pair the next round (or take it from --tables); print each table with its tokens
    (shown once) as JSON lines."""
    given = None if tables_file is None else _read(tables_file)
    paired = _run(redis_url, data_dir, lambda svc: svc.pair(event_id, by=by, tables=given))
    for table in paired["tables"]:
        line = {"round": paired["round"], "table": table["table"], "players": table["players"],
                "matches": table["matches"], "tokens": paired["tokens"].get(str(table["table"]), {})}
        click.echo(json.dumps(line, ensure_ascii=False))


@event.command("results")
@click.argument("event_id")
@click.argument("results_file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--by", default="kifu event", show_default=True)
@with_store_options
def import_results(event_id, results_file, by, redis_url, data_dir):
    """Enter results in bulk from CSV (the pairings or results export's columns) or a
    .json list of {round, table, wins, draws}; all or nothing."""
    data = _read(results_file)
    done = _run(redis_url, data_dir, lambda svc: svc.import_results(event_id, data, _organizer(by)))
    click.echo(f"{len(done['entered'])} results entered")


def _organizer(by: str):
    from kifu.service import auth

    return auth.Principal(role="admin", name=by)


@event.command("standings")
@click.argument("event_id")
@with_store_options
def standings(event_id, redis_url, data_dir):
    """Print the standings, one player a line."""
    summary = _run(redis_url, data_dir, lambda svc: svc.summary(event_id))
    for row in summary["standings"]:
        if summary["event"].get("pods"):  # a pod event's tiebreakers (OPP%, first places)
            click.echo(f"{row['rank']}\t{row['player']}\t{row['points']}\t{row['record']}\t{row['opp']:.4f}\t"
                       f"{row['firsts']}" + ("\tdropped" if row["dropped"] else ""))
            continue
        click.echo(f"{row['rank']}\t{row['player']}\t{row['points']}\t{row['record']}\t"
                   f"{row['omwp']:.4f}\t{row['gwp']:.4f}\t{row['ogwp']:.4f}" + ("\tdropped" if row["dropped"] else ""))


@event.command("export")
@click.argument("event_id")
@click.option("--what", type=click.Choice(exporting.WHATS), default="standings", show_default=True)
@click.option("--format", "fmt", type=click.Choice(exporting.FORMATS), default="csv", show_default=True)
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None, help="File (default: stdout).")
@with_store_options
def export(event_id, what, fmt, out_file, redis_url, data_dir):
    """Standings, pairings or results as CSV or JSON."""
    summary = _run(redis_url, data_dir, lambda svc: svc.summary(event_id))
    body, _ = exporting.render(summary, what, fmt)
    if out_file:
        with open(out_file, "w", encoding="utf-8") as handle:
            handle.write(body)
    else:
        click.echo(body, nl=False)
