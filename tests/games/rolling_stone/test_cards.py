"""The card set schema (コンポーネント) and the demo set's honesty about what it invents."""
import copy
import json
from importlib import resources

import pytest

from kifu.replays.kit import CardSetError

from .helpers import RULES


def _demo():
    text = resources.files("kifu.replays.games.rolling_stone").joinpath("cardsets/demo.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_the_demo_set_has_the_rulebook_s_components():
    cs = RULES.load_cardset(_demo())
    kinds = [c["kind"] for c in cs.cards.values()]
    assert (kinds.count("album"), kinds.count("event"), kinds.count("dream"), kinds.count("character")) == (72, 9, 16, 4)
    album = [c for c in cs.cards.values() if c["kind"] == "album"]
    for stage in (1, 2, 3):
        of_stage = [c for c in album if c["stage"] == stage]
        assert {c["colour"] for c in of_stage} == {"red", "blue", "yellow", "green"}
        assert any(c["star"] for c in of_stage) and not all(c["star"] for c in of_stage)  # 中には…「★」
    assert all(c["icons"] is not None for c in album)


def test_every_invented_value_is_marked_unverified_with_a_reason():
    data = _demo()
    for key in ("icons", "album", "events", "dreams", "characters"):
        for card in data[key]:
            assert len(card.get("unverified", "")) > 20, (key, card["id"])
    assert "invented" in data["unverified"]


@pytest.mark.parametrize("change, path", [
    (lambda d: d["album"].pop(), "album"),                                    # 24 per stage
    (lambda d: d["dreams"].pop(), "dreams"),                                  # 16 dream cards
    (lambda d: d["album"][0]["icons"].append("money"), "album.0.icons"),      # an icon the set does not declare
    (lambda d: d["album"][0].update(colour="purple"), "album.0.colour"),     # four attributes only
    (lambda d: d["dreams"][0]["skill"].update(kind="fly"), "dreams.0.skill.kind"),
    (lambda d: d["dreams"][0]["dream"].pop("vp"), "dreams.0.dream.kind"),    # a kind's parameters
    (lambda d: d["events"][0].update(id=d["album"][0]["id"]), "_schema"),    # ids used twice
])
def test_a_set_that_does_not_fit_is_refused_with_the_field_path(change, path):
    data = copy.deepcopy(_demo())
    change(data)
    with pytest.raises(CardSetError) as info:
        RULES.load_cardset(data)
    assert any(p.startswith(path) for p in info.value.errors), info.value.errors
