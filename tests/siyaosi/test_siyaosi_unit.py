"""Unit tests of the 四幺四 engine: dealing, the first leader, moves and their text, positions,
round results (seed 000's catching examples), views and errors."""

from __future__ import annotations

import pytest

from cardrules.cards import Card, Rank, Suit
from cardrules.deck import full_deck
from cardrules.errors import CardrulesError, IllegalMoveError, NotationError, PositionError
from cardrules.multiset import Cards
from cardrules.position import load_position
from cardrules.siyaosi import Move, MoveKind, State, Table, classify, load_variant, round_result


def _position(**table: object) -> State:
    base: dict[str, object] = {"game": "siyaosi", "variant": "classic"}
    return State.from_position(load_position(base | table))


@pytest.mark.parametrize(
    ("preset", "overrides", "sizes"),
    [
        ("classic", {}, [27, 27, 27, 27]),
        ("classic", {"players": 6, "decks": 3}, [27] * 6),
        ("classic", {"players": 8, "decks": 4}, [27] * 8),
        ("one-deck", {}, [14, 14, 13, 13]),
    ],
)
def test_deal_sizes(preset: str, overrides: dict[str, object], sizes: list[int]) -> None:
    variant = load_variant(preset, overrides=overrides)
    state = State.new(variant, seed=42)
    assert list(state.hand_sizes) == sizes
    assert sum(state.hands, Cards()) == full_deck(variant.decks)
    assert State.new(variant, seed=42) == state
    assert State.new(variant, seed=43) != state


def test_one_deck_heart_three_leads_and_rules() -> None:
    for seed in range(5):
        state = State.new("one-deck", seed=seed)
        holder = state.hands[state.leader]
        assert holder.count(Card(Rank.THREE, Suit.HEARTS)) == 1
        assert state.ruling == state.leader % 2
        assert state.levels == (Rank.THREE, Rank.THREE)


def test_new_refuses_bad_arguments() -> None:
    with pytest.raises(CardrulesError, match="leader"):
        State.new("classic", seed=1, leader=4)
    with pytest.raises(CardrulesError, match="ruling"):
        State.new("classic", seed=1, ruling=2)


def test_classic_dealer_leads_and_nobody_rules() -> None:
    state = State.new("classic", seed=3)
    assert state.leader == state.turn == 0
    assert state.ruling is None
    assert state.table.level is None


def test_move_text_round_trip() -> None:
    for text in ("2: 8S 8D", "1: pass", "0: cha 8S 8D", "3: chi 7S 9H", "1: capture 5H 5D"):
        assert str(Move.parse(text)) == text
    with pytest.raises(NotationError):
        Move.parse("1: pass 8S")
    with pytest.raises(NotationError):
        Move.parse("1: bury 8S")


def test_parse_move_names_the_kind() -> None:
    state = _position(hands=["8S 5C", "8H 8D KH", "8C QH", "3S 4D"], leader=0)
    after = state.apply(state.parse_move("0: 8S"))
    assert after.parse_move("1: 8H 8D").kind == "cha"
    assert after.parse_move("2: 8C").kind == "play"  # no cha yet: a single 8 is an ordinary play
    chained = after.apply(after.parse_move("1: 8H 8D"))
    assert chained.parse_move("2: 8C").kind == "gou"
    assert chained.parse_move("2: pass").kind == "pass"


def test_apply_refuses_and_changes_nothing() -> None:
    state = _position(hands=["8S 5C", "8H 8D KH", "8C QH", "3S 4D"], leader=0)
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as err:
        state.apply(Move(1, MoveKind.PLAY, Cards.parse("KH")))
    assert err.value.code == "not-your-turn"
    assert err.value.clause == "4A4-TURN-1"
    assert state.to_json() == before


def test_position_refuses_shengji_keys_and_missing_leader() -> None:
    with pytest.raises(PositionError, match="trump"):
        _position(hands=["8S", "9S", "10S", "JS"], leader=0, trump="S")
    with pytest.raises(PositionError, match="leader"):
        _position(hands=["8S", "9S", "10S", "JS"])
    with pytest.raises(PositionError, match="leader"):
        _position(hands=["", "9S", "10S", "JS"], leader=0)
    with pytest.raises(PositionError, match="phase"):
        _position(hands=["8S", "9S", "10S", "JS"], leader=0, phase="tribute")


@pytest.mark.parametrize(
    ("finish", "emperor", "caught", "ruling_next"),
    [
        # seed 000 l.27–29 with 甲 乙 丙 丁 = seats 0 2 1 3
        ((0, 1, 2), 0, (3,), 0),  # 甲 丙 乙, 丁 left: one caught
        ((1, 3), 1, (0, 2), 1),  # 丙 丁 first: two caught
        ((0, 1, 3), 0, (), 0),  # 甲 丙 丁, 乙 left: nobody caught
    ],
)
def test_round_result_seed_examples(
    finish: tuple[int, ...], emperor: int, caught: tuple[int, ...], ruling_next: int
) -> None:
    result = round_result(4, finish, None)
    assert result.emperor == emperor
    assert result.caught == caught
    assert result.next_ruling == ruling_next
    assert result.outcome is None


