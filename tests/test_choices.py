"""CORE-API-3 (Choices too large to list): a choice too large to list is refused before any move
is built, still answers ``bool``, ``count()`` and ``in``, and is described by data from which
every move built or drawn is legal; the description agrees with ``count()`` and with the listing
where both exist, reads back from its JSON and follows its schema."""

from __future__ import annotations

import io
import itertools
import json
import random
from collections.abc import Iterator
from typing import TypeVar

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, Cards, GameState, IllegalMoveError, MoveLike, shengji, siyaosi
from cardrules.bots import askers
from cardrules.cards import all_cards
from cardrules.errors import ERROR_CODES, DocumentError
from cardrules.jsonio import JSONObject
from cardrules.legal import Choice, Description, LegalMoves, PieceNeed, TooManyMovesError
from cardrules.limits import MAX_LISTED_MOVES
from cardrules.play import _Terminal
from cardrules.position import load_position
from cardrules.schema import schema_of
from cardrules.shengji import movegen
from cardrules.shengji.bots import HeuristicBot
from cardrules.shengji.match import phases
from cardrules.testing.strategies import seeds

M = TypeVar("M", bound=MoveLike)

SCHEMA = schema_of("legal-moves")


# ---------------------------------------------------------------------- positions
def _bury_match(seed: int = 1) -> shengji.Match:
    rng = random.Random(seed)
    match = shengji.Match.new(shengji.load_variant("four-deck"), seed=seed)
    while match.phase is not shengji.Phase.BURY:
        match = match.apply(match.random_move(rng))
    return match


def _shengji(hands: list[str], trump: str = "S", decks: int = 4) -> shengji.State:
    return shengji.State.from_position(
        load_position(
            {
                "game": "shengji",
                "variant": "four-deck",
                "overrides": {"decks": decks},
                "levels": ["2", "2"],
                "trump": trump,
                "banker": 0,
                "hands": hands,
            }
        )
    )


_PLAIN = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
#: A throw of ten single hearts nobody can beat; the followers hold no heart.
_THROW = "AH KH QH JH 10H 9H 8H 7H 6H 5H"


def _void_follow() -> shengji.State:
    state = _shengji([_THROW, _PLAIN, _PLAIN, _PLAIN])
    return state.apply(state.parse_move("0: " + _THROW))


def _big_lead() -> shengji.State:
    """A leader holding every plain heart twice: 3^12 - 1 leads of hearts alone."""
    hearts = " ".join(
        f"{r}H {r}H" for r in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    )
    return _shengji([hearts, "3C", "4C", "5C"])


def _tractor_follow() -> shengji.State:
    """A tractor of three pairs led; the follower holds pairs of hearts but no tractor."""
    pairs = " ".join(f"{r}H {r}H" for r in ["3", "5", "7", "9", "J", "K"])
    singles = " ".join(f"{r}H" for r in ["4", "6", "8", "10", "Q", "A"])
    state = _shengji(["AH AH KH KH QH QH", f"{pairs} {singles} 3C", "3C 4C", "5C 6C"])
    return state.apply(state.parse_move("0: AH AH KH KH QH QH"))


def _no_moves(*_args: object, **_kwargs: object) -> Iterator[tuple[int, ...]]:
    raise AssertionError("a move was about to be built")


# ---------------------------------------------------------------------- refused before any move
def test_listing_a_burial_is_refused_before_any_move_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = _bury_match()
    burier = match.turn
    assert burier is not None
    # the listing draws its burials from sub_multisets: it must refuse before asking it
    monkeypatch.setattr(phases, "sub_multisets", _no_moves)
    for moves in (match.legal_moves(), match.legal_moves(burier), match.view(burier).legal_moves()):
        with pytest.raises(TooManyMovesError) as caught:
            list(moves)
        err = caught.value
        assert err.code == "too-many-moves" and err.code in ERROR_CODES
        assert err.count == 81_729_049 == moves.count()
        assert err.to_json()["count"] == 81_729_049
        assert "describe()" in str(err) and "random_move" in str(err) and "count()" in str(err)
        with pytest.raises(TooManyMovesError):
            next(itertools.islice(moves, 3))
        with pytest.raises(TooManyMovesError):
            for _move in moves:
                break


