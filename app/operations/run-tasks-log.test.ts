import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";

import { runTasks } from "./tasks.server";

afterEach(() => vi.restoreAllMocks());

describe("runTasks' log", () => {
  it("writes one JSON line per task, ok or failed, sharing the run's id", async () => {
    const lines: { level: string; text: string }[] = [];
    vi.spyOn(console, "log").mockImplementation((text: string) => void lines.push({ level: "log", text }));
    vi.spyOn(console, "error").mockImplementation((text: string) => void lines.push({ level: "error", text }));
    const context = { requestId: "run-5f1e" } as AppLoadContext;

    await expect(
      runTasks(
        "*/5 * * * *",
        [
          { name: "retry-mails", run: async () => ({ due: 3, sent: 3 }) },
          { name: "feed-sync", run: async () => Promise.reject(new TypeError("fetch failed for client@example.ch")) },
        ],
        context,
      ),
    ).rejects.toThrow("feed-sync: TypeError");

    expect(lines).toHaveLength(2);
    const byTask = Object.fromEntries(
      lines.map((line) => [JSON.parse(line.text).task, { ...line, json: JSON.parse(line.text) }]),
    );
    expect(byTask["retry-mails"]).toMatchObject({
      level: "log",
      json: { type: "cron", runId: "run-5f1e", cron: "*/5 * * * *", ok: true, result: { due: 3, sent: 3 } },
    });
    expect(byTask["feed-sync"]).toMatchObject({
      level: "error",
      json: {
        type: "cron",
        runId: "run-5f1e",
        cron: "*/5 * * * *",
        ok: false,
        error: "TypeError",
        message: "fetch failed for [email]",
      },
    });
    for (const line of lines) expect(JSON.parse(line.text).durationMs).toEqual(expect.any(Number));
  });
});
