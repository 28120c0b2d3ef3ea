"""What a round's points do to the match — levels, the next banker, the match score and the end
of the match — as pure functions of the variant's level table: SJ-LEVEL-1 (The level table),
SJ-LEVEL-2 (Rising past A), SJ-LEVEL-3 (The next banker), SJ-LEVEL-4 (Gates), SJ-MATCH-2 (The
end of the match), SJ-MATCH-3 (The match score).

Levels are counted as indices into 2 … A (:data:`LEVELS`); index :data:`PAST_A` is "past A",
where a team has won. The match state keeps the ranks (a team past A is shown at A and the match
is over).
"""

from __future__ import annotations

import attrs

from cardrules.cards import Rank
from cardrules.errors import PositionError
from cardrules.implements import implements
from cardrules.jsonio import Round, Seat, Team
from cardrules.shengji.bounds import AttackerPoints, Rises, ScoreChange, Scores
from cardrules.shengji.variant import JackPenalty, MatchScore, NextBanker, Variant
from cardrules.variant import LEVEL_RANKS

__all__ = [
    "LEVELS",
    "PAST_A",
    "Settlement",
    "band_rise",
    "check_settlement",
    "gated",
    "level_index",
    "settle",
]

#: The levels a team plays, low to high.
LEVELS: tuple[Rank, ...] = LEVEL_RANKS
#: The level index of a team that has risen past A.
PAST_A = len(LEVELS)


def level_index(rank: Rank) -> int:
    """0 for 2 … 12 for A."""
    return LEVELS.index(rank)


@attrs.frozen(kw_only=True)
class Settlement:
    """How a round ended for the match: the attackers' points (kitty included), whether the
    banker team held, how many levels the winning team rose (``rises``, counted up to passing A),
    both teams' levels after it (a team past A is shown at A), the next banker, each team's
    players' score change this round (``score``, throw penalties apart), every seat's match score
    after it (``scores``, penalties included), and the team that has won the match (``winner``,
    ``None`` while nobody has or after a drawn 整局 match; ``over`` says whether it ended;
    ``past_a`` whether the rising team passed A; ``dropped`` whether the banker team fell back
    to 2, SJ-LEVEL-5 (The jack penalty))."""

    round: Round
    banker: Seat
    attacker_points: AttackerPoints
    holds: bool
    rises: Rises
    levels: tuple[Rank, Rank]
    next_banker: Seat
    score: tuple[ScoreChange, ScoreChange]
    scores: Scores
    winner: Team | None
    over: bool
    past_a: bool = False
    dropped: bool = False

    @property
    def rising_team(self) -> int:
        """The team whose level rises: the banker team if it held, else the attackers."""
        return self.banker % 2 if self.holds else 1 - self.banker % 2

    def describe(self) -> str:
        """One line for a person: the points, who rose how far, the levels after."""
        team = self.rising_team
        side = "the banker team holds" if self.holds else "the attackers take the bank"
        rise = f"team {team} rises {self.rises}" if self.rises else "nobody rises"
        if self.past_a:
            rise += ", past A"
        if self.dropped:  # SJ-LEVEL-5 (The jack penalty)
            rise += f", then team {self.banker % 2} falls back to 2 (the jack penalty)"
        levels = " / ".join(r.text for r in self.levels)
        return (
            f"round {self.round}: attackers {self.attacker_points} points, {side}, {rise}; "
            f"levels {levels}; score {self.score[0]:+d} / {self.score[1]:+d}; "
            f"next banker seat {self.next_banker}"
        )


def band_rise(points: int, variant: Variant) -> int:
    """SJ-LEVEL-1 (The level table): the banker team's rise below the take-over — the band
    with the highest start at or below ``points``."""
    rise = 0
    for start, value in variant.level_bands:  # in point order (Variant.check sorts them)
        if int(start) <= points:
            rise = value
    return rise


@implements("SJ-LEVEL-1", "SJ-LEVEL-2", "SJ-LEVEL-3", "SJ-MATCH-2")
def settle(
    variant: Variant,
    *,
    round_number: int,
    levels: tuple[Rank, Rank],
    banker: int,
    attacker_points: int,
    scores: tuple[int, ...],
    penalties: tuple[int, ...],
    jack_drop: bool = False,
) -> Settlement:
    """The settlement of a round the banker ``banker`` played at ``levels`` in which the
    attackers took ``attacker_points``; ``scores`` are the seats' match scores before it and
    ``penalties`` the match points each seat lost to failed throws in it; ``jack_drop``: the
    banker team falls back to 2 after the rest, SJ-LEVEL-5 (The jack penalty)."""
    holds = attacker_points < variant.takeover_points
    team = banker % 2 if holds else 1 - banker % 2
    if holds:
        rises = band_rise(attacker_points, variant)
        stays = variant.next_banker is NextBanker.STAY
        next_banker = banker if stays else (banker + 2) % variant.players
    else:
        rises = (attacker_points - variant.takeover_points) // variant.points_per_level
        next_banker = (banker + 1) % variant.players
    index = [level_index(levels[0]), level_index(levels[1])]
    before = index[team]
    index[team] = gated(variant, before, rises, holds)
    risen = index[team] - before
    past_a = index[team] == PAST_A
    if jack_drop and not past_a:
        index[banker % 2] = 0  # the drop scores nothing (S-HOUSE-9)
    over = past_a or 0 < variant.match_rounds <= round_number
    score = _score(variant, team, risen, index, over)
    winner = team if past_a else _leader(index) if over else None
    shown = (LEVELS[min(index[0], PAST_A - 1)], LEVELS[min(index[1], PAST_A - 1)])
    return Settlement(
        round=round_number,
        banker=banker,
        attacker_points=attacker_points,
        holds=holds,
        rises=risen,
        levels=shown,
        next_banker=next_banker,
        score=score,
        scores=tuple(s + score[seat % 2] - penalties[seat] for seat, s in enumerate(scores)),
        winner=winner,
        over=over,
        past_a=past_a,
        dropped=jack_drop and not past_a,
    )


