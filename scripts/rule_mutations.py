"""Re-make the wrong rules an audit found hard to catch, one at a time, and check that the clause
oracles' tests catch each (issue 24).

Each entry of :data:`MUTATIONS` is one small wrong change to a rules module: a text of the module
replaced by another (the text must occur exactly once, ``tests/test_rule_mutations.py`` checks it
in CI, so the list cannot silently go stale when the code moves). For each, the script copies
``src/`` into a scratch folder, makes the change there — never in the checkout — and runs the
oracle tests against the copy (``PYTHONPATH`` puts it first). A mutation is *caught* when a test
fails; the script prints one line per mutation and the test that failed, and exits 1 if any
mutation survived or if the tests fail without a mutation.

The oracle tests are the files ``tests/**/test_*_oracle.py`` and the level and score oracle
comparisons of ``tests/siyaosi/test_siyaosi_match_rules.py``: tests that compare the engine with
:mod:`cardrules.testing.clause_oracles`, which shares no code with the rules. Spec cases and other
tests are left out on purpose: the question is whether the oracles alone catch a wrong rule.

    .venv/bin/python scripts/rule_mutations.py            # every mutation
    .venv/bin/python scripts/rule_mutations.py --list     # the mutations, without running
    .venv/bin/python scripts/rule_mutations.py throw-narrowest-first kitty-power-capped
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutation:
    """One wrong rule: in ``path`` (relative to ``src/cardrules``), ``old`` becomes ``new``."""

    name: str
    clause: str
    what: str
    path: str
    old: str
    new: str


#: The ten mutations of the issue 24 audit (the first ten), then more that the oracles' authors
#: made while writing them, and the engine bugs the oracles found, re-made.
MUTATIONS: tuple[Mutation, ...] = (
    Mutation(
        "throw-narrowest-first",
        "SJ-FOLLOW-5",
        "a throw's pieces are followed narrowest first",
        "shengji/follow.py",
        "shapes = tuple(sorted((p.shape for p in lead.pieces), reverse=True))\n    return _ladder(",
        "shapes = tuple(sorted(p.shape for p in lead.pieces))\n    return _ladder(",
    ),
    Mutation(
        "narrower-shortest-first",
        "SJ-FOLLOW-3",
        "a ladder's narrower shapes are asked shortest first",
        "shengji/follow.py",
        "steps += [(w, m) for m in range(n // w, 0, -1)]",
        "steps += [(w, m) for m in range(1, n // w + 1)]",
    ),
    Mutation(
        "four-threes-width",
        "4A4-BEAT-9",
        "five or more 3s count as four 3s",
        "siyaosi/combos.py",
        "return self.name is BOMB and self.width == 4 and self.low == 3",
        "return self.name is BOMB and self.width >= 4 and self.low == 3",
    ),
    Mutation(
        "four-threes-switch-dropped",
        "4A4-BEAT-9",
        "four 3s beat a 4A4 whatever four_threes_beat_4a4 says",
        "siyaosi/combos.py",
        'return _BEAT_9 if play.four_threes and variant.four_threes_beat_4a4 else ""',
        'return _BEAT_9 if play.four_threes else ""',
    ),
    Mutation(
        "chain-gou-switch-ignored",
        "4A4-CHAIN-11",
        "a chain goes on past its cha when gou is off",
        "siyaosi/chain.py",
        "if i >= 1 and not gou:",
        "if False:",
    ),
    Mutation(
        "chain-some-ranks",
        "4A4-CHAIN-8",
        "a chain step on only some of a straight base's ranks is accepted",
        "siyaosi/chain.py",
        "    if total != c * base.length:\n        return 0\n",
        "",
    ),
    Mutation(
        "last-trick-smallest-piece",
        "SJ-TRICK-5",
        "the kitty multiplier counts the last lead's smallest piece",
        "shengji/trick.py",
        "largest_piece=max(piece.size for piece in lead.pieces)",
        "largest_piece=min(piece.size for piece in lead.pieces)",
    ),
    Mutation(
        "kitty-power-capped",
        "SJ-TRICK-5",
        "the power multiplier stops at ×16",
        "shengji/scoring.py",
        "return 1 << k",
        "return 1 << min(k, 4)",
    ),
    Mutation(
        "tribute-ranked-for-payer",
        "4A4-TRIB-2",
        "the tribute due is ranked as in the payers' hands",
        "siyaosi/tribute.py",
        "strength = ex.table.strengths(ex.receivers[0])\n    best",
        "strength = ex.table.strengths(ex.payers[0])\n    best",
    ),
    Mutation(
        "tribute-second-best",
        "4A4-TRIB-2",
        "a tribute of the second-highest rank is accepted",
        "siyaosi/tribute.py",
        "return [c for c in cards if strength[int(c.rank)] == best]",
        "return [c for c in cards if strength[int(c.rank)] >= best - 1]",
    ),
    # ------------------------------------------------- made by the oracles' authors (issue 24)
    Mutation(
        "throw-forces-the-largest-piece",
        "SJ-THROW-3",
        "a failed throw forces its largest beaten piece",
        "shengji/throws.py",
        "forced = min(beaten, key=piece_size_key)",
        "forced = max(beaten, key=piece_size_key)",
    ),
    Mutation(
        "throw-smallest-by-width-first",
        "SJ-THROW-3",
        "the smallest beaten piece is the narrowest before the one of fewest cards",
        "shengji/throws.py",
        "return (piece.size, piece.width, piece.top)",
        "return (piece.width, piece.size, piece.top)",
    ),
    Mutation(
        "throw-partner-ignored",
        "SJ-THROW-2",
        "only opponents' hands can beat a throw",
        "shengji/throws.py",
        "if seat != thrower and hand]",
        "if seat % 2 != thrower % 2 and hand]",
    ),
    Mutation(
        "bid-equal-overcalls",
        "SJ-BID-2",
        "a bid of the standing bid's strength overcalls it",
        "shengji/match/phases.py",
        '    if rank <= held:\n        return "bid-too-low"',
        '    if rank < held:\n        return "bid-too-low"',
    ),
    Mutation(
        "fry-standing-bid-weakest-shape",
        "SJ-FRY-2",
        "a standing bid ranks in the frying order by the weakest shape it holds",
        "shengji/bids.py",
        "return max(ranks, default=NO_RANK)",
        "return min(ranks, default=NO_RANK)",
    ),
    Mutation(
        "bid-same-suit-any-face",
        "SJ-BID-10",
        "a same_suit reinforcement may change face",
        "shengji/match/phases.py",
        "if reinforce is BidReinforce.SAME_SUIT and face[1] != standing[2]:",
        "if reinforce is BidReinforce.SAME_SUIT and False:",
    ),
    Mutation(
        "bid-same-suit-fewer-cards",
        "SJ-BID-10",
        "a same_suit raise may show fewer cards (the bug the oracle found)",
        "shengji/match/phases.py",
        "    if own and reinforce is BidReinforce.SAME_SUIT and face[0] < standing[1]:\n"
        '        return "self-overcall"\n',
        "",
    ),
    Mutation(
        "bid-jokers-declare-with-a-pair",
        "SJ-BID-3",
        "a pair of jokers may declare first",
        "shengji/match/phases.py",
        'return "jokers-overcall-only" if kind >= SMALL and width < MAX_BID_WIDTH else None',
        'return "jokers-overcall-only" if kind >= SMALL and width < 2 else None',
    ),
    Mutation(
        "fry-ranked-by-the-bid-order",
        "SJ-FRY-2",
        "a fry is ranked by the bidding order",
        "shengji/match/phases.py",
        "rank = order_rank(move.cards, level, table.variant.fry_order)",
        "rank = order_rank(move.cards, level, table.variant.bid_order)",
    ),
    Mutation(
        "tribute-lowest-to-the-emperor",
        "4A4-TRIB-3",
        "the lowest tribute goes to the emperor",
        "siyaosi/tribute.py",
        "given.sort(key=lambda pc: -strength[int(next(iter(pc[1])).rank)])",
        "given.sort(key=lambda pc: strength[int(next(iter(pc[1])).rank)])",
    ),
    Mutation(
        "tribute-place-best-first",
        "4A4-TRIB-3",
        "under place pairing the best-placed payer pays the emperor",
        "siyaosi/tribute.py",
        "given.sort(key=lambda pc: -self.dues.order.index(pc[0]))",
        "given.sort(key=lambda pc: self.dues.order.index(pc[0]))",
    ),
    Mutation(
        "tribute-places-split-the-fourth-pays",
        "4A4-TRIB-1",
        "after a split with 1st and 4th partners, the 4th pays",
        "siyaosi/tribute.py",
        "payers = opponents if caught_all(result) else opponents[-1:]",
        "payers = opponents if caught_all(result) else order[-1:]",
    ),
    Mutation(
        "tribute-reversed-by-pairing-switch",
        "4A4-TRIB-5",
        "a reversed tribute is paired as tribute_pairing says",
        "siyaosi/tribute.py",
        "if self.reversed or self.variant.tribute_pairing is Pairing.VALUE:",
        "if self.variant.tribute_pairing is Pairing.VALUE:",
    ),
    Mutation(
        "four-threes-switch-dropped-on-top",
        "4A4-BEAT-9",
        "a 4A4 never beats four 3s, whatever four_threes_beat_4a4 says",
        "siyaosi/combos.py",
        "if top.four_threes and variant.four_threes_beat_4a4:",
        "if top.four_threes:",
    ),
    Mutation(
        "chain-uneven-counts",
        "4A4-CHAIN-8",
        "a chain step may hold different counts on the base's ranks",
        "siyaosi/chain.py",
        "if not lo <= r < hi or n != c:",
        "if not lo <= r < hi:",
    ),
    Mutation(
        "run-uneven-counts",
        "4A4-COMBO-5",
        "a run's ranks need not hold as many cards each (the bug the oracle found)",
        "siyaosi/combos.py",
        "if n != width * length or any(rc[r] != width for r in present):",
        "if n != width * length:",
    ),
)

#: The oracle tests every mutation is run against.
ORACLE_TESTS = (
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*_oracle.py")),
    "tests/siyaosi/test_siyaosi_match_rules.py",
)


def _failed_test(output: str) -> str:
    """The first failed test's id in pytest's short summary, or the last line."""
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" ", 1)[1].split(" - ", 1)[0]
    lines = [line for line in output.splitlines() if line.strip()]
    return lines[-1] if lines else "(no output)"


def run_tests(src: Path, tests: tuple[str, ...]) -> tuple[int, str]:
    """Run ``tests`` with the package imported from ``src``: pytest's exit code and its output."""
    env = dict(os.environ, PYTHONPATH=str(src), HYPOTHESIS_PROFILE="ci")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-rfE", *tests],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def apply(mutation: Mutation, package: Path) -> None:
    """Make ``mutation`` in the copy of the package at ``package``."""
    path = package / mutation.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutation.old) != 1:
        raise SystemExit(f"{mutation.name}: the text to change is not in {mutation.path} once")
    path.write_text(text.replace(mutation.old, mutation.new), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Run the named mutations (all by default) and print what caught each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutations to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    args = parser.parse_args(argv)
    known = {m.name: m for m in MUTATIONS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"unknown mutation(s): {', '.join(unknown)}")
    chosen = [known[n] for n in args.names] if args.names else list(MUTATIONS)
    if args.list:
        for m in chosen:
            print(f"{m.name:32} {m.clause:12} {m.path}: {m.what}")
        return 0
    print(f"oracle tests: {' '.join(ORACLE_TESTS)}")
    with tempfile.TemporaryDirectory(prefix="rule-mutations-") as scratch:
        src = Path(scratch) / "src"
        shutil.copytree(ROOT / "src", src)
        code, output = run_tests(src, ORACLE_TESTS)
        if code != 0:
            print(output)
            print("the oracle tests fail without a mutation")
            return 1
        survived = []
        for mutation in chosen:
            package = src / "cardrules"
            original = (package / mutation.path).read_text(encoding="utf-8")
            start = time.perf_counter()
            apply(mutation, package)
            try:
                code, output = run_tests(src, ORACLE_TESTS)
            finally:
                (package / mutation.path).write_text(original, encoding="utf-8")
            took = time.perf_counter() - start
            if code == 1:
                verdict = f"caught by {_failed_test(output)}"
            elif code == 0:
                verdict = "SURVIVED"
                survived.append(mutation.name)
            else:
                verdict = f"the tests could not run (exit {code}): {_failed_test(output)}"
                survived.append(mutation.name)
            print(f"{mutation.name:32} {took:5.1f} s  {verdict}")
    print(f"{len(chosen) - len(survived)} of {len(chosen)} mutations caught")
    return 1 if survived else 0


if __name__ == "__main__":
    raise SystemExit(main())
