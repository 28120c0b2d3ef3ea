"""The card tracker (记牌器): what one seat has seen of a round, and what it has therefore not
seen, CORE-VIEW-2 (The card tracker).

A :class:`Tracker` is public information put in order: the cards each seat has laid face up this
round (the trick in progress included), the cards a seat was seen to receive or show and has not
played since (a 四幺四 tribute, a Shengji bid), the suits a seat has shown it holds no more of (a
Shengji follow that could not follow), the cards this seat has seen leave play (the kitty a banker
buried) — and, following from those and the seat's own hand, the cards whose place it does not
know (:attr:`Tracker.unseen`). Every view has one (``view.tracker``); it never tells a seat
anything the seat did not see, and it is the memory the expert bots play from.

:func:`deal_unseen` deals the unseen cards into hands consistent with everything the tracker
knows (each seat's card count, the cards it is known to hold, its voids): one *determinization*
of the position, which a search bot plays out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Protocol

import attrs

from cardrules import args
from cardrules.cards import Card
from cardrules.deck import full_deck
from cardrules.errors import CardrulesError, PositionError
from cardrules.jsonio import JSONObject, Reader
from cardrules.multiset import Cards

__all__ = [
    "Tracker",
    "check_played",
    "deal_unseen",
    "laid",
    "read_played",
    "read_tracker",
    "still_held",
]

_EMPTY = Cards()


class _Laid(Protocol):
    """A move as :func:`laid` reads it: its seat and its cards."""

    @property
    def seat(self) -> int: ...

    @property
    def cards(self) -> Cards: ...


@attrs.frozen(kw_only=True)
class Tracker:
    """What ``seat`` has seen of the round so far, CORE-VIEW-2 (The card tracker).

    ``played[s]`` are the cards seat ``s`` has laid face up this round, the trick in progress
    included; ``shown[s]`` the cards seat ``s`` is known to hold because this seat saw them reach
    or leave its hand face up and they have not been played since (always empty for ``seat``
    itself, whose hand is ``hand``); ``voids[s]`` the suit groups seat ``s`` has shown it holds
    none of (Shengji's ``"trump"``, ``"S"``, ``"H"``, ``"C"``, ``"D"``; empty in 四幺四);
    ``set_aside`` the cards this seat saw leave play for the round (the kitty it buried).
    :attr:`unseen` — the decks less all of those and the hand — are the cards whose place this
    seat does not know: in the other hands, or out of its sight (a kitty).
    """

    seat: int
    decks: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    played: tuple[Cards, ...]
    shown: tuple[Cards, ...]
    voids: tuple[tuple[str, ...], ...]
    set_aside: Cards = _EMPTY
    #: The cards whose place the seat does not know.
    unseen: Cards = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        players = len(self.hand_sizes)
        for key in ("played", "shown", "voids"):
            value = getattr(self, key)
            if not isinstance(value, tuple) or len(value) != players:
                raise PositionError(f"one entry per seat ({players})", key=key)
        if self.shown[self.seat]:
            raise PositionError("a seat's own cards are its hand", key="shown")
        for s, (size, shown) in enumerate(zip(self.hand_sizes, self.shown, strict=True)):
            if len(shown) > size:
                raise PositionError(f"seat {s} holds only {size} cards", key="shown")
        seen = sum(self.played, self.hand) + sum(self.shown, self.set_aside)
        try:
            seen.check_within(self.decks)
        except CardrulesError as err:
            raise PositionError(str(err), key="played") from None
        object.__setattr__(self, "unseen", full_deck(self.decks) - seen)

    # ------------------------------------------------------------------ questions
    def hidden(self, seat: int) -> int:
        """How many of ``seat``'s cards this seat cannot name (its count less what it was seen to
        hold; 0 for the seat itself)."""
        seat = args.seat(seat, len(self.hand_sizes))
        if seat == self.seat:
            return 0
        return self.hand_sizes[seat] - len(self.shown[seat])

    def remaining(self, card: Card) -> int:
        """How many copies of ``card`` have not been played or set aside: in some hand (this
        seat's included) or out of sight."""
        args.instance(card, Card, "card")
        gone = sum(p.count(card) for p in self.played) + self.set_aside.count(card)
        return self.decks - gone

    def is_void(self, seat: int, group: str) -> bool:
        """Whether ``seat`` has shown it holds no card of suit group ``group``."""
        seat = args.seat(seat, len(self.hand_sizes))
        return group in self.voids[seat]

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The tracker as JSON for a client: ``played``, ``shown`` and ``voids`` per seat,
        ``set_aside`` and ``unseen`` (which follows from the rest and the view's hand)."""
        return {
            "played": [str(c) for c in self.played],
            "shown": [str(c) for c in self.shown],
            "voids": [list(v) for v in self.voids],
            "set_aside": str(self.set_aside),
            "unseen": str(self.unseen),
        }


def check_played(played: object, players: int) -> tuple[Cards, ...]:
    """A state's or view's ``played``: one :class:`Cards` per seat (``()``, a position whose
    past is not given, is nothing played)."""
    if played == ():
        return (Cards(),) * players
    if (
        not isinstance(played, tuple)
        or len(played) != players
        or not all(isinstance(c, Cards) for c in played)
    ):
        raise PositionError(f"the cards each seat laid ({players} seats)", key="played")
    return played


def laid(played: tuple[Cards, ...], moves: Iterable[_Laid]) -> tuple[Cards, ...]:
    """``played`` with the cards of ``moves`` (a finished trick) added to their seats'."""
    out = list(played)
    for m in moves:
        if m.cards:
            out[m.seat] = out[m.seat] + m.cards
    return tuple(out)


def read_played(reader: Reader, players: int, decks: int) -> tuple[Cards, ...]:
    """The optional ``played`` field of a state or view document, one card text per seat
    (missing: nothing played)."""
    if not reader.has("played"):
        return ()
    played = reader.each("played", players, lambda p, v: reader.cards_value(p, v, decks))
    if len(played) != players:
        raise reader.bad("played", f"{len(played)} entries", f"exactly {players} entries")
    return played


def still_held(shown: Cards, played: Cards) -> Cards:
    """The cards of ``shown`` (seen reaching a seat's hand) that the seat is still known to hold
    after playing ``played``: a copy played may have been the one shown."""
    pairs = zip(shown.counts, played.counts, strict=True)
    return Cards.unchecked(tuple(max(0, a - b) for a, b in pairs))


def read_tracker(reader: Reader, key: str, tracker: Tracker) -> None:
    """Check the tracker written under ``key`` of a view document (when it is there: it is
    optional on reading) against ``tracker``, the one the view read rebuilds: a client's copy
    must say what the view says."""
    if not reader.has(key):
        return
    given = reader.raw(key)
    if given != tracker.to_json():
        raise reader.bad(key, "a tracker", "does not follow from the view's cards")


def deal_unseen(
    tracker: Tracker,
    rng: random.Random,
    allowed: Callable[[int, Card], bool] | None = None,
) -> tuple[Cards, ...]:
    """One hand per seat consistent with everything ``tracker`` knows: the seat's own hand; for
    every other seat the cards it is known to hold and as many unseen cards as it holds more,
    drawn with ``rng`` among those ``allowed(seat, card)`` permits (a revealed void: the game
    says). Seats with the fewest permitted cards are dealt first; where the voids leave too few
    cards (they are not all a seat knows), the rest are drawn without them."""
    args.rng(rng)
    players = len(tracker.hand_sizes)
    pool = list(tracker.unseen)
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(players)]
    others = [s for s in range(players) if s != tracker.seat and tracker.hidden(s) > 0]
    if allowed is None:
        pos = 0
        for s in others:
            n = tracker.hidden(s)
            hands[s] = pool[pos : pos + n]
            pos += n
    else:
        permitted = {s: sum(1 for c in pool if allowed(s, c)) for s in others}
        for s in sorted(others, key=lambda s: (permitted[s], s)):
            n = tracker.hidden(s)
            fit = [i for i, card in enumerate(pool) if allowed(s, card)]
            rest = [i for i, card in enumerate(pool) if not allowed(s, card)]
            chosen = set((fit + rest)[:n])  # the pool is shuffled: the first are a random draw
            hands[s] = [pool[i] for i in sorted(chosen)]
            pool = [c for i, c in enumerate(pool) if i not in chosen]
    dealt = [Cards.of(h) for h in hands]
    dealt[tracker.seat] = tracker.hand
    return tuple(d + tracker.shown[s] for s, d in enumerate(dealt))
