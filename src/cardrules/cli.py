"""The ``cardrules`` command (also ``python -m cardrules``).

- ``cardrules variant list`` — presets shipped with the package
- ``cardrules variant show NAME|FILE`` — the fully resolved switches, as TOML
- ``cardrules variant validate FILE`` — exit 0 if playable, else 2 with the reason
- ``cardrules variant diff A B`` — switches that differ
- ``cardrules spec PATH…`` — run case files: a line per failure, then ``N passed, N failed``
- ``cardrules judge FILE`` — rule on each case of a dispute and cite the clauses
- ``cardrules demo [--game G] [--seed N]`` — play a random match (or round) and print it

Exit codes: 0 done (every case passed); 1 a ``spec`` run finished with failures; 2 bad input (a
file, name or argument refused, told in one ``cardrules: error: …`` line on stderr); 3 an
internal error (a bug: one line naming the exception, never a traceback). The commands that
read files take ``--allow-outside`` to let a file read others outside its folder (see
:func:`cardrules.variant.load_variant`).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from pathlib import Path

from cardrules.cases import (
    clause_index,
    find_case_files,
    judge_case,
    load_case_file,
    run_case,
)
from cardrules.errors import CardrulesError
from cardrules.limits import MAX_LINE_CHARS, quote
from cardrules.variant import (
    GAMES,
    VariantBase,
    dump_toml,
    list_presets,
    load_variant,
    switch_comments,
    variant_diff,
)

__all__ = ["main"]


#: Exit codes (documented in the module docstring and the README, "Limits on input").
EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 1, 2, 3


def _line(text: str) -> str:
    """One bounded line of output from a message: cut to :data:`MAX_LINE_CHARS`, and every
    character that would break the line or the terminal (newlines, escapes) written escaped."""
    cut = text[:MAX_LINE_CHARS]
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    return shown + ("…" if len(text) > MAX_LINE_CHARS else "")


def _error(message: str) -> None:
    print(_line(f"cardrules: {message}"), file=sys.stderr)


def _load(ref: str, args: argparse.Namespace) -> VariantBase:
    """A variant named on the command line: a path if it looks like one, else a preset name."""
    named = Path(ref) if ref.endswith(".toml") or "/" in ref else ref
    return load_variant(named, game=args.game, allow_outside=args.allow_outside)


def _cmd_variant(args: argparse.Namespace) -> int:
    if args.action == "list":
        for game, name in list_presets(args.game):
            variant = load_variant(name, game=game)
            print(f"{game:8} {name:12} {variant.description}")
        return 0
    if args.action == "show":
        variant = _load(args.ref, args)
        comments = None if args.bare else switch_comments(type(variant))
        print(dump_toml(variant.to_table(), comments), end="")
        return 0
    if args.action == "validate":
        variant = _load(args.ref, args)
        print(f"ok: {variant.game} variant {quote(variant.name)}")
        return 0
    a, b = _load(args.ref, args), _load(args.other, args)
    rows = variant_diff(a, b)
    if not rows:
        print(f"{quote(a.name)} and {quote(b.name)} play the same rules")
    for key, va, vb in rows:
        print(f"{key}: {quote(va)} -> {quote(vb)}")
    return 0


def _cmd_spec(args: argparse.Namespace) -> int:
    passed = failed = 0
    for path in find_case_files(args.paths):
        try:
            case_file = load_case_file(path, allow_outside=args.allow_outside)
        except CardrulesError as err:
            print(_line(f"FAIL {path}: cannot load: {err}"))
            failed += 1
            continue
        for case in case_file.cases:
            outcome = run_case(case)
            if outcome.passed:
                passed += 1
                if args.verbose:
                    print(_line(f"ok   {path} :: {case.id}"))
                continue
            failed += 1
            print(
                _line(f"FAIL {path} :: {case.id}: expected {outcome.expected}; got {outcome.got}")
            )
    print(f"{passed} passed, {failed} failed")
    return EXIT_FAILED if failed else 0


def _cmd_judge(args: argparse.Namespace) -> int:
    clauses = clause_index()
    status = 0
    for ref in args.files:
        try:
            case_file = load_case_file(ref, require_expect=False, allow_outside=args.allow_outside)
        except CardrulesError as err:
            _error(f"error: cannot read the dispute: {err}")
            status = EXIT_BAD_INPUT
            continue
        for case in case_file.cases:
            print("\n".join(judge_case(case, clauses)))
    return status


def _cmd_demo(args: argparse.Namespace) -> int:
    from cardrules.demo import play_demo

    print(play_demo(args.game, seed=args.seed, variant=args.variant))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Rules engine for 四幺四 (4A4) and 四副升级 (Shengji)."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    variant = sub.add_parser("variant", help="list, show, validate and compare variants")
    vsub = variant.add_subparsers(dest="action", required=True)
    vlist = vsub.add_parser("list", help="presets shipped with the package")
    vlist.add_argument("--game", choices=GAMES)
    reads = argparse.ArgumentParser(add_help=False)
    reads.add_argument(
        "--allow-outside",
        action="store_true",
        help="let a file read files outside its own folder (extends, a position's variant)",
    )
    for name, helptext in (
        ("show", "print the fully resolved switches of a preset or file, each documented"),
        ("validate", "check a variant file; exit 2 with the reason if it cannot be played"),
    ):
        p = vsub.add_parser(name, help=helptext, parents=[reads])
        p.add_argument("ref", metavar="NAME|FILE")
        p.add_argument("--game", choices=GAMES)
        if name == "show":
            p.add_argument("--bare", action="store_true", help="no comments, only the switches")
    diff = vsub.add_parser(
        "diff", help="switches that differ between two variants", parents=[reads]
    )
    diff.add_argument("ref", metavar="A")
    diff.add_argument("other", metavar="B")
    diff.add_argument("--game", choices=GAMES)
    variant.set_defaults(func=_cmd_variant)

    spec = sub.add_parser("spec", help="run case files or folders of them", parents=[reads])
    spec.add_argument("paths", nargs="+", metavar="PATH")
    spec.add_argument("-v", "--verbose", action="store_true", help="also list passing cases")
    spec.set_defaults(func=_cmd_spec)

    judge = sub.add_parser(
        "judge", help="rule on a written situation (case format, no expect)", parents=[reads]
    )
    judge.add_argument("files", nargs="+", metavar="FILE")
    judge.set_defaults(func=_cmd_judge)

    demo = sub.add_parser("demo", help="play a random match (or round) and print it")
    demo.add_argument("--game", choices=GAMES, default="siyaosi")
    demo.add_argument("--variant", default=None, help="preset name or variant file")
    demo.add_argument("--seed", type=int, default=1)
    demo.set_defaults(func=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns its exit code (see the module docstring). Nothing it reads can
    make it print a traceback: a refused input is one line and exit 2, a bug one line and 3."""
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show ♠ gets \u2660
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    args = _parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except CardrulesError as err:
        _error(f"error: {err}")
        return EXIT_BAD_INPUT
    except Exception as err:  # the one place that turns a bug into a line, not a traceback
        _error(f"internal error ({type(err).__name__}): {err}; please report it")
        return EXIT_INTERNAL
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
