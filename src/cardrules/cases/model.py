"""Case files (format 1 of the contract): loading and checking.

Unknown keys are errors: a typo in a dispute must not change the ruling silently. A case file is
read like a variant file (:mod:`cardrules.textio`: size, UTF-8 and nesting limits) and holds at
most :data:`~cardrules.limits.MAX_CASES` cases; anything wrong is a :class:`CaseFileError` naming
the file, the case and the key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from cardrules.errors import CardrulesError, CaseFileError, did_you_mean
from cardrules.limits import MAX_CASES, MAX_FILE_BYTES, MAX_NAME_CHARS, quote
from cardrules.position import Position, load_position
from cardrules.registry import game_named
from cardrules.textio import is_int, read_toml

__all__ = ["KINDS", "Case", "CaseFile", "find_case_files", "load_case_file"]

_COMMON = ("id", "rules", "kind", "note", "position")
#: Keys each kind may have besides the common ones.
KINDS: dict[str, tuple[str, ...]] = {
    "classify": ("cards", "expect"),
    "beats": ("top", "play", "expect"),
    "play": ("moves", "expect", "error", "then", "view"),
    "round": ("finish", "attacker_points", "next_hands", "played", "expect", "then"),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "classify": ("cards",),
    "beats": ("top", "play"),
    "play": ("moves",),
    "round": (),
}
#: Keys of a ``[case.then]`` table the contract names; a game's case hooks may read more (its
#: adapter's ``then_keys`` and ``round_keys``), accepted in that game's cases only.
THEN_KEYS = (
    "turn", "top", "leader", "out", "points", "trick_winner", "hand_sizes",
    "levels", "ruling", "banker", "score", "winner", "tributes",
)  # fmt: skip
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@attrs.frozen(kw_only=True)
class Case:
    """One ``[[case]]`` entry with its position resolved."""

    path: Path
    id: str
    kind: str
    rules: tuple[str, ...]
    note: str
    position: Position
    data: Mapping[str, Any]

    @property
    def name(self) -> str:
        """The case's test name, ``FILE::ID``."""
        return f"{self.path.name}::{self.id}"

    @property
    def expect(self) -> object:
        """The case's ``expect`` value as the file gives it (``None`` for a dispute, which has
        none)."""
        return self.data.get("expect")


@attrs.frozen
class CaseFile:
    """A loaded case file: where it was read from and its cases, in file order."""

    path: Path
    cases: tuple[Case, ...]


def load_case_file(
    path: str | Path, *, require_expect: bool = True, allow_outside: bool = False
) -> CaseFile:
    """Read and check a case file. ``require_expect=False`` reads a dispute for ``judge``.

    A position's ``variant`` path is read relative to the case file and must lie in its folder
    (or below) unless ``allow_outside`` is true: a case file from elsewhere cannot make us read
    any file on the machine."""
    path = Path(path)
    where = str(path)
    doc = read_toml(path, lambda why: CaseFileError(why, path=where))
    for key in doc:
        if key not in ("format", "positions", "case"):
            raise CaseFileError(
                f"unknown top-level key{did_you_mean(key, ['format', 'positions', 'case'])}",
                path=where,
                key=key,
            )
    version = doc.get("format")
    if not is_int(version) or version != 1:
        raise CaseFileError(
            f"'format = 1' is required, got {quote(version)}", path=where, key="format"
        )
    named: dict[str, Mapping[str, Any]] = doc.get("positions", {})
    if not isinstance(named, dict):
        raise CaseFileError("[positions.NAME] tables", path=where, key="positions")
    loaded: dict[str, Position] = {}
    entries = doc.get("case", [])
    if not isinstance(entries, list) or not entries:
        raise CaseFileError("at least one [[case]]", path=where, key="case")
    if len(entries) > MAX_CASES:
        raise CaseFileError(
            f"{len(entries)} cases; a file holds at most {MAX_CASES}", path=where, key="case"
        )
    seen: set[str] = set()
    cases = []
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise CaseFileError(
                f"each [[case]] is a table, got {quote(entry)}", path=f"{where} case {n + 1}"
            )
        cases.append(_load_case(path, n, entry, named, loaded, seen, require_expect, allow_outside))
    return CaseFile(path, tuple(cases))


