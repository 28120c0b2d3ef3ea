"""Move notation shared by both games: ``"SEAT: CARDS"``, ``"SEAT: pass"``, ``"SEAT: VERB CARDS"``.

The game decides from the state what a bare play is (a cha, a ruff, a throw …); a verb names the
kind where it would otherwise be ambiguous (``"1: chi 7S 9H"``) and names phase moves
(``"0: bury …"``, ``"3: tribute 2S"``, ``"2: rebel"``).

The seat is written in ASCII digits (``0``–``99``); nothing else reads as a seat (no ``+0``,
``1_0`` or full-width digits). A view reads its own seat's moves without one (``"3S"``,
``"pass"``, ``"cha 8C 8C"``): :func:`parse_move_text` with ``seat``, which refuses text naming
another seat (code ``other-seat``). A game names its verbs: a word after the colon is a verb only if
it is one of them; otherwise it is read as a card, so ``"0: ZZ"`` is refused as a card that does
not exist, pointing at the token (:attr:`NotationError.token`, :attr:`NotationError.index`,
:attr:`NotationError.offset`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection

import attrs

from cardrules.args import integer, optional_seat, shown
from cardrules.cards import SEPARATORS
from cardrules.errors import ArgumentError, CardrulesError, NotationError
from cardrules.limits import MAX_MOVE_TEXT, quote
from cardrules.multiset import Cards

__all__ = ["MoveText", "for_seat", "parse_move_text"]  # move_text: the games' reader of both

#: A word of move text: what the ASCII separators part (no other white space separates).
_WORD = re.compile(r"[^ \t\n\r]+")


@attrs.frozen
class MoveText:
    """A parsed move: the seat, the verb (``None`` for a bare play) and the cards named."""

    seat: int
    verb: str | None
    cards: Cards

    def __str__(self) -> str:
        parts = [p for p in (self.verb, str(self.cards)) if p]
        return f"{self.seat}: {' '.join(parts)}"


def for_seat(
    text: MoveText | str,
    seat: int,
    *,
    decks: int | None = None,
    verbs: Collection[str] | None = None,
) -> MoveText:
    """``text`` read as a move of ``seat``: a string may leave the seat out (read as
    :func:`parse_move_text` reads it, with ``decks`` and ``verbs``); a view acts only for its
    own seat, so another seat's move is refused with the code ``other-seat``, CORE-VIEW-1
    (Views act for their seat)."""
    if isinstance(text, str):
        return parse_move_text(text, decks=decks, verbs=verbs, seat=seat)
    text = _checked(text, decks, verbs)
    if text.seat != seat:
        raise _other_seat(seat, text.seat)
    return text


def move_text(
    text: MoveText | str, *, decks: int | None = None, verbs: Collection[str] | None = None
) -> MoveText:
    """``text`` read as a move, as a state's ``parse_move`` takes it: a string as
    :func:`parse_move_text` reads it (with ``decks`` and ``verbs``), or a :class:`MoveText`
    checked as if it had been read (a seat 0-99, no verb or one of ``verbs``, cards within
    ``decks``); anything else is a :class:`~cardrules.errors.NotationError`."""
    if isinstance(text, str):
        return parse_move_text(text, decks=decks, verbs=verbs)
    return _checked(text, decks, verbs)


def _checked(text: object, decks: int | None, verbs: Collection[str] | None) -> MoveText:
    """A :class:`MoveText` made in code, refused unless reading its text could give it."""
    if not isinstance(text, MoveText):
        raise NotationError(
            f"a move is text such as '2: 8S 8D' (or a MoveText), got {type(text).__name__}"
        )
    seat, verb, cards = text.seat, text.verb, text.cards
    if type(seat) is not int or not 0 <= seat <= 99:
        raise NotationError(f"the seat of a move is a number 0-99, got {shown(seat)}")
    if verb is not None and (
        not isinstance(verb, str) or (verb not in verbs if verbs is not None else not verb)
    ):
        raise NotationError(f"{shown(verb)} is not a verb of this game")
    if not isinstance(cards, Cards):
        raise NotationError(f"a move's cards are a Cards, got {type(cards).__name__}")
    if decks is not None:
        cards.check_within(decks)
    if verb is None and not cards:
        raise NotationError("a move names cards or a verb")
    return text


def _other_seat(seat: int, given: int) -> CardrulesError:
    return CardrulesError(
        f"this view acts for seat {seat}: it reads no move of seat {given}", code="other-seat"
    )


def parse_move_text(
    text: str,
    *,
    decks: int | None = None,
    verbs: Collection[str] | None = None,
    seat: int | None = None,
) -> MoveText:
    """Read ``"2: 8S 8D"``, ``"1: pass"`` or ``"1: chi 7S 9H"``. ``verbs`` are the words a game
    reads as verbs (compared in lower case; without it, any word of letters that is not a card
    is taken for a verb); ``decks`` refuses more copies of a card than that many decks hold.

    With ``seat`` (a view's), the text is read for that seat only: it may leave the seat out
    (``"8S 8D"``, ``"pass"``, ``"chi 7S 9H"``), and naming another seat is refused
    (:func:`for_seat`)."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text such as '2: 8S 8D', got {type(text).__name__}")
    _check_options(decks, verbs)
    seat = optional_seat(seat, MAX_SEAT + 1)
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(f"a move text is at most {MAX_MOVE_TEXT} characters, got {len(text)}")
    if len(text) <= _SHORT_MOVE and (verbs is None or isinstance(verbs, frozenset)):
        return _read_short(text, decks, verbs, seat)
    return _read(text, decks, verbs, seat)


