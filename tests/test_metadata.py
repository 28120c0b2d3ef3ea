"""The distribution says what it is: its license file ships in the wheel, its project links and
classifiers are set (``pyproject.toml``, read as packaging tools read it)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_license_file_is_the_mit_license_and_is_shipped() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Copyright (c) 2026 the cardrules authors" in text


def test_the_project_has_its_links_and_classifiers() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert set(project["urls"]) == {"Homepage", "Documentation", "Changelog", "Issues"}
    assert all(url.startswith("https://") for url in project["urls"].values())
    assert "Typing :: Typed" in project["classifiers"]
    # A license expression replaces the license classifiers (PEP 639): none may be given.
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]
