"""The 勾岔 chain against the clause oracle :mod:`cardrules.testing.clause_oracles.siyaosi_chain`,
written from 4A4-CHAIN-1 (Where a chain starts) … 4A4-CHAIN-11 (Without gou), not from the
engine.

The oracle is first checked on the spec's examples. Then a state under ``cha = "chain"`` (with
``gou`` and ``double_cha`` on and off, any level and ruling team) gets a base on top — a single or
a straight mostly, a pair, a double straight or a bomb sometimes — and zero or more chain steps
made by any seats, and a seat offers a play of cards on the base's ranks: the right count, a
count that does not split into steps, only some of the ranks, uneven counts, a rank too many.
The engine's verdict must be the oracle's: whether the play is a chain step and how many
(``explain`` of it as a play, a cha and a gou, ``parse_move`` of its bare text, ``apply``), and
the effective combination afterwards — its name, cards per rank and ranks, and what beats it
(4A4-CHAIN-5 (The base fixes the strength), 4A4-CHAIN-9 (Four 3s by chain)) — and a play that is
no step, made by the seat in turn, is judged against the chain's effective combination as the
beats oracle says (4A4-CHAIN-7 (Closing a chain)).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank
from cardrules.multiset import Cards
from cardrules.siyaosi import Move, MoveKind, State, Table, Variant, beats, classify, load_variant
from cardrules.siyaosi.combos import Combination
from cardrules.testing.clause_oracles.siyaosi_beats import Combo, promotes
from cardrules.testing.clause_oracles.siyaosi_beats import beats as oracle_beats
from cardrules.testing.clause_oracles.siyaosi_beats import classify as oracle_classify
from cardrules.testing.clause_oracles.siyaosi_chain import (
    base_width,
    effective,
    step_sizes,
    steps_made,
)
from cardrules.testing.strategies import CardPool

SUITS = ("S", "H", "C", "D")
RUN_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ALL_RANKS = (*RUN_RANKS, "SJ", "BJ")
CLASSIC = load_variant("classic")
CHA, GOU, PLAY = MoveKind.CHA, MoveKind.GOU, MoveKind.PLAY


def _rank(card: str) -> str:
    return card if card in ("SJ", "BJ") else card[:-1]


def _cards(texts: list[str]) -> Cards:
    return Cards.parse(" ".join(texts))


# ---------------------------------------------------------------------- the oracle on the spec
def test_the_oracle_counts_steps_as_the_spec_says() -> None:
    """4A4-CHAIN-2, 4A4-CHAIN-3, 4A4-CHAIN-8, 4A4-CHAIN-10 and 4A4-CHAIN-11 on their examples."""
    eight = ["8S"]
    assert steps_made(eight, 0, ["8H", "8D"]) == 1  # a cha
    assert steps_made(eight, 0, ["8H", "8D", "8C"]) == 2  # 888: a cha and a gou at once
    assert steps_made(eight, 0, ["8H", "8D", "8C", "8S"]) == 0  # four 8s: an ordinary bomb
    assert steps_made(eight, 0, ["8H"] * 5) == 3 and steps_made(eight, 0, ["8H"] * 6) == 4
    assert steps_made(eight, 1, ["8H"]) == 1 and steps_made(eight, 1, ["8H", "8D"]) == 0
    assert steps_made(eight, 1, ["8H"] * 3) == 2 and steps_made(eight, 1, ["8H"] * 4) == 3
    assert steps_made(eight, 0, ["9H", "9D"]) == 0 and steps_made(eight, 0, ["8H", "9D"]) == 0
    assert steps_made(["SJ"], 0, ["SJ", "SJ"]) == 1
    straight = ["4S", "5S", "6H", "7D"]
    cha = ["4H", "4D", "5H", "5D", "6S", "6D", "7S", "7H"]
    assert steps_made(straight, 0, cha) == 1
    assert steps_made(straight, 0, cha[:6]) == 0  # not every rank of the base
    assert steps_made(straight, 0, ["4H", "4D", "5H", "5D", "5C", "6S", "7S", "7H"]) == 0
    assert steps_made(straight, 0, [*cha, "8S", "8H"]) == 0
    # a pair or a double straight starts a chain only with double_cha; the steps double
    assert steps_made(["8S", "8H"], 0, ["8D"] * 4) == 0
    assert steps_made(["8S", "8H"], 0, ["8D"] * 4, double_cha=True) == 1
    assert steps_made(["8S", "8H"], 1, ["8D"] * 2, double_cha=True) == 1
    assert steps_made(["8S", "8H"], 0, ["8D"] * 2, double_cha=True) == 0
    assert steps_made(["8S", "8H", "8D"], 0, ["8C"] * 2, double_cha=True) == 0  # a bomb
    # without gou: the base and one cha
    assert steps_made(eight, 0, ["8H", "8D"], gou=False) == 1
    assert steps_made(eight, 1, ["8H"], gou=False) == 0
    assert steps_made(eight, 0, ["8H", "8D", "8C"], gou=False) == 0
    assert steps_made(eight, 0, ["8H", "8D"], cha="capture") == 0
    assert base_width(["SJ", "BJ"]) is None and base_width(["4S", "4H", "AD"]) is None


def test_the_oracle_s_effective_combination_is_the_spec_s() -> None:
    """4A4-CHAIN-4 (The effective combination), 4A4-CHAIN-5 (The base fixes the strength),
    4A4-CHAIN-9 (Four 3s by chain): widths 3, 4, 6, 7; 4567 with a cha needs a 5-card bomb and
    after a gou a 6-card one; 3 → 333 is four 3s and beats a 4A4, at six it no longer does."""
    assert [effective(["8S"], n).width for n in (1, 2, 3, 4)] == [3, 4, 6, 7]
    assert effective(["8S", "8H"], 1, double_cha=True).width == 6
    run = effective(["4S", "5S", "6H", "7D"], 1)
    assert (run.kind, run.width, run.length) == ("run", 3, 4)

    def bomb(text: str) -> Combo:
        combo = oracle_classify(text.split())
        assert combo is not None
        return combo

    assert not oracle_beats(run, bomb("9S 9H 9D 9C"))
    assert oracle_beats(run, bomb("9S 9H 9D 9C 9S"))
    after_gou = effective(["4S", "5S", "6H", "7D"], 2)
    assert not oracle_beats(after_gou, bomb("9S 9H 9D 9C 9S"))
    assert oracle_beats(after_gou, bomb("9S 9H 9D 9C 9S 9H"))
    fa4 = bomb("4S 4H AD")
    assert effective(["3S"], 2).four_threes and oracle_beats(fa4, effective(["3S"], 2))
    assert not effective(["3S"], 4).four_threes and oracle_beats(effective(["3S"], 4), fa4)
    promoted = effective(["6S"], 1, level="6", promoted=True)
    natural = effective(["6S"], 1, level="6", promoted=False)
    assert oracle_beats(bomb("2S 2H 2D"), promoted) and not oracle_beats(bomb("2S 2H 2D"), natural)
    assert oracle_beats(promoted, bomb("SJ SJ SJ"))


# ---------------------------------------------------------------------- chains in a state
@dataclass
class Chain:
    """A drawn chain: the variant and table, the base and who played it, the steps before the
    candidate (seat, cards, steps each made), the candidate's seat and cards, and the hands."""

    variant: Variant
    levels: tuple[str, str]
    ruling: int | None
    leader: int
    base: list[str]
    prior: list[tuple[int, list[str], int]]
    seat: int
    candidate: list[str]
    hands: list[list[str]]

    @property
    def level(self) -> str | None:
        return None if self.ruling is None else self.levels[self.ruling]

    def promoted(self, seat: int) -> bool:
        return promotes(self.variant.level_promotion.value, seat % 2, self.ruling)

    def combo(self, cards: list[str], seat: int) -> Combo | None:
        v = self.variant
        return oracle_classify(
            cards,
            level=self.level,
            promoted=self.promoted(seat),
            straight_floor=v.straight_floor.value,
            flush_straights=v.flush_straights,
            triple_straights=v.triple_straights,
            min_tuple_run=v.min_tuple_run,
            level_in_straights=v.level_in_straights,
        )

    def beat(self, top: Combo, play: Combo) -> bool:
        v = self.variant
        return oracle_beats(
            top,
            play,
            bomb_vs_straight=v.bomb_vs_straight.value,
            double_beats_single_straight=v.double_beats_single_straight,
            four_threes_beat_4a4=v.four_threes_beat_4a4,
            bombs_beat_double_straights=v.bombs_beat_double_straights,
        )

    def effective(self, steps: int) -> Combo:
        return effective(
            self.base,
            steps,
            level=self.level,
            promoted=self.promoted(self.leader),
            straight_floor=self.variant.straight_floor.value,
            double_cha=self.variant.double_cha,
        )

    def table(self) -> Table:
        return Table(
            self.variant, (Rank.parse(self.levels[0]), Rank.parse(self.levels[1])), self.ruling
        )


