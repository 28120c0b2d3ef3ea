"""The house rules that change what a round does to levels, SJ-LEVEL-4 (Gates) and SJ-LEVEL-5
(The jack penalty): settle and check_settlement apply one rule, and a saved settlement that
claims what the table does not allow is refused."""

from __future__ import annotations

import attrs
import pytest

from cardrules.cards import Rank
from cardrules.errors import PositionError
from cardrules.shengji import load_variant
from cardrules.shengji.levels import check_settlement, gated, level_index, settle

FOUR = load_variant("four-deck")
GATES = FOUR.replace(gates=["5", "10", "K", "A"])
JACK = FOUR.replace(jack_penalty="single_jack")


def test_gated_stops_on_the_first_gate_and_holds_a_team_at_its_gate() -> None:
    five, ten = level_index(Rank.FIVE), level_index(Rank.TEN)
    assert gated(GATES, level_index(Rank.THREE), 3, banker_held=True) == five
    assert gated(GATES, five, 3, banker_held=False) == five
    assert gated(GATES, five, 3, banker_held=True) == level_index(Rank.EIGHT)
    assert gated(GATES, level_index(Rank.NINE), 3, banker_held=True) == ten
    assert gated(FOUR, level_index(Rank.THREE), 3, banker_held=True) == level_index(Rank.SIX)


@pytest.mark.parametrize("points", [0, 40, 95, 160, 200, 240, 300, 480])
@pytest.mark.parametrize("levels", [("3", "4"), ("5", "9"), ("K", "10"), ("A", "A")])
def test_every_settlement_with_gates_passes_its_own_check(
    points: int, levels: tuple[str, str]
) -> None:
    for banker in range(4):
        done = settle(
            GATES,
            round_number=2,
            levels=(Rank.parse(levels[0]), Rank.parse(levels[1])),
            banker=banker,
            attacker_points=points,
            scores=(0, 0, 0, 0),
            penalties=(0, 0, 0, 0),
        )
        check_settlement(done, GATES)


@pytest.mark.parametrize("points", [0, 60, 200, 300])
def test_a_jack_drop_settles_and_checks(points: int) -> None:
    done = settle(
        JACK,
        round_number=2,
        levels=(Rank.JACK, Rank.FIVE),
        banker=0,
        attacker_points=points,
        scores=(0, 0, 0, 0),
        penalties=(0, 0, 0, 0),
        jack_drop=True,
    )
    assert done.dropped and done.levels[0] is Rank.TWO
    check_settlement(done, JACK)
    with pytest.raises(PositionError):
        check_settlement(done, FOUR)  # no jack penalty at this table
    with pytest.raises(PositionError):
        check_settlement(attrs.evolve(done, levels=(Rank.THREE, done.levels[1])), JACK)
