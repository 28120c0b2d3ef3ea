"""Every public entry point checks its arguments as the command line does (issue 19, items 4 and
9): a wrong type or a value out of range is one ``CardrulesError`` with a code — ``bad-argument``
for an argument of a call — raised before anything is done, never a ``TypeError`` or an
``AttributeError`` from inside, and nothing changes. A seat is an ``int`` of the table: ``True``,
``1.0``, ``"0"``, ``-1`` and ``10**19`` are not seats, for ``legal_moves(seat)`` as for
``view(seat)``. Card and move text part their tokens by ASCII white space only."""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import (
    CardrulesError,
    Cards,
    MoveText,
    load_position,
    parse_move_text,
    shengji,
    siyaosi,
)
from cardrules.args import seat as check_seat
from cardrules.args import shown
from cardrules.cards import Rank, Suit
from cardrules.errors import ArgumentError
from cardrules.judge import draw, judge
from cardrules.limits import quote

CHAIN = {
    "game": "siyaosi",
    "variant": "classic",
    "leader": 0,
    "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
}
BAD_SEATS: list[object] = [-1, 4, "0", "1", 10**19, 10**5000, True, False, 1.0, 0.0, None, [0]]


def _actors() -> list[Any]:
    """A state, a view, a match and a match view of each game, in different phases."""
    rng = random.Random(2)
    chain = siyaosi.State.from_position(load_position(CHAIN))
    smatch = siyaosi.Match.new("classic", seed=3)
    sj = shengji.State.new("four-deck", seed=7, trump="H", banker=0)
    sj = sj.apply(sj.random_move(rng))
    jmatch = shengji.Match.new("four-deck", seed=3)
    return [
        chain,
        chain.view(1),
        smatch,
        smatch.view(0),
        sj,
        sj.view(1),
        jmatch,
        jmatch.view(jmatch.turn or 0),
    ]


ACTORS = _actors()
NAMES = [f"{a.variant.game}.{type(a).__name__}" for a in ACTORS]


def _refused(call: Callable[[], object], code: str = "bad-argument") -> CardrulesError:
    with pytest.raises(CardrulesError) as err:
        call()
    assert err.value.code == code, (err.value.code, str(err.value))
    return err.value


# ---------------------------------------------------------------------- item 4: the judge
def test_judge_refuses_what_is_not_a_list_of_move_texts() -> None:
    position = load_position(CHAIN)
    err = _refused(lambda: judge(position, ["0: 8S", 5]))  # type: ignore[list-item]
    assert "move 2" in str(err)
    _refused(lambda: judge(position, 5))  # type: ignore[arg-type]
    _refused(lambda: judge(position, "0: 8S"))
    _refused(lambda: judge(position, []))
    _refused(lambda: judge(position, ["0: 8S"], view="1"))  # type: ignore[arg-type]
    _refused(lambda: judge(position, ["0: 8S"], view=True))
    _refused(lambda: judge(position, ["0: 8S"], view=4))
    _refused(lambda: judge(5, ["0: 8S"]))  # type: ignore[arg-type]
    assert judge(position, ["0: 8S"], view=0).legal


@pytest.mark.parametrize("actor", ACTORS, ids=NAMES)
@pytest.mark.parametrize("text", [None, 5, b"0: 3S", ["0: 3S"], 1.5])
def test_parse_move_refuses_what_is_not_move_text(actor: Any, text: object) -> None:
    err = _refused(lambda: actor.parse_move(text), "bad-notation")
    assert "move is text" in str(err)


@pytest.mark.parametrize("actor", ACTORS, ids=NAMES)
def test_parse_move_checks_a_move_text_made_in_code(actor: Any) -> None:
    seat = getattr(actor, "seat", 0)
    for bad in (
        MoveText(True, None, Cards.parse("3S")),
        MoveText(seat, None, None),  # type: ignore[arg-type]
        MoveText(seat, 5, Cards.parse("3S")),  # type: ignore[arg-type]
        MoveText(seat, "bogus", Cards.parse("3S")),
        MoveText(seat, None, Cards()),
    ):
        _refused(functools.partial(actor.parse_move, bad), "bad-notation")


