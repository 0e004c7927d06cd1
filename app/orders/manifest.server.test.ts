/**
 * The manifest on a real D1: what the form refuses (Schengen and identity cards, expiry on the day of travel,
 * dates of birth), the customer's deadline and staff's writes after it, sealed columns that hold no plaintext
 * and do not open with another key id, and the retention's purge.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { luggageLimitsFor } from "#app/content/luggage";
import type { Db } from "#app/db/client.server";
import { manifestAccess, manifestPassengers, users } from "#app/db/schema";
import { flights } from "#app/db/schema";
import { purgeOldManifests } from "#app/privacy/retention.server";
import { parseForm } from "#app/utils/forms/parse";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";

import { exportManifests, openManifest, saveManifest } from "./manifest.server";
import { manifestSchema, type ManifestTrip } from "./manifest-forms";
import { placeOrder } from "./orders.queries.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let airport: (city: "Genève" | "Nice" | "London") => number;
const clock = new Date("2026-12-01T10:00:00Z");
const HOUR = 3_600_000;
const STAFF = "staff-mf";

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  airport = await insertAirportsByCity(db, {
    Genève: { icaoCode: "LSGG", country: "Switzerland" },
    Nice: { icaoCode: "LFMN", country: "France" },
    London: { icaoCode: "EGLF", country: "United Kingdom" },
  });
  await db.insert(users).values({
    id: STAFF,
    email: "staff-mf@example.ch",
    passwordHash: "x",
    firstName: "Sam",
    lastName: "S",
    role: "admin",
  });
});
afterAll(() => dispose());

const context = (now = clock, vars = {}) => createTestContext({ d1, now, vars });
let number = 0;

/** An order of two named passengers on a PC-12 leaving in `inHours`. */
async function order(to: "Nice" | "London", inHours: number) {
  const flightId = `mf-${++number}`;
  await db.insert(flights).values(
    testFlight(flightId, {
      from: airport("Genève"),
      to: airport(to),
      departure: new Date(clock.getTime() + inHours * HOUR + number * 1000),
      refreshedAt: clock,
    }),
  );
  const orderId = crypto.randomUUID();
  const result = await placeOrder(db, {
    orderId,
    reference: `JM-M${number}`,
    linkKeyHash: crypto.randomUUID(),
    flightId,
    request: { kind: "seats", seats: 2 },
    seenAvailableSeats: 6,
    userId: null,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: "lea@example.ch",
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    passengers: ["Léa Muller", "Anne-Marie de la Tour"],
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
    holdExpiresAt: new Date(clock.getTime() + 30 * 60_000),
    clientKey: "test",
    now: clock,
  });
  if (result.status !== "created") throw new Error(result.status);
  return orderId;
}

const lea = {
  givenNames: "Léa",
  surname: "Muller",
  birthDate: "1990-04-12",
  nationality: "CH",
  documentKind: "identityCard",
  documentNumber: "C1234567",
  issuer: "CH",
  expiresOn: "2030-01-31",
};

function formData(lines: Record<string, string>[], luggage: Record<string, string> = {}) {
  const data = new FormData();
  data.set("intent", "save");
  lines.forEach((line, index) => {
    for (const [field, value] of Object.entries(line)) data.set(`passengers[${index}].${field}`, value);
  });
  for (const [field, value] of Object.entries(luggage)) data.set(field, value);
  return data;
}

function errorsOf(trip: ManifestTrip, lines: Record<string, string>[], luggage: Record<string, string> = {}) {
  const submission = parseForm(formData(lines, luggage), { schema: manifestSchema(trip, luggageLimitsFor("PC12"), 2) });
  return submission.status === "success" ? {} : submission.error;
}

