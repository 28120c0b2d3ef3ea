"""The follow rule against an oracle written from the clauses — SJ-FOLLOW-3 (The shape ladder),
SJ-FOLLOW-4 (The follow must be the best the hand allows), SJ-FOLLOW-5 (Following a throw) — not
from the code.

:mod:`cardrules.testing.clause_oracles` knows the ladder only as SJ-FOLLOW-3 (The shape ladder)
words it and the throw's order only as SJ-FOLLOW-5 (Following a throw) does; it imports nothing of
``cardrules.shengji``. Here both judge every choice of a follower's hearts against a lead of hearts
(plain, level 2, ♠ trump): the follower holds ranks 3…8, the lead lies on 9…A, its pieces a rank
apart so the throw is read as those pieces and stands.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji.combos import classify
from cardrules.shengji.follow import explain_follow
from cardrules.shengji.order import trump_context
from cardrules.shengji.variant import Variant
from cardrules.testing.clause_oracles import (
    Piece,
    best_follows,
    choices,
    follow_is_best,
    ladder,
    throw_order,
)
from cardrules.variant import load_variant

FOUR = load_variant("four-deck", game="shengji")
assert isinstance(FOUR, Variant)
CTX = trump_context(FOUR, Rank.parse("2"), Suit.parse("S"))
#: the hearts in order with level 2 left out: the lane
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FOLLOWER_RANKS = 6  # 3 … 8
LEAD_FROM = 6  # 9 … A


def hearts(counts: dict[int, int] | list[int]) -> Cards:
    pairs = counts.items() if isinstance(counts, dict) else enumerate(counts)
    return Cards.parse(" ".join(f"{RANKS[i]}H" for i, n in pairs for _ in range(n)))


def engine_says_legal(
    lead: list[Piece], at: list[int], holding: list[int], play: list[int]
) -> bool:
    """The engine's verdict on ``play`` (copies per rank 3…8) against the lead's pieces placed
    from ranks ``at``."""
    lead_counts: dict[int, int] = {}
    for (width, length), start in zip(lead, at, strict=True):
        for i in range(start, start + length):
            lead_counts[i] = width
    combo = classify(hearts(lead_counts), CTX)
    assert combo is not None
    hand = hearts(holding) + Cards.parse("3C")
    verdict = explain_follow(combo, hand, hearts(play), CTX)
    if verdict is not None:
        assert verdict.code == "must-follow-shape", verdict
    return verdict is None


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[Piece], list[int], list[int]]:
    """A lead of one to three pieces on 9…A, a rank between pieces, and a follower's holding of
    hearts on 3…8 longer than the lead."""
    lead: list[Piece] = []
    at: list[int] = []
    free = LEAD_FROM
    for _ in range(draw(st.integers(1, 3))):
        room = len(RANKS) - free
        if room <= 0:
            break
        width = draw(st.integers(1, 4))
        length = draw(st.integers(1, min(3, room))) if width > 1 else 1
        if width == 1 and lead:  # singles beside other pieces: keep them apart, as pieces
            length = 1
        lead.append((width, length))
        at.append(free)
        free += length + 1
    size = sum(w * n for w, n in lead)
    # pairs most often: a ladder's narrower steps show only where no wider piece hides them
    holding = [draw(st.sampled_from((0, 1, 2, 2, 2, 3, 4))) for _ in range(FOLLOWER_RANKS)]
    if sum(holding) <= size:  # the ladder binds only a longer holding
        extra = size + 1 - sum(holding)
        for i in range(FOLLOWER_RANKS):
            take = min(4 - holding[i], extra)
            holding[i] += take
            extra -= take
    if sum(holding) <= size:
        lead, at = lead[:1], at[:1]
    return lead, at, holding


@settings(max_examples=300, deadline=None)
@given(situations())
def test_every_choice_is_judged_as_the_clauses_say(
    situation: tuple[list[Piece], list[int], list[int]],
) -> None:
    lead, at, holding = situation
    size = sum(w * n for w, n in lead)
    if sum(holding) <= size:
        return  # a lead of 24 cards against a full holding: the suit rule, not the ladder
    legal = best_follows(lead, holding)
    for play in choices(holding, size):
        expected = play in legal
        assert engine_says_legal(lead, at, holding, list(play)) == expected, (lead, holding, play)


def test_the_oracle_s_ladders_are_the_seed_s() -> None:
    """SJ-FOLLOW-7 (The seed's ladders)'s lists, read off the oracle's ladder: quad → quad, triple,
    pair tractor, pair; tractor of two quads → …, two-triple tractor before the triple … ."""
    assert ladder((4, 1)) == ((4, 1), (3, 1), (2, 2), (2, 1))
    assert ladder((2, 2)) == ((2, 2), (2, 1))
    assert ladder((2, 3)) == ((2, 3), (2, 2), (2, 1))
    assert ladder((3, 2)) == ((3, 2), (3, 1), (2, 3), (2, 2), (2, 1))
    assert ladder((4, 2))[:4] == ((4, 2), (4, 1), (3, 2), (3, 1))
    assert ladder((1, 1)) == ()
    assert throw_order([(2, 1), (3, 1), (2, 2)]) == ((3, 1), (2, 2), (2, 1))


def test_a_throw_s_widest_piece_is_followed_first() -> None:
    """The audit's survivor: AH AH AH 9H 9H followed from 7H 7H 7H 3H 5H JH — the triple takes
    777 first, so 77 3 5 J is refused and 777 with two singles stands (both verdicts, engine and
    oracle)."""
    lead: list[Piece] = [(3, 1), (2, 1)]  # AAA and 99
    held = {"3": 1, "5": 1, "7": 3, "J": 1}
    holding = [held.get(r, 0) for r in RANKS]  # the whole lane 3 … A

    def play(text: dict[str, int]) -> list[int]:
        return [text.get(r, 0) for r in RANKS]

    assert follow_is_best(lead, holding, play({"7": 3, "3": 1, "5": 1}))
    assert not follow_is_best(lead, holding, play({"7": 2, "3": 1, "5": 1, "J": 1}))
    ctx_lead = classify(Cards.parse("AH AH AH 9H 9H"), CTX)
    assert ctx_lead is not None
    hand = Cards.parse("7H 7H 7H 3H 5H JH 3C")
    assert explain_follow(ctx_lead, hand, Cards.parse("7H 7H 7H 3H 5H"), CTX) is None
    refused = explain_follow(ctx_lead, hand, Cards.parse("7H 7H 3H 5H JH"), CTX)
    assert refused is not None and refused.code == "must-follow-shape"