def _load_case(
    path: Path,
    n: int,
    entry: Mapping[str, Any],
    named: Mapping[str, Mapping[str, Any]],
    loaded: dict[str, Position],
    seen: set[str],
    require_expect: bool,
    allow_outside: bool,
) -> Case:
    case_id = entry.get("id")
    if not (isinstance(case_id, str) and len(case_id) <= MAX_NAME_CHARS and _ID.fullmatch(case_id)):
        raise CaseFileError(
            f"a kebab-case id of at most {MAX_NAME_CHARS} characters is required, "
            f"got {quote(case_id)}",
            path=f"{path} case {n + 1}",
            key="id",
        )
    where = f"{path} case {case_id}"
    if case_id in seen:
        raise CaseFileError("id used twice in this file", path=where, key="id")
    seen.add(case_id)
    kind = entry.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise CaseFileError(
            f"unknown kind {quote(kind)} (allowed: {', '.join(KINDS)})", path=where, key="kind"
        )
    allowed = _COMMON + KINDS[kind]
    for key in entry:
        if key not in allowed:
            raise CaseFileError(
                f"not a key of a {kind} case{did_you_mean(key, allowed)}", path=where, key=key
            )
    for key in _REQUIRED[kind] + (("expect",) if require_expect and kind != "round" else ()):
        if key not in entry:
            raise CaseFileError(f"a {kind} case needs it", path=where, key=key)
    rules = entry.get("rules", [])
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise CaseFileError("a list of clause ids", path=where, key="rules")
    note = entry.get("note", "")
    if not isinstance(note, str):
        raise CaseFileError("free text", path=where, key="note")
    then = entry.get("then", {})
    if not isinstance(then, dict):
        raise CaseFileError("a table", path=where, key="then")
    _check_expect(kind, entry, where)
    ref = entry.get("position")
    if isinstance(ref, str):
        if ref not in named:
            raise CaseFileError(
                f"no [positions.{quote(ref)}] in this file{did_you_mean(ref, named)}",
                path=where,
                key="position",
            )
        if ref not in loaded:
            loaded[ref] = _position(
                named[ref], path, f"{path} [positions.{quote(ref)}]", allow_outside
            )
        position = loaded[ref]
    elif isinstance(ref, dict):
        position = _position(ref, path, where, allow_outside)
    else:
        raise CaseFileError("a [position] table or the name of one", path=where, key="position")
    adapter = game_named(position.game).adapter
    known = (*THEN_KEYS, *sorted(adapter.then_keys | adapter.round_keys))
    for key in then:
        if key not in known:
            raise CaseFileError(
                f"unknown then key{did_you_mean(key, known)}", path=where, key=f"then.{key}"
            )
    data = {k: v for k, v in entry.items() if k not in _COMMON}
    return Case(
        path=path,
        id=case_id,
        kind=kind,
        rules=tuple(rules),
        note=note,
        position=position,
        data=data,
    )


def _check_expect(kind: str, entry: Mapping[str, Any], where: str) -> None:
    if "expect" not in entry:
        return
    expect = entry["expect"]
    ok = {
        "classify": isinstance(expect, str),
        "beats": isinstance(expect, bool),
        "play": expect in ("legal", "illegal"),
        "round": True,
    }[kind]
    if not ok:
        shapes = {
            "classify": "a combination name or 'invalid'",
            "beats": "true or false",
            "play": "'legal' or 'illegal'",
            "round": "",
        }
        raise CaseFileError(
            f"must be {shapes[kind]}, got {quote(expect)}", path=where, key="expect"
        )
    if kind == "play" and "error" in entry and expect != "illegal":
        raise CaseFileError("only an illegal move has an error code", path=where, key="error")
    if kind == "play" and "then" in entry and expect != "legal":
        raise CaseFileError("only a legal move has a [case.then]", path=where, key="then")


def _position(table: Mapping[str, Any], path: Path, where: str, allow_outside: bool) -> Position:
    if not isinstance(table, dict):
        raise CaseFileError("a table", path=where, key="position")
    try:
        return load_position(table, base=path.parent, allow_outside=allow_outside)
    except CaseFileError:
        raise
    except CardrulesError as err:
        raise CaseFileError(str(err), path=where, key="position") from None


def find_case_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every ``*.toml`` case file named or found below the given folders, sorted."""
    for p in paths:
        p = Path(p)
        if _is_dir(p):
            yield from sorted(q for q in p.rglob("*.toml") if _is_case_file(q))
        else:
            yield p


def _is_dir(path: Path) -> bool:
    """A folder to search; a path the OS refuses (too long, a NUL byte) is not one, and the
    loader then reports it as a file it cannot read."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_case_file(path: Path) -> bool:
    """Variant files may live beside cases; a case file is one with ``format =`` at top level.
    A file that cannot be read as UTF-8 text within the size limit counts as a case file, so the
    run reports it instead of passing over it (``spec`` over a folder with a stray binary)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(MAX_FILE_BYTES + 1)
        if len(head) > MAX_FILE_BYTES:
            return True
        head.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return True
    return re.search(rb"^format\s*=", head, re.MULTILINE) is not None
