"""Parts of the cardrules docs generated from the code at build time, so they cannot drift from
it. Directives (each writes reStructuredText that Sphinx then parses):

``.. cardrules-error-codes::``
    the error-code tables: ``cardrules.errors.ERROR_CODES``, then each game's ``CODES`` with the
    clauses each code rests on.
``.. cardrules-schema-list::``
    a table of every shipped JSON Schema (``cardrules.schema.schema_names``) and its title.
``.. cardrules-schemas::``
    every schema in full, a section each.
``.. cardrules-exports:: MODULE``
    a table of the names ``MODULE.__all__`` exports, each linked to where it is documented.

When the HTML build finishes, every schema is also written as a file, ``schemas/NAME.json``
beside the pages, for tools to fetch.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import inspect
import json
import pkgutil
import sys
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles


def _cell(text: str) -> str:
    """Text for a cell of a list-table (one line)."""
    return " ".join(text.split())


def _list_table(headers: list[str], rows: list[list[str]], widths: str) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [headers, *rows]:
        lines.append(f"   * - {row[0]}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return lines


def error_code_lines() -> list[str]:
    """The error-code tables: errors that are not moves, then each game's refusal codes."""
    from cardrules.errors import ERROR_CODES
    from cardrules.registry import all_games

    lines = [
        "Errors that are not moves",
        "-------------------------",
        "",
        "Every :class:`~cardrules.errors.CardrulesError` that is not an illegal move carries one "
        "of these codes (:data:`cardrules.errors.ERROR_CODES`).",
        "",
    ]
    rows = [[f"``{code}``", _cell(meaning)] for code, meaning in ERROR_CODES.items()]
    lines += _list_table(["code", "meaning"], rows, "30 70")
    for game in all_games():
        codes = importlib.import_module(f"cardrules.{game.name}").CODES
        title = f"{game.title}: illegal moves"
        lines += [
            "",
            title,
            "-" * (2 * len(title)),
            "",
            f"The refusals of ``cardrules.{game.name}.CODES``: an illegal move's "
            ":attr:`~cardrules.errors.Illegal.code`, the clause it cites (the usual one first "
            "when several can give it) and what it means.",
            "",
        ]
        rows = [[f"``{c.name}``", ", ".join((c.clause, *c.also)), _cell(c.meaning)] for c in codes]
        lines += _list_table(["code", "clause", "meaning"], rows, "25 25 50")
    return lines


def _schema_label(name: str) -> str:
    return "schema-" + name.replace(".", "-")


def schema_list_lines() -> list[str]:
    """A table of every shipped schema: its name (linked to it in full) and its title."""
    from cardrules.schema import schema_names, schema_of

    rows = [
        [f":ref:`{name} <{_schema_label(name)}>`", _cell(str(schema_of(name).get("title", "")))]
        for name in schema_names()
    ]
    return _list_table(["schema", "document"], rows, "30 70")


def schemas_lines() -> list[str]:
    """Every shipped schema in full, a section each."""
    from cardrules.schema import schema_names, schema_of

    lines: list[str] = []
    for name in schema_names():
        schema = schema_of(name)
        title = str(schema.get("title", name))
        text = json.dumps(schema, indent=2, ensure_ascii=False)
        lines += [
            f".. _{_schema_label(name)}:",
            "",
            name,
            "-" * len(name),
            "",
            f"{title[:1].upper()}{title[1:]}. As a file: `schemas/{name}.json "
            f"<schemas/{name}.json>`__; ``cardrules schema {name}`` prints the same.",
            "",
            ".. code-block:: json",
            "",
            *("   " + line for line in text.splitlines()),
            "",
        ]
    return lines


def _role_of(obj: object) -> str:
    if inspect.isclass(obj):
        return "class"
    if callable(obj):
        return "func"
    return "data"


