"""CORE-EVENT-2 (Who sees an event), 4A4-MATCH-4 (What a seat sees in a match), SJ-KITTY-2 (Who
sees the kitty), SJ-THROW-5 (A failed throw reveals nothing): a seat never receives a card it could
not see.

Over random whole matches between bots, of both games and every preset (and 四幺四 at six and
eight seats), everything a seat receives — its events as JSON text (``seen_by``), the record's
rendering for it (``records.render(record, seat=…)``, what ``cardrules replay --seat`` prints)
and its view at every moment (``state.view(seat).to_json()`` as text) — names only cards the seat
could see. The oracle of "could see" is written here from the rules, not from the events'
audience declarations: a seat may see every card it held this round, and the cards the round has
shown the table so far — every card played (for a failed throw, the forced piece: the cards that
left the hand), a tribute paid, the jokers a rebel or a suppressor reveals, a bid, a fry, a kitty
turned up, and the kitty at the round's end. A return is shown to no one else (its two seats held
its card), nor a burial (the burier held it). The check is by card text: any card token in what a
seat receives must be one of those.

Then the mechanism itself: every event class declares its audience, a game that does not cannot
register, the redacted forms read back and follow the schema, and the issue's reproduction (a
return between seats 1 and 2 shown to seat 0) shows no card.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import ClassVar, TypeVar

import attrs
import jsonschema
import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, shengji, siyaosi
from cardrules.bots import Bot, turns
from cardrules.cards import all_cards
from cardrules.cli import main
from cardrules.events import (
    EVERYONE,
    Audience,
    Event,
    check_event_classes,
    only,
    public,
    read_events,
    seen_by,
    write_events,
)
from cardrules.game import GameState, MoveLike
from cardrules.jsonio import JSON
from cardrules.limits import MAX_RECORD_MOVES
from cardrules.multiset import Cards
from cardrules.records import Record, Recording, render
from cardrules.registry import GameEntry, all_games, game_named, register
from cardrules.schema import schema_of
from cardrules.shengji.events import KittyFlipped
from cardrules.shengji.events import MovePlayed as SjMovePlayed
from cardrules.shengji.events import RoundOver as SjRoundOver
from cardrules.siyaosi.bots import HeuristicBot
from cardrules.siyaosi.events import MovePlayed, SeatOut, TributeReturned
from cardrules.variant import VariantBase, list_presets

M = TypeVar("M", bound=MoveLike)

#: Card text (``"10S"``, ``"SJ"``) → the card's index; and the pretty form (``"10♠"``).
_TEXT = {str(c): c.index for c in all_cards()}
_PRETTY = {c.pretty(): c.index for c in all_cards()}
_IN_LINE = re.compile(
    r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♥♣♦SHCD](?![0-9A-Za-z])|(?<![A-Za-z])[SB]J(?![A-Za-z])"
)


#: A big and a small joker, which a rebel or a suppressor reveals (4A4-TRIB-5, 4A4-TRIB-6).
_JOKERS = 1 << _TEXT["SJ"] | 1 << _TEXT["BJ"]


def mask(cards: Cards) -> int:
    """The distinct cards of ``cards`` as a bit set over the 54 cards."""
    return sum(1 << i for i, n in enumerate(cards.counts) if n)


def _left(before: Cards, after: Cards) -> int:
    """The cards that left a hand (as a bit set)."""
    return sum(
        1 << i for i, (b, a) in enumerate(zip(before.counts, after.counts, strict=True)) if b > a
    )


def _names(bits: int) -> list[str]:
    return [str(c) for c in all_cards() if bits >> c.index & 1]


#: A card token in JSON text: inside a string, between its quotes or spaces.
_IN_JSON = re.compile(r'(?<=[" ])(?:10|[2-9JQKA])[SHCD](?=[" ])|(?<=[" ])[SB]J(?=[" ])')


def json_cards(text: str) -> int:
    """Every card token in the strings of a JSON text, as a bit set."""
    found = 0
    for token in set(_IN_JSON.findall(text)):
        found |= 1 << _TEXT[token]
    return found


def text_cards(line: str) -> int:
    """Every card a line for a person names (``5♠``, ``BJ``, or in a JSON line ``5S``), as a
    bit set."""
    found = 0
    for token in set(_IN_LINE.findall(line)):
        found |= 1 << _PRETTY.get(token, _TEXT.get(token, 0))
    return found


# ---------------------------------------------------------------------- the oracle
def shown_by_rules(game: str, before: GameState[M], move: M, after: GameState[M],
                   events: Sequence[Event]) -> int:  # fmt: skip
    """The cards this step shows every seat, by the rules (independent of the audiences the
    events declare)."""
    mover = move.seat
    left = _left(before.hands[mover], after.hands[mover])
    kind = str(move.kind)
    if game == "siyaosi":
        # 4A4-MATCH-4: plays, a tribute paid and a rebel's or suppressor's jokers are shown; a
        # return only to its two seats (which hold its card before and after).
        if kind in ("rebel", "suppress"):
            return _JOKERS
        return 0 if kind == "return" else left | mask(move.cards)
    if kind == "bury":  # SJ-KITTY-2: only the burier, who held them
        shown = 0
    elif kind == "play":  # SJ-THROW-5: what stays on the table, the forced piece of a failure
        shown = left
    else:  # a bid or a fry shows its cards; a pass or naming the trump shows none
        shown = mask(move.cards)
    for event in events:
        if isinstance(event, KittyFlipped):  # SJ-BID-8: turned up for everyone
            shown |= mask(event.cards)
        if isinstance(event, SjRoundOver) and isinstance(before, shengji.Match):
            shown |= mask(before.kitty)  # SJ-KITTY-2: everyone sees it when the round is over
    return shown


@attrs.define
class Seen:
    """What each seat could see so far this round: the cards shown to the table, and each
    seat's own (every card it held this round)."""

    table: int = 0
    own: list[int] = attrs.Factory(list)

    def allowed(self, seat: int) -> int:
        return self.table | self.own[seat]


