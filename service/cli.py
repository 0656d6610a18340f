"""The ``kifu`` command: serve, demo, verify, import, export, cards, token, games.

Commands that need the store take ``--redis-url`` (or ``REDIS_URL``); without one they use
the embedded Redis of ``--data-dir`` (``./var``): the one a running ``kifu serve`` holds,
or one started for the command and stopped after it.
"""
from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import click
import redis
from tqdm import tqdm

from kifu.replays import registry
from kifu.replays.demo import demo_record
from kifu.replays.kit.cardset import CardSetError
from kifu.replays.verify import verify_text
from kifu.service import auth
from kifu.service.datadir import DataDir, DataDirBusy
from kifu.service.errors import ServiceError

REDIS_LOST = 3  #: ``kifu serve``'s exit status when its embedded Redis cannot be restarted
PROGRESS_AFTER = 3  #: show a progress bar for more files than this
MAX_CARDSET_BYTES = 16 * 1024 * 1024


def _version() -> str:
    from kifu.service.api.meta import kifu_version

    return kifu_version()


@click.group()
@click.version_option(package_name="kifu", message="kifu %(version)s")
def main() -> None:
    """kifu: event-sourced game records for tabletop card games."""


# -- the store -------------------------------------------------------------------------

store_options = [
    click.option("--redis-url", envvar="REDIS_URL", default=None,
                 help="Redis to use (default: the embedded one in --data-dir); a Redis Cluster "
                      "as redis+cluster://host:port[,host:port...]."),
    click.option("--data-dir", type=click.Path(file_okay=False), default="./var", show_default=True,
                 help="Where the embedded Redis keeps its data."),
]


def with_store_options(func):
    for option in reversed(store_options):
        func = option(func)
    return func


@contextlib.contextmanager
def open_redis(redis_url: str | None, data_dir: str, *, share: bool = True, watch: bool = False,
               on_give_up: Callable[[str], None] | None = None) -> Iterator[str]:
    """The URL of the Redis to use; an unreachable one ends the command with a clear message."""
    try:
        if redis_url:
            yield redis_url
            return
        with DataDir(data_dir).embedded_redis(share=share, watch=watch, on_give_up=on_give_up) as url:
            yield url
    except redis.ConnectionError as exc:
        _fail(f"cannot reach Redis at {redis_url or data_dir}: {exc}")


@contextlib.contextmanager
def open_matches(redis_url: str | None, data_dir: str):
    from kifu.service.matches import MatchService
    from kifu.service.store import Store

    with open_redis(redis_url, data_dir) as url:
        client = _connect(url)
        try:
            yield MatchService(Store(client))
        finally:
            client.close()


def _connect(url: str, **kwargs: Any) -> Any:
    """A client for ``url``: a ``RedisCluster`` for ``redis+cluster://`` (``kifu.service.app.connect``)."""
    from kifu.service.app import connect

    try:
        return connect(url, **kwargs)
    except ValueError as exc:  # a malformed cluster URL
        _fail(str(exc), 2)


def _fail(message: str, code: int = 1) -> None:
    click.echo(f"kifu: {message}", err=True)
    sys.exit(code)


# -- serve -----------------------------------------------------------------------------

def _stop_on_sigterm() -> None:
    """SIGTERM ends ``kifu serve`` through the normal exit path, so the embedded Redis is
    stopped cleanly (gunicorn installs its own handlers once it runs; this covers start-up)."""

    def handler(signum, frame):  # noqa: ARG001
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, handler)


def with_limit_options(func):
    """``kifu serve``'s limit options, each with its ``KIFU_LIMIT_*`` variable (``kifu.service.limits.OPTIONS``)."""
    from kifu.service import limits

    for spec in reversed(limits.OPTIONS):
        func = click.option(f"--{spec.option}", spec.name, envvar=spec.env, default=spec.default, show_default=True,
                            type=click.FloatRange(0.1, 3600) if isinstance(spec.default, float)
                            else click.IntRange(1, 10_000_000), help=f"{spec.help} [env {spec.env}]")(func)
    return func


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@with_store_options
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="gunicorn worker processes.")
@click.option("--worker", "worker_class", type=click.Choice(["gevent", "gthread"]), default="gevent",
              show_default=True, envvar="KIFU_WORKER",
              help="gevent: a greenlet per connection (idle and slow clients cost no thread); "
                   "gthread: a thread per connection (--threads).")