@functools.cache
def _assigns(module: str, name: str) -> bool:
    """Whether ``module`` assigns ``name`` at its top level (rather than importing it)."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False


@functools.cache
def _home_of(module: str, name: str) -> str:
    return _home(module, name, getattr(importlib.import_module(module), name))


def _home(module: str, name: str, obj: object) -> str:
    """Where ``name`` of ``module`` is documented: its defining module for a class or function,
    the module of the package that assigns it for a constant."""
    home = getattr(obj, "__module__", None)
    if (inspect.isclass(obj) or inspect.isfunction(obj)) and isinstance(home, str):
        return f"{home}.{getattr(obj, '__qualname__', name)}"
    for candidate in _modules_under(module):
        mod = importlib.import_module(candidate)
        if getattr(mod, name, None) is obj and _assigns(candidate, name):
            return f"{candidate}.{name}"
    return f"{module}.{name}"


def _modules_under(module: str) -> list[str]:
    package = importlib.import_module(module)
    found = [module]
    if hasattr(package, "__path__"):
        found += [m.name for m in pkgutil.walk_packages(package.__path__, module + ".")]
    return found


def exports_lines(module: str) -> list[str]:
    """A table of ``module.__all__``: each name linked to where it is documented, with the first
    sentence of its docstring."""
    mod = importlib.import_module(module)
    rows = []
    for name in mod.__all__:
        obj = getattr(mod, name)
        target = _home(module, name, obj)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            doc = inspect.getdoc(obj)
        else:  # a constant: its ``#:`` comment, where it is assigned
            home, _, short = target.rpartition(".")
            doc = "\n".join(ModuleAnalyzer.for_module(home).find_attr_docs().get(("", short), []))
        summary = _cell((doc or "").split("\n\n")[0])
        rows.append([f":{_role_of(obj)}:`{name} <{target}>`", summary])
    return _list_table(["name", "what it is"], rows, "25 75")


class _Generated(SphinxDirective):
    """A directive whose content is reStructuredText made by a function of the code."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def lines(self) -> list[str]:  # pragma: no cover - each directive has its own
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        node = nodes.container()
        source = self.get_source_info()[0] or "<generated>"
        content = StringList(self.lines(), source=f"{source} (generated)")
        nested_parse_with_titles(self.state, content, node)
        return list(node.children)


class ErrorCodes(_Generated):
    def lines(self) -> list[str]:
        return error_code_lines()


class SchemaList(_Generated):
    def lines(self) -> list[str]:
        return schema_list_lines()


class Schemas(_Generated):
    def lines(self) -> list[str]:
        return schemas_lines()


class Exports(_Generated):
    required_arguments = 1

    def lines(self) -> list[str]:
        return exports_lines(self.arguments[0])


def _resolve_reexport(
    app: Sphinx, env: Any, node: addnodes.pending_xref, contnode: nodes.TextElement
) -> nodes.reference | None:
    """Resolve a reference to a name by the package that re-exports it
    (``cardrules.siyaosi.State``) to where it is documented (``cardrules.siyaosi.state.State``),
    so docstrings may name things as a program imports them."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("cardrules."):
        return None
    module, _, name = target.rpartition(".")
    try:
        home = _home_of(module, name)
    except (ImportError, AttributeError):
        return None
    if home == target:
        return None
    domain = env.get_domain("py")
    found: nodes.reference | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], home, node, contnode
    )
    return found


@functools.cache
def _imported_names(module: str) -> dict[str, str]:
    """The names ``module`` imports from other modules (``from X import Y``, those under
    ``TYPE_CHECKING`` too), each with its full path."""
    try:
        tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    except (ImportError, OSError, TypeError):
        return {}
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


_BUILTINS = frozenset(dir(builtins))
#: Top-level modules whose names a signature may show and the docs do not hold.
_OUTSIDE = frozenset(sys.stdlib_module_names) | {"attrs", "cattrs", "hypothesis", "rich"}


def _qualify_type_names(app: Sphinx, doctree: nodes.document) -> None:
    """Point a bare name in a signature (an annotation that names a class imported only for
    type checking, ``match: Match``) at the class the module imports under that name, rather
    than at whichever class of that name the docs hold."""
    for node in doctree.findall(addnodes.pending_xref):
        module = node.get("py:module") or ""
        target = node.get("reftarget", "")
        if node.get("refdomain") != "py" or not module.startswith("cardrules"):
            continue
        if "." in target:
            if target.partition(".")[0] in _OUTSIDE:
                # the standard library's or a dependency's (no inventory is loaded): look it up
                # by its full name only, not by every object whose name ends the same way
                node.attributes.pop("refspecific", None)
            continue
        full = _imported_names(module).get(target)
        if full is not None and full.startswith("cardrules."):
            node["reftarget"] = full
        elif target in _BUILTINS:
            node.attributes.pop("refspecific", None)  # ``int``, ``str``: none of the docs


def _write_schema_files(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from cardrules.schema import schema_names, schema_of

    folder = Path(app.outdir) / "schemas"
    folder.mkdir(exist_ok=True)
    for name in schema_names():
        text = json.dumps(schema_of(name), indent=2, ensure_ascii=False) + "\n"
        (folder / f"{name}.json").write_text(text, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cardrules-error-codes", ErrorCodes)
    app.add_directive("cardrules-schema-list", SchemaList)
    app.add_directive("cardrules-schemas", Schemas)
    app.add_directive("cardrules-exports", Exports)
    app.connect("doctree-read", _qualify_type_names)
    app.connect("missing-reference", _resolve_reexport)
    app.connect("build-finished", _write_schema_files)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
