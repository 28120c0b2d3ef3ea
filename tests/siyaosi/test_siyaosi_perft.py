"""Perft for 四幺四: from fixed positions, the number of legal moves and of two-move sequences,
compared with ``perft_siyaosi.txt``; on a mismatch the test prints a "divide" (the count after
each first move) so the difference can be traced.

File format: blocks separated by blank lines; ``id NAME``, ``variant PRESET``, then either
``seed N`` (a fresh deal) or ``position JSON`` (a ``[position]`` table as JSON), optional
``moves M1; M2; …``, then ``perft DEPTH COUNT`` lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.position import load_position
from cardrules.siyaosi import State

PERFT = Path(__file__).with_name("perft_siyaosi.txt")


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    moves = list(state.legal_moves())
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply(m), depth - 1) for m in moves)


def divide(state: State, depth: int) -> str:
    return "\n".join(f"  {m}: {perft(state.apply(m), depth - 1)}" for m in state.legal_moves())


def _blocks() -> list[dict[str, list[str]]]:
    blocks = []
    for chunk in PERFT.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, list[str]] = {}
        for line in chunk.strip().splitlines():
            if line.startswith("#") or not line.strip():
                continue
            key, _, value = line.partition(" ")
            fields.setdefault(key, []).append(value.strip())
        if fields:
            blocks.append(fields)
    return blocks


def _start(block: dict[str, list[str]]) -> State:
    if "seed" in block:
        state = State.new(block["variant"][0], seed=int(block["seed"][0]))
    else:
        table = json.loads(block["position"][0])
        state = State.from_position(load_position(table))
    for text in block.get("moves", [""])[0].split(";"):
        if text.strip():
            state = state.apply(state.parse_move(text.strip()))
    return state


BLOCKS = _blocks()


@pytest.mark.parametrize("block", BLOCKS, ids=[b["id"][0] for b in BLOCKS])
def test_perft(block: dict[str, list[str]]) -> None:
    state = _start(block)
    for line in block["perft"]:
        depth, expected = (int(x) for x in line.split())
        got = perft(state, depth)
        if got != expected:
            pytest.fail(
                f"perft {depth}: expected {expected}, got {got}\ndivide:\n{divide(state, depth)}",
                pytrace=False,
            )
