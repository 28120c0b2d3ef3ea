"""An example client of the public API, checked by ``mypy --strict``: a 四幺四 match server.

The server holds the :class:`~cardrules.siyaosi.Match` — the only object that knows every hand —
and talks to each seat in JSON text alone. After every move it sends each seat one message: its
view (``match.view(seat).to_json()``) and the events of the move as that seat receives them
(:func:`cardrules.events.seen_by`, CORE-EVENT-2 (Who sees an event)). When a seat is to act, the
seat is asked for a move in the notation: a seat played by a bot is asked through its view (the
bot runs beside the server and sees only that view); a remote seat gets a prompt with its view and
some of its legal moves, and answers with a move text, which the server reads with the seat's view
and checks before it is played.

The tests play whole matches and look at what each seat was sent: only its own hand, a return's
card only if the seat gave or took it, one ``move`` event per move, and the whole match.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from typing import Protocol

import attrs

from cardrules import CardrulesError, siyaosi
from cardrules.bots import Bot, askers
from cardrules.events import seen_by
from cardrules.siyaosi.bots import HeuristicBot
from cardrules.siyaosi.events import TributeReturned

#: How many legal moves a prompt lists (a lead may have thousands).
PROMPT_MOVES = 20


class Seat(Protocol):
    """One seat's connection: the server sends it JSON text, and asks it for a move."""

    def send(self, text: str) -> None: ...

    def ask(self, view: siyaosi.MatchView, prompt: str, rng: random.Random) -> str | None:
        """A move text for the seat (``None``: let a moment out of turn pass). A bot answers
        from ``view``; a remote client from the ``prompt`` text alone."""
        ...


@attrs.define
class BotSeat:
    """A seat played by a bot beside the server: it sees its view, nothing else."""

    bot: Bot[siyaosi.Move]
    received: list[str] = attrs.Factory(list)

    def send(self, text: str) -> None:
        self.received.append(text)

    def ask(self, view: siyaosi.MatchView, prompt: str, rng: random.Random) -> str | None:
        move = self.bot.choose(view, rng)
        return None if move is None else str(move)


@attrs.define
class RemoteSeat:
    """A client that knows only the text it is sent: it answers a prompt with one of the legal
    moves it lists, in turn always, out of turn never."""

    received: list[str] = attrs.Factory(list)
    prompts: int = 0

    def send(self, text: str) -> None:
        self.received.append(text)

    def ask(self, view: siyaosi.MatchView, prompt: str, rng: random.Random) -> str | None:
        self.prompts += 1
        message = json.loads(prompt)
        if not message["in_turn"]:
            return None
        legal: list[str] = message["legal"]
        return rng.choice(legal)


def _prompt(view: siyaosi.MatchView) -> str:
    """What a remote seat is asked with: its view, whether it is its turn, and a few of its
    legal moves (by the notation)."""
    legal = [str(m) for m in itertools.islice(view.legal_moves(view.seat), PROMPT_MOVES)]
    in_turn = view.turn == view.seat
    return json.dumps({"type": "prompt", "view": view.to_json(), "in_turn": in_turn,
                       "legal": legal})  # fmt: skip


def _update(match: siyaosi.Match, seat: int, events: Sequence[object]) -> str:
    return json.dumps({"type": "update", "view": match.view(seat).to_json(), "events": events})


@attrs.define
class Server:
    """Holds the match and talks to every seat in JSON text."""

    match: siyaosi.Match
    seats: Sequence[Seat]
    rng: random.Random
    #: Every move played and what it did, in full (the server's own log, never sent).
    log: list[tuple[siyaosi.Move, tuple[object, ...]]] = attrs.Factory(list)

    def start(self) -> None:
        for seat, connection in enumerate(self.seats):
            connection.send(_update(self.match, seat, []))

    def next_move(self) -> None:
        """Ask the seats that may act (out of turn first, then the seat in turn) until one
        moves; play it and send every seat its update."""
        for seat in askers(self.match):
            view = self.match.view(seat)
            text = self.seats[seat].ask(view, _prompt(view), self.rng)
            if text is None:
                if seat == self.match.turn:
                    raise CardrulesError(f"seat {seat} must move", code="bot-failed")
                continue
            move = view.parse_move(text)
            reason = view.explain(move)
            if reason is not None:
                raise CardrulesError(f"seat {seat}: {reason}", code="bot-failed")
            self.match, events = self.match.step(move)
            self.log.append((move, events))
            for s, connection in enumerate(self.seats):
                received = [e.to_json() for e in seen_by(events, s)]
                connection.send(_update(self.match, s, received))
            return
        raise CardrulesError("nobody moved", code="bot-failed")

    def run(self, limit: int = 20_000) -> siyaosi.Match:
        self.start()
        for _ in range(limit):
            if self.match.is_over:
                return self.match
            self.next_move()
        raise CardrulesError("the match did not end", code="bot-failed")


