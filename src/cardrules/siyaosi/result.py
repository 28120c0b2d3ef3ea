"""How a 四幺四 round ended: the finishing order, the emperor, who is caught, and the outcome's
name — 4A4-ROUND-1 (Emperor, end, catching), 4A4-ROUND-2 (Sweep, reverse sweep, split),
4A4-ROUND-3 (Who rules next)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

import attrs

from cardrules import args
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document, records, same

__all__ = ["Outcome", "RoundResult", "round_result"]


class Outcome(StrEnum):
    """The one-deck names of a round's outcome, from the ruling team's view."""

    SWEEP = "sweep"  # 全洞
    REVERSE_SWEEP = "reverse-sweep"  # 反洞
    SPLIT = "split"  # 平洞


@attrs.frozen(kw_only=True)
class RoundResult:
    """How a round ended, as data for the match rules.

    ``finish``: seats in the order they went out; ``remaining``: seats still holding cards (seat
    order); ``emperor``: the first out; ``caught``: opponents of the emperor still holding cards
    when the emperor's team finished first; ``outcome``: with a ruling team, sweep (全洞),
    reverse sweep (反洞) or split (平洞), else ``None``; ``next_ruling``: the team
    that rules the next round (the emperor's). Everything but ``players``, ``finish`` and
    ``ruling`` follows from them (:func:`round_result`).
    """

    players: int
    ruling: int | None
    finish: tuple[int, ...]
    remaining: tuple[int, ...]
    emperor: int
    caught: tuple[int, ...]
    outcome: Outcome | None
    next_ruling: int

    def body(self) -> JSONObject:
        """The fields, without the document envelope (inside an event)."""
        return {
            "players": self.players,
            "ruling": self.ruling,
            "finish": list(self.finish),
            "remaining": list(self.remaining),
            "emperor": self.emperor,
            "caught": list(self.caught),
            "outcome": None if self.outcome is None else self.outcome.value,
            "next_ruling": self.next_ruling,
        }

    def to_json(self) -> JSONObject:
        """The result as a JSON document (``type = "result"``, schema ``siyaosi.result``)."""
        return document("siyaosi", "result", self.body())

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> RoundResult:
        """Read what :meth:`to_json` wrote; the derived fields must agree with ``players``,
        ``finish`` and ``ruling``."""
        return cls.read(open_document(data, "siyaosi", "result"))

    @classmethod
    def read(cls, reader: Reader, players: int | None = None) -> RoundResult:
        """The result a JSON document's fields describe: read from ``players`` (those of the
        table, when it is known), ``ruling`` and ``finish``, the other fields recomputed and
        compared."""
        players = reader.integer("players", players or 4, players or 8)
        ruling = reader.opt_integer("ruling", 0, 1)
        finish = reader.ints("finish", None, 0, players - 1)
        with reader.reading():
            result = round_result(players, finish, ruling)
        written = result.body()
        given = reader.body_of(("players", "ruling", "finish"))
        derived = {k: v for k, v in written.items() if k not in ("players", "ruling", "finish")}
        if not same(given, derived):
            raise reader.bad("finish", list(finish), "the other fields do not follow from it")
        return result


def _structure(value: object, _type: object) -> RoundResult:
    if not isinstance(value, Mapping):
        raise TypeError("a round result is an object")
    return RoundResult.read(Reader(value, "四幺四 round result"))


records.register_unstructure_hook(RoundResult, RoundResult.body)
records.register_structure_hook(RoundResult, _structure)


@implements("4A4-ROUND-1", "4A4-ROUND-2")
def round_result(players: int, finish: tuple[int, ...], ruling: int | None) -> RoundResult:
    """The result of a round that ended with ``finish`` (seats out in order).

    Raises :class:`~cardrules.errors.CardrulesError` if no team is all out yet, and for
    arguments that are not a table size 4 … 8, seats and a team (``bad-argument``).
    """
    players = args.integer(players, 4, 8, "players", what="the number of players")
    if not isinstance(finish, tuple | list) or any(type(s) is not int for s in finish):
        raise ArgumentError(f"a tuple of seats, got {args.shown(finish)}", key="finish")
    finish = tuple(finish)
    if ruling is not None and (type(ruling) is not int or ruling not in (0, 1)):
        raise ArgumentError(f"team 0, team 1 or None, got {args.shown(ruling)}", key="ruling")
    if len(set(finish)) != len(finish) or any(not 0 <= s < players for s in finish):
        raise CardrulesError(f"finish must list distinct seats 0..{players - 1}, got {finish}")
    done = [all(s in finish for s in range(team, players, 2)) for team in (0, 1)]
    if not any(done) or not finish:
        raise CardrulesError(
            f"no team is all out after {list(finish)}: the round is not over", code="not-over"
        )
    emperor = finish[0]
    team = emperor % 2
    remaining = tuple(s for s in range(players) if s not in finish)
    caught = tuple(s for s in remaining if s % 2 != team) if done[team] else ()
    outcome: Outcome | None = None
    if ruling is not None:
        first_half = {s % 2 for s in (finish + remaining)[: players // 2]}
        if first_half == {ruling}:
            outcome = Outcome.SWEEP
        elif len(first_half) == 1:
            outcome = Outcome.REVERSE_SWEEP
        else:
            outcome = Outcome.SPLIT
    return RoundResult(
        players=players,
        ruling=ruling,
        finish=finish,
        remaining=remaining,
        emperor=emperor,
        caught=caught,
        outcome=outcome,
        next_ruling=team,
    )