#: Move texts up to this length (every move of a record but a long throw) are read once and
#: remembered: a record repeats ``"2: pass"`` thousands of times, and reading its moves was
#: two thirds of a replay. A :class:`MoveText` never changes, so sharing one is safe; a refusal
#: is not remembered (it is raised again, the same).
_SHORT_MOVE = 64


@functools.lru_cache(maxsize=8192)
def _read_short(
    text: str, decks: int | None, verbs: frozenset[str] | None, seat: int | None
) -> MoveText:
    return _read(text, decks, verbs, seat)


def _read(
    text: str, decks: int | None, verbs: Collection[str] | None, seat: int | None
) -> MoveText:
    head, sep, rest = text.partition(":")
    if not sep and seat is not None:
        rest, base = text, 0
    elif not sep:
        raise NotationError(f"a move is 'SEAT: CARDS' or 'SEAT: pass', got {quote(text)}")
    else:
        seat_text = head.strip(SEPARATORS)
        if not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 2):
            raise NotationError(
                f"the seat is a number 0-99 in ASCII digits, got {quote(seat_text)} in "
                f"{quote(text)}",
                text=text,
                token=seat_text,
                index=-1,
                offset=text.find(seat_text) if seat_text else 0,
            )
        base = len(head) + 1
        if seat is not None and int(seat_text) != seat:
            raise _other_seat(seat, int(seat_text))
        seat = int(seat_text)
    words = _WORD.findall(rest)
    verb: str | None = None
    first = 0
    if words and (
        words[0].lower() in verbs
        if verbs is not None
        else words[0].isascii() and words[0].isalpha() and not _is_card(words[0])
    ):
        verb = words[0].lower()
        first = 1
    try:
        cards = Cards.parse(" ".join(words[first:]), decks=decks)
    except NotationError as err:
        index = err.index + first if err.index >= 0 else -1
        offset = _offset(rest, index) + base if index >= 0 else -1
        detail = err.detail
        if index == 0 and verbs is not None and err.token.isalpha():
            detail += f"; nor is it a move of this game ({', '.join(sorted(verbs))})"
        raise NotationError(
            f"in move {quote(text)}: {detail}",
            text=text,
            token=err.token,
            index=index,
            offset=offset,
        ) from None
    if verb is None and not cards:
        kinds = ", ".join(sorted(verbs)) if verbs is not None else "pass"
        raise NotationError(f"a move names cards or one of {kinds}, got {quote(text)}")
    assert seat is not None
    return MoveText(seat, verb, cards)


#: The highest seat a move text names (two ASCII digits).
MAX_SEAT = 99


def _check_options(decks: object, verbs: object) -> None:
    """Refuse a ``decks`` that is not a number of decks 1 … 8, or ``verbs`` that are not a
    collection of words (``bad-argument``)."""
    if decks is not None and (type(decks) is not int or not 1 <= decks <= 8):
        integer(decks, 1, 8, "decks", what="the number of decks")
    if type(verbs) is frozenset and _words(verbs):
        return
    if verbs is not None and (
        isinstance(verbs, str)
        or not isinstance(verbs, Collection)
        or not all(isinstance(v, str) for v in verbs)
    ):
        raise ArgumentError(f"a collection of words, got {shown(verbs)}", key="verbs")


@functools.lru_cache(maxsize=64)
def _words(verbs: frozenset[object]) -> bool:
    """Whether every one of a game's verbs is a word (asked once per set of verbs)."""
    return all(isinstance(v, str) for v in verbs)


def _is_card(word: str) -> bool:
    """Card tokens such as ``AS``, ``KH`` or ``SJ`` are letters too; they are never verbs."""
    try:
        Cards.parse(word)
    except NotationError:
        return False
    return True


def _offset(text: str, index: int) -> int:
    """The character offset in ``text`` of its ``index``-th whitespace-separated word."""
    pos = 0
    for n, word in enumerate(_WORD.findall(text)):
        pos = text.index(word, pos)
        if n == index:
            return pos
        pos += len(word)
    return -1
