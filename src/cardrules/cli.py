"""The ``cardrules`` command (also ``python -m cardrules``).

- ``cardrules variant list`` — presets shipped with the package
- ``cardrules variant show NAME|FILE`` — the fully resolved switches, as TOML
- ``cardrules variant validate FILE`` — exit 0 if playable, else 2 with the reason
- ``cardrules variant diff A B`` — switches that differ
- ``cardrules spec PATH… [--max-file-kib KIB] [--max-cases N]`` — run case files: a line per
  failure, then ``N passed, N failed``; the two flags raise the file limits for a suite of one's
  own (``judge`` keeps the defaults, meant for files from strangers)
- ``cardrules judge FILE… [--json] [--lang zh]`` — rule on each case of a dispute (any kind),
  draw the table, cite the clauses with their text (from the engine, for legal moves too); one
  ruling document per case with ``--json``; a case that cannot be ruled on fails alone
- ``cardrules explain CLAUSE-ID [--lang zh]`` — a clause (its id in any case), the evidence it
  rests on, its cases; a ruling id of the sources (``Y-TABLE-1``) lists the clauses resting on it
- ``cardrules replay FILE [--round N] [--seat S]`` — a game record, readably
- ``cardrules schema [NAME]`` — the JSON Schema of a document (``siyaosi.state`` …), or the list
- ``cardrules play GAME [--variant V] [--seat S] [--seed N] [--bot B | --level L]
  [--record PATH]`` — play one seat in the terminal against bots; the game record is saved at
  the end
- ``cardrules simulate GAME --games N [--variant A --variant B …] [--bot B] [--seed S]
  [--workers W | --cluster ADDRESS [--connect-timeout S]] [--json] [--save PATH]`` — bots play;
  the figures with 95% intervals, B against A (a scheduler address is checked at once, and one
  that does not answer within ``--connect-timeout`` seconds, 5 by default, is one line and exit 2)
- ``cardrules demo [--game G] [--seed N] [--record PATH]`` — play a random match (or round)
  and print it; save its record
- ``cardrules --version`` — the installed version

A record (``--record``) is written as TOML to a ``.toml`` path and in its JSON form to a
``.json`` one; another suffix is refused before anything is played. ``replay`` reads both forms.

Exit codes: 0 done (every case passed); 1 a ``spec`` run finished with failures; 2 bad input (a
file, name or argument refused — an argument the parser refuses too —, told in one ``cardrules:
error: …`` line on stderr; for ``judge``, a file or case it could not rule on, after printing the
rest); 3 an
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
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import NoReturn

from cardrules.cases import (
    Clause,
    cited_rulings,
    clause_index,
    default_spec_dir,
    find_case_files,
    load_case_file,
    run_case,
)
from cardrules.errors import CardrulesError, CaseFileError, RecordError, did_you_mean
from cardrules.i18n import LANGUAGES, Catalog, catalog
from cardrules.implements import implementation_of
from cardrules.jsonio import JSON
from cardrules.judge import CaseError, judge_case
from cardrules.limits import (
    MAX_CASES,
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    MAX_SUITE_CASES,
    MAX_SUITE_FILE_BYTES,
    quote,
)
from cardrules.records import RECORD_SUFFIXES, read_record, render
from cardrules.registry import LEVEL_ALIASES, game_named, game_names
from cardrules.schema import schema_names, schema_of
from cardrules.textio import parse_toml, read_text
from cardrules.variant import (
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


def _bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number ``low`` … ``high`` (argparse reports anything else)."""

    def read(text: str) -> int:
        if not text.strip().isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"a whole number {low}..{high}, got {quote(text)}")
        return int(text)

    return read


