"""The ``cardrules`` command (also ``python -m cardrules``).

- ``cardrules variant list`` — presets shipped with the package
- ``cardrules variant show NAME|FILE`` — the fully resolved switches, as TOML
- ``cardrules variant validate FILE`` — exit 0 if playable, else 2 with the reason
- ``cardrules variant diff A B`` — switches that differ
- ``cardrules spec PATH…`` — run case files: a line per failure, then ``N passed, N failed``
- ``cardrules judge FILE [--json] [--lang zh]`` — rule on each case of a dispute, draw the
  table, cite the clauses (from the engine, for legal moves too)
- ``cardrules explain CLAUSE-ID`` — a clause, the evidence it rests on, its cases
- ``cardrules replay FILE [--round N] [--seat S]`` — a game record, readably
- ``cardrules schema [NAME]`` — the JSON Schema of a document (``siyaosi.state`` …), or the list
- ``cardrules play GAME [--variant V] [--seat S] [--seed N] [--bot B] [--record PATH]`` — play
  one seat in the terminal against bots; the game record is saved at the end
- ``cardrules simulate GAME --games N [--variant A --variant B …] [--bot B] [--seed S]
  [--workers W | --cluster ADDRESS] [--json] [--save PATH]`` — bots play; the figures with 95%
  intervals, B against A
- ``cardrules demo [--game G] [--seed N] [--record PATH]`` — play a random match (or round)
  and print it; save its record
- ``cardrules --version`` — the installed version

A record (``--record``) is written as TOML to a ``.toml`` path and in its JSON form to a
``.json`` one; another suffix is refused before anything is played. ``replay`` reads both forms.

Exit codes: 0 done (every case passed); 1 a ``spec`` run finished with failures; 2 bad input (a
file, name or argument refused — an argument the parser refuses too —, told in one ``cardrules:
error: …`` line on stderr); 3 an
internal error (a bug: one line naming the exception, never a traceback). The commands that
read files take ``--allow-outside`` to let a file read others outside its folder (see
:func:`cardrules.variant.load_variant`).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import NoReturn

from cardrules.cases import (
    Case,
    clause_index,
    default_spec_dir,
    find_case_files,
    judge_case,
    load_case_file,
    rule_on,
    run_case,
)
from cardrules.errors import CardrulesError, did_you_mean
from cardrules.i18n import LANGUAGES, catalog
from cardrules.jsonio import JSON
from cardrules.judge import Ruling, judge
from cardrules.limits import MAX_LINE_CHARS, quote
from cardrules.records import RECORD_SUFFIXES, read_record, render
from cardrules.schema import schema_names, schema_of
from cardrules.variant import (
    GAMES,
    VariantBase,
    dump_toml,
    list_presets,
    load_variant,
    switch_comments,
    toml_value,
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
    for key, va, vb in rows:  # values as a variant file writes them
        print(_line(f"{key}: {toml_value(va)} -> {toml_value(vb)}"))
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
    """Rule on every case of each dispute file: a ``play`` case through :func:`judge` (the
    table drawn, the clauses from the engine), the other kinds through the case runner."""
    clauses = clause_index()
    status = 0
    documents: list[JSON] = []
    for ref in args.files:
        try:
            case_file = load_case_file(ref, require_expect=False, allow_outside=args.allow_outside)
        except CardrulesError as err:
            _error(f"error: cannot read the dispute: {err}")
            status = EXIT_BAD_INPUT
            continue
        for case in case_file.cases:
            if args.json:
                documents.append(_case_ruling_json(case))
                continue
            print(f"{case.path.name} :: {case.id} ({case.kind})")
            if case.note:
                print(f"  {case.note}")
            if case.kind == "play":
                ruling = _play_ruling(case)
                print("\n".join(ruling.lines(args.lang, clauses)))
            else:
                print("\n".join(judge_case(case, clauses)[1:]))
            print()
    if args.json:
        print(json.dumps(documents, ensure_ascii=False, indent=2))
    return status


def _play_ruling(case: Case) -> Ruling:
    moves = case.data["moves"]
    view = case.data.get("view")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise CardrulesError(
            f"{case.name}: moves must be a list of move texts", code="bad-case-file"
        )
    if view is not None and (isinstance(view, bool) or not isinstance(view, int)):
        raise CardrulesError(f"{case.name}: view must be a seat number", code="bad-case-file")
    return judge(case.position, moves, view=view)


def _case_ruling_json(case: Case) -> JSON:
    """A ``play`` case's ruling document; for the other kinds, the answer as a case writes it."""
    if case.kind == "play":
        return _play_ruling(case).to_json()
    ruling = rule_on(case)
    answer: JSON = ruling.answer if isinstance(ruling.answer, str | bool) else None
    return {
        "format": 1,
        "game": case.position.game,
        "type": "answer",
        "case": case.id,
        "kind": case.kind,
        "answer": answer,
        "problem": ruling.problem,
        "clauses": list(case.rules),
    }


