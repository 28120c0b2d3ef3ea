"""Oracles written from the clauses' words, sharing no code with the rules they check.

The reference implementations of :mod:`cardrules.testing.oracles` are exact but borrow pieces of
the engine (its ladders, its refusals); a wrong ladder in the engine is then wrong in the
reference too. The oracles here take only what a clause says, on the smallest model that says
it, and import nothing from the game packages: a test feeds the same situation to the engine and
to the oracle and compares the verdicts. They are small and slow on purpose.

:func:`follow_is_best` is the Shengji follow of a plain suit, SJ-FOLLOW-3 (The shape ladder),
SJ-FOLLOW-4 (The follow must be the best the hand allows) and SJ-FOLLOW-5 (Following a throw),
on a *lane*: the led suit's ranks in order (the level rank left out), a holding being how many
copies of each rank a seat holds.

:func:`levels_after` is how a 四幺四 round moves the levels and who wins, from 4A4-LEVEL-2
(Rising by catches) to 4A4-LEVEL-6 (Drop-backs).

:func:`tribute_due` is the card a 四幺四 payer owes, 4A4-TRIB-2 (The tribute card).

:func:`round_score` is a 四幺四 round's points, 4A4-SCORE-1 (The scoring table) and 4A4-SCORE-2
(Multipliers), from the finishing order, the table, the multipliers and the plays that score.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

__all__ = ["Piece", "best_follows", "choices", "follow_is_best", "ladder", "score", "throw_order"]

#: A piece of a lead: ``(width, length)`` — ``width`` copies on each of ``length`` consecutive
#: ranks (a single is ``(1, 1)``, a pair ``(2, 1)``, a tractor of two pairs ``(2, 2)``).
Piece = tuple[int, int]


def ladder(piece: Piece) -> tuple[Piece, ...]:
    """The shapes the piece asks of a follower, most wanted first, SJ-FOLLOW-3 (The shape ladder):
    its width with its length, then one shorter … down to 1; then each narrower width down to pairs,
    each with the longest length that fits in the piece's cards, down to 1. Single cards fill the
    rest and are not on the ladder."""
    width, length = piece
    cards = width * length
    steps = [(width, n) for n in range(length, 0, -1)] if width > 1 else []
    for narrower in range(width - 1, 1, -1):
        steps += [(narrower, n) for n in range(cards // narrower, 0, -1)]
    return tuple(steps)


def throw_order(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """A throw's pieces in the order they are followed, SJ-FOLLOW-5 (Following a throw): the widest
    first, then the longest."""
    return tuple(sorted(pieces, key=lambda p: (-p[0], -p[1])))


def _placed(
    counts: tuple[int, ...], shape: Piece, n: int, first: int = 0
) -> Iterator[tuple[int, ...]]:
    """Every holding left after cutting ``n`` pieces of ``shape`` out of ``counts`` (the pieces
    started at ranks ``first`` and later, in order, so each set of pieces is tried once)."""
    if n == 0:
        yield counts
        return
    width, length = shape
    for start in range(first, len(counts) - length + 1):
        window = range(start, start + length)
        if all(counts[i] >= width for i in window):
            rest = tuple(c - width if i in window else c for i, c in enumerate(counts))
            yield from _placed(rest, shape, n - 1, start)


def score(choice: Sequence[int], lead: Sequence[Piece]) -> tuple[int, ...]:
    """The list a choice of cards scores against ``lead`` (SJ-FOLLOW-4 (The follow must be the best
    the hand allows), SJ-FOLLOW-5 (Following a throw)): for each of the lead's pieces in throw
    order, for each step of its ladder, how many pieces of that shape are placed, as many as fit in
    what the piece still owes — the greatest such list over every way of cutting the choice,
    compared step by step."""
    steps = [(k, shape) for k, piece in enumerate(throw_order(lead)) for shape in ladder(piece)]
    owed0 = tuple(w * n for w, n in throw_order(lead))

    @functools.cache
    def best(counts: tuple[int, ...], step: int, owed: tuple[int, ...]) -> tuple[int, ...]:
        if step == len(steps):
            return ()
        k, shape = steps[step]
        size = shape[0] * shape[1]
        for n in range(owed[k] // size, -1, -1):
            found: tuple[int, ...] | None = None
            left = tuple(o - n * size if i == k else o for i, o in enumerate(owed))
            for rest in set(_placed(counts, shape, n)):
                tail = best(rest, step + 1, left)
                if found is None or tail > found:
                    found = tail
            if found is not None:  # the most pieces of this shape come first in the order
                return (n, *found)
        raise AssertionError("zero pieces always fit")  # pragma: no cover

    return best(tuple(choice), 0, owed0)


def choices(holding: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every choice of ``size`` cards out of ``holding`` (copies per rank)."""
    for take in itertools.product(*(range(c + 1) for c in holding)):
        if sum(take) == size:
            yield take


def best_follows(lead: Sequence[Piece], holding: Sequence[int]) -> set[tuple[int, ...]]:
    """Every legal follow of ``lead`` out of ``holding`` (longer than the lead): the choices of
    as many cards that score highest, SJ-FOLLOW-4 (The follow must be the best the hand allows)."""
    size = sum(w * n for w, n in lead)
    assert size < sum(holding), "the ladder binds only a longer holding"
    scored = {c: score(c, lead) for c in choices(holding, size)}
    top = max(scored.values())
    return {c for c, v in scored.items() if v == top}


def follow_is_best(lead: Sequence[Piece], holding: Sequence[int], choice: Sequence[int]) -> bool:
    """Whether ``choice`` (copies per rank, out of ``holding``, as many cards as the lead) is a
    legal follow of ``lead`` by a seat holding ``holding`` of the led suit and more of it than
    the lead has: no other choice of as many cards scores higher, SJ-FOLLOW-4 (The follow must be
    the best the hand allows)."""
    size = sum(w * n for w, n in lead)
    assert sum(choice) == size < sum(holding), "the ladder binds only a longer holding"
    assert all(0 <= c <= h for c, h in zip(choice, holding, strict=True))
    mine = score(choice, lead)
    return all(score(other, lead) <= mine for other in choices(holding, size))


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


#: 四幺四's natural order of ranks, low to high, 4A4-RANK-1 (Natural order).
NATURAL = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def tribute_due(
    hand: Sequence[str], level: str | None, promoted: bool, excluded: Sequence[str]
) -> set[str]:
    """The cards a 四幺四 payer holding ``hand`` (card texts: ``"10H"``, ``"SJ"``) may pay, as
    4A4-TRIB-2 (The tribute card) says: its highest card as it will rank in the receivers' hands
    in the coming round — the coming round's level card ``level`` above the 2 and below the
    jokers when ``promoted`` (the receivers rule the round, or every seat's level cards are
    promoted), 4A4-RANK-2 (The level card) — leaving out the ranks of ``excluded``; any suit of
    the highest rank; none when every card is excluded."""

    def rank_of(card: str) -> str:
        return card if card in ("SJ", "BJ") else card[:-1]

    def value(card: str) -> int:
        rank = rank_of(card)
        if rank == "BJ":
            return 16
        if rank == "SJ":
            return 15
        if promoted and level is not None and level != "2" and rank == level:
            return 14  # above the 2 (13), below the small joker
        return NATURAL.index(rank) + 1

    allowed = [c for c in hand if rank_of(c) not in excluded]
    if not allowed:
        return set()
    top = max(value(c) for c in allowed)
    return {c for c in allowed if value(c) == top}
