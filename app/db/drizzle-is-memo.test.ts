/**
 * drizzle's `is()` as patches/drizzle-orm+0.45.4.patch leaves it (decision 045): a check
 * that `instanceof` does not answer walks the value's classes once, and the answer is kept
 * for that class and that kind. The answers must be drizzle's own, first time or not.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { Column, entityKind, is, SQL, sql, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { flights } from "./schema";

const drizzleDir = join(createRequire(import.meta.url).resolve("drizzle-orm"), "..");

describe("drizzle's is(), its walk kept", () => {
  it("answers as drizzle does, the first time and every time after", () => {
    const query = sql`select 1`;
    for (let time = 0; time < 3; time++) {
      expect(is(query, SQL)).toBe(true);
      expect(is(query, Column)).toBe(false);
      expect(is(flights.id, Column)).toBe(true);
      expect(is(flights.id, SQL)).toBe(false);
      expect(is(flights, Table)).toBe(true);
      expect(is(flights, Column)).toBe(false);
      expect(is({}, SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
      expect(is("select 1", SQL)).toBe(false);
    }
  });

  it("recognises a class of another copy of drizzle by its kind, and only by its kind", () => {
    // Two copies of drizzle in one bundle have distinct classes with the same kind.
    class OtherCopySQL {
      static readonly [entityKind] = (SQL as unknown as Record<symbol, string>)[entityKind];
    }
    class ItsSubclass extends OtherCopySQL {}
    class Unrelated {
      static readonly [entityKind] = "Unrelated";
    }
    for (let time = 0; time < 2; time++) {
      expect(is(new OtherCopySQL(), SQL)).toBe(true);
      expect(is(new ItsSubclass(), SQL)).toBe(true);
      expect(is(new Unrelated(), SQL)).toBe(false);
      expect(is(new OtherCopySQL(), Column)).toBe(false);
    }
  });

  it("still refuses a type that is no drizzle entity", () => {
    class NotAnEntity {}
    expect(() => is({}, NotAnEntity as unknown as typeof SQL)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it("is the patched build, ESM (the Worker) and CommonJS", () => {
    for (const file of ["entity.js", "entity.cjs"])
      expect(readFileSync(join(drizzleDir, file), "utf8")).toContain("const kindsOf = new WeakMap();");
  });
});
