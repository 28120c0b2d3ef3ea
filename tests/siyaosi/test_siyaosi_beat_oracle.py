"""四幺四 combinations and the beats relation against the clause oracle
:mod:`cardrules.testing.clause_oracles.siyaosi_beats`, written from 4A4-RANK-1 … 4A4-RANK-4
(the card order, the level card), 4A4-COMBO-1 … 4A4-COMBO-9 (what a combination is) and
4A4-BEAT-1 … 4A4-BEAT-11 (what beats what), not from the engine.

The oracle is first checked on the spec's own examples; then the engine's public ``classify`` and
``beats`` (and a state's ``explain`` of a play on a top) judge random card groups, biased toward
real combinations (runs, tuples, bombs, 4A4s, four 3s, jokers) and toward what a clause pits
against them, under the presets with the play's switches drawn, any levels and ruling team, and
must agree with it; a cross product of landmark combinations under the presets and the beating
switches pins the four-3s rule (4A4-BEAT-9) exactly, whatever the draws.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank
from cardrules.multiset import Cards
from cardrules.siyaosi import Move, MoveKind, State, Table, Variant, beats, classify, load_variant
from cardrules.siyaosi.combos import Combination
from cardrules.testing.clause_oracles.siyaosi_beats import Combo, promotes
from cardrules.testing.clause_oracles.siyaosi_beats import beats as oracle_beats
from cardrules.testing.clause_oracles.siyaosi_beats import classify as oracle_classify
from cardrules.testing.clause_oracles.siyaosi_chain import steps_made
from cardrules.testing.strategies import CardPool, Draw

SUITS = ("S", "H", "C", "D")
#: Straight order with the 2 first (it starts straights only with floor 2), then the other faces.
RUN_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FACES = (*RUN_RANKS[1:], "2")
ALL_RANKS = (*FACES, "SJ", "BJ")
LEVELS = RUN_RANKS


PRESETS = tuple(load_variant(name) for name in ("classic", "one-deck", "northeast"))
#: The switches of the play the tests draw, each with every value it takes; the others keep the
#: drawn preset's value (every combination of these is accepted).
PLAY_SWITCHES: dict[str, tuple[object, ...]] = {
    "players": (4, 6, 8),
    "decks": (1, 2, 3, 4),
    "level_promotion": ("ruling_team", "all", "none"),
    "straight_floor": ("3", "2"),
    "level_in_straights": (True, False),
    "flush_straights": (True, False),
    "min_tuple_run": (2, 3, 4),
    "triple_straights": (True, False),
    "bomb_vs_straight": ("width", "any"),
    "double_beats_single_straight": (True, False),
    "bombs_beat_double_straights": (True, False),
    "four_threes_beat_4a4": (True, False),
    "lead_double_straight": ("any", "last_cards"),
    "cha": ("chain", "capture", "off", "dead"),
    "gou": (True, False),
    "double_cha": (True, False),
    "chi": (True, False),
}


@st.composite
def play_variants(draw: Draw) -> Variant:
    """A preset with any of :data:`PLAY_SWITCHES` changed (each with even odds)."""
    base = draw(st.sampled_from(PRESETS))
    changes = {
        name: draw(st.sampled_from(values))
        for name, values in PLAY_SWITCHES.items()
        if draw(st.booleans())
    }
    return base.replace(**changes)


# ---------------------------------------------------------------------- the oracle's model
def _promoted(variant: Variant, seat: int, ruling: int | None) -> bool:
    return promotes(variant.level_promotion.value, seat % 2, ruling)


def oracle_combo(
    cards: list[str], variant: Variant, level: str | None, ruling: int | None, seat: int
) -> Combo | None:
    """The oracle's reading of ``cards`` played by ``seat``, with the variant's switches."""
    return oracle_classify(
        cards,
        level=level if ruling is not None else None,
        promoted=_promoted(variant, seat, ruling),
        straight_floor=variant.straight_floor.value,
        flush_straights=variant.flush_straights,
        triple_straights=variant.triple_straights,
        min_tuple_run=variant.min_tuple_run,
        level_in_straights=variant.level_in_straights,
    )


def oracle_beat(top: Combo, play: Combo, variant: Variant) -> bool:
    """The oracle's beats under the variant's switches."""
    return oracle_beats(
        top,
        play,
        bomb_vs_straight=variant.bomb_vs_straight.value,
        double_beats_single_straight=variant.double_beats_single_straight,
        four_threes_beat_4a4=variant.four_threes_beat_4a4,
        bombs_beat_double_straights=variant.bombs_beat_double_straights,
    )


def shape(combo: Combination | Combo | None) -> tuple[object, ...] | None:
    """What both models say alike: the name, cards per rank and ranks (runs and bombs), the
    flush mark and the four-3s mark."""
    if combo is None:
        return None
    if isinstance(combo, Combination):
        name: str = combo.name.value
        four = combo.four_threes
    else:
        name, four = combo.name, combo.four_threes
    sized = name in ("bomb", "straight", "flush-straight", "double-straight", "triple-straight")
    return (name, combo.width if sized else 0, combo.length if sized else 0, four)


def _table(variant: Variant, levels: tuple[str, str], ruling: int | None) -> Table:
    return Table(variant, (Rank.parse(levels[0]), Rank.parse(levels[1])), ruling)


# ---------------------------------------------------------------------- card groups
KINDS = (
    "single",
    "pair",
    "bomb",
    "threes",
    "four-threes",
    "run",
    "run",
    "run",
    "run",
    "near-run",
    "near-run",
    "4a4",
    "joker-bomb",
    "jokers",
    "random",
)


#: For each kind, the kinds drawn against it more often: the ones a clause pits it against.
RIVALS = {
    "4a4": ("four-threes", "threes", "4a4", "joker-bomb", "bomb"),
    "four-threes": ("4a4", "joker-bomb", "bomb", "threes"),
    "threes": ("4a4", "bomb", "four-threes"),
    "joker-bomb": ("4a4", "bomb", "four-threes", "run"),
    "run": ("run", "bomb", "joker-bomb", "4a4"),
    "bomb": ("bomb", "run", "threes", "joker-bomb"),
    "pair": ("pair", "bomb"),
    "single": ("single", "bomb"),
}


def group(draw: Draw, pool: CardPool, kind: str) -> list[str]:
    """A group of free cards of the drawn ``kind`` (see :data:`KINDS`), taken from ``pool``."""
    if kind == "single":
        return pool.any_card(draw)
    if kind == "pair":
        return pool.take(draw, draw(st.sampled_from(ALL_RANKS)), 2)
    if kind == "bomb":
        rank = draw(st.sampled_from(ALL_RANKS))
        return pool.take(draw, rank, draw(st.integers(3, 8)))
    if kind == "threes":
        return pool.take(draw, "3", draw(st.sampled_from((3, 4, 4, 5, 6))))
    if kind == "four-threes":
        return pool.take(draw, "3", 4)
    if kind in ("run", "near-run"):
        return run(draw, pool, near=kind == "near-run")
    if kind == "4a4":
        style = draw(st.sampled_from(("suit", "black", "red", "mixed")))
        suit = draw(st.sampled_from(SUITS))
        if style == "suit":
            suits = (suit, suit, suit)
        elif style == "black":
            suits = ("S", "C", draw(st.sampled_from("SC")))
        elif style == "red":
            suits = ("H", "D", draw(st.sampled_from("HD")))
        else:
            suits = ("S", "H", suit)
        return (
            pool.take(draw, "4", 1, suits[0])
            + pool.take(draw, "4", 1, suits[1])
            + pool.take(draw, "A", 1, suits[2])
        )
    if kind == "joker-bomb":
        return pool.take(draw, "SJ", 1) + pool.take(draw, "BJ", 1)
    if kind == "jokers":
        return pool.take(draw, "SJ", draw(st.integers(0, 3))) + pool.take(
            draw, "BJ", draw(st.integers(0, 3))
        )
    out: list[str] = []
    for _ in range(draw(st.integers(1, 6))):
        out += pool.any_card(draw)
    return out


def run(
    draw: Draw, pool: CardPool, *, near: bool, size: tuple[int, int] | None = None
) -> list[str]:
    """Consecutive ranks with the same number of cards each (one suit sometimes), ``size``
    (cards per rank, ranks) when given; ``near`` spoils it: a rank left out, one card more on a
    rank, a card moved from one rank to another, a joker or a 2 added."""
    if size is None:
        width = draw(st.sampled_from((1, 1, 1, 2, 2, 3)))
        length = draw(st.sampled_from((2, 3, 3, 4, 5) if width > 1 else (3, 3, 4, 5, 6, 7)))
    else:
        width, length = size
    start = draw(st.integers(0, len(RUN_RANKS) - 1))
    ranks = [RUN_RANKS[(start + i) % len(RUN_RANKS)] for i in range(length)]
    if draw(st.integers(0, 4)):  # mostly runs that end by the A
        ranks = list(RUN_RANKS[max(0, min(start, len(RUN_RANKS) - length)) :][:length])
    suit = draw(st.sampled_from(SUITS)) if width == 1 and draw(st.booleans()) else None
    counts = {r: width for r in ranks}
    if near:
        spoil = draw(st.sampled_from(("gap", "extra", "shift", "shift", "joker", "two")))
        if spoil == "gap" and length > 3:
            del counts[ranks[draw(st.integers(1, length - 2))]]
        elif spoil == "extra":
            counts[draw(st.sampled_from(ranks))] += 1
        elif spoil == "shift" and width > 1:  # as many cards, unevenly spread
            giver, taker = draw(st.permutations(ranks))[:2]
            counts[giver] -= 1
            counts[taker] += 1
        elif spoil == "joker":
            counts[draw(st.sampled_from(("SJ", "BJ")))] = width
        else:
            counts["2"] = width
    out: list[str] = []
    for rank, n in counts.items():
        out += pool.take(draw, rank, n, suit)
    return out


def rival(draw: Draw, pool: CardPool, kind: str, top: list[str]) -> list[str]:
    """A group to play on ``top`` (a group of ``kind``): most often one a clause pits against it
    — the same shape elsewhere (:func:`same_shape`), cards of its own ranks (a chain step or a
    bomb of its rank), a kind of :data:`RIVALS` — else any kind."""
    how = draw(st.sampled_from(("shape", "shape", "ranks", "rival", "rival", "any")))
    if how == "shape" and top:
        return same_shape(draw, pool, top)
    if how == "ranks" and top:
        ranks = sorted(set(_rank_of(c) for c in top))
        n = draw(st.integers(1, 5))
        return [c for r in ranks for c in pool.take(draw, r, n)]
    if how == "rival":
        return group(draw, pool, draw(st.sampled_from(RIVALS.get(kind, KINDS))))
    return group(draw, pool, draw(st.sampled_from(KINDS)))


def same_shape(draw: Draw, pool: CardPool, top: list[str]) -> list[str]:
    """As many cards as ``top`` holds of one rank, of another rank; or a run of ``top``'s cards
    per rank and length; or, for a 4A4, another 4A4."""
    counts = Counter(_rank_of(c) for c in top)
    if counts == Counter({"4": 2, "A": 1}):
        return group(draw, pool, "4a4")
    if len(counts) == 1:
        n = next(iter(counts.values()))
        return pool.take(draw, draw(st.sampled_from(ALL_RANKS)), n)
    widths = set(counts.values())
    if len(widths) == 1:
        return run(draw, pool, near=False, size=(widths.pop(), len(counts)))
    return group(draw, pool, "run")


def _rank_of(card: str) -> str:
    return card if card in ("SJ", "BJ") else card[:-1]


@st.composite
def situations(draw: Draw) -> tuple[Variant, tuple[str, str], int | None, CardPool]:
    """Any accepted variant, the teams' levels, the ruling team and an empty pool of its cards."""
    variant = draw(play_variants())
    levels = (draw(st.sampled_from(LEVELS)), draw(st.sampled_from(LEVELS)))
    ruling = draw(st.sampled_from((None, 0, 1)))
    return variant, levels, ruling, CardPool(variant.decks)


