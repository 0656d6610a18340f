"""Known answers for the RNG: a change of algorithm changes every shuffle in every record."""
import hashlib
import hmac
from collections import Counter

import pytest

from kifu.replays.rng import Rng, derive


def test_byte_stream_is_hmac_sha256_of_label_and_counter():
    expected = b"".join(
        hmac.new(b"seed", b"deck" + i.to_bytes(8, "big"), hashlib.sha256).digest() for i in range(2)
    )
    assert Rng("seed", "deck").read(64) == expected


def test_reads_continue_the_stream():
    rng = Rng("seed", "deck")
    assert rng.read(10) + rng.read(40) == Rng("seed", "deck").read(50)


def test_known_answers_pinned():
    assert Rng("seed", "deck").shuffle(range(5)) == [0, 4, 3, 1, 2]
    assert Rng("kifu", "setup/deck").shuffle(range(39))[:8] == [20, 34, 5, 0, 29, 15, 12, 24]
    assert [Rng("s", f"x{i}").below(6) for i in range(10)] == [2, 0, 1, 0, 1, 3, 5, 2, 0, 2]
    assert derive("s", "demo/0") == hmac.new(b"s", b"demo/0", hashlib.sha256).hexdigest()


def _below_reference(seed: str, label: str, n: int) -> int:
    # An independent re-implementation of the documented algorithm (docs/record-format.md).
    if n == 1:
        return 0
    size = ((n - 1).bit_length() + 7) // 8
    span = 256**size
    limit = span - span % n
    stream = b"".join(hmac.new(seed.encode(), label.encode() + i.to_bytes(8, "big"), hashlib.sha256).digest()
                      for i in range(8))
    for offset in range(0, len(stream) - size + 1, size):
        x = int.from_bytes(stream[offset:offset + size], "big")
        if x < limit:
            return x % n
    raise AssertionError("stream exhausted")


@pytest.mark.parametrize("n", [1, 2, 3, 6, 39, 255, 256, 257, 1000, 70000])
def test_below_matches_reference_implementation(n):
    for i in range(20):
        assert Rng("seed", f"l{i}").below(n) == _below_reference("seed", f"l{i}", n)


def test_shuffle_is_fisher_yates_from_the_last_index():
    items = list(range(10))
    rng = Rng("seed", "deck")
    reference = list(items)
    stream = Rng("seed", "deck")
    for i in range(len(reference) - 1, 0, -1):
        j = stream.below(i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert rng.shuffle(items) == reference
    assert items == list(range(10)), "shuffle must not mutate its input"


def test_below_is_roughly_uniform():
    counts = Counter(Rng("u", f"{i}").below(3) for i in range(3000))
    assert all(900 < c < 1100 for c in counts.values()), counts


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        Rng("s", "l").below(0)
