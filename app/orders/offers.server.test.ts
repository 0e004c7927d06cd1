/** Offers on a real D1 (docs/decisions/058-offers.md): versions, expiry, acceptance against expiry and withdrawal. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { renderNotification } from "#app/alerts/notifications.server";
import type { Db } from "#app/db/client.server";
import { findFlightListing } from "#app/db/flight-listing.server";
import { airports, customRequests, flights, mailOutbox, notifications, offers, orders, users } from "#app/db/schema";
import { parseForm } from "#app/utils/forms/parse";
import { checkoutFormFields } from "#tests/checkout-form";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testUser } from "#tests/user-rows";

import { acceptOfferSchema, type StaffOfferInput } from "./offer-forms";
import { listOfferHistory } from "./offer-history.queries.server";
import { offerState } from "./offer-view";
import { findOffer } from "./offers.queries.server";
import { acceptOffer, declineOffer, makeOffer, postOfferMessage, withdrawOffer } from "./offers.server";

const HOUR = 3_600_000;
const start = new Date("2026-11-23T10:00:00Z");
let clock = start;
let db: Db;
let d1: D1Database;
let context: AppLoadContext;
let dispose: () => Promise<void>;
let requestNumber = 0;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => clock });
  await db.insert(users).values([testUser("staff", { role: "gestionnaire" }), testUser("clara")]);
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFMN", servedCity: "Nice" },
    { icaoCode: "LIRF", servedCity: "Rome" },
  ]);
});
afterAll(() => dispose());
beforeEach(() => {
  clock = start;
});

/** A custom request of its own for each test, sent in German. */
async function newRequest() {
  requestNumber += 1;
  const id = `request-${requestNumber}`;
  await db.insert(customRequests).values({
    id,
    userId: "clara",
    departure: "Genève",
    arrival: "Nice",
    date: "2026-12-20",
    passengers: 3,
    firstName: "Clara",
    lastName: "Kundin",
    email: `clara-${requestNumber}@example.ch`,
    phone: "+41 79 000 00 00",
    language: "de",
    idempotencyKey: `key-${id}`,
  });
  return { kind: "custom" as const, id };
}

const form = (extra: Partial<StaffOfferInput> = {}): StaffOfferInput => ({
  intent: "offer",
  from: "LSGG",
  to: "LFMN",
  day: "2026-12-20",
  time: "09:30",
  windowHours: 2,
  flightMinutes: 65,
  aircraftId: "pc24",
  seats: 3,
  priceEuros: 9_800,
  included: "Catering, bagages",
  expiryHours: 48,
  operatorName: "Alpes Jet SA",
  operatorAoc: "CH.AOC.1042",
  operatorState: "CH",
  ...extra,
});

async function offer(request: { kind: "custom"; id: string }, extra: Partial<StaffOfferInput> = {}) {
  const made = await makeOffer(context, { request, form: form(extra), by: "staff" });
  if (!made.ok) throw new Error(`offer refused: ${made.reason}`);
  return made.offerId;
}

let formNumber = 0;
function acceptance(email = "lea@example.ch") {
  formNumber += 1;
  const fields = checkoutFormFields({
    idempotencyKey: crypto.randomUUID(),
    seenAvailableSeats: 3,
    seats: 3,
    email,
    fields: { choice: "aircraft" },
  });
  const parsed = parseForm(new URLSearchParams(fields), { schema: acceptOfferSchema });
  if (parsed.status !== "success") throw new Error("the test's form is invalid");
  return { offerId: "", form: parsed.value, userId: null, language: "fr" as const, clientKey: `client-${formNumber}` };
}
const accept = (offerId: string, email?: string) => acceptOffer(context, { ...acceptance(email), offerId });

const ordersOf = async (offerId: string) => {
  const row = (await findOffer(db, offerId))!;
  return db.select().from(orders).where(eq(orders.flightId, row.flightId));
};