@click.option("--threads", default=64, show_default=True, type=click.IntRange(1, 1024),
              help="Threads per gthread worker (each live viewer's event stream holds one).")
@with_limit_options
@click.option("--demo/--no-demo", default=True, show_default=True,
              help="Record demo matches of every game when the store is empty.")
@click.option("--access-log/--no-access-log", default=False, show_default=True)
@click.option("--redis-wait", default=0, show_default=True, type=click.IntRange(0, 16), envvar="KIFU_REDIS_WAIT",
              help="Acknowledge a write only once this many replicas hold it (WAIT; 503 not_replicated "
                   "otherwise) [env KIFU_REDIS_WAIT].")
@click.option("--redis-wait-ms", default=1000, show_default=True, type=click.IntRange(1, 60_000),
              envvar="KIFU_REDIS_WAIT_MS", help="How long a write waits for its replicas [env KIFU_REDIS_WAIT_MS].")
def serve(host, port, redis_url, data_dir, workers, worker_class, threads, demo, access_log, redis_wait,
          redis_wait_ms, **limit_values):
    """Serve the API and viewer (embedded Redis unless --redis-url).

    Every limit is an option and an environment variable (KIFU_LIMIT_*); the defaults
    suit a 128-table venue behind one NAT address (README, "Running a venue")."""
    from kifu.service import limits, server
    from kifu.service.app import create_app
    from kifu.service.matches import MatchService
    from kifu.service.seeding import seed_demo_matches
    from kifu.service.store import Store

    _stop_on_sigterm()
    gave_up: list[str] = []

    def redis_lost(error: str) -> None:
        # the embedded Redis cannot be started again: stop serving errors and exit non-zero
        # (REDIS_LOST) so that a supervisor restarts kifu or calls someone
        gave_up.append(error)
        os.kill(os.getpid(), signal.SIGTERM)

    data = DataDir(data_dir)
    serving = os.getpid()
    secret_key = data.secret_key()
    admin_token = os.environ.get("KIFU_ADMIN_TOKEN") or None
    try:
        with open_redis(redis_url, data_dir, share=False, watch=True, on_give_up=redis_lost) as url:
            client = _connect(url)
            if admin_token:
                auth.ensure_admin_token(client, admin_token)
            elif not auth.has_admin_token(client):
                token = auth.generate_admin_token(client)
                click.echo("=" * 72)
                click.echo(f"admin token (shown this once; store it now): {token}")
                click.echo("=" * 72)
            matches = MatchService(Store(client))
            imported = matches.cardsets.import_demo(matches.games())
            if imported:
                click.echo(f"imported {len(imported)} demo card set(s)")
            if demo:
                made = seed_demo_matches(matches, live=1)
                if made:
                    click.echo(f"recorded {len(made)} demo matches of {len({m.game for m in made})} game(s)")
            client.close()
            where = f"Redis {url}" if redis_url else f"embedded Redis, data in {data.path}"
            click.echo(f"kifu {_version()} on http://{host}:{port}/ ({where})")
            config = {"REDIS_URL": url, "SECRET_KEY": secret_key, "KIFU_ADMIN_TOKEN": admin_token,
                      "KIFU_SSE_HEARTBEAT": 5.0, **limits.app_config(limit_values),
                      "KIFU_REDIS_WAIT": redis_wait, "KIFU_REDIS_WAIT_MS": redis_wait_ms,
                      "KIFU_REDIS_CLIENT": _connect(url, max_connections=int(limit_values["limit_redis_connections"]))}
            if worker_class == "gthread":
                # there, live event streams each hold a thread: keep a quarter (>= 2) for everything else
                config["KIFU_SSE_MAX_STREAMS"] = min(config["KIFU_SSE_MAX_STREAMS"],
                                                     max(1, threads - max(2, threads // 4)))
            try:
                server.run(lambda: create_app(config), host=host, port=port, workers=workers, threads=threads,
                           access_log=access_log, worker=worker_class, **limits.server_options(limit_values))
            finally:
                if gave_up and os.getpid() == serving:
                    _fail(f"the embedded Redis died and could not be restarted: {gave_up[0]}", REDIS_LOST)
    except DataDirBusy as exc:
        _fail(str(exc))
    except KeyboardInterrupt:  # Ctrl-C before gunicorn took over the signals: the Redis is stopped
        click.echo("stopped", err=True)


# -- records without a store -------------------------------------------------------------

@main.command()
@click.option("--game", "game_id", required=True, help="Game id (see kifu games).")
@click.option("--seed", default="demo", show_default=True)
@click.option("--count", default=1, show_default=True, type=click.IntRange(1, 10_000))
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False))
@click.option("--players", type=int, default=None, help="Player count (default: chosen by the seed).")
def demo(game_id, seed, count, out_dir, players):
    """Write COUNT complete bot-played records of GAME as .kifu.jsonl files."""
    try:
        rules = registry.demo(game_id)
    except KeyError as exc:
        _fail(str(exc), 2)
    if players is not None and players not in rules.seats:
        _fail(f"{rules.id} is played by {', '.join(map(str, rules.seats))} players", 2)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for index in tqdm(range(count), disable=count <= PROGRESS_AFTER, unit="match", file=sys.stderr):
        record = demo_record(rules, seed=seed, index=index, players=players)
        path = out / f"{rules.id}-{index + 1:04d}.kifu.jsonl"
        path.write_text(record.dumps(), encoding="utf-8")
        tqdm.write(f"{path}: {len(record.entries)} entries, head {record.head[:16]}", file=sys.stdout)


def divergence_line(name: str, divergence) -> str:
    """``file:line: seq N: what: message`` (seq left out for header problems)."""
    line = divergence.line or 1
    seq = f"seq {divergence.seq}: " if divergence.seq is not None else ""
    return f"{name}:{line}: {seq}{divergence.what}: {divergence.message}"


def read_json_file(name: str) -> Any:
    """A JSON file as kifu reads any JSON from outside (``kifu.service.body``): exits 1 with
    ``FILE: message`` when it cannot be read."""
    from kifu.service import body

    try:
        raw = Path(name).read_bytes()
        return body.loads(raw, limit=MAX_CARDSET_BYTES, what=name)
    except OSError as exc:
        _fail(f"{name}: {exc.strerror or exc}")
    except ServiceError as exc:
        _fail(f"{name}: {exc.message}")


class CardSetNotGiven(KeyError):
    def __str__(self) -> str:
        return f"{self.args[0]} (give its file with --cardset)"


def cardset_lookup(files: tuple[str, ...]) -> Callable[[Mapping[str, Any]], Any]:
    """``lookup(header)`` binding a record's game to its card set: a shipped one, or one of
    ``files`` (card sets read, then validated with the record's game's schema)."""
    datas = [(name, read_json_file(name)) for name in files]
    by_game: dict[str, dict[str, Any]] = {}  # each file validated once per game, not once per record

    def lookup(header: Mapping[str, Any]) -> Any:
        rules = registry.get(header["game"])
        extra = by_game.get(rules.id)
        if extra is None:
            extra = by_game[rules.id] = {}
            for _, data in datas:
                try:
                    cs = rules.load_cardset(data)
                except CardSetError:
                    continue  # another game's set, or a broken one: it cannot be this record's
                extra[cs.digest] = cs
        try:
            return registry.bind(header["game"], header.get("cardset") or {}, extra)
        except registry.UnknownCardSet as exc:
            raise CardSetNotGiven(str(exc)) from None

    return lookup


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--cardset", "cardsets", multiple=True, type=click.Path(dir_okay=False),
              help="A card set file a record names (repeatable); the shipped demo sets are always known.")