# ---------------------------------------------------------------------- the oracle on the spec
def test_the_oracle_reads_the_spec_s_combinations() -> None:
    """4A4-COMBO-2 … 4A4-COMBO-9 as their examples say."""

    def name(text: str, **kw: object) -> str | None:
        combo = oracle_classify(text.split(), **kw)  # type: ignore[arg-type]
        return None if combo is None else combo.name

    assert name("SJ SJ") == "pair" and name("SJ BJ") == "joker-bomb"
    assert name("BJ SJ SJ") is None and name("SJ SJ SJ") == "bomb"
    assert name("QS KH AD") == "straight" and name("KS AH 2D") is None
    assert name("3S 4H 5D") == "straight" and name("2S 3H 4D") is None
    assert name("2S 3H 4D", straight_floor="2") == "straight"
    assert name("3S 4S 5S") == "flush-straight"
    assert name("3S 4S 5S", flush_straights=False) == "straight"
    assert name("3S 3H 4S 4H 5S 5H") == "double-straight"
    assert name("JS JH QS QH KS KH AS AH") == "double-straight"
    assert name("5S 5H 5D 6S 6H 6D") is None  # two triples: seed silent, nothing
    assert name("5S 5H 5D 6S 6H 6D 7S 7H 7D") == "triple-straight"
    assert name("5S 5H 5D 6S 6H 6D 7S 7H 7D", triple_straights=False) is None
    assert name("4S 4H AD", level="4", promoted=True) == "4a4"
    assert name("4S 4H AD 3C") is None and name("3S 3H 4S 4H") is None
    ne = {"level": "7", "level_in_straights": False}
    assert name("5S 6H 7D 8C 9S", **ne) is None and name("5S 6H 8D 9C", **ne) is None
    assert name("3S 4H 5D 6C", **ne) == "straight" and name("8S 9H 10D JC", **ne) == "straight"
    assert name("5S 6H 7D 8C 9S", level="7") == "straight"
    assert name("5S 6H 7D 8C 9S", level=None, level_in_straights=False) == "straight"


