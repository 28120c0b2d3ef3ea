#!/usr/bin/env bash
# Mutation testing of the rules modules with mutmut (slow: not in CI).
#
# mutmut changes the modules listed under [tool.mutmut] source_paths in pyproject.toml one small
# change at a time (an operator, a constant, a condition) and runs, for each change, the tests of
# pytest_add_cli_args_test_selection that reach the changed function. A mutant the tests fail is
# killed; one they pass survived. The score is killed (timeouts included: the change made the
# tests hang) over all mutants tested. Survivors are either killed by a new test or case, or
# explained as equivalent in scripts/mutation-survivors.md.
#
#   PYTHON=.venv/bin/python bash scripts/mutation.sh   # needs: pip install mutmut (3.x)
#
# Its work and results are in mutants/ (git ignores it); `mutmut show NAME` prints one mutant.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
rm -rf mutants
# mutmut copies the tree into mutants/ and imports the package from there, not from PYTHONPATH
PYTHONPATH= "$python" -m mutmut run || true
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
caught = counts.get("killed", 0) + counts.get("timeout", 0)
if total:
    print(f"score: {caught} of {total} killed ({100 * caught / total:.1f}%)")
PY
echo "survivors:"
grep -E ": (survived|no tests)" mutants/results.txt || echo "  none"
