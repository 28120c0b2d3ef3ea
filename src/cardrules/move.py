"""The shape every move has in both games: ``Move(seat, kind, cards)``, CORE-API-1 (One shape
of move).

Each game subclasses :class:`MoveBase` with its own ``MoveKind`` (a :class:`~enum.StrEnum`) and
declares which kinds name no cards (a pass, a rebellion …). The base gives both games the same
text form (the case notation, which :meth:`MoveBase.parse` reads back), the same JSON document
and the same checks on construction: a seat is a non-negative integer, the kind one of the
game's, the cards a :class:`~cardrules.multiset.Cards` — named exactly when the kind names cards.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from enum import StrEnum
from typing import ClassVar, Generic, Self, TypeVar

import attrs

from cardrules.errors import NotationError
from cardrules.jsonio import JSON, JSONObject, document, open_document
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText, parse_move_text

__all__ = ["EMPTY", "MAX_SEAT", "MoveBase"]

K = TypeVar("K", bound=StrEnum)

#: No cards (a pass).
EMPTY = Cards()
#: The highest seat number a move may name (move text reads seats 0-99; a table refuses seats
#: it does not have with the code ``no-such-seat``).
MAX_SEAT = 99


def _check_seat(_inst: object, _attr: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEAT:
        raise NotationError(f"a seat is an integer 0..{MAX_SEAT}, got {quote(value)}")


def _check_cards(_inst: object, _attr: object, value: object) -> None:
    if not isinstance(value, Cards):
        raise NotationError(f"a move's cards are a Cards, got {type(value).__name__}")


@attrs.frozen(repr=False)
class MoveBase(Generic[K]):
    """One move by one seat. Subclasses set :attr:`GAME`, :attr:`KINDS` (the kind enum),
    :attr:`WITHOUT_CARDS` (the kinds that name no cards) and redeclare ``kind`` (default: a play)
    and ``cards``.

    ``str(move)`` is the case notation (``"2: 8S 8D"``, ``"1: pass"``, ``"0: cha 8S 8D"``; a play
    is written without its verb) and :meth:`parse` reads it back.
    """

    GAME: ClassVar[str] = ""
    KINDS: ClassVar[type[StrEnum]]
    PLAY: ClassVar[str] = "play"
    WITHOUT_CARDS: ClassVar[frozenset[str]] = frozenset({"pass"})

    seat: int = attrs.field(validator=_check_seat)
    kind: K
    cards: Cards

    def __attrs_post_init__(self) -> None:
        kinds = type(self).KINDS
        if not isinstance(self.kind, kinds):
            if not isinstance(self.kind, str) or self.kind not in kinds.__members__.values():
                raise NotationError(
                    f"unknown move kind {quote(self.kind)}; use one of "
                    + ", ".join(k.value for k in kinds)
                )
            object.__setattr__(self, "kind", kinds(self.kind))
        _check_cards(self, None, self.cards)
        if (self.kind in self.WITHOUT_CARDS) == bool(self.cards):
            if self.cards:
                raise NotationError(f"a {self.kind} names no cards")
            raise NotationError(f"a {self.kind} names its cards")

    # ------------------------------------------------------------------ text
    @classmethod
    def verbs(cls) -> frozenset[str]:
        """The words read as verbs in this game's move text."""
        return _verbs(cls.KINDS)

    @classmethod
    def parse(cls, text: str, *, decks: int | None = None) -> Self:
        """Read ``"SEAT: CARDS"`` (a play), ``"SEAT: pass"`` or ``"SEAT: VERB CARDS"``."""
        return cls.from_text(parse_move_text(text, decks=decks, verbs=cls.verbs()))

    @classmethod
    def from_text(cls, text: MoveText) -> Self:
        """The move ``text`` names, its verb read as the kind (a play when it has none); a
        :class:`~cardrules.errors.NotationError` for a verb that is no move of the game. The kind
        is not worked out from a situation: use a state's or view's ``parse_move`` for that."""
        kind = cls.PLAY if text.verb is None else text.verb
        if kind not in cls.verbs():
            raise NotationError(
                f"{text.verb!r} is not a move of {cls.GAME}; use one of "
                + ", ".join(sorted(cls.verbs()))
            )
        return cls(text.seat, cls.KINDS(kind), text.cards)  # type: ignore[arg-type]

    def pretty(self) -> str:
        """The text with suit symbols, for a person (``0: cha 5♠ 5♠``)."""
        if self.kind in self.WITHOUT_CARDS:
            return f"{self.seat}: {self.kind}"
        verb = "" if self.kind == self.PLAY else f"{self.kind} "
        return f"{self.seat}: {verb}{self.cards.pretty()}"

    def __str__(self) -> str:
        if self.kind in self.WITHOUT_CARDS:
            return f"{self.seat}: {self.kind}"
        if self.kind == self.PLAY:
            return f"{self.seat}: {self.cards}"
        return f"{self.seat}: {self.kind} {self.cards}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"

    # ------------------------------------------------------------------ JSON
    def fields_json(self) -> JSONObject:
        """The move as a fragment (inside a state, a trick, a record)."""
        return {"seat": self.seat, "kind": self.kind.value, "cards": str(self.cards)}

    def to_json(self) -> JSONObject:
        """The move as a document: ``{"format": 1, "game": …, "type": "move", "seat": …,
        "kind": …, "cards": …}``."""
        return document(self.GAME, "move", self.fields_json())

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> Self:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        reader = open_document(data, cls.GAME, "move")
        with reader.reading():
            move = cls.read_fields(reader.raw("seat"), reader.raw("kind"), reader.raw("cards"))
        reader.done()
        return move

    @classmethod
    def read_fields(cls, seat: object, kind: object, cards: object, decks: int = 8) -> Self:
        """A move from the three JSON fields of a fragment; every fault is a
        :class:`~cardrules.errors.NotationError`."""
        if not isinstance(kind, str) or kind not in cls.verbs():
            raise NotationError(
                f"a move kind of {cls.GAME} is one of {', '.join(sorted(cls.verbs()))}, "
                f"got {quote(kind)}"
            )
        if not isinstance(cards, str) or len(cards) > 4 * 54 * decks:
            raise NotationError(f"a move's cards are card notation, got {quote(cards)}")
        return cls(seat, cls.KINDS(kind), Cards.parse(cards, decks=decks))  # type: ignore[arg-type]


@functools.cache
def _verbs(kinds: type[StrEnum]) -> frozenset[str]:
    """A game's move verbs, worked out once (every move text read asks for them)."""
    return frozenset(k.value for k in kinds)
