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
(:class:`Ruling`; the rest is :mod:`cardrules.judge`: ``judge``, ``judge_case``,
``read_ruling`` and the ruling documents) and the case files (:func:`load_case_file`,
:func:`load_case_text`, :func:`rule_on`, :func:`run_case`), the errors and their codes
(:data:`ERROR_CODES`). The function ``judge`` is not exported here: the name is the module's,
and ``cardrules.judge`` stays the module a reader imports from.
"""

from importlib import metadata as _metadata

from cardrules.bots import Bot, RandomBot, Turn, askers, play_round, turns
from cardrules.cards import Card, Rank, Suit
from cardrules.cases import Case, CaseFile, load_case_file, load_case_text, rule_on, run_case
from cardrules.codes import COMMON_MEANINGS, Code, CodeTable, common_codes
from cardrules.deck import deal, full_deck, shuffled
from cardrules.errors import (
    ERROR_CODES,
    ArgumentError,
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
from cardrules.judge import Ruling
from cardrules.legal import (
    Choice,
    Description,
    LegalMoves,
    PieceNeed,
    TooManyMovesError,
    check_listable,
)
from cardrules.move import MoveBase
from cardrules.multiset import Cards
from cardrules.notation import MoveText, for_seat, parse_move_text
from cardrules.position import Position, load_position
from cardrules.registry import Game, StateUser, all_games, game_named
from cardrules.variant import VariantBase, list_presets, load_variant, variant_diff

try:
    #: The installed version (the package's metadata; ``0+unknown`` when run from a source tree
    #: that was never installed).
    __version__ = _metadata.version("cardrules")
except _metadata.PackageNotFoundError:  # pragma: no cover - a checkout on sys.path only
    __version__ = "0+unknown"

__all__ = [
    "COMMON_MEANINGS",
    "ERROR_CODES",
    "Actor",
    "ArgumentError",
    "Bot",
    "Card",
    "CardrulesError",
    "Cards",
    "Case",
    "CaseFile",
    "CaseFileError",
    "Choice",
    "Code",
    "CodeTable",
    "Description",
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
    "PieceNeed",
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
    "TooManyMovesError",
    "TopLike",
    "Turn",
    "VariantBase",
    "VariantError",
    "all_games",
    "askers",
    "check_listable",
    "common_codes",
    "deal",
    "for_seat",
    "full_deck",
    "game_named",
    "list_presets",
    "load_case_file",
    "load_case_text",
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
