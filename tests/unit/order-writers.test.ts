// Every move of an order's status goes through one module: order-moves.queries.server.ts writes
// it, and only order-moves.server.ts (the state machine's one function) calls that writer.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|fixtures)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** True when `text` updates the orders table's status column (drizzle or SQL). */
export function writesOrderStatus(text: string): boolean {
  for (const match of text.matchAll(/\.update\(orders\)([\s\S]*?)\.where\(/g))
    if (/[{,\s]status\s*[:,}]/.test(match[1] ?? "")) return true;
  for (const match of text.matchAll(/update\s+orders\s+set\s+([\s\S]*?)\bwhere\b/gi))
    if (/(^|[\s,])status\s*=/.test(match[1] ?? "")) return true;
  return false;
}

describe("the writers of orders.status", () => {
  it("recognises both spellings, and a write of another column is none", () => {
    expect(writesOrderStatus("db.update(orders).set({ status: to, updatedAt }).where(x)")).toBe(true);
    expect(writesOrderStatus("sql`update orders set payment_state = 'x', status = 'cancelled' where id = 1`")).toBe(
      true,
    );
    expect(writesOrderStatus("db.update(orders).set({ paymentState: 'captured' }).where(x)")).toBe(false);
    expect(writesOrderStatus("sql`update orders set free_cancellation = 1 where status = 'pending'`")).toBe(false);
  });

  it("finds one module, reached only through the state machine's function", () => {
    const files = sources(path.join(root, "app"));
    const writers = files.filter((file) => writesOrderStatus(readFileSync(file, "utf8")));
    expect(writers.map((file) => path.relative(root, file))).toEqual(["app/orders/order-moves.queries.server.ts"]);
    const callers = files.filter((file) => /\bstatusMoveStatements\b/.test(readFileSync(file, "utf8")));
    expect(callers.map((file) => path.relative(root, file)).sort()).toEqual([
      "app/orders/order-moves.queries.server.ts",
      "app/orders/order-moves.server.ts",
    ]);
  });
});