@click.option("--require-seed", is_flag=True, help="Fail records whose seed is not revealed (states not replayed).")
@click.option("--quiet", "-q", is_flag=True, help="Print failures only.")
def verify(files, cardsets, require_seed, quiet):
    """Verify records; exit 0 only if every one verifies."""
    lookup = cardset_lookup(cardsets)
    failures = 0
    for name in tqdm(files, disable=len(files) <= PROGRESS_AFTER, unit="file", file=sys.stderr):
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            failures += 1
            tqdm.write(f"{name}:1: read: {exc}", file=sys.stdout)
            continue
        report = verify_text(text, lookup=lookup)
        if not report.ok:
            failures += 1
            tqdm.write(divergence_line(name, report.divergence), file=sys.stdout)
            continue
        if require_seed and not report.replayed:
            failures += 1
            tqdm.write(f"{name}:1: seed: the seed is not revealed, so no state was replayed", file=sys.stdout)
            continue
        if not quiet:
            how = "replayed" if report.replayed else "chain and schema only (seed not revealed)"
            tqdm.write(f"{name}: ok, {report.entries} entries, head {report.head[:16]}, {how}", file=sys.stdout)
    if failures:
        click.echo(f"{failures} of {len(files)} record(s) do not verify", err=True)
        sys.exit(1)


