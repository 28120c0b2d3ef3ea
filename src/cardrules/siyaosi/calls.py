"""The functions of :mod:`cardrules.siyaosi`'s API that take a caller's arguments, each checking
them first.

``cardrules.siyaosi.classify`` and ``beats`` are these: each refuses an argument of the wrong
type or out of range with an :class:`~cardrules.errors.ArgumentError` (code ``bad-argument``)
naming it — cards that are no :class:`~cardrules.multiset.Cards`, a table that is no
:class:`~cardrules.siyaosi.order.Table`, a seat not at the table, a combination that is no
:class:`~cardrules.siyaosi.combos.Combination` — and then calls the rule in
:mod:`~cardrules.siyaosi.combos` (``classify_counts``, ``beats_rule``), which the engines call
directly with the arguments they made themselves, so no check costs anything on a hot path.
(``round_result`` checks its arguments in :mod:`cardrules.siyaosi.result`, where the engines
call it too.)
"""

from __future__ import annotations

from cardrules import args
from cardrules.multiset import Cards, rank_counts
from cardrules.siyaosi.combos import Combination, beats_rule, classify_counts
from cardrules.siyaosi.order import Table

__all__ = ["beats", "classify"]


def classify(cards: Cards, table: Table, seat: int = 0) -> Combination | None:
    """What ``cards`` played by ``seat`` are, or ``None`` if they form no combination
    ("法无规定不可为", 4A4-COMBO-1 (Only the listed combinations exist)). The arguments are
    checked (``bad-argument``): cards, a table and one of its seats."""
    if type(cards) is not Cards:
        args.instance(cards, Cards, "cards")
    if type(table) is not Table:
        args.instance(table, Table, "table", what="a 四幺四 Table")
    if type(seat) is not int or not 0 <= seat < table.variant.players:
        seat = args.seat(seat, table.variant.players)
    return classify_counts(cards, rank_counts(cards.counts), table, seat)


def beats(top: Combination, play: Combination, table: Table) -> bool:
    """Whether ``play`` beats ``top`` standing on top of a trick, in the context of ``table``
    (its variant's switches): 4A4-BEAT-1 (Same kind, same size) … 4A4-BEAT-9 (Four 3s beat 4A4).

    Irreflexive and asymmetric; not transitive when ``four_threes_beat_4a4`` is on, 4A4-BEAT-10
    (The relation is a cycle, not an order).
    """
    args.instance(top, Combination, "top", what="a 四幺四 Combination")
    args.instance(play, Combination, "play", what="a 四幺四 Combination")
    args.instance(table, Table, "table", what="a 四幺四 Table")
    return bool(beats_rule(top, play, table))
