"""Bots: they see only their view, play only legal moves, are reproducible, the heuristic
players of both games beat random ones on the same deals, and the hard Shengji bot's tactics
(ruff, win cheaply, feed a winning partner, lead its widest plain piece) hold on set tricks."""

from __future__ import annotations

import random
from typing import Generic, TypeVar

import pytest

from cardrules import shengji, siyaosi
from cardrules.bots import Bot, RandomBot, play_round
from cardrules.cards import Suit
from cardrules.errors import CardrulesError
from cardrules.game import GameView, MoveLike
from cardrules.multiset import Cards
from cardrules.shengji.bots import HeuristicBot as ShengjiBot
from cardrules.shengji.result import RoundResult as ShengjiResult
from cardrules.siyaosi.bots import HeuristicBot as SiyaosiBot
from cardrules.siyaosi.result import RoundResult as SiyaosiResult

M = TypeVar("M", bound=MoveLike)


class Spy(Generic[M]):
    """Wraps a bot and records the type of everything it was shown."""

    def __init__(self, inner: Bot[M]) -> None:
        self.inner = inner
        self.shown: set[type] = set()

    def choose(self, view: GameView[M], rng: random.Random) -> M | None:
        self.shown.add(type(view))
        return self.inner.choose(view, rng)


def test_siyaosi_bots_see_views_only() -> None:
    state = siyaosi.State.new("classic", seed=3)
    spies: list[Spy[siyaosi.Move]] = [
        Spy(SiyaosiBot()) if s % 2 == 0 else Spy(RandomBot()) for s in range(4)
    ]
    final, log = play_round(state, spies, random.Random(3))
    assert final.is_over and log
    assert set().union(*(spy.shown for spy in spies)) == {siyaosi.View}


def test_shengji_bots_see_views_only() -> None:
    state = shengji.State.new("four-deck", seed=3)
    spies: list[Spy[shengji.Move]] = [
        Spy(ShengjiBot()) if s % 2 == 0 else Spy(RandomBot()) for s in range(4)
    ]
    final, log = play_round(state, spies, random.Random(3))
    assert final.is_over and log and final.hand_sizes == (0, 0, 0, 0)
    assert set().union(*(spy.shown for spy in spies)) == {shengji.View}


def test_a_bot_refuses_the_other_games_view() -> None:
    view = shengji.State.new("four-deck", seed=1).view(0)
    with pytest.raises(CardrulesError, match="四幺四"):
        SiyaosiBot().choose(view, random.Random(0))  # type: ignore[arg-type]


def test_rounds_between_bots_are_reproducible() -> None:
    def moves(seed: int) -> list[str]:
        state = siyaosi.State.new("one-deck", seed=seed)
        _, log = play_round(state, [SiyaosiBot(), RandomBot()] * 2, random.Random(seed))
        return [str(turn.move) for turn in log]

    assert moves(11) == moves(11)
    assert moves(11) != moves(12)


def test_a_bot_that_will_not_move_in_turn_is_refused() -> None:
    class Sulker:
        def choose(self, view: GameView[siyaosi.Move], rng: random.Random) -> None:
            return None

    state = siyaosi.State.new("classic", seed=1)
    with pytest.raises(CardrulesError, match="must move"):
        play_round(state, [Sulker()] * 4, random.Random(1))
    with pytest.raises(CardrulesError, match="one bot per seat"):
        three: list[Bot[siyaosi.Move]] = [RandomBot()] * 3
        play_round(state, three, random.Random(1))


def test_siyaosi_heuristic_team_is_emperor_most_of_the_time() -> None:
    rounds = 30
    emperors = 0
    for seed in range(rounds):
        state = siyaosi.State.new("classic", seed=seed)
        bots: list[Bot[siyaosi.Move]] = [SiyaosiBot(), RandomBot(), SiyaosiBot(), RandomBot()]
        final, _ = play_round(state, bots, random.Random(seed))
        result = final.result()
        assert isinstance(result, SiyaosiResult)
        emperor = result.emperor
        assert emperor is not None
        emperors += emperor % 2 == 0
    # Measured 25 of 30; a coin would give 15 (P(X >= 21) < 0.03 for a fair coin).
    assert emperors >= 21