def test_a_lead_and_a_follow_too_large_are_refused_before_any_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(movegen, "sub_multisets", _no_moves)
    monkeypatch.setattr(movegen, "iter_follows", _no_moves)
    for state in (_big_lead(), _void_follow()):
        seat = state.turn
        assert seat is not None
        for moves in (state.legal_moves(), state.view(seat).legal_moves()):
            with pytest.raises(TooManyMovesError) as caught:
                list(moves)
            assert caught.value.count == moves.count() > MAX_LISTED_MOVES
            assert not moves.listable()


def test_a_huge_choice_still_answers_bool_count_and_in() -> None:
    match = _bury_match()
    moves = match.legal_moves()
    assert bool(moves) and moves.count() == 81_729_049
    described = moves.describe()
    assert not described.listable and described.count == 81_729_049
    (burial,) = described.choices
    assert (burial.kind, burial.least, burial.most, burial.clause) == ("bury", 8, 8, "SJ-KITTY-1")
    assert burial.pool == match.hands[match.turn or 0] and not burial.required
    move = burial.sample(random.Random(3))
    assert move in moves and match.explain(move) is None
    assert "81,729,049" in repr(moves)
    # the seat with a burial too large to list is asked all the same
    assert askers(match) == [match.turn]
    follow = _void_follow()
    assert askers(follow) == [1] and bool(follow.legal_moves())


def test_the_void_follow_is_all_led_cards_then_any_others() -> None:
    state = _void_follow()
    (family,) = state.legal_moves().describe().choices
    assert not family.required and family.least == family.most == 10
    assert family.pool == Cards.parse(_PLAIN) and family.count == 1_961_256
    assert family.clause == "SJ-FOLLOW-2" and not family.pieces
    short = _shengji([_THROW, "3H 4H " + _PLAIN, _PLAIN, _PLAIN])
    short = short.apply(short.parse_move("0: " + _THROW))
    (family,) = short.legal_moves().describe().choices
    assert family.required == Cards.parse("3H 4H") and family.least == family.most == 8
    assert family.count == short.legal_moves().count()


def test_a_structure_to_keep_is_named_by_its_pieces() -> None:
    state = _tractor_follow()
    moves = state.legal_moves()
    (family,) = moves.describe().choices
    (need,) = family.pieces
    assert (need.name, need.width, need.length, need.count) == ("pair", 2, 1, 3)
    assert set(need.options) == {Cards.parse(f"{r}H {r}H") for r in ["3", "5", "7", "9", "J", "K"]}
    assert family.count == moves.count() == 20
    assert {m.cards for m in moves} == _members(family)


def test_build_checks_the_family_and_the_rules() -> None:
    state = _tractor_follow()
    (family,) = state.legal_moves().describe().choices
    good = Cards.parse("3H 3H 5H 5H 7H 7H")
    assert family.build(good) == shengji.Move(1, shengji.MoveKind.PLAY, good)
    with pytest.raises(IllegalMoveError) as caught:
        family.build(Cards.parse("3H 3H 4H 6H 8H 10H"))  # one pair where three are held
    assert caught.value.code == "must-follow-shape"
    with pytest.raises(CardrulesError) as refused:
        family.build(Cards.parse("3H 3H 5H 5H 7H"))  # five cards
    assert refused.value.code == "bad-argument"
    with pytest.raises(CardrulesError):
        family.build("3H 3H 5H 5H 7H 7H")  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the description holds
def _holds(counts: list[int], wanted: list[tuple[Cards, ...]]) -> bool:
    """Whether disjoint pieces, one among each of ``wanted``'s options, lie within ``counts``."""
    if not wanted:
        return True
    for option in wanted[0]:
        used = option.counts
        if all(u <= c for u, c in zip(used, counts, strict=True)):
            rest = [c - u for c, u in zip(counts, used, strict=True)]
            if _holds(rest, wanted[1:]):
                return True
    return False


def _members(family: Choice[M]) -> set[Cards]:
    """Every card set the family describes, by brute force over the pool."""
    pool = family.pool.counts
    held = [i for i, n in enumerate(pool) if n]
    wanted = [need.options for need in family.pieces for _ in range(need.count)]
    out = set()
    for takes in itertools.product(*(range(pool[i] + 1) for i in held)):
        if not family.least <= sum(takes) <= family.most:
            continue
        counts = [0] * 54
        for i, t in zip(held, takes, strict=True):
            counts[i] = t
        if _holds(counts, wanted):
            out.add(family.required + Cards.from_counts(counts))
    return out


