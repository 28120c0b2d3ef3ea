"""How fast hostile input is refused: the worst inputs of the hostile-input review, built in a
temporary folder, each given to the reader it targets. Prints the time to refusal, the memory
the refusal allocated (``tracemalloc``, measured in a second run) and the error class.

Run: ``python benchmarks/bench_hostile.py``. Target: every input refused in well under a second
with a ``CardrulesError`` (before the limits: a 55 MB variant file took 52 s and 720 MB, a card
text of ten million tokens several seconds, 2,000 nested arrays a ``RecursionError``).
"""

from __future__ import annotations

import contextlib
import io
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from cardrules import CardrulesError, Cards, load_variant, parse_move_text
from cardrules.cases import load_case_file
from cardrules.cli import main as cli
from cardrules.limits import MAX_CASES, MAX_EXTENDS, MAX_FILE_BYTES

GAME = 'game = "siyaosi"\n'
HEAD = GAME + 'name = "hostile"\nextends = "classic"\n'
CASE = '[[case]]\nid = "c{n}"\nkind = "classify"\ncards = "0: 6H"\nexpect = "single"\n'


def _write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def _inputs(folder: Path) -> list[tuple[str, Callable[[], object]]]:
    """``(what, call)`` for each hostile input; each call is expected to raise."""
    tokens = "4S " * 10**7
    move_like = " ".join(str(c) for c in Cards.parse("3S 4H 5C 6D 7S 8H 9C 10D JS QH KC AD"))
    move_like = (move_like + " ") * (3_000_000 // (len(move_like) + 1))
    keys = _write(folder / "keys.toml", HEAD + "".join(f"k{n} = {n}\n" for n in range(3_000_000)))
    deep_2000 = _write(folder / "deep2000.toml", HEAD + "x = " + "[" * 2000 + "]" * 2000 + "\n")
    deep_open = _write(folder / "deep100k.toml", HEAD + "x = " + "[" * 100_000 + "\n")
    brackets = _write(folder / "brackets.toml", "[" * 100_000 + "]" * 100_000)
    dotted = _write(folder / "dotted.toml", HEAD + "a" + ".a" * 30_000 + " = 1\n")
    binary = _write(folder / "binary.toml", bytes(range(256)) * 100)
    for n in range(50):
        _write(folder / "chain" / f"v{n}.toml", f'game = "siyaosi"\nextends = "v{n + 1}.toml"\n')
    _write(folder / "chain" / "v50.toml", HEAD)
    _write(folder / "loop" / "a.toml", 'game = "siyaosi"\nextends = "b.toml"\n')
    _write(folder / "loop" / "b.toml", 'game = "siyaosi"\nextends = "a.toml"\n')
    self_loop = _write(folder / "sub" / "loop.toml", f"{GAME}extends = '../sub/loop.toml'\n")
    outside = _write(folder / "in" / "v.toml", f"{GAME}extends = '../../../../etc/x.toml'\n")
    many = "format = 1\n" + "".join(CASE.format(n=n) for n in range(MAX_CASES + 1))
    cases = _write(folder / "cases.toml", many)
    huge_cases = _write(folder / "cases-huge.toml", "format = 1\n" + CASE.format(n=0) * 700_000)
    chain = folder / "chain" / "v0.toml"
    return [
        ("card text of 10^7 tokens", lambda: Cards.parse(tokens)),
        ("card text of 3 MB", lambda: Cards.parse(move_like)),
        ("move text of 3 MB (notation)", lambda: parse_move_text("0: " + move_like)),
        (f"variant file {_mb(keys)}, 3e6 keys", lambda: load_variant(keys)),
        ("variant file nested 2,000 deep", lambda: load_variant(deep_2000)),
        ("variant file nested 100,000 deep", lambda: load_variant(deep_open)),
        (f"{_kb(brackets)} of nested brackets", lambda: load_variant(brackets)),
        ("dotted key of 30,000 parts", lambda: load_variant(dotted)),
        ("binary file as a variant", lambda: load_variant(binary)),
        (f"extends chain of 50 (limit {MAX_EXTENDS})", lambda: load_variant(chain)),
        ("extends loop a -> b -> a", lambda: load_variant(folder / "loop/a.toml")),
        ("extends ../sub/loop.toml", lambda: load_variant(self_loop)),
        ("extends outside the folder", lambda: load_variant(outside)),
        ("preset name of 300 characters", lambda: load_variant("a" * 300)),
        (f"case file of {MAX_CASES + 1} cases", lambda: load_case_file(cases)),
        (f"case file of {_mb(huge_cases)}", lambda: load_case_file(huge_cases)),
        (f"cardrules variant show ({_mb(keys)})", lambda: _cli("variant", "show", str(keys))),
        ("cardrules spec on all these files", lambda: _cli("spec", str(folder))),
    ]


def _mb(path: Path) -> str:
    return f"{path.stat().st_size / 1e6:.0f} MB"


def _kb(path: Path) -> str:
    return f"{path.stat().st_size / 1e3:.0f} KB"


def _cli(*argv: str) -> None:
    """The command line; its exit code is the outcome (2: refused, 1: failures reported)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli(list(argv))
    raise SystemExit(code)


def _refuse(call: Callable[[], object]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        call()
    except CardrulesError as err:
        outcome = type(err).__name__
    except SystemExit as done:
        outcome = f"exit {done.code}"
    else:
        outcome = "ACCEPTED"
    return time.perf_counter() - start, outcome


def _peak(call: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        _refuse(call)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def _largest_accepted(folder: Path) -> tuple[float, str]:
    """The slowest file under the size limit to parse (an array of small integers): the bound
    on what any file costs before it can be judged."""
    body = "x = [" + "1," * ((MAX_FILE_BYTES - len(HEAD) - 10) // 2) + "]\n"
    return _refuse(lambda: load_variant(_write(folder / "largest.toml", HEAD + body)))


def main() -> None:
    print(f"{'input':<36} {'refused in':>11} {'allocated':>10}  outcome")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for what, call in _inputs(folder):
            seconds, outcome = _refuse(call)
            print(f"{what:<36} {seconds * 1e3:>8.1f} ms {_peak(call):>7.1f} MB  {outcome}")
        seconds, outcome = _largest_accepted(folder)
        what = f"worst {MAX_FILE_BYTES // 1024} KiB file (parsed)"
        print(f"{what:<36} {seconds * 1e3:>8.1f} ms {'':>10}  {outcome}")


if __name__ == "__main__":
    main()
