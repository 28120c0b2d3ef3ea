"""Tampering with JSON documents, as a hostile client would: the hypothesis helper the tests of
every strict reader share: a tampered state, view or match must be refused with one
:class:`~cardrules.errors.CardrulesError`, or load into something that could exist. In a test
``@given(..., st.data())``: ``tampered(doc, other_doc, data, odd=[None, -1, "ZZ"])``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from hypothesis import strategies as st

from cardrules.jsonio import JSON

__all__ = ["ENVELOPE", "Path", "get", "paths", "put", "tampered"]

#: Where a value sits in a document: keys and list indexes from the top.
Path = tuple[str | int, ...]

#: The envelope every document carries; tampering leaves it alone (readers check it first).
ENVELOPE = ("format", "game", "type")


def paths(doc: JSON, prefix: Path = ()) -> list[Path]:
    """Every place in ``doc``, parents before their children."""
    out: list[Path] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.append((*prefix, key))
            out += paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out.append((*prefix, i))
            out += paths(value, (*prefix, i))
    return out


def get(doc: JSON, path: Path) -> JSON:
    """The value at ``path``."""
    for step in path:
        doc = doc[step]  # type: ignore[index]
    return doc


def put(doc: JSON, path: Path, value: JSON) -> None:
    """Replace the value at ``path`` (which must exist)."""
    get(doc, path[:-1])[path[-1]] = value  # type: ignore[index]


def tampered(
    doc: Mapping[str, JSON],
    other: Mapping[str, JSON],
    data: st.DataObject,
    *,
    odd: Sequence[JSON],
    keep: Sequence[str] = ENVELOPE,
    swap: str | None = None,
) -> dict[str, JSON]:
    """A copy of ``doc`` changed one to three times: a value replaced by one of ``odd``, a
    top-level field replaced by ``other``'s (a document of another moment), a field or a list
    element dropped, or (with ``swap``) the first two elements of that list field exchanged.
    Fields named in ``keep`` are left alone."""
    out: dict[str, JSON] = copy.deepcopy(dict(doc))
    for _ in range(data.draw(st.integers(1, 3))):
        places = [p for p in paths(out) if p[0] not in keep]
        if not places:
            break
        path = data.draw(st.sampled_from(places))
        how = data.draw(st.sampled_from(["odd", "other", "drop", "swap"]))
        if how == "odd":
            put(out, path, data.draw(st.sampled_from(list(odd))))
        elif how == "other" and path[0] in other:
            put(out, path[:1], copy.deepcopy(other[str(path[0])]))
        elif how == "drop" and len(path) == 1:
            out.pop(str(path[0]), None)
        elif how == "drop" and isinstance(path[-1], int):
            parent = get(out, path[:-1])
            assert isinstance(parent, list)
            parent.pop(path[-1])
        elif how == "swap" and swap is not None:
            items = out.get(swap)
            if isinstance(items, list) and len(items) > 1:
                items[0], items[1] = items[1], items[0]
    return out
