"""The bot-name resolver: a game's names, the Chinese level aliases, ``module:Class``, errors."""

from __future__ import annotations

import pytest

from cardrules.bots import RandomBot
from cardrules.cli import level_bot
from cardrules.errors import CardrulesError
from cardrules.registry import resolve_bot

BOTS = {"random": RandomBot, "hard": RandomBot}


def test_game_names_and_aliases() -> None:
    assert resolve_bot(BOTS, "random") is RandomBot
    assert resolve_bot(BOTS, "困难") is RandomBot


def test_alias_only_when_the_game_has_the_level() -> None:
    with pytest.raises(CardrulesError) as e:
        resolve_bot(BOTS, "专家")
    assert e.value.code == "unknown-bot"


def test_module_class() -> None:
    assert resolve_bot({}, "cardrules.bots:RandomBot") is RandomBot


@pytest.mark.parametrize(
    "name",
    ["nope", "no.such.module:X", "cardrules.bots:Nope", "cardrules.bots:Turn", "x" * 300, ""],
)
def test_errors(name: str) -> None:
    with pytest.raises(CardrulesError) as e:
        resolve_bot(BOTS, name)
    assert e.value.code == "unknown-bot"
    assert name[:50] in str(e.value)


def test_level_uses_the_games_own_level_once_it_has_one() -> None:
    with pytest.raises(CardrulesError, match="no hard level"):
        level_bot(("random", "heuristic"), "hard")
    assert level_bot(("random", "heuristic", "hard"), "困难") == "hard"
    with pytest.raises(CardrulesError):
        level_bot(("random",), "nope")
