/**
 * Receipt and credit-note downloads are capped (docs/decisions/056-what-a-receipt-says.md): through
 * the route's loader on a real D1, ten downloads of an order in ten minutes are drawn, the rest
 * answer 429 with a Retry-After and a sentence in the reader's language, whichever network asks;
 * a network is capped across orders too; the window's end lets them through again.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { airports, flights, orders, rateLimits } from "#app/db/schema";
import { countDocumentDownload, DOWNLOAD_LIMITS } from "#app/limits/download-limits.server";
import { createOrderLink } from "#app/orders/order-life.queries.server";
import { issueReceipt } from "#app/orders/receipts.server";
import { loader } from "#app/routes/confirmation.$orderId.$document";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testDocuments } from "#tests/documents";

let d1: D1Database;
let dispose: () => Promise<void>;
let clock: Date;
let context: AppLoadContext;
const PER_ORDER = 10;
const PER_NETWORK = 60;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => clock, documents: testDocuments() });
  const [from, to] = await context.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  const departure = new Date("2026-12-20T09:00:00Z");
  await context.db.insert(flights).values({
    id: "flight-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 65 * 60_000),
    flightTime: 65,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: new Date("2026-11-20T00:00:00Z"),
  });
});
afterAll(() => dispose());
beforeEach(async () => {
  clock = new Date("2026-11-24T10:00:00Z");
  await context.db.delete(rateLimits);
});

let sequence = 0;
/** A paid order with its receipt, and the key of a mail's link to it. */
async function orderWithReceipt() {
  sequence += 1;
  const id = `order-${sequence}`;
  await context.db.insert(orders).values({
    id,
    flightId: "flight-1",
    status: "completed",
    amountCents: 50_000,
    seats: 1,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `lea${sequence}@example.ch`,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    linkKeyHash: `unused-${sequence}`,
    reference: `JM-DL${String(sequence).padStart(4, "0")}`,
    paymentState: "captured",
    paymentIntentId: `pi_${id}`,
  });
  expect(await issueReceipt(context, id)).toMatchObject({ ok: true });
  return { id, key: await createOrderLink(context.db, id) };
}

async function download(order: { id: string; key: string }, ip: string, language = "fr") {
  const request = new Request(`http://localhost/confirmation/${order.id}/receipt.pdf?key=${order.key}`, {
    headers: { "CF-Connecting-IP": ip, "Accept-Language": language },
  });
  try {
    return await loader({ request, context, params: { orderId: order.id, document: "receipt.pdf" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the caps match the house's numbers", () => {
  it("ten per order and sixty per network in ten minutes", () => {
    expect(DOWNLOAD_LIMITS.documentsPerOrder).toEqual({ limit: PER_ORDER, windowMs: 10 * 60_000 });
    expect(DOWNLOAD_LIMITS.documentsPerNetwork).toEqual({ limit: PER_NETWORK, windowMs: 10 * 60_000 });
  });
});

describe("downloads of one order", () => {
  it("15 at once: 10 PDFs, 5 refusals that say when to come back", async () => {
    const order = await orderWithReceipt();
    const answers = await Promise.all(Array.from({ length: 15 }, () => download(order, "203.0.113.7")));
    const pdfs = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(pdfs).toHaveLength(PER_ORDER);
    expect(refused).toHaveLength(15 - PER_ORDER);
    for (const pdf of pdfs) expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const refusal = refused[0]!;
    // The window opened at the first download, ten minutes ago at most.
    expect(Number(refusal.headers.get("Retry-After"))).toBe(600);
    expect(await refusal.json()).toEqual({
      message: "Ce document a été téléchargé trop souvent en peu de temps. Réessayez dans 10 minutes.",
    });
  });

  it("the order's cap holds from another network, says so in German, and ends with its window", async () => {
    const order = await orderWithReceipt();
    for (let i = 0; i < PER_ORDER; i += 1) expect((await download(order, "203.0.113.8")).status).toBe(200);
    clock = new Date(clock.getTime() + 9 * 60_000 + 30_000);
    const refused = await download(order, "198.51.100.9", "de");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(await refused.json()).toEqual({
      message:
        "Dieses Dokument wurde in kurzer Zeit zu oft heruntergeladen. Bitte versuchen Sie es in 1 Minute erneut.",
    });
    clock = new Date(clock.getTime() + 30_000);
    expect((await download(order, "198.51.100.9")).status).toBe(200);
  });

  it("a reader who may not read the order gets the 404 and counts nothing", async () => {
    const order = await orderWithReceipt();
    for (let i = 0; i < PER_ORDER + 2; i += 1)
      expect((await download({ ...order, key: "not-the-key" }, "203.0.113.10")).status).toBe(404);
    expect((await download(order, "203.0.113.10")).status).toBe(200);
  });
});

describe("downloads of one network", () => {
  it("sixty across orders, then 429 until the window ends", async () => {
    for (let i = 0; i < PER_NETWORK; i += 1)
      expect(await countDocumentDownload(context, { orderId: `other-${i % 7}`, ip: "2001:db8:56::1" })).toEqual({
        allowed: true,
      });
    // Another address of the same /64 is the same network.
    const order = await orderWithReceipt();
    const refused = await download(order, "2001:db8:56::2");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect((await download(order, "2001:db8:57::1")).status).toBe(200);
  });
});