def test_a_run_with_uneven_counts_is_no_combination() -> None:
    """4A4-COMBO-5 (Double and triple straights) asks for *pairs* (*triples*) on consecutive
    ranks: 33 4 555 has six cards on three ranks but is no double straight, 333 44 5555 no
    triple straight, 3 44 5 no straight (4A4-COMBO-1 (Only the listed combinations exist)); the
    engine agrees with the oracle on each, and a leader may not lead one."""
    table = _table(load_variant("classic"), ("2", "2"), None)
    for text in (
        "3S 3H 4S 5S 5H 5D",
        "3S 3H 4S 4H 4D 5S",
        "3S 3H 3D 4S 4H 5S 5H 5D 5C",
        "3S 4S 4H 5S",
    ):
        assert oracle_classify(text.split()) is None
        assert classify(Cards.parse(text), table, 0) is None, text
    hands = (
        Cards.parse("3S 3H 4S 5S 5H 5D KD"),
        Cards.parse("9C"),
        Cards.parse("QS"),
        Cards.parse("QH"),
    )
    state = State(table, hands, 0)
    refusal = state.explain(Move(0, MoveKind.PLAY, Cards.parse("3S 3H 4S 5S 5H 5D")))
    assert refusal is not None and refusal.code == "not-a-combination"


