/**
 * 'Ajouter à mon agenda': /confirmation/:orderId/calendar.ics answers a completed order's
 * flight as one iCalendar event to whoever may read the order page, and the page's 404 to
 * anyone else or for an order not completed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import { airports, flights, orders, users } from "#app/db/schema";
import { flightEnd } from "#app/orders/order-calendar.server";
import { createOrderLink } from "#app/orders/order-life.queries.server";
import { loader as calendarLoader } from "#app/routes/confirmation.$orderId.calendar[.]ics";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { enrolSecondFactor } from "#tests/staff";
import { testUser } from "#tests/user-rows";

import { cookiePair, get, run } from "./remix";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const now = new Date("2026-11-23T10:00:00Z");
// 10:00 in Zurich; lands at 11:05.
const departure = new Date("2026-12-01T09:00:00Z");
const arrival = new Date("2026-12-01T10:05:00Z");
let completedKey = "";
let pendingKey = "";

const customerInfo = {
  firstName: "Léa",
  lastName: "Muller",
  email: "lea@example.ch",
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country: "CH",
};

beforeAll(async () => {
  testDb = await createTestD1();
  const { db } = testDb;
  await db
    .insert(users)
    .values(
      (["owner", "other", "gestionnaire", "admin"] as const).map((id) =>
        testUser(id, { role: id === "owner" || id === "other" ? ("client" as const) : id, emailConfirmedAt: now }),
      ),
    );
  // Staff open the back-office only with a second factor (decision 027).
  await enrolSecondFactor(db, ["gestionnaire", "admin"]);
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: "flight-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: arrival,
    flightTime: 65,
    aircraftType: "PC12",
    operatorName: "Alpina Executive Jets SA",
    operatorAoc: "CH.AOC.1042",
    operatorState: "CH",
    aircraftRegistration: "HB-FVX",
    // The operator asks for 45 minutes on this flight, not the house's 30.
    checkInMinutes: 45,
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
  const order = (id: string, reference: string, status: "pending" | "completed", language: "fr" | "de") => ({
    id,
    userId: "owner",
    flightId: "flight-1",
    status,
    amountCents: 120_000,
    seats: 2,
    customerInfo,
    language,
    linkKeyHash: `hash-${id}`,
    reference,
    paymentState: status === "completed" ? ("captured" as const) : ("none" as const),
  });
  await db
    .insert(orders)
    .values([order("completed-1", "JM-7K4Q2P", "completed", "fr"), order("pending-1", "JM-PEND22", "pending", "de")]);
  completedKey = await createOrderLink(db, "completed-1");
  pendingKey = await createOrderLink(db, "pending-1");
});
afterAll(() => testDb.dispose());

async function cookieOf(userId: string) {
  const context = createTestContext({ d1: testDb.d1, now });
  return cookiePair(await startSession(get("/login"), context, userId));
}

function download(path: string, cookie?: string) {
  const context = createTestContext({ d1: testDb.d1, now });
  const orderId = path.split("/")[2]!;
  return run((args) => calendarLoader({ ...args, params: { orderId } }), get(path, { cookie }), context);
}

/** The file read back the way a calendar reads it: unfolded, one `NAME:value` per line; the alarm's apart. */
function fieldsOf(body: string, part: "event" | "alarm" = "event") {
  const all = body.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
  const alarm = all.indexOf("BEGIN:VALARM");
  const lines = part === "event" ? all.slice(0, alarm) : all.slice(alarm, all.indexOf("END:VALARM"));
  return new Map(lines.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1)]));
}

