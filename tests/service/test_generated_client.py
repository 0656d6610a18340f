"""A client generated from the live OpenAPI document drives matches on its own (issue 24, item 5).

``kifu serve`` runs as a process (tests/service/served.py); its ``/api/openapi.json`` is
given to openapi-python-client (the test extra), the client is generated into a temporary
folder once per module and imported, and everything below goes through that client alone:
typed create-match bodies per game, the per-game legal lists and states (each command
parsed into its game's class), appends with a retry and a stale seq, refusals, a state as
a seat, export and import (the record's JSON form ``{"record": ...}``, which the generator
emits where it cannot emit a JSON Lines body), and a physical match with its deal.
"""
from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.service.served import serve

PACKAGE = "kifu_generated_client"
#: a warning of the generator that means a part of the API is missing from the client
LOST = ("will not be generated", "Cannot parse response", "response will be omitted")

pytestmark = pytest.mark.skipif(shutil.which("openapi-python-client") is None
                                and not (Path(sys.executable).parent / "openapi-python-client").exists(),
                                reason="openapi-python-client (the test extra) is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("generated-client")) as served:
        yield served


@pytest.fixture(scope="module")
def generated(server, tmp_path_factory):
    """The client package generated from the server's own document, imported (once per module)."""
    started = time.monotonic()
    where = tmp_path_factory.mktemp("client")
    document = where / "openapi.json"
    document.write_text(requests.get(f"{server.base}/api/openapi.json", timeout=30).text)
    config = where / "config.json"
    config.write_text(json.dumps({"package_name_override": PACKAGE, "project_name_override": "kifu-generated",
                                  "post_hooks": []}))  # no ruff run: the code is imported, not read
    tool = shutil.which("openapi-python-client") or str(Path(sys.executable).parent / "openapi-python-client")
    done = subprocess.run([tool, "generate", "--path", str(document), "--output-path", str(where / "out"),
                           "--config", str(config)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    output = done.stdout + done.stderr
    assert not [line for line in output.splitlines() if any(lost in line for lost in LOST)], output
    sys.path.insert(0, str(where / "out"))
    try:
        package = importlib.import_module(PACKAGE)
        modules = {name: importlib.import_module(f"{PACKAGE}.{name}") for name in ("models", "types")}
        print(f"\ngenerated and imported in {time.monotonic() - started:.1f} s")
        yield Generated(package, modules["models"], modules["types"], output)
    finally:
        sys.path.remove(str(where / "out"))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


class Generated:
    def __init__(self, package, models, types, output: str) -> None:
        self.package, self.m, self.types, self.output = package, models, types, output

    def api(self, module: str):
        """An operation's module, e.g. ``api("default.post_api_matches")`` or ``api("hocg.hocg_legal")``."""
        return importlib.import_module(f"{PACKAGE}.api.{module}")

    def client(self, base: str, token: str | None = None):
        if token is None:
            return self.package.Client(base_url=base, timeout=30)
        return self.package.AuthenticatedClient(base_url=base, token=token, timeout=30)


def _classes(models, prefix: str) -> tuple[type, ...]:
    return tuple(getattr(models, name) for name in dir(models)
                 if name.startswith(prefix) and isinstance(getattr(models, name), type))


def _create(gen, admin, game_class: str, seats: int, **fields):
    body_class = getattr(gen.m, f"CreateMatch{game_class}")
    game_enum = getattr(gen.m, f"CreateMatch{game_class}Game")
    body = body_class(game=list(game_enum)[0], seats=[gen.m.SeatRequest(name=f"P{i}") for i in range(1, seats + 1)],
                      **fields)
    return gen.api("default.post_api_matches").sync_detailed(client=admin, body=body)


def test_the_generated_client_drives_matches_alone(generated, server):
    gen, m = generated, generated.m
    admin = gen.client(server.base, server.admin)

    # the create-match bodies are complete per game: every property, typed
    for game_class in ("Hocg", "Holodelive", "HeroesPlacement", "RollingStone", "SenbuRinki"):
        fields = getattr(m, f"CreateMatch{game_class}").__attrs_attrs__
        assert {"game", "seats", "options", "table", "cardset", "deal"} <= {f.name for f in fields}, game_class

    # create: hocg and heroes_placement (whose `pass` holodelive shares)
    made = _create(gen, admin, "Hocg", 2, table=m.CreateMatchHocgTable.DIGITAL)
    assert made.status_code == 201, made.content
    hocg = made.parsed
    assert isinstance(hocg, m.CreatedMatch) and hocg.game == "hocg"
    made = _create(gen, admin, "HeroesPlacement", 2)
    assert made.status_code == 201, made.content
    heroes = made.parsed

    # legal, per game: every command parsed into its own game's class
    hocg_commands, heroes_commands = _classes(m, "Hocg"), _classes(m, "HeroesPlacement")
    legal = {}
    for seat in ("p1", "p2"):
        answer = gen.api("heroes_placement.heroes_placement_legal").sync_detailed(heroes.id, client=admin, as_=seat)
        assert answer.status_code == 200, answer.content
        assert isinstance(answer.parsed, m.HeroesPlacementLegal)
        assert all(isinstance(c, heroes_commands) for c in answer.parsed.commands), answer.parsed.commands
        legal[seat] = answer.parsed
    heroes_seat = next(seat for seat in ("p1", "p2") if legal[seat].commands)
    assert legal[heroes_seat].commands
    # a match of another game is not there
    other = gen.api("holodelive.holodelive_legal").sync_detailed(heroes.id, client=admin, as_="p1")
    assert other.status_code == 404 and other.parsed.error == "not_found"

    for seat in ("p1", "p2"):
        answer = gen.api("hocg.hocg_legal").sync_detailed(hocg.id, client=admin, as_=seat)
        assert answer.status_code == 200, answer.content
        assert isinstance(answer.parsed, m.HocgLegal) and answer.parsed.seq == 0
        assert all(isinstance(c, hocg_commands) for c in answer.parsed.commands), answer.parsed.commands
        if answer.parsed.commands:
            break
    hocg_legal = answer.parsed
    assert hocg_legal.commands, "nobody may act in a new hocg match"
    # the generic route lists the same commands, typed as some game's
    generic = gen.api("default.get_api_matches_match_id_legal").sync_detailed(hocg.id, client=admin, as_=seat)
    assert generic.status_code == 200 and isinstance(generic.parsed, m.Legal)
    assert [c.to_dict() for c in generic.parsed.commands] == [c.to_dict() for c in hocg_legal.commands]

    # append the first legal command, as the player of its seat
    player = gen.client(server.base, hocg.tokens[seat])  # the player of the seat to act
    post = gen.api("default.post_api_matches_match_id_commands")
    first = hocg_legal.commands[0]
    request = m.CommandRequest(expected_seq=0, command_id="gen-1", command=first)
    answer = post.sync_detailed(hocg.id, client=player, body=request)
    assert answer.status_code == 201, answer.content
    appended = answer.parsed
    assert isinstance(appended, m.AppendResult) and appended.seq == 1
    # a retry with the same command id: the original answer, no second entry
    again = post.sync_detailed(hocg.id, client=player, body=request)
    assert again.status_code == 200, again.content
    assert again.parsed.to_dict() == appended.to_dict()
    # a stale seq: 409 with the match's seq now
    stale = post.sync_detailed(hocg.id, client=player, body=m.CommandRequest(expected_seq=0, command_id="gen-2",
                                                                         command=first))
    assert stale.status_code == 409, stale.content
    assert isinstance(stale.parsed, m.Error) and stale.parsed.error == "stale_seq" and stale.parsed.current_seq == 1
    # refusals: a command of another game (400 not_in_match); a seat that is not this player's (403); what
    # the rules refuse now (422, naming the rulebook section)
    foreign = m.HeroesPlacementPass(type_=m.HeroesPlacementPassType.PASS, seat=seat)  # no hocg command has it
    refused = post.sync_detailed(hocg.id, client=admin, body=m.CommandRequest(expected_seq=1, command_id="gen-3",
                                                                              command=foreign))
    assert refused.status_code == 400 and refused.parsed.error == "not_in_match", refused.content
    redo = post.sync_detailed(hocg.id, client=admin, body=m.CommandRequest(expected_seq=1, command_id="gen-4",
                                                                           command=first))
    assert redo.status_code == 422 and redo.parsed.error == "rule_violation" and redo.parsed.rule, redo.content

    # the state as a seat, with that seat's token: the view is its game's object
    state = gen.api("hocg.hocg_state").sync_detailed(hocg.id, client=player, as_=seat)
    assert state.status_code == 200, state.content
    assert isinstance(state.parsed, m.HocgState) and isinstance(state.parsed.view, m.HocgView)
    assert state.parsed.perspective == seat and state.parsed.view.step == 1
    assert state.parsed.view["game"] == "hocg" and "players" in state.parsed.view.additional_properties
    opponent = "p2" if seat == "p1" else "p1"
    hidden = gen.api("hocg.hocg_state").sync_detailed(hocg.id, client=player, as_=opponent)
    assert hidden.status_code == 403, hidden.content
    generic = gen.api("default.get_api_matches_match_id_state").sync_detailed(hocg.id, client=player, as_=seat)
    assert isinstance(generic.parsed.view, m.View) and generic.parsed.view.to_dict() == state.parsed.view.to_dict()

    # entries: the command typed as an object with its type
    entries = gen.api("default.get_api_matches_match_id_entries").sync_detailed(hocg.id, client=admin)
    assert entries.status_code == 200, entries.content
    (entry,) = entries.parsed.entries
    assert isinstance(entry.command, m.EntryCommand) and entry.command.type_ == first.to_dict()["type"]
    assert entry.chain == appended.chain

    # export (text) and import (the record's JSON form): verified, stored once
    exported = gen.api("default.get_api_matches_match_id_export").sync_detailed(hocg.id, client=admin)
    assert exported.status_code == 200, exported.content
    record = exported.parsed
    assert isinstance(record, str) and len(record.splitlines()) == 2
    importing = gen.api("default.post_api_import")
    imported = importing.sync_detailed(client=admin, body=m.RecordImport(record=record))
    assert imported.status_code in (200, 201), imported.content
    assert isinstance(imported.parsed, m.Match) and imported.parsed.chain == appended.chain
    twice = importing.sync_detailed(client=admin, body=m.RecordImport(record=record))
    assert twice.status_code == 200 and twice.parsed.id == imported.parsed.id, twice.content
    broken = importing.sync_detailed(client=admin, body=m.RecordImport(record=record.replace(appended.chain, "0" * 64)))
    # another log under the same header (a changed chain): refused, nothing stored
    assert (broken.status_code, broken.parsed.error) in ((409, "import_conflict"), (422, "unverifiable")), \
        broken.content

    # the review's export and import (its JSON form), onto the imported copy of the record
    note = gen.api("default.post_api_matches_match_id_notes").sync_detailed(
        hocg.id, client=admin, body=m.NewNote(step=1, text="the first step"))
    assert note.status_code == 201 and isinstance(note.parsed, m.Note), note.content
    review = gen.api("default.get_api_matches_match_id_review_export").sync_detailed(hocg.id, client=admin)
    assert review.status_code == 200 and isinstance(review.parsed, str), review.content
    onto = gen.api("default.post_api_matches_match_id_review_import").sync_detailed(
        imported.parsed.id, client=admin, body=m.ReviewImport(export=review.parsed))
    assert onto.status_code == 201 and isinstance(onto.parsed, m.ReviewImported), onto.content
    assert onto.parsed.notes + onto.parsed.skipped == 1

    # a physical match with its deal: each missing outcome named (422 needs), then created with all of them
    deal: list = []
    for _ in range(200):
        made = _create(gen, admin, "HeroesPlacement", 2, table=m.CreateMatchHeroesPlacementTable.PHYSICAL, deal=deal)
        if made.status_code == 201:
            break
        assert made.status_code == 422 and isinstance(made.parsed.needs, m.Needs), made.content
        assert made.parsed.needs.index == len(deal), made.content
        deal.append(made.parsed.needs.options[0])
    assert made.status_code == 201, made.content
    physical = made.parsed
    assert physical.header["table"] == "physical"
    seat = next(s for s in ("p1", "p2") if gen.api("heroes_placement.heroes_placement_legal").sync_detailed(
        physical.id, client=admin, as_=s).parsed.commands)
    legal = gen.api("heroes_placement.heroes_placement_legal").sync_detailed(physical.id, client=admin, as_=seat).parsed
    assert all(isinstance(c, heroes_commands) for c in legal.commands)
    answer = post.sync_detailed(physical.id, client=admin, body=m.CommandRequest(
        expected_seq=0, command_id="phys-1", command=legal.commands[0]))
    assert answer.status_code == 201, answer.content
    state = gen.api("heroes_placement.heroes_placement_state").sync_detailed(physical.id, client=admin, as_="public")
    assert state.status_code == 200 and state.parsed.view.step == 1, state.content
