"""The one way files come in: variant files, presets, case files and clause files.

:func:`read_text` reads at most :data:`~cardrules.limits.MAX_FILE_BYTES` (plus one byte, to tell
that a file is larger) and decodes strict UTF-8, so a 55 MB file or stray binary costs nothing;
:func:`decode_text` checks text received in memory (a web request's body) the same way.
:func:`parse_toml` refuses nesting beyond :data:`~cardrules.limits.MAX_DEPTH` by a linear scan of
the text *before* :mod:`tomllib` parses it: the parser recurses once per nested array or inline
table (2,000 levels end in ``RecursionError``) and takes time quadratic in the parts of a dotted
key. Every refusal is the :class:`~cardrules.errors.CardrulesError` the caller's ``fail`` makes,
so a variant file is refused with a ``VariantError`` and a case file with a ``CaseFileError``, each
naming the file.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from importlib.resources.abc import Traversable
from itertools import accumulate
from typing import Any, TypeGuard

from cardrules.errors import CardrulesError
from cardrules.limits import MAX_DEPTH, MAX_FILE_BYTES

__all__ = ["Fail", "decode_text", "is_int", "parse_toml", "read_text", "read_toml"]

#: Makes the error for a refused file from a one-line reason (the caller names the file).
Fail = Callable[[str], CardrulesError]

# Strings and comments, removed before brackets and dots are counted (those in them do not
# nest). A quote none of these patterns closes takes the rest of the text with it: the parser
# stops there, and the scan does not try again at every quote after it (which made it quadratic
# in the text: 1.5 s for 16 KB of escaped quotes).
_STRINGS_AND_COMMENTS = re.compile(
    r"""
      \"\"\"(?:[^"\\]++|\\[\s\S]|"(?!""))*+\"\"\""{0,2}    # multi-line basic string
    | '''[\s\S]*?'''(?:'{0,2})                              # multi-line literal string
    | "(?:[^"\\\n]++|\\[^\n])*+"                            # basic string
    | '[^'\n]*'                                             # literal string
    | \#[^\n]*                                              # comment
    | ["'][\s\S]*+                                          # a quote left open: the rest
    """,
    re.VERBOSE,
)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}
# A key of more than MAX_DEPTH dotted parts: dots with no "=", ",", newline or bracket between.
_LONG_DOTTED_KEY = re.compile(
    rf"(?:^|[=,\n\[\]{{}}])(?:[^.=,\n\[\]{{}}]*+\.){{{MAX_DEPTH}}}", re.MULTILINE
)


def is_int(value: object) -> TypeGuard[int]:
    """An integer as TOML writes one: ``True`` and ``1.0`` compare equal to 1 but are not."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_text(source: Traversable, fail: Fail, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file no larger than ``limit`` bytes."""
    try:
        found = source.is_file()
        if found:
            with source.open("rb") as stream:
                data = stream.read(limit + 1)
    except (OSError, ValueError) as err:  # a name too long, unreadable, with a NUL byte …
        why = getattr(err, "strerror", None) or err
        raise fail(f"cannot read the file ({why})") from None
    if not found:
        raise fail("no such file")
    return decode_text(data, fail, limit)


def decode_text(data: str | bytes, fail: Fail, limit: int = MAX_FILE_BYTES) -> str:
    """Text received rather than read from a file (a web request's body), checked as a file's
    is: at most ``limit`` bytes of strict UTF-8. A ``str`` is measured in its UTF-8 bytes; one
    of more than ``limit`` characters is refused before it is encoded."""
    if isinstance(data, str):
        if len(data) > limit:
            raise fail(f"larger than the limit of {limit} bytes")
        try:
            encoded = data.encode("utf-8")
        except UnicodeEncodeError as err:  # a lone surrogate ("\ud800") is no UTF-8 text
            raise fail(f"not UTF-8 text (character {err.start} is {data[err.start]!a})") from None
        if len(encoded) > limit:
            raise fail(f"larger than the limit of {limit} bytes")
        return data
    if not isinstance(data, bytes | bytearray):
        raise fail(f"text or bytes are needed, got {type(data).__name__}")
    if len(data) > limit:
        raise fail(f"larger than the limit of {limit} bytes")
    raw = bytes(data)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise fail(f"not UTF-8 text (byte {err.start} is {raw[err.start]:#04x})") from None


def parse_toml(text: str, fail: Fail) -> dict[str, Any]:
    """A TOML document, refused if it nests too deep or is not TOML."""
    if _too_deep(text):
        raise fail(
            f"nested deeper than {MAX_DEPTH} levels (arrays, inline tables or dotted key parts)"
        )
    try:
        return tomllib.loads(text)
    except RecursionError:  # only if the scan and the parser ever disagree about a string
        raise fail(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as err:  # TOMLDecodeError, and an integer of more than 4,300 digits
        raise fail(f"not valid TOML: {err}") from None


def read_toml(source: Traversable, fail: Fail, limit: int = MAX_FILE_BYTES) -> dict[str, Any]:
    """:func:`read_text` then :func:`parse_toml`."""
    return parse_toml(read_text(source, fail, limit), fail)


def _too_deep(text: str) -> bool:
    """Whether brackets and braces nest, or a key has dotted parts, beyond the limit (outside
    strings and comments). A few passes of C code, linear in the text."""
    skeleton = _STRINGS_AND_COMMENTS.sub("", text)
    unclosed = [i for i in (skeleton.find('"'), skeleton.find("'")) if i >= 0]
    skeleton = skeleton[: min(unclosed, default=len(skeleton))]
    brackets = _NOT_BRACKET.sub("", skeleton)
    if brackets and max(accumulate(map(_NESTING.__getitem__, brackets))) > MAX_DEPTH:
        return True
    return _LONG_DOTTED_KEY.search(skeleton) is not None
