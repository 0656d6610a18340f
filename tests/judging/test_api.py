"""Judging through the JSON API on a real Redis: a whole case on a live holodelive match
(call, case file, ruling, backup, play resumes, appeal, head judge), who may record what,
every refusal writing nothing, the audit, and the export verifying offline."""
from __future__ import annotations

import pytest

from kifu.replays.verify import verify_text
from kifu.service import auth
from tests.service.api.conftest import ADMIN, Api, dump, make_app, with_registry


@pytest.fixture
def app(redis_url):
    app = make_app(redis_url, KIFU_GAMES=with_registry)
    yield app
    app.extensions["kifu"].redis.close()


@pytest.fixture
def api(app):
    return Api(app.test_client())


@pytest.fixture
def redis(app):
    return app.extensions["kifu"].redis


@pytest.fixture
def staff(api, redis):
    return {role: api.as_(auth.create_token(redis, role=role, name=f"{role} Sato"))
            for role in ("judge", "head_judge", "annotator")}


@pytest.fixture
def match(api):
    made = api.as_(ADMIN).create("holodelive")
    return {"id": made["id"], "tokens": made["tokens"], "api": api}


def play(api: Api, match: dict, n: int) -> int:
    """``n`` legal commands by the seats' own tokens; the seq after them."""
    mid = match["id"]
    seq = api.get(f"/api/matches/{mid}").json["seq"]
    for _ in range(n):
        for seat in ("p1", "p2"):
            who = api.as_(match["tokens"][seat])
            legal = who.get(f"/api/matches/{mid}/legal?as={seat}").json["commands"]
            if legal:
                rv = who.command(mid, legal[0], seq)
                assert rv.status_code == 201, rv.json
                seq = rv.json["seq"]
                break
        else:
            raise AssertionError("nobody to act")
    return seq


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


def judge(who: Api, mid: str, **entry):
    return who.post(f"/api/matches/{mid}/judge", json={"entry": entry})


def test_a_whole_case_through_the_api_and_the_export_verifies(api, match, staff, redis):
    mid, p1, p2 = match["id"], api.as_(match["tokens"]["p1"]), api.as_(match["tokens"]["p2"])
    seq = play(api, match, 6)
    rv = judge(p1, mid, type="judge_call", question="Did p2 just play two cards?")
    assert rv.status_code == 201, rv.json
    assert rv.json["case"] == 1 and rv.json["command"]["caller"] == "p1" and rv.json["command"]["role"] == "player"
    assert rv.json["command"]["step"] == seq and rv.json["seq"] == seq + 1
    # the table is paused: no legal command, a command is refused with the reason
    legal = p2.get(f"/api/matches/{mid}/legal?as=p2").json["commands"]
    assert legal == []
    state = p2.get(f"/api/matches/{mid}/state?as=p2").json
    assert state["view"]["judge"]["open"] == 1 and state["view"]["judge"]["cases"][0]["question"] is None
    # the case file: boards from every side, what each seat knew; judges only
    assert p1.get(f"/api/matches/{mid}/cases/1").status_code == 403
    assert api.get(f"/api/matches/{mid}/cases/1").status_code == 401
    case = staff["judge"].get(f"/api/matches/{mid}/cases/1").json
    assert set(case["boards"]) == {"public", "p1", "p2", "omniscient"}
    assert case["boards"]["p1"]["view"] != case["boards"]["p2"]["view"]
    assert case["case"]["question"] == "Did p2 just play two cards?" and case["step"] == seq
    assert {s: len(lines) for s, lines in case["knew"].items()} == {"p1": min(seq, 12), "p2": min(seq, 12)}
    # players see the case list without others' questions; the caller sees its own
    assert p2.get(f"/api/matches/{mid}/cases").json["cases"][0]["question"] is None
    assert p1.get(f"/api/matches/{mid}/cases").json["cases"][0]["question"] == "Did p2 just play two cards?"
    rv = judge(staff["judge"], mid, type="ruling", case=1, answer="Yes: back up two steps", rule="ターンの流れ")
    assert rv.status_code == 201, rv.json
    rv = judge(staff["judge"], mid, type="backup", to=seq - 2, case=1)
    assert rv.status_code == 201, rv.json
    backup_seq = rv.json["seq"]
    entries = staff["judge"].get(f"/api/matches/{mid}/entries?as=omniscient").json["entries"]
    assert [e["actor"] for e in entries[-3:]] == ["judge"] * 3
    # play resumes from two steps back
    after = play(api, match, 1)
    assert after == backup_seq + 1
    rv = judge(p2, mid, type="appeal", case=1, reason="Only one card was played")
    assert rv.status_code == 201, rv.json
    assert judge(staff["judge"], mid, type="ruling", case=1, answer="no", rule="x").status_code == 422
    rv = judge(staff["head_judge"], mid, type="ruling", case=1, answer="The ruling stands", rule="ターンの流れ")
    assert rv.status_code == 201, rv.json
    case = staff["judge"].get(f"/api/matches/{mid}/cases/1").json["case"]
    assert case["status"] == "final" and [r["stands"] for r in case["rulings"]] == [False, True]
    assert case["actions"] == [backup_seq]
    # every judge entry is audited, with who and what
    audit = [{_text(k): _text(v) for k, v in fields.items()} for _, fields in redis.xrange(auth.AUDIT_KEY)]
    whats = [f["what"] for f in audit if f.get("match") == mid]
    for kind in ("judge:judge_call", "judge:ruling", "judge:backup", "judge:appeal", "case:1"):
        assert kind in whats
    # the export (a judge's, with the seed) verifies offline, judge entries and all
    text = staff["judge"].get(f"/api/matches/{mid}/export?seed=1").get_data(as_text=True)
    report = verify_text(text)
    assert report.ok and report.replayed, report.divergence
    assert '"type":"backup"' in text.replace(" ", "")


