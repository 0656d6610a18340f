"""Studies over the API: owners, private studies, chapters checked against what the owner may see."""
from __future__ import annotations

from tests.review.conftest import advance
from tests.service.api.conftest import dump


def test_a_private_study_is_its_owners_and_admins_only_and_refusals_write_nothing(api, svc, tokens, redis):
    admin = api.as_(tokens["admin"])
    holo = admin.create("holodelive", ["Aoi", "Ren"])["id"]
    advance(svc, holo, 3)
    coach = api.as_(tokens["annotator"])
    rv = coach.post("/api/studies", json={"title": "openings", "public": False,
                                          "chapters": [{"match": holo, "step": 2, "title": "the draw"}]})
    assert rv.status_code == 201, rv.json
    sid = rv.json["id"]
    assert rv.json["owner"] == "Coach Mai" and [c["step"] for c in rv.json["chapters"]] == [2]
    for who, seen in ((None, 404), (tokens["annotator2"], 404), (tokens["judge"], 404), (tokens["admin"], 200),
                      (tokens["annotator"], 200)):
        assert api.as_(who).get(f"/api/studies/{sid}").status_code == seen, who
        listed = [s["id"] for s in api.as_(who).get("/api/studies").json["studies"]]
        assert (sid in listed) == (seen == 200)
    before = dump(redis)
    assert api.as_(tokens["annotator2"]).patch(f"/api/studies/{sid}", json={"public": True}).status_code == 404
    assert coach.post(f"/api/studies/{sid}/chapters", json={"match": holo, "step": 99}).status_code == 400
    assert coach.post(f"/api/studies/{sid}/chapters", json={"match": "0" * 20}).status_code == 404
    assert coach.post("/api/studies", json={"title": ""}).status_code == 400
    assert api.as_(None).post("/api/studies", json={"title": "x"}).status_code == 401
    assert api.as_(admin.create("holodelive", ["A", "B"])["tokens"]["p1"]).post(
        "/api/studies", json={"title": "x"}).status_code == 403
    before_players = {k: v for k, v in dump(redis).items() if k.startswith("kifu:study")}
    assert before_players == {k: v for k, v in before.items() if k.startswith("kifu:study")}

    assert coach.patch(f"/api/studies/{sid}", json={"public": True}).status_code == 200
    assert api.as_(None).get(f"/api/studies/{sid}").status_code == 200
    senbu = admin.create("senbu_rinki", ["A", "B", "C", "D", "E"])["id"]
    rv = coach.post(f"/api/studies/{sid}/chapters", json={"match": senbu, "step": 0, "as": "omniscient"})
    assert rv.status_code == 201 and [c["match"] for c in rv.json["chapters"]] == [holo, senbu]
    assert coach.delete(f"/api/studies/{sid}/chapters/1").json["chapters"][0]["match"] == senbu
