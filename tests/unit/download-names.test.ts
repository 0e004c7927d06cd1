/**
 * The names of the files a person downloads, in three languages: the data export (/profile
 * and staff's copy) in the page's language (in French the name e2e/privacy.spec.ts fixes), a
 * receipt or credit note in its own (the order's); plain ASCII, with the exact UTF-8 name as
 * `filename*` when it has accents (RFC 6266).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import { airports, flights, orders, users } from "#app/db/schema";
import { issueCreditNote, issueReceipt } from "#app/orders/receipts.server";
import { loader as staffDataLoader } from "#app/routes/admin.users.$userId.data[.]json";
import { loader as documentLoader } from "#app/routes/confirmation.$orderId.$document";
import { loader as profileDataLoader } from "#app/routes/profile_.data[.]json";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testDocuments } from "#tests/documents";
import { enrolSecondFactor } from "#tests/staff";
import { testUser } from "#tests/user-rows";

import { cookiePair, get } from "./remix";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
const now = new Date("2026-11-23T23:30:00Z");
const context = () => createTestContext({ d1: testDb.d1, now, documents: testDocuments() });
const LANGUAGES = ["fr", "en", "de"] as const;

beforeAll(async () => {
  testDb = await createTestD1();
  const { db } = testDb;
  await db.insert(users).values(
    (["owner", "admin"] as const).map((id) =>
      testUser(id, {
        role: id === "owner" ? ("client" as const) : id,
        language: "fr" as const,
        emailConfirmedAt: now,
      }),
    ),
  );
  await enrolSecondFactor(db, ["admin"]);
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  const departure = new Date("2026-12-01T09:00:00Z");
  await db.insert(flights).values({
    id: "flight-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 65 * 60_000),
    flightTime: 65,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
  await db.insert(orders).values(
    // Guest orders: a document is issued in the order's language (an account's would win, orders/order-language.ts).
    LANGUAGES.map((language) => ({
      id: `order-${language}`,
      userId: null,
      flightId: "flight-1",
      status: "completed" as const,
      amountCents: 120_000,
      seats: 1,
      customerInfo: {
        firstName: "Léa",
        lastName: "Muller",
        email: "owner@example.ch",
        phone: "+41 79 123 45 67",
        address: "Rue du Rhône 1",
        zipCode: "1204",
        city: "Genève",
        country: "CH",
      },
      language,
      linkKeyHash: `hash-${language}`,
      reference: `JM-${language.toUpperCase()}0001`,
      paymentState: "captured" as const,
      paymentIntentId: `pi_${language}`,
    })),
  );
  for (const language of LANGUAGES) {
    const orderId = `order-${language}`;
    expect(await issueReceipt(context(), orderId)).toMatchObject({ ok: true });
    await db
      .update(orders)
      .set({ status: "cancelled", paymentState: "refunded", refundedCents: 120_000 })
      .where(eq(orders.id, orderId));
    expect(await issueCreditNote(context(), orderId)).toMatchObject({ ok: true });
  }
});
afterAll(() => testDb.dispose());

async function cookieOf(userId: string) {
  return cookiePair(await startSession(get("/login"), context(), userId));
}

async function dispositionOf(response: Response) {
  expect(response.status).toBe(200);
  return response.headers.get("Content-Disposition");
}

describe("the data export's file name", () => {
  it("is in the language of /profile, for the person", async () => {
    const cookie = await cookieOf("owner");
    const names = [];
    for (const language of LANGUAGES) {
      const request = get(`/profile/data.json?lng=${language}`, { cookie });
      names.push(await dispositionOf(await profileDataLoader({ request, context: context(), params: {} })));
    }
    expect(names).toEqual([
      'attachment; filename="jetmalin-donnees-2026-11-24.json"',
      'attachment; filename="jetmalin-data-2026-11-24.json"',
      'attachment; filename="jetmalin-daten-2026-11-24.json"',
    ]);
  });

  it("is in the language of the users tab, for staff", async () => {
    const cookie = await cookieOf("admin");
    const names = [];
    for (const language of LANGUAGES) {
      const request = get(`/admin/users/owner/data.json?lng=${language}`, { cookie });
      const params = { userId: "owner" };
      names.push(await dispositionOf(await staffDataLoader({ request, context: context(), params })));
    }
    expect(names).toEqual([
      'attachment; filename="jetmalin-donnees-2026-11-24.json"',
      'attachment; filename="jetmalin-data-2026-11-24.json"',
      'attachment; filename="jetmalin-daten-2026-11-24.json"',
    ]);
  });
});

describe("a receipt's and a credit note's file name", () => {
  it("is in the document's language, whatever the page's", async () => {
    // Staff who manage orders read any order's documents.
    const cookie = await cookieOf("admin");
    const names = [];
    for (const language of LANGUAGES) {
      for (const document of ["receipt.pdf", "credit-note.pdf"]) {
        // The page in another language: the PDF and its name stay in the order's.
        const request = get(`/confirmation/order-${language}/${document}?lng=en`, { cookie });
        const params = { orderId: `order-${language}`, document };
        names.push(await dispositionOf(await documentLoader({ request, context: context(), params })));
      }
    }
    expect(names).toEqual([
      "inline; filename=\"JetMalin-recu-JM-FR0001.pdf\"; filename*=UTF-8''JetMalin-re%C3%A7u-JM-FR0001.pdf",
      "inline; filename=\"JetMalin-note-de-credit-JM-FR0001.pdf\"; filename*=UTF-8''JetMalin-note-de-cr%C3%A9dit-JM-FR0001.pdf",
      'inline; filename="JetMalin-receipt-JM-EN0001.pdf"',
      'inline; filename="JetMalin-credit-note-JM-EN0001.pdf"',
      'inline; filename="JetMalin-Quittung-JM-DE0001.pdf"',
      'inline; filename="JetMalin-Gutschrift-JM-DE0001.pdf"',
    ]);
  });
});
