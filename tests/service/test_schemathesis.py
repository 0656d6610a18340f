"""Schemathesis against the real ``kifu serve``: the OpenAPI document and the server agree.

``kifu serve`` runs as a process (tests/service/served.py, its embedded Redis); the
document is read from it (``/api/openapi.json``) and every operation in it is fuzzed
with an admin token, a fixed seed and a few examples each (bounded: about a minute).
Checks: no 5xx; every status and body, and every content type, is the document's;
data the document calls valid is not refused as malformed (``positive_data_acceptance``:
2xx, or the refusals the document gives for what it cannot know: 401/403/404/409/422/
429/501); data it calls invalid is refused (``negative_data_rejection``).

Write paths hit real matches and a real event: generated ``match_id`` and ``eid`` path
parameters are mostly the ids of the matches and the event made here (and sometimes the
generated id, for the 404), and a generated append or variation is, three times in four,
replaced by a legal command of that match at its head seq (fetched at generation time),
so appends and variations are recorded, not only refused. New matches are generated from
the document's per-game bodies. Routes that others add are covered as soon as they are
in the document (see ``kifu.service.api.openapi``).

Bounded: about 50 s on a quiet two-core machine (the test prints its answers, its time
and the slowest scenarios). The operations whose bodies hold ``Command`` run in a forked
process beside the rest (HEAVY); a case Schemathesis generated as valid that breaks the
document after all is counted as ``misgenerated``, not as a mismatch (``breaks_document``).
"""
from __future__ import annotations

import functools
import multiprocessing
import secrets
import time

import jsonschema
import pytest
import requests
import schemathesis
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import events

from tests.service.served import serve

SEED = 14
EXAMPLES = 6
#: the run is split in two processes (not Schemathesis's worker threads: CPython 3.11's ast,
#: which its generation reaches, fails in two threads at once, "AST constructor recursion
#: depth mismatch"): the operations whose bodies hold ``Command`` (a oneOf of every game's
#: command types, thousands of coverage cases: half the run), and the rest
HEAVY = ("POST /api/matches/{match_id}/commands", "POST /api/matches/{match_id}/variations")
#: refusals of data the document calls valid that only the store can know: no token or
#: another's match (401/403), no such match or note (404), a stale seq or an idempotency
#: clash (409), a rule or a state the match is not in (422), limits (429), a game this
#: kifu lacks (501)
POSITIVE_REFUSALS = ["2xx", "401", "403", "404", "409", "422", "429", "501"]
#: refusals of data the document calls invalid: Schemathesis's own list, and 413 (a body
#: that breaks a maxItems can also break the server's byte limit, refused before it is read)
NEGATIVE_REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
#: What the document cannot say, by check and operation, and the one refusal it excuses
#: there (the answer's field errors): a relation between two query parameters is beyond
#: JSON Schema. Any other mismatch, and any other refusal of that operation, fails this test.
KNOWN_GAPS = {
    # `to` before `from` is a 400
    ("positive_data_acceptance", "GET /api/matches/{match_id}/entries"): {"to": ["to must not be before from"]},
}
GAMES = ("holodelive", "senbu_rinki", "heroes_placement", "rolling_stone", "hocg")
SEATS = {"senbu_rinki": 4, "rolling_stone": 3}


