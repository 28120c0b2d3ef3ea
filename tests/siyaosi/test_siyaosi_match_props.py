"""Property tests of the 四幺四 match under any accepted variant (every switch, 4, 6 and 8
players): levels never fall but by a drop-back and stay in range, one team rules after round 1,
the tribute phase conserves cards, every legal tribute-phase move is accepted and every other
refused with a code, views act as the match does and never show another hand, JSON round-trips
in every phase, and random matches end with a winner within the bound spec/siyaosi.md states
(4A4-MATCH-1)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Card, Rank, Suit
from cardrules.multiset import Cards
from cardrules.siyaosi import Match, Move, MoveKind, Phase, Variant, load_variant
from cardrules.siyaosi.levels import TOP
from cardrules.siyaosi.variant import drop_back_table
from cardrules.testing.strategies import seeds, variants

VARIANTS = variants("siyaosi")
HEART_THREE = Card(Rank.THREE, Suit.HEARTS)
#: The most rounds a random match may take: spec/siyaosi.md, 4A4-MATCH-1 states the bound and
#: the measurements behind it.
MAX_ROUNDS_ANY_VARIANT = 3_000
MAX_ROUNDS_PRESETS = {4: 150, 6: 400, 8: 1_500}


def _walk(match: Match, rng: random.Random, rounds: int, check: Callable[[Match], None]) -> Match:
    """Random play through ``rounds`` rounds (or to the end of the match), checking every
    moment of the tribute phase and every seventh of the play."""
    steps = 0
    last = match.round + rounds
    while not match.is_over and match.round < last:
        if match.phase is not Phase.PLAY or steps % 7 == 0:
            check(match)
        match = match.apply(match.random_move(rng))
        steps += 1
    check(match)
    return match


def _new(variant: object, seed: int) -> Match:
    assert isinstance(variant, Variant)
    return Match.new(variant, seed=seed)


# ---------------------------------------------------------------------- levels and ruling
@settings(max_examples=25)
@given(VARIANTS, seeds())
def test_levels_never_fall_stay_in_range_and_one_team_rules_after_round_1(
    variant: object, seed: int
) -> None:
    match = _new(variant, seed)
    start = match.variant.start_level
    seen: list[tuple[int, tuple[Rank, Rank]]] = []

    def check(m: Match) -> None:
        levels, ruling, _score, winner = m.standing
        assert all(start <= level <= TOP for level in levels)
        if seen:
            before = seen[-1][1]
            # a level falls only by a drop-back, 4A4-LEVEL-6 (Drop-backs)
            drops = drop_back_table(m.variant.drop_backs)
            assert all(a >= b or drops.get(b) is a for a, b in zip(levels, before, strict=True)), (
                "a level fell"
            )
        if m.is_over:  # the winner: the last round's emperor's team
            assert ruling == winner == m.result().last.emperor % 2
        elif m.round > 1:  # the emperor's team of the round before rules
            assert ruling in (0, 1) and m.last_finish and ruling == m.last_finish[0] % 2
        assert (m.turn is None) == m.is_over == (winner is not None)
        seen.append((m.round, levels))

    _walk(match, random.Random(seed), 4, check)


# ---------------------------------------------------------------------- the tribute phase
def _deal_total(m: Match) -> Cards:
    return sum(m.deal, Cards())


def _conserved(m: Match) -> None:
    """Tribute and return conserve cards: what is in hand plus what lies paid on the table is
    the deal; once the play begins every seat holds as many cards as it was dealt."""
    ex = m.exchange
    if m.phase is Phase.TRIBUTE and ex is not None:
        on_table = sum((c for _p, c in ex.paid), Cards()) if not ex.pairs else Cards()
        assert sum(m.hands, Cards()) + on_table == _deal_total(m)
    elif m.phase is Phase.PLAY and not m.play_moves:
        assert sum(m.hands, Cards()) == _deal_total(m)
        assert m.hand_sizes == tuple(len(h) for h in m.deal)


def _candidates(m: Match) -> list[Move]:
    """Tribute-phase moves legal or not: every kind for every seat — each distinct card of its
    hand, two cards, no cards — and plays."""
    out: list[Move] = []
    for seat, hand in enumerate(m.hands):
        out += [Move(seat, kind) for kind in (MoveKind.PASS, MoveKind.REBEL, MoveKind.SUPPRESS)]
        cards = hand.distinct()
        for card in cards:
            single = Cards.of([card])
            out += [Move(seat, k, single) for k in (MoveKind.TRIBUTE, MoveKind.RETURN)]
            out.append(Move(seat, MoveKind.PLAY, single))
        if len(cards) >= 2:
            out.append(Move(seat, MoveKind.TRIBUTE, Cards.of(cards[:2])))
        absent = next((c for c in Cards((1,) * 54) if c not in hand), None)
        if absent is not None:
            out.append(Move(seat, MoveKind.RETURN, Cards.of([absent])))
    return out


def _tribute_moves_are_exactly_the_legal_ones(m: Match) -> None:
    _conserved(m)
    if m.phase is not Phase.TRIBUTE:
        return
    listed = list(m.legal_moves())
    assert listed and {mv.seat for mv in listed} == {m.turn}
    for move in listed:
        assert m.explain(move) is None, move
        m.apply(move)
    for move in _candidates(m):
        reason = m.explain(move)
        assert (reason is None) == (move in listed), (move, reason)
        if reason is not None:
            assert reason.code and reason.clause.startswith(("4A4-", "CORE-"))


@pytest.mark.slow
@settings(max_examples=25)
@given(VARIANTS, seeds())
def test_every_legal_tribute_move_is_accepted_and_every_other_refused(
    variant: object, seed: int
) -> None:
    _walk(_new(variant, seed), random.Random(seed), 4, _tribute_moves_are_exactly_the_legal_ones)


# ---------------------------------------------------------------------- views and JSON
def _views_act_as_the_match(m: Match) -> None:
    rng = random.Random(m.round)
    for seat in range(m.players):
        view = m.view(seat)
        assert view.turn == m.turn and view.is_over == m.is_over
        assert view.hand == m.hands[seat] and view.hand_sizes == m.hand_sizes
        mine = list(view.legal_moves())
        assert mine == list(m.legal_moves(seat))
        others = [mv for mv in m.legal_moves() if mv.seat != seat][:5]
        for move in [*mine[:8], *others]:
            if move.seat == seat:
                assert view.explain(move) == m.explain(move)
            else:
                refusal = view.explain(move)
                assert refusal is not None and refusal.code == "not-viewing-seat"
        text = json.dumps(view.to_json())
        assert json.loads(text)["hand"] == str(m.hands[seat])
    if not m.is_over:
        assert m.random_move(rng) in m.legal_moves()


def _round_trips(m: Match) -> None:
    text = json.dumps(m.to_json())
    again = Match.from_json(text)
    assert again == m and again.to_json() == m.to_json()
    assert again.phase is m.phase and again.hands == m.hands and again.turn == m.turn
    assert list(again.legal_moves()) == list(m.legal_moves())
    if m.is_over:
        assert again.result() == m.result()


@pytest.mark.slow
@settings(max_examples=12)
@given(VARIANTS, seeds())
def test_views_act_as_the_match_and_json_round_trips_in_every_phase(
    variant: object, seed: int
) -> None:
    phases: set[Phase] = set()

    def check(m: Match) -> None:
        phases.add(m.phase)
        _views_act_as_the_match(m)
        _round_trips(m)

    _walk(_new(variant, seed), random.Random(seed), 2, check)
    assert Phase.PLAY in phases


@settings(max_examples=20)
@given(VARIANTS, seeds(), st.data())
def test_a_view_in_the_tribute_phase_shows_no_other_hand(
    variant: object, seed: int, data: st.DataObject
) -> None:
    """Two matches whose deals differ only by a card swapped between two other seats look the
    same to the viewer at the start of the tribute phase."""
    match = _new(variant, seed)
    rng = random.Random(seed)
    while match.phase is not Phase.TRIBUTE and not match.is_over and match.round < 6:
        match = match.apply(match.random_move(rng))
    if match.phase is not Phase.TRIBUTE:
        return
    viewer = data.draw(st.sampled_from(range(match.players)))
    a, b = [s for s in range(match.players) if s != viewer][:2]
    one = data.draw(st.sampled_from(match.deal[a].distinct()))
    two = next((c for c in match.deal[b].distinct() if c != one), None)
    if two is None:
        return
    hands = list(match.deal)
    hands[a] = hands[a] - Cards.of([one]) + Cards.of([two])
    hands[b] = hands[b] - Cards.of([two]) + Cards.of([one])
    other = attrs.evolve(match, deal=tuple(hands), exchange_moves=(), play_moves=())
    assert other.view(viewer) == match.view(viewer)
    assert other.view(viewer).to_json() == match.view(viewer).to_json()


# ---------------------------------------------------------------------- whole matches
@pytest.mark.slow
@settings(max_examples=6)
@given(variants("siyaosi", decks=1), seeds())
def test_a_random_match_of_any_variant_ends_with_a_winner(variant: object, seed: int) -> None:
    """Any variant (one deck keeps a round cheap, so whole matches fit in a test): the match
    ends, and within the stated bound."""
    match = _new(variant, seed)
    rng = random.Random(seed)
    while not match.is_over:
        assert match.round <= MAX_ROUNDS_ANY_VARIANT, "a random match went on too long"
        match = match.apply(match.random_move(rng))
    result = match.result()
    assert result.rounds == match.round and result.levels[result.winner] == TOP
    _round_trips(match)  # the last phase, over, round-trips too
    _views_act_as_the_match(match)


@pytest.mark.slow
def test_random_matches_of_the_presets_end_within_the_bound() -> None:
    for preset, players, decks in (("classic", 4, 2), ("one-deck", 4, 1), ("one-deck", 6, 1)):
        variant = load_variant(preset, overrides={"players": players, "decks": decks})
        for seed in range(2):
            match = Match.new(variant, seed=seed)
            rng = random.Random(seed)
            while not match.is_over:
                match = match.apply(match.random_move(rng))
            assert match.result().rounds <= MAX_ROUNDS_PRESETS[players]


#: The north-eastern match switches (Y-NE-1, Y-NE-7 … Y-NE-10), pinned over any drawn variant.
NORTHEAST_MATCH = {
    "decks": 1,
    "players": 4,
    "first_leader": "heart-three",
    "first_ruling": "leader",
    "tribute_leader": "heart-three",
    "rise": "catches",
    "gates": ("3", "J", "A"),
    "drop_backs": ("J>3", "A>J"),
    "tribute": "places",
    "rebellion_jokers": "either",
    "rebellion_effect": "cancel",
    "suppress_rebellion": False,
}


@pytest.mark.slow
@settings(max_examples=6)
@given(variants("siyaosi", **NORTHEAST_MATCH), seeds())
def test_a_north_eastern_match_ends_its_views_act_and_it_round_trips(
    variant: object, seed: int
) -> None:
    """4A4-TRIB-9 … 4A4-TRIB-11, 4A4-LEVEL-6: a random match under the north-eastern match
    switches ends with a winner; every moment of its first rounds' tribute phases (and every
    seventh of the play) round-trips as JSON and its views act as the match does."""
    match = _new(variant, seed)
    rng = random.Random(seed)

    def check(m: Match) -> None:
        _views_act_as_the_match(m)
        _round_trips(m)
        if m.play is not None and not m.play_moves and m.round > 1:
            three = next(s for s, h in enumerate(m.hands) if h.count(HEART_THREE))
            assert m.play.leader == three

    match = _walk(match, rng, 3, check)
    while not match.is_over:
        assert match.round <= MAX_ROUNDS_ANY_VARIANT, "a random match went on too long"
        match = match.apply(match.random_move(rng))
    assert match.result().levels[match.result().winner] == TOP