def _seats(players: int, remote: int | None) -> list[BotSeat | RemoteSeat]:
    return [RemoteSeat() if s == remote else BotSeat(HeuristicBot()) for s in range(players)]


def _updates(seat: BotSeat | RemoteSeat) -> list[dict[str, object]]:
    out = [json.loads(text) for text in seat.received]
    assert all(isinstance(m, dict) and m["type"] == "update" for m in out)
    return out


def test_each_seat_gets_its_own_view_and_events_only() -> None:
    variant = siyaosi.load_variant("classic").replace(start_level="A")
    seats = _seats(4, remote=None)
    server = Server(siyaosi.Match.new(variant, seed=28), seats, random.Random(28))
    final = server.run()
    assert final.is_over and final.result().winner in (0, 1)
    moves = len(server.log)
    returns = [
        (n, e)
        for n, (_, events) in enumerate(server.log)
        for e in events
        if isinstance(e, TributeReturned)
    ]
    assert returns, "the match has a return"
    for s, seat in enumerate(seats):
        updates = _updates(seat)
        assert len(updates) == moves + 1  # the first view, then one update per move
        for update in updates:
            view = update["view"]
            assert isinstance(view, dict) and view["seat"] == s
        for update in updates[1:]:
            events = update["events"]
            assert isinstance(events, list)
            assert [e["event"] for e in events].count("move") == 1
        for n, event in returns:
            received = updates[n + 1]["events"]
            assert isinstance(received, list)
            (sent,) = [e for e in received if e["event"] == "tribute-returned"]
            (move,) = [e for e in received if e["event"] == "move"]
            assert (sent["receiver"], sent["payer"]) == (event.receiver, event.payer)
            if s in (event.receiver, event.payer):
                assert sent["cards"] == move["cards"] == str(event.cards)
            else:  # 4A4-MATCH-4 (What a seat sees in a match): that a return was made, no card
                assert sent["cards"] is None and move["cards"] is None
                assert move["to"] == event.payer


def test_a_seat_is_shown_its_own_hand_and_the_others_counts() -> None:
    variant = siyaosi.load_variant("classic").replace(start_level="A")
    seats = _seats(4, remote=None)
    server = Server(siyaosi.Match.new(variant, seed=5), seats, random.Random(5))
    hands = [str(h) for h in server.match.hands]
    server.start()
    for _ in range(60):
        server.next_move()
    for s, seat in enumerate(seats):
        first, last = _updates(seat)[0], _updates(seat)[-1]
        assert isinstance(first["view"], dict) and first["view"]["hand"] == hands[s]
        assert isinstance(last["view"], dict) and last["view"]["hand"] == str(server.match.hands[s])
        assert last["view"]["hand_sizes"] == list(server.match.hand_sizes)


def test_a_remote_client_plays_a_whole_match_from_text_alone() -> None:
    variant = siyaosi.load_variant("one-deck").replace(start_level="Q")
    seats = _seats(4, remote=2)
    server = Server(siyaosi.Match.new(variant, seed=19), seats, random.Random(19))
    final = server.run()
    assert final.is_over
    remote = seats[2]
    assert isinstance(remote, RemoteSeat) and remote.prompts > 0
    last = _updates(remote)[-1]["view"]
    assert isinstance(last, dict) and last["phase"] == "over" and last["result"] is not None


def test_a_move_the_rules_refuse_is_not_played() -> None:
    variant = siyaosi.load_variant("classic")
    match = siyaosi.Match.new(variant, seed=2)

    @attrs.define
    class Cheat(RemoteSeat):
        def ask(self, view: siyaosi.MatchView, prompt: str, rng: random.Random) -> str | None:
            return f"{(view.seat + 1) % 4}: pass"  # another seat's move

    seats: list[Seat] = [Cheat() if s == match.turn else BotSeat(HeuristicBot()) for s in range(4)]
    server = Server(match, seats, random.Random(2))
    server.start()
    try:
        server.next_move()
    except CardrulesError as err:
        assert err.code == "other-seat"  # the seat's view reads no other seat's move
    else:  # pragma: no cover - the move would have been played
        raise AssertionError("the server played a move the rules refuse")
    assert server.match == match and server.log == []