# -- records in the store ------------------------------------------------------------------

@main.command(name="import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@with_store_options
@click.option("--by", default="kifu import", show_default=True, help="Recorded as the importer.")
def import_(files, redis_url, data_dir, by):
    """Verify records and store each as a new match (nothing unverifiable is stored)."""
    failures = 0
    with open_matches(redis_url, data_dir) as matches:
        for name in tqdm(files, disable=len(files) <= PROGRESS_AFTER, unit="file", file=sys.stderr):
            try:
                text = Path(name).read_text(encoding="utf-8")
                info, created = matches.import_or_existing(text, by=by)
            except (OSError, UnicodeDecodeError) as exc:
                failures += 1
                tqdm.write(f"{name}:1: read: {exc}", file=sys.stdout)
                continue
            except ServiceError as exc:
                failures += 1
                divergence = getattr(exc, "divergence", None)
                if divergence is not None and hasattr(divergence, "what"):
                    tqdm.write(divergence_line(name, divergence), file=sys.stdout)
                else:
                    tqdm.write(f"{name}:1: {exc.error}: {exc.message}", file=sys.stdout)
                continue
            done = "imported as" if created else "already imported as"
            tqdm.write(f"{name}: {done} {info.id} ({info.seq} entries, {info.status})", file=sys.stdout)
    if failures:
        click.echo(f"{failures} of {len(files)} record(s) not imported", err=True)
        sys.exit(1)


@main.command()
@click.argument("match_id")
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None, help="File (default: stdout).")
@click.option("--with-seed", is_flag=True, help="Include the seed even while the match is live (judges only).")
@with_store_options
def export(match_id, out_file, with_seed, redis_url, data_dir):
    """Write a match's record as JSON Lines (the seed once the match is over, or --with-seed)."""
    with open_matches(redis_url, data_dir) as matches:
        try:
            info = matches.info(match_id)
            record = matches.export(info.id, include_seed=with_seed or info.status == "finished")
        except ServiceError as exc:
            _fail(exc.message)
    if out_file:
        Path(out_file).write_text(record.dumps(), encoding="utf-8")
        click.echo(f"{out_file}: {len(record.entries)} entries, head {record.head[:16]}", err=True)
    else:
        click.echo(record.dumps(), nl=False)


@main.group()
def cards() -> None:
    """Card sets: import an organizer's set, list the stored ones."""


