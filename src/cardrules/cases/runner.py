"""Running cases (``cardrules spec``, pytest) and the engine's answer to a case, which the judge
(:mod:`cardrules.judge`) writes up for people and services."""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from cardrules import args
from cardrules.cases.adapter import CaseAdapter, UnsupportedCase
from cardrules.cases.model import Case
from cardrules.errors import CardrulesError, Illegal, VariantError
from cardrules.multiset import Cards
from cardrules.notation import MoveText, parse_move_text
from cardrules.registry import game_named
from cardrules.variant import switches_of

__all__ = ["Outcome", "Ruling", "adapter_for", "refusal_keys", "rule_on", "run_case"]


def adapter_for(game: str) -> CaseAdapter:
    """The case hooks of ``game`` (from the game registry)."""
    return game_named(game).adapter


@attrs.frozen
class Ruling:
    """What the engine says about a case: the answer (as the case would write its ``expect``;
    ``"done"`` for a round), the reason when a move is illegal, the refusal when a variant is
    refused, and the observed values (a ``play`` case's ``then`` keys; everything a ``round``
    computes; a refused variant's ``keys``). ``problem`` says why the case could not be ruled
    on, and ``error`` is the error that stopped it (a move that cannot be read …), so a judge
    can report its code."""

    answer: object
    reason: Illegal | None = None
    observed: Mapping[str, object] = attrs.field(factory=dict)
    problem: str = ""  # a move before the last was illegal, or the case could not be ruled on
    error: CardrulesError | None = None
    refusal: VariantError | None = None


@attrs.frozen
class Outcome:
    """The result of running one case: whether it passed, and what was expected and what the engine
    said, as text for a failure line."""

    case: Case
    passed: bool
    expected: str
    got: str


def _move_text(case: Case, key: str) -> MoveText:
    value = case.data[key]
    if not isinstance(value, str):
        raise CardrulesError(
            f"{key} must be 'SEAT: CARDS', got {value!r:.60}", code="bad-case-file"
        )
    return parse_move_text(value)


# A hint after a refusal ("; did you mean 'cha'?") names a switch it does not refuse.
_HINT = re.compile(r"; did you mean .*?\?")


def refusal_keys(refusal: VariantError, game: str) -> tuple[str, ...]:
    """The switch names a variant's refusal names: the key it is about, then every switch of
    ``game`` its message quotes (``'decks'``), in the order the game declares them."""
    args.instance(refusal, VariantError, "refusal", what="a variant's refusal")
    entry = game_named(game)
    detail = _HINT.sub("", refusal.detail)
    names = [refusal.key] if refusal.key else []
    for field in switches_of(entry.variant_class):
        if field.name not in names and f"'{field.name}'" in detail:
            names.append(field.name)
    return tuple(names)


def rule_on(case: Case) -> Ruling:
    """The engine's ruling on a case (no comparison with ``expect``). A case that cannot be ruled
    on — a move that cannot be read, a seat out of range, a check the engine does not implement —
    is a ruling with ``problem`` and ``error`` set, never an exception: one bad case fails
    alone."""
    args.instance(case, Case, "case", what="a loaded case")
    try:
        if case.kind == "variant":
            if case.refusal is None:
                return Ruling("playable")
            keys = refusal_keys(case.refusal, case.game)
            return Ruling("refused", observed={"keys": keys}, refusal=case.refusal)
        adapter = adapter_for(case.position.game)
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
        return Ruling(None, problem=f"unsupported: {err}", error=err)
    except CardrulesError as err:
        return Ruling(None, problem=f"error {err.code}: {err}", error=err)
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
    for key in ("unseen", "voids"):
        if key in then and view is None:
            raise CardrulesError(
                f"then key {key!r} is a seat's card tracker: give the case a view",
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
    if key == "unseen" and isinstance(value, str):
        return Cards.parse(value)
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
    expected values cannot be read (``[case.then] top = "ZZ"``) fails alone; the run goes on.
    Anything else than a loaded case is refused (``bad-argument``)."""
    args.instance(case, Case, "case", what="a loaded case")
    try:
        return _compare(case)
    except CardrulesError as err:
        return Outcome(case, False, "values the runner can read", f"error: {err}")


def _compare(case: Case) -> Outcome:
    ruling = rule_on(case)
    expected_parts = [] if case.kind == "round" else [_show(case.expect)]
    if "error" in case.data:
        expected_parts.append(f"error {case.data['error']}")
    if "keys" in case.data:
        expected_parts.append(f"naming {_show(_normalise('keys', case.data['keys']))}")
    then = case.data.get("then", {})
    expected_parts += [f"{k} = {_show(_normalise(k, v))}" for k, v in then.items()]
    expected = ", ".join(expected_parts)
    if ruling.problem:
        return Outcome(case, False, expected, ruling.problem)
    got_parts = [] if case.kind == "round" else [_show(ruling.answer)]
    ok = case.kind == "round" or ruling.answer == case.expect
    if "error" in case.data:
        refused = ruling.reason or ruling.refusal
        code = refused.code if refused else None
        got_parts.append(f"error {code}")
        ok = ok and code == case.data["error"]
    if "keys" in case.data:
        observed = ruling.observed.get("keys", ())
        named = observed if isinstance(observed, tuple) else ()
        got_parts.append(f"naming {_show(named)}")
        ok = ok and all(key in named for key in case.data["keys"])
    if ruling.reason is not None and "error" not in case.data:
        got_parts.append(f"({ruling.reason})")
    if ruling.refusal is not None and "error" not in case.data:
        got_parts.append(f"({ruling.refusal})")
    for key, want in then.items():
        have = ruling.observed.get(key)
        if key not in ruling.observed:
            got_parts.append(f"{key} not computed")
            ok = False
            continue
        got_parts.append(f"{key} = {_show(have)}")
        ok = ok and _normalise(key, want) == have
    return Outcome(case, ok, expected, ", ".join(got_parts))