@st.composite
def chains(draw: st.DrawFn) -> Chain:
    """A classic table with ``cha = "chain"``, ``gou`` and ``double_cha`` drawn and the beating
    switches drawn; a base, up to three plays of chain steps, and a candidate play."""
    changes = {
        "cha": "chain",
        "gou": draw(st.booleans()),
        "double_cha": draw(st.booleans()),
        "decks": draw(st.sampled_from((1, 2, 2, 3, 4))),
        "players": draw(st.sampled_from((4, 4, 6, 8))),
        "level_promotion": draw(st.sampled_from(("ruling_team", "all", "none"))),
        "four_threes_beat_4a4": draw(st.booleans()),
        "bomb_vs_straight": draw(st.sampled_from(("width", "any"))),
        "bombs_beat_double_straights": draw(st.booleans()),
        "straight_floor": draw(st.sampled_from(("3", "2"))),
        "flush_straights": draw(st.booleans()),
        "level_in_straights": draw(st.booleans()),
        "min_tuple_run": draw(st.sampled_from((2, 3))),
    }
    variant = CLASSIC.replace(**changes)
    levels = (draw(st.sampled_from(RUN_RANKS)), draw(st.sampled_from(RUN_RANKS)))
    ruling = draw(st.sampled_from((None, 0, 1)))
    players = variant.players
    pool = CardPool(variant.decks)
    leader = draw(st.integers(0, players - 1))
    base = _base(draw, pool, variant)
    width = base_width(base, double_cha=variant.double_cha) or 1
    ranks = sorted(set(map(_rank, base)), key=ALL_RANKS.index)
    prior: list[tuple[int, list[str], int]] = []
    done = 0
    for _ in range(draw(st.integers(0, 3))):
        if base_width(base, double_cha=variant.double_cha) is None:
            break
        if not variant.gou and done >= 1:
            break
        n = 1 if not variant.gou else draw(st.sampled_from((1, 1, 2)))
        per_rank = sum(step_sizes(width, done, n))
        if any(len(pool.free(r)) < per_rank for r in ranks):
            break
        cards = [c for r in ranks for c in pool.take(draw, r, per_rank)]
        prior.append((draw(st.integers(0, players - 1)), cards, n))
        done += n
    last = prior[-1][0] if prior else leader
    in_turn = (last + 1) % players
    seat = in_turn if draw(st.booleans()) else draw(st.integers(0, players - 1))
    candidate = _candidate(draw, pool, ranks, width, done)
    hands: list[list[str]] = [[] for _ in range(players)]
    hands[leader] += base
    for who, cards, _n in prior:
        hands[who] += cards
    hands[seat] += candidate
    others = [r for r in ALL_RANKS if r not in ranks]
    for hand in hands:
        free = [r for r in others if pool.free(r)]
        hand += pool.take(draw, draw(st.sampled_from(free)), 1)
    return Chain(variant, levels, ruling, leader, base, prior, seat, candidate, hands)