def _candidates(family: Choice[M]) -> int:
    product = 1
    for n in family.pool.counts:
        product *= n + 1
    return product


def _check(actor: GameState[M], rng: random.Random) -> None:
    """Everything CORE-API-3 promises, for the state and for the seat in turn's view."""
    seat = actor.turn
    seats = [None] if seat is None else [None, seat]
    for who in seats:
        moves: LegalMoves[M] = actor.legal_moves(who)
        described = moves.describe()
        if who is not None:
            assert actor.view(who).legal_moves().describe() == described
        doc = described.to_json()
        jsonschema.validate(doc, SCHEMA)
        back = Description.from_json(json.dumps(doc), actor, actor.explain)
        assert back == described
        if described.count is not None:
            assert described.count == moves.count()
        assert moves.listable() == described.listable
        if not described.listable:
            with pytest.raises(TooManyMovesError):
                list(moves)
        elif described.count is not None and described.count <= 2000:
            listed = list(moves)
            assert len(listed) == len(set(listed)) == described.count
            families = [f for f in described.choices if _candidates(f) <= 20_000]
            if len(families) == len(described.choices):
                members = {(f.seat, f.kind, c) for f in families for c in _members(f)}
                singles = {(m.seat, str(m.kind), m.cards) for m in described.moves}
                assert {(m.seat, str(m.kind), m.cards) for m in listed} == members | singles
        for family in described.choices:
            for _ in range(3):
                move = family.sample(rng)
                assert actor.explain(move) is None, (move, family)
                assert family.fits(move.cards) and family.build(move.cards) == move
                actor.apply(move)
        if described.moves or described.choices:
            assert actor.explain(described.sample(rng)) is None


def _walk(state: GameState[M], seed: int, stops: int) -> None:
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and steps < 2000:
        if rng.random() < stops / 100:
            _check(state, rng)
        state = state.apply(state.random_move(rng))
        steps += 1


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds())
def test_shengji_rounds_and_matches_are_described_truly(seed: int) -> None:
    rng = random.Random(seed)
    trump = rng.choice(["S", "H", "C", "D", "none"])
    _walk(shengji.State.new("four-deck", seed=seed, trump=trump, banker=seed % 4), seed, 8)
    _walk(_bury_match(seed % 1000 + 1), seed, 2)


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds())
def test_siyaosi_rounds_and_matches_are_described_truly(seed: int) -> None:
    variant = siyaosi.load_variant("classic", overrides={"players": 8, "decks": 4})
    _walk(siyaosi.State.new(variant, seed=seed), seed, 5)
    _walk(siyaosi.Match.new(siyaosi.load_variant("one-deck"), seed=seed), seed, 2)


_DECK = [str(c) for c in all_cards() for _ in range(4)]


