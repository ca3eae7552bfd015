"""Counts what an opening explorer lists for games of any variant,
independently, with python-chess's variant boards: for each position of the
games' mainlines up to MAX_PLY, told apart by the variant (standard chess
and Chess960 together, as lichess keys them) and python-chess's own
identity of a position (`_transposition_key`: the pieces, side to move,
castling, a legal en-passant square, and crazyhouse's pockets and promoted
pieces, three-check's remaining checks), the games that reached it by
result, and each move played there with its results. A game counts once
per position and per move, with its Result tag; games with another result
are left out. Prints JSON lines in first-reached order, moves most played
first (ties: by UCI): the variant's UCI name, the FEN, the counts.

Usage: python3 _variant_count.py PGN MAX_PLY
"""
import json
import sys

import chess
import chess.pgn
import chess.variant

path, max_ply = sys.argv[1], int(sys.argv[2])
FIELDS = {"1-0": "white", "0-1": "black", "1/2-1/2": "draws"}

nodes, order = {}, []
with open(path) as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        field = FIELDS.get(game.headers.get("Result"))
        if field is None:
            continue
        board = game.board()
        moves = list(game.mainline_moves())
        seen_nodes, seen_moves = set(), set()
        for ply in range(0, min(max_ply, len(moves)) + 1):
            key = (board.uci_variant, board._transposition_key())
            if key not in nodes:
                nodes[key] = {"variant": board.uci_variant,
                              "fen": board.fen(shredder=board.chess960),
                              "white": 0, "draws": 0, "black": 0, "moves": {}}
                order.append(key)
            node = nodes[key]
            if key not in seen_nodes:
                seen_nodes.add(key)
                node[field] += 1
            if ply == len(moves) or ply == max_ply:
                break
            move = moves[ply]
            uci = board.uci(move, chess960=board.chess960)
            if (key, uci) not in seen_moves:
                seen_moves.add((key, uci))
                line = node["moves"].setdefault(uci, {
                    "san": board.san(move), "white": 0, "draws": 0, "black": 0})
                line[field] += 1
            board.push(move)

for key in order:
    node = nodes[key]
    moves = sorted(node["moves"].items(), key=lambda item: (
        -(item[1]["white"] + item[1]["draws"] + item[1]["black"]), item[0]))
    node["moves"] = [[uci, m["san"], m["white"], m["draws"], m["black"]]
                     for uci, m in moves]
    print(json.dumps(node))