@attrs.define
class Watched:
    """A whole match watched seat by seat: for every step, what each seat could see then."""

    allowed: list[tuple[int, ...]] = attrs.Factory(list)
    received: list[list[Event]] = attrs.Factory(list)
    full: list[Event] = attrs.Factory(list)
    steps: int = 0
    over: bool = False


def _fail(what: str, seat: int, step: int, extra: int, text: object) -> str:
    shown = str(text)
    shown = shown if len(shown) < 600 else shown[:600] + "…"
    return f"step {step}: seat {seat} receives {_names(extra)} it may not see, in {what}: {shown}"


def _placed(doc: object) -> object:
    """A view document without its trackers' ``unseen`` cards (CORE-VIEW-2): those are the cards
    the seat has *not* seen, named only as not seen — no card's place. Everything else a tracker
    says (cards laid, known held, set aside) is checked with the rest of the view."""
    if isinstance(doc, dict):
        return {
            k: _placed({t: u for t, u in v.items() if t != "unseen"} if k == "tracker" else v)
            for k, v in doc.items()
        }
    if isinstance(doc, list):
        return [_placed(v) for v in doc]
    return doc


def watch(
    game: str, start: GameState[M], bots: Sequence[Bot[M]], rng: random.Random, limit: int
) -> tuple[Watched, GameState[M]]:
    """Play ``start`` out between ``bots`` (at most ``limit`` moves); at every step check the
    events each seat receives and each seat's view against the oracle, and keep what each seat
    could see for the rendering. The watch and the last state."""
    players = start.players
    seen = Seen(own=[mask(hand) for hand in start.hands])
    out = Watched(received=[[] for _ in range(players)])
    before = start
    for step, (after, turn) in enumerate(itertools.islice(turns(start, bots, rng), limit)):
        events = turn.events
        out.full.extend(events)
        seen.table |= shown_by_rules(game, before, turn.move, after, events)
        for s in range(players):
            seen.own[s] |= mask(before.hands[s]) | mask(after.hands[s])
        allowed = tuple(seen.allowed(s) for s in range(players))
        out.allowed.append(allowed)
        for s in range(players):
            received = seen_by(events, s)
            out.received[s].extend(received)
            text = json.dumps([e.to_json() for e in received], ensure_ascii=False)
            extra = json_cards(text) & ~allowed[s]
            assert not extra, _fail("its events", s, step, extra, text)
        if any(e.NAME == "round-started" for e in events):  # a new deal: nothing shown yet
            seen = Seen(own=[mask(hand) for hand in after.hands])
        for s in range(players):
            text = json.dumps(_placed(after.view(s).to_json()), ensure_ascii=False)
            extra = json_cards(text) & ~seen.allowed(s)
            assert not extra, _fail("its view", s, step, extra, text)
        before = after
        out.steps += 1
    out.over = before.is_over
    return out, before


