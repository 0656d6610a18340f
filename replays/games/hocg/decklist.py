"""hOCG deck lists in text (対戦用具): 推しホロメン, メインデッキ, エールデッキ.

The areas of ``kifu.replays.kit.decklist`` for this game, read into the options' deck
value ``{"oshi", "deck", "cheer"}`` (printing ids) that ``state.deck_problems`` checks;
the sizes and the copy limit are ``cards``' (copies by card number, 「デッキに何枚でも
入れられる」 unlimited, エール unlimited).

>>> from kifu.replays.games.hocg import RULES
>>> cs = RULES.demo_cardsets()[0]
>>> text = "推し\\n1 FX01-000\\nメイン\\n50 FX01-002\\nエール\\n20 x 白エール"
>>> got = parse(FORM, cs, text)
>>> got.value["oshi"], len(got.value["deck"]), got.value["cheer"][0], got.summary
('FX01-000_C', 50, 'FX00-C01_C', 'oshi 1 / main 50 / cheer 20')
>>> print("\\n".join(map(str, parse(FORM, cs, "Main\\n4 x FX01-001_C\\n5 FX00-001\\n1 白エール").problems)))
line 1: メインデッキ: 10 cards; it must have 50
line 3: 5 copies of FX00-001 (マネージャーさん); at most 4
line 4: FX00-C01 (白エール) does not go in メインデッキ (only ホロメン and サポート); it goes in エールデッキ
推しホロメン: none; it must have 1
エールデッキ: none; it must have 20
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.games.hocg import cards as C
from kifu.replays.kit.decklist import Area, DeckForm, parse  # noqa: F401 - parse: the doctest's

LEVELS = {"debut": "Debut", "1st": "1st", "2nd": "2nd", "spot": "Spot"}
KIND_NAMES = {"oshi": "推しホロメン", "buzz": "Buzz"}


def _detail(card: Mapping[str, Any]) -> str:
    # what tells one name's cards apart: a holomem's level (Debut, 1st, 2nd), an oshi's kind
    return " ".join(x for x in (KIND_NAMES.get(card.get("kind", "")), LEVELS.get(card.get("level") or "")) if x)


def _copy_key(card: Mapping[str, Any]) -> str | None:
    return None if card.get("unlimited") else card["number"]


def _build(areas: dict[str, list[str]]) -> dict[str, Any]:
    return {"oshi": areas["oshi"][0], "deck": areas["deck"], "cheer": areas["cheer"]}


def _split(value: Mapping[str, Any]) -> dict[str, list[str]]:
    return {"oshi": [value["oshi"]] if value.get("oshi") else [], "deck": list(value.get("deck") or []),
            "cheer": list(value.get("cheer") or [])}


def _check(cs: Any, value: Mapping[str, Any]) -> list[str]:
    from kifu.replays.games.hocg.state import deck_problems  # state imports the rules' modules
    return deck_problems(cs, value)


FORM = DeckForm(
    areas=(
        Area("oshi", "推しホロメン", "oshi", ("推し", "推しホロメン", "oshi", "oshi holomem"), size=1,
             fits=lambda c: c["kind"] == "oshi", holds="only the 推しホロメン"),
        Area("deck", "メインデッキ", "main", ("メイン", "メインデッキ", "デッキ", "main", "main deck", "deck"),
             size=C.DECK_SIZE, fits=lambda c: c["kind"] in ("holomem", "buzz", "support"),
             holds="only ホロメン and サポート"),
        Area("cheer", "エールデッキ", "cheer", ("エール", "エールデッキ", "cheer", "cheer deck", "yell", "yell deck"),
             size=C.CHEER_SIZE, fits=lambda c: c["kind"] == "cheer", holds="only エール", copies=False),
    ),
    build=_build, split=_split, max_copies=C.MAX_COPIES, copy_key=_copy_key, detail=_detail, check=_check)
