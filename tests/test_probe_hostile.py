"""The hostile-input probe (``benchmarks/probe_hostile.py``, issue 19) in its quick form: a few
hundred inputs a hostile client could send, across every section (states, core readers, the
games' functions, services, the command line, case files, records, JSON documents), all handled —
refused with a ``CardrulesError`` carrying a known code, or accepted with a sound answer — within
the budget, and nothing changed: neither a probed state nor any file of the checkout."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

PROBE = Path(__file__).resolve().parent.parent / "benchmarks" / "probe_hostile.py"


def _probe_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("probe_hostile", PROBE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["probe_hostile"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_quick_probe_finds_nothing_mishandled() -> None:
    probe = _probe_module()
    report = probe.run_all(scale=0.008, seed=1919, examples=3)
    sections = {section for section, _ in report.by_section}
    assert sections >= set(probe.SECTIONS), sections
    assert report.total >= 300
    found = {
        kind: [(o.probe.entry, o.probe.what, o.detail) for o in outcomes]
        for kind, outcomes in report.examples.items()
    }
    assert report.mishandled == 0, found
    assert report.counts["refused"] > 0 and report.counts["accepted"] > 0


def test_the_probe_sees_a_file_of_the_checkout_written() -> None:
    """The check of the checkout is real: a call that writes into it is reported."""
    probe = _probe_module()
    before = probe._checkout_files()
    assert "benchmarks/probe_hostile.py" in before
    assert all(not name.startswith(".git/") for name in before)
