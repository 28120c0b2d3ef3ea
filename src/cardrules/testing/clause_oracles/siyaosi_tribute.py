"""The 四幺四 tribute: who pays, 4A4-TRIB-1 (Who pays tribute); the card a payer owes, 4A4-TRIB-2
(The tribute card); which receiver takes which tribute, 4A4-TRIB-3 (Pairing tributes with
receivers); and the reversed tribute after a rebellion, 4A4-TRIB-5 (Rebellion).

The model: seats are the ints ``0 … players - 1`` in playing order and seat ``s`` is on team
``s % 2``, 4A4-TABLE-2 (Seats and teams); a round's finishing order is the seats in the order
they went out (the emperor first), optionally followed by the seats left holding cards; a card is
its text (``"10H"``, ``"SJ"``, ``"BJ"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = [
    "NATURAL",
    "caught",
    "pair_reversed",
    "pair_tributes",
    "places",
    "reversed_tribute",
    "tribute_due",
    "tribute_value",
    "who_pays",
    "who_receives",
]

#: 四幺四's natural order of ranks, low to high, 4A4-RANK-1 (Natural order).
NATURAL = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def tribute_value(card: str, level: str | None, promoted: bool) -> int:
    """How high ``card`` ranks as a single in the receivers' hands, 4A4-RANK-1 (Natural order)
    and 4A4-RANK-2 (The level card): the natural order, with the coming round's level card
    ``level`` above the 2 and below the small joker when ``promoted``; 4A4-RANK-4 (Level 2
    promotes nothing). Higher is better."""
    rank = card if card in ("SJ", "BJ") else card[:-1]
    if rank == "BJ":
        return 16
    if rank == "SJ":
        return 15
    if promoted and level is not None and level != "2" and rank == level:
        return 14  # above the 2 (13), below the small joker
    return NATURAL.index(rank) + 1


def tribute_due(
    hand: Sequence[str], level: str | None, promoted: bool, excluded: Sequence[str]
) -> set[str]:
    """The cards a 四幺四 payer holding ``hand`` (card texts: ``"10H"``, ``"SJ"``) may pay, as
    4A4-TRIB-2 (The tribute card) says: its highest card as it will rank in the receivers' hands
    in the coming round — the coming round's level card ``level`` above the 2 and below the
    jokers when ``promoted`` (the receivers rule the round, or every seat's level cards are
    promoted), 4A4-RANK-2 (The level card) — leaving out the ranks of ``excluded``; any suit of
    the highest rank; none when every card is excluded."""

    def rank_of(card: str) -> str:
        return card if card in ("SJ", "BJ") else card[:-1]

    allowed = [c for c in hand if rank_of(c) not in excluded]
    if not allowed:
        return set()
    top = max(tribute_value(c, level, promoted) for c in allowed)
    return {c for c in allowed if tribute_value(c, level, promoted) == top}


def _after_emperor(seat: int, emperor: int, players: int) -> int:
    """Where ``seat`` comes in playing order counted from the seat after the emperor (that seat
    is 0, the emperor last), 4A4-TABLE-2 (Seats and teams)."""
    return (seat - emperor - 1) % players


def places(finish: Sequence[int], players: int) -> tuple[int, ...]:
    """Every seat in order of places, best first: the seats of ``finish`` in the order they went
    out, then those left holding cards in playing order from the seat after the emperor (the
    seed-silent note of 4A4-TRIB-1 (Who pays tribute)); 4A4-ROUND-2 (Sweep, reverse sweep,
    split) gives the holders the remaining places."""
    emperor = finish[0]
    left = sorted(
        (s for s in range(players) if s not in finish),
        key=lambda s: _after_emperor(s, emperor, players),
    )
    return (*finish, *left)


def caught(finish: Sequence[int], players: int) -> tuple[int, ...]:
    """The caught seats, 4A4-ROUND-1 (Emperor, end, catching): the round ends as soon as one
    team has all its players out; if that team is the emperor's (the first seat out), every
    opponent still holding cards then is caught, else nobody is. In playing order from the seat
    after the emperor."""
    emperor = finish[0]
    out: list[int] = []
    for seat in finish:
        out.append(seat)
        done = [t for t in (0, 1) if all(s in out for s in range(t, players, 2))]
        if done:
            if done[0] != emperor % 2:
                return ()
            holding = [s for s in range(players) if s not in out]
            return tuple(sorted(holding, key=lambda s: _after_emperor(s, emperor, players)))
    # a finish that stops before either team is out: nobody has been caught yet
    return ()


def who_pays(finish: Sequence[int], players: int, tribute: str) -> tuple[int, ...]:
    """The seats that owe tribute after the round that finished in ``finish``, 4A4-TRIB-1 (Who
    pays tribute), in the order they pay — playing order from the seat after the emperor,
    4A4-TRIB-7 (The order of the tribute phase). ``tribute``: ``"caught"`` — every caught seat
    (4A4-ROUND-1 (Emperor, end, catching)); ``"places"`` — after a sweep or a reverse sweep (the
    first half of the places all on the emperor's team, 4A4-ROUND-2 (Sweep, reverse sweep,
    split)) every seat of the other team, after a split the emperor's worst-placed opponent
    (the last-placed seat when it is an opponent, else the 3rd at four players); ``"off"`` —
    nobody."""
    emperor = finish[0]
    team = emperor % 2
    order = places(finish, players)
    if tribute == "off":
        return ()
    if tribute == "caught":
        return caught(finish, players)
    assert tribute == "places", tribute
    if all(s % 2 == team for s in order[: players // 2]):
        payers = [s for s in range(players) if s % 2 != team]
    else:
        payers = [[s for s in order if s % 2 != team][-1]]
    return tuple(sorted(payers, key=lambda s: _after_emperor(s, emperor, players)))


def who_receives(finish: Sequence[int], players: int, count: int) -> tuple[int, ...]:
    """The receivers of ``count`` tributes, 4A4-TRIB-3 (Pairing tributes with receivers): the
    emperor's team in order of places, the emperor first, as many as the tributes."""
    team = finish[0] % 2
    return tuple(s for s in places(finish, players) if s % 2 == team)[:count]


