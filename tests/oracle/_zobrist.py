"""Prints random positions and their Polyglot keys, computed by python-chess
(chess.polyglot.zobrist_hash), as `FEN<TAB>key` lines: positions of random
games (en-passant squares kept as the move left them, capturable or not)
and random placements with kings and an en-passant square.

Usage: python3 _zobrist.py COUNT SEED (python-chess importable).
"""
import random
import sys

import chess
import chess.polyglot


def game_positions(rng, count):
    out = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randrange(0, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            if rng.random() < 0.3:
                out.append(board.copy())
    return out[:count]


def placement_positions(rng, count):
    out = []
    pieces = "PNBRQpnbrq"
    while len(out) < count:
        board = chess.Board(None)
        squares = rng.sample(range(64), rng.randrange(2, 24))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square in squares[2:]:
            piece = chess.Piece.from_symbol(rng.choice(pieces))
            if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            board.set_piece_at(square, piece)
        board.turn = rng.random() < 0.5
        rank = 5 if board.turn == chess.WHITE else 2
        board.ep_square = chess.square(rng.randrange(8), rank)
        out.append(board)
    return out


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    boards = game_positions(rng, count // 2) + placement_positions(rng, count - count // 2)
    for board in boards:
        key = chess.polyglot.zobrist_hash(board)
        print(f"{board.fen(en_passant='fen')}\t{key:016x}")


main()
