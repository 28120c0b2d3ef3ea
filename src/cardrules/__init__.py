"""cardrules — the reference rules engine for 四幺四 (4A4) and 四副升级 (four-deck Shengji).

The core package holds what both games share: cards and notation (:class:`Card`, :class:`Cards`),
decks and seeded deals, variants as data, positions, move notation, the error hierarchy and the
case-file runner. Each game lives in its own package: :mod:`cardrules.siyaosi`,
:mod:`cardrules.shengji`, with the same API shape (``classify``, ``beats``, ``State``, ``Move``,
``legal_moves``, ``explain``, ``apply``, ``view``, ``to_json``/``from_json``, ``Variant``,
``load_variant``).

What a client of either game uses is exported here: the protocol (:class:`GameState`,
:class:`GameView`, :class:`Playable`), the bots and their driver (:class:`Bot`,
:class:`RandomBot`, :func:`play_round`, :func:`turns`, :func:`askers`), the judge
(:func:`judge`, :class:`Ruling`) and the case files (:func:`load_case_file`, :func:`rule_on`,
:func:`run_case`), the errors and their codes (:data:`ERROR_CODES`).
"""

from cardrules.bots import Bot, RandomBot, Turn, askers, play_round, turns
from cardrules.cards import Card, Rank, Suit
from cardrules.cases import Case, CaseFile, load_case_file, rule_on, run_case
from cardrules.codes import Code, CodeTable
from cardrules.deck import deal, full_deck, shuffled
from cardrules.errors import (
    ERROR_CODES,
    CardrulesError,
    CaseFileError,
    DocumentError,
    Illegal,
    IllegalMoveError,
    ImpossibleCardsError,
    NotationError,
    PositionError,
    RecordError,
    VariantError,
)
from cardrules.events import Event, read_events, write_events
from cardrules.game import Actor, GameState, GameView, MoveLike, Playable, ResultLike, TopLike
from cardrules.judge import Ruling, judge
from cardrules.legal import LegalMoves
from cardrules.move import MoveBase
from cardrules.multiset import Cards
from cardrules.notation import MoveText, for_seat, parse_move_text
from cardrules.position import Position, load_position
from cardrules.registry import Game, StateUser, all_games, game_named
from cardrules.variant import VariantBase, list_presets, load_variant, variant_diff

__version__ = "0.1.0"

__all__ = [
    "ERROR_CODES",
    "Actor",
    "Bot",
    "Card",
    "CardrulesError",
    "Cards",
    "Case",
    "CaseFile",
    "CaseFileError",
    "Code",
    "CodeTable",
    "DocumentError",
    "Event",
    "Game",
    "GameState",
    "GameView",
    "Illegal",
    "IllegalMoveError",
    "ImpossibleCardsError",
    "LegalMoves",
    "MoveBase",
    "MoveLike",
    "MoveText",
    "NotationError",
    "Playable",
    "Position",
    "PositionError",
    "RandomBot",
    "Rank",
    "RecordError",
    "ResultLike",
    "Ruling",
    "StateUser",
    "Suit",
    "TopLike",
    "Turn",
    "VariantBase",
    "VariantError",
    "all_games",
    "askers",
    "deal",
    "for_seat",
    "full_deck",
    "game_named",
    "judge",
    "list_presets",
    "load_case_file",
    "load_position",
    "load_variant",
    "parse_move_text",
    "play_round",
    "read_events",
    "rule_on",
    "run_case",
    "shuffled",
    "turns",
    "variant_diff",
    "write_events",
]
