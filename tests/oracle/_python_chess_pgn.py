"""Reads PGN files with python-chess and prints one JSON line per game:
the file's number (from 0), its tags, the FEN (en passant only when legal,
python-chess's default) of every position in the order
tests/oracle/pgn_diff_test.ts walks them (each move, then the variations
that replace it, depth first), and its errors.
Usage: python3 _python_chess_pgn.py FILE... (python-chess importable)."""

import json
import sys

import chess.pgn

# board.fen() of each board state met, by every field it reads: writing a
# FEN was half of the run, and the files' games share most positions (the
# openings' lines, a file and our writing of it).
fens_made = {}


def fen(board):
    if type(board) is not chess.Board:
        # a variant's FEN holds more (pockets, checks) than the key below
        return board.fen()
    key = (board.pawns, board.knights, board.bishops, board.rooks,
           board.queens, board.kings, board.occupied_co[chess.WHITE],
           board.occupied_co[chess.BLACK], board.promoted, board.turn,
           board.castling_rights, board.ep_square, board.halfmove_clock,
           board.fullmove_number, board.chess960, not board.move_stack)
    made = fens_made.get(key)
    if made is None:
        made = fens_made[key] = board.fen()
    return made


def walk(game):
    board = game.board()
    fens = [fen(board)]
    # (node whose children to visit, index of the next child)
    stack = [[game, 0, board.copy(stack=False)]]
    out = fens
    while stack:
        frame = stack[-1]
        node, index, position = frame
        if not node.variations:
            stack.pop()
            continue
        main = node.variations[0]
        if index == 0:
            after = position.copy(stack=False)
            after.push(main.move)
            out.append(fen(after))
            frame[1] = 1
            continue
        if index < len(node.variations):
            frame[1] = index + 1
            side = node.variations[index]
            after = position.copy(stack=False)
            after.push(side.move)
            out.append(fen(after))
            stack.append([side, 0, after])
            continue
        after = position.copy(stack=False)
        after.push(main.move)
        stack.pop()
        stack.append([main, 0, after])
    return fens


def record(number, game):
    record = {
        "file": number,
        "tags": list(game.headers.items()),
        "errors": [str(error) for error in game.errors],
    }
    try:
        record["fens"] = walk(game)
    except Exception as error:  # a move python-chess read but cannot push
        record["fens"] = []
        record["errors"].append(str(error))
    return record


for number, path in enumerate(sys.argv[1:]):
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            print(json.dumps(record(number, game)))
