/// <reference lib="dom" />
// The playground page's script, bundled for the browser (`deno task
// playground`): the library itself reads the record, checks it and draws
// it; the PNG and GIF are the service's image URLs. Everything the user
// typed reaches the page as text (textContent), never as markup; the only
// markup inserted is the SVG our renderer wrote from the parsed position.

import { FenSyntaxError } from "../../errors.ts";
import { parseEpd } from "../../fen/epd.ts";
import { stringifyFen } from "../../fen/mod.ts";
import { checkPosition, type Problem } from "../../legality/mod.ts";
import { legalMoves, positionStatus } from "../../moves/mod.ts";
import {
  BOARD_THEMES,
  type BoardTheme,
  checkSvgOptions,
  COORDINATES,
  type Coordinates,
  parseArrows,
  parseSquareMarks,
  PIECE_SETS,
  type PieceSet,
  renderSvg,
  type RenderSvgOptions,
  type SquareMark,
} from "../../svg/mod.ts";
import { explain } from "../../fen/explain.ts";
import { parsePgn, PgnMoveError, PgnSyntaxError } from "../../pgn/mod.ts";
import type { Position } from "../../types.ts";
import { add, clear, element, fillSelect } from "./_dom.ts";
import {
  FIELDS,
  gameUrl,
  imageUrl,
  readState,
  restoreState,
  shareHash,
  SIZE,
  type State,
} from "./_state.ts";

/** The tint of squares a problem names. */
const PROBLEM_TINT = "#ff000066";

/** Shows a syntax error: the message, the record and a caret under it. */
function showSyntaxError(
  list: HTMLElement,
  text: string,
  error: FenSyntaxError,
): void {
  const item = add(
    list,
    "li",
    `error ${error.field}: ${error.message}`,
    "error",
  );
  add(
    item,
    "pre",
    `${text}\n${" ".repeat(error.offset)}^ column ${error.column}`,
    "caret",
  );
}

function describeStatus(position: Position): string {
  const status = positionStatus(position);
  const side = position.turn === "w" ? "White" : "Black";
  const parts = [`${side} to move`];
  if (status.checkmate) parts.push(`${side} is checkmated`);
  else if (status.check) {
    parts.push(`in check from ${status.checkers.join(", ")}`);
  }
  if (status.stalemate) parts.push("stalemate");
  if (status.insufficientMaterial) parts.push("insufficient material");
  if (status.seventyFiveMoves) parts.push("75-move rule: a draw");
  else if (status.fiftyMoves) parts.push("50-move rule: a draw may be claimed");
  parts.push(`${status.legalMoveCount} legal moves`);
  return parts.join("; ");
}

/** The diagram's options; a bad annotation is reported, not drawn. */
function drawingOptions(
  state: State,
  problems: Problem[],
  list: HTMLElement,
): RenderSvgOptions {
  const options: RenderSvgOptions = {
    style: "vector",
    size: SIZE,
    flip: state.flip,
    theme: state.theme as BoardTheme,
    pieces: state.pieces as PieceSet,
    coordinates: state.coordinates as Coordinates,
  };
  const tints: SquareMark[] = problems.flatMap((problem) =>
    problem.squares.map((square) => ({ square, color: PROBLEM_TINT }))
  );
  const annotations: [string, () => void][] = [
    ["arrows", () => options.arrows = parseArrows(state.arrows)],
    ["squares", () => tints.push(...parseSquareMarks(state.squares))],
    ["last move", () => {
      if (state.lastMove === "") return;
      const wrong = checkSvgOptions({ lastMove: state.lastMove });
      if (wrong !== null) throw new RangeError(wrong);
      options.lastMove = state.lastMove;
    }],
  ];
  for (const [name, read] of annotations) {
    try {
      read();
    } catch (error) {
      add(list, "li", `error ${name}: ${(error as Error).message}`, "error");
    }
  }
  if (tints.length > 0) options.highlight = tints;
  return options;
}

/** A position to show: from a FEN or EPD record, or a ply of a game. */
interface Shown {
  position: Position;
  lastMove: string;
  /** The game's text when the input is PGN (for the GIF link). */
  pgn: string | null;
}

