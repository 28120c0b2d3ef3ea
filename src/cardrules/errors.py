"""One error hierarchy for the whole library, rooted in :class:`ValueError`.

* :class:`NotationError` — text that is not card notation (which token, where).
* :class:`ImpossibleCardsError` — a card set the decks cannot hold.
* :class:`VariantError` — a variant file or switch that cannot be played (which key, what is
  allowed).
* :class:`PositionError` — a ``[position]`` table that cannot exist (which key).
* :class:`CaseFileError` — a case file that does not follow the contract (which key).
* :class:`IllegalMoveError` — a well-formed move that the rules refuse here, carrying an
  :class:`Illegal` record with a stable ``code`` and the ``clause`` id it rests on.

Bad syntax and "illegal here" are different classes, so callers can tell a typo from a rule.
Every message is one line, and repeats input only through :func:`cardrules.limits.quote`, so it
stays short however large the input was.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from cardrules.limits import MAX_NAME_CHARS, quote

__all__ = [
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


class CardrulesError(ValueError):
    """Base of every error this library raises on bad input."""


class NotationError(CardrulesError):
    """Text that is not valid card or move notation.

    ``detail`` is the message without the position; where the fault is one token, ``token`` is
    that token, ``index`` its number among the text's words (from 0) and ``offset`` its
    character offset in ``text``, so an app can underline it.
    """

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


class ImpossibleCardsError(CardrulesError):
    """A group of cards that the decks in play cannot hold."""

    def __init__(self, message: str, *, card: str = "", count: int = 0, limit: int = 0) -> None:
        self.card = card
        self.count = count
        self.limit = limit
        super().__init__(message)


class VariantError(CardrulesError):
    """A variant switch (or combination of switches) that cannot be played."""

    def __init__(
        self,
        message: str,
        *,
        key: str = "",
        value: object = None,
        allowed: Sequence[object] | str = (),
        source: str = "",
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
        super().__init__(text)


class PositionError(CardrulesError):
    """A position that cannot exist (more copies than the decks hold, a seat out of range …)."""

    def __init__(self, message: str, *, key: str = "") -> None:
        self.key = key
        self.detail = message
        super().__init__(f"position key {quote(key)}: {message}" if key else message)


class DocumentError(PositionError):
    """A JSON document (a state, view, move, result, event log …) that is malformed or
    describes something that cannot exist. ``key`` is the path of the field at fault
    (``"hands[2]"``, ``"trick[0].cards"``); the message starts ``not a <game> <type>:``."""

    def __init__(self, what: str, message: str, *, key: str = "") -> None:
        self.key = key
        self.what = what
        where = f"field {quote(key)}: " if key else ""
        CardrulesError.__init__(self, f"not a {what}: {where}{message}")


class RecordError(CardrulesError):
    """A game record that cannot be read or replayed: ``index`` is the move at fault (-1 for the
    record itself) and ``reason`` the refusal of an illegal move."""

    def __init__(
        self, message: str, *, path: str = "", index: int = -1, reason: Illegal | None = None
    ) -> None:
        self.path = path
        self.index = index
        self.reason = reason
        super().__init__(f"{path}: {message}" if path else message)


class CaseFileError(CardrulesError):
    """A case file that does not follow the case-file contract."""

    def __init__(self, message: str, *, path: str = "", key: str = "") -> None:
        self.path = path
        self.key = key
        where = ": ".join(p for p in (path, f"key {quote(key)}" if key else "") if p)
        super().__init__(f"{where}: {message}" if where else message)


@attrs.frozen
class Illegal:
    """Why a move is refused: a stable machine code, the spec clause, and a sentence for players."""

    code: str
    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.code} [{self.clause}]: {self.message}"

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "clause": self.clause, "message": self.message}


class IllegalMoveError(CardrulesError):
    """A move the rules refuse in this state. ``reason`` says why."""

    def __init__(self, reason: Illegal) -> None:
        self.reason = reason
        super().__init__(str(reason))

    @property
    def code(self) -> str:
        return self.reason.code

    @property
    def clause(self) -> str:
        return self.reason.clause


def did_you_mean(word: object, options: Iterable[str]) -> str:
    """A short hint naming the closest allowed word, or an empty string. Only a plausible word
    (a string no longer than a name may be) is compared: matching costs time in its length."""
    import difflib

    if not isinstance(word, str) or len(word) > MAX_NAME_CHARS:
        return ""
    close = difflib.get_close_matches(word, list(options), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""
