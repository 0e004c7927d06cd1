import { execFileSync } from "node:child_process";

/** The test server's local D1 (playwright.config.ts `PERSIST_TO`). */
const PERSIST_TO = ".wrangler/e2e-state";
const TRIES = 6;

/**
 * Runs SQL straight on the running server's local D1, for rows no form can make. The
 * Worker writes to the same SQLite file at any moment (requests, queue jobs): a statement
 * that meets its lock (SQLITE_BUSY) is tried again after a short pause.
 */
export function executeLocalSql(command: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        "npx",
        ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--command", command],
        {
          stdio: "pipe",
          env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
        },
      );
      return;
    } catch (error) {
      const output = `${String((error as { stdout?: unknown }).stdout ?? "")}${String((error as { stderr?: unknown }).stderr ?? "")}${String(error)}`;
      if (attempt >= TRIES || !/SQLITE_BUSY|database is locked/.test(output)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150 * attempt);
    }
  }
}