describe("the manifest's checks", () => {
  const schengen = { from: "CH", to: "FR", travelDay: "2026-12-03" };
  const london = { from: "CH", to: "GB", travelDay: "2026-12-03" };

  it("takes a Swiss identity card from Geneva to Nice, not to London", () => {
    expect(errorsOf(schengen, [lea])).toEqual({});
    expect(errorsOf(london, [lea])).toEqual({ "passengers[0].documentKind": ["manifest.errors.passportRequired"] });
    expect(errorsOf(london, [{ ...lea, documentKind: "passport" }])).toEqual({});
    // A card issued outside the EU and EFTA is not enough, even inside Schengen.
    expect(errorsOf(schengen, [{ ...lea, issuer: "US" }])).toEqual({
      "passengers[0].documentKind": ["manifest.errors.passportRequired"],
    });
  });

  it("wants a document valid on the day of travel, that day included", () => {
    expect(errorsOf(schengen, [{ ...lea, expiresOn: "2026-12-03" }])).toEqual({});
    expect(errorsOf(schengen, [{ ...lea, expiresOn: "2026-12-02" }])).toEqual({
      "passengers[0].expiresOn": ["manifest.errors.documentExpired"],
    });
    expect(errorsOf(schengen, [{ ...lea, expiresOn: "2026-02-30" }])).toEqual({
      "passengers[0].expiresOn": ["manifest.errors.dateInvalid"],
    });
  });

  it("wants a date of birth that is a day, before the flight and within 120 years", () => {
    expect(errorsOf(schengen, [{ ...lea, birthDate: "2026-12-04" }])).toEqual({
      "passengers[0].birthDate": ["manifest.errors.birthDateAfterTravel"],
    });
    expect(errorsOf(schengen, [{ ...lea, birthDate: "1906-12-02" }])).toEqual({
      "passengers[0].birthDate": ["manifest.errors.birthDateTooOld"],
    });
    expect(errorsOf(schengen, [{ ...lea, birthDate: "12.04.1990" }])).toEqual({
      "passengers[0].birthDate": ["manifest.errors.dateInvalid"],
    });
  });

  it("refuses an unknown country, a malformed number and luggage beyond the aircraft's limits", () => {
    expect(errorsOf(schengen, [{ ...lea, nationality: "Suisse", documentNumber: "12" }])).toEqual({
      "passengers[0].nationality": ["manifest.errors.country"],
      "passengers[0].documentNumber": ["manifest.errors.documentNumber"],
    });
    // A PC-12: one piece and 20 kg per passenger, two passengers.
    expect(errorsOf(schengen, [], { luggagePieces: "2", luggageKg: "40", pets: "1" })).toEqual({});
    expect(errorsOf(schengen, [], { luggagePieces: "3", luggageKg: "41", pets: "2" })).toEqual({
      luggagePieces: ["manifest.errors.luggagePieces"],
      luggageKg: ["manifest.errors.luggageKg"],
      pets: ["manifest.errors.pets"],
    });
  });
});

