"""Sphinx configuration of the cardrules docs.

Build: ``sphinx-build -W --keep-going -n -b html docs docs/_build/html`` (CI does, in
``.ci/run``), then open ``docs/_build/html/index.html``. The reference is built from the
docstrings of the tree this folder belongs to (``src/`` is put first on the path), and the
pages that list error codes and schemas are generated from the code (``_ext/cardrules_docs.py``).
Nothing is fetched from the network: no intersphinx inventories, so references to the standard
library are left as text (see ``nitpick_ignore_regex``).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "src"))
sys.path.insert(0, str(DOCS / "_ext"))

import cardrules  # noqa: E402

project = "cardrules"
author = "the cardrules authors"
copyright = "the cardrules authors"
release = cardrules.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "myst_parser",
    "sphinxarg.ext",
    "cardrules_docs",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc: the reference, from the docstrings
autodoc_default_options = {
    "members": True,
    "member-order": "bysource",
    "show-inheritance": True,
    "undoc-members": True,
}
# Objects are not entries of the tables of contents (each module's section is): a table of
# every object of the reference made each page's navigation slow to build.
toc_object_entries = False
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_inherit_docstrings = True
# Docstrings use ``text`` for code, as in the rest of the project (reST's default role).
default_role = "literal"
python_use_unqualified_type_names = True

# -- nitpicky: every reference into cardrules must resolve; the standard library's and the
# dependencies' cannot (no inventory is fetched), nor the type variables of generic classes.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(?!cardrules\b).*"),
    (r"py:.*", r"(cardrules\.\S*\.)?(B|F|M|K|R|S|R_co|S_co|T_co|_\w+)"),
]
nitpick_ignore = [
    # public in its module but not exported (not in ``__all__``), so not in the reference
    ("py:func", "cardrules.shengji.follow_listing.sub_multisets"),
]

# -- HTML
html_theme = "furo"
html_title = f"cardrules {release}"
html_static_path: list[str] = []