describe("makeOffer", () => {
  it("stores version 1 open for 48 hours, out of the catalogue, and mails the customer in the request's language", async () => {
    const request = await newRequest();
    const offerId = await offer(request);
    const stored = (await findOffer(db, offerId))!;
    expect(stored).toMatchObject({
      version: 1,
      status: "open",
      seats: 3,
      priceCents: 980_000,
      fromCity: "Genève",
      toCity: "Nice",
      flightMinutes: 65,
      aircraftModel: "PC-24",
    });
    expect(stored.expiresAt.getTime() - start.getTime()).toBe(48 * HOUR);
    // 09:30 in Zurich on 20 December is 08:30 UTC (winter time); the window runs 2 hours.
    expect(stored.departureAt.toISOString()).toBe("2026-12-20T08:30:00.000Z");
    expect(stored.departureUntil.toISOString()).toBe("2026-12-20T10:30:00.000Z");
    // Not listed, not bookable through the ordinary checkout.
    expect(await findFlightListing(db, stored.flightId, start)).toBeNull();
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "clara-1@example.ch"));
    expect(mail).toMatchObject({ template: "orders/offer", locale: "de" });
    expect(mail!.subject).toBe("Ihr Flugangebot Genf → Nizza");
    expect(mail!.text).toContain(`/offers/${offerId}?key=`);
  });

  it("tells the request's account in its notifications, read in the reader's language and opening the offer", async () => {
    const request = await newRequest();
    const offerId = await offer(request);
    const rows = await db.select().from(notifications).where(eq(notifications.userId, "clara"));
    const told = rows.filter((row) => row.params?.offerId === offerId);
    expect(told).toHaveLength(1);
    // 09:30 in Zurich, Geneva and Nice named by the reader's language.
    expect(renderNotification(told[0]!, "fr")).toEqual({
      title: "Votre offre : Genève → Nice",
      message:
        "Nous avons préparé une offre pour votre vol du 20 décembre 2026 à 09:30. Consultez-la pour l'accepter, la refuser ou nous poser une question.",
      href: `/offers/${offerId}`,
      link: "openOffer",
    });
    expect(renderNotification(told[0]!, "de").title).toBe("Ihr Angebot: Genf → Nizza");
  });

  it("makes a new version that voids the open one, on the same flight row, and mails it as an update", async () => {
    const request = await newRequest();
    const first = await offer(request);
    const second = await offer(request, { to: "LIRF", priceEuros: 14_500 });
    const [v1, v2] = [(await findOffer(db, first))!, (await findOffer(db, second))!];
    expect([v1.version, v1.status, v2.version, v2.status]).toEqual([1, "superseded", 2, "open"]);
    expect(v2.flightId).toBe(v1.flightId);
    expect(v2.toCity).toBe("Rome");
    expect(await accept(first)).toEqual({ ok: false, reason: "notOpen" });
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `clara-${requestNumber}@example.ch`));
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Ihr Flugangebot Genf → Nizza",
      "Ihr Flugangebot Genf → Rom wurde aktualisiert",
    ]);
  });

  it("refuses a new version once an accepted offer has a live order", async () => {
    const request = await newRequest();
    const offerId = await offer(request);
    expect((await accept(offerId)).ok).toBe(true);
    expect(await makeOffer(context, { request, form: form(), by: "staff" })).toEqual({ ok: false, reason: "accepted" });
    expect(await ordersOf(offerId)).toHaveLength(1);
  });

  it("refuses an airport the table does not know", async () => {
    const request = await newRequest();
    expect(await makeOffer(context, { request, form: form({ to: "ZZZZ" }), by: "staff" })).toEqual({
      ok: false,
      reason: "airport",
    });
  });
});

