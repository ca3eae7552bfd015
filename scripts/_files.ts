// What the scripts share: the files of the repository below a folder.

/**
 * Every file below `dir` (a path from `root`, ending in "/"; a file's path
 * stands for itself) whose name passes `keep`, as paths from `root`,
 * sorted; folders named in `skip` are passed over.
 */
export async function filesUnder(
  root: URL,
  dir: string,
  options: { keep?: (name: string) => boolean; skip?: readonly string[] } = {},
): Promise<string[]> {
  const { keep = () => true, skip = [] } = options;
  if (!dir.endsWith("/")) return keep(dir) ? [dir] : [];
  const found: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir, root))) {
    const path = dir + entry.name;
    if (entry.isDirectory) {
      if (!skip.includes(path)) {
        found.push(...await filesUnder(root, `${path}/`, options));
      }
    } else if (entry.isFile && keep(entry.name)) found.push(path);
  }
  return found.sort();
}