@schemathesis.serializer("application/x-ndjson")
def _ndjson(ctx, value) -> bytes:
    """A record is JSON Lines text: the document types it as a string."""
    return value.encode("utf-8") if isinstance(value, str) else str(value).encode("utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # the limits have their own tests (tests/service/test_venue_limits.py); Schemathesis's checks
    # of bad tokens (ignored_auth) expect 401, not the 429 a guesser gets
    with serve(tmp_path_factory.mktemp("schemathesis"), KIFU_LIMIT_WRITES="1000000",
               KIFU_LIMIT_TOKEN_REQUESTS="1000000", KIFU_LIMIT_FAILED_TOKENS="1000000",
               KIFU_LIMIT_FAILED_PREFIX="1000000") as served:
        yield served


def _create(server, game: str, seats: int) -> str:
    answer = requests.post(f"{server.base}/api/matches", timeout=30,
                           headers={"Authorization": f"Bearer {server.admin}"},
                           json={"game": game, "seats": [{"name": f"P{i}"} for i in range(1, seats + 1)]})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


@pytest.fixture(scope="module")
def real_matches(server):
    return [_create(server, game, SEATS.get(game, 2)) for game in GAMES]


@pytest.fixture(scope="module")
def real_event(server):
    """An event with two players registered: its writes are fuzzed against its state too."""
    auth = {"Authorization": f"Bearer {server.admin}"}
    answer = requests.post(f"{server.base}/api/events", headers=auth, timeout=30,
                           json={"name": "Schemathesis Open", "game": "holodelive", "rounds": 2})
    assert answer.status_code == 201, answer.text
    eid = answer.json()["event"]["id"]
    for name in ("Aoi", "Ren"):
        registered = requests.post(f"{server.base}/api/events/{eid}/players", headers=auth, timeout=30,
                                   json={"name": name})
        assert registered.status_code == 201, registered.text
    return eid


def legal_append(server, mid: str) -> dict | None:
    """A postable body for match ``mid`` now: its first seat's first legal command at its head."""
    auth = {"Authorization": f"Bearer {server.admin}"}
    info = requests.get(f"{server.base}/api/matches/{mid}", headers=auth, timeout=30).json()
    for seat in (s["id"] for s in info["header"]["seats"]):
        legal = requests.get(f"{server.base}/api/matches/{mid}/legal", params={"as": seat}, headers=auth, timeout=30)
        if legal.status_code == 200 and legal.json()["commands"]:
            return {"expected_seq": info["seq"], "command_id": secrets.token_hex(8),
                    "command": legal.json()["commands"][0]}
    return None


@pytest.fixture(scope="module")
def api(server, real_matches, real_event):
    config = SchemathesisConfig.from_dict({
        "seed": SEED,
        "base-url": server.base,
        "headers": {"Authorization": f"Bearer {server.admin}"},
        "generation": {"max-examples": EXAMPLES, "deterministic": True},
        "phases": {"stateful": {"enabled": False}},
        "checks": {"positive_data_acceptance": {"expected-statuses": POSITIVE_REFUSALS},
                   "negative_data_rejection": {"expected-statuses": NEGATIVE_REFUSALS}},
    })
    schema = schemathesis.openapi.from_url(f"{server.base}/api/openapi.json", config=config)

    real = {"match_id": real_matches, "eid": [real_event]}
    #: a per-game route (/api/games/<game>/matches/{match_id}/...) is fuzzed against that game's match
    of_game = dict(zip(GAMES, real_matches))

    @schema.hook
    def flatmap_path_parameters(context, path_parameters):
        name = next((name for name in real if name in (path_parameters or {})), None)
        if name is None:
            return st.just(path_parameters)
        game = context.operation.path.split("/")[3] if context.operation.path.startswith("/api/games/") else None
        ids = [of_game[game]] if name == "match_id" and game in of_game else real[name]
        return st.sampled_from([*ids, path_parameters[name]]).map(
            functools.partial(_with_parameter, path_parameters, name))

    @schema.hook
    def filter_failure(context, failure, case, response):
        # a well-formed seat or step this match lacks is the documented 400 not_in_match
        if response is not None and response.status_code == 400:
            try:
                return response.json().get("error") != "not_in_match"
            except ValueError:
                return True
        return True

    record = requests.get(f"{server.base}/api/matches/{real_matches[0]}/export", timeout=30,
                          headers={"Authorization": f"Bearer {server.admin}"}).text

    @schema.hook
    def flatmap_case(context, case):
        if not case.meta.generation.mode.is_positive:
            return st.just(case)
        if context.operation.label == "POST /api/import":
            # the record as JSON Lines, or in its JSON form {"record": ...}
            known = {"record": record} if str(case.media_type).endswith("json") else record
            return st.sampled_from([known, case.body]).map(functools.partial(_with_body, case))
        if context.operation.label not in HEAVY:
            return st.just(case)
        as_variation = context.operation.label.endswith("/variations")

        def legal(use: bool):
            body = legal_append(server, case.path_parameters["match_id"]) if use else None
            if body is not None and as_variation:  # a variation from the head: its first legal command
                body = {"step": body["expected_seq"], "commands": [body["command"]]}
            if body is not None:
                case.body = body
            return case
        # mostly legal, so that appends and variations are recorded whatever else the run sends
        return st.sampled_from([True, True, True, False]).map(legal)

    return schema


def _with_parameter(parameters: dict, name: str, value: str) -> dict:
    return {**parameters, name: value}


def _with_body(case, body):
    case.body = body
    return case


def _nullable(node):
    """OpenAPI 3.0's ``nullable`` as JSON Schema says it (jsonschema ignores the keyword)."""
    if isinstance(node, dict):
        out = {key: _nullable(value) for key, value in node.items() if key != "nullable"}
        return {"anyOf": [out, {"enum": [None]}]} if node.get("nullable") else out
    if isinstance(node, list):
        return [_nullable(value) for value in node]
    return node


def breaks_document(document: dict, label: str, body) -> bool:
    """Whether a JSON body that Schemathesis generated as valid breaks the operation's
    request schema after all: its coverage phase can lift a property of one ``oneOf``
    branch to the top level of an object that allows none (the family of schemathesis
    issue 4308). The server rightly refuses such a body: not a mismatch."""
    method, path = label.split(" ", 1)
    content = document["paths"][path][method.lower()].get("requestBody", {}).get("content", {})
    if "application/json" not in content or not isinstance(body, (dict, list)):
        return False
    root = _nullable({"components": document["components"], **content["application/json"]["schema"]})
    return not jsonschema.Draft4Validator(root).is_valid(body)


def _known_gap(check: str, label: str, interaction) -> bool:
    excused = KNOWN_GAPS.get((check, label))
    if excused is None or interaction is None or interaction.response is None:
        return False
    try:
        return interaction.response.json().get("errors") == excused
    except (ValueError, AttributeError):
        return False


def run(schema) -> tuple[list[str], dict[str, int], list, dict[str, float]]:
    """The engine's run (its examples, coverage and fuzzing phases): every failed check
    as text, the count of answers by "METHOD path status" (and of "misgenerated" valid
    cases, see ``breaks_document``), the engine's errors, and the seconds spent by
    "phase METHOD path"."""
    failures, answers, errors, spent = [], {}, [], {}
    for event in schemathesis.engine.from_schema(schema).execute():
        if isinstance(event, (events.ScenarioFinished, events.FuzzScenarioFinished)):
            where = f"{getattr(event, 'phase', 'fuzzing')} {event.recorder.label}"
            spent[where] = spent.get(where, 0.0) + event.elapsed_time
            for case_id, interaction in event.recorder.interactions.items():
                if interaction.response is not None:
                    key = f"{interaction.request.method} {event.recorder.label.split(' ', 1)[-1]} " \
                          f"{interaction.response.status_code}"
                    answers[key] = answers.get(key, 0) + 1
            for case_id, checks in event.recorder.checks.items():
                for check in checks:
                    if check.failure_info is not None:
                        case = event.recorder.cases[case_id].value
                        if _known_gap(check.name, event.recorder.label, event.recorder.interactions.get(case_id)):
                            continue
                        if check.name == "positive_data_acceptance" and breaks_document(
                                schema.raw_schema, event.recorder.label, case.body):
                            answers["misgenerated"] = answers.get("misgenerated", 0) + 1
                            continue
                        answer = event.recorder.interactions.get(case_id)
                        got = (f"{answer.response.status_code} {answer.response.content[:300]!r}"
                               if answer is not None and answer.response is not None else "no answer")
                        failures.append(f"{check.name} {event.recorder.label}: {check.failure_info.failure.title}: "
                                        f"{check.failure_info.failure.message[:300]} "
                                        f"[query={case.query} body={str(case.body)[:200]}] -> {got}")
        elif isinstance(event, (events.NonFatalError, events.FatalError)):
            errors.append(f"{event.label}: {getattr(event.info, 'message', event.info)}")
    return failures, answers, errors, spent


def _run_in_child(schema, pipe) -> None:
    try:
        pipe.send(run(schema))
    except BaseException as exc:  # noqa: BLE001 - said in the parent's failures
        pipe.send(([f"the run of {', '.join(HEAVY)} failed: {exc!r}"], {}, [], {}))
    finally:
        pipe.close()


def _not_heavy(context) -> bool:
    return context.operation.label not in HEAVY


def run_split(schema) -> tuple[list[str], dict[str, int], list, dict[str, float]]:
    """``run`` of HEAVY in a forked process while this one runs every other operation
    (the machine's two cores: one generating cases while the other answers them)."""
    fork = multiprocessing.get_context("fork")
    receiving, sending = fork.Pipe(duplex=False)
    child = fork.Process(target=_run_in_child, args=(schema.exclude(func=_not_heavy), sending))
    child.start()
    sending.close()
    failures, answers, errors, spent = run(schema.exclude(name=list(HEAVY)))
    try:
        theirs = receiving.recv() if receiving.poll(600) else (["no answer from the child's run"], {}, [], {})
    except EOFError:
        theirs = (["the child's run ended without its results"], {}, [], {})
    child.join(timeout=60)
    failures += theirs[0]
    for key, count in theirs[1].items():
        answers[key] = answers.get(key, 0) + count
    errors += theirs[2]
    spent.update(theirs[3])
    return failures, answers, errors, spent


def test_the_server_is_what_its_document_says(api, server, real_matches):
    started = time.monotonic()
    failures, answers, errors, spent = run_split(api)
    print("\n".join(f"{key}: {count}" for key, count in sorted(answers.items())))
    print(f"{sum(answers.values())} answers in {time.monotonic() - started:.1f} s; the slowest scenarios:")
    slowest = sorted(spent.items(), key=lambda item: -item[1])[:12]
    print("\n".join(f"  {seconds:6.1f} s {where}" for where, seconds in slowest))
    assert not errors, errors
    assert not failures, "\n".join(sorted(set(failures)))
    assert not [key for key in answers if key.endswith(tuple(f" {code}" for code in range(500, 600)))]
    # the write paths were exercised: matches created, commands appended to real matches
    assert answers.get("POST /api/matches 201"), answers
    assert answers.get("POST /api/import 201") or answers.get("POST /api/import 200"), answers
    assert answers.get("POST /api/matches/{match_id}/variations 201"), answers
    recorded = sum(requests.get(f"{server.base}/api/matches/{mid}", timeout=30).json()["seq"] for mid in real_matches)
    assert recorded > 0, answers