def load_with_progress(rules: Any, data: Any) -> Any:
    """``rules.load_cardset(data)``, with a progress bar on stderr when the game's loader
    reports its cards one by one (hocg converts 2,314 printings of the official list)."""
    import inspect

    if "progress" not in inspect.signature(rules.load_cardset).parameters:
        return rules.load_cardset(data)
    with tqdm(unit="card", desc="converting", file=sys.stderr) as bar:
        def tick(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)
        return rules.load_cardset(data, progress=tick)


@cards.command("import")
@click.argument("game_id", metavar="GAME")
@click.argument("file", type=click.Path(dir_okay=False))
@with_store_options
def cards_import(game_id, file, redis_url, data_dir):
    """Validate FILE with GAME's card set schema and store it by digest.

    Every problem is printed with its field path (FILE: cards.3.name: ...), and nothing is
    stored unless the whole set is valid. Importing the same file again changes nothing.
    """
    from kifu.service.cardsets import CardSetStore

    try:
        rules = registry.get(game_id)
    except KeyError as exc:
        _fail(str(exc), 2)
    data = read_json_file(file)
    try:
        cs = load_with_progress(rules, data)
    except CardSetError as exc:
        for path, messages in sorted(exc.errors.items()):
            click.echo(f"{file}: {path}: {' '.join(messages)}", err=True)
        _fail(f"{file}: not a card set of {rules.id}; nothing stored")
    with open_redis(redis_url, data_dir) as url:
        client = _connect(url)
        try:
            _, new = CardSetStore(client).put(rules, cs)
        except CardSetError as exc:
            _fail(f"{file}: {exc}")
        finally:
            client.close()
    what = "stored" if new else "already stored"
    click.echo(f"{file}: {what}: {rules.id} card set {cs.id!r}, {len(cs.cards)} cards, digest {cs.digest}")


@cards.command("list")
@click.option("--game", "game_id", default=None, help="Only this game's card sets.")
@with_store_options
def cards_list(game_id, redis_url, data_dir):
    """The stored card sets: game, id, digest, cards, title."""
    from kifu.service.cardsets import CardSetStore

    with open_redis(redis_url, data_dir) as url:
        client = _connect(url)
        try:
            found = CardSetStore(client).list(game_id)
        finally:
            client.close()
    for cs in found:
        click.echo(f"{cs.game}\t{cs.id}\t{cs.digest}\t{cs.cards} cards\t{cs.title}")
    if not found:
        click.echo("no card sets stored" + (f" for {game_id}" if game_id else ""), err=True)


@cards.group("regulation")
def cards_regulation() -> None:
    """Regulations (restricted and banned cards): import an organizer's file, list them."""


@cards_regulation.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--game", "game_id", default="hocg", show_default=True, help="The game the regulation is for.")
@with_store_options
def regulation_import(file, game_id, redis_url, data_dir):
    """Validate FILE as GAME's regulation and store it by digest (every bad field printed,
    nothing stored unless it is whole). A match or event names it by id or digest; the
    newest regulation of an id (its as_of) is the one an id names."""
    from kifu.service.regulations import RegulationStore, has_regulations

    try:
        rules = registry.get(game_id)
    except KeyError as exc:
        _fail(str(exc), 2)
    if not has_regulations(rules):
        _fail(f"{rules.id} has no regulations", 2)
    data = read_json_file(file)
    try:
        rules.load_regulation(data)
    except ValueError as exc:
        for path, messages in sorted(getattr(exc, "errors", {"_schema": [str(exc)]}).items()):
            click.echo(f"{file}: {path}: {' '.join(map(str, messages))}", err=True)
        _fail(f"{file}: not a regulation of {rules.id}; nothing stored")
    with open_redis(redis_url, data_dir) as url:
        client = _connect(url)
        try:
            reg, digest, new = RegulationStore(client).put(rules, data)
        finally:
            client.close()
    entries = len(reg["restricted"]) + len(reg["banned"])
    click.echo(f"{file}: {'stored' if new else 'already stored'}: {rules.id} regulation {reg['id']!r} "
               f"as of {reg['as_of']}, {entries} entries, digest {digest}")


