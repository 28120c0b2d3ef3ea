"""Instruction counts of benchmark work, by callgrind: the figures a shared machine cannot swing.

Timings on a shared VM move by a third from one run to the next; the instructions a piece of
work executes do not (the same binary, inputs and environment give the same total). This runs a
command under ``valgrind --tool=callgrind`` and prints its total instruction count (``Ir``),
and, given ``--baseline``, the work of the baseline command subtracted, so what is printed is the
instructions of the section alone (setup excluded). Run::

    python benchmarks/bench_callgrind.py \\
        --baseline "benchmarks/bench_shengji_follow.py 2000 1 four-deck --calls none" \\
        "benchmarks/bench_shengji_follow.py 2000 1 four-deck --calls check" --per 2000

``--per N`` divides the section's count by N (instructions per call). Comparisons between two
versions of the code are made by running this on each, in one session, and dividing the two
figures it prints. Needs valgrind (Debian's ``valgrind`` package).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path


def instructions(command: str) -> int:
    """The total instructions (``Ir``) callgrind counts for ``python COMMAND``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                *shlex.split(command),
            ],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        text = out.read_text(encoding="utf-8", errors="replace")
    found = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
    if found is None:
        raise SystemExit("callgrind wrote no total")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", help="the python command to count, e.g. 'benchmarks/x.py …'")
    parser.add_argument("--baseline", default=None, help="a command whose count is subtracted")
    parser.add_argument("--per", type=int, default=1, help="divide the section's count by this")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    print(f"date     {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(f"python   {sys.version.split()[0]} ({sys.executable})")
    total = instructions(args.command)
    print(f"command  {args.command}: {total:,} instructions")
    section = total
    if args.baseline:
        base = instructions(args.baseline)
        print(f"baseline {args.baseline}: {base:,} instructions")
        section = total - base
        print(f"section  {section:,} instructions")
    if args.per > 1:
        print(f"per call {section / args.per:,.0f} instructions (÷ {args.per})")


if __name__ == "__main__":
    main()
