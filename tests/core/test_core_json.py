"""Malformed JSON for either game's State, Move and View is refused with one clear error."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import CardrulesError, shengji, siyaosi

BAD: list[Any] = ["{", "[1, 2]", '{"seat": 1}', {"hands": 5}, {"seat": "x", "kind": 3}]


@pytest.mark.parametrize("game", [siyaosi, shengji], ids=["siyaosi", "shengji"])
@pytest.mark.parametrize("cls_name", ["State", "Move", "View"])
@pytest.mark.parametrize("data", BAD)
def test_bad_json_is_refused_clearly(game: Any, cls_name: str, data: Any) -> None:
    cls = getattr(game, cls_name)
    with pytest.raises(CardrulesError, match=r"^not a .*(state|move|view)"):
        cls.from_json(data)