def reversed_tribute(
    finish: Sequence[int], players: int, tribute: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Who pays and who receives after a rebellion, 4A4-TRIB-5 (Rebellion): those who were to
    receive (:func:`who_receives` of the tributes due) pay, in playing order from the seat after
    the emperor; those who were to pay (:func:`who_pays`) receive, in their order of places,
    best-placed first. Returns ``(payers, receivers)``."""
    emperor = finish[0]
    were_paying = who_pays(finish, players, tribute)
    were_receiving = who_receives(finish, players, len(were_paying))
    payers = tuple(sorted(were_receiving, key=lambda s: _after_emperor(s, emperor, players)))
    order = places(finish, players)
    receivers = tuple(sorted(were_paying, key=order.index))
    return payers, receivers


def _by_value(
    paid: Mapping[int, str], emperor: int, players: int, level: str | None, promoted: bool
) -> list[int]:
    """The payers of ``paid`` with the highest tribute first (ranked by
    :func:`tribute_value`), equal tributes in the payers' playing order from the seat after the
    emperor, 4A4-TRIB-3 (Pairing tributes with receivers)."""
    return sorted(
        paid,
        key=lambda s: (
            -tribute_value(paid[s], level, promoted),
            _after_emperor(s, emperor, players),
        ),
    )


def pair_tributes(
    paid: Mapping[int, str],
    finish: Sequence[int],
    players: int,
    pairing: str,
    level: str | None,
    promoted: bool,
) -> dict[int, int]:
    """Which receiver takes each tribute once every payer has paid, 4A4-TRIB-3 (Pairing
    tributes with receivers): ``paid`` maps each payer that paid to its card; the receivers are
    :func:`who_receives` of as many tributes as were paid. ``pairing = "value"``: the highest
    tribute — ranked as the receivers will rank it in the coming round (``level``, ``promoted``:
    4A4-TRIB-2 (The tribute card)) — to the emperor, the next to the next-placed receiver, equal
    tributes in the payers' playing order from the seat after the emperor; ``"place"``: the
    worst-placed payer's to the emperor, the next-worst's to the next. Returns payer →
    receiver."""
    emperor = finish[0]
    receivers = who_receives(finish, players, len(paid))
    if pairing == "value":
        payers = _by_value(paid, emperor, players, level, promoted)
    else:
        assert pairing == "place", pairing
        order = places(finish, players)
        payers = sorted(paid, key=order.index, reverse=True)
    return dict(zip(payers, receivers, strict=True))


def pair_reversed(
    paid: Mapping[int, str],
    finish: Sequence[int],
    players: int,
    tribute: str,
    level: str | None,
    promoted: bool,
) -> dict[int, int]:
    """Which receiver takes each reversed tribute after a rebellion, 4A4-TRIB-5 (Rebellion):
    ``paid`` maps each of those who were to receive to the card it paid — its highest as ranked
    for the rebel's team (``level``, ``promoted``); the tributes are paired by value with those
    who were to pay in their order of places, best-placed first: the highest to the best-placed,
    equal tributes in the payers' playing order from the seat after the emperor (as 4A4-TRIB-3
    (Pairing tributes with receivers)). Returns payer → receiver."""
    emperor = finish[0]
    _payers, receivers = reversed_tribute(finish, players, tribute)
    payers = _by_value(paid, emperor, players, level, promoted)
    return dict(zip(payers, receivers[: len(payers)], strict=True))