@cards_regulation.command("list")
@click.option("--game", "game_id", default=None, help="Only this game's regulations.")
@with_store_options
def regulation_list(game_id, redis_url, data_dir):
    """The regulations: game, id, as_of, digest, entries, title (the shipped ones too)."""
    from kifu.replays import canon
    from kifu.service.regulations import RegulationStore, has_regulations

    with open_redis(redis_url, data_dir) as url:
        client = _connect(url)
        try:
            found = RegulationStore(client).list(game_id)
        finally:
            client.close()
    stored = {r.digest for r in found}
    for r in found:
        click.echo(f"{r.game}\t{r.id}\t{r.as_of}\t{r.digest}\t{r.entries} entries\t{r.title}")
    for rules in registry.all():
        if has_regulations(rules) and game_id in (None, rules.id):
            for data in rules.shipped_regulations():
                digest = canon.digest(data)
                if digest not in stored:
                    entries = len(data["restricted"]) + len(data["banned"])
                    click.echo(f"{rules.id}\t{data['id']}\t{data['as_of']}\t{digest}\t{entries} entries\t"
                               f"{data['title']} (shipped)")


@main.command()
@with_store_options
def reindex(redis_url, data_dir):
    """Rebuild the match indexes (all, by game, tournament, player, status) from the matches."""
    with open_matches(redis_url, data_dir) as matches:
        count = matches.store.rebuild_indexes()
    click.echo(f"reindexed {count} match(es)")


@main.group()
def token() -> None:
    """Bearer tokens (stored hashed; shown once)."""


@token.command("create")
@click.option("--role", required=True, type=click.Choice(auth.ROLES))
@click.option("--match", "match_id", default=None, help="Match id (player and recorder tokens).")
@click.option("--seat", default=None, help="Seat id, e.g. p1 (player tokens).")
@click.option("--name", default=None, help="Who holds it (recorded as 'by' in entries).")
@with_store_options
def token_create(role, match_id, seat, name, redis_url, data_dir):
    """Create a token and print it once."""
    from kifu.service.ids import check_match_id

    try:
        auth.check_spec(role, match_id, seat)
        if match_id:
            check_match_id(match_id)
    except (auth.TokenSpecError, ServiceError) as exc:
        _fail(str(exc), 2)
    with open_matches(redis_url, data_dir) as matches:
        if match_id:
            try:
                info = matches.info(match_id)
            except ServiceError as exc:
                _fail(exc.message, 2)
            if seat and seat not in [s["id"] for s in info.header["seats"]]:
                _fail(f"match {match_id} has no seat {seat}", 2)
        click.echo(auth.create_token(matches.store.client, role=role, name=name, match=match_id, seat=seat))


@token.command("revoke")
@click.argument("token_value", metavar="TOKEN")
@with_store_options
def token_revoke(token_value, redis_url, data_dir):
    """Make TOKEN stop working."""
    with open_redis(redis_url, data_dir) as url:
        if not auth.revoke(_connect(url), token_value):
            _fail("no such token")
    click.echo("revoked")


@main.command()
def games():
    """The games this kifu knows."""
    for rules in registry.all():
        seats = "/".join(map(str, rules.seats))
        click.echo(f"{rules.id}\t{rules.title}\tversion {rules.version}\t{seats} players")


if __name__ == "__main__":
    # ``python -m kifu.service.cli``: run the module ``kifu.service.cli`` itself, which ``kifu event``
    # extends (importing it from this ``__main__`` copy would import this file twice)
    from kifu.service.cli import main as _main

    _main()
else:
    from kifu.service.tournaments.cli import event as _event  # kifu event ... (issue 13)

    main.add_command(_event)
    from kifu.service.review.cli import review as _review  # kifu review verify ... (issue 15)

    main.add_command(_review)
    from kifu.service.deckcli import deck as _deck  # kifu deck check ... (issue 20)

    main.add_command(_deck)
