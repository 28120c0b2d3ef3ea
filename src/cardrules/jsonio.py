"""JSON documents of both games: one envelope, strict readers, bounded work (the
"JSON documents" section of ``spec/README.md``).

Every document the library writes is a JSON object that starts with its envelope::

    {"format": 1, "game": "siyaosi", "type": "state", ...}

``format`` is the version of the document layout, ``game`` the game it belongs to and ``type``
what it is (``state``, ``view``, ``move``, ``result``, ``event`` …). Reading checks the
envelope first, then every field with a :class:`Reader`, which refuses — with one
:class:`~cardrules.errors.CardrulesError` naming the field and (a bounded prefix of) the value —
anything of the wrong type or out of range: a float where a seat is due, a bool where a number
is due, ``Infinity``, an unknown key. Text is refused before it is parsed when it is larger than
:data:`MAX_JSON_BYTES` or nested deeper than :data:`MAX_JSON_DEPTH`, so no input can make the
reader recurse or allocate without bound.

Derived facts (Shengji's trump context, 四幺四's top of the trick …) are never fields of a
document: readers rebuild them from the fields they come from, so they cannot disagree.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from enum import StrEnum
from typing import Annotated, Any, TypeAlias, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import AttributeValidationNote, IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn

from cardrules.cards import Rank, Suit
from cardrules.errors import CardrulesError, DocumentError, PositionError
from cardrules.limits import MAX_JSON_BYTES, MAX_JSON_DEPTH, quote
from cardrules.multiset import Cards

__all__ = [
    "FORMAT",
    "GENERIC_BOUNDS",
    "JSON",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_RECORD_INT",
    "Bound",
    "Bounds",
    "CardCount",
    "JSONObject",
    "Reader",
    "Round",
    "Seat",
    "Team",
    "document",
    "dumps",
    "open_document",
    "parse_json",
    "read_by_type",
    "read_record",
    "reading",
    "record_json",
    "records",
    "same",
]

#: The version of every document layout this library writes.
FORMAT = 1

#: Any JSON value, as :func:`json.loads` returns it.
JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
#: A JSON object: what every document of the library is.
JSONObject = dict[str, JSON]

_E = TypeVar("_E", bound=StrEnum)
_T = TypeVar("_T")


def _bounded(message: str, limit: int = 200) -> str:
    """A library message (which quotes input only through :func:`quote`) cut to one short line."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit] + "…"


def _depth_ok(text: str) -> bool:
    """Whether no array or object in ``text`` nests deeper than :data:`MAX_JSON_DEPTH` (strings
    skipped), checked in one pass before the parser sees it."""
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _no_constant(name: str) -> JSON:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str | bytes, what: str, *, limit: int = MAX_JSON_BYTES) -> JSON:
    """Parse JSON text within the limits (``limit`` bytes or characters, by default
    :data:`~cardrules.limits.MAX_JSON_BYTES`); any failure is a :class:`CardrulesError`."""
    if isinstance(text, bytes):
        if len(text) > limit:
            raise DocumentError(what, f"more than {limit} bytes of JSON")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise DocumentError(what, f"not UTF-8 ({err.reason})") from None
    if len(text) > limit:
        raise DocumentError(what, f"more than {limit} characters of JSON")
    if not _depth_ok(text):
        raise DocumentError(what, f"JSON nested deeper than {MAX_JSON_DEPTH}")
    try:
        value: JSON = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise DocumentError(what, f"invalid JSON ({_bounded(str(err))})") from None
    return value


def dumps(value: JSON) -> str:
    """JSON text in the order the library writes (the envelope first), UTF-8 kept as is."""
    return json.dumps(value, ensure_ascii=False)


def same(given: object, written: object) -> bool:
    """Whether two JSON values are the same value of the same JSON type: ``true`` is not ``1``
    and ``1.0`` is not ``1`` here, as they are to ``==``; arrays and objects compare entry by
    entry. A reader compares a derived field it was given with the one it rebuilt this way."""
    if type(given) is not type(written):
        return False
    if isinstance(given, list):
        assert isinstance(written, list)
        return len(given) == len(written) and all(map(same, given, written))
    if isinstance(given, dict):
        assert isinstance(written, dict)
        return given.keys() == written.keys() and all(same(v, written[k]) for k, v in given.items())
    return given == written


def document(game: str, kind: str, body: Mapping[str, JSON]) -> JSONObject:
    """A document: the envelope (``format``, ``game``, ``type``) followed by ``body``."""
    return {"format": FORMAT, "game": game, "type": kind, **body}


