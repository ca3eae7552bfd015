"""Reads a PGN file with python-chess and prints one JSON line per game:
its tags, the FEN (en passant only when legal, python-chess's default) of
every position in the order tests/oracle/pgn_diff_test.ts walks them (each
move, then the variations that replace it, depth first), and its errors.
Usage: python3 _python_chess_pgn.py FILE (python-chess importable)."""

import json
import sys

import chess.pgn


def walk(game):
    board = game.board()
    fens = [board.fen()]
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
            out.append(after.fen())
            frame[1] = 1
            continue
        if index < len(node.variations):
            frame[1] = index + 1
            side = node.variations[index]
            after = position.copy(stack=False)
            after.push(side.move)
            out.append(after.fen())
            stack.append([side, 0, after])
            continue
        after = position.copy(stack=False)
        after.push(main.move)
        stack.pop()
        stack.append([main, 0, after])
    return fens


with open(sys.argv[1], encoding="utf-8-sig", errors="replace") as handle:
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        record = {
            "tags": list(game.headers.items()),
            "errors": [str(error) for error in game.errors],
        }
        try:
            record["fens"] = walk(game)
        except Exception as error:  # a move python-chess read but cannot push
            record["fens"] = []
            record["errors"].append(str(error))
        print(json.dumps(record))