def _cmd_replay(args: argparse.Namespace) -> int:
    """Print a game record readably (one round, or as one seat saw it)."""
    record = read_record(args.file)
    print("\n".join(render(record, round_number=args.round, seat=args.seat)))
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    """Print a JSON Schema, or the names of all of them."""
    if args.name is None:
        print("\n".join(schema_names()))
        return 0
    print(json.dumps(schema_of(args.name), ensure_ascii=False, indent=2))
    return 0


def _cmd_explain(args: argparse.Namespace) -> int:
    """Print a clause, the evidence it rests on, and the cases that check it."""
    clauses = clause_index()
    clause = clauses.get(args.clause)
    if clause is None:
        hint = did_you_mean(args.clause, clauses)
        raise CardrulesError(
            f"no clause {quote(args.clause)} in the spec{hint}", code="unknown-clause"
        )
    words = catalog(args.lang)
    title = words.clause(clause.id) or clause.title
    print(f"{clause.id} — {title}    ({clause.file}, line {clause.line})")
    print()
    print(clause.text)
    spec = default_spec_dir()
    cited = []
    if spec is not None:
        for path in find_case_files([spec / "cases"]):
            for case in load_case_file(path, require_expect=False).cases:
                if clause.id in case.rules:
                    cited.append(f"  {path.relative_to(spec / 'cases')} :: {case.id}")
    print()
    print(f"cases ({len(cited)}):" if cited else "cases: none")
    print("\n".join(cited))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    """A person plays one seat against bots; the record is saved at the end."""
    from cardrules.play import play_in_terminal
    from cardrules.registry import game_named

    game = game_named(args.game)
    _check_record_path(args.record)
    variant = _load(args.variant or list_presets(args.game)[0][1], args)
    if variant.game != game.name:
        raise CardrulesError(f"--variant {quote(args.variant)} is a {variant.game} variant")
    record = play_in_terminal(
        game,
        variant,
        seat=args.seat,
        seed=args.seed,
        bot=args.bot,
        stdin=sys.stdin,
        stdout=sys.stdout,
    )
    if args.record != "-":
        path = Path(args.record or f"cardrules-{game.name}-{record.seed}.toml")
        record.write(path)
        print(f"record saved to {path} (cardrules replay {path})")
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    """Bots play N games of each variant; the figures as tables, or JSON."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from cardrules.simulate import simulate, tables

    refs = args.variant or [list_presets(args.game)[0][1]]
    variants = [_load(ref, args) for ref in refs]
    total = args.games * len(variants)
    show = sys.stderr.isatty() and not args.quiet and not args.json
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not show,
    ) as bar:
        task = bar.add_task("games", total=total)
        sim = simulate(
            args.game,
            variants,
            games=args.games,
            seed=args.seed,
            bot=args.bot,
            workers=args.workers,
            cluster=args.cluster,
            progress=lambda done: bar.update(task, completed=done),
        )
    document = sim.to_json()
    if args.save:
        try:
            Path(args.save).write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        except OSError as err:
            raise CardrulesError(
                f"cannot write {args.save}: {err.strerror}", code="cannot-write"
            ) from None
    if args.json:
        print(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        console = Console(width=None if sys.stdout.isatty() else 160, highlight=False)
        for table in tables(sim):
            console.print(table)
    return 0


def _check_record_path(path: str | None) -> None:
    """Refuse a ``--record`` path whose suffix says neither form of a record, before playing."""
    if path is None or path == "-" or Path(path).suffix.lower() in RECORD_SUFFIXES:
        return
    raise CardrulesError(
        f"argument --record: a record is written to a .toml file (TOML) or a .json file (its "
        f"JSON form), got {quote(path)}",
        code="bad-argument",
    )


def _cmd_demo(args: argparse.Namespace) -> int:
    from cardrules.demo import play_demo

    _check_record_path(args.record)
    print(play_demo(args.game, seed=args.seed, variant=args.variant, record=args.record))
    return 0


class _UsageError(Exception):
    """An argument the parser refuses: its message, for one line on stderr."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a refused argument is one line (``cardrules: error: …``, the command's
    ``--help`` named) and exit 2 through :func:`main`, never the usage block."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see {self.prog} --help)")


