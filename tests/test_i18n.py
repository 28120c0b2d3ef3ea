"""The Chinese catalog names everything a game can show: every clause, every error code, every
combination, move kind and event of both games."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import CardrulesError, shengji, siyaosi
from cardrules.cases import clause_index
from cardrules.errors import ERROR_CODES
from cardrules.i18n import catalog

ZH = catalog("zh")
SPEC = Path(__file__).resolve().parent.parent / "spec"


def test_every_clause_of_the_spec_is_in_the_chinese_spec() -> None:
    """``spec/zh/*.md`` holds every clause of ``spec/*.md`` under the same id, and no other:
    the judge and ``explain --lang zh`` print a clause's Chinese title and text from it."""
    english, chinese = clause_index(SPEC), clause_index(SPEC, lang="zh")
    assert sorted(set(english) - set(chinese)) == [], "clauses without a Chinese text"
    assert sorted(set(chinese) - set(english)) == [], "Chinese clauses the spec does not have"
    assert [cid for cid, c in chinese.items() if not c.text] == []
    assert {c.file for c in chinese.values()} <= {c.file for c in english.values()}


def test_every_error_code_has_a_chinese_meaning() -> None:
    assert [code for code in ERROR_CODES if not ZH.error(code)] == []


def test_every_clause_has_a_chinese_title() -> None:
    missing = [cid for cid in clause_index() if not ZH.clause(cid)]
    assert not missing


@pytest.mark.parametrize(
    ("game", "codes", "names", "kinds", "events"),
    [
        ("siyaosi", siyaosi.CODES, siyaosi.COMBINATION_NAMES, siyaosi.MoveKind, siyaosi.EVENTS),
        ("shengji", shengji.CODES, shengji.CombinationName, shengji.MoveKind, shengji.EVENTS),
    ],
)
def test_every_name_of_a_game_has_a_chinese_word(
    game: str, codes: object, names: object, kinds: object, events: object
) -> None:
    from collections.abc import Iterable

    assert isinstance(codes, Iterable) and isinstance(names, Iterable)
    assert isinstance(kinds, Iterable) and isinstance(events, Iterable)
    assert [c.name for c in codes if not ZH.code(game, c.name)] == []
    assert [n for n in names if ZH.combination(game, n) == n] == []
    assert [k for k in kinds if ZH.kind(game, k) == k] == []
    assert [e.NAME for e in events if ZH.event(e.NAME) == e.NAME] == []


def test_english_falls_back_to_the_code_and_the_spec() -> None:
    en = catalog("en")
    assert en.clause("4A4-BEAT-9") is None and en.code("siyaosi", "not-your-turn") is None
    assert en.combination("shengji", "tractor") == "tractor" and en.text("ruling") == "ruling"
    assert ZH.text("no-such-word") == "no-such-word"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(CardrulesError):
        catalog("fr")
