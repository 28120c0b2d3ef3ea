"""Games are plugins (issue 20): a game registers through an entry point of the group
``cardrules.games``; the two built-in games are declared the same way, and found without an
install; a broken plugin is refused with an error naming its entry point and never stops the
other games. The entry points are faked here (the shared install's metadata is not this
checkout's)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import types
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import attrs
import pytest

from cardrules import plugins
from cardrules.errors import CardrulesError, VariantError
from cardrules.registry import (
    Game,
    GameEntry,
    all_games,
    game_named,
    game_names,
    register,
    unregister,
)

ROOT = Path(__file__).resolve().parents[2]
SIYAOSI = game_named("siyaosi")


def _point(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=plugins.GROUP)


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch) -> Iterator[plugins._Table]:
    """A table that has not looked for plugins yet, holding the built-in games (already
    imported, so their modules register nothing again)."""
    games: dict[str, Game] = {game.name: game for game in all_games()}
    fresh = plugins._Table(games=games)
    monkeypatch.setattr(plugins, "_TABLE", fresh)
    yield fresh


def _toy(name: str = "toy", *, events: bool = True) -> Game:
    """A game of another name that reuses the built-in 四幺四's parts (without its event
    classes when ``events`` is false)."""
    assert isinstance(SIYAOSI, GameEntry)
    kept = SIYAOSI.events if events else ()
    return attrs.evolve(SIYAOSI, name=name, title=f"a toy game ({name})", events=kept)


def _fake_module(monkeypatch: pytest.MonkeyPatch, name: str, **members: object) -> None:
    module = types.ModuleType(name)
    for key, value in members.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)


def _installed(monkeypatch: pytest.MonkeyPatch, *points: EntryPoint) -> None:
    monkeypatch.setattr(plugins, "entry_points", lambda group: list(points) if group else [])


def test_the_built_in_games_are_declared_as_entry_points_in_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][plugins.GROUP]
    assert list(declared.items()) == [(p.name, p.value) for p in plugins.BUILTIN]
    for name, value in declared.items():
        _point(name, value).load()  # the module, which registered its game
        assert game_named(name).name == name


def test_the_members_a_plugin_needs_are_those_of_the_game_protocol() -> None:
    members = {n for n in vars(Game) if not n.startswith("_")}
    assert set(plugins.GAME_MEMBERS) == members


def test_a_third_game_registers_through_its_entry_point(
    table: plugins._Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    toy = _toy()
    _fake_module(monkeypatch, "toy_game", GAME=toy)
    _installed(monkeypatch, _point("toy", "toy_game:GAME"), *plugins.BUILTIN)
    assert [g.name for g in all_games()] == ["siyaosi", "shengji", "toy"]
    assert game_named("toy") is toy
    with pytest.raises(VariantError) as caught:
        game_named("toi")
    assert caught.value.code == "unknown-game"
    assert caught.value.allowed == ("shengji", "siyaosi", "toy")


def test_a_plugin_module_that_registers_its_game_on_import(
    table: plugins._Table, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "toy_module_game.py").write_text(
        "from cardrules.registry import game_named, register\n"
        "import attrs\n"
        "register(attrs.evolve(game_named('siyaosi'), name='toy2'))\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "toy_module_game", raising=False)
    _installed(monkeypatch, _point("toy2", "toy_module_game"))
    assert game_named("toy2").name == "toy2"
    assert [g.name for g in all_games()] == ["siyaosi", "shengji", "toy2"]


BROKEN = {
    "missing": ("no_such_plugin_module:GAME", "fails to load: ModuleNotFoundError"),
    "number": ("toy_broken:NUMBER", "which is not a game"),
    "misnamed": ("toy_broken:TOY", "loads the game 'toy', not one of its own name"),
    "silent": ("toy_broken", "registers no game of its name"),
    "noevents": ("toy_broken:NO_EVENTS", "cannot register: the game 'noevents' lists no event"),
}


def test_a_broken_plugin_is_refused_naming_its_entry_point_and_the_others_still_work(
    table: plugins._Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_events = _toy("noevents", events=False)
    _fake_module(monkeypatch, "toy_broken", NUMBER=42, TOY=_toy(), NO_EVENTS=no_events)
    points = [_point(name, value) for name, (value, _) in BROKEN.items()]
    _installed(monkeypatch, *points, *plugins.BUILTIN)
    with pytest.warns(plugins.PluginWarning) as warned:
        names = [g.name for g in all_games()]
    assert names == ["siyaosi", "shengji"]
    messages = [str(w.message) for w in warned]
    for name, (value, problem) in BROKEN.items():
        [message] = [m for m in messages if f"'{name} = {value}'" in m]
        assert problem in message
        with pytest.raises(plugins.PluginError) as caught:
            game_named(name)
        assert caught.value.code == "bad-plugin"
        assert caught.value.entry_point == f"'{name} = {value}'"
        assert problem in str(caught.value)
        assert caught.value.to_json()["entry_point"] == f"'{name} = {value}'"
    assert game_named("siyaosi").name == "siyaosi"
    assert game_named("shengji").name == "shengji"


def test_a_second_game_of_a_name_is_refused_and_the_built_in_one_kept(
    table: plugins._Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    impostor = _toy("siyaosi")
    _fake_module(monkeypatch, "impostor_game", GAME=impostor, TOY=_toy(), TOY2=_toy())
    # listed first, the impostor still comes after the built-in game of its name
    points = [_point("siyaosi", "impostor_game:GAME"), *plugins.BUILTIN]
    points += [_point("toy", "impostor_game:TOY"), _point("toy", "impostor_game:TOY2")]
    _installed(monkeypatch, *points)
    with pytest.warns(plugins.PluginWarning) as warned:
        games = all_games()
    assert [g.name for g in games] == ["siyaosi", "shengji", "toy"]
    assert game_named("siyaosi") is not impostor
    assert game_named("toy").title == "a toy game (toy)"
    messages = sorted(str(w.message) for w in warned)
    assert len(messages) == 2
    assert "'siyaosi = impostor_game:GAME'" in messages[0]
    assert (
        "names a second game 'siyaosi' (the first: 'siyaosi = cardrules.siyaosi')" in (messages[0])
    )
    assert "'toy = impostor_game:TOY2' names a second game 'toy'" in messages[1]
    with pytest.raises(CardrulesError) as caught:
        register(impostor)
    assert caught.value.code == "bad-game"


def test_the_built_in_games_are_found_without_any_entry_point(
    table: plugins._Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    _installed(monkeypatch)
    assert [g.name for g in all_games()] == ["siyaosi", "shengji"]


def test_a_source_checkout_without_an_install_finds_both_games() -> None:
    """In a fresh interpreter where no distribution declares an entry point, the fallback
    imports the built-in games' packages (nothing had imported them before)."""
    script = (
        "import importlib.metadata as m, sys\n"
        "m.entry_points = lambda **kw: m.EntryPoints(())\n"
        "from cardrules import plugins\n"
        "from cardrules.events import check_event_classes\n"
        "assert 'cardrules.siyaosi' not in sys.modules\n"
        "print(' '.join(g.name for g in plugins.all_games(check_event_classes)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["siyaosi", "shengji"]


def test_a_game_registered_for_a_while_is_taken_back_out(table: plugins._Table) -> None:
    toy = _toy("toy3")
    register(toy)
    assert game_named("toy3") is toy
    unregister("toy3")
    assert "toy3" not in {g.name for g in all_games()}
    for name in ("toy3", 7):
        with pytest.raises(VariantError) as caught:
            unregister(name)  # type: ignore[arg-type]
        assert caught.value.code == "unknown-game"


def test_the_command_line_offers_a_plugin_game(
    table: plugins._Table, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.cli import main

    _fake_module(monkeypatch, "toy_cli_game", GAME=_toy())
    _installed(monkeypatch, _point("toy", "toy_cli_game:GAME"))
    assert game_names() == ("siyaosi", "shengji", "toy")
    # the choice is taken (the toy reuses 四幺四's preset files, which name their own game)
    assert main(["variant", "list", "--game", "toy"]) == 2
    assert "a toy one is needed" in capsys.readouterr().err
    assert main(["variant", "list", "--game", "toi"]) == 2
    assert "invalid choice: 'toi' (choose from 'siyaosi', 'shengji', 'toy')" in (
        capsys.readouterr().err
    )
