"""Variations over the API on real Redis: who may read and write them, hidden roles kept
hidden, illegal commands refused with the rule and nothing written, fresh chance."""
from __future__ import annotations

from tests.review.conftest import advance, line_from
from tests.service.api.conftest import dump

SENBU = ["Aoi", "Ren", "Mai", "Kou", "Sora"]


def senbu(api, svc, tokens, steps=4):
    match = api.as_(tokens["admin"]).create("senbu_rinki", SENBU)
    advance(svc, match["id"], steps)
    return match


def test_a_hidden_role_variation_never_reaches_a_perspective_that_may_not_see_it(api, svc, tokens):
    match = senbu(api, svc, tokens)
    mid = match["id"]
    judge = api.as_(tokens["judge"])
    commands = line_from(svc, mid, 2, 3)
    rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 2, "commands": commands, "title": "if p2 waits"})
    assert rv.status_code == 201, rv.json
    vid = rv.json["id"]
    assert rv.json["length"] == 3 and "seed" not in rv.json and "commands" not in rv.json

    # everyone who may not see the omniscient view of this live match is refused it, list and steps alike
    for who, status in ((None, 401), (tokens["annotator"], 403), (match["tokens"]["p1"], 403),
                        (match["tokens"]["recorder"], 403)):
        for path in (f"/api/matches/{mid}/variations", f"/api/matches/{mid}/variations/{vid}?as=public"):
            got = api.as_(who).get(path)
            assert got.status_code == status, (who, path, got.json)
            assert "view" not in got.json and "variations" not in got.json

    # the judge draws it for p1: only p1's own role shows, as in the match's own p1 view
    omni = judge.get(f"/api/matches/{mid}/variations/{vid}?as=omniscient").json
    as_p1 = judge.get(f"/api/matches/{mid}/variations/{vid}?as=p1").json
    roles = {s["seat"]: s["role"] for s in omni["view"]["seats"]}
    assert all(roles.values())
    seen = {s["seat"]: s["role"] for s in as_p1["view"]["seats"]}
    assert seen["p1"] == roles["p1"]
    unknown = [seat for seat, role in seen.items() if role is None]
    assert unknown  # the test means something: p1 still does not know some roles in the line
    # p1's boards and lines are exactly what the game's own view and redaction give p1
    from kifu.service.review import Review

    review = Review(svc)
    stored = review.variation(mid, vid)
    played = review.line(mid, stored)
    rules = svc._static(mid).rules
    assert as_p1["view"] == rules.view(played.state_at(3), "p1")
    assert [line["describe"] for line in as_p1["lines"]] == [
        rules.describe(played.state_at(i), c, played.state_at(i + 1), "p1") for i, c in enumerate(commands)]
    # and no word of the line or the board names a role p1 does not see
    words = repr(as_p1["lines"]) + repr(as_p1["view"])
    labels = {"saniwa": "審神者", "danshi": "刀剣男士", "sokogun": "時間遡行軍"}
    for role in {roles[seat] for seat in unknown} - {r for r in seen.values() if r}:
        assert labels[role] not in repr(as_p1["lines"]), role
    assert [line["n"] for line in as_p1["lines"]] == [1, 2, 3] and as_p1["at"] == 3 and words

    # never in the record
    assert svc.info(mid).seq == 4 and len(svc.entries(mid)) == 4