def _cmd_spec(args: argparse.Namespace) -> int:
    passed = failed = 0
    max_bytes = args.max_file_kib * 1024
    for path in find_case_files(args.paths, max_bytes=max_bytes):
        try:
            case_file = load_case_file(
                path,
                allow_outside=args.allow_outside,
                max_bytes=max_bytes,
                max_cases=args.max_cases,
            )
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
    """Rule on every case of each dispute file (:func:`cardrules.judge.judge_case`): the table
    drawn, the verdict, the reason, the round's result, the clauses with their text — in
    ``--lang`` — or, with ``--json``, one ruling document per case. A case that cannot be ruled
    on fails alone (an error entry with its code) and a file that cannot be read is skipped;
    either makes the exit status 2, told in one line on stderr after the rest is printed."""
    words = catalog(args.lang)
    clauses = clause_index(lang=args.lang)
    problems: list[str] = []
    documents: list[JSON] = []
    for ref in args.files:
        try:
            case_file = load_case_file(ref, require_expect=False, allow_outside=args.allow_outside)
        except CardrulesError as err:
            problems.append(_problem(words, "judge-unreadable", ref, err.code, str(err)))
            continue
        for case in case_file.cases:
            ruling = judge_case(case)
            if isinstance(ruling, CaseError):
                problem = _problem(words, "judge-unruled", case.name, ruling.code, ruling.message)
                problems.append(problem)
            if args.json:
                documents.append(ruling.to_json())
                continue
            kind = words.name("case-kind", case.kind)
            print(_line(words.text("case-title", file=case.path.name, id=case.id, kind=kind)))
            if case.note:
                print(_line(f"  {case.note}"))
            for line in ruling.lines(args.lang, clauses):
                print(_line(line))
            print()
    if args.json:
        print(json.dumps(documents, ensure_ascii=False, indent=2))
    if problems:
        more = words.text("judge-more", count=len(problems) - 1) if len(problems) > 1 else ""
        _error(f"error: {problems[0]}{more}")
        return EXIT_BAD_INPUT
    return 0


def _problem(words: Catalog, key: str, where: str, code: str, message: str) -> str:
    """One problem of a judge run for stderr: in English the error's own message, in another
    language the meaning of its code."""
    meaning = message if words.lang == "en" else words.error(code) or words.code("", code) or code
    return words.text(key, where=where, meaning=meaning, code=code)


def _cmd_replay(args: argparse.Namespace) -> int:
    """Print a game record readably (one round, or as one seat saw it)."""
    record = read_record(args.file)
    try:
        lines = render(record, round_number=args.round, seat=args.seat)
    except RecordError as err:  # a move or the result, refused: name the file too
        raise RecordError(
            str(err), path=args.file, index=err.index, reason=err.reason, key=err.key
        ) from None
    print("\n".join(lines))
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    """Print a JSON Schema, or the names of all of them."""
    if args.name is None:
        print("\n".join(schema_names()))
        return 0
    print(json.dumps(schema_of(args.name), ensure_ascii=False, indent=2))
    return 0


def _cmd_explain(args: argparse.Namespace) -> int:
    """Print a clause — its title and text in ``--lang``, the evidence it rests on — and the
    cases that check it. The id is read in any case (``sj-follow-2``); a ruling id of the sources
    (``Y-TABLE-1``) lists the clauses that rest on it; another id is refused, naming the closest
    clause or ruling."""
    words = catalog(args.lang)
    english = clause_index()
    index = english if args.lang == "en" else clause_index(lang=args.lang)
    typed = args.clause.strip()
    # Any case, of ASCII only: str.upper() reads "ſ" as "S", and an id is never spelled so.
    wanted = typed.upper() if typed.isascii() else typed
    clause = english.get(wanted)
    if clause is None:
        rulings = cited_rulings(english)
        if wanted not in rulings:
            hint = did_you_mean(wanted, [*english, *rulings])
            raise CardrulesError(
                f"no clause {quote(args.clause)} in the spec, nor a ruling it rests on{hint}",
                code="unknown-clause",
            )
        print(words.text("explain-ruling", id=wanted))
        for clause_id in rulings[wanted]:
            shown = index.get(clause_id) or english[clause_id]
            title = _title(words, clause_id, index, english)
            where = _where(args.lang, shown.file, index.get(clause_id) is not None)
            print(
                words.text("explain-rests", id=clause_id, title=title, file=where, line=shown.line)
            )
        return 0
    translated = index.get(wanted)
    shown = translated or clause
    where = _where(args.lang, shown.file, translated is not None)
    title = _title(words, wanted, index, english)
    print(words.text("explain-title", id=wanted, title=title, file=where, line=shown.line))
    print()
    print(shown.text)
    code = implementation_of(wanted)
    if code is not None:
        print()
        print(words.text("explain-code", file=code.file, line=code.line, function=code.function))
    elif clause.descriptive:
        print()
        print(words.text("explain-descriptive"))
    spec = default_spec_dir()
    cited = []
    if spec is not None:
        for path in find_case_files([spec / "cases"]):
            for case_id in _cases_citing(path, wanted):
                cited.append(f"  {path.relative_to(spec / 'cases')} :: {case_id}")
    print()
    print(
        words.text("explain-cases", count=len(cited)) if cited else words.text("explain-no-cases")
    )
    print("\n".join(cited))
    return 0