@pytest.mark.parametrize(
    ("finish", "ruling", "outcome"),
    [
        ((0, 2), 0, "sweep"),
        ((1, 3), 0, "reverse-sweep"),
        ((0, 1, 2), 0, "split"),
        ((0, 1, 3), 0, "split"),
        ((1, 0, 3), 1, "split"),
        ((3, 1), 1, "sweep"),
    ],
)
def test_round_outcome_names(finish: tuple[int, ...], ruling: int, outcome: str) -> None:
    assert round_result(4, finish, ruling).outcome == outcome


def test_round_result_needs_a_finished_round() -> None:
    with pytest.raises(CardrulesError):
        round_result(4, (0, 1), None)
    with pytest.raises(CardrulesError):
        round_result(4, (0, 0), None)
    state = State.new("classic", seed=1)
    with pytest.raises(CardrulesError):
        state.result()


def test_announcements_follow_announce_at() -> None:
    state = _position(hands=["8S 5C", "8H 8D KH 2S", "8C QH", "3S 4D"], leader=0)
    assert state.announced == (0, 2, 3)
    assert state.view(1).announced == (0, 2, 3)
    quiet = _position(
        hands=["8S 5C", "8H 8D KH 2S", "8C QH", "3S 4D"], leader=0, overrides={"announce_at": 0}
    )
    assert quiet.announced == ()


def test_view_shows_own_hand_and_counts() -> None:
    state = _position(hands=["8S 5C", "8H 8D KH", "8C QH", "3S 4D"], leader=0)
    view = state.view(1)
    assert view.hand == Cards.parse("8H 8D KH")
    assert view.hand_sizes == (2, 3, 2, 2)
    with pytest.raises(CardrulesError):
        state.view(4)


def test_table_promotion_modes() -> None:
    classic = load_variant("classic")
    table = Table(classic, (Rank.FIVE, Rank.SIX), 1)
    assert table.promotes(1) and not table.promotes(0)
    assert table.strength(Rank.SIX, 1) > table.strength(Rank.TWO, 0)
    assert table.strength(Rank.SIX, 0) < table.strength(Rank.SEVEN, 1)
    everyone = Table(load_variant("one-deck"), (Rank.THREE, Rank.THREE), 0)
    assert everyone.promotes(0) and everyone.promotes(1)
    assert not Table(classic, (Rank.TWO, Rank.TWO), 0).promotes(0)
    assert not Table(classic, (Rank.SIX, Rank.SIX), None).promotes(0)


#: How a Table's refusals of its levels and its ruling team start; the value given follows.
LEVELS = "one rank 2 … A per team, got "
RULING = "team 0, team 1 or None, got "


@pytest.mark.parametrize(
    ("variant", "levels", "ruling", "key", "detail"),
    [
        ("classic", (Rank.FIVE, Rank.SIX), 0, "variant", "a 四幺四 Variant is needed"),
        (None, [Rank.FIVE, Rank.SIX], 0, "levels", f"{LEVELS}[<Rank.FIVE: 5>, <Rank.SIX: 6>]"),
        (None, (Rank.FIVE,), None, "levels", f"{LEVELS}(<Rank.FIVE: 5>,)"),
        (
            None,
            (Rank.FIVE, Rank.BIG_JOKER),
            None,
            "levels",
            f"{LEVELS}(<Rank.FIVE: 5>, <Rank.BIG_JOKER: 16>)",
        ),
        (None, (Rank.FIVE, 6), None, "levels", f"{LEVELS}(<Rank.FIVE: 5>, 6)"),
        (None, (Rank.FIVE, Rank.SIX), 2, "ruling", f"{RULING}2"),
        (None, (Rank.FIVE, Rank.SIX), True, "ruling", f"{RULING}True"),
    ],
)
def test_a_table_that_cannot_be_is_refused_naming_the_field(
    variant: object, levels: object, ruling: object, key: str, detail: str
) -> None:
    # Table is public (apps build one to rank cards); what is passed to it is checked like any
    # position: a PositionError naming the field and quoting what was given. A preset's name is
    # not a Variant; None stands for the classic Variant.
    given = load_variant("classic") if variant is None else variant
    with pytest.raises(PositionError) as caught:
        Table(given, levels, ruling)  # type: ignore[arg-type]
    assert (caught.value.key, caught.value.detail) == (key, detail)