def read_by_type(
    data: Mapping[str, JSON] | str | bytes,
    game: str,
    readers: Mapping[str, Callable[[Mapping[str, JSON]], _T]],
    default: str,
) -> _T:
    """Read a document of ``game`` with the reader its ``type`` names (``default`` when the type
    is missing or unknown: that reader then refuses it, naming the field)."""
    table = parse_json(data, f"{game} document") if isinstance(data, str | bytes) else data
    if not isinstance(table, Mapping):
        raise DocumentError(f"{game} document", f"a JSON object is needed, got {quote(table)}")
    kind = table.get("type")
    read = readers.get(kind, readers[default]) if isinstance(kind, str) else readers[default]
    return read(table)


def open_document(data: Mapping[str, JSON] | str | bytes, game: str, kind: str) -> Reader:
    """Check the envelope of a document (a mapping or its JSON text) and return a
    :class:`Reader` over its other fields."""
    what = f"{game} {kind}"
    table = parse_json(data, what) if isinstance(data, str | bytes) else data
    if not isinstance(table, Mapping):
        raise DocumentError(what, f"a JSON object is needed, got {quote(table)}")
    reader = Reader(dict(table), what)
    fmt = reader.integer("format")
    if fmt != FORMAT:
        raise reader.bad("format", fmt, f"this library reads format {FORMAT}")
    reader.choice("game", (game,))
    reader.choice("type", (kind,))
    return reader


