"""How a 四幺四 round moves the levels and who wins, from 4A4-LEVEL-2 (Rising by catches) to
4A4-LEVEL-6 (Drop-backs)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["LEVELS", "levels_after"]

#: The level ranks from low to high, 4A4-LEVEL-1 (Levels, stored per team).
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _rise(level: str, steps: int, swept: bool, gates: Sequence[str]) -> str:
    """``level`` risen by ``steps``, 4A4-LEVEL-3 (Gates): a rise stops on a gate it would pass; a
    team on a gate rises only with every opponent caught, then stops on the next gate; never
    past A."""
    if steps == 0 or (level in gates and not swept):
        return level
    at = LEVELS.index(level)
    for _ in range(steps):
        if at == len(LEVELS) - 1:
            break  # no rise passes A
        at += 1
        if LEVELS[at] in gates:
            break
    return LEVELS[at]


def levels_after(
    players: int,
    finish: Sequence[int],
    ruling: int | None,
    levels: tuple[str, str],
    *,
    rise: str,
    sweep_rise: int,
    gates: Sequence[str],
    drop_backs: Sequence[str],
    victory: str,
) -> tuple[tuple[str, str], int, int | None]:
    """The levels after a 四幺四 round, the team that rules next and the match's winner (or
    ``None``), as 4A4-LEVEL-2 (Rising by catches), 4A4-LEVEL-3 (Gates), 4A4-LEVEL-4 (The stage:
    sweep, reverse sweep, split), 4A4-LEVEL-5 (Winning the match) and 4A4-LEVEL-6 (Drop-backs)
    say it, from the finishing order alone. ``rise`` is ``"catches"`` or ``"sweep"``,
    ``victory`` ``"pass"`` or ``"reach"``, ``drop_backs`` entries ``"FROM>TO"``."""
    team = finish[0] % 2  # the emperor's team rules next in every variant
    team_out = all(s in finish for s in range(team, players, 2))
    holding = [s for s in range(players) if s % 2 != team and s not in finish]
    caught = len(holding) if team_out else 0
    swept = caught == players // 2
    new = list(levels)
    if rise == "catches":
        new[team] = _rise(levels[team], caught, swept, gates)
    elif swept and (ruling is None or team == ruling):
        new[team] = _rise(levels[team], sweep_rise, swept, gates)
    if ruling is not None and team != ruling and swept:
        for entry in drop_backs:
            high, _, low = entry.partition(">")
            if levels[ruling] == high:
                new[ruling] = low
    winner: int | None = None
    if victory == "pass":
        if swept and levels[team] == "A":
            winner = team
    elif new[team] == "A":
        winner = team
    return (new[0], new[1]), team, winner