def test_illegal_variation_commands_are_refused_with_the_rule_and_nothing_is_written(api, svc, tokens, redis):
    match = senbu(api, svc, tokens)
    mid = match["id"]
    judge = api.as_(tokens["judge"])
    good = line_from(svc, mid, 1, 2)
    wrong_seat = next(s for s in ("p1", "p2", "p3", "p4", "p5") if s != good[1]["seat"])
    before = dump(redis)
    bad = [good[0], {**good[1], "seat": wrong_seat}]
    rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 1, "commands": bad})
    assert rv.status_code == 422, rv.json
    assert rv.json["error"] == "rule_violation" and rv.json["rule"] and rv.json["index"] == 1
    assert rv.json["message"].startswith("variation command 2:")
    for body, code in (({"step": 99, "commands": good}, 400),
                       ({"step": 1, "commands": [{"type": "no_such", "seat": "p1"}]}, 400),
                       ({"step": 1, "commands": [{"type": "backup", "seq": 2, "to": 0}]}, 400),
                       ({"step": 1, "commands": []}, 400),
                       ({"step": 1, "commands": good, "extra": 1}, 400)):
        got = judge.post(f"/api/matches/{mid}/variations", json=body)
        assert got.status_code == code, (body, got.json)
    # an annotator may not write on a live match's omniscient state
    got = api.as_(tokens["annotator"]).post(f"/api/matches/{mid}/variations", json={"step": 1, "commands": good})
    assert got.status_code == 403
    assert dump(redis) == before


def test_a_digital_variation_draws_from_its_own_seed_never_the_matchs(api, svc, tokens):
    match = api.as_(tokens["admin"]).create("holodelive", ["Aoi", "Ren"], options={"first_player": "p1"})
    mid = match["id"]
    draw = {"type": "draw", "seat": "p1", "source": "office"}
    svc.submit(mid, draw, expected_seq=0)
    judge = api.as_(tokens["judge"])
    real = svc.view_step(mid, "omniscient", 1).view
    views = []
    for _ in range(8):
        rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 0, "commands": [draw]})
        assert rv.status_code == 201, rv.json
        views.append(judge.get(f"/api/matches/{mid}/variations/{rv.json['id']}?as=omniscient").json["view"])
    assert any(v != real for v in views)  # 8 fresh seeds all drawing the match's card: the seed would leak
    # the variation's chance is a pure function of its own seed: replaying gives the same draw
    from kifu.service.review import Review

    rv = Review(svc)
    for v in rv.variations(mid):
        assert rv.line(mid, v).hashes == v["hashes"]
        assert v["seed"] != svc.seed(mid)


def test_a_physical_variation_names_its_outcomes_and_an_impossible_one_is_refused(api, svc, tokens, redis):
    from kifu.replays import registry

    rules = registry.demo("holodelive")
    deal: list = []
    while (event := rules.deal_needs({}, "s", 2, "physical", deal)) is not None:
        deal.append(event.options[0])
    match = api.as_(tokens["admin"]).create("holodelive", ["Aoi", "Ren"], table="physical", deal=deal)
    mid = match["id"]
    judge = api.as_(tokens["judge"])
    legal = judge.get(f"/api/matches/{mid}/legal?as=p1").json["commands"]
    draws = [c for c in legal if c["type"] == "draw" and c.get("outcomes")]
    assert draws, legal
    before = dump(redis)
    missing = {k: v for k, v in draws[0].items() if k != "outcomes"}
    rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 0, "commands": [missing]})
    assert rv.status_code == 422 and rv.json["needs"]["options"], rv.json
    impossible = {**draws[0], "outcomes": ["no-such-card"]}
    rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 0, "commands": [impossible]})
    assert rv.status_code == 422 and rv.json["index"] == 0
    assert dump(redis) == before
    rv = judge.post(f"/api/matches/{mid}/variations", json={"step": 0, "commands": [draws[0]]})
    assert rv.status_code == 201, rv.json


def test_delete_by_author_or_judge_and_a_finished_public_match_opens_them(api, svc, tokens):
    match = senbu(api, svc, tokens, steps=2)
    mid = match["id"]
    judge = api.as_(tokens["judge"])
    made = judge.post(f"/api/matches/{mid}/variations", json={"step": 1, "commands": line_from(svc, mid, 1, 1)}).json
    assert api.as_(tokens["annotator"]).delete(f"/api/matches/{mid}/variations/{made['id']}").status_code == 403
    assert api.as_(tokens["admin"]).delete(f"/api/matches/{mid}/variations/{made['id']}").status_code == 200
    assert judge.get(f"/api/matches/{mid}/variations").json["variations"] == []
    assert judge.delete(f"/api/matches/{mid}/variations/{made['id']}").status_code == 404
