"""``cardrules play``: a person plays one seat in the terminal against bots.

The loop shows what the seat may know — its hand sorted as players sort it, every seat's card
count, the trick so far — and reads one line at a time: a move in the case-file notation (the
``seat:`` prefix may be left out), ``hint`` (the legal moves), ``undo`` (back to before your last
move), ``hand``, ``help`` or ``quit``. A move the rules refuse is answered in one line with the
reason and the clause, and the prompt comes back. When it may act out of turn (四幺四's cha, gou
and capture; Shengji's bids during the deal), the seat is asked too, and an empty line lets the
moment pass; it is not asked again until its hand or its choices change. When a pass is the only
legal move in turn (a card dealt in Shengji's deal, nothing that beats in 四幺四), it is made
without asking.

It plays what a record replays: a whole match where the game has one, else one round, so the
record written at the end (or on ``quit``) plays back with ``cardrules replay``. Everything a
person sees comes from the seat's view and the events as that seat receives them
(:func:`cardrules.events.seen_by`, CORE-EVENT-2 (Who sees an event)).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Protocol, TextIO, TypeVar

from cardrules.bots import askers
from cardrules.errors import CardrulesError
from cardrules.events import Event, seen_by
from cardrules.game import GameState, GameView, MoveLike
from cardrules.multiset import Cards
from cardrules.records import Record
from cardrules.registry import Game, GameEntry, resolve_bot
from cardrules.rng import SeededRandom, derive_seed
from cardrules.variant import VariantBase

__all__ = ["HINT_LIMIT", "LineReader", "forced_pass", "play_in_terminal"]

M = TypeVar("M", bound=MoveLike)
_T = TypeVar("_T")

#: How many legal moves ``hint`` lists (a four-deck Shengji lead may have millions).
HINT_LIMIT = 24

_HELP = (
    "enter a move in the notation ('3S 3H', 'pass', 'cha 5S 5S'; 'seat:' may be left out), "
    "or: hint (legal moves), undo (take back your last move), hand, help, quit"
)


class LineReader(Protocol):
    """Where the person's lines come from: ``sys.stdin``, a file, or a test's typist."""

    def readline(self) -> str:
        """The next line, with its newline; ``""`` at the end of the input."""
        ...


class _Quit(Exception):
    """The person left (``quit`` or the end of the input)."""


class _Undo(Exception):
    """The person asked to take back their last move."""


class _Terminal:
    """The person at the terminal, and the loop that seats them with the bots."""

    def __init__(
        self, *, seat: int, bot: str, seed: int, stdin: LineReader, stdout: TextIO
    ) -> None:
        self.seat = seat
        self.bot = bot
        self.seed = seed
        self.stdin = stdin
        self.stdout = stdout
        self.moves: list[str] = []
        self.finished = False

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    # The loop ---------------------------------------------------------------------------------
    def play(self, state: GameState[M], game: GameEntry[M]) -> GameState[M]:
        if not 0 <= self.seat < state.players:
            raise CardrulesError(f"--seat is 0..{state.players - 1}, got {self.seat}")
        bots = game.bots
        make = resolve_bot(bots, self.bot)
        seated = {s: make() for s in range(state.players) if s != self.seat}
        rng = SeededRandom(derive_seed(self.seed, 1))
        # The state before each of the person's moves, and how many moves had been played then.
        history: list[tuple[GameState[M], int]] = []
        ask_person_first = False
        # What the person could do when they last let an out-of-turn moment pass.
        declined: tuple[Cards, tuple[M, ...]] | None = None
        # What the person could do when they last passed in turn.
        passed: tuple[Cards, tuple[M, ...]] | None = None
        self.say(f"you are seat {self.seat} (team {self.seat % 2}); type 'help' for the commands")
        while not state.is_over:
            order = askers(state)
            if ask_person_first and self.seat in order:
                order = [self.seat] + [s for s in order if s != self.seat]
            ask_person_first = False
            for seat in order:
                if seat == self.seat:
                    view = state.view(seat)
                    in_turn = seat == state.turn
                    options = _options(view)
                    forced = _pass_for(view, options, passed) if in_turn else None
                    if forced is not None:
                        state, events = state.step(forced)
                        self.moves.append(str(forced))
                        self.show_events(seen_by(events, self.seat))
                        break
                    if not in_turn and (view.hand, options) == declined:
                        continue  # nothing new since the person let such a moment pass
                    try:
                        move = self.ask(view, in_turn=in_turn)
                    except _Undo:
                        if not history:
                            self.say("nothing to undo: you have not moved yet")
                            ask_person_first = True
                            break
                        state, played = history.pop()
                        del self.moves[played:]
                        self.say(f"taken back: the table is as it was before your move {played}")
                        ask_person_first = True
                        break
                    if move is not None:
                        history.append((state, len(self.moves)))
                        if in_turn and move.kind == "pass":
                            passed = (view.hand, options)
                    elif not in_turn:
                        declined = (view.hand, options)
                else:
                    move = seated[seat].choose(state.view(seat), rng)
                if move is None:
                    continue
                state, events = state.step(move)
                self.moves.append(str(move))
                self.show_events(seen_by(events, self.seat))
                break
        self.finished = True
        return state

    def ask(self, view: GameView[M], *, in_turn: bool) -> M | None:
        """The person's move at this moment (``None``: let an out-of-turn moment pass)."""
        self.show_table(view)
        if not in_turn:
            self.say("you may move out of turn now; an empty line lets it pass")
        prompt = f"seat {view.seat}> "
        while True:
            print(prompt, end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say()
                raise _Quit
            text = line.strip()
            command = text.lower()
            if not text:
                if not in_turn:
                    return None
                self.say("it is your turn: enter a move, or 'hint'")
            elif command in ("quit", "exit"):
                raise _Quit
            elif command == "undo":
                raise _Undo
            elif command == "help":
                self.say(_HELP)
            elif command == "hint":
                self.hint(view)
            elif command == "hand":
                self.show_table(view)
            else:
                move = self.read_move(view, text)
                if move is not None:
                    return move

    def read_move(self, view: GameView[M], text: str) -> M | None:
        """The move ``text`` names if the rules allow it; else say why in one line."""
        if ":" not in text:
            text = f"{view.seat}: {text}"
        try:
            move = view.parse_move(text)
        except CardrulesError as err:
            self.say(f"cannot read that: {err}")
            return None
        reason = view.explain(move)
        if reason is not None:
            self.say(f"refused: {reason}")
            return None
        return move

    def hint(self, view: GameView[M]) -> None:
        moves = view.legal_moves(view.seat)
        if not moves.listable():
            # too many to list (a burial, a lead from a big hand), CORE-API-3 (Choices too large
            # to list): what the moves are, described
            described = moves.describe()
            many = "too many" if described.count is None else f"{described.count:,}"
            self.say(f"{many} legal moves, too many to list; they are:")
            for move in described.moves[:HINT_LIMIT]:
                self.say("  " + str(move).partition(": ")[2])
            for choice in described.choices[:HINT_LIMIT]:
                self.say("  " + choice.pretty())
            example = described.sample(random.Random(0))
            self.say("one of them — legal: " + str(example).partition(": ")[2])
            return
        shown = list(itertools.islice(moves, HINT_LIMIT))
        self.say("legal: " + ", ".join(str(m).partition(": ")[2] for m in shown))
        if len(shown) == HINT_LIMIT:
            self.say(f"  … {moves.count()} legal moves in all")

    # What the person sees ------------------------------------------------------------------------
    def show_table(self, view: GameView[M]) -> None:
        counts = ", ".join(
            f"seat {s}: {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat
        )
        self.say(f"cards left — {counts}")
        if view.trick:
            self.say("trick: " + "; ".join(m.pretty() for m in view.trick))
        groups = view.arranged_hand()
        self.say("your hand: " + " | ".join(" ".join(c.pretty() for c in g) for g in groups))

    def show_events(self, events: tuple[Event, ...]) -> None:
        for event in events:
            line = event.describe()
            if line:  # an empty description: nothing worth a line (a card dealt)
                self.say(("  " if event.NAME != "move" else "") + line)


def _pass_for(
    view: GameView[M], options: tuple[M, ...], passed: tuple[Cards, tuple[M, ...]] | None
) -> M | None:
    """The pass made for the seat in turn without asking, if any (:func:`forced_pass`)."""
    return forced_pass(view.hand, options, passed, lambda m: m.kind == "pass")


def forced_pass(
    hand: Cards,
    options: tuple[_T, ...],
    passed: tuple[Cards, tuple[_T, ...]] | None,
    is_pass: Callable[[_T], bool],
) -> _T | None:
    """The pass to make for a person in turn without asking, if any: when a pass is all they
    may do, or when they passed with these very ``options`` before (``passed``: their hand and
    options then) and have only been given cards since (a deal goes on). ``options`` are the
    seat's first legal moves, as moves or as their texts (``is_pass`` tells a pass); ``cardrules
    play`` and the web app's tables both ask it."""
    passes = [m for m in options if is_pass(m)]
    if not passes:
        return None
    if len(options) == 1:
        return passes[0]
    if passed is None or passed[1] != options:
        return None
    before = passed[0]
    return passes[0] if before <= hand and before != hand else None


def _options(view: GameView[M]) -> tuple[M, ...]:
    """The seat's first legal moves (enough to tell a forced pass, or a moment like the last);
    none for a choice too large to list (a burial: never a forced pass)."""
    moves = view.legal_moves(view.seat)
    return tuple(itertools.islice(moves, HINT_LIMIT)) if moves.listable() else ()


class _Game:
    """Hands the person's game to :class:`_Terminal` with the game's types kept."""

    def __init__(self, terminal: _Terminal) -> None:
        self.terminal = terminal

    def __call__(
        self, state: GameState[M], game: GameEntry[M]
    ) -> tuple[GameState[M] | None, str | None]:
        try:
            return self.terminal.play(state, game), None
        except (_Quit, KeyboardInterrupt):
            return None, "left the table"


def play_in_terminal(
    game: Game,
    variant: VariantBase,
    *,
    seat: int = 0,
    seed: int | None = None,
    bot: str = "heuristic",
    stdin: LineReader,
    stdout: TextIO,
) -> Record:
    """Play ``variant`` of ``game`` with a person at ``seat`` (reading ``stdin``, writing
    ``stdout``) against bots of kind ``bot``; the game's record — finished, or as far as it got
    when the person quit. Raises :class:`CardrulesError` for a seat or bot that does not exist."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    terminal = _Terminal(seat=seat, bot=bot, seed=seed, stdin=stdin, stdout=stdout)
    terminal.say(f"{game.title} / {variant.name}, seed {seed}")
    final, why = game.seat_bots(variant, seed, _Game(terminal))
    result = None
    if final is not None:
        result = final.result().to_json()
        terminal.say("the game is over")
    else:
        terminal.say(f"you {why} after {len(terminal.moves)} moves")
    return Record(
        game=game.name, variant=variant, seed=seed, moves=tuple(terminal.moves), result=result
    )
