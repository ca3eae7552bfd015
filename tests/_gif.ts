// Reading GIF files in tests with an independent decoder (npm omggif), each
// frame composited over what the earlier ones left, then over white.

import omggif from "omggif";
import type { Picture } from "./_pixels.ts";

/** One frame as the file describes it, and the picture after it. */
export interface GifFrameInfo {
  x: number;
  y: number;
  width: number;
  height: number;
  delay: number;
  disposal: number;
  transparent: number | null;
  /** The whole image after this frame, over white. */
  picture: Picture;
}

/** A decoded GIF file. */
export interface GifFile {
  width: number;
  height: number;
  /** The loop count (0: forever), or null when the file has none. */
  loop: number | null;
  frames: GifFrameInfo[];
}

/** Decodes every frame of a GIF. */
export function readGif(bytes: Uint8Array): GifFile {
  const reader = new omggif.GifReader(bytes);
  const { width, height } = reader;
  const rgba = new Uint8Array(width * height * 4);
  const frames: GifFrameInfo[] = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    const info = reader.frameInfo(i);
    reader.decodeAndBlitFrameRGBA(i, rgba);
    const rgb = new Uint8Array(width * height * 3);
    for (let p = 0, o = 0; o < rgb.length; p += 4, o += 3) {
      const alpha = rgba[p + 3] / 255;
      for (let c = 0; c < 3; c++) {
        rgb[o + c] = Math.round(rgba[p + c] * alpha + 255 * (1 - alpha));
      }
    }
    frames.push({
      x: info.x,
      y: info.y,
      width: info.width,
      height: info.height,
      delay: info.delay,
      disposal: info.disposal,
      transparent: info.transparent_index,
      picture: { width, height, rgb },
    });
  }
  return { width, height, loop: reader.loopCount(), frames };
}

/** The rows `top` to `top + height` of a picture. */
export function rows(picture: Picture, top: number, height: number): Picture {
  const stride = picture.width * 3;
  return {
    width: picture.width,
    height,
    rgb: picture.rgb.slice(top * stride, (top + height) * stride),
  };
}

/** The pieces of an animation (as the renderer yields them), as one file. */
export function join(parts: Iterable<Uint8Array>): Uint8Array {
  const list = [...parts];
  const bytes = new Uint8Array(list.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of list) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
