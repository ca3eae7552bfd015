// One `deno bundle` run, its output read back as text (build.ts makes
// build/ with it).

/**
 * The text `deno bundle` writes for `entry` (a path from `cwd`), with `flags`
 * before the entry; its messages are the error when it fails.
 */
export async function denoBundle(
  entry: string,
  { flags, cwd }: { flags: string[]; cwd: string },
): Promise<string> {
  const out = await Deno.makeTempFile({ suffix: ".js" });
  try {
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["bundle", "--quiet", ...flags, "-o", out, entry],
      cwd,
      stdout: "inherit",
      stderr: "piped",
    }).output();
    if (!success) throw new Error(new TextDecoder().decode(stderr));
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(out);
  }
}
