"""The lazy view of legal moves shared by both games (after python-chess's ``board.legal_moves``),
and the description of a choice too large to list, CORE-API-3 (Choices too large to list).

``state.legal_moves()`` returns a :class:`LegalMoves`: iterate it (stable, sorted order), ask
``move in moves`` (decided by the state's ``explain``, without enumerating), ``moves.count()``,
``bool(moves)`` and ``list(moves)``. There is deliberately no ``len()``: ``list()`` would call it
as a length hint and enumerate twice. Nothing is built until asked for.

Some choices are too large to list: a Shengji burial of 8 cards from 60 has 81,729,049 moves, a
lead from a 52-card hand can have hundreds of thousands, a follow of a long throw from a void
suit millions. Iterating such a set — ``list(moves)``, ``for move in moves``, even
``itertools.islice(moves, 5)`` — raises :class:`TooManyMovesError` (code ``too-many-moves``)
before a single move is built, when it would hold more than
:data:`~cardrules.limits.MAX_LISTED_MOVES`. ``bool(moves)``, ``count()`` and ``move in moves``
keep working, and :meth:`LegalMoves.describe` says what the moves are without listing them: a
:class:`Description` holds the moves given one by one (a pass, the bids …) and the
:class:`Choice` families the others fall into. A family is data an app reads and builds moves
from: every move of it holds the cards ``required``, then between ``least`` and ``most`` cards
of ``pool``, which must hold the disjoint pieces ``pieces`` names (a Shengji follow of a
structure); :meth:`Choice.build` turns cards chosen that way into a checked move and
:meth:`Choice.sample` draws one. ``to_json()`` writes the description for a browser (schema
``legal-moves``), and :meth:`Description.from_json` reads it back.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from cardrules import args
from cardrules.cards import CARD_COUNT
from cardrules.errors import ArgumentError, CardrulesError, Illegal, IllegalMoveError
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document, parse_json
from cardrules.limits import MAX_LISTED_MOVES, MAX_MOVE_TEXT
from cardrules.multiset import Cards
from cardrules.notation import MoveText

__all__ = [
    "Choice",
    "Description",
    "LegalMoves",
    "PieceNeed",
    "TooManyMovesError",
    "check_listable",
]

M = TypeVar("M")
M_co = TypeVar("M_co", covariant=True)

#: The most families, listed moves and piece options a description document may hold when
#: read back (a Shengji lead has at most five families, a follow at most a few hundred options).
_MAX_ENTRIES = 4096


class TooManyMovesError(CardrulesError):
    """A listing of more legal moves than :data:`~cardrules.limits.MAX_LISTED_MOVES` was asked
    for, CORE-API-3 (Choices too large to list). ``count`` is how many there are (``None``: more
    than the limit may be, and they are not counted without listing); the message names what to
    do instead."""

    CODE = "too-many-moves"

    def __init__(self, what: str, count: int | None) -> None:
        self.count = count
        if count is None:
            many = "more moves than can be counted cheaply"
        elif count.bit_length() < 10_000:  # a real count (a follow's may pass 10**19)
            many = f"{count:,} moves"
        else:  # a count given by hand that Python would refuse to write out
            many = f"{args.shown(count)} of moves"
        super().__init__(
            f"{what} has {many}, more than the {MAX_LISTED_MOVES:,} a listing may hold: "
            "describe them with legal_moves().describe(), draw one with random_move(rng), "
            "count them with legal_moves().count(), or test one with `move in legal_moves()`"
        )

    def details(self) -> dict[str, str | int]:
        if self.count is None or self.count.bit_length() >= 10_000:
            return {}
        return {"count": self.count}


@implements("CORE-API-3")
def check_listable(size: int | None, what: str) -> None:
    """Refuse a listing of ``size`` moves (``None``: too many to count cheaply) when it is above
    :data:`~cardrules.limits.MAX_LISTED_MOVES`: the check every game's listing makes before it
    builds its first move."""
    if size is not None and (type(size) is not int or size < 0):
        raise ArgumentError(
            f"a number of moves is an integer of 0 or more, got {args.shown(size)}", key="size"
        )
    if type(what) is not str or len(what) > 200 or not what.strip():
        args.text(what, 200, "what", what="what the moves are")
        raise ArgumentError(f"what the moves are, in words, got {args.shown(what)}", key="what")
    if size is None or size > MAX_LISTED_MOVES:
        raise TooManyMovesError(what, size)


# ---------------------------------------------------------------------- the lazy view
class LegalMoves(Generic[M]):
    """A lazy, re-iterable view of the legal moves of a state. Iterating a choice too large to
    list raises :class:`TooManyMovesError` before any move is built; :meth:`describe` says what
    the moves are instead."""

    __slots__ = ("_contains", "_counter", "_describe", "_generate", "_type")

    def __init__(
        self,
        generate: Callable[[], Iterator[M]],
        explain: Callable[[M], Illegal | None],
        move_type: type[M],
        counter: Callable[[], int] | None = None,
        describe: Callable[[], Description[M]] | None = None,
    ) -> None:
        self._generate = generate
        self._contains = explain
        self._type = move_type
        self._counter = counter
        self._describe = describe

    def __iter__(self) -> Iterator[M]:
        return self._generate()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, self._type) and self._contains(move) is None

    def __bool__(self) -> bool:
        try:
            return any(True for _ in self._generate())
        except TooManyMovesError:
            return True  # refused before the first move: there are more than the limit

    def count(self) -> int:
        """How many moves there are (counted without listing where the game can)."""
        if self._counter is not None:
            return self._counter()
        return sum(1 for _ in self._generate())

    def listable(self) -> bool:
        """Whether iterating is allowed (at most :data:`~cardrules.limits.MAX_LISTED_MOVES`
        moves); answered without listing."""
        try:
            next(self._generate(), None)
        except TooManyMovesError:
            return False
        return True

    def describe(self) -> Description[M]:
        """What the legal moves are, without listing a choice too large to list: the moves given
        one by one and the families (:class:`Choice`) the others fall into, CORE-API-3 (Choices
        too large to list). A game whose listings are always small gives every move one by
        one."""
        if self._describe is not None:
            return self._describe()
        game = getattr(self._type, "GAME", "")
        return Description(game=game if isinstance(game, str) else "", moves=tuple(self))

    def __repr__(self) -> str:
        shown = []
        try:
            for i, move in enumerate(self._generate()):
                if i == 8:
                    shown.append("…")
                    break
                shown.append(str(move))
        except TooManyMovesError as err:
            many = "too many" if err.count is None else f"{err.count:,}"
            return f"<LegalMoves: {many} moves, described by describe()>"
        return f"<LegalMoves [{', '.join(shown)}]>"


# ---------------------------------------------------------------------- a described family
@attrs.frozen(kw_only=True)
class PieceNeed:
    """``count`` disjoint pieces of one shape (``width`` copies of each of ``length`` adjacent
    cards, as the game names it: ``name``) that every move of a :class:`Choice` holds among its
    cards from the pool; ``options`` are every such piece the pool holds (a piece may be taken
    twice when the pool holds its cards twice over)."""

    name: str
    width: int
    length: int
    count: int
    options: tuple[Cards, ...]

    def to_json(self) -> JSONObject:
        """The need as a JSON object (inside a ``legal-moves`` document)."""
        return {
            "name": self.name,
            "width": self.width,
            "length": self.length,
            "count": self.count,
            "options": [str(c) for c in self.options],
        }


@attrs.frozen(kw_only=True)
class Choice(Generic[M]):
    """A family of legal moves of one seat, described instead of listed, CORE-API-3 (Choices too
    large to list).

    Every move of the family is a ``kind`` move of ``seat`` whose cards are all of ``required``
    plus between ``least`` and ``most`` cards of ``pool`` (any of them, repeats as often as the
    pool holds them), which hold the disjoint pieces ``pieces`` lists; every such set of cards is
    a move of the family, and no two moves of one family have the same cards. ``count`` is how
    many moves it holds (``None``: not counted without listing); ``clause`` is the rule that says
    so. To make one: choose the pieces among their options, then the rest from what the pool has
    left, and call :meth:`build`; or :meth:`sample` one.

    Examples (Shengji): a burial — ``least = most = kitty``, the whole hand as the pool; a follow
    from a hand short of the led suit — ``required`` its cards of the suit, then any ``k`` of the
    others; a lead — any 1 to ``n`` cards of one suit.
    """

    seat: int
    kind: str
    required: Cards
    pool: Cards
    least: int
    most: int
    pieces: tuple[PieceNeed, ...] = ()
    count: int | None
    clause: str
    _make: Callable[[Cards], M] = attrs.field(eq=False, repr=False, alias="make")
    _judge: Callable[[M], Illegal | None] = attrs.field(eq=False, repr=False, alias="judge")

    def fits(self, cards: Cards) -> bool:
        """Whether ``cards`` are ``required`` plus ``least`` to ``most`` cards of ``pool`` (the
        pieces are the game's to judge: :meth:`build` asks it)."""
        if not isinstance(cards, Cards) or not self.required <= cards:
            return False
        rest = cards - self.required
        return rest <= self.pool and self.least <= len(rest) <= self.most

    def build(self, cards: Cards) -> M:
        """The move of this family that plays ``cards``, checked by the game: a
        :class:`~cardrules.errors.CardrulesError` (``bad-argument``) when the cards are not
        ``required`` plus ``least`` to ``most`` of the pool, an
        :class:`~cardrules.errors.IllegalMoveError` when the game refuses them (pieces missing)."""
        if not isinstance(cards, Cards):
            raise CardrulesError(f"a Choice builds a move from Cards, not {type(cards).__name__}")
        if not self.fits(cards):
            raise CardrulesError(
                f"{cards} is not {self._shape()}: not a move of this choice", code="bad-argument"
            )
        move = self._make(cards)
        reason = self._judge(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    def sample(self, rng: random.Random) -> M:
        """A move of the family drawn at random without listing: the pieces cut from the pool in
        a random order, then the rest drawn so that, without pieces, every move of the family is
        equally likely. The move is checked as :meth:`build` checks it (a description read from
        JSON is only the sender's word)."""
        pool = list(self.pool.counts)
        chosen = [0] * CARD_COUNT
        if self.pieces:
            wanted = sorted(
                (
                    (need.width, need.length, need.options)
                    for need in self.pieces
                    for _ in range(need.count)
                ),
                key=lambda n: (-n[0], -n[1]),
            )
            if not _place(pool, [opts for _w, _l, opts in wanted], rng, chosen):
                raise CardrulesError("the pool does not hold the pieces this choice names")
        taken = sum(chosen)
        extra = _draw(pool, max(self.least - taken, 0), self.most - taken, rng)
        counts = tuple(
            r + c + e for r, c, e in zip(self.required.counts, chosen, extra, strict=True)
        )
        return self.build(Cards.unchecked(counts))

    def _shape(self) -> str:
        size = f"{self.least}" if self.least == self.most else f"{self.least} to {self.most}"
        head = f"all of {self.required} and " if self.required else ""
        return f"{head}{size} of {self.pool}"

    def __str__(self) -> str:
        """One line: ``seat 0 bury: 8 of 3S 3S 4S … (81,729,049 ways)``."""
        pieces = ", ".join(f"{n.count} {n.name}" for n in self.pieces)
        holding = f", holding {pieces}" if pieces else ""
        ways = "" if self.count is None else f" ({self.count:,} ways)"
        return f"seat {self.seat} {self.kind}: {self._shape()}{holding}{ways}"

    def pretty(self) -> str:
        """One line for a person, with suit symbols: ``bury 8 of 3♠ 3♠ 4♠ … (81,729,049
        ways)``."""
        size = f"{self.least}" if self.least == self.most else f"{self.least} to {self.most}"
        head = f"all of {self.required.pretty()} and " if self.required else ""
        pieces = ", ".join(f"{n.count} {n.name}" for n in self.pieces)
        holding = f", holding {pieces}" if pieces else ""
        ways = "" if self.count is None else f" ({self.count:,} ways)"
        return f"{self.kind} {head}{size} of {self.pool.pretty()}{holding}{ways}"

    def to_json(self) -> JSONObject:
        """The family as a JSON object (cards in the notation)."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "required": str(self.required),
            "pool": str(self.pool),
            "least": self.least,
            "most": self.most,
            "pieces": [need.to_json() for need in self.pieces],
            "count": self.count,
            "clause": self.clause,
        }


def _place(
    pool: list[int], wanted: Sequence[tuple[Cards, ...]], rng: random.Random, out: list[int]
) -> bool:
    """Cut one piece of each of ``wanted`` (its options) from ``pool``, options tried in random
    order and undone when the pieces after it cannot be cut; the pieces go to ``out``."""
    if not wanted:
        return True
    options = list(wanted[0])
    rng.shuffle(options)
    for option in options:
        used = option.counts
        if any(u > p for u, p in zip(used, pool, strict=True)):
            continue
        for i, n in enumerate(used):
            if n:
                pool[i] -= n
                out[i] += n
        if _place(pool, wanted[1:], rng, out):
            return True
        for i, n in enumerate(used):
            if n:
                pool[i] += n
                out[i] -= n
    return False


@functools.lru_cache(maxsize=256)
def _ways(caps: tuple[int, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """``ways[k][s]``: the sets of ``s`` cards (``s ≤ most``) the cards ``k…`` can give, when card
    ``j`` is held ``caps[j]`` times."""
    ways = [tuple([1] + [0] * most)]
    for cap in reversed(caps):
        after = ways[-1]
        ways.append(
            tuple(sum(after[s - t] for t in range(min(cap, s) + 1)) for s in range(most + 1))
        )
    ways.reverse()
    return tuple(ways)


def _draw(pool: Sequence[int], least: int, most: int, rng: random.Random) -> list[int]:
    """Between ``least`` and ``most`` cards of ``pool``, every distinct set equally likely."""
    held = [i for i in range(CARD_COUNT) if pool[i]]
    caps = tuple(pool[i] for i in held)
    most = min(most, sum(caps))
    out = [0] * CARD_COUNT
    if most < least or most <= 0:
        return out
    ways = _ways(caps, most)
    pick = rng.randrange(sum(ways[0][least : most + 1]))
    size = least
    while pick >= ways[0][size]:
        pick -= ways[0][size]
        size += 1
    for k, i in enumerate(held):
        for t in range(min(caps[k], size) + 1):
            n = ways[k + 1][size - t]
            if pick < n:
                out[i] = t
                size -= t
                break
            pick -= n
    return out


# ---------------------------------------------------------------------- the whole description
class _Reads(Protocol[M_co]):
    """What :meth:`Description.from_json` rebuilds moves with: a state or a view."""

    def parse_move(self, text: MoveText | str) -> M_co: ...


@attrs.frozen(kw_only=True)
class Description(Generic[M]):
    """The legal moves described without listing a choice too large to list, CORE-API-3
    (Choices too large to list): ``moves`` given one by one and ``choices``, the families the
    other moves fall into; no move is in two of them. ``listable`` says whether
    ``list(legal_moves())`` is allowed (at most :data:`~cardrules.limits.MAX_LISTED_MOVES`
    moves, known without listing: a family may be too large to list although it is not
    counted)."""

    game: str
    moves: tuple[M, ...] = ()
    choices: tuple[Choice[M], ...] = ()
    listable: bool = True

    @classmethod
    def counted(
        cls, game: str, moves: tuple[M, ...], choices: tuple[Choice[M], ...]
    ) -> Description[M]:
        """A description whose families are all counted, ``listable`` from the count."""
        out = cls(game=game, moves=moves, choices=choices)
        count = out.count
        assert count is not None, "counted() takes counted families"
        return attrs.evolve(out, listable=count <= MAX_LISTED_MOVES)

    @property
    def count(self) -> int | None:
        """How many legal moves there are (``None`` if a family is not counted)."""
        total = len(self.moves)
        for choice in self.choices:
            if choice.count is None:
                return None
            total += choice.count
        return total

    def sample(self, rng: random.Random) -> M:
        """A legal move drawn at random: every move equally likely where every family is
        counted (a family not counted weighs as one move)."""
        weights = [1] * len(self.moves) + [1 if c.count is None else c.count for c in self.choices]
        if not weights:
            raise CardrulesError("there is no legal move to draw", code="bad-argument")
        pick = rng.randrange(sum(weights))
        for k, w in enumerate(weights):
            if pick < w:
                if k < len(self.moves):
                    return self.moves[k]
                return self.choices[k - len(self.moves)].sample(rng)
            pick -= w
        raise AssertionError("unreachable")  # pragma: no cover

    def to_json(self) -> JSONObject:
        """The description as a document (schema ``legal-moves``): the moves in the notation,
        the families as :meth:`Choice.to_json` writes them, ``count`` and ``listable``."""
        return document(
            self.game,
            "legal-moves",
            {
                "count": self.count,
                "listable": self.listable,
                "moves": [str(m) for m in self.moves],
                "choices": [c.to_json() for c in self.choices],
            },
        )

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, JSON] | str | bytes,
        actor: _Reads[M],
        judge: Callable[[M], Illegal | None],
    ) -> Description[M]:
        """A description read back from :meth:`to_json`'s document, its moves and families
        rebuilt with ``actor.parse_move`` and checked by ``judge`` (a state's or a view's
        ``explain``). A malformed document is a :class:`~cardrules.errors.DocumentError`."""
        game = _game_of(data)
        reader = open_document(data, game, "legal-moves")
        decks = 8
        with reader.reading():
            moves = reader.each(
                "moves",
                _MAX_ENTRIES,
                lambda path, v: actor.parse_move(_move_text(reader, path, v)),
            )
            choices = reader.each(
                "choices",
                _MAX_ENTRIES,
                lambda path, v: _read_choice(reader.element(path, v), decks, actor, judge),
            )
        listable = reader.boolean("listable")
        out = cls(game=game, moves=moves, choices=choices, listable=listable)
        count = reader.opt_integer("count", 0)
        if count != out.count:
            raise reader.bad("count", count, "the count of the moves and families is needed")
        if count is not None and listable != (count <= MAX_LISTED_MOVES):
            raise reader.bad("listable", listable, f"listable means at most {MAX_LISTED_MOVES}")
        reader.done()
        return out


def _game_of(data: Mapping[str, JSON] | str | bytes) -> str:
    table = parse_json(data, "legal-moves document") if isinstance(data, str | bytes) else data
    game = table.get("game") if isinstance(table, Mapping) else None
    return game if isinstance(game, str) and len(game) <= 32 else ""


def _move_text(reader: Reader, path: str, value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_MOVE_TEXT:
        raise reader.bad(path, value, "a move in the notation is needed")
    return value


def _read_choice(
    r: Reader, decks: int, actor: _Reads[M], judge: Callable[[M], Illegal | None]
) -> Choice[M]:
    seat = r.integer("seat", 0, 99)
    kind = r.text("kind", 32)
    pieces = r.each("pieces", _MAX_ENTRIES, lambda p, v: _read_piece(r.element(p, v), decks))
    count = r.opt_integer("count", 0)
    choice: Choice[M] = Choice(
        seat=seat,
        kind=kind,
        required=r.cards("required", decks),
        pool=r.cards("pool", decks),
        least=r.integer("least", 0, 54 * decks),
        most=r.integer("most", 0, 54 * decks),
        pieces=pieces,
        count=count,
        clause=r.text("clause", 64),
        make=lambda cards: actor.parse_move(MoveText(seat, kind, cards)),
        judge=judge,
    )
    r.done()
    return choice


def _read_piece(r: Reader, decks: int) -> PieceNeed:
    need = PieceNeed(
        name=r.text("name", 64),
        width=r.integer("width", 1, decks),
        length=r.integer("length", 1, 54),
        count=r.integer("count", 0, 54 * decks),
        options=r.each("options", _MAX_ENTRIES, lambda p, v: r.cards_value(p, v, decks)),
    )
    r.done()
    return need