def test_classify_is_seat_aware_for_level_cards_only() -> None:
    table = Table(load_variant("classic"), (Rank.FIVE, Rank.SIX), 1)
    ruling = classify(Cards.parse("6S"), table, 1)
    other = classify(Cards.parse("6H"), table, 0)
    assert ruling and other and ruling.strength > other.strength
    a = classify(Cards.parse("5S 6H 7D"), table, 1)
    b = classify(Cards.parse("5S 6H 7D"), table, 0)
    assert a == b


def test_4a4_is_listed_onto_a_single_of_rank_four() -> None:
    # Regression: the listing once took a 4A4 on a single 4 for three 4s (a cha and a gou) and
    # left it out, although explain accepts it.
    state = State.from_position(
        load_position(
            {
                "game": "siyaosi",
                "variant": "classic",
                "hands": ["4S 9C", "4H 4C AH 7D", "5D 6D", "8C 8D"],
                "leader": 0,
            }
        )
    )
    state = state.apply(state.parse_move("0: 4S"))
    listed = [str(m) for m in state.legal_moves() if m.seat == 1]
    assert "1: 4H 4C AH" in listed and "1: cha 4H 4C" in listed


def _mid_trick(hands: list[str], leader: int, trick: list[str], out: tuple[int, ...] = ()) -> State:
    """A state part way through a trick, built from its parts as an app or a document does (a
    case-file position always starts a trick): one deck, a double straight led only as the last
    cards of a hand."""
    variant = load_variant(
        "one-deck", overrides={"lead_double_straight": "last_cards", "straight_floor": "3"}
    )
    table = Table(variant, (Rank.THREE, Rank.THREE), 0)
    moves = tuple(Move.parse(text) for text in trick)
    return State(table, tuple(Cards.parse(h) for h in hands), leader, out, moves)


@pytest.mark.parametrize(
    ("hands", "leader", "trick", "out", "key", "detail"),
    [
        # seat 1 went out in this trick, seat 0 before it: the order cannot be 1, 0
        (
            ["", "", "8S", "9S"],
            1,
            ["1: 7S"],
            (1, 0),
            "out",
            "the finishing order does not follow from the trick: [0, 1]",
        ),
        # three passes end the trick; a fourth move belongs to the next one
        (
            ["5S", "8S", "9S", "10S"],
            0,
            ["0: 3D", "1: pass", "2: pass", "3: pass", "0: 4D"],
            (),
            "trick",
            "the trick ended at move 4 (3: pass); a new trick starts empty",
        ),
        # seats 0 and 2 (team 0) are out: the round was over before anyone played
        (
            ["", "8S", "", "9S"],
            1,
            ["1: 7S"],
            (0, 2),
            "trick",
            "the round was over before this trick",
        ),
        (["", "8S", "7S", "9S"], 0, [], (0,), "leader", "seat 0 leads but holds no cards"),
    ],
)
def test_a_trick_that_cannot_have_happened_is_refused(
    hands: list[str], leader: int, trick: list[str], out: tuple[int, ...], key: str, detail: str
) -> None:
    """4A4-POS-1 (Positions): the trick so far is replayed from its leader, and a finishing order,
    a trick or a leader it cannot lead to is refused naming the field."""
    with pytest.raises(PositionError) as err:
        _mid_trick(hands, leader, trick, out)
    assert (err.value.key, err.value.detail) == (key, detail)


def test_a_trick_move_the_mover_could_not_make_is_refused_with_its_reason() -> None:
    """4A4-POS-1, 4A4-TURN-8 (Leading a double straight): a move in the trick is judged with the
    mover's whole hand before it — a double straight led while a 3 stays in hand is refused, the
    same double straight as the last cards is not."""
    lead = Move.parse("0: 5S 5H 6D 6C 7S 7H")
    others = ["8S 8H 9D 9C 10S 10H", "3S 4S 5D 6S 7D", "KS KH QD"]
    before = _mid_trick(["5S 5H 6D 6C 7S 7H 3D", *others], 0, [])
    reason = before.explain(lead)
    assert reason is not None and reason.code == "double-straight-not-last"
    with pytest.raises(PositionError) as err:
        _mid_trick(["3D", *others], 0, [str(lead)])
    assert (err.value.key, err.value.detail) == ("trick", f"move 1 ({lead}) cannot be: {reason}")
    last = _mid_trick(["", *others], 0, [str(lead)], (0,))
    assert last.out == (0,) and last.turn == 1


def test_a_round_that_is_over_has_no_turn() -> None:
    """4A4-ROUND-1 (Emperor, end, catching): with both seats of team 0 out nobody is to move."""
    over = _mid_trick(["", "8S", "", "9S"], 1, [], (0, 2))
    assert over.turn is None and over.is_over
    assert over.view(1).turn is None