describe("the manifest's store", () => {
  it("seals the number and the date of birth: no plaintext in the row, and another key id does not open them", async () => {
    const orderId = await order("Nice", 72);
    const before = await openManifest(context(), orderId);
    // Version 0: no line written yet.
    expect(before?.lines).toEqual([
      { givenNames: "Léa", surname: "Muller", version: 0 },
      { givenNames: "Anne-Marie", surname: "de la Tour", version: 0 },
    ]);
    expect(before?.missing).toBe(2 * 8 + 1);
    expect(before?.trip).toEqual({ from: "CH", to: "FR", travelDay: "2026-12-04" });

    const form = { passengers: [lea as never], luggagePieces: 1, luggageKg: 15, pets: 0 };
    expect(await saveManifest(context(), { orderId, userId: null, byStaff: false, form })).toEqual({
      ok: true,
      missing: 8,
    });
    const [row] = await db.select().from(manifestPassengers).where(eq(manifestPassengers.orderId, orderId));
    const raw = JSON.stringify(row);
    expect(raw).not.toContain("C1234567");
    expect(raw).not.toContain("1990-04-12");
    expect(row?.documentNumberSealed).toMatch(/^s1\.local\./);
    const written = (await openManifest(context(), orderId))?.lines[0];
    expect(written).toEqual({ ...lea, version: clock.getTime() });
    // The person's data export holds them in the clear, with the luggage declared.
    expect(await exportManifests(context(), [orderId])).toEqual([
      {
        orderId,
        passengers: [lea, { givenNames: "Anne-Marie", surname: "de la Tour" }],
        luggage: { pieces: 1, kg: 15, pets: 0 },
      },
    ]);

    // The form never gets the number or the date of birth back: sent blank, they are kept.
    const { documentNumber: _number, birthDate: _birth, ...withoutSealed } = lea;
    const later = new Date(clock.getTime() + 60_000);
    const again = { passengers: [{ ...withoutSealed, surname: "Muller-Favre", version: written!.version } as never] };
    expect((await saveManifest(context(later), { orderId, userId: null, byStaff: false, form: again })).ok).toBe(true);
    expect((await openManifest(context(), orderId))?.lines[0]).toEqual({
      ...lea,
      surname: "Muller-Favre",
      version: later.getTime(),
    });
    // A page shown before that save, sent now: refused, nothing of the other save lost.
    const stale = { passengers: [{ ...lea, surname: "Muller", version: written!.version } as never] };
    expect(await saveManifest(context(), { orderId, userId: null, byStaff: false, form: stale })).toEqual({
      ok: false,
      reason: "changed",
    });
    expect((await openManifest(context(), orderId))?.lines[0]?.surname).toBe("Muller-Favre");

    // A keyring that lacks the key id "local" opens nothing: the fields are asked again, not shown.
    const otherKey = { PERSONAL_DATA_KEYS: "2027-01:cHJvZHVjdGlvbi1rZXktb2YtMzItYnl0ZXMtLS0tLS0=" };
    const lines = (await openManifest(context(clock, otherKey), orderId))?.lines;
    expect(lines?.[0]).toMatchObject({ givenNames: "Léa", documentNumber: undefined, birthDate: undefined });

    // Staff exporting the person's data for a request by mail: each order opened is recorded as their view.
    await exportManifests(context(), [orderId], { staffId: STAFF });
    const views = await db.select().from(manifestAccess).where(eq(manifestAccess.orderId, orderId));
    expect(views.map((view) => [view.action, view.userId])).toEqual([["view", STAFF]]);
  });

  it("locks the customer out after the flight's deadline, lets staff write and records it, and closes at departure", async () => {
    const orderId = await order("London", 30);
    const form = { passengers: [{ ...lea, documentKind: "passport" as const }] };
    // 30 h before: open (the deadline is 24 h).
    expect((await saveManifest(context(), { orderId, userId: null, byStaff: false, form })).ok).toBe(true);
    const late = new Date(clock.getTime() + 7 * HOUR);
    expect((await openManifest(context(late), orderId))?.access).toBe("locked");
    expect(await saveManifest(context(late), { orderId, userId: null, byStaff: false, form })).toEqual({
      ok: false,
      reason: "locked",
    });
    // Staff send the line as the page showed it to them: its version.
    const shown = (await openManifest(context(late), orderId))!.lines[0]!.version;
    const staffForm = { passengers: [{ ...form.passengers[0]!, version: shown }] };
    expect((await saveManifest(context(late), { orderId, userId: STAFF, byStaff: true, form: staffForm })).ok).toBe(
      true,
    );
    const records = await db.select().from(manifestAccess).where(eq(manifestAccess.orderId, orderId));
    expect(records.map((record) => [record.action, record.userId, record.createdAt.getTime()])).toEqual([
      ["edit", STAFF, late.getTime()],
    ]);
    const gone = new Date(clock.getTime() + 31 * HOUR);
    expect(await saveManifest(context(gone), { orderId, userId: STAFF, byStaff: true, form })).toEqual({
      ok: false,
      reason: "closed",
    });
  });

  it("purges the personal fields of flights flown before the retention's date, and no other", async () => {
    const flown = await order("Nice", 48);
    const coming = await order("Nice", 24 * 15);
    for (const orderId of [flown, coming])
      await saveManifest(context(), { orderId, userId: null, byStaff: false, form: { passengers: [lea as never] } });
    // Thirty days after the flight: the earlier tests' flights (30 and 72 hours away) are flown by then too.
    const later = new Date(clock.getTime() + 40 * 24 * HOUR);
    expect(await purgeOldManifests(db, later)).toEqual({ manifestLines: 3 });
    const rows = await db.select().from(manifestPassengers);
    const byOrder = new Map(rows.map((row) => [row.orderId, row]));
    expect(byOrder.get(flown)).toMatchObject({
      givenNames: "L.",
      surname: "M.",
      documentNumberSealed: null,
      birthDateSealed: null,
      nationality: null,
      expiresOn: null,
    });
    expect(byOrder.get(coming)?.documentNumberSealed).not.toBeNull();
    expect(await purgeOldManifests(db, later)).toEqual({ manifestLines: 0 });
  });
});
