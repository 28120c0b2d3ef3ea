"""Running cases (``cardrules spec``, pytest) and ruling on disputes (``cardrules judge``)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules.cases.adapter import CaseAdapter, UnsupportedCase
from cardrules.cases.clauses import Clause
from cardrules.cases.model import Case
from cardrules.errors import CardrulesError, Illegal
from cardrules.multiset import Cards
from cardrules.notation import MoveText, parse_move_text
from cardrules.registry import game_named

__all__ = ["Outcome", "Ruling", "adapter_for", "judge_case", "rule_on", "run_case"]


def adapter_for(game: str) -> CaseAdapter:
    """The case hooks of ``game`` (from the game registry)."""
    return game_named(game).adapter


@attrs.frozen
class Ruling:
    """What the engine says about a case: the answer (as the case would write its ``expect``), the
    reason when a move is illegal, and the observed ``then`` values."""

    answer: object
    reason: Illegal | None = None
    observed: Mapping[str, object] = attrs.field(factory=dict)
    problem: str = ""  # a move before the last was illegal, or the case could not be ruled on


@attrs.frozen
class Outcome:
    case: Case
    passed: bool
    expected: str
    got: str


def _move_text(case: Case, key: str) -> MoveText:
    value = case.data[key]
    if not isinstance(value, str):
        raise CardrulesError(f"{key} must be 'SEAT: CARDS', got {value!r}", code="bad-case-file")
    return parse_move_text(value)


def rule_on(case: Case) -> Ruling:
    """The engine's ruling on a case (no comparison with ``expect``)."""
    adapter = adapter_for(case.position.game)
    try:
        if case.kind == "classify":
            return Ruling(adapter.classify(case.position, _move_text(case, "cards")))
        if case.kind == "beats":
            top, play = _move_text(case, "top"), _move_text(case, "play")
            return Ruling(adapter.beats(case.position, top, play))
        if case.kind == "play":
            return _rule_on_play(adapter, case)
        if case.kind == "round":
            return Ruling("done", observed=dict(adapter.round(case.position, case.data)))
    except UnsupportedCase as err:
        return Ruling(None, problem=f"unsupported: {err}")
    except CardrulesError as err:
        return Ruling(None, problem=f"error: {err}")
    raise AssertionError(case.kind)  # pragma: no cover - the loader checks kinds


def _rule_on_play(adapter: CaseAdapter, case: Case) -> Ruling:
    moves = case.data["moves"]
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise CardrulesError("moves must be a non-empty list of move texts", code="bad-case-file")
    then = case.data.get("then", {})
    for key in then:
        if key not in adapter.then_keys:
            raise UnsupportedCase(f"then key {key!r} is not checked for {case.position.game}")
    keys = list(then) if then else sorted(adapter.then_keys)
    view = case.data.get("view")
    if view is not None and (
        isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < case.position.players
    ):
        raise CardrulesError(
            f"view must be a seat 0..{case.position.players - 1}, got {view!r}",
            code="bad-case-file",
        )
    played = adapter.play(case.position, moves, keys, view)
    if played.problem:
        return Ruling(None, played.illegal, problem=played.problem)
    if played.illegal is not None:
        return Ruling("illegal", played.illegal)
    return Ruling("legal", observed=played.observed)


def _normalise(key: str, value: object) -> object:
    if key == "top":
        if value is None:
            return Cards()
        return Cards.parse(value) if isinstance(value, str) else value
    if key == "shown" and isinstance(value, str):  # distinct cards: each once, in any order
        return Cards.of(Cards.parse(value).distinct())
    if isinstance(value, list):
        return tuple(_normalise(key, v) for v in value)
    return value


def _show(value: object) -> str:
    if isinstance(value, Cards):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def run_case(case: Case) -> Outcome:
    """Rule on a case and compare with its ``expect``, ``error`` and ``then``. A case whose
    expected values cannot be read (``[case.then] top = "ZZ"``) fails alone; the run goes on."""
    try:
        return _compare(case)
    except CardrulesError as err:
        return Outcome(case, False, "values the runner can read", f"error: {err}")


def _compare(case: Case) -> Outcome:
    ruling = rule_on(case)
    expected_parts = [] if case.kind == "round" else [_show(case.expect)]
    if "error" in case.data:
        expected_parts.append(f"error {case.data['error']}")
    then = case.data.get("then", {})
    expected_parts += [f"{k} = {_show(_normalise(k, v))}" for k, v in then.items()]
    expected = ", ".join(expected_parts)
    if ruling.problem:
        return Outcome(case, False, expected, ruling.problem)
    got_parts = [] if case.kind == "round" else [_show(ruling.answer)]
    ok = case.kind == "round" or ruling.answer == case.expect
    if "error" in case.data:
        code = ruling.reason.code if ruling.reason else None
        got_parts.append(f"error {code}")
        ok = ok and code == case.data["error"]
    if ruling.reason is not None and "error" not in case.data:
        got_parts.append(f"({ruling.reason})")
    for key, want in then.items():
        have = ruling.observed.get(key)
        if key not in ruling.observed:
            got_parts.append(f"{key} not computed")
            ok = False
            continue
        got_parts.append(f"{key} = {_show(have)}")
        ok = ok and _normalise(key, want) == have
    return Outcome(case, ok, expected, ", ".join(got_parts))


def judge_case(case: Case, clauses: Mapping[str, Clause]) -> list[str]:
    """Lines a player can read: the ruling, the reason, and the clauses with their titles."""
    ruling = rule_on(case)
    lines = [f"{case.path.name} :: {case.id} ({case.kind})"]
    if case.note:
        lines.append(f"  situation: {case.note}")
    if ruling.problem:
        lines.append(f"  cannot rule: {ruling.problem}")
    else:
        lines.append(f"  ruling: {_show(ruling.answer)}")
    cited = list(case.rules)
    if ruling.reason is not None:
        lines.append(f"  reason: {ruling.reason.message} (code {ruling.reason.code})")
        if ruling.reason.clause not in cited:
            cited.insert(0, ruling.reason.clause)
    for key, value in ruling.observed.items():
        lines.append(f"  then {key} = {_show(value)}")
    for clause_id in cited:
        clause = clauses.get(clause_id)
        title = clause.title if clause else "(not a clause of this project's spec)"
        lines.append(f"  clause {clause_id}: {title}")
    return lines
