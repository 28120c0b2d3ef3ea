"""One error hierarchy for the whole library, rooted in :class:`ValueError`.

* :class:`NotationError` — text that is not card notation (which token, where).
* :class:`ImpossibleCardsError` — a card set the decks cannot hold.
* :class:`VariantError` — a variant file or switch that cannot be played (which key, what is
  allowed).
* :class:`PositionError` — a ``[position]`` table that cannot exist (which key).
* :class:`CaseFileError` — a case file that does not follow the contract (which key).
* :class:`ArgumentError` — an argument of a public call of the wrong type or out of range (which
  argument); :mod:`cardrules.args` holds the checks.
* :class:`IllegalMoveError` — a well-formed move that the rules refuse here, carrying an
  :class:`Illegal` record with a stable ``code`` and the ``clause`` id it rests on.

Bad syntax and "illegal here" are different classes, so callers can tell a typo from a rule.
Every message is one line, and repeats input only through :func:`cardrules.limits.quote`, so it
stays short however large the input was.

Every error carries a stable kebab-case ``code`` (CORE-ERROR-1 (Every error has a code)): an
illegal move the refusal's code from its game's table (``not-your-turn`` …), any other error one
of :data:`ERROR_CODES` (``bad-notation``, ``bad-document`` …). ``err.to_json()`` is the error as
a JSON object an app can send on: ``{"error": code, "message": …}`` and the details the error
knows (the key, the token, the clause).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules.limits import MAX_NAME_CHARS, QUOTE_CHARS, quote

__all__ = [
    "ERROR_CODES",
    "ArgumentError",
    "CardrulesError",
    "CaseFileError",
    "DocumentError",
    "Illegal",
    "IllegalMoveError",
    "ImpossibleCardsError",
    "NotationError",
    "PositionError",
    "RecordError",
    "VariantError",
]


#: Every code an error other than an illegal move can carry, and what it means (an illegal
#: move's code comes from its game's table, ``cardrules.<game>.CODES``). Codes are stable: apps
#: switch on them. ``spec/README.md`` lists this table; a test keeps the two in step.
ERROR_CODES: Mapping[str, str] = {
    "bad-argument": "an argument of a call or a command is of the wrong type or out of range",
    "bad-notation": "text that is not card or move notation",
    "other-seat": "move text naming another seat than the view's own (a view acts for its seat)",
    "impossible-cards": "more copies of a card than the decks in play hold",
    "bad-variant": "a variant file or switch that cannot be played",
    "unknown-game": "a game name that is not registered",
    "bad-game": "a game registered without its event classes, or an event class that does not "
    "declare who sees it",
    "bad-plugin": "a game's entry point that fails to load, gives something that is not a game, "
    "or a second game of a name",
    "bad-position": "a position that cannot exist",
    "bad-document": "a JSON document that is malformed or describes what cannot exist",
    "bad-record": "a game record that cannot be read or replayed",
    "bad-case-file": "a case file that does not follow the case-file contract",
    "unsupported-case": "a case the engine cannot rule on (a kind or check it does not implement)",
    "unknown-clause": "a clause id that the spec does not define",
    "unknown-schema": "a JSON Schema name that is not shipped",
    "unknown-language": "a language that has no catalog",
    "unknown-bot": "a bot name the game does not have",
    "not-over": "a result asked for before the round or match is over",
    "hidden-cards": "the move of an event whose cards this seat may not see",
    "bot-failed": "a bot did not move when it had to, or the game did not end in time",
    "too-many-moves": "a choice too large to list (a burial, a long throw): describe it instead",
    "cannot-write": "a file could not be written",
    "cluster-unreachable": "a Dask scheduler that cannot be reached or is not an address",
    "worker-failed": "a worker process of a simulation died",
    "missing-dependency": "an optional dependency the call needs is not installed",
    "bad-json": "a web request or socket message that is not JSON, or not a JSON object",
    "bad-message": "a socket message of an unknown type, or missing a field it needs",
    "bad-request": "a web request whose fields are missing, of the wrong type or out of range",
    "bad-seats": "a new table's seats that are not one person or bot level per seat",
    "bad-token": "a seat's token that does not belong to the table",
    "bad-store": "a table database that cannot be opened or holds what cannot be replayed",
    "no-table": "a table or dispute id the server does not hold",
    "no-undo": "an undo asked for when nothing of the seat's may be taken back",
    "not-your-seat": "a move sent on a seat's socket for another seat",
    "stale-view": "a move made on a view that another move has overtaken (the first move to land "
    "wins)",
    "too-large": "a web request or socket message over its size limit",
}


def _clip(text: str) -> str:
    """Input repeated in an error's JSON: at most :data:`QUOTE_CHARS` characters, then "…"."""
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"


