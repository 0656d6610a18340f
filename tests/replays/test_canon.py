import hashlib
import hmac

import pytest

from kifu.replays import canon


def test_dumps_sorts_keys_and_keeps_japanese():
    assert canon.dumps({"b": 1, "a": ["ぺこら", None, True]}) == '{"a":["ぺこら",null,true],"b":1}'


def test_digest_is_sha256_of_canonical_utf8_pinned():
    # Pinned so that a change of encoding (and so of every stored hash) is caught.
    assert canon.digest({"名前": "ぺこら", "n": 1}) == canon.sha256_hex('{"n":1,"名前":"ぺこら"}')
    assert canon.digest({"a": 1}) == "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862"


def test_state_hash_is_hmac_keyed_by_the_seed_pinned():
    # docs/record-format.md: key = HMAC-SHA256(seed, "kifu/state-hash"); hash = HMAC-SHA256(key, canon).
    key = hmac.new(b"seed", b"kifu/state-hash", hashlib.sha256).digest()
    expected = hmac.new(key, '{"n":1,"名前":"ぺこら"}'.encode(), hashlib.sha256).hexdigest()
    assert canon.state_hash({"名前": "ぺこら", "n": 1}, "seed") == expected
    assert canon.state_hash({"a": 1}, "seed") == "e50ed299e7c6d4b68d88777341d0eca419ef49c56b6f02199349db720b7ac79b"


def test_state_hash_cannot_be_guessed_without_the_seed():
    # A small hidden deal must not be recoverable by hashing candidates: the seed keys it.
    state = {"roles": ["審神者", "刀剣男士"]}
    assert canon.state_hash(state, "a") != canon.state_hash(state, "b")
    assert canon.state_hash(state, "a") != canon.digest(state)


def test_dict_order_does_not_change_hash():
    assert canon.state_hash({"x": 1, "y": [1, 2]}, "s") == canon.state_hash({"y": [1, 2], "x": 1}, "s")


def test_nan_is_refused():
    with pytest.raises(ValueError):
        canon.dumps({"x": float("nan")})


@pytest.mark.parametrize("bad", [{"x": 1.5}, {"x": [1, {"y": 0.0}]}, {1: "a"}, {"s": {1, 2}}])
def test_check_plain_refuses_what_may_not_be_hashed(bad):
    with pytest.raises(TypeError):
        canon.check_plain(bad)


def test_check_plain_accepts_json_data():
    canon.check_plain({"a": [1, "b", None, True, {"c": []}]})
