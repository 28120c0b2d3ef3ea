#!/usr/bin/env bash
# Mutation testing of the rules modules with mutmut (slow: not in CI).
#
# mutmut changes the modules listed under [tool.mutmut] source_paths in pyproject.toml one small
# change at a time (an operator, a constant, a condition, a string) and runs, for each change, the
# tests of the selection (pytest_add_cli_args_test_selection) that reach the changed function. A
# mutant the tests fail is killed; one they pass survived; one no test reaches has no tests. The
# score is killed (timeouts included: the change made the tests hang) over all mutants. Every
# survivor is either killed by a new test or case, or explained as equivalent in
# scripts/mutation-survivors.md; the script lists the survivors that file does not explain.
#
#   PYTHON=.venv/bin/python bash scripts/mutation.sh   # needs: pip install -e '.[dev,mutation]'
#
# Run it on a clean checkout (mutmut copies the tree as it is, uncommitted files included): for
# example `git worktree add ../cardrules-mutation HEAD` and run it there. Its work and results are
# in mutants/ (git ignores it); `mutmut show NAME` prints one mutant. Hypothesis runs derandomized
# (the ci profile), so a rerun draws the same examples. A whole run takes hours on two cores;
# `--resume` keeps mutants/ and runs only the mutants without a result yet (mutmut records each
# result as it comes), so a run stopped part way goes on where it stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
if [ "${1:-}" != "--resume" ]; then
    rm -rf mutants
fi
export HYPOTHESIS_PROFILE=ci
start=$(date +%s)
# mutmut copies the tree into mutants/ and imports the package from there, not from PYTHONPATH
PYTHONPATH= "$python" -m mutmut run || true
echo "this run took $(( ($(date +%s) - start) / 60 )) min"
PYTHONPATH= "$python" -m mutmut results --all true > mutants/results.txt 2>/dev/null
"$python" - <<'PY'
import re
from pathlib import Path

text = Path("mutants/results.txt").read_text()
states = re.findall(r"^\s*(\S+): (.+)$", text, re.M)
counts: dict[str, int] = {}
for _, state in states:
    counts[state] = counts.get(state, 0) + 1
print("mutants by state:", dict(sorted(counts.items())))
total = sum(counts.values())
run = total - counts.get("not checked", 0)
caught = counts.get("killed", 0) + counts.get("timeout", 0)
if run:
    print(f"score: {caught} of {run} mutants run killed ({100 * caught / run:.1f}%)")
if run < total:
    print(f"not run yet: {total - run} of {total} (scripts/mutation.sh --resume goes on)")
# only the table of equivalent mutants explains a survivor; the mutants listed as killed by a
# new test must not survive
explained = Path("scripts/mutation-survivors.md").read_text().split("\n## Killed")[0]
left = [name for name, state in states if state in ("survived", "no tests")]
unexplained = [name for name in left if f"`{name}`" not in explained]
print(f"survivors: {len(left)}, explained in scripts/mutation-survivors.md: "
      f"{len(left) - len(unexplained)}")
for name in unexplained:
    print("  unexplained:", name)
PY