def test_shengji_heuristic_attackers_take_more_points_than_random_ones() -> None:
    def attacker_points(clever: bool) -> int:
        total = 0
        for seed in range(4):
            state = shengji.State.new("four-deck", seed=seed)
            bots: list[Bot[shengji.Move]] = [
                ShengjiBot() if clever and (s - state.banker) % 2 else RandomBot() for s in range(4)
            ]
            final, _ = play_round(state, bots, random.Random(seed))
            result = final.result()
            assert isinstance(result, ShengjiResult)
            total += result.attacker_points
        return total

    # Same deals, same banker play: measured 1050 against 630 over these four deals.
    assert attacker_points(clever=True) > attacker_points(clever=False) + 200


#: Four short hands for the hard Shengji bot's tactics (spades are trump, level 2), the kitty aside.
KITTY = "3D 4D 5D 9D 10D JD QD KD"


def _trick(hands: list[str], *plays: str) -> shengji.State:
    """A four-deck round with these hands, seat 0 leading, after ``plays``."""
    variant = shengji.load_variant("four-deck")
    state = shengji.State(
        variant=variant,
        levels=(variant.start_level, variant.start_level),
        trump=Suit.SPADES,
        banker=0,
        hands=tuple(Cards.parse(h) for h in hands),
        kitty=Cards.parse(KITTY),
        leader=0,
    )
    for play in plays:
        state = state.apply(state.parse_move(play))
    return state


def _hard_play(state: shengji.State, seat: int) -> Cards:
    """What the hard bot plays for ``seat`` (checked legal)."""
    move = ShengjiBot().choose(state.view(seat), random.Random(0))
    assert move is not None and state.is_legal(move)
    return move.cards


@pytest.mark.parametrize(
    ("hand", "play"),
    [
        ("3S 3S 5S 4S AS AS", "3S 3S 4S"),  # void: the weakest trumps that keep the structure
        ("3S 4S 5S 6D 7D 8D", "6D 7D 8D"),  # no trump pair: no ruff, the cheapest follow
        ("3S 3S 4S 6H 7D 8D", "6H 7D 8D"),  # one heart: the play mixes suits and cannot win
    ],
)
def test_the_hard_shengji_bot_ruffs_a_throw_of_points_only_as_it_can(hand: str, play: str) -> None:
    hands = ["AH AH KH 3C 4C 5C", hand, "5H 6H 7H 9C 9C JC", "8H 9H 10H 6C 7C 8C"]
    state = _trick(hands, "0: AH AH KH")
    assert _hard_play(state, 1) == Cards.parse(play)


def test_the_hard_shengji_bot_wins_with_its_weakest_winning_pair_then_its_partner_feeds() -> None:
    hands = ["10H 10H 3C 4C 5C 6C", "3H 3H KH KH AH AH", "5H QH 7C 8C 9C JC", "5H 8H 10H 3D 4D 6D"]
    state = _trick(hands, "0: 10H 10H")
    assert _hard_play(state, 1) == Cards.parse("KH KH")  # not the aces, not the threes
    state = state.apply(state.parse_move("1: KH KH"))
    assert _hard_play(state, 2) == Cards.parse("5H QH")  # the only hearts: forced
    state = state.apply(state.parse_move("2: 5H QH"))
    assert _hard_play(state, 3) == Cards.parse("5H 10H")  # partner winning: the most points


def test_the_hard_shengji_bot_leads_its_widest_plain_piece_else_its_weakest_plain_card() -> None:
    hands = ["AS AS 7C 7C 8C 8C KH", "3H 4H 5H 6H 7H 8H 9H", "3C 4C 5C 6C 9C 10C JC"]
    hands.append("4D 5D 6D 7D 8D 9D 10D")
    assert _hard_play(_trick(hands), 0) == Cards.parse("7C 7C 8C 8C")
    hands[0] = "AS AS 3C 5C 7C 9C KH"  # the pair of aces is trump
    assert _hard_play(_trick(hands), 0) == Cards.parse("3C")
