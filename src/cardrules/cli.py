"""The ``cardrules`` command (also ``python -m cardrules``).

- ``cardrules variant list`` — presets shipped with the package
- ``cardrules variant show NAME|FILE`` — the fully resolved switches, as TOML
- ``cardrules variant validate FILE`` — exit 0 if playable, else 1 with the reason
- ``cardrules variant diff A B`` — switches that differ
- ``cardrules spec PATH…`` — run case files: a line per failure, then ``N passed, N failed``
- ``cardrules judge FILE`` — rule on each case of a dispute and cite the clauses
- ``cardrules demo [--game G] [--seed N]`` — play one random round and print it
"""

from __future__ import annotations

import argparse
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
from cardrules.variant import (
    GAMES,
    dump_toml,
    list_presets,
    load_variant,
    switch_comments,
    variant_diff,
)

__all__ = ["main"]


def _cmd_variant(args: argparse.Namespace) -> int:
    if args.action == "list":
        for game, name in list_presets(args.game):
            variant = load_variant(name, game=game)
            print(f"{game:8} {name:12} {variant.description}")
        return 0
    if args.action == "show":
        variant = load_variant(_path_or_name(args.ref), game=args.game)
        comments = None if args.bare else switch_comments(type(variant))
        print(dump_toml(variant.to_table(), comments), end="")
        return 0
    if args.action == "validate":
        try:
            variant = load_variant(_path_or_name(args.ref), game=args.game)
        except CardrulesError as err:
            print(f"invalid: {err}")
            return 1
        print(f"ok: {variant.game} variant {variant.name!r}")
        return 0
    a = load_variant(_path_or_name(args.ref), game=args.game)
    b = load_variant(_path_or_name(args.other), game=args.game)
    rows = variant_diff(a, b)
    if not rows:
        print(f"{a.name} and {b.name} play the same rules")
    for key, va, vb in rows:
        print(f"{key}: {va!r} -> {vb!r}")
    return 0


def _path_or_name(ref: str) -> str | Path:
    return Path(ref) if ref.endswith(".toml") or "/" in ref else ref


def _cmd_spec(args: argparse.Namespace) -> int:
    passed = failed = 0
    for path in find_case_files(args.paths):
        try:
            case_file = load_case_file(path)
        except CardrulesError as err:
            print(f"{path}: cannot load: {err}")
            failed += 1
            continue
        for case in case_file.cases:
            outcome = run_case(case)
            if outcome.passed:
                passed += 1
                if args.verbose:
                    print(f"ok   {path} :: {case.id}")
                continue
            failed += 1
            print(f"FAIL {path} :: {case.id}: expected {outcome.expected}; got {outcome.got}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _cmd_judge(args: argparse.Namespace) -> int:
    clauses = clause_index()
    status = 0
    for ref in args.files:
        try:
            case_file = load_case_file(ref, require_expect=False)
        except CardrulesError as err:
            print(f"{ref}: cannot read the dispute: {err}")
            status = 1
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
    for name, helptext in (
        ("show", "print the fully resolved switches of a preset or file, each documented"),
        ("validate", "check a variant file; exit 1 with the reason if it cannot be played"),
    ):
        p = vsub.add_parser(name, help=helptext)
        p.add_argument("ref", metavar="NAME|FILE")
        p.add_argument("--game", choices=GAMES)
        if name == "show":
            p.add_argument("--bare", action="store_true", help="no comments, only the switches")
    diff = vsub.add_parser("diff", help="switches that differ between two variants")
    diff.add_argument("ref", metavar="A")
    diff.add_argument("other", metavar="B")
    diff.add_argument("--game", choices=GAMES)
    variant.set_defaults(func=_cmd_variant)

    spec = sub.add_parser("spec", help="run case files or folders of them")
    spec.add_argument("paths", nargs="+", metavar="PATH")
    spec.add_argument("-v", "--verbose", action="store_true", help="also list passing cases")
    spec.set_defaults(func=_cmd_spec)

    judge = sub.add_parser("judge", help="rule on a written situation (case format, no expect)")
    judge.add_argument("files", nargs="+", metavar="FILE")
    judge.set_defaults(func=_cmd_judge)

    demo = sub.add_parser("demo", help="play one random round and print it")
    demo.add_argument("--game", choices=GAMES, default="siyaosi")
    demo.add_argument("--variant", default=None, help="preset name or variant file")
    demo.add_argument("--seed", type=int, default=1)
    demo.set_defaults(func=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except CardrulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