def test_the_oracle_beats_as_the_spec_s_examples_say() -> None:
    """4A4-RANK-2, 4A4-RANK-4, 4A4-BEAT-3 … 4A4-BEAT-11 on the spec's own examples."""

    def c(text: str, seat_promoted: bool = False, level: str | None = None) -> Combo:
        combo = oracle_classify(text.split(), level=level, promoted=seat_promoted)
        assert combo is not None, text
        return combo

    # a ruling player's 6 beats an opponent's 6 at level 6; at level 2 the 2s stay equal
    assert oracle_beats(c("6S", False, "6"), c("6H", True, "6"))
    assert not oracle_beats(c("6S", True, "6"), c("6H", False, "6"))
    assert not oracle_beats(c("2S", False, "2"), c("2H", True, "2"))
    # 222 < 666 (promoted) < SJ×3 < BJ×3
    chain = [c("2S 2H 2D"), c("6S 6H 6D", True, "6"), c("SJ SJ SJ"), c("BJ BJ BJ")]
    for low, high in itertools.pairwise(chain):
        assert oracle_beats(low, high) and not oracle_beats(high, low)
    # flush over mixed, width rule, double over single only by the switch
    assert oracle_beats(c("9S 10H JD"), c("3S 4S 5S"))
    assert not oracle_beats(c("3S 4S 5S"), c("9S 10H JD"))
    assert oracle_beats(c("3S 4H 5D 6C 7S"), c("4S 4H 4D"))
    assert not oracle_beats(c("3S 3H 4S 4H 5S 5H"), c("4S 4H 4D"))
    assert oracle_beats(c("3S 3H 4S 4H 5S 5H"), c("4S 4H 4D 4C"))
    assert not oracle_beats(c("3S 4H 5D 6C 7S"), c("4S 4H 5S 5H 6D 6C"))
    assert oracle_beats(
        c("3S 4H 5D 6C 7S"), c("4S 4H 5S 5H 6D 6C"), double_beats_single_straight=True
    )
    assert oracle_beats(c("3S 3H 4S 4H 5S 5H"), c("2S 2H 2D"), bomb_vs_straight="any")
    # 4A4s: one suit over one colour over mixed; ♠ > ♥ > ♣ > ♦; black over red; mixed = mixed
    ladder = ["4S 4H AD", "4H 4D AH", "4S 4C AS", "4D 4D AD", "4C 4C AC", "4H 4H AH", "4S 4S AS"]
    for low_t, high_t in itertools.pairwise(ladder):
        assert oracle_beats(c(low_t), c(high_t)) and not oracle_beats(c(high_t), c(low_t))
    assert not oracle_beats(c("4S 4H AD"), c("4C 4D AS"))
    # the cycle 3333 > 4A4 > joker bomb > 3333, and its switch; five 3s lose
    four, fa4, jb = c("3S 3H 3D 3C"), c("4S 4H AD"), c("SJ BJ")
    assert oracle_beats(fa4, four) and oracle_beats(jb, fa4) and oracle_beats(four, jb)
    assert not oracle_beats(fa4, four, four_threes_beat_4a4=False)
    assert oracle_beats(four, fa4, four_threes_beat_4a4=False)
    assert not oracle_beats(fa4, c("3S 3H 3D 3C 3S")) and oracle_beats(c("3S 3H 3D 3C 3S"), fa4)
    assert oracle_beats(c("3S 3H 3D 3C"), c("4S 4H 4D 4C"))
    assert not oracle_beats(c("3S 3H 3D 3C", True, "3"), c("4S 4H 4D 4C"))
    # only a 4A4 bombs a double straight (the north-eastern rule)
    ds = c("3S 3H 4S 4H 5S 5H")
    for bomb in ("4S 4H 4D 4C 4S 4H", "SJ BJ"):
        assert oracle_beats(ds, c(bomb)) and not oracle_beats(
            ds, c(bomb), bombs_beat_double_straights=False
        )
    assert oracle_beats(ds, fa4, bombs_beat_double_straights=False)
    assert oracle_beats(c("3S 4H 5D"), c("2S 2H 2D"), bombs_beat_double_straights=False)