class CardrulesError(ValueError):
    """Base of every error this library raises on bad input. ``code`` is stable (one of
    :data:`ERROR_CODES`, or an illegal move's refusal code); the message is one line for a
    person and may be reworded."""

    #: The code an error of this class carries unless it is given another.
    CODE: ClassVar[str] = "bad-argument"

    def __init__(self, message: str = "", *, code: str | None = None) -> None:
        super().__init__(message)
        self.code: str = type(self).CODE if code is None else code

    def details(self) -> dict[str, str | int]:
        """What the error knows besides its code and message (a key, a token …), for JSON."""
        return {}

    def to_json(self) -> dict[str, str | int]:
        """The error as a JSON object: ``{"error": code, "message": …, <details>}``."""
        return {"error": self.code, "message": str(self), **self.details()}


class ArgumentError(CardrulesError):
    """An argument of a public call of the wrong type or out of range (a seat that is not at
    the table, ``True`` or ``1.0`` for a seat, a random generator that is not one): ``key`` names
    the argument. Raised before anything is done, so nothing has changed. The checks are
    :mod:`cardrules.args`'s."""

    CODE = "bad-argument"

    def __init__(self, message: str, *, key: str = "") -> None:
        self.key = key
        self.detail = message
        super().__init__(f"argument {key}: {message}" if key else message)

    def details(self) -> dict[str, str | int]:
        return {"key": _clip(self.key)} if self.key else {}


class NotationError(CardrulesError):
    """Text that is not valid card or move notation.

    ``detail`` is the message without the position; where the fault is one token, ``token`` is
    that token, ``index`` its number among the text's words (from 0) and ``offset`` its
    character offset in ``text``, so an app can underline it.
    """

    CODE = "bad-notation"

    def __init__(
        self, message: str, *, text: str = "", token: str = "", index: int = -1, offset: int = -1
    ) -> None:
        self.detail = message
        self.text = text
        self.token = token
        self.index = index
        self.offset = offset
        where = f" (token {index + 1}: {quote(token)} in {quote(text)})" if index >= 0 else ""
        super().__init__(message + where)

    def details(self) -> dict[str, str | int]:
        if self.index < 0:
            return {}
        return {"token": _clip(self.token), "index": self.index, "offset": self.offset}


class ImpossibleCardsError(CardrulesError):
    """A group of cards that the decks in play cannot hold."""

    CODE = "impossible-cards"

    def __init__(self, message: str, *, card: str = "", count: int = 0, limit: int = 0) -> None:
        self.card = card
        self.count = count
        self.limit = limit
        super().__init__(message)

    def details(self) -> dict[str, str | int]:
        return {"card": _clip(self.card)} if self.card else {}


class VariantError(CardrulesError):
    """A variant switch (or combination of switches) that cannot be played."""

    CODE = "bad-variant"

    def __init__(
        self,
        message: str,
        *,
        key: str = "",
        value: object = None,
        allowed: Sequence[object] | str = (),
        source: str = "",
        code: str | None = None,
    ) -> None:
        self.detail = message
        self.key = key
        self.value = value
        self.allowed = allowed
        self.source = source
        parts = []
        if source:
            parts.append(source)
        if key:
            parts.append(f"key {quote(key)}")
        prefix = ": ".join(parts)
        text = f"{prefix}: {message}" if prefix else message
        if allowed:
            shown = allowed if isinstance(allowed, str) else ", ".join(repr(a) for a in allowed)
            text += f" (allowed: {shown})"
        super().__init__(text, code=code)

    def details(self) -> dict[str, str | int]:
        return {k: _clip(v) for k, v in (("key", self.key), ("source", self.source)) if v}


