"""Health, games, the OpenAPI document, and the JSON shape of routing errors."""
from __future__ import annotations

import re

from kifu.replays import registry
from kifu.service.api.openapi import OPENAPI_VERSION


def test_health_answers_ok_with_redis_reachable(api):
    rv = api.get("/api/health")
    assert rv.status_code == 200
    assert rv.json["ok"] is True and rv.json["redis"] == "ok"


def test_health_is_503_when_redis_is_gone():
    from kifu.service.embedded import free_port
    from tests.service.api.conftest import make_app

    app = make_app(f"redis://127.0.0.1:{free_port()}/0", KIFU_ADMIN_TOKEN=None)  # nothing listens there
    rv = app.test_client().get("/api/health")
    assert rv.status_code == 503
    assert rv.json["ok"] is False and rv.json["redis"] == "unreachable"


def test_games_lists_every_game_with_its_commands_tables_and_card_sets(api):
    from tests.replays.toygame import TOY
    from tests.service.toy import TALLY

    games = {g["id"]: g for g in api.get("/api/games").json["games"]}
    assert games["toy"]["commands"] == ["bank", "draw", "pass"]
    assert games["toy"]["seats"] == [2] and games["toy"]["tables"] == ["digital", "physical", "observed"]
    assert games["tally"]["version"] == TALLY.version and games["tally"]["options"] == {"target": 60}
    assert games["toy"]["cardsets"] == [{"id": "toy-1-8", "digest": TOY.cardset.digest, "title": "Toy 1..8",
                                         "cards": 8, "default": True, "demo": True}]


def test_unknown_api_route_and_wrong_method_are_json(api):
    rv = api.get("/api/nowhere")
    assert rv.status_code == 404 and rv.json["error"] == "not_found"
    rv = api.client.delete("/api/games")
    assert rv.status_code == 405 and rv.json["error"] == "method_not_allowed"
    assert "GET" in rv.headers["Allow"]


def _refs(node, found):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                found.append(value)
            else:
                _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)
    return found


def test_openapi_document_is_structurally_valid(app, api):
    doc = api.get("/api/openapi.json").json
    assert doc["openapi"] == OPENAPI_VERSION and doc["openapi"].startswith("3.")
    assert doc["info"]["title"] == "kifu" and doc["info"]["version"]
    # every $ref resolves inside the document
    for ref in _refs(doc, []):
        assert ref.startswith("#/"), ref
        node = doc
        for part in ref[2:].split("/"):
            assert part in node, f"dangling {ref}"
            node = node[part]
    # every API route of the app is documented, with its methods
    routes = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: "{match_id}" if m.group(1) == "mid" else "{%s}" % m.group(1), rule.rule)
            # a per-game route is documented once per game, each with its game's schemas
            per_game = path.startswith("/api/games/{game}/")
            for each in ([path.replace("{game}", g.id) for g in registry.all()] if per_game else [path]):
                routes.setdefault(each, set()).update(m.lower() for m in rule.methods - {"HEAD", "OPTIONS"})
    assert set(routes) == set(doc["paths"])
    methods = {"get", "post", "put", "patch", "delete"}
    for path, wanted in routes.items():
        item = doc["paths"][path]
        assert wanted == set(item) & methods, path
        declared = {p["name"] for p in item.get("parameters", []) if p["in"] == "path"}
        assert declared == set(re.findall(r"{([^}]+)}", path)), path
        for method in wanted:
            operation = item[method]
            assert operation["responses"], (path, method)
            for status, response in operation["responses"].items():
                assert re.fullmatch(r"[1-5]\d\d", str(status)) and response["description"]
            for parameter in operation.get("parameters", []):
                assert parameter["in"] in ("query", "header", "path", "cookie") and parameter["name"]
    # the query parameters come from the schemas, under their public names
    entries = doc["paths"]["/api/matches/{match_id}/entries"]["get"]
    assert {p["name"] for p in entries["parameters"]} == {"from", "to", "as"}
    assert doc["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    command = doc["components"]["schemas"]["CommandRequest"]
    assert set(command["required"]) == {"expected_seq", "command_id", "command"}


def _json_schema(node, components):
    """OpenAPI 3.0 schema -> JSON Schema: inline $refs, ``nullable`` as a null type."""
    if isinstance(node, list):
        return [_json_schema(n, components) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _json_schema(components[node["$ref"].rsplit("/", 1)[1]], components)
    out = {k: _json_schema(v, components) for k, v in node.items() if k != "nullable"}
    if node.get("nullable"):
        out = {"anyOf": [out, {"type": "null"}]}
    return out


def test_answers_match_the_documented_schemas(api, admin, judge):
    import jsonschema

    doc = api.get("/api/openapi.json").json
    components = doc["components"]["schemas"]

    def check(method, path, rv, status=None):
        status = str(status or rv.status_code)
        operation = doc["paths"][path][method]
        assert status in operation["responses"], (path, status)
        content = operation["responses"][status]["content"]
        schema = _json_schema(content["application/json"]["schema"], components)
        jsonschema.validate(rv.json, schema)

    check("get", "/api/health", api.get("/api/health"))
    check("get", "/api/games", api.get("/api/games"))
    rv = admin.post("/api/matches", json={"game": "toy", "seats": [{"name": "A"}, {"name": "B"}], "tournament": "T"})
    check("post", "/api/matches", rv)
    made = rv.json
    mid, p1 = made["id"], api.as_(made["tokens"]["p1"])
    base = "/api/matches/{match_id}"
    check("post", base + "/commands", p1.command(mid, {"type": "draw", "seat": "p1"}, 0, "x"))
    check("post", base + "/commands", p1.command(mid, {"type": "draw", "seat": "p1"}, 0, "x"))  # the 200 retry
    check("get", "/api/matches", api.get("/api/matches"))
    check("get", base, api.get(f"/api/matches/{mid}"))
    check("get", base + "/state", judge.get(f"/api/matches/{mid}/state?as=omniscient"))
    check("get", base + "/legal", p1.get(f"/api/matches/{mid}/legal?as=p1"))
    check("get", base + "/entries", api.get(f"/api/matches/{mid}/entries"))
    # and the errors each path documents
    check("post", base + "/commands", p1.command(mid, {"type": "draw", "seat": "p1"}, 0, "y"), 409)
    check("post", base + "/commands", p1.command(mid, {"type": "draw", "seat": "p1"}, 1), 422)
    check("post", base + "/commands", p1.command(mid, {"type": "fly", "seat": "p1"}, 1), 400)
    check("get", base + "/state", api.get(f"/api/matches/{mid}/state?as=p1"), 401)
    check("get", base + "/state", p1.get(f"/api/matches/{mid}/state?as=p2"), 403)
    check("post", "/api/import", admin.post("/api/import", data="{}", content_type="application/x-ndjson"), 422)
