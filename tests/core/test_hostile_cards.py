"""Hostile card text and count vectors: refused with one CardrulesError, bounded in time and in
the length of the message, and nothing but the documented spellings is read as a card."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import (
    Card,
    CardrulesError,
    Cards,
    ImpossibleCardsError,
    NotationError,
    Rank,
    Suit,
    deal,
    full_deck,
)
from cardrules.limits import MAX_CARD_TOKENS, MAX_COPIES, QUOTE_CHARS, quote


def test_quote_bounds_and_escapes_what_a_message_repeats() -> None:
    assert quote("AS") == "'AS'"
    assert quote("a" * 10_000) == repr("a" * QUOTE_CHARS) + "…"
    assert "\n" not in quote("x\ny") and len(quote([list(range(10))] * 1000)) < 200


def test_limits_cover_every_card_of_the_most_decks() -> None:
    assert MAX_CARD_TOKENS == MAX_COPIES * 54
    assert len(Cards.parse(str(full_deck(MAX_COPIES)))) == MAX_CARD_TOKENS


@pytest.mark.parametrize("text", ["Aſ", "ſA", "10ſ", "ＡS", "Aꜱ", "AS\u0307", "Ａ♠", "ᴬS"])
def test_unicode_look_alikes_are_not_cards(text: str) -> None:
    """``str.upper()`` maps U+017F (ſ) to ``S``; notation is ASCII and the four symbols only."""
    with pytest.raises(NotationError) as err:
        Cards.parse(text)
    assert err.value.token == text


@pytest.mark.parametrize("text", ["ſ", "\u212a", "ｓ"])
def test_unicode_look_alikes_are_not_suits_or_ranks(text: str) -> None:
    with pytest.raises(NotationError):
        Suit.parse(text)
    with pytest.raises(NotationError):
        Rank.parse(text)


@pytest.mark.parametrize(
    ("text", "card"),
    [("as", "AS"), ("t♥", "10H"), ("♠a", "AS"), ("♦10", "10D"), ("sJ", "SJ"), ("Bj", "BJ")],
)
def test_documented_spellings_still_read(text: str, card: str) -> None:
    assert Card.parse(text) == Card.parse(card)


def test_ten_million_tokens_are_refused_fast() -> None:
    text = "4S " * 10**7
    start = time.perf_counter()
    with pytest.raises(NotationError, match=f"more than {MAX_CARD_TOKENS} cards") as err:
        Cards.parse(text)
    assert time.perf_counter() - start < 1.0
    assert len(str(err.value)) < 200


def test_a_three_megabyte_token_gives_a_short_message() -> None:
    with pytest.raises(NotationError) as err:
        Cards.parse("4S " + "X" * 3_000_000)
    assert len(str(err.value)) < 400


def test_more_copies_than_the_most_decks_are_refused() -> None:
    with pytest.raises(ImpossibleCardsError, match="AS appears 9 times"):
        Cards.parse("AS " * 9)


def test_card_text_that_is_not_a_string_is_refused() -> None:
    with pytest.raises(NotationError, match="string"):
        Cards.parse(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Card.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("counts", "error", "fragment"),
    [
        ([0] * 53, NotationError, "54 entries, got 53"),
        ([0] * 55, NotationError, "54 entries, got 55"),
        ([-1] + [0] * 53, ImpossibleCardsError, "2S cannot be held -1 times"),
        ([1.5] + [0] * 53, NotationError, "integer, got 1.5"),
        (["a"] + [0] * 53, NotationError, "integer, got 'a'"),
    ],
)
def test_from_counts_refuses_a_bad_vector_naming_it(
    counts: list[object], error: type[CardrulesError], fragment: str
) -> None:
    with pytest.raises(error, match=fragment):
        Cards.from_counts(counts)  # type: ignore[arg-type]


@pytest.mark.parametrize("decks", [0, -1, 9, 10**9, "2", 1.0, True])
def test_full_deck_refuses_a_deck_count_no_game_plays(decks: object) -> None:
    with pytest.raises(ImpossibleCardsError, match="1 to 8 decks"):
        full_deck(decks)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "sizes", [[55], [-1, 2], [1.5], ["a"], [1] * 1000, 7], ids=lambda s: quote(s)[:20]
)
def test_deal_refuses_sizes_that_cannot_be_dealt(sizes: object) -> None:
    with pytest.raises(CardrulesError):
        deal(1, 0, sizes)  # type: ignore[arg-type]


@given(st.text(max_size=12))
def test_any_text_is_a_card_only_in_its_documented_spellings(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError:
        return
    ascii_only = text.strip().translate({ord(c): None for c in "♠♥♣♦"})
    assert ascii_only.isascii()
    assert Card.parse(str(card)) == card


def test_the_limits_documented_are_the_limits_enforced() -> None:
    """The README's limits table lists every constant of ``cardrules.limits`` with its value."""
    import re
    from pathlib import Path

    from cardrules import limits

    doc = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| [^|]+ \| `(\w+)` \| (\d+)( KiB| MiB)? \|", doc, re.MULTILINE)
    scale = {"": 1, " KiB": 1024, " MiB": 1024 * 1024}
    documented = {name: int(value) * scale[unit] for name, value, unit in rows}
    enforced = {name: getattr(limits, name) for name in limits.__all__ if name.isupper()}
    assert documented == enforced