def check_rendering(lines: Sequence[str], seat: int, watched: Watched) -> None:
    """Each step's lines of ``render(record, seat=seat)`` (the deal shown before it, its move,
    what it did) name only cards the seat could see at that step."""
    step = 0
    pending: list[str] = []
    numbered = re.compile(r"^  (\d+)\. ")
    for line in lines[1:]:
        found = numbered.match(line)
        if found:
            step = int(found.group(1))
            group = [*pending, line]
            pending = []
        elif line.startswith("       ") or line.startswith("result:"):
            group = [line]
        else:  # a round's heading or deal, shown before the step it precedes
            pending.append(line)
            continue
        allowed = watched.allowed[min(step, len(watched.allowed) - 1)][seat]
        for text in group:
            extra = text_cards(text) & ~allowed
            assert not extra, _fail("replay --seat", seat, step, extra, text)


# ---------------------------------------------------------------------- the tables
@attrs.frozen
class Table:
    """A table to watch: a preset (at another seating); ``whole``, a match known to end within a
    few hundred moves with something hidden from some seat (its seed, its bots and the switches
    that make it short: 四幺四 levels that start near A, a Shengji match of two rounds); and
    ``examples`` more matches drawn at random, each of at most ``limit`` moves (a longer one is
    checked as far as it went) with switches drawn from ``short``."""

    game: str
    preset: str
    seating: Mapping[str, object]
    whole: tuple[int, str, Mapping[str, object]]
    examples: int
    limit: int
    short: Mapping[str, Sequence[object]]

    @property
    def id(self) -> str:
        return "-".join([self.game, self.preset, *(f"{k}{v}" for k, v in self.seating.items())])

    def variant(self, overrides: Mapping[str, object]) -> VariantBase:
        loaded = siyaosi.load_variant if self.game == "siyaosi" else shengji.load_variant
        return loaded(self.preset).replace(**self.seating, **overrides)


_LEVELS: Sequence[object] = ("A", "K", "Q", "10", "2")
_SIX = {"players": 6, "decks": 3}
_EIGHT = {"players": 8, "decks": 4}
#: Every preset, and 四幺四 at six and eight seats (4A4-TABLE-1: a deck per two players).
TABLES = [
    Table("siyaosi", "classic", {}, (28, "heuristic", {"start_level": "A"}), 2, 600,
          {"start_level": _LEVELS}),
    Table("siyaosi", "one-deck", {}, (19, "heuristic", {"start_level": "Q"}), 2, 600,
          {"start_level": _LEVELS}),
    Table("siyaosi", "northeast", {}, (19, "heuristic", {"start_level": "3"}), 2, 600,
          {"start_level": ("3", "2")}),  # its drop-backs reach 3: no start above it
    Table("siyaosi", "classic", _SIX, (11, "heuristic", {"start_level": "A"}), 1, 500,
          {"start_level": _LEVELS}),
    Table("siyaosi", "classic", _EIGHT, (11, "heuristic", {"start_level": "A"}), 1, 300,
          {"start_level": _LEVELS}),
    Table("shengji", "four-deck", {}, (25, "random", {"match_rounds": 2, "start_level": "A"}),
          1, 800, {"match_rounds": (1, 2), "start_level": _LEVELS}),
]  # fmt: skip