describe("acceptOffer", () => {
  it("places one pending order for the whole aircraft at the offer's price, and marks the offer accepted", async () => {
    const offerId = await offer(await newRequest());
    const outcome = await accept(offerId);
    expect(outcome).toMatchObject({ ok: true, paymentUrl: expect.stringContaining("/dev/pay/") });
    const [order] = await ordersOf(offerId);
    expect(order).toMatchObject({ status: "pending", amountCents: 980_000, seats: 3, wholeAircraft: true });
    expect(order!.passengers).toEqual(["Passager 1", "Passager 2", "Passager 3"]);
    expect(await findOffer(db, offerId)).toMatchObject({ status: "accepted", orderId: order!.id });
    const flight = (await db.select().from(flights).where(eq(flights.id, order!.flightId)).get())!;
    expect(flight.seatsHeld).toBe(3);
    // A second acceptance (another form) finds the offer taken.
    expect(await accept(offerId, "other@example.ch")).toEqual({ ok: false, reason: "notOpen" });
    expect(await ordersOf(offerId)).toHaveLength(1);
  });

  it("refuses an expired offer at its expiry to the millisecond, and a declined or withdrawn one", async () => {
    const expiring = await offer(await newRequest());
    const stored = (await findOffer(db, expiring))!;
    clock = new Date(stored.expiresAt.getTime() - 1);
    expect(offerState(stored, clock)).toBe("open");
    clock = stored.expiresAt;
    expect(offerState(stored, clock)).toBe("expired");
    expect(await accept(expiring)).toEqual({ ok: false, reason: "notOpen" });
    expect(await declineOffer(context, { offerId: expiring, ip: "203.0.113.1" })).toEqual({
      ok: false,
      reason: "notOpen",
    });
    clock = start;

    const declined = await offer(await newRequest());
    expect(await declineOffer(context, { offerId: declined, ip: "203.0.113.1" })).toEqual({ ok: true });
    expect(await accept(declined)).toEqual({ ok: false, reason: "notOpen" });

    const withdrawn = await offer(await newRequest());
    expect(await withdrawOffer(context, withdrawn)).toEqual({ ok: true });
    expect(await accept(withdrawn)).toEqual({ ok: false, reason: "notOpen" });
    for (const offerId of [expiring, declined, withdrawn]) expect(await ordersOf(offerId)).toHaveLength(0);
  });

  it("loses to the expiry that passes between its check and its batch: the batch checks again", async () => {
    const offerId = await offer(await newRequest());
    const { expiresAt } = (await findOffer(db, offerId))!;
    // The first reads of the clock are before the expiry; every later one (the batch's) after it.
    let reads = 0;
    const racing = createTestContext({
      d1,
      now: () => (++reads <= 2 ? new Date(expiresAt.getTime() - 1) : expiresAt),
    });
    expect(await acceptOffer(racing, { ...acceptance(), offerId })).toEqual({ ok: false, reason: "notOpen" });
    expect(await ordersOf(offerId)).toHaveLength(0);
    expect((await findOffer(db, offerId))!.status).toBe("open");
  });

  it("makes one order at most when an acceptance races a withdrawal, another acceptance or a new version", async () => {
    for (let round = 0; round < 4; round += 1) {
      const request = await newRequest();
      const offerId = await offer(request);
      const outcomes = await Promise.all([
        accept(offerId, "first@example.ch"),
        accept(offerId, "second@example.ch"),
        withdrawOffer(context, offerId),
        makeOffer(context, { request, form: form({ time: "11:00" }), by: "staff" }),
      ]);
      const row = (await findOffer(db, offerId))!;
      const placed = await ordersOf(offerId);
      const accepted = outcomes.slice(0, 2).filter((outcome) => outcome.ok);
      expect(placed.length).toBe(accepted.length);
      expect(placed.length).toBeLessThanOrEqual(1);
      if (placed.length === 1) {
        expect(row).toMatchObject({ status: "accepted", orderId: placed[0]!.id });
        expect(outcomes[2]).toEqual({ ok: false, reason: "notOpen" });
        expect(outcomes[3]).toEqual({ ok: false, reason: "accepted" });
      } else {
        expect(["withdrawn", "superseded"]).toContain(row.status);
      }
      const all = await db.select().from(offers).where(eq(offers.requestId, request.id));
      expect(all.filter((version) => version.status === "open").length).toBeLessThanOrEqual(1);
    }
  });

  it("brings every version and message of the request into its order's history, oldest first", async () => {
    const request = await newRequest();
    await offer(request, { priceEuros: 9_000 });
    clock = new Date(start.getTime() + 60_000);
    await postOfferMessage(context, {
      ...request,
      author: "customer",
      userId: null,
      body: "Moins cher ?",
      ip: "203.0.113.7",
    });
    clock = new Date(start.getTime() + 120_000);
    const second = await offer(request, { priceEuros: 8_500 });
    clock = new Date(start.getTime() + 180_000);
    expect((await accept(second, "history@example.ch")).ok).toBe(true);
    const [order] = await ordersOf(second);
    const rows = await listOfferHistory(db, [order!.id]);
    expect(rows.map((row) => [row.kind, row.version, row.priceCents, row.author, row.body])).toEqual([
      ["version", 1, 900_000, "staff", null],
      ["message", null, null, "customer", "Moins cher ?"],
      ["version", 2, 850_000, "staff", null],
    ]);
  });
});