describe("who downloads the calendar file", () => {
  it("lets the owner, the admin (orders:manage) and a link's key holder in", async () => {
    expect((await download("/confirmation/completed-1/calendar.ics", await cookieOf("owner"))).status).toBe(200);
    expect((await download("/confirmation/completed-1/calendar.ics", await cookieOf("admin"))).status).toBe(200);
    expect((await download(`/confirmation/completed-1/calendar.ics?key=${completedKey}`)).status).toBe(200);
  });

  it("answers another user, a gestionnaire, a wrong or another order's key and an unknown id with the same 404", async () => {
    for (const [path, cookie] of [
      ["/confirmation/completed-1/calendar.ics", await cookieOf("other")],
      ["/confirmation/completed-1/calendar.ics", await cookieOf("gestionnaire")],
      ["/confirmation/completed-1/calendar.ics", undefined],
      [`/confirmation/completed-1/calendar.ics?key=${completedKey}x`, undefined],
      [`/confirmation/completed-1/calendar.ics?key=${pendingKey}`, undefined],
      [`/confirmation/no-such-order/calendar.ics?key=${completedKey}`, undefined],
    ] as const) {
      const result = await download(path, cookie);
      expect(result.status, path).toBe(404);
      expect(JSON.parse(String(result.body)), path).toEqual({
        message: "Cette commande n'existe pas ou n'est plus accessible.",
      });
    }
  });

  it("answers 404 for an order not completed, even to its owner and its key", async () => {
    expect((await download(`/confirmation/pending-1/calendar.ics?key=${pendingKey}`)).status).toBe(404);
    expect((await download("/confirmation/pending-1/calendar.ics", await cookieOf("owner"))).status).toBe(404);
  });
});

describe("the calendar file", () => {
  it("is an attachment named after the reference, never kept by a shared cache", async () => {
    const context = createTestContext({ d1: testDb.d1, now });
    const response = await calendarLoader({
      request: get(`/confirmation/completed-1/calendar.ics?key=${completedKey}`),
      context,
      params: { orderId: "completed-1" },
    });
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="jetmalin-JM-7K4Q2P.ics"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("holds one event: the flight in UTC, the route and reference, the airport, the terminal time and the contact", async () => {
    const { body } = await download(`/confirmation/completed-1/calendar.ics?key=${completedKey}`);
    const text = String(body);
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    const fields = fieldsOf(text);
    expect(fields.get("UID")).toBe("completed-1@jetmalin");
    expect(fields.get("DTSTAMP")).toBe("20261123T100000Z");
    expect(fields.get("DTSTART")).toBe("20261201T090000Z");
    expect(fields.get("DTEND")).toBe("20261201T100500Z");
    expect(fields.get("SUMMARY")).toBe("Vol Genève → Nice (JM-7K4Q2P)");
    expect(fields.get("LOCATION")).toBe("Genève (LSGG)");
    const description = fields.get("DESCRIPTION")!;
    // Escaped per RFC 5545: the lines are joined by \n, the commas escaped.
    expect(description).toContain("Réservation JM-7K4Q2P\\n");
    expect(description).toContain("à 09:15\\, 45 minutes avant le départ\\, avec une pièce d'identité.");
    expect(description).toContain("+41 22 518 07 70");
    expect(description).toContain("service@jetmalin.ch");
    expect(description).toContain(
      "\\nVol opéré par Alpina Executive Jets SA (AOC CH.AOC.1042\\, Suisse)\\, appareil immatriculé HB-FVX.\\n",
    );
    const alarm = fieldsOf(text, "alarm");
    expect([alarm.get("ACTION"), alarm.get("TRIGGER")]).toEqual(["DISPLAY", "-PT3H"]);
    expect(alarm.get("DESCRIPTION")).toBe("Votre vol JetMalin JM-7K4Q2P décolle dans 3 heures.");
  });
});

describe("flightEnd", () => {
  it("is the arrival, else the departure plus the flight time", () => {
    expect(flightEnd({ departureDate: departure, arrivalDate: arrival, flightTime: 90 })).toEqual(arrival);
    expect(flightEnd({ departureDate: departure, arrivalDate: null, flightTime: 90 })).toEqual(
      new Date("2026-12-01T10:30:00Z"),
    );
    // An arrival not after the departure is not one.
    expect(flightEnd({ departureDate: departure, arrivalDate: departure, flightTime: 45 })).toEqual(
      new Date("2026-12-01T09:45:00Z"),
    );
  });
});
