// Test modules run in parallel (`deno test --parallel`) as workers of one
// process, and several share a worker (scripts/test_suites.ts): all share
// the process's environment. The few tests that set variables
// for the processes they start (the fake engine's settings) hold this lock
// while they do, so that no other module's variables reach them.

const LOCK = `${
  Deno.env.get("TMPDIR") ?? "/tmp"
}/fen-tests-env-${Deno.pid}.lock`;

/**
 * Waits until no other test module of this process holds the environment,
 * sets `env`, and returns what undoes both, the variables as they were
 * (call it once, when done).
 */
export async function holdEnv(
  env: Readonly<Record<string, string>>,
): Promise<() => void> {
  while (true) {
    try {
      Deno.openSync(LOCK, { write: true, createNew: true }).close();
      break;
    } catch (error) {
      if (!(error instanceof Deno.errors.AlreadyExists)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const before = Object.keys(env).map((name) => [name, Deno.env.get(name)]);
  for (const [name, value] of Object.entries(env)) Deno.env.set(name, value);
  return () => {
    // As they were: a variable the run was started with stays set.
    for (const [name, value] of before) {
      if (value === undefined) Deno.env.delete(name!);
      else Deno.env.set(name!, value);
    }
    Deno.removeSync(LOCK);
  };
}
