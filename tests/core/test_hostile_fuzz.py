"""Random files given to every reader: raw bytes, random TOML documents (random nested tables,
arrays and scalars, some with the keys the readers look for) and valid files cut short. Each ends
in a valid result or a CardrulesError — never another exception — and the command line exits 0,
1 or 2 with at most one line on stderr."""

from __future__ import annotations

import contextlib
import io
import math
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, load_variant
from cardrules.cases import find_case_files, load_case_file
from cardrules.cases.model import KINDS, THEN_KEYS
from cardrules.cli import main
from cardrules.position import POSITION_KEYS
from cardrules.variant import dump_toml, switches_of, variant_class

SPEC = Path(__file__).resolve().parents[2] / "spec" / "cases"
PRESETS = Path(__file__).resolve().parents[2] / "src" / "cardrules"
# Case files only: variant files may live beside them (a variant case names one).
CASE_FILES = list(find_case_files([SPEC]))
VALID_FILES = CASE_FILES[:4] + sorted(PRESETS.rglob("presets/*.toml"))

FIELDS = [f for game in ("siyaosi", "shengji") for f in switches_of(variant_class(game))]
SWITCHES = sorted({f.name for f in FIELDS})
CHOICES = sorted({str(c) for f in FIELDS for c in f.metadata["switch"].choices})
VARIANT_KEYS = ["game", "name", "extends", "description", *SWITCHES]
CASE_KEYS = ["id", "rules", "kind", "note", "position", *{k for v in KINDS.values() for k in v}]
PLAUSIBLE = st.sampled_from(
    [
        "siyaosi", "shengji", "classic", "one-deck", "four-deck", "x.toml", "../x.toml", "/",
        "play", "classify", "legal", "illegal", "0: 3S", "1: pass", "4S 4H", "ZZ", "", "none",
        "H", "5", 0, 1, 2, 4, 8, -1, 2**63 - 1, True, False, 1.0, math.inf, *CHOICES,
    ]
)  # fmt: skip
SCALARS = st.one_of(
    PLAUSIBLE,
    st.text(max_size=12),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.booleans(),
)
GAME = st.one_of(st.sampled_from(["siyaosi", "shengji"]), SCALARS)
PRESET = st.one_of(st.sampled_from(["classic", "one-deck", "four-deck"]), SCALARS)


def _key(keys: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(keys), st.text(max_size=6))


def _values(keys: list[str]) -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_key(keys), inner, max_size=4),
        max_leaves=12,
    )


def _tables(
    head: dict[str, st.SearchStrategy[Any]],
    keys: list[str],
    size: int,
    optional: dict[str, st.SearchStrategy[Any]] | None = None,
) -> st.SearchStrategy[dict[str, Any]]:
    """Tables with the keys a reader looks at first (mostly plausible) and random others."""
    first: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(head, optional=optional or {})
    rest = st.dictionaries(_key(keys), _values(keys), max_size=size)
    return st.builds(lambda known, more: more | known, first, rest)


def _toml(value: Any) -> str:
    """A TOML value, written inline (tables as inline tables); strings by the library's writer."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml(str(k))} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, float):
        return "inf" if value == math.inf else "-inf" if value == -math.inf else repr(value)
    return dump_toml({"x": value})[len("x = ") : -1]


def _document(table: dict[str, Any]) -> str:
    return "".join(f"{_toml(k)} = {_toml(v)}\n" for k, v in table.items())


VARIANT_DOCS = _tables({"game": GAME, "extends": PRESET}, VARIANT_KEYS, 4).map(_document)
POSITION = _tables({"game": GAME, "variant": PRESET}, list(POSITION_KEYS), 4)
MOVE = st.sampled_from(["0: 3S", "1: 4H", "0: pass", "2: 8S 8D", "0: ZZ", "x"])
CASE_ENTRY = _tables(
    {
        "id": st.one_of(st.sampled_from(["a", "b-2"]), st.text("ab-", max_size=3), SCALARS),
        "kind": st.one_of(st.sampled_from(list(KINDS)), SCALARS),
        "position": st.one_of(POSITION, st.sampled_from(["p", "q"])),
    },
    CASE_KEYS,
    2,
    optional={
        "then": st.dictionaries(_key(list(THEN_KEYS)), _values(["top"]), max_size=3),
        "cards": MOVE,
        "top": MOVE,
        "play": MOVE,
        "moves": st.lists(MOVE, max_size=3),
        "expect": st.sampled_from(["legal", "illegal", "single", True, False]),
    },
)


def _numbered(entries: list[tuple[bool, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Most entries get a unique valid id, so the loader looks further into them."""
    return [
        entry | ({"id": f"c{n}"} if renumber else {}) for n, (renumber, entry) in enumerate(entries)
    ]


CASE_DOCS = st.fixed_dictionaries(
    {
        "format": st.one_of(st.just(1), st.just(1), SCALARS),
        "positions": st.dictionaries(st.sampled_from(["p", "q"]), POSITION, max_size=2),
        "case": st.lists(st.tuples(st.booleans(), CASE_ENTRY), min_size=1, max_size=3).map(
            _numbered
        ),
    }
).map(_document)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """One case of a valid spec file (and the positions it may use) with one value replaced."""
    doc = tomllib.loads(draw(st.sampled_from(CASE_FILES)).read_text(encoding="utf-8"))
    case = draw(st.sampled_from(doc["case"]))
    tables = [case, *doc.get("positions", {}).values()]
    tables += [case[k] for k in ("position", "then") if isinstance(case.get(k), dict)]
    table = draw(st.sampled_from(tables))
    keys = [*POSITION_KEYS, *CASE_KEYS, *THEN_KEYS]
    table[draw(st.one_of(st.sampled_from(sorted(table)), _key(keys)))] = draw(_values(keys))
    return _document(doc | {"case": [case]})


@st.composite
def truncated(draw: st.DrawFn) -> bytes:
    data = draw(st.sampled_from(VALID_FILES)).read_bytes()
    return data[: draw(st.integers(0, len(data)))]


FILES = st.one_of(
    st.binary(max_size=200),
    VARIANT_DOCS.map(str.encode),
    CASE_DOCS.map(str.encode),
    mutated().map(str.encode),
    truncated(),
)


@contextlib.contextmanager
def a_file(data: bytes) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.toml"
        path.write_bytes(data)
        yield path


@pytest.mark.slow
@settings(max_examples=150)
@given(FILES)
def test_the_variant_reader_gives_a_variant_or_a_cardrules_error(data: bytes) -> None:
    with a_file(data) as path:
        try:
            variant = load_variant(path)
        except CardrulesError as err:
            assert "\n" not in str(err)
            return
    assert variant.game in ("siyaosi", "shengji")


@pytest.mark.slow
@settings(max_examples=150)
@given(FILES)
def test_the_case_reader_gives_cases_or_a_cardrules_error(data: bytes) -> None:
    with a_file(data) as path:
        try:
            cases = load_case_file(path).cases
        except CardrulesError as err:
            assert "\n" not in str(err)
            return
    assert cases


@pytest.mark.slow
@settings(max_examples=100)
@given(FILES, st.sampled_from([["variant", "validate"], ["variant", "show"], ["spec"], ["judge"]]))
def test_the_command_line_exits_0_1_or_2_without_a_traceback(
    data: bytes, command: list[str]
) -> None:
    out, err = io.StringIO(), io.StringIO()
    with a_file(data) as path, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*command, str(path)])
    assert code in (0, 1, 2), err.getvalue()
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert err.getvalue().count("\n") <= 1
    assert (code == 2) == bool(err.getvalue())