def _cases_citing(path: Path, clause_id: str) -> list[str]:
    """The ids of the cases of the shipped case file ``path`` that cite ``clause_id``, read
    from its TOML alone: a list needs no position built (``cardrules spec`` checks the files),
    and a file that never names the clause is not parsed at all."""
    fail = partial(CaseFileError, path=str(path))
    text = read_text(path, fail)
    if clause_id not in text:
        return []
    entries = parse_toml(text, fail).get("case", [])
    return [
        str(entry.get("id"))
        for entry in entries
        if isinstance(entry, dict) and clause_id in entry.get("rules", ())
    ]


def _title(
    words: Catalog, clause_id: str, index: Mapping[str, Clause], english: Mapping[str, Clause]
) -> str:
    """A clause's title in the catalog's language: the translated spec's, else the catalog's,
    else the English spec's."""
    found = index.get(clause_id)
    if found is not None:
        return found.title
    return words.clause(clause_id) or english[clause_id].title


def _where(lang: str, file: str, translated: bool) -> str:
    """The spec file a clause is shown from (``zh/siyaosi.md`` for a translation)."""
    return f"{lang}/{file}" if translated and lang != "en" else file


#: The levels ``cardrules play --level`` offers, and the bot a game lacking one falls back to.
LEVELS = ("easy", "hard", "expert")


def level_bot(names: tuple[str, ...], level: str) -> str:
    """The bot name ``--level`` stands for at a game with bots ``names``: the level itself (or
    the English name of a Chinese one); a level the game has no bot of is refused
    (``unknown-bot``), never played by another."""
    key = LEVEL_ALIASES.get(level, level)
    if key not in LEVELS:
        raise CardrulesError(
            f"unknown level {quote(level)} (easy, hard or expert)", code="unknown-bot"
        )
    if key not in names:
        has = ", ".join(n for n in LEVELS if n in names) or "none"
        raise CardrulesError(
            f"this game has no {key} level yet (its levels: {has})", code="unknown-bot"
        )
    return key


def _cmd_play(args: argparse.Namespace) -> int:
    """A person plays one seat against bots; the record is saved at the end."""
    from cardrules.play import play_in_terminal

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
        bot=args.bot or level_bot(game.bot_names, args.level),
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

    from cardrules.simulate import CONNECT_TIMEOUT, check_cluster_address, simulate, tables

    if args.cluster is not None:  # refused at once, before a variant is read or a game played
        check_cluster_address(args.cluster)
    duel = None
    if args.bots is not None:
        names = [n.strip() for n in args.bots.split(",")]
        if len(names) != 2 or not all(names):
            raise CardrulesError(f"--bots names two bots, A,B; got {args.bots!r}")
        duel = (names[0], names[1])
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
            bots=duel,
            rounds=args.rounds,
            workers=args.workers,
            cluster=args.cluster,
            progress=lambda done: bar.update(task, completed=done),
            connect_timeout=CONNECT_TIMEOUT
            if args.connect_timeout is None
            else args.connect_timeout,
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