# ---------------------------------------------------------------------- engine against oracle
@settings(max_examples=150, deadline=None)
@given(situations(), st.data())
def test_the_engine_classifies_as_the_clauses_say(
    situation: tuple[Variant, tuple[str, str], int | None, CardPool], data: st.DataObject
) -> None:
    """4A4-COMBO-1 … 4A4-COMBO-9: the engine's ``classify`` names what the oracle names, with
    the same cards per rank, ranks, flush and four-3s marks, for either team's seat."""
    variant, levels, ruling, pool = situation
    table = _table(variant, levels, ruling)
    level = levels[ruling] if ruling is not None else None
    for _ in range(4):
        cards = group(data.draw, pool, data.draw(st.sampled_from(KINDS)))
        if not cards:
            continue
        seat = data.draw(st.integers(0, variant.players - 1))
        expected = oracle_combo(cards, variant, level, ruling, seat)
        got = classify(Cards.parse(" ".join(cards)), table, seat)
        assert shape(got) == shape(expected), (cards, seat, levels, ruling, variant)


@settings(max_examples=200, deadline=None)
@given(situations(), st.data())
def test_the_engine_beats_as_the_clauses_say(
    situation: tuple[Variant, tuple[str, str], int | None, CardPool], data: st.DataObject
) -> None:
    """4A4-BEAT-1 … 4A4-BEAT-11 with 4A4-RANK-2 (The level card): the engine's ``beats`` agrees
    with the oracle's on two combinations, each read for the seat that played it."""
    variant, levels, ruling, pool = situation
    table = _table(variant, levels, ruling)
    level = levels[ruling] if ruling is not None else None
    kind = data.draw(st.sampled_from(KINDS))
    top_cards = group(data.draw, pool, kind)
    play_cards = rival(data.draw, pool, kind, top_cards)
    top_seat, play_seat = data.draw(st.sampled_from(((0, 1), (1, 0), (0, 2), (1, 3))))
    top = oracle_combo(top_cards, variant, level, ruling, top_seat)
    play = oracle_combo(play_cards, variant, level, ruling, play_seat)
    if top is None or play is None:
        return  # not two combinations: the classification test's business
    e_top = classify(Cards.parse(" ".join(top_cards)), table, top_seat)
    e_play = classify(Cards.parse(" ".join(play_cards)), table, play_seat)
    assert e_top is not None and e_play is not None
    expected = oracle_beat(top, play, variant)
    assert beats(e_top, e_play, table) == expected, (top_cards, play_cards, levels, ruling)