class PositionError(CardrulesError):
    """A position that cannot exist (more copies than the decks hold, a seat out of range …)."""

    CODE = "bad-position"

    def __init__(self, message: str, *, key: str = "") -> None:
        self.key = key
        self.detail = message
        super().__init__(f"position key {quote(key)}: {message}" if key else message)

    def details(self) -> dict[str, str | int]:
        return {"key": _clip(self.key)} if self.key else {}


class DocumentError(PositionError):
    """A JSON document (a state, view, move, result, event log …) that is malformed or
    describes something that cannot exist. ``key`` is the path of the field at fault
    (``"hands[2]"``, ``"trick[0].cards"``); the message starts ``not a <game> <type>:``."""

    CODE = "bad-document"

    def __init__(self, what: str, message: str, *, key: str = "") -> None:
        self.key = key
        self.what = what
        self.detail = message
        where = f"field {quote(key)}: " if key else ""
        CardrulesError.__init__(self, f"not a {what}: {where}{message}")


class RecordError(CardrulesError):
    """A game record that cannot be read or replayed: ``index`` is the move at fault (-1 for the
    record itself), ``reason`` the refusal of an illegal move and ``key`` the record's field at
    fault (``"result"`` for a result its moves do not produce)."""

    CODE = "bad-record"

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        index: int = -1,
        reason: Illegal | None = None,
        key: str = "",
    ) -> None:
        self.path = path
        self.index = index
        self.reason = reason
        self.key = key
        super().__init__(f"{path}: {message}" if path else message)

    def details(self) -> dict[str, str | int]:
        out: dict[str, str | int] = {"index": self.index} if self.index >= 0 else {}
        if self.key:
            out["key"] = _clip(self.key)
        if self.reason is not None:
            out.update(refusal=self.reason.code, clause=self.reason.clause)
        return out


class CaseFileError(CardrulesError):
    """A case file that does not follow the case-file contract."""

    CODE = "bad-case-file"

    def __init__(self, message: str, *, path: str = "", key: str = "") -> None:
        self.path = path
        self.key = key
        where = ": ".join(p for p in (path, f"key {quote(key)}" if key else "") if p)
        super().__init__(f"{where}: {message}" if where else message)

    def details(self) -> dict[str, str | int]:
        return {"key": _clip(self.key)} if self.key else {}


@attrs.frozen
class Illegal:
    """Why a move is refused: a stable machine code, the spec clause, and a sentence for players."""

    code: str
    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.code} [{self.clause}]: {self.message}"

    def to_json(self) -> dict[str, str]:
        """The refusal as a JSON object: ``code``, ``clause`` and ``message``."""
        return {"code": self.code, "clause": self.clause, "message": self.message}


class IllegalMoveError(CardrulesError):
    """A move the rules refuse in this state. ``reason`` says why."""

    def __init__(self, reason: Illegal) -> None:
        self.reason = reason
        super().__init__(str(reason), code=reason.code)

    @property
    def clause(self) -> str:
        """The id of the clause the refusal rests on."""
        return self.reason.clause

    def details(self) -> dict[str, str | int]:
        return {"clause": self.reason.clause}


def did_you_mean(word: object, options: Iterable[str]) -> str:
    """A short hint naming the closest allowed word, or an empty string. Only a plausible word
    (a string no longer than a name may be) is compared: matching costs time in its length."""
    import difflib

    if not isinstance(word, str) or len(word) > MAX_NAME_CHARS:
        return ""
    close = difflib.get_close_matches(word, list(options), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""