# ---------------------------------------------------------------------- item 9: seats
@pytest.mark.parametrize("actor", ACTORS, ids=NAMES)
@pytest.mark.parametrize(
    "seat", [s for s in BAD_SEATS if s is not None], ids=lambda s: shown(s)[:12]
)
def test_a_seat_that_is_not_one_is_refused_everywhere(actor: Any, seat: object) -> None:
    before = json.dumps(actor.to_json(), sort_keys=True)
    _refused(lambda: actor.legal_moves(seat))
    _refused(lambda: actor.random_move(random.Random(1), seat))
    if hasattr(actor, "hands"):
        _refused(lambda: actor.view(seat))
    assert json.dumps(actor.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("actor", ACTORS, ids=NAMES)
def test_every_real_seat_is_still_answered(actor: Any) -> None:
    total = actor.legal_moves().count()
    by_seat = sum(actor.legal_moves(seat).count() for seat in range(actor.players))
    assert by_seat == total
    if hasattr(actor, "seat"):  # a view has no moves of another seat
        others = [s for s in range(actor.players) if s != actor.seat]
        assert all(actor.legal_moves(s).count() == 0 for s in others)


@pytest.mark.parametrize("actor", ACTORS, ids=NAMES)
@pytest.mark.parametrize("rng", [None, 5, "seed", random, [1]], ids=lambda r: shown(r)[:10])
def test_a_random_generator_that_is_not_one_is_refused(actor: Any, rng: object) -> None:
    err = _refused(lambda: actor.random_move(rng))
    assert err.to_json()["key"] == "rng"


def test_the_seat_check_reads_an_int_only() -> None:
    assert check_seat(3, 4) == 3 and check_seat(Rank.TWO, 4) == 2  # an int subclass is its value
    for bad in BAD_SEATS:
        with pytest.raises(ArgumentError) as err:
            check_seat(bad, 4)
        assert err.value.key == "seat" and len(str(err.value)) < 200
    assert "digits" in shown(10**5000) and "digits" in quote([10**5000])


# ---------------------------------------------------------------------- item 9: white space
ODD_SPACES = ["\u00a0", "\u3000", "\u2028", "\u0085", "\u2009", "\x1c", "\x0b"]


@pytest.mark.parametrize("space", ODD_SPACES, ids=lambda c: f"U+{ord(c):04X}")
def test_a_space_that_is_not_ascii_is_refused_and_named(space: str) -> None:
    name = f"U+{ord(space):04X}"
    state = siyaosi.State.from_position(load_position(CHAIN))
    for call in (
        lambda: Cards.parse(f"3D{space}3S"),
        lambda: Cards.parse(f"3D 3S{space}"),
        lambda: parse_move_text(f"0: 8S{space}9D"),
        lambda: siyaosi.Move.parse(f"0:{space}8S"),
        lambda: shengji.Move.parse(f"0: 3D{space}3S"),
        lambda: state.parse_move(f"0: 8S{space}9D"),
        lambda: state.view(0).parse_move(f"8S{space}"),
    ):
        err = _refused(call, "bad-notation")
        assert name in str(err), str(err)


def test_ascii_white_space_still_separates() -> None:
    assert Cards.parse("3D\t3S\n4H\r\n 5C ") == Cards.parse("3D 3S 4H 5C")
    assert parse_move_text("0:\t8S\n9D") == parse_move_text("0: 8S 9D")


@pytest.mark.parametrize("decks", [0, 9, -1, True, 2.0, "2"])
def test_a_number_of_decks_is_one_to_eight(decks: object) -> None:
    _refused(lambda: Cards.parse("3S", decks=decks))  # type: ignore[arg-type]
    _refused(lambda: parse_move_text("0: 3S", decks=decks))  # type: ignore[arg-type]


# ---------------------------------------------------------------------- constructors and calls
@pytest.mark.parametrize(
    "seed", [-1, 2**64, 10**5000, True, 1.0, "1", None], ids=lambda s: shown(s)[:12]
)
def test_a_seed_is_a_64_bit_integer_for_every_deal(seed: object) -> None:
    for call in (
        lambda: siyaosi.State.new("classic", seed=seed),  # type: ignore[arg-type]
        lambda: siyaosi.Match.new("classic", seed=seed),  # type: ignore[arg-type]
        lambda: shengji.State.new("four-deck", seed=seed),  # type: ignore[arg-type]
        lambda: shengji.Match.new("four-deck", seed=seed),  # type: ignore[arg-type]
    ):
        with pytest.raises(CardrulesError) as err:
            call()
        assert err.value.code in ("bad-argument", "bad-position")


def test_counts_and_card_lists_are_checked() -> None:
    _refused(lambda: Cards.from_counts([True] * 54), "bad-notation")
    _refused(lambda: Cards.from_counts([1.0] * 54), "bad-notation")  # type: ignore[list-item]
    _refused(lambda: Cards((1.5,) * 54), "bad-notation")  # type: ignore[arg-type]
    _refused(lambda: Cards([0] * 54), "bad-notation")  # type: ignore[arg-type]
    _refused(lambda: Cards.of(["3S"]))  # type: ignore[list-item]
    _refused(lambda: Cards.of(5))  # type: ignore[arg-type]
    assert Cards.from_counts([0] * 53 + [2]) == Cards.parse("BJ BJ")


def test_the_games_functions_check_their_arguments() -> None:
    table = siyaosi.Table(siyaosi.load_variant("classic"), (Rank.FIVE, Rank.SIX), 1)
    pair = siyaosi.classify(Cards.parse("8S 8H"), table, 0)
    assert pair is not None
    _refused(lambda: siyaosi.classify("8S 8H", table, 0))  # type: ignore[arg-type]
    _refused(lambda: siyaosi.classify(Cards.parse("8S"), "table", 0))  # type: ignore[arg-type]
    _refused(lambda: siyaosi.classify(Cards.parse("8S"), table, 4))
    _refused(lambda: siyaosi.beats(pair, "8S", table))  # type: ignore[arg-type]
    _refused(lambda: siyaosi.round_result(10**30, (0, 2), 0))
    _refused(lambda: siyaosi.round_result(4, (0, "2"), 0))  # type: ignore[arg-type]
    _refused(lambda: siyaosi.round_result(4, (0, 2), 1.0))  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        siyaosi.Table(table.variant, (Rank.FIVE, Rank.SIX), 1.0)  # type: ignore[arg-type]
    ctx = shengji.trump_context(shengji.load_variant("four-deck"), Rank.TWO, Suit.HEARTS)
    lead = shengji.classify(Cards.parse("AS AS"), ctx)
    assert lead is not None
    hand = Cards.parse("3S 4S KS KS")
    rng = random.Random(1)
    for call in (
        lambda: shengji.classify("AS AS", ctx),  # type: ignore[arg-type]
        lambda: shengji.classify(Cards.parse("AS " * 5), ctx),  # more copies than four decks
        lambda: shengji.beats(lead, lead, "ctx"),  # type: ignore[arg-type]
        lambda: shengji.count_follows(lead, [], ctx),  # type: ignore[arg-type]
        lambda: shengji.iter_follows(1.5, hand, ctx),  # type: ignore[arg-type]
        lambda: shengji.explain_follow(lead, hand, "3S", ctx),  # type: ignore[arg-type]
        lambda: shengji.random_follow(lead, hand, ctx, None),  # type: ignore[arg-type]
        lambda: shengji.cheapest_follow(lead, hand, ctx, 5),  # type: ignore[arg-type]
        lambda: shengji.matches_structure(lead, 5, ctx),  # type: ignore[arg-type]
        lambda: shengji.resolve_throw(lead, 4, [hand] * 4, ctx),
        lambda: shengji.trump_context(ctx.variant, Rank.BIG_JOKER, None),
        lambda: shengji.trump_context(ctx.variant, Rank.TWO, "H"),  # type: ignore[arg-type]
    ):
        _refused(call)
    assert shengji.count_follows(lead, hand, ctx) == 1
    assert shengji.random_follow(lead, hand, ctx, rng) == Cards.parse("KS KS")
    variant = ctx.variant
    fine = {
        "round_number": 1,
        "levels": (Rank.TWO, Rank.TWO),
        "banker": 0,
        "attacker_points": 80,
        "scores": (0, 0, 0, 0),
        "penalties": (0, 0, 0, 0),
    }
    assert shengji.settle(variant, **fine).banker == 0  # type: ignore[arg-type]
    for key, bad in [
        ("round_number", 0),
        ("levels", (Rank.BIG_JOKER, Rank.TWO)),
        ("banker", 4),
        ("attacker_points", 1.5),
        ("attacker_points", 10**6),  # more than the decks and the largest kitty bonus give
        ("scores", (10**30, 0, 0, 0)),
        ("penalties", (10**6, 0, 0, 0)),  # more than a penalty on every trick
        ("penalties", (-1, 0, 0, 0)),
        ("penalties", (0,)),
    ]:
        spoilt: dict[str, Any] = {**fine, key: bad}
        err = _refused(functools.partial(shengji.settle, variant, **spoilt))
        assert err.to_json()["key"] == key


def test_the_drivers_check_their_arguments() -> None:
    from cardrules.bots import RandomBot, askers, play_round, turns

    state = siyaosi.State.from_position(load_position(CHAIN))
    bots: list[Any] = [RandomBot()] * 4
    _refused(lambda: play_round(5, bots, random.Random(1)))  # type: ignore[arg-type]
    _refused(lambda: play_round(state, bots[:3], random.Random(1)))
    _refused(lambda: play_round(state, [None] * 4, random.Random(1)))  # type: ignore[list-item]
    _refused(lambda: play_round(state, bots, None))  # type: ignore[arg-type]
    _refused(lambda: turns(state, bots, random.Random(1), max_moves=0))  # refused at the call
    _refused(lambda: askers("state"))  # type: ignore[arg-type]
    _refused(lambda: RandomBot(eager=2))
    _refused(lambda: RandomBot(eager=float("nan")))
    _refused(lambda: RandomBot().choose(state, random.Random(1)))  # type: ignore[arg-type]
    _refused(lambda: RandomBot().choose(state.view(0), 5))  # type: ignore[arg-type]
    _refused(lambda: siyaosi.HeuristicBot().choose(state.view(0), None))  # type: ignore[arg-type]
    _refused(lambda: draw(state, 4))
    _refused(lambda: draw("state"))  # type: ignore[arg-type]


# ---------------------------------------------------------------------- item 8: the command line
@pytest.mark.parametrize(
    "argv",
    [
        ["bogus"],
        [],
        ["--bogus"],
        ["variant"],
        ["variant", "bogus"],
        ["variant", "show"],
        ["spec"],
        ["judge"],
        ["replay"],
        ["replay", "r.toml", "--round", "x"],
        ["schema", "a", "b"],
        ["explain"],
        ["play"],
        ["play", "siyaosi", "--seed", "x"],
        ["simulate"],
        ["simulate", "siyaosi", "--games", "x"],
        ["simulate", "siyaosi", "--workers", "2", "--cluster", "tcp://127.0.0.1:9"],
        ["demo", "--seed", "1.5"],
    ],
    ids=lambda argv: " ".join(argv) or "(nothing)",
)
def test_an_argument_the_parser_refuses_is_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import main

    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("cardrules: error: "), err
    assert "--help)" in err and "usage:" not in err


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("not a url", "not a scheduler address"),
        ("notaurl", "not a scheduler address"),
        ("tcp://127.0.0.1:9", "no answer within 0.5 s"),  # port 9 (discard): nobody listens
    ],
)
def test_a_scheduler_address_is_checked_at_once(
    address: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: 41 s, then a ten-line Dask traceback (exit 2) or a MemoryError (exit 3)."""
    import time

    from cardrules.cli import main

    argv = ["simulate", "siyaosi", "--games", "2", "--cluster", address]
    start = time.perf_counter()
    assert main([*argv, "--connect-timeout", "0.5"]) == 2
    assert time.perf_counter() - start < 15  # a Dask import, then at most the 0.5 s timeout
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err, err
    assert "Traceback" not in err and repr(address) in err


# ---------------------------------------------------------------------- found by the full probe
class _NoRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_what_the_full_probe_found_is_refused_with_a_code() -> None:
    """The first full probe (48,426 inputs) found these: a huge integer or an object whose
    ``repr`` fails named as a game, a huge count of moves, a text of sizes for a deal."""
    from cardrules.deck import deal
    from cardrules.legal import TooManyMovesError, check_listable
    from cardrules.registry import game_named

    _refused(lambda: game_named(10**5000), "unknown-game")
    _refused(lambda: game_named(_NoRepr()), "unknown-game")
    with pytest.raises(TooManyMovesError) as err:  # a count past 10**4000, by hand
        check_listable(10**5000, "a burial")
    assert "5001 digits" in str(err.value) and err.value.to_json()["error"] == "too-many-moves"
    _refused(lambda: check_listable(-1, "a burial"))
    _refused(lambda: check_listable(1.0, "a burial"))  # type: ignore[arg-type]
    _refused(lambda: check_listable(10, math.inf))  # type: ignore[arg-type]
    _refused(lambda: deal(4, 1, b"1"), "impossible-cards")
    _refused(lambda: deal(4, 1, "12"), "impossible-cards")  # type: ignore[arg-type]
    with pytest.raises(TooManyMovesError, match="30,179,700,954,876,020,414 moves"):
        check_listable(30179700954876020414, "a follow")  # a real count: more than 2**64
    check_listable(10, "a burial")
    assert [len(h) for h in deal(1, 1, [3, 3])[0]] == [3, 3]


@pytest.mark.slow
def test_a_move_that_is_none_is_refused_by_apply_and_step_in_every_state() -> None:
    """``apply(None)`` / ``step(None)`` is a coded refusal, also on a state that drew no move yet
    and on a finished one (the second full probe of issue 19 found Shengji's finished state
    taking ``None`` for the move it had drawn, and failing with AttributeError)."""
    from cardrules import CardrulesError, shengji, siyaosi
    from cardrules.bots import RandomBot, play_round

    for game, variant in ((siyaosi, "one-deck"), (shengji, "four-deck")):
        match = game.Match.new(game.load_variant(variant), seed=3)
        state = match
        finished, _ = play_round(match, [RandomBot()] * 4, random.Random(3))
        for where in (state, finished):
            for call in (where.apply, where.step):
                try:
                    call(None)
                except CardrulesError as error:
                    assert error.code
                else:
                    raise AssertionError(f"{game.__name__}: {call.__name__}(None) was accepted")
    fresh = shengji.State.new("four-deck", seed=3)
    over = fresh
    rng = random.Random(5)
    while not over.is_over:
        over = over.apply(over.random_move(rng))
    for where in (fresh, over):
        for call in (where.apply, where.step):
            try:
                call(None)  # type: ignore[arg-type]
            except CardrulesError as error:
                assert error.code
            else:
                raise AssertionError(f"shengji.State.{call.__name__}(None) was accepted")


class _FailingIterable:
    """A caller's iterable that fails when it is iterated."""

    def __iter__(self) -> Any:
        raise RuntimeError("no iter")


def test_what_the_third_probe_found_is_refused_with_a_code() -> None:
    """The third probe (issue 19) found a caller's own function or iterable failing inside a call:
    a cost function that returns text or raises (``cheapest_follow``), paths whose iteration
    fails; and a blank description of a listing accepted. Each is now a ``bad-argument`` naming
    the argument, what the caller's code raised kept as the cause."""
    from itertools import count

    from cardrules.cases import find_case_files
    from cardrules.legal import check_listable

    variant = shengji.load_variant("four-deck")
    ctx = shengji.trump_context(variant, Rank.TWO, Suit.HEARTS)
    lead = shengji.classify(Cards.parse("KS KS"), ctx)
    assert lead is not None
    hand = Cards.parse("3S 4S 5S 5S")
    for cost in (lambda c: "x", lambda: 1.0, object, lambda c: math.nan, lambda c: 1 / 0):
        with pytest.raises(ArgumentError) as err:
            shengji.cheapest_follow(lead, hand, ctx, cost)  # type: ignore[arg-type]
        assert err.value.key == "cost"
    assert shengji.cheapest_follow(lead, hand, ctx, lambda c: 1) == Cards.parse("5S 5S")
    for paths in (_FailingIterable(), ["\x00"], count()):
        with pytest.raises(ArgumentError) as err:
            list(find_case_files(paths))  # type: ignore[arg-type]
        assert err.value.key == "paths"
    assert list(find_case_files([])) == []
    from cardrules.events import seen_by

    for events in (_FailingIterable(), count()):
        with pytest.raises(ArgumentError) as err:
            seen_by(events, 0)  # type: ignore[arg-type]
        assert err.value.key == "events"
    assert seen_by(set(), 0) == ()
    from cardrules.cases import load_case_text

    _refused(lambda: load_case_text("format = 1", base=""))
    for what in ("", " ", "\t"):
        _refused(lambda w=what: check_listable(0, w))  # type: ignore[misc]


def test_a_progress_function_that_fails_is_a_bad_argument() -> None:
    """The last full probe of issue 19: ``simulate``'s ``progress`` is the caller's code; what it
    raises comes back as a ``bad-argument`` naming it, the exception kept as the cause."""
    from cardrules.simulate import simulate

    variant = siyaosi.load_variant("one-deck")
    with pytest.raises(ArgumentError) as err:
        simulate("siyaosi", [variant], games=1, seed=1, bot="random", workers=1, progress=object)  # type: ignore[arg-type]
    assert err.value.key == "progress" and isinstance(err.value.__cause__, TypeError)