def _base(draw: st.DrawFn, pool: CardPool, variant: Variant) -> list[str]:
    """A single (its rank often a 3), a straight (one suit sometimes), or — less often — a pair,
    a double straight or a bomb."""
    kind = draw(st.sampled_from(("single", "single", "single", "straight", "straight", "other")))
    if kind == "single":
        rank = draw(st.sampled_from(("3", "3", *ALL_RANKS)))
        return pool.take(draw, rank, 1)
    width = 1 if kind == "straight" else draw(st.sampled_from((2, 2, 3)))
    length = draw(st.sampled_from((1, 3, 4) if kind == "other" else (3, 3, 4, 5)))
    start = draw(st.integers(0, len(RUN_RANKS) - length))
    suit = draw(st.sampled_from(SUITS)) if draw(st.booleans()) else None
    return [c for r in RUN_RANKS[start : start + length] for c in pool.take(draw, r, width, suit)]


def _candidate(
    draw: st.DrawFn, pool: CardPool, ranks: list[str], width: int, done: int
) -> list[str]:
    """Cards on the base's ranks: the count of the next one to three steps, any count, that
    count on only some of the ranks, with one card moved from one rank to another, with a rank
    too many, or with an odd card added."""
    right = sum(step_sizes(width, done, draw(st.integers(1, 3))))
    how = draw(st.sampled_from(("steps", "steps", "count", "some", "uneven", "more", "odd")))
    per_rank = right if how != "count" else draw(st.integers(1, 6))
    counts = dict.fromkeys(ranks, per_rank)
    if how == "some" and len(ranks) > 1:
        dropped = draw(st.lists(st.sampled_from(ranks), min_size=1, max_size=len(ranks) - 1))
        for r in dropped:
            counts[r] = 0
    elif how == "uneven" and len(ranks) > 1:
        giver, taker = draw(st.permutations(ranks))[:2]
        counts[giver] -= 1
        counts[taker] += 1
    elif how == "more":
        outside = [r for r in RUN_RANKS if r not in ranks]
        counts[draw(st.sampled_from(outside))] = per_rank
    elif how == "odd":
        odd = draw(st.sampled_from(ALL_RANKS))
        counts[odd] = counts.get(odd, 0) + 1
    return [c for r, n in counts.items() for c in pool.take(draw, r, n)]


