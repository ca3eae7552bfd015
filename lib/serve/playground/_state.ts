/// <reference lib="dom" />
// The page's state, read from its controls and carried by share links
// (`#fen=...&flip=1...`) and the service's image URLs.

import { element } from "./_dom.ts";

/** The board's width on the page and in the image links. */
export const SIZE = 360;

/** The page's state: what the share link and the image URLs carry. */
export interface State {
  fen: string;
  /** The rules the record is read by (`chess` unless chosen). */
  variant: string;
  flip: boolean;
  theme: string;
  pieces: string;
  coordinates: string;
  lastMove: string;
  arrows: string;
  squares: string;
  /** The position shown when the input is a game: plies from its start. */
  ply: string;
}

/** The controls that hold the state, by state key. */
export const FIELDS = {
  fen: "input",
  variant: "variant",
  theme: "theme",
  pieces: "pieces",
  coordinates: "coordinates",
  lastMove: "lastmove",
  arrows: "arrows",
  squares: "squares",
} as const;

/** The state the controls hold. */
export function readState(): State {
  const value = (id: string) => element<HTMLInputElement>(id).value;
  return {
    fen: value(FIELDS.fen),
    variant: value(FIELDS.variant) || "chess",
    flip: element<HTMLInputElement>("flip").checked,
    theme: value(FIELDS.theme),
    pieces: value(FIELDS.pieces),
    coordinates: value(FIELDS.coordinates),
    lastMove: value(FIELDS.lastMove).trim(),
    arrows: value(FIELDS.arrows).trim(),
    squares: value(FIELDS.squares).trim(),
    // Until the slider is moved (or a link names a ply), a game is shown
    // at its last position; the slider's own value is clamped to its range.
    ply: element("ply").dataset.ply ?? "",
  };
}

/** Restores the state a share link carries (`#fen=...&flip=1...`). */
export function restoreState(hash: string): void {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  for (const [key, id] of Object.entries(FIELDS)) {
    const value = params.get(key);
    if (value !== null) element<HTMLInputElement>(id).value = value;
  }
  element<HTMLInputElement>("flip").checked = params.get("flip") === "1";
  const ply = params.get("ply");
  if (ply !== null && /^\d{1,4}$/.test(ply)) element("ply").dataset.ply = ply;
}

/** The share link's fragment for the state. */
export function shareHash(state: State): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    if (state[key] !== "" && !(key === "variant" && state[key] === "chess")) {
      params.set(key, state[key]);
    }
  }
  if (state.flip) params.set("flip", "1");
  if (state.ply !== "") params.set("ply", state.ply);
  return "#" + params.toString();
}

/** The service's URL at `path` for `subject` (fen= or pgn=) in the look. */
function serviceUrl(
  path: string,
  subject: [string, string],
  state: State,
): { url: string; params: URLSearchParams } {
  const params = new URLSearchParams([subject, ["size", String(SIZE)]]);
  if (state.variant !== "chess") params.set("variant", state.variant);
  if (state.flip) params.set("flip", "true");
  params.set("theme", state.theme);
  params.set("pieces", state.pieces);
  params.set("coordinates", state.coordinates);
  const server = element<HTMLInputElement>("server").value.replace(/\/+$/, "");
  return { url: `${server}${path}`, params };
}

/** The service's URL for this board as `kind` (the command's names). */
export function imageUrl(
  state: State,
  fen: string,
  kind: "png" | "gif",
): string {
  const { url, params } = serviceUrl(`/board.${kind}`, ["fen", fen], state);
  if (state.lastMove !== "") params.set("lastMove", state.lastMove);
  // GIFs draw no arrows: the GIF link leaves them out rather than fail.
  if (state.arrows !== "" && kind === "png") params.set("arrow", state.arrows);
  if (state.squares !== "") params.set("highlight", state.squares);
  return `${url}?${params}`;
}

/** The service's URL for the game as an animated GIF. */
export function gameUrl(state: State, pgn: string): string {
  const { url, params } = serviceUrl("/game.gif", ["pgn", pgn], state);
  return `${url}?${params}`;
}

/** The download, image, share and embed links for what is shown. */
export function updateLinks(
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
