"""docker-compose.yml's ``cluster`` profile, read as test_deploy.py reads the rest of the file
(Docker does not run here): six Redis 7 nodes that fsync every write, a one-shot
``redis-cli --cluster create ... --cluster-replicas 1``, and the app pointed at all six
with ``KIFU_REDIS_WAIT``. test_cluster_failover.py runs the same shape for real.
"""
from __future__ import annotations

from pathlib import Path

import yaml  # schemathesis (the test extra) brings PyYAML

from kifu.service.app import cluster_nodes

COMPOSE = yaml.safe_load((Path(__file__).resolve().parents[2] / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
NODES = [f"redis-node-{i}" for i in range(1, 7)]


def _flags(command: list[str]) -> dict[str, str]:
    assert command[0] == "redis-server"
    return dict(zip(command[1::2], command[2::2]))


def test_six_redis_7_cluster_nodes_durable_each_on_its_own_volume():
    cluster = sorted(name for name, spec in SERVICES.items() if "cluster" in spec.get("profiles", []))
    assert cluster == sorted([*NODES, "redis-cluster-init", "app-cluster"])
    for name in NODES:
        node = SERVICES[name]
        assert node["image"].startswith("redis:7")
        flags = _flags(node["command"])
        assert flags["--cluster-enabled"] == "yes" and flags["--appendonly"] == "yes"
        assert flags["--appendfsync"] == "always" and flags["--maxmemory-policy"] == "noeviction"
        assert int(flags["--cluster-node-timeout"]) <= 15000
        assert node["volumes"] == [f"{name}:/data"] and name in COMPOSE["volumes"]
        assert "redis-cli" in node["healthcheck"]["test"]
    assert not any("cluster" in SERVICES[name].get("profiles", []) for name in ("redis", "app"))


def test_the_one_shot_creates_three_primaries_with_a_replica_each_once_every_node_is_up():
    init = SERVICES["redis-cluster-init"]
    script = init["command"][0]
    assert "redis-cli --cluster create" in script and "--cluster-replicas 1" in script and "--cluster-yes" in script
    assert "getent hosts redis-node-$$n" in script and "for n in 1 2 3 4 5 6" in script
    assert "cluster_state:ok ||" in script  # a second `up` does not try to create it again
    assert {name: dep["condition"] for name, dep in init["depends_on"].items()} == dict.fromkeys(
        NODES, "service_healthy")
    assert init["restart"] == "no"


def test_the_app_runs_on_every_node_and_waits_for_a_replica():
    app = SERVICES["app-cluster"]
    env = app["environment"]
    first, nodes = cluster_nodes(env["REDIS_URL"])
    assert first == "redis://redis-node-1:6379" and nodes == [(name, 6379) for name in NODES]
    assert env["KIFU_REDIS_WAIT"] == "1"
    assert env["KIFU_SECRET_KEY"].startswith("${KIFU_SECRET_KEY:?")
    assert app["depends_on"] == {"redis-cluster-init": {"condition": "service_completed_successfully"}}
    assert app["build"] == "." and "/api/health" in " ".join(app["healthcheck"]["test"])
