"""Variant games read (and made) by python-chess, one JSON line per game:
the game's PGN text when python-chess wrote it, and the FEN python-chess
gives every mainline position (en passant only when legal; crazyhouse
pockets in brackets with promoted pieces; three-check's remaining checks
before the clocks), with the errors it met.
Usage: python3 _python_chess_variant_games.py random GAMES SEED
       python3 _python_chess_variant_games.py read FILE...
       python3 _python_chess_variant_games.py moves FILE
(python-chess importable). `moves` prints, one line a mainline position,
its legal moves in UCI, sorted."""

import json
import random
import sys

import chess
import chess.pgn
import chess.variant

BOARDS = [
    chess.Board,
    chess.variant.CrazyhouseBoard,
    chess.variant.ThreeCheckBoard,
    chess.variant.KingOfTheHillBoard,
    chess.variant.AtomicBoard,
    chess.variant.AntichessBoard,
    chess.variant.HordeBoard,
    chess.variant.RacingKingsBoard,
]


def fen(board):
    """The FEN, en passant written when a legal move captures there: as
    python-chess's own fen() does, but for atomic, where has_legal_en_passant
    judges by standard chess's rules what its legal moves refuse (an
    en-passant capture exploding the capturer's own king)."""
    if board.ep_square is not None and not any(
            board.is_en_passant(m) for m in board.legal_moves):
        board = board.copy(stack=False)
        board.ep_square = None
    return board.fen()


def fens(game):
    board = game.board()
    out = [fen(board)]
    for move in game.mainline_moves():
        board.push(move)
        out.append(fen(board))
    return out


def random_games(count, seed):
    rng = random.Random(seed)
    for Board in BOARDS + ["chess960"]:
        for _ in range(count):
            if Board == "chess960":
                board = chess.Board.from_chess960_pos(rng.randrange(960))
            else:
                board = Board()
            for _ in range(rng.randrange(10, 200)):
                moves = list(board.legal_moves)
                if not moves or board.is_variant_end():
                    break
                board.push(rng.choice(moves))
            game = chess.pgn.Game.from_board(board)
            outcome = board.outcome()
            game.headers["Result"] = "*" if outcome is None else outcome.result()
            text = str(game)
            print(json.dumps({"pgn": text, "fens": fens(game)}))


def read(path):
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            print(json.dumps({
                "variant": game.headers.get("Variant", ""),
                "fens": fens(game),
                "errors": [str(e) for e in game.errors],
            }))


def moves(path):
    with open(path, encoding="utf-8-sig") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.board()
            print(" ".join(sorted(m.uci() for m in board.legal_moves)))
            for move in game.mainline_moves():
                board.push(move)
                print(" ".join(sorted(m.uci() for m in board.legal_moves)))


if sys.argv[1] == "random":
    random_games(int(sys.argv[2]), int(sys.argv[3]))
elif sys.argv[1] == "moves":
    moves(sys.argv[2])
else:
    for path in sys.argv[2:]:
        read(path)