def _version() -> str:
    """``cardrules X.Y.Z``: the version of the installed distribution."""
    try:
        return f"cardrules {metadata.version('cardrules')}"
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "cardrules (not installed: no version)"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cardrules", description="Rules engine for 四幺四 (4A4) and 四副升级 (Shengji)."
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True)

    variant = sub.add_parser("variant", help="list, show, validate and compare variants")
    vsub = variant.add_subparsers(dest="action", required=True)
    vlist = vsub.add_parser("list", help="presets shipped with the package")
    vlist.add_argument("--game", choices=GAMES)
    reads = _Parser(add_help=False)
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
    judge.add_argument("--json", action="store_true", help="the rulings as JSON documents")
    judge.add_argument("--lang", choices=LANGUAGES, default="en", help="en or zh")
    judge.set_defaults(func=_cmd_judge)

    replay = sub.add_parser("replay", help="print a game record: deals, moves, tricks, results")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--round", type=int, default=None, help="only this round (1 = first)")
    replay.add_argument("--seat", type=int, default=None, help="only what this seat saw")
    replay.set_defaults(func=_cmd_replay)

    schema = sub.add_parser("schema", help="print the JSON Schema of a document (or list them)")
    schema.add_argument("name", nargs="?", metavar="NAME", help="e.g. siyaosi.state")
    schema.set_defaults(func=_cmd_schema)

    explain = sub.add_parser("explain", help="print a clause, its evidence and its cases")
    explain.add_argument("clause", metavar="CLAUSE-ID")
    explain.add_argument("--lang", choices=LANGUAGES, default="en", help="en or zh")
    explain.set_defaults(func=_cmd_explain)

    play = sub.add_parser(
        "play", help="play one seat in the terminal against bots", parents=[reads]
    )
    play.add_argument("game", choices=GAMES)
    play.add_argument("--variant", default=None, help="preset name or variant file")
    play.add_argument("--seat", type=int, default=0, help="your seat (0 = the first)")
    play.add_argument("--seed", type=int, default=None, help="the deal (random if left out)")
    play.add_argument("--bot", default="heuristic", help="the bots' kind: heuristic or random")
    play.add_argument(
        "--record",
        default=None,
        metavar="PATH",
        help="where to save the game record: a .toml or a .json file ('-': do not save)",
    )
    play.set_defaults(func=_cmd_play)

    simulate = sub.add_parser(
        "simulate",
        help="bots play many games of each variant; the figures side by side",
        parents=[reads],
    )
    simulate.add_argument("game", choices=GAMES)
    simulate.add_argument("--games", type=int, required=True, help="games per variant")
    simulate.add_argument(
        "--variant",
        action="append",
        default=None,
        metavar="V",
        help="preset or file; repeat to compare (the first is the baseline)",
    )
    simulate.add_argument("--bot", default="heuristic", help="heuristic (default) or random")
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument(
        "--workers", type=int, default=None, help="local processes (default: one per core)"
    )
    simulate.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="run on an existing Dask scheduler (tcp://host:8786) instead",
    )
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument("--save", default=None, metavar="PATH", help="also write the JSON here")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(func=_cmd_simulate)

    demo = sub.add_parser("demo", help="play a random match (or round) and print it")
    demo.add_argument("--game", choices=GAMES, default="siyaosi")
    demo.add_argument("--variant", default=None, help="preset name or variant file")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument(
        "--record",
        default=None,
        metavar="PATH",
        help="also save the game record here (a .toml or a .json file)",
    )
    demo.set_defaults(func=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns its exit code (see the module docstring). Nothing it reads can
    make it print a traceback: a refused input is one line and exit 2, a bug one line and 3."""
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show ♠ gets \u2660
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        args = _parser().parse_args(argv)
    except _UsageError as err:
        _error(f"error: {err}")
        return EXIT_BAD_INPUT
    except SystemExit as done:  # --help and --version print, then exit 0
        return done.code if isinstance(done.code, int) else 0
    try:
        status: int = args.func(args)
    except CardrulesError as err:
        _error(f"error: {err}")
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader of the output went away (`| head`): nothing to report
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - keeps the interpreter's flush quiet
        return 0
    except Exception as err:  # the one place that turns a bug into a line, not a traceback
        _error(f"internal error ({type(err).__name__}): {err}; please report it")
        return EXIT_INTERNAL
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
