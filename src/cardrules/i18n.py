"""Names in Chinese and English: combination names, move kinds, clause titles, refusals, events
and the words of the command line (``--lang zh`` / ``--lang en``).

The catalogs are TOML files shipped in the package (``cardrules/locale/<lang>.toml``). English is
what the code already says — combination names and move kinds are their values, clause titles
come from ``spec/*.md``, refusals carry their own sentence — so the English catalog holds only
the command line's words; the Chinese one names everything (四幺四: 单张, 对子, 顺子, 岔, 勾, 吃,
炸弹 …; Shengji: 拖拉机, 甩牌, 毙, 盖毙 …). A name a catalog lacks falls back to English.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files

import attrs

from cardrules.errors import CardrulesError

__all__ = ["LANGUAGES", "Catalog", "catalog"]

#: The languages the command line speaks.
LANGUAGES = ("en", "zh")


@attrs.frozen
class Catalog:
    """The names of one language. Every lookup falls back to English (``None`` or the name
    itself) when the catalog lacks it."""

    lang: str
    table: dict[str, dict[str, object]]

    def _get(self, section: str, key: str) -> str | None:
        value = self.table.get(section, {}).get(key)
        return value if isinstance(value, str) else None

    def text(self, key: str) -> str:
        """A word of the command line (``ruling``, ``legal`` …)."""
        found = self._get("text", key)
        if found is not None:
            return found
        return catalog("en").text(key) if self.lang != "en" else key

    def combination(self, game: str, name: str) -> str:
        """The name of ``game``'s combination ``name`` in this language (the name itself if the
        catalog lacks it)."""
        return self._sub("combination", game, name) or name

    def kind(self, game: str, kind: str) -> str:
        """The name of ``game``'s move kind ``kind`` in this language (the kind itself if the
        catalog lacks it)."""
        return self._sub("kind", game, kind) or kind

    def code(self, game: str, code: str) -> str | None:
        """What a refusal's code means (``None`` in English: the refusal says it)."""
        return self._sub("code", game, code)

    def clause(self, clause_id: str) -> str | None:
        """A clause's title (``None`` in English: the spec's heading is the title)."""
        return self._get("clause", clause_id)

    def event(self, name: str) -> str:
        """The name of event ``name`` in this language (the name itself if the catalog lacks it)."""
        return self._get("event", name) or name

    def _sub(self, section: str, game: str, key: str) -> str | None:
        inner = self.table.get(section, {}).get(game)
        if isinstance(inner, dict):
            value = inner.get(key)
            return value if isinstance(value, str) else None
        return None


@cache
def catalog(lang: str = "en") -> Catalog:
    """The catalog of ``lang`` (one of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise CardrulesError(
            f"no catalog for language {lang!r:.20}; use one of {LANGUAGES}", code="unknown-language"
        )
    text = (files("cardrules") / "locale" / f"{lang}.toml").read_text(encoding="utf-8")
    table = tomllib.loads(text)
    return Catalog(lang, {k: v for k, v in table.items() if isinstance(v, dict)})
