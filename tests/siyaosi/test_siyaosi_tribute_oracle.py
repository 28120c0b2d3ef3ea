"""The 四幺四 tribute against its clause oracle (:mod:`cardrules.testing.clause_oracles.
siyaosi_tribute`): who pays and who receives, 4A4-TRIB-1 (Who pays tribute) with the caught
seats of 4A4-ROUND-1 (Emperor, end, catching) and the sweep of 4A4-ROUND-2 (Sweep, reverse
sweep, split); which tribute goes to which receiver, 4A4-TRIB-3 (Pairing tributes with
receivers); the reversed tribute after a rebellion, 4A4-TRIB-5 (Rebellion); and the order the
seats act in, 4A4-TRIB-7 (The order of the tribute phase), on seats and teams as 4A4-TABLE-2
(Seats and teams) numbers them.

The oracle is checked on the seeds' examples quoted in the clauses. The engine is compared with
it on a few tribute positions, on every finishing order at four and six seats, on random
matches of every accepted variant (4, 6 and 8 players) whose tribute-phase moves take a
rebellion or a suppression when offered, and on random tribute positions in which a payer holds
both jokers: the payers and receivers the engine announces, the seat in turn at every moment of
the phase, where each paid tribute went, and where each return went. One position pins what
the oracle found the engine doing wrong: under ``tribute_pairing = "place"`` it paired a
reversed tribute by place, where 4A4-TRIB-5 (Rebellion) says by value.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardrules.cards import Card, Rank
from cardrules.deck import full_deck
from cardrules.multiset import Cards
from cardrules.siyaosi import Match, Move, MoveKind, Phase, Variant, load_variant
from cardrules.siyaosi.tribute import Step
from cardrules.siyaosi.variant import (
    LevelPromotion,
    Rebellion,
    RebellionEffect,
    RebellionJokers,
)
from cardrules.testing.clause_oracles.siyaosi_tribute import (
    caught,
    pair_reversed,
    pair_tributes,
    places,
    reversed_tribute,
    tribute_due,
    who_pays,
    who_receives,
)
from cardrules.testing.strategies import seeds, variants

VARIANTS = variants("siyaosi")


# ---------------------------------------------------------------------- the oracle, on the seeds
# Seed 000 names the seats 甲 乙 丙 丁; 甲 and 乙 are partners: 甲 0, 丙 1, 乙 2, 丁 3.
JIA, BING, YI, DING = 0, 1, 2, 3


def test_classic_every_caught_player_pays_no_catch_no_tribute() -> None:
    """4A4-TRIB-1 on seed 000 (4A4-ROUND-1's examples): out 甲 丙 乙 — 丁 alone pays 甲; out
    丙 丁 — 甲 and 乙 both pay; out 甲 丙 丁 — the emperor's team did not finish first, nobody
    pays."""
    assert caught((JIA, BING, YI), 4) == (DING,)
    assert who_pays((JIA, BING, YI), 4, "caught") == (DING,)
    assert who_receives((JIA, BING, YI), 4, 1) == (JIA,)
    # playing order from the seat after the emperor 丙: 乙 (2) then 甲 (0)
    assert who_pays((BING, DING), 4, "caught") == (YI, JIA)
    assert who_receives((BING, DING), 4, 2) == (BING, DING)
    assert who_pays((JIA, BING, DING), 4, "caught") == ()
    assert who_pays((JIA, YI), 4, "off") == ()


def test_one_deck_sweep_pays_double_a_split_one() -> None:
    """4A4-TRIB-1 under ``places`` (seed 001): after a sweep both losers pay (双贡); after a
    split the last-placed seat pays the emperor when it is an opponent, else (1st and 4th
    partners) the 3rd does; the seats left holding cards take the last places in playing order
    from the seat after the emperor."""
    assert places((0, 2), 4) == (0, 2, 1, 3)
    assert places((3, 1), 4) == (3, 1, 0, 2)
    assert who_pays((0, 2), 4, "places") == (1, 3)
    assert who_pays((1, 3), 4, "places") == (2, 0)
    assert who_pays((0, 1, 2), 4, "places") == (3,)  # 1st and 4th opponents
    assert who_pays((0, 1, 3), 4, "places") == (3,)  # 1st and 4th partners: the 3rd
    assert who_pays((0, 3, 1), 4, "places") == (1,)  # 1st and 4th partners: the 3rd
    assert who_receives((0, 1, 3), 4, 1) == (0,)
    # six seats: the emperor's team in the first three places is a sweep
    assert who_pays((0, 2, 4), 6, "places") == (1, 3, 5)
    assert places((0, 1, 2, 4), 6) == (0, 1, 2, 4, 3, 5)
    assert who_pays((0, 1, 2, 4), 6, "places") == (5,)  # a split: the last-placed opponent
    assert who_pays((0, 1, 2, 3, 4), 6, "places") == (5,)


def test_the_tribute_card_at_level_6_is_the_6() -> None:
    """4A4-TRIB-2 on seed 000 (3): at level 6 "乙應當進貢的不是2，是6" — a 6 the receivers play
    promoted outranks a 2."""
    assert tribute_due(["2S", "6H", "9D"], "6", True, []) == {"6H"}
    assert tribute_due(["2S", "6H", "9D"], "6", False, []) == {"2S"}


def test_the_highest_tribute_goes_to_the_emperor() -> None:
    """4A4-TRIB-3: by value the highest tribute to the emperor, the next to the next-placed
    receiver; equal tributes in the payers' playing order from the seat after the emperor; by
    place the worst-placed payer's to the emperor."""
    assert pair_tributes({1: "KH", 3: "2S"}, (0, 2), 4, "value", "5", True) == {3: 0, 1: 2}
    assert pair_tributes({1: "6H", 3: "2S"}, (0, 2), 4, "value", "6", True) == {1: 0, 3: 2}
    assert pair_tributes({1: "6H", 3: "2S"}, (0, 2), 4, "value", "6", False) == {3: 0, 1: 2}
    assert pair_tributes({1: "KH", 3: "KS"}, (0, 2), 4, "value", "5", True) == {1: 0, 3: 2}
    assert pair_tributes({1: "KH", 3: "KS"}, (2, 0), 4, "value", "5", True) == {3: 2, 1: 0}
    assert pair_tributes({1: "2H", 3: "3S"}, (0, 2), 4, "place", "5", True) == {3: 0, 1: 2}
    # a refusal under rebellion_effect = "cancel": the tribute left goes to the emperor
    assert pair_tributes({3: "3S"}, (0, 2), 4, "value", "5", True) == {3: 0}


def test_a_rebellion_reverses_the_tribute() -> None:
    """4A4-TRIB-5 on seed 000 l.28 ("亮牌暴動，由丙丁向甲乙反向朝貢"): 丙 and 丁 went out, 甲
    and 乙 were to pay; after a rebellion 丙 and 丁 pay them, the highest tribute to the
    best-placed of 甲 and 乙 (the seats left holding cards are placed from the seat after the
    emperor 丙: 乙 before 甲)."""
    payers, receivers = reversed_tribute((BING, DING), 4, "caught")
    assert payers == (DING, BING) and receivers == (YI, JIA)
    assert pair_reversed({BING: "2S", DING: "KH"}, (BING, DING), 4, "caught", "5", False) == {
        BING: YI,
        DING: JIA,
    }
    # equal tributes: playing order from the seat after the emperor (丁 before 丙)
    assert pair_reversed({BING: "2S", DING: "2H"}, (BING, DING), 4, "caught", "5", False) == {
        DING: YI,
        BING: JIA,
    }


# ---------------------------------------------------------------------- engine against oracle
def _engine_pairs(
    finish: tuple[int, ...],
    levels: tuple[str, str],
    hands: Sequence[str],
    moves: Sequence[str],
    **overrides: object,
) -> dict[int, int]:
    """Payer → receiver as the engine pairs the tributes of a classic tribute position (with
    ``overrides``) after ``moves``."""
    match = Match(
        variant=load_variant("classic", overrides=overrides),
        seed=0,
        round=2,
        levels=(Rank.parse(levels[0]), Rank.parse(levels[1])),
        ruling=finish[0] % 2,
        last_finish=finish,
        deal=tuple(Cards.parse(h) for h in hands),
    )
    for text in moves:
        match = match.apply(match.parse_move(text))
    assert match.exchange is not None
    return {payer: receiver for payer, receiver, _card in match.exchange.pairs}


def test_the_engine_ranks_the_tributes_as_the_receivers_will() -> None:
    """4A4-TRIB-3 with 4A4-RANK-2: 1 and 3 went out, team 1 rules the coming round at 6. The
    receivers play their 6s promoted, so 2's 6 outranks 0's 2 and goes to the emperor 1; after
    2's rebellion the rebels' team receives and does not rule, so 1's K outranks 3's 6
    (4A4-TRIB-5)."""
    plain = ("2S 4D", "9D 5D", "6H 3S", "4C 5C")
    paid = _engine_pairs(
        (1, 3), ("2", "6"), plain, ["2: pass", "0: pass", "2: tribute 6H", "0: tribute 2S"]
    )
    assert paid == pair_tributes({2: "6H", 0: "2S"}, (1, 3), 4, "value", "6", True)
    assert paid == {2: 1, 0: 3}
    rebels = ("4C 5C", "KS 5D", "SJ BJ 3S", "6H 4D")
    moves = ["2: rebel", "1: pass", "3: pass", "3: tribute 6H", "1: tribute KS"]
    paid = _engine_pairs((1, 3), ("2", "6"), rebels, moves)
    assert paid == pair_reversed({3: "6H", 1: "KS"}, (1, 3), 4, "caught", "6", False)
    assert paid == {1: 2, 3: 0}


def test_the_engine_pairs_by_place_worst_placed_payer_first() -> None:
    """4A4-TRIB-3 with ``tribute_pairing = "place"``: 1 and 3 went out, 2 and 0 are caught and
    placed in that order (from the seat after the emperor 1), so 0's 9 goes to the emperor and
    2's 2 to 3 — by value it would be the other way round."""
    hands = ("9H 4D", "9D 5D", "2S 3S", "4C 5C")
    moves = ["2: pass", "0: pass", "2: tribute 2S", "0: tribute 9H"]
    paid = _engine_pairs((1, 3), ("2", "6"), hands, moves, tribute_pairing="place")
    assert paid == pair_tributes({2: "2S", 0: "9H"}, (1, 3), 4, "place", "6", True)
    assert paid == {0: 1, 2: 3}


def _finishes(players: int) -> set[tuple[int, ...]]:
    """Every finishing order that ends a round at ``players`` seats."""
    return {_finish(players, order) for order in itertools.permutations(range(players))}


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("tribute", ["caught", "places", "off"])
def test_every_finishing_order_asks_the_payers_and_receivers_the_clause_names(
    players: int, tribute: str
) -> None:
    """4A4-TRIB-1 and 4A4-TRIB-3 for every finishing order at four and six seats: the engine
    opens a tribute phase exactly when the oracle names payers, with its payers and
    receivers."""
    variant = load_variant(
        "classic", overrides={"players": players, "decks": players // 2, "tribute": tribute}
    )
    hands = tuple(Cards.parse(h) for h in ("3S 4S", "5S 6S", "7S 8S", "9S 10S", "JS QS", "KS AS"))
    for finish in sorted(_finishes(players)):
        match = Match(
            variant=variant,
            seed=0,
            round=2,
            levels=(variant.start_level, variant.start_level),
            ruling=finish[0] % 2,
            last_finish=finish,
            deal=hands[:players],
        )
        _Tracker(match).at_start(match)


def test_a_reversed_tribute_is_paired_by_value_under_place_pairing() -> None:
    """4A4-TRIB-5: the reversed tribute is "paired by value" whatever ``tribute_pairing`` says.
    Four seats, ``tribute_pairing = "place"``: 1 and 3 went out, 2 and 0 are caught and owe;
    seat 2 rebels, and 1 and 3 pay instead: 3 (placed 2nd) its 9, 1 (the emperor) its 2. By
    value the 2 goes to the best-placed receiver, 2 (left holding cards, placed before 0); by
    place, as the engine paired it before the oracle found it, the worst-placed payer 3's 9
    would."""
    match = Match(
        variant=load_variant("classic", overrides={"tribute_pairing": "place"}),
        seed=0,
        round=2,
        levels=(Rank.parse("5"), Rank.parse("5")),
        ruling=1,
        last_finish=(1, 3),
        deal=tuple(Cards.parse(h) for h in ("3S 4S", "2H 5C", "SJ BJ 6D", "9H 7C")),
    )
    for text in ("2: rebel", "1: pass", "3: pass", "3: tribute 9H", "1: tribute 2H"):
        match = match.apply(match.parse_move(text))
    assert match.exchange is not None
    pairs = {payer: receiver for payer, receiver, _card in match.exchange.pairs}
    assert pairs == pair_reversed({3: "9H", 1: "2H"}, (1, 3), 4, "caught", "5", False)
    assert pairs == {1: 2, 3: 0}


def _promoted(variant: Variant, receivers_rule: bool) -> bool:
    """Whether the receivers' level cards rank above the 2 in the coming round, 4A4-RANK-2
    (The level card)."""
    promotion = variant.level_promotion
    return promotion is LevelPromotion.ALL or (
        promotion is LevelPromotion.RULING_TEAM and receivers_rule
    )


class _Tracker:
    """One round's tribute phase as the test sees it: the moves it made there (with the step
    each was made in) and the oracle's verdicts for the finishing order before it."""

    def __init__(self, m: Match) -> None:
        self.finish = m.last_finish
        self.log: list[tuple[Step, Move]] = []
        self.paired: dict[int, int] | None = None

    def reversed(self) -> bool:
        """A rebellion that reverses the tribute stands: some payer rebelled in the rebellion
        step and nobody suppressed it."""
        rebelled = any(s is Step.REBEL and mv.kind is MoveKind.REBEL for s, mv in self.log)
        suppressed = any(mv.kind is MoveKind.SUPPRESS for _s, mv in self.log)
        return rebelled and not suppressed

    def expected(self, m: Match) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The oracle's payers (in the order they pay) and receivers (in order of places)."""
        n, tribute = m.players, m.variant.tribute.value
        if self.reversed():
            return reversed_tribute(self.finish, n, tribute)
        payers = who_pays(self.finish, n, tribute)
        return payers, who_receives(self.finish, n, len(payers))

    def at_start(self, m: Match) -> None:
        """The round's start: a tribute phase exactly when the oracle says tribute is due, with
        its payers and receivers."""
        n = m.players
        assert m.ruling == self.finish[0] % 2  # 4A4-ROUND-3 (Who rules next)
        payers = who_pays(self.finish, n, m.variant.tribute.value)
        assert (m.phase is Phase.TRIBUTE) == bool(payers), (self.finish, m.variant.tribute)
        if payers:
            ex = m.exchange
            assert ex is not None
            assert ex.dues.payers == payers, (self.finish, m.variant.tribute)
            assert ex.dues.receivers == who_receives(self.finish, n, len(payers))

    def at_moment(self, m: Match) -> None:
        """A moment of the tribute phase: who pays and receives now, and the seat in turn."""
        ex = m.exchange
        assert ex is not None
        payers, receivers = self.expected(m)
        assert ex.reversed == self.reversed()
        assert (ex.payers, ex.receivers) == (payers, receivers), self.finish
        done = [mv.seat for s, mv in self.log if s is ex.step]
        due = who_pays(self.finish, m.players, m.variant.tribute.value)
        if ex.step is Step.REBEL:  # every payer in playing order from the seat after the emperor
            order: Sequence[int] = due
        elif ex.step is Step.SUPPRESS:  # every would-be receiver in order of places
            order = who_receives(self.finish, m.players, len(due))
        elif ex.step is Step.TRIBUTE:
            order = payers
        else:  # every receiver that took a tribute, in order of places
            assert self.paired is not None
            order = [r for r in receivers if r in self.paired.values()]
        assert m.turn == order[len(done)], (ex.step, order, done)
        if ex.step is Step.TRIBUTE:
            self.pays_what_is_due(m, m.turn)

    def pays_what_is_due(self, m: Match, seat: int) -> None:
        """The single cards the payer in turn may pay are the ones 4A4-TRIB-2 (The tribute card)
        names: its highest as it will rank in the receivers' hands, the excluded ranks left out
        (none: it passes) — unless the payer must refuse instead: with ``rebellion = "auto"``
        and a rebellion that cancels the tribute, a payer holding the jokers a rebellion needs
        pays nothing, 4A4-TRIB-11 (A rebellion that cancels the tribute)."""
        hand = m.hands[seat]
        accepted = {
            str(card)
            for card in hand.distinct()
            if m.explain(Move(seat, MoveKind.TRIBUTE, Cards.of([card]))) is None
        }
        v = m.variant
        jokers = {c.rank for c in hand.distinct() if c.rank in (Rank.SMALL_JOKER, Rank.BIG_JOKER)}
        needed = 1 if v.rebellion_jokers is RebellionJokers.EITHER else 2
        if (
            v.rebellion is Rebellion.AUTO
            and v.rebellion_effect is RebellionEffect.CANCEL
            and len(jokers) >= needed
        ):
            assert accepted == set(), str(hand)
            assert m.explain(Move(seat, MoveKind.REBEL)) is None
            return
        level = m.levels[self.finish[0] % 2].text  # the coming round's level: the ruling team's
        due = tribute_due(
            [str(c) for c in hand],
            level,
            _promoted(m.variant, not self.reversed()),
            list(m.variant.tribute_excluded),
        )
        assert accepted == due, (str(hand), level, self.reversed())

    def after_tributes(self, m: Match) -> None:
        """Every payer has paid: each tribute went where the oracle pairs it."""
        ex = m.exchange
        assert ex is not None
        payers, _receivers = self.expected(m)
        moves = [mv for s, mv in self.log if s is Step.TRIBUTE]
        assert tuple(mv.seat for mv in moves) == payers
        paid = {mv.seat: str(mv.cards) for mv in moves if mv.kind is MoveKind.TRIBUTE and mv.cards}
        ruling = self.finish[0] % 2
        level = m.levels[ruling].text
        n, tribute, pairing = m.players, m.variant.tribute.value, m.variant.tribute_pairing.value
        if self.reversed():
            expected = pair_reversed(
                paid, self.finish, n, tribute, level, _promoted(m.variant, False)
            )
        else:
            promoted = _promoted(m.variant, True)
            expected = pair_tributes(paid, self.finish, n, pairing, level, promoted)
        engine = {payer: receiver for payer, receiver, _cards in ex.pairs}
        assert {payer: str(cards) for payer, _r, cards in ex.pairs} == paid
        assert engine == expected, (self.finish, paid, level, pairing, self.reversed())
        self.paired = expected

    def after_return(self, before: Match, move: Move, after: Match) -> None:
        """A return went to the payer whose tribute the receiver took, 4A4-TRIB-4 (The
        return)."""
        assert self.paired is not None
        payer = next(p for p, r in self.paired.items() if r == move.seat)
        assert after.hands[payer] == before.hands[payer] + move.cards


def _choose(m: Match, rng: random.Random, odds: float) -> Move:
    """A random move; a rebellion or a suppression, when offered, with probability ``odds``."""
    if m.phase is Phase.TRIBUTE:
        bold = [mv for mv in m.legal_moves() if mv.kind in (MoveKind.REBEL, MoveKind.SUPPRESS)]
        if bold and rng.random() < odds:
            return bold[0]
    return m.random_move(rng)


def _drive(m: Match, rng: random.Random, rounds: int, odds: float) -> int:
    """Random play through ``rounds`` rounds, the tribute phases checked against the oracle.
    Returns how many tribute phases were paired."""
    last = m.round + rounds
    tracker: _Tracker | None = _Tracker(m) if m.last_finish else None
    if tracker is not None:
        tracker.at_start(m)
    out: list[int] = []
    paired = 0
    while not m.is_over and m.round < last:
        if m.phase is Phase.TRIBUTE:
            assert tracker is not None
            tracker.at_moment(m)
        move = _choose(m, rng, odds)
        after = m.apply(move)
        if m.phase is Phase.TRIBUTE:
            assert tracker is not None and m.exchange is not None
            step = m.exchange.step
            tracker.log.append((step, move))
            if step is Step.TRIBUTE and after.exchange is not None:
                if after.exchange.step is not Step.TRIBUTE:
                    tracker.after_tributes(after)
                    paired += 1
            elif step is Step.RETURN:
                tracker.after_return(m, move, after)
        elif after.round == m.round:
            out += [s for s, size in enumerate(after.hand_sizes) if size == 0 and s not in out]
        else:  # the move ended the round: its mover went out last
            out += [move.seat] if move.seat not in out else []
            if not after.is_over:
                # the finishing order the oracle reads is the one the test saw
                assert after.last_finish == tuple(out)
                tracker = _Tracker(after)
                tracker.at_start(after)
            out = []
        m = after
    return paired


def _new(variant: object, seed: int) -> Match:
    assert isinstance(variant, Variant)
    return Match.new(variant, seed=seed)


@settings(max_examples=20, deadline=None)
@given(VARIANTS, seeds(), st.sampled_from([0.0, 0.5, 1.0]))
def test_random_matches_pay_and_pair_tribute_as_the_clauses_say(
    variant: object, seed: int, odds: float
) -> None:
    """Random matches of any variant: at the start of every round a tribute phase exactly when
    4A4-TRIB-1 says tribute is due, its payers and receivers; at every moment of the phase the
    payers, the receivers (reversed after a rebellion, 4A4-TRIB-5) and the seat in turn
    (4A4-TRIB-7); once every tribute is paid, which receiver took it (4A4-TRIB-3); each return
    to its payer."""
    _drive(_new(variant, seed), random.Random(seed), 4, odds)


#: A reversing rebellion a payer chooses (the classic rule), pinned over any drawn variant.
REBELLION = {"rebellion": "choice", "rebellion_jokers": "both", "rebellion_effect": "reverse"}

LEVEL_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _finish(players: int, order: Sequence[int]) -> tuple[int, ...]:
    """``order`` cut where the round ends, when one team has all its players out."""
    out: list[int] = []
    for seat in order:
        out.append(seat)
        if any(all(s in out for s in range(t, players, 2)) for t in (0, 1)):
            break
    return tuple(out)


@st.composite
def _rebellion_positions(draw: st.DrawFn) -> tuple[Match, bool]:
    """A match at the start of a tribute phase under a rebellion the payer chooses: a random
    finishing order that leaves tribute due, small random hands from the table's decks, the
    first payer asked holding a big and a small joker (and, sometimes, a would-be receiver
    holding another pair); with whether to rebel."""
    variant = draw(variants("siyaosi", **REBELLION))
    assert isinstance(variant, Variant)
    n = variant.players
    order = draw(st.permutations(range(n)))
    finish = _finish(n, order)
    payers = who_pays(finish, n, variant.tribute.value)
    if not payers:  # no tribute due: make it the classic rule's sweep (the others caught)
        variant = variant.replace(tribute="caught")
        team = [s for s in order if s % 2 == order[0] % 2]
        finish = tuple(team)
        payers = who_pays(finish, n, "caught")
    pack = list(full_deck(variant.decks))
    draw(st.randoms(use_true_random=False)).shuffle(pack)
    # no seat may hold more than a deal gives it; a hand gets at most a joker pair and a 3♥ more
    most = -(-len(pack) // n) - 3
    sizes = [draw(st.integers(1, min(6, most))) for _ in range(n)]
    pairs: list[list[Card]] = []
    for _ in range(min(variant.decks, 2)):  # a big and a small joker, twice with two decks
        pair = [
            next(c for c in pack if c.rank is rank) for rank in (Rank.SMALL_JOKER, Rank.BIG_JOKER)
        ]
        for card in pair:
            pack.remove(card)
        pairs.append(pair)
    hands: list[list[Card]] = []
    for size in sizes:
        hands.append(pack[:size])
        del pack[:size]
    hands[payers[0]] += pairs[0]
    receivers = who_receives(finish, n, len(payers))
    if len(pairs) > 1 and draw(st.booleans()):  # a would-be receiver who may suppress it
        hands[draw(st.sampled_from(receivers))] += pairs[1]
    # a 3♥ somewhere: with tribute_leader = "heart-three" its holder leads, 4A4-TRIB-9 (The
    # holder of 3♥ leads every round)
    heart_three = Card.parse("3H")
    if not any(heart_three in h for h in hands):
        pack.remove(heart_three)
        hands[draw(st.integers(0, n - 1))].append(heart_three)
    ruling = finish[0] % 2
    start = LEVEL_RANKS.index(variant.start_level.text)
    top = len(LEVEL_RANKS) - (2 if variant.victory.value == "reach" else 1)
    assume(start <= top)  # a team ruling at A under victory = "reach" has won the match
    levels = [Rank.parse(draw(st.sampled_from(LEVEL_RANKS[start : top + 1]))) for _ in (0, 1)]
    match = Match(
        variant=variant,
        seed=0,
        round=2,
        levels=(levels[0], levels[1]),
        ruling=ruling,
        last_finish=finish,
        deal=tuple(Cards.of(h) for h in hands),
    )
    return match, draw(st.booleans())


@settings(max_examples=60, deadline=None)
@given(_rebellion_positions(), st.integers(0, 2**32))
def test_a_rebellion_reverses_the_tribute_as_the_clause_says(
    position: tuple[Match, bool], seed: int
) -> None:
    """4A4-TRIB-5: a payer holding both jokers rebels (when drawn) and the receivers pay the
    payers, each tribute to the receiver the oracle pairs it with — or, when a would-be receiver
    holding both jokers suppresses it, 4A4-TRIB-6 (Suppressing a rebellion), the tribute is
    paid as first due."""
    match, rebel = position
    tracker = _Tracker(match)
    tracker.at_start(match)
    rng = random.Random(seed)
    m = match
    while m.phase is Phase.TRIBUTE:
        tracker.at_moment(m)
        ex = m.exchange
        assert ex is not None
        if ex.step is Step.REBEL:
            offered = [mv for mv in m.legal_moves() if mv.kind is MoveKind.REBEL]
            # the first payer asked holds both jokers: the rebellion is offered to it
            assert offered or tracker.log
            move = offered[0] if offered and rebel else m.random_move(rng)
        else:
            move = _choose(m, rng, 0.5)
        after = m.apply(move)
        tracker.log.append((ex.step, move))
        if ex.step is Step.TRIBUTE and after.exchange is not None:
            if after.exchange.step is not Step.TRIBUTE:
                tracker.after_tributes(after)
        elif ex.step is Step.RETURN:
            tracker.after_return(m, move, after)
        m = after
    assert tracker.paired is not None  # the tribute step ended and was checked
    if rebel:
        assert tracker.log[0][1].kind is MoveKind.REBEL
