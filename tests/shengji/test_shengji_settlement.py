"""A round's settlement, as a player reads it and as a server reads it from a stranger: the
sentence a round-scored event shows, and ``check_settlement`` refusing, with
:class:`~cardrules.errors.PositionError` (key ``last``), a settlement that does not follow from
its own points, banker and levels — SJ-LEVEL-1 (The level table), SJ-LEVEL-2 (Rising past A),
SJ-LEVEL-3 (The next banker), SJ-LEVEL-5 (The jack penalty), SJ-MATCH-2 (The end of the match),
SJ-MATCH-3 (The match score). Real settlements (random matches, ``settle``) are accepted; each
is then tampered with one claim at a time."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from cardrules.cards import Rank
from cardrules.errors import DocumentError, PositionError
from cardrules.shengji import Match, Settlement, Variant, load_variant
from cardrules.shengji.levels import check_settlement, settle

FOUR = load_variant("four-deck")
JACK = FOUR.replace(jack_penalty="single_jack")
THREE_ROUNDS = FOUR.replace(match_rounds=3)  # 整局: scored as a whole match (S-HOUSE-8)
SIX = FOUR.replace(players=6, kitty=12)

SEATS = "a settlement of 4 seats"
FOLLOW = "does not follow from its points, banker and levels at this table"
JACK_DROP = "a jack penalty sends the banker team to 2"


def _settled(
    variant: Variant,
    levels: tuple[str, str],
    banker: int,
    points: int,
    *,
    round_number: int = 2,
    jack_drop: bool = False,
) -> Settlement:
    return settle(
        variant,
        round_number=round_number,
        levels=(Rank.parse(levels[0]), Rank.parse(levels[1])),
        banker=banker,
        attacker_points=points,
        scores=(0,) * variant.players,
        penalties=(0,) * variant.players,
        jack_drop=jack_drop,
    )


#: The banker team (team 0, at 4) holds on 100 points: +1 to 5, the partner banks next.
HELD = _settled(FOUR, ("4", "2"), 0, 100)
#: 240 points take the bank from seat 0 and raise team 1 one level; seat 1 banks next.
TAKEN = _settled(FOUR, ("4", "2"), 0, 240)
#: 160 points take the bank from seat 3 without a rise; seat 0 banks next.
TAKEN_FLAT = _settled(FOUR, ("4", "2"), 3, 160)
#: A shutout from K: two levels count, the second passes A and wins the match.
PAST_A = _settled(FOUR, ("K", "5"), 0, 0)
#: 打J被J扣底回2: the banker team at J holds on 60 points, then falls back to 2.
DROPPED = _settled(JACK, ("J", "5"), 0, 60, jack_drop=True)
#: The same with J a gate (必打, SJ-LEVEL-4) and seat 2 banking: a team that holds at its gate
#: passes it, so it rises 2 before the fall back to 2.
JACK_GATE = JACK.replace(gates=["J"])
DROPPED_AT_GATE = _settled(JACK_GATE, ("J", "9"), 2, 60, jack_drop=True)
#: The last round of a three-round 整局 match: team 1 holds and leads 8 to 5.
LAST_ROUND = _settled(THREE_ROUNDS, ("5", "7"), 1, 100, round_number=3)
#: The last round of a three-round match ends level: a draw.
DRAWN = _settled(THREE_ROUNDS, ("5", "5"), 1, 200, round_number=3)
#: The attackers at A take the bank and pass A while the banker team stands at 2.
TAKEN_PAST_A = _settled(JACK, ("2", "A"), 0, 240)

SOUND: dict[str, tuple[Settlement, Variant]] = {
    "held": (HELD, FOUR),
    "taken": (TAKEN, FOUR),
    "taken-flat": (TAKEN_FLAT, FOUR),
    "past-a": (PAST_A, FOUR),
    "dropped": (DROPPED, JACK),
    "dropped-at-a-gate": (DROPPED_AT_GATE, JACK_GATE),
    "dropped-after-a-take-over": (_settled(JACK, ("J", "5"), 0, 300, jack_drop=True), JACK),
    "last-round": (LAST_ROUND, THREE_ROUNDS),
    "drawn": (DRAWN, THREE_ROUNDS),
    "taken-past-a": (TAKEN_PAST_A, JACK),
    "six-seats": (_settled(SIX, ("3", "3"), 5, 40), SIX),
}


def _refusal(last: Settlement, variant: Variant) -> PositionError:
    with pytest.raises(PositionError) as caught:
        check_settlement(last, variant)
    assert caught.value.key == "last"
    assert str(caught.value) == f"position key 'last': {caught.value.detail}"
    return caught.value


def _played(seed: int, rounds: int) -> list[Settlement]:
    """The settlements of the first ``rounds`` rounds of a random four-deck match."""
    match = Match.new(FOUR, seed=seed)
    rng = random.Random(seed)
    out: list[Settlement] = []
    while len(out) < rounds and not match.is_over:
        match = match.apply(match.random_move(rng))
        if match.last is not None and (not out or match.last is not out[-1]):
            out.append(match.last)
    return out


@pytest.mark.parametrize("name", list(SOUND))
def test_a_settlement_settle_made_is_accepted(name: str) -> None:
    """Holds, take-overs with and without a rise, past A, jack drops (one at a gate), the end of a
    match of rounds and a draw, at four seats and six: what settle makes, the check accepts."""
    last, variant = SOUND[name]
    check_settlement(last, variant)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_rounds_are_accepted_and_any_changed_claim_refused(seed: int) -> None:
    """Each settlement of a random match passes; flipping whether the bank held or whether the
    match is over, naming another next banker or moving the score is refused."""
    played = _played(seed, 5)
    assert len(played) == 5
    for last in played:
        check_settlement(last, FOUR)
        for changed in (
            attrs.evolve(last, holds=not last.holds),
            attrs.evolve(last, over=not last.over),
            attrs.evolve(last, next_banker=(last.next_banker + 1) % 4),
            attrs.evolve(last, score=(last.score[0] + 3, last.score[1])),
        ):
            assert _refusal(changed, FOUR).detail == FOLLOW


# (what is claimed, the settlement, its table, the changed fields, the refusal's words)
TAMPERED: list[tuple[str, Settlement, Variant, dict[str, Any], str]] = [
    # the table's seats
    ("banker-past-the-last-seat", HELD, FOUR, {"banker": 4}, SEATS),
    ("banker-below-seat-0", HELD, FOUR, {"banker": -2}, SEATS),
    ("a-score-short", HELD, FOUR, {"scores": (3, -3, 3)}, SEATS),
    ("a-score-too-many", HELD, FOUR, {"scores": (3, -3, 3, -3, 0)}, SEATS),
    (
        "four-scores-at-six-seats",
        SOUND["six-seats"][0],
        SIX,
        {"scores": (0,) * 4},
        "a settlement of 6 seats",
    ),
    # SJ-LEVEL-1: whether the bank held, and the band
    ("a-hold-claimed-as-a-take-over", HELD, FOUR, {"holds": False}, FOLLOW),
    ("a-take-over-claimed-as-a-hold", TAKEN, FOUR, {"holds": True}, FOLLOW),
    ("points-past-the-take-over", HELD, FOUR, {"attacker_points": 160}, FOLLOW),
    ("points-in-another-band", HELD, FOUR, {"attacker_points": 75}, FOLLOW),
    (
        "rises-beyond-the-band",
        HELD,
        FOUR,
        {"rises": 2, "levels": (Rank.SIX, Rank.TWO), "score": (6, -6)},
        FOLLOW,
    ),
    (
        "rises-short-of-the-band",
        HELD,
        FOUR,
        {"rises": 0, "levels": (Rank.FOUR, Rank.TWO), "score": (0, 0)},
        FOLLOW,
    ),
    (
        "a-take-over-rises-beyond-its-points",
        TAKEN,
        FOUR,
        {"rises": 2, "levels": (Rank.FOUR, Rank.FOUR), "score": (-6, 6)},
        FOLLOW,
    ),
    (
        "risen-from-below-2",
        _settled(FOUR, ("2", "2"), 0, 100),
        FOUR,
        {"rises": 2, "score": (6, -6)},
        FOLLOW,
    ),
    # SJ-LEVEL-3: the next banker
    ("the-banker-not-the-partner-after-a-hold", HELD, FOUR, {"next_banker": 0}, FOLLOW),
    ("the-partner-after-a-take-over", TAKEN, FOUR, {"next_banker": 2}, FOLLOW),
    # SJ-LEVEL-5: the jack drop
    ("a-jack-drop-read-at-a-table-without-the-switch", DROPPED, FOUR, {}, JACK_DROP),
    (
        "a-drop-to-2-claimed-where-the-switch-is-off",
        HELD,
        FOUR,
        {"dropped": True, "levels": (Rank.TWO, Rank.TWO)},
        JACK_DROP,
    ),
    (
        "a-jack-drop-that-left-the-banker-above-2",
        DROPPED,
        JACK,
        {"levels": (Rank.THREE, Rank.FIVE)},
        JACK_DROP,
    ),
    ("a-jack-drop-after-passing-a", TAKEN_PAST_A, JACK, {"dropped": True}, JACK_DROP),
    # a bank held at J rose by its band before the drop: no other rise (the check once allowed
    # anything from 0 up to the band's)
    ("a-held-jack-drop-that-rose-nothing", DROPPED, JACK, {"rises": 0, "score": (0, 0)}, FOLLOW),
    ("a-held-jack-drop-that-rose-less", DROPPED, JACK, {"rises": 1, "score": (3, -3)}, FOLLOW),
    # SJ-LEVEL-2, SJ-MATCH-2: past A, the end and the winner
    ("past-a-claimed", HELD, FOUR, {"past_a": True}, FOLLOW),
    ("past-a-denied", PAST_A, FOUR, {"past_a": False}, FOLLOW),
    ("past-a-without-the-end", PAST_A, FOUR, {"over": False, "winner": None}, FOLLOW),
    ("the-end-claimed-early", HELD, FOUR, {"over": True}, FOLLOW),
    (
        "the-last-round-not-the-end",
        LAST_ROUND,
        THREE_ROUNDS,
        {"over": False, "winner": None},
        FOLLOW,
    ),
    ("a-winner-before-the-end", HELD, FOUR, {"winner": 0}, FOLLOW),
    ("the-trailing-team-wins", LAST_ROUND, THREE_ROUNDS, {"winner": 0}, FOLLOW),
    ("a-draw-claimed-won", DRAWN, THREE_ROUNDS, {"winner": 1}, FOLLOW),
    ("the-team-past-a-loses", PAST_A, FOUR, {"winner": 1}, FOLLOW),
    # SJ-MATCH-3: the score
    ("a-score-off-by-one", HELD, FOUR, {"score": (3, -2)}, FOLLOW),
    ("a-take-over-without-a-rise-scores", TAKEN_FLAT, FOUR, {"score": (3, -3)}, FOLLOW),
    ("round-scoring-in-a-whole-match", LAST_ROUND, THREE_ROUNDS, {"score": (-3, 3)}, FOLLOW),
]


@pytest.mark.parametrize(
    ("last", "variant", "changes", "detail"),
    [pytest.param(*rest, id=name) for name, *rest in TAMPERED],
)
def test_a_tampered_settlement_is_refused(
    last: Settlement, variant: Variant, changes: dict[str, Any], detail: str
) -> None:
    """One claim changed — the seats, the band, the next banker, the jack drop, past A, the end,
    the winner, the score — and the settlement is refused, saying why."""
    assert _refusal(attrs.evolve(last, **changes), variant).detail == detail


def test_a_tampered_settlement_in_a_match_document_is_refused_naming_last() -> None:
    """A saved match whose last settlement was changed is refused as a document, naming the
    field ``last`` and why."""
    match = Match.new(FOUR, seed=3)
    rng = random.Random(3)
    while match.last is None or match.last.round < 2:
        match = match.apply(match.random_move(rng))
    doc = match.to_json()
    assert Match.from_json(json.dumps(doc)).last == match.last
    last = doc["last"]
    assert isinstance(last, dict)
    for field, value, detail in [
        ("holds", not last["holds"], FOLLOW),
        ("score", [9, -9], FOLLOW),
        ("attacker_points", 100, FOLLOW),
        ("dropped", True, JACK_DROP),
    ]:
        changed = json.loads(json.dumps(doc))
        changed["last"][field] = value
        with pytest.raises(DocumentError) as caught:
            Match.from_json(json.dumps(changed))
        assert (caught.value.key, caught.value.detail) == ("last", detail)
        assert str(caught.value) == f"not a shengji match: field 'last': {detail}"


def test_a_settlement_reads_as_one_sentence() -> None:
    """The words a round-scored event shows: the points, who held or took the bank, who rose
    how far (past A said so), the levels after, the score and the next banker."""
    assert HELD.describe() == (
        "round 2: attackers 100 points, the banker team holds, team 0 rises 1; levels 5 / 2; "
        "score +3 / -3; next banker seat 2"
    )
    assert TAKEN.describe() == (
        "round 2: attackers 240 points, the attackers take the bank, team 1 rises 1; "
        "levels 4 / 3; score -3 / +3; next banker seat 1"
    )
    assert TAKEN_FLAT.describe() == (
        "round 2: attackers 160 points, the attackers take the bank, nobody rises; "
        "levels 4 / 2; score +0 / +0; next banker seat 0"
    )
    assert PAST_A.describe() == (
        "round 2: attackers 0 points, the banker team holds, team 0 rises 2, past A; "
        "levels A / 5; score +6 / -6; next banker seat 2"
    )
    assert DROPPED.describe() == (
        "round 2: attackers 60 points, the banker team holds, team 0 rises 2, then team 0 falls "
        "back to 2 (the jack penalty); levels 2 / 5; score +6 / -6; next banker seat 2"
    )
    assert DROPPED_AT_GATE.describe() == (
        "round 2: attackers 60 points, the banker team holds, team 0 rises 2, then team 0 falls "
        "back to 2 (the jack penalty); levels 2 / 9; score +6 / -6; next banker seat 0"
    )
    assert LAST_ROUND.describe() == (
        "round 3: attackers 100 points, the banker team holds, team 1 rises 1; levels 5 / 8; "
        "score -9 / +12; next banker seat 3"
    )