/** Whether the input is a game rather than a record: tags or move numbers. */
function looksLikePgn(text: string): boolean {
  return /^\[/.test(text) || /^\d+\.\s*[a-zA-Z]/.test(text);
}

/** Shows a PGN error: the message, the line and a caret under the column. */
function showPgnError(
  list: HTMLElement,
  text: string,
  error: PgnSyntaxError | PgnMoveError,
): void {
  const item = add(list, "li", `error pgn: ${error.message}`, "error");
  const line = text.split("\n")[error.line - 1] ?? "";
  add(
    item,
    "pre",
    `${line}\n${" ".repeat(error.column - 1)}^ column ${error.column}`,
    "caret",
  );
}

/** The game's position at the state's ply; the slider follows the game. */
function gamePosition(text: string, state: State): Shown {
  const [game] = parsePgn(text);
  if (game === undefined) {
    throw new PgnSyntaxError({
      game: 1,
      line: 1,
      column: 1,
      reason: "no game",
    });
  }
  const plies = game.mainline.moves.length;
  const slider = element<HTMLInputElement>("ply");
  slider.max = String(plies);
  const wanted = state.ply === ""
    ? plies
    : Math.min(Number(state.ply) || 0, plies);
  slider.value = String(wanted);
  for (const at of game.positions()) {
    if (at.ply !== wanted) continue;
    const move = at.move;
    const number = Math.ceil(at.ply / 2);
    element("ply-label").textContent = move === null
      ? "the start"
      : `after ${number}${at.ply % 2 === 1 ? "." : "..."} ${move.san}`;
    return {
      position: at.toPosition(),
      lastMove: move === null || at.from === null ? "" : `${at.from}${at.to}`,
      pgn: text,
    };
  }
  throw new RangeError(`no position at ply ${wanted}`);
}

/** Reads the input: a game, else a FEN or EPD record. Null after an error. */
function readInput(
  text: string,
  state: State,
  list: HTMLElement,
): Shown | null {
  const game = looksLikePgn(text);
  element("ply-box").hidden = !game;
  try {
    if (game) return gamePosition(text, state);
    return { position: parseEpd(text).position, lastMove: "", pgn: null };
  } catch (error) {
    if (error instanceof FenSyntaxError) showSyntaxError(list, text, error);
    else if (error instanceof PgnSyntaxError || error instanceof PgnMoveError) {
      showPgnError(list, text, error);
    } else throw error;
    return null;
  }
}

/** Reads the record and shows everything about it. */
function update(): void {
  const state = readState();
  clear("board", "problems", "fen", "explain", "status", "moves", "verdict");
  const list = element("problems");
  const verdict = element("verdict");
  const text = state.fen.trim();
  const shown = readInput(text, state, list);
  if (shown === null) {
    verdict.textContent = looksLikePgn(text)
      ? "Not a PGN game"
      : "Not a FEN record";
    verdict.className = "bad";
    return;
  }
  const { position } = shown;
  const problems = checkPosition(position);
  const legal = problems.every((problem) => problem.severity !== "error");
  verdict.textContent = legal ? "Legal position" : "Illegal position";
  verdict.className = legal ? "good" : "bad";
  for (const problem of problems) {
    const where = problem.squares.length > 0
      ? ` (${problem.squares.join(", ")})`
      : "";
    add(
      list,
      "li",
      `${problem.severity} ${problem.code}: ${problem.message}${where}`,
      problem.severity,
    );
  }
  const fen = stringifyFen(position);
  element("fen").textContent = fen;
  if (shown.pgn === null) {
    for (const note of explain(text, {})) add(element("explain"), "li", note);
  }
  if (legal) {
    element("status").textContent = describeStatus(position);
    element("moves").textContent =
      legalMoves(position, { notation: "san" }).join(" ") || "none";
  }
  const drawn = shown.lastMove !== "" && state.lastMove === ""
    ? { ...state, lastMove: shown.lastMove }
    : state;
  const options = drawingOptions(drawn, problems, list);
  const svg = renderSvg(position, options); // from the parsed position: no input markup
  element("board").innerHTML = svg;
  updateLinks(drawn, fen, svg, shown.pgn);
}

function updateLinks(
  state: State,
  fen: string,
  svg: string,
  pgn: string | null,
): void {
  // The link holds the page's one object URL: the old one is let go.
  const download = element<HTMLAnchorElement>("download-svg");
  if (download.href.startsWith("blob:")) URL.revokeObjectURL(download.href);
  download.href = URL.createObjectURL(
    new Blob([svg], { type: "image/svg+xml" }),
  );
  const png = imageUrl(state, fen, "png");
  element<HTMLAnchorElement>("png-link").href = png;
  element<HTMLAnchorElement>("gif-link").href = pgn === null
    ? imageUrl(state, fen, "gif")
    : gameUrl(state, pgn);
  const hash = shareHash(state);
  const share = element<HTMLAnchorElement>("share");
  share.href = hash;
  history.replaceState(null, "", hash);
  element("markdown").textContent = `![${fen}](${png})`;
  const alt = fen.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll(
    "<",
    "&lt;",
  );
  const src = png.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  element("html").textContent =
    `<img src="${src}" alt="${alt}" width="${SIZE}" height="${SIZE}">`;
}

function start(): void {
  fillSelect("theme", Object.keys(BOARD_THEMES));
  fillSelect("pieces", PIECE_SETS);
  fillSelect("coordinates", [...COORDINATES].reverse());
  const server = element<HTMLInputElement>("server");
  server.value = location.protocol.startsWith("http")
    ? location.origin
    : "http://127.0.0.1:8080";
  if (location.hash.length > 1) restoreState(location.hash);
  const ply = element<HTMLInputElement>("ply");
  ply.addEventListener("input", () => {
    ply.dataset.ply = ply.value;
    update();
  });
  // A new game is shown at its end until the slider is moved.
  element("input").addEventListener("input", () => delete ply.dataset.ply);
  for (const id of [...Object.values(FIELDS), "flip", "server"]) {
    element(id).addEventListener("input", update);
    element(id).addEventListener("change", update);
  }
  update();
}

start();