@settings(max_examples=150, deadline=None)
@given(situations(), st.data())
def test_a_play_on_a_top_is_judged_as_the_clauses_say(
    situation: tuple[Variant, tuple[str, str], int | None, CardPool], data: st.DataObject
) -> None:
    """A state with a combination on top and the next seat to play: ``explain`` of a play of
    cards is ``None`` exactly when the oracle reads a combination that beats the top (4A4-TURN-2
    (Following)), ``not-a-combination`` when it reads none (4A4-COMBO-1 (Only the listed
    combinations exist)), ``does-not-beat`` otherwise — and with ``cha = "chain"`` a play that
    the chain oracle splits into chain steps is ``chain-step-not-play`` (4A4-CHAIN-8 (Several
    steps in one play))."""
    variant, levels, ruling, pool = situation
    players = variant.players
    most = -(-54 * variant.decks // players)
    level = levels[ruling] if ruling is not None else None
    leader = data.draw(st.integers(0, players - 1))
    follower = (leader + 1) % players
    kind = data.draw(st.sampled_from(KINDS))
    top_cards = group(data.draw, pool, kind)[: most - 1]
    top = oracle_combo(top_cards, variant, level, ruling, leader) if top_cards else None
    if top is None:
        pool.used.subtract(top_cards)
        top_cards = pool.any_card(data.draw)
        top = oracle_combo(top_cards, variant, level, ruling, leader)
    assert top is not None
    play_cards = rival(data.draw, pool, kind, top_cards)[: most - 1]
    if not play_cards:
        return
    hands = [pool.any_card(data.draw) for _ in range(players)]
    if top.name != "double-straight":  # a double straight may have to be the leader's last cards
        hands[leader] += top_cards
    else:
        hands[leader] = list(top_cards)
    hands[follower] += play_cards
    if any(not h for h in hands):
        return  # the pool ran dry: no filler card for some seat
    table = _table(variant, levels, ruling)
    state = State(table, tuple(Cards.parse(" ".join(h)) for h in hands), leader)
    state = state.apply(Move(leader, MoveKind.PLAY, Cards.parse(" ".join(top_cards))))
    assert state.turn == follower
    play = oracle_combo(play_cards, variant, level, ruling, follower)
    chained = variant.cha.value == "chain" and steps_made(
        top_cards, 0, play_cards, gou=variant.gou, double_cha=variant.double_cha
    )
    if chained:
        expected: str | None = "chain-step-not-play"
    elif play is None:
        expected = "not-a-combination"
    elif oracle_beat(top, play, variant):
        expected = None
    else:
        expected = "does-not-beat"
    verdict = state.explain(Move(follower, MoveKind.PLAY, Cards.parse(" ".join(play_cards))))
    got = None if verdict is None else verdict.code
    assert got == expected, (top_cards, play_cards, levels, ruling, verdict)


# ---------------------------------------------------------------------- landmarks, exhaustively
LANDMARKS = (
    "3S", "6H", "2S", "SJ", "BJ", "6S 6H", "2S 2D", "SJ SJ", "BJ BJ",
    "3S 4D 5H", "3S 4S 5S", "4S 5D 6H", "4H 5H 6H", "3S 4D 5H 6C 7S", "2S 3D 4H",
    "3S 3H 4S 4H", "3S 3H 4S 4H 5S 5H", "4S 4H 5S 5H 6D 6C", "4S 4H 5S 5H 6D 6C 7S 7H",
    "5S 5H 5D 6S 6H 6D 7S 7H 7D", "6S 6H 6D 7S 7H 7D 8S 8H 8D",
    "2S 2H 2D", "6S 6H 6D", "7S 7H 7D", "3S 3H 3D", "3S 3H 3D 3C", "3S 3H 3D 3C 3S",
    "3S 3H 3D 3C 3S 3H", "4S 4H 4D 4C", "6S 6H 6D 6C", "SJ SJ SJ", "BJ BJ BJ",
    "8S 8H 8D 8C 8S", "9S 9H 9D 9C 9S 9H", "SJ BJ",
    "4S 4H AD", "4C 4D AS", "4H 4D AH", "4S 4C AS", "4D 4D AD", "4C 4C AC", "4H 4H AH", "4S 4S AS",
)  # fmt: skip

#: Variant changes each landmark pair is judged under, on each preset.
TOGGLES: tuple[dict[str, object], ...] = (
    {},
    {"four_threes_beat_4a4": True},
    {"four_threes_beat_4a4": False},
    {"bombs_beat_double_straights": False, "four_threes_beat_4a4": True},
    {"bomb_vs_straight": "any", "double_beats_single_straight": True},
    {"flush_straights": False, "min_tuple_run": 2},
)


def test_every_landmark_pair_is_judged_as_the_clauses_say() -> None:
    """Every ordered pair of landmark combinations (4A4s of each class, three to six 3s, joker
    bombs, bombs, runs of each kind) under the presets and the beating switches, with nobody
    ruling and with team 1 ruling at level 3 (its 3s promoted, seats 1 against 0): the engine
    beats exactly where the oracle does, 4A4-BEAT-1 … 4A4-BEAT-11."""
    checked = 0
    for preset in ("classic", "one-deck", "northeast"):
        for toggle in TOGGLES:
            variant = load_variant(preset, overrides=toggle)
            for levels, ruling in ((("2", "2"), None), (("5", "3"), 1)):
                table = _table(variant, levels, ruling)
                level = levels[ruling] if ruling is not None else None
                for top_seat, play_seat in ((0, 1), (1, 0)):
                    tops = _landmarks(variant, table, level, ruling, top_seat)
                    plays = _landmarks(variant, table, level, ruling, play_seat)
                    for top_text, (top, e_top) in tops.items():
                        for play_text, (play, e_play) in plays.items():
                            expected = oracle_beat(top, play, variant)
                            got = beats(e_top, e_play, table)
                            assert got == expected, (preset, toggle, ruling, top_text, play_text)
                            checked += 1
    assert checked > 20_000


def _landmarks(
    variant: Variant, table: Table, level: str | None, ruling: int | None, seat: int
) -> dict[str, tuple[Combo, Combination]]:
    """The landmarks that are combinations under ``variant``, read by the oracle and the engine
    (which must agree on what each is)."""
    out = {}
    for text in LANDMARKS:
        combo = oracle_combo(text.split(), variant, level, ruling, seat)
        e_combo = classify(Cards.parse(text), table, seat)
        assert shape(e_combo) == shape(combo), text
        if combo is not None and e_combo is not None:
            out[text] = (combo, e_combo)
    return out