def test_every_preset_is_watched() -> None:
    presets = set(list_presets())
    assert presets == {(table.game, table.preset) for table in TABLES}
    assert {game for game, _ in presets} == {game.name for game in all_games()}


class _Watch:
    """Seats bots at a match of any game and watches it (typed through the registry): the
    watch and the match's record."""

    def __init__(self, kinds: Sequence[str], seed: int, limit: int) -> None:
        self.kinds = kinds
        self.seed = seed
        self.limit = limit

    def __call__(self, state: GameState[M], entry: GameEntry[M]) -> tuple[Watched, Record]:
        bots = [entry.bots[self.kinds[s % len(self.kinds)]]() for s in range(state.players)]
        rng = random.Random(self.seed)
        watched, final = watch(entry.name, state, bots, rng, self.limit)
        assert isinstance(final, Recording)
        return watched, final.to_record()


def _play(game: str, variant: VariantBase, seed: int, kinds: Sequence[str], limit: int) -> Watched:
    """A match of ``variant`` from ``seed``, watched; and the record's rendering for each seat
    checked against what the seat could see at each step."""
    watched, record = game_named(game).seat_bots(variant, seed, _Watch(kinds, seed, limit))
    for seat in range(len(watched.received)):
        check_rendering(render(record, seat=seat), seat, watched)
    return watched


def _check_received(game: str, watched: Watched) -> None:
    """What each seat received is what filtering it again gives, and reads back as itself; the
    redacted forms it received (and the first events of the match) follow the game's event
    schema."""
    classes = siyaosi.EVENTS if game == "siyaosi" else shengji.EVENTS
    validator = jsonschema.Draft202012Validator(schema_of(f"{game}.events"))
    full = {id(event) for event in watched.full}
    for seat, received in enumerate(watched.received):
        assert seen_by(received, seat) == tuple(received)
        log = write_events(game, received)
        assert read_events(json.dumps(log), game, classes) == tuple(received)
        redacted = [e for e in received if id(e) not in full]
        validator.validate(write_events(game, redacted + received[:40]))


def _hidden(watched: Watched) -> int:
    """How many events some seat received redacted (a return, a burial, a failed throw)."""
    full = {id(event) for event in watched.full}
    return sum(1 for received in watched.received for e in received if id(e) not in full)


_BOTS = st.lists(st.sampled_from(["random", "heuristic"]), min_size=1, max_size=4)


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.id)
def test_no_seat_receives_a_card_it_could_not_see(table: Table) -> None:
    watched: list[Watched] = []
    switches = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in table.short.items()})
    seed, bot, overrides = table.whole

    @settings(
        max_examples=table.examples,
        deadline=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],  # a whole match is too long to shrink
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=st.integers(0, 2**32 - 1), kinds=_BOTS, overrides=switches, whole=st.just(False))
    @example(seed=seed, kinds=[bot], overrides=dict(overrides), whole=True)
    def a_match(seed: int, kinds: list[str], overrides: dict[str, object], whole: bool) -> None:
        limit = MAX_RECORD_MOVES if whole else table.limit
        watched.append(_play(table.game, table.variant(overrides), seed, kinds, limit))
        _check_received(table.game, watched[-1])

    a_match()
    # Not vacuous: a whole match was watched, in which some seat was not shown something.
    assert any(w.over and _hidden(w) for w in watched)


