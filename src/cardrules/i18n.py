"""Words in Chinese and English: everything the judge and ``cardrules explain`` print (``--lang
zh`` / ``--lang en``) — the drawn table, verdicts, round results, refusals, what a move did —
and the names of combinations, move kinds, clauses, error codes and events.

The catalogs are TOML files shipped in the package (``cardrules/locale/<lang>.toml``). Each holds
the same sentences (``[text]``, templates such as ``"seat {seat}"``) and the names a game shows
(``[game]``, ``[variant]``, ``[case-kind]``, ``[card]``, ``[trump]``, ``[outcome]``,
``[rebellion]``, ``[detail]``). English names that the code already says are their own values —
combination names, move kinds, clause titles from ``spec/*.md``, a refusal's own sentence — so
only the Chinese catalog lists them (四幺四: 单张, 对子, 顺子, 岔, 勾, 吃, 炸弹 …;
Shengji: 拖拉机, 甩牌, 毙, 盖毙 …), with the meaning of every error code
(``[code.<game>]``, ``[error]``) and a sentence per event (``[event-line.<game>]``, filled from
the event's JSON). A name a catalog lacks falls back to English.

A template's fields may name a format: ``{cards:cards}`` (card text with suit symbols),
``{seats:seats}`` (a list of seats), ``{levels:pair}`` (``5 : 6``), ``{trump:trump}``,
``{team:team}``, ``{seat:seat}`` (a seat or nobody), ``{points:signed}`` (``+2``),
``{outcome:outcome}``, ``{effect:rebellion}`` (a name of the ``[rebellion]`` section) and
``{kind:kind}``; ``null`` reads as the catalog's ``none``.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib.resources import files

import attrs

from cardrules.errors import CardrulesError
from cardrules.multiset import Cards

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

    def text(self, key: str, /, **fields: object) -> str:
        """A sentence or word of the command line (``ruling``, ``legal``, ``table-seat`` …),
        its ``{fields}`` filled in (see the module's formats)."""
        found = self._get("text", key)
        if found is None:
            found = catalog("en")._get("text", key) if self.lang != "en" else None
        if found is None:
            return key
        return self.fill(found, fields) if fields else found

    def fill(self, template: str, fields: Mapping[str, object], game: str = "") -> str:
        """``template`` with ``fields`` filled in, in this catalog's words."""
        return _Filler(self, game).vformat(template, (), dict(fields))

    def cards(self, text: str) -> str:
        """Card text as a person reads it: suit symbols, and the jokers by the catalog's names
        (``[card]``: 大王, 小王); text that is not card notation is shown as it is."""
        shown = _pretty(text)
        names = self.table.get("card", {})
        if not names:
            return shown
        return " ".join(str(names.get(token, token)) for token in shown.split(" ")) if shown else ""

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

    def error(self, code: str) -> str | None:
        """What an error code of :data:`~cardrules.errors.ERROR_CODES` means (``None`` in
        English: the error's message says it)."""
        return self._get("error", code)

    def clause(self, clause_id: str) -> str | None:
        """A clause's title (``None`` in English: the spec's heading is the title)."""
        return self._get("clause", clause_id)

    def event(self, name: str) -> str:
        """The name of event ``name`` in this language (the name itself if the catalog lacks it)."""
        return self._get("event", name) or name

    def event_line(self, game: str, event: Mapping[str, object]) -> str | None:
        """A sentence saying what an event did, filled from its JSON (``None`` in English: the
        event describes itself)."""
        name = event.get("event")
        template = self._sub("event-line", game, name) if isinstance(name, str) else None
        return None if template is None else self.fill(template, event, game)

    def name(self, section: str, key: str) -> str:
        """A name of a section (``game``, ``variant``, ``case-kind``, ``trump``, ``outcome``,
        ``detail``), or ``key`` itself when the catalog has none."""
        return self._get(section, key) or key

    def _sub(self, section: str, game: str, key: str) -> str | None:
        inner = self.table.get(section, {}).get(game)
        if isinstance(inner, dict):
            value = inner.get(key)
            return value if isinstance(value, str) else None
        return None


class _Filler(string.Formatter):
    """Fills a catalog template: the formats of the module docstring, in the catalog's words."""

    def __init__(self, words: Catalog, game: str) -> None:
        super().__init__()
        self.words = words
        self.game = game

    def format_field(self, value: object, format_spec: str) -> str:
        words = self.words
        if value is None and format_spec != "trump":
            return words.text("none")
        if format_spec == "cards":
            return words.cards(str(value)) or words.text("none")
        if format_spec == "seats":
            seats = value if isinstance(value, Sequence) and not isinstance(value, str) else ()
            return words.text("list-sep").join(map(str, seats)) or words.text("none")
        if format_spec == "pair":
            parts = value if isinstance(value, Sequence) and not isinstance(value, str) else ()
            return " : ".join(map(str, parts))
        if format_spec == "trump":
            return words.name("trump", "none" if value is None else str(value))
        if format_spec == "team":
            return words.text("team", team=value)
        if format_spec == "seat":
            return words.text("seat", seat=value)
        if format_spec == "signed":
            return f"{value:+d}" if isinstance(value, int) else str(value)
        if format_spec in ("outcome", "rebellion"):
            return words.name(format_spec, str(value))
        if format_spec == "kind":
            return words.kind(self.game, str(value))
        return str(super().format_field(value, format_spec))


def _pretty(text: object) -> str:
    """Card text with suit symbols; text that is not card notation is shown as it is."""
    if not isinstance(text, str):
        return str(text)
    try:
        return Cards.parse(text).pretty()
    except CardrulesError:
        return text


def catalog(lang: str = "en") -> Catalog:
    """The catalog of ``lang`` (one of :data:`LANGUAGES`)."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise CardrulesError(
            f"no catalog for language {lang!r:.20}; use one of {LANGUAGES}", code="unknown-language"
        )
    return _load(lang)


@cache
def _load(lang: str) -> Catalog:
    text = (files("cardrules") / "locale" / f"{lang}.toml").read_text(encoding="utf-8")
    table = tomllib.loads(text)
    return Catalog(lang, {k: v for k, v in table.items() if isinstance(v, dict)})
