"""The generated constructors of ``cardrules.slots``: the objects they build equal the ones the
attrs constructor builds, and they refuse field lists that are not the class's."""

from __future__ import annotations

import attrs
import pytest

from cardrules.multiset import Cards
from cardrules.siyaosi.moves import PASS, PLAY, Move, make_move
from cardrules.slots import builder, evolver, maker, setter


@attrs.frozen
class _Point:
    x: int
    y: int
    _cache: object = attrs.field(default=None, eq=False)
    late: int = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "late", self.x + self.y)


def test_builder_matches_the_constructor() -> None:
    build = builder(_Point, ("x", "y", "late"), {"_cache": None})
    made = build(1, 2, 3)
    assert made == _Point(1, 2)
    assert (made.late, made._cache) == (3, None)
    cards = Cards.parse("3S 3S")
    assert make_move(0, PLAY, cards) == Move(0, PLAY, cards)
    assert make_move(1, PASS, Cards.parse("")) == Move(1, PASS)


def test_maker_copies_the_other_fields() -> None:
    move_x = maker(_Point, ("x",), {"_cache": "fresh"})
    made = move_x(_Point(1, 2, "old"), 5)
    assert (made.x, made.y, made._cache, made.late) == (5, 2, "fresh", 3)


def test_evolver_reads_unchanged_fields_only() -> None:
    evolve = evolver(_Point, {"_cache": None})
    half: _Point = object.__new__(_Point)  # ``late`` never set, as during a constructor's check
    setter(_Point, "x")(half, 1)
    setter(_Point, "y")(half, 2)
    made = evolve(half, {"late": 7, "y": 4})
    assert (made.x, made.y, made.late, made._cache) == (1, 4, 7, None)
    with pytest.raises(AttributeError):
        evolve(half, {"y": 4})


@pytest.mark.parametrize(
    ("given", "fixed"),
    [
        (("x", "y"), {}),  # ``late`` and ``_cache`` neither given nor fixed
        (("x", "y", "late", "z"), {"_cache": None}),  # no field z
        (("x", "y", "late"), {"x": 1, "_cache": None}),  # x twice
        (("x", "x", "y", "late"), {"_cache": None}),
    ],
)
def test_builder_refuses_other_fields(given: tuple[str, ...], fixed: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="not the fields of _Point"):
        builder(_Point, given, fixed)


def test_maker_and_evolver_refuse_unknown_fields() -> None:
    with pytest.raises(ValueError, match="unknown \\['z'\\]"):
        maker(_Point, ("z",))
    with pytest.raises(ValueError, match="unknown \\['z'\\]"):
        evolver(_Point, {"z": 0})
    with pytest.raises(TypeError, match="not a slot"):
        setter(_Point, "__attrs_post_init__")
