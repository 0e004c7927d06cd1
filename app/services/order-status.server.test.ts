/** Checkout and status changes with their mails, on a real D1 (docs/orders.md). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { airports, flights } from "#app/db/schema";
import { checkout, orderAccessKey } from "./checkout.server";
import { setOrderStatus } from "./order-status.server";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const customer = {
  firstName: "Jonas",
  lastName: "Keller",
  email: "jonas@example.de",
  phone: "+49 170 1234567",
  address: "Hauptstrasse 5",
  zipCode: "80331",
  city: "München",
  country: "DE",
};

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSZH", servedCity: "Zurich" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: "f-zrh-nce",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-01T09:00:00Z"),
    arrivalDate: new Date("2026-12-01T10:30:00Z"),
    flightTime: 90,
    aircraftType: "PC24",
    pricePerMinute: 75,
    feedSeats: 8,
    refreshedAt: now,
  });
});
afterAll(() => dispose());

describe("orders and their mails", () => {
  it("mails staff and the customer once per order, then the customer at the one status change", async () => {
    const transport = recordingTransport();
    const context = createTestContext({ d1, now, transport });
    const form = { ...customer, country: "DE" as const, idempotencyKey: crypto.randomUUID(), seenAvailableSeats: 8, choice: "seats" as const, seats: 3, terms: "on" as const };
    const input = { flightId: "f-zrh-nce", form, userId: null, language: "de" as const };
    const placed = await checkout(context, input);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.accessKey).toBe(await orderAccessKey(context, placed.orderId));
    expect(transport.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ["reservations@jetmalin.test", "Nouvelle commande - Jonas Keller - Zurich → Nice"],
      ["jonas@example.de", "Ihre JetMalin-Buchung: Zürich → Nizza"], // German city names (app/content/city-names.ts)
    ]);
    // 90 min x 75 EUR = 6,750 EUR over 8 seats = 844 EUR a seat (rounded); 3 seats = 2,532 EUR.
    expect(transport.sent[1]!.text).toContain("2.532,00");
    expect(transport.sent[1]!.text).toContain(`/confirmation/${placed.orderId}?key=${placed.accessKey}`);

    // The same form again: the same order, no new mail.
    expect(await checkout(context, input)).toEqual(placed);
    expect(transport.sent).toHaveLength(2);

    expect(await setOrderStatus(context, placed.orderId, "completed")).toBe(true);
    expect(await setOrderStatus(context, placed.orderId, "cancelled")).toBe(false);
    expect(transport.sent).toHaveLength(3);
    expect(transport.sent[2]).toMatchObject({ to: "jonas@example.de", subject: "Ihre JetMalin-Buchung ist bestätigt: Zürich → Nizza" });
  });
});