def _cmd_serve(args: argparse.Namespace) -> int:
    """Serve the web app (the referee, the table, the rules) until interrupted; needs the
    ``web`` extra (``missing-dependency`` without it)."""
    if not 0 <= args.port <= 65535:
        raise CardrulesError(f"--port is 0 … 65535, got {args.port}")
    for name in ("bot_delay", "window"):
        if not 0 <= getattr(args, name) <= 60:
            raise CardrulesError(f"--{name.replace('_', '-')} is 0 … 60 seconds")
    try:
        import uvicorn  # noqa: F401 - only to know the extra is there (starlette: below)

        from cardrules.web import serve
    except ImportError:
        raise CardrulesError(
            "cardrules serve needs the web extra: pip install 'cardrules[web]'",
            code="missing-dependency",
        ) from None
    serve(args.host, args.port, args.db, bot_delay=args.bot_delay, window=args.window)
    return 0


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
    games = game_names()  # every game's name, a plugin's too, without loading any
    parser = _Parser(
        prog="cardrules", description="Rules engine for 四幺四 (4A4) and 四副升级 (Shengji)."
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True)

    variant = sub.add_parser("variant", help="list, show, validate and compare variants")
    vsub = variant.add_subparsers(dest="action", required=True)
    vlist = vsub.add_parser("list", help="presets shipped with the package")
    vlist.add_argument("--game", choices=games)
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
        p.add_argument("--game", choices=games)
        if name == "show":
            p.add_argument("--bare", action="store_true", help="no comments, only the switches")
    diff = vsub.add_parser(
        "diff", help="switches that differ between two variants", parents=[reads]
    )
    diff.add_argument("ref", metavar="A")
    diff.add_argument("other", metavar="B")
    diff.add_argument("--game", choices=games)
    variant.set_defaults(func=_cmd_variant)

    spec = sub.add_parser("spec", help="run case files or folders of them", parents=[reads])
    spec.add_argument("paths", nargs="+", metavar="PATH")
    spec.add_argument("-v", "--verbose", action="store_true", help="also list passing cases")
    spec.add_argument(
        "--max-file-kib",
        type=_bounded(1, MAX_SUITE_FILE_BYTES // 1024),
        default=MAX_FILE_BYTES // 1024,
        metavar="KIB",
        help=f"the largest case file to read, in KiB (default {MAX_FILE_BYTES // 1024}, the "
        f"limit for files from strangers; at most {MAX_SUITE_FILE_BYTES // 1024}): a suite of "
        "your own may be larger",
    )
    spec.add_argument(
        "--max-cases",
        type=_bounded(1, MAX_SUITE_CASES),
        default=MAX_CASES,
        metavar="N",
        help=f"the most cases in one file (default {MAX_CASES}; at most {MAX_SUITE_CASES})",
    )
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
    play.add_argument("game", choices=games)
    play.add_argument("--variant", default=None, help="preset name or variant file")
    play.add_argument("--seat", type=int, default=0, help="your seat (0 = the first)")
    play.add_argument("--seed", type=int, default=None, help="the deal (random if left out)")
    who = play.add_mutually_exclusive_group()
    who.add_argument("--bot", default=None, help="any bot name, or module:Class")
    who.add_argument(
        "--level", default="hard", help="easy, hard (default) or expert; also 简单, 困难, 专家"
    )
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
    simulate.add_argument("game", choices=games)
    simulate.add_argument("--games", type=int, required=True, help="games per variant")
    simulate.add_argument(
        "--variant",
        action="append",
        default=None,
        metavar="V",
        help="preset or file; repeat to compare (the first is the baseline)",
    )
    who = simulate.add_mutually_exclusive_group()
    who.add_argument(
        "--bot",
        default="heuristic",
        help="every seat's bot: a level (easy, hard, expert, 简单 …), random, heuristic "
        "(default) or module:Class",
    )
    who.add_argument(
        "--bots",
        default=None,
        metavar="A,B",
        help="a duplicate duel: A on one team, B on the other, each deal played twice with "
        "the teams' bots swapped; prints A's win rate and margin",
    )
    simulate.add_argument(
        "--rounds",
        action="store_true",
        help="with --bots: each game is the first round of a match, not the whole match",
    )
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
    simulate.add_argument(
        "--connect-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="how long to wait for the --cluster scheduler to answer (default 5)",
    )
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument("--save", default=None, metavar="PATH", help="also write the JSON here")
    simulate.add_argument("--quiet", action="store_true", help="no progress bar")
    simulate.set_defaults(func=_cmd_simulate)

    serve = sub.add_parser(
        "serve", help="serve the web app: the referee, tables against bots, the rules"
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db",
        default="cardrules-tables.sqlite3",
        metavar="PATH",
        help="the SQLite file the tables and disputes are kept in (created if missing)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        metavar="SECONDS",
        help="how long a computer player waits before it moves (default 0.4)",
    )
    serve.add_argument(
        "--window",
        type=float,
        default=1.5,
        metavar="SECONDS",
        help="how long the bots wait when a person may play out of turn (default 1.5)",
    )
    serve.set_defaults(func=_cmd_serve)

    demo = sub.add_parser("demo", help="play a random match (or round) and print it")
    demo.add_argument("--game", choices=games, default="siyaosi")
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
