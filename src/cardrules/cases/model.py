"""Case files (format 1 of the contract): loading and checking.

Unknown keys are errors: a typo in a dispute must not change the ruling silently. A case file is
read like a variant file (:mod:`cardrules.textio`: size, UTF-8 and nesting limits) and holds at
most :data:`~cardrules.limits.MAX_CASES` cases; anything wrong is a :class:`CaseFileError` naming
the file, the case and the key. :func:`load_case_file` reads a file; :func:`load_case_text` reads
the same text received in memory (a dispute service's request), with the folder its variant paths
are read from given explicitly. Both go through the one loader below, with the same checks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from cardrules import args
from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    CaseFileError,
    VariantError,
    did_you_mean,
)
from cardrules.limits import (
    MAX_CASES,
    MAX_FILE_BYTES,
    MAX_NAME_CHARS,
    MAX_PATH_CHARS,
    MAX_PATHS,
    MAX_SUITE_CASES,
    MAX_SUITE_FILE_BYTES,
    quote,
)
from cardrules.position import Position, load_position
from cardrules.registry import game_named
from cardrules.textio import Fail, decode_text, is_int, parse_toml, read_text
from cardrules.variant import VariantBase, load_variant

__all__ = ["KINDS", "Case", "CaseFile", "find_case_files", "load_case_file", "load_case_text"]

_COMMON = ("id", "rules", "kind", "note", "position")
#: Keys each kind may have besides the common ones.
KINDS: dict[str, tuple[str, ...]] = {
    "classify": ("cards", "expect"),
    "beats": ("top", "play", "expect"),
    "play": ("moves", "expect", "error", "then", "view"),
    "round": ("finish", "attacker_points", "next_hands", "played", "penalties", "expect", "then"),
    "variant": ("expect", "keys", "error"),
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "classify": ("cards",),
    "beats": ("top", "play"),
    "play": ("moves",),
    "round": (),
    "variant": (),
}
#: The only keys of a ``variant`` case's position (the contract's).
VARIANT_POSITION_KEYS = ("game", "variant", "overrides")
#: Keys of a ``[case.then]`` table the contract names; a game's case hooks may read more (its
#: adapter's ``then_keys`` and ``round_keys``), accepted in that game's cases only.
THEN_KEYS = (
    "turn", "top", "leader", "out", "points", "trick_winner", "hand_sizes",
    "levels", "ruling", "banker", "score", "winner", "tributes",
)  # fmt: skip
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _refusal_key(refusal: VariantError | None) -> tuple[str, str] | None:
    """Two refusals are the same if they say the same (errors compare by identity)."""
    return None if refusal is None else (refusal.code, str(refusal))


@attrs.frozen(kw_only=True)
class Case:
    """One ``[[case]]`` entry with its position resolved.

    ``path`` is the case file (for text, ``base / name``: no such file need exist). A ``variant``
    case's position is its variant alone, loaded when the case is: ``refusal`` is the
    :class:`VariantError` that refused it (the case's ruling, not a fault of the file), and such
    a case has no :attr:`position`."""

    path: Path
    id: str
    kind: str
    rules: tuple[str, ...]
    note: str
    game: str
    _position: Position | None
    data: Mapping[str, Any]
    refusal: VariantError | None = attrs.field(default=None, eq=_refusal_key)
    #: The ``[position]`` table as the file writes it (inline or named).
    position_table: Mapping[str, Any] = attrs.field(factory=dict)

    @property
    def name(self) -> str:
        """The case's test name, ``FILE::ID``."""
        return f"{self.path.name}::{self.id}"

    @property
    def expect(self) -> object:
        """The case's ``expect`` value as the file gives it (``None`` for a dispute, which has
        none)."""
        return self.data.get("expect")

    @property
    def position(self) -> Position:
        """The position the case starts from; a :class:`CaseFileError` for a ``variant`` case
        whose variant was refused (it has none)."""
        if self._position is None:
            raise CaseFileError(
                "a refused variant case has no position", path=str(self.path), key="position"
            )
        return self._position


@attrs.frozen
class CaseFile:
    """A loaded case file: where it was read from and its cases, in file order."""

    path: Path
    cases: tuple[Case, ...]


def load_case_file(
    path: str | Path,
    *,
    require_expect: bool = True,
    allow_outside: bool = False,
    max_bytes: int = MAX_FILE_BYTES,
    max_cases: int = MAX_CASES,
) -> CaseFile:
    """Read and check a case file. ``require_expect=False`` reads a dispute for ``judge``.
    ``max_bytes`` and ``max_cases`` bound the file (defaults
    :data:`~cardrules.limits.MAX_FILE_BYTES` and :data:`~cardrules.limits.MAX_CASES`, meant for
    files from strangers); a caller running its own suite may raise them up to
    :data:`~cardrules.limits.MAX_SUITE_FILE_BYTES` and :data:`~cardrules.limits.MAX_SUITE_CASES`.

    A position's ``variant`` path is read relative to the case file and must lie in its folder
    (or below) unless ``allow_outside`` is true: a case file from elsewhere cannot make us read
    any file on the machine."""
    if not isinstance(path, str | Path):
        raise CardrulesError(f"a case file's path, got {quote(path)}", code="bad-argument")
    path = Path(path)
    where = str(path)

    def fail(why: str) -> CaseFileError:
        return CaseFileError(why, path=where)

    max_bytes, max_cases = suite_limits(max_bytes, max_cases)
    text = read_text(path, fail, max_bytes)
    return _load(text, fail, path, path.parent, require_expect, allow_outside, max_cases)


def suite_limits(max_bytes: object, max_cases: object) -> tuple[int, int]:
    """The size and case limits a caller asks for, checked: at least one byte and one case, at
    most :data:`~cardrules.limits.MAX_SUITE_FILE_BYTES` and
    :data:`~cardrules.limits.MAX_SUITE_CASES` (``bad-argument`` else)."""
    return (
        args.integer(max_bytes, 1, MAX_SUITE_FILE_BYTES, "max_bytes", what="a file size in bytes"),
        args.integer(max_cases, 1, MAX_SUITE_CASES, "max_cases", what="a number of cases"),
    )


def load_case_text(
    text: str | bytes,
    *,
    base: str | Path,
    name: str = "<text>",
    require_expect: bool = True,
    allow_outside: bool = False,
) -> CaseFile:
    """Read and check case text received in memory (TOML, as ``str`` or UTF-8 ``bytes``): what a
    dispute service gets in a request, with no file to write. The checks are those of
    :func:`load_case_file` — the same size, UTF-8 and nesting limits, the same keys.

    ``base`` is the folder a position's ``variant`` path is read from; a path that resolves
    outside it is refused unless ``allow_outside`` is true, as for a file. ``name`` is how
    messages name the text (and the cases' ``path`` is ``base / name``)."""
    if not isinstance(base, str | Path) or (isinstance(base, str) and not base.strip()):
        raise CardrulesError(  # "" would be read as the working folder: name one
            f"base must be a folder's path, got {quote(base)}", code="bad-argument"
        )
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_CHARS or "/" in name:
        raise CardrulesError(
            f"name must be a file name of at most {MAX_NAME_CHARS} characters, got {quote(name)}",
            code="bad-argument",
        )
    folder = Path(base)
    try:
        is_folder = folder.is_dir()
    except (OSError, ValueError):
        is_folder = False
    if not is_folder:
        raise CardrulesError(f"base {quote(str(base))} is not a folder", code="bad-argument")

    def fail(why: str) -> CaseFileError:
        return CaseFileError(why, path=name)

    return _load(
        decode_text(text, fail), fail, folder / name, folder, require_expect, allow_outside
    )


def _load(
    text: str,
    fail: Fail,
    path: Path,
    base: Path,
    require_expect: bool,
    allow_outside: bool,
    max_cases: int = MAX_CASES,
) -> CaseFile:
    """The one loader behind :func:`load_case_file` and :func:`load_case_text`."""
    for flag in (require_expect, allow_outside):
        if not isinstance(flag, bool):
            raise CardrulesError(f"a flag is true or false, got {quote(flag)}", code="bad-argument")
    where = str(path)
    doc = parse_toml(text, fail)
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
    if len(entries) > max_cases:
        raise CaseFileError(
            f"{len(entries)} cases; a file holds at most {max_cases}", path=where, key="case"
        )
    seen: set[str] = set()
    cases = []
    reading = _Reading(path, base, named, loaded, require_expect, allow_outside)
    for n, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise CaseFileError(
                f"each [[case]] is a table, got {quote(entry)}", path=f"{where} case {n + 1}"
            )
        cases.append(_load_case(reading, n, entry, seen))
    return CaseFile(path, tuple(cases))


@attrs.frozen
class _Reading:
    """What every case of one file is read with."""

    path: Path
    base: Path
    named: Mapping[str, Mapping[str, Any]]
    loaded: dict[str, Position]
    require_expect: bool
    allow_outside: bool


def _load_case(reading: _Reading, n: int, entry: Mapping[str, Any], seen: set[str]) -> Case:
    path = reading.path
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
    needs_expect = reading.require_expect and kind != "round"
    for key in _REQUIRED[kind] + (("expect",) if needs_expect else ()):
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
    table = _position_table(reading, entry.get("position"), where)
    data = {k: v for k, v in entry.items() if k not in _COMMON}
    common: dict[str, Any] = {
        "path": path,
        "id": case_id,
        "kind": kind,
        "rules": tuple(rules),
        "note": note,
        "data": data,
        "position_table": table,
    }
    if kind == "variant":
        game, outcome = _variant(reading, table, where)
        if isinstance(outcome, VariantError):
            return Case(**common, game=game, position=None, refusal=outcome)
        position = Position(game=game, variant=outcome, given=frozenset(table))
        return Case(**common, game=game, position=position)
    ref = entry.get("position")
    if isinstance(ref, str):
        if ref not in reading.loaded:
            reading.loaded[ref] = _position(table, reading, f"{path} [positions.{quote(ref)}]")
        position = reading.loaded[ref]
    else:
        position = _position(table, reading, where)
    adapter = game_named(position.game).adapter
    known = (*THEN_KEYS, *sorted(adapter.then_keys | adapter.round_keys))
    for key in then:
        if key not in known:
            raise CaseFileError(
                f"unknown then key{did_you_mean(key, known)}", path=where, key=f"then.{key}"
            )
    return Case(**common, game=position.game, position=position)


def _position_table(reading: _Reading, ref: object, where: str) -> Mapping[str, Any]:
    """The ``[position]`` table a case gives inline or names."""
    if isinstance(ref, str):
        if ref not in reading.named:
            raise CaseFileError(
                f"no [positions.{quote(ref)}] in this file{did_you_mean(ref, reading.named)}",
                path=where,
                key="position",
            )
        table = reading.named[ref]
        if not isinstance(table, dict):
            raise CaseFileError("a table", path=f"{reading.path} [positions.{quote(ref)}]")
        return table
    if isinstance(ref, dict):
        return ref
    raise CaseFileError("a [position] table or the name of one", path=where, key="position")


def _variant(
    reading: _Reading, table: Mapping[str, Any], where: str
) -> tuple[str, VariantBase | VariantError]:
    """A ``variant`` case's game and its variant, or the refusal of it: the position names only
    ``game``, ``variant`` and ``overrides`` (the contract's), and a refused variant is the case's
    answer, kept, not raised."""
    for key in table:
        if key not in VARIANT_POSITION_KEYS:
            hint = did_you_mean(key, VARIANT_POSITION_KEYS)
            raise CaseFileError(
                f"a variant case's position has only game, variant and overrides, not "
                f"{quote(key)}{hint}",
                path=where,
                key="position",
            )
    try:
        game = game_named(table.get("game")).name
    except CardrulesError as err:
        raise CaseFileError(str(err), path=where, key="position") from None
    ref = table.get("variant")
    if not isinstance(ref, str):
        raise CaseFileError(
            f"position.variant is a preset name or a path, got {quote(ref)}",
            path=where,
            key="position",
        )
    overrides = table.get("overrides", {})
    if not isinstance(overrides, dict):
        raise CaseFileError("position.overrides is a table", path=where, key="position")
    try:
        variant = load_variant(
            ref,
            game=game,
            overrides=overrides,
            base=reading.base,
            allow_outside=reading.allow_outside,
        )
    except VariantError as err:
        return game, err
    return game, variant


def _check_expect(kind: str, entry: Mapping[str, Any], where: str) -> None:
    expect = entry.get("expect")
    if kind == "variant":
        _check_refusal(entry, expect, where)
    if "expect" not in entry:
        return
    ok = {
        "classify": isinstance(expect, str),
        "beats": isinstance(expect, bool),
        "play": expect in ("legal", "illegal"),
        "round": True,
        "variant": expect in ("playable", "refused"),
    }[kind]
    if not ok:
        shapes = {
            "classify": "a combination name or 'invalid'",
            "beats": "true or false",
            "play": "'legal' or 'illegal'",
            "round": "",
            "variant": "'playable' or 'refused'",
        }
        raise CaseFileError(
            f"must be {shapes[kind]}, got {quote(expect)}", path=where, key="expect"
        )
    if kind == "play" and "error" in entry and expect != "illegal":
        raise CaseFileError("only an illegal move has an error code", path=where, key="error")
    if kind == "play" and "then" in entry and expect != "legal":
        raise CaseFileError("only a legal move has a [case.then]", path=where, key="then")


def _check_refusal(entry: Mapping[str, Any], expect: object, where: str) -> None:
    """A ``variant`` case's ``keys`` (the switch names its refusal must name) and ``error`` (the
    refusal's code, our addition) belong to an expected refusal only."""
    for key in ("keys", "error"):
        if key in entry and expect != "refused":
            raise CaseFileError(
                "only an expected refusal names keys or an error code", path=where, key=key
            )
    keys = entry.get("keys", [])
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise CaseFileError("a list of switch names", path=where, key="keys")
    if not isinstance(entry.get("error", ""), str):
        raise CaseFileError("an error code", path=where, key="error")


def _position(table: Mapping[str, Any], reading: _Reading, where: str) -> Position:
    if not isinstance(table, dict):
        raise CaseFileError("a table", path=where, key="position")
    try:
        return load_position(table, base=reading.base, allow_outside=reading.allow_outside)
    except CaseFileError:
        raise
    except CardrulesError as err:
        raise CaseFileError(str(err), path=where, key="position") from None


def find_case_files(
    paths: Iterable[str | Path], *, max_bytes: int = MAX_FILE_BYTES
) -> Iterator[Path]:
    """Every ``*.toml`` case file named or found below the given folders, sorted; anything
    but paths is refused at once (``bad-argument``). ``max_bytes`` is the size limit the files
    will be read with (:func:`load_case_file`'s): a larger file found in a folder is listed, so
    that reading it reports it."""
    max_bytes = args.integer(
        max_bytes, 1, MAX_SUITE_FILE_BYTES, "max_bytes", what="a file size in bytes"
    )
    named: list[str | Path] = []
    for n, each in enumerate(args.listed(paths, MAX_PATHS, "paths", what="a list of paths")):
        if not isinstance(each, str | Path) or len(str(each)) > MAX_PATH_CHARS:
            raise ArgumentError(f"item {n} is not a path: {args.shown(each)}", key="paths")
        if "\x00" in str(each):
            raise ArgumentError(f"item {n} holds a NUL character: {args.shown(each)}", key="paths")
        named.append(each)
    return _found(named, max_bytes)


def _found(paths: list[str | Path], max_bytes: int) -> Iterator[Path]:
    for p in paths:
        p = Path(p)
        if _is_dir(p):
            yield from sorted(q for q in p.rglob("*.toml") if _is_case_file(q, max_bytes))
        else:
            yield p


def _is_dir(path: Path) -> bool:
    """A folder to search; a path the OS refuses (too long, a NUL byte) is not one, and the
    loader then reports it as a file it cannot read."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_case_file(path: Path, max_bytes: int) -> bool:
    """Variant files may live beside cases; a case file is one with ``format =`` at top level.
    A file that cannot be read as UTF-8 text within the size limit counts as a case file, so the
    run reports it instead of passing over it (``spec`` over a folder with a stray binary)."""
    try:
        with path.open("rb") as stream:
            head = stream.read(max_bytes + 1)
        if len(head) > max_bytes:
            return True
        head.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return True
    return re.search(rb"^format\s*=", head, re.MULTILINE) is not None
