/**
 * A flight's manifest on a real D1 (docs/privacy.md 'Manifests'): only the live orders, their lines opened, the
 * view recorded with who and when; the orders tab's states counted without opening anything.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { manifestAccess } from "#app/db/schema";
import { createTestContext } from "#tests/context";

import { listOrders } from "./admin-orders.queries.server";
import { FLIGHT, lea, now, openManifestDatabase, STAFF } from "./flight-manifest.fixtures";
import { manifestStates, openFlightManifest } from "./flight-manifest.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await openManifestDatabase());
});
afterAll(() => dispose());

describe("a flight's manifest", () => {
  it("lists the pending, processing and completed orders of the flight, their lines in the clear", async () => {
    const outcome = await openFlightManifest(createTestContext({ d1, now }), {
      flightId: FLIGHT,
      userId: STAFF.admin,
      action: "view",
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    const { flight, bookings } = outcome.manifest;
    expect(flight).toMatchObject({ operatorName: "Alpine Air SA", operatorAoc: "CH.AOC.1234", fromIcao: "LSGG" });
    expect(bookings.map((booking) => booking.reference)).toEqual(["JM-MFCOM1", "JM-MFPRO2", "JM-MFPEN3"]);
    const [completed, processing] = bookings;
    expect(completed).toMatchObject({
      lines: [lea, { givenNames: "Anne-Marie", surname: "de la Tour" }],
      luggagePieces: 2,
      luggageKg: 30,
      pets: 1,
      // The second passenger's line is not written yet: the names proposed from checkout count as missing.
      state: { kind: "missing", missing: 8 },
    });
    expect(processing?.state).toEqual({ kind: "missing", missing: 2 * 8 + 1 });
    expect(processing?.lines[0]).toEqual({ givenNames: "Léa", surname: "Muller" });
  });

  it("records each view with who and when, and shows the latest first", async () => {
    const later = new Date(now.getTime() + 60_000);
    const outcome = await openFlightManifest(createTestContext({ d1, now: later }), {
      flightId: FLIGHT,
      userId: STAFF.admin,
      action: "view",
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.manifest.accesses[0]).toMatchObject({ action: "view", firstName: "Ada", createdAt: later });
    const rows = await db.select().from(manifestAccess).where(eq(manifestAccess.createdAt, later));
    expect(rows).toMatchObject([{ flightId: FLIGHT, orderId: null, userId: STAFF.admin, action: "view" }]);
  });

  it("answers notFound for an unknown flight and records nothing", async () => {
    const before = (await db.select().from(manifestAccess)).length;
    const outcome = await openFlightManifest(createTestContext({ d1, now }), {
      flightId: "no-such-flight",
      userId: STAFF.admin,
      action: "view",
    });
    expect(outcome).toEqual({ ok: false, reason: "notFound" });
    expect(await db.select().from(manifestAccess)).toHaveLength(before);
  });
});

describe("the orders tab's manifest states", () => {
  it("counts what is missing per order, locks after the deadline and says nothing of a cancelled order", async () => {
    const { orders } = await listOrders(db, { status: null, search: "JM-MF" }, 1);
    const states = await manifestStates(createTestContext({ d1, now }), orders);
    expect(Object.fromEntries(states)).toEqual({
      "mf-completed": { kind: "missing", missing: 8 },
      "mf-processing": { kind: "missing", missing: 17 },
      "mf-pending": { kind: "missing", missing: 17 },
      "mf-elsewhere": { kind: "missing", missing: 17 },
    });
    // 24 hours before departure (72 h away), the customer's deadline has passed.
    const late = new Date(now.getTime() + 49 * 3_600_000);
    expect((await manifestStates(createTestContext({ d1, now: late }), orders)).get("mf-completed")).toEqual({
      kind: "locked",
      missing: 8,
    });
  });
});
