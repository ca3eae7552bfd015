// The outside renderers the e2e tests draw SVG with: headless Chromium and
// librsvg's rsvg-convert, found on PATH, and a fontconfig setup with no
// fonts at all, so that a drawing that needs a font shows it.

import { pathToFileURL } from "node:url";
import { DevToolsPage } from "./_devtools.ts";

/** Where a tool is, or why it is not there. */
export interface Tool {
  path?: string;
  reason: string;
}

/** Looks for an executable on PATH (and in /usr/bin). */
export function findTool(name: string, install: string): Tool {
  const dirs = ["/usr/bin", ...(Deno.env.get("PATH") ?? "").split(":")];
  for (const dir of dirs) {
    if (dir === "") continue;
    try {
      if (Deno.statSync(`${dir}/${name}`).isFile) {
        return { path: `${dir}/${name}`, reason: "" };
      }
    } catch {
      // not there: look further
    }
  }
  return {
    reason:
      `no ${name} on PATH (install the Debian package: apt-get install ${install})`,
  };
}

/** A fontconfig file that lists no font directory: no font at all. */
export async function noFonts(dir: string): Promise<Record<string, string>> {
  const file = `${dir}/fonts.conf`;
  await Deno.writeTextFile(
    file,
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n' +
      `<fontconfig><cachedir>${dir}/fontcache</cachedir></fontconfig>\n`,
  );
  return { FONTCONFIG_FILE: file };
}

/** Runs a command with a time limit; its stdout, or an error with stderr. */
async function run(
  path: string,
  args: string[],
  env: Record<string, string>,
): Promise<Uint8Array> {
  const child = new Deno.Command(path, {
    args,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  try {
    const output = await child.output();
    if (!output.success) {
      const log = new TextDecoder().decode(output.stderr).slice(-2000);
      throw new Error(`${path} failed (exit ${output.code}):\n${log}`);
    }
    return output.stdout;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Chromiums that take the screenshots, one for each environment (a
 * fontconfig setup), started at the first screenshot and kept for the test
 * module's life: a Chromium started for each screenshot cost 1.5 to 3 s of
 * CPU, most of the browser tests' time. Module state of this test helper,
 * never exported; the browsers end with the module.
 */
const browsers = new Map<string, Promise<DevToolsPage>>();
globalThis.addEventListener("unload", () => {
  for (const browser of browsers.values()) {
    browser.then((page) => page.killSync(), () => {});
  }
});

/**
 * Chromium's screenshot of an SVG file, `size` pixels square, as PNG bytes.
 * The flags are those that work on a headless VM without a GPU or sandbox.
 */
export async function chromiumPng(
  chromium: string,
  svg: string,
  size: number,
  env: Record<string, string> = {},
): Promise<Uint8Array> {
  const key = JSON.stringify([chromium, env]);
  let browser = browsers.get(key);
  if (browser === undefined) {
    browser = DevToolsPage.open(chromium, "about:blank", {
      flags: ["--hide-scrollbars", "--force-device-scale-factor=1"],
      env,
    });
    browsers.set(key, browser);
  }
  const page = await browser;
  const dir = await Deno.makeTempDir({ prefix: "fen_chromium_" });
  try {
    const svgPath = `${dir}/board.svg`;
    await Deno.writeTextFile(svgPath, svg);
    await page.show(pathToFileURL(svgPath).href);
    return await page.screenshot(size, size);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** librsvg's rendering of an SVG document, `size` pixels square. */
export async function rsvgPng(
  rsvgConvert: string,
  svg: string,
  size: number,
  env: Record<string, string> = {},
): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir({ prefix: "fen_rsvg_" });
  try {
    await Deno.writeTextFile(`${dir}/board.svg`, svg);
    return await run(rsvgConvert, [
      "-w",
      String(size),
      "-h",
      String(size),
      `${dir}/board.svg`,
    ], env);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
