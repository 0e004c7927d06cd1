/** The requests inbox's states, filter and order on a real D1 (docs/decisions/058-offers.md). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, customRequests, flights, offers, orders } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import { type InboxView, listCustomRequests } from "./admin-requests.queries.server";

const HOUR = 3_600_000;
const now = new Date("2026-11-24T10:00:00Z");
let db: Db;
let dispose: () => Promise<void>;

/** Each request, received an hour apart (the first the oldest), and its offers: [status, expiry in hours from now]. */
const REQUESTS: Array<
  [
    id: string,
    status: "new" | "handled",
    offers: Array<["open" | "accepted" | "declined" | "withdrawn" | "superseded", number]>,
  ]
> = [
  ["plain", "new", []],
  ["handled", "handled", []],
  ["offered-late", "new", [["open", 40]]],
  [
    "offered-soon",
    "new",
    [
      ["superseded", 30],
      ["open", 2],
    ],
  ],
  ["expired", "new", [["open", -1]]],
  ["accepted", "handled", [["accepted", 20]]],
  ["declined", "new", [["declined", 20]]],
  ["withdrawn", "new", [["withdrawn", 20]]],
];

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: "offer-flight",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(now.getTime() + 30 * 24 * HOUR),
    arrivalDate: new Date(now.getTime() + 30 * 24 * HOUR + HOUR),
    flightTime: 60,
    aircraftType: "PC-24",
    pricePerMinute: 100,
    feedSeats: 4,
    offerOnly: true,
    refreshedAt: now,
  });
  await db.insert(orders).values({
    id: "order-of-accepted",
    flightId: "offer-flight",
    amountCents: 600_000,
    seats: 4,
    customerInfo: {
      firstName: "A",
      lastName: "B",
      email: "a@example.ch",
      phone: "+41790000000",
      address: "R",
      zipCode: "1",
      city: "G",
      country: "CH",
    },
    linkKeyHash: "hash",
  });
  for (const [index, [id, status, versions]] of REQUESTS.entries()) {
    await db.insert(customRequests).values({
      id,
      departure: "Genève",
      arrival: "Nice",
      date: "2026-12-20",
      passengers: 2,
      firstName: id,
      lastName: "T",
      email: `${id}@example.ch`,
      phone: "+41 79 000 00 00",
      idempotencyKey: `key-${id}`,
      status,
      createdAt: new Date(now.getTime() - (REQUESTS.length - index) * HOUR),
    });
    for (const [version, [offerStatus, hours]] of versions.entries())
      await db.insert(offers).values({
        id: `${id}-v${version + 1}`,
        requestKind: "custom",
        requestId: id,
        version: version + 1,
        status: offerStatus,
        flightId: "offer-flight",
        aircraftId: "pc24",
        seats: 4,
        departureUntil: new Date(now.getTime() + 30 * 24 * HOUR),
        priceCents: 600_000,
        included: "Catering",
        expiresAt: new Date(now.getTime() + hours * HOUR),
        linkKeyHash: `hash-${id}-${version}`,
        orderId: offerStatus === "accepted" ? "order-of-accepted" : null,
        createdAt: now,
      });
  }
});
afterAll(() => dispose());

const list = async (view: Partial<InboxView>) =>
  (await listCustomRequests(db, 1, "", { state: null, sort: "newest", now, ...view })).rows.map((row) => [
    row.id,
    row.inboxState,
  ]);

describe("the requests inbox", () => {
  it("gives each request its state from its last offer, else its own status", async () => {
    expect(await list({})).toEqual([
      ["withdrawn", "new"],
      ["declined", "declined"],
      ["accepted", "accepted"],
      ["expired", "expired"],
      ["offered-soon", "offered"],
      ["offered-late", "offered"],
      ["handled", "handled"],
      ["plain", "new"],
    ]);
  });

  it("filters by state, and counts what it filters", async () => {
    expect(await list({ state: "offered" })).toEqual([
      ["offered-soon", "offered"],
      ["offered-late", "offered"],
    ]);
    expect(await list({ state: "new" })).toEqual([
      ["withdrawn", "new"],
      ["plain", "new"],
    ]);
    expect((await listCustomRequests(db, 1, "", { state: "expired", sort: "newest", now })).total).toBe(1);
  });

  it("sorts the live offers by what expires first, then the others newest first", async () => {
    expect((await list({ sort: "expiring" })).map(([id]) => id)).toEqual([
      "offered-soon",
      "offered-late",
      "withdrawn",
      "declined",
      "accepted",
      "expired",
      "handled",
      "plain",
    ]);
  });

  it("turns an offer expired an hour later", async () => {
    const later = new Date(now.getTime() + 3 * HOUR);
    expect(await list({ state: "expired", now: later })).toEqual([
      ["expired", "expired"],
      ["offered-soon", "expired"],
    ]);
  });
});