def test_who_may_record_which_entry_and_refusals_write_nothing(api, match, staff, redis):
    mid = match["id"]
    seq = play(api, match, 4)
    p1, recorder = api.as_(match["tokens"]["p1"]), api.as_(match["tokens"]["recorder"])
    other = api.as_(ADMIN).create("holodelive")
    stranger = api.as_(other["tokens"]["p1"])
    before = dump(redis)
    refusals = [
        (api, dict(type="judge_call", question="?"), 401, "unauthorized"),
        (p1, dict(type="ruling", case=1, answer="mine", rule="x"), 403, "forbidden"),  # a player trying to rule
        (p1, dict(type="backup", to=1), 403, "forbidden"),
        (recorder, dict(type="penalty", seat="p2", infraction="Slow Play"), 403, "forbidden"),
        (staff["annotator"], dict(type="judge_call", question="?"), 403, "forbidden"),
        (stranger, dict(type="judge_call", question="?"), 403, "forbidden"),  # another match's player
        (staff["judge"], dict(type="backup", to=seq + 3), 422, "rule_violation"),  # a backup to the future
        (staff["judge"], dict(type="fix", moves=[{"card": "no_such_card", "from": {"path": ["hands", "p1"]},
                                                  "to": {"pile": "deck"}}]), 422, "rule_violation"),
        (staff["judge"], dict(type="ruling", case=1, answer="?", rule="x"), 422, "rule_violation"),  # no case 1
        (staff["judge"], dict(type="penalty", seat="p2", infraction="Being Late Twice"), 400, "not_in_match"),  # not in the match's table
        (staff["judge"], dict(type="judge_call", question="?", role="head_judge"), 400, "schema"),  # a forged role
        (staff["judge"], dict(type="judge_call", question="?", seq=99), 400, "schema"),
        (staff["judge"], dict(type="exorcism"), 400, "schema"),
        (staff["judge"], dict(type="judge_call"), 400, "schema"),
    ]
    for who, entry, status, error in refusals:
        rv = judge(who, mid, **entry)
        assert (rv.status_code, rv.json["error"]) == (status, error), (entry, rv.json)
    assert staff["judge"].post(f"/api/matches/{mid}/judge", json={"entry": {"type": "judge_call", "question": "?"},
                                                                  "expected_seq": seq - 1}).status_code == 409
    assert staff["judge"].post(f"/api/matches/{mid}/judge", data="{", content_type="application/json").status_code == 400
    assert judge(staff["judge"], "0" * 20, type="judge_call", question="?").status_code == 404
    assert dump(redis) == before


def test_a_penalty_ends_the_match_and_no_call_is_opened_on_a_finished_match(api, match, staff, redis):
    mid = match["id"]
    play(api, match, 2)
    rv = judge(staff["judge"], mid, type="penalty", seat="p1", infraction="Drawing Extra Cards")
    assert rv.status_code == 201 and rv.json["command"]["penalty"] == "game_loss"
    info = api.get(f"/api/matches/{mid}").json
    assert info["status"] == "finished" and info["outcome"]["winners"] == ["p2"]
    assert info["outcome"]["reason"].startswith("penalty: game_loss for p1")
    before = dump(redis)
    rv = judge(api.as_(match["tokens"]["p1"]), mid, type="judge_call", question="why?")
    assert rv.status_code == 409 and rv.json["error"] == "match_over"
    assert dump(redis) == before
