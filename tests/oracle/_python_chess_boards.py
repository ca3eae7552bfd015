"""The rules values of fen's lichess variants and python-chess's boards for
them, shared by the oracle scripts beside this file."""

import chess.variant

VARIANTS = {
    "crazyhouse": chess.variant.CrazyhouseBoard,
    "threecheck": chess.variant.ThreeCheckBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "atomic": chess.variant.AtomicBoard,
    "antichess": chess.variant.AntichessBoard,
    "horde": chess.variant.HordeBoard,
    "racingkings": chess.variant.RacingKingsBoard,
}