def _shape(combo: Combination) -> tuple[str, int, int]:
    return combo.name.value, combo.width, combo.length


def _oracle_shape(combo: Combo) -> tuple[str, int, int]:
    name = combo.name
    if name.startswith("run-"):
        name = "multi-straight"
    return name, combo.width, combo.length


def _probes(chain: Chain, eff: Combo) -> list[str]:
    """Groups to try on a chain's effective combination: bombs a card narrower to two wider, of
    the base's rank, the level's, 2, 3, A and the small joker; the joker bomb; 4A4s; and a
    triple straight of its length on or above its ranks."""
    ranks = {"2", "3", "A", "SJ", chain.level or "K", _rank(chain.base[0])}
    out = []
    for n in range(max(3, eff.width - 1), eff.width + 3):
        for r in sorted(ranks, key=ALL_RANKS.index):
            if r in ("SJ", "BJ"):
                if n <= 8:
                    out.append(" ".join([r] * n))
            else:
                out.append(" ".join(r + SUITS[i % 4] for i in range(n)))
    out += ["SJ BJ", "4S 4H AD", "4S 4S AS"]
    if eff.kind == "run" and eff.width == 3:
        base_ranks = sorted(set(map(_rank, chain.base)), key=RUN_RANKS.index)
        at = RUN_RANKS.index(base_ranks[0])
        for start in (at, at + 1):
            run = RUN_RANKS[start : start + len(base_ranks)]
            if len(run) == len(base_ranks):
                out.append(" ".join(f"{r}{s}" for r in run for s in "SHD"))
    return out