@implements("SJ-LEVEL-4")
def gated(variant: Variant, before: int, rises: int, banker_held: bool) -> int:
    """SJ-LEVEL-4 (Gates): the level index a team at ``before`` reaches rising ``rises`` levels
    (``banker_held``: it rises as the banker team that held, else as attackers taking over): no
    higher than past A; a team at a gate of ``variant.gates`` stays on it unless it held as
    banker; and a rise stops on the first gate it would pass over."""
    after = min(before + rises, PAST_A)
    if not variant.gates or after == before:
        return after
    gates = sorted(level_index(Rank.parse(g)) for g in variant.gates)
    if before in gates and not banker_held:
        return before
    for gate in gates:
        if before < gate < after:
            return gate
    return after


def _leader(index: list[int]) -> int | None:
    """The team with the higher level (``None`` when level): it wins a match that ends after
    its rounds, SJ-MATCH-2 (The end of the match)."""
    if index[0] == index[1]:
        return None
    return 0 if index[0] > index[1] else 1


@implements("SJ-MATCH-3")
def _score(
    variant: Variant, team: int, risen: int, index: list[int], over: bool
) -> tuple[int, int]:
    """SJ-MATCH-3 (The match score): each player's change this round, per team."""
    per = variant.score_per_level
    out = [0, 0]
    out[team] += per * risen
    if variant.match_score is MatchScore.ROUND:
        out[1 - team] -= per * risen
    elif over:
        gap = index[0] - index[1]
        out[0] += per * gap
        out[1] -= per * gap
    return out[0], out[1]


def check_settlement(last: Settlement, variant: Variant) -> None:
    """Raise :class:`~cardrules.errors.PositionError` (key ``last``) unless ``last`` is a
    settlement :func:`settle` could have made at ``variant``'s table: what follows from the
    attackers' points, the banker, the levels after and the levels risen — whether the bank
    held, the next banker, the end of the match, the winner and each team's score change — is
    rebuilt and compared, SJ-LEVEL-1 (The level table), SJ-LEVEL-3 (The next banker),
    SJ-MATCH-2 (The end of the match), SJ-MATCH-3 (The match score)."""
    players = variant.players
    if not 0 <= last.banker < players or len(last.scores) != players:
        raise PositionError(f"a settlement of {players} seats", key="last")
    holds = last.attacker_points < variant.takeover_points
    if holds:
        rise = band_rise(last.attacker_points, variant)
        stays = variant.next_banker is NextBanker.STAY
        next_banker = last.banker if stays else (last.banker + 2) % players
    else:
        rise = (last.attacker_points - variant.takeover_points) // variant.points_per_level
        next_banker = (last.banker + 1) % players
    team = last.banker % 2 if holds else 1 - last.banker % 2
    index = [level_index(last.levels[0]), level_index(last.levels[1])]
    if last.past_a:
        index[team] = PAST_A
    banker_at_2 = index[last.banker % 2] == 0
    if last.dropped and (last.past_a or not banker_at_2 or variant.jack_penalty is JackPenalty.OFF):
        # the banker team fell back to 2 after the rest, SJ-LEVEL-5 (The jack penalty)
        raise PositionError("a jack penalty sends the banker team to 2", key="last")
    # a team rises all its band gives, unless passing A or a gate stops it; it cannot have
    # risen from below 2
    before = index[team] - last.rises
    risen_ok = before >= 0 and gated(variant, before, rise, holds) == index[team]
    if last.dropped and holds:  # it rose from J, the round's level, then fell back to 2
        jack = level_index(Rank.JACK)
        risen_ok = last.rises == gated(variant, jack, rise, holds) - jack
    over = last.past_a or 0 < variant.match_rounds <= last.round
    winner = team if last.past_a else _leader(index) if over else None
    rebuilt = (holds, next_banker, over, winner, _score(variant, team, last.rises, index, over))
    given = (last.holds, last.next_banker, last.over, last.winner, last.score)
    if not risen_ok or rebuilt != given:
        raise PositionError(
            "does not follow from its points, banker and levels at this table", key="last"
        )