@st.composite
def _follows(draw: st.DrawFn) -> shengji.State:
    """Adversarial Shengji follows: the leader holds every copy of the top ranks of one suit and
    leads any set of them (a throw nobody can beat, unless the suit is not trumps and a trump
    outranks it); the others hold the rest of the suit, leaning to it or void of it, and other
    cards; one or two of them may have followed already."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    suit = rng.choice("SHCD")
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    tops = ranks[: draw(st.integers(1, 4))]
    top = [c for c in _DECK if c.endswith(suit) and c[:-1] in tops]
    lean = [c for c in _DECK if c.endswith(suit) and c[:-1] in ranks and c[:-1] not in tops]
    rest = [c for c in _DECK if not c.endswith(suit) or c[:-1] not in ranks]
    rng.shuffle(lean)
    rng.shuffle(rest)
    counts = [0] * 54
    for card in top:
        index = Cards.parse(card).counts.index(1)
        counts[index] = draw(st.integers(0, 4)) if counts[index] == 0 else counts[index]
    if not any(counts):
        counts[Cards.parse(top[0]).counts.index(1)] = 4
    lead_cards = Cards.from_counts(counts)
    hands = [" ".join([*top, *(rest.pop() for _ in range(draw(st.integers(0, 10))))])]
    for _ in range(3):
        size = draw(st.integers(1, 45))
        take = min(draw(st.integers(0, 30)), len(lean), size)
        hands.append(
            " ".join([lean.pop() for _ in range(take)] + [rest.pop() for _ in range(size - take)])
        )
    trump = draw(st.sampled_from(["S", "H", "C", "D", "none"]))
    state = _shengji(hands, trump)
    after = state.apply(shengji.Move(0, shengji.MoveKind.PLAY, lead_cards))
    for _ in range(draw(st.integers(0, 2))):
        if after.is_over or not after.trick:
            break
        after = after.apply(after.random_move(rng))
    return after


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_follows(), seeds())
def test_adversarial_follows_are_described_truly(state: shengji.State, seed: int) -> None:
    _check(state, random.Random(seed))


# ---------------------------------------------------------------------- 四幺四 never explodes
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_siyaosi_listings_stay_far_below_the_limit(rng: random.Random) -> None:
    """四幺四 lists one canonical card choice per effect (4A4-MOVES-1): even a 54-card hand of
    four decks leads a few hundred moves (singles, pairs and bombs per rank, runs per span)."""
    deck = [c for c in _DECK if c != "3S"]
    hand = " ".join(rng.sample(deck, 54))
    variant = {"game": "siyaosi", "variant": "classic", "overrides": {"decks": 4}}
    state = siyaosi.State.from_position(
        load_position({**variant, "hands": [hand, "3S", "3S", "3S"], "leader": 0})
    )
    moves = state.legal_moves()
    assert len(list(moves)) <= 1000 and moves.describe().listable


# ---------------------------------------------------------------------- the JSON document
def test_a_tampered_description_is_refused() -> None:
    state = _void_follow()
    doc = state.legal_moves().describe().to_json()
    choices = doc["choices"]
    assert isinstance(choices, list) and isinstance(choices[0], dict)
    tampered: list[JSONObject] = [
        {**doc, "count": 5},
        {**doc, "listable": True},
        {**doc, "extra": 1},
        {**doc, "choices": [{**choices[0], "pool": "ZZ"}]},
        {**doc, "choices": [{**choices[0], "seat": True}]},
        {**doc, "moves": ["0: 3S 3S 3S 3S 3S"]},
        {**doc, "type": "view"},
    ]
    for bad in tampered:
        with pytest.raises(DocumentError):
            Description.from_json(bad, state, state.explain)


def test_a_description_without_families_is_its_moves() -> None:
    state = siyaosi.State.new("classic", seed=4)
    described = state.legal_moves().describe()
    assert described.moves == tuple(state.legal_moves()) and not described.choices
    assert described.listable and described.count == state.legal_moves().count()
    need = PieceNeed(name="pair", width=2, length=1, count=1, options=(Cards.parse("3H 3H"),))
    assert need.to_json()["options"] == ["3H 3H"]


# ---------------------------------------------------------------------- the library's own callers
def test_the_heuristic_bot_plays_a_lead_and_a_burial_too_large_to_list() -> None:
    bot = HeuristicBot()
    rng = random.Random(2)
    for state in (_big_lead(), _void_follow()):
        seat = state.turn
        assert seat is not None
        move = bot.choose(state.view(seat), rng)
        assert move is not None and state.explain(move) is None
    match = _bury_match()
    move = bot.choose(match.view(match.turn or 0), rng)
    assert move is not None and match.explain(move) is None


def test_hint_describes_a_burial_and_offers_one_legal_move() -> None:
    match = _bury_match()
    seat = match.turn
    assert seat is not None
    screen = io.StringIO()
    terminal = _Terminal(seat=seat, bot="random", seed=1, stdin=io.StringIO(), stdout=screen)
    terminal.hint(match.view(seat))
    lines = screen.getvalue().splitlines()
    assert lines[0] == "81,729,049 legal moves, too many to list; they are:"
    assert lines[1].startswith("  bury 8 of ") and lines[1].endswith("(81,729,049 ways)")
    example = lines[-1].split("legal: ", 1)[1]
    assert match.explain(match.parse_move(f"{seat}: {example}")) is None
