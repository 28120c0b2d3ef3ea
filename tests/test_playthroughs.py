"""Golden playthroughs: whole seeded rounds replayed move by move (see cardrules.playthrough).

A change that alters a ruling, the listing of moves or the deal shows up here as a diff of the
record. After checking that the change is intended, rewrite the records with
``python tests/test_playthroughs.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.playthrough import record, replay

HERE = Path(__file__).resolve().parent / "playthroughs"
RECORDS = [
    ("siyaosi", "classic", 7),
    ("siyaosi", "one-deck", 11),
    ("shengji", "four-deck", 3),
]


def _path(game: str, variant: str, seed: int) -> Path:
    return HERE / f"{game}-{variant}-seed{seed}.txt"


@pytest.mark.parametrize(("game", "variant", "seed"), RECORDS)
def test_playthrough_replays(game: str, variant: str, seed: int) -> None:
    problems = replay(_path(game, variant, seed).read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems[:10])


@pytest.mark.parametrize(("game", "variant", "seed"), RECORDS)
def test_playthrough_is_what_random_play_records(game: str, variant: str, seed: int) -> None:
    assert record(game, variant, seed) == _path(game, variant, seed).read_text(encoding="utf-8")


if __name__ == "__main__":
    for game, variant, seed in RECORDS:
        _path(game, variant, seed).write_text(record(game, variant, seed), encoding="utf-8")
        print("wrote", _path(game, variant, seed))