# ---------------------------------------------------------------------- the reproduction
def test_a_return_between_two_other_seats_shows_seat_0_no_card() -> None:
    """Issue 18: ``cardrules play siyaosi --seat 0 --seed 11``, played into round 2 by bots;
    ``cardrules replay p1.json --seat 0`` showed "seat 1 returns 5♠ to seat 2"."""
    match = siyaosi.Match.new(siyaosi.load_variant("classic"), seed=11)
    bots: list[Bot[siyaosi.Move]] = [HeuristicBot() for _ in range(4)]
    final: GameState[siyaosi.Move] = match
    returns: list[TributeReturned] = []
    for final, turn in turns(match, bots, random.Random(11)):  # noqa: B007
        returns += [e for e in turn.events if isinstance(e, TributeReturned)]
    between_others = [r for r in returns if 0 not in (r.receiver, r.payer) and r.cards]
    assert between_others, "the match has a return between two other seats"
    assert isinstance(final, siyaosi.Match)
    lines = render(final.to_record(), seat=0)
    for r in between_others:
        assert r.cards is not None
        card = r.cards.pretty()
        assert f"seat {r.receiver} returns {card} to seat {r.payer}" not in lines
    hidden = f"seat {between_others[0].receiver} returns a card to seat {between_others[0].payer}"
    assert any(hidden in line for line in lines)
    # Seat 1 (or 2) sees its own return in full, in the same rendering for it.
    mine = between_others[0]
    assert mine.cards is not None
    own = render(final.to_record(), seat=mine.payer)
    assert any(f"returns {mine.cards.pretty()} to seat {mine.payer}" in line for line in own)


