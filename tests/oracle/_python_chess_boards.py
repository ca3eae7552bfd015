"""The rules values of fen's lichess variants and python-chess's boards for
them, and a random change of a position, shared by the oracle scripts
beside this file."""

import chess
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


PIECES = [chess.Piece(t, c) for t in chess.PIECE_TYPES for c in chess.COLORS]


def mutate(board, rng):
    """The position with one random change: a piece added, one removed, or
    the other side to move (most such positions are illegal somehow)."""
    board = board.copy(stack=False)
    kind = rng.randrange(3)
    if kind == 0:
        empty = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
        if empty:
            board.set_piece_at(rng.choice(empty), rng.choice(PIECES))
    elif kind == 1:
        occupied = list(chess.scan_forward(board.occupied))
        if occupied:
            board.remove_piece_at(rng.choice(occupied))
    else:
        board.turn = not board.turn
        board.ep_square = None
    # the FEN writes the rights python-chess keeps (clean ones): judge those
    board.castling_rights = board.clean_castling_rights()
    return board
