"""The embedded Redis's files hold every live match's seed and the token hashes: they are
private to the service's user even when the data directory already existed with open
permissions (``mkdir var && kifu serve``, a mounted volume)."""
from __future__ import annotations

import stat

from kifu.service.embedded import RedisProcess


def test_the_embedded_redis_directory_is_private_even_in_an_open_data_dir(tmp_path):
    base = tmp_path / "var"
    base.mkdir(mode=0o755)
    base.chmod(0o755)
    stale = base / "old-redis"
    stale.mkdir()
    stale.chmod(0o755)
    for where in (base / "redis", stale):
        with RedisProcess(where, durable=True) as server:
            import redis

            client = redis.Redis.from_url(server.url)
            client.set("kifu:probe", "seed-like secret")
            client.close()
        assert stat.S_IMODE(where.stat().st_mode) & 0o077 == 0, oct(where.stat().st_mode)
