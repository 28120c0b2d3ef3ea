"""A 四幺四 round's points, as 4A4-SCORE-1 (The scoring table) and 4A4-SCORE-2 (Multipliers) say
it, from the finishing order, the table, the multipliers and the plays that score."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["round_score"]


def round_score(
    players: int,
    finish: Sequence[int],
    ruling: int | None,
    table: dict[str, tuple[int, int]],
    multipliers: dict[str, int],
    per_play: bool,
    played: Sequence[str],
) -> tuple[int, int] | None:
    """Each team's points for a 四幺四 round, ``(team 0, team 1)``, or ``None`` when the table is
    empty (the variant keeps no score), as 4A4-SCORE-1 (The scoring table) and 4A4-SCORE-2
    (Multipliers) say it.

    ``finish`` is the seats in the order they went out, up to the round's end (one team all
    out); teams are seats of equal parity. The emperor is the first out; with nobody ruling
    (``ruling`` None) the emperor's team counts as ruling. The opponents the emperor's team
    caught are those still holding cards when the round ended, if it was the emperor's team
    that went out; every opponent caught is a sweep (全洞, or reverse sweep 反洞 when the
    emperor is not of the ruling team). ``played`` names each scoring play of the round
    (``"4a4"``, ``"joker-bomb"``, ``"bomb"``): each kind multiplies once, or with ``per_play``
    every play; a kind ``multipliers`` leaves out, and an outcome ``table`` leaves out, count
    nothing (×1, no points)."""
    if not table:
        return None
    emperor_team = finish[0] % 2
    ruling_team = emperor_team if ruling is None else ruling
    team_out = all(s in finish for s in range(emperor_team, players, 2))
    caught = [s for s in range(players) if s % 2 != emperor_team and s not in finish]
    caught_count = len(caught) if team_out else 0
    side = "ruling" if emperor_team == ruling_team else "other"
    if caught_count == players // 2:
        key = "sweep" if side == "ruling" else "reverse-sweep"
    else:
        key = f"{side}-caught-{'some' if caught_count else 'none'}"
    ruling_points, other_points = table.get(key, (0, 0))
    factor = 1
    kinds = list(played) if per_play else sorted(set(played))
    for kind in kinds:
        factor *= multipliers.get(kind, 1)
    points = [0, 0]
    points[ruling_team] = ruling_points * factor
    points[1 - ruling_team] = other_points * factor
    return points[0], points[1]