@settings(max_examples=200, deadline=None)
@given(chains())
def test_chain_steps_are_judged_as_the_clauses_say(chain: Chain) -> None:
    """The engine steps a chain exactly where the oracle does, by as many steps, and leaves the
    effective combination the oracle names; a play that is no step is judged, in turn, against
    the chain's effective combination; the turn passes to the seat after the last step
    (4A4-CHAIN-1 … 4A4-CHAIN-11)."""
    players = chain.variant.players
    most = -(-54 * chain.variant.decks // players)
    base = chain.combo(chain.base, chain.leader) if chain.base else None
    if base is None or not chain.candidate or any(len(h) > most for h in chain.hands):
        return  # no base (not a combination here, or the pool ran dry), no candidate, too many
    table = chain.table()
    state = State(table, tuple(map(_cards, chain.hands)), chain.leader)
    state = state.apply(Move(chain.leader, PLAY, _cards(chain.base)))
    done = 0
    for who, cards, n in chain.prior:
        assert (
            steps_made(
                chain.base, done, cards, gou=chain.variant.gou, double_cha=chain.variant.double_cha
            )
            == n
        )
        move = Move(who, CHA if done % 2 == 0 else GOU, _cards(cards))
        assert state.explain(move) is None, (chain, move)
        state = state.apply(move)
        done += n
        assert state.top is not None and state.top.steps == done
    last = chain.prior[-1][0] if chain.prior else chain.leader
    assert state.turn == (last + 1) % players  # 4A4-CHAIN-6: every seat keeps a card
    top = base if done == 0 else chain.effective(done)
    if done:
        assert state.top is not None
        assert _shape(state.top.combination) == _oracle_shape(top), chain
    seat, cards = chain.seat, chain.candidate
    made = steps_made(
        chain.base, done, cards, gou=chain.variant.gou, double_cha=chain.variant.double_cha
    )
    due, other = (CHA, GOU) if done % 2 == 0 else (GOU, CHA)
    as_play = state.explain(Move(seat, PLAY, _cards(cards)))
    as_due = state.explain(Move(seat, due, _cards(cards)))
    as_other = state.explain(Move(seat, other, _cards(cards)))
    assert as_other is not None, chain
    parsed = state.parse_move(f"{seat}: {_cards(cards)}")
    if made:
        assert as_play is not None and as_play.code == "chain-step-not-play", (chain, as_play)
        assert as_due is None, (chain, as_due)
        assert parsed.kind is due, chain
        after = state.apply(Move(seat, due, _cards(cards)))
        assert after.top is not None and after.top.steps == done + made, chain
        assert after.turn == (seat + 1) % players, chain
        eff = chain.effective(done + made)
        assert _shape(after.top.combination) == _oracle_shape(eff), chain
        expected_cards = _cards(chain.base + [c for _w, p, _n in chain.prior for c in p] + cards)
        assert after.top.cards == expected_cards
        _judged_alike(chain, table, after.top.combination, eff)
        return
    assert as_due is not None, (chain, made)
    assert as_play is None or as_play.code != "chain-step-not-play", (chain, as_play)
    assert parsed.kind is PLAY, chain
    if seat == state.turn:
        play = chain.combo(cards, seat)
        if play is None:
            expected: str | None = "not-a-combination"
        else:
            expected = None if chain.beat(top, play) else "does-not-beat"
        assert (None if as_play is None else as_play.code) == expected, (chain, as_play)


def _judged_alike(chain: Chain, table: Table, e_top: Combination, top: Combo) -> None:
    """Every probe beats the engine's effective combination exactly where it beats the
    oracle's, played by either team."""
    for text in _probes(chain, top):
        for seat in (0, 1):
            probe = chain.combo(text.split(), seat)
            e_probe = classify(Cards.parse(text), table, seat)
            if probe is None or e_probe is None:
                assert probe is None and e_probe is None, text
                continue
            expected = chain.beat(top, probe)
            assert beats(e_top, e_probe, table) == expected, (chain, text, seat)


#: Bases for the exhaustive sweep: a single, a straight, a pair and a double straight.
SWEEP_BASES = (["8S"], ["4S", "5S", "6H"], ["8S", "8H"], ["4S", "4H", "5S", "5H", "6S", "6H"])


def test_every_count_on_a_base_s_ranks_is_judged_as_the_clauses_say() -> None:
    """Every play of 0 … 4 cards on each rank of a straight base (and one more rank), 0 … 9 on a
    single's or a pair's rank, after 0, 1 or 2 steps, with ``gou`` and ``double_cha`` on and off
    (four decks, seat 2 holding them all): the engine makes it a chain step, and as many steps,
    exactly where the oracle does — 4A4-CHAIN-8 (Several steps in one play) on only some ranks
    or uneven counts, 4A4-CHAIN-11 (Without gou), 4A4-CHAIN-10 (Double cha)."""
    checked = stepped = 0
    for gou in (True, False):
        for double_cha in (True, False):
            variant = CLASSIC.replace(decks=4, gou=gou, double_cha=double_cha)
            for base in SWEEP_BASES:
                for done in (0, 1, 2):
                    got = _sweep(variant, base, done)
                    checked += got[0]
                    stepped += got[1]
    assert checked > 3_000 and stepped > 40


def _sweep(variant: Variant, base: list[str], done: int) -> tuple[int, int]:
    """The sweep of one base after ``done`` steps (by seat 1, one play each): how many plays
    were checked and how many were steps."""
    width = base_width(base, double_cha=variant.double_cha)
    if done and (width is None or (done > 1 and not variant.gou)):
        return 0, 0
    ranks = sorted(set(map(_rank, base)), key=RUN_RANKS.index)
    used = Counter(base)
    prior = []
    for size in step_sizes(width or 1, 0, done):
        prior.append([c for r in ranks for c in _free(used, r, size)])
    extra = "7" if len(ranks) > 1 else "9"
    rows = [*ranks, extra] if len(ranks) > 1 else ranks
    held = {r: _free(used, r, 9) for r in rows}
    hands = [
        Cards.parse(" ".join(base) + " KS"),
        Cards.parse(" ".join(c for p in prior for c in p) + " KS"),
        Cards.parse(" ".join(c for r in rows for c in held[r]) + " KH"),
        Cards.parse("QS"),
    ]
    state = State(Table(variant), tuple(hands), 0)
    state = state.apply(Move(0, PLAY, _cards(base)))
    for i, cards in enumerate(prior):
        state = state.apply(Move(1, CHA if i % 2 == 0 else GOU, _cards(cards)))
    most = 4 if len(ranks) > 1 else 9
    checked = stepped = 0
    for counts in _vectors(len(rows), most):
        cards = [c for r, n in zip(rows, counts, strict=True) for c in held[r][:n]]
        if not cards:
            continue
        made = steps_made(base, done, cards, gou=variant.gou, double_cha=variant.double_cha)
        due = CHA if done % 2 == 0 else GOU
        as_play = state.explain(Move(2, PLAY, _cards(cards)))
        as_due = state.explain(Move(2, due, _cards(cards)))
        assert (as_play is not None and as_play.code == "chain-step-not-play") == bool(made), (
            base,
            done,
            cards,
            variant.gou,
            variant.double_cha,
            as_play,
        )
        assert (as_due is None) == bool(made), (base, done, cards, as_due)
        if made:
            after = state.apply(Move(2, due, _cards(cards)))
            assert after.top is not None and after.top.steps == done + made, (base, done, cards)
            stepped += 1
        checked += 1
    return checked, stepped


def _free(used: Counter[str], rank: str, n: int) -> list[str]:
    """``n`` cards of ``rank`` that four decks still hold past ``used`` (which takes them)."""
    out = [f"{rank}{s}" for s in SUITS for _ in range(4 - used[f"{rank}{s}"])][:n]
    used.update(out)
    return out


def _vectors(rows: int, most: int) -> list[tuple[int, ...]]:
    """Every count vector of ``rows`` entries 0 … ``most``."""
    out: list[tuple[int, ...]] = [()]
    for _ in range(rows):
        out = [(*v, n) for v in out for n in range(most + 1)]
    return out
