import { readFileSync } from "node:fs";
import { join } from "node:path";

import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

import { CRONS } from "./schedule";
import { TASKS_BY_CRON } from "./tasks.server";

type WranglerToml = { triggers?: { crons?: string[] }; env?: Record<string, { triggers?: { crons?: string[] } }> };
const wrangler = parse(readFileSync(join(import.meta.dirname, "../../wrangler.toml"), "utf8")) as WranglerToml;
const declared = Object.values(CRONS).sort();

describe("the cron schedule is declared in one place", () => {
  it("wrangler.toml's local triggers are exactly the declared crons", () => {
    expect([...(wrangler.triggers?.crons ?? [])].sort()).toEqual(declared);
  });

  it("wrangler.toml's production triggers are exactly the declared crons", () => {
    expect([...(wrangler.env?.production?.triggers?.crons ?? [])].sort()).toEqual(declared);
  });

  it("every declared cron has its tasks, and no task waits for a cron that never fires", () => {
    expect(Object.keys(TASKS_BY_CRON).sort()).toEqual(declared);
    for (const tasks of Object.values(TASKS_BY_CRON)) expect(tasks.length).toBeGreaterThan(0);
  });
});