def test_cardrules_replay_seat_hides_another_pairs_return(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = siyaosi.Match.new(siyaosi.load_variant("classic"), seed=11)
    bots: list[Bot[siyaosi.Move]] = [HeuristicBot() for _ in range(4)]
    final: GameState[siyaosi.Move] = match
    for final, _turn in turns(match, bots, random.Random(11)):  # noqa: B007
        pass
    assert isinstance(final, siyaosi.Match)
    path = str(tmp_path / "p1.toml")
    final.to_record().write(path)
    assert main(["replay", path, "--seat", "0"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if "return" in line]
    assert lines
    others = [line for line in lines if re.search(r"seat [1-3] returns .* to seat [1-3]", line)]
    assert others and all(text_cards(line) == 0 for line in others)


# ---------------------------------------------------------------------- the redacted forms
def test_a_hidden_return_is_not_a_return_of_nothing() -> None:
    full = TributeReturned(1, 2, Cards.parse("5S"))
    nothing = TributeReturned(1, 2, Cards())
    for event in (full, nothing):
        assert seen_by([event], 1) == seen_by([event], 2) == (event,)
        (other,) = seen_by([event], 0)
        assert other.to_json() == {"event": "tribute-returned", "receiver": 1, "payer": 2,
                                   "cards": None}  # fmt: skip
        assert "5" not in other.describe() and "nothing" not in other.describe()
    assert nothing.to_json()["cards"] == "" and "nothing" in nothing.describe()


def test_a_return_move_names_its_card_to_its_two_seats_only() -> None:
    move = MovePlayed(1, siyaosi.MoveKind.RETURN, Cards.parse("5S"), to=2)
    assert move.to_json() == {"event": "move", "seat": 1, "kind": "return", "cards": "5S", "to": 2}
    assert seen_by([move], 2) == (move,)
    (other,) = seen_by([move], 3)
    assert other.to_json() == {"event": "move", "seat": 1, "kind": "return", "cards": None, "to": 2}
    assert isinstance(other, MovePlayed)
    with pytest.raises(CardrulesError) as err:
        _ = other.move
    assert err.value.code == "hidden-cards"
    play = MovePlayed(1, siyaosi.MoveKind.PLAY, Cards.parse("5S"))
    assert play.to_json() == {"event": "move", "seat": 1, "kind": "play", "cards": "5S"}
    assert seen_by([play], 3) == (play,)


def test_a_burial_shows_its_cards_to_the_burier_only() -> None:
    bury = SjMovePlayed(2, shengji.MoveKind.BURY, Cards.parse("3S 4S"))
    assert seen_by([bury], 2) == (bury,)
    (other,) = seen_by([bury], 0)
    assert other.to_json() == {"event": "move", "seat": 2, "kind": "bury", "cards": None}


def test_events_read_back_with_their_redacted_and_optional_fields() -> None:
    log: list[Event] = [
        MovePlayed(1, siyaosi.MoveKind.RETURN, None, to=2),
        TributeReturned(1, 2, None),
        MovePlayed(0, siyaosi.MoveKind.PLAY, Cards.parse("3S")),
    ]
    doc = siyaosi.events_to_json(log)
    jsonschema.validate(doc, schema_of("siyaosi.events"))
    assert siyaosi.events_from_json(json.dumps(doc)) == tuple(log)
    throw = SjMovePlayed(0, shengji.MoveKind.PLAY, Cards.parse("AS AS KS"),
                               forced=Cards.parse("KS"))  # fmt: skip
    doc = shengji.events_to_json([throw, *seen_by([throw], 1)])
    jsonschema.validate(doc, schema_of("shengji.events"))
    assert shengji.events_from_json(json.dumps(doc)) == (throw, *seen_by([throw], 1))
    move: JSON = {"event": "move", "seat": 0, "kind": "play", "cards": "3S", "to": None}
    bad = {"format": 1, "game": "siyaosi", "type": "events", "events": [move]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema_of("siyaosi.events"))


# ---------------------------------------------------------------------- declaring audiences
@pytest.mark.parametrize("game", ["siyaosi", "shengji"])
def test_every_event_class_declares_its_audience_in_its_own_body(game: str) -> None:
    entry = game_named(game)
    classes = siyaosi.EVENTS if game == "siyaosi" else shengji.EVENTS
    assert entry.events == classes
    assert all(callable(cls.__dict__.get("audience")) for cls in classes)
    check_event_classes(game, classes)


@attrs.frozen
class _Forgot(Event):
    NAME: ClassVar[str] = "forgot"
    seat: int


@attrs.frozen
class _Inherits(SeatOut):
    NAME: ClassVar[str] = "inherits"


@attrs.frozen
class _Declares(Event):
    NAME: ClassVar[str] = "declares"
    audience = public
    seat: int


def test_an_event_without_an_audience_is_refused_and_never_public() -> None:
    with pytest.raises(CardrulesError) as err:
        seen_by([_Forgot(0)], 0)
    assert err.value.code == "bad-game"
    for classes in ([_Forgot], [_Inherits], [], [_Declares, _Declares], [int]):
        with pytest.raises(CardrulesError) as err:
            check_event_classes("toy", classes)  # type: ignore[arg-type]
        assert err.value.code == "bad-game"
        assert "toy" in str(err.value)
    check_event_classes("toy", [_Declares])
    assert _Declares(0).audience() is EVERYONE


def test_a_game_whose_events_do_not_declare_an_audience_cannot_register() -> None:
    entry = game_named("siyaosi")
    assert isinstance(entry, GameEntry)
    toy = attrs.evolve(entry, name="toy", events=(*entry.events, _Forgot))
    with pytest.raises(CardrulesError) as err:
        register(toy)
    assert err.value.code == "bad-game" and "_Forgot" in str(err.value)
    with pytest.raises(CardrulesError):
        register(attrs.evolve(entry, name="toy", events=()))
    assert "toy" not in {g.name for g in all_games()}


def test_what_the_others_receive_must_be_public() -> None:
    hidden = TributeReturned(1, 2, Cards.parse("5S"))
    with pytest.raises(CardrulesError) as err:
        only((1,), others=hidden)
    assert err.value.code == "bad-game"
    assert only((1, 2), others=None) == Audience(frozenset({1, 2}), None)


@attrs.frozen
class _Whisper(Event):
    """An event only its seat receives, the others nothing."""

    NAME: ClassVar[str] = "whisper"
    seat: int

    def audience(self) -> Audience:
        return only((self.seat,), others=None)


def test_an_event_the_others_receive_nothing_of() -> None:
    events = [_Whisper(1), _Declares(1)]
    assert seen_by(events, 1) == tuple(events)
    assert seen_by(events, 0) == (_Declares(1),)
    with pytest.raises(CardrulesError):
        seen_by(events, True)


def _iter(events: Sequence[Event]) -> Iterator[Event]:
    yield from events


def test_seen_by_takes_any_iterable() -> None:
    events = [TributeReturned(1, 2, Cards.parse("5S"))]
    assert seen_by(_iter(events), 0) == seen_by(events, 0)