class Reader:
    """Reads the fields of one JSON object strictly. Every refusal is a
    :class:`~cardrules.errors.DocumentError` whose key is the field's path."""

    def reading(self) -> AbstractContextManager[None]:
        """A block in which any :class:`CardrulesError` (from building what the fields describe)
        becomes a :class:`DocumentError` of this document, keeping the field it names (under
        this reader's path, for a nested object)."""
        return reading(self._what, self._path)

    def __init__(self, table: Mapping[str, object], what: str, path: str = "") -> None:
        self._table = table
        self._what = what
        self._path = path
        self._seen: set[str] = set()

    # ------------------------------------------------------------------ plumbing
    def key(self, key: str) -> str:
        """The path of field ``key`` in the document (``hands[2]``, ``trick[0].cards``)."""
        return f"{self._path}.{key}" if self._path else key

    def bad(self, key: str, value: object, why: str) -> DocumentError:
        """The :class:`~cardrules.errors.DocumentError` refusing ``value`` of field ``key``, saying
        ``why``."""
        return DocumentError(self._what, f"{why}, got {quote(value)}", key=self.key(key))

    def fail(self, key: str, message: str) -> DocumentError:
        """The refusal of field ``key`` with a library message (which quotes input only through
        :func:`~cardrules.limits.quote`)."""
        return DocumentError(self._what, message, key=self.key(key))

    def raw(self, key: str) -> object:
        """Field ``key`` as given, marked read; refused if it is missing."""
        self._seen.add(key)
        if key not in self._table:
            raise DocumentError(self._what, "missing", key=self.key(key))
        return self._table[key]

    def has(self, key: str) -> bool:
        """Whether the optional field ``key`` is given; it counts as read either way."""
        self._seen.add(key)
        return key in self._table

    def body_of(self, exclude: Iterable[str]) -> dict[str, object]:
        """Every field not read yet but ``exclude``, as given (marked read), to compare with a
        recomputation."""
        skip = set(exclude) | self._seen
        out = {k: v for k, v in self._table.items() if k not in skip}
        self._seen.update(out)
        return out

    def derived(self, written: Mapping[str, object], keys: Iterable[str], why: str) -> None:
        """Refuse any of fields ``keys`` (facts that follow from the others) that is not the
        value rebuilt in ``written`` — the same value of the same JSON type (:func:`same`:
        ``true`` or ``1.0`` is not the seat 1)."""
        for key in keys:
            given = self.raw(key)
            if not same(given, written[key]):
                raise self.bad(key, given, why)

    def done(self) -> None:
        """Refuse keys that were never read: a typo must not be silently ignored."""
        for key in self._table:
            if key not in self._seen:
                raise DocumentError(self._what, "unknown field", key=self.key(key))

    def sub(self, key: str) -> Reader:
        """A reader of field ``key``, which must be an object."""
        value = self.raw(key)
        if not isinstance(value, Mapping):
            raise self.bad(key, value, "an object is needed")
        return Reader(value, self._what, self.key(key))

    def nested(self, key: str, game: str, kind: str) -> Reader:
        """A reader over a document written inside this one (a match view's play view): its
        envelope checked as :func:`open_document` checks it, its fields' paths under ``key``."""
        reader = self.sub(key)
        fmt = reader.integer("format")
        if fmt != FORMAT:
            raise reader.bad("format", fmt, f"this library reads format {FORMAT}")
        reader.choice("game", (game,))
        reader.choice("type", (kind,))
        return reader

    def items(self, key: str, limit: int) -> list[tuple[str, object]]:
        """The elements of an array field as ``(path, value)``, at most ``limit`` of them."""
        value = self.raw(key)
        if not isinstance(value, list):
            raise self.bad(key, value, "an array is needed")
        if len(value) > limit:
            raise self.bad(key, f"{len(value)} entries", f"at most {limit} entries")
        return [(f"{key}[{i}]", v) for i, v in enumerate(value)]

    def element(self, path: str, value: object) -> Reader:
        """A reader over one object element of an array (``path`` from :meth:`items`)."""
        if not isinstance(value, Mapping):
            raise self.bad(path, value, "an object is needed")
        return Reader(value, self._what, self.key(path))

    # ------------------------------------------------------------------ scalars
    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        """Field ``key``, an integer (not a boolean or a float) within ``lo`` … ``hi``."""
        return self.int_value(key, self.raw(key), lo, hi)

    def int_value(self, key: str, value: object, lo: int | None, hi: int | None) -> int:
        """``value`` (of field ``key``), an integer (not a boolean or a float) within ``lo`` …
        ``hi``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.bad(key, value, "an integer is needed")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            lo_s = "" if lo is None else quote(lo)
            hi_s = "" if hi is None else quote(hi)
            raise self.bad(key, value, f"out of range {lo_s}..{hi_s}")
        return value

    def opt_integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        """Field ``key``, ``null`` or an integer within ``lo`` … ``hi``."""
        value = self.raw(key)
        return None if value is None else self.int_value(key, value, lo, hi)

    def boolean(self, key: str) -> bool:
        """Field ``key``, ``true`` or ``false``."""
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.bad(key, value, "true or false is needed")
        return value

    def text(self, key: str, limit: int = 200) -> str:
        """Field ``key``, a string of at most ``limit`` characters."""
        value = self.raw(key)
        if not isinstance(value, str):
            raise self.bad(key, value, "a string is needed")
        if len(value) > limit:
            raise self.bad(key, value, f"at most {limit} characters")
        return value

    def choice(self, key: str, allowed: Iterable[str]) -> str:
        """Field ``key``, one of the strings ``allowed``."""
        options = tuple(allowed)
        value = self.raw(key)
        if not isinstance(value, str) or value not in options:
            raise self.bad(key, value, "one of " + ", ".join(options) + " is needed")
        return value

    def enum(self, key: str, cls: type[_E]) -> _E:
        """Field ``key``, the value of a member of ``cls``, as that member."""
        return cls(self.choice(key, [m.value for m in cls]))

    def rank(self, key: str) -> Rank:
        """Field ``key``, a level rank (``2`` … ``A``, not a joker)."""
        return self.rank_value(key, self.raw(key))

    def rank_value(self, key: str, value: object) -> Rank:
        """``value`` (of field ``key``), a level rank (``2`` … ``A``, not a joker)."""
        if not isinstance(value, str) or len(value) > 2:
            raise self.bad(key, value, "a rank (2 … A) is needed")
        try:
            rank = Rank.parse(value)
        except CardrulesError:
            raise self.bad(key, value, "a rank (2 … A) is needed") from None
        if rank.is_joker:
            raise self.bad(key, value, "a level is a rank 2 … A, not a joker")
        return rank

    def suit(self, key: str) -> Suit | None:
        """A suit letter, or ``null`` for none."""
        value = self.raw(key)
        if value is None:
            return None
        if not isinstance(value, str) or value not in ("S", "H", "C", "D"):
            raise self.bad(key, value, "one of S, H, C, D or null is needed")
        return Suit.parse(value)

    def cards(self, key: str, decks: int) -> Cards:
        """Field ``key``, card notation holding no card more often than ``decks`` decks do."""
        return self.cards_value(key, self.raw(key), decks)

    def cards_value(self, key: str, value: object, decks: int) -> Cards:
        """Card notation holding no card more often than ``decks`` decks do."""
        if not isinstance(value, str):
            raise self.bad(key, value, "card notation is needed")
        if len(value) > 4 * 54 * decks:
            raise self.bad(key, value, f"more cards than {decks} deck(s) hold")
        try:
            return Cards.parse(value, decks=decks)
        except CardrulesError as err:
            raise DocumentError(self._what, str(err), key=self.key(key)) from None

    # ------------------------------------------------------------------ arrays
    def ints(self, key: str, length: int | None, lo: int | None, hi: int | None) -> tuple[int, ...]:
        """Field ``key``, an array of integers within ``lo`` … ``hi``, of exactly ``length`` entries
        (at most 64 when ``length`` is ``None``)."""
        items = self.items(key, length if length is not None else 64)
        if length is not None and len(items) != length:
            raise self.bad(key, f"{len(items)} entries", f"exactly {length} entries")
        return tuple(self.int_value(path, v, lo, hi) for path, v in items)

    def each(self, key: str, limit: int, read: Callable[[str, object], _T]) -> tuple[_T, ...]:
        """Field ``key``, an array of at most ``limit`` entries, each read by ``read(path,
        value)``."""
        return tuple(read(path, value) for path, value in self.items(key, limit))


# ---------------------------------------------------------------------- flat records (cattrs)
@attrs.frozen
class Bound:
    """The name of the range an integer field of a record lies in, or, on a tuple field, the
    range of its length: ``seat: Annotated[int, Bound("seat")]`` (:data:`Seat`). The ranges
    themselves are the game's (or the variant's) :class:`Bounds`, so one event class serves
    every table."""

    name: str


#: A seat at the table.
Seat = Annotated[int, Bound("seat")]
#: A team (0 or 1).
Team = Annotated[int, Bound("team")]
#: A round of a match (1 is the first).
Round = Annotated[int, Bound("round")]
#: A number of cards (a hand's, a kitty's, a chain's width …).
CardCount = Annotated[int, Bound("cards")]

#: The largest integer a record field without a :class:`Bound` may hold: JSON numbers beyond
#: 2^53 are not exact in most readers, and no such field needs more.
MAX_RECORD_INT = 2**53


@attrs.frozen
class Bounds:
    """What the fields of a game's records may hold (the "JSON documents" section of
    ``spec/README.md``): ``ranges`` the ``(lowest, highest)`` value of each :class:`Bound` name,
    ``decks`` the most copies of a card a card text may name, ``items`` the most entries of a
    list without a bound of its own and ``text`` the most characters of a string. Each game
    gives its bounds for a variant, or the widest its variants allow when the document does not
    say its variant (an event log)."""

    ranges: Mapping[str, tuple[int, int]] = attrs.field(hash=False)
    decks: int = 8
    items: int = 64
    text: int = 200

    def range_of(self, name: str) -> tuple[int, int]:
        """The range of bound ``name``; a record field naming a bound the game does not give
        is a mistake of the game (``bad-game``)."""
        found = self.ranges.get(name)
        if found is None:
            raise CardrulesError(f"no range for the record bound {name!r}", code="bad-game")
        return found


#: The bounds of a record read without a game's: eight seats, eight decks.
GENERIC_BOUNDS = Bounds(
    {"seat": (0, 7), "team": (0, 1), "round": (1, 10_000), "cards": (0, 8 * 54)}
)
_BOUNDS: ContextVar[Bounds] = ContextVar("record_bounds", default=GENERIC_BOUNDS)


def _json_type(value: object) -> str:
    return "a boolean" if isinstance(value, bool) else quote(value)


def _strict(kind: type[_T], name: str) -> Callable[[object, object], _T]:
    def hook(value: object, _type: object) -> _T:
        if type(value) is not kind:
            raise TypeError(f"{name} is needed, got {quote(value)}")
        assert isinstance(value, kind)
        return value

    return hook


def _read_int(value: object, _type: object) -> int:
    if type(value) is not int:
        raise TypeError(f"an integer is needed, got {quote(value)}")
    if abs(value) > MAX_RECORD_INT:
        raise ValueError(f"out of range -2^53..2^53, got {quote(value)}")
    return value


def _read_text(value: object, _type: object) -> str:
    if type(value) is not str:
        raise TypeError(f"a string is needed, got {quote(value)}")
    limit = _BOUNDS.get().text
    if len(value) > limit:
        raise ValueError(f"at most {limit} characters, got {quote(value)}")
    return value


def _bound_of(tp: object) -> Bound | None:
    if get_origin(tp) is not Annotated:
        return None
    return next((m for m in tp.__metadata__ if isinstance(m, Bound)), None)  # type: ignore[attr-defined]


def _bounded_hook(tp: object) -> Callable[[object, object], object]:
    """The hook of ``Annotated[int, Bound(name)]`` (a bounded integer) or ``Annotated[tuple[…],
    Bound(name)]`` (a list of a bounded length): the JSON type checked, then the range, before
    anything is converted."""
    bound = _bound_of(tp)
    assert bound is not None
    inner = get_args(tp)[0]
    if inner is int:

        def bounded_int(value: object, _type: object) -> int:
            if type(value) is not int:
                raise TypeError(f"an integer is needed, got {_json_type(value)}")
            lo, hi = _BOUNDS.get().range_of(bound.name)
            if not lo <= value <= hi:
                raise ValueError(f"out of range {quote(lo)}..{quote(hi)}, got {quote(value)}")
            return value

        return bounded_int
    return _tuple_hook(inner, bound)


def _tuple_hook(tp: object, bound: Bound | None = None) -> Callable[[object, object], object]:
    """The hook of a tuple field: a JSON array (a string is not taken apart), of the tuple's
    length or, for ``tuple[X, ...]``, within ``bound``'s range (else at most
    :attr:`Bounds.items` entries), each entry converted in turn; the first entry at fault stops
    the reading."""
    args = get_args(tp)
    variadic = len(args) == 2 and args[1] is Ellipsis

    def structure_tuple(value: object, _type: object) -> tuple[object, ...]:
        if type(value) is not list:
            raise TypeError(f"an array is needed, got {_json_type(value)}")
        if not variadic:
            lo = hi = len(args)
        elif bound is not None:
            lo, hi = _BOUNDS.get().range_of(bound.name)
        else:
            lo, hi = 0, _BOUNDS.get().items
        if not lo <= len(value) <= hi:
            span = str(lo) if lo == hi else f"{lo}..{hi}"
            raise ValueError(f"{span} entries are needed, got {len(value)}")
        out = []
        for i, item in enumerate(value):
            kind = args[0] if variadic else args[i]
            try:
                out.append(records.structure(item, kind))
            except Exception as err:  # reported with its index, as cattrs reports its own
                err.add_note(IterableValidationNote(f"Structuring {tp} @ index {i}", i, kind))
                raise IterableValidationError(f"While structuring {tp}", [err], tuple) from None
        return tuple(out)

    return structure_tuple


def _is_tuple(tp: object) -> bool:
    return get_origin(tp) is tuple


def _record_hook(cls: type[Any]) -> Callable[[object, object], object]:
    """The hook of a nested record (an attrs class): a JSON object, then cattrs' own reading of
    its fields (unknown keys refused)."""
    structure = make_dict_structure_fn(cls, records, _cattrs_forbid_extra_keys=True)

    def structure_record(value: object, _type: object) -> object:
        if not isinstance(value, Mapping):
            raise TypeError(f"an object is needed, got {_json_type(value)}")
        return structure(value, cls)

    return structure_record


def _read_cards(value: object, _type: object) -> Cards:
    decks = _BOUNDS.get().decks
    if type(value) is not str:
        raise TypeError(f"card notation is needed, got {_json_type(value)}")
    if len(value) > 4 * 54 * decks:
        raise ValueError(f"more cards than {decks} deck(s) hold, got {quote(value)}")
    if len(value) <= _SHORT_CARDS:
        return _parse_short(value, decks)
    return Cards.parse(value, decks=decks)


#: Card texts up to this length (a move's cards, a trick's) are parsed once and remembered
#: (across reads): a long event log repeats the same few plays thousands of times, and
#: parsing them was half its reading time. ``Cards`` never changes, so sharing one is safe.
_SHORT_CARDS = 64


@functools.lru_cache(maxsize=4096)
def _parse_short(text: str, decks: int) -> Cards:
    return Cards.parse(text, decks=decks)


def _read_rank(value: object, _type: object) -> Rank:
    """Every rank of a record is a level: 2 … A, not a joker."""
    if type(value) is not str or len(value) > 2:
        raise TypeError(f"a level (2 … A) is needed, got {_json_type(value)}")
    rank = Rank.parse(value)
    if rank.is_joker:
        raise ValueError(f"a level is a rank 2 … A, not a joker, got {quote(value)}")
    return rank


def _read_suit(value: object, _type: object) -> Suit:
    if type(value) is not str or value not in ("S", "H", "C", "D"):
        raise TypeError(f"a suit letter is needed, got {_json_type(value)}")
    return Suit.parse(value)


def _read_enum(value: object, cls: type[StrEnum]) -> StrEnum:
    if type(value) is not str or value not in cls.__members__.values():
        raise TypeError(
            f"one of {', '.join(m.value for m in cls)} is needed, got {_json_type(value)}"
        )
    return cls(value)


#: Converter for the small flat records of both games (events, round results, standings):
#: every hook checks the JSON type and the size of a value before converting it (no ``"2"``
#: for 2, no 1.9 for 1, no ``true`` for 1, no string taken apart as a list), integers marked
#: with a :class:`Bound` lie in the game's range, and unknown keys are refused; tuples are
#: written as lists, as JSON has them, so a document written and read back compares equal.
records = cattrs.Converter(forbid_extra_keys=True, unstruct_collection_overrides={tuple: list})
records.register_structure_hook(int, _read_int)
records.register_structure_hook(bool, _strict(bool, "true or false"))
records.register_structure_hook(str, _read_text)
records.register_structure_hook_factory(attrs.has, _record_hook)
records.register_structure_hook_factory(_is_tuple, _tuple_hook)
records.register_structure_hook_factory(lambda tp: _bound_of(tp) is not None, _bounded_hook)
records.register_structure_hook(Cards, _read_cards)
records.register_unstructure_hook(Cards, str)
records.register_structure_hook(Rank, _read_rank)
records.register_unstructure_hook(Rank, lambda r: r.text)
records.register_structure_hook(Suit, _read_suit)
records.register_unstructure_hook(Suit, lambda s: s.letter)
records.register_unstructure_hook(StrEnum, lambda e: str(e.value))
records.register_structure_hook(StrEnum, _read_enum)  # before str's own hook, for subclasses


@contextmanager
def reading(what: str, path: str = "") -> Iterator[None]:
    """Turn a :class:`CardrulesError` raised while building what a document describes into a
    :class:`DocumentError` of that document (the field named by a position error is kept, under
    ``path`` when the object read is nested in the document)."""
    try:
        yield
    except DocumentError:
        raise
    except PositionError as err:
        key = f"{path}.{err.key}" if path and err.key else err.key or path
        raise DocumentError(what, err.detail, key=key) from None
    except CardrulesError as err:
        raise DocumentError(what, str(err), key=path) from None


def _fault(err: BaseException) -> tuple[str, BaseException]:
    """The first fault cattrs found, and the path of the field it is in (``penalties[2]``,
    ``last.scores``), from the notes cattrs attaches to each field's and entry's error."""
    path = ""
    while isinstance(err, cattrs.ClassValidationError | IterableValidationError):
        noted, plain = err.group_exceptions()
        if noted:
            inner, note = noted[0]
            if isinstance(note, AttributeValidationNote):
                path += f".{note.name}" if path else note.name
            elif isinstance(note, IterableValidationNote):
                path += f"[{note.index}]"
            err = inner
        elif plain:
            err = plain[0]
        else:  # pragma: no cover - cattrs groups hold at least one error
            break
    return path, err


def _message(err: BaseException) -> str:
    if isinstance(err, KeyError):
        return "missing"
    if isinstance(err, cattrs.ForbiddenExtraKeysError):
        return "unknown field(s) " + ", ".join(quote(k) for k in sorted(err.extra_fields)[:4])
    return _bounded(str(err))


def record_json(record: object) -> JSONObject:
    """The JSON object of a flat attrs record (an event, a result)."""
    out: JSONObject = records.unstructure(record)
    return out


def read_record(
    cls: type[_T], table: Mapping[str, object], what: str, bounds: Bounds | None = None
) -> _T:
    """A flat attrs record from its JSON object, each field's JSON type and size checked before
    it is converted and every bounded integer within ``bounds`` (the game's, by default
    :data:`GENERIC_BOUNDS`); any problem is one :class:`DocumentError` naming the field."""
    if not isinstance(table, Mapping):
        raise DocumentError(what, f"an object is needed, got {_json_type(table)}")
    token = _BOUNDS.set(bounds or GENERIC_BOUNDS)
    try:
        return records.structure(dict(table), cls)
    except DocumentError:
        raise
    except CardrulesError as err:
        raise DocumentError(what, str(err)) from None
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as err:
        path, inner = _fault(err)
        if isinstance(inner, DocumentError):
            key = f"{path}.{inner.key}" if path and inner.key else inner.key or path
            raise DocumentError(what, inner.detail, key=key) from None
        raise DocumentError(what, _message(inner), key=path) from None
    finally:
        _BOUNDS.reset(token)
