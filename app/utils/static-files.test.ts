import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

type Assets = { directory?: string; run_worker_first?: boolean | string[] };
type WranglerToml = { assets?: Assets; env?: Record<string, { assets?: Assets }> };

const root = join(import.meta.dirname, "../..");
const wrangler = parse(readFileSync(join(root, "wrangler.toml"), "utf8")) as WranglerToml;
const publicDir = join(root, "public");

/**
 * What Workers Static Assets serves from build/client: public/'s files (but `_headers`, a
 * rule file) and Vite's `assets/`. Every other path is a page of the Worker.
 */
function staticPatterns(): string[] {
  const entries = readdirSync(publicDir).filter((name) => name !== "_headers");
  return [
    "!/assets/*",
    ...entries.map((name) => (statSync(join(publicDir, name)).isDirectory() ? `!/${name}/*` : `!/${name}`)),
  ];
}

describe("the pages reach the Worker without a look in the static files (wrangler.toml run_worker_first)", () => {
  it("sends every path to the Worker first, but the static files", () => {
    const rules = wrangler.assets?.run_worker_first;
    expect(Array.isArray(rules)).toBe(true);
    expect((rules as string[])[0]).toBe("/*");
    expect(new Set((rules as string[]).slice(1))).toEqual(new Set(staticPatterns()));
  });

  it("is the same in production: the environment keeps the top level's assets", () => {
    expect(wrangler.env?.production?.assets).toBeUndefined();
  });
});
