"""Tags puzzle lines with lichess-puzzler's tagger (tagger/cook.py), the
oracle of puzzleThemes. Reads one JSON object a line on stdin
({"fen", "moves": [UCI...], "cp"}) and writes, one JSON line each, the
sorted themes cook() gives, or {"error": ...} if it fails.
Usage: python3 _lichess_tagger.py TAGGER_DIR (python-chess importable;
TAGGER_DIR holds lichess-puzzler's tagger folder's files)."""

import json
import logging
import sys

sys.path.insert(0, sys.argv[1])

import chess  # noqa: E402
import chess.pgn  # noqa: E402

import cook  # noqa: E402
from model import Puzzle  # noqa: E402

logging.disable(logging.CRITICAL)


def kept(board):
    """board() for a node: a copy of its board, made once. cook.py asks a
    node for its board again and again, and python-chess makes it each time
    from the FEN and every move since (three quarters of the oracle's run)."""
    return lambda: board.copy()


def themes(doc):
    board = chess.Board(doc["fen"])
    node = chess.pgn.Game.from_board(board)
    node.board = kept(board.copy())
    for uci in doc["moves"]:
        node = node.add_main_variation(chess.Move.from_uci(uci))
        board.push(node.move)
        node.board = kept(board.copy())
    return sorted(cook.cook(Puzzle("oracle", node.game(), int(doc["cp"]))))


for line in sys.stdin:
    doc = json.loads(line)
    try:
        out = themes(doc)
    except Exception as error:  # the oracle's failure is reported, not fatal
        out = {"error": repr(error)}
    print(json.dumps(out))
