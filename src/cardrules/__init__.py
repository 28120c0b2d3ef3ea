"""cardrules — the reference rules engine for 四幺四 (4A4) and 四副升级 (four-deck Shengji).

The core package holds what both games share: cards and notation (:class:`Card`, :class:`Cards`),
decks and seeded deals, variants as data, positions, move notation, the error hierarchy and the
case-file runner. Each game lives in its own package: :mod:`cardrules.siyaosi`,
:mod:`cardrules.shengji`, with the same API shape (``classify``, ``beats``, ``State``, ``Move``,
``legal_moves``, ``explain``, ``apply``, ``view``, ``to_json``/``from_json``, ``Variant``,
``load_variant``).
"""

from cardrules.cards import Card, Rank, Suit
from cardrules.codes import Code, CodeTable
from cardrules.deck import deal, full_deck, shuffled
from cardrules.errors import (
    CardrulesError,
    CaseFileError,
    Illegal,
    IllegalMoveError,
    ImpossibleCardsError,
    NotationError,
    PositionError,
    VariantError,
)
from cardrules.events import Event
from cardrules.game import Actor, GameState, GameView, MoveLike, ResultLike, TopLike
from cardrules.legal import Choice, Description, LegalMoves, PieceNeed, TooManyMovesError
from cardrules.move import MoveBase
from cardrules.multiset import Cards
from cardrules.notation import MoveText, parse_move_text
from cardrules.position import Position, load_position
from cardrules.registry import Game, StateUser, all_games, game_named
from cardrules.variant import VariantBase, list_presets, load_variant, variant_diff

__version__ = "0.1.0"

__all__ = [
    "Actor",
    "Card",
    "CardrulesError",
    "Cards",
    "CaseFileError",
    "Choice",
    "Code",
    "CodeTable",
    "Description",
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
    "PieceNeed",
    "Position",
    "PositionError",
    "Rank",
    "ResultLike",
    "StateUser",
    "Suit",
    "TooManyMovesError",
    "TopLike",
    "VariantBase",
    "VariantError",
    "all_games",
    "deal",
    "full_deck",
    "game_named",
    "list_presets",
    "load_position",
    "load_variant",
    "parse_move_text",
    "shuffled",
    "variant_diff",
]
