/**
 * Faults, against a real local D1: the feed down, slow or answering
 * garbage leaves the flights as they were and says the spec's message; a sync whose D1
 * fails half-way is completed by the next run without a duplicate. The other fault
 * scenarios live beside their code: the mail provider down and its backoff
 * (app/mail/mail.server.test.ts 'deliverDueMails'), a queue message delivered twice
 * (app/operations/queue.server.test.ts), racing payment moves (tests/unit/order-life.test.ts).
 * A checkout whose D1 fails logs the failure by name and code, never the buyer's fields
 * (docs/decisions/017-observability.md).
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flightLogs, flights, syncRuns } from "#app/db/schema";
import { createFeedClient, type FeedClient } from "#app/feed/feed-client.server";
import { handleFeedRequest } from "#app/feed/feed-simulator";
import { syncFlightsFromFeed } from "#app/feed/feed-sync.server";
import admin from "#app/locales/fr/admin.json";
import { checkout } from "#app/orders/checkout.server";
import { syncMessage } from "#app/routes/admin.sync";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

const NOW = new Date("2026-11-23T09:00:00Z");
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(
    ["flight_logs", "notifications", "alert_deliveries", "flights", "airports", "sync_runs"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
});

/** The French admin texts, as the sync's banner reads them. */
const t = ((key: string, values: Record<string, unknown> = {}) => {
  const plural = "count" in values ? (values.count === 1 ? "_one" : "_other") : "";
  const found = [key + plural, key]
    .map((path) =>
      path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], admin),
    )
    .find((text) => typeof text === "string") as string | undefined;
  if (!found) throw new Error(`missing text ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}) as unknown as Parameters<typeof syncMessage>[0];

function simulator(query: string, timeoutMs?: number): FeedClient {
  return createFeedClient({
    url: `http://feed.test/flights${query}`,
    token: "t",
    // The 'slow' fault waits for real: a short delay against a shorter timeout.
    // As a real fetch, it gives up when the client's timeout aborts the request.
    fetch: (request) =>
      Promise.race([
        handleFeedRequest(request, {
          now: () => NOW,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        }),
        new Promise<never>((_, reject) =>
          request.signal.addEventListener("abort", () =>
            reject(request.signal.reason ?? new DOMException("aborted", "AbortError")),
          ),
        ),
      ]),
    sleep: async () => {},
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

const snapshot = async () => JSON.stringify(await db.select().from(flights).orderBy(flights.id));

describe("the feed down, slow or answering garbage", () => {
  for (const [name, query, message] of [
    ["the feed down (503)", "?fault=5xx", "Erreur API (503): Service temporarily unavailable"],
    ["the feed refusing the token (401)", "?fault=401", "Erreur API (401): Invalid token"],
    ["the feed answering garbage (not JSON)", "?fault=badjson", admin.sync.errors.noData],
    ["the feed answering an empty list", "?fault=empty", admin.sync.errors.noData],
    ["the feed too slow (past the timeout)", "?fault=slow&delay=400", admin.sync.errors.timeout],
  ] as const) {
    it(`${name}: the flights stay as they were and the banner says "${message}"`, async () => {
      expect(
        (
          await syncFlightsFromFeed(createTestContext({ d1, now: () => NOW, feed: simulator("?count=12") }), {
            trigger: "cron",
            userId: null,
          })
        ).ok,
      ).toBe(true);
      const before = await snapshot();
      const result = await syncFlightsFromFeed(
        createTestContext({ d1, now: () => NOW, feed: simulator(`?count=12&${query.slice(1)}`, 100) }),
        { trigger: "manual", userId: null },
      );
      expect(result.ok).toBe(false);
      expect(syncMessage(t, result)).toBe(message);
      expect(await snapshot()).toBe(before);
      const runs = await db.select().from(syncRuns);
      expect(runs.map((run) => run.status)).toEqual(["success", "error"]);
    });
  }
});

describe("a sync killed half-way", () => {
  it("a D1 failure in the middle of the run: the next run completes it, no flight twice", async () => {
    const feed = simulator("?count=40");
    // A D1 binding whose second write batch fails, as a Worker stopped between two batches.
    let batches = 0;
    const failing = new Proxy(d1, {
      get(target, property, receiver) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            batches += 1;
            if (batches === 2) throw new Error("D1_ERROR: simulated failure mid-sync");
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const first = await syncFlightsFromFeed(createTestContext({ d1: failing, now: () => NOW, feed }), {
      trigger: "cron",
      userId: null,
    }).catch((error: Error) => ({ ok: false as const, thrown: error.message }));
    expect(first.ok).toBe(false);
    expect(batches).toBeGreaterThanOrEqual(2);

    // The next run (after a dead run's lease, if it left one) completes the feed.
    const later = createTestContext({ d1, now: () => new Date(NOW.getTime() + 6 * 60_000), feed });
    expect(await syncFlightsFromFeed(later, { trigger: "cron", userId: null })).toMatchObject({ ok: true });
    expect((await db.select({ n: count() }).from(flights))[0]!.n).toBe(40);
    const logs = await db.select().from(flightLogs);
    expect(new Set(logs.filter((log) => log.action === "INSERT").map((log) => log.flightId)).size).toBe(
      logs.filter((log) => log.action === "INSERT").length,
    );
  });
});

describe("a checkout whose D1 fails", () => {
  /** What a buyer types, each value findable in a log: none of it may be there. */
  const buyer = {
    firstName: "Ottilie",
    lastName: "Wanderwell",
    email: "ottilie.wanderwell@example.ch",
    phone: "+41 79 555 01 23",
    address: "Chemin des Pivoines 17",
    zipCode: "1227",
    city: "Carouge",
    country: "CH" as const,
  };
  const passengers = ["Zébulon Quartier", "Philomène Quartier"];
  const clientKey = "network-3f9a1c";

  beforeEach(async () => {
    const [from, to] = await db
      .insert(airports)
      .values([
        { icaoCode: "LSGG", servedCity: "Genève" },
        { icaoCode: "LFMN", servedCity: "Nice" },
      ])
      .returning();
    await db.insert(flights).values({
      id: "f-fault",
      departureAirportId: from!.id,
      arrivalAirportId: to!.id,
      departureDate: new Date("2026-12-01T09:00:00Z"),
      arrivalDate: new Date("2026-12-01T10:00:00Z"),
      flightTime: 60,
      aircraftType: "PC12",
      pricePerMinute: 50,
      feedSeats: 6,
      refreshedAt: NOW,
    });
  });

  /** Checks out two seats on `binding`; gives the outcome and every line written to the console meanwhile. */
  async function checkoutOn(binding: D1Database) {
    const idempotencyKey = crypto.randomUUID();
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    const spies = (["log", "warn", "error"] as const).map((level) => vi.spyOn(console, level).mockImplementation(keep));
    try {
      const outcome = await checkout(createTestContext({ d1: binding, now: NOW }), {
        flightId: "f-fault",
        form: { ...buyer, idempotencyKey, choice: "seats", seats: 2, seenAvailableSeats: 6, passengers, terms: "on" },
        userId: null,
        language: "fr",
        clientKey,
      });
      return { outcome, lines, idempotencyKey };
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }

  function expectNothingOfTheBuyer(lines: string[], idempotencyKey: string) {
    const logged = lines.join("\n");
    for (const value of [...Object.values(buyer), ...passengers, clientKey, idempotencyKey]) {
      if (value === "CH") continue;
      expect(logged, value).not.toContain(value);
    }
    expect(logged).not.toMatch(/params|Failed query|insert into|select /i);
  }

  function failureLine(lines: string[]) {
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    return parsed.find((line) => line.event === "checkout.failed");
  }

  it("D1 refusing the order's batch: the line names SQLite's code, and holds no field of the buyer", async () => {
    // A real SQLite failure inside placeOrder's batch, which binds the names, the address and the passengers.
    await d1
      .prepare("create trigger refuse_orders before insert on orders begin select raise(abort, 'refused'); end")
      .run();
    try {
      const { outcome, lines, idempotencyKey } = await checkoutOn(d1);
      expect(outcome).toEqual({ ok: false, reason: "failed" });
      expectNothingOfTheBuyer(lines, idempotencyKey);
      expect(failureLine(lines)).toEqual({
        type: "event",
        level: "error",
        event: "checkout.failed",
        requestId: "test-request",
        flightId: "f-fault",
        error: "Error",
        code: "SQLITE_CONSTRAINT",
      });
    } finally {
      await d1.prepare("drop trigger refuse_orders").run();
    }
  });

  it("D1 lost on a query that binds the buyer's address: drizzle's error, logged without its message", async () => {
    // The connection drops on the first statement carrying the address (the caps' count):
    // drizzle's DrizzleQueryError then lists the bound values in its message.
    const lost = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
    const failing = new Proxy(d1, {
      get(target, property) {
        if (property === "prepare") {
          return (query: string) => {
            const statement = target.prepare(query);
            return new Proxy(statement, {
              get(inner, name) {
                if (name !== "bind") return Reflect.get(inner, name, inner);
                return (...values: unknown[]) => {
                  const bound = inner.bind(...values);
                  if (!values.includes(buyer.email)) return bound;
                  return Object.assign(Object.create(bound) as D1PreparedStatement, {
                    all: lost,
                    first: lost,
                    raw: lost,
                    run: lost,
                  });
                };
              },
            });
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { outcome, lines, idempotencyKey } = await checkoutOn(failing);
    expect(outcome).toEqual({ ok: false, reason: "failed" });
    expectNothingOfTheBuyer(lines, idempotencyKey);
    expect(failureLine(lines)).toEqual({
      type: "event",
      level: "error",
      event: "checkout.failed",
      requestId: "test-request",
      flightId: "f-fault",
      error: "DrizzleQueryError",
      code: "D1_ERROR",
    });
  });
});
