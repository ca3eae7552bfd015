// Headless Chromium driven over the DevTools protocol: one page, opened at
// a URL, in which the tests evaluate expressions. The flags are those of
// _renderers.ts's screenshots (a headless VM without a GPU or sandbox).

/** A headless Chromium with one page. */
export class DevToolsPage {
  readonly #child: Deno.ChildProcess;
  readonly #socket: WebSocket;
  readonly #profile: string;
  readonly #pending = new Map<
    number,
    (message: Record<string, unknown>) => void
  >();
  #id = 0;

  private constructor(
    child: Deno.ChildProcess,
    socket: WebSocket,
    profile: string,
  ) {
    this.#child = child;
    this.#socket = socket;
    this.#profile = profile;
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      this.#pending.get(message.id)?.(message);
      this.#pending.delete(message.id);
    };
  }

  /**
   * Starts Chromium at `url` and connects to its page; `flags` are added to
   * its command line and `env` to its environment.
   */
  static async open(
    chromium: string,
    url: string,
    options: { flags?: readonly string[]; env?: Record<string, string> } = {},
  ): Promise<DevToolsPage> {
    const profile = await Deno.makeTempDir({ prefix: "fen_devtools_" });
    const child = new Deno.Command(chromium, {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
        "--remote-debugging-port=0",
        "--remote-allow-origins=*",
        ...options.flags ?? [],
        url,
      ],
      env: options.env ?? {},
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream())
      .getReader();
    let seen = "";
    let port = "";
    while (port === "") {
      const { value, done } = await reader.read();
      if (done) throw new Error(`chromium did not start:\n${seen}`);
      seen += value;
      port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen)?.[1] ?? "";
    }
    // Keep draining stderr so that Chromium never blocks on it.
    (async () => {
      while (!(await reader.read()).done);
    })();
    let target: { type: string; webSocketDebuggerUrl: string } | undefined;
    for (let i = 0; i < 100 && target === undefined; i++) {
      const list = await (await fetch(`http://127.0.0.1:${port}/json/list`))
        .json();
      target = list.find((item: { type: string }) => item.type === "page");
      if (target === undefined) {
        await new Promise((done) => setTimeout(done, 100));
      }
    }
    if (target === undefined) throw new Error("chromium opened no page");
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((done, fail) => {
      socket.onopen = done;
      socket.onerror = fail;
    });
    return new DevToolsPage(child, socket, profile);
  }

  /** Sends a protocol command and waits for its answer. */
  send(
    method: string,
    params: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const id = ++this.#id;
    this.#socket.send(JSON.stringify({ id, method, params }));
    return new Promise((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`${method}: no answer`)),
        30_000,
      );
      this.#pending.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) fail(new Error(JSON.stringify(message.error)));
        else done(message.result as Record<string, unknown>);
      });
    });
  }

  /** The value of a JavaScript expression in the page (awaited). */
  async evaluate<T = unknown>(expression: string): Promise<T> {
    const result = await this.send("Runtime.evaluate", {
      expression,
      awaitPromise: true,
      returnByValue: true,
    }) as { result: { value: T }; exceptionDetails?: unknown };
    if (result.exceptionDetails) {
      throw new Error(
        `${expression}: ${JSON.stringify(result.exceptionDetails)}`,
      );
    }
    return result.result.value;
  }

  /** Waits until `expression` is truthy in the page. */
  async waitFor(expression: string): Promise<void> {
    for (let i = 0; i < 300; i++) {
      // Before the page has loaded, the expression may throw: not yet.
      const probe =
        `(() => { try { return Boolean(${expression}); } catch { return false; } })()`;
      if (await this.evaluate<boolean>(probe)) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`timed out waiting for ${expression}`);
  }

  /** Shows the file at `url`, once it has loaded. */
  async show(url: string): Promise<void> {
    await this.send("Page.navigate", { url });
    await this.waitFor(
      `location.href === ${
        JSON.stringify(url)
      } && document.readyState === "complete"`,
    );
  }

  /** A screenshot of the page, `width` by `height` pixels, as PNG bytes. */
  async screenshot(width: number, height: number): Promise<Uint8Array> {
    await this.send("Emulation.setDeviceMetricsOverride", {
      width,
      height,
      deviceScaleFactor: 1,
      mobile: false,
    });
    const { data } = await this.send("Page.captureScreenshot", {
      format: "png",
    }) as { data: string };
    return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  }

  /** Ends Chromium at once, from an `unload` handler, and removes its profile. */
  killSync(): void {
    try {
      this.#child.kill("SIGKILL");
    } catch {
      // already gone
    }
    try {
      Deno.removeSync(this.#profile, { recursive: true });
    } catch {
      // Chromium's helpers may still be writing there as they end: the
      // profile is a temporary folder, left to the system
    }
  }

  /** Closes the page and Chromium, and removes its profile. */
  async close(): Promise<void> {
    this.#socket.close();
    try {
      this.#child.kill("SIGTERM");
    } catch {
      // already gone
    }
    await this.#child.status;
    await Deno.remove(this.#profile, { recursive: true }).catch(() => {});
  }
}
