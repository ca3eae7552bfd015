"""Prints, for each position of the given games up to a ply, the entries
python-chess's reader (chess.polyglot.MemoryMappedReader.find_all) gives
for it in a book, as JSON lines: {"fen", "moves": [{"uci", "san",
"weight", "learn"}]}.

Usage: python3 _book_probe.py BOOK PGN MAX_PLY (python-chess importable).
"""
import json
import sys

import chess
import chess.pgn
import chess.polyglot

book, pgn_path, max_ply = sys.argv[1], sys.argv[2], int(sys.argv[3])
seen = set()
with chess.polyglot.open_reader(book) as reader, open(pgn_path) as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            if ply >= max_ply:
                break
            fen = board.fen()
            if fen not in seen:
                seen.add(fen)
                moves = [
                    {"uci": e.move.uci(), "san": board.san(e.move),
                     "weight": e.weight, "learn": e.learn}
                    for e in reader.find_all(board)
                ]
                print(json.dumps({"fen": fen, "moves": moves}))
            board.push(move)
