"""kit.cardset: card sets validated by the game's schema, with field paths, pinned by digest."""
import pytest

from kifu.replays import canon
from kifu.replays.kit.cardset import CardSetError, load
from tests.replays.toygame import CARDS, ToyCards


def test_a_card_set_is_indexed_and_pinned_by_the_digest_of_its_data():
    cs = load(ToyCards(), CARDS)
    assert cs.id == "toy-1-8" and cs.digest == canon.digest(CARDS) and cs.card("c3")["value"] == 3
    assert cs.name("c3") == "3" and cs.name("zz") == "zz"


@pytest.mark.parametrize("data, path", [
    ({**CARDS, "cards": [3]}, "cards.0"),
    ({**CARDS, "id": "bad id!"}, "id"),
    ({**CARDS, "extra": 1}, "extra"),
    ({k: v for k, v in CARDS.items() if k != "title"}, "title"),
])
def test_errors_name_the_field_path(data, path):
    with pytest.raises(CardSetError) as err:
        load(ToyCards(), data)
    assert path in err.value.errors and path in str(err.value)


@pytest.mark.parametrize("data", [[], "x", {**CARDS, "cards": [{"id": "a", "v": 1.5}]}])
def test_non_objects_and_floats_are_refused(data):
    with pytest.raises(CardSetError):
        load(ToyCards(), data)
