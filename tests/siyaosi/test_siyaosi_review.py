"""Review tests of the 四幺四 play engine that case files cannot express: announcements as play
goes on (Y-TURN-4), and that what ``legal_moves`` lists is exactly what ``explain`` accepts in
chain positions reviewed in ``spec/cases/siyaosi/review.toml``."""

from __future__ import annotations

import itertools

from cardrules.multiset import Cards
from cardrules.position import load_position
from cardrules.siyaosi import Move, MoveKind, State
from cardrules.siyaosi.combos import rank_counts

#: The kinds that name cards (the tribute phase's included: the play phase refuses them).
KINDS = tuple(k for k in MoveKind if k not in Move.WITHOUT_CARDS)


def _position(**table: object) -> State:
    base: dict[str, object] = {"game": "siyaosi", "variant": "classic"}
    return State.from_position(load_position(base | table))


def test_announcements_follow_the_play() -> None:
    state = _position(
        overrides={"players": 8, "decks": 4, "announce_at": 4},
        hands=["8S 5C 9D 9H 9C", "KH", "3S", "3H", "3D", "3C", "4S", "4H 4D 4C 4C 4D"],
        leader=0,
    )
    assert state.announced == (1, 2, 3, 4, 5, 6)
    state = state.apply(state.parse_move("0: 8S"))
    assert state.announced == (0, 1, 2, 3, 4, 5, 6)
    state = state.apply(state.parse_move("1: KH"))
    assert 1 in state.out
    assert state.announced == (0, 2, 3, 4, 5, 6)
    assert state.view(7).announced == state.announced


def _submultisets(hand: Cards) -> list[Cards]:
    idx = [i for i, c in enumerate(hand.counts) if c]
    out = []
    for combo in itertools.product(*[range(hand.counts[i] + 1) for i in idx]):
        if any(combo):
            counts = [0] * 54
            for i, c in zip(idx, combo, strict=True):
                counts[i] = c
            out.append(Cards(tuple(counts)))
    return out


def _effects(moves: list[Move]) -> set[tuple[int, str, tuple[int, ...]]]:
    """What the moves do, up to suit choices (no straights or 4A4s in these positions)."""
    return {(m.seat, m.kind, tuple(rank_counts(m.cards.counts))) for m in moves}


def test_listing_is_legality_in_a_chain_at_four() -> None:
    state = _position(
        hands=["8S 8H 5C 9D", "8D 9S 9H 9D 9C KH", "8C 8C 8S 8H 8D QS", "10S 10H 10D 10C JS"],
        leader=0,
    )
    for text in ("0: 8S", "2: 8C 8C", "0: 8H"):
        state = state.apply(state.parse_move(text))
        legal = [
            Move(seat, kind, cards)
            for seat, hand in enumerate(state.hands)
            for cards in _submultisets(hand)
            for kind in KINDS
            if state.is_legal(Move(seat, kind, cards))
        ]
        listed = [m for m in state.legal_moves() if m.kind != "pass"]
        assert all(state.is_legal(m) for m in listed)
        assert _effects(listed) == _effects(legal)
